//! A comprehension whose item or filters compare its variable with a
//! bound (`[if j < r then rows[j] else min(rows[j], c) for j in
//! 0..len(rows) if j < r or min(rows[j], c) > 0]`, a Chomp bite written
//! out) is cut at the bound into two comprehensions, the comparison
//! decided in each: the first copies the rows below `r`, the second
//! walks the rest, where the one loop tested both cases at every item.

use super::bounds::{max_of, min_of};
use super::filters::total;
use crate::engine::kernel::{
    CmpOp, Comprehension, Cond, IntExpr, IntOp, ListClause, ListExpr, Over,
};

/// The comprehension `[item for …]` of `clauses` cut where its variable
/// passes a bound that a comparison of its item or filters reads, or
/// `None`: one loop over a range, then filters, and a comparison `j < t`
/// (or `<=`, `>`, `>=`, either way round) with `t` affine in the other
/// slots. The same items in the same order: each part walks the values
/// of the range on its side of `t`, each evaluated as before but for the
/// comparison, which cannot fail.
pub(super) fn cut_at_bound(clauses: &[ListClause], item: &IntExpr) -> Option<ListExpr> {
    let (first, filters) = clauses.split_first()?;
    let (slot, low, high, inclusive) = first.range()?;
    let conds: Vec<&Cond> = (filters.iter())
        .map(|clause| match clause {
            ListClause::If(cond) => Some(cond),
            ListClause::For { .. } => None,
        })
        .collect::<Option<_>>()?;
    // A comparison choosing the item, or a part of an `or` filter: one a
    // filter tests alone bounds the loop by the other passes already.
    let mut choosing = Vec::new();
    selects(item, &mut choosing);
    let (compared, bound, below) = (choosing.iter())
        .find_map(|c| bound_of(c, slot, true))
        .or_else(|| conds.iter().find_map(|c| bound_of(c, slot, false)))?;
    if !total(low) || !total(high) {
        return None;
    }
    // `j < bound` holds in the first part, fails in the second.
    let part = |holds: bool| {
        let decide = |op: CmpOp, a: &IntExpr, b: &IntExpr| match (op, a, b)
            == (compared.0, &compared.1, &compared.2)
        {
            true => Cond::Const(holds == below),
            false => Cond::Cmp(op, a.clone(), b.clone()),
        };
        let mut kept = Vec::new();
        for cond in &conds {
            match cond.with_comparisons(&decide) {
                Cond::Const(true) => {}
                Cond::Const(false) => return None,
                cond => kept.push(ListClause::If(cond)),
            }
        }
        let item = item.rewritten(&|e| match e {
            IntExpr::Select(c, a, b) => match c.with_comparisons(&decide) {
                Cond::Const(true) => Some((**a).clone()),
                Cond::Const(false) => Some((**b).clone()),
                _ => None,
            },
            _ => None,
        });
        let (from, to) = match holds {
            true => (
                low.clone(),
                min_of(vec![high.clone(), bound_end(&bound, inclusive)]),
            ),
            false => (max_of(vec![low.clone(), bound.clone()]), high.clone()),
        };
        let over = Over::Range {
            low: from,
            high: to,
            inclusive,
        };
        let clauses = [vec![ListClause::For { slot, over }], kept].concat();
        Some(ListExpr::Comprehension(Box::new(Comprehension::new(
            clauses, item,
        ))))
    };
    Some(match (part(true), part(false)) {
        (Some(below), Some(above)) => ListExpr::Concat(Box::new(below), Box::new(above)),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => ListExpr::Items(Vec::new()),
    })
}

/// The high end of the first part: the values below `bound`, as the
/// range's end is written (`..bound`, or `..=bound - 1`).
fn bound_end(bound: &IntExpr, inclusive: bool) -> IntExpr {
    match inclusive {
        true => IntExpr::binary(IntOp::Sub, bound.clone(), IntExpr::constant(1)),
        false => bound.clone(),
    }
}

/// The conditions of the `if`s inside `e`, outermost first.
fn selects<'a>(e: &'a IntExpr, out: &mut Vec<&'a Cond>) {
    if let IntExpr::Select(c, a, b) = e {
        out.push(c);
        selects(a, out);
        selects(b, out);
    }
}

/// A comparison as written: its operator and operands.
type Comparison = (CmpOp, IntExpr, IntExpr);

/// The first comparison in `cond` of slot `slot` with an affine bound
/// that does not read it (inside an `or` unless `anywhere`), the value `t`
/// it cuts the slot's values at, and whether it holds below `t` (`slot <=
/// e` holds below `e + 1`, `slot >= e` from `e` on).
fn bound_of(cond: &Cond, slot: usize, anywhere: bool) -> Option<(Comparison, IntExpr, bool)> {
    match cond {
        Cond::Cmp(..) if !anywhere => None,
        Cond::Cmp(op, a, b) => {
            let variable = IntExpr::slot(slot);
            let (op_as_left, other) = match (a == &variable, b == &variable) {
                (true, false) => (*op, b),
                (false, true) => (op.mirrored(), a),
                _ => return None,
            };
            if !matches!(other, IntExpr::Affine(_)) || other.uses(slot) {
                return None;
            }
            let one = IntExpr::constant(1);
            let t = match op_as_left {
                CmpOp::Lt | CmpOp::Ge => other.clone(),
                CmpOp::Le | CmpOp::Gt => IntExpr::binary(IntOp::Add, other.clone(), one),
                CmpOp::Eq | CmpOp::Ne => return None,
            };
            let below = matches!(op_as_left, CmpOp::Lt | CmpOp::Le);
            Some(((*op, a.clone(), b.clone()), t, below))
        }
        Cond::Not(c) => bound_of(c, slot, anywhere),
        Cond::And(a, b) => bound_of(a, slot, anywhere).or_else(|| bound_of(b, slot, anywhere)),
        Cond::Or(a, b) => bound_of(a, slot, true).or_else(|| bound_of(b, slot, true)),
        Cond::Const(_) | Cond::Remembered(_) => None,
    }
}

//! `abs` in comparisons: a bound on `abs(e)` is two bounds on `e`, one
//! each way, so that the loop passes can read them.

use super::passes::into_cases;
use crate::engine::kernel::{Clause, CmpOp, Cond, Element, IntExpr};

/// `if abs(e) >= r` after `for x in …`, where `e` moves with `x`, becomes
/// two elements, `if e >= r` and `if -e >= r` (and likewise `>`, either
/// side): the same options, each condition now a bound on `x` (the
/// variant of Grundy's game `for b in [n - a] if abs(a - b) >= 2` is a
/// split). First, `if abs(e) <= r` (or `<`, either side) is the two
/// filters `if e <= r if -e <= r`, each a bound on `x`.
pub(super) fn cases_of_abs(element: Element) -> Vec<Element> {
    into_cases(within_both_ways(element), abs_cases)
}

/// The two cases of the first comparison `abs(e) >= r` (or `>`, or the
/// same written the other way round) that `cases_of_abs` splits.
fn abs_cases(element: &Element) -> Option<[Element; 2]> {
    let mut x = None;
    for (i, clause) in element.clauses.iter().enumerate() {
        let cond = match clause {
            Clause::For { slot, .. } => {
                x = Some(*slot);
                continue;
            }
            Clause::If(cond) => cond,
        };
        let moves = |e: &IntExpr| x.is_some_and(|x| e.linear_in(x).is_some_and(|(k, _)| k != 0));
        let (op, e, r, abs_first) = match cond {
            Cond::Cmp(op @ (CmpOp::Ge | CmpOp::Gt), IntExpr::Abs(e), r) => (*op, e, r, true),
            Cond::Cmp(op @ (CmpOp::Le | CmpOp::Lt), r, IntExpr::Abs(e)) => (*op, e, r, false),
            _ => continue,
        };
        if !moves(e) {
            continue;
        }
        let case = |e: IntExpr| {
            let mut clauses = element.clauses.clone();
            clauses[i] = Clause::If(match abs_first {
                true => Cond::Cmp(op, e, r.clone()),
                false => Cond::Cmp(op, r.clone(), e),
            });
            Element {
                clauses,
                value: element.value.clone(),
            }
        };
        return Some([case((**e).clone()), case(IntExpr::negate((**e).clone()))]);
    }
    None
}

/// Every filter `abs(e) <= r` (or `<`, or `r >= abs(e)`, `r > abs(e)`)
/// as the two filters `e <= r` and `-e <= r`: the same options, and `r`
/// evaluated where it was.
fn within_both_ways(mut element: Element) -> Element {
    let mut at = 0;
    while at < element.clauses.len() {
        let Clause::If(cond) = &element.clauses[at] else {
            at += 1;
            continue;
        };
        let (op, e, r) = match cond {
            Cond::Cmp(op @ (CmpOp::Le | CmpOp::Lt), IntExpr::Abs(e), r) => (*op, e, r),
            Cond::Cmp(CmpOp::Ge, r, IntExpr::Abs(e)) => (CmpOp::Le, e, r),
            Cond::Cmp(CmpOp::Gt, r, IntExpr::Abs(e)) => (CmpOp::Lt, e, r),
            _ => {
                at += 1;
                continue;
            }
        };
        let up = Cond::Cmp(op, (**e).clone(), r.clone());
        let down = Cond::Cmp(op, IntExpr::negate((**e).clone()), r.clone());
        element.clauses[at] = Clause::If(up);
        element.clauses.insert(at + 1, Clause::If(down));
        at += 2;
    }
    element
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::{IntOp, Iter, OptionValue};

    #[test]
    fn a_bound_on_abs_is_a_bound_each_way() {
        // A(a - k) for k in 1..=a if abs(a - k - b) <= 3
        let e = IntExpr::binary(
            IntOp::Sub,
            IntExpr::binary(IntOp::Sub, IntExpr::slot(0), IntExpr::slot(2)),
            IntExpr::slot(1),
        );
        let abs = IntExpr::Abs(Box::new(e.clone()));
        let three = IntExpr::constant(3);
        let loop_k = Clause::For {
            slot: 2,
            iter: Iter::Range {
                low: IntExpr::constant(1),
                high: IntExpr::slot(0),
                inclusive: true,
            },
        };
        let value = OptionValue::Terms {
            calls: vec![vec![IntExpr::slot(2)]],
            nims: vec![],
        };
        let element = |cond| Element {
            clauses: vec![loop_k.clone(), Clause::If(cond)],
            value: value.clone(),
        };
        let expected = vec![
            loop_k.clone(),
            Clause::If(Cond::Cmp(CmpOp::Le, e.clone(), three.clone())),
            Clause::If(Cond::Cmp(
                CmpOp::Le,
                IntExpr::negate(e.clone()),
                three.clone(),
            )),
        ];
        for cond in [
            Cond::Cmp(CmpOp::Le, abs.clone(), three.clone()),
            Cond::Cmp(CmpOp::Ge, three.clone(), abs.clone()),
        ] {
            let [split] = cases_of_abs(element(cond)).try_into().unwrap();
            assert_eq!(split.clauses, expected);
        }
        // `abs(e) > 3` is two cases instead, one element each.
        let outside = Cond::Cmp(CmpOp::Gt, abs, three);
        assert_eq!(cases_of_abs(element(outside)).len(), 2);
    }
}

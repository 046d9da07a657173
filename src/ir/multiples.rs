//! A pass over integer programs: a filter on a multiple of a loop's
//! variable by a value an earlier filter makes positive, `k * b <= a`
//! behind `b > 0` (Euclid's game, `E(a - k * b, b) for k in 1..=a if b >
//! 0 and k * b <= a`), is the filter `k <= a / b` on the variable alone,
//! which the passes after it make the loop's bound: a position walks only
//! the multiples that fit, where it tested each `k` up to `a`.
//!
//! Nothing changes where the filter is reached: there `b > 0`, and for a
//! positive `b`, `k·b <= a` ⇔ `k <= ⌊a / b⌋`, `k·b < a` ⇔ `k <= ⌊(a − 1) /
//! b⌋`, `k·b >= a` ⇔ `k >= −⌊−a / b⌋` and `k·b > a` ⇔ `k >= ⌊a / b⌋ + 1`.
//! The divisor is written `max(b, 1)`, which is `b` there and never 0, so
//! that a bound read before the filter on `b` (at the loop's start) cannot
//! fail: where `b <= 0` that filter drops every value anyway.

use super::bounds::flip as swapped;
use crate::engine::kernel::{Clause, CmpOp, Cond, Element, IntExpr, IntOp, MAX_SLOTS};

/// `element` with each filter on a multiple by a value known positive
/// rewritten as a filter on the loop's variable (see the module doc).
pub(super) fn divide_multiples(mut element: Element) -> Vec<Element> {
    let mut positive: Vec<IntExpr> = Vec::new();
    for clause in &mut element.clauses {
        match clause {
            Clause::For { slot, .. } => positive.retain(|b| !b.uses(*slot)),
            Clause::If(cond) => {
                if let Some(divided) = divided(cond, &positive) {
                    *cond = divided;
                } else if let Some(b) = positive_part(cond) {
                    positive.push(b);
                }
            }
        }
    }
    vec![element]
}

/// The expression `cond` says is positive: `b > c` or `b >= c + 1` for a
/// constant `c >= 0` (and those with sides swapped).
fn positive_part(cond: &Cond) -> Option<IntExpr> {
    let Cond::Cmp(op, a, b) = cond else {
        return None;
    };
    let (op, e, c) = match (a.as_constant(), b.as_constant()) {
        (None, Some(c)) => (*op, a, c),
        (Some(c), None) => (swapped(*op), b, c),
        _ => return None,
    };
    let positive = match op {
        CmpOp::Gt => c >= 0,
        CmpOp::Ge | CmpOp::Eq => c >= 1,
        _ => false,
    };
    positive.then(|| e.clone())
}

/// `cond`, a comparison of `k * b` with an expression that reads neither,
/// `b` among `positive` and `k` a slot, as a comparison of `k` alone.
fn divided(cond: &Cond, positive: &[IntExpr]) -> Option<Cond> {
    let Cond::Cmp(op, a, b) = cond else {
        return None;
    };
    let (op, product, rest) = match (a, b) {
        (IntExpr::Binary(IntOp::Mul, ..), _) => (*op, a, b),
        (_, IntExpr::Binary(IntOp::Mul, ..)) => (swapped(*op), b, a),
        _ => return None,
    };
    let IntExpr::Binary(IntOp::Mul, x, y) = product else {
        return None;
    };
    let slot_of = |e: &IntExpr| (0..MAX_SLOTS).find(|&s| *e == IntExpr::slot(s));
    let (k, by) = match (slot_of(x), slot_of(y)) {
        (Some(k), _) if positive.contains(y) && !y.uses(k) => (k, y),
        (_, Some(k)) if positive.contains(x) && !x.uses(k) => (k, x),
        _ => return None,
    };
    if rest.uses(k) {
        return None;
    }
    let divisor = IntExpr::Max(vec![(**by).clone(), IntExpr::constant(1)]);
    let over = |e: IntExpr| IntExpr::binary(IntOp::Div, e, divisor.clone());
    let plus = |e: IntExpr, c: i64| IntExpr::binary(IntOp::Add, e, IntExpr::constant(c));
    let rest = rest.clone();
    let (op, bound) = match op {
        CmpOp::Le => (CmpOp::Le, over(rest)),
        CmpOp::Lt => (CmpOp::Le, over(plus(rest, -1))),
        CmpOp::Ge => (CmpOp::Ge, IntExpr::negate(over(IntExpr::negate(rest)))),
        CmpOp::Gt => (CmpOp::Ge, plus(over(rest), 1)),
        CmpOp::Eq | CmpOp::Ne => return None,
    };
    Some(Cond::Cmp(op, IntExpr::slot(k), bound))
}

//! A pass over integer programs: a filter on the remainder of a loop's
//! variable, `for k in 1..=n if k % 2 == 1`, walks only the values it
//! keeps. The loop's variable then counts them — `k` stands for `2·k + 1`
//! in `for k in 0..(n + 1) / 2` — so its options move by a fixed step
//! again and the walk takes them as a line, where the filter was evaluated
//! for every value of the range and kept half of them. A filter on the
//! remainder of what a move leaves, `(n - k) % 3 != 0`, is one on the
//! loop's variable once `reindex` has the loop walk the heaps left.

use super::filters::filter_after_loop;
use super::rewrite::reranged;
use crate::engine::kernel::{CmpOp, Cond, Element, IntExpr, IntOp};

/// Most residues a filter may keep: each becomes an element of its own
/// (`k % 3 != 0` is two, `k % 3 == 1` and `k % 3 == 2`).
const RESIDUES: usize = 4;
/// Largest modulus stepped: the loop's variable is then multiplied by it.
const MODULUS: i64 = 1 << 12;

/// `for k in low..high … if k % m == r` (the filter after the loop, past
/// filters that cannot fail) becomes `for k in ⌈(low − r)/m⌉..⌈(high −
/// r)/m⌉ …` with `k` read as `m·k + r` after the loop; `k % m != r`
/// becomes one element per other residue. The same options (in the same
/// order, for one residue), and nothing evaluated that was not: the filter
/// cannot fail, and the filters before it cannot either, so skipping them
/// for the values it drops changes nothing.
pub(super) fn step_residues(element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        if element.clauses[at].range().is_none() {
            continue;
        }
        if let Some((filter, (modulus, residues))) =
            filter_after_loop(&element.clauses, at, residues)
        {
            let each = residues.into_iter();
            let stepped = each.map(|r| stepped(&element, at, filter, modulus, r));
            return match stepped.collect::<Option<Vec<_>>>() {
                Some(elements) => elements,
                None => vec![element],
            };
        }
    }
    vec![element]
}

/// The modulus and the residues `cond` keeps, when it is `slot % m == r`
/// or `slot % m != r` (either side) for a constant `m` from 2 to
/// `MODULUS`, or such tests of one modulus joined by `or`, and keeps at
/// most `RESIDUES` of them.
pub(super) fn residues(cond: &Cond, slot: usize) -> Option<(i64, Vec<i64>)> {
    if let Cond::Or(a, b) = cond {
        let ((m, mut kept), (other, more)) = (residues(a, slot)?, residues(b, slot)?);
        if m != other {
            return None;
        }
        kept.extend(more);
        kept.sort_unstable();
        kept.dedup();
        return (kept.len() <= RESIDUES).then_some((m, kept));
    }
    let Cond::Cmp(op @ (CmpOp::Eq | CmpOp::Ne), a, b) = cond else {
        return None;
    };
    let remainder = |e: &IntExpr| match e {
        IntExpr::Binary(IntOp::Mod, x, m) if **x == IntExpr::slot(slot) => m.as_constant(),
        _ => None,
    };
    let (modulus, residue) = match (remainder(a), remainder(b)) {
        (Some(m), None) => (m, b.as_constant()?),
        (None, Some(m)) => (m, a.as_constant()?),
        _ => return None,
    };
    if !(2..=MODULUS).contains(&modulus) {
        return None;
    }
    let kept: Vec<i64> = match op {
        CmpOp::Eq => (0..modulus)
            .contains(&residue)
            .then_some(residue)
            .into_iter()
            .collect(),
        _ => (0..modulus).filter(|&r| r != residue).collect(),
    };
    (kept.len() <= RESIDUES).then_some((modulus, kept))
}

/// The element with the loop at `at` walking the values `m·k + r` and the
/// filter at `filter` dropped; `None` where an expression does not take
/// the substitution.
fn stepped(element: &Element, at: usize, filter: usize, m: i64, r: i64) -> Option<Element> {
    let (slot, low, high) = element.clauses[at].range()?;
    let constant = IntExpr::constant;
    // The first `k` with `m·k + r >= x`: ⌈(x − r)/m⌉ = ⌊(x − r + m − 1)/m⌋.
    let count_from = |x: IntExpr| {
        let shifted = IntExpr::binary(IntOp::Add, x, constant(m - 1 - r));
        IntExpr::binary(IntOp::Div, shifted, constant(m))
    };
    // `k` read as `m·k + r`.
    let value = IntExpr::binary(
        IntOp::Add,
        IntExpr::binary(IntOp::Mul, IntExpr::slot(slot), constant(m)),
        constant(r),
    );
    let range = (count_from(low.clone()), count_from(high));
    reranged(element, at, range, Some(filter), &value)
}

//! A pass over integer programs: a filter on the remainder of a loop's
//! variable, `for k in 1..=n if k % 2 == 1`, walks only the values it
//! keeps. The loop's variable then counts them — `k` stands for `2·k + 1`
//! in `for k in 0..(n + 1) / 2` — so its options move by a fixed step
//! again and the walk takes them as a line, where the filter was evaluated
//! for every value of the range and kept half of them. A filter on the
//! remainder of what a move leaves, `(n - k) % 3 != 0`, is one on the
//! loop's variable once `reindex` has the loop walk the heaps left.

use super::filters::{filter_after_loop, total};
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
        if let Some((filter, (residue, modulus))) =
            filter_after_loop(&element.clauses, at, divisible)
            && let Some(stepped) = stepped_by(&element, at, filter, residue, modulus)
        {
            return vec![stepped];
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

/// `(e − k) % m == 0` (or `(k − e) % m == 0`, either side), `k` the
/// loop's slot and `m` no constant (those are `residues`'), reading no
/// `k`: the values of `k` congruent to `e` modulo `|m|`, as `e` and `m`.
/// Neither may fail, so that the filter fails only where `m` is 0.
fn divisible(cond: &Cond, slot: usize) -> Option<(IntExpr, IntExpr)> {
    let Cond::Cmp(CmpOp::Eq, a, b) = cond else {
        return None;
    };
    let (x, m) = match (a, b) {
        (IntExpr::Binary(IntOp::Mod, x, m), zero) | (zero, IntExpr::Binary(IntOp::Mod, x, m))
            if zero.as_constant() == Some(0) =>
        {
            (x, m)
        }
        _ => return None,
    };
    if m.as_constant().is_some() || m.uses(slot) || !total(m) {
        return None;
    }
    let (k, rest) = x.linear_in(slot)?;
    if !total(&rest) {
        return None;
    }
    let residue = match k {
        1 => IntExpr::negate(rest),
        -1 => rest,
        _ => return None,
    };
    Some((residue, (**m).clone()))
}

/// The element with the loop at `at`, over `low..high`, walking `j` with
/// its variable read as `e − |m|·j`, the values congruent to `e` in the
/// range (those `(e − k) % m == 0`, the filter at `filter`, keeps), from
/// the largest down: `j` from `⌊(e − high)/|m|⌋ + 1` to `⌊(e − low)/|m|⌋`.
/// Where `m` is 0 the ends fail, as the filter does (where the range is
/// empty and the filter is never tested, the position is left to the
/// generic search, which finds it has no such options).
fn stepped_by(
    element: &Element,
    at: usize,
    filter: usize,
    e: IntExpr,
    m: IntExpr,
) -> Option<Element> {
    let (slot, low, high) = element.clauses[at].range()?;
    let step = IntExpr::Abs(Box::new(m));
    let first_after = |x: IntExpr| {
        let quotient = IntExpr::binary(
            IntOp::Div,
            IntExpr::binary(IntOp::Sub, e.clone(), x),
            step.clone(),
        );
        IntExpr::binary(IntOp::Add, quotient, IntExpr::constant(1))
    };
    let range = (first_after(high), first_after(low.clone()));
    let taken = IntExpr::binary(IntOp::Mul, step.clone(), IntExpr::slot(slot));
    let value = IntExpr::binary(IntOp::Sub, e.clone(), taken);
    reranged(element, at, range, Some(filter), &value)
}

/// The element with the loop at `at` walking the values `m·k + r` and the
/// filter at `filter` dropped; `None` where an expression does not take
/// the substitution.
pub(super) fn stepped(
    element: &Element,
    at: usize,
    filter: usize,
    m: i64,
    r: i64,
) -> Option<Element> {
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

//! Loops re-indexed by what their filters read. A filter that reads its
//! loop's variable only through what a move leaves, `if (n - k) % 3 != 0`
//! or `if prime(n - k)` inside `for k in 1..=n`, tests the heap left: the
//! loop then walks the heaps left, `for k in 0..n` with `k` read as `n −
//! k`, and the filter reads the loop's variable alone. It is then stepped
//! by its remainders (`residues`), walks the divisors it keeps
//! (`divisors`, for `n % (n - m) == 0`) or is remembered by its value
//! (`remember`), as it is when the game is spelled by the amount taken.

use std::cell::RefCell;

use super::divisors::divided;
use super::filters::filter_after_loop;
use super::remember::costly_cond;
use super::residues::residues;
use super::rewrite::{reads_bound, reranged};
use crate::engine::kernel::{Clause, Cond, Element, IntExpr, IntOp, MAX_SLOTS};

/// The element with its loops re-indexed where a filter then reads the
/// loop's variable alone and is a remainder test or costly (a call, a
/// list built), or tests that the variable divides something; loops over
/// constants are left for unrolling and for the finite lookback.
pub(super) fn reindex_loops(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        let Some((slot, low, high)) = element.clauses[at].range() else {
            continue;
        };
        if low.as_constant().is_some() && high.as_constant().is_some() {
            continue;
        }
        let found = filter_after_loop(&element.clauses, at, |cond, slot| {
            let (filter, (sign, offset)) = (cond, moved(cond, slot)?);
            let worth = costly_cond(filter) || residues_after(filter, slot, sign, &offset);
            worth.then_some((sign, offset))
        });
        let Some((filter, (sign, offset))) = found else {
            continue;
        };
        // The loop keeps its slot, which walks the new values.
        if let Some(reindexed) = reindexed(&element, at, sign, &offset)
            && let Clause::If(cond) = &reindexed.clauses[filter]
            && (cond.reads_only(slot) || divided(cond, slot).is_some())
        {
            element = reindexed;
        }
    }
    vec![element]
}

/// The element with each loop of a fixed length beside what the
/// parameters are (`for m in n - 4..n`, the heaps a move may leave)
/// walking the distance from them instead (`A − m` for the range `A +
/// c..A + d`, here the amounts taken `1..=4`): a loop over constants, its
/// filters folded when the IR is built, unrolled when short, and read by
/// the finite lookback as `for k in 1..=4` is.
pub(super) fn count_fixed_widths(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        if let Some((_, low, high)) = element.clauses[at].range()
            && let Some(offset) = fixed_width(low, &high)
            && let Some(reindexed) = reindexed(&element, at, -1, &offset)
        {
            element = reindexed;
        }
    }
    vec![element]
}

/// `A` where the range is `A + c..A + d`, `c` and `d` constants and `A`
/// reading some slot.
fn fixed_width(low: &IntExpr, high: &IntExpr) -> Option<IntExpr> {
    let width = IntExpr::binary(IntOp::Sub, high.clone(), low.clone());
    let offset = low.without_constant();
    let affine = matches!(low, IntExpr::Affine(_));
    (affine && width.as_constant().is_some() && offset.as_constant().is_none()).then_some(offset)
}

/// Whether the remainder test `cond` is one `residues` steps, or one that
/// `divisors` walks the divisors for (`n % (n - m) == 0`), once `slot`
/// walks `sign·slot + offset`.
fn residues_after(cond: &Cond, slot: usize, sign: i64, offset: &IntExpr) -> bool {
    let back = back(slot, sign, offset);
    let cond = cond.map(&|e| e.with_slot_as(slot, &back));
    residues(&cond, slot).is_some() || divided(&cond, slot).is_some()
}

/// The first `sign·slot + offset` (`sign` = ±1, `offset` not reading the
/// slot but reading some other, none that a list in `cond` binds: `k - d`
/// for the `d` of `[d for d in 0..3 if (k - d) % 3 == 0]`) that `cond`
/// reads.
fn moved(cond: &Cond, slot: usize) -> Option<(i64, IntExpr)> {
    let found = RefCell::new(None);
    cond.map(&|e| {
        e.rewritten(&|part| {
            if let IntExpr::Affine(_) = part
                && found.borrow().is_none()
                && let Some((sign, offset)) = part.linear_in(slot)
                && sign.abs() == 1
                && offset.as_constant().is_none()
                && (0..MAX_SLOTS).all(|s| !offset.uses(s) || !cond.binds_inside(s))
            {
                *found.borrow_mut() = Some((sign, offset));
            }
            None
        })
    });
    found.into_inner()
}

/// `slot` read back from the value it walks: `sign·(slot − offset)`.
fn back(slot: usize, sign: i64, offset: &IntExpr) -> IntExpr {
    let moved = IntExpr::binary(IntOp::Sub, IntExpr::slot(slot), offset.clone());
    IntExpr::binary(IntOp::Mul, moved, IntExpr::constant(sign))
}

/// Whether `cond` reads no slot but `slot`.
/// The element with the loop at `at` walking `sign·k + offset` for each
/// `k` it walked, read back as `k = sign·(k' − offset)`; `None` where
/// `offset` reads a slot bound in the loop or after it.
fn reindexed(element: &Element, at: usize, sign: i64, offset: &IntExpr) -> Option<Element> {
    let (slot, low, high) = element.clauses[at].range()?;
    if reads_bound(&element.clauses[at..], offset) {
        return None;
    }
    let add = |a: IntExpr, b: IntExpr| IntExpr::binary(IntOp::Add, a, b);
    let sub = |a: IntExpr, b: IntExpr| IntExpr::binary(IntOp::Sub, a, b);
    let one = IntExpr::constant(1);
    // `low <= k < high` is `offset + low <= k' < offset + high` for a
    // sign of 1, `offset − high < k' <= offset − low` for −1.
    let (low, high) = match sign {
        1 => (add(offset.clone(), low.clone()), add(offset.clone(), high)),
        _ => (
            add(sub(offset.clone(), high), one.clone()),
            add(sub(offset.clone(), low.clone()), one),
        ),
    };
    reranged(element, at, (low, high), None, &back(slot, sign, offset))
}

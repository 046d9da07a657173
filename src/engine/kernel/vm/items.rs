//! The items a loop walks, laid on the item stack or read where they
//! lie: constants within bounds, a sieve's values, divisors, quotients,
//! registers.

use std::cell::Cell;
use std::rc::Rc;

use super::run::{fits, lay_bounded};
use super::{Constants, Source};
use crate::engine::kernel::functions::Cache;
use crate::engine::kernel::walk::divisors_in;
use crate::engine::kernel::{Calls, IntOp, SLOT_BOUND};

/// `read` of the constants in `a..b`, fixed or found by a sieve (with
/// `calls`, where it must test more); `None` where one of them lies past
/// the slot bound or the sieve's test fails.
pub(super) fn within<T>(
    constants: &Constants,
    (a, b): (i64, i64),
    calls: Option<&Calls>,
    read: impl FnOnce(&[i64]) -> T,
) -> Option<T> {
    match constants {
        Constants::Fixed(values) => Some(read(values.within(a, b)?)),
        Constants::Sieved(sieve) => sieve.within((a, b), calls, read),
    }
}

/// The first of `constants` in `a..b`, if any, found without looking for
/// the range's end. `None` where it lies past the slot bound or the
/// sieve's test fails.
pub(super) fn first_within(
    constants: &Constants,
    (a, b): (i64, i64),
    calls: Option<&Calls>,
) -> Option<Option<i64>> {
    match constants {
        Constants::Fixed(values) => values.first_within(a, b),
        Constants::Sieved(_) => within(constants, (a, b), calls, |c| c.first().copied()),
    }
}

/// Ascending constants a loop walks, and where the last search for a
/// range's end cut them: the positions of a dense fill ask for the same
/// cut nearly every time (`k <= n`), and checking it is cheaper than a
/// search whose steps each wait for the one before (take a power of 2:
/// 0.67 → 0.55 s at 10^7).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Ascending {
    values: Rc<[i64]>,
    /// The indices of the constants within the slot bound, which may be
    /// walked: the others lie before the first or from the second on.
    walkable: (usize, usize),
    cut: Cache<Cell<usize>>,
}

impl Ascending {
    /// The constants `values`, ascending.
    pub(super) fn new(values: Rc<[i64]>) -> Ascending {
        let walkable = (
            values.partition_point(|&v| v <= -SLOT_BOUND),
            values.partition_point(|&v| v < SLOT_BOUND),
        );
        Ascending {
            values,
            walkable,
            cut: Cache::default(),
        }
    }

    /// The first constant within `a..b`, if any; `None` where it lies past
    /// the slot bound.
    #[inline]
    fn first_within(&self, a: i64, b: i64) -> Option<Option<i64>> {
        let from = start(&self.values, a);
        match self.values.get(from) {
            Some(&first) if first < b => {
                let (low, high) = self.walkable;
                (low <= from && from < high).then_some(Some(first))
            }
            _ => Some(None),
        }
    }

    /// The constants within `a..b`, as `sorted_within` finds them.
    #[inline]
    pub(super) fn within(&self, a: i64, b: i64) -> Option<&[i64]> {
        let (values, cut) = (&*self.values, self.cut.0.get());
        let below = |i: usize| values[i] < b;
        let end = match cut == 0 || below(cut - 1) {
            true if cut == values.len() || !below(cut) => cut,
            _ => {
                let end = values.partition_point(|&v| v < b);
                self.cut.0.set(end);
                end
            }
        };
        let from = start(values, a);
        let (low, high) = self.walkable;
        (end <= from || low <= from && end <= high).then_some(&values[from..end.max(from)])
    }
}

/// The constants in `values` (ascending) within `a..b`; `None` where one
/// of them lies past the slot bound: constants past it may be listed (`2
/// ** i for i in 0..40`), never walked.
pub(super) fn sorted_within(values: &[i64], a: i64, b: i64) -> Option<&[i64]> {
    let from = start(values, a);
    let chosen = &values[from..values.partition_point(|&v| v < b).max(from)];
    let within = |v: Option<&i64>| v.is_none_or(|v| v.unsigned_abs() < SLOT_BOUND as u64);
    (within(chosen.first()) && within(chosen.last())).then_some(chosen)
}

/// Where the constants in `values` (ascending) from `a` on start: from
/// the first, as for a filter `k <= n` on positive moves, with no search.
#[inline(always)]
fn start(values: &[i64], a: i64) -> usize {
    match values.first() {
        Some(&first) if a <= first => 0,
        _ => values.partition_point(|&v| v < a),
    }
}

/// Lays the items of `source` on `items`, a range of divisors within
/// the range `bounds` allows, the values a sieve finds by `calls`.
pub(super) fn lay(
    source: &Source,
    regs: &[i64],
    items: &mut Vec<i64>,
    bounds: impl Fn(i64, i64) -> Option<(i64, i64)>,
    calls: &Calls,
) -> Option<()> {
    match *source {
        Source::Passing {
            ref sieve,
            low,
            high,
        } => sieve.within(
            (regs[low as usize], regs[high as usize]),
            Some(calls),
            |values| items.extend_from_slice(values),
        )?,
        Source::Sorted {
            ref values,
            low,
            high,
        } => items.extend_from_slice(values.within(regs[low as usize], regs[high as usize])?),
        Source::Constants(ref values) => items.extend_from_slice(values),
        Source::Regs { first, count } => {
            let first = first as usize;
            lay_bounded(&regs[first..first + count as usize], items)?;
        }
        Source::Pick { ref table, key } => lay_bounded(table.pick(regs[key as usize])?, items)?,
        Source::List { .. } | Source::Laid => unreachable!("walked where they lie"),
        Source::Divisors { of, low, high } => {
            let (a, b) = bounds(regs[low as usize], regs[high as usize])?;
            let of = regs[of as usize].unsigned_abs();
            divisors_in(of, (a, b), |x| {
                items.push(x);
                Some(())
            })?;
        }
        Source::Quotients { of, low, high } => {
            let (a, b) = bounds(regs[low as usize], regs[high as usize])?;
            quotients_in(regs[of as usize], (a, b), |q| {
                items.push(q);
                Some(())
            })?;
        }
    }
    fits(items)
}

/// Visits each distinct `of / k` for `k` in `a..b`, in the order of `k`
/// (the loop `Iter::Quotients`): for `of` at least 0 and `k` from 1 on,
/// the first `k` of each run with the same quotient `q`, the next run
/// starting at `of / q + 1`; else each `k`'s quotient, as the language
/// divides. `None` where the range holds 0, by which `of / 0` fails.
fn quotients_in(
    of: i64,
    (a, b): (i64, i64),
    mut visit: impl FnMut(i64) -> Option<()>,
) -> Option<()> {
    if of < 0 || a < 1 {
        return (a..b).try_for_each(|k| visit(IntOp::Div.apply(of, k)?));
    }
    let mut k = a;
    while k < b {
        let q = of / k;
        visit(q)?;
        if q == 0 {
            break;
        }
        k = of / q + 1;
    }
    Some(())
}

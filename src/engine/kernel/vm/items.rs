//! The items a loop walks, laid on the item stack or read where they
//! lie: constants within bounds, a sieve's values, divisors, registers.

use super::run::{bounded, fits};
use super::{Constants, Source};
use crate::engine::kernel::walk::divisors_in;
use crate::engine::kernel::{Calls, SLOT_BOUND};

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
        Constants::Fixed(values) => Some(read(sorted_within(values, a, b)?)),
        Constants::Sieved(sieve) => sieve.within((a, b), calls, read),
    }
}

/// The constants in `values` (ascending) within `a..b`; `None` where one
/// of them lies past the slot bound: constants past it may be listed (`2
/// ** i for i in 0..40`), never walked.
pub(super) fn sorted_within(values: &[i64], a: i64, b: i64) -> Option<&[i64]> {
    let chosen = match (values.first(), values.last()) {
        // Every constant, as for most positions: no search.
        (Some(&first), Some(&last)) if a <= first && last < b => values,
        // From the first, as for a filter `k <= n` on positive moves: one
        // search.
        (Some(&first), _) if a <= first => &values[..values.partition_point(|&v| v < b)],
        _ => {
            let from = values.partition_point(|&v| v < a);
            &values[from..values.partition_point(|&v| v < b).max(from)]
        }
    };
    let within = |v: Option<&i64>| v.is_none_or(|v| v.unsigned_abs() < SLOT_BOUND as u64);
    (within(chosen.first()) && within(chosen.last())).then_some(chosen)
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
            ..
        } => items.extend_from_slice(sorted_within(
            values,
            regs[low as usize],
            regs[high as usize],
        )?),
        Source::Constants(ref values) => items.extend_from_slice(values),
        Source::Regs { first, count } => {
            let first = first as usize;
            for &x in &regs[first..first + count as usize] {
                items.push(bounded(x)?);
            }
        }
        Source::Pick { ref table, key } => {
            for &x in table.pick(regs[key as usize])? {
                items.push(bounded(x)?);
            }
        }
        Source::List { .. } | Source::Laid => unreachable!("walked where they lie"),
        Source::Divisors { of, low, high } => {
            let (a, b) = bounds(regs[low as usize], regs[high as usize])?;
            let of = regs[of as usize].unsigned_abs();
            divisors_in(of, (a, b), |x| {
                items.push(x);
                Some(())
            })?;
        }
    }
    fits(items)
}

//! The end of a run: `for k in 1..=n if k * k <= n` walks the values of
//! `k` up to the first that fails the filter, since past it none passes.
//! Found by bisection, the loop's bound costs a few evaluations of the
//! condition where the filter cost one per value of the range.

use super::{Calls, Cond, IntExpr, MAX_SLOTS, SLOT_BOUND};

/// The first value `x` of `slot` in `low..high` for which `cond` fails, or
/// `high` when it holds for all (and `low` when the range is empty).
/// `cond` holds on a prefix of the range and fails to evaluate, if at
/// all, on a suffix of it (`ir::monotone` builds only such), and reads
/// no slot past `MAX_SLOTS`.
#[derive(Clone, Debug, PartialEq)]
pub struct Until {
    pub slot: usize,
    pub low: IntExpr,
    pub high: IntExpr,
    pub cond: Cond,
}

impl Until {
    /// The end, or `None` where the language reports an error (the
    /// filter fails to evaluate somewhere in the range: at its last value,
    /// then) or the range leaves the slot bound.
    pub(super) fn eval(&self, slots: &[i64], calls: &Calls) -> Option<i64> {
        let (low, high) = (self.low.eval(slots, calls)?, self.high.eval(slots, calls)?);
        if high <= low {
            return Some(low);
        }
        if low <= -SLOT_BOUND || high >= SLOT_BOUND {
            return None;
        }
        let mut probe = [0; MAX_SLOTS];
        let known = slots.len().min(MAX_SLOTS);
        probe[..known].copy_from_slice(&slots[..known]);
        let mut holds = |x: i64| {
            probe[self.slot] = x;
            self.cond.eval(&probe, calls)
        };
        // Every value of the range evaluates the filter: where one fails,
        // the last does.
        if holds(high - 1)? {
            return Some(high);
        }
        // The first failing value is in `first..=last`.
        let (mut first, mut last) = (low, high - 1);
        while first < last {
            let middle = first + (last - first) / 2;
            match holds(middle)? {
                true => first = middle + 1,
                false => last = middle,
            }
        }
        Some(first)
    }

    /// The end with `f` applied to its bounds and to the integers its
    /// condition compares, if it applies to every one.
    pub(super) fn try_map(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Option<Until> {
        Some(Until {
            slot: self.slot,
            low: f(&self.low)?,
            high: f(&self.high)?,
            cond: self.cond.try_map(f)?,
        })
    }
}

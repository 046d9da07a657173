//! The end of a run: `for k in 1..=n if k * k <= n` walks the values of
//! `k` up to the first that fails the filter, since past it none passes.
//! Found by galloping out from the last end found (positions come in
//! order, and the end moves little from one to the next), then bisection,
//! the loop's bound costs a few evaluations of the condition where the
//! filter cost one per value of the range.

use super::functions::Cache;
use super::{Cond, IntExpr, SLOT_BOUND};

/// The first value `x` of `slot` in `low..high` for which `cond` fails, or
/// `high` when it holds for all (and `low` when the range is empty).
/// `cond` holds on a prefix of the range and fails to evaluate, if at
/// all, on a suffix of it (`ir::monotone` builds only such), and reads
/// no slot past `MAX_SLOTS`. The VM probes the condition (`vm::Search`).
#[derive(Clone, Debug, PartialEq)]
pub struct Until {
    pub slot: usize,
    pub low: IntExpr,
    pub high: IntExpr,
    pub cond: Cond,
    /// The last end found, where the next search starts.
    pub hint: Cache<std::cell::Cell<i64>>,
}

impl Until {
    /// The end for the range `low..high`, `holds` the condition at each
    /// value probed; `None` where the language reports an error (the
    /// filter fails to evaluate somewhere in the range: at its last value,
    /// then) or the range leaves the slot bound.
    pub(super) fn search(
        &self,
        (low, high): (i64, i64),
        mut holds: impl FnMut(i64) -> Option<bool>,
    ) -> Option<i64> {
        if high <= low {
            return Some(low);
        }
        if low <= -SLOT_BOUND || high >= SLOT_BOUND {
            return None;
        }
        // Every value of the range evaluates the filter: where one fails,
        // the last does.
        if holds(high - 1)? {
            return Some(high);
        }
        // The first failing value is in `first..=last`: narrowed by
        // galloping from the last end found, then bisected.
        let (mut first, mut last) = (low, high - 1);
        let hint = self.hint.0.get().clamp(low, high - 1);
        let mut step = 1;
        if holds(hint)? {
            first = hint + 1;
            while first < last {
                let probe = hint.saturating_add(step).min(last);
                if !holds(probe)? {
                    last = probe;
                    break;
                }
                first = probe + 1;
                step = step.saturating_mul(2);
            }
        } else {
            last = hint;
            while first < last {
                let probe = hint.saturating_sub(step).max(first);
                if holds(probe)? {
                    first = probe + 1;
                    break;
                }
                last = probe;
                step = step.saturating_mul(2);
            }
        }
        while first < last {
            let middle = first + (last - first) / 2;
            match holds(middle)? {
                true => first = middle + 1,
                false => last = middle,
            }
        }
        self.hint.0.set(first);
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
            hint: Cache::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::{CmpOp, IntOp};

    /// `for k in 1..n + 1 if k * k <= n` ends at `isqrt(n) + 1`, however
    /// the positions come: up, down or scattered (the hint is only where a
    /// search starts).
    #[test]
    fn the_end_found_from_any_hint_is_the_first_failing_value() {
        let (n, k) = (IntExpr::slot(0), IntExpr::slot(1));
        let square = IntExpr::binary(IntOp::Mul, k.clone(), k);
        let until = Until {
            slot: 1,
            low: IntExpr::constant(1),
            high: IntExpr::binary(IntOp::Add, n.clone(), IntExpr::constant(1)),
            cond: Cond::Cmp(CmpOp::Le, square, n),
            hint: Cache::default(),
        };
        let plain = |n: i64| (1..=n).find(|k| k * k > n).unwrap_or(n + 1);
        let up = 0..3000;
        let down = (0..3000).rev();
        let scattered = (0..3000).map(|i: i64| (i * 7919) % 3001);
        for n in up.chain(down).chain(scattered) {
            let holds = |k: i64| Some(k * k <= n);
            let end = until.search((1, n + 1), holds);
            assert_eq!(end, Some(plain(n)), "n = {n}");
        }
    }
}

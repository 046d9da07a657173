//! The end of a run: `for k in 1..=n if k * k <= n` walks the values of
//! `k` up to the first that fails the filter, since past it none passes.
//! Found by galloping out from the last end found (positions come in
//! order, and the end moves little from one to the next), then bisection,
//! the loop's bound costs a few evaluations of the condition where the
//! filter cost one per value of the range.

use super::functions::Cache;
use super::{CmpOp, Cond, IntExpr, IntOp, SLOT_BOUND};

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

    /// The quotient `x / base ** k` when the condition is that it is not
    /// 0 (`n / 2 ** k != 0`, a loop over the bits of `n`): then the end is
    /// known without a search (`quotient_end`).
    pub fn vanishing(&self) -> Option<(&IntExpr, i64)> {
        match &self.cond {
            Cond::Cmp(CmpOp::Ne, q, zero) if zero.as_constant() == Some(0) => {
                vanishing_quotient(q, self.slot)
            }
            _ => None,
        }
    }

    /// The end the search would find for the condition `x / base ** k !=
    /// 0` (`vanishing`) on `low..high`, `low` at least 0: where the
    /// digits of `x` in `base` run out, or `high` where `x` is below 0
    /// (its quotients are then never 0). `None` where the search fails:
    /// the power at the range's last value overflows, or a bound is past
    /// the slot bound or below 0.
    pub fn quotient_end(x: i64, base: i64, (low, high): (i64, i64)) -> Option<i64> {
        if high <= low {
            return Some(low);
        }
        if low < 0 || high >= SLOT_BOUND {
            return None;
        }
        IntOp::Pow.apply(base, high - 1)?;
        let end = match x {
            ..0 => high,
            0 => 0,
            _ => i64::from(x.ilog(base)) + 1,
        };
        Some(end.clamp(low, high))
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

/// `(x, base)` where `e` is `x / base ** k`, `base` a constant at least 2
/// and `x` not reading slot `k`: as `k` rises from 0 it falls to 0 and
/// stays there, or stays below 0 from the start.
pub fn vanishing_quotient(e: &IntExpr, k: usize) -> Option<(&IntExpr, i64)> {
    let IntExpr::Binary(IntOp::Div, x, power) = e else {
        return None;
    };
    let IntExpr::Binary(IntOp::Pow, base, exp) = &**power else {
        return None;
    };
    let base = base.as_constant().filter(|&b| b >= 2)?;
    (**exp == IntExpr::slot(k) && !x.uses(k)).then_some((&**x, base))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The end of a loop over the digits of `x` is the search's, for
    /// every base, range and sign, and where the power at the range's
    /// last value overflows, both fail.
    #[test]
    fn the_end_where_a_quotient_vanishes_is_the_search_s() {
        let until = Until {
            slot: 0,
            low: IntExpr::constant(0),
            high: IntExpr::constant(0),
            cond: Cond::Const(true),
            hint: Cache::default(),
        };
        let xs = [
            0,
            1,
            2,
            7,
            8,
            9,
            10,
            99,
            100,
            1000,
            i64::MAX,
            -1,
            -10,
            i64::MIN,
        ];
        for base in [2, 3, 10, 1 << 31] {
            for x in xs {
                for (low, high) in [(0, 0), (0, 1), (0, 5), (2, 40), (3, 2), (0, 64), (5, 63)] {
                    let holds = |k: i64| {
                        let power = IntOp::Pow.apply(base, k)?;
                        Some(IntOp::Div.apply(x, power)? != 0)
                    };
                    assert_eq!(
                        Until::quotient_end(x, base, (low, high)),
                        until.search((low, high), holds),
                        "{x} / {base} ** k in {low}..{high}"
                    );
                }
            }
        }
    }
}

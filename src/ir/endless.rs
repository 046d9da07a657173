//! Games that never end. A move every position has, whatever its
//! parameters, that shifts them by constants not all 0 (`game C(n) = <
//! C(n - k) for k in 1..=3 >`, the guard `if k <= n` forgotten) leads
//! from any position to another, and from that to another, forever: the
//! game has no value. The search would walk down it until a limit stopped
//! it, minutes later; the interpreter says so at once instead.

use super::Plan;
use crate::engine::kernel::{
    Calls, Clause, Cond, Condition, Element, IntExpr, IntOp, OptionValue, SLOT_BOUND,
};

impl Plan {
    /// Such a move in words, as the user would write it (`has the move
    /// C(n - 1)`, or `plays as C(n + 1)` for a body that is the game
    /// `C(n + 1)`), if the family has one.
    pub fn endless_move(&self) -> Option<String> {
        if self.board || self.kernel.list {
            return None;
        }
        let aliases = self.kernel.alias().map_or(&[][..], |a| &a.elements);
        let found = |elements: &[Element]| {
            let unconditional = elements.iter().filter(|e| e.clauses.is_empty());
            unconditional
                .filter_map(|element| match &element.value {
                    OptionValue::Terms { calls, .. } => Some(calls),
                    _ => None,
                })
                .flatten()
                .find(|args| {
                    let shifts = shift_by_constants(args, self.kernel.params);
                    shifts.is_some_and(|shifts| shifts.iter().any(|&c| c != 0))
                })
                .map(|args| self.call_text(args))
        };
        (found(&self.kernel.elements).map(|call| format!("has the move {call}")))
            .or_else(|| found(aliases).map(|call| format!("plays as {call}")))
    }
}

/// The constants the arguments add to the parameters, where each argument
/// is its parameter plus a constant.
fn shift_by_constants(args: &[IntExpr], params: usize) -> Option<Vec<i64>> {
    if args.len() != params {
        return None;
    }
    let shift = |(slot, arg): (usize, &IntExpr)| match arg.linear_in(slot)? {
        (1, rest) => rest.as_constant(),
        _ => None,
    };
    args.iter().enumerate().map(shift).collect()
}

/// A move of a one-parameter family to `F(n + step)` (`step` not 0)
/// guarded only by comparisons of the heap, or of its remainders, with
/// constants (`< S(n - 2) if n != 0 >`, `if n % 2 == 1`): from some heaps
/// it is allowed at every heap it leads to, `n`, `n + step`, `n +
/// 2·step`, …, a play that never ends, whatever else the family allows
/// (`S(3)` goes on to `S(-1)`, `S(-3)`, …).
pub struct GuardedShift {
    step: i64,
    /// Each guard, its compiled condition, and its period along the
    /// heaps where no comparison turns: the least common multiple of its
    /// remainders' divisors, 1 without any.
    guards: Vec<(Cond, Condition, i128)>,
    /// The move as the user wrote it (`S(n - 2)`).
    pub text: String,
    /// The last heap where a guard failed: checked first, it ends the
    /// check of every heap whose walk passes it (`if n % 256 != 0`, a
    /// query a heap, checks the multiple of 256 below it once, not the
    /// heaps between).
    failed: std::cell::Cell<Option<i64>>,
}

impl Plan {
    /// The family's moves that shift its heap under such guards.
    pub fn guarded_shifts(&self) -> Vec<GuardedShift> {
        if self.board || self.kernel.list || self.kernel.params != 1 {
            return Vec::new();
        }
        let mut shifts = Vec::new();
        for element in &self.kernel.elements {
            let OptionValue::Terms { calls, .. } = &element.value else {
                continue;
            };
            let guards: Option<Vec<(&Cond, i128)>> = (element.clauses.iter())
                .map(|clause| match clause {
                    Clause::If(cond) => Some((cond, period_of_the_heap(cond)?)),
                    _ => None,
                })
                .collect();
            let Some(guards) = guards else {
                continue;
            };
            for call in calls {
                let Some(&[step]) = shift_by_constants(call, 1).as_deref() else {
                    continue;
                };
                let shift = GuardedShift {
                    step,
                    guards: (guards.iter())
                        .map(|&(g, period)| (g.clone(), Condition::of(g), period))
                        .collect(),
                    text: self.call_text(call),
                    failed: Default::default(),
                };
                // One whose guard stops it far enough along, whatever the
                // heap it starts from (`S(n - 1) if n >= 1`, the moves of
                // every subtraction game), is never endless: not kept, so
                // that no query pays for checking it.
                if step != 0 && shift.holds_far_along() {
                    shifts.push(shift);
                }
            }
        }
        shifts
    }
}

impl GuardedShift {
    /// Whether its guards hold at some heap of a period past every turn
    /// of their comparisons in the direction it moves, where none turns
    /// again (so the guards repeat with the period beyond): else it is
    /// endless from no heap. Kept where those heaps leave the slot bound,
    /// as `endless_from` decides.
    fn holds_far_along(&self) -> bool {
        let direction = self.step.signum() as i128;
        self.guards.iter().all(|(cond, condition, period)| {
            let points = check_points(cond, (0, direction as i64));
            let far = *points.last().expect("a point past every turn");
            (far..far + period).any(|k| match i64::try_from(k * direction) {
                Ok(heap) if heap.abs() < SLOT_BOUND => holds_at(condition, heap),
                _ => true,
            })
        })
    }

    /// How to make its guard stop it: a bound on the heap in the
    /// direction it moves, beside a remainder if the guard has one.
    pub fn help(&self) -> &'static str {
        let remainders = self.guards.iter().any(|&(_, _, period)| period > 1);
        match (self.step > 0, remainders) {
            (false, false) => {
                "make the guard stop the move wherever it leads: `if n > 0` stops a heap at 0 that `if n != 0` lets step past it"
            }
            (false, true) => {
                "bound the heap in the guard too: `if n >= 2 and n % 2 == 1` stops where `n - 2` would fall below 0"
            }
            (true, false) => {
                "make the guard stop the move wherever it leads: `if n < 10` stops a heap at 10 that `if n != 10` lets step past it"
            }
            (true, true) => {
                "bound the heap in the guard too: `if n < 10 and n % 2 == 1` stops the heaps from rising for ever"
            }
        }
    }

    /// The first heaps it leads to from `start`, when its guards hold at
    /// every heap it leads to from there; `None` where one fails, or where
    /// the heaps to check leave the slot bound.
    pub fn endless_from(&self, start: i64) -> Option<[i64; 3]> {
        let heap = |k: i128| {
            let n = start as i128 + k * self.step as i128;
            (n.abs() < SLOT_BOUND as i128).then_some(n as i64)
        };
        let fails = |n: i64| {
            let failed = (self.guards.iter()).any(|(_, condition, _)| !holds_at(condition, n));
            if failed {
                self.failed.set(Some(n));
            }
            failed
        };
        if let Some(n) = self.failed.get() {
            let (apart, step) = (n as i128 - start as i128, self.step as i128);
            if apart % step == 0 && apart / step >= 0 && fails(n) {
                return None;
            }
        }
        for (cond, _, period) in &self.guards {
            // Along the heaps, each comparison is `a·k + b op 0`: constant
            // but near `k = -b / a`, and each remainder repeats with the
            // period. Checked for a period from there and past the last
            // turn, the guard is checked in every stretch where it
            // repeats.
            let points = check_points(cond, (start, self.step));
            let stretches = points.iter().map(|&turn| turn..turn + period);
            let mut checked = i128::MIN;
            for k in stretches.flatten() {
                if k <= checked {
                    continue;
                }
                checked = k;
                if fails(heap(k)?) {
                    return None;
                }
            }
        }
        Some([heap(1)?, heap(2)?, heap(3)?])
    }
}

/// Whether a guard's compiled `condition` holds at `heap` (and evaluates).
fn holds_at(condition: &Condition, heap: i64) -> bool {
    condition.holds(&[heap], &mut Vec::new(), &Calls::NONE) == Some(true)
}

/// The period along the heaps of `cond` where none of its comparisons
/// turns, if it compares only affine functions of the heap (slot 0), or
/// such a function's remainder by a constant with a constant (`n % 2 ==
/// 1`): the least common multiple of those divisors, at most `PERIOD`.
fn period_of_the_heap(cond: &Cond) -> Option<i128> {
    let heap_only =
        |e: &IntExpr| matches!(e, IntExpr::Affine(a) if a.terms.iter().all(|&(slot, _)| slot == 0));
    let divisor = |e: &IntExpr| match e {
        IntExpr::Binary(IntOp::Mod, x, m) if heap_only(x) => m.as_constant().filter(|&m| m != 0),
        _ => None,
    };
    let period = match cond {
        Cond::Const(_) => 1,
        Cond::Cmp(_, a, b) if heap_only(a) && heap_only(b) => 1,
        Cond::Cmp(_, a, b) => match (divisor(a), divisor(b)) {
            (Some(m), None) if b.as_constant().is_some() => m.unsigned_abs() as i128,
            (None, Some(m)) if a.as_constant().is_some() => m.unsigned_abs() as i128,
            _ => return None,
        },
        Cond::Not(c) => period_of_the_heap(c)?,
        Cond::And(a, b) | Cond::Or(a, b) => {
            let (p, q) = (period_of_the_heap(a)?, period_of_the_heap(b)?);
            p / gcd(p, q) * q
        }
        Cond::Remembered(_) => return None,
    };
    (period <= PERIOD).then_some(period)
}

/// The longest period of a guard `GuardedShift` checks: a heap's
/// remainders by small constants.
const PERIOD: i128 = 256;

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Where `cond`'s guard is checked along the heaps `start + k·step`, for
/// a period from each: 0, each `k` at or past 0 near which a comparison
/// turns, and one past the last turn, from which none turns again;
/// ascending, each once.
fn check_points(cond: &Cond, (start, step): (i64, i64)) -> Vec<i128> {
    let mut turns = vec![0];
    comparison_turns(cond, (start, step), &mut turns);
    let last = turns.iter().max().copied().unwrap_or(0) + 3;
    turns.push(last);
    turns.retain(|&k| k >= 0);
    turns.sort_unstable();
    turns.dedup();
    turns
}

/// The `k` near which a comparison of `cond` (see `period_of_the_heap`) turns
/// along the heaps `start + k·step`, pushed on `turns`.
fn comparison_turns(cond: &Cond, (start, step): (i64, i64), turns: &mut Vec<i128>) {
    match cond {
        Cond::Cmp(_, IntExpr::Affine(a), IntExpr::Affine(b)) => {
            let slope = |x: &crate::engine::kernel::Affine| x.coefficient(0) as i128;
            let alpha = slope(a) - slope(b);
            let at_start = alpha * start as i128 + (a.constant as i128 - b.constant as i128);
            let per_step = alpha * step as i128;
            if per_step != 0 {
                let k = (-at_start).div_euclid(per_step);
                turns.extend([k - 1, k, k + 1, k + 2]);
            }
        }
        Cond::Not(c) => comparison_turns(c, (start, step), turns),
        Cond::And(a, b) | Cond::Or(a, b) => {
            comparison_turns(a, (start, step), turns);
            comparison_turns(b, (start, step), turns);
        }
        Cond::Const(_) | Cond::Cmp(..) | Cond::Remembered(_) => {}
    }
}

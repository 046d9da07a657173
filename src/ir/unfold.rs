//! A pass over integer programs: a call of a recursive function whose
//! body's first test the loops around the call decide is that test's
//! branch, on the call's arguments. `gcd(n, k)` with `k` in `1..=12` is
//! `gcd(k, n % k)`: its arguments are then small, and the function's
//! memo keeps its result for them, so that each position recalls what
//! the first computed; `coprime(n, k)`, a condition, likewise.
//!
//! Nothing the call would do differently: its arguments are affine
//! expressions (which cannot fail, and may be read twice), and the test
//! left out compares affine expressions (which cannot fail either); the
//! branch taken is the one the call would take. The call is one level
//! shallower, so a chain of calls gives up one level later than it did.

use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntFunction, IntOp, Iter, MAX_SLOTS, OptionValue,
};

/// Unfolds the first step of the calls in `elements`' filters and options
/// that their loops decide; the name of the pass when one was.
pub(super) fn first_steps(
    elements: &mut [Element],
    functions: &[IntFunction],
) -> Option<&'static str> {
    let mut found = false;
    for element in elements {
        let mut ranges = Ranges::default();
        for clause in &mut element.clauses {
            match clause {
                Clause::For { slot, iter } => ranges.learn(*slot, iter),
                Clause::If(cond) => {
                    let unfolded = cond.map(&|e| unfold(e, &ranges, functions));
                    found |= unfolded != *cond;
                    *cond = unfolded;
                }
            }
        }
        if let OptionValue::Terms { calls, nims } = &mut element.value {
            for e in calls.iter_mut().flatten().chain(nims) {
                let unfolded = unfold(e, &ranges, functions);
                found |= unfolded != *e;
                *e = unfolded;
            }
        }
    }
    found.then_some("recursive calls decided by their loops unfolded")
}

/// `e` with each call whose first step the ranges decide unfolded once.
fn unfold(e: &IntExpr, ranges: &Ranges, functions: &[IntFunction]) -> IntExpr {
    e.rewritten(&|e| {
        let IntExpr::Call(function, args) = e else {
            return None;
        };
        if !args.iter().all(|arg| matches!(arg, IntExpr::Affine(_))) {
            return None;
        }
        let body = &functions.get(*function)?.body;
        if !matches!(body, IntExpr::Select(..)) {
            return None;
        }
        match body.on_args(args)? {
            IntExpr::Select(test, then, otherwise) => {
                let settled = ranges.settle(&test);
                (settled != *test).then(|| IntExpr::select(settled, *then, *otherwise))
            }
            // Decided by the arguments alone (`gcd(n, 3)`).
            branch => Some(branch),
        }
    })
}

/// What the loops of an element say of their variables: the least and
/// the greatest value each may take, where a constant bounds it.
#[derive(Default)]
struct Ranges([(Option<i64>, Option<i64>); MAX_SLOTS]);

impl Ranges {
    fn learn(&mut self, slot: usize, iter: &Iter) {
        let Some(range) = self.0.get_mut(slot) else {
            return;
        };
        *range = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => (
                constant_part(low, true),
                constant_part(high, false).map(|h| h - !inclusive as i64),
            ),
            Iter::Sorted { values, .. } => (values.first().copied(), values.last().copied()),
            Iter::Divisors { low, high, .. } => (
                constant_part(low, true),
                constant_part(high, false).map(|h| h - 1),
            ),
            Iter::List(items) => {
                let constants: Option<Vec<i64>> = items.iter().map(IntExpr::as_constant).collect();
                let constants = constants.unwrap_or_default();
                (
                    constants.iter().min().copied(),
                    constants.iter().max().copied(),
                )
            }
            Iter::Built(_) | Iter::Quotients { .. } => (None, None),
        };
    }

    /// `cond` with each comparison the ranges decide made a constant.
    fn settle(&self, cond: &Cond) -> Cond {
        cond.with_comparisons(&|op, a, b| match self.decide(op, a, b) {
            Some(holds) => Cond::Const(holds),
            None => Cond::Cmp(op, a.clone(), b.clone()),
        })
    }

    /// Whether `a op b` holds, when the ranges decide it.
    fn decide(&self, op: CmpOp, a: &IntExpr, b: &IntExpr) -> Option<bool> {
        let IntExpr::Affine(d) = IntExpr::binary(IntOp::Sub, a.clone(), b.clone()) else {
            return None;
        };
        let (mut low, mut high) = (Some(d.constant as i128), Some(d.constant as i128));
        for &(slot, k) in &d.terms {
            let (least, most) = *self.0.get(slot)?;
            let (least, most) = match k > 0 {
                true => (least, most),
                false => (most, least),
            };
            let k = k as i128;
            low = low.zip(least).map(|(sum, x)| sum + k * x as i128);
            high = high.zip(most).map(|(sum, x)| sum + k * x as i128);
        }
        let below = |x: Option<i128>, c: i128| x.is_some_and(|x| x < c);
        let above = |x: Option<i128>, c: i128| x.is_some_and(|x| x > c);
        match op {
            CmpOp::Eq | CmpOp::Ne => {
                let differ = above(low, 0) || below(high, 0);
                let same = low == Some(0) && high == Some(0);
                (differ || same).then_some(same == (op == CmpOp::Eq))
            }
            CmpOp::Lt => decided(below(high, 0), above(low, -1)),
            CmpOp::Le => decided(below(high, 1), above(low, 0)),
            CmpOp::Gt => decided(above(low, 0), below(high, 1)),
            CmpOp::Ge => decided(above(low, -1), below(high, 0)),
        }
    }
}

/// `Some(true)` when the comparison always holds, `Some(false)` when it
/// never does.
fn decided(always: bool, never: bool) -> Option<bool> {
    match (always, never) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// The constant that bounds a loop's `low` end from below (the largest
/// constant part of a `max`), or its `high` end from above (the smallest
/// of a `min`).
fn constant_part(bound: &IntExpr, low: bool) -> Option<i64> {
    let parts = match bound {
        IntExpr::Max(parts) if low => parts.as_slice(),
        IntExpr::Min(parts) if !low => parts.as_slice(),
        single => std::slice::from_ref(single),
    };
    let constants = parts.iter().filter_map(IntExpr::as_constant);
    match low {
        true => constants.max(),
        false => constants.min(),
    }
}

//! Options whose arguments are not affine in their loop's variable but a
//! polynomial of degree at most 2 in it (`S(n - k * k) for k in …`, the
//! subtraction of squares): their second differences are constant, so the
//! walk steps them — `n - k * k` moves by `-2k - 1`, which moves by `-2` —
//! where the VM would compute the expression for every option.

use super::{Clause, Element, IntExpr, IntOp, MAX_PARAMS, OptionValue};

/// Whether the element's options are one position whose arguments the
/// walk may step as curves: its last clause a loop, every argument made
/// of `+`, `-` and `*` over slots and constants, of degree at most 2 in
/// the loop's variable, and no heap reading it.
pub(super) fn is_curve(element: &Element) -> bool {
    let (Some(Clause::For { slot, .. }), OptionValue::Terms { calls, nims }) =
        (element.clauses.last(), &element.value)
    else {
        return false;
    };
    let [call] = calls.as_slice() else {
        return false;
    };
    call.len() <= MAX_PARAMS
        && call
            .iter()
            .all(|e| degree(e, *slot).is_some_and(|d| d <= 2))
        && !nims.iter().any(|n| n.uses(*slot))
}

/// The degree of `e` in `slot`, if `e` is made of `+`, `-` and `*` over
/// slots and constants.
fn degree(e: &IntExpr, slot: usize) -> Option<u32> {
    match e {
        IntExpr::Affine(_) => Some(u32::from(e.uses(slot))),
        IntExpr::Large(_) => Some(0),
        IntExpr::Binary(IntOp::Add | IntOp::Sub, a, b) => {
            Some(degree(a, slot)?.max(degree(b, slot)?))
        }
        IntExpr::Binary(IntOp::Mul, a, b) => Some(degree(a, slot)? + degree(b, slot)?),
        _ => None,
    }
}

/// The arguments of the options of `x` in `a..b`, stepped: each argument,
/// its first difference and its constant second difference.
pub(super) struct Curves {
    values: [i64; MAX_PARAMS],
    firsts: [i64; MAX_PARAMS],
    seconds: [i64; MAX_PARAMS],
    /// The least and greatest value each argument takes in the range.
    spreads: [(i64, i64); MAX_PARAMS],
    arity: usize,
}

impl Curves {
    /// The curves of `call`'s arguments for `x` in the `count` values
    /// from `a` on (at least three), the other slots as `slots` holds
    /// them, `points` the arguments at `a`, `a + 1` and `a + 2`, one
    /// call's after another; `None` when evaluating an argument might
    /// overflow for some `x` in the range (the walk then evaluates each
    /// option, and meets the error where the language does).
    pub(super) fn new(
        call: &[IntExpr],
        x: usize,
        (a, count): (i64, i64),
        slots: &[i64],
        points: &[i64],
    ) -> Option<Curves> {
        let mut curves = Curves {
            values: [0; MAX_PARAMS],
            firsts: [0; MAX_PARAMS],
            seconds: [0; MAX_PARAMS],
            spreads: [(0, 0); MAX_PARAMS],
            arity: call.len(),
        };
        let arity = call.len();
        for (i, e) in call.iter().enumerate() {
            curves.spreads[i] = spread(e, slots, x, (a, a + count - 1))?;
            let at = [points[i], points[arity + i], points[2 * arity + i]];
            // Wrapping: every value the loop reads fits, so arithmetic
            // modulo 2^64 gives it exactly.
            curves.values[i] = at[0];
            curves.firsts[i] = at[1].wrapping_sub(at[0]);
            curves.seconds[i] = at[2].wrapping_sub(at[1]).wrapping_sub(curves.firsts[i]);
        }
        Some(curves)
    }

    /// The arguments of the next option.
    #[inline]
    pub(super) fn next(&mut self) -> [i64; MAX_PARAMS] {
        let values = self.values;
        for i in 0..self.arity {
            self.values[i] = self.values[i].wrapping_add(self.firsts[i]);
            self.firsts[i] = self.firsts[i].wrapping_add(self.seconds[i]);
        }
        values
    }

    /// Whether every argument of every option lies in `0..len`.
    pub(super) fn within(&self, len: usize) -> bool {
        (self.spreads[..self.arity].iter())
            .all(|&(least, greatest)| least >= 0 && greatest < len as i64)
    }

    /// How many arguments each option has.
    pub(super) fn arity(&self) -> usize {
        self.arity
    }
}

/// The least and greatest value of every node of `e` for slot `x` in
/// `low..=high` (the other slots as in `slots`), if all fit in 64 bits:
/// then no evaluation in the range overflows.
fn spread(e: &IntExpr, slots: &[i64], x: usize, (low, high): (i64, i64)) -> Option<(i64, i64)> {
    let (least, greatest): (i128, i128) = match e {
        IntExpr::Affine(affine) => {
            // Affine expressions cannot overflow, and move one way.
            let [from, to] = [low, high].map(|at| affine.at(slots, x, at));
            (from.min(to).into(), from.max(to).into())
        }
        IntExpr::Large(v) => ((*v).into(), (*v).into()),
        IntExpr::Binary(op, a, b) => {
            let (a0, a1) = spread(a, slots, x, (low, high))?;
            let (b0, b1) = spread(b, slots, x, (low, high))?;
            let (a0, a1, b0, b1) = (a0 as i128, a1 as i128, b0 as i128, b1 as i128);
            match op {
                IntOp::Add => (a0 + b0, a1 + b1),
                IntOp::Sub => (a0 - b1, a1 - b0),
                IntOp::Mul => {
                    let products = [a0 * b0, a0 * b1, a1 * b0, a1 * b1];
                    (*products.iter().min()?, *products.iter().max()?)
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    Some((i64::try_from(least).ok()?, i64::try_from(greatest).ok()?))
}

//! Options whose arguments are not affine in their loop's variable but a
//! polynomial of degree at most 2 in it (`S(n - k * k) for k in …`, the
//! subtraction of squares): their second differences are constant, so the
//! walk steps them — `n - k * k` moves by `-2k - 1`, which moves by `-2` —
//! where the VM would compute the expression for every option.

use super::{Clause, Element, IntExpr, IntOp, NATIVE_PARAMS, OptionValue};

/// The degree of the element's options' arguments in its innermost
/// loop's variable, where they are one position whose arguments the walk
/// may step as curves (degree 2) or lines (at most 1): its last clause a
/// loop, every argument made of `+`, `-` and `*` over slots and
/// constants, of degree at most 2 in the loop's variable, and no heap
/// reading it.
pub(super) fn degree_of(element: &Element) -> Option<u32> {
    let (Some(Clause::For { slot, .. }), OptionValue::Terms { calls, nims }) =
        (element.clauses.last(), &element.value)
    else {
        return None;
    };
    let [call] = calls.as_slice() else {
        return None;
    };
    if call.len() > NATIVE_PARAMS || nims.iter().any(|n| n.uses(*slot)) {
        return None;
    }
    let mut degrees = call.iter().map(|e| degree(e, *slot));
    degrees
        .try_fold(0, |most, d| Some(most.max(d?)))
        .filter(|&d| d <= 2)
}

/// The degree of `e` in `slot`, if `e` is made of `+`, `-` and `*` over
/// slots and constants, and of quotients by a constant that are exact
/// polynomials (`k * (k + 1) / 2`, see `exact`).
fn degree(e: &IntExpr, slot: usize) -> Option<u32> {
    match e {
        IntExpr::Affine(_) => Some(u32::from(e.uses(slot))),
        IntExpr::Large(_) => Some(0),
        IntExpr::Binary(IntOp::Add | IntOp::Sub, a, b) => {
            Some(degree(a, slot)?.max(degree(b, slot)?))
        }
        IntExpr::Binary(IntOp::Mul, a, b) => Some(degree(a, slot)? + degree(b, slot)?),
        IntExpr::Binary(IntOp::Div, a, d) => {
            let d = d.as_constant().filter(|&d| d > 0)?;
            exact(a, slot, d).then_some(degree(a, slot)?)
        }
        _ => None,
    }
}

/// Whether `q / d` is a polynomial in `slot` wherever the rest is fixed:
/// `q`'s terms in `slot` have constant coefficients `c1·k + c2·k²` with
/// `q(k + 1) − q(k) = c1 + c2·(2k + 1)` a multiple of `d` for every `k`,
/// so `q mod d` does not move with `k` and `floor(q / d)` is `(q − r) / d`.
fn exact(q: &IntExpr, slot: usize, d: i64) -> bool {
    coefficients(q, slot).is_some_and(|(c1, c2)| (2 * c2) % d == 0 && (c1 + c2) % d == 0)
}

/// Whether `e` is of degree 2 in `slot` with constant coefficients and
/// rises strictly from `from` on (`k * k` from 0 on): `e(k + 1) > e(k)`
/// for every `k >= from`, as `e(k + 1) − e(k) = c1 + c2·(2k + 1)` with
/// `c2 > 0` rises with `k`. A loop over such an expression of a range's
/// variable walks its tabled values in order (`ir/mapped.rs`).
pub fn rises_as_square(e: &IntExpr, slot: usize, from: i64) -> bool {
    let Some((c1, c2)) = coefficients(e, slot) else {
        return false;
    };
    let first = (from.checked_mul(2).and_then(|f| f.checked_add(1)))
        .and_then(|f| f.checked_mul(c2))
        .and_then(|f| f.checked_add(c1));
    c2 > 0 && first.is_some_and(|step| step > 0)
}

/// The coefficients `(c1, c2)` of `slot` and its square in `e`, when both
/// are constants (the rest may read other slots) and `e` is of degree at
/// most 2 in it.
fn coefficients(e: &IntExpr, slot: usize) -> Option<(i64, i64)> {
    let small = |x: i64| (x.unsigned_abs() < 1 << 20).then_some(x);
    match e {
        IntExpr::Affine(_) => Some((small(e.step(slot)?)?, 0)),
        IntExpr::Large(_) => Some((0, 0)),
        IntExpr::Binary(op @ (IntOp::Add | IntOp::Sub), a, b) => {
            let sign = if *op == IntOp::Add { 1 } else { -1 };
            let ((a1, a2), (b1, b2)) = (coefficients(a, slot)?, coefficients(b, slot)?);
            Some((small(a1 + sign * b1)?, small(a2 + sign * b2)?))
        }
        IntExpr::Binary(IntOp::Mul, a, b) => {
            // (sa·k + ra)(sb·k + rb), each rest a constant where the other
            // moves with k.
            let ((sa, a2), (sb, b2)) = (coefficients(a, slot)?, coefficients(b, slot)?);
            let rest = |e: &IntExpr| e.linear_in(slot).and_then(|(_, r)| r.as_constant());
            let (ra, rb) = (rest(a), rest(b));
            match (sa, a2, sb, b2) {
                (0, 0, _, _) => Some((small(sb * ra?)?, small(b2 * ra?)?)),
                (_, _, 0, 0) => Some((small(sa * rb?)?, small(a2 * rb?)?)),
                (_, 0, _, 0) => Some((small(sa * rb? + sb * ra?)?, small(sa * sb)?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The arguments of the options of `x` in `a..b`, stepped: each argument,
/// its first difference and its constant second difference.
pub(super) struct Curves {
    values: [i64; NATIVE_PARAMS],
    firsts: [i64; NATIVE_PARAMS],
    seconds: [i64; NATIVE_PARAMS],
    /// The least and greatest value each argument takes in the range.
    spreads: [(i64, i64); NATIVE_PARAMS],
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
            values: [0; NATIVE_PARAMS],
            firsts: [0; NATIVE_PARAMS],
            seconds: [0; NATIVE_PARAMS],
            spreads: [(0, 0); NATIVE_PARAMS],
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
    pub(super) fn next(&mut self) -> [i64; NATIVE_PARAMS] {
        let values = self.values;
        for i in 0..self.arity {
            self.values[i] = self.values[i].wrapping_add(self.firsts[i]);
            self.firsts[i] = self.firsts[i].wrapping_add(self.seconds[i]);
        }
        values
    }

    /// The first argument's value, first and second differences: the
    /// curve of a one-argument call, stepped in registers.
    pub(super) fn scalar(&self) -> (i64, i64, i64) {
        (self.values[0], self.firsts[0], self.seconds[0])
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
                // By a positive constant (`degree`): the order kept.
                IntOp::Div if b0 == b1 && b0 > 0 => (a0.div_euclid(b0), a1.div_euclid(b0)),
                _ => return None,
            }
        }
        _ => return None,
    };
    Some((i64::try_from(least).ok()?, i64::try_from(greatest).ok()?))
}

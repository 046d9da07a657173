//! Recursive functions that walk the digits of their argument, `def pc(n)
//! = if n == 0 then 0 else n % 2 + pc(n / 2)`: for an argument at least 0
//! the calls go down the quotients `n / b ** j` to 0, so the function is
//! its value at 0 plus its item summed over those quotients, a sum that
//! ends where the quotient is 0 (`Until::vanishing`). Where that sum counts
//! the bits of the argument, a position's code runs it as one count
//! (`Op::BitCount`) where the calls nested. An argument below 0 never
//! reaches 0 (`-1 / 2` is `-1`): its calls nest as written, until they
//! are too deep.

use super::calls::calls_itself;
use super::compile::{Compiler, Label};
use super::expr::counted_bits;
use super::{Op, Reg};
use crate::engine::kernel::{
    CmpOp, Comprehension, Cond, Fold, IntExpr, IntOp, ListClause, ListExpr, Over, Until,
};

/// A function `f(n) = if n == 0 then at_zero else item + f(n / radix)`.
#[derive(Clone, Debug)]
pub(super) struct DigitFold {
    /// The function's value at 0.
    at_zero: IntExpr,
    /// What each quotient adds, reading the quotient as slot 0.
    item: IntExpr,
    radix: i64,
}

impl DigitFold {
    /// The fold that `body`, the body of function `own` of one parameter
    /// and `slots` slots, is, if it is one: the test is the parameter
    /// compared with a constant, meaning `n == 0` (or `n != 0`, the
    /// branches swapped) for every `n` at least 0, and neither the value
    /// at 0 nor the item calls the function or reads a slot but the
    /// parameter. Both are small enough (`magnitude`) that no sum of the
    /// value and at most 64 items overflows, so that the sum, added in
    /// any order, is the calls' exactly, never an error they do not meet.
    pub(super) fn of(body: &IntExpr, own: usize, slots: usize) -> Option<DigitFold> {
        let IntExpr::Select(cond, a, b) = body else {
            return None;
        };
        let (at_zero, step) = match zero_test(cond)? {
            true => (a, b),
            false => (b, a),
        };
        let IntExpr::Binary(IntOp::Add, x, y) = &**step else {
            return None;
        };
        let (item, radix) = match (own_call(x, own), own_call(y, own)) {
            (None, Some(radix)) => (x, radix),
            (Some(radix), None) => (y, radix),
            _ => None?,
        };
        let plain = |e: &IntExpr| !calls_itself(e, own) && (1..slots).all(|slot| !e.uses(slot));
        if !(plain(at_zero) && plain(item)) {
            return None;
        }
        let at_zero = at_zero.substitute(0, 0)?;
        let largest = magnitude(&at_zero)?.checked_add(magnitude(item)?.checked_mul(64)?)?;
        let fold = DigitFold {
            at_zero,
            item: (**item).clone(),
            radix,
        };
        // Only a count of the bits is one operation: a sum of other
        // digits runs a loop a digit, where the calls, their results
        // remembered, cost one call a position in a fill.
        (largest < 1 << 62 && counted_bits(&fold.digits(0, 1)).is_some()).then_some(fold)
    }
}

/// A bound on the absolute value of `e`, where one is plain: constants,
/// remainders by constants, and choices, sums and products of those.
fn magnitude(e: &IntExpr) -> Option<i64> {
    if let Some(value) = e.as_constant() {
        return value.checked_abs();
    }
    match e {
        IntExpr::Binary(IntOp::Mod, _, divisor) => divisor.as_constant()?.checked_abs(),
        IntExpr::Binary(IntOp::Add | IntOp::Sub, a, b) => magnitude(a)?.checked_add(magnitude(b)?),
        IntExpr::Binary(IntOp::Mul, a, b) => magnitude(a)?.checked_mul(magnitude(b)?),
        IntExpr::Select(_, a, b) => Some(magnitude(a)?.max(magnitude(b)?)),
        _ => None,
    }
}

/// Whether `cond` is `n == 0` (`true`) or `n != 0` (`false`) for every
/// `n` at least 0, `n` slot 0: `n == 0`, `n <= 0`, `n < 1` and their
/// opposites, either way round.
fn zero_test(cond: &Cond) -> Option<bool> {
    let Cond::Cmp(op, a, b) = cond else {
        return None;
    };
    let (op, value) = match (a.as_constant(), b.as_constant()) {
        (None, Some(value)) if *a == IntExpr::slot(0) => (*op, value),
        (Some(value), None) if *b == IntExpr::slot(0) => (op.mirrored(), value),
        _ => return None,
    };
    match (op, value) {
        (CmpOp::Eq | CmpOp::Le, 0) | (CmpOp::Lt, 1) => Some(true),
        (CmpOp::Ne | CmpOp::Gt, 0) | (CmpOp::Ge, 1) => Some(false),
        _ => None,
    }
}

/// The radix `b` where `e` is the call `own(n / b)`, `b` at least 2.
fn own_call(e: &IntExpr, own: usize) -> Option<i64> {
    let IntExpr::Call(function, args) = e else {
        return None;
    };
    let [IntExpr::Binary(IntOp::Div, n, radix)] = &args[..] else {
        return None;
    };
    let radix = radix.as_constant().filter(|&radix| radix >= 2)?;
    (*function == own && **n == IntExpr::slot(0)).then_some(radix)
}

impl DigitFold {
    /// The digits' sum, `[item(n / radix ** j) for j in 0..end]` ending
    /// where the quotient is 0 (`Until::vanishing`), on the argument in
    /// slot `arg`, `j` in slot `j`: `end` is past the greatest power that
    /// fits, as the calls divide `n` down to 0 at most that many times.
    fn digits(&self, arg: usize, j: usize) -> ListExpr {
        let power = IntExpr::binary(IntOp::Pow, IntExpr::constant(self.radix), IntExpr::slot(j));
        let quotient = IntExpr::binary(IntOp::Div, IntExpr::slot(arg), power);
        let end = std::iter::successors(Some(1i64), |p| p.checked_mul(self.radix)).count();
        let until = Until {
            slot: j,
            low: IntExpr::constant(0),
            high: IntExpr::constant(end as i64),
            cond: Cond::Cmp(CmpOp::Ne, quotient.clone(), IntExpr::constant(0)),
            hint: Default::default(),
        };
        let clause = ListClause::For {
            slot: j,
            over: Over::Range {
                low: IntExpr::constant(0),
                high: IntExpr::Until(Box::new(until)),
                inclusive: false,
            },
        };
        let item = self.item.with_slot_as(0, &quotient);
        ListExpr::Comprehension(Box::new(Comprehension::new(vec![clause], item)))
    }
}

impl Compiler {
    /// Computes `fold` on the argument in `arg` into `dst` where the
    /// argument is at least 0, as the sum over its quotients; else jumps
    /// to `negative`.
    pub(super) fn fold_digits(
        &mut self,
        fold: &DigitFold,
        arg: Reg,
        dst: Reg,
        negative: &mut Label,
    ) {
        let jump = Op::UnlessConst {
            op: CmpOp::Ge,
            a: arg,
            value: 0,
            to: 0,
        };
        self.jump(jump, negative);
        let digits = fold.digits(arg as usize, self.temp() as usize);
        let sum = IntExpr::binary(
            IntOp::Add,
            fold.at_zero.clone(),
            IntExpr::reduce(Fold::Sum, digits),
        );
        self.int_into(&sum, dst);
    }
}

//! Recursive functions that walk the digits of their argument, `def pc(n)
//! = if n == 0 then 0 else n % 2 + pc(n / 2)`: for an argument at least 0
//! the calls go down the quotients `n / b ** j` to 0, so the function is
//! its value at 0 plus its item summed over those quotients, a sum that
//! ends where the quotient is 0 (`Until::vanishing`). Where that sum counts
//! the bits of the argument, a position's code runs it as one count
//! (`Op::BitCount`) where the calls nested. An argument below 0 never
//! reaches 0 (`-1 / 2` is `-1`): its calls nest as written, until they
//! are too deep.
//!
//! Functions that walk the digits testing each, `has(n, d) = n > 0 and
//! (n % 10 == d or has(n / 10, d))`, are whether the digit is among the
//! number's: a bit of the set of its digits, which a position's code
//! computes once (`DigitTest`).

use super::calls::calls_itself;
use super::compile::{Compiler, Label};
use super::expr::summed_digits;
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
        let (at_zero, step) = match zero_test(cond, 0)? {
            true => (a, b),
            false => (b, a),
        };
        let IntExpr::Binary(IntOp::Add, x, y) = &**step else {
            return None;
        };
        let (item, radix) = match (own_call(x, own, 0), own_call(y, own, 0)) {
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
        // Only a sum of the digits themselves is one operation: a sum of
        // other items runs a loop a digit, where the calls, their results
        // remembered, cost one call a position in a fill.
        (largest < 1 << 62 && summed_digits(&fold.digits(0, 1)).is_some()).then_some(fold)
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
/// `n` at least 0, `n` slot `n`: `n == 0`, `n <= 0`, `n < 1` and their
/// opposites, either way round.
fn zero_test(cond: &Cond, n: usize) -> Option<bool> {
    let Cond::Cmp(op, a, b) = cond else {
        return None;
    };
    let (op, value) = match (a.as_constant(), b.as_constant()) {
        (None, Some(value)) if *a == IntExpr::slot(n) => (*op, value),
        (Some(value), None) if *b == IntExpr::slot(n) => (op.mirrored(), value),
        _ => return None,
    };
    match (op, value) {
        (CmpOp::Eq | CmpOp::Le, 0) | (CmpOp::Lt, 1) => Some(true),
        (CmpOp::Ne | CmpOp::Gt, 0) | (CmpOp::Ge, 1) => Some(false),
        _ => None,
    }
}

/// The radix `b` where `e` is the call of function `own` on `n / b` in
/// the place of its parameter `n`, slot `number`, its other parameters
/// passed on as they are (`own(n / b)`, `has(n / b, d)`), `b` at least 2.
fn own_call(e: &IntExpr, own: usize, number: usize) -> Option<i64> {
    let IntExpr::Call(function, args) = e else {
        return None;
    };
    let IntExpr::Binary(IntOp::Div, n, radix) = args.get(number)? else {
        return None;
    };
    let passed_on = (0..)
        .zip(args)
        .all(|(slot, arg)| slot == number || *arg == IntExpr::slot(slot));
    let radix = radix.as_constant().filter(|&radix| radix >= 2)?;
    (*function == own && **n == IntExpr::slot(number) && passed_on).then_some(radix)
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

/// A function that tests whether a number has a digit,
/// `has(n, d) = n > 0 and (n % 10 == d or has(n / 10, d))`: for a number
/// at least 0 the calls go down its quotients to 0, testing the last
/// digit of each, so the function is whether the digit is among the
/// number's. Those are the bits of one set (`Op::DigitSet`), which a
/// position computes once, where each call walked the digits again
/// (`for d in 1..=9 if has(n, d)`: nine walks).
#[derive(Clone, Debug)]
pub(super) struct DigitTest {
    /// The parameter whose digits are tested.
    number: usize,
    /// The digit looked for: a constant, or a parameter the function's
    /// calls of itself pass on as they are.
    digit: Digit,
    radix: i64,
}

/// The digit a `DigitTest` looks for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Digit {
    Constant(i64),
    Param(usize),
}

impl DigitTest {
    /// The test that `body`, the body of function `own` of `params`
    /// parameters, is, if it is one, whichever parameter is the number.
    /// Any spelling whose parts are the test of the number for 0
    /// (`zero_test`), the comparison of its last digit with the digit and
    /// the call on its quotient (`n / radix`, the other parameters as they
    /// are), joined by `and`, `or`, `not` and `if … then … else`: the
    /// body's value is checked to be `not zero and (digit or call)` for
    /// every truth of the three parts.
    pub(super) fn of(body: &IntExpr, own: usize, params: usize) -> Option<DigitTest> {
        (0..params).find_map(|number| {
            let mut parts = Parts {
                own,
                params,
                number,
                radix: None,
                digit: None,
            };
            for truth in 0..8 {
                let [zero, digit, call] = [truth & 1 != 0, truth & 2 != 0, truth & 4 != 0];
                let value = parts.value(body, (zero, digit, call))?;
                (value == (!zero && (digit || call)) as i64).then_some(())?;
            }
            let radix = parts.radix.filter(|radix| (2..=63).contains(radix))?;
            Some(DigitTest {
                number,
                digit: parts.digit?,
                radix,
            })
        })
    }
}

/// The parts of a body `DigitTest::of` reads, and the radix and the digit
/// they name, the same in each.
struct Parts {
    own: usize,
    params: usize,
    /// The number's slot.
    number: usize,
    radix: Option<i64>,
    digit: Option<Digit>,
}

impl Parts {
    /// The value of `e` where the number is 0 (`zero`), its last digit
    /// the digit (`digit`) and the call on its quotient true (`call`);
    /// `None` where `e` has another part. Every part is read, wherever
    /// it is, so that each is checked.
    fn value(&mut self, e: &IntExpr, truth: (bool, bool, bool)) -> Option<i64> {
        if let Some(value) = e.as_constant() {
            return Some(value);
        }
        match e {
            IntExpr::Select(cond, a, b) => {
                let (holds, a, b) = (
                    self.holds(cond, truth)?,
                    self.value(a, truth)?,
                    self.value(b, truth)?,
                );
                Some(if holds { a } else { b })
            }
            IntExpr::Call(function, _) if *function == self.own => {
                self.same_radix(own_call(e, self.own, self.number)?)?;
                Some(truth.2 as i64)
            }
            _ => None,
        }
    }

    /// Whether `c` holds, as `value`.
    fn holds(&mut self, c: &Cond, truth: (bool, bool, bool)) -> Option<bool> {
        match c {
            Cond::Const(holds) => Some(*holds),
            Cond::Not(c) => Some(!self.holds(c, truth)?),
            Cond::And(a, b) => Some(self.holds(a, truth)? & self.holds(b, truth)?),
            Cond::Or(a, b) => Some(self.holds(a, truth)? | self.holds(b, truth)?),
            Cond::Cmp(op, a, b) => {
                if let Some(zero) = zero_test(c, self.number) {
                    return Some(zero == truth.0);
                }
                if matches!(op, CmpOp::Eq | CmpOp::Ne) && self.digit_compared(a, b)? {
                    return Some((*op == CmpOp::Eq) == truth.1);
                }
                Some(op.holds(self.value(a, truth)?, self.value(b, truth)?))
            }
            Cond::Remembered(_) => None,
        }
    }

    /// Whether `a` and `b` are the number's last digit and the digit,
    /// either way round (`Some(true)`); `Some(false)` where neither is a
    /// last digit, `None` where one is but the other is not the digit.
    fn digit_compared(&mut self, a: &IntExpr, b: &IntExpr) -> Option<bool> {
        let (radix, digit) = match (last_digit(a, self.number), last_digit(b, self.number)) {
            (Some(radix), None) => (radix, b),
            (None, Some(radix)) => (radix, a),
            _ => return Some(false),
        };
        self.same_radix(radix.as_constant()?)?;
        let digit = match (digit.as_constant(), digit) {
            (Some(value), _) => Digit::Constant(value),
            (None, IntExpr::Affine(a)) if a.constant == 0 && a.terms.len() == 1 => {
                let (slot, 1) = a.terms[0] else { return None };
                let param = slot < self.params && slot != self.number;
                param.then_some(Digit::Param(slot))?
            }
            _ => return None,
        };
        (*self.digit.get_or_insert(digit) == digit).then_some(true)
    }

    /// Whether `radix` is the one every other part names.
    fn same_radix(&mut self, radix: i64) -> Option<()> {
        (*self.radix.get_or_insert(radix) == radix).then_some(())
    }
}

/// The radix `b` where `e` is `n % b`, `n` slot `n`.
fn last_digit(e: &IntExpr, n: usize) -> Option<&IntExpr> {
    match e {
        IntExpr::Binary(IntOp::Mod, number, radix) if **number == IntExpr::slot(n) => Some(radix),
        _ => None,
    }
}

impl Compiler {
    /// Whether the number of a call (its arguments' expressions and
    /// registers) has the digit `test` looks for, 1 or 0 into `dst`, where
    /// the number is at least 0; else jumps to `negative`.
    pub(super) fn test_digits(
        &mut self,
        test: &DigitTest,
        (exprs, args): (&[IntExpr], &[Reg]),
        dst: Reg,
        negative: &mut Label,
    ) {
        let number = test.number;
        let jump = Op::UnlessConst {
            op: CmpOp::Ge,
            a: args[number],
            value: 0,
            to: 0,
        };
        self.jump(jump, negative);
        let set = self.digit_set(&exprs[number], args[number], test.radix);
        // No bit past the radix is set: a digit out of its range is not
        // among them.
        let index = match test.digit {
            Digit::Constant(digit) => self.int(&IntExpr::constant(digit)),
            Digit::Param(slot) => args[slot],
        };
        self.ops.push(Op::Bit { dst, a: set, index });
    }

    /// The register holding the set of the digits of `n`, whose value is
    /// in `arg`: computed once a position, before the elements, where `n`
    /// reads only the parameters, and shared by every test of its digits.
    fn digit_set(&mut self, n: &IntExpr, arg: Reg, radix: i64) -> Reg {
        let known = self
            .digit_sets
            .iter()
            .find(|(e, r, _)| e == n && *r == radix);
        if let Some(&(.., set)) = known {
            return set;
        }
        let set = self.temp();
        let op = Op::DigitSet {
            dst: set,
            a: arg,
            radix: radix as u32,
        };
        if self.invariant(n) {
            self.prelude.push(op);
            self.digit_sets.push((n.clone(), radix, set));
        } else {
            self.ops.push(op);
        }
        set
    }

    /// Whether the kernel's function `function` tests a number for a
    /// digit (`DigitTest`).
    pub(super) fn tests_digits(&self, function: usize) -> bool {
        matches!(self.loops.get(function), Some(Some(f)) if f.tests_digits())
    }
}

/// The sum of the digits `low..end` of `n` in `radix`, as `/` and `%`
/// round down (`Op::DigitSum`): the quotients of a number below 0 never
/// reach 0, and each adds its remainder. The common radixes are constants
/// to the compiler, whose divisions by them are multiplications.
pub(super) fn digit_sum(n: i64, radix: u32, (low, end): (u32, u32)) -> i64 {
    #[inline(always)]
    fn walk(mut q: u64, radix: u64, (low, end): (u32, u32)) -> i64 {
        for _ in 0..low {
            q /= radix;
        }
        let mut sum = 0;
        for _ in low..end {
            if q == 0 {
                break;
            }
            sum += q % radix;
            q /= radix;
        }
        sum as i64
    }
    if n < 0 {
        let radix = i64::from(radix);
        let mut q = (0..low).fold(n, |q, _| q.div_euclid(radix));
        return (low..end).fold(0, |sum, _| {
            let digit = q.rem_euclid(radix);
            q = q.div_euclid(radix);
            sum + digit
        });
    }
    match radix {
        10 => walk(n as u64, 10, (low, end)),
        16 => walk(n as u64, 16, (low, end)),
        radix => walk(n as u64, u64::from(radix), (low, end)),
    }
}

/// The set of the digits of `n` in `radix`, as the bits of those digits:
/// none for `n` at most 0 (`Op::DigitSet`). The common radixes are
/// constants to the compiler, whose divisions by them are multiplications.
pub(super) fn digit_set(n: i64, radix: u32) -> i64 {
    #[inline(always)]
    fn walk(mut n: u64, radix: u64) -> i64 {
        let mut set = 0;
        while n > 0 {
            set |= 1 << (n % radix);
            n /= radix;
        }
        set
    }
    let n = n.max(0) as u64;
    match radix {
        2 => walk(n, 2),
        10 => walk(n, 10),
        16 => walk(n, 16),
        radix => walk(n, radix as u64),
    }
}

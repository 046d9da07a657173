//! Expressions and conditions → operations: one operation per node into
//! a fresh temporary (a slot read as it is needs none), a condition jumps
//! that skip what `and` and `or` would not evaluate. An expression of the
//! parameters that cannot fail goes to the prelude, computed once per
//! position and shared; a call the position makes once, once.

use std::rc::Rc;

use super::compile::{Compiler, Label};
use super::{Height, Op, Reg, Search};
use crate::engine::kernel::functions::Memo;
use crate::engine::kernel::until::vanishing_quotient;
use crate::engine::kernel::{
    CmpOp, Cond, Fold, IntExpr, IntOp, ListClause, ListExpr, MAX_PARAMS, MAX_SLOTS,
};

impl Compiler {
    /// The register holding the value of `e`, computed into a fresh
    /// temporary unless `e` is a slot as it is.
    pub(super) fn int(&mut self, e: &IntExpr) -> Reg {
        if let IntExpr::Affine(a) = e
            && let [(slot, 1)] = a.terms[..]
            && a.constant == 0
        {
            return slot as Reg;
        }
        if let Some(&(_, reg)) = self.hoisted.iter().find(|(h, _)| h == e) {
            return reg;
        }
        if self.same_in_position(e) {
            return self.once(e);
        }
        let dst = self.temp();
        if self.invariant(e) {
            // Into the prelude: its operations are the expression's own.
            let body = std::mem::take(&mut self.ops);
            self.int_into(e, dst);
            self.prelude
                .append(&mut std::mem::replace(&mut self.ops, body));
            self.hoisted.push((e.clone(), dst));
            return dst;
        }
        self.int_into(e, dst);
        dst
    }

    /// The two registers keeping the last power of `base` taken at the
    /// exponent in `exp` (`Op::PowStep`), shared by every power of them;
    /// the prelude clears them at each position's start.
    fn power_cache(&mut self, base: i64, exp: Reg) -> Reg {
        if let Some(&(_, _, cache)) = (self.powers.iter()).find(|p| (p.0, p.1) == (base, exp)) {
            return cache;
        }
        let cache = self.cleared_pair(i64::MIN);
        self.powers.push((base, exp, cache));
        cache
    }

    /// Two fresh consecutive registers, the first set to `value` by the
    /// prelude at each position's start: a cache of the position's (see
    /// `power_cache`, `once`).
    fn cleared_pair(&mut self, value: i64) -> Reg {
        let first = self.temp();
        self.temp();
        self.prelude.push(Op::Const { dst: first, value });
        first
    }

    /// The first of the fresh consecutive registers holding the values of
    /// `es`, in order.
    pub(super) fn consecutive(&mut self, es: &[IntExpr]) -> Reg {
        let first = self.next;
        self.next += es.len() as Reg;
        for (at, e) in (first..).zip(es) {
            self.int_into(e, at);
        }
        first
    }

    /// Whether `e` is a call of a function on the parameters alone
    /// (`total(p)` in a filter): its value is the same wherever the
    /// position's code computes it, so it is computed once, where first
    /// needed (`once`). It may fail, so it is not computed before it is.
    fn same_in_position(&self, e: &IntExpr) -> bool {
        let call = match e {
            // A test of a digit is cheaper than the flag (`DigitTest`).
            IntExpr::Call(function, _) => !self.tests_digits(*function),
            IntExpr::Reduce(Fold::Sum, list) => matches!(**list, ListExpr::Call(..)),
            _ => false,
        };
        // The registers past the slots hold the parameters of calls run in
        // place (`Compiler::inline`), which differ from call to call.
        let registers = self.next.max(MAX_SLOTS as Reg) as usize;
        call && (self.params..registers).all(|slot| !e.uses(slot))
    }

    /// The register holding `e`'s value (see `same_in_position`), computed
    /// unless this position computed it already: a flag the prelude
    /// clears says so.
    fn once(&mut self, e: &IntExpr) -> Reg {
        let flag = match self.once.iter().find(|(o, _)| o == e) {
            Some(&(_, flag)) => flag,
            None => {
                let flag = self.cleared_pair(0);
                self.once.push((e.clone(), flag));
                flag
            }
        };
        let value = flag + 1;
        let mut known = Label::default();
        let unknown = Op::UnlessConst {
            op: CmpOp::Eq,
            a: flag,
            value: 0,
            to: 0,
        };
        self.jump(unknown, &mut known);
        self.int_into(e, value);
        self.ops.push(Op::Const {
            dst: flag,
            value: 1,
        });
        self.place(known);
        value
    }

    /// Whether `e` reads only the parameters and cannot fail: computing
    /// it once per position, before any element, changes nothing.
    pub(super) fn invariant(&self, e: &IntExpr) -> bool {
        match e {
            IntExpr::Affine(a) => a.terms.iter().all(|&(slot, _)| slot < self.params),
            IntExpr::Binary(IntOp::Mod | IntOp::Div, a, b) => {
                matches!(b.as_constant(), Some(c) if c != 0 && c != -1) && self.invariant(a)
            }
            IntExpr::Binary(IntOp::Xor, a, b) => self.invariant(a) && self.invariant(b),
            IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().all(|x| self.invariant(x)),
            _ => false,
        }
    }

    pub(super) fn int_into(&mut self, e: &IntExpr, dst: Reg) {
        let op = match e {
            IntExpr::Affine(a) => match a.terms[..] {
                [] => Op::Const {
                    dst,
                    value: a.constant,
                },
                [(slot, 1)] => Op::Offset {
                    dst,
                    a: slot as Reg,
                    value: a.constant,
                },
                [(a_slot, ka), (b_slot, kb)] => Op::Pair {
                    dst,
                    a: a_slot as Reg,
                    ka,
                    b: b_slot as Reg,
                    kb,
                    value: a.constant,
                },
                _ => Op::Affine {
                    dst,
                    constant: a.constant,
                    terms: a.terms.iter().map(|&(s, k)| (s as Reg, k)).collect(),
                },
            },
            IntExpr::Large(value) => Op::Const { dst, value: *value },
            IntExpr::Binary(IntOp::Pow, a, b)
                if let Some(base) = a.as_constant().filter(|base| base.abs() >= 2)
                    && b.as_constant().is_none() =>
            {
                let exp = self.int(b);
                let cache = self.power_cache(base, exp);
                Op::PowStep {
                    dst,
                    base,
                    exp,
                    cache,
                }
            }
            // `a // 2 ** exp % 2 ** m`: bits `exp` to `exp + m` of `a`.
            IntExpr::Binary(IntOp::Mod, quotient, modulus)
                if let IntExpr::Binary(IntOp::Div, a, b) = &**quotient
                    && let Some(exp) = power_of_two(b)
                    && let Some(modulus) = modulus.as_constant()
                    && modulus > 1
                    && modulus & (modulus - 1) == 0 =>
            {
                Op::Bits {
                    dst,
                    a: self.int(a),
                    exp: self.int(exp),
                    mask: modulus - 1,
                }
            }
            IntExpr::Binary(op @ (IntOp::Div | IntOp::Mod), a, b)
                if let Some(exp) = power_of_two(b) =>
            {
                Op::ByPowerOfTwo {
                    dst,
                    a: self.int(a),
                    exp: self.int(exp),
                    rem: *op == IntOp::Mod,
                }
            }
            IntExpr::Binary(op, a, b) => {
                let a = self.int(a);
                match b.as_constant() {
                    // Python's remainder by a positive divisor: Euclid's.
                    Some(value) if *op == IntOp::Mod && value > 0 && value <= u32::MAX as i64 => {
                        Op::Rem {
                            dst,
                            a,
                            divisor: value as u32,
                            magic: magic(value as u32),
                        }
                    }
                    // Division by a positive constant, rounded down.
                    Some(value) if *op == IntOp::Div && value > 1 && value <= u32::MAX as i64 => {
                        Op::Quot {
                            dst,
                            a,
                            divisor: value as u32,
                            magic: magic(value as u32),
                        }
                    }
                    Some(value) => Op::BinaryConst {
                        op: *op,
                        dst,
                        a,
                        value,
                    },
                    None => Op::Binary {
                        op: *op,
                        dst,
                        a,
                        b: self.int(b),
                    },
                }
            }
            IntExpr::Abs(a) => Op::Abs {
                dst,
                a: self.int(a),
            },
            IntExpr::Min(xs) | IntExpr::Max(xs) => {
                let min = matches!(e, IntExpr::Min(_));
                let mut regs = xs.iter().map(|x| self.int(x));
                let first = regs.next().expect("min and max have an argument");
                let rest: Vec<Reg> = regs.collect();
                self.ops.push(Op::Copy { dst, a: first });
                for b in rest {
                    self.ops.push(match min {
                        true => Op::Min { dst, a: dst, b },
                        false => Op::Max { dst, a: dst, b },
                    });
                }
                return;
            }
            IntExpr::Select(cond, a, b) => {
                let copy = |c: &mut Self, e: &IntExpr| {
                    let a = c.int(e);
                    c.ops.push(Op::Copy { dst, a });
                };
                return self.choose(cond, |c| copy(c, a), |c| copy(c, b));
            }
            IntExpr::Item(list, index) if let ListExpr::Pick(table, key) = &**list => {
                let index = self.int(index);
                Op::Item {
                    dst,
                    table: table.clone(),
                    key: self.int(key),
                    index,
                }
            }
            IntExpr::Item(list, index) => {
                return self.with_list(list, |c, header| {
                    let index = c.int(index);
                    c.ops.push(Op::At { dst, header, index });
                });
            }
            IntExpr::Reduce(Fold::Sum, list)
                if let Some((x, radix, low, end)) = summed_digits(list) =>
            {
                let a = self.int(x);
                match radix {
                    2 => Op::BitCount {
                        dst,
                        a,
                        shift: low,
                        mask: ((1u64 << (end - low)) - 1) as i64,
                    },
                    _ => Op::DigitSum {
                        dst,
                        a,
                        radix: radix as u32,
                        low,
                        end,
                    },
                }
            }
            // One loop and its filters (as `ir` makes them), its items
            // reduced as they come: none is laid on the item stack. The
            // range is walkable, so the list would fit.
            IntExpr::Reduce(fold @ (Fold::Any | Fold::Sum | Fold::Len), list)
                if let ListExpr::Comprehension(c) = &**list
                    && let Some((slot, low, high, inclusive)) =
                        c.clauses.first().and_then(ListClause::range)
                    && (c.clauses[1..].iter()).all(|c| matches!(c, ListClause::If(_))) =>
            {
                self.ops.push(Op::Const { dst, value: 0 });
                let mut found = Label::default();
                let range = (low, high, inclusive);
                self.range_loop(
                    slot as Reg,
                    range,
                    |_, _, _| {},
                    |s| {
                        let mut skip = Label::default();
                        for clause in &c.clauses[1..] {
                            if let ListClause::If(cond) = clause {
                                s.branch(cond, false, &mut skip);
                            }
                        }
                        s.reduce_item(*fold, &c.item, dst, &mut found);
                        s.place(skip);
                    },
                );
                self.place(found);
                return;
            }
            IntExpr::Reduce(fold, list) => {
                return self.with_list(list, |c, header| {
                    (c.ops).push(Op::Fold {
                        dst,
                        fold: *fold,
                        header,
                    })
                });
            }
            IntExpr::Fold(fold, header) => Op::Fold {
                dst,
                fold: *fold,
                header: *header as Reg,
            },
            IntExpr::At(header, index) => Op::At {
                dst,
                header: *header as Reg,
                index: self.int(index),
            },
            IntExpr::Call(function, args) if let Some(in_place) = self.in_place(*function) => {
                return self.inline(*function, &in_place, args, dst);
            }
            IntExpr::Call(function, args) => Op::Call {
                dst,
                function: *function as u32,
                args: args.iter().map(|arg| self.int(arg)).collect(),
                inlined: self.inlining.len() as u32,
            },
            IntExpr::Grundy(foreign, args) if args.len() <= MAX_PARAMS => Op::Grundy {
                dst,
                foreign: *foreign as u32,
                args: args.iter().map(|arg| self.int(arg)).collect(),
            },
            IntExpr::GrundyOfList(foreign, list) => {
                let foreign = *foreign as u32;
                return self.with_list(list, |c, header| {
                    c.ops.push(Op::GrundyOfList {
                        dst,
                        foreign,
                        header,
                    })
                });
            }
            IntExpr::Until(until) if let Some((x, base)) = until.vanishing() => {
                let (low, high) = (self.int(&until.low), self.int(&until.high));
                Op::QuotientEnd {
                    dst,
                    x: self.int(x),
                    base,
                    low,
                    high,
                }
            }
            IntExpr::Until(until) => {
                let (low, high) = (self.int(&until.low), self.int(&until.high));
                Op::Until {
                    dst,
                    low,
                    high,
                    search: Rc::new(Search::of(until)),
                }
            }
            // A foreign position of more arguments is the generic search's.
            IntExpr::Grundy(..) => Op::Fail,
        };
        self.ops.push(op);
    }

    /// Jumps to `label` when `cond` is `when`; otherwise goes on.
    pub(super) fn branch(&mut self, cond: &Cond, when: bool, label: &mut Label) {
        match cond {
            Cond::Const(holds) if *holds == when => self.jump(Op::Jump { to: 0 }, label),
            Cond::Const(_) => {}
            Cond::Cmp(op, a, b) => {
                // `Unless` jumps when the comparison fails: to jump when it
                // holds, test the opposite.
                let op = if when { op.negated() } else { *op };
                // A constant on the left (`1 <= n`, a loop unrolled) is
                // compared on the right, without a register.
                let (op, a, b) = match (a.as_constant(), b.as_constant()) {
                    (Some(_), None) => (op.mirrored(), b, a),
                    _ => (op, a, b),
                };
                let a = self.int(a);
                let jump = match b.as_constant() {
                    Some(value) => Op::UnlessConst {
                        op,
                        a,
                        value,
                        to: 0,
                    },
                    None => Op::Unless {
                        op,
                        a,
                        b: self.int(b),
                        to: 0,
                    },
                };
                self.jump(jump, label);
            }
            Cond::Not(c) => self.branch(c, !when, label),
            Cond::And(a, b) | Cond::Or(a, b) => {
                // `a and b` is false as soon as `a` is; `a or b` true.
                let decides = matches!(cond, Cond::Or(..));
                if when == decides {
                    self.branch(a, when, label);
                    self.branch(b, when, label);
                } else {
                    let mut decided = Label::default();
                    self.branch(a, decides, &mut decided);
                    self.branch(b, when, label);
                    self.place(decided);
                }
            }
            Cond::Remembered(remembered) => {
                // 1 or 0 into `value`: recalled by the slot's value, or
                // computed and remembered.
                let memo = Rc::new(Memo::default());
                let (value, key) = (self.temp(), self.temp());
                let mut known = Label::default();
                let recall = Op::Recall {
                    memo: memo.clone(),
                    args: Box::new([remembered.slot as Reg]),
                    key,
                    dst: value,
                    to: 0,
                    inlined: 0,
                };
                self.jump(recall, &mut known);
                let set = |c: &mut Self, holds| {
                    c.ops.push(Op::Const {
                        dst: value,
                        value: holds,
                    })
                };
                self.choose(&remembered.cond, |c| set(c, 1), |c| set(c, 0));
                self.ops.push(Op::Remember {
                    memo,
                    key,
                    value,
                    height: Height::None,
                });
                self.place(known);
                // `Unless` jumps when the comparison fails.
                let op = if when { CmpOp::Eq } else { CmpOp::Ne };
                let test = Op::UnlessConst {
                    op,
                    a: value,
                    value: 0,
                    to: 0,
                };
                self.jump(test, label);
            }
        }
    }
}

/// Lemire's constant for `divisor`, `⌈2⁶⁴ / divisor⌉`: the quotient and
/// the remainder of `x < 2³²` by it are multiplications, where a division
/// is slow (`Op::Quot`, `Op::Rem`).
fn magic(divisor: u32) -> u64 {
    (u64::MAX / divisor as u64).wrapping_add(1)
}

/// `[x / b ** j % b for j in low..end]`, the digits `low` to `end` of `x`
/// in radix `b` (as `/` and `%` round down: two's complement's bits for
/// `b` = 2), between constants `0 <= low` and `end <= 63` where `b **
/// (end - 1)` fits, so that no power overflows, and `low < end`, so that
/// `x` is read as the loop reads it; the loop may end where the quotient
/// is 0 (`Until::vanishing`), where the digits left are 0. Their sum as
/// `Op::BitCount` and `Op::DigitSum` add it up: `x`, `b`, `low` and
/// `end`.
pub(super) fn summed_digits(list: &ListExpr) -> Option<(&IntExpr, i64, u32, u32)> {
    let ListExpr::Comprehension(c) = list else {
        return None;
    };
    let [clause] = &c.clauses[..] else {
        return None;
    };
    let (slot, low, high, inclusive) = clause.range()?;
    let IntExpr::Binary(IntOp::Mod, quotient, radix) = &c.item else {
        return None;
    };
    let (x, base) = vanishing_quotient(quotient, slot)?;
    let end = match high {
        IntExpr::Until(until) if until.slot == slot && until.low == *low => {
            (until.vanishing() == Some((x, base))).then_some(())?;
            until.high.as_constant()?
        }
        high => high.as_constant()? + inclusive as i64,
    };
    let low = low.as_constant()?;
    let fits = u32::try_from(end - 1).is_ok_and(|last| base.checked_pow(last).is_some());
    let radix = radix
        .as_constant()
        .filter(|&r| r == base && r <= i64::from(u32::MAX))?;
    (0 <= low && low < end && end <= 63 && fits).then_some((x, radix, low as u32, end as u32))
}

/// The exponent where `e` is `2 ** exp`, `exp` not a constant: a division
/// or remainder by it is a shift or a mask (`Op::ByPowerOfTwo`,
/// `Op::Bits`).
fn power_of_two(e: &IntExpr) -> Option<&IntExpr> {
    match e {
        IntExpr::Binary(IntOp::Pow, base, exp)
            if base.as_constant() == Some(2) && exp.as_constant().is_none() =>
        {
            Some(exp)
        }
        _ => None,
    }
}

//! The bodies of recursive functions returning integers → code. A call of
//! the function itself in tail position starts the body again on new
//! arguments, a loop where a call would nest. A function that calls itself
//! only there, with two to eight parameters, is a loop, and a position's
//! code runs it in place: its parameters are registers of the caller's
//! frame, and a call of it costs no frame of its own.
//!
//! A position's code runs the other recursive functions in place too, one
//! level deep: the body once, where the call is, its own calls of itself
//! real calls. A fill asks each for one new argument a position (`pc(n)`
//! for `pc(n / 2)`, kept, to give `n % 2 + pc(n / 2)`): that one is then
//! computed with no frame of its own, and the calls it makes are found
//! kept.

use std::rc::Rc;

use super::compile::{Compiler, Label};
use super::digits::{DigitFold, DigitTest};
use super::{Code, Height, Op, Reg};
use crate::engine::kernel::functions::Memo;
use crate::engine::kernel::{CmpOp, Cond, IntExpr, IntFunction, MAX_PARAMS};

/// Loops nested in place at most (a loop whose body calls another); a call
/// deeper is a real call.
const INLINE_DEPTH: usize = 4;

/// How a function's call of itself in tail position starts its body again.
#[derive(Clone, Copy)]
enum Repeat {
    /// In the function's own frame, whose first registers are its
    /// parameters (`Op::Tail`).
    Routine,
    /// In place in the caller's code: the parameters in the registers from
    /// `params` on, the calls counted in `counter`, the body starting at
    /// `start` (`Op::Again`).
    Inline {
        params: Reg,
        counter: Reg,
        start: u32,
    },
}

/// A recursive function a position's code runs in place: its body, and
/// the results it gave for small arguments, shared with its calls that
/// are not run in place.
#[derive(Clone)]
pub(super) struct InPlace {
    body: IntExpr,
    /// The slots of its frame: its parameters, then its loops' variables.
    slots: usize,
    memo: Rc<Memo>,
    /// Whether it is a loop (its body run again at each call of itself);
    /// else its body is run once, its calls of itself real calls.
    looping: bool,
    /// What it sums over the digits of its argument, if it walks them
    /// (`DigitFold`): a call of it on an argument at least 0 is that sum.
    digit_sum: Option<Rc<DigitFold>>,
    /// The digit it tests its argument for, if it does (`DigitTest`): a
    /// call of it on an argument at least 0 is a bit of the argument's
    /// set of digits.
    digit_test: Option<Rc<DigitTest>>,
}

impl InPlace {
    /// Whether it tests its argument for a digit (`DigitTest`).
    pub(super) fn tests_digits(&self) -> bool {
        self.digit_test.is_some()
    }
}

/// Each recursive function, by index, that a position's code runs in
/// place (see the module's documentation); `None` for the others.
pub(super) fn loops(functions: &[IntFunction]) -> Rc<[Option<InPlace>]> {
    (functions.iter().enumerate())
        .map(|(own, function)| {
            let params = function.params;
            let recursive = (1..=MAX_PARAMS).contains(&params) && calls_itself(&function.body, own);
            recursive.then(|| InPlace {
                body: function.body.clone(),
                slots: function.slot_names.len(),
                memo: function.memo.clone(),
                looping: params >= 2 && only_in_tail(&function.body, own),
                digit_sum: (params == 1)
                    .then(|| DigitFold::of(&function.body, own, function.slot_names.len()))
                    .flatten()
                    .map(Rc::new),
                digit_test: DigitTest::of(&function.body, own, params).map(Rc::new),
            })
        })
        .collect()
}

/// Whether `e` calls function `own` anywhere.
pub(super) fn calls_itself(e: &IntExpr, own: usize) -> bool {
    let found = std::cell::Cell::new(false);
    e.rewritten(&|e| {
        found.set(found.get() || matches!(e, IntExpr::Call(f, _) if *f == own));
        None
    });
    found.get()
}

/// Whether condition `c` calls function `own` anywhere.
fn cond_calls_itself(c: &Cond, own: usize) -> bool {
    let found = std::cell::Cell::new(false);
    c.map(&|e| {
        found.set(found.get() || calls_itself(e, own));
        e.clone()
    });
    found.get()
}

/// Whether every call of `own` in the body `e` is in tail position, as
/// `Compiler::returns` finds it: a branch of an `if … then … else` in tail
/// position, the whole value, or the last part of the condition of a body
/// that is a condition all through.
fn only_in_tail(e: &IntExpr, own: usize) -> bool {
    match e {
        IntExpr::Select(cond, a, b) if a.as_constant() == Some(1) && b.as_constant() == Some(0) => {
            only_in_tail_cond(cond, own)
        }
        _ => only_in_tail_value(e, own),
    }
}

fn only_in_tail_value(e: &IntExpr, own: usize) -> bool {
    match e {
        IntExpr::Select(cond, a, b) => {
            !cond_calls_itself(cond, own)
                && only_in_tail_value(a, own)
                && only_in_tail_value(b, own)
        }
        IntExpr::Call(f, args) if *f == own => args.iter().all(|arg| !calls_itself(arg, own)),
        _ => !calls_itself(e, own),
    }
}

fn only_in_tail_cond(c: &Cond, own: usize) -> bool {
    match c {
        Cond::Or(a, b) | Cond::And(a, b) => !cond_calls_itself(a, own) && only_in_tail_cond(b, own),
        Cond::Cmp(CmpOp::Ne, IntExpr::Call(f, args), zero)
            if *f == own && zero.as_constant() == Some(0) =>
        {
            args.iter().all(|arg| !calls_itself(arg, own))
        }
        _ => !cond_calls_itself(c, own),
    }
}

impl Compiler {
    /// The code computing `body`, the body of the kernel's function `own`,
    /// and the register its value is left in.
    pub fn routine(mut self, body: &IntExpr, own: usize) -> (Code, Reg) {
        let result = self.temp();
        let mut end = Label::default();
        self.returns(body, own, Repeat::Routine, result, &mut end);
        self.place(end);
        (self.finish(), result)
    }

    /// The loop function `function` (see `loops`) to run in place of a
    /// call of it, unless it is already being run in place around this
    /// call, or too many are.
    pub(super) fn in_place(&self, function: usize) -> Option<InPlace> {
        if self.inlining.contains(&function) || self.inlining.len() >= INLINE_DEPTH {
            return None;
        }
        self.loops.get(function)?.clone()
    }

    /// The call `function(args)` of a recursive function, run in place:
    /// its value into `dst`, recalled where the function gave it for the
    /// same small arguments before.
    pub(super) fn inline(
        &mut self,
        function: usize,
        in_place: &InPlace,
        arg_exprs: &[IntExpr],
        dst: Reg,
    ) {
        let args: Box<[Reg]> = arg_exprs.iter().map(|arg| self.int(arg)).collect();
        // A sum over the argument's digits or a test of them, and for an
        // argument below 0 the calls as written.
        let mut written = Label::default();
        let mut done = Label::default();
        if let Some(sum) = &in_place.digit_sum {
            self.fold_digits(sum, args[0], dst, &mut written);
            self.jump(Op::Jump { to: 0 }, &mut done);
        } else if let Some(test) = &in_place.digit_test {
            self.test_digits(test, (arg_exprs, &args), dst, &mut written);
            self.jump(Op::Jump { to: 0 }, &mut done);
        }
        self.place(written);
        self.inline_calls(function, in_place, &args, dst);
        self.place(done);
    }

    /// The calls of `inline` as written, on the arguments in `args`.
    fn inline_calls(&mut self, function: usize, in_place: &InPlace, args: &[Reg], dst: Reg) {
        let key = self.temp();
        let mut known = Label::default();
        let inlined = self.inlining.len() as u32;
        let recall = Op::Recall {
            memo: in_place.memo.clone(),
            args: args.into(),
            key,
            dst,
            to: 0,
            inlined,
        };
        self.jump(recall, &mut known);
        let params = self.next;
        self.next += in_place.slots as Reg;
        if !in_place.looping {
            self.body_once(function, in_place, (args, params), (key, dst));
            self.place(known);
            return;
        }
        let counter = self.temp();
        self.ops.push(Op::Const {
            dst: counter,
            value: 0,
        });
        // Entering the body is its first call: the arguments checked and
        // counted as a call of itself's are.
        let start = self.here() + 1;
        self.ops.push(Op::Again {
            moves: (params..).zip(args.iter().copied()).collect(),
            counter,
            to: start,
        });
        let repeat = Repeat::Inline {
            params,
            counter,
            start,
        };
        self.inlining.push(function);
        let mut end = Label::default();
        self.returns(
            &in_place.body.shifted(params as usize),
            function,
            repeat,
            dst,
            &mut end,
        );
        self.inlining.pop();
        self.place(end);
        // The calls counted are those computing it, as `Calls::call`
        // counts them.
        self.ops.push(Op::Remember {
            memo: in_place.memo.clone(),
            key,
            value: dst,
            height: Height::Counted(counter),
        });
        self.place(known);
    }

    /// The body of the recursive function `function` run once in place,
    /// on `args` set in its parameters from `params` on: its value into
    /// `dst` and kept at `key`, with the calls it took (`Calls::enter`).
    fn body_once(
        &mut self,
        function: usize,
        in_place: &InPlace,
        (args, params): (&[Reg], Reg),
        (key, dst): (Reg, Reg),
    ) {
        let inlined = self.inlining.len() as u32;
        let saved = self.temp();
        self.ops.push(Op::Enter { saved, inlined });
        // Checked as a call's arguments are (`Calls::call`).
        for (param, &arg) in (params..).zip(args) {
            self.ops.push(Op::Bind { dst: param, a: arg });
        }
        self.inlining.push(function);
        self.int_into(&in_place.body.shifted(params as usize), dst);
        self.inlining.pop();
        self.ops.push(Op::Remember {
            memo: in_place.memo.clone(),
            key,
            value: dst,
            height: Height::Entered { saved, inlined },
        });
    }

    /// A function's whole body: its value into `result`, then to `end`.
    fn returns(
        &mut self,
        body: &IntExpr,
        own: usize,
        repeat: Repeat,
        result: Reg,
        end: &mut Label,
    ) {
        match body {
            // A condition all through: every return gives 1 or 0.
            IntExpr::Select(cond, a, b)
                if a.as_constant() == Some(1) && b.as_constant() == Some(0) =>
            {
                self.tail_cond(cond, own, repeat, result, end);
            }
            _ => self.tail(body, own, repeat, result, end),
        }
    }

    /// `e` in tail position: its value into `result`, then to `end`. A
    /// call of the function itself there (`gcd(b, a % b)`) starts the
    /// code again on new arguments, as a loop, where a call would nest.
    fn tail(&mut self, e: &IntExpr, own: usize, repeat: Repeat, result: Reg, end: &mut Label) {
        match e {
            IntExpr::Select(cond, a, b) => {
                let mut other = Label::default();
                self.branch(cond, false, &mut other);
                self.tail(a, own, repeat, result, end);
                self.place(other);
                self.tail(b, own, repeat, result, end);
            }
            IntExpr::Call(function, args) if *function == own => match repeat {
                Repeat::Routine => {
                    // Temporaries of their own, none of them a parameter,
                    // which `Tail` overwrites.
                    let first = self.consecutive(args);
                    let count = args.len() as Reg;
                    self.ops.push(Op::Tail { first, count });
                }
                Repeat::Inline {
                    params,
                    counter,
                    start,
                } => {
                    // A parameter passed on as it is keeps its register.
                    let args: Vec<Reg> = args.iter().map(|arg| self.int(arg)).collect();
                    let moves = (params..).zip(args).filter(|(param, arg)| param != arg);
                    self.ops.push(Op::Again {
                        moves: moves.collect(),
                        counter,
                        to: start,
                    });
                }
            },
            _ => {
                self.int_into(e, result);
                self.jump(Op::Jump { to: 0 }, end);
            }
        }
    }

    /// The condition of a body that is `if cond then 1 else 0` as a whole,
    /// which therefore gives 1 or 0 however it returns: the last part of
    /// an `and` or an `or` is in tail position too, and a call of the
    /// function itself there (`odd(n / 2)` in `n == 1 or (n % 2 == 1 and
    /// odd(n / 2))`) gives the body's value. A condition nested deeper in
    /// a body that may give other values keeps its calls.
    fn tail_cond(&mut self, cond: &Cond, own: usize, repeat: Repeat, result: Reg, end: &mut Label) {
        let mut decided = Label::default();
        let value = match cond {
            Cond::Or(a, b) | Cond::And(a, b) => {
                let or = matches!(cond, Cond::Or(..));
                self.branch(a, or, &mut decided);
                self.tail_cond(b, own, repeat, result, end);
                or as i64
            }
            Cond::Cmp(CmpOp::Ne, IntExpr::Call(function, args), zero)
                if *function == own && zero.as_constant() == Some(0) =>
            {
                let call = IntExpr::Call(*function, args.clone());
                return self.tail(&call, own, repeat, result, end);
            }
            _ => {
                let mut fails = Label::default();
                self.branch(cond, false, &mut fails);
                self.ops.push(Op::Const {
                    dst: result,
                    value: 1,
                });
                self.jump(Op::Jump { to: 0 }, end);
                self.place(fails);
                0
            }
        };
        self.place(decided);
        self.ops.push(Op::Const { dst: result, value });
        self.jump(Op::Jump { to: 0 }, end);
    }
}

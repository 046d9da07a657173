//! Elements → their code: clauses become loops and forward jumps (run
//! natively where a pass found their shape), and options become emits.
//! Their expressions and conditions are compiled by `expr.rs`.

use std::rc::Rc;

use super::items::Ascending;
use super::lists::is_view;
use super::sieve::Sieve;
use super::{Code, Constants, Native, Op, Reg, Shape, Source};
use crate::engine::kernel::heaps::native_heap;
use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntFunction, Iter, ListExpr, OptionValue, SLOT_BOUND,
};

pub(super) struct Compiler {
    pub ops: Vec<Op>,
    /// The operations run before the elements, and the expressions they
    /// compute, each in its register.
    pub(super) prelude: Vec<Op>,
    pub(super) hoisted: Vec<(IntExpr, Reg)>,
    /// The caches of stepped powers: the base, the exponent's register,
    /// and the cache's first register (see `power_cache`).
    pub(super) powers: Vec<(i64, Reg, Reg)>,
    /// The calls computed once a position (see `once`): each with its
    /// flag's register, its value's the one after.
    pub(super) once: Vec<(IntExpr, Reg)>,
    /// The sets of digits the prelude computes (`Compiler::digit_set`):
    /// the number's expression, the radix and the set's register.
    pub(super) digit_sets: Vec<(IntExpr, i64, Reg)>,
    pub(super) params: usize,
    /// The next temporary free: the temporaries follow the slots.
    pub next: Reg,
    /// The kernel's functions that are loops run in place (`calls::loops`),
    /// and those being run in place around what is compiled.
    pub(super) loops: Rc<[Option<super::calls::InPlace>]>,
    pub(super) inlining: Vec<usize>,
}

/// A place to jump to, not placed yet: the operations jumping to it.
#[derive(Default)]
pub(super) struct Label(Vec<usize>);

/// The element being compiled: its index, and how its innermost loop may
/// run natively.
#[derive(Clone, Copy)]
struct Current<'a> {
    element: &'a Element,
    index: u32,
    native: Option<Native>,
}

impl Compiler {
    pub fn new(params: usize, slots: usize) -> Compiler {
        Compiler {
            ops: Vec::new(),
            prelude: Vec::new(),
            hoisted: Vec::new(),
            powers: Vec::new(),
            once: Vec::new(),
            digit_sets: Vec::new(),
            params,
            next: slots as Reg,
            loops: Rc::new([]),
            inlining: Vec::new(),
        }
    }

    /// The compiler running the loops among `functions` in place.
    pub fn with_loops(self, functions: &[IntFunction]) -> Compiler {
        Compiler {
            loops: super::calls::loops(functions),
            ..self
        }
    }

    /// The code of `elements`: the prelude, then each element in order.
    pub fn program(mut self, elements: &[Element], shapes: &[Shape]) -> Code {
        // Whether the last operation is the emit of an element with no
        // clauses, which no jump lands after: the next such element's
        // option may join it.
        let mut joinable = false;
        for ((element, shape), index) in elements.iter().zip(shapes).zip(0..) {
            if !shape.direct && element.decided_empty() {
                // No code: an emit before it may still join the next.
                continue;
            }
            let bare = !shape.direct && element.clauses.is_empty();
            if bare && joinable && self.join(&element.value) {
                continue;
            }
            joinable = bare;
            match shape.direct {
                true => self.ops.push(Op::Direct { element: index }),
                false => {
                    let current = Current {
                        element,
                        index,
                        native: shape.native,
                    };
                    self.clauses(current, 0);
                }
            }
        }
        self.finish()
    }

    /// The prelude, then the operations compiled.
    pub(super) fn finish(mut self) -> Code {
        // The operations' jumps land past the prelude.
        let offset = self.prelude.len() as u32;
        for op in &mut self.ops {
            if let Some(target) = op.target() {
                *target += offset;
            }
        }
        let mut ops = self.prelude;
        ops.append(&mut self.ops);
        let loops = (ops.iter_mut().zip(0..)).any(|(op, at)| {
            matches!(op, Op::Tail { .. }) || op.target().is_some_and(|to| *to <= at)
        });
        Code {
            ops,
            frame: self.next as usize,
            loops,
            starts: Vec::new(),
        }
    }

    pub(super) fn temp(&mut self) -> Reg {
        self.next += 1;
        self.next - 1
    }

    pub(super) fn here(&self) -> u32 {
        self.ops.len() as u32
    }

    /// Points every jump to `label` here.
    pub(super) fn place(&mut self, label: Label) {
        let here = self.here();
        for at in label.0 {
            *self.ops[at].target().expect("only jumps are patched") = here;
        }
    }

    /// Pushes a jump to `label`.
    pub(super) fn jump(&mut self, op: Op, label: &mut Label) {
        label.0.push(self.ops.len());
        self.ops.push(op);
    }

    fn clauses(&mut self, current: Current, index: usize) {
        let element = current.element;
        let last = index + 1 == element.clauses.len();
        let native = current.native.filter(|_| last);
        match element.clauses.get(index) {
            None => self.emit(&element.value, current.index),
            Some(Clause::If(cond)) => {
                let mut skip = Label::default();
                self.branch(cond, false, &mut skip);
                self.clauses(current, index + 1);
                self.place(skip);
            }
            Some(Clause::For { slot, iter }) => {
                let sieved = self.sieved(element, index);
                let slot = *slot as Reg;
                if let (
                    None,
                    Iter::Range {
                        low,
                        high,
                        inclusive,
                    },
                ) = (&sieved, iter)
                {
                    let prologue = |c: &mut Self, end: Reg, exit: &mut Label| {
                        if let Some(kind) = native {
                            c.native_range(current, kind, (slot, end), exit);
                        }
                    };
                    let body = |c: &mut Self| c.clauses(current, index + 1);
                    let range = (low, high, *inclusive);
                    return self.range_loop(slot, range, prologue, body);
                }
                if let (None, Iter::List(items)) = (&sieved, iter)
                    && let [item] = &items[..]
                {
                    let a = self.int(item);
                    self.ops.push(Op::Bind { dst: slot, a });
                    return self.clauses(current, index + 1);
                }
                let at = self.temp();
                // The loop's end and where its items start.
                self.next += 2;
                // A sieve stands for the filter after its loop as well.
                let (source, next) = match sieved {
                    Some(source) => (source, index + 2),
                    None => {
                        let source = match iter {
                            Iter::Built(list) if is_view(list) => Source::List {
                                header: self.list(list),
                            },
                            Iter::Built(list) if !matches!(list, ListExpr::Pick(..)) => {
                                self.ops.push(Op::Mark { items: at + 2 });
                                self.lay(list);
                                Source::Laid
                            }
                            _ => self.source(iter),
                        };
                        (source, index + 1)
                    }
                };
                let constants = match &source {
                    Source::Sorted { values, low, high } => {
                        Some((Constants::Fixed(values.clone()), *low, *high))
                    }
                    Source::Passing { sieve, low, high } => {
                        Some((Constants::Sieved(sieve.clone()), *low, *high))
                    }
                    _ => None,
                };
                let mut done = Label::default();
                let innermost = next == element.clauses.len();
                if let (Some(Native::Steps), true, Some(constants)) =
                    (current.native, innermost, constants)
                {
                    self.native_constants(current, slot, constants, &mut done);
                }
                let body = |c: &mut Self| c.clauses(current, next);
                self.item_loop(source, slot, at, body);
                self.place(done);
            }
        }
    }

    /// The loop at clause `index` of `element` as the values a sieve finds
    /// (see `sieve`), standing for the filter after it too: a range from a
    /// constant followed by a remembered filter of its variable.
    fn sieved(&mut self, element: &Element, index: usize) -> Option<Source> {
        let clause = element.clauses.get(index)?;
        let (slot, low, high) = clause.range()?;
        let Some(Clause::If(Cond::Remembered(remembered))) = element.clauses.get(index + 1) else {
            return None;
        };
        let origin = low.as_constant().filter(|_| remembered.slot == slot)?;
        let sieve = Rc::new(Sieve::new(&remembered.cond, slot, origin));
        let (low, high) = (self.int(low), self.int(&high));
        Some(Source::Passing { sieve, low, high })
    }

    /// A loop: `start`, which leaves past its end when there is nothing
    /// to walk, `prologue` once (with the loop's exit), `body`, and
    /// `next(body)`, which goes back to the body while there is more.
    fn looped(
        &mut self,
        start: Op,
        prologue: impl FnOnce(&mut Self, &mut Label),
        body: impl FnOnce(&mut Self),
        next: impl FnOnce(u32) -> Op,
    ) {
        let mut exit = Label::default();
        self.jump(start, &mut exit);
        prologue(self, &mut exit);
        let at = self.here();
        body(self);
        self.ops.push(next(at));
        self.place(exit);
    }

    /// `for slot in low..high` (`..=high` when inclusive) around `body`,
    /// with `prologue` run once when the range is not empty (with the
    /// range's end, and the loop's exit, where a loop run natively goes).
    pub(super) fn range_loop(
        &mut self,
        slot: Reg,
        (low, high, inclusive): (&IntExpr, &IntExpr, bool),
        prologue: impl FnOnce(&mut Self, Reg, &mut Label),
        body: impl FnOnce(&mut Self),
    ) {
        let (low, high) = (self.int(low), self.int(high));
        let end = self.temp();
        let range = Op::Range {
            slot,
            low,
            high,
            inclusive,
            end,
            exit: 0,
        };
        let prologue = |c: &mut Self, exit: &mut Label| prologue(c, end, exit);
        self.looped(range, prologue, body, |body| Op::Next { slot, end, body });
    }

    /// Runs `current`'s innermost range natively, `slot` at its first
    /// value and `end` its end, on its options' arguments there (and, for
    /// curves, at the next two values; for lines, at the last value) and
    /// its heaps; a range too short for a curve runs its body.
    ///
    /// Every node of a line's argument is affine in the loop's variable
    /// (`curve::degree_of`), so it lies between its values at the two
    /// ends: evaluated there, with their checks, no value between
    /// overflows, whatever the range's length, and nothing is evaluated
    /// that the loop would not.
    fn native_range(
        &mut self,
        current: Current,
        kind: Native,
        (slot, end): (Reg, Reg),
        exit: &mut Label,
    ) {
        let OptionValue::Terms { calls, nims } = &current.element.value else {
            return;
        };
        let mut body = Label::default();
        let args: Vec<IntExpr> = calls.iter().flatten().cloned().collect();
        let points = match kind {
            Native::Steps => 1,
            Native::Line => 2,
            Native::Curve => {
                let third = self.temp();
                self.ops.push(Op::Offset {
                    dst: third,
                    a: slot,
                    value: 2,
                });
                let long = Op::Unless {
                    op: CmpOp::Lt,
                    a: third,
                    b: end,
                    to: 0,
                };
                self.jump(long, &mut body);
                3
            }
        };
        let count = (points * args.len() + nims.len()) as u32;
        let values = self.next;
        self.next += count;
        // A line's first value, kept while the slot stands at its last.
        let first = (kind == Native::Line).then(|| {
            let first = self.temp();
            self.ops.push(Op::Copy {
                dst: first,
                a: slot,
            });
            first
        });
        for point in 0..points {
            if point > 0 {
                self.ops.push(match first {
                    Some(_) => Op::Offset {
                        dst: slot,
                        a: end,
                        value: -1,
                    },
                    None => Op::Offset {
                        dst: slot,
                        a: slot,
                        value: 1,
                    },
                });
            }
            for (k, arg) in (0..).zip(&args) {
                self.int_into(arg, values + (point * args.len()) as Reg + k);
            }
        }
        match first {
            Some(first) => self.ops.push(Op::Copy {
                dst: slot,
                a: first,
            }),
            None if points > 1 => self.ops.push(Op::Offset {
                dst: slot,
                a: slot,
                value: 1 - points as i64,
            }),
            None => {}
        }
        let heaps = values + (points * args.len()) as Reg;
        for (k, nim) in (0..).zip(nims) {
            let stepped = (kind == Native::Steps).then(|| native_heap(nim, slot as usize));
            self.int_into(stepped.flatten().as_ref().unwrap_or(nim), heaps + k);
        }
        let native = Op::NativeRange {
            element: current.index,
            slot,
            end,
            values,
            count,
            exit: 0,
        };
        self.jump(native, exit);
        self.place(body);
    }

    /// Runs `current`'s innermost loop of `slot` over the constants in
    /// `low..high` natively, before its items are laid: with `slot` at
    /// the first of them (none goes to `done`), its options' arguments
    /// and its heaps, and the loop made at once.
    fn native_constants(
        &mut self,
        current: Current,
        slot: Reg,
        (constants, low, high): (Constants, Reg, Reg),
        done: &mut Label,
    ) {
        let OptionValue::Terms { calls, nims } = &current.element.value else {
            return;
        };
        let first = Op::First {
            constants: constants.clone(),
            low,
            high,
            slot,
            exit: 0,
        };
        self.jump(first, done);
        let heaps = nims
            .iter()
            .map(|nim| native_heap(nim, slot as usize).unwrap_or_else(|| nim.clone()));
        let exprs: Vec<IntExpr> = calls.iter().flatten().cloned().chain(heaps).collect();
        let values = self.consecutive(&exprs);
        let native = Op::NativeConstants {
            element: current.index,
            constants,
            low,
            high,
            values,
            count: exprs.len() as u32,
            exit: 0,
        };
        self.jump(native, done);
    }

    /// A loop of `slot` over the items `source` gives, `at` and the two
    /// registers after it the loop's own.
    pub(super) fn item_loop(
        &mut self,
        source: Source,
        slot: Reg,
        at: Reg,
        body: impl FnOnce(&mut Self),
    ) {
        let items = Op::Items {
            source: Box::new(source),
            slot,
            at,
            exit: 0,
        };
        let next = |body| Op::NextItem { slot, at, body };
        self.looped(items, |_, _| {}, body, next);
    }

    /// `then` where `cond` holds, else `otherwise`: a branch.
    pub(super) fn choose(
        &mut self,
        cond: &Cond,
        then: impl FnOnce(&mut Self),
        otherwise: impl FnOnce(&mut Self),
    ) {
        let (mut other, mut end) = (Label::default(), Label::default());
        self.branch(cond, false, &mut other);
        then(self);
        self.jump(Op::Jump { to: 0 }, &mut end);
        self.place(other);
        otherwise(self);
        self.place(end);
    }

    pub(super) fn source(&mut self, iter: &Iter) -> Source {
        match iter {
            Iter::Range { .. } => unreachable!("a range is a loop of its own"),
            Iter::List(items)
                if let Some(values) = (items.iter())
                    .map(|item| {
                        item.as_constant()
                            .filter(|x| x.unsigned_abs() < SLOT_BOUND as u64)
                    })
                    .collect::<Option<Box<[i64]>>>() =>
            {
                Source::Constants(values)
            }
            Iter::List(items) => Source::Regs {
                first: self.consecutive(items),
                count: items.len() as u32,
            },
            Iter::Sorted { values, low, high } => Source::Sorted {
                values: Ascending::new(values.as_slice().into()),
                low: self.int(low),
                high: self.int(high),
            },
            Iter::Built(ListExpr::Pick(table, key)) => Source::Pick {
                table: table.clone(),
                key: self.int(key),
            },
            Iter::Built(_) => unreachable!("a list built on the way is laid"),
            Iter::Divisors { of, low, high } => {
                let (low, high) = (self.int(low), self.int(high));
                Source::Divisors {
                    of: self.int(of),
                    low,
                    high,
                }
            }
            Iter::Quotients { of, low, high } => {
                let (low, high) = (self.int(low), self.int(high));
                Source::Quotients {
                    of: self.int(of),
                    low,
                    high,
                }
            }
        }
    }
}

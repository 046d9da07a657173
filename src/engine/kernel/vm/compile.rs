//! Elements → their code: clauses become loops and forward jumps,
//! expressions one operation per node into fresh temporaries (a slot read
//! as it is needs none), conditions jumps that skip what `and` and `or`
//! would not evaluate. An expression of the parameters that cannot fail
//! goes to the prelude, computed once per position and shared.

use std::rc::Rc;

use super::items::Ascending;
use super::lists::is_view;
use super::sieve::Sieve;
use super::{Code, Constants, Height, Native, Op, Reg, Search, Shape, Source};
use crate::engine::kernel::functions::Memo;
use crate::engine::kernel::heaps::native_heap;
use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, Fold, IntExpr, IntFunction, IntOp, Iter, ListClause, ListExpr,
    MAX_PARAMS, MAX_SLOTS, OptionValue, SLOT_BOUND,
};

pub(super) struct Compiler {
    pub ops: Vec<Op>,
    /// The operations run before the elements, and the expressions they
    /// compute, each in its register.
    prelude: Vec<Op>,
    hoisted: Vec<(IntExpr, Reg)>,
    /// The caches of stepped powers: the base, the exponent's register,
    /// and the cache's first register (see `power_cache`).
    powers: Vec<(i64, Reg, Reg)>,
    /// The calls computed once a position (see `once`): each with its
    /// flag's register, its value's the one after.
    once: Vec<(IntExpr, Reg)>,
    params: usize,
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
    /// curves, at the next two values) and its heaps; a range too short
    /// for a curve runs its body.
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
        for point in 0..points {
            if point > 0 {
                self.ops.push(Op::Offset {
                    dst: slot,
                    a: slot,
                    value: 1,
                });
            }
            for (k, arg) in (0..).zip(&args) {
                self.int_into(arg, values + (point * args.len()) as Reg + k);
            }
        }
        if points > 1 {
            self.ops.push(Op::Offset {
                dst: slot,
                a: slot,
                value: 1 - points as i64,
            });
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
        }
    }

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
            IntExpr::Call(..) => true,
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
    fn invariant(&self, e: &IntExpr) -> bool {
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
            IntExpr::Binary(op @ (IntOp::Div | IntOp::Mod), a, b)
                if let IntExpr::Binary(IntOp::Pow, base, exp) = &**b
                    && base.as_constant() == Some(2)
                    && exp.as_constant().is_none() =>
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

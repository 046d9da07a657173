//! The operations of the VM's code (`Op`), and what they name: the
//! constants a loop walks, the items an item loop walks over, the height
//! a kept result took.

use std::rc::Rc;

use super::items::Ascending;
use super::{Reg, Search, sieve};
use crate::engine::kernel::functions::Memo;
use crate::engine::kernel::{CmpOp, Fold, IntOp, Reorder, Table};

/// One operation. Every operation that may fail (an overflow, a division
/// by zero, an unknown position) gives up on the position, as the language
/// would report an error or the kernel cannot vouch for it.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Op {
    /// `dst = value`.
    Const {
        dst: Reg,
        value: i64,
    },
    /// `dst = a + value`, `a` a slot: no overflow within the slot bound.
    Offset {
        dst: Reg,
        a: Reg,
        value: i64,
    },
    /// `dst = ka·a + kb·b + value`, `a` and `b` slots: no overflow within
    /// the slot bound, as for `Affine`.
    Pair {
        dst: Reg,
        a: Reg,
        ka: i64,
        b: Reg,
        kb: i64,
        value: i64,
    },
    /// `dst = constant + Σ k·slot`.
    Affine {
        dst: Reg,
        constant: i64,
        terms: Box<[(Reg, i64)]>,
    },
    /// `dst = a op b`, checked.
    Binary {
        op: IntOp,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    /// `dst = a op value`, checked.
    BinaryConst {
        op: IntOp,
        dst: Reg,
        a: Reg,
        value: i64,
    },
    /// `dst = base ** exp`, `base` a constant at least 2 in size, stepped:
    /// one multiplication where the exponent is one more than the last
    /// this power was taken at (a loop's variable going up), kept in
    /// `cache` and the register after it (the exponent, then the power)
    /// since the position's start, where the prelude cleared it.
    PowStep {
        dst: Reg,
        base: i64,
        exp: Reg,
        cache: Reg,
    },
    /// `dst = a // 2 ** exp`, or `a % 2 ** exp` where `rem`, Python's:
    /// a shift or a mask, where the power and the division were two
    /// operations and the division slow (`n / 2 ** j % 2`, a bit of the
    /// heap). Fails where the power does: `exp` below 0 or past 62.
    ByPowerOfTwo {
        dst: Reg,
        a: Reg,
        exp: Reg,
        rem: bool,
    },
    /// `dst = a // 2 ** exp % (mask + 1)`, `mask + 1` a power of 2: a
    /// shift and a mask, one operation for a bit of the heap in a loop
    /// over them. Fails where the power does, as `ByPowerOfTwo`.
    Bits {
        dst: Reg,
        a: Reg,
        exp: Reg,
        mask: i64,
    },
    /// `dst` = how many of the bits of `a >> shift` under `mask` are set:
    /// `sum([a / 2 ** j % 2 for j in …])` over a range of constants, a
    /// loop of three operations a bit in one, which cannot fail.
    BitCount {
        dst: Reg,
        a: Reg,
        shift: u32,
        mask: i64,
    },
    /// `dst` = the sum of the digits `low..end` of `a` in `radix` (3 or
    /// more; 2 is `BitCount`), as `/` and `%` round down: what a sum over
    /// the quotients `a / radix ** j` adds up, one loop of native
    /// divisions where the VM ran one iteration a digit.
    DigitSum {
        dst: Reg,
        a: Reg,
        radix: u32,
        low: u32,
        end: u32,
    },
    /// `dst` = the set of the digits of `a` in `radix` (2 to 63), as the
    /// bits of those digits: none for `a` at most 0. Walks the digits once
    /// for every test of one (`DigitTest`).
    DigitSet {
        dst: Reg,
        a: Reg,
        radix: u32,
    },
    /// `dst` = bit `index` of `a`, 0 for an `index` below 0 or past 62: a
    /// digit looked for in a set of them (`DigitSet`), which cannot fail.
    Bit {
        dst: Reg,
        a: Reg,
        index: Reg,
    },
    /// `dst = a % divisor` (Euclid's, which is Python's), which cannot
    /// fail; `magic` makes it a multiplication for `0 <= a < 2³²`.
    Rem {
        dst: Reg,
        a: Reg,
        divisor: u32,
        magic: u64,
    },
    /// `dst = a // divisor` (rounded down, as in Python), which cannot
    /// fail; `magic` (as for `Rem`) makes it a multiplication for `0 <= a
    /// < 2³²`.
    Quot {
        dst: Reg,
        a: Reg,
        divisor: u32,
        magic: u64,
    },
    Min {
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Max {
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    /// `dst = |a|`, checked.
    Abs {
        dst: Reg,
        a: Reg,
    },
    Copy {
        dst: Reg,
        a: Reg,
    },
    /// `dst = a`, a loop's variable over one item (`for b in [n - a]`):
    /// within the slot bound, as the items of a loop are, or the code
    /// gives up.
    Bind {
        dst: Reg,
        a: Reg,
    },
    /// `dst = list[index]` of the list whose header is in `header` and the
    /// register after it: where its items start on the item stack, and
    /// how many there are.
    At {
        dst: Reg,
        header: Reg,
        index: Reg,
    },
    /// `dst = fold(list)` of the list whose header is in `header` and the
    /// register after it (`sum(p)`, `min(p)` of a board).
    Fold {
        dst: Reg,
        fold: Fold,
        header: Reg,
    },
    /// `dst = table[key][index]`, the item of a table's list.
    Item {
        dst: Reg,
        table: Rc<Table>,
        key: Reg,
        index: Reg,
    },
    /// `dst = function(args…)`, the kernel's integer function of this
    /// index (`IntExpr::Call`), made from inside `inlined` calls run in
    /// place.
    Call {
        dst: Reg,
        function: u32,
        args: Box<[Reg]>,
        inlined: u32,
    },
    /// `dst` = the value of the position `args…` of the kernel's foreign
    /// family of this index (`IntExpr::Grundy`).
    Grundy {
        dst: Reg,
        foreign: u32,
        args: Box<[Reg]>,
    },
    /// `dst` = the value of the position of the kernel's foreign family of
    /// this index that is the list at `header` (`IntExpr::GrundyOfList`).
    GrundyOfList {
        dst: Reg,
        foreign: u32,
        header: Reg,
    },
    /// A function's call of itself in tail position: its `count`
    /// arguments, in the registers from `first` on, become the
    /// parameters, and the code starts again.
    Tail {
        first: Reg,
        count: u32,
    },
    /// A call of a function run in place (`calls::loops`), or its call of
    /// itself in tail position: each `(param, arg)` of `moves` sets the
    /// parameter in `param` to the argument in `arg`, read all at once
    /// (a parameter passed on as it is has none); one more call is
    /// counted in `counter`, and the body starts again at `to`.
    Again {
        moves: Box<[(Reg, Reg)]>,
        counter: Reg,
        to: u32,
    },
    /// `dst` = the end of a loop in `low..high` whose condition is `x /
    /// base ** k != 0`, found without a search (`Until::quotient_end`).
    QuotientEnd {
        dst: Reg,
        x: Reg,
        base: i64,
        low: Reg,
        high: Reg,
    },
    /// `dst` = the end of a loop in `low..high` (`Until`), its condition
    /// probed by its own code.
    Until {
        dst: Reg,
        low: Reg,
        high: Reg,
        search: Rc<Search>,
    },
    Jump {
        to: u32,
    },
    /// Goes to `to` unless `a op b`.
    Unless {
        op: CmpOp,
        a: Reg,
        b: Reg,
        to: u32,
    },
    /// Goes to `to` unless `a op value`.
    UnlessConst {
        op: CmpOp,
        a: Reg,
        value: i64,
        to: u32,
    },
    /// Goes to `to`, `dst` the result, when `memo` knows the result for
    /// the values of `args`: of a remembered condition
    /// (`Cond::Remembered`) for its slot's value, or of a call run in
    /// place for its arguments. Otherwise `key` is where the result will
    /// be kept (`Memo::key`), or -1 where the values are too large to keep.
    /// The calls a result stands for count from inside `inlined` calls run
    /// in place.
    Recall {
        memo: Rc<Memo>,
        args: Box<[Reg]>,
        key: Reg,
        dst: Reg,
        to: u32,
        inlined: u32,
    },
    /// Starts a call run in place inside `inlined` others: one level
    /// deeper, the deepest reached before it kept in `saved`
    /// (`Calls::enter`).
    Enter {
        saved: Reg,
        inlined: u32,
    },
    /// Keeps `value` at `key` unless it is -1, with the calls that
    /// computing it took.
    Remember {
        memo: Rc<Memo>,
        key: Reg,
        value: Reg,
        height: Height,
    },
    /// Starts `for slot in low..high` (`..=high` when inclusive), its end
    /// kept in `end`; an empty range goes to `exit`.
    Range {
        slot: Reg,
        low: Reg,
        high: Reg,
        inclusive: bool,
        end: Reg,
        exit: u32,
    },
    /// Runs the element's innermost range natively from `slot` to `end`,
    /// on the `count` values from `values` on: its options' arguments at
    /// `slot` (and at the next two values, for curves), then its heaps.
    /// Goes to `exit` when it did; otherwise the body runs.
    NativeRange {
        element: u32,
        slot: Reg,
        end: Reg,
        values: Reg,
        count: u32,
        exit: u32,
    },
    /// `slot` = the first of `constants` (ascending) in `low..high`; none
    /// goes to `exit`.
    First {
        constants: Constants,
        low: Reg,
        high: Reg,
        slot: Reg,
        exit: u32,
    },
    /// Runs the element's innermost loop over the `constants` in
    /// `low..high` natively, on the `count` values from `values` on: its
    /// options' arguments at the first of them, then its heaps. Goes to
    /// `exit` when it did.
    NativeConstants {
        element: u32,
        constants: Constants,
        low: Reg,
        high: Reg,
        values: Reg,
        count: u32,
        exit: u32,
    },
    /// The end of a range's body: the next value, back to `body`.
    Next {
        slot: Reg,
        end: Reg,
        body: u32,
    },
    /// Starts a loop over the items `source` gives, laid on the item
    /// stack: `at` is the item being walked, the next two registers its
    /// end and where the loop's items start. No items goes to `exit`.
    Items {
        source: Box<Source>,
        slot: Reg,
        at: Reg,
        exit: u32,
    },
    /// `items = items.len()`: where the items of a list about to be laid
    /// (or of a loop over a list laid in parts, `Source::Laid`) start.
    Mark {
        items: Reg,
    },
    /// Closes the list laid since its mark, in `header`: its length, in
    /// the register after, is what the item stack grew by.
    Close {
        header: Reg,
    },
    /// Pushes `a`, within the slot bound, on the item stack.
    Push {
        a: Reg,
    },
    /// Pushes a copy of the list's items.
    Extend {
        header: Reg,
    },
    /// Pushes a copy of the list's items, each clamped to at least `low`
    /// and at most `high` where they are given (`min(x, c) for x in …`).
    Clamp {
        header: Reg,
        low: Option<Reg>,
        high: Option<Reg>,
    },
    /// `dst = list[low..high]`, clipped as the language clips slices: a
    /// view of the same items.
    Slice {
        dst: Reg,
        list: Reg,
        low: Reg,
        high: Reg,
    },
    /// Sorts or reverses the items laid since `from`.
    Reorder {
        order: Reorder,
        from: Reg,
    },
    /// Goes to `skip` unless `at` is a place of the list laid since
    /// `from`; `dst` = that place on the item stack.
    Place {
        dst: Reg,
        from: Reg,
        at: Reg,
        skip: u32,
    },
    /// The item at `at` on the item stack becomes `value`, within the
    /// slot bound.
    Store {
        at: Reg,
        value: Reg,
    },
    /// Drops the items from `to` on: the lists built for one use.
    Truncate {
        to: Reg,
    },
    /// Moves the items from `from` on down to `to`, over what lies
    /// between: a call's result over its arguments.
    Settle {
        to: Reg,
        from: Reg,
    },
    /// Lays the items of the kernel's list function `function` on the
    /// `count` registers from `first` (a list's header takes two).
    CallList {
        function: u32,
        first: Reg,
        count: u32,
    },
    /// Goes to `to` when the item stack grew past `mark`: a list argument
    /// was built anew, and a call of the function itself in tail position
    /// must be a real call.
    Grew {
        mark: Reg,
        to: u32,
    },
    /// `acc ^=` the value of the position that is the list in `header`
    /// (an option of a family of lists).
    Board {
        acc: Reg,
        header: Reg,
    },
    /// Gives up when the calls in progress and `count` more would nest
    /// deeper than the calls may: a walk of a list counts each round as
    /// the recursion it stands for would.
    Within {
        count: Reg,
    },
    /// Gives up on the position: the language would go on where the
    /// kernel cannot (a walk past an empty list).
    Fail,
    /// Lays the items of `source` on the item stack, for a loop to walk.
    Lay {
        source: Box<Source>,
    },
    /// The end of an item loop's body: the next item, back to `body`; at
    /// the end, the loop's items leave the stack.
    NextItem {
        slot: Reg,
        at: Reg,
        body: u32,
    },
    /// An option `F(args…) + … + *nims…`: each call its arity and
    /// registers, in order.
    Emit {
        calls: Box<[Box<[Reg]>]>,
        nims: Box<[Reg]>,
    },
    /// An option `F(ka·a + kb·b + value)`, the most common by far, its
    /// argument an affine expression of at most two slots (within the slot
    /// bound, as for `Affine`) or a register (`ka` 1, `kb` 0).
    EmitOne {
        a: Reg,
        ka: i64,
        b: Reg,
        kb: i64,
        value: i64,
    },
    /// The options `F(ka·a + kb·b + value)` for each of `values`, in
    /// order: `EmitOne`s of elements with no clauses, joined. `span`: the
    /// least and the greatest of `values`, where a dense fill checks that
    /// the positions they name are known (`Host::options_at`).
    EmitRun {
        a: Reg,
        ka: i64,
        b: Reg,
        kb: i64,
        values: Box<[i64]>,
        span: (i64, i64),
    },
    /// An element's split, by its own walk, on the `count` values in the
    /// registers from `values` on: its range's bounds, its parts, the
    /// rests of its conditions, its heaps.
    Split {
        element: u32,
        values: Reg,
        count: u32,
    },
    /// An element that is a split in closed form.
    Direct {
        element: u32,
    },
    /// The end of a residue's code in a cycle (`Code::cycle`): the
    /// position's end, a dense run's next position running from `up`
    /// (the next residue's code) or `down` (the one before) as it comes
    /// one heap above or below.
    Turn {
        up: u32,
        down: u32,
    },
}

impl Op {
    /// Calls `f` with every register the operation names.
    pub(super) fn registers(&self, f: &mut impl FnMut(Reg)) {
        let mut each = |regs: &[Reg]| regs.iter().for_each(|&r| f(r));
        match *self {
            Op::Const { dst, .. } => each(&[dst]),
            Op::Until { dst, low, high, .. } => each(&[dst, low, high]),
            Op::QuotientEnd {
                dst, x, low, high, ..
            } => each(&[dst, x, low, high]),
            Op::Offset { dst, a, .. }
            | Op::BinaryConst { dst, a, .. }
            | Op::Rem { dst, a, .. }
            | Op::Quot { dst, a, .. }
            | Op::Abs { dst, a }
            | Op::BitCount { dst, a, .. }
            | Op::DigitSet { dst, a, .. }
            | Op::DigitSum { dst, a, .. }
            | Op::Copy { dst, a }
            | Op::Bind { dst, a } => each(&[dst, a]),
            Op::PowStep {
                dst, exp, cache, ..
            } => each(&[dst, exp, cache, cache + 1]),
            Op::ByPowerOfTwo { dst, a, exp, .. } | Op::Bits { dst, a, exp, .. } => {
                each(&[dst, a, exp])
            }
            Op::Bit { dst, a, index } => each(&[dst, a, index]),
            Op::Pair { dst, a, b, .. }
            | Op::Binary { dst, a, b, .. }
            | Op::Min { dst, a, b }
            | Op::Max { dst, a, b } => each(&[dst, a, b]),
            Op::Affine { dst, ref terms, .. } => {
                each(&[dst]);
                terms.iter().for_each(|&(r, _)| each(&[r]));
            }
            Op::Call { dst, ref args, .. } | Op::Grundy { dst, ref args, .. } => {
                each(&[dst]);
                each(args);
            }
            Op::GrundyOfList { dst, header, .. } => each(&[dst, header, header + 1]),
            Op::Tail { first, count } => (first..first + count).for_each(|r| each(&[r])),
            Op::Again {
                ref moves, counter, ..
            } => {
                moves.iter().for_each(|&(param, arg)| each(&[param, arg]));
                each(&[counter]);
            }
            Op::At { dst, header, index } => each(&[dst, header, header + 1, index]),
            Op::Fold { dst, header, .. } => each(&[dst, header, header + 1]),
            Op::Item {
                dst, key, index, ..
            } => each(&[dst, key, index]),
            Op::Unless { a, b, .. } => each(&[a, b]),
            Op::UnlessConst { a, .. } => each(&[a]),
            Op::Range {
                slot,
                low,
                high,
                end,
                ..
            } => each(&[slot, low, high, end]),
            Op::Next { slot, end, .. } => each(&[slot, end]),
            Op::Items {
                ref source,
                slot,
                at,
                ..
            } => {
                each(&[slot, at, at + 1, at + 2]);
                source.registers(&mut each);
            }
            Op::Mark { items } => each(&[items]),
            Op::Close { header } | Op::Extend { header } => each(&[header, header + 1]),
            Op::Push { a } => each(&[a]),
            Op::Clamp { header, low, high } => {
                each(&[header, header + 1]);
                low.iter().chain(&high).for_each(|&r| each(&[r]));
            }
            Op::Slice {
                dst,
                list,
                low,
                high,
            } => each(&[dst, dst + 1, list, list + 1, low, high]),
            Op::Reorder { from, .. } => each(&[from]),
            Op::Place { dst, from, at, .. } => each(&[dst, from, at]),
            Op::Store { at, value } => each(&[at, value]),
            Op::Truncate { to } => each(&[to]),
            Op::Settle { to, from } => each(&[to, from]),
            Op::CallList { first, count, .. } => (first..first + count).for_each(|r| each(&[r])),
            Op::Grew { mark, .. } => each(&[mark]),
            Op::Board { acc, header } => each(&[acc, header, header + 1]),
            Op::Within { count } => each(&[count]),
            Op::Lay { ref source } => source.registers(&mut each),
            Op::NextItem { slot, at, .. } => each(&[slot, at, at + 1, at + 2]),
            Op::EmitOne { a, b, .. } | Op::EmitRun { a, b, .. } => each(&[a, b]),
            Op::Emit {
                ref calls,
                ref nims,
            } => {
                calls.iter().for_each(|call| each(call));
                each(nims);
            }
            Op::Recall {
                ref args, key, dst, ..
            } => {
                each(args);
                each(&[key, dst]);
            }
            Op::Remember {
                key, value, height, ..
            } => {
                each(&[key, value]);
                match height {
                    Height::Counted(r) | Height::Entered { saved: r, .. } => each(&[r]),
                    Height::None => {}
                }
            }
            Op::Enter { saved, .. } => each(&[saved]),
            Op::Split { values, count, .. } => (values..values + count).for_each(|r| each(&[r])),
            Op::NativeRange {
                slot,
                end,
                values,
                count,
                ..
            } => {
                each(&[slot, end]);
                (values..values + count).for_each(|r| each(&[r]));
            }
            Op::First {
                low, high, slot, ..
            } => each(&[low, high, slot]),
            Op::NativeConstants {
                low,
                high,
                values,
                count,
                ..
            } => {
                each(&[low, high]);
                (values..values + count).for_each(|r| each(&[r]));
            }
            Op::Jump { .. } | Op::Direct { .. } | Op::Turn { .. } | Op::Fail => {}
        }
    }

    /// Where the operation may jump to, if it may.
    pub(super) fn target(&mut self) -> Option<&mut u32> {
        match self {
            Op::Jump { to }
            | Op::Unless { to, .. }
            | Op::UnlessConst { to, .. }
            | Op::Recall { to, .. }
            | Op::Grew { to, .. }
            | Op::Again { to, .. } => Some(to),
            Op::Place { skip, .. } => Some(skip),
            Op::Range { exit, .. }
            | Op::Items { exit, .. }
            | Op::NativeRange { exit, .. }
            | Op::First { exit, .. }
            | Op::NativeConstants { exit, .. } => Some(exit),
            Op::Next { body, .. } | Op::NextItem { body, .. } => Some(body),
            _ => None,
        }
    }
}

/// The ascending constants a loop walks natively.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Constants {
    Fixed(Ascending),
    /// Those a sieve finds (see `sieve`).
    Sieved(Rc<sieve::Sieve>),
}

/// How many nested calls computing a result kept took (`Op::Remember`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Height {
    /// None: a condition's result, no call's.
    None,
    /// The count in this register: a loop run in place.
    Counted(Reg),
    /// A call run in place inside `inlined` others, entered with the
    /// deepest reached before it in `saved` (`Op::Enter`).
    Entered { saved: Reg, inlined: u32 },
}

/// What an item loop walks over.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Source {
    /// The constants in `low..high`.
    Sorted {
        values: Ascending,
        low: Reg,
        high: Reg,
    },
    /// Constants, each within the slot bound, in their order.
    Constants(Box<[i64]>),
    /// The registers from `first` on, `count` of them.
    Regs { first: Reg, count: u32 },
    /// The list `key` picks from a table, copied onto the item stack.
    Pick { table: Rc<Table>, key: Reg },
    /// The items of the list in `header`, walked where they lie.
    List { header: Reg },
    /// The items laid since the loop's mark (`Op::Mark`, `Op::Lay`): an
    /// `if … then … else` of lists, or a concatenation, compiled into
    /// branches and parts.
    Laid,
    /// The `k` in `low..high` dividing `of`.
    Divisors { of: Reg, low: Reg, high: Reg },
    /// The distinct `of / k` for `k` in `low..high`.
    Quotients { of: Reg, low: Reg, high: Reg },
    /// The values in `low..high` that pass the sieve's filter.
    Passing {
        sieve: Rc<sieve::Sieve>,
        low: Reg,
        high: Reg,
    },
}

impl Source {
    /// Calls `each` with the registers the source reads.
    pub(super) fn registers(&self, each: &mut impl FnMut(&[Reg])) {
        match *self {
            Source::Sorted { low, high, .. } | Source::Passing { low, high, .. } => {
                each(&[low, high])
            }
            Source::Regs { first, count } => (first..first + count).for_each(|r| each(&[r])),
            Source::Pick { key, .. } => each(&[key]),
            Source::Divisors { of, low, high } | Source::Quotients { of, low, high } => {
                each(&[of, low, high])
            }
            Source::List { header } => each(&[header, header + 1]),
            Source::Constants(_) | Source::Laid => {}
        }
    }
}

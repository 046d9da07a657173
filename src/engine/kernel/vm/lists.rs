//! List expressions → code. A list is a header in two registers (where its
//! items start on the item stack, and how many there are): a list the
//! frame holds, or a slice of one, is a view of items already laid; any
//! other is laid on top of the stack, item by item, and its header closed
//! over what was laid. A list built for one use (a sum, an item, a board
//! looked up) is dropped after it; a call's result moves down over its
//! arguments. Comprehensions are loops pushing their item, and a function
//! walking its list from one end (`ListWalk`) a loop moving the list's
//! header.

use super::compile::{Compiler, Label};
use super::{Code, Op, Reg, Source};
use crate::engine::kernel::{
    Arg, CmpOp, Comprehension, Cond, Each, Fold, Function, IntExpr, IntOp, Iter, ListClause,
    ListExpr, ListWalk, Over,
};

/// Whether `list` is a view of items already laid: a list the frame
/// holds, or a slice of one.
pub(super) fn is_view(list: &ListExpr) -> bool {
    match list {
        ListExpr::Slots(_) => true,
        ListExpr::Slice(list, ..) => is_view(list),
        _ => false,
    }
}

impl Compiler {
    /// The code of `function`, the kernel's list function `own`: it lays
    /// the items of its result on the item stack.
    pub fn list_routine(mut self, function: &Function, own: usize) -> Code {
        match &function.walk {
            Some(walk) => self.walk(walk),
            None => {
                let mut end = Label::default();
                self.tail_list(&function.body, own, &mut end);
                self.place(end);
            }
        }
        self.finish()
    }

    /// Lays `e`, the end of function `own`'s body. A call of the function
    /// itself there (`[x] + f(rows[1..], c)`) starts the code again on
    /// its new arguments, the items so far kept below, unless a list
    /// argument was built anew on top of them: then it is a real call.
    fn tail_list(&mut self, e: &ListExpr, own: usize, end: &mut Label) {
        match e {
            ListExpr::Concat(a, b) => {
                self.lay(a);
                self.tail_list(b, own, end);
            }
            ListExpr::Select(cond, a, b) => {
                let mut other = Label::default();
                self.branch(cond, false, &mut other);
                self.tail_list(a, own, end);
                self.jump(Op::Jump { to: 0 }, end);
                self.place(other);
                self.tail_list(b, own, end);
            }
            ListExpr::Call(function, args) if *function == own && !builds(args) => {
                let (first, count) = self.arguments(args);
                self.ops.push(Op::Tail { first, count });
            }
            ListExpr::Call(function, args) if *function == own => {
                let mark = self.mark();
                let (first, count) = self.arguments(args);
                let mut real = Label::default();
                self.jump(Op::Grew { mark, to: 0 }, &mut real);
                self.ops.push(Op::Tail { first, count });
                self.place(real);
                self.call(own, (first, count), Some(mark));
            }
            _ => self.lay(e),
        }
    }

    /// A fresh register holding where the next item laid goes.
    fn mark(&mut self) -> Reg {
        let mark = self.temp();
        self.ops.push(Op::Mark { items: mark });
        mark
    }

    /// Two fresh consecutive registers, for a header.
    fn pair(&mut self) -> Reg {
        let first = self.temp();
        self.temp();
        first
    }

    /// The register of the header of `list` (and the one after it): a
    /// view where the list is one, else the list laid on top.
    pub(super) fn list(&mut self, list: &ListExpr) -> Reg {
        if let ListExpr::Slots(header) = list {
            return *header as Reg;
        }
        let header = self.pair();
        self.list_into(list, header);
        header
    }

    /// The header of `list` into `dst` and the register after it.
    fn list_into(&mut self, list: &ListExpr, dst: Reg) {
        match list {
            ListExpr::Slots(header) => {
                let a = *header as Reg;
                self.ops.push(Op::Copy { dst, a });
                (self.ops).push(Op::Copy {
                    dst: dst + 1,
                    a: a + 1,
                });
            }
            ListExpr::Slice(inner, low, high) => {
                let list = self.list(inner);
                let (low, high) = (self.int(low), self.int(high));
                self.ops.push(Op::Slice {
                    dst,
                    list,
                    low,
                    high,
                });
            }
            _ => {
                self.ops.push(Op::Mark { items: dst });
                self.lay(list);
                self.ops.push(Op::Close { header: dst });
            }
        }
    }

    /// `then` with the header of `list`, which is dropped after it
    /// unless it is a view.
    pub(super) fn with_list(&mut self, list: &ListExpr, then: impl FnOnce(&mut Self, Reg)) {
        if is_view(list) {
            let header = self.list(list);
            return then(self, header);
        }
        // A list laid starts where the items to drop do, but for a slice.
        let mark = matches!(list, ListExpr::Slice(..)).then(|| self.mark());
        let header = self.list(list);
        then(self, header);
        self.ops.push(Op::Truncate {
            to: mark.unwrap_or(header),
        });
    }

    /// Lays the items of `list` on top of the item stack.
    pub(super) fn lay(&mut self, list: &ListExpr) {
        match list {
            ListExpr::Items(items) => {
                let source = self.source(&Iter::List(items.clone()));
                self.ops.push(Op::Lay {
                    source: Box::new(source),
                });
            }
            ListExpr::Concat(a, b) => {
                self.lay(a);
                self.lay(b);
            }
            ListExpr::Select(cond, a, b) => self.choose(cond, |c| c.lay(a), |c| c.lay(b)),
            ListExpr::Pick(table, key) => {
                let source = Source::Pick {
                    table: table.clone(),
                    key: self.int(key),
                };
                self.ops.push(Op::Lay {
                    source: Box::new(source),
                });
            }
            ListExpr::Slots(_) | ListExpr::Slice(..) if is_view(list) => {
                let header = self.list(list);
                self.ops.push(Op::Extend { header });
            }
            ListExpr::Slots(_) | ListExpr::Slice(..) => {
                // A slice of a list built here: the slice moves down over
                // the list.
                let to = self.mark();
                let header = self.list(list);
                let from = self.mark();
                self.ops.push(Op::Extend { header });
                self.ops.push(Op::Settle { to, from });
            }
            ListExpr::Reorder(order, inner) => {
                let from = self.mark();
                self.lay(inner);
                self.ops.push(Op::Reorder {
                    order: *order,
                    from,
                });
            }
            ListExpr::Replace(inner, at, item) => {
                let from = self.mark();
                self.lay(inner);
                let at = self.int(at);
                let dst = self.temp();
                let mut skip = Label::default();
                let place = Op::Place {
                    dst,
                    from,
                    at,
                    skip: 0,
                };
                self.jump(place, &mut skip);
                let value = self.int(item);
                self.ops.push(Op::Store { at: dst, value });
                self.place(skip);
            }
            ListExpr::Comprehension(c) => self.comprehension(c, 0),
            ListExpr::Call(function, args) => {
                // Lists built for the arguments are dropped under the
                // result.
                let mark = builds(args).then(|| self.mark());
                let args = self.arguments(args);
                self.call(*function, args, mark);
            }
            ListExpr::Loop {
                offset, args, walk, ..
            } => {
                // The function's walk in this frame, its parameters in the
                // slots from `offset` on, which nothing else reads.
                let mark = builds(args).then(|| self.mark());
                self.arguments_into(args, *offset as Reg);
                let from = mark.map(|_| self.mark());
                self.walk(walk);
                if let (Some(to), Some(from)) = (mark, from) {
                    self.ops.push(Op::Settle { to, from });
                }
            }
        }
    }

    /// The arguments `args` of a call in fresh consecutive registers, a
    /// list's header taking two: the first, and how many.
    fn arguments(&mut self, args: &[Arg]) -> (Reg, u32) {
        let count = (args.iter())
            .map(|arg| match arg {
                Arg::Int(_) => 1,
                Arg::List(_) => 2,
            })
            .sum();
        let first = self.next;
        self.next += count;
        self.arguments_into(args, first);
        (first, count)
    }

    /// The arguments `args` into the consecutive registers from `first`
    /// on, a list's header taking two.
    fn arguments_into(&mut self, args: &[Arg], first: Reg) {
        let mut at = first;
        for arg in args {
            match arg {
                Arg::Int(e) => {
                    self.int_into(e, at);
                    at += 1;
                }
                Arg::List(list) => {
                    self.list_into(list, at);
                    at += 2;
                }
            }
        }
    }

    /// Calls list function `function` on the arguments, its result moved
    /// down to `mark`, where they began, when they built lists.
    fn call(&mut self, function: usize, (first, count): (Reg, u32), mark: Option<Reg>) {
        let from = mark.map(|_| self.mark());
        self.ops.push(Op::CallList {
            function: function as u32,
            first,
            count,
        });
        if let (Some(to), Some(from)) = (mark, from) {
            self.ops.push(Op::Settle { to, from });
        }
    }

    /// An option that is a sum of boards and heaps: each board's value,
    /// looked up as it is built.
    pub(super) fn boards(&mut self, boards: &[ListExpr], nims: &[IntExpr]) {
        let acc = self.temp();
        self.ops.push(Op::Const { dst: acc, value: 0 });
        for board in boards {
            self.with_list(board, |c, header| c.ops.push(Op::Board { acc, header }));
        }
        let nims = nims.iter().map(|nim| self.int(nim)).chain([acc]).collect();
        self.ops.push(Op::Emit {
            calls: Box::new([]),
            nims,
        });
    }

    /// Lays the items of `c` from its clause `index` on.
    fn comprehension(&mut self, c: &Comprehension, index: usize) {
        match c.clauses.get(index) {
            None => {
                let a = self.int(&c.item);
                self.ops.push(Op::Push { a });
            }
            Some(ListClause::If(cond)) => {
                let mut skip = Label::default();
                self.branch(cond, false, &mut skip);
                self.comprehension(c, index + 1);
                self.place(skip);
            }
            Some(ListClause::For {
                slot,
                over:
                    Over::Range {
                        low,
                        high,
                        inclusive,
                    },
            }) => {
                let body = |s: &mut Self| s.comprehension(c, index + 1);
                let range = (low, high, *inclusive);
                self.range_loop(*slot as Reg, range, |_, _, _| {}, body);
            }
            Some(ListClause::For {
                slot,
                over: Over::List(list),
            }) => {
                // A list built here lies below the items made from it,
                // which move down over it once the loop is done.
                let built = !is_view(list);
                let mark = built.then(|| self.mark());
                let header = self.list(list);
                let from = built.then(|| self.mark());
                match c.each.filter(|_| index + 1 == c.clauses.len()) {
                    Some(each) if each != Each::Eval => self.clamp(each, &c.item, header),
                    _ => self.each_item(*slot as Reg, header, |s| s.comprehension(c, index + 1)),
                }
                if let (Some(to), Some(from)) = (mark, from) {
                    self.ops.push(Op::Settle { to, from });
                }
            }
        }
    }

    /// Reduces one item of a comprehension into `dst` as `fold` says, in
    /// the list's order: the first ends the loop (`Any`, jumping to
    /// `found`), or it is added (`Sum`, checked as the sum of the list
    /// is), or counted (`Len`, the item still computed where it may
    /// fail).
    pub(super) fn reduce_item(&mut self, fold: Fold, item: &IntExpr, dst: Reg, found: &mut Label) {
        match fold {
            Fold::Any => {
                self.ops.push(Op::Const { dst, value: 1 });
                self.jump(Op::Jump { to: 0 }, found);
            }
            Fold::Sum => {
                let b = self.int(item);
                let op = IntOp::Add;
                self.ops.push(Op::Binary { op, dst, a: dst, b });
            }
            _ => {
                if !matches!(item, IntExpr::Affine(_) | IntExpr::Large(_)) {
                    self.int(item);
                }
                let op = IntOp::Add;
                self.ops.push(Op::BinaryConst {
                    op,
                    dst,
                    a: dst,
                    value: 1,
                });
            }
        }
    }

    /// A loop of `slot` over the items of the list in `header`, where
    /// they lie.
    fn each_item(&mut self, slot: Reg, header: Reg, body: impl FnOnce(&mut Self)) {
        let at = self.temp();
        self.next += 2;
        self.item_loop(Source::List { header }, slot, at, body);
    }

    /// Pushes the items of the list in `header`, each mapped by `item` as
    /// `each` (not `Each::Eval`) says: as it is, or clamped.
    fn clamp(&mut self, each: Each, item: &IntExpr, header: Reg) {
        // The bound is evaluated only for a list with items.
        let mut empty = Label::default();
        let test = Op::UnlessConst {
            op: CmpOp::Ne,
            a: header + 1,
            value: 0,
            to: 0,
        };
        self.jump(test, &mut empty);
        let mut bound = |at: usize| match item {
            IntExpr::Min(xs) | IntExpr::Max(xs) => Some(self.int(&xs[at])),
            _ => unreachable!("`Each::of` bounds only a `min` or `max`"),
        };
        let (low, high) = match each {
            Each::Same => (None, None),
            Each::Min { bound: at } => (None, bound(at)),
            Each::Max { bound: at } => (bound(at), None),
            Each::Eval => unreachable!("an item evaluated is a loop"),
        };
        self.ops.push(Op::Clamp { header, low, high });
        self.place(empty);
    }

    /// Lays the items of `walk`, a function's body walking the list in
    /// its header's slots from one end, as a loop moving that header.
    pub(super) fn walk(&mut self, walk: &ListWalk) {
        let (start, len) = (walk.header as Reg, walk.header as Reg + 1);
        let mut base = Label::default();
        self.branch(&walk.stop_once, true, &mut base);
        match (walk.each, walk.from_back) {
            (Some(each), from_back) => {
                // As many rounds as the recursion's calls.
                self.ops.push(Op::Within { count: len });
                match each {
                    Each::Eval => {
                        let item = &walk.items[0];
                        self.each_item(walk.end as Reg, start, |s| {
                            let a = s.int(item);
                            s.ops.push(Op::Push { a });
                        });
                    }
                    each => self.clamp(each, &walk.items[0], start),
                }
                if !from_back && !empty(&walk.base) {
                    // The header as the recursion leaves it, for the base
                    // to read: empty.
                    let (dst, a, b) = (start, start, len);
                    (self.ops).push(Op::Binary {
                        op: IntOp::Add,
                        dst,
                        a,
                        b,
                    });
                    self.ops.push(Op::Const { dst: len, value: 0 });
                }
            }
            (None, false) => {
                let rounds = self.rounds();
                let top = self.here();
                self.stops(walk, rounds, &mut base);
                let first = self.int(&IntExpr::constant(0));
                self.ops.push(Op::At {
                    dst: walk.end as Reg,
                    header: start,
                    index: first,
                });
                self.push_items(&walk.items);
                self.ops.push(Op::Offset {
                    dst: start,
                    a: start,
                    value: 1,
                });
                self.ops.push(Op::Offset {
                    dst: len,
                    a: len,
                    value: -1,
                });
                self.ops.push(Op::Jump { to: top });
            }
            (None, true) => {
                // Down to the longest prefix at which the recursion stops,
                // its base, then each longer prefix's items on the way
                // back up, as the recursion appends them.
                let full = self.temp();
                self.ops.push(Op::Copy { dst: full, a: len });
                let rounds = self.rounds();
                let down = self.here();
                self.stops(walk, rounds, &mut base);
                self.ops.push(Op::Offset {
                    dst: len,
                    a: len,
                    value: -1,
                });
                self.ops.push(Op::Jump { to: down });
                self.place(std::mem::take(&mut base));
                self.lay_base(walk);
                let (up, last) = (self.here(), self.temp());
                let mut done = Label::default();
                let longer = Op::Unless {
                    op: CmpOp::Lt,
                    a: len,
                    b: full,
                    to: 0,
                };
                self.jump(longer, &mut done);
                self.ops.push(Op::Copy { dst: last, a: len });
                self.ops.push(Op::Offset {
                    dst: len,
                    a: len,
                    value: 1,
                });
                self.ops.push(Op::At {
                    dst: walk.end as Reg,
                    header: start,
                    index: last,
                });
                self.push_items(&walk.items);
                self.ops.push(Op::Jump { to: up });
                self.place(done);
                return;
            }
        }
        self.place(base);
        self.lay_base(walk);
    }

    /// A fresh register counting a walk's rounds, from 0.
    fn rounds(&mut self) -> Reg {
        let rounds = self.temp();
        self.ops.push(Op::Const {
            dst: rounds,
            value: 0,
        });
        rounds
    }

    /// Goes to `stop` where `walk` stops at the list its header holds
    /// now; gives up past the depth the recursion may reach, or where it
    /// would go on with an empty list (which has no item at either end,
    /// and stays empty: the recursion would fail or never end).
    fn stops(&mut self, walk: &ListWalk, rounds: Reg, stop: &mut Label) {
        let len = walk.header as Reg + 1;
        if walk.at_end {
            let empty = Op::UnlessConst {
                op: CmpOp::Ne,
                a: len,
                value: 0,
                to: 0,
            };
            self.jump(empty, stop);
        }
        if !matches!(walk.stop, Cond::Const(false)) {
            self.branch(&walk.stop, true, stop);
        }
        self.ops.push(Op::Offset {
            dst: rounds,
            a: rounds,
            value: 1,
        });
        self.ops.push(Op::Within { count: rounds });
        let mut goes_on = Label::default();
        let items = Op::UnlessConst {
            op: CmpOp::Eq,
            a: len,
            value: 0,
            to: 0,
        };
        self.jump(items, &mut goes_on);
        self.ops.push(Op::Fail);
        self.place(goes_on);
    }

    /// Pushes one round's items of a walk.
    fn push_items(&mut self, items: &[IntExpr]) {
        for item in items {
            let a = self.int(item);
            self.ops.push(Op::Push { a });
        }
    }

    /// Lays the base of `walk`, where the recursion stops.
    fn lay_base(&mut self, walk: &ListWalk) {
        if !empty(&walk.base) {
            self.lay(&walk.base);
        }
    }
}

/// Whether `list` is `[]`.
fn empty(list: &ListExpr) -> bool {
    matches!(list, ListExpr::Items(items) if items.is_empty())
}

/// Whether some list argument of `args` is built anew, not a view.
fn builds(args: &[Arg]) -> bool {
    (args.iter()).any(|arg| matches!(arg, Arg::List(list) if !is_view(list)))
}

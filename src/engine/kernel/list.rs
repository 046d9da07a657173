//! Lists of integers in an option program: the boards of a family whose
//! positions are lists of varying length (`Chomp([3, 3, 1])`), the lists
//! its options build, and the recursive functions that build them.
//!
//! A list is a *header* of two slots (where its items start on the VM's
//! item stack, and how many there are), its items on the stack. So
//! `len(rows)` is a plain slot and `rows[i]` one load (`IntExpr::At`), a
//! slice a new header over the same items, and building a list pushes on
//! the stack, which every option reuses (`vm::lists` compiles these
//! expressions). A function's call lays its result on top of its
//! arguments, then moves it down over them: no `Value` and no allocation
//! per option.

use std::rc::Rc;

use super::comprehension::Comprehension;
use super::cond::Cond;
use super::int::IntExpr;
use super::table::Table;

/// Most integers the memory of one option may hold.
pub(super) const MEMORY: usize = 1 << 20;
/// Most arguments of a function.
pub const MAX_ARGS: usize = 8;

/// An expression whose value is a list of integers.
#[derive(Clone, Debug, PartialEq)]
pub enum ListExpr {
    /// The list whose header is in this slot and the next.
    Slots(usize),
    /// `[a, b, …]`.
    Items(Vec<IntExpr>),
    /// `list[low..high]`, clipped to the list as the language clips slices.
    Slice(Box<ListExpr>, IntExpr, IntExpr),
    /// `sort(list)` or `reversed(list)`: a copy in another order.
    Reorder(Reorder, Box<ListExpr>),
    /// A copy of the list with its item at `place` replaced by `item`, when
    /// `place` is one of its places (the comprehension
    /// `[if j == place then item else list[j] for j in 0..len(list)]`).
    Replace(Box<ListExpr>, IntExpr, IntExpr),
    /// `a + b`.
    Concat(Box<ListExpr>, Box<ListExpr>),
    /// `if cond then a else b`.
    Select(Box<Cond>, Box<ListExpr>, Box<ListExpr>),
    /// `table[index]`: one list of a constant table (a `let` list of
    /// lists, or a map from integers).
    Pick(Rc<Table>, IntExpr),
    /// A call of function `index` of the kernel.
    Call(usize, Vec<Arg>),
    /// `[item for … if …]`.
    Comprehension(Box<Comprehension>),
    /// A call of function `function`, a `ListWalk`, run in the caller's
    /// frame: its arguments go to the slots from `offset` on, and `walk`
    /// reads them there.
    Loop {
        function: usize,
        offset: usize,
        args: Vec<Arg>,
        walk: Box<ListWalk>,
    },
}

/// How `ListExpr::Reorder` orders a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reorder {
    Sort,
    Reverse,
}

/// An argument of a function call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Int(IntExpr),
    List(ListExpr),
}

/// What a function's parameter holds: an integer (one slot) or a list (a
/// header of two slots).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    Int,
    List,
}

impl ParamKind {
    /// How many slots a parameter of this kind takes.
    pub fn width(self) -> usize {
        match self {
            ParamKind::Int => 1,
            ParamKind::List => 2,
        }
    }
}

/// A recursive `def` returning a list, compiled for the kinds of its
/// arguments at its calls. Its frame holds its parameters from slot 0 on,
/// then `slots` in all.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub params: Vec<ParamKind>,
    pub slots: usize,
    /// The names of the slots, for printing.
    pub slot_names: Vec<String>,
    pub body: ListExpr,
    /// The body as a loop, when it is one (see `ListWalk`).
    pub walk: Option<ListWalk>,
}

/// A function whose body walks one list parameter from one end, every
/// other argument passed on unchanged: from the front,
/// `if stop then base else [items…] + f(list[1..], …)`, or from the back,
/// `if stop then base else f(list[..-1], …) + [items…]`. It runs as a loop
/// in one frame, the list's header moving one item on each round.
#[derive(Clone, Debug, PartialEq)]
pub struct ListWalk {
    /// The header's slot of the list walked.
    pub header: usize,
    /// Whether the walk drops the list's last item rather than its first.
    pub from_back: bool,
    /// The stop condition, in parts when it is an `or` of conditions that
    /// cannot fail (so their order does not matter): those the loop does
    /// not change, checked once, whether the list's end is one, and the
    /// rest, checked each round.
    pub stop_once: Cond,
    pub at_end: bool,
    pub stop: Cond,
    /// The slot that holds the item at the walked end each round, which
    /// the items read instead of `list[0]` (or `list[-1]`).
    pub end: usize,
    pub items: Vec<IntExpr>,
    pub base: ListExpr,
    /// How a round maps the item at the end to its one item, when the walk
    /// goes over the whole list with no other stop (as `cut` in Chomp
    /// does), from the front or, with an empty base, from the back: its
    /// rounds are then a loop over the list.
    pub each: Option<Each>,
}

/// How a loop over a list maps each of its items `x` to one item: `x`
/// itself, or a clamp `min(x, e)` or `max(x, e)` whose bound `e` (the
/// operand `bound` of the `min` or `max`) the loop does not move, run as
/// native loops; or any expression, evaluated for each item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Each {
    Same,
    Min { bound: usize },
    Max { bound: usize },
    Eval,
}

impl Each {
    /// How `item` maps slot `slot`'s item, where the loop moves the
    /// `changing` slots.
    pub fn of(item: &IntExpr, slot: usize, changing: &[usize]) -> Each {
        let is_slot = |e: &IntExpr| matches!(e, IntExpr::Affine(a) if a.constant == 0 && a.terms[..] == [(slot, 1)]);
        let fixed = |e: &IntExpr| changing.iter().all(|&s| !e.uses(s));
        let bound = |xs: &[IntExpr]| match xs {
            [a, b] if is_slot(a) && fixed(b) => Some(1),
            [a, b] if is_slot(b) && fixed(a) => Some(0),
            _ => None,
        };
        match item {
            e if is_slot(e) => Each::Same,
            IntExpr::Min(xs) => bound(xs).map_or(Each::Eval, |bound| Each::Min { bound }),
            IntExpr::Max(xs) => bound(xs).map_or(Each::Eval, |bound| Each::Max { bound }),
            _ => Each::Eval,
        }
    }

    /// `Each` for the one item of a walk's rounds, when the walk is a loop
    /// over its whole list (see `ListWalk::each`).
    pub fn of_walk(walk: &ListWalk) -> Option<Each> {
        let header = [walk.header, walk.header + 1];
        // From the back, the base comes before the items: it must be empty.
        let empty = |e: &ListExpr| matches!(e, ListExpr::Items(items) if items.is_empty());
        let whole = walk.at_end
            && matches!(walk.stop, Cond::Const(false))
            && (!walk.from_back || empty(&walk.base));
        match &walk.items[..] {
            [item] if whole && header.iter().all(|&s| !item.uses(s)) => Some(Each::of(
                item,
                walk.end,
                &[walk.end, walk.header, walk.header + 1],
            )),
            _ => None,
        }
    }
}

impl ListExpr {
    /// `table[key]`, the picked list's constants themselves when `key` is
    /// a constant that picks one (a loop over a table's rows unrolled): its
    /// items then fold. A key that picks nothing stays, to fail where the
    /// language does.
    pub fn pick(table: Rc<Table>, key: IntExpr) -> ListExpr {
        match key.as_constant().and_then(|key| table.pick(key)) {
            Some(list) => ListExpr::Items(list.iter().map(|&n| IntExpr::constant(n)).collect()),
            None => ListExpr::Pick(table, key),
        }
    }

    /// The expression with `slot` replaced by `value` (see `IntExpr`).
    pub(super) fn substitute(&self, slot: usize, value: i64) -> Option<ListExpr> {
        let int = |e: &IntExpr| e.substitute(slot, value);
        let list = |e: &ListExpr| e.substitute(slot, value).map(Box::new);
        Some(match self {
            ListExpr::Slots(header) if *header == slot || *header + 1 == slot => return None,
            ListExpr::Slots(header) => ListExpr::Slots(*header),
            ListExpr::Items(items) => {
                ListExpr::Items(items.iter().map(int).collect::<Option<_>>()?)
            }
            ListExpr::Slice(l, a, b) => ListExpr::Slice(list(l)?, int(a)?, int(b)?),
            ListExpr::Reorder(order, l) => ListExpr::Reorder(*order, list(l)?),
            ListExpr::Replace(l, at, item) => ListExpr::Replace(list(l)?, int(at)?, int(item)?),
            ListExpr::Concat(a, b) => ListExpr::Concat(list(a)?, list(b)?),
            ListExpr::Select(c, a, b) => {
                ListExpr::Select(Box::new(c.substitute(slot, value)?), list(a)?, list(b)?)
            }
            ListExpr::Pick(table, key) => ListExpr::pick(table.clone(), int(key)?),
            ListExpr::Call(f, args) => ListExpr::Call(*f, substitute_args(args, slot, value)?),
            ListExpr::Comprehension(c) => {
                ListExpr::Comprehension(Box::new(c.substitute(slot, value)?))
            }
            ListExpr::Loop {
                function,
                offset,
                args,
                walk,
            } => ListExpr::Loop {
                function: *function,
                offset: *offset,
                args: substitute_args(args, slot, value)?,
                walk: walk.clone(),
            },
        })
    }

    /// The expression with each integer part rewritten as
    /// `IntExpr::rewritten` rewrites it.
    pub fn rewritten(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> ListExpr {
        let int = |e: &IntExpr| e.rewritten(f);
        let list = |l: &ListExpr| Box::new(l.rewritten(f));
        let args = |args: &[Arg]| {
            args.iter()
                .map(|arg| match arg {
                    Arg::Int(e) => Arg::Int(int(e)),
                    Arg::List(l) => Arg::List(l.rewritten(f)),
                })
                .collect()
        };
        match self {
            ListExpr::Slots(header) => ListExpr::Slots(*header),
            ListExpr::Items(items) => ListExpr::Items(items.iter().map(int).collect()),
            ListExpr::Slice(l, a, b) => ListExpr::Slice(list(l), int(a), int(b)),
            ListExpr::Reorder(order, l) => ListExpr::Reorder(*order, list(l)),
            ListExpr::Replace(l, at, item) => ListExpr::Replace(list(l), int(at), int(item)),
            ListExpr::Concat(a, b) => ListExpr::Concat(list(a), list(b)),
            ListExpr::Select(c, a, b) => ListExpr::Select(Box::new(c.map(&int)), list(a), list(b)),
            ListExpr::Pick(table, key) => ListExpr::pick(table.clone(), int(key)),
            ListExpr::Call(index, call_args) => ListExpr::Call(*index, args(call_args)),
            ListExpr::Comprehension(c) => ListExpr::Comprehension(Box::new(c.rewritten(f))),
            ListExpr::Loop {
                function,
                offset,
                args: loop_args,
                walk,
            } => ListExpr::Loop {
                function: *function,
                offset: *offset,
                args: args(loop_args),
                walk: walk.clone(),
            },
        }
    }

    /// The expression with each slot `s` read as slot `s + offset`.
    pub fn shifted(&self, offset: usize) -> ListExpr {
        let list = |e: &ListExpr| Box::new(e.shifted(offset));
        match self {
            ListExpr::Slots(header) => ListExpr::Slots(header + offset),
            ListExpr::Items(items) => {
                ListExpr::Items(items.iter().map(|e| e.shifted(offset)).collect())
            }
            ListExpr::Slice(l, a, b) => {
                ListExpr::Slice(list(l), a.shifted(offset), b.shifted(offset))
            }
            ListExpr::Reorder(order, l) => ListExpr::Reorder(*order, list(l)),
            ListExpr::Replace(l, at, item) => {
                ListExpr::Replace(list(l), at.shifted(offset), item.shifted(offset))
            }
            ListExpr::Concat(a, b) => ListExpr::Concat(list(a), list(b)),
            ListExpr::Select(c, a, b) => {
                ListExpr::Select(Box::new(c.shifted(offset)), list(a), list(b))
            }
            ListExpr::Pick(table, key) => ListExpr::Pick(table.clone(), key.shifted(offset)),
            ListExpr::Call(f, args) => ListExpr::Call(*f, shift_args(args, offset)),
            ListExpr::Comprehension(c) => ListExpr::Comprehension(Box::new(c.shifted(offset))),
            ListExpr::Loop {
                function,
                offset: at,
                args,
                walk,
            } => ListExpr::Loop {
                function: *function,
                offset: at + offset,
                args: shift_args(args, offset),
                walk: Box::new(walk.shifted(offset)),
            },
        }
    }

    /// Whether the expression reads `slot`.
    pub fn uses(&self, slot: usize) -> bool {
        match self {
            ListExpr::Slots(header) => *header == slot || *header + 1 == slot,
            ListExpr::Items(items) => items.iter().any(|e| e.uses(slot)),
            ListExpr::Slice(l, a, b) => l.uses(slot) || a.uses(slot) || b.uses(slot),
            ListExpr::Reorder(_, l) => l.uses(slot),
            ListExpr::Replace(l, at, item) => l.uses(slot) || at.uses(slot) || item.uses(slot),
            ListExpr::Concat(a, b) => a.uses(slot) || b.uses(slot),
            ListExpr::Select(c, a, b) => c.uses(slot) || a.uses(slot) || b.uses(slot),
            ListExpr::Pick(_, key) => key.uses(slot),
            ListExpr::Call(_, args) => args.iter().any(|arg| arg.uses(slot)),
            ListExpr::Comprehension(c) => c.uses(slot),
            // The loop reads its own slots only, which nothing else does.
            ListExpr::Loop { args, .. } => args.iter().any(|arg| arg.uses(slot)),
        }
    }
}

impl Arg {
    fn uses(&self, slot: usize) -> bool {
        match self {
            Arg::Int(e) => e.uses(slot),
            Arg::List(l) => l.uses(slot),
        }
    }

    fn shifted(&self, offset: usize) -> Arg {
        match self {
            Arg::Int(e) => Arg::Int(e.shifted(offset)),
            Arg::List(l) => Arg::List(l.shifted(offset)),
        }
    }
}

fn substitute_args(args: &[Arg], slot: usize, value: i64) -> Option<Vec<Arg>> {
    args.iter()
        .map(|arg| match arg {
            Arg::Int(e) => e.substitute(slot, value).map(Arg::Int),
            Arg::List(l) => l.substitute(slot, value).map(Arg::List),
        })
        .collect()
}

fn shift_args(args: &[Arg], offset: usize) -> Vec<Arg> {
    args.iter().map(|arg| arg.shifted(offset)).collect()
}

impl ListWalk {
    /// The walk with each slot `s` read as slot `s + offset`.
    pub fn shifted(&self, offset: usize) -> ListWalk {
        ListWalk {
            header: self.header + offset,
            from_back: self.from_back,
            stop_once: self.stop_once.shifted(offset),
            at_end: self.at_end,
            stop: self.stop.shifted(offset),
            end: self.end + offset,
            items: self.items.iter().map(|e| e.shifted(offset)).collect(),
            base: self.base.shifted(offset),
            each: self.each,
        }
    }
}

//! Lists of integers in an option program: the boards of a family whose
//! positions are lists of varying length (`Chomp([3, 3, 1])`), the lists
//! its options build, and the recursive functions that build them.
//!
//! A list lives in the same integer memory as the slots: its *header* is
//! two slots (where its items start, relative to the frame, and how many
//! there are), its items lie further up. So `len(rows)` is a plain slot
//! and `rows[i]` one load (`IntExpr::At`), and building a list appends to
//! the memory, which every option reuses. A function call copies its list
//! arguments into a fresh frame on top and its result back down: no `Value`
//! and no allocation per option.

use std::rc::Rc;

use super::CALL_DEPTH;
use super::comprehension::Comprehension;
use super::int::{Calls, Cond, IntExpr};
use super::table::Table;

/// Most integers the memory of one option may hold.
pub(super) const MEMORY: usize = 1 << 20;
/// Most arguments of a function.
pub const MAX_ARGS: usize = 8;

/// Evaluated arguments: an integer (and 0), or a list's start and length.
type Values = [(i64, usize); MAX_ARGS];

/// How the end of a function's body went (`Builder::tail`).
enum Tail {
    /// Its items are on top of the memory.
    Done,
    /// It called the function itself, whose arguments are now in the frame.
    Again,
}

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
            ListExpr::Pick(table, key) => ListExpr::Pick(table.clone(), int(key)?),
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
            ListExpr::Pick(table, key) => ListExpr::Pick(table.clone(), int(key)),
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

/// Evaluates list expressions in one memory: the frame of the element (or
/// function) being evaluated starts at `base`; the functions it calls are
/// `calls`'s lists (`Calls::with_lists`).
pub(super) struct Builder<'a> {
    pub calls: Calls<'a>,
    pub memory: &'a mut Vec<i64>,
}

impl Builder<'_> {
    /// The list `e` as `(start, len)` in the memory, or `None` where the
    /// language reports an error (or past the program's limits).
    pub fn build(&mut self, e: &ListExpr, base: usize, depth: usize) -> Option<(usize, usize)> {
        match e {
            ListExpr::Slots(header) => Some(self.slots(*header, base)),
            ListExpr::Items(items) => {
                let mark = self.memory.len();
                for item in items {
                    let value = item.eval(&self.memory[base..], &self.calls)?;
                    self.memory.push(value);
                }
                Some((mark, items.len()))
            }
            ListExpr::Slice(list, low, high) => {
                let (start, len) = match &**list {
                    ListExpr::Slots(header) => self.slots(*header, base),
                    list => self.build(list, base, depth)?,
                };
                let frame = &self.memory[base..];
                let (low, high) = (
                    low.eval(frame, &self.calls)?,
                    high.eval(frame, &self.calls)?,
                );
                // A list is far shorter than `i64::MAX`: `x + len` cannot
                // overflow for a negative `x`.
                let len = len as i64;
                let clip = |x: i64| if x < 0 { (x + len).max(0) } else { x.min(len) };
                let (a, b) = (clip(low), clip(high).max(clip(low)));
                Some((start + a as usize, (b - a) as usize))
            }
            ListExpr::Reorder(order, list) => {
                let (mark, len) = self.copy(list, base, depth)?;
                let items = &mut self.memory[mark..];
                match order {
                    Reorder::Sort => items.sort_unstable(),
                    Reorder::Reverse => items.reverse(),
                }
                Some((mark, len))
            }
            ListExpr::Replace(list, place, item) => {
                let (mark, len) = self.copy(list, base, depth)?;
                let at = place.eval(&self.memory[base..], &self.calls)?;
                if (0..len as i64).contains(&at) {
                    let value = item.eval(&self.memory[base..], &self.calls)?;
                    self.memory[mark + at as usize] = value;
                }
                Some((mark, len))
            }
            ListExpr::Concat(a, b) => self.concat(a, b, base, depth),
            ListExpr::Select(cond, a, b) => match cond.eval(&self.memory[base..], &self.calls)? {
                true => self.build(a, base, depth),
                false => self.build(b, base, depth),
            },
            ListExpr::Pick(table, key) => {
                let key = key.eval(&self.memory[base..], &self.calls)?;
                let items = table.pick(key)?;
                let mark = self.memory.len();
                self.memory.extend_from_slice(items);
                Some((mark, items.len()))
            }
            ListExpr::Call(index, args) => self.call(*index, args, base, depth),
            ListExpr::Comprehension(c) => self.comprehension(c, base, depth),
            ListExpr::Loop {
                function,
                offset,
                args,
                walk,
            } => self.run_loop(*function, base + offset, args, walk, base, depth),
        }
    }

    /// Writes evaluated arguments into the parameter slots from `at` on: an
    /// integer as it is, a list as a header relative to the frame at
    /// `base`, its items left where they are.
    fn bind(&mut self, params: &[ParamKind], values: &Values, at: usize, base: usize) {
        let mut slot = at;
        for (&(start, len), kind) in values.iter().zip(params) {
            match kind {
                ParamKind::Int => self.memory[slot] = start,
                ParamKind::List => {
                    self.memory[slot] = start - base as i64;
                    self.memory[slot + 1] = len as i64;
                }
            }
            slot += kind.width();
        }
    }

    /// The list whose header is at slot `header` of the frame at `base`.
    #[inline]
    fn slots(&self, header: usize, base: usize) -> (usize, usize) {
        let frame = &self.memory[base..];
        let (start, len) = (frame[header], frame[header + 1]);
        (base + start as usize, len as usize)
    }

    /// `a + b`.
    #[inline(never)]
    fn concat(
        &mut self,
        a: &ListExpr,
        b: &ListExpr,
        base: usize,
        depth: usize,
    ) -> Option<(usize, usize)> {
        let (mark, first) = self.copy(a, base, depth)?;
        let (_, second) = self.copy(b, base, depth)?;
        self.fits()?;
        Some((mark, first + second))
    }

    /// The list `e` built as a copy on top of the memory (a view of a list
    /// held elsewhere is copied up), as `(start, len)`.
    fn copy(&mut self, e: &ListExpr, base: usize, depth: usize) -> Option<(usize, usize)> {
        let mark = self.memory.len();
        let built = self.build(e, base, depth)?;
        self.settle(mark, built);
        Some((mark, built.1))
    }

    /// A `ListWalk` function's call run in the caller's frame at `base`,
    /// its parameters in the slots from `at` on.
    #[inline(never)]
    fn run_loop(
        &mut self,
        function: usize,
        at: usize,
        args: &[Arg],
        walk: &ListWalk,
        base: usize,
        depth: usize,
    ) -> Option<(usize, usize)> {
        let mark = self.memory.len();
        let values = self.arguments(args, base, depth)?;
        let functions = self.calls.lists;
        self.bind(&functions[function].params, &values, at, base);
        let items = self.memory.len();
        self.walk(walk, base, depth)?;
        Some(self.down(mark, items))
    }

    /// Calls function `index`: its arguments are evaluated in the caller's
    /// frame, and its result left where they began.
    #[inline(never)]
    fn call(
        &mut self,
        index: usize,
        args: &[Arg],
        base: usize,
        depth: usize,
    ) -> Option<(usize, usize)> {
        if depth >= CALL_DEPTH {
            return None;
        }
        let mark = self.memory.len();
        let values = self.arguments(args, base, depth)?;
        self.enter(index, &values, mark, depth)
    }

    /// The values of `args`: an integer, or a list's start and length.
    fn arguments(&mut self, args: &[Arg], base: usize, depth: usize) -> Option<Values> {
        if args.len() > MAX_ARGS {
            return None;
        }
        let mut values = [(0, 0); MAX_ARGS];
        for (value, arg) in values.iter_mut().zip(args) {
            *value = match arg {
                Arg::Int(e) => (e.eval(&self.memory[base..], &self.calls)?, 0),
                Arg::List(l) => {
                    let (start, len) = self.build(l, base, depth)?;
                    (start as i64, len)
                }
            };
        }
        Some(values)
    }

    /// Runs function `index` on `values` in a new frame on top, its list
    /// arguments copied in, and moves its result down to `mark`. A call of
    /// itself at the end of its body (`[x] + f(rows[1..], c)`), whose list
    /// arguments lie in its frame, is a jump: the arguments are rewritten
    /// in place and the body runs again, the items so far kept above the
    /// frame.
    fn enter(
        &mut self,
        index: usize,
        values: &Values,
        mark: usize,
        depth: usize,
    ) -> Option<(usize, usize)> {
        let function = &self.calls.lists[index];
        let frame = self.memory.len();
        self.memory.resize(frame + function.slots, 0);
        let mut slot = frame;
        for (&(start, len), kind) in values.iter().zip(&function.params) {
            match kind {
                ParamKind::Int => self.memory[slot] = start,
                ParamKind::List => {
                    let (start, at) = (start as usize, self.memory.len());
                    self.memory.extend_from_within(start..start + len);
                    self.memory[slot] = (at - frame) as i64;
                    self.memory[slot + 1] = len as i64;
                }
            }
            slot += kind.width();
        }
        self.fits()?;
        let items = self.memory.len();
        if let Some(walk) = &function.walk {
            self.walk(walk, frame, depth)?;
            return Some(self.down(mark, items));
        }
        let mut rounds = 0;
        while let Tail::Again = self.tail(&function.body, index, frame, depth)? {
            rounds += 1;
            if rounds > MEMORY {
                return None;
            }
            self.fits()?;
        }
        Some(self.down(mark, items))
    }

    /// Appends the items of a `ListWalk` function's body, run as a loop in
    /// the frame at `frame`.
    fn walk(&mut self, walk: &ListWalk, frame: usize, depth: usize) -> Option<()> {
        if let Some(each) = walk.each {
            return self.walk_each(each, walk, frame, depth);
        }
        if walk.from_back {
            return self.walk_back(walk, frame, depth);
        }
        let (start, len) = (frame + walk.header, frame + walk.header + 1);
        let mut rounds = depth;
        if !walk.stop_once.eval(&self.memory[frame..], &self.calls)? {
            while !self.stops(walk, frame, &mut rounds)? {
                self.memory[frame + walk.end] = self.memory[frame + self.memory[start] as usize];
                self.items(walk, frame)?;
                self.memory[start] += 1;
                self.memory[len] -= 1;
            }
        }
        self.base(walk, frame, depth)
    }

    /// A walk whose rounds map each item of the list to one item
    /// (`ListWalk::each`): a loop over the list, its header left as the
    /// recursion leaves it.
    fn walk_each(&mut self, each: Each, walk: &ListWalk, frame: usize, depth: usize) -> Option<()> {
        let (start, len) = (frame + walk.header, frame + walk.header + 1);
        if !walk.stop_once.eval(&self.memory[frame..], &self.calls)? {
            let (from, n) = (self.memory[start] as usize, self.memory[len] as usize);
            // As many rounds as the recursion's calls.
            if depth + n >= CALL_DEPTH {
                return None;
            }
            self.each_item(each, &walk.items[0], walk.end, frame, (frame + from, n))?;
            if !walk.from_back {
                self.memory[start] += n as i64;
                self.memory[len] = 0;
            }
        }
        self.base(walk, frame, depth)
    }

    /// `walk` from the back: down to the longest prefix of the list at
    /// which the recursion stops, its base, then each longer prefix's items
    /// on the way back up, as the recursion appends them.
    fn walk_back(&mut self, walk: &ListWalk, frame: usize, depth: usize) -> Option<()> {
        let (start, len) = (frame + walk.header, frame + walk.header + 1);
        let full = self.memory[len];
        let mut rounds = depth;
        if !walk.stop_once.eval(&self.memory[frame..], &self.calls)? {
            while !self.stops(walk, frame, &mut rounds)? {
                self.memory[len] -= 1;
            }
        }
        self.base(walk, frame, depth)?;
        while self.memory[len] < full {
            let last = self.memory[start] + self.memory[len];
            self.memory[len] += 1;
            self.memory[frame + walk.end] = self.memory[frame + last as usize];
            self.items(walk, frame)?;
        }
        Some(())
    }

    /// Whether `walk` stops at the list its header holds now; `None` past
    /// the depth the recursion may reach, or where it would go on with an
    /// empty list (which has no item at either end, and stays empty: the
    /// recursion would fail or never end).
    #[inline(always)]
    fn stops(&self, walk: &ListWalk, frame: usize, rounds: &mut usize) -> Option<bool> {
        let empty = self.memory[frame + walk.header + 1] == 0;
        if walk.at_end && empty {
            return Some(true);
        }
        let each_round = !matches!(walk.stop, Cond::Const(false));
        if each_round && walk.stop.eval(&self.memory[frame..], &self.calls)? {
            return Some(true);
        }
        *rounds += 1;
        (*rounds < CALL_DEPTH && !empty).then_some(false)
    }

    /// Appends one round's items of `walk`.
    #[inline(always)]
    fn items(&mut self, walk: &ListWalk, frame: usize) -> Option<()> {
        for item in &walk.items {
            let value = item.eval(&self.memory[frame..], &self.calls)?;
            self.memory.push(value);
        }
        self.fits()
    }

    /// Appends one item for each of the `n` integers from `from` on: `item`
    /// with slot `slot` of the frame at `base` holding the integer, mapped
    /// as `each` says.
    pub(super) fn each_item(
        &mut self,
        each: Each,
        item: &IntExpr,
        slot: usize,
        base: usize,
        (from, n): (usize, usize),
    ) -> Option<()> {
        if n == 0 {
            return Some(());
        }
        let bound = |at: usize| match item {
            IntExpr::Min(xs) | IntExpr::Max(xs) => xs[at].eval(&self.memory[base..], &self.calls),
            _ => unreachable!("`Each::of` bounds only a `min` or `max`"),
        };
        let clamp = match each {
            Each::Same => Some((i64::MIN, i64::MAX)),
            Each::Min { bound: at } => Some((i64::MIN, bound(at)?)),
            Each::Max { bound: at } => Some((bound(at)?, i64::MAX)),
            Each::Eval => None,
        };
        let top = self.memory.len();
        match clamp {
            Some((low, high)) => {
                self.memory.extend_from_within(from..from + n);
                for x in &mut self.memory[top..] {
                    *x = (*x).max(low).min(high);
                }
                self.memory[base + slot] = self.memory[from + n - 1];
            }
            None => {
                self.memory.reserve(n);
                for i in from..from + n {
                    self.memory[base + slot] = self.memory[i];
                    let value = item.eval(&self.memory[base..], &self.calls)?;
                    self.memory.push(value);
                }
            }
        }
        self.fits()
    }

    /// Appends the base of `walk`, where the recursion stopped.
    fn base(&mut self, walk: &ListWalk, frame: usize, depth: usize) -> Option<()> {
        if !matches!(&walk.base, ListExpr::Items(items) if items.is_empty()) {
            let top = self.memory.len();
            let base = self.build(&walk.base, frame, depth + 1)?;
            self.settle(top, base);
        }
        Some(())
    }

    /// Appends the items of `e`, the end of function `index`'s body, to
    /// the top of the memory; `Tail::Again` when `e` ends in a jump (see
    /// `enter`), the new arguments written into the frame.
    fn tail(&mut self, e: &ListExpr, index: usize, frame: usize, depth: usize) -> Option<Tail> {
        let top = self.memory.len();
        match e {
            ListExpr::Concat(a, b) => {
                let first = self.build(a, frame, depth + 1)?;
                self.settle(top, first);
                self.tail(b, index, frame, depth)
            }
            ListExpr::Select(cond, a, b) => match cond.eval(&self.memory[frame..], &self.calls)? {
                true => self.tail(a, index, frame, depth),
                false => self.tail(b, index, frame, depth),
            },
            ListExpr::Call(f, args) if *f == index && depth + 1 < CALL_DEPTH => {
                let values = self.arguments(args, frame, depth + 1)?;
                if self.memory.len() != top {
                    // A list argument was built anew: a real call.
                    self.enter(index, &values, top, depth + 1)?;
                    return Some(Tail::Done);
                }
                let functions = self.calls.lists;
                self.bind(&functions[index].params, &values, frame, frame);
                Some(Tail::Again)
            }
            _ => {
                let list = self.build(e, frame, depth + 1)?;
                self.settle(top, list);
                Some(Tail::Done)
            }
        }
    }

    /// The items from `items` to the top of the memory, moved down to
    /// `mark`: a call's result, where its arguments began.
    pub(super) fn down(&mut self, mark: usize, items: usize) -> (usize, usize) {
        let len = self.memory.len() - items;
        self.settle(mark, (items, len));
        (mark, len)
    }

    /// Moves the list `(start, len)` to `mark`, the top of the memory
    /// (dropping whatever lies above it).
    #[inline]
    fn settle(&mut self, mark: usize, (start, len): (usize, usize)) {
        if start + len <= mark {
            self.memory.truncate(mark);
            self.memory.extend_from_within(start..start + len);
            return;
        }
        let from = match start >= mark {
            true => start,
            // Items on both sides of the mark are copied up first.
            false => {
                let top = self.memory.len();
                self.memory.extend_from_within(start..start + len);
                top
            }
        };
        if from != mark {
            self.memory.copy_within(from..from + len, mark);
        }
        self.memory.truncate(mark + len);
    }

    fn fits(&self) -> Option<()> {
        (self.memory.len() <= MEMORY).then_some(())
    }
}

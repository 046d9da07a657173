//! A pass over the functions of a list program: a recursive `def` that
//! walks a list from one end —
//! `def cut(rows, c) = if len(rows) == 0 or c == 0 then [] else [min(rows[0], c)] + cut(rows[1..], c)`,
//! or `… else cut(rows[..-1], c) + [min(rows[-1], c)]` from the back — is a
//! loop, and runs as one (`engine::kernel::ListWalk`): one frame, no copy of
//! the rest of the list per item.

use super::filters::{any, cannot_fail, disjuncts, negate};
use crate::engine::kernel::{
    Arg, CmpOp, Comprehension, Cond, Each, Element, Function, IntExpr, ListClause, ListExpr,
    ListWalk, MAX_SLOTS, OptionValue, Over, ParamKind, SLOT_BOUND,
};

/// Runs each call of a `ListWalk` function in the options as a loop in
/// the element's frame, in slots of its own from `*slots` on (named after
/// the function's); the name of the pass when some call is.
pub(super) fn inline_walks(
    elements: &mut [Element],
    functions: &[Function],
    slots: &mut usize,
    slot_names: &mut Vec<String>,
) -> Option<&'static str> {
    let mut inliner = Inliner {
        functions,
        slots,
        slot_names,
        found: false,
    };
    for element in elements {
        if let OptionValue::Boards { boards, .. } = &mut element.value {
            boards.iter_mut().for_each(|board| inliner.list(board));
        }
    }
    inliner.found.then_some("list walks inlined")
}

/// Tests once the filters of a comprehension in the options that read none
/// of its loop variables: `[min(x, c) for x in l if c > 0]` is
/// `if c > 0 then [min(x, c) for x in l] else []`. Only a filter that
/// cannot fail, after clauses that cannot fail, moves, so that no error
/// appears or disappears. The name of the pass when some filter moved.
pub(super) fn hoist_filters(elements: &mut [Element]) -> Option<&'static str> {
    let mut found = false;
    for element in elements {
        if let OptionValue::Boards { boards, .. } = &mut element.value {
            for board in boards {
                found |= hoist(board);
            }
        }
    }
    found.then_some("invariant filters of comprehensions tested once")
}

fn hoist(e: &mut ListExpr) -> bool {
    match e {
        ListExpr::Slice(l, _, _) | ListExpr::Reorder(_, l) | ListExpr::Replace(l, _, _) => hoist(l),
        ListExpr::Concat(a, b) | ListExpr::Select(_, a, b) => hoist(a) | hoist(b),
        ListExpr::Comprehension(c) => {
            let Some(at) = invariant_filter(c) else {
                return false;
            };
            let ListClause::If(cond) = c.remove_clause(at) else {
                unreachable!("a filter")
            };
            let inner = std::mem::replace(e, ListExpr::Items(Vec::new()));
            let empty = Box::new(ListExpr::Items(Vec::new()));
            *e = ListExpr::Select(Box::new(cond), Box::new(inner), empty);
            hoist(e);
            true
        }
        _ => false,
    }
}

/// The first filter of `c` that reads none of its loop variables and that,
/// with every clause before it, cannot fail.
fn invariant_filter(c: &Comprehension) -> Option<usize> {
    let mut loops = Vec::new();
    for (at, clause) in c.clauses.iter().enumerate() {
        match clause {
            ListClause::If(cond) if !cannot_fail(cond) => return None,
            ListClause::If(cond) if loops.iter().all(|&s| !cond.uses(s)) => return Some(at),
            ListClause::If(_) => {}
            ListClause::For { slot, over } => {
                let affine = |e: &IntExpr| matches!(e, IntExpr::Affine(_) | IntExpr::Large(_));
                let safe = match over {
                    Over::Range { low, high, .. } => affine(low) && affine(high),
                    Over::List(ListExpr::Slots(_)) => true,
                    Over::List(ListExpr::Slice(l, low, high)) => {
                        matches!(**l, ListExpr::Slots(_)) && affine(low) && affine(high)
                    }
                    Over::List(_) => false,
                };
                if !safe {
                    return None;
                }
                loops.push(*slot);
            }
        }
    }
    None
}

struct Inliner<'a> {
    functions: &'a [Function],
    slots: &'a mut usize,
    slot_names: &'a mut Vec<String>,
    found: bool,
}

impl Inliner<'_> {
    fn list(&mut self, e: &mut ListExpr) {
        match e {
            // A comprehension walks only lists the frame holds.
            ListExpr::Slots(_)
            | ListExpr::Items(_)
            | ListExpr::Pick(..)
            | ListExpr::Comprehension(_) => {}
            ListExpr::Slice(l, _, _) | ListExpr::Reorder(_, l) | ListExpr::Replace(l, _, _) => {
                self.list(l)
            }
            ListExpr::Concat(a, b) | ListExpr::Select(_, a, b) => {
                self.list(a);
                self.list(b);
            }
            ListExpr::Call(f, args)
            | ListExpr::Loop {
                function: f, args, ..
            } => {
                for arg in args.iter_mut() {
                    if let Arg::List(l) = arg {
                        self.list(l);
                    }
                }
                let function = &self.functions[*f];
                let Some(walk) = &function.walk else {
                    return;
                };
                let offset = *self.slots;
                if matches!(e, ListExpr::Loop { .. }) || offset + function.slots > MAX_SLOTS {
                    return;
                }
                *self.slots += function.slots;
                let names = function.slot_names.iter();
                self.slot_names
                    .extend(names.map(|name| format!("{}.{name}", function.name)));
                self.found = true;
                let ListExpr::Call(f, args) = std::mem::replace(e, ListExpr::Items(Vec::new()))
                else {
                    unreachable!("matched a call")
                };
                *e = ListExpr::Loop {
                    function: f,
                    offset,
                    args,
                    walk: Box::new(walk.shifted(offset)),
                };
            }
        }
    }
}

/// Marks every function that walks a list from one end; the name of the
/// pass when some does. Such a function gets one more slot, the item at
/// that end.
pub(super) fn list_walks(functions: &mut [Function]) -> Option<&'static str> {
    let mut found = false;
    for (index, function) in functions.iter_mut().enumerate() {
        let walk = list_walk(index, function);
        if let Some(walk) = &walk {
            let index = if walk.from_back { -1 } else { 0 };
            let name = format!("{}[{index}]", function.slot_names[walk.header]);
            function.slot_names.push(name);
            function.slots += 1;
            found = true;
        }
        function.walk = walk;
    }
    found.then_some("recursion over a list run as a loop")
}

/// The item at the walked end of a list — `list[index]` of the list whose
/// header is at `header`, `index` being 0 or -1 — kept in `slot`.
struct End {
    header: usize,
    index: i64,
    slot: usize,
}

impl End {
    /// Whether `i` indexes the walked end (`-1` also as `len(list) - 1`).
    fn is_end(&self, i: &IntExpr) -> bool {
        i.as_constant() == Some(self.index) || (self.index == -1 && *i == last_index(self.header))
    }

    /// `e` reading the end's slot where it read the end's item.
    fn item(&self, e: &IntExpr) -> IntExpr {
        e.rewritten(&|e| match e {
            IntExpr::At(h, i) if *h == self.header && self.is_end(i) => {
                Some(IntExpr::slot(self.slot))
            }
            _ => None,
        })
    }
}

fn list_walk(index: usize, function: &Function) -> Option<ListWalk> {
    let (stop, base, (items, args, from_back)) = peel(index, &function.body)?;
    let base = base.unwrap_or(ListExpr::Items(Vec::new()));
    // Every argument passes its parameter on, but one list, which moves
    // one item on.
    let mut header = None;
    let mut slot = 0;
    for (kind, arg) in function.params.iter().zip(args) {
        match (kind, arg) {
            (ParamKind::Int, Arg::Int(e)) if *e == IntExpr::slot(slot) => {}
            (ParamKind::List, Arg::List(ListExpr::Slots(h))) if *h == slot => {}
            (ParamKind::List, Arg::List(ListExpr::Slice(list, low, high)))
                if **list == ListExpr::Slots(slot)
                    && header.is_none()
                    && match from_back {
                        false => low.as_constant() == Some(1) && to_the_end(high, slot),
                        true => low.as_constant() == Some(0) && but_the_last(high, slot),
                    } =>
            {
                header = Some(slot);
            }
            _ => return None,
        }
        slot += kind.width();
    }
    let header = header?;
    let (stop_once, at_end, stop) = split_stop(stop, header);
    let at = End {
        header,
        index: if from_back { -1 } else { 0 },
        slot: function.slots,
    };
    let mut walk = ListWalk {
        header,
        from_back,
        stop_once,
        at_end,
        stop,
        end: at.slot,
        items: items.iter().map(|e| at.item(e)).collect(),
        base,
        each: None,
    };
    walk.each = Each::of_walk(&walk);
    Some(walk)
}

/// The stop condition in the parts `ListWalk` checks: when it is an `or`
/// of conditions that cannot fail, those that do not read the list's
/// header (checked once), whether one is `len(list) == 0`, and the rest;
/// otherwise the whole condition, each round.
fn split_stop(stop: Cond, header: usize) -> (Cond, bool, Cond) {
    if !cannot_fail(&stop) {
        return (Cond::Const(false), false, stop);
    }
    let mut parts = Vec::new();
    disjuncts(stop, &mut parts);
    let empty = |c: &Cond| match c {
        Cond::Cmp(CmpOp::Eq | CmpOp::Le, a, b) => {
            *a == IntExpr::slot(header + 1) && b.as_constant() == Some(0)
        }
        _ => false,
    };
    let at_end = parts.iter().any(empty);
    parts.retain(|c| !empty(c));
    let (once, each): (Vec<Cond>, Vec<Cond>) = parts
        .into_iter()
        .partition(|c| !c.uses(header) && !c.uses(header + 1));
    (any(once), at_end, any(each))
}

/// The body of function `index` as `if stop then base else step`, where
/// the step recurs and the base does not. Nested `if`s are peeled one by
/// one: `if a then x else (if b then y else step)` stops on `a or b` (in
/// that order, as the language evaluates it) with the base
/// `if a then x else y`, which reads the same frame as the tests did.
fn peel(index: usize, e: &ListExpr) -> Option<(Cond, Option<ListExpr>, Step<'_>)> {
    if let Some(step) = step(index, e) {
        return Some((Cond::Const(false), None, step));
    }
    let ListExpr::Select(cond, a, b) = e else {
        return None;
    };
    let either = |c: Cond, s: Cond| match s {
        Cond::Const(false) => c,
        s => Cond::Or(Box::new(c), Box::new(s)),
    };
    // A base never reached (`None`) leaves the other one alone.
    let select = |x: Option<ListExpr>, y: Option<ListExpr>| match (x, y) {
        (Some(x), Some(y)) if x == y => Some(x),
        (Some(x), Some(y)) => Some(ListExpr::Select(cond.clone(), Box::new(x), Box::new(y))),
        (x, y) => x.or(y),
    };
    match (calls(a, index), calls(b, index)) {
        (false, true) => {
            let (stop, base, step) = peel(index, b)?;
            let base = select(Some((**a).clone()), base);
            Some((either((**cond).clone(), stop), base, step))
        }
        (true, false) => {
            let (stop, base, step) = peel(index, a)?;
            let not = negate((**cond).clone());
            Some((either(not, stop), select(base, Some((**b).clone())), step))
        }
        _ => None,
    }
}

/// The items and the arguments of a step of a recursion, and whether the
/// items come after the call (a walk from the back).
type Step<'a> = (&'a Vec<IntExpr>, &'a Vec<Arg>, bool);

/// `[items…] + f(args…)` or `f(args…) + [items…]`, a step of the
/// recursion of function `index`.
fn step(index: usize, e: &ListExpr) -> Option<Step<'_>> {
    let ListExpr::Concat(first, rest) = e else {
        return None;
    };
    match (&**first, &**rest) {
        (ListExpr::Items(items), ListExpr::Call(f, args)) if *f == index => {
            Some((items, args, false))
        }
        (ListExpr::Call(f, args), ListExpr::Items(items)) if *f == index => {
            Some((items, args, true))
        }
        _ => None,
    }
}

/// `len(list) - 1` for the list whose header is at `header`.
fn last_index(header: usize) -> IntExpr {
    IntExpr::binary(
        crate::engine::kernel::IntOp::Sub,
        IntExpr::slot(header + 1),
        IntExpr::constant(1),
    )
}

/// Whether a slice's upper end `high` drops the last item of the list
/// whose header is at `header`: its length less one, or -1.
fn but_the_last(high: &IntExpr, header: usize) -> bool {
    *high == last_index(header) || high.as_constant() == Some(-1)
}

/// Whether a slice's upper end `high` is the end of the list whose header
/// is at `header`: its length, or a bound no list reaches.
fn to_the_end(high: &IntExpr, header: usize) -> bool {
    *high == IntExpr::slot(header + 1) || high.as_constant().is_some_and(|c| c >= SLOT_BOUND)
}

/// Whether `e` calls function `index`.
fn calls(e: &ListExpr, index: usize) -> bool {
    match e {
        ListExpr::Slots(_) | ListExpr::Items(_) | ListExpr::Pick(..) => false,
        ListExpr::Comprehension(c) => c.clauses.iter().any(|clause| {
            matches!(clause, ListClause::For { over: Over::List(l), .. } if calls(l, index))
        }),
        ListExpr::Slice(l, _, _) | ListExpr::Reorder(_, l) | ListExpr::Replace(l, _, _) => calls(l, index),
        ListExpr::Concat(a, b) | ListExpr::Select(_, a, b) => calls(a, index) || calls(b, index),
        ListExpr::Call(f, args)
        | ListExpr::Loop {
            function: f, args, ..
        } => {
            *f == index
                || args.iter().any(|arg| match arg {
                    Arg::Int(_) => false,
                    Arg::List(l) => calls(l, index),
                })
        }
    }
}

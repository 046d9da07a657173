//! A pass over list programs: a comprehension that copies a list but for
//! one place, `[if j == i then h[j] - k else h[j] for j in 0..len(h)]`, is
//! a copy of the list with one item replaced (`ListExpr::Replace`, when
//! `i` is a place of `h`): one run copied, and the new item computed once,
//! instead of a choice evaluated per item. Replacements nest: staircase
//! nim's `if j == i then … else if j == i - 1 then … else s[j]` is two.
//!
//! Nothing the comprehension would do differently: its `else` items only
//! read the list at places it has, and the replaced item is computed
//! exactly when the comprehension would compute it.

use super::monotone::at_least_zero;
use crate::engine::kernel::{
    Affine, Arg, Clause, CmpOp, Comprehension, Cond, Element, Function, IntExpr, IntOp, ListClause,
    ListExpr, MAX_SLOTS, OptionValue, Over,
};

/// Rewrites every comprehension of the options and of the functions that
/// replaces places of a list; the name of the pass when one did.
pub(super) fn point_updates(
    elements: &mut [Element],
    functions: &mut [Function],
) -> Option<&'static str> {
    let mut found = false;
    for element in elements {
        let places = places(&element.clauses);
        if let OptionValue::Boards { boards, .. } = &mut element.value {
            for board in boards {
                found |= visit(board, &places);
            }
        }
    }
    for function in functions {
        found |= visit(&mut function.body, &[]);
    }
    found.then_some("items replaced in place of comprehensions and slices")
}

/// A loop variable that walks places of a list: `for i in 0..len(h)`, or
/// `for j in i + 1..len(h)` after such an `i` (`after`, the slot of `i`),
/// or `for j in low..i` below it (`below`), `low` never below 0.
#[derive(Clone, Copy)]
struct Place {
    slot: usize,
    header: usize,
    after: Option<usize>,
    below: Option<usize>,
}

/// The loop variables of an element's clauses that walk the places of a
/// list (see `Place`).
fn places(clauses: &[Clause]) -> Vec<Place> {
    let mut found: Vec<Place> = Vec::new();
    for clause in clauses {
        let Some((slot, low, high)) = clause.exclusive_range() else {
            continue;
        };
        // Up to the list's length, or up to a place of it (`for j in
        // max(0, i - 3)..i`, `i` a place: then so is `j`).
        let below = found
            .iter()
            .find(|p| *high == IntExpr::slot(p.slot) && at_least_zero(low));
        if let Some(place) = below {
            found.push(Place {
                slot,
                header: place.header,
                after: None,
                below: Some(place.slot),
            });
            continue;
        }
        let Some(header) = (0..MAX_SLOTS).find(|&h| *high == IntExpr::slot(h + 1)) else {
            continue;
        };
        let after = found
            .iter()
            .find(|p| p.header == header && p.after.is_none() && *low == one_on(p.slot));
        let after = match (low.as_constant(), after) {
            (Some(0), _) => None,
            (_, Some(before)) => Some(before.slot),
            _ => continue,
        };
        found.push(Place {
            slot,
            header,
            after,
            below: None,
        });
    }
    found
}

/// `slot + 1`.
fn one_on(slot: usize) -> IntExpr {
    IntExpr::binary(IntOp::Add, IntExpr::slot(slot), IntExpr::constant(1))
}

/// Rewrites `e` and the lists in it; `places` are the loop variables known
/// to be places of a list (see `places`).
fn visit(e: &mut ListExpr, places: &[Place]) -> bool {
    let inner = match e {
        ListExpr::Slots(_) | ListExpr::Pick(..) => false,
        ListExpr::Items(items) => items
            .iter_mut()
            .fold(false, |found, item| visit_lists_in(item, places) | found),
        ListExpr::Slice(l, _, _) | ListExpr::Reorder(_, l) | ListExpr::Replace(l, _, _) => {
            visit(l, places)
        }
        ListExpr::Concat(a, b) | ListExpr::Select(_, a, b) => visit(a, places) | visit(b, places),
        ListExpr::Call(_, args) | ListExpr::Loop { args, .. } => {
            args.iter_mut().fold(false, |found, arg| match arg {
                Arg::List(l) => visit(l, places) | found,
                Arg::Int(_) => found,
            })
        }
        ListExpr::Comprehension(c) => {
            c.clauses
                .iter_mut()
                .fold(false, |found, clause| match clause {
                    ListClause::For {
                        over: Over::List(l),
                        ..
                    } => visit(l, places) | found,
                    _ => found,
                })
        }
    };
    let rewritten = match e {
        ListExpr::Comprehension(c) => rewrite(c),
        ListExpr::Concat(..) => put(e, places),
        _ => None,
    };
    match rewritten {
        Some(rewritten) => {
            *e = rewritten;
            true
        }
        None => inner,
    }
}

/// Rewrites the lists `e` takes items of (`1 - flip(c, i)[j]`, where
/// `flip` is inlined as slices), as `visit` does.
fn visit_lists_in(e: &mut IntExpr, places: &[Place]) -> bool {
    let found = std::cell::Cell::new(false);
    let rewritten = e.rewritten(&|part| {
        let IntExpr::Item(list, index) = part else {
            return None;
        };
        let mut list = (**list).clone();
        let visited = visit(&mut list, places);
        let read = read_through(&list, index, places);
        (visited || read.is_some()).then(|| {
            found.set(true);
            read.unwrap_or_else(|| IntExpr::item(list, (**index).clone()))
        })
    });
    if found.get() {
        *e = rewritten;
    }
    found.get()
}

/// `(l with [at] = x)[j]`, `j` walking the places of the list (`places`),
/// as `if j == at then x else l[j]` (`l[j]` read through `l`'s own
/// replacements too): one item read, where the list was built to read it
/// (`flip(flip(c, i), j)` reads `flip(c, i)[j]`). The list computes `x`
/// whichever item is read, so only an `x` that cannot fail (`unfailing`)
/// is left to the branch, and the place `at`, now compared, must not fail
/// either; `j`, a place, is in the list either way.
fn read_through(list: &ListExpr, j: &IntExpr, places: &[Place]) -> Option<IntExpr> {
    let ListExpr::Replace(l, at, x) = list else {
        return None;
    };
    let header = list_of(l)?;
    let is_place = |e: &IntExpr, header: usize| {
        (places.iter()).any(|p| p.header == header && *e == IntExpr::slot(p.slot))
    };
    if !is_place(j, header) || !unfailing(x, &is_place) || !unfailing(at, &is_place) {
        return None;
    }
    let rest = read_through(l, j, places).unwrap_or_else(|| match &**l {
        ListExpr::Slots(h) => IntExpr::At(*h, Box::new(j.clone())),
        l => IntExpr::item(l.clone(), j.clone()),
    });
    let same = Cond::Cmp(CmpOp::Eq, j.clone(), at.clone());
    Some(IntExpr::select(same, x.clone(), rest))
}

/// Whether `x` cannot fail: a slot's affine expression, an item at a
/// place of its list (`is_place`), or the sum or difference of two such,
/// all within the slot bound and far from overflowing (`1 - c[i]`).
fn unfailing(x: &IntExpr, is_place: &dyn Fn(&IntExpr, usize) -> bool) -> bool {
    let leaf = |e: &IntExpr| match e {
        IntExpr::Affine(_) => true,
        IntExpr::At(header, index) => is_place(index, *header),
        _ => false,
    };
    match x {
        IntExpr::Binary(IntOp::Add | IntOp::Sub, a, b) => leaf(a) && leaf(b),
        x => leaf(x),
    }
}

/// `h[..i] + [x] + h[i + 1..]` as `h` with place `i` replaced by `x`, when
/// `i` walks the places of `h` (`places`): then both are `h` with one item
/// changed, and `x` is computed in both. (For an `i` past the end the
/// slices would make a longer list, so nothing else is rewritten.) So too
/// `h[..i] + [x] + h[i + 1..j] + [y] + h[j + 1..]`, `j` walking the places
/// after `i` (or `i` those below `j`): `h` with place `i` replaced, then
/// place `j`.
fn put(e: &ListExpr, places: &[Place]) -> Option<ListExpr> {
    let mut parts = Vec::new();
    pieces(e, &mut parts);
    if !matches!(parts.len(), 3 | 5) {
        return None;
    }
    let (ListExpr::Slice(first, start, _), Some(ListExpr::Slice(_, _, end))) =
        (parts[0], parts.last())
    else {
        return None;
    };
    // The list sliced: `h`, or `h` with places replaced already (an
    // inlined `put` of a `put`), which has the places of `h`.
    let base = &**first;
    let header = list_of(base)?;
    let to_the_end = *end == IntExpr::Large(i64::MAX) || *end == IntExpr::slot(header + 1);
    if start.as_constant() != Some(0) || !to_the_end {
        return None;
    }
    // Each place: the slice of `h` up to it (from 0, or from one on after
    // the place before), its one item, and then the slice after it.
    let (mut list, mut previous): (_, Option<&Place>) = (base.clone(), None);
    for window in parts[..parts.len() - 1].chunks(2) {
        let [ListExpr::Slice(before, from, i), ListExpr::Items(item)] = window else {
            return None;
        };
        let ([x], true) = (item.as_slice(), **before == *base) else {
            return None;
        };
        // The first place any place of `h`, the next one after it.
        let place = places.iter().find(|p| {
            let order = match previous {
                None => true,
                Some(before) => p.after == Some(before.slot) || before.below == Some(p.slot),
            };
            p.header == header && *i == IntExpr::slot(p.slot) && order
        })?;
        if previous.is_some_and(|before| *from != one_on(before.slot)) {
            return None;
        }
        list = ListExpr::Replace(Box::new(list), i.clone(), x.clone());
        previous = Some(place);
    }
    let ListExpr::Slice(after, next, _) = parts[parts.len() - 1] else {
        return None;
    };
    let last = previous?.slot;
    (**after == *base && *next == one_on(last)).then_some(list)
}

/// The header of the list `e` is, or is with places replaced.
fn list_of(e: &ListExpr) -> Option<usize> {
    match e {
        ListExpr::Slots(header) => Some(*header),
        ListExpr::Replace(list, _, _) => list_of(list),
        _ => None,
    }
}

/// The lists `e` concatenates, in order.
fn pieces<'e>(e: &'e ListExpr, parts: &mut Vec<&'e ListExpr>) {
    match e {
        ListExpr::Concat(a, b) => {
            pieces(a, parts);
            pieces(b, parts);
        }
        single => parts.push(single),
    }
}

/// `[item for j in 0..len(h)]` as `h` with places replaced, when `item`
/// is `h[j]` under a chain of `if j == e then … else`.
fn rewrite(c: &Comprehension) -> Option<ListExpr> {
    let [ListClause::For { slot, over }] = c.clauses.as_slice() else {
        return None;
    };
    let Over::Range {
        low,
        high,
        inclusive: false,
    } = over
    else {
        return None;
    };
    if low.as_constant() != Some(0) {
        return None;
    }
    let header = (0..MAX_SLOTS).find(|&h| *high == IntExpr::slot(h + 1))?;
    let updated = updates(&c.item, *slot, header)?;
    // Only a real replacement is worth it: `[h[j] for j in …]` is left be.
    matches!(updated, ListExpr::Replace(..)).then_some(updated)
}

/// The list whose item at each place `j` of list `header` is `item`.
fn updates(item: &IntExpr, j: usize, header: usize) -> Option<ListExpr> {
    if *item == IntExpr::At(header, Box::new(IntExpr::slot(j))) {
        return Some(ListExpr::Slots(header));
    }
    let IntExpr::Select(cond, then, otherwise) = item else {
        return None;
    };
    let (place, at, rest) = match &**cond {
        Cond::Cmp(CmpOp::Eq, a, b) | Cond::Cmp(CmpOp::Ne, a, b) => {
            let place = match (a, b) {
                (x, e) | (e, x) if *x == IntExpr::slot(j) && !e.uses(j) => e.clone(),
                _ => return None,
            };
            match &**cond {
                Cond::Cmp(CmpOp::Eq, ..) => (place, then, otherwise),
                _ => (place, otherwise, then),
            }
        }
        _ => return None,
    };
    // The inner replacements first: an outer one wins at a place both name.
    let rest = updates(rest, j, header)?;
    let item = replaced(at, j, &place);
    Some(ListExpr::Replace(Box::new(rest), place, item))
}

/// `e` with slot `slot` read as the expression `with`.
fn replaced(e: &IntExpr, slot: usize, with: &IntExpr) -> IntExpr {
    e.rewritten(&|e| {
        let IntExpr::Affine(a) = e else {
            return None;
        };
        let k = a.terms.iter().find(|(s, _)| *s == slot)?.1;
        let rest = IntExpr::Affine(Affine {
            constant: a.constant,
            terms: a
                .terms
                .iter()
                .copied()
                .filter(|(s, _)| *s != slot)
                .collect(),
        });
        let scaled = IntExpr::binary(IntOp::Mul, IntExpr::constant(k), with.clone());
        Some(IntExpr::binary(IntOp::Add, rest, scaled))
    })
}

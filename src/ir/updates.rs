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

use crate::engine::kernel::{
    Affine, Arg, Clause, CmpOp, Comprehension, Cond, Element, Function, IntExpr, IntOp, Iter,
    ListClause, ListExpr, MAX_SLOTS, OptionValue, Over,
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

/// The loop variables of an element's clauses that walk the places of a
/// list, `for i in 0..len(h)`: `(i, h)` by slot and header.
fn places(clauses: &[Clause]) -> Vec<(usize, usize)> {
    let place = |clause: &Clause| {
        let Clause::For {
            slot,
            iter:
                Iter::Range {
                    low,
                    high,
                    inclusive: false,
                },
        } = clause
        else {
            return None;
        };
        let header = (0..MAX_SLOTS).find(|&h| *high == IntExpr::slot(h + 1))?;
        (low.as_constant() == Some(0)).then_some((*slot, header))
    };
    clauses.iter().filter_map(place).collect()
}

/// Rewrites `e` and the lists in it; `places` are the loop variables known
/// to be places of a list (see `places`).
fn visit(e: &mut ListExpr, places: &[(usize, usize)]) -> bool {
    let inner = match e {
        ListExpr::Slots(_) | ListExpr::Items(_) => false,
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

/// `h[..i] + [x] + h[i + 1..]` as `h` with place `i` replaced by `x`, when
/// `i` walks the places of `h` (`places`): then both are `h` with one item
/// changed, and `x` is computed in both. (For an `i` past the end the
/// slices would make a longer list, so nothing else is rewritten.)
fn put(e: &ListExpr, places: &[(usize, usize)]) -> Option<ListExpr> {
    let mut parts = Vec::new();
    pieces(e, &mut parts);
    let [
        ListExpr::Slice(before, start, i),
        ListExpr::Items(item),
        ListExpr::Slice(after, next, end),
    ] = parts.as_slice()
    else {
        return None;
    };
    let (ListExpr::Slots(header), [x]) = (&**before, item.as_slice()) else {
        return None;
    };
    let &(slot, _) = places
        .iter()
        .find(|&&(slot, h)| h == *header && *i == IntExpr::slot(slot))?;
    let one_on = IntExpr::binary(IntOp::Add, IntExpr::slot(slot), IntExpr::constant(1));
    let to_the_end = *end == IntExpr::Large(i64::MAX) || *end == IntExpr::slot(header + 1);
    let same = **after == ListExpr::Slots(*header) && *next == one_on && to_the_end;
    (start.as_constant() == Some(0) && same)
        .then(|| ListExpr::Replace(Box::new(ListExpr::Slots(*header)), i.clone(), x.clone()))
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

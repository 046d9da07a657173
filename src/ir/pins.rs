//! Loops pinned to their values: by equalities, by the items of a short
//! list of expressions, and short ranges up to a `min` made constant
//! ranges behind filters, which unroll.
//!
//! Loops pinned by equalities. `for c in 0..=a for d in 0..=b if a - c ==
//! b - d` walks `(a + 1)·(b + 1)` pairs for at most `a + 1` options: the
//! filter fixes `d = b - a + c`, so the loop over `d` is one value, tested
//! against its bounds. A target-square spelling of Wythoff's game (`if (c
//! == a) != (d == b) or a - c == b - d …`) thus walks its three lines, as
//! the spelling by moves does, where it scanned the whole rectangle below
//! each position.

use super::filters::{cannot_fail, disjuncts, total};
use super::passes::push_conjuncts;
use super::rewrite::{reads_bound, rebuilt};
use std::cell::Cell;

use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, ListExpr, OptionValue, UNROLL,
};

/// Most elements one `or` is split into.
const PARTS: usize = 8;

/// `for b in [n - 1 - a, n - 2 - a]` (a few expressions that cannot fail)
/// becomes one element per item, `b` read as the item: Kayles spelled by
/// its two heaps is then a split, where each position walked the list.
/// So does a loop over a few rows of a table (`for d in D`, each `d[0]`
/// then a constant that the passes after fold into bounds).
pub(super) fn unroll_item_loops(element: Element) -> Vec<Element> {
    let found = element
        .clauses
        .iter()
        .enumerate()
        .find_map(|(i, clause)| match clause {
            Clause::For {
                slot,
                iter: Iter::List(items),
            } if (1..=UNROLL).contains(&items.len())
                && items.iter().all(total)
                && (items.iter().any(|item| item.as_constant().is_none())
                    || picks_by(&element, *slot)) =>
            {
                Some((i, *slot, items.clone()))
            }
            _ => None,
        });
    let Some((i, slot, items)) = found else {
        return vec![element];
    };
    let copy = |item| {
        rebuilt(
            &element,
            element.clauses[..i].to_vec(),
            (i + 1, None),
            slot,
            item,
        )
    };
    let copies: Option<Vec<Element>> = (items.iter())
        .map(|item| copy(item).filter(|e| reads_no(e, slot)))
        .collect();
    match copies {
        Some(copies) => copies.into_iter().flat_map(unroll_item_loops).collect(),
        None => vec![element],
    }
}

/// `if n == 1` among the filters an element tests first, before any loop
/// (each of which cannot fail): every other clause and the options read
/// `n` as 1, the guard first. A filter that contradicts it then folds to
/// false and a range it empties walks nothing, so the element is dropped
/// (Dawson's chess spelled with `if t == 1 and n == 1`, its other rules
/// then a take-and-break game's, its period proved).
pub(super) fn pin_params(element: Element) -> Vec<Element> {
    let leading = (element.clauses.iter())
        .take_while(|c| matches!(c, Clause::If(cond) if cannot_fail(cond)))
        .count();
    let pinned = (0..leading).find_map(|at| {
        let Clause::If(Cond::Cmp(CmpOp::Eq, left, right)) = &element.clauses[at] else {
            return None;
        };
        let difference = IntExpr::binary(IntOp::Sub, left.clone(), right.clone());
        let IntExpr::Affine(affine) = &difference else {
            return None;
        };
        // `±n + c == 0`.
        let [(slot, k @ (1 | -1))] = affine.terms.as_slice() else {
            return None;
        };
        let value = IntExpr::constant(-k * affine.constant);
        let guard = element.clauses[at].clone();
        let mut pinned = rebuilt(&element, vec![], (0, Some(at)), *slot, &value)?;
        pinned.clauses.insert(0, guard);
        Some(pinned)
    });
    vec![pinned.unwrap_or(element)]
}

/// Whether `element` picks a row of a table by a key that reads `slot`.
fn picks_by(element: &Element, slot: usize) -> bool {
    let found = Cell::new(false);
    let look = |e: &IntExpr| {
        if let IntExpr::Item(list, _) | IntExpr::Reduce(_, list) | IntExpr::GrundyOfList(_, list) =
            e
            && let ListExpr::Pick(_, key) = list.as_ref()
            && key.uses(slot)
        {
            found.set(true);
        }
        None
    };
    let visit = |e: &IntExpr| Some(e.rewritten(&look));
    let OptionValue::Terms { calls, nims } = &element.value else {
        return false;
    };
    element.clauses.iter().for_each(|c| _ = c.try_map(&visit));
    calls
        .iter()
        .flatten()
        .chain(nims)
        .for_each(|e| _ = visit(e));
    found.get()
}

/// The element with every loop an equality pins replaced by its one value
/// (see the module doc). An `or` a part of which pins a loop is first
/// split into one element per part, when no part can fail: the parts
/// then yield the options the `or` did, some twice, which changes no mex.
/// A part pinned may leave another `or` that pins (`t == 2 and (a == 0
/// or a == n - 2)`, `t` pinned first), split in turn.
pub(super) fn pin_loops(element: Element) -> Vec<Element> {
    match split_or(&element) {
        Some(parts) => (parts.into_iter())
            .flat_map(|part| pin_loops(pin_all(part)))
            .collect(),
        None => vec![pin_all(element)],
    }
}

/// The element once per part of its first `or` that may be split.
fn split_or(element: &Element) -> Option<Vec<Element>> {
    element.clauses.iter().enumerate().find_map(|(at, clause)| {
        let Clause::If(cond @ Cond::Or(..)) = clause else {
            return None;
        };
        let mut parts = Vec::new();
        disjuncts(cond.clone(), &mut parts);
        if parts.len() > PARTS || !parts.iter().all(cannot_fail) {
            return None;
        }
        let elements: Vec<Element> = (parts.into_iter())
            .map(|part| {
                let mut clauses = element.clauses[..at].to_vec();
                push_conjuncts(part, &mut clauses);
                clauses.extend_from_slice(&element.clauses[at + 1..]);
                Element {
                    clauses,
                    value: element.value.clone(),
                }
            })
            .collect();
        elements
            .iter()
            .any(|e| pin(e).is_some())
            .then_some(elements)
    })
}

/// The element with its pinned loops replaced, one after another.
fn pin_all(mut element: Element) -> Element {
    while let Some(pinned) = pin(&element) {
        element = pinned;
    }
    element
}

/// The element with one loop pinned, if an equality pins one: the
/// innermost loop the first such equality pins.
fn pin(element: &Element) -> Option<Element> {
    let OptionValue::Terms { .. } = element.value else {
        return None;
    };
    let clauses = &element.clauses;
    clauses.iter().enumerate().find_map(|(at, clause)| {
        let Clause::If(equality @ Cond::Cmp(CmpOp::Eq, left, right)) = clause else {
            return None;
        };
        if !cannot_fail(equality) {
            return None;
        }
        let difference = IntExpr::binary(IntOp::Sub, left.clone(), right.clone());
        (0..at)
            .rev()
            .take_while(|&i| passable(&clauses[i + 1..at]))
            .find_map(|i| pinned(element, i, at, &difference))
    })
}

/// Whether clauses stepped over by a pinned loop cannot fail: they were
/// evaluated for every value of its variable, and are now for one.
fn passable(clauses: &[Clause]) -> bool {
    clauses.iter().all(|clause| match clause {
        Clause::If(cond) => cannot_fail(cond),
        Clause::For { .. } => clause
            .range()
            .is_some_and(|(_, low, high)| total(low) && total(&high)),
    })
}

/// The element with the loop of clause `i` pinned by the equality of
/// clause `at`, `difference == 0`, if the equality gives its variable as
/// an expression of the slots bound before the loop.
fn pinned(element: &Element, i: usize, at: usize, difference: &IntExpr) -> Option<Element> {
    let (x, low, high) = element.clauses[i].range()?;
    let (k, rest) = difference.linear_in(x)?;
    // `k·x + rest == 0`: `x = −rest / k` where `k` divides `rest` (`2 * a
    // + 1 == n` pins `a` to `(n − 1) / 2` for odd `n` alone).
    if k == 0 {
        return None;
    }
    // The value reads no variable of this loop or one inside it.
    if reads_bound(&element.clauses[i..], &rest) {
        return None;
    }
    let mut clauses = element.clauses[..i].to_vec();
    let opposite = IntExpr::binary(IntOp::Mul, rest, IntExpr::constant(-k.signum()));
    let value = match k.abs() {
        1 => opposite,
        divisor => {
            let divisor = IntExpr::constant(divisor);
            let remainder = IntExpr::binary(IntOp::Mod, opposite.clone(), divisor.clone());
            let divides = Cond::compare(CmpOp::Eq, remainder, IntExpr::constant(0));
            clauses.push(Clause::If(divides));
            IntExpr::binary(IntOp::Div, opposite, divisor)
        }
    };
    // `low <= value < high`, decided now where the two differ by a
    // constant.
    let within = [(CmpOp::Ge, low.clone()), (CmpOp::Lt, high)].map(|(op, bound)| {
        let difference = IntExpr::binary(IntOp::Sub, value.clone(), bound.clone());
        match difference.as_constant() {
            Some(d) => Cond::Const(op.holds(d, 0)),
            None => Cond::compare(op, value.clone(), bound),
        }
    });
    clauses.extend(
        within
            .into_iter()
            .filter(|c| *c != Cond::Const(true))
            .map(Clause::If),
    );
    let pinned = rebuilt(element, clauses, (i + 1, Some(at)), x, &value)?;
    reads_no(&pinned, x).then_some(pinned)
}

/// Whether no clause or option of `element` reads slot `x` (every read
/// of it was replaced).
fn reads_no(element: &Element, x: usize) -> bool {
    let unread = |e: &IntExpr| (!e.uses(x)).then(|| e.clone());
    let OptionValue::Terms { calls, nims } = &element.value else {
        return false;
    };
    element.clauses.iter().all(|c| c.try_map(&unread).is_some())
        && calls.iter().flatten().chain(nims).all(|e| !e.uses(x))
}

/// `for k in 1..=min(3, n)` becomes `for k in 1..=3 if k <= n`, and a
/// lower end `max(c, e)` the filter `k >= e`, where the constants leave a
/// range short enough to unroll: the loop is then unrolled as the same
/// game spelled with filters is, one program for both spellings (the
/// `min` one ran as a loop, about twice as long). Only bounds that cannot
/// fail move, so no error appears or disappears.
/// Only loops that unroll are rewritten: those behind filters and other
/// short constant loops alone.
pub(super) fn short_ranges_as_filters(mut element: Element) -> Vec<Element> {
    let mut at = 0;
    while at < element.clauses.len() {
        if let Some((clause, filters)) = as_filters(&element.clauses[at]) {
            element.clauses[at] = clause;
            let after = at + 1;
            element
                .clauses
                .splice(after..after, filters.into_iter().map(Clause::If));
        } else if !matches!(element.clauses[at], Clause::If(_))
            && !short_constant(&element.clauses[at])
        {
            break;
        }
        at += 1;
    }
    vec![element]
}

/// Whether `clause` is a loop the passes may unroll: over a constant
/// range short enough, or one up to a `min` that `short_ranges_as_filters`
/// makes so.
pub(super) fn short_loop(clause: &Clause) -> bool {
    short_constant(clause) || as_filters(clause).is_some()
}

/// Whether `clause` is a loop over a constant range short enough to
/// unroll.
fn short_constant(clause: &Clause) -> bool {
    let length = clause
        .range()
        .and_then(|(_, low, high)| high.as_constant()?.checked_sub(low.as_constant()?));
    length.is_some_and(|length| (0..=UNROLL as i64).contains(&length))
}

/// The loop of `clause` over its constant range and the filters its
/// `min`/`max` bounds become (see `short_ranges_as_filters`).
fn as_filters(clause: &Clause) -> Option<(Clause, Vec<Cond>)> {
    let Clause::For {
        slot,
        iter: Iter::Range {
            low,
            high,
            inclusive,
        },
    } = clause
    else {
        return None;
    };
    let (low_constant, at_least) = constant_and_rest(low, true)?;
    let (high_constant, at_most) = constant_and_rest(high, false)?;
    let bounds = at_least.iter().chain(&at_most);
    if at_least.len() + at_most.len() == 0 || bounds.clone().any(|e| e.uses(*slot)) {
        return None;
    }
    let iter = Iter::Range {
        low: IntExpr::constant(low_constant),
        high: IntExpr::constant(high_constant),
        inclusive: *inclusive,
    };
    let clause = Clause::For { slot: *slot, iter };
    if !short_constant(&clause) {
        return None;
    }
    let variable = IntExpr::slot(*slot);
    // `k < n + 1` as `k <= n`, as the filter is spelled (an affine end
    // less one folds).
    let at_most = (at_most.into_iter()).map(|e| match (inclusive, &e) {
        (false, IntExpr::Affine(_)) => (
            CmpOp::Le,
            IntExpr::binary(IntOp::Sub, e, IntExpr::constant(1)),
        ),
        (false, _) => (CmpOp::Lt, e),
        (true, _) => (CmpOp::Le, e),
    });
    let filters = (at_least.into_iter())
        .map(|e| Cond::compare(CmpOp::Ge, variable.clone(), e))
        .chain(at_most.map(|(op, e)| Cond::compare(op, variable.clone(), e)))
        .collect();
    Some((clause, filters))
}

/// A bound as its constant and the operands that are not: `e` itself when
/// it is a constant, or a `max` (a lower bound, `lower`) or `min` with
/// constant operands, the largest (smallest) of them, and others that
/// cannot fail.
fn constant_and_rest(e: &IntExpr, lower: bool) -> Option<(i64, Vec<IntExpr>)> {
    if let Some(c) = e.as_constant() {
        return Some((c, vec![]));
    }
    let operands = match (e, lower) {
        (IntExpr::Max(operands), true) | (IntExpr::Min(operands), false) => operands,
        _ => std::slice::from_ref(e),
    };
    // The end nearest the range's middle that each operand cannot pass.
    let end = |e: &IntExpr| {
        e.constant_bounds()
            .map(|(low, high)| if lower { low } else { high })
    };
    let ends = operands.iter().filter_map(end);
    let constant = if lower { ends.max() } else { ends.min() }?;
    let rest: Vec<IntExpr> = (operands.iter())
        .filter(|e| e.as_constant().is_none())
        .cloned()
        .collect();
    rest.iter().all(total).then_some((constant, rest))
}

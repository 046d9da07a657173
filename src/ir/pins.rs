//! Loops pinned to their values: by equalities, and by the items of a
//! short list of expressions.
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
use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, OptionValue, UNROLL,
};

/// Most elements one `or` is split into.
const PARTS: usize = 8;

/// `for b in [n - 1 - a, n - 2 - a]` (a few expressions that cannot fail)
/// becomes one element per item, `b` read as the item: Kayles spelled by
/// its two heaps is then a split, where each position walked the list.
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
                && items.iter().any(|item| item.as_constant().is_none()) =>
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

/// The element with every loop an equality pins replaced by its one value
/// (see the module doc). An `or` a part of which pins a loop is first
/// split into one element per part, when no part can fail: the parts
/// then yield the options the `or` did, some twice, which changes no mex.
pub(super) fn pin_loops(element: Element) -> Vec<Element> {
    let parts = split_or(&element).unwrap_or_else(|| vec![element]);
    parts.into_iter().map(pin_all).collect()
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
    // `k·x + rest == 0`: with `k` = ±1, `x = −k·rest`.
    if k.abs() != 1 {
        return None;
    }
    // The value reads no variable of this loop or one inside it.
    if reads_bound(&element.clauses[i..], &rest) {
        return None;
    }
    let value = IntExpr::binary(IntOp::Mul, rest, IntExpr::constant(-k));
    let mut clauses = element.clauses[..i].to_vec();
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

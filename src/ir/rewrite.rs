//! Rewriting an element with a loop's variable read as an expression:
//! a loop pinned to a value or unrolled into items (`pins`), walking
//! another expression (`reindex`) or only the remainders a filter keeps
//! (`residues`).

use crate::engine::kernel::{Clause, Element, IntExpr, OptionValue};

/// The element whose clauses are `head`, then its own from `from` on but
/// `skip` (a filter the rewrite decided), with `slot` read as `value` in
/// them and in its options; `None` where one does not take it (a list
/// built on the way, options that are not terms, a later loop binding
/// `slot` again).
pub(super) fn rebuilt(
    element: &Element,
    mut head: Vec<Clause>,
    (from, skip): (usize, Option<usize>),
    slot: usize,
    value: &IntExpr,
) -> Option<Element> {
    let later = element.clauses.get(from..)?;
    if later.iter().any(|c| c.binds() == Some(slot)) {
        return None;
    }
    let put = |e: &IntExpr| e.with_slot_as(slot, value);
    for (index, clause) in element.clauses.iter().enumerate().skip(from) {
        if Some(index) != skip {
            head.push(clause.try_map(&|e| Some(put(e)))?);
        }
    }
    let OptionValue::Terms { calls, nims } = &element.value else {
        return None;
    };
    let value = OptionValue::Terms {
        calls: (calls.iter())
            .map(|call| call.iter().map(put).collect())
            .collect(),
        nims: nims.iter().map(put).collect(),
    };
    Some(Element {
        clauses: head,
        value,
    })
}

/// The element with the loop at `at` walking `low..high` instead, its
/// variable read as `value` after it (see `rebuilt`).
pub(super) fn reranged(
    element: &Element,
    at: usize,
    (low, high): (IntExpr, IntExpr),
    skip: Option<usize>,
    value: &IntExpr,
) -> Option<Element> {
    let slot = element.clauses[at].binds()?;
    let mut head = element.clauses[..at].to_vec();
    head.push(Clause::range_loop(slot, low, high));
    rebuilt(element, head, (at + 1, skip), slot, value)
}

/// Whether `e` reads a slot that a loop among `clauses` binds.
pub(super) fn reads_bound(clauses: &[Clause], e: &IntExpr) -> bool {
    clauses
        .iter()
        .filter_map(Clause::binds)
        .any(|slot| e.uses(slot))
}

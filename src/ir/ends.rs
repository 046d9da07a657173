//! A pass over integer programs: filters right after a loop that do not
//! read its variable, left there because the loop's end may fail (an end
//! found by a search, `IntExpr::Until`, whose product may overflow), are
//! tested once with the end. `for k in 1..a + 1 while k * b <= a if b > 0
//! if a >= b` (Euclid's game, its tests of the heaps written after the
//! product) ends at `if b > 0 and a >= b then (the end) else min(the end,
//! 1)`: the loop then has no filter, and runs natively, where both were
//! tested at every option.

use super::filters::{cannot_fail, move_filters_up};
use crate::engine::kernel::{Clause, Cond, Element, IntExpr};

/// Each loop `for k in low..high` followed by filters that read no `k`
/// and cannot fail, once they are moved up where they may be: the loop
/// `for k in low..(if the filters hold then high else min(high, low))`,
/// the filters dropped. The same options in the same order, and the same
/// errors: `low` and `high` are evaluated as before, `high` in either
/// branch, and the filters cannot fail.
pub(super) fn fold_filters_into_ends(element: Element) -> Vec<Element> {
    let mut element = move_filters_up(element).remove(0);
    // Filters taken shorten the clauses as they go.
    let mut at = 0;
    while at < element.clauses.len() {
        at += 1;
        let Some((slot, low, high)) = element.clauses[at - 1].exclusive_range() else {
            continue;
        };
        let (low, high) = (low.clone(), high.clone());
        let invariant = |clause: &Clause| matches!(clause, Clause::If(cond) if !cond.uses(slot) && cannot_fail(cond));
        let count = element.clauses[at..]
            .iter()
            .take_while(|clause| invariant(clause))
            .count();
        let filters = element.clauses.drain(at..at + count);
        let guard = filters
            .map(|clause| match clause {
                Clause::If(cond) => cond,
                Clause::For { .. } => unreachable!("filters taken"),
            })
            .reduce(|a, b| Cond::joined(true, a, b));
        let Some(guard) = guard else {
            continue;
        };
        let empty = IntExpr::Min(vec![high.clone(), low.clone()]);
        let high = IntExpr::select(guard, high, empty);
        element.clauses[at - 1] = Clause::range_loop(slot, low, high);
    }
    vec![element]
}

//! A pass over integer programs: a loop whose variable is read only as a
//! quotient of one number by it, `T(n - n / k) for k in 2..=n`, walks the
//! distinct quotients instead (`Iter::Quotients`): about 2√n of them,
//! where it walked every `k`. Everything after the loop reads `k` only
//! through `n / k`, so the values of `k` with the same quotient make the
//! same options and meet the same errors: one of them is enough.

use super::pins::short_loop;
use crate::engine::kernel::{Clause, Element, IntExpr, IntOp, Iter};

/// `for k in low..high …`, everything after it reading `k` only as `of /
/// k` (`of` the same each time, read before the loop) becomes `for k in
/// of / (low..high) …`, `k` now the quotient. A short loop is left to be
/// unrolled, its quotients then by constants.
pub(super) fn loops_over_quotients(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        if short_loop(&element.clauses[at]) {
            continue;
        }
        let Some((slot, low, high)) = element.clauses[at].range() else {
            continue;
        };
        let rest = Element {
            clauses: element.clauses[at + 1..].to_vec(),
            value: element.value.clone(),
        };
        let Some(of) = first_quotient(&rest, slot) else {
            continue;
        };
        let bound_here = element.clauses[at..].iter().filter_map(Clause::binds);
        if bound_here.clone().any(|bound| of.uses(bound)) {
            continue;
        }
        let read = |by: IntExpr| {
            rest.try_map(&|e| {
                Some(e.rewritten(&|part| quotient_of(part, &of, slot).then(|| by.clone())))
            })
        };
        // Every read of `k` is the quotient: with it replaced, none is left.
        let Some(without) = read(IntExpr::constant(0)) else {
            continue;
        };
        if without.uses(slot) {
            continue;
        }
        let Some(moved) = read(IntExpr::slot(slot)) else {
            continue;
        };
        let low = low.clone();
        element.clauses.truncate(at);
        element.clauses.push(Clause::For {
            slot,
            iter: Iter::Quotients { of, low, high },
        });
        element.clauses.extend(moved.clauses);
        element.value = moved.value;
    }
    vec![element]
}

/// Whether `part` is `of / slot`.
fn quotient_of(part: &IntExpr, of: &IntExpr, slot: usize) -> bool {
    matches!(part, IntExpr::Binary(IntOp::Div, x, k) if **x == *of && **k == IntExpr::slot(slot))
}

/// The first `x / slot` in `element`, `x` not reading `slot`.
fn first_quotient(element: &Element, slot: usize) -> Option<IntExpr> {
    let found = std::cell::RefCell::new(None);
    element.try_map(&|e| {
        e.rewritten(&|part| {
            if let IntExpr::Binary(IntOp::Div, x, k) = part
                && **k == IntExpr::slot(slot)
                && !x.uses(slot)
                && found.borrow().is_none()
            {
                *found.borrow_mut() = Some((**x).clone());
            }
            None
        });
        Some(e.clone())
    });
    found.into_inner()
}

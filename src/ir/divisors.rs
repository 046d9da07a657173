//! A pass over integer programs: a loop kept to the divisors of a number,
//! `for k in 1..n if n % k == 0`, walks the divisors found up to √n
//! (`Iter::Divisors`), where the filter tested every `k` of the range.

use super::filters::filter_after_loop;
use super::pins::short_loop;
use crate::engine::kernel::{Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter};

/// `for k in low..high … if of % k == 0` (the filter after the loop, past
/// filters that cannot fail, `of` not reading `k`) becomes `for k in
/// low..high dividing of …`: the same options, and the filters skipped
/// for the values dropped cannot fail. Where the range holds 0 the loop
/// fails as `of % 0` does (the filters before it may have kept the
/// element from getting there: the generic search then decides).
/// A short loop is left to be unrolled (`for k in 1..=6 if (n + 1) % k ==
/// 0`, or `1..=min(6, n)`): its filters are then remainders of the heap
/// by constants, which a one-parameter family decides for each residue.
pub(super) fn loops_over_divisors(mut element: Element) -> Vec<Element> {
    let mut at = 0;
    while at < element.clauses.len() {
        if !short_loop(&element.clauses[at])
            && let Some((slot, low, high)) = element.clauses[at].range()
            && let Some((filter, of)) = filter_after_loop(&element.clauses, at, divided)
        {
            let iter = Iter::Divisors {
                of,
                low: low.clone(),
                high,
            };
            element.clauses.remove(filter);
            element.clauses[at] = Clause::For { slot, iter };
        }
        at += 1;
    }
    vec![element]
}

/// `of` when `cond` is `of % slot == 0` (either side), `of` not reading
/// `slot`.
pub(super) fn divided(cond: &Cond, slot: usize) -> Option<IntExpr> {
    let Cond::Cmp(CmpOp::Eq, a, b) = cond else {
        return None;
    };
    let remainder = match (a.as_constant(), b.as_constant()) {
        (_, Some(0)) => a,
        (Some(0), _) => b,
        _ => return None,
    };
    match remainder {
        IntExpr::Binary(IntOp::Mod, of, k) if **k == IntExpr::slot(slot) && !of.uses(slot) => {
            Some((**of).clone())
        }
        _ => None,
    }
}

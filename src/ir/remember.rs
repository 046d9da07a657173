//! A pass over integer and list programs: a filter that reads only its
//! loop's variable and calls a function or builds a list (`if prime(k)`,
//! `if sum(bits(k)) % 2 == 1`) or reads another family's value (`if
//! g(K(k)) == 0`) is remembered by the variable's value. A `def` is pure
//! and a position's value fixed, so such a filter is computed once per
//! value over all the positions of the family, where it was computed for
//! every `k` of every position: the subtraction game of the primes, each
//! tested by trial division, is then as fast as its `let` list of primes.

use crate::engine::kernel::{Clause, Cond, Element, IntExpr, Remembered};

/// Remembers the filters of `elements` (whose frames have `slots` slots)
/// that read one loop variable and compute something costly. The name of
/// the pass when some filter is remembered.
pub(super) fn remember_filters(elements: &mut [Element], slots: usize) -> Option<&'static str> {
    let mut found = false;
    for element in elements {
        let mut loops = Vec::new();
        for clause in &mut element.clauses {
            match clause {
                Clause::For { slot, .. } => loops.push(*slot),
                Clause::If(cond) => {
                    let read: Vec<usize> = (0..slots).filter(|&s| cond.uses(s)).collect();
                    let [slot] = read.as_slice() else { continue };
                    if !loops.contains(slot) || !costly_cond(cond) {
                        continue;
                    }
                    let cond = std::mem::replace(cond, Cond::Const(false));
                    *clause =
                        Clause::If(Cond::Remembered(Box::new(Remembered { slot: *slot, cond })));
                    found = true;
                }
            }
        }
    }
    found.then_some("filters of one loop variable remembered")
}

/// Whether evaluating `cond` calls a function or builds a list.
pub(super) fn costly_cond(cond: &Cond) -> bool {
    match cond {
        Cond::Const(_) | Cond::Remembered(_) => false,
        Cond::Cmp(_, a, b) => costly(a) || costly(b),
        Cond::Not(c) => costly_cond(c),
        Cond::And(a, b) | Cond::Or(a, b) => costly_cond(a) || costly_cond(b),
    }
}

fn costly(e: &IntExpr) -> bool {
    match e {
        IntExpr::Call(..)
        | IntExpr::Reduce(..)
        | IntExpr::Item(..)
        | IntExpr::Grundy(..)
        | IntExpr::GrundyOfList(..) => true,
        IntExpr::Binary(_, a, b) => costly(a) || costly(b),
        IntExpr::Abs(a) | IntExpr::At(_, a) => costly(a),
        IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().any(costly),
        IntExpr::Select(c, a, b) => costly_cond(c) || costly(a) || costly(b),
        IntExpr::Affine(_) | IntExpr::Large(_) | IntExpr::Fold(..) | IntExpr::Until(_) => false,
    }
}

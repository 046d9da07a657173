//! What a one-parameter family's clauses decide for each residue of the
//! heap. A clause that reads the heap's remainder by a small constant
//! (`H(n / 2) if n % 2 == 0`, `if (n + 1) % 3 != 0`) has one outcome for
//! all the heaps of a residue class: with `n ≡ r (mod m)`, `(k·n + c) % d`
//! is `(k·r + c) % d` wherever `d` divides `m`. The kernel compiles one
//! code for each residue modulo the least common multiple of those
//! divisors, each with its remainders folded (`vm::Code::cycle`), so that a
//! fill's positions compute no remainder and test none of those clauses
//! (take 1 to 3 or halve an even heap: two of its five operations a
//! position).

use std::cell::Cell;

use super::{Clause, Cond, Condition, Element, IntExpr, IntOp, Iter, SLOT_BOUND, gcd};

/// The largest modulus a family's codes cycle through: each residue is a
/// code of its own.
const MOST_RESIDUES: i64 = 60;

/// For each residue `r` of the heap modulo the least common multiple of
/// the divisors of the heap's remainders in `elements`' clauses, the
/// elements with those remainders folded for the heaps `≡ r`; `None` when
/// the clauses read no such remainder, or when that modulus passes
/// `MOST_RESIDUES`.
pub(super) fn classes(elements: &[Element]) -> Option<Vec<Vec<Element>>> {
    let modulus = Cell::new(1);
    // Visits every expression of the clauses, rewriting none.
    let divisors = |e: &IntExpr| {
        e.rewritten(&|part| {
            let (_, d) = heap_remainder(part)?;
            modulus.set(lcm(modulus.get(), d));
            None
        });
        Some(e.clone())
    };
    for clause in elements.iter().flat_map(|element| &element.clauses) {
        clause.try_map(&divisors);
    }
    let modulus = modulus.get();
    if modulus == 1 || modulus > MOST_RESIDUES {
        return None;
    }
    let classes = (0..modulus)
        .map(|residue| {
            let folded = |e: &IntExpr| {
                e.rewritten(&|part| {
                    let ((k, c), d) = heap_remainder(part)?;
                    Some(IntExpr::constant((k * residue + c).rem_euclid(d)))
                })
            };
            (elements.iter())
                .map(|element| Element {
                    clauses: (element.clauses.iter())
                        .map(|clause| match clause {
                            Clause::If(cond) => Clause::If(cond.with_comparisons(&|op, a, b| {
                                Cond::compare(op, folded(a), folded(b))
                            })),
                            Clause::For { .. } => (clause.try_map(&|e| Some(folded(e))))
                                .unwrap_or_else(|| clause.clone()),
                        })
                        .filter(|clause| !matches!(clause, Clause::If(Cond::Const(true))))
                        .collect(),
                    value: element.value.clone(),
                })
                .map(constants_filtered)
                .collect()
        })
        .collect();
    Some(classes)
}

/// `((k, c), d)` where `e` is `(k·n + c) % d`, `n` the heap (slot 0),
/// `d` a constant from 2 to `MOST_RESIDUES`.
fn heap_remainder(e: &IntExpr) -> Option<((i64, i64), i64)> {
    let IntExpr::Binary(IntOp::Mod, a, d) = e else {
        return None;
    };
    let d = d
        .as_constant()
        .filter(|d| (2..=MOST_RESIDUES).contains(d))?;
    // Affine as it stands: `linear_in` would also take `n + B - B`, whose
    // `n + B` the language computes, and may overflow.
    let IntExpr::Affine(dividend) = &**a else {
        return None;
    };
    if dividend.terms.iter().any(|&(slot, _)| slot != 0) {
        return None;
    }
    let (k, c) = (dividend.coefficient(0), dividend.constant);
    // Folded only where `k·n + c` never overflows for a heap within the
    // slot bound: where it would, the language reports the overflow, and
    // so must the code (`(n + 9223372036854775000) % 7`).
    let largest = k.unsigned_abs() as u128 * SLOT_BOUND as u128 + c.unsigned_abs() as u128;
    if largest > i64::MAX as u128 {
        return None;
    }
    // Reduced, `k·r + c` cannot overflow.
    Some(((k.rem_euclid(d), c.rem_euclid(d)), d))
}

/// `element` with the filters right after a loop over constants that read
/// only its variable applied to the constants: once a remainder of the
/// heap is folded, `for t in tri if t % 3 != n % 3` of the heaps `≡ 0`
/// walks the constants `t % 3 != 0` keeps, where it tested each.
fn constants_filtered(mut element: Element) -> Element {
    let mut at = 0;
    while at < element.clauses.len() {
        at += 1;
        let Clause::For {
            slot,
            iter: Iter::Sorted { values, low, high },
        } = &element.clauses[at - 1]
        else {
            continue;
        };
        let filters: Vec<&Cond> = (element.clauses[at..].iter())
            .map_while(|clause| match clause {
                Clause::If(cond) if cond.reads_only(*slot) => Some(cond),
                _ => None,
            })
            .collect();
        let Some(kept) = (!filters.is_empty())
            .then(|| Condition::passing(values, *slot, &filters))
            .flatten()
        else {
            continue;
        };
        let count = filters.len();
        element.clauses[at - 1] = Clause::For {
            slot: *slot,
            iter: Iter::Sorted {
                values: kept,
                low: low.clone(),
                high: high.clone(),
            },
        };
        element.clauses.drain(at..at + count);
    }
    element
}

fn lcm(a: i64, b: i64) -> i64 {
    a / gcd(a, b) * b
}

//! Passes over a family's IR. Each rewrites elements into elements that
//! yield the same options, so that every spelling of a game reaches the
//! same shape and the engine's fast paths (`engine::kernel`,
//! `engine::split`) apply to whatever the user wrote.

use crate::engine::kernel::{
    Clause, Cond, Element, IntExpr, IntOp, Iter, Linear, MAX_SLOTS, OptionValue, Split,
};

/// The longest constant loop whose filters are evaluated when the IR is
/// built.
const FOLDED_LOOP: i64 = 1 << 16;

/// The passes in the order they run, with the names `:info` shows.
pub(super) fn optimise(elements: Vec<Element>, applied: &mut Vec<&'static str>) -> Vec<Element> {
    let mut run =
        |name: &'static str, elements: Vec<Element>, pass: fn(Element) -> Vec<Element>| {
            let before = elements.clone();
            let after: Vec<Element> = elements.into_iter().flat_map(pass).collect();
            if after != before {
                applied.push(name);
            }
            after
        };
    let elements = run("conjunctions split", elements, split_conjunctions);
    let elements = run("constant filters folded", elements, fold_filters);
    let elements = run("splits found", elements, find_split);
    run("short loops unrolled", elements, Element::unrolled)
}

/// `if a and b` → `if a if b`: the same options (conditions have no effects,
/// and the second is evaluated only when the first holds either way), and
/// each part can then be folded or made a split bound on its own.
fn split_conjunctions(mut element: Element) -> Vec<Element> {
    let mut clauses = Vec::with_capacity(element.clauses.len());
    for clause in element.clauses {
        match clause {
            Clause::If(cond) => push_conjuncts(cond, &mut clauses),
            other => clauses.push(other),
        }
    }
    element.clauses = clauses;
    vec![element]
}

fn push_conjuncts(cond: Cond, out: &mut Vec<Clause>) {
    match cond {
        Cond::And(a, b) => {
            push_conjuncts(*a, out);
            push_conjuncts(*b, out);
        }
        Cond::Const(true) => {}
        other => out.push(Clause::If(other)),
    }
}

/// `for k in <constants> if c(k)…`, where the conditions read `k` alone,
/// becomes `for k in [the constants that pass]`: the filter is evaluated
/// once, when the IR is built. Nothing is folded where a condition fails
/// to evaluate (the search reports that error when it gets there).
fn fold_filters(mut element: Element) -> Vec<Element> {
    let mut i = 0;
    while i < element.clauses.len() {
        if let Clause::For { slot, iter } = &element.clauses[i]
            && let Some(values) = constants(iter)
        {
            let slot = *slot;
            let filters = element.clauses[i + 1..]
                .iter()
                .take_while(|c| matches!(c, Clause::If(cond) if reads_only(cond, slot)))
                .count();
            if filters > 0
                && let Some(kept) = filter(&values, slot, &element.clauses[i + 1..=i + filters])
            {
                element.clauses[i] = Clause::For {
                    slot,
                    iter: Iter::List(kept.into_iter().map(IntExpr::constant).collect()),
                };
                element.clauses.drain(i + 1..=i + filters);
            }
        }
        i += 1;
    }
    vec![element]
}

/// The values a loop walks, when they are constants and not too many.
fn constants(iter: &Iter) -> Option<Vec<i64>> {
    let constant = |e: &IntExpr| match e {
        IntExpr::Affine(a) => a.as_constant(),
        IntExpr::Large(v) => Some(*v),
        _ => None,
    };
    match iter {
        Iter::Range {
            low,
            high,
            inclusive,
        } => {
            let (low, high) = (constant(low)?, constant(high)?);
            let high = if *inclusive {
                high.checked_add(1)?
            } else {
                high
            };
            (high.saturating_sub(low) <= FOLDED_LOOP).then(|| (low..high).collect())
        }
        Iter::List(items) if items.len() as i64 <= FOLDED_LOOP => {
            items.iter().map(constant).collect()
        }
        Iter::List(_) => None,
    }
}

fn reads_only(cond: &Cond, slot: usize) -> bool {
    (0..MAX_SLOTS).all(|s| s == slot || !cond.uses(s))
}

/// The values for which every filter holds; `None` if one fails to
/// evaluate.
fn filter(values: &[i64], slot: usize, filters: &[Clause]) -> Option<Vec<i64>> {
    let mut slots = [0i64; MAX_SLOTS];
    let mut kept = Vec::new();
    'values: for &value in values {
        slots[slot] = value;
        for clause in filters {
            let Clause::If(cond) = clause else {
                return None;
            };
            if !cond.eval(&slots)? {
                continue 'values;
            }
        }
        kept.push(value);
    }
    Some(kept)
}

/// An element whose innermost `for` walks `x` over a range, with conditions
/// linear in `x` after it, and whose value is `F(±x + a) + F(b ∓ x)` plus
/// heaps that do not read `x`, becomes a split: the shape of octal games
/// and Grundy's game, which the sparse-space method computes.
fn find_split(element: Element) -> Vec<Element> {
    let mut clauses = element.clauses.clone();
    let found = match &element.value {
        OptionValue::Terms { calls, nims } => match calls.as_slice() {
            [a, b] if a.len() == 1 && b.len() == 1 => split(&mut clauses, &a[0], &b[0], nims),
            _ => None,
        },
        OptionValue::Split(_) => None,
    };
    match found {
        Some(split) => vec![Element {
            clauses,
            value: OptionValue::Split(split),
        }],
        None => vec![element],
    }
}

/// The split of the innermost `for` of an element, if it has that shape;
/// its clauses are then removed from `clauses`.
fn split(clauses: &mut Vec<Clause>, a: &IntExpr, b: &IntExpr, nims: &[IntExpr]) -> Option<Split> {
    let last_for = clauses
        .iter()
        .rposition(|c| matches!(c, Clause::For { .. }))?;
    let Clause::For {
        slot,
        iter: Iter::Range {
            low,
            high,
            inclusive,
        },
    } = &clauses[last_for]
    else {
        return None;
    };
    let x = *slot;
    let (sign, first) = a.linear_in(x)?;
    let (opposite, second) = b.linear_in(x)?;
    if sign.abs() != 1 || opposite != -sign || nims.iter().any(|n| n.uses(x)) {
        return None;
    }
    let mut conds = Vec::new();
    for clause in &clauses[last_for + 1..] {
        let Clause::If(cond) = clause else {
            return None;
        };
        linear(cond, x, &mut conds)?;
    }
    let split = Split {
        slot: x,
        low: low.clone(),
        high: high.clone(),
        inclusive: *inclusive,
        conds,
        sign,
        first,
        second,
        nims: nims.to_vec(),
    };
    clauses.truncate(last_for);
    Some(split)
}

/// Writes `cond` as a conjunction of conditions linear in slot `x`.
fn linear(cond: &Cond, x: usize, out: &mut Vec<Linear>) -> Option<()> {
    match cond {
        Cond::Const(true) => Some(()),
        Cond::And(a, b) => {
            linear(a, x, out)?;
            linear(b, x, out)
        }
        Cond::Cmp(op, a, b) => {
            let (ka, ra) = a.linear_in(x)?;
            let (kb, rb) = b.linear_in(x)?;
            out.push(Linear {
                op: *op,
                coefficient: ka.checked_sub(kb)?,
                rest: IntExpr::binary(IntOp::Sub, ra, rb),
            });
            Some(())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::CmpOp;

    fn slot_le(slot: usize, k: i64) -> Cond {
        Cond::Cmp(CmpOp::Le, IntExpr::slot(slot), IntExpr::constant(k))
    }

    #[test]
    fn filters_on_the_loop_variable_alone_are_folded() {
        let not_multiple_of_3 = Cond::Cmp(
            CmpOp::Ne,
            IntExpr::binary(IntOp::Mod, IntExpr::slot(1), IntExpr::constant(3)),
            IntExpr::constant(0),
        );
        let element = Element {
            clauses: vec![
                Clause::For {
                    slot: 1,
                    iter: Iter::Range {
                        low: IntExpr::constant(1),
                        high: IntExpr::constant(20),
                        inclusive: true,
                    },
                },
                Clause::If(Cond::And(
                    Box::new(not_multiple_of_3),
                    Box::new(Cond::Cmp(CmpOp::Le, IntExpr::slot(1), IntExpr::slot(0))),
                )),
            ],
            value: OptionValue::Terms {
                calls: vec![vec![IntExpr::binary(
                    IntOp::Sub,
                    IntExpr::slot(0),
                    IntExpr::slot(1),
                )]],
                nims: vec![],
            },
        };
        let mut applied = Vec::new();
        let out = optimise(vec![element], &mut applied);
        let [Element { clauses, .. }] = out.as_slice() else {
            panic!("one element expected: {out:?}");
        };
        let expected: Vec<IntExpr> = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20]
            .map(IntExpr::constant)
            .to_vec();
        assert_eq!(
            clauses[0],
            Clause::For {
                slot: 1,
                iter: Iter::List(expected)
            }
        );
        assert!(matches!(
            &clauses[1],
            Clause::If(Cond::Cmp(CmpOp::Le, _, _))
        ));
        assert_eq!(applied, ["conjunctions split", "constant filters folded"]);
    }

    #[test]
    fn a_filter_that_fails_to_evaluate_is_left_alone() {
        let divides = Cond::Cmp(
            CmpOp::Eq,
            IntExpr::binary(IntOp::Mod, IntExpr::constant(12), IntExpr::slot(1)),
            IntExpr::constant(0),
        );
        let element = Element {
            clauses: vec![
                Clause::For {
                    slot: 1,
                    iter: Iter::Range {
                        low: IntExpr::constant(0),
                        high: IntExpr::constant(20),
                        inclusive: false,
                    },
                },
                Clause::If(divides),
                Clause::If(slot_le(1, 0)),
            ],
            value: OptionValue::Terms {
                calls: vec![],
                nims: vec![IntExpr::slot(1)],
            },
        };
        let folded = fold_filters(element.clone());
        assert_eq!(
            folded,
            vec![element],
            "12 % 0 is an error the search reports"
        );
    }
}

//! Split detection: an element whose options are pairs of positions
//! `F(y) + F(total − y)` over a range becomes a split, which the
//! sparse-space method (`engine::split`) computes.

use crate::engine::kernel::{
    Clause, Cond, Element, IntExpr, IntOp, Iter, Linear, OptionValue, Split,
};

/// An element whose innermost `for` walks `x` over a range, with conditions
/// linear in `x` after it, and whose value is `F(±x + a) + F(b ∓ x)` plus
/// heaps that do not read `x`, becomes a split: the shape of octal games
/// and Grundy's game, which the sparse-space method computes.
pub(super) fn find_split(element: Element) -> Vec<Element> {
    let mut clauses = element.clauses.clone();
    let found = match &element.value {
        OptionValue::Terms { calls, nims } => match calls.as_slice() {
            [a, b] if a.len() == 1 && b.len() == 1 => split(&mut clauses, &a[0], &b[0], nims),
            _ => None,
        },
        OptionValue::Split(_) | OptionValue::Boards { .. } => None,
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

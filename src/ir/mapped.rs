//! A pass over integer programs: a loop over a range of constants whose
//! variable is read only through one expression of it alone, `for j in
//! 0..62 if 2 ** j <= n` with `P(n - 2 ** j)`, walks that expression's
//! values instead, `for k in [1, 2, 4, …]`: the powers computed once when
//! the program is built, not at every position, as a `let` list of them
//! is. The loop over constants is then narrowed by its filters as the
//! list's spelling is.

use std::cell::RefCell;

use crate::engine::kernel::{Clause, Element, IntExpr, Iter, MAX_SLOTS, OptionValue};

/// The longest range mapped: its values are listed in the program.
const MOST_VALUES: i64 = 1 << 16;

/// The element with each loop over a short enough range of constants,
/// whose variable every later clause and option reads only through the
/// same expression of it alone (not the variable itself), walking that
/// expression's values; unchanged where one of them cannot be computed.
pub(super) fn loops_over_mapped_constants(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        if let Some(mapped) = mapped(&element, at) {
            element = mapped;
        }
    }
    vec![element]
}

/// `element` with its clause `at` walking the values of the one
/// expression its variable is read through, if it may.
fn mapped(element: &Element, at: usize) -> Option<Element> {
    let OptionValue::Terms { calls, nims } = &element.value else {
        return None;
    };
    let (slot, low, high) = element.clauses[at].range()?;
    let (low, high) = (low.as_constant()?, high.as_constant()?);
    if !(0..=MOST_VALUES).contains(&(high - low)) {
        return None;
    }
    let later = &element.clauses[at + 1..];
    if later.iter().any(|clause| clause.binds() == Some(slot)) {
        return None;
    }
    // The largest parts of the clauses and options that read the variable
    // and nothing else: one expression, not the variable itself.
    let reads = RefCell::new(Vec::<IntExpr>::new());
    let visit = |e: &IntExpr| {
        e.rewritten(&|part| {
            let alone = part.uses(slot) && (0..MAX_SLOTS).all(|s| s == slot || !part.uses(s));
            alone.then(|| {
                let mut reads = reads.borrow_mut();
                if !reads.contains(part) {
                    reads.push(part.clone());
                }
                part.clone()
            })
        });
        Some(e.clone())
    };
    for clause in later {
        clause.try_map(&visit)?;
    }
    calls
        .iter()
        .flatten()
        .chain(nims)
        .for_each(|e| drop(visit(e)));
    let [read] = &reads.into_inner()[..] else {
        return None;
    };
    if *read == IntExpr::slot(slot) || still_reads(element, at, slot, read) {
        return None;
    }
    let values = (low..high)
        .map(|v| read.with_slot_as(slot, &IntExpr::constant(v)).as_constant())
        .collect::<Option<Vec<i64>>>()?;
    let variable = IntExpr::slot(slot);
    let replace = |e: &IntExpr| e.rewritten(&|part| (part == read).then(|| variable.clone()));
    let mut clauses = element.clauses[..at].to_vec();
    let items = values.into_iter().map(IntExpr::constant).collect();
    clauses.push(Clause::For {
        slot,
        iter: Iter::List(items),
    });
    for clause in later {
        clauses.push(clause.try_map(&|e| Some(replace(e)))?);
    }
    let value = OptionValue::Terms {
        calls: calls
            .iter()
            .map(|c| c.iter().map(replace).collect())
            .collect(),
        nims: nims.iter().map(replace).collect(),
    };
    Some(Element { clauses, value })
}

/// Whether the variable is still read once `read` stands for it: in a
/// part of an expression that reads it beside other slots, which the
/// search for parts reading it alone does not see (an affine `n - j`).
fn still_reads(element: &Element, at: usize, slot: usize, read: &IntExpr) -> bool {
    let OptionValue::Terms { calls, nims } = &element.value else {
        return true;
    };
    let marker = IntExpr::opaque();
    let without = |e: &IntExpr| e.rewritten(&|part| (part == read).then(|| marker.clone()));
    let later = &element.clauses[at + 1..];
    let in_clauses = later.iter().any(|clause| {
        clause
            .try_map(&|e| Some(without(e)))
            .is_none_or(|c| c.try_map(&|e| (!e.uses(slot)).then(|| e.clone())).is_none())
    });
    in_clauses
        || calls
            .iter()
            .flatten()
            .chain(nims)
            .any(|e| without(e).uses(slot))
}

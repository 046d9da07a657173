//! A pass over integer programs: a loop over a range of constants whose
//! variable is read only through one expression of it alone, `for j in
//! 0..62 if 2 ** j <= n` with `P(n - 2 ** j)`, walks that expression's
//! values instead, `for k in [1, 2, 4, …]`: the powers computed once when
//! the program is built, not at every position, as a `let` list of them
//! is. The loop over constants is then narrowed by its filters as the
//! list's spelling is.

use std::cell::RefCell;

use super::bounds::min_of;

use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, MAX_SLOTS, OptionValue, SLOT_BOUND,
    rises_as_square,
};

/// The longest range mapped: its values are listed in the program.
const MOST_VALUES: i64 = 1 << 16;

/// The most values of a rising square tabled: positions up to its last
/// value (`4096²` for `k * k`) walk the table alone, each program built
/// tables them once.
const MOST_SQUARES: i64 = 1 << 12;

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
    let (slot, low, high) = element.clauses[at].range()?;
    let (low, high) = (low.as_constant()?, high.as_constant()?);
    if !(0..=MOST_VALUES).contains(&(high - low)) {
        return None;
    }
    let read = read_alone(element, at, slot)?;
    let values = (low..high)
        .map(|v| read.with_slot_as(slot, &IntExpr::constant(v)).as_constant())
        .collect::<Option<Vec<i64>>>()?;
    let items = values.into_iter().map(IntExpr::constant).collect();
    walking(element, at, &read, Iter::List(items))
}

/// The element with each loop over a range from a constant, whose
/// variable `k` every later clause and option reads only through the same
/// rising square of it alone (`k * k` in `S(n - k * k) for k in 1..=n if
/// k * k <= n`), made two. One walks the square's first values, tabled
/// when the program is built, where the range is not empty, up to the
/// square of its last value (`if 1 < n + 1 for s in [1, 4, 9, …] if s <=
/// min(n, 4096) * min(n, 4096)`), as a `let` list of the squares does;
/// the other walks the rest of the range, past the table, as before. The
/// options are the same: the square rises, so `k <= last` is `k * k <=
/// last * last`.
pub(super) fn loops_over_tabled_squares(element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        if let Some(parts) = tabled_squares(&element, at) {
            return parts.into();
        }
    }
    vec![element]
}

/// The two parts of `element` (see `loops_over_tabled_squares`) whose
/// first walks the tabled values of the square of clause `at`'s variable.
fn tabled_squares(element: &Element, at: usize) -> Option<[Element; 2]> {
    let (slot, low, high) = element.clauses[at].range()?;
    let first = low.as_constant()?;
    if high.as_constant().is_some_and(|h| h - first <= MOST_VALUES) {
        // `mapped` lists every value.
        return None;
    }
    let read = read_alone(element, at, slot)?;
    if !rises_as_square(&read, slot, first) {
        return None;
    }
    let within = |v: &i64| v.unsigned_abs() < SLOT_BOUND as u64;
    let values: Vec<i64> = (first..first + MOST_SQUARES)
        .map_while(|k| read.with_slot_as(slot, &IntExpr::constant(k)).as_constant())
        .take_while(within)
        .collect();
    if values.is_empty() {
        return None;
    }
    let past = first + values.len() as i64;
    // A range that is not empty, up to the square of its last value, or
    // of the table's where the range goes past it (whose square, unlike
    // that of a far end, cannot overflow).
    let filled = Cond::compare(CmpOp::Lt, low.clone(), high.clone());
    let last = min_of(vec![
        IntExpr::binary(IntOp::Sub, high.clone(), IntExpr::constant(1)),
        IntExpr::constant(past - 1),
    ]);
    let bound = Cond::compare(
        CmpOp::Le,
        IntExpr::slot(slot),
        read.with_slot_as(slot, &last),
    );
    let items = values.into_iter().map(IntExpr::constant).collect();
    let mut tabled = walking(element, at, &read, Iter::List(items))?;
    tabled.clauses.insert(at + 1, Clause::If(bound));
    tabled.clauses.insert(at, Clause::If(filled));
    let mut rest = element.clone();
    rest.clauses[at] = Clause::range_loop(slot, IntExpr::constant(past), high);
    Some([tabled, rest])
}

/// The one expression of the variable of clause `at`'s loop, bound to
/// `slot`, alone that every later clause and option reads it through
/// (not the variable itself), if there is one.
fn read_alone(element: &Element, at: usize, slot: usize) -> Option<IntExpr> {
    let rest = after(element, at);
    if rest
        .clauses
        .iter()
        .any(|clause| clause.binds() == Some(slot))
    {
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
    rest.try_map(&visit)?;
    let [read] = &reads.into_inner()[..] else {
        return None;
    };
    if *read == IntExpr::slot(slot) || still_reads(element, at, slot, read) {
        return None;
    }
    Some(read.clone())
}

/// The clauses after clause `at` and the options: what a loop at `at`
/// runs for each of its values.
fn after(element: &Element, at: usize) -> Element {
    Element {
        clauses: element.clauses[at + 1..].to_vec(),
        value: element.value.clone(),
    }
}

/// `element` with clause `at`'s loop walking `iter`, and `read` (of its
/// variable alone) read as the variable in every later clause and option.
fn walking(element: &Element, at: usize, read: &IntExpr, iter: Iter) -> Option<Element> {
    let slot = element.clauses[at].binds()?;
    let variable = IntExpr::slot(slot);
    let mut walking = after(element, at)
        .try_map(&|e| Some(e.rewritten(&|part| (part == read).then(|| variable.clone()))))?;
    let head = element.clauses[..at].iter().cloned();
    walking.clauses = head
        .chain([Clause::For { slot, iter }])
        .chain(walking.clauses)
        .collect();
    Some(walking)
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

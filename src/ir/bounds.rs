//! The passes that move a loop's conditions into its bounds
//! (`for x in a..b if x < e` → `for x in a..min(b, e)`), with the `min`s,
//! `max`s and bounds they build; apart from `passes` because the IR's
//! builders and other passes read those bounds too.

use super::filters::cannot_fail;
use super::passes::constants;
use super::pins::short_ranges_as_filters;
use crate::engine::kernel::{
    Affine, CONSTANT_BOUND, Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, OptionValue, UNROLL,
};

/// `for x in a..b if x < e` → `for x in a..min(b, e)`, and likewise for the
/// other comparisons of `±x` with an expression that does not read `x`: the
/// walk then visits only the values that pass. A loop over more constants
/// than are unrolled becomes a loop over the sorted constants within the
/// bounds (`for k in [1, 2, 4, 5, …] if k <= n`); shorter constant loops
/// are left to be unrolled or folded; a longer constant range is narrowed
/// as any range is.
pub(super) fn narrow_bounds(element: Element) -> Vec<Element> {
    narrow_with(element, bound, false)
}

/// `narrow_bounds` for constant ranges short enough to unroll too, where
/// the range is then a line of the box: every argument of the options
/// affine (`F(n - k, k % 2)` is unrolled instead, each `k` a line).
pub(super) fn narrow_short_ranges(element: Element) -> Vec<Element> {
    match affine_options(&element) {
        true => narrow_with(element, bound, true),
        false => vec![element],
    }
}

/// `short_ranges_as_filters` for a family of two or more parameters, where
/// the options are not affine (`F(n - k, k % 2) for k in 1..=min(5, n)`):
/// unrolled as the same game spelled with filters is.
pub(super) fn short_non_affine_ranges_as_filters(element: Element) -> Vec<Element> {
    match affine_options(&element) {
        true => vec![element],
        false => short_ranges_as_filters(element),
    }
}

/// Whether the element's options are positions and heaps whose every
/// argument is affine.
fn affine_options(element: &Element) -> bool {
    let affine = |args: &[IntExpr]| args.iter().all(|arg| matches!(arg, IntExpr::Affine(_)));
    match &element.value {
        OptionValue::Terms { calls, nims } => calls.iter().all(|c| affine(c)) && affine(nims),
        _ => false,
    }
}

/// `narrow_bounds` for the comparisons of a multiple of the variable,
/// `2·k <= n` (`k <= n / 2`) and `4·j + 1 <= min(n, 10)`, with floor
/// division, once the splits, which read `2·a < n` as the symmetry of
/// their pairs, are found.
pub(super) fn narrow_scaled_bounds(element: Element) -> Vec<Element> {
    match element.value {
        OptionValue::Terms { .. } | OptionValue::Boards { .. } => {
            narrow_with(element, scaled_bound, false)
        }
        OptionValue::Split(_) => vec![element],
    }
}

fn narrow_with(
    mut element: Element,
    bound: fn(&Cond, usize) -> Option<Bound>,
    short_ranges: bool,
) -> Vec<Element> {
    let mut next = 0;
    while next < element.clauses.len() {
        let i = next;
        next += 1;
        let Clause::For { slot: x, iter } = &element.clauses[i] else {
            continue;
        };
        let x = *x;
        let sorted = match constants(iter) {
            // Constants past the slot bound stay listed: the VM gives up
            // on a position whose bounds would walk one.
            Some(mut values) if values.len() > UNROLL && matches!(iter, Iter::List(_)) => {
                values.sort_unstable();
                values.dedup();
                Some(values)
            }
            // A constant range too long to unroll is narrowed as a range
            // (`for k in 1..=20 if k <= a`).
            Some(values)
                if (short_ranges || values.len() > UNROLL)
                    && matches!(iter, Iter::Range { .. }) =>
            {
                None
            }
            Some(_) => continue,
            None => None,
        };
        let (mut low, mut high) = match (&sorted, iter) {
            (Some(values), _) => (
                IntExpr::constant(values[0]),
                IntExpr::constant(values[values.len() - 1] + 1),
            ),
            (
                None,
                Iter::Range {
                    low,
                    high,
                    inclusive,
                },
            ) => (
                low.clone(),
                match inclusive {
                    true => IntExpr::binary(IntOp::Add, high.clone(), IntExpr::constant(1)),
                    false => high.clone(),
                },
            ),
            (None, _) => continue,
        };
        let mut moved = false;
        let mut j = i + 1;
        while let Some(Clause::If(cond)) = element.clauses.get(j) {
            let Some(Bound { at_least, below }) = bound(cond, x) else {
                // A bound after a filter that may fail stays behind it:
                // moved into the loop, it would hide that filter's error
                // for the values it drops.
                if !cannot_fail(cond) {
                    break;
                }
                j += 1;
                continue;
            };
            if let Some(e) = at_least {
                low = larger(low, e);
            }
            if let Some(e) = below {
                high = smaller(high, e);
            }
            element.clauses.remove(j);
            moved = true;
        }
        if moved {
            let iter = match sorted {
                Some(values) => Iter::Sorted { values, low, high },
                None => Iter::Range {
                    low,
                    high,
                    inclusive: false,
                },
            };
            element.clauses[i] = Clause::For { slot: x, iter };
        }
    }
    vec![element]
}

/// `max(a, b)`, folded when they differ by a constant and flattened into
/// one `max` of many.
fn larger(a: IntExpr, b: IntExpr) -> IntExpr {
    match (offset(&a), offset(&b)) {
        ((x, i), (y, j)) if x == y => match i >= j {
            true => a,
            false => b,
        },
        _ => max_of(vec![a, b]),
    }
}

/// `min(a, b)`, as `larger` folds `max`.
fn smaller(a: IntExpr, b: IntExpr) -> IntExpr {
    match (offset(&a), offset(&b)) {
        ((x, i), (y, j)) if x == y => match i <= j {
            true => a,
            false => b,
        },
        _ => min_of(vec![a, b]),
    }
}

/// `e` as `base + c`, where adding `c` cannot overflow: two expressions
/// on the same base are compared by their constants (`p[i] + 1` and
/// `p[i]`; `i + 1` and `i`).
fn offset(e: &IntExpr) -> (IntExpr, i64) {
    match e {
        IntExpr::Affine(affine) => {
            let base = Affine {
                constant: 0,
                terms: affine.terms.clone(),
            };
            (IntExpr::Affine(base), affine.constant)
        }
        // An item of the position's list (its header is in slots 0 and 1,
        // the only list an element's clauses read) is within the slot
        // bound, so a small constant added to it cannot overflow.
        IntExpr::Binary(op @ (IntOp::Add | IntOp::Sub), base, c)
            if matches!(**base, IntExpr::At(0, _)) =>
        {
            match c.as_constant() {
                Some(c) if c.unsigned_abs() <= CONSTANT_BOUND as u64 => {
                    ((**base).clone(), if *op == IntOp::Add { c } else { -c })
                }
                _ => (e.clone(), 0),
            }
        }
        other => (other.clone(), 0),
    }
}

/// The `max` of the operands, one that is already a `max` opened
/// (`max(max(a, b), c)` is `max(a, b, c)`, however a `def` nests it).
pub(super) fn max_of(operands: Vec<IntExpr>) -> IntExpr {
    match opened(operands, true) {
        mut one if one.len() == 1 => one.remove(0),
        parts => IntExpr::Max(parts),
    }
}

/// The `min` of the operands, as `max_of` builds a `max`.
pub(super) fn min_of(operands: Vec<IntExpr>) -> IntExpr {
    match opened(operands, false) {
        mut one if one.len() == 1 => one.remove(0),
        parts => IntExpr::Min(parts),
    }
}

/// The operands, those that are a `max` (or a `min`) replaced by theirs,
/// and of those on one base only the largest (smallest) kept: `max(1,
/// last, last + 1)` is `max(1, last + 1)`. The one dropped reads what the
/// one kept reads, so nothing that may fail is left out.
fn opened(operands: Vec<IntExpr>, max: bool) -> Vec<IntExpr> {
    let open = |e| match (e, max) {
        (IntExpr::Max(xs), true) | (IntExpr::Min(xs), false) => xs,
        (other, _) => vec![other],
    };
    let mut kept: Vec<IntExpr> = Vec::new();
    for operand in operands.into_iter().flat_map(open) {
        let (base, constant) = offset(&operand);
        match kept.iter().position(|k| offset(k).0 == base) {
            Some(at) => {
                let other = offset(&kept[at]).1;
                if (max && constant > other) || (!max && constant < other) {
                    kept[at] = operand;
                }
            }
            None => kept.push(operand),
        }
    }
    kept
}

/// What a condition says of `x`: `x >= at_least` and `x < below`.
pub(super) struct Bound {
    at_least: Option<IntExpr>,
    below: Option<IntExpr>,
}

/// A comparison `a op b` of expressions linear in `x` as `c·x op rest`,
/// `c > 0`, `rest` free of `x` (sides swapped where `x`'s coefficient is
/// negative); `None` when it does not read `x`.
pub(super) fn scaled(cond: &Cond, x: usize) -> Option<(i64, CmpOp, IntExpr)> {
    let Cond::Cmp(op, a, b) = cond else {
        return None;
    };
    let (ka, ra) = a.linear_in(x)?;
    let (kb, rb) = b.linear_in(x)?;
    // (ka − kb)·x  op  rb − ra
    let rest = IntExpr::binary(IntOp::Sub, rb, ra);
    match ka.checked_sub(kb)? {
        0 => None,
        c if c > 0 => Some((c, *op, rest)),
        c => Some((c.checked_neg()?, flip(*op), IntExpr::negate(rest))),
    }
}

/// The bound a comparison of `±x` with an expression free of `x` sets (a
/// comparison of `2·x` is left to the split, which reads it as the
/// symmetry of its pairs).
pub(super) fn bound(cond: &Cond, x: usize) -> Option<Bound> {
    let (1, op, rest) = scaled(cond, x)? else {
        return None;
    };
    let plus_one = |e: IntExpr| IntExpr::binary(IntOp::Add, e, IntExpr::constant(1));
    let (at_least, below) = match op {
        CmpOp::Lt => (None, Some(rest)),
        CmpOp::Le => (None, Some(plus_one(rest))),
        CmpOp::Gt => (Some(plus_one(rest)), None),
        CmpOp::Ge => (Some(rest), None),
        CmpOp::Eq => (Some(rest.clone()), Some(plus_one(rest))),
        CmpOp::Ne => return None,
    };
    Some(Bound { at_least, below })
}

/// The bound a comparison of `c·x` with an expression free of `x` sets,
/// `|c| > 1`: `c·x <= r` is `x <= r / c` (floor division), `c·x >= r` is
/// `x >= -(-r / c)`, and so on; an equality is not a bound.
fn scaled_bound(cond: &Cond, x: usize) -> Option<Bound> {
    let (c @ 2.., op, rest) = scaled(cond, x)? else {
        return None;
    };
    let over_c = |e: IntExpr| IntExpr::binary(IntOp::Div, e, IntExpr::constant(c));
    let plus = |e: IntExpr, k: i64| IntExpr::binary(IntOp::Add, e, IntExpr::constant(k));
    let (at_least, below) = match op {
        CmpOp::Le => (None, Some(plus(over_c(rest), 1))),
        CmpOp::Lt => (None, Some(plus(over_c(plus(rest, -1)), 1))),
        CmpOp::Ge => (Some(IntExpr::negate(over_c(IntExpr::negate(rest)))), None),
        CmpOp::Gt => (Some(plus(over_c(rest), 1)), None),
        CmpOp::Eq | CmpOp::Ne => return None,
    };
    Some(Bound { at_least, below })
}

/// The comparison with its sides swapped: `a op b` ⇔ `b flip(op) a`, used
/// for `−x op r` ⇔ `x flip(op) −r`.
pub(super) fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        other => other,
    }
}

//! Passes over a family's IR. Each rewrites elements into elements that
//! yield the same options, so that every spelling of a game reaches the
//! same shape and the engine's fast paths (`engine::kernel`,
//! `engine::split`) apply to whatever the user wrote.

use super::abs::cases_of_abs;
use super::bounds::{
    narrow_bounds, narrow_scaled_bounds, narrow_short_ranges, short_non_affine_ranges_as_filters,
};
use super::divisors::loops_over_divisors;
use super::filters::{
    cannot_fail, drop_empty_elements, drop_implied_guards, move_filters_up, or_cases,
    push_negations,
};
use super::mapped::{loops_over_mapped_constants, loops_over_tabled_squares};
use super::membership::loops_over_members;
use super::monotone::{
    sign_cases_of_products, start_at_monotone_filters, stop_at_monotone_filters,
};
use super::pairs::find_split;
use super::pins::{pin_loops, pin_params, short_ranges_as_filters, unroll_item_loops};
use super::quotients::loops_over_quotients;
use super::reindex::{count_fixed_widths, reindex_loops};
use super::residues::step_residues;
use crate::engine::kernel::{Clause, CmpOp, Cond, Condition, Element, IntExpr, Iter, OptionValue};

/// The longest constant loop whose filters are evaluated when the IR is
/// built.
const FOLDED_LOOP: i64 = 1 << 16;

/// The passes in the order they run, with the names `:info` shows, over
/// the elements of a family of `params` integer parameters.
pub(super) fn optimise(
    elements: Vec<Element>,
    params: usize,
    applied: &mut Vec<&'static str>,
) -> Vec<Element> {
    let mut run =
        |name: &'static str, elements: Vec<Element>, pass: fn(Element) -> Vec<Element>| {
            let before = elements.clone();
            let after: Vec<Element> = elements.into_iter().flat_map(pass).collect();
            if after != before && !applied.contains(&name) {
                applied.push(name);
            }
            after
        };
    let elements = run(
        "negations pushed into comparisons",
        elements,
        push_negations,
    );
    let elements = run("conjunctions split", elements, split_conjunctions);
    let elements = run(
        "loops of a fixed length counted from their end",
        elements,
        count_fixed_widths,
    );
    let elements = run(
        "loops over a few expressions unrolled",
        elements,
        unroll_item_loops,
    );
    let elements = run("loops pinned by equalities", elements, pin_loops);
    let elements = run("filters moved up to their loops", elements, move_filters_up);
    let elements = run(
        "products split by the sign of their factor",
        elements,
        sign_cases_of_products,
    );
    let elements = run(
        "multiples by a positive value divided out of filters",
        elements,
        super::multiples::divide_multiples,
    );
    let elements = run("parameters pinned by equalities", elements, pin_params);
    let elements = run(
        "membership made a loop over the members",
        elements,
        loops_over_members,
    );
    let elements = run("disjunctions split into bounds", elements, cases_of_or);
    let elements = run("constant filters folded", elements, fold_filters);
    let elements = run(
        "loops re-indexed by what their filters read",
        elements,
        reindex_loops,
    );
    let elements = run("remainder filters stepped", elements, step_residues);
    let elements = run("min and max split into cases", elements, cases_of_min_max);
    let elements = run("abs comparisons split into cases", elements, cases_of_abs);
    let elements = run(
        "loops over constants mapped by what they read",
        elements,
        loops_over_mapped_constants,
    );
    let elements = run(
        "loops over a rising square tabled",
        elements,
        loops_over_tabled_squares,
    );
    let elements = run("conditions moved into loop bounds", elements, narrow_bounds);
    // A box of two or more parameters walks a range as a line, where its
    // unrolled values are an element each behind filters: `for k in 1..=3
    // if k <= n and k != last`, six elements unrolled, is two ranges. A
    // one-parameter fill reads either as fast, and an octal code is read
    // from the unrolled shape.
    let elements = match params >= 2 {
        true => run(
            "conditions moved into the bounds of short ranges",
            elements,
            narrow_short_ranges,
        ),
        false => elements,
    };
    let elements = run(
        "divisor filters made loops over divisors",
        elements,
        loops_over_divisors,
    );
    let elements = run(
        "loops read as quotients made loops over the quotients",
        elements,
        loops_over_quotients,
    );
    let elements = run(
        "loops stopped at filters that end them",
        elements,
        stop_at_monotone_filters,
    );
    let elements = run(
        "loops started at filters that begin them",
        elements,
        start_at_monotone_filters,
    );
    let elements = run(
        "loops stepped by the period of their filters' remainders",
        elements,
        super::periodic::step_periodic_filters,
    );
    let elements = run(
        "filters past a loop tested with its end",
        elements,
        super::ends::fold_filters_into_ends,
    );
    let elements = run("splits found", elements, find_split);
    let elements = run(
        "multiples of a loop variable moved into its bounds",
        elements,
        narrow_scaled_bounds,
    );
    // The converse of `narrow_short_ranges` for one parameter, where a
    // short range unrolled is a few elements behind filters on the heap,
    // and for options that are no line of a box.
    let elements = run(
        "short ranges up to a min made filters",
        elements,
        match params {
            1 => short_ranges_as_filters,
            _ => short_non_affine_ranges_as_filters,
        },
    );
    let elements = run("short loops unrolled", elements, Element::unrolled);
    let elements = run(
        "guards implied by loop bounds dropped",
        elements,
        drop_implied_guards,
    );
    run(
        "elements that yield nothing dropped",
        elements,
        drop_empty_elements,
    )
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

/// Pushes the conjuncts of `cond` onto `out` as filters, one each.
pub(super) fn push_conjuncts(cond: Cond, out: &mut Vec<Clause>) {
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
            let conditions = element.clauses[i + 1..]
                .iter()
                .take_while(|c| matches!(c, Clause::If(_)))
                .count();
            // The filters on the loop's variable alone come first: past
            // conditions that cannot fail, order does not change the options
            // (`if k <= n and k % 3 != 0` is `if k % 3 != 0 and k <= n`).
            let run = &element.clauses[i + 1..=i + conditions];
            let reads = |c: &Clause| matches!(c, Clause::If(cond) if cond.reads_only(slot));
            let (mut filters, mut rest): (Vec<Clause>, Vec<Clause>) =
                run.iter().cloned().partition(|c| reads(c));
            if !rest
                .iter()
                .all(|c| matches!(c, Clause::If(cond) if cannot_fail(cond)))
            {
                // Only the filters before any other condition.
                let leading = run.iter().take_while(|c| reads(c)).count();
                (filters, rest) = (run[..leading].to_vec(), run[leading..].to_vec());
            }
            if !filters.is_empty()
                && let Some(kept) = filter(&values, slot, &filters)
            {
                element.clauses[i] = Clause::For {
                    slot,
                    iter: Iter::List(kept.into_iter().map(IntExpr::constant).collect()),
                };
                element.clauses.splice(i + 1..=i + conditions, rest);
            }
        }
        i += 1;
    }
    vec![element]
}

/// Most elements one element becomes by `cases_of_min_max`.
const CASES: usize = 8;

/// `F(max(u, v))` inside `for x in a..b`, where `u − v` moves with `x`,
/// becomes two elements, `F(u) … if u >= v` and `F(v) … if u < v` (and
/// likewise `min`): the same options, each now affine in `x`, so that the
/// loop can be stepped, its conditions moved into its bounds, and a split
/// found (Node Kayles' `P(max(a - 1, 0)) + P(max(n - a - 2, 0))` is a split
/// and two single options).
fn cases_of_min_max(element: Element) -> Vec<Element> {
    into_cases(element, cases)
}

/// `if a or b`, where `a` bounds a loop, becomes two elements (see
/// `filters::or_cases`).
fn cases_of_or(element: Element) -> Vec<Element> {
    into_cases(element, or_cases)
}

/// The element split by `cases` as long as it splits, into at most
/// `CASES` elements.
pub(super) fn into_cases(
    element: Element,
    cases: fn(&Element) -> Option<[Element; 2]>,
) -> Vec<Element> {
    let mut done = Vec::new();
    let mut todo = vec![element];
    while let Some(element) = todo.pop() {
        match (done.len() + todo.len() + 2 <= CASES)
            .then(|| cases(&element))
            .flatten()
        {
            Some(pair) => todo.extend(pair),
            None => done.push(element),
        }
    }
    done.reverse();
    done
}

/// The two cases of the first `min` or `max` that `cases_of_min_max` splits.
fn cases(element: &Element) -> Option<[Element; 2]> {
    let Some(Clause::For {
        slot: x,
        iter: Iter::Range { .. },
    }) = element
        .clauses
        .iter()
        .rev()
        .find(|c| matches!(c, Clause::For { .. }))
    else {
        return None;
    };
    let OptionValue::Terms { calls, nims } = &element.value else {
        return None;
    };
    let exprs = calls.iter().flatten().chain(nims);
    let (u, v, is_max) = exprs.filter_map(|e| min_max(e, *x)).next()?;
    let (first, second) = match is_max {
        true => (
            Cond::Cmp(CmpOp::Ge, u.clone(), v.clone()),
            Cond::Cmp(CmpOp::Lt, u.clone(), v.clone()),
        ),
        false => (
            Cond::Cmp(CmpOp::Le, u.clone(), v.clone()),
            Cond::Cmp(CmpOp::Gt, u.clone(), v.clone()),
        ),
    };
    let case = |pick: &IntExpr, cond: Cond| {
        let mut replaced = false;
        let mut replace = |e: &IntExpr| resolve(e, *x, pick, &mut replaced);
        let value = OptionValue::Terms {
            calls: calls
                .iter()
                .map(|c| c.iter().map(&mut replace).collect())
                .collect(),
            nims: nims.iter().map(&mut replace).collect(),
        };
        let mut clauses = element.clauses.clone();
        clauses.push(Clause::If(cond));
        Element { clauses, value }
    };
    Some([case(&u, first), case(&v, second)])
}

/// The first `max(u, v)` or `min(u, v)` in `e` whose two sides are linear
/// in slot `x` with different slopes.
fn min_max(e: &IntExpr, x: usize) -> Option<(IntExpr, IntExpr, bool)> {
    match e {
        IntExpr::Max(xs) | IntExpr::Min(xs) => {
            if let [u, v] = xs.as_slice()
                && let (Some((ku, _)), Some((kv, _))) = (u.linear_in(x), v.linear_in(x))
                && ku != kv
            {
                return Some((u.clone(), v.clone(), matches!(e, IntExpr::Max(_))));
            }
            xs.iter().find_map(|e| min_max(e, x))
        }
        IntExpr::Binary(_, a, b) => min_max(a, x).or_else(|| min_max(b, x)),
        IntExpr::Abs(a) => min_max(a, x),
        IntExpr::Affine(_)
        | IntExpr::Large(_)
        | IntExpr::Select(..)
        | IntExpr::At(..)
        | IntExpr::Fold(..)
        | IntExpr::Reduce(..)
        | IntExpr::Item(..)
        | IntExpr::Call(..)
        | IntExpr::Grundy(..)
        | IntExpr::GrundyOfList(..)
        | IntExpr::Until(..) => None,
    }
}

/// `e` with the first `min`/`max` that `min_max` finds replaced by `pick`
/// (the side it takes in this case), refolded.
fn resolve(e: &IntExpr, x: usize, pick: &IntExpr, replaced: &mut bool) -> IntExpr {
    if *replaced {
        return e.clone();
    }
    match e {
        IntExpr::Max(xs) | IntExpr::Min(xs) => {
            if min_max(e, x).is_some_and(|(u, v, _)| xs.as_slice() == [u, v]) {
                *replaced = true;
                return pick.clone();
            }
            let xs = xs.iter().map(|e| resolve(e, x, pick, replaced)).collect();
            match e {
                IntExpr::Max(_) => IntExpr::Max(xs),
                _ => IntExpr::Min(xs),
            }
        }
        IntExpr::Binary(op, a, b) => {
            let a = resolve(a, x, pick, replaced);
            IntExpr::binary(*op, a, resolve(b, x, pick, replaced))
        }
        IntExpr::Abs(a) => IntExpr::Abs(Box::new(resolve(a, x, pick, replaced))),
        other => other.clone(),
    }
}

/// The values a loop walks, when they are constants and not too many.
pub(super) fn constants(iter: &Iter) -> Option<Vec<i64>> {
    let constant = IntExpr::as_constant;
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
        Iter::Sorted { .. } | Iter::Built(_) | Iter::Divisors { .. } | Iter::Quotients { .. } => {
            None
        }
        Iter::List(items) if items.len() as i64 <= FOLDED_LOOP => {
            items.iter().map(constant).collect()
        }
        Iter::List(_) => None,
    }
}

/// The values for which every filter holds; `None` if one fails to
/// evaluate.
fn filter(values: &[i64], slot: usize, filters: &[Clause]) -> Option<Vec<i64>> {
    let filters = (filters.iter())
        .map(|clause| match clause {
            Clause::If(cond) => Some(cond),
            Clause::For { .. } => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Condition::passing(values, slot, &filters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::IntOp;

    fn slot_le(slot: usize, k: i64) -> Cond {
        Cond::Cmp(CmpOp::Le, IntExpr::slot(slot), IntExpr::constant(k))
    }

    /// `k % modulus op rest`, `k` in slot 1.
    fn remainder(op: CmpOp, modulus: i64, rest: i64) -> Cond {
        let k_mod = IntExpr::binary(IntOp::Mod, IntExpr::slot(1), IntExpr::constant(modulus));
        Cond::Cmp(op, k_mod, IntExpr::constant(rest))
    }

    /// `for k in low..high` (`..=` when `inclusive`), `k` in slot 1, then
    /// `conditions`, yielding the heap `*k`.
    fn heaps_over(low: i64, high: i64, inclusive: bool, conditions: Vec<Cond>) -> Element {
        let range = Iter::Range {
            low: IntExpr::constant(low),
            high: IntExpr::constant(high),
            inclusive,
        };
        let mut clauses = vec![Clause::For {
            slot: 1,
            iter: range,
        }];
        clauses.extend(conditions.into_iter().map(Clause::If));
        Element {
            clauses,
            value: OptionValue::Terms {
                calls: vec![],
                nims: vec![IntExpr::slot(1)],
            },
        }
    }

    #[test]
    fn filters_on_the_loop_variable_alone_are_folded() {
        let not_multiple_of_3 = remainder(CmpOp::Ne, 3, 0);
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
        let out = optimise(vec![element], 1, &mut applied);
        let [Element { clauses, .. }] = out.as_slice() else {
            panic!("one element expected: {out:?}");
        };
        // The moves that pass the filter, then `k <= n` as a bound on them.
        let values = vec![1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20];
        let n_plus_one = IntExpr::binary(IntOp::Add, IntExpr::slot(0), IntExpr::constant(1));
        let iter = Iter::Sorted {
            values,
            low: IntExpr::constant(1),
            high: IntExpr::Min(vec![IntExpr::constant(21), n_plus_one]),
        };
        assert_eq!(clauses.as_slice(), [Clause::For { slot: 1, iter }]);
        let passes = [
            "conjunctions split",
            "constant filters folded",
            "conditions moved into loop bounds",
        ];
        assert_eq!(applied, passes);
    }

    /// A filter after a condition that may fail stays behind it: moved
    /// first, it would hide that condition's error for the values it drops.
    #[test]
    fn filters_move_first_only_past_conditions_that_cannot_fail() {
        let odd = remainder(CmpOp::Eq, 2, 1);
        let element = |guard: Cond| heaps_over(1, 6, false, vec![guard, odd.clone()]);
        let odds = Iter::List([1, 3, 5].map(IntExpr::constant).to_vec());
        let at_most_n = Cond::Cmp(CmpOp::Le, IntExpr::slot(1), IntExpr::slot(0));
        let [Element { clauses, .. }] = &fold_filters(element(at_most_n.clone()))[..] else {
            panic!("one element");
        };
        let folded = [
            Clause::For {
                slot: 1,
                iter: odds,
            },
            Clause::If(at_most_n),
        ];
        assert_eq!(clauses.as_slice(), folded);
        let divides = Cond::Cmp(
            CmpOp::Eq,
            IntExpr::binary(IntOp::Div, IntExpr::constant(12), IntExpr::slot(0)),
            IntExpr::slot(1),
        );
        let guarded = element(divides);
        assert_eq!(fold_filters(guarded.clone()), vec![guarded]);
    }

    #[test]
    fn a_filter_that_fails_to_evaluate_is_left_alone() {
        let divides = Cond::Cmp(
            CmpOp::Eq,
            IntExpr::binary(IntOp::Mod, IntExpr::constant(12), IntExpr::slot(1)),
            IntExpr::constant(0),
        );
        let element = heaps_over(0, 20, false, vec![divides, slot_le(1, 0)]);
        let folded = fold_filters(element.clone());
        assert_eq!(
            folded,
            vec![element],
            "12 % 0 is an error the search reports"
        );
    }
}

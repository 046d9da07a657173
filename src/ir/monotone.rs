//! A pass over integer programs: a filter that holds for the first values
//! of a loop and for none after (`for k in 1..=n if k * k <= n`, the
//! subtraction of squares) ends the loop where it first fails
//! (`IntExpr::Until`), found by bisection: a few evaluations of the filter
//! per position, where it was evaluated for every value of the range.
//! A filter that holds for the last values and for none before (`for m
//! in 0..n if (n - m) * (n - m) <= n`) starts the loop where it first
//! holds, found by the same search over the values read backwards.

use super::filters::{Facts, filter_after_loop};
use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, ListClause, Over, Until, vanishing_quotient,
};

/// `for k in low..high … if f(k) <= g` (the filter after the loop, past
/// filters that cannot fail), where `low` is at least 0, `f` never falls
/// as `k` rises and `g` does not read `k`, becomes `for k in low..(the
/// first k where f(k) <= g fails)`: the same options, and the same error
/// where the filter fails to evaluate (it can only fail on a suffix of the
/// range, where `Until` checks its last value).
pub(super) fn stop_at_monotone_filters(element: Element) -> Vec<Element> {
    let prefix = |clauses: &[Clause], at| {
        let filter = monotone_filter(clauses, at)?;
        let Clause::If(cond) = &clauses[filter] else {
            unreachable!("a filter")
        };
        Some((filter, cond.clone()))
    };
    let end =
        |slot, low: &IntExpr, high, cond| (low.clone(), stopped(slot, low.clone(), high, cond));
    narrowed_at_filters(element, prefix, end)
}

/// `for m in low..high … if f(m) <= g` where the filter holds only on a
/// suffix of the range, so that read backwards from the last value (`m`
/// as `high - 1 - m`) it holds on a prefix, becomes `for m in (high -
/// the number of last values where it holds)..high`: the same options in
/// the same order. It can fail to evaluate only on a prefix of the range,
/// which the search reaches first, at `low`, as the loop did.
pub(super) fn start_at_monotone_filters(element: Element) -> Vec<Element> {
    let start = |slot, low: &IntExpr, high: IntExpr, backwards| {
        let count = IntExpr::binary(IntOp::Sub, high.clone(), low.clone());
        let holding = stopped(slot, IntExpr::constant(0), count, backwards);
        (IntExpr::binary(IntOp::Sub, high.clone(), holding), high)
    };
    narrowed_at_filters(element, suffix_filter, start)
}

/// `for k in low..high … if k * x <= y` (the filter after the loop, past
/// filters that cannot fail; `>=` or strict, the product either way
/// round), `low` at least 0, `x` affine and reading no `k` and `y` plain,
/// where nothing before the loop keeps `x` at 0 or more: two elements,
/// one tested `x > 0` before the loop and one `x <= 0`. In the first the
/// filter is one on `k` alone (`ir::multiples`), or ends the loop where
/// the product rises with `k` (`stop_at_monotone_filters`): Euclid's
/// game, `E(a - k * b, b) for k in 1..=a if k * b <= a and b > 0`, its
/// test of `b` after the product. The same options, and the same errors:
/// the tests added cannot fail.
pub(super) fn sign_cases_of_products(element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        let Some((variable, low, _)) = element.clauses[at].range() else {
            continue;
        };
        if !at_least_zero(low) {
            continue;
        }
        let facts = Facts::past_filters(&element.clauses[..at], variable);
        let factor = |cond: &Cond, k| product_factor(cond, k).filter(|x| !facts.natural(x));
        let Some((_, x)) = filter_after_loop(&element.clauses, at, factor) else {
            continue;
        };
        let case = |op| {
            let mut case = element.clone();
            let test = Cond::Cmp(op, x.clone(), IntExpr::constant(0));
            case.clauses.insert(at, Clause::If(test));
            case
        };
        return vec![case(CmpOp::Gt), case(CmpOp::Le)];
    }
    vec![element]
}

/// The factor `x` where `cond` compares `k * x` (or `x * k`) with what
/// reads no `k`, so that it holds on a prefix where `x` is at least 0:
/// `x` affine, reading no `k`, and no constant.
fn product_factor(cond: &Cond, k: usize) -> Option<IntExpr> {
    let (product, other) = bounded_above(cond)?;
    let IntExpr::Binary(IntOp::Mul, p, q) = product else {
        return None;
    };
    let x = match (**p == IntExpr::slot(k), **q == IntExpr::slot(k)) {
        (true, false) => q,
        (false, true) => p,
        _ => return None,
    };
    let affine = matches!(**x, IntExpr::Affine(_)) && x.as_constant().is_none();
    (affine && !x.uses(k) && plain(other) && !other.uses(k)).then(|| (**x).clone())
}

/// `element` with each range loop that `find` finds a filter after (its
/// index, and the condition to search with) given the bounds `bounds`
/// makes of the loop's slot and bounds and that condition, the filter
/// dropped. A loop narrowed is tried again: its next filter may narrow it
/// too.
fn narrowed_at_filters(
    mut element: Element,
    find: impl Fn(&[Clause], usize) -> Option<(usize, Cond)>,
    bounds: impl Fn(usize, &IntExpr, IntExpr, Cond) -> (IntExpr, IntExpr),
) -> Vec<Element> {
    let mut at = 0;
    while at < element.clauses.len() {
        let Some((filter, cond)) = find(&element.clauses, at) else {
            at += 1;
            continue;
        };
        element.clauses.remove(filter);
        let (slot, low, high) = element.clauses[at].range().expect("a range loop");
        let (low, high) = bounds(slot, low, high, cond);
        element.clauses[at] = Clause::range_loop(slot, low, high);
    }
    vec![element]
}

/// Where the first filter after the loop at `at` that holds only on a
/// suffix of the loop's values is, past filters that cannot fail, and
/// that filter read backwards from the loop's last value.
fn suffix_filter(clauses: &[Clause], at: usize) -> Option<(usize, Cond)> {
    let (variable, _, high) = clauses[at].range()?;
    // Read backwards, the variable counts the values from the last down,
    // from 0 on whatever the range's start.
    let facts = Facts::past_filters(&clauses[..at], variable);
    let last = IntExpr::binary(IntOp::Sub, high, IntExpr::constant(1));
    let backwards = IntExpr::binary(IntOp::Sub, last, IntExpr::slot(variable));
    let pick = |cond: &Cond, slot| {
        let read_backwards = cond.map(&|e| e.with_slot_as(slot, &backwards));
        holds_on_a_prefix(&read_backwards, slot, &facts).then_some(read_backwards)
    };
    filter_after_loop(clauses, at, pick)
}

/// The same for the clauses of a comprehension (`[d for d in 2..p if d *
/// d <= p …]`, a trial division): the same items in the same order, the
/// loop ending where its filter first fails. Whether a loop was stopped.
pub(super) fn stop_comprehension_at_monotone_filters(clauses: &mut Vec<ListClause>) -> bool {
    split_conjunctions(clauses);
    let mut stopped_any = false;
    let mut at = 0;
    while at < clauses.len() {
        // The clauses as an element's, for the search.
        let viewed: Vec<Clause> = clauses.iter().map(as_element_clause).collect();
        if let Some(filter) = monotone_filter(&viewed, at) {
            let ListClause::If(cond) = clauses.remove(filter) else {
                unreachable!("a filter")
            };
            let (slot, low, high) = viewed[at].range().expect("a range loop");
            let (low, high) = (low.clone(), stopped(slot, low.clone(), high, cond));
            clauses[at] = ListClause::For {
                slot,
                over: Over::Range {
                    low,
                    high,
                    inclusive: false,
                },
            };
            stopped_any = true;
            continue;
        }
        at += 1;
    }
    stopped_any
}

/// The same for a comprehension summed (`sum([n / 2 ** j % 2 for j in
/// 0..40])`, the bits of `n`) whose item is 0 once `n / 2 ** j` is: that
/// quotient stays 0 from there on (or, for `n` below 0, is never 0), so
/// the loop ends where it first is, after the bits of `n` rather than 40.
/// Whether it did.
pub(super) fn stop_sum_where_quotient_vanishes(
    clauses: &mut Vec<ListClause>,
    item: &IntExpr,
) -> bool {
    let [ListClause::For { slot, .. }] = &clauses[..] else {
        return false;
    };
    let Some((_, low, _, _)) = clauses[0].range() else {
        return false;
    };
    if !at_least_zero(low) {
        return false;
    }
    let slot = *slot;
    let found = std::cell::RefCell::new(None);
    item.rewritten(&|e| {
        if found.borrow().is_none() && vanishing(e, slot) {
            *found.borrow_mut() = Some(e.clone());
        }
        None
    });
    let Some(quotient) = found.into_inner() else {
        return false;
    };
    // The item where the quotient is 0, which must be 0 whatever else
    // the loop reads, and without an error.
    let zero = IntExpr::constant(0);
    let at_zero = item.rewritten(&|e| (e == &quotient).then(|| zero.clone()));
    if at_zero.as_constant() != Some(0) {
        return false;
    }
    clauses.push(ListClause::If(Cond::Cmp(CmpOp::Ne, quotient, zero)));
    if stop_comprehension_at_monotone_filters(clauses) {
        return true;
    }
    // Left as it was where the filter ends nothing.
    clauses.pop();
    false
}

/// Whether `e` is `x / b ** k` (`vanishing_quotient`), `x` plain
/// arithmetic, which `Until` may evaluate.
fn vanishing(e: &IntExpr, k: usize) -> bool {
    vanishing_quotient(e, k).is_some_and(|(x, _)| plain(x))
}

/// `if a and b` → `if a if b` (the same items: `b` is tested only where
/// `a` holds either way), where a part holds on a prefix of a loop before
/// it, so that the part may end that loop.
fn split_conjunctions(clauses: &mut Vec<ListClause>) {
    let mut at = 0;
    while at < clauses.len() {
        let ListClause::If(Cond::And(a, b)) = &clauses[at] else {
            at += 1;
            continue;
        };
        fn looped(part: &Cond, before: &[ListClause]) -> bool {
            match part {
                Cond::And(a, b) => looped(a, before) || looped(b, before),
                _ => before.iter().any(|clause| match clause {
                    ListClause::For { slot, .. } => {
                        holds_on_a_prefix(part, *slot, &Facts::past_filters(&[], *slot))
                    }
                    ListClause::If(_) => false,
                }),
            }
        }
        if !looped(a, &clauses[..at]) && !looped(b, &clauses[..at]) {
            at += 1;
            continue;
        }
        let (a, b) = ((**a).clone(), (**b).clone());
        clauses.splice(at..=at, [ListClause::If(a), ListClause::If(b)]);
    }
}

/// The end of the loop on `slot` over `low..high` where `cond` first fails.
fn stopped(slot: usize, low: IntExpr, high: IntExpr, cond: Cond) -> IntExpr {
    IntExpr::Until(Box::new(Until {
        slot,
        low,
        high,
        cond,
        hint: Default::default(),
    }))
}

/// A comprehension's clause as an element's: a loop over a list is a loop
/// that is no range.
fn as_element_clause(clause: &ListClause) -> Clause {
    match (clause, clause.range()) {
        (ListClause::If(cond), _) => Clause::If(cond.clone()),
        (_, Some((slot, low, high, inclusive))) => Clause::For {
            slot,
            iter: Iter::Range {
                low: low.clone(),
                high: high.clone(),
                inclusive,
            },
        },
        (ListClause::For { slot, .. }, None) => Clause::For {
            slot: *slot,
            iter: Iter::List(Vec::new()),
        },
    }
}

/// Where the first filter after the loop at `at` that only holds on a
/// prefix of the loop's values is, past filters that cannot fail.
fn monotone_filter(clauses: &[Clause], at: usize) -> Option<usize> {
    let (variable, low, _) = clauses[at].range()?;
    if !at_least_zero(low) {
        return None;
    }
    // Past a filter that keeps `b` at 0 or more, `k * b` rises with `k`
    // (`k * b <= a` ends the loop `for k in 1..=a` of Euclid's game).
    let facts = Facts::past_filters(&clauses[..at], variable);
    let on_a_prefix = |cond: &Cond, slot| holds_on_a_prefix(cond, slot, &facts).then_some(());
    filter_after_loop(clauses, at, on_a_prefix).map(|(index, ())| index)
}

/// Whether `low` is at least 0 wherever it is evaluated: a constant that
/// is, or a `max` with one among its parts.
pub(super) fn at_least_zero(low: &IntExpr) -> bool {
    match low {
        IntExpr::Max(parts) => parts.iter().any(at_least_zero),
        _ => low.as_constant().is_some_and(|c| c >= 0),
    }
}

/// Whether `cond` holds for the values of `k` from 0 up to some point and
/// for none after, failing to evaluate (an overflow) only on a suffix:
/// `x / b ** k != 0` (see `vanishing`), or `f(k) <= g` or `g >= f(k)`
/// (strict too), `f` rising with `k` and `g`
/// not reading it, both made of slots, constants, `+`, `*`, powers and
/// floor divisions by positive constants, and `f` not affine; `facts`
/// saying which slots, `k` among them, are never below 0.
fn holds_on_a_prefix(cond: &Cond, k: usize, facts: &Facts) -> bool {
    if let Cond::Cmp(CmpOp::Ne, q, zero) = cond
        && zero.as_constant() == Some(0)
    {
        return vanishing(q, k);
    }
    let Some((rising, other)) = bounded_above(cond) else {
        return false;
    };
    // An affine filter is a bound already (`narrow_bounds`, a split's
    // conditions) or a guard an unrolled loop leaves.
    let affine = matches!(rising, IntExpr::Affine(_));
    !affine && rises(rising, k, facts) && rising.uses(k) && plain(other) && !other.uses(k)
}

/// `(f, g)` where `cond` is `f <= g` or `g >= f` (strict too), or the
/// negation of the opposite comparison (`not (d * d > p)` tests what `d *
/// d <= p` tests): the side bounded above, and its bound.
fn bounded_above(cond: &Cond) -> Option<(&IntExpr, &IntExpr)> {
    let (op, a, b) = match cond {
        Cond::Cmp(op, a, b) => (*op, a, b),
        Cond::Not(inner) => match &**inner {
            Cond::Cmp(op, a, b) => (op.negated(), a, b),
            _ => return None,
        },
        _ => return None,
    };
    match op {
        CmpOp::Le | CmpOp::Lt => Some((a, b)),
        CmpOp::Ge | CmpOp::Gt => Some((b, a)),
        _ => None,
    }
}

/// Whether `e` never falls as `k` rises from 0, and where its evaluation
/// overflows for some `k` it overflows for every larger one.
fn rises(e: &IntExpr, k: usize, facts: &Facts) -> bool {
    let rises = |e| rises(e, k, facts);
    let from_zero = |e| rises_from_zero(e, facts);
    match e {
        IntExpr::Affine(_) => e.linear_in(k).is_some_and(|(slope, _)| slope >= 0),
        IntExpr::Binary(IntOp::Add, a, b) => rises(a) && rises(b),
        // Less a constant: no overflow where it adds, nor below a part at
        // least 0 where it takes away.
        IntExpr::Binary(IntOp::Sub, a, c) if c.as_constant().is_some_and(|c| c <= 0) => rises(a),
        IntExpr::Binary(IntOp::Sub, a, c) if c.as_constant().is_some() => from_zero(a),
        // Floor division by a positive constant keeps the order, and
        // cannot overflow.
        IntExpr::Binary(IntOp::Div, a, d) if d.as_constant().is_some_and(|d| d > 0) => rises(a),
        _ => from_zero(e),
    }
}

/// Whether `e` is at least 0 and never falls as the loop's variable
/// rises from 0: sums, products, constant powers and quotients by positive
/// constants of slots `facts` keeps at 0 or more (the variable among them)
/// and constants at least 0.
fn rises_from_zero(e: &IntExpr, facts: &Facts) -> bool {
    let from_zero = |e| rises_from_zero(e, facts);
    match e {
        IntExpr::Affine(_) => facts.natural(e),
        IntExpr::Large(v) => *v >= 0,
        IntExpr::Binary(IntOp::Add | IntOp::Mul, a, b) => from_zero(a) && from_zero(b),
        IntExpr::Binary(IntOp::Pow, a, b) => {
            from_zero(a) && b.as_constant().is_some_and(|c| c >= 0)
        }
        IntExpr::Binary(IntOp::Div, a, d) if d.as_constant().is_some_and(|d| d > 0) => from_zero(a),
        _ => false,
    }
}

/// Whether `e` reads slots through arithmetic alone (no list, call or
/// other family), so that `Until` may evaluate it in a frame of its own.
fn plain(e: &IntExpr) -> bool {
    match e {
        IntExpr::Affine(_) | IntExpr::Large(_) => true,
        IntExpr::Binary(_, a, b) => plain(a) && plain(b),
        IntExpr::Abs(a) => plain(a),
        IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().all(plain),
        _ => false,
    }
}

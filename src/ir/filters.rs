//! Where an element tests its filters. A filter is tested right after the
//! last loop it reads, not after every loop of the element, and an `or`
//! one of whose parts bounds a loop becomes two elements, each a bound
//! (`for j in i..len(p) … if i < j or x == y` is `for j in i + 1..len(p)`
//! and `for j in i..i + 1 … if x == y`), so that `narrow_bounds` makes it
//! part of the loop. Moving a filter must not change which errors the
//! search reports: only clauses that cannot fail are stepped over, with
//! what the loops before them say of their variables (`p[j]` cannot fail
//! inside `for j in 0..len(p)`).

use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, MAX_SLOTS, OptionValue,
};

use super::bounds::bound;

/// What the loops of an element say of their variables, clause by clause
/// (or its filters, `past_filters`): which are at least 0, and what each
/// is below.
#[derive(Clone, Default)]
pub(super) struct Facts {
    /// By slot: whether the loop's variable is at least 0.
    natural: [bool; MAX_SLOTS],
    /// By slot: expressions the loop's variable is below.
    below: Vec<(usize, IntExpr)>,
}

impl Facts {
    /// The facts the clauses before `end` establish.
    fn before(clauses: &[Clause], end: usize) -> Facts {
        let mut facts = Facts::default();
        for clause in &clauses[..end] {
            if let Clause::For { slot, iter } = clause {
                facts.learn(*slot, iter);
            }
        }
        facts
    }

    /// What the filters among `clauses` keep at 0 or more (`if b > 0`,
    /// `if b >= 1`, `if 0 < b`), with `variable`, a loop's variable from 0
    /// on: the loops' own facts are not read.
    pub(super) fn past_filters(clauses: &[Clause], variable: usize) -> Facts {
        // `slot + c`, as the affine form writes it.
        let slot_plus = |e: &IntExpr| match e {
            IntExpr::Affine(a) => match a.terms.as_slice() {
                [(slot, 1)] => Some((*slot, a.constant)),
                _ => None,
            },
            _ => None,
        };
        let kept = |cond: &Cond| {
            let Cond::Cmp(op, x, y) = cond else {
                return None;
            };
            // `slot + c > bound` (or `bound < slot + c`) keeps the slot at
            // `bound - c + 1` or more.
            let (least, (slot, c)) = match (op, slot_plus(x), y.as_constant(), x.as_constant()) {
                (CmpOp::Gt, Some(s), Some(bound), _) => (bound.checked_add(1)?, s),
                (CmpOp::Ge, Some(s), Some(bound), _) => (bound, s),
                (CmpOp::Lt, _, _, Some(bound)) => (bound.checked_add(1)?, slot_plus(y)?),
                (CmpOp::Le, _, _, Some(bound)) => (bound, slot_plus(y)?),
                _ => return None,
            };
            (least.checked_sub(c)? >= 0).then_some(slot)
        };
        let mut facts = Facts::default();
        let kept_slots = clauses.iter().filter_map(|clause| match clause {
            Clause::If(cond) => kept(cond),
            _ => None,
        });
        for slot in kept_slots.chain([variable]) {
            facts.natural[slot] = true;
        }
        facts
    }

    fn learn(&mut self, slot: usize, iter: &Iter) {
        self.below.retain(|(s, _)| *s != slot);
        let (low, high, inclusive) = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => (low, high, *inclusive),
            Iter::Sorted { low, high, values } => {
                let natural = |e: &IntExpr| self.natural(e);
                self.natural[slot] = values.first().is_none_or(|&v| v >= 0) || natural(low);
                self.learn_below(slot, high, false);
                return;
            }
            Iter::Divisors { low, high, .. } => (low, high, false),
            Iter::List(_) | Iter::Built(_) | Iter::Quotients { .. } => {
                self.natural[slot] = false;
                return;
            }
        };
        self.natural[slot] = self.natural(low);
        self.learn_below(slot, high, inclusive);
    }

    fn learn_below(&mut self, slot: usize, high: &IntExpr, inclusive: bool) {
        let parts = match high {
            IntExpr::Min(parts) => parts.as_slice(),
            single => std::slice::from_ref(single),
        };
        for part in parts {
            let part = match inclusive {
                true => IntExpr::binary(IntOp::Add, part.clone(), IntExpr::constant(1)),
                false => part.clone(),
            };
            self.below.push((slot, part));
        }
    }

    /// Whether `e` is at least 0: a constant that is, or a sum of such
    /// variables with positive coefficients.
    pub(super) fn natural(&self, e: &IntExpr) -> bool {
        let IntExpr::Affine(affine) = e else {
            return false;
        };
        affine.constant >= 0
            && (affine.terms.iter()).all(|&(s, k)| k > 0 && s < MAX_SLOTS && self.natural[s])
    }

    /// Whether `index` is an index of the list whose header is at `header`:
    /// a variable at least 0 and below `len(list)`.
    fn indexes(&self, header: usize, index: &IntExpr) -> bool {
        let length = IntExpr::slot(header + 1);
        (0..MAX_SLOTS).any(|s| {
            *index == IntExpr::slot(s)
                && self.natural[s]
                && self.below.iter().any(|(t, e)| *t == s && *e == length)
        })
    }

    /// Whether evaluating `e` can never fail (`IntExpr::total`), an item
    /// read at an index these facts keep in its list.
    fn total(&self, e: &IntExpr) -> bool {
        e.total(&|header, index| self.indexes(header, index))
    }

    /// Whether evaluating `cond` can never fail.
    fn holds(&self, cond: &Cond) -> bool {
        cond.cannot_fail(&|header, index| self.indexes(header, index))
    }

    /// Whether walking the clause can never fail.
    fn safe(&self, clause: &Clause) -> bool {
        match clause {
            Clause::If(cond) => self.holds(cond),
            Clause::For { iter, .. } => match iter {
                Iter::Range { low, high, .. } | Iter::Sorted { low, high, .. } => {
                    self.total(low) && self.total(high)
                }
                Iter::List(items) => items.iter().all(|e| self.total(e)),
                Iter::Built(_) | Iter::Divisors { .. } | Iter::Quotients { .. } => false,
            },
        }
    }
}

/// Whether evaluating `cond` can never fail, wherever it is (nothing is
/// known of the loops' variables).
pub(super) fn cannot_fail(cond: &Cond) -> bool {
    Facts::default().holds(cond)
}

/// Whether evaluating `e` cannot fail, whatever the slots hold.
pub(super) fn total(e: &IntExpr) -> bool {
    Facts::default().total(e)
}

/// The first filter right after the loop at `at` that `pick` takes, past
/// filters that cannot fail (so that testing it before them fails nowhere
/// the element did not): its index and what `pick` made of it. `pick` is
/// given the filter and the loop's slot.
pub(super) fn filter_after_loop<T>(
    clauses: &[Clause],
    at: usize,
    pick: impl Fn(&Cond, usize) -> Option<T>,
) -> Option<(usize, T)> {
    let Clause::For { slot, .. } = &clauses[at] else {
        return None;
    };
    for (index, clause) in clauses.iter().enumerate().skip(at + 1) {
        let Clause::If(cond) = clause else {
            return None;
        };
        if let Some(picked) = pick(cond, *slot) {
            return Some((index, picked));
        }
        if !cannot_fail(cond) {
            return None;
        }
    }
    None
}

/// The earliest place the condition `cond`, now tested before clause
/// `at`, may be tested: past every clause that cannot fail and binds no
/// slot it reads, itself unable to fail there.
fn earliest(clauses: &[Clause], at: usize, cond: &Cond) -> usize {
    let mut to = at;
    while to > 0 {
        let clause = &clauses[to - 1];
        let facts = Facts::before(clauses, to - 1);
        let binds = matches!(clause, Clause::For { slot, .. } if cond.uses(*slot));
        if binds || !facts.safe(clause) || !facts.holds(cond) {
            break;
        }
        to -= 1;
    }
    to
}

/// Each filter tested right after the last loop it reads (and, reading
/// none, once, before the first), after the filters already there.
pub(super) fn move_filters_up(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        move_up(&mut element.clauses, at);
    }
    vec![element]
}

/// Moves the filter at `at` (if it is one) to the earliest place it may
/// be tested, after the filters already there.
fn move_up(clauses: &mut Vec<Clause>, at: usize) {
    let Clause::If(cond) = &clauses[at] else {
        return;
    };
    let mut to = earliest(clauses, at, cond);
    while to < at && matches!(clauses[to], Clause::If(_)) {
        to += 1;
    }
    let clause = clauses.remove(at);
    clauses.insert(to, clause);
}

/// `if a or b`, where `a` bounds a loop, becomes two elements, `if a` and
/// `if not a if b`, each testing `a` right after that loop: the same
/// options, each condition now a bound `narrow_bounds` takes in. `if k !=
/// c` is `if k < c or k > c`: a loop around one value. A part
/// after the first is chosen only when the parts up to it cannot fail, so
/// that testing it first fails nowhere the `or` did not.
pub(super) fn or_cases(element: &Element) -> Option<[Element; 2]> {
    for (at, clause) in element.clauses.iter().enumerate() {
        let parts = match clause {
            Clause::If(cond @ Cond::Or(..)) => {
                let mut parts = Vec::new();
                disjuncts(cond.clone(), &mut parts);
                parts
            }
            // `a != b` is `a < b or a > b`, which evaluates the same.
            Clause::If(Cond::Cmp(CmpOp::Ne, a, b)) => [CmpOp::Lt, CmpOp::Gt]
                .map(|op| Cond::Cmp(op, a.clone(), b.clone()))
                .to_vec(),
            _ => continue,
        };
        let facts = Facts::before(&element.clauses, at);
        for (k, part) in parts.iter().enumerate() {
            if k > 0 && !parts[..=k].iter().all(|p| facts.holds(p)) {
                break;
            }
            let Some(to) = bounded_loop(&element.clauses, at, part)
                .or_else(|| before_every_loop(&element.clauses, at, part))
            else {
                continue;
            };
            let mut rest = parts.clone();
            let part = rest.remove(k);
            let case = |first: Cond, rest: Option<Cond>| {
                let mut clauses = element.clauses.clone();
                clauses.remove(at);
                clauses.insert(to, Clause::If(first));
                if let Some(rest) = rest {
                    clauses.insert(at + 1, Clause::If(rest));
                    move_up(&mut clauses, at + 1);
                }
                Element {
                    clauses,
                    value: element.value.clone(),
                }
            };
            return Some([
                case(part.clone(), None),
                case(negate(part), Some(any(rest))),
            ]);
        }
    }
    None
}

/// Where `part`, a part of the `or` tested before clause `at`, is tested
/// when it is a bound on the innermost loop it reads: right after that
/// loop, if it may move there.
fn bounded_loop(clauses: &[Clause], at: usize, part: &Cond) -> Option<usize> {
    let Cond::Cmp(CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge | CmpOp::Eq, ..) = part else {
        return None;
    };
    let innermost = clauses[..at].iter().rposition(|c| match c {
        Clause::For { slot, .. } => part.uses(*slot),
        Clause::If(_) => false,
    })?;
    let Clause::For { slot, .. } = clauses[innermost] else {
        unreachable!("a loop")
    };
    bound(part, slot)?;
    (earliest(clauses, at, part) == innermost + 1).then_some(innermost + 1)
}

/// Where `part`, a part of the `or` tested before clause `at`, is tested
/// when it reads no loop's variable and cannot fail (`n > 20` in `for a in
/// … if n > 20 or a != 1`): before every clause, so that the element is
/// the loops with no filter where it holds and the loops filtered by the
/// rest of the `or` where not, each of which a pass may take further (a
/// split, a bound).
fn before_every_loop(clauses: &[Clause], at: usize, part: &Cond) -> Option<usize> {
    let loops = clauses[..at].iter().filter_map(Clause::binds);
    let invariant = loops.clone().next().is_some() && !loops.into_iter().any(|s| part.uses(s));
    (invariant && cannot_fail(part)).then_some(0)
}

/// A filter that holds whenever a loop after it has a value to walk is
/// dropped: `if 2 <= n for a in 0..=n - 2` is `for a in 0..=n - 2`, as
/// unrolling `for k in [2, 5, 7] if k <= n` leaves it. The filter is a
/// comparison of affine expressions, which cannot fail, and the clauses
/// between it and the loop (the loop's bounds included) are ones that
/// cannot fail either: without the filter they are evaluated where they
/// were not, and the options it removed are still none, since the loop
/// yields none of them.
pub(super) fn drop_implied_guards(mut element: Element) -> Vec<Element> {
    let mut at = 0;
    while at < element.clauses.len() {
        match implied_guard(&element, at) {
            true => drop(element.clauses.remove(at)),
            false => at += 1,
        }
    }
    vec![element]
}

/// An element with a loop that walks nothing at any position (`for a in
/// max(0, n - 1)..min(n, 0)`, what splitting `a != 0` and `a != n - 1`
/// into bounds leaves) or a filter that never holds (`if false`, what
/// unrolling a loop over the amounts taken leaves of `if m - k != m -
/// 2`) is dropped, when nothing up to there may fail: it has no options,
/// and evaluating it fails nowhere. A filter that always holds is dropped
/// from its element.
pub(super) fn drop_empty_elements(mut element: Element) -> Vec<Element> {
    element
        .clauses
        .retain(|c| !matches!(c, Clause::If(Cond::Const(true))));
    let clauses = &element.clauses;
    for end in 0..clauses.len() {
        if !Facts::before(clauses, end).safe(&clauses[end]) {
            break;
        }
        let never = match &clauses[end] {
            Clause::If(cond) => *cond == Cond::Const(false),
            clause => clause
                .range()
                .is_some_and(|(_, low, high)| never_walks(low, &high)),
        };
        if never {
            return vec![];
        }
    }
    let facts = Facts::before(clauses, clauses.len());
    match &element.value {
        OptionValue::Split(split)
            if facts.total(&split.low)
                && facts.total(&split.high)
                && never_walks(&split.low, &exclusive(&split.high, split.inclusive)) =>
        {
            vec![]
        }
        _ => vec![element],
    }
}

/// Whether `low..high` is empty wherever it is evaluated: some part of
/// `low` (a `max`) is a constant at least some part of `high` (a `min`).
fn never_walks(low: &IntExpr, high: &IntExpr) -> bool {
    let (lows, highs) = bound_parts(low, high);
    lows.iter().any(|l| {
        highs.iter().any(|h| {
            let gap = IntExpr::binary(IntOp::Sub, l.clone(), h.clone());
            gap.as_constant().is_some_and(|gap| gap >= 0)
        })
    })
}

/// Whether clause `at` is a filter that a later loop of `element` (or its
/// split's range) implies, with nothing that may fail between them.
fn implied_guard(element: &Element, at: usize) -> bool {
    let clauses = &element.clauses;
    let Clause::If(cond) = &clauses[at] else {
        return false;
    };
    for end in at + 1..clauses.len() {
        if !Facts::before(clauses, end).safe(&clauses[end]) {
            return false;
        }
        if let Some((_, low, high)) = clauses[end].range()
            && implied_by_range(cond, low, &high)
        {
            return true;
        }
    }
    let facts = Facts::before(clauses, clauses.len());
    matches!(&element.value, OptionValue::Split(split)
        if facts.total(&split.low)
            && facts.total(&split.high)
            && implied_by_range(cond, &split.low, &exclusive(&split.high, split.inclusive)))
}

/// The exclusive bound `high` (plus one, for an inclusive range).
fn exclusive(high: &IntExpr, inclusive: bool) -> IntExpr {
    match inclusive {
        true => IntExpr::binary(IntOp::Add, high.clone(), IntExpr::constant(1)),
        false => high.clone(),
    }
}

/// Whether `cond`, a comparison of affine expressions, holds wherever
/// `low < high`: written `f > 0`, `f − (h − l)` is a constant at least 0
/// for some part `h` of `high` (a `min`) and `l` of `low` (a `max`).
fn implied_by_range(cond: &Cond, low: &IntExpr, high: &IntExpr) -> bool {
    let Cond::Cmp(op, a, b) = cond else {
        return false;
    };
    let (IntExpr::Affine(_), IntExpr::Affine(_)) = (a, b) else {
        return false;
    };
    let sub = |x: &IntExpr, y: &IntExpr| IntExpr::binary(IntOp::Sub, x.clone(), y.clone());
    let plus_one = |x: IntExpr| IntExpr::binary(IntOp::Add, x, IntExpr::constant(1));
    // `cond` as `positive > 0`.
    let positive = match op {
        CmpOp::Lt => sub(b, a),
        CmpOp::Le => plus_one(sub(b, a)),
        CmpOp::Gt => sub(a, b),
        CmpOp::Ge => plus_one(sub(a, b)),
        CmpOp::Eq | CmpOp::Ne => return false,
    };
    let (lows, highs) = bound_parts(low, high);
    highs.iter().any(|h| {
        lows.iter().any(|l| {
            let width = sub(h, l);
            matches!(width, IntExpr::Affine(_))
                && sub(&positive, &width).as_constant().is_some_and(|c| c >= 0)
        })
    })
}

/// The parts of a range's bounds: of `low`, a `max`, and of `high`, a
/// `min` (a bound that is neither is its one part).
fn bound_parts(low: &IntExpr, high: &IntExpr) -> (Vec<IntExpr>, Vec<IntExpr>) {
    let parts = |e: &IntExpr, largest: bool| match (e, largest) {
        (IntExpr::Max(parts), true) | (IntExpr::Min(parts), false) => parts.clone(),
        (single, _) => vec![single.clone()],
    };
    (parts(low, true), parts(high, false))
}

/// The parts of an `or`, in order.
pub(super) fn disjuncts(cond: Cond, out: &mut Vec<Cond>) {
    match cond {
        Cond::Or(a, b) => {
            disjuncts(*a, out);
            disjuncts(*b, out);
        }
        other => out.push(other),
    }
}

/// The `or` of `parts` (`false` when there are none).
pub(super) fn any(parts: Vec<Cond>) -> Cond {
    parts
        .into_iter()
        .reduce(|a, b| Cond::Or(Box::new(a), Box::new(b)))
        .unwrap_or(Cond::Const(false))
}

/// Every filter with its `not`s pushed into comparisons (`negate`): `if
/// not (a == 0 or a == n - 1)` is `if a != 0 and a != n - 1`, which the
/// passes after take apart.
pub(super) fn push_negations(mut element: Element) -> Vec<Element> {
    fn pushed(cond: Cond) -> Cond {
        match cond {
            Cond::Not(c) => negate(pushed(*c)),
            Cond::And(a, b) => Cond::And(Box::new(pushed(*a)), Box::new(pushed(*b))),
            Cond::Or(a, b) => Cond::Or(Box::new(pushed(*a)), Box::new(pushed(*b))),
            other => other,
        }
    }
    for clause in &mut element.clauses {
        if let Clause::If(cond) = clause {
            *cond = pushed(std::mem::replace(cond, Cond::Const(true)));
        }
    }
    vec![element]
}

/// `not cond`, with the `not` pushed into comparisons (De Morgan's laws
/// keep the order of evaluation).
pub(super) fn negate(cond: Cond) -> Cond {
    match cond {
        Cond::Const(b) => Cond::Const(!b),
        Cond::Cmp(op, a, b) => Cond::Cmp(op.negated(), a, b),
        Cond::Not(c) => *c,
        Cond::And(a, b) => Cond::Or(Box::new(negate(*a)), Box::new(negate(*b))),
        Cond::Or(a, b) => Cond::And(Box::new(negate(*a)), Box::new(negate(*b))),
        Cond::Remembered(r) => negate(r.cond),
    }
}

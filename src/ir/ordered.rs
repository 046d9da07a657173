//! An analysis of integer programs: a pair of parameters that every option
//! keeps in order. Wythoff's game with its heaps kept sorted, `W(min(a - k,
//! b), max(a - k, b)) for k in 1..=a, …, W(a - k, b - k) for k in 1..=a`,
//! moves from a position with `a <= b` only to positions with `a <= b`: a
//! query there reaches no position of the box's other half. Those
//! positions may not even be games (`W(1, 0)`'s diagonal move has a
//! negative heap): a fill of the whole box stops there, where the half
//! box it needs has every value.
//!
//! The order is proved from the options' arguments, not observed: each
//! option's `x_n - x_m` is shown at least 0 wherever `x_m <= x_n` and every
//! argument is at least 0, as a box's are, its loop variables replaced by
//! their bounds. A pair the proof misses only costs the fill its half.

use std::collections::BTreeMap;

use crate::engine::kernel::{Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter, OptionValue};

/// The pairs `(m, n)` of parameters of a family of `params` integer
/// parameters such that every option of `elements` and `aliases` (the
/// body's game leaves) of a position with `x_m <= x_n` has `x_m <= x_n`:
/// none where no option names the family's own positions.
pub(super) fn ordered_pairs(
    elements: &[Element],
    aliases: &[Element],
    params: usize,
) -> Vec<(usize, usize)> {
    let all = || elements.iter().chain(aliases);
    let names_its_own = |e: &Element| match &e.value {
        OptionValue::Terms { calls, .. } => !calls.is_empty(),
        _ => false,
    };
    if !all().any(names_its_own) {
        return Vec::new();
    }
    let pairs = (0..params).flat_map(|m| (0..params).map(move |n| (m, n)));
    pairs
        .filter(|&(m, n)| m != n)
        .filter(|&pair| all().all(|e| keeps_order(e, pair, params)))
        .collect()
}

/// Whether each option of `element` keeps `x_m <= x_n`.
fn keeps_order(element: &Element, (m, n): (usize, usize), params: usize) -> bool {
    let OptionValue::Terms { calls, .. } = &element.value else {
        return false;
    };
    let bounds = Bounds::of(&element.clauses);
    let proof = Proof {
        bounds: &bounds,
        pair: (m, n),
        params,
    };
    calls
        .iter()
        .all(|args| args.len() == params && proof.at_least(&args[n], &args[m]))
}

/// `constant + Σ coefficient · slot`, exact.
#[derive(Clone, Debug, Default)]
struct Form {
    constant: i128,
    terms: BTreeMap<usize, i128>,
}

impl Form {
    fn constant(c: i128) -> Form {
        Form {
            constant: c,
            ..Form::default()
        }
    }

    /// `e` as a form, where it is affine: sums, differences and products
    /// by constants of affine parts.
    fn of(e: &IntExpr) -> Option<Form> {
        match e {
            IntExpr::Affine(a) => {
                let terms = a.terms.iter().map(|&(s, k)| (s, i128::from(k)));
                Some(Form {
                    constant: a.constant.into(),
                    terms: terms.collect(),
                })
            }
            IntExpr::Binary(op @ (IntOp::Add | IntOp::Sub), a, b) => {
                let scale = if *op == IntOp::Add { 1 } else { -1 };
                Some(Form::of(a)?.plus(&Form::of(b)?, scale))
            }
            IntExpr::Binary(IntOp::Mul, a, b) => {
                let (a, b) = (Form::of(a)?, Form::of(b)?);
                let (factor, form) = match (a.terms.is_empty(), b.terms.is_empty()) {
                    (true, _) => (a.constant, b),
                    (_, true) => (b.constant, a),
                    _ => return None,
                };
                Some(Form::default().plus(&form, factor))
            }
            _ => None,
        }
    }

    /// `self + scale · other`.
    fn plus(mut self, other: &Form, scale: i128) -> Form {
        self.constant += scale * other.constant;
        for (&slot, &k) in &other.terms {
            *self.terms.entry(slot).or_default() += scale * k;
        }
        self.terms.retain(|_, k| *k != 0);
        self
    }

    fn coefficient(&self, slot: usize) -> i128 {
        self.terms.get(&slot).copied().unwrap_or(0)
    }

    /// The form with `slot` replaced by `value`.
    fn substituted(&self, slot: usize, value: &Form) -> Form {
        let k = self.coefficient(slot);
        let mut rest = self.clone();
        rest.terms.remove(&slot);
        rest.plus(value, k)
    }
}

/// What the clauses say of each loop variable: the values it is at least
/// and at most (each inclusive), from its range or a filter, each reading
/// parameters and the variables of the loops around it only.
struct Bounds {
    /// The loops' variables, outermost first.
    loops: Vec<usize>,
    low: BTreeMap<usize, Vec<Form>>,
    high: BTreeMap<usize, Vec<Form>>,
}

impl Bounds {
    fn of(clauses: &[Clause]) -> Bounds {
        let mut bounds = Bounds {
            loops: Vec::new(),
            low: BTreeMap::new(),
            high: BTreeMap::new(),
        };
        for clause in clauses {
            match clause {
                Clause::For { slot, iter } => {
                    bounds.loops.push(*slot);
                    bounds.of_loop(*slot, iter);
                }
                Clause::If(cond) => bounds.of_filter(cond),
            }
        }
        bounds
    }

    /// The forms `e` is at least (`low`) or at most: each operand of a
    /// `max` it is at least, each of a `min` it is at most.
    fn parts(e: &IntExpr, low: bool) -> Vec<Form> {
        match e {
            IntExpr::Max(xs) if low => xs.iter().filter_map(Form::of).collect(),
            IntExpr::Min(xs) if !low => xs.iter().filter_map(Form::of).collect(),
            e => Form::of(e).into_iter().collect(),
        }
    }

    fn of_loop(&mut self, slot: usize, iter: &Iter) {
        let one = Form::constant(1);
        let (low, high, past_end) = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => (low, high, !inclusive),
            Iter::Sorted { low, high, values } => {
                let (first, last) = (values.first(), values.last());
                let constant = |c: &i64| Form::constant((*c).into());
                self.low
                    .entry(slot)
                    .or_default()
                    .extend(first.map(constant));
                self.high
                    .entry(slot)
                    .or_default()
                    .extend(last.map(constant));
                (low, high, true)
            }
            _ => return,
        };
        self.low
            .entry(slot)
            .or_default()
            .extend(Self::parts(low, true));
        let highs = Self::parts(high, false).into_iter();
        let highs = highs.map(|h| if past_end { h.plus(&one, -1) } else { h });
        self.high.entry(slot).or_default().extend(highs);
    }

    /// The bounds a filter puts on the innermost loop's variable it reads
    /// with coefficient ±1 (`if k <= b`, `if not (k > b)`); an `and` puts
    /// both sides'.
    fn of_filter(&mut self, cond: &Cond) {
        let (op, left, right) = match cond {
            Cond::And(a, b) => {
                self.of_filter(a);
                return self.of_filter(b);
            }
            Cond::Cmp(op, left, right) => (*op, left, right),
            Cond::Not(inner) => match &**inner {
                Cond::Cmp(op, left, right) => (op.negated(), left, right),
                _ => return,
            },
            _ => return,
        };
        let (Some(left), Some(right)) = (Form::of(left), Form::of(right)) else {
            return;
        };
        // `d op 0`, `d = left − right`, turned into `d >= c` or `d <= c`.
        let d = left.plus(&right, -1);
        let (at_least, shift) = match op {
            CmpOp::Ge => (Some(true), 0),
            CmpOp::Gt => (Some(true), 1),
            CmpOp::Le => (Some(false), 0),
            CmpOp::Lt => (Some(false), -1),
            CmpOp::Eq => (None, 0),
            CmpOp::Ne => return,
        };
        let Some(&slot) = self.loops.iter().rev().find(|&&s| d.coefficient(s) != 0) else {
            return;
        };
        let k = d.coefficient(slot);
        if k.abs() != 1 {
            return;
        }
        // `k·x + rest op 0`: `x = −rest/k` bounds `x` from the side `op` says.
        let mut rest = d.clone();
        rest.terms.remove(&slot);
        let value = Form::default()
            .plus(&rest, -k)
            .plus(&Form::constant(shift), k);
        let sides: &[bool] = match at_least.map(|at_least| at_least == (k > 0)) {
            Some(true) => &[true],
            Some(false) => &[false],
            None => &[true, false],
        };
        for &low in sides {
            let side = if low { &mut self.low } else { &mut self.high };
            side.entry(slot).or_default().push(value.clone());
        }
    }
}

/// The proof that one expression is at least another, for one element.
struct Proof<'a> {
    bounds: &'a Bounds,
    /// `x_m <= x_n` is what is known, and what is proved.
    pair: (usize, usize),
    params: usize,
}

impl Proof<'_> {
    /// Whether `high >= low` at every option.
    fn at_least(&self, high: &IntExpr, low: &IntExpr) -> bool {
        if high == low {
            return true;
        }
        match (high, low) {
            (_, IntExpr::Max(xs)) => return xs.iter().all(|x| self.at_least(high, x)),
            (IntExpr::Min(ys), _) => return ys.iter().all(|y| self.at_least(y, low)),
            (_, IntExpr::Select(_, a, b)) => {
                return self.at_least(high, a) && self.at_least(high, b);
            }
            (IntExpr::Select(_, a, b), _) => {
                return self.at_least(a, low) && self.at_least(b, low);
            }
            _ => {}
        }
        if let IntExpr::Min(xs) = low
            && xs.iter().any(|x| self.at_least(high, x))
        {
            return true;
        }
        if let IntExpr::Max(ys) = high
            && ys.iter().any(|y| self.at_least(y, low))
        {
            return true;
        }
        let difference = IntExpr::Binary(IntOp::Sub, Box::new(high.clone()), Box::new(low.clone()));
        self.by_cases(&difference, &mut Vec::new())
    }

    /// Whether `d` is at least 0 in every case of the `min`s and `max`s
    /// it reads: each case chooses the part that gives one (every copy
    /// of it alike), which is then at most (or at least) each other part,
    /// and `d`, affine in that case, is at least 0 on its own or once one
    /// or two of those facts are taken from it (`max(x, y, z) − mid >= 0`
    /// where the middle is the sum less both ends).
    fn by_cases(&self, d: &IntExpr, facts: &mut Vec<Form>) -> bool {
        let Some((atom, parts, largest)) = first_extreme(d) else {
            let Some(d) = Form::of(d) else {
                return false;
            };
            let holds = |d: Form| self.not_negative(d, self.bounds.loops.len());
            let singles = facts.iter().map(|f| d.clone().plus(f, -1));
            let pairs = (0..facts.len())
                .flat_map(|i| (i + 1..facts.len()).map(move |j| (i, j)))
                .map(|(i, j)| d.clone().plus(&facts[i], -1).plus(&facts[j], -1));
            return std::iter::once(d.clone())
                .chain(singles)
                .chain(pairs)
                .any(holds);
        };
        let Some(forms) = parts.iter().map(Form::of).collect::<Option<Vec<Form>>>() else {
            return false;
        };
        (0..parts.len()).all(|chosen| {
            let before = facts.len();
            let others = (forms.iter().enumerate()).filter(|&(o, _)| o != chosen);
            for form in others.map(|(_, form)| form) {
                let (big, small) = if largest {
                    (&forms[chosen], form)
                } else {
                    (form, &forms[chosen])
                };
                facts.push(big.clone().plus(small, -1));
            }
            let case = d.rewritten(&|e| (*e == atom).then(|| parts[chosen].clone()));
            let holds = self.by_cases(&case, facts);
            facts.truncate(before);
            holds
        })
    }

    /// Whether `d` is at least 0, its variables of the first `loops` loops
    /// replaced, innermost first, by a bound on the side that makes it
    /// smallest (each bound tried in turn).
    fn not_negative(&self, d: Form, loops: usize) -> bool {
        let Some(inner) = loops.checked_sub(1) else {
            return self.not_negative_in_params(&d);
        };
        let slot = self.bounds.loops[inner];
        let k = d.coefficient(slot);
        if k == 0 {
            return self.not_negative(d, inner);
        }
        let side = if k > 0 {
            &self.bounds.low
        } else {
            &self.bounds.high
        };
        let outer = &self.bounds.loops[..inner];
        let reads_outer_only =
            |bound: &Form| (bound.terms.keys()).all(|s| *s < self.params || outer.contains(s));
        (side.get(&slot).into_iter().flatten())
            .filter(|bound| reads_outer_only(bound))
            .any(|bound| self.not_negative(d.substituted(slot, bound), inner))
    }

    /// Whether `d`, which reads parameters only, is at least 0 wherever
    /// every parameter is at least 0 and `x_m <= x_n`: with `x_n = x_m +
    /// g`, `g >= 0`, each coefficient and the constant are at least 0.
    fn not_negative_in_params(&self, d: &Form) -> bool {
        let (m, n) = self.pair;
        let only_params = d.terms.keys().all(|&s| s < self.params);
        let others = (d.terms.iter()).all(|(&s, &k)| s == m || s == n || k >= 0);
        let (km, kn) = (d.coefficient(m), d.coefficient(n));
        only_params && others && d.constant >= 0 && kn >= 0 && km + kn >= 0
    }
}

/// The first `min` or `max` that `e` reads, its parts, and whether it is
/// a `max`.
fn first_extreme(e: &IntExpr) -> Option<(IntExpr, Vec<IntExpr>, bool)> {
    let found = std::cell::RefCell::new(None);
    e.rewritten(&|part| {
        if found.borrow().is_none()
            && let IntExpr::Min(xs) | IntExpr::Max(xs) = part
        {
            let largest = matches!(part, IntExpr::Max(_));
            *found.borrow_mut() = Some((part.clone(), xs.clone(), largest));
        }
        None
    });
    found.into_inner()
}

#[cfg(test)]
pub(super) mod tests {
    use super::ordered_pairs;
    use crate::engine::kernel::{Clause, Element, IntExpr, IntOp, Iter, OptionValue};

    /// `F(first, second) for k in 1..=high`, `k` in slot 2.
    pub(in crate::ir) fn moves(high: IntExpr, first: IntExpr, second: IntExpr) -> Element {
        Element {
            clauses: vec![Clause::For {
                slot: 2,
                iter: Iter::Range {
                    low: IntExpr::constant(1),
                    high,
                    inclusive: true,
                },
            }],
            value: OptionValue::Terms {
                calls: vec![vec![first, second]],
                nims: vec![],
            },
        }
    }

    fn less(x: &IntExpr, y: &IntExpr) -> IntExpr {
        IntExpr::binary(IntOp::Sub, x.clone(), y.clone())
    }

    #[test]
    fn wythoff_kept_sorted_keeps_its_pair_in_order() {
        let (a, b, k) = (IntExpr::slot(0), IntExpr::slot(1), IntExpr::slot(2));
        let sorted = |x: IntExpr, y: IntExpr| {
            let pair = vec![x, y];
            (IntExpr::Min(pair.clone()), IntExpr::Max(pair))
        };
        let (lo, hi) = sorted(less(&a, &k), b.clone());
        let (lo2, hi2) = sorted(a.clone(), less(&b, &k));
        let elements = [
            moves(a.clone(), lo, hi),
            moves(b.clone(), lo2, hi2),
            moves(a.clone(), less(&a, &k), less(&b, &k)),
        ];
        assert_eq!(ordered_pairs(&elements, &[], 2), [(0, 1)]);
        // Taking from the second heap alone may pass the first, which
        // taking from it keeps at least the second.
        let second = moves(b.clone(), a.clone(), less(&b, &k));
        let diagonal = elements[2].clone();
        assert_eq!(ordered_pairs(&[diagonal, second.clone()], &[], 2), [(1, 0)]);
        let first = moves(a.clone(), less(&a, &k), b.clone());
        assert_eq!(ordered_pairs(&[first, second], &[], 2), []);
    }

    #[test]
    fn a_bound_from_a_filter_or_the_range_proves_the_order() {
        let (a, b, k) = (IntExpr::slot(0), IntExpr::slot(1), IntExpr::slot(2));
        // `F(a + k, b) for k in 1..=b - a`: at most `b`.
        let up_to_b = moves(
            less(&b, &a),
            IntExpr::binary(IntOp::Add, a.clone(), k.clone()),
            b.clone(),
        );
        let pairs = ordered_pairs(&[up_to_b], &[], 2);
        assert!(pairs.contains(&(0, 1)), "{pairs:?}");
        // One step further is not.
        let past_b = moves(
            IntExpr::binary(IntOp::Add, less(&b, &a), IntExpr::constant(1)),
            IntExpr::binary(IntOp::Add, a.clone(), k.clone()),
            b.clone(),
        );
        let pairs = ordered_pairs(std::slice::from_ref(&past_b), &[], 2);
        assert!(!pairs.contains(&(0, 1)), "{pairs:?}");
        // A filter `k <= b - a` bounds it again.
        let mut filtered = past_b;
        let cap = crate::engine::kernel::Cond::Cmp(
            crate::engine::kernel::CmpOp::Le,
            k.clone(),
            less(&b, &a),
        );
        filtered.clauses.push(Clause::If(cap));
        let pairs = ordered_pairs(&[filtered], &[], 2);
        assert!(pairs.contains(&(0, 1)), "{pairs:?}");
    }
}

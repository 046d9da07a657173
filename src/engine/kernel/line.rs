//! An element that is one straight line of options, `F(a - k, b) for k in
//! 1..=min(a, 20)`, in closed form: its bounds, arguments and heaps are
//! linear in the parameters, so a position reads them with a few
//! multiply-adds where the VM would run the element's code. The options
//! are the VM's own: the VM takes the element whenever this form does not
//! apply.

use super::{
    COEFFICIENT_BOUND, CONSTANT_BOUND, Clause, CmpOp, Cond, Element, IntExpr, IntOp, Iter,
    MAX_PARAMS, OptionValue, SLOT_BOUND,
};
use crate::engine::mex::Stamps;
use crate::engine::row_major::RowMajor;

/// `constant + Σ coefficients[i]·params[i]`, an affine expression of the
/// parameters alone. Its coefficients and constant are bounded as an
/// `Affine`'s are, so it cannot overflow for arguments in the slot bound.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Linear {
    constant: i64,
    coefficients: [i64; MAX_PARAMS],
}

impl Linear {
    /// The expression as a linear form, if it is affine in the first
    /// `params` slots (the parameters) and uses no other, save `loop_slot`,
    /// whose coefficient is returned with it.
    fn of(expr: &IntExpr, params: usize, loop_slot: Option<usize>) -> Option<(Linear, i64)> {
        let IntExpr::Affine(affine) = expr else {
            return None;
        };
        let (mut coefficients, mut step) = ([0; MAX_PARAMS], 0);
        for &(slot, k) in &affine.terms {
            match slot {
                _ if Some(slot) == loop_slot => step = k,
                _ if slot < params => coefficients[slot] = k,
                _ => return None,
            }
        }
        let constant = affine.constant;
        Some((
            Linear {
                constant,
                coefficients,
            },
            step,
        ))
    }

    /// The forms of `exprs`, if each is affine in the parameters alone.
    fn each(exprs: &[IntExpr], params: usize) -> Option<Vec<Linear>> {
        let forms = exprs.iter().map(|e| Some(Linear::of(e, params, None)?.0));
        forms.collect()
    }

    /// Appends the forms of `expr` to `forms`, opening nested `min`s (or
    /// `max`s).
    fn collect(
        expr: &IntExpr,
        params: usize,
        largest: bool,
        forms: &mut Vec<Linear>,
    ) -> Option<()> {
        match expr {
            IntExpr::Min(parts) if !largest => parts
                .iter()
                .try_for_each(|part| Linear::collect(part, params, largest, forms)),
            IntExpr::Max(parts) if largest => parts
                .iter()
                .try_for_each(|part| Linear::collect(part, params, largest, forms)),
            single => {
                forms.push(Linear::of(single, params, None)?.0);
                Some(())
            }
        }
    }

    /// The form at `params`, the first `N` parameters: a kernel of at most
    /// `NATIVE_PARAMS` sums only those (summing `MAX_PARAMS` slowed
    /// three-heap nim by 5%).
    #[inline(always)]
    fn at<const N: usize>(&self, params: &[i64; N]) -> i64 {
        let terms = self.coefficients[..N].iter().zip(params);
        terms.fold(self.constant, |sum, (k, x)| sum + k * x)
    }
}

/// The largest (or, for a high bound, the smallest) of a constant and
/// some linear forms: the constant parts of a `max` or `min` are folded
/// into one when the line is made.
#[derive(Clone, Debug, PartialEq)]
struct Bound {
    constant: i64,
    forms: Vec<Linear>,
    largest: bool,
}

impl Bound {
    /// The bound `expr` plus `shift`: one form for an affine bound, one per
    /// part of a `min` (`max`, for `largest`) of affine parts.
    fn of(expr: &IntExpr, params: usize, largest: bool, shift: i64) -> Option<Bound> {
        let mut forms = Vec::new();
        Linear::collect(expr, params, largest, &mut forms)?;
        if forms.is_empty() {
            return None;
        }
        let (constants, mut forms): (Vec<Linear>, Vec<Linear>) = forms
            .into_iter()
            .partition(|form| form.coefficients == [0; MAX_PARAMS]);
        for form in &mut forms {
            form.constant += shift;
        }
        let constants = constants.iter().map(|form| form.constant + shift);
        let constant = match largest {
            true => constants.max().unwrap_or(i64::MIN),
            false => constants.min().unwrap_or(i64::MAX),
        };
        Some(Bound {
            constant,
            forms,
            largest,
        })
    }

    #[inline(always)]
    fn at<const N: usize>(&self, params: &[i64; N]) -> i64 {
        let values = self.forms.iter().map(|form| form.at(params));
        match self.largest {
            true => values.fold(self.constant, i64::max),
            false => values.fold(self.constant, i64::min),
        }
    }
}

/// An element `F(starts + k·steps) (+ heaps) for k in low..high` with the
/// loop its only clause, where `low` is the largest of some linear forms
/// and `high` the smallest of others.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Line {
    low: Bound,
    /// Exclusive: an inclusive range's bounds are one more.
    high: Bound,
    /// The arguments at `k = 0`.
    starts: Vec<Linear>,
    steps: [i64; MAX_PARAMS],
    heaps: Vec<Linear>,
}

impl Line {
    /// The element's lines, for a kernel of `params` integer parameters:
    /// its loop's, or those of its filters (`Line::of_filters`).
    pub(super) fn of(element: &Element, params: usize) -> Option<Vec<Line>> {
        match element.clauses.as_slice() {
            [Clause::For { slot, iter }] => {
                Some(vec![Line::of_loop((*slot, iter), &element.value, params)?])
            }
            [filters @ .., Clause::For { slot, iter }] => {
                let line = Line::of_loop((*slot, iter), &element.value, params)?;
                line.guarded(&filter_cases_of(filters, params)?)
            }
            filters => Line::of_filters(filters, &element.value, params),
        }
    }

    /// The line of an element that is one loop, `for slot in iter`.
    fn of_loop((slot, iter): (usize, &Iter), value: &OptionValue, params: usize) -> Option<Line> {
        let OptionValue::Terms { calls, nims } = value else {
            return None;
        };
        let (
            Iter::Range {
                low,
                high,
                inclusive,
            },
            [call],
        ) = (iter, calls.as_slice())
        else {
            return None;
        };
        let mut steps = [0; MAX_PARAMS];
        let mut starts = Vec::with_capacity(call.len());
        for (arg, step) in call.iter().zip(&mut steps) {
            let (start, k) = Linear::of(arg, params, Some(slot))?;
            starts.push(start);
            *step = k;
        }
        Some(Line {
            low: Bound::of(low, params, true, 0)?,
            high: Bound::of(high, params, false, *inclusive as i64)?,
            starts,
            steps,
            heaps: Linear::each(nims, params)?,
        })
    }

    /// The line behind filters made before its loop (`G(n - k, 1) if t
    /// == 0 for k in 1..min(4, n + 1)`, a branch on a turn or phase), a
    /// line for each of the filters' cases (`cases`, each the parts `f`
    /// that are all `>= 0` where it holds). Where the loop starts at a
    /// constant `L` and its end is at most a constant `H`, each part is one
    /// more part `H + (H − L)·f` of the end: at least `H` where `f >= 0`,
    /// at most `L` (no options) where `f <= −1`. `None` for one parameter
    /// (whose codes decide filters on the heap), for more than
    /// `MOST_CASES` cases, or where a part's coefficients would pass an
    /// affine expression's bounds.
    fn guarded(self, cases: &[Vec<Linear>]) -> Option<Vec<Line>> {
        let (low, high) = (&self.low, self.high.constant);
        if !low.forms.is_empty() || high == i64::MAX || high - low.constant > COEFFICIENT_BOUND {
            return None;
        }
        let width = (high - low.constant).max(0);
        let guard = |f: &Linear| {
            let coefficients = f.coefficients.map(|k| k * width);
            let constant = f.constant.checked_mul(width)?.checked_add(high)?;
            let bounded = coefficients.iter().all(|k| k.abs() <= COEFFICIENT_BOUND)
                && constant.abs() <= CONSTANT_BOUND;
            bounded.then_some(Linear {
                constant,
                coefficients,
            })
        };
        let line = |parts: &Vec<Linear>| {
            let mut line = self.clone();
            let guards = parts.iter().map(guard).collect::<Option<Vec<_>>>()?;
            line.high.forms.extend(guards);
            Some(line)
        };
        cases.iter().map(line).collect()
    }

    /// An element of one option behind filters that compare affine
    /// expressions of the parameters (`F(n - 3, 1) if 3 <= n if p != 1`,
    /// a move unrolled in a family of two or more): a loop of one value,
    /// `0..1`, each filter `f >= 0` one more part `f + 1` of its high
    /// bound, so that the line is empty where a filter fails. A filter
    /// `f != 0` is two lines, `f > 0` and `f < 0`. A box then marks the
    /// element as it marks a line (a thin box's column, planned, marks
    /// the filters that hold in it and skips the others), where the VM
    /// would test each filter at each position. At most `MOST_CASES`
    /// lines; none for one parameter, whose codes decide filters on the
    /// heap where they settle.
    fn of_filters(filters: &[Clause], value: &OptionValue, params: usize) -> Option<Vec<Line>> {
        let OptionValue::Terms { calls, nims } = value else {
            return None;
        };
        let [call] = calls.as_slice() else {
            return None;
        };
        let cases = filter_cases_of(filters, params)?;
        let (starts, heaps) = (Linear::each(call, params)?, Linear::each(nims, params)?);
        let line = |parts: Vec<Linear>| Line {
            low: Bound {
                constant: 0,
                forms: Vec::new(),
                largest: true,
            },
            // `f >= 0` exactly where `min(1, f + 1) > 0`.
            high: Bound {
                constant: 1,
                forms: (parts.into_iter())
                    .map(|f| Linear {
                        constant: f.constant + 1,
                        ..f
                    })
                    .collect(),
                largest: false,
            },
            starts: starts.clone(),
            steps: [0; MAX_PARAMS],
            heaps: heaps.clone(),
        };
        Some(cases.into_iter().map(line).collect())
    }

    /// The loop's bounds `low..high` at the position `params`.
    #[inline(always)]
    pub(super) fn range<const N: usize>(&self, params: &[i64; N]) -> (i64, i64) {
        (self.low.at(params), self.high.at(params))
    }

    /// The xor of the heaps at `params`, `None` when one is negative (an
    /// error the generic search reports).
    #[inline(always)]
    pub(super) fn nim<const N: usize>(&self, params: &[i64; N]) -> Option<u64> {
        let mut heaps = self
            .heaps
            .iter()
            .map(|heap| u64::try_from(heap.at(params)).ok());
        heaps.try_fold(0, |nim, heap| Some(nim ^ heap?))
    }

    /// The arguments of the first option, the loop variable being `low`
    /// (within the slot bound).
    #[inline(always)]
    pub(super) fn first<const N: usize>(&self, params: &[i64; N], low: i64) -> [i64; N] {
        let mut args = [0; N];
        for ((arg, start), step) in args.iter_mut().zip(&self.starts).zip(&self.steps) {
            *arg = start.at(params) + step * low;
        }
        args
    }

    /// How many arguments each option has.
    pub(super) fn arity(&self) -> usize {
        self.starts.len()
    }

    /// How much each argument moves from one option to the next.
    pub(super) fn steps(&self) -> &[i64] {
        &self.steps[..self.starts.len()]
    }
}

/// The cases of `filters`, each comparing affine expressions of the first
/// `params` slots: each case the parts `f` that are all `>= 0` where it
/// holds, one case for each way the filters may all hold. `None` for one
/// parameter (whose codes decide filters on the heap where they settle),
/// or past `MOST_CASES` cases.
fn filter_cases_of(filters: &[Clause], params: usize) -> Option<Vec<Vec<Linear>>> {
    const MOST_CASES: usize = 4;
    if params < 2 {
        return None;
    }
    let mut cases: Vec<Vec<Linear>> = vec![Vec::new()];
    for filter in filters {
        let Clause::If(Cond::Cmp(op, a, b)) = filter else {
            return None;
        };
        let alternatives = filter_cases(*op, a, b, params)?;
        cases = (cases.iter())
            .flat_map(|case| {
                (alternatives.iter()).map(move |parts| [case.clone(), parts.clone()].concat())
            })
            .collect();
        if cases.len() > MOST_CASES {
            return None;
        }
    }
    Some(cases)
}

/// The cases of the filter `a op b`, comparing affine expressions of the
/// first `params` slots: each the parts `f` that are all `>= 0` where it
/// holds (`f != 0` two cases, `f < 0` and `f > 0`). A side that is a `min`
/// less or a `max` more than the other holds where each of its parts does
/// (`5 < min(6, n + 1)`).
fn filter_cases(op: CmpOp, a: &IntExpr, b: &IntExpr, params: usize) -> Option<Vec<Vec<Linear>>> {
    let (op, a, b) = match op {
        CmpOp::Gt => (CmpOp::Lt, b, a),
        CmpOp::Ge => (CmpOp::Le, b, a),
        _ => (op, a, b),
    };
    let pairs: Option<Vec<(&IntExpr, &IntExpr)>> = match (op, a, b) {
        (CmpOp::Lt | CmpOp::Le, _, IntExpr::Min(parts)) => {
            Some(parts.iter().map(|p| (a, p)).collect())
        }
        (CmpOp::Lt | CmpOp::Le, IntExpr::Max(parts), _) => {
            Some(parts.iter().map(|p| (p, b)).collect())
        }
        _ => None,
    };
    if let Some(pairs) = pairs {
        let mut all = Vec::new();
        for (a, b) in pairs {
            let [parts]: [Vec<Linear>; 1] = filter_cases(op, a, b, params)?.try_into().ok()?;
            all.extend(parts);
        }
        return Some(vec![all]);
    }
    let difference = IntExpr::binary(IntOp::Sub, a.clone(), b.clone());
    let (f, _) = Linear::of(&difference, params, None)?;
    let shifted = |k: i64, shift: i64| Linear {
        constant: k * f.constant + shift,
        coefficients: f.coefficients.map(|c| k * c),
    };
    Some(match op {
        CmpOp::Le => vec![vec![shifted(-1, 0)]],
        CmpOp::Lt => vec![vec![shifted(-1, -1)]],
        CmpOp::Eq => vec![vec![f, shifted(-1, 0)]],
        _ => vec![vec![shifted(1, -1)], vec![shifted(-1, -1)]],
    })
}

/// A kernel's lines over a row-major box of its values (the dense fills'
/// box, `D` parameters), made once per fill. A line whose two ends lie in
/// the box is a strided run of the box's values (`RowMajor::line`), its
/// first point linear in the position, so a position marks its options
/// straight from the box with a few multiply-adds a line: no walk, no slots, no lookup
/// through the table. Where that does not hold, the walk takes the
/// position.
pub struct BoxLines<const D: usize> {
    pub(super) lines: Vec<BoxLine<D>>,
    /// Most options a position may have (the walk's limit).
    pub(super) limit: u64,
}

/// `constant + Σ coefficients[i]·x[i]` over the `D` parameters.
#[derive(Clone, Copy, Debug)]
pub(super) struct Form<const D: usize> {
    pub(super) constant: i64,
    pub(super) coefficients: [i64; D],
}

impl<const D: usize> Form<D> {
    /// `linear` over the first `D` parameters, if it reads no other.
    fn of(linear: &Linear) -> Option<Form<D>> {
        let (own, rest) = linear.coefficients.split_at_checked(D)?;
        if rest.iter().any(|&k| k != 0) {
            return None;
        }
        Some(Form {
            constant: linear.constant,
            coefficients: own.try_into().ok()?,
        })
    }

    #[inline(always)]
    pub(super) fn at(&self, x: &[i64; D]) -> i64 {
        let terms = self.coefficients.iter().zip(x);
        terms.fold(self.constant, |sum, (k, x)| sum + k * x)
    }

    /// `at`, modulo 2^64: exact where the value is known to fit.
    #[inline(always)]
    pub(super) fn at_wrapping(&self, x: &[i64; D]) -> i64 {
        let terms = self.coefficients.iter().zip(x);
        terms.fold(self.constant, |sum, (k, x)| {
            sum.wrapping_add(k.wrapping_mul(*x))
        })
    }
}

/// One `Line` in the box's terms.
#[derive(Clone, Debug)]
pub(super) struct BoxLine<const D: usize> {
    /// The loop's bounds: the largest of `low.0` and `low.1`'s forms, the
    /// smallest of `high.0` and `high.1`'s (exclusive).
    pub(super) low: (i64, Vec<Form<D>>),
    pub(super) high: (i64, Vec<Form<D>>),
    pub(super) starts: [Form<D>; D],
    pub(super) steps: [i64; D],
    pub(super) heaps: Vec<Form<D>>,
}

impl<const D: usize> BoxLine<D> {
    /// The loop's first value and its end (exclusive) at the position
    /// `x`, the end at most the first where it has none; `None` past the
    /// slot bound, where the products of the steps by them could
    /// overflow.
    #[inline(always)]
    pub(super) fn range(&self, x: &[i64; D]) -> Option<(i64, i64)> {
        let low = (self.low.1.iter()).fold(self.low.0, |low, form| low.max(form.at(x)));
        let high = (self.high.1.iter()).fold(self.high.0, |high, form| high.min(form.at(x)));
        let walkable = low >= high || (low > -SLOT_BOUND && high < SLOT_BOUND);
        walkable.then_some((low, high))
    }

    /// The xor of the line's heaps at the position `x`; `None` where one
    /// is negative.
    #[inline(always)]
    pub(super) fn nim(&self, x: &[i64; D]) -> Option<u64> {
        let mut nim = 0;
        for heap in &self.heaps {
            nim ^= u64::try_from(heap.at(x)).ok()?;
        }
        Some(nim)
    }
}

impl<const D: usize> BoxLines<D> {
    /// The box lines of `lines`, the lines of a kernel of `D` parameters;
    /// `None` when a line names positions of another arity.
    pub(super) fn new(lines: &[Line], limit: u64) -> Option<Self> {
        let forms = |forms: &[Linear]| forms.iter().map(Form::of).collect::<Option<Vec<_>>>();
        let lines = lines.iter().map(|line| {
            let starts: Vec<Form<D>> = forms(&line.starts)?;
            Some(BoxLine {
                low: (line.low.constant, forms(&line.low.forms)?),
                high: (line.high.constant, forms(&line.high.forms)?),
                starts: starts.try_into().ok()?,
                steps: line.steps.get(..D)?.try_into().ok()?,
                heaps: forms(&line.heaps)?,
            })
        });
        Some(BoxLines {
            lines: lines.collect::<Option<_>>()?,
            limit,
        })
    }

    /// Marks the options of the position `x`, in the box `values`, in
    /// `stamps`, reading their values from the box: how many options
    /// there are, or `None` where the walk must take the
    /// position (a line leaving the box, a negative heap, a value not
    /// known or too large for the marks, more options than the limit).
    #[inline(always)]
    pub(in crate::engine) fn mark(
        &self,
        x: &[i64; D],
        values: &RowMajor,
        stamps: &mut Stamps,
    ) -> Option<u64> {
        let mut count = 0;
        for line in &self.lines {
            let (low, high) = line.range(x)?;
            if low >= high {
                continue;
            }
            let mut first = [0; D];
            for ((arg, start), &step) in first.iter_mut().zip(&line.starts).zip(&line.steps) {
                *arg = start.at(x) + step * low;
            }
            count += (high - low) as u64;
            let nim = line.nim(x)?;
            if count > self.limit || nim >= stamps.len() {
                return None;
            }
            let (run, stride) = values.line(&first, &line.steps, (high - low) as usize)?;
            if !stamps.mark_line(run, stride, nim) {
                return None;
            }
        }
        Some(count)
    }
}

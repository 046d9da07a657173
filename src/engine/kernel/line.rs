//! An element that is one straight line of options, `F(a - k, b) for k in
//! 1..=min(a, 20)`, in closed form: its bounds, arguments and heaps are
//! linear in the parameters, so a position reads them with a few
//! multiply-adds where the walk would evaluate each expression tree. The
//! options are the walk's own: the walk takes the element whenever this
//! form does not apply.

use super::{Clause, Element, IntExpr, Iter, MAX_PARAMS, OptionValue};

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

    /// The forms of a bound: one for an affine bound, one per part of a
    /// `min` (`max`, for `largest`) of affine parts.
    fn bounds(expr: &IntExpr, params: usize, largest: bool) -> Option<Vec<Linear>> {
        let mut forms = Vec::new();
        Linear::collect(expr, params, largest, &mut forms)?;
        (!forms.is_empty()).then_some(forms)
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

    #[inline(always)]
    fn at(&self, params: &[i64; MAX_PARAMS]) -> i64 {
        let terms = self.coefficients.iter().zip(params);
        terms.fold(self.constant, |sum, (k, x)| sum + k * x)
    }
}

/// An element `F(starts + k·steps) (+ heaps) for k in low..high` with the
/// loop its only clause, where `low` is the largest of some linear forms
/// and `high` the smallest of others.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Line {
    lows: Vec<Linear>,
    /// Exclusive: an inclusive range's bounds are one more.
    highs: Vec<Linear>,
    /// The arguments at `k = 0`.
    starts: Vec<Linear>,
    steps: [i64; MAX_PARAMS],
    heaps: Vec<Linear>,
}

impl Line {
    /// The element's line, for a kernel of `params` integer parameters.
    pub(super) fn of(element: &Element, params: usize) -> Option<Line> {
        let ([Clause::For { slot, iter }], OptionValue::Terms { calls, nims }) =
            (element.clauses.as_slice(), &element.value)
        else {
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
        let mut highs = Linear::bounds(high, params, false)?;
        for high in &mut highs {
            high.constant += *inclusive as i64;
        }
        let mut steps = [0; MAX_PARAMS];
        let mut starts = Vec::with_capacity(call.len());
        for (arg, step) in call.iter().zip(&mut steps) {
            let (start, k) = Linear::of(arg, params, Some(*slot))?;
            starts.push(start);
            *step = k;
        }
        let heaps = nims
            .iter()
            .map(|nim| Linear::of(nim, params, None).map(|(form, _)| form));
        Some(Line {
            lows: Linear::bounds(low, params, true)?,
            highs,
            starts,
            steps,
            heaps: heaps.collect::<Option<_>>()?,
        })
    }

    /// The loop's bounds `low..high` at the position `params`.
    #[inline(always)]
    pub(super) fn range(&self, params: &[i64; MAX_PARAMS]) -> (i64, i64) {
        let low = self.lows.iter().map(|form| form.at(params)).max();
        let high = self.highs.iter().map(|form| form.at(params)).min();
        (low.unwrap_or(0), high.unwrap_or(0))
    }

    /// The xor of the heaps at `params`, `None` when one is negative (an
    /// error the generic search reports).
    #[inline(always)]
    pub(super) fn nim(&self, params: &[i64; MAX_PARAMS]) -> Option<u64> {
        let mut heaps = self
            .heaps
            .iter()
            .map(|heap| u64::try_from(heap.at(params)).ok());
        heaps.try_fold(0, |nim, heap| Some(nim ^ heap?))
    }

    /// The arguments of the first option, the loop variable being `low`
    /// (within the slot bound).
    #[inline(always)]
    pub(super) fn first(&self, params: &[i64; MAX_PARAMS], low: i64) -> [i64; MAX_PARAMS] {
        let mut args = [0; MAX_PARAMS];
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

//! Evaluating a kernel: the options of one position, as values, split
//! ranges and counts, without building a game. The elements' code runs in
//! the VM (`super::vm`); here are the position's set-up, the lines in
//! closed form, and the native loops the VM calls.

use super::curve::Curves;
use super::heaps::{HeapRun, HeapSource, HeapStep, TabledHeap, heaps, native_heap};
use super::line::Line;
use super::summed::Summed;
use super::{
    Calls, Clause, CmpOp, Cond, DirectSplit, Element, IntExpr, Kernel, Known, MAX_PARAMS,
    NATIVE_PARAMS, OptionSet, OptionValue, PairRange, SLOT_BOUND, Split,
};

impl Kernel {
    /// Writes the options of `F(args)` into `out`, the values of the
    /// positions they name coming from `known`. `None` when the kernel
    /// cannot vouch for this position: the generic path must take it. For
    /// a family of lists, `args` is the position's list.
    #[inline]
    pub fn options<K: Known + ?Sized>(
        &self,
        args: &[i64],
        known: &K,
        limit: u64,
        out: &mut OptionSet,
    ) -> Option<()> {
        // Every slot stays within the slot bound, or affine arithmetic
        // could overflow: a position with a larger argument is the generic
        // search's, which checks every operation.
        if args
            .iter()
            .any(|arg| arg.unsigned_abs() >= SLOT_BOUND as u64)
        {
            return None;
        }
        out.alias = false;
        if let Some(alias) = &self.alias {
            alias.options(args, known, limit, out)?;
            if !out.points.is_empty() {
                out.alias = true;
                return Some(());
            }
        }
        out.empty();
        let deepest = std::cell::Cell::new(0);
        let foreign = |index, args: &[i64]| known.foreign(index, args);
        let calls =
            Calls::new(&self.int_functions, &deepest, &foreign).with_lists(&self.list_functions);
        let mut walk = Walk::new(known, limit, out, calls);
        if known.gathers() && self.params == 1 && !self.list {
            // A split in closed form reads the heap as the position's.
            walk.n = args[0];
        }
        if let Some(lines) = self.lines.as_ref().filter(|_| !known.gathers()) {
            // No element needs a slot; the arrays are as wide as the
            // kernel's parameters.
            return match args.len() {
                0..=NATIVE_PARAMS => walk.lines::<NATIVE_PARAMS>(lines, args),
                5 => walk.lines::<5>(lines, args),
                6 => walk.lines::<6>(lines, args),
                _ => walk.lines::<MAX_PARAMS>(lines, args),
            };
        }
        let mut slots = std::mem::take(&mut walk.out.slots);
        slots.clear();
        slots.resize(self.frame().max(args.len()), 0);
        let board = match self.list {
            // The header: the list is the item stack's first items.
            true => {
                slots[1] = args.len() as i64;
                args
            }
            false => {
                slots[..args.len()].copy_from_slice(args);
                &[]
            }
        };
        let result = walk.run(self, &mut slots, board);
        walk.out.slots = slots;
        result
    }
}

/// What the walk knows of an element's innermost loop: how its options'
/// arguments move with its variable.
#[derive(Clone, Copy)]
pub(super) struct Innermost<'a> {
    /// By fixed steps (`Steps`).
    pub steps: Option<&'a Steps>,
    /// As polynomials of this degree, at most 2 (`curve::degree_of`):
    /// lines up to 1, curves at 2.
    pub curve: Option<u32>,
}

/// A position being walked: where its options' values come from and where
/// they go.
pub(super) struct Walk<'a, K: ?Sized> {
    /// The split ranges' positions are `0..n`.
    n: i64,
    pub known: &'a K,
    limit: u64,
    /// Most options: the limit, or 1 for an option set that asks for the
    /// first only (`OptionSet::first_only`).
    most: u64,
    pub out: &'a mut OptionSet,
    pub calls: Calls<'a>,
}

impl<'a, K: Known + ?Sized> Walk<'a, K> {
    /// A walk of one position whose options' values come from `known`,
    /// at most `limit` of them, into `out` (cleared by the caller).
    pub(super) fn new(
        known: &'a K,
        limit: u64,
        out: &'a mut OptionSet,
        calls: Calls<'a>,
    ) -> Walk<'a, K> {
        Walk {
            n: known.line().len() as i64,
            known,
            limit,
            most: if out.first_only { 1 } else { limit },
            out,
            calls,
        }
    }
}

impl<'a, K: Known + ?Sized> Walk<'a, K> {
    /// Readies the walk for the next position of a dense run, `known`
    /// having moved on to it: the option set emptied.
    pub(super) fn restart(&mut self) {
        self.n = self.known.line().len() as i64;
        self.out.empty();
    }

    /// The options of a kernel whose elements are all lines, at the
    /// position `args`, read as an array of `N` parameters.
    #[inline(always)]
    fn lines<const N: usize>(&mut self, lines: &[Line], args: &[i64]) -> Option<()> {
        let mut params = [0; N];
        params.get_mut(..args.len())?.copy_from_slice(args);
        lines.iter().try_for_each(|line| self.line(line, &params))
    }

    /// The options of an element that is a line in closed form, at the
    /// position `params`: what the VM and `walk_terms` find for it,
    /// without running any code.
    #[inline(always)]
    fn line<const N: usize>(&mut self, line: &Line, params: &[i64; N]) -> Option<()> {
        let (low, high) = line.range(params);
        let (a, b) = self.bounds(low, high)?;
        if a >= b {
            return Some(());
        }
        let nim = line.nim(params)?;
        self.count((b - a) as u64)?;
        let args = line.first(params, a);
        let points = &mut self.out.points;
        let (args, steps) = (&args[..line.arity()], line.steps());
        self.known.along(args, steps, (b - a) as usize, nim, points)
    }

    /// The range `a..b`, if it may be walked: not longer than the list
    /// limit, and within the slot bound.
    pub(super) fn bounds(&self, a: i64, b: i64) -> Option<(i64, i64)> {
        if b <= a {
            return Some((a, a));
        }
        let fits =
            (b as i128 - a as i128) as u64 <= self.limit && a > -SLOT_BOUND && b < SLOT_BOUND;
        fits.then_some((a, b))
    }

    /// The options of a `for` over a range that yields terms directly,
    /// `count` of them from the loop's first value on, on `values`: each
    /// call's arguments at that value, then the heaps. Each argument moves
    /// by a fixed step, so nothing is evaluated per option.
    pub(super) fn walk_terms(
        &mut self,
        calls: &[Vec<IntExpr>],
        steps: &Steps,
        count: i64,
        values: &[i64],
    ) -> Option<()> {
        let (args, rest) = arguments(calls, values);
        let (nim, moving) = heaps(rest, &steps.heaps)?;
        self.count(count as u64)?;
        if let ([call], []) = (calls, &moving[..]) {
            // One position per option: its values along the line at once.
            let (args, steps) = (&args[0][..call.len()], &steps.calls[0][..call.len()]);
            let points = &mut self.out.points;
            return self.known.along(args, steps, count as usize, nim, points);
        }
        self.walk_sums(calls, (&args, steps), (nim, &moving), count)
    }

    /// The options of a range loop that are sums, of several positions or
    /// of heaps moving with its variable (`T(a) + T(b) + T(n - a - b)`,
    /// `G(n - 1) + K(a) for a in 0..n`, `F(n - k) + *(k / 2)`): each
    /// part's values xored into the options in a pass of its own, read
    /// straight from its table where there is one.
    fn walk_sums(
        &mut self,
        calls: &[Vec<IntExpr>],
        (args, steps): (&[[i64; NATIVE_PARAMS]; MAX_CALLS], &Steps),
        (nim, moving): (u64, &[HeapRun]),
        count: i64,
    ) -> Option<()> {
        let mut nim = nim;
        let parts = || {
            let parts = calls.iter().map(Vec::len).zip(args).zip(&steps.calls);
            parts.map(|((arity, args), steps)| (&args[..arity], &steps[..arity]))
        };
        let still = |(_, steps): &(&[i64], &[i64])| steps.iter().all(|&step| step == 0);
        // A position standing still (`G(n - 1)`) is one value, xored into
        // the heaps' where it would be a pass over the options.
        for (args, _) in parts().filter(still) {
            nim ^= self.known.value(args)?;
        }
        let mut sums = Summed::new(&mut self.out.points, count as usize, nim);
        // A strided run (a column of a box), waiting to be read with the
        // next part's.
        let mut column = None;
        for (args, steps) in parts().filter(|part| !still(part)) {
            let run = (self.known.run(args, steps, count as usize)).filter(|&run| sums.holds(run));
            let known = match (run, column.take()) {
                (Some(run), None) if run.2.unsigned_abs() > 1 => {
                    column = Some(run);
                    continue;
                }
                (Some(run), Some(other)) => sums.xor_pair(other, run),
                (Some(run), None) => sums.xor_run(run),
                (None, other) => {
                    column = other;
                    true
                }
            };
            known.then_some(())?;
            if run.is_some() {
                continue;
            }
            let mut args: [i64; NATIVE_PARAMS] =
                std::array::from_fn(|i| args.get(i).map_or(0, |a| *a));
            for point in sums.points() {
                *point ^= self.known.value(&args[..steps.len()])?;
                args.iter_mut()
                    .zip(steps)
                    .for_each(|(arg, step)| *arg += step);
            }
        }
        if let Some(run) = column {
            sums.xor_run(run).then_some(())?;
        }
        for run in moving {
            let tabled;
            let table = match run.source {
                HeapSource::Foreign(family) => self.known.foreign_line(family),
                HeapSource::Tabled(heap) => {
                    let last = run.first + run.step * (count - 1);
                    let (low, high) = (run.first.min(last), run.first.max(last));
                    tabled = heap.run(low, high, &self.calls);
                    tabled.as_deref().map(Vec::as_slice)
                }
            };
            let run_in = |table| (table, run.first, run.step);
            if let Some(known) = table
                .map(run_in)
                .filter(|&run| sums.holds(run))
                .map(|run| sums.xor_run(run))
            {
                // Not known: positions not known yet, heaps a table
                // cannot hold.
                known.then_some(())?;
                continue;
            }
            for (i, point) in (0..).zip(sums.points()) {
                *point ^= run.at(i, self.known, &self.calls)?;
            }
        }
        // Laid even where no part was read.
        sums.points();
        Some(())
    }

    /// The options of a `for` over a range whose one position's arguments
    /// are `curves`, `count` of them from the loop's first value on, with
    /// the heaps `nims`: stepped, nothing evaluated per option.
    pub(super) fn walk_curves(
        &mut self,
        mut curves: Curves,
        nims: &[i64],
        count: i64,
    ) -> Option<()> {
        let nim = nim_sum(nims)?;
        self.count(count as u64)?;
        let arity = curves.arity();
        let line = self.known.line();
        if arity == 1 && curves.within(line.len()) {
            // Positions of a one-parameter family, all below this one:
            // their values straight from the line.
            let (mut at, mut first, second) = curves.scalar();
            let value = |_| {
                let value = line[at as usize] as u64 ^ nim;
                // Wrapping, as `Curves::next`: past the last option the
                // curve may leave the line, never read.
                at = at.wrapping_add(first);
                first = first.wrapping_add(second);
                value
            };
            self.out.points.extend((0..count).map(value));
            return Some(());
        }
        for _ in 0..count {
            let args = curves.next();
            let value = self.known.value(&args[..arity])?;
            self.out.points.push(value ^ nim);
        }
        Some(())
    }

    /// The options of a `for` over a range whose one position's arguments
    /// move along a line (`vm::Native::Line`), `count` of them (at least
    /// one), at `first` for the range's first value and `last` for its
    /// last, with the heaps `nims`.
    pub(super) fn walk_line(
        &mut self,
        (first, last): (&[i64], &[i64]),
        nims: &[i64],
        count: i64,
    ) -> Option<()> {
        let nim = nim_sum(nims)?;
        self.count(count as u64)?;
        let mut steps = [0; NATIVE_PARAMS];
        if count > 1 {
            for ((step, &a), &b) in steps.iter_mut().zip(first).zip(last) {
                let span = b.checked_sub(a)?;
                debug_assert_eq!(span % (count - 1), 0, "an argument affine in the variable");
                *step = span / (count - 1);
            }
        }
        let points = &mut self.out.points;
        self.known
            .along(first, &steps[..first.len()], count as usize, nim, points)
    }

    /// The options of a `for` over `constants` (not empty) that yields
    /// terms directly, on `values`: each call's arguments at the first
    /// constant, then the heaps. Each argument is its value there plus its
    /// step times how far the constant is from the first. With `word`,
    /// options below 64 read from the line are marked in it, not listed.
    pub(super) fn walk_constants(
        &mut self,
        calls: &[Vec<IntExpr>],
        steps: &Steps,
        constants: &[i64],
        values: &[i64],
        word: Option<&mut u64>,
    ) -> Option<()> {
        self.count(constants.len() as u64)?;
        if let Some(run) = self.constants_run(calls, steps, constants, values) {
            let (line, nim) = run?;
            let mut values = line.map(|v| v as u64 ^ nim);
            match word {
                // Marked as read, the word in a register (take a power of 2
                // in a dense fill: 935 → 794 M instructions at 10^6). From
                // the first value past the word on, the rest are listed:
                // where such values are common, a branch on each is often
                // mispredicted (subtract a square by a `let` list of the
                // squares, at 10^6: 3.77 s marking each, 0.78 s so).
                Some(word) => {
                    let mut marked = *word;
                    while let Some(v) = values.next() {
                        if v >= 64 {
                            self.out.points.push(v);
                            self.out.points.extend(values);
                            break;
                        }
                        marked |= 1 << v;
                    }
                    *word = marked;
                }
                None => self.out.points.extend(values),
            }
            return Some(());
        }
        let (mut base, rest) = arguments(calls, values);
        let (nim, mut moving) = heaps(rest, &steps.heaps)?;
        // Each argument as its value at 0 plus its step times the constant.
        let first = constants[0];
        for ((base, steps), call) in base.iter_mut().zip(&steps.calls).zip(calls) {
            for (arg, step) in base.iter_mut().zip(steps).take(call.len()) {
                *arg -= step * first;
            }
        }
        for run in &mut moving {
            run.first -= run.step * first;
        }
        let values = constants;
        let mut args = [0; NATIVE_PARAMS];
        for &x in values {
            let mut v = nim;
            for ((call, base), steps) in calls.iter().zip(&base).zip(&steps.calls) {
                for ((arg, base), step) in args.iter_mut().zip(base).zip(steps).take(call.len()) {
                    *arg = base + step * x;
                }
                v ^= self.known.value(&args[..call.len()])?;
            }
            for run in &moving {
                v ^= run.at(x, self.known, &self.calls)?;
            }
            self.out.points.push(v);
        }
        Some(())
    }

    /// The values of the options of a `for` over `constants` (not empty)
    /// that yields one position of a one-parameter family, read from the
    /// line of known values, and the heaps' xor: the argument is `values[0]`
    /// at the first constant and steps by `steps` (see `walk_constants`).
    /// `None` for another shape; `Some(None)` where an argument leaves the
    /// line or a heap is negative.
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn constants_run<'c>(
        &self,
        calls: &[Vec<IntExpr>],
        steps: &Steps,
        constants: &'c [i64],
        values: &[i64],
    ) -> Option<Option<(impl Iterator<Item = u32> + use<'a, 'c, K>, u64)>> {
        let line: &'a [u32] = self.known.line();
        let ([call], [first, ..], false) = (calls, constants, line.is_empty()) else {
            return None;
        };
        if call.len() != 1 || steps.heaps.iter().any(|h| *h != HeapStep::Fixed) {
            return None;
        }
        // The argument at `x` is `origin + step·x`; the constants ascend,
        // so the two ends bound every index.
        let step = steps.calls[0][0];
        let origin = values[0] - step * first;
        let last = constants[constants.len() - 1];
        let (a, b) = (values[0], origin + step * last);
        if a.min(b) < 0 || a.max(b) >= line.len() as i64 {
            return Some(None);
        }
        let Some(nim) = nim_sum(&values[1..]) else {
            return Some(None);
        };
        // SAFETY: `origin + step·x` lies between the two ends checked above.
        let value = move |&x: &i64| unsafe { *line.get_unchecked((origin + step * x) as usize) };
        Some(Some((constants.iter().map(value), nim)))
    }

    /// Counts `more` options; `None` past the list limit, which the generic
    /// path then reports (and before the options pile up in memory).
    pub(super) fn count(&mut self, more: u64) -> Option<()> {
        self.out.count += more;
        (self.out.count <= self.most).then_some(())
    }

    /// Gathers the position `args` names into the option being made.
    pub(super) fn gather(&mut self, args: &[i64]) {
        let out = &mut *self.out;
        out.boards.extend_from_slice(args);
        out.board_ends.push((out.boards.len(), out.points.len()));
    }

    /// The options of an element that is a split, on its `values`: its
    /// range's bounds, its parts, the rests of its conditions and its
    /// heaps, in that order.
    pub(super) fn split(&mut self, split: &Split, values: &[i64]) -> Option<()> {
        let [low, high, first, second, ref rest @ ..] = *values else {
            unreachable!("a split's values begin with its bounds and parts")
        };
        let (rests, nims) = rest.split_at(split.conds.len());
        let (a, b) = self.bounds(low, high.checked_add(split.inclusive as i64)?)?;
        if a >= b {
            return Some(());
        }
        let mut nim = 0;
        for &heap in nims {
            nim ^= u64::try_from(heap).ok()?;
        }
        let total = first.checked_add(second)?;
        if split.conds.is_empty() {
            return self.pairs(split.sign, (first, total, nim), &[(a, b - 1)]);
        }
        let mut intervals = std::mem::take(&mut self.out.intervals);
        intervals.clear();
        intervals.push((a, b - 1));
        for (cond, &rest) in split.conds.iter().zip(rests) {
            restrict(&mut intervals, cond.op, cond.coefficient, rest);
        }
        let result = self.pairs(split.sign, (first, total, nim), &intervals);
        self.out.intervals = intervals;
        result
    }

    /// A split in closed form: the same as `split` computes, with every
    /// expression `k·n + c`.
    pub(super) fn direct(&mut self, split: &DirectSplit) -> Option<()> {
        let n = self.n;
        let at = |(k, c): (i64, i64)| k * n + c;
        let high = at(split.high) + split.inclusive as i64;
        let (a, b) = self.bounds(at(split.low), high)?;
        if a >= b {
            return Some(());
        }
        let first = at(split.first);
        let total = first.checked_add(at(split.second))?;
        self.pair_range(split.sign, first, total, split.nim, (a, b - 1))
    }

    fn pairs(
        &mut self,
        sign: i64,
        (first, total, nim): (i64, i64, u64),
        intervals: &[(i64, i64)],
    ) -> Option<()> {
        for &interval in intervals {
            self.pair_range(sign, first, total, nim, interval)?;
        }
        Some(())
    }

    /// The pairs `(sign·x + first, total − sign·x − first)` for `x` in
    /// `lo..=hi`, if every part is a position below `n`.
    fn pair_range(
        &mut self,
        sign: i64,
        first: i64,
        total: i64,
        nim: u64,
        (lo, hi): (i64, i64),
    ) -> Option<()> {
        if self.known.gathers() && !self.known.gathers_pairs_as_ranges() {
            // Each pair, in the loop's order, its parts as written, counted
            // as it is made (a walk stopped at its limit keeps the pairs
            // before it).
            for x in lo..=hi {
                let y = sign.checked_mul(x)?.checked_add(first)?;
                self.gather(&[y]);
                self.gather(&[total.checked_sub(y)?]);
                self.out.points.push(nim);
                self.count(1)?;
            }
            return Some(());
        }
        self.count((hi - lo + 1) as u64)?;
        let (y_low, y_high) = if sign > 0 {
            (lo.checked_add(first)?, hi.checked_add(first)?)
        } else {
            (first.checked_sub(hi)?, first.checked_sub(lo)?)
        };
        let inside = |y: i64| (0..self.n).contains(&y);
        if !(inside(y_low) && inside(y_high)) {
            return None;
        }
        let (x_low, x_high) = (total.checked_sub(y_high)?, total.checked_sub(y_low)?);
        if !(inside(x_low) && inside(x_high)) {
            return None;
        }
        self.out.pairs.push(PairRange {
            total: total as usize,
            nim,
            low: y_low.min(x_low) as usize,
            high: y_high.min(x_high).min(total / 2) as usize,
        });
        Some(())
    }
}

/// Most calls in one element that `walk_terms` steps through.
const MAX_CALLS: usize = 4;
/// Visits each `x` in `a..b` that divides `n` (the loop `Iter::Divisors`):
/// the range itself when it is shorter than √n or when every `x` divides
/// (`n == 0`), else each divisor up to √n and its cofactor, either sign.
/// `None` where the range holds 0, at which `n % 0` fails.
pub(super) fn divisors_in(
    n: u64,
    (a, b): (i64, i64),
    mut visit: impl FnMut(i64) -> Option<()>,
) -> Option<()> {
    if a >= b {
        return Some(());
    }
    if a <= 0 && 0 < b {
        return None;
    }
    let root = n.isqrt();
    if n == 0 || (b - a) as u64 <= root {
        return (a..b)
            .filter(|x| n.is_multiple_of(x.unsigned_abs()))
            .try_for_each(visit);
    }
    let mut within = |d: u64| match i64::try_from(d) {
        Ok(d) => [d, -d]
            .into_iter()
            .filter(|x| (a..b).contains(x))
            .try_for_each(&mut visit),
        Err(_) => Some(()),
    };
    for d in (1..=root).filter(|&d| n.is_multiple_of(d)) {
        within(d)?;
        if d != n / d {
            within(n / d)?;
        }
    }
    Some(())
}

/// How much each argument of each call moves when the loop variable moves
/// by one, and each heap that is a position of another family of one
/// integer (`K(a)`).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Steps {
    calls: [[i64; NATIVE_PARAMS]; MAX_CALLS],
    /// Per heap, how it moves with the loop's variable.
    heaps: Vec<HeapStep>,
}

impl Steps {
    /// Each call's steps, one per parameter.
    pub(super) fn calls(&self) -> &[[i64; NATIVE_PARAMS]] {
        &self.calls
    }

    /// Whether a heap is read from a table of its values.
    pub(super) fn tables_heaps(&self) -> bool {
        (self.heaps.iter()).any(|heap| matches!(heap, HeapStep::Tabled(..)))
    }

    /// The steps of an element's innermost loop, when it is its last
    /// clause, every argument is affine in its variable, and each heap
    /// is fixed, another family's position moving with it or a function
    /// of one affine expression of it (`heaps`): computed once, when the
    /// kernel is made.
    pub(super) fn of_element(element: &Element) -> Option<Steps> {
        // The innermost loop is the last clause, or the last but one
        // where a remembered filter of its variable ends the element (a
        // sieve's: see `vm::sieve`).
        let innermost = match element.clauses.as_slice() {
            [
                ..,
                Clause::For { slot, .. },
                Clause::If(Cond::Remembered(r)),
            ] if r.slot == *slot => slot,
            [.., Clause::For { slot, .. }] => slot,
            _ => return None,
        };
        let OptionValue::Terms { calls, nims } = &element.value else {
            return None;
        };
        Steps::of(calls, nims, *innermost)
    }

    fn of(calls: &[Vec<IntExpr>], nims: &[IntExpr], slot: usize) -> Option<Steps> {
        if calls.len() > MAX_CALLS || calls.iter().any(|call| call.len() > NATIVE_PARAMS) {
            return None;
        }
        let mut steps = [[0; NATIVE_PARAMS]; MAX_CALLS];
        for (call, steps) in calls.iter().zip(steps.iter_mut()) {
            for (expr, step) in call.iter().zip(steps.iter_mut()) {
                *step = expr.step(slot)?;
            }
        }
        let heap = |nim: &IntExpr| match (native_heap(nim, slot), nim) {
            (Some(arg), IntExpr::Grundy(family, _)) => {
                Some(HeapStep::Foreign(*family, arg.step(slot)?))
            }
            (Some(u), _) => Some(HeapStep::Tabled(TabledHeap::of(nim, &u), u.step(slot)?)),
            (None, _) => (!nim.uses(slot)).then_some(HeapStep::Fixed),
        };
        let heaps = nims.iter().map(heap).collect::<Option<_>>()?;
        Some(Steps {
            calls: steps,
            heaps,
        })
    }
}

/// The xor of heaps, each a nimber's size: `None` for a negative one.
fn nim_sum(nims: &[i64]) -> Option<u64> {
    let mut v = 0;
    for &heap in nims {
        v ^= u64::try_from(heap).ok()?;
    }
    Some(v)
}

/// Each call's arguments, laid one call after another in `values`, and
/// the values that follow them (the heaps). Inlined, and copied one by
/// one: a copy of a call's few arguments by `memcpy`, then the whole
/// array read back in wide steps, stalled the store buffer (a sixth of a
/// short native walk's time, take 1 to popcount(n)).
#[inline(always)]
fn arguments<'v>(
    calls: &[Vec<IntExpr>],
    values: &'v [i64],
) -> ([[i64; NATIVE_PARAMS]; MAX_CALLS], &'v [i64]) {
    let mut args = [[0; NATIVE_PARAMS]; MAX_CALLS];
    let mut rest = values;
    for (call, args) in calls.iter().zip(args.iter_mut()) {
        let (these, after) = rest.split_at(call.len());
        *args = std::array::from_fn(|i| these.get(i).copied().unwrap_or(0));
        rest = after;
    }
    (args, rest)
}

/// Keeps the `x` in `intervals` with `k·x + rest  op  0`.
fn restrict(intervals: &mut Vec<(i64, i64)>, op: CmpOp, k: i64, rest: i64) {
    if k == 0 {
        if !op.holds(rest, 0) {
            intervals.clear();
        }
        return;
    }
    let (k, d) = (k as i128, -(rest as i128));
    // Bounds on x, as i128 so that nothing overflows.
    let at_most = |d: i128| {
        if k > 0 {
            (i128::MIN, floor_div(d, k))
        } else {
            (ceil_div(d, k), i128::MAX)
        }
    };
    let at_least = |d: i128| {
        if k > 0 {
            (ceil_div(d, k), i128::MAX)
        } else {
            (i128::MIN, floor_div(d, k))
        }
    };
    let (low, high) = match op {
        CmpOp::Lt => at_most(d - 1),
        CmpOp::Le => at_most(d),
        CmpOp::Gt => at_least(d + 1),
        CmpOp::Ge => at_least(d),
        CmpOp::Eq => (
            at_least(d).0.max(at_most(d).0),
            at_least(d).1.min(at_most(d).1),
        ),
        CmpOp::Ne => {
            if d % k == 0 {
                let p = (d / k) as i64;
                let mut split = Vec::with_capacity(intervals.len() + 1);
                for &(lo, hi) in intervals.iter() {
                    if lo <= p && p <= hi {
                        split.extend([(lo, p - 1), (p + 1, hi)]);
                    } else {
                        split.push((lo, hi));
                    }
                }
                split.retain(|(lo, hi)| lo <= hi);
                *intervals = split;
            }
            return;
        }
    };
    for interval in intervals.iter_mut() {
        interval.0 = (interval.0 as i128).max(low) as i64;
        interval.1 = (interval.1 as i128).min(high) as i64;
    }
    intervals.retain(|(lo, hi)| lo <= hi);
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

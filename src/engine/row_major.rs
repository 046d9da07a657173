//! A box of a family's values in row-major order, kept while a fill
//! computes it. The dense tables number positions so that a table can grow
//! (the Cantor pairing for two parameters, shells for three or four), and
//! along a line of options their slots move by a stride that changes at
//! every step; in row-major order the stride is constant, which the
//! processor's prefetcher follows. The argument that moves fastest is the
//! one the family's long lines walk, so that they read neighbours.

use super::DENSE_BIG;
use super::kernel::MAX_PARAMS;

/// The values of the tuples `[0, extents[0]) × … × [0, extents[k − 1])`,
/// laid out in row-major order of the arguments taken in the order `axes`.
pub(super) struct RowMajor {
    values: Vec<u32>,
    /// The extents, in the order `axes`.
    extents: Vec<i64>,
    axes: Vec<usize>,
    /// Per argument, in the arguments' own order: its extent and how far
    /// apart in `values` two tuples one apart in it are.
    by_arg: [(i64, i64); MAX_PARAMS],
}

impl RowMajor {
    /// The box of the given extents, each tuple's value read by `known`
    /// (`DENSE_BIG` or above where it is not known), argument `fastest`
    /// moving fastest and the others in their order.
    pub(super) fn new(extents: &[i64], fastest: usize, known: impl Fn(&[i64]) -> u32) -> RowMajor {
        let mut rows_major = RowMajor::unknown(extents, fastest);
        let (mut t, mut args) = (vec![0i64; extents.len()], vec![0i64; extents.len()]);
        for value in &mut rows_major.values {
            for (&axis, &at) in rows_major.axes.iter().zip(&t) {
                args[axis] = at;
            }
            *value = known(&args);
            next_tuple(&mut t, &rows_major.extents);
        }
        rows_major
    }

    /// The box of the given extents with no value known yet: a fill's
    /// first box, made without visiting its tuples one by one.
    pub(super) fn unknown(extents: &[i64], fastest: usize) -> RowMajor {
        let axes = axes(extents.len(), fastest);
        let extents: Vec<i64> = axes.iter().map(|&axis| extents[axis]).collect();
        let cells: usize = extents.iter().map(|&e| e.max(0) as usize).product();
        let mut by_arg = [(0, 0); MAX_PARAMS];
        let mut stride = 1;
        for (&axis, &extent) in axes.iter().zip(&extents).rev() {
            by_arg[axis] = (extent, stride);
            stride *= extent.max(0);
        }
        RowMajor {
            values: vec![DENSE_BIG; cells],
            extents,
            axes,
            by_arg,
        }
    }

    /// The box of the given extents holding what `kept` holds: where the
    /// two order their arguments alike, run by run along the fastest
    /// argument, else tuple by tuple.
    pub(super) fn around(extents: &[i64], fastest: usize, kept: &RowMajor) -> RowMajor {
        if axes(extents.len(), fastest) != kept.axes {
            return RowMajor::new(extents, fastest, |args| kept.get(args).unwrap_or(DENSE_BIG));
        }
        let mut rows_major = RowMajor::unknown(extents, fastest);
        let (Some(&new_run), Some(&old_run)) = (rows_major.extents.last(), kept.extents.last())
        else {
            return rows_major;
        };
        let run = new_run.min(old_run).max(0) as usize;
        let outer = &kept.extents[..kept.extents.len() - 1];
        // The runs between the slowest argument and the fastest alike:
        // the old box's `i`th run is the new box's, straight copies.
        let inner = 1..outer.len();
        if kept.extents[inner.clone()] == rows_major.extents[inner] {
            let runs = rows_major.values.chunks_exact_mut(new_run.max(1) as usize);
            for (new, old) in runs.zip(kept.values.chunks_exact(old_run.max(1) as usize)) {
                new[..run].copy_from_slice(&old[..run]);
            }
            return rows_major;
        }
        // Each run's first tuple, the fastest argument 0, in the
        // arguments' order.
        let (mut at, mut args) = (vec![0i64; outer.len()], vec![0i64; extents.len()]);
        for old in kept.values.chunks_exact(old_run.max(1) as usize) {
            for (&axis, &t) in rows_major.axes.iter().zip(&at) {
                args[axis] = t;
            }
            // The run's place in the new box, if it lies inside it.
            if let Some(start) = rows_major.index(&args) {
                rows_major.values[start..start + run].copy_from_slice(&old[..run]);
            }
            next_tuple(&mut at, outer);
        }
        rows_major
    }

    /// The index of `ints` in `values`, if the tuple is inside the box.
    /// Inlined, the loop is unrolled over a caller's array of arguments.
    #[inline(always)]
    fn index(&self, ints: &[i64]) -> Option<usize> {
        debug_assert_eq!(ints.len(), self.axes.len());
        let mut index = 0;
        for (&t, &(extent, stride)) in ints.iter().zip(&self.by_arg) {
            if !(0..extent).contains(&t) {
                return None;
            }
            index += t * stride;
        }
        Some(index as usize)
    }

    /// The value of `ints`, if the tuple is inside the box.
    #[inline(always)]
    pub(super) fn get(&self, ints: &[i64]) -> Option<u32> {
        self.index(ints).map(|index| self.values[index])
    }

    /// Records the value of `ints`, if the tuple is inside the box.
    #[inline(always)]
    pub(super) fn set(&mut self, ints: &[i64], value: u32) {
        if let Some(index) = self.index(ints) {
            self.values[index] = value;
        }
    }

    /// The values along the line of the `count` tuples `args + i·steps`,
    /// from whichever end comes first in the box, and the distance between
    /// neighbours: `None` when an end is outside the box (a mex does not
    /// care in which order it sees values).
    #[inline(always)]
    pub(super) fn line(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
    ) -> Option<(&[u32], usize)> {
        let (first, stride) = self.run(args, steps, count)?;
        let end = first + stride * (count as i64 - 1);
        let (low, high) = (first.min(end) as usize, first.max(end) as usize);
        Some((&self.values[low..=high], stride.unsigned_abs() as usize))
    }

    /// Where the line of the `count` tuples `args + i·steps` lies in
    /// `values()`, in its order: the index of its first tuple and the
    /// distance to the next. `None` when an end is outside the box.
    #[inline(always)]
    pub(super) fn run(&self, args: &[i64], steps: &[i64], count: usize) -> Option<(i64, i64)> {
        debug_assert_eq!(args.len(), self.axes.len());
        let last = i64::try_from(count.checked_sub(1)?).ok()?;
        let (mut first, mut stride) = (0i64, 0i64);
        for ((&arg, &step), &(extent, by)) in args.iter().zip(steps).zip(&self.by_arg) {
            let end = step.checked_mul(last)?.checked_add(arg)?;
            // Both ends are in the box, so every point between them is.
            if !((0..extent).contains(&arg) && (0..extent).contains(&end)) {
                return None;
            }
            first += arg * by;
            stride += step * by;
        }
        Some((first, stride))
    }

    /// Per argument, its extent and how far apart in `values()` two tuples
    /// one apart in it are: a line's place in the box, planned ahead
    /// (`kernel::ColumnLines`).
    pub(super) fn layout<const D: usize>(&self) -> [(i64, i64); D] {
        std::array::from_fn(|arg| self.by_arg[arg])
    }

    /// The values, laid out as `layout` says.
    #[inline(always)]
    pub(super) fn values(&self) -> &[u32] {
        &self.values
    }

    /// The extents, in the arguments' own order.
    pub(super) fn extents(&self) -> Vec<i64> {
        let by_arg = &self.by_arg[..self.axes.len()];
        by_arg.iter().map(|&(extent, _)| extent).collect()
    }

    /// How many tuples the box holds.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// How many tuples of the box have values.
    pub(super) fn known(&self) -> usize {
        self.values.iter().filter(|&&v| v < DENSE_BIG).count()
    }

    /// The largest value known in the box (0 if none).
    pub(super) fn widest(&self) -> u32 {
        let known = self.values.iter().filter(|&&v| v < DENSE_BIG);
        known.copied().max().unwrap_or(0)
    }
}

/// The arguments in the order of a box's layout: `fastest` last, the
/// others in their order.
fn axes(len: usize, fastest: usize) -> Vec<usize> {
    (0..len)
        .filter(|&axis| axis != fastest)
        .chain([fastest])
        .collect()
}

/// Steps `t` to the next tuple of `extents` in row-major order: the last
/// axis moves fastest.
fn next_tuple(t: &mut [i64], extents: &[i64]) {
    for (t, &extent) in t.iter_mut().zip(extents).rev() {
        *t += 1;
        if *t < extent {
            break;
        }
        *t = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::RowMajor;

    /// Lines inside the box give the values one lookup at a time gives;
    /// lines leaving it are refused.
    #[test]
    fn a_line_in_the_box_is_its_points_one_by_one() {
        let value = |t: &[i64]| (t[0] * 100 + t[1] * 10 + t[2]) as u32;
        for fastest in 0..3 {
            let cube = RowMajor::new(&[4, 3, 5], fastest, value);
            assert_eq!(cube.get(&[3, 2, 4]), Some(324));
            assert_eq!(cube.get(&[0, 3, 0]), None);
            let (line, stride) = cube.line(&[3, 0, 4], &[-1, 1, -2], 3).expect("inside");
            // From whichever end comes first in the box.
            let mut values: Vec<u32> = line.iter().step_by(stride).copied().collect();
            values.sort();
            assert_eq!(values, [120, 212, 304]);
            assert_eq!(cube.line(&[3, 0, 4], &[-1, 1, -2], 4), None);
            assert_eq!(cube.widest(), 324);
        }
        // A box grown from a kept one holds its values, whichever argument
        // moves fastest in each.
        for (fastest, kept_fastest) in [(0, 0), (2, 2), (1, 2)] {
            let kept = RowMajor::new(&[4, 3, 5], kept_fastest, value);
            let grown = RowMajor::around(&[5, 2, 6], fastest, &kept);
            assert_eq!(grown.get(&[3, 1, 4]), Some(314));
            assert_eq!(grown.get(&[0, 0, 0]), Some(0));
            assert_eq!(grown.get(&[4, 1, 4]), Some(super::DENSE_BIG));
            assert_eq!(grown.get(&[3, 1, 5]), Some(super::DENSE_BIG));
            assert_eq!(grown.known(), 4 * 2 * 5);
        }
        // Its middle extents alike, a box grows by copying runs; the
        // slowest argument may also shrink.
        for (extents, known) in [([6, 3, 7], 4 * 3 * 5), ([2, 3, 4], 2 * 3 * 4)] {
            let kept = RowMajor::new(&[4, 3, 5], 2, value);
            let grown = RowMajor::around(&extents, 2, &kept);
            assert_eq!(grown.get(&[1, 2, 3]), Some(123));
            assert_eq!(grown.get(&[0, 0, 0]), Some(0));
            assert_eq!(grown.known(), known);
            assert_eq!(grown.len(), extents.iter().product::<i64>() as usize);
        }
        // Along the fastest argument, a line is a run of neighbours.
        let rows = RowMajor::new(&[4, 3], 0, |t| (t[0] * 10 + t[1]) as u32);
        let (line, stride) = rows.line(&[3, 1], &[-1, 0], 4).expect("inside");
        assert_eq!((line, stride), (&[1, 11, 21, 31][..], 1));
    }
}

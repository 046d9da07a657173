//! A box of a family's values in row-major order, kept while a fill
//! computes it. The dense tables number positions so that a table can grow
//! (the Cantor pairing for two parameters, shells for three or four), and
//! along a line of options their slots move by a stride that changes at
//! every step; in row-major order the stride is constant, which the
//! processor's prefetcher follows.

use super::DENSE_BIG;

/// The values of the tuples `[0, extents[0]) × … × [0, extents[k − 1])`.
pub(super) struct RowMajor {
    values: Vec<u32>,
    extents: Vec<i64>,
}

impl RowMajor {
    /// The box of the given extents, each tuple's value read by `known`
    /// (`DENSE_BIG` or above where it is not known).
    pub(super) fn new(extents: &[i64], known: impl Fn(&[i64]) -> u32) -> RowMajor {
        let cells: usize = extents.iter().map(|&e| e.max(0) as usize).product();
        let mut t = vec![0i64; extents.len()];
        let values = (0..cells)
            .map(|index| {
                // The tuple whose row-major index is `index`.
                let mut rest = index as i64;
                for (t, &extent) in t.iter_mut().zip(extents).rev() {
                    *t = rest % extent;
                    rest /= extent;
                }
                known(&t)
            })
            .collect();
        RowMajor {
            values,
            extents: extents.to_vec(),
        }
    }

    /// The index of `ints` in `values`, if the tuple is inside the box.
    #[inline]
    fn index(&self, ints: &[i64]) -> Option<usize> {
        let mut index = 0;
        for (&t, &extent) in ints.iter().zip(&self.extents) {
            if !(0..extent).contains(&t) {
                return None;
            }
            index = index * extent + t;
        }
        Some(index as usize)
    }

    /// The value of `ints`, if the tuple is inside the box.
    #[inline]
    pub(super) fn get(&self, ints: &[i64]) -> Option<u32> {
        self.index(ints).map(|index| self.values[index])
    }

    /// Records the value of `ints`, if the tuple is inside the box.
    pub(super) fn set(&mut self, ints: &[i64], value: u32) {
        if let Some(index) = self.index(ints) {
            self.values[index] = value;
        }
    }

    /// `Known::along` inside the box: appends the values of the `count`
    /// tuples `args + i·steps` xor `nim` and gives `Some(Some(()))`, or
    /// `Some(None)` at the first value not known; `None` when an end of the
    /// line is outside the box (then nothing is appended).
    pub(super) fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<Option<()>> {
        let last = count.checked_sub(1)? as i64;
        let mut end = [0i64; 4];
        for ((end, &arg), &step) in end.iter_mut().zip(args).zip(steps) {
            *end = arg.checked_add(step.checked_mul(last)?)?;
        }
        // Both ends are in the box, so every point between them is.
        let (first, _) = (self.index(args)?, self.index(&end[..args.len()])?);
        let stride = steps
            .iter()
            .zip(&self.extents)
            .fold(0, |stride, (&d, &extent)| stride * extent + d);
        let mut at = first as i64;
        for _ in 0..count {
            let value = self.values[at as usize];
            if value >= DENSE_BIG {
                return Some(None);
            }
            out.push(value as u64 ^ nim);
            at += stride;
        }
        Some(Some(()))
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
        let cube = RowMajor::new(&[4, 3, 5], value);
        assert_eq!(cube.get(&[3, 2, 4]), Some(324));
        assert_eq!(cube.get(&[0, 3, 0]), None);
        let mut out = Vec::new();
        assert_eq!(
            cube.along(&[3, 0, 4], &[-1, 1, -2], 3, 1, &mut out),
            Some(Some(()))
        );
        assert_eq!(out, [304 ^ 1, 212 ^ 1, 120 ^ 1]);
        assert_eq!(cube.along(&[3, 0, 4], &[-1, 1, -2], 4, 0, &mut out), None);
    }
}

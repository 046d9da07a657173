//! The options of a range loop whose options are sums of parts moving
//! with its variable (`G(n - 1) + K(a) for a in 0..n`): each part's values
//! xored into the options in a pass of its own, read straight from its
//! table where there is one (`Walk::walk_sums`). The first part read from
//! a table lays the options, where filling them with the heaps first was
//! a pass of its own over memory.

use crate::engine::DENSE_BIG;

/// A part's values in a table: `table[first + i·step]` for the `i`th
/// option, as `(table, first, step)`.
pub(super) type Run<'t> = (&'t [u32], i64, i64);

/// The options being summed, the `count` points after those `points`
/// held: each the heaps' `nim` until a part is xored in.
pub(super) struct Summed<'a> {
    points: &'a mut Vec<u64>,
    start: usize,
    count: usize,
    nim: u64,
}

impl<'a> Summed<'a> {
    /// The `count` options to be pushed on `points`, their heaps `nim`.
    pub fn new(points: &'a mut Vec<u64>, count: usize, nim: u64) -> Summed<'a> {
        let start = points.len();
        Summed {
            points,
            start,
            count,
            nim,
        }
    }

    /// The options' points, laid (as `nim`) unless a part laid them.
    pub fn points(&mut self) -> &mut [u64] {
        if self.points.len() == self.start {
            self.points.resize(self.start + self.count, self.nim);
        }
        &mut self.points[self.start..]
    }

    /// Whether `run` stays within its table for every option.
    pub fn holds(&self, (table, first, step): Run) -> bool {
        self.ends(first, step)
            .is_some_and(|(low, high)| low >= 0 && high < table.len() as i64)
    }

    /// The least and the largest index of a run from `first` by `step`.
    fn ends(&self, first: i64, step: i64) -> Option<(i64, i64)> {
        let last = first.checked_add(step.checked_mul((self.count as i64).checked_sub(1)?)?)?;
        Some((first.min(last), first.max(last)))
    }

    /// Xors `table[first + i·step]` into the `i`th option for each `i`
    /// (`run`, which `holds`): whether every value xored is known (below
    /// `DENSE_BIG`; larger ones are markers of positions not known yet).
    pub fn xor_run(&mut self, run @ (_, _, step): Run) -> bool {
        debug_assert!(self.holds(run));
        let run = self.slice(run);
        let largest = match step {
            0 => self.read(std::iter::repeat_n(&run[0], self.count)),
            1 => self.read(run.iter()),
            -1 => self.read(run.iter().rev()),
            _ if step > 0 => self.read(run.iter().step_by(step as usize)),
            _ => self.read(run.iter().rev().step_by(step.unsigned_abs() as usize)),
        };
        largest < DENSE_BIG
    }

    /// Xors two runs (which `hold`) into the options in one pass: whether
    /// every value xored is known, as `xor_run` says. Tested apart, not
    /// as a largest value: a maximum taken an option at a time is a chain
    /// of dependent steps that takes longer than the reads (1.17 → 1.01 s
    /// at 900 × 900). A column of a box read in a pass of its own
    /// is fetched from the cache's farther levels once for each part
    /// (cutting a rectangle, `R(i, b) + R(a - i, b)`); read together, the
    /// two parts share their lines.
    pub fn xor_pair(&mut self, (u, mut at, du): Run, (v, mut bt, dv): Run) -> bool {
        debug_assert!(self.holds((u, at, du)) && self.holds((v, bt, dv)));
        // Laid as the heaps' where no part laid them.
        let points = self.points();
        let mut unknown = false;
        for point in points {
            let (u, v) = (u[at as usize], v[bt as usize]);
            unknown |= (u >= DENSE_BIG) | (v >= DENSE_BIG);
            *point ^= (u ^ v) as u64;
            at += du;
            bt += dv;
        }
        !unknown
    }

    /// The part of `run`'s table it reads (`run` holds).
    fn slice<'t>(&self, (table, first, step): Run<'t>) -> &'t [u32] {
        let (low, high) = self.ends(first, step).expect("the run holds");
        &table[low as usize..=high as usize]
    }

    /// Reads `values` into the options, one each: xored in, or, where no
    /// part laid the options yet, laid xored with the heaps. The largest
    /// value read.
    fn read<'t>(&mut self, values: impl Iterator<Item = &'t u32>) -> u32 {
        if self.points.len() == self.start {
            lay(self.points, values, self.nim)
        } else {
            xor(&mut self.points[self.start..], values)
        }
    }
}

/// Xors each of `values` into its point: the largest value. Vectorised,
/// with AVX2's wide maxima where the processor has them.
fn xor<'t>(points: &mut [u64], values: impl Iterator<Item = &'t u32>) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if points.len() >= 16 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor supports AVX2, checked just above.
        return unsafe { xor_avx2(points, values) };
    }
    xor_each(points, values)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn xor_avx2<'t>(points: &mut [u64], values: impl Iterator<Item = &'t u32>) -> u32 {
    xor_each(points, values)
}

#[inline(always)]
fn xor_each<'t>(points: &mut [u64], values: impl Iterator<Item = &'t u32>) -> u32 {
    points
        .iter_mut()
        .zip(values)
        .fold(0, |largest, (point, &v)| {
            *point ^= v as u64;
            largest.max(v)
        })
}

/// Pushes each of `values` xored with `nim`: the largest value.
/// Vectorised as `xor` is.
fn lay<'t>(points: &mut Vec<u64>, values: impl Iterator<Item = &'t u32>, nim: u64) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if values.size_hint().0 >= 16 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor supports AVX2, checked just above.
        return unsafe { lay_avx2(points, values, nim) };
    }
    lay_each(points, values, nim)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lay_avx2<'t>(points: &mut Vec<u64>, values: impl Iterator<Item = &'t u32>, nim: u64) -> u32 {
    lay_each(points, values, nim)
}

#[inline(always)]
fn lay_each<'t>(points: &mut Vec<u64>, values: impl Iterator<Item = &'t u32>, nim: u64) -> u32 {
    let mut largest = 0;
    points.extend(values.map(|&v| {
        largest = largest.max(v);
        v as u64 ^ nim
    }));
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_of_runs_xors_both_and_reports_markers() {
        // A 3 × 4 box row-major: a column (stride 4) and its mirror.
        let table: Vec<u32> = (0..12).collect();
        let mut points = vec![];
        let mut sums = Summed::new(&mut points, 3, 8);
        let (down, up) = ((&table[..], 1, 4), (&table[..], 9, -4));
        assert!(sums.holds(down) && sums.holds(up));
        assert!(!sums.holds((&table[..], 5, 4)));
        assert!(sums.xor_pair(down, up));
        assert_eq!(points, [8 ^ 1 ^ 9, 8 ^ 5 ^ 5, 8 ^ 9 ^ 1]);

        // A marker of a position not known yet, in either run.
        let mut marked = table.clone();
        marked[5] = DENSE_BIG;
        for (u, v) in [((1, 4), (9, -4)), ((2, 1), (5, 4))] {
            let mut points = vec![];
            let mut sums = Summed::new(&mut points, 2, 0);
            assert!(!sums.xor_pair((&marked, u.0, u.1), (&marked, v.0, v.1)));
        }
    }
}

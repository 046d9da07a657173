//! The options of a range loop whose options are sums of parts moving
//! with its variable (`G(n - 1) + K(a) for a in 0..n`): each part's values
//! xored into the options in a pass of its own, read straight from its
//! table where there is one (`Walk::walk_sums`). The first part read from
//! a table lays the options, where filling them with the heaps first was
//! a pass of its own over memory.

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

    /// Xors `table[first + i·step]` into the `i`th option for each `i`:
    /// the largest value xored, or `None` where the run leaves the table.
    pub fn xor_run(&mut self, table: &[u32], first: i64, step: i64) -> Option<u32> {
        let count = self.count as i64;
        let last = first.checked_add(step.checked_mul(count.checked_sub(1)?)?)?;
        let (low, high) = (first.min(last), first.max(last));
        if count == 0 || low < 0 || high >= table.len() as i64 {
            return None;
        }
        let run = &table[low as usize..=high as usize];
        Some(match step {
            0 => self.read(std::iter::repeat_n(&run[0], self.count)),
            1 => self.read(run.iter()),
            -1 => self.read(run.iter().rev()),
            _ if step > 0 => self.read(run.iter().step_by(step as usize)),
            _ => self.read(run.iter().rev().step_by(step.unsigned_abs() as usize)),
        })
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

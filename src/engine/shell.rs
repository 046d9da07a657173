//! Families of three or four parameters in a dense table: the tuples of
//! small non-negative arguments are numbered shell by shell (all tuples
//! whose largest argument is `m` come after those whose largest is below
//! `m`, in lexicographic order within the shell), so that the slots of the
//! box `[0, m)^k` are exactly `0..m^k` and a growing box keeps every slot.
//! An integer program computes the slots in that order; a game whose moves
//! lower one argument (three-heap nim) finds every option already known.

use std::cell::RefCell;

use super::kernel::{Kernel, Known, OptionSet};
use super::mex::Stamps;
use super::row_major::RowMajor;
use super::{DENSE_BIG, Stop, Watch};

/// Dense slots a family may use, 4 bytes each.
const SHELL_SLOTS: u64 = 1 << 23;

/// Most positions one fill computes: a larger box is left to the
/// depth-first search, which visits only the positions a game reaches.
const SHELL_CELLS: usize = 1 << 22;

/// The slot of the tuple `ints` (of 3 or 4 arguments), if every argument is
/// non-negative and the slot is below `SHELL_SLOTS`.
#[inline(always)]
pub(super) fn slot(ints: &[i64]) -> Option<usize> {
    let k = ints.len();
    let (mut m, mut negative) = (0, false);
    for &t in ints {
        m = m.max(t);
        negative |= t < 0;
    }
    if negative || m >= 1 << 12 || !(1..=4).contains(&k) {
        return None;
    }
    let m = m as u64;
    let (b, q) = (m + 1, m);
    let powers_of_base = [1, b, b * b, b * b * b, b * b * b * b];
    let powers_of_m = [1, q, q * q, q * q * q, q * q * q * q];
    // Tuples of smaller shells, then the tuples of this shell that come
    // before `ints`: those lexicographically smaller in [0, m]^k, less the
    // ones among them whose every argument is below m.
    let (mut rank, mut below, mut prefix_below) = (0, 0, true);
    for (i, &t) in ints.iter().enumerate() {
        let (t, rest) = (t as u64, k - 1 - i);
        rank += t * powers_of_base[rest];
        if prefix_below {
            below += t * powers_of_m[rest];
            prefix_below = t < m;
        }
    }
    let slot = powers_of_m[k] + rank - below;
    (slot < SHELL_SLOTS).then_some(slot as usize)
}

/// The tuple after `t` in slot order.
fn next(t: &mut [i64]) {
    let m = t.iter().copied().max().unwrap_or(0);
    match t.iter().rposition(|&x| x < m) {
        // The lexicographic successor in [0, m]^k; if no argument is m
        // yet, the first such tuple in the shell ends in m.
        Some(i) => {
            t[i] += 1;
            t[i + 1..].fill(0);
            if !t.contains(&m)
                && let Some(last) = t.last_mut()
            {
                *last = m;
            }
        }
        // The shell is done: the next starts at (0, …, 0, m + 1).
        None => {
            t.fill(0);
            if let Some(last) = t.last_mut() {
                *last = m + 1;
            }
        }
    }
}

/// The tuple of `k` arguments whose slot is `slot`.
pub(super) fn arguments(slot: usize, k: usize) -> [i64; 4] {
    // Slot order is the order of `next` from (0, …, 0); jump to the shell.
    let mut m = (slot as f64).powf(1.0 / k as f64) as u64;
    while (m + 1).pow(k as u32) <= slot as u64 {
        m += 1;
    }
    while m.pow(k as u32) > slot as u64 {
        m -= 1;
    }
    let mut t = [0i64; 4];
    let mut start = 0;
    if m > 0 {
        t[k - 1] = m as i64;
        start = m.pow(k as u32) as usize;
    }
    // Within the shell, fix the arguments one at a time.
    let mut remaining = slot - start;
    for i in 0..k {
        t[i] = 0;
        loop {
            let count = shell_tuples(&t[..=i], k, m);
            if remaining < count {
                break;
            }
            remaining -= count;
            t[i] += 1;
        }
        if i + 1 < k {
            t[i + 1..k].fill(0);
        }
    }
    t
}

/// How many tuples of shell `m` (k arguments) begin with `prefix`.
fn shell_tuples(prefix: &[i64], k: usize, m: u64) -> usize {
    let rest = (k - prefix.len()) as u32;
    let free = (m + 1).pow(rest);
    let count = match prefix.contains(&(m as i64)) {
        true => free,
        false => free - m.pow(rest),
    };
    count as usize
}

/// The state of one family's bottom-up computation in slot order.
#[derive(Default)]
pub(super) struct Shell {
    /// Slots below this have values.
    done: usize,
    /// The arguments of slot `done`.
    at: [i64; 4],
    options: OptionSet,
    marks: RefCell<Stamps>,
}

/// The values known so far, as the program looks them up: inside the cube
/// being filled from its row-major copy (with the marks of the position
/// being computed, in which every value of the cube has a slot), elsewhere
/// from the table.
struct Values<'a>(&'a [u32], Option<(&'a RowMajor, &'a RefCell<Stamps>)>);

/// The row-major copy of the cube `[0, m]^k` around the tuples up to slot
/// `target`, with the values known in `table`, argument `fastest` moving
/// fastest.
fn cube_around(target: usize, (k, fastest): (usize, usize), table: &[u32]) -> RowMajor {
    let side = arguments(target, k)[..k].iter().max().map_or(1, |&m| m + 1);
    RowMajor::new(&[side; 4][..k], fastest, |t| {
        let known = slot(t).and_then(|s| table.get(s));
        known.copied().unwrap_or(DENSE_BIG)
    })
}

impl Known for Values<'_> {
    #[inline]
    fn value(&self, args: &[i64]) -> Option<u64> {
        let value = match self.1.and_then(|(cube, _)| cube.get(args)) {
            Some(value) => value,
            None => *self.0.get(slot(args)?)?,
        };
        (value < DENSE_BIG).then_some(value as u64)
    }

    fn line(&self) -> &[u32] {
        &[]
    }

    /// A line inside the cube is marked rather than appended: the fill
    /// takes the mex over the marks and `out` together. Elsewhere, along a
    /// line that moves one argument, the slot is affine in it while it
    /// stays below the largest of the others: stepped there, computed
    /// afresh elsewhere.
    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        if let Some((cube, marks)) = self.1
            && let Some((line, stride)) = cube.line(args, steps, count)
        {
            let mut marks = marks.borrow_mut();
            if nim < marks.len() {
                return marks.mark_line(line, stride, nim).then_some(());
            }
        }
        let mut moving = (0..args.len()).filter(|&i| steps[i] != 0);
        let (Some(x), None) = (moving.next(), moving.next()) else {
            return self.each(args, steps, count, nim, out);
        };
        let others = args.iter().enumerate().filter(|&(i, _)| i != x);
        let (largest, first_largest) =
            others.fold(
                (-1, usize::MAX),
                |(m, at), (i, &t)| {
                    if t > m { (t, i) } else { (m, at) }
                },
            );
        let k = args.len();
        let rest = (k - 1 - x) as u32;
        let (b, m) = (largest as u64 + 1, largest as u64);
        let in_prefix = x < first_largest;
        let coefficient = b.pow(rest) as i64 - if in_prefix { m.pow(rest) as i64 } else { 0 };
        let mut point = [0i64; 4];
        point[..k].copy_from_slice(args);
        let mut at = slot(&point[..k])? as i64;
        for i in 0..count {
            if i > 0 {
                let before = point[x];
                point[x] += steps[x];
                at = match before < largest && point[x] < largest && point[x] >= 0 {
                    true => at + steps[x] * coefficient,
                    false => slot(&point[..k])? as i64,
                };
            }
            let value = *self.0.get(at as usize)?;
            if value >= DENSE_BIG {
                return None;
            }
            out.push(value as u64 ^ nim);
        }
        Some(())
    }
}

impl Values<'_> {
    /// `along` one point at a time.
    fn each(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        let mut point = [0i64; 4];
        point[..args.len()].copy_from_slice(args);
        for _ in 0..count {
            out.push(self.value(&point[..args.len()])? ^ nim);
            for (p, step) in point.iter_mut().zip(steps) {
                *p += step;
            }
        }
        Some(())
    }
}

impl Shell {
    /// Whether a fill up to `target` is worth doing rather than a search.
    pub(super) fn reaches(&self, target: usize) -> bool {
        target < self.done.max(SHELL_CELLS)
    }

    /// Computes `values[..=target]` in slot order. `Ok(Some(s))` when slot
    /// `s` must first be computed otherwise (the program cannot vouch for
    /// it), after which the next call goes on from there.
    pub(super) fn fill(
        &mut self,
        values: &mut [u32],
        kernel: &Kernel,
        k: usize,
        target: usize,
        limit: u64,
        watch: &Watch,
    ) -> Result<Option<usize>, Stop> {
        // A cube pays for itself when the fill computes a good part of it.
        let cube_cells = arguments(target, k)[..k]
            .iter()
            .map(|&m| m as usize + 1)
            .product::<usize>();
        let mut cube = (4 * (target + 1).saturating_sub(self.done) >= cube_cells)
            .then(|| cube_around(target, (k, kernel.fastest_param()), values));
        if let Some(cube) = &mut cube {
            self.marks.get_mut().fit(cube.widest() as u64);
            if self.fill_cube(values, cube, kernel, k, target, limit, watch)? {
                // Every slot up to the target is in the cube.
                self.done = self.done.max(target + 1);
                self.at = arguments(self.done, k);
            }
        }
        while self.done <= target {
            let s = self.done;
            if s.is_multiple_of(64) {
                watch.check()?;
            }
            if values[s] >= DENSE_BIG {
                let at = self.at;
                let Some(value) = self.value(&at[..k], values, cube.as_ref(), kernel, limit) else {
                    return Ok(Some(s));
                };
                values[s] = value;
                if let Some(cube) = &mut cube {
                    cube.set(&at[..k], value);
                }
            }
            next(&mut self.at[..k]);
            self.done = s + 1;
        }
        Ok(None)
    }

    /// Computes the positions of `cube` up to slot `target` in row-major
    /// order, until the first the program cannot vouch for: the order of
    /// the plain loops `for a, for b, for c`, in which the options of
    /// neighbouring positions lie on neighbouring lines and stay in the
    /// cache (in slot order they are a whole row apart). Whatever is left
    /// is the slot-order loop's. `Ok(true)` when every position up to
    /// `target` is known.
    #[allow(clippy::too_many_arguments)]
    fn fill_cube(
        &mut self,
        values: &mut [u32],
        cube: &mut RowMajor,
        kernel: &Kernel,
        k: usize,
        target: usize,
        limit: u64,
        watch: &Watch,
    ) -> Result<bool, Stop> {
        let side = arguments(target, k)[..k].iter().max().map_or(1, |&m| m + 1);
        let mut t = [0i64; 4];
        let mut visited = 0usize;
        loop {
            if visited.is_multiple_of(64) {
                watch.check()?;
            }
            visited += 1;
            if cube.get(&t[..k]).is_some_and(|v| v >= DENSE_BIG)
                && let Some(s) = slot(&t[..k]).filter(|&s| s <= target)
            {
                let Some(value) = self.value(&t[..k], values, Some(cube), kernel, limit) else {
                    return Ok(false);
                };
                values[s] = value;
                cube.set(&t[..k], value);
            }
            // The next tuple in row-major order, if any.
            let Some(last) = t[..k].iter().rposition(|&x| x + 1 < side) else {
                return Ok(true);
            };
            t[last] += 1;
            t[last + 1..k].fill(0);
        }
    }

    /// The value of the position `args`, if the program can vouch for it.
    fn value(
        &mut self,
        args: &[i64],
        values: &[u32],
        cube: Option<&RowMajor>,
        kernel: &Kernel,
        limit: u64,
    ) -> Option<u32> {
        self.marks.get_mut().start();
        let known = Values(values, cube.map(|cube| (cube, &self.marks)));
        kernel.options(args, &known, limit, &mut self.options)?;
        let marks = self.marks.get_mut();
        let options = &self.options;
        let value =
            (options.alias_value()).unwrap_or_else(|| marks.mex(options.count, &options.points));
        // Every value in the cube must have a slot among the marks.
        marks.fit(value);
        u32::try_from(value).ok().filter(|&v| v < DENSE_BIG)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::{Values, arguments, cube_around, next, slot};
    use crate::engine::kernel::Known;
    use crate::engine::mex::Stamps;

    #[test]
    fn slots_number_the_tuples_shell_by_shell() {
        for k in [3usize, 4] {
            let mut t = [0i64; 4];
            for expected in 0..6000 {
                let tuple = &mut t[..k];
                assert_eq!(slot(tuple), Some(expected), "{tuple:?}");
                assert_eq!(&arguments(expected, k)[..k], &*tuple);
                next(tuple);
            }
            // The box [0, m)^k is exactly the first m^k slots.
            let m = 7i64;
            let mut seen = vec![false; (m as usize).pow(k as u32)];
            let mut t = [0i64; 4];
            loop {
                let s = slot(&t[..k]).expect("small");
                seen[s] = true;
                let Some(i) = t[..k].iter().rposition(|&x| x < m - 1) else {
                    break;
                };
                t[i] += 1;
                t[i + 1..k].fill(0);
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(slot(&[0, -1, 0]), None);
    }

    #[test]
    fn stepping_along_a_line_finds_the_slots_one_by_one_would() {
        // Each slot holds its own number, so values are slots.
        let table: Vec<u32> = (0..20u32.pow(4)).collect();
        let plain = Values(&table, None);
        // A cube of side 10 holds some lines wholly, others in part.
        let cubes = [3, 4].map(|k| cube_around(10usize.pow(k as u32) - 1, (k, k - 1), &table));
        let marks = RefCell::new(Stamps::default());
        marks.borrow_mut().fit(20u64.pow(4));
        for args in [
            [9, 3, 5, 0],
            [2, 7, 7, 1],
            [0, 0, 4, 4],
            [6, 6, 6, 6],
            [12, 1, 12, 3],
        ] {
            for k in [3usize, 4] {
                for x in 0..k {
                    for step in [-1i64, -2, 1] {
                        let mut steps = [0i64; 4];
                        steps[x] = step;
                        let count = if step < 0 {
                            (args[x] / -step + 1) as usize
                        } else {
                            5
                        };
                        let line = (&args[..k], &steps[..k]);
                        for nim in [0, 5] {
                            let context = format!("{args:?} {k} {x} {step} {nim}");
                            let mut one_by_one = Vec::new();
                            let each = plain.each(line.0, line.1, count, nim, &mut one_by_one);
                            let mut fast = Vec::new();
                            let stepped = plain.along(line.0, line.1, count, nim, &mut fast);
                            assert_eq!((stepped, &fast), (each, &one_by_one), "{context}");
                            // With the cube, a line inside it is marked.
                            marks.borrow_mut().start();
                            let with_cube = Values(&table, Some((&cubes[k - 3], &marks)));
                            let mut found = Vec::new();
                            let stepped = with_cube.along(line.0, line.1, count, nim, &mut found);
                            assert_eq!(stepped, each, "{context}");
                            found.extend(marks.borrow().marked());
                            found.sort();
                            one_by_one.sort();
                            assert_eq!(found, one_by_one, "{context}");
                        }
                    }
                }
            }
        }
    }
}

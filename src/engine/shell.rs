//! Families of three to eight parameters. Positions of five or more are
//! the box's below the last query, or kept in the hash table by their
//! integers (`IntKey`). Three or four have a dense table as well: the
//! tuples of small non-negative arguments are numbered shell by shell
//! (all tuples whose largest argument is `m` come after those whose
//! largest is below `m`, in lexicographic order within the shell), so
//! that the slots of the box `[0, m)^k` are exactly `0..m^k` and a growing
//! box keeps every slot. An integer program computes the slots in that
//! order; a game whose moves lower one argument (three-heap nim) finds
//! every option already known.

use std::cell::RefCell;

use super::game::PosId;
use super::kernel::{Kernel, Known, MAX_PARAMS, OptionSet, WideBoxLines};
use super::mex::Stamps;
use super::row_major::RowMajor;
use super::{Arg, DENSE_BIG, Engine, HASHED, Stop, Watch};

/// Dense slots a family may use, 4 bytes each.
const SHELL_SLOTS: u64 = 1 << 23;

/// Most positions one fill computes: a larger box is left to the
/// depth-first search, which visits only the positions a game reaches.
const SHELL_CELLS: usize = 1 << 22;

/// Most positions a box below a query may hold (`Shell::box_for`), 4 bytes
/// each: 128 MiB, where `--max-memory` and `--max-positions` allow it.
const BOX_CELLS: u64 = 1 << 25;

/// The part of its extent a side of the box grows by at least when a
/// query passes it: asking for one position after another fills boxes
/// whose sizes add up to a few times the last.
const BOX_GROWTH: i64 = 8;

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
    /// The values of the last box below a query (`fill_box`), row-major:
    /// `W(249, 249, 4)` needs the 250 × 250 × 5 positions below it, not
    /// the cube of its largest argument that slot order computes.
    kept: Option<RowMajor>,
    /// Set when a box missed an option it did not hold: slot order and the
    /// search compute the family from then on.
    boxes_missed: bool,
    /// The target whose cube stopped at a position the program could not
    /// vouch for: the fill resumes in slot order after the search, not
    /// with the cube made again for each such position.
    cube_stopped: Option<usize>,
}

/// A box for `Shell::fill_box` to fill.
pub(super) struct BoxPlan {
    /// Per argument, in their order.
    pub extents: Vec<i64>,
    /// How many positions it holds.
    pub cells: u64,
    /// Whether it replaces the last box rather than growing it.
    pub fresh: bool,
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
        // Five arguments or more have no slots: their values are the box's.
        let (Some(x), None, true) = (moving.next(), moving.next(), args.len() <= 4) else {
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
        let mut point = [0i64; MAX_PARAMS];
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
        let pays = 4 * (target + 1).saturating_sub(self.done) >= cube_cells;
        let mut cube = (pays && self.cube_stopped != Some(target))
            .then(|| cube_around(target, (k, kernel.fastest_param()), values));
        let lines = (cube.as_ref()).and_then(|cube| WideBoxLines::of(kernel, limit, cube));
        if let Some(cube) = &mut cube {
            self.marks.get_mut().fit(cube.widest() as u64);
            if self.fill_rows(
                values,
                cube,
                (kernel, lines.as_ref()),
                (Some(target), &[]),
                limit,
                watch,
            )? {
                // Every slot up to the target is in the cube.
                self.done = self.done.max(target + 1);
                self.at = arguments(self.done, k);
            } else {
                self.cube_stopped = Some(target);
            }
        }
        while self.done <= target {
            let s = self.done;
            if s.is_multiple_of(64) {
                watch.check()?;
            }
            if values[s] >= DENSE_BIG {
                let at = self.at;
                let planned = (kernel, lines.as_ref());
                let Some(value) = self.value(&at[..k], values, cube.as_ref(), planned, limit)
                else {
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

    /// Computes the positions of `cube` in row-major order (those up to
    /// slot `target`, if given) until the first the program cannot vouch
    /// for: the order of the plain loops `for a, for b, for c`, in which
    /// the options of neighbouring positions lie on neighbouring lines and
    /// stay in the cache (in slot order they are a whole row apart).
    /// Whatever is left is the slot-order loop's. Values are stored in the
    /// table too, where it has their slots. `Ok(true)` when every position
    /// asked for is known.
    fn fill_rows(
        &mut self,
        values: &mut [u32],
        cube: &mut RowMajor,
        planned: (&Kernel, Option<&WideBoxLines>),
        (target, skipped): (Option<usize>, &[(usize, usize)]),
        limit: u64,
        watch: &Watch,
    ) -> Result<bool, Stop> {
        let extents = cube.extents();
        let k = extents.len();
        let mut t = [0i64; MAX_PARAMS];
        let mut visited = 0usize;
        loop {
            if visited.is_multiple_of(64) {
                watch.check()?;
            }
            visited += 1;
            let unknown = cube.get(&t[..k]).is_some_and(|v| v >= DENSE_BIG);
            // A known position's slot is not computed.
            let slot = if unknown { slot(&t[..k]) } else { None };
            let asked = unknown && target.is_none_or(|target| slot.is_some_and(|s| s <= target));
            // No option reaches a position with a pair kept in order the
            // other way round from the query's.
            let asked = asked && !skipped.iter().any(|&(m, n)| t[m] > t[n]);
            if asked {
                let Some(value) = self.value(&t[..k], values, Some(cube), planned, limit) else {
                    return Ok(false);
                };
                if let Some(stored) = slot.and_then(|s| values.get_mut(s)) {
                    *stored = value;
                }
                cube.set(&t[..k], value);
            }
            // The next tuple in row-major order, if any.
            let Some(last) = (0..k).rposition(|i| t[i] + 1 < extents[i]) else {
                return Ok(true);
            };
            t[last] += 1;
            t[last + 1..k].fill(0);
        }
    }

    /// The value of `args` in the box below the last query, if known.
    pub(super) fn kept_value(&self, args: &[i64]) -> Option<u32> {
        let value = self.kept.as_ref()?.get(args)?;
        (value < DENSE_BIG).then_some(value)
    }

    /// How many positions the box below the last query holds.
    pub(super) fn kept_len(&self) -> usize {
        self.kept.as_ref().map_or(0, RowMajor::len)
    }

    /// How many positions the box below the last query holds that have
    /// values.
    pub(super) fn kept_known(&self) -> usize {
        self.kept.as_ref().map_or(0, RowMajor::known)
    }

    /// How many positions the box below the last query holds whose slots
    /// pass `test`: those the table holds as well.
    pub(super) fn kept_slots(&self, test: impl Fn(usize) -> bool) -> usize {
        let Some(kept) = &self.kept else {
            return 0;
        };
        let extents = kept.extents();
        let k = extents.len();
        let (mut t, mut count) = ([0i64; MAX_PARAMS], 0);
        while extents.iter().all(|&e| e > 0) {
            count += usize::from(slot(&t[..k]).is_some_and(&test));
            let Some(last) = (0..k).rposition(|i| t[i] + 1 < extents[i]) else {
                break;
            };
            t[last] += 1;
            t[last + 1..k].fill(0);
        }
        count
    }

    /// The box below `args` when a box should compute it: slot order
    /// computes every slot up to the query's, `target` (if it has one),
    /// which is the cube of its largest argument; a box is chosen where
    /// what it adds is less than half that work, halved again for each of
    /// the `halves` pairs kept in order whose other half it skips. The last box grows to
    /// hold `args`, unless that box would be much larger than the two
    /// apart (`N(7, 300, 2)` then `N(3000, 5, 9)`): then a box of its own
    /// replaces it.
    pub(super) fn box_for(
        &self,
        args: &[i64],
        (target, halves): (Option<usize>, u32),
    ) -> Option<BoxPlan> {
        if self.boxes_missed || args.iter().any(|&t| t < 0) {
            return None;
        }
        let cells = |extents: &[i64]| {
            (extents.iter()).try_fold(1u64, |cells, &e| cells.checked_mul(u64::try_from(e).ok()?))
        };
        let own: Vec<i64> = args.iter().map(|&t| t + 1).collect();
        let kept = self.kept_len() as u64;
        let grown = self.kept.as_ref().map(|kept| {
            let extents = kept.extents().into_iter().zip(args);
            let grow = |(extent, &t): (i64, &i64)| match t >= extent {
                true => (t + 1).max(extent + extent / BOX_GROWTH),
                false => extent,
            };
            extents.map(grow).collect::<Vec<i64>>()
        });
        let own_cells = cells(&own)?;
        let plan = match grown {
            Some(grown) if cells(&grown).is_some_and(|c| c <= 2 * (own_cells + kept)) => BoxPlan {
                cells: cells(&grown)?,
                extents: grown,
                fresh: false,
            },
            _ => BoxPlan {
                extents: own,
                cells: own_cells,
                fresh: true,
            },
        };
        // Each pair kept in order that the box skips halves its work.
        let added = (plan.cells - if plan.fresh { 0 } else { kept }) >> halves.min(8);
        let slot_order = target
            .filter(|&t| self.reaches(t))
            .map(|t| (t + 1).saturating_sub(self.done) as u64);
        let smaller = slot_order.is_none_or(|work| 2 * added < work);
        (smaller && plan.cells <= BOX_CELLS).then_some(plan)
    }

    /// Computes every position of the box of `extents` in row-major order,
    /// starting from what the last box and the table hold; the box is
    /// kept. A pair of parameters every option keeps in order
    /// (`Kernel::ordered`) that the position `asked` has in order skips
    /// the positions that have it the other way round. `Ok(false)` when an
    /// option was not known (outside the box, or inside and later in its
    /// order): the family's boxes stop there.
    pub(super) fn fill_box(
        &mut self,
        values: &mut [u32],
        kernel: &Kernel,
        (plan, asked): (&BoxPlan, &[i64]),
        limit: u64,
        watch: &Watch,
    ) -> Result<bool, Stop> {
        let extents = &plan.extents[..];
        watch.room_for(4 * plan.cells)?;
        let kept = self.kept.take().filter(|_| !plan.fresh);
        let fastest = kernel.fastest_param();
        // What slot order computed is read from the table, tuple by tuple.
        let mut cube = match (&kept, self.done) {
            (None, 0) => RowMajor::unknown(extents, fastest),
            (Some(kept), 0) => RowMajor::around(extents, fastest, kept),
            (kept, _) => RowMajor::new(extents, fastest, |t| {
                let in_kept = kept.as_ref().and_then(|kept| kept.get(t));
                let known = in_kept.filter(|&v| v < DENSE_BIG);
                let known = known.or_else(|| slot(t).and_then(|s| values.get(s).copied()));
                known.unwrap_or(DENSE_BIG)
            }),
        };
        self.marks.get_mut().fit(cube.widest() as u64);
        let lines = WideBoxLines::of(kernel, limit, &cube);
        let planned = (kernel, lines.as_ref());
        let skipped = (kernel.ordered.iter().copied())
            .filter(|&(m, n)| asked[m] <= asked[n])
            .collect::<Vec<_>>();
        let filled = self.fill_rows(values, &mut cube, planned, (None, &skipped), limit, watch);
        self.kept = Some(cube);
        let all = filled?;
        self.boxes_missed |= !all;
        Ok(all)
    }

    /// The value of the position `args`, if the program can vouch for it:
    /// its options marked by the kernel's lines where they lie in the
    /// cube, else by the walk of the program.
    fn value(
        &mut self,
        args: &[i64],
        values: &[u32],
        cube: Option<&RowMajor>,
        (kernel, lines): (&Kernel, Option<&WideBoxLines>),
        limit: u64,
    ) -> Option<u32> {
        if let (Some(cube), Some(lines)) = (cube, lines) {
            let marks = self.marks.get_mut();
            marks.start();
            if let Some(count) = lines.mark(args, cube, marks) {
                let value = marks.mex(count, &[]);
                marks.fit(value);
                return u32::try_from(value).ok().filter(|&v| v < DENSE_BIG);
            }
        }
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

/// The engine's three- and four-parameter positions, and their fills.
impl<A: Arg> Engine<A> {
    /// The arguments of a three- or four-parameter position kept in a dense
    /// table, and how many there are.
    pub fn dense_tuple(&self, pos: PosId) -> Option<([i64; 4], usize)> {
        let k = self.tables[pos.family.0 as usize].shape.ints();
        let dense = pos.index & HASHED == 0 && (3..=4).contains(&k);
        dense.then(|| (arguments(pos.index as usize, k), k))
    }

    /// Computes the value of `pos`, a position of three to eight
    /// parameters, with the family's program: in a box below it, or (three
    /// or four) computing every slot up to its own in slot order.
    /// `Ok(Some(s))` when slot `s` must first be computed otherwise,
    /// `Ok(None)` when done, and `Err` of nothing when neither way can (a
    /// box too large, or its arguments out of reach).
    pub fn fill_shell(
        &mut self,
        pos: PosId,
        kernel: &Kernel,
    ) -> Result<Option<PosId>, Option<Stop>> {
        let dense = self.dense_tuple(pos).map(|(ints, k)| ints[..k].to_vec());
        let ints = dense.or_else(|| self.hashed_ints(pos)).ok_or(None)?;
        if self.fill_box(pos, &ints, kernel)? {
            return Ok(None);
        }
        // A position of the hash table has no slot to fill up to.
        let table = &mut self.tables[pos.family.0 as usize];
        let target = pos.index as usize;
        if pos.index & HASHED != 0 || !table.shell.reaches(target) {
            return Err(None);
        }
        let limit = self.limits.max_list_len;
        let blocked = table
            .shell
            .fill(
                &mut table.dense,
                kernel,
                table.shape.ints(),
                target,
                limit,
                &self.watch,
            )
            .map_err(Some)?;
        Ok(blocked.map(|slot| PosId {
            family: pos.family,
            index: slot as u32,
        }))
    }

    /// Whether the value of `pos`, whose arguments are `ints`, is known
    /// from a box below it (`Shell::box_for`), filled now if it must be.
    fn fill_box(&mut self, pos: PosId, ints: &[i64], kernel: &Kernel) -> Result<bool, Stop> {
        let table = &mut self.tables[pos.family.0 as usize];
        let value = table.shell.kept_value(ints);
        let target = (pos.index & HASHED == 0).then_some(pos.index as usize);
        let plan = match value {
            Some(_) => None,
            None => {
                let in_order = |&&(m, n): &&(usize, usize)| ints[m] <= ints[n];
                let halves = kernel.ordered.iter().filter(in_order).count() as u32;
                table.shell.box_for(ints, (target, halves))
            }
        };
        if let Some(plan) = plan {
            // The box replaces the last, grown or afresh.
            let before = self.positions - table.shell.kept_len() as u64;
            if before + plan.cells > self.limits.max_positions {
                self.refused = Some((pos.family, before + plan.cells));
                return Ok(false);
            }
            let limit = self.limits.max_list_len;
            let filled =
                (table.shell).fill_box(&mut table.dense, kernel, (&plan, ints), limit, &self.watch);
            // Counted as made, stopped or not (none where no room was left).
            self.positions = before + table.shell.kept_len() as u64;
            if !filled? {
                return Ok(false);
            }
        }
        let table = &self.tables[pos.family.0 as usize];
        let Some(value) = value.or_else(|| table.shell.kept_value(ints)) else {
            return Ok(false);
        };
        self.set_value(pos, value as u64);
        Ok(true)
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

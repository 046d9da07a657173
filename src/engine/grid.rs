//! Two-parameter families on a grid: positions `F(a, b)` with small
//! non-negative arguments live in the family's dense table at the Cantor
//! pairing of `(a, b)`, so that finding a position neither hashes nor
//! allocates. A two-parameter kernel (Wythoff's game and its kin) computes
//! a whole box of arguments row by row, each option a table lookup.
//!
//! A long thin box (`F(n, last)` with `last` a move of at most a few
//! tokens, `n` in the millions) reaches far past what the pairing holds:
//! its values stay in the box, row-major, which is as dense for it as the
//! pairing is for a square.

mod cells;
mod fills;

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;

use super::kernel::{BoxLines, ColumnLines, Kernel, Known, OptionSet};
use super::mex::Stamps;
use super::row_major::RowMajor;
use super::{DENSE_BIG, Stop, Watch};
use cells::{Along, Cells};

/// Dense slots a two-parameter family may use, 4 bytes each: 32 MiB holds
/// arguments to about 2000 on both sides, and a single far-off position
/// cannot make the table much larger.
const GRID_SLOTS: u64 = 1 << 23;

/// Positions one box may hold: a larger box is left to the generic search,
/// which visits only the positions a game reaches.
const GRID_CELLS: u64 = 1 << 22;

/// Positions a box past the pairing's reach may hold (see the module
/// doc), 4 bytes each: 1 GiB, where `--max-memory` and `--max-positions`
/// allow it (9000 × 9000 positions fill in seconds; searched one by one,
/// in minutes).
const STRIP_CELLS: u64 = 1 << 28;

/// The slot of `(a, b)`: `(a + b)(a + b + 1)/2 + b`, if it is within
/// `GRID_SLOTS`.
pub(super) fn slot(a: i64, b: i64) -> Option<usize> {
    let (a, b) = (u64::try_from(a).ok()?, u64::try_from(b).ok()?);
    let diagonal = a.checked_add(b)?;
    let slot = diagonal
        .checked_mul(diagonal + 1)?
        .checked_div(2)?
        .checked_add(b)?;
    (slot < GRID_SLOTS).then_some(slot as usize)
}

/// The arguments `(a, b)` whose slot is `slot`.
pub(super) fn arguments(slot: usize) -> (i64, i64) {
    let slot = slot as u64;
    // The diagonal d with d(d + 1)/2 <= slot < (d + 1)(d + 2)/2.
    let mut diagonal = (((8 * slot + 1) as f64).sqrt() as u64).saturating_sub(1) / 2;
    while (diagonal + 1) * (diagonal + 2) / 2 <= slot {
        diagonal += 1;
    }
    while diagonal * (diagonal + 1) / 2 > slot {
        diagonal -= 1;
    }
    let b = slot - diagonal * (diagonal + 1) / 2;
    ((diagonal - b) as i64, b as i64)
}

/// The state of one family's bottom-up computation over a box.
#[derive(Default)]
pub(super) struct Grid {
    /// Every position `(a, b)` with `a < rows`, `b < cols` has a value.
    rows: usize,
    cols: usize,
    /// The table's length when the box `rows × cols` was filled: its
    /// values at slots below it are in the table.
    learned: usize,
    /// Every position `(a, b)` with `a + b < diagonal` has a value (a
    /// triangle filled).
    diagonal: usize,
    /// Set when the kernel could not vouch for a position: from then on the
    /// generic search computes the family.
    blocked: bool,
    options: OptionSet,
    marks: RefCell<Stamps>,
    /// The values of the last box, where it reaches past the table.
    kept: Option<RowMajor>,
    /// Whether boxes are filled column by column (see `Cells::by_columns`).
    by_columns: bool,
    /// Whether a box missed an option and a triangle held it: the next
    /// fills are triangles, where trying a box first would walk it only
    /// to miss again.
    by_triangles: bool,
    /// How the fills computed their positions, for `--stats`.
    ways: BoxFills,
    /// The pairs the kernel keeps in order (`Kernel::ordered`) that every
    /// position asked so far has in order: the fills skip the positions
    /// that have them the other way round, which no option reaches.
    halves: Option<Vec<(usize, usize)>>,
}

/// How many positions a family's box fills computed by each way: a
/// column's plan (`kernel::ColumnLines`), the lines of the box
/// (`kernel::BoxLines`), or the walk of the family's program.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct BoxFills {
    pub by_columns: u64,
    pub by_lines: u64,
    pub by_walk: u64,
}

/// `size`, or at least `known` and a `part` of it (`known + known /
/// part`) where it is longer than a known size: the fills' sizes grow
/// geometrically.
fn grown(size: usize, known: usize, part: usize) -> usize {
    match size > known && known > 0 {
        true => size.max(known + known / part),
        false => size,
    }
}

/// The last diagonal of the largest triangle the table holds (see
/// `Cells::triangle`): the diagonal of its last slot, less one unless that
/// slot ends its diagonal.
fn largest_triangle() -> usize {
    let (a, b) = arguments(GRID_SLOTS as usize - 1);
    (a + b) as usize - usize::from(a > 0)
}

/// The part of its side a box or triangle within the table grows by at
/// least: what a fill computes past what was asked stays small (a fill
/// that costs the cube of its side, Wythoff's, costs at most 1.4 times
/// the box asked for).
const GROWTH: usize = 8;

/// The longest side of the box a fill past the table tries first, to
/// learn how wide it must be (`Engine::probed_extent`).
const PROBE: usize = 1024;

/// `asked`, the extent of a box past the table, widened to hold `missed`,
/// a position that a fill of `cells` missed: each side it passes at least
/// doubles, so that asking for one row after another computes each row
/// once or twice; the others stay as asked.
fn widened(asked: (usize, usize), [x, y]: [i64; 2], cells: Cells) -> (usize, usize) {
    let widen = |at: usize, needed: i64, size: usize| match needed as usize >= size {
        true => at.max((needed as usize).max(2 * size - 1)),
        false => at,
    };
    (widen(asked.0, x, cells.rows), widen(asked.1, y, cells.cols))
}

/// What a fill reads a position's options from: the table, the box being
/// filled, and where it notes a position missed past the box.
type Seen<'a> = (&'a [u32], &'a RowMajor, &'a Cell<Option<[i64; 2]>>);

/// How a fill ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Filled {
    /// Every cell has its value.
    All,
    /// The kernel could not vouch for a cell (those before it keep their
    /// values): for want of the position outside the box, both arguments
    /// non-negative, where that was why.
    Stopped(Option<[i64; 2]>),
}

/// The values known so far, as the kernel looks them up: the box being
/// filled from its row-major copy, anything else from the table.
struct Values<'a> {
    table: &'a [u32],
    rows_major: &'a RowMajor,
    /// The marks of the position being computed, for lines inside the
    /// box; every value in the box has a slot.
    marks: &'a RefCell<Stamps>,
    /// A position outside the box that was asked for and is not known.
    missed: &'a Cell<Option<[i64; 2]>>,
}

impl Values<'_> {
    /// Notes that the position `(a, b)`, outside the box, is not known.
    #[cold]
    fn miss(&self, a: i64, b: i64) {
        if a >= 0 && b >= 0 && self.rows_major.get(&[a, b]).is_none() {
            self.missed.set(Some([a, b]));
        }
    }
}

impl Known for Values<'_> {
    #[inline]
    fn value(&self, args: &[i64]) -> Option<u64> {
        let value = match self.rows_major.get(args) {
            Some(value) => value,
            None => (slot(args[0], args[1]).and_then(|slot| self.table.get(slot).copied()))
                .unwrap_or(DENSE_BIG),
        };
        if value >= DENSE_BIG {
            self.miss(args[0], args[1]);
            return None;
        }
        Some(value as u64)
    }

    fn line(&self) -> &[u32] {
        &[]
    }

    /// A line inside the box is a strided run of its row-major copy.
    #[inline]
    fn run(&self, args: &[i64], steps: &[i64], count: usize) -> Option<(&[u32], i64, i64)> {
        let (first, stride) = self.rows_major.run(args, steps, count)?;
        Some((self.rows_major.values(), first, stride))
    }

    /// A line inside the box is marked rather than appended: the fill
    /// takes the mex over the marks and `out` together.
    #[inline(always)]
    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        if let Some((line, stride)) = self.rows_major.line(args, steps, count) {
            let mut marks = self.marks.borrow_mut();
            if nim < marks.len() {
                return marks.mark_line(line, stride, nim).then_some(());
            }
        }
        let (a, b, da, db) = (args[0], args[1], steps[0], steps[1]);
        let last = count.checked_sub(1)? as i64;
        let end_a = a.checked_add(da.checked_mul(last)?)?;
        let end_b = b.checked_add(db.checked_mul(last)?)?;
        // Both ends have slots, so every point between them has one: the
        // arguments move in straight lines and the slot is convex along
        // them, so the slots of the ends bound all others.
        let in_table = (slot(a, b).zip(slot(end_a, end_b)))
            .is_some_and(|(first, last)| first.max(last) < self.table.len());
        if !in_table {
            // Past the table: the box's values, one by one.
            for i in 0..=last {
                out.push(self.value(&[a + i * da, b + i * db])? ^ nim);
            }
            return Some(());
        }
        let (mut a, mut b) = (a, b);
        for _ in 0..count {
            let diagonal = (a + b) as usize;
            let value = match *self.table.get(diagonal * (diagonal + 1) / 2 + b as usize)? {
                value if value < DENSE_BIG => value as u64,
                // The box's own values reach the table once it is filled;
                // a position past the box is noted as missed.
                _ => self.value(&[a, b])?,
            };
            out.push(value ^ nim);
            a += da;
            b += db;
        }
        Some(())
    }
}

impl Grid {
    /// The box that computing `(a, b)` needs, unless it is too large or
    /// the family is blocked. With `grow`, a side longer than the box
    /// filled before grows by at least a `GROWTH`th, where that fits: asking
    /// for one position after another, each a little past the last
    /// (`[g(F(n, n)) for n in 0..=N]`), fills boxes whose sizes add up to
    /// a few times the last, where one box a row and a column larger
    /// than the one before would add up to `N` times it.
    pub(super) fn extent(&self, a: usize, b: usize, grow: bool) -> Option<Cells> {
        if self.blocked {
            return None;
        }
        let (rows, cols) = (self.rows.max(a + 1), self.cols.max(b + 1));
        // Grown as far as the table allows: a box near its limit asked a
        // column at a time (`[g(T(2000, b)) for b in 0..=2000]`) would
        // otherwise grow a column a fill, copying the box each time.
        let larger = grow.then(|| {
            let most = (
                grown(rows, self.rows, GROWTH),
                grown(cols, self.cols, GROWTH),
            );
            let part = |least: usize, most: usize, t: usize| least + (most - least) * t / 16;
            (1..=16)
                .rev()
                .find_map(|t| Cells::fitting(part(rows, most.0, t), part(cols, most.1, t), None))
        });
        larger
            .flatten()
            .or_else(|| Cells::fitting(rows, cols, None))
            .or_else(|| {
                // A box past the table grows at least half as long again,
                // so that asking for one row after another computes each
                // row once (the box's values are kept) and copies it a few
                // times, not once for every row after it. Growing twice as
                // long computed up to twice the rows asked: 4100 rows of
                // Euclid's game for 3001 asked one at a time, whose last
                // rows cost the most.
                Cells::strip(grown(rows, self.rows, 2), grown(cols, self.cols, 2))
                    .or_else(|| Cells::strip(rows, cols))
            })
    }

    /// The triangle that computing `(a, b)` needs (`Cells::triangle`),
    /// grown as `extent` grows a box when `grow`, unless it is too large
    /// or the family is blocked (a box and a triangle both stopped: each
    /// position the search then asks would fill a triangle that stops
    /// again).
    /// Grown, it is at most the largest the table holds: near that limit,
    /// a triangle one diagonal longer than the last for each query would
    /// copy the table once a diagonal.
    pub(super) fn triangle(&self, a: usize, b: usize, along: Along, grow: bool) -> Option<Cells> {
        if self.blocked {
            return None;
        }
        let diagonal = a + b;
        let grown = match grow {
            true => (grown(diagonal + 1, self.diagonal, GROWTH) - 1)
                .min(largest_triangle())
                .max(diagonal),
            false => diagonal,
        };
        Cells::triangle(grown, along)
    }

    /// The value of `(a, b)` in a box past the table, if it is known.
    pub(super) fn kept_value(&self, a: i64, b: i64) -> Option<u32> {
        let value = self.kept.as_ref()?.get(&[a, b])?;
        (value < DENSE_BIG).then_some(value)
    }

    /// Whether a box past the table holds the position of dense slot
    /// `slot` as well.
    pub(super) fn keeps(&self, slot: usize) -> bool {
        let (a, b) = arguments(slot);
        self.kept
            .as_ref()
            .is_some_and(|kept| kept.get(&[a, b]).is_some())
    }

    /// How many positions a box past the table holds.
    pub(super) fn kept_len(&self) -> usize {
        self.kept.as_ref().map_or(0, RowMajor::len)
    }

    /// How many positions a box past the table holds that have values.
    pub(super) fn kept_known(&self) -> usize {
        self.kept.as_ref().map_or(0, RowMajor::known)
    }

    /// How the fills computed their positions.
    pub(super) fn ways(&self) -> BoxFills {
        self.ways
    }

    /// Keeps the half boxes of the pairs `ordered` that `asked` has in
    /// order, as the position asked first did. Where `asked` has one the
    /// other way round, the fills skip that half no longer, and walk the
    /// box again to fill it.
    fn keep_halves(&mut self, ordered: &[(usize, usize)], asked: [i64; 2]) {
        let in_order = |&(m, n): &(usize, usize)| asked[m] <= asked[n];
        let Some(halves) = &mut self.halves else {
            self.halves = Some(ordered.iter().copied().filter(in_order).collect());
            return;
        };
        let before = halves.len();
        halves.retain(in_order);
        if halves.len() < before {
            (self.rows, self.cols, self.diagonal) = (0, 0, 0);
        }
    }

    /// Leaves the family to the generic search from now on.
    pub(super) fn block(&mut self) {
        self.blocked = true;
    }

    /// Computes every value of `cells` (as `extent` or `triangle` gave
    /// them): a box row by row, a triangle diagonal by diagonal.
    pub(super) fn fill(
        &mut self,
        values: &mut [u32],
        kernel: &Kernel,
        cells: Cells,
        limit: u64,
        watch: &Watch,
    ) -> Result<Filled, Stop> {
        let Cells { rows, cols, .. } = cells;
        let extents = [rows as i64, cols as i64];
        // The box's values, 4 bytes each, beside the box it replaces.
        watch.room_for(4 * rows as u64 * cols as u64)?;
        let kept = self.kept.take();
        let fastest = kernel.fastest_param();
        let mut rows_major = match &kept {
            None => RowMajor::unknown(&extents, fastest),
            Some(kept) => RowMajor::around(&extents, fastest, kept),
        };
        // The kept box's own cells hold their values already: where one is
        // not known, outside the box filled whole, the fill computes it.
        // Copied again, each cell is a new cache line, at every growth of
        // a box asked a row at a time (with the copy out, 26% of Euclid's
        // game asked so).
        let held = kept.as_ref().map_or([0, 0], |kept| {
            let extents = kept.extents();
            [extents[0], extents[1]]
        });
        diagonals(rows, cols, values.len(), |(a, b), index| {
            if a < held[0] && b < held[1] {
                return;
            }
            if let Some(&value) = values.get(index) {
                rows_major.set(&[a, b], value);
            }
        });
        self.marks.get_mut().fit(rows_major.widest() as u64);
        let filled = self.fill_cells(values, &mut rows_major, kernel, cells, limit, watch);
        // The table learns the box's values in its own order, sequentially,
        // where storing each as it is found would touch a new cache line
        // per position; those of the box filled before, once.
        let known = [self.rows as i64, self.cols as i64];
        diagonals(rows, cols, values.len(), |(a, b), index| {
            if a < known[0] && b < known[1] && index < self.learned {
                return;
            }
            if let (Some(value), Some(slot)) = (rows_major.get(&[a, b]), values.get_mut(index)) {
                *slot = value;
            }
        });
        // A box past the table replaces the last; a box or triangle the
        // table holds leaves it as it was.
        self.kept = match cells.last_slot() {
            None => Some(rows_major),
            Some(_) => kept,
        };
        let filled = filled?;
        match (filled, cells.diagonal) {
            (Filled::All, None) => {
                (self.rows, self.cols, self.learned) = (rows, cols, values.len())
            }
            (Filled::All, Some((last, _))) => self.diagonal = self.diagonal.max(last + 1),
            _ => {}
        }
        Ok(filled)
    }

    /// Computes the values of `cells` in order, as `fill` says.
    fn fill_cells(
        &mut self,
        values: &[u32],
        rows_major: &mut RowMajor,
        kernel: &Kernel,
        cells: Cells,
        limit: u64,
        watch: &Watch,
    ) -> Result<Filled, Stop> {
        // The lines of every element, or of some beside the kernel of
        // the others (`Kernel::split_lines`).
        let (lines, rest) = match kernel.lines_in_box::<2>(limit) {
            Some(lines) => (Some(lines), None),
            None => match kernel.partial_lines_in_box(limit) {
                Some((lines, rest)) => (Some(lines), Some(rest)),
                None => (None, None),
            },
        };
        let columns = (lines.as_ref()).map(|lines| ColumnLines::new(lines, rows_major));
        let missed = Cell::new(None);
        let mut done = 0usize;
        let known = (self.rows, self.cols, self.diagonal);
        let halves = self.halves.iter().flatten();
        let skipped: Vec<(usize, usize)> = kernel.capped.iter().chain(halves).copied().collect();
        let mut fill = |args: [i64; 2]| {
            done += 1;
            if done.is_multiple_of(1 << 12)
                && let Err(stop) = watch.check()
            {
                return ControlFlow::Break(Err(stop));
            }
            // The box holds what the table holds, in the order the
            // fill walks: asking it is no cache miss.
            if rows_major.get(&args).is_some_and(|v| v < DENSE_BIG) {
                return ControlFlow::Continue(());
            }
            // No option of a position of the box reaches one past a cap,
            // and a query there is searched from the box's values; none
            // reaches the half of a pair kept in order that the queries
            // do not ask.
            if skipped.iter().any(|&(m, n)| args[m] > args[n]) {
                return ControlFlow::Continue(());
            }
            let marks = self.marks.get_mut();
            marks.start();
            // A position of a planned column, most often, inline; the others
            // out of line.
            let planned = (columns.as_ref()).and_then(|c| c.mark(&args, rows_major, marks));
            let known = (values, &*rows_major, &missed);
            let value = match planned {
                Some(Some(count)) => {
                    self.ways.by_columns += 1;
                    match rest {
                        None => Some(marks.mex(count, &[])),
                        Some(rest) => self.beside(count, rest, args, known, limit),
                    }
                }
                _ => self.unplanned_value(args, known, kernel, (lines.as_ref(), rest), limit),
            };
            let value = value.filter(|&v| v < DENSE_BIG as u64);
            let Some(value) = value else {
                return ControlFlow::Break(Ok(Filled::Stopped(missed.get())));
            };
            rows_major.set(&args, value as u32);
            self.marks.get_mut().fit(value);
            ControlFlow::Continue(())
        };
        let walked = cells.each(known, |first, step, count| {
            for i in 0..count {
                fill([first[0] + i * step[0], first[1] + i * step[1]])?;
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(ended) = walked {
            return ended;
        }
        Ok(Filled::All)
    }

    /// The value of the position `args` of a box by its lines, or else by
    /// the walk (`None` where that gives up): a position that no planned
    /// column marks.
    #[inline(never)]
    fn unplanned_value(
        &mut self,
        args: [i64; 2],
        known: Seen,
        kernel: &Kernel,
        (lines, rest): (Option<&BoxLines<2>>, Option<&Kernel>),
        limit: u64,
    ) -> Option<u64> {
        let (table, rows_major, missed) = known;
        let marks = self.marks.get_mut();
        let marked = lines.and_then(|lines| {
            marks.start();
            lines.mark(&args, rows_major, marks)
        });
        let marked = marked.and_then(|count| match rest {
            None => Some(self.marks.get_mut().mex(count, &[])),
            Some(rest) => self.beside(count, rest, args, known, limit),
        });
        if marked.is_some() {
            self.ways.by_lines += 1;
        }
        marked.or_else(|| {
            // The walk's, which starts its marks anew.
            self.ways.by_walk += 1;
            self.marks.get_mut().start();
            let known = Values {
                table,
                rows_major,
                marks: &self.marks,
                missed,
            };
            kernel.options(&args, &known, limit, &mut self.options)?;
            let options = &self.options;
            let marks = self.marks.get_mut();
            Some(
                (options.alias_value())
                    .unwrap_or_else(|| marks.mex(options.count, &options.points)),
            )
        })
    }

    /// The value of the position `args` whose lines marked `count`
    /// options: the kernel of the elements that are no lines (`rest`)
    /// walked beside them, its options marked or listed with theirs.
    /// `None` where the walk gives up, or the two pass the list limit.
    fn beside(
        &mut self,
        count: u64,
        rest: &Kernel,
        args: [i64; 2],
        (table, rows_major, missed): Seen,
        limit: u64,
    ) -> Option<u64> {
        let known = Values {
            table,
            rows_major,
            marks: &self.marks,
            missed,
        };
        rest.options(&args, &known, limit.checked_sub(count)?, &mut self.options)?;
        let options = &self.options;
        Some(
            self.marks
                .get_mut()
                .mex(count + options.count, &options.points),
        )
    }
}

/// Calls `visit` with every `(a, b)` of the box `rows × cols` and its slot,
/// in the order of the slots, up to slot `slots` (the table's length): a
/// pass that reads or writes the table sequentially.
fn diagonals(rows: usize, cols: usize, slots: usize, mut visit: impl FnMut((i64, i64), usize)) {
    for diagonal in 0..(rows + cols).saturating_sub(1) {
        let start = diagonal * (diagonal + 1) / 2;
        if start >= slots {
            break;
        }
        // b < cols and a = diagonal − b < rows.
        let low = (diagonal + 1).saturating_sub(rows);
        for b in low..=diagonal.min(cols.saturating_sub(1)) {
            visit(((diagonal - b) as i64, b as i64), start + b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{arguments, diagonals, slot};

    #[test]
    fn diagonals_visit_each_cell_of_a_box_once_in_slot_order() {
        for (rows, cols) in [(1, 1), (3, 7), (7, 3), (5, 5)] {
            let mut visited = Vec::new();
            diagonals(rows, cols, usize::MAX, |(a, b), index| {
                assert_eq!(slot(a, b), Some(index));
                visited.push(index);
            });
            assert!(visited.windows(2).all(|w| w[0] < w[1]), "{rows}×{cols}");
            assert_eq!(visited.len(), rows * cols);
        }
    }

    #[test]
    fn the_pairing_is_a_bijection_on_small_arguments() {
        let mut seen = vec![false; 5051];
        for a in 0..100 {
            for b in 0..100 - a {
                let s = slot(a, b).expect("small");
                assert!(!seen[s], "({a}, {b}) shares slot {s}");
                seen[s] = true;
                assert_eq!(arguments(s), (a, b));
            }
        }
        assert_eq!(slot(-1, 0), None);
        assert_eq!(slot(1 << 40, 0), None);
    }
}

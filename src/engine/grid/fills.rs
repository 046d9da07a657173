//! The engine's side of the grid: which box or triangle a two-parameter
//! query fills, how far it grows, and whether the dense table grows to
//! hold it or it is kept apart. Apart from `grid` itself, which computes a
//! box's values once these are chosen.

use super::cells::{Along, Cells};
use super::{Filled, PROBE, STRIP_CELLS, arguments, slot, widened};
use crate::engine::game::{FamilyId, PosId};
use crate::engine::kernel::{Kernel, MAX_PARAMS};
use crate::engine::row_major::RowMajor;
use crate::engine::{
    Arg, DENSE_BIG, DENSE_UNKNOWN, Engine, HASHED, IN_PROGRESS, Shape, Stop, list_of_ints,
};

/// The engine's two-parameter positions, and its fills of their boxes.
impl<A: Arg> Engine<A> {
    /// The arguments of a two-parameter position kept in a dense table.
    #[inline]
    pub fn dense_pair(&self, pos: PosId) -> Option<(i64, i64)> {
        let dense = pos.index & HASHED == 0 && self.tables[pos.family.0 as usize].shape.ints() == 2;
        dense.then(|| arguments(pos.index as usize))
    }

    /// The arguments of a two-parameter position kept in the hash table
    /// (too large for the dense table's pairing).
    pub fn hashed_pair(&self, pos: PosId) -> Option<(i64, i64)> {
        match self.hashed_ints(pos)?[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }
    }

    /// The integers of a position of two to four integer arguments (or a
    /// board of as many) kept in the hash table.
    pub(in crate::engine) fn hashed_ints(&self, pos: PosId) -> Option<Vec<i64>> {
        let shape = self.tables[pos.family.0 as usize].shape;
        if pos.index & HASHED == 0 || !(2..=MAX_PARAMS).contains(&shape.ints()) {
            return None;
        }
        let key = self.key(pos);
        let ints: Vec<i64> = match shape {
            Shape::Board(_) => list_of_ints(&key)?,
            Shape::Ints(_) | Shape::List => key.iter().map(A::as_int).collect::<Option<_>>()?,
        };
        (ints.len() == shape.ints()).then_some(ints)
    }

    /// Computes the values of a box of `family(0..=a, 0..=b)` row by row
    /// with the family's kernel, or where an option leaves every box (one
    /// heap moved into the other), of the triangle below `a + b`;
    /// `Ok(false)` when both are too large or the kernel cannot vouch for
    /// some position, which the generic search must then compute. `pos`
    /// is `family(a, b)`: its value is known after a fill.
    pub fn fill_grid(
        &mut self,
        pos: PosId,
        kernel: &Kernel,
        (a, b): (i64, i64),
    ) -> Result<bool, Stop> {
        // No box holds an argument as large as a box's whole size.
        let fits = |x: i64| {
            usize::try_from(x)
                .ok()
                .filter(|&x| (x as u64) < STRIP_CELLS)
        };
        let (Some(rows), Some(cols)) = (fits(a), fits(b)) else {
            return Ok(false);
        };
        let family = pos.family;
        if self.learn_from_the_grid(pos, (a, b)) {
            return Ok(true);
        }
        let grid = &mut self.tables[family.0 as usize].grid;
        grid.keep_halves(&kernel.ordered, [a, b]);
        let by_triangles = self.tables[family.0 as usize].grid.by_triangles;
        if by_triangles && self.fill_triangles(pos, kernel, (a, b))? {
            return Ok(true);
        }
        let mut asked = (rows, cols);
        let probes = rows.max(cols) > PROBE
            && Cells::fitting(rows + 1, cols + 1, None).is_none()
            && self.tables[family.0 as usize].grid.kept_len() == 0;
        if probes {
            asked = self.probed_extent(family, kernel, asked, (a, b))?;
        }
        // A box grown past what was asked may hold a position the kernel
        // cannot vouch for where the asked one holds none: it is tried
        // first, then the asked box.
        let mut grow = true;
        loop {
            let grid = &self.tables[family.0 as usize].grid;
            let Some(mut cells) = grid.extent(asked.0, asked.1, grow) else {
                break;
            };
            let grown = grid.extent(asked.0, asked.1, false) != Some(cells);
            cells.by_columns = grid.by_columns;
            match self.fill_cells(family, kernel, cells, (a, b))? {
                Filled::All => return Ok(self.learn_from_the_grid(pos, (a, b))),
                Filled::Stopped(_) if grown => grow = false,
                // An option inside the box not computed yet: row by row
                // was the wrong way round, column by column may do.
                Filled::Stopped(None) if !cells.by_columns => {
                    self.tables[family.0 as usize].grid.by_columns = true;
                }
                // A box grows, twice as large, to hold an option it did
                // not (`F(n - k, k)` asked at `(n, 0)`), where a triangle
                // would hold every position below the query's diagonal. A
                // box in the table grows only while it stays there: options
                // that leave every box one way (`R(a - 1, b + k)`) are a
                // triangle's.
                Filled::Stopped(Some(missed)) => {
                    let wider = widened(asked, missed, cells);
                    let in_table = |(a, b): (usize, usize)| Cells::fitting(a + 1, b + 1, None);
                    if cells.last_slot().is_some() && in_table(wider).is_none() {
                        break;
                    }
                    asked = wider;
                }
                Filled::Stopped(_) => break,
            }
        }
        if !by_triangles && self.fill_triangles(pos, kernel, (a, b))? {
            return Ok(true);
        }
        self.tables[family.0 as usize].grid.block();
        Ok(false)
    }

    /// The extent of a box past the table asked as `asked`, learnt from
    /// boxes no longer than `PROBE` either way, kept apart from the table:
    /// a position one misses inside its extent widens the next as it
    /// would the whole box (`F(n - k, k)` asked at `(n, 0)` misses `(n -
    /// 1, 1)`, then `(n - 3, 3)`), without a box of every row allocated,
    /// filled and copied for each miss.
    fn probed_extent(
        &mut self,
        family: FamilyId,
        kernel: &Kernel,
        mut asked: (usize, usize),
        query: (i64, i64),
    ) -> Result<(usize, usize), Stop> {
        loop {
            let mut cells = Cells::probe(asked.0.min(PROBE) + 1, asked.1.min(PROBE) + 1);
            cells.by_columns = self.tables[family.0 as usize].grid.by_columns;
            let Filled::Stopped(Some(missed)) = self.fill_cells(family, kernel, cells, query)?
            else {
                return Ok(asked);
            };
            let [x, y] = missed.map(|t| t as usize);
            let wider = widened(asked, missed, cells);
            if x >= PROBE.max(cells.rows) || y >= PROBE.max(cells.cols) || wider == asked {
                return Ok(asked);
            }
            asked = wider;
        }
    }

    /// Fills the triangle below `pos`, `family(a, b)` (`Cells::triangle`),
    /// walked one way or the other, grown or as asked: whether one held
    /// it. The positions a triangle computed before it stopped keep their
    /// values: the next goes on from there.
    fn fill_triangles(
        &mut self,
        pos: PosId,
        kernel: &Kernel,
        (a, b): (i64, i64),
    ) -> Result<bool, Stop> {
        let family = pos.family;
        let (rows, cols) = (a as usize, b as usize);
        let orders = Along::ALL.into_iter();
        for (along, grow) in orders.flat_map(|along| [(along, true), (along, false)]) {
            let grid = &self.tables[family.0 as usize].grid;
            if let Some(triangle) = grid.triangle(rows, cols, along, grow)
                && (grow || grid.triangle(rows, cols, along, true) != Some(triangle))
                && self.fill_cells(family, kernel, triangle, (a, b))? == Filled::All
            {
                self.tables[family.0 as usize].grid.by_triangles = true;
                return Ok(self.learn_from_the_grid(pos, (a, b)));
            }
        }
        Ok(false)
    }

    /// Whether the value of `pos`, `family(a, b)`, is known after its
    /// family's fills: in the dense table, or learnt by a position of the
    /// hash table from a box past the table (or from the table).
    fn learn_from_the_grid(&mut self, pos: PosId, (a, b): (i64, i64)) -> bool {
        if self.value(pos) < IN_PROGRESS {
            return true;
        }
        let table = &self.tables[pos.family.0 as usize];
        let value = (table.grid.kept_value(a, b)).or_else(|| {
            let value = *table.dense.get(slot(a, b)?)?;
            (value < DENSE_BIG).then_some(value)
        });
        if let Some(value) = value {
            self.set_value(pos, value as u64);
        }
        value.is_some()
    }

    /// Fills `cells` of `family`'s grid, its table grown to hold them (a
    /// box past the table's reach, to hold the position `asked`).
    fn fill_cells(
        &mut self,
        family: FamilyId,
        kernel: &Kernel,
        mut cells: Cells,
        asked: (i64, i64),
    ) -> Result<Filled, Stop> {
        let table = &mut self.tables[family.0 as usize];
        let room = self.limits.max_positions.saturating_sub(self.positions);
        let growth = |cells: Cells| match cells.last_slot() {
            Some(corner) => (Some(corner), (corner + 1).saturating_sub(table.dense.len())),
            None => {
                let kept = table.grid.kept_len() as u64;
                let own = (cells.count() - kept) as usize;
                // The table grows to the position asked where the limit
                // lets it; else that position stays in the hash table.
                let asked = slot(asked.0, asked.1);
                let slots = asked.map_or(0, |s| (s + 1).saturating_sub(table.dense.len()));
                match (own + slots) as u64 <= room {
                    true => (asked, own + slots),
                    false => (None, own),
                }
            }
        };
        let (mut last, mut grow) = growth(cells);
        // A box the table would hold, kept apart instead where growing the
        // table to its corner passes the limit and its own positions do
        // not: `W(1000, 7)` needs 8,008 positions, its corner's slot is
        // 508,535.
        let apart = Cells {
            apart: true,
            ..cells
        };
        if grow as u64 > room && cells.diagonal.is_none() && growth(apart).1 as u64 <= room {
            (last, grow) = growth(apart);
            cells = apart;
        }
        // Past that, a box of the position asked alone, kept apart in
        // place of the last one where the two would grow into one too
        // large (`W(7, 1000)` after `W(1000, 7)`): the values they share
        // are kept. Only after a box that held all it was asked for, and
        // where the two lie along different sides (the box that holds
        // both is more than four times their size): otherwise the box of
        // its own most likely misses an option, and is widened into one
        // the limit refuses, after which the search takes over.
        let kept = table.grid.kept_len() as u64;
        let own = Cells {
            rows: asked.0 as usize + 1,
            cols: asked.1 as usize + 1,
            ..apart
        };
        let grid = &table.grid;
        let complete = (grid.kept.as_ref()).map(RowMajor::extents)
            == Some(vec![grid.rows as i64, grid.cols as i64]);
        let apart_sides = cells.count() > 4 * (own.count() + kept);
        if grow as u64 > room
            && cells.diagonal.is_none()
            && complete
            && apart_sides
            && own.count() <= room + kept
        {
            self.positions -= kept;
            (last, grow, cells) = (None, own.count() as usize, own);
        }
        let room = self.limits.max_positions.saturating_sub(self.positions);
        if grow as u64 > room {
            // A box holds every position below the one asked: with it, the
            // positions are known (a triangle, or a box that is then
            // grown, may not be the last asked for).
            if cells.diagonal.is_none() {
                self.refused = Some((family, self.positions + grow as u64));
            }
            return Ok(Filled::Stopped(None));
        }
        self.positions += grow as u64;
        if let Some(last) = last.filter(|&last| last >= table.dense.len()) {
            table.dense.resize(last + 1, DENSE_UNKNOWN);
        }
        let limit = self.limits.max_list_len;
        table
            .grid
            .fill(&mut table.dense, kernel, cells, limit, &self.watch)
    }
}

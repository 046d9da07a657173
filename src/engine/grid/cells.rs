//! Which positions of a two-parameter family one fill computes, and in
//! what order: a box row by row or column by column, or a triangle `a + b
//! <= d` diagonal by diagonal, each diagonal walked one of four ways.

use std::ops::ControlFlow;

use super::{GRID_CELLS, STRIP_CELLS, largest_triangle, slot};

/// The positions one fill computes: the box `rows × cols`, or its
/// positions `(a, b)` with `a + b <= diagonal`, each diagonal walked in
/// the order `Along` says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct Cells {
    pub rows: usize,
    pub cols: usize,
    pub diagonal: Option<(usize, Along)>,
    /// A box walked column by column: where an option moves the first
    /// argument up and the second down (`C(1 - w, n - 1)`, a player to
    /// move beside a heap), row by row would ask for a row not computed
    /// yet.
    pub by_columns: bool,
    /// Kept apart from the table whatever its size (`Cells::probe`).
    pub apart: bool,
}

/// The order a triangle's diagonal `a + b = d` is walked in: each of its
/// halves, `a < b` and `a > b`, toward the diagonal's middle or away from
/// it. An option on its own diagonal (`T(a − k, b + k)`, tokens moved
/// from one heap onto the other) comes first when it moves the way the
/// walk does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::engine) enum Along {
    /// From `(0, d)`: the first half toward the middle, the second away.
    ARising,
    /// From `(d, 0)`: the first half away from the middle, the second
    /// toward it (`T(a + k, b − k)`).
    BRising,
    /// From the middle out, both halves: tokens moved from the larger heap
    /// onto the smaller while it stays no larger, either way.
    Outward,
    /// From both ends in: tokens moved from the smaller heap onto the
    /// larger, either way.
    Inward,
}

impl Along {
    /// Every order, in the order the fills try them.
    pub(super) const ALL: [Along; 4] = [
        Along::ARising,
        Along::BRising,
        Along::Outward,
        Along::Inward,
    ];
}

impl Cells {
    /// The box `rows × cols`, or its triangle up to `diagonal`, walked row
    /// by row and kept in the table where it fits.
    fn of(rows: usize, cols: usize, diagonal: Option<(usize, Along)>) -> Cells {
        Cells {
            rows,
            cols,
            diagonal,
            by_columns: false,
            apart: false,
        }
    }

    /// The cells, unless their box is too large.
    pub(super) fn fitting(
        rows: usize,
        cols: usize,
        diagonal: Option<(usize, Along)>,
    ) -> Option<Cells> {
        // The corner has the largest slot of the box.
        slot(rows as i64 - 1, cols as i64 - 1)?;
        let fits = (rows as u64).checked_mul(cols as u64)? <= GRID_CELLS;
        fits.then(|| Cells::of(rows, cols, diagonal))
    }

    /// A box past the table's reach (see the module doc), unless it is
    /// too large even so.
    pub(super) fn strip(rows: usize, cols: usize) -> Option<Cells> {
        let fits = (rows as u64).checked_mul(cols as u64)? <= STRIP_CELLS;
        fits.then(|| Cells::of(rows, cols, None))
    }

    /// A short box kept apart from the table as a strip is, wherever its
    /// corner lies (`PROBE`): a position outside it that is not known is
    /// a miss, never a slot of the table waiting for its value.
    pub(super) fn probe(rows: usize, cols: usize) -> Cells {
        Cells {
            apart: true,
            ..Cells::of(rows, cols, None)
        }
    }

    /// How many positions they are.
    pub(super) fn count(self) -> u64 {
        match self.diagonal {
            None => self.rows as u64 * self.cols as u64,
            Some((last, _)) => (last as u64 + 1) * (last as u64 + 2) / 2,
        }
    }

    /// The triangle of positions `(a, b)` with `a + b <= diagonal`, for
    /// a family whose options move a heap into the other (`T(a − k, b +
    /// k)`): those leave every box, but not the triangle. Each diagonal
    /// is walked in the order `along` says.
    /// Its positions are the table's first slots, so it fits wherever its
    /// last does, however many positions it holds.
    pub(super) fn triangle(diagonal: usize, along: Along) -> Option<Cells> {
        let side = diagonal + 1;
        (diagonal <= largest_triangle()).then(|| Cells::of(side, side, Some((diagonal, along))))
    }

    /// The largest slot among them: a box's corner, a triangle's `(0, d)`;
    /// `None` for a box kept apart from the table.
    pub(super) fn last_slot(self) -> Option<usize> {
        if self.apart {
            return None;
        }
        match self.diagonal {
            None => slot(self.rows as i64 - 1, self.cols as i64 - 1),
            Some((last, _)) => slot(0, last as i64),
        }
    }

    /// Visits them in the order the fill computes them, until `visit`
    /// breaks: a box row by row (rows below `known_rows` only from column
    /// `known_cols` on, the rest is known); a triangle diagonal by diagonal
    /// from `known_diagonal` on, so that an option on its own diagonal
    /// comes first when it moves the way the walk does. Plain nested loops
    /// with `visit` inlined: the walk costs a position a few instructions.
    /// The visitor takes a run of cells at once, `(first, step, count)`: a
    /// row's (or a column's) that it walks in its own loop, so that the
    /// call's set-up is paid once a run (a thin box's rows are four cells).
    #[inline(always)]
    pub(super) fn each<B>(
        self,
        (known_rows, known_cols, known_diagonal): (usize, usize, usize),
        mut visit: impl FnMut([i64; 2], [i64; 2], i64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let Cells { rows, cols, .. } = self;
        match self.diagonal {
            None if self.by_columns => {
                for b in 0..cols {
                    let first = if b < known_cols { known_rows } else { 0 };
                    let count = rows.saturating_sub(first) as i64;
                    visit([first as i64, b as i64], [1, 0], count)?;
                }
            }
            None => {
                for a in 0..rows {
                    let first = if a < known_rows { known_cols } else { 0 };
                    let count = cols.saturating_sub(first) as i64;
                    visit([a as i64, first as i64], [0, 1], count)?;
                }
            }
            Some((last, along)) => {
                for d in known_diagonal as i64..=last as i64 {
                    // The middle `(m, d − m)`, walked first outward and
                    // last inward.
                    let m = d / 2;
                    match along {
                        Along::ARising => visit([0, d], [1, -1], d + 1)?,
                        Along::BRising => visit([d, 0], [-1, 1], d + 1)?,
                        Along::Outward => {
                            visit([m, d - m], [1, -1], d - m + 1)?;
                            visit([m - 1, d - m + 1], [-1, 1], m)?;
                        }
                        Along::Inward => {
                            visit([d, 0], [-1, 1], d - m)?;
                            visit([0, d], [1, -1], m + 1)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

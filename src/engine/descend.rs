//! Families that count up (`U(t + k) for k in 1..=3 if t + k <= N`):
//! every option names a larger argument, so a fill from 0 stops at once
//! and a search from the query would visit each position twice through
//! the work stack. Instead the arguments from the query up to the largest
//! any of them names are computed from the top down, each after all of
//! its options, by the family's program.

use super::boards::Gathered;
use super::kernel::{Above, DenseFill, Kernel, OptionSet, Reading};
use super::mex::Stamps;
use super::{Arg, DENSE_BIG, DENSE_LIMIT, Engine, PosId, Stop};

/// Where a family's fill counting down started, for `--stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descent {
    /// From the largest argument the options named.
    FromLargestNamed,
    /// From below this heap, past which no position has an option.
    FromBare(i64),
}

impl<A: Arg> Engine<A> {
    /// Computes the position `pos` of a one-parameter family from the top
    /// down when every option of every argument from `pos`'s up names a
    /// larger one (and no split, other family or game): `Ok(false)`, and
    /// never again for the family, when one does not, when the program
    /// cannot vouch for an argument there (it may fail where the query
    /// never goes), or when the arguments named would pass the position
    /// limit; the search then takes the position. Where no position has
    /// an option past some heap (`Kernel::bare_from`), every argument
    /// below it is computed, with no walk up to find the largest named.
    pub fn descend(&mut self, pos: PosId, kernel: &Kernel) -> Result<bool, Stop> {
        let family = pos.family.0 as usize;
        let Some(query) = self.dense_arg(pos) else {
            return Ok(false);
        };
        let plain = kernel.params == 1 && !kernel.list && kernel.foreign.is_empty();
        if self.tables[family].no_descent
            || !plain
            || kernel.has_split()
            || kernel.alias().is_some()
        {
            return Ok(false);
        }
        // Below where positions have no options, every argument is
        // computed, reached or not; where one cannot be, the walk takes
        // those the options name.
        if let Some(bare) = kernel.bare_from()
            && let top = query.max(bare - 1)
            && (top - query) as u64 <= self.room()
            && self.count_down(pos, kernel, (query, top), bare)?
        {
            return Ok(true);
        }
        let Some(top) = self.top_named(query, kernel)? else {
            self.tables[family].no_descent = true;
            return Ok(false);
        };
        if !self.count_down(pos, kernel, (query, top), i64::MAX)? {
            self.tables[family].no_descent = true;
            return Ok(false);
        }
        Ok(true)
    }

    /// How many more positions the limit allows.
    fn room(&self) -> u64 {
        self.limits.max_positions.saturating_sub(self.positions)
    }

    /// Computes the arguments `query..=top` of `pos`'s family from the top
    /// down, those from `bare` on having no options: whether the program
    /// vouched for each (those computed before one it did not keep their
    /// values).
    fn count_down(
        &mut self,
        pos: PosId,
        kernel: &Kernel,
        (query, top): (i64, i64),
        bare: i64,
    ) -> Result<bool, Stop> {
        let family = pos.family.0 as usize;
        if top as u64 >= DENSE_LIMIT {
            return Ok(false);
        }
        let grow = (top as usize + 1).saturating_sub(self.tables[family].dense.len());
        self.positions += grow as u64;
        let table = &mut self.tables[family];
        table
            .dense
            .resize(table.dense.len() + grow, super::DENSE_UNKNOWN);
        let (mut options, mut marks) = (OptionSet::default(), Stamps::default());
        let mut fill = DenseFill::default();
        let limit = self.limits.max_list_len;
        let dense = kernel.fills_densely();
        let mut m = top;
        while m >= query {
            if m % 64 == 0 {
                self.watch.check()?;
            }
            let table = &mut self.tables[family];
            if table.dense[m as usize] < DENSE_BIG {
                m -= 1;
                continue;
            }
            if dense {
                let reading = Reading::Above { bare };
                let next =
                    kernel.dense_run(&mut table.dense, (m, query - 1), reading, limit, &mut fill);
                if next < m {
                    m = next;
                    continue;
                }
            }
            // Given up, or a value past the table's: one position alone.
            let above = Above {
                table: &table.dense,
                bare,
            };
            // Each option marked as the program makes it where it may be
            // (`Kernel::dense_value`), else listed.
            let value = match dense {
                true => kernel.dense_value(m as usize, &above, limit, &mut fill),
                false => kernel.options(&[m], &above, limit, &mut options).map(|()| {
                    marks.start();
                    (options.alias_value())
                        .unwrap_or_else(|| marks.mex(options.count, &options.points))
                }),
            };
            let Some(value) = value else {
                return Ok(false);
            };
            table.set_dense_value(m as u32, value);
            m -= 1;
        }
        self.tables[family].descended = Some(match bare {
            i64::MAX => Descent::FromLargestNamed,
            bare => Descent::FromBare(bare),
        });
        Ok(true)
    }

    /// The largest argument named from `query` up, each argument's options
    /// naming larger ones only: `None` where one does not, where the
    /// program cannot vouch for an argument, or past the position limit.
    fn top_named(&self, query: i64, kernel: &Kernel) -> Result<Option<i64>, Stop> {
        let bound = (query as u64 + self.room()).min(DENSE_LIMIT) as i64;
        let (mut options, mut fill) = (OptionSet::default(), DenseFill::default());
        let limit = self.limits.max_list_len;
        let (mut top, mut m) = (query, query);
        let dense = kernel.fills_densely();
        while m <= top {
            if m % 64 == 0 {
                self.watch.check()?;
            }
            let named = match dense {
                true => kernel.dense_named(m as usize, &Gathered, limit, &mut fill),
                false => (kernel.options(&[m], &Gathered, limit, &mut options))
                    .map(|()| &options.boards[..]),
            };
            let Some(named) = named else {
                return Ok(None);
            };
            for &named in named {
                if named <= m || named >= bound {
                    return Ok(None);
                }
                top = top.max(named);
            }
            m += 1;
        }
        Ok(Some(top))
    }
}

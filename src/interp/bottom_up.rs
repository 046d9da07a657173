//! The search's bottom-up fills: a position whose family has an integer
//! program is computed with every smaller position of its family (a heap,
//! a box, a shell or a list), and a family without one may be ascended
//! heap by heap. Apart from `solve`, whose depth-first search asks them
//! first.

use std::time::{Duration, Instant};

use rustc_hash::FxHashSet;

use super::Interp;
use crate::engine::kernel::{Kernel, MAX_PARAMS};
use crate::engine::{IN_PROGRESS, LITERALS, ListFill, Shape, Stop, UNKNOWN};
use crate::progress;
use crate::value::{FamilyId, PosId, Value};

/// What the integer program of a position's family did for it.
pub(super) enum Fill {
    /// The position's value is known.
    Done,
    /// The generic search must compute this position first.
    First(PosId),
    /// The generic search must compute the position itself.
    Generic,
}

/// Positions a kernel computes before its first report of progress.
const FIRST_FILL_STEP: usize = 1 << 10;
/// About how long a kernel computes between two reports of progress.
const FILL_STEP_TIME: Duration = Duration::from_millis(50);
/// Positions a list program computes between two reports of progress.
const LIST_STEP: usize = 1 << 14;
/// Positions outside its dense table a family may keep before a
/// bottom-up computation of it stops (see `spreads_outside`).
const OUTSIDE: usize = 1 << 16;

impl Interp {
    /// Computes `pos` bottom-up, with every smaller position of its family,
    /// when its family has an integer program that can.
    pub(super) fn fill(&mut self, pos: PosId) -> std::result::Result<Fill, Stop> {
        if pos.family == LITERALS || self.unfilled.contains(&pos.family) {
            return Ok(Fill::Generic);
        }
        let Ok(plan) = self.plan(pos.family) else {
            return Ok(self.ascend(pos));
        };
        let kernel = &plan.kernel;
        // A box would need the other families' tables about it: the
        // positions are searched, each looking the others' up.
        if kernel.params > 1 && !kernel.foreign.is_empty() {
            return Ok(Fill::Generic);
        }
        if let Some(pair) = (self.engine.dense_pair(pos)).or_else(|| self.engine.hashed_pair(pos)) {
            let filled = self.engine.fill_grid(pos, kernel, pair)?;
            // A fill of other positions (a triangle below a box past the
            // table) may leave this one to the search.
            let known = filled && self.engine.value(pos) < IN_PROGRESS;
            return Ok(if known { Fill::Done } else { Fill::Generic });
        }
        if self.engine.is_listed(pos) {
            return self.fill_list(pos, kernel);
        }
        if (3..=MAX_PARAMS).contains(&self.engine.shape(pos.family).ints()) {
            return match self.engine.fill_shell(pos, kernel) {
                Ok(None) => Ok(Fill::Done),
                Ok(Some(first)) => Ok(self.first_or_search(first, pos)),
                Err(None) => Ok(Fill::Generic),
                Err(Some(stop)) => Err(stop),
            };
        }
        let Some(n) = self.engine.dense_arg(pos) else {
            return Ok(Fill::Generic);
        };
        // Families that name each other are searched from the query down:
        // a fill of one from 0 would compute positions the query may never
        // reach (`B(n) = A(n - 1)` at 0, then A(-1), A(-2), … without end).
        if !kernel.foreign.is_empty() && self.names_itself_through_others(pos.family) {
            return Ok(Fill::Generic);
        }
        // The other families the options name, computed first as far as
        // this one (their values are read from their tables); not those
        // that name others in turn, so that no fill waits for itself, nor
        // those the generic search computes: at this argument such a
        // position may not be an option at all (`B(n) if n != 0` at 0),
        // and searched anyway it may reach without end where the family
        // never goes (B(0) = A(-1), then A(-2), …). Their positions are
        // searched when an option names them.
        for foreign in kernel.foreign.iter().filter(|f| f.is_one_int()) {
            let (chained, generic) = match self.plan(foreign.family) {
                Ok(plan) => (!plan.kernel.foreign.is_empty(), false),
                Err(_) => (false, true),
            };
            if chained || generic || self.unfilled.contains(&foreign.family) {
                continue;
            }
            let first = self.engine.intern(foreign.family, &[Value::Int(n)])?;
            if self.engine.value(first) == UNKNOWN {
                return Ok(Fill::First(first));
            }
        }
        // In steps of about `FILL_STEP_TIME`, so that a long computation
        // shows its progress however much each position costs.
        let (n, mut from) = (n as usize, self.engine.filled(pos.family));
        let mut step = FIRST_FILL_STEP;
        loop {
            let to = n.min(from + step);
            // Timed only when a step follows (a heap just past the table,
            // asked once a call, reads no clock).
            let started = (to < n).then(Instant::now);
            if let Some(first) = self.engine.fill(pos.family, kernel, to)? {
                if first.family == pos.family && self.spreads_outside(pos.family, from) {
                    self.unfilled.insert(pos.family);
                    return Ok(Fill::Generic);
                }
                // A family counting up, computed from the top down.
                let own = first.family == pos.family && self.engine.value(first) == UNKNOWN;
                if own && !self.generic_only && self.engine.descend(first, kernel)? {
                    continue;
                }
                return Ok(self.first_or_search(first, pos));
            }
            progress::solved(to.saturating_sub(from) as u64 + 1);
            if to == n {
                return Ok(Fill::Done);
            }
            from = to + 1;
            step = if started.is_some_and(|s| s.elapsed() < FILL_STEP_TIME) {
                step * 2
            } else {
                (step / 2).max(1)
            };
        }
    }

    /// Before `seq` walks the heaps of `family` up to `last`: the values
    /// below `last` computed bottom-up as far as the family's program
    /// vouches for them, none by the generic search (a heap it cannot
    /// vouch for is left to `seq`'s own call of the family, which reports
    /// what the search reports). Whether `family` is one of one integer
    /// parameter, whose heaps `heap_value` reads.
    pub(super) fn fill_heaps(&mut self, family: FamilyId, last: i64) -> bool {
        if self.engine.shape(family) != Shape::Ints(1) || self.engine.is_instance(family) {
            return false;
        }
        if self.proved_period(family).is_some() {
            return true;
        }
        let Ok(pos) = self.engine.intern(family, &[Value::Int(last)]) else {
            return false;
        };
        if self.engine.dense_arg(pos).is_some() {
            // A limit or Ctrl-C meets `seq`'s own calls again.
            let _ = self.fill(pos);
        }
        true
    }

    /// The value of `family(n)`, of one integer parameter, if it is known:
    /// computed, or read from a proved period. Nothing is interned.
    pub(super) fn heap_value(&self, family: FamilyId, n: i64) -> Option<u64> {
        (self.periodic_heap(family, n)).or_else(|| self.engine.value_of_ints(family, &[n]))
    }

    /// Whether the options of `family`'s positions name, through other
    /// families' positions, positions of `family` again.
    fn names_itself_through_others(&mut self, family: FamilyId) -> bool {
        let mut seen = FxHashSet::default();
        let mut stack = vec![family];
        while let Some(at) = stack.pop() {
            let Ok(plan) = self.plan(at) else {
                continue;
            };
            for foreign in &plan.kernel.foreign {
                if foreign.family == family {
                    return true;
                }
                if seen.insert(foreign.family) {
                    stack.push(foreign.family);
                }
            }
        }
        false
    }

    /// For a family the search computes bottom-up (`ascending`, one
    /// integer parameter, no integer program): the first position below
    /// `pos` whose value is not known, for the search to compute first. The
    /// options of each position are then known at its first visit, and
    /// none is kept: a game whose options reach far down (Kayles with one
    /// option the integer program cannot take) keeps memory proportional to
    /// its positions, not to their options. Like a fill, it may compute
    /// positions the query never reaches (see `abandon`).
    fn ascend(&mut self, pos: PosId) -> Fill {
        if let Some(&below) = self.ascending.get(&pos.family)
            && self.spreads_outside(pos.family, below as usize)
        {
            self.ascending.remove(&pos.family);
        }
        let (Some(below), Some(n)) = (
            self.ascending.get_mut(&pos.family),
            self.engine.dense_arg(pos),
        ) else {
            return Fill::Generic;
        };
        while i64::from(*below) < n {
            let first = PosId {
                family: pos.family,
                index: *below,
            };
            match self.engine.value(first) {
                value if value < IN_PROGRESS => *below += 1,
                // On the stack already, waiting for its options.
                IN_PROGRESS => return Fill::Generic,
                _ => return Fill::First(first),
            }
        }
        Fill::Generic
    }

    /// Computes the list position `pos` depth first with its family's
    /// program `kernel`, reporting progress every `LIST_STEP` positions.
    fn fill_list(&mut self, pos: PosId, kernel: &Kernel) -> std::result::Result<Fill, Stop> {
        loop {
            match self.engine.fill_list(pos, kernel, LIST_STEP)? {
                ListFill::Done => return Ok(Fill::Done),
                ListFill::Blocked(first) => return Ok(self.first_or_search(first, pos)),
                ListFill::Paused => progress::solved(LIST_STEP as u64),
            }
        }
    }

    /// Whether computing `family` bottom-up, `below` heaps done, has met
    /// far more positions outside its dense table than inside (`S(n - k *
    /// k * 10^9) for k in 1..=n`, each heap with options of its own below
    /// 0): the heaps a query never reaches would cost quadratic work and
    /// memory, and the search from the query down is left to do it.
    fn spreads_outside(&self, family: FamilyId, below: usize) -> bool {
        self.engine.hashed_positions(family) > OUTSIDE.max(2 * below)
    }

    /// What to do when a bottom-up fill towards `pos` stopped at `first`:
    /// `first` alone goes to the search, and once it is known the fill goes
    /// on. When `first` is `pos`, or is being searched already, `pos` goes
    /// to the search itself.
    fn first_or_search(&self, first: PosId, pos: PosId) -> Fill {
        if first == pos || self.engine.value(first) == IN_PROGRESS {
            Fill::Generic
        } else {
            Fill::First(first)
        }
    }
}

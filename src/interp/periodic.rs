//! Answers at any heap size. Once the period of a family is proved (by the
//! octal periodicity theorem or by finite lookback; by `period`, or before
//! a large heap is computed), every position of the family takes its value
//! from the proved values: `g(Kayles(10^18))` costs a division.

use std::rc::Rc;

use super::Interp;
use super::builtins::period::{FIRST_BOUND, Proof};
use crate::diagnostic::Result;
use crate::engine::{LITERALS, Shape, Stop};
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{FamilyId, PosId, Value};

/// Heaps from which `g` proves a period before computing further, when
/// the family's definition is an octal game's.
const PROVE_FROM: i64 = 1 << 12;
/// The most heaps computed while looking for a proof before a large heap.
const PROOF_CAP: usize = 1 << 20;
/// How far past twice the length of its dense table a heap is asked for
/// it to be kept apart from the table, where a period is proved.
const FAR: i64 = 1 << 12;

/// What sought a family's period without finding one.
pub(super) enum Tried {
    /// No theorem applies to its definition.
    NoTheorem,
    /// The heaps below this many showed none.
    Below(usize),
}

/// A proved period: the values of the heaps below `preperiod + period`,
/// then those values again with period `period`, forever.
pub(super) struct Periodic {
    preperiod: usize,
    period: usize,
    head: Rc<[u64]>,
}

impl Periodic {
    fn value(&self, n: u64) -> u64 {
        let n = match usize::try_from(n) {
            Ok(n) if n < self.head.len() => n,
            _ => self.preperiod + ((n - self.preperiod as u64) % self.period as u64) as usize,
        };
        self.head[n]
    }
}

impl Interp {
    /// Records that `family` has period `period` from `preperiod` on, proved;
    /// `values` holds at least the heaps below `preperiod + period`.
    pub(crate) fn record_period(
        &mut self,
        family: FamilyId,
        preperiod: usize,
        period: usize,
        values: &[u64],
    ) {
        let head = values[..preperiod + period].into();
        let periodic = Periodic {
            preperiod,
            period,
            head,
        };
        self.periods.insert(family, Ok(periodic));
    }

    /// `family(args)` interned. A heap far past the family's dense table,
    /// or past what it can hold within the position limit, goes to the
    /// family's hash table where a period is proved (now, from the heaps
    /// below it, if a theorem applies): its value is read from the period,
    /// and the dense table does not grow to it. Asked once for each of
    /// hundreds of instances of a family of fixed parameters (`TA(a, b,
    /// 100000 + a)`), the dense tables would fill the position limit.
    pub(super) fn intern_heap(
        &mut self,
        family: FamilyId,
        args: &[Value],
        span: Span,
    ) -> Result<std::result::Result<PosId, Stop>> {
        let heap = match *args {
            [Value::Int(n)] => Some(n),
            _ => None,
        };
        let far = |len: usize, n: i64| n >= PROVE_FROM && n as u64 > 2 * len as u64 + FAR as u64;
        if let Some(n) = heap
            && far(self.engine.dense_len(family), n)
            && self.prove_heap(family, n, span)?
        {
            return Ok(self.engine.intern_sparse(family, args));
        }
        Ok(match self.engine.intern(family, args) {
            Err(Stop::TooManyPositions(_))
                if let Some(n) = heap
                    && self.prove_heap(family, n, span)? =>
            {
                self.engine.intern_sparse(family, args)
            }
            pos => pos,
        })
    }

    /// The preperiod and period proved for `family`, if one was.
    pub(super) fn proved_period(&self, family: FamilyId) -> Option<(usize, usize)> {
        let Some(Ok(periodic)) = self.periods.get(&family) else {
            return None;
        };
        Some((periodic.preperiod, periodic.period))
    }

    /// The value of `pos` by its family's proved period, if it has one.
    pub(super) fn periodic_value(&self, pos: PosId) -> Option<u64> {
        if !matches!(self.periods.get(&pos.family), Some(Ok(_))) {
            return None;
        }
        self.periodic_heap(pos.family, self.heap_of(pos)?)
    }

    /// The heap of a position of one integer (an instance's own argument,
    /// its other parameters fixed); one in a dense table is read without
    /// building its arguments.
    pub(super) fn heap_of(&self, pos: PosId) -> Option<i64> {
        // Only a family of one integer has heaps: the arguments of another
        // are not built (a position of two, kept in a hash table, was a
        // list allocated at each `g`).
        if self.engine.shape(pos.family) != Shape::Ints(1) {
            return None;
        }
        match self.engine.dense_arg(pos) {
            Some(n) => Some(n),
            None => match *self.engine.own_args(pos) {
                [Value::Int(n)] => Some(n),
                _ => None,
            },
        }
    }

    /// The value of `family(n)` by the family's proved period, if it has
    /// one.
    pub(super) fn periodic_heap(&self, family: FamilyId, n: i64) -> Option<u64> {
        let Some(Ok(periodic)) = self.periods.get(&family) else {
            return None;
        };
        u64::try_from(n).ok().map(|n| periodic.value(n))
    }

    /// Before `pos`, a large heap of a family whose period a theorem can
    /// prove (`Proof::of`), is computed: computes the heaps below it in
    /// doubling steps and stops as soon as the theorem proves a period.
    pub(super) fn prove_before(&mut self, pos: PosId, span: Span) -> Result<()> {
        if pos.family == LITERALS {
            return Ok(());
        }
        let Some(heap) = self.heap_of(pos) else {
            return Ok(());
        };
        self.prove_heap(pos.family, heap, span)?;
        Ok(())
    }

    /// `prove_before` for the heap `family(n)`, not interned yet: whether
    /// the family has a proved period. Not sought while a search waits for
    /// a position of the family: computing the heaps below could meet it
    /// and take the wait for a cycle.
    pub(super) fn prove_heap(&mut self, family: FamilyId, n: i64, span: Span) -> Result<bool> {
        if n >= PROVE_FROM {
            let largest = (n as u64).min(PROOF_CAP as u64) as usize;
            let tried = match self.periods.get(&family) {
                None => Some(0),
                Some(Err(Tried::Below(below))) => Some(*below),
                Some(Err(Tried::NoTheorem) | Ok(_)) => None,
            };
            // Sought again below twice the heaps, or more: heaps asked for
            // one by one (`seq`, `period`) seek it a few times, not at
            // each. The table is scanned for positions in progress only
            // then, not at every heap asked for.
            if tried.is_some_and(|below| below == 0 || 2 * below <= largest)
                && !self.engine.in_progress(family)
            {
                self.prove_below(family, largest, span)?;
            }
        }
        Ok(matches!(self.periods.get(&family), Some(Ok(_))))
    }

    /// Proves `family`'s period from the heaps below `largest`, if a
    /// theorem applies: tried again for a larger heap, never again when
    /// no theorem does.
    fn prove_below(&mut self, family: FamilyId, largest: usize, span: Span) -> Result<()> {
        self.periods.insert(family, Err(Tried::NoTheorem));
        let Some(proof) = Proof::of(self, family, span)? else {
            return Ok(());
        };
        self.periods.insert(family, Err(Tried::Below(largest)));
        // A proof out of reach is not sought: the heaps computed for it
        // would only be computed again in the dense table (take a
        // Fibonacci number up to 24,157,817 at 2·10^6: 2.51 → 1.75 G
        // instructions).
        if proof.fewest() > largest {
            return Ok(());
        }
        let mut bound = FIRST_BOUND.min(largest);
        loop {
            // A heap below whose play never ends (an odd heap of `< S(n - 2)
            // if n != 0 >`) has no value: no period is proved.
            let Some(values) = self.heaps_below(family, bound, span)? else {
                return Ok(());
            };
            if let Some(found) = proof.find(&values) {
                self.record_period(family, found.preperiod, found.period, &values);
                return Ok(());
            }
            if bound >= largest {
                return Ok(());
            }
            bound = (bound * 2).min(largest);
        }
    }

    /// The values of `family(0..count)`; `None` where the play from one
    /// of them never ends (`Interp::never_ends`).
    fn heaps_below(
        &mut self,
        family: FamilyId,
        count: usize,
        span: Span,
    ) -> Result<Option<Vec<u64>>> {
        let mut heaps = Vec::with_capacity(count);
        for n in 0..count {
            let heap = self.position(family, &[Value::Int(n as i64)], span)?;
            if let Value::Game(crate::value::Game::Pos(pos)) = heap
                && self.never_ends(pos).is_some()
            {
                return Ok(None);
            }
            heaps.push(heap);
        }
        if let Some(Value::Game(game)) = heaps.last() {
            self.grundy(&game.clone(), span)?;
        }
        heaps
            .iter()
            .map(|heap| match heap {
                Value::Game(game) => self.grundy(game, span),
                _ => Ok(0),
            })
            .collect::<Result<Vec<u64>>>()
            .map(Some)
    }
}

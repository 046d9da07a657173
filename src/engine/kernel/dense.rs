//! A one-parameter table filled position after position with nothing set
//! up in between. `Kernel::options` prepares a walk, an option set and a
//! frame for each position and lists every option's value before the mex
//! is taken; for a game of a few operations a position (take 1 to 3 or
//! halve an even heap) that was most of the work. Here the registers and
//! the item stack are kept from one position to the next, and each option
//! below 64 is marked in a word as the VM makes it, the mex read from the
//! word. A run of positions (`Kernel::dense_run`) is one execution of the
//! code: at its end the value is stored and the code starts again on the
//! next position, so that the walk and the code's set-up are paid once
//! per run. The same code runs in the same VM: only where the options go
//! differs.

use std::cell::Cell;

use super::vm::Between;
use super::{Calls, Kernel, Known, OptionSet, SLOT_BOUND, walk::Walk};
use crate::engine::DENSE_BIG;
use crate::engine::mex::{Mex, mex_of_marked};

/// What a dense fill keeps from one position to the next: the registers,
/// the item stack, the options listed (those of 64 and above, and those
/// of native loops) and the mex of a position whose options cover 0..64.
#[derive(Default)]
pub struct DenseFill {
    slots: Vec<i64>,
    items: Vec<i64>,
    out: OptionSet,
    mex: Mex,
}

impl Kernel {
    /// Whether `dense_value` computes this kernel's positions: one integer
    /// parameter, options that are positions of the family and nim heaps
    /// (no split, no other family's position, no leaf that is a game), and
    /// not every element a line (which `options` walks without any code).
    pub fn fills_densely(&self) -> bool {
        self.params == 1
            && !self.list
            && self.lines.is_none()
            && self.gathers_positions()
            && !self.has_split()
            && self.direct.iter().all(Option::is_none)
    }

    /// Whether the kernel's options, gathered (`Known::gathers`), name
    /// every position the definition's options name: no other family's
    /// position (read as its value, a heap), no leaf that is a game.
    pub fn gathers_positions(&self) -> bool {
        self.alias.is_none() && self.foreign.is_empty()
    }

    /// The value of position `n` from `known`, the values of the
    /// positions its options name (those below it in a fill from 0, above
    /// it in a fill counting down), for a kernel that `fills_densely`,
    /// with at most `limit` options. `None` where the kernel cannot vouch
    /// for the position (an option outside `known`, an error, too many
    /// options): `options` then takes the position and says why.
    pub fn dense_value<K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &mut DenseFill,
    ) -> Option<u64> {
        let word = self.run_densely(n, known, limit, fill)?;
        Some(mex(word, &fill.out.points, &mut fill.mex))
    }

    /// Fills the unknown positions of `table` (values from `DENSE_BIG` on)
    /// from `start` towards `stop` (not included), one after another in
    /// one run of the code, as `dense_value` would one by one, each
    /// reading the others as `reading` says: the first position not
    /// filled. The run ends before a position already known, one where
    /// another code runs (`Kernel::code_for`), one that is a multiple of
    /// 64 (the caller checks for an interrupt there), and at a position
    /// given up or whose value does not fit the table, left unknown.
    pub fn dense_run(
        &self,
        table: &mut [u32],
        (start, stop): (i64, i64),
        reading: Reading,
        limit: u64,
        fill: &mut DenseFill,
    ) -> i64 {
        match reading {
            Reading::Below => self.run_table::<false>(table, (start, stop), 0, limit, fill),
            Reading::Above { bare } => {
                self.run_table::<true>(table, (start, stop), bare, limit, fill)
            }
        }
    }

    /// `dense_run`, the others read `ABOVE` or below.
    fn run_table<const ABOVE: bool>(
        &self,
        table: &mut [u32],
        (start, stop): (i64, i64),
        bare: i64,
        limit: u64,
        fill: &mut DenseFill,
    ) -> i64 {
        let start_index = usize::try_from(start).expect("a position of the table");
        assert!(table[start_index] >= DENSE_BIG, "the run starts unknown");
        if start as u64 >= SLOT_BOUND as u64 {
            return start;
        }
        let known = RunTable::<ABOVE> {
            table: table.as_mut_ptr(),
            len: table.len(),
            n: Cell::new(start_index),
            bare,
        };
        fill.prepare(self.frame(), start);
        let deepest = Cell::new(0);
        let foreign = |_, _: &[i64]| None;
        let calls =
            Calls::new(&self.int_functions, &deepest, &foreign).with_lists(&self.list_functions);
        let mut walk = Walk::new(&known, limit, &mut fill.out, calls);
        // Read below, the positions go up; read above, down.
        let step = if ABOVE { -1 } else { 1 };
        assert_eq!(
            (stop - start).signum(),
            step,
            "the run goes the way it reads"
        );
        // The caller checks for an interrupt at each multiple of 64.
        let interrupt = match step {
            1 => (start.div_euclid(64) + 1) * 64,
            _ => (start - 1).div_euclid(64) * 64,
        };
        let ends = [stop, interrupt, self.code_changes(start, step)];
        let mut run = DenseRun {
            end: (ends.into_iter())
                .min_by_key(|&end| (end as i128 - start as i128) * step as i128)
                .expect("ends"),
            step,
            mex: &mut fill.mex,
            deepest: &deepest,
        };
        // A position given up (`None`) ends the run, left unknown.
        let _ = walk.run_dense(self, &mut fill.slots, &mut fill.items, &mut run);
        known.n.get() as i64
    }

    /// The arguments of the positions the options of `n` name, one after
    /// another, for a kernel that `fills_densely`, `known` gathering them
    /// (`Known::gathers`): what a fill counting down reads to find how far
    /// up it goes. `None` where the kernel cannot vouch for the position.
    pub fn dense_named<'f, K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &'f mut DenseFill,
    ) -> Option<&'f [i64]> {
        self.run_densely(n, known, limit, fill)?;
        Some(&fill.out.boards)
    }

    /// Runs position `n`'s code in `fill`'s registers and item stack: the
    /// word of the options below 64 it marked, the others listed in
    /// `fill`'s option set with the positions `known` gathers.
    fn run_densely<K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &mut DenseFill,
    ) -> Option<u64> {
        if n as u64 >= SLOT_BOUND as u64 {
            return None;
        }
        fill.prepare(self.frame(), n as i64);
        let deepest = Cell::new(0);
        let foreign = |_, _: &[i64]| None;
        let calls =
            Calls::new(&self.int_functions, &deepest, &foreign).with_lists(&self.list_functions);
        let mut walk = Walk::new(known, limit, &mut fill.out, calls);
        walk.run_marked(self, &mut fill.slots, &mut fill.items)
    }
}

impl DenseFill {
    /// Readies the registers, the item stack and the option set for
    /// position `n`. The registers keep the last position's values (see
    /// `poison`).
    fn prepare(&mut self, frame: usize, n: i64) {
        self.slots.resize(frame.max(1), 0);
        poison(&mut self.slots);
        self.slots[0] = n;
        self.items.clear();
        self.out.empty();
    }
}

/// No code reads a register before it writes it, so a fill leaves a
/// position's registers as the last left them (clearing them was a call
/// of `memset` a position, 5% of a few-operation game's fill). Builds
/// with debug assertions, which the test suites are, fill them with an
/// odd large value instead, so that a read before a write shows as a
/// wrong value.
#[inline(always)]
fn poison(registers: &mut [i64]) {
    if cfg!(debug_assertions) {
        registers.fill(0x5a5a_5a5a_5a5a);
    }
}

/// The mex of a position's options: those below 64 marked in `word`, the
/// others listed.
#[inline(always)]
fn mex(word: u64, listed: &[u64], scratch: &mut Mex) -> u64 {
    mex_of_marked(word, listed, scratch)
}

/// How a dense run's positions read the others in its table.
#[derive(Clone, Copy, Debug)]
pub enum Reading {
    /// The positions below the one computed, all known: a fill from 0.
    Below,
    /// The positions above it that are known, those from `bare` on being
    /// 0 (positions with no options): a fill counting down.
    Above { bare: i64 },
}

/// A one-parameter family's values above the position being computed,
/// those from `bare` on 0 (positions with no options).
pub struct Above<'a> {
    pub table: &'a [u32],
    pub bare: i64,
}

impl Known for Above<'_> {
    fn value(&self, args: &[i64]) -> Option<u64> {
        match self.table.get(usize::try_from(args[0]).ok()?) {
            Some(&value) if value < DENSE_BIG => Some(value as u64),
            _ if args[0] >= self.bare => Some(0),
            _ => None,
        }
    }

    fn line(&self) -> &[u32] {
        &[]
    }
}

/// The table a dense run fills, read by each position as `Reading` says
/// (`Above { bare }` where `ABOVE`, else `Below`) while the run writes
/// each value as it is found. No reference into the table outlives a read
/// (`Known::line` is read within one walk of a loop), and the run writes
/// only the position computed, which no read covers: below it (`Below`
/// reads `..n`), or one element at a time (`Above`).
struct RunTable<const ABOVE: bool> {
    table: *mut u32,
    len: usize,
    /// The position being computed.
    n: Cell<usize>,
    bare: i64,
}

impl<const ABOVE: bool> RunTable<ABOVE> {
    /// The whole table, read.
    #[inline(always)]
    fn all(&self) -> &[u32] {
        // SAFETY: `table` and `len` are those of the slice `dense_run`
        // holds mutably while this lives; the only write, `set`, is of
        // the position computed, while no slice read from here is alive.
        unsafe { std::slice::from_raw_parts(self.table, self.len) }
    }

    /// The table read as positions above the one computed.
    #[inline(always)]
    fn above(&self) -> Above<'_> {
        Above {
            table: self.all(),
            bare: self.bare,
        }
    }

    /// Stores the value of the position computed.
    fn set(&self, value: u32) {
        let n = self.n.get();
        assert!(n < self.len, "the position is in the table");
        // SAFETY: as in `all`; `n` is within the table.
        unsafe { *self.table.add(n) = value }
    }
}

impl<const ABOVE: bool> Known for RunTable<ABOVE> {
    #[inline(always)]
    fn value(&self, args: &[i64]) -> Option<u64> {
        match ABOVE {
            false => {
                // As `[u32]` reads `line()`, the positions below `n`.
                let index = usize::try_from(args[0]).ok()?;
                let below = (index < self.n.get()).then_some(index)?;
                self.all().get(below).map(|&value| value as u64)
            }
            true => self.above().value(args),
        }
    }

    #[inline(always)]
    fn line(&self) -> &[u32] {
        match ABOVE {
            false => &self.all()[..self.n.get()],
            true => &[],
        }
    }

    #[inline(always)]
    fn run(&self, args: &[i64], steps: &[i64], count: usize) -> Option<(&[u32], i64, i64)> {
        match ABOVE {
            false => self.line().run(args, steps, count),
            true => None,
        }
    }

    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        match ABOVE {
            false => self.line().along(args, steps, count, nim, out),
            true => self.above().along(args, steps, count, nim, out),
        }
    }
}

/// Between the positions of a dense run: each value stored as it is
/// found, the next position readied while it is unknown and before
/// `end`.
struct DenseRun<'r> {
    /// The first position past the run, at `stop`, a multiple of 64, or
    /// where another code runs (`Kernel::code_changes`), the nearest.
    end: i64,
    step: i64,
    mex: &'r mut Mex,
    deepest: &'r Cell<usize>,
}

impl<const ABOVE: bool> Between<RunTable<ABOVE>> for &mut DenseRun<'_> {
    const RUNS: bool = true;
    const DOWN: bool = ABOVE;

    #[inline(always)]
    fn next(
        &mut self,
        word: u64,
        walk: &mut Walk<'_, RunTable<ABOVE>>,
        regs: &mut [i64],
        items: &mut Vec<i64>,
    ) -> bool {
        let value = mex(word, &walk.out.points, self.mex);
        if value >= DENSE_BIG as u64 {
            return false;
        }
        let known = walk.known;
        known.set(value as u32);
        let next = known.n.get() as i64 + self.step;
        known.n.set(next as usize);
        let more = next != self.end && known.all()[next as usize] >= DENSE_BIG;
        if more {
            poison(regs);
            regs[0] = next;
            items.clear();
            walk.restart();
            self.deepest.set(0);
        }
        more
    }
}

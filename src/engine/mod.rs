//! The engine: interned positions, memo tables and mex. A position is
//! interned once (family + arguments → dense index); a one-parameter family
//! keeps non-negative integer arguments in a plain `Vec` memo indexed by the
//! argument itself, 4 bytes a position (the rare value that does not fit in
//! 32 bits is kept aside).

mod arg;
mod boards;
mod descend;
pub mod game;
mod grid;
mod hashed;
mod intern;
mod ints;
pub mod kernel;
mod mex;
pub mod quotient;
mod row_major;
mod seen;
mod shell;
mod split;

pub use arg::Arg;
pub use boards::{Gathered, ListFill};
pub use descend::Descent;
pub use grid::BoxFills;
pub use ints::{IntKey, each_int};
pub use mex::Mex;

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashMap;

use boards::{Boards, ListSearch};
use game::{FamilyId, Game, PosId};
use grid::Grid;
use hashed::Hashed;
use kernel::{Kernel, Other};
use shell::Shell;
use split::Prefix;

/// Marks a position whose value is not yet known.
pub const UNKNOWN: u64 = u64::MAX;
/// Marks a position whose options are being evaluated (on the work stack).
pub const IN_PROGRESS: u64 = u64::MAX - 1;
/// The family of `< … >` literals, keyed by their list of options.
pub const LITERALS: FamilyId = FamilyId(0);

const HASHED: u32 = 1 << 31;
/// The dense memo's markers: unknown, in progress, and "too big, see
/// `big`". Every smaller entry is the value itself.
const DENSE_UNKNOWN: u32 = u32::MAX;
const DENSE_IN_PROGRESS: u32 = u32::MAX - 1;
const DENSE_BIG: u32 = u32::MAX - 2;
/// Dense indices above this go to the hash table instead, so one huge
/// argument cannot allocate gigabytes.
const DENSE_LIMIT: u64 = 1 << 27;

/// Resource limits every long computation checks.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Interned positions across all families.
    pub max_positions: u64,
    /// Elements in one list, range walk or option list.
    pub max_list_len: u64,
    /// Nested calls of `def`s and nested evaluations.
    pub max_depth: usize,
    /// Bytes the process may hold on the heap (`--max-memory`).
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 1 << 25,
            max_list_len: 50_000_000,
            max_depth: 10_000,
            max_memory: crate::memory::DEFAULT_MAX_MEMORY,
        }
    }
}

/// Why the engine refused to go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C.
    Interrupted,
    /// More positions than `Limits::max_positions`.
    TooManyPositions(u64),
    /// More heap bytes than `Limits::max_memory`.
    OutOfMemory(u64),
}

/// What every long loop checks, cheaply: Ctrl-C and the memory budget.
pub struct Watch {
    interrupt: Arc<AtomicBool>,
    max_memory: u64,
}

impl Watch {
    /// Fails if `bytes` more would pass the budget: asked before a table
    /// grows, so that the budget holds at the peak of the growth.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stop> {
        match crate::memory::in_use().saturating_add(bytes) > self.max_memory {
            true => Err(Stop::OutOfMemory(self.max_memory)),
            false => Ok(()),
        }
    }

    /// Fails if the user asked to stop or the heap passed the budget.
    #[inline]
    pub fn check(&self) -> Result<(), Stop> {
        if self.interrupt.load(Ordering::Relaxed) {
            Err(Stop::Interrupted)
        } else if crate::memory::in_use() > self.max_memory {
            Err(Stop::OutOfMemory(self.max_memory))
        } else {
            Ok(())
        }
    }
}

struct FamilyTable<A> {
    name: String,
    shape: Shape,
    /// The parameters fixed in an instance of a family, by index.
    fixed: Vec<(usize, A)>,
    /// Values of positions `Name(n)` for small non-negative `n`.
    dense: Vec<u32>,
    /// Dense values of 32 bits or more, by argument.
    big: FxHashMap<u32, u64>,
    /// Every other position, by index; its value is in `values`.
    hashed: Hashed<A>,
    values: Vec<u64>,
    /// How far a kernel has computed `dense` bottom-up (one parameter).
    prefix: Prefix,
    /// Which box of arguments a kernel has computed (two parameters).
    grid: Grid,
    /// How far a program has computed `dense` in slot order (three or four
    /// parameters).
    shell: Shell,
    /// The lists of a family whose positions are lists: list `i` is the
    /// position whose value is `dense[i]`.
    boards: Boards,
    search: ListSearch,
    /// Whether a family of one parameter was found not to count up from
    /// some position (see `descend`): it is not tried again.
    no_descent: bool,
    /// Where a fill of its positions counting down started (for
    /// `--stats`), if one did.
    descended: Option<Descent>,
}

impl<A> FamilyTable<A> {
    /// The value of the position at `index` of the dense table, or
    /// `UNKNOWN` / `IN_PROGRESS`.
    #[inline]
    fn dense_value(&self, index: u32) -> u64 {
        match self.dense[index as usize] {
            DENSE_UNKNOWN => UNKNOWN,
            DENSE_IN_PROGRESS => IN_PROGRESS,
            DENSE_BIG => self.big[&index],
            value => value as u64,
        }
    }

    /// Stores the value (or a marker) of the position at `index` of the
    /// dense table.
    #[inline]
    fn set_dense_value(&mut self, index: u32, value: u64) {
        self.dense[index as usize] = match value {
            UNKNOWN => DENSE_UNKNOWN,
            IN_PROGRESS => DENSE_IN_PROGRESS,
            value if value >= DENSE_BIG as u64 => {
                self.big.insert(index, value);
                DENSE_BIG
            }
            value => value as u32,
        };
    }

    /// The index of the list `ints` in the arena of a family of lists,
    /// interned as an unknown position if new; and whether it was.
    fn intern_board(&mut self, ints: &[i64]) -> (u32, bool) {
        let (index, new) = self.boards.insert(ints);
        if new {
            self.dense.push(DENSE_UNKNOWN);
        }
        (index, new)
    }

    /// How many of its positions are interned.
    fn interned(&self) -> usize {
        // A two-parameter table has slots for arguments never asked for.
        let dense = match self.shape.ints() {
            2..=4 => self.dense_counted(|v| v != DENSE_UNKNOWN),
            _ => self.dense.len(),
        };
        dense + self.hashed.len() + self.kept_len()
    }

    /// How many positions a box past or below its dense table keeps.
    fn kept_len(&self) -> usize {
        self.grid.kept_len() + self.shell.kept_len()
    }

    /// How many of its positions have known values.
    fn known(&self) -> usize {
        let dense = self.dense_counted(|v| v < DENSE_IN_PROGRESS);
        let hashed = self.values.iter().filter(|v| **v < IN_PROGRESS);
        dense + hashed.count() + self.kept_known()
    }

    /// How many positions a box past or below its dense table keeps that
    /// have values.
    fn kept_known(&self) -> usize {
        self.grid.kept_known() + self.shell.kept_known()
    }

    /// How many slots of the dense table pass `test`, not counting those
    /// a box past the table holds as well.
    fn dense_counted(&self, test: impl Fn(u32) -> bool) -> usize {
        let slots = self.dense.iter().enumerate().filter(|&(_, &v)| test(v));
        let passes = |slot: usize| self.dense.get(slot).is_some_and(|&v| test(v));
        match self.shape.ints() {
            2 if self.grid.kept_len() > 0 => slots.filter(|&(s, _)| !self.grid.keeps(s)).count(),
            3..=4 => slots.count() - self.shell.kept_slots(passes),
            _ => slots.count(),
        }
    }
}

/// All interned positions and their memoised Grundy values.
pub struct Engine<A> {
    tables: Vec<FamilyTable<A>>,
    positions: u64,
    pub limits: Limits,
    watch: Watch,
    /// The last box fill refused for `Limits::max_positions`: its family
    /// and the positions the engine would have held with it, which the
    /// diagnostic of a search that then runs out names.
    refused: Option<(FamilyId, u64)>,
}

impl<A: Arg> Engine<A> {
    /// An empty engine whose computations stop when `interrupt` is set.
    pub fn new(limits: Limits, interrupt: Arc<AtomicBool>) -> Engine<A> {
        let watch = Watch {
            interrupt,
            max_memory: limits.max_memory,
        };
        let mut engine = Engine {
            tables: Vec::new(),
            positions: 0,
            limits,
            watch,
            refused: None,
        };
        engine.define_family(LITERALS, "<>".to_string(), Shape::Ints(usize::MAX));
        engine
    }

    /// Makes (or, for a redefined family, empties) the table of family `id`.
    pub fn define_family(&mut self, id: FamilyId, name: String, shape: Shape) {
        self.define_instance(id, name, shape, Vec::new());
    }

    /// Makes the table of family `id`, an instance of a family whose
    /// parameters `fixed` (by index) always have these values: its positions
    /// are kept by their other arguments, and `args` gives them all.
    pub fn define_instance(
        &mut self,
        id: FamilyId,
        name: String,
        shape: Shape,
        fixed: Vec<(usize, A)>,
    ) {
        let table = FamilyTable {
            name,
            shape,
            fixed,
            dense: Vec::new(),
            big: FxHashMap::default(),
            hashed: Hashed::default(),
            values: Vec::new(),
            prefix: Prefix::default(),
            grid: Grid::default(),
            shell: Shell::default(),
            boards: Boards::default(),
            search: ListSearch::default(),
            no_descent: false,
            descended: None,
        };
        let index = id.0 as usize;
        if index < self.tables.len() {
            let old = std::mem::replace(&mut self.tables[index], table);
            let kept = old.kept_len();
            self.positions -= (old.dense.len() + old.hashed.len() + kept) as u64;
        } else {
            self.tables.push(table);
        }
    }

    /// Forgets every position and value (after a definition changed: old
    /// positions may hold games of the old definition).
    pub fn clear(&mut self) {
        for table in &mut self.tables {
            table.dense = Vec::new();
            table.big.clear();
            table.hashed = Hashed::default();
            table.values.clear();
            table.prefix = Prefix::default();
            table.grid = Grid::default();
            table.shell = Shell::default();
            table.boards = Boards::default();
        }
        self.positions = 0;
    }

    /// The family of the last box refused for the positions limit since
    /// `forget_refused_box`, and the positions the engine would have held
    /// with it: what `--max-positions` must be for the box to be filled.
    pub fn refused_box(&self) -> Option<(&str, u64)> {
        let (family, needed) = self.refused?;
        Some((self.family_name(family), needed))
    }

    /// Forgets the last box refused (`refused_box`): a new statement runs.
    pub fn forget_refused_box(&mut self) {
        self.refused = None;
    }

    /// The family's name, for printing.
    pub fn family_name(&self, family: FamilyId) -> &str {
        &self.tables[family.0 as usize].name
    }

    /// The arguments of a position (for a literal: its options as games),
    /// the fixed ones of an instance of a family included.
    pub fn args(&self, pos: PosId) -> std::borrow::Cow<'_, [A]> {
        let own = self.own_args(pos);
        let fixed = &self.tables[pos.family.0 as usize].fixed;
        if fixed.is_empty() {
            return own;
        }
        let mut args = own.into_owned();
        for (i, value) in fixed {
            args.insert(*i, value.clone());
        }
        std::borrow::Cow::Owned(args)
    }

    /// Whether `family` is an instance of a family with some parameters
    /// fixed (see `define_instance`).
    pub fn is_instance(&self, family: FamilyId) -> bool {
        !self.tables[family.0 as usize].fixed.is_empty()
    }

    /// The arguments of a position that its family's table keeps: those
    /// of an instance's parameters that are not fixed.
    pub fn own_args(&self, pos: PosId) -> std::borrow::Cow<'_, [A]> {
        use std::borrow::Cow;
        let table = &self.tables[pos.family.0 as usize];
        if table.shape == Shape::List && pos.index & HASHED == 0 {
            let ints = table.boards.get(pos.index).iter();
            return Cow::Owned(vec![A::list(ints.map(|&n| A::int(n)).collect())]);
        }
        let ints: Vec<A> = if let Some(n) = self.dense_arg(pos) {
            vec![A::int(n)]
        } else if let Some((a, b)) = self.dense_pair(pos) {
            vec![A::int(a), A::int(b)]
        } else if let Some((ints, k)) = self.dense_tuple(pos) {
            ints[..k].iter().map(|&n| A::int(n)).collect()
        } else {
            return self.key(pos);
        };
        match table.shape {
            Shape::Board(_) | Shape::List => Cow::Owned(vec![A::list(ints)]),
            Shape::Ints(_) => Cow::Owned(ints),
        }
    }

    /// How a family's positions are laid out.
    pub fn shape(&self, family: FamilyId) -> Shape {
        self.tables[family.0 as usize].shape
    }

    /// Whether `pos` is a list kept in its family's arena (`Shape::List`).
    #[inline]
    pub fn is_listed(&self, pos: PosId) -> bool {
        pos.index & HASHED == 0 && self.tables[pos.family.0 as usize].shape == Shape::List
    }

    /// The argument of a one-parameter position kept in a dense table.
    #[inline]
    pub fn dense_arg(&self, pos: PosId) -> Option<i64> {
        let shape = self.tables[pos.family.0 as usize].shape;
        let dense = pos.index & HASHED == 0 && shape == Shape::Ints(1);
        dense.then_some(pos.index as i64)
    }

    /// The argument list of a position kept in a hash table.
    #[inline]
    pub fn key(&self, pos: PosId) -> std::borrow::Cow<'_, [A]> {
        self.tables[pos.family.0 as usize]
            .hashed
            .args(pos.index & !HASHED)
    }

    /// The memoised value of a position, or `UNKNOWN` / `IN_PROGRESS`.
    #[inline]
    pub fn value(&self, pos: PosId) -> u64 {
        let table = &self.tables[pos.family.0 as usize];
        if pos.index & HASHED == 0 {
            table.dense_value(pos.index)
        } else {
            table.values[(pos.index & !HASHED) as usize]
        }
    }

    /// Whether a position of `family` is being computed: a search in
    /// progress waits for it.
    pub fn in_progress(&self, family: FamilyId) -> bool {
        let table = &self.tables[family.0 as usize];
        table.dense.contains(&DENSE_IN_PROGRESS) || table.values.contains(&IN_PROGRESS)
    }

    /// Stores a position's value (or a marker).
    #[inline]
    pub fn set_value(&mut self, pos: PosId, value: u64) {
        let table = &mut self.tables[pos.family.0 as usize];
        if pos.index & HASHED == 0 {
            table.set_dense_value(pos.index, value);
        } else {
            table.values[(pos.index & !HASHED) as usize] = value;
        }
    }

    /// The Grundy value of `game` if every position in it is known;
    /// otherwise `None`, with the unknown positions appended to `missing`.
    #[inline]
    pub fn known(&self, game: &Game, missing: &mut Vec<PosId>) -> Option<u64> {
        match game {
            Game::Nim(n) => Some(*n),
            Game::Pos(pos) => {
                let value = self.value(*pos);
                if value >= IN_PROGRESS {
                    missing.push(*pos);
                    None
                } else {
                    Some(value)
                }
            }
            Game::Sum(parts) => {
                let before = missing.len();
                let mut total = 0;
                for part in parts.iter() {
                    if let Some(v) = self.known(part, missing) {
                        total ^= v;
                    }
                }
                (missing.len() == before).then_some(total)
            }
        }
    }

    /// Computes the values of `family(0..=n)` bottom-up with the family's
    /// kernel; `Ok(Some(first))` when the kernel cannot vouch for a position
    /// (up to `n`): `first` is that position, which the generic path must
    /// compute before the kernel goes on, or the position of another family
    /// it names whose value is not known yet, to compute first.
    /// `family(n)` must be interned already.
    pub fn fill(
        &mut self,
        family: FamilyId,
        kernel: &Kernel,
        n: usize,
    ) -> Result<Option<PosId>, Stop> {
        let limit = self.limits.max_list_len;
        let own = family.0 as usize;
        if kernel.foreign.is_empty() {
            // Filled in place: a query one heap past the last (`[g(F(n))
            // for n in 0..N]`) fills that heap alone.
            let table = &mut self.tables[own];
            let filled = (table.prefix).fill(&mut table.dense, kernel, &[], n, limit, &self.watch);
            let index = filled?.map(|blocked| blocked as u32);
            return Ok(index.map(|index| PosId { family, index }));
        }
        // The family's own values are taken out while the foreign families'
        // tables are read.
        let mut dense = std::mem::take(&mut self.tables[own].dense);
        let mut prefix = std::mem::take(&mut self.tables[own].prefix);
        let missed = RefCell::new(None);
        let lookup = |other: FamilyId, ints: &[i64]| {
            let value = self.value_of_ints(other, ints);
            if value.is_none() {
                missed.replace(Some((other, ints.to_vec())));
            }
            value
        };
        let lookups: Vec<_> = (kernel.foreign.iter())
            .map(|f| move |ints: &[i64]| lookup(f.family, ints))
            .collect();
        let others: Vec<Other> = (kernel.foreign.iter().zip(&lookups))
            .map(|(f, lookup)| match f.is_one_int() {
                true => Other::Line(&self.tables[f.family.0 as usize].dense),
                false => Other::Lookup(lookup),
            })
            .collect();
        let filled = prefix.fill(&mut dense, kernel, &others, n, limit, &self.watch);
        let table = &mut self.tables[own];
        (table.dense, table.prefix) = (dense, prefix);
        let Some(blocked) = filled? else {
            return Ok(None);
        };
        let Some((other, ints)) = missed.into_inner() else {
            let index = blocked as u32;
            return Ok(Some(PosId { family, index }));
        };
        let args = self.args_of_ints(other, &ints);
        self.intern(other, &args).map(Some)
    }

    /// How a one-parameter family's split options are computed (the
    /// sparse-space method and its mask, or the plain scan), for `--stats`
    /// and `:info`; `None` when it has none.
    pub fn split_method(&self, family: FamilyId) -> Option<String> {
        self.tables[family.0 as usize].prefix.method()
    }

    /// How the box fills of a two-parameter family computed its positions
    /// (for `--stats`); `None` when none did.
    pub fn box_fills(&self, family: FamilyId) -> Option<BoxFills> {
        let ways = self.tables[family.0 as usize].grid.ways();
        (ways != BoxFills::default()).then_some(ways)
    }

    /// Where positions of `family` were last computed counting down from
    /// (`descend`), for `--stats`; `None` when none were.
    pub fn counted_down(&self, family: FamilyId) -> Option<Descent> {
        self.tables[family.0 as usize].descended
    }

    /// How many heaps `family(0..)` its dense table holds so far, computed
    /// or not.
    pub fn dense_len(&self, family: FamilyId) -> usize {
        self.tables[family.0 as usize].dense.len()
    }

    /// How many positions `family(0..)` a kernel has computed so far.
    pub fn filled(&self, family: FamilyId) -> usize {
        self.tables[family.0 as usize].prefix.done()
    }

    /// Fails if the user asked to stop or the heap passed the memory
    /// budget.
    #[inline]
    pub fn check_interrupt(&self) -> Result<(), Stop> {
        self.watch.check()
    }

    /// The flag Ctrl-C (or a time limit) sets, for work that checks it
    /// itself (`kernel::Standalone`).
    pub fn interrupt_flag(&self) -> &AtomicBool {
        &self.watch.interrupt
    }

    /// Clears a pending interrupt (before the next evaluation).
    pub fn reset_interrupt(&self) {
        self.watch.interrupt.store(false, Ordering::Relaxed);
    }

    /// How many positions are interned, and how many have known values.
    pub fn stats(&self) -> (u64, u64) {
        let interned = self.tables.iter().map(FamilyTable::interned).sum::<usize>();
        let known = self.tables.iter().map(FamilyTable::known).sum::<usize>();
        (interned as u64, known as u64)
    }

    /// How many positions of one family its hash table keeps (those its
    /// dense table has no slot for).
    pub fn hashed_positions(&self, family: FamilyId) -> usize {
        self.tables[family.0 as usize].hashed.len()
    }

    /// How many positions of one family are interned, and how many have
    /// known values (for the REPL's `:info` and `:stats`).
    pub fn family_stats(&self, family: FamilyId) -> (u64, u64) {
        let table = &self.tables[family.0 as usize];
        (table.interned() as u64, table.known() as u64)
    }
}

/// How a family's positions are laid out in its dense table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// That many integer parameters.
    Ints(usize),
    /// One parameter, always a list of that many integers (`ir::board_len`).
    Board(usize),
    /// One parameter, a list of integers of any length (`ir::shape`), kept
    /// in an arena (`boards`).
    List,
}

impl Shape {
    /// How many integers a position of this shape holds (0 for lists of
    /// any length, which no fixed-size table holds).
    pub fn ints(self) -> usize {
        match self {
            Shape::Ints(k) | Shape::Board(k) => k,
            Shape::List => 0,
        }
    }
}

/// The integers of an argument list that is one list (or range) of
/// integers.
fn list_of_ints<A: Arg>(args: &[A]) -> Option<Vec<i64>> {
    let [arg] = args else {
        return None;
    };
    if let Some((low, high)) = arg.as_range() {
        return Some((low..high).collect());
    }
    arg.as_list()?.iter().map(A::as_int).collect()
}

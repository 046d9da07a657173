//! Positions that are lists of integers of any length (`Chomp([3, 3, 1])`):
//! interned in an arena, one run of integers per position and a hash table
//! of indices into it, so a position costs its integers and a few bytes, and
//! finding one builds nothing. Their values are computed depth first by the
//! family's program over an explicit stack (no native recursion), each
//! position once; a position the program cannot vouch for is handed back
//! to the generic search, alone.

use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::game::PosId;
use super::kernel::{Kernel, Known, OptionSet};
use super::{Arg, Engine, FamilyTable, IN_PROGRESS, Mex, Stop, UNKNOWN};

/// The interned lists of one family; a list's index is its position's
/// index in the family's dense table.
#[derive(Default)]
pub(super) struct Boards {
    items: Vec<i64>,
    /// Where each list ends in `items` (it starts where the last ended).
    ends: Vec<usize>,
    /// Each list's index, and the list itself when it packs into a word:
    /// finding a short list of small integers reads the table alone.
    table: HashTable<Entry>,
}

/// A list in the table: packed into one word when it is short and its
/// integers small (`pack`), and its index.
#[derive(Clone, Copy)]
struct Entry {
    packed: u64,
    index: u32,
}

/// A word no list packs into (`pack` never gives 0).
const UNPACKED: u64 = 0;

/// A list as one word, when it fits: its integers, all in `0..2^b` for
/// the least `b` of 1, 2, 4 and 8 that holds them, `b` bits each above a
/// tag byte of `b`'s code and the length plus one, in at most 56 bits (up
/// to 56 coins, 28 integers below 4, 14 below 16 or 7 below 256). Each
/// list has one packing, and none packs to 0.
#[inline]
fn pack(ints: &[i64]) -> Option<u64> {
    let largest = ints.iter().try_fold(0, |most: i64, &n| {
        (0..256).contains(&n).then_some(most.max(n))
    })?;
    let (code, bits) = match largest {
        0..2 => (0, 1),
        2..4 => (1, 2),
        4..16 => (2, 4),
        _ => (3, 8),
    };
    if ints.len() * bits > 56 {
        return None;
    }
    let items = (ints.iter().rev()).fold(0, |packed, &n| packed << bits | n as u64);
    Some(items << 8 | code << 6 | (ints.len() as u64 + 1))
}

fn hash(ints: &[i64], packed: Option<u64>) -> u64 {
    match packed {
        // The finaliser of SplitMix64 (Steele, Lea and Flood): every bit
        // of the list reaches every bit of the hash, which a table that
        // picks buckets by the low bits needs.
        Some(packed) => {
            let mut x = packed;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d049bb133111eb);
            x ^ (x >> 31)
        }
        None => {
            let mut hasher = FxBuildHasher.build_hasher();
            ints.hash(&mut hasher);
            std::hash::Hasher::finish(&hasher)
        }
    }
}

/// List `index` of the arena `items`, each list ending at its `ends`.
#[inline]
fn list_at<'a>(items: &'a [i64], ends: &[usize], index: u32) -> &'a [i64] {
    let index = index as usize;
    let start = if index == 0 { 0 } else { ends[index - 1] };
    &items[start..ends[index]]
}

impl Boards {
    /// The integers of list `index`.
    #[inline]
    pub(super) fn get(&self, index: u32) -> &[i64] {
        list_at(&self.items, &self.ends, index)
    }

    /// The index of `ints`, if it is interned, with its packing and hash.
    #[inline]
    fn find(&self, ints: &[i64]) -> (Option<u32>, Option<u64>, u64) {
        let packed = pack(ints);
        let hashed = hash(ints, packed);
        let found = match packed {
            Some(packed) => self.table.find(hashed, |e| e.packed == packed),
            None => self.table.find(hashed, |e| {
                e.packed == UNPACKED && self.get(e.index) == ints
            }),
        };
        (found.map(|entry| entry.index), packed, hashed)
    }

    /// The index of `ints`, if it is interned.
    pub(super) fn index(&self, ints: &[i64]) -> Option<u32> {
        self.find(ints).0
    }

    /// The index of `ints`, interned if new; and whether it was.
    #[inline]
    pub(super) fn insert(&mut self, ints: &[i64]) -> (u32, bool) {
        let (found, packed, hashed) = self.find(ints);
        if let Some(index) = found {
            return (index, false);
        }
        let entry = Entry {
            packed: packed.unwrap_or(UNPACKED),
            index: self.ends.len() as u32,
        };
        self.items.extend_from_slice(ints);
        self.ends.push(self.items.len());
        let (items, ends) = (&self.items, &self.ends);
        let rehash = |e: &Entry| {
            let ints = list_at(items, ends, e.index);
            hash(ints, (e.packed != UNPACKED).then_some(e.packed))
        };
        self.table.insert_unique(hashed, entry, rehash);
        (entry.index, true)
    }
}

/// A program's options, gathered (`Known::gathers`): the positions they
/// name are read after the walk (a list program's lists looked up all
/// together, the arguments a family counting up names).
pub struct Gathered;

impl Known for Gathered {
    fn value(&self, _: &[i64]) -> Option<u64> {
        None
    }

    fn line(&self) -> &[u32] {
        &[]
    }

    fn gathers(&self) -> bool {
        true
    }
}

/// How a depth-first computation of list positions ended.
pub enum ListFill {
    /// The position asked for is known.
    Done,
    /// The program cannot vouch for this position: the generic search must
    /// compute it. On a cycle, this is the position asked for, whose
    /// search then names the cycle.
    Blocked(PosId),
    /// `budget` positions were computed; call again to go on.
    Paused,
}

/// Steps and options between two checks of the interrupt and the memory
/// budget.
const CHECK_WORK: u64 = 1 << 14;

/// Reused between calls: the work stack and the options of one position.
#[derive(Default)]
pub(super) struct ListSearch {
    stack: Vec<u32>,
    /// Positions this call marked as in progress.
    marked: Vec<u32>,
    /// Per position in progress, where the positions its options named
    /// start in `named` and its options' values in `points`, and whether
    /// its value is its one option's (an alias): its value is taken from
    /// them on its second visit.
    pending: Vec<(u32, usize, usize, bool)>,
    /// The positions options named, each with the index in `points` of the
    /// option it is part of.
    named: Vec<(u32, usize)>,
    /// The options' values of the positions in progress, each without the
    /// values of the positions it names.
    points: Vec<u64>,
    options: OptionSet,
    mex: Mex,
    /// The position whose search paused (`ListFill::Paused`), its stack
    /// and pending positions kept: the next call for it goes on from
    /// there rather than walking down to where it stopped again.
    paused: Option<u32>,
}

impl<A: Arg> Engine<A> {
    /// Computes the list position `pos` with its family's program, depth
    /// first, computing at most `budget` positions in this call.
    pub fn fill_list(
        &mut self,
        pos: PosId,
        kernel: &Kernel,
        budget: usize,
    ) -> Result<ListFill, Stop> {
        let table = &mut self.tables[pos.family.0 as usize];
        let mut search = std::mem::take(&mut table.search);
        if search.paused.take() != Some(pos.index) {
            reset(table, &search.marked);
            search.stack.clear();
            search.marked.clear();
            search.pending.clear();
            search.named.clear();
            search.points.clear();
            search.stack.push(pos.index);
        }
        let limit = self.limits.max_list_len;
        let (mut solved, mut work) = (0, 0u64);
        let outcome = loop {
            let Some(&top) = search.stack.last() else {
                break Ok(ListFill::Done);
            };
            let state = table.dense_value(top);
            if state < IN_PROGRESS {
                search.stack.pop();
                continue;
            }
            if solved == budget {
                break Ok(ListFill::Paused);
            }
            // Counted in steps and options, not positions solved: walking
            // down a long chain solves none while its pending options pile
            // up.
            work += 1;
            if work >= CHECK_WORK {
                work = 0;
                if let Err(stop) = self.watch.check() {
                    break Err(stop);
                }
            }
            let value = match search.pending.last() {
                // The second visit: every option named is known now.
                Some(&(kept, start, first_point, alias)) if kept == top => {
                    search.pending.pop();
                    let named = &search.named[start..];
                    // An option still in progress is on a cycle.
                    if named
                        .iter()
                        .any(|&(i, _)| table.dense_value(i) >= IN_PROGRESS)
                    {
                        break Ok(ListFill::Blocked(pos));
                    }
                    let points = &mut search.points[first_point..];
                    for &(index, option) in named {
                        points[option] ^= table.dense_value(index);
                    }
                    let value = match alias {
                        true => points[0],
                        false => search.mex.of(points.len(), points.iter().copied()),
                    };
                    search.named.truncate(start);
                    search.points.truncate(first_point);
                    value
                }
                _ => {
                    let before = (table.dense.len(), search.named.len());
                    let options = &mut search.options;
                    let board = table.boards.get(top);
                    if kernel.options(board, &Gathered, limit, options).is_none() {
                        break Ok(ListFill::Blocked(PosId {
                            family: pos.family,
                            index: top,
                        }));
                    }
                    work += options.count;
                    // Each list the options named, interned, its value
                    // xored into its option's.
                    let mut unknown = false;
                    let mut start = 0;
                    for &(end, option) in &options.board_ends {
                        let (index, _) = table.intern_board(&options.boards[start..end]);
                        start = end;
                        match table.dense_value(index) {
                            value if value < IN_PROGRESS => options.points[option] ^= value,
                            _ => {
                                unknown = true;
                                search.named.push((index, option));
                            }
                        }
                    }
                    self.positions += (table.dense.len() - before.0) as u64;
                    if self.positions > self.limits.max_positions {
                        break Err(Stop::TooManyPositions(self.limits.max_positions));
                    }
                    if unknown {
                        let mut cycle = false;
                        for &(index, _) in &search.named[before.1..] {
                            match table.dense_value(index) {
                                _ if index == top => cycle = true,
                                UNKNOWN => search.stack.push(index),
                                IN_PROGRESS => cycle = true,
                                _ => {}
                            }
                        }
                        if cycle {
                            break Ok(ListFill::Blocked(pos));
                        }
                        let alias = options.alias_value().is_some();
                        search
                            .pending
                            .push((top, before.1, search.points.len(), alias));
                        search.points.extend_from_slice(&options.points);
                        if state == UNKNOWN {
                            table.set_dense_value(top, IN_PROGRESS);
                            search.marked.push(top);
                        }
                        continue;
                    }
                    search.named.truncate(before.1);
                    let points = &options.points;
                    match options.alias_value() {
                        Some(value) => value,
                        None => search.mex.of(points.len(), points.iter().copied()),
                    }
                }
            };
            table.set_dense_value(top, value);
            search.stack.pop();
            solved += 1;
        };
        match outcome {
            Ok(ListFill::Done) => search.marked.clear(),
            Ok(ListFill::Paused) => search.paused = Some(pos.index),
            _ => {
                reset(table, &search.marked);
                search.marked.clear();
            }
        }
        table.search = search;
        outcome
    }
}

/// Puts the positions a search marked as in progress, and left unsolved,
/// back to unknown.
fn reset<A>(table: &mut FamilyTable<A>, marked: &[u32]) {
    for &index in marked {
        if table.dense_value(index) == IN_PROGRESS {
            table.set_dense_value(index, UNKNOWN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pack;
    use std::collections::HashMap;

    #[test]
    fn each_list_packs_to_a_word_of_its_own() {
        // Every list of up to three integers from a set crossing each
        // width's edge, and the empty list.
        let ints = [0, 1, 2, 3, 4, 15, 16, 255];
        let mut lists = vec![vec![]];
        for length in 1..=3 {
            let mut longer = vec![];
            for list in lists.iter().filter(|l: &&Vec<i64>| l.len() == length - 1) {
                longer.extend(ints.iter().map(|&n| [list.clone(), vec![n]].concat()));
            }
            lists.extend(longer);
        }
        let mut seen = HashMap::new();
        for list in &lists {
            let word = pack(list).expect("short lists of small integers pack");
            assert_ne!(word, 0);
            assert_eq!(seen.insert(word, list), None, "{list:?}");
        }
        // As many integers as fit in 56 bits, and one more.
        for (n, fits) in [(1, 56), (3, 28), (15, 14), (255, 7)] {
            assert!(pack(&vec![n; fits]).is_some(), "{n} × {fits}");
            assert_eq!(pack(&vec![n; fits + 1]), None, "{n} × {}", fits + 1);
        }
        assert_eq!(pack(&[256]), None);
        assert_eq!(pack(&[-1]), None);
    }
}

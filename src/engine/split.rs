//! Bottom-up computation of a kernel family's values, with the sparse-space
//! method for split options (Berlekamp, Conway and Guy, *Winning Ways*,
//! "Sparse Space Spells Speed").
//!
//! Choose a mask `m` and call a value `v` *rare* when `v & m` has an even
//! number of bits, *common* otherwise. The xor of two common values is rare,
//! so the common values among a position's options all come from pairs with
//! at least one rare part. When rare positions are few, those pairs are
//! enumerated through the list of rare positions; the smallest common value
//! they miss bounds the mex, and only the rare values below it need a proof,
//! found by scanning the pairs from both ends until each has turned up. Any
//! mask gives the right values (a full scan is the plain method); the mask
//! only decides the speed, so it is chosen from the values seen so far and
//! the method falls back to the plain scan where rare positions are not
//! rare.

use super::kernel::{DenseFill, Kernel, OptionSet, Other, PairRange, Reading, WithForeign};
use super::mex::marked_word;
use super::seen::{Marks, Seen, Word, pair_word};
use super::{DENSE_BIG, Stop, Watch};

/// The first position at which the mask is chosen; below it every position
/// is computed by the plain scan.
const FIRST_REVIEW: usize = 1024;
/// Positions between two comparisons of the sparse method's work with the
/// plain scan's.
const BLOCK: usize = 1024;
/// Pairs scanned from each end of each range in the first round of a
/// proof, and at most in any later round (each round doubles it).
const FIRST_CHUNK: usize = 2;
const LAST_CHUNK: usize = 64;
/// Masks are chosen among those of at most this many bits.
const MASK_BITS: u32 = 11;

/// The state of one family's bottom-up computation.
#[derive(Default)]
pub(super) struct Prefix {
    /// Positions below this have values, folded into `space`.
    done: usize,
    options: OptionSet,
    space: SparseSpace,
    seen: Seen,
    dense: DenseFill,
}

impl Prefix {
    /// How many positions from 0 on are computed.
    pub(super) fn done(&self) -> usize {
        self.done
    }

    /// How the split options were computed last, in words; `None` when the
    /// family has none.
    pub(super) fn method(&self) -> Option<String> {
        let space = &self.space;
        Some(match (space.split, space.sparse) {
            (false, _) => return None,
            (true, true) => format!(
                "the sparse space, mask {} ({} rare positions)",
                space.mask,
                space.rare.len()
            ),
            (true, false) if self.done < FIRST_REVIEW => {
                format!("the plain scan (a mask is chosen at {FIRST_REVIEW} positions)")
            }
            (true, false) => "the plain scan (no mask made the sparse space pay)".to_string(),
        })
    }

    /// Computes `values[..=target]`. `Ok(Some(n))` when position `n` (up to
    /// `target`) must first be computed by the generic path, after which
    /// the next call goes on from there.
    pub(super) fn fill(
        &mut self,
        values: &mut [u32],
        kernel: &Kernel,
        foreign: &[Other],
        target: usize,
        limit: u64,
        watch: &Watch,
    ) -> Result<Option<usize>, Stop> {
        self.space.split = kernel.has_split();
        let dense = foreign.is_empty() && kernel.fills_densely();
        while self.done <= target {
            let n = self.done;
            if n.is_multiple_of(64) {
                watch.check()?;
            }
            if dense && values[n] >= DENSE_BIG {
                let stop = target as i64 + 1;
                let next = kernel.dense_run(
                    values,
                    (n as i64, stop),
                    Reading::Below,
                    limit,
                    &mut self.dense,
                );
                let next = next as usize;
                self.space.record_plain(&values[n..next]);
                self.done = next;
                if next > n {
                    continue;
                }
            }
            // Given up by the dense run, or not dense: the options listed.
            let (known, rest) = values.split_at_mut(n);
            if rest[0] >= DENSE_BIG {
                let args = [n as i64];
                let found = match foreign {
                    [] => kernel.options(&args, known, limit, &mut self.options),
                    _ => {
                        let with = WithForeign {
                            own: known,
                            foreign,
                        };
                        kernel.options(&args, &with, limit, &mut self.options)
                    }
                };
                let value = found
                    .map(|()| match self.options.alias_value() {
                        Some(value) => value,
                        None => self.space.value(known, &self.options, &mut self.seen),
                    })
                    .filter(|&v| v < DENSE_BIG as u64);
                let Some(value) = value else {
                    return Ok(Some(n));
                };
                rest[0] = value as u32;
            }
            self.space.record(n, rest[0] as u64, known);
            self.done = n + 1;
        }
        Ok(None)
    }
}

/// What the sparse method found in one range of pairs whose values all fit
/// in a word. Octal games ask for the same range again at the next position
/// (taking `t + 1` tokens from `n + 1` leaves what taking `t` from `n`
/// left), so its marks and the progress of its scan carry over. Nothing
/// about a range changes once it exists: later rare positions are beyond
/// its total, and a new mask forgets every carried range.
#[derive(Clone, Copy)]
struct Carried {
    range: PairRange,
    /// The values found so far: every pair with a rare part, and the pairs
    /// scanned.
    marks: u64,
    /// The pairs `low..high` are still to be scanned.
    low: usize,
    high: usize,
    /// When it was last asked for, to choose which to forget.
    used: u64,
}

/// Ranges carried from position to position.
const CARRIED: usize = 8;

/// What the sparse-space method knows about the values so far.
#[derive(Default)]
struct SparseSpace {
    /// Whether the kernel has split options at all (else none of this runs).
    split: bool,
    mask: u64,
    /// Whether the sparse method is in use (else the plain scan).
    sparse: bool,
    /// The rare positions in increasing order with their values, kept
    /// while `sparse`.
    rare: Vec<(u32, u32)>,
    /// The largest value so far.
    max_value: u64,
    next_review: usize,
    /// Work done in this block by the sparse method, and what the plain
    /// scan would have done.
    sparse_work: u64,
    plain_work: u64,
    block_end: usize,
    /// The values below 64 settled without a scan (see `sparse`), as
    /// words, for pairs whose heap is common and rare.
    settled: [u64; 2],
    /// Scratch: the scan's next low and (one past) high end, per range.
    cursors: Vec<(usize, usize)>,
    /// Scratch: the rare values still to be proved present.
    needed: Vec<u64>,
    /// Ranges of the last positions, when their values fit in a word.
    carried: Vec<Carried>,
    /// Counts the positions computed, to date `Carried::used`.
    clock: u64,
}

/// The word with the bits below `count` set.
fn low_bits(count: u64) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1 << count) - 1
    }
}

#[inline]
fn rare(value: u64, mask: u64) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

impl SparseSpace {
    /// The mex of the options.
    fn value(&mut self, known: &[u32], options: &OptionSet, seen: &mut Seen) -> u64 {
        if options.pairs.is_empty() {
            // One word of marks, with nothing to reset.
            let word = marked_word(0, &options.points);
            if word != u64::MAX {
                return word.trailing_ones() as u64;
            }
        }
        // Values below 2^k xor to values below 2^k; the or of some values
        // is below the same power of two as their maximum.
        let above = |widest: u64| {
            1u64.checked_shl(64 - widest.leading_zeros())
                .unwrap_or(u64::MAX)
        };
        let pairs = options.pairs.iter().fold(self.max_value, |w, p| w | p.nim);
        let points = options.points.iter().fold(0, |w, &p| w | p);
        seen.reset(above(pairs), above(points), options.count);
        seen.mark_points(&options.points);
        let plain: u64 = options
            .pairs
            .iter()
            .map(|p| (p.high - p.low + 1) as u64)
            .sum();
        self.plain_work += plain;
        let class = options.pairs.first().map(|p| rare(p.nim, self.mask));
        let uniform = options
            .pairs
            .iter()
            .all(|p| Some(rare(p.nim, self.mask)) == class);
        if !self.sparse || !uniform || plain == 0 {
            for range in &options.pairs {
                seen.mark_pairs(known, range, range.low, range.high + 1);
            }
            self.sparse_work += plain;
            return seen.first_unmarked();
        }
        self.sparse(known, options, seen, class == Some(true))
    }

    /// The mex by the sparse-space method. `nim_rare`: whether the pairs'
    /// heaps are rare, so that two common parts give a rare value.
    fn sparse(
        &mut self,
        known: &[u32],
        options: &OptionSet,
        seen: &mut Seen,
        nim_rare: bool,
    ) -> u64 {
        if let Some(word) = seen.word()
            && options.pairs.len() <= CARRIED / 2
        {
            return self.sparse_word(known, options, word, seen.len(), nim_rare);
        }
        for range in &options.pairs {
            self.sparse_work += mark_rare(known, range, &self.rare, seen);
        }
        // Values of the class that two common parts cannot give are settled:
        // the least unmarked one bounds the mex, and the unmarked values
        // below it are the ones a scan must prove present.
        let settled = |v: u64| rare(v, self.mask) != nim_rare;
        let mut needed = std::mem::take(&mut self.needed);
        needed.clear();
        let bound = match seen.word() {
            Some(word) => {
                let unmarked = !word & low_bits(seen.len());
                let bound = match unmarked & self.settled[nim_rare as usize] {
                    0 => seen.len(),
                    candidates => candidates.trailing_zeros() as u64,
                };
                if unmarked & low_bits(bound) != 0 {
                    needed.push(bound);
                }
                bound
            }
            None => {
                let len = seen.len();
                let bound = (0..len)
                    .find(|&v| !seen.has(v) && settled(v))
                    .unwrap_or(len);
                needed.extend((0..bound).filter(|&v| !seen.has(v)));
                bound
            }
        };
        let proved = self.scan(known, options, seen, bound, &needed);
        self.needed = needed;
        if proved { bound } else { seen.first_unmarked() }
    }

    /// `sparse` when every value fits in a word (`word` holds the values of
    /// the other options, below `len`): the ranges' marks and scans are
    /// carried from position to position.
    fn sparse_word(
        &mut self,
        known: &[u32],
        options: &OptionSet,
        mut word: u64,
        len: u64,
        nim_rare: bool,
    ) -> u64 {
        self.clock += 1;
        let mut slots = [0; CARRIED / 2];
        for (slot, range) in slots.iter_mut().zip(&options.pairs) {
            *slot = self.carry(known, range);
            word |= self.carried[*slot].marks;
        }
        let slots = &slots[..options.pairs.len()];
        let unmarked = !word & low_bits(len);
        let bound = match unmarked & self.settled[nim_rare as usize] {
            0 => len,
            candidates => candidates.trailing_zeros() as u64,
        };
        // Scan from both ends of every range at once, in growing chunks.
        let mut chunk = FIRST_CHUNK;
        while !word & low_bits(bound) != 0 {
            let mut live = false;
            for &slot in slots {
                let carried = &mut self.carried[slot];
                let (low, high) = (carried.low, carried.high);
                if low >= high {
                    continue;
                }
                live = true;
                let range = &carried.range;
                let found = if high - low <= 2 * chunk {
                    carried.low = high;
                    pair_word(known, range, low, high)
                } else {
                    carried.low += chunk;
                    carried.high -= chunk;
                    pair_word(known, range, low, low + chunk)
                        | pair_word(known, range, high - chunk, high)
                };
                self.sparse_work += (high - low).min(2 * chunk) as u64;
                carried.marks |= found;
                word |= found;
            }
            if !live {
                return (!word).trailing_zeros().min(len as u32) as u64;
            }
            chunk = (chunk * 2).min(LAST_CHUNK);
        }
        bound
    }

    /// The slot of `range` among the carried ranges, made (with the marks of
    /// its pairs with a rare part) if it is not there, in place of the one
    /// asked for longest ago.
    fn carry(&mut self, known: &[u32], range: &PairRange) -> usize {
        if let Some(slot) = self.carried.iter().position(|c| c.range == *range) {
            self.carried[slot].used = self.clock;
            return slot;
        }
        let mut marks = Word(0);
        self.sparse_work += mark_rare(known, range, &self.rare, &mut marks);
        let carried = Carried {
            range: *range,
            marks: marks.0,
            low: range.low,
            high: range.high + 1,
            used: self.clock,
        };
        if self.carried.len() < CARRIED {
            self.carried.push(carried);
            return self.carried.len() - 1;
        }
        // At most half the slots were asked for at this position, so the
        // oldest is not one of them.
        let oldest = (0..CARRIED)
            .min_by_key(|&slot| self.carried[slot].used)
            .unwrap_or(0);
        self.carried[oldest] = carried;
        oldest
    }

    /// Scans every range from both ends at once, in growing chunks, until
    /// every value below `bound` is marked; `needed` lists the unmarked ones
    /// (or, when the values fit in a word, holds just `bound`). A proof is
    /// usually a pair near one end or the other, in whichever range has it.
    /// Returns whether the values were all found.
    fn scan(
        &mut self,
        known: &[u32],
        options: &OptionSet,
        seen: &mut Seen,
        bound: u64,
        needed: &[u64],
    ) -> bool {
        // The values before `proved` in `needed` are marked (marks stay).
        let mut proved = 0;
        let mut all_marked = |seen: &Seen, needed: &[u64]| match seen.word() {
            Some(word) => !word & low_bits(bound) == 0,
            None => {
                proved += needed[proved..]
                    .iter()
                    .take_while(|&&v| seen.has(v))
                    .count();
                proved == needed.len()
            }
        };
        if needed.is_empty() {
            return true;
        }
        let mut cursors = std::mem::take(&mut self.cursors);
        cursors.clear();
        cursors.extend(options.pairs.iter().map(|p| (p.low, p.high + 1)));
        let mut chunk = FIRST_CHUNK;
        let mut found = false;
        loop {
            let mut live = false;
            for (range, (i, j)) in options.pairs.iter().zip(cursors.iter_mut()) {
                if *i >= *j {
                    continue;
                }
                live = true;
                if *j - *i <= 2 * chunk {
                    seen.mark_pairs(known, range, *i, *j);
                    self.sparse_work += (*j - *i) as u64;
                    *i = *j;
                } else {
                    seen.mark_ends(known, range, (*i, *j), chunk);
                    self.sparse_work += 2 * chunk as u64;
                    *i += chunk;
                    *j -= chunk;
                }
            }
            if all_marked(seen, needed) {
                found = true;
                break;
            }
            if !live {
                break;
            }
            chunk = (chunk * 2).min(LAST_CHUNK);
        }
        self.cursors = cursors;
        found
    }

    /// Records the values of a run of positions of a kernel with no split
    /// (a dense fill's): only the largest value counts.
    fn record_plain(&mut self, values: &[u32]) {
        debug_assert!(!self.split, "a dense fill has no split");
        let largest = values.iter().max().map_or(0, |&v| v as u64);
        self.max_value = self.max_value.max(largest);
    }

    /// Takes note of the value of position `n`.
    fn record(&mut self, n: usize, value: u64, known: &[u32]) {
        self.max_value = self.max_value.max(value);
        if !self.split {
            return;
        }
        if self.sparse && rare(value, self.mask) {
            self.rare.push((n as u32, value as u32));
        }
        let next = n + 1;
        if next >= self.next_review.max(FIRST_REVIEW) {
            self.review(next, known, value);
        } else if next >= self.block_end {
            // The sparse method must pay for itself; if it did not in this
            // block, the plain scan takes over until the next review.
            if self.sparse && self.sparse_work > self.plain_work / 2 {
                self.sparse = false;
                self.rare = Vec::new();
            }
            self.sparse_work = 0;
            self.plain_work = 0;
            self.block_end = next + BLOCK;
        }
    }

    /// Uses `mask` from now on; `values` are those of every position so far.
    fn set_mask(&mut self, mask: u64, values: impl Iterator<Item = u64>) {
        self.mask = mask;
        self.carried.clear();
        for nim_rare in [false, true] {
            self.settled[nim_rare as usize] = (0..64)
                .filter(|&v| rare(v, mask) != nim_rare)
                .fold(0, |word, v| word | 1 << v);
        }
        self.rare.clear();
        self.rare.extend(
            values
                .enumerate()
                .filter(|&(_, v)| rare(v, mask))
                .map(|(i, v)| (i as u32, v as u32)),
        );
    }

    /// Chooses the mask that makes the recent values rarest, and whether the
    /// sparse method should be used from position `next` on.
    fn review(&mut self, next: usize, known: &[u32], last: u64) {
        self.next_review = next * 2;
        let values = || known.iter().map(|&v| v as u64).chain(std::iter::once(last));
        let recent = values().skip(next / 2);
        let bits = (64 - self.max_value.leading_zeros()).min(MASK_BITS);
        let width = 1usize << bits;
        let mut histogram = vec![0u64; width];
        for v in recent {
            histogram[(v as usize) & (width - 1)] += 1;
        }
        let counts = rare_counts(&histogram);
        let best = (1..width as u64).min_by_key(|&m| (counts[m as usize], m));
        self.set_mask(best.unwrap_or(0), values());
        self.sparse = best.is_some() && self.rare.len() < next / 4;
        if !self.sparse {
            self.rare = Vec::new();
        }
        self.sparse_work = 0;
        self.plain_work = 0;
        self.block_end = next + BLOCK;
    }
}

/// Marks every pair of `range` with a rare part; returns how many it looked
/// at. The rare positions that are a pair's smaller part and those that are
/// its larger part are two runs of the sorted list, found by binary search,
/// so the marking loops have no branch.
fn mark_rare(known: &[u32], range: &PairRange, rare: &[(u32, u32)], seen: &mut impl Marks) -> u64 {
    let total = range.total;
    let run = |from: usize, to: usize| {
        let start = rare.partition_point(|&(r, _)| (r as usize) < from);
        let end = rare.partition_point(|&(r, _)| (r as usize) <= to);
        &rare[start..end.max(start)]
    };
    let smaller = run(range.low, range.high);
    // A pair of two equal parts is already among the smaller ones.
    let larger = run((total - range.high).max(range.high + 1), total - range.low);
    for part in [smaller, larger] {
        let parts = part
            .iter()
            .map(|&(r, value)| value ^ known[total - r as usize]);
        seen.mark_parts(parts, range.nim);
    }
    (smaller.len() + larger.len()) as u64
}

/// For every mask `m` at once, how many of the values counted in
/// `histogram` (indexed by value) are rare under `m`: the Walsh–Hadamard
/// transform `H(m) = Σ_v histogram[v]·(−1)^popcount(v & m)` counts rare
/// values minus common ones, so rare(m) = (total + H(m)) / 2, all masks in
/// O(w log w) for a histogram of width w (a power of two).
fn rare_counts(histogram: &[u64]) -> Vec<u64> {
    let mut transform: Vec<i64> = histogram.iter().map(|&c| c as i64).collect();
    let mut half = 1;
    while half < transform.len() {
        for block in transform.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    let total: i64 = histogram.iter().map(|&c| c as i64).sum();
    transform
        .iter()
        .map(|&h| ((total + h) / 2) as u64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Seen, SparseSpace, rare, rare_counts};
    use crate::engine::kernel::{OptionSet, PairRange};

    /// Small pseudo-random values below `below`.
    fn values(count: usize, below: u64) -> Vec<u32> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        (0..count)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % below) as u32
            })
            .collect()
    }

    /// The mex of every pair of every range: the plain method.
    fn plain(known: &[u32], options: &OptionSet) -> u64 {
        let mut present = std::collections::HashSet::new();
        for range in &options.pairs {
            for y in range.low..=range.high {
                present.insert((known[y] ^ known[range.total - y]) as u64 ^ range.nim);
            }
        }
        (0..).find(|v| !present.contains(v)).unwrap_or(0)
    }

    /// Whatever the mask and the heap, the sparse-space mex is the plain
    /// one: in one word (values below 64) and in bytes.
    #[test]
    fn any_mask_gives_the_plain_mex() {
        for below in [40, 200] {
            let known = values(400, below);
            for mask in [1, 3, 6, 21, 254] {
                let mut space = SparseSpace {
                    split: true,
                    sparse: true,
                    max_value: below - 1,
                    ..SparseSpace::default()
                };
                space.set_mask(mask, known.iter().map(|&v| v as u64));
                for nim in [0, 1, 2, 3] {
                    for n in 2..400 {
                        let mut options = OptionSet::default();
                        for total in [n - 1, n - 2] {
                            options.pairs.push(PairRange {
                                total,
                                nim,
                                low: (total % 3).min(total / 2),
                                high: total / 2,
                            });
                        }
                        options.count = n as u64 * 2;
                        let mut seen = Seen::default();
                        let fast = space.value(&known[..n], &options, &mut seen);
                        assert_eq!(
                            fast,
                            plain(&known, &options),
                            "mask {mask}, heap {nim}, n {n}"
                        );
                    }
                }
            }
        }
    }

    /// The transform's count of rare values is the direct count, for every
    /// mask of a few histograms of pseudo-random values.
    #[test]
    fn rare_counts_by_the_transform_are_the_direct_counts() {
        for (width, below) in [(1usize, 1u64), (8, 8), (64, 40), (256, 256)] {
            let mut histogram = vec![0u64; width];
            for v in values(500, below) {
                histogram[v as usize] += 1;
            }
            let counts = rare_counts(&histogram);
            for mask in 0..width as u64 {
                let direct: u64 = (0..width as u64)
                    .filter(|&v| rare(v, mask))
                    .map(|v| histogram[v as usize])
                    .sum();
                assert_eq!(
                    counts[mask as usize], direct,
                    "mask {mask} of width {width}"
                );
            }
        }
    }
}

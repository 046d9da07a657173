//! The option values found so far for one position, as the mex wants them:
//! one machine word when every value is below 64 (the octal games), else a
//! byte per value below a power of two, so that marking is one store.

use super::kernel::PairRange;

/// Largest table for which every pair value gets a slot.
const SEEN_SLOTS: u64 = 1 << 22;
/// Values a single word holds.
const WORD_BITS: usize = 64;
/// Pairs too few for vector code to pay.
const SHORT: usize = 8;

#[derive(Default)]
pub(super) struct Seen {
    /// The table has `len` slots: bits of `word` when `len <= 64`, else
    /// `bytes`.
    len: usize,
    word: u64,
    bytes: Vec<u8>,
    /// Whether every pair value is below `len` (then a power of two).
    pairs_fit: bool,
}

impl Seen {
    /// Empties the table for a position whose pair values are all below
    /// `pairs` and whose other values are below `points`, with `count`
    /// options in all (the mex is at most `count`). The bounds are powers
    /// of two.
    pub(super) fn reset(&mut self, pairs: u64, points: u64, count: u64) {
        let cap = || count.saturating_add(2).next_power_of_two();
        self.pairs_fit = pairs <= SEEN_SLOTS;
        let len = if self.pairs_fit {
            if points <= pairs {
                pairs
            } else {
                pairs.max(points.min(cap()))
            }
        } else {
            pairs.max(points).min(cap())
        };
        self.len = len as usize;
        self.word = 0;
        if self.len > WORD_BITS {
            self.bytes.clear();
            self.bytes.resize(self.len, 0);
        }
    }

    fn small(&self) -> bool {
        self.len <= WORD_BITS
    }

    /// Marks `value`; values without a slot are beyond the mex anyway.
    #[inline]
    pub(super) fn mark(&mut self, value: u64) {
        if value >= self.len as u64 {
            return;
        }
        if self.small() {
            self.word |= 1 << value;
        } else {
            self.bytes[value as usize] = 1;
        }
    }

    /// Marks every value of `points`: into a word kept in a register when
    /// the table is that small (marking one by one would read and write
    /// the word in memory for each value, a chain of store forwards).
    pub(super) fn mark_points(&mut self, points: &[u64]) {
        let len = self.len as u64;
        if self.small() {
            self.word |= or_points(points, 0, len);
        } else {
            // `bytes` is `len` long: the bounds check is the filter.
            let bytes = self.bytes.as_mut_slice();
            for &v in points {
                if let Some(byte) = bytes.get_mut(v as usize) {
                    *byte = 1;
                }
            }
        }
    }

    #[inline]
    pub(super) fn has(&self, value: u64) -> bool {
        if self.small() {
            self.word >> value & 1 != 0
        } else {
            self.bytes[value as usize] != 0
        }
    }

    /// The marks as one word, when the table is that small.
    pub(super) fn word(&self) -> Option<u64> {
        self.small().then_some(self.word)
    }

    /// How many values have a slot.
    pub(super) fn len(&self) -> u64 {
        self.len as u64
    }

    /// The least value not marked: the mex, once every option is marked.
    pub(super) fn first_unmarked(&self) -> u64 {
        let first = if self.small() {
            self.word.trailing_ones() as usize
        } else {
            // Eight marks at a time while all are set.
            let all_set = |chunk: &[u8]| chunk.iter().all(|&s| s != 0);
            let whole = self
                .bytes
                .chunks_exact(8)
                .take_while(|c| all_set(c))
                .count();
            let rest = &self.bytes[8 * whole..];
            8 * whole + rest.iter().position(|&s| s == 0).unwrap_or(rest.len())
        };
        first.min(self.len) as u64
    }

    /// Marks the pairs of `range` for `y` in `from..from + count` and in
    /// `to - count..to`: one round of a scan from both ends.
    pub(super) fn mark_ends(
        &mut self,
        known: &[u32],
        range: &PairRange,
        (from, to): (usize, usize),
        count: usize,
    ) {
        if self.pairs_fit && self.small() && count <= SHORT {
            let (total, nim) = (range.total, range.nim & 63);
            let bit = |y: usize| 1 << (((known[y] ^ known[total - y]) as u64 ^ nim) & 63);
            self.word |= (0..count).fold(0, |word, k| word | bit(from + k) | bit(to - 1 - k));
        } else {
            self.mark_pairs(known, range, from, from + count);
            self.mark_pairs(known, range, to - count, to);
        }
    }

    /// Marks the pairs `(y, total − y)` of `range` for `y` in `from..to`.
    pub(super) fn mark_pairs(&mut self, known: &[u32], range: &PairRange, from: usize, to: usize) {
        let lows = &known[from..to];
        let highs = &known[range.total + 1 - to..range.total + 1 - from];
        if !self.pairs_fit {
            for (a, b) in lows.iter().zip(highs.iter().rev()) {
                self.mark((a ^ b) as u64 ^ range.nim);
            }
        } else if self.small() {
            self.word |= pair_word(known, range, from, to);
        } else {
            // The mask changes nothing (every pair value has a slot) but
            // lets the compiler drop the bounds check from the hot loop.
            // A byte store may alias the vector's own fields; marking
            // through a slice keeps its pointer in a register.
            let bytes = self.bytes.as_mut_slice();
            let mask = bytes.len() - 1;
            let nim = range.nim as usize;
            for (a, b) in lows.iter().zip(highs.iter().rev()) {
                bytes[((a ^ b) as usize ^ nim) & mask] = 1;
            }
        }
    }
}

/// Where the values of pairs can be marked: a table of seen values, or a
/// bare word when every value is below 64.
pub(super) trait Marks {
    /// Marks the values `parts ^ nim` of pairs, `parts` being the xor of
    /// the pair's two values.
    fn mark_parts(&mut self, parts: impl Iterator<Item = u32>, nim: u64);
}

impl Marks for Seen {
    #[inline]
    fn mark_parts(&mut self, parts: impl Iterator<Item = u32>, nim: u64) {
        if !self.pairs_fit {
            parts.for_each(|p| self.mark(p as u64 ^ nim));
        } else if self.small() {
            self.word |= word_of(parts, nim);
        } else {
            // Every pair value has a slot: the mask changes nothing.
            let bytes = self.bytes.as_mut_slice();
            let mask = bytes.len() - 1;
            parts.for_each(|p| bytes[(p as usize ^ nim as usize) & mask] = 1);
        }
    }
}

/// Marks of values below 64, one bit each.
pub(super) struct Word(pub u64);

impl Marks for Word {
    #[inline]
    fn mark_parts(&mut self, parts: impl Iterator<Item = u32>, nim: u64) {
        self.0 |= word_of(parts, nim);
    }
}

/// The bits `1 << (part ^ nim)` of values below 64, or-ed together.
#[inline]
fn word_of(parts: impl Iterator<Item = u32>, nim: u64) -> u64 {
    let nim = nim & 63;
    parts.fold(0, |word, p| word | 1 << ((p as u64 ^ nim) & 63))
}

/// The bits of the values of the pairs of `range` for `y` in `from..to`,
/// every value being below 64.
pub(super) fn pair_word(known: &[u32], range: &PairRange, from: usize, to: usize) -> u64 {
    let lows = &known[from..to];
    let highs = &known[range.total + 1 - to..range.total + 1 - from];
    let nim = range.nim & 63;
    if lows.len() <= SHORT {
        or_pairs_portable(lows, highs, nim)
    } else {
        or_pairs(lows, highs, nim)
    }
}

/// The bits `1 << (low ^ high ^ nim)` of the pairs of `lows` with `highs`
/// reversed, or-ed together (every value below 64): a reduction the
/// compiler vectorises, with the wide variable shifts of AVX2 where the
/// processor has them.
fn or_pairs(lows: &[u32], highs: &[u32], nim: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor supports AVX2, checked just above.
        return unsafe { or_pairs_avx2(lows, highs, nim) };
    }
    or_pairs_portable(lows, highs, nim)
}

/// The bits `1 << (v − base)` of the values `v` of `points` from `base`
/// to below `base + len` (`len` at most 64), or-ed together: without a
/// branch per point, so that the compiler vectorises it, with AVX2's
/// variable shifts where the processor has them.
pub(super) fn or_points(points: &[u64], base: u64, len: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // A few points (most positions of a subtraction game): not worth a
    // call to the wide version.
    if points.len() >= 8 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor supports AVX2, checked just above.
        return unsafe { or_points_avx2(points, base, len) };
    }
    or_points_portable(points, base, len)
}

#[inline(always)]
fn or_points_portable(points: &[u64], base: u64, len: u64) -> u64 {
    let bit = |v: u64| {
        let offset = v.wrapping_sub(base);
        ((offset < len) as u64) << (offset & 63)
    };
    points.iter().fold(0, |word, &v| word | bit(v))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn or_points_avx2(points: &[u64], base: u64, len: u64) -> u64 {
    or_points_portable(points, base, len)
}

#[inline(always)]
fn or_pairs_portable(lows: &[u32], highs: &[u32], nim: u64) -> u64 {
    let pairs = lows.iter().zip(highs.iter().rev());
    pairs.fold(0, |word, (a, b)| word | 1 << (((a ^ b) as u64 ^ nim) & 63))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn or_pairs_avx2(lows: &[u32], highs: &[u32], nim: u64) -> u64 {
    or_pairs_portable(lows, highs, nim)
}

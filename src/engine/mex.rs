//! The minimum excludant over a reused table of marks.

use super::DENSE_BIG;

/// A reusable mex calculator: no allocation once warmed up.
#[derive(Default)]
pub struct Mex {
    /// For each value that can matter, the number of the mex that marked
    /// it last: marking is a plain store, and a new mex clears nothing, so
    /// it costs its values and the mex itself, not the values it might
    /// have had.
    seen: Vec<u32>,
    /// The current mex's number; never 0 once started.
    epoch: u32,
    /// Whether the last mex past a full word of marks lay past the words
    /// `mex_of_marked` tries too: the next, in a fill, most likely does.
    far: bool,
}

impl Mex {
    /// The least non-negative integer not among `values`; `count` bounds how
    /// many values there are (larger values cannot affect the answer).
    pub fn of(&mut self, count: usize, values: impl IntoIterator<Item = u64>) -> u64 {
        self.of_marked(0, count, values)
    }

    /// `of`, the values below 64 whose bits `word` has among them too.
    fn of_marked(&mut self, word: u64, count: usize, values: impl IntoIterator<Item = u64>) -> u64 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        // The mex is at most the number of values.
        let bound = count + word.count_ones() as usize;
        if self.seen.len() <= bound {
            self.seen.resize(bound + 1, 0);
        }
        // A store may alias the vector's own fields; marking through a
        // slice keeps its pointer and length in registers.
        let (epoch, seen) = (self.epoch, &mut self.seen[..=bound]);
        // The word's bits one by one, as many steps as it has.
        let mut bits = word;
        while bits != 0 {
            seen[bits.trailing_zeros() as usize] = epoch;
            bits &= bits - 1;
        }
        for v in values {
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = epoch;
            }
        }
        seen.iter().position(|&s| s != epoch).unwrap_or(bound + 1) as u64
    }
}

/// The marks of one position's options as the dense fills make them: a
/// line of options (`F(a − k, b) for k in 1..=a`) is marked straight from
/// the box of values, with no list of its values in between, which halves
/// the memory traffic per option. While every value has a slot below 64
/// (octal, subtraction and most take games), the marks are the bits of
/// one word kept in a register; else each slot holds the number of the
/// position that marked it last, so starting the next position clears
/// nothing.
#[derive(Default)]
pub(super) struct Stamps {
    /// A power of two long (or empty).
    stamps: Vec<u32>,
    /// The current position's number; never 0 once started.
    epoch: u32,
    /// The marks while `stamps` has at most `WORD_BITS` slots: bit `v` for
    /// value `v`.
    word: u64,
}

/// Values one word of marks holds.
const WORD_BITS: usize = 64;

/// `word` with each of `points` below 64 marked: the marks of options one
/// by one, whose mex is most often below 64. No branch: a point past the
/// word marks nothing; a long list is marked with AVX2's wide shifts where
/// the processor has them (`seen::or_points`).
pub(super) fn marked_word(word: u64, points: &[u64]) -> u64 {
    word | super::seen::or_points(points, 0, WORD_BITS as u64)
}

/// The mex of `points` and of the values below 64 marked in `word`: the
/// values below 64 marked in the word, then each next 64 in a word of
/// their own, a pass over the points each, while that pays (the values
/// past 64 most often lie in a window or two), then `mex` over the rest.
/// Where the last mex lay past the windows, as in a fill whose values
/// grow large, the points are marked in one pass at once.
/// Inlined for its common case, a word of marks not full: a position of
/// few options pays no call.
#[inline(always)]
pub(super) fn mex_of_marked(word: u64, points: &[u64], mex: &mut Mex) -> u64 {
    if !mex.far {
        let word = marked_word(word, points);
        if word != u64::MAX {
            return word.trailing_ones() as u64;
        }
    }
    mex_past_a_word(word, points, mex)
}

/// `mex_of_marked` where the word of marks is full or the last mex was
/// far.
#[inline(never)]
fn mex_past_a_word(word: u64, points: &[u64], mex: &mut Mex) -> u64 {
    const WINDOWS: u64 = 3;
    let bits = WORD_BITS as u64;
    let past = (WINDOWS + 1) * bits;
    if mex.far {
        let value = mex.of_marked(word, points.len(), points.iter().copied());
        mex.far = value >= past;
        return value;
    }
    // Every value below 64 is marked.
    for base in (1..=WINDOWS).map(|window| window * bits) {
        let word = super::seen::or_points(points, base, bits);
        if word != u64::MAX {
            return base + word.trailing_ones() as u64;
        }
    }
    mex.far = true;
    let above = points.iter().filter_map(|&v| v.checked_sub(past));
    past + mex.of(points.len(), above)
}

impl Stamps {
    /// Forgets every mark: the next position begins.
    pub(super) fn start(&mut self) {
        self.word = 0;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    /// Makes room for marking `value` (and every value below the next
    /// power of two). Between positions only: the word's marks are not
    /// carried over.
    pub(super) fn fit(&mut self, value: u64) {
        if value >= self.stamps.len() as u64 {
            let len = value.saturating_add(1).next_power_of_two();
            self.stamps
                .resize(usize::try_from(len).expect("a mex table fits"), 0);
        }
    }

    /// How many values have a slot: marking a value below this is exact.
    pub(super) fn len(&self) -> u64 {
        self.stamps.len() as u64
    }

    /// Whether the marks are the word's.
    fn small(&self) -> bool {
        self.stamps.len() <= WORD_BITS
    }

    /// Marks `value ^ nim` for every value of `line`, taking every
    /// `stride`-th from the first; `false` (the marks then being
    /// meaningless) when one is not known. Every known value and `nim`
    /// must be below `len()`.
    #[inline(always)]
    pub(super) fn mark_line(&mut self, line: &[u32], stride: usize, nim: u64) -> bool {
        let (nim, stride) = (nim as usize, stride.max(1));
        // The or of the values is a cheaper test than their maximum, and
        // as good while values are far below `DENSE_BIG` (always, in
        // practice).
        let bits = match self.small() {
            true => {
                // An index stepped by `stride` while it is in the line: no
                // bounds check beyond the loop's own, and no division
                // (iterating chunks would divide the line's length by the
                // stride). Known values and `nim` are below 64: the shift
                // is exact.
                let (mut bits, mut at, mut word) = (0, 0, self.word);
                while at < line.len() {
                    let value = line[at];
                    bits |= value;
                    word |= 1 << ((value as usize ^ nim) % WORD_BITS);
                    at += stride;
                }
                self.word = word;
                bits
            }
            false => self.stamp_line(line, stride, nim),
        };
        bits < DENSE_BIG || line.iter().step_by(stride).all(|&v| v < DENSE_BIG)
    }

    /// `mark_line` of a line of one value, with no loop to set up (a
    /// line of each unrolled move, as a thin box's column has).
    #[inline(always)]
    pub(super) fn mark_one(&mut self, value: u32, nim: u64) -> bool {
        if value >= DENSE_BIG {
            return false;
        }
        // As in `mark_line`, the value and `nim` are below `len()`.
        let at = value as usize ^ nim as usize;
        match self.small() {
            true => self.word |= 1 << (at % WORD_BITS),
            false => {
                let mask = self.stamps.len() - 1;
                self.stamps[at & mask] = self.epoch;
            }
        }
        true
    }

    /// `mark_line` past a word of marks: the or of the values. Not inlined:
    /// in a caller's larger loop, its own spills (+20% on Wythoff's lines).
    #[inline(never)]
    fn stamp_line(&mut self, line: &[u32], stride: usize, nim: usize) -> u32 {
        // Known values and `nim` are below the power of two `len`, so the
        // mask changes nothing for them but drops the bounds check.
        let (epoch, mask) = (self.epoch, self.stamps.len() - 1);
        let stamps = self.stamps.as_mut_slice();
        let (mut bits, mut at) = (0, 0);
        while at < line.len() {
            let value = line[at];
            bits |= value;
            stamps[(value as usize ^ nim) & mask] = epoch;
            at += stride;
        }
        bits
    }

    /// The mex of the marked values and `points`, the position having
    /// `count` options in all. Inlined for its common case, a word of
    /// marks not full: a position of few options pays no call.
    #[inline(always)]
    pub(super) fn mex(&mut self, count: u64, points: &[u64]) -> u64 {
        if self.small() {
            let word = marked_word(self.word, points);
            if word != u64::MAX {
                return word.trailing_ones() as u64;
            }
        }
        self.mex_past_a_word(count, points)
    }

    /// `mex` where the marks are not one word, or it is full.
    #[inline(never)]
    fn mex_past_a_word(&mut self, count: u64, points: &[u64]) -> u64 {
        if self.small() {
            // Every value below 64 is an option's: the mex is among the
            // points above, and the stamps take it from here.
            self.fit(count.max(WORD_BITS as u64));
            self.stamps[..WORD_BITS].fill(self.epoch);
        }
        // The mex is at most `count`: larger points cannot matter.
        self.fit(count);
        let (epoch, stamps) = (self.epoch, self.stamps.as_mut_slice());
        for &point in points {
            if point <= count {
                stamps[point as usize] = epoch;
            }
        }
        // Whole chunks compared without an early exit, which vectorises.
        let marked = |chunk: &[u32]| chunk.iter().fold(true, |all, &s| all & (s == epoch));
        let whole = stamps.chunks_exact(8).take_while(|&c| marked(c)).count();
        let rest = &stamps[8 * whole..];
        (8 * whole + rest.iter().position(|&s| s != epoch).unwrap_or(rest.len())) as u64
    }
}

#[cfg(test)]
impl Stamps {
    /// The values marked for the current position, in increasing order.
    pub(super) fn marked(&self) -> Vec<u64> {
        let marked = (0..self.len()).filter(|&v| match self.small() {
            true => self.word >> v & 1 == 1,
            false => self.stamps[v as usize] == self.epoch,
        });
        marked.collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Mex;

    #[test]
    fn seed_examples() {
        let mut mex = Mex::default();
        let mut m = |xs: &[u64]| mex.of(xs.len(), xs.iter().copied());
        assert_eq!(m(&[0, 1, 3]), 2);
        assert_eq!(m(&[1, 2, 3]), 0);
        assert_eq!(m(&[0, 3, 6]), 1);
        assert_eq!(m(&[2, 4, 6]), 0);
        assert_eq!(m(&[0, 1, 2, 3, 5, 7, 9]), 4);
        assert_eq!(m(&[]), 0);
        assert_eq!(m(&[3, 0, 1, 8, 4, 66, 2]), 5);
        let all: Vec<u64> = (0..64).collect();
        assert_eq!(m(&all), 64);
    }

    #[test]
    fn stamps_give_the_mex_of_lines_and_points() {
        let mut stamps = super::Stamps::default();
        stamps.fit(9);
        let values = [0u32, 7, 1, 7, 2, 7, 4, 7, 9];
        stamps.start();
        // Every other value: 0, 1, 2, 4, 9, each xor 1.
        assert!(stamps.mark_line(&values, 2, 1));
        assert_eq!(stamps.marked(), [0, 1, 3, 5, 8]);
        assert_eq!(stamps.mex(7, &[2, 40]), 4);
        // The next position starts with nothing marked.
        stamps.start();
        assert_eq!(stamps.mex(3, &[1, 2]), 0);
        stamps.start();
        assert!(stamps.mark_line(&values[..3], 1, 0));
        assert_eq!(stamps.mex(3, &[]), 2);
        // A value not known spoils the line.
        stamps.start();
        assert!(!stamps.mark_line(&[3, u32::MAX, 1], 1, 0));
    }

    /// With every value below 64 marked, the mex of the points above, by
    /// words of 64 and past them: each against the mex of them all.
    #[test]
    fn the_mex_beyond_a_full_word_is_the_first_value_missing() {
        let without = |range: std::ops::Range<u64>, missing: &[u64]| -> Vec<u64> {
            range.filter(|v| !missing.contains(v)).collect()
        };
        let cases = [
            (vec![], 64),
            (without(64..130, &[100]), 100),
            (without(64..256, &[]), 256),
            (without(64..300, &[270]), 270),
            (vec![70, 64, 1 << 40, 65, 3], 66),
            (without(64..200, &[191]).into_iter().rev().collect(), 191),
        ];
        let mut mex = Mex::default();
        for (points, expected) in cases {
            let all = (0..64).chain(points.iter().copied());
            let plain = mex.of(64 + points.len(), all);
            assert_eq!(plain, expected, "{points:?}");
            assert_eq!(super::mex_of_marked(u64::MAX, &points, &mut mex), expected);
        }
    }

    /// Below 64 values the marks are one word; when it fills up, the mex
    /// goes on among the points above it.
    #[test]
    fn a_full_word_of_marks_goes_on_to_the_points() {
        let mut stamps = super::Stamps::default();
        stamps.fit(63);
        let values: Vec<u32> = (0..64).collect();
        stamps.start();
        assert!(stamps.mark_line(&values, 1, 0));
        assert_eq!(
            stamps.marked(),
            values.iter().map(|&v| v as u64).collect::<Vec<_>>()
        );
        assert_eq!(stamps.mex(70, &[64, 65, 67]), 66);
        // The marks have grown past a word; the next position starts anew.
        stamps.start();
        assert!(stamps.len() > 64);
        assert!(stamps.mark_line(&values[..3], 1, 0));
        assert_eq!(stamps.mex(3, &[]), 3);
    }
}

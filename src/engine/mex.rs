//! The minimum excludant over a reused bitset.

/// A reusable mex calculator: no allocation once warmed up.
#[derive(Default)]
pub struct Mex {
    words: Vec<u64>,
}

impl Mex {
    /// The least non-negative integer not among `values`; `count` bounds how
    /// many values there are (larger values cannot affect the answer).
    pub fn of(&mut self, count: usize, values: impl IntoIterator<Item = u64>) -> u64 {
        let words = count / 64 + 1;
        self.words.clear();
        self.words.resize(words, 0);
        let limit = (words * 64) as u64;
        for v in values {
            if v < limit {
                self.words[(v / 64) as usize] |= 1 << (v % 64);
            }
        }
        for (i, word) in self.words.iter().enumerate() {
            if *word != u64::MAX {
                return i as u64 * 64 + word.trailing_ones() as u64;
            }
        }
        limit
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
}

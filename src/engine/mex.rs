//! The minimum excludant over a reused bitset.

/// A reusable mex calculator: no allocation once warmed up.
#[derive(Default)]
pub struct Mex {
    /// One byte per value that can matter: marking is a plain store, with
    /// no read-modify-write chain through a shared word.
    seen: Vec<u8>,
}

impl Mex {
    /// The least non-negative integer not among `values`; `count` bounds how
    /// many values there are (larger values cannot affect the answer).
    pub fn of(&mut self, count: usize, values: impl IntoIterator<Item = u64>) -> u64 {
        self.seen.clear();
        self.seen.resize(count + 1, 0);
        // A byte store may alias the vector's own fields; marking through a
        // slice keeps its pointer and length in registers.
        let seen = self.seen.as_mut_slice();
        for v in values {
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = 1;
            }
        }
        seen.iter().position(|&s| s == 0).unwrap_or(count + 1) as u64
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

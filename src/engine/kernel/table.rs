//! Constant tables of lists of integers that an option program picks
//! from by an integer (`M[n % 3]`, `ListExpr::Pick`).

use rustc_hash::FxHashMap;

use super::int::place;

/// The lists of a `let` list of lists of integers, or of a map whose keys
/// are integers and whose values are lists of integers (or integers, each
/// read as a list of one): `M[n % 3]` picks one without a `Value`.
#[derive(Debug, PartialEq)]
pub struct Table {
    /// The `let`'s name, for printing.
    pub name: String,
    /// A map's keys, each to its list's place; `None` for a list, indexed
    /// from 0 (and from the end by a negative index).
    pub keys: Option<FxHashMap<i64, usize>>,
    pub lists: Vec<Vec<i64>>,
    /// Whether it is a map to integers, each value a list of one here.
    pub scalars: bool,
}

impl Table {
    /// The list `key` picks, or `None` where the language reports an
    /// error (an index out of range, a key not in the map).
    #[inline]
    pub fn pick(&self, key: i64) -> Option<&[i64]> {
        let at = match &self.keys {
            Some(keys) => *keys.get(&key)?,
            None => place(key, self.lists.len())?,
        };
        Some(&self.lists[at])
    }
}

//! The positions of a family kept in its hash table rather than a dense
//! table, a box or an arena: heaps past the pairing of two parameters,
//! arguments below 0, anything not an integer. A position of integers is
//! kept as its key alone, found through a table of indices hashed by it:
//! about 70 bytes where the key, a shared copy of its arguments and a
//! map's entry took about 270 (two million queries of a two-heap family
//! past its box: 559 → 187 MB at the peak).

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::rc::Rc;

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{Arg, IntKey};

/// The positions kept in a family's hash table, by index.
pub(super) struct Hashed<A> {
    keys: Vec<Key<A>>,
    /// The index of each position whose arguments are not all integers.
    lookup: FxHashMap<Rc<[A]>, u32>,
    /// The index of each position whose arguments are integers, hashed by
    /// its key.
    ints: HashTable<u32>,
}

/// A kept position's arguments.
enum Key<A> {
    Ints(Short),
    /// A key with an integer past 32 bits, apart: the keys of the many
    /// positions of small integers stay small.
    Long(Box<[i64]>, bool),
    Args(Rc<[A]>),
}

/// Most integers a key kept inline holds: a board of eight, the longest a
/// family's positions are read as (`ir::board_len`).
const SHORT: usize = 8;

/// A key of at most `SHORT` integers, each within 32 bits, as kept: 40
/// bytes a key, where four integers of 64 bits took 48 and a board of six
/// was boxed apart (staircase nim on six steps: 10.5 → 7.5 to 9.5 s, 142
/// → 70 MB).
struct Short {
    ints: [i32; SHORT],
    len: u8,
    list: bool,
}

impl Short {
    /// `ints` kept inline, if they fit.
    fn of(ints: &[i64], list: bool) -> Option<Short> {
        let mut short = Short {
            ints: [0; SHORT],
            len: u8::try_from(ints.len())
                .ok()
                .filter(|&len| len as usize <= SHORT)?,
            list,
        };
        for (kept, &n) in short.ints.iter_mut().zip(ints) {
            *kept = i32::try_from(n).ok()?;
        }
        Some(short)
    }

    /// Whether this is the key `(ints, list)`.
    fn is(&self, (ints, list): (&[i64], bool)) -> bool {
        self.list == list
            && ints.len() == self.len as usize
            && ints
                .iter()
                .zip(&self.ints)
                .all(|(&n, &kept)| n == kept as i64)
    }
}

impl<A> Key<A> {
    /// `f` of the key of integers this is, as `IntKey` gives them.
    fn with_ints<R>(&self, f: impl FnOnce((&[i64], bool)) -> R) -> Option<R> {
        match self {
            Key::Ints(short) => {
                let mut ints = [0; SHORT];
                for (n, &kept) in ints.iter_mut().zip(&short.ints) {
                    *n = kept as i64;
                }
                Some(f((&ints[..short.len as usize], short.list)))
            }
            Key::Long(ints, list) => Some(f((ints, *list))),
            Key::Args(_) => None,
        }
    }

    /// Whether this is the key of integers `asked`.
    fn is(&self, asked: (&[i64], bool)) -> bool {
        match self {
            Key::Ints(short) => short.is(asked),
            Key::Long(ints, list) => (&ints[..], *list) == asked,
            Key::Args(_) => false,
        }
    }

    /// How `key` is kept.
    fn of(key: &IntKey) -> Key<A> {
        let (ints, list) = (key.ints(), key.is_list());
        match Short::of(ints, list) {
            Some(short) => Key::Ints(short),
            None => Key::Long(ints.into(), list),
        }
    }
}

impl<A> Default for Hashed<A> {
    fn default() -> Hashed<A> {
        Hashed {
            keys: Vec::new(),
            lookup: FxHashMap::default(),
            ints: HashTable::new(),
        }
    }
}

/// The hash of a key of integers, kept or asked for.
fn hash((ints, list): (&[i64], bool)) -> u64 {
    FxBuildHasher.hash_one((ints, list))
}

impl<A> Hashed<A> {
    /// How many positions are kept.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
}

impl<A: Arg> Hashed<A> {
    /// The bytes one more position would take when it makes the tables
    /// double, at the peak where the old and the new tables both exist.
    pub fn growth_bytes(&self) -> Option<u64> {
        let entry = size_of::<Key<A>>() + 2 * size_of::<u32>() + size_of::<u64>() + 1;
        let room = 3 * self.keys.capacity().max(1) * entry;
        (self.keys.len() == self.keys.capacity()).then_some(room as u64)
    }

    /// The index of the position of integers `key`, if it is kept.
    pub fn find_ints(&self, key: &IntKey) -> Option<u32> {
        let asked = (key.ints(), key.is_list());
        let same = |&index: &u32| self.keys[index as usize].is(asked);
        self.ints.find(hash(asked), same).copied()
    }

    /// The index of the position of `args` (not all integers), if kept.
    pub fn find_args(&self, args: &[A]) -> Option<u32> {
        self.lookup.get(args).copied()
    }

    /// Keeps a new position, of integers `int_key` if it has one, else of
    /// `args` (normalised): its index.
    pub fn insert(&mut self, int_key: Option<IntKey>, args: &[A]) -> u32 {
        let index = self.keys.len() as u32;
        match int_key {
            Some(key) => {
                let keys = &self.keys;
                let rehash = |&i: &u32| match keys[i as usize].with_ints(hash) {
                    Some(hash) => hash,
                    None => unreachable!("only keys of integers are in `ints`"),
                };
                self.ints
                    .insert_unique(hash((key.ints(), key.is_list())), index, rehash);
                self.keys.push(Key::of(&key));
            }
            None => {
                let key: Rc<[A]> = args.iter().map(A::normalised).collect();
                self.lookup.insert(key.clone(), index);
                self.keys.push(Key::Args(key));
            }
        }
        index
    }

    /// The arguments of the position at `index`.
    pub fn args(&self, index: u32) -> Cow<'_, [A]> {
        match &self.keys[index as usize] {
            Key::Args(args) => Cow::Borrowed(args),
            key => {
                let key = key.with_ints(|(ints, list)| IntKey::new(ints, list));
                let key = key.flatten().expect("kept from an IntKey");
                Cow::Owned(key.args())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Hashed, IntKey};
    use crate::engine::{Arg, Game};

    /// Arguments of integers and lists, all a key of integers holds.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    enum Plain {
        Int(i64),
        List(Vec<Plain>),
    }

    impl Arg for Plain {
        fn int(n: i64) -> Plain {
            Plain::Int(n)
        }
        fn list(items: Vec<Plain>) -> Plain {
            Plain::List(items)
        }
        fn game(_: Game) -> Plain {
            unreachable!("no games here")
        }
        fn as_int(&self) -> Option<i64> {
            match self {
                Plain::Int(n) => Some(*n),
                Plain::List(_) => None,
            }
        }
        fn as_list(&self) -> Option<&[Plain]> {
            match self {
                Plain::List(items) => Some(items),
                Plain::Int(_) => None,
            }
        }
        fn as_range(&self) -> Option<(i64, i64)> {
            None
        }
        fn normalised(&self) -> Plain {
            self.clone()
        }
    }

    /// Keys kept inline (small integers, up to eight, a list or not) and
    /// apart (an integer past 32 bits) are each found again, give their
    /// arguments back, and differ from their neighbours.
    #[test]
    fn keys_inline_and_apart_are_found_and_give_their_arguments() {
        let keys: Vec<(Vec<i64>, bool)> = vec![
            (vec![3], false),
            (vec![3], true),
            (vec![-3, 7], false),
            (vec![1, 2, 3, 4, 5, 6, 7, 8], true),
            (vec![1, 2, 3, 4, 5, 6, 7, 9], true),
            (vec![i32::MAX as i64 + 1, 0], false),
            (vec![i32::MIN as i64 - 1], false),
            (vec![i32::MIN as i64, i32::MAX as i64], false),
            (vec![1 << 40, 2, 3, 4, 5, 6, 7, 8], true),
        ];
        let mut hashed = Hashed::<Plain>::default();
        for (ints, list) in &keys {
            let key = IntKey::new(ints, *list).expect("a key");
            assert_eq!(hashed.find_ints(&key), None);
            hashed.insert(Some(key), &[]);
        }
        for (index, (ints, list)) in keys.iter().enumerate() {
            let key = IntKey::new(ints, *list).expect("a key");
            assert_eq!(hashed.find_ints(&key), Some(index as u32), "{ints:?}");
            assert_eq!(*hashed.args(index as u32), key.args::<Plain>()[..]);
        }
        let absent = IntKey::new(&[i32::MAX as i64 + 1, 1], false).expect("a key");
        assert_eq!(hashed.find_ints(&absent), None);
    }
}

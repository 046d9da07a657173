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
    /// More integers than `Short` holds (five parameters or more), apart:
    /// the keys of the many two-heap positions stay small.
    Long(Box<[i64]>, bool),
    Args(Rc<[A]>),
}

/// Most integers a key kept inline holds.
const SHORT: usize = 4;

/// A key of at most `SHORT` integers, as kept.
struct Short {
    ints: [i64; SHORT],
    len: u8,
    list: bool,
}

impl<A> Key<A> {
    /// The key of integers this is, as `IntKey` gives them.
    fn ints(&self) -> Option<(&[i64], bool)> {
        match self {
            Key::Ints(short) => Some((&short.ints[..short.len as usize], short.list)),
            Key::Long(ints, list) => Some((ints, *list)),
            Key::Args(_) => None,
        }
    }

    /// How `key` is kept.
    fn of(key: &IntKey) -> Key<A> {
        let ints = key.ints();
        match ints.len() <= SHORT {
            true => {
                let mut short = Short {
                    ints: [0; SHORT],
                    len: ints.len() as u8,
                    list: key.is_list(),
                };
                short.ints[..ints.len()].copy_from_slice(ints);
                Key::Ints(short)
            }
            false => Key::Long(ints.into(), key.is_list()),
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
        let same = |&index: &u32| self.keys[index as usize].ints() == Some(asked);
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
                let rehash = |&i: &u32| match keys[i as usize].ints() {
                    Some(ints) => hash(ints),
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
                let (ints, list) = key.ints().expect("a key of integers");
                let key = IntKey::new(ints, list).expect("kept from an IntKey");
                Cow::Owned(key.args())
            }
        }
    }
}

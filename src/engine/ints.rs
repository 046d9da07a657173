//! Positions whose arguments are a few integers, or one short list of
//! integers (a board), are found by their integers alone: an integer
//! program looks up the positions its options name without building a
//! single `Value`.

use super::Arg;

/// Most integers a key holds: a position of any integer program.
pub const KEY_INTS: usize = super::kernel::MAX_PARAMS;

/// A position's arguments as integers: `F(3, 4)` is `[3, 4]`, `F([3, 4])`
/// is `[3, 4]` as a list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IntKey {
    ints: [i64; KEY_INTS],
    len: u8,
    /// Whether the integers are the elements of one list argument.
    list: bool,
}

impl IntKey {
    /// The key of `ints`, as separate arguments or as one list.
    pub fn new(ints: &[i64], list: bool) -> Option<IntKey> {
        if ints.len() > KEY_INTS {
            return None;
        }
        let mut key = IntKey {
            ints: [0; KEY_INTS],
            len: ints.len() as u8,
            list,
        };
        key.ints[..ints.len()].copy_from_slice(ints);
        Some(key)
    }

    /// The key of an argument list, if it is integers or one list of them.
    pub fn of<A: Arg>(args: &[A]) -> Option<IntKey> {
        let mut ints = [0; KEY_INTS];
        let (len, list) = each_int(args, KEY_INTS, |i, n| ints[i] = n)?;
        IntKey::new(&ints[..len], list)
    }

    /// Whether the integers are one list argument.
    pub fn is_list(&self) -> bool {
        self.list
    }

    /// The integers.
    pub fn ints(&self) -> &[i64] {
        &self.ints[..self.len as usize]
    }

    /// The arguments this key stands for.
    pub fn args<A: Arg>(&self) -> Vec<A> {
        let ints = self.ints().iter().map(|&n| A::int(n));
        match self.list {
            true => vec![A::list(ints.collect())],
            false => ints.collect(),
        }
    }
}

/// Passes `f` each integer of an argument list that is integers or one
/// list of them (a range standing for its list), with its place: how many
/// there are and whether they are one list's. `None` for other arguments,
/// or past `most` integers.
pub fn each_int<A: Arg>(
    args: &[A],
    most: usize,
    mut f: impl FnMut(usize, i64),
) -> Option<(usize, bool)> {
    let (items, list) = match args {
        [one] if one.as_list().is_some() => (one.as_list()?, true),
        [one] if one.as_range().is_some() => {
            let (low, high) = one.as_range()?;
            let len = usize::try_from(high.checked_sub(low)?).ok()?;
            if len > most {
                return None;
            }
            (low..high).enumerate().for_each(|(i, n)| f(i, n));
            return Some((len, true));
        }
        args => (args, false),
    };
    if items.len() > most {
        return None;
    }
    for (i, item) in items.iter().enumerate() {
        f(i, item.as_int()?);
    }
    Some((items.len(), list))
}

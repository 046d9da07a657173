//! Positions whose arguments are a few integers, or one short list of
//! integers (a board), are found by their integers alone: an integer
//! program looks up the positions its options name without building a
//! single `Value`.

use crate::value::Value;

/// Most integers a key holds.
pub const KEY_INTS: usize = 4;

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
    pub fn of(args: &[Value]) -> Option<IntKey> {
        let mut ints = [0; KEY_INTS];
        let (items, list) = match args {
            [Value::List(items)] => (items.as_slice(), true),
            [Value::Range(low, high)] => {
                let len = usize::try_from(high.checked_sub(*low)?).ok()?;
                if len > KEY_INTS {
                    return None;
                }
                for (slot, n) in ints.iter_mut().zip(*low..*high) {
                    *slot = n;
                }
                return IntKey::new(&ints[..len], true);
            }
            args => (args, false),
        };
        if items.len() > KEY_INTS {
            return None;
        }
        for (slot, item) in ints.iter_mut().zip(items) {
            let Value::Int(n) = item else {
                return None;
            };
            *slot = *n;
        }
        IntKey::new(&ints[..items.len()], list)
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
    pub fn args(&self) -> Vec<Value> {
        let ints = self.ints().iter().map(|&n| Value::Int(n));
        match self.list {
            true => vec![Value::list(ints.collect())],
            false => ints.collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IntKey;
    use crate::value::Value;

    #[test]
    fn integers_and_a_list_of_them_have_different_keys() {
        let ints = IntKey::of(&[Value::Int(3), Value::Int(4)]).expect("integers");
        let list = IntKey::of(&[Value::list(vec![Value::Int(3), Value::Int(4)])]);
        assert_eq!(ints.ints(), &[3, 4]);
        assert_ne!(Some(ints), list);
        assert_eq!(IntKey::of(&[Value::Range(3, 5)]), list);
        assert_eq!(
            list.map(|k| k.args()),
            Some(vec![Value::list(vec![Value::Int(3), Value::Int(4)])])
        );
        assert_eq!(IntKey::of(&[Value::str("x")]), None);
        assert_eq!(IntKey::of(&vec![Value::Int(1); 5]), None);
    }
}

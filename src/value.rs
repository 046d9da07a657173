//! Runtime values. Games are small handles into the engine's tables, so a
//! value is cheap to copy, hash and compare structurally.

use std::cmp::Ordering;
use std::rc::Rc;

use rustc_hash::FxHashMap;

pub use crate::engine::game::{FamilyId, Game, PosId};

/// A `def`, by index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct DefId(pub u32);

/// Something callable: a game family, a `def` or a built-in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Callable {
    Family(FamilyId),
    Def(DefId),
    Builtin(crate::builtin::Builtin),
}

/// A map with its keys in insertion order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Map {
    pub entries: Vec<(Value, Value)>,
    index: FxHashMap<Value, usize>,
}

impl Map {
    /// Inserts or replaces `key`.
    pub fn insert(&mut self, key: Value, value: Value) {
        match self.index.get(&key) {
            Some(&i) => self.entries[i].1 = value,
            None => {
                self.index.insert(key.clone(), self.entries.len());
                self.entries.push((key, value));
            }
        }
    }

    /// The value stored under `key`.
    pub fn get(&self, key: &Value) -> Option<&Value> {
        self.index.get(key).map(|&i| &self.entries[i].1)
    }
}

impl std::hash::Hash for Map {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.entries.hash(state);
    }
}

/// A rectangular grid of values with row and column headings (`table`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Table {
    pub corner: String,
    pub rows: Vec<Value>,
    pub cols: Vec<Value>,
    pub cells: Vec<Vec<Value>>,
}

/// A value of the language.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// What `print` returns; a statement with this value prints nothing.
    Unit,
    Int(i64),
    Bool(bool),
    Str(Rc<str>),
    List(Rc<Vec<Value>>),
    /// `low..high`, high excluded; kept lazy so huge ranges cost nothing.
    Range(i64, i64),
    Map(Rc<Map>),
    Game(Game),
    Func(Callable),
    Table(Rc<Table>),
    /// `∞{0, 2}`: the loopy value of a position from which neither player
    /// can force a win alone, with the finite values among its options.
    Infinite(Rc<[u64]>),
}

impl Value {
    /// A list value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    /// A string value.
    pub fn str(text: &str) -> Value {
        Value::Str(Rc::from(text))
    }

    /// The kind of value in words, for type errors ("the integer 5").
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Unit => "nothing",
            Value::Int(_) => "integer",
            Value::Bool(_) => "boolean",
            Value::Str(_) => "string",
            Value::List(_) => "list",
            Value::Range(..) => "range",
            Value::Map(_) => "map",
            Value::Game(_) => "game",
            Value::Func(Callable::Family(_)) => "game family",
            Value::Func(_) => "function",
            Value::Table(_) => "table",
            Value::Infinite(_) => "loopy value",
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Value::Unit => 0,
            Value::Bool(_) => 1,
            Value::Int(_) => 2,
            Value::Str(_) => 3,
            Value::List(_) | Value::Range(..) => 4,
            Value::Map(_) => 5,
            Value::Game(_) => 6,
            Value::Func(_) => 7,
            Value::Table(_) => 8,
            Value::Infinite(_) => 9,
        }
    }

    /// How many integers `low..high` holds.
    pub fn range_len(low: i64, high: i64) -> u64 {
        if high <= low {
            0
        } else {
            (high as i128 - low as i128) as u64
        }
    }
}

/// A total structural order: used by set literals and `sort`. Values of
/// different kinds order by kind; lists and ranges compare element-wise.
impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        use Value::*;
        match (self, other) {
            (Int(a), Int(b)) => a.cmp(b),
            (Bool(a), Bool(b)) => a.cmp(b),
            (Str(a), Str(b)) => a.cmp(b),
            (Game(a), Game(b)) => a.cmp(b),
            (Func(a), Func(b)) => a.cmp(b),
            (Range(a, b), Range(c, d)) => range_cmp((*a, *b), (*c, *d)),
            (List(_) | Range(..), List(_) | Range(..)) => self.elements().cmp(other.elements()),
            (Map(a), Map(b)) => a.entries.cmp(&b.entries),
            (Table(a), Table(b)) => a.cells.cmp(&b.cells),
            (Infinite(a), Infinite(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Value {
    /// The elements of a list or range, one at a time: a range is never
    /// built in memory, so comparing with a list stops where the list does.
    pub fn elements(&self) -> Elements<'_> {
        match self {
            Value::List(items) => Elements::List(items.iter()),
            Value::Range(low, high) => Elements::Range(*low..*high),
            _ => Elements::List([].iter()),
        }
    }
}

/// The elements of a list or range (see `Value::elements`).
pub enum Elements<'a> {
    List(std::slice::Iter<'a, Value>),
    Range(std::ops::Range<i64>),
}

impl Iterator for Elements<'_> {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        match self {
            Elements::List(items) => items.next().cloned(),
            Elements::Range(range) => range.next().map(Value::Int),
        }
    }
}

/// Drops `value` without recursion: a list nested millions deep (a `def`
/// can build one) would overflow the stack in the ordinary drop, one frame
/// per level. Lists, maps and tables held only here are taken apart onto a
/// heap-allocated stack; shared ones just lose a reference.
pub fn dismantle(value: Value) {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::List(items) => {
                if let Ok(items) = Rc::try_unwrap(items) {
                    pending.extend(items);
                }
            }
            Value::Map(map) => {
                if let Ok(Map { entries, index }) = Rc::try_unwrap(map) {
                    // The index holds clones of the keys: gone first, so
                    // that the entries' keys are the last references.
                    drop(index);
                    pending.extend(entries.into_iter().flat_map(|(k, v)| [k, v]));
                }
            }
            Value::Table(table) => {
                if let Ok(table) = Rc::try_unwrap(table) {
                    pending.extend(table.rows);
                    pending.extend(table.cols);
                    pending.extend(table.cells.into_iter().flatten());
                }
            }
            _ => {}
        }
    }
}

/// The order of two ranges as sequences, by arithmetic: the first elements
/// decide, and when they agree the shorter range is a prefix of the other.
pub fn range_cmp(a: (i64, i64), b: (i64, i64)) -> Ordering {
    let (la, lb) = (Value::range_len(a.0, a.1), Value::range_len(b.0, b.1));
    match (la, lb) {
        (0, 0) => Ordering::Equal,
        (0, _) => Ordering::Less,
        (_, 0) => Ordering::Greater,
        _ => a.0.cmp(&b.0).then(la.cmp(&lb)),
    }
}

/// The engine keeps positions by their arguments: it sees integers, lists
/// and ranges, and ranges are kept as the lists they are, so `F(0..3)` and
/// `F([0, 1, 2])` are the same position.
impl crate::engine::Arg for Value {
    fn int(n: i64) -> Value {
        Value::Int(n)
    }

    fn list(items: Vec<Value>) -> Value {
        Value::list(items)
    }

    fn game(game: Game) -> Value {
        Value::Game(game)
    }

    fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    fn as_range(&self) -> Option<(i64, i64)> {
        match self {
            Value::Range(low, high) => Some((*low, *high)),
            _ => None,
        }
    }

    fn normalised(&self) -> Value {
        match self {
            Value::Range(..) => Value::list(self.elements().collect()),
            Value::List(items) if items.iter().any(|v| matches!(v, Value::Range(..))) => {
                Value::list(items.iter().map(|item| item.normalised()).collect())
            }
            other => other.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn ranges_order_as_their_elements_do() {
        let samples = [(0, 0), (3, 1), (0, 3), (0, 4), (1, 3), (-2, 2), (2, 3)];
        for a in samples {
            for b in samples {
                let as_list =
                    |(low, high): (i64, i64)| Value::list((low..high).map(Value::Int).collect());
                let lazy = Value::Range(a.0, a.1).cmp(&Value::Range(b.0, b.1));
                assert_eq!(lazy, as_list(a).cmp(&as_list(b)), "{a:?} vs {b:?}");
                assert_eq!(
                    Value::Range(a.0, a.1).cmp(&as_list(b)),
                    lazy,
                    "{a:?} vs list {b:?}"
                );
            }
        }
    }

    #[test]
    fn a_list_nested_millions_deep_is_dropped_without_recursion() {
        let mut value = Value::Int(0);
        for _ in 0..3_000_000 {
            value = Value::list(vec![value]);
        }
        // The default drop would need a frame per level: more than the
        // test thread's stack.
        super::dismantle(value);
    }

    #[test]
    fn huge_ranges_compare_at_once() {
        let huge = Value::Range(0, i64::MAX);
        assert_eq!(
            huge.cmp(&Value::Range(0, i64::MAX)),
            std::cmp::Ordering::Equal
        );
        assert!(Value::list(vec![Value::Int(0), Value::Int(2)]) > huge);
    }

    /// The engine sees a value's integers, lists and ranges through `Arg`:
    /// a range is the list it spells.
    #[test]
    fn integers_and_a_list_of_them_have_different_keys() {
        use crate::engine::IntKey;
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
        assert!(IntKey::of(&vec![Value::Int(1); 8]).is_some());
        assert_eq!(IntKey::of(&vec![Value::Int(1); 9]), None);
    }
}

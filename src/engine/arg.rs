//! What the engine needs to know of the values a position's arguments are.
//! Integers and short lists of integers go to dense tables, arenas and
//! integer keys; any other argument is only hashed and compared. So the
//! engine is generic over its argument type and knows no type of the
//! interpreter, whose `Value` is the one implementation.

use std::hash::Hash;

use super::game::Game;

/// An argument of a position.
pub trait Arg: Clone + Eq + Hash {
    /// The integer `n` as an argument.
    fn int(n: i64) -> Self;
    /// The list of `items` as an argument.
    fn list(items: Vec<Self>) -> Self;
    /// A game as an argument (the options of a literal `< … >`).
    fn game(game: Game) -> Self;
    /// The integer this is, if it is one.
    fn as_int(&self) -> Option<i64>;
    /// The items of a list.
    fn as_list(&self) -> Option<&[Self]>;
    /// The bounds `low..high` of a range.
    fn as_range(&self) -> Option<(i64, i64)>;
    /// The argument as a position keeps it: equal arguments that are
    /// spelled differently (a range and its list) become one.
    fn normalised(&self) -> Self;
}

//! The handles the engine gives out: a family, an interned position, and
//! a game (a nim heap, a position, or a sum of them). They are small and
//! cheap to copy, hash and compare, which is what lets a value of the
//! language hold a game.

use std::rc::Rc;

/// A declared game family (`game Name(…)`), by index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FamilyId(pub u32);

/// An interned position: a family and the position's index in that family's
/// table (a heap size for dense families).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PosId {
    pub family: FamilyId,
    pub index: u32,
}

/// A game value.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Game {
    /// `*n`
    Nim(u64),
    /// A position of a declared family, or an interned `< … >` literal.
    Pos(PosId),
    /// A disjunctive sum of two or more parts, none of them a sum.
    Sum(Rc<Vec<Game>>),
}

impl Game {
    /// The disjunctive sum `self + other`, flattened, without `*0` parts.
    pub fn sum(self, other: Game) -> Game {
        let mut parts = self.into_parts();
        parts.extend(other.into_parts());
        parts.retain(|part| *part != Game::Nim(0));
        Game::from_parts(parts)
    }

    /// The parts of a sum, or the game itself as a single part.
    pub fn parts(&self) -> &[Game] {
        match self {
            Game::Sum(parts) => parts,
            single => std::slice::from_ref(single),
        }
    }

    fn into_parts(self) -> Vec<Game> {
        match self {
            Game::Sum(parts) => Rc::try_unwrap(parts).unwrap_or_else(|rc| (*rc).clone()),
            single => vec![single],
        }
    }

    /// Rebuilds a game from parts (one part is itself, none is `*0`).
    pub fn from_parts(mut parts: Vec<Game>) -> Game {
        match parts.len() {
            0 => Game::Nim(0),
            1 => parts.pop().unwrap_or(Game::Nim(0)),
            _ => Game::Sum(Rc::new(parts)),
        }
    }
}

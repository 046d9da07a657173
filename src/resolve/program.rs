//! The resolved program: every definition with its names resolved to
//! slots and globals (`term`), under the ids the engine knows it by.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::term::{Element, Term};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Name};
use crate::value::{DefId, FamilyId, Value};

/// How a family computes the options of one of its positions.
#[derive(Clone)]
pub enum Body {
    /// `game F(n) = < … >`: the options are generated directly.
    Options(Rc<[Element]>),
    /// Any other body: the position plays like the game it evaluates to.
    Game(Rc<Term>),
}

/// A `game` definition.
#[derive(Clone)]
pub struct FamilyDef {
    pub name: String,
    pub params: Vec<Name>,
    pub body: Body,
    /// How many local slots a frame needs.
    pub slots: usize,
    /// The whole definition (for "defined here" and `:info`).
    pub span: Span,
    /// The body, for errors about what it evaluates to.
    pub body_span: Span,
    /// The family as defined, which the positions of itself in its body
    /// name: an instance (`ir::instances`) keeps its family's.
    pub id: FamilyId,
    /// Whether the name was redefined as another kind of definition, or
    /// with another number of parameters: the family then only forwards
    /// to it, and has no program of its own.
    pub forwarded: bool,
    /// For an instance of a family (`ir::instances`), its parameters fixed
    /// to one value each, by index; empty for the family as defined.
    pub fixed: Vec<(usize, Value)>,
    /// For an instance of a family whose positions are lists
    /// (`ir::lengths`), the one length its lists have: its positions are
    /// then boards of that many integers.
    pub length: Option<usize>,
    /// Whether its one parameter is a list of integers of any length, as
    /// its types (`crate::types`) said when it was written: its positions
    /// are then kept as lists in an arena, and its program builds lists.
    pub list: bool,
}

/// A `def` definition.
#[derive(Clone)]
pub struct DefDef {
    pub name: String,
    pub params: Vec<Name>,
    pub body: Rc<Term>,
    pub slots: usize,
    pub span: Span,
}

/// A `let` definition, evaluated once, on first use or at its statement.
#[derive(Clone)]
pub struct LetDef {
    pub name: Name,
    pub value: Rc<Term>,
    pub slots: usize,
    /// Whether the name was redefined as another kind of definition: the
    /// `let` then only forwards to it, and has no type or program of its
    /// own.
    pub forwarded: bool,
}

/// What a name at the top level refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Global {
    Family(FamilyId),
    Def(DefId),
    Let(usize),
}

/// A statement ready to run.
pub enum Action {
    /// Force a `let` at its place in the file.
    Let(usize),
    /// Print an expression's value, at `place` in its batch of statements
    /// (where `Types::statements` has its type).
    Print {
        term: Term,
        slots: usize,
        place: usize,
    },
    /// Stop unless the condition holds.
    Assert(Assertion),
}

/// An `assert`; a comparison keeps its operands apart so that a failure can
/// show both values.
pub struct Assertion {
    pub span: Span,
    pub slots: usize,
    pub check: AssertCheck,
}

/// What an assertion evaluates.
pub enum AssertCheck {
    Condition(Term),
    Compare { op: BinOp, left: Term, right: Term },
}

/// Everything defined so far (a file, or a whole REPL session).
#[derive(Default, Clone)]
pub struct Program {
    /// Indexed by `FamilyId`; index 0 (literals) is never a user family.
    pub families: Vec<Option<FamilyDef>>,
    pub defs: Vec<DefDef>,
    pub lets: Vec<LetDef>,
    pub globals: FxHashMap<String, Global>,
}

impl Program {
    /// A user family's definition.
    pub fn family(&self, id: FamilyId) -> &FamilyDef {
        self.families[id.0 as usize]
            .as_ref()
            .expect("family ids handed out are defined")
    }

    /// Every name's definition, in the order written (instances of
    /// families, made while running, left out).
    pub fn declared(&self) -> Vec<Global> {
        let mut globals: Vec<Global> = (self.globals.values().copied())
            .filter(|global| match global {
                Global::Family(id) => self.family(*id).fixed.is_empty(),
                _ => true,
            })
            .collect();
        globals.sort_by_key(|global| {
            let span = match *global {
                Global::Family(id) => self.family(id).span,
                Global::Def(id) => self.defs[id.0 as usize].span,
                Global::Let(index) => self.lets[index].name.span,
            };
            (span.source.0, span.start)
        });
        globals
    }
}

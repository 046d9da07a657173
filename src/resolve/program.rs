//! The resolved program: every definition with its names resolved to
//! slots and globals (`term`), under the ids the engine knows it by.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::term::{Element, Term};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Definition, Name};
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
    /// The definition as written, for the integer IR (`crate::ir`); `None`
    /// once the name was redefined as another kind of definition (the
    /// family then only forwards to it).
    pub definition: Option<Rc<Definition>>,
    /// For an instance of a family (`ir::instances`), its parameters fixed
    /// to one value each, by index; empty for the family as defined.
    pub fixed: Vec<(usize, Value)>,
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
    /// The definition as written, inlined by the integer IR (`crate::ir`).
    pub definition: Rc<Definition>,
}

/// A `let` definition, evaluated once, on first use or at its statement.
#[derive(Clone)]
pub struct LetDef {
    pub name: Name,
    pub value: Rc<Term>,
    pub slots: usize,
    /// The value as written, for its type (`crate::types`); `None` once
    /// the name was redefined as another kind of definition.
    pub source: Option<Rc<crate::syntax::ast::Expr>>,
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
    /// Print an expression's value: `source` as written, at `place` in its
    /// batch of statements (where `Types::statements` has its type).
    Print {
        term: Term,
        slots: usize,
        source: Rc<crate::syntax::ast::Expr>,
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

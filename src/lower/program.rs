//! The lowered program: every name resolved to a slot or a global, every
//! expression compiled to a closure, option lists to generators.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::diagnostic::Result;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::syntax::ast::{BinOp, Definition, Name};
use crate::value::{DefId, FamilyId, Value};

/// A compiled expression: evaluates against a frame of local slots.
pub type Code = Rc<dyn Fn(&mut dyn Runtime, &mut [Value]) -> Result<Value>>;

/// Receives each element a generator yields, with the element's span.
pub type Emit<'a> = &'a mut dyn FnMut(&mut dyn Runtime, Value, Span) -> Result<()>;

/// A compiled element with its `for`/`if` clauses: yields zero or more values.
pub type Generator = Rc<dyn Fn(&mut dyn Runtime, &mut [Value], Emit) -> Result<()>>;

/// How a family computes the options of one of its positions.
#[derive(Clone)]
pub enum Body {
    /// `game F(n) = < … >`: the options are generated directly.
    Options(Vec<Generator>),
    /// Any other body: the position plays like the game it evaluates to.
    Game(Code),
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
    pub body: Code,
    pub slots: usize,
    pub span: Span,
    /// The definition as written, inlined by the integer IR (`crate::ir`).
    pub definition: Rc<Definition>,
}

/// A `let` definition, evaluated once, on first use or at its statement.
#[derive(Clone)]
pub struct LetDef {
    pub name: Name,
    pub value: Code,
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
        code: Code,
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
    Condition(Code),
    Compare {
        op: BinOp,
        left: (Code, Span),
        right: (Code, Span),
    },
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
}

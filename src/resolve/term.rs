//! The resolved program's expressions: the syntax tree with every name
//! replaced by what it refers to (a local's slot, a family, a `def`, a
//! `let`, a built-in) and every call checked for its number of
//! arguments. Nothing here is optimised: this is the plain meaning of a
//! definition, which `crate::eval` evaluates on values and the integer IR
//! (`crate::ir`) is tested against.

use crate::builtin::Builtin;
use crate::span::Span;
use crate::syntax::ast::BinOp;
use crate::value::{DefId, FamilyId, Value};

/// An expression, with the span of its source (where its errors point).
#[derive(Clone, Debug)]
pub struct Term {
    pub kind: TermKind,
    pub span: Span,
}

/// What an expression computes.
#[derive(Clone, Debug)]
pub enum TermKind {
    Const(Value),
    /// A parameter or loop variable, by its slot in the frame.
    Local(usize),
    /// The value of the `index`th `let`, evaluated on first use.
    Let(usize),
    /// `_`, the last result printed (only outside definitions).
    LastResult,
    /// The position `family(args…)` (a bare name for a family without
    /// parameters).
    Position {
        family: FamilyId,
        args: Vec<Term>,
    },
    CallDef {
        def: DefId,
        args: Vec<Term>,
    },
    CallBuiltin {
        builtin: Builtin,
        args: Vec<Term>,
    },
    /// A call of a value: a local, a `let` or an expression that holds a
    /// family, a `def` or a built-in.
    CallValue {
        callee: Box<Term>,
        args: Vec<Term>,
    },
    Nim(Box<Term>),
    Neg(Box<Term>),
    Not(Box<Term>),
    /// `a and b` (`and` true) or `a or b`, the second evaluated only when
    /// the first does not decide.
    Logic {
        and: bool,
        a: Box<Term>,
        b: Box<Term>,
    },
    Binary(BinOp, Box<Term>, Box<Term>),
    Range {
        low: Box<Term>,
        high: Box<Term>,
        inclusive: bool,
    },
    If {
        cond: Box<Term>,
        then: Box<Term>,
        otherwise: Box<Term>,
    },
    Index(Box<Term>, Box<Term>),
    /// `< … >`: a literal game of the options its elements yield.
    Options(Vec<Element>),
    List {
        elements: Vec<Element>,
        set: bool,
    },
    /// `{k: v for …}`: its element yields `[key, value]` pairs.
    MapFor(Box<Element>),
    Map(Vec<(Term, Term)>),
}

/// An element of a list, set, map or option list: a value after its
/// `for` and `if` clauses, in source order.
#[derive(Clone, Debug)]
pub struct Element {
    pub clauses: Vec<Clause>,
    pub value: Term,
    /// For an element of an option list that is a bare name, the name: a
    /// value that is not a game is reported with it.
    pub option_name: Option<String>,
}

/// One clause of an element.
#[derive(Clone, Debug)]
pub enum Clause {
    /// `for` the variable `name`, in `slot`, over the items of `iter`.
    For {
        slot: usize,
        name: String,
        iter: Term,
    },
    If(Term),
}

impl Element {
    /// Its clauses' terms, then its value's.
    pub fn terms(&self) -> Vec<&Term> {
        (self.clauses.iter().map(Clause::term))
            .chain(std::iter::once(&self.value))
            .collect()
    }
}

impl Clause {
    /// The term a clause evaluates: a loop's list or a filter.
    pub fn term(&self) -> &Term {
        match self {
            Clause::For { iter, .. } => iter,
            Clause::If(cond) => cond,
        }
    }
}

impl Term {
    /// The terms it is computed from, in the order they are written (an
    /// element's clauses before its value).
    pub fn children(&self) -> Vec<&Term> {
        match &self.kind {
            TermKind::Const(_) | TermKind::Local(_) | TermKind::Let(_) | TermKind::LastResult => {
                Vec::new()
            }
            TermKind::Position { args, .. }
            | TermKind::CallDef { args, .. }
            | TermKind::CallBuiltin { args, .. } => args.iter().collect(),
            TermKind::CallValue { callee, args } => {
                std::iter::once(&**callee).chain(args).collect()
            }
            TermKind::Nim(a) | TermKind::Neg(a) | TermKind::Not(a) => vec![a],
            TermKind::Logic { a, b, .. } | TermKind::Binary(_, a, b) | TermKind::Index(a, b) => {
                vec![a, b]
            }
            TermKind::Range { low, high, .. } => vec![low, high],
            TermKind::If {
                cond,
                then,
                otherwise,
            } => vec![cond, then, otherwise],
            TermKind::Options(elements) | TermKind::List { elements, .. } => {
                elements.iter().flat_map(Element::terms).collect()
            }
            TermKind::MapFor(e) => e.terms(),
            TermKind::Map(entries) => entries.iter().flat_map(|(k, v)| [k, v]).collect(),
        }
    }

    /// A constant with the span of its source.
    pub fn constant(value: Value, span: Span) -> Term {
        Term {
            kind: TermKind::Const(value),
            span,
        }
    }
}

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

    /// Whether evaluating the term may end without calling `def`: where a
    /// `def`'s body cannot, every call of it calls it again, and a
    /// recursion too deep is one with no case that stops. A branch or a
    /// short-circuit may skip a call; a comprehension may loop over
    /// nothing.
    pub fn may_end_without_calling(&self, def: DefId) -> bool {
        match &self.kind {
            TermKind::CallDef { def: called, .. } if *called == def => false,
            TermKind::If {
                cond,
                then,
                otherwise,
            } => {
                cond.may_end_without_calling(def)
                    && (then.may_end_without_calling(def) || otherwise.may_end_without_calling(def))
            }
            TermKind::Logic { a, .. } => a.may_end_without_calling(def),
            TermKind::Options(elements) | TermKind::List { elements, .. } => {
                (elements.iter()).all(|e| e.terms()[0].may_end_without_calling(def))
            }
            TermKind::MapFor(e) => e.terms()[0].may_end_without_calling(def),
            _ => (self.children().into_iter()).all(|t| t.may_end_without_calling(def)),
        }
    }

    /// The term with each local read `Local(j)` replaced by `read(j)` and
    /// each loop's slot `j` renumbered `slot(j)`: a `def`'s body moved
    /// into its caller's frame.
    pub fn relocated(&self, read: &dyn Fn(usize) -> Term, slot: &dyn Fn(usize) -> usize) -> Term {
        let term = |t: &Term| t.relocated(read, slot);
        let boxed = |t: &Term| Box::new(term(t));
        let terms = |ts: &[Term]| ts.iter().map(term).collect::<Vec<_>>();
        let element = |e: &Element| Element {
            clauses: (e.clauses.iter())
                .map(|clause| match clause {
                    Clause::For {
                        slot: s,
                        name,
                        iter,
                    } => Clause::For {
                        slot: slot(*s),
                        name: name.clone(),
                        iter: term(iter),
                    },
                    Clause::If(cond) => Clause::If(term(cond)),
                })
                .collect(),
            value: term(&e.value),
            option_name: e.option_name.clone(),
        };
        let elements = |es: &[Element]| es.iter().map(element).collect::<Vec<_>>();
        let kind = match &self.kind {
            TermKind::Local(j) => return read(*j),
            TermKind::Const(_) | TermKind::Let(_) | TermKind::LastResult => self.kind.clone(),
            TermKind::Position { family, args } => TermKind::Position {
                family: *family,
                args: terms(args),
            },
            TermKind::CallDef { def, args } => TermKind::CallDef {
                def: *def,
                args: terms(args),
            },
            TermKind::CallBuiltin { builtin, args } => TermKind::CallBuiltin {
                builtin: *builtin,
                args: terms(args),
            },
            TermKind::CallValue { callee, args } => TermKind::CallValue {
                callee: boxed(callee),
                args: terms(args),
            },
            TermKind::Nim(a) => TermKind::Nim(boxed(a)),
            TermKind::Neg(a) => TermKind::Neg(boxed(a)),
            TermKind::Not(a) => TermKind::Not(boxed(a)),
            TermKind::Logic { and, a, b } => TermKind::Logic {
                and: *and,
                a: boxed(a),
                b: boxed(b),
            },
            TermKind::Binary(op, a, b) => TermKind::Binary(*op, boxed(a), boxed(b)),
            TermKind::Index(a, b) => TermKind::Index(boxed(a), boxed(b)),
            TermKind::Range {
                low,
                high,
                inclusive,
            } => TermKind::Range {
                low: boxed(low),
                high: boxed(high),
                inclusive: *inclusive,
            },
            TermKind::If {
                cond,
                then,
                otherwise,
            } => TermKind::If {
                cond: boxed(cond),
                then: boxed(then),
                otherwise: boxed(otherwise),
            },
            TermKind::Options(es) => TermKind::Options(elements(es)),
            TermKind::List { elements: es, set } => TermKind::List {
                elements: elements(es),
                set: *set,
            },
            TermKind::MapFor(e) => TermKind::MapFor(Box::new(element(e))),
            TermKind::Map(entries) => {
                TermKind::Map(entries.iter().map(|(k, v)| (term(k), term(v))).collect())
            }
        };
        Term {
            kind,
            span: self.span,
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

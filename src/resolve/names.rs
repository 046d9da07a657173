//! Expressions → terms. Names are resolved here, once: a local becomes a
//! slot index, a global what it names, so evaluation never looks a name
//! up; calls of what is defined are checked for their number of
//! arguments.

use super::program::{Global, Program};
use super::term::{Clause, Element, Term, TermKind};
use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::ops;
use crate::span::Span;
use crate::syntax::ast::{self, Expr, ExprKind};
use crate::value::{Callable, Game, Value};

/// Resolves the expressions of one definition or statement.
pub(super) struct Resolver<'a> {
    pub program: &'a Program,
    pub locals: Vec<String>,
    pub max_slots: usize,
    pub errors: &'a mut Vec<Diagnostic>,
    /// Whether this is a statement outside any definition, where `_` (the
    /// last result printed) may be read.
    pub top_level: bool,
}

fn boxed(term: Term) -> Box<Term> {
    Box::new(term)
}

impl Resolver<'_> {
    /// Records an error; the term stands in for what could not be
    /// resolved (the batch is not run).
    #[allow(clippy::boxed_local)] // diagnostics travel boxed everywhere else
    fn error(&mut self, diagnostic: Box<Diagnostic>) -> Term {
        let span = diagnostic.span;
        self.errors.push(*diagnostic);
        Term::constant(Value::Unit, span)
    }

    /// Binds a new local and returns its slot.
    pub fn bind(&mut self, name: &str) -> usize {
        self.locals.push(name.to_string());
        self.max_slots = self.max_slots.max(self.locals.len());
        self.locals.len() - 1
    }

    /// Resolves one expression.
    pub fn expr(&mut self, e: &Expr) -> Term {
        let span = e.span;
        let kind = match &e.node {
            ExprKind::Int(n) => TermKind::Const(Value::Int(*n)),
            ExprKind::Bool(b) => TermKind::Const(Value::Bool(*b)),
            ExprKind::Str(s) => TermKind::Const(Value::str(s)),
            ExprKind::Var(name) => return self.var(name, span),
            ExprKind::Nim(None) => TermKind::Const(Value::Game(Game::Nim(1))),
            ExprKind::Nim(Some(inner)) => TermKind::Nim(boxed(self.expr(inner))),
            ExprKind::Neg(inner) => TermKind::Neg(boxed(self.expr(inner))),
            ExprKind::Not(inner) => TermKind::Not(boxed(self.expr(inner))),
            ExprKind::And(a, b) | ExprKind::Or(a, b) => TermKind::Logic {
                and: matches!(e.node, ExprKind::And(..)),
                a: boxed(self.expr(a)),
                b: boxed(self.expr(b)),
            },
            ExprKind::Binary(op, a, b) => {
                TermKind::Binary(*op, boxed(self.expr(a)), boxed(self.expr(b)))
            }
            ExprKind::Range {
                low,
                high,
                inclusive,
            } => TermKind::Range {
                low: boxed(self.expr(low)),
                high: boxed(self.expr(high)),
                inclusive: *inclusive,
            },
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => TermKind::If {
                cond: boxed(self.expr(cond)),
                then: boxed(self.expr(then)),
                otherwise: boxed(self.expr(otherwise)),
            },
            ExprKind::Call(callee, args) => return self.call(callee, args, span),
            ExprKind::Index(base, key) => {
                TermKind::Index(boxed(self.expr(base)), boxed(self.expr(key)))
            }
            ExprKind::Options(elements) => TermKind::Options(self.options(elements)),
            ExprKind::List(elements) => TermKind::List {
                elements: self.elements(elements),
                set: false,
            },
            ExprKind::Set(elements) => TermKind::List {
                elements: self.elements(elements),
                set: true,
            },
            ExprKind::MapFor(element) => TermKind::MapFor(Box::new(self.element(element, false))),
            ExprKind::Map(entries) => TermKind::Map(
                entries
                    .iter()
                    .map(|(k, v)| (self.expr(k), self.expr(v)))
                    .collect(),
            ),
        };
        Term { kind, span }
    }

    /// A name read as a value: a local's slot or the global it names.
    pub fn var(&mut self, name: &str, span: Span) -> Term {
        let kind = if let Some(slot) = self.locals.iter().rposition(|l| l == name) {
            TermKind::Local(slot)
        } else {
            match self.program.globals.get(name) {
                // `game Start = …` has one position, named by the bare name.
                Some(Global::Family(id)) if self.program.family(*id).params.is_empty() => {
                    TermKind::Position {
                        family: *id,
                        args: Vec::new(),
                    }
                }
                Some(Global::Family(id)) => TermKind::Const(Value::Func(Callable::Family(*id))),
                Some(Global::Def(id)) => TermKind::Const(Value::Func(Callable::Def(*id))),
                Some(Global::Let(index)) => TermKind::Let(*index),
                None if name == "_" && self.top_level => TermKind::LastResult,
                None if name == "_" => {
                    return self.error(
                        Diagnostic::new(span, "`_` cannot be used inside a definition")
                            .label("the last result printed changes from entry to entry")
                            .help("give the value a name: `let x = _`, then use `x`"),
                    );
                }
                None => match Builtin::named(name) {
                    Some(builtin) => TermKind::Const(Value::Func(Callable::Builtin(builtin))),
                    None => {
                        let diagnostic = self.unknown_name(name, span, false);
                        return self.error(diagnostic);
                    }
                },
            }
        };
        Term { kind, span }
    }

    /// The error for `name`, defined nowhere, with the nearest name
    /// suggested: at the same distance, one in scope here (a parameter, a
    /// loop's variable) before a global one (`m` in `K(n - 1) if m > 0`
    /// is `n`), but a family, `def` or built-in first where it is `called`
    /// (`L(n - 1)` in `game K(n)` is `K`).
    fn unknown_name(&self, name: &str, span: Span, called: bool) -> Box<Diagnostic> {
        if let Some(diagnostic) = super::habits::python_name(name, None, span) {
            return diagnostic;
        }
        let locals = self.locals.iter().map(|c| (u8::from(called), c.as_str()));
        let globals = (self.program.globals.keys().map(String::as_str))
            .chain(Builtin::NAMES.iter().copied())
            .map(|c| (u8::from(!called), c));
        let best = locals
            .chain(globals)
            .map(|(rank, c)| (strsim::damerau_levenshtein(name, c), rank, c))
            .filter(|(d, _, c)| *d <= (name.len().max(c.len()) / 3).max(1))
            .min()
            .map(|(d, _, c)| (d, c));
        let diagnostic = Diagnostic::new(span, format!("unknown name `{name}`"))
            .label("not defined anywhere in this program");
        match best {
            Some((_, suggestion)) => diagnostic.help(format!("did you mean `{suggestion}`?")),
            None if name.chars().next().is_some_and(char::is_uppercase) => {
                diagnostic.help(format!("define it with `game {name}(…) = …`"))
            }
            None => diagnostic.help(format!(
                "define it with `let {name} = …` or `def {name}(…) = …`"
            )),
        }
    }

    fn call(&mut self, callee: &Expr, args: &[Expr], span: Span) -> Term {
        let resolved: Vec<Term> = args.iter().map(|a| self.expr(a)).collect();
        let kind = match self.callee(callee, args, span) {
            Ok(Callee::Family(family)) => TermKind::Position {
                family,
                args: resolved,
            },
            Ok(Callee::Def(def)) => TermKind::CallDef {
                def,
                args: resolved,
            },
            Ok(Callee::Builtin(builtin)) => TermKind::CallBuiltin {
                builtin,
                args: resolved,
            },
            Ok(Callee::Value) => TermKind::CallValue {
                callee: boxed(self.expr(callee)),
                args: resolved,
            },
            Err(diagnostic) => return self.error(diagnostic),
        };
        Term { kind, span }
    }

    /// What a call of `callee` with `args` calls, checked for its number
    /// of arguments where the callee is known here.
    fn callee(&self, callee: &Expr, args: &[Expr], span: Span) -> Result<Callee, Box<Diagnostic>> {
        let ExprKind::Var(name) = &callee.node else {
            return Ok(Callee::Value);
        };
        if self.locals.iter().any(|l| l == name) {
            return Ok(Callee::Value);
        }
        match self.program.globals.get(name.as_str()) {
            Some(Global::Family(id)) => {
                let family = self.program.family(*id);
                match arity_error(name, family.params.len(), args.len(), span, family.span) {
                    Some(diagnostic) => Err(diagnostic),
                    None => Ok(Callee::Family(*id)),
                }
            }
            Some(Global::Def(id)) => {
                let def = &self.program.defs[id.0 as usize];
                match arity_error(name, def.params.len(), args.len(), span, def.span) {
                    Some(diagnostic) => Err(diagnostic),
                    None => Ok(Callee::Def(*id)),
                }
            }
            Some(Global::Let(_)) => Ok(Callee::Value),
            None => {
                if let Some(builtin) = Builtin::named(name) {
                    return match builtin.arity_error(args.len(), span) {
                        Some(mut diagnostic) => {
                            if builtin == Builtin::Mex && args.len() > 1 {
                                diagnostic.help = Some(super::habits::mex_of_several(args));
                            }
                            Err(diagnostic)
                        }
                        None => Ok(Callee::Builtin(builtin)),
                    };
                }
                match super::habits::python_name(name, Some(args), span) {
                    Some(diagnostic) => Err(diagnostic),
                    None => Err(self.unknown_name(name, callee.span, true)),
                }
            }
        }
    }

    /// Resolves the elements of a list or set.
    pub fn elements(&mut self, elements: &[ast::Element]) -> Vec<Element> {
        elements.iter().map(|e| self.element(e, false)).collect()
    }

    /// Resolves the elements of an option list: an element that reads a
    /// variable checks it holds a game, so that the error can name it.
    pub fn options(&mut self, elements: &[ast::Element]) -> Vec<Element> {
        elements.iter().map(|e| self.element(e, true)).collect()
    }

    /// Resolves an element; its clauses bind left to right, each seeing
    /// the variables bound before it.
    fn element(&mut self, element: &ast::Element, option: bool) -> Element {
        let depth = self.locals.len();
        let clauses = element
            .clauses
            .iter()
            .map(|clause| match clause {
                ast::Clause::For { var, iter } => {
                    let iter = self.expr(iter);
                    Clause::For {
                        slot: self.bind(&var.node),
                        name: var.node.clone(),
                        iter,
                    }
                }
                ast::Clause::If(cond) => Clause::If(self.expr(cond)),
            })
            .collect();
        let value = self.expr(&element.value);
        self.locals.truncate(depth);
        let option_name = match &element.value.node {
            ExprKind::Var(name) if option => Some(name.clone()),
            _ => None,
        };
        Element {
            clauses,
            value,
            option_name,
        }
    }
}

/// What a call calls, as far as resolution knows.
enum Callee {
    Family(crate::value::FamilyId),
    Def(crate::value::DefId),
    Builtin(Builtin),
    /// Whatever the callee evaluates to.
    Value,
}

/// The diagnostic for calling `name` (with `expected` parameters, defined at
/// `definition`) with `found` arguments, if they differ.
fn arity_error(
    name: &str,
    expected: usize,
    found: usize,
    span: Span,
    definition: Span,
) -> Option<Box<Diagnostic>> {
    (expected != found).then(|| {
        Diagnostic::new(
            span,
            format!(
                "`{name}` takes {} but {} given",
                ops::plural(expected, "argument"),
                ops::plural_verb(found)
            ),
        )
        .with_label(definition, format!("`{name}` is defined here"))
    })
}

//! Expressions → closures. Names are resolved here, once: a local becomes a
//! slot index, a global a direct reference, so evaluation never looks a name
//! up.

use std::rc::Rc;

use super::program::{Code, Emit, Generator, Global, Program};
use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::ops;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::syntax::ast::{Clause, Element, Expr, ExprKind};
use crate::value::{Callable, Game, Map, Value};

/// Compiles the expressions of one definition or statement.
pub(super) struct Compiler<'a> {
    pub program: &'a Program,
    pub locals: Vec<String>,
    pub max_slots: usize,
    pub errors: &'a mut Vec<Diagnostic>,
    /// Whether this is a statement outside any definition, where `_` (the
    /// last result printed) may be read.
    pub top_level: bool,
}

fn constant(value: Value) -> Code {
    Rc::new(move |_, _| Ok(value.clone()))
}

impl Compiler<'_> {
    #[allow(clippy::boxed_local)] // diagnostics travel boxed everywhere else
    fn error(&mut self, diagnostic: Box<Diagnostic>) -> Code {
        self.errors.push(*diagnostic);
        constant(Value::Unit)
    }

    /// Binds a new local and returns its slot.
    pub fn bind(&mut self, name: &str) -> usize {
        self.locals.push(name.to_string());
        self.max_slots = self.max_slots.max(self.locals.len());
        self.locals.len() - 1
    }

    /// Compiles one expression.
    pub fn expr(&mut self, e: &Expr) -> Code {
        let span = e.span;
        match &e.node {
            ExprKind::Int(n) => constant(Value::Int(*n)),
            ExprKind::Bool(b) => constant(Value::Bool(*b)),
            ExprKind::Str(s) => constant(Value::str(s)),
            ExprKind::Var(name) => self.var(name, span),
            ExprKind::Nim(None) => constant(Value::Game(Game::Nim(1))),
            ExprKind::Nim(Some(inner)) => {
                let inner_span = inner.span;
                let inner = self.expr(inner);
                Rc::new(move |it, f| ops::nim(inner(it, f)?, inner_span))
            }
            ExprKind::Neg(inner) => {
                let inner_span = inner.span;
                let inner = self.expr(inner);
                Rc::new(move |it, f| ops::negate(inner(it, f)?, inner_span))
            }
            ExprKind::Not(inner) => {
                let inner_span = inner.span;
                let inner = self.expr(inner);
                Rc::new(move |it, f| Ok(Value::Bool(!ops::truth(&inner(it, f)?, inner_span)?)))
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                let is_and = matches!(e.node, ExprKind::And(..));
                let (a_span, b_span) = (a.span, b.span);
                let (a, b) = (self.expr(a), self.expr(b));
                Rc::new(move |it, f| {
                    let first = ops::truth(&a(it, f)?, a_span)?;
                    if first != is_and {
                        return Ok(Value::Bool(first));
                    }
                    Ok(Value::Bool(ops::truth(&b(it, f)?, b_span)?))
                })
            }
            ExprKind::Binary(op, a, b) => {
                let (op, a_span, b_span) = (*op, a.span, b.span);
                let (a, b) = (self.expr(a), self.expr(b));
                Rc::new(move |it, f| {
                    let left = a(it, f)?;
                    let right = b(it, f)?;
                    ops::binary(it, op, left, right, (a_span, b_span, span))
                })
            }
            ExprKind::Range {
                low,
                high,
                inclusive,
            } => {
                let (inclusive, low_span, high_span) = (*inclusive, low.span, high.span);
                let (low, high) = (self.expr(low), self.expr(high));
                Rc::new(move |it, f| {
                    let low = ops::int(&low(it, f)?, low_span)?;
                    let high = ops::int(&high(it, f)?, high_span)?;
                    let high = if inclusive {
                        high.checked_add(1)
                            .ok_or_else(|| ops::overflow(high_span))?
                    } else {
                        high
                    };
                    Ok(Value::Range(low, high))
                })
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let cond_span = cond.span;
                let (cond, then, otherwise) =
                    (self.expr(cond), self.expr(then), self.expr(otherwise));
                Rc::new(move |it, f| {
                    if ops::truth(&cond(it, f)?, cond_span)? {
                        then(it, f)
                    } else {
                        otherwise(it, f)
                    }
                })
            }
            ExprKind::Call(callee, args) => self.call(callee, args, span),
            ExprKind::Index(base, key) => {
                let (base_span, key_span) = (base.span, key.span);
                let (base, key) = (self.expr(base), self.expr(key));
                Rc::new(move |it, f| {
                    let base = base(it, f)?;
                    let key = key(it, f)?;
                    ops::index(base, key, base_span, key_span)
                })
            }
            ExprKind::Options(elements) => {
                let generators = self.options(elements);
                Rc::new(move |it, f| {
                    let mut games = Vec::new();
                    for generator in generators.iter() {
                        generator(it, f, &mut |it, value, span| {
                            games.push(ops::option(value, span)?);
                            it.check_length(games.len(), span)
                        })?;
                    }
                    it.literal(games, span)
                })
            }
            ExprKind::List(elements) | ExprKind::Set(elements) => {
                let is_set = matches!(e.node, ExprKind::Set(_));
                let generators = self.elements(elements);
                Rc::new(move |it, f| {
                    let mut items = Vec::new();
                    for generator in generators.iter() {
                        generator(it, f, &mut |it, value, span| {
                            items.push(value);
                            it.check_length(items.len(), span)
                        })?;
                    }
                    if is_set {
                        items.sort();
                        items.dedup();
                    }
                    Ok(Value::list(items))
                })
            }
            ExprKind::MapFor(element) => {
                let generator = self.element(element, false);
                Rc::new(move |it, f| {
                    let mut map = Map::default();
                    generator(it, f, &mut |it, pair, span| {
                        if let Value::List(pair) = pair
                            && let [key, value] = pair.as_slice()
                        {
                            map.insert(key.clone(), value.clone());
                        }
                        it.check_length(map.entries.len(), span)
                    })?;
                    Ok(Value::Map(Rc::new(map)))
                })
            }
            ExprKind::Map(entries) => {
                let entries: Vec<(Code, Code)> = entries
                    .iter()
                    .map(|(k, v)| (self.expr(k), self.expr(v)))
                    .collect();
                Rc::new(move |it, f| {
                    let mut map = Map::default();
                    for (key, value) in &entries {
                        let key = key(it, f)?;
                        map.insert(key, value(it, f)?);
                    }
                    Ok(Value::Map(Rc::new(map)))
                })
            }
        }
    }

    /// A name read as a value: a local's slot or the global it names.
    pub fn var(&mut self, name: &str, span: Span) -> Code {
        if let Some(slot) = self.locals.iter().rposition(|l| l == name) {
            return Rc::new(move |_, f| Ok(f[slot].clone()));
        }
        match self.program.globals.get(name) {
            // `game Start = …` has one position, named by the bare name.
            Some(Global::Family(id)) if self.program.family(*id).params.is_empty() => {
                let id = *id;
                Rc::new(move |it, _| it.position(id, &[], span))
            }
            Some(Global::Family(id)) => constant(Value::Func(Callable::Family(*id))),
            Some(Global::Def(id)) => constant(Value::Func(Callable::Def(*id))),
            Some(Global::Let(index)) => {
                let index = *index;
                Rc::new(move |it, _| it.let_value(index, span))
            }
            None if name == "_" && self.top_level => Rc::new(move |it, _| it.last_result(span)),
            None if name == "_" => self.error(
                Diagnostic::new(span, "`_` cannot be used inside a definition")
                    .label("the last result printed changes from entry to entry")
                    .help("give the value a name: `let x = _`, then use `x`"),
            ),
            None => match Builtin::named(name) {
                Some(builtin) => constant(Value::Func(Callable::Builtin(builtin))),
                None => {
                    let diagnostic = self.unknown_name(name, span);
                    self.error(diagnostic)
                }
            },
        }
    }

    fn unknown_name(&self, name: &str, span: Span) -> Box<Diagnostic> {
        if let Some(diagnostic) = super::habits::python_name(name, None, span) {
            return diagnostic;
        }
        let candidates = self
            .locals
            .iter()
            .map(String::as_str)
            .chain(self.program.globals.keys().map(String::as_str))
            .chain(Builtin::NAMES.iter().copied());
        let best = candidates
            .map(|c| (strsim::damerau_levenshtein(name, c), c))
            .filter(|(d, c)| *d <= (name.len().max(c.len()) / 3).max(1))
            .min();
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

    fn call(&mut self, callee: &Expr, args: &[Expr], span: Span) -> Code {
        let arg_spans: Rc<[Span]> = args.iter().map(|a| a.span).collect();
        let arg_codes: Rc<[Code]> = args.iter().map(|a| self.expr(a)).collect();
        let all_args = arg_codes.clone();
        let eval_args =
            move |it: &mut dyn Runtime, f: &mut [Value]| -> crate::diagnostic::Result<Vec<Value>> {
                all_args.iter().map(|a| a(it, f)).collect()
            };
        let callee_span = callee.span;
        if let ExprKind::Var(name) = &callee.node
            && !self.locals.iter().any(|l| l == name)
        {
            match self.program.globals.get(name.as_str()) {
                Some(Global::Family(id)) => {
                    let family = self.program.family(*id);
                    if let Some(diagnostic) =
                        arity_error(name, family.params.len(), args.len(), span, family.span)
                    {
                        return self.error(diagnostic);
                    }
                    let id = *id;
                    if let [arg] = &arg_codes[..] {
                        // The common case `F(n - k)`: no argument vector.
                        let arg = arg.clone();
                        return Rc::new(move |it, f| {
                            let value = arg(it, f)?;
                            it.position(id, std::slice::from_ref(&value), span)
                        });
                    }
                    return Rc::new(move |it, f| {
                        let args = eval_args(it, f)?;
                        it.position(id, &args, span)
                    });
                }
                Some(Global::Def(id)) => {
                    let def = &self.program.defs[id.0 as usize];
                    if let Some(diagnostic) =
                        arity_error(name, def.params.len(), args.len(), span, def.span)
                    {
                        return self.error(diagnostic);
                    }
                    let id = *id;
                    return Rc::new(move |it, f| {
                        let args = eval_args(it, f)?;
                        it.call_def(id, args, span)
                    });
                }
                Some(Global::Let(_)) => {}
                None => {
                    if let Some(builtin) = Builtin::named(name) {
                        if let Some(mut diagnostic) = builtin.arity_error(args.len(), span) {
                            if builtin == Builtin::Mex && args.len() > 1 {
                                diagnostic.help = Some(super::habits::mex_of_several(args));
                            }
                            return self.error(diagnostic);
                        }
                        return Rc::new(move |it, f| {
                            let args = eval_args(it, f)?;
                            it.call_builtin(builtin, args, &arg_spans, span)
                        });
                    }
                    if let Some(diagnostic) = super::habits::python_name(name, Some(args), span) {
                        return self.error(diagnostic);
                    }
                }
            }
        }
        let callee = self.expr(callee);
        Rc::new(move |it, f| {
            let callee = callee(it, f)?;
            let args = eval_args(it, f)?;
            it.call_value(callee, args, &arg_spans, callee_span, span)
        })
    }

    /// Compiles the elements of a list or set.
    pub fn elements(&mut self, elements: &[Element]) -> Rc<[Generator]> {
        elements.iter().map(|e| self.element(e, false)).collect()
    }

    /// Compiles the elements of an option list: an element that reads a
    /// variable checks it holds a game, so that the error can name it.
    pub fn options(&mut self, elements: &[Element]) -> Rc<[Generator]> {
        elements.iter().map(|e| self.element(e, true)).collect()
    }

    fn element(&mut self, element: &Element, option: bool) -> Generator {
        let depth = self.locals.len();
        // Clauses bind left to right; compile them in that order so that each
        // sees the variables bound before it, then build the closures inside
        // out.
        enum Step {
            For(usize, Code, Span),
            If(Code, Span),
        }
        let mut steps = Vec::new();
        for clause in &element.clauses {
            match clause {
                Clause::For { var, iter } => {
                    let code = self.expr(iter);
                    let slot = self.bind(&var.node);
                    steps.push(Step::For(slot, code, iter.span));
                }
                Clause::If(cond) => steps.push(Step::If(self.expr(cond), cond.span)),
            }
        }
        let value_span = element.value.span;
        let value = self.expr(&element.value);
        self.locals.truncate(depth);
        let mut generator: Generator = match &element.value.node {
            ExprKind::Var(name) if option => {
                let name = name.clone();
                Rc::new(move |it, f, emit: Emit| {
                    let v = value(it, f)?;
                    if !matches!(v, Value::Game(_)) {
                        return Err(ops::not_an_option(&v, value_span, Some(&name)));
                    }
                    emit(it, v, value_span)
                })
            }
            _ => Rc::new(move |it, f, emit: Emit| {
                let v = value(it, f)?;
                emit(it, v, value_span)
            }),
        };
        for step in steps.into_iter().rev() {
            let inner = generator;
            generator = match step {
                Step::If(cond, span) => Rc::new(move |it, f, emit: Emit| {
                    if ops::truth(&cond(it, f)?, span)? {
                        inner(it, f, emit)?;
                    }
                    Ok(())
                }),
                Step::For(slot, iter, span) => Rc::new(move |it, f, emit: Emit| {
                    let items = iter(it, f)?;
                    let items = ops::Items::of(items, span, it.limits().max_list_len)?;
                    for item in items {
                        it.tick(span)?;
                        f[slot] = item;
                        inner(it, f, emit)?;
                    }
                    Ok(())
                }),
            };
        }
        generator
    }
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

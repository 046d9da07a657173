//! Syntax tree → resolved program. Declares every name of a batch of
//! statements first (names are bound for the whole file, in any order), then
//! resolves the names of each body (`names`) into terms (`term`).

mod habits;
mod names;
pub mod print;
pub mod program;
pub mod term;

use std::rc::Rc;

use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Definition, ExprKind, Name, Stmt};
use crate::value::{DefId, FamilyId};
use names::Resolver;
use program::{Action, AssertCheck, Assertion, Body, DefDef, FamilyDef, Global, LetDef, Program};
use term::{Term, TermKind};

/// Whether a name may be defined again (the REPL) or not (a script).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Redefine {
    Forbid,
    Replace,
}

/// What resolving a batch produced: the actions to run and which families are
/// new or replaced (the engine must make or reset their tables).
pub struct Resolved {
    pub actions: Vec<Action>,
    pub new_families: Vec<FamilyId>,
    pub replaced: bool,
}

/// Resolves `statements` into `program`, returning every error found. On
/// error `program` holds part of the batch: `types::define` resolves into
/// a copy, kept only when the batch resolves and types.
pub fn resolve(
    statements: &[Stmt],
    program: &mut Program,
    redefine: Redefine,
) -> Result<Resolved, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut resolved = Resolved {
        actions: Vec::new(),
        new_families: Vec::new(),
        replaced: false,
    };
    let mut forwards = Vec::new();
    let globals = declare(
        statements,
        program,
        redefine,
        &mut resolved,
        &mut forwards,
        &mut errors,
    );
    for (place, (statement, global)) in statements.iter().zip(globals).enumerate() {
        match (statement, global) {
            (Stmt::Game(definition), Some(Global::Family(id))) => {
                let (body, slots) = resolve_family(program, definition, &mut errors);
                let family = program.families[id.0 as usize].as_mut().expect("declared");
                family.body = body;
                family.slots = slots;
            }
            (Stmt::Def(definition), Some(Global::Def(id))) => {
                let mut resolver = resolver(program, &definition.params, &mut errors);
                let body = resolver.expr(&definition.body);
                let slots = resolver.max_slots;
                let def = &mut program.defs[id.0 as usize];
                def.body = Rc::new(body);
                def.slots = slots;
            }
            (Stmt::Let { value, .. }, Some(Global::Let(index))) => {
                let mut resolver = statement_resolver(program, &mut errors);
                let term = resolver.expr(value);
                let slots = resolver.max_slots;
                program.lets[index].value = Rc::new(term);
                program.lets[index].slots = slots;
                resolved.actions.push(Action::Let(index));
            }
            (Stmt::Expr(e), _) => {
                let mut resolver = statement_resolver(program, &mut errors);
                let term = resolver.expr(e);
                let slots = resolver.max_slots;
                resolved.actions.push(Action::Print { term, slots, place });
            }
            (Stmt::Assert(e), _) => {
                let assertion = resolve_assert(program, e, &mut errors);
                resolved.actions.push(Action::Assert(assertion));
            }
            _ => {} // a definition that failed to declare
        }
    }
    for name in forwards {
        for old in older_slots(program, &name.node) {
            forward(program, old, &name, &mut errors);
        }
    }
    if errors.is_empty() {
        Ok(resolved)
    } else {
        Err(errors)
    }
}

fn resolver<'a>(
    program: &'a Program,
    params: &[crate::syntax::ast::Name],
    errors: &'a mut Vec<Diagnostic>,
) -> Resolver<'a> {
    Resolver {
        program,
        locals: params.iter().map(|p| p.node.clone()).collect(),
        max_slots: params.len(),
        errors,
        top_level: false,
    }
}

/// The resolver of a statement outside definitions (`let`, an expression,
/// `assert`), where `_` names the last result printed.
fn statement_resolver<'a>(program: &'a Program, errors: &'a mut Vec<Diagnostic>) -> Resolver<'a> {
    Resolver {
        top_level: true,
        ..resolver(program, &[], errors)
    }
}

/// What a definition holds until its body is resolved.
fn placeholder(span: Span) -> Rc<Term> {
    Rc::new(Term::constant(crate::value::Value::Unit, span))
}

/// Registers every definition's name; returns, per statement, what it
/// defines.
fn declare(
    statements: &[Stmt],
    program: &mut Program,
    redefine: Redefine,
    resolved: &mut Resolved,
    forwards: &mut Vec<Name>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Option<Global>> {
    if program.families.is_empty() {
        program.families.push(None); // FamilyId(0) is the literals' table
    }
    // A hash map: a file of many definitions must not take quadratic time.
    let mut seen: rustc_hash::FxHashMap<String, Span> = Default::default();
    let mut result = Vec::new();
    for statement in statements {
        let (name, params) = match statement {
            Stmt::Game(d) | Stmt::Def(d) => (&d.name, d.params.as_slice()),
            Stmt::Let { name, .. } => (name, &[][..]),
            _ => {
                result.push(None);
                continue;
            }
        };
        if Builtin::named(&name.node).is_some() {
            errors.push(
                *Diagnostic::new(name.span, format!("`{}` is a built-in", name.node))
                    .label("cannot be redefined")
                    .help("choose another name"),
            );
            result.push(None);
            continue;
        }
        if let Some(first) = seen.get(&name.node) {
            errors.push(
                *Diagnostic::new(name.span, format!("`{}` is defined twice", name.node))
                    .label("second definition")
                    .with_label(*first, "first defined here")
                    .help("rename one of them"),
            );
            result.push(None);
            continue;
        }
        seen.insert(name.node.clone(), name.span);
        check_params(params, errors);
        let existing = program.globals.get(&name.node).copied();
        if existing.is_some() {
            if redefine == Redefine::Forbid {
                errors.push(*Diagnostic::new(
                    name.span,
                    format!("`{}` is defined twice", name.node),
                ));
                result.push(None);
                continue;
            }
            resolved.replaced = true;
        }
        // Terms resolved against a definition of another kind or arity
        // reach the new one through the old slot; the new one gets its own.
        let existing = match existing {
            Some(old) if !same_shape(program, old, statement) => {
                forwards.push(name.clone());
                None
            }
            same => same,
        };
        let global = match statement {
            Stmt::Game(d) => {
                let id = match existing {
                    Some(Global::Family(id)) => id,
                    _ => {
                        program.families.push(None);
                        FamilyId(program.families.len() as u32 - 1)
                    }
                };
                program.families[id.0 as usize] = Some(family_stub(d, id));
                resolved.new_families.push(id);
                Global::Family(id)
            }
            Stmt::Def(d) => {
                let def = DefDef {
                    name: d.name.node.clone(),
                    params: d.params.clone(),
                    body: placeholder(d.span),
                    slots: 0,
                    span: d.span,
                };
                match existing {
                    Some(Global::Def(id)) => {
                        program.defs[id.0 as usize] = def;
                        Global::Def(id)
                    }
                    _ => {
                        program.defs.push(def);
                        Global::Def(DefId(program.defs.len() as u32 - 1))
                    }
                }
            }
            _ => {
                let def = LetDef {
                    name: name.clone(),
                    value: placeholder(name.span),
                    slots: 0,
                    forwarded: false,
                };
                // A redefined `let` keeps its index: code compiled against
                // the old definition reads the new one.
                match existing {
                    Some(Global::Let(index)) => {
                        program.lets[index] = def;
                        Global::Let(index)
                    }
                    _ => {
                        program.lets.push(def);
                        Global::Let(program.lets.len() - 1)
                    }
                }
            }
        };
        program.globals.insert(name.node.clone(), global);
        result.push(Some(global));
    }
    result
}

/// Whether `statement` redefines `old` with the same kind and arity, so
/// that it can take the old slot.
fn same_shape(program: &Program, old: Global, statement: &Stmt) -> bool {
    match (old, statement) {
        (Global::Family(id), Stmt::Game(d)) => program.family(id).params.len() == d.params.len(),
        (Global::Def(id), Stmt::Def(d)) => {
            program.defs[id.0 as usize].params.len() == d.params.len()
        }
        (Global::Let(_), Stmt::Let { .. }) => true,
        _ => false,
    }
}

/// Every slot `name` had before its current definition: those of the
/// kinds or numbers of parameters it was defined with earlier (an
/// instance of a family, a copy under its family's name, left out).
fn older_slots(program: &Program, name: &str) -> Vec<Global> {
    let current = program.globals.get(name).copied();
    let families = (program.families.iter().enumerate()).filter_map(|(id, family)| {
        let older = family.as_ref()?;
        (older.name == name && older.fixed.is_empty())
            .then_some(Global::Family(FamilyId(id as u32)))
    });
    let defs = (program.defs.iter().enumerate())
        .filter(|(_, def)| def.name == name)
        .map(|(id, _)| Global::Def(DefId(id as u32)));
    let lets = (program.lets.iter().enumerate())
        .filter(|(_, l)| l.name.node == name)
        .map(|(index, _)| Global::Let(index));
    (families.chain(defs).chain(lets))
        .filter(|slot| Some(*slot) != current)
        .collect()
}

/// A name redefined as another kind of definition, or with another
/// number of parameters, gets a new global; code compiled against an
/// older one (every older one: a name may change kind twice) reaches the
/// new one through the old slot, which now evaluates the name (and calls
/// it with the old parameters).
fn forward(program: &mut Program, old: Global, name: &Name, errors: &mut Vec<Diagnostic>) {
    let params = match old {
        Global::Let(_) => 0,
        Global::Def(id) => program.defs[id.0 as usize].params.len(),
        Global::Family(id) => program.family(id).params.len(),
    };
    let target = resolver(program, &[], errors).var(&name.node, name.span);
    let span = name.span;
    let call = Rc::new(match params {
        0 => target,
        _ => Term {
            kind: TermKind::CallValue {
                callee: Box::new(target),
                args: (0..params)
                    .map(|slot| Term {
                        kind: TermKind::Local(slot),
                        span,
                    })
                    .collect(),
            },
            span,
        },
    });
    match old {
        Global::Let(index) => {
            program.lets[index].value = call;
            program.lets[index].forwarded = true;
        }
        Global::Def(id) => {
            let def = &mut program.defs[id.0 as usize];
            def.body = call;
            def.slots = params;
        }
        Global::Family(id) => {
            let family = program.families[id.0 as usize].as_mut().expect("declared");
            family.body = Body::Game(call);
            family.slots = params;
            family.forwarded = true;
        }
    }
}

fn family_stub(d: &Definition, id: FamilyId) -> FamilyDef {
    FamilyDef {
        name: d.name.node.clone(),
        params: d.params.clone(),
        body: Body::Game(placeholder(d.span)),
        slots: 0,
        span: d.span,
        body_span: d.body.span,
        id,
        forwarded: false,
        fixed: Vec::new(),
        length: None,
        list: false,
    }
}

fn check_params(params: &[crate::syntax::ast::Name], errors: &mut Vec<Diagnostic>) {
    for (i, param) in params.iter().enumerate() {
        if let Some(first) = params[..i].iter().find(|p| p.node == param.node) {
            errors.push(
                *Diagnostic::new(
                    param.span,
                    format!("parameter `{}` is listed twice", param.node),
                )
                .label("second use of the name")
                .with_label(first.span, "first listed here")
                .help("each parameter needs its own name"),
            );
        }
    }
}

fn resolve_family(
    program: &Program,
    definition: &Definition,
    errors: &mut Vec<Diagnostic>,
) -> (Body, usize) {
    let mut resolver = resolver(program, &definition.params, errors);
    let body = match &definition.body.node {
        ExprKind::Options(elements) => Body::Options(resolver.options(elements).into()),
        _ => Body::Game(Rc::new(resolver.expr(&definition.body))),
    };
    (body, resolver.max_slots)
}

fn resolve_assert(
    program: &Program,
    e: &crate::syntax::ast::Expr,
    errors: &mut Vec<Diagnostic>,
) -> Assertion {
    let mut resolver = statement_resolver(program, errors);
    let check = match &e.node {
        ExprKind::Binary(
            op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            left,
            right,
        ) => AssertCheck::Compare {
            op: *op,
            left: resolver.expr(left),
            right: resolver.expr(right),
        },
        _ => AssertCheck::Condition(resolver.expr(e)),
    };
    Assertion {
        span: e.span,
        slots: resolver.max_slots,
        check,
    }
}

//! Syntax tree → lowered program. Declares every name of a batch of
//! statements first (names are bound for the whole file, in any order), then
//! compiles each body with its names resolved.

mod expr;
mod habits;
pub mod program;

use std::rc::Rc;

use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Definition, ExprKind, Name, Stmt};
use crate::value::{DefId, FamilyId};
use expr::Compiler;
use program::{
    Action, AssertCheck, Assertion, Body, Code, DefDef, FamilyDef, Global, LetDef, Program,
};

/// Whether a name may be defined again (the REPL) or not (a script).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Redefine {
    Forbid,
    Replace,
}

/// What lowering a batch produced: the actions to run and which families are
/// new or replaced (the engine must make or reset their tables).
pub struct Lowered {
    pub actions: Vec<Action>,
    pub new_families: Vec<FamilyId>,
    pub replaced: bool,
}

/// Lowers `statements` into `program`, returning every error found. On
/// error `program` holds part of the batch: `types::define` lowers into a
/// copy, kept only when the batch lowers and types.
pub fn lower(
    statements: &[Stmt],
    program: &mut Program,
    redefine: Redefine,
) -> Result<Lowered, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut lowered = Lowered {
        actions: Vec::new(),
        new_families: Vec::new(),
        replaced: false,
    };
    let mut forwards = Vec::new();
    let globals = declare(
        statements,
        program,
        redefine,
        &mut lowered,
        &mut forwards,
        &mut errors,
    );
    for (place, (statement, global)) in statements.iter().zip(globals).enumerate() {
        match (statement, global) {
            (Stmt::Game(definition), Some(Global::Family(id))) => {
                let (body, slots) = compile_family(program, definition, &mut errors);
                let family = program.families[id.0 as usize].as_mut().expect("declared");
                family.body = body;
                family.slots = slots;
            }
            (Stmt::Def(definition), Some(Global::Def(id))) => {
                let mut compiler = compiler(program, &definition.params, &mut errors);
                let body = compiler.expr(&definition.body);
                let slots = compiler.max_slots;
                let def = &mut program.defs[id.0 as usize];
                def.body = body;
                def.slots = slots;
            }
            (Stmt::Let { value, .. }, Some(Global::Let(index))) => {
                let mut compiler = statement_compiler(program, &mut errors);
                let code = compiler.expr(value);
                let slots = compiler.max_slots;
                program.lets[index].value = code;
                program.lets[index].slots = slots;
                program.lets[index].source = Some(Rc::new(value.clone()));
                lowered.actions.push(Action::Let(index));
            }
            (Stmt::Expr(e), _) => {
                let mut compiler = statement_compiler(program, &mut errors);
                let code = compiler.expr(e);
                let slots = compiler.max_slots;
                lowered.actions.push(Action::Print {
                    code,
                    slots,
                    source: Rc::new(e.clone()),
                    place,
                });
            }
            (Stmt::Assert(e), _) => {
                let assertion = compile_assert(program, e, &mut errors);
                lowered.actions.push(Action::Assert(assertion));
            }
            _ => {} // a definition that failed to declare
        }
    }
    for (old, name) in forwards {
        forward(program, old, &name, &mut errors);
    }
    if errors.is_empty() {
        Ok(lowered)
    } else {
        Err(errors)
    }
}

fn compiler<'a>(
    program: &'a Program,
    params: &[crate::syntax::ast::Name],
    errors: &'a mut Vec<Diagnostic>,
) -> Compiler<'a> {
    Compiler {
        program,
        locals: params.iter().map(|p| p.node.clone()).collect(),
        max_slots: params.len(),
        errors,
        top_level: false,
    }
}

/// The compiler of a statement outside definitions (`let`, an expression,
/// `assert`), where `_` names the last result printed.
fn statement_compiler<'a>(program: &'a Program, errors: &'a mut Vec<Diagnostic>) -> Compiler<'a> {
    Compiler {
        top_level: true,
        ..compiler(program, &[], errors)
    }
}

fn placeholder() -> Code {
    Rc::new(|_, _| Ok(crate::value::Value::Unit))
}

/// Registers every definition's name; returns, per statement, what it
/// defines.
fn declare(
    statements: &[Stmt],
    program: &mut Program,
    redefine: Redefine,
    lowered: &mut Lowered,
    forwards: &mut Vec<(Global, Name)>,
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
            lowered.replaced = true;
        }
        // Code compiled against a definition of another kind or arity
        // reaches the new one through the old slot; the new one gets its own.
        let existing = match existing {
            Some(old) if !same_shape(program, old, statement) => {
                forwards.push((old, name.clone()));
                None
            }
            same => same,
        };
        let global = match statement {
            Stmt::Game(d) => {
                let def = family_stub(d);
                match existing {
                    Some(Global::Family(id)) => {
                        program.families[id.0 as usize] = Some(def);
                        lowered.new_families.push(id);
                        Global::Family(id)
                    }
                    _ => {
                        let id = FamilyId(program.families.len() as u32);
                        program.families.push(Some(def));
                        lowered.new_families.push(id);
                        Global::Family(id)
                    }
                }
            }
            Stmt::Def(d) => {
                let def = DefDef {
                    name: d.name.node.clone(),
                    params: d.params.clone(),
                    body: placeholder(),
                    slots: 0,
                    span: d.span,
                    definition: Rc::new(d.clone()),
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
                    value: placeholder(),
                    slots: 0,
                    source: None,
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

/// A name redefined as another kind of definition, or with another
/// number of parameters, gets a new global; code
/// compiled against the old one reaches the new one through the old slot,
/// which now evaluates the name (and calls it with the old parameters).
fn forward(program: &mut Program, old: Global, name: &Name, errors: &mut Vec<Diagnostic>) {
    let target = compiler(program, &[], errors).var(&name.node, name.span);
    let span = name.span;
    let call = |params: usize| -> Code {
        if params == 0 {
            return target.clone();
        }
        let target = target.clone();
        Rc::new(move |it, f| {
            let callee = target(it, f)?;
            let spans = vec![span; params];
            it.call_value(callee, f[..params].to_vec(), &spans, span, span)
        })
    };
    match old {
        Global::Let(index) => {
            program.lets[index].value = call(0);
            program.lets[index].source = None;
        }
        Global::Def(id) => {
            let def = &mut program.defs[id.0 as usize];
            def.body = call(def.params.len());
            def.slots = def.params.len();
        }
        Global::Family(id) => {
            let family = program.families[id.0 as usize].as_mut().expect("declared");
            family.body = Body::Game(call(family.params.len()));
            family.slots = family.params.len();
            family.definition = None;
        }
    }
}

fn family_stub(d: &Definition) -> FamilyDef {
    FamilyDef {
        name: d.name.node.clone(),
        params: d.params.clone(),
        body: Body::Game(placeholder()),
        slots: 0,
        span: d.span,
        body_span: d.body.span,
        definition: Some(Rc::new(d.clone())),
        fixed: Vec::new(),
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

fn compile_family(
    program: &Program,
    definition: &Definition,
    errors: &mut Vec<Diagnostic>,
) -> (Body, usize) {
    let mut compiler = compiler(program, &definition.params, errors);
    let body = match &definition.body.node {
        ExprKind::Options(elements) => Body::Options(compiler.options(elements).to_vec()),
        _ => Body::Game(compiler.expr(&definition.body)),
    };
    (body, compiler.max_slots)
}

fn compile_assert(
    program: &Program,
    e: &crate::syntax::ast::Expr,
    errors: &mut Vec<Diagnostic>,
) -> Assertion {
    let mut compiler = statement_compiler(program, errors);
    let check = match &e.node {
        ExprKind::Binary(
            op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            left,
            right,
        ) => AssertCheck::Compare {
            op: *op,
            left: (compiler.expr(left), left.span),
            right: (compiler.expr(right), right.span),
        },
        _ => AssertCheck::Condition(compiler.expr(e)),
    };
    Assertion {
        span: e.span,
        slots: compiler.max_slots,
        check,
    }
}

//! Resolved program → types. Every family's and `def`'s parameters, every
//! `def`'s result and every `let` get a type, inferred from how they are
//! called and used; an expression in a definition whose type cannot be
//! what its place needs (an integer as an option, a game as a condition)
//! is reported when the definition is written, not when a position first
//! reaches it.
//!
//! The language stays dynamic: a parameter called with values of two types
//! is `any`, and nothing is reported about it. Only a type every
//! evaluation would have is held against the program.

mod builtins;
mod walk;

use std::fmt;

use crate::diagnostic::Diagnostic;
use crate::resolve::program::{Action, Global, Program};
use crate::resolve::{Redefine, Resolved};
use crate::span::Span;
use crate::syntax::ast::Stmt;
use crate::value::FamilyId;
use walk::Walker;

/// What the resolver knows of the values an expression may have.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Type {
    /// Nothing yet: no call and no use says (the bottom of the lattice).
    #[default]
    Unknown,
    Int,
    Bool,
    Str,
    Game,
    /// A game family, a `def` or a built-in, passed as a value.
    Func,
    Map,
    /// A list or range whose items have this type.
    List(Box<Type>),
    /// Values of more than one type, or of one the resolver does not
    /// follow (a table, a loopy value): anything may be found here.
    Any,
}

/// Lists nested deeper than this are `[any]`: inference stays finite
/// (`game F(x) = < F([x]) >` would otherwise nest without end).
const NESTING: usize = 3;

impl Type {
    /// The least type holding the values of both.
    pub fn join(&self, other: &Type) -> Type {
        self.join_within(other, NESTING)
    }

    fn join_within(&self, other: &Type, depth: usize) -> Type {
        match (self, other) {
            (Type::Unknown, t) | (t, Type::Unknown) => t.truncated(depth),
            (Type::List(a), Type::List(b)) if depth > 0 => {
                Type::List(Box::new(a.join_within(b, depth - 1)))
            }
            (a, b) if a == b && !matches!(a, Type::List(_)) => a.clone(),
            _ => Type::Any,
        }
    }

    fn truncated(&self, depth: usize) -> Type {
        match self {
            Type::List(_) if depth == 0 => Type::Any,
            Type::List(item) => Type::List(Box::new(item.truncated(depth - 1))),
            other => other.clone(),
        }
    }

    /// Whether every value of this type is of one known kind, so that a
    /// misuse is certain.
    pub fn is_known(&self) -> bool {
        !matches!(self, Type::Unknown | Type::Any)
    }

    /// Whether every value is a list whose items are integers, as far as
    /// anything says (`[int]`, or `[?]`: read by position, items unknown).
    pub fn is_integer_list(&self) -> bool {
        matches!(self, Type::List(item) if matches!(**item, Type::Int | Type::Unknown))
    }

    /// "an integer", "a list", for messages.
    pub fn described(&self) -> &'static str {
        match self {
            Type::Unknown | Type::Any => "a value",
            Type::Int => "an integer",
            Type::Bool => "a boolean",
            Type::Str => "a string",
            Type::Game => "a game",
            Type::Func => "a function",
            Type::Map => "a map",
            Type::List(_) => "a list",
        }
    }

    /// The type of the items iterating over a value of this type gives.
    fn items(&self) -> Type {
        match self {
            Type::List(item) => (**item).clone(),
            Type::Str => Type::Str,
            Type::Map | Type::Any => Type::Any,
            // Not iterable: an error, through which no value flows.
            _ => Type::Unknown,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Unknown => write!(f, "?"),
            Type::Int => write!(f, "int"),
            Type::Bool => write!(f, "bool"),
            Type::Str => write!(f, "str"),
            Type::Game => write!(f, "game"),
            Type::Func => write!(f, "function"),
            Type::Map => write!(f, "map"),
            Type::List(item) => write!(f, "[{item}]"),
            Type::Any => write!(f, "any"),
        }
    }
}

/// What is known of a family's or a `def`'s parameters and result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Signature {
    /// Per parameter, the join of the arguments of the calls inside
    /// definitions (`any` once the function is passed as a value, to be
    /// called who knows where).
    inside: Vec<Type>,
    /// Per parameter, the join of the arguments of the calls made by
    /// statements, kept from batch to batch (the REPL's earlier entries).
    outside: Vec<Type>,
    /// Per parameter, the join of what its uses need (`n - 1`: an integer),
    /// for a parameter no call says anything about.
    used: Vec<Type>,
    /// The join of what the body evaluates to.
    pub result: Type,
}

/// Which parameter types a walk reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// Only the calls inside definitions: what errors are judged by, since
    /// statements run in order and report their own errors at their turn,
    /// and a use says nothing certain (it may sit in a branch other
    /// arguments take).
    Certain,
    /// Every call: what is shown (with uses where no call says), and
    /// what decides how positions are kept.
    Likely,
}

impl Signature {
    fn new(params: usize) -> Signature {
        Signature {
            inside: vec![Type::Unknown; params],
            outside: vec![Type::Unknown; params],
            used: vec![Type::Unknown; params],
            result: Type::Unknown,
        }
    }

    /// Parameter `index`'s type: what every call passes it, or else what
    /// its uses need.
    pub fn param(&self, index: usize) -> Type {
        match self.read(index, Reading::Likely) {
            Type::Unknown => self.used.get(index).cloned().unwrap_or_default(),
            called => called,
        }
    }

    /// Parameter `index`'s type as the walks read it: from calls alone (a
    /// use's guess, taken while calls are still being found, could be
    /// contradicted by them and leave its consequences behind).
    fn read(&self, index: usize, reading: Reading) -> Type {
        let inside = self.inside.get(index).cloned().unwrap_or_default();
        match reading {
            Reading::Certain => inside,
            Reading::Likely => inside.join(&self.outside.get(index).cloned().unwrap_or_default()),
        }
    }
}

/// The types of a whole program (a file, or a REPL session so far).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Types {
    /// Indexed by `FamilyId`.
    pub families: Vec<Signature>,
    /// Indexed by `DefId`.
    pub defs: Vec<Signature>,
    /// Indexed by the `let`'s index.
    pub lets: Vec<Type>,
    /// The types of the statements of the batch defined last, by their
    /// place in it (`Type::Unknown` for a definition): a printed value
    /// of integers is computed by its program (`ir::value_by_program`).
    pub statements: Vec<Type>,
}

impl Types {
    /// What is known of family `id` (nothing, for a family made after the
    /// types were inferred: an instance with parameters fixed).
    pub fn family(&self, id: FamilyId) -> Signature {
        self.families
            .get(id.0 as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// A definition's name with its types: `game Chomp(rows: [int])`,
    /// `def allowed(k: int) -> bool`, `let moves: [int]`.
    pub fn signature(&self, program: &Program, global: Global) -> String {
        let typed = |names: &[crate::syntax::ast::Name], signature: Option<&Signature>| {
            let params: Vec<String> = (names.iter().enumerate())
                .map(|(i, name)| {
                    let ty = signature.map_or(Type::Unknown, |s| s.param(i));
                    format!("{}: {ty}", name.node)
                })
                .collect();
            match params.is_empty() {
                true => String::new(),
                false => format!("({})", params.join(", ")),
            }
        };
        match global {
            Global::Family(id) => {
                let family = program.family(id);
                let signature = self.families.get(id.0 as usize);
                format!("game {}{}", family.name, typed(&family.params, signature))
            }
            Global::Def(id) => {
                let def = &program.defs[id.0 as usize];
                let signature = self.defs.get(id.0 as usize);
                let result = signature.map(|s| s.result.clone()).unwrap_or_default();
                format!(
                    "def {}{} -> {result}",
                    def.name,
                    typed(&def.params, signature)
                )
            }
            Global::Let(index) => format!(
                "let {}: {}",
                program.lets[index].name.node,
                self.lets.get(index).cloned().unwrap_or_default()
            ),
        }
    }

    /// Every definition of `program` with its types, in the order they
    /// were declared (`--emit types`).
    pub fn render(&self, program: &Program) -> String {
        program
            .declared()
            .into_iter()
            .map(|global| self.signature(program, global) + "\n")
            .collect()
    }
}

/// Rounds of inference per definition, at most: each round can only
/// widen a type and the lattice is shallow, so a program settles well
/// within them (a chain of calls written backwards takes one round per
/// link). Past them nothing is reported: the types may not be final.
const ROUNDS_PER_DEFINITION: usize = 8;

/// A program with a batch of statements defined in it, and its types.
pub struct Defined {
    pub program: Program,
    pub types: Types,
    pub resolved: Resolved,
}

/// `program` with `statements` resolved into it, and the types of the
/// result (`types` being those of `program`): the front end's one entry, so that no program is kept without
/// its types, and a family whose parameter is a list of integers is marked
/// so (`FamilyDef::list`). On error, every error found.
pub fn define(
    statements: &[Stmt],
    program: &Program,
    types: &Types,
    redefine: Redefine,
) -> Result<Defined, Vec<Diagnostic>> {
    let mut next = program.clone();
    let resolved = crate::resolve::resolve(statements, &mut next, redefine)?;
    let written: Vec<Span> = (statements.iter())
        .filter_map(|statement| match statement {
            Stmt::Game(d) | Stmt::Def(d) => Some(d.span),
            _ => None,
        })
        .collect();
    let (types, errors) = infer(&next, types, &resolved.actions, &written);
    if !errors.is_empty() {
        return Err(errors);
    }
    for &id in &resolved.new_families {
        let family = next.families[id.0 as usize].as_mut().expect("declared");
        family.list = family.params.len() == 1 && types.family(id).param(0).is_integer_list();
    }
    Ok(Defined {
        program: next,
        types,
        resolved,
    })
}

/// The types of `program`, with `actions` (the batch just resolved) as
/// new calls from outside definitions, and the errors certain in the
/// definitions `written` in the batch (an earlier definition was accepted
/// when it was written).
fn infer(
    program: &Program,
    kept: &Types,
    actions: &[Action],
    written: &[Span],
) -> (Types, Vec<Diagnostic>) {
    let mut types = Types {
        families: (program.families.iter())
            .map(|f| Signature::new(f.as_ref().map_or(0, |f| f.params.len())))
            .collect(),
        defs: (program.defs.iter())
            .map(|d| Signature::new(d.params.len()))
            .collect(),
        lets: vec![Type::Unknown; program.lets.len()],
        statements: vec![Type::Unknown; places(actions)],
    };
    let rounds =
        16 + ROUNDS_PER_DEFINITION * (types.families.len() + types.defs.len() + types.lets.len());
    let mut errors = Vec::new();
    if settle(program, &mut types, &[], Reading::Certain, rounds) {
        let mut walker = Walker::new(program, &mut types, Reading::Certain, Some(&mut errors));
        walker.definitions(Some(written));
    }
    keep_outside_calls(program, kept, &mut types, written);
    settle(program, &mut types, actions, Reading::Likely, rounds);
    (types, errors)
}

/// Walks the program until its types no longer change; whether they did.
fn settle(
    program: &Program,
    types: &mut Types,
    actions: &[Action],
    reading: Reading,
    rounds: usize,
) -> bool {
    for _ in 0..rounds {
        let before = types.clone();
        Walker::new(program, types, reading, None).program_once(actions);
        if *types == before {
            return true;
        }
    }
    false
}

/// How many places the statements of a batch take: one past the place of
/// its last printed expression (`Types::statements` is by place).
fn places(actions: &[Action]) -> usize {
    (actions.iter())
        .filter_map(|action| match action {
            Action::Print { place, .. } => Some(place + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Carries the calls earlier statements made over to `types`, except for
/// the definitions written again (calls of what a definition replaced say
/// nothing about it).
fn keep_outside_calls(program: &Program, kept: &Types, types: &mut Types, written: &[Span]) {
    let keep = |old: Option<&Signature>, new: &mut Signature, span: &Span| {
        if let Some(old) = old
            && !written.contains(span)
            && old.outside.len() == new.outside.len()
        {
            new.outside = old.outside.clone();
        }
    };
    for (index, family) in program.families.iter().enumerate() {
        if let Some(family) = family {
            keep(
                kept.families.get(index),
                &mut types.families[index],
                &family.span,
            );
        }
    }
    for (index, def) in program.defs.iter().enumerate() {
        keep(kept.defs.get(index), &mut types.defs[index], &def.span);
    }
}

#[cfg(test)]
mod tests;

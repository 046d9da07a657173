//! The resolved program as text (`--emit resolved`): each definition with
//! what every name became — a local as its name and slot (`n#0`), a `let`,
//! a `def` or a built-in marked as such, a family's position by its name.

use super::program::{Body, Global, Program};
use super::term::{Clause, Element, Term, TermKind};
use crate::syntax::ast::Name;
use crate::value::{Callable, Game, Value};

/// Every definition of `program`, in the order written, one per line.
pub fn render(program: &Program) -> String {
    let mut text = String::new();
    for global in program.declared() {
        let printer = Printer {
            program,
            names: Vec::new(),
        };
        let line = match global {
            Global::Family(id) => {
                let family = program.family(id);
                let mut printer = printer.with_params(&family.params);
                let body = match &family.body {
                    Body::Options(elements) => printer.elements("<", elements, ">"),
                    Body::Game(term) => printer.term(term),
                };
                format!("game {}{} = {body}", family.name, printer.params())
            }
            Global::Def(id) => {
                let def = &program.defs[id.0 as usize];
                let mut printer = printer.with_params(&def.params);
                let body = printer.term(&def.body);
                format!("def {}{} = {body}", def.name, printer.params())
            }
            Global::Let(index) => {
                let definition = &program.lets[index];
                let value = { printer }.term(&definition.value);
                format!("let {} = {value}", definition.name.node)
            }
        };
        text.push_str(&line);
        text.push('\n');
    }
    text
}

struct Printer<'a> {
    program: &'a Program,
    /// The name each slot holds at this point of the printing.
    names: Vec<String>,
}

impl Printer<'_> {
    fn with_params(mut self, params: &[Name]) -> Self {
        self.names = params.iter().map(|p| p.node.clone()).collect();
        self
    }

    /// The parameters, as their slots: `(n#0, m#1)`, or nothing.
    fn params(&self) -> String {
        match self.names.is_empty() {
            true => String::new(),
            false => format!("({})", self.locals(0..self.names.len())),
        }
    }

    fn locals(&self, slots: std::ops::Range<usize>) -> String {
        let shown: Vec<String> = slots.map(|slot| self.local(slot)).collect();
        shown.join(", ")
    }

    fn local(&self, slot: usize) -> String {
        let name = self.names.get(slot).map_or("?", String::as_str);
        format!("{name}#{slot}")
    }

    fn term(&mut self, term: &Term) -> String {
        match &term.kind {
            TermKind::Const(value) => self.constant(value),
            TermKind::Local(slot) => self.local(*slot),
            TermKind::Let(index) => format!("let {}", self.program.lets[*index].name.node),
            TermKind::LastResult => "_".to_string(),
            TermKind::Position { family, args } => {
                let name = &self.program.family(*family).name;
                match args.is_empty() {
                    true => name.clone(),
                    false => format!("{name}({})", self.terms(args)),
                }
            }
            TermKind::CallDef { def, args } => {
                let name = &self.program.defs[def.0 as usize].name;
                format!("def {name}({})", self.terms(args))
            }
            TermKind::CallBuiltin { builtin, args } => {
                format!("builtin {}({})", builtin.name(), self.terms(args))
            }
            TermKind::CallValue { callee, args } => {
                format!("call {}({})", self.term(callee), self.terms(args))
            }
            TermKind::Nim(inner) => format!("*{}", self.operand(inner)),
            TermKind::Neg(inner) => format!("-{}", self.operand(inner)),
            TermKind::Not(inner) => format!("not {}", self.operand(inner)),
            TermKind::Logic { and, a, b } => {
                let word = if *and { "and" } else { "or" };
                format!("{} {word} {}", self.operand(a), self.operand(b))
            }
            TermKind::Binary(op, a, b) => {
                format!("{} {} {}", self.operand(a), op.symbol(), self.operand(b))
            }
            TermKind::Range {
                low,
                high,
                inclusive,
            } => {
                let dots = if *inclusive { "..=" } else { ".." };
                format!("{}{dots}{}", self.operand(low), self.operand(high))
            }
            TermKind::If {
                cond,
                then,
                otherwise,
            } => format!(
                "if {} then {} else {}",
                self.term(cond),
                self.term(then),
                self.term(otherwise)
            ),
            TermKind::Index(base, key) => format!("{}[{}]", self.operand(base), self.term(key)),
            TermKind::Options(elements) => self.elements("<", elements, ">"),
            TermKind::List { elements, set } => match set {
                true => self.elements("{", elements, "}"),
                false => self.elements("[", elements, "]"),
            },
            TermKind::MapFor(element) => format!("{{{}}}", self.clauses(element, true)),
            TermKind::Map(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(key, value)| format!("{}: {}", self.term(key), self.term(value)))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
        }
    }

    /// A term inside another: in parentheses unless it is atomic.
    fn operand(&mut self, term: &Term) -> String {
        let text = self.term(term);
        match &term.kind {
            TermKind::Binary(..)
            | TermKind::Logic { .. }
            | TermKind::Range { .. }
            | TermKind::If { .. }
            | TermKind::Not(_) => format!("({text})"),
            _ => text,
        }
    }

    fn terms(&mut self, terms: &[Term]) -> String {
        let shown: Vec<String> = terms.iter().map(|term| self.term(term)).collect();
        shown.join(", ")
    }

    fn elements(&mut self, open: &str, elements: &[Element], close: &str) -> String {
        let shown: Vec<String> = elements.iter().map(|e| self.clauses(e, false)).collect();
        format!("{open}{}{close}", shown.join(", "))
    }

    /// An element as written: its value, then its clauses, each loop's
    /// variable named from its clause on; the `[key, value]` pair of a
    /// map's element (`pair`) as `key: value`.
    fn clauses(&mut self, element: &Element, pair: bool) -> String {
        let depth = self.names.len();
        let mut clauses = String::new();
        for clause in &element.clauses {
            match clause {
                Clause::For { slot, name, iter } => {
                    let iter = self.term(iter);
                    self.names.resize(*slot + 1, String::new());
                    self.names[*slot] = name.clone();
                    clauses.push_str(&format!(" for {} in {iter}", self.local(*slot)));
                }
                Clause::If(cond) => clauses.push_str(&format!(" if {}", self.term(cond))),
            }
        }
        let value = match &element.value.kind {
            TermKind::List { elements, .. } if pair && elements.len() == 2 => {
                let key = self.term(&elements[0].value);
                format!("{key}: {}", self.term(&elements[1].value))
            }
            _ => self.term(&element.value),
        };
        self.names.truncate(depth);
        format!("{value}{clauses}")
    }

    fn constant(&self, value: &Value) -> String {
        match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Str(s) => format!("{s:?}"),
            Value::Game(Game::Nim(1)) => "*".to_string(),
            Value::Func(Callable::Family(id)) => self.program.family(*id).name.clone(),
            Value::Func(Callable::Def(id)) => {
                format!("def {}", self.program.defs[id.0 as usize].name)
            }
            Value::Func(Callable::Builtin(builtin)) => format!("builtin {}", builtin.name()),
            _ => "()".to_string(),
        }
    }
}

//! One walk over the resolved program: the type of each expression from
//! those of its parts, the arguments of each call joined into the callee's
//! signature, each parameter's uses into what it needs, and, on the last
//! walk, the misuses that are certain.

use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::resolve::program::{Action, AssertCheck, Body, Global, Program};
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Name};
use crate::value::{Callable, Value};

use super::{Reading, Signature, Type, Types};

/// A local in scope inside the walk, by its slot.
struct Local {
    name: String,
    ty: Type,
    /// Its index when it is a parameter of the definition walked.
    param: Option<usize>,
}

pub(super) struct Walker<'a> {
    pub(super) program: &'a Program,
    pub(super) types: &'a mut Types,
    /// Which parameter types the walk reads.
    reading: Reading,
    /// Where certain misuses go; `None` while the types are still settling.
    errors: Option<&'a mut Vec<Diagnostic>>,
    /// The locals in scope, indexed by slot (as the resolver bound them).
    locals: Vec<Local>,
    /// The definition walked, whose parameters' uses are recorded.
    owner: Option<Global>,
}

impl<'a> Walker<'a> {
    pub(super) fn new(
        program: &'a Program,
        types: &'a mut Types,
        reading: Reading,
        errors: Option<&'a mut Vec<Diagnostic>>,
    ) -> Walker<'a> {
        Walker {
            program,
            types,
            reading,
            errors,
            locals: Vec::new(),
            owner: None,
        }
    }

    /// One round over every definition, `let` and statement.
    pub(super) fn program_once(&mut self, actions: &[Action]) {
        self.definitions(None);
        for (index, def) in self.program.lets.iter().enumerate() {
            let ty = match def.forwarded {
                false => self.expr(&def.value),
                true => Type::Any,
            };
            self.types.lets[index] = self.types.lets[index].join(&ty);
        }
        if self.reading == Reading::Likely {
            for action in actions {
                match action {
                    Action::Print { term, place, .. } => {
                        let ty = self.expr(term);
                        if let Some(known) = self.types.statements.get_mut(*place) {
                            *known = known.join(&ty);
                        }
                    }
                    Action::Assert(assertion) => match &assertion.check {
                        AssertCheck::Condition(term) => _ = self.expr(term),
                        AssertCheck::Compare { op, left, right } => {
                            self.binary(*op, left, right, assertion.span);
                        }
                    },
                    Action::Let(_) => {}
                }
            }
        }
    }

    /// Walks every family and `def`, or only those whose statements are
    /// among `only`.
    pub(super) fn definitions(&mut self, only: Option<&[Span]>) {
        let program = self.program;
        let walked = |span: &Span| only.is_none_or(|only| only.contains(span));
        for (index, family) in program.families.iter().enumerate() {
            let Some(family) = family.as_ref().filter(|f| f.fixed.is_empty()) else {
                continue;
            };
            // A family redefined as something else only forwards to it.
            if family.forwarded || !walked(&family.span) {
                continue;
            }
            let global = Global::Family(crate::value::FamilyId(index as u32));
            self.enter(global, &family.params);
            match &family.body {
                Body::Options(elements) => self.options(elements),
                Body::Game(body) => {
                    let ty = self.expr(body);
                    self.expect_game(body, &ty);
                }
            }
            self.locals.clear();
        }
        for (index, def) in program.defs.iter().enumerate() {
            if !walked(&def.span) {
                continue;
            }
            let global = Global::Def(crate::value::DefId(index as u32));
            self.enter(global, &def.params);
            let ty = self.expr(&def.body);
            let signature = &mut self.types.defs[index];
            signature.result = signature.result.join(&ty);
            self.locals.clear();
        }
        self.owner = None;
    }

    fn enter(&mut self, global: Global, params: &[Name]) {
        self.owner = Some(global);
        let signature = self.signature(global).clone();
        self.locals = (params.iter().enumerate())
            .map(|(i, param)| Local {
                name: param.node.clone(),
                ty: signature.read(i, self.reading),
                param: Some(i),
            })
            .collect();
    }

    fn signature(&mut self, global: Global) -> &mut Signature {
        match global {
            Global::Family(id) => &mut self.types.families[id.0 as usize],
            Global::Def(id) => &mut self.types.defs[id.0 as usize],
            Global::Let(_) => unreachable!("a `let` has no parameters"),
        }
    }

    pub(super) fn report(&mut self, diagnostic: Diagnostic) {
        if let Some(errors) = self.errors.as_mut() {
            errors.push(diagnostic);
        }
    }

    /// Records that `e`, if it is a parameter of the definition walked,
    /// is used where a value of type `ty` is needed.
    pub(super) fn demand(&mut self, e: &Term, ty: Type) {
        let TermKind::Local(slot) = e.kind else {
            return;
        };
        let Some(local) = self.locals.get(slot) else {
            return;
        };
        if let (Some(index), Some(owner)) = (local.param, self.owner) {
            let used = &mut self.signature(owner).used[index];
            *used = used.join(&ty);
        }
    }

    /// Records a call of `global` with arguments of types `args`: from a
    /// definition, or (read only for the likely types) from a statement.
    pub(super) fn called(&mut self, global: Global, args: &[Type]) {
        let (inside, reading) = (self.owner.is_some(), self.reading);
        if matches!(global, Global::Let(_)) || (!inside && reading == Reading::Certain) {
            return;
        }
        let signature = self.signature(global);
        let params = match inside {
            true => &mut signature.inside,
            false => &mut signature.outside,
        };
        for (param, arg) in params.iter_mut().zip(args) {
            *param = param.join(arg);
        }
    }

    /// Records that `global` is passed as a value: it may be called
    /// anywhere with anything.
    fn escaped(&mut self, global: Global) {
        if matches!(global, Global::Let(_)) {
            return;
        }
        let signature = self.signature(global);
        signature.inside.fill(Type::Any);
    }

    /// The family or `def` a term names as a value (`seq(F, …)`'s `F`).
    pub(super) fn named(&self, term: &Term) -> Option<Global> {
        match &term.kind {
            TermKind::Const(Value::Func(Callable::Family(id))) => Some(Global::Family(*id)),
            TermKind::Const(Value::Func(Callable::Def(id))) => Some(Global::Def(*id)),
            // A family without parameters, named by its bare name.
            TermKind::Position { family, args } if args.is_empty() => Some(Global::Family(*family)),
            _ => None,
        }
    }

    /// The name a term reads, where it is a local or a `let`: for helps
    /// that rewrite it.
    fn name_read(&self, term: &Term) -> Option<&str> {
        match term.kind {
            TermKind::Local(slot) => self.locals.get(slot).map(|l| l.name.as_str()),
            TermKind::Let(index) => Some(&self.program.lets[index].name.node),
            _ => None,
        }
    }

    pub(super) fn expr(&mut self, e: &Term) -> Type {
        match &e.kind {
            TermKind::Const(value) => match value {
                Value::Int(_) => Type::Int,
                Value::Bool(_) => Type::Bool,
                Value::Str(_) => Type::Str,
                Value::Game(_) => Type::Game,
                Value::Func(callable) => {
                    match callable {
                        Callable::Family(id) => self.escaped(Global::Family(*id)),
                        Callable::Def(id) => self.escaped(Global::Def(*id)),
                        Callable::Builtin(_) => {}
                    }
                    Type::Func
                }
                _ => Type::Any,
            },
            TermKind::Local(slot) => self.locals.get(*slot).map_or(Type::Any, |l| l.ty.clone()),
            TermKind::Let(index) => self.types.lets[*index].clone(),
            TermKind::LastResult => Type::Any,
            TermKind::Nim(inner) => {
                let ty = self.expr(inner);
                self.expect(inner, &ty, Type::Int, "an integer heap size");
                Type::Game
            }
            TermKind::Neg(inner) => {
                let ty = self.expr(inner);
                self.expect(inner, &ty, Type::Int, "an integer");
                Type::Int
            }
            TermKind::Not(inner) => {
                self.condition(inner);
                Type::Bool
            }
            TermKind::Logic { a, b, .. } => {
                self.condition(a);
                self.condition(b);
                Type::Bool
            }
            TermKind::Binary(op, a, b) => self.binary(*op, a, b, e.span),
            TermKind::Range { low, high, .. } => {
                for bound in [low, high] {
                    let ty = self.expr(bound);
                    self.expect(bound, &ty, Type::Int, "an integer");
                }
                Type::List(Box::new(Type::Int))
            }
            TermKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.condition(cond);
                self.expr(then).join(&self.expr(otherwise))
            }
            TermKind::Position { family, args } => {
                let types = self.arguments(args, false);
                self.called(Global::Family(*family), &types);
                Type::Game
            }
            TermKind::CallDef { def, args } => {
                let types = self.arguments(args, false);
                self.called(Global::Def(*def), &types);
                self.types.defs[def.0 as usize].result.clone()
            }
            TermKind::CallBuiltin { builtin, args } => {
                // `seq(F, …)` calls `F` itself (`Walker::builtin` records
                // how): `F` is not passed on to be called anywhere.
                let calls_first = super::builtins::calls_its_first_argument(*builtin);
                let types = self.arguments(args, calls_first);
                self.builtin(*builtin, args, &types)
            }
            TermKind::CallValue { callee, args } => {
                self.arguments(args, false);
                self.expr(callee);
                Type::Any
            }
            TermKind::Index(base, key) => self.index(base, key),
            TermKind::Options(elements) => {
                self.options(elements);
                Type::Game
            }
            TermKind::List { elements, .. } => {
                let mut item = Type::Unknown;
                for element in elements {
                    item = item.join(&self.element(element));
                }
                Type::List(Box::new(item))
            }
            TermKind::Map(entries) => {
                for (key, value) in entries {
                    self.expr(key);
                    self.expr(value);
                }
                Type::Map
            }
            TermKind::MapFor(element) => {
                self.element(element);
                Type::Map
            }
        }
    }

    /// The types of a call's arguments; a first argument naming a family
    /// or `def` that the callee calls itself (`calls_first`) is a
    /// function, not one that escapes.
    fn arguments(&mut self, args: &[Term], calls_first: bool) -> Vec<Type> {
        (args.iter().enumerate())
            .map(
                |(i, arg)| match i == 0 && calls_first && self.named(arg).is_some() {
                    true => Type::Func,
                    false => self.expr(arg),
                },
            )
            .collect()
    }

    /// The elements of `< … >`: each must be a game.
    fn options(&mut self, elements: &[Element]) {
        for element in elements {
            let depth = self.locals.len();
            self.clauses(&element.clauses);
            let ty = self.expr(&element.value);
            self.demand(&element.value, Type::Game);
            if ty.is_known() && ty != Type::Game {
                let value = &element.value;
                let diagnostic = mismatch(value.span, "an option must be a game", &ty);
                let name = self.name_read(value);
                self.report(*match (&ty, name, &value.kind) {
                    (Type::Int, Some(name), _) => diagnostic.help(format!(
                        "`{name}` is an integer; write `*{name}` for a nim heap of size {name}"
                    )),
                    (Type::Int, _, TermKind::Const(Value::Int(n))) => {
                        diagnostic.help(format!("write `*{n}` for a nim heap of size {n}"))
                    }
                    (Type::Int, _, _) => {
                        diagnostic.help("write `*(…)` around it for the nim heap of that size")
                    }
                    (Type::Func, _, _) => {
                        diagnostic.help("call it with its arguments to get a position")
                    }
                    _ => diagnostic,
                });
            }
            self.locals.truncate(depth);
        }
    }

    /// A list or set element: its clauses bind names for its value.
    fn element(&mut self, element: &Element) -> Type {
        let depth = self.locals.len();
        self.clauses(&element.clauses);
        let ty = self.expr(&element.value);
        self.locals.truncate(depth);
        ty
    }

    fn clauses(&mut self, clauses: &[Clause]) {
        for clause in clauses {
            match clause {
                Clause::For { name, iter, .. } => {
                    let ty = self.expr(iter);
                    if matches!(ty, Type::Int | Type::Bool | Type::Game | Type::Func) {
                        let expected = "expected a list, range, map or string to iterate over";
                        self.report(*mismatch(iter.span, expected, &ty).help(
                            match (&ty, self.name_read(iter)) {
                                (Type::Int, Some(name)) => {
                                    format!("write `0..{name}` to count up to {name}")
                                }
                                (Type::Int, _) => "write `0..(…)` to count up to it".to_string(),
                                _ => "a `for` runs over a list, range, map or string".to_string(),
                            },
                        ));
                    }
                    self.locals.push(Local {
                        name: name.clone(),
                        ty: ty.items(),
                        param: None,
                    });
                }
                Clause::If(cond) => self.condition(cond),
            }
        }
    }

    /// A condition: a boolean, never another value (no truthiness).
    pub(super) fn condition(&mut self, e: &Term) {
        let ty = self.expr(e);
        self.demand(e, Type::Bool);
        if ty.is_known() && ty != Type::Bool {
            self.report(
                *mismatch(e.span, "expected a boolean (true or false)", &ty)
                    .help("compare explicitly, e.g. `n > 0` or `xs != []`"),
            );
        }
    }

    /// Checks that `e`, of type `ty`, can be `wanted` (described as
    /// `what`), and records the need.
    pub(super) fn expect(&mut self, e: &Term, ty: &Type, wanted: Type, what: &str) {
        if ty.is_known() && *ty != wanted {
            self.report(*mismatch(e.span, &format!("expected {what}"), ty));
        }
        self.demand(e, wanted);
    }

    /// Checks that `e`, of type `ty`, is a game.
    pub(super) fn expect_game(&mut self, e: &Term, ty: &Type) {
        self.demand(e, Type::Game);
        if !ty.is_known() || *ty == Type::Game {
            return;
        }
        let diagnostic = mismatch(e.span, "expected a game", ty);
        self.report(*match ty {
            Type::Int => diagnostic.help("write `*n` for a nim heap of size n"),
            Type::List(_) => diagnostic.help("write `< … >` for a game given by its options"),
            Type::Func => diagnostic.help("call it with its arguments to get a position"),
            _ => diagnostic,
        });
    }

    fn binary(&mut self, op: BinOp, a: &Term, b: &Term, span: Span) -> Type {
        let (ta, tb) = (self.expr(a), self.expr(b));
        match op {
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Type::Bool,
            BinOp::In | BinOp::NotIn => Type::Bool,
            BinOp::Add => self.add(a, b, ta, tb),
            BinOp::Xor if ta == Type::Game && tb == Type::Game => {
                self.report(
                    *Diagnostic::new(span, "`^` is the nim-sum of integers, not of games")
                        .label("both operands are games")
                        .help("write `G + H` for the sum of games, or `g(G) ^ g(H)` for its value"),
                );
                // An error, through which no value flows.
                Type::Unknown
            }
            _ => match self.integers(op, (a, &ta), (b, &tb)) {
                true => Type::Int,
                false => Type::Unknown,
            },
        }
    }

    /// `+`: integers, games, lists or strings, both of one kind.
    fn add(&mut self, a: &Term, b: &Term, ta: Type, tb: Type) -> Type {
        match (&ta, &tb) {
            (Type::Int, Type::Game) | (Type::Game, Type::Int) => {
                let int = if ta == Type::Int { a } else { b };
                let help = match (self.name_read(int), &int.kind) {
                    (Some(name), _) => format!("write `*{name}` for the nim heap of that size"),
                    (_, TermKind::Const(Value::Int(n))) => {
                        format!("write `*{n}` for the nim heap of size {n}")
                    }
                    (_, TermKind::Neg(_)) => "a game can only be added to a game".to_string(),
                    _ => "write `*(…)` around it for the nim heap of that size".to_string(),
                };
                self.report(
                    *Diagnostic::new(int.span, "cannot add an integer to a game")
                        .label("this is an integer")
                        .help(help),
                );
                // An error, through which no value flows.
                Type::Unknown
            }
            (Type::Str, other) | (other, Type::Str) if other.is_known() && *other != Type::Str => {
                let bad = if ta == Type::Str { b } else { a };
                self.report(
                    *Diagnostic::new(
                        bad.span,
                        format!("cannot add {} to a string", other.described()),
                    )
                    .label(format!("this is {}", other.described()))
                    .help("`str(x)` turns a value into text: `\"g = \" + str(g(G))`"),
                );
                Type::Unknown
            }
            (x, y) if x.is_known() && y.is_known() => {
                let same = std::mem::discriminant(x) == std::mem::discriminant(y);
                if !same || matches!(x, Type::Bool | Type::Func | Type::Map) {
                    let bad = if matches!(x, Type::Int) {
                        (b, y)
                    } else {
                        (a, x)
                    };
                    self.report(
                        *Diagnostic::new(
                            bad.0.span,
                            format!(
                                "`+` cannot be applied to {} and {}",
                                x.described(),
                                y.described()
                            ),
                        )
                        .label(format!("this is {}", bad.1.described()))
                        .help("`+` works on integers, games, lists or strings"),
                    );
                    return Type::Unknown;
                }
                x.join(y)
            }
            (Type::Unknown, Type::Unknown) => Type::Unknown,
            (known, Type::Unknown | Type::Any) | (Type::Unknown | Type::Any, known)
                if known.is_known() =>
            {
                // The other operand must be of the same kind.
                let other = if ta.is_known() { b } else { a };
                self.demand(other, known.clone());
                let unknown = ta == Type::Unknown || tb == Type::Unknown;
                match known {
                    // A list of other items would widen it: only a part
                    // not known yet (which later rounds settle) is assumed
                    // to be like the other.
                    Type::List(_) if !unknown => Type::List(Box::new(Type::Any)),
                    _ => known.clone(),
                }
            }
            _ => Type::Any,
        }
    }

    /// An operator on integers only: `-`, `*`, `/`, `%`, `**`, `^`;
    /// whether it may work (it is reported where it cannot).
    fn integers(&mut self, op: BinOp, a: (&Term, &Type), b: (&Term, &Type)) -> bool {
        for (operand, ty) in [a, b] {
            self.demand(operand, Type::Int);
            if ty.is_known() && *ty != Type::Int {
                self.report(
                    *Diagnostic::new(
                        operand.span,
                        format!(
                            "`{}` cannot be applied to {} and {}",
                            op.symbol(),
                            a.1.described(),
                            b.1.described()
                        ),
                    )
                    .label(format!("this is {}", ty.described()))
                    .help(format!("`{}` works on integers", op.symbol())),
                );
                return false;
            }
        }
        true
    }

    fn index(&mut self, base: &Term, key: &Term) -> Type {
        let (tb, tk) = (self.expr(base), self.expr(key));
        if matches!(tk, Type::Int | Type::List(_)) {
            // Read by position: a list (or a string, which a call says).
            self.demand(base, Type::List(Box::new(Type::Unknown)));
        }
        match (&tb, &tk) {
            (Type::Int | Type::Bool | Type::Game | Type::Func, _) => {
                self.report(
                    *Diagnostic::new(base.span, format!("cannot index {}", tb.described()))
                        .label(format!("this is {}", tb.described()))
                        .help("only lists, ranges, strings and maps can be indexed"),
                );
                Type::Any
            }
            (Type::List(item), Type::Int) => (**item).clone(),
            (Type::List(_), Type::List(_)) => tb.clone(),
            (Type::Str, _) => Type::Str,
            (Type::Unknown, _) => Type::Unknown,
            _ => Type::Any,
        }
    }
}

/// "{expected}, found an integer" at `span`, labelled with what was found.
fn mismatch(span: Span, expected: &str, found: &Type) -> Box<Diagnostic> {
    Diagnostic::new(span, format!("{expected}, found {}", found.described()))
        .label(format!("this is {}", found.described()))
}

//! One walk over the resolved program: the type of each expression from
//! those of its parts, the arguments of each call joined into the callee's
//! signature, each parameter's uses into what it needs, and, on the last
//! walk, the misuses that are certain.

use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::resolve::program::{Global, Program};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Clause, Element, Expr, ExprKind, Stmt};

use super::{Reading, Signature, Type, Types};

/// A name in scope inside the walk.
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
    pub(super) fn program_once(&mut self, statements: &[Stmt]) {
        self.definitions(None);
        for (index, def) in self.program.lets.iter().enumerate() {
            let ty = match &def.source {
                Some(value) => self.expr(value),
                None => Type::Any,
            };
            self.types.lets[index] = self.types.lets[index].join(&ty);
        }
        if self.reading == Reading::Likely {
            for (place, statement) in statements.iter().enumerate() {
                if let Stmt::Expr(e) | Stmt::Assert(e) = statement {
                    let ty = self.expr(e);
                    if let Some(known) = self.types.statements.get_mut(place) {
                        *known = known.join(&ty);
                    }
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
            let Some(definition) = family.definition.as_ref().filter(|_| walked(&family.span))
            else {
                continue;
            };
            let global = Global::Family(crate::value::FamilyId(index as u32));
            self.enter(global, &definition.params);
            match &definition.body.node {
                ExprKind::Options(elements) => self.options(elements),
                _ => {
                    let ty = self.expr(&definition.body);
                    self.expect_game(&definition.body, &ty);
                }
            }
            self.locals.clear();
        }
        for (index, def) in program.defs.iter().enumerate() {
            if !walked(&def.span) {
                continue;
            }
            let global = Global::Def(crate::value::DefId(index as u32));
            self.enter(global, &def.definition.params);
            let ty = self.expr(&def.definition.body);
            let signature = &mut self.types.defs[index];
            signature.result = signature.result.join(&ty);
            self.locals.clear();
        }
        self.owner = None;
    }

    fn enter(&mut self, global: Global, params: &[crate::syntax::ast::Name]) {
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
    pub(super) fn demand(&mut self, e: &Expr, ty: Type) {
        let ExprKind::Var(name) = &e.node else { return };
        let Some(local) = self.locals.iter().rev().find(|l| &l.name == name) else {
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

    /// The global a name read at this point refers to, if no local hides it.
    pub(super) fn global(&self, name: &str) -> Option<Global> {
        match self.is_local(name) {
            true => None,
            false => self.program.globals.get(name).copied(),
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Type {
        match &e.node {
            ExprKind::Int(_) => Type::Int,
            ExprKind::Bool(_) => Type::Bool,
            ExprKind::Str(_) => Type::Str,
            ExprKind::Var(name) => self.var(name),
            ExprKind::Nim(inner) => {
                if let Some(inner) = inner {
                    let ty = self.expr(inner);
                    self.expect(inner, &ty, Type::Int, "an integer heap size");
                }
                Type::Game
            }
            ExprKind::Neg(inner) => {
                let ty = self.expr(inner);
                self.expect(inner, &ty, Type::Int, "an integer");
                Type::Int
            }
            ExprKind::Not(inner) => {
                self.condition(inner);
                Type::Bool
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                self.condition(a);
                self.condition(b);
                Type::Bool
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span),
            ExprKind::Range { low, high, .. } => {
                for bound in [low, high] {
                    let ty = self.expr(bound);
                    self.expect(bound, &ty, Type::Int, "an integer");
                }
                Type::List(Box::new(Type::Int))
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.condition(cond);
                self.expr(then).join(&self.expr(otherwise))
            }
            ExprKind::Call(callee, args) => self.call(callee, args),
            ExprKind::Index(base, key) => self.index(base, key),
            ExprKind::Options(elements) => {
                self.options(elements);
                Type::Game
            }
            ExprKind::List(elements) | ExprKind::Set(elements) => {
                let mut item = Type::Unknown;
                for element in elements {
                    item = item.join(&self.element(element));
                }
                Type::List(Box::new(item))
            }
            ExprKind::Map(entries) => {
                for (key, value) in entries {
                    self.expr(key);
                    self.expr(value);
                }
                Type::Map
            }
            ExprKind::MapFor(element) => {
                self.element(element);
                Type::Map
            }
        }
    }

    fn var(&mut self, name: &str) -> Type {
        if let Some(local) = self.locals.iter().rev().find(|l| l.name == name) {
            return local.ty.clone();
        }
        match self.program.globals.get(name) {
            // `game Start = …` has one position, named by the bare name.
            Some(Global::Family(id)) if self.program.family(*id).params.is_empty() => Type::Game,
            Some(&global @ (Global::Family(_) | Global::Def(_))) => {
                self.escaped(global);
                Type::Func
            }
            Some(Global::Let(index)) => self.types.lets[*index].clone(),
            None if Builtin::named(name).is_some() => Type::Func,
            None => Type::Any,
        }
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
                self.report(*match (&ty, &value.node) {
                    (Type::Int, ExprKind::Var(name)) => diagnostic.help(format!(
                        "`{name}` is an integer; write `*{name}` for a nim heap of size {name}"
                    )),
                    (Type::Int, ExprKind::Int(n)) => {
                        diagnostic.help(format!("write `*{n}` for a nim heap of size {n}"))
                    }
                    (Type::Int, _) => {
                        diagnostic.help("write `*(…)` around it for the nim heap of that size")
                    }
                    (Type::Func, _) => {
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
                Clause::For { var, iter } => {
                    let ty = self.expr(iter);
                    if matches!(ty, Type::Int | Type::Bool | Type::Game | Type::Func) {
                        let expected = "expected a list, range, map or string to iterate over";
                        self.report(*mismatch(iter.span, expected, &ty).help(
                            match (&ty, &iter.node) {
                                (Type::Int, ExprKind::Var(name)) => {
                                    format!("write `0..{name}` to count up to {name}")
                                }
                                (Type::Int, _) => "write `0..(…)` to count up to it".to_string(),
                                _ => "a `for` runs over a list, range, map or string".to_string(),
                            },
                        ));
                    }
                    self.locals.push(Local {
                        name: var.node.clone(),
                        ty: ty.items(),
                        param: None,
                    });
                }
                Clause::If(cond) => self.condition(cond),
            }
        }
    }

    /// A condition: a boolean, never another value (no truthiness).
    pub(super) fn condition(&mut self, e: &Expr) {
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
    pub(super) fn expect(&mut self, e: &Expr, ty: &Type, wanted: Type, what: &str) {
        if ty.is_known() && *ty != wanted {
            self.report(*mismatch(e.span, &format!("expected {what}"), ty));
        }
        self.demand(e, wanted);
    }

    /// Checks that `e`, of type `ty`, is a game.
    pub(super) fn expect_game(&mut self, e: &Expr, ty: &Type) {
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

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Type {
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
    fn add(&mut self, a: &Expr, b: &Expr, ta: Type, tb: Type) -> Type {
        match (&ta, &tb) {
            (Type::Int, Type::Game) | (Type::Game, Type::Int) => {
                let int = if ta == Type::Int { a } else { b };
                let help = match &int.node {
                    ExprKind::Var(name) => format!("write `*{name}` for the nim heap of that size"),
                    ExprKind::Int(n) => format!("write `*{n}` for the nim heap of size {n}"),
                    ExprKind::Neg(_) => "a game can only be added to a game".to_string(),
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
    fn integers(&mut self, op: BinOp, a: (&Expr, &Type), b: (&Expr, &Type)) -> bool {
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

    fn index(&mut self, base: &Expr, key: &Expr) -> Type {
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

    fn call(&mut self, callee: &Expr, args: &[Expr]) -> Type {
        let builtin = match &callee.node {
            ExprKind::Var(name) if self.global(name).is_none() && !self.is_local(name) => {
                Builtin::named(name)
            }
            _ => None,
        };
        // `seq(F, …)` calls `F` itself (`Walker::builtin` records how):
        // `F` is not passed on to be called anywhere.
        let calls_first = builtin.is_some_and(super::builtins::calls_its_first_argument);
        let types: Vec<Type> = (args.iter().enumerate())
            .map(|(i, arg)| match &arg.node {
                ExprKind::Var(name)
                    if i == 0
                        && calls_first
                        && matches!(
                            self.global(name),
                            Some(Global::Family(_) | Global::Def(_))
                        ) =>
                {
                    Type::Func
                }
                _ => self.expr(arg),
            })
            .collect();
        if let Some(builtin) = builtin {
            return self.builtin(builtin, args, &types);
        }
        let ExprKind::Var(name) = &callee.node else {
            self.expr(callee);
            return Type::Any;
        };
        match self.global(name) {
            Some(Global::Family(id)) => {
                self.called(Global::Family(id), &types);
                Type::Game
            }
            Some(Global::Def(id)) => {
                self.called(Global::Def(id), &types);
                self.types.defs[id.0 as usize].result.clone()
            }
            Some(Global::Let(_)) | None => {
                self.var(name);
                Type::Any
            }
        }
    }

    fn is_local(&self, name: &str) -> bool {
        self.locals.iter().any(|l| l.name == name)
    }
}

/// "{expected}, found an integer" at `span`, labelled with what was found.
fn mismatch(span: Span, expected: &str, found: &Type) -> Box<Diagnostic> {
    Diagnostic::new(span, format!("{expected}, found {}", found.described()))
        .label(format!("this is {}", found.described()))
}

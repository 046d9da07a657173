//! `def`s inlined: a call's arguments bound to their translations, then
//! the body translated in a scope of its own. The language evaluates every
//! argument before the call, so an argument that may fail must be read by
//! the body on every path (`def f(n) = 5` called with `f(1 / 0)` is the
//! evaluator's error, not 5): otherwise the call is not inlined.

use super::{Binding, INLINE_DEPTH, Translator};
use crate::engine::kernel::ListExpr;
use crate::ir::filters::{cannot_fail, total};
use crate::resolve::program::Global;
use crate::span::Span;
use crate::syntax::ast::{Clause, Element, Expr, ExprKind};

impl Translator<'_> {
    /// Inlines the call `name(args)` of a `def`, translating its body with
    /// `body`; `None` when `name` is not a `def`.
    pub(super) fn inline<T>(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
        body: impl FnOnce(&mut Self, &Expr) -> Option<T>,
    ) -> Option<Option<T>> {
        let Some(Global::Def(id)) = self.global(name) else {
            return None;
        };
        let definition = self.program.defs[id.0 as usize].definition.clone();
        if definition.params.len() != args.len() {
            return Some(None); // the evaluator reports the arity error
        }
        if self.inlined >= INLINE_DEPTH {
            return Some(self.fail(span, format!("`{name}` calls itself (not inlined)")));
        }
        let mut bound = Vec::with_capacity(args.len());
        let reached = std::mem::replace(&mut self.reached, self.depth);
        for (param, arg) in definition.params.iter().zip(args) {
            let binding = self.argument(arg)?;
            if may_fail(&binding) && !reads_for_sure(&definition.body, &param.node) {
                let reason = format!("an argument that may fail, which `{name}` may not read");
                return Some(self.fail(arg.span, reason));
            }
            bound.push((param.node.clone(), binding));
        }
        // The slots an argument's own loops bind (a comprehension's) stay
        // its own: the body's loops bind the slots above them, where they
        // would otherwise overwrite the argument's as it is evaluated
        // inside them.
        let depth = std::mem::replace(&mut self.depth, self.reached);
        self.reached = reached.max(self.reached);
        // The body sees its parameters and the globals only.
        let outer = std::mem::replace(&mut self.scope, bound);
        self.inlined += 1;
        let result = body(self, &definition.body);
        self.inlined -= 1;
        self.scope = outer;
        self.depth = depth;
        Some(result)
    }

    /// An argument of an inlined `def`: an integer, a condition, or a
    /// folded list.
    pub(super) fn argument(&mut self, arg: &Expr) -> Option<Binding> {
        let why = self.why.clone();
        if let ExprKind::Var(name) = &arg.node
            && let Some(binding) = self.name(name, arg.span)
        {
            return Some(binding);
        }
        self.why = why.clone();
        if let Some(int) = self.int(arg) {
            return Some(Binding::Int(int));
        }
        self.why = why.clone();
        if let Some(cond) = self.cond(arg) {
            return Some(Binding::Cond(cond));
        }
        self.why = why;
        self.list(arg).map(Binding::List)
    }
}

/// Whether evaluating what `binding` stands for may fail.
fn may_fail(binding: &Binding) -> bool {
    match binding {
        Binding::Int(e) => !total(e),
        Binding::Cond(c) => !cannot_fail(c),
        Binding::List(ListExpr::Slots(_)) => false,
        Binding::List(ListExpr::Items(items)) => !items.iter().all(total),
        Binding::List(_) => true,
        Binding::Slot(_) | Binding::Iter(_) | Binding::Board { .. } | Binding::Table(_) => false,
    }
}

/// Whether evaluating `e` reads the name `name` whatever path it takes
/// (unless an error stops it first): outside the branches of an `if`
/// that only one of them reads, the second operand of `and` and `or`, and
/// what a comprehension evaluates past its first clause.
fn reads_for_sure(e: &Expr, name: &str) -> bool {
    let reads = |e: &Expr| reads_for_sure(e, name);
    match &e.node {
        ExprKind::Var(var) => var == name,
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Nim(None) => false,
        ExprKind::Nim(Some(a)) | ExprKind::Neg(a) | ExprKind::Not(a) => reads(a),
        ExprKind::And(a, _) | ExprKind::Or(a, _) => reads(a),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => reads(a) || reads(b),
        ExprKind::Range { low, high, .. } => reads(low) || reads(high),
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => reads(cond) || (reads(then) && reads(otherwise)),
        ExprKind::Call(callee, args) => reads(callee) || args.iter().any(reads),
        ExprKind::List(elements) | ExprKind::Set(elements) | ExprKind::Options(elements) => {
            elements.iter().any(|element| first_reads(element, name))
        }
        ExprKind::Map(entries) => entries.iter().any(|(k, v)| reads(k) || reads(v)),
        ExprKind::MapFor(element) => first_reads(element, name),
    }
}

/// Whether an element reads `name` for sure: in its first clause, or in
/// its value when it has none.
fn first_reads(element: &Element, name: &str) -> bool {
    match element.clauses.first() {
        None => reads_for_sure(&element.value, name),
        Some(Clause::For { iter, .. }) => reads_for_sure(iter, name),
        Some(Clause::If(cond)) => reads_for_sure(cond, name),
    }
}

//! `def`s inlined: a call's arguments bound to their translations, then
//! the body translated in a scope of its own. The language evaluates every
//! argument before the call, so an argument that may fail must be read by
//! the body on every path (`def f(n) = 5` called with `f(1 / 0)` is the
//! evaluator's error, not 5): otherwise the call is not inlined.

use super::{Binding, INLINE_DEPTH, Local, Translator};
use crate::engine::kernel::ListExpr;
use crate::ir::filters::{cannot_fail, total};
use crate::resolve::term::{Element, Term, TermKind};
use crate::span::Span;
use crate::value::{DefId, Value};

impl Translator<'_> {
    /// Inlines the call `def(args)`, translating its body with `body` in a
    /// frame of its own: its parameters bound to what the arguments stand
    /// for.
    pub(super) fn inline<T>(
        &mut self,
        def: DefId,
        args: &[Term],
        span: Span,
        body: impl FnOnce(&mut Self, &Term) -> Option<T>,
    ) -> Option<T> {
        let program = self.program;
        let definition = &program.defs[def.0 as usize];
        let name = &definition.name;
        if self.inlined >= INLINE_DEPTH {
            return self.fail(span, format!("`{name}` calls itself (not inlined)"));
        }
        let mut bound = vec![None; definition.slots.max(args.len())];
        let reached = std::mem::replace(&mut self.reached, self.depth);
        for (local, (param, arg)) in definition.params.iter().zip(args).enumerate() {
            let binding = self.argument(arg)?;
            if may_fail(&binding) && !reads_for_sure(&definition.body, local) {
                let reason = format!("an argument that may fail, which `{name}` may not read");
                return self.fail(arg.span, reason);
            }
            let name = param.node.clone();
            bound[local] = Some(Local { name, binding });
        }
        // The slots an argument's own loops bind (a comprehension's) stay
        // its own: the body's loops bind the slots above them, where they
        // would otherwise overwrite the argument's as it is evaluated
        // inside them.
        let depth = std::mem::replace(&mut self.depth, self.reached);
        self.reached = reached.max(self.reached);
        // The body sees its parameters and the globals only.
        let outer = std::mem::replace(&mut self.locals, bound);
        let family_frame = std::mem::replace(&mut self.family_frame, false);
        self.inlined += 1;
        let result = body(self, &definition.body);
        self.inlined -= 1;
        self.locals = outer;
        self.family_frame = family_frame;
        self.depth = depth;
        result
    }

    /// An argument of an inlined `def`: an integer, a condition, or a
    /// folded list.
    pub(super) fn argument(&mut self, arg: &Term) -> Option<Binding> {
        if let TermKind::Const(Value::Func(_)) = arg.kind {
            return self.fail(arg.span, "a function passed as an argument");
        }
        let why = self.why.clone();
        if super::is_name(arg)
            && let Some(local) = self.name(arg)
        {
            return Some(local.binding);
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
pub(super) fn may_fail(binding: &Binding) -> bool {
    match binding {
        Binding::Int(e) => !total(e),
        Binding::Cond(c) => !cannot_fail(c),
        Binding::List(ListExpr::Slots(_)) => false,
        Binding::List(ListExpr::Items(items)) => !items.iter().all(total),
        Binding::List(_) => true,
        Binding::Slot(_)
        | Binding::Iter(_)
        | Binding::Board { .. }
        | Binding::Table(_)
        | Binding::Heaps(_)
        | Binding::Heap(_)
        | Binding::Key { .. } => false,
    }
}

/// Whether evaluating `e` reads the local `local` whatever path it takes
/// (unless an error stops it first): outside the branches of an `if`
/// that only one of them reads, the second operand of `and` and `or`, and
/// what a comprehension evaluates past its first clause.
pub(super) fn reads_for_sure(e: &Term, local: usize) -> bool {
    let reads = |e: &Term| reads_for_sure(e, local);
    match &e.kind {
        TermKind::Local(read) => *read == local,
        TermKind::Logic { a, .. } => reads(a),
        TermKind::If {
            cond,
            then,
            otherwise,
        } => reads(cond) || (reads(then) && reads(otherwise)),
        TermKind::Options(elements) | TermKind::List { elements, .. } => {
            elements.iter().any(|element| first_reads(element, local))
        }
        TermKind::MapFor(element) => first_reads(element, local),
        _ => e.children().into_iter().any(reads),
    }
}

/// Whether an element reads `local` for sure: in its first clause, or in
/// its value when it has none.
fn first_reads(element: &Element, local: usize) -> bool {
    match element.clauses.first() {
        None => reads_for_sure(&element.value, local),
        Some(clause) => reads_for_sure(clause.term(), local),
    }
}

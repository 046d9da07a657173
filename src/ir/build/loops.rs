//! The clauses of an element or a comprehension: each `for` a loop of the
//! IR over a range, constants or a list built on the way, or no loop at
//! all where it walks a comprehension (whose own clauses become the
//! element's, its item bound to the variable) or one affine integer;
//! each `if` a filter.

use super::inlining::{may_fail, reads_for_sure};
use super::{Binding, Terms, Translator};
use crate::engine::kernel::{
    Clause as KClause, Element as KElement, IntExpr, Iter, ListExpr, OptionValue, Table,
};
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::span::Span;

impl Translator<'_> {
    pub(super) fn element(&mut self, element: &Element) -> Option<KElement> {
        self.scoped(|t| t.element_in_scope(element))
    }

    fn element_in_scope(&mut self, element: &Element) -> Option<KElement> {
        let mut clauses = Vec::new();
        self.clauses(&element.clauses, &element.value, &mut clauses)?;
        let mut terms = Terms::default();
        self.terms(&element.value, &mut terms)?;
        let Terms {
            calls,
            boards,
            nims,
        } = terms;
        let value = match self.list {
            true => OptionValue::Boards { boards, nims },
            false => OptionValue::Terms { calls, nims },
        };
        Some(KElement { clauses, value })
    }

    /// Translates `for var in iter` onto `clauses`, giving what `var`
    /// stands for. A comprehension walked (written out, or a
    /// non-recursive `def`'s body) becomes its own clauses, its item bound
    /// to `var`: the same options, and no list built. An item that is a
    /// list is evaluated where `var` is read, so one that may fail must be
    /// read for sure (`read`) by what follows, as the comprehension would
    /// have evaluated it.
    fn walk_loop(
        &mut self,
        (name, read): (&str, bool),
        span: Span,
        iter: &Term,
        clauses: &mut Vec<KClause>,
    ) -> Option<Binding> {
        if let Some(value) = self.single_affine(iter) {
            return Some(Binding::Int(value));
        }
        if let Some(element) = comprehension(iter) {
            // The comprehension's loops stay in their slots: the item
            // reads them.
            self.clauses(&element.clauses, &element.value, clauses)?;
            let why = self.why.clone();
            return match self.int(&element.value) {
                Some(item @ IntExpr::Affine(_)) => Some(Binding::Int(item)),
                // Evaluated once per item, where it may fail.
                Some(item) => {
                    let iter = Iter::List(vec![item]);
                    self.loop_slot(name, span, iter, clauses).map(Binding::Slot)
                }
                None => {
                    self.why = why;
                    let list = Binding::List(self.list(&element.value)?);
                    if may_fail(&list) && !read {
                        let reason = "a list that may fail, which what follows may not read";
                        return self.fail(element.value.span, reason);
                    }
                    Some(list)
                }
            };
        }
        if let TermKind::CallDef { def, args } = &iter.kind
            && !self.recursive(*def)
            && comprehension(&self.program.defs[def.0 as usize].body).is_some()
        {
            // The comprehension's loops become the element's: the slots
            // they bind inside the `def` stay bound after it, as the
            // clauses that follow read them.
            let mut bound = self.depth;
            let binding = self.inline(*def, args, iter.span, |t, body| {
                let binding = t.walk_loop((name, read), span, body, clauses);
                bound = t.depth;
                binding
            });
            self.depth = self.depth.max(bound);
            return binding;
        }
        if let Some((map, values)) = self.keys_walked(iter) {
            // Each value picked by its key's place.
            let place = self.places_loop(name, span, &values, clauses)?;
            return Some(Binding::Key { map, values, place });
        }
        if let Some(table) = self.rows(iter) {
            // Each row picked where it is read: a few rows are unrolled,
            // and their items fold.
            let place = self.places_loop(name, span, &table, clauses)?;
            return Some(Binding::List(ListExpr::Pick(table, place)));
        }
        if let Some(heaps) = self.heaps_named(iter) {
            let slot = self.loop_slot(name, span, Iter::List(heaps), clauses)?;
            return Some(Binding::Heap(IntExpr::slot(slot)));
        }
        let iter = self.iter(iter)?;
        self.loop_slot(name, span, iter, clauses).map(Binding::Slot)
    }

    /// Translates the clauses of an element or a comprehension, whose
    /// item is `value`, onto `out`, their loop variables left bound.
    pub(super) fn clauses(
        &mut self,
        clauses: &[Clause],
        value: &Term,
        out: &mut Vec<KClause>,
    ) -> Option<()> {
        for (at, clause) in clauses.iter().enumerate() {
            match clause {
                Clause::For { slot, name, iter } => {
                    let next = clauses.get(at + 1).map_or(value, Clause::term);
                    let read = reads_for_sure(next, *slot);
                    let binding = self.walk_loop((name, read), iter.span, iter, out)?;
                    self.bind(*slot, name, binding);
                }
                Clause::If(cond) => {
                    let cond = self.cond(cond)?;
                    out.push(KClause::If(cond));
                }
            }
        }
        Some(())
    }

    /// A loop over `iter` in a new slot named `name`, onto `clauses`: the
    /// slot.
    fn loop_slot(
        &mut self,
        name: &str,
        span: Span,
        iter: Iter,
        clauses: &mut Vec<KClause>,
    ) -> Option<usize> {
        let Some(slot) = self.new_slot(name) else {
            return self.fail(span, "too many nested loops");
        };
        clauses.push(KClause::For { slot, iter });
        Some(slot)
    }

    /// A loop over the places of `table`'s lists in a new slot named
    /// `name`, onto `clauses`: the place, read from the slot.
    fn places_loop(
        &mut self,
        name: &str,
        span: Span,
        table: &Table,
        clauses: &mut Vec<KClause>,
    ) -> Option<IntExpr> {
        let places = (0..table.lists.len() as i64).map(IntExpr::constant);
        let slot = self.loop_slot(name, span, Iter::List(places.collect()), clauses)?;
        Some(IntExpr::slot(slot))
    }

    /// The item of a loop over one affine integer, `for b in [n - a]` (a
    /// name for a value, as Python spells it): its variable then stands for
    /// the expression, which reads slots only and cannot fail however often
    /// it is evaluated, so the loop is no loop and the passes see through
    /// the name (a split in `b` is a split in `a`). `None` for any other
    /// loop, which is then translated as a loop.
    pub(super) fn single_affine(&mut self, iter: &Term) -> Option<IntExpr> {
        let TermKind::List { elements, .. } = &iter.kind else {
            return None;
        };
        let [item] = elements.as_slice() else {
            return None;
        };
        if !item.clauses.is_empty() {
            return None;
        }
        let why = self.why.clone();
        match self.int(&item.value) {
            Some(value @ IntExpr::Affine(_)) => Some(value),
            Some(_) => None,
            None => {
                self.why = why;
                None
            }
        }
    }
}

/// The comprehension `[item for …]` that `e` is, alone in its brackets,
/// or the one item of a list literal (a comprehension with no clause).
fn comprehension(e: &Term) -> Option<&Element> {
    match &e.kind {
        TermKind::List { elements, .. } => match elements.as_slice() {
            [item] => Some(item),
            _ => None,
        },
        _ => None,
    }
}

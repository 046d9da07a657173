//! A family's body taken apart into its leaves before translation: the
//! elements of its option lists, and the games it is equal to where its
//! `if`s lead to a game rather than options (aliases).

use super::lists::calls;
use crate::builtin::Builtin;
use crate::resolve::program::{Body, FamilyDef, Program};
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::syntax::ast::BinOp;
use crate::value::Value;

/// A body's leaves: the elements of its option lists `< … >` and the
/// games it is equal to (aliases), each filtered by the tests of the `if`s
/// that lead to it, first to last. The tests are made where the generic
/// search makes them (before any loop), and a leaf's tests are exclusive
/// of every other leaf's.
#[derive(Default)]
pub(super) struct Leaves {
    pub elements: Vec<Element>,
    pub aliases: Vec<Element>,
    /// Whether an element with a loop was split by its choice (see
    /// `split_branches`): its options are then no longer in the
    /// definition's order.
    pub reordered: bool,
    /// The locals of the family's frame, with those of the `def`s whose
    /// bodies were moved into it (see `inlined`).
    pub locals: usize,
    /// How many `def` bodies were moved in.
    inlined: usize,
}

/// The most `def` bodies moved into a family's (a `def` calling another
/// in turn, each time).
const INLINED: usize = 16;

impl Leaves {
    /// The leaves of `family`'s body, a game of `program`.
    pub fn of(family: &FamilyDef, program: &Program) -> Leaves {
        let mut leaves = Leaves {
            locals: family.slots,
            ..Leaves::default()
        };
        match &family.body {
            Body::Options(elements) => leaves.options(elements, &[], program),
            Body::Game(body) => leaves.collect(body, &mut Vec::new(), program),
        }
        leaves
    }

    /// Collects the leaves of `body`, reached by `tests` (the `if`s'
    /// tests, and the arguments of the `def`s called on the way bound).
    fn collect(&mut self, body: &Term, tests: &mut Vec<Clause>, program: &Program) {
        if let Some((bound, inlined)) = self.inlined(body, program) {
            let before = tests.len();
            tests.extend(bound);
            self.collect(&inlined, tests, program);
            tests.truncate(before);
            return;
        }
        match &body.kind {
            TermKind::Options(elements) => self.options(elements, tests, program),
            _ => match choice(body) {
                Some(choices) => {
                    for (branch, test) in choices {
                        tests.push(Clause::If(test));
                        self.collect(&branch, tests, program);
                        tests.pop();
                    }
                }
                None => self.aliases.push(Element {
                    value: body.clone(),
                    clauses: tests.clone(),
                    option_name: None,
                }),
            },
        }
    }

    /// The body of the `def` that `body` calls, moved into the family's
    /// frame (its locals after the family's), where the `def` calls
    /// nothing recursively: `game S(n) = step(n)` is `step`'s options or
    /// `if`s. An argument that is a local or a constant, which evaluates
    /// the same wherever it is read, is read in its place; any other is
    /// bound to the parameter's slot by a loop over the one-item list of
    /// it (`for x in [a - k]`), one such clause for each, in order: each
    /// is evaluated once, before the body, as the language evaluates a
    /// call.
    fn inlined(&mut self, body: &Term, program: &Program) -> Option<(Vec<Clause>, Term)> {
        let TermKind::CallDef { def, args } = &body.kind else {
            return None;
        };
        let plain = |arg: &Term| matches!(arg.kind, TermKind::Local(_) | TermKind::Const(_));
        if self.inlined >= INLINED {
            return None;
        }
        let definition = &program.defs[def.0 as usize];
        if calls(&definition.body, *def) || args.len() != definition.params.len() {
            return None;
        }
        let first = self.locals;
        self.locals += definition.slots;
        self.inlined += 1;
        let bound: Vec<Clause> = (args.iter().zip(&definition.params).enumerate())
            .filter(|(_, (arg, _))| !plain(arg))
            .map(|(j, (arg, name))| {
                let item = Element {
                    clauses: Vec::new(),
                    value: arg.clone(),
                    option_name: None,
                };
                let list = TermKind::List {
                    elements: vec![item],
                    set: false,
                };
                Clause::For {
                    slot: first + j,
                    name: name.node.clone(),
                    iter: Term {
                        kind: list,
                        span: arg.span,
                    },
                }
            })
            .collect();
        let read = |j: usize| match args.get(j).filter(|arg| plain(arg)) {
            Some(arg) => arg.clone(),
            None => Term {
                kind: TermKind::Local(first + j),
                span: body.span,
            },
        };
        let body = definition.body.relocated(&read, &|j| first + j);
        Some((bound, body))
    }

    /// Collects the elements of an option list reached by `tests`; an
    /// option that calls a `def` giving a game (`step(n, k)`, whose body
    /// chooses by `if`) is that body, its arguments bound first
    /// (`inlined`).
    fn options(&mut self, elements: &[Element], tests: &[Clause], program: &Program) {
        for element in elements {
            let mut clauses = tests.to_vec();
            clauses.extend(element.clauses.iter().cloned());
            let mut value = element.value.clone();
            while let Some((bound, inlined)) = self.inlined(&value, program) {
                clauses.extend(bound);
                value = inlined;
            }
            while let Some(chosen) = copies_by_parity(&value, &clauses) {
                value = chosen;
            }
            self.inline_concatenation(&mut clauses, program);
            let element = Element {
                clauses,
                value,
                ..element.clone()
            };
            let looped = element
                .clauses
                .iter()
                .any(|c| matches!(c, Clause::For { .. }));
            let mut walked = Vec::new();
            split_concatenation(element, &mut walked);
            for element in walked {
                let start = self.elements.len();
                split_branches(element, &mut self.elements);
                self.reordered |= looped && self.elements.len() > start + 1;
            }
        }
    }
}

impl Leaves {
    /// Where an element's first loop (see `first_loop`) walks the list a
    /// `def` returns, and that list is a concatenation (`for q in moves(a,
    /// b)`, `def moves(a, b) = [… for k in …] + […]`), the `def`'s body in
    /// its place, its arguments bound before the loop as `inlined` binds
    /// them, so that `split_concatenation` splits it.
    fn inline_concatenation(&mut self, clauses: &mut Vec<Clause>, program: &Program) {
        let Some(at) = first_loop(clauses) else {
            return;
        };
        let Clause::For { iter, .. } = &clauses[at] else {
            return;
        };
        let TermKind::CallDef { def, .. } = &iter.kind else {
            return;
        };
        let body = &program.defs[def.0 as usize].body;
        if !concatenated(body, &mut Vec::new()) {
            return;
        }
        let Some((bound, body)) = self.inlined(iter, program) else {
            return;
        };
        if let Clause::For { iter, .. } = &mut clauses[at] {
            *iter = body;
        }
        clauses.splice(at..at, bound);
    }
}

/// The element's first loop that walks more than one item written out:
/// before it, only filters and the loops over one item that bind a
/// `def`'s arguments (`inlined`), which keep the options' order.
fn first_loop(clauses: &[Clause]) -> Option<usize> {
    clauses.iter().position(|clause| match clause {
        Clause::For { iter, .. } => !matches!(
            &iter.kind,
            TermKind::List { elements, set: false }
                if elements.len() == 1 && elements[0].clauses.is_empty()
        ),
        Clause::If(_) => false,
    })
}

/// An element whose first loop (`first_loop`) walks a concatenation of
/// lists (`for q in [… for x in …] + [… for y in …]`) or a literal of
/// lists, as an element for each list or item, in turn: the same options
/// in the same order. Each operand must be written as a list (a literal or
/// a comprehension), so that `+` is certainly concatenation.
fn split_concatenation(element: Element, out: &mut Vec<Element>) {
    let first = first_loop(&element.clauses).and_then(|at| match &element.clauses[at] {
        Clause::For { slot, name, iter } => Some((at, slot, name, iter)),
        Clause::If(_) => None,
    });
    let Some((at, slot, name, iter)) = first else {
        out.push(element);
        return;
    };
    let mut lists = Vec::new();
    if !concatenated(iter, &mut lists) || lists.len() < 2 {
        out.push(element);
        return;
    }
    for list in lists {
        let mut clauses = element.clauses.clone();
        clauses[at] = Clause::For {
            slot: *slot,
            name: name.clone(),
            iter: list,
        };
        out.push(Element {
            clauses,
            ..element.clone()
        });
    }
}

/// Whether `e` is a list written out or a concatenation of such lists,
/// whose operands it adds to `lists`, left to right; a literal of lists
/// written out (`[[a - 1, b], [a, b - 1]]`) as a list of each.
fn concatenated(e: &Term, lists: &mut Vec<Term>) -> bool {
    match &e.kind {
        TermKind::List {
            elements,
            set: false,
        } if elements.len() > 1
            && (elements.iter()).all(|item| {
                item.clauses.is_empty() && matches!(item.value.kind, TermKind::List { .. })
            }) =>
        {
            lists.extend(elements.iter().map(|item| Term {
                kind: TermKind::List {
                    elements: vec![item.clone()],
                    set: false,
                },
                span: item.value.span,
            }));
            true
        }
        TermKind::List { set: false, .. } => {
            lists.push(e.clone());
            true
        }
        TermKind::Binary(BinOp::Add, a, b) => concatenated(a, lists) && concatenated(b, lists),
        _ => false,
    }
}

/// `value` with its first sum of copies of one game, `sum([v for i in
/// low..high])` where `v` does not read `i` (a heap split into `d` equal
/// heaps), as the choice by the count's parity: `v` for an odd count, `v +
/// v` (whose value is 0) for an even one; `split_branches` then makes an
/// element of each. Only where the count is at least 1 at every option,
/// by the constant ends or the constant start of the loop that binds
/// `high` (`for d in 2..=n`): a sum of no games is the integer 0, an
/// error the generic search reports. `None` where `value` has no such sum.
fn copies_by_parity(value: &Term, clauses: &[Clause]) -> Option<Term> {
    let rebuilt = |kind| {
        Some(Term {
            kind,
            span: value.span,
        })
    };
    match &value.kind {
        TermKind::Binary(BinOp::Add, a, b) => match copies_by_parity(a, clauses) {
            Some(a) => rebuilt(TermKind::Binary(BinOp::Add, Box::new(a), b.clone())),
            None => {
                let b = copies_by_parity(b, clauses)?;
                rebuilt(TermKind::Binary(BinOp::Add, a.clone(), Box::new(b)))
            }
        },
        TermKind::CallBuiltin {
            builtin: Builtin::Sum,
            args,
        } => {
            let [list] = args.as_slice() else {
                return None;
            };
            let (slot, _, iter, copy) = crate::ir::board::comprehension(list)?;
            let TermKind::Range {
                low,
                high,
                inclusive,
            } = &iter.kind
            else {
                return None;
            };
            let least = least_int(high, clauses)? - int_constant(low)? + i64::from(*inclusive);
            if least < 1 || reads_local(copy, slot) {
                return None;
            }
            let span = iter.span;
            let term = |kind| Box::new(Term { kind, span });
            let int = |n: i64| term(TermKind::Const(Value::Int(n)));
            let count = TermKind::Binary(
                BinOp::Add,
                term(TermKind::Binary(BinOp::Sub, high.clone(), low.clone())),
                int(i64::from(*inclusive)),
            );
            let parity = TermKind::Binary(BinOp::Mod, term(count), int(2));
            let odd = TermKind::Binary(BinOp::Eq, term(parity), int(1));
            let copy = Box::new(copy.clone());
            rebuilt(TermKind::If {
                cond: term(odd),
                then: copy.clone(),
                otherwise: term(TermKind::Binary(BinOp::Add, copy.clone(), copy)),
            })
        }
        _ => None,
    }
}

/// The integer `e` is written as, if a constant.
fn int_constant(e: &Term) -> Option<i64> {
    match &e.kind {
        TermKind::Const(Value::Int(n)) => Some(*n),
        _ => None,
    }
}

/// The least `e` may be at any option: a constant, or a variable of one
/// of `clauses`' loops over a range that starts at a constant.
fn least_int(e: &Term, clauses: &[Clause]) -> Option<i64> {
    if let Some(n) = int_constant(e) {
        return Some(n);
    }
    let TermKind::Local(local) = e.kind else {
        return None;
    };
    clauses.iter().find_map(|clause| match clause {
        Clause::For { slot, iter, .. } if *slot == local => match &iter.kind {
            TermKind::Range { low, .. } => int_constant(low),
            _ => None,
        },
        _ => None,
    })
}

/// Whether `e` reads the local in `slot`.
fn reads_local(e: &Term, slot: usize) -> bool {
    matches!(e.kind, TermKind::Local(local) if local == slot)
        || e.children()
            .into_iter()
            .any(|child| reads_local(child, slot))
}

/// An element whose option is `if c then A else B`, or a sum with such a
/// part (`S(a) + (if c then *1 else *2)`), as two elements: `A` (the sum
/// with `A`) filtered by a last clause `if c`, and `B` by `if not c`. The
/// same options, each test made where the generic search makes it (after
/// every clause of the element). Branches that choose again are split
/// again.
fn split_branches(element: Element, out: &mut Vec<Element>) {
    let Some(choices) = choice(&element.value) else {
        out.push(element);
        return;
    };
    for (value, test) in choices {
        let mut clauses = element.clauses.clone();
        clauses.push(Clause::If(test));
        let option_name = element.option_name.clone();
        split_branches(
            Element {
                clauses,
                value,
                option_name,
            },
            out,
        );
    }
}

/// The two games `value` may be when it is `if c then A else B`, or a sum
/// one of whose parts is (the first such part, leftmost): `A` (or the sum
/// with `A`) with the test `c`, then `B` with `not c`. `None` when it
/// chooses nothing at its top.
fn choice(value: &Term) -> Option<[(Term, Term); 2]> {
    match &value.kind {
        TermKind::If {
            cond,
            then,
            otherwise,
        } => Some(branches(cond, then, otherwise).map(|(branch, test)| (branch.clone(), test))),
        TermKind::Binary(BinOp::Add, a, b) => {
            let sum = |a: Term, b: Term| Term {
                kind: TermKind::Binary(BinOp::Add, Box::new(a), Box::new(b)),
                span: value.span,
            };
            if let Some(choices) = choice(a) {
                return Some(choices.map(|(a, test)| (sum(a, (**b).clone()), test)));
            }
            let choices = choice(b)?;
            Some(choices.map(|(b, test)| (sum((**a).clone(), b), test)))
        }
        _ => None,
    }
}

/// The two branches of `if cond then … else …`, each with the test that
/// chooses it: `cond`, then `not cond`.
fn branches<'a>(cond: &Term, then: &'a Term, otherwise: &'a Term) -> [(&'a Term, Term); 2] {
    let negated = Term {
        kind: TermKind::Not(Box::new(cond.clone())),
        span: cond.span,
    };
    [(then, cond.clone()), (otherwise, negated)]
}

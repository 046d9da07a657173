//! A family's body taken apart into its leaves before translation: the
//! elements of its option lists, and the games it is equal to where its
//! `if`s lead to a game rather than options (aliases).

use crate::syntax::ast::{BinOp, Clause, Element, Expr, ExprKind};

/// A body's leaves: the elements of its option lists `< … >` and the
/// games it is equal to (aliases), each filtered by the tests of the `if`s
/// that lead to it, first to last. The tests are made where the generic
/// search makes them (before any loop), and a leaf's tests are exclusive
/// of every other leaf's.
#[derive(Default)]
pub(super) struct Leaves {
    pub elements: Vec<Element>,
    pub aliases: Vec<Element>,
}

impl Leaves {
    /// Collects the leaves of `body`, reached by `tests`.
    pub fn collect(&mut self, body: &Expr, tests: &mut Vec<Expr>) {
        let filters = |tests: &[Expr]| tests.iter().cloned().map(Clause::If).collect::<Vec<_>>();
        match &body.node {
            ExprKind::Options(elements) => {
                for element in elements {
                    let mut clauses = filters(tests);
                    clauses.extend(element.clauses.iter().cloned());
                    let value = element.value.clone();
                    split_branches(Element { value, clauses }, &mut self.elements);
                }
            }
            _ => match choice(body) {
                Some(choices) => {
                    for (branch, test) in choices {
                        tests.push(test);
                        self.collect(&branch, tests);
                        tests.pop();
                    }
                }
                None => self.aliases.push(Element {
                    value: body.clone(),
                    clauses: filters(tests),
                }),
            },
        }
    }
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
        split_branches(Element { value, clauses }, out);
    }
}

/// The two games `value` may be when it is `if c then A else B`, or a sum
/// one of whose parts is (the first such part, leftmost): `A` (or the sum
/// with `A`) with the test `c`, then `B` with `not c`. `None` when it
/// chooses nothing at its top.
fn choice(value: &Expr) -> Option<[(Expr, Expr); 2]> {
    match &value.node {
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => Some(branches(cond, then, otherwise).map(|(branch, test)| (branch.clone(), test))),
        ExprKind::Binary(BinOp::Add, a, b) => {
            let sum = |a: Expr, b: Expr| {
                Expr::new(
                    ExprKind::Binary(BinOp::Add, Box::new(a), Box::new(b)),
                    value.span,
                )
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
fn branches<'a>(cond: &Expr, then: &'a Expr, otherwise: &'a Expr) -> [(&'a Expr, Expr); 2] {
    let negated = Expr::new(ExprKind::Not(Box::new(cond.clone())), cond.span);
    [(then, cond.clone()), (otherwise, negated)]
}

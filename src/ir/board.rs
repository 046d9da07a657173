//! Boards: a family of one parameter that is always a list of the same
//! few integers — `game W(p) = < W([p[0] - k, p[1]]) for k in 1..=p[0], … >`
//! — is the family of that many integer parameters spelled another way.
//! Its positions live in the same dense tables, and its IR reads `p[i]` as
//! the slot of the i-th integer, so both spellings run alike.
//!
//! The shape is read from the definition alone, before any position
//! exists: the parameter is used only as `p[i]` with a constant `i` (or in
//! `len(p)`, `min(p)`, `max(p)`, `sum(p)`), and every option names the
//! family with a list literal of one length, between 2 and 4 (or `sort` or
//! `reversed` of one).

use crate::engine::kernel::MAX_PARAMS;
use crate::syntax::ast::{Clause, Definition, Element, Expr, ExprKind};

/// How many integers each position of the family holds, if it is a board.
pub fn board_len(definition: &Definition) -> Option<usize> {
    let [param] = definition.params.as_slice() else {
        return None;
    };
    let mut shape = Shape {
        param: &param.node,
        family: &definition.name.node,
        lengths: Vec::new(),
        indices: Vec::new(),
        sorted: false,
    };
    shape.expr(&definition.body)?;
    let k = *shape.lengths.first()?;
    // Sorted positions of more than two integers are fewer kept as lists
    // than as a box of every order, cut into cases by the sort's network.
    let fits = (2..=MAX_PARAMS).contains(&k)
        && (!shape.sorted || k == 2)
        && shape.lengths.iter().all(|&n| n == k)
        && shape
            .indices
            .iter()
            .all(|&i| -(k as i64) <= i && i < k as i64);
    fits.then_some(k)
}

/// What the walk over a definition found; `None` from a method means the
/// parameter is used in a way a board is not.
struct Shape<'a> {
    param: &'a str,
    family: &'a str,
    /// The lengths of the lists the family is called with.
    lengths: Vec<usize>,
    /// The constant indices `p[i]` reads.
    indices: Vec<i64>,
    /// Whether an option names a position sorted or reversed.
    sorted: bool,
}

impl Shape<'_> {
    fn expr(&mut self, e: &Expr) -> Option<()> {
        match &e.node {
            ExprKind::Var(name) if name == self.param || name == self.family => None,
            ExprKind::Index(base, index) if is_var(base, self.param) => {
                self.indices.push(constant(index)?);
                Some(())
            }
            ExprKind::Call(callee, args)
                if READS.iter().any(|name| is_var(callee, name)) && args.len() == 1 =>
            {
                match is_var(&args[0], self.param) {
                    true => Some(()),
                    false => self.expr(&args[0]),
                }
            }
            ExprKind::Call(callee, args) if is_var(callee, self.family) => {
                let [arg] = args.as_slice() else {
                    return None;
                };
                let items = literal(arg)?;
                self.sorted |= !matches!(arg.node, ExprKind::List(_));
                self.lengths.push(items.len());
                for item in items {
                    if !item.clauses.is_empty() {
                        return None;
                    }
                    self.expr(&item.value)?;
                }
                Some(())
            }
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Var(_) => Some(()),
            ExprKind::Nim(inner) => inner.as_deref().map_or(Some(()), |e| self.expr(e)),
            ExprKind::Neg(a) | ExprKind::Not(a) => self.expr(a),
            ExprKind::Binary(_, a, b)
            | ExprKind::And(a, b)
            | ExprKind::Or(a, b)
            | ExprKind::Index(a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            ExprKind::Range { low, high, .. } => {
                self.expr(low)?;
                self.expr(high)
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond)?;
                self.expr(then)?;
                self.expr(otherwise)
            }
            ExprKind::Call(callee, args) => {
                self.expr(callee)?;
                args.iter().try_for_each(|a| self.expr(a))
            }
            ExprKind::Options(elements) | ExprKind::List(elements) | ExprKind::Set(elements) => {
                elements.iter().try_for_each(|e| self.element(e))
            }
            ExprKind::MapFor(element) => self.element(element),
            ExprKind::Map(entries) => entries.iter().try_for_each(|(k, v)| {
                self.expr(k)?;
                self.expr(v)
            }),
        }
    }

    fn element(&mut self, element: &Element) -> Option<()> {
        for clause in &element.clauses {
            match clause {
                // A loop variable named like the parameter would hide it.
                Clause::For { var, iter } => {
                    if var.node == self.param || var.node == self.family {
                        return None;
                    }
                    self.expr(iter)?;
                }
                Clause::If(cond) => self.expr(cond)?,
            }
        }
        self.expr(&element.value)
    }
}

/// The built-ins that read a board whole.
const READS: [&str; 4] = ["len", "min", "max", "sum"];

/// The items of the list literal `e` names a position with, bare or
/// reordered (`sort([a, b])`, `reversed([a, b])`).
pub(super) fn literal(e: &Expr) -> Option<&[Element]> {
    match &e.node {
        ExprKind::List(items) => Some(items),
        ExprKind::Call(callee, args) if is_var(callee, "sort") || is_var(callee, "reversed") => {
            match args.as_slice() {
                [arg] => literal(arg),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_var(e: &Expr, name: &str) -> bool {
    matches!(&e.node, ExprKind::Var(n) if n == name)
}

/// The value of an integer literal, negated or not.
pub(super) fn constant(e: &Expr) -> Option<i64> {
    match &e.node {
        ExprKind::Int(i) => Some(*i),
        ExprKind::Neg(inner) => constant(inner)?.checked_neg(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::board_len;
    use crate::syntax::ast::Stmt;

    fn shape(source: &str) -> Option<usize> {
        let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
        let Some(Stmt::Game(definition)) = statements.first() else {
            panic!("a game");
        };
        board_len(definition)
    }

    #[test]
    fn a_list_of_fixed_length_read_by_constant_indices_is_a_board() {
        let wythoff = "game W(p) = < W([p[0] - k, p[1]]) for k in 1..=p[0], \
                       W([p[0], p[1] - k]) for k in 1..=p[1], \
                       W([p[0] - k, p[-1] - k]) for k in 1..=min(p[0], p[1]) >";
        assert_eq!(shape(wythoff), Some(2));
        let nim = "game N(h) = < N([h[0] - k, h[1], h[2]]) for k in 1..=h[0] if len(h) == 3 >";
        assert_eq!(shape(nim), Some(3));
        let sorted = "game P(h) = < P(sort([h[0] - k, h[1]])) for k in 1..=min(h), \
                      P(reversed([h[0], h[1] - 1])) if max(h) + sum(h) > 0 >";
        assert_eq!(shape(sorted), Some(2));
        assert_eq!(shape("game P(h) = < P(sort(h)) >"), None);
        let three = "game P(h) = < P(sort([h[0] - 1, h[1], h[2]])) if h[0] > 0 >";
        assert_eq!(shape(three), None);
        // Bare uses, computed indices, lengths that differ, one integer.
        assert_eq!(shape("game B(p) = < B(p) >"), None);
        assert_eq!(shape("game B(p) = < B([p[i], 0]) for i in 0..2 >"), None);
        assert_eq!(shape("game B(p) = < B([p[0]]), B([p[0], 1]) >"), None);
        assert_eq!(shape("game B(p) = < B([p[0] - 1]) if p[0] > 0 >"), None);
        assert_eq!(shape("game B(p) = < B([p[2], p[0]]) >"), None);
        assert_eq!(
            shape("game B(p) = < B([x, 0]) for p in [1] for x in [p] >"),
            None
        );
    }
}

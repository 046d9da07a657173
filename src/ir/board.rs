//! Boards: a family of one parameter that is always a list of the same
//! few integers — `game W(p) = < W([p[0] - k, p[1]]) for k in 1..=p[0], … >`
//! — is the family of that many integer parameters spelled another way.
//! Its positions live in the same dense tables, and its IR reads `p[i]` as
//! the slot of the i-th integer, so both spellings run alike.
//!
//! The shape is read from the definition alone, before any position
//! exists: the parameter is used only as `p[i]` with a constant `i` or a
//! loop variable over a constant range inside the board (or in `len(p)`,
//! `min(p)`, `max(p)`, `sum(p)`), and every option names the family with a
//! list of one length, between 2 and 4: a literal (or `sort` or
//! `reversed` of one), a comprehension over a constant range (`[if j == i
//! then p[j] - k else p[j] for j in 0..3]`) or one over the board itself
//! (`[x - k for x in p]`), each item a plain expression.

use crate::engine::kernel::MAX_PARAMS;
use crate::syntax::ast::{BinOp, Clause, Definition, Element, Expr, ExprKind};

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
        ranges: Vec::new(),
        sorted: false,
    };
    shape.expr(&definition.body)?;
    // A comprehension over the board has its length, whatever it is.
    let k = shape.lengths.iter().flatten().next().copied()?;
    // Sorted positions of more than two integers are fewer kept as lists
    // than as a box of every order, cut into cases by the sort's network.
    let fits = (2..=MAX_PARAMS).contains(&k)
        && (!shape.sorted || k == 2)
        && shape.lengths.iter().flatten().all(|&n| n == k)
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
    /// The lengths of the lists the family is called with (`None`: a
    /// comprehension over the board, as long as it).
    lengths: Vec<Option<usize>>,
    /// The indices `p[i]` reads: constants, and both ends of the ranges of
    /// the loop variables it is read with.
    indices: Vec<i64>,
    /// The loop variables in scope that walk a constant range, innermost
    /// last, with its first and last values.
    ranges: Vec<(&'a str, Option<(i64, i64)>)>,
    /// Whether an option names a position sorted or reversed.
    sorted: bool,
}

impl<'a> Shape<'a> {
    fn expr(&mut self, e: &'a Expr) -> Option<()> {
        match &e.node {
            ExprKind::Var(name) if name == self.param || name == self.family => None,
            ExprKind::Index(base, index) if is_var(base, self.param) => {
                match (constant(index), &index.node) {
                    (Some(i), _) => self.indices.push(i),
                    (None, ExprKind::Var(name)) => {
                        let bound = self.ranges.iter().rev().find(|(var, _)| var == name);
                        let (low, high) = bound?.1?;
                        self.indices.extend([low, high]);
                    }
                    _ => return None,
                }
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
                if let Some((var, iter, value)) = comprehension(arg) {
                    let length = self.comprehension(var, iter, value)?;
                    self.lengths.push(length);
                    return Some(());
                }
                let items = literal(arg)?;
                self.sorted |= !matches!(arg.node, ExprKind::List(_));
                self.lengths.push(Some(items.len()));
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

    /// The length of the board the comprehension `[value for var in
    /// iter]` names: over a constant range, its length; over the board
    /// itself, the board's (`Some(None)`); `None` when it is no board.
    fn comprehension(
        &mut self,
        var: &'a str,
        iter: &'a Expr,
        value: &'a Expr,
    ) -> Option<Option<usize>> {
        if var == self.param || var == self.family {
            return None;
        }
        let (range, length) = match (&iter.node, constant_range(iter)) {
            (_, Some((low, high))) => (Some((low, high)), Some((high - low + 1).max(0) as usize)),
            (ExprKind::Var(name), None) if name == self.param => (None, None),
            _ => return None,
        };
        self.ranges.push((var, range));
        let walked = self.expr(value);
        self.ranges.pop();
        walked.map(|()| length)
    }

    /// The least and greatest values a loop over `a..b` (or `a..=b`) may
    /// take, its ends made of constants and variables over constant
    /// ranges (`for l in i + 1..3`).
    fn range_of(&self, iter: &Expr) -> Option<(i64, i64)> {
        let ExprKind::Range {
            low,
            high,
            inclusive,
        } = &iter.node
        else {
            return None;
        };
        let (least, _) = self.bounds(low)?;
        let (_, most) = self.bounds(high)?;
        Some((least, if *inclusive { most } else { most - 1 }))
    }

    /// The least and greatest values of `e`: a constant, a variable over
    /// a constant range, or one of those plus or minus a constant.
    fn bounds(&self, e: &Expr) -> Option<(i64, i64)> {
        if let Some(c) = constant(e) {
            return Some((c, c));
        }
        match &e.node {
            ExprKind::Var(name) => self.ranges.iter().rev().find(|(v, _)| v == name)?.1,
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let ((a0, a1), c) = (self.bounds(a)?, constant(b)?);
                let c = if *op == BinOp::Add {
                    c
                } else {
                    c.checked_neg()?
                };
                Some((a0.checked_add(c)?, a1.checked_add(c)?))
            }
            _ => None,
        }
    }

    fn element(&mut self, element: &'a Element) -> Option<()> {
        let depth = self.ranges.len();
        let walked = self.clauses(element);
        self.ranges.truncate(depth);
        walked
    }

    fn clauses(&mut self, element: &'a Element) -> Option<()> {
        for clause in &element.clauses {
            match clause {
                // A loop variable named like the parameter would hide it.
                Clause::For { var, iter } => {
                    if var.node == self.param || var.node == self.family {
                        return None;
                    }
                    self.expr(iter)?;
                    let range = self.range_of(iter);
                    self.ranges.push((&var.node, range));
                }
                Clause::If(cond) => self.expr(cond)?,
            }
        }
        self.expr(&element.value)
    }
}

/// The loop variable, what it walks and the item of a comprehension of
/// one loop and no filter, `[value for var in iter]`.
pub(super) fn comprehension(e: &Expr) -> Option<(&str, &Expr, &Expr)> {
    let ExprKind::List(items) = &e.node else {
        return None;
    };
    let [item] = items.as_slice() else {
        return None;
    };
    let [Clause::For { var, iter }] = item.clauses.as_slice() else {
        return None;
    };
    Some((&var.node, iter, &item.value))
}

/// The first and last values of `a..b` or `a..=b` with constant ends.
pub(super) fn constant_range(e: &Expr) -> Option<(i64, i64)> {
    let ExprKind::Range {
        low,
        high,
        inclusive,
    } = &e.node
    else {
        return None;
    };
    let (low, high) = (constant(low)?, constant(high)?);
    Some((low, if *inclusive { high } else { high - 1 }))
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
        assert_eq!(shape("game B(p) = < B([p[i], 0]) for i in 0..p[0] >"), None);
        assert_eq!(shape("game B(p) = < B([p[0]]), B([p[0], 1]) >"), None);
        assert_eq!(shape("game B(p) = < B([p[0] - 1]) if p[0] > 0 >"), None);
        assert_eq!(shape("game B(p) = < B([p[2], p[0]]) >"), None);
        assert_eq!(
            shape("game B(p) = < B([x, 0]) for p in [1] for x in [p] >"),
            None
        );
    }

    #[test]
    fn comprehensions_over_constant_ranges_or_the_board_are_boards() {
        let places = "game N(h) = < N([if j == i then h[j] - k else h[j] for j in 0..3]) \
                      for i in 0..3 for k in 1..=h[i] >";
        assert_eq!(shape(places), Some(3));
        let pairs = "game N(h) = < N([h[0] - 1, h[1]]) if h[0] > 0, N([x - 1 for x in h]) if min(h) > 0, \
                     N([h[j] for j in 0..2]) for i in 0..2 for l in i + 1..2 if h[l] > 5 >";
        assert_eq!(shape(pairs), Some(2));
        // Its own length unknown: no board.
        assert_eq!(
            shape("game N(h) = < N([x - 1 for x in h]) if min(h) > 0 >"),
            None
        );
        // Places outside the board, a filter, two loops, a range of the
        // parameter.
        let outside = "game N(h) = < N([h[j] for j in 0..3]) for i in 0..4 if h[i] > 0 >";
        assert_eq!(shape(outside), None);
        assert_eq!(
            shape("game N(h) = < N([h[j] for j in 0..3 if j > 0]) >"),
            None
        );
        assert_eq!(
            shape("game N(h) = < N([h[j] for j in 0..2 for i in 0..2]) >"),
            None
        );
        assert_eq!(
            shape("game N(h) = < N([h[0], h[1]]) for j in 0..h[0] if h[j] > 0 >"),
            None
        );
    }
}

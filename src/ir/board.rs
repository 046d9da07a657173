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
//! list of one length, between 2 and 8 (`MAX_PARAMS`): a literal (or `sort` or
//! `reversed` of one), a comprehension over a constant range (`[if j == i
//! then p[j] - k else p[j] for j in 0..3]`) or one over the board itself
//! (`[x - k for x in p]`), each item a plain expression.

use crate::builtin::Builtin;
use crate::engine::kernel::MAX_PARAMS;
use crate::resolve::program::{Body, FamilyDef};
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::syntax::ast::BinOp;
use crate::value::{Callable, FamilyId, Value};

/// How many integers each position of `family` holds, if it is a board.
pub fn board_len(family: &FamilyDef) -> Option<usize> {
    if family.params.len() != 1 {
        return None;
    }
    let mut shape = Shape {
        family: family.id,
        lengths: Vec::new(),
        indices: Vec::new(),
        ranges: Vec::new(),
        sorted: false,
    };
    match &family.body {
        Body::Options(elements) => elements.iter().try_for_each(|e| shape.element(e))?,
        Body::Game(body) => shape.expr(body)?,
    }
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

/// The board parameter: the family's one parameter, its first local.
const BOARD: usize = 0;

/// What the walk over a definition found; `None` from a method means the
/// parameter is used in a way a board is not.
struct Shape {
    family: FamilyId,
    /// The lengths of the lists the family is called with (`None`: a
    /// comprehension over the board, as long as it).
    lengths: Vec<Option<usize>>,
    /// The indices `p[i]` reads: constants, and both ends of the ranges of
    /// the loop variables it is read with.
    indices: Vec<i64>,
    /// The loop variables (their locals) in scope, innermost last, with
    /// the first and last values of the constant range each walks.
    ranges: Vec<(usize, Option<(i64, i64)>)>,
    /// Whether an option names a position sorted or reversed.
    sorted: bool,
}

impl Shape {
    fn expr(&mut self, e: &Term) -> Option<()> {
        match &e.kind {
            TermKind::Local(BOARD) => None,
            TermKind::Const(Value::Func(Callable::Family(id))) if *id == self.family => None,
            TermKind::Index(base, index) if matches!(base.kind, TermKind::Local(BOARD)) => {
                match (constant(index), &index.kind) {
                    (Some(i), _) => self.indices.push(i),
                    (None, TermKind::Local(local)) => {
                        let (low, high) = self.range(*local)?;
                        self.indices.extend([low, high]);
                    }
                    _ => return None,
                }
                Some(())
            }
            TermKind::CallBuiltin {
                builtin: Builtin::Len | Builtin::Min | Builtin::Max | Builtin::Sum,
                args,
            } if args.len() == 1 => match args[0].kind {
                TermKind::Local(BOARD) => Some(()),
                _ => self.expr(&args[0]),
            },
            TermKind::Position { family, args } if *family == self.family => {
                let [arg] = args.as_slice() else {
                    return None;
                };
                if let Some((local, _, iter, value)) = comprehension(arg) {
                    let length = self.comprehension(local, iter, value)?;
                    self.lengths.push(length);
                    return Some(());
                }
                let items = literal(arg)?;
                self.sorted |= !matches!(arg.kind, TermKind::List { .. });
                self.lengths.push(Some(items.len()));
                for item in items {
                    if !item.clauses.is_empty() {
                        return None;
                    }
                    self.expr(&item.value)?;
                }
                Some(())
            }
            TermKind::Options(elements) | TermKind::List { elements, .. } => {
                elements.iter().try_for_each(|e| self.element(e))
            }
            TermKind::MapFor(element) => self.element(element),
            _ => e.children().into_iter().try_for_each(|c| self.expr(c)),
        }
    }

    /// The first and last values of the loop variable `local`, when it
    /// walks a constant range.
    fn range(&self, local: usize) -> Option<(i64, i64)> {
        self.ranges.iter().rev().find(|(l, _)| *l == local)?.1
    }

    /// The length of the board the comprehension `[value for var in
    /// iter]` (`var` the local `local`) names: over a constant range, its
    /// length; over the board itself, the board's (`Some(None)`); `None`
    /// when it is no board.
    fn comprehension(&mut self, local: usize, iter: &Term, value: &Term) -> Option<Option<usize>> {
        let (range, length) = match (&iter.kind, constant_range(iter)) {
            (_, Some((low, high))) => (Some((low, high)), Some((high - low + 1).max(0) as usize)),
            (TermKind::Local(BOARD), None) => (None, None),
            _ => return None,
        };
        self.ranges.push((local, range));
        let walked = self.expr(value);
        self.ranges.pop();
        walked.map(|()| length)
    }

    /// The least and greatest values a loop over `a..b` (or `a..=b`) may
    /// take, its ends made of constants and variables over constant
    /// ranges (`for l in i + 1..3`).
    fn range_of(&self, iter: &Term) -> Option<(i64, i64)> {
        let TermKind::Range {
            low,
            high,
            inclusive,
        } = &iter.kind
        else {
            return None;
        };
        let (least, _) = self.bounds(low)?;
        let (_, most) = self.bounds(high)?;
        Some((least, if *inclusive { most } else { most - 1 }))
    }

    /// The least and greatest values of `e`: a constant, a variable over
    /// a constant range, or one of those plus or minus a constant.
    fn bounds(&self, e: &Term) -> Option<(i64, i64)> {
        if let Some(c) = constant(e) {
            return Some((c, c));
        }
        match &e.kind {
            TermKind::Local(local) => self.range(*local),
            TermKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
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

    fn element(&mut self, element: &Element) -> Option<()> {
        let depth = self.ranges.len();
        let walked = self.clauses(element);
        self.ranges.truncate(depth);
        walked
    }

    fn clauses(&mut self, element: &Element) -> Option<()> {
        for clause in &element.clauses {
            match clause {
                Clause::For { slot, iter, .. } => {
                    self.expr(iter)?;
                    let range = self.range_of(iter);
                    self.ranges.push((*slot, range));
                }
                Clause::If(cond) => self.expr(cond)?,
            }
        }
        self.expr(&element.value)
    }
}

/// The loop variable (its local and name), what it walks and the item of
/// a comprehension of one loop and no filter, `[value for var in iter]`.
pub(super) fn comprehension(e: &Term) -> Option<(usize, &str, &Term, &Term)> {
    let TermKind::List {
        elements,
        set: false,
    } = &e.kind
    else {
        return None;
    };
    let [item] = elements.as_slice() else {
        return None;
    };
    let [Clause::For { slot, name, iter }] = item.clauses.as_slice() else {
        return None;
    };
    Some((*slot, name, iter, &item.value))
}

/// The first and last values of `a..b` or `a..=b` with constant ends.
pub(super) fn constant_range(e: &Term) -> Option<(i64, i64)> {
    let TermKind::Range {
        low,
        high,
        inclusive,
    } = &e.kind
    else {
        return None;
    };
    let (low, high) = (constant(low)?, constant(high)?);
    Some((low, if *inclusive { high } else { high - 1 }))
}

/// The items of the list literal `e` names a position with, bare or
/// reordered (`sort([a, b])`, `reversed([a, b])`).
fn literal(e: &Term) -> Option<&[Element]> {
    match &e.kind {
        TermKind::List {
            elements,
            set: false,
        } => Some(elements),
        TermKind::CallBuiltin {
            builtin: Builtin::Sort | Builtin::Reversed,
            args,
        } => literal(&args[0]),
        _ => None,
    }
}

/// The value of an integer literal, negated or not.
pub(super) fn constant(e: &Term) -> Option<i64> {
    match &e.kind {
        TermKind::Const(Value::Int(i)) => Some(*i),
        TermKind::Neg(inner) => constant(inner)?.checked_neg(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::board_len;
    use crate::resolve::{Redefine, program::Program};

    /// The board length of the first family `source` defines.
    fn shape(source: &str) -> Option<usize> {
        let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
        let mut program = Program::default();
        let resolved = crate::resolve::resolve(&statements, &mut program, Redefine::Forbid)
            .unwrap_or_else(|errors| panic!("{errors:?}"));
        board_len(program.family(resolved.new_families[0]))
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
        // A loop variable of the parameter's name is another variable.
        assert_eq!(
            shape(
                "game B(p) = < B([p[0] - 1, 0]) if p[0] > 0, B([x, 0]) for p in [1] for x in [p] >"
            ),
            Some(2)
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

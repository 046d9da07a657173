//! Integer arithmetic and conditions: an expression of the body where an
//! integer or a truth value is needed, built as the IR's `IntExpr` and
//! `Cond`, folded as it is built.

use super::{Binding, Translator};
use crate::engine::kernel::{CmpOp, Cond, Fold, IntExpr, IntOp, Iter, ListClause, ListExpr};
use crate::ir::filters::total;
use crate::syntax::ast::{BinOp, Clause, Element, Expr, ExprKind, Name};

/// The most conditions `any` or `all` of a comprehension is joined from.
const ANY_OF: usize = 64;

/// The name of the variable that walks a list a membership test reads: no
/// name a program can write.
const MEMBER: &str = "(member)";

impl Translator<'_> {
    pub(super) fn int(&mut self, e: &Expr) -> Option<IntExpr> {
        Some(match &e.node {
            ExprKind::Int(n) => IntExpr::constant(*n),
            ExprKind::Var(name) => match self.name(name, e.span)? {
                Binding::Slot(slot) => IntExpr::slot(slot),
                Binding::Int(int) => int,
                _ => return self.fail(e.span, format!("`{name}` is not an integer here")),
            },
            ExprKind::Neg(a) => IntExpr::negate(self.int(a)?),
            ExprKind::Index(base, index) => self.index(base, index)?,
            ExprKind::Binary(op, a, b) => {
                let op = match op {
                    BinOp::Add => IntOp::Add,
                    BinOp::Sub => IntOp::Sub,
                    BinOp::Mul => IntOp::Mul,
                    BinOp::Div => IntOp::Div,
                    BinOp::Mod => IntOp::Mod,
                    BinOp::Xor => IntOp::Xor,
                    BinOp::Pow => IntOp::Pow,
                    _ => return self.fail(e.span, "a comparison where an integer is needed"),
                };
                let a = self.int(a)?;
                IntExpr::binary(op, a, self.int(b)?)
            }
            ExprKind::Call(callee, args) => {
                let (name, recursive) = self.callee(callee, e.span)?;
                if let Some(id) = recursive {
                    return self.int_call(id, args, e.span);
                }
                if let Some(inlined) = self.inline(name, args, e.span, |t, body| t.int(body)) {
                    return inlined;
                }
                if let [arg] = args.as_slice() {
                    if self.builtin(name, "len") {
                        return self.len(arg);
                    }
                    let folds = [("sum", Fold::Sum), ("min", Fold::Min), ("max", Fold::Max)];
                    if let Some(&(_, fold)) = folds.iter().find(|(n, _)| self.builtin(name, n)) {
                        return self.fold(fold, arg);
                    }
                }
                let mut ints = Vec::with_capacity(args.len());
                for arg in args {
                    ints.push(self.int(arg)?);
                }
                match ints.len() {
                    1 if self.builtin(name, "abs") => IntExpr::Abs(Box::new(ints.remove(0))),
                    2.. if self.builtin(name, "min") => crate::ir::passes::min_of(ints),
                    2.. if self.builtin(name, "max") => crate::ir::passes::max_of(ints),
                    _ => return self.fail(e.span, format!("a call of `{name}`")),
                }
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.cond(cond)?;
                let then = self.int(then)?;
                IntExpr::select(cond, then, self.int(otherwise)?)
            }
            _ => return self.fail(e.span, "not integer arithmetic"),
        })
    }

    pub(super) fn cond(&mut self, e: &Expr) -> Option<Cond> {
        Some(match &e.node {
            ExprKind::Bool(b) => Cond::Const(*b),
            ExprKind::Var(name) => match self.name(name, e.span)? {
                Binding::Cond(cond) => cond,
                _ => return self.fail(e.span, format!("`{name}` is not a condition here")),
            },
            ExprKind::Binary(op @ (BinOp::In | BinOp::NotIn), item, container) => {
                let member = self.member(item, container)?;
                match op {
                    BinOp::In => member,
                    _ => Cond::Not(Box::new(member)),
                }
            }
            // Truth values compared: `p != q` holds where exactly one
            // does, `p == q` where both or neither do; both are evaluated,
            // as the language evaluates them.
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) if is_truth(a) && is_truth(b) => {
                let (p, q) = (self.cond(a)?, self.cond(b)?);
                let not = |c: &Cond| Cond::Not(Box::new(c.clone()));
                let both = |x: Cond, y: Cond| Cond::And(Box::new(x), Box::new(y));
                let (first, second) = match op {
                    BinOp::Eq => (both(p.clone(), q.clone()), both(not(&p), not(&q))),
                    _ => (both(p.clone(), not(&q)), both(not(&p), q)),
                };
                Cond::Or(Box::new(first), Box::new(second))
            }
            ExprKind::Binary(op, a, b) => {
                let Some(op) = compare_op(*op) else {
                    return self.fail(e.span, "not a comparison of integers");
                };
                let (a, b) = (self.int(a)?, self.int(b)?);
                // A comparison of constants (a fixed parameter's, a `let`'s)
                // is decided here.
                match (a.as_constant(), b.as_constant()) {
                    (Some(x), Some(y)) => Cond::Const(op.holds(x, y)),
                    _ => Cond::Cmp(op, a, b),
                }
            }
            ExprKind::Not(a) => Cond::Not(Box::new(self.cond(a)?)),
            // `if c then a else b` holds where `c and a` or `not c and b`
            // does; each branch is evaluated only where it is chosen.
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.cond(cond)?;
                let (a, b) = (self.cond(then)?, self.cond(otherwise)?);
                let not_c = Cond::Not(Box::new(c.clone()));
                Cond::Or(
                    Box::new(Cond::And(Box::new(c), Box::new(a))),
                    Box::new(Cond::And(Box::new(not_c), Box::new(b))),
                )
            }
            ExprKind::And(a, b) => {
                let a = self.cond(a)?;
                Cond::And(Box::new(a), Box::new(self.cond(b)?))
            }
            ExprKind::Or(a, b) => {
                let a = self.cond(a)?;
                Cond::Or(Box::new(a), Box::new(self.cond(b)?))
            }
            ExprKind::Call(callee, args) => {
                let (name, recursive) = self.callee(callee, e.span)?;
                if let Some(id) = recursive {
                    return self.cond_call(id, args, e.span);
                }
                if let [arg] = args.as_slice()
                    && (self.builtin(name, "any") || self.builtin(name, "all"))
                {
                    return self.any_or_all(arg, self.builtin(name, "any"));
                }
                match self.inline(name, args, e.span, |t, body| t.cond(body)) {
                    Some(inlined) => inlined?,
                    None => return self.fail(e.span, format!("a call of `{name}`")),
                }
            }
            _ => return self.fail(e.span, "not a comparison of integers"),
        })
    }

    /// `any([c for x in values])` (or `all`), `values` a few constants,
    /// or `any([c1, c2, …])` of a few conditions written out: the
    /// conditions joined by `or` (`and`). The language builds the
    /// whole list first, so every condition is evaluated; joined, they
    /// stop at the first that decides, which is the same only when none
    /// can fail. Any other comprehension is counted (see `counted`).
    pub(super) fn any_or_all(&mut self, arg: &Expr, any: bool) -> Option<Cond> {
        let not_folded = |t: &mut Self| {
            t.fail(
                arg.span,
                "`any` or `all` of a list that is not a comprehension",
            )
        };
        let ExprKind::List(elements) = &arg.node else {
            return not_folded(self);
        };
        // `any([k == 3, k == 6])`: a few conditions written out.
        if elements.len() <= ANY_OF && elements.iter().all(|e| e.clauses.is_empty()) {
            let mut joined = Cond::Const(!any);
            for element in elements {
                let cond = self.cond(&element.value)?;
                if !crate::ir::filters::cannot_fail(&cond) {
                    return not_folded(self);
                }
                joined = Cond::joined(!any, joined, cond);
            }
            return Some(joined);
        }
        let [Element { value, clauses }] = elements.as_slice() else {
            return not_folded(self);
        };
        let [Clause::For { var, iter }] = clauses.as_slice() else {
            return self.counted(value, clauses, any);
        };
        let iter = self.iter(iter)?;
        let Some(values) = crate::ir::passes::constants(&iter).filter(|v| v.len() <= ANY_OF) else {
            return self.counted(value, clauses, any);
        };
        let mut joined = Cond::Const(!any);
        for v in values {
            self.scope
                .push((var.node.clone(), Binding::Int(IntExpr::constant(v))));
            let cond = self.cond(value);
            self.scope.pop();
            let cond = cond?;
            if !crate::ir::filters::cannot_fail(&cond) {
                return self.counted(value, clauses, any);
            }
            joined = Cond::joined(!any, joined, cond);
        }
        Some(joined)
    }

    /// `any([c for …])` as `len([0 for … if c]) != 0`, `all([c for …])` as
    /// `len([0 for … if not c]) == 0`: each condition is evaluated, in
    /// order, as the language evaluates each item of the list it builds.
    fn counted(&mut self, value: &Expr, clauses: &[Clause], any: bool) -> Option<Cond> {
        let span = value.span;
        let filter = match any {
            true => value.clone(),
            false => Expr::new(ExprKind::Not(Box::new(value.clone())), span),
        };
        let mut clauses = clauses.to_vec();
        clauses.push(Clause::If(filter));
        let zero = Expr::new(ExprKind::Int(0), span);
        let element = Element {
            value: zero,
            clauses,
        };
        let count = match self.len(&Expr::new(ExprKind::List(vec![element]), span))? {
            IntExpr::Reduce(Fold::Len, list) if stops_at_first(&list) => {
                IntExpr::Reduce(Fold::Any, list)
            }
            count => count,
        };
        let op = if any { CmpOp::Ne } else { CmpOp::Eq };
        Some(Cond::Cmp(op, count, IntExpr::constant(0)))
    }

    /// `item in container` for a range (two bounds) or a list of integers
    /// (one equality per element).
    pub(super) fn member(&mut self, item: &Expr, container: &Expr) -> Option<Cond> {
        let x = self.int(item)?;
        let iter = match self.constant_items(container) {
            Some(items) => Iter::List(items),
            None => self.iter(container)?,
        };
        Some(match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => {
                // The language evaluates both ends before it tests: the
                // end that may fail is tested first (where both may, the
                // generic search tests them).
                // An inclusive range ends before `high + 1`, which the
                // language computes: past `i64::MAX` it fails. An affine
                // end is far from it.
                let to = match (inclusive, &high) {
                    (false, _) => Cond::Cmp(CmpOp::Lt, x.clone(), high.clone()),
                    (true, IntExpr::Affine(_)) => Cond::Cmp(CmpOp::Le, x.clone(), high.clone()),
                    (true, _) => {
                        let end = IntExpr::binary(IntOp::Add, high.clone(), IntExpr::constant(1));
                        Cond::Cmp(CmpOp::Lt, x.clone(), end)
                    }
                };
                let from = Cond::Cmp(CmpOp::Ge, x, low.clone());
                match (total(&low), total(&high)) {
                    (false, false) => {
                        return self.fail(container.span, "a range whose two ends may fail");
                    }
                    (true, false) => Cond::And(Box::new(to), Box::new(from)),
                    _ => Cond::And(Box::new(from), Box::new(to)),
                }
            }
            // The language evaluates the item even where the list is empty:
            // `x != x` does, and never holds.
            Iter::List(values) if values.is_empty() && !total(&x) => {
                Cond::Cmp(CmpOp::Ne, x.clone(), x)
            }
            // The language evaluates the item and every member before it
            // tests: those that may fail are evaluated first, in order
            // (`v == v` holds wherever `v` does not fail), then the
            // tests stop at the first member equal to the item.
            Iter::List(values) => {
                let evaluated: Vec<Cond> = (std::iter::once(&x).chain(&values))
                    .filter(|v| !total(v))
                    .map(|v| Cond::Cmp(CmpOp::Eq, v.clone(), v.clone()))
                    .collect();
                let any = values.iter().fold(Cond::Const(false), |any, v| {
                    let equal = Cond::Cmp(CmpOp::Eq, x.clone(), v.clone());
                    match any {
                        Cond::Const(false) => equal,
                        any => Cond::Or(Box::new(any), Box::new(equal)),
                    }
                });
                (evaluated.into_iter().rev()).fold(any, |tested, first| {
                    Cond::And(Box::new(first), Box::new(tested))
                })
            }
            // Any other list: `any([y == item for y in container])`, the
            // item (which cannot fail) read again for each `y`.
            Iter::Sorted { .. } | Iter::Built(_) | Iter::Divisors { .. } => {
                if !total(&x) {
                    return self.fail(item.span, "a membership test of an item that may fail");
                }
                let span = container.span;
                let member = Expr::new(ExprKind::Var(MEMBER.to_string()), span);
                let value = Expr::new(
                    ExprKind::Binary(BinOp::Eq, Box::new(member), Box::new(item.clone())),
                    span,
                );
                let var = Name::new(MEMBER.to_string(), span);
                let iter = container.clone();
                return self.counted(&value, &[Clause::For { var, iter }], true);
            }
        })
    }

    /// The items of a comprehension over a constant range that are all
    /// constants (`[k * k for k in 1..=1000]`), computed here: a membership
    /// test then compares with constants, where it built the list again
    /// for every test. `None`, and nothing noted, for any other list.
    fn constant_items(&mut self, container: &Expr) -> Option<Vec<IntExpr>> {
        let ExprKind::List(elements) = &container.node else {
            return None;
        };
        let [element] = elements.as_slice() else {
            return None;
        };
        let [Clause::For { var, iter }, filters @ ..] = element.clauses.as_slice() else {
            return None;
        };
        let (low, high) = crate::ir::board::constant_range(iter)?;
        if high.checked_sub(low)? >= CONSTANT_ITEMS {
            return None;
        }
        let noted = self.why.take();
        let mut items = Vec::new();
        let mut folded = true;
        for k in low..=high {
            self.scope
                .push((var.node.clone(), Binding::Int(IntExpr::constant(k))));
            let mut kept = Some(true);
            for filter in filters {
                kept = match (kept, filter) {
                    (Some(true), Clause::If(cond)) => match self.cond(cond) {
                        Some(Cond::Const(holds)) => Some(holds),
                        _ => None,
                    },
                    (kept, Clause::If(_)) => kept,
                    (_, Clause::For { .. }) => None,
                };
            }
            let value = match kept {
                Some(true) => self.int(&element.value).and_then(|v| v.as_constant()),
                _ => None,
            };
            self.scope.pop();
            match (kept, value) {
                (Some(false), _) => {}
                (Some(true), Some(value)) => items.push(IntExpr::constant(value)),
                _ => {
                    folded = false;
                    break;
                }
            }
        }
        self.why = noted;
        folded.then_some(items)
    }
}

/// Most items of a comprehension a membership test computes when the IR
/// is built.
const CONSTANT_ITEMS: i64 = 1 << 12;

/// Whether `e` is written as a truth value: a comparison, a membership
/// test, `and`, `or`, `not` or `True`/`False`.
fn is_truth(e: &Expr) -> bool {
    match &e.node {
        ExprKind::Bool(_) | ExprKind::Not(_) | ExprKind::And(..) | ExprKind::Or(..) => true,
        ExprKind::Binary(op, ..) => {
            compare_op(*op).is_some() || matches!(op, BinOp::In | BinOp::NotIn)
        }
        _ => false,
    }
}

fn compare_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        _ => return None,
    })
}

/// Whether a count of `list`'s items compared with 0 may stop at its first
/// item: a comprehension of one loop over a range (whose bounds are
/// evaluated before any item) and filters that cannot fail, given that the
/// loop's variable is at least 1 where the range starts there (`p % d`
/// for `d` in `2..p`): the language builds the whole list, but no item
/// past the first could then fail.
fn stops_at_first(list: &ListExpr) -> bool {
    let ListExpr::Comprehension(c) = list else {
        return false;
    };
    let Some((first, filters)) = c.clauses.split_first() else {
        return false;
    };
    let Some((slot, low, _, _)) = first.range() else {
        return false;
    };
    let positive = low.as_constant().is_some_and(|low| low >= 1);
    let divisor = IntExpr::slot(slot);
    let int = |e: &IntExpr| match e {
        IntExpr::Binary(IntOp::Div | IntOp::Mod, a, b) if positive && **b == divisor => total(a),
        e => total(e),
    };
    fn safe(cond: &Cond, int: &impl Fn(&IntExpr) -> bool) -> bool {
        match cond {
            Cond::Const(_) => true,
            Cond::Cmp(_, a, b) => int(a) && int(b),
            Cond::Not(c) => safe(c, int),
            Cond::And(a, b) | Cond::Or(a, b) => safe(a, int) && safe(b, int),
            Cond::Remembered(_) => false,
        }
    }
    total(&c.item)
        && (filters.iter()).all(|f| matches!(f, ListClause::If(cond) if safe(cond, &int)))
}

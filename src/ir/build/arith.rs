//! Integer arithmetic and conditions: an expression of the body where an
//! integer or a truth value is needed, built as the IR's `IntExpr` and
//! `Cond`, folded as it is built.

use super::{Binding, Local, Translator};
use crate::builtin::Builtin;
use crate::engine::kernel::{CmpOp, Cond, Fold, IntExpr, IntOp, Iter, ListClause, ListExpr};
use crate::ir::filters::total;
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::syntax::ast::BinOp;
use crate::value::Value;

/// The most conditions `any` or `all` of a comprehension is joined from.
const ANY_OF: usize = 64;

/// The name of the variable that walks a list a membership test reads (for
/// printing): no name a program can write.
const MEMBER: &str = "(member)";

impl Translator<'_> {
    pub(super) fn int(&mut self, e: &Term) -> Option<IntExpr> {
        if let Some(direct) = self.followed(e) {
            return self.int(&direct);
        }
        Some(match &e.kind {
            TermKind::Const(Value::Int(n)) => IntExpr::constant(*n),
            TermKind::Local(_) | TermKind::Let(_) => {
                let Local { name, binding } = self.name(e)?;
                match binding {
                    Binding::Slot(slot) => IntExpr::slot(slot),
                    Binding::Int(int) => int,
                    _ => return self.fail(e.span, format!("`{name}` is not an integer here")),
                }
            }
            TermKind::Neg(a) => IntExpr::negate(self.int(a)?),
            TermKind::Index(base, index) => self.index(base, index)?,
            TermKind::Binary(op, a, b) => {
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
            TermKind::CallDef { def, args } => {
                if self.recursive(*def) {
                    return self.int_call(*def, args, e.span);
                }
                return self.inline(*def, args, e.span, |t, body| t.int(body));
            }
            TermKind::CallBuiltin { builtin, args } => {
                if let [arg] = args.as_slice() {
                    match builtin {
                        Builtin::G | Builtin::Grundy => return self.grundy(arg),
                        Builtin::Len => return self.len(arg),
                        Builtin::Sum => return self.fold(Fold::Sum, arg),
                        Builtin::Min => return self.fold(Fold::Min, arg),
                        Builtin::Max => return self.fold(Fold::Max, arg),
                        Builtin::Mex => return self.fold(Fold::Mex, arg),
                        _ => {}
                    }
                }
                let mut ints = Vec::with_capacity(args.len());
                for arg in args {
                    ints.push(self.int(arg)?);
                }
                match (builtin, ints.len()) {
                    (Builtin::Abs, 1) => IntExpr::Abs(Box::new(ints.remove(0))),
                    (Builtin::Min, 2..) => crate::ir::bounds::min_of(ints),
                    (Builtin::Max, 2..) => crate::ir::bounds::max_of(ints),
                    _ => return self.fail(e.span, format!("a call of `{}`", builtin.name())),
                }
            }
            TermKind::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.cond(cond)?;
                let then = self.int(then)?;
                IntExpr::select(cond, then, self.int(otherwise)?)
            }
            TermKind::Position { family, .. } => {
                let name = &self.program.family(*family).name;
                return self.fail(e.span, format!("a position of `{name}`, not an integer"));
            }
            TermKind::CallValue { callee, .. } => return self.computed_call(callee, e.span),
            TermKind::Const(Value::Func(_)) => {
                return self.fail(e.span, "a function where an integer is needed");
            }
            _ => return self.fail(e.span, "not integer arithmetic"),
        })
    }

    pub(super) fn cond(&mut self, e: &Term) -> Option<Cond> {
        if let Some(direct) = self.followed(e) {
            return self.cond(&direct);
        }
        Some(match &e.kind {
            TermKind::Const(Value::Bool(b)) => Cond::Const(*b),
            TermKind::Local(_) | TermKind::Let(_) => {
                let Local { name, binding } = self.name(e)?;
                match binding {
                    Binding::Cond(cond) => cond,
                    _ => return self.fail(e.span, format!("`{name}` is not a condition here")),
                }
            }
            TermKind::Binary(op @ (BinOp::In | BinOp::NotIn), item, container) => {
                let member = self.member(item, container)?;
                match op {
                    BinOp::In => member,
                    _ => Cond::Not(Box::new(member)),
                }
            }
            TermKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b)
                if let Some(compared) = self.key_compared(*op == BinOp::Eq, a, b) =>
            {
                compared
            }
            // Games compared are equivalent where their values are equal
            // (`D(k) == *0`), both evaluated as `g` evaluates them.
            TermKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) if is_game(a) && is_game(b) => {
                let op = compare_op(*op).expect("an equality");
                Cond::Cmp(op, self.grundy(a)?, self.grundy(b)?)
            }
            // Truth values compared: `p != q` holds where exactly one
            // does, `p == q` where both or neither do; both are evaluated,
            // as the language evaluates them.
            TermKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) if is_truth(a) && is_truth(b) => {
                let (p, q) = (self.cond(a)?, self.cond(b)?);
                let not = |c: &Cond| Cond::Not(Box::new(c.clone()));
                let both = |x: Cond, y: Cond| Cond::And(Box::new(x), Box::new(y));
                let (first, second) = match op {
                    BinOp::Eq => (both(p.clone(), q.clone()), both(not(&p), not(&q))),
                    _ => (both(p.clone(), not(&q)), both(not(&p), q)),
                };
                Cond::Or(Box::new(first), Box::new(second))
            }
            TermKind::Binary(op, a, b) => {
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
            TermKind::Not(a) => Cond::Not(Box::new(self.cond(a)?)),
            // `if c then a else b` holds where `c and a` or `not c and b`
            // does; each branch is evaluated only where it is chosen.
            TermKind::If {
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
            TermKind::Logic { and, a, b } => {
                let (a, b) = (Box::new(self.cond(a)?), Box::new(self.cond(b)?));
                match and {
                    true => Cond::And(a, b),
                    false => Cond::Or(a, b),
                }
            }
            TermKind::CallDef { def, args } => {
                if self.recursive(*def) {
                    return self.cond_call(*def, args, e.span);
                }
                return self.inline(*def, args, e.span, |t, body| t.cond(body));
            }
            TermKind::CallBuiltin {
                builtin: builtin @ (Builtin::Any | Builtin::All),
                args,
            } => return self.any_or_all(&args[0], *builtin == Builtin::Any),
            TermKind::CallBuiltin { builtin, .. } => {
                return self.fail(e.span, format!("a call of `{}`", builtin.name()));
            }
            TermKind::CallValue { callee, .. } => return self.computed_call(callee, e.span),
            _ => return self.fail(e.span, "not a comparison of integers"),
        })
    }

    /// `any([c for x in values])` (or `all`), `values` a few constants,
    /// or `any([c1, c2, …])` of a few conditions written out: the
    /// conditions joined by `or` (`and`). The language builds the
    /// whole list first, so every condition is evaluated; joined, they
    /// stop at the first that decides, which is the same only when none
    /// can fail. Any other comprehension is counted (see `counted`).
    pub(super) fn any_or_all(&mut self, arg: &Term, any: bool) -> Option<Cond> {
        let not_folded = |t: &mut Self| {
            t.fail(
                arg.span,
                "`any` or `all` of a list that is not a comprehension",
            )
        };
        let TermKind::List {
            elements,
            set: false,
        } = &arg.kind
        else {
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
        let [Element { value, clauses, .. }] = elements.as_slice() else {
            return not_folded(self);
        };
        let [Clause::For { slot, name, iter }] = clauses.as_slice() else {
            return self.counted(value, clauses, any);
        };
        let iter = self.iter(iter)?;
        let Some(values) = crate::ir::passes::constants(&iter).filter(|v| v.len() <= ANY_OF) else {
            return self.counted(value, clauses, any);
        };
        let mut joined = Cond::Const(!any);
        for v in values {
            self.bind(*slot, name, Binding::Int(IntExpr::constant(v)));
            let cond = self.cond(value)?;
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
    fn counted(&mut self, value: &Term, clauses: &[Clause], any: bool) -> Option<Cond> {
        let span = value.span;
        let filter = match any {
            true => value.clone(),
            false => Term {
                kind: TermKind::Not(Box::new(value.clone())),
                span,
            },
        };
        let mut clauses = clauses.to_vec();
        clauses.push(Clause::If(filter));
        let element = Element {
            value: Term::constant(Value::Int(0), span),
            clauses,
            option_name: None,
        };
        let list = Term {
            kind: TermKind::List {
                elements: vec![element],
                set: false,
            },
            span,
        };
        let count = match self.len(&list)? {
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
    pub(super) fn member(&mut self, item: &Term, container: &Term) -> Option<Cond> {
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
            // tests stop at the first member equal to the item. Where no
            // member may fail, the first test evaluates the item first.
            Iter::List(values) => {
                let item = (!values.iter().all(total)).then_some(&x);
                let evaluated: Vec<Cond> = (item.into_iter().chain(&values))
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
            // Any other list: `any([y == item for y in container])`, `y` a
            // local of its own, the item (which cannot fail) read again
            // for each `y`.
            Iter::Sorted { .. }
            | Iter::Built(_)
            | Iter::Divisors { .. }
            | Iter::Quotients { .. } => {
                if !total(&x) {
                    return self.fail(item.span, "a membership test of an item that may fail");
                }
                let span = container.span;
                let slot = self.fresh_local();
                let member = Term {
                    kind: TermKind::Local(slot),
                    span,
                };
                let value = Term {
                    kind: TermKind::Binary(BinOp::Eq, Box::new(member), Box::new(item.clone())),
                    span,
                };
                let walk = Clause::For {
                    slot,
                    name: MEMBER.to_string(),
                    iter: container.clone(),
                };
                return self.counted(&value, &[walk], true);
            }
        })
    }

    /// The items of a comprehension over a constant range that are all
    /// constants (`[k * k for k in 1..=1000]`), computed here: a membership
    /// test then compares with constants, where it built the list again
    /// for every test. `None`, and nothing noted, for any other list.
    fn constant_items(&mut self, container: &Term) -> Option<Vec<IntExpr>> {
        let TermKind::List { elements, .. } = &container.kind else {
            return None;
        };
        let [element] = elements.as_slice() else {
            return None;
        };
        let [Clause::For { slot, name, iter }, filters @ ..] = element.clauses.as_slice() else {
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
            self.bind(*slot, name, Binding::Int(IntExpr::constant(k)));
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
fn is_truth(e: &Term) -> bool {
    match &e.kind {
        TermKind::Const(Value::Bool(_)) | TermKind::Not(_) | TermKind::Logic { .. } => true,
        TermKind::Binary(op, ..) => {
            compare_op(*op).is_some() || matches!(op, BinOp::In | BinOp::NotIn)
        }
        _ => false,
    }
}

/// Whether `e` is written as a game: a position, a nim heap, a literal of
/// options, or a sum with one of them.
fn is_game(e: &Term) -> bool {
    match &e.kind {
        TermKind::Position { .. } | TermKind::Nim(_) | TermKind::Options(_) => true,
        TermKind::Binary(BinOp::Add, a, b) => is_game(a) || is_game(b),
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

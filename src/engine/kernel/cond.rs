//! The conditions of a kernel's `if` clauses: comparisons of integer
//! expressions joined by `and`, `or` and `not`, folded where constant.

use super::int::{IntExpr, IntOp};

/// A comparison of two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    /// The comparison that holds exactly when this one does not.
    pub fn negated(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }

    /// The comparison of the operands swapped: `a op b` exactly when `b
    /// op.mirrored() a`.
    pub fn mirrored(self) -> CmpOp {
        match self {
            CmpOp::Eq | CmpOp::Ne => self,
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
        }
    }

    /// Whether `a op b`.
    ///
    /// Without a branch on the comparison, which code deciding many of
    /// them (the VM's) would pay as a jump through a table: three bits
    /// for each comparison, one for each ordering of `a` and `b` it
    /// holds for, picked by the ordering.
    #[inline]
    pub fn holds<T: Ord>(self, a: T, b: T) -> bool {
        // Less, Equal, Greater, from the lowest bit; by `CmpOp` in order.
        const HOLDS: u32 = 0b010 | 0b101 << 3 | 0b001 << 6 | 0b011 << 9 | 0b100 << 12 | 0b110 << 15;
        let ordering = (a.cmp(&b) as i32 + 1) as u32;
        HOLDS >> (self as u32 * 3 + ordering) & 1 != 0
    }
}

/// A condition of an `if` clause.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Const(bool),
    Cmp(CmpOp, IntExpr, IntExpr),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    /// A condition that reads one slot only, its results remembered by
    /// that slot's value (`Remembered`).
    Remembered(Box<Remembered>),
}

/// A filter that reads only its loop's variable and calls a function (`if
/// prime(k)`): pure, so computed once per value of the variable over all
/// the positions, where it was computed for every `k` of every position.
/// Only a filter of an element's clauses is remembered, whose calls start
/// at depth 0: a result stands for no deeper nesting than computing it.
/// The VM keeps the results (`Op::Recall`).
#[derive(Clone, Debug, PartialEq)]
pub struct Remembered {
    pub slot: usize,
    pub cond: Cond,
}

impl Cond {
    /// Whether a list or a loop's end inside binds `slot` (`d` in `[d for
    /// d in 0..3 if (k - d) % 3 == 0]`), or holds a list there: a pass
    /// may not rewrite what reads it by the slot outside. Also where the
    /// substitution fails to fold, which leaves such a pass undone.
    pub fn binds_inside(&self, slot: usize) -> bool {
        self.substitute(slot, 0).is_none()
    }

    /// The condition with `slot` replaced by `value` (see `IntExpr`).
    pub(super) fn substitute(&self, slot: usize, value: i64) -> Option<Cond> {
        self.try_map(&|e| e.substitute(slot, value))
    }

    /// The condition with each slot `s` read as slot `s + offset`.
    pub fn shifted(&self, offset: usize) -> Cond {
        self.map(&|e| e.shifted(offset))
    }

    /// The condition with `f` applied to each integer it compares.
    pub fn map(&self, f: &impl Fn(&IntExpr) -> IntExpr) -> Cond {
        self.try_map(&|e| Some(f(e)))
            .expect("an infallible map maps everything")
    }

    /// The condition with `f` applied to each integer it compares, if it
    /// applies to every one.
    pub fn try_map(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Option<Cond> {
        let each = |c: &Cond| c.try_map(f);
        Some(match self {
            Cond::Const(b) => Cond::Const(*b),
            Cond::Cmp(op, a, b) => Cond::compare(*op, f(a)?, f(b)?),
            Cond::Not(c) => match each(c)? {
                Cond::Const(b) => Cond::Const(!b),
                c => Cond::Not(Box::new(c)),
            },
            Cond::And(a, b) => Cond::joined(true, each(a)?, each(b)?),
            Cond::Or(a, b) => Cond::joined(false, each(a)?, each(b)?),
            // What `f` makes of the slot is no longer that slot: the
            // results remembered do not carry over.
            Cond::Remembered(r) => r.cond.try_map(f)?,
        })
    }

    /// The condition with each comparison `a op b` replaced by `f(op, a,
    /// b)`, its `not`, `and` and `or` folded where a part becomes
    /// constant (as `joined` folds), a remembered filter kept as it is:
    /// what a pass that decides comparisons it can vouch for rewrites.
    pub fn with_comparisons(&self, f: &impl Fn(CmpOp, &IntExpr, &IntExpr) -> Cond) -> Cond {
        match self {
            Cond::Cmp(op, a, b) => f(*op, a, b),
            Cond::Not(c) => match c.with_comparisons(f) {
                Cond::Const(b) => Cond::Const(!b),
                c => Cond::Not(Box::new(c)),
            },
            Cond::And(a, b) => Cond::joined(true, a.with_comparisons(f), b.with_comparisons(f)),
            Cond::Or(a, b) => Cond::joined(false, a.with_comparisons(f), b.with_comparisons(f)),
            Cond::Const(_) | Cond::Remembered(_) => self.clone(),
        }
    }

    /// `a op b`, decided now when both are constants (which cannot fail)
    /// or affine a constant apart (`t + 4 > t + 2`, a loop re-indexed
    /// and unrolled); `(if c then 1 else 0) != 0` (a condition
    /// function's value, once unfolded) is `c`.
    pub fn compare(op: CmpOp, a: IntExpr, b: IntExpr) -> Cond {
        if let (IntExpr::Affine(x), IntExpr::Affine(y)) = (&a, &b)
            && x.terms == y.terms
        {
            return Cond::Const(op.holds(x.constant, y.constant));
        }
        if let (CmpOp::Ne, Some(0), IntExpr::Select(c, one, zero)) = (op, b.as_constant(), &a)
            && one.as_constant() == Some(1)
            && zero.as_constant() == Some(0)
        {
            return (**c).clone();
        }
        match (a.as_constant(), b.as_constant()) {
            (Some(x), Some(y)) => Cond::Const(op.holds(x, y)),
            _ => match decided_by_bounds(op, &a, &b) {
                Some(holds) => Cond::Const(holds),
                None => Cond::Cmp(op, a, b),
            },
        }
    }

    /// `a and b` (`all`) or `a or b`, a constant part folded where that
    /// changes neither the result nor what may fail: a first part decides
    /// or drops out, a second part drops out only when it does not decide.
    pub fn joined(all: bool, a: Cond, b: Cond) -> Cond {
        match (a, b) {
            (Cond::Const(x), _) if x != all => Cond::Const(x),
            (Cond::Const(_), b) => b,
            (a, Cond::Const(y)) if y == all => a,
            (a, b) if all => Cond::And(Box::new(a), Box::new(b)),
            (a, b) => Cond::Or(Box::new(a), Box::new(b)),
        }
    }

    /// Whether the condition reads no slot but `slot`: a filter on a
    /// loop's variable alone.
    pub fn reads_only(&self, slot: usize) -> bool {
        (0..super::MAX_SLOTS).all(|s| s == slot || !self.uses(s))
    }

    /// Whether the condition reads `slot`.
    pub fn uses(&self, slot: usize) -> bool {
        match self {
            Cond::Const(_) => false,
            Cond::Cmp(_, a, b) => a.uses(slot) || b.uses(slot),
            Cond::Not(c) => c.uses(slot),
            Cond::And(a, b) | Cond::Or(a, b) => a.uses(slot) || b.uses(slot),
            Cond::Remembered(r) => r.cond.uses(slot),
        }
    }
}

/// Says whether a list's item read at an index cannot fail: `index` is
/// known to be a place of the list whose header is in the slot given.
pub type KnownIndex<'a> = &'a dyn Fn(usize, &IntExpr) -> bool;

impl Cond {
    /// Whether evaluating the condition can never fail, `in_range` saying
    /// which items read are known to be in their lists.
    pub fn cannot_fail(&self, in_range: KnownIndex) -> bool {
        match self {
            Cond::Const(_) => true,
            Cond::Cmp(_, a, b) => a.total(in_range) && b.total(in_range),
            Cond::Not(c) => c.cannot_fail(in_range),
            Cond::And(a, b) | Cond::Or(a, b) => a.cannot_fail(in_range) && b.cannot_fail(in_range),
            Cond::Remembered(r) => r.cond.cannot_fail(in_range),
        }
    }
}

impl IntExpr {
    /// Whether evaluating the expression can never fail (no division by
    /// what may be 0, no overflow, no call, no item read that `in_range`
    /// does not know to be in its list).
    pub fn total(&self, in_range: KnownIndex) -> bool {
        match self {
            IntExpr::Affine(_) | IntExpr::Large(_) => true,
            // An affine expression stays far inside 64 bits: its `abs`
            // cannot overflow.
            IntExpr::Abs(a) => matches!(**a, IntExpr::Affine(_)),
            IntExpr::Min(parts) | IntExpr::Max(parts) => parts.iter().all(|p| p.total(in_range)),
            IntExpr::Select(c, a, b) => {
                c.cannot_fail(in_range) && a.total(in_range) && b.total(in_range)
            }
            IntExpr::At(header, index) => index.total(in_range) && in_range(*header, index),
            IntExpr::Binary(IntOp::Xor, a, b) => a.total(in_range) && b.total(in_range),
            // Bounds found without overflow leave none to the sum.
            IntExpr::Binary(IntOp::Add | IntOp::Sub, a, b) => {
                a.total(in_range) && b.total(in_range) && self.constant_bounds().is_some()
            }
            IntExpr::Binary(IntOp::Div | IntOp::Mod, a, b) => {
                a.total(in_range) && b.as_constant().is_some_and(|d| d != 0 && d != -1)
            }
            _ => false,
        }
    }

    /// The least and greatest values the expression can take, where they
    /// are constants whatever the slots hold: `if n % 3 == 1 then 4 else
    /// 2` lies in `2..=4`, and so a loop up to it is short.
    pub fn constant_bounds(&self) -> Option<(i64, i64)> {
        if let Some(c) = self.as_constant() {
            return Some((c, c));
        }
        let hull = |operands: &[IntExpr], pick: fn(i64, i64) -> i64| {
            let mut bounds = operands.iter().map(IntExpr::constant_bounds);
            let first = bounds.next()??;
            bounds.try_fold(first, |(low, high), b| {
                let (l, h) = b?;
                Some((pick(low, l), pick(high, h)))
            })
        };
        match self {
            IntExpr::Select(_, a, b) => {
                let ((la, ha), (lb, hb)) = (a.constant_bounds()?, b.constant_bounds()?);
                Some((la.min(lb), ha.max(hb)))
            }
            IntExpr::Binary(op @ (IntOp::Add | IntOp::Sub), a, b) => {
                let ((la, ha), (lb, hb)) = (a.constant_bounds()?, b.constant_bounds()?);
                match op {
                    IntOp::Add => Some((la.checked_add(lb)?, ha.checked_add(hb)?)),
                    _ => Some((la.checked_sub(hb)?, ha.checked_sub(lb)?)),
                }
            }
            IntExpr::Min(operands) => hull(operands, i64::min),
            IntExpr::Max(operands) => hull(operands, i64::max),
            _ => None,
        }
    }
}

/// Whether `a op b` holds for every value or for none, where both sides
/// cannot fail and lie between constants: `1 < (if c then 4 else 2) + 1`
/// holds, whatever `c`.
fn decided_by_bounds(op: CmpOp, a: &IntExpr, b: &IntExpr) -> Option<bool> {
    let ((low_a, high_a), (low_b, high_b)) = (a.constant_bounds()?, b.constant_bounds()?);
    let unknown: KnownIndex = &|_, _| false;
    if !(a.total(unknown) && b.total(unknown)) {
        return None;
    }
    let disjoint = high_a < low_b || high_b < low_a;
    match op {
        CmpOp::Eq | CmpOp::Ne => disjoint.then_some(op == CmpOp::Ne),
        // The others are monotone in `a - b`: decided where its ends agree.
        _ => {
            let (least, most) = (low_a.checked_sub(high_b)?, high_a.checked_sub(low_b)?);
            let holds = op.holds(least, 0);
            (holds == op.holds(most, 0)).then_some(holds)
        }
    }
}

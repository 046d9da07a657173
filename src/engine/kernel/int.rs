//! The integer expressions of a kernel, with the exact
//! semantics of the language's operators (an error is `None`), built through
//! constructors that fold whatever is affine.

use super::cond::{CmpOp, Cond};
use super::list::ListExpr;
use super::{COEFFICIENT_BOUND, CONSTANT_BOUND, Until};

/// `constant + Σ coefficient · slot`, the shape of almost every index.
#[derive(Clone, Debug, PartialEq)]
pub struct Affine {
    pub constant: i64,
    /// Sorted by slot, no zero coefficients.
    pub terms: Vec<(usize, i64)>,
}

impl Affine {
    fn constant(value: i64) -> Option<Affine> {
        (value.unsigned_abs() <= CONSTANT_BOUND as u64).then(|| Affine {
            constant: value,
            terms: Vec::new(),
        })
    }

    fn combine(&self, other: &Affine, scale: i64) -> Option<Affine> {
        let constant = self.constant + scale * other.constant;
        let mut terms = self.terms.clone();
        for &(slot, k) in &other.terms {
            match terms.iter_mut().find(|(s, _)| *s == slot) {
                Some(term) => term.1 += scale * k,
                None => terms.push((slot, scale * k)),
            }
        }
        terms.retain(|(_, k)| *k != 0);
        terms.sort_unstable();
        let bounded = constant.unsigned_abs() <= CONSTANT_BOUND as u64
            && terms
                .iter()
                .all(|(_, k)| k.unsigned_abs() <= COEFFICIENT_BOUND as u64);
        bounded.then_some(Affine { constant, terms })
    }

    fn scale(&self, factor: i64) -> Option<Affine> {
        let zero = Affine {
            constant: 0,
            terms: Vec::new(),
        };
        if factor.unsigned_abs() > COEFFICIENT_BOUND as u64 {
            return None;
        }
        zero.combine(self, factor)
    }

    /// The expression with `slot` replaced by `value`, if it stays bounded.
    fn substitute(&self, slot: usize, value: i64) -> Option<Affine> {
        let constant = self.constant + self.coefficient(slot) * value;
        let mut terms = self.terms.clone();
        terms.retain(|(s, _)| *s != slot);
        (constant.unsigned_abs() <= CONSTANT_BOUND as u64).then_some(Affine { constant, terms })
    }

    /// The expression as `k·slot + c` when it reads no other slot.
    pub(super) fn line(&self, slot: usize) -> Option<(i64, i64)> {
        match self.terms.as_slice() {
            [] => Some((0, self.constant)),
            [(s, k)] if *s == slot => Some((*k, self.constant)),
            _ => None,
        }
    }

    /// The value with slot `x` at `value` and the other slots as `slots`
    /// holds them.
    pub(super) fn at(&self, slots: &[i64], x: usize, value: i64) -> i64 {
        let read = |slot: usize| if slot == x { value } else { slots[slot] };
        (self.terms.iter()).fold(self.constant, |sum, &(slot, k)| sum + k * read(slot))
    }

    /// The value, if the expression reads no slot.
    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// The coefficient of `slot` (0 where it is not read).
    pub fn coefficient(&self, slot: usize) -> i64 {
        self.terms
            .iter()
            .find(|(s, _)| *s == slot)
            .map_or(0, |(_, k)| *k)
    }
}

/// An operator of the language on integers, with its exact semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    /// Floor division, as in Python.
    Div,
    /// The remainder with the divisor's sign, as in Python.
    Mod,
    Xor,
    /// `**`: no negative exponent, no result outside 64 bits.
    Pow,
}

impl IntOp {
    /// `a op b`, or `None` where the language reports an error.
    #[inline]
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            IntOp::Add => a.checked_add(b),
            IntOp::Sub => a.checked_sub(b),
            IntOp::Mul => a.checked_mul(b),
            IntOp::Div => {
                let q = a.checked_div(b)?;
                // The remainder without a second division: `q·b` lies
                // between 0 and `a`.
                let r = a - q * b;
                Some(if r != 0 && (r < 0) != (b < 0) {
                    q - 1
                } else {
                    q
                })
            }
            // Every integer is a multiple of -1, the least too, where
            // `checked_rem` overflows.
            IntOp::Mod if b == -1 => Some(0),
            IntOp::Mod => {
                let r = a.checked_rem(b)?;
                Some(if r != 0 && (r < 0) != (b < 0) {
                    r + b
                } else {
                    r
                })
            }
            IntOp::Xor => Some(a ^ b),
            IntOp::Pow => match (a, u32::try_from(b)) {
                (_, Ok(b)) => a.checked_pow(b),
                _ if b < 0 => None,
                (0 | 1, Err(_)) => Some(a),
                (-1, Err(_)) => Some(if b % 2 == 0 { 1 } else { -1 }),
                _ => None,
            },
        }
    }
}

/// An integer expression over slots. Built through the constructors below,
/// which fold whatever is affine into `Affine`.
#[derive(Clone, Debug, PartialEq)]
pub enum IntExpr {
    Affine(Affine),
    /// A literal too large to fold into an affine expression safely.
    Large(i64),
    Binary(IntOp, Box<IntExpr>, Box<IntExpr>),
    Abs(Box<IntExpr>),
    Min(Vec<IntExpr>),
    Max(Vec<IntExpr>),
    /// `if cond then a else b`: only the branch taken is evaluated.
    Select(Box<Cond>, Box<IntExpr>, Box<IntExpr>),
    /// `list[index]` of the list whose header is in the two slots from
    /// this one on (see `ListExpr::Slots`); a negative index counts from
    /// the end, as in the language.
    At(usize, Box<IntExpr>),
    /// `sum(list)`, `min(list)` or `max(list)` of the list whose header is
    /// in the two slots from this one on.
    Fold(Fold, usize),
    /// A reduction of a list built on the way (`len([m for m in 0..n if
    /// m % 3 == 0])`, `sum(bits(k))`), laid on the item stack.
    Reduce(Fold, Box<ListExpr>),
    /// `list[index]` of a list built on the way (a `let` list indexed by a
    /// loop variable): the index first, then the list.
    Item(Box<ListExpr>, Box<IntExpr>),
    /// A call of the kernel's integer function of this index (see
    /// `IntFunction`).
    Call(usize, Vec<IntExpr>),
    /// The value of a position of another family, the kernel's foreign
    /// family of this index (`Kernel::foreign`): a nim heap of that size
    /// stands for the position in a sum.
    Grundy(usize, Vec<IntExpr>),
    /// The value of a position of another family whose positions are
    /// lists (a board, or a list of any length), the kernel's foreign
    /// family of this index, named by the list.
    GrundyOfList(usize, Box<ListExpr>),
    /// The end of the run of a loop's values that pass a filter.
    Until(Box<Until>),
}

/// A reduction of a list of integers to one, as the built-ins of the same
/// names: `sum([])` is 0, `min([])` and `max([])` are errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    Sum,
    Min,
    Max,
    Len,
    /// The least non-negative integer not in the list, which must hold
    /// none below 0.
    Mex,
    /// 1 if the list has an item, else 0: of a comprehension, its first
    /// item ends the loops (`ir` makes it only where the items past the
    /// first cannot fail, so that not building them changes nothing).
    Any,
}

impl Fold {
    /// The built-in's name.
    pub fn name(self) -> &'static str {
        match self {
            Fold::Sum => "sum",
            Fold::Min => "min",
            Fold::Max => "max",
            Fold::Len => "len",
            Fold::Mex => "mex",
            Fold::Any => "nonempty",
        }
    }

    /// The reduction of `items`, `None` where the built-in fails.
    pub(super) fn apply(self, items: &[i64]) -> Option<i64> {
        let items = items.iter().copied();
        match self {
            Fold::Sum => items.into_iter().try_fold(0i64, i64::checked_add),
            Fold::Min => items.min(),
            Fold::Max => items.max(),
            Fold::Len => Some(items.len() as i64),
            Fold::Mex => {
                // The mex of `len` items is at most `len`.
                let mut seen = vec![false; items.len() + 1];
                for item in items {
                    let place = usize::try_from(item).ok()?;
                    if let Some(seen) = seen.get_mut(place) {
                        *seen = true;
                    }
                }
                seen.iter().position(|&seen| !seen).map(|mex| mex as i64)
            }
            Fold::Any => Some(i64::from(items.len() > 0)),
        }
    }
}

impl IntExpr {
    /// An integer literal.
    pub fn constant(value: i64) -> IntExpr {
        match Affine::constant(value) {
            Some(affine) => IntExpr::Affine(affine),
            None => IntExpr::Large(value),
        }
    }

    /// A value no kernel reads (a slot past `MAX_SLOTS`), put in place of
    /// a part to see what else an expression reads: unlike a constant, it
    /// decides no branch (`if 0 < x then n else x` keeps its `n`).
    pub fn opaque() -> IntExpr {
        IntExpr::slot(super::MAX_SLOTS)
    }

    /// The value of slot `slot`.
    pub fn slot(slot: usize) -> IntExpr {
        IntExpr::Affine(Affine {
            constant: 0,
            terms: vec![(slot, 1)],
        })
    }

    /// `if cond then a else b`; a constant condition picks its branch, and
    /// a comparison that picks the larger or smaller of the two branches
    /// is `max` or `min` (see `min_or_max`), so each spelling meets the same
    /// expression.
    pub fn select(cond: Cond, a: IntExpr, b: IntExpr) -> IntExpr {
        match cond {
            Cond::Const(true) => a,
            Cond::Const(false) => b,
            cond => match min_or_max(&cond, &a, &b) {
                Some(is_max) => {
                    // The constant last, as `max(a - 1, 0)` is written.
                    let (a, b) = match a.as_constant() {
                        Some(_) if b.as_constant().is_none() => (b, a),
                        _ => (a, b),
                    };
                    match is_max {
                        true => IntExpr::Max(vec![a, b]),
                        false => IntExpr::Min(vec![a, b]),
                    }
                }
                None => IntExpr::Select(Box::new(cond), Box::new(a), Box::new(b)),
            },
        }
    }

    /// `a op b`, folded when the result is affine (or a constant: an
    /// operation on two constants that does not fail).
    pub fn binary(op: IntOp, a: IntExpr, b: IntExpr) -> IntExpr {
        if let (Some(x), Some(y)) = (a.as_constant(), b.as_constant())
            && let Some(value) = op.apply(x, y)
        {
            return IntExpr::constant(value);
        }
        if let (IntExpr::Affine(x), IntExpr::Affine(y)) = (&a, &b) {
            let folded = match op {
                IntOp::Add => x.combine(y, 1),
                IntOp::Sub => x.combine(y, -1),
                IntOp::Mul => match (x.as_constant(), y.as_constant()) {
                    (Some(k), _) => y.scale(k),
                    (_, Some(k)) => x.scale(k),
                    _ => None,
                },
                _ => None,
            };
            if let Some(affine) = folded {
                return IntExpr::Affine(affine);
            }
        }
        // `x ± 0` and `x · 1` are `x`, however `x` is computed.
        match (op, &a, &b) {
            (IntOp::Add | IntOp::Sub, _, zero) | (IntOp::Add, zero, _)
                if zero.as_constant() == Some(0) =>
            {
                return if zero == &b { a } else { b };
            }
            (IntOp::Mul, _, one) | (IntOp::Mul, one, _) if one.as_constant() == Some(1) => {
                return if one == &b { a } else { b };
            }
            _ => {}
        }
        // `min(x, y) ± c` is `min(x ± c, y ± c)` (and `c + min(x, y)` too):
        // affine parts stay affine, so a bound `min(a, b) + 1` can still be
        // read in closed form.
        let shifted = match (op, &a, &b) {
            (IntOp::Add | IntOp::Sub, IntExpr::Min(parts) | IntExpr::Max(parts), c)
            | (IntOp::Add, c, IntExpr::Min(parts) | IntExpr::Max(parts))
                if matches!(c, IntExpr::Affine(_)) =>
            {
                let shift = |part: &IntExpr| match (part, c) {
                    (IntExpr::Affine(x), IntExpr::Affine(y)) => {
                        x.combine(y, if op == IntOp::Sub { -1 } else { 1 })
                    }
                    _ => None,
                };
                let parts: Option<Vec<IntExpr>> = parts
                    .iter()
                    .map(|p| shift(p).map(IntExpr::Affine))
                    .collect();
                parts.map(|parts| match (&a, &b) {
                    (IntExpr::Min(_), _) | (_, IntExpr::Min(_)) => IntExpr::Min(parts),
                    _ => IntExpr::Max(parts),
                })
            }
            _ => None,
        };
        shifted.unwrap_or_else(|| IntExpr::Binary(op, Box::new(a), Box::new(b)))
    }

    /// `list[index]`, read now when the list is written out in constants
    /// and the index is a constant place in it (`moves[i]` once a loop on
    /// `i` is unrolled).
    pub fn item(list: ListExpr, index: IntExpr) -> IntExpr {
        if let (ListExpr::Items(items), Some(i)) = (&list, index.as_constant())
            && items.iter().all(|item| item.as_constant().is_some())
            && let Some(at) = place(i, items.len())
        {
            return items[at].clone();
        }
        IntExpr::Item(Box::new(list), Box::new(index))
    }

    /// `fold(list)`, its value when the list is constants the reduction
    /// takes (a table's row unrolled: `sum(d)`).
    pub fn reduce(fold: Fold, list: ListExpr) -> IntExpr {
        if let ListExpr::Items(items) = &list
            && let Some(items) = items
                .iter()
                .map(IntExpr::as_constant)
                .collect::<Option<Vec<_>>>()
            && let Some(value) = fold.apply(&items)
        {
            return IntExpr::constant(value);
        }
        IntExpr::Reduce(fold, Box::new(list))
    }

    /// `-a` (which overflows exactly where `0 - a` does).
    pub fn negate(a: IntExpr) -> IntExpr {
        IntExpr::binary(IntOp::Sub, IntExpr::constant(0), a)
    }

    /// The expression with `slot` replaced by `value` (which is within the
    /// slot bound): it evaluates exactly as the original does with `value`
    /// in the slot.
    pub(super) fn substitute(&self, slot: usize, value: i64) -> Option<IntExpr> {
        let each = |xs: &[IntExpr]| {
            xs.iter()
                .map(|x| x.substitute(slot, value))
                .collect::<Option<Vec<_>>>()
        };
        Some(match self {
            IntExpr::Affine(a) => IntExpr::Affine(a.substitute(slot, value)?),
            IntExpr::Large(v) => IntExpr::Large(*v),
            IntExpr::Binary(op, a, b) => {
                IntExpr::binary(*op, a.substitute(slot, value)?, b.substitute(slot, value)?)
            }
            IntExpr::Abs(a) => IntExpr::Abs(Box::new(a.substitute(slot, value)?)),
            IntExpr::Min(xs) => IntExpr::Min(each(xs)?),
            IntExpr::Max(xs) => IntExpr::Max(each(xs)?),
            IntExpr::Select(c, a, b) => IntExpr::select(
                c.substitute(slot, value)?,
                a.substitute(slot, value)?,
                b.substitute(slot, value)?,
            ),
            // A list's header is never a loop variable.
            IntExpr::At(header, _) if *header == slot || *header + 1 == slot => return None,
            IntExpr::At(header, i) => IntExpr::At(*header, Box::new(i.substitute(slot, value)?)),
            IntExpr::Fold(_, header) if *header == slot || *header + 1 == slot => return None,
            IntExpr::Fold(fold, header) => IntExpr::Fold(*fold, *header),
            IntExpr::Reduce(fold, l) => IntExpr::reduce(*fold, l.substitute(slot, value)?),
            IntExpr::Item(l, i) => {
                IntExpr::item(l.substitute(slot, value)?, i.substitute(slot, value)?)
            }
            IntExpr::Call(f, args) => IntExpr::Call(*f, each(args)?),
            IntExpr::Grundy(f, args) => IntExpr::Grundy(*f, each(args)?),
            IntExpr::GrundyOfList(f, l) => {
                IntExpr::GrundyOfList(*f, Box::new(l.substitute(slot, value)?))
            }
            // The end's own variable is bound inside it, never replaced.
            IntExpr::Until(until) if until.slot == slot => return None,
            IntExpr::Until(until) => {
                IntExpr::Until(Box::new(until.try_map(&|e| e.substitute(slot, value))?))
            }
        })
    }

    /// The expression with `slot` read as `value`, which may read `slot`
    /// itself (a loop counting what it walked, `k` read as `3·k + 1`).
    pub fn with_slot_as(&self, slot: usize, value: &IntExpr) -> IntExpr {
        self.rewritten(&|part| {
            let (k, rest) = match part {
                IntExpr::Affine(_) if part.uses(slot) => part.linear_in(slot)?,
                _ => return None,
            };
            let moved = IntExpr::binary(IntOp::Mul, value.clone(), IntExpr::constant(k));
            Some(IntExpr::binary(IntOp::Add, moved, rest))
        })
    }

    /// The expression with each part that `f` rewrites replaced by what it
    /// gives, the rest rebuilt through the folding constructors (so that
    /// `if x < c then x else c` becomes `min(x, c)` once `x` is a slot).
    pub fn rewritten(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> IntExpr {
        if let Some(e) = f(self) {
            return e;
        }
        let each = |xs: &[IntExpr]| xs.iter().map(|x| x.rewritten(f)).collect();
        match self {
            IntExpr::Affine(_) | IntExpr::Large(_) | IntExpr::Fold(..) => self.clone(),
            IntExpr::Binary(op, a, b) => IntExpr::binary(*op, a.rewritten(f), b.rewritten(f)),
            IntExpr::Abs(a) => IntExpr::Abs(Box::new(a.rewritten(f))),
            IntExpr::Min(xs) => IntExpr::Min(each(xs)),
            IntExpr::Max(xs) => IntExpr::Max(each(xs)),
            IntExpr::Select(c, a, b) => {
                IntExpr::select(c.map(&|e| e.rewritten(f)), a.rewritten(f), b.rewritten(f))
            }
            IntExpr::At(h, i) => IntExpr::At(*h, Box::new(i.rewritten(f))),
            IntExpr::Reduce(fold, l) => IntExpr::reduce(*fold, l.rewritten(f)),
            IntExpr::Item(l, i) => IntExpr::item(l.rewritten(f), i.rewritten(f)),
            IntExpr::Call(index, args) => IntExpr::Call(*index, each(args)),
            IntExpr::Grundy(index, args) => IntExpr::Grundy(*index, each(args)),
            IntExpr::GrundyOfList(index, l) => {
                IntExpr::GrundyOfList(*index, Box::new(l.rewritten(f)))
            }
            IntExpr::Until(until) => IntExpr::Until(Box::new(
                until
                    .try_map(&|e| Some(e.rewritten(f)))
                    .expect("rewriting maps everything"),
            )),
        }
    }

    /// A function's body on `args`: each slot `s` (a parameter) read as
    /// the expression `args[s]`; `None` where a slot is read otherwise
    /// than as an integer (a list's header, a loop's own variable).
    pub fn on_args(&self, args: &[IntExpr]) -> Option<IntExpr> {
        let read_otherwise = std::cell::Cell::new(false);
        let e = self.rewritten(&|e| match e {
            IntExpr::Affine(affine) => Some(affine.terms.iter().fold(
                IntExpr::constant(affine.constant),
                |sum, &(slot, k)| {
                    let arg = args.get(slot).cloned().unwrap_or_else(|| {
                        read_otherwise.set(true);
                        IntExpr::constant(0)
                    });
                    let term = IntExpr::binary(IntOp::Mul, arg, IntExpr::constant(k));
                    IntExpr::binary(IntOp::Add, sum, term)
                },
            )),
            IntExpr::At(..)
            | IntExpr::Fold(..)
            | IntExpr::Reduce(..)
            | IntExpr::Item(..)
            | IntExpr::GrundyOfList(..)
            | IntExpr::Until(_) => {
                read_otherwise.set(true);
                Some(e.clone())
            }
            _ => None,
        });
        (!read_otherwise.get()).then_some(e)
    }

    /// The expression with each slot `s` read as slot `s + offset`.
    pub fn shifted(&self, offset: usize) -> IntExpr {
        let each = |xs: &[IntExpr]| xs.iter().map(|x| x.shifted(offset)).collect();
        match self {
            IntExpr::Affine(a) => IntExpr::Affine(Affine {
                constant: a.constant,
                terms: a.terms.iter().map(|&(s, k)| (s + offset, k)).collect(),
            }),
            IntExpr::Large(v) => IntExpr::Large(*v),
            IntExpr::Binary(op, a, b) => IntExpr::Binary(
                *op,
                Box::new(a.shifted(offset)),
                Box::new(b.shifted(offset)),
            ),
            IntExpr::Abs(a) => IntExpr::Abs(Box::new(a.shifted(offset))),
            IntExpr::Min(xs) => IntExpr::Min(each(xs)),
            IntExpr::Max(xs) => IntExpr::Max(each(xs)),
            IntExpr::Select(c, a, b) => IntExpr::Select(
                Box::new(c.shifted(offset)),
                Box::new(a.shifted(offset)),
                Box::new(b.shifted(offset)),
            ),
            IntExpr::At(header, i) => IntExpr::At(header + offset, Box::new(i.shifted(offset))),
            IntExpr::Fold(fold, header) => IntExpr::Fold(*fold, header + offset),
            IntExpr::Reduce(fold, l) => IntExpr::Reduce(*fold, Box::new(l.shifted(offset))),
            IntExpr::Item(l, i) => {
                IntExpr::Item(Box::new(l.shifted(offset)), Box::new(i.shifted(offset)))
            }
            IntExpr::Call(f, args) => IntExpr::Call(*f, each(args)),
            IntExpr::Grundy(f, args) => IntExpr::Grundy(*f, each(args)),
            IntExpr::GrundyOfList(f, l) => IntExpr::GrundyOfList(*f, Box::new(l.shifted(offset))),
            IntExpr::Until(until) => {
                let mut until = until
                    .try_map(&|e| Some(e.shifted(offset)))
                    .expect("shifting maps everything");
                until.slot += offset;
                IntExpr::Until(Box::new(until))
            }
        }
    }

    /// The value, if the expression reads no slot.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            IntExpr::Affine(a) => a.as_constant(),
            IntExpr::Large(v) => Some(*v),
            _ => None,
        }
    }

    /// Whether the expression reads `slot`.
    pub fn uses(&self, slot: usize) -> bool {
        match self {
            IntExpr::Affine(a) => a.coefficient(slot) != 0,
            IntExpr::Large(_) => false,
            IntExpr::Binary(_, a, b) => a.uses(slot) || b.uses(slot),
            IntExpr::Abs(a) => a.uses(slot),
            IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().any(|x| x.uses(slot)),
            IntExpr::Select(c, a, b) => c.uses(slot) || a.uses(slot) || b.uses(slot),
            IntExpr::At(header, i) => *header == slot || *header + 1 == slot || i.uses(slot),
            IntExpr::Fold(_, header) => *header == slot || *header + 1 == slot,
            IntExpr::Reduce(_, l) => l.uses(slot),
            IntExpr::Item(l, i) => l.uses(slot) || i.uses(slot),
            IntExpr::Call(_, args) | IntExpr::Grundy(_, args) => args.iter().any(|x| x.uses(slot)),
            IntExpr::GrundyOfList(_, l) => l.uses(slot),
            IntExpr::Until(until) => {
                until.low.uses(slot)
                    || until.high.uses(slot)
                    || (until.slot != slot && until.cond.uses(slot))
            }
        }
    }

    /// How much the value moves when `slot` moves by one, if it moves
    /// by a fixed step (within the bounds, the step is exact).
    pub(super) fn step(&self, slot: usize) -> Option<i64> {
        match self {
            IntExpr::Affine(a) => Some(a.coefficient(slot)),
            other => (!other.uses(slot)).then_some(0),
        }
    }

    /// The expression less its constant part, where it is affine (`n`
    /// for `n - 4`); itself otherwise.
    pub fn without_constant(&self) -> IntExpr {
        match self {
            IntExpr::Affine(a) => IntExpr::Affine(Affine {
                constant: 0,
                terms: a.terms.clone(),
            }),
            other => other.clone(),
        }
    }

    /// Splits the expression into `coefficient · slot + rest`, if it is
    /// linear in `slot`.
    pub fn linear_in(&self, slot: usize) -> Option<(i64, IntExpr)> {
        if !self.uses(slot) {
            return Some((0, self.clone()));
        }
        match self {
            IntExpr::Affine(a) => {
                let k = a.coefficient(slot);
                let mut rest = a.clone();
                rest.terms.retain(|(s, _)| *s != slot);
                Some((k, IntExpr::Affine(rest)))
            }
            IntExpr::Binary(op @ (IntOp::Add | IntOp::Sub), a, b) => {
                let (ka, ra) = a.linear_in(slot)?;
                let (kb, rb) = b.linear_in(slot)?;
                let k = if *op == IntOp::Add { ka + kb } else { ka - kb };
                (k.unsigned_abs() <= COEFFICIENT_BOUND as u64)
                    .then(|| (k, IntExpr::binary(*op, ra, rb)))
            }
            _ => None,
        }
    }
}

/// The greatest common divisor of two numbers at least 0 (`gcd(x, 0)` is
/// `x`): the periods and moduli the passes and the residues' codes
/// combine.
pub fn gcd(mut x: i64, mut y: i64) -> i64 {
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

/// Where `index` points in a list of `len` items, as the language indexes
/// (a negative index counts from the end); `None` out of range.
#[inline]
pub fn place(index: i64, len: usize) -> Option<usize> {
    let at = if index < 0 {
        index.checked_add(len as i64)?
    } else {
        index
    };
    usize::try_from(at).ok().filter(|&at| at < len)
}

/// Whether `if cond then a else b` is `max(a, b)` (`Some(true)`) or
/// `min(a, b)` (`Some(false)`), every part being affine. A comparison
/// `p op q` is `d ≥ t` or `d ≤ t` with `d = p − q`; when `d = ±(a − b) + c`
/// the branch `a` is taken exactly when `a − b ≥ s` (or `≤ s`), and that is
/// the larger branch for `s` in 0..=1 (the smaller for `s` in −1..=0), the
/// two branches being equal at the one point where the choice differs.
fn min_or_max(cond: &Cond, a: &IntExpr, b: &IntExpr) -> Option<bool> {
    let (
        Cond::Cmp(op, IntExpr::Affine(p), IntExpr::Affine(q)),
        IntExpr::Affine(a),
        IntExpr::Affine(b),
    ) = (cond, a, b)
    else {
        return None;
    };
    let (at_least, t) = match op {
        CmpOp::Gt => (true, 1),
        CmpOp::Ge => (true, 0),
        CmpOp::Lt => (false, -1),
        CmpOp::Le => (false, 0),
        CmpOp::Eq | CmpOp::Ne => return None,
    };
    let d = p.combine(q, -1)?;
    let branches = a.combine(b, -1)?;
    // d = sign·(a − b) + c.
    let (sign, c) = [1, -1].into_iter().find_map(|sign| {
        d.combine(&branches, -sign)?
            .as_constant()
            .map(|c| (sign, c))
    })?;
    // The branch `a` is taken when sign·(a − b) ≥ t − c (or ≤).
    let s = t - c;
    let (a_when_at_least, s) = match sign {
        1 => (at_least, s),
        _ => (!at_least, -s),
    };
    match a_when_at_least {
        true => (0..=1).contains(&s).then_some(true),
        false => (-1..=0).contains(&s).then_some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::IntOp;

    /// Quotients and remainders round down, as in Python, for every sign
    /// and at the ends of the 64 bits: where the exact result fits, it is
    /// given (`i64::MIN % -1` is 0); where it does not (`i64::MIN / -1`),
    /// or the divisor is 0, the language's error.
    #[test]
    fn quotients_and_remainders_are_pythons_or_an_error() {
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -7,
            -2,
            -1,
            0,
            1,
            2,
            3,
            7,
            i64::MAX - 1,
            i64::MAX,
        ];
        for a in edges {
            for b in edges {
                let (quotient, remainder) = match (a as i128, b as i128) {
                    (_, 0) => (None, None),
                    (a, b) => {
                        // Truncated, then rounded down where the signs differ.
                        let inexact = a % b != 0 && (a < 0) != (b < 0);
                        let floor = a / b - i128::from(inexact);
                        let exact = |value: i128| i64::try_from(value).ok();
                        (exact(floor), exact(a - b * floor))
                    }
                };
                assert_eq!(IntOp::Div.apply(a, b), quotient, "{a} / {b}");
                assert_eq!(IntOp::Mod.apply(a, b), remainder, "{a} % {b}");
            }
        }
    }
}

//! Kernels: one-parameter families whose options the recogniser could
//! rewrite as a small program over integer slots. Such a family's values are
//! computed bottom-up, without building a single `Game` or `Value`: each
//! option is a table lookup (or an xor of lookups), and a split clause
//! `F(x) + F(c - x) for x in …` becomes a range of pairs that the
//! sparse-space method (`split.rs`) can work on as a whole.
//!
//! A kernel never decides anything the generic evaluator would decide
//! differently: whenever it cannot vouch for a position (an argument outside
//! `0..n`, an overflow, a division by zero, a range over the list limit) it
//! gives up on that position and the generic path takes over, which gives
//! the same answer or reports the same error.

/// Loop variables must stay below this in absolute value; with the bounds
/// on affine coefficients below, no affine expression can then overflow,
/// whatever order it is evaluated in.
const SLOT_BOUND: i64 = 1 << 32;
/// Largest coefficient of a slot in an affine expression.
const COEFFICIENT_BOUND: i64 = 1 << 16;
/// Largest constant of an affine expression.
const CONSTANT_BOUND: i64 = 1 << 40;
/// Most slots a kernel may use (the parameter and its loop variables).
pub const MAX_SLOTS: usize = 16;

/// `constant + Σ coefficient · slot`, the shape of almost every index.
#[derive(Clone, Debug, PartialEq)]
pub struct Affine {
    pub constant: i64,
    /// Sorted by slot, no zero coefficients.
    pub terms: Vec<(usize, i64)>,
}

impl Affine {
    fn constant(value: i64) -> Option<Affine> {
        (value.abs() <= CONSTANT_BOUND).then(|| Affine {
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
        let bounded = constant.abs() <= CONSTANT_BOUND
            && terms.iter().all(|(_, k)| k.abs() <= COEFFICIENT_BOUND);
        bounded.then_some(Affine { constant, terms })
    }

    fn scale(&self, factor: i64) -> Option<Affine> {
        let zero = Affine {
            constant: 0,
            terms: Vec::new(),
        };
        if factor.abs() > COEFFICIENT_BOUND {
            return None;
        }
        zero.combine(self, factor)
    }

    /// The expression with `slot` replaced by `value`, if it stays bounded.
    fn substitute(&self, slot: usize, value: i64) -> Option<Affine> {
        let constant = self.constant + self.coefficient(slot) * value;
        let mut terms = self.terms.clone();
        terms.retain(|(s, _)| *s != slot);
        (constant.abs() <= CONSTANT_BOUND).then_some(Affine { constant, terms })
    }

    fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    fn coefficient(&self, slot: usize) -> i64 {
        self.terms
            .iter()
            .find(|(s, _)| *s == slot)
            .map_or(0, |(_, k)| *k)
    }

    #[inline]
    fn eval(&self, slots: &[i64]) -> i64 {
        self.terms
            .iter()
            .fold(self.constant, |sum, &(slot, k)| sum + k * slots[slot])
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
}

impl IntOp {
    /// `a op b`, or `None` where the language reports an error.
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            IntOp::Add => a.checked_add(b),
            IntOp::Sub => a.checked_sub(b),
            IntOp::Mul => a.checked_mul(b),
            IntOp::Div => {
                let q = a.checked_div(b)?;
                Some(if a % b != 0 && (a < 0) != (b < 0) {
                    q - 1
                } else {
                    q
                })
            }
            IntOp::Mod => {
                let r = a.checked_rem(b)?;
                Some(if r != 0 && (r < 0) != (b < 0) {
                    r + b
                } else {
                    r
                })
            }
            IntOp::Xor => Some(a ^ b),
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
}

impl IntExpr {
    /// An integer literal.
    pub fn constant(value: i64) -> IntExpr {
        match Affine::constant(value) {
            Some(affine) => IntExpr::Affine(affine),
            None => IntExpr::Large(value),
        }
    }

    /// The value of slot `slot`.
    pub fn slot(slot: usize) -> IntExpr {
        IntExpr::Affine(Affine {
            constant: 0,
            terms: vec![(slot, 1)],
        })
    }

    /// `a op b`, folded when the result is affine.
    pub fn binary(op: IntOp, a: IntExpr, b: IntExpr) -> IntExpr {
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
        IntExpr::Binary(op, Box::new(a), Box::new(b))
    }

    /// `-a` (which overflows exactly where `0 - a` does).
    pub fn negate(a: IntExpr) -> IntExpr {
        IntExpr::binary(IntOp::Sub, IntExpr::constant(0), a)
    }

    /// The expression with `slot` replaced by `value` (which is within the
    /// slot bound): it evaluates exactly as the original does with `value`
    /// in the slot.
    fn substitute(&self, slot: usize, value: i64) -> Option<IntExpr> {
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
        })
    }

    /// Whether the expression reads `slot`.
    pub fn uses(&self, slot: usize) -> bool {
        match self {
            IntExpr::Affine(a) => a.coefficient(slot) != 0,
            IntExpr::Large(_) => false,
            IntExpr::Binary(_, a, b) => a.uses(slot) || b.uses(slot),
            IntExpr::Abs(a) => a.uses(slot),
            IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().any(|x| x.uses(slot)),
        }
    }

    /// How much the value moves when `slot` moves by one, if it moves
    /// by a fixed step (within the bounds, the step is exact).
    fn step(&self, slot: usize) -> Option<i64> {
        match self {
            IntExpr::Affine(a) => Some(a.coefficient(slot)),
            other => (!other.uses(slot)).then_some(0),
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
                (k.abs() <= COEFFICIENT_BOUND).then(|| (k, IntExpr::binary(*op, ra, rb)))
            }
            _ => None,
        }
    }

    /// The value, or `None` where the language reports an error.
    #[inline]
    pub fn eval(&self, slots: &[i64]) -> Option<i64> {
        if let IntExpr::Affine(a) = self {
            return Some(a.eval(slots));
        }
        self.eval_tree(slots)
    }

    fn eval_tree(&self, slots: &[i64]) -> Option<i64> {
        match self {
            IntExpr::Affine(a) => Some(a.eval(slots)),
            IntExpr::Large(value) => Some(*value),
            IntExpr::Binary(op, a, b) => op.apply(a.eval(slots)?, b.eval(slots)?),
            IntExpr::Abs(a) => a.eval(slots)?.checked_abs(),
            IntExpr::Min(xs) => xs
                .iter()
                .map(|x| x.eval(slots))
                .try_fold(i64::MAX, |m, x| x.map(|x| m.min(x))),
            IntExpr::Max(xs) => xs
                .iter()
                .map(|x| x.eval(slots))
                .try_fold(i64::MIN, |m, x| x.map(|x| m.max(x))),
        }
    }
}

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
    fn holds<T: Ord>(self, a: T, b: T) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
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
}

impl Cond {
    fn substitute(&self, slot: usize, value: i64) -> Option<Cond> {
        let sub = |c: &Cond| c.substitute(slot, value).map(Box::new);
        Some(match self {
            Cond::Const(b) => Cond::Const(*b),
            Cond::Cmp(op, a, b) => {
                Cond::Cmp(*op, a.substitute(slot, value)?, b.substitute(slot, value)?)
            }
            Cond::Not(c) => Cond::Not(sub(c)?),
            Cond::And(a, b) => Cond::And(sub(a)?, sub(b)?),
            Cond::Or(a, b) => Cond::Or(sub(a)?, sub(b)?),
        })
    }

    fn eval(&self, slots: &[i64]) -> Option<bool> {
        Some(match self {
            Cond::Const(b) => *b,
            Cond::Cmp(op, a, b) => op.holds(a.eval(slots)?, b.eval(slots)?),
            Cond::Not(c) => !c.eval(slots)?,
            Cond::And(a, b) => a.eval(slots)? && b.eval(slots)?,
            Cond::Or(a, b) => a.eval(slots)? || b.eval(slots)?,
        })
    }
}

/// What a `for` clause walks over.
#[derive(Clone, Debug, PartialEq)]
pub enum Iter {
    Range {
        low: IntExpr,
        high: IntExpr,
        inclusive: bool,
    },
    /// A list (or set) literal of integers; order and repeats do not change
    /// a mex.
    List(Vec<IntExpr>),
}

/// One clause of an element, in source order.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    For { slot: usize, iter: Iter },
    If(Cond),
}

/// One element of the family's option list.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub clauses: Vec<Clause>,
    pub value: OptionValue,
}

/// Loops over at most this many constants are unrolled when a kernel is
/// built, so that evaluating an element walks no loop at all.
const UNROLL: usize = 8;

impl Element {
    /// The element with its leading loops over a few constants unrolled:
    /// one element per value, the same options in all.
    pub fn unrolled(self) -> Vec<Element> {
        let Some(Clause::For { slot, iter }) = self.clauses.first() else {
            return vec![self];
        };
        let constant = |e: &IntExpr| match e {
            IntExpr::Affine(a) => a.as_constant(),
            _ => None,
        };
        let values: Option<Vec<i64>> = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => constant(low).zip(constant(high)).and_then(|(a, b)| {
                let b = if *inclusive { b + 1 } else { b };
                (b - a <= UNROLL as i64).then(|| (a..b).collect())
            }),
            Iter::List(items) if items.len() <= UNROLL => items.iter().map(constant).collect(),
            Iter::List(_) => None,
        };
        let Some(values) = values.filter(|vs| vs.iter().all(|v| v.abs() < SLOT_BOUND)) else {
            return vec![self];
        };
        let rest = Element {
            clauses: self.clauses[1..].to_vec(),
            value: self.value.clone(),
        };
        let copies: Option<Vec<Element>> =
            values.iter().map(|&v| rest.substitute(*slot, v)).collect();
        match copies {
            Some(copies) => copies.into_iter().flat_map(Element::unrolled).collect(),
            None => vec![self],
        }
    }

    fn substitute(&self, slot: usize, value: i64) -> Option<Element> {
        let sub = |e: &IntExpr| e.substitute(slot, value);
        let subs = |es: &[IntExpr]| es.iter().map(sub).collect::<Option<Vec<_>>>();
        let clauses = self
            .clauses
            .iter()
            .map(|clause| {
                Some(match clause {
                    Clause::If(cond) => Clause::If(cond.substitute(slot, value)?),
                    Clause::For { slot: s, iter } => Clause::For {
                        slot: *s,
                        iter: match iter {
                            Iter::Range {
                                low,
                                high,
                                inclusive,
                            } => Iter::Range {
                                low: sub(low)?,
                                high: sub(high)?,
                                inclusive: *inclusive,
                            },
                            Iter::List(items) => Iter::List(subs(items)?),
                        },
                    },
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let value = match &self.value {
            OptionValue::Terms { calls, nims } => OptionValue::Terms {
                calls: calls.iter().map(|c| subs(c)).collect::<Option<_>>()?,
                nims: subs(nims)?,
            },
            OptionValue::Split(split) => OptionValue::Split(Split {
                low: sub(&split.low)?,
                high: sub(&split.high)?,
                conds: split
                    .conds
                    .iter()
                    .map(|c| {
                        Some(Linear {
                            rest: sub(&c.rest)?,
                            ..c.clone()
                        })
                    })
                    .collect::<Option<_>>()?,
                first: sub(&split.first)?,
                second: sub(&split.second)?,
                nims: subs(&split.nims)?,
                ..split.clone()
            }),
        };
        Some(Element { clauses, value })
    }
}

/// The option an element yields each time its clauses let it through.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// `F(args…) + … + *nims…`: the xor of the positions' values and heaps;
    /// each call has one expression per parameter.
    Terms {
        calls: Vec<Vec<IntExpr>>,
        nims: Vec<IntExpr>,
    },
    /// A whole innermost `for` clause whose options are split pairs.
    Split(Split),
}

/// `F(sign·x + first) + F(second − sign·x) + *nims… for x in low..high`
/// followed by conditions linear in `x`: the pairs `(y, total − y)` for `y`
/// in a range, `total = first + second`.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    pub slot: usize,
    pub low: IntExpr,
    pub high: IntExpr,
    pub inclusive: bool,
    pub conds: Vec<Linear>,
    /// 1 or −1.
    pub sign: i64,
    pub first: IntExpr,
    pub second: IntExpr,
    pub nims: Vec<IntExpr>,
}

/// The condition `coefficient · x + rest  op  0`.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub op: CmpOp,
    pub coefficient: i64,
    pub rest: IntExpr,
}

/// A recognised family `F(p…) = < elements… >`; the first slots are the
/// parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub params: usize,
    pub elements: Vec<Element>,
    pub slots: usize,
}

/// Most parameters a kernel may have.
pub const MAX_PARAMS: usize = 2;

/// Where a kernel finds the values of the positions its options name.
pub trait Known {
    /// The value of `F(args)`, or `None` when it is not known here: the
    /// kernel then gives up on the position.
    fn value(&self, args: &[i64]) -> Option<u64>;
    /// The values of `F(0..n)` for split ranges, `n` being the position
    /// computed (one-parameter kernels; empty otherwise).
    fn line(&self) -> &[u32];

    /// Appends to `out` the values of `F(args + i·steps)` xor `nim` for `i`
    /// in `0..count`, or gives `None` if one of them is not known.
    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        let mut args: [i64; MAX_PARAMS] =
            std::array::from_fn(|i| args.get(i).copied().unwrap_or(0));
        let arity = steps.len();
        for _ in 0..count {
            out.push(self.value(&args[..arity])? ^ nim);
            for (arg, step) in args.iter_mut().zip(steps) {
                *arg += step;
            }
        }
        Some(())
    }
}

/// A one-parameter family's values below the position being computed.
impl Known for [u32] {
    #[inline]
    fn value(&self, args: &[i64]) -> Option<u64> {
        let index = usize::try_from(args[0]).ok()?;
        self.get(index).map(|&v| v as u64)
    }

    fn line(&self) -> &[u32] {
        self
    }
}

impl Kernel {
    /// Whether some element is a split (so the sparse-space method may pay).
    pub fn has_split(&self) -> bool {
        self.elements
            .iter()
            .any(|e| matches!(e.value, OptionValue::Split(_)))
    }
}

/// The options `F(y) + F(total − y) + *nim` for `y` in `low..=high`, where
/// `high <= total − high`: each pair once, since both orders are one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRange {
    pub total: usize,
    pub nim: u64,
    pub low: usize,
    pub high: usize,
}

/// The options of one position, as the mex computation wants them; reused
/// from position to position.
#[derive(Default, Debug)]
pub struct OptionSet {
    /// Values of the options given one by one.
    pub points: Vec<u64>,
    pub pairs: Vec<PairRange>,
    /// How many options in all, for the list limit.
    pub count: u64,
    intervals: Vec<(i64, i64)>,
    slots: Vec<i64>,
}

impl Kernel {
    /// Writes the options of `F(args)` into `out`, the values of the
    /// positions they name coming from `known`. `None` when the kernel
    /// cannot vouch for this position: the generic path must take it.
    pub fn options<K: Known + ?Sized>(
        &self,
        args: &[i64],
        known: &K,
        limit: u64,
        out: &mut OptionSet,
    ) -> Option<()> {
        out.points.clear();
        out.pairs.clear();
        out.count = 0;
        let mut slots = std::mem::take(&mut out.slots);
        slots.clear();
        slots.resize(self.slots.max(args.len()), 0);
        slots[..args.len()].copy_from_slice(args);
        let mut walk = Walk {
            n: known.line().len() as i64,
            known,
            limit,
            out,
        };
        let result = self
            .elements
            .iter()
            .try_for_each(|element| walk.clauses(element, 0, &mut slots));
        walk.out.slots = slots;
        result?;
        (walk.out.count <= limit).then_some(())
    }
}

struct Walk<'a, K: ?Sized> {
    /// The split ranges' positions are `0..n`.
    n: i64,
    known: &'a K,
    limit: u64,
    out: &'a mut OptionSet,
}

impl<K: Known + ?Sized> Walk<'_, K> {
    fn clauses(&mut self, element: &Element, index: usize, slots: &mut [i64]) -> Option<()> {
        match element.clauses.get(index) {
            None => self.emit(&element.value, slots),
            Some(Clause::If(cond)) => {
                if cond.eval(slots)? {
                    self.clauses(element, index + 1, slots)?;
                }
                Some(())
            }
            Some(Clause::For { slot, iter }) => match iter {
                Iter::Range {
                    low,
                    high,
                    inclusive,
                } => {
                    let (a, b) = self.range(low, high, *inclusive, slots)?;
                    if a < b
                        && index + 1 == element.clauses.len()
                        && let OptionValue::Terms { calls, nims } = &element.value
                        && let Some(steps) = Steps::of(calls, nims, *slot)
                    {
                        slots[*slot] = a;
                        return self.walk_terms(calls, nims, &steps, b - a, slots);
                    }
                    for x in a..b {
                        slots[*slot] = x;
                        self.clauses(element, index + 1, slots)?;
                    }
                    Some(())
                }
                Iter::List(items) => {
                    for item in items {
                        let x = item.eval(slots)?;
                        if x.abs() >= SLOT_BOUND {
                            return None;
                        }
                        slots[*slot] = x;
                        self.clauses(element, index + 1, slots)?;
                    }
                    Some(())
                }
            },
        }
    }

    /// The bounds `a..b` of a range clause, if it may be walked.
    fn range(
        &self,
        low: &IntExpr,
        high: &IntExpr,
        inclusive: bool,
        slots: &[i64],
    ) -> Option<(i64, i64)> {
        let a = low.eval(slots)?;
        let mut b = high.eval(slots)?;
        if inclusive {
            b = b.checked_add(1)?;
        }
        if b <= a {
            return Some((a, a));
        }
        let fits =
            (b as i128 - a as i128) as u64 <= self.limit && a > -SLOT_BOUND && b < SLOT_BOUND;
        fits.then_some((a, b))
    }

    /// The options of a `for` over a range that yields terms directly,
    /// `count` of them from the loop's first value (in `slots`) on: each
    /// argument moves by a fixed step, so nothing is evaluated per option.
    fn walk_terms(
        &mut self,
        calls: &[Vec<IntExpr>],
        nims: &[IntExpr],
        steps: &Steps,
        count: i64,
        slots: &[i64],
    ) -> Option<()> {
        let nim = nim_sum(nims, slots)?;
        let mut args = [[0; MAX_PARAMS]; MAX_CALLS];
        for (call, args) in calls.iter().zip(args.iter_mut()) {
            for (expr, arg) in call.iter().zip(args.iter_mut()) {
                *arg = expr.eval(slots)?;
            }
        }
        if let [call] = calls {
            // One position per option: its values along the line at once.
            let (args, steps) = (&args[0][..call.len()], &steps.0[0][..call.len()]);
            let points = &mut self.out.points;
            self.known.along(args, steps, count as usize, nim, points)?;
            self.out.count += count as u64;
            return Some(());
        }
        let args = &mut args[..calls.len()];
        let steps = &steps.0[..calls.len()];
        for _ in 0..count {
            let mut v = nim;
            for ((args, steps), call) in args.iter_mut().zip(steps).zip(calls) {
                v ^= self.known.value(&args[..call.len()])?;
                for (arg, step) in args.iter_mut().zip(steps) {
                    *arg += step;
                }
            }
            self.out.points.push(v);
        }
        self.out.count += count as u64;
        Some(())
    }

    fn emit(&mut self, value: &OptionValue, slots: &[i64]) -> Option<()> {
        match value {
            OptionValue::Terms { calls, nims } => {
                let mut v = nim_sum(nims, slots)?;
                let mut args = [0; MAX_PARAMS];
                for call in calls {
                    for (arg, expr) in args.iter_mut().zip(call) {
                        *arg = expr.eval(slots)?;
                    }
                    v ^= self.known.value(&args[..call.len()])?;
                }
                self.out.points.push(v);
                self.out.count += 1;
                Some(())
            }
            OptionValue::Split(split) => self.split(split, slots),
        }
    }

    fn split(&mut self, split: &Split, slots: &[i64]) -> Option<()> {
        let (a, b) = self.range(&split.low, &split.high, split.inclusive, slots)?;
        if a >= b {
            return Some(());
        }
        if split.conds.is_empty() {
            return self.pairs(split, &[(a, b - 1)], slots);
        }
        let mut intervals = std::mem::take(&mut self.out.intervals);
        intervals.clear();
        intervals.push((a, b - 1));
        for cond in &split.conds {
            let rest = cond.rest.eval(slots)?;
            restrict(&mut intervals, cond.op, cond.coefficient, rest);
        }
        let result = self.pairs(split, &intervals, slots);
        self.out.intervals = intervals;
        result
    }

    fn pairs(&mut self, split: &Split, intervals: &[(i64, i64)], slots: &[i64]) -> Option<()> {
        if intervals.is_empty() {
            return Some(());
        }
        let first = split.first.eval(slots)?;
        let total = first.checked_add(split.second.eval(slots)?)?;
        let nim = nim_sum(&split.nims, slots)?;
        for &(lo, hi) in intervals {
            self.out.count += (hi - lo + 1) as u64;
            let (y_low, y_high) = if split.sign > 0 {
                (lo.checked_add(first)?, hi.checked_add(first)?)
            } else {
                (first.checked_sub(hi)?, first.checked_sub(lo)?)
            };
            let inside = |y: i64| (0..self.n).contains(&y);
            if !(inside(y_low) && inside(y_high)) {
                return None;
            }
            let (x_low, x_high) = (total.checked_sub(y_high)?, total.checked_sub(y_low)?);
            if !(inside(x_low) && inside(x_high)) {
                return None;
            }
            self.out.pairs.push(PairRange {
                total: total as usize,
                nim,
                low: y_low.min(x_low) as usize,
                high: y_high.min(x_high).min(total / 2) as usize,
            });
        }
        Some(())
    }
}

/// Most calls in one element that `walk_terms` steps through.
const MAX_CALLS: usize = 4;

/// How much each argument of each call moves when the loop variable moves
/// by one.
struct Steps([[i64; MAX_PARAMS]; MAX_CALLS]);

impl Steps {
    /// The steps, when every argument is affine in `slot` and no heap
    /// depends on it.
    fn of(calls: &[Vec<IntExpr>], nims: &[IntExpr], slot: usize) -> Option<Steps> {
        if calls.len() > MAX_CALLS || nims.iter().any(|n| n.uses(slot)) {
            return None;
        }
        let mut steps = [[0; MAX_PARAMS]; MAX_CALLS];
        for (call, steps) in calls.iter().zip(steps.iter_mut()) {
            for (expr, step) in call.iter().zip(steps.iter_mut()) {
                *step = expr.step(slot)?;
            }
        }
        Some(Steps(steps))
    }
}

fn nim_sum(nims: &[IntExpr], slots: &[i64]) -> Option<u64> {
    let mut v = 0;
    for nim in nims {
        let heap = nim.eval(slots)?;
        v ^= u64::try_from(heap).ok()?;
    }
    Some(v)
}

/// Keeps the `x` in `intervals` with `k·x + rest  op  0`.
fn restrict(intervals: &mut Vec<(i64, i64)>, op: CmpOp, k: i64, rest: i64) {
    if k == 0 {
        if !op.holds(rest, 0) {
            intervals.clear();
        }
        return;
    }
    let (k, d) = (k as i128, -(rest as i128));
    // Bounds on x, as i128 so that nothing overflows.
    let at_most = |d: i128| {
        if k > 0 {
            (i128::MIN, floor_div(d, k))
        } else {
            (ceil_div(d, k), i128::MAX)
        }
    };
    let at_least = |d: i128| {
        if k > 0 {
            (ceil_div(d, k), i128::MAX)
        } else {
            (i128::MIN, floor_div(d, k))
        }
    };
    let (low, high) = match op {
        CmpOp::Lt => at_most(d - 1),
        CmpOp::Le => at_most(d),
        CmpOp::Gt => at_least(d + 1),
        CmpOp::Ge => at_least(d),
        CmpOp::Eq => (
            at_least(d).0.max(at_most(d).0),
            at_least(d).1.min(at_most(d).1),
        ),
        CmpOp::Ne => {
            if d % k == 0 {
                let p = (d / k) as i64;
                let mut split = Vec::with_capacity(intervals.len() + 1);
                for &(lo, hi) in intervals.iter() {
                    if lo <= p && p <= hi {
                        split.extend([(lo, p - 1), (p + 1, hi)]);
                    } else {
                        split.push((lo, hi));
                    }
                }
                split.retain(|(lo, hi)| lo <= hi);
                *intervals = split;
            }
            return;
        }
    };
    for interval in intervals.iter_mut() {
        interval.0 = (interval.0 as i128).max(low) as i64;
        interval.1 = (interval.1 as i128).min(high) as i64;
    }
    intervals.retain(|(lo, hi)| lo <= hi);
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

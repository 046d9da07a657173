//! The elements of a kernel's option program: their clauses (the loops
//! and filters, and what each loop walks over) and the option each yields,
//! as the IR's passes rewrite them. Apart from the `Kernel` that compiles
//! and runs them.

use super::{CmpOp, Cond, IntExpr, IntOp, ListExpr, SLOT_BOUND};

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
    /// The constants `values` (ascending, each within the slot bound) that
    /// lie in `low..high`: a loop over constants whose conditions were
    /// bounds on its variable (`for k in [1, 2, 4, 5] if k <= n`).
    Sorted {
        values: Vec<i64>,
        low: IntExpr,
        high: IntExpr,
    },
    /// A list built on the way (`for k in moves(n)`, `moves` choosing
    /// between two lists), built before the loop starts.
    Built(ListExpr),
    /// The `k` in `low..high` that divide `of` (`for k in low..high if of %
    /// k == 0`), found among the divisors up to its square root, in no
    /// particular order; where the range holds 0, as failing as `of % 0`.
    Divisors {
        of: IntExpr,
        low: IntExpr,
        high: IntExpr,
    },
    /// Each distinct `of / k` for `k` in `low..high`, in the order of `k`
    /// (`for k in 2..=n` read only as `n / k`): for `of` at least 0 and
    /// `k` from 1 on, the next `k` with another quotient `q` is `of / q +
    /// 1`, so about 2√of of them are walked.
    Quotients {
        of: IntExpr,
        low: IntExpr,
        high: IntExpr,
    },
}

/// One clause of an element, in source order.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    For { slot: usize, iter: Iter },
    If(Cond),
}

impl Clause {
    /// The slot a loop binds; `None` for a filter.
    pub fn binds(&self) -> Option<usize> {
        match self {
            Clause::For { slot, .. } => Some(*slot),
            Clause::If(_) => None,
        }
    }

    /// `for slot in low..high`: the loop the passes that narrow, split or
    /// restart a range build.
    pub fn range_loop(slot: usize, low: IntExpr, high: IntExpr) -> Clause {
        Clause::For {
            slot,
            iter: Iter::Range {
                low,
                high,
                inclusive: false,
            },
        }
    }

    /// A loop over a range written exclusive, `low..high`, as its slot and
    /// ends: for the passes that read only such loops (`range` reads an
    /// inclusive one too).
    pub fn exclusive_range(&self) -> Option<(usize, &IntExpr, &IntExpr)> {
        match self {
            Clause::For {
                slot,
                iter:
                    Iter::Range {
                        low,
                        high,
                        inclusive: false,
                    },
            } => Some((*slot, low, high)),
            _ => None,
        }
    }

    /// A loop over a range as its slot, its low end and its high end
    /// exclusive (an inclusive range's end plus one): what passes that
    /// rewrite a range read.
    pub fn range(&self) -> Option<(usize, &IntExpr, IntExpr)> {
        let Clause::For {
            slot,
            iter:
                Iter::Range {
                    low,
                    high,
                    inclusive,
                },
        } = self
        else {
            return None;
        };
        let high = match inclusive {
            true => IntExpr::binary(IntOp::Add, high.clone(), IntExpr::constant(1)),
            false => high.clone(),
        };
        Some((*slot, low, high))
    }

    /// The clause with `f` applied to each integer expression in it, if it
    /// applies to every one: what passes that rewrite a slot use.
    pub fn try_map(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Option<Clause> {
        Some(match self {
            Clause::If(cond) => Clause::If(cond.try_map(f)?),
            Clause::For { slot, iter } => Clause::For {
                slot: *slot,
                iter: iter.try_map(f)?,
            },
        })
    }
}

impl Iter {
    /// The walk with `f` applied to each integer expression in it, if it
    /// applies to every one; `None` for a list built on the way, whose
    /// items are read as they are built (no slot use to rewrite one by
    /// one).
    pub fn try_map(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Option<Iter> {
        Some(match self {
            Iter::Range {
                low,
                high,
                inclusive,
            } => Iter::Range {
                low: f(low)?,
                high: f(high)?,
                inclusive: *inclusive,
            },
            Iter::List(items) => Iter::List(items.iter().map(f).collect::<Option<_>>()?),
            Iter::Sorted { values, low, high } => Iter::Sorted {
                values: values.clone(),
                low: f(low)?,
                high: f(high)?,
            },
            Iter::Divisors { of, low, high } => Iter::Divisors {
                of: f(of)?,
                low: f(low)?,
                high: f(high)?,
            },
            Iter::Quotients { of, low, high } => Iter::Quotients {
                of: f(of)?,
                low: f(low)?,
                high: f(high)?,
            },
            Iter::Built(_) => return None,
        })
    }
}

/// One element of the family's option list.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub clauses: Vec<Clause>,
    pub value: OptionValue,
}

/// Loops over at most this many constants are unrolled when a kernel is
/// built, so that evaluating an element walks no loop at all.
pub const UNROLL: usize = 8;

/// Loops over at most this many constants are unrolled where their
/// variable is read other than affinely, which the VM would compute at
/// every value: `n / 10 ** j % 10 for j in 0..10`, a digit of the heap,
/// is then ten quotients by constants.
pub const UNROLL_COMPUTED: usize = 16;

impl Element {
    /// Whether the element makes no option: a filter decided false is
    /// tested before any loop and any clause that might fail (which the
    /// language would report).
    pub fn decided_empty(&self) -> bool {
        let no_items = &|_, _: &IntExpr| false;
        for clause in &self.clauses {
            match clause {
                Clause::If(Cond::Const(false)) => return true,
                Clause::If(cond) if cond.cannot_fail(no_items) => {}
                _ => return false,
            }
        }
        false
    }

    /// The element with its leading loops over a few constants unrolled
    /// (past the filters that read no loop, tested first): one element per
    /// value, the same options in all.
    pub fn unrolled(self) -> Vec<Element> {
        let filters = (self.clauses.iter())
            .take_while(|c| matches!(c, Clause::If(_)))
            .count();
        let Some(Clause::For { slot, iter }) = self.clauses.get(filters) else {
            return vec![self];
        };
        let constant = IntExpr::as_constant;
        let values: Option<Vec<i64>> = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => constant(low).zip(constant(high)).and_then(|(a, b)| {
                let b = if *inclusive { b + 1 } else { b };
                (b - a <= UNROLL_COMPUTED as i64).then(|| (a..b).collect())
            }),
            Iter::List(items) if items.len() <= UNROLL_COMPUTED => {
                items.iter().map(constant).collect()
            }
            Iter::List(_)
            | Iter::Sorted { .. }
            | Iter::Built(_)
            | Iter::Divisors { .. }
            | Iter::Quotients { .. } => None,
        };
        let Some(values) =
            values.filter(|vs| vs.iter().all(|v| v.unsigned_abs() < SLOT_BOUND as u64))
        else {
            return vec![self];
        };
        let rest = Element {
            clauses: [&self.clauses[..filters], &self.clauses[filters + 1..]].concat(),
            value: self.value.clone(),
        };
        // Past `UNROLL` values, only a loop whose variable is computed.
        if values.len() > UNROLL && !rest.reads_beyond_affine(*slot) {
            return vec![self];
        }
        let copies: Option<Vec<Element>> =
            values.iter().map(|&v| rest.substitute(*slot, v)).collect();
        match copies {
            Some(copies) => copies.into_iter().flat_map(Element::unrolled).collect(),
            None => vec![self],
        }
    }

    /// The element with `f` applied to each integer expression of its
    /// clauses and options, if it applies to every one and the options are
    /// terms (not a split or boards).
    pub fn try_map(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Option<Element> {
        let clauses = (self.clauses.iter())
            .map(|clause| clause.try_map(f))
            .collect::<Option<_>>()?;
        let value = match &self.value {
            OptionValue::Terms { calls, nims } => OptionValue::Terms {
                calls: (calls.iter())
                    .map(|args| args.iter().map(f).collect())
                    .collect::<Option<_>>()?,
                nims: nims.iter().map(f).collect::<Option<_>>()?,
            },
            OptionValue::Split(_) | OptionValue::Boards { .. } => return None,
        };
        Some(Element { clauses, value })
    }

    /// Whether some expression of the element reads `slot` other than as
    /// a term of an affine expression (`n / j`, `k * k`, `min(k, n)`):
    /// the VM computes it at every value of a loop over `slot`, where an
    /// unrolled copy computes it with a constant.
    /// Whether anything in the element (its integer clauses and option)
    /// reads `slot`: what a pass that rewrote every read of it checks.
    pub fn uses(&self, slot: usize) -> bool {
        let found = std::cell::Cell::new(false);
        self.try_map(&|e| {
            found.set(found.get() || e.uses(slot));
            Some(e.clone())
        });
        found.get()
    }

    fn reads_beyond_affine(&self, slot: usize) -> bool {
        let found = std::cell::Cell::new(false);
        self.try_map(&|e| {
            e.rewritten(&|part| {
                let computed = !matches!(part, IntExpr::Affine(_)) && part.uses(slot);
                found.set(found.get() || computed);
                None
            });
            Some(e.clone())
        });
        found.get()
    }

    fn substitute(&self, slot: usize, value: i64) -> Option<Element> {
        let sub = |e: &IntExpr| e.substitute(slot, value);
        let subs = |es: &[IntExpr]| es.iter().map(sub).collect::<Option<Vec<_>>>();
        let clauses = (self.clauses.iter())
            .map(|clause| clause.try_map(&sub))
            .collect::<Option<Vec<_>>>()?;
        let value = match &self.value {
            OptionValue::Terms { calls, nims } => OptionValue::Terms {
                calls: calls.iter().map(|c| subs(c)).collect::<Option<_>>()?,
                nims: subs(nims)?,
            },
            OptionValue::Boards { boards, nims } => OptionValue::Boards {
                boards: boards
                    .iter()
                    .map(|b| b.substitute(slot, value))
                    .collect::<Option<_>>()?,
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
    /// `F(list) + … + *nims…` for a family whose positions are lists.
    Boards {
        boards: Vec<ListExpr>,
        nims: Vec<IntExpr>,
    },
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

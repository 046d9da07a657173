//! Finite lookback: a proof, from the shape of a family's integer program,
//! that its values are periodic from some heap on — the theorem behind
//! the periods of subtraction games, here for any rule that looks a bounded
//! distance down and depends on the heap only through a residue.
//!
//! Each integer of the program is read as a function of the heap n once n
//! is large: `coef·n + v`, where v stays within known bounds and depends
//! on n only through n mod M (and on loop variables). A comparison whose
//! two sides grow apart is decided from some n on; one that does not grow
//! depends on the residue alone. If every loop then walks a bounded set
//! and every option names positions `n + v` with v in `−window..=−1`, the
//! options of n from `settled` on are fixed by n mod M: g(n) is a function
//! of n mod M and the `window` values below n. Two heaps past `settled`,
//! congruent mod M, whose windows agree, go on with the same values for
//! ever.

use crate::engine::kernel::{
    Clause, CmpOp, Cond, IntExpr, IntOp, Iter, Kernel, ListExpr, OptionValue, gcd,
};

/// What a family's program says about its options from heap `settled` on:
/// each names positions at most `window` below n and none at or above it,
/// by a rule that depends on n only through n mod `modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lookback {
    pub window: usize,
    pub modulus: usize,
    pub settled: usize,
}

impl Lookback {
    /// The theorem on `len` values: period p is proved from any preperiod
    /// up to the one returned when p is a multiple of the modulus and the
    /// values reach p past the settled heap. The `window` values before
    /// `len − p` then repeat p later, past the settled heap, and so does
    /// every value after them.
    pub fn longest(&self, len: usize, p: usize) -> Option<usize> {
        let proves = p.is_multiple_of(self.modulus) && len >= p + self.settled;
        proves.then(|| (len - p).checked_sub(self.window)).flatten()
    }

    /// The fewest values that prove a period (`longest`): a period of at
    /// least the modulus, and the settled heap and the window before it.
    pub fn fewest(&self) -> usize {
        self.modulus + self.settled.max(self.window)
    }
}

/// Past this size, a bound, modulus or window is not worth a proof (and
/// products of bounds cannot overflow below it).
const LARGEST: i64 = 1 << 30;
/// The largest loop variable a heap is taken a remainder by (`n % k`):
/// the residues of n by every value it takes make the modulus.
const LARGEST_DIVISOR: i64 = 64;

/// The family's lookback, when its program has that shape: one integer
/// parameter, options that are sums of its own positions and nim heaps,
/// loops over bounded sets, and arithmetic read as above. Anything else
/// (splits, loops up to n, calls of functions that read n, other
/// families) is no proof.
pub fn lookback(kernel: &Kernel) -> Option<Lookback> {
    if kernel.params != 1 || kernel.list || kernel.alias().is_some() {
        return None;
    }
    let mut analysis = Analysis {
        slots: Vec::new(),
        modulus: 1,
        settled: 0,
        window: 0,
    };
    for element in &kernel.elements {
        analysis.element(&element.clauses, &element.value)?;
    }
    let settled = analysis.settled.max(analysis.window);
    let within = |x: i64| (0..=LARGEST).contains(&x).then_some(x as usize);
    Some(Lookback {
        window: within(analysis.window)?,
        modulus: within(analysis.modulus)?,
        settled: within(settled)?,
    })
}

/// An integer as a function of a large heap n: `coef·n + v`, v within
/// `low..=high` and depending on n only through n mod the modulus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Term {
    coef: i64,
    low: i64,
    high: i64,
}

impl Term {
    /// Any value fixed by the residue (a function's), its bounds unknown:
    /// compared with another value fixed by the residue it varies, and
    /// nothing else is read of it (`Analysis::int` refuses it as an
    /// operand).
    const ANY: Term = Term {
        coef: 0,
        low: -LARGEST,
        high: LARGEST,
    };

    fn constant(c: i64) -> Term {
        Term {
            coef: 0,
            low: c,
            high: c,
        }
    }

    fn value(&self) -> Option<i64> {
        (self.coef == 0 && self.low == self.high).then_some(self.low)
    }

    /// The term, if its numbers stay below `LARGEST`.
    fn checked(self) -> Option<Term> {
        [self.coef, self.low, self.high]
            .iter()
            .all(|x| x.abs() <= LARGEST)
            .then_some(self)
    }

    fn add(self, other: Term) -> Option<Term> {
        Term {
            coef: self.coef + other.coef,
            low: self.low + other.low,
            high: self.high + other.high,
        }
        .checked()
    }

    fn scale(self, k: i64) -> Option<Term> {
        let (a, b) = (self.low.checked_mul(k)?, self.high.checked_mul(k)?);
        Term {
            coef: self.coef.checked_mul(k)?,
            low: a.min(b),
            high: a.max(b),
        }
        .checked()
    }

    /// Both terms' values, for a choice between them: the same growth.
    fn join(self, other: Term) -> Option<Term> {
        (self.coef == other.coef).then(|| Term {
            coef: self.coef,
            low: self.low.min(other.low),
            high: self.high.max(other.high),
        })
    }
}

/// A condition's truth for a large heap.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Truth {
    Always(bool),
    /// Depends on the residue of n and on loop variables only.
    Varies,
}

struct Analysis {
    /// What each slot holds: slot 0 is n, the others loop variables.
    slots: Vec<Option<Term>>,
    modulus: i64,
    /// The heap from which every decision made below holds.
    settled: i64,
    window: i64,
}

impl Analysis {
    fn element(&mut self, clauses: &[Clause], value: &OptionValue) -> Option<()> {
        self.slots.clear();
        self.slots.push(Some(Term {
            coef: 1,
            low: 0,
            high: 0,
        }));
        for clause in clauses {
            match clause {
                Clause::For { slot, iter } => {
                    let walked = match clause.range() {
                        Some((_, low, high)) => self.range(low, &high)?,
                        None => self.iter(iter)?,
                    };
                    let Some(range) = walked else {
                        // An empty loop: no options.
                        return Some(());
                    };
                    if self.slots.len() <= *slot {
                        self.slots.resize(slot + 1, None);
                    }
                    self.slots[*slot] = Some(range);
                }
                Clause::If(cond) => {
                    if self.truth(cond)? == Truth::Always(false) {
                        // Never an option past the settled heap.
                        return Some(());
                    }
                }
            }
        }
        let OptionValue::Terms { calls, nims } = value else {
            return None;
        };
        for call in calls {
            let [arg] = call.as_slice() else { return None };
            let arg = self.int(arg)?;
            if arg.coef != 1 || arg.high > -1 {
                return None;
            }
            self.window = self.window.max(-arg.low);
        }
        for nim in nims {
            if self.value(nim)?.coef != 0 {
                return None;
            }
        }
        Some(())
    }

    /// The values a range's variable takes, `low..high`: bounded, fixed
    /// by the residue (`Some(None)`: none, ever).
    fn range(&mut self, low: &IntExpr, high: &IntExpr) -> Option<Option<Term>> {
        let (low, high) = (self.int(low)?, self.int(high)?);
        if low.coef != 0 || high.coef != 0 {
            return None;
        }
        Some((high.high > low.low).then_some(Term {
            coef: 0,
            low: low.low,
            high: high.high - 1,
        }))
    }

    /// The values a loop's variable takes over anything but a range: a
    /// bounded set fixed by the residue (`Some(None)`: none, ever).
    fn iter(&mut self, iter: &Iter) -> Option<Option<Term>> {
        match iter {
            // Read by `range`.
            Iter::Range { .. } => None,
            Iter::List(items) => {
                let terms = items.iter().map(|e| self.int(e)).collect();
                hull(terms)
            }
            Iter::Sorted { values, low, high } => {
                let Some(range) = hull(values.iter().map(|&v| Some(Term::constant(v))).collect())?
                else {
                    return Some(None);
                };
                // The bounds only filter: each comparison with them is
                // decided or depends on the residue.
                let (low, high) = (self.int(low)?, self.int(high)?);
                self.compare(CmpOp::Le, low, range)?;
                self.compare(CmpOp::Lt, range, high)?;
                Some(Some(range))
            }
            Iter::Built(list) => self.list(list),
            Iter::Divisors { .. } | Iter::Quotients { .. } => None,
        }
    }

    /// The items a list built on the way may hold (`Some(None)`: it is
    /// always empty).
    fn list(&mut self, list: &ListExpr) -> Option<Option<Term>> {
        match list {
            ListExpr::Items(items) => {
                let terms = items.iter().map(|e| self.int(e)).collect();
                hull(terms)
            }
            ListExpr::Pick(table, index) => {
                if self.int(index)?.coef != 0 {
                    return None;
                }
                let items = table.lists.iter().flatten();
                hull(items.map(|&v| Some(Term::constant(v))).collect())
            }
            ListExpr::Select(cond, a, b) => match self.truth(cond)? {
                Truth::Always(true) => self.list(a),
                Truth::Always(false) => self.list(b),
                Truth::Varies => union(self.list(a)?, self.list(b)?),
            },
            _ => None,
        }
    }

    /// `e` as a term, not `Term::ANY`: an operand whose bounds count.
    fn int(&mut self, e: &IntExpr) -> Option<Term> {
        self.value(e).filter(|term| *term != Term::ANY)
    }

    /// `e` as a term, possibly `Term::ANY` (a function's value): what a
    /// comparison or a nim heap reads.
    fn value(&mut self, e: &IntExpr) -> Option<Term> {
        match e {
            IntExpr::Affine(affine) => {
                let mut sum = Term::constant(affine.constant);
                for &(slot, k) in &affine.terms {
                    let term = (*self.slots.get(slot)?)?;
                    sum = sum.add(term.scale(k)?)?;
                }
                sum.checked()
            }
            IntExpr::Large(c) => Term::constant(*c).checked(),
            IntExpr::Binary(op, a, b) => {
                let (a, b) = (self.value(a)?, self.int(b)?);
                match (a == Term::ANY, op, b.value()) {
                    // Whatever it is, its remainder by k lies in 0..k.
                    (true, IntOp::Mod, Some(k)) if k > 0 => Some(Term {
                        coef: 0,
                        low: 0,
                        high: k - 1,
                    }),
                    (true, ..) => None,
                    (false, ..) => self.binary(*op, a, b),
                }
            }
            IntExpr::Abs(a) => {
                let a = self.int(a)?;
                match a.coef {
                    0 if a.low >= 0 => Some(a),
                    0 if a.high <= 0 => a.scale(-1),
                    0 => Some(Term {
                        coef: 0,
                        low: 0,
                        high: a.high.max(-a.low),
                    }),
                    _ => {
                        self.settle(a);
                        a.scale(a.coef.signum())
                    }
                }
            }
            IntExpr::Min(items) | IntExpr::Max(items) => {
                let smallest = matches!(e, IntExpr::Min(_));
                let mut items = items.iter();
                let first = self.int(items.next()?)?;
                items.try_fold(first, |best, item| {
                    let item = self.int(item)?;
                    self.extreme(smallest, best, item)
                })
            }
            IntExpr::Select(cond, a, b) => match self.truth(cond)? {
                Truth::Always(true) => self.int(a),
                Truth::Always(false) => self.int(b),
                Truth::Varies => self.int(a)?.join(self.int(b)?),
            },
            // A function of values fixed by the residue is: its value,
            // whatever it is, too.
            IntExpr::Call(_, args) => {
                for arg in args {
                    if self.int(arg)?.coef != 0 {
                        return None;
                    }
                }
                Some(Term::ANY)
            }
            _ => None,
        }
    }

    fn binary(&mut self, op: IntOp, a: Term, b: Term) -> Option<Term> {
        match op {
            IntOp::Add => a.add(b),
            IntOp::Sub => a.add(b.scale(-1)?),
            IntOp::Mul => match (a.value(), b.value()) {
                (_, Some(k)) => a.scale(k),
                (Some(k), _) => b.scale(k),
                _ if a.coef == 0 && b.coef == 0 => {
                    let products = [
                        a.low * b.low,
                        a.low * b.high,
                        a.high * b.low,
                        a.high * b.high,
                    ];
                    Term {
                        coef: 0,
                        low: *products.iter().min()?,
                        high: *products.iter().max()?,
                    }
                    .checked()
                }
                _ => None,
            },
            IntOp::Div => {
                let k = b.value().filter(|&k| k != 0)?;
                if a.coef % k != 0 {
                    return None;
                }
                // coef·n is a multiple of k: it divides out exactly.
                let (x, y) = (floor_div(a.low, k), floor_div(a.high, k));
                Some(Term {
                    coef: a.coef / k,
                    low: x.min(y),
                    high: x.max(y),
                })
            }
            IntOp::Mod if b.coef == 0 && b.low >= 1 && b.low < b.high => {
                // By a loop variable: `n % k` reads n mod every k it takes.
                if a.coef != 0 {
                    if b.high > LARGEST_DIVISOR {
                        return None;
                    }
                    let every = (b.low..=b.high).try_fold(1, lcm)?;
                    self.modulus = lcm(self.modulus, every)?;
                }
                Some(Term {
                    coef: 0,
                    low: 0,
                    high: b.high - 1,
                })
            }
            IntOp::Mod => {
                let k = b.value().filter(|&k| k != 0)?;
                if a.coef % k != 0 {
                    // (coef·n + v) mod k reads n mod k.
                    self.modulus = lcm(self.modulus, k.abs())?;
                } else if a.low >= 0 && a.high < k {
                    return Some(Term { coef: 0, ..a });
                }
                Some(match k > 0 {
                    true => Term {
                        coef: 0,
                        low: 0,
                        high: k - 1,
                    },
                    false => Term {
                        coef: 0,
                        low: k + 1,
                        high: 0,
                    },
                })
            }
            IntOp::Xor if a.coef == 0 && b.coef == 0 && a.low >= 0 && b.low >= 0 => {
                let top = a.high.max(b.high);
                let bits = 64 - top.leading_zeros();
                Term {
                    coef: 0,
                    low: 0,
                    high: (1i64 << bits) - 1,
                }
                .checked()
            }
            IntOp::Pow => {
                let (x, y) = (a.value()?, u32::try_from(b.value()?).ok()?);
                Term::constant(x.checked_pow(y)?).checked()
            }
            IntOp::Xor => None,
        }
    }

    /// `min(a, b)` (`smallest`) or `max(a, b)`: the one that grows more
    /// slowly (or faster) once they have grown apart, or either.
    fn extreme(&mut self, smallest: bool, a: Term, b: Term) -> Option<Term> {
        if a.coef == b.coef {
            return Some(Term {
                coef: a.coef,
                low: if smallest {
                    a.low.min(b.low)
                } else {
                    a.low.max(b.low)
                },
                high: if smallest {
                    a.high.min(b.high)
                } else {
                    a.high.max(b.high)
                },
            });
        }
        self.settle(a.add(b.scale(-1)?)?);
        let a_smaller = a.coef < b.coef;
        Some(if a_smaller == smallest { a } else { b })
    }

    fn truth(&mut self, cond: &Cond) -> Option<Truth> {
        match cond {
            Cond::Const(b) => Some(Truth::Always(*b)),
            Cond::Cmp(op, a, b) => {
                let (a, b) = (self.value(a)?, self.value(b)?);
                self.compare(*op, a, b)
            }
            Cond::Not(c) => Some(match self.truth(c)? {
                Truth::Always(b) => Truth::Always(!b),
                Truth::Varies => Truth::Varies,
            }),
            Cond::And(a, b) | Cond::Or(a, b) => {
                let all = matches!(cond, Cond::And(..));
                let (a, b) = (self.truth(a)?, self.truth(b)?);
                Some(match (a, b) {
                    (Truth::Always(x), _) | (_, Truth::Always(x)) if x != all => Truth::Always(x),
                    (Truth::Always(_), other) | (other, Truth::Always(_)) => other,
                    _ => Truth::Varies,
                })
            }
            // It reads its loop variable alone.
            Cond::Remembered(remembered) => (remembered.slot != 0).then_some(Truth::Varies),
        }
    }

    /// `a op b` for a large heap.
    fn compare(&mut self, op: CmpOp, a: Term, b: Term) -> Option<Truth> {
        if a == Term::ANY || b == Term::ANY {
            return (a.coef == 0 && b.coef == 0).then_some(Truth::Varies);
        }
        let d = a.add(b.scale(-1)?)?;
        if d.coef != 0 {
            self.settle(d);
            return Some(Truth::Always(op.holds(d.coef.signum(), 0)));
        }
        let decided = match op {
            CmpOp::Eq | CmpOp::Ne => !(d.low..=d.high).contains(&0) || d.low == d.high,
            _ => op.holds(d.low, 0) == op.holds(d.high, 0),
        };
        Some(match decided {
            true => Truth::Always(op.holds(d.low, 0)),
            false => Truth::Varies,
        })
    }

    /// Notes the heap from which `d`, growing, has the sign of its
    /// coefficient: past `max(|low|, |high|) / |coef|`.
    fn settle(&mut self, d: Term) {
        let reach = d.low.abs().max(d.high.abs());
        self.settled = self.settled.max(reach / d.coef.abs() + 1);
    }
}

/// The hull of bounded terms, `Some(None)` for none; `None` where one is
/// not bounded.
fn hull(terms: Vec<Option<Term>>) -> Option<Option<Term>> {
    terms.into_iter().try_fold(None, |hull, t| {
        let t = t.filter(|t| t.coef == 0)?;
        union(hull, Some(t))
    })
}

/// The hull of two sets of values, either possibly empty.
fn union(a: Option<Term>, b: Option<Term>) -> Option<Option<Term>> {
    match (a, b) {
        (Some(a), Some(b)) => a.join(b).map(Some),
        (a, b) => Some(a.or(b)),
    }
}

fn floor_div(a: i64, k: i64) -> i64 {
    IntOp::Div.apply(a, k).expect("k is not 0")
}

/// The least common multiple of two positive numbers, up to `LARGEST`.
pub(super) fn lcm(a: i64, b: i64) -> Option<i64> {
    let l = (a / gcd(a, b)).checked_mul(b)?;
    (l <= LARGEST).then_some(l)
}

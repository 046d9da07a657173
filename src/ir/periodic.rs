//! A pass over integer programs: a filter that reads its loop's variable
//! only through remainders that repeat with it walks the loop by their
//! period. In `for j in 1..n + 1 while j * (j + 1) / 2 <= n if j * (j + 1)
//! / 2 % 3 != n % 3` (a triangular number whose remainder differs from
//! the heap's), `j * (j + 1) / 2 % 3` is 1, 0, 0 for `j % 3` = 1, 2, 0:
//! the loop becomes one loop for each of the three residues of `j`, whose
//! filter (`1 != n % 3`) no longer reads `j`. Each loop then runs along
//! its curve, and a code for each residue of the heap decides its
//! filter, where the filter was evaluated for every option.

use std::cell::RefCell;

use super::filters::{cannot_fail, filter_after_loop};
use super::lookback::lcm;
use super::residues::stepped;
use crate::engine::kernel::{Clause, Cond, Element, IntExpr, IntOp, MAX_SLOTS, gcd};

/// Most loops one loop becomes: the remainders' period.
const PERIOD: i64 = 8;
/// Largest period searched for a shorter one, and largest modulus read.
const SEARCHED: i64 = 1 << 10;

/// `for k in low..high … if p(k)` (the filter after the loop, past filters
/// that cannot fail), where `p` reads `k` only through remainders `x(k) %
/// m` that repeat every `d` values of `k` (`d` at most `PERIOD`), becomes
/// one element for each residue `r` of `k` modulo `d` whose filter `p(r)`
/// may hold: `k` walks `d·k + r` and the filter is `p` with each remainder
/// its value at `r`, tested before the loop where it cannot fail. The same
/// options (in the order of each residue), and nothing evaluated that was
/// not: each `x` cannot fail where the filter is tested, on its own or as
/// a part the loop's end evaluated for every value of the loop.
pub(super) fn step_periodic_filters(element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        let Some((slot, low, high)) = element.clauses[at].range() else {
            continue;
        };
        let evaluated = evaluated_by_end(slot, low, &high);
        let picked = |cond: &Cond, slot| periodic(cond, slot, &evaluated);
        let Some((filter, cases)) = filter_after_loop(&element.clauses, at, picked) else {
            continue;
        };
        let period = cases.len() as i64;
        let mut elements = Vec::new();
        for (residue, cond) in (0..).zip(cases) {
            if cond == Cond::Const(false) {
                continue;
            }
            let Some(mut walked) = stepped(&element, at, filter, period, residue) else {
                return vec![element];
            };
            if cond != Cond::Const(true) {
                let place = if cannot_fail(&cond) { at } else { filter };
                walked.clauses.insert(place, Clause::If(cond));
            }
            elements.push(walked);
        }
        return elements
            .into_iter()
            .flat_map(step_periodic_filters)
            .collect();
    }
    vec![element]
}

/// The expressions a loop's end evaluates without failing at every value
/// of the loop: the parts of the filter of an end found by a search
/// (`IntExpr::Until`, the filter holding up to the end, see
/// `ir::monotone`) over the loop's own range.
fn evaluated_by_end(slot: usize, low: &IntExpr, high: &IntExpr) -> Vec<IntExpr> {
    let IntExpr::Until(until) = high else {
        return Vec::new();
    };
    if until.slot != slot || until.low != *low {
        return Vec::new();
    }
    let (a, b) = match &until.cond {
        Cond::Cmp(_, a, b) => (a, b),
        Cond::Not(inner) => match &**inner {
            Cond::Cmp(_, a, b) => (a, b),
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let mut parts = Vec::new();
    for side in [a, b] {
        collect_parts(side, &mut parts);
    }
    parts
}

/// `e` and the parts evaluating it evaluates (arithmetic's operands).
fn collect_parts(e: &IntExpr, parts: &mut Vec<IntExpr>) {
    parts.push(e.clone());
    match e {
        IntExpr::Binary(_, a, b) => {
            collect_parts(a, parts);
            collect_parts(b, parts);
        }
        IntExpr::Abs(a) => collect_parts(a, parts),
        IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().for_each(|x| collect_parts(x, parts)),
        _ => {}
    }
}

/// The filter `cond` for each residue of `slot` modulo the period of the
/// remainders it reads the slot through, shortest first found: `None`
/// where it reads the slot otherwise, a remainder may fail (but where
/// `evaluated` holds its parts), or the period passes `PERIOD`.
fn periodic(cond: &Cond, slot: usize, evaluated: &[IntExpr]) -> Option<Vec<Cond>> {
    let found = RefCell::new(Vec::new());
    let rest = cond.map(&|e| {
        e.rewritten(&|part| match part {
            IntExpr::Binary(IntOp::Mod, x, m) if x.uses(slot) => {
                found
                    .borrow_mut()
                    .push((part.clone(), (**x).clone(), m.as_constant()));
                Some(IntExpr::opaque())
            }
            _ => None,
        })
    });
    let found = found.into_inner();
    if found.is_empty() || rest.uses(slot) {
        return None;
    }
    let mut period = 1;
    for (_, x, m) in &found {
        let m = m.filter(|m| (2..=SEARCHED).contains(m))?;
        let alone = (0..MAX_SLOTS).all(|s| s == slot || !x.uses(s));
        if !alone || !total_given(x, evaluated) {
            return None;
        }
        period = lcm(period, repeats(x, slot, m)?).filter(|&p| p <= SEARCHED)?;
    }
    // Each remainder's values over one period, then the shortest period
    // dividing it over which they all repeat.
    let values = (found.iter())
        .map(|(_, x, m)| {
            let m = m.expect("a constant modulus");
            let at = |r| x.with_slot_as(slot, &IntExpr::constant(r)).as_constant();
            (0..period)
                .map(|r| IntOp::Mod.apply(at(r)?, m))
                .collect::<Option<Vec<i64>>>()
        })
        .collect::<Option<Vec<_>>>()?;
    let repeat = |d: i64| {
        let d = d as usize;
        (values.iter()).all(|v| (0..v.len()).all(|r| v[r] == v[(r + d) % v.len()]))
    };
    let shortest = (1..=period).find(|&d| period % d == 0 && repeat(d))?;
    if shortest > PERIOD {
        return None;
    }
    let case = |r: usize| {
        let value = |part: &IntExpr| {
            let index = found.iter().position(|(p, _, _)| p == part)?;
            Some(IntExpr::constant(values[index][r]))
        };
        cond.map(&|e| e.rewritten(&value))
    };
    Some((0..shortest as usize).map(case).collect())
}

/// Whether evaluating `e` cannot fail: on its own, or as a quotient or
/// remainder by a constant of what `evaluated` holds.
fn total_given(e: &IntExpr, evaluated: &[IntExpr]) -> bool {
    evaluated.contains(e)
        || match e {
            IntExpr::Binary(IntOp::Div | IntOp::Mod, a, d) => {
                d.as_constant().is_some_and(|d| d != 0 && d != -1) && total_given(a, evaluated)
            }
            _ => e.total(&|_, _| false),
        }
}

/// A number of values of `slot` after which `e` modulo `m` repeats:
/// `e(k + d) ≡ e(k)` for every `k`. Sums, differences, products and
/// constant powers keep the periods of their parts (their least common
/// multiple); an affine `a·k + c` repeats every `m / gcd(a, m)`; a floor
/// quotient by `d` repeats as its dividend modulo `m·d`, and a remainder
/// by a multiple of `m` as what it divides.
fn repeats(e: &IntExpr, slot: usize, m: i64) -> Option<i64> {
    if !e.uses(slot) {
        return Some(1);
    }
    let part = |x: &IntExpr| repeats(x, slot, m);
    match e {
        IntExpr::Affine(_) => {
            let (a, _) = e.linear_in(slot)?;
            Some(m / gcd(m, a.rem_euclid(m)))
        }
        IntExpr::Binary(IntOp::Add | IntOp::Sub | IntOp::Mul, a, b) => lcm(part(a)?, part(b)?),
        IntExpr::Binary(IntOp::Pow, a, b) if !b.uses(slot) && b.as_constant()? >= 0 => part(a),
        IntExpr::Binary(IntOp::Div, a, d) => {
            let d = d.as_constant().filter(|&d| d > 0)?;
            repeats(a, slot, m.checked_mul(d)?)
        }
        IntExpr::Binary(IntOp::Mod, a, c)
            if c.as_constant().is_some_and(|c| c > 0 && c % m == 0) =>
        {
            part(a)
        }
        _ => None,
    }
}

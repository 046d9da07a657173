//! `period(F)`: the preperiod and period of a sequence of Grundy values,
//! proved where a theorem applies to the family's definition.
//!
//! Guy and Smith: for a take-and-break game removing at most t tokens, if
//! g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t, then the sequence has
//! period p from n0 on, forever. Finite lookback (`ir::Lookback`): when
//! the options of n past some heap lie at most w below n, by a rule fixed
//! by n mod m, w values in a row repeating p later (p a multiple of m)
//! repeat for ever. For other families the period is only observed on the
//! values computed.

use std::rc::Rc;

use super::octal::{OctalCode, take_and_break_code};
use crate::diagnostic::{DiagnosticExt, Result};
use crate::engine::Shape;
use crate::interp::Interp;
use crate::ir::Lookback;
use crate::ops;
use crate::progress::Task;
use crate::span::Span;
use crate::value::{Callable, FamilyId, Map, Value};

/// Heaps computed first; the bound doubles until a period is settled.
pub(crate) const FIRST_BOUND: usize = 256;
/// The default largest heap computed.
const DEFAULT_LIMIT: usize = 1 << 17;
/// How many whole periods an observed (unproved) period must repeat; it
/// must also cover the later half of the values computed.
const OBSERVED_REPEATS: usize = 4;

/// What was found on `values[0..len]`.
pub(crate) struct Found {
    pub period: usize,
    pub preperiod: usize,
}

/// The Guy–Smith condition for a game removing at most `removed` tokens:
/// on `len` values, period p is proved from any preperiod up to the one
/// returned (g(n + p) = g(n) for n0 ≤ n < 2·n0 + p + t).
fn guy_smith(removed: usize, len: usize, p: usize) -> Option<usize> {
    len.checked_sub(2 * p + removed).map(|n| n / 2)
}

/// How a family's period is proved.
pub(crate) enum Proof {
    /// A take-and-break game: the octal periodicity theorem.
    Octal(OctalCode),
    /// A rule looking a bounded distance down, fixed by a residue.
    Lookback(Lookback),
}

impl Proof {
    /// The proof that applies to `family`, if one does: its definition is
    /// an octal game's, or its integer program has a finite lookback.
    pub(crate) fn of(it: &mut Interp, family: FamilyId, span: Span) -> Result<Option<Proof>> {
        if let Some(code) = take_and_break_code(it, family, span)? {
            return Ok(Some(Proof::Octal(code)));
        }
        // One integer, not a board; an instance's other parameters are
        // fixed.
        let definition = it.program().family(family);
        let own = definition.params.len() - definition.fixed.len();
        if own != 1 || crate::ir::shape(definition) != Shape::Ints(1) {
            return Ok(None);
        }
        let plan = it.plan(family).ok();
        Ok(plan.and_then(|plan| crate::ir::lookback(&plan.kernel).map(Proof::Lookback)))
    }

    /// The least period of `values` the theorem proves, with its least
    /// preperiod.
    pub(crate) fn find(&self, values: &[u64]) -> Option<Found> {
        let len = values.len();
        match self {
            Proof::Octal(code) => proved_period(values, |p| guy_smith(code.max_removed(), len, p)),
            Proof::Lookback(rule) => {
                let found = proved_period(values, |p| rule.longest(len, p))?;
                Some(shortest(values, found))
            }
        }
    }

    /// The fewest heaps whose values may prove a period.
    pub(crate) fn fewest(&self) -> usize {
        match self {
            Proof::Octal(_) => 1,
            Proof::Lookback(rule) => rule.fewest(),
        }
    }

    /// How the period is known, over `heaps`.
    fn rule(&self, heaps: &str) -> String {
        match self {
            Proof::Octal(code) => format!(
                "octal {}, Guy–Smith periodicity theorem, {heaps} checked",
                code.text()
            ),
            Proof::Lookback(rule) => {
                let by = match rule.modulus {
                    1 => String::new(),
                    m => format!(", chosen by the heap mod {m}"),
                };
                format!(
                    "finite lookback: from heap {} on, options at most {} below the heap{by}; {heaps} checked",
                    rule.settled, rule.window
                )
            }
        }
    }
}

/// The least period dividing `found`'s with which the values after its
/// preperiod repeat over one whole period, and its least preperiod: both
/// periodic with `found.period` from there, they repeat so for ever.
fn shortest(values: &[u64], found: Found) -> Found {
    let Found { period, preperiod } = found;
    let repeats = |q: usize| {
        preperiod + period + q <= values.len()
            && (preperiod..preperiod + period).all(|n| values[n] == values[n + q])
    };
    let Some(q) = (1..period)
        .filter(|q| period.is_multiple_of(*q))
        .find(|&q| repeats(q))
    else {
        return found;
    };
    let mut preperiod = preperiod;
    while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + q] {
        preperiod -= 1;
    }
    Found {
        period: q,
        preperiod,
    }
}

/// `period(F)` / `period(F, limit)`.
pub fn period(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let family = match &args[0] {
        Value::Func(Callable::Family(id)) => Some(*id),
        // `def S(n) = T(moves, n)`: the instance's period is the def's.
        Value::Func(Callable::Def(def)) => it.family_named_by(*def, spans[0])?,
        Value::Func(_) => None,
        other => {
            return Err(ops::type_error("a one-parameter family", other, spans[0])
                .help("pass the family itself: period(Kayles)"));
        }
    };
    let limit = match args.get(1) {
        Some(v) => usize::try_from(ops::int(v, spans[1])?)
            .map_err(|_| ops::type_error("a positive bound", v, spans[1]))?,
        None => DEFAULT_LIMIT,
    };
    let proof = match family {
        Some(id) => Proof::of(it, id, spans[0])?,
        None => None,
    };
    let task = Task::start("period", Some(limit as u64));
    let mut values: Vec<Value> = Vec::new();
    let mut bound = FIRST_BOUND.min(limit);
    loop {
        while values.len() < bound {
            let n = Value::Int(values.len() as i64);
            values.push(super::apply(it, &args[0], vec![n], spans[0], span)?);
            task.advance();
            if values.len().is_multiple_of(1024) {
                it.check_interrupt(span)?;
            }
        }
        let len = values.len();
        let found = match (&proof, family) {
            (Some(proof), Some(id)) => {
                let ints: Vec<u64> = values
                    .iter()
                    .map(|v| match v {
                        Value::Int(n) => *n as u64,
                        _ => u64::MAX,
                    })
                    .collect();
                let found = proof.find(&ints);
                if let Some(found) = &found {
                    it.record_period(id, found.preperiod, found.period, &ints);
                }
                found
            }
            // The longest preperiod that an observation settles.
            _ => proved_period(&values, |p| {
                len.checked_sub(OBSERVED_REPEATS * p)
                    .map(|n| n.min(len / 2))
            }),
        };
        if found.is_some() || bound >= limit {
            return Ok(report(found, proof.as_ref(), len));
        }
        bound = (bound * 2).min(limit);
    }
}

/// The smallest period p, with the least preperiod for it, such that the
/// values repeat with period p from the preperiod to the end and the
/// preperiod is at most `longest(p)` (`None`: no preperiod settles p). A wrong period shows a mismatch within a
/// few values of the end, so the search costs about the number of values.
pub(crate) fn proved_period<T: PartialEq>(
    values: &[T],
    longest: impl Fn(usize) -> Option<usize>,
) -> Option<Found> {
    let len = values.len();
    let repeats = |n: usize, period: usize| values[n] == values[n + period];
    for period in 1..=len / 2 {
        let Some(longest) = longest(period) else {
            continue;
        };
        if !(longest..len - period).rev().all(|n| repeats(n, period)) {
            continue;
        }
        let mut preperiod = longest.min(len - period);
        while preperiod > 0 && repeats(preperiod - 1, period) {
            preperiod -= 1;
        }
        return Some(Found { period, preperiod });
    }
    None
}

/// The result map; `rule` says how the period is known and over which
/// heaps, or that none was found.
fn report(found: Option<Found>, proof: Option<&Proof>, checked: usize) -> Value {
    let mut map = Map::default();
    let mut put = |key: &str, value: Value| map.insert(Value::str(key), value);
    let heaps = format!("heaps 0..={}", checked.saturating_sub(1));
    match found {
        Some(found) => {
            put("period", Value::Int(found.period as i64));
            put("preperiod", Value::Int(found.preperiod as i64));
            put("proved", Value::Bool(proof.is_some()));
            let rule = match proof {
                Some(proof) => proof.rule(&heaps),
                None => format!("observed on {heaps}"),
            };
            put("rule", Value::str(&rule));
        }
        // No `"period"` key, rather than a value the language cannot
        // write: `"period" in period(F)` tests for one.
        None => put("rule", Value::str(&format!("no period found in {heaps}"))),
    }
    put("checked", Value::Int(checked as i64));
    Value::Map(Rc::new(map))
}

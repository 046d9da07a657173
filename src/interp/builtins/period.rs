//! `period(F)`: the preperiod and period of a sequence of Grundy values,
//! proved by the octal periodicity theorem where it applies.
//!
//! Guy and Smith: for a take-and-break game removing at most t tokens, if
//! g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t, then the sequence has
//! period p from n0 on, forever. For other families the period is only
//! observed on the values computed.

use std::rc::Rc;

use super::octal::{OctalCode, take_and_break_code};
use crate::diagnostic::{DiagnosticExt, Result};
use crate::interp::Interp;
use crate::ops;
use crate::progress::Task;
use crate::span::Span;
use crate::value::{Callable, Map, Value};

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
pub(crate) fn guy_smith(removed: usize) -> impl Fn(usize, usize) -> Option<usize> {
    move |len, p| len.checked_sub(2 * p + removed).map(|n| n / 2)
}

/// `period(F)` / `period(F, limit)`.
pub fn period(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let family = match &args[0] {
        Value::Func(Callable::Family(id)) => Some(*id),
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
    let code = match family {
        Some(id) => take_and_break_code(it, id, spans[0])?,
        None => None,
    };
    let removed = code.as_ref().map(OctalCode::max_removed);
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
        // The longest preperiod that settles period p on `len` values.
        let longest = |p: usize| match removed {
            Some(t) => guy_smith(t)(len, p),
            None => len
                .checked_sub(OBSERVED_REPEATS * p)
                .map(|n| n.min(len / 2)),
        };
        let found = proved_period(&values, longest);
        if let (Some(found), Some(_), Some(id)) = (&found, &code, family) {
            let ints: Vec<u64> = values
                .iter()
                .map(|v| match v {
                    Value::Int(n) => *n as u64,
                    _ => u64::MAX,
                })
                .collect();
            it.record_period(id, found.preperiod, found.period, &ints);
        }
        if found.is_some() || bound >= limit {
            return Ok(report(found, code.as_ref(), len));
        }
        bound = (bound * 2).min(limit);
    }
}

/// The smallest period p, with the least preperiod for it, such that the
/// values repeat with period p from the preperiod to the end and the
/// preperiod is at most `longest(p)` (`None`: no preperiod is short enough;
/// `longest` shrinks as p grows). A wrong period shows a mismatch within a
/// few values of the end, so the search costs about the number of values.
pub(crate) fn proved_period<T: PartialEq>(
    values: &[T],
    longest: impl Fn(usize) -> Option<usize>,
) -> Option<Found> {
    let len = values.len();
    let repeats = |n: usize, period: usize| values[n] == values[n + period];
    for period in 1..=len / 2 {
        let Some(longest) = longest(period) else {
            break;
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
fn report(found: Option<Found>, code: Option<&OctalCode>, checked: usize) -> Value {
    let mut map = Map::default();
    let mut put = |key: &str, value: Value| map.insert(Value::str(key), value);
    let heaps = format!("heaps 0..={}", checked.saturating_sub(1));
    match found {
        Some(found) => {
            put("period", Value::Int(found.period as i64));
            put("preperiod", Value::Int(found.preperiod as i64));
            put("proved", Value::Bool(code.is_some()));
            let rule = match code {
                Some(code) => format!(
                    "octal {}, Guy–Smith periodicity theorem, {heaps} checked",
                    code.text()
                ),
                None => format!("observed on {heaps}"),
            };
            put("rule", Value::str(&rule));
        }
        None => {
            put("period", Value::Unit);
            put("rule", Value::str(&format!("no period found in {heaps}")));
        }
    }
    put("checked", Value::Int(checked as i64));
    Value::Map(Rc::new(map))
}

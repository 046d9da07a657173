//! `period(F)`: the preperiod and period of a sequence of Grundy values,
//! proved by the octal periodicity theorem where it applies.
//!
//! Guy and Smith: for a take-and-break game removing at most t tokens, if
//! g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t, then the sequence has
//! period p from n0 on, forever. For other families the period is only
//! observed on the values computed.

use std::rc::Rc;

use super::octal::take_and_break_code;
use crate::diagnostic::{DiagnosticExt, Result};
use crate::interp::{Interp, ops};
use crate::progress::Task;
use crate::span::Span;
use crate::value::{Callable, Map, Value};

/// Heaps computed first; the bound doubles until a period is settled.
const FIRST_BOUND: usize = 256;
/// The default largest heap computed.
const DEFAULT_LIMIT: usize = 1 << 17;
/// How many whole periods an observed (unproved) period must repeat; it
/// must also cover the later half of the values computed.
const OBSERVED_REPEATS: usize = 4;

/// What was found on `values[0..len]`.
struct Found {
    period: usize,
    preperiod: usize,
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
    let removed = match family {
        Some(id) => take_and_break_code(it, id, spans[0])?.map(|code| code.max_removed()),
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
        }
        let len = values.len();
        let found = find(&values, |f| match removed {
            Some(t) => 2 * f.preperiod + 2 * f.period + t <= len,
            None => f.preperiod + OBSERVED_REPEATS * f.period <= len && 2 * f.preperiod <= len,
        });
        if found.is_some() || bound >= limit {
            return Ok(report(found, removed, len));
        }
        bound = (bound * 2).min(limit);
    }
}

/// The smallest period p, with the least preperiod for it, such that the
/// values repeat with period p from the preperiod to the end and `settled`
/// accepts the stretch as long enough.
fn find(values: &[Value], settled: impl Fn(&Found) -> bool) -> Option<Found> {
    let len = values.len();
    (1..=len / 2).find_map(|period| {
        let mut preperiod = len - period;
        while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + period] {
            preperiod -= 1;
        }
        let found = Found { period, preperiod };
        settled(&found).then_some(found)
    })
}

fn report(found: Option<Found>, removed: Option<usize>, checked: usize) -> Value {
    let mut map = Map::default();
    let mut put = |key: &str, value: Value| map.insert(Value::str(key), value);
    match found {
        Some(found) => {
            put("period", Value::Int(found.period as i64));
            put("preperiod", Value::Int(found.preperiod as i64));
            put("proved", Value::Bool(removed.is_some()));
        }
        None => put("period", Value::Unit),
    }
    put("checked", Value::Int(checked as i64));
    Value::Map(Rc::new(map))
}

//! The built-in functions of the contract.

use std::rc::Rc;

use super::{Interp, play};
use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::ops;
use crate::printer;
use crate::progress::Task;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Callable, Game, Table, Value};

mod dot;
pub mod help;
mod hint;
pub(crate) mod octal;
pub(crate) mod period;
pub(crate) use quotient::misere_by_quotient;
mod plot;
mod quotient;
mod take_break;
mod tree;

impl Builtin {
    /// The error for calling it with `count` arguments, if that is wrong.
    pub fn arity_error(self, count: usize, span: Span) -> Option<Box<Diagnostic>> {
        let (min, max) = self.arity();
        if (min..=max).contains(&count) {
            return None;
        }
        let wanted = if min == max {
            ops::plural(min, "argument")
        } else if max == 255 {
            format!("at least {}", ops::plural(min, "argument"))
        } else {
            format!("{min} or {max} arguments")
        };
        Some(
            Diagnostic::new(
                span,
                format!(
                    "`{}` takes {wanted} but {} given",
                    self.name(),
                    ops::plural_verb(count)
                ),
            )
            .label("in this call")
            .help(format!("{}: {}", self.help().usage, self.help().summary)),
        )
    }

    /// Calls it; `spans` are the arguments' spans, `span` the call's.
    pub fn call(
        self,
        it: &mut Interp,
        args: Vec<Value>,
        spans: &[Span],
        span: Span,
    ) -> Result<Value> {
        let arg = |i: usize| spans.get(i).copied().unwrap_or(span);
        match self {
            Builtin::G | Builtin::Grundy => {
                let game = ops::game(&args[0], arg(0))?;
                Ok(Value::Int(value_int(grundy(it, &game, arg(0))?, arg(0))?))
            }
            Builtin::Outcome => {
                let game = ops::game(&args[0], arg(0))?;
                let _task = Task::start("g", None);
                Ok(Value::str(it.loopy(&game, arg(0))?.outcome()))
            }
            Builtin::Loopy => {
                let game = ops::game(&args[0], arg(0))?;
                it.loopy(&game, arg(0))?.into_value(arg(0))
            }
            Builtin::Misere => {
                let game = ops::game(&args[0], arg(0))?;
                Ok(Value::str(it.misere(&game, arg(0))?))
            }
            Builtin::MisereWinning => {
                let game = ops::game(&args[0], arg(0))?;
                let mut winning = Vec::new();
                for option in it.options(&game, arg(0))? {
                    if it.misere(&option, arg(0))? == "P" {
                        winning.push(Value::Game(option));
                    }
                }
                Ok(Value::list(winning))
            }
            Builtin::MisereQuotient => quotient::misere_quotient(it, &args, spans, span),
            Builtin::Genus => {
                let game = ops::game(&args[0], arg(0))?;
                Ok(Value::str(&it.genus(&game, arg(0))?))
            }
            Builtin::MisereNim => {
                let game = ops::game(&args[0], arg(0))?;
                Ok(Value::Int(value_int(
                    it.misere_nim(&game, arg(0))?,
                    arg(0),
                )?))
            }
            Builtin::NimMul => play::nim_mul(&args[0], &args[1], (arg(0), arg(1)), span),
            Builtin::NimInv => play::nim_inv(&args[0], arg(0)),
            Builtin::Mex => mex(it, &args[0], arg(0)),
            Builtin::Options => {
                let game = ops::game(&args[0], arg(0))?;
                let options = it.options(&game, arg(0))?;
                Ok(Value::list(options.into_iter().map(Value::Game).collect()))
            }
            Builtin::Winning => hint::winning(it, &args, spans),
            Builtin::Seq => {
                let items = ops::Items::of(args[1].clone(), arg(1), it.limits().max_list_len)?;
                Ok(Value::list(sequence(it, &args[0], items, arg(0), span)?))
            }
            Builtin::TableOf => table(it, &args, spans, span),
            Builtin::Tree => tree::tree(it, &args, spans, span),
            Builtin::Dot => dot::dot(it, &args, spans, span),
            Builtin::Plot => plot::plot(it, &args, spans, span),
            Builtin::Hint => hint::hint(it, &args, spans, span),
            Builtin::Octal | Builtin::TakeAndBreak => octal::octal(it, &args, spans, span),
            Builtin::Subtraction => octal::subtraction(it, &args, spans, span),
            Builtin::Period => period::period(it, &args, spans, span),
            Builtin::Len => match &args[0] {
                v @ (Value::List(_) | Value::Range(..) | Value::Str(_) | Value::Map(_)) => {
                    let n = ops::length(v);
                    i64::try_from(n).map(Value::Int).map_err(|_| {
                        Diagnostic::new(arg(0), "integer overflow")
                            .label(format!(
                                "this range holds {n} integers, more than the largest integer"
                            ))
                            .help(format!("integers range from {} to {}", i64::MIN, i64::MAX))
                    })
                }
                game @ Value::Game(_) => Err(ops::type_error(
                    "a list, range, string or map",
                    game,
                    arg(0),
                )
                .help(format!(
                    "a game has options, not a length: `len(options({}))` counts its moves",
                    printer::inline(game, it)
                ))),
                other => Err(ops::type_error(
                    "a list, range, string or map",
                    other,
                    arg(0),
                )),
            },
            Builtin::Min | Builtin::Max => {
                if let [Value::Range(low, high)] = args[..]
                    && low < high
                {
                    return Ok(Value::Int(if self == Builtin::Min {
                        low
                    } else {
                        high - 1
                    }));
                }
                let items = if args.len() == 1 {
                    let items = ops::Items::of(args[0].clone(), arg(0), it.limits().max_list_len)?;
                    items.collect::<Vec<_>>()
                } else {
                    args
                };
                // The first of the least (of the greatest for `max`), as
                // Python gives it.
                let keeps = if self == Builtin::Min {
                    std::cmp::Ordering::Less
                } else {
                    std::cmp::Ordering::Greater
                };
                let mut items = items.into_iter();
                let mut best = items.next().ok_or_else(|| {
                    Diagnostic::new(arg(0), format!("`{}` of an empty list", self.name()))
                        .label("this is empty")
                })?;
                for item in items {
                    if ops::order(&item, &best, arg(0))? == keeps {
                        best = item;
                    }
                }
                Ok(best)
            }
            Builtin::Abs => {
                let n = ops::int(&args[0], arg(0))?;
                n.checked_abs()
                    .map(Value::Int)
                    .ok_or_else(|| ops::overflow(arg(0)))
            }
            Builtin::Sum => sum(it, &args[0], arg(0)),
            Builtin::Sort => {
                let mut items: Vec<Value> =
                    ops::Items::of(args[0].clone(), arg(0), it.limits().max_list_len)?.collect();
                // The first pair with no order fails the sort.
                let mut failed = None;
                items.sort_by(|a, b| {
                    ops::order(a, b, arg(0)).unwrap_or_else(|error| {
                        failed.get_or_insert(error);
                        std::cmp::Ordering::Equal
                    })
                });
                match failed {
                    Some(error) => Err(error),
                    None => Ok(Value::list(items)),
                }
            }
            Builtin::Keys => match &args[0] {
                Value::Map(map) => Ok(Value::list(
                    map.entries.iter().map(|(k, _)| k.clone()).collect(),
                )),
                other => Err(ops::type_error("a map", other, arg(0))),
            },
            Builtin::Any | Builtin::All => {
                let items = ops::Items::of(args[0].clone(), arg(0), it.limits().max_list_len)?;
                let wanted = self == Builtin::Any;
                for item in items {
                    if ops::truth(&item, arg(0))? == wanted {
                        return Ok(Value::Bool(wanted));
                    }
                }
                Ok(Value::Bool(!wanted))
            }
            Builtin::Reversed => match &args[0] {
                Value::Str(s) => Ok(Value::str(&s.chars().rev().collect::<String>())),
                other => {
                    let items = ops::Items::of(other.clone(), arg(0), it.limits().max_list_len)?;
                    let mut items: Vec<Value> = items.collect();
                    items.reverse();
                    Ok(Value::list(items))
                }
            },
            Builtin::Str => Ok(match &args[0] {
                text @ Value::Str(_) => text.clone(),
                other => Value::str(&printer::inline(other, it)),
            }),
            Builtin::List => {
                let items = ops::Items::of(args[0].clone(), arg(0), it.limits().max_list_len)?;
                Ok(Value::list(items.collect()))
            }
            Builtin::Print => {
                let mut parts = Vec::with_capacity(args.len());
                for (value, &span) in args.iter().zip(spans) {
                    printer::check_size(value, it, printer::Format::Text, span)?;
                    let value = it.readable(value, span)?;
                    parts.push(printer::result(&value, it, crate::printer::Format::Text));
                }
                let text = parts.join(" ");
                // Under `--format json` every line must parse: the text
                // goes out as one JSON string.
                if it.format() == crate::printer::Format::Json {
                    it.write_line(&serde_json::Value::from(text).to_string(), span)?;
                } else {
                    it.write_line(&text, span)?;
                }
                Ok(Value::Unit)
            }
        }
    }
}

/// A Grundy value as a language integer.
fn value_int(value: u64, span: Span) -> Result<i64> {
    i64::try_from(value).map_err(|_| ops::overflow(span))
}

/// `g(G)`, with a spinner on standard error if the search runs long.
fn grundy(it: &mut Interp, game: &Game, span: Span) -> Result<u64> {
    let _task = Task::start("g", None);
    it.grundy(game, span)
}

/// `seq(F, items)`: `apply` to each item, with a progress bar if it runs
/// long. The heaps of a family of one integer parameter are computed
/// bottom-up first, as far as its program vouches for them, and read
/// straight from its table (or its proved period): no position nor value
/// built per heap.
fn sequence(
    it: &mut Interp,
    f: &Value,
    items: ops::Items,
    f_span: Span,
    span: Span,
) -> Result<Vec<Value>> {
    applicable(it, f, 1, f_span)?;
    let count = match &items {
        ops::Items::List(list, start) => list.len().saturating_sub(*start) as u64,
        ops::Items::Range(low, high) => Value::range_len(*low, *high),
    };
    let heaps = match (f, &items) {
        (Value::Func(Callable::Family(family)), &ops::Items::Range(low, high))
            if high > low && it.fill_heaps(*family, high - 1) =>
        {
            Some((*family, high - 1))
        }
        _ => None,
    };
    let task = Task::start("seq", Some(count));
    let mut values = Vec::new();
    for n in items {
        it.tick(span)?;
        let known = match (heaps, &n) {
            (Some((family, _)), &Value::Int(n)) => it.heap_value(family, n),
            _ => None,
        };
        let value = match known {
            Some(value) => Value::Int(value_int(value, span)?),
            None => {
                let value = apply(it, f, vec![n], f_span, span)?;
                // The generic search computed that heap: the program
                // takes the heaps above it again.
                if let Some((family, last)) = heaps {
                    it.fill_heaps(family, last);
                }
                value
            }
        };
        values.push(value);
        task.advance();
    }
    Ok(values)
}

/// Whether `f` is a family or function taking `count` arguments, which
/// `seq` and `table` check before their first cell: an empty range calls
/// nothing, and `seq(3, 0..0)` is still an error.
fn applicable(it: &Interp, f: &Value, count: usize, f_span: Span) -> Result<()> {
    match f {
        Value::Func(callable) => it.check_arity(*callable, count, f_span),
        _ => Err(ops::type_error("a game family or function", f, f_span)
            .help("pass the family itself: seq(Kayles, 0..=10)")),
    }
}

/// `g(F(args))` for a family, `F(args)` (or its value, if a game) for a
/// `def` or built-in: what `seq` and `table` show, `f` checked
/// `applicable` first.
fn apply(it: &mut Interp, f: &Value, args: Vec<Value>, f_span: Span, span: Span) -> Result<Value> {
    it.check_interrupt(span)?;
    let spans = vec![span; args.len()];
    match it.call_value(f.clone(), args, &spans, f_span, span)? {
        Value::Game(game) => Ok(Value::Int(value_int(it.grundy(&game, span)?, span)?)),
        other => Ok(other),
    }
}

fn table(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let limit = it.limits().max_list_len;
    let rows: Vec<Value> = ops::Items::of(args[1].clone(), spans[1], limit)?.collect();
    let cols: Vec<Value> = ops::Items::of(args[2].clone(), spans[2], limit)?.collect();
    // The cells count against the list limit, before any is computed.
    if (rows.len() as u64).saturating_mul(cols.len() as u64) > limit {
        return Err(ops::too_long(span, limit).help("use smaller ranges of rows and columns"));
    }
    applicable(it, &args[0], 2, spans[0])?;
    let task = Task::start("table", Some(rows.len() as u64 * cols.len() as u64));
    let mut cells = Vec::with_capacity(rows.len());
    for r in &rows {
        let mut line = Vec::with_capacity(cols.len());
        for c in &cols {
            it.tick(span)?;
            line.push(apply(
                it,
                &args[0],
                vec![r.clone(), c.clone()],
                spans[0],
                span,
            )?);
            task.advance();
        }
        cells.push(line);
    }
    let corner = match &args[0] {
        Value::Func(callable) => printer::callable_name(*callable, it),
        _ => String::new(),
    };
    Ok(Value::Table(Rc::new(Table {
        corner,
        rows,
        cols,
        cells,
    })))
}

fn mex(it: &Interp, xs: &Value, span: Span) -> Result<Value> {
    if let Value::Range(low, high) = *xs {
        // By arithmetic: a range is never built.
        return match (low, high) {
            _ if high <= low => Ok(Value::Int(0)),
            (0, high) => Ok(Value::Int(high)),
            (1.., _) => Ok(Value::Int(0)),
            _ => Err(not_for_mex(0, &Value::Int(low), span)),
        };
    }
    let items = ops::Items::of(xs.clone(), span, it.limits().max_list_len)?;
    let mut values = Vec::new();
    for (i, item) in items.enumerate() {
        match item {
            Value::Int(n) if n >= 0 => values.push(n as u64),
            other => return Err(not_for_mex(i, &other, span)),
        }
    }
    let mut mex = crate::engine::Mex::default();
    Ok(Value::Int(mex.of(values.len(), values) as i64))
}

/// The error for an element `mex` cannot take.
fn not_for_mex(i: usize, element: &Value, span: Span) -> Box<Diagnostic> {
    Diagnostic::new(
        span,
        format!(
            "mex needs non-negative integers, but element {i} is {}",
            printer::describe_plain(element)
        ),
    )
    .label("in this list")
    .help("mex is the least non-negative integer missing from a set of them")
}

fn sum(it: &mut Interp, xs: &Value, span: Span) -> Result<Value> {
    let items = ops::Items::of(xs.clone(), span, it.limits().max_list_len)?;
    let mut total: Option<Value> = None;
    for item in items {
        it.tick(span)?;
        total = Some(match (total, &item) {
            // Integers added here, not through the operators' dispatch
            // (`sum(seq(F, 0..3000000))`: a quarter of the time); an
            // overflow goes there for its error.
            (Some(Value::Int(a)), &Value::Int(b)) if a.checked_add(b).is_some() => {
                Value::Int(a + b)
            }
            (None, _) => item,
            (Some(acc), _) => ops::binary(
                it,
                crate::syntax::ast::BinOp::Add,
                acc,
                item,
                (span, span, span),
            )?,
        });
    }
    Ok(total.unwrap_or(Value::Int(0)))
}

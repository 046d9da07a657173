//! Operators and the checks behind them: every type error names what was
//! expected and what was found, at the operand's span.

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::kernel::IntOp;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::syntax::ast::BinOp;
use crate::value::{Game, Value};

/// "1 argument", "2 arguments".
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// "1 was", "3 were".
pub fn plural_verb(n: usize) -> String {
    if n == 1 {
        "1 was".to_string()
    } else {
        format!("{n} were")
    }
}

/// "an integer" / "a game" with the value where it is short.
fn found(value: &Value) -> String {
    printer::describe_plain(value)
}

/// The error for a value of the wrong kind.
pub fn type_error(expected: &str, value: &Value, span: Span) -> Box<Diagnostic> {
    Diagnostic::new(span, format!("expected {expected}, found {}", found(value)))
        .label(format!("this is {}", found(value)))
}

/// The error for a non-game where a game is needed, with the `*n` hint.
pub fn expected_game(value: &Value, span: Span) -> Box<Diagnostic> {
    let diagnostic = type_error("a game", value, span);
    match value {
        Value::Int(n) if *n >= 0 => {
            diagnostic.help(format!("write `*{n}` for a nim heap of size {n}"))
        }
        Value::List(_) => diagnostic.help("write `< … >` for a game given by its options"),
        Value::Func(_) => diagnostic.help("call it with its arguments to get a position"),
        _ => diagnostic,
    }
}

/// Checks that an option-list element is a game.
pub fn option(value: Value, span: Span) -> Result<Game> {
    match value {
        Value::Game(game) => Ok(game),
        other => Err(not_an_option(&other, span, None)),
    }
}

/// The error for an option-list element that is not a game; `name` is the
/// variable the element reads, if it is one (`< k for k in 0..n >`).
pub fn not_an_option(value: &Value, span: Span, name: Option<&str>) -> Box<Diagnostic> {
    let d = Diagnostic::new(
        span,
        format!("an option must be a game, found {}", found(value)),
    )
    .label("not a game");
    match (value, name) {
        (Value::Int(_), Some(name)) => d.help(format!(
            "`{name}` is an integer; write `*{name}` for a nim heap of size {name}"
        )),
        (Value::Int(n), None) if *n >= 0 => {
            d.help(format!("write `*{n}` for a nim heap of size {n}"))
        }
        _ => d,
    }
}

/// The integer inside a value.
pub fn int(value: &Value, span: Span) -> Result<i64> {
    match value {
        Value::Int(n) => Ok(*n),
        other => Err(type_error("an integer", other, span)),
    }
}

/// The game inside a value.
pub fn game(value: &Value, span: Span) -> Result<Game> {
    match value {
        Value::Game(game) => Ok(game.clone()),
        other => Err(expected_game(other, span)),
    }
}

/// A boolean condition; other values are an error (no truthiness).
pub fn truth(value: &Value, span: Span) -> Result<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(type_error("a boolean (true or false)", other, span)
            .help("compare explicitly, e.g. `n > 0` or `xs != []`")),
    }
}

/// The error for an arithmetic result outside 64 bits.
pub fn overflow(span: Span) -> Box<Diagnostic> {
    Diagnostic::new(span, "integer overflow").label("the result does not fit in 64 bits")
}

/// The error for a list longer than the limit.
pub fn too_long(span: Span, limit: u64) -> Box<Diagnostic> {
    Diagnostic::new(span, format!("more than {limit} elements"))
        .label("this would build too long a list")
        .help("use a smaller range")
}

/// `*n`.
pub fn nim(value: Value, span: Span) -> Result<Value> {
    match value {
        Value::Int(n) if n >= 0 => Ok(Value::Game(Game::Nim(n as u64))),
        Value::Int(n) => Err(Diagnostic::new(
            span,
            format!("a nim heap cannot be negative: *({n})"),
        )
        .label(format!("this is {n}"))
        .help("heap sizes are 0, 1, 2, …")),
        other => Err(type_error("an integer heap size", &other, span)),
    }
}

/// Unary minus.
pub fn negate(value: Value, span: Span) -> Result<Value> {
    let n = int(&value, span)?;
    n.checked_neg()
        .map(Value::Int)
        .ok_or_else(|| overflow(span))
}

/// A binary operator; `spans` are the left operand, right operand, whole.
pub fn binary(
    it: &mut dyn Runtime,
    op: BinOp,
    left: Value,
    right: Value,
    spans: (Span, Span, Span),
) -> Result<Value> {
    let (ls, rs, whole) = spans;
    use Value::*;
    Ok(match (op, &left, &right) {
        (BinOp::Eq | BinOp::Ne, _, _) => {
            let same = equal(it, &left, &right, spans)?;
            Bool(same == (op == BinOp::Eq))
        }
        (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, _, _) => {
            let ordering = compare(&left, &right, spans)?;
            Bool(match op {
                BinOp::Lt => ordering.is_lt(),
                BinOp::Le => ordering.is_le(),
                BinOp::Gt => ordering.is_gt(),
                _ => ordering.is_ge(),
            })
        }
        (BinOp::In | BinOp::NotIn, _, _) => {
            Bool(contains(it, &left, &right, spans)? == (op == BinOp::In))
        }
        (BinOp::Pow, Int(a), Int(b)) => Int(power(*a, *b, rs, whole)?),
        (BinOp::Add, Game(a), Game(b)) => Game(a.clone().sum(b.clone())),
        (BinOp::Add, Int(_), Game(_)) | (BinOp::Add, Game(_), Int(_)) => {
            let (n, span) = if let Int(n) = left {
                (n, ls)
            } else {
                (int(&right, rs)?, rs)
            };
            return Err(
                Diagnostic::new(span, format!("cannot add the integer {n} to a game"))
                    .label("this is an integer")
                    .help(if n >= 0 {
                        format!("write `*{n}` for the nim heap of size {n}")
                    } else {
                        "a game can only be added to a game".to_string()
                    }),
            );
        }
        (BinOp::Add, List(_) | Range(..), List(_) | Range(..)) => {
            // Sized before anything is allocated: a range may be huge.
            let limit = it.limits().max_list_len;
            let total = length(&left).saturating_add(length(&right));
            if total > limit {
                return Err(too_long(whole, limit));
            }
            let mut items = Vec::with_capacity(total as usize);
            items.extend(left.elements());
            items.extend(right.elements());
            Value::list(items)
        }
        (BinOp::Add, Str(a), Str(b)) => {
            it.check_memory(a.len() + b.len(), whole)?;
            // Strings count against the list limit, by bytes: doubling a
            // string in a loop must stop with an error, not exhaust memory.
            let limit = it.limits().max_list_len;
            if (a.len() + b.len()) as u64 > limit {
                return Err(
                    Diagnostic::new(whole, format!("a string of more than {limit} bytes"))
                        .label("this would build too long a string")
                        .help("strings have the same limit as lists"),
                );
            }
            Value::str(&format!("{a}{b}"))
        }
        (_, Int(a), Int(b)) => Int(arithmetic(op, *a, *b, rs, whole)?),
        (BinOp::Xor, Game(_), Game(_)) => {
            return Err(
                Diagnostic::new(whole, "`^` is the nim-sum of integers, not of games")
                    .label("both operands are games")
                    .help("write `G + H` for the sum of games, or `g(G) ^ g(H)` for its value"),
            );
        }
        _ => {
            let wanted = if op == BinOp::Add {
                "integers, games, lists or strings"
            } else {
                "integers"
            };
            let bad = if matches!(left, Int(_)) {
                (&right, rs)
            } else {
                (&left, ls)
            };
            if op == BinOp::Add && (matches!(left, Str(_)) || matches!(right, Str(_))) {
                let bad = if matches!(left, Str(_)) {
                    (&right, rs)
                } else {
                    (&left, ls)
                };
                return Err(Diagnostic::new(
                    bad.1,
                    format!("cannot add {} to a string", found(bad.0)),
                )
                .label(format!("this is {}", found(bad.0)))
                .help("`str(x)` turns a value into text: `\"g = \" + str(g(G))`"));
            }
            return Err(Diagnostic::new(
                bad.1,
                format!(
                    "`{}` cannot be applied to {} and {}",
                    op.symbol(),
                    found(&left),
                    found(&right)
                ),
            )
            .label(format!("this is {}", found(bad.0)))
            .help(format!("`{}` works on {wanted}", op.symbol())));
        }
    })
}

/// `a ** b`: an integer power; a negative exponent or a result outside 64
/// bits is an error.
fn power(a: i64, b: i64, rs: Span, whole: Span) -> Result<i64> {
    if b < 0 {
        return Err(Diagnostic::new(rs, format!("negative exponent {b}"))
            .label("integers have no negative powers")
            .help("the exponent of `**` must be 0 or more"));
    }
    IntOp::Pow.apply(a, b).ok_or_else(|| overflow(whole))
}

/// `item in container`: an element of a list or set (by `==`), a value of
/// a range (arithmetic, nothing built), a key of a map, or a substring.
fn contains(
    it: &mut dyn Runtime,
    item: &Value,
    container: &Value,
    spans: (Span, Span, Span),
) -> Result<bool> {
    match container {
        Value::Range(low, high) => Ok(matches!(item, Value::Int(n) if low <= n && n < high)),
        Value::List(items) => {
            for element in items.iter() {
                // A game is never equal to a value of another kind.
                let games = (
                    matches!(item, Value::Game(_)),
                    matches!(element, Value::Game(_)),
                );
                if games.0 == games.1 && equal(it, item, element, spans)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Map(map) => Ok(map.get(item).is_some()),
        Value::Str(text) => match item {
            Value::Str(part) => Ok(text.contains(&**part)),
            other => Err(type_error(
                "a string to look for in a string",
                other,
                spans.0,
            )),
        },
        other => Err(type_error(
            "a list, set, range, map or string to look in",
            other,
            spans.1,
        )),
    }
}

fn arithmetic(op: BinOp, a: i64, b: i64, rs: Span, whole: Span) -> Result<i64> {
    let by_zero = || {
        Diagnostic::new(
            rs,
            if op == BinOp::Div {
                "division by zero"
            } else {
                "modulo by zero"
            },
        )
        .label("this is 0")
    };
    let int_op = match op {
        BinOp::Add => IntOp::Add,
        BinOp::Sub => IntOp::Sub,
        BinOp::Mul => IntOp::Mul,
        BinOp::Div | BinOp::Mod if b == 0 => return Err(by_zero()),
        BinOp::Div => IntOp::Div,
        BinOp::Mod => IntOp::Mod,
        _ => IntOp::Xor,
    };
    // One definition of the arithmetic (floor division and a remainder
    // with the divisor's sign, as in Python) for the interpreter and the
    // engine's kernels alike.
    let result = int_op.apply(a, b);
    result.ok_or_else(|| overflow(whole))
}

/// `==`: equivalence (equal Grundy values) for games, structure otherwise.
fn equal(
    it: &mut dyn Runtime,
    left: &Value,
    right: &Value,
    spans: (Span, Span, Span),
) -> Result<bool> {
    it.check_stack(spans.2)?;
    use Value::*;
    match (left, right) {
        (Game(a), Game(b)) => Ok(it.grundy_value(a, spans.0)? == it.grundy_value(b, spans.1)?),
        (Game(_), _) | (_, Game(_)) => Err(incomparable(left, right, spans)),
        (Range(a, b), Range(c, d)) => Ok(crate::value::range_cmp((*a, *b), (*c, *d)).is_eq()),
        (List(_) | Range(..), List(_) | Range(..)) => {
            // Lengths first: a range against a list then walks no further
            // than the list.
            if length(left) != length(right) {
                return Ok(false);
            }
            for (x, y) in left.elements().zip(right.elements()) {
                if !equal(it, &x, &y, spans)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        (Map(a), Map(b)) => {
            // As in Python: the same keys, in any order, with equal values.
            if a.entries.len() != b.entries.len() {
                return Ok(false);
            }
            for (key, x) in &a.entries {
                match b.get(key) {
                    Some(y) if equal(it, x, y, spans)? => {}
                    _ => return Ok(false),
                }
            }
            Ok(true)
        }
        _ => Ok(left == right),
    }
}

/// The order `min`, `max` and `sort` put values in: `<`'s, its errors
/// pointing at `span` (games and values of different kinds have none).
pub fn order(left: &Value, right: &Value, span: Span) -> Result<std::cmp::Ordering> {
    compare(left, right, (span, span, span))
}

fn compare(left: &Value, right: &Value, spans: (Span, Span, Span)) -> Result<std::cmp::Ordering> {
    use Value::*;
    use std::cmp::Ordering;
    match (left, right) {
        (Int(_), Int(_)) | (Str(_), Str(_)) => Ok(left.cmp(right)),
        (Range(a, b), Range(c, d)) => Ok(crate::value::range_cmp((*a, *b), (*c, *d))),
        // Item by item, as Python does: the first that differs decides,
        // and items that have no order (games) are an error.
        (List(_) | Range(..), List(_) | Range(..)) => {
            let (mut xs, mut ys) = (left.elements(), right.elements());
            loop {
                match (xs.next(), ys.next()) {
                    (Some(x), Some(y)) => match compare(&x, &y, spans)? {
                        Ordering::Equal => {}
                        decided => return Ok(decided),
                    },
                    (x, y) => return Ok(x.is_some().cmp(&y.is_some())),
                }
            }
        }
        (Game(_), Game(_)) => Err(Diagnostic::new(spans.2, "games are not ordered")
            .label("games have no order: `<`, `max` and `sort` do not compare them")
            .help("compare their values, `g(G) < g(H)` or `max([g(G) for G in games])`, or test equivalence with `G == H`")),
        _ => Err(incomparable(left, right, spans)),
    }
}

fn incomparable(left: &Value, right: &Value, spans: (Span, Span, Span)) -> Box<Diagnostic> {
    let help = match (left, right) {
        (Value::Game(_), Value::Int(_)) | (Value::Int(_), Value::Game(_)) => {
            "a game is not a number: compare its value, g(G), with the number"
        }
        (Value::Game(_), _) | (_, Value::Game(_)) => {
            "games compare only with games (by value); compare g(G) for numbers"
        }
        _ => "both sides must be of the same kind",
    };
    Diagnostic::new(
        spans.2,
        format!("cannot compare {} with {}", found(left), found(right)),
    )
    .label("these cannot be compared")
    .with_label(spans.0, format!("this is {}", found(left)))
    .with_label(spans.1, format!("this is {}", found(right)))
    .help(help)
}

/// `xs[i]`, `xs[a..b]`, `m[key]`.
pub fn index(base: Value, key: Value, base_span: Span, key_span: Span) -> Result<Value> {
    match (&base, &key) {
        (Value::Map(map), Value::Range(..)) if map.get(&key).is_none() => Err(Diagnostic::new(
            key_span,
            "a map cannot be sliced",
        )
        .label("a slice of a map")
        .with_label(base_span, "this is a map")
        .help("a map is read by key, `m[key]`; a slice takes part of a list, a range or a string")),
        (Value::Map(map), _) => map.get(&key).cloned().ok_or_else(|| {
            Diagnostic::new(
                key_span,
                format!("key {} is not in the map", printer::plain(&key)),
            )
            .label("missing key")
            .help(format!(
                "the keys are {}",
                printer::plain(&Value::list(
                    map.entries.iter().map(|(k, _)| k.clone()).collect()
                ))
            ))
        }),
        (Value::List(_) | Value::Range(..) | Value::Str(_), Value::Int(i)) => {
            // In 128 bits: a range may hold more than `i64::MAX` integers.
            let len = i128::from(length(&base));
            let at = if *i < 0 {
                len + i128::from(*i)
            } else {
                i128::from(*i)
            };
            if at < 0 || at >= len {
                return Err(Diagnostic::new(
                    key_span,
                    format!(
                        "index {i} is out of range for a {} of length {len}",
                        base.kind()
                    ),
                )
                .label(match len {
                    0 => format!("the {} is empty: no index is valid", base.kind()),
                    _ => format!(
                        "valid indices are 0 to {} (or -{len} to -1 from the end)",
                        len - 1
                    ),
                }));
            }
            Ok(match &base {
                Value::List(items) => items[at as usize].clone(),
                Value::Range(low, _) => Value::Int((i128::from(*low) + at) as i64),
                Value::Str(s) => Value::str(&s.chars().nth(at as usize).unwrap_or(' ').to_string()),
                _ => unreachable!("matched above"),
            })
        }
        (Value::List(_) | Value::Range(..) | Value::Str(_), Value::Range(a, b)) => {
            let len = i128::from(length(&base));
            let clamp = |x: i64| {
                let x = i128::from(x);
                if x < 0 { (x + len).max(0) } else { x.min(len) }
            };
            let (a, b) = (clamp(*a), clamp(*b).max(clamp(*a)));
            // Both ends lie within the range, so they fit in 64 bits.
            let within = |low: i64, x: i128| (i128::from(low) + x) as i64;
            Ok(match &base {
                Value::List(items) => Value::list(items[a as usize..b as usize].to_vec()),
                Value::Range(low, _) => Value::Range(within(*low, a), within(*low, b)),
                Value::Str(s) => Value::str(
                    &s.chars()
                        .skip(a as usize)
                        .take((b - a) as usize)
                        .collect::<String>(),
                ),
                _ => unreachable!("matched above"),
            })
        }
        (Value::List(_) | Value::Range(..) | Value::Str(_), _) => {
            Err(type_error("an integer index or a range", &key, key_span))
        }
        _ => Err(
            Diagnostic::new(base_span, format!("cannot index {}", found(&base)))
                .label("this cannot be indexed")
                .help("lists, strings and maps can be indexed"),
        ),
    }
}

/// The length of a list, range, string or map.
pub fn length(value: &Value) -> u64 {
    match value {
        Value::List(items) => items.len() as u64,
        Value::Range(a, b) => Value::range_len(*a, *b),
        Value::Str(s) => s.chars().count() as u64,
        Value::Map(m) => m.entries.len() as u64,
        _ => 0,
    }
}

/// The elements of an iterable value, without materialising ranges.
pub enum Items {
    List(std::rc::Rc<Vec<Value>>, usize),
    Range(i64, i64),
}

impl Items {
    /// Iterates a list, range, map (its keys) or string (its characters).
    pub fn of(value: Value, span: Span, limit: u64) -> Result<Items> {
        match value {
            Value::List(items) => Ok(Items::List(items, 0)),
            Value::Range(a, b) => {
                if Value::range_len(a, b) > limit {
                    return Err(too_long(span, limit));
                }
                Ok(Items::Range(a, b))
            }
            Value::Map(map) => Ok(Items::List(
                std::rc::Rc::new(map.entries.iter().map(|(k, _)| k.clone()).collect()),
                0,
            )),
            Value::Str(s) => Ok(Items::List(
                std::rc::Rc::new(s.chars().map(|c| Value::str(&c.to_string())).collect()),
                0,
            )),
            other => Err(type_error(
                "a list, range, map or string to iterate over",
                &other,
                span,
            )),
        }
    }
}

impl Iterator for Items {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        match self {
            Items::List(items, i) => {
                let item = items.get(*i).cloned();
                *i += 1;
                item
            }
            Items::Range(a, b) => {
                if a < b {
                    *a += 1;
                    Some(Value::Int(*a - 1))
                } else {
                    None
                }
            }
        }
    }
}

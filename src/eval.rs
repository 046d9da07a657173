//! Evaluates the resolved program's terms (`resolve::term`) on values:
//! the plain meaning of a definition, for what the integer IR does not
//! compute (games, maps, strings, calls of built-ins) and the reference the
//! IR is tested against. It sees the session only through `Runtime`.

use std::rc::Rc;

use crate::diagnostic::Result;
use crate::ops;
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Map, Value};

/// Receives each value an element yields, with the value's span.
pub type Emit<'a> = &'a mut dyn FnMut(&mut dyn Runtime, Value, Span) -> Result<()>;

/// The value of `term`, its locals in `frame`.
pub fn eval(it: &mut dyn Runtime, frame: &mut [Value], term: &Term) -> Result<Value> {
    match &term.kind {
        TermKind::Const(value) => Ok(value.clone()),
        TermKind::Local(slot) => Ok(frame[*slot].clone()),
        TermKind::Let(index) => it.let_value(*index, term.span),
        TermKind::LastResult => it.last_result(term.span),
        TermKind::Position { family, args } => match args.as_slice() {
            // The common case `F(n - k)`: no argument vector.
            [arg] => {
                let value = operand(it, frame, arg)?;
                it.position(*family, std::slice::from_ref(&value), term.span)
            }
            _ => {
                let args = eval_all(it, frame, args)?;
                it.position(*family, &args, term.span)
            }
        },
        TermKind::CallDef { def, args } => {
            let args = eval_all(it, frame, args)?;
            it.call_def(*def, args, term.span)
        }
        TermKind::CallBuiltin { builtin, args } => {
            let values = eval_all(it, frame, args)?;
            it.call_builtin(*builtin, values, &spans(args), term.span)
        }
        TermKind::CallValue { callee, args } => {
            let function = eval(it, frame, callee)?;
            let values = eval_all(it, frame, args)?;
            it.call_value(function, values, &spans(args), callee.span, term.span)
        }
        TermKind::Nim(inner) => ops::nim(eval(it, frame, inner)?, inner.span),
        TermKind::Neg(inner) => ops::negate(eval(it, frame, inner)?, inner.span),
        TermKind::Not(inner) => Ok(Value::Bool(!truth(it, frame, inner)?)),
        TermKind::Logic { and, a, b } => {
            let first = truth(it, frame, a)?;
            if first != *and {
                return Ok(Value::Bool(first));
            }
            Ok(Value::Bool(truth(it, frame, b)?))
        }
        TermKind::Binary(op, a, b) => {
            let left = operand(it, frame, a)?;
            let right = operand(it, frame, b)?;
            ops::binary(it, *op, left, right, (a.span, b.span, term.span))
        }
        TermKind::Range {
            low,
            high,
            inclusive,
        } => {
            let start = ops::int(&eval(it, frame, low)?, low.span)?;
            let end = ops::int(&eval(it, frame, high)?, high.span)?;
            let end = match inclusive {
                true => end.checked_add(1).ok_or_else(|| ops::overflow(high.span))?,
                false => end,
            };
            Ok(Value::Range(start, end))
        }
        TermKind::If {
            cond,
            then,
            otherwise,
        } => match truth(it, frame, cond)? {
            true => eval(it, frame, then),
            false => eval(it, frame, otherwise),
        },
        TermKind::Index(base, key) => {
            let container = operand(it, frame, base)?;
            let index = operand(it, frame, key)?;
            ops::index(container, index, base.span, key.span)
        }
        TermKind::Options(elements) => options(it, frame, elements, term.span),
        TermKind::List { elements, set } => list(it, frame, elements, *set),
        TermKind::MapFor(element) => map_for(it, frame, element),
        TermKind::Map(entries) => map(it, frame, entries),
    }
}

// The collections are built apart from `eval` (never inlined into it),
// whose frame every expression's evaluation pays for.

/// `< … >`: the literal game of the options `elements` yield.
#[inline(never)]
fn options(
    it: &mut dyn Runtime,
    frame: &mut [Value],
    elements: &[Element],
    span: Span,
) -> Result<Value> {
    let games = gathered(it, frame, elements, ops::option)?;
    it.literal(games, span)
}

/// A list, or a set (sorted, without repeats), of what `elements` yield.
#[inline(never)]
fn list(
    it: &mut dyn Runtime,
    frame: &mut [Value],
    elements: &[Element],
    set: bool,
) -> Result<Value> {
    let mut items = gathered(it, frame, elements, |value, _| Ok(value))?;
    if set {
        items.sort();
        items.dedup();
    }
    Ok(Value::list(items))
}

/// What `item` makes of each value `elements` yield, in order, the
/// length limit checked as they are gathered.
fn gathered<T>(
    it: &mut dyn Runtime,
    frame: &mut [Value],
    elements: &[Element],
    item: impl Fn(Value, Span) -> Result<T>,
) -> Result<Vec<T>> {
    let mut gathered = Vec::new();
    for element in elements {
        generate(it, frame, element, &mut |it, value, span| {
            gathered.push(item(value, span)?);
            it.check_length(gathered.len(), span)
        })?;
    }
    Ok(gathered)
}

/// `{k: v for …}`: the map of the `[key, value]` pairs `element` yields.
#[inline(never)]
fn map_for(it: &mut dyn Runtime, frame: &mut [Value], element: &Element) -> Result<Value> {
    let mut map = Map::default();
    generate(it, frame, element, &mut |it, pair, span| {
        if let Value::List(pair) = pair
            && let [key, value] = pair.as_slice()
        {
            map.insert(key.clone(), value.clone());
        }
        it.check_length(map.entries.len(), span)
    })?;
    Ok(Value::Map(Rc::new(map)))
}

/// `{k: v, …}`, its entries evaluated in order.
#[inline(never)]
fn map(it: &mut dyn Runtime, frame: &mut [Value], entries: &[(Term, Term)]) -> Result<Value> {
    let mut map = Map::default();
    for (key, value) in entries {
        let key = eval(it, frame, key)?;
        map.insert(key, eval(it, frame, value)?);
    }
    Ok(Value::Map(Rc::new(map)))
}

/// Passes each value `element` yields to `emit`, its loops and filters
/// run in source order.
pub fn generate(
    it: &mut dyn Runtime,
    frame: &mut [Value],
    element: &Element,
    emit: Emit,
) -> Result<()> {
    from_clause(it, frame, element, 0, emit)
}

/// The values `element` yields from its `index`th clause on.
fn from_clause(
    it: &mut dyn Runtime,
    frame: &mut [Value],
    element: &Element,
    index: usize,
    emit: Emit,
) -> Result<()> {
    match element.clauses.get(index) {
        None => {
            let value = eval(it, frame, &element.value)?;
            let span = element.value.span;
            if let Some(name) = &element.option_name
                && !matches!(value, Value::Game(_))
            {
                return Err(ops::not_an_option(&value, span, Some(name)));
            }
            emit(it, value, span)
        }
        Some(Clause::If(cond)) => match truth(it, frame, cond)? {
            true => from_clause(it, frame, element, index + 1, emit),
            false => Ok(()),
        },
        Some(Clause::For { slot, iter, .. }) => {
            let items = eval(it, frame, iter)?;
            let items = ops::Items::of(items, iter.span, it.limits().max_list_len)?;
            for item in items {
                it.tick(iter.span)?;
                frame[*slot] = item;
                from_clause(it, frame, element, index + 1, emit)?;
            }
            Ok(())
        }
    }
}

/// Whether `term` holds, an error where it is not a boolean.
fn truth(it: &mut dyn Runtime, frame: &mut [Value], term: &Term) -> Result<bool> {
    ops::truth(&operand(it, frame, term)?, term.span)
}

/// The value of `term`, read in place where it is a constant or a local:
/// the operands of most operations, which then cost no call of `eval`.
#[inline(always)]
fn operand(it: &mut dyn Runtime, frame: &mut [Value], term: &Term) -> Result<Value> {
    match &term.kind {
        TermKind::Const(value) => Ok(value.clone()),
        TermKind::Local(slot) => Ok(frame[*slot].clone()),
        _ => eval(it, frame, term),
    }
}

fn eval_all(it: &mut dyn Runtime, frame: &mut [Value], terms: &[Term]) -> Result<Vec<Value>> {
    terms.iter().map(|term| operand(it, frame, term)).collect()
}

fn spans(terms: &[Term]) -> Vec<Span> {
    terms.iter().map(|term| term.span).collect()
}

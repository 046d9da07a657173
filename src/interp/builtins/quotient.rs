//! `misere_quotient(F, max_heap)`: the misère quotient of a heap family's
//! sums (see `engine::quotient`), kept in the session so that `misere` of
//! any sum of the family's heaps is a product of elements.

use std::rc::Rc;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::Stop;
use crate::engine::quotient::{self, Failure, Quotient, Rules};
use crate::interp::Interp;
use crate::ops;
use crate::printer;
use crate::progress::Task;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Callable, FamilyId, Game, Map, Value};

/// The largest heap `misere_quotient` takes.
const MAX_HEAP: i64 = 100_000;

/// `misere_quotient(F, max_heap)`.
pub fn misere_quotient(
    it: &mut Interp,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Result<Value> {
    let family = heap_family(it, &args[0], spans[0])?;
    let max_heap = ops::int(&args[1], spans[1])?;
    if !(0..=MAX_HEAP).contains(&max_heap) {
        return Err(
            Diagnostic::new(spans[1], format!("cannot take heaps up to {max_heap}"))
                .label(format!("the largest heap must be 0 to {MAX_HEAP}"))
                .help("misere_quotient(octal(\"0.75\"), 30) covers heaps 0 to 30"),
        );
    }
    let rules = heap_rules(it, family, max_heap as usize, spans[0])?;
    let quotient = compute(it, &rules, span)?;
    let value = describe(&quotient);
    it.quotients.insert(family, Rc::new(quotient));
    Ok(value)
}

/// The family `value` names, if it takes one argument.
fn heap_family(it: &Interp, value: &Value, span: Span) -> Result<FamilyId> {
    let Value::Func(Callable::Family(id)) = value else {
        return Err(ops::type_error("a heap game family", value, span)
            .help("pass a family of one heap size: misere_quotient(octal(\"0.77\"), 20)"));
    };
    let params = it.program().family(*id).params.len();
    if params != 1 {
        let name = printer::callable_name(Callable::Family(*id), it);
        return Err(Diagnostic::new(
            span,
            format!(
                "`{name}` takes {}, but a heap family takes one: the heap's size",
                ops::plural(params, "argument")
            ),
        )
        .label("not a family of heaps")
        .help("misere_quotient works on families F(n) whose options are sums of F(k)"));
    }
    Ok(*id)
}

/// Heaps 0..=`max_heap` of `family` with their options as heap sizes.
fn heap_rules(it: &mut Interp, family: FamilyId, max_heap: usize, span: Span) -> Result<Rules> {
    let mut options = Vec::with_capacity(max_heap + 1);
    for n in 0..=max_heap {
        // A heap may have many options: Ctrl-C and the memory budget are
        // checked at each one.
        it.check_interrupt(span)?;
        let Value::Game(heap) = it.position(family, &[Value::Int(n as i64)], span)? else {
            unreachable!("a position is a game")
        };
        let mut heap_options = Vec::new();
        for option in it.options(&heap, span)? {
            let mut heaps = Vec::new();
            for part in option.parts() {
                match part {
                    Game::Nim(0) => {}
                    Game::Pos(pos) if pos.family == family => {
                        let k = it
                            .engine
                            .dense_arg(*pos)
                            .filter(|&k| (0..n as i64).contains(&k));
                        let Some(k) = k else {
                            return Err(not_smaller(it, family, n, part, span));
                        };
                        heaps.push(k as usize);
                    }
                    _ => return Err(not_smaller(it, family, n, part, span)),
                }
            }
            heap_options.push(heaps);
        }
        options.push(heap_options);
    }
    Ok(Rules { options })
}

/// The error for an option part that is not a smaller heap of the family.
fn not_smaller(
    it: &Interp,
    family: FamilyId,
    n: usize,
    part: &Game,
    span: Span,
) -> Box<Diagnostic> {
    let name = printer::callable_name(Callable::Family(family), it);
    let shown = printer::inline(&Value::Game(part.clone()), it);
    Diagnostic::new(
        span,
        format!(
            "an option of `{name}({n})` holds `{shown}`, which is not a smaller heap of `{name}`"
        ),
    )
    .label("this family")
    .help("a misère quotient is computed for families whose moves leave sums of smaller heaps")
}

/// Runs the construction with a progress bar, Ctrl-C and the position
/// limit (on the states it examines).
fn compute(it: &mut Interp, rules: &Rules, span: Span) -> Result<Quotient> {
    let task = Task::start("misere_quotient", Some(rules.options.len() as u64));
    let limit = it.limits().max_positions;
    let mut done = 0;
    let result = quotient::quotient(rules, &mut |heap, work| {
        while done < heap {
            task.advance();
            done += 1;
        }
        it.engine.check_interrupt()?;
        if work > limit.saturating_mul(16) {
            return Err(Stop::TooManyPositions(limit));
        }
        Ok(())
    });
    result.map_err(|failure| match failure {
        Failure::Stopped(stop) => it.stop(stop, span),
        Failure::NoPeriod { heap } => Diagnostic::new(
            span,
            format!("the quotient could not be built past heap {heap}: its powers do not repeat soon enough"),
        )
        .label("in this call")
        .help("try a smaller largest heap"),
        Failure::Unverified { heap } => Diagnostic::new(
            span,
            format!("the quotient of heaps up to {heap} could not be verified: heap {heap} tells apart sums of smaller heaps that the construction identified"),
        )
        .label("in this call")
        .help(format!("misere_quotient(F, {}) is as far as it goes", heap.saturating_sub(1))),
        Failure::TooBig { heap } => Diagnostic::new(
            span,
            format!("the quotient could not be built past heap {heap}: the candidate grew too big"),
        )
        .label("in this call")
        .help(format!("misere_quotient(F, {}) is as far as it goes", heap.saturating_sub(1))),
    })
}

/// The quotient as a map: its presentation, size, P-portion and each heap's
/// element, in the usual notation.
fn describe(quotient: &Quotient) -> Value {
    let presentation = quotient.presentation();
    let names: Vec<String> = (0..presentation.generators.len()).map(name).collect();
    let word = |e: u32| monomial(&presentation.normal_forms[e as usize], &names);
    let relations: Vec<String> = presentation
        .relations
        .iter()
        .map(|(l, r)| format!("{} = {}", monomial(l, &names), monomial(r, &names)))
        .collect();
    let text = if relations.is_empty() {
        format!("⟨{}⟩", names.join(", "))
    } else {
        format!("⟨{} | {}⟩", names.join(", "), relations.join(", "))
    };
    let p: Vec<Value> = (0..quotient.size() as u32)
        .filter(|&e| quotient.is_p(e))
        .map(|e| Value::str(&word(e)))
        .collect();
    let heaps: Vec<Value> = (0..=quotient.max_heap())
        .map(|n| Value::str(&word(quotient.heap(n).unwrap_or_default())))
        .collect();
    let mut map = Map::default();
    map.insert(Value::str("quotient"), Value::str(&text));
    map.insert(Value::str("size"), Value::Int(quotient.size() as i64));
    map.insert(Value::str("P"), Value::list(p));
    map.insert(Value::str("heaps"), Value::list(heaps));
    Value::Map(Rc::new(map))
}

/// The name of generator `i`: a, b, …, z, then a₁, b₁, ….
fn name(i: usize) -> String {
    let letter = char::from(b'a' + (i % 26) as u8);
    match i / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{}", subscript(round)),
    }
}

fn subscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|d| char::from_u32(0x2080 + d.to_digit(10).unwrap_or(0)).unwrap_or('?'))
        .collect()
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|d| DIGITS[d.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

/// A monomial such as `a²b`, or `1`.
fn monomial(exponents: &[u32], names: &[String]) -> String {
    let mut text = String::new();
    for (e, name) in exponents.iter().zip(names) {
        match e {
            0 => {}
            1 => text.push_str(name),
            _ => text.push_str(&format!("{name}{}", superscript(*e))),
        }
    }
    if text.is_empty() {
        "1".to_string()
    } else {
        text
    }
}

/// Who wins `game` under misère play by the quotient of its family, when
/// one was computed in this session and covers every heap of the sum:
/// `Some(true)` when the previous player wins.
pub fn misere_by_quotient(it: &Interp, game: &Game) -> Option<bool> {
    let mut family = None;
    let mut heaps = Vec::new();
    for part in game.parts() {
        match part {
            Game::Nim(0) => {}
            Game::Pos(pos) if family.is_none_or(|f| f == pos.family) => {
                family = Some(pos.family);
                heaps.push(usize::try_from(it.engine.dense_arg(*pos)?).ok()?);
            }
            _ => return None,
        }
    }
    let quotient = it.quotients.get(&family?)?;
    Some(quotient.is_p(quotient.of_sum(&heaps)?))
}

//! `hint(G)`: the winning moves of `G` said the way a player makes them —
//! which part of a sum to move in and what it becomes — where `winning(G)`
//! gives the whole resulting positions.

use crate::diagnostic::Result;
use crate::interp::{Interp, ops};
use crate::printer;
use crate::span::Span;
use crate::value::{Game, Value};

/// `hint(G)`: one string `"part → option"` per winning move (the same move
/// in equal parts said once); empty for a P-position.
///
/// By the Sprague-Grundy theorem a move in a part of value `v` wins exactly
/// when it leaves that part with value `v ^ g(G)`, so only the parts are
/// searched, never the sums.
pub fn hint(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let game = ops::game(&args[0], spans[0])?;
    let parts = game.parts();
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        values.push(it.grundy(part, spans[0])?);
    }
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let mut moves: Vec<Value> = Vec::new();
    if total == 0 {
        return Ok(Value::list(moves));
    }
    for (part, value) in parts.iter().zip(values) {
        let target = value ^ total;
        let options = match part {
            // A heap's options are every smaller heap: no need to list them.
            Game::Nim(n) if target < *n => vec![Game::Nim(target)],
            Game::Nim(_) => Vec::new(),
            _ => it.options(part, span)?,
        };
        for option in options {
            if it.grundy(&option, span)? != target {
                continue;
            }
            let text = format!(
                "{} → {}",
                printer::inline(&Value::Game(part.clone()), it),
                printer::inline(&Value::Game(option), it)
            );
            let text = Value::str(&text);
            if !moves.contains(&text) {
                moves.push(text);
            }
        }
    }
    Ok(Value::list(moves))
}

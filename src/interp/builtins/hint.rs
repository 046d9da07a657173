//! `hint(G)`: the winning moves of `G` said the way a player makes them —
//! which part of a sum to move in and what it becomes — where `winning(G)`
//! gives the whole resulting positions.

use crate::diagnostic::Result;
use crate::interp::Interp;
use crate::interp::play::loopy::Loopy;
use crate::ops;
use crate::printer;
use crate::span::Span;
use crate::value::{Game, Value};

/// `hint(G)`: one string `"part → option"` per winning move (the same move
/// in equal parts said once); empty for a P-position or a draw.
///
/// By the Sprague-Grundy theorem (Smith's, for games with cycles) a move in
/// a part wins exactly when the part's new value summed with the other
/// parts' values is 0, so only the parts are searched, never the sums.
pub fn hint(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let game = it.canonical(ops::game(&args[0], spans[0])?, spans[0])?;
    let parts = game.parts();
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        values.push(it.loopy(part, spans[0])?);
    }
    let mut moves: Vec<Value> = Vec::new();
    if sum(&values, None).outcome() != "N" {
        return Ok(Value::list(moves));
    }
    for (i, part) in parts.iter().enumerate() {
        let others = sum(&values, Some(i));
        let options = match (part, &others) {
            // A heap's options are every smaller heap: no need to list them.
            (Game::Nim(n), Loopy::Finite(target)) if target < n => vec![Game::Nim(*target)],
            (Game::Nim(_), _) => Vec::new(),
            _ => it.options(part, span)?,
        };
        for option in options {
            if it.loopy(&option, span)?.plus(&others) != Loopy::Finite(0) {
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

/// The value of the sum of all parts but `skip`.
fn sum(values: &[Loopy], skip: Option<usize>) -> Loopy {
    values
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != skip)
        .fold(Loopy::Finite(0), |acc, (_, value)| acc.plus(value))
}

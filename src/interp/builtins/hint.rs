//! The winning moves of `G`: `winning(G)` gives the whole positions they
//! lead to, `hint(G)` says them the way a player makes them — which part
//! of a sum to move in and what it becomes.
//!
//! By the Sprague-Grundy theorem (Smith's, for games with cycles) a move
//! in a part wins exactly when the part's new value summed with the other
//! parts' values is 0, so only the parts' options are searched, never the
//! sum's; a nim heap's winning move is found without listing its options
//! (`winning(*100000000)`).

use rustc_hash::FxHashSet;

use crate::diagnostic::Result;
use crate::interp::Interp;
use crate::interp::play::loopy::Loopy;
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Game, Value};

/// `hint(G)`: one string `"part → option"` per winning move (the same move
/// in equal parts said once); empty for a P-position or a draw.
pub fn hint(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let game = it.canonical(ops::game(&args[0], spans[0])?, spans[0])?;
    let parts = game.parts();
    let (mut moves, mut seen) = (Vec::new(), FxHashSet::default());
    for (i, option) in winning_moves(it, parts, (spans[0], span))? {
        let text = format!(
            "{} → {}",
            printer::inline(&Value::Game(parts[i].clone()), it),
            printer::inline(&Value::Game(option), it)
        );
        if seen.insert(text.clone()) {
            moves.push(Value::str(&text));
        }
    }
    Ok(Value::list(moves))
}

/// `winning(G)`: the options of `G` that are P-positions, each in
/// canonical form and each once, in the order `options(G)` gives them.
pub fn winning(it: &mut Interp, args: &[Value], spans: &[Span]) -> Result<Value> {
    let (game, span) = (ops::game(&args[0], spans[0])?, spans[0]);
    let parts = game.parts();
    let moves = winning_moves(it, parts, (span, span))?;
    // Each position repeats the other parts: counted against the list
    // limit before any is built, as `options` counts them.
    let limit = it.limits().max_list_len;
    if (moves.len() as u64).saturating_mul(parts.len() as u64) > limit {
        return Err(ops::too_long(span, limit));
    }
    let (mut positions, mut seen) = (Vec::new(), FxHashSet::default());
    for (i, option) in moves {
        it.tick(span)?;
        let mut moved = parts[..i].to_vec();
        moved.extend(option.parts().iter().cloned());
        moved.extend(parts[i + 1..].iter().cloned());
        let position = it.canonical(Game::from_parts(moved), span)?;
        if seen.insert(position.clone()) {
            positions.push(Value::Game(position));
        }
    }
    Ok(Value::list(positions))
}

/// Each winning move of the sum of `parts`: the part it moves in, by
/// index, and the option of that part it moves to, in the order of the
/// parts and of each part's options.
fn winning_moves(
    it: &mut Interp,
    parts: &[Game],
    (game_span, span): (Span, Span),
) -> Result<Vec<(usize, Game)>> {
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        values.push(it.loopy(part, game_span)?);
    }
    let mut moves = Vec::new();
    if sum(&values, None).outcome() != "N" {
        return Ok(moves);
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
            if it.loopy(&option, span)?.plus(&others) == Loopy::Finite(0) {
                moves.push((i, option));
            }
        }
    }
    Ok(moves)
}

/// The value of the sum of all parts but `skip`.
fn sum(values: &[Loopy], skip: Option<usize>) -> Loopy {
    values
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != skip)
        .fold(Loopy::Finite(0), |acc, (_, value)| acc.plus(value))
}

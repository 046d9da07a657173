//! Games as a textbook writes them. A sum is kept in a canonical form — no
//! `*0`, no part without moves, parts in a fixed order — so `K(0) + K(3)`,
//! `K(3) + K(0)` and `K(3)` are one position: `options` lists it once, and
//! `tree`, `dot`, `winning` and `hint` show each distinct move once, and a
//! printed result shows the sum as a textbook writes it. (Finding a part
//! without moves expands it, so the search for values, which only xors the
//! parts, never asks for the canonical form.)

use std::cmp::Ordering;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::Interp;
use super::solve::Expansion;
use crate::diagnostic::Result;
use crate::engine::IN_PROGRESS;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{FamilyId, Game, Map, PosId, Value};

impl Interp {
    /// The options of any game, each in canonical form and each distinct
    /// option once, in the order the definition first gives it. For a sum,
    /// each option moves in exactly one part and leaves the others as they
    /// are.
    pub fn options(&mut self, game: &Game, span: Span) -> Result<Vec<Game>> {
        let raw = self.raw_options(game, span)?;
        let (mut seen, mut seen_raw) = (FxHashSet::default(), FxHashSet::default());
        let mut distinct = Vec::with_capacity(raw.len());
        for option in raw {
            // The same option given again has the same canonical form,
            // which may cost an expansion: found once.
            if !seen_raw.insert(option.clone()) {
                continue;
            }
            let option = self.canonical(option, span)?;
            if seen.insert(option.clone()) {
                distinct.push(option);
            }
        }
        Ok(distinct)
    }

    /// `game` with every `*0` and every part without moves dropped, and the
    /// remaining parts sorted: positions by family (in the order they were
    /// declared) and arguments, then nim heaps by size. A sum of nothing but
    /// positions without moves stays the first of them (`S(0)`, not `*0`),
    /// so a game's last position keeps its name.
    pub fn canonical(&mut self, game: Game, span: Span) -> Result<Game> {
        let mut parts = Vec::with_capacity(game.parts().len());
        let mut ended: Option<Game> = None;
        for part in game.parts() {
            match part {
                Game::Nim(0) => {}
                Game::Pos(pos) if self.has_no_moves(*pos, span)? => {
                    let first = ended
                        .as_ref()
                        .is_none_or(|e| self.part_order(part, e).is_lt());
                    if first {
                        ended = Some(part.clone());
                    }
                }
                _ => parts.push(part.clone()),
            }
        }
        if parts.is_empty() {
            return Ok(ended.unwrap_or(Game::Nim(0)));
        }
        parts.sort_by(|a, b| self.part_order(a, b));
        Ok(Game::from_parts(parts))
    }

    /// `value` with every game in it (in lists and maps too) in canonical
    /// form, for printing. A list or map shared many times is visited once
    /// (and stays shared), so the cost is that of the distinct values.
    pub fn readable(&mut self, value: &Value, span: Span) -> Result<Value> {
        let mut visited = FxHashMap::default();
        Ok(self
            .rewrite(value, span, &mut visited)?
            .unwrap_or_else(|| value.clone()))
    }

    /// The readable form of `value`, or `None` where it holds no game;
    /// `visited` keeps the answer for each list and map already seen.
    fn rewrite(
        &mut self,
        value: &Value,
        span: Span,
        visited: &mut FxHashMap<*const (), Option<Value>>,
    ) -> Result<Option<Value>> {
        let key = match value {
            Value::Game(game) => return Ok(Some(Value::Game(self.canonical(game.clone(), span)?))),
            Value::List(items) => Rc::as_ptr(items) as *const (),
            Value::Map(map) => Rc::as_ptr(map) as *const (),
            _ => return Ok(None),
        };
        if let Some(known) = visited.get(&key) {
            return Ok(known.clone());
        }
        let rewritten = match value {
            Value::List(items) => {
                let mut changed: Option<Vec<Value>> = None;
                for (i, item) in items.iter().enumerate() {
                    if let Some(new) = self.rewrite(item, span, visited)? {
                        changed.get_or_insert_with(|| items[..i].to_vec()).push(new);
                    } else if let Some(changed) = changed.as_mut() {
                        changed.push(item.clone());
                    }
                }
                changed.map(Value::list)
            }
            Value::Map(map) => {
                let mut entries = Vec::with_capacity(map.entries.len());
                let mut any = false;
                for (key, item) in &map.entries {
                    let new_key = self.rewrite(key, span, visited)?;
                    let new_item = self.rewrite(item, span, visited)?;
                    any |= new_key.is_some() || new_item.is_some();
                    entries.push((
                        new_key.unwrap_or_else(|| key.clone()),
                        new_item.unwrap_or_else(|| item.clone()),
                    ));
                }
                any.then(|| {
                    let mut readable = Map::default();
                    for (key, item) in entries {
                        readable.insert(key, item);
                    }
                    Value::Map(Rc::new(readable))
                })
            }
            _ => None,
        };
        visited.insert(key, rewritten.clone());
        Ok(rewritten)
    }

    /// Whether `pos` has no move, found from its first option alone.
    fn has_no_moves(&mut self, pos: PosId, span: Span) -> Result<bool> {
        let known = self.engine.value(pos);
        if known != 0 && known < IN_PROGRESS {
            return Ok(false);
        }
        let mut first = Vec::new();
        match self.follow_aliases(pos, &mut first, true)? {
            Followed::Options => Ok(first.is_empty()),
            Followed::Game(other) => Ok(self.canonical(other, span)? == Game::Nim(0)),
            // A cycle of aliases: keep the part, and let the computation
            // of its value report the cycle.
            Followed::Endless(_) => Ok(false),
        }
    }

    /// Expands `pos`, going on from position to position while a body is
    /// another position (`game A = B(3)`): the options (only the first,
    /// with `first_only`) are written into `out`, or the chain ends in a
    /// game that is not a position, or it is longer than the depth limit.
    fn follow_aliases(
        &mut self,
        pos: PosId,
        out: &mut Vec<Game>,
        first_only: bool,
    ) -> Result<Followed> {
        let mut current = pos;
        for _ in 0..=self.engine.limits.max_depth {
            let expansion = self
                .expand(current, out, first_only)
                .map_err(|e| self.context(e, current))?;
            match expansion {
                Expansion::Options => return Ok(Followed::Options),
                Expansion::Alias(Game::Pos(next)) => current = next,
                Expansion::Alias(other) => return Ok(Followed::Game(other)),
            }
        }
        Ok(Followed::Endless(current))
    }

    fn part_order(&self, a: &Game, b: &Game) -> Ordering {
        match (a, b) {
            (Game::Pos(x), Game::Pos(y)) => (self.declared(x.family))
                .cmp(&self.declared(y.family))
                .then_with(|| self.engine.args(*x).cmp(&self.engine.args(*y)))
                .then_with(|| x.family.cmp(&y.family)),
            (Game::Nim(x), Game::Nim(y)) => x.cmp(y),
            _ => rank(a).cmp(&rank(b)),
        }
    }

    /// The family `family` is an instance of (itself, if none): a sum's
    /// parts are in the order their families were declared.
    fn declared(&self, family: FamilyId) -> FamilyId {
        let def = self.program().families.get(family.0 as usize);
        def.and_then(Option::as_ref).map_or(family, |def| def.id)
    }

    /// The options as the definition lists them, sums not yet canonical:
    /// what `period` reads a take-and-break rule from.
    pub(crate) fn raw_options(&mut self, game: &Game, span: Span) -> Result<Vec<Game>> {
        match game {
            Game::Nim(n) => {
                if *n > self.engine.limits.max_list_len {
                    return Err(crate::ops::too_long(span, self.engine.limits.max_list_len));
                }
                Ok((0..*n).map(Game::Nim).collect())
            }
            Game::Pos(pos) => {
                let mut out = Vec::new();
                match self.follow_aliases(*pos, &mut out, false)? {
                    Followed::Options => Ok(out),
                    Followed::Game(other) => self.raw_options(&other, span),
                    Followed::Endless(last) => Err(self.cycle_error(&[], last, last, span)),
                }
            }
            Game::Sum(parts) => {
                // Each option repeats the other parts: the games to build are
                // counted before any is, against the list limit.
                let limit = self.engine.limits.max_list_len;
                let mut each = Vec::with_capacity(parts.len());
                let mut total = 0u64;
                for part in parts.iter() {
                    let options = self.raw_options(part, span)?;
                    total = total.saturating_add(options.len() as u64);
                    if total.saturating_mul(parts.len() as u64) > limit {
                        return Err(crate::ops::too_long(span, limit));
                    }
                    each.push(options);
                }
                let mut result = Vec::with_capacity(total as usize);
                for (i, options) in each.into_iter().enumerate() {
                    for option in options {
                        let mut moved = Vec::with_capacity(parts.len());
                        moved.extend(parts[..i].iter().cloned());
                        moved.extend(option.parts().iter().cloned());
                        moved.extend(parts[i + 1..].iter().cloned());
                        result.push(Game::from_parts(moved));
                        self.check_length(result.len(), span)?;
                    }
                }
                Ok(result)
            }
        }
    }
}

/// Where a chain of positions whose bodies are positions ends.
enum Followed {
    /// The options were written out.
    Options,
    /// A body that is not a position (a sum, a nim heap).
    Game(Game),
    /// Still a position past the depth limit: a cycle.
    Endless(PosId),
}

/// Positions before nim heaps in a sum.
fn rank(game: &Game) -> u8 {
    match game {
        Game::Pos(_) => 0,
        Game::Nim(_) => 1,
        Game::Sum(_) => 2,
    }
}

//! `loopy(G)`: generalised Sprague-Grundy values of games with cycles.
//!
//! A short game goes to `grundy`, whose value is the loopy value. Any other
//! game is explored from its root into a graph of positions, with a sum
//! standing for its parts (its value follows from theirs by Smith's rule).
//! Tarjan's algorithm, run on an explicit stack, hands out the strongly
//! connected parts of that graph with everything they reach already valued;
//! each part is then valued by Smith's labelling (`smith.rs`).

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::smith::{self, Vertex};
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::IN_PROGRESS;
use crate::interp::{Interp, endless};
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Game, Value};

/// A generalised Sprague-Grundy value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loopy {
    /// The position plays like the nim heap of this size.
    Finite(u64),
    /// ∞{K}: no player can force a win alone; K (sorted) holds the finite
    /// values among the options.
    Infinite(Rc<[u64]>),
}

impl Loopy {
    /// The value of a sum from its parts' values (Smith): finite values
    /// xor, ∞{K} ⊕ a = ∞{K ^ a}, and a sum of two infinite values is ∞{}.
    pub fn plus(&self, other: &Loopy) -> Loopy {
        match (self, other) {
            (Loopy::Finite(a), Loopy::Finite(b)) => Loopy::Finite(a ^ b),
            (Loopy::Infinite(finite), Loopy::Finite(a))
            | (Loopy::Finite(a), Loopy::Infinite(finite)) => {
                let mut shifted: Vec<u64> = finite.iter().map(|k| k ^ a).collect();
                shifted.sort_unstable();
                Loopy::Infinite(Rc::from(shifted))
            }
            (Loopy::Infinite(_), Loopy::Infinite(_)) => Loopy::Infinite(Rc::from([])),
        }
    }

    /// Who wins with perfect play: `"P"` (the previous player) for 0, `"N"`
    /// (the next player) for other finite values and for ∞{K} with 0 in K
    /// (moving to a position of value 0 wins), `"D"` (a draw) otherwise.
    pub fn outcome(&self) -> &'static str {
        match self {
            Loopy::Finite(0) => "P",
            Loopy::Finite(_) => "N",
            Loopy::Infinite(finite) if finite.first() == Some(&0) => "N",
            Loopy::Infinite(_) => "D",
        }
    }

    /// How `tree` and `dot` label a position: `3` or `∞{0, 1}`.
    pub fn label(&self) -> String {
        match self {
            Loopy::Finite(n) => n.to_string(),
            Loopy::Infinite(finite) => crate::printer::infinite_text(finite),
        }
    }

    /// As a language value: an integer, or the printable `∞{…}`.
    pub fn into_value(self, span: Span) -> Result<Value> {
        match self {
            Loopy::Finite(n) => i64::try_from(n)
                .map(Value::Int)
                .map_err(|_| ops::overflow(span)),
            Loopy::Infinite(finite) => Ok(Value::Infinite(finite)),
        }
    }
}

/// The explored graph and the state of Tarjan's search over it.
#[derive(Default)]
struct Search {
    ids: FxHashMap<Game, usize>,
    games: Vec<Game>,
    /// A position's options (distinct), or a sum's parts (repeats kept).
    next: Vec<Vec<usize>>,
    values: Vec<Option<Loopy>>,
    visits: Vec<Option<Visit>>,
    visited: usize,
    /// Visited nodes whose strongly connected part is not yet complete.
    path: Vec<usize>,
    /// The depth-first search: a node and how many successors it has tried.
    calls: Vec<(usize, usize)>,
}

/// Tarjan's numbering of a node.
#[derive(Clone, Copy)]
struct Visit {
    index: usize,
    low: usize,
    on_path: bool,
}

impl Search {
    fn id(&mut self, game: Game) -> usize {
        let game = normal(game);
        if let Some(&id) = self.ids.get(&game) {
            return id;
        }
        let id = self.games.len();
        self.ids.insert(game.clone(), id);
        self.games.push(game);
        self.next.push(Vec::new());
        self.values.push(None);
        self.visits.push(None);
        id
    }

    /// The value of a node of a completed part.
    fn value(&self, node: usize, span: Span) -> Result<&Loopy> {
        self.values[node].as_ref().ok_or_else(|| {
            Diagnostic::new(
                span,
                "internal error: a position was used before it was valued",
            )
        })
    }

    fn lower(&mut self, node: usize, index: usize) {
        if let Some(visit) = self.visits[node].as_mut() {
            visit.low = visit.low.min(index);
        }
    }
}

impl Interp {
    /// The generalised Sprague-Grundy value of any game with finitely many
    /// positions; `span` is where it was asked for.
    pub(crate) fn loopy(&mut self, game: &Game, span: Span) -> Result<Loopy> {
        let game = normal(game.clone());
        if let Some(value) = self.play.loopy.get(&game) {
            return Ok(value.clone());
        }
        self.check_parts_end(&game, span, endless::NO_EXPLORATION)?;
        // A game with a part, or an option, that an earlier exploration
        // valued reaches a cycle there, or is valued by it: `grundy` would
        // only walk to the cycle again (asked for each heap in turn, each
        // walk longer than the last).
        if self.reaches_valued(&game, span)? {
            return self.explore_loopy(&game, span);
        }
        // A game that `grundy` cannot value has a cycle, or fails for a
        // reason (an error in a definition, a limit) that the exploration
        // below meets again and reports.
        match self.grundy(&game, span) {
            Ok(value) => Ok(Loopy::Finite(value)),
            // No position is left to explore with.
            Err(error) if self.engine.stats().0 >= self.limits().max_positions => Err(error),
            Err(_) => self.explore_loopy(&game, span),
        }
    }

    /// Whether a part of `game`, or an option of a position that is the
    /// whole game, has a loopy value kept from an earlier exploration.
    fn reaches_valued(&mut self, game: &Game, span: Span) -> Result<bool> {
        if self.play.loopy.is_empty() {
            return Ok(false);
        }
        if (game.parts().iter()).any(|part| self.play.loopy.contains_key(part)) {
            return Ok(true);
        }
        if let Game::Pos(pos) = game
            && self.engine.value(*pos) >= IN_PROGRESS
        {
            let options = self.options(game, span)?;
            return Ok(options
                .iter()
                .any(|o| self.play.loopy.contains_key(&normal(o.clone()))));
        }
        Ok(false)
    }

    /// Explores `game`'s graph and values it. Every node valued is kept
    /// for later calls (`PlayMemo::loopy`), whether or not the search
    /// ends in an error: a node is valued only once its whole strongly
    /// connected part and all it reaches are.
    fn explore_loopy(&mut self, game: &Game, span: Span) -> Result<Loopy> {
        let mut search = Search::default();
        let value = self.search_loopy(&mut search, game, span);
        let valued = search.games.into_iter().zip(search.values);
        for (game, value) in valued.filter_map(|(game, value)| Some((game, value?))) {
            self.play.loopy.insert(game, value);
        }
        value
    }

    fn search_loopy(&mut self, search: &mut Search, game: &Game, span: Span) -> Result<Loopy> {
        self.check_interrupt(span)?;
        let root = search.id(game.clone());
        self.visit(search, root, span)?;
        while let Some(&mut (node, ref mut tried)) = search.calls.last_mut() {
            self.tick(span)?;
            if let Some(&next) = search.next[node].get(*tried) {
                *tried += 1;
                match search.visits[next] {
                    None => self.visit(search, next, span)?,
                    Some(visit) if visit.on_path => search.lower(node, visit.index),
                    Some(_) => {}
                }
                continue;
            }
            search.calls.pop();
            let Some(visit) = search.visits[node] else {
                continue;
            };
            if let Some(&(parent, _)) = search.calls.last() {
                search.lower(parent, visit.low);
            }
            if visit.low == visit.index {
                let start = search.path.iter().rposition(|&n| n == node).unwrap_or(0);
                let part: Vec<usize> = search.path.drain(start..).collect();
                for &member in &part {
                    if let Some(visit) = search.visits[member].as_mut() {
                        visit.on_path = false;
                    }
                }
                self.value_part(search, &part, span)?;
            }
        }
        search.value(root, span).cloned()
    }

    /// Numbers `node`, puts it on the search path and finds its successors
    /// (or its value, for a nim heap or a position `grundy` has valued).
    fn visit(&mut self, search: &mut Search, node: usize, span: Span) -> Result<()> {
        let index = search.visited;
        search.visited += 1;
        self.check_search_size(index, span)?;
        search.visits[node] = Some(Visit {
            index,
            low: index,
            on_path: true,
        });
        search.path.push(node);
        search.calls.push((node, 0));
        let game = search.games[node].clone();
        let next = match &game {
            Game::Nim(n) => {
                search.values[node] = Some(Loopy::Finite(*n));
                Vec::new()
            }
            Game::Pos(pos) if self.engine.value(*pos) < IN_PROGRESS => {
                search.values[node] = Some(Loopy::Finite(self.engine.value(*pos)));
                Vec::new()
            }
            // Its positions would be explored until a limit stopped it.
            Game::Pos(pos)
                if let Some(error) = self.endless_error(*pos, span, endless::NO_EXPLORATION) =>
            {
                return Err(error);
            }
            _ if let Some(value) = self.play.loopy.get(&game) => {
                search.values[node] = Some(value.clone());
                Vec::new()
            }
            Game::Pos(_) => {
                let mut next: Vec<usize> = self
                    .options(&game, span)?
                    .into_iter()
                    .map(|option| search.id(option))
                    .collect();
                next.sort_unstable();
                next.dedup();
                next
            }
            Game::Sum(parts) => parts.iter().map(|part| search.id(part.clone())).collect(),
        };
        search.next[node] = next;
        Ok(())
    }

    /// Values a strongly connected part whose successors outside it are
    /// valued: a leaf keeps its value, a sum adds its parts' values, and
    /// positions in a cycle get Smith's labelling.
    fn value_part(&self, search: &mut Search, part: &[usize], span: Span) -> Result<()> {
        if let [node] = part {
            if search.values[*node].is_some() {
                return Ok(());
            }
            if matches!(search.games[*node], Game::Sum(_)) {
                let mut total = Loopy::Finite(0);
                for &piece in &search.next[*node] {
                    total = total.plus(search.value(piece, span)?);
                }
                search.values[*node] = Some(total);
                return Ok(());
            }
        }
        if let Some(&sum) = part
            .iter()
            .find(|&&node| matches!(search.games[node], Game::Sum(_)))
        {
            return Err(self.growing_sum(search, part, sum, span));
        }
        let local: FxHashMap<usize, usize> = part
            .iter()
            .enumerate()
            .map(|(i, &node)| (node, i))
            .collect();
        let mut vertices = Vec::with_capacity(part.len());
        for &node in part {
            let mut vertex = Vertex::default();
            for &next in &search.next[node] {
                match local.get(&next) {
                    Some(&i) => vertex.inside.push(i),
                    None => vertex.outside.push(search.value(next, span)?.clone()),
                }
            }
            vertices.push(vertex);
        }
        for (&node, value) in part.iter().zip(smith::label(&vertices)) {
            search.values[node] = Some(value);
        }
        Ok(())
    }

    /// The error for a sum in a cycle: a part of it can move back to the
    /// whole sum, so the sum grows by a copy of its other parts each time
    /// round, without end.
    fn growing_sum(
        &self,
        search: &Search,
        part: &[usize],
        sum: usize,
        span: Span,
    ) -> Box<Diagnostic> {
        let show = |node: usize| printer::inline(&Value::Game(search.games[node].clone()), self);
        let inner = search.next[sum]
            .iter()
            .copied()
            .find(|piece| part.contains(piece))
            .unwrap_or(sum);
        Diagnostic::new(
            span,
            format!(
                "`{}` can reach `{}`, a sum that contains it: the game has infinitely many positions",
                show(inner),
                show(sum)
            ),
        )
        .label("loopy needs a game with finitely many positions")
        .help("each time round the cycle the sum gains another copy of its other parts")
    }
}

/// A game as a graph node: `*0` parts of a sum dropped (they have no
/// moves), a sum of one part as that part.
fn normal(game: Game) -> Game {
    match game {
        Game::Sum(parts) if parts.contains(&Game::Nim(0)) => Game::from_parts(
            parts
                .iter()
                .filter(|part| **part != Game::Nim(0))
                .cloned()
                .collect(),
        ),
        other => other,
    }
}

//! `misere(G)`: outcomes under misère play, where the player who cannot
//! move wins. Sums do not reduce to xor here, so a sum is searched as a
//! whole: a state is the sorted multiset of its components (terminal ones
//! dropped, since nobody can move in them), memoised, and searched on an
//! explicit stack. A state made only of nim heaps is answered by the closed
//! form of misère nim instead. A sum of heaps of a family whose misère
//! quotient this session computed is answered by the quotient.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::interp::{Interp, endless};
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Game, Value};

/// A state: component ids, sorted.
pub(super) type State = Box<[u32]>;

/// The components met so far, by id, with their options once asked for.
#[derive(Default)]
pub(super) struct Components {
    ids: FxHashMap<Game, u32>,
    pub(super) games: Vec<Game>,
    /// A component's options as its definition gives them.
    options: Vec<Option<Vec<Game>>>,
    /// Its moves: each option as the state it leaves behind (sorted ids,
    /// terminal components dropped).
    moves: Vec<Option<Rc<[State]>>>,
}

impl Components {
    pub(super) fn id(&mut self, game: Game) -> u32 {
        if let Some(&id) = self.ids.get(&game) {
            return id;
        }
        let id = self.games.len() as u32;
        self.ids.insert(game.clone(), id);
        self.games.push(game);
        self.options.push(None);
        self.moves.push(None);
        id
    }

    /// The outcome of a state made only of nim heaps, by the closed form:
    /// P exactly when some heap is 2 or more and the nim-sum is 0, or every
    /// heap is at most 1 and an odd number of them are 1.
    fn nim_formula(&self, state: &[u32]) -> Option<Status> {
        let mut xor = 0;
        let mut large = false;
        let mut ones = 0usize;
        for &id in state {
            let Game::Nim(n) = self.games[id as usize] else {
                return None;
            };
            xor ^= n;
            large |= n >= 2;
            ones += usize::from(n == 1);
        }
        let previous_wins = if large { xor == 0 } else { ones % 2 == 1 };
        Some(if previous_wins { Status::P } else { Status::N })
    }

    /// The state as a game, for messages.
    fn game(&self, state: &[u32]) -> Game {
        Game::from_parts(
            state
                .iter()
                .map(|&id| self.games[id as usize].clone())
                .collect(),
        )
    }
}

/// The components met by every misère search so far, and the outcomes of
/// the states searched: a state reached again in a later call is known.
#[derive(Default)]
pub(super) struct Memo {
    components: Components,
    statuses: FxHashMap<State, Status>,
}

/// What is known of a state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    /// On the search stack: meeting it again is a cycle.
    Searching,
    /// The previous player wins.
    P,
    /// The next player wins.
    N,
}

/// A state being searched: its successor states and how many were found to
/// be N-positions.
struct Frame {
    state: State,
    successors: Vec<State>,
    checked: usize,
}

impl Interp {
    /// `"P"` or `"N"`: who wins `game` under misère play.
    pub(crate) fn misere(&mut self, game: &Game, span: Span) -> Result<&'static str> {
        if let Some(previous_wins) = crate::interp::builtins::misere_by_quotient(self, game) {
            return Ok(if previous_wins { "P" } else { "N" });
        }
        let mut shared = std::mem::take(&mut self.play.misere);
        let status = self.misere_of_parts(&mut shared, game, span);
        if status.is_err() {
            // The states left on the stack are not known.
            shared
                .statuses
                .retain(|_, status| *status != Status::Searching);
        }
        self.play.misere = shared;
        Ok(if status? == Status::P { "P" } else { "N" })
    }

    fn misere_of_parts(&mut self, shared: &mut Memo, game: &Game, span: Span) -> Result<Status> {
        let Memo {
            components,
            statuses,
        } = shared;
        let mut root = Vec::new();
        for part in game.parts() {
            let id = components.id(part.clone());
            if !self.is_terminal(components, id, span)? {
                root.push(id);
            }
        }
        root.sort_unstable();
        self.search_misere(components, statuses, root.into(), span)
    }

    /// The status of `root`, searched with the states `memo` knows.
    fn search_misere(
        &mut self,
        components: &mut Components,
        memo: &mut FxHashMap<State, Status>,
        root: State,
        span: Span,
    ) -> Result<Status> {
        if let Some(status) = components.nim_formula(&root) {
            return Ok(status);
        }
        if let Some(&status) = memo.get(&root) {
            return Ok(status);
        }
        let mut searched = 0;
        let mut frames = vec![self.frame(components, memo, root.clone(), &mut searched, span)?];
        while let Some(frame) = frames.last_mut() {
            self.tick(span)?;
            let Some(next) = frame.successors.get(frame.checked) else {
                // Every move leads to an N-position (a state with no move at
                // all is empty, and answered by the formula).
                let done = frames.pop().map(|f| f.state).unwrap_or_default();
                memo.insert(done, Status::P);
                continue;
            };
            let known = components
                .nim_formula(next)
                .or_else(|| memo.get(next).copied());
            match known {
                Some(Status::N) => frame.checked += 1,
                Some(Status::P) => {
                    let done = frames.pop().map(|f| f.state).unwrap_or_default();
                    memo.insert(done, Status::N);
                }
                Some(Status::Searching) => {
                    return Err(self.misere_cycle(components, next, span));
                }
                None => {
                    let next = next.clone();
                    frames.push(self.frame(components, memo, next, &mut searched, span)?);
                }
            }
        }
        Ok(memo.get(&root).copied().unwrap_or(Status::N))
    }

    /// Starts searching `state`: marks it and lists its successors;
    /// `searched` counts the states this search started.
    fn frame(
        &mut self,
        components: &mut Components,
        memo: &mut FxHashMap<State, Status>,
        state: State,
        searched: &mut usize,
        span: Span,
    ) -> Result<Frame> {
        self.check_search_size(*searched, span)?;
        *searched += 1;
        let successors = self.successors(components, &state, span)?;
        memo.insert(state.clone(), Status::Searching);
        Ok(Frame {
            state,
            successors,
            checked: 0,
        })
    }

    /// The states one move leads to: a move in one of the state's distinct
    /// components (misère search and genus alike).
    pub(super) fn successors(
        &mut self,
        components: &mut Components,
        state: &[u32],
        span: Span,
    ) -> Result<Vec<State>> {
        let mut successors = Vec::new();
        for (i, &id) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == id {
                continue;
            }
            for left in self.moves(components, id, span)?.iter() {
                let mut next: Vec<u32> = Vec::with_capacity(state.len() + left.len());
                next.extend_from_slice(&state[..i]);
                next.extend_from_slice(&state[i + 1..]);
                next.extend_from_slice(left);
                next.sort_unstable();
                successors.push(next.into_boxed_slice());
                self.check_length(successors.len(), span)?;
            }
        }
        Ok(successors)
    }

    /// The options of component `id`, asked of its definition once.
    fn component_options<'a>(
        &mut self,
        components: &'a mut Components,
        id: u32,
        span: Span,
    ) -> Result<&'a [Game]> {
        let index = id as usize;
        if components.options[index].is_none() {
            let game = components.games[index].clone();
            // Its states would be searched until a limit stopped it.
            if let Game::Pos(pos) = game {
                self.check_ends(pos, span, endless::NO_MISERE)?;
            }
            components.options[index] = Some(self.options(&game, span)?);
            // One state's moves may list the options of thousands of
            // components (a heap of 30000 of octal 0.6 leaves every smaller
            // heap): the budget is checked as each is kept.
            self.check_interrupt(span)?;
        }
        Ok(components.options[index].as_deref().unwrap_or_default())
    }

    pub(super) fn is_terminal(
        &mut self,
        components: &mut Components,
        id: u32,
        span: Span,
    ) -> Result<bool> {
        match components.games[id as usize] {
            // A heap's options are listed only when it is moved in.
            Game::Nim(n) => Ok(n == 0),
            _ => Ok(self.component_options(components, id, span)?.is_empty()),
        }
    }

    /// The moves of component `id`: for each option, the non-terminal
    /// components it leaves, sorted.
    pub(super) fn moves(
        &mut self,
        components: &mut Components,
        id: u32,
        span: Span,
    ) -> Result<Rc<[State]>> {
        if let Some(moves) = &components.moves[id as usize] {
            return Ok(Rc::clone(moves));
        }
        let options = self.component_options(components, id, span)?.to_vec();
        let mut moves = Vec::with_capacity(options.len());
        for option in options {
            let mut left = Vec::new();
            for part in option.parts() {
                let part = components.id(part.clone());
                if !self.is_terminal(components, part, span)? {
                    left.push(part);
                }
            }
            left.sort_unstable();
            moves.push(left.into_boxed_slice());
        }
        let moves: Rc<[State]> = moves.into();
        components.moves[id as usize] = Some(Rc::clone(&moves));
        Ok(moves)
    }

    pub(super) fn misere_cycle(
        &self,
        components: &Components,
        state: &[u32],
        span: Span,
    ) -> Box<Diagnostic> {
        let shown = printer::inline(&Value::Game(components.game(state)), self);
        Diagnostic::new(
            span,
            format!(
                "misère play needs a game that always ends, but `{shown}` can come back to itself"
            ),
        )
        .label("this game has a cycle")
        .help("loopy(G) and outcome(G) analyse games with cycles, under normal play")
    }
}

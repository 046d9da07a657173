//! `genus(G)` and `misere_nim(G)`: Conway's genus (On Numbers and Games,
//! ch. 12) g^γ₀γ₁γ₂…, where g is the normal-play value and γₖ the misère
//! Grundy value of G + k copies of *2 — G⁻(0) = 1, otherwise the mex of
//! the options' — written until the γ alternate, as CGSuite writes it
//! (`0^120` for *0). γ₀ is the misère nim value of a tame position.

use rustc_hash::FxHashMap;

use super::misere::{Components, State};
use crate::diagnostic::Result;
use crate::engine::Mex;
use crate::interp::Interp;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::Game;

/// The most γ computed before the genus is written as far as known.
const MAX_TERMS: usize = 32;

/// A state being searched: its successors and the values found so far.
struct Frame {
    state: State,
    successors: Vec<State>,
    values: Vec<u64>,
}

impl Interp {
    /// `genus(G)` as CGSuite prints it, e.g. `0^120`.
    pub(crate) fn genus(&mut self, game: &Game, span: Span) -> Result<String> {
        let g = self.grundy(game, span)?;
        let mut components = Components::default();
        let mut memo = FxHashMap::default();
        let mut gammas: Vec<u64> = Vec::new();
        let mut shown = None;
        for k in 0..MAX_TERMS {
            let mut parts = game.parts().to_vec();
            parts.extend(std::iter::repeat_n(Game::Nim(2), k));
            let state = self.state_of(&mut components, &parts, span)?;
            gammas.push(self.misere_grundy(&mut components, &mut memo, state, span)?);
            // The γ alternate from k − 3 on: the last two shown repeat.
            if k >= 3 && gammas[k] == gammas[k - 2] && gammas[k - 1] == gammas[k - 3] {
                shown = Some(k - 1);
                break;
            }
        }
        let shown = &gammas[..shown.unwrap_or(gammas.len())];
        let exponents: String = if shown.iter().all(|&v| v < 10) {
            shown.iter().map(|v| v.to_string()).collect()
        } else {
            let list: Vec<String> = shown.iter().map(|v| v.to_string()).collect();
            format!("[{}]", list.join(","))
        };
        Ok(format!("{g}^{exponents}"))
    }

    /// `misere_nim(G)`: the misère Grundy value G⁻(G).
    pub(crate) fn misere_nim(&mut self, game: &Game, span: Span) -> Result<u64> {
        let mut components = Components::default();
        let state = self.state_of(&mut components, game.parts(), span)?;
        self.misere_grundy(&mut components, &mut FxHashMap::default(), state, span)
    }

    /// The state of a sum: its non-terminal parts' ids, sorted.
    fn state_of(
        &mut self,
        components: &mut Components,
        parts: &[Game],
        span: Span,
    ) -> Result<State> {
        let mut state = Vec::new();
        for part in parts {
            let id = components.id(part.clone());
            if !self.is_terminal(components, id, span)? {
                state.push(id);
            }
        }
        state.sort_unstable();
        Ok(state.into())
    }

    /// G⁻ of a state, searched on an explicit stack, memoised.
    fn misere_grundy(
        &mut self,
        components: &mut Components,
        memo: &mut FxHashMap<State, u64>,
        root: State,
        span: Span,
    ) -> Result<u64> {
        let mut mex = Mex::default();
        let mut frames: Vec<Frame> = Vec::new();
        let mut pending = Some(root.clone());
        loop {
            self.tick(span)?;
            if let Some(state) = pending.take() {
                // A state met again while it is searched: the game has a
                // cycle, which the stack would walk round for ever.
                if memo.get(&state) == Some(&SEARCHING) {
                    return Err(self.misere_cycle(components, &state, span));
                }
                if let Some(value) = known(components, memo, &state) {
                    match frames.last_mut() {
                        Some(frame) => frame.values.push(value),
                        None => return Ok(value),
                    }
                } else {
                    // A descent that never ends grows the stack, not the memo.
                    self.check_search_size(memo.len() + frames.len(), span)?;
                    let successors = self.successors(components, &state, span)?;
                    memo.insert(state.clone(), SEARCHING);
                    frames.push(Frame {
                        state,
                        successors,
                        values: Vec::new(),
                    });
                }
            }
            let Some(frame) = frames.last_mut() else {
                return Ok(memo.get(&root).copied().unwrap_or(1));
            };
            if let Some(next) = frame.successors.get(frame.values.len()) {
                pending = Some(next.clone());
                continue;
            }
            let frame = frames
                .pop()
                .unwrap_or_else(|| unreachable!("a frame is on the stack"));
            let value = mex.of(frame.values.len(), frame.values.iter().copied());
            memo.insert(frame.state, value);
            match frames.last_mut() {
                Some(parent) => parent.values.push(value),
                None => return Ok(value),
            }
        }
    }
}

/// What the memo of `misere_grundy` holds for a state being searched.
const SEARCHING: u64 = u64::MAX;

/// G⁻ of a state when known without search: memoised, or made of nim heaps
/// only (then the nim-sum if some heap is 2 or more, else 1 for an even
/// number of heaps of one and 0 for an odd one).
fn known(components: &Components, memo: &FxHashMap<State, u64>, state: &State) -> Option<u64> {
    if let Some(&value) = memo.get(state) {
        return Some(value);
    }
    let mut xor = 0;
    let mut large = false;
    for &id in state.iter() {
        let Game::Nim(n) = components.games[id as usize] else {
            return None;
        };
        xor ^= n;
        large |= n >= 2;
    }
    Some(if large { xor } else { 1 - xor })
}

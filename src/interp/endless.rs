//! Games that never end, reported when a value is asked for, before any
//! search: a family every position of which has a move that shifts its
//! parameters by constants (`ir::Plan::endless_move`), and a heap from
//! which a move guarded by comparisons of the heap, or of its remainders,
//! is allowed at every heap it leads to (`ir::GuardedShift`: `< S(n - 2)
//! if n != 0 >` or `if n % 2 == 1` from `S(3)`). The search would walk down such a game until a limit stopped
//! it, a minute later.

use std::rc::Rc;

use super::Interp;
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::LITERALS;
use crate::ir::GuardedShift;
use crate::span::Span;
use crate::value::{FamilyId, Game, PosId};

/// What a family's definition says of plays that never end: its move
/// every position has, if any, and its guarded shifts of the heap.
#[derive(Default)]
pub(super) struct Ends {
    every: Option<String>,
    shifts: Vec<GuardedShift>,
}

/// What `g` says of a game that never ends.
pub(super) const NO_VALUE: &str = "g is defined only for games that always end";

/// What the analyses of games with cycles (`outcome`, `loopy`, `winning`,
/// `hint`, `tree`, `dot`) say of a game that never ends: they explore
/// every position reached, and this game's never run out.
pub(super) const NO_EXPLORATION: &str =
    "its positions never run out, so exploring them for cycles never ends";

/// What the misère analyses say of a game that never ends.
pub(super) const NO_MISERE: &str = "misère play is analysed only for games that always end";

impl Interp {
    /// Fails when a play from `pos` never ends: every position of its
    /// family has a move that shifts its parameters by constants, or a
    /// guarded shift of the heap is allowed at every heap it leads to.
    /// `label` says what the analysis asked for needs.
    pub(super) fn check_ends(&mut self, pos: PosId, span: Span, label: &str) -> Result<()> {
        match self.endless_error(pos, span, label) {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// The error `check_ends` reports for `pos`, if any.
    pub(super) fn endless_error(
        &mut self,
        pos: PosId,
        span: Span,
        label: &str,
    ) -> Option<Box<Diagnostic>> {
        let (endless, help) = self.never_ends(pos)?;
        let definition = self.program.family(pos.family);
        let name = &definition.name;
        Some(
            Diagnostic::new(span, format!("the game never ends: {endless}"))
                .label(label)
                .with_label(definition.span, format!("`{name}` is defined here"))
                .help(help),
        )
    }

    /// `check_ends` for each part of `game` that is a family's position.
    pub(super) fn check_parts_end(&mut self, game: &Game, span: Span, label: &str) -> Result<()> {
        for part in game.parts() {
            if let Game::Pos(pos) = part {
                self.check_ends(*pos, span, label)?;
            }
        }
        Ok(())
    }

    /// Why a play from `pos` never ends (see `check_ends`), in words, and
    /// how to make it end.
    pub(super) fn never_ends(&mut self, pos: PosId) -> Option<(String, &'static str)> {
        if pos.family == LITERALS {
            return None;
        }
        let ends = self.ends(pos.family);
        let name = &self.program.family(pos.family).name;
        if let Some(every) = &ends.every {
            let help = "add a condition that stops the moves, as `if k <= n` does in `for k in 1..=3 if k <= n`";
            return Some((format!("every position of `{name}` {every}"), help));
        }
        if ends.shifts.is_empty() {
            return None;
        }
        let heap = self.heap_of(pos)?;
        let (shift, [a, b, c]) =
            (ends.shifts.iter()).find_map(|shift| Some((shift, shift.endless_from(heap)?)))?;
        let why = format!(
            "from `{name}({heap})` the move {} is allowed at every heap it leads to: \
             {name}({a}), {name}({b}), {name}({c}), …",
            shift.text
        );
        Some((why, shift.help()))
    }

    /// The family's `Ends`, found on first use, the same with the generic
    /// search alone.
    fn ends(&mut self, family: FamilyId) -> Rc<Ends> {
        if let Some(ends) = self.endless.get(&family) {
            return ends.clone();
        }
        let plan = match self.generic_only {
            false => self.plan(family).ok(),
            true => self.build_plan(family).ok().map(Rc::new),
        };
        let ends = Rc::new(plan.map_or_else(Ends::default, |plan| Ends {
            every: plan.endless_move(),
            shifts: plan.guarded_shifts(),
        }));
        self.endless.insert(family, ends.clone());
        ends
    }
}

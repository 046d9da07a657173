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
use crate::value::{FamilyId, PosId};

/// What a family's definition says of plays that never end: its move
/// every position has, if any, and its guarded shifts of the heap.
#[derive(Default)]
pub(super) struct Ends {
    every: Option<String>,
    shifts: Vec<GuardedShift>,
}

impl Interp {
    /// Fails when a play from `pos` never ends: every position of its
    /// family has a move that shifts its parameters by constants, or a
    /// guarded shift of the heap is allowed at every heap it leads to.
    pub(super) fn check_ends(&mut self, pos: PosId, span: Span) -> Result<()> {
        let Some((endless, help)) = self.never_ends(pos) else {
            return Ok(());
        };
        let definition = self.program.family(pos.family);
        let name = &definition.name;
        Err(
            Diagnostic::new(span, format!("the game never ends: {endless}"))
                .label("g is defined only for games that always end")
                .with_label(definition.span, format!("`{name}` is defined here"))
                .help(help),
        )
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

//! Families whose games never end (`ir::Plan::endless_move`), reported
//! when a value is asked for, before any search.

use super::Interp;
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::LITERALS;
use crate::span::Span;
use crate::value::FamilyId;

impl Interp {
    /// Fails when every position of `family` has a move that shifts its
    /// parameters by constants: its games never end, and the search would
    /// walk down them until a limit stopped it.
    pub(super) fn check_ends(&mut self, family: FamilyId, span: Span) -> Result<()> {
        if family == LITERALS {
            return Ok(());
        }
        if !self.endless.contains_key(&family) {
            let endless = match self.generic_only {
                false => self.plan(family).ok().and_then(|plan| plan.endless_move()),
                true => self
                    .build_plan(family)
                    .ok()
                    .and_then(|plan| plan.endless_move()),
            };
            self.endless.insert(family, endless);
        }
        let Some(Some(endless)) = self.endless.get(&family) else {
            return Ok(());
        };
        let definition = self.program.family(family);
        Err(Diagnostic::new(
            span,
            format!(
                "the game never ends: every position of `{}` {endless}",
                definition.name
            ),
        )
        .label("g is defined only for games that always end")
        .with_label(definition.span, format!("`{}` is defined here", definition.name))
        .help("add a condition that stops the moves, as `if k <= n` does in `for k in 1..=3 if k <= n`"))
    }
}

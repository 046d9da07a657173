//! Games that never end. A move every position has, whatever its
//! parameters, that shifts them by constants not all 0 (`game C(n) = <
//! C(n - k) for k in 1..=3 >`, the guard `if k <= n` forgotten) leads
//! from any position to another, and from that to another, forever: the
//! game has no value. The search would walk down it until a limit stopped
//! it, minutes later; the interpreter says so at once instead.

use super::Plan;
use crate::engine::kernel::{Element, IntExpr, OptionValue};

impl Plan {
    /// Such a move in words, as the user would write it (`has the move
    /// C(n - 1)`, or `plays as C(n + 1)` for a body that is the game
    /// `C(n + 1)`), if the family has one.
    pub fn endless_move(&self) -> Option<String> {
        if self.board || self.kernel.list {
            return None;
        }
        let aliases = self.kernel.alias().map_or(&[][..], |a| &a.elements);
        let found = |elements: &[Element]| {
            let unconditional = elements.iter().filter(|e| e.clauses.is_empty());
            unconditional
                .filter_map(|element| match &element.value {
                    OptionValue::Terms { calls, .. } => Some(calls),
                    _ => None,
                })
                .flatten()
                .find(|args| shifts(args, self.kernel.params))
                .map(|args| self.call_text(args))
        };
        (found(&self.kernel.elements).map(|call| format!("has the move {call}")))
            .or_else(|| found(aliases).map(|call| format!("plays as {call}")))
    }
}

/// Whether the arguments are the parameters, each plus a constant, some
/// constant not 0.
fn shifts(args: &[IntExpr], params: usize) -> bool {
    let shifts: Option<Vec<i64>> = (args.len() == params)
        .then(|| {
            let shift = |(slot, arg): (usize, &IntExpr)| match arg.linear_in(slot)? {
                (1, rest) => rest.as_constant(),
                _ => None,
            };
            args.iter().enumerate().map(shift).collect()
        })
        .flatten();
    shifts.is_some_and(|shifts| shifts.iter().any(|&c| c != 0))
}

//! A position's options as its family's program makes them, for what
//! shows them (`options`, trees, misère and loopy analyses) and for the
//! search of a game whose values the program does not compute: the same
//! code the VM runs for values, its options gathered as positions rather
//! than read as values.

use super::Interp;
use crate::engine::kernel::OptionSet;
use crate::engine::{Gathered, LITERALS, each_int};
use crate::value::{Game, PosId};

impl Interp {
    /// Writes the options of `pos` into `out` as its family's program
    /// makes them, in the definition's order, each the sum of the
    /// positions it names and its heap: whether it did; with
    /// `first_only`, only the first (whether `pos` is terminal), the
    /// program stopped after it. It does not where the program makes no
    /// positions to gather (another family's position read as its value,
    /// a leaf that is a game), where the family has no program, or where
    /// the program gives the position up before the options asked for (an
    /// error, which the evaluator then reports where the definition makes
    /// it).
    pub(super) fn options_by_program(
        &mut self,
        pos: PosId,
        out: &mut Vec<Game>,
        first_only: bool,
    ) -> bool {
        if pos.family == LITERALS {
            return false;
        }
        let mut ints = Vec::new();
        let own = each_int(&self.engine.own_args(pos), usize::MAX, |_, n| ints.push(n));
        let Some((_, list)) = own else {
            return false;
        };
        let Ok(plan) = self.plan(pos.family) else {
            return false;
        };
        let Some(kernel) = &plan.listing else {
            return false;
        };
        // A family of lists of any length, of boards, or of integers.
        let fits = match kernel.list {
            true => list,
            false => list == plan.board && kernel.params == ints.len(),
        };
        if !fits || !kernel.gathers_positions() {
            return false;
        }
        let mut found = std::mem::take(&mut self.program_options);
        // Asked for the first only, the program gives up at the second.
        found.first_only = first_only;
        let limit = self.engine.limits.max_list_len;
        let walked = kernel
            .options(&ints, &Gathered, limit, &mut found)
            .is_some();
        found.first_only = false;
        let most = if first_only { 1 } else { usize::MAX };
        let listed = (walked || first_only && !found.points.is_empty())
            && self.gathered_games(pos, &found, out, most);
        self.program_options = found;
        self.listed.by_program += u64::from(listed);
        listed
    }

    /// Writes the options `found` gathered, each the sum of the positions
    /// of `pos`'s family it names and its heap, into `out`, the first
    /// `most` of them: whether each position could be interned.
    fn gathered_games(
        &mut self,
        pos: PosId,
        found: &OptionSet,
        out: &mut Vec<Game>,
        most: usize,
    ) -> bool {
        let start = out.len();
        let mut named = found.board_ends.iter().peekable();
        let mut from = 0;
        for (index, &nim) in found.points.iter().enumerate().take(most) {
            // Most options are one position: no sum is built for them.
            let mut game: Option<Game> = None;
            let mut add = |part: Game| {
                game = Some(match game.take() {
                    Some(game) => game.sum(part),
                    None => part,
                })
            };
            while let Some(&&(end, option)) = named.peek()
                && option == index
            {
                let args = self
                    .engine
                    .args_of_ints(pos.family, &found.boards[from..end]);
                // A list of a length that has an instance is the
                // instance's, as the same list named in a script is.
                let (family, args) =
                    (self.instance(pos.family, &args)).unwrap_or((pos.family, args));
                let Ok(position) = self.engine.intern(family, &args) else {
                    out.truncate(start);
                    return false;
                };
                add(Game::Pos(position));
                (from, _) = (end, named.next());
            }
            if nim != 0 {
                add(Game::Nim(nim));
            }
            out.push(game.unwrap_or(Game::Nim(0)));
        }
        true
    }
}

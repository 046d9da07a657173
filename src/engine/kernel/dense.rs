//! A one-parameter table filled position after position with nothing set
//! up in between. `Kernel::options` prepares a walk, an option set and a
//! frame for each position and lists every option's value before the mex
//! is taken; for a game of a few operations a position (take 1 to 3 or
//! halve an even heap) that was most of the work. Here the registers and
//! the item stack are kept from one position to the next, and each option
//! below 64 is marked in a word as the VM makes it, the mex read from the
//! word. The same code runs in the same VM: only where the options go
//! differs.

use super::{Calls, Kernel, Known, OptionSet, SLOT_BOUND, walk::Walk};
use crate::engine::mex::{Mex, marked_word, mex_beyond_a_full_word};

/// What a dense fill keeps from one position to the next: the registers,
/// the item stack, the options listed (those of 64 and above, and those
/// of native loops) and the mex of a position whose options cover 0..64.
#[derive(Default)]
pub struct DenseFill {
    slots: Vec<i64>,
    items: Vec<i64>,
    out: OptionSet,
    mex: Mex,
}

impl Kernel {
    /// Whether `dense_value` computes this kernel's positions: one integer
    /// parameter, options that are positions of the family and nim heaps
    /// (no split, no other family's position, no leaf that is a game), and
    /// not every element a line (which `options` walks without any code).
    pub fn fills_densely(&self) -> bool {
        self.params == 1
            && !self.list
            && self.alias.is_none()
            && self.foreign.is_empty()
            && self.lines.is_none()
            && !self.has_split()
            && self.direct.iter().all(Option::is_none)
    }

    /// The value of position `n` from `known`, the values of the
    /// positions its options name (those below it in a fill from 0, above
    /// it in a fill counting down), for a kernel that `fills_densely`,
    /// with at most `limit` options. `None` where the kernel cannot vouch
    /// for the position (an option outside `known`, an error, too many
    /// options): `options` then takes the position and says why.
    pub fn dense_value<K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &mut DenseFill,
    ) -> Option<u64> {
        let word = self.run_densely(n, known, limit, fill)?;
        let listed = &fill.out.points;
        let word = marked_word(word, listed);
        if word != u64::MAX {
            return Some(word.trailing_ones() as u64);
        }
        // Every value below 64 is an option's.
        Some(mex_beyond_a_full_word(listed, &mut fill.mex))
    }

    /// The arguments of the positions the options of `n` name, one after
    /// another, for a kernel that `fills_densely`, `known` gathering them
    /// (`Known::gathers`): what a fill counting down reads to find how far
    /// up it goes. `None` where the kernel cannot vouch for the position.
    pub fn dense_named<'f, K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &'f mut DenseFill,
    ) -> Option<&'f [i64]> {
        self.run_densely(n, known, limit, fill)?;
        Some(&fill.out.boards)
    }

    /// Runs position `n`'s code in `fill`'s registers and item stack: the
    /// word of the options below 64 it marked, the others listed in
    /// `fill`'s option set with the positions `known` gathers.
    fn run_densely<K: Known + ?Sized>(
        &self,
        n: usize,
        known: &K,
        limit: u64,
        fill: &mut DenseFill,
    ) -> Option<u64> {
        if n as u64 >= SLOT_BOUND as u64 {
            return None;
        }
        // Cleared as `options` clears them: no code reads a register
        // before it writes it, but a position must not depend on the last.
        let frame = self.frame().max(1);
        fill.slots.resize(frame, 0);
        fill.slots.fill(0);
        fill.slots[0] = n as i64;
        fill.items.clear();
        fill.out.points.clear();
        fill.out.boards.clear();
        fill.out.board_ends.clear();
        fill.out.count = 0;
        let deepest = std::cell::Cell::new(0);
        let foreign = |_, _: &[i64]| None;
        let calls =
            Calls::new(&self.int_functions, &deepest, &foreign).with_lists(&self.list_functions);
        let mut walk = Walk::new(known, limit, &mut fill.out, calls);
        walk.run_marked(self, &mut fill.slots, &mut fill.items)
    }
}

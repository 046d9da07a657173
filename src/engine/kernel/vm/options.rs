//! The host of a kernel's elements (`Options`): a position's walk, where
//! the options the code makes go (listed in the option set, or marked in
//! a word for a dense fill), its loops' bounds, and the native loops and
//! splits it hands to the walk; with a `Between`, the positions of a dense
//! run one after another.

use super::items::lay;
use super::run::{Between, Host, Walked, execute};
use super::{Reg, Source};
use crate::engine::kernel::curve::Curves;
use crate::engine::kernel::walk::Walk;
use crate::engine::kernel::{Calls, Kernel, Known, OptionValue};

/// The longest loop a dense fill runs as code rather than natively: a
/// native loop's set-up costs about four options made by the code
/// (callgrind, take 1 to k or halve: k = 3 17% cheaper, k = 8 14% dearer).
const SHORT_LOOP: i64 = 4;

/// The host of a kernel's elements: a position's walk. `MARKED`: each
/// option below 64 is marked in `word` as it is made (a dense fill's mex
/// reads it), the others listed in the option set; else every option is
/// listed.
struct Options<'w, 'a, K: ?Sized, const MARKED: bool, B = ()> {
    walk: &'w mut Walk<'a, K>,
    kernel: &'w Kernel,
    word: u64,
    between: B,
}

impl<K: Known + ?Sized> Walk<'_, K> {
    /// Runs `kernel`'s code in `regs`, `board` the first items on the
    /// item stack (the position of a family of lists): the options it
    /// makes go to the option set. `None` when the position is given up.
    pub(in crate::engine::kernel) fn run(
        &mut self,
        kernel: &Kernel,
        regs: &mut [i64],
        board: &[i64],
    ) -> Option<()> {
        let mut items = std::mem::take(&mut self.out.items);
        items.clear();
        items.extend_from_slice(board);
        let mut host = Options::<K, false> {
            walk: self,
            kernel,
            word: 0,
            between: (),
        };
        let result = execute(kernel.code_for(regs), regs, &mut items, &mut host);
        self.out.items = items;
        result
    }

    /// Runs `kernel`'s code in `regs` on the empty item stack `items`,
    /// marking the options below 64 in the word it gives and listing the
    /// others (and those its native loops make) in the option set.
    /// `None` when the position is given up.
    pub(in crate::engine::kernel) fn run_marked(
        &mut self,
        kernel: &Kernel,
        regs: &mut [i64],
        items: &mut Vec<i64>,
    ) -> Option<u64> {
        let mut host = Options::<K, true> {
            walk: self,
            kernel,
            word: 0,
            between: (),
        };
        execute(kernel.code_for(regs), regs, items, &mut host)?;
        Some(host.word)
    }

    /// Runs `kernel`'s code as `run_marked` does, for one position after
    /// another while `between` readies the next (`Between::next`), taking
    /// each one's value. `None` when a position is given up.
    pub(in crate::engine::kernel) fn run_dense<B: Between<K>>(
        &mut self,
        kernel: &Kernel,
        regs: &mut [i64],
        items: &mut Vec<i64>,
        between: B,
    ) -> Option<()> {
        let mut host = Options::<K, true, B> {
            walk: self,
            kernel,
            word: 0,
            between,
        };
        execute(kernel.code_for(regs), regs, items, &mut host)
    }
}

impl<K: Known + ?Sized, const MARKED: bool, B: Between<K>> Host for Options<'_, '_, K, MARKED, B> {
    const AGAIN: bool = B::RUNS;
    const DOWN: bool = B::DOWN;

    #[inline(always)]
    fn calls(&self) -> &Calls<'_> {
        &self.walk.calls
    }

    #[inline(always)]
    fn range(
        &mut self,
        (low, high): (i64, i64),
        slot: Reg,
        regs: &mut [i64],
    ) -> Option<Option<i64>> {
        let (a, b) = self.walk.bounds(low, high)?;
        regs[slot as usize] = a;
        Some((a < b).then_some(b))
    }

    #[inline(always)]
    fn walkable(&self, (low, high): (i64, i64)) -> Option<()> {
        self.walk.bounds(low, high).map(|_| ())
    }

    #[inline(always)]
    fn items(&mut self, source: &Source, regs: &[i64], items: &mut Vec<i64>) -> Option<()> {
        let calls = self.walk.calls;
        lay(source, regs, items, |a, b| self.walk.bounds(a, b), &calls)
    }

    fn native(
        &mut self,
        element: u32,
        slot: Reg,
        walked: Walked,
        values: &[i64],
        regs: &[i64],
    ) -> Option<bool> {
        // Marked options need no list: a short loop's are cheaper one by one.
        if MARKED && matches!(walked, Walked::Range(count) if count <= SHORT_LOOP) {
            return Some(false);
        }
        let word = if MARKED { Some(&mut self.word) } else { None };
        (self.walk).native(self.kernel, element, (slot, walked), values, regs, word)
    }

    #[inline(always)]
    fn term(&mut self, args: &[i64]) -> Option<u64> {
        self.walk.term(args)
    }

    #[inline(always)]
    fn option(&mut self, value: u64) -> Option<()> {
        self.put(value);
        self.walk.count(1)
    }

    /// Marked, counted together; listed, counted one by one (a walk
    /// stopped at its limit keeps the options made before it). Marked
    /// options all within the known line are read from it with one check
    /// of their span, the word kept in a register (a subtraction game's
    /// moves in a dense fill: 17 instructions an option was 7).
    #[inline(always)]
    fn options_at(&mut self, base: i64, offsets: &[i64], (low, high): (i64, i64)) -> Option<()> {
        if MARKED {
            self.walk.count(offsets.len() as u64)?;
            if let Some(run) = self.walk.known_run(base + low, base + high) {
                let mut word = self.word;
                for offset in offsets {
                    // SAFETY: `offset` lies in `span` (`Op::EmitRun`), so
                    // within `run`, which holds `base + low..=base + high`.
                    match unsafe { *run.get_unchecked((offset - low) as usize) } {
                        value @ 0..64 => word |= 1 << value,
                        value => self.walk.out.points.push(value as u64),
                    }
                }
                self.word = word;
                return Some(());
            }
        }
        for offset in offsets {
            let value = self.walk.term(&[base + offset])?;
            self.put(value);
            if !MARKED {
                self.walk.count(1)?;
            }
        }
        Some(())
    }

    fn split(&mut self, element: u32, values: &[i64]) -> Option<()> {
        let OptionValue::Split(split) = &self.kernel.elements[element as usize].value else {
            unreachable!("only a split is an element's value to walk")
        };
        self.walk.split(split, values)
    }

    fn direct(&mut self, element: u32) -> Option<()> {
        let direct = self.kernel.direct[element as usize].as_ref();
        self.walk.direct(direct.expect("a direct split"))
    }

    #[inline(always)]
    fn again(&mut self, regs: &mut [i64], items: &mut Vec<i64>) -> bool {
        let word = std::mem::take(&mut self.word);
        self.between.next(word, self.walk, regs, items)
    }
}

impl<K: Known + ?Sized, const MARKED: bool, B> Options<'_, '_, K, MARKED, B> {
    /// Marks an option's value in the word (`MARKED`, below 64), or lists it.
    #[inline(always)]
    fn put(&mut self, value: u64) {
        match MARKED && value < 64 {
            true => self.word |= 1 << value,
            false => self.walk.out.points.push(value),
        }
    }
}

impl<'a, K: Known + ?Sized> Walk<'a, K> {
    /// The values of the positions `low..=high` of a one-parameter family,
    /// when its line of known values holds them all and they are looked
    /// up rather than gathered.
    #[inline(always)]
    fn known_run(&self, low: i64, high: i64) -> Option<&'a [u32]> {
        if self.known.gathers() {
            return None;
        }
        let line: &'a [u32] = self.known.line();
        line.get(usize::try_from(low).ok()?..=usize::try_from(high).ok()?)
    }

    /// The value of the position `args` names, or 0 where the positions
    /// are gathered to be looked up together.
    #[inline]
    fn term(&mut self, args: &[i64]) -> Option<u64> {
        if self.known.gathers() {
            self.gather(args);
            return Some(0);
        }
        self.known.value(args)
    }

    /// Runs the element's innermost loop of `slot` over `walked`
    /// natively, on `values` (see `Op::NativeRange`), when its options
    /// step or follow curves and are not gathered: whether it did. With
    /// `word`, some options are marked in it (see `walk_constants`).
    fn native(
        &mut self,
        kernel: &Kernel,
        element: u32,
        (slot, walked): (Reg, Walked),
        values: &[i64],
        regs: &[i64],
        word: Option<&mut u64>,
    ) -> Option<bool> {
        let OptionValue::Terms { calls, .. } = &kernel.elements[element as usize].value else {
            return Some(false);
        };
        if self.known.gathers() {
            return Some(false);
        }
        let innermost = kernel.innermost(element as usize);
        match (walked, innermost.steps) {
            (Walked::Range(count), Some(steps)) => {
                self.walk_terms(calls, steps, count, values)?;
            }
            (Walked::Constants(constants), Some(steps)) => {
                self.walk_constants(calls, steps, constants, values, word)?;
            }
            (Walked::Range(count), None) if innermost.curve.is_some_and(|d| d <= 1) => {
                let arity = calls[0].len();
                let (ends, nims) = values.split_at(2 * arity);
                self.walk_line(ends.split_at(arity), nims, count)?;
            }
            (Walked::Range(count), None) if innermost.curve.is_some() => {
                let arity = calls[0].len();
                let (points, nims) = values.split_at(3 * arity);
                let range = (regs[slot as usize], count);
                let Some(curves) = Curves::new(&calls[0], slot as usize, range, regs, points)
                else {
                    return Some(false);
                };
                self.walk_curves(curves, nims, count)?;
            }
            _ => return Some(false),
        }
        Some(true)
    }
}

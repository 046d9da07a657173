//! The recursive `def`s returning integers that a kernel's expressions
//! call (`IntFunction`), the results they remember for small arguments
//! (`Memo`), and what a call needs to run (`Calls`): the functions, how
//! deep the calls are, other families' values and the interrupt flag.

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::int::IntExpr;
use super::vm::Routine;
use super::{CALL_DEPTH, SLOT_BOUND};

/// A recursive `def` returning an integer, run in a frame of its own
/// whose first slots are its parameters, then its loops' variables.
#[derive(Clone, Debug, PartialEq)]
pub struct IntFunction {
    pub name: String,
    /// How many parameters it takes.
    pub params: usize,
    /// The slots' names, for printing: the parameters', then the loop
    /// variables'.
    pub slot_names: Vec<String>,
    pub body: IntExpr,
    /// The body's code, which the VM runs.
    routine: Routine,
    /// The results found so far for small arguments, shared with the
    /// code that runs the function in place.
    pub(super) memo: Rc<Memo>,
}

impl IntFunction {
    /// The function `name(params…) = body`, the kernel's function
    /// `index`, its body compiled; its frame's slots are named
    /// `slot_names`, the first `params` its parameters.
    pub fn new(
        index: usize,
        name: String,
        (params, slot_names): (usize, Vec<String>),
        body: IntExpr,
    ) -> IntFunction {
        IntFunction {
            routine: Routine::of(&body, (params, slot_names.len()), index),
            name,
            params,
            slot_names,
            body,
            memo: Rc::default(),
        }
    }
}

/// A `Memo` keeps at most 2^MEMO_BITS results: each of its one to four
/// arguments below 2^(MEMO_BITS / their number).
const MEMO_BITS: u32 = 20;
/// The low bits of a result kept in one word: how many nested calls
/// computing it took, plus one (0 marks an argument not computed yet).
const HEIGHT_BITS: u32 = 16;
/// The low bits of a word whose result is kept aside (`Kept::large`).
const ASIDE: u64 = (1 << HEIGHT_BITS) - 1;

/// The results of a function for the small arguments it was called with:
/// a `def` is pure, so `ones(k)` or `gcd(k, n % k)` is computed once
/// however many options ask for it.
#[derive(Default, Clone, PartialEq, Debug)]
pub struct Memo(Cache<std::cell::RefCell<Kept>>);

/// A result a word, its value in the high 48 bits and its height in the
/// low 16, so that a fill of a million arguments keeps 8 MB, and the
/// words not reached yet are the zero pages the system gives; a value or
/// height too large for its bits is kept in `large`.
#[derive(Default)]
struct Kept {
    words: Vec<u64>,
    large: rustc_hash::FxHashMap<usize, (i64, usize)>,
}

impl Memo {
    /// Where the result for `args` is kept, when each is at least 0 and
    /// small enough (below 2^20 for one argument, 2^10 for two, …).
    #[inline]
    pub(super) fn key(args: &[i64]) -> Option<usize> {
        let bits = match args.len() {
            0 | 1 => MEMO_BITS,
            count => MEMO_BITS / count as u32,
        };
        args.iter().try_fold(0, |key, &arg| {
            (0..1 << bits)
                .contains(&arg)
                .then_some(key << bits | arg as usize)
        })
    }

    /// The result kept at `key`, and how many nested calls computing it
    /// took.
    #[inline]
    pub(super) fn get(&self, key: usize) -> Option<(i64, usize)> {
        let kept = self.0.0.borrow();
        match *kept.words.get(key)? {
            0 => None,
            word if word & ASIDE == ASIDE => kept.large.get(&key).copied(),
            word => Some(((word as i64) >> HEIGHT_BITS, (word & ASIDE) as usize - 1)),
        }
    }

    /// Keeps `value` at `key` (from `Memo::key`).
    pub(super) fn set(&self, key: usize, value: i64, height: usize) {
        let mut kept = self.0.0.borrow_mut();
        if kept.words.len() <= key {
            // Grown by doubling: a fill asks for each next argument in
            // turn. The new words are zeroed by the system as they are
            // first written.
            let len = (key + 1).next_power_of_two().clamp(64, 1 << MEMO_BITS);
            let mut words = vec![0; len];
            words[..kept.words.len()].copy_from_slice(&kept.words);
            kept.words = words;
        }
        let fits = (value << HEIGHT_BITS) >> HEIGHT_BITS == value && height + 1 < ASIDE as usize;
        kept.words[key] = if fits {
            (value << HEIGHT_BITS) as u64 | (height + 1) as u64
        } else {
            kept.large.insert(key, (value, height));
            ASIDE
        };
    }
}

/// Something the IR keeps to go faster (a `def`'s results, where a loop
/// ended last): equal to any other, and a copy starts afresh, so the IR
/// compares and clones as if it were not there.
#[derive(Default)]
pub struct Cache<T>(pub T);

impl<T: Default> Clone for Cache<T> {
    fn clone(&self) -> Cache<T> {
        Cache::default()
    }
}

impl<T> PartialEq for Cache<T> {
    fn eq(&self, _: &Cache<T>) -> bool {
        true
    }
}

impl<T> std::fmt::Debug for Cache<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}

/// The values of the kernel's foreign families' positions: by the
/// foreign family's index, and the position's integers (`Known::foreign`).
pub type ForeignValues<'a> = dyn Fn(usize, &[i64]) -> Option<u64> + 'a;

/// The integer functions an expression may call (`IntExpr::Call`), and how
/// deeply the calls being evaluated are nested: past `CALL_DEPTH` the
/// kernel gives up on the position, which the generic path then computes
/// or reports.
#[derive(Clone, Copy)]
pub struct Calls<'a> {
    functions: &'a [IntFunction],
    depth: usize,
    /// The deepest call reached so far, counting the calls a remembered
    /// result stands for: the language counts those, and fails past its
    /// depth, so no result may stand for more than `CALL_DEPTH` of them.
    deepest: Option<&'a std::cell::Cell<usize>>,
    /// The values of the positions of the kernel's foreign families known
    /// here (`Known::foreign`).
    foreign: Option<&'a ForeignValues<'a>>,
    /// The kernel's functions building lists, compiled.
    lists: &'a [Routine],
    /// Set when the user interrupts: a program run apart from positions
    /// (`Standalone`) gives up at its next loop or call.
    interrupt: Option<&'a AtomicBool>,
}

impl<'a> Calls<'a> {
    /// Where no function can be called (a call then gives up).
    pub const NONE: Calls<'static> = Calls {
        functions: &[],
        depth: 0,
        deepest: None,
        foreign: None,
        lists: &[],
        interrupt: None,
    };

    /// Calls of `functions`, none in progress, the deepest reached kept in
    /// `deepest`; the values of foreign positions from `foreign`.
    pub fn new(
        functions: &'a [IntFunction],
        deepest: &'a std::cell::Cell<usize>,
        foreign: &'a ForeignValues<'a>,
    ) -> Calls<'a> {
        Calls {
            functions,
            depth: 0,
            deepest: Some(deepest),
            foreign: Some(foreign),
            lists: &[],
            interrupt: None,
        }
    }

    /// The same calls, with the kernel's functions building lists.
    pub fn with_lists(self, lists: &'a [Routine]) -> Calls<'a> {
        Calls { lists, ..self }
    }

    /// The same calls, given up on once `interrupt` is set.
    pub fn with_interrupt(self, interrupt: &'a AtomicBool) -> Calls<'a> {
        Calls {
            interrupt: Some(interrupt),
            ..self
        }
    }

    /// Whether the user interrupted the work these calls belong to.
    pub(super) fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|i| i.load(Ordering::Relaxed))
    }

    /// How deeply the calls in progress are nested.
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// Lays the items of `lists[index]` on `args` on top of `items`;
    /// `None` where the language reports an error or the calls go too
    /// deep.
    #[inline(never)]
    pub(super) fn call_list(&self, index: usize, args: &[i64], items: &mut Vec<i64>) -> Option<()> {
        let level = self.depth + 1;
        if level > CALL_DEPTH || self.interrupted() {
            return None;
        }
        let inner = Calls {
            depth: level,
            ..*self
        };
        self.lists.get(index)?.lay(args, items, &inner)
    }

    /// The same calls one level deeper (a function calling itself in tail
    /// position, as a loop); `None` past `CALL_DEPTH`.
    pub(super) fn deeper(&mut self) -> Option<()> {
        self.depth += 1;
        if self.interrupted() {
            return None;
        }
        let deepest = self.deepest?;
        deepest.set(deepest.get().max(self.depth));
        (self.depth <= CALL_DEPTH).then_some(())
    }

    /// The value of the position of `foreign[index]` whose integers are
    /// `args`, if it is known here.
    #[inline(never)]
    pub(super) fn grundy(&self, index: usize, args: &[i64]) -> Option<i64> {
        i64::try_from((self.foreign?)(index, args)?).ok()
    }

    /// `functions[index]` on `args`; `None` where the language reports an
    /// error, where the calls go too deep, or where an argument leaves
    /// the slot bound (the function's affine code relies on it, and the
    /// generic search then checks every operation).
    #[inline(never)]
    pub(super) fn call(&self, index: usize, args: &[i64]) -> Option<i64> {
        let function = self.functions.get(index)?;
        // A result kept is found first: its arguments are within the slot
        // bound, and the calls it stands for (at least this one) are
        // counted against the depth.
        let key = Memo::key(args);
        if let Some((known, height)) = key.and_then(|key| function.memo.get(key)) {
            self.recalled(0, height)?;
            return Some(known);
        }
        if !bounded(args) {
            return None;
        }
        let outer = self.enter(0)?;
        let value = function.routine.evaluate(args, &self.nested(1));
        let height = self.leave(0, outer);
        let value = value?;
        if let Some(key) = key {
            function.memo.set(key, value, height);
        }
        Some(value)
    }

    /// The same calls from inside `inlined` calls run in place.
    pub(super) fn nested(&self, inlined: usize) -> Calls<'a> {
        Calls {
            depth: self.depth + inlined,
            ..*self
        }
    }

    /// Counts a result kept, found from inside `inlined` calls run in
    /// place, as the `height` nested calls it stands for; `None` past
    /// `CALL_DEPTH`.
    pub(super) fn recalled(&self, inlined: usize, height: usize) -> Option<()> {
        let reached = self.depth + inlined + height;
        if reached > CALL_DEPTH {
            return None;
        }
        if let Some(deepest) = self.deepest {
            deepest.set(deepest.get().max(reached));
        }
        Some(())
    }

    /// Starts a call from inside `inlined` calls run in place: the deepest
    /// reached before it, for `leave`; `None` past `CALL_DEPTH` or once
    /// the user interrupts.
    pub(super) fn enter(&self, inlined: usize) -> Option<usize> {
        let (deepest, level) = (self.deepest?, self.depth + inlined + 1);
        if level > CALL_DEPTH || self.interrupted() {
            return None;
        }
        Some(deepest.replace(level))
    }

    /// Ends the call `enter` started, given what it returned: how many
    /// nested calls it took, itself included.
    pub(super) fn leave(&self, inlined: usize, outer: usize) -> usize {
        let deepest = self
            .deepest
            .expect("a call entered has the deepest reached");
        let reached = deepest.get();
        deepest.set(outer.max(reached));
        reached - (self.depth + inlined)
    }
}

/// Whether the items may be loop variables: within the slot bound.
fn bounded(items: &[i64]) -> bool {
    items.iter().all(|x| x.unsigned_abs() < SLOT_BOUND as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every result comes back as it was kept, with its height, whether
    /// it fits in a word or is kept aside; an argument not computed is
    /// unknown, inside the words grown or past them.
    #[test]
    fn a_memo_gives_back_what_it_kept() {
        let memo = Memo::default();
        let kept = [
            (0, 0, 0),
            (1, -1, 1),
            (2, i64::MIN, 3),
            (3, i64::MAX, 0),
            (4, (1 << 47) - 1, CALL_DEPTH),
            (5, -(1 << 47), 7),
            (6, 1 << 47, 2),
            (7, -(1 << 47) - 1, 2),
            (8, 12, ASIDE as usize - 1),
            (9, 12, ASIDE as usize - 2),
            (100_000, 42, 5),
        ];
        for &(key, value, height) in &kept {
            memo.set(key, value, height);
        }
        for &(key, value, height) in &kept {
            assert_eq!(memo.get(key), Some((value, height)), "key {key}");
        }
        assert_eq!(memo.get(10), None);
        assert_eq!(memo.get(99_999), None);
        assert_eq!(memo.get(1 << MEMO_BITS), None);
        // Kept again, a result replaces the one aside.
        memo.set(2, 5, 1);
        assert_eq!(memo.get(2), Some((5, 1)));
    }
}

//! Nim heaps of a native loop that move with its variable. A position of
//! another family of one integer (`K(a)` in `G(n - 1) + K(a) for a in
//! 0..n`) is read along that family's table. A heap that reads the
//! variable through one affine expression `u` alone (`*(k / 2)` in `F(n -
//! k) + *(k / 2) for k in 1..=n`, `*((n - a) / 2)` over `a`) is a function
//! `h(u)`, whose values the kernel keeps in a table as runs reach them:
//! the native loop reads them along `u`, as it reads another family's
//! values along its line, where the VM ran the loop an option at a time.
//! The table's values are computed by the VM (`Formula`), and kept while
//! the kernel is.

use std::cell::{Ref, RefCell};

use super::functions::Cache;
use super::{Calls, Formula, IntExpr, Known, MAX_SLOTS};
use crate::engine::DENSE_BIG;

/// Most values a heap's table keeps (4 bytes each); past it, a heap is
/// computed where it is read.
const TABLED: i64 = 1 << 24;

/// How far past twice its length a run may start for the table to grow
/// to it.
const FAR: i64 = 1 << 12;

/// Marks a value the table cannot hold: the heap fails there (an error, a
/// negative heap) or is too large for it. A run that reads one is not
/// vouched for, and the generic search computes the position.
const UNTABLED: u32 = u32::MAX;

/// How a heap of a native loop moves with the loop's variable (the walk
/// is given what `native_heap` says, not the heap itself, for those that
/// move).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum HeapStep {
    /// It does not read the variable: xored once.
    Fixed,
    /// A position of another family of one integer: that family's index
    /// and its argument's step.
    Foreign(usize, i64),
    /// A function of one affine expression of the variable: its table and
    /// the expression's step (see `tabled`).
    Tabled(TabledHeap, i64),
}

/// What a native loop is given for a heap that moves with the loop's
/// variable in `slot`, in place of the heap: the argument of a position of
/// another family of one integer (`K(a)` in `G(n - 1) + K(a) for a in
/// 0..n`), whose values are then read along that family's table as the
/// family's own are along its own; or the one affine expression a heap
/// reads the variable through (`k` of `*(k / 2)`), along which its table
/// is read (`tabled`).
pub(super) fn native_heap(nim: &IntExpr, slot: usize) -> Option<IntExpr> {
    match nim {
        IntExpr::Grundy(_, args) if nim.uses(slot) => match args.as_slice() {
            [arg] => Some(arg.clone()),
            _ => None,
        },
        _ => tabled_argument(nim, slot),
    }
}

/// A heap of a native loop that moves with its variable: at the loop's
/// first value (or at 0, over constants) it is `source` at `first`, and
/// the argument moves by `step`.
pub(super) struct HeapRun<'s> {
    pub source: HeapSource<'s>,
    pub first: i64,
    pub step: i64,
}

/// Where the values of a `HeapRun` come from.
#[derive(Clone, Copy)]
pub(super) enum HeapSource<'s> {
    /// The kernel's foreign family of this index.
    Foreign(usize),
    Tabled(&'s TabledHeap),
}

impl HeapRun<'_> {
    /// The heap `i` steps on; `None` where it is not known or fails.
    pub(super) fn at<K: Known + ?Sized>(&self, i: i64, known: &K, calls: &Calls) -> Option<u64> {
        let at = self.first + self.step * i;
        match self.source {
            HeapSource::Foreign(family) => known.foreign(family, &[at]),
            HeapSource::Tabled(heap) => heap.value(at, calls),
        }
    }
}

/// The heaps a native loop is given (after its calls' arguments): the xor
/// of the fixed ones, and those that move with its variable. Inlined:
/// returned from a call, the empty list was written in parts and read
/// whole, a stall of the store buffer (a fifth of a short walk's time).
#[inline(always)]
pub(super) fn heaps<'s>(rest: &[i64], steps: &'s [HeapStep]) -> Option<(u64, Vec<HeapRun<'s>>)> {
    let (mut nim, mut moving) = (0, Vec::new());
    for (&value, step) in rest.iter().zip(steps) {
        let (source, step) = match step {
            HeapStep::Fixed => {
                nim ^= u64::try_from(value).ok()?;
                continue;
            }
            HeapStep::Foreign(family, step) => (HeapSource::Foreign(*family), *step),
            HeapStep::Tabled(heap, step) => (HeapSource::Tabled(heap), *step),
        };
        moving.push(HeapRun {
            source,
            first: value,
            step,
        });
    }
    Some((nim, moving))
}

/// The expression `u` that `nim` reads `slot` through, when `nim` is a
/// function of `u` alone: every part of it that reads `slot` is `u`, and
/// nothing else in it reads a slot or another family's position.
pub(super) fn tabled_argument(nim: &IntExpr, slot: usize) -> Option<IntExpr> {
    if !nim.uses(slot) || matches!(nim, IntExpr::Grundy(..)) {
        return None;
    }
    let found = RefCell::new(None::<IntExpr>);
    let mixed = std::cell::Cell::new(false);
    nim.rewritten(&|part| {
        match part {
            IntExpr::Affine(_) if part.uses(slot) => {
                let mut found = found.borrow_mut();
                mixed.set(mixed.get() || found.as_ref().is_some_and(|u| u != part));
                *found = Some(part.clone());
            }
            IntExpr::Grundy(..) | IntExpr::GrundyOfList(..) | IntExpr::Until(_) => mixed.set(true),
            _ => {}
        }
        None
    });
    let u = found.into_inner().filter(|_| !mixed.get())?;
    let rest = with_argument(nim, &u, &IntExpr::opaque());
    (0..MAX_SLOTS).all(|s| !rest.uses(s)).then_some(u)
}

/// `nim` with its argument `u` read as `by`.
fn with_argument(nim: &IntExpr, u: &IntExpr, by: &IntExpr) -> IntExpr {
    nim.rewritten(&|part| (part == u).then(|| by.clone()))
}

/// The values of a heap `h(u)` (see the module doc), for `u` from 0 up.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TabledHeap {
    /// `h`, its argument in slot 0.
    formula: Formula,
    values: Cache<RefCell<Vec<u32>>>,
}

impl TabledHeap {
    /// The table of `nim`, read through `u` (`tabled_argument`).
    pub(super) fn of(nim: &IntExpr, u: &IntExpr) -> TabledHeap {
        TabledHeap {
            formula: Formula::of(&with_argument(nim, u, &IntExpr::slot(0))),
            values: Cache::default(),
        }
    }

    /// The heap at `u`: `None` where it fails to evaluate or is negative.
    pub(super) fn value(&self, u: i64, calls: &Calls) -> Option<u64> {
        if let Some(table) = self.run(u, u, calls) {
            let heap = table[u as usize];
            return (heap < DENSE_BIG).then_some(heap as u64);
        }
        self.computed(u, calls)
    }

    /// The table from 0 to at least `high`, if `low..=high` lies within
    /// what it keeps: each value below `DENSE_BIG` a heap, any other
    /// `UNTABLED`. A run far past the table (`*((n + 10 ** 7 - k) / 2)`)
    /// is not tabled: the values below it would be computed for nothing.
    pub(super) fn run(&self, low: i64, high: i64, calls: &Calls) -> Option<Ref<'_, Vec<u32>>> {
        let len = self.values.0.borrow().len() as i64;
        if low < 0 || high >= TABLED || low > 2 * len + FAR {
            return None;
        }
        if high >= len {
            // Grown at least twice as long, so that runs a little past the
            // last cost one evaluation a value.
            let end = (high + 1).max(2 * len).min(TABLED);
            let more: Vec<u32> = (len..end)
                .map(|u| match self.computed(u, calls) {
                    Some(v) if v < DENSE_BIG as u64 => v as u32,
                    _ => UNTABLED,
                })
                .collect();
            self.values.0.borrow_mut().extend(more);
        }
        Some(self.values.0.borrow())
    }

    /// The heap at `u`, computed by the VM.
    fn computed(&self, u: i64, calls: &Calls) -> Option<u64> {
        let heap = self.formula.value(&[u], &mut Vec::new(), calls)?;
        u64::try_from(heap).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::{TabledHeap, tabled_argument};
    use crate::engine::kernel::{Calls, IntExpr, IntOp};

    #[test]
    fn a_heap_read_through_one_affine_expression_is_tabled() {
        let (n, k) = (IntExpr::slot(0), IntExpr::slot(1));
        let half = |e: IntExpr| IntExpr::binary(IntOp::Div, e, IntExpr::constant(2));
        let n_less_k = IntExpr::binary(IntOp::Sub, n.clone(), k.clone());
        assert_eq!(tabled_argument(&half(k.clone()), 1), Some(k.clone()));
        assert_eq!(
            tabled_argument(&half(n_less_k.clone()), 1),
            Some(n_less_k.clone())
        );
        // Read through two expressions, or reading another slot besides.
        let mixed = IntExpr::binary(IntOp::Mul, n_less_k.clone(), k.clone());
        assert_eq!(tabled_argument(&mixed, 1), None);
        let other = IntExpr::binary(IntOp::Mod, k.clone(), n.clone());
        assert_eq!(tabled_argument(&other, 1), None);
        // Not reading the variable at all: a constant heap of the loop.
        assert_eq!(tabled_argument(&half(n.clone()), 1), None);
        let heap = TabledHeap::of(&half(n_less_k.clone()), &n_less_k);
        let run = heap.run(0, 9, &Calls::NONE).expect("in the table");
        assert_eq!(run[..10], [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
        drop(run);
        assert_eq!(heap.value(7, &Calls::NONE), Some(3));
        assert_eq!(heap.value(-3, &Calls::NONE), None);
        assert_eq!(heap.value(1 << 30, &Calls::NONE), Some(1 << 29));
        // Far past the table: computed where it is read, the table kept.
        assert!(heap.run(1 << 20, 1 << 20, &Calls::NONE).is_none());
        assert_eq!(heap.value(1 << 20, &Calls::NONE), Some(1 << 19));
        assert_eq!(heap.run(0, 0, &Calls::NONE).map(|t| t.len()), Some(10));
    }
}

//! Loops over a range from a constant whose first filter reads only the
//! loop's variable and is remembered (`for k in 1..=n if prime(k)`, `if
//! ones(k) == 1`): the values that pass are found once, in order, as far
//! as the positions' loops reach, and each position walks those within
//! its range, where it tested every value of it. A subtraction game of
//! the primes or of the powers of two to `n` is then `n` tests in all,
//! not `n²/2`.
//!
//! A value is tested once every position before it that the loops reach
//! was: a test that fails (an error) stops the search there, and a
//! position whose range reaches it gives up (the generic search then
//! meets the error where the language does).

use std::cell::{Cell, RefCell};

use super::Condition;
use super::items::sorted_within;
use crate::engine::kernel::functions::Cache;
use crate::engine::kernel::{Calls, Cond, MAX_SLOTS, SLOT_BOUND};

/// The values from `origin` on that pass a filter of one slot, found as
/// far as the loops have asked.
#[derive(Debug, PartialEq)]
pub(super) struct Sieve {
    test: Condition,
    slot: usize,
    origin: i64,
    found: Cache<Found>,
}

/// What a sieve has found so far.
#[derive(Default)]
struct Found {
    /// The values that pass, ascending.
    passing: RefCell<Vec<i64>>,
    /// Every value below it (from the origin) is tested; `None` before
    /// the first.
    tested: Cell<Option<i64>>,
}

impl Sieve {
    /// The sieve of `cond`, a filter of slot `slot` alone, from `origin`.
    pub(super) fn new(cond: &Cond, slot: usize, origin: i64) -> Sieve {
        Sieve {
            test: Condition::of(cond),
            slot,
            origin,
            found: Cache::default(),
        }
    }

    /// `read` of the values in `low..high` that pass, ascending, testing
    /// those not tested yet with `calls`; `None` where a test fails or a
    /// value leaves the slot bound, or where some are not tested and no
    /// `calls` are given.
    pub(super) fn within<T>(
        &self,
        (low, high): (i64, i64),
        calls: Option<&Calls>,
        read: impl FnOnce(&[i64]) -> T,
    ) -> Option<T> {
        let found = &self.found.0;
        let mut next = found.tested.get().unwrap_or(self.origin);
        if next < high {
            let calls = calls?;
            let mut slots = [0; MAX_SLOTS];
            let mut scratch = Vec::new();
            let mut passing = found.passing.borrow_mut();
            while next < high {
                if next.unsigned_abs() >= SLOT_BOUND as u64 {
                    return None;
                }
                slots[self.slot] = next;
                let holds = self.test.holds(&slots, &mut scratch, calls);
                if holds? {
                    passing.push(next);
                }
                next += 1;
                found.tested.set(Some(next));
            }
        }
        Some(read(sorted_within(&found.passing.borrow(), low, high)?))
    }
}

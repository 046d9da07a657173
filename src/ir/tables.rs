//! A pass over integer programs: a loop over constants whose variable is
//! read only through one call of a function on it (`fib(i)` in `F(n -
//! fib(i)) for i in 0..20 if fib(i) <= n`) becomes a loop over the call's
//! values, tabled when the IR is built: `for i in [1, 2, 3, 5, 8, …] if i
//! <= n`. The passes after it read the filter as a bound of the loop, so
//! that a position walks only the values that pass, where it called the
//! function for each value.
//!
//! Only what every run of the loop computes is computed: the call is read,
//! outside any branch, by the clause right after the loop (or by the
//! option, where the loop is the last clause). Where it fails on a value
//! (an error, calls nested too deep) nothing changes, and the search
//! reports what it reports.

use super::passes::constants;
use crate::engine::kernel::{
    Calls, Clause, Cond, Element, Formula, IntExpr, IntFunction, Iter, MAX_SLOTS, OptionValue,
    SLOT_BOUND,
};

/// Most values of a loop whose call is tabled.
const TABLED: usize = 1 << 12;

/// Tables the calls of `elements`' loops over constants (see the module
/// doc); the name of the pass when one was.
pub(super) fn table_calls(
    elements: &mut [Element],
    functions: &[IntFunction],
) -> Option<&'static str> {
    let mut found = false;
    for element in elements {
        for at in 0..element.clauses.len() {
            if let Some(tabled) = tabled(element, at, functions) {
                *element = tabled;
                found = true;
            }
        }
    }
    found.then_some("calls on a loop over constants tabled")
}

/// `element` with the loop at clause `at` made a loop over the values of
/// the one call that reads its variable, when there is such a call.
fn tabled(element: &Element, at: usize, functions: &[IntFunction]) -> Option<Element> {
    let Clause::For { slot, iter } = &element.clauses[at] else {
        return None;
    };
    let slot = *slot;
    let values = constants(iter)?;
    if values.len() > TABLED || !values.iter().all(|v| within_slot_bound(*v)) {
        return None;
    }
    let call = first_call(&computed_after(element, at), slot)?;
    let rest = Element {
        clauses: element.clauses[at + 1..].to_vec(),
        value: element.value.clone(),
    };
    let replaced = |by: IntExpr| {
        let f = |e: &IntExpr| (*e == call).then(|| by.clone());
        rest.try_map(&|e| Some(e.rewritten(&f)))
    };
    let without = replaced(IntExpr::opaque())?;
    if without.uses(slot) {
        return None;
    }
    let formula = Formula::of(&call);
    let deepest = std::cell::Cell::new(0);
    let calls = Calls::new(functions, &deepest, &|_, _| None);
    let mut slots = [0; MAX_SLOTS];
    let mut table = Vec::with_capacity(values.len());
    for value in values {
        slots[slot] = value;
        // A value past the slot bound is listed as a `let` list's is: the
        // VM gives up on a position that would walk it.
        let result = formula.value(&slots, &mut Vec::new(), &calls)?;
        table.push(IntExpr::constant(result));
    }
    let mut tabled = replaced(IntExpr::slot(slot))?;
    let head = element.clauses[..at].iter().cloned();
    let own = Clause::For {
        slot,
        iter: Iter::List(table),
    };
    tabled.clauses = head.chain([own]).chain(tabled.clauses).collect();
    Some(tabled)
}

fn within_slot_bound(value: i64) -> bool {
    value.unsigned_abs() < SLOT_BOUND as u64
}

/// The expressions that every run of the loop at clause `at` computes
/// for each value of its variable: those of the clause after it, or of
/// the option.
fn computed_after(element: &Element, at: usize) -> Vec<IntExpr> {
    match element.clauses.get(at + 1) {
        Some(Clause::If(cond)) => {
            let mut computed = Vec::new();
            computed_by(cond, &mut computed);
            computed
        }
        Some(Clause::For {
            iter: Iter::Range { low, high, .. },
            ..
        }) => vec![low.clone(), high.clone()],
        Some(Clause::For { .. }) => Vec::new(),
        None => match &element.value {
            OptionValue::Terms { calls, nims } => {
                calls.iter().flatten().chain(nims).cloned().collect()
            }
            OptionValue::Split(_) | OptionValue::Boards { .. } => Vec::new(),
        },
    }
}

/// The expressions a test of `cond` computes whatever their values: its
/// first operand's, where a second is tested only as the first decides.
fn computed_by(cond: &Cond, computed: &mut Vec<IntExpr>) {
    match cond {
        Cond::Cmp(_, a, b) => computed.extend([a.clone(), b.clone()]),
        Cond::Not(c) => computed_by(c, computed),
        Cond::And(a, _) | Cond::Or(a, _) => computed_by(a, computed),
        Cond::Const(_) | Cond::Remembered(_) => {}
    }
}

/// The first call among `computed`, and their parts computed whatever
/// their values, whose arguments read `slot` and no other slot.
fn first_call(computed: &[IntExpr], slot: usize) -> Option<IntExpr> {
    computed.iter().find_map(|e| match e {
        IntExpr::Call(_, args)
            if args.iter().all(|arg| reads_only(arg, slot))
                && args.iter().any(|a| a.uses(slot)) =>
        {
            Some(e.clone())
        }
        IntExpr::Binary(_, a, b) => first_call(&[(**a).clone(), (**b).clone()], slot),
        IntExpr::Abs(a) => first_call(std::slice::from_ref(a), slot),
        IntExpr::Min(xs) | IntExpr::Max(xs) => first_call(xs, slot),
        _ => None,
    })
}

/// Whether `e` reads no slot but `slot`, and only as an integer.
fn reads_only(e: &IntExpr, slot: usize) -> bool {
    let plain = match e {
        IntExpr::Affine(_) | IntExpr::Large(_) => true,
        IntExpr::Binary(_, a, b) => reads_only(a, slot) && reads_only(b, slot),
        IntExpr::Abs(a) => reads_only(a, slot),
        IntExpr::Min(xs) | IntExpr::Max(xs) => xs.iter().all(|x| reads_only(x, slot)),
        _ => false,
    };
    plain && (0..MAX_SLOTS).all(|s| s == slot || !e.uses(s))
}

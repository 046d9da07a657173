//! A program of no position: a `let`'s value or a printed expression's,
//! computed once by the VM that runs the options (`let primes = [p for p
//! in 2..20000 if all([p % d != 0 for d in 2..p if d * d <= p])]`), with
//! the IR's passes applied, where evaluating it item by item cost the
//! generic evaluator's speed.

use std::sync::atomic::AtomicBool;

use super::vm::{Condition, Formula, Routine};
use super::{Calls, Cond, Function, IntExpr, IntFunction, ListExpr, MAX_SLOTS};

/// What a standalone program computes.
#[derive(Clone, Debug, PartialEq)]
pub enum Computation {
    Int(IntExpr),
    Cond(Cond),
    List(ListExpr),
}

/// What it computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Computed {
    Int(i64),
    Bool(bool),
    List(Vec<i64>),
}

/// A body and the recursive functions it calls.
pub struct Standalone {
    body: Computation,
    int_functions: Vec<IntFunction>,
    lists: Vec<Routine>,
}

impl Standalone {
    /// The program computing `body`, whose slots are its loops'
    /// variables; `functions` and `int_functions` are what its calls
    /// name (`ListExpr::Call`, `IntExpr::Call`).
    pub fn new(
        body: Computation,
        functions: &[Function],
        int_functions: Vec<IntFunction>,
    ) -> Standalone {
        let lists = (functions.iter().enumerate())
            .map(|(own, function)| Routine::of_list(function, own))
            .collect();
        Standalone {
            body,
            int_functions,
            lists,
        }
    }

    /// The value; `None` where the language reports an error, or the VM
    /// gives up (a call too deep, a list too long, `interrupt` set): the
    /// generic evaluator then says which.
    pub fn run(&self, interrupt: &AtomicBool) -> Option<Computed> {
        let deepest = std::cell::Cell::new(0);
        let calls = Calls::new(&self.int_functions, &deepest, &|_, _| None)
            .with_lists(&self.lists)
            .with_interrupt(interrupt);
        let mut items = Vec::new();
        let slots = [0; MAX_SLOTS];
        Some(match &self.body {
            Computation::Int(e) => Computed::Int(Formula::of(e).value(&slots, &mut items, &calls)?),
            Computation::Cond(c) => {
                Computed::Bool(Condition::of(c).holds(&slots, &mut items, &calls)?)
            }
            Computation::List(list) => {
                let function = Function {
                    name: String::new(),
                    params: Vec::new(),
                    slots: MAX_SLOTS,
                    slot_names: Vec::new(),
                    body: list.clone(),
                    walk: None,
                };
                Routine::of_list(&function, usize::MAX).lay(&[], &mut items, &calls)?;
                Computed::List(items)
            }
        })
    }
}

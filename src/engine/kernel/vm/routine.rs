//! Code run apart from a position's elements: a recursive function's
//! body (`Routine`), and an expression or condition of the slots tested
//! on values of their own (`Formula`, `Condition`).

use super::{Calls, Code, Cond, Function, IntExpr, MAX_SLOTS, Reg, compile, run};

/// The code of a recursive function: one returning an integer computes
/// its body into `result`; one returning a list lays its items on the
/// item stack. Its parameters are its first registers (a list's header
/// takes two).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Routine {
    code: Code,
    result: Reg,
}

/// The frame a call of a routine keeps on the native stack; a larger
/// one is allocated.
const SMALL_FRAME: usize = 32;

impl Routine {
    /// The routine computing `body`, the body of the kernel's function
    /// `own`, whose parameters are its first `params` of `slots` slots.
    pub fn of(body: &IntExpr, (params, slots): (usize, usize), own: usize) -> Routine {
        let (code, result) = compile::Compiler::new(params, slots).routine(body, own);
        Routine {
            code: code.checked(),
            result,
        }
    }

    /// The routine of `function`, the kernel's list function `own`.
    pub fn of_list(function: &Function, own: usize) -> Routine {
        // A walk moves its list's header, a parameter: nothing may be
        // computed from the parameters once, before it.
        let params = match function.walk {
            Some(_) => 0,
            None => function.params.iter().map(|kind| kind.width()).sum(),
        };
        let code = compile::Compiler::new(params, function.slots).list_routine(function, own);
        Routine {
            code: code.checked(),
            result: 0,
        }
    }

    /// The value on `args`, each within the slot bound (the code's
    /// affine operations rely on it); `None` where the language reports
    /// an error or a call goes too deep.
    pub fn evaluate(&self, args: &[i64], calls: &Calls) -> Option<i64> {
        self.evaluate_in(args, &mut Vec::new(), calls)
    }

    /// The value on `args`, whose lists (if any) lie on `items`.
    fn evaluate_in(&self, args: &[i64], items: &mut Vec<i64>, calls: &Calls) -> Option<i64> {
        self.run(args, items, calls, |regs| regs[self.result as usize])
    }

    /// Lays the items of the list on `args` (a list's header naming items
    /// on `items`) on top of `items`.
    pub fn lay(&self, args: &[i64], items: &mut Vec<i64>, calls: &Calls) -> Option<()> {
        self.run(args, items, calls, |_| ())
    }

    /// Runs the code on `args` in a frame of its own; `read` reads the
    /// frame at the end.
    fn run<T>(
        &self,
        args: &[i64],
        items: &mut Vec<i64>,
        calls: &Calls,
        read: impl FnOnce(&[i64]) -> T,
    ) -> Option<T> {
        let frame = self.code.frame;
        let mut small = [0; SMALL_FRAME];
        let mut large = Vec::new();
        let regs = match frame <= SMALL_FRAME {
            true => &mut small[..frame],
            false => {
                large.resize(frame, 0);
                &mut large[..]
            }
        };
        for (reg, &arg) in regs.iter_mut().zip(args) {
            *reg = arg;
        }
        run::execute(&self.code, regs, items, &mut run::Pure(*calls))?;
        Some(read(regs))
    }
}

/// An integer expression compiled as a function whose parameters are the
/// slots: a value computed apart from a position (a filter tested on the
/// constants of a loop, a call's values tabled when the IR is built).
#[derive(Clone, Debug, PartialEq)]
pub struct Formula(Routine);

impl Formula {
    pub fn of(e: &IntExpr) -> Formula {
        // No parameters: the slots a loop inside it walks are slots too,
        // and nothing may be computed from them once, before the loops. No
        // function of the kernel's is this one.
        let (code, result) = compile::Compiler::new(0, MAX_SLOTS).routine(e, usize::MAX);
        Formula(Routine {
            code: code.checked(),
            result,
        })
    }

    /// The value on `slots` (at most `MAX_SLOTS`, each within the slot
    /// bound), whose lists (if any) lie on `items`; `None` where the
    /// language reports an error or a call goes too deep.
    pub fn value(&self, slots: &[i64], items: &mut Vec<i64>, calls: &Calls) -> Option<i64> {
        self.0.evaluate_in(slots, items, calls)
    }
}

/// A condition compiled as a function returning 1 or 0 (a `Formula`): a
/// filter tested on values apart from a position (to fold a loop over
/// constants), or a loop's end searched for.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition(Formula);

impl Condition {
    pub fn of(cond: &Cond) -> Condition {
        let (one, zero) = (IntExpr::constant(1), IntExpr::constant(0));
        let body = IntExpr::Select(Box::new(cond.clone()), Box::new(one), Box::new(zero));
        Condition(Formula::of(&body))
    }

    /// Whether the condition holds on `slots` (at most `MAX_SLOTS`), whose
    /// lists (if any) lie on `items`; `None` where the language reports an
    /// error.
    pub fn holds(&self, slots: &[i64], items: &mut Vec<i64>, calls: &Calls) -> Option<bool> {
        Some(self.0.value(slots, items, calls)? != 0)
    }

    /// The `values` of a loop's variable in slot `slot` that pass every
    /// one of `filters`, which read no other slot, in order: a loop over
    /// constants folded with the filters that follow it. `None` where a
    /// filter fails to evaluate on one.
    pub fn passing(values: &[i64], slot: usize, filters: &[&Cond]) -> Option<Vec<i64>> {
        let filters: Vec<Condition> = filters.iter().map(|cond| Condition::of(cond)).collect();
        let mut slots = [0i64; MAX_SLOTS];
        let mut kept = Vec::new();
        'values: for &value in values {
            slots[slot] = value;
            for filter in &filters {
                if !filter.holds(&slots, &mut Vec::new(), &Calls::NONE)? {
                    continue 'values;
                }
            }
            kept.push(value);
        }
        Some(kept)
    }
}

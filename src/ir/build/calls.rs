//! Recursive `def`s returning integers (`def ones(n) = if n == 0 then 0
//! else n % 2 + ones(n / 2)`) or conditions (`def power_of_two(k) = k == 1
//! or (k % 2 == 0 and power_of_two(k / 2))`): each becomes one of the
//! kernel's integer functions (`engine::kernel::IntFunction`; a condition
//! gives 1 or 0), its parameters in a frame of its own, instead of sending
//! the family to the generic search.

use super::Translator;
use crate::engine::kernel::{Arg, CmpOp, Cond, Fold, IntExpr, IntFunction, MAX_ARGS, MAX_SLOTS};
use crate::resolve::term::Term;
use crate::span::Span;
use crate::value::DefId;

impl Translator<'_> {
    /// A call of the recursive `def` `id` where an integer is needed.
    pub(super) fn int_call(&mut self, id: DefId, args: &[Term], span: Span) -> Option<IntExpr> {
        self.function_call(id, args, span, Gives::Int)
    }

    /// A call of the recursive `def` `id` where a condition is needed.
    pub(super) fn cond_call(&mut self, id: DefId, args: &[Term], span: Span) -> Option<Cond> {
        let call = self.function_call(id, args, span, Gives::Cond)?;
        Some(Cond::Cmp(CmpOp::Ne, call, IntExpr::constant(0)))
    }

    fn function_call(
        &mut self,
        id: DefId,
        args: &[Term],
        span: Span,
        gives: Gives,
    ) -> Option<IntExpr> {
        if args.len() > MAX_SLOTS {
            return self.fail(span, "a call of a recursive `def` with many arguments");
        }
        let args = self.arguments(args)?;
        let ints: Vec<IntExpr> = (args.iter())
            .filter_map(|arg| match arg {
                Arg::Int(int) => Some(int.clone()),
                Arg::List(_) => None,
            })
            .collect();
        if ints.len() < args.len() {
            // A list argument: the function giving the list of its one
            // item, summed.
            if args.len() > MAX_ARGS {
                return self.fail(span, "a call of a recursive `def` with many arguments");
            }
            let call = self.list_function_call(id, args, gives)?;
            return Some(IntExpr::Reduce(Fold::Sum, Box::new(call)));
        }
        let index = match self.int_compiled.iter().position(|&c| c == (id, gives)) {
            Some(index) => index,
            None => self.compile_int(id, gives)?,
        };
        Some(IntExpr::Call(index, ints))
    }

    /// Compiles `def` `id` as an integer function, its body seeing its
    /// parameters and the globals only. When the body does not translate,
    /// the functions compiled on the way are forgotten with it (the caller
    /// may yet translate the call another way).
    fn compile_int(&mut self, id: DefId, gives: Gives) -> Option<usize> {
        let program = self.program;
        let def = &program.defs[id.0 as usize];
        let index = self.int_functions.len();
        // A placeholder, so that a recursive call finds its index.
        let name = def.name.clone();
        let placeholder = IntFunction::new(index, name, (0, Vec::new()), IntExpr::constant(0));
        self.int_functions.push(placeholder);
        self.int_compiled.push((id, gives));
        let (body, names) = self.in_own_frame(def.slots, |t| {
            for (local, param) in def.params.iter().enumerate() {
                t.bind_slot(local, &param.node)?;
            }
            t.given(&def.body, gives)
        });
        let Some(body) = body else {
            self.int_functions.truncate(index);
            self.int_compiled.truncate(index);
            return None;
        };
        let name = def.name.clone();
        self.int_functions[index] = IntFunction::new(index, name, (def.params.len(), names), body);
        Some(index)
    }

    /// The body `body` of a function giving an integer, or a condition as
    /// 1 (it holds) or 0.
    pub(super) fn given(&mut self, body: &Term, gives: Gives) -> Option<IntExpr> {
        match gives {
            Gives::Int => self.int(body),
            Gives::Cond => {
                let (yes, no) = (IntExpr::constant(1), IntExpr::constant(0));
                Some(IntExpr::select(self.cond(body)?, yes, no))
            }
            Gives::List => unreachable!("a function giving a list is built as a list"),
        }
    }
}

/// What a recursive `def` compiled as a function gives where it is
/// called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Gives {
    Int,
    /// A condition, as 1 (it holds) or 0.
    Cond,
    List,
}

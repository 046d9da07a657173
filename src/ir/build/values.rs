//! A value outside any family as a program of no position
//! (`engine::kernel::Standalone`): a `let`'s, or an expression's printed at
//! the top level, when it is an integer, a condition or a list of
//! integers; its names resolved, its `def`s inlined or compiled and its
//! comprehensions' loops stopped, as in a family's body.

use super::Translator;
use crate::engine::kernel::{Computation, Function, IntFunction};
use crate::resolve::program::Program;
use crate::resolve::term::Term;
use crate::types::Type;
use crate::value::Value;

/// A value's program: what it computes, the functions it calls (those
/// returning lists, and those returning integers) and the names of its
/// slots (its loops' variables).
pub(in crate::ir) struct ValueProgram {
    pub body: Computation,
    pub functions: Vec<Function>,
    pub int_functions: Vec<IntFunction>,
    pub slot_names: Vec<String>,
}

/// The program of `source` (a term whose frame has `slots` locals), of
/// type `ty`, when `ty` is an integer, a boolean or a list of integers and
/// all it reads translates; `let_value` gives the `let`s evaluated so far.
pub(in crate::ir) fn translate_value(
    (source, slots): (&Term, usize),
    ty: &Type,
    program: &Program,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Option<ValueProgram> {
    let mut translator = Translator {
        locals: vec![None; slots],
        ..Translator::new(program, let_value, None)
    };
    let body = match ty {
        Type::Int => Computation::Int(translator.int(source)?),
        Type::Bool => Computation::Cond(translator.cond(source)?),
        Type::List(item) if **item == Type::Int => Computation::List(translator.list(source)?),
        _ => return None,
    };
    Some(ValueProgram {
        body,
        functions: translator.functions,
        int_functions: translator.int_functions,
        slot_names: translator.slot_names,
    })
}

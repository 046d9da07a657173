//! A `let`'s value as a program of no position (`engine::kernel::
//! Standalone`): an integer, a condition or a list of integers, its names
//! resolved, its `def`s inlined or compiled and its comprehensions' loops
//! stopped, as in a family's body.

use super::Translator;
use crate::engine::kernel::{Computation, Function, IntFunction};
use crate::lower::program::Program;
use crate::types::{Type, Types};
use crate::value::Value;

/// The program of the `let` at `index` and the functions it calls (those
/// returning lists, and those returning integers), when its type is an
/// integer, a boolean or a list of integers and all it reads translates;
/// `let_value` gives the other `let`s evaluated so far.
pub(in crate::ir) fn translate_let(
    index: usize,
    program: &Program,
    types: &Types,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Option<(Computation, Vec<Function>, Vec<IntFunction>)> {
    let source = program.lets[index].source.clone()?;
    let mut translator = Translator::new(program, let_value, None);
    let body = match types.lets.get(index)? {
        Type::Int => Computation::Int(translator.int(&source)?),
        Type::Bool => Computation::Cond(translator.cond(&source)?),
        Type::List(item) if **item == Type::Int => Computation::List(translator.list(&source)?),
        _ => return None,
    };
    Some((body, translator.functions, translator.int_functions))
}

//! The integer IR of a game family: its option program over integer slots
//! (`engine::kernel`'s elements), translated from the resolved definitions
//! (`build`), rewritten by passes (`passes`) and printed (`print`) for
//! `--emit ir` and the REPL's `:ir`. A family whose body translates is
//! computed by the engine bottom-up over dense tables; any other family by
//! the generic search, and its `Fallback` says why.

mod abs;
mod board;
mod bounds;
mod build;
mod capped;
mod cuts;
mod divisors;
mod endless;
mod ends;
mod filters;
mod instances;
mod lengths;
mod lookback;
mod loops;
mod mapped;
mod membership;
mod monotone;
mod multiples;
mod ordered;
mod pairs;
mod passes;
mod periodic;
mod pins;
mod print;
mod quotients;
mod reindex;
mod remember;
mod residues;
mod rewrite;
mod tables;
mod unfold;
mod updates;

use std::rc::Rc;

use crate::engine::Shape;
use crate::engine::kernel::{Computed, Kernel, Standalone};
use crate::resolve::program::{FamilyDef, Program};
use crate::resolve::term::Term;
use crate::types::{Type, Types};
use crate::value::{FamilyId, Value};
pub use build::Fallback;
pub use endless::GuardedShift;
pub use instances::fixed_params;
pub use lookback::{Lookback, lookback};

/// How a family is computed: its IR after the passes, ready for the engine.
#[derive(Clone, Debug)]
pub struct Plan {
    pub family: String,
    pub kernel: Rc<Kernel>,
    /// The names of the kernel's slots: the parameters, then loop variables.
    pub slot_names: Vec<String>,
    /// The passes that changed something, in order.
    pub passes: Vec<&'static str>,
    /// Whether the family's one parameter is a board whose integers are
    /// the program's parameters.
    pub board: bool,
    /// The kernel of the options as translated, before any pass: what
    /// lists a position's options as games, in the definition's order
    /// (the passes may reorder them: `F(x) for x in n - 2..n` is counted
    /// from its end). `None` for a body with leaves that are games, or
    /// whose translation reorders its options (`Translated::in_order`).
    pub listing: Option<Rc<Kernel>>,
}

/// The value of `source`, of type `ty` (a `let`'s value, or an expression
/// printed at the top level: its term and how many locals its frame
/// needs), computed by the VM, where it is an integer,
/// a boolean or a list of integers whose program translates; `None`
/// otherwise, or where the VM gives up (the generic evaluator then
/// computes it, or reports the error, or the interruption). `let_value`
/// gives the `let`s evaluated so far.
pub fn value_by_program(
    source: (&Term, usize),
    ty: &Type,
    program: &Program,
    let_value: &dyn Fn(usize) -> Option<Value>,
    interrupt: &std::sync::atomic::AtomicBool,
) -> Option<Value> {
    let value = value_program(source, ty, program, let_value)?;
    let standalone = Standalone::new(value.body, &value.functions, value.int_functions);
    Some(match standalone.run(interrupt)? {
        Computed::Int(n) => Value::Int(n),
        Computed::Bool(b) => Value::Bool(b),
        Computed::List(items) => Value::list(items.into_iter().map(Value::Int).collect()),
    })
}

/// The program of `source`, of type `ty`, in words (`--emit ir`): `None`
/// where the generic evaluator computes it.
pub fn value_program_text(
    source: (&Term, usize),
    ty: &Type,
    program: &Program,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Option<String> {
    let value = value_program(source, ty, program, let_value)?;
    Some(print::value_program(&value))
}

/// The program of `source` after its passes.
fn value_program(
    source: (&Term, usize),
    ty: &Type,
    program: &Program,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Option<build::ValueProgram> {
    let mut value = build::translate_value(source, ty, program, let_value)?;
    loops::list_walks(&mut value.functions);
    Some(value)
}

/// How family `family`'s positions are laid out: integer parameters, a
/// board (one list of a few integers; see `board`), or one list of any
/// length.
pub fn shape(family: &FamilyDef) -> Shape {
    if let Some(len) = family.length {
        return Shape::Board(len);
    }
    if family.forwarded {
        return Shape::Ints(family.params.len());
    }
    if !family.fixed.is_empty() {
        return Shape::Ints(family.params.len() - family.fixed.len());
    }
    match board::board_len(family) {
        Some(k) => Shape::Board(k),
        None if family.list => Shape::List,
        None => Shape::Ints(family.params.len()),
    }
}

/// The plan of family `id`, or why it has none (its parameters' `types`
/// among the reasons). `let_value` gives the value
/// of each `let` evaluated so far; one that is not evaluated yet is not
/// folded (and the family waits for the generic search).
pub fn plan(
    id: FamilyId,
    program: &Program,
    types: &Types,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Result<Plan, Fallback> {
    plan_of((id, program.family(id)), program, types, let_value)
}

/// `plan` of family `id` defined by `family`: its definition in
/// `program`, or an instance of it not made yet (which is made only where
/// it has a plan: `lengths`).
pub fn plan_of(
    (id, family): (FamilyId, &FamilyDef),
    program: &Program,
    types: &Types,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Result<Plan, Fallback> {
    let translated = build::translate((id, family), program, types, let_value)?;
    let translated = match family.length {
        Some(len) => lengths::fixed_length(translated, len, family.body_span)?,
        None => translated,
    };
    // A kernel of `elements` over `slots` slots and `functions`; the same
    // parameters and integer functions.
    let kernel_of = |elements, functions, slots| {
        let int_functions = translated.int_functions.clone();
        let mut kernel = match translated.list {
            true => Kernel::of_lists(elements, slots, int_functions),
            false => Kernel::new(translated.params, elements, slots, int_functions),
        };
        kernel.set_functions(functions);
        kernel.foreign = translated.foreign.clone();
        kernel
    };
    let listing = (translated.aliases.is_empty() && translated.in_order).then(|| {
        let (elements, functions) = (translated.elements.clone(), translated.functions.clone());
        Rc::new(kernel_of(elements, functions, translated.slot_names.len()))
    });
    let mut passes = translated.applied.clone();
    let mut elements = translated.elements;
    let mut aliases = translated.aliases;
    let params = translated.params;
    let capped = capped::cap_parameters(&mut elements, &mut aliases, params);
    if !capped.is_empty() {
        passes.push("a parameter read only through a min with another capped by it");
    }
    let ordered = match translated.list {
        true => Vec::new(),
        false => ordered::ordered_pairs(&elements, &aliases, params),
    };
    if !ordered.is_empty() {
        passes.push("a pair of parameters kept in order by every option: half a box");
    }
    passes.extend(tables::table_calls(
        &mut elements,
        &translated.int_functions,
    ));
    let mut elements = passes::optimise(elements, translated.params, &mut passes);
    let mut functions = translated.functions;
    passes.extend(updates::point_updates(&mut elements, &mut functions));
    let mut slot_names = translated.slot_names;
    passes.extend(loops::list_walks(&mut functions));
    let mut slots = slot_names.len();
    passes.extend(loops::hoist_filters(&mut elements));
    passes.extend(unfold::first_steps(
        &mut elements,
        &translated.int_functions,
    ));
    passes.extend(loops::inline_walks(
        &mut elements,
        &functions,
        &mut slots,
        &mut slot_names,
    ));
    passes.extend(remember::remember_filters(&mut elements, slots));
    // The kernel of the options and, when the body has leaves that are
    // games, the kernel of those: the same slots and functions.
    let alias = (!aliases.is_empty()).then(|| {
        let mut applied = Vec::new();
        let aliases = passes::optimise(aliases, params, &mut applied);
        (kernel_of(aliases, functions.clone(), slots), applied)
    });
    let mut kernel = kernel_of(elements, functions, slots);
    kernel.capped = capped;
    kernel.ordered = ordered;
    if kernel.runs_loops_in_place() {
        passes.push("recursive defs run in place as loops");
    }
    if kernel.runs_bodies_in_place() {
        passes.push("recursive defs run in place once a call");
    }
    if kernel.counts_bits() {
        passes.push("bits counted at once");
    }
    if kernel.sums_digits() {
        passes.push("digits summed at once");
    }
    if kernel.tests_digits() {
        passes.push("digits tested as one set");
    }
    if kernel.tables_heaps() {
        passes.push("heaps of one affine expression of a loop read from their tables");
    }
    if let Some((alias, applied)) = alias {
        for name in applied {
            if !passes.contains(&name) {
                passes.push(name);
            }
        }
        kernel.set_alias(alias);
    }
    if kernel.split_lines() {
        passes.push("options that are lines marked beside the walk of the others");
    }
    if kernel.filters_decided_from().is_some() {
        passes.push("clauses on the heap alone decided past where they settle");
    }
    if kernel.residues_decided() {
        passes.push("remainders of the heap decided for each of its residues");
    }
    if kernel.filters_decided_below().is_some() {
        passes.push("clauses on the heap alone decided below where they first change");
    }
    Ok(Plan {
        family: family.name.clone(),
        kernel: Rc::new(kernel),
        slot_names,
        passes,
        board: translated.board,
        listing,
    })
}

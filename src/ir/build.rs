//! Resolved definitions → the integer IR of a family (`engine::kernel`).
//!
//! A family of one or two parameters whose body is `< … >` is translated
//! element by element from its resolved terms (`crate::resolve::term`):
//! each local of the frame translated (the family's, an inlined `def`'s, a
//! compiled function's) is bound, by its slot, to what it stands for in
//! the IR. On the way every spelling of the same arithmetic meets the same IR:
//! a non-recursive `def` is inlined with its arguments substituted, a `let`
//! already evaluated is folded to its value (an integer, a boolean, or a
//! list or range of integers becomes a constant iteration), `min`, `max`
//! and `abs` become IR operations, and affine arithmetic is folded as it is
//! built. The passes of `super::passes` then run over the result.
//!
//! Whatever does not translate (another family, a list value, a call of a
//! built-in other than those, a `let` not evaluated yet) leaves the family to
//! the generic search, and the reason is kept for `:info` and `--emit ir`.

mod arith;
mod calls;
mod inlining;
mod leaves;
mod lists;
mod loops;
mod terms;
mod values;

use std::rc::Rc;

use leaves::Leaves;
pub(super) use values::{ValueProgram, translate_value};

use crate::builtin::Builtin;
use crate::engine::Shape;
use crate::engine::kernel::{
    CmpOp, Cond, Element as KElement, Foreign, Function, IntExpr, IntFunction, IntOp, Iter,
    ListExpr, MAX_PARAMS, MAX_SLOTS, Table,
};
use crate::resolve::program::{Body, FamilyDef, Program};
use crate::resolve::term::{Element, Term, TermKind};
use crate::span::Span;
use crate::syntax::ast::Name;
use crate::types::{Type, Types};
use crate::value::{Callable, DefId, FamilyId, Game, Value};

/// Nested `def` calls inlined into one expression at most; deeper (or
/// recursive) calls leave the family to the generic search.
const INLINE_DEPTH: usize = 16;
/// The longest `let` list folded into a constant iteration.
const FOLDED_LIST: usize = 1 << 16;

/// Why a family is computed by the generic search rather than as an
/// integer program: what did not translate, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Fallback {
    pub span: Span,
    pub reason: String,
}

/// A family's body translated to IR elements, before the passes.
pub struct Translated {
    pub params: usize,
    pub elements: Vec<KElement>,
    /// The body's leaves that are a game rather than options (an alias:
    /// `*n + *m`, the `*n` of `if n < 3 then *n else < … >`), each with
    /// the tests that lead to it as filters: its one option, where it
    /// fires, is the position's value itself.
    pub aliases: Vec<KElement>,
    /// The names of the slots: the parameters, then the loop variables.
    pub slot_names: Vec<String>,
    /// Whether the parameters are the integers of one board.
    pub board: bool,
    /// Whether a position is one list of integers (`Kernel::of_lists`).
    pub list: bool,
    /// The recursive functions the elements call: those returning lists,
    /// and those returning integers.
    pub functions: Vec<Function>,
    pub int_functions: Vec<IntFunction>,
    /// The other families whose positions the options name.
    pub foreign: Vec<Foreign>,
    /// The passes applied as the IR was built (to the comprehensions).
    pub applied: Vec<&'static str>,
    /// Whether `elements` make the options in the definition's order, as
    /// a display shows them (not where a choice in a loop was split,
    /// `Leaves::reordered`, nor where `< >` became the heap `*0`).
    pub in_order: bool,
}

/// Translates family `id`, defined by `family` (its definition in
/// `program`, or an instance of it not made yet). `let_value` gives the
/// value of a `let` that has been evaluated (`None` for one that has
/// not).
pub(super) fn translate(
    (id, family): (FamilyId, &FamilyDef),
    program: &Program,
    types: &Types,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Result<Translated, Fallback> {
    if family.forwarded {
        return Err(Fallback {
            span: family.body_span,
            reason: "the name was redefined as another kind of definition".to_string(),
        });
    }
    let fixed = &family.fixed;
    // An instance for one length of the lists is a list program first.
    let board =
        super::board::board_len(family).filter(|_| fixed.is_empty() && family.length.is_none());
    let list = fixed.is_empty() && board.is_none() && family.list;
    let params = board.unwrap_or(family.params.len() - fixed.len());
    let fail = |reason: &str| Fallback {
        span: family.body_span,
        reason: reason.to_string(),
    };
    if !(1..=MAX_PARAMS).contains(&params) {
        return Err(fail(&format!(
            "integer programs have 1 to {MAX_PARAMS} parameters"
        )));
    }
    let leaves = Leaves::of(family, program);
    if leaves.elements.is_empty() && leaves.aliases.is_empty() {
        return Err(fail("a body of empty option lists only"));
    }
    if let Some(fallback) = not_integers(types, id, &family.params) {
        return Err(fallback);
    }
    let mut translator = Translator {
        board: board.is_some(),
        list,
        // The one-parameter fill reads other families' tables, the search
        // looks their positions up (no box of a larger family is filled,
        // no list is filled bottom-up).
        reads_foreign: true,
        fixed: fixed.iter().map(|(i, _)| *i).collect(),
        family_frame: true,
        locals: vec![None; leaves.locals],
        ..Translator::new(program, let_value, Some(family.id))
    };
    match (board, family.params.as_slice()) {
        (Some(k), [param]) => translator.bind_board(&param.node, k),
        // The first two slots always fit.
        (None, [param]) if list => {
            translator.bind_list(0, &param.node);
        }
        _ => {
            for (i, param) in family.params.iter().enumerate() {
                let Some((_, value)) = fixed.iter().find(|(j, _)| *j == i) else {
                    translator.bind_slot(i, &param.node);
                    continue;
                };
                let Some(binding) = translator.constant(&param.node, value.clone(), param.span)
                else {
                    return Err(translator
                        .why
                        .take()
                        .unwrap_or_else(|| fail("a fixed parameter")));
                };
                translator.bind(i, &param.node, binding);
            }
        }
    }
    let mut translate_all = |elements: &[Element]| {
        let mut out = Vec::new();
        for element in elements {
            match translator.element(element) {
                Some(e) => out.push(e),
                None => {
                    let why = translator.why.take();
                    return Err(why.unwrap_or_else(|| Fallback {
                        span: element.value.span,
                        reason: "this option is not an integer program".to_string(),
                    }));
                }
            }
        }
        Ok(out)
    };
    let elements = translate_all(&leaves.elements)?;
    let aliases = translate_all(&leaves.aliases)?;
    Ok(Translated {
        params,
        elements,
        aliases,
        slot_names: translator.slot_names,
        board: board.is_some(),
        list,
        functions: translator.functions,
        int_functions: translator.int_functions,
        foreign: translator.foreign,
        applied: translator.applied,
        in_order: !leaves.reordered && !translator.empty_games,
    })
}

/// The compare-exchanges that sort `k` items, for `k` up to 4.
fn sorting_network(k: usize) -> Option<&'static [(usize, usize)]> {
    Some(match k {
        2 => &[(0, 1)],
        3 => &[(0, 1), (1, 2), (0, 1)],
        4 => &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
        _ => return None,
    })
}

/// Why family `id` cannot have an integer program, when its types say:
/// a parameter whose every value is something other than an integer or a
/// list of integers (a string, a map, a game).
fn not_integers(types: &Types, id: FamilyId, params: &[Name]) -> Option<Fallback> {
    let signature = types.family(id);
    let integers = |ty: &Type| matches!(ty, Type::Int | Type::Unknown | Type::Any);
    (params.iter().enumerate()).find_map(|(i, param)| {
        let ty = signature.param(i);
        let fits = match &ty {
            Type::List(item) => integers(item),
            other => integers(other),
        };
        (!fits).then(|| Fallback {
            span: param.span,
            reason: format!(
                "parameter `{}` is {} (`{ty}`), not an integer or a list of integers",
                param.node,
                ty.described()
            ),
        })
    })
}

/// The terms of one option: positions of the family (by their integers or
/// as lists) and nim heaps.
#[derive(Default)]
struct Terms {
    calls: Vec<Vec<IntExpr>>,
    boards: Vec<ListExpr>,
    nims: Vec<IntExpr>,
}

/// What a local of the resolved program stands for inside the translation.
#[derive(Clone)]
enum Binding {
    /// A parameter or loop variable.
    Slot(usize),
    /// A `def` parameter bound to an integer argument, or a folded `let`.
    Int(IntExpr),
    /// A `def` parameter bound to a condition, or a folded boolean `let`.
    Cond(Cond),
    /// A folded `let` list or range of integers.
    Iter(Iter),
    /// The board parameter: `k` integers in the slots from `first` on.
    Board { first: usize, k: usize },
    /// A list of integers: a list parameter, or a `def` parameter bound to
    /// a list.
    List(ListExpr),
    /// A folded `let` list of lists, or map from integers (`ListExpr::Pick`).
    Table(Rc<Table>),
    /// A folded `let` list of games each a nim heap of a constant size
    /// (`let base = [*0, *1, *2]`): their sizes.
    Heaps(Vec<IntExpr>),
    /// A game that is a nim heap of this size: an item of `Heaps` walked
    /// by a loop.
    Heap(IntExpr),
    /// A key of the map of `let` `map` walked by `for d in keys(M)`: its
    /// place among the keys, by which `M[d]` picks a value out of `values`.
    Key {
        map: usize,
        values: Rc<Table>,
        place: IntExpr,
    },
}

/// A local bound in the frame translated: its name (for the reasons a
/// translation gives up) and what it stands for.
#[derive(Clone)]
struct Local {
    name: String,
    binding: Binding,
}

struct Translator<'a> {
    program: &'a Program,
    let_value: &'a dyn Fn(usize) -> Option<Value>,
    /// The family translated (as defined: an instance's positions of
    /// itself name its family); `None` for a value outside any family
    /// (`values`).
    family: Option<FamilyId>,
    /// The locals of the frame translated, by the slots its terms read
    /// (`TermKind::Local`): the family's, an inlined `def`'s or a
    /// function's.
    locals: Vec<Option<Local>>,
    /// Whether the frame is the family's own, where an argument that is
    /// a parameter's slot is that parameter.
    family_frame: bool,
    /// Slots of the IR in use: their names (the parameters first).
    slot_names: Vec<String>,
    /// IR slots bound at this point of the element.
    depth: usize,
    /// The most IR slots bound at once since it was last reset (`inline`).
    reached: usize,
    /// `def` calls being inlined.
    inlined: usize,
    /// The first reason a translation failed.
    why: Option<Fallback>,
    /// Whether the family's positions are boards (`super::board`).
    board: bool,
    /// Whether the family's positions are lists of integers.
    list: bool,
    /// The recursive `def`s compiled so far.
    functions: Vec<Function>,
    /// Which `def`, for which kinds of arguments, each function is.
    compiled: Vec<(DefId, Vec<crate::engine::kernel::ParamKind>, calls::Gives)>,
    /// The recursive `def`s returning integers or conditions compiled so
    /// far, and which `def` each is and what it gives.
    int_functions: Vec<IntFunction>,
    int_compiled: Vec<(DefId, calls::Gives)>,
    /// The family's parameters fixed in this instance (`ir::instances`).
    fixed: Vec<usize>,
    /// The other families whose positions the options name.
    foreign: Vec<Foreign>,
    /// Whether the options may name other families (`foreign_family`).
    reads_foreign: bool,
    /// The passes applied on the way (see `Translated::applied`).
    applied: Vec<&'static str>,
    /// Whether some option's part `< >` was translated as the heap `*0`.
    empty_games: bool,
}

impl<'a> Translator<'a> {
    /// A translator of `family` (or of no family) with nothing bound, that
    /// reads no other family.
    fn new(
        program: &'a Program,
        let_value: &'a dyn Fn(usize) -> Option<Value>,
        family: Option<FamilyId>,
    ) -> Translator<'a> {
        Translator {
            program,
            let_value,
            family,
            locals: Vec::new(),
            family_frame: false,
            slot_names: Vec::new(),
            depth: 0,
            reached: 0,
            inlined: 0,
            why: None,
            board: false,
            list: false,
            functions: Vec::new(),
            compiled: Vec::new(),
            int_functions: Vec::new(),
            int_compiled: Vec::new(),
            foreign: Vec::new(),
            reads_foreign: false,
            empty_games: false,
            applied: Vec::new(),
            fixed: Vec::new(),
        }
    }

    /// Notes why translation stops here (the first reason wins).
    fn fail<T>(&mut self, span: Span, reason: impl Into<String>) -> Option<T> {
        self.why.get_or_insert(Fallback {
            span,
            reason: reason.into(),
        });
        None
    }

    /// Notes that the pass `name` changed the IR as it was built.
    fn applied(&mut self, name: &'static str) {
        if !self.applied.contains(&name) {
            self.applied.push(name);
        }
    }

    /// Binds the local `local`, named `name`, to `binding`.
    fn bind(&mut self, local: usize, name: &str, binding: Binding) {
        if local >= self.locals.len() {
            self.locals.resize(local + 1, None);
        }
        self.locals[local] = Some(Local {
            name: name.to_string(),
            binding,
        });
    }

    /// A local no term of the frame reads (for a loop the translation
    /// writes itself).
    fn fresh_local(&mut self) -> usize {
        self.locals.push(None);
        self.locals.len() - 1
    }

    /// Binds the local `local`, named `name`, to the next free IR slot.
    fn bind_slot(&mut self, local: usize, name: &str) -> Option<usize> {
        let slot = self.new_slot(name)?;
        self.bind(local, name, Binding::Slot(slot));
        Some(slot)
    }

    /// The next free IR slot, named `name` (for printing).
    fn new_slot(&mut self, name: &str) -> Option<usize> {
        // Every slot from `depth` on is free. A variable takes the first
        // that is new or already has its name, where the frame has room, so
        // that two variables of one depth (a comprehension in a loop's
        // bound, the loops of two elements) print under their own names.
        let named = (self.depth..MAX_SLOTS)
            .find(|&s| self.slot_names.get(s).is_none_or(|named| named == name));
        let slot = named.unwrap_or(self.depth);
        if slot >= MAX_SLOTS {
            return None;
        }
        self.depth = slot + 1;
        self.reached = self.reached.max(self.depth);
        if slot == self.slot_names.len() {
            self.slot_names.push(name.to_string());
        } else {
            self.slot_names[slot] = name.to_string();
        }
        Some(slot)
    }

    /// Binds the board parameter `name` (local 0) of `k` integers to the
    /// first slots.
    fn bind_board(&mut self, name: &str, k: usize) {
        for i in 0..k {
            self.slot_names.push(format!("{name}[{i}]"));
        }
        self.depth = k;
        self.bind(0, name, Binding::Board { first: 0, k });
    }

    /// The slot of `base[index]` when `base` is a board and `index` a
    /// constant; where `index` is a loop variable (over a range inside the
    /// board, as `board::board_len` checked), the slot it picks, a choice
    /// that unrolling the loop folds.
    fn board_slot(&mut self, base: &Term, index: &Term) -> Option<IntExpr> {
        let board = match base.kind {
            TermKind::Local(local) => self.local(local).map(|l| l.binding.clone()),
            _ => None,
        };
        let Some(Binding::Board { first, k }) = board else {
            return self.fail(base.span.to(index.span), "indexing a list");
        };
        let slot = |i: i64| IntExpr::slot(first + i.rem_euclid(k as i64) as usize);
        let i = match (super::board::constant(index), &index.kind) {
            (Some(i), _) => i,
            (None, TermKind::Local(local)) => match self.local(*local).map(|l| &l.binding) {
                Some(Binding::Int(i)) if i.as_constant().is_some() => i.as_constant()?,
                Some(Binding::Slot(s)) => {
                    let variable = IntExpr::slot(*s);
                    let last = slot(k as i64 - 1);
                    let picked = (-(k as i64)..k as i64 - 1).rev().fold(last, |rest, i| {
                        let here = Cond::compare(CmpOp::Eq, variable.clone(), IntExpr::constant(i));
                        IntExpr::select(here, slot(i), rest)
                    });
                    return Some(picked);
                }
                _ => return self.fail(index.span, "a board read at a computed place"),
            },
            _ => return self.fail(index.span, "a board read at a computed place"),
        };
        if !(-(k as i64)..k as i64).contains(&i) {
            return self.fail(index.span, "an index outside the board");
        }
        Some(slot(i))
    }

    /// Runs `f` in a frame of its own (a function's body) of `locals`
    /// locals: nothing bound, no IR slots in use. Gives `f`'s result and
    /// the names of the slots it bound, and restores the frame around it.
    fn in_own_frame<T>(
        &mut self,
        locals: usize,
        f: impl FnOnce(&mut Self) -> Option<T>,
    ) -> (Option<T>, Vec<String>) {
        let outer = std::mem::replace(&mut self.locals, vec![None; locals]);
        let family_frame = std::mem::replace(&mut self.family_frame, false);
        let slot_names = std::mem::take(&mut self.slot_names);
        let depth = std::mem::replace(&mut self.depth, 0);
        let result = f(self);
        self.locals = outer;
        self.family_frame = family_frame;
        self.depth = depth;
        (result, std::mem::replace(&mut self.slot_names, slot_names))
    }

    /// Runs `f`, then frees the IR slots it bound (the loop variables of
    /// an element or a comprehension).
    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let depth = self.depth;
        let result = f(self);
        self.depth = depth;
        result
    }

    /// The integers of a board the options name: a list literal, or `sort`
    /// or `reversed` of one (sorted by a network of `min`s and `max`es).
    fn board_items(&mut self, list: &Term) -> Option<Vec<IntExpr>> {
        if let TermKind::CallBuiltin { builtin, args } = &list.kind
            && let [arg] = args.as_slice()
            && matches!(builtin, Builtin::Reversed | Builtin::Sort)
        {
            let mut items = self.board_items(arg)?;
            if *builtin == Builtin::Reversed {
                items.reverse();
                return Some(items);
            }
            for &(i, j) in sorting_network(items.len())? {
                let (a, b) = (items[i].clone(), items[j].clone());
                items[i] = super::bounds::min_of(vec![a.clone(), b.clone()]);
                items[j] = super::bounds::max_of(vec![a, b]);
            }
            return Some(items);
        }
        if let Some((local, name, iter, value)) = super::board::comprehension(list) {
            return self.board_comprehension(local, name, iter, value);
        }
        let TermKind::List {
            elements,
            set: false,
        } = &list.kind
        else {
            return self.fail(list.span, "a board that is not a list literal");
        };
        elements.iter().map(|item| self.int(&item.value)).collect()
    }

    /// The integers of the board `[value for var in iter]` (`var` the
    /// local `local`), over a constant range or over the board itself:
    /// `value` for each.
    fn board_comprehension(
        &mut self,
        local: usize,
        name: &str,
        iter: &Term,
        value: &Term,
    ) -> Option<Vec<IntExpr>> {
        let values: Vec<IntExpr> = match (super::board::constant_range(iter), &iter.kind) {
            (Some((low, high)), _) => (low..=high).map(IntExpr::constant).collect(),
            (None, TermKind::Local(board)) => match self.local(*board).map(|l| &l.binding) {
                Some(&Binding::Board { first, k }) => {
                    (first..first + k).map(IntExpr::slot).collect()
                }
                _ => return self.fail(iter.span, "a board that is not a list literal"),
            },
            _ => return self.fail(iter.span, "a board that is not a list literal"),
        };
        let mut items = Vec::with_capacity(values.len());
        for item in values {
            self.bind(local, name, Binding::Int(item));
            items.push(self.int(value)?);
        }
        Some(items)
    }

    /// What the name `e` reads stands for, where `e` is a name bound
    /// here; nothing noted otherwise (`name` notes why it is not).
    fn binding_of(&mut self, e: &Term) -> Option<Binding> {
        if !is_name(e) {
            return None;
        }
        let why = self.why.clone();
        let named = self.name(e);
        if named.is_none() {
            self.why = why;
        }
        named.map(|local| local.binding)
    }

    /// Whether `family` is the family translated.
    fn is_own(&self, family: FamilyId) -> bool {
        self.family == Some(family)
    }

    /// Whether `arg` is the family's parameter `i` itself.
    fn passes_on(&self, arg: &Term, i: usize) -> bool {
        self.family_frame && matches!(arg.kind, TermKind::Local(local) if local == i)
    }

    /// How the positions of `family`, named with `args`, are laid out,
    /// when it is another family whose positions are at most `MAX_PARAMS`
    /// integers or one list: its positions in an option are looked up by
    /// value (`IntExpr::Grundy`, `IntExpr::GrundyOfList`). A family with
    /// parameters passed on unchanged (`ir::fixed_params`), whose positions
    /// elsewhere are kept by its instances, is read so only where those
    /// parameters are given integer constants here (`P(n, 1)`): its
    /// positions are then integers, kept in its own table.
    fn foreign_family(&self, family: FamilyId, args: &[Term]) -> Option<Shape> {
        if !self.reads_foreign || self.is_own(family) {
            return None;
        }
        let definition = self.program.family(family);
        let shape = super::shape(definition);
        let fits = match shape {
            Shape::Ints(k) => k <= MAX_PARAMS && definition.params.len() == k,
            Shape::Board(_) | Shape::List => true,
        };
        let fixed = super::instances::fixed_params(family, definition);
        let fixed_ints = (fixed.iter()).all(|&i| args.get(i).is_some_and(|a| self.int_constant(a)));
        let named = definition.params.len() == args.len();
        (fits && named && fixed_ints).then_some(shape)
    }

    /// Whether `term` is an integer constant: a literal, or a `let`
    /// evaluated to an integer.
    fn int_constant(&self, term: &Term) -> bool {
        match &term.kind {
            TermKind::Const(value) => matches!(value, Value::Int(_)),
            TermKind::Let(index) => matches!((self.let_value)(*index), Some(Value::Int(_))),
            _ => false,
        }
    }

    /// The local `local` of the frame, where it is bound.
    fn local(&self, local: usize) -> Option<&Local> {
        self.locals.get(local)?.as_ref()
    }

    /// The value of the `let` at `index`, if it has one now.
    fn folded_let(&mut self, index: usize, span: Span) -> Option<Local> {
        let name = self.program.lets[index].name.node.clone();
        let Some(value) = (self.let_value)(index) else {
            return self.fail(span, format!("`{name}` has not been evaluated yet"));
        };
        let binding = self.constant(&name, value, span)?;
        Some(Local { name, binding })
    }

    /// What the value of a `let` or a fixed parameter named `name` stands
    /// for in the program.
    fn constant(&mut self, name: &str, value: Value, span: Span) -> Option<Binding> {
        let binding = match value {
            Value::Int(n) => Binding::Int(IntExpr::constant(n)),
            Value::Bool(b) => Binding::Cond(Cond::Const(b)),
            Value::Range(low, high) => Binding::Iter(Iter::Range {
                low: IntExpr::constant(low),
                high: IntExpr::constant(high),
                inclusive: false,
            }),
            other => {
                if let Some(ints) = lists::ints(&other).filter(|ints| ints.len() <= FOLDED_LIST) {
                    Binding::Iter(Iter::List(
                        ints.into_iter().map(IntExpr::constant).collect(),
                    ))
                } else if let Some(table) = lists::table(name, &other) {
                    Binding::Table(Rc::new(table))
                } else if let Some(heaps) = heaps(&other).filter(|h| h.len() <= FOLDED_LIST) {
                    Binding::Heaps(heaps.into_iter().map(IntExpr::constant).collect())
                } else {
                    return self.fail(
                        span,
                        format!("`{name}` is a {}, not integer arithmetic", other.kind()),
                    );
                }
            }
        };
        Some(binding)
    }

    /// What the name `e` reads stands for, with the name: a local's
    /// binding or a folded `let`. `None` (and the reason noted) for any
    /// other term.
    fn name(&mut self, e: &Term) -> Option<Local> {
        match e.kind {
            TermKind::Local(local) => match self.local(local) {
                Some(bound) => Some(bound.clone()),
                None => self.fail(e.span, "a variable not bound here"),
            },
            TermKind::Let(index) => self.folded_let(index, e.span),
            _ => self.fail(e.span, "not integer arithmetic"),
        }
    }

    /// The call `e` makes written directly, where it calls through a
    /// value resolution left constant: a function passed on as a value
    /// (`twice(inc, n)` inlined), or a position of a family redefined as
    /// another kind, whose slot calls the name's new definition.
    /// `None` for any other term.
    fn followed(&self, e: &Term) -> Option<Term> {
        let (callee, args) = match &e.kind {
            TermKind::CallValue { callee, args } => (&**callee, args),
            TermKind::Position { family, args } if self.program.family(*family).forwarded => {
                let Body::Game(body) = &self.program.family(*family).body else {
                    return None;
                };
                match &body.kind {
                    TermKind::CallValue { callee, .. } => (&**callee, args),
                    _ => return Some((**body).clone()),
                }
            }
            _ => return None,
        };
        let callable = match &callee.kind {
            TermKind::Const(Value::Func(callable)) => *callable,
            // A `let` holding a family (`let K = octal("0.77")`) or a
            // function, evaluated before the body is translated.
            TermKind::Let(index) => match (self.let_value)(*index) {
                Some(Value::Func(callable)) => callable,
                _ => return None,
            },
            _ => return None,
        };
        let args = args.clone();
        let kind = match callable {
            Callable::Def(def) if self.program.defs[def.0 as usize].params.len() == args.len() => {
                TermKind::CallDef { def, args }
            }
            Callable::Family(family) if self.program.family(family).params.len() == args.len() => {
                TermKind::Position { family, args }
            }
            Callable::Builtin(builtin)
                if (builtin.arity().0..=builtin.arity().1).contains(&args.len()) =>
            {
                TermKind::CallBuiltin { builtin, args }
            }
            _ => return None,
        };
        Some(Term { kind, span: e.span })
    }

    /// Gives up on a call of what `callee` computes (a local or `let`
    /// holding a function), which no program makes.
    fn computed_call<T>(&mut self, callee: &Term, span: Span) -> Option<T> {
        match self.written_name(callee) {
            name if name.is_empty() => self.fail(span, "a call of a computed function"),
            name => self.fail(span, format!("a call of `{name}`")),
        }
    }

    /// The name `e` reads as written: a local's or a `let`'s.
    fn written_name(&self, e: &Term) -> String {
        match e.kind {
            TermKind::Local(local) => self.local(local).map(|l| l.name.clone()),
            TermKind::Let(index) => Some(self.program.lets[index].name.node.clone()),
            _ => None,
        }
        .unwrap_or_default()
    }
}

/// The sizes of the nim heaps a list of games holds, where each is a
/// heap or a sum of heaps.
fn heaps(value: &Value) -> Option<Vec<i64>> {
    let Value::List(items) = value else {
        return None;
    };
    let heap = |item: &Value| {
        let Value::Game(game) = item else {
            return None;
        };
        game.parts()
            .iter()
            .try_fold(0u64, |value, part| match part {
                Game::Nim(n) => Some(value ^ n),
                _ => None,
            })
    };
    items
        .iter()
        .map(|item| i64::try_from(heap(item)?).ok())
        .collect()
}

/// Whether the heap `e` is at least 0 wherever it is computed (a negative
/// heap is an error the generic search reports).
fn never_negative(e: &IntExpr) -> bool {
    match e {
        IntExpr::Binary(IntOp::Mod, _, divisor) => divisor.as_constant().is_some_and(|d| d > 0),
        IntExpr::Abs(_) => true,
        e => e.as_constant().is_some_and(|n| n >= 0),
    }
}

/// Whether `e` reads a name: a local or a `let`.
fn is_name(e: &Term) -> bool {
    matches!(e.kind, TermKind::Local(_) | TermKind::Let(_))
}

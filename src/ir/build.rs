//! Resolved definitions → the integer IR of a family (`engine::kernel`).
//!
//! A family of one or two parameters whose body is `< … >` is translated
//! element by element. Names are resolved as the evaluator resolves them,
//! and on the way every spelling of the same arithmetic meets the same IR:
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
mod values;

use std::rc::Rc;

use leaves::Leaves;
pub(super) use values::{ValueProgram, translate_value};

use crate::engine::Shape;
use crate::engine::kernel::{
    Clause as KClause, CmpOp, Cond, Element as KElement, Foreign, Function, IntExpr, IntFunction,
    Iter, ListExpr, MAX_PARAMS, MAX_SLOTS, OptionValue, Table,
};
use crate::resolve::program::{Global, Program};
use crate::span::Span;
use crate::syntax::ast::{BinOp, Clause, Definition, Element, Expr, ExprKind, Name};
use crate::types::{Type, Types};
use crate::value::{FamilyId, Value};

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
}

/// Translates family `id`. `let_value` gives the value of a `let` that has
/// been evaluated (`None` for one that has not).
pub(super) fn translate(
    id: FamilyId,
    program: &Program,
    types: &Types,
    let_value: &dyn Fn(usize) -> Option<Value>,
) -> Result<Translated, Fallback> {
    let family = program.family(id);
    let Some(definition) = &family.definition else {
        return Err(Fallback {
            span: family.body_span,
            reason: "the name was redefined as another kind of definition".to_string(),
        });
    };
    let fixed = &family.fixed;
    let board = super::board::board_len(definition).filter(|_| fixed.is_empty());
    let list = fixed.is_empty() && board.is_none() && family.list;
    let params = board.unwrap_or(definition.params.len() - fixed.len());
    let fail = |reason: &str| Fallback {
        span: definition.body.span,
        reason: reason.to_string(),
    };
    if !(1..=MAX_PARAMS).contains(&params) {
        return Err(fail(&format!(
            "integer programs have 1 to {MAX_PARAMS} parameters"
        )));
    }
    let mut leaves = Leaves::default();
    leaves.collect(&definition.body, &mut Vec::new());
    if leaves.elements.is_empty() && leaves.aliases.is_empty() {
        return Err(fail("a body of empty option lists only"));
    }
    if let Some(fallback) = not_integers(types, id, definition) {
        return Err(fallback);
    }
    let mut translator = Translator {
        board: board.is_some(),
        list,
        // The one-parameter fill reads other families' tables, the search
        // looks their positions up (no box of a larger family is filled).
        reads_foreign: board.is_none() && !list,
        fixed: fixed.iter().map(|(i, _)| *i).collect(),
        ..Translator::new(program, let_value, Some(id))
    };
    match (board, definition.params.as_slice()) {
        (Some(k), [param]) => translator.bind_board(&param.node, k),
        // The first two slots always fit.
        (None, [param]) if list => {
            translator.bind_list(&param.node);
        }
        _ => {
            for (i, param) in definition.params.iter().enumerate() {
                let Some((_, value)) = fixed.iter().find(|(j, _)| *j == i) else {
                    translator.bind_slot(&param.node);
                    continue;
                };
                let Some(binding) = translator.constant(&param.node, value.clone(), param.span)
                else {
                    return Err(translator
                        .why
                        .take()
                        .unwrap_or_else(|| fail("a fixed parameter")));
                };
                translator.scope.push((param.node.clone(), binding));
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
    })
}

/// The compare-exchanges that sort `k` items (`k` up to `MAX_PARAMS`).
fn sorting_network(k: usize) -> Option<&'static [(usize, usize)]> {
    Some(match k {
        2 => &[(0, 1)],
        3 => &[(0, 1), (1, 2), (0, 1)],
        4 => &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
        _ => return None,
    })
}

/// The comprehension `[item for …]` that `e` is, alone in its brackets.
fn comprehension(e: &Expr) -> Option<&Element> {
    match &e.node {
        ExprKind::List(items) | ExprKind::Set(items) => match items.as_slice() {
            [item] if !item.clauses.is_empty() => Some(item),
            _ => None,
        },
        _ => None,
    }
}

/// Why family `id` cannot have an integer program, when its types say:
/// a parameter whose every value is something other than an integer or a
/// list of integers (a string, a map, a game).
fn not_integers(types: &Types, id: FamilyId, definition: &Definition) -> Option<Fallback> {
    let signature = types.family(id);
    let integers = |ty: &Type| matches!(ty, Type::Int | Type::Unknown | Type::Any);
    (definition.params.iter().enumerate()).find_map(|(i, param)| {
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

/// What a name stands for inside the translation.
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
}

struct Translator<'a> {
    program: &'a Program,
    let_value: &'a dyn Fn(usize) -> Option<Value>,
    /// The family translated; `None` for a value outside any family
    /// (`values`).
    family: Option<FamilyId>,
    /// Names in scope, innermost last.
    scope: Vec<(String, Binding)>,
    /// Slots in use: their names (the parameters first).
    slot_names: Vec<String>,
    /// Slots bound at this point of the element.
    depth: usize,
    /// The most slots bound at once since it was last reset (`inline`).
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
    compiled: Vec<(crate::value::DefId, Vec<crate::engine::kernel::ParamKind>)>,
    /// The recursive `def`s returning integers or conditions compiled so
    /// far, and which `def` each is and what it gives.
    int_functions: Vec<IntFunction>,
    int_compiled: Vec<(crate::value::DefId, calls::Gives)>,
    /// The family's parameters fixed in this instance (`ir::instances`).
    fixed: Vec<usize>,
    /// The other families whose positions the options name.
    foreign: Vec<Foreign>,
    /// Whether the options may name other families (`foreign_family`).
    reads_foreign: bool,
    /// The passes applied on the way (see `Translated::applied`).
    applied: Vec<&'static str>,
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
            scope: Vec::new(),
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

    fn bind_slot(&mut self, name: &str) -> Option<usize> {
        let slot = self.new_slot(name)?;
        self.scope.push((name.to_string(), Binding::Slot(slot)));
        Some(slot)
    }

    /// The next free slot, named `name` (for printing) but not in scope.
    fn new_slot(&mut self, name: &str) -> Option<usize> {
        let slot = self.depth;
        if slot >= MAX_SLOTS {
            return None;
        }
        self.depth += 1;
        self.reached = self.reached.max(self.depth);
        if slot == self.slot_names.len() {
            self.slot_names.push(name.to_string());
        } else {
            self.slot_names[slot] = name.to_string();
        }
        Some(slot)
    }

    /// Binds the board parameter `name` of `k` integers to the first slots.
    fn bind_board(&mut self, name: &str, k: usize) {
        for i in 0..k {
            self.slot_names.push(format!("{name}[{i}]"));
        }
        self.depth = k;
        self.scope
            .push((name.to_string(), Binding::Board { first: 0, k }));
    }

    /// The slot of `base[index]` when `base` is a board and `index` a
    /// constant; where `index` is a loop variable (over a range inside the
    /// board, as `board::board_len` checked), the slot it picks, a choice
    /// that unrolling the loop folds.
    fn board_slot(&mut self, base: &Expr, index: &Expr) -> Option<IntExpr> {
        let board = match &base.node {
            ExprKind::Var(name) => self.local(name).cloned(),
            _ => None,
        };
        let Some(Binding::Board { first, k }) = board else {
            return self.fail(base.span.to(index.span), "indexing a list");
        };
        let slot = |i: i64| IntExpr::slot(first + i.rem_euclid(k as i64) as usize);
        let i = match (super::board::constant(index), &index.node) {
            (Some(i), _) => i,
            (None, ExprKind::Var(name)) => match self.local(name) {
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

    fn element(&mut self, element: &Element) -> Option<KElement> {
        self.scoped(|t| t.element_in_scope(element))
    }

    /// Runs `f` in a frame of its own (a function's body): no names in
    /// scope but the globals, no slots bound. Gives `f`'s result and the
    /// names of the slots it bound, and restores the frame around it.
    fn in_own_frame<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Option<T>,
    ) -> (Option<T>, Vec<String>) {
        let scope = std::mem::take(&mut self.scope);
        let slot_names = std::mem::take(&mut self.slot_names);
        let depth = std::mem::replace(&mut self.depth, 0);
        let result = f(self);
        self.scope = scope;
        self.depth = depth;
        (result, std::mem::replace(&mut self.slot_names, slot_names))
    }

    /// Runs `f`, then forgets the names and slots it bound (the loop
    /// variables of an element or a comprehension).
    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let (scope, depth) = (self.scope.len(), self.depth);
        let result = f(self);
        self.scope.truncate(scope);
        self.depth = depth;
        result
    }

    fn element_in_scope(&mut self, element: &Element) -> Option<KElement> {
        let mut clauses = Vec::new();
        self.clauses(&element.clauses, &mut clauses)?;
        let mut terms = Terms::default();
        self.terms(&element.value, &mut terms)?;
        let Terms {
            calls,
            boards,
            nims,
        } = terms;
        let value = match self.list {
            true => OptionValue::Boards { boards, nims },
            false => OptionValue::Terms { calls, nims },
        };
        Some(KElement { clauses, value })
    }

    /// Translates `for var in iter` onto `clauses`, giving what `var`
    /// stands for. A comprehension walked (written out, or a non-recursive
    /// `def`'s body) becomes its own clauses, its item bound to `var`: the
    /// same options, and no list built.
    fn walk_loop(
        &mut self,
        var: &Name,
        iter: &Expr,
        clauses: &mut Vec<KClause>,
    ) -> Option<Binding> {
        if let Some(value) = self.single_affine(iter) {
            return Some(Binding::Int(value));
        }
        if let Some(element) = comprehension(iter) {
            let scope = self.scope.len();
            let item =
                (self.clauses(&element.clauses, clauses)).and_then(|()| self.int(&element.value));
            self.scope.truncate(scope);
            return match item? {
                item @ IntExpr::Affine(_) => Some(Binding::Int(item)),
                // Evaluated once per item, where it may fail.
                item => {
                    let iter = Iter::List(vec![item]);
                    self.loop_slot(var, iter, clauses)
                }
            };
        }
        if let ExprKind::Call(callee, args) = &iter.node
            && let ExprKind::Var(name) = &callee.node
            && let Some(Global::Def(id)) = self.global(name)
            && !self.recursive(id)
            && comprehension(&self.program.defs[id.0 as usize].definition.body).is_some()
        {
            let inlined = self.inline(name, args, iter.span, |t, body| {
                t.walk_loop(var, body, clauses)
            });
            return inlined.flatten();
        }
        let iter = self.iter(iter)?;
        self.loop_slot(var, iter, clauses)
    }

    /// Translates the clauses of an element or a comprehension onto `out`,
    /// their loop variables left in scope.
    fn clauses(&mut self, clauses: &[Clause], out: &mut Vec<KClause>) -> Option<()> {
        for clause in clauses {
            match clause {
                Clause::For { var, iter } => {
                    let binding = self.walk_loop(var, iter, out)?;
                    self.scope.push((var.node.clone(), binding));
                }
                Clause::If(cond) => {
                    let cond = self.cond(cond)?;
                    out.push(KClause::If(cond));
                }
            }
        }
        Some(())
    }

    /// A loop over `iter` in a new slot named `var`, onto `clauses`.
    fn loop_slot(&mut self, var: &Name, iter: Iter, clauses: &mut Vec<KClause>) -> Option<Binding> {
        let Some(slot) = self.new_slot(&var.node) else {
            return self.fail(var.span, "too many nested loops");
        };
        clauses.push(KClause::For { slot, iter });
        Some(Binding::Slot(slot))
    }

    /// The item of a loop over one affine integer, `for b in [n - a]` (a
    /// name for a value, as Python spells it): its variable then stands for
    /// the expression, which reads slots only and cannot fail however often
    /// it is evaluated, so the loop is no loop and the passes see through
    /// the name (a split in `b` is a split in `a`). `None` for any other
    /// loop, which is then translated as a loop.
    fn single_affine(&mut self, iter: &Expr) -> Option<IntExpr> {
        let (ExprKind::List(items) | ExprKind::Set(items)) = &iter.node else {
            return None;
        };
        let [item] = items.as_slice() else {
            return None;
        };
        if !item.clauses.is_empty() {
            return None;
        }
        let why = self.why.clone();
        match self.int(&item.value) {
            Some(value @ IntExpr::Affine(_)) => Some(value),
            Some(_) => None,
            None => {
                self.why = why;
                None
            }
        }
    }

    /// The integers of a board the options name: a list literal, or `sort`
    /// or `reversed` of one (sorted by a network of `min`s and `max`es).
    fn board_items(&mut self, list: &Expr) -> Option<Vec<IntExpr>> {
        if let ExprKind::Call(callee, args) = &list.node
            && let (ExprKind::Var(name), [arg]) = (&callee.node, args.as_slice())
        {
            let mut items = self.board_items(arg)?;
            if self.builtin(name, "reversed") {
                items.reverse();
                return Some(items);
            }
            if self.builtin(name, "sort") {
                for &(i, j) in sorting_network(items.len())? {
                    let (a, b) = (items[i].clone(), items[j].clone());
                    items[i] = super::passes::min_of(vec![a.clone(), b.clone()]);
                    items[j] = super::passes::max_of(vec![a, b]);
                }
                return Some(items);
            }
        }
        if let Some((var, iter, value)) = super::board::comprehension(list) {
            return self.board_comprehension(var, iter, value);
        }
        let ExprKind::List(items) = &list.node else {
            return self.fail(list.span, "a board that is not a list literal");
        };
        items.iter().map(|item| self.int(&item.value)).collect()
    }

    /// The integers of the board `[value for var in iter]`, over a
    /// constant range or over the board itself: `value` for each.
    fn board_comprehension(
        &mut self,
        var: &str,
        iter: &Expr,
        value: &Expr,
    ) -> Option<Vec<IntExpr>> {
        let values: Vec<IntExpr> = match (super::board::constant_range(iter), &iter.node) {
            (Some((low, high)), _) => (low..=high).map(IntExpr::constant).collect(),
            (None, ExprKind::Var(name)) => match self.local(name) {
                Some(&Binding::Board { first, k }) => {
                    (first..first + k).map(IntExpr::slot).collect()
                }
                _ => return self.fail(iter.span, "a board that is not a list literal"),
            },
            _ => return self.fail(iter.span, "a board that is not a list literal"),
        };
        let mut items = Vec::with_capacity(values.len());
        for item in values {
            self.scope.push((var.to_string(), Binding::Int(item)));
            let translated = self.int(value);
            self.scope.pop();
            items.push(translated?);
        }
        Some(items)
    }

    /// Flattens a sum of `F(index…)` terms and nim heaps.
    fn terms(&mut self, e: &Expr, out: &mut Terms) -> Option<()> {
        match &e.node {
            ExprKind::Binary(BinOp::Add, a, b) => {
                self.terms(a, out)?;
                self.terms(b, out)
            }
            ExprKind::Nim(None) => {
                out.nims.push(IntExpr::constant(1));
                Some(())
            }
            ExprKind::Nim(Some(heap)) => {
                let heap = self.int(heap)?;
                out.nims.push(heap);
                Some(())
            }
            ExprKind::Call(callee, args) => match &callee.node {
                // `sum([A, B, *k])`: the sum of the games listed, each a
                // term (a list of one element each, no loop; not empty,
                // whose sum is 0, not a game).
                ExprKind::Var(name) if self.builtin(name, "sum") => match args.as_slice() {
                    [list]
                        if let ExprKind::List(items) = &list.node
                            && !items.is_empty()
                            && items.iter().all(|item| item.clauses.is_empty()) =>
                    {
                        items
                            .iter()
                            .try_for_each(|item| self.terms(&item.value, out))
                    }
                    _ => self.fail(e.span, "a sum of a list that is not a list of games"),
                },
                ExprKind::Var(name) if self.list && self.is_own(name) => {
                    let [arg] = args.as_slice() else {
                        return self.fail(e.span, "a position of another number of arguments");
                    };
                    let board = self.list(arg)?;
                    out.boards.push(board);
                    Some(())
                }
                ExprKind::Var(name) if self.is_own(name) => {
                    if let (true, [list]) = (self.board, args.as_slice()) {
                        let board = self.board_items(list)?;
                        out.calls.push(board);
                        return Some(());
                    }
                    let mut call = Vec::new();
                    for (i, arg) in args.iter().enumerate() {
                        if self.fixed.contains(&i) {
                            if !self.passes_on(arg, i) {
                                return self.fail(arg.span, "another value of a fixed parameter");
                            }
                            continue;
                        }
                        call.push(self.int(arg)?);
                    }
                    out.calls.push(call);
                    Some(())
                }
                ExprKind::Var(name)
                    if let Some((family, shape)) = self.foreign_family(name, args) =>
                {
                    let index = match self.foreign.iter().position(|f| f.family == family) {
                        Some(index) => index,
                        None => {
                            let name = self.program.family(family).name.clone();
                            self.foreign.push(Foreign {
                                family,
                                name,
                                shape,
                            });
                            self.foreign.len() - 1
                        }
                    };
                    let value = match shape {
                        Shape::Ints(_) => {
                            let args = args.iter().map(|arg| self.int(arg));
                            IntExpr::Grundy(index, args.collect::<Option<_>>()?)
                        }
                        Shape::Board(_) | Shape::List => {
                            IntExpr::GrundyOfList(index, Box::new(self.list(&args[0])?))
                        }
                    };
                    out.nims.push(value);
                    Some(())
                }
                // A `def` giving a game: its body's terms, its arguments
                // bound (`def other(n) = B(n)`).
                ExprKind::Var(name)
                    if let Some(Global::Def(id)) = self.global(name)
                        && !self.recursive(id) =>
                {
                    self.inline(name, args, e.span, |t, body| t.terms(body, out))
                        .flatten()
                }
                ExprKind::Var(name) if matches!(self.global(name), Some(Global::Family(_))) => self
                    .fail(
                        e.span,
                        format!(
                            "a position of another family, `{name}`: only a family of \
                             integers reads another's positions (of at most {MAX_PARAMS} \
                             integers, or one list, and no parameter passed on unchanged)"
                        ),
                    ),
                _ => self.fail(
                    e.span,
                    "a game that is not a sum of positions of this family and nim heaps",
                ),
            },
            _ => self.fail(
                e.span,
                "a game that is not a sum of positions of this family and nim heaps",
            ),
        }
    }

    /// Whether `name` names the family translated.
    fn is_own(&self, name: &str) -> bool {
        self.family.is_some() && self.global(name) == self.family.map(Global::Family)
    }

    /// Whether `arg` is the family's parameter `i` itself.
    fn passes_on(&self, arg: &Expr, i: usize) -> bool {
        let family = self.family.map(|id| self.program.family(id));
        let param = family.and_then(|f| f.definition.as_ref().map(|d| &d.params[i].node));
        matches!(&arg.node, ExprKind::Var(name) if Some(name) == param)
    }

    /// The family `name` names with `args`, and how its positions are laid
    /// out, when it is another family whose positions are at most
    /// `MAX_PARAMS` integers or one list: its positions in an option are
    /// looked up by value (`IntExpr::Grundy`, `IntExpr::GrundyOfList`).
    /// Not a family with parameters passed on unchanged, whose positions
    /// are kept by its instances (`ir::fixed_params`).
    fn foreign_family(&self, name: &str, args: &[Expr]) -> Option<(FamilyId, Shape)> {
        let Some(Global::Family(family)) = self.global(name).filter(|_| self.reads_foreign) else {
            return None;
        };
        let definition = self.program.family(family);
        let shape = super::shape(definition);
        let fits = match shape {
            Shape::Ints(k) => k <= MAX_PARAMS && definition.params.len() == k,
            Shape::Board(_) | Shape::List => true,
        };
        let instances = !super::instances::fixed_params(family, definition).is_empty();
        let named = Some(family) != self.family && definition.params.len() == args.len();
        (fits && named && !instances).then_some((family, shape))
    }

    /// What a name means if no local binds it. The family's own name is
    /// itself even where no global names it (the families `octal(…)`
    /// defines are reachable only through the call).
    fn global(&self, name: &str) -> Option<Global> {
        if self.local(name).is_some() {
            return None;
        }
        if let Some(id) = self.family
            && (self.program.family(id).definition.as_ref()).is_some_and(|d| d.name.node == name)
        {
            return Some(Global::Family(id));
        }
        self.program.globals.get(name).copied()
    }

    fn local(&self, name: &str) -> Option<&Binding> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b)
    }

    /// Whether `name` is the built-in of that name here.
    fn builtin(&self, name: &str, builtin: &str) -> bool {
        name == builtin && self.local(name).is_none() && self.global(name).is_none()
    }

    /// The value of a `let` named `name`, if it has one now.
    fn folded_let(&mut self, name: &str, span: Span) -> Option<Binding> {
        let Some(Global::Let(index)) = self.global(name) else {
            return None;
        };
        let Some(value) = (self.let_value)(index) else {
            return self.fail(span, format!("`{name}` has not been evaluated yet"));
        };
        self.constant(name, value, span)
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

    /// What a name stands for: a local binding or a folded `let`.
    fn name(&mut self, name: &str, span: Span) -> Option<Binding> {
        if let Some(binding) = self.local(name) {
            return Some(binding.clone());
        }
        self.folded_let(name, span)
            .or_else(|| self.fail(span, format!("`{name}` is not an integer here")))
    }
}

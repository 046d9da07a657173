//! Lists of integers in the translation: a family whose positions are lists
//! (`game Chomp(rows) = < Chomp(bite(rows, r, c)) for … >`), slices,
//! concatenations and list literals, and recursive `def`s building lists,
//! which become the kernel's functions (`engine::kernel::ListExpr`), and
//! what a loop walks (a range, constants, or a list built on the way).

use rustc_hash::FxHashMap;
use std::rc::Rc;

use super::calls::Gives;
use super::{Binding, Local, Translator};
use crate::builtin::Builtin;
use crate::engine::kernel::{
    Arg, CmpOp, Comprehension, Cond, Fold, Function, IntExpr, IntOp, Iter, ListClause, ListExpr,
    MAX_ARGS, MAX_SLOTS, Over, ParamKind, Reorder, SLOT_BOUND, Table, place,
};
use crate::ir::filters::total;
use crate::resolve::term::{Clause, Element, Term, TermKind};
use crate::span::Span;
use crate::syntax::ast::BinOp;
use crate::value::{DefId, Value};

impl Translator<'_> {
    /// Binds the list parameter `name` (the family's, or a function's,
    /// its local `local`) to a header in the next two slots, named `name`
    /// and `len(name)`; `None` when the slots run out.
    pub(super) fn bind_list(&mut self, local: usize, name: &str) -> Option<()> {
        let header = self.depth;
        if header + 2 > MAX_SLOTS {
            return None;
        }
        self.slot_names.push(name.to_string());
        self.slot_names.push(format!("len({name})"));
        self.depth += 2;
        self.bind(local, name, Binding::List(ListExpr::Slots(header)));
        Some(())
    }

    /// A list of integers.
    pub(super) fn list(&mut self, e: &Term) -> Option<ListExpr> {
        if let Some(direct) = self.followed(e) {
            return self.list(&direct);
        }
        Some(match &e.kind {
            TermKind::Local(_) | TermKind::Let(_) => {
                let local = self.name(e)?;
                return self.list_bound(local, e.span);
            }
            TermKind::List {
                elements,
                set: false,
            } => {
                // Runs of plain items, and comprehensions, one after another.
                let mut pieces = Vec::new();
                let mut ints = Vec::new();
                for item in elements {
                    if item.clauses.is_empty() {
                        ints.push(self.int(&item.value)?);
                        continue;
                    }
                    if !ints.is_empty() {
                        pieces.push(ListExpr::Items(std::mem::take(&mut ints)));
                    }
                    pieces.push(self.comprehension(item)?);
                }
                if !ints.is_empty() || pieces.is_empty() {
                    pieces.push(ListExpr::Items(ints));
                }
                let last = pieces.pop()?;
                pieces.into_iter().rev().fold(last, |rest, piece| {
                    ListExpr::Concat(Box::new(piece), Box::new(rest))
                })
            }
            TermKind::Index(base, index) => {
                let TermKind::Range {
                    low,
                    high,
                    inclusive,
                } = &index.kind
                else {
                    return self.pick(base, index);
                };
                let list = self.list(base)?;
                let low = self.int(low)?;
                let mut high = self.int(high)?;
                if *inclusive {
                    high = IntExpr::binary(IntOp::Add, high, IntExpr::constant(1));
                }
                ListExpr::Slice(Box::new(list), low, high)
            }
            TermKind::Binary(BinOp::Add, a, b) => {
                let a = self.list(a)?;
                ListExpr::Concat(Box::new(a), Box::new(self.list(b)?))
            }
            TermKind::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.cond(cond)?;
                let then = self.list(then)?;
                ListExpr::Select(
                    Box::new(cond),
                    Box::new(then),
                    Box::new(self.list(otherwise)?),
                )
            }
            TermKind::CallDef { def, args } => {
                if self.recursive(*def) {
                    return self.call(*def, args, e.span);
                }
                return self.inline(*def, args, e.span, |t, body| t.list(body));
            }
            TermKind::CallBuiltin { builtin, args } => {
                let order = match builtin {
                    Builtin::Sort => Reorder::Sort,
                    Builtin::Reversed => Reorder::Reverse,
                    _ => return self.fail(e.span, format!("a call of `{}`", builtin.name())),
                };
                ListExpr::Reorder(order, Box::new(self.list(&args[0])?))
            }
            TermKind::CallValue { callee, .. } => return self.computed_call(callee, e.span),
            _ => return self.fail(e.span, "not a list of integers"),
        })
    }

    /// The list `local` stands for.
    fn list_bound(&mut self, local: Local, span: Span) -> Option<ListExpr> {
        Some(match local.binding {
            Binding::List(list) => list,
            Binding::Iter(Iter::List(items)) => ListExpr::Items(items),
            Binding::Board { first, k } => {
                ListExpr::Items((first..first + k).map(IntExpr::slot).collect())
            }
            _ => return self.fail(span, format!("`{}` is not a list here", local.name)),
        })
    }

    /// `[item for … if …]`, its loop variables in slots of the frame.
    fn comprehension(&mut self, element: &Element) -> Option<ListExpr> {
        self.scoped(|t| t.comprehension_in_scope(element))
    }

    fn comprehension_in_scope(&mut self, element: &Element) -> Option<ListExpr> {
        let mut clauses = Vec::new();
        for clause in &element.clauses {
            match clause {
                Clause::For { slot, name, iter } => {
                    let over = match &iter.kind {
                        TermKind::Range {
                            low,
                            high,
                            inclusive,
                        } => Over::Range {
                            low: self.int(low)?,
                            high: self.int(high)?,
                            inclusive: *inclusive,
                        },
                        _ => Over::List(self.list(iter)?),
                    };
                    let Some(slot) = self.bind_slot(*slot, name) else {
                        return self.fail(iter.span, "too many nested loops");
                    };
                    clauses.push(ListClause::For { slot, over });
                }
                Clause::If(cond) => clauses.push(ListClause::If(self.cond(cond)?)),
            }
        }
        let item = self.int(&element.value)?;
        if let Some(cut) = super::super::cuts::cut_at_bound(&clauses, &item) {
            self.applied("comprehensions cut where a comparison of their variable decides");
            return Some(cut);
        }
        if super::super::monotone::stop_comprehension_at_monotone_filters(&mut clauses) {
            self.applied("loops stopped at filters that end them");
        }
        Some(ListExpr::Comprehension(Box::new(Comprehension::new(
            clauses, item,
        ))))
    }

    /// `base[index]`, a list out of a table (`ListExpr::Pick`).
    fn pick(&mut self, base: &Term, index: &Term) -> Option<ListExpr> {
        if let Some(value) = self.value_at_constant_key(base, index) {
            let items = ints(&value).map(|ints| ints.into_iter().map(IntExpr::constant));
            return match items {
                Some(items) => Some(ListExpr::Items(items.collect())),
                None => self.fail(
                    index.span,
                    "a value of a map that is not a list of integers",
                ),
            };
        }
        if let Some((values, place)) = self.value_of_key(base, index) {
            return match values.scalars {
                true => self.fail(base.span, "an integer of a map read as a list"),
                false => Some(ListExpr::Pick(values, place)),
            };
        }
        if let Some(table) = self.literal_table(base) {
            return Some(ListExpr::Pick(Rc::new(table), self.int(index)?));
        }
        if !super::is_name(base) {
            return self.fail(base.span, "a list taken out of a computed list of lists");
        }
        let why = self.why.clone();
        match self.name(base) {
            Some(Local {
                binding: Binding::Table(table),
                ..
            }) if !table.scalars => Some(ListExpr::Pick(table, self.int(index)?)),
            _ => {
                self.why = why;
                let name = self.written_name(base);
                let reason = format!(
                    "a list taken out of `{name}`, not a list of lists of integers \
                     or a map of them by integers, of at most {} integers in all",
                    super::FOLDED_LIST
                );
                self.fail(base.span, reason)
            }
        }
    }

    /// The `let` map and the table of its values by place, where `iter`
    /// is `keys(M)`, or `M` itself, of a `let` map whose values are all lists of integers
    /// or all integers; nothing noted otherwise.
    pub(super) fn keys_walked(&mut self, iter: &Term) -> Option<(usize, Rc<Table>)> {
        // A map walked as it is walks its keys.
        let map = match &iter.kind {
            TermKind::CallBuiltin {
                builtin: Builtin::Keys,
                args,
            } => match args.as_slice() {
                [map] => map,
                _ => return None,
            },
            _ => iter,
        };
        let TermKind::Let(index) = map.kind else {
            return None;
        };
        let Some(Value::Map(map)) = (self.let_value)(index) else {
            return None;
        };
        let name = &self.program.lets[index].name.node;
        let (lists, scalars) = lists_of(map.entries.iter().map(|(_, v)| v))?;
        Some((index, Rc::new(sized(name, None, lists, scalars)?)))
    }

    /// `M["small"]`: the value of a `let` map at a constant key other than
    /// an integer (integer keys are a table's), where the map has it.
    pub(super) fn value_at_constant_key(&mut self, base: &Term, key: &Term) -> Option<Value> {
        let (TermKind::Let(index), TermKind::Const(key)) = (&base.kind, &key.kind) else {
            return None;
        };
        match (self.let_value)(*index) {
            Some(Value::Map(map)) if !matches!(key, Value::Int(_)) => map.get(key).cloned(),
            _ => None,
        }
    }

    /// `M[d]` where `d` walks `keys(M)`: the table of `M`'s values and
    /// the key's place; nothing noted otherwise.
    pub(super) fn value_of_key(&mut self, base: &Term, key: &Term) -> Option<(Rc<Table>, IntExpr)> {
        let (TermKind::Let(index), TermKind::Local(local)) = (&base.kind, &key.kind) else {
            return None;
        };
        match self.local(*local)? {
            Local {
                binding: Binding::Key { map, values, place },
                ..
            } if map == index => Some((values.clone(), place.clone())),
            _ => None,
        }
    }

    /// `d == "b"` (`equal`) or `d != "b"` where `d` walks `keys(M)`: the
    /// key's place compared with the constant's among `M`'s keys, of its
    /// kind (a key `M` lacks equals none); nothing noted otherwise.
    pub(super) fn key_compared(&mut self, equal: bool, a: &Term, b: &Term) -> Option<Cond> {
        let (local, constant) = match (&a.kind, &b.kind) {
            (TermKind::Local(local), TermKind::Const(constant))
            | (TermKind::Const(constant), TermKind::Local(local)) => (*local, constant),
            _ => return None,
        };
        let Binding::Key { map, place, .. } = &self.local(local)?.binding else {
            return None;
        };
        let Some(Value::Map(entries)) = (self.let_value)(*map) else {
            return None;
        };
        let keys = entries.entries.iter().map(|(key, _)| key);
        if !keys.clone().all(|key| key.kind() == constant.kind()) {
            return None;
        }
        let same = match keys.clone().position(|key| key == constant) {
            Some(at) => Cond::compare(CmpOp::Eq, place.clone(), IntExpr::constant(at as i64)),
            None => Cond::Const(false),
        };
        Some(if equal {
            same
        } else {
            Cond::Not(Box::new(same))
        })
    }

    /// The table whose rows a loop walks (`for d in D`, `D` a `let` list
    /// of lists of integers, or such a literal); nothing noted otherwise.
    pub(super) fn rows(&mut self, iter: &Term) -> Option<Rc<Table>> {
        if let Some(table) = self.literal_table(iter) {
            return Some(Rc::new(table));
        }
        match self.binding_of(iter)? {
            Binding::Table(table) if table.keys.is_none() => Some(table),
            _ => None,
        }
    }

    /// The table a literal list of lists of integers is (`[[1, 2], [1,
    /// 3]][n % 2]`), each item a constant; nothing noted otherwise.
    fn literal_table(&mut self, base: &Term) -> Option<Table> {
        let TermKind::List {
            elements: rows,
            set: false,
        } = &base.kind
        else {
            return None;
        };
        let why = self.why.clone();
        let mut row_of = |row: &Element| -> Option<Vec<i64>> {
            let (
                TermKind::List {
                    elements: items,
                    set: false,
                },
                true,
            ) = (&row.value.kind, row.clauses.is_empty())
            else {
                return None;
            };
            (items.iter())
                .map(|item| match item.clauses.is_empty() {
                    true => self.int(&item.value)?.as_constant(),
                    false => None,
                })
                .collect()
        };
        let rows: Option<Vec<Vec<i64>>> = rows.iter().map(&mut row_of).collect();
        self.why = why;
        let rows = rows?;
        let row_value = |row: &Vec<i64>| Value::list(row.iter().map(|&n| Value::Int(n)).collect());
        table(
            &format!("{rows:?}"),
            &Value::list(rows.iter().map(row_value).collect()),
        )
    }

    /// `base[index]`: a board's slot, or an item of a list.
    pub(super) fn index(&mut self, base: &Term, index: &Term) -> Option<IntExpr> {
        if let Some(Value::Int(n)) = self.value_at_constant_key(base, index) {
            return Some(IntExpr::constant(n));
        }
        if let Some((values, place)) = self.value_of_key(base, index)
            && values.scalars
        {
            let zero = Box::new(IntExpr::constant(0));
            return Some(IntExpr::Item(Box::new(ListExpr::Pick(values, place)), zero));
        }
        let list = match super::is_name(base) {
            true => match self.name(base)? {
                Local {
                    binding: Binding::Board { .. },
                    ..
                } => return self.board_slot(base, index),
                // A map to integers: its values are lists of one.
                Local {
                    binding: Binding::Table(table),
                    ..
                } if table.scalars => {
                    let pick = ListExpr::Pick(table, self.int(index)?);
                    return Some(IntExpr::Item(
                        Box::new(pick),
                        Box::new(IntExpr::constant(0)),
                    ));
                }
                local => self.list_bound(local, base.span)?,
            },
            false => self.list(base)?,
        };
        let index = self.int(index)?;
        Some(picked(list, index))
    }

    /// `len(arg)`, for a board or a list.
    pub(super) fn len(&mut self, arg: &Term) -> Option<IntExpr> {
        if let TermKind::Local(local) = arg.kind
            && let Some(Binding::Board { k, .. }) = self.local(local).map(|l| &l.binding)
        {
            return Some(IntExpr::constant(*k as i64));
        }
        let list = self.list(arg)?;
        Some(length(&list).unwrap_or_else(|| IntExpr::Reduce(Fold::Len, Box::new(list))))
    }

    /// `sum(list)`, `min(list)` or `max(list)`: read in place from a list
    /// the frame holds, spelled out for a list literal.
    pub(super) fn fold(&mut self, fold: Fold, arg: &Term) -> Option<IntExpr> {
        // A set's repeats and order change no `mex`, `min` or `max`: its
        // items are read as a list's.
        let listed;
        let arg = match &arg.kind {
            TermKind::List {
                elements,
                set: true,
            } if matches!(fold, Fold::Mex | Fold::Min | Fold::Max) => {
                listed = Term {
                    kind: TermKind::List {
                        elements: elements.clone(),
                        set: false,
                    },
                    ..arg.clone()
                };
                &listed
            }
            _ => arg,
        };
        match (self.list(arg)?, fold) {
            (ListExpr::Slots(header), _) => Some(IntExpr::Fold(fold, header)),
            (ListExpr::Items(items), Fold::Sum) => {
                Some(items.into_iter().fold(IntExpr::constant(0), |sum, x| {
                    IntExpr::binary(IntOp::Add, sum, x)
                }))
            }
            (ListExpr::Items(items), Fold::Min) if !items.is_empty() => {
                Some(super::super::bounds::min_of(items))
            }
            (ListExpr::Items(items), Fold::Max) if !items.is_empty() => {
                Some(super::super::bounds::max_of(items))
            }
            (ListExpr::Comprehension(mut c), Fold::Sum) => {
                if super::super::monotone::stop_sum_where_quotient_vanishes(&mut c.clauses, &c.item)
                {
                    self.applied("sums stopped where their quotient is 0");
                    *c = Comprehension::new(std::mem::take(&mut c.clauses), c.item.clone());
                }
                Some(IntExpr::Reduce(
                    Fold::Sum,
                    Box::new(ListExpr::Comprehension(c)),
                ))
            }
            (list, fold) => Some(IntExpr::Reduce(fold, Box::new(list))),
        }
    }

    /// Whether `def` `id` calls itself in its body.
    pub(super) fn recursive(&self, id: DefId) -> bool {
        calls(&self.program.defs[id.0 as usize].body, id)
    }

    /// A call of the recursive `def` `id`, compiled as a function for the
    /// kinds of its arguments (once per kinds).
    fn call(&mut self, id: DefId, args: &[Term], span: Span) -> Option<ListExpr> {
        if args.len() > MAX_ARGS {
            return self.fail(span, "a call of a recursive `def` with many arguments");
        }
        let args = self.arguments(args)?;
        self.list_function_call(id, args, Gives::List)
    }

    /// The arguments of a call of a recursive `def`: each an integer where
    /// it translates as one, else a list.
    pub(super) fn arguments(&mut self, args: &[Term]) -> Option<Vec<Arg>> {
        let mut translated = Vec::with_capacity(args.len());
        for arg in args {
            let why = self.why.clone();
            let int = self.int(arg);
            translated.push(match int {
                Some(int) => Arg::Int(int),
                None => {
                    self.why = why;
                    Arg::List(self.list(arg)?)
                }
            });
        }
        Some(translated)
    }

    /// The call of `def` `id` on `args` as the function giving a list
    /// (for `Gives::List`, its value; otherwise the one item of its value)
    /// compiled for the kinds of `args`, once per kinds and `gives`.
    pub(super) fn list_function_call(
        &mut self,
        id: DefId,
        args: Vec<Arg>,
        gives: Gives,
    ) -> Option<ListExpr> {
        let kinds: Vec<ParamKind> = args
            .iter()
            .map(|arg| match arg {
                Arg::Int(_) => ParamKind::Int,
                Arg::List(_) => ParamKind::List,
            })
            .collect();
        let known = (self.compiled.iter()).position(|c| *c == (id, kinds.clone(), gives));
        let index = match known {
            Some(index) => index,
            None => self.compile(id, kinds, gives)?,
        };
        Some(ListExpr::Call(index, args))
    }

    /// Compiles `def` `id` for arguments of `kinds`, in a frame of its own:
    /// its body the list it gives, or the list of the one integer (or
    /// condition, as 1 or 0) it gives. When the body does not translate,
    /// the functions compiled on the way are forgotten with it.
    fn compile(&mut self, id: DefId, kinds: Vec<ParamKind>, gives: Gives) -> Option<usize> {
        let program = self.program;
        let def = &program.defs[id.0 as usize];
        let index = self.functions.len();
        self.functions.push(Function {
            name: def.name.clone(),
            params: kinds.clone(),
            slots: 0,
            slot_names: Vec::new(),
            body: ListExpr::Items(Vec::new()),
            walk: None,
        });
        self.compiled.push((id, kinds.clone(), gives));
        let (body, names) = self.in_own_frame(def.slots, |t| {
            for (local, (param, kind)) in def.params.iter().zip(&kinds).enumerate() {
                match kind {
                    ParamKind::Int => t.bind_slot(local, &param.node).map(drop)?,
                    ParamKind::List => t.bind_list(local, &param.node)?,
                }
            }
            match gives {
                Gives::List => t.list(&def.body),
                Gives::Int | Gives::Cond => Some(ListExpr::Items(vec![t.given(&def.body, gives)?])),
            }
        });
        let Some(body) = body else {
            self.functions.truncate(index);
            self.compiled.truncate(index);
            return None;
        };
        let function = &mut self.functions[index];
        function.body = body;
        function.slots = names.len();
        function.slot_names = names;
        Some(index)
    }

    /// What a loop walks: a range, constants, or a list built on the way.
    pub(super) fn iter(&mut self, e: &Term) -> Option<Iter> {
        if let Some(direct) = self.followed(e) {
            return self.iter(&direct);
        }
        match &e.kind {
            TermKind::Range {
                low,
                high,
                inclusive,
            } => {
                let low = self.int(low)?;
                Some(Iter::Range {
                    low,
                    high: self.int(high)?,
                    inclusive: *inclusive,
                })
            }
            // A range chosen by a condition: its bounds chosen by it.
            TermKind::If {
                cond,
                then,
                otherwise,
            } if is_range(then) && is_range(otherwise) => {
                let cond = self.cond(cond)?;
                let (
                    Iter::Range { low, high, .. },
                    Iter::Range {
                        low: low2,
                        high: high2,
                        ..
                    },
                ) = (self.iter(then)?, self.iter(otherwise)?)
                else {
                    unreachable!("ranges iterate as ranges");
                };
                let end = |e: &Term, high: IntExpr| match e.kind {
                    TermKind::Range {
                        inclusive: true, ..
                    } => IntExpr::binary(IntOp::Add, high, IntExpr::constant(1)),
                    _ => high,
                };
                Some(Iter::Range {
                    low: IntExpr::select(cond.clone(), low, low2),
                    high: IntExpr::select(cond, end(then, high), end(otherwise, high2)),
                    inclusive: false,
                })
            }
            TermKind::List { elements, .. }
                if elements.iter().all(|item| item.clauses.is_empty()) =>
            {
                let mut ints = Vec::with_capacity(elements.len());
                for item in elements {
                    ints.push(self.int(&item.value)?);
                }
                Some(Iter::List(ints))
            }
            TermKind::Local(_) | TermKind::Let(_) => {
                let Local { name, binding } = self.name(e)?;
                match binding {
                    Binding::Iter(iter) => Some(iter),
                    Binding::List(list) => Some(Iter::Built(list)),
                    _ => self.fail(e.span, format!("`{name}` is not a list of integers here")),
                }
            }
            // The same values in another order, or as a list: the same
            // options.
            TermKind::CallBuiltin {
                builtin: Builtin::Sort | Builtin::Reversed | Builtin::List,
                args,
            } => self.iter(&args[0]),
            TermKind::CallDef { def, args } if !self.recursive(*def) => {
                self.inline(*def, args, e.span, |t, body| t.iter(body))
            }
            _ => self.built(e),
        }
    }

    /// A loop over the list `e` builds, before it starts.
    fn built(&mut self, e: &Term) -> Option<Iter> {
        Some(match self.list(e)? {
            ListExpr::Items(items) => Iter::List(items),
            list => Iter::Built(list),
        })
    }
}

/// Whether `e` calls the `def` `id`.
pub(super) fn calls(e: &Term, id: DefId) -> bool {
    let direct = matches!(e.kind, TermKind::CallDef { def, .. } if def == id);
    direct || e.children().into_iter().any(|c| calls(c, id))
}

/// The length of `list` as an integer expression, without building it,
/// when that expression fails exactly where building the list would: a
/// list the frame holds, items that cannot fail, slices (clipped as the
/// language clips them), `+`, `if`, and `sort`/`reversed` of those.
fn length(list: &ListExpr) -> Option<IntExpr> {
    let constant = IntExpr::constant;
    Some(match list {
        ListExpr::Slots(header) => IntExpr::slot(header + 1),
        ListExpr::Items(items)
            if items
                .iter()
                .all(|e| matches!(e, IntExpr::Affine(_) | IntExpr::Large(_))) =>
        {
            constant(items.len() as i64)
        }
        ListExpr::Concat(a, b) => IntExpr::binary(IntOp::Add, length(a)?, length(b)?),
        ListExpr::Reorder(_, l) => length(l)?,
        ListExpr::Select(cond, a, b) => IntExpr::select((**cond).clone(), length(a)?, length(b)?),
        ListExpr::Slice(l, low, high) => {
            let n = length(l)?;
            let from_end = |x: IntExpr| {
                let back = IntExpr::binary(IntOp::Add, x, n.clone());
                IntExpr::Max(vec![back, constant(0)])
            };
            // A list is shorter than the slot bound: a bound past it is
            // its end (as in `h[1..]`).
            let clip = |x: &IntExpr| match x.as_constant() {
                Some(0) => constant(0),
                Some(c) if c < 0 => from_end(constant(c)),
                Some(c) if c >= SLOT_BOUND => n.clone(),
                Some(c) => IntExpr::Min(vec![constant(c), n.clone()]),
                None => IntExpr::select(
                    Cond::Cmp(CmpOp::Lt, x.clone(), constant(0)),
                    from_end(x.clone()),
                    IntExpr::Min(vec![x.clone(), n.clone()]),
                ),
            };
            let len = IntExpr::binary(IntOp::Sub, clip(high), clip(low));
            IntExpr::Max(vec![len, constant(0)])
        }
        _ => return None,
    })
}

/// The table a `let` named `name` holds (see `Table`), when its value is a
/// list of lists of integers, or a map whose values are all lists of
/// integers or all integers (keys other than integers are never picked by
/// an integer); at most `FOLDED_LIST` integers in all.
pub(super) fn table(name: &str, value: &Value) -> Option<Table> {
    let (keys, lists, scalars) = match value {
        Value::List(items) => (None, items.iter().map(ints).collect::<Option<_>>()?, false),
        Value::Map(map) => {
            let entries: Vec<(i64, &Value)> = map
                .entries
                .iter()
                .filter_map(|(k, v)| match k {
                    Value::Int(k) => Some((*k, v)),
                    _ => None,
                })
                .collect();
            if entries.is_empty() {
                return None;
            }
            let (lists, scalars) = lists_of(entries.iter().map(|(_, v)| *v))?;
            let keys = entries.iter().enumerate().map(|(at, (k, _))| (*k, at));
            (Some(keys.collect()), lists, scalars)
        }
        _ => return None,
    };
    sized(name, keys, lists, scalars)
}

/// The lists of a map's `values`: each a list of integers, or each an
/// integer, then read as a list of one (`scalars`, where there is one).
fn lists_of<'a>(values: impl Iterator<Item = &'a Value> + Clone) -> Option<(Vec<Vec<i64>>, bool)> {
    let mut all = values.clone().peekable();
    let scalars = all.peek().is_some() && all.all(|v| matches!(v, Value::Int(_)));
    let lists = values
        .map(|v| match v {
            Value::Int(n) if scalars => Some(vec![*n]),
            v => ints(v),
        })
        .collect::<Option<_>>()?;
    Some((lists, scalars))
}

/// The table of `lists`, where they hold at most `FOLDED_LIST` integers
/// in all.
fn sized(
    name: &str,
    keys: Option<FxHashMap<i64, usize>>,
    lists: Vec<Vec<i64>>,
    scalars: bool,
) -> Option<Table> {
    let size: usize = lists.iter().map(Vec::len).sum::<usize>() + lists.len();
    (size <= super::FOLDED_LIST).then(|| Table {
        name: name.to_string(),
        keys,
        lists,
        scalars,
    })
}

/// The integers of `value` when it is a list of integers.
pub(super) fn ints(value: &Value) -> Option<Vec<i64>> {
    let Value::List(items) = value else {
        return None;
    };
    items
        .iter()
        .map(|x| match x {
            Value::Int(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// Whether `e` is a range, or a range chosen by a condition among ranges.
fn is_range(e: &Term) -> bool {
    match &e.kind {
        TermKind::Range { .. } => true,
        TermKind::If {
            then, otherwise, ..
        } => is_range(then) && is_range(otherwise),
        _ => false,
    }
}

/// `list[index]`.
pub(super) fn picked(list: ListExpr, index: IntExpr) -> IntExpr {
    match list {
        ListExpr::Slots(header) => IntExpr::At(header, Box::new(index)),
        // An item of a literal picked by a constant, where building the
        // whole literal could not have failed: that item alone.
        ListExpr::Items(items)
            if let Some(at) = index.as_constant()
                && let Some(at) = place(at, items.len())
                && items.iter().all(total) =>
        {
            items[at].clone()
        }
        list => IntExpr::Item(Box::new(list), Box::new(index)),
    }
}

//! Lists of integers in the translation: a family whose positions are lists
//! (`game Chomp(rows) = < Chomp(bite(rows, r, c)) for … >`), slices,
//! concatenations and list literals, and recursive `def`s building lists,
//! which become the kernel's functions (`engine::kernel::ListExpr`), and
//! what a loop walks (a range, constants, or a list built on the way).

use std::rc::Rc;

use super::{Binding, Translator};
use crate::engine::kernel::{
    Arg, CmpOp, Comprehension, Cond, Fold, Function, IntExpr, IntOp, Iter, ListClause, ListExpr,
    MAX_ARGS, MAX_SLOTS, Over, ParamKind, Reorder, SLOT_BOUND, Table,
};
use crate::resolve::program::Global;
use crate::span::Span;
use crate::syntax::ast::{BinOp, Clause, Element, Expr, ExprKind};
use crate::value::{DefId, Value};

impl Translator<'_> {
    /// Binds the list parameter `name` (the family's, or a function's) to
    /// a header in the next two slots, named `name` and `len(name)`; `None`
    /// when the slots run out.
    pub(super) fn bind_list(&mut self, name: &str) -> Option<()> {
        let header = self.depth;
        if header + 2 > MAX_SLOTS {
            return None;
        }
        self.slot_names.push(name.to_string());
        self.slot_names.push(format!("len({name})"));
        self.depth += 2;
        let list = Binding::List(ListExpr::Slots(header));
        self.scope.push((name.to_string(), list));
        Some(())
    }

    /// A list of integers.
    pub(super) fn list(&mut self, e: &Expr) -> Option<ListExpr> {
        Some(match &e.node {
            ExprKind::Var(name) => {
                let binding = self.name(name, e.span)?;
                return self.list_bound(name, binding, e.span);
            }
            ExprKind::List(items) => {
                // Runs of plain items, and comprehensions, one after another.
                let mut pieces = Vec::new();
                let mut ints = Vec::new();
                for item in items {
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
            ExprKind::Index(base, index) => {
                let ExprKind::Range {
                    low,
                    high,
                    inclusive,
                } = &index.node
                else {
                    return self.pick(base, index);
                };
                let list = self.list(base)?;
                let low = self.int(low)?;
                let mut high = self.int(high)?;
                if *inclusive {
                    high = IntExpr::binary(
                        crate::engine::kernel::IntOp::Add,
                        high,
                        IntExpr::constant(1),
                    );
                }
                ListExpr::Slice(Box::new(list), low, high)
            }
            ExprKind::Binary(BinOp::Add, a, b) => {
                let a = self.list(a)?;
                ListExpr::Concat(Box::new(a), Box::new(self.list(b)?))
            }
            ExprKind::If {
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
            ExprKind::Call(callee, args) => {
                let (name, recursive) = self.callee(callee, e.span)?;
                if let Some(id) = recursive {
                    return self.call(id, args, e.span);
                }
                let orders = [("sort", Reorder::Sort), ("reversed", Reorder::Reverse)];
                if let [arg] = args.as_slice()
                    && let Some(&(_, order)) = orders.iter().find(|(n, _)| self.builtin(name, n))
                {
                    return Some(ListExpr::Reorder(order, Box::new(self.list(arg)?)));
                }
                match self.inline(name, args, e.span, |t, body| t.list(body)) {
                    Some(inlined) => inlined?,
                    None => return self.fail(e.span, format!("a call of `{name}`")),
                }
            }
            _ => return self.fail(e.span, "not a list of integers"),
        })
    }

    /// The list `binding`, what `name` stands for, is.
    fn list_bound(&mut self, name: &str, binding: Binding, span: Span) -> Option<ListExpr> {
        Some(match binding {
            Binding::List(list) => list,
            Binding::Iter(crate::engine::kernel::Iter::List(items)) => ListExpr::Items(items),
            Binding::Board { first, k } => {
                ListExpr::Items((first..first + k).map(IntExpr::slot).collect())
            }
            _ => return self.fail(span, format!("`{name}` is not a list here")),
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
                Clause::For { var, iter } => {
                    let over = match &iter.node {
                        ExprKind::Range {
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
                    let Some(slot) = self.bind_slot(&var.node) else {
                        return self.fail(var.span, "too many nested loops");
                    };
                    clauses.push(ListClause::For { slot, over });
                }
                Clause::If(cond) => clauses.push(ListClause::If(self.cond(cond)?)),
            }
        }
        let item = self.int(&element.value)?;
        if super::super::monotone::stop_comprehension_at_monotone_filters(&mut clauses) {
            self.applied("loops stopped at filters that end them");
        }
        Some(ListExpr::Comprehension(Box::new(Comprehension::new(
            clauses, item,
        ))))
    }

    /// `base[index]`, a list out of a table (`ListExpr::Pick`).
    fn pick(&mut self, base: &Expr, index: &Expr) -> Option<ListExpr> {
        if let Some(table) = self.literal_table(base) {
            return Some(ListExpr::Pick(Rc::new(table), self.int(index)?));
        }
        let ExprKind::Var(name) = &base.node else {
            return self.fail(base.span, "a list taken out of a computed list of lists");
        };
        let why = self.why.clone();
        match self.name(name, base.span) {
            Some(Binding::Table(table)) if !table.scalars => {
                Some(ListExpr::Pick(table, self.int(index)?))
            }
            _ => {
                self.why = why;
                let reason = format!(
                    "a list taken out of `{name}`, not a list of lists of integers \
                     or a map of them by integers"
                );
                self.fail(base.span, reason)
            }
        }
    }

    /// The table a literal list of lists of integers is (`[[1, 2], [1,
    /// 3]][n % 2]`), each item a constant; nothing noted otherwise.
    fn literal_table(&mut self, base: &Expr) -> Option<Table> {
        let ExprKind::List(rows) = &base.node else {
            return None;
        };
        let why = self.why.clone();
        let mut row_of = |row: &Element| -> Option<Vec<i64>> {
            let (ExprKind::List(items), true) = (&row.value.node, row.clauses.is_empty()) else {
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
    pub(super) fn index(&mut self, base: &Expr, index: &Expr) -> Option<IntExpr> {
        let list = match &base.node {
            ExprKind::Var(name) => match self.name(name, base.span)? {
                Binding::Board { .. } => return self.board_slot(base, index),
                // A map to integers: its values are lists of one.
                Binding::Table(table) if table.scalars => {
                    let pick = ListExpr::Pick(table, self.int(index)?);
                    return Some(IntExpr::Item(
                        Box::new(pick),
                        Box::new(IntExpr::constant(0)),
                    ));
                }
                binding => self.list_bound(name, binding, base.span)?,
            },
            _ => self.list(base)?,
        };
        match list {
            ListExpr::Slots(header) => {
                let index = self.int(index)?;
                Some(IntExpr::At(header, Box::new(index)))
            }
            list => {
                let index = self.int(index)?;
                Some(IntExpr::Item(Box::new(list), Box::new(index)))
            }
        }
    }

    /// `len(arg)`, for a board or a list.
    pub(super) fn len(&mut self, arg: &Expr) -> Option<IntExpr> {
        if let ExprKind::Var(name) = &arg.node
            && let Some(Binding::Board { k, .. }) = self.local(name)
        {
            return Some(IntExpr::constant(*k as i64));
        }
        let list = self.list(arg)?;
        Some(length(&list).unwrap_or_else(|| IntExpr::Reduce(Fold::Len, Box::new(list))))
    }

    /// `sum(list)`, `min(list)` or `max(list)`: read in place from a list
    /// the frame holds, spelled out for a list literal.
    pub(super) fn fold(&mut self, fold: Fold, arg: &Expr) -> Option<IntExpr> {
        match (self.list(arg)?, fold) {
            (ListExpr::Slots(header), _) => Some(IntExpr::Fold(fold, header)),
            (ListExpr::Items(items), Fold::Sum) => {
                Some(items.into_iter().fold(IntExpr::constant(0), |sum, x| {
                    IntExpr::binary(IntOp::Add, sum, x)
                }))
            }
            (ListExpr::Items(items), Fold::Min) if !items.is_empty() => {
                Some(super::super::passes::min_of(items))
            }
            (ListExpr::Items(items), Fold::Max) if !items.is_empty() => {
                Some(super::super::passes::max_of(items))
            }
            (list, fold) => Some(IntExpr::Reduce(fold, Box::new(list))),
        }
    }

    /// Whether `def` `id` calls itself in its body.
    pub(super) fn recursive(&self, id: DefId) -> bool {
        let def = &self.program.defs[id.0 as usize];
        calls(&def.definition.body, &def.name)
    }

    /// A call of the recursive `def` `id`, compiled as a function for the
    /// kinds of its arguments (once per kinds).
    fn call(&mut self, id: DefId, args: &[Expr], span: Span) -> Option<ListExpr> {
        let definition = self.program.defs[id.0 as usize].definition.clone();
        if definition.params.len() != args.len() || args.len() > MAX_ARGS {
            return self.fail(span, "a call of a recursive `def` with many arguments");
        }
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
        let kinds: Vec<ParamKind> = translated
            .iter()
            .map(|arg| match arg {
                Arg::Int(_) => ParamKind::Int,
                Arg::List(_) => ParamKind::List,
            })
            .collect();
        let known = self.compiled.iter().position(|c| *c == (id, kinds.clone()));
        let index = match known {
            Some(index) => index,
            None => self.compile(id, kinds)?,
        };
        Some(ListExpr::Call(index, translated))
    }

    /// Compiles `def` `id` for arguments of `kinds`, in a frame of its own.
    fn compile(&mut self, id: DefId, kinds: Vec<ParamKind>) -> Option<usize> {
        let definition = self.program.defs[id.0 as usize].definition.clone();
        let index = self.functions.len();
        self.functions.push(Function {
            name: definition.name.node.clone(),
            params: kinds.clone(),
            slots: 0,
            slot_names: Vec::new(),
            body: ListExpr::Items(Vec::new()),
            walk: None,
        });
        self.compiled.push((id, kinds.clone()));
        let (body, names) = self.in_own_frame(|t| {
            for (param, kind) in definition.params.iter().zip(&kinds) {
                match kind {
                    ParamKind::Int => t.bind_slot(&param.node).map(drop)?,
                    ParamKind::List => t.bind_list(&param.node)?,
                }
            }
            t.list(&definition.body)
        });
        let function = &mut self.functions[index];
        function.body = body?;
        function.slots = names.len();
        function.slot_names = names;
        Some(index)
    }

    /// What a loop walks: a range, constants, or a list built on the way.
    pub(super) fn iter(&mut self, e: &Expr) -> Option<Iter> {
        match &e.node {
            ExprKind::Range {
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
            ExprKind::If {
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
                let end = |e: &Expr, high: IntExpr| match e.node {
                    ExprKind::Range {
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
            ExprKind::List(items) | ExprKind::Set(items)
                if items.iter().all(|item| item.clauses.is_empty()) =>
            {
                let mut ints = Vec::with_capacity(items.len());
                for item in items {
                    ints.push(self.int(&item.value)?);
                }
                Some(Iter::List(ints))
            }
            ExprKind::Var(name) => match self.name(name, e.span)? {
                Binding::Iter(iter) => Some(iter),
                Binding::List(list) => Some(Iter::Built(list)),
                _ => self.fail(e.span, format!("`{name}` is not a list of integers here")),
            },
            ExprKind::Call(callee, args) => {
                let ExprKind::Var(name) = &callee.node else {
                    return self.fail(e.span, "a call of a computed function");
                };
                // The same values in another order, or as a list: the same
                // options.
                let reorders = ["sort", "reversed", "list"];
                if let [arg] = args.as_slice()
                    && reorders.iter().any(|builtin| self.builtin(name, builtin))
                {
                    return self.iter(arg);
                }
                if let Some(Global::Def(id)) = self.global(name)
                    && !self.recursive(id)
                    && let Some(inlined) = self.inline(name, args, e.span, |t, body| t.iter(body))
                {
                    return inlined;
                }
                self.built(e)
            }
            _ => self.built(e),
        }
    }

    /// A loop over the list `e` builds, before it starts.
    fn built(&mut self, e: &Expr) -> Option<Iter> {
        Some(match self.list(e)? {
            ListExpr::Items(items) => Iter::List(items),
            list => Iter::Built(list),
        })
    }
}

/// Whether `e` calls a function named `name`.
fn calls(e: &Expr, name: &str) -> bool {
    let direct = matches!(&e.node, ExprKind::Call(callee, _)
        if matches!(&callee.node, ExprKind::Var(n) if n == name));
    direct || e.children().into_iter().any(|c| calls(c, name))
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
            let scalars = entries.iter().all(|(_, v)| matches!(v, Value::Int(_)));
            let lists: Vec<Vec<i64>> = entries
                .iter()
                .map(|(_, v)| match v {
                    Value::Int(n) if scalars => Some(vec![*n]),
                    v => ints(v),
                })
                .collect::<Option<_>>()?;
            if entries.is_empty() {
                return None;
            }
            let keys = entries.iter().enumerate().map(|(at, (k, _))| (*k, at));
            (Some(keys.collect()), lists, scalars)
        }
        _ => return None,
    };
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
fn is_range(e: &Expr) -> bool {
    match &e.node {
        ExprKind::Range { .. } => true,
        ExprKind::If {
            then, otherwise, ..
        } => is_range(then) && is_range(otherwise),
        _ => false,
    }
}

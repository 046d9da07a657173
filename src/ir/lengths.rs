//! Lists that keep their length. In the game
//! `N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >`
//! every option of a list of three integers is a list of three integers:
//! the family's lists of one length are a board (`board`) of their own. A
//! position that is a list of `len` integers goes to the family's
//! instance for that length (`interp::instances`), whose program is the
//! list program read with `len(p)` as `len`: its loops over constants
//! unrolled, `p[i]` the slot of the i-th integer, and each option's list
//! spelled out item by item. That is the program a literal of `len` items
//! gives (`N([p[0] - k, p[1], p[2]])`), and it runs over the same dense
//! tables.
//!
//! The instance is not made, and the list program computes the lists of
//! that length, where an option's list is not `len` items spelled out
//! (its length decided by a loop, or built by a recursive `def`), or `p`
//! is read other than at a place known once the loops are unrolled.

use std::cell::Cell;

use super::build::{Fallback, Translated};
use super::updates::point_updates;
use crate::engine::kernel::{
    Arg, Clause, Comprehension, Cond, Element, Fold, IntExpr, IntOp, Iter, ListClause, ListExpr,
    MAX_PARAMS, MAX_SLOTS, OptionValue, Over, Reorder, SLOT_BOUND, UNROLL, place,
};
use crate::span::Span;

/// Most items a comprehension is spelled out into.
const MOST_ITEMS: usize = UNROLL * UNROLL;
/// Most steps of reading a program's elements for the board.
const MOST_STEPS: usize = 1 << 14;

/// The list program `translated` (its list's header in slots 0 and 1)
/// read for lists of `len` integers: the program of a board of `len`
/// integers, or why it is not one (`span`, the family's body).
pub(super) fn fixed_length(
    mut translated: Translated,
    len: usize,
    span: Span,
) -> Result<Translated, Fallback> {
    let fail = |reason: String| Fallback { span, reason };
    let slots = (len + translated.slot_names.len()).saturating_sub(2);
    if !translated.list || !(2..=MAX_PARAMS).contains(&len) || slots > MAX_SLOTS {
        return Err(fail(format!(
            "a list of {len} integers is not a board of at most {MAX_PARAMS} integers and \
             {MAX_SLOTS} slots"
        )));
    }
    point_updates(&mut translated.elements, &mut translated.functions);
    point_updates(&mut translated.aliases, &mut []);
    let fixing = Fixing {
        len,
        offset: len - 2,
        steps: Cell::new(MOST_STEPS),
        reordered: Cell::new(false),
    };
    let converted = |elements: &[Element]| {
        let mut out = Vec::new();
        for element in elements {
            let mut env = vec![None; MAX_SLOTS];
            fixing.unroll(
                &element.clauses,
                &element.value,
                &mut env,
                &mut Vec::new(),
                &mut out,
            )?;
        }
        Some(out)
    };
    let why = || {
        fail(format!(
            "an option of a list of {len} integers is not {len} integers"
        ))
    };
    let elements = converted(&translated.elements).ok_or_else(why)?;
    let aliases = converted(&translated.aliases).ok_or_else(why)?;
    let name = &translated.slot_names[0];
    let mut slot_names: Vec<String> = (0..len).map(|i| format!("{name}[{i}]")).collect();
    slot_names.extend_from_slice(&translated.slot_names[2..]);
    let mut applied = translated.applied;
    applied.push("a list that keeps its length read as a board");
    Ok(Translated {
        params: len,
        elements,
        aliases,
        slot_names,
        board: true,
        list: false,
        applied,
        in_order: translated.in_order && !fixing.reordered.get(),
        ..translated
    })
}

/// The reading of a list program for lists of `len` integers. Its slots
/// 0 and 1 (the list's header) become the board's `len` slots, and each
/// later slot `s` becomes `s + offset`.
struct Fixing {
    len: usize,
    offset: usize,
    /// Steps of `Fixing::unroll` left: a program of many short loops that
    /// does not read for the board gives up, rather than trying every way
    /// to unroll them.
    steps: Cell<usize>,
    /// Whether a loop was unrolled inside another loop, which puts the
    /// options in another order than the definition's.
    reordered: Cell<bool>,
}

/// What each slot of the list program is read as where it is known: a
/// loop variable unrolled (a constant), or a comprehension's variable
/// walking the board (one of its slots). Indexed by the list program's
/// slots.
type Env = Vec<Option<IntExpr>>;

impl Fixing {
    /// Pushes onto `out` the elements of the clauses `clauses` (those
    /// before them read already, `done`) and `value`. A loop over a few
    /// constants stays a loop where the rest reads for the board with its
    /// variable unknown; else it is unrolled (as a loop over the places
    /// of the list must be), wherever it is: its values do not depend on a
    /// later loop, so taking it out of its place gives the same options
    /// and evaluates the same expressions.
    fn unroll(
        &self,
        clauses: &[Clause],
        value: &OptionValue,
        env: &mut Env,
        done: &mut Vec<Clause>,
        out: &mut Vec<Element>,
    ) -> Option<()> {
        let steps = self.steps.get().checked_sub(1)?;
        self.steps.set(steps);
        let Some((first, rest)) = clauses.split_first() else {
            out.push(Element {
                clauses: done.clone(),
                value: self.option(value, env)?,
            });
            return Some(());
        };
        let (slot, iter) = match first {
            // A filter decided false ends the element: what follows is
            // never read, and what comes before is still evaluated.
            Clause::If(cond) => match self.cond(cond, env)? {
                Cond::Const(false) => {
                    let mut clauses = done.clone();
                    clauses.push(Clause::If(Cond::Const(false)));
                    let value = OptionValue::Terms {
                        calls: Vec::new(),
                        nims: Vec::new(),
                    };
                    out.push(Element { clauses, value });
                    return Some(());
                }
                cond => return self.after(Clause::If(cond), rest, value, env, done, out),
            },
            Clause::For { slot, iter } => (*slot, iter),
        };
        let values = self.constants(iter, env);
        let kept = self.iter(iter, env);
        let saved = env[slot].take();
        let mut tried = Vec::new();
        let reordered = self.reordered.get();
        let loop_kept = kept.and_then(|iter| {
            let clause = Clause::For {
                slot: slot + self.offset,
                iter,
            };
            self.after(clause, rest, value, env, done, &mut tried)
        });
        let result = match (loop_kept, values) {
            (Some(()), _) => {
                out.append(&mut tried);
                Some(())
            }
            (None, Some(values)) => {
                // What the attempt with the loop kept found is forgotten.
                let inside = done.iter().any(|c| c.binds().is_some());
                self.reordered.set(reordered || inside);
                values.into_iter().try_for_each(|v| {
                    env[slot] = Some(IntExpr::constant(v));
                    self.unroll(rest, value, env, done, out)
                })
            }
            (None, None) => None,
        };
        env[slot] = saved;
        result
    }

    /// `unroll` of `rest` after the clause `clause`, read already.
    fn after(
        &self,
        clause: Clause,
        rest: &[Clause],
        value: &OptionValue,
        env: &mut Env,
        done: &mut Vec<Clause>,
        out: &mut Vec<Element>,
    ) -> Option<()> {
        done.push(clause);
        let result = self.unroll(rest, value, env, done, out);
        done.pop();
        result
    }

    /// The values of a loop over at most `UNROLL` constants.
    fn constants(&self, iter: &Iter, env: &Env) -> Option<Vec<i64>> {
        let values: Vec<i64> = match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => self
                .short_range((low, high, *inclusive), UNROLL, env)?
                .collect(),
            Iter::List(items) if items.len() <= UNROLL => items
                .iter()
                .map(|item| self.int(item, env)?.as_constant())
                .collect::<Option<_>>()?,
            _ => return None,
        };
        values
            .iter()
            .all(|v| v.unsigned_abs() < SLOT_BOUND as u64)
            .then_some(values)
    }

    /// The values of the range `low..high` (`..=` when `inclusive`),
    /// where its ends are constants once read for the board and it holds
    /// at most `most`.
    fn short_range(
        &self,
        (low, high, inclusive): (&IntExpr, &IntExpr, bool),
        most: usize,
        env: &Env,
    ) -> Option<std::ops::Range<i64>> {
        let low = self.int(low, env)?.as_constant()?;
        let high = self.int(high, env)?.as_constant()? + i64::from(inclusive);
        (high.saturating_sub(low) <= most as i64).then_some(low..high)
    }

    /// What a loop walks, read for the board: a list built on the way
    /// is a list of items where it is spelled out.
    fn iter(&self, iter: &Iter, env: &Env) -> Option<Iter> {
        match iter {
            Iter::Built(list) => Some(match self.list(list, env)? {
                ListExpr::Items(items) => Iter::List(items),
                list => Iter::Built(list),
            }),
            iter => iter.try_map(&|e| self.int(e, env)),
        }
    }

    /// An option: each list of the family's a position of the board.
    fn option(&self, value: &OptionValue, env: &Env) -> Option<OptionValue> {
        let nims = |nims: &[IntExpr]| {
            (nims.iter())
                .map(|n| self.int(n, env))
                .collect::<Option<Vec<_>>>()
        };
        Some(match value {
            OptionValue::Boards { boards, nims: n } => OptionValue::Terms {
                calls: (boards.iter())
                    .map(|board| match self.list(board, env)? {
                        ListExpr::Items(items) if items.len() == self.len => Some(items),
                        _ => None,
                    })
                    .collect::<Option<_>>()?,
                nims: nims(n)?,
            },
            OptionValue::Terms { calls, nims: n } if calls.is_empty() => OptionValue::Terms {
                calls: Vec::new(),
                nims: nims(n)?,
            },
            _ => return None,
        })
    }

    /// The board's slots, in order.
    fn board(&self) -> Vec<IntExpr> {
        (0..self.len).map(IntExpr::slot).collect()
    }

    /// An integer expression read for the board.
    fn int(&self, e: &IntExpr, env: &Env) -> Option<IntExpr> {
        let int = |e: &IntExpr| self.int(e, env);
        let each = |xs: &[IntExpr]| xs.iter().map(int).collect::<Option<Vec<_>>>();
        Some(match e {
            IntExpr::Affine(affine) => {
                let mut sum = IntExpr::constant(affine.constant);
                for &(slot, k) in &affine.terms {
                    let x = match (slot, &env[slot]) {
                        (0, _) => return None,
                        (1, _) => IntExpr::constant(self.len as i64),
                        (_, Some(x)) => x.clone(),
                        (_, None) => IntExpr::slot(slot + self.offset),
                    };
                    let term = IntExpr::binary(IntOp::Mul, x, IntExpr::constant(k));
                    sum = IntExpr::binary(IntOp::Add, sum, term);
                }
                sum
            }
            IntExpr::Large(v) => IntExpr::Large(*v),
            IntExpr::Binary(op, a, b) => IntExpr::binary(*op, int(a)?, int(b)?),
            IntExpr::Abs(a) => IntExpr::Abs(Box::new(int(a)?)),
            IntExpr::Min(xs) => IntExpr::Min(each(xs)?),
            IntExpr::Max(xs) => IntExpr::Max(each(xs)?),
            // Only the branch taken is evaluated, nor read for the board.
            IntExpr::Select(cond, a, b) => match self.cond(cond, env)? {
                Cond::Const(true) => int(a)?,
                Cond::Const(false) => int(b)?,
                cond => IntExpr::select(cond, int(a)?, int(b)?),
            },
            IntExpr::At(0, index) => IntExpr::slot(place(int(index)?.as_constant()?, self.len)?),
            IntExpr::At(header, index) => IntExpr::At(header + self.offset, Box::new(int(index)?)),
            IntExpr::Fold(fold, 0) => self.fold(*fold, self.board())?,
            IntExpr::Fold(fold, header) => IntExpr::Fold(*fold, header + self.offset),
            IntExpr::Reduce(fold, list) => match self.list(list, env)? {
                ListExpr::Items(items) if items.iter().all(cannot_fail) => {
                    self.fold(*fold, items)?
                }
                list => IntExpr::Reduce(*fold, Box::new(list)),
            },
            IntExpr::Item(list, index) => {
                let (list, index) = (self.list(list, env)?, int(index)?);
                match (&list, index.as_constant()) {
                    (ListExpr::Items(items), Some(i))
                        if items.iter().all(cannot_fail)
                            && let Some(at) = place(i, items.len()) =>
                    {
                        items[at].clone()
                    }
                    _ => IntExpr::item(list, index),
                }
            }
            IntExpr::Call(f, args) => IntExpr::Call(*f, each(args)?),
            IntExpr::Grundy(f, args) => IntExpr::Grundy(*f, each(args)?),
            IntExpr::GrundyOfList(f, list) => {
                IntExpr::GrundyOfList(*f, Box::new(self.list(list, env)?))
            }
            IntExpr::Until(_) => return None,
        })
    }

    /// `fold` of `items`, each of which cannot fail; `None` for the `min`
    /// or `max` of none, which fails, and for a `mex`, left to the VM.
    fn fold(&self, fold: Fold, items: Vec<IntExpr>) -> Option<IntExpr> {
        let count = IntExpr::constant(items.len() as i64);
        Some(match fold {
            Fold::Mex => return None,
            Fold::Sum => (items.into_iter()).fold(IntExpr::constant(0), |sum, x| {
                IntExpr::binary(IntOp::Add, sum, x)
            }),
            Fold::Min if !items.is_empty() => IntExpr::Min(items),
            Fold::Max if !items.is_empty() => IntExpr::Max(items),
            Fold::Min | Fold::Max => return None,
            Fold::Len => count,
            Fold::Any => IntExpr::constant(i64::from(!items.is_empty())),
        })
    }

    /// A condition read for the board; a part that an `and` or an `or`
    /// does not reach (`i + 1 < len(p) and p[i + 1] > 0` at the last
    /// place) is not read.
    fn cond(&self, cond: &Cond, env: &Env) -> Option<Cond> {
        Some(match cond {
            Cond::Const(b) => Cond::Const(*b),
            Cond::Cmp(op, a, b) => Cond::compare(*op, self.int(a, env)?, self.int(b, env)?),
            Cond::Not(c) => match self.cond(c, env)? {
                Cond::Const(b) => Cond::Const(!b),
                c => Cond::Not(Box::new(c)),
            },
            Cond::And(a, b) | Cond::Or(a, b) => {
                let all = matches!(cond, Cond::And(..));
                match self.cond(a, env)? {
                    Cond::Const(x) if x != all => Cond::Const(x),
                    a => Cond::joined(all, a, self.cond(b, env)?),
                }
            }
            Cond::Remembered(remembered) => self.cond(&remembered.cond, env)?,
        })
    }

    /// A list read for the board: spelled out item by item where its
    /// length is known (the board, its slices, places replaced and
    /// joins), or built as before.
    fn list(&self, list: &ListExpr, env: &Env) -> Option<ListExpr> {
        let int = |e: &IntExpr| self.int(e, env);
        let inner = |l: &ListExpr| self.list(l, env);
        Some(match list {
            ListExpr::Slots(0) => ListExpr::Items(self.board()),
            ListExpr::Slots(header) => ListExpr::Slots(header + self.offset),
            ListExpr::Items(items) => {
                ListExpr::Items(items.iter().map(int).collect::<Option<_>>()?)
            }
            ListExpr::Slice(l, low, high) => {
                let (l, low, high) = (inner(l)?, int(low)?, int(high)?);
                match (l, low.as_constant(), high.as_constant()) {
                    (ListExpr::Items(items), Some(low), Some(high)) => {
                        // As the language clips a slice.
                        let n = items.len() as i64;
                        let clip = |x: i64| if x < 0 { (x + n).max(0) } else { x.min(n) };
                        let (a, b) = (clip(low) as usize, clip(high) as usize);
                        let b = b.max(a);
                        // What is cut off is built, and must not fail.
                        let cut = items[..a].iter().chain(&items[b..]);
                        if !cut.clone().all(cannot_fail) {
                            return None;
                        }
                        ListExpr::Items(items[a..b].to_vec())
                    }
                    (l, _, _) => ListExpr::Slice(Box::new(l), low, high),
                }
            }
            ListExpr::Reorder(order, l) => match (order, inner(l)?) {
                (Reorder::Reverse, ListExpr::Items(mut items)) => {
                    items.reverse();
                    ListExpr::Items(items)
                }
                (Reorder::Sort, ListExpr::Items(items)) if items.len() == 2 => {
                    ListExpr::Items(vec![IntExpr::Min(items.clone()), IntExpr::Max(items)])
                }
                (_, l) => ListExpr::Reorder(*order, Box::new(l)),
            },
            // The item is computed only where the place is one of the
            // list's.
            ListExpr::Replace(l, at, item) => match (inner(l)?, int(at)?) {
                (ListExpr::Items(mut items), at) => {
                    // A negative place is none of the list's.
                    let at = usize::try_from(at.as_constant()?).ok();
                    if let Some(at) = at.filter(|&at| at < items.len()) {
                        items[at] = int(item)?;
                    }
                    ListExpr::Items(items)
                }
                (l, at) => ListExpr::Replace(Box::new(l), at, int(item)?),
            },
            ListExpr::Concat(a, b) => match (inner(a)?, inner(b)?) {
                (ListExpr::Items(mut a), ListExpr::Items(b)) => {
                    a.extend(b);
                    ListExpr::Items(a)
                }
                (a, b) => ListExpr::Concat(Box::new(a), Box::new(b)),
            },
            ListExpr::Select(cond, a, b) => match self.cond(cond, env)? {
                Cond::Const(true) => inner(a)?,
                Cond::Const(false) => inner(b)?,
                cond => match (inner(a)?, inner(b)?) {
                    (ListExpr::Items(a), ListExpr::Items(b)) if a.len() == b.len() => {
                        let pairs = a.into_iter().zip(b);
                        ListExpr::Items(
                            pairs
                                .map(|(x, y)| IntExpr::select(cond.clone(), x, y))
                                .collect(),
                        )
                    }
                    (a, b) => ListExpr::Select(Box::new(cond), Box::new(a), Box::new(b)),
                },
            },
            ListExpr::Pick(table, key) => ListExpr::Pick(table.clone(), int(key)?),
            ListExpr::Call(f, args) => ListExpr::Call(*f, self.args(args, env)?),
            ListExpr::Comprehension(c) => match self.spelled_out(c, env) {
                Some(items) => ListExpr::Items(items),
                None => ListExpr::Comprehension(Box::new(self.comprehension(c, env)?)),
            },
            // The walk reads its own slots, from `offset` on, alone.
            ListExpr::Loop {
                function,
                offset,
                args,
                walk,
            } => ListExpr::Loop {
                function: *function,
                offset: offset + self.offset,
                args: self.args(args, env)?,
                walk: Box::new(walk.shifted(self.offset)),
            },
        })
    }

    fn args(&self, args: &[Arg], env: &Env) -> Option<Vec<Arg>> {
        (args.iter())
            .map(|arg| match arg {
                Arg::Int(e) => self.int(e, env).map(Arg::Int),
                Arg::List(l) => self.list(l, env).map(Arg::List),
            })
            .collect()
    }

    /// The items of a comprehension with loops only, each over a few
    /// constants or over a list spelled out (`[x - k for x in p]`).
    fn spelled_out(&self, c: &Comprehension, env: &Env) -> Option<Vec<IntExpr>> {
        let mut env = env.clone();
        let mut items = Vec::new();
        self.items(&c.clauses, &c.item, &mut env, &mut items)?;
        Some(items)
    }

    fn items(
        &self,
        clauses: &[ListClause],
        item: &IntExpr,
        env: &mut Env,
        out: &mut Vec<IntExpr>,
    ) -> Option<()> {
        let Some((first, rest)) = clauses.split_first() else {
            out.push(self.int(item, env)?);
            return (out.len() <= MOST_ITEMS).then_some(());
        };
        let ListClause::For { slot, over } = first else {
            return None;
        };
        let values: Vec<IntExpr> = match over {
            Over::Range {
                low,
                high,
                inclusive,
            } => (self.short_range((low, high, *inclusive), MOST_ITEMS, env)?)
                .map(IntExpr::constant)
                .collect(),
            Over::List(list) => match self.list(list, env)? {
                ListExpr::Items(items) if items.iter().all(cannot_fail) => items,
                _ => return None,
            },
        };
        let saved = env[*slot].take();
        let result = values.into_iter().try_for_each(|value| {
            env[*slot] = Some(value);
            self.items(rest, item, env, out)
        });
        env[*slot] = saved;
        result
    }

    /// A comprehension read for the board, its loops and filters kept.
    fn comprehension(&self, c: &Comprehension, env: &Env) -> Option<Comprehension> {
        // Its own variables are its own, whatever the loops around hold.
        let mut env = env.clone();
        let mut clauses = Vec::new();
        for clause in &c.clauses {
            clauses.push(match clause {
                ListClause::If(cond) => ListClause::If(self.cond(cond, &env)?),
                ListClause::For { slot, over } => {
                    let over = over.map(|e| self.int(e, &env), |l| self.list(l, &env))?;
                    env[*slot] = None;
                    ListClause::For {
                        slot: slot + self.offset,
                        over,
                    }
                }
            });
        }
        Some(Comprehension::new(clauses, self.int(&c.item, &env)?))
    }
}

/// Whether evaluating `e` cannot fail: a slot or a constant.
fn cannot_fail(e: &IntExpr) -> bool {
    matches!(e, IntExpr::Affine(_) | IntExpr::Large(_))
}

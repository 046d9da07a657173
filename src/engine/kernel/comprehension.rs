//! List comprehensions in a list program, `[min(x, c) for x in rows[r..] if
//! c > 0]`: loops over ranges and over lists, filters, and an integer item,
//! run in the frame's own slots (`vm::lists` compiles them).

use super::cond::Cond;
use super::int::IntExpr;
use super::list::{Each, ListExpr};

/// `[item for … if …]`: its clauses in order, and the item.
#[derive(Clone, Debug, PartialEq)]
pub struct Comprehension {
    pub clauses: Vec<ListClause>,
    pub item: IntExpr,
    /// How the item maps each item of a list, when the last clause is a
    /// `for` over a list (a loop over that list).
    pub each: Option<Each>,
}

/// A clause of a comprehension.
#[derive(Clone, Debug, PartialEq)]
pub enum ListClause {
    /// `for x in …`, `x` in slot `slot`.
    For {
        slot: usize,
        over: Over,
    },
    If(Cond),
}

impl ListClause {
    /// A loop over a range as its slot, its ends and whether the high end
    /// is included; `None` for a filter or a loop over a list.
    pub fn range(&self) -> Option<(usize, &IntExpr, &IntExpr, bool)> {
        match self {
            ListClause::For {
                slot,
                over:
                    Over::Range {
                        low,
                        high,
                        inclusive,
                    },
            } => Some((*slot, low, high, *inclusive)),
            _ => None,
        }
    }
}

/// What a comprehension's `for` walks.
#[derive(Clone, Debug, PartialEq)]
pub enum Over {
    Range {
        low: IntExpr,
        high: IntExpr,
        inclusive: bool,
    },
    /// A list: one the frame holds, or one built on the way.
    List(ListExpr),
}

impl Over {
    /// The same walk with `int` applied to a range's bounds, or `list` to
    /// the list walked.
    pub fn map(
        &self,
        int: impl Fn(&IntExpr) -> Option<IntExpr>,
        list: impl Fn(&ListExpr) -> Option<ListExpr>,
    ) -> Option<Over> {
        Some(match self {
            Over::Range {
                low,
                high,
                inclusive,
            } => Over::Range {
                low: int(low)?,
                high: int(high)?,
                inclusive: *inclusive,
            },
            Over::List(l) => Over::List(list(l)?),
        })
    }
}

impl Comprehension {
    /// The comprehension of `clauses` and `item`.
    pub fn new(clauses: Vec<ListClause>, item: IntExpr) -> Comprehension {
        let mut c = Comprehension {
            clauses,
            item,
            each: None,
        };
        c.each = c.each_item();
        c
    }

    /// Takes clause `at` out (a filter tested before the comprehension).
    pub fn remove_clause(&mut self, at: usize) -> ListClause {
        let clause = self.clauses.remove(at);
        self.each = self.each_item();
        clause
    }

    /// How the item maps each item of the list the last clause walks.
    fn each_item(&self) -> Option<Each> {
        match self.clauses.last() {
            Some(ListClause::For {
                slot,
                over: Over::List(_),
            }) => Some(Each::of(&self.item, *slot, &[*slot])),
            _ => None,
        }
    }

    /// The comprehension with `slot` replaced by `value` (see `IntExpr`).
    pub(super) fn substitute(&self, slot: usize, value: i64) -> Option<Comprehension> {
        let int = |e: &IntExpr| e.substitute(slot, value);
        let clauses = self.clauses.iter().map(|clause| {
            Some(match clause {
                ListClause::For { slot: s, .. } if *s == slot => return None,
                ListClause::For { slot: s, over } => ListClause::For {
                    slot: *s,
                    over: over.map(int, |l| l.substitute(slot, value))?,
                },
                ListClause::If(cond) => ListClause::If(cond.substitute(slot, value)?),
            })
        });
        Some(Comprehension::new(
            clauses.collect::<Option<_>>()?,
            int(&self.item)?,
        ))
    }

    /// The comprehension with each integer part rewritten (see
    /// `ListExpr::rewritten`).
    pub(super) fn rewritten(&self, f: &impl Fn(&IntExpr) -> Option<IntExpr>) -> Comprehension {
        let clauses = self.clauses.iter().map(|clause| match clause {
            ListClause::For { slot, over } => ListClause::For {
                slot: *slot,
                over: over
                    .map(|e| Some(e.rewritten(f)), |l| Some(l.rewritten(f)))
                    .expect("rewriting maps everything"),
            },
            ListClause::If(cond) => ListClause::If(cond.map(&|e| e.rewritten(f))),
        });
        Comprehension::new(clauses.collect(), self.item.rewritten(f))
    }

    /// The comprehension with each slot `s` read as slot `s + offset`.
    pub(super) fn shifted(&self, offset: usize) -> Comprehension {
        let clauses = self.clauses.iter().map(|clause| match clause {
            ListClause::For { slot, over } => ListClause::For {
                slot: slot + offset,
                over: over
                    .map(|e| Some(e.shifted(offset)), |l| Some(l.shifted(offset)))
                    .expect("shifting never fails"),
            },
            ListClause::If(cond) => ListClause::If(cond.shifted(offset)),
        });
        Comprehension {
            clauses: clauses.collect(),
            item: self.item.shifted(offset),
            each: self.each,
        }
    }

    /// Whether the comprehension reads `slot` before writing it.
    pub(super) fn uses(&self, slot: usize) -> bool {
        for clause in &self.clauses {
            match clause {
                ListClause::For { slot: s, over } => {
                    let reads = match over {
                        Over::Range { low, high, .. } => low.uses(slot) || high.uses(slot),
                        Over::List(l) => l.uses(slot),
                    };
                    if reads {
                        return true;
                    }
                    if *s == slot {
                        return false;
                    }
                }
                ListClause::If(cond) if cond.uses(slot) => return true,
                ListClause::If(_) => {}
            }
        }
        self.item.uses(slot)
    }
}

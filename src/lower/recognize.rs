//! Recognises families of one or two integer parameters whose options are
//! integer programs: `F(n) = < … >` where every element is a sum of `F(index)` terms and nim
//! heaps, every index, range bound and heap an integer expression over `n`
//! and the loop variables, every `for` over a range or a list of integers
//! and every `if` a comparison of integers. Such a family gets a kernel
//! (`engine::kernel`) and is computed bottom-up without building games.
//!
//! The match is purely syntactic and errs on the side of the generic path:
//! anything else (another family, a `def`, a `let`, a list value, a game
//! expression that is not a sum of such terms) leaves the family alone. An
//! element whose innermost `for` walks `x` over a range, with conditions
//! linear in `x`, and whose value is `F(±x + a) + F(b ∓ x)` becomes a split,
//! the shape of octal games and Grundy's game.

use crate::engine::kernel::{
    Clause as KClause, CmpOp, Cond, Element as KElement, IntExpr, IntOp, Iter, Kernel, Linear,
    MAX_PARAMS, MAX_SLOTS, OptionValue, Split,
};
use crate::syntax::ast::{BinOp, Clause, Definition, Element, Expr, ExprKind};
use crate::value::FamilyId;

use super::program::{Global, Program};

/// The kernel of family `id`, defined by `definition`, if it has one.
pub(super) fn recognize(
    definition: &Definition,
    id: FamilyId,
    program: &Program,
) -> Option<Kernel> {
    let params = definition.params.len();
    if !(1..=MAX_PARAMS).contains(&params) {
        return None;
    }
    let ExprKind::Options(elements) = &definition.body.node else {
        return None;
    };
    let mut recognizer = Recognizer {
        program,
        family: id,
        locals: definition.params.iter().map(|p| p.node.clone()).collect(),
        slots: params,
    };
    let elements = elements
        .iter()
        .map(|e| recognizer.element(e))
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .flat_map(KElement::unrolled)
        .collect();
    Some(Kernel::new(params, elements, recognizer.slots))
}

struct Recognizer<'a> {
    program: &'a Program,
    family: FamilyId,
    /// Names in scope; a name's slot is its last index (inner names shadow).
    locals: Vec<String>,
    slots: usize,
}

impl Recognizer<'_> {
    fn element(&mut self, element: &Element) -> Option<KElement> {
        let depth = self.locals.len();
        let result = self.element_in_scope(element);
        self.locals.truncate(depth);
        result
    }

    fn element_in_scope(&mut self, element: &Element) -> Option<KElement> {
        let mut clauses = Vec::new();
        for clause in &element.clauses {
            clauses.push(match clause {
                Clause::For { var, iter } => {
                    let iter = self.iter(iter)?;
                    self.locals.push(var.node.clone());
                    if self.locals.len() > MAX_SLOTS {
                        return None;
                    }
                    self.slots = self.slots.max(self.locals.len());
                    KClause::For {
                        slot: self.locals.len() - 1,
                        iter,
                    }
                }
                Clause::If(cond) => KClause::If(self.cond(cond)?),
            });
        }
        let (mut calls, mut nims) = (Vec::new(), Vec::new());
        self.terms(&element.value, &mut calls, &mut nims)?;
        let split = match calls.as_slice() {
            [a, b] => match (a.as_slice(), b.as_slice()) {
                ([a], [b]) => split(&mut clauses, a, b, &nims),
                _ => None,
            },
            _ => None,
        };
        let value = match split {
            Some(split) => OptionValue::Split(split),
            None => OptionValue::Terms { calls, nims },
        };
        Some(KElement { clauses, value })
    }

    /// Flattens a sum of `F(index…)` terms and nim heaps.
    fn terms(
        &self,
        e: &Expr,
        calls: &mut Vec<Vec<IntExpr>>,
        nims: &mut Vec<IntExpr>,
    ) -> Option<()> {
        match &e.node {
            ExprKind::Binary(BinOp::Add, a, b) => {
                self.terms(a, calls, nims)?;
                self.terms(b, calls, nims)
            }
            ExprKind::Nim(None) => {
                nims.push(IntExpr::constant(1));
                Some(())
            }
            ExprKind::Nim(Some(heap)) => {
                nims.push(self.int(heap)?);
                Some(())
            }
            ExprKind::Call(callee, args) => match &callee.node {
                ExprKind::Var(name) if self.global(name) == Some(Global::Family(self.family)) => {
                    calls.push(args.iter().map(|a| self.int(a)).collect::<Option<_>>()?);
                    Some(())
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// What a name means if it is not a local.
    fn global(&self, name: &str) -> Option<Global> {
        if self.locals.iter().any(|l| l == name) {
            return None;
        }
        self.program.globals.get(name).copied()
    }

    /// Whether `name` is the built-in of that name here.
    fn builtin(&self, name: &str, builtin: &str) -> bool {
        name == builtin && !self.locals.iter().any(|l| l == name) && self.global(name).is_none()
    }

    fn int(&self, e: &Expr) -> Option<IntExpr> {
        Some(match &e.node {
            ExprKind::Int(n) => IntExpr::constant(*n),
            ExprKind::Var(name) => IntExpr::slot(self.locals.iter().rposition(|l| l == name)?),
            ExprKind::Neg(a) => IntExpr::negate(self.int(a)?),
            ExprKind::Binary(op, a, b) => {
                let op = match op {
                    BinOp::Add => IntOp::Add,
                    BinOp::Sub => IntOp::Sub,
                    BinOp::Mul => IntOp::Mul,
                    BinOp::Div => IntOp::Div,
                    BinOp::Mod => IntOp::Mod,
                    BinOp::Xor => IntOp::Xor,
                    _ => return None,
                };
                IntExpr::binary(op, self.int(a)?, self.int(b)?)
            }
            ExprKind::Call(callee, args) => {
                let ExprKind::Var(name) = &callee.node else {
                    return None;
                };
                let ints = || args.iter().map(|a| self.int(a)).collect::<Option<Vec<_>>>();
                match args.len() {
                    1 if self.builtin(name, "abs") => IntExpr::Abs(Box::new(self.int(&args[0])?)),
                    2.. if self.builtin(name, "min") => IntExpr::Min(ints()?),
                    2.. if self.builtin(name, "max") => IntExpr::Max(ints()?),
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    fn cond(&self, e: &Expr) -> Option<Cond> {
        Some(match &e.node {
            ExprKind::Bool(b) => Cond::Const(*b),
            ExprKind::Binary(op, a, b) => Cond::Cmp(compare_op(*op)?, self.int(a)?, self.int(b)?),
            ExprKind::Not(a) => Cond::Not(Box::new(self.cond(a)?)),
            ExprKind::And(a, b) => Cond::And(Box::new(self.cond(a)?), Box::new(self.cond(b)?)),
            ExprKind::Or(a, b) => Cond::Or(Box::new(self.cond(a)?), Box::new(self.cond(b)?)),
            _ => return None,
        })
    }

    fn iter(&self, e: &Expr) -> Option<Iter> {
        match &e.node {
            ExprKind::Range {
                low,
                high,
                inclusive,
            } => Some(Iter::Range {
                low: self.int(low)?,
                high: self.int(high)?,
                inclusive: *inclusive,
            }),
            ExprKind::List(items) | ExprKind::Set(items) => items
                .iter()
                .map(|item| {
                    if item.clauses.is_empty() {
                        self.int(&item.value)
                    } else {
                        None
                    }
                })
                .collect::<Option<Vec<_>>>()
                .map(Iter::List),
            _ => None,
        }
    }
}

fn compare_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        _ => return None,
    })
}

/// Turns the innermost `for` of an element into a split when the element
/// has that shape; the split's clauses are then removed from `clauses`.
fn split(clauses: &mut Vec<KClause>, a: &IntExpr, b: &IntExpr, nims: &[IntExpr]) -> Option<Split> {
    let last_for = clauses
        .iter()
        .rposition(|c| matches!(c, KClause::For { .. }))?;
    let KClause::For {
        slot,
        iter: Iter::Range {
            low,
            high,
            inclusive,
        },
    } = &clauses[last_for]
    else {
        return None;
    };
    let x = *slot;
    let (sign, first) = a.linear_in(x)?;
    let (opposite, second) = b.linear_in(x)?;
    if sign.abs() != 1 || opposite != -sign || nims.iter().any(|n| n.uses(x)) {
        return None;
    }
    let mut conds = Vec::new();
    for clause in &clauses[last_for + 1..] {
        let KClause::If(cond) = clause else {
            return None;
        };
        linear(cond, x, &mut conds)?;
    }
    let split = Split {
        slot: x,
        low: low.clone(),
        high: high.clone(),
        inclusive: *inclusive,
        conds,
        sign,
        first,
        second,
        nims: nims.to_vec(),
    };
    clauses.truncate(last_for);
    Some(split)
}

/// Writes `cond` as a conjunction of conditions linear in slot `x`.
fn linear(cond: &Cond, x: usize, out: &mut Vec<Linear>) -> Option<()> {
    match cond {
        Cond::Const(true) => Some(()),
        Cond::And(a, b) => {
            linear(a, x, out)?;
            linear(b, x, out)
        }
        Cond::Cmp(op, a, b) => {
            let (ka, ra) = a.linear_in(x)?;
            let (kb, rb) = b.linear_in(x)?;
            out.push(Linear {
                op: *op,
                coefficient: ka.checked_sub(kb)?,
                rest: IntExpr::binary(IntOp::Sub, ra, rb),
            });
            Some(())
        }
        _ => None,
    }
}

//! The emits of an element's options: an option `F(arg)` computed by
//! the emit itself, several positions and heaps summed, a split or a
//! board by their own operations, and the options of elements with no
//! clauses joined into one operation.

use super::compile::Compiler;
use super::{Op, Reg};
use crate::engine::kernel::{IntExpr, OptionValue};

impl Compiler {
    /// The code making the options `value` gives, element `element`'s.
    pub(super) fn emit(&mut self, value: &OptionValue, element: u32) {
        let (calls, nims) = match value {
            OptionValue::Terms { calls, nims } => (calls, nims),
            OptionValue::Boards { boards, nims } => return self.boards(boards, nims),
            OptionValue::Split(split) => {
                let parts = [&split.low, &split.high, &split.first, &split.second];
                let rests = split.conds.iter().map(|cond| &cond.rest);
                let exprs: Vec<IntExpr> = (parts.into_iter().chain(rests).chain(&split.nims))
                    .cloned()
                    .collect();
                let values = self.consecutive(&exprs);
                let count = exprs.len() as u32;
                return self.ops.push(Op::Split {
                    element,
                    values,
                    count,
                });
            }
        };
        if let ([call], []) = (&calls[..], &nims[..])
            && let [arg] = &call[..]
        {
            return self.emit_one(arg);
        }
        let nims: Box<[Reg]> = nims.iter().map(|nim| self.int(nim)).collect();
        let calls: Box<[Box<[Reg]>]> = (calls.iter())
            .map(|call| call.iter().map(|arg| self.int(arg)).collect())
            .collect();
        self.ops.push(Op::Emit { calls, nims });
    }

    /// The option `F(arg)`, its argument computed by the emit itself when
    /// it is an affine expression of at most two slots.
    fn emit_one(&mut self, arg: &IntExpr) {
        let (a, ka, b, kb, value) = match two_slots(arg) {
            Some(emit) => emit,
            None => {
                let a = self.int(arg);
                (a, 1, a, 0, 0)
            }
        };
        self.ops.push(Op::EmitOne {
            a,
            ka,
            b,
            kb,
            value,
        });
    }

    /// Joins the option `value` of an element with no clauses to the
    /// emit before it, when both are `F(ka·a + kb·b + c)` for the same
    /// slots and factors: one operation makes them all (`Op::EmitRun`),
    /// as a subtraction game's moves (`F(n - 1)`, `F(n - 3)`, `F(n - 4)`)
    /// once their filters are decided. Whether it did.
    pub(super) fn join(&mut self, value: &OptionValue) -> bool {
        let OptionValue::Terms { calls, nims } = value else {
            return false;
        };
        let ([call], []) = (&calls[..], &nims[..]) else {
            return false;
        };
        let Some((a, ka, b, kb, value)) = call[..]
            .first()
            .filter(|_| call.len() == 1)
            .and_then(two_slots)
        else {
            return false;
        };
        let joined = match self.ops.last_mut() {
            Some(&mut Op::EmitOne {
                a: a0,
                ka: ka0,
                b: b0,
                kb: kb0,
                value: first,
            }) if (a0, ka0, b0, kb0) == (a, ka, b, kb) => Op::EmitRun {
                a,
                ka,
                b,
                kb,
                values: Box::new([first, value]),
                span: (first.min(value), first.max(value)),
            },
            Some(Op::EmitRun {
                a: a0,
                ka: ka0,
                b: b0,
                kb: kb0,
                values,
                span: (low, high),
            }) if (*a0, *ka0, *b0, *kb0) == (a, ka, b, kb) => Op::EmitRun {
                a,
                ka,
                b,
                kb,
                values: values.iter().copied().chain([value]).collect(),
                span: ((*low).min(value), (*high).max(value)),
            },
            _ => return false,
        };
        *self.ops.last_mut().expect("an emit") = joined;
        true
    }
}

/// `arg` as `ka·a + kb·b + c` (`b` = `a` and `kb` = 0 for one slot):
/// an argument an emit computes itself.
fn two_slots(arg: &IntExpr) -> Option<(Reg, i64, Reg, i64, i64)> {
    match arg {
        IntExpr::Affine(affine) if let [(a, ka)] = affine.terms[..] => {
            Some((a as Reg, ka, a as Reg, 0, affine.constant))
        }
        IntExpr::Affine(affine) if let [(a, ka), (b, kb)] = affine.terms[..] => {
            Some((a as Reg, ka, b as Reg, kb, affine.constant))
        }
        _ => None,
    }
}

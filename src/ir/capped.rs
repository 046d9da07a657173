//! A pass over integer programs: a parameter `m` that the body reads only
//! through `min(m, n)` of another parameter `n` (Fibonacci nim's `F(n, m)
//! = < F(n - k, 2 * k) for k in 1..=min(n, m) >`) makes `F(a, b)` and `F(a,
//! min(b, a))` the same game, so each option's `m` is capped by its `n`:
//! `F(n - k, min(2 * k, n - k))`. The positions a query reaches then lie
//! below the diagonal (a triangle of the box the options spread over, half
//! its size or less), and the passes after it split the `min` into two
//! lines.
//!
//! The options listed and displayed are those of the definition: the pass
//! runs on the program that computes values only.

use crate::engine::kernel::{Clause, CmpOp, Cond, Element, IntExpr, IntOp, OptionValue};

use super::bounds::min_of;

/// Caps the options' arguments of each parameter read only through a
/// `min` with another (see the module doc), in `elements` and `aliases`
/// (where the body's game leaves may read it too) of a family of `params`
/// integer parameters: each pair `(m, n)` of a parameter capped and the
/// one that caps it.
pub(super) fn cap_parameters(
    elements: &mut [Element],
    aliases: &mut [Element],
    params: usize,
) -> Vec<(usize, usize)> {
    let mut capped = Vec::new();
    for m in 0..params {
        let Some(n) = (0..params).find(|&n| {
            n != m && (elements.iter().chain(aliases.iter())).all(|e| reads_only_in_min(e, m, n))
        }) else {
            continue;
        };
        for element in elements.iter_mut().chain(aliases.iter_mut()) {
            let OptionValue::Terms { calls, .. } = &mut element.value else {
                unreachable!("checked by reads_only_in_min")
            };
            for args in calls {
                args[m] = min_of(vec![args[m].clone(), args[n].clone()]);
            }
        }
        capped.push((m, n));
    }
    capped
}

/// Whether `element` reads slot `m` only inside a `min` that has slots `m`
/// and `n` among its operands, and makes options of the family's own
/// positions and heaps (whose arguments the pass can cap).
fn reads_only_in_min(element: &Element, m: usize, n: usize) -> bool {
    let (slot_m, slot_n) = (IntExpr::slot(m), IntExpr::slot(n));
    let hidden = |e: &IntExpr| {
        e.rewritten(&|part| match part {
            IntExpr::Min(xs) if xs.contains(&slot_m) && xs.contains(&slot_n) => {
                Some(IntExpr::opaque())
            }
            _ => None,
        })
    };
    let reads_m = |e: &IntExpr| hidden(e).uses(m);
    let OptionValue::Terms { calls, nims } = &element.value else {
        return false;
    };
    let read = std::cell::Cell::new(false);
    let note = |e: &IntExpr| {
        read.set(read.get() || reads_m(e));
        Some(e.clone())
    };
    // A filter `x <= m` of a loop variable that never passes `n` (`for k
    // in 1..=n if k <= m`) holds just when `x <= min(m, n)` does.
    let beyond_n = IntExpr::binary(IntOp::Add, slot_n.clone(), IntExpr::constant(1));
    let (mut below_n, mut clauses) = (Vec::new(), Vec::new());
    for clause in &element.clauses {
        if let Some((x, _, high)) = clause.range()
            && (high == beyond_n || high == slot_n)
        {
            below_n.push(IntExpr::slot(x));
        }
        let Clause::If(cond) = clause else {
            clauses.push(clause.clone());
            continue;
        };
        let hidden = cond.with_comparisons(&|op, a, b| {
            let (x, bound) = match op {
                CmpOp::Le => (a, b),
                CmpOp::Ge => (b, a),
                _ => return Cond::Cmp(op, a.clone(), b.clone()),
            };
            match *bound == slot_m && below_n.contains(x) {
                true => Cond::Const(true),
                false => Cond::Cmp(op, a.clone(), b.clone()),
            }
        });
        clauses.push(Clause::If(hidden));
    }
    // A clause whose integers are not all mapped (a list built on the way)
    // may read `m` anywhere.
    let clauses_mapped = clauses.iter().all(|c| c.try_map(&note).is_some());
    let binds_m = element.clauses.iter().any(|c| c.binds() == Some(m));
    let values = calls.iter().flatten().chain(nims);
    clauses_mapped && !binds_m && !read.get() && !values.clone().any(reads_m)
}

#[cfg(test)]
mod tests {
    use super::cap_parameters;
    use crate::engine::kernel::{CmpOp, Cond, Element, IntExpr, IntOp, OptionValue};
    use crate::ir::ordered::tests::moves;

    /// `F(n - k, second) for k in 1..=high`.
    fn take_up_to(high: IntExpr, second: IntExpr) -> Element {
        let (n, k) = (IntExpr::slot(0), IntExpr::slot(2));
        moves(high, IntExpr::binary(IntOp::Sub, n, k), second)
    }

    #[test]
    fn a_parameter_read_only_through_a_min_is_capped() {
        let (n, m, k) = (IntExpr::slot(0), IntExpr::slot(1), IntExpr::slot(2));
        let twice = IntExpr::binary(IntOp::Mul, k.clone(), IntExpr::constant(2));
        let bound = IntExpr::Min(vec![n.clone(), m.clone()]);
        let mut elements = vec![take_up_to(bound.clone(), twice.clone())];
        assert_eq!(cap_parameters(&mut elements, &mut [], 2), [(1, 0)]);
        let OptionValue::Terms { calls, .. } = &elements[0].value else {
            unreachable!()
        };
        let n_less_k = IntExpr::binary(IntOp::Sub, n.clone(), k.clone());
        assert_eq!(calls[0][1], IntExpr::Min(vec![twice.clone(), n_less_k]));
        // Read outside the min as well (`F(n - k, m)`): not capped.
        let mut elements = vec![take_up_to(bound.clone(), m.clone())];
        assert!(cap_parameters(&mut elements, &mut [], 2).is_empty());
        // Read outside the min in a branch the min decides (`if min(n, m)
        // > 0 then m - 1 else 0`): not capped.
        let positive = Cond::compare(CmpOp::Gt, bound.clone(), IntExpr::constant(0));
        let less = IntExpr::binary(IntOp::Sub, m.clone(), IntExpr::constant(1));
        let branch = IntExpr::select(positive, less, IntExpr::constant(0));
        let mut elements = vec![take_up_to(bound, branch)];
        assert!(cap_parameters(&mut elements, &mut [], 2).is_empty());
        // Read through a min with a constant only: not capped.
        let with_constant = IntExpr::Min(vec![m, IntExpr::constant(9)]);
        let mut elements = vec![take_up_to(with_constant, twice)];
        assert!(cap_parameters(&mut elements, &mut [], 2).is_empty());
    }
}

//! Membership in constants: `for k in 1..=n if k in S`, `S` a `let` list
//! of integers, tests `k == s` for every `s` at every `k`, work in the
//! length of the range times the size of `S`. The same options come from
//! the loop over `S`'s values with the range as filters, `for k in S if
//! k >= 1 if k < n + 1`, which the later passes narrow to the values in
//! range (`Iter::Sorted`). A list built on the way (`k in M[n % 3]`, a
//! `let` list of lists) is walked the same way, built once before the
//! loop where it was built again for every `k`.

use super::bounds::scaled;
use super::filters::filter_after_loop;
use super::rewrite::rebuilt;
use crate::engine::kernel::{
    Clause, CmpOp, Cond, Element, Fold, IntExpr, IntOp, Iter, ListClause, ListExpr, Over,
    SLOT_BOUND,
};

/// Each range loop followed by a filter `x in [constants]` (past filters
/// that cannot fail) becomes the loop over the constants; a filter `n - x
/// in [constants]` (any `x + e` or `e - x`, `e` free of `x`) the loop over
/// the constants `c` each giving an `x`, read as `e + c` after the loop,
/// so that the bounds on `x` become bounds on `c` (`Iter::Sorted`).
/// A filter `x in list`, `list` built on the way and not reading `x`,
/// makes the loop one over `list`: its items, repeats and all, in its
/// order (an option given twice changes no mex). Where building the list
/// fails, the program gives up on the position, and the generic search
/// decides, as it does where the filter failed.
pub(super) fn loops_over_members(mut element: Element) -> Vec<Element> {
    for at in 0..element.clauses.len() {
        let walked = |cond: &Cond, x| match members(cond, x) {
            Some(moved) => Some(moved),
            None => built_members(cond, x).map(|list| (None, Iter::Built(list))),
        };
        let Some((filter, (base, iter))) = filter_after_loop(&element.clauses, at, walked) else {
            continue;
        };
        let Some((slot, low, high)) = element.clauses[at].range() else {
            continue;
        };
        let low = Cond::Cmp(CmpOp::Ge, IntExpr::slot(slot), low.clone());
        let below = Cond::Cmp(CmpOp::Lt, IntExpr::slot(slot), high);
        let mut walked = element.clone();
        walked.clauses[at] = Clause::For { slot, iter };
        walked.clauses[filter] = Clause::If(low);
        walked.clauses.insert(filter + 1, Clause::If(below));
        if let Some(base) = base {
            // The members are `base` plus each value walked: the loop's
            // variable reads so wherever it is read after the loop.
            let head = walked.clauses[..=at].to_vec();
            let value = IntExpr::binary(IntOp::Add, base, IntExpr::slot(slot));
            match rebuilt(&walked, head, (at + 1, None), slot, &value) {
                Some(moved) => walked = moved,
                None => continue,
            }
        }
        element = walked;
    }
    vec![element]
}

/// The list a filter `x in list` names, as the translation writes it
/// (`len([0 for m in list if m == x]) != 0`), when `list` reads no `x`.
fn built_members(cond: &Cond, x: usize) -> Option<ListExpr> {
    let Cond::Cmp(CmpOp::Ne, IntExpr::Reduce(Fold::Len | Fold::Any, list), zero) = cond else {
        return None;
    };
    let ListExpr::Comprehension(c) = &**list else {
        return None;
    };
    let [
        ListClause::For {
            slot: m,
            over: Over::List(items),
        },
        ListClause::If(Cond::Cmp(CmpOp::Eq, a, b)),
    ] = c.clauses.as_slice()
    else {
        return None;
    };
    let (m, k) = (IntExpr::slot(*m), IntExpr::slot(x));
    let pair = (a == &m && b == &k) || (a == &k && b == &m);
    (zero.as_constant() == Some(0) && pair && !items.uses(x)).then(|| items.clone())
}

/// The values of slot `x` a filter `e1 == c1 or e2 == c2 or …` keeps,
/// each `e` being `x` plus or minus one expression free of `x` (the same
/// in every part): the constants, each once and sorted, as a loop; or,
/// where the values are one expression `e` plus constants, `e` and the
/// loop over the constants. `None` for any other filter, or one with no
/// part (the loop's bounds would then go unevaluated).
fn members(cond: &Cond, x: usize) -> Option<(Option<IntExpr>, Iter)> {
    fn collect(cond: &Cond, x: usize, out: &mut Vec<IntExpr>) -> Option<()> {
        match cond {
            Cond::Or(a, b) => {
                collect(a, x, out)?;
                collect(b, x, out)
            }
            Cond::Cmp(CmpOp::Eq, ..) => {
                let (1, CmpOp::Eq, value) = scaled(cond, x)? else {
                    return None;
                };
                out.push(value);
                Some(())
            }
            _ => None,
        }
    }
    let mut values = Vec::new();
    collect(cond, x, &mut values)?;
    let first = values.first()?;
    let constants: Option<Vec<i64>> = values.iter().map(IntExpr::as_constant).collect();
    let (base, mut constants) = match constants {
        Some(constants) => (None, constants),
        // `n - m in [constants]`: one expression plus each constant, apart
        // from the first value's constant (`n` for `n - 1`), so that the
        // loop walks the constants as written.
        None => {
            let first = first.without_constant();
            let apart = |v: &IntExpr| IntExpr::binary(IntOp::Sub, v.clone(), first.clone());
            let offsets: Vec<i64> = values
                .iter()
                .map(|v| apart(v).as_constant())
                .collect::<Option<_>>()?;
            (Some(first), offsets)
        }
    };
    constants.sort_unstable();
    constants.dedup();
    let within = (constants.iter()).all(|v| v.unsigned_abs() < SLOT_BOUND as u64);
    let values = constants.into_iter().map(IntExpr::constant).collect();
    within.then_some((base, Iter::List(values)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::OptionValue;

    fn equal(x: usize, c: i64) -> Cond {
        Cond::Cmp(CmpOp::Eq, IntExpr::slot(x), IntExpr::constant(c))
    }

    #[test]
    fn a_range_filtered_by_membership_walks_the_members() {
        // S(n - k) for k in 1..=n if k in [9, 1, 4, 1]
        let any = [equal(1, 9), equal(1, 1), equal(1, 4), equal(1, 1)]
            .into_iter()
            .reduce(|a, b| Cond::Or(Box::new(a), Box::new(b)))
            .unwrap();
        let n_plus_one = IntExpr::binary(IntOp::Add, IntExpr::slot(0), IntExpr::constant(1));
        let value = OptionValue::Terms {
            calls: vec![vec![IntExpr::binary(
                IntOp::Sub,
                IntExpr::slot(0),
                IntExpr::slot(1),
            )]],
            nims: vec![],
        };
        let loop_k = Clause::For {
            slot: 1,
            iter: Iter::Range {
                low: IntExpr::constant(1),
                high: IntExpr::slot(0),
                inclusive: true,
            },
        };
        let element = Element {
            clauses: vec![loop_k.clone(), Clause::If(any)],
            value: value.clone(),
        };
        let [rewritten] = loops_over_members(element).try_into().unwrap();
        let constants = [1, 4, 9].map(IntExpr::constant).to_vec();
        assert_eq!(
            rewritten.clauses,
            [
                Clause::For {
                    slot: 1,
                    iter: Iter::List(constants)
                },
                Clause::If(Cond::Cmp(CmpOp::Ge, IntExpr::slot(1), IntExpr::constant(1))),
                Clause::If(Cond::Cmp(CmpOp::Lt, IntExpr::slot(1), n_plus_one)),
            ]
        );
        // A test of another slot, or of anything but equality, stays.
        let other = Element {
            clauses: vec![
                loop_k.clone(),
                Clause::If(Cond::Or(Box::new(equal(0, 3)), Box::new(equal(1, 4)))),
            ],
            value,
        };
        assert_eq!(loops_over_members(other.clone()), [other]);
    }
}

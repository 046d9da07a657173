//! What a one-parameter family's clauses decide past a heap, or below
//! one. A filter that compares the heap alone with a constant (`k <= n`
//! once `for k in 1..=3` is unrolled, `n > 0`, `t + k <= N`) changes its
//! outcome at most once as the heap grows, and a `min` or `max` of the
//! heap and constants (`for k in 1..=min(3, n)`) settles on one of its
//! parts: past the last heap where one changes, and below the first, each
//! is decided. The kernel keeps a code for each of those runs of heaps,
//! compiled from the elements so decided, so a fill's positions there run
//! none of them (a family counting up to `N` spends its heaps below).
//! A clause that reads anything else (a loop's variable, `n % 2`) is left
//! as it is.

use std::cell::Cell;

use super::{Clause, CmpOp, Cond, Element, IntExpr, IntOp};

/// Which run of heaps the clauses are decided for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// From a heap on.
    Past,
    /// Below a heap.
    Below,
}

/// Where every comparison of the heap (slot 0) alone with a constant in
/// `elements`' filters keeps one outcome, and every `min` and `max` of
/// such parts in their clauses one part, on `side`: past it, the first
/// heap (at least 0) from which they do; below it, the first heap from
/// which one may not. With the elements so decided; `None` when nothing
/// is decided.
pub(super) fn on(elements: &[Element], side: Side) -> Option<(i64, Vec<Element>)> {
    // Below a heap is past one in the heap's negation, `m = −n`: decided
    // for `m >= m0` is decided for `n < 1 − m0`.
    let flip = match side {
        Side::Past => 1,
        Side::Below => -1,
    };
    let settled = Settled {
        from: Cell::new(None),
        flip,
    };
    let decided = (elements.iter())
        .map(|element| Element {
            // A filter decided true is no clause at all.
            clauses: (element.clauses.iter())
                .map(|clause| settled.clause(clause))
                .filter(|clause| !matches!(clause, Clause::If(Cond::Const(true))))
                .collect(),
            value: element.value.clone(),
        })
        .collect();
    let from = settled.from.get()?;
    let heap = match side {
        Side::Past => from.max(0),
        Side::Below => 1i64.saturating_sub(from),
    };
    Some((heap, decided))
}

/// The last heap (in the heap's direction `flip`) at which something
/// decided so far settles.
struct Settled {
    from: Cell<Option<i64>>,
    flip: i64,
}

impl Settled {
    fn at(&self, heap: i64) {
        let from = self.from.get();
        self.from
            .set(Some(from.map_or(heap, |from| from.max(heap))));
    }

    fn clause(&self, clause: &Clause) -> Clause {
        match clause {
            Clause::If(cond) => Clause::If(self.cond(cond)),
            Clause::For { .. } => {
                (clause.try_map(&|e| Some(self.int(e)))).unwrap_or_else(|| clause.clone())
            }
        }
    }

    /// `cond` with each comparison of the heap alone replaced by its
    /// outcome where it settles.
    fn cond(&self, cond: &Cond) -> Cond {
        cond.with_comparisons(&|op, a, b| {
            let (a, b) = (self.int(a), self.int(b));
            let difference = IntExpr::binary(IntOp::Sub, a.clone(), b.clone());
            let line = (stands_affine(&a) && stands_affine(&b))
                .then(|| heap_line(&difference, self.flip))
                .flatten()
                .and_then(|line| outcome_line(op, line));
            let settled = line.filter(|&(k, _)| k != 0);
            match settled.and_then(|(k, r)| Some((k, sign_settles(k, r)?))) {
                Some((k, heap)) => {
                    self.at(heap);
                    Cond::Const(op.holds(k.signum(), 0))
                }
                None => Cond::compare(op, a, b),
            }
        })
    }

    /// `e` with each `min` and `max` of the heap alone and constants
    /// replaced by the part it settles on.
    fn int(&self, e: &IntExpr) -> IntExpr {
        e.rewritten(&|part| {
            let (parts, sign) = match part {
                IntExpr::Min(parts) => (parts, 1),
                IntExpr::Max(parts) => (parts, -1),
                _ => return None,
            };
            let (heap, chosen) = settles_on(parts, sign, self.flip)?;
            self.at(heap);
            Some(parts[chosen].clone())
        })
    }
}

/// Whether `e` is affine as it stands (or a constant too large to fold):
/// its value cannot overflow for a heap within the slot bound, where
/// `(n + B) - B` overflows at `n + B`, which `heap_line` would cancel.
fn stands_affine(e: &IntExpr) -> bool {
    matches!(e, IntExpr::Affine(_) | IntExpr::Large(_))
}

/// `(k, r)` where `e` is `k·m + r` of `m`, the heap times `flip`.
fn heap_line(e: &IntExpr, flip: i64) -> Option<(i64, i64)> {
    let (k, rest) = e.linear_in(0)?;
    Some((k.checked_mul(flip)?, rest.as_constant()?))
}

/// For `d op 0`, `d = k·m + r`, a line whose sign alone gives the
/// outcome and which is never 0 where the outcome is settled: `d < 0` is
/// `2d + 1 < 0`, so `t <= 15` settles below 16 (where `d` is last 0),
/// not below 15. An equality needs `d` itself never 0.
fn outcome_line(op: CmpOp, (k, r): (i64, i64)) -> Option<(i64, i64)> {
    let offset = match op {
        CmpOp::Eq | CmpOp::Ne => return Some((k, r)),
        CmpOp::Lt | CmpOp::Ge => 1,
        CmpOp::Le | CmpOp::Gt => -1,
    };
    Some((k.checked_mul(2)?, r.checked_mul(2)?.checked_add(offset)?))
}

/// The first `m` from which `k·m + r`, `k ≠ 0`, has the sign of `k`
/// and is never 0.
fn sign_settles(k: i64, r: i64) -> Option<i64> {
    // `|k|·m > −sign(k)·r`.
    let r = if k > 0 { r } else { r.checked_neg()? };
    r.checked_neg()?.div_euclid(k.checked_abs()?).checked_add(1)
}

/// The first `m` (the heap times `flip`) from which the least of `parts`
/// (`sign` 1; the greatest for −1), each the heap alone times a constant
/// plus one, is for good the part it gives, and that part's index.
fn settles_on(parts: &[IntExpr], sign: i64, flip: i64) -> Option<(i64, usize)> {
    let lines = (parts.iter())
        .map(|p| {
            if !stands_affine(p) {
                return None;
            }
            let (k, r) = heap_line(p, flip)?;
            Some((k.checked_mul(sign)?, r.checked_mul(sign)?))
        })
        .collect::<Option<Vec<_>>>()?;
    let (chosen, &(k, r)) = (lines.iter().enumerate()).min_by_key(|(_, line)| **line)?;
    let mut heap = i64::MIN;
    for &(kj, rj) in &lines {
        // `(kj − k)·m + (rj − r) >= 0`: always where the slopes agree
        // (the chosen constant is the least), else from its root up.
        let (dk, dr) = (kj.checked_sub(k)?, rj.checked_sub(r)?);
        if dk > 0 {
            heap = heap.max(dr.checked_neg()?.checked_add(dk - 1)?.div_euclid(dk));
        }
    }
    Some((heap, chosen))
}

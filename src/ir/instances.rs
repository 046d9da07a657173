//! Parameters a family passes on unchanged: in `game TakeAway(moves, n) =
//! < TakeAway(moves, n - k) for k in moves if k <= n >` every position
//! names `moves` again as it is, so the positions with one value of `moves`
//! form a family of their own, `n` its only parameter. Each such value gets
//! an *instance* of the family (`FamilyDef::fixed`): its positions live in
//! a dense table, and its program has the fixed values folded in, as if
//! they were `let`s.
//!
//! The analysis is only a guess at which instances pay: a position is
//! always routed by the values it is called with, so an instance whose
//! body names other values still computes the right ones (on the generic
//! search).

use crate::resolve::program::{Body, FamilyDef};
use crate::resolve::term::{Term, TermKind};
use crate::value::{Callable, FamilyId, Value};

/// The indices of the parameters every call of family `id` (defined by
/// `family`) in its body passes on unchanged, when there are some and
/// others that change. A parameter is passed on when the argument is its
/// slot: a loop's variable of the same name is another slot.
pub fn fixed_params(id: FamilyId, family: &FamilyDef) -> Vec<usize> {
    let params = family.params.len();
    if params < 2 || family.forwarded || !family.fixed.is_empty() {
        return Vec::new();
    }
    let mut scan = Scan {
        family: id,
        fixed: vec![true; params],
        calls: 0,
    };
    let passed = match &family.body {
        Body::Options(elements) => {
            (elements.iter()).all(|element| element.terms().into_iter().all(|term| scan.expr(term)))
        }
        Body::Game(body) => scan.expr(body),
    };
    if !passed || scan.calls == 0 {
        return Vec::new();
    }
    let fixed: Vec<usize> = (0..params).filter(|&i| scan.fixed[i]).collect();
    match fixed.len() == params {
        true => Vec::new(),
        false => fixed,
    }
}

struct Scan {
    family: FamilyId,
    /// Whether each parameter is passed on unchanged so far.
    fixed: Vec<bool>,
    calls: usize,
}

impl Scan {
    /// Walks `e`; `false` when the family is named other than in a call
    /// (passed as a value, say).
    fn expr(&mut self, e: &Term) -> bool {
        match &e.kind {
            TermKind::Const(Value::Func(Callable::Family(id))) => *id != self.family,
            TermKind::Position { family, args } if *family == self.family => {
                self.calls += 1;
                for (i, arg) in args.iter().enumerate() {
                    self.fixed[i] &= matches!(arg.kind, TermKind::Local(slot) if slot == i);
                }
                args.iter().all(|arg| self.expr(arg))
            }
            _ => e.children().into_iter().all(|child| self.expr(child)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixed_params;
    use crate::resolve::{Redefine, program::Program};

    /// The fixed parameters of the first family `source` defines.
    fn fixed(source: &str) -> Vec<usize> {
        let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
        let mut program = Program::default();
        let resolved = crate::resolve::resolve(&statements, &mut program, Redefine::Forbid)
            .unwrap_or_else(|errors| panic!("{errors:?}"));
        let id = resolved.new_families[0];
        fixed_params(id, program.family(id))
    }

    #[test]
    fn a_parameter_every_call_passes_on_is_fixed() {
        let take_away = "game T(moves, n) = < T(moves, n - k) for k in moves if k <= n >";
        assert_eq!(fixed(take_away), vec![0]);
        assert_eq!(
            fixed("game T(n, c) = < T(n - 1, c) + *c if n > 0 >"),
            vec![1]
        );
        // Changed in one call, hidden by a loop variable, every parameter
        // fixed, the family passed as a value, no call at all.
        assert!(fixed("game T(m, n) = < T(m, n - 1), T(m - 1, n) if n > 0 and m > 0 >").is_empty());
        assert!(fixed("game T(m, n) = < T(m, n - m) for m in 1..n >").is_empty());
        assert!(fixed("game T(m, n) = < T(m, n) >").is_empty());
        assert!(
            fixed("game T(m, n) = < T(m, n - 1) if n > 0 and len(seq(T, 0..1)) > 0 >").is_empty()
        );
        assert!(fixed("game T(m, n) = < *m >").is_empty());
        // A loop's variable of a parameter's name that no call passes
        // leaves the parameter passed on where a call does pass it.
        assert_eq!(
            fixed("game T(m, n) = < T(m, n - 1) if n > 0, *x for m in [1] for x in [m] >"),
            vec![0]
        );
    }
}

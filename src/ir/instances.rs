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

use crate::syntax::ast::{Clause, Definition, Element, Expr, ExprKind};

/// The indices of the parameters every call of the family in its body
/// passes on unchanged, when there are some and others that change.
pub fn fixed_params(definition: &Definition) -> Vec<usize> {
    let params: Vec<&str> = definition.params.iter().map(|p| p.node.as_str()).collect();
    let mut scan = Scan {
        family: &definition.name.node,
        params: &params,
        fixed: vec![true; params.len()],
        calls: 0,
    };
    if params.len() < 2 || !scan.expr(&definition.body) || scan.calls == 0 {
        return Vec::new();
    }
    let fixed: Vec<usize> = (0..params.len()).filter(|&i| scan.fixed[i]).collect();
    match fixed.len() == params.len() {
        true => Vec::new(),
        false => fixed,
    }
}

struct Scan<'a> {
    family: &'a str,
    params: &'a [&'a str],
    /// Whether each parameter is passed on unchanged so far.
    fixed: Vec<bool>,
    calls: usize,
}

impl Scan<'_> {
    /// Walks `e`; `false` when the family is named other than in a call
    /// with one argument per parameter (passed as a value, say).
    fn expr(&mut self, e: &Expr) -> bool {
        match &e.node {
            ExprKind::Var(name) => name != self.family,
            ExprKind::Call(callee, args) if matches!(&callee.node, ExprKind::Var(n) if n == self.family) =>
            {
                if args.len() != self.params.len() {
                    return false;
                }
                self.calls += 1;
                for (i, arg) in args.iter().enumerate() {
                    let same = matches!(&arg.node, ExprKind::Var(n) if n == self.params[i]);
                    self.fixed[i] &= same;
                }
                args.iter().all(|arg| self.expr(arg))
            }
            ExprKind::Options(elements) | ExprKind::List(elements) | ExprKind::Set(elements) => {
                elements.iter().all(|element| self.element(element))
            }
            ExprKind::MapFor(element) => self.element(element),
            _ => e.children().into_iter().all(|child| self.expr(child)),
        }
    }

    /// A loop variable named like a parameter hides it: a call inside
    /// passes the variable, so that parameter is not fixed.
    fn element(&mut self, element: &Element) -> bool {
        for clause in &element.clauses {
            let inner = match clause {
                Clause::For { var, iter } => {
                    if let Some(i) = self.params.iter().position(|p| *p == var.node) {
                        self.fixed[i] = false;
                    }
                    iter
                }
                Clause::If(cond) => cond,
            };
            if !self.expr(inner) {
                return false;
            }
        }
        self.expr(&element.value)
    }
}

#[cfg(test)]
mod tests {
    use super::fixed_params;
    use crate::syntax::ast::Stmt;

    fn fixed(source: &str) -> Vec<usize> {
        let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
        let Some(Stmt::Game(definition)) = statements.first() else {
            panic!("a game");
        };
        fixed_params(definition)
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
    }
}

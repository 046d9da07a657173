//! What each built-in gives, from the types of its arguments, and what it
//! needs of them: `g(G)` is an integer and needs a game; `seq(F, 0..=10)`
//! calls `F` with integers.

use crate::builtin::Builtin;
use crate::lower::program::Global;
use crate::syntax::ast::{Expr, ExprKind};

use super::Type;
use super::walk::Walker;

impl Walker<'_> {
    /// The type of `builtin(args)`, whose arguments have types `types`.
    pub(super) fn builtin(&mut self, builtin: Builtin, args: &[Expr], types: &[Type]) -> Type {
        use Builtin as B;
        let list = |t: Type| Type::List(Box::new(t));
        match builtin {
            B::G | B::Grundy | B::Outcome | B::Options | B::Winning | B::Misere => {
                if let (Some(arg), Some(ty)) = (args.first(), types.first()) {
                    self.expect_game(arg, ty);
                }
                match builtin {
                    B::G | B::Grundy => Type::Int,
                    B::Outcome | B::Misere => Type::Str,
                    _ => list(Type::Game),
                }
            }
            B::MisereWinning => list(Type::Game),
            B::Len => {
                if let Some(arg) = args.first() {
                    self.demand(arg, Type::List(Box::new(Type::Unknown)));
                }
                Type::Int
            }
            B::Mex | B::Abs | B::NimMul | B::NimInv => Type::Int,
            B::Any | B::All => Type::Bool,
            B::Str => Type::Str,
            B::Octal | B::TakeAndBreak | B::Subtraction => Type::Func,
            B::Seq => {
                let called = self.calls_with_items(args, types, &[1]);
                list(match called {
                    Some(Global::Family(_)) => Type::Int,
                    Some(Global::Def(id)) => self.types.defs[id.0 as usize].result.clone(),
                    _ => Type::Any,
                })
            }
            B::Plot => {
                self.calls_with_items(args, types, &[1]);
                Type::Any
            }
            B::TableOf => {
                self.calls_with_items(args, types, &[1, 2]);
                Type::Any
            }
            B::Period | B::MisereQuotient => {
                let ints = vec![list(Type::Int); 2];
                self.calls_with_items(args, &ints, &[1]);
                Type::Any
            }
            B::Min | B::Max => match types {
                [one] => one.items(),
                several => several.iter().fold(Type::Unknown, |a, t| a.join(t)),
            },
            B::Sum => match types.first().map(Type::items) {
                Some(Type::Int) => Type::Int,
                Some(Type::Game) => Type::Game,
                Some(Type::Unknown) => Type::Unknown,
                _ => Type::Any,
            },
            // A string reversed is a string, a list a list.
            B::Reversed if matches!(types.first(), Some(Type::Str | Type::Unknown)) => {
                types[0].clone()
            }
            B::Sort | B::Reversed | B::List => match types.first() {
                Some(Type::List(item)) => list((**item).clone()),
                Some(Type::Str) => list(Type::Str),
                Some(Type::Unknown) => list(Type::Unknown),
                _ => list(Type::Any),
            },
            B::Keys => list(Type::Any),
            B::Tree | B::Print | B::Dot | B::Hint | B::Genus | B::MisereNim | B::Loopy => Type::Any,
        }
    }

    /// `seq(F, r)`, `table(F, rows, cols)`, `plot(F, r, …)`: `F`, when it
    /// names a family or a `def`, is called with the items of the
    /// arguments at `places`; which it names.
    fn calls_with_items(
        &mut self,
        args: &[Expr],
        types: &[Type],
        places: &[usize],
    ) -> Option<Global> {
        let ExprKind::Var(name) = &args.first()?.node else {
            return None;
        };
        let global @ (Global::Family(_) | Global::Def(_)) = self.global(name)? else {
            return None;
        };
        let items: Vec<Type> = (places.iter())
            .map(|&i| types.get(i).map_or(Type::Any, Type::items))
            .collect();
        self.called(global, &items);
        Some(global)
    }
}

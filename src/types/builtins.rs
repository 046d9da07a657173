//! What each built-in gives, from the types of its arguments, and what it
//! needs of them: `g(G)` is an integer and needs a game; `seq(F, 0..=10)`
//! calls `F` with integers.

use crate::builtin::Builtin;
use crate::resolve::program::Global;
use crate::resolve::term::Term;

use super::Type;
use super::walk::Walker;

impl Walker<'_> {
    /// The type of `builtin(args)`, whose arguments have types `types`.
    pub(super) fn builtin(&mut self, builtin: Builtin, args: &[Term], types: &[Type]) -> Type {
        use Builtin as B;
        let list = |t: Type| Type::List(Box::new(t));
        // What iterating over argument `i` gives.
        let items = |i: usize| types.get(i).map_or(Type::Any, Type::items);
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
                let called = self.calls_first(args, vec![items(1)]);
                list(match called {
                    Some(Global::Family(_)) => Type::Int,
                    Some(Global::Def(id)) => self.types.defs[id.0 as usize].result.clone(),
                    _ => Type::Any,
                })
            }
            B::Plot => {
                self.calls_first(args, vec![items(1)]);
                Type::Any
            }
            B::TableOf => {
                self.calls_first(args, vec![items(1), items(2)]);
                Type::Any
            }
            // Heap sizes.
            B::Period | B::MisereQuotient => {
                self.calls_first(args, vec![Type::Int]);
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

    /// `seq(F, r)`, `table(F, rows, cols)`, `plot(F, r, …)`, `period(F)`:
    /// `F`, when it names a family or a `def`, is called with arguments of
    /// types `called`; which it names.
    fn calls_first(&mut self, args: &[Term], called: Vec<Type>) -> Option<Global> {
        let global = self.named(args.first()?)?;
        self.called(global, &called);
        Some(global)
    }
}

/// Whether `builtin` calls the family or `def` given as its first argument
/// itself (`Walker::calls_first` records with what), rather than passing
/// it on to be called anywhere.
pub(super) fn calls_its_first_argument(builtin: Builtin) -> bool {
    use Builtin as B;
    matches!(
        builtin,
        B::Seq | B::TableOf | B::Plot | B::Period | B::MisereQuotient
    )
}

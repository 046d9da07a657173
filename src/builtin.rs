//! The names of the built-in functions and how many arguments each takes:
//! the vocabulary that the resolver, the REPL's highlighter, the language
//! server and the interpreter share. What each one does is the
//! interpreter's (`interp::builtins`).

macro_rules! builtins {
    ($($variant:ident $name:literal $min:literal..=$max:literal,)*) => {
        /// A built-in function.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Builtin { $($variant,)* }

        impl Builtin {
            /// Every built-in's name, for completion and did-you-mean.
            pub const NAMES: &'static [&'static str] = &[$($name,)*];

            /// The built-in called `name`.
            pub fn named(name: &str) -> Option<Builtin> {
                match name { $($name => Some(Builtin::$variant),)* _ => None }
            }

            /// Its name as written.
            pub fn name(self) -> &'static str {
                match self { $(Builtin::$variant => $name,)* }
            }

            /// How many arguments it takes, at least and at most.
            pub fn arity(self) -> (usize, usize) {
                match self { $(Builtin::$variant => ($min, $max),)* }
            }
        }
    };
}

builtins! {
    G "g" 1..=1,
    Grundy "grundy" 1..=1,
    Outcome "outcome" 1..=1,
    Mex "mex" 1..=1,
    Options "options" 1..=1,
    Winning "winning" 1..=1,
    Seq "seq" 2..=2,
    TableOf "table" 3..=3,
    Tree "tree" 1..=2,
    Len "len" 1..=1,
    Min "min" 1..=255,
    Max "max" 1..=255,
    Abs "abs" 1..=1,
    Sum "sum" 1..=1,
    Sort "sort" 1..=1,
    Octal "octal" 1..=1,
    TakeAndBreak "take_and_break" 1..=1,
    Subtraction "subtraction" 1..=1,
    Period "period" 1..=2,
    Keys "keys" 1..=1,
    List "list" 1..=1,
    Print "print" 0..=255,
    Dot "dot" 1..=2,
    Plot "plot" 2..=4,
    Hint "hint" 1..=1,
    Misere "misere" 1..=1,
    MisereWinning "misere_winning" 1..=1,
    MisereQuotient "misere_quotient" 2..=2,
    Genus "genus" 1..=1,
    MisereNim "misere_nim" 1..=1,
    Loopy "loopy" 1..=1,
    NimMul "nim_mul" 2..=2,
    NimInv "nim_inv" 1..=1,
    Any "any" 1..=1,
    All "all" 1..=1,
    Reversed "reversed" 1..=1,
    Str "str" 1..=1,
}

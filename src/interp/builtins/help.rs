//! What each built-in does, in one place: the REPL's `:help name` and
//! `:info name`, the language server's hover and the arity error's hint all
//! read it, so a built-in is documented once (the match is exhaustive: a
//! new built-in does not compile without its entry).

use super::Builtin;

/// A built-in's documentation.
pub struct Help {
    /// How it is called: `seq(F, r)`.
    pub usage: &'static str,
    /// What it gives, in a sentence.
    pub summary: &'static str,
    /// A line to try, with its result in a comment.
    pub example: &'static str,
}

const fn help(usage: &'static str, summary: &'static str, example: &'static str) -> Help {
    Help {
        usage,
        summary,
        example,
    }
}

impl Builtin {
    /// This built-in's usage, summary and example.
    pub fn help(self) -> Help {
        match self {
            Builtin::G | Builtin::Grundy => help(
                "g(G) or grundy(G)",
                "the Sprague-Grundy value of the game G",
                "g(*3 + *5)  # 6",
            ),
            Builtin::Outcome => help(
                "outcome(G)",
                "\"P\" when the previous player wins (g(G) == 0), \"N\" when the next does; \"D\" for a draw in a game with cycles",
                "outcome(*2 + *2)  # P",
            ),
            Builtin::Mex => help(
                "mex(xs)",
                "the least non-negative integer not in the list, set or range xs",
                "mex({0, 1, 3})  # 2",
            ),
            Builtin::Options => help(
                "options(G)",
                "the distinct options of G; in a sum, a move in exactly one part",
                "options(*1 + *2)  # [*2, *1, *1 + *1]",
            ),
            Builtin::Winning => help(
                "winning(G)",
                "the options of G that are P-positions: the winning moves",
                "winning(*3 + *5)  # [*3 + *3]",
            ),
            Builtin::Seq => help(
                "seq(F, r)",
                "g(F(n)) for each n in the range or list r (a def's results for a def)",
                "seq(octal(\"0.77\"), 0..=8)  # [0, 1, 2, 3, 1, 4, 3, 2, 1]",
            ),
            Builtin::TableOf => help(
                "table(F, rows, cols)",
                "a grid of g(F(r, c)), with headings",
                "game N(a, b) = < N(x, b) for x in 0..a, N(a, y) for y in 0..b >\ntable(N, 0..4, 0..4)",
            ),
            Builtin::Tree => help(
                "tree(G) or tree(G, depth)",
                "the game tree of G, each position with its value; a position already drawn is not drawn again",
                "tree(*2 + *1)",
            ),
            Builtin::Len => help(
                "len(xs)",
                "how many items a list, set, map, range or string holds",
                "len(0..10)  # 10",
            ),
            Builtin::Min => help(
                "min(xs) or min(a, b, …)",
                "the smallest item",
                "min(4, 2, 7)  # 2",
            ),
            Builtin::Max => help(
                "max(xs) or max(a, b, …)",
                "the largest item",
                "max([4, 2, 7])  # 7",
            ),
            Builtin::Abs => help("abs(n)", "the absolute value of an integer", "abs(-3)  # 3"),
            Builtin::Sum => help(
                "sum(xs)",
                "the sum of a list of integers, or of games (their disjunctive sum)",
                "g(sum([*1, *2, *3]))  # 0",
            ),
            Builtin::Sort => help(
                "sort(xs)",
                "the items in increasing order",
                "sort([3, 1, 2])  # [1, 2, 3]",
            ),
            Builtin::Octal | Builtin::TakeAndBreak => help(
                "octal(code) or take_and_break(code)",
                "the one-heap family of a take-and-break game in CGSuite's notation",
                "g(octal(\"0.77\")(100))  # 1",
            ),
            Builtin::Subtraction => help(
                "subtraction(moves)",
                "the subtraction game whose moves take one of these numbers of tokens",
                "seq(subtraction([1, 3, 4]), 0..8)  # [0, 1, 0, 1, 2, 3, 2, 0]",
            ),
            Builtin::Period => help(
                "period(F) or period(F, limit)",
                "the preperiod and period of F's values, and whether they are proved",
                "period(octal(\"0.77\"))[\"period\"]  # 12",
            ),
            Builtin::Keys => help(
                "keys(m)",
                "a map's keys, in insertion order",
                "keys({\"a\": 1, \"b\": 2})  # [\"a\", \"b\"]",
            ),
            Builtin::List => help(
                "list(xs)",
                "a range, set, map or string as a list",
                "list(0..3)  # [0, 1, 2]",
            ),
            Builtin::Print => help(
                "print(x, …)",
                "prints its arguments separated by spaces",
                "print(\"g =\", g(*3))  # g = 3",
            ),
            Builtin::Dot => help(
                "dot(G) or dot(G, depth)",
                "the game graph of G as Graphviz DOT text, each position once",
                "dot(*2 + *1)",
            ),
            Builtin::Plot => help(
                "plot(F, r, \"file.svg\") or plot(F, r, \"file.svg\", true); plot(F, r) in a notebook",
                "draws g(F(n)) for each n in r as an SVG picture (shown in a notebook); true lets it replace a file it did not draw",
                "plot(octal(\"0.77\"), 0..=100, \"kayles.svg\")",
            ),
            Builtin::Hint => help(
                "hint(G)",
                "the winning moves of G said as \"part → option\"",
                "hint(*3 + *5 + *7)  # [\"*3 → *2\", \"*5 → *4\", \"*7 → *6\"]",
            ),
            Builtin::Misere => help(
                "misere(G)",
                "the outcome of G under misère play, where the last player to move loses",
                "misere(*1 + *1)  # N",
            ),
            Builtin::MisereWinning => help(
                "misere_winning(G)",
                "the options of G that win under misère play (P-positions when the last player to move loses)",
                "misere_winning(*3)  # [*1]",
            ),
            Builtin::MisereQuotient => help(
                "misere_quotient(F, max_heap)",
                "the misère quotient of the sums of heaps F(0..=max_heap): presentation, size, P-portion, each heap's element; misere() of such sums then multiplies elements",
                "misere_quotient(octal(\"0.75\"), 30)[\"size\"]  # 8",
            ),
            Builtin::Genus => help(
                "genus(G)",
                "Conway's genus of G: its normal-play value, then the misère Grundy values of G, G + *2, G + *2 + *2, … until they alternate",
                "genus(*1)  # 1^031",
            ),
            Builtin::MisereNim => help(
                "misere_nim(G)",
                "the misère Grundy value of G (1 for the empty game, else the mex of its options'): a tame position's misère nim value",
                "[misere_nim(octal(\"0.77\")(n)) for n in 0..8]  # [1, 0, 2, 3, 0, 1, 3, 2]",
            ),
            Builtin::Loopy => help(
                "loopy(G)",
                "the generalised Sprague-Grundy value of a game that may have cycles: n or ∞{K}",
                "game A = < A, *0 >\nloopy(A)  # ∞{0}",
            ),
            Builtin::NimMul => help(
                "nim_mul(a, b)",
                "the nim product of two nimbers",
                "nim_mul(2, 3)  # 1",
            ),
            Builtin::NimInv => help(
                "nim_inv(a)",
                "the nim inverse of a non-zero nimber",
                "nim_inv(2)  # 3",
            ),
            Builtin::Any => help(
                "any(xs)",
                "whether some element of a list of booleans is true",
                "any([n * n == 49 for n in 0..10])  # true",
            ),
            Builtin::All => help(
                "all(xs)",
                "whether every element of a list of booleans is true",
                "all([g(*n) == n for n in 0..5])  # true",
            ),
            Builtin::Reversed => help(
                "reversed(xs)",
                "a list, range or map's keys in reverse order (a string reversed)",
                "reversed(0..4)  # [3, 2, 1, 0]",
            ),
            Builtin::Str => help(
                "str(x)",
                "x as text, to join to a string with +",
                "\"g = \" + str(g(*3 + *5))  # g = 6",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Builtin;
    use crate::run::{Settings, run_to_strings};

    /// Each example runs, and prints what its comment says it prints.
    #[test]
    fn every_example_prints_what_it_says() {
        for name in Builtin::NAMES {
            let help = Builtin::named(name).map(Builtin::help).expect("a built-in");
            assert!(help.usage.contains(name), "{name}: {}", help.usage);
            if *name == "plot" {
                continue; // it writes a file
            }
            let (out, errors) = run_to_strings("example.sg", help.example, Settings::default());
            assert_eq!(errors, None, "{name}: {}", help.example);
            if let Some((_, said)) = help.example.rsplit_once("  # ") {
                assert_eq!(out.lines().last(), Some(said), "{name}: {}", help.example);
            } else {
                assert!(!out.is_empty(), "{name} prints nothing");
            }
        }
    }
}

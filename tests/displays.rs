//! What shows a position's options (`options`, `winning`, `hint`,
//! `tree`, `misere`, `loopy`) takes them from the family's program, the
//! code the VM runs for values with the positions gathered
//! (`interp/listed.rs`): the same options in the same order as the
//! evaluator of the definitions gives them, for integer families, boards,
//! lists, splits, sums with heaps and games with cycles, and the same
//! error where an option fails.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, run_binary,
};

/// Games whose options every display takes from their programs.
const GAMES: [&str; 9] = [
    // Filters, a heap beside a position, a heap before it, two positions.
    "game S(n) = < S(n - k) for k in [1, 3, 4] if k <= n, *3 + S(n - 2) if n >= 2, \
     S(n - 1) + S(n - 1) + *2 if n % 3 == 1, *k for k in 0..2 >",
    // Two parameters, a `min` in a bound.
    "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
     W(a - k, b - k) for k in 1..=min(a, b) >",
    // A heap that moves with a parameter.
    "game T(a, b) = < T(a - 1, b) + *b if a > 0, *a + T(a, b - 1) if b > 0 >",
    // Splits in closed form (Kayles) and with a filter on the split.
    "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n - t >",
    "game L(n) = < L(n - k) for k in 1..=n, L(a) + L(n - a) for a in 1..n if 2 * a <= n >",
    // A board, and a list of any length.
    "game B(p) = < B([p[0] - k, p[1]]) for k in 1..=p[0], B([p[0], p[1] - k]) for k in 1..=p[1] >",
    "game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >",
    // Three parameters, one passed on unchanged.
    "game F(n, last, m) = < F(n - k, k, m) for k in 1..=m if k <= n and k != last >",
    // A `let` table of moves and a `def`.
    "let moves = [2, 5, 7]\ndef ok(n, k) = k <= n and (n + k) % 4 != 1\n\
     game M(n) = < M(n - k) + *(n % 2) for k in moves if ok(n, k) >",
];

/// The displays of each game's positions, the same as the evaluator's.
const SHOWN: [&str; 9] = [
    "[options(S(n)) for n in 0..12]\n[winning(S(n)) for n in 0..12]\nhint(S(11) + S(4))\n\
     tree(S(7))\nmisere(S(9))",
    "[options(W(a, b)) for a in 0..4 for b in 0..4]\ntree(W(2, 2))\nhint(W(5, 3))\nmisere(W(3, 4))",
    "[options(T(a, b)) for a in 0..3 for b in 0..3]\ntree(T(2, 1))",
    "[options(K(n)) for n in 0..9]\ntree(K(5))\nwinning(K(11))\nmisere(K(8))",
    "[options(L(n)) for n in 0..9]\nhint(L(9))",
    "options(B([3, 2]))\ntree(B([2, 1]))\nmisere(B([4, 3]))",
    "options(N([3, 1, 2]))\ntree(N([2, 1]))\nwinning(N([1, 2, 3]))\nmisere(N([2, 2, 1]))",
    "[options(F(n, l, 3)) for n in 0..6 for l in 0..4]\ntree(F(5, 0, 2))",
    "[options(M(n)) for n in 0..12]\nhint(M(20))",
];

/// Each display is the evaluator's (`--generic`, the search and every
/// display by the evaluator of the definitions), and `--stats` says the
/// programs listed every option.
#[test]
fn displays_take_options_from_the_programs_as_the_definitions_give_them() {
    for (game, shown) in GAMES.iter().zip(SHOWN) {
        let script = format!("{game}\n{shown}");
        let printed = assert_same_as_the_generic_search(&script);
        assert!(!printed.trim().is_empty(), "{script}");
        let (_, report) = run_binary(&["--stats", "-e", &script]);
        assert!(
            report.contains("by the generic evaluator\n")
                && report.contains(", of 0 by the generic evaluator"),
            "{script}\n{report}"
        );
    }
}

/// A game with cycles: `loopy`, `outcome` and `tree` walk its options from
/// its program, and find the draws the evaluator's options give.
#[test]
fn a_game_with_cycles_is_shown_from_its_program() {
    let script = "game C(n) = < C(n - 2) if n >= 2, C(n + 1) if n % 5 == 3 and n < 40, \
                  C(n - 1) if n % 7 == 0 and n > 0 >\n\
                  [loopy(C(n)) for n in 0..30]\n[outcome(C(n)) for n in 0..30]\ntree(C(8), 4)";
    let printed = assert_same_as_the_generic_search(script);
    assert!(printed.contains("D"), "some position is a draw: {printed}");
    let (_, report) = run_binary(&["--stats", "-e", script]);
    assert!(
        report.contains(", of 0 by the generic evaluator"),
        "{report}"
    );
}

/// An option that fails (a division by zero at `E(3)`'s second option)
/// is reported by the evaluator, where the definition makes it, as the
/// generic search reports it; the positions before it are still shown
/// from the program, and `E(4)`'s options, which ask only whether `E(3)`
/// has a first option, are shown without the error.
#[test]
fn an_option_that_fails_is_reported_where_the_definition_makes_it() {
    let script = "game E(n) = < E(n - 1) if n > 0, E(12 / (n - 3)) if n % 3 == 0 and n > 0 >\n\
                  options(E(4))\noptions(E(2))\noptions(E(3))";
    let (printed, error) = assert_same_error_as_the_generic_search(script);
    assert!(printed.starts_with("[E(3)]\n[E(1)]"), "{printed}");
    assert!(error.contains("division by zero"), "{error}");
}

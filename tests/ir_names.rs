//! `--emit ir` prints each loop variable under the name it was written
//! with, where two variables share a depth: the IR gives each its own slot
//! while the frame has room.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::run_binary;

/// A comprehension in a loop's bound (an inlined `def`'s) and the loops of
/// two elements of one family printed under one name, the last bound:
/// `F(n - k) for k in 1..=sum([… for k in 0..40])`, and Lasker's nim's
/// take as `Lasker(n - a) for a in 1..=n`.
#[test]
fn variables_of_one_depth_print_under_their_own_names() {
    let popcount = "def pc(n) = sum([n / 2 ** j % 2 for j in 0..40])\n\
                    game F(n) = < F(n - k) for k in 1..=pc(n) >";
    let (ir, error) = run_binary(&["--emit", "ir", "-e", popcount]);
    assert!(
        ir.contains("F(n - k) for k in 1..=sum([(n / (2 ** j)) % 2 for j in 0..40 while "),
        "{ir}{error}"
    );
    let lasker =
        "game L(n) = < L(n - k) for k in 1..=n, L(a) + L(n - a) for a in 1..n if 2 * a <= n >";
    let (ir, error) = run_binary(&["--emit", "ir", "-e", lasker]);
    assert!(ir.contains("L(n - k) for k in 1..=n"), "{ir}{error}");
    assert!(ir.contains("for a in 1.."), "{ir}{error}");
    // The values are those of the same game with one name.
    let same =
        "game L(n) = < L(n - a) for a in 1..=n, L(a) + L(n - a) for a in 1..n if 2 * a <= n >";
    let query = "\nprint(seq(L, 0..60))";
    let (renamed, _) = run_binary(&["-e", &format!("{lasker}{query}")]);
    assert_eq!(renamed, run_binary(&["-e", &format!("{same}{query}")]).0);
}

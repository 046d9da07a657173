//! A filter on a loop over constants that compares them with a remainder
//! of the heap (`for t in tri if t % 3 != n % 3`) is applied to the
//! constants in each residue's code (`kernel::residues`), whose loop then
//! runs natively as a loop over constants with no filter does. Against a
//! plain program and the generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_as_the_generic_search, run_by_programs_alone, subtraction};

/// Take a triangular number of the other residue than the heap's, modulo
/// 3 and modulo 4, the list a `let` or a literal, the filters before or
/// after the bound: a plain program's values, by the programs alone.
#[test]
fn a_remainder_compared_with_constants_filters_them_in_each_residue() {
    let triangular = |j: usize| j * (j + 1) / 2;
    for (modulus, game) in [
        (
            3,
            "let tri = [j * (j + 1) / 2 for j in 1..=100]\n\
             game T(n) = < T(n - t) for t in tri if t <= n and t % 3 != n % 3 >",
        ),
        (
            4,
            "game T(n) = < T(n - t) for t in [1, 3, 6, 10, 15, 21, 28, 36, 45, 55] \
             if (t + n) % 4 != 2 * n % 4 and t <= n >",
        ),
    ] {
        let script = format!("{game}\nprint(seq(T, 0..=3000))");
        let expected = subtraction(3000, |n| {
            let tri = (1..=100).map(triangular).take_while(move |&t| t <= n);
            let tri: Vec<usize> = match modulus {
                3 => tri.filter(|t| t % 3 != n % 3).collect(),
                _ => tri.take(10).filter(|t| (t + n) % 4 != 2 * n % 4).collect(),
            };
            tri
        });
        let pass = "remainders of the heap decided for each of its residues";
        assert_computed_by(&script, game, &expected, pass);
    }
}

/// That `script` prints `expected` by the programs alone, `pass` among
/// the passes `--stats` reports, and the generic search's values.
fn assert_computed_by(script: &str, game: &str, expected: &[u64], pass: &str) {
    let (printed, report) = run_by_programs_alone(script, game);
    assert_eq!(printed.trim(), format!("{expected:?}"), "{game}");
    assert!(report.contains(pass), "{game}: {report}");
    assert_eq!(assert_same_as_the_generic_search(script), printed);
}

/// The options of a heap, as a plain program lists them.
type Moves = dyn Fn(usize) -> Vec<usize>;

/// The triangular numbers up to `n` whose remainder by 3 is not `n`'s.
fn other_triangular(n: usize) -> Vec<usize> {
    let tri = (1..=n).map(|j| j * (j + 1) / 2).take_while(|&t| t <= n);
    tri.filter(|t| t % 3 != n % 3).collect()
}

/// A filter that reads the loop's variable through remainders repeating
/// with it (`j * (j + 1) / 2 % 3`, every 3 values of `j`; `k * k % 4`,
/// every 2; `(2 * k + 1) % 6`, every 3) walks one loop for each residue
/// of the variable: written inline or through `def`s, against a plain
/// program, by the programs alone, and the generic search.
#[test]
fn a_filter_repeating_with_its_loop_steps_the_loop_by_residues() {
    let games: [(&str, &Moves); 4] = [
        (
            "game T(n) = < T(n - j * (j + 1) / 2) for j in 1..=n \
             if j * (j + 1) / 2 <= n and j * (j + 1) / 2 % 3 != n % 3 >",
            &other_triangular,
        ),
        (
            "def tri(j) = j * (j + 1) / 2\ndef other(t, n) = t % 3 != n % 3\n\
             game T(n) = < T(n - tri(j)) for j in 1..=n if tri(j) <= n and other(tri(j), n) >",
            &other_triangular,
        ),
        (
            "game T(n) = < T(n - k * k) for k in 1..=n if k * k <= n and k * k % 4 == n % 2 >",
            &|n| {
                let squares = (1..=n).map(|k| k * k).take_while(|&s| s <= n);
                squares.filter(|s| s % 4 == n % 2).collect()
            },
        ),
        (
            "game T(n) = < T(n - k) for k in 1..=n if (2 * k + 1) % 6 != 3 >",
            &|n| (1..=n).filter(|k| (2 * k + 1) % 6 != 3).collect(),
        ),
    ];
    for (game, moves) in games {
        let script = format!("{game}\nprint(seq(T, 0..=3000))");
        let expected = subtraction(3000, moves);
        let pass = "loops stepped by the period of their filters' remainders";
        assert_computed_by(&script, game, &expected, pass);
    }
}

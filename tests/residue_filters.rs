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
        let (printed, report) = run_by_programs_alone(&script, game);
        assert_eq!(printed.trim(), format!("{expected:?}"), "{game}");
        assert!(
            report.contains("remainders of the heap decided for each of its residues"),
            "{report}"
        );
        assert_eq!(assert_same_as_the_generic_search(&script), printed);
    }
}

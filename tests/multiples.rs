//! A filter on a multiple of a loop's variable by a value an earlier
//! filter makes positive (`k * b <= a` behind `b > 0`) is a bound of the
//! loop (`ir::multiples`): Euclid's game against a plain grid, and each
//! comparison against the generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, ir_of, plain_grid,
};

/// Subtract a multiple of the smaller heap from the larger, written with
/// the multiple in the filter: the loop stops at `a / b`.
#[test]
fn euclids_game_walks_only_the_multiples_that_fit() {
    let game = "game E(a, b) = < E(a - k * b, b) for k in 1..=a if b > 0 and k * b <= a, \
                E(a, b - k * a) for k in 1..=b if a > 0 and k * a <= b >";
    let size = 40;
    let script = format!("{game}\n[[g(E(a, b)) for b in 0..{size}] for a in 0..{size}]");
    let ir = ir_of(&script);
    assert!(
        ir.contains("for k in 1..min(a + 1, (a / (max(b, 1))) + 1)"),
        "{ir}"
    );
    assert!(!ir.contains("while"), "{ir}");
    let expected = plain_grid(size, size, |a, b, g| {
        let mut options = Vec::new();
        for k in (1..=a).filter(|k| b > 0 && k * b <= a) {
            options.push(g[a - k * b][b]);
        }
        for k in (1..=b).filter(|k| a > 0 && k * a <= b) {
            options.push(g[a][b - k * a]);
        }
        options
    });
    let printed = assert_same_as_the_generic_search(&script);
    // A list of lists prints as Rust's `Debug` prints one.
    assert_eq!(printed.trim(), format!("{expected:?}"));
}

/// Each comparison, the product either way round and the value made
/// positive by `>` or `>=`, against the generic search; a positive value
/// tested after the product is not read, and values that may be 0 or
/// negative behind a filter that drops them give the same values.
#[test]
fn each_comparison_of_a_multiple_is_its_bound() {
    let filters = [
        "b > 0 and k * b < a",
        "b >= 1 and b * k <= a + 3",
        "b > 1 and k * b >= a / 2",
        "0 < b and a - 5 < b * k",
        "b > 0 and a >= k * b",
        "k * b <= a and b > 0",
        "b > 2 and k * (b - 2) <= a",
    ];
    for filter in filters {
        let script = format!(
            "game F(a, b) = < F(a - k, b) for k in 1..=a if {filter}, F(a, b - 1) if b > 0 >\n\
             [[g(F(a, b)) for b in 0..12] for a in 0..30]"
        );
        assert_same_as_the_generic_search(&script);
    }
    let ir = ir_of(
        "game F(a, b) = < F(a - k, b) for k in 1..=a if b > 1 and k * b >= a / 2, F(a, b - 1) if b > 0 >",
    );
    assert!(
        ir.contains("multiples by a positive value divided out of filters"),
        "{ir}"
    );
}

/// Euclid's game with the tests of the heaps written after the product
/// (`k * b <= a and b > 0`): the loop is split by the sign of `b`, the
/// positive case divided out, and the tests after the loop are folded
/// into its end, so that no filter is left in its loop. Against a plain
/// grid and the generic search.
#[test]
fn tests_after_the_product_split_the_loop_by_its_sign() {
    let game = "game E(a, b) = < E(a - k * b, b) for k in 1..=a if k * b <= a and b > 0 and a >= b, \
                E(a, b - k * a) for k in 1..=b if a * k <= b and a > 0 and b > a >";
    let size = 40;
    let script = format!("{game}\n[[g(E(a, b)) for b in 0..{size}] for a in 0..{size}]");
    let ir = ir_of(&script);
    for pass in [
        "products split by the sign of their factor",
        "filters past a loop tested with its end",
    ] {
        assert!(ir.contains(pass), "{ir}");
    }
    assert!(
        ir.contains("E(a - (k * b), b) if b > 0 for k in 1..(if (b > 0 and a >= b)"),
        "{ir}"
    );
    let expected = plain_grid(size, size, |a, b, g| {
        let mut options = Vec::new();
        for k in (1..=a).filter(|k| k * b <= a && b > 0 && a >= b) {
            options.push(g[a - k * b][b]);
        }
        for k in (1..=b).filter(|k| a * k <= b && a > 0 && b > a) {
            options.push(g[a][b - k * a]);
        }
        options
    });
    let printed = assert_same_as_the_generic_search(&script);
    assert_eq!(printed.trim(), format!("{expected:?}"));
}

/// A test of the heap after a filter that ends the loop (`k * k * k <= n
/// and n % 3 != 1`) is folded into the loop's end: against a plain program
/// and the generic search.
#[test]
fn a_test_after_a_filter_ending_the_loop_is_tested_with_its_end() {
    let game = "game T(n) = < T(n - k * k * k) for k in 1..=n if k * k * k <= n and n % 3 != 1, \
                T(n - 1) if n > 0 >";
    let script = format!("{game}\nseq(T, 0..=2000)");
    assert!(ir_of(&script).contains("filters past a loop tested with its end"));
    let expected = common::subtraction(2000, |n| {
        let cubes = (1..=n).map(|k| k * k * k).take_while(|&c| c <= n);
        let cubes: Vec<usize> = cubes.filter(|_| n % 3 != 1).collect();
        cubes.into_iter().chain((n > 0).then_some(1))
    });
    let printed = assert_same_as_the_generic_search(&script);
    assert_eq!(printed.trim(), format!("{expected:?}"));
}

/// Options on a line whose step is fixed only at the position
/// (`F(n - k * m * m, m)`, moving by `-m²`) are read from the arguments
/// at the loop's two ends: a product that overflows past the first option is
/// reported as the generic search reports it, and the values agree with
/// it for one, two and more options.
#[test]
fn a_line_stepped_by_a_parameter_overflows_where_its_options_do() {
    let game = "game F(n, m) = < F(n - k * m * m, m) for k in 1..=n / 1000 + 1 if m > 0, F(n - 1, m) if n > 0 >";
    let values = format!("{game}\n[[g(F(n, m)) for m in 0..6] for n in 0..3000 if n % 97 < 3]");
    assert_same_as_the_generic_search(&values);
    let overflow = format!("{game}\nprint(g(F(1000, 2500000000)))");
    let (_, error) = assert_same_error_as_the_generic_search(&overflow);
    assert!(error.contains("integer overflow"), "{error}");
}

//! Conditions spelled the ways people write them — a choice between
//! option lists, memberships and `abs` windows, multiples of the loop
//! variable, recursive conditions, `any` and `all`, ranges chosen by a
//! condition, truth values compared — compile into the integer program,
//! with the generic search's values and errors. Apart from `spellings`,
//! whose games are spelled by their loops, lists and boards.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, kernel_of, mex,
    single_sequence,
};
use sprague::run::{Settings, run_to_strings};

/// A body that chooses between option lists with `if … then … else` is
/// the same options with the condition as each element's first filter:
/// an integer program, with the generic search's values, and its error
/// where the condition fails (at 3, dividing by zero).
#[test]
fn a_body_choosing_between_option_lists_is_an_integer_program() {
    let games = [
        "game F(n) = if n == 0 then <> else < F(n - k) for k in 1..=3 if k <= n >",
        "game F(n) = if n % 2 == 0 then < F(n - 1) if n > 0 > \
         else if n > 10 then < F(n - 2), F(a) + F(n - 1 - a) for a in 1..n - 1 > else < *1, F(n - 1) >",
        "game F(n) = if n < 5 then < F(m) for m in 0..n > else < F(n - 5) + *2, F(n - 3) >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=60)"));
    }
    let failing = "game F(n) = if 12 / (n - 3) > 1 then < F(n - 1) > else <>\ng(F(6))";
    let (_, errors) = run_to_strings("t.sg", failing, Settings::default());
    assert!(errors.is_some_and(|e| e.contains("division by zero")));
}

/// A range walked only for the values of a constant set (`if k in S`),
/// and a window written with `abs`: the same values as the generic search,
/// from programs that walk the set and bound the window.
#[test]
fn membership_and_abs_windows_equal_the_generic_search() {
    let games = [
        "let S = {1, 4, 5, 9, 11}\ngame F(n) = < F(n - k) for k in 1..=n if k in S >",
        "let P = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43]\n\
         game F(n) = < F(n - k) for k in 1..=n if n > 3 and k in P >",
        "game F(n) = < F(n - k) for k in 0..n if k == 2 or 7 == k or k == 2 >",
        "game F(n) = < F(a) + F(n - 1 - a) for a in 0..n if abs(2 * a + 1 - n) <= 3 >",
        "game F(n) = < F(n - k) for k in 1..=n if 2 > abs(k - n / 2) >",
    ];
    for game in games {
        let kernel = kernel_of(game, "F").unwrap_or_else(|| panic!("no program: {game}"));
        let walks_a_range = kernel.elements.iter().any(|e| {
            e.clauses
                .iter()
                .any(|c| matches!(c, sprague::engine::kernel::Clause::If(_)))
                && e.clauses.iter().any(|c| {
                    matches!(
                        c,
                        sprague::engine::kernel::Clause::For {
                            iter: sprague::engine::kernel::Iter::Range { .. },
                            ..
                        }
                    )
                })
        });
        assert!(
            !walks_a_range,
            "a range still walked through a filter: {game}\n{kernel:?}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=80)"));
    }
}

/// Comparisons of a multiple of the loop variable (`2 * k <= n`,
/// `k + k < n`, `n - k >= k`, `3 * k > n`, `-2 * k >= -n`) and a cap after a
/// remainder filter (`k <= min(n, 10) and k % 4 != 0`, whose stepped loop
/// reads `4·j + 1 <= min(n, 10)`) become loop bounds: no range is walked
/// through a filter, and the values are the generic search's.
#[test]
fn multiples_of_a_loop_variable_bound_it() {
    let games = [
        "game F(n) = < F(n - k) for k in 1..=n if 2 * k <= n >",
        "game F(n) = < F(n - k) for k in 1..=n if k + k < n >",
        "game F(n) = < F(n - k) for k in 1..=n if n - k >= k >",
        "game F(n) = < F(n - k) for k in 1..=n if 3 * k > n >",
        "game F(n) = < F(n - k) for k in 1..=n if 3 * k >= n >",
        "game F(n) = < F(n - k) for k in 1..=n if -2 * k >= 1 - n >",
        "game F(n) = < F(n - k) for k in 1..=n if k <= min(n, 10) and k % 4 != 0 >",
        "game F(n) = < F(n - k) + *1 for k in 1..=n if 5 * k - 7 < n and 3 * k >= n - 8 >",
    ];
    for game in games {
        let kernel = kernel_of(game, "F").unwrap_or_else(|| panic!("no program: {game}"));
        for element in &kernel.elements {
            let filters = element
                .clauses
                .iter()
                .filter(|c| matches!(c, sprague::engine::kernel::Clause::If(_)))
                .count();
            assert_eq!(filters, 0, "a filter is left: {game}\n{kernel:?}");
        }
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=90)"));
    }
}

/// A recursive `def` giving a condition (`if … then true else …`) is one
/// of the program's functions, giving 1 or 0: powers of two, and the
/// odious numbers (an odd count of ones, OEIS A000069: 1, 2, 4, 7, 8, 11,
/// 13, 14, 16, …), checked against the generic search.
#[test]
fn recursive_conditions_are_functions_of_the_program() {
    let games = [
        "def is_pow2(k) = if k == 1 then true else if k % 2 == 1 then false else is_pow2(k / 2)\n\
         game F(n) = < F(n - k) for k in 1..=n if is_pow2(k) >",
        "def odd_ones(n) = if n == 0 then false \
         else (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
         game F(n) = < F(n - k) for k in 1..=n if odd_ones(k) >",
        "def odd_ones(n) = n > 0 and (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
         game F(n) = < F(n - k) for k in 1..=n if odd_ones(k) >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=100)"));
    }
    let odious = "def odd_ones(n) = if n == 0 then false \
                  else (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
                  [k for k in 1..=16 if odd_ones(k)]";
    let (out, _) = run_to_strings("t.sg", odious, Settings::default());
    assert_eq!(out, "[1, 2, 4, 7, 8, 11, 13, 14, 16]\n");
}

/// `any` and `all` of a comprehension over a few constants are their
/// conditions joined by `or` and `and`, when none of them can fail (the
/// language evaluates them all; joined, they stop at the first that
/// decides); of any other comprehension, a count of the items that decide
/// (`len([0 for … if c]) != 0`), each condition evaluated in order as the
/// language does; membership in a list the program builds, `any` of a
/// comparison with each item. A condition that fails, a remainder by `k -
/// d`, is reported as the generic search reports it.
#[test]
fn any_and_all_of_a_comprehension_compile() {
    let games = [
        "game F(n) = < F(n - k) for k in 1..=min(n, 30) if any([k % d == 0 for d in [3, 5]]) >",
        "game F(n) = < F(n - k) for k in 1..=min(n, 30) if all([k % d != 0 for d in 2..=3]) >",
        "game F(n) = < F(n - k) for k in 1..=n if not any([k == d * d for d in 1..=9]) >",
        "game F(n) = < F(n - k) for k in 2..=min(n, 60) if all([k % d != 0 for d in 2..k]) >",
        "game F(n) = < F(n - k) for k in 1..=min(n, 40) if any([a * b == k for a in 2..k for b in 2..a + 1]) >",
        "game F(n) = < F(n - k) for k in 1..=min(n, 9) if all([(n + d) % k != 0 for d in 0..n % 4]) >",
        // Folded when the IR is built: the inner loop's bound reads the
        // outer loop's variable, each time anew.
        "game F(n) = < F(n - k) for k in 1..=40 if any([a * b == k for a in 2..k for b in 2..a + 1]) and k <= n >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=120)"));
    }
    // Subtract a prime: the primes below 60 by trial division.
    let primes =
        "game F(n) = < F(n - k) for k in 2..=min(n, 60) if all([k % d != 0 for d in 2..k]) >";
    let values = single_sequence(&format!("{primes}\nseq(F, 0..=300)"));
    let is_prime = |k: usize| (2..k).all(|d| !k.is_multiple_of(d));
    let mut expected: Vec<u64> = Vec::new();
    for n in 0..=300usize {
        let moves = (2..=n.min(60)).filter(|&k| is_prime(k));
        expected.push(mex(moves.map(|k| expected[n - k])));
    }
    assert_eq!(values, expected);
    // Membership in a list built on the way, or in the position itself,
    // is `any` of a comparison with each item.
    let members = [
        (
            "game F(n) = < F(n - k) for k in 1..=min(n, 9) if k not in [d * d for d in 0..n % 5] >",
            "F(40)",
        ),
        (
            "game F(n) = < F(n - k) for k in 1..=min(n, 9) if n - k in [3 * d + 1 for d in 0..k] >",
            "F(60)",
        ),
        (
            "game N(p) = < N([if j == i then x else p[j] for j in 0..3]) for i in 0..3 \
          for x in 0..p[i] if x not in p >",
            "N([7, 8, 9])",
        ),
        (
            "game N(p) = < N(p[..i] + [x] + p[i + 1..]) for i in 0..len(p) for x in 0..p[i] \
          if x + 1 in p >",
            "N([5, 7, 6, 3])",
        ),
    ];
    for (game, query) in members {
        assert!(
            kernel_of(game, &game[5..6]).is_some(),
            "not a program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nprint(g({query}))"));
    }
    let failing =
        "game F(n) = < F(n - k) for k in 1..=n if any([n % (k - d) == 0 for d in [1, 2]]) >";
    let (_, errors) = assert_same_error_as_the_generic_search(&format!("{failing}\ng(F(5))"));
    assert!(errors.contains("modulo by zero"), "{errors}");
}

/// A loop over a range chosen by a condition walks a range whose bounds
/// the condition chooses: only the branch taken is evaluated (`100 / n`
/// is not, at 0), nested choices and inclusive ends alike.
#[test]
fn a_range_chosen_by_a_condition_is_one_range() {
    let games = [
        "game S(n) = < S(n - k) for k in (if n % 2 == 0 then 1..=3 else 2..=5) if k <= n >",
        "game S(n) = < S(n - k) for k in (if n == 0 then 0..0 else 1..=min(n, 100 / n + 1)) >",
        "game S(n) = < S(n - k) for k in (if n % 3 == 0 then 1..2 else if n % 3 == 1 then 1..=3 \
         else 2..min(n, 7)) if k <= n >",
    ];
    for game in games {
        assert!(kernel_of(game, "S").is_some(), "not a program: {game}");
        assert_same_as_the_generic_search(&format!("{game}\nseq(S, 0..=150)"));
    }
    // Take 1 to 3 from an even heap, 2 to 5 from an odd one.
    let values = single_sequence(&format!("{}\nseq(S, 0..=150)", games[0]));
    let mut expected: Vec<u64> = Vec::new();
    for n in 0..=150usize {
        let moves = if n % 2 == 0 { 1..=3 } else { 2..=5 };
        let options = moves.filter(|&k| k <= n).map(|k| expected[n - k]);
        expected.push(mex(options));
    }
    assert_eq!(values, expected);
}

/// Truth values compared with `==` or `!=` (`(c == a) != (d == b)`: a move
/// along exactly one axis) are conditions of the integer program, where
/// they sent the family to the generic search: Wythoff's game spelled by
/// its target squares has the plain program's values and the generic
/// search's, and so has a comparison whose part may fail, at its heap.
#[test]
fn truth_values_compared_are_conditions() {
    let game = "game W(a, b) = < W(c, d) for c in 0..=a for d in 0..=b \
                if (c == a) != (d == b) or (a - c == b - d and c < a) >";
    assert!(kernel_of(game, "W").is_some());
    let w = common::wythoff(12);
    let script = format!("{game}\n[g(W(a, b)) for a in 0..12 for b in 0..12]");
    let printed = assert_same_as_the_generic_search(&script);
    let values: Vec<String> = (0..12)
        .flat_map(|a| (0..12).map(move |b| (a, b)))
        .map(|(a, b)| w[a][b].to_string())
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", values.join(", ")));
    let same = "game S(n) = < S(n - k) for k in 1..=n if (k % 2 == 0) == (n > 5) >\nseq(S, 0..=40)";
    assert_same_as_the_generic_search(same);
    let failing =
        "game F(n) = < F(n - k) for k in 1..=n if (k > 1) != (12 / (n - 7) > 0) >\ng(F(9))";
    assert_same_error_as_the_generic_search(failing);
}

/// A remainder of the heap is decided for each of the heap's residues
/// only where its dividend cannot overflow: `n + 9223372036854775000`
/// does from heap 808 on, and the overflow is reported there as the
/// generic search reports it, the values below it the same.
#[test]
fn a_remainder_whose_dividend_overflows_is_reported() {
    let game =
        "game O(n) = < O(n - k) for k in 1..=3 if k <= n and (n + 9223372036854775000) % 7 != 3 >";
    let (_, error) = assert_same_error_as_the_generic_search(&format!("{game}\nprint(g(O(5000)))"));
    assert!(error.contains("integer overflow"), "{error}");
    let below = assert_same_as_the_generic_search(&format!("{game}\nprint(seq(O, 0..=800))"));
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=800usize {
        let allowed = (n as i128 + 9223372036854775000) % 7 != 3;
        let options = (1..=3.min(n)).filter(|_| allowed).map(|k| values[n - k]);
        values.push(mex(options));
    }
    assert_eq!(below.trim(), format!("{values:?}"));
    // A constant added and taken away overflows on the way.
    let cancelled = "game O(n) = < O(n - k) for k in 1..=n \
                     if (n + 9223372036854775000 - 9223372036854775000) % 3 != k % 3 >";
    let (_, error) =
        assert_same_error_as_the_generic_search(&format!("{cancelled}\nprint(g(O(2000)))"));
    assert!(error.contains("integer overflow"), "{error}");
}

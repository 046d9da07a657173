//! Lists built on the way inside integer programs: loops over a `def`'s
//! list, over comprehensions, over `reversed` and `list` of a range;
//! `len`, `sum`, `min`, `max` and indexing of such lists. Each spelling
//! must be an integer program (not the generic search) and give the
//! generic search's values and errors.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search,
    run_by_programs_alone,
};
use sprague::run::{Settings, emit_ir};

/// What `--emit ir` prints for `script`.
fn ir_of(script: &str) -> String {
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    emit_ir("test.sg", script, &Settings::default(), interrupt).expect("the IR prints")
}

/// How `--emit ir` says family `F` of `script` is computed.
fn how(script: &str) -> String {
    let ir = ir_of(script);
    ir.lines()
        .find(|line| line.starts_with("game F("))
        .unwrap_or_else(|| panic!("no line for F in:\n{ir}"))
        .to_string()
}

const GAMES: &[&str] = &[
    // A loop over a list a def chooses.
    "def moves(n) = if n % 2 == 0 then [1, 4] else [2, 3, 7]\n\
     game F(n) = < F(n - k) for k in moves(n) if k <= n >",
    // A loop over a comprehension, straight or through a def.
    "game F(n) = < F(m) for m in [j for j in 0..n if j != n - 2] >",
    "def moves(n) = [k for k in 1..=n if k % 5 == 1 or k % 5 == 4]\n\
     game F(n) = < F(n - k) for k in moves(n) >",
    // The same values in another order.
    "game F(n) = < F(n - k) for k in reversed(1..=min(n, 6)) >",
    "game F(n) = < F(n - k) for k in list(1..=min(n, 5)) >",
    "game F(n) = < F(n - k) for k in sort([3, 1, 2]) if k <= n >",
    // Reductions of lists built on the way.
    "def bits(k) = if k == 0 then [] else [k % 2] + bits(k / 2)\n\
     game F(n) = < F(n - k) for k in 1..=n if sum(bits(k)) % 2 == 1 >",
    "game F(n) = < F(n - k) for k in 1..=len([m for m in 0..n if m % 3 == 0]) if k <= n >",
    "game F(n) = < F(n - k) for k in 1..=n if k <= max([j * j % 7 for j in 0..=n]) >",
    "game F(n) = < F(n - k) for k in 1..=n if k >= min([n / 2] + [j for j in 1..n if n % j == 0]) >",
    // Indexing a let list with a loop variable.
    "let P = [2 ** i for i in 0..8]\n\
     game F(n) = < F(n - P[i]) for i in 0..8 if n / P[i] % 2 == 1 >",
    "let M = [1, 2, 4, 8]\ngame F(n) = < F(n - M[i]) for i in 0..len(M) if M[i] <= n >",
    // A list out of a let list of lists, or a map, by a key computed.
    "let M = [[1, 2], [1, 3], [2, 3, 4]]\ngame F(n) = < F(n - k) for k in M[n % 3] if k <= n >",
    "let M = [[1, 2], [1, 3], [2, 3, 4]]\ngame F(n) = < F(n - k) for k in M[-1 - n % 3] if k <= n >",
    "let M = {0: [1, 2], 1: [1, 3], 2: [2, 3, 4], \"x\": [5]}\n\
     game F(n) = < F(n - k) for k in M[n % 3] if k <= n >",
    "let M = [[1, 5], [2], [3, 1, 1]]\ngame F(n) = < F(n - M[n % 3][i]) for i in 0..len(M[n % 3]) if M[n % 3][i] <= n >",
    "let D = {0: 1, 1: 2, 2: 3}\ngame F(n) = < F(n - D[n % 3]) if D[n % 3] <= n, F(n - 1) if n % 5 == 4 >",
];

#[test]
fn lists_built_on_the_way_are_integer_programs_with_the_generic_values() {
    for game in GAMES {
        let script = format!("{game}\nprint(seq(F, 0..=120))");
        assert!(how(&script).contains("integer program"), "{}", how(&script));
        assert_same_as_the_generic_search(&script);
        // The VM builds every list: no position is left to the generic
        // search, which would hide a wrong list.
        run_by_programs_alone(&script, game);
    }
}

#[test]
fn a_list_failing_where_it_is_built_is_the_generic_searchs_error() {
    let failing = [
        // min of an empty list at n = 0 and n = 1.
        "game F(n) = < F(n - 1) if n > min([j for j in 2..n]) >\ng(F(5))",
        // An index past the end of a list a def builds.
        "def moves(n) = [1, 2]\ngame F(n) = < F(n - moves(n)[n % 3]) if n > 2 >\ng(F(9))",
        // A list of lists indexed past its end, a key not in a map.
        "let M = [[1], [2]]\ngame F(n) = < F(n - k) for k in M[n] if k <= n >\ng(F(3))",
        "let M = {0: [1], 1: [1, 2]}\ngame F(n) = < F(n - k) for k in M[n % 3] if k <= n >\ng(F(5))",
        "let D = {0: 1, 1: 2}\ngame F(n) = < F(n - D[n % 3]) if n > 1 >\ng(F(5))",
        // A division by zero inside a loop's list.
        "game F(n) = < F(n - k) for k in [1, 6 / (n - 3)] if k <= n and k > 0 >\ng(F(9))",
    ];
    for script in failing {
        assert!(how(script).contains("integer program"), "{}", how(script));
        assert_same_error_as_the_generic_search(script);
    }
}

/// A loop over a comprehension, written out or a `def`'s body, is the
/// comprehension's own loops and filters: the same program as the plain
/// spelling, with the same passes (here the remainders stepped).
#[test]
fn a_loop_over_a_comprehension_is_the_comprehensions_loops() {
    let pairs = [
        (
            "game F(n) = < F(m) for m in [m for m in 0..n if m != n - 2] >",
            "game F(n) = < F(m) for m in 0..n if m != n - 2 >",
        ),
        (
            "def moves(n) = [k for k in 1..=n if k % 5 == 1 or k % 5 == 4]\n\
             game F(n) = < F(n - k) for k in moves(n) >",
            "game F(n) = < F(n - k) for k in 1..=n if k % 5 == 1 or k % 5 == 4 >",
        ),
        (
            "game F(n) = < F(n - k) for k in [2 * j for j in 1..=n / 2 if j != 3] >",
            "game F(n) = < F(n - 2 * j) for j in 1..=n / 2 if j != 3 >",
        ),
    ];
    for (comprehension, plain) in pairs {
        let script = |game: &str| format!("{game}\nprint(seq(F, 0..=150))");
        assert_eq!(ir_of(&script(comprehension)), ir_of(&script(plain)));
        assert_same_as_the_generic_search(&script(comprehension));
    }
    // An item that may fail is evaluated once per value, as the list's is.
    let failing = "game F(n) = < F(k) for k in [12 / (j - 2) for j in 0..n] if k < n >\ng(F(6))";
    assert!(
        ir_of(failing).contains("for k in [12 / (j - 2)]"),
        "{}",
        ir_of(failing)
    );
    assert_same_error_as_the_generic_search(failing);
}

/// A filter reading only its loop's variable and calling a `def` (a prime
/// test by trial division, the parity of a list of bits) is remembered by
/// the variable's value: the generic search's values, and its errors where
/// the filter fails for some value.
#[test]
fn filters_of_one_loop_variable_are_remembered_with_the_generic_values() {
    let games = [
        "def noDiv(k, d) = d * d > k or (k % d != 0 and noDiv(k, d + 1))\n\
         def prime(k) = k >= 2 and noDiv(k, 2)\n\
         game F(n) = < F(n - k) for k in 1..=n if prime(k) >",
        "def bits(k) = if k == 0 then [] else [k % 2] + bits(k / 2)\n\
         game F(n) = < F(n - k) for k in 1..=n if sum(bits(k)) % 2 == 1 >",
        "def down(k) = if k <= 0 then 0 else 1 + down(k - 1)\n\
         game F(n) = < F(n - k) for k in 1..=n if down(k) % 3 != 1, F(n - 1) if n > 0 >",
    ];
    for game in games {
        let script = format!("{game}\nprint(seq(F, 0..=300))");
        assert!(
            ir_of(&script).contains("filters of one loop variable remembered"),
            "{}",
            ir_of(&script)
        );
        assert_same_as_the_generic_search(&script);
    }
    let primes: Vec<i64> = (2..=300i64)
        .filter(|&k| (2..k).take_while(|d| d * d <= k).all(|d| k % d != 0))
        .collect();
    let listed: Vec<String> = primes.iter().map(i64::to_string).collect();
    let by_list = format!(
        "let P = [{}]\ngame F(n) = < F(n - k) for k in P if k <= n >\nprint(seq(F, 0..=300))",
        listed.join(", ")
    );
    let by_test = format!("{}\nprint(seq(F, 0..=300))", games[0]);
    assert_eq!(
        assert_same_as_the_generic_search(&by_test),
        assert_same_as_the_generic_search(&by_list)
    );
    let failing = "def inverse(k) = if k > 100 then inverse(k - 1) else 12 / (k - 7)\n\
                   game F(n) = < F(n - k) for k in 1..=n if inverse(k) > 0 >\ng(F(9))";
    assert!(
        ir_of(failing).contains("(remembered by k)"),
        "{}",
        ir_of(failing)
    );
    assert_same_error_as_the_generic_search(failing);
}

/// A filter `k in list`, the list built on the way (a literal list of
/// lists, or a `let`'s, picked by `n % 4`), makes the loop one over the
/// list's items, repeats and all: the plain program's values, and the
/// generic search's values and errors, a list that fails where the range
/// is empty included.
#[test]
fn membership_in_a_list_built_on_the_way_is_a_loop_over_it() {
    let rows: [&[usize]; 4] = [&[1, 2], &[1, 3], &[2, 3, 4], &[5, 5, 1]];
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=2000 {
        let moves = rows[n % 4].iter().filter(|&&k| k <= n);
        values.push(common::mex(moves.map(|k| values[n - k])));
    }
    let spellings = [
        "game F(n) = < F(n - k) for k in 1..=n if k in [[1, 2], [1, 3], [2, 3, 4], [5, 5, 1]][n % 4] >",
        "let M = [[1, 2], [1, 3], [2, 3, 4], [5, 5, 1]]\n\
         game F(n) = < F(n - k) for k in 1..=n if k in M[n % 4] >",
        "let M = [[1, 2], [1, 3], [2, 3, 4], [5, 5, 1]]\n\
         game F(n) = < F(n - k) for k in M[n % 4] if k <= n >",
    ];
    for game in spellings {
        let script = format!("{game}\nprint(seq(F, 0..=2000))");
        assert_eq!(
            assert_same_as_the_generic_search(&script).trim(),
            format!("{values:?}")
        );
        run_by_programs_alone(&script, game);
        let ir = ir_of(&script);
        assert!(ir.contains("for k in ") && ir.contains("[n % 4]"), "{ir}");
        assert!(!ir.contains("(member)"), "{ir}");
    }
    let shifted =
        "let M = [[1], [2], [3]]\ngame F(n) = < F(n - k) for k in 1..=n if k in M[3 - n] >\n";
    assert_same_as_the_generic_search(&format!("{shifted}seq(F, 0..6)"));
    assert_same_error_as_the_generic_search(&format!("{shifted}g(F(7))"));
}

/// The sum and the count of a comprehension of one loop and its filters
/// are reduced as the items come, none laid on the item stack: the
/// number of 1 bits of `n` summed over 40 bits, and the divisors of `n`
/// up to 20 counted, against plain loops; an item that fails, and a sum
/// that overflows part way (its list's sum does), are the generic
/// search's errors.
#[test]
fn sums_and_counts_of_comprehensions_equal_plain_loops() {
    let bits = "game F(n) = < F(n - k) for k in 1..=sum([n / 2 ** j % 2 for j in 0..40]) >\n\
                print([g(F(n)) for n in 0..300])";
    let divisors = "game F(n) = < F(n - k) for k in 1..=min(n, len([d for d in 1..=20 \
                    if n % d == 0])) >\nprint([g(F(n)) for n in 0..300])";
    let plain = |moves: &dyn Fn(usize) -> usize| {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..300 {
            let options = (1..=moves(n)).map(|k| values[n - k]);
            values.push(common::mex(options));
        }
        format!("{values:?}\n")
    };
    let ones = |n: usize| n.count_ones() as usize;
    let counted = |n: usize| n.min((1..=20).filter(|&d| n.is_multiple_of(d)).count());
    for (script, expected) in [(bits, plain(&ones)), (divisors, plain(&counted))] {
        assert_eq!(assert_same_as_the_generic_search(script), expected);
        run_by_programs_alone(script, script);
    }
    for failing in [
        "game F(n) = < F(n - 1) if sum([12 / (n - j) for j in 0..3]) > 0 >\ng(F(5))",
        "game F(n) = < F(n - 1) if n > 0 and sum([2 ** 62 - j for j in 0..n]) != 0 >\ng(F(5))",
        "game F(n) = < F(n - 1) if len([j for j in 0..n if 7 / (j - 2) > 0]) < n >\ng(F(5))",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

//! A recursive `def` that is not a loop (`pc(n) = n % 2 + pc(n / 2)`)
//! runs in place where a position's code calls it: its body once, its
//! calls of itself real calls, its result kept (`Op::Enter`,
//! `Op::Remember`). Checked against plain programs and the generic
//! search: values, the calls it nests counted as the language counts
//! them, and calls inside it that differ from one call to the next.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, mex, run_binary,
    run_by_programs_alone, subtraction,
};

/// Take 1 to popcount(n), popcount a recursive `def`, in the bound and in
/// a filter: a plain program's values, by the programs alone, each
/// spelling's report naming the body run in place.
#[test]
fn a_recursive_popcount_runs_in_place() {
    let pc = "def pc(n) = if n == 0 then 0 else n % 2 + pc(n / 2)\n";
    let expected = subtraction(3000, |n| 1..=n.count_ones() as usize);
    for game in [
        "game F(n) = < F(n - k) for k in 1..=pc(n) >",
        "game F(n) = < F(n - k) for k in 1..=64 if k <= pc(n) >",
    ] {
        let script = format!("{pc}{game}\nprint(seq(F, 0..=3000))");
        let (printed, report) = run_by_programs_alone(&script, game);
        assert_eq!(printed.trim(), format!("{expected:?}"), "{game}");
        assert!(
            report.contains("recursive defs run in place once a call"),
            "{report}"
        );
    }
}

/// Calls run in place inside a loop, on arguments that change with the
/// loop's variable, and a function run in place inside another's body
/// (`h` calls `pc`): none of their calls is taken for one the position
/// makes once. The plain program's values and the generic search's.
#[test]
fn calls_inside_a_body_run_in_place_follow_its_arguments() {
    let script = "def pc(n) = if n == 0 then 0 else n % 2 + pc(n / 2)\n\
                  def h(n) = if n == 0 then 0 else pc(n) + h(n / 3)\n\
                  game F(n) = < F(n - k) for k in 1..=n \
                  if pc(k) + h(n - k) + pc(k / 3) <= 4 and k * 2 + n % 5 != 7 >\n\
                  print(seq(F, 0..=400))";
    let pc = |n: usize| n.count_ones() as usize;
    let h = |mut n: usize| {
        let mut sum = 0;
        while n > 0 {
            sum += pc(n);
            n /= 3;
        }
        sum
    };
    let expected = subtraction(400, |n| {
        (1..=n).filter(move |&k| pc(k) + h(n - k) + pc(k / 3) <= 4 && k * 2 + n % 5 != 7)
    });
    let printed = assert_same_as_the_generic_search(script);
    assert_eq!(printed.trim(), format!("{expected:?}"));
    run_by_programs_alone(script, script);
}

/// `f(n)` nests `n + 1` calls. Run in place, its results keep the calls
/// they stand for: the positions whose `f` nests deeper than the program
/// goes (4096) are the generic search's, which computes them, and past
/// the language's depth it reports the error, as without the program.
#[test]
fn a_body_run_in_place_counts_the_calls_it_nests() {
    let def = "def f(n) = if n == 0 then 0 else 1 + f(n - 1)\n\
               game F(n) = < F(n - 1) + *(f(n) % 3) if n > 0 >\n";
    let script = format!("{def}print(g(F(5000)))");
    let (printed, report) = run_binary(&["--stats", "-e", &script]);
    let mut value = 0;
    for n in 1..=5000u64 {
        value = mex([value ^ (n % 3)]);
    }
    assert_eq!(printed.trim(), value.to_string());
    // F(4096) on: 905 positions.
    assert!(
        report.contains("\n905 positions computed by the generic search"),
        "{report}"
    );
    let (_, error) = run_binary(&["-e", &format!("{def}print(g(F(12000)))")]);
    assert!(error.contains("recursion deeper than"), "{error}");
}

/// A recursive count of the bits, `n % 2 + pc(n / 2)` down to `n == 0`,
/// is one count of the bits where the argument is at least 0 (`Op::
/// BitCount`), its test and its sum written any way round, its value at
/// 0 any small constant; below 0 its calls nest as written, to the
/// generic search's error. A plain program's values, by the programs
/// alone, and the generic search's; a sum of the digits' squares stays
/// calls.
#[test]
fn a_recursive_count_of_the_bits_is_counted_at_once() {
    for (def, at_zero) in [
        ("if n == 0 then 0 else n % 2 + pc(n / 2)", 0),
        ("if n != 0 then pc(n / 2) + n % 2 else 3", 3),
        ("if 1 > n then -2 else n % 2 + pc(n / 2)", -2),
        ("if n >= 1 then n % 2 + pc(n / 2) else 0", 0),
    ] {
        let script = format!(
            "def pc(n) = {def}\n\
             game F(n) = < *k for k in 0..pc(n * 12345 + 7) + 2 >\n\
             print(seq(F, 0..=2000))"
        );
        // The options are the heaps below the count: its value is the count.
        let g: Vec<i64> = (0..=2000i64)
            .map(|n| (n * 12345 + 7).count_ones() as i64 + at_zero + 2)
            .collect();
        let (printed, report) = run_by_programs_alone(&script, &script);
        assert_eq!(printed.trim(), format!("{g:?}"), "{def}");
        assert!(report.contains("bits counted at once"), "{report}");
        assert_eq!(assert_same_as_the_generic_search(&script), printed);
    }
    let below_zero = "def pc(n) = if n == 0 then 0 else n % 2 + pc(n / 2)\n\
                      game F(n) = < F(n - 1) + *(pc(n - 3)) if n > 0 >\n\
                      print(g(F(2)))";
    let (_, error) = assert_same_error_as_the_generic_search(below_zero);
    assert!(error.contains("recursion deeper than"), "{error}");
    let digits = "def ds(n) = if n == 0 then 0 else n % 10 * (n % 10) + ds(n / 10)\n\
                  game F(n) = < F(n - 1) + *(ds(n)) if n > 0 >\n\
                  print(seq(F, 0..=50))";
    let ir = common::ir_of(digits);
    assert!(!ir.contains("bits counted at once"), "{ir}");
    assert!(!ir.contains("digits summed at once"), "{ir}");
    assert!(
        ir.contains("recursive defs run in place once a call"),
        "{ir}"
    );
}

/// The digits of `n` in `radix`: none for `n` at most 0.
fn digits(mut n: i64, radix: i64) -> Vec<i64> {
    let mut digits = Vec::new();
    while n > 0 {
        digits.push(n % radix);
        n /= radix;
    }
    digits
}

/// A recursive test of a digit, `n > 0 and (n % b == d or has(n / b,
/// d))`, is a bit of the set of the number's digits, computed once a
/// position (`Op::DigitSet`): in every spelling of the test and of its
/// parts, the number any parameter, the digit a parameter or a constant,
/// in radixes 2 to 16. The options are the heaps `k` the number has as a
/// digit, so the value is the least digit it lacks: a plain program's
/// values, by the programs alone, and the generic search's.
#[test]
fn a_recursive_test_of_a_digit_is_one_set_of_digits() {
    for (def, call, radix) in [
        (
            "has(n, d) = n > 0 and (n % 10 == d or has(n / 10, d))",
            "has(n * 7 + 3, k)",
            10,
        ),
        (
            "has(d, n) = if n == 0 then false else if d == n % 3 then true else has(d, n / 3)",
            "has(k, n * 7 + 3)",
            3,
        ),
        (
            "has(n, d) = not (n < 1) and (has(n / 16, d) or n % 16 == d)",
            "has(n * 7 + 3, k)",
            16,
        ),
        (
            "has(n, d) = if n % 2 == d and n != 0 then true else if n <= 0 then false else has(n / 2, d)",
            "has(n * 7 + 3, k)",
            2,
        ),
    ] {
        let script = format!(
            "def {def}\n\
             game F(n) = < *k for k in 0..20 if {call} >\n\
             print(seq(F, 0..=3000))"
        );
        let g: Vec<u64> = (0..=3000)
            .map(|n| mex(digits(n * 7 + 3, radix).into_iter().map(|d| d as u64)))
            .collect();
        let (printed, report) = run_by_programs_alone(&script, def);
        assert_eq!(printed.trim(), format!("{g:?}"), "{def}");
        assert!(report.contains("digits tested as one set"), "{report}");
        assert_eq!(assert_same_as_the_generic_search(&script), printed);
    }
    // A constant digit, the number a heap the options move to.
    let sevens = "def seven(n) = n > 0 and (n % 10 == 7 or seven(n / 10))\n\
                  game F(n) = < F(n - k) for k in 1..=3 if k <= n and not seven(n - k) >\n\
                  print(seq(F, 0..=3000))";
    let expected = subtraction(3000, |n| {
        (1..=3.min(n)).filter(move |k| !digits((n - k) as i64, 10).contains(&7))
    });
    let (printed, report) = run_by_programs_alone(sevens, sevens);
    assert_eq!(printed.trim(), format!("{expected:?}"));
    assert!(report.contains("digits tested as one set"), "{report}");
    // Below 0, the calls as written: `n != 0` never ends on `-1 / 10`.
    let below_zero = "def has(n, d) = n != 0 and (n % 10 == d or has(n / 10, d))\n\
                      game F(n) = < F(n - 1) if n > 0 and has(n - 5, 3) >\n\
                      print(g(F(2)))";
    let (_, error) = assert_same_error_as_the_generic_search(below_zero);
    assert!(error.contains("recursion deeper than"), "{error}");
    // Every digit the same is another function.
    let only = "def only(n, d) = n > 0 and (n % 10 == d and only(n / 10, d))\n\
               game F(n) = < *k for k in 0..10 if only(n, k) >\n\
               print(seq(F, 0..=50))";
    assert!(!common::ir_of(only).contains("digits tested"));
}

/// The sum of the digits `low..end` of `x` in `radix`, each `x / radix **
/// j % radix` as the language rounds (down).
fn digit_sum(x: i64, radix: i64, (low, end): (u32, u32)) -> i64 {
    (low..end)
        .map(|j| x.div_euclid(radix.pow(j)).rem_euclid(radix))
        .sum()
}

/// A sum of the digits, by a recursive `def` or a sum over the quotients
/// `n / b ** j` (from any first digit, to a constant end, of numbers below
/// 0 too), is one sum of them (`Op::DigitSum`) in any radix past 2, where
/// it was a loop of the VM a digit: a plain program's values, by the
/// programs alone, and the generic search's.
#[test]
fn a_sum_of_the_digits_is_summed_at_once() {
    // A recursive `def` never reaches 0 below 0 (its calls nest): those
    // are given numbers from 3 on.
    for (sum, radix, digits, from) in [
        (
            "def ds(n) = if n == 0 then 0 else n % 10 + ds(n / 10)",
            10,
            (0, 19),
            3,
        ),
        (
            "def ds(n) = if n > 0 then ds(n / 16) + n % 16 else 0",
            16,
            (0, 16),
            3,
        ),
        (
            "def ds(n) = sum([n / 10 ** j % 10 for j in 0..12])",
            10,
            (0, 12),
            -3000,
        ),
        (
            "def ds(n) = sum([n / 7 ** j % 7 for j in 1..=9])",
            7,
            (1, 10),
            -3000,
        ),
    ] {
        // The options are the heaps below the sum: its value is the sum.
        let script = format!(
            "{sum}\n\
             game F(n) = < *k for k in 0..ds(n * 7919 + {from}) + 1 >\n\
             print(seq(F, 0..=2000))"
        );
        let g: Vec<i64> = (0..=2000i64)
            .map(|n| 1 + digit_sum(n * 7919 + from, radix, digits))
            .collect();
        let (printed, report) = run_by_programs_alone(&script, &script);
        assert_eq!(printed.trim(), format!("{g:?}"), "{sum}");
        assert!(report.contains("digits summed at once"), "{report}");
        assert_eq!(assert_same_as_the_generic_search(&script), printed);
    }
}

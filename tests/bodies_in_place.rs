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
/// alone, and the generic search's; a sum of other digits stays calls.
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
    let digits = "def ds(n) = if n == 0 then 0 else n % 10 + ds(n / 10)\n\
                  game F(n) = < F(n - 1) + *(ds(n)) if n > 0 >\n\
                  print(seq(F, 0..=50))";
    let ir = common::ir_of(digits);
    assert!(!ir.contains("bits counted at once"), "{ir}");
    assert!(
        ir.contains("recursive defs run in place once a call"),
        "{ir}"
    );
}

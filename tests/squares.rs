//! A loop over a range whose variable is read only through a rising square
//! of it (`S(n - k * k) for k in 1..=n if k * k <= n`) walks the square's
//! values, tabled when the program is built, as a `let` list of the squares
//! does (`ir::mapped`). The spellings of subtract a square are checked in
//! `tests/filters.rs`; here, the range past the table, the squares that
//! rise and those that do not, and the list limit.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_error_as_the_generic_search, ir_of, mex, printed_by_programs_alone,
    run_by_programs_alone,
};

/// Past the table's 4096 values, the rest of the range is walked as
/// before: `100000 * n` is a square of more than 4096 at `n = 250` and
/// `n = 360`, whose heap 0 only that part of the range gives.
#[test]
fn past_the_table_the_rest_of_the_range_is_walked() {
    let script = "game H(n) = < *(100000 * n - k * k) for k in 1..=100 * n \
                  if k * k <= 100000 * n >\nseq(H, 0..=400)";
    let ir = ir_of(script);
    assert!(
        ir.contains("for k in 4097..100*n + 1 while k * k <= 100000 * n"),
        "{ir}"
    );
    let expected: Vec<u64> = (0..=400u64)
        .map(|n| {
            let ks = (1..=100 * n).take_while(|k| k * k <= 100_000 * n);
            mex(ks.map(|k| 100_000 * n - k * k))
        })
        .collect();
    assert_eq!(expected[250], 1);
    let (printed, _) = run_by_programs_alone(script, script);
    assert_eq!(printed.trim(), format!("{expected:?}"));
}

/// Squares that rise from the range's start on only: `k * k` from 0 and
/// `k * k - 6 * k` from 3 are tabled, `k * k - 6 * k` from 1 (which falls
/// first) is not, and the values are the generic search's either way.
#[test]
fn only_a_square_rising_over_the_whole_range_is_tabled() {
    let cases = [
        ("*(k * k) for k in 0..=n if k * k <= 3 * n", true),
        (
            "*(k * k - 6 * k + 9) for k in 3..=n if k * k - 6 * k + 9 <= n",
            true,
        ),
        (
            "*(k * k - 6 * k + 9) for k in 1..=n if k * k - 6 * k + 9 <= n",
            false,
        ),
    ];
    for (options, tabled) in cases {
        let script = format!("game H(n) = < {options} >\nseq(H, 0..=300)");
        let ir = ir_of(&script);
        assert_eq!(ir.contains("rising square tabled"), tabled, "{ir}");
        printed_by_programs_alone(&script);
    }
}

/// A range longer than the list limit is reported as the language reports
/// it, though its filter would end it at once.
#[test]
fn a_range_over_the_list_limit_is_still_an_error() {
    let script = "game H(n) = < *(k * k) for k in 1..=10**8 + n if k * k <= n >\ng(H(5))";
    let (_, error) = assert_same_error_as_the_generic_search(script);
    assert!(error.contains("more than 50000000 elements"), "{error}");
}

/// A filter that holds on the range's last values only (the square of
/// what is left, `(n - m) * (n - m) <= n`) starts the loop where it first
/// holds, searched from the last value down: subtract a square, spelled
/// by the heap left, in the same values as a plain program, from any
/// start of the range, with the options in the order written; a filter
/// that is not monotone (`(n - m) * (m - 3)`) is left to the loop.
#[test]
fn a_filter_holding_on_the_last_values_starts_the_loop() {
    let squares = common::subtraction(3000, |n| {
        (1..=n).take_while(move |k| k * k <= n).collect::<Vec<_>>()
    });
    for options in [
        "T(m) for m in 0..n if (n - m) * (n - m) <= n",
        "T(m) for m in -5..=n - 1 if n >= (n - m) * (n - m) and m >= 0",
        "T(m - 5) for m in 5..n + 5 if (n + 5 - m) * (n + 5 - m) <= n",
    ] {
        let script = format!("game T(n) = < {options} >\nprint(seq(T, 0..=3000))");
        let (printed, report) = run_by_programs_alone(&script, options);
        assert_eq!(printed.trim(), format!("{squares:?}"), "{options}");
        assert!(
            report.contains("loops started at filters that begin them"),
            "{report}"
        );
    }
    let listed = "game T(n) = < T(m) for m in 0..n if (n - m) * (n - m) <= n >\n\
                  print(options(T(10)))";
    assert_eq!(
        printed_by_programs_alone(listed).trim(),
        "[T(7), T(8), T(9)]"
    );
    let not_monotone = "game T(n) = < T(m) for m in 0..n if (n - m) * (m - 3) <= n >\n\
                        print(seq(T, 0..=40))";
    assert!(!ir_of(not_monotone).contains("loops started"));
    assert_eq!(
        common::assert_same_as_the_generic_search(not_monotone),
        printed_by_programs_alone(not_monotone)
    );
}

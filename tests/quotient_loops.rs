//! A loop whose variable is read only as a quotient of one number by it
//! (`T(n - n / k) for k in 2..=n`) walks the distinct quotients, about
//! 2√n of them, where it walked every `k` (`Iter::Quotients`). Checked
//! against a plain program and the generic search, value for value and
//! error for error, and left as it was where the variable is read
//! otherwise.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, ir_of,
    printed_by_programs_alone, subtraction,
};

/// Take `n / k` for any `k` from 2 to `n`: a plain program's values, by
/// the programs alone and by the generic search, and the loop printed
/// over the quotients.
#[test]
fn a_loop_read_as_quotients_walks_each_quotient_once() {
    let script = "game T(n) = < T(n - n / k) for k in 2..=n >\nprint(seq(T, 0..=3000))";
    let expected = subtraction(3000, |n| (2..=n).map(move |k| n / k));
    let printed = printed_by_programs_alone(script);
    assert_eq!(printed.trim(), format!("{expected:?}"));
    let ir = ir_of(script);
    assert!(ir.contains("T(n - k) for k in n / (2..n + 1)"), "{ir}");
    assert!(
        ir.contains("loops read as quotients made loops over the quotients"),
        "{ir}"
    );
}

/// Quotients filtered, of another number than the heap, by a range from
/// 1 or from a parameter, of a number below 0 (every `k`'s quotient, as
/// the language divides), inside another loop and before one: the generic
/// search's values. A nim heap of each quotient's remainder makes the
/// value the least remainder missing, which a quotient wrong or left out
/// changes.
#[test]
fn quotients_of_any_number_over_any_range_are_the_generic_searchs() {
    for body in [
        "< T(n - n / k) for k in 1..=n if n / k % 3 != 1 >",
        "< *((2 * n + 3) / k % 11) for k in 1..=n >",
        "< *((n - 40) / k % 7) for k in 1..=7 + n % 50 >",
        "< T(n - j * (n / k)) for j in 1..=2 for k in j + 1..=n if j * (n / k) <= n >",
        "< T(n - q) for k in 3..n for q in 1..=n / k if q % 2 == 1 >",
        "< *((n - 10) / k % 7) for k in -30..-1 >",
    ] {
        let script = format!("game T(n) = {body}\nprint(seq(T, 0..=400))");
        printed_by_programs_alone(&script);
        let ir = ir_of(&script);
        assert!(ir.contains("made loops over the quotients"), "{body}: {ir}");
    }
    // Two parameters: the number a parameter, the range the other.
    let script = "game F(a, b) = < F(a - a / k - 1, b) for k in 1..=b if a > 0, F(a, b - 1) if b > 0 >\n\
                  print(table(F, 0..=40, 0..=12))";
    assert_same_as_the_generic_search(script);
}

/// Where `k` is read other than as one quotient (`n / k - k`, or two
/// numbers divided by it), the loop walks every `k`; a range holding 0
/// fails at `n / 0` as the generic search does.
#[test]
fn a_loop_read_otherwise_is_left_and_a_quotient_by_zero_fails() {
    for body in [
        "< T(n - n / k + k - 2) for k in 2..=n if k <= n / k + 1 >",
        "< T(n - n / k) + *((n - 1) / k) for k in 2..=n >",
    ] {
        let script = format!("game T(n) = {body}\nprint(seq(T, 0..=300))");
        assert_same_as_the_generic_search(&script);
        let ir = ir_of(&script);
        assert!(
            !ir.contains("made loops over the quotients"),
            "{body}: {ir}"
        );
    }
    let script = "game T(n) = < T(n - 1) + *(n / k) for k in 0..3 if n > 0 >\nprint(g(T(4)))";
    let (_, error) = assert_same_error_as_the_generic_search(script);
    assert!(error.contains("division by zero"), "{error}");
}

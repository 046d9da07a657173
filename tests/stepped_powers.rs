//! Powers of a constant at a loop's variable (`2 ** j for j in 0..40`)
//! are stepped: one multiplication from the power taken at the exponent
//! before (`Op::PowStep`). Checked against a plain program and the
//! generic search, value for value and error for error, for loops going
//! up and down, negative bases, exponents read twice and overflows
//! skipped or reached.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, ir_of, mex,
    run_by_programs_alone,
};

/// Take 1 to popcount(n), the bits summed as `n / 2 ** j % 2`: the values
/// of a plain program, by the programs alone.
#[test]
fn a_sum_of_bits_gives_the_plain_programs_values() {
    let last = 3000;
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=last {
        let bits = (n as u64).count_ones() as usize;
        values.push(mex((1..=bits).map(|k| values[n - k])));
    }
    let script = format!(
        "def pc(n) = sum([n / 2 ** j % 2 for j in 0..40])
game F(n) = < F(n - k) for k in 1..=pc(n) >
print(seq(F, 0..={last}))"
    );
    let printed = assert_same_as_the_generic_search(&script);
    let listed: Vec<String> = values.iter().map(u64::to_string).collect();
    assert_eq!(printed, format!("[{}]\n", listed.join(", ")));
    run_by_programs_alone(&script, &script);
}

/// A sum of the bits of a number over a range of constants is one count
/// of the bits under a mask (`Op::BitCount`): for bits from 0 or not, up
/// to the 63rd, of numbers below 0 (two's complement's, as `/` rounds
/// down) and far past 2^32, the values of a plain program summing
/// `x // 2 ** j % 2` one by one, by the programs alone, and the generic
/// search's; the 64th bit, whose power overflows, is its error.
#[test]
fn bits_summed_over_a_range_are_counted_at_once() {
    type Number = fn(i64) -> i64;
    let numbers: [(&str, Number); 3] = [
        ("n", |n| n),
        ("n * 37 - 5000", |n| n * 37 - 5000),
        ("(n - 300) * 12345678901", |n| (n - 300) * 12_345_678_901),
    ];
    for (x, number) in numbers {
        for (range, bits) in [
            ("0..40", 0..40),
            ("3..10", 3..10),
            ("0..=62", 0..63),
            ("5..6", 5..6),
            ("1..63", 1..63),
        ] {
            // The options are the heaps below the count: its value is
            // the count.
            let script = format!(
                "game F(n) = < *k for k in 0..sum([({x}) / 2 ** j % 2 for j in {range}]) >\n\
                 seq(F, 0..=600)"
            );
            let g: Vec<i64> = (0..=600)
                .map(|n| {
                    (bits.clone())
                        .map(|j| number(n).div_euclid(1 << j).rem_euclid(2))
                        .sum()
                })
                .collect();
            let (printed, _) = run_by_programs_alone(&script, &script);
            assert_eq!(printed.trim(), format!("{g:?}"), "{x}, {range}");
            assert_eq!(assert_same_as_the_generic_search(&script), printed);
        }
    }
    let script = "game F(n) = < F(n - 1) + *(sum([n / 2 ** j % 2 for j in 0..64])) if n > 0 >\n\
                  g(F(9))";
    let (_, error) = assert_same_error_as_the_generic_search(script);
    assert!(error.contains("integer overflow"), "{error}");
}

/// Powers read twice in a round, counted down, of negative bases, and
/// past 64 bits where a filter skips them: the generic search's values.
#[test]
fn powers_stepped_any_way_equal_the_generic_search() {
    for body in [
        "< F(n - 2 ** j) for j in 0..62 if 2 ** j <= n >",
        "< F(n - 3 ** j) for j in reversed(0..40) if 3 ** j <= n >",
        "< F(n - k) for k in 1..=sum([(-2) ** j for j in 0..n % 7 + 1]) if k <= n >",
        "< F(n - k) for k in 1..=len([j for j in 0..100 if j < 20 and 5 ** j % 7 == n % 7]) if k <= n >",
        "< F(n - 1) + *(sum([10 ** j for j in 0..25 if j < n % 19])) if n > 0 >",
    ] {
        let script = format!("game F(n) = {body}\nprint(seq(F, 0..=400))");
        assert_same_as_the_generic_search(&script);
        run_by_programs_alone(&script, &script);
    }
}

/// A power past 64 bits, or at a negative exponent, that is read: the
/// generic search's error.
#[test]
fn a_power_read_past_64_bits_is_the_generic_searchs_error() {
    for body in [
        "< F(n - 1) + *(sum([2 ** j for j in 0..70])) if n > 0 >",
        "< F(n - 1) + *(sum([2 ** j for j in -2..n])) if n > 0 >",
    ] {
        let script = format!("game F(n) = {body}\nprint(g(F(5)))");
        assert_same_error_as_the_generic_search(&script);
    }
}

/// Take a non-zero decimal digit of the heap, `n / 10 ** j % 10` for `j`
/// in `0..10`: the variable is read through a quotient, which the VM
/// would compute at every `j`, so the ten powers are unrolled, each
/// digit a quotient by a constant. The values of a plain program, by the
/// programs alone, and the generic search's.
#[test]
fn the_digits_of_the_heap_are_quotients_by_constants() {
    let script = "game F(n) = < F(n - d) for j in 0..10 for d in [n / 10 ** j % 10] if d > 0 >\n\
                  seq(F, 0..=3000)";
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=3000usize {
        let digits = std::iter::successors(Some(n), |m| Some(m / 10)).take_while(|&m| m > 0);
        g.push(mex(digits
            .map(|m| m % 10)
            .filter(|&d| d > 0)
            .map(|d| g[n - d])));
    }
    let (printed, _) = run_by_programs_alone(script, script);
    assert_eq!(printed.trim(), format!("{g:?}"));
    assert_eq!(assert_same_as_the_generic_search(script), printed);
    let ir = ir_of(script);
    assert!(ir.contains("short loops unrolled"), "{ir}");
    assert!(
        ir.contains("for d in [(n / 1000000000) % 10] if d > 0"),
        "{ir}"
    );
}

/// A quotient or a remainder by `2 ** e`, `e` not a constant, is a shift
/// or a mask (`Op::ByPowerOfTwo`): rounded down and Euclid's for negative
/// heaps as for positive ones, the values of a plain program by the
/// programs alone, and the generic search's error where the power fails.
#[test]
fn quotients_by_powers_of_two_are_pythons() {
    let script = "game F(n) = < F(n - 1) + *((n * 37 - 500) / 2 ** (n % 11) + 500) + \
                  *((n * 41 - 900) % 2 ** (n % 13)) if n > 0 >\n\
                  seq(F, 0..=600)";
    let mut g: Vec<u64> = vec![0];
    for n in 1..=600i64 {
        let quotient = (n * 37 - 500).div_euclid(1 << (n % 11)) + 500;
        let rest = (n * 41 - 900).rem_euclid(1 << (n % 13));
        g.push(mex([g[n as usize - 1] ^ quotient as u64 ^ rest as u64]));
    }
    let (printed, _) = run_by_programs_alone(script, script);
    assert_eq!(printed.trim(), format!("{g:?}"));
    assert_eq!(assert_same_as_the_generic_search(script), printed);
    for body in [
        "< F(n - 1) + *(n / 2 ** (n - 3)) if n > 0 >",
        "< F(n - 1) + *(n % 2 ** (n + 58)) if n > 0 >",
    ] {
        let script = format!("game F(n) = {body}\nprint(g(F(8)))");
        assert_same_error_as_the_generic_search(&script);
    }
}

//! The VM that runs integer programs (`src/engine/kernel/vm/`): its jumps
//! evaluate only what the language evaluates (`and`, `or`, `if … then …
//! else`, filters before later elements), and an expression of the
//! parameters shared by several elements is computed once without being
//! computed where it would fail. Against the generic search and plain
//! references written here.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, mex,
    run_by_programs_alone, subtraction,
};

/// Asserts that `printed` is the list of `values`, as `print` writes it.
fn assert_printed_list(printed: &str, values: &[u64]) {
    let values: Vec<String> = values.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", values.join(", ")));
}

/// The moves chosen by `n % 3` (`{1, 2}`, `{1, 3}`, `{2, 3, 4}`), by a
/// plain memo.
fn moves_by_residue(last: usize) -> Vec<u64> {
    let moves = [&[1, 2][..], &[1, 3], &[2, 3, 4]];
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=last {
        let options = moves[n % 3].iter().filter(|&&k| k <= n);
        values.push(mex(options.map(|&k| values[n - k])));
    }
    values
}

/// Six spellings of the same game, among them four elements whose
/// filters read `n % 3` (computed once per position, shared by all), give
/// the plain memo's values and the generic search's; the lists chosen by
/// `if … then … else` and joined by `+` are laid in parts.
#[test]
fn every_spelling_of_moves_chosen_by_a_residue_gives_the_same_values() {
    let spellings = [
        "let M = [[1, 2], [1, 3], [2, 3, 4]]\n\
         game R(n) = < R(n - k) for k in M[n % 3] if k <= n >",
        "let M = {0: [1, 2], 1: [1, 3], 2: [2, 3, 4]}\n\
         game R(n) = < R(n - k) for k in M[n % 3] if k <= n >",
        "game R(n) = < R(n - k) for k in (if n % 3 == 0 then [1, 2] \
         else if n % 3 == 1 then [1, 3] else [2, 3, 4]) if k <= n >",
        "game R(n) = < R(n - k) for k in 1..=4 if k <= n and (k <= 2 and n % 3 == 0 \
         or k % 2 == 1 and n % 3 == 1 or k >= 2 and n % 3 == 2) >",
        "game R(n) = < R(n - k) for k in (if n % 3 == 2 then [2] + [3, 4] \
         else [1, n % 3 + 2]) if k <= n >",
        "let M = [[2], [3], [3, 4]]\n\
         game R(n) = < R(n - k) for k in (if n % 3 == 2 then [2] else [1]) + M[n % 3] if k <= n >",
    ];
    let expected = moves_by_residue(300);
    let expected: Vec<String> = expected.iter().map(u64::to_string).collect();
    for spelling in spellings {
        let printed = assert_same_as_the_generic_search(&format!("{spelling}\nseq(R, 0..=300)"));
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{spelling}"
        );
    }
}

/// `or` and `and` stop at the part that decides, and `if … then … else`
/// evaluates its branch alone: the parts left out would divide by zero.
#[test]
fn conditions_and_branches_evaluate_only_what_the_language_does() {
    let script = "game S(n) = < S(n - k) for k in 1..=3 if k <= n \
                    and (n == 4 or 12 % (n - 4) != 0) \
                    and not (n == 5 and 7 / (n - 5) > 0) >\n\
                  game T(n) = < T(n - (if n == 4 then 1 else 1 + 12 % (n - 4))) if n > 0 >\n\
                  [seq(S, 0..=60), seq(T, 0..=60)]";
    let printed = assert_same_as_the_generic_search(script);
    let mut s: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let keep = n == 4 || 12 % (n as i64 - 4) != 0;
        let options = (1..=3.min(n)).filter(|_| keep);
        s.push(mex(options.map(|k| s[n - k])));
    }
    let mut t: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let step = if n == 4 {
            1
        } else {
            1 + 12i64.rem_euclid(n as i64 - 4) as usize
        };
        let options = (n > 0 && step <= n).then(|| t[n - step]);
        t.push(mex(options));
    }
    let show = |v: &[u64]| {
        let items: Vec<String> = v.iter().map(u64::to_string).collect();
        format!("[{}]", items.join(", "))
    };
    assert_eq!(printed.trim(), format!("[{}, {}]", show(&s), show(&t)));
}

/// An expression of the parameter that may fail is not computed ahead of
/// the filter guarding it, and where a position does reach it, the error
/// is the generic search's.
#[test]
fn an_expression_that_may_fail_waits_for_its_filters() {
    let guarded = "game G(n) = < G(n - 1) if n > 0, G(100 % (n - 50) % n) if n < 50 and n > 1 >\n\
                   seq(G, 0..=49)";
    let printed = assert_same_as_the_generic_search(guarded);
    assert!(printed.starts_with('['), "{printed}");
    let reached = "game G(n) = < G(n - 1) if n > 0, G(100 % (n - 50) % n) if n > 1 >\n\
                   print(g(G(60)))";
    let (_, error) = assert_same_error_as_the_generic_search(reached);
    assert!(error.contains("zero"), "{error}");
}

/// Asserts the values of "take `1 + k % 5`, `k` the sum of `list`" for
/// heaps `0..=300`: the generic search's, and a plain loop's with `total`
/// computing the sum.
fn assert_moves_by_a_sum(list: &str, total: fn(i64) -> i64) {
    let script = format!(
        "game M(n) = < M(max(0, n - 1 - k % 5)) if n > 0 for k in [sum({list})] >\n\
         seq(M, 0..=300)"
    );
    let printed = assert_same_as_the_generic_search(&script);
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=300i64 {
        let k = total(n);
        let options = (n > 0).then(|| values[(n - 1 - k.rem_euclid(5)).max(0) as usize]);
        values.push(mex(options));
    }
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", items.join(", ")), "{list}");
}

/// A remainder by a constant is a multiplication for an argument in
/// `0..2³²` and a division elsewhere: negative arguments, a divisor of 1
/// and one just below 2³² give Python's remainders; arguments past 2³²
/// too, which the generic search computes (they leave the slot bound).
#[test]
fn a_remainder_by_a_constant_is_pythons_for_every_argument() {
    assert_moves_by_a_sum(
        "[(n - 40) % 3, n * n * 13 % 5, n % 1, n * 977 % 4294967291 % 7]",
        |n| (n - 40).rem_euclid(3) + (n * n * 13) % 5 + (n * 977 % 4294967291) % 7,
    );
    assert_moves_by_a_sum(
        "[n * n * 1000003 % 5, n * 4300000000 % 4294967291 % 6]",
        |n| (n * n * 1000003) % 5 + n * 4300000000 % 4294967291 % 6,
    );
}

/// A quotient by a constant is a multiplication for an argument in
/// `0..2³²` and a division elsewhere: negative arguments (rounded down, as
/// in Python), a divisor of 1, of 2 and one just below 2³² give Python's
/// quotients; arguments past 2³² too.
#[test]
fn a_quotient_by_a_constant_is_pythons_for_every_argument() {
    assert_moves_by_a_sum(
        "[(n - 40) / 3, n / 1, n / 2, (17 - n) / 2, n * 9000000 / 4294967291, (n - 150) * 7 / 9]",
        |n| {
            let small = (n - 40).div_euclid(3) + n + n / 2 + (17 - n).div_euclid(2);
            small + n * 9000000 / 4294967291 + ((n - 150) * 7).div_euclid(9)
        },
    );
    assert_moves_by_a_sum("[n * 4300000000 / 7, (n - 150) * 4300000000 / 9]", |n| {
        n * 4300000000 / 7 + ((n - 150) * 4300000000).div_euclid(9)
    });
}

/// Euclid's algorithm, by a plain loop.
fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A recursive `def` is VM code of its own: a call of itself in tail
/// position (`gcd(b, a % b)`) is a loop, each turn one level of calls
/// deeper, so that one going past the program's depth (`count`) is left
/// to the generic search, as a nested call is; calls not in tail position
/// (`ones`) nest. A condition's last part is in tail position (`odd`,
/// `prime_from`). Against a plain program.
#[test]
fn recursive_defs_run_as_code_their_tail_calls_as_loops() {
    let script = "def gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n\
                  def count(n, acc) = if n == 0 then acc else count(n - 1, acc + 1)\n\
                  def ones(n) = if n == 0 then 0 else n % 2 + ones(n / 2)\n\
                  def odd(n) = n == 1 or (n % 2 == 1 and odd(n / 2))\n\
                  def prime_from(n, d) = d * d > n or (n % d != 0 and prime_from(n, d + 1))\n\
                  game G(n) = < G(n - k) for k in 1..=6 if k <= n and gcd(n, k) == 1 \
                  and count(n % 7 * 50, k) % 3 != 1 and (ones(n) + k) % 4 != 0 \
                  and not odd(n - k + 1), G(n - p) for p in 2..=n if prime_from(p, 2) >\n\
                  seq(G, 0..=200)";
    let printed = assert_same_as_the_generic_search(script);
    let ones = |n: i64| n.count_ones() as i64;
    let odd = |n: i64| n > 0 && (n + 1).count_ones() == 1;
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=200i64 {
        let options = (1..=6.min(n))
            .filter(|&k| gcd(n, k) == 1 && (n % 7 * 50 + k) % 3 != 1)
            .filter(|&k| (ones(n) + k) % 4 != 0 && !odd(n - k + 1))
            .map(|k| values[(n - k) as usize]);
        let prime = |p: i64| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0);
        let primes = (2..=n)
            .filter(|&p| prime(p))
            .map(|p| values[(n - p) as usize]);
        values.push(mex(options.chain(primes)));
    }
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", items.join(", ")));
}

/// An argument of a recursive `def` that grows past the bound the VM's
/// arithmetic relies on leaves the position to the generic search, which
/// reports the overflow: the program never wraps around.
#[test]
fn a_recursive_def_whose_argument_grows_reports_its_overflow() {
    let script = "def h(n) = if n < 0 then 7 else h(n * 1000)\n\
                  game H(n) = < H(n - 1) + *h(n + 1) if n >= 1 >\n\
                  print(g(H(5)))";
    let (printed, error) = assert_same_error_as_the_generic_search(script);
    assert_eq!(printed, "");
    assert!(error.contains("overflow"), "{error}");
}

/// Only a body that is a condition all through (`if … then 1 else 0` at
/// its top) gives 1 or 0 however it returns: a call of itself inside a
/// condition nested in another body (`f`, which may give 5) is a call,
/// not a tail call standing for the condition's result.
#[test]
fn a_condition_nested_in_a_body_keeps_its_calls() {
    // The value of `G(n)` is `f(n)`: its options are the heaps below it.
    let script = "def f(n) = if n > 10 then (if f(n - 1) != 0 then 1 else 0) else 5\n\
                  game G(n) = < *k for k in 0..f(n) >\n\
                  seq(G, 0..=14)";
    let printed = assert_same_as_the_generic_search(script);
    let values: Vec<String> = (0..=14)
        .map(|n| if n > 10 { "1" } else { "5" }.to_string())
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", values.join(", ")));
}

/// What the walk runs natively takes its values from the code: a split
/// whose range ends where a filter stops holding (a loop's end searched
/// for), a loop over constants whose options step, a curve and a loop
/// whose bound fails where its range is empty. Each against the generic
/// search, no position left to it.
#[test]
fn native_loops_take_their_values_from_the_code() {
    let games = [
        "game G(n) = < G(a) + G(n - a) for a in 1..n if a * a < n >",
        "let moves = [k for k in 1..=20 if k % 3 != 0]\n\
         game G(n) = < G(n - k) + *(n % 2) for k in moves if k <= n >",
        "game G(n) = < G(n - k * k) for k in 1..=n if k * k <= n >",
        // Triangular and pentagonal numbers are curves (exact quotients);
        // half a square is not (it moves by 0, 2, 2, 4, 4, …).
        "game G(n) = < G(n - k * (k + 1) / 2) for k in 1..=n if k * (k + 1) / 2 <= n >",
        "game G(n) = < G(n - k * (3 * k - 1) / 2) + *(n % 3) for k in 1..=n if k * (3 * k - 1) / 2 <= n >",
        "game G(n) = < G(n - k * k / 2 - 1) for k in 0..=n if k * k / 2 + 1 <= n >",
        "game G(n) = < G(n - k) + *(n / d % 2) for d in 0..3 for k in 1..=d if k <= n >",
    ];
    for game in games {
        let script = format!("{game}\nprint(seq(G, 0..=200))");
        assert_same_as_the_generic_search(&script);
        run_by_programs_alone(&script, game);
    }
}

/// Take `k` in `1..=12` tokens, `k` coprime to the heap, by a plain memo
/// with Euclid's algorithm.
fn take_coprime(last: usize) -> Vec<u64> {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=last {
        let options = (1..=12.min(n)).filter(|&k| gcd(n, k) == 1);
        values.push(mex(options.map(|k| values[n - k])));
    }
    values
}

/// A recursive `def` of two parameters or more that calls itself only in
/// tail position runs in place, a loop in the position's frame: Euclid's
/// algorithm three ways, its condition all through, and as a loop inside
/// another function's, give the plain memo's values with no position left
/// to the generic search. A loop longer than the calls the VM nests
/// leaves its positions (and only those) to the generic search, which
/// reports a loop that never ends as it would.
#[test]
fn loops_of_recursive_defs_run_in_place() {
    let gcd = "def gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n";
    let spellings = [
        format!("{gcd}game C(n) = < C(n - k) for k in 1..=12 if k <= n and gcd(n, k) == 1 >"),
        format!("{gcd}game C(n) = < C(n - k) for k in 1..=min(n, 12) if gcd(k, n % k) == 1 >"),
        "def coprime(a, b) = if b == 0 then a == 1 else coprime(b, a % b)\n\
         game C(n) = < C(n - k) for k in 1..=12 if k <= n and coprime(n, k) >"
            .to_string(),
        format!(
            "{gcd}def lcm(a, b, acc) = if acc % b == 0 then acc / gcd(a, b) * gcd(a, b) \
             else lcm(a, b, acc + a)\n\
             game C(n) = < C(n - k) for k in 1..=12 if k <= n and lcm(n, k, n) == n * k >"
        ),
    ];
    let expected: Vec<String> = take_coprime(400).iter().map(u64::to_string).collect();
    for spelling in &spellings {
        let script = format!("{spelling}\nprint(seq(C, 0..=400))");
        let printed = assert_same_as_the_generic_search(&script);
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{spelling}"
        );
        let (_, report) = run_by_programs_alone(&script, spelling);
        assert!(
            report.contains("recursive defs run in place as loops"),
            "{report}"
        );
    }

    // `count(a, k)` is `a + k`, after `a + 1` calls of itself.
    let long = "def count(a, b) = if a == 0 then b else count(a - 1, b + 1)\n\
                game G(n) = < G(n - k) for k in 1..=3 if k <= n and count(n + 3900, k) % 2 == 0 >\n\
                print(seq(G, 0..=300))";
    let printed = assert_same_as_the_generic_search(long);
    let values = subtraction(300, |n| {
        (1..=3.min(n)).filter(move |k| (n + 3900 + k) % 2 == 0)
    });
    assert_printed_list(&printed, &values);
    let (_, report) = common::run_binary(&["--stats", "-e", long]);
    // The positions from 196 on call `count` more than 4096 times deep.
    assert!(
        report.contains("\n105 positions computed by the generic search"),
        "{report}"
    );

    let (_, error) = assert_same_error_as_the_generic_search(
        "def spin(a, b) = spin(b, a)\n\
         game G(n) = < G(n - k) for k in 1..=3 if k <= n and spin(n, k) == 1 >\n\
         print(g(G(5)))",
    );
    assert!(error.contains("recursion deeper than"), "{error}");
}

/// A call of a recursive `def` whose first test the loop around it
/// decides is that test's branch: `gcd(n, k)` for `k` from 1 is `gcd(k,
/// n % k)`, and the condition `coprime(n, k)` is `coprime(k, n % k)`. A
/// call whose test the loop leaves open (`k` from 0) or whose argument is
/// not affine stays a call. Each gives the plain program's values and the
/// generic search's, no position left to it.
#[test]
fn calls_whose_first_test_the_loop_decides_are_unfolded() {
    let gcd_def = "def gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n";
    let coprime_def = "def coprime(a, b) = if b == 0 then a == 1 else coprime(b, a % b)\n";
    let games = [
        (
            format!(
                "{gcd_def}game C(n) = < C(n - k) for k in 1..=12 if k <= n and gcd(n, k) == 1 >"
            ),
            "gcd(k, n % k) == 1",
        ),
        (
            format!(
                "{coprime_def}game C(n) = < C(n - k) for k in 1..=12 if k <= n and coprime(n, k) >"
            ),
            "coprime(k, n % k) != 0",
        ),
        (
            format!(
                "{gcd_def}game C(n) = < C(n - k - 1) for k in 0..12 if k < n and gcd(n, k) == 1 >"
            ),
            "gcd(n, k) == 1",
        ),
        (
            format!(
                "{gcd_def}game C(n) = < C(n - k) for k in 1..=12 if k <= n and gcd(n * n, k) == 1 >"
            ),
            "gcd(n * n, k) == 1",
        ),
    ];
    let plain = |last: usize, from: usize, square: bool| {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..=last {
            let of = if square { n * n } else { n } as i64;
            // `1..=12` or `0..12`.
            let options = (from..=11 + from)
                .filter(|&k| (k < n || (from == 1 && k == n)) && gcd(of, k as i64) == 1)
                .map(|k| values[n - k - (from == 0) as usize]);
            values.push(mex(options));
        }
        values
    };
    let expected = [
        plain(300, 1, false),
        plain(300, 1, false),
        plain(300, 0, false),
        plain(300, 1, true),
    ];
    for ((game, call), expected) in games.iter().zip(expected) {
        let script = format!("{game}\nprint(seq(C, 0..=300))");
        let printed = assert_same_as_the_generic_search(&script);
        let expected: Vec<String> = expected.iter().map(u64::to_string).collect();
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{game}"
        );
        let (ir, _) = common::run_binary(&["--emit", "ir", "-e", game]);
        assert!(ir.contains(&format!("if {call}")), "{ir}");
        run_by_programs_alone(&script, game);
    }
}

/// A recursive `def` of two or three parameters called with small
/// arguments keeps its results: each call after the first with the same
/// arguments recalls it, run in place or called from another function,
/// at any depth. Against a plain program and the generic search.
#[test]
fn results_of_recursive_defs_on_small_arguments_are_recalled() {
    // `mix(a, b, c)` swaps `b` and `c` and adds 1 to the second, `a`
    // times over; `walk(d, a)` calls it `d` levels down.
    let script = "def mix(a, b, c) = if a == 0 then b * 3 + c else mix(a - 1, c, b + 1)\n\
                  def walk(d, a) = if d == 0 then mix(a, a % 4, 2) else walk(d - 1, a) + 0 * walk(0, 0)\n\
                  game M(n) = < M(n - k) for k in 1..=5 if k <= n \
                  and (mix(n % 9, k, n % 4) + walk(n % 6, k)) % 3 != 0 >\n\
                  print(seq(M, 0..=400))";
    let printed = assert_same_as_the_generic_search(script);
    let mix = |mut a: i64, mut b: i64, mut c: i64| {
        while a != 0 {
            (a, b, c) = (a - 1, c, b + 1);
        }
        b * 3 + c
    };
    let values = subtraction(400, |n| {
        (1..=5.min(n)).filter(move |&k| {
            (mix(n as i64 % 9, k as i64, n as i64 % 4) + mix(k as i64, k as i64 % 4, 2)) % 3 != 0
        })
    });
    assert_printed_list(&printed, &values);
    run_by_programs_alone(script, script);
}

/// A loop over constants some of which lie past the bound the VM's
/// arithmetic keeps (`2 ** i` for `i` up to 39) walks those its bounds let
/// through (`p <= n`); a position whose bounds would walk one is left to
/// the generic search.
#[test]
fn constants_past_the_slot_bound_are_listed_not_walked() {
    let pows = "let pows = [2 ** i for i in 0..40]\n";
    let script =
        format!("{pows}game F(n) = < F(n - p) for p in pows if p <= n >\nprint(seq(F, 0..=3000))");
    let printed = assert_same_as_the_generic_search(&script);
    let values = subtraction(3000, |n| {
        (0..40).map(|i| 1usize << i).take_while(move |&p| p <= n)
    });
    assert_printed_list(&printed, &values);
    run_by_programs_alone(&script, &script);
    // Every position but the first walks 2^32 and past: the generic
    // search's.
    let script = format!(
        "{pows}game G(n) = < G(n - 1) + *(p % 5) for p in pows if n > 0 and p < 2 ** 35 >\n\
         print(seq(G, 0..=20))"
    );
    assert_same_as_the_generic_search(&script);
    let (_, report) = common::run_binary(&["--stats", "-e", &script]);
    assert!(
        report.contains("\n20 positions computed by the generic search"),
        "{report}"
    );
}

/// A loop over one item binds its variable (`Op::Bind`), without laying
/// the item on the item stack: the decimal digits of the heap, each taken
/// as a move, in three spellings, give a plain loop's values; an item
/// past the slot bound, as a walked item would, leaves its position to
/// the generic search.
#[test]
fn a_loop_over_one_item_binds_its_variable() {
    let values = subtraction(3000, |n| {
        let digits = std::iter::successors(Some(n), |&m| (m >= 10).then_some(m / 10));
        digits
            .map(|m| m % 10)
            .filter(|&d| d > 0)
            .collect::<Vec<_>>()
    });
    for body in [
        "< F(n - d) for j in 0..5 for d in [n / 10 ** j % 10] if d > 0 >",
        "< F(n - d) for j in 0..5 for m in [n / 10 ** j] for d in [m % 10] if d > 0 >",
        "< F(b) for j in 0..5 for d in [n / 10 ** j % 10] if d > 0 for b in [n - d] >",
    ] {
        let script = format!("game F(n) = {body}\nprint(seq(F, 0..=3000))");
        let printed = assert_same_as_the_generic_search(&script);
        assert_printed_list(&printed, &values);
        run_by_programs_alone(&script, &script);
    }
    let script = "game G(n) = < G(n - 1) + *(b % 7) for b in [n * 2 ** 31] if n > 0 >\n\
                  print(seq(G, 0..=20))";
    assert_same_as_the_generic_search(script);
    let (_, report) = common::run_binary(&["--stats", "-e", script]);
    assert!(
        report.contains("\n19 positions computed by the generic search"),
        "{report}"
    );
}

/// A loop over constants whose variable is read only through a call of a
/// recursive `def` (`fib(i)`) walks the call's values, tabled when the IR
/// is built and bounded by the filter; a call that fails on one of the
/// values (`10 / (i - 3)`) is left to the position, which reports it as
/// the generic search does.
#[test]
fn calls_on_a_loop_over_constants_are_tabled() {
    let game = "def fib(i) = if i < 2 then i + 1 else fib(i - 1) + fib(i - 2)\n\
                game F(n) = < F(n - fib(i)) for i in 0..12 if fib(i) <= n >";
    let script = format!("{game}\nprint(seq(F, 0..=600))");
    let printed = assert_same_as_the_generic_search(&script);
    let mut fibs = vec![1usize, 2];
    while fibs.len() < 12 {
        fibs.push(fibs[fibs.len() - 1] + fibs[fibs.len() - 2]);
    }
    let values = subtraction(600, |n| fibs.iter().copied().filter(move |&f| f <= n));
    assert_printed_list(&printed, &values);
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", game]);
    assert!(
        ir.contains("F(n - i) for i in [1, 2, 3, 5, 8, 13, 21, 34,") && ir.contains("within 1.."),
        "{ir}"
    );
    run_by_programs_alone(&script, game);

    // Values past the slot bound (2 ** 61) are listed as a `let` list's
    // are: the filter keeps every position from them.
    let powers = "def pw(j) = if j == 0 then 1 else 2 * pw(j - 1)\n\
                  game F(n) = < F(n - pw(j)) for j in 0..62 if pw(j) <= n >";
    let script = format!("{powers}\nprint(seq(F, 0..=2000))");
    let values = subtraction(2000, |n| {
        (0..62).map(|j| 1usize << j).filter(move |&k| k <= n)
    });
    assert_printed_list(&run_by_programs_alone(&script, powers).0, &values);
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", powers]);
    assert!(
        ir.contains("tabled") && ir.contains(", 2305843009213693952]"),
        "{ir}"
    );

    let failing = "def f(i) = if i > 5 then 0 else 10 / (i - 3)\n\
                   game G(n) = < G(n - 1) for i in 0..6 if n > 0 and f(i) > 0 >\n\
                   print(g(G(4)))";
    let (_, err) = common::assert_same_error_as_the_generic_search(failing);
    assert!(err.contains("division by zero"), "{err}");
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", failing]);
    assert!(!ir.contains("tabled"), "{ir}");
}

/// A range from a constant whose first filter reads only its variable
/// through a recursive `def` (`for k in 1..=n if ones(k) == 1`) walks the
/// values that pass, found once over all the positions: against a plain
/// program and the generic search. A filter that fails at 50 serves the
/// positions below it, and the positions that reach it report the error.
#[test]
fn filters_of_a_range_from_a_constant_are_sieved() {
    let game = "def ones(k) = if k == 0 then 0 else k % 2 + ones(k / 2)\n\
                game G(n) = < G(n - k) for k in 1..=n if ones(k) == 1 >";
    let script = format!("{game}\nprint(seq(G, 0..=600))");
    let printed = assert_same_as_the_generic_search(&script);
    let values = subtraction(600, |n| (1..=n).filter(|k| k.is_power_of_two()));
    assert_printed_list(&printed, &values);
    run_by_programs_alone(&script, game);

    let failing = "def f(k) = if k > 60 then 1 else 10 / (k - 50)\n\
                   game F(n) = < F(n - k) for k in 2..=n if f(k) != 0 >";
    assert_same_as_the_generic_search(&format!("{failing}\nprint(seq(F, 0..=49))"));
    let (_, err) = common::assert_same_error_as_the_generic_search(&format!(
        "{failing}\nprint(seq(F, 0..=30))\nprint(g(F(70)))"
    ));
    assert!(err.contains("division by zero"), "{err}");
}

/// A one-parameter table filled position after position, each option
/// marked as the VM makes it (`Kernel::dense_value`): values past 64
/// (the word of marks full), a native loop beside the code's own
/// options, a position whose option the table does not hold yet (counting
/// up, left to the walk of its options) and one that fails (the walk
/// reports it). Against plain programs and the generic search.
#[test]
fn a_dense_fill_marks_each_option_as_the_vm_makes_it() {
    // Every earlier heap whose square is not 3 mod 11 (a loop the code
    // runs itself), and half the heap past 4: values pass 64.
    let mut wide: Vec<u64> = Vec::new();
    for n in 0..300usize {
        let options = (0..n).filter(|k| k * k % 11 != 3).map(|k| wide[k]);
        let half = (n > 4).then(|| wide[n / 2 + 1]);
        wide.push(mex(options.chain(half)));
    }
    assert!(wide.iter().any(|&v| v >= 64));
    let script = "game N(n) = < N(k) for k in 0..n if (k * k) % 11 != 3, N(n / 2 + 1) if n > 4 >\n\
                  seq(N, 0..300)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &wide);
    run_by_programs_alone(script, script);
    // Take 1 to 3 (a native loop) or halve an even heap.
    let halve = subtraction(2000, |n| 1..=n.min(3));
    let mut halve_too: Vec<u64> = Vec::new();
    for n in 0..=2000usize {
        let taken = (1..=n.min(3)).map(|k| halve_too[n - k]);
        let half = (n % 2 == 0 && n > 0).then(|| halve_too[n / 2]);
        halve_too.push(mex(taken.chain(half)));
    }
    assert_ne!(halve, halve_too);
    let script = "game H(n) = < H(n - k) for k in 1..=min(3, n), H(n / 2) if n % 2 == 0 and n > 0 >\n\
                  seq(H, 0..=2000)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &halve_too);
    // An option above an even heap: the table does not hold it when the
    // fill reaches the heap.
    let mut up: Vec<u64> = vec![0; 61];
    for n in (1..=60usize).step_by(2) {
        up[n] = mex((n >= 2).then(|| up[n - 2]));
    }
    for n in (0..=60usize).step_by(2) {
        let down = (n >= 2).then(|| up[n - 2]);
        up[n] = mex(down.into_iter().chain((n < 40).then(|| up[n + 1])));
    }
    let script = "game U(n) = < U(n - 2) if n > 1, U(n + 1) if n % 2 == 0 and n < 40 >\n\
                  seq(U, 0..=60)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &up);
    // An option that fails at heap 50: the walk of its options reports
    // the error, as the generic search does.
    let script = "game E(n) = < E(n - 1) if n > 0, E(n / (n - 50)) if n % 2 == 0 and n > 2 >\n\
                  seq(E, 0..60)";
    let (_, error) = assert_same_error_as_the_generic_search(script);
    assert!(error.contains("division by zero"), "{error}");
}

/// A loop over constants whose options are one heap each, read from the
/// dense table as the fill walks them and marked at once (no list): the
/// constants within the heap found from where the last position cut them,
/// values past 64 listed, a heap xored into each. Against a plain memo.
#[test]
fn options_of_a_loop_over_constants_are_marked_as_they_are_read() {
    let moves: Vec<usize> = (1..=150).filter(|k| k % 100 != 0 && k % 117 != 0).collect();
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=1500usize {
        let options = moves.iter().filter(|&&k| k <= n);
        values.push(mex(options.map(|&k| values[n - k] ^ (n as u64 % 5))));
    }
    assert!(values.iter().any(|&v| v >= 64));
    let script = "let moves = [k for k in 1..=150 if k % 100 != 0 and k % 117 != 0]
                  game G(n) = < G(n - k) + *(n % 5) for k in moves if k <= n >
                  print(seq(G, 0..=1500))";
    let (printed, _) = run_by_programs_alone(script, script);
    assert_printed_list(&printed, &values);
}

/// Elements left with no clauses once their filters are decided (`F(n -
/// 2) if n >= 2` from heap 2 on) make their options in one operation
/// (`Op::EmitRun`), only where no jump lands between them: after an
/// element whose filter may skip it, the next one starts its own.
#[test]
fn options_of_elements_with_no_clauses_are_made_together() {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..3000usize {
        let third = (n % 3 == 0 && n >= 1).then(|| values[n - 1]);
        let taken = [2, 4, 5]
            .into_iter()
            .filter(|&k| k <= n)
            .map(|k| values[n - k]);
        values.push(mex(third.into_iter().chain(taken)));
    }
    let script = "game F(n) = < F(n - 1) if n % 3 == 0 and n >= 1,                   F(n - 2) if n >= 2, F(n - 4) if n >= 4, F(n - 5) if n >= 5 >\n\
                  seq(F, 0..3000)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &values);
    run_by_programs_alone(script, script);
}

#[test]
fn clauses_on_the_heap_are_decided_only_past_where_they_settle() {
    // Filters that settle at heaps 0, 4, 7, 10 and 12 (the last, `3 * n
    // > 34`, rounded), one never (`n % 3`), one on the loop's variable;
    // a `min` settling at 5, a `max` at 3; each decided a heap early
    // would change a value at or past it.
    let mut values: Vec<u64> = Vec::new();
    for n in 0..200i64 {
        let at = |k: i64| values[k as usize];
        let mut options = Vec::new();
        if n >= 1 && n != 7 {
            options.push(at(n - 1));
        }
        if n >= 4 || n == 0 {
            options.push(3);
        }
        if 3 * n > 34 && n % 3 != 0 {
            options.push(at(n / 2) ^ 1);
        }
        for k in 1..=n.min(5) {
            if 10 - n < k {
                options.push(at(n - k) ^ 2);
            }
        }
        for k in (n - 3).max(0)..n.min(2) {
            options.push(at(k) ^ 4);
        }
        values.push(mex(options));
    }
    let script = "game A(n) = < A(n - 1) if n >= 1 and n != 7, *3 if not (n < 4) or n == 0, \
                  A(n / 2) + *1 if 3 * n > 34 and n % 3 != 0, \
                  A(n - k) + *2 for k in 1..=min(n, 5) if 10 - n < k, \
                  A(k) + *4 for k in max(n - 3, 0)..min(n, 2) >\n\
                  seq(A, 0..200)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &values);
    run_by_programs_alone(script, script);
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", script]);
    assert!(ir.contains("clauses on the heap alone decided"), "{ir}");
    // A `min` settling last (at 5), then a `max` (at 7), each over nim
    // heaps, which need no table: decided a heap early, they would give
    // another heap among the options.
    type Heaps = fn(i64) -> std::ops::Range<i64>;
    let games: [(&str, Heaps); 2] = [
        (
            "game B(n) = < B(n - 1) + *7 if n > 0, *k for k in 0..min(2 * n, 9) >",
            |n| 0..(2 * n).min(9),
        ),
        (
            "game B(n) = < B(n - 1) + *7 if n > 0, *k for k in max(7 - n, 0)..3 >",
            |n| (7 - n).max(0)..3,
        ),
    ];
    for (script, range) in games {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..40i64 {
            let heaps = range(n).map(|k| k as u64);
            let taken = (n > 0).then(|| values[n as usize - 1] ^ 7);
            values.push(mex(heaps.chain(taken)));
        }
        let script = format!("{script}\nseq(B, 0..40)");
        assert_printed_list(&assert_same_as_the_generic_search(&script), &values);
    }
    // A comparison or a `min` whose heap overflows on the way, however it
    // cancels after, is not decided: the language reports the overflow.
    for failing in [
        "game S(n) = < S(n - 1) if n > 0 and (n + 9223372036854775000 - 9223372036854775000) != 3 >\n\
         g(S(1000))",
        "game S(n) = < S(n - k) for k in 1..=min(n + 9223372036854775000 - 9223372036854775000, 3) >\n\
         g(S(1000))",
    ] {
        common::assert_same_error_as_the_generic_search(failing);
    }
}

/// Of a `max`'s parts on one base only the largest is kept (of a `min`'s
/// the smallest): `k != last` made bounds gives `max(1, last, last + 1)`,
/// which is `max(1, last + 1)`; `min(min(n, 50), n + 1)` is `min(n, 50)`.
#[test]
fn a_max_or_min_keeps_one_part_on_each_base() {
    let script = "game F(n, last) = < F(n - k, k) for k in 1..=3 if k <= n and k != last >\n\
                  game M(n) = < M(k) + *1 for k in 0..min(min(n, 50), n + 1) >";
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", script]);
    assert!(
        ir.contains("for k in max(1, last + 1)..min(4, n + 1)"),
        "{ir}"
    );
    assert!(ir.contains("for k in 0..min(n, 50)\n"), "{ir}");
    let mut f = vec![[0u64; 4]; 301];
    for n in 0..=300 {
        for last in 0..4 {
            let moves = (1..=3).filter(|&k| k <= n && k != last);
            f[n][last] = mex(moves.map(|k| f[n - k][k]));
        }
    }
    let mut m: Vec<u64> = Vec::new();
    for n in 0..=300 {
        let options = (0..n.min(50)).map(|k| m[k] ^ 1);
        m.push(mex(options));
    }
    let script =
        format!("{script}\n[g(F(n, last)) for n in 0..=300 for last in 0..4]\nseq(M, 0..=300)");
    let printed = assert_same_as_the_generic_search(&script);
    let (both, ms) = printed.trim().split_once('\n').expect("two lines");
    assert_printed_list(&format!("{both}\n"), &f.concat());
    assert_printed_list(&format!("{ms}\n"), &m);
}

/// A loop over a `def`'s comprehension named twice, the second time on
/// the first's variable: the first comprehension's loop keeps its slot
/// while the second's runs (it had shared it, so `k` read the inner
/// loop's variable).
#[test]
fn a_loop_over_a_defs_comprehension_keeps_its_slot() {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..60usize {
        let pick = |m: usize| 1..=m.min(3);
        let options = pick(n).flat_map(|k| pick(k).map(move |j| (k, j)));
        values.push(mex(options.map(|(k, j)| values[n - k] ^ (j as u64 - 1))));
    }
    let script = "def pick(n) = [k for k in 1..=3 if k <= n]\n\
                  game P(n) = < P(n - k) + *(j - 1) for k in pick(n) for j in pick(k) >\n\
                  seq(P, 0..60)";
    assert_printed_list(&assert_same_as_the_generic_search(script), &values);
    run_by_programs_alone(script, script);
}

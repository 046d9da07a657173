//! Filters tested where they can first be: right after the last loop they
//! read, and an `or` one of whose parts bounds a loop split into two
//! bounds (`ir::filters`). Against the generic search, which tests every
//! filter where the program wrote it: the same values, and the same error
//! where a loop stepped over would have failed.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, ir_of, mex,
};

/// Integer programs whose filters read outer loops, or are an `or` with a
/// bound in it, give the generic search's values, and their IR tests no
/// filter after an inner loop.
#[test]
fn filters_moved_up_or_split_into_bounds_equal_the_generic_search() {
    let script = "game A(n) = < A(n - k - j) for k in 1..=n for j in 0..=n - k if k < 3 or j < 1 >\n\
                  game B(n) = < B(a) + B(b) for a in 0..n for b in 0..n - a if a < 2 or b > a + 1 >\n\
                  game C(n) = < C(n - k) for k in 1..=n for j in [0, 1] if k % 3 != 2 and j + k <= n >\n\
                  game D(n) = < D(n - k) + *j for k in 1..=n for j in 0..3 if n % 2 == 0 or k > 1 >\n\
                  [seq(A, 0..120), seq(B, 0..60), seq(C, 0..200), seq(D, 0..200)]";
    let printed = assert_same_as_the_generic_search(script);
    // A: from n, take k + j with k in 1..=n and j in 0..=n-k, where k < 3
    // or j = 0: every total t in 1..=n is reached (k = t, j = 0).
    let mut a: Vec<u64> = Vec::new();
    for n in 0..120usize {
        a.push(mex((1..=n).map(|t| a[n - t])));
    }
    let expected: Vec<String> = a.iter().map(u64::to_string).collect();
    assert!(printed.starts_with(&format!("[[{}]", expected.join(", "))));
    let ir = ir_of(script);
    // The part `k < 3` is a bound, the range it leaves short: unrolled.
    assert!(
        ir.contains("A(n - j - 1) for j in 0..=n - 1\n  A(n - j - 2) for j in 0..=n - 2\n"),
        "{ir}"
    );
    assert!(
        ir.contains("A(n - k - j) for k in 3..n + 1 for j in 0..min(n - k + 1, 1)\n"),
        "{ir}"
    );
    // C's filter on `k` is tested before the loop on `j`, where it keeps
    // the remainders 0 and 1 of `k`: the loop walks those alone.
    assert!(
        ir.contains("C(n - 3*k) for k in 1..(n + 3) / 3 for j in [0, 1] if 3*k + j <= n\n"),
        "{ir}"
    );
    assert!(
        ir.contains("C(n - 3*k - 1) for k in 0..(n + 2) / 3 for j in [0, 1] if 3*k + j + 1 <= n\n"),
        "{ir}"
    );
    // D's `or` splits on its part that reads `n` alone, tested once,
    // before the loops; where it fails, `k > 1` bounds the range.
    assert!(
        ir.contains("D(n - k) + *j if n % 2 == 0 for k in 1..=n for j in 0..3\n"),
        "{ir}"
    );
    assert!(
        ir.contains("D(n - k) + *j if n % 2 != 0 for k in 2..n + 1 for j in 0..3\n"),
        "{ir}"
    );
}

/// A part of an `or` that reads no loop's variable and cannot fail (`n >
/// 20`) is tested before the loops: the element is the loops unfiltered
/// where it holds, and filtered by the rest where not, so a split stays a
/// split (`n > 20 or a != 1` took 35 times as long as its two-element
/// spelling). Every spelling gives the values of a plain program and of
/// the generic search; a part that may fail stays behind the loop, whose
/// empty range evaluates nothing.
#[test]
fn an_invariant_part_of_an_or_is_tested_before_the_loops() {
    let spellings = [
        "game G(n) = < G(a) + G(n - 2 - a) for a in 0..=n-2 if a != 1, G(1) + G(n - 3) if n > 20 >",
        "game G(n) = < G(a) + G(n - 2 - a) for a in 0..=n-2 if n > 20 or a != 1 >",
        "game G(n) = < G(a) + G(n - 2 - a) for a in 0..=n-2 if not (a == 1 and n <= 20) >",
    ];
    let mut g: Vec<u64> = Vec::new();
    for n in 0..300usize {
        let pairs = (0..=n.saturating_sub(2)).filter(|_| n >= 2);
        let kept = pairs.filter(|&a| n > 20 || a != 1);
        g.push(mex(kept.map(|a| g[a] ^ g[n - 2 - a])));
    }
    let expected: Vec<String> = g.iter().map(u64::to_string).collect();
    for game in spellings {
        let printed = assert_same_as_the_generic_search(&format!("{game}\nseq(G, 0..300)"));
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{game}"
        );
        let ir = ir_of(game);
        assert!(ir.contains("split G(a) + G(n - a - 2)"), "{ir}");
    }
    let ir = ir_of(spellings[1]);
    assert!(
        ir.contains("split G(a) + G(n - a - 2) if n > 20 for a in 0..=n - 2\n"),
        "{ir}"
    );
    // `12 / (n - 5)` may fail, at n = 5 only, where the range is empty:
    // tested before the loop, it would fail where the language fails not.
    let guarded = "game F(n) = < F(n - 1 - a) for a in 0..n - 5 if 12 / (n - 5) > 1 or a == 0 >\n\
                   seq(F, 0..=12)";
    let printed = assert_same_as_the_generic_search(guarded);
    assert_eq!(printed.trim(), "[0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 0]");
}

/// A filter does not step over a loop whose range may fail, nor over one
/// that may index past a list: the search must still report that error.
#[test]
fn a_filter_stays_behind_a_loop_that_may_fail() {
    for script in [
        "game F(n) = < F(n - k) for k in 1..=n for j in 0..(10 / (k - 1)) if k > 1 >\ng(F(6))",
        "game L(p) = < L(p[..i] + [p[i] - 1] + p[i + 1..]) for i in 0..len(p) \
         for j in 0..p[i + 1] if i < len(p) - 1 and p[i] > 0 >\ng(L([2, 2, 1]))",
        "game L(p) = < L(p[..i] + [p[i] - 1] + p[i + 1..]) for i in 0..len(p) \
         for j in i - 4..len(p) for x in 0..p[j] if i > 3 and p[i] > 0 >\ng(L([2, 2, 1]))",
    ] {
        assert_same_error_as_the_generic_search(script);
    }
}

/// Moore's Nim_2 written as one comprehension, whose filters
/// `(x < p[i] or y < p[j]) and (i < j or x == y)` become bounds, gives the
/// values of the slices spelling, of the generic search and of Moore's
/// theorem: a position is lost exactly when, in binary, every column of
/// the heaps sums to a multiple of 3.
#[test]
fn moores_nim_as_one_comprehension_equals_the_generic_search() {
    let script = "game M(p) = < M([if t == i then x else if t == j then y else p[t] for t in 0..len(p)]) \
                  for i in 0..len(p) for j in i..len(p) for x in 0..=p[i] for y in 0..=p[j] \
                  if (x < p[i] or y < p[j]) and (i < j or x == y) >\n\
                  [outcome(M([a, b, c])) for a in 0..5 for b in 0..5 for c in 0..5]";
    let printed = assert_same_as_the_generic_search(script);
    let mut expected = Vec::new();
    for a in 0..5u32 {
        for b in 0..5u32 {
            for c in 0..5u32 {
                let lost =
                    (0..3).all(|bit| ((a >> bit & 1) + (b >> bit & 1) + (c >> bit & 1)) % 3 == 0);
                expected.push(if lost { "\"P\"" } else { "\"N\"" });
            }
        }
    }
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    let ir = ir_of(script);
    let first = "M(((p with [j] = y) with [i] = x)) for i in 0..len(p) for j in i + 1..len(p) \
                 for x in 0..p[i] for y in 0..=p[j]\n";
    assert!(ir.contains(first), "{ir}");
    assert!(!ir.contains(" if "), "every filter is a bound:\n{ir}");
}

/// A filter that a later loop implies (`if k <= n` before `for a in
/// 0..=n - k`, as unrolling `for k in {2, 5, 7}` leaves it) is dropped, so
/// that the element is a split in every spelling; the values are the
/// generic search's and a plain program's. Behind a clause that may fail
/// the filter stays, so the search fails nowhere it did not.
#[test]
fn guards_a_loop_implies_are_dropped_where_nothing_may_fail() {
    let script = "game T(n) = < T(a) + T(n - k - a) for k in {2, 5, 7} if k <= n for a in 0..=n - k >\n\
                  seq(T, 0..200)";
    let printed = assert_same_as_the_generic_search(script);
    let mut t: Vec<u64> = Vec::new();
    for n in 0..200usize {
        let options = [2, 5, 7]
            .into_iter()
            .filter(|&k| k <= n)
            .flat_map(|k| (0..=n - k).map(move |a| (a, n - k - a)));
        let value = mex(options.map(|(a, b)| t[a] ^ t[b]).collect::<Vec<_>>());
        t.push(value);
    }
    let expected: Vec<String> = t.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    let ir = ir_of(script);
    assert!(!ir.contains(" if "), "no guard is left:\n{ir}");
    assert_eq!(ir.matches("  split T(a) + T(n - a - ").count(), 3, "{ir}");

    let guarded = "game A(n) = < A(a) + A(n - 2 - a) if 2 <= n if 10 % (n - 1) != 3 \
                   for a in 0..=n - 2 >\nseq(A, 0..40)";
    assert_same_as_the_generic_search(guarded);
    let ir = ir_of(guarded);
    assert!(
        ir.contains(" if 2 <= n"),
        "the guard before a modulo stays:\n{ir}"
    );
}

/// A filter on the remainder of a loop's variable walks only the values
/// it keeps (`for k in 1..=b if k % 2 == 1` is `for k in 0..(b + 1) / 2`
/// with `k` read as `2·k + 1`), and `if k != 3` is two ranges around 3:
/// every element a line again. The generic search's values and a plain
/// program's; behind a filter that may fail, the remainder stays a filter.
#[test]
fn remainders_and_exclusions_walk_only_the_values_they_keep() {
    let script = "game T(a, b) = < T(a - k, b) for k in 1..=a if k != 3, \
                  T(a, b - k) for k in 1..=b if k % 2 == 1 >\n\
                  game E(n) = < E(k + 5) for k in -5..n - 5 if k % 3 == 1, E(n - k) for k in 1..=n if k % 4 != 0 >\n\
                  game Z(n) = < Z(n - k) for k in 1..=n if 2 == k % 2 >\n\
                  [[g(T(a, b)) for a in 0..30 for b in 0..30], seq(E, 0..150), seq(Z, 0..20)]";
    let printed = assert_same_as_the_generic_search(script);
    let mut t = vec![vec![0u64; 30]; 30];
    for a in 0..30 {
        for b in 0..30 {
            let mut options: Vec<u64> = (1..=a).filter(|&k| k != 3).map(|k| t[a - k][b]).collect();
            options.extend((1..=b).filter(|k| k % 2 == 1).map(|k| t[a][b - k]));
            t[a][b] = mex(options);
        }
    }
    let mut e: Vec<u64> = Vec::new();
    for n in 0..150usize {
        // E(k + 5) for k ≡ 1 (mod 3), k from -5: the positions j < n with
        // j ≡ 0 (mod 3); and E(n − k) for k in 1..=n, k not a multiple of 4.
        let mut options: Vec<u64> = (0..n).filter(|j| j % 3 == 0).map(|j| e[j]).collect();
        options.extend((1..=n).filter(|k| k % 4 != 0).map(|k| e[n - k]));
        e.push(mex(options));
    }
    let show = |values: &[u64]| {
        let shown: Vec<String> = values.iter().map(u64::to_string).collect();
        format!("[{}]", shown.join(", "))
    };
    let t: Vec<u64> = t.into_iter().flatten().collect();
    let z = show(&[0; 20]);
    assert_eq!(printed.trim(), format!("[{}, {}, {z}]", show(&t), show(&e)));
    let ir = ir_of(script);
    for line in [
        "  T(a - k, b) for k in 1..min(a + 1, 3)\n",
        "  T(a - k, b) for k in 4..a + 1\n",
        "  T(a, b - 2*k - 1) for k in 0..(b + 1) / 2\n",
        "  E(3*k + 6) for k in -2..(n - 4) / 3\n",
        "  E(n - 4*k - 3) for k in 0..(n + 1) / 4\n",
    ] {
        assert!(ir.contains(line), "{line}in\n{ir}");
    }
    assert!(!ir.contains(" if "), "{ir}");
    // Z's filter never holds: Z has no options at all.
    assert!(ir.contains("game Z(n): integer program; passes: remainder filters stepped\n"));
    let guarded =
        "game F(n) = < F(n - k) for k in 1..=n if 12 % (k - 1) != 5 if k % 2 == 0 >\ng(F(6))";
    assert_same_error_as_the_generic_search(guarded);
    assert!(ir_of(guarded).contains("if k % 2 == 0"));
}

/// Remainders of any modulus kept by `==`, and a few residues joined by
/// `or`, are walked as steps; residues of two moduli, or too many kept,
/// stay filters. Against a plain program and the generic search.
#[test]
fn residues_of_larger_moduli_and_joined_by_or_are_stepped() {
    let script = "game M(n) = < M(n - k) for k in 1..=n if k % 5 == 1 or k % 5 == 4, \
                  M(n - k) for k in 1..=n if k % 7 == 3 or 3 == k % 7, \
                  M(n - k) for k in 1..=n if k % 5 == 1 or k % 6 == 1, \
                  M(n - k) for k in 1..=n if k % 9 != 0 >\n\
                  seq(M, 0..200)";
    let printed = assert_same_as_the_generic_search(script);
    let mut m: Vec<u64> = Vec::new();
    for n in 0..200usize {
        let kept = |k: &usize| {
            [1, 4].contains(&(k % 5))
                || k % 7 == 3
                || k % 5 == 1
                || k % 6 == 1
                || !k.is_multiple_of(9)
        };
        let options: Vec<u64> = (1..=n).filter(kept).map(|k| m[n - k]).collect();
        m.push(mex(options));
    }
    let shown: Vec<String> = m.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", shown.join(", ")));
    let ir = ir_of(script);
    for line in [
        "  M(n - 5*k - 1) for k in 0..(n + 4) / 5\n",
        "  M(n - 5*k - 4) for k in 0..(n + 1) / 5\n",
        "  M(n - 7*k - 3) for k in 0..(n + 4) / 7\n",
        "  M(n - k) for k in 1..=n if (k % 5 == 1 or k % 6 == 1)\n",
        "  M(n - k) for k in 1..=n if k % 9 != 0\n",
    ] {
        assert!(ir.contains(line), "{line}in\n{ir}");
    }
}

/// Euclid's game by the quotient, `k` times the smaller heap taken from
/// the larger for `k` up to their quotient: the spelling the filter
/// spellings of its moves are held to.
const EUCLID_BY_QUOTIENT: &str = "game E(a, b) = if a == 0 or b == 0 then <> else \
    < E(a - k * b, b) for k in 1..=a / b, E(a, b - k * a) for k in 1..=b / a >";

/// A filter on divisibility by a parameter, `(a - c) % b == 0`, walks
/// only the values it keeps: Euclid's game written with the heap left
/// equals its spelling by the quotient and the generic search, whatever
/// the sign of the modulus; where the modulus is 0, the search's error.
#[test]
fn divisibility_by_a_parameter_walks_the_multiples() {
    let all = "\n[g(E(a, b)) for a in 0..25 for b in 0..25]";
    let left = "game E(a, b) = < E(c, b) for c in 0..a if b > 0 and (a - c) % b == 0, \
                E(a, c) for c in 0..b if a > 0 and (b - c) % a == 0 >";
    assert_eq!(
        assert_same_as_the_generic_search(&format!("{left}{all}")),
        assert_same_as_the_generic_search(&format!("{EUCLID_BY_QUOTIENT}{all}"))
    );
    let ir = ir_of(left);
    assert!(
        ir.contains(
            "  E(a - ((abs(b)) * c), b) if b > 0 for c in (0 / (abs(b))) + 1..(a / (abs(b))) + 1\n"
        ),
        "{ir}"
    );
    // The loop's variable added rather than subtracted, a modulus that is
    // an expression and may be negative, a range not from 0.
    let signs = "game S(n) = < S(k) for k in 2..n if (k + n) % (2 * n - 7) == 0, \
                 S(n - 1) for j in 0..1 if n > 0 >\n\
                 seq(S, 0..60)";
    let printed = assert_same_as_the_generic_search(signs);
    let mut s: Vec<u64> = Vec::new();
    for n in 0..60i64 {
        let mut options: Vec<u64> = (2..n)
            .filter(|k| (k + n).rem_euclid(2 * n - 7) == 0)
            .map(|k| s[k as usize])
            .collect();
        if n > 0 {
            options.push(s[n as usize - 1]);
        }
        s.push(mex(options));
    }
    let shown: Vec<String> = s.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", shown.join(", ")));
    assert!(ir_of(signs).contains("remainder filters stepped"));
    // A modulus of 0 where the range is not empty is the search's error.
    assert_same_error_as_the_generic_search(
        "game Z(n, m) = < Z(c, m) for c in 0..n if (n - c) % m == 0 >\ng(Z(3, 0))",
    );
}

/// A filter that holds for the first values of a loop and for none after
/// (`k * k <= n`, however spelled) ends the loop where it first fails: the
/// subtraction of squares is a loop over the squares, tabled (see
/// `tests/squares.rs`), then a loop stopped at the filter past the
/// table. The generic search's values and a plain program's; where the
/// filter overflows for some value, the search's error.
#[test]
fn filters_holding_on_a_prefix_end_their_loops() {
    let spellings = [
        "game S(n) = < S(n - k * k) for k in 1..=n if k * k <= n >",
        "game S(n) = < S(n - k * k) for k in 1..n + 1 if n >= k * k >",
        "game S(n) = < S(n - k * k) for k in 1..=n if k * k < n + 1 >",
        "def square(k) = k * k\ngame S(n) = < S(n - square(k)) for k in 1..=n if square(k) <= n >",
    ];
    let mut s: Vec<u64> = Vec::new();
    for n in 0..=3000usize {
        s.push(mex((1..).take_while(|k| k * k <= n).map(|k| s[n - k * k])));
    }
    let shown: Vec<String> = s.iter().map(u64::to_string).collect();
    for game in spellings {
        let printed = assert_same_as_the_generic_search(&format!("{game}\nseq(S, 0..=3000)"));
        assert_eq!(printed.trim(), format!("[{}]", shown.join(", ")), "{game}");
        let ir = ir_of(game);
        assert!(
            ir.contains("S(n - k) if 1 < n + 1 for k in [1, 4, 9, 16,"),
            "{ir}"
        );
        assert!(ir.contains("for k in 4097..n + 1 while "), "{ir}");
    }
    // A quotient by a constant rises with what it divides: the
    // subtraction of triangular numbers is a loop over them.
    let triangular =
        "game S(n) = < S(n - k * (k + 1) / 2) for k in 1..=n if k * (k + 1) / 2 <= n >";
    let mut t: Vec<u64> = Vec::new();
    for n in 0..=3000usize {
        let moves = (1..).map(|k| k * (k + 1) / 2).take_while(|&m| m <= n);
        t.push(mex(moves.map(|m| t[n - m])));
    }
    let shown: Vec<String> = t.iter().map(u64::to_string).collect();
    let printed = assert_same_as_the_generic_search(&format!(
        "{triangular}
seq(S, 0..=3000)"
    ));
    assert_eq!(printed.trim(), format!("[{}]", shown.join(", ")));
    let ir = ir_of(triangular);
    assert!(ir.contains(" while (k * (k + 1)) / 2 <= n"), "{ir}");
    // Two filters, each ending the loop; a product of a parameter and the
    // variable does not rise for certain, so it stays a filter.
    let both = "game T(n) = < T(n - k) for k in 1..=n if k * k <= n if 3 * k * (k + 1) < 2 * n + 7, \
                T(n - k) for k in 1..=n if n * k <= 40, T(n - k) for k in 1..=n if k * k >= n + 30 >\n\
                seq(T, 0..400)";
    assert_same_as_the_generic_search(both);
    let ir = ir_of(both);
    assert!(
        ir.contains("for k in 1..n + 1 while k * k <= n while (3*k) * (k + 1) < 2*n + 7\n"),
        "{ir}"
    );
    assert!(ir.contains("if n * k <= 40"), "{ir}");
    assert!(ir.contains("if k * k >= n + 30"), "{ir}");
    // Past a filter that keeps the parameter at 1 or more, the product
    // rises: Euclid's game, its moves written as a filter, ends its loops
    // at `a / b`, as its spelling by the quotient does (the filter divided
    // by the parameter is the loop's bound: `tests/multiples.rs`).
    let all = "\n[g(E(a, b)) for a in 0..30 for b in 0..30]";
    let euclid = "game E(a, b) = < E(a - k * b, b) for k in 1..=a if b > 0 and k * b <= a, \
                  E(a, b - k * a) for k in 1..=b if 0 < a and k * a <= b >";
    assert_eq!(
        assert_same_as_the_generic_search(&format!("{euclid}{all}")),
        assert_same_as_the_generic_search(&format!("{EUCLID_BY_QUOTIENT}{all}"))
    );
    let ir = ir_of(euclid);
    assert!(
        ir.contains("for k in 1..min(a + 1, (a / (max(b, 1))) + 1)\n"),
        "{ir}"
    );
    assert!(
        ir.contains("for k in 1..min(b + 1, (b / (max(a, 1))) + 1)\n"),
        "{ir}"
    );
    for failing in [
        // Overflows from k = 2 on.
        "game O(n) = < O(n - 1) for k in 0..=n if k * 4611686018427387904 <= n >\ng(O(5))",
        // Behind a filter that may fail, the filter stays.
        "game F(n) = < F(n - k) for k in 1..=n if 12 % (k - 1) != 5 if k * k <= n >\ng(F(6))",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

/// A comprehension's loop ends where such a filter first fails, its items
/// kept in order: subtract a prime found by trial division up to the
/// square root, and subtract the largest square, the last item of the
/// squares up to the heap. The generic search's values and a plain
/// program's; where the filter overflows, the search's error.
#[test]
fn comprehension_loops_end_at_filters_holding_on_a_prefix() {
    let primes = "game P(n) = < P(n - p) for p in 2..=n \
                  if all([p % d != 0 for d in 2..p if d * d <= p]) >";
    let prime = |p: usize| {
        p >= 2
            && (2..p)
                .take_while(|d| d * d <= p)
                .all(|d| !p.is_multiple_of(d))
    };
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=300usize {
        values.push(mex((2..=n).filter(|&p| prime(p)).map(|p| values[n - p])));
    }
    let printed = assert_same_as_the_generic_search(&format!("{primes}\nseq(P, 0..=300)"));
    assert_eq!(printed.trim(), format!("{values:?}"));
    let ir = ir_of(primes);
    assert!(ir.contains("for d in 2..p while d * d <= p"), "{ir}");
    // The same filter negated, joined to another, or less a constant.
    for filter in ["not (d * d > p)", "d * d <= p and d > 1", "d * d - 1 < p"] {
        let spelled = primes.replace("d * d <= p", filter);
        let printed = assert_same_as_the_generic_search(&format!("{spelled}\nseq(P, 0..=300)"));
        assert_eq!(printed.trim(), format!("{values:?}"), "{spelled}");
        assert!(
            ir_of(&spelled).contains("for d in 2..p while "),
            "{}",
            ir_of(&spelled)
        );
    }
    // The last item is the largest square root: order kept.
    let largest = "game L(n) = < L(n - r * r) for t in 0..1 if n > 0 \
                   for r in [[d for d in 1..=n if d * d <= n][-1]] >";
    let mut values: Vec<u64> = vec![0];
    for n in 1..=3000usize {
        let root = (1..=n).take_while(|d| d * d <= n).last().unwrap();
        values.push(mex([values[n - root * root]]));
    }
    let printed = assert_same_as_the_generic_search(&format!("{largest}\nseq(L, 0..=3000)"));
    assert_eq!(printed.trim(), format!("{values:?}"));
    assert!(ir_of(largest).contains(" while "), "{}", ir_of(largest));
    assert_same_error_as_the_generic_search(
        "game O(n) = < O(n - 1) for k in 0..1 if n > 0 \
         if len([d for d in 0..=n if d * 4611686018427387904 <= n]) > 0 >\ng(O(5))",
    );
}

/// A sum over the digits of a number, written with powers (`n / 2 ** j %
/// 2` for the bits), stops where the quotient is 0, since it stays 0 and
/// the items after it are 0: the sum of bits is the bits of `n`, not 40
/// of them. The generic search's values and a plain program's, below 0
/// too (where the quotient is never 0); where a power overflows in the
/// range, the search's error.
#[test]
fn sums_of_digits_stop_where_the_quotient_is_zero() {
    let popcount = "def pc(n) = sum([n / 2 ** j % 2 for j in 0..40])\n\
                    game F(n) = < F(n - k) for k in 1..=pc(n) >";
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=3000usize {
        values.push(mex((1..=n.count_ones() as usize).map(|k| values[n - k])));
    }
    let printed = assert_same_as_the_generic_search(&format!("{popcount}\nseq(F, 0..=3000)"));
    assert_eq!(printed.trim(), format!("{values:?}"));
    assert!(
        ir_of(popcount).contains("for j in 0..40 while n / (2 ** j) != 0]"),
        "{}",
        ir_of(popcount)
    );
    // Base 10, an item weighted by the loop's variable, two bits at a
    // time, and numbers below 0.
    let digits = "game D(n) = < D(n - 1) if n > 0 and sum([n / 10 ** j % 10 for j in 0..18]) % 3 != 1, \
                  D(n - 2) if n > 1 and sum([j * (n / 2 ** j % 2) for j in 0..50]) % 4 == 1, \
                  D(n - 3) if n > 2 and sum([(n - 60) / 2 ** j % 4 for j in 1..40]) % 5 < 2 >";
    assert_same_as_the_generic_search(&format!("{digits}\nseq(D, 0..=400)"));
    let ir = ir_of(digits);
    assert_eq!(ir.matches(" != 0]").count(), 3, "{ir}");
    // Not where an item past the last digit is not 0.
    let counted =
        "game C(n) = < C(n - k) for k in 1..=sum([n / 2 ** j % 2 + 1 for j in 0..40]) if k <= n >";
    assert_same_as_the_generic_search(&format!("{counted}\nseq(C, 0..=300)"));
    assert!(!ir_of(counted).contains("!= 0]"), "{}", ir_of(counted));
    for failing in [
        // 2 ** 63 and 3 ** 40 overflow, past the last digit.
        "game F(n) = < F(n - 1) if sum([n / 2 ** j % 2 for j in 0..70]) > 0 >\ng(F(9))",
        "game F(n) = < F(n - 1) if sum([n / 3 ** j % 3 for j in 0..45]) > 0 >\ng(F(9))",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

/// Arguments that are polynomials of degree 2 in the loop's variable
/// (`n - k * k`, `b - k * (k + 1)`) are stepped by their differences: the
/// generic search's values and a plain program's. Where an argument may
/// overflow within the range, each option is evaluated, and the error is
/// the search's.
#[test]
fn arguments_of_degree_two_are_stepped_as_the_search_evaluates_them() {
    let script = "game Q(a, b) = < Q(a - k * k, b) for k in 1..=a if k * k <= a, \
                  Q(a, b - k * (k + 1)) for k in 1..=b if k * (k + 1) <= b, \
                  Q(a - 1, 2 * k * k - 3 * k + b - 2 * k * k + 3 * k) for k in 0..a >\n\
                  [g(Q(a, b)) for a in 0..40 for b in 0..40]";
    let printed = assert_same_as_the_generic_search(script);
    let mut q = vec![vec![0u64; 40]; 40];
    for a in 0..40 {
        for b in 0..40 {
            let mut options: Vec<u64> = (1..)
                .take_while(|k| k * k <= a)
                .map(|k| q[a - k * k][b])
                .collect();
            options.extend(
                (1..)
                    .take_while(|k| k * (k + 1) <= b)
                    .map(|k| q[a][b - k * (k + 1)]),
            );
            if a > 0 {
                options.push(q[a - 1][b]);
            }
            q[a][b] = mex(options);
        }
    }
    let expected: Vec<String> = q.iter().flatten().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    // A curve of one parameter that falls then rises (from n - 1 down to
    // n - 1 - m² and back, m = n / 30), read straight from the family's
    // values.
    let script = "game U(n) = < U(n - 1 - k * (2 * m - k)) for m in [n / 30] for k in 0..=2 * m if n > 0 >\n\
                  seq(U, 0..=800)";
    let printed = assert_same_as_the_generic_search(script);
    assert!(ir_of(script).contains("for k in"), "{}", ir_of(script));
    let mut u: Vec<u64> = Vec::new();
    for n in 0..=800i64 {
        let m = n / 30;
        let options = (0..=2 * m).filter(|_| n > 0);
        u.push(mex(options.map(|k| u[(n - 1 - k * (2 * m - k)) as usize])));
    }
    let expected: Vec<String> = u.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    // k * 2^60 * k overflows from k = 3 on, past the values a curve starts
    // from.
    let overflowing = "game P(n) = < P(n - 1 + 0 * (k * 1152921504606846976 * k)) for k in 0..=n if n > 0 >\ng(P(5))";
    let (_, error) = assert_same_error_as_the_generic_search(overflowing);
    assert!(error.contains("overflow"), "{error}");
}

/// A loop kept to the divisors of a number walks the divisors found up to
/// its square root, in every spelling of the test (either side, through a
/// `def`, past a filter that cannot fail, over negative `k`): the generic
/// search's values, a reference's, and its error where `k` may be 0.
#[test]
fn divisor_filters_walk_the_divisors() {
    let games = [
        "game F(n) = < F(n - k) for k in 1..n if n % k == 0 >",
        "game F(n) = < F(n - k) for k in 1..n if 0 == n % k >",
        "def divides(k, n) = n % k == 0\ngame F(n) = < F(n - k) for k in 1..n if divides(k, n) >",
        "game F(n) = < F(n - k) for k in 1..n if k <= n and n % k == 0 >",
        "game F(n) = < F(n + k) for k in -n + 1..0 if n % k == 0 >",
    ];
    // Take a proper divisor: a reference by trial of every k.
    let mut f: Vec<u64> = Vec::new();
    for n in 0..=400usize {
        f.push(mex((1..n).filter(|k| n % k == 0).map(|k| f[n - k])));
    }
    let expected: Vec<String> = f.iter().map(u64::to_string).collect();
    for game in games {
        let script = format!("{game}\nprint(seq(F, 0..=400))");
        let ir = ir_of(&script);
        assert!(ir.contains("dividing n"), "{ir}");
        let printed = assert_same_as_the_generic_search(&script);
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{game}"
        );
    }
    // Divisors of another expression, with a nim heap; a range short
    // enough to unroll keeps its filter (a few remainders, where the
    // divisors are sought up to the square root).
    for (most, divisors) in [(40, true), (5, false)] {
        let two = format!(
            "game G(a, b) = < G(a - k, b) + *k for k in 1..=min(a, {most}) if (a + b) % k == 0, \
             G(a, b - 1) if b > 0 >\n[g(G(a, b)) for a in 0..60 for b in 0..30]"
        );
        let ir = ir_of(&two);
        assert_eq!(ir.contains("dividing a + b"), divisors, "{ir}");
        assert_same_as_the_generic_search(&two);
    }
    let failing = "game F(n) = < F(n - k) for k in 0..n if n % k == 0 >\ng(F(4))";
    let (_, error) = assert_same_error_as_the_generic_search(failing);
    assert!(error.contains("zero"), "{error}");
}

/// Comparisons of constants that unrolling leaves (`k <= 2` at `k = 1`)
/// are decided when the IR is built, and `and`/`or` keep only what is
/// left to test: the generic search's values.
#[test]
fn comparisons_of_constants_left_by_unrolling_are_folded() {
    let script = "game R(n) = < R(n - k) for k in 1..=4 if k <= n and \
                  (k <= 2 and n % 3 == 0 or k % 2 == 1 and n % 3 == 1 or k >= 2 and n % 3 == 2) >\n\
                  print(seq(R, 0..=300))";
    let ir = ir_of(script);
    assert!(
        ir.contains("R(n - 1) if 1 <= n if (n % 3 == 0 or n % 3 == 1)\n"),
        "{ir}"
    );
    assert!(ir.contains("R(n - 4) if 4 <= n if n % 3 == 2\n"), "{ir}");
    assert_same_as_the_generic_search(script);
}

/// A bound after a filter that may fail is not moved into the loop: for
/// the values it drops (`k >= 3`), the filter before it would have failed
/// (`n / (k - 3)` at 3, `S[2]`), and the search reports that error.
#[test]
fn a_bound_stays_behind_a_filter_that_may_fail() {
    let games = [
        (
            "game F(n) = < F(n - k) for k in 1..=n if n / (k - 3) <= 0 if k < 3 >",
            "division by zero",
        ),
        (
            "game F(n) = < F(n - k) for k in 1..=n if n / (k - 3) <= 0 and k < 3 >",
            "division by zero",
        ),
        (
            "let S = [5, 6]\ngame F(n) = < F(n - k) for k in 1..=n if S[k] > 0 if k < 2 >",
            "out of range",
        ),
    ];
    for (game, message) in games {
        let script = format!("{game}\nprint(seq(F, 0..=1))\nprint(seq(F, 0..=10))");
        let (printed, error) = assert_same_error_as_the_generic_search(&script);
        assert_eq!(printed.trim(), "[0, 1]", "{game}");
        assert!(error.contains(message), "{game}\n{error}");
    }
}

/// `k in low..high` evaluates both ends, as the language builds the range
/// before it tests: an end that fails is reported even where the other
/// end decides (`k < 5`).
#[test]
fn membership_in_a_range_evaluates_both_ends() {
    for test in [
        "k in 5..12 / (n - 4)",
        "k not in 5..=12 % (n - 4)",
        "k in 12 / (n - 4)..9",
    ] {
        let script =
            format!("game T(n) = < T(n - k) for k in 1..=2 if k <= n and {test} >\nprint(g(T(4)))");
        let (_, err) = common::assert_same_error_as_the_generic_search(&script);
        assert!(err.contains("by zero"), "{test}: {err}");
    }
}

/// A membership test of `n - m` (or `m + e`) in constants walks the
/// constants as amounts taken, `m` read as `n` plus each: subtracting a
/// square spelled by the heap left (`S(m) for m in 0..n if (n - m) in {1,
/// 4, 9, …}`) took over 60 s at 10^5 and 1.9 s at 10^4, the whole range
/// tested against every square. The plain program's values and the
/// generic search's, from a set, a `let` list, `m - n` in negated squares
/// and a comprehension; one whose items are filtered, and one that fails,
/// as the generic search has them.
#[test]
fn membership_of_a_difference_walks_the_members() {
    let squares: Vec<i64> = (1..=20).map(|k| k * k).collect();
    let mut s: Vec<u64> = Vec::new();
    for n in 0..300i64 {
        let options = squares
            .iter()
            .filter(|&&q| q <= n)
            .map(|&q| s[(n - q) as usize]);
        s.push(mex(options));
    }
    let expected: Vec<String> = s.iter().map(u64::to_string).collect();
    let listed = format!("[{}]", expected.join(", "));
    for game in [
        "game S(n) = < S(m) for m in 0..n if (n - m) in {1, 4, 9, 16, 25, 36, 49, 64, 81, 100, \
         121, 144, 169, 196, 225, 256, 289, 324, 361, 400} >",
        "let Q = [k * k for k in 1..=20]\ngame S(n) = < S(m) for m in 0..n if n - m in Q >",
        "game S(n) = < S(m) for m in 0..n if m - n in {-1, -4, -9, -16, -25, -36, -49, -64, -81, \
         -100, -121, -144, -169, -196, -225, -256, -289, -324, -361, -400} >",
        // Built inline, its items computed once, when the IR is built
        // (73 s at 3000 before, built again for every test).
        "game S(n) = < S(m) for m in 0..n if (n - m) in [k * k for k in 1..=20] >",
    ] {
        let printed = assert_same_as_the_generic_search(&format!("{game}\nseq(S, 0..300)"));
        assert_eq!(printed.trim(), listed, "{game}");
        let ir = ir_of(game);
        // The amounts taken, bounded by the loop's range.
        assert!(
            ir.contains("S(n + m) for m in [-400, -361, -324") && ir.contains("] within "),
            "{ir}"
        );
    }
    let odd = "game S(n) = < S(n - k) for k in 1..=n if k in [j * j for j in 1..=9 if j % 2 == 1] >\n\
               seq(S, 0..=100)";
    assert_same_as_the_generic_search(odd);
    // The squares of odd numbers only, each an element: no list built.
    let ir = ir_of(odd);
    assert!(
        ir.contains("S(n - 81) if 81 < n + 1") && !ir.contains("S(n - 4)"),
        "{ir}"
    );
    let failing = "game S(n) = < S(n - k) for k in 1..=n if k in [12 / (j - 3) for j in 1..=5] >\n\
                   g(S(10))";
    assert_same_error_as_the_generic_search(failing);
}

/// A remainder filter on what a move leaves (`(n - k) % 3 != 0`) walks
/// the loop over that expression's values, then only the remainders it
/// keeps, and a costly filter on it (`prime(n - k)`) is remembered: the
/// programs are the ones written on the heap left, and the values are
/// the generic search's and a plain program's.
#[test]
fn loops_walk_what_their_filters_read() {
    let elements = |game: &str| {
        ir_of(game)
            .lines()
            .skip(1)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let prime = "def prime(m) = m > 1 and all([m % d != 0 for d in 2..m if d * d <= m])\n";
    let by_move = format!("{prime}game G(n) = < G(n - k) for k in 1..=n if prime(n - k) >");
    let by_heap = format!("{prime}game G(n) = < G(k) for k in 0..n if prime(k) >");
    assert_eq!(elements(&by_move), elements(&by_heap));
    assert!(
        ir_of(&by_move).contains("(remembered by k)"),
        "{}",
        ir_of(&by_move)
    );
    assert_same_as_the_generic_search(&format!("{by_move}\nseq(G, 0..120)"));
    // A proper divisor taken, spelled by the heap left.
    let by_heap = "game D(n) = < D(k) for k in 1..n if n % (n - k) == 0 >";
    let by_move = "game D(n) = < D(n - k) for k in 1..n if n % k == 0 >";
    assert_eq!(elements(by_heap), elements(by_move));
    assert_same_as_the_generic_search(&format!("{by_heap}\nseq(D, 0..150)"));
    let by_move = "game G(n) = < G(n - k) for k in 1..=n if (n - k) % 3 != 0 >";
    let by_heap = "game G(n) = < G(k) for k in 0..n if k % 3 != 0 >";
    assert_eq!(elements(by_move), elements(by_heap));
    assert!(!ir_of(by_move).contains(" if "), "{}", ir_of(by_move));
    let printed = assert_same_as_the_generic_search(&format!("{by_move}\nseq(G, 0..80)"));
    let mut g: Vec<u64> = Vec::new();
    for n in 0..80 {
        g.push(mex((0..n).filter(|m| m % 3 != 0).map(|m| g[m])));
    }
    let expected: Vec<String> = g.iter().map(u64::to_string).collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    // Added, shifted, inside another loop, and a loop reaching below 0.
    // A loop over constants is left as it is, for unrolling.
    let script = "game A(n) = < A(n - k) for k in 1..=n if (k + n) % 4 == 1 >\n\
                  game B(n) = < B(n - k) for k in 1..=n if (n - k + 2) % 5 != 3 >\n\
                  game C(n) = < C(n - k) + *j for k in 1..=n for j in 0..min(k, 3) if (n - k - j) % 2 == 0 >\n\
                  game D(n) = < D(m) for k in -4..=n if (n - k) % 3 == 1 for m in [n - k] if m >= 0 and m < n >\n\
                  [seq(A, 0..70), seq(B, 0..70), seq(C, 0..70), seq(D, 0..70)]";
    assert_same_as_the_generic_search(script);
    assert!(!ir_of(script).contains('%'), "{}", ir_of(script));
    // What a comprehension of the filter's own reads (`k - d`, `d` its
    // variable) walks nothing: both filters hold for every `k`.
    let inner = "game S(n) = < S(n - k) for k in 1..=n if len([d for d in 0..3 if (k - d) % 3 == 0]) == 1 >\n\
                 game T(n) = < T(n - k) for k in 1..=n if sum([k + j for j in 0..2]) % 2 == 1 >\n\
                 [seq(S, 0..=30), seq(T, 0..=30)]";
    let every: Vec<String> = (0..=30).map(|n| n.to_string()).collect();
    let every = every.join(", ");
    assert_eq!(
        assert_same_as_the_generic_search(inner).trim(),
        format!("[[{every}], [{every}]]")
    );
    let constants = "game R(n) = < R(n - k) for k in 1..=5 if k <= n and (n + k) % 4 != 1 >";
    assert!(
        ir_of(constants).contains("short loops unrolled"),
        "{}",
        ir_of(constants)
    );
}

/// A loop over a few expressions (`for b in [n - 1 - a, n - 2 - a]`) is one
/// element per item: Kayles spelled by its two heaps is two splits, with
/// the values of the octal game 0.77 and of the generic search.
#[test]
fn loops_over_a_few_expressions_are_unrolled() {
    let kayles =
        "game K(n) = < K(a) + K(b) for a in 0..n for b in [n - 1 - a, n - 2 - a] if b >= 0 >";
    let ir = ir_of(kayles);
    assert_eq!(ir.matches("split K(a) + K(n - a - ").count(), 2, "{ir}");
    let printed = assert_same_as_the_generic_search(&format!("{kayles}\nseq(K, 0..90)"));
    let expected: Vec<String> = common::octal(&[1, 2], 89)
        .iter()
        .map(u64::to_string)
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    // An item that may fail keeps the loop, and its error.
    let failing =
        "game F(n) = < F(b) for b in [n - 1, 10 / (n - 3)] if b >= 0 and b < n >\ng(F(5))";
    assert_same_error_as_the_generic_search(failing);
}

/// `any` or `all` of a few conditions written out (`not any([k == 3, k ==
/// 6])`) is the conditions joined, when none can fail: an integer
/// program, with the generic search's values; one that may fail leaves
/// the family to the search, with its error.
#[test]
fn any_or_all_of_conditions_written_out_is_a_condition() {
    let script = "game S(n) = < S(n - k) for k in 1..=6 if k <= n and not any([k == 3, k == 6]) >\n\
                  game T(n) = < T(n - k) for k in 1..=n if all([k != 2, k % 4 != 0, k < 9]) >\n\
                  [seq(S, 0..60), seq(T, 0..60)]";
    let ir = ir_of(script);
    assert!(!ir.contains("generic search"), "{ir}");
    assert!(ir.contains("S(n - 4) if 4 <= n\n"), "{ir}");
    assert_same_as_the_generic_search(script);
    let failing =
        "game F(n) = < F(n - k) for k in 1..=n if any([k == 1, 6 / (k - 2) > 0]) >\ng(F(5))";
    assert!(
        ir_of(failing).contains("generic search"),
        "{}",
        ir_of(failing)
    );
    assert_same_error_as_the_generic_search(failing);
}

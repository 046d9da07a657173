//! Options and bodies that name positions of other families: of one
//! integer (read from its table, the other family computed first), of
//! several integers, and of lists (looked up as the search finds them).
//! Each is checked against plain references written here and against the
//! generic search, with no position left to the generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{
    CHOMP, assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, chomp, mex,
    printed_by_programs_alone, run_binary, run_by_programs_alone, wythoff,
};
use sprague::engine::Limits;
use sprague::run::{Settings, run_to_strings};

fn listed(values: impl IntoIterator<Item = u64>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", values.join(", "))
}

const WYTHOFF: &str = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
                       W(a - k, b - k) for k in 1..=min(a, b) >\n";

/// Options and bodies naming a family of two integers: a subtraction game
/// each of whose options adds a Wythoff position, and a body that is a
/// Wythoff position and a heap.
#[test]
fn positions_of_a_family_of_several_integers_are_looked_up() {
    let w = wythoff(64);
    let mut t: Vec<u64> = Vec::new();
    for n in 0..=60 {
        t.push(mex((1..=n).map(|k| t[n - k] ^ w[k][n % 4])));
    }
    let script =
        format!("{WYTHOFF}game T(n) = < T(n - k) + W(k, n % 4) for k in 1..=n >\nseq(T, 0..=60)");
    assert_eq!(printed_by_programs_alone(&script).trim(), listed(t));
    let script = format!(
        "{WYTHOFF}game P(a, b, c) = W(a, b) + *c\n\
         [g(P(a, b, c)) for a in 0..20 for b in 0..20 for c in 0..4]"
    );
    let expected = (0..20).flat_map(|a| (0..20).flat_map(move |b| (0..4).map(move |c| (a, b, c))));
    let expected = expected.map(|(a, b, c)| w[a][b] ^ c as u64);
    assert_eq!(printed_by_programs_alone(&script).trim(), listed(expected));
}

/// Bodies and options naming families of lists: Chomp's rectangles as a
/// family of two integers (`examples/chomp.sg`'s `Bar`), and nim on a
/// board of two heaps named by a family of two integers with a heap added
/// and by one of one integer.
#[test]
fn positions_of_a_family_of_lists_are_looked_up() {
    let script = format!(
        "{CHOMP}\n\
         def rect(m, n) = if m == 0 then [] else [n] + rect(m - 1, n)\n\
         game Bar(m, n) = Chomp(rect(m, n))\n\
         [g(Bar(m, n)) for m in 1..=5 for n in 1..=6]"
    );
    let mut memo = HashMap::new();
    let rectangles = (1..=5).flat_map(|m| (1..=6).map(move |n| vec![n as i64; m]));
    let expected: Vec<u64> = rectangles.map(|rows| chomp(&rows, &mut memo)).collect();
    assert_eq!(printed_by_programs_alone(&script).trim(), listed(expected));

    let script = "game N(p) = < N([p[0] - k, p[1]]) for k in 1..=p[0], \
                  N([p[0], p[1] - k]) for k in 1..=p[1] >\n\
                  game U(a, b) = < U(a - 1, b) + N([a, b]) if a > 0, N([b, a]) + *1 >\n\
                  [g(U(a, b)) for a in 0..12 for b in 0..12]";
    let mut u: Vec<Vec<u64>> = Vec::new();
    for a in 0..12 {
        let row = (0..12).map(|b| {
            let below = (a > 0).then(|| u[a - 1][b] ^ (a ^ b) as u64);
            mex(below.into_iter().chain([(a ^ b) as u64 ^ 1]))
        });
        u.push(row.collect());
    }
    let expected = (0..12).flat_map(|a| (0..12).map(move |b| (a, b)));
    let expected: Vec<u64> = expected.map(|(a, b)| u[a][b]).collect();
    assert_eq!(printed_by_programs_alone(script).trim(), listed(expected));

    // The same board named from a family of one integer, filled bottom-up.
    let script = "game N(p) = < N([p[0] - k, p[1]]) for k in 1..=p[0], \
                  N([p[0], p[1] - k]) for k in 1..=p[1] >\n\
                  game V(n) = < V(n - 1) + N([n % 5, n % 3]) if n > 0, N([n % 4, 1]) >\n\
                  seq(V, 0..=300)";
    let mut v: Vec<u64> = Vec::new();
    for n in 0..=300usize {
        let below = (n > 0).then(|| v[n - 1] ^ ((n % 5) ^ (n % 3)) as u64);
        v.push(mex(below.into_iter().chain([((n % 4) ^ 1) as u64])));
    }
    assert_eq!(printed_by_programs_alone(script).trim(), listed(v));
}

/// Options that name another family of one integer parameter: its value
/// is read from its table as a nim heap would be (`IntExpr::Grundy`), the
/// other family computed first. Against the generic search: such an
/// option in a split game, in a loop, ahead of the position (`H(n + 2)`,
/// past what was computed first) or before the first (`H(n - 5)`), of a
/// family whose body is another game, two families naming each other, and
/// a cycle through two families.
#[test]
fn options_naming_other_families_equal_the_generic_search() {
    let script = "game H(n) = < H(n - k) for k in 1..=3 if k <= n >\n\
                  game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t, H(n) >\n\
                  game G(n) = < G(n - k) + H(k) for k in 1..=n if k % 3 != 1 >\n\
                  game F(n) = < F(n - 1) + H(n + 2) if n > 0, H(2 * n) >\n\
                  game L(n) = < L(n - k) for k in [1, 4] if k <= n >\n\
                  game M(n) = < M(n - 1) + L(n) if n > 0, L(n / 2) >\n\
                  game S(n) = < S(a) + S(n - 1 - a) + H(a) for a in 0..n, \
                  S(a) + S(n - 2 - a) + H(n) for a in 0..=n - 2 >\n\
                  game Q(n) = H(n + 1)\n\
                  game R(n) = < R(n - 1) + Q(n) if n > 0, H(n - 5), H(3 * n + 7) >\n\
                  game A(n) = < A(n - 1) if n > 0, B(n - 1) if n > 0 >\n\
                  game B(n) = < B(n - 2) if n > 1, A(n) >\n\
                  [seq(K, 0..300), seq(G, 0..120), seq(F, 0..200), seq(M, 0..200), \
                  seq(S, 0..200), seq(R, 0..200), seq(A, 0..100), seq(B, 0..100)]";
    let printed = printed_by_programs_alone(script);
    // Kayles' own values with the option `H(n)`, a heap of `n % 4`.
    let mut k: Vec<u64> = Vec::new();
    for n in 0..300usize {
        let splits = (1..=2.min(n)).flat_map(|t| (0..=n - t).map(move |a| (a, n - t - a)));
        let values: Vec<u64> = splits.map(|(a, b)| k[a] ^ k[b]).collect();
        k.push(mex(values.into_iter().chain([n as u64 % 4])));
    }
    let expected: Vec<String> = k.iter().map(u64::to_string).collect();
    assert!(
        printed.starts_with(&format!("[[{}]", expected.join(", "))),
        "{printed}"
    );
    // The IR names the other family's position where the option does.
    let (ir, _) = run_binary(&["--emit", "ir", "-e", script]);
    assert!(
        ir.contains("\n  G(n - 3*k - 2) + H(3*k + 2) for k in 0..(n + 1) / 3\n"),
        "{ir}"
    );
    let cycle = "game C(n) = < D(n) >\ngame D(n) = < C(n) >\ng(C(3))";
    let fast = run_to_strings("t.sg", cycle, Settings::default());
    assert!(
        fast.1.as_deref().is_some_and(|e| e.contains("cycle")),
        "{fast:?}"
    );
}

/// Heaps that are positions of another family moving with the loop
/// (`A(n - 1) + H(a) for a in 0..n`) are read along that family's table
/// by the native loop: up, down, by twos, past what was computed first
/// (`K(2 * a)`, searched), two in one option, and over constants. Against
/// plain programs here and the generic search.
#[test]
fn heaps_of_other_families_moving_with_a_loop_are_walked_natively() {
    let script = "game H(n) = < H(n - k) for k in 1..=3 if k <= n >\n\
                  game K(n) = < K(n - k) for k in [1, 4] if k <= n >\n\
                  game A(n) = < A(n - 1) + H(a) for a in 0..n >\n\
                  game B(n) = < B(a) + H(n - a) + K(2 * a) for a in 0..n >\n\
                  game C(n) = < C(n - k) + K(k) for k in [1, 2, 5, 7] if k <= n >\n\
                  [seq(A, 0..150), seq(B, 0..150), seq(C, 0..150)]";
    let printed = printed_by_programs_alone(script);
    let h = |n: usize| n as u64 % 4;
    let mut k: Vec<u64> = Vec::new();
    for n in 0..300 {
        let below = [1, 4].into_iter().filter(|&m| m <= n).map(|m| k[n - m]);
        k.push(mex(below));
    }
    let (mut a, mut b, mut c): (Vec<u64>, Vec<u64>, Vec<u64>) = Default::default();
    for n in 0..150 {
        a.push(mex((0..n).map(|x| a[n - 1] ^ h(x))));
        b.push(mex((0..n).map(|x| b[x] ^ h(n - x) ^ k[2 * x])));
        let moves = [1, 2, 5, 7].into_iter().filter(|&m| m <= n);
        c.push(mex(moves.map(|m| c[n - m] ^ k[m])));
    }
    let expected = format!("[{}, {}, {}]", listed(a), listed(b), listed(c));
    assert_eq!(printed.trim(), expected);
}

/// A heap that reads the loop's variable through one affine expression
/// (`*(k / 2)`, `*((n - a) / 2)`, a choice by `k % 3`) is read from a table
/// of its values along that expression, as another family's heap is
/// along its table (`F(n - k) + *(k / 2)` ran at 15 times C, its spelling
/// as a family `H(k)` at 2.1; both now at 2.1). The same game in both
/// spellings, over constants, and a heap that fails past some value,
/// against plain programs here and the generic search.
#[test]
fn heaps_of_one_affine_expression_of_a_loop_are_read_from_their_tables() {
    let script = "game A(n) = < A(n - k) + *(k / 2) for k in 1..=n >\n\
                  game B(n) = < B(a) + *((n - a) / 2) for a in 0..n >\n\
                  game C(n) = < C(n - k) + *(if k % 3 == 0 then k * k % 7 else 1) \
                  for k in [1, 2, 3, 5, 6] if k <= n >\n\
                  [seq(A, 0..300), seq(B, 0..300), seq(C, 0..300)]";
    let printed = printed_by_programs_alone(script);
    let (mut a, mut c): (Vec<u64>, Vec<u64>) = Default::default();
    for n in 0..300 {
        a.push(mex((1..=n).map(|k| a[n - k] ^ (k as u64 / 2))));
        let heap = |k: usize| {
            if k.is_multiple_of(3) {
                (k * k % 7) as u64
            } else {
                1
            }
        };
        let moves = [1, 2, 3, 5, 6].into_iter().filter(|&k| k <= n);
        c.push(mex(moves.map(|k| c[n - k] ^ heap(k))));
    }
    let expected = format!("[{}, {}, {}]", listed(a.clone()), listed(a), listed(c));
    assert_eq!(printed.trim(), expected);
    for family in [
        "game A(n) = < A(n - k) + *(k / 2) for k in 1..=n >",
        "game B(n) = < B(a) + *((n - a) / 2) for a in 0..n >",
    ] {
        let (ir, _) = run_binary(&["--emit", "ir", "-e", family]);
        assert!(
            ir.contains("heaps of one affine expression of a loop read from their tables"),
            "{ir}"
        );
    }
    // `*(5 - k)` is negative from k = 6 on: the error the search reports.
    let failing = "game D(n) = < D(n - k) + *(5 - k) for k in 1..=n >\n";
    let below = assert_same_as_the_generic_search(&format!("{failing}print(seq(D, 0..=5))"));
    let mut d: Vec<u64> = Vec::new();
    for n in 0..=5 {
        d.push(mex((1..=n).map(|k| d[n - k] ^ (5 - k) as u64)));
    }
    assert_eq!(below.trim(), listed(d));
    let (_, error) = assert_same_error_as_the_generic_search(&format!("{failing}print(g(D(9)))"));
    assert!(error.contains("negative"), "{error}");
}

/// Two families that name each other, one at an argument where the option
/// does not apply (`B(n) if n != 0` at 0): neither is filled from 0, where
/// it would reach down without end (B(0) = A(-1), A(-2), …), but searched
/// from the query down by their programs; under a small position budget
/// the run finishes with the plain values, B a game or one option.
#[test]
fn a_generic_family_named_by_a_program_is_searched_only_where_named() {
    let mut a: Vec<u64> = vec![0];
    for n in 1..=300u64 {
        let previous = a[n as usize - 1];
        a.push(mex([previous, previous ^ (n % 3)]));
    }
    let shown: Vec<String> = a.iter().map(u64::to_string).collect();
    // `B` a game, then the game's one option (`A` below it plus a heap,
    // then that as B's one option): both name each other.
    let mut b_one_option: Vec<u64> = vec![0];
    for n in 1..=300u64 {
        let previous = b_one_option[n as usize - 1];
        b_one_option.push(mex([previous, mex([previous ^ (n % 3)])]));
    }
    let shown_one_option: Vec<String> = b_one_option.iter().map(u64::to_string).collect();
    for (b, shown) in [
        ("game B(n) = A(n - 1) + *(n % 3)", &shown),
        ("game B(n) = < A(n - 1) + *(n % 3) >", &shown_one_option),
    ] {
        let script =
            format!("game A(n) = if n == 0 then <> else < A(n - 1), B(n) >\n{b}\nseq(A, 0..=300)");
        let limits = Limits {
            max_positions: 5_000,
            ..Limits::default()
        };
        let settings = Settings {
            limits,
            ..Settings::default()
        };
        let (out, errors) = run_to_strings("t.sg", &script, settings);
        assert_eq!(errors, None, "{b}");
        assert_eq!(out, format!("[{}]\n", shown.join(", ")), "{b}");
        run_by_programs_alone(&script, b);
    }
}

/// A fill asks for a position of another family that lies on a cycle
/// (`H(1, 0)` is its own option): a query that reaches it reports the
/// cycle, as the generic search does, where the fill asked for it again
/// and again for ever; a query that does not reach it has its value.
#[test]
fn a_cycle_a_fill_meets_in_another_family_is_the_querys_only() {
    let h = "game H(a, b) = < H(a - a / 2, b) if a != 0, H(a, k) for k in 0..b >\n";
    let script = format!("{h}game F(n) = < H(2, 0) >\nprint(g(F(1)))");
    let (printed, error) = assert_same_error_as_the_generic_search(&script);
    assert_eq!(printed, "");
    assert!(
        error.contains("the game has a cycle: H(1, 0) → H(1, 0)"),
        "{error}"
    );
    let script = format!(
        "{h}game F(n) = < F(n - 1) if n > 0, H(2, 0) if n == 5 >\nprint(g(F(3)))\nprint(g(F(7)))"
    );
    let (printed, error) = assert_same_error_as_the_generic_search(&script);
    assert_eq!(printed.trim(), "1");
    assert!(error.contains("the game has a cycle"), "{error}");
}

/// A `def` that gives a game is inlined where a sum's term is: its
/// body's positions and heaps, its arguments bound. In options and as a
/// body, against the generic search, no position left to it.
#[test]
fn a_def_giving_a_game_is_a_term_of_the_sum() {
    let script = "game B(n) = < B(n - k) for k in {1, 3, 4} if k <= n >\n\
                  def other(n) = B(n)\n\
                  def pair(a, h) = other(a) + *(h % 3)\n\
                  game F(n) = < F(a) + other(n - a - 1) for a in 0..n >\n\
                  game G(n) = if n < 5 then pair(n, n) else < G(n - k) + pair(k, n) for k in 1..=5 >\n\
                  print(seq(F, 0..=60))\nprint(seq(G, 0..=60))";
    let printed = printed_by_programs_alone(script);
    let b = |n: usize| [0, 1, 0, 1, 2, 3, 2][n % 7] as u64;
    let mut f: Vec<u64> = Vec::new();
    for n in 0..=60 {
        f.push(mex((0..n).map(|a| f[a] ^ b(n - a - 1))));
    }
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=60 {
        let pair = |a: usize, h: usize| b(a) ^ (h % 3) as u64;
        g.push(match n < 5 {
            true => pair(n, n),
            false => mex((1..=5).map(|k| g[n - k] ^ pair(k, n))),
        });
    }
    assert_eq!(printed, format!("{}\n{}\n", listed(f), listed(g)));
}

/// A family without parameters named in an option, bare (`K`) or called
/// (`K()`), is a position of another family like any other: both
/// spellings have the same program, against the generic search and a
/// plain program here (`K`'s one position is the generic search's: no
/// program has no parameter).
#[test]
fn a_family_without_parameters_is_one_position_bare_or_called() {
    let script = |k: &str| {
        format!(
            "game K = < *0, *1, *3 >\n\
             game A(n) = if n <= 0 then <> else < A(n - 1), {k} + A(n - 2) >\n\
             seq(A, 0..60)"
        )
    };
    let mut a: Vec<u64> = vec![0];
    for n in 1..60usize {
        let before = if n >= 2 { a[n - 2] } else { 0 };
        a.push(mex([a[n - 1], 2 ^ before]));
    }
    let (bare, called) = (script("K"), script("K()"));
    let expected = listed(a);
    assert_eq!(assert_same_as_the_generic_search(&bare).trim(), expected);
    assert_eq!(assert_same_as_the_generic_search(&called).trim(), expected);
    let ir = |script: &str| run_binary(&["--emit", "ir", "-e", script]).0;
    assert!(
        ir(&bare).contains("game A(n): integer program"),
        "{}",
        ir(&bare)
    );
    assert_eq!(ir(&bare), ir(&called));
}

/// `g(…)` of other families' positions where an integer is needed (a
/// filter comparing the values of Kayles and Dawson's Kayles, a constant
/// heap added), and a family held by a `let` (`octal("0.77")`) named as a
/// part: integer programs, checked against plain programs and the generic
/// search.
#[test]
fn values_of_other_families_are_read_in_filters_and_through_lets() {
    let kayles = common::octal(&[1, 2], 80);
    let dawson = common::octal(&[1], 80);
    let mut b: Vec<u64> = Vec::new();
    for n in 0..=80 {
        let allowed = (1..=n).filter(|&k| kayles[k] ^ 3 == dawson[k]);
        b.push(mex(allowed.map(|k| b[n - k])));
    }
    let script = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n - t >\n\
                  game D(n) = < D(a) + D(n - 1 - a) for a in 0..n >\n\
                  game B(n) = < B(n - k) for k in 1..=n if g(K(k) + *3) == grundy(D(k)) >\n\
                  seq(B, 0..=80)";
    assert_eq!(printed_by_programs_alone(script).trim(), listed(b));
    assert!(common::ir_of(script).contains("if g(K(k)) ^ 3 == g(D(k))"));

    let mut s: Vec<u64> = Vec::new();
    for n in 0..=80 {
        s.push(mex((0..n).map(|a| s[n - 1 - a] ^ kayles[a])));
    }
    let script = "let K = octal(\"0.77\")\ngame S(n) = < S(n - 1 - a) + K(a) for a in 0..n >\n\
                  seq(S, 0..=80)";
    assert_eq!(printed_by_programs_alone(script).trim(), listed(s));
}

/// What stays with the generic search, and errors: the value of the
/// family's own position in its body, a heap that is not a constant
/// (negative here: the generic search's error), and a cycle in the family
/// read, reported as for a part of an option (at the query, where the
/// generic search points at the `g` it evaluates).
#[test]
fn values_read_in_filters_fail_as_the_generic_search_does() {
    let own = "game H(n) = < H(n - 1) if n > 0 and g(H(n - 1)) == 0 >\nseq(H, 0..=9)";
    assert!(common::ir_of(own).contains("the value of a position of this family"));
    assert_eq!(
        assert_same_as_the_generic_search(own).trim(),
        "[0, 1, 0, 1, 0, 1, 0, 1, 0, 1]"
    );
    let negative = "game E(n) = < E(n - k) for k in 1..=n if g(*(k - 2)) == 0 >\nseq(E, 0..=5)";
    let (_, error) = assert_same_error_as_the_generic_search(negative);
    assert!(error.contains("a nim heap cannot be negative"), "{error}");
    let cycle = "game L(n) = < L(n) if n == 3, L(n - 1) if n > 0 >\n\
                 game B(n) = < B(n - k) for k in 1..=n if g(L(k)) == 0 >\nseq(B, 0..=5)";
    assert!(common::ir_of(cycle).contains("game B(n): integer program"));
    let ((printed, error), (_, generic)) = common::with_and_without_programs(cycle);
    assert_eq!(printed, "");
    for error in [error, generic] {
        let error = error.expect("a cycle");
        assert!(
            error.contains("the game has a cycle: L(3) → L(3)"),
            "{error}"
        );
        assert!(error.contains("`L` is defined here"), "{error}");
    }
}

/// A board (a list of two integers) whose options add positions of a
/// family of integers: the board's program reads them as the search looks
/// them up, against a plain program and the generic search; a list of any
/// length so reading stays correct (its positions searched).
#[test]
fn boards_read_positions_of_other_families() {
    let kayles = common::octal(&[1, 2], 30);
    let l = common::plain_grid(25, 25, |a, b, l| {
        let mut options: Vec<u64> = (1..=a).map(|k| l[a - k][b]).collect();
        if b > 0 {
            options.push(l[a][b - 1] ^ kayles[a]);
        }
        options
    });
    let kayles_family = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n - t >\n";
    let script = format!(
        "{kayles_family}game L(p) = < L([p[0] - k, p[1]]) for k in 1..=p[0], L([p[0], p[1] - 1]) + K(p[0]) if p[1] > 0 >\n\
         [g(L([a, b])) for a in 0..25 for b in 0..25]"
    );
    assert_eq!(
        printed_by_programs_alone(&script).trim(),
        listed(l.into_iter().flatten())
    );
    let list = format!(
        "{kayles_family}game N(p) = < N([p[i] for i in 1..len(p)]) + K(p[0]) if len(p) > 0, \
         N([p[0] - 1] + [p[i] for i in 1..len(p)]) if len(p) > 0 and p[0] > 0 >\n\
         [g(N([a, b, c])) for a in 0..5 for b in 0..5 for c in 0..5]"
    );
    assert_same_as_the_generic_search(&list);
}

/// A filter reading another family's value at the loop's variable alone
/// is remembered by that value: a family of one integer sieves it once,
/// and a board searched position by position, whose reads of the other
/// family wait until it is known, keeps no stand-in for a value not
/// known yet. Against plain programs and the generic search.
#[test]
fn a_filter_on_another_familys_value_is_remembered() {
    let kayles = common::octal(&[1, 2], 60);
    let mut b: Vec<u64> = Vec::new();
    for n in 0..=60 {
        let allowed = (1..=n).filter(|&k| kayles[k] == 1);
        b.push(mex(allowed.map(|k| b[n - k])));
    }
    let l = common::plain_grid(41, 4, |x, y, l| {
        let taken = (1..=x).filter(|&k| kayles[k] == 1);
        let mut options: Vec<u64> = taken.map(|k| l[x - k][y]).collect();
        if y > 0 {
            options.push(l[x][y - 1]);
        }
        options
    });
    let kayles_family = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n - t >\n";
    let script = format!(
        "{kayles_family}game B(n) = < B(n - k) for k in 1..=n if g(K(k)) == 1 >\n\
         game L(p) = < L([p[0] - k, p[1]]) for k in 1..=p[0] if g(K(k)) == 1, L([p[0], p[1] - 1]) if p[1] > 0 >\n\
         print([g(L([x, y])) for x in 0..=40 for y in 0..4])\nprint(seq(B, 0..=60))"
    );
    let expected = format!("{}\n{}\n", listed(l.into_iter().flatten()), listed(b));
    assert_eq!(printed_by_programs_alone(&script), expected);
    let ir = common::ir_of(&script);
    assert!(
        ir.contains("B(n - k) for k in 1..=n if g(K(k)) == 1 (remembered by k)"),
        "{ir}"
    );
    // A membership in constants evaluates the value in its first test,
    // with no test of the value against itself before.
    let member = script.replace("g(K(k)) == 1 >", "g(K(k)) in [1, 4] >");
    let ir = common::ir_of(&member);
    let remembered = "if (g(K(k)) == 1 or g(K(k)) == 4) (remembered by k)\n";
    assert!(
        ir.contains(&format!("B(n - k) for k in 1..=n {remembered}")),
        "{ir}"
    );
}

#[test]
fn games_compared_in_a_filter_are_their_values_compared() {
    // Dawson's Kayles (octal 0.07) and the heap `k % 3`.
    let dawson = common::octal(&[2], 80);
    let mut b: Vec<u64> = Vec::new();
    let mut c: Vec<u64> = Vec::new();
    for n in 0..=80 {
        let p_positions = (1..=n.min(50)).filter(|&k| dawson[k] == 0);
        b.push(mex(p_positions.map(|k| b[n - k])));
        let unequal = (1..=n).filter(|&k| dawson[k] ^ 1 != (k % 3) as u64);
        c.push(mex(unequal.map(|k| c[n - k])));
    }
    let script = "game D(n) = < D(a) + D(n - 2 - a) for a in 0..=n - 2 >\n\
                  game B(n) = < B(n - k) for k in 1..=min(n, 50) if D(k) == *0 >\n\
                  game C(n) = < C(n - k) for k in 1..=n if D(k) + *1 != *(k % 3) + *0 >\n\
                  print(seq(B, 0..=80))\nprint(seq(C, 0..=80))";
    let expected = format!("{}\n{}\n", listed(b), listed(c));
    // `*(k % 3)`, a remainder by a positive constant, is never negative.
    assert_eq!(printed_by_programs_alone(script), expected);
    let ir = common::ir_of(script);
    assert!(ir.contains("if g(D(k)) == 0"), "{ir}");
    // A heap that may be negative is the generic search's, and its error.
    let negative = "game D(n) = < D(n - 1) if n > 0 >\n\
                    game B(n) = < B(n - k) for k in 1..=n if D(k) != *(k - 2) >\nprint(g(B(3)))";
    let (_, error) = assert_same_error_as_the_generic_search(negative);
    assert!(error.contains("negative"), "{error}");
    // A game compared with an integer is an error, as the generic search
    // reports it.
    let mixed = "game D(n) = < D(n - 1) if n > 0 >\ngame B(n) = < B(n - k) for k in 1..=n if D(k) == 0 >\n\
                 print(g(B(3)))";
    let (_, error) = assert_same_error_as_the_generic_search(mixed);
    assert!(error.contains("cannot compare a game"), "{error}");
}

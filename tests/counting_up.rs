//! Families that count up (`U(t + k) for k in 1..=3 if t + k <= N`): the
//! arguments from the query up to the largest named are computed from the
//! top down by the family's program. Against plain programs here and the
//! generic search, with what the search reports where the family does not
//! count up everywhere or fails where the query never goes.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, mex, run_binary,
    run_by_programs_alone,
};

/// The values of `0..=top` by a plain loop down from the top, each option
/// of `t` some positions above it and a nim heap.
fn counted_up(top: usize, options: impl Fn(usize) -> Vec<(Vec<usize>, u64)>) -> Vec<u64> {
    let mut v = vec![0u64; top + 1];
    for t in (0..=top).rev() {
        let values = options(t).into_iter();
        v[t] = mex(values.map(|(parts, heap)| parts.iter().fold(heap, |x, &p| x ^ v[p])));
    }
    v
}

/// "Add one of `moves`, reaching at most `top`".
fn add(moves: &'static [usize], top: usize) -> impl Fn(usize) -> Vec<(Vec<usize>, u64)> {
    move |t| {
        let within = moves.iter().filter(move |&&k| t + k <= top);
        within.map(|&k| (vec![t + k], 0)).collect()
    }
}

fn listed(values: &[u64]) -> String {
    let values: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("[{}]", values.join(", "))
}

/// Moves from a range and from a `let` list, and a sum of two positions
/// above with a nim heap; queried from the middle first, then from 0 (the
/// values above are kept).
#[test]
fn families_counting_up_are_computed_from_the_top_down() {
    let summed = |t: usize| {
        let sum = (t + 2 <= 100).then(|| (vec![t + 1, t + 2], 0));
        let heap = (t < 97).then(|| (vec![t + 3], 1));
        sum.into_iter().chain(heap).collect()
    };
    // Not past 100 before any clause that might fail: no option from 100
    // on, so every argument below is computed with no walk up. Else (a
    // division by the heap first) the walk up finds the largest named.
    let bare = "counted down from 99, past which no position has an option";
    let named = "counted down from the largest argument the options name";
    let sevens = |t: usize| match t % 7 {
        3 => vec![],
        _ => add(&[1, 2, 3], 100)(t),
    };
    let games = [
        (
            "game U(t) = < U(t + k) for k in 1..=3 if t + k <= 100 >",
            counted_up(100, add(&[1, 2, 3], 100)),
            bare,
        ),
        (
            "let N = 100\ngame U(t) = < U(t + k) for k in [1, 3, 4] if t + k <= N >",
            counted_up(100, add(&[1, 3, 4], 100)),
            bare,
        ),
        (
            "game U(t) = < U(t + 1) + U(t + 2) if t + 2 <= 100, U(t + 3) + *1 if t < 97 >",
            counted_up(100, summed),
            "counted down from 98, past which no position has an option",
        ),
        (
            "game U(t) = < U(t + k) for k in 1..=3 if t % 7 != 3 and t + k <= 100 >",
            counted_up(100, sevens),
            bare,
        ),
        (
            "game U(t) = < U(t + k) for k in 1..=3 if 100 / (t + 1) >= 0 and t + k <= 100 >",
            counted_up(100, add(&[1, 2, 3], 100)),
            named,
        ),
    ];
    for (game, values, how) in games {
        let script = format!("{game}\ng(U(50))\n[g(U(t)) for t in 0..=100]");
        let printed = assert_same_as_the_generic_search(&script);
        let expected = format!("{}\n{}", values[50], listed(&values));
        assert_eq!(printed.trim(), expected, "{game}");
        run_by_programs_alone(&format!("{game}\ng(U(0))"), game);
        // `--stats` says so: the walk down was taken, not left to the
        // search.
        let (_, stats) = run_binary(&["--stats", "-e", &format!("{game}\nprint(g(U(0)))")]);
        assert!(stats.contains(&format!("; {how}")), "{stats}");
    }
}

/// Where an option names a smaller argument, where the program fails at
/// an argument the query never reaches (but the top-down walk would), and
/// where the arguments named have no end, the family is the search's:
/// its values, its cycle, its limit.
#[test]
fn families_not_counting_up_everywhere_are_the_searchs() {
    let mixed = "game T(n) = < T(n + 2) if n < 40, T(n - 1) if n > 0 and n % 2 == 1 >\n\
                 [g(T(n)) for n in 0..=40]";
    assert_same_as_the_generic_search(mixed);
    let printed = mixed.replace("\n[", "\nprint([") + ")";
    let (out, stats) = run_binary(&["--stats", "-e", &printed]);
    assert!(
        out.starts_with('[') && !stats.contains("counted down"),
        "{out}{stats}"
    );
    // From 0 by twos: 10 / (t - 5) fails at 5 only, never reached.
    let unreached = "game U(t) = < U(t + 2) if t + 2 <= 30 and 10 / (t - 5) != 7 >\ng(U(0))";
    let printed = assert_same_as_the_generic_search(unreached);
    let values = counted_up(30, |t| match t + 2 <= 30 && t != 5 {
        true => vec![(vec![t + 2], 0)],
        false => vec![],
    });
    assert_eq!(printed.trim(), values[0].to_string());
    let reached = "game U(t) = < U(t + 1) if t + 1 <= 30 and 10 / (t - 5) != 7 >\ng(U(0))";
    let (_, error) = assert_same_error_as_the_generic_search(reached);
    assert!(error.contains("zero"), "{error}");
    // No option past 100, but the division, tested first, fails at 100.
    let past = "game U(t) = < U(t + 1) if 10 / (t - 100) != 7 and t + 1 <= 100 >\ng(U(0))";
    let (_, error) = assert_same_error_as_the_generic_search(past);
    assert!(error.contains("zero"), "{error}");
    let cycle = "game T(n) = < T(n + 1) if n < 5, T(0) if n == 5 >\ng(T(0))";
    let (_, error) = assert_same_error_as_the_generic_search(cycle);
    assert!(error.contains("cycle"), "{error}");
    let topless = "game U(t) = < U(t + 1) if t < 10000000 >\ng(U(0))";
    let (_, error) = run_binary(&["--max-positions", "100000", "-e", topless]);
    assert!(error.contains("100000 positions"), "{error}");
}

/// A move every position has, shifting its parameters by constants (the
/// guard `if k <= n` forgotten, a count with no top), makes games that
/// never end: reported when a value is asked for, naming the move, with
/// the generic search alone as with integer programs, where the search
/// walked down until the memory ran out. A guard, however far down, is
/// not such a move.
#[test]
fn games_that_never_end_are_reported_at_once() {
    for (script, shown) in [
        (
            "game C(n) = < C(n - k) for k in 1..=3 >\ng(C(10))",
            "has the move C(n - 1)",
        ),
        (
            "game U(t) = < U(t + 1), U(t + 3) >\nseq(U, 0..3)",
            "has the move U(t + 1)",
        ),
        (
            "game C(n) = < C(n - 1) + *1, *2 >\ng(C(2) + *1)",
            "has the move C(n - 1)",
        ),
        (
            "game F(a, b) = < F(a - 1, b + 1), F(a, b - 1) if b > 0 >\ng(F(3, 3))",
            "has the move F(a - 1, b + 1)",
        ),
        ("game C(n) = C(n + 1)\ng(C(3))", "plays as C(n + 1)"),
    ] {
        let (_, error) = assert_same_error_as_the_generic_search(script);
        assert!(error.contains("the game never ends"), "{script}: {error}");
        assert!(error.contains(shown), "{script}: {error}");
    }
    // An instance: the moves folded in are the moves of every position.
    let (_, error) = run_binary(&[
        "-e",
        "game T(moves, n) = < T(moves, n - k) for k in moves >\ng(T([], 5))\ng(T([1, 2], 5))",
    ]);
    assert!(error.contains("never ends"), "{error}");
    let guarded = "game C(n) = < C(n - k) for k in 1..=3 if k <= n >\n\
                   game D(n) = < D(n - 1) if n > -5 >\n\
                   [seq(C, 0..9), seq(D, 0..4)]";
    let printed = assert_same_as_the_generic_search(guarded);
    assert_eq!(
        printed.trim(),
        "[[0, 1, 2, 3, 0, 1, 2, 3, 0], [1, 0, 1, 0]]"
    );
}

/// A move guarded by comparisons of the heap alone, allowed at every heap
/// it leads to from the one asked for (`n != 0` where `n > 0` was meant,
/// from an odd heap), makes a game that never ends from there: reported
/// at once, where the search walked down 2^25 positions for a minute. The
/// heaps from which it ends keep their values, the fill below them
/// leaving the heaps that never end for a search from the query down, and
/// a period's proof giving up on them.
#[test]
fn a_guarded_move_that_never_stops_from_a_heap_is_reported_at_once() {
    for (script, shown) in [
        (
            "game S(n) = < S(n - 2) if n != 0 >\ng(S(3))",
            "from `S(3)` the move S(n - 2) is allowed at every heap it leads to: S(1), S(-1), S(-3)",
        ),
        (
            "game S(n) = < S(n + 1) if n != 10 and n > -3 >\ng(S(11))",
            "from `S(11)` the move S(n + 1)",
        ),
        (
            "game S(n) = < S(n - 3) if not (n == 0 or n == 1), *1 >\ng(S(8))",
            "from `S(8)` the move S(n - 3)",
        ),
    ] {
        let (_, error) = assert_same_error_as_the_generic_search(script);
        assert!(error.contains("the game never ends"), "{script}: {error}");
        assert!(error.contains(shown), "{script}: {error}");
    }
    // The help bounds the heap in the direction the move goes.
    let rising = "game S(n) = < S(n + 1) if n != 10 and n > -3 >\ng(S(11))";
    let (_, error) = assert_same_error_as_the_generic_search(rising);
    assert!(error.contains("`if n < 10` stops a heap at 10"), "{error}");
    let ending = "game S(n) = < S(n - 2) if n != 0 >\n\
                  game T(n) = < T(n - 3) if not (n == 0 or n == 1), *1 >\n\
                  [g(S(4)), g(S(40000)), g(T(9)), g(T(10)), g(S(2) + *1)]";
    let printed = assert_same_as_the_generic_search(ending);
    // S is 1, 0, … on even heaps from 0; T(n) = mex{T(n - 3), 1}, from
    // T(0) = T(1) = 0: 2, 0, 2, … (T(2) goes on to T(-1), and never ends).
    assert_eq!(printed.trim(), "[0, 0, 2, 2, 0]");
}

/// The analyses beyond `g` explore a game's positions too: each reports a
/// game that never ends from the position asked for as `g` does, naming
/// what it needed, where each explored to the position limit (`misere_nim`
/// for 16 s and 3.5 GB). So does each, `g` too, when the position asked
/// for only reaches such a position (`T(4)` moves to `T(3)`). The
/// positions from which play ends are analysed.
#[test]
fn every_analysis_reports_a_game_that_never_ends_at_once() {
    let game = "game S(n) = < S(n - 2) if n % 2 == 1 or (n > 0 and n < 7) >\n\
                game T(n) = < T(n - 2) if n % 2 == 1, T(n - 1) if n == 4 >\n";
    for (query, needs) in [
        ("outcome(S(3))", "exploring them for cycles never ends"),
        ("loopy(S(3))", "exploring them for cycles never ends"),
        ("winning(S(3) + *1)", "exploring them for cycles never ends"),
        ("hint(*1 + S(5))", "exploring them for cycles never ends"),
        ("tree(S(3), 1)", "exploring them for cycles never ends"),
        ("dot(S(3))", "exploring them for cycles never ends"),
        (
            "misere(S(3))",
            "misère play is analysed only for games that always end",
        ),
        ("misere_nim(S(3) + S(4))", "misère play is analysed only"),
        ("misere_winning(S(3))", "misère play is analysed only"),
        ("g(T(4))", "g is defined only for games that always end"),
        ("outcome(T(4) + *1)", "exploring them for cycles never ends"),
        ("tree(T(4))", "exploring them for cycles never ends"),
        ("misere(T(4))", "misère play is analysed only"),
        ("misere_nim(T(4))", "misère play is analysed only"),
    ] {
        let (_, error) = assert_same_error_as_the_generic_search(&format!("{game}{query}"));
        assert!(
            error.contains("the game never ends: from `"),
            "{query}: {error}"
        );
        assert!(error.contains(needs), "{query}: {error}");
    }
    // From even heaps the play goes down to S(0) and ends: S(2k) is k % 2.
    let printed = assert_same_as_the_generic_search(&format!(
        "{game}[outcome(S(4)), winning(S(6)), misere(S(4)), misere_nim(S(6)), tree(S(2))]"
    ));
    assert_eq!(
        printed.trim(),
        "[\"P\", [S(4)], \"N\", 0, \"S(2)  g=1\\n└── S(0)  g=0\"]"
    );
}

/// A fill from 0 asks for the options of its first heaps, which may
/// descend for ever where the query's heap does not (`S(-1)` of
/// `< S(n - 1) if (n + B - B) != 3 >`, a guard no check reads as a
/// comparison, as `n + B` may overflow): past a budget of steps the fill's request is
/// given up and the heaps searched from the query down, where the search
/// walked to the position limit (33 s and 2 GB at the default limit). The
/// limit here is a million positions, which the budget stays under.
#[test]
fn a_fills_request_that_descends_for_ever_is_given_up() {
    let script = "game S(n) = < S(n - 1) if (n + 9000000000000000000 - 9000000000000000000) != 3 >\n\
                  [g(S(5)), g(S(8)), g(S(3)), g(S(40))]";
    let limited = |generic_only| {
        let mut settings = sprague::run::Settings {
            generic_only,
            ..Default::default()
        };
        settings.limits.max_positions = 1 << 20;
        sprague::run::run_to_strings("test.sg", script, settings)
    };
    let (printed, error) = limited(false);
    assert!(error.is_none(), "{error:?}");
    // From S(n) the play walks down to S(3), which has no move.
    assert_eq!(printed.trim(), "[0, 1, 0, 1]");
    assert_eq!((printed, error), limited(true));
}

/// A move guarded by remainders of the heap too (`n % 2 == 1` where `n >=
/// 2` was forgotten) never stops from the heaps whose remainders keep it
/// allowed: reported at once, against a walk down the heaps in the test;
/// from the others, the value is the parity of the walk, as the generic
/// search finds it.
#[test]
fn a_move_guarded_by_remainders_that_never_stops_is_reported_at_once() {
    // Python's remainder, the divisor's sign.
    let rem = |n: i64, m: i64| {
        let r = n % m;
        if r != 0 && (r < 0) != (m < 0) {
            r + m
        } else {
            r
        }
    };
    type Guard = fn(i64, &dyn Fn(i64, i64) -> i64) -> bool;
    let games: [(&str, i64, Guard); 9] = [
        ("n % 2 == 1", -2, |n, r| r(n, 2) == 1),
        ("n % 2 == 1", -1, |n, r| r(n, 2) == 1),
        ("n % 3 != 0", -3, |n, r| r(n, 3) != 0),
        ("n % 2 == 1 and n != 5", -2, |n, r| r(n, 2) == 1 && n != 5),
        ("n % 4 == 1 or n % 4 == 3", 2, |n, r| {
            r(n, 4) == 1 || r(n, 4) == 3
        }),
        ("(n + 1) % 3 == 0 and n < 7", -3, |n, r| {
            r(n + 1, 3) == 0 && n < 7
        }),
        ("n % -3 != 0", -3, |n, r| r(n, -3) != 0),
        ("not (n % 5 == 0) and n > -12", -5, |n, r| {
            r(n, 5) != 0 && n > -12
        }),
        ("n % 2 == 1 and n % 3 != 0", -6, |n, r| {
            r(n, 2) == 1 && r(n, 3) != 0
        }),
    ];
    for (guard, step, holds) in games {
        let game = format!("game S(n) = < S(n + {step}) if {guard} >");
        for start in -12..=12 {
            let walk = (0..2000).map(|k| start + k * step);
            let moves = walk.take_while(|&n| holds(n, &rem)).count();
            let script = format!("{game}\ng(S({start}))");
            if moves == 2000 {
                let (_, error) = assert_same_error_as_the_generic_search(&script);
                assert!(error.contains("the game never ends"), "{script}: {error}");
            } else {
                let printed = assert_same_as_the_generic_search(&script);
                assert_eq!(printed.trim(), (moves % 2).to_string(), "{script}");
            }
        }
    }
}

/// Filters on the heap alone that all keep their outcome below some heap,
/// and a `min` of the heap and a constant that keeps its part there
/// (the first to change, at `t0 − 1`), are decided below it, in a code of its own that those heaps run:
/// against a plain program and the generic search, for thresholds that
/// differ in their last digits (an edge off by one shows in some).
#[test]
fn filters_on_the_heap_are_decided_below_where_they_first_change() {
    for t0 in [17, 20, 23, 26, 31, 34, 40, 45] {
        let game = format!(
            "game U(t) = < U(t + 2) if t + 2 <= 100, U(t + 3) + *(t % 4) if t < 60, \
             U(t + 1) + *1 if t >= {t0} and t + 1 <= 100, \
             U(t + k) + *3 for k in 1..=min(2, {t0} - t) >"
        );
        let values = counted_up(104, |t| {
            let mut options = vec![];
            if t < 99 {
                options.push((vec![t + 2], 0));
            }
            if t < 60 {
                options.push((vec![t + 3], t as u64 % 4));
            }
            if (t0..=99).contains(&t) {
                options.push((vec![t + 1], 1));
            }
            for k in 1..=2usize.min(t0.saturating_sub(t)) {
                options.push((vec![t + k], 3));
            }
            options
        });
        let script = format!("{game}\n[g(U(t)) for t in 0..=100]");
        let printed = assert_same_as_the_generic_search(&script);
        assert_eq!(printed.trim(), listed(&values[..=100]), "{game}");
        let (ir, _) = run_binary(&["--emit", "ir", "-e", &script]);
        assert!(ir.contains("decided below where they first change"), "{ir}");
    }
}

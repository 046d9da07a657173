//! Two-heap families whose second heap (or first) stays small — `F(n,
//! last)`, the last move, or a turn flag — fill a long thin box past what
//! the grid's table holds, marked column by column by its lines' plans:
//! against plain memos and the generic search. Apart from `two_heaps`,
//! which holds the triangles, the growth of boxes and three heaps.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use proptest::prelude::*;

use common::{
    assert_same_as_the_generic_search, mex, positions, run_binary, run_by_programs_alone,
};

/// "Take 1 to `L - 1`, not what the last move took": the values of `F(n,
/// last)` for `n <= total` and `last` in `0..L`, by a plain memo.
fn no_repeat<const L: usize>(total: usize) -> Vec<[u64; L]> {
    let mut f = vec![[0u64; L]; total + 1];
    for n in 0..=total {
        for last in 0..L {
            let moves = (1..=(L - 1).min(n)).filter(|&k| k != last);
            f[n][last] = mex(moves.map(|k| f[n - k][k]));
        }
    }
    f
}

#[test]
fn a_second_heap_that_stays_small_fills_a_long_thin_box() {
    let game = "game F(n, last) = < F(n - k, k) for k in 1..=3 if k <= n and k != last >";
    let f = no_repeat::<4>(300_000);
    // Far past the table's pairing (which holds `a + b` below 4096), and
    // asked one after another, each row is computed once.
    let script = format!(
        "{game}\nprint([g(F(n, l)) for n in 20000..20040 for l in 0..4])\n\
         print(sum([g(F(n, 0)) for n in 20000..=40000]))"
    );
    let printed = assert_same_as_the_generic_search(&script);
    let listed: Vec<String> = (20000..20040)
        .flat_map(|n| f[n].iter().map(u64::to_string))
        .collect();
    let sum: u64 = (20000..=40000).map(|n| f[n][0]).sum();
    assert_eq!(printed, format!("[{}]\n{sum}\n", listed.join(", ")));
    let script = format!("{game}\nprint(g(F(300000, 0)), g(F(299999, 2)))");
    let (out, report) = run_by_programs_alone(&script, &script);
    assert_eq!(out, format!("{} {}\n", f[300_000][0], f[299_999][2]));
    // The box, 300001 rows of 4, and the two positions asked for.
    assert!(report.contains("F: 1200006 positions"), "{report}");
    // Its width learnt from a short box first: the long box is made once,
    // 16 MB for a million rows, where a box of one column and one of two
    // before it (each missing the next column) took it to 24 MB.
    let f = no_repeat::<4>(1_000_000);
    let script = format!(
        "{game}
print(g(F(1000000, 0)), g(F(999999, 0)))"
    );
    let (out, _) = run_binary(&["--max-memory", "20M", "-e", &script]);
    assert_eq!(out, format!("{} {}\n", f[1_000_000][0], f[999_999][0]));
}

/// Asked one heap after another, `R(n, 0)` of "take 1 to 5, not what the
/// last move took" fills a box of a few columns: its options' lines run
/// through the table's slots, where the box being filled keeps its values
/// until it ends, and a position there missed is now read from the box,
/// or noted so that the box widens. It used to stop the box unnoted, and
/// every query filled the triangle below its diagonal (546,535 positions
/// for 1001 queries; 8.4 million at 10,000).
#[test]
fn a_thin_box_whose_lines_cross_the_table_stays_thin() {
    let f = no_repeat::<6>(1000);
    let game = "game R(n, last) = < R(n - k, k) for k in 1..=5 if k <= n and k != last >";
    let script = format!("{game}\nprint([g(R(n, 0)) for n in 0..=1000])");
    let (printed, stats) = run_by_programs_alone(&script, &script);
    let expected: Vec<String> = f.iter().map(|row| row[0].to_string()).collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    assert!(positions(&stats) < 20_000, "{stats}");
    let single = format!("{game}\nprint(g(R(160, 0)), g(R(160, 3)))");
    let (printed, stats) = run_by_programs_alone(&single, &single);
    assert_eq!(printed, format!("{} {}\n", f[160][0], f[160][3]));
    assert!(positions(&stats) < 161 * 8 + 10, "{stats}");
}

/// A thin box is marked column by column where its lines' bounds settle
/// (`engine::kernel::columns`): a short line to another column with a
/// heap read from the column, a line growing with the row, and a line
/// whose `max` settles late. Against a plain memo, and against the
/// generic search where it is quick.
#[test]
fn thin_boxes_marked_column_by_column_equal_a_plain_memo() {
    let game = "game G(n, s) = < G(n - k, 2 - s) + *s for k in 1..=min(n, s + 2), \
                G(n - k - s, s) for k in max(1, 3 - s)..=n - s, \
                G(n - k, 1) + *(n + s) for k in max(1, 40 - n, s)..=min(n, 3) >";
    let total = 3000;
    let mut g = vec![[0u64; 3]; total + 1];
    for n in 0..=total {
        for s in 0..3 {
            let mut options = Vec::new();
            for k in 1..=n.min(s + 2) {
                options.push(g[n - k][2 - s] ^ s as u64);
            }
            for k in (3 - s).max(1)..=n.saturating_sub(s) {
                options.push(g[n - k - s][s]);
            }
            for k in (40usize.saturating_sub(n)).max(1).max(s)..=n.min(3) {
                options.push(g[n - k][1] ^ (n + s) as u64);
            }
            g[n][s] = mex(options);
        }
    }
    let listed = |rows: std::ops::RangeInclusive<usize>| {
        let values: Vec<String> = rows.flat_map(|n| g[n].iter().map(u64::to_string)).collect();
        format!("[{}]\n", values.join(", "))
    };
    let script = format!("{game}\nprint([g(G(n, s)) for n in 0..=200 for s in 0..3])");
    assert_eq!(assert_same_as_the_generic_search(&script), listed(0..=200));
    let script = format!("{game}\nprint([g(G(n, s)) for n in 0..={total} for s in 0..3])");
    let (out, _) = run_by_programs_alone(&script, &script);
    assert_eq!(out, listed(0..=total));
    // The same game with its narrow argument first: its columns are the
    // values of the first argument.
    let game = "game G(s, n) = < G(2 - s, n - k) + *s for k in 1..=min(n, s + 2), \
                G(s, n - k - s) for k in max(1, 3 - s)..=n - s, \
                G(1, n - k) + *(n + s) for k in max(1, 40 - n, s)..=min(n, 3) >";
    let script = format!("{game}\nprint([g(G(s, n)) for n in 0..={total} for s in 0..3])");
    let (out, _) = run_by_programs_alone(&script, &script);
    assert_eq!(out, listed(0..=total));
}

/// One line of a random thin-box game `G(n, s)`, `s` in `0..3`: `G(n - k,
/// column) + *heap for k in low..=min(n, high)`, each part one of a few
/// shapes the plans must read (a column of its own, another, a mirror; a
/// heap from the row or the column; bounds settling late or never), and
/// the same line with the narrow argument first.
fn thin_line() -> impl Strategy<Value = (String, String)> {
    let column = prop::sample::select(vec!["s", "0", "2", "2 - s"]);
    let heap = prop::sample::select(vec!["", " + *s", " + *(n + s)", " + *1"]);
    let low = prop::sample::select(vec!["1", "max(1, s)", "max(1, 30 - n)", "max(1, 2 * s)"]);
    let high = prop::sample::select(vec!["3", "s + 2", "n", "n - s", "40 - n"]);
    (column, heap, low, high).prop_map(|(column, heap, low, high)| {
        let range = format!("for k in {low}..=min(n, {high})");
        (
            format!("G(n - k, {column}){heap} {range}"),
            format!("H({column}, n - k){heap} {range}"),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random thin boxes, planned column by column where their bounds
    /// settle, give the generic search's values, and so does each with its
    /// narrow argument first.
    #[test]
    fn random_thin_boxes_equal_the_generic_search(
        lines in prop::collection::vec(thin_line(), 1..=3),
    ) {
        let (rows, columns): (Vec<String>, Vec<String>) = lines.into_iter().unzip();
        let game = format!("game G(n, s) = < {} >", rows.join(", "));
        let script = format!("{game}\nprint([g(G(n, s)) for n in 0..=150 for s in 0..3])");
        let printed = assert_same_as_the_generic_search(&script);
        let game = format!("game H(s, n) = < {} >", columns.join(", "));
        let script = format!("{game}\nprint([g(H(s, n)) for n in 0..=150 for s in 0..3])");
        prop_assert_eq!(assert_same_as_the_generic_search(&script), printed);
    }
}

/// One option of a random game `G(n, s)` behind filters on both
/// parameters, each comparison of the language, after the guard `d <= n`
/// that ends the game: an element the box marks as a line of one value
/// (`Line::of_filters`).
fn filtered_option() -> impl Strategy<Value = String> {
    let column = prop::sample::select(vec!["s", "0", "1", "2 - s"]);
    let side = prop::sample::select(vec!["s", "n", "n - s", "2 * s", "n + s", "1", "3"]);
    let op = prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]);
    let filter = (side.clone(), op, side).prop_map(|(a, op, b)| format!("{a} {op} {b}"));
    let heap = prop::sample::select(vec!["", " + *s", " + *n"]);
    (1..=3i64, column, heap, prop::collection::vec(filter, 0..=2)).prop_map(
        |(d, column, heap, filters)| {
            let filters: String = filters.iter().map(|f| format!(" if {f}")).collect();
            format!("G(n - {d}, {column}){heap} if {d} <= n{filters}")
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random boxes of options behind filters on both parameters give the
    /// generic search's values, in the box and in a box past it.
    #[test]
    fn random_filtered_options_equal_the_generic_search(
        options in prop::collection::vec(filtered_option(), 1..=4),
    ) {
        let game = format!("game G(n, s) = < {} >", options.join(", "));
        let script = format!(
            "{game}\nprint([g(G(n, s)) for n in 0..=120 for s in 0..3])\n\
             print([g(G(300 - n, s)) for n in 0..=2 for s in 0..3])"
        );
        assert_same_as_the_generic_search(&script);
    }
}

/// Take 1 to 5, of the other parity than the last move took, 5 always
/// (a helper's game): each unrolled move is behind filters on the heap
/// and the last move, a line of one value, and the thin box is filled by
/// its column plans, in both spellings, with a plain program's values.
#[test]
fn options_behind_filters_on_both_parameters_are_lines_of_the_box() {
    const TOP: usize = 3000;
    let mut f = vec![[0u64; 2]; TOP + 1];
    for n in 0..=TOP {
        for p in 0..2 {
            let moves = (1..=5).filter(|&k| k <= n && (k % 2 != p || k == 5));
            f[n][p] = mex(moves.map(|k| f[n - k][k % 2]));
        }
    }
    let expected: Vec<String> = (0..=TOP)
        .map(|n| format!("{}", f[n][0] + 2 * f[n][1]))
        .collect();
    for game in [
        "game F(n, p) = < F(n - k, k % 2) for k in 1..=5 if k <= n and (k % 2 != p or k == 5) >",
        "game F(n, p) = < F(n - k, k % 2) for k in 1..=min(5, n) if k % 2 != p or k == 5 >",
    ] {
        let script = format!("{game}\nprint([g(F(n, 0)) + 2 * g(F(n, 1)) for n in 0..={TOP}])");
        let (out, stats) = run_binary(&["--stats", "-e", &script]);
        assert!(
            out.contains(&format!("[{}]", expected.join(", "))),
            "{game}"
        );
        let planned = common::count_before(&stats, " positions by column plans");
        assert!(planned > 5000, "{game}: {stats}");
    }
}

/// A short constant range of a family of two parameters is narrowed by
/// its filters rather than unrolled: every spelling of "not what the last
/// move took" is two ranges, lines of the box, not six elements behind
/// filters; the values are the generic search's.
#[test]
fn short_ranges_of_two_heaps_are_narrowed_not_unrolled() {
    let spellings = [
        "game F(n, last) = < F(n - k, k) for k in 1..=3 if k <= n and k != last >",
        "game F(n, last) = < F(n - k, k) for k in 1..=min(n, 3) if k != last >",
        "def allowed(k, last, n) = k <= n and k != last\n\
         game F(n, last) = < F(n - k, k) for k in 1..=3 if allowed(k, last, n) >",
    ];
    for game in spellings {
        let kernel = common::kernel_of(game, "F").expect("an integer program");
        let ranges = kernel.elements.iter().filter(|e| {
            matches!(
                e.clauses.as_slice(),
                [sprague::engine::kernel::Clause::For {
                    iter: sprague::engine::kernel::Iter::Range { .. },
                    ..
                }]
            )
        });
        assert_eq!(ranges.count(), 2, "{game}\n{kernel:?}");
        assert_eq!(kernel.elements.len(), 2, "{game}");
        assert_same_as_the_generic_search(&format!(
            "{game}\nprint([g(F(n, l)) for n in 0..60 for l in 0..4])"
        ));
    }
}

/// A thin box past the table, then a box that misses and the triangle
/// that computes instead: the thin box's values are kept, and a position
/// none of them computed is searched (it once stopped the run).
#[test]
fn a_triangle_after_a_thin_box_keeps_the_box() {
    let script = "game F(n, last) = < F(n - k, k) for k in 1..=4 if k <= last and k <= n >\n\
                  print(g(F(4096, 2)))\nprint(g(F(0, 5)))\nprint(g(F(6, 1)), g(F(7, 1)))";
    assert_eq!(assert_same_as_the_generic_search(script), "0\n0\n0 1\n");
}

/// "Take one token, the turn passing to the other player, or halve the
/// heap, keeping the turn": `C(w, n)` for `w` in `0..2` and `n <= total`,
/// by a plain loop.
fn turn_and_heap(total: usize) -> Vec<[u64; 2]> {
    let mut c = vec![[0u64; 2]; total + 1];
    for n in 1..=total {
        for w in 0..2 {
            c[n][w] = mex([c[n - 1][1 - w], c[n / 2][w]]);
        }
    }
    c
}

/// A first parameter that stays small while its option moves it up
/// (`C(1 - w, n - 1)`): row by row asks for a row not computed yet, so
/// the thin box is walked column by column. At 10^6 it ran 5.3 s over 3.5
/// million positions, and 1.2·10^7 passed the position limit; now the
/// box holds every position, none left to the search.
#[test]
fn a_first_heap_that_stays_small_fills_its_box_column_by_column() {
    let game = "game C(w, n) = < C(1 - w, n - 1) if n > 0, C(w, n / 2) if n > 0 >";
    let c = turn_and_heap(1_000_000);
    let script = format!("{game}\nprint([g(C(w, n)) for n in 3000..3040 for w in 0..2])");
    let printed = assert_same_as_the_generic_search(&script);
    let listed: Vec<String> = (3000..3040)
        .flat_map(|n| c[n].iter().map(u64::to_string))
        .collect();
    assert_eq!(printed, format!("[{}]\n", listed.join(", ")));
    let script = format!("{game}\nprint(g(C(0, 1000000)), g(C(1, 999999)))");
    let (out, report) = run_by_programs_alone(&script, &script);
    assert_eq!(out, format!("{} {}\n", c[1_000_000][0], c[999_999][1]));
    // The box, 1000001 columns of 2, and the two positions asked for.
    assert!(
        report.contains("C: 2000004 positions, 2000004 known"),
        "{report}"
    );
}

/// A turn flag whose branches take different amounts (`if t == 0 then <
/// G(n - k, 1) for k in 1..=3 if k <= n > else < … >`): each branch's
/// loop behind its test of the flag is a line, its end given one more part
/// that empties it where the test fails, so the thin box is marked by
/// column plans (the walk took every position: 0.38 s at 10^6, now
/// 0.06 s). Against a plain memo, with tests on the flag (`==`, `!=`)
/// and on the heap (`n >= 2 * t`), and the generic search.
#[test]
fn a_branch_on_a_flag_before_a_loop_is_a_line() {
    const TOTAL: usize = 200_000;
    let mut g = vec![[0u64; 3]; TOTAL + 1];
    for n in 0..=TOTAL {
        for t in 0..3 {
            let options: Vec<u64> = match t {
                0 => (1..=3.min(n)).map(|k| g[n - k][1]).collect(),
                _ if n >= 2 * t => (2..=4.min(n)).map(|k| g[n - k][0]).collect(),
                _ => Vec::new(),
            };
            g[n][t] = mex(options);
        }
    }
    let game = "game G(n, t) = if t == 0 then < G(n - k, 1) for k in 1..=3 if k <= n > \
                else < G(n - k, 0) for k in 2..=4 if k <= n and n >= 2 * t >";
    let script = format!("{game}\nprint([g(G(n, t)) for n in 0..60 for t in 0..3])");
    let listed: Vec<String> = (0..60)
        .flat_map(|n| g[n].iter().map(u64::to_string))
        .collect();
    assert_eq!(
        assert_same_as_the_generic_search(&script),
        format!("[{}]\n", listed.join(", "))
    );
    let script = format!("{game}\nprint(g(G({TOTAL}, 0)), g(G({TOTAL}, 1)), g(G({TOTAL}, 2)))");
    let (out, report) = run_by_programs_alone(&script, &script);
    let [a, b, c] = g[TOTAL];
    assert_eq!(out, format!("{a} {b} {c}\n"));
    let walked = common::count_before(&report, " by walking the program");
    assert!(walked < 100, "{report}");
}

/// The hunt's turn flag beside a halving move: the branches' loops are
/// lines, the halving is not, so the lines are marked and the VM walks the
/// halving beside them (`Kernel::split_lines`), where one element that is
/// no line made every position a walk of them all. Against a plain memo
/// and the generic search, with a halving that fails (`100 / (n - 700)`)
/// left to the generic search at that position alone.
#[test]
fn lines_are_marked_beside_the_walk_of_an_element_that_is_none() {
    const TOTAL: usize = 100_000;
    let mut g = vec![[0u64; 2]; TOTAL + 1];
    for n in 0..=TOTAL {
        g[n][0] = mex((1..=3.min(n)).map(|k| g[n - k][1]));
        let halve = (n > 1).then(|| g[n / 2][0]);
        g[n][1] = mex((2..=4.min(n)).map(|k| g[n - k][0]).chain(halve));
    }
    let game = "game G(n, t) = if t == 0 then < G(n - k, 1) for k in 1..=3 if k <= n > \
                else < G(n - k, 0) for k in 2..=4 if k <= n, G(n / 2, 0) if n > 1 >";
    let script = format!("{game}\nprint([g(G(n, t)) for n in 0..80 for t in 0..2])");
    let listed: Vec<String> = (0..80)
        .flat_map(|n| g[n].iter().map(u64::to_string))
        .collect();
    assert_eq!(
        assert_same_as_the_generic_search(&script),
        format!("[{}]\n", listed.join(", "))
    );
    let script = format!("{game}\nprint(g(G({TOTAL}, 0)), g(G({TOTAL}, 1)))");
    let (out, report) = run_by_programs_alone(&script, &script);
    assert_eq!(out, format!("{} {}\n", g[TOTAL][0], g[TOTAL][1]));
    assert!(report.contains("lines marked beside the walk"), "{report}");
    let walked = common::count_before(&report, " by walking the program");
    assert!(walked < 100, "{report}");
    let failing = "game G(n, t) = < G(n - k, 1) for k in 1..=3 if k <= n and t == 0, \
                   G(n - k, 0) for k in 2..=4 if k <= n and t == 1, \
                   G(n / 2, 0) if t == 1 and n > 1 and 100 / (n - 700) >= 0 >\n\
                   print(g(G(600, 1)))\nprint(g(G(900, 1)))";
    let (printed, error) = common::assert_same_error_as_the_generic_search(failing);
    assert_eq!(printed.lines().count(), 1, "{printed}");
    assert!(error.contains("division by zero"), "{error}");
}

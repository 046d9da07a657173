//! Options of a two-heap family that are sums of its own positions
//! moving with a loop (cutting a rectangle in two, `R(i, b) + R(a - i,
//! b)`): each part is a strided run of the box being filled, xored into
//! the options in one pass, a column's two parts together.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_as_the_generic_search, mex, run_by_programs_alone};

/// The values of cutting an `a × b` rectangle in two, across either
/// side, with `extra` xored into every option, by a plain memo.
fn rectangles(size: usize, extra: u64) -> Vec<Vec<u64>> {
    let mut r = vec![vec![0u64; size + 1]; size + 1];
    for a in 0..=size {
        for b in 0..=size {
            let across = (1..a).map(|i| r[i][b] ^ r[a - i][b]);
            let down = (1..b).map(|j| r[a][j] ^ r[a][b - j]);
            r[a][b] = mex(across.chain(down).map(|v| v ^ extra));
        }
    }
    r
}

/// `[g(R(a, b)) for a in 0..=size for b in 0..=size]` as printed.
fn printed(r: &[Vec<u64>]) -> String {
    let values = r.iter().flatten().map(u64::to_string);
    format!("[{}]", values.collect::<Vec<_>>().join(", "))
}

#[test]
fn a_rectangle_cut_in_two_reads_both_parts_from_the_box() {
    let size = 30;
    let query = format!("[g(R(a, b)) for a in 0..={size} for b in 0..={size}]");
    let games = [
        // A column's two parts (stepped by a row) and a row's.
        (
            "game R(a, b) = < R(i, b) + R(a - i, b) for i in 1..a, R(a, j) + R(a, b - j) for j in 1..b >",
            0,
        ),
        // The second cut transposed: its parts are columns too.
        (
            "game R(a, b) = < R(i, b) + R(a - i, b) for i in 1..a, R(j, a) + R(b - j, a) for j in 1..b >",
            0,
        ),
        // A heap beside the two parts, and the parts in the other order.
        (
            "game R(a, b) = < R(a - i, b) + *3 + R(i, b) for i in 1..a, R(a, j) + R(a, b - j) + *3 for j in 1..b >",
            3,
        ),
    ];
    for (game, extra) in games {
        let script = format!("{game}\n{query}");
        let expected = printed(&rectangles(size, extra));
        assert_eq!(assert_same_as_the_generic_search(&script).trim(), expected);
        let (out, report) = run_by_programs_alone(&script, game);
        assert_eq!(out.trim(), expected, "{game}");
        assert!(report.contains("by walking the program"), "{report}");
    }
}

#[test]
fn a_sum_with_a_position_standing_still_and_a_column() {
    // `S(0, b)` stands still while `S(i, b)` walks a column: one is a
    // value, the other a run of its own.
    let size = 24;
    let mut r = vec![vec![0u64; size + 1]; size + 1];
    for a in 0..=size {
        for b in 0..=size {
            let column = (1..a).map(|i| r[i][b] ^ r[0][b]);
            let row = (0..b).map(|j| r[a][j]);
            r[a][b] = mex(column.chain(row));
        }
    }
    let game = "game S(a, b) = < S(i, b) + S(0, b) for i in 1..a, S(a, j) for j in 0..b >";
    let script = format!("{game}\n[g(S(a, b)) for a in 0..=24 for b in 0..=24]");
    assert_eq!(
        assert_same_as_the_generic_search(&script).trim(),
        printed(&r)
    );
}

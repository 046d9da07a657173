//! A loop over the rows of a `let` list of lists (`for d in D`, direction
//! vectors and the like), or of such a literal, or over the keys of a
//! `let` map (`for d in keys(M)`, each read as `M[d]`), is a loop of the
//! integer program over the rows' places: a few rows are unrolled and
//! their items folded into the options and bounds, more are picked row by
//! row; a map read at a constant key is that key's value, and a key walked
//! compared with a constant is its place compared (the map walked as it
//! is walks its keys); a `let` list of
//! nim heaps (`[*0, *1, *2]`), indexed or walked, is their sizes. The values are
//! those of plain programs written here and of the generic search, and
//! the errors are the generic search's.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{
    assert_same_error_as_the_generic_search, ir_of, mex, printed_by_programs_alone, wythoff,
};

/// The printed list of `values`.
fn shown(values: impl IntoIterator<Item = u64>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// Wythoff's game by its three directions, a `let` or a literal: each
/// direction unrolled is a line of the box whose bound folds, as the
/// README's spelling is.
#[test]
fn a_few_directions_are_unrolled_into_lines() {
    const SIZE: usize = 40;
    let expected = wythoff(SIZE);
    let moves = "W(a - k * d[0], b - k * d[1]) for d in D for k in 1..=a + b \
                 if k * d[0] <= a and k * d[1] <= b";
    for (head, directions) in [
        ("let D = [[1, 0], [0, 1], [1, 1]]\n", "D"),
        ("", "[[1, 0], [0, 1], [1, 1]]"),
    ] {
        let game = format!(
            "{head}game W(a, b) = < {} >",
            moves.replace("in D", &format!("in {directions}"))
        );
        let script = format!("{game}\n[[g(W(a, b)) for b in 0..{SIZE}] for a in 0..{SIZE}]");
        let printed = printed_by_programs_alone(&script);
        let rows: Vec<String> = expected.iter().map(|row| shown(row.clone())).collect();
        assert_eq!(printed.trim(), format!("[{}]", rows.join(", ")), "{game}");
        let ir = ir_of(&game);
        assert!(ir.contains("W(a - k, b - k) for k in 1..min("), "{ir}");
        assert!(!ir.contains("D["), "{ir}");
    }
}

/// Twenty leaps, more than are unrolled: the loop walks the rows' places
/// and picks each row's items, some negative. Twelve, whose items the VM
/// would pick at every position, are unrolled, each a constant leap.
#[test]
fn many_rows_are_picked_one_by_one() {
    const LEAPS: [(i64, i64); 20] = [
        (2, 1),
        (1, 2),
        (2, -1),
        (-1, 2),
        (1, 0),
        (0, 1),
        (3, 3),
        (1, 1),
        (4, 0),
        (0, 4),
        (2, 2),
        (5, 1),
        (1, 5),
        (3, -2),
        (-2, 3),
        (6, 0),
        (0, 6),
        (4, 4),
        (3, 1),
        (1, 3),
    ];
    fn plain(leaps: &[(i64, i64)], a: i64, b: i64, memo: &mut HashMap<(i64, i64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let options: Vec<u64> = (leaps.iter())
            .filter(|&&(x, y)| a - x >= 0 && b - y >= 0 && x + y > 0)
            .map(|&(x, y)| plain(leaps, a - x, b - y, memo))
            .collect();
        let value = mex(options);
        memo.insert((a, b), value);
        value
    }
    for (count, looped) in [(20, true), (12, false)] {
        let leaps = &LEAPS[..count];
        let table: Vec<String> = leaps.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
        let script = format!(
            "let D = [{}]\n\
             game K(a, b) = < K(a - d[0], b - d[1]) for d in D \
             if a - d[0] >= 0 and b - d[1] >= 0 and d[0] + d[1] > 0 >\n\
             [g(K(30, b)) for b in 0..30]",
            table.join(", ")
        );
        let mut memo = HashMap::new();
        let expected = shown((0..30).map(|b| plain(leaps, 30, b, &mut memo)));
        assert_eq!(printed_by_programs_alone(&script).trim(), expected);
        let ir = ir_of(&script);
        assert_eq!(ir.contains("for d in [0, 1, 2,"), looped, "{ir}");
        assert_eq!(
            ir.contains("K(a - 5, b - 1) if a - 5 >= 0"),
            !looped,
            "{ir}"
        );
    }
}

/// Rows of different lengths, read whole: `sum(d)` and `len(d)` of each
/// row unrolled are constants.
#[test]
fn rows_read_whole_fold() {
    let script = "let D = [[1], [2, 2], [3, 1, 1]]\n\
                  game S(n) = < S(n - sum(d)) + S(len(d)) for d in D if sum(d) <= n and n > 3 >\n\
                  seq(S, 0..200)";
    let mut values: Vec<u64> = Vec::new();
    for n in 0..200 {
        let rows: [&[usize]; 3] = [&[1], &[2, 2], &[3, 1, 1]];
        let options = (rows.iter())
            .filter(|row| row.iter().sum::<usize>() <= n && n > 3)
            .map(|row| values[n - row.iter().sum::<usize>()] ^ values[row.len()]);
        let value = mex(options);
        values.push(value);
    }
    assert_eq!(printed_by_programs_alone(script).trim(), shown(values));
    let ir = ir_of(script);
    assert!(ir.contains("S(n - 4) + S(2)"), "{ir}");
}

/// An item past a row's end, or a row that fails to be summed, fails
/// where the generic search fails, with its error, unrolled or not.
#[test]
fn a_row_read_past_its_end_fails_as_the_generic_search_does() {
    for rows in [
        "[[1, 0], [0, 1, 1], [1]]",
        "[[1, 0], [0, 1, 1], [1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7]]",
    ] {
        let script = format!(
            "let D = {rows}\n\
             game W(a, b) = < W(a - d[0], b - d[1]) for d in D if d[0] <= a and d[1] <= b >\n\
             g(W(3, 3))"
        );
        let (_, error) = assert_same_error_as_the_generic_search(&script);
        assert!(error.contains("index"), "{error}");
    }
}

/// The values of heaps `0..count` of the subtraction game of `moves`.
fn subtraction(moves: &[usize], count: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..count {
        let options = moves.iter().filter(|&&k| k <= n).map(|&k| values[n - k]);
        values.push(mex(options));
    }
    values
}

/// Wythoff's game by a map of named directions, and a subtraction game by
/// a map of named amounts: each key's value is picked by its place, and
/// the program is the one spelled with the values written out. A key read
/// other than as `M[d]`, or values of two kinds, leave the family to the
/// generic search, with its values and errors.
#[test]
fn keys_of_a_map_walk_its_values() {
    const SIZE: usize = 30;
    let expected = wythoff(SIZE);
    let wythoff = "let M = {\"row\": [1, 0], \"col\": [0, 1], \"diag\": [1, 1]}\n\
                   game W(a, b) = < W(a - k * M[d][0], b - k * M[d][1]) for d in keys(M) \
                   for k in 1..=(if M[d][0] == 1 and M[d][1] == 1 then min(a, b) \
                   else if M[d][0] == 1 then a else b) >";
    let script = format!("{wythoff}\n[[g(W(a, b)) for b in 0..{SIZE}] for a in 0..{SIZE}]");
    let rows: Vec<String> = expected.iter().map(|row| shown(row.clone())).collect();
    let printed = printed_by_programs_alone(&script);
    assert_eq!(printed.trim(), format!("[{}]", rows.join(", ")));
    let ir = ir_of(wythoff);
    assert!(
        ir.contains("  W(a - k, b - k) for k in 1..=min(a, b)\n"),
        "{ir}"
    );
    let amounts = "let M = {\"one\": 1, \"two\": 2, \"five\": 5}\n\
                   game S(n) = < S(n - M[d]) for d in keys(M) if M[d] <= n >";
    let values = subtraction(&[1, 2, 5], 40);
    let printed = printed_by_programs_alone(&format!("{amounts}\nseq(S, 0..40)"));
    assert_eq!(printed.trim(), shown(values));
    for other in [
        "let M = {\"a\": 1, \"b\": 2}\n\
         game S(n) = < S(n - M[d]) for d in keys(M) if M[d] <= n and d != \"b\" >\nseq(S, 0..20)",
        "let M = {\"a\": 1, \"b\": [2]}\n\
         game S(n) = < S(n - 1) for d in keys(M) if n > 0 >\nseq(S, 0..20)",
    ] {
        common::assert_same_as_the_generic_search(other);
    }
    // A constant key is its value: an integer, or a list walked.
    let constant = "let M = {\"small\": 2, \"big\": [3, 7]}\n\
                    game S(n) = < S(n - M[\"small\"]) if n >= M[\"small\"], \
                    S(n - k) for k in M[\"big\"] if k <= n >";
    let values = subtraction(&[2, 3, 7], 40);
    let printed = printed_by_programs_alone(&format!("{constant}\nseq(S, 0..40)"));
    assert_eq!(printed.trim(), shown(values));
    let missing =
        "let M = {\"small\": 2}\ngame T(n) = < T(n - M[\"huge\"]) if n > 0 >\nseq(T, 0..3)";
    assert_same_error_as_the_generic_search(missing);
    let failing = "let M = {\"a\": [1, 0], \"b\": [1]}\n\
                   game W(a, b) = < W(a - M[d][0], b - M[d][1]) for d in keys(M) if a > 0 >\n\
                   g(W(3, 3))";
    assert_same_error_as_the_generic_search(failing);
}

/// A `let` list of games that are nim heaps (or sums of them), indexed by
/// an option's loop and walked by a loop: heaps of the integer program,
/// against a plain program and the generic search; an index out of range
/// is the generic search's error.
#[test]
fn a_list_of_nim_heaps_is_their_sizes() {
    let base = [0u64, 1, 2, 3];
    let mut g: Vec<u64> = Vec::new();
    let mut h: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let moves = (1..=3).filter(|&k| k <= n);
        g.push(mex(moves.map(|k| g[n - k] ^ base[k % 4])));
        let walked = base.iter().filter(|_| n > 0).map(|b| h[n - 1] ^ b);
        h.push(mex(walked));
    }
    let script = "let base = [*0, *1, *2, *1 + *2]\n\
                  game G(n) = < G(n - k) + base[k % 4] for k in 1..=3 if k <= n >\n\
                  game H(n) = < H(n - 1) + h for h in base if n > 0 >\n\
                  print(seq(G, 0..=60))\nprint(seq(H, 0..=60))";
    let expected = format!("{}\n{}\n", shown(g), shown(h));
    assert_eq!(printed_by_programs_alone(script), expected);
    assert!(ir_of(script).contains("G(n - 1) + *1 if 1 <= n"));
    let out_of_range = "let base = [*0, *1, *2]\n\
                        game I(n) = < I(n - 1) + base[n - 5] if n > 0 >\nseq(I, 0..=9)";
    let (printed, error) = assert_same_error_as_the_generic_search(out_of_range);
    assert_eq!(printed, "");
    assert!(
        error.contains("index -4 is out of range for a list of length 3"),
        "{error}"
    );
}

/// A key walked by `for d in keys(M)` compared with a constant key (`d !=
/// "diag"`, `d == "up"`, a key the map lacks): its place compared, against
/// a plain program and the generic search.
#[test]
fn a_key_compared_with_a_constant_is_its_place() {
    let w = common::plain_grid(12, 12, |a, b, w| {
        let mut options: Vec<u64> = (1..=a).map(|k| w[a - k][b]).collect();
        options.extend((1..=b).map(|k| w[a][b - k]));
        if a % 2 == 0 {
            options.extend((1..=a.min(b)).map(|k| w[a - k][b - k]));
        }
        options
    });
    let script = "let M = {\"left\": [1, 0], \"down\": [0, 1], \"diag\": [1, 1]}\n\
        game W(a, b) = < W(a - k * M[d][0], b - k * M[d][1]) for d in keys(M) if d != \"diag\" or a % 2 == 0 for k in 1..=a + b if k * M[d][0] <= a and k * M[d][1] <= b >\n\
        game V(a, b) = < V(a - k * M[d][0], b - k * M[d][1]) for d in keys(M) if d == \"up\" or \"left\" == d for k in 1..=a >\n\
        print([g(W(a, b)) for a in 0..12 for b in 0..12])\nprint([g(V(a, 3)) for a in 0..8])";
    let expected = format!("{}\n{}\n", shown(w.into_iter().flatten()), shown(0..8));
    assert_eq!(printed_by_programs_alone(script), expected);
    assert!(ir_of(script).contains("W(a - k, b - k) if a % 2 == 0"));
    // A map walked as it is walks its keys.
    let walked = script.replace("in keys(M)", "in M");
    assert_eq!(printed_by_programs_alone(&walked), expected);
}

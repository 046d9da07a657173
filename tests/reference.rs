//! The interpreter against independent computations: each game is computed
//! by a plain bottom-up Rust program (a memo array and a mex over every
//! option, no interpreter), and those programs are themselves checked
//! against published values (OEIS, Winning Ways, Flammenkamp's tables) and
//! closed formulas.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_sequence, ints, mex, run_json, single_sequence, wythoff};

/// Heap sizes up to which the octal games and Grundy's game are compared.
const LARGEST_HEAP: usize = 2000;

/// Take-and-break games that remove `t` tokens (for each `t` in `removals`)
/// from a row and leave the rest as zero, one or two heaps: Kayles is
/// `[1, 2]`, Dawson's Kayles is `[2]`.
fn remove_and_split(removals: &[usize], largest: usize) -> Vec<u64> {
    let mut values = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let options = removals
            .iter()
            .filter(|&&t| t <= n)
            .flat_map(|&t| (0..=n - t).map(move |a| (a, n - t - a)))
            .map(|(a, b)| values[a] ^ values[b]);
        let value = mex(options);
        values.push(value);
    }
    values
}

/// Grundy's game: split one heap into two unequal non-empty heaps.
fn grundys_game(largest: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let value = mex((1..n)
            .filter(|a| 2 * a < n)
            .map(|a| values[a] ^ values[n - a]));
        values.push(value);
    }
    values
}

/// A subtraction game whose moves remove any amount in `moves`.
fn subtraction(moves: &[usize], largest: usize) -> Vec<u64> {
    let mut values = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let value = mex(moves.iter().filter(|&&k| k <= n).map(|&k| values[n - k]));
        values.push(value);
    }
    values
}

/// The heap sizes below `preperiod_end` whose value differs from the
/// eventual periodic value, after checking that the values from
/// `preperiod_end` on repeat with `period`.
fn exceptions_to_period(values: &[u64], period: usize, preperiod_end: usize) -> Vec<usize> {
    for n in preperiod_end..values.len() - period {
        assert_eq!(values[n], values[n + period], "not periodic at {n}");
    }
    (0..preperiod_end)
        .filter(|&n| {
            let periodic = n + period * (preperiod_end / period + 1);
            values[n] != values[periodic]
        })
        .collect()
}

#[test]
fn kayles_matches_the_reference_program() {
    let script = "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >\n\
                  seq(Kayles, 0..=2000)";
    let reference = remove_and_split(&[1, 2], LARGEST_HEAP);
    assert_same_sequence(&single_sequence(script), &reference, "Kayles");
}

#[test]
fn dawsons_kayles_matches_the_reference_program() {
    let script = "game Dawson(n) = < Dawson(a) + Dawson(n - 2 - a) for a in 0..=n-2 >\n\
                  seq(Dawson, 0..=2000)";
    let reference = remove_and_split(&[2], LARGEST_HEAP);
    assert_same_sequence(&single_sequence(script), &reference, "Dawson");
}

#[test]
fn grundys_game_matches_the_reference_program() {
    let script = "game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >\n\
                  seq(Grundy, 0..=2000)";
    let reference = grundys_game(LARGEST_HEAP);
    assert_same_sequence(&single_sequence(script), &reference, "Grundy");
}

#[test]
fn wythoff_matches_the_reference_program() {
    let script = "game W(a, b) = <\n\
                  \x20   W(a - k, b)     for k in 1..=a,\n\
                  \x20   W(a, b - k)     for k in 1..=b,\n\
                  \x20   W(a - k, b - k) for k in 1..=min(a, b)\n\
                  >\n\
                  table(W, 0..30, 0..30)";
    let lines = run_json(script);
    assert_eq!(lines.len(), 1);
    let rows = lines[0]["values"]
        .as_array()
        .unwrap_or_else(|| panic!("a table prints an object with \"values\": {}", lines[0]));
    let interpreter: Vec<Vec<u64>> = rows.iter().map(ints).collect();
    assert_eq!(interpreter, wythoff(30));
    assert_eq!(ints(&lines[0]["rows"]), (0..30).collect::<Vec<u64>>());
    assert_eq!(ints(&lines[0]["cols"]), (0..30).collect::<Vec<u64>>());
}

#[test]
fn subtraction_game_one_to_three_is_n_mod_4() {
    let script = "game S(n) = < S(n - k) for k in 1..=3 if k <= n >\nseq(S, 0..=300)";
    let expected: Vec<u64> = (0..=300).map(|n| n % 4).collect();
    assert_same_sequence(&single_sequence(script), &expected, "S");
    assert_same_sequence(&subtraction(&[1, 2, 3], 300), &expected, "plain S");
}

#[test]
fn subtract_a_square_matches_the_reference_program() {
    let script = "game Square(n) = < Square(n - k * k) for k in 1..=n if k * k <= n >\n\
                  seq(Square, 0..=1000)";
    let squares: Vec<usize> = (1..=31).map(|k| k * k).collect();
    let reference = subtraction(&squares, 1000);
    assert_same_sequence(&single_sequence(script), &reference, "Square");
}

#[test]
fn lasker_nim_follows_its_closed_formula() {
    // Remove any number of tokens from a heap, or split it into two
    // non-empty heaps: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
    // g(4k+4) = 4k+3.
    let script = "game Lasker(n) = <\n\
                  \x20   Lasker(n - k) for k in 1..=n,\n\
                  \x20   Lasker(a) + Lasker(n - a) for a in 1..n if 2 * a <= n\n\
                  >\n\
                  seq(Lasker, 0..=200)";
    let formula = |n: u64| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    let expected: Vec<u64> = (0..=200).map(formula).collect();
    assert_same_sequence(&single_sequence(script), &expected, "Lasker");
}

#[test]
fn nim_sums_are_xors() {
    let script = "game Two(a, b) = *a + *b\n\
                  game Three(a, b) = *a + *b + *(a * b % 7)\n\
                  table(Two, 0..40, 0..40)\n\
                  table(Three, 0..24, 0..24)";
    let lines = run_json(script);
    assert_eq!(lines.len(), 2);
    let grid = |line: &serde_json::Value| -> Vec<Vec<u64>> {
        line["values"]
            .as_array()
            .unwrap_or_else(|| panic!("a table prints an object with \"values\": {line}"))
            .iter()
            .map(ints)
            .collect()
    };
    let two: Vec<Vec<u64>> = (0..40u64)
        .map(|a| (0..40u64).map(|b| a ^ b).collect())
        .collect();
    let three: Vec<Vec<u64>> = (0..24u64)
        .map(|a| (0..24u64).map(|b| a ^ b ^ (a * b % 7)).collect())
        .collect();
    assert_eq!(grid(&lines[0]), two);
    assert_eq!(grid(&lines[1]), three);
}

// ---- The reference programs against published values ----

/// OEIS A002186, Kayles, n = 0..104.
const A002186: [u64; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Dawson's Chess (0.137), n = 0..130; Dawson's Kayles (0.07)
/// has the values shifted by one: g(n) = a(n - 1).
const A002187: [u64; 131] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0,
];

/// OEIS A002188, Grundy's game, n = 0..104.
const A002188: [u64; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn plain_kayles_matches_oeis_and_its_known_period() {
    let kayles = remove_and_split(&[1, 2], LARGEST_HEAP);
    assert_eq!(kayles[..A002186.len()], A002186);
    // Periodic with period 12 from n = 71 on; the exceptions are listed in
    // Winning Ways and on OEIS.
    let exceptions = [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70];
    assert_eq!(exceptions_to_period(&kayles, 12, 71), exceptions);
}

#[test]
fn plain_dawsons_kayles_matches_oeis_and_its_known_period() {
    let dawson = remove_and_split(&[2], LARGEST_HEAP);
    assert_eq!(dawson[0], 0);
    assert_eq!(dawson[1..=A002187.len()], A002187);
    // Dawson's Chess has period 34 with exceptions at 0, 14, 16, 17, 31,
    // 34 and 51; Dawson's Kayles is the same shifted by one.
    let chess = &dawson[1..];
    assert_eq!(
        exceptions_to_period(chess, 34, 52),
        [0, 14, 16, 17, 31, 34, 51]
    );
}

#[test]
fn plain_grundys_game_matches_oeis_and_flammenkamps_sparse_values() {
    let grundy = grundys_game(LARGEST_HEAP);
    assert_eq!(grundy[..A002188.len()], A002188);
    // A value is "sparse" when its bits above the lowest have even parity.
    // Flammenkamp lists every heap up to 231 with a sparse value.
    let sparse: Vec<(usize, u64)> = (0..=231)
        .filter(|&n| (grundy[n] >> 1).count_ones().is_multiple_of(2))
        .map(|n| (n, grundy[n]))
        .collect();
    #[rustfmt::skip]
    let published = [
        (0, 0), (1, 0), (2, 0), (3, 1), (4, 0), (6, 1), (7, 0), (9, 1), (10, 0), (12, 1), (15, 1),
        (20, 0), (23, 0), (26, 0), (28, 1), (31, 1), (34, 1), (37, 1), (40, 1), (43, 1), (46, 1),
        (49, 1), (50, 0), (52, 1), (53, 0), (55, 1), (58, 1), (61, 1), (87, 7), (90, 7), (93, 7),
        (146, 6), (149, 6), (152, 6), (158, 11), (161, 11), (164, 11), (167, 11), (176, 7),
        (179, 7), (181, 12), (182, 7), (185, 7), (188, 7), (190, 12), (193, 12), (196, 10),
        (231, 10),
    ];
    assert_eq!(sparse, published);
}

#[test]
fn plain_wythoff_zeros_are_the_beatty_pairs() {
    // The P-positions of Wythoff's game are (⌊kφ⌋, ⌊kφ²⌋) and their mirrors.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut beatty: Vec<(usize, usize)> = (0..30)
        .flat_map(|k| {
            let (a, b) = ((k as f64 * phi) as usize, (k as f64 * phi * phi) as usize);
            [(a, b), (b, a)]
        })
        .filter(|&(a, b)| a < 30 && b < 30)
        .collect();
    beatty.sort();
    beatty.dedup();
    let grid = wythoff(30);
    let zeros: Vec<(usize, usize)> = (0..30)
        .flat_map(|a| (0..30).map(move |b| (a, b)))
        .filter(|&(a, b)| grid[a][b] == 0)
        .collect();
    assert_eq!(zeros, beatty);
    // The first row of Wythoff is a single nim heap.
    assert_eq!(grid[0], (0..30).collect::<Vec<u64>>());
}

#[test]
fn plain_subtract_a_square_p_positions_match_oeis() {
    // OEIS A030193: the losing positions of subtract-a-square.
    let published = [
        0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119,
        124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210, 215,
        238, 243, 249, 255, 257, 260, 262, 267,
    ];
    let squares: Vec<usize> = (1..=16).map(|k| k * k).collect();
    let values = subtraction(&squares, 267);
    let zeros: Vec<usize> = (0..=267).filter(|&n| values[n] == 0).collect();
    assert_eq!(zeros, published);
}

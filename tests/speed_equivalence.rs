//! The fast paths against the plain method. Families the recogniser turns
//! into kernels (computed bottom-up, split clauses by the sparse-space
//! method) must give exactly the values of a plain bottom-up program — a
//! memo array and a mex over every option — and of the interpreter's own
//! generic path, which a near-miss or an unrecognised spelling of the same
//! game takes. Where a kernel cannot vouch for a position (an argument out
//! of range, an overflow, a limit) the generic path must take over and give
//! the same answer or the same error.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use std::ops::RangeInclusive;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search,
    assert_same_sequence, generic_sequence, ints, mex, run_binary, run_json_with, single_sequence,
};
use sprague::engine::Limits;
use sprague::engine::kernel::{Kernel, OptionValue};
use sprague::interp::Interp;
use sprague::lower::Redefine;
use sprague::lower::program::Global;
use sprague::printer::Format;
use sprague::run::{Settings, run_to_strings};

/// Heap sizes up to which the split games are compared with the plain
/// program: far past the point where the sparse-space method takes over.
const LARGEST_HEAP: usize = 10_000;

/// The options of one position for the plain method: splits `(a, total −
/// a)` plus a heap, for `a` in a range, and single option values.
#[derive(Default)]
struct Options {
    splits: Vec<(usize, RangeInclusive<usize>, u64)>,
    singles: Vec<u64>,
}

/// The plain method: `g(0..=largest)` bottom-up, each value the least
/// value not marked by any option (the plain C program of the benchmark, in
/// Rust).
fn plain_with(largest: usize, options: impl Fn(usize, &[u64]) -> Options) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(largest + 1);
    let mut seen = vec![false; 4 * largest + 4];
    for n in 0..=largest {
        let Options { splits, singles } = options(n, &values);
        let mut marked = Vec::new();
        for (total, range, heap) in splits {
            // A plain `while`: iterator adaptors crawl in unoptimised tests.
            let (mut a, last) = range.into_inner();
            while a <= last {
                let value = (values[a] ^ values[total - a] ^ heap) as usize;
                if !seen[value] {
                    seen[value] = true;
                    marked.push(value);
                }
                a += 1;
            }
        }
        for value in singles {
            if !seen[value as usize] {
                seen[value as usize] = true;
                marked.push(value as usize);
            }
        }
        let value = (0..).find(|&v| !seen[v]).unwrap_or(0);
        for v in marked {
            seen[v] = false;
        }
        values.push(value as u64);
    }
    values
}

/// The plain method for a game whose options are the splits `(a, total −
/// a)` for `a` in each of `splits(n)`.
fn plain(
    largest: usize,
    splits: impl Fn(usize) -> Vec<(usize, RangeInclusive<usize>)>,
) -> Vec<u64> {
    plain_with(largest, |n, _| Options {
        splits: splits(n).into_iter().map(|(t, r)| (t, r, 0)).collect(),
        singles: Vec::new(),
    })
}

/// Removes `t` in `removals` from a row, leaving `a` and `n − t − a`.
fn octal(removals: &[usize], largest: usize) -> Vec<u64> {
    plain(largest, |n| {
        removals
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| (n - t, 0..=n - t))
            .collect()
    })
}

/// The integer program the IR built for `family` in `script`, if any.
fn kernel_of(script: &str, family: &str) -> Option<Kernel> {
    let interrupt = Arc::new(AtomicBool::new(false));
    let mut interp = Interp::new(
        Limits::default(),
        interrupt,
        Format::Text,
        Box::new(std::io::sink()),
    );
    if let Err(errors) = interp.run("kernel.sg", script, Redefine::Forbid) {
        panic!("the script failed: {errors:?}");
    }
    let Some(&Global::Family(id)) = interp.program().globals.get(family) else {
        panic!("`{family}` is not a family in:\n{script}");
    };
    interp.plan(id).ok().map(|plan| (*plan.kernel).clone())
}

fn is_split(kernel: &Kernel) -> bool {
    kernel.has_split()
}

#[test]
fn kayles_to_ten_thousand_equals_the_plain_program() {
    let game = "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >";
    let kernel = kernel_of(game, "Kayles").expect("recognised");
    // The loop over t is unrolled: two splits, no loop left to walk.
    assert_eq!(kernel.elements.len(), 2);
    assert!(kernel.elements.iter().all(|e| e.clauses.is_empty()));
    assert!(is_split(&kernel));
    let fast = single_sequence(&format!("{game}\nseq(Kayles, 0..={LARGEST_HEAP})"));
    assert_same_sequence(&fast, &octal(&[1, 2], LARGEST_HEAP), "Kayles");
}

#[test]
fn dawsons_kayles_to_ten_thousand_equals_the_plain_program() {
    let game = "game Dw(n) = < Dw(a) + Dw(n - 2 - a) for a in 0..=n-2 >";
    assert!(kernel_of(game, "Dw").is_some_and(|k| is_split(&k)));
    // Asked for the largest first: the whole prefix is computed in one go.
    let fast = single_sequence(&format!(
        "{game}\nlet top = g(Dw({LARGEST_HEAP}))\nseq(Dw, 0..={LARGEST_HEAP})"
    ));
    assert_same_sequence(&fast, &octal(&[2], LARGEST_HEAP), "Dawson");
}

#[test]
fn grundys_game_to_ten_thousand_equals_the_plain_program() {
    let game = "game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >";
    assert!(kernel_of(game, "Grundy").is_some_and(|k| is_split(&k)));
    let fast = single_sequence(&format!("{game}\nseq(Grundy, 0..={LARGEST_HEAP})"));
    // a ≥ 1 and 2a < n: a runs to (n − 1)/2; empty below n = 3.
    let reference = plain(LARGEST_HEAP, |n| vec![(n, 1..=n.saturating_sub(1) / 2)]);
    assert_same_sequence(&fast, &reference, "Grundy");
}

/// Games whose splits carry a heap, come in both orders, or sit beside
/// single options, far enough for the sparse-space method to take over,
/// against the plain method.
#[test]
fn split_variants_equal_the_plain_method() {
    const LARGEST: usize = 3000;
    let heap = "game F(n) = < F(n - 1 - a) + F(a) + *1 for a in 0..n >";
    let reference = plain_with(LARGEST, |n, _| Options {
        splits: (n >= 1)
            .then(|| (n - 1, 0..=n - 1, 1))
            .into_iter()
            .collect(),
        singles: Vec::new(),
    });
    assert_same_sequence(
        &single_sequence(&format!("{heap}\nseq(F, 0..={LARGEST})")),
        &reference,
        heap,
    );

    let both_orders = "game F(n) = < F(a) + F(n - a) for a in 1..n if a != n - a >";
    let reference = plain(LARGEST, |n| {
        let half = n / 2;
        let lower = 1..=(n.saturating_sub(1)) / 2;
        let upper = (half + 1)..=n.saturating_sub(1);
        vec![(n, lower), (n, upper)]
    });
    let fast = single_sequence(&format!("{both_orders}\nseq(F, 0..={LARGEST})"));
    assert_same_sequence(&fast, &reference, both_orders);

    // Dawson's chess, 0.137: single options beside the split.
    let chess = "game F(n) = < F(0) if n == 1, F(0) if n == 2, F(n - 2) if n > 2, \
                 F(0) if n == 3, F(n - 3) if n > 3, F(a) + F(n - 3 - a) for a in 1..n-3 >";
    let reference = plain_with(LARGEST, |n, g| Options {
        splits: (n >= 5)
            .then(|| (n - 3, 1..=n - 4, 0))
            .into_iter()
            .collect(),
        singles: [
            (n == 1 || n == 2 || n == 3).then(|| g[0]),
            (n > 2).then(|| g[n - 2]),
            (n > 3).then(|| g[n - 3]),
        ]
        .into_iter()
        .flatten()
        .collect(),
    });
    assert_same_sequence(
        &single_sequence(&format!("{chess}\nseq(F, 0..={LARGEST})")),
        &reference,
        chess,
    );
}

/// Pairs of spellings of one game: the second passes each index through
/// `def id(x) = x`, which the IR inlines, so both build the same program.
const VARIANTS: &[(&str, &str)] = &[
    // Dawson's chess, 0.137, with its digits spelled out.
    (
        "game F(n) = < F(0) if n == 1, F(0) if n == 2, F(n - 2) if n > 2, \
         F(0) if n == 3, F(n - 3) if n > 3, F(a) + F(n - 3 - a) for a in 1..n-3 >",
        "game F(n) = < F(id(0)) if n == 1, F(id(0)) if n == 2, F(id(n - 2)) if n > 2, \
         F(id(0)) if n == 3, F(id(n - 3)) if n > 3, F(id(a)) + F(id(n - 3 - a)) for a in 1..n-3 >",
    ),
    // The first part counted down, and a heap added to every split.
    (
        "game F(n) = < F(n - 1 - a) + F(a) + *1 for a in 0..n >",
        "game F(n) = < F(id(n - 1 - a)) + F(id(a)) + *1 for a in 0..n >",
    ),
    // Both orders of each split, the equal split left out.
    (
        "game F(n) = < F(a) + F(n - a) for a in 1..n if a != n - a >",
        "game F(n) = < F(id(a)) + F(id(n - a)) for a in 1..n if a != n - a >",
    ),
    // Two-sided linear conditions, one negated, and a bound through min.
    (
        "game F(n) = < F(a) + F(n - 2 - a) for a in 0..=min(n - 2, n) \
         if a >= 1 and not (3 * a > n + 1), F(n - 1) if n >= 1 >",
        "game F(n) = < F(id(a)) + F(id(n - 2 - a)) for a in 0..=min(n - 2, n) \
         if a >= 1 and not (3 * a > n + 1), F(id(n - 1)) if n >= 1 >",
    ),
    // Subtraction games over list and set literals.
    (
        "game F(n) = < F(n - k) for k in [1, 4, 9] if k <= n, F(n - k) for k in {6, 2, 6} if k <= n >",
        "game F(n) = < F(id(n - k)) for k in [1, 4, 9] if k <= n, F(id(n - k)) for k in {6, 2, 6} if k <= n >",
    ),
    // Heaps as options, and an index that is not affine.
    (
        "game F(n) = < *(k % 3) for k in 0..n, F(n / 2) if n > 0, F(n - 1 - (n * n) % n) if n > 0 >",
        "game F(n) = < *(k % 3) for k in 0..n, F(id(n / 2)) if n > 0, F(id(n - 1 - (n * n) % n)) if n > 0 >",
    ),
    // Near-misses of the split: a scaled variable and a condition that is
    // not linear in it.
    (
        "game F(n) = < F(2 * a) + F(n - 1 - 2 * a) for a in 0..n if 2 * a < n, \
         F(a) + F(n - 1 - a) for a in 0..n if a * a <= n >",
        "game F(n) = < F(id(2 * a)) + F(id(n - 1 - 2 * a)) for a in 0..n if 2 * a < n, \
         F(id(a)) + F(id(n - 1 - a)) for a in 0..n if a * a <= n >",
    ),
];

#[test]
fn spellings_through_defs_build_the_same_program_and_the_generic_values() {
    const LARGEST: usize = 160;
    for (fast, through_def) in VARIANTS {
        let through_def = format!("def id(x) = x\n{through_def}");
        let kernel = kernel_of(fast, "F");
        assert!(kernel.is_some(), "not an integer program: {fast}");
        assert_eq!(kernel_of(&through_def, "F"), kernel, "{through_def}");
        let fast_values = single_sequence(&format!("{fast}\nseq(F, 0..={LARGEST})"));
        let generic_values = generic_sequence(&format!("{through_def}\nseq(F, 0..={LARGEST})"));
        assert_same_sequence(&fast_values, &generic_values, fast);
    }
}

#[test]
fn near_misses_of_the_split_are_not_splits() {
    let scaled = "game F(n) = < F(2 * a) + F(n - 1 - 2 * a) for a in 0..n if 2 * a < n >";
    let squared = "game F(n) = < F(a) + F(n - 1 - a) for a in 0..n if a * a != n >";
    let same_sign = "game F(n) = < F(a) + F(a + 1) for a in 0..n - 1 >";
    for script in [scaled, squared, same_sign] {
        let kernel = kernel_of(script, "F").expect("still an integer program");
        assert!(
            kernel
                .elements
                .iter()
                .all(|e| matches!(e.value, OptionValue::Terms { .. })),
            "taken for a split: {script}"
        );
    }
    // A filter that ends the loop (`a * a <= n` holds for the first values
    // of `a` only) is the split's bound, not a condition on its pairs.
    let ended = "game F(n) = < F(a) + F(n - 1 - a) for a in 0..n if a * a <= n >";
    let kernel = kernel_of(ended, "F").expect("an integer program");
    assert!(is_split(&kernel), "{kernel:?}");
    assert_same_sequence(
        &single_sequence(&format!("{ended}\nseq(F, 0..=3000)")),
        &generic_sequence(&format!("{ended}\nseq(F, 0..=3000)")),
        ended,
    );
    // Another family's position is read as a heap (no split), of one
    // parameter or two. One whose parameter is passed on unchanged (its
    // positions kept by its instances) and five parameters leave the
    // family to the generic search.
    let other_family =
        "game G(n) = < G(n - 1) if n > 0 >\ngame F(n) = < G(n) + F(n - 1) if n > 0 >";
    let kernel = kernel_of(other_family, "F").expect("an integer program");
    assert_eq!(kernel.foreign.len(), 1);
    let two_parameters = "game G(a, b) = < G(a - 1, b + 1) if a > 0 >\n\
                          game F(n) = < G(n, 1) + F(n - 1) if n > 0 >";
    let kernel = kernel_of(two_parameters, "F").expect("an integer program");
    assert_eq!(kernel.foreign.len(), 1);
    let passed_on =
        "game G(a, b) = < G(a - 1, b) if a > 0 >\ngame F(n) = < G(n, 1) + F(n - 1) if n > 0 >";
    assert!(kernel_of(passed_on, "F").is_none());
    let five_parameters = "game F(a, b, c, d, e) = < F(a - 1, b, c, d, e) if a > 0 >";
    assert!(kernel_of(five_parameters, "F").is_none());
}

/// Two-parameter spellings (computed box by box) against the generic path.
const GRID_VARIANTS: &[(&str, &str)] = &[
    // Wythoff's game.
    (
        "game F(a, b) = < F(a - k, b) for k in 1..=a, F(a, b - k) for k in 1..=b, \
         F(a - k, b - k) for k in 1..=min(a, b) >",
        "game F(a, b) = < F(id(a - k), b) for k in 1..=a, F(a, id(b - k)) for k in 1..=b, \
         F(id(a - k), id(b - k)) for k in 1..=min(a, b) >",
    ),
    // A move to a later row: the box cannot be filled in order, so the
    // generic search takes over.
    (
        "game F(a, b) = < F(a + 1, b) if a < 3, F(a, b - k) + *(a % 2) for k in 1..=b if k % 3 != 1 >",
        "game F(a, b) = < F(id(a + 1), b) if a < 3, F(a, id(b - k)) + *(a % 2) for k in 1..=b if k % 3 != 1 >",
    ),
];

#[test]
fn two_parameter_kernels_equal_the_generic_path() {
    for (fast, through_def) in GRID_VARIANTS {
        let through_def = format!("def id(x) = x\n{through_def}");
        let kernel = kernel_of(fast, "F");
        assert!(kernel.is_some(), "not an integer program: {fast}");
        assert_eq!(kernel_of(&through_def, "F"), kernel, "{through_def}");
        // Asked in an order that makes the box grow both ways.
        let query =
            "print(g(F(3, 30)))\nprint(g(F(25, 2)))\ntable(F, 0..32, 0..32)\noptions(F(2, 1))";
        let (fast_out, fast_errors) =
            run_to_strings("t.sg", &format!("{fast}\n{query}"), Settings::default());
        let generic = Settings {
            generic_only: true,
            ..Settings::default()
        };
        let (generic_out, generic_errors) =
            run_to_strings("t.sg", &format!("{through_def}\n{query}"), generic);
        assert_eq!((fast_errors, generic_errors), (None, None));
        assert_eq!(fast_out, generic_out, "{fast}");
    }
}

/// A line of options with a heap on it, and one whose step is not 1: the
/// values the generic path gives. (The take 1..=20 game's spellings, lines
/// too, are checked against a plain program in
/// `unseen_spellings_compile_and_equal_the_plain_programs`.)
#[test]
fn lines_with_heaps_and_steps_equal_the_generic_path() {
    let heaped = "game H(a, b) = < H(a - k, b) + *(a % 3) for k in 1..=min(a, 5), \
                  H(a, b - 2 * k) + *b for k in 1..=b / 2 >";
    let query = "[g(H(a, b)) for a in 0..30 for b in 0..30]";
    let script = format!("{heaped}\n{query}");
    assert!(kernel_of(heaped, "H").is_some(), "not an integer program");
    assert_same_sequence(
        &single_sequence(&script),
        &generic_sequence(&script),
        heaped,
    );
    // One parameter: a line with a step of 3, one backwards, and one that
    // names the same position for every value of its variable.
    let stepped = "game S(n) = < S(n - 3 * k) for k in 1..=n / 3, S(k) + *1 for k in 0..n / 2, \
                   S(n - 1) + *2 for k in 1..=3 if n > 0 >\nseq(S, 0..=200)";
    assert!(kernel_of(stepped, "S").is_some(), "not an integer program");
    assert_same_sequence(
        &single_sequence(stepped),
        &generic_sequence(stepped),
        stepped,
    );
    // An argument past the slot bound, where a line's bound would overflow,
    // is the generic search's.
    let huge = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n\
                print(outcome(W(1, 9223372036854775807)))";
    assert_same_error_as_the_generic_search(huge);
}

/// The values `g[a][b]` for `a < rows` and `b < cols` of the two-parameter
/// game whose options at `(a, b)` are `options(a, b, &g)`, bottom-up.
fn plain_grid(
    rows: usize,
    cols: usize,
    options: impl Fn(usize, usize, &[Vec<u64>]) -> Vec<u64>,
) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; cols]; rows];
    for a in 0..rows {
        for b in 0..cols {
            g[a][b] = mex(options(a, b, &g));
        }
    }
    g
}

/// Two-parameter families every element of which is a line are marked
/// straight from the box being filled (`BoxLines`): with heaps constant and
/// moving, values below 64 (one word of marks) and above, and a line that
/// leaves the box (its positions the walk's, then the generic search's).
/// The values of a plain program and of the generic search.
#[test]
fn lines_read_from_the_box_equal_a_plain_program() {
    let short = "game L(a, b) = < L(a - k, b) + *3 for k in 1..=min(a, 5), \
                 L(a, b - k) for k in 1..=min(b, 9), L(a - k, b - k) + *(a + 2 * b) for k in 1..=min(a, b, 4) >";
    let small = plain_grid(40, 40, |a, b, g| {
        let mut options: Vec<u64> = (1..=a.min(5)).map(|k| g[a - k][b] ^ 3).collect();
        options.extend((1..=b.min(9)).map(|k| g[a][b - k]));
        let heap = (a + 2 * b) as u64;
        options.extend((1..=a.min(b).min(4)).map(|k| g[a - k][b - k] ^ heap));
        options
    });
    let long = "game L(a, b) = < L(a - k, b) for k in 1..=a, L(a, b - k) + *1 for k in 1..=b, \
                L(a - k, b - k) + *(b + 1) for k in 1..=min(a, b, 4) >";
    let large = plain_grid(70, 70, |a, b, g| {
        let mut options: Vec<u64> = (1..=a).map(|k| g[a - k][b]).collect();
        options.extend((1..=b).map(|k| g[a][b - k] ^ 1));
        options.extend((1..=a.min(b).min(4)).map(|k| g[a - k][b - k] ^ (b as u64 + 1)));
        options
    });
    for (script, g, wide) in [(short, small, false), (long, large, true)] {
        let largest = g.iter().flatten().max().copied();
        assert_eq!(largest >= Some(64), wide, "{largest:?}");
        let size = g.len();
        let query = format!("[g(L(a, b)) for a in 0..{size} for b in 0..{size}]");
        let printed = assert_same_as_the_generic_search(&format!("{script}\n{query}"));
        let expected: Vec<String> = g.iter().flatten().map(u64::to_string).collect();
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{script}"
        );
    }
    // A line leaving the box on the right: R(a − 1, b + k).
    let leaving = "game R(a, b) = < R(a - 1, b + k) for k in 0..min(a, 3), R(a, b - k) for k in 1..=b >\n\
                   [g(R(a, b)) for a in 0..12 for b in 0..12]";
    let printed = assert_same_as_the_generic_search(leaving);
    // Row a at b < 12 reads row a − 1 to b + 2 only: 40 columns are more
    // than enough, and the clamp touches only columns never read.
    let g = plain_grid(12, 40, |a, b, g| {
        let mut options: Vec<u64> = (0..a.min(3)).map(|k| g[a - 1][(b + k).min(39)]).collect();
        options.extend((1..=b).map(|k| g[a][b - k]));
        options
    });
    let expected: Vec<String> = g
        .iter()
        .flat_map(|row| &row[..12])
        .map(u64::to_string)
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
}

#[test]
fn an_argument_out_of_range_hands_over_to_the_generic_path() {
    // U(7) has the option U(−1), a terminal position the dense table does
    // not hold: from 7 on the generic path computes the values.
    let script = "game U(n) = < U(n - 1) if n > 0, U(-1) if n == 7 >\nseq(U, 0..=20)";
    let terminal = mex([]);
    let mut expected: Vec<u64> = Vec::new();
    for n in 0..=20 {
        let previous = expected.last().copied().filter(|_| n > 0);
        let extra = (n == 7).then_some(terminal);
        expected.push(mex(previous.into_iter().chain(extra)));
    }
    assert_eq!(single_sequence(script), expected);
}

#[test]
fn only_the_positions_a_program_cannot_vouch_for_are_searched() {
    // K(100) has the extra option K(-1), outside the dense table: the
    // generic search computes K(100) and K(-1) (the splits of the program
    // need the table), the program the rest.
    let script = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t, \
                  K(-1) if n == 100 >\ng(K(3000))";
    let captured = sprague::run::Captured::default();
    let mut interp = Interp::new(
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
        Format::Json,
        Box::new(captured.clone()),
    );
    if let Err(errors) = interp.run("t.sg", script, Redefine::Forbid) {
        panic!("{errors:?}");
    }
    assert_eq!(interp.searched_positions(), 2);
    let printed = String::from_utf8_lossy(&captured.0.borrow())
        .trim()
        .to_string();
    let generic = generic_sequence(&script.replace("g(K(3000))", "[g(K(3000))]"));
    assert_eq!(printed, generic[0].to_string());
}

#[test]
fn errors_are_the_generic_paths_errors() {
    let cases = [
        (
            "game O(n) = < O(n - 1) if n > 0 and n * 4611686018427387904 >= 0 >\ng(O(5))",
            "integer overflow",
        ),
        (
            "game Z(n) = < Z(n - 1) if n > 0 and 10 / (n - 3) >= 0 >\ng(Z(6))",
            "division by zero",
        ),
    ];
    for (script, message) in cases {
        let (_, errors) = run_to_strings("t.sg", script, Settings::default());
        let errors = errors.unwrap_or_else(|| panic!("no error from:\n{script}"));
        assert!(errors.contains(message), "{script}\n---\n{errors}");
    }
}

/// A bottom-up fill computes positions the query may never reach: an
/// error or a cycle met there is not the query's. The output is the
/// generic search's, values where it finds values and its error (at the
/// same position) where the query does reach one.
#[test]
fn errors_the_query_never_reaches_are_not_reported() {
    let scripts = [
        // S(6) has no options: 10 % 2 == 0. S(4) would divide by zero.
        "game S(n) = < S(n - k) for k in 1..=9 if k <= n and 10 % (n - 4) != 0 >\n\
         print(g(S(6)))\nprint(options(S(6)))\nprint(g(S(7)))",
        // Even heaps reach even heaps only; S(3) is its own option.
        "game S(n) = < S(n - 2 * k) for k in 1..=n / 2 if n % 2 == 0, S(n) if n == 3 >\n\
         print(g(S(10)))\nprint(g(S(3)))",
        "game F(a, b) = < F(a - 1, b) if a > 0, F(a, b - 2) if b >= 2, F(a, b) if b == 1 >\n\
         print(g(F(5, 4)))\nprint(g(F(2, 3)))",
        "game F(a, b, c) = < F(a - 1, b, c) if a > 0, F(a, b, c - 2) if c >= 2, \
         F(a, b, c) if c == 1 >\nprint(g(F(3, 2, 4)))\nprint(g(F(1, 1, 1)))",
    ];
    for script in scripts {
        let (printed, error) = assert_same_error_as_the_generic_search(script);
        // The first query's value is printed, the last query's error reported.
        assert!(!printed.is_empty(), "{script}\n---\n{printed:?}");
        assert!(error.contains("Error: "), "{error}");
    }
}

#[test]
fn limits_hold_on_the_fast_path() {
    let kayles = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >";
    let mut settings = Settings::default();
    settings.limits.max_list_len = 100;
    let (_, errors) = run_to_strings("t.sg", &format!("{kayles}\ng(K(500))"), settings);
    let errors = errors.expect("a range longer than the list limit is an error");
    assert!(errors.contains("more than 100 elements"), "{errors}");
    // Nested loops: each range is short, the option list is not.
    let nested = "game F(n) = < F(a) + F(b) for a in 0..n for b in 0..n if a + b < n >";
    let mut settings = Settings::default();
    settings.limits.max_list_len = 1000;
    let (_, errors) = run_to_strings("t.sg", &format!("{nested}\ng(F(100))"), settings);
    let errors = errors.expect("an option list longer than the list limit is an error");
    assert!(errors.contains("more than 1000 elements"), "{errors}");
    let mut settings = Settings::default();
    settings.limits.max_positions = 1000;
    let (_, errors) = run_to_strings("t.sg", &format!("{kayles}\ng(K(5000))"), settings);
    let errors = errors.expect("more positions than the limit is an error");
    assert!(errors.contains("more than 1000 positions"), "{errors}");
}

#[test]
fn a_long_chain_needs_no_deep_stack() {
    let script = "game D(n) = < D(n - 1) if n > 0 >\ng(D(1000000))\ng(D(999999))";
    let (stdout, errors) = run_to_strings("t.sg", script, Settings::default());
    assert_eq!(errors, None);
    assert_eq!(stdout, "0\n1\n");
}

#[test]
fn the_generic_path_keeps_options_between_visits() {
    // Not integer programs (a family of two parameters among the options,
    // another's position in its body): every position is visited twice by
    // the generic search, the second time with the options kept from the
    // first.
    let script = "game A(n) = if n == 0 then <> else < A(n - 1), B(n, n) >\n\
                  game B(n, m) = A(n - 1) + *(m % 3)\n\
                  seq(A, 0..=300)";
    let mut a: Vec<u64> = vec![0];
    for n in 1..=300u64 {
        let previous = a[n as usize - 1];
        let b = previous ^ (n % 3);
        a.push(mex([previous, b]));
    }
    assert_eq!(single_sequence(script), a);
}

/// A family the integer programs cannot take (one option is a position of
/// a family of two parameters) whose options reach far down, asked for at
/// its top: once the
/// options kept between visits grow, the search computes it bottom-up, so
/// that its memory is proportional to its positions. Under a heap budget
/// that the kept options of every position on the way down would pass, it
/// runs, and each value is Kayles' mex with that option's value added.
#[test]
fn a_generic_family_reaching_far_down_is_computed_bottom_up() {
    const N: usize = 1200;
    let script = format!(
        "game P(a, b) = < P(a - k, b) for k in 1..=min(a, 3) >\n\
         game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t, P(n, 1) >\n\
         g(K({N}))\n\
         seq(K, 0..={N})"
    );
    let mut k: Vec<u64> = Vec::new();
    for n in 0..=N {
        let splits = (1..=2.min(n)).flat_map(|t| (0..=n - t).map(move |a| (a, n - t - a)));
        let values: Vec<u64> = splits.map(|(a, b)| k[a] ^ k[b]).collect();
        k.push(mex(values.into_iter().chain([n as u64 % 4])));
    }
    let mut settings = Settings::default();
    settings.limits.max_memory = 48 << 20;
    let lines = run_json_with(&script, settings);
    assert_eq!(ints(&lines[1]), k);
    // From an even position only even ones are reached; the odd ones,
    // which the bottom-up order computes first, fail. Their error is not
    // the query's: the answer is the depth-first search's.
    let script = "game P(a, b) = < P(a - k, b) for k in 1..=min(a, 3) >\n\
                  game E(n) = < E(a) + E(n - 2 - a) for a in 0..=n-2 if a % 2 == 0, \
                  P(10 / (n % 2 - 1), 1) >\n\
                  g(E(1200))";
    assert_same_as_the_generic_search(script);
}

#[test]
fn a_redefined_family_starts_afresh() {
    // In the REPL a family may be defined again: the values computed
    // bottom-up for the old definition must not leak into the new one.
    let captured = sprague::run::Captured::default();
    let mut interp = Interp::new(
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
        Format::Text,
        Box::new(captured.clone()),
    );
    let kayles = "game F(n) = < F(a) + F(n - t - a) for t in 1..=2 for a in 0..=n-t >\ng(F(3000))";
    let dawson = "game F(n) = < F(a) + F(n - 2 - a) for a in 0..=n-2 >\ng(F(3000))";
    for script in [kayles, dawson] {
        if let Err(errors) = interp.run("repl", script, Redefine::Replace) {
            panic!("{errors:?}");
        }
    }
    let printed = String::from_utf8_lossy(&captured.0.borrow()).into_owned();
    let expected = format!(
        "{}\n{}\n",
        octal(&[1, 2], 3000)[3000],
        octal(&[2], 3000)[3000]
    );
    assert_eq!(printed, expected);
}

/// The same game spelled the ways people write it: inline, through a `let`
/// list, through `def`s for a condition or an argument. Every spelling
/// builds the same integer program after the passes, and its values are
/// the generic search's.
#[test]
fn every_spelling_of_a_game_builds_one_program() {
    let families: &[&[&str]] = &[
        &[
            "game S(n) = < S(n - k) for k in 1..=20 if k % 3 != 0 if k <= n >",
            "let moves = [k for k in 1..=20 if k % 3 != 0]\n\
             game S(n) = < S(n - k) for k in moves if k <= n >",
            "def allowed(k) = k % 3 != 0\n\
             game S(n) = < S(n - k) for k in 1..=20 if allowed(k) and k <= n >",
            "game S(n) = < S(n - k) for k in [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20] \
             if k <= n >",
            // The bound first, then the filter.
            "game S(n) = < S(n - k) for k in 1..=20 if k <= n and k % 3 != 0 >",
            "def allowed(k) = k % 3 != 0\n\
             game S(n) = < S(n - k) for k in 1..=20 if k <= n if allowed(k) >",
        ],
        &[
            "game S(n) = < S(max(a - 1, 0)) + S(max(n - a - 2, 0)) for a in 0..n >",
            "def left(a) = max(a - 1, 0)\ndef right(n, a) = max(n - a - 2, 0)\n\
             game S(n) = < S(left(a)) + S(right(n, a)) for a in 0..n >",
            "def left(a) = if a - 1 > 0 then a - 1 else 0\n\
             def right(n, a) = if n - a - 2 < 0 then 0 else n - a - 2\n\
             game S(n) = < S(left(a)) + S(right(n, a)) for a in 0..n >",
        ],
        &[
            "let top = 6\ngame S(n) = < S(n - k) for k in 1..=top if k <= n and n % 7 != 3 >",
            "def legal(n, k) = k <= n and n % 7 != 3\n\
             game S(n) = < S(n - k) for k in 1..=6 if legal(n, k) >",
        ],
    ];
    for spellings in families {
        let first = kernel_of(spellings[0], "S").expect("an integer program");
        let expected = generic_sequence(&format!("{}\nseq(S, 0..=300)", spellings[0]));
        for spelling in *spellings {
            assert_eq!(
                kernel_of(spelling, "S").as_ref(),
                Some(&first),
                "{spelling}"
            );
            let values = single_sequence(&format!("{spelling}\nseq(S, 0..=300)"));
            assert_same_sequence(&values, &expected, spelling);
        }
    }
}

/// A recursive `def` becomes one of the program's functions; a `def` of
/// `min`, spelled either way, is inlined into the same program as `min`.
#[test]
fn recursive_defs_become_functions_and_defs_of_min_are_inlined() {
    let recursive = "def down(k) = if k == 0 then 0 else down(k - 1)\n\
                     game S(n) = < S(n - 1 - down(n)) if n > 0 >";
    let kernel = kernel_of(recursive, "S").expect("an integer program");
    assert_eq!(kernel.int_functions.len(), 1);
    let script = format!("{recursive}\nseq(S, 0..=300)");
    assert_same_sequence(
        &single_sequence(&script),
        &generic_sequence(&script),
        recursive,
    );
    let wythoff_through_def = "def smaller(a, b) = min(a, b)\n\
        game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
        W(a - k, b - k) for k in 1..=smaller(a, b) >";
    let wythoff = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
        W(a - k, b - k) for k in 1..=min(a, b) >";
    assert_eq!(kernel_of(wythoff_through_def, "W"), kernel_of(wythoff, "W"));
    let wythoff_through_if = "def least(a, b) = if a < b then a else b\n\
        game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
        W(a - k, b - k) for k in 1..=least(a, b) >";
    assert_eq!(kernel_of(wythoff_through_if, "W"), kernel_of(wythoff, "W"));
    assert!(kernel_of(wythoff, "W").is_some());
}

/// Families of three and four parameters, and arguments outside the dense
/// tables, are searched depth first by their integer programs: the same
/// values as the generic search, with no position left to it.
#[test]
fn integer_programs_search_depth_first_where_no_table_holds_the_positions() {
    let games = [
        (
            "game N(a, b, c) = < N(a - k, b, c) for k in 1..=a, N(a, b - k, c) for k in 1..=b, \
             N(a, b, c - k) for k in 1..=c >",
            "[g(N(a, b, c)) for a in 0..7 for b in 0..7 for c in 0..7]",
        ),
        (
            // Tokens move between piles (not towards smaller arguments in
            // every place) and the total shrinks.
            "game M(a, b, c, d) = < M(a - 1, b + 1, c, d) if a > 0 and b < a, \
             M(a, b, c - k, d) for k in 1..=c, M(a, b, c, d - 1) if d > 0 and d % 2 == 1 >",
            "[g(M(a, b, 3, d)) for a in 0..5 for b in 0..5 for d in 0..4]",
        ),
        (
            "game L(n) = < L(n + 3) if n < -10, L(n - 1) if n > -10 >",
            "[g(L(n)) for n in -20..5]",
        ),
    ];
    for (game, query) in games {
        let script = format!("{game}\n{query}");
        let captured = sprague::run::Captured::default();
        let mut interp = Interp::new(
            Limits::default(),
            Arc::new(AtomicBool::new(false)),
            Format::Json,
            Box::new(captured.clone()),
        );
        if let Err(errors) = interp.run("t.sg", &script, Redefine::Forbid) {
            panic!("{errors:?}");
        }
        assert_eq!(interp.searched_positions(), 0, "{game}");
        let printed = String::from_utf8_lossy(&captured.0.borrow()).into_owned();
        let fast: Vec<u64> = serde_json::from_str(printed.trim()).expect("a JSON list");
        assert_eq!(fast, generic_sequence(&script), "{game}");
    }
}

/// A family whose one parameter is always a list of a few integers (a
/// board) is the family of that many integer parameters: the same program
/// on the same dense tables, the same values as the generic search.
#[test]
fn boards_are_integer_parameters_spelled_as_lists() {
    let as_ints = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
                   W(a - k, b - k) for k in 1..=min(a, b) >";
    let as_board = "game W(p) = < W([p[0] - k, p[1]]) for k in 1..=p[0], \
                    W([p[0], p[-1] - k]) for k in 1..=p[1], \
                    W([p[0] - k, p[1] - k]) for k in 1..=min(p[0], len(p) * p[1] - p[1]) >";
    let (ints, board) = (kernel_of(as_ints, "W"), kernel_of(as_board, "W"));
    assert!(ints.is_some());
    assert_eq!(board.map(|k| k.elements), ints.map(|k| k.elements));
    let values = |game: &str, position: &str| {
        let query = format!("[g(W({position})) for a in 0..12 for b in 0..12]");
        let script = format!("{game}\n{query}");
        (single_sequence(&script), generic_sequence(&script))
    };
    let (fast, generic) = values(as_board, "[a, b]");
    assert_eq!(fast, generic);
    assert_eq!(fast, values(as_ints, "a, b").0);
    // Three heaps of nim as a board, with positions the table cannot hold.
    let nim = "game N(h) = < N([h[0] - k, h[1], h[2]]) for k in 1..=h[0], \
               N([h[0], h[1] - k, h[2]]) for k in 1..=h[1], N([h[0], h[1], h[2] - k]) for k in 1..=h[2] >";
    let script = format!("{nim}\n[g(N([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..6]");
    let xor = three_heap_nim(6);
    assert_eq!(single_sequence(&script), xor);
    assert_eq!(generic_sequence(&script), xor);
}

/// The values of three-heap nim, `a ^ b ^ c` for each heap below `n`, in
/// the order of `for a … for b … for c`.
fn three_heap_nim(n: u64) -> Vec<u64> {
    (0..n)
        .flat_map(|a| (0..n).flat_map(move |b| (0..n).map(move |c| a ^ b ^ c)))
        .collect()
}

/// A board read whole (`min(p)`, `sum(p)`) or named sorted or reversed
/// (`P(sort([a, b]))`, two integers) is still a board: an integer program,
/// with the values of the plain spellings and of the generic search.
#[test]
fn boards_read_whole_or_named_sorted_stay_boards() {
    let wythoff = "game W(p) = < W([p[0] - k, p[1]]) for k in 1..=p[0], \
                   W([p[0], p[1] - k]) for k in 1..=p[1], \
                   W([p[0] - k, p[1] - k]) for k in 1..=min(p) if sum(p) >= 2 * k >";
    let sorted = "game W(p) = < W(sort([p[0] - k, p[1]])) for k in 1..=p[0], \
                  W(reversed([p[1] - k, p[0]])) for k in 1..=p[1], \
                  W(sort([p[0] - k, p[1] - k])) for k in 1..=min(p[0], p[1]) >";
    let three = "game W(p) = < W(sort([p[0] - k, p[1], p[2]])) for k in 1..=p[0], \
                 W(sort([p[0], p[1] - k, p[2]])) for k in 1..=p[1], \
                 W(sort([p[2] - k, p[1], p[0]])) for k in 1..=max(p) if k <= p[2] >";
    let plain = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
                 W(a - k, b - k) for k in 1..=min(a, b) >";
    let pairs = "[g(W([a, b])) for a in 0..14 for b in 0..14]";
    let expected = single_sequence(&format!(
        "{plain}\n[g(W(a, b)) for a in 0..14 for b in 0..14]"
    ));
    for game in [wythoff, sorted] {
        assert!(
            kernel_of(game, "W").is_some_and(|kernel| !kernel.list),
            "{game}"
        );
        let script = format!("{game}\n{pairs}");
        assert_eq!(single_sequence(&script), expected, "{game}");
        assert_eq!(generic_sequence(&script), expected, "{game}");
    }
    // Three sorted heaps stay a list program: fewer positions.
    assert!(kernel_of(three, "W").is_some_and(|kernel| kernel.list));
    let script = format!("{three}\n[g(W([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..6]");
    let xor = three_heap_nim(6);
    assert_eq!(single_sequence(&script), xor);
    assert_eq!(generic_sequence(&script), xor);
}

/// `--stats` says how each family was computed and how many positions it
/// keeps.
#[test]
fn stats_report_how_each_family_was_computed() {
    let script = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n\
                  game T(xs) = < T(xs[1..len(xs)]) if len(xs) > 0 >\n\
                  game U(s) = < U(s[1..]) if len(s) > 0 >\n\
                  g(W(3, 3)) + g(T([1, 2])) + g(U(\"ab\"))";
    let (printed, report) = run_binary(&["--stats", "-e", script]);
    assert_eq!(printed, "0\n");
    assert!(
        report.contains("W: 16 positions, 16 known; integer program\n"),
        "{report}"
    );
    assert!(
        report.contains("T: 3 positions, 3 known; list program\n"),
        "{report}"
    );
    let why = "U: 3 positions, 3 known; generic search: parameter `s` is a string (`str`), \
               not an integer or a list of integers (at <-e>:3:8)";
    assert!(report.contains(why), "{report}");
    assert!(
        report.contains("3 positions computed by the generic search;"),
        "{report}"
    );
    // An octal family is named by its code, and its splits by their method:
    // 0.6's values are rare under the mask 494 (0b111101110) beyond a few
    // hundred heaps, Dawson's Kayles's under none.
    let octal = "g(octal(\"0.6\")(20000)) + g(octal(\"0.07\")(3000))";
    let (_, report) = run_binary(&["--stats", "-e", octal]);
    assert!(
        report.contains("octal(\"0.6\"): 20001 positions, 20001 known; integer program; passes: splits found; splits by the sparse space, mask 494 ("),
        "{report}"
    );
    assert!(
        report.contains("octal(\"0.07\"): ") && report.contains("splits by the plain scan"),
        "{report}"
    );
}

#[test]
fn a_redefined_family_forgets_its_proved_period() {
    let captured = sprague::run::Captured::default();
    let mut interp = Interp::new(
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
        Format::Text,
        Box::new(captured.clone()),
    );
    let kayles = "game F(n) = < F(a) + F(n - t - a) for t in 1..=2 for a in 0..=n-t >\ng(F(10000))";
    let dawson = "game F(n) = < F(a) + F(n - 2 - a) for a in 0..=n-2 >\ng(F(10000))";
    for script in [kayles, dawson] {
        if let Err(errors) = interp.run("repl", script, Redefine::Replace) {
            panic!("{errors:?}");
        }
    }
    let printed = String::from_utf8_lossy(&captured.0.borrow()).into_owned();
    let expected = format!(
        "{}\n{}\n",
        octal(&[1, 2], 10000)[10000],
        octal(&[2], 10000)[10000]
    );
    assert_eq!(printed, expected);
}

/// Membership, powers, slices, `reversed` and lists taken out of a `let`
/// list of lists compile into the integer program; `any` over a list
/// built on the way and lists taken out of a list of lists written in the
/// option leave the family to the generic search. Either way the
/// values are the generic search's.
#[test]
fn membership_and_powers_compile_and_other_additions_fall_back() {
    let compiled = [
        "game S(n) = < S(n - k) for k in 1..=n if k in [1, 3, 4] >",
        "let moves = {1, 3, 4}\ngame S(n) = < S(n - k) for k in 1..=n if k in moves >",
        "game S(n) = < S(n - k) for k in 1..=n if k not in 2..4 and k <= 2 ** 3 >",
        "game S(n) = < S(n - k) for k in 1..=n if not (k in 0..=2) or n in [5, 9] >",
        "game S(n) = < S(n - k) for k in 1..=n if any([k == m for m in [1, 4]]) >",
        "game S(n) = < S(n - k) for k in reversed([1, 3, 4]) if k <= n >",
        "game S(n) = < S(n - k) for k in [1, 2, 3, 4, 6][1..] if k <= n >",
        "game S(n) = < S(n - k) for k in 1..=n if k ** 2 <= n >",
        "game S(n) = < S(n - 2 ** k) for k in 0..9 if 2 ** k <= n and (-2) ** k != 4 >",
        "let M = [[1], [1, 2], [2, 3]]\ngame S(n) = < S(n - k) for k in M[n % 3] if k <= n >",
    ];
    let generic = [
        "game S(n) = < S(n - k) for k in 1..=n if any([k == m for m in 0..n]) >",
        "game S(n) = < S(n - k) for k in [[1], [1, 2], [2, 3]][n % 3] if k <= n >",
    ];
    for (script, compiles) in compiled
        .iter()
        .map(|s| (s, true))
        .chain(generic.iter().map(|s| (s, false)))
    {
        assert_eq!(kernel_of(script, "S").is_some(), compiles, "{script}");
        let values = single_sequence(&format!("{script}\nseq(S, 0..=200)"));
        let expected = generic_sequence(&format!("{script}\nseq(S, 0..=200)"));
        assert_same_sequence(&values, &expected, script);
    }
}

/// Games the spelling table had not seen, each written three ways: every
/// spelling is an integer program (a split where the game has one) and
/// gives the plain program's values. A name for the other heap (`for b in
/// [n - a]`), an `abs` condition, a filter on a long
/// constant range and a `def` returning a range all used to leave the fast
/// path.
#[test]
fn unseen_spellings_compile_and_equal_the_plain_programs() {
    const LARGEST: usize = 400;
    // Take 2, 5 or 7 and leave the rest in at most two heaps.
    let take = octal(&[2, 5, 7], LARGEST);
    // Split into two heaps differing by at least 2.
    let apart = plain(LARGEST, |n| match n {
        4.. => vec![(n, 1..=(n - 2) / 2)],
        _ => Vec::new(),
    });
    let games: [(&[&str], &[u64]); 2] = [
        (
            &[
                "game S(n) = < S(a) + S(n - k - a) for k in {2, 5, 7} if k <= n for a in 0..=n - k >",
                "def allowed(k) = k == 2 or k == 5 or k == 7\n\
                 game S(n) = < S(a) + S(b) for k in 1..=7 if allowed(k) for a in 0..=n \
                 for b in [n - k - a] if b >= 0 >",
            ],
            &take,
        ),
        (
            &[
                "game S(n) = < S(a) + S(n - a) for a in 1..n if n - 2 * a >= 2 >",
                "game S(n) = < S(a) + S(n - a) for a in 1..=(n - 2) / 2 >",
                "def far(a, b) = abs(a - b) >= 2\n\
                 game S(n) = < S(a) + S(b) for a in 1..n for b in [n - a] if a < b and far(a, b) >",
            ],
            &apart,
        ),
    ];
    for (spellings, expected) in games {
        for spelling in spellings {
            let kernel = kernel_of(spelling, "S").expect("an integer program");
            assert!(is_split(&kernel), "no split found: {spelling}");
            let values = single_sequence(&format!("{spelling}\nseq(S, 0..={LARGEST})"));
            assert_same_sequence(&values, expected, spelling);
        }
    }
    // Take 1 to 20 from one heap, or the same number from both.
    const SIDE: usize = 45;
    let mut grid = vec![vec![0u64; SIDE]; SIDE];
    for a in 0..SIDE {
        for b in 0..SIDE {
            let mut options = Vec::new();
            for k in 1..=20 {
                if k <= a {
                    options.push(grid[a - k][b]);
                }
                if k <= b {
                    options.push(grid[a][b - k]);
                }
                if k <= a && k <= b {
                    options.push(grid[a - k][b - k]);
                }
            }
            grid[a][b] = mex(options);
        }
    }
    let expected: Vec<u64> = grid.concat();
    let through_def = "let most = 20\ndef takes(x) = 1..=min(x, most)\n\
         game B(a, b) = < B(a - k, b) for k in takes(a), B(a, b - k) for k in takes(b), \
         B(a - k, b - k) for k in takes(min(a, b)) >";
    let inline = "game B(a, b) = < B(a - k, b) for k in 1..=min(a, 20), B(a, b - k) \
         for k in 1..=min(b, 20), B(a - k, b - k) for k in 1..=min(a, b, 20) >";
    assert_eq!(kernel_of(through_def, "B"), kernel_of(inline, "B"));
    for spelling in [
        "game B(a, b) = < B(a - k, b) for k in 1..=20 if k <= a, B(a, b - k) for k in 1..=20 \
         if k <= b, B(a - k, b - k) for k in 1..=20 if k <= min(a, b) >",
        through_def,
        // The positions named directly, the low end a `max`.
        "game B(a, b) = < B(k, b) for k in max(0, a - 20)..a, B(a, k) for k in max(b - 20, 0)..b, \
         B(a - b + k, k) for k in max(0, b - 20, b - a)..b >",
    ] {
        let kernel = kernel_of(spelling, "B").expect("an integer program");
        assert!(
            kernel.elements.iter().all(|e| e
                .clauses
                .iter()
                .all(|c| matches!(c, sprague::engine::kernel::Clause::For { .. }))),
            "a filter is left: {spelling}"
        );
        let printed = common::run_json(&format!(
            "{spelling}\n[g(B(a, b)) for a in 0..{SIDE} for b in 0..{SIDE}]"
        ));
        assert_eq!(common::ints(&printed[0]), expected, "{spelling}");
    }
}

/// A body that chooses between option lists with `if … then … else` is
/// the same options with the condition as each element's first filter:
/// an integer program, with the generic search's values, and its error
/// where the condition fails (at 3, dividing by zero).
#[test]
fn a_body_choosing_between_option_lists_is_an_integer_program() {
    let games = [
        "game F(n) = if n == 0 then <> else < F(n - k) for k in 1..=3 if k <= n >",
        "game F(n) = if n % 2 == 0 then < F(n - 1) if n > 0 > \
         else if n > 10 then < F(n - 2), F(a) + F(n - 1 - a) for a in 1..n - 1 > else < *1, F(n - 1) >",
        "game F(n) = if n < 5 then < F(m) for m in 0..n > else < F(n - 5) + *2, F(n - 3) >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=60)"));
    }
    let failing = "game F(n) = if 12 / (n - 3) > 1 then < F(n - 1) > else <>\ng(F(6))";
    let (_, errors) = run_to_strings("t.sg", failing, Settings::default());
    assert!(errors.is_some_and(|e| e.contains("division by zero")));
}

/// A range walked only for the values of a constant set (`if k in S`),
/// and a window written with `abs`: the same values as the generic search,
/// from programs that walk the set and bound the window.
#[test]
fn membership_and_abs_windows_equal_the_generic_search() {
    let games = [
        "let S = {1, 4, 5, 9, 11}\ngame F(n) = < F(n - k) for k in 1..=n if k in S >",
        "let P = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43]\n\
         game F(n) = < F(n - k) for k in 1..=n if n > 3 and k in P >",
        "game F(n) = < F(n - k) for k in 0..n if k == 2 or 7 == k or k == 2 >",
        "game F(n) = < F(a) + F(n - 1 - a) for a in 0..n if abs(2 * a + 1 - n) <= 3 >",
        "game F(n) = < F(n - k) for k in 1..=n if 2 > abs(k - n / 2) >",
    ];
    for game in games {
        let kernel = kernel_of(game, "F").unwrap_or_else(|| panic!("no program: {game}"));
        let walks_a_range = kernel.elements.iter().any(|e| {
            e.clauses
                .iter()
                .any(|c| matches!(c, sprague::engine::kernel::Clause::If(_)))
                && e.clauses.iter().any(|c| {
                    matches!(
                        c,
                        sprague::engine::kernel::Clause::For {
                            iter: sprague::engine::kernel::Iter::Range { .. },
                            ..
                        }
                    )
                })
        });
        assert!(
            !walks_a_range,
            "a range still walked through a filter: {game}\n{kernel:?}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=80)"));
    }
}

/// Comparisons of a multiple of the loop variable (`2 * k <= n`,
/// `k + k < n`, `n - k >= k`, `3 * k > n`, `-2 * k >= -n`) and a cap after a
/// remainder filter (`k <= min(n, 10) and k % 4 != 0`, whose stepped loop
/// reads `4·j + 1 <= min(n, 10)`) become loop bounds: no range is walked
/// through a filter, and the values are the generic search's.
#[test]
fn multiples_of_a_loop_variable_bound_it() {
    let games = [
        "game F(n) = < F(n - k) for k in 1..=n if 2 * k <= n >",
        "game F(n) = < F(n - k) for k in 1..=n if k + k < n >",
        "game F(n) = < F(n - k) for k in 1..=n if n - k >= k >",
        "game F(n) = < F(n - k) for k in 1..=n if 3 * k > n >",
        "game F(n) = < F(n - k) for k in 1..=n if 3 * k >= n >",
        "game F(n) = < F(n - k) for k in 1..=n if -2 * k >= 1 - n >",
        "game F(n) = < F(n - k) for k in 1..=n if k <= min(n, 10) and k % 4 != 0 >",
        "game F(n) = < F(n - k) + *1 for k in 1..=n if 5 * k - 7 < n and 3 * k >= n - 8 >",
    ];
    for game in games {
        let kernel = kernel_of(game, "F").unwrap_or_else(|| panic!("no program: {game}"));
        for element in &kernel.elements {
            let filters = element
                .clauses
                .iter()
                .filter(|c| matches!(c, sprague::engine::kernel::Clause::If(_)))
                .count();
            assert_eq!(filters, 0, "a filter is left: {game}\n{kernel:?}");
        }
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=90)"));
    }
}

/// A recursive `def` giving a condition (`if … then true else …`) is one
/// of the program's functions, giving 1 or 0: powers of two, and the
/// odious numbers (an odd count of ones, OEIS A000069: 1, 2, 4, 7, 8, 11,
/// 13, 14, 16, …), checked against the generic search.
#[test]
fn recursive_conditions_are_functions_of_the_program() {
    let games = [
        "def is_pow2(k) = if k == 1 then true else if k % 2 == 1 then false else is_pow2(k / 2)\n\
         game F(n) = < F(n - k) for k in 1..=n if is_pow2(k) >",
        "def odd_ones(n) = if n == 0 then false \
         else (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
         game F(n) = < F(n - k) for k in 1..=n if odd_ones(k) >",
        "def odd_ones(n) = n > 0 and (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
         game F(n) = < F(n - k) for k in 1..=n if odd_ones(k) >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=100)"));
    }
    let odious = "def odd_ones(n) = if n == 0 then false \
                  else (if n % 2 == 1 then not odd_ones(n / 2) else odd_ones(n / 2))\n\
                  [k for k in 1..=16 if odd_ones(k)]";
    let (out, _) = run_to_strings("t.sg", odious, Settings::default());
    assert_eq!(out, "[1, 2, 4, 7, 8, 11, 13, 14, 16]\n");
}

/// `any` and `all` of a comprehension over a few constants are their
/// conditions joined by `or` and `and`, when none of them can fail (the
/// language evaluates them all; joined, they stop at the first that
/// decides). One that may fail, a remainder by `k - d`, is left to the
/// generic search, which reports its division by zero.
#[test]
fn any_and_all_over_constants_are_joined_conditions() {
    let games = [
        "game F(n) = < F(n - k) for k in 1..=min(n, 30) if any([k % d == 0 for d in [3, 5]]) >",
        "game F(n) = < F(n - k) for k in 1..=min(n, 30) if all([k % d != 0 for d in 2..=3]) >",
        "game F(n) = < F(n - k) for k in 1..=n if not any([k == d * d for d in 1..=9]) >",
    ];
    for game in games {
        assert!(
            kernel_of(game, "F").is_some(),
            "not an integer program: {game}"
        );
        assert_same_as_the_generic_search(&format!("{game}\nseq(F, 0..=120)"));
    }
    let failing =
        "game F(n) = < F(n - k) for k in 1..=n if any([n % (k - d) == 0 for d in [1, 2]]) >";
    assert!(kernel_of(failing, "F").is_none());
    let (_, errors) = run_to_strings("t.sg", &format!("{failing}\ng(F(5))"), Settings::default());
    assert!(errors.is_some_and(|e| e.contains("modulo by zero")));
}

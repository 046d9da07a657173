//! The fast paths against the plain method. Families the IR turns
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

use common::{
    Options, assert_same_as_the_generic_search, assert_same_error_as_the_generic_search,
    assert_same_sequence, captured_interp, generic_sequence, ints, kernel_of, mex, octal, plain,
    plain_grid, plain_with, printed, run_binary, run_json_with, single_sequence,
};
use sprague::engine::kernel::OptionValue;
use sprague::printer::Format;
use sprague::resolve::Redefine;
use sprague::run::{Settings, run_to_strings};

/// Heap sizes up to which the split games are compared with the plain
/// program: far past the point where the sparse-space method takes over.
const LARGEST_HEAP: usize = 10_000;

#[test]
fn kayles_to_ten_thousand_equals_the_plain_program() {
    let game = "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >";
    let kernel = kernel_of(game, "Kayles").expect("recognised");
    // The loop over t is unrolled: two splits, no loop left to walk.
    assert_eq!(kernel.elements.len(), 2);
    assert!(kernel.elements.iter().all(|e| e.clauses.is_empty()));
    assert!(kernel.has_split());
    let fast = single_sequence(&format!("{game}\nseq(Kayles, 0..={LARGEST_HEAP})"));
    assert_same_sequence(&fast, &octal(&[1, 2], LARGEST_HEAP), "Kayles");
}

#[test]
fn dawsons_kayles_to_ten_thousand_equals_the_plain_program() {
    let game = "game Dw(n) = < Dw(a) + Dw(n - 2 - a) for a in 0..=n-2 >";
    assert!(kernel_of(game, "Dw").is_some_and(|k| k.has_split()));
    // Asked for the largest first: the whole prefix is computed in one go.
    let fast = single_sequence(&format!(
        "{game}\nlet top = g(Dw({LARGEST_HEAP}))\nseq(Dw, 0..={LARGEST_HEAP})"
    ));
    assert_same_sequence(&fast, &octal(&[2], LARGEST_HEAP), "Dawson");
}

#[test]
fn grundys_game_to_ten_thousand_equals_the_plain_program() {
    let game = "game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >";
    assert!(kernel_of(game, "Grundy").is_some_and(|k| k.has_split()));
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
    assert!(kernel.has_split(), "{kernel:?}");
    assert_same_sequence(
        &single_sequence(&format!("{ended}\nseq(F, 0..=3000)")),
        &generic_sequence(&format!("{ended}\nseq(F, 0..=3000)")),
        ended,
    );
    // Another family's position is read as a heap (no split), of one
    // parameter or two. One whose parameter is passed on unchanged (its
    // positions elsewhere kept by its instances) is read so where that
    // parameter is given an integer constant, from its own table; with
    // any other value there, and with five parameters, the family is the
    // generic search's.
    let other_family =
        "game G(n) = < G(n - 1) if n > 0 >\ngame F(n) = < G(n) + F(n - 1) if n > 0 >";
    let kernel = kernel_of(other_family, "F").expect("an integer program");
    assert_eq!(kernel.foreign.len(), 1);
    let two_parameters = "game G(a, b) = < G(a - 1, b + 1) if a > 0 >\n\
                          game F(n) = < G(n, 1) + F(n - 1) if n > 0 >";
    let kernel = kernel_of(two_parameters, "F").expect("an integer program");
    assert_eq!(kernel.foreign.len(), 1);
    let passed_on = "let two = 2\n\
                     game G(a, b) = < G(a - k, b) for k in 1..=b if k <= a >\n\
                     game F(n) = < G(n, 3) + F(n - 1) if n > 0, G(n, two) + *1 >";
    let kernel = kernel_of(passed_on, "F").expect("an integer program");
    assert_eq!(kernel.foreign.len(), 1);
    // Asked of the family and of its instances alike.
    let both = format!("{passed_on}\n[g(F(n)) + 100 * g(G(n, 3)) for n in 0..=300]");
    assert_same_sequence(&single_sequence(&both), &generic_sequence(&both), passed_on);
    let not_constant = [
        "game G(a, b) = < G(a - k, b) for k in 1..=b if k <= a >\n\
         game F(n) = < G(n, n % 2 + 1) + F(n - 1) if n > 0 >",
        "game G(moves, a) = < G(moves, a - k) for k in moves if k <= a >\n\
         game F(n) = < G([1, 2], n) + F(n - 1) if n > 0 >",
    ];
    for game in not_constant {
        assert!(kernel_of(game, "F").is_none(), "{game}");
        let values = format!("{game}\n[g(F(n)) for n in 0..=100]");
        assert_same_sequence(&single_sequence(&values), &generic_sequence(&values), game);
    }
    let nine_parameters =
        "game F(a, b, c, d, e, f, g, h, i) = < F(a - 1, b, c, d, e, f, g, h, i) if a > 0 >";
    assert!(kernel_of(nine_parameters, "F").is_none());
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
    let (mut interp, captured) = captured_interp(Format::Json);
    if let Err(errors) = interp.run("t.sg", script, Redefine::Forbid) {
        panic!("{errors:?}");
    }
    assert_eq!(interp.searched_positions(), 2);
    let printed = printed(&captured).trim().to_string();
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

/// `seq` of a family of one integer parameter reads the heaps from its
/// table, computed bottom-up first, or from its proved period: the values
/// and the first error in order are the generic search's, a heap the
/// program cannot vouch for and the heaps after it included.
#[test]
fn seq_reads_the_heaps_of_a_family_from_its_table() {
    let kayles = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >";
    let scripts = [
        format!(
            "{kayles}
print(seq(K, 0..=300))
print(seq(K, 290..310))"
        ),
        // K(40) has an option the dense table does not hold.
        format!(
            "{kayles}
game L(n) = < L(n - 1) if n > 0, L(-1) if n == 40, K(n) >
print(seq(L, 0..=80))"
        ),
        // Z(3) divides by zero: the heaps before it are printed.
        "game Z(n) = < Z(n - 1) if n > 0 and 10 / (n - 3) >= 0 >
print(seq(Z, 0..=2))
print(seq(Z, 0..=10))"
            .to_string(),
    ];
    for script in &scripts[..2] {
        assert_same_as_the_generic_search(script);
    }
    let (printed, error) = assert_same_error_as_the_generic_search(&scripts[2]);
    assert_eq!(printed.trim(), "[0, 0, 0]");
    assert!(error.contains("division by zero"), "{error}");
    // Past a proved period, far beyond the table.
    let script = format!(
        "{kayles}
print(g(K(5000)))
print(seq(K, 1000000000000..1000000000012))"
    );
    let (printed, errors) = run_to_strings("t.sg", &script, Settings::default());
    assert_eq!(errors, None);
    let period = octal(&[1, 2], 5000);
    // Kayles has period 12 from heap 72 on.
    let tail: Vec<String> = (1_000_000_000_000u64..1_000_000_000_012)
        .map(|n| period[(72 + (n - 72) % 12) as usize].to_string())
        .collect();
    assert_eq!(
        printed.lines().nth(1),
        Some(format!("[{}]", tail.join(", "))).as_deref()
    );
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
    let grundy = "game G(n) = < G(a) + G(n - a) for a in 1..n if 2 * a < n >";
    let run = |script: &str| run_to_strings("t.sg", script, settings.clone());
    let (_, errors) = run(&format!("{grundy}\ng(G(5000))"));
    let errors = errors.expect("more positions than the limit is an error");
    assert!(errors.contains("more than 1000 positions"), "{errors}");
    // Kayles' period, proved from 256 heaps, answers the heap within them.
    let (stdout, errors) = run(&format!("{kayles}\ng(K(5000))"));
    let expected = octal(&[1, 2], 5000)[5000].to_string();
    assert_eq!((stdout.trim(), errors), (expected.as_str(), None));
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
/// a family whose moves, a list, are passed on unchanged) whose options
/// reach far down, asked for at its top: once the
/// options kept between visits grow, the search computes it bottom-up, so
/// that its memory is proportional to its positions. Under a heap budget
/// that the kept options of every position on the way down would pass, it
/// runs, and each value is Kayles' mex with that option's value added.
#[test]
fn a_generic_family_reaching_far_down_is_computed_bottom_up() {
    const N: usize = 1200;
    let script = format!(
        "game P(moves, a) = < P(moves, a - k) for k in moves if k <= a >\n\
         game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t, P([1, 2, 3], n) >\n\
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
    let script = "game P(moves, a) = < P(moves, a - k) for k in moves if k <= a >\n\
                  game E(n) = < E(a) + E(n - 2 - a) for a in 0..=n-2 if a % 2 == 0, \
                  P([1, 2, 3], 10 / (n % 2 - 1)) >\n\
                  g(E(1200))";
    assert_same_as_the_generic_search(script);
}

/// A family each of whose heaps has options of its own far below 0
/// (`S(n - k * k * 10^9) for k in 1..=n`, all of them ends) is computed
/// bottom-up no further than the positions outside its table allow: the
/// heaps a query never reaches would take quadratic work and memory (a
/// false memory error within the budget), and the search from the query
/// down takes one heap's options. By the integer program, and by the
/// generic search (`str`) asked twice.
#[test]
fn a_family_spreading_outside_its_table_is_searched_from_the_query() {
    let mut settings = Settings::default();
    settings.limits.max_memory = 256 << 20;
    let program = "game S(n) = < S(n - k * k * 1000000000) for k in 1..=n if n > 0 >\n\
                   g(S(10000))";
    assert_eq!(run_json_with(program, settings.clone()), [1]);
    let generic = "game S(n) = < S(n - k * k * 1000000) for k in 1..=n \
                   if n > 0 and str(n) != \"x\" >\n\
                   g(S(70000))\ng(S(70001))";
    assert_eq!(run_json_with(generic, settings), [1, 1]);
}

#[test]
fn a_redefined_family_starts_afresh() {
    // In the REPL a family may be defined again: the values computed
    // bottom-up for the old definition must not leak into the new one.
    let (mut interp, captured) = captured_interp(Format::Text);
    let kayles = "game F(n) = < F(a) + F(n - t - a) for t in 1..=2 for a in 0..=n-t >\ng(F(3000))";
    let dawson = "game F(n) = < F(a) + F(n - 2 - a) for a in 0..=n-2 >\ng(F(3000))";
    for script in [kayles, dawson] {
        if let Err(errors) = interp.run("repl", script, Redefine::Replace) {
            panic!("{errors:?}");
        }
    }
    let printed = printed(&captured);
    let expected = format!(
        "{}\n{}\n",
        octal(&[1, 2], 3000)[3000],
        octal(&[2], 3000)[3000]
    );
    assert_eq!(printed, expected);
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
        report.contains(
            "W: 16 positions, 16 known; integer program; its boxes filled 16 positions by \
             column plans, 0 by lines, 0 by walking the program\n"
        ),
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
        report.contains("octal(\"0.6\"): 20001 positions, 20001 known; integer program; passes: splits found, clauses on the heap alone decided past where they settle; splits by the sparse space, mask 494 ("),
        "{report}"
    );
    assert!(
        report.contains("octal(\"0.07\"): ") && report.contains("splits by the plain scan"),
        "{report}"
    );
}

#[test]
fn a_redefined_family_forgets_its_proved_period() {
    let (mut interp, captured) = captured_interp(Format::Text);
    let kayles = "game F(n) = < F(a) + F(n - t - a) for t in 1..=2 for a in 0..=n-t >\ng(F(10000))";
    let dawson = "game F(n) = < F(a) + F(n - 2 - a) for a in 0..=n-2 >\ng(F(10000))";
    for script in [kayles, dawson] {
        if let Err(errors) = interp.run("repl", script, Redefine::Replace) {
            panic!("{errors:?}");
        }
    }
    let printed = printed(&captured);
    let expected = format!(
        "{}\n{}\n",
        octal(&[1, 2], 10000)[10000],
        octal(&[2], 10000)[10000]
    );
    assert_eq!(printed, expected);
}

//! The same game spelled the ways people write it — inline, through
//! `let`s and `def`s, recursive functions, boards, memberships — builds
//! one integer program, and its values are those of the generic search
//! and of plain programs written here (its conditions spelled many ways:
//! `spelled_conditions.rs`).

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search,
    assert_same_sequence, captured_interp, generic_sequence, kernel_of, mex, octal, plain, printed,
    run_binary, single_sequence,
};
use sprague::printer::Format;
use sprague::resolve::Redefine;

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
        // A sum of a list of games is the sum of its games (53.9 s for
        // Kayles to 10^4 by the generic search, before).
        &[
            "game S(n) = < S(a) + S(n - t - a) for t in 1..=2 for a in 0..=n-t >",
            "game S(n) = < sum([S(a), S(n - t - a)]) for t in 1..=2 for a in 0..=n-t >",
            "def both(a, b) = sum([S(a), S(b)])\n\
             game S(n) = < both(a, n - t - a) for t in 1..=2 for a in 0..=n-t >",
        ],
        &[
            "let top = 6\ngame S(n) = < S(n - k) for k in 1..=top if k <= n and n % 7 != 3 >",
            "def legal(n, k) = k <= n and n % 7 != 3\n\
             game S(n) = < S(n - k) for k in 1..=6 if legal(n, k) >",
        ],
        // A short range up to a `min` is the range behind filters.
        &[
            "game S(n) = < S(n - k) for k in 1..=3 if k <= n, S(n / 2) if n % 2 == 0 and n > 0 >",
            "game S(n) = < S(n - k) for k in 1..=min(3, n), S(n / 2) if n % 2 == 0 and n > 0 >",
            "game S(n) = < S(n - k) for k in 1..min(n + 1, 4), S(n / 2) if n % 2 == 0 and n > 0 >",
            "def most(n) = min(n, 3)\n\
             game S(n) = < S(n - k) for k in 1..=most(n), S(n / 2) if n % 2 == 0 and n > 0 >",
        ],
        // And a short range from a `max`.
        &[
            "game S(n) = < S(n - k) for k in 1..=3 if k >= n - 10 and k <= n >",
            "game S(n) = < S(n - k) for k in max(1, n - 10)..=min(3, n) >",
        ],
    ];
    for spellings in families {
        let expected = generic_sequence(&format!("{}\nseq(S, 0..=300)", spellings[0]));
        assert_one_program(spellings, &expected);
    }
}

/// Every spelling of `S` builds the first's integer program, and its
/// values from 0 on are `expected`.
fn assert_one_program(spellings: &[&str], expected: &[u64]) {
    let first = kernel_of(spellings[0], "S").expect("an integer program");
    let top = expected.len() - 1;
    for spelling in spellings {
        assert_eq!(
            kernel_of(spelling, "S").as_ref(),
            Some(&first),
            "{spelling}"
        );
        let values = single_sequence(&format!("{spelling}\nseq(S, 0..={top})"));
        assert_same_sequence(&values, expected, spelling);
    }
}

/// A clause on the heap's remainder is decided for each residue of the
/// heap, each running a code of its own: spelled as people write parity,
/// a remainder by 3 with the loop's variable unrolled into it, a short
/// range of divisors of `n + 1` (residues modulo 60), and a game counting
/// up (filled from the top down, each position running the code
/// of the residue below), the values are those of plain programs written
/// here.
#[test]
fn remainders_of_the_heap_are_decided_for_each_residue() {
    const TOP: usize = 400;
    let halving = |n: usize| {
        let mut options: Vec<usize> = (1..=3).filter(|&k| k <= n).map(|k| n - k).collect();
        options.extend((n.is_multiple_of(2) && n > 0).then_some(n / 2));
        options
    };
    let thirds = |n: usize| {
        let moves = (1..=4).filter(|&k| k <= n && (n + k) % 3 != 1);
        let mut options: Vec<usize> = moves.map(|k| n - k).collect();
        options.extend((n % 3 == 2).then_some(n / 3));
        options
    };
    let dividing = |n: usize| {
        let moves = (1..=6).filter(|&k| k <= n && (n + 1).is_multiple_of(k));
        moves.map(|k| n - k).collect()
    };
    let doubling = |t: usize| {
        let moves = (1..=3).filter(|&k| t + k <= TOP && (t + k) % 3 != 1);
        let mut options: Vec<usize> = moves.map(|k| t + k).collect();
        options.extend((t % 2 == 1 && 2 * t <= TOP).then_some(2 * t));
        options
    };
    type Moves<'a> = &'a dyn Fn(usize) -> Vec<usize>;
    let games: [(&[&str], Moves); 4] = [
        (
            &[
                "game S(n) = < S(n - k) for k in 1..=3 if k <= n, S(n / 2) if n % 2 == 0 and n > 0 >",
                "game S(n) = < S(n - k) for k in 1..=3 if k <= n, S(n / 2) if n % 2 != 1 and n > 0 >",
                "game S(n) = < S(n - k) for k in 1..=3 if k <= n, \
                 S(n / 2) if (n + 1) % 2 == 1 and n > 0 >",
                "game S(n) = < S(n - k) for k in 1..=3 if k <= n, \
                 S(n / 2) if (n % 4 == 0 or n % 4 == 2) and n > 0 >",
                "def even(n) = n % 2 == 0\n\
                 game S(n) = < S(n - k) for k in 1..=min(3, n), S(n / 2) if even(n) and n > 0 >",
            ],
            &halving,
        ),
        (
            &[
                "game S(n) = < S(n - k) for k in 1..=4 if k <= n if (n + k) % 3 != 1, \
               S(n / 3) if n % 3 == 2 >",
            ],
            &thirds,
        ),
        // A short range of divisors is unrolled, not a loop over the
        // divisors: its remainders are the heap's, modulo 60.
        (
            &[
                "game S(n) = < S(n - k) for k in 1..=6 if k <= n and (n + 1) % k == 0 >",
                "game S(n) = < S(n - k) for k in 1..=min(6, n) if (n + 1) % k == 0 >",
            ],
            &dividing,
        ),
        (
            &[
                "game S(t) = < S(t + k) for k in 1..=3 if t + k <= 400 if (t + k) % 3 != 1, \
               S(2 * t) if t % 2 == 1 and 2 * t <= 400 >",
            ],
            &doubling,
        ),
    ];
    for (spellings, moves) in games {
        let mut values = vec![None; TOP + 1];
        // Each option's value is known before its position's: from 0 up
        // for options below, from the top down for options above.
        let order: Vec<usize> = match moves(0).is_empty() {
            true => (0..=TOP).collect(),
            false => (0..=TOP).rev().collect(),
        };
        for n in order {
            let options = moves(n).into_iter().map(|m| values[m].expect("known"));
            values[n] = Some(mex(options));
        }
        let values: Vec<u64> = values
            .into_iter()
            .map(|v| v.expect("every value"))
            .collect();
        for spelling in spellings {
            let filled = single_sequence(&format!("{spelling}\nseq(S, 0..={TOP})"));
            assert_same_sequence(&filled, &values, spelling);
            let (ir, _) = run_binary(&["--emit", "ir", "-e", spelling]);
            let pass = "remainders of the heap decided for each of its residues";
            assert!(ir.contains(pass), "{ir}");
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
        let (mut interp, captured) = captured_interp(Format::Json);
        if let Err(errors) = interp.run("t.sg", &script, Redefine::Forbid) {
            panic!("{errors:?}");
        }
        assert_eq!(interp.searched_positions(), 0, "{game}");
        let printed = printed(&captured);
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

/// A board named by a comprehension over a constant range (`[if j == i
/// then h[j] - k else h[j] for j in 0..3]`, `i` a loop over the places)
/// or over the board itself (`[x - k for x in h]`) is still a board: the
/// literal spelling's elements (its loop variable in another slot), the
/// generic search's values; a loop variable over a range outside the
/// board is no board.
#[test]
fn boards_named_by_comprehensions_stay_boards() {
    let literal = "game N(h) = < N([h[0] - k, h[1], h[2]]) for k in 1..=h[0], \
                   N([h[0], h[1] - k, h[2]]) for k in 1..=h[1], N([h[0], h[1], h[2] - k]) for k in 1..=h[2], \
                   N([h[0] - k, h[1] - k, h[2] - k]) for k in 1..=min(h) >";
    let comprehensions = "game N(h) = < N([if j == i then h[j] - k else h[j] for j in 0..3]) \
                          for i in 0..3 for k in 1..=h[i], N([x - k for x in h]) for k in 1..=min(h) >";
    for game in [literal, comprehensions] {
        let kernel = kernel_of(game, "N").expect("an integer program");
        assert!(!kernel.list && kernel.elements.len() == 4, "{game}");
        let script = format!("{game}\n[g(N([a, b, c])) for a in 0..7 for b in 0..7 for c in 0..7]");
        let values = single_sequence(&script);
        assert_eq!(values, generic_sequence(&script), "{game}");
        assert_eq!(
            values,
            single_sequence(&script.replace(comprehensions, literal))
        );
    }
    // Two heaps at once, the second place after the first.
    let two = "game M(h) = < M([if j == i or j == l then h[j] - k else h[j] for j in 0..3]) \
               for i in 0..3 for l in i + 1..3 for k in 1..=min(h[i], h[l]), \
               M([if j == i then h[j] - k else h[j] for j in 0..3]) for i in 0..3 for k in 1..=h[i] >";
    assert!(kernel_of(two, "M").is_some_and(|kernel| !kernel.list));
    let script = format!("{two}\n[g(M([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..6]");
    assert_eq!(single_sequence(&script), generic_sequence(&script));
    // `h[3]` of a board of three: a list program, and the same error.
    let outside = "game B(h) = < B([if j == i then h[j] - 1 else h[j] for j in 0..3]) \
                   for i in 0..4 if h[i] > 0 >";
    assert!(kernel_of(outside, "B").is_some_and(|kernel| kernel.list));
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

/// Membership, powers, slices, `reversed` and lists taken out of a list
/// of lists of constants (a `let`'s, or written in the option) compile
/// into the integer program, as does `any` over a list built on the way;
/// lists taken out of a list of lists computed in the option leave the
/// family to the generic search. Either way the values are the generic
/// search's.
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
        "game S(n) = < S(n - k) for k in 1..=n if any([k == m for m in 0..n]) >",
        "game S(n) = < S(n - k) for k in [[1], [1, 2], [2, 3]][n % 3] if k <= n >",
    ];
    let generic =
        ["game S(n) = < S(n - k) for k in [[1], [n / 2], [2, 3]][n % 3] if k > 0 and k <= n >"];
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
            assert!(kernel.has_split(), "no split found: {spelling}");
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

/// A `let` list read by its places (`moves[i] for i in 0..len(moves)`)
/// is the loop over its items, short or a thousand long: the same
/// program as `for k in [1, 3, 4]` (whose period is proved) or `for s in
/// squares`, and the generic search's values.
#[test]
fn a_let_list_read_by_its_places_is_its_items() {
    for list in ["[1, 3, 4]", "[i * i for i in 1..=1000]"] {
        let by_places = format!(
            "let moves = {list}\n\
             game S(n) = < S(n - moves[i]) for i in 0..len(moves) if moves[i] <= n >"
        );
        let by_items =
            format!("let moves = {list}\ngame S(n) = < S(n - k) for k in moves if k <= n >");
        let elements = |game: &str| kernel_of(game, "S").expect("a program").elements;
        assert_eq!(elements(&by_places), elements(&by_items));
        assert_same_as_the_generic_search(&format!("{by_places}\nseq(S, 0..60)"));
    }
}

/// A loop over constants read only through one expression of its
/// variable (`2 ** j`) walks that expression's values, as a `let` list of
/// them does: the same program in both spellings, a plain program's
/// values; where one of the values cannot be computed (`2 ** 63`), the
/// loop is left as it is and fails as the generic search does.
#[test]
fn a_loop_read_through_one_expression_walks_its_values() {
    let spellings = [
        "let powers = [2 ** j for j in 0..62]\ngame S(n) = < S(n - k) for k in powers if k <= n >",
        "game S(n) = < S(n - 2 ** j) for j in 0..62 if 2 ** j <= n >",
    ];
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=2000usize {
        let powers = (0..62).map(|j| 1usize << j).filter(|&k| k <= n);
        values.push(mex(powers.map(|k| values[n - k])));
    }
    assert_one_program(&spellings, &values);
    let overflowing = "game S(n) = < S(n - 2 ** j) for j in 0..64 if 2 ** j <= n >\ng(S(10))";
    let (_, error) = assert_same_error_as_the_generic_search(overflowing);
    assert!(
        error.contains("overflow") || error.contains("large"),
        "{error}"
    );
}

/// A loop up to a bound that lies between constants (`1..=cap(n)`, with
/// `cap(n)` 4 or 2 by the heap's remainder) is unrolled with its bound as
/// a filter, which each residue of the heap then decides: no loop is
/// left, and the values are a plain program's.
#[test]
fn a_loop_up_to_a_bound_between_constants_is_unrolled() {
    let spelling = "def cap(n) = if n % 3 == 1 then 4 else 2\n\
        game S(n) = < S(n - k) for k in 1..=cap(n) if k <= n and (n % 3 != 2 or k == 2), \
        S(n / 3) if n % 3 != 1 and n > 0 >";
    let mut values: Vec<u64> = Vec::new();
    for n in 0..=3000usize {
        let cap = if n % 3 == 1 { 4 } else { 2 };
        let moves = (1..=cap).filter(|&k| k <= n && (n % 3 != 2 || k == 2));
        let mut options: Vec<u64> = moves.map(|k| values[n - k]).collect();
        options.extend((n % 3 != 1 && n > 0).then(|| values[n / 3]));
        values.push(mex(options));
    }
    let filled = single_sequence(&format!("{spelling}\nseq(S, 0..=3000)"));
    assert_same_sequence(&filled, &values, spelling);
    let (ir, _) = run_binary(&["--emit", "ir", "-e", spelling]);
    assert!(
        ir.contains("short loops unrolled") && !ir.contains("for k"),
        "{ir}"
    );
    assert!(
        !ir.contains("1 < ("),
        "a filter the bounds decide is folded: {ir}"
    );
}

//! Lists that keep their length (`ir::lengths`): a family whose positions
//! are lists, queried with a list of two to eight integers whose options
//! are lists of as many, is computed for that length as a board, its
//! positions in the dense tables a list literal's would take. Checked
//! against the nim-sum, a plain program written here and the generic
//! search; the instance for the length is named in `--stats`.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, positions,
    run_binary, run_by_programs_alone,
};

/// Every list of `len` integers in `0..=top`.
fn lists(len: usize, top: i64) -> Vec<Vec<i64>> {
    (0..len).fold(vec![vec![]], |lists, _| {
        let grown = lists.iter().flat_map(|list| {
            (0..=top).map(move |n| {
                let mut list = list.clone();
                list.push(n);
                list
            })
        });
        grown.collect()
    })
}

/// `print([g(F(b)) for b in boards])` as a script line.
fn values_of(family: &str, boards: &[Vec<i64>]) -> String {
    let literals: Vec<String> = boards.iter().map(|b| format!("{b:?}")).collect();
    format!("print([g({family}(b)) for b in [{}]])", literals.join(", "))
}

/// The line `--stats` gives the instance of `family` for lists of `len`.
fn instance_line(report: &str, family: &str, len: usize) -> Option<String> {
    let head = format!("{family}(h of length {len}): ");
    report
        .lines()
        .find(|l| l.starts_with(&head))
        .map(str::to_string)
}

/// Nim on a list, spelled with slices, a comprehension over the places, a
/// `def` putting a heap and a `def` of the slices inlined: for lists of
/// two to five heaps, every value is the nim-sum, each length computed
/// by the programs alone as a board of its own.
#[test]
fn nim_on_lists_of_each_length_is_the_xor_by_a_board_per_length() {
    let spellings = [
        "game N(h) = < N(h[..i] + [h[i] - k] + h[i + 1..]) for i in 0..len(h) for k in 1..=h[i] >",
        "game N(h) = < N([if j == i then h[j] - k else h[j] for j in 0..len(h)]) \
         for i in 0..len(h) for k in 1..=h[i] >",
        "def put(h, i, x) = h[..i] + [x] + h[i + 1..]\n\
         game N(h) = < N(put(h, i, x)) for i in 0..len(h) for x in 0..h[i] >",
        "game N(h) = < N(h[0..i] + [x] + h[i + 1..len(h)]) for x in 0..max(h) \
         for i in 0..len(h) if x < h[i] >",
    ];
    for nim in spellings {
        for (len, top) in [(2, 6), (3, 4), (4, 3), (5, 2)] {
            let boards = lists(len, top);
            let script = format!("{nim}\n{}", values_of("N", &boards));
            let (printed, report) = run_by_programs_alone(&script, nim);
            let xors: Vec<String> = (boards.iter())
                .map(|b| b.iter().fold(0, |x, h| x ^ h).to_string())
                .collect();
            assert_eq!(printed.trim(), format!("[{}]", xors.join(", ")), "{nim}");
            let line = instance_line(&report, "N", len).unwrap_or_else(|| panic!("{report}"));
            assert!(
                line.contains("integer program") && line.contains("keeps its length"),
                "{line}"
            );
        }
    }
}

/// The instance keeps the positions a literal of three keeps: the box
/// below the query, not a list per position named.
#[test]
fn a_list_of_three_heaps_keeps_the_positions_of_three_integers() {
    let slices = "game N(h) = < N(h[..i] + [h[i] - k] + h[i + 1..]) \
                  for i in 0..len(h) for k in 1..=h[i] >\nprint(g(N([20, 20, 20])))";
    let integers = "game N(a, b, c) = < N(a - k, b, c) for k in 1..=a, N(a, b - k, c) \
                    for k in 1..=b, N(a, b, c - k) for k in 1..=c >\nprint(g(N(20, 20, 20)))";
    let (printed, report) = run_by_programs_alone(slices, slices);
    let (expected, integer_report) = run_by_programs_alone(integers, integers);
    assert_eq!((printed.trim(), expected.trim()), ("20", "20"));
    assert_eq!(positions(&report), positions(&integer_report));
    assert_eq!(positions(&report), 21 * 21 * 21);
}

/// Games whose lists keep their length in other ways, each against the
/// generic search and computed by the programs alone: Moore's Nim_2
/// (two places), staircase nim (a heap grows, past the box below the
/// query), a move reading the next place where there is one, the
/// reductions of the board, a reversed and a sorted pair, and a
/// comprehension over the board itself.
#[test]
fn other_games_of_kept_lengths_equal_the_generic_search() {
    let games = [
        (
            "game F(h) = < F(h[..i] + [h[i] - k] + h[i + 1..j] + [h[j] - l] + h[j + 1..]) \
             for i in 0..len(h) for j in i + 1..len(h) for k in 0..=h[i] for l in 0..=h[j] \
             if k + l > 0 >",
            3,
            3,
        ),
        (
            "game F(h) = < F([h[0] - k] + h[1..]) for k in 1..=h[0], \
             F(h[..i - 1] + [h[i - 1] + k, h[i] - k] + h[i + 1..]) \
             for i in 1..len(h) for k in 1..=h[i] >",
            4,
            2,
        ),
        (
            "game F(h) = < F(h[..i] + [h[i] - 1] + h[i + 1..]) for i in 0..len(h) \
             if h[i] > 0 and (i + 1 == len(h) or h[i + 1] < h[i]) >",
            3,
            4,
        ),
        (
            "game F(h) = < F(h[..i] + [h[i] - k] + h[i + 1..]) for i in 0..len(h) \
             for k in 1..=h[i] if k <= max(h) - min(h) + 1 and (sum(h) + k) % 3 != 0 >",
            3,
            4,
        ),
        (
            "game F(h) = < F(reversed(h[..i] + [h[i] - k] + h[i + 1..])) \
             for i in 0..len(h) for k in 1..=h[i] >",
            3,
            3,
        ),
        (
            "game F(h) = < F(sort(h[..i] + [h[i] - k] + h[i + 1..])) for i in 0..len(h) \
             for k in 1..=h[i] if k != 2 >",
            2,
            7,
        ),
        (
            "game F(h) = < F([max(x - k, 0) for x in h]) for k in 1..=max(h) if k % 2 == 1 >",
            3,
            4,
        ),
    ];
    for (game, len, top) in games {
        let script = format!("{game}\n{}", values_of("F", &lists(len, top)));
        assert_same_as_the_generic_search(&script);
        let (_, report) = run_by_programs_alone(&script, game);
        assert!(
            instance_line(&report, "F", len).is_some(),
            "{game}\n{report}"
        );
    }
}

/// A family whose lists keep their length at some lengths only: at three
/// a filter on the length drops the move that shortens them, and the
/// instance computes them; at four the list program does, its shorter
/// options among its own lists. Both agree with the generic search, and
/// an option listed is the position a script names.
#[test]
fn lengths_that_change_stay_with_the_list_program() {
    let game = "game F(h) = < F(h[1..]) if len(h) > 3, \
                F(h[..i] + [h[i] - 1] + h[i + 1..]) for i in 0..len(h) if h[i] > 0 >";
    let script = format!(
        "{game}\n{}\n{}\nprint(options(F([1, 1, 1, 1]))[0] == F([1, 1, 1]), F(0..3) == F([0, 1, 2]))",
        values_of("F", &lists(3, 3)),
        values_of("F", &lists(4, 2))
    );
    let printed = assert_same_as_the_generic_search(&script);
    assert!(printed.ends_with("true true\n"), "{printed}");
    let (_, report) = run_binary(&["--stats", "-e", &script]);
    assert!(instance_line(&report, "F", 3).is_some(), "{report}");
    assert!(instance_line(&report, "F", 4).is_none(), "{report}");
    assert!(
        report.contains("F: ") && report.contains("list program"),
        "{report}"
    );
}

/// One integer, or nine, are no board: the list program computes them.
/// A list whose option reads past its end has no instance, and the error
/// is the generic search's.
#[test]
fn lists_that_are_no_board_keep_the_list_program() {
    let nim =
        "game N(h) = < N(h[..i] + [h[i] - k] + h[i + 1..]) for i in 0..len(h) for k in 1..=h[i] >";
    let script = format!("{nim}\nprint(g(N([5])), g(N([1, 1, 1, 1, 1, 1, 1, 1, 1])))");
    let (printed, report) = run_by_programs_alone(&script, &script);
    assert_eq!(printed.trim(), "5 1");
    assert!(!report.contains(" of length "), "{report}");
    assert_same_error_as_the_generic_search(
        "game E(h) = < E([h[0] - 1] + h[1..]) + *h[3] if h[0] > 0 >\ng(E([3, 3]))",
    );
}

/// Options are listed in the definition's order, also where a loop over
/// the places is unrolled inside another loop (which reorders the
/// program's options): as the generic search lists them.
#[test]
fn options_are_listed_in_the_definitions_order() {
    let script = "game N(h) = < N(h[0..i] + [x] + h[i + 1..len(h)]) for x in 0..max(h) \
                  for i in 0..len(h) if x < h[i] >\n\
                  game M(h) = < M(h[..i] + [x] + h[i + 1..]) for i in 0..len(h) for x in 0..h[i] >\n\
                  print(options(N([2, 1])), options(M([2, 1])))";
    let printed = assert_same_as_the_generic_search(script);
    assert_eq!(
        printed,
        "[N([0, 1]), N([2, 0]), N([1, 1])] [M([0, 1]), M([1, 1]), M([2, 0])]\n"
    );
}

/// Another family's program names positions of a family of lists (read
/// by value from the family's own lists), while the script names the same
/// lists through their length's instance: the values agree with the
/// generic search, and so do the options listed.
#[test]
fn lists_named_by_another_family_equal_the_generic_search() {
    let script = "game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) \
                  for k in 1..=p[i] if k != 2 >\n\
                  game G(n) = < G(n - 1) + N([n % 4, 2, n % 3]) if n > 0, N([n % 5, 1]) >\n\
                  print([g(G(n)) for n in 0..30])\n\
                  print([g(N([a, 2, b])) for a in 0..4 for b in 0..3])\n\
                  print(g(G(40)), g(N([3, 2, 1])), options(G(2)))";
    let printed = assert_same_as_the_generic_search(script);
    assert!(
        printed.ends_with("[N([2, 2, 2]) + G(1), N([2, 1])]\n"),
        "{printed}"
    );
    let (_, report) = run_by_programs_alone(script, script);
    assert!(report.contains("N(p of length 3): "), "{report}");
}

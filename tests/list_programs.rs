//! Games whose positions are lists of integers of any length (`Chomp`,
//! nim on a list of heaps) computed by their list programs, against a
//! plain reference written here and against the generic search alone; and
//! random list games, computed both ways by a property test.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{
    CHOMP, assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, chomp,
    generic_sequence, run_binary, run_by_programs_alone, single_sequence,
};
use proptest::prelude::*;
use sprague::run::{Settings, emit_ir, run_to_strings};

/// Every board of at most `rows` rows of at most `width` squares, rows not
/// growing upwards, as `.sg` list literals and as vectors.
fn boards(rows: usize, width: i64) -> Vec<Vec<i64>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..rows {
        let mut next = Vec::new();
        for board in &frontier {
            let top = board.last().copied().unwrap_or(width);
            for row in 1..=top {
                let mut grown: Vec<i64> = board.clone();
                grown.push(row);
                next.push(grown);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

/// Every list of at most `len` integers in `0..=top`.
fn lists(len: usize, top: i64) -> Vec<Vec<i64>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..len {
        let next: Vec<Vec<i64>> = frontier
            .iter()
            .flat_map(|list: &Vec<i64>| {
                (0..=top).map(move |n| {
                    let mut grown = list.clone();
                    grown.push(n);
                    grown
                })
            })
            .collect();
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn list_literal(board: &[i64]) -> String {
    let items: Vec<String> = board.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// `[g(F(b)) for b in boards]` as a script line.
fn values_of(family: &str, boards: &[Vec<i64>]) -> String {
    let literals: Vec<String> = boards.iter().map(|b| list_literal(b)).collect();
    format!("[g({family}(b)) for b in [{}]]", literals.join(", "))
}

/// What `--emit ir` prints for `script`.
fn ir_of(script: &str) -> String {
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    emit_ir("test.sg", script, &Settings::default(), interrupt).expect("the IR prints")
}

/// How the family `family` of `script` is computed, from `--emit ir`.
fn how(script: &str, family: &str) -> String {
    let ir = ir_of(script);
    ir.lines()
        .find(|line| line.starts_with(&format!("game {family}(")))
        .unwrap_or_else(|| panic!("no line for {family} in:\n{ir}"))
        .to_string()
}

#[test]
fn chomp_equals_the_plain_program_on_every_board_within_five_by_five() {
    let boards = boards(5, 5);
    let mut memo = HashMap::new();
    let expected: Vec<u64> = boards.iter().map(|b| chomp(b, &mut memo)).collect();
    let script = format!("{CHOMP}\n{}", values_of("Chomp", &boards));
    assert!(how(&script, "Chomp").contains("list program"));
    assert_eq!(single_sequence(&script), expected);
    assert_eq!(generic_sequence(&script), expected);
}

/// Chomp spelled other ways: a recursion that is not a walk from the front
/// (it runs as calls), the cut through a comprehension-free `if` chain, and
/// the bite written inline.
#[test]
fn other_spellings_of_chomp_give_the_same_values() {
    let boards = boards(4, 4);
    let mut memo = HashMap::new();
    let expected: Vec<u64> = boards.iter().map(|b| chomp(b, &mut memo)).collect();
    let spellings = [
        "def cut(rows, c) = if len(rows) == 0 then [] else \
         (if c == 0 then [] else [min(rows[0], c)] + cut(rows[1..], c))\n\
         game Chomp(rows) = < Chomp(rows[0..r] + cut(rows[r..], c)) \
         for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >",
        "def cut(rows, c) = if len(rows) > 0 and c > 0 then \
         [if rows[0] < c then rows[0] else c] + cut(rows[1..len(rows)], c) else []\n\
         game Chomp(rows) = < Chomp(rows[..r] + cut(rows[r..], c)) \
         for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >",
        "def cut(rows, c) = if len(rows) == 0 or c == 0 then [] \
         else cut(rows[..-1], c) + [min(rows[-1], c)]\n\
         game Chomp(rows) = < Chomp(rows[0..r] + cut(rows[r..], c)) \
         for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >",
        "game Chomp(rows) = < Chomp(rows[..r] + [min(x, c) for x in rows[r..] if c > 0]) \
         for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >",
        "def cut(rows, c) = if len(rows) == 0 then [] else cut(rows[0..len(rows) - 1], c) \
         + (if c == 0 then [] else [min(rows[-1], c)])\n\
         game Chomp(rows) = < Chomp(rows[0..r] + cut(rows[r..], c)) \
         for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >",
    ];
    for (i, spelling) in spellings.into_iter().enumerate() {
        let script = format!("{spelling}\n{}", values_of("Chomp", &boards));
        assert!(
            how(&script, "Chomp").contains("list program"),
            "{}",
            how(&script, "Chomp")
        );
        // The walks from either end, whatever their `if`s, are loops; the
        // comprehension is one, and the last spelling's piece is not a list
        // of items: it runs as calls.
        let looped = how(&script, "Chomp").contains("recursion over a list run as a loop");
        assert_eq!(looped, i < 3, "{spelling}");
        assert_eq!(single_sequence(&script), expected, "{spelling}");
        // No position left to the generic search, which would hide a
        // wrong option.
        run_by_programs_alone(&script, spelling);
    }
}

/// Walks whose stop reads the list, from the front and from the back, with
/// a base that is not empty: the loops against the generic search.
#[test]
fn walks_that_stop_on_an_item_equal_the_generic_search() {
    let script = format!(
        "def keep(l, c) = if len(l) == 0 or l[0] > c then [] else [l[0]] + keep(l[1..], c)\n\
         def trim(l, c) = if len(l) == 0 or l[-1] > c then l else trim(l[..-1], c) + [c]\n\
         game F(h) = < F(h[..i] + keep(h[i + 1..], h[i] - k)) for i in 0..len(h) for k in 1..=h[i] >\n\
         game G(h) = < G(trim(h[..i], k) + h[i + 1..]) for i in 0..len(h) for k in 0..h[i] >\n\
         [{}, {}]",
        values_of("F", &lists(4, 3)),
        values_of("G", &lists(4, 3))
    );
    for family in ["F", "G"] {
        let how = how(&script, family);
        assert!(how.contains("recursion over a list run as a loop"), "{how}");
    }
    assert_same_as_the_generic_search(&script);
}

/// Loops that map each item of a list to one: clamps with their bound on
/// either side (`min(c, x)`, `max(x, c)`), a copy from the back, any other
/// item, a stop tested once, an item that reads the list's length, and a
/// bound that would fail but is never needed (the list is empty): all
/// against the generic search.
#[test]
fn loops_mapping_each_item_equal_the_generic_search() {
    let script = format!(
        "def low(l, c) = if len(l) == 0 then [] else [min(c, l[0])] + low(l[1..], c)\n\
         def high(l, c) = if len(l) == 0 then [] else [max(l[0], c)] + high(l[1..], c)\n\
         def same(l) = if len(l) == 0 then [] else same(l[..-1]) + [l[-1]]\n\
         def twice(l, k) = if len(l) == 0 or k == 0 then [] else [(2 * l[0] + k) % 4] + twice(l[1..], k)\n\
         def short(l) = if len(l) == 0 then [] else [min(l[0], len(l))] + short(l[1..])\n\
         game A(h) = < A(low(h[i + 1..], k)) + *h[i] for i in 0..len(h) for k in 0..=h[i] >\n\
         game B(h) = < B(high(h[i + 1..], k)) for i in 0..len(h) for k in 0..h[i] >\n\
         game C(h) = < C(same(h[..i])) + C(same(h[i + 1..])) + *h[i] for i in 0..len(h) >\n\
         game D(h) = < D(twice(h[i + 1..], k)) for i in 0..len(h) for k in 0..=h[i] >\n\
         game E(h) = < E([min(x, 2 / (len(h) - 1)) for x in h[1..]]) + *h[0] if len(h) > 0 >\n\
         game H(h) = < H(short(h[i + 1..])) + H([x * 2 % 3 for x in h[..i]]) + *h[i] \
         for i in 0..len(h) >\n\
         [{}, {}, {}, {}, {}, {}]",
        values_of("A", &lists(4, 3)),
        values_of("B", &lists(4, 3)),
        values_of("C", &lists(4, 3)),
        values_of("D", &lists(4, 3)),
        values_of("E", &lists(4, 3)),
        values_of("H", &lists(4, 3))
    );
    for family in ["A", "B", "C", "D", "H"] {
        let how = how(&script, family);
        assert!(how.contains("recursion over a list run as a loop"), "{how}");
    }
    assert!(how(&script, "E").contains("list program"));
    assert_same_as_the_generic_search(&script);
    // The list programs vouch for every position (a wrong option would
    // send its position to the generic search, which would hide it).
    run_by_programs_alone(&script, &script);
}

/// The nim-sum of each list of heaps.
fn xors(boards: &[Vec<i64>]) -> Vec<u64> {
    let xor = |b: &Vec<i64>| b.iter().fold(0, |x, &h| x ^ h as u64);
    boards.iter().map(xor).collect()
}

/// Nim on a list of heaps: a move takes from one heap (an emptied heap
/// stays or goes), and every value is the xor of the heaps.
#[test]
fn nim_on_a_list_of_heaps_is_the_xor() {
    let boards = lists(3, 5);
    let expected = xors(&boards);
    for nim in [
        "game N(h) = < N(h[0..i] + [h[i] - k] + h[i + 1..len(h)]) \
         for i in 0..len(h) for k in 1..=h[i] >",
        "game N(h) = < N([if j == i then h[j] - k else h[j] for j in 0..len(h)]) \
         for i in 0..len(h) for k in 1..=h[i] >",
        "game N(h) = < N([x for x in h[..i]] + [h[i] - k for _ in [1] if k < h[i]] + h[i + 1..]) \
         for i in 0..len(h) for k in 1..=h[i] >",
        "game N(h) = < N(h[..i] + (if k < h[i] then [h[i] - k] else []) + h[i + 1..]) \
         for i in 0..len(h) for k in 1..=h[i] >",
    ] {
        let script = format!("{nim}\n{}", values_of("N", &boards));
        assert!(how(&script, "N").contains("list program"));
        assert_eq!(single_sequence(&script), expected, "{nim}");
    }
}

/// Sorted positions (a multiset of heaps kept in one order), reversed
/// lists and the built-in reductions run in list programs: nim on sorted
/// heaps is the xor, and a game steered by `sum`, `min` and `max` equals
/// the generic search.
#[test]
fn sort_reversed_and_reductions_run_in_list_programs() {
    let boards = lists(3, 5);
    let expected = xors(&boards);
    let nim = "game N(h) = < N(sort(h[..i] + [h[i] - k] + h[i + 1..])) \
               for i in 0..len(h) for k in 1..=h[i] >";
    let script = format!("{nim}\n{}", values_of("N", &boards));
    assert!(
        how(&script, "N").contains("list program"),
        "{}",
        how(&script, "N")
    );
    assert_eq!(single_sequence(&script), expected);
    let steered = "game F(h) = < F(reversed(h[..i] + [h[i] - k] + h[i + 1..])) \
                   for i in 0..len(h) for k in 1..=h[i] \
                   if k <= max(h) - min(h) + 1 and sum(h) % 2 == k % 2 >";
    let script = format!("{steered}\n{}", values_of("F", &lists(4, 3)));
    let ir = ir_of(&script);
    assert!(ir.starts_with("game F(h): list program"), "{ir}");
    assert!(ir.contains("reversed(") && ir.contains("sum(h)"), "{ir}");
    assert_eq!(single_sequence(&script), generic_sequence(&script));
}

/// A comprehension copying a list but for some places is a copy with
/// those items replaced: staircase nim (two places, one of them off the
/// list at the first step), and a place named with `!=`, against the
/// generic search.
/// Comprehensions walking lists built on the way (slices joined, a
/// `def`'s result), the zeros dropped and the rest sorted: every position
/// by the program, against the generic search.
#[test]
fn comprehensions_over_lists_built_on_the_way_equal_the_generic_search() {
    let games = [
        "game F(h) = < F([x for x in h[..i] + [h[i] - k] + h[i + 1..] if x > 0]) \
         for i in 0..len(h) for k in 1..=h[i] >",
        "def nz(xs) = [x for x in xs if x > 0]\n\
         game F(h) = < F(sort(nz(h[..i] + h[i + 1..] + [a, h[i] - t - a]))) \
         for i in 0..len(h) for t in 1..=2 for a in 0..=h[i] - t >",
        "game F(h) = < F(sort([x for x in h[..i] + h[i + 1..] + [a, h[i] - 1 - a] if x > 0])) \
         for i in 0..len(h) for a in 0..h[i] if a <= h[i] - 1 - a >",
        "game F(h) = < F([y / 2 for y in [x for x in h if x != h[i]] + [h[i] - 1] if y >= 0]) \
         for i in 0..len(h) if h[i] > 0 >",
    ];
    for game in games {
        let script = format!("{game}\n{}", values_of("F", &lists(3, 4)));
        assert_same_as_the_generic_search(&script);
        let (_, report) = run_binary(&["--stats", "-e", &script]);
        assert!(
            report.contains("list program") && !report.contains("by the generic search,"),
            "{game}\n{report}"
        );
    }
}

#[test]
fn comprehensions_replacing_places_equal_the_generic_search() {
    let games = [
        "game F(s) = < F([if j == i then s[j] - k else if j == i - 1 then s[j] + k \
         else s[j] for j in 0..len(s)]) for i in 0..len(s) for k in 1..=s[i] >",
        "game F(s) = < F([if j != i then s[j] else (s[j] - k) / 2 for j in 0..len(s)]) \
         for i in 0..len(s) for k in 1..=s[i] >",
    ];
    for game in games {
        let script = format!("{game}\n{}", values_of("F", &lists(4, 3)));
        let ir = ir_of(&script);
        assert!(
            ir.contains("items replaced in place of comprehensions"),
            "{ir}"
        );
        assert_eq!(
            single_sequence(&script),
            generic_sequence(&script),
            "{game}"
        );
    }
}

/// `h[..i] + [x] + h[i + 1..]` where `i` walks the places of `h` is `h`
/// with place `i` replaced, through a `def` too; where `i` may be past the
/// end (the slices then make a longer list) it is left as it is. All
/// against the xor of the heaps or the generic search.
#[test]
fn slices_around_one_place_are_that_place_replaced() {
    let boards = lists(3, 4);
    let games = [
        "game N(h) = < N(h[..i] + [h[i] - k] + h[i + 1..]) for i in 0..len(h) for k in 1..=h[i] >",
        "def put(h, i, x) = h[0..i] + [x] + h[i + 1..len(h)]\n\
         game N(h) = < N(put(h, i, x)) for i in 0..len(h) for x in 0..h[i] >",
    ];
    for game in games {
        let script = format!("{game}\n{}", values_of("N", &boards));
        let ir = ir_of(&script);
        assert!(ir.contains("N((h with [i] = "), "{ir}");
        assert_eq!(single_sequence(&script), xors(&boards), "{game}");
    }
    // Two places, `j` after `i` (Moore's Nim_2), by slices or by a `put`
    // of a `put`: replaced, then replaced.
    let two = "game M(h) = < M(h[..i] + [h[i] - k] + h[i + 1..j] + [h[j] - l] + h[j + 1..]) \
               for i in 0..len(h) for j in i + 1..len(h) for k in 0..=h[i] for l in 0..=h[j] \
               if k + l > 0 >";
    let twice = "def put(h, i, x) = h[..i] + [x] + h[i + 1..]\n\
                 game M(h) = < M(put(put(h, i, h[i] - k), j, h[j] - l)) \
                 for i in 0..len(h) for j in i + 1..len(h) for k in 0..=h[i] for l in 0..=h[j] \
                 if k + l > 0 >";
    for game in [two, twice] {
        let script = format!("{game}\n{}", values_of("M", &lists(3, 3)));
        assert!(
            ir_of(&script).contains(" with [j] = "),
            "{}",
            ir_of(&script)
        );
        assert_eq!(single_sequence(&script), generic_sequence(&script));
    }
    // A place before another (`for j in 0..i`), the list read inside the
    // new item (coin turning: flip a head, and a coin left of it): the
    // flip of a flip is two places replaced.
    let turning = "def flip(c, i) = c[..i] + [1 - c[i]] + c[i + 1..]\n\
                   game T(c) = < T(flip(c, i)) for i in 0..len(c) if c[i] == 1, \
                   T(flip(flip(c, i), j)) for i in 0..len(c) if c[i] == 1 for j in 0..i >";
    let coins: Vec<Vec<i64>> = (0..1 << 6)
        .map(|m: i64| (0..6).map(|i| (m >> i) & 1).collect())
        .collect();
    let script = format!("{turning}\n{}", values_of("T", &coins));
    let ir = ir_of(&script);
    assert!(ir.contains(" with [i] = 1 - c[i]) with [j] = "), "{ir}");
    // The flipped list's item at `j` is read through it, not built.
    assert!(
        ir.contains("1 - ((if j == i then 1 - c[i] else c[j]))"),
        "{ir}"
    );
    // A row of coins is the sum of its heads, a head at place i worth i + 1.
    let expected: Vec<u64> = (coins.iter())
        .map(|c| {
            (0..6)
                .filter(|&i| c[i] == 1)
                .fold(0, |v, i| v ^ (i as u64 + 1))
        })
        .collect();
    assert_eq!(single_sequence(&script), expected);
    assert_eq!(generic_sequence(&script), expected);
    // Two places in one expression of slices, the first below the second
    // and no further than three places (`for j in max(0, i - 3)..i`): a
    // head is worth the mex of 0 and the three heads left of it.
    let window = "game T(c) = < T(c[..i] + [0] + c[i + 1..]) for i in 0..len(c) if c[i] == 1, \
                  T(c[..j] + [1 - c[j]] + c[j + 1..i] + [0] + c[i + 1..]) \
                  for i in 0..len(c) if c[i] == 1 for j in max(0, i - 3)..i >";
    let script = format!("{window}\n{}", values_of("T", &coins));
    let ir = ir_of(&script);
    assert!(
        ir.contains("T(((c with [j] = 1 - c[j]) with [i] = 0))"),
        "{ir}"
    );
    let mut head = Vec::new();
    for i in 0..6 {
        let left = head[i.max(3) - 3..i].iter().copied();
        head.push(common::mex(std::iter::once(0).chain(left)));
    }
    let expected: Vec<u64> = (coins.iter())
        .map(|c| (0..6).filter(|&i| c[i] == 1).fold(0, |v, i| v ^ head[i]))
        .collect();
    assert_eq!(single_sequence(&script), expected);
    assert_eq!(generic_sequence(&script), expected);
    // An item that may fail (`1 / c[j]`) is computed by the list read
    // through, whichever place is read: the error is the generic search's.
    let failing = "def put(c, i, x) = c[..i] + [x] + c[i + 1..]\n\
                   game T(c) = < T(put(put(c, i, 0), j, 1 - put(c, i, 1 / c[j])[j])) \
                   for i in 0..len(c) if c[i] == 1 for j in 0..i >";
    let script = format!("{failing}\nprint(g(T([0, 1])))");
    assert!(!ir_of(&script).contains("if j == i"), "{}", ir_of(&script));
    let (_, error) = assert_same_error_as_the_generic_search(&script);
    assert!(error.contains("division by zero"), "{error}");
    let past_the_end = "game F(h) = < F(h[..i] + [0] + h[i + 1..]) for i in 0..len(h) + 1 \
                        if len(h) < 3 and (i == len(h) or h[i] > 0) >";
    let script = format!("{past_the_end}\n{}", values_of("F", &lists(2, 2)));
    // The place past the end (`i == len(h)`, its own case) keeps its
    // slices; the places before it are replaced.
    let ir = ir_of(&script);
    assert!(ir.contains("F(h[0..i] + [0] + h[i + 1..])"), "{ir}");
    assert!(ir.contains("for i in max(0, len(h))..len(h) + 1"), "{ir}");
    assert_eq!(single_sequence(&script), generic_sequence(&script));
}

/// The length of a list built from the position's (slices, `+`,
/// `reversed`) is arithmetic on its length; a list whose items may fail
/// is built, and where it fails the generic search reports the failure.
#[test]
fn lengths_of_lists_built_on_the_way_equal_the_generic_search() {
    let games = [
        "game F(h) = < F(h[1..]) if len(h[1..]) < len(h) >",
        "game F(h) = < F(h[..i] + h[i + 1..]) for i in 0..len(h) \
         if len(h[..i] + h[i + 1..]) % 2 == 0 >",
        "game F(h) = < F(h[..-1]) if len(h[-2..]) == 2 and len(h[5..2]) == 0 \
         and len(reversed(h[..-3])) >= 0 >",
    ];
    for game in games {
        let script = format!("{game}\n{}", values_of("F", &lists(4, 2)));
        assert!(
            how(&script, "F").contains("list program"),
            "{}",
            how(&script, "F")
        );
        assert_eq!(
            single_sequence(&script),
            generic_sequence(&script),
            "{game}"
        );
    }
    let failing = "game F(h) = < F(h[1..]) if len(h) > 0 and len([10 / (len(h) - 2)]) > 0 >\n\
                   g(F([1, 2, 3]))";
    assert!(how(failing, "F").contains("list program"));
    let (_, errors) = run_to_strings("t.sg", failing, Settings::default());
    assert!(errors.expect("an error").contains("division by zero"));
}

/// Where the program cannot vouch for a position (an index out of range,
/// a cycle), the generic search computes it and reports the same error.
#[test]
fn errors_are_the_generic_searchs_errors() {
    let scripts = [
        "game B(h) = < B(h[1..]) + *h[3] if len(h) > 0 >\ng(B([1, 2]))",
        "game C(h) = < C(h[0..len(h)]) >\ng(C([1, 2]))",
        "def f(l) = f(l)\ngame D(h) = < D(f(h)) >\ng(D([1]))",
        "game R(h) = < R(h[1..] + h[..1]) if len(h) > 0 >\ng(R([1, 2, 3]))",
        "game E(h) = < E(h[1..]) if min(h) >= 0 >\ng(E([]))",
    ];
    for script in scripts {
        assert_same_error_as_the_generic_search(script);
    }
}

/// The position and list limits hold on a list program.
#[test]
fn limits_hold_on_list_programs() {
    let mut settings = Settings::default();
    settings.limits.max_positions = 1000;
    let script = format!("{CHOMP}\ng(Chomp([8, 8, 8, 8, 8, 8]))");
    let (_, errors) = run_to_strings("t.sg", &script, settings);
    let errors = errors.expect("more positions than the limit is an error");
    assert!(errors.contains("more than 1000 positions"), "{errors}");
    let mut settings = Settings::default();
    settings.limits.max_list_len = 10;
    let script = format!("{CHOMP}\ng(Chomp([8, 8]))");
    let (_, errors) = run_to_strings("t.sg", &script, settings);
    let errors = errors.expect("an option list longer than the list limit is an error");
    assert!(errors.contains("more than 10 elements"), "{errors}");
}

/// One option of a random list game: take `k` from heap `i` of the list
/// and put back what `rest` gives, dropping it when `drop` and it is 0.
#[derive(Clone, Debug)]
struct Move {
    /// The heap left: `h[i] - k`, halved, or less one more.
    rest: u8,
    drop: bool,
    /// `k` runs up to `h[i]`, or up to this constant when smaller.
    most: Option<i64>,
    /// Also split the rest in two heaps `a` and `rest - a`.
    split: bool,
    /// A filter: none, on the heap's place, on its size, on `k`, or on
    /// the sum, least or greatest heap.
    filter: u8,
    /// The list spelled as a comprehension over the heaps' places, when
    /// one heap is put back.
    comprehension: bool,
    /// The list as it is, sorted, or reversed.
    order: u8,
    /// The heaps after `i`: as they are, or each mapped by a comprehension
    /// or a recursive `def` (`TAILS`), none growing.
    tail: u8,
}

/// The recursive `def`s a move's tail may call: a walk from the front
/// that clamps each heap, and one from the back that copies them.
const TAILS: &str = "def low(l, c) = if len(l) == 0 then [] else [min(c, l[0])] + low(l[1..], c)\n\
                     def same(l) = if len(l) == 0 then [] else same(l[..-1]) + [l[-1]]";

impl Move {
    fn source(&self) -> String {
        let rest = match self.rest {
            0 => "h[i] - k",
            1 => "(h[i] - k) / 2",
            _ => "max(h[i] - k - 1, 0)",
        };
        let most = match self.most {
            Some(m) => format!("min(h[i], {m})"),
            None => "h[i]".to_string(),
        };
        let middle = match (self.split, self.drop) {
            (true, _) => format!("[a, {rest} - a]"),
            (false, true) => format!("(if {rest} == 0 then [] else [{rest}])"),
            (false, false) => format!("[{rest}]"),
        };
        let split = match self.split {
            true => format!(" for a in 0..={rest}"),
            false => String::new(),
        };
        let filter = match self.filter {
            0 => "",
            1 => " if i > 0 or len(h) == 1",
            2 => " if h[i] % 2 == 1 or h[-1] == 0",
            3 => " if k != 2",
            4 => " if max(h) == h[i]",
            _ => " if sum(h) % 2 == 0 or min(h) == 0",
        };
        let list = match (self.comprehension, self.split, self.drop) {
            (true, false, false) => format!("[if j == i then {rest} else h[j] for j in 0..len(h)]"),
            _ => {
                let tail = match self.tail {
                    0 => "h[i + 1..]",
                    1 => "[min(x, k) for x in h[i + 1..]]",
                    2 => "[max(x - 1, 0) for x in h[i + 1..]]",
                    3 => "low(h[i + 1..], k)",
                    _ => "same(h[i + 1..])",
                };
                format!("h[..i] + {middle} + {tail}")
            }
        };
        let list = match self.order {
            0 => list,
            1 => format!("sort({list})"),
            _ => format!("reversed({list})"),
        };
        format!("F({list}) for i in 0..len(h) for k in 1..={most}{split}{filter}")
    }
}

fn a_move() -> impl Strategy<Value = Move> {
    (
        0u8..3,
        any::<bool>(),
        prop::option::of(1i64..4),
        prop::bool::weighted(0.25),
        0u8..6,
        any::<bool>(),
        0u8..3,
        0u8..5,
    )
        .prop_map(
            |(rest, drop, most, split, filter, comprehension, order, tail)| Move {
                rest,
                drop,
                most,
                split,
                filter,
                comprehension,
                order,
                tail,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random list games: the list program and the generic search agree on
    /// every board of up to three heaps of up to four.
    #[test]
    fn random_list_games_agree_with_the_generic_search(moves in prop::collection::vec(a_move(), 1..3)) {
        let options: Vec<String> = moves.iter().map(Move::source).collect();
        let game = format!("{TAILS}\ngame F(h) = < {} >", options.join(", "));
        let boards = lists(3, 4);
        let script = format!("{game}\n{}", values_of("F", &boards));
        prop_assert!(how(&script, "F").contains("list program"), "{}", how(&script, "F"));
        prop_assert_eq!(single_sequence(&script), generic_sequence(&script), "{}", game);
    }
}

/// A family whose positions are strings has no integer program; its
/// types say so before any position is tried, and `--emit ir` names the
/// parameter. Its values still come, from the generic search.
#[test]
fn a_family_of_strings_is_left_to_the_generic_search_by_its_type() {
    let script = "game W(s) = < W(s[1..]) if len(s) > 0 >\ng(W(\"abc\"))";
    assert_eq!(
        how(script, "W"),
        "game W(s): generic search: parameter `s` is a string (`str`), \
         not an integer or a list of integers (at test.sg:1:8)"
    );
    let (stdout, errors) = run_to_strings("test.sg", script, Settings::default());
    assert_eq!((stdout.as_str(), errors), ("1\n", None));
}

/// A list program that cannot vouch for a position's options leaves it to
/// the generic search; `--stats` says how many of the family's positions
/// went there, next to the program that was meant to compute them.
#[test]
fn stats_say_how_many_positions_a_program_left_to_the_generic_search() {
    // Items past the slot bound: the program cannot vouch for those
    // positions, so every position but the one of small items is searched.
    let script = "game N(h) = < N([h[0] - 1]) if h[0] > 4294967290 >\n\
                  print(g(N([4294967300])))";
    let (out, report) = run_binary(&["--stats", "-e", script]);
    assert_eq!(out.trim(), "0", "{report}");
    assert!(
        report.contains("list program") && report.contains("of them by the generic search"),
        "{report}"
    );
    let (_, report) = run_binary(&[
        "--stats",
        "-e",
        "game K(n) = < K(n - 1) if n > 0 >\ng(K(9))",
    ]);
    assert!(
        !report.contains("of them by the generic search"),
        "{report}"
    );
}

/// A search of list positions longer than one step of the solver
/// (16384 positions) goes on where it paused, its stack and pending
/// positions kept: a chain of one-item lists (halving too) has the plain
/// values at 10^5, where the search once walked down the chain again
/// after each step (10^6 took 13 s, now under 1). A game whose pending
/// options pile up while walking down (Kayles on one-item lists) stops at
/// the memory budget, where it once ran on past it (42 s and 9.4 GB under
/// a 1 GiB budget).
#[test]
fn long_list_searches_go_on_where_they_paused_within_the_budget() {
    let last = 100_000usize;
    let mut values = vec![0u64; last + 1];
    for n in 1..=last {
        let halved = (n > 1).then(|| values[n / 2]);
        values[n] = common::mex([values[n - 1]].into_iter().chain(halved));
    }
    let script = format!(
        "game G(p) = < G([p[0] - 1]) if p[0] > 0, G([p[0] / 2]) if p[0] > 1 >\n\
         [g(G([{last}])), g(G([{}]))]",
        last - 20_000
    );
    let (printed, report) = run_binary(&["--stats", "-e", &script]);
    assert_eq!(
        printed.trim(),
        format!("[{}, {}]", values[last], values[last - 20_000])
    );
    assert!(report.contains("list program"), "{report}");
    let kayles = "game K(p) = < K([a]) + K([p[0] - t - a]) for t in 1..=2 for a in 0..=p[0]-t >\n\
                  g(K([20000]))";
    let (_, error) = run_binary(&["--max-memory", "256M", "-e", kayles]);
    assert!(error.contains("more than 256 MiB of memory"), "{error}");
}

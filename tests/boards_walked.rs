//! A loop over a comprehension of boards (`G(q) for q in [p[..i] + [x] +
//! p[i + 1..] for i in … for x in …]`, written out or a `def`'s body):
//! the comprehension's clauses become the element's and the board is
//! built where it is read, so the spelling is computed by its program as
//! the slices are, not by the generic search. A board that may fail is
//! built only where what follows reads it for sure; elsewhere the
//! generic search keeps the comprehension's error.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_error_as_the_generic_search, printed_by_programs_alone};

/// The values of `[g(G([a, b, c])) …]` for heaps below 5.
const QUERY: &str = "print([g(G([a, b, c])) for a in 0..5 for b in 0..5 for c in 0..5])";

/// Nim's options as a comprehension of boards, written out and through a
/// `def`: the nim-sum, by the programs alone, as with the slices.
#[test]
fn nims_boards_walked_give_the_nim_sum() {
    let spellings = [
        "game G(p) = < G(q) for q in [p[..i] + [x] + p[i + 1..] for i in 0..len(p) for x in 0..p[i]] >",
        "def opts(p) = [p[..i] + [x] + p[i + 1..] for i in 0..len(p) for x in 0..p[i]]
game G(p) = < G(q) for q in opts(p) >",
        "game G(p) = < G(p[..i] + [x] + p[i + 1..]) for i in 0..len(p) for x in 0..p[i] >",
    ];
    let mut xors = Vec::new();
    for a in 0..5 {
        for b in 0..5 {
            for c in 0..5 {
                xors.push((a ^ b ^ c).to_string());
            }
        }
    }
    let expected = format!("[{}]\n", xors.join(", "));
    for spelling in spellings {
        let printed = printed_by_programs_alone(&format!("{spelling}\n{QUERY}"));
        assert_eq!(printed, expected, "{spelling}");
    }
}

/// A filter reading the board walked, and a board the option does not
/// name: the generic search's values, by the programs alone.
#[test]
fn filters_on_the_board_walked_equal_the_generic_search() {
    for spelling in [
        "game G(p) = < G(q) for q in [p[..i] + [x] + p[i + 1..] for i in 0..len(p) for x in 0..p[i]] \
         if sum(q) % 3 != 1 >",
        "def opts(p) = [p[..i] + [x] + p[i + 1..] for i in 0..len(p) for x in 0..p[i]]
game G(p) = < G(q[1..] + q[..1]) for q in opts(p) if len(q) > 0 and q[0] != 2 >",
    ] {
        printed_by_programs_alone(&format!("{spelling}\n{QUERY}"));
    }
}

/// A board past the list's end that nothing reads, or that a filter not
/// reading it may skip: the comprehension's error, as the generic search
/// reports it.
#[test]
fn a_board_that_fails_unread_is_the_generic_searchs_error() {
    for spelling in [
        "game G(p) = < G(p[1..]) for q in [[p[i + 3]] for i in 0..len(p)] if len(p) > 0 >",
        "game G(p) = < G(q[..2]) for q in [p[..i] + [x, p[i + 3]] for i in 0..len(p) for x in 0..p[i]] \
         if len(p) < 9 >",
    ] {
        let (_, errors) = assert_same_error_as_the_generic_search(&format!("{spelling}\n{QUERY}"));
        assert!(errors.contains("out of range"), "{errors}");
    }
}

/// Kayles with its options a `def`'s comprehension of pairs, each read
/// by its places (`K(m[0]) + K(m[1])`): an item of a literal picked by a
/// constant is that item, so the program is Kayles' own split, its
/// values the octal game 0.77's.
#[test]
fn pairs_read_by_their_places_are_kayles_split() {
    let script = "def moves(n) = [[a, n - t - a] for t in 1..=2 for a in 0..=n - t]
game K(n) = < K(m[0]) + K(m[1]) for m in moves(n) >
print(seq(K, 0..=500))";
    let printed = printed_by_programs_alone(script);
    let kayles: Vec<String> = common::octal(&[1, 2], 500)
        .iter()
        .map(u64::to_string)
        .collect();
    assert_eq!(printed, format!("[{}]\n", kayles.join(", ")));
    let (ir, _) = common::run_binary(&["--emit", "ir", "-e", script]);
    assert!(ir.contains("split K(a) + K(n - a - 1)"), "{ir}");
}

//! Recursive `def`s that take a list and give an integer or a condition
//! (`def total(p) = if len(p) == 0 then 0 else p[0] + total(p[1..])`): the
//! family that calls one is computed by its program, the `def` a function
//! of the VM giving its one item, not by the generic search. Checked
//! against a plain program written here, the nim-sum and the generic
//! search, value for value and error for error.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_error_as_the_generic_search, ints, mex, printed_by_programs_alone};

/// Every list of three heaps below the bounds, in the order the scripts
/// below list them.
fn boards() -> Vec<[u64; 3]> {
    let mut boards = Vec::new();
    for a in 0..6 {
        for b in 0..6 {
            for c in 0..5 {
                boards.push([a, b, c]);
            }
        }
    }
    boards
}

/// The list of values a script printed on its one line.
fn printed_values(printed: &str) -> Vec<u64> {
    let json = serde_json::from_str(printed.trim());
    ints(&json.unwrap_or_else(|e| panic!("{e}: {printed}")))
}

/// Nim on a list whose moves are filtered by a recursive sum of the heaps
/// (a filter that always holds): every value is the nim-sum, computed by
/// the programs alone.
#[test]
fn a_recursive_sum_of_the_heaps_keeps_nim_the_nim_sum() {
    let script = "def total(p) = if len(p) == 0 then 0 else p[0] + total(p[1..])
game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] \
                  if total(p) >= k >
print([g(N([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..5])";
    let values = printed_values(&printed_by_programs_alone(script));
    let xors: Vec<u64> = boards().iter().map(|[a, b, c]| a ^ b ^ c).collect();
    assert_eq!(values, xors);
}

/// A heap moves to a size no heap has, tested by a recursive condition
/// over the list: the values of a plain program written here, by the
/// programs alone, and the generic search's.
#[test]
fn a_recursive_membership_test_gives_the_plain_programs_values() {
    let script = "def has(p, x) = len(p) > 0 and (p[0] == x or has(p[1..], x))
game M(p) = < M(p[..i] + [x] + p[i + 1..]) for i in 0..len(p) for x in 0..p[i] if not has(p, x) >
print([g(M([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..5])";
    let values = printed_values(&printed_by_programs_alone(script));
    let mut memo = std::collections::HashMap::new();
    let plain: Vec<u64> = boards()
        .iter()
        .map(|b| unused_sizes(*b, &mut memo))
        .collect();
    assert_eq!(values, plain);
}

/// The plain program of the game above: a heap moves to a smaller size
/// that no heap has.
fn unused_sizes(board: [u64; 3], memo: &mut std::collections::HashMap<[u64; 3], u64>) -> u64 {
    if let Some(&value) = memo.get(&board) {
        return value;
    }
    let mut options = Vec::new();
    for i in 0..3 {
        for x in (0..board[i]).filter(|x| !board.contains(x)) {
            let mut option = board;
            option[i] = x;
            options.push(unused_sizes(option, memo));
        }
    }
    let value = mex(options);
    memo.insert(board, value);
    value
}

/// A family whose lists shrink (a heap that no other heap equals may be
/// removed), its test a recursive count taking a list and an integer:
/// the generic search's values, by the programs alone.
#[test]
fn a_recursive_count_over_shrinking_lists_equals_the_generic_search() {
    let script = "def count(p, x) = if len(p) == 0 then 0 \
                  else (if p[0] == x then 1 else 0) + count(p[1..], x)
game L(p) = < L(p[..i] + p[i + 1..]) for i in 0..len(p) if count(p, p[i]) == 1,
    L(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >
print([g(L([a, b, c])) for a in 0..6 for b in 0..6 for c in 0..5])
print(g(L([4, 4, 2, 1])), g(L([])))";
    printed_by_programs_alone(script);
}

/// An index past a list's end inside the recursion is the generic
/// search's error, with its notes.
#[test]
fn an_error_inside_the_recursion_is_the_generic_searchs() {
    let script = "def fifth(p) = if len(p) == 0 then p[4] else fifth(p[1..])
game L(p) = < L(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=fifth(p) >
print(g(L([3, 3])))";
    let (_, errors) = assert_same_error_as_the_generic_search(script);
    assert!(errors.contains("fifth"), "{errors}");
}

/// A call on the parameters alone (`tot(p)` in a filter read by every
/// option, `bits(n)` under a guard) is computed once a position, where
/// first needed, not before: a call its guard skips fails nowhere, and a
/// function's own recursion behind its `if` is not run ahead. The
/// generic search's values, by the programs alone.
#[test]
fn a_call_on_the_parameters_alone_is_computed_once_where_needed() {
    for script in [
        "def tot(p) = if len(p) == 0 then 0 else p[0] + tot(p[1..])
game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] \
         if (tot(p) - k) % 2 == 0 or k == 1 >
print([g(N([a, b, c])) for a in 0..5 for b in 0..5 for c in 0..5])",
        "def bits(n) = if n == 0 then 0 else n % 2 + bits(n / 2)
def inverse(n) = if n > 100 then inverse(n - 100) else 60 / n
game F(n) = < F(n - k) for k in 1..=3 if k <= n and (bits(n) + k) % 3 != 0, \
         F(n - 1) if n > 0 and inverse(n) % 2 == 0 >
print(seq(F, 0..=400))",
    ] {
        printed_by_programs_alone(script);
    }
}

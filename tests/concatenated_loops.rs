//! An element whose first loop walks a concatenation of lists (`for q in
//! [… for x in …] + [… for y in …]`) or a literal of lists (`for q in [[a -
//! 1, b], [a, b - 1]]`) is an element for each list or item, in turn: an
//! integer or list program with the options in the order written. The
//! values are those of plain programs written here and of the generic
//! search, and the errors are the generic search's.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_error_as_the_generic_search, ir_of, plain_grid, printed_by_programs_alone,
};

/// The printed list of `values`.
fn shown(values: impl IntoIterator<Item = u64>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A rook on a board of lists and of two integers, with a diagonal step
/// as a third list: against plain loops, the options listed in the order
/// written.
#[test]
fn a_concatenation_of_comprehensions_is_an_element_for_each() {
    let size = 12;
    let m = plain_grid(size, size, |a, b, m| {
        // The filter after the loop holds for every list or none.
        if a == 0 || b == 0 {
            return Vec::new();
        }
        let rows = (0..a).map(|x| m[x][b]);
        let columns = (0..b).map(|y| m[a][y]);
        rows.chain(columns).chain([m[a - 1][b - 1]]).collect()
    });
    let script = "game L(p) = < L(q) for q in [[x, p[1]] for x in 0..p[0]] + [[p[0], y] for y in 0..p[1]] >\n\
                  game M(a, b) = < M(q[0], q[1]) for q in [[x, b] for x in 0..a] + [[a, y] for y in 0..b] + [[a - 1, b - 1]] if a > 0 and b > 0 >\n\
                  print([g(L([a, b])) for a in 0..12 for b in 0..12])\n\
                  print([g(M(a, b)) for a in 0..12 for b in 0..12])\n\
                  print(options(M(2, 1)))";
    let rook = (0..size).flat_map(|a| (0..size).map(move |b| (a ^ b) as u64));
    let expected = format!(
        "{}\n{}\n[M(0, 1), M(1, 1), M(2, 0), M(1, 0)]\n",
        shown(rook),
        shown(m.iter().flatten().copied())
    );
    assert_eq!(printed_by_programs_alone(script), expected);
    let ir = ir_of(script);
    assert!(ir.contains("game M(a, b): integer program"), "{ir}");
    assert!(ir.contains("L([p[0], y]) for y in 0..p[1]"), "{ir}");
}

/// A literal of two lists, each an option's arguments, filtered on the
/// list walked: nim on two heaps taking one at a time.
#[test]
fn a_literal_of_lists_is_an_element_for_each_item() {
    let script = "game N(a, b) = < N(q[0], q[1]) for q in [[a - 1, b], [a, b - 1]] if min(q) >= 0 >\n\
                  print([g(N(a, b)) for a in 0..9 for b in 0..9])";
    let parity = (0..9).flat_map(|a| (0..9).map(move |b| ((a + b) % 2) as u64));
    assert_eq!(
        printed_by_programs_alone(script),
        format!("{}\n", shown(parity))
    );
    assert!(ir_of(script).contains("N(a - 1, b) if min(a - 1, b) >= 0"));
}

/// An operand that fails fails as the generic search's list does, and a
/// concatenation walked inside another loop stays with the generic search
/// with the same values.
#[test]
fn concatenations_fail_and_nest_as_the_generic_search_does() {
    let failing = "game M(a, b) = < M(q[0], q[1]) for q in [[x, b] for x in 0..a] + [[a, (b - 1) / (b - 3)]] if b > 0 >\n\
                   print(g(M(2, 4)))";
    let (printed, error) = assert_same_error_as_the_generic_search(failing);
    assert_eq!(printed, "");
    assert!(error.contains("division by zero"), "{error}");
    let nested = "game M(a, b) = < M(q[0], q[1]) for i in 0..1 for q in [[x, b] for x in 0..a] + [[a, y] for y in 0..b] >\n\
                  print([g(M(a, b)) for a in 0..5 for b in 0..5])";
    let rook = (0..5).flat_map(|a| (0..5).map(move |b| (a ^ b) as u64));
    assert_eq!(
        common::assert_same_as_the_generic_search(nested),
        format!("{}\n", shown(rook))
    );
}

/// A loop over the list a `def` returns, where that list is a
/// concatenation (the hunt's rook, `for q in moves(a, b)`), is the `def`'s
/// body in its place, split as if written there: an integer program with
/// the plain program's values (it was the generic search's, 3.9 s at
/// 200²). An argument that is an expression is bound once, before the
/// loop; an error in the body is the generic search's.
#[test]
fn a_def_returning_a_concatenation_is_split_in_the_loop() {
    let size = 14;
    let m = plain_grid(size, size, |a, b, m| {
        let rows = (1..=a).map(|k| m[a - k][b]);
        let odd_columns = (1..=b).step_by(2).map(|k| m[a][b - k]);
        rows.chain(odd_columns).collect()
    });
    let script = "def moves(a, b) = [[a - k, b] for k in 1..=a] + [[a, b - k] for k in 1..=b if k % 2 == 1]\n\
                  game R(a, b) = < R(q[0], q[1]) for q in moves(a, b) >\n\
                  game S(a, b) = < S(q[0] - 1, q[1]) for q in moves(a + 1, b) if q[0] >= 1 >\n\
                  print([g(R(a, b)) for a in 0..14 for b in 0..14])\n\
                  print([g(S(a, b)) for a in 0..14 for b in 0..14] == [g(R(a, b)) for a in 0..14 for b in 0..14])\n\
                  print(options(R(1, 2)))";
    let expected = format!(
        "{}\ntrue\n[R(0, 2), R(1, 1)]\n",
        shown(m.iter().flatten().copied())
    );
    assert_eq!(printed_by_programs_alone(script), expected);
    let ir = ir_of(script);
    assert!(ir.contains("game R(a, b): integer program"), "{ir}");
    assert!(ir.contains("game S(a, b): integer program"), "{ir}");
    let failing = "def moves(a, b) = [[a - k, b] for k in 1..=a] + [[a, 10 / (b - 3)]]\n\
                   game R(a, b) = < R(q[0], q[1]) for q in moves(a, b) if q[1] < b >\n\
                   print(g(R(2, 3)))";
    let (printed, error) = assert_same_error_as_the_generic_search(failing);
    assert_eq!(printed, "");
    assert!(error.contains("division by zero"), "{error}");
}

//! A comprehension whose item or filters compare its variable with a
//! bound (`if j < r then … else …`, `if j < r or …`) is cut at the bound
//! into two comprehensions, the comparison decided in each (`ir::cuts`).
//! Chomp's bite written as one comprehension is then a copy of the rows
//! below the bite and a loop over the rest. Checked against a plain
//! Chomp, the generic search's values and its errors.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, chomp, ir_of,
    printed_by_programs_alone,
};

/// Chomp with the bite as one comprehension, `<` and `>=` either way
/// round: the plain Chomp's values, by the programs alone, cut.
#[test]
fn a_chomp_bite_written_as_one_comprehension_is_cut_at_the_bite() {
    let bites = [
        "[if j < r then rows[j] else min(rows[j], c) for j in 0..len(rows) if j < r or min(rows[j], c) > 0]",
        "[if r <= j then min(rows[j], c) else rows[j] for j in 0..=len(rows) - 1 if r > j or min(rows[j], c) > 0]",
    ];
    let boards: Vec<Vec<i64>> = vec![vec![3, 3, 3], vec![4, 3, 1], vec![5, 5, 2, 2], vec![2]];
    let mut memo = HashMap::new();
    let expected: Vec<String> = (boards.iter())
        .map(|b| chomp(b, &mut memo).to_string())
        .collect();
    for bite in bites {
        let game = format!(
            "game C(rows) = < C({bite}) for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >"
        );
        let query: Vec<String> = boards.iter().map(|b| format!("g(C({b:?}))")).collect();
        let script = format!("{game}\nprint([{}])", query.join(", "));
        let printed = printed_by_programs_alone(&script);
        assert_eq!(
            printed.trim(),
            format!("[{}]", expected.join(", ")),
            "{bite}"
        );
        let ir = ir_of(&game);
        assert!(ir.contains("comprehensions cut"), "{ir}");
    }
}

/// Cut comprehensions keep their items' order and their errors: a bound
/// past either end of the range, a bound read by a filter only, an item
/// that fails on one side of the bound only.
#[test]
fn cut_comprehensions_keep_the_order_and_the_errors() {
    let (mut lets, mut expected) = (String::new(), Vec::new());
    for (i, t) in [-1i64, 0, 4, 7, 10].into_iter().enumerate() {
        lets += &format!(
            "let a{i} = [if j < {t} then j * 10 else j for j in 2..8]\n\
             let b{i} = [j for j in 0..6 if j >= {t} or j % 2 == 0]\n\
             let c{i} = [if {t} > j then 1 else 2 for j in 1..=4]\n"
        );
        let a: Vec<i64> = (2..8).map(|j| if j < t { j * 10 } else { j }).collect();
        let b: Vec<i64> = (0..6).filter(|&j| j >= t || j % 2 == 0).collect();
        let c: Vec<i64> = (1..=4).map(|j| if t > j { 1 } else { 2 }).collect();
        expected.push(format!("{a:?}\n{b:?}\n{c:?}"));
    }
    let names: Vec<String> = (0..5)
        .flat_map(|i| [format!("a{i}"), format!("b{i}"), format!("c{i}")])
        .collect();
    let script = format!("{lets}{}", names.join("\n"));
    let printed = assert_same_as_the_generic_search(&script);
    assert_eq!(printed.trim(), expected.join("\n"));
    let ir = ir_of(&script);
    assert!(
        ir.contains("[10*j for j in 2..4] + [j for j in 4..8]"),
        "{ir}"
    );
    for failing in [
        "let x = [if j < 3 then j else 12 / (j - 5) for j in 0..8]\nx",
        "let x = [if j < 6 then 12 / (j - 5) else j for j in 0..8]\nx",
        "game C(rows) = < C([if j < r then rows[j] else rows[j + 1] for j in 0..len(rows)]) \
         for r in 0..len(rows) >\ng(C([1, 2]))",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

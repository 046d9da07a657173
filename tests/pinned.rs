//! Loops and parameters pinned by equalities (`ir::pins`): a loop whose
//! variable an equality fixes is one value tested against its bounds, and
//! a parameter an element's first filters fix is that constant in the
//! element. Against the generic search: the same values, and the same
//! error where a clause stepped over would have failed.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, ir_of};

/// A loop whose variable an equality fixes (`ir::pins`) is one value
/// tested against its bounds: Wythoff's game by its target squares walks
/// three lines, where it scanned the rectangle below each position, and
/// pinned loops give the generic search's values and errors.
#[test]
fn loops_pinned_by_equalities_equal_the_generic_search() {
    let wythoff = "game W(a, b) = < W(c, d) for c in 0..=a for d in 0..=b \
                   if (c == a) != (d == b) or (a - c == b - d and c < a) >";
    let ir = ir_of(wythoff);
    for line in [
        "W(a, d) if a >= 0 for d in 0..b\n",
        "W(c, b) if b >= 0 for c in 0..a\n",
        "W(c, -a + b + c) for c in max(0, a - b)..a\n",
    ] {
        assert!(ir.contains(line), "{ir}");
    }
    let w = common::wythoff(14);
    let printed = assert_same_as_the_generic_search(&format!(
        "{wythoff}\n[g(W(a, b)) for a in 0..14 for b in 0..14]"
    ));
    let expected: Vec<String> = (0..14)
        .flat_map(|a| (0..14).map(move |b| (a, b)))
        .map(|(a, b)| w[a][b].to_string())
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", expected.join(", ")));
    // Subtraction of 1 or 2, the move fixed by an equality on the heap
    // left (k = -1 in `n - j == 2`), by one between two loop variables,
    // and a pinned value outside its loop's range (`j == k + 7`).
    let script = "game A(n) = < A(j) for k in 1..=2 for j in 0..n if n - j == k >\n\
                  game B(n) = < B(n - k) for k in 1..=n for j in 0..=n if j == k + 1 and j <= 3 >\n\
                  game C(n) = < C(n - k) for k in 1..=min(n, 3) for j in 0..5 if j == k + 3 or k == 1 >\n\
                  game D(a, b) = < D(c, b) + *d for c in 0..a for d in 0..=b if d + c == a - 1 >\n\
                  [seq(A, 0..60), seq(B, 0..60), seq(C, 0..60), [g(D(a, b)) for a in 0..9 for b in 0..9]]";
    let printed = assert_same_as_the_generic_search(script);
    // A is subtraction of 1 or 2: period 3.
    let a: Vec<String> = (0..60).map(|n| (n % 3).to_string()).collect();
    assert!(
        printed.starts_with(&format!("[[{}]", a.join(", "))),
        "{printed}"
    );
    let ir = ir_of(script);
    assert!(!ir.contains("for j"), "every loop on j is pinned:\n{ir}");
    // In a list program, pinned by another loop's variable or by the
    // board's length (a hunt found both read as 0).
    let lists = "game C(p) = < C(p[1..]) for k in 1..3 if k == len(p) >\n\
                 game D(p) = < D(p[..i] + [p[i] - 1] + p[i + 1..]) for i in 0..len(p) for k in 0..p[i] if i == k >\n\
                 [[g(C([5])), g(C([5, 1])), g(C([1, 2, 3]))], [g(D([a, b])) for a in 0..4 for b in 0..4]]";
    let printed = assert_same_as_the_generic_search(lists);
    // D is two heaps: the first taken down by ones to 0, the second to 1.
    assert!(
        printed.starts_with("[[1, 0, 0], [0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1]]"),
        "{printed}"
    );
    // A filter stepped over that may fail keeps the loop (the error at k
    // = 2 stays), and so does an `or` with a part that may fail.
    let failing = "game F(n) = < F(n - k) for k in 1..=n if 6 / (k - 2) > 0 if k == n >\ng(F(5))";
    assert_same_error_as_the_generic_search(failing);
    let failing = "game F(n) = < F(n - k) for k in 1..=n if k == n or 6 / (k - 2) > 0 >\ng(F(5))";
    assert_same_error_as_the_generic_search(failing);
}

/// `if n == 3` among an element's first filters makes `n` the constant 3
/// in the rest of it: a filter that contradicts it folds, the element
/// with it; a range it fixes is unrolled; an `or` left once a loop is
/// pinned pins the next. The values and errors are the generic search's.
#[test]
fn parameters_pinned_by_equalities_equal_the_generic_search() {
    let script = "game A(n) = < A(n - 1) if n >= 1 and n == 3 and n != 3, A(n - 1) if n == 5 >\n\
                  game B(n) = < B(n - k) for k in 1..n if n == 4 if k != n - 2, B(n - 1) if n > 4 >\n\
                  game C(n, m) = < C(n - 1, m) if m == 2 and n > m, C(n, m - 1) if m > 2 >\n\
                  game D(n) = < D(a) + D(n - t - a) for t in 1..=3 if t <= n for a in 0..=n - t \
                  if (t == 1 and n == 1) or (t == 2 and (a == 0 or a == n - 2)) or t == 3 >\n\
                  [seq(A, 0..12), seq(B, 0..12), [g(C(n, m)) for n in 0..6 for m in 0..6], seq(D, 0..60)]";
    let printed = assert_same_as_the_generic_search(script);
    // A: only heap 5 moves; B: heap 4 moves to 3 and 1, above it down by one.
    assert!(
        printed.starts_with(
            "[[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0]"
        ),
        "{printed}"
    );
    let ir = ir_of(script);
    for line in [
        "game A(n): integer program",
        "  A(4) if n == 5\n",
        "  B(3) if n == 4\n  B(1) if n == 4\n",
        "  D(0) + D(n - 2) if 2 <= n",
    ] {
        assert!(ir.contains(line), "{ir}");
    }
    assert!(!ir.contains("n != 3"), "{ir}");
    // A pinned division by zero fails where the generic search does, and
    // a guard that may fail pins nothing before it.
    for failing in [
        "game F(n) = < F(n - 10 / (n - 3)) if n == 3 >\ng(F(3))",
        "game F(n) = < F(n - 1) if 6 / (n - 2) > 0 and n == 2 >\ng(F(2))",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

/// An equality whose loop variable has a coefficient other than ±1 pins
/// it where the coefficient divides the rest (`2 * a + 1 == n` gives
/// `a = (n - 1) / 2` for odd `n` alone), negative coefficients and
/// negative heaps included: against a plain program and the generic
/// search.
#[test]
fn loops_pinned_through_a_coefficient_equal_the_generic_search() {
    let script = "game R(n) = < R(a) + *1 for a in 0..n if 2 * a + 1 == n, \
                  R(b) + *2 for b in -3..n if 5 - 3 * b == n - 7, R(n - 1) if n > 0 >\n\
                  print(seq(R, 0..=40))\nprint([g(R(n)) for n in -5..0])";
    let ir = ir_of(script);
    assert!(ir.contains("if (n - 1) % 2 == 0"), "{ir}");
    let mut r: Vec<u64> = Vec::new();
    for n in 0..=40i64 {
        let mut options = Vec::new();
        let value = |m: i64| if m >= 0 { r[m as usize] } else { 0 };
        for a in 0..n {
            if 2 * a + 1 == n {
                options.push(value(a) ^ 1);
            }
        }
        for b in -3..n {
            if 5 - 3 * b == n - 7 {
                options.push(value(b) ^ 2);
            }
        }
        if n > 0 {
            options.push(value(n - 1));
        }
        r.push(common::mex(options));
    }
    let shown: Vec<String> = r.iter().map(u64::to_string).collect();
    let printed = assert_same_as_the_generic_search(script);
    assert_eq!(
        printed,
        format!("[{}]\n[0, 0, 0, 0, 0]\n", shown.join(", "))
    );
}

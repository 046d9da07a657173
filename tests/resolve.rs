//! The resolver (`--emit resolved`): what each name of a definition
//! refers to, where locals, `let`s, `def`s, families and built-ins share
//! names and hide one another.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sprague::run::{Settings, Stage, emit, run_to_strings};

fn resolved(script: &str) -> String {
    let interrupt = Arc::new(AtomicBool::new(false));
    emit(
        Stage::Resolved,
        "test.sg",
        script,
        &Settings::default(),
        interrupt,
    )
    .unwrap_or_else(|errors| panic!("{script}\nfailed:\n{errors}"))
}

#[test]
fn a_local_hides_a_let_a_def_and_a_built_in_of_its_name() {
    let text = resolved(
        "let n = 5
def k(x) = x
game F(n) = < F(n - k) for k in 1..=min(n, 2) >
def uses(len, k) = [len(k) for k in 0..n] + [k(len)]",
    );
    assert_eq!(
        text,
        "let n = 5
def k(x#0) = x#0
game F(n#0) = <F(n#0 - k#1) for k#1 in 1..=builtin min(n#0, 2)>
def uses(len#0, k#1) = [call len#0(k#2) for k#2 in 0..let n] + [call k#1(len#0)]
"
    );
}

#[test]
fn a_name_is_the_definition_of_its_kind_wherever_it_is_defined() {
    // Names are bound for the whole file: `G` and `half` are used before
    // they are written, and `G` without parameters is its one position.
    let text = resolved(
        "game H(n) = < if n > 1 then H(half(n)) else G >
def half(n) = n / 2
game G = < >
let moves = [1, 2]
game S(n) = < S(n - k) for k in moves if k <= n >",
    );
    assert_eq!(
        text,
        "game H(n#0) = <if n#0 > 1 then H(def half(n#0)) else G>
def half(n#0) = n#0 / 2
game G = <>
let moves = [1, 2]
game S(n#0) = <S(n#0 - k#1) for k#1 in let moves if k#1 <= n#0>
"
    );
}

#[test]
fn a_loops_list_is_resolved_before_its_variable_takes_a_slot() {
    let text = resolved("game P(n) = < P(m) for m in [a for a in 0..n if a % 2 == 0] >");
    assert_eq!(
        text,
        "game P(n#0) = <P(m#1) for m#1 in [a#1 for a#1 in 0..n#0 if (a#1 % 2) == 0]>\n"
    );
}

#[test]
fn a_function_passed_as_a_value_is_named_by_its_kind() {
    let text = resolved(
        "def double(x) = 2 * x
game T(n) = < T(k) for k in 0..n >
let values = seq(T, 0..3)
let doubled = [double(v) for v in values]
let f = double",
    );
    assert_eq!(
        text,
        "def double(x#0) = 2 * x#0
game T(n#0) = <T(k#1) for k#1 in 0..n#0>
let values = builtin seq(T, 0..3)
let doubled = [def double(v#0) for v#0 in let values]
let f = def double
"
    );
}

/// A loop's variable hides a parameter or an earlier loop's variable of
/// its name: in the value, the filters and the loops nested in them, for
/// the evaluator and for the types alike. (A resolver that looked names
/// up from the outermost scope gave `[1]`, `["a"]`, `[]` and `0` here.)
#[test]
fn a_loops_variable_hides_an_outer_one_of_its_name() {
    let script = "def h(b) = [b for b in [7]]
print(h(1))
print([x for x in [\"a\"] for x in [\"b\"]])
print([x for x in -2..1 if any([3 <= x for x in [7, 2, 6, 6]])])
game W(s) = < *len(s) for s in [\"\"] >
print(g(W(\"x\")))
def k(b) = [b for b in [\"x\"] if b == \"x\"]
print(k(1))";
    let (output, errors) = run_to_strings("test.sg", script, Settings::default());
    assert!(errors.is_none(), "{errors:?}");
    assert_eq!(output, "[7]\n[\"b\"]\n[-2, -1, 0]\n1\n[\"x\"]\n");
    let interrupt = Arc::new(AtomicBool::new(false));
    let types = emit(
        Stage::Types,
        "test.sg",
        script,
        &Settings::default(),
        interrupt,
    )
    .unwrap_or_else(|errors| panic!("{errors}"));
    assert!(types.contains("def k(b: int) -> [str]\n"), "{types}");
}

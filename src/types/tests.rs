use super::{Types, define};
use crate::resolve::Redefine;
use crate::resolve::program::Program;

/// The signatures `source` defines, or its errors' messages.
fn types(source: &str) -> Result<String, Vec<String>> {
    let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
    match define(
        &statements,
        &Program::default(),
        &Types::default(),
        Redefine::Forbid,
    ) {
        Ok(defined) => Ok(defined.types.render(&defined.program)),
        Err(errors) => Err(errors.into_iter().map(|e| e.message).collect()),
    }
}

#[test]
fn parameters_take_the_types_of_their_calls() {
    assert_eq!(
        types("game S(n) = < S(n - k) for k in 1..=3 if k <= n >").unwrap(),
        "game S(n: int)\n"
    );
    let chomp = "game C(rows) = < C(rows[..i] + [min(r, c) for r in rows[i..]]) \
                 for i in 0..len(rows) for c in 0..rows[i] if i > 0 or c > 0 >\nC([3, 2])";
    assert_eq!(types(chomp).unwrap(), "game C(rows: [int])\n");
    let subtraction = "let moves = [k for k in 1..=50 if allowed(k)]\n\
                       def allowed(k) = k % 3 != 0\n\
                       game S(n) = < S(n - k) for k in moves if k <= n >";
    assert_eq!(
        types(subtraction).unwrap(),
        "let moves: [int]\ndef allowed(k: int) -> bool\ngame S(n: int)\n"
    );
    // Called from `seq` and `table` with the items of their ranges.
    let table = "def f(a, b) = a ^ b\ntable(f, 0..3, 0..3)\n\
                 game V(x) = < V(y) for y in F[x] >\nlet F = {\"a\": []}\nseq(V, keys(F))";
    assert_eq!(
        types(table).unwrap(),
        "def f(a: int, b: int) -> int\ngame V(x: any)\nlet F: map\n"
    );
}

#[test]
fn a_parameter_called_with_two_kinds_is_any_and_never_reported() {
    let source = "game F(x) = < F(x - 1) if x > 0 >\nF([1, 2])";
    assert_eq!(types(source).unwrap(), "game F(x: any)\n");
    // Without calls its uses say what it is; lists nest only so deep.
    assert_eq!(
        types("def h(g) = g + *1").unwrap(),
        "def h(g: game) -> game\n"
    );
    assert_eq!(
        types("game F(x) = < F([x]) >").unwrap(),
        "game F(x: [[[any]]])\n"
    );
}

#[test]
fn certain_misuses_in_definitions_are_reported_when_written() {
    let errors = |source| types(source).expect_err(source);
    assert_eq!(
        errors("game N(n) = < k for k in 0..n >"),
        ["an option must be a game, found an integer"]
    );
    assert_eq!(
        errors("game S(n) = < S(n - 1) if n >"),
        ["expected a boolean (true or false), found an integer"]
    );
    assert_eq!(
        errors("game S(n) = < S(n - 1) + 1 if n > 0 >"),
        ["cannot add an integer to a game"]
    );
    assert_eq!(
        errors("def f(n) = g(n + 1)"),
        ["expected a game, found an integer"]
    );
    assert_eq!(
        errors("game T(n) = < T(m) for m in n - 1 >"),
        ["expected a list, range, map or string to iterate over, found an integer"]
    );
    assert_eq!(errors("def f(n) = (n - 1)[0]"), ["cannot index an integer"]);
    // One error, not another for what the wrong operator would give.
    assert_eq!(
        errors("game G(a, b) = G(a, b) ^ G(b, a)"),
        ["`^` is the nim-sum of integers, not of games"]
    );
    assert_eq!(
        errors("game S(n) = < S(n - 1) * 2 if n > 0 >"),
        ["`*` cannot be applied to a game and an integer"]
    );
    assert_eq!(
        errors("def label(n) = \"n=\" + (n - 1)"),
        ["cannot add an integer to a string"]
    );
    assert_eq!(
        errors("def f(xs) = [x - *1 for x in xs]"),
        ["`-` cannot be applied to a value and a game"]
    );
    // Statements outside definitions run in order; their errors come then.
    assert!(types("game S(n) = < S(n - 1) if n > 0 >\nS(3) + 2").is_ok());
}

#[test]
fn only_what_definitions_certainly_do_is_held_against_them() {
    // Statements run in order: a call from one decides no error in a
    // definition, which the call reports at its turn, if it runs at all.
    assert!(types("def first(x) = x[0]\nprint(\"start\")\nfirst(3)").is_ok());
    // A use in one branch says nothing of the arguments of another.
    assert!(types("def get(x) = if x == 0 then x + 1 else x[\"k\"]").is_ok());
    // A function passed as a value may be called with anything.
    let apply = "def get(x) = if x == 0 then x + 1 else x[\"k\"]\n\
                 def apply(F, v) = F(v)\ndef twice(n) = apply(get, n) + get(0)";
    assert!(types(apply).is_ok(), "{:?}", types(apply));
    // Built-ins give what they give: a string reversed is a string, and
    // `seq` of a `def` its results.
    let strings = "def palindrome(s) = s + reversed(s)\ndef name(n) = \"x\" + str(n)\n\
                   def first_name() = seq(name, 0..3)[0] + \"!\"\npalindrome(\"ab\")";
    assert_eq!(
        types(strings).unwrap(),
        "def palindrome(s: str) -> str\ndef name(n: int) -> str\ndef first_name -> str\n"
    );
}

#[test]
fn a_long_chain_of_definitions_settles_and_is_checked() {
    // Written backwards, each link takes a round to reach the next.
    let mut source: Vec<String> = (1..100)
        .map(|i| format!("def d{i}(v) = d{}(v)", i - 1))
        .rev()
        .collect();
    source.push("def d0(v) = < v >\ndef start() = d99(1)".to_string());
    assert_eq!(
        types(&source.join("\n")).expect_err("d0 takes integers"),
        ["an option must be a game, found an integer"]
    );
}

#[test]
fn a_batch_of_statements_checks_no_definition_again() {
    let (mut program, mut types) = (Program::default(), Types::default());
    let mut resolved = |source: &str| {
        let statements = crate::syntax::parse(source, crate::span::SourceId(0)).expect("parses");
        let defined = define(&statements, &program, &types, Redefine::Replace)?;
        (program, types) = (defined.program, defined.types);
        Ok::<(), Vec<_>>(())
    };
    assert!(resolved("def f(x) = x[0]").is_ok());
    // Accepted when written; a later definition's call cannot take it back.
    assert!(resolved("def h() = f(3)").is_ok());
    assert!(resolved("print(1)").is_ok());
}

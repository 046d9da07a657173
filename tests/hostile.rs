//! Scripts a stranger could share to hurt the user: each runs through the
//! real binary under a 4 GB address-space cap and a time limit, and must
//! end with a diagnostic (exit status 1), never an abort, a stack
//! overflow, a hang or a wrong answer.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Runs `sprague` on `script` (as a file in a fresh directory) with `args`
/// under the memory cap, killed after `seconds`.
fn run_capped(script: &str, args: &[&str], seconds: u64) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("hostile.sg");
    std::fs::write(&path, script).expect("the script is written");
    let mut command = Command::new("prlimit");
    command
        .arg("--as=4000000000")
        .arg("timeout")
        .arg(seconds.to_string())
        .arg(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .arg(&path)
        .current_dir(dir.path());
    command.output().expect("prlimit and timeout run")
}

/// The exit status and standard error of a script expected to fail.
fn fails_with(script: &str, message: &str) {
    let output = run_capped(script, &[], 60);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.contains(message),
        "expected {message:?} in stderr:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_long_run_of_prefix_operators_is_too_deep_not_a_stack_overflow() {
    let minus = format!("print({}1)\n", "-".repeat(800_000));
    fails_with(&minus, "expression nested more than 10000 deep");
    let not = format!("{}true\n", "not ".repeat(300_000));
    fails_with(&not, "expression nested more than 10000 deep");
    let stars = format!("{}1\n", "*".repeat(800_000));
    fails_with(&stars, "expression nested more than 10000 deep");
}

#[test]
fn long_chains_of_if_and_of_operators_are_too_deep() {
    let chain = format!("{}1\n", "if true then 1 else ".repeat(200_000));
    fails_with(&chain, "expression nested more than 10000 deep");
    let conditions = format!(
        "{}true{}\n",
        "if ".repeat(100_000),
        " then 1 else 1".repeat(100_000)
    );
    fails_with(&conditions, "expression nested more than 10000 deep");
    let sum = format!("1{}\n", " + 1".repeat(100_000));
    fails_with(&sum, "expression nested more than 10000 deep");
    let calls = format!("f{}\n", "(1)".repeat(100_000));
    fails_with(&calls, "expression nested more than 10000 deep");
}

#[test]
fn deep_but_allowed_expressions_still_run() {
    let output = run_capped(&format!("{}1\n", "-".repeat(9_990)), &[], 60);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n");
    let output = run_capped(&format!("0{}\n", " + 1".repeat(9_990)), &[], 60);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "9990\n");
}

#[test]
fn a_game_that_needs_itself_through_misere_stops_with_an_error() {
    let script = "game S(n) = < *1 if n > 0 and misere(S(n - 1)) == \"P\" >\ng(S(1000000))\n";
    fails_with(script, "the computation nests too deeply");
}

#[test]
fn a_game_that_is_a_sum_containing_itself_stops_with_an_error() {
    fails_with(
        "game B = B + *1\noutcome(B)\n",
        "the computation nests too deeply",
    );
}

#[test]
fn deeply_nested_brackets_parse_in_linear_time() {
    let cases = [
        ("{", "1", "}"),
        ("[", "1", "]"),
        ("(1 + ", "1", " + 1)"),
        ("<", "*1", ">"),
        ("{1: ", "1", "}"),
    ];
    for (open, center, close) in cases {
        let script = format!("{}{center}{}\n", open.repeat(200), close.repeat(200));
        let started = Instant::now();
        let output = run_capped(&script, &[], 60);
        assert!(output.status.success(), "{open}: {output:?}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{open} took {:?}",
            started.elapsed()
        );
    }
    let output = run_capped(
        "{1, 2}\n{x for x in 0..3 if x > 0}\n{1: {2}, 3: 4}\n{}\n",
        &[],
        60,
    );
    let shown = String::from_utf8_lossy(&output.stdout);
    assert_eq!(shown, "[1, 2]\n[1, 2]\n{1: [2], 3: 4}\n{}\n");
}

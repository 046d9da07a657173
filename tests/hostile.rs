//! Scripts a stranger could share to hurt the user: each runs through the
//! real binary under a 4 GB address-space cap and a time limit, and must
//! end with a diagnostic (exit status 1), never an abort, a stack
//! overflow, a hang or a wrong answer.

use std::process::{Command, Output, Stdio};
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

/// Runs a script expected to succeed and returns its standard output.
fn prints(script: &str) -> String {
    let output = run_capped(script, &[], 60);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn lists_sized_by_huge_ranges_fail_with_the_list_limit() {
    fails_with(
        "(0..1000000000000000000) + [1]\n",
        "more than 50000000 elements",
    );
    fails_with(
        "print(1 + len([1] + (1000000000000..9223372036854775807)))\n",
        "more than 50000000 elements",
    );
    fails_with(
        "len(options(sum([*1000000 for i in 0..1000])))\n",
        "more than 50000000 elements",
    );
    fails_with(
        "game F(xs) = < >\ng(F(0..1000000000000))\n",
        "more than 50000000 elements",
    );
    fails_with(
        "def f(a, b) = a + b\ntable(f, 0..20000, 0..20000)\n",
        "more than 50000000 elements",
    );
}

#[test]
fn length_membership_equality_and_mex_of_ranges_are_arithmetic() {
    let script = "print(mex(0..10000000000), mex(5..10), mex(0..0))
print((0..1000000000000) == (0..1000000000000), (0..3) == [0, 1, 2], [0, 1] == (0..1000000000000))
print((0..1000000000000) < (0..1000000000001), sort([0..1000000000000, 0..5, [0, 2]]))
print(min(0..1000000000000), max(0..1000000000000), (0..9223372036854775807)[-1])
print(len(1000000000000..9223372036854775807), (-9223372036854775807 - 1..9223372036854775807)[9223372036854775806])
";
    let expected = "10000000000 0 0
true true false
true [0..5, 0..1000000000000, [0, 2]]
0 999999999999 9223372036854775806
9223371036854775807 -2
";
    assert_eq!(prints(script), expected);
}

#[test]
fn a_length_that_does_not_fit_is_an_overflow_not_a_wrapped_number() {
    fails_with(
        "len((-9223372036854775807 - 1)..9223372036854775807)\n",
        "integer overflow",
    );
}

#[test]
fn one_list_shared_many_times_is_refused_before_printing() {
    let script = "let a = [i for i in 0..100000]\n[a for i in 0..100000]\n";
    fails_with(script, "this result is too long to print");
    let output = run_capped(script, &["--format", "json"], 60);
    assert_eq!(output.status.code(), Some(1));
    fails_with(
        "let a = [i for i in 0..100000]\nprint([a for i in 0..100000])\n",
        "too long to print",
    );
}

/// A `def` calling itself twice per level, 2^60 calls.
const EXPONENTIAL: &str =
    "def f(n, s) = if n == 0 then s % 7 else f(n - 1, s) + f(n - 1, s + 1)\nf(60, 5000)\n";

#[test]
fn exponential_recursion_of_a_def_stops_on_ctrl_c() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("fib.sg");
    // The program of the printed value runs the calls (the second
    // argument is past what its memo keeps), and gives up on the
    // interruption, which the evaluator then reports.
    let script = EXPONENTIAL;
    std::fs::write(&path, script).expect("written");
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sprague starts");
    std::thread::sleep(Duration::from_millis(1500));
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let started = Instant::now();
    let output = child.wait_with_output().expect("sprague ends");
    assert!(started.elapsed() < Duration::from_secs(10));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
}

#[test]
fn escape_sequences_in_comments_are_shown_not_sent_to_the_terminal() {
    let script = "1 + # \u{1b}]0;owned\u{7} \u{1b}[2J \u{9b}\n";
    let output = run_capped(script, &[], 60);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("# ␛]0;owned␇ ␛[2J \u{fffd}"), "{stderr}");
    assert!(
        !stderr.chars().any(|c| c.is_control() && c != '\n'),
        "{stderr:?}"
    );
    // The column is the one an editor shows: one character for each control.
    assert!(stderr.contains("hostile.sg:1:24"), "{stderr}");
}

#[test]
fn strings_printed_to_a_terminal_show_their_control_characters() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("print.sg");
    std::fs::write(&path, "print(\"a\u{1b}[2Jb\")\n\"\u{1b}]0;x\u{7}\"\n").expect("written");
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command.arg(&path).env("NO_COLOR", "1");
    let mut pty = rexpect::session::spawn_command(command, Some(10_000)).expect("a terminal");
    // The terminal's bytes, read one character per byte.
    let bytes: Vec<u8> = pty
        .exp_eof()
        .expect("the script ends")
        .chars()
        .map(|c| c as u8)
        .collect();
    let shown = String::from_utf8_lossy(&bytes);
    assert!(shown.contains("a␛[2Jb"), "{shown:?}");
    assert!(shown.contains("␛]0;x␇"), "{shown:?}");
    assert!(!shown.contains('\u{1b}'), "{shown:?}");
    // To a pipe or a file the bytes are the script's, unchanged.
    let piped = run_capped("print(\"a\u{1b}b\")\n", &[], 60);
    assert_eq!(piped.stdout, b"a\x1bb\n");
}

#[test]
fn a_failed_write_to_standard_output_is_an_error() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("out.sg");
    std::fs::write(&path, "print(1)\n2\n").expect("written");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg(&path)
        .stdout(full)
        .output()
        .expect("sprague runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write the output"), "{stderr}");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["--emit", "ir", "-e", "game G(n) = < G(m) for m in 0..n >"])
        .stdout(full)
        .output()
        .expect("sprague runs");
    assert_eq!(output.status.code(), Some(1));
}

/// Runs `script` in `dir` (where `plot` writes) and returns its output.
fn run_in(dir: &std::path::Path, script: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["-e", script])
        .current_dir(dir)
        .output()
        .expect("sprague runs")
}

#[test]
fn plot_never_follows_a_symbolic_link() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("target.txt"), "keep me\n").expect("written");
    std::os::unix::fs::symlink("target.txt", dir.path().join("link.svg")).expect("a link");
    for script in [
        "def f(n) = n\nplot(f, 0..5, \"link.svg\")",
        "def f(n) = n\nplot(f, 0..5, \"link.svg\", true)",
    ] {
        let output = run_in(dir.path(), script);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("symbolic link"), "{stderr}");
    }
    let kept = std::fs::read_to_string(dir.path().join("target.txt")).expect("still there");
    assert_eq!(kept, "keep me\n");
    let link = std::fs::symlink_metadata(dir.path().join("link.svg")).expect("still there");
    assert!(link.file_type().is_symlink());
}

#[test]
fn plot_replaces_only_its_own_pictures_unless_asked_and_says_where_it_wrote() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("f.svg");
    std::fs::write(&path, "<svg>someone else's</svg>\n").expect("written");
    let output = run_in(dir.path(), "def f(n) = n\nplot(f, 0..5, \"f.svg\")");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("was not drawn by plot"), "{stderr}");
    assert!(
        stderr.contains("pass true as a fourth argument"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("kept"),
        "<svg>someone else's</svg>\n"
    );

    let output = run_in(dir.path(), "def f(n) = n\nplot(f, 0..5, \"f.svg\", true)");
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let written = std::fs::canonicalize(&path).expect("written");
    assert_eq!(stderr, format!("plot: wrote {}\n", written.display()));
    // A picture plot drew may be drawn again without asking.
    let output = run_in(dir.path(), "def f(n) = n + 1\nplot(f, 0..5, \"f.svg\")");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = std::fs::read_to_string(&path).expect("written");
    assert!(roxmltree::Document::parse(&svg).is_ok());
    let leftovers = std::fs::read_dir(dir.path()).expect("listed").count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
}

#[test]
fn a_string_doubled_in_a_loop_stops_at_the_limit() {
    let long = "x".repeat(1000);
    let script =
        format!("def s(n) = if n == 0 then \"{long}\" else s(n - 1) + s(n - 1)\nlen(s(30))\n");
    fails_with(&script, "a string of more than 50000000 bytes");
}

#[test]
fn max_time_ends_exponential_work_with_a_limit_error() {
    // The program of the printed value runs the calls (the second
    // argument is past what its memo keeps), and gives up on the
    // interruption, which the evaluator then reports.
    let script = EXPONENTIAL;
    let started = Instant::now();
    let output = run_capped(script, &["--max-time", "1"], 20);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the time limit of 1 s was reached"),
        "{stderr}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    let quick = run_capped("print(1)\n", &["--max-time", "5"], 20);
    assert_eq!(quick.stdout, b"1\n");
}

/// A two-heap position with an argument near the integers' end is no box
/// to fill, however thin: its search meets the overflow and says so.
#[test]
fn a_two_heap_position_at_the_integers_end_is_an_overflow() {
    let wythoff_like =
        "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n";
    for query in ["W(1, 9223372036854775807)", "W(9223372036854775807, 0)"] {
        fails_with(
            &format!("{wythoff_like}print(g({query}))"),
            "integer overflow",
        );
    }
}

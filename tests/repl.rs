//! The REPL driven as a person would: the real binary in a pseudo-terminal,
//! keys sent, the screen read.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rexpect::session::{PtySession, spawn_command};
use tempfile::TempDir;

/// Generous, for debug builds on a busy machine; a passing test waits far
/// less.
const TIMEOUT_MS: u64 = 30_000;

/// A REPL in a pseudo-terminal, with a home directory of its own.
struct Repl {
    pty: PtySession,
    home: TempDir,
}

fn temporary_directory() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temporary directory: {e}"))
}

/// Starts `sprague ARGS` in `cwd` with `home` as `$HOME` and waits for
/// `ready` on the screen; `configure` may change the environment further.
fn start_in(
    home: TempDir,
    cwd: &Path,
    args: &[&str],
    ready: &str,
    configure: impl FnOnce(&mut Command),
) -> Repl {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command
        .args(args)
        .current_dir(cwd)
        .env("HOME", home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME")
        .env_remove("SPRAGUE_HISTORY");
    configure(&mut command);
    let pty = spawn_command(command, Some(TIMEOUT_MS))
        .unwrap_or_else(|e| panic!("cannot start the REPL: {e}"));
    let mut repl = Repl { pty, home };
    repl.expect(ready);
    repl
}

/// What the REPL shows when it is ready (without `-i`).
const BANNER: &str = "Ctrl-D to leave";

/// A REPL whose history goes to a file in its temporary home.
fn start(args: &[&str]) -> Repl {
    let home = temporary_directory();
    let cwd = home.path().to_path_buf();
    start_in(home, &cwd, args, BANNER, |_| {})
}

impl Repl {
    /// Types `keys` as they are (`\r` is Enter, `\t` is Tab).
    fn send(&mut self, keys: &str) {
        self.pty
            .send(keys)
            .and_then(|_| self.pty.flush())
            .unwrap_or_else(|e| panic!("cannot type {keys:?}: {e}"));
    }

    /// Types a line and presses Enter.
    fn line(&mut self, text: &str) {
        self.send(&format!("{text}\r"));
    }

    /// Waits for `text` on the screen; returns what came before it.
    fn expect(&mut self, text: &str) -> String {
        self.pty
            .exp_string(text)
            .unwrap_or_else(|e| panic!("did not see {text:?}: {e}"))
    }

    /// Waits for a line of output that is exactly `text`.
    fn expect_line(&mut self, text: &str) {
        self.expect(&format!("\r\n{text}\r\n"));
    }

    /// Waits for the prompt, presses Ctrl-D and waits for the REPL to end.
    /// The prompt is drawn once the line editor reads keys one by one: a
    /// Ctrl-D sent earlier meets the terminal's line mode and is lost.
    fn leave(mut self) -> TempDir {
        self.expect("sg> ");
        self.send("\x04");
        self.pty
            .exp_eof()
            .unwrap_or_else(|e| panic!("the REPL did not end on Ctrl-D: {e}"));
        self.home
    }
}

#[test]
fn a_definition_typed_over_three_lines_then_its_values() {
    let mut repl = start(&[]);
    repl.line("game S(n) = <");
    repl.expect("\r\n... ");
    repl.line("S(n - k) for k in 1..=3 if k <= n");
    repl.line(">");
    // Subtraction of 1, 2 or 3: the values are n mod 4.
    repl.line("seq(S, 0..=9)");
    repl.expect_line("[0, 1, 2, 3, 0, 1, 2, 3, 0, 1]");
    repl.leave();
}

#[test]
fn an_empty_line_submits_an_unfinished_entry_as_an_error() {
    let mut repl = start(&[]);
    repl.line("g(*1");
    repl.expect("\r\n... ");
    repl.line("");
    repl.expect("this `(` is never closed");
    repl.line("g(*1 + *1)");
    repl.expect_line("0");
    repl.leave();
}

#[test]
fn an_error_is_shown_against_the_entry_and_the_session_goes_on() {
    let mut repl = start(&[]);
    repl.line("let k = 5");
    repl.line("g(k)");
    repl.expect("expected a game, found the integer 5");
    repl.expect("<repl:2>");
    repl.expect("write `*5` for a nim heap of size 5");
    // 3 xor 5, and the `let` from before the error is still there.
    repl.line("g(*3 + *k)");
    repl.expect_line("6");
    repl.leave();
}

#[test]
fn tab_completes_a_defined_name() {
    let mut repl = start(&[]);
    repl.line("game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >");
    repl.send("g(Kay\t");
    repl.expect("g(Kayles");
    // Kayles values 0..11: 0 1 2 3 1 4 3 2 1 4 2 6 (Winning Ways).
    repl.line("(11))");
    repl.expect_line("6");
    repl.leave();
}

#[test]
fn ctrl_c_stops_a_long_evaluation_and_keeps_the_definitions() {
    let mut repl = start(&[]);
    repl.line("let k = 7");
    // A game of a billion positions: only the position limit would stop
    // it.
    repl.line("game Up(n) = < Up(n + 1) if n < 1000000000 >");
    repl.line("g(Up(0))");
    std::thread::sleep(Duration::from_millis(1500));
    let pressed = Instant::now();
    repl.send("\x03");
    repl.expect("interrupted");
    let waited = pressed.elapsed();
    assert!(waited < Duration::from_secs(3), "Ctrl-C took {waited:?}");
    let asked = Instant::now();
    repl.line("k * 6");
    repl.expect_line("42");
    let answered = asked.elapsed();
    assert!(
        answered < Duration::from_secs(3),
        "the next entry took {answered:?}"
    );
    // The interrupted game can be asked about again, from a clean state.
    repl.line("options(Up(3))");
    repl.expect_line("[Up(4)]");
    repl.leave();
}

#[test]
fn ctrl_c_at_the_prompt_drops_the_line() {
    let mut repl = start(&[]);
    repl.send("g(*1 + *1 + ");
    repl.expect("g(*1 + *1 + ");
    repl.send("\x03");
    // rustyline drops keys that arrive together with the Ctrl-C.
    std::thread::sleep(Duration::from_millis(300));
    repl.line("g(*2)");
    repl.expect_line("2");
    repl.leave();
}

fn default_history(home: &Path) -> PathBuf {
    home.join(".local")
        .join("share")
        .join("sprague")
        .join("history")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn history_is_kept_in_the_data_directory_and_read_back_next_time() {
    let cwd = temporary_directory();
    let mut repl = start_in(temporary_directory(), cwd.path(), &[], BANNER, |_| {});
    repl.line("game P = <\n>");
    repl.line("g(*1 + *2)");
    repl.expect_line("3");
    let home = repl.leave();
    let history = read(&default_history(home.path()));
    // One entry a line, a multi-line entry with its newline escaped.
    assert!(
        history.ends_with("game P = <\\n    >\ng(*1 + *2)\n"),
        "history: {history:?}"
    );
    // Nothing is written where the REPL was started.
    let left_here: Vec<_> = std::fs::read_dir(cwd.path())
        .into_iter()
        .flatten()
        .collect();
    assert!(
        left_here.is_empty(),
        "files in the current directory: {left_here:?}"
    );
    // The next session finds the entries with Up.
    let mut repl = start_in(home, cwd.path(), &[], BANNER, |_| {});
    repl.send("\x1b[A\r");
    repl.expect_line("3");
    repl.leave();
}

#[test]
fn the_history_variable_and_xdg_data_home_choose_the_file() {
    let elsewhere = temporary_directory();
    let file = elsewhere.path().join("my-history");
    let set = file.clone();
    let cwd = temporary_directory();
    let mut repl = start_in(temporary_directory(), cwd.path(), &[], BANNER, move |c| {
        c.env("SPRAGUE_HISTORY", &set);
    });
    repl.line("outcome(*0)");
    repl.expect_line("P");
    let home = repl.leave();
    assert!(read(&file).contains("outcome(*0)\n"));
    assert!(!default_history(home.path()).exists());

    let data = elsewhere.path().join("data");
    let set = data.clone();
    let mut repl = start_in(home, cwd.path(), &[], BANNER, move |c| {
        c.env("XDG_DATA_HOME", &set);
    });
    repl.line("outcome(*1)");
    repl.expect_line("N");
    repl.leave();
    assert!(read(&data.join("sprague").join("history")).contains("outcome(*1)\n"));
}

#[test]
fn dash_i_loads_a_script_and_reload_runs_it_again() {
    let home = temporary_directory();
    let script = home.path().join("s.sg");
    let write = |text: &str| {
        std::fs::write(&script, text).unwrap_or_else(|e| panic!("cannot write the script: {e}"))
    };
    write("game S(n) = < S(n - k) for k in 1..=2 if k <= n >\nseq(S, 0..=5)\n");
    let cwd = home.path().to_path_buf();
    // Subtraction of 1 or 2: n mod 3.
    let mut repl = start_in(home, &cwd, &["-i", "s.sg"], "[0, 1, 2, 0, 1, 2]", |_| {});
    repl.expect("loaded s.sg");
    repl.line("g(S(7))");
    repl.expect_line("1");
    // Subtraction of 1, 2 or 3 now: n mod 4.
    write("game S(n) = < S(n - k) for k in 1..=3 if k <= n >\n");
    repl.line(":reload");
    repl.expect("loaded s.sg");
    repl.line("g(S(7))");
    repl.expect_line("3");
    repl.line(":info S");
    repl.expect("8 positions cached");
    repl.expect("computed by integer program; passes: short loops unrolled");
    repl.leave();
}

#[test]
fn ir_shows_how_a_game_is_computed() {
    let mut repl = start(&[]);
    repl.line("def allowed(k) = k % 3 != 0");
    repl.line("game S(n) = < S(n - k) for k in 1..=30 if allowed(k) and k <= n >");
    repl.line(":ir S");
    repl.expect("game S(n): integer program; passes: conjunctions split, constant filters folded");
    let moves = "1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 28, 29";
    repl.expect_line(&format!(
        "  S(n - k) for k in [{moves}] within 1..min(30, n + 1)"
    ));
    repl.line("game L(xs) = < L(xs[1..len(xs)]) if len(xs) > 0 >");
    repl.line(":ir L");
    repl.expect_line("game L(xs): list program");
    repl.expect("  L(xs[1..len(xs)]) if len(xs) > 0\r\n");
    repl.line("let M = [[], [0], [0, 1]]");
    repl.line("game U(n) = < U(m) for m in M[n] >");
    repl.line(":ir U");
    repl.expect_line("game U(n): integer program");
    repl.expect("  U(m) for m in M[n]\r\n");
    repl.line("let E = {\"a\": [\"b\"], \"b\": []}");
    repl.line("game V(x) = < V(y) for y in E[x] >");
    repl.line(":ir V");
    repl.expect("game V(x): generic search: a list taken out of `E`, not a list of lists");
    repl.line(":ir allowed");
    repl.expect("`allowed` is not a game");
    repl.leave();
}

/// A family of lists that keep their length shows the instance made for
/// each length asked for: in `:info`, one line each, and in `:ir`, with
/// its program.
#[test]
fn info_and_ir_show_the_instances_of_a_family_of_lists() {
    let mut repl = start(&[]);
    repl.line(
        "game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >",
    );
    repl.line("g(N([3, 4, 5]))");
    repl.expect_line("2");
    repl.line(":info N");
    repl.expect("computed by list program");
    repl.expect(
        "instance N(p of length 3): integer program; passes: a list that keeps its length read \
         as a board",
    );
    repl.line(":ir N");
    repl.expect("  instance N(p of length 3): integer program");
    repl.expect("    N([p[0] - k, p[1], p[2]]) for k in 1..=p[0]\r\n");
    repl.leave();
}

#[test]
fn reload_reaches_the_definitions_typed_since() {
    let home = temporary_directory();
    let script = home.path().join("m.sg");
    let write = |text: &str| {
        std::fs::write(&script, text).unwrap_or_else(|e| panic!("cannot write the script: {e}"))
    };
    write("let M = [1]\n");
    let cwd = home.path().to_path_buf();
    let mut repl = start_in(home, &cwd, &["-i", "m.sg"], "loaded m.sg", |_| {});
    repl.line("def f(n) = M");
    repl.line("game S(n) = < S(n - k) for k in M if k <= n >");
    repl.line("[f(0), seq(S, 0..=5)]");
    repl.expect_line("[[1], [0, 1, 0, 1, 0, 1]]");
    write("let M = [2]\n");
    repl.line(":reload");
    repl.expect("loaded m.sg");
    repl.line("[f(0), seq(S, 0..=5)]");
    repl.expect_line("[[2], [0, 0, 1, 1, 0, 0]]");
    repl.leave();
}

#[test]
fn commands_list_and_forget() {
    let mut repl = start(&[]);
    repl.line("game S(n) = < S(n - 1) if n > 0 >");
    repl.line("def double(x) = 2 * x");
    repl.line(":defs");
    repl.expect("game S(n)\r\ndef double(x)\r\n");
    repl.line("g(S(99))");
    repl.expect_line("1");
    repl.line(":stats");
    repl.expect("100 positions cached, 100 of them with known values");
    repl.line(":clear");
    repl.expect("forgot 100 positions");
    repl.line(":stats");
    repl.expect("0 positions cached");
    repl.line(":lod x");
    repl.expect("unknown command `:lod`; did you mean `:load`?");
    repl.line(":q");
    repl.pty
        .exp_eof()
        .unwrap_or_else(|e| panic!("the REPL did not end on :q: {e}"));
}

#[test]
fn piped_standard_input_runs_as_a_script() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .env("SPRAGUE_HISTORY", "")
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start sprague: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"game S(n) = <\n  S(n - 1) if n > 0\n>\nseq(S, 0..=3)\n");
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("sprague did not finish: {e}"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "[0, 1, 0, 1]\n");
    assert!(output.status.success());
}

#[test]
fn help_on_a_builtin_and_underscore_for_the_last_result() {
    let mut repl = start(&[]);
    repl.line(":help seq");
    repl.expect("seq(F, r)  (built-in)");
    repl.expect("# for example:");
    repl.expect_line("seq(octal(\"0.77\"), 0..=8)  # [0, 1, 2, 3, 1, 4, 3, 2, 1]");
    repl.line(":info mex");
    repl.expect("the least non-negative integer not in");
    repl.line(":help nosuch");
    repl.expect("nothing is called `nosuch`");
    repl.line("g(*3 + *5)");
    repl.expect_line("6");
    repl.line("_ * 7");
    repl.expect_line("42");
    repl.line("[_, _ + 1]");
    repl.expect_line("[42, 43]");
    repl.leave();
}

#[test]
fn an_entry_imports_a_file_from_the_current_directory_and_bare_help_gets_a_hint() {
    let home = temporary_directory();
    let cwd = home.path().to_path_buf();
    std::fs::write(
        cwd.join("moves.sg"),
        "game Sub(n) = < Sub(n - k) for k in 1..=n if k in {1, 3, 4} >\nprint(\"not run\")\n",
    )
    .unwrap_or_else(|e| panic!("cannot write the library: {e}"));
    let mut repl = start_in(home, &cwd, &[], BANNER, |_| {});
    repl.line("import \"moves.sg\"");
    repl.line("seq(Sub, 0..8)");
    repl.expect_line("[0, 1, 0, 1, 2, 3, 2, 0]");
    repl.line("help");
    repl.expect("type `:help` (with the colon)");
    repl.leave();
}

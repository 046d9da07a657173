//! No input may panic the interpreter. Random bytes and random soups of the
//! grammar's tokens go through parse → lower → evaluate with small limits
//! and a watchdog that presses Ctrl-C after a moment; any panic fails.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use sprague::engine::Limits;
use sprague::run::{Captured, Settings, run_script, with_big_stack};

const TOKENS: &[&str] = &[
    "game",
    "def",
    "let",
    "assert",
    "if",
    "then",
    "else",
    "for",
    "in",
    "and",
    "or",
    "not",
    "true",
    "false",
    "S",
    "n",
    "k",
    "x",
    "Kayles",
    "W",
    "g",
    "seq",
    "options",
    "winning",
    "tree",
    "mex",
    "table",
    "len",
    "sort",
    "sum",
    "min",
    "print",
    "outcome",
    "0",
    "1",
    "3",
    "7",
    "9223372036854775807",
    "99999999999999999999",
    "\"a\"",
    "\"",
    "+",
    "-",
    "*",
    "/",
    "%",
    "^",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "..",
    "..=",
    "=",
    ",",
    ";",
    ":",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\n",
    "# note\n",
    "$",
];

/// Definitions that give token soups something to evaluate.
const PRELUDE: &str = "game S(n) = < S(n - k) for k in 1..=3 if k <= n >
game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >
game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >
def f(x) = if x > 0 then f(x - 1) + 1 else 0
";

/// Runs `text` with small limits; returns normally unless something panics.
fn run_bounded(text: String) {
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if finished.recv_timeout(Duration::from_millis(300)).is_err() {
            flag.store(true, Ordering::Relaxed);
        }
    });
    let settings = Settings {
        limits: Limits {
            max_positions: 20_000,
            max_list_len: 20_000,
            max_depth: 200,
            max_memory: 1 << 30,
        },
        ..Settings::default()
    };
    let _ = with_big_stack(move || {
        run_script(
            "fuzz.sg",
            &text,
            &settings,
            interrupt,
            Box::new(Captured::default()),
        )
    });
    let _ = done.send(());
    let _ = watchdog.join();
}

fn soup() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop::collection::vec(prop::sample::select(TOKENS), 1..40),
    )
        .prop_map(|(prelude, tokens)| {
            let body = tokens.join(" ");
            if prelude {
                format!("{PRELUDE}{body}")
            } else {
                body
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        run_bounded(String::from_utf8_lossy(&bytes).into_owned());
    }

    #[test]
    fn token_soups_never_panic(text in soup()) {
        run_bounded(text);
    }
}

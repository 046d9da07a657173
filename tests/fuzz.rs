//! No input may panic the interpreter. Random bytes and random soups of the
//! grammar's tokens go through parse → lower → evaluate with small limits
//! and a watchdog that presses Ctrl-C after a moment; any panic fails.
//!
//! Then programs from a grammar-aware generator (tests/fuzzgen), typed
//! programs and mutations of the examples and error cases, must each end
//! cleanly within their budget, every error located in the user's file and
//! every line of `--format json` output valid JSON. `fuzz_generated` runs
//! 5,000 of them in process; `fuzz_long` (ignored: `cargo test --release
//! --test fuzz -- --ignored fuzz_long`) runs 30,000 through the binary,
//! `FUZZ_PROGRAMS` and `FUZZ_SEED` to change, and prints counts by class.

mod fuzzgen;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use sprague::engine::Limits;
use sprague::run::{Captured, Settings, run_script};
use sprague::stack::with_big_stack;

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

/// How one run of a generated program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Class {
    Success,
    CleanError,
    LimitError,
    UsageError,
    Interrupted,
    Panic,
    StackOverflow,
    Crash,
    BadStatus,
    MemoryHit,
    Timeout,
    BadLocation,
    BadJson,
}

impl Class {
    /// A defect of the interpreter rather than an answer or an error.
    fn is_defect(self) -> bool {
        !matches!(
            self,
            Class::Success
                | Class::CleanError
                | Class::LimitError
                | Class::UsageError
                | Class::Interrupted
        )
    }
}

/// Classifies a run that ended with a status, from its output and
/// rendered errors (`name` is the file name the program ran under).
fn classify(name: &str, text: &str, stdout: &str, errors: &str, json: bool) -> Class {
    if json
        && stdout
            .lines()
            .any(|l| serde_json::from_str::<serde_json::Value>(l).is_err())
    {
        return Class::BadJson;
    }
    if errors.is_empty() {
        return Class::Success;
    }
    if !located(name, text, errors) {
        return Class::BadLocation;
    }
    if errors.contains("Error: interrupted") {
        Class::Interrupted
    } else if errors.contains("of memory") || errors.contains("positions were needed") {
        Class::LimitError
    } else {
        Class::CleanError
    }
}

/// Whether every diagnostic in `errors` names `name:line:col` with a line
/// of `text` (only `\n` ends a line) and a column within it.
fn located(name: &str, text: &str, errors: &str) -> bool {
    let lines: Vec<&str> = text.split('\n').collect();
    let headers: Vec<&str> = errors
        .lines()
        .filter_map(|l| {
            l.split_once("─[ ")
                .map(|(_, rest)| rest.trim_end_matches(" ]"))
        })
        .collect();
    let diagnostics = errors.lines().filter(|l| l.starts_with("Error")).count();
    if diagnostics == 0 || headers.len() < diagnostics {
        return false;
    }
    headers.iter().all(|header| {
        let Some(rest) = header.strip_prefix(&format!("{name}:")) else {
            return false;
        };
        let mut parts = rest.split(':').map(|p| p.parse::<usize>().ok());
        match (parts.next().flatten(), parts.next().flatten()) {
            (Some(line), Some(col)) if line >= 1 && line <= lines.len() => {
                col >= 1 && col <= lines[line - 1].chars().count() + 1
            }
            _ => false,
        }
    })
}

/// The budget of one run through the binary.
struct Budget {
    /// Ctrl-C (SIGINT) is sent after this long.
    patience: Duration,
    /// A run still going this long after Ctrl-C is a timeout.
    grace: Duration,
    /// `--max-memory` of the run; resident memory past twice this and the
    /// evaluation stack (bounded on its own) is a memory hit: the budget
    /// failed to stop the run.
    memory: u64,
    max_positions: u64,
}

/// Resident memory of process `pid` in bytes, from /proc (0 if unknown).
fn resident(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// Runs `text` as `fuzz.sg` through the binary, in `dir`, within `budget`.
fn run_binary(dir: &std::path::Path, text: &str, json: bool, budget: &Budget) -> Class {
    use std::process::{Command, Stdio};
    let file = dir.join("fuzz.sg");
    std::fs::write(&file, text).expect("the temporary directory is writable");
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command
        .current_dir(dir)
        .args(["--max-positions", &budget.max_positions.to_string()])
        .args(["--max-memory", &budget.memory.to_string()])
        .args(["--format", if json { "json" } else { "text" }])
        .arg("fuzz.sg")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the binary runs");
    let pid = child.id();
    // Read both pipes on threads so that a chatty run cannot block.
    let out = child.stdout.take().expect("piped");
    let err = child.stderr.take().expect("piped");
    let reader = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let (stdout, stderr) = (reader(Box::new(out)), reader(Box::new(err)));
    let started = std::time::Instant::now();
    let (mut interrupted, mut polls) = (false, 0u64);
    let mut verdict = None;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break Some(status);
        }
        let elapsed = started.elapsed();
        polls += 1;
        if polls % 16 == 0 && resident(pid) > 2 * budget.memory + sprague::stack::STACK_BYTES as u64
        {
            verdict = Some(Class::MemoryHit);
        } else if elapsed > budget.patience + budget.grace {
            verdict = Some(Class::Timeout);
        } else if elapsed > budget.patience && !interrupted {
            let _ = Command::new("kill")
                .args(["-INT", &pid.to_string()])
                .status();
            interrupted = true;
        }
        if verdict.is_some() {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let (stdout, stderr) = (
        stdout.join().unwrap_or_default(),
        stderr.join().unwrap_or_default(),
    );
    if let Some(class) = verdict {
        return class;
    }
    use std::os::unix::process::ExitStatusExt;
    let status = status.expect("ended");
    match status.code() {
        Some(0) if stderr.is_empty() => classify("fuzz.sg", text, &stdout, "", json),
        Some(1) if !stderr.contains("panicked") => {
            classify("fuzz.sg", text, &stdout, &stderr, json)
        }
        Some(2) => Class::UsageError,
        Some(101) => Class::Panic,
        Some(_) => Class::BadStatus,
        None if stderr.contains("overflowed its stack") => Class::StackOverflow,
        None if status.signal() == Some(2) => Class::Interrupted,
        None => Class::Crash,
    }
}

fn corpus() -> Vec<String> {
    fuzzgen::corpus(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// Runs the programs of `seeds` on `workers` threads; returns the counts by
/// class and the seeds whose runs were defects.
fn campaign(
    seeds: std::ops::Range<u64>,
    workers: u64,
    budget: &Budget,
) -> (std::collections::BTreeMap<Class, usize>, Vec<(u64, Class)>) {
    let corpus = corpus();
    let results = std::sync::Mutex::new((std::collections::BTreeMap::new(), Vec::new()));
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let (corpus, results, seeds) = (&corpus, &results, seeds.clone());
            scope.spawn(move || {
                let dir = tempfile::tempdir().expect("a temporary directory");
                for seed in seeds.filter(|s| s % workers == worker) {
                    let text = fuzzgen::program(seed, corpus);
                    let class = run_binary(dir.path(), &text, seed % 2 == 0, budget);
                    let mut results = results.lock().expect("no worker panics");
                    *results.0.entry(class).or_insert(0) += 1;
                    if class.is_defect() {
                        results.1.push((seed, class));
                    }
                }
            });
        }
    });
    let (counts, mut hard) = results.into_inner().expect("no worker panics");
    hard.sort();
    (counts, hard)
}

/// Counts by class and the seeds of every defect, printed for the record.
fn report(counts: &std::collections::BTreeMap<Class, usize>, hard: &[(u64, Class)]) -> String {
    let mut out = String::new();
    for (class, count) in counts {
        out += &format!("{class:?}: {count}\n");
    }
    for (seed, class) in hard.iter().take(100) {
        out += &format!("hard seed {seed}: {class:?}\n");
    }
    out
}

/// Asserts a campaign found no defect, printing the counts by class and
/// the seeds of the defects.
fn assert_clean(counts: &std::collections::BTreeMap<Class, usize>, hard: &[(u64, Class)]) {
    let summary = report(counts, hard);
    eprintln!("{summary}");
    assert!(hard.is_empty(), "defects:\n{summary}");
    let of = |class| counts.get(&class).copied().unwrap_or(0);
    assert!(
        of(Class::Success) > 0 && of(Class::CleanError) > 0,
        "no variety:\n{summary}"
    );
}

#[test]
fn fuzz_generated() {
    let budget = Budget {
        patience: Duration::from_millis(200),
        grace: Duration::from_secs(10),
        memory: 512 << 20,
        max_positions: 50_000,
    };
    let started = std::time::Instant::now();
    let (counts, hard) = campaign(0..5_000, 2, &budget);
    eprintln!("5,000 programs in {:?}", started.elapsed());
    assert_clean(&counts, &hard);
}

/// The long run: `cargo test --release --test fuzz -- --ignored fuzz_long
/// --nocapture` (30,000 programs; `FUZZ_PROGRAMS`, `FUZZ_SEED` for others).
#[test]
#[ignore]
fn fuzz_long() {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (first, count) = (
        number("FUZZ_SEED", 1_000_000),
        number("FUZZ_PROGRAMS", 30_000),
    );
    let budget = Budget {
        patience: Duration::from_secs(5),
        grace: Duration::from_secs(25),
        memory: 1 << 30,
        max_positions: 1_000_000,
    };
    let started = std::time::Instant::now();
    let (counts, hard) = campaign(first..first + count, 2, &budget);
    eprintln!(
        "{count} programs from seed {first} in {:?}",
        started.elapsed()
    );
    assert_clean(&counts, &hard);
}

/// Prints the program of `FUZZ_SEED`, to replay a hard seed by hand:
/// `FUZZ_SEED=226 cargo test --release --test fuzz -- --ignored fuzz_show --nocapture`.
#[test]
#[ignore]
fn fuzz_show() {
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    print!("{}", fuzzgen::program(seed, &corpus()));
}

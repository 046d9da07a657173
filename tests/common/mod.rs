//! Helpers shared by the mathematical test suites: running a script with
//! JSON output, and the one mex every reference computation is built on.

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde_json::Value as Json;
use sprague::engine::Limits;
use sprague::engine::kernel::Kernel;
use sprague::interp::Interp;
use sprague::printer::Format;
use sprague::resolve::Redefine;
use sprague::resolve::program::Global;
use sprague::run::{Settings, run_to_strings};

/// Runs `script` with JSON output and returns one parsed value per printed
/// line; a failed run fails the test with the script and its diagnostics.
pub fn run_json(script: &str) -> Vec<Json> {
    run_json_with(script, Settings::default())
}

/// `run_json` with other settings (the format is always JSON).
pub fn run_json_with(script: &str, settings: Settings) -> Vec<Json> {
    let settings = Settings {
        format: Format::Json,
        ..settings
    };
    let (stdout, errors) = run_to_strings("test.sg", script, settings);
    if let Some(errors) = errors {
        panic!("the script failed:\n{script}\n--- diagnostics ---\n{errors}");
    }
    stdout
        .lines()
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("line {line:?} is not JSON ({e}) in:\n{script}"))
        })
        .collect()
}

/// A JSON array of non-negative integers, as `seq` and `g` lists print.
pub fn ints(value: &Json) -> Vec<u64> {
    let items = value
        .as_array()
        .unwrap_or_else(|| panic!("expected a JSON array, got {value}"));
    items
        .iter()
        .map(|item| {
            item.as_u64()
                .unwrap_or_else(|| panic!("expected a non-negative integer, got {item}"))
        })
        .collect()
}

/// The least non-negative integer not among `values`: the reference mex,
/// written the obvious way so that it cannot share a bug with the engine's.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let present: std::collections::HashSet<u64> = values.into_iter().collect();
    (0..)
        .find(|candidate| !present.contains(candidate))
        .unwrap_or(u64::MAX)
}

/// The values of the subtraction game whose moves from `n` are `moves(n)`
/// (each at most `n`), up to `last`, by a plain memo.
pub fn subtraction<I: IntoIterator<Item = usize>>(
    last: usize,
    moves: impl Fn(usize) -> I,
) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let options = moves(n).into_iter().map(|k| values[n - k]);
        values.push(mex(options));
    }
    values
}

/// The one line a `seq` script prints, as integers.
pub fn single_sequence(script: &str) -> Vec<u64> {
    single_sequence_with(script, Settings::default())
}

/// The one line a `seq` script prints when every family is computed by the
/// generic search: the reference for the integer programs.
pub fn generic_sequence(script: &str) -> Vec<u64> {
    let settings = Settings {
        generic_only: true,
        ..Default::default()
    };
    single_sequence_with(script, settings)
}

fn single_sequence_with(script: &str, settings: Settings) -> Vec<u64> {
    let lines = run_json_with(script, settings);
    assert_eq!(lines.len(), 1, "expected one result line from:\n{script}");
    ints(&lines[0])
}

/// Asserts two sequences agree value for value, naming the first difference.
pub fn assert_same_sequence(interpreter: &[u64], reference: &[u64], game: &str) {
    assert_eq!(interpreter.len(), reference.len(), "{game}: lengths differ");
    if let Some(n) = (0..reference.len()).find(|&n| interpreter[n] != reference[n]) {
        panic!(
            "{game}({n}): interpreter says {}, reference says {}",
            interpreter[n], reference[n]
        );
    }
}

/// Runs the `sprague` binary with `args`: what it printed on standard
/// output and on standard error.
pub fn run_binary(args: &[&str]) -> (String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("the binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (text(&output.stdout), text(&output.stderr))
}

/// What `script` prints and reports with the integer and list programs,
/// and with the generic search alone: for a display, its options from the
/// programs, then from the evaluator of the definitions.
pub fn with_and_without_programs(
    script: &str,
) -> ((String, Option<String>), (String, Option<String>)) {
    let run = |settings| run_to_strings("test.sg", script, settings);
    let generic = Settings {
        generic_only: true,
        ..Default::default()
    };
    (run(Settings::default()), run(generic))
}

/// What `script` prints and the error it reports, both the same with the
/// integer and list programs as with the generic search alone; it must
/// fail somewhere.
pub fn assert_same_error_as_the_generic_search(script: &str) -> (String, String) {
    let run = |settings| run_to_strings("test.sg", script, settings);
    let generic = Settings {
        generic_only: true,
        ..Default::default()
    };
    let (fast, slow) = (run(Settings::default()), run(generic));
    assert_eq!(fast, slow, "{script}");
    let (printed, error) = fast;
    let error = error.unwrap_or_else(|| panic!("{script} should fail, printed {printed:?}"));
    (printed, error)
}

/// What `script` prints, which is the same with the integer and list
/// programs as with the generic search alone; it fails nowhere.
pub fn assert_same_as_the_generic_search(script: &str) -> String {
    let run = |settings| run_to_strings("test.sg", script, settings);
    let generic = Settings {
        generic_only: true,
        ..Default::default()
    };
    let (fast, slow) = (run(Settings::default()), run(generic));
    assert!(fast.1.is_none(), "{:?}", fast.1);
    assert_eq!(fast, slow);
    fast.0
}

/// The number of positions a `--stats` report gives its first family.
pub fn positions(report: &str) -> usize {
    let line = report
        .lines()
        .find(|l| l.contains(" positions, "))
        .expect("a family");
    let count = line.split(": ").nth(1).and_then(|r| r.split(' ').next());
    count.and_then(|n| n.parse().ok()).expect("a count")
}

/// The number just before `what` in a `--stats` report (`45451 by
/// lines`).
pub fn count_before(report: &str, what: &str) -> u64 {
    let before = report.split(what).next().unwrap_or_default();
    let count = before.rsplit(' ').next().unwrap_or_default();
    count
        .parse()
        .unwrap_or_else(|_| panic!("no count before {what:?}: {report}"))
}

/// What `--emit ir` prints for `script`, which reports no error.
pub fn ir_of(script: &str) -> String {
    let (ir, errors) = run_binary(&["--emit", "ir", "-e", script]);
    assert!(errors.is_empty(), "{errors}");
    ir
}

/// What `script` prints and its `--stats` report, which must say that the
/// programs left no position to the generic search (where a wrong option
/// would hide); `context` names the case on failure.
pub fn run_by_programs_alone(script: &str, context: &str) -> (String, String) {
    let (printed, report) = run_binary(&["--stats", "-e", script]);
    let none = "\n0 positions computed by the generic search";
    assert!(report.contains(none), "{context}\n{report}");
    (printed, report)
}

/// What `script` prints, the same with the generic search alone, the
/// programs leaving it no position.
pub fn printed_by_programs_alone(script: &str) -> String {
    let printed = assert_same_as_the_generic_search(script);
    run_by_programs_alone(script, script);
    printed
}

/// Wythoff's game as a grid: take from one pile, or the same from both.
pub fn wythoff(size: usize) -> Vec<Vec<u64>> {
    plain_grid(size, size, |a, b, values| {
        let from_a = (1..=a).map(|k| values[a - k][b]);
        let from_b = (1..=b).map(|k| values[a][b - k]);
        let from_both = (1..=a.min(b)).map(|k| values[a - k][b - k]);
        from_a.chain(from_b).chain(from_both).collect()
    })
}

/// The values `g[a][b]` for `a < rows` and `b < cols` of the two-parameter
/// game whose options at `(a, b)` are `options(a, b, &g)`, bottom-up.
pub fn plain_grid(
    rows: usize,
    cols: usize,
    options: impl Fn(usize, usize, &[Vec<u64>]) -> Vec<u64>,
) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; cols]; rows];
    for a in 0..rows {
        for b in 0..cols {
            g[a][b] = mex(options(a, b, &g));
        }
    }
    g
}

/// `examples/chomp.sg`'s Chomp: a bite at row `r`, column `c` cuts every
/// row from `r` up to `c` squares.
pub const CHOMP: &str = "def cut(rows, c) = (if len(rows) == 0 or c == 0 then [] \
                     else [min(rows[0], c)] + cut(rows[1..len(rows)], c))\n\
                     def bite(rows, r, c) = rows[0..r] + cut(rows[r..len(rows)], c)\n\
                     game Chomp(rows) = < Chomp(bite(rows, r, c)) for r in 0..len(rows) \
                     for c in 0..rows[r] if r + c > 0 >";

/// Chomp by hand: a bite at (r, c) cuts rows r and above to c squares.
pub fn chomp(rows: &[i64], memo: &mut HashMap<Vec<i64>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut values = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if r as i64 + c == 0 {
                continue;
            }
            let mut next: Vec<i64> = rows[..r].to_vec();
            next.extend(rows[r..].iter().map(|&x| x.min(c)).filter(|&x| x > 0));
            values.push(chomp(&next, memo));
        }
    }
    let v = mex(values);
    memo.insert(rows.to_vec(), v);
    v
}

/// The options of one position for the plain method: splits `(a, total −
/// a)` plus a heap, for `a` in a range, and single option values.
#[derive(Default)]
pub struct Options {
    pub splits: Vec<(usize, RangeInclusive<usize>, u64)>,
    pub singles: Vec<u64>,
}

/// The plain method: `g(0..=largest)` bottom-up, each value the least
/// value not marked by any option (the plain C program of the benchmark, in
/// Rust).
pub fn plain_with(largest: usize, options: impl Fn(usize, &[u64]) -> Options) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(largest + 1);
    let mut seen = vec![false; 4 * largest + 4];
    for n in 0..=largest {
        let Options { splits, singles } = options(n, &values);
        let mut marked = Vec::new();
        for (total, range, heap) in splits {
            // A plain `while`: iterator adaptors crawl in unoptimised tests.
            let (mut a, last) = range.into_inner();
            while a <= last {
                let value = (values[a] ^ values[total - a] ^ heap) as usize;
                if !seen[value] {
                    seen[value] = true;
                    marked.push(value);
                }
                a += 1;
            }
        }
        for value in singles {
            if !seen[value as usize] {
                seen[value as usize] = true;
                marked.push(value as usize);
            }
        }
        let value = (0..).find(|&v| !seen[v]).unwrap_or(0);
        for v in marked {
            seen[v] = false;
        }
        values.push(value as u64);
    }
    values
}

/// The plain method for a game whose options are the splits `(a, total −
/// a)` for `a` in each of `splits(n)`.
pub fn plain(
    largest: usize,
    splits: impl Fn(usize) -> Vec<(usize, RangeInclusive<usize>)>,
) -> Vec<u64> {
    plain_with(largest, |n, _| Options {
        splits: splits(n).into_iter().map(|(t, r)| (t, r, 0)).collect(),
        singles: Vec::new(),
    })
}

/// Removes `t` in `removals` from a row, leaving `a` and `n − t − a`.
pub fn octal(removals: &[usize], largest: usize) -> Vec<u64> {
    plain(largest, |n| {
        removals
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| (n - t, 0..=n - t))
            .collect()
    })
}

/// The integer program the IR built for `family` in `script`, if any.
pub fn kernel_of(script: &str, family: &str) -> Option<Kernel> {
    let interrupt = Arc::new(AtomicBool::new(false));
    let mut interp = Interp::new(
        Limits::default(),
        interrupt,
        Format::Text,
        Box::new(std::io::sink()),
    );
    if let Err(errors) = interp.run("kernel.sg", script, Redefine::Forbid) {
        panic!("the script failed: {errors:?}");
    }
    let Some(&Global::Family(id)) = interp.program().globals.get(family) else {
        panic!("`{family}` is not a family in:\n{script}");
    };
    interp.plan(id).ok().map(|plan| (*plan.kernel).clone())
}

/// The least period, and its least preperiod, of `g` over its whole length
/// with at least `repeats` whole periods seen.
pub fn plain_period(g: &[u64], repeats: usize) -> (usize, usize) {
    for p in 1..g.len() {
        let mut n0 = g.len() - p;
        while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
            n0 -= 1;
        }
        if g.len() - n0 >= repeats * p {
            return (p, n0);
        }
    }
    panic!("no period in {} values", g.len());
}

/// An interpreter printing in `format` into the buffer returned with it,
/// kept across scripts as the REPL keeps one.
pub fn captured_interp(format: Format) -> (Interp, sprague::run::Captured) {
    let captured = sprague::run::Captured::default();
    let interp = Interp::new(
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
        format,
        Box::new(captured.clone()),
    );
    (interp, captured)
}

/// What an interpreter printed into `captured`.
pub fn printed(captured: &sprague::run::Captured) -> String {
    String::from_utf8_lossy(&captured.0.borrow()).into_owned()
}

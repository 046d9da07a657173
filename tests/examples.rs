//! Every script in `examples/` runs without a diagnostic, and its standard
//! output matches the snapshot `snapshots/examples__stdout@NAME.sg.snap`;
//! its IR (`--emit ir`) matches `snapshots/examples__ir@NAME.sg.snap`, and
//! likewise its resolved definitions (`--emit resolved`) and types.
//!
//! The examples check themselves with `assert` against published values, so
//! a failing script is a failing test; the snapshots pin what they print.
//! A new example needs a reviewed snapshot: under `CI=true` insta refuses to
//! write one and the test fails. Accept new output with
//! `INSTA_UPDATE=always cargo test --test examples` (or `cargo insta review`)
//! and read the `.snap` files before committing them. A snapshot whose
//! example was removed or renamed fails too, so none is left behind.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sprague::run::{Settings, Stage, emit, run_to_strings};

/// Runs each example; a diagnostic fails it, else its stdout is snapshotted.
#[test]
fn stdout() {
    let mut failures = Vec::new();
    insta::glob!("../examples", "*.sg", |path: &Path| {
        let file_name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("examples/{file_name}");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        let (output, errors) = run_to_strings(&shown, &text, Settings::default());
        if let Some(errors) = errors {
            failures.push(format!("{shown} failed:\n{errors}"));
            return;
        }
        insta::with_settings!({
            description => format!("standard output of `sprague {shown}`"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(output);
        });
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How each example's families are computed (`sprague --emit ir`): the
/// integer programs after the passes, or why the generic search is needed.
#[test]
fn ir() {
    snapshot_stage(Stage::Ir, "ir");
}

/// Each example's definitions with their names resolved (`sprague --emit
/// resolved`).
#[test]
fn resolved() {
    snapshot_stage(Stage::Resolved, "resolved");
}

/// The types inferred for each example's definitions (`sprague --emit
/// types`).
#[test]
fn types() {
    snapshot_stage(Stage::Types, "types");
}

/// Snapshots what `--emit {flag}` prints for every example.
fn snapshot_stage(stage: Stage, flag: &str) {
    insta::glob!("../examples", "*.sg", |path: &Path| {
        let file_name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("examples/{file_name}");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        let interrupt = Arc::new(AtomicBool::new(false));
        let emitted = emit(stage, &shown, &text, &Settings::default(), interrupt)
            .unwrap_or_else(|errors| panic!("{shown} failed:\n{errors}"));
        insta::with_settings!({
            description => format!("`sprague --emit {flag} {shown}`"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(flag, emitted);
        });
    });
}

/// The prefixes insta gives the snapshots of [`stdout`], [`ir`],
/// [`resolved`] and [`types`].
const SNAPSHOT_PREFIXES: [&str; 4] = [
    "examples__stdout@",
    "examples__ir@",
    "examples__resolved@",
    "examples__types@",
];

/// insta does not notice a snapshot whose example is gone; this test does.
#[test]
fn every_snapshot_has_its_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let snapshots = std::fs::read_dir(root.join("tests/snapshots"))
        .unwrap_or_else(|error| panic!("cannot list tests/snapshots: {error}"));
    let orphans: Vec<String> = snapshots
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| {
            let example = SNAPSHOT_PREFIXES
                .iter()
                .find_map(|prefix| name.strip_prefix(prefix))?
                .strip_suffix(".snap")?;
            let missing = !root.join("examples").join(example).is_file();
            missing.then_some(name)
        })
        .collect();
    assert!(
        orphans.is_empty(),
        "snapshots without an example (delete them): {orphans:?}"
    );
}

//! `import "file.sg"`: the scripts in `tests/imports/` run from the crate
//! root (as `cargo test` does), each with its output or rendered diagnostic
//! snapshotted; and an import from a REPL entry, relative to the current
//! directory, whose definitions serve later entries.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sprague::engine::Limits;
use sprague::interp::Interp;
use sprague::printer::Format;
use sprague::resolve::Redefine;
use sprague::run::{Captured, Settings, run_to_strings};

/// Runs `tests/imports/NAME.sg` under its path, so that its imports resolve
/// relative to it: (stdout, rendered errors).
fn run(name: &str) -> (String, Option<String>) {
    let path = format!("tests/imports/{name}.sg");
    let text = std::fs::read_to_string(&path).expect("the test script is readable");
    run_to_strings(&path, &text, Settings::default())
}

#[test]
fn imported_definitions_serve_the_importer_and_its_statements_do_not_run() {
    let (stdout, errors) = run("uses_library");
    assert_eq!(errors, None);
    // `print` in the library does not run; its `let` and `game` are used.
    assert_eq!(stdout, "[0, 1, 0, 1, 2, 3, 2, 0]\n0\n");
}

#[test]
fn an_import_cycle_labels_both_imports() {
    let (stdout, errors) = run("cycle_a");
    assert_eq!(stdout, "", "nothing runs when an import fails");
    let errors = errors.expect("a cycle is an error");
    assert!(errors.contains("tests/imports/cycle_b.sg:2:8"), "{errors}");
    assert!(errors.contains("tests/imports/cycle_a.sg:2:8"), "{errors}");
    insta::assert_snapshot!(errors);
}

#[test]
fn a_syntax_error_in_an_imported_file_points_into_it() {
    let errors = run("error_inside").1.expect("the library does not parse");
    assert!(
        errors.contains("tests/imports/lib/broken.sg:1:15"),
        "{errors}"
    );
    insta::assert_snapshot!(errors);
}

#[test]
fn a_runtime_error_in_an_imported_let_points_into_it() {
    let errors = run("runtime_error_inside")
        .1
        .expect("the library's let fails");
    assert!(
        errors.contains("tests/imports/lib/type_error.sg:1:12"),
        "{errors}"
    );
}

#[test]
fn a_missing_file_is_reported_at_the_import() {
    let errors = run("missing").1.expect("the file is missing");
    insta::assert_snapshot!(errors);
}

#[test]
fn a_repl_entry_imports_relative_to_the_current_directory() {
    let out = Captured::default();
    let mut interp = Interp::new(
        Limits::default(),
        Arc::new(AtomicBool::new(false)),
        Format::Text,
        Box::new(out.clone()),
    );
    let entry = "import \"tests/imports/lib/subtraction.sg\"";
    assert!(interp.run("<repl:1>", entry, Redefine::Replace).is_ok());
    assert!(
        interp
            .run("<repl:2>", "g(Sub(7))", Redefine::Replace)
            .is_ok()
    );
    // Importing again in a later entry redefines the same names.
    assert!(interp.run("<repl:3>", entry, Redefine::Replace).is_ok());
    assert!(
        interp
            .run("<repl:4>", "first_values[4]", Redefine::Replace)
            .is_ok()
    );
    assert_eq!(String::from_utf8_lossy(&out.0.borrow()), "0\n2\n");
}

#[test]
fn a_name_defined_in_the_importer_and_the_imported_file_is_defined_twice() {
    let errors = run("duplicate").1.expect("`Sub` is defined twice");
    assert!(errors.contains("`Sub` is defined twice"), "{errors}");
    assert!(
        errors.contains("tests/imports/duplicate.sg:2:6"),
        "{errors}"
    );
    assert!(
        errors.contains("tests/imports/lib/subtraction.sg:3:6"),
        "{errors}"
    );
}

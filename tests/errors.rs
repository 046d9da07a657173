//! Every kind of error a user can make, each in `tests/errors/*.sg`, with
//! its rendered diagnostic (colour off) snapshotted: the message, the span
//! underlined, the labels and the help a student reads.

use sprague::engine::Limits;
use sprague::run::{Settings, run_to_strings};

/// Reads `# max-positions: N` and `# max-memory: SIZE` from the first
/// line, so that limit errors can be shown quickly.
fn settings_for(text: &str) -> Settings {
    let mut limits = Limits::default();
    let first = text.lines().next().unwrap_or("");
    if let Some(n) = first
        .strip_prefix("# max-positions: ")
        .and_then(|n| n.trim().parse().ok())
    {
        limits.max_positions = n;
    }
    if let Some(size) = first.strip_prefix("# max-memory: ") {
        limits.max_memory = sprague::memory::parse_size(size).expect("a size");
    }
    Settings {
        limits,
        ..Settings::default()
    }
}

#[test]
fn every_error_kind_renders_a_diagnostic() {
    insta::glob!("errors/*.sg", |path| {
        let text = std::fs::read_to_string(path).expect("test input is readable");
        let name = path.file_name().expect("a file").to_string_lossy();
        let (stdout, errors) = run_to_strings(&name, &text, settings_for(&text));
        let errors = errors.unwrap_or_else(|| panic!("{name} should fail but ran cleanly"));
        assert!(
            errors.contains(&format!("{name}:")),
            "{name}: the diagnostic must name file:line:col"
        );
        let shown = if stdout.is_empty() {
            errors
        } else {
            format!("--- output ---\n{stdout}--- error ---\n{errors}")
        };
        insta::with_settings!({ description => text.as_str(), omit_expression => true }, {
            insta::assert_snapshot!(shown);
        });
    });
}

/// A CRLF file reports the lines and columns of the same file with LF
/// endings: every error case, converted, names the same `file:line:col`.
#[test]
fn crlf_files_report_the_positions_of_lf_files() {
    let headers = |rendered: &str| -> Vec<String> {
        rendered
            .lines()
            .filter(|line| line.contains("─[") || line.starts_with("Error"))
            .map(str::to_string)
            .collect()
    };
    let mut compared = 0;
    for entry in std::fs::read_dir("tests/errors").expect("the error cases") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "sg") {
            continue;
        }
        let lf = std::fs::read_to_string(&path).expect("test input is readable");
        // The memory budget counts the whole process: a second run of that
        // case beside the snapshot test would move where the first stops.
        if lf.starts_with("# max-memory") {
            continue;
        }
        let crlf = lf.replace('\n', "\r\n");
        let settings = settings_for(&lf);
        let (_, lf_errors) = run_to_strings("case.sg", &lf, settings.clone());
        let (_, crlf_errors) = run_to_strings("case.sg", &crlf, settings);
        let (lf_errors, crlf_errors) = (
            lf_errors.unwrap_or_default(),
            crlf_errors.unwrap_or_default(),
        );
        assert!(!lf_errors.is_empty(), "{}: no error", path.display());
        assert_eq!(
            headers(&lf_errors),
            headers(&crlf_errors),
            "{}: CRLF moved the diagnostic",
            path.display()
        );
        compared += 1;
    }
    assert!(compared >= 49, "only {compared} cases compared");
}

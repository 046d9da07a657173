//! The Jupyter kernel driven through real clients: the kernelspec installed
//! by `sprague jupyter install`, then `tests/jupyter/check.py` (run with a
//! Python virtual environment holding jupyter_client, nbclient and
//! jupyter_kernel_test) runs the tour notebook with nbclient and checks
//! every output, interrupts long evaluations, and runs jupyter_kernel_test's
//! protocol checks.
//!
//! The environment is `$SPRAGUE_JUPYTER_VENV`, else `target/ci-venv`, which
//! `.ci/run` creates. Without it the notebook test is skipped, with a
//! message — except under CI when Python is installed, where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

fn temporary_directory() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temporary directory: {e}"))
}

/// Runs `sprague jupyter install ARGS` with `VIRTUAL_ENV` set to `env`;
/// returns the folder it says it wrote.
fn install(args: &[&str], env: &Path) -> PathBuf {
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["jupyter", "install"])
        .args(args)
        .env("VIRTUAL_ENV", env)
        .output()
        .unwrap_or_else(|e| panic!("cannot run sprague: {e}"));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let folder = said
        .trim()
        .strip_prefix("installed the sprague kernel in ")
        .unwrap_or_else(|| panic!("unexpected output: {said}"));
    PathBuf::from(folder)
}

#[test]
fn the_kernelspec_names_this_executable_and_the_language() {
    let prefix = temporary_directory();
    for args in [
        &["--sys-prefix"][..],
        &["--prefix", &prefix.path().display().to_string()],
    ] {
        let folder = install(args, prefix.path());
        assert_eq!(folder, prefix.path().join("share/jupyter/kernels/sprague"));
        let text = std::fs::read_to_string(folder.join("kernel.json")).expect("kernel.json");
        let spec: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let exe = std::fs::canonicalize(env!("CARGO_BIN_EXE_sprague")).expect("the binary");
        assert_eq!(
            spec["argv"],
            serde_json::json!([
                exe.display().to_string(),
                "jupyter",
                "--connection-file",
                "{connection_file}"
            ])
        );
        assert_eq!(spec["language"], "sprague");
        assert_eq!(spec["metadata"]["file_extension"], ".sg");
        let logo = std::fs::read_to_string(folder.join("logo-svg.svg")).expect("a logo");
        assert!(roxmltree::Document::parse(&logo).is_ok());
    }
}

#[test]
fn the_kernel_without_a_connection_file_says_how_to_start() {
    let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg("jupyter")
        .output()
        .unwrap_or_else(|e| panic!("cannot run sprague: {e}"));
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("sprague jupyter install"), "{said}");
}

/// The Python of the test environment, or why there is none.
fn python() -> Result<PathBuf, String> {
    let venv = std::env::var_os("SPRAGUE_JUPYTER_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(MANIFEST).join("target/ci-venv"));
    let python = venv.join("bin/python");
    if python.exists() {
        Ok(python)
    } else {
        Err(format!(
            "no Python virtual environment at {}",
            venv.display()
        ))
    }
}

#[test]
fn the_tour_notebook_runs_and_the_kernel_speaks_the_protocol() {
    let python = match python() {
        Ok(python) => python,
        Err(reason) => {
            let have_python = Command::new("python3").arg("--version").output().is_ok();
            assert!(
                std::env::var_os("CI").is_none() || !have_python,
                "{reason}: .ci/run should have made it"
            );
            println!(
                "skipping the Jupyter kernel test: {reason} (.ci/run makes one: \
                 python3 -m venv target/ci-venv && target/ci-venv/bin/pip install -r tests/jupyter/requirements.txt)"
            );
            return;
        }
    };
    let prefix = temporary_directory();
    install(
        &["--prefix", &prefix.path().display().to_string()],
        prefix.path(),
    );
    // A copy: the check runs the notebook, and the stored one stays as it is.
    let notebook = prefix.path().join("tour.ipynb");
    std::fs::copy(
        Path::new(MANIFEST).join("examples/notebooks/tour.ipynb"),
        &notebook,
    )
    .expect("the tour notebook");
    let runtime = prefix.path().join("runtime");
    let output = Command::new(python)
        .arg(Path::new(MANIFEST).join("tests/jupyter/check.py"))
        .arg(&notebook)
        .env("JUPYTER_PATH", prefix.path().join("share/jupyter"))
        .env("JUPYTER_RUNTIME_DIR", &runtime)
        .env("JUPYTER_PLATFORM_DIRS", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run the check: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.trim_end().ends_with(" passed, 0 failed"), "{stdout}");
}

//! Running a whole script: the entry point shared by the CLI and the tests.
//! Evaluation runs on a thread with a large stack (`stack`), so that deeply
//! nested user code meets the depth limit, never a native stack overflow.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::diagnostic::{DiagnosticExt, render};
use crate::engine::Limits;
use crate::interp::Interp;
use crate::printer::Format;
use crate::resolve::Redefine;
use crate::stack::with_big_stack;

/// How a script runs.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub limits: Limits,
    pub format: Format,
    /// Colour in diagnostics.
    pub color: bool,
    /// Compute every family by the generic search, without integer
    /// programs: the reference the fast paths are tested against.
    pub generic_only: bool,
    /// After the run, report on standard error how each family was
    /// computed, with its positions, and the time taken (`--stats`).
    pub stats: bool,
    /// Stop the run with an error after this long (`--max-time`): a script
    /// whose work grows without bound ends on its own, as at Ctrl-C.
    pub max_time: Option<std::time::Duration>,
}

/// Presses Ctrl-C for the script when its time is up, unless dropped
/// first (the run ended).
struct Watchdog {
    /// Dropping it wakes the watchdog, which then leaves.
    _done: std::sync::mpsc::Sender<()>,
}

impl Watchdog {
    fn start(
        limit: std::time::Duration,
        interrupt: Arc<AtomicBool>,
        timed_out: Arc<AtomicBool>,
    ) -> Watchdog {
        let (done, wait) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                timed_out.store(true, std::sync::atomic::Ordering::Relaxed);
                interrupt.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        Watchdog { _done: done }
    }
}

/// Runs `text` (named `name` in diagnostics), writing results to `out` as
/// they come; returns the rendered diagnostics if it failed.
pub fn run_script(
    name: &str,
    text: &str,
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
    out: Box<dyn Write>,
) -> Result<(), String> {
    let started = std::time::Instant::now();
    let timed_out = Arc::new(AtomicBool::new(false));
    let _watchdog = settings
        .max_time
        .map(|limit| Watchdog::start(limit, interrupt.clone(), timed_out.clone()));
    let mut interp = Interp::new(settings.limits.clone(), interrupt, settings.format, out);
    interp.set_generic_only(settings.generic_only);
    if let Some(limit) = settings.max_time {
        interp.set_time_limit(limit, timed_out);
    }
    let result = interp.run(name, text, Redefine::Forbid).map_err(|errors| {
        errors
            .iter()
            .map(|d| render(d, &interp.sources, settings.color))
            .collect::<Vec<_>>()
            .join("")
    });
    let flushed = interp.flush_output();
    let result = result.and(flushed);
    if settings.stats {
        eprint!("{}", interp.stats_report(started.elapsed()));
    }
    result
}

/// A stage of the pipeline that `--emit` prints instead of running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Every definition with its names resolved: locals to slots, the
    /// rest to the families, `def`s, `let`s and built-ins they name.
    Resolved,
    /// Every definition with the types inferred for it.
    Types,
    /// Each `let`'s program, or the generic evaluator; each family's
    /// integer program after the passes, or why the generic search
    /// computes it.
    Ir,
}

/// What `stage` shows of every definition `text` makes (`--emit`): its
/// `let`s are evaluated, its expressions and assertions are not run.
pub fn emit(
    stage: Stage,
    name: &str,
    text: &str,
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
) -> Result<String, String> {
    let out = Box::new(std::io::sink());
    let mut interp = Interp::new(settings.limits.clone(), interrupt, settings.format, out);
    match interp.define_only(name, text) {
        Ok(()) => Ok(match stage {
            Stage::Resolved => interp.resolved_definitions(),
            Stage::Types => interp.types_of_definitions(),
            Stage::Ir => interp.explain_lets() + &interp.explain_families(),
        }),
        Err(errors) => Err(errors
            .iter()
            .map(|d| render(d, &interp.sources, settings.color))
            .collect()),
    }
}

/// The integer IR of every `let` and family `text` defines (`--emit ir`).
pub fn emit_ir(
    name: &str,
    text: &str,
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
) -> Result<String, String> {
    emit(Stage::Ir, name, text, settings, interrupt)
}

/// The diagnostic for a file that is not UTF-8 text, pointing at the first
/// bad byte.
pub fn not_utf8(name: &str, error: std::string::FromUtf8Error, color: bool) -> String {
    let at = error.utf8_error().valid_up_to();
    let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
    let mut sources = crate::span::Sources::default();
    let source = sources.add(name, text);
    let replacement = '\u{FFFD}'.len_utf8();
    let diagnostic = crate::diagnostic::Diagnostic::new(
        crate::span::Span::new(source, at, at + replacement),
        format!("`{name}` is not UTF-8 text"),
    )
    .label(format!("byte {at} is not valid UTF-8"))
    .help("save the script as UTF-8");
    render(&diagnostic, &sources, color)
}

/// The text of the script at `path`, or the rendered reason it cannot be
/// read (shared by the CLI and the REPL's `:load`).
pub fn read_script(path: &std::path::Path, color: bool) -> Result<String, String> {
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("error: `{name}` is a directory, not a script\n"));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => e.to_string(),
        };
        format!("error: cannot read `{name}`: {reason}\n")
    })?;
    String::from_utf8(bytes).map_err(|error| not_utf8(&name, error, color))
}

/// A shared in-memory output, for tests and embedding.
#[derive(Clone, Default)]
pub struct Captured(pub std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a script on a big stack and returns (stdout, rendered errors):
/// what the tests compare.
pub fn run_to_strings(name: &str, text: &str, settings: Settings) -> (String, Option<String>) {
    let (name, text) = (name.to_string(), text.to_string());
    with_big_stack(move || {
        let captured = Captured::default();
        let result = run_script(
            &name,
            &text,
            &settings,
            Arc::new(AtomicBool::new(false)),
            Box::new(captured.clone()),
        );
        let stdout = String::from_utf8_lossy(&captured.0.borrow()).into_owned();
        (stdout, result.err())
    })
}

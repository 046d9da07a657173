//! Running a whole script: the entry point shared by the CLI and the tests.
//! Evaluation runs on a thread with a large stack, so that deeply nested
//! user code meets the depth limit, never a native stack overflow.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::diagnostic::{DiagnosticExt, render};
use crate::engine::Limits;
use crate::interp::Interp;
use crate::lower::Redefine;
use crate::printer::Format;

/// Stack size of the evaluation thread.
pub const STACK_BYTES: usize = 1 << 30;

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
}

/// Stack kept free below the deepest check: room for the frames that run
/// between two checks (an expression of the deepest nesting the parser
/// allows, a printer, a drop).
const STACK_MARGIN: usize = 128 << 20;

thread_local! {
    /// The address near the top of this thread's big stack, when it has one.
    static STACK_TOP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on a fresh thread with a large stack and returns its result.
pub fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    let handle = std::thread::Builder::new()
        .name("sprague-eval".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let top = 0u8;
            STACK_TOP.with(|t| t.set(Some(std::ptr::addr_of!(top) as usize)));
            f()
        })
        .expect("the operating system refused a thread");
    match handle.join() {
        Ok(result) => result,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Whether the big stack is nearly used up, so that a recursion the input
/// controls (a `def` calling itself, a game whose options need another
/// search) must stop with an error rather than overflow. False off the big
/// stack, where the recursion limits alone apply.
pub fn stack_exhausted() -> bool {
    let here = 0u8;
    let here = std::ptr::addr_of!(here) as usize;
    STACK_TOP
        .with(|t| t.get())
        .is_some_and(|top| top.saturating_sub(here) > STACK_BYTES - STACK_MARGIN)
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
    let mut interp = Interp::new(settings.limits.clone(), interrupt, settings.format, out);
    interp.set_generic_only(settings.generic_only);
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

/// The integer IR of every family `text` defines (`--emit ir`): its
/// `let`s are evaluated, its expressions and assertions are not run.
pub fn emit_ir(
    name: &str,
    text: &str,
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
) -> Result<String, String> {
    let out = Box::new(std::io::sink());
    let mut interp = Interp::new(settings.limits.clone(), interrupt, settings.format, out);
    match interp.define_only(name, text) {
        Ok(()) => Ok(interp.explain_families()),
        Err(errors) => Err(errors
            .iter()
            .map(|d| render(d, &interp.sources, settings.color))
            .collect()),
    }
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

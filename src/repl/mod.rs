//! The interactive session: `sprague` with no script opens it. Each entry
//! runs with REPL semantics (a definition may replace an earlier one), is
//! named `<repl:N>` in diagnostics, and no error ends the session.

pub(crate) mod commands;
pub(crate) mod helper;
mod highlight;
mod history;
mod lexer;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustyline::config::{ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{Editor, EventHandler, KeyCode, KeyEvent, Modifiers};

use crate::diagnostic::render;
use crate::interp::Interp;
use crate::resolve::Redefine;
use crate::run::Settings;
use helper::{EnterKey, SgHelper};
use highlight::{DIM, PROMPT};
use history::history_path;

/// What the loop does after an entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// A REPL session: the interpreter, the line editor and the REPL's own
/// state.
struct Repl {
    interp: Interp,
    editor: Editor<SgHelper, FileHistory>,
    history: Option<PathBuf>,
    /// Entries read so far, for naming them `<repl:N>`.
    entries: usize,
    /// Scripts loaded, in order, for `:reload`.
    loaded: Vec<PathBuf>,
    timing: bool,
    /// Colour in diagnostics (standard error).
    color: bool,
    /// Colour on the screen: the entry being typed and command output.
    screen_color: bool,
    interrupt: Arc<AtomicBool>,
}

/// Runs the REPL until Ctrl-D or `:quit`, after loading `load` if given
/// (`sprague -i FILE`). `interrupt` is the flag Ctrl-C sets. Fails only when
/// the terminal cannot be used.
pub fn run(
    settings: &Settings,
    interrupt: Arc<AtomicBool>,
    load: Option<&Path>,
) -> Result<(), String> {
    let mut repl = Repl::new(settings, interrupt).map_err(|e| format!("error: {e}\n"))?;
    match load {
        Some(path) => repl.load(path),
        None => repl.banner(),
    }
    repl.read_eval_print();
    Ok(())
}

impl Repl {
    fn new(settings: &Settings, interrupt: Arc<AtomicBool>) -> rustyline::Result<Repl> {
        let screen_color =
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let config = Config::builder()
            .max_history_size(10_000)?
            .history_ignore_space(true)
            .completion_type(CompletionType::List)
            // The helper draws continuation prompts even without colour,
            // and adds colour only when `screen_color` says so.
            .color_mode(ColorMode::Forced)
            .build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(SgHelper::new(screen_color)));
        for key in [
            KeyEvent(KeyCode::Enter, Modifiers::NONE),
            KeyEvent::ctrl('J'),
        ] {
            editor.bind_sequence(key, EventHandler::Conditional(Box::new(EnterKey)));
        }
        editor.bind_sequence(KeyEvent(KeyCode::Enter, Modifiers::ALT), helper::new_line());
        let history = history_path();
        if let Some(path) = &history
            && path.exists()
            && let Err(error) = editor.load_history(path)
        {
            eprintln!(
                "warning: cannot read the history {}: {error}",
                path.display()
            );
        }
        let out: Box<dyn std::io::Write> = if std::io::stdout().is_terminal() {
            Box::new(crate::visible::VisibleWriter(std::io::stdout()))
        } else {
            Box::new(std::io::stdout())
        };
        let interp = Interp::new(
            settings.limits.clone(),
            interrupt.clone(),
            settings.format,
            out,
        );
        Ok(Repl {
            interp,
            editor,
            history,
            entries: 0,
            loaded: Vec::new(),
            timing: false,
            color: settings.color,
            screen_color,
            interrupt,
        })
    }

    fn banner(&self) {
        let text = format!(
            "sprague {} — :help for help, Ctrl-D to leave",
            env!("CARGO_PKG_VERSION")
        );
        println!("{}", highlight::styled(&text, DIM, self.screen_color));
    }

    fn read_eval_print(&mut self) {
        loop {
            match self.editor.readline(PROMPT) {
                Ok(entry) => {
                    if self.entry(&entry) == Flow::Quit {
                        break;
                    }
                }
                // Ctrl-C at the prompt: the line is dropped.
                Err(ReadlineError::Interrupted) => {}
                Err(ReadlineError::Eof) => break,
                Err(error) => {
                    eprintln!("error: cannot read the terminal: {error}");
                    break;
                }
            }
        }
    }

    /// Runs one entry: a command or `.sg` text.
    fn entry(&mut self, entry: &str) -> Flow {
        if entry.trim().is_empty() {
            return Flow::Continue;
        }
        self.remember(entry);
        if entry.trim_start().starts_with(':') {
            return self.command(entry);
        }
        self.entries += 1;
        let name = format!("<repl:{}>", self.entries);
        self.evaluate(&name, entry);
        Flow::Continue
    }

    /// Adds an entry to the history and to the history file at once, so a
    /// session that ends abruptly keeps it too.
    fn remember(&mut self, entry: &str) {
        // Adding to the list in memory cannot fail; writing the file below
        // can, and is reported.
        let _ = self.editor.add_history_entry(entry);
        let Some(path) = &self.history else { return };
        let written = match path.parent() {
            Some(dir) => std::fs::create_dir_all(dir).map_err(ReadlineError::from),
            None => Ok(()),
        }
        .and_then(|()| self.editor.append_history(path));
        if let Err(error) = written {
            eprintln!(
                "warning: cannot write the history {}: {error}; history is off",
                path.display()
            );
            self.history = None;
        }
    }

    /// Runs `.sg` text named `name`; prints its results, its errors, and
    /// its time when `:time` is on. Returns whether it ran without error.
    fn evaluate(&mut self, name: &str, text: &str) -> bool {
        self.interp.engine.reset_interrupt();
        let started = Instant::now();
        let result = self.interp.run(name, text, Redefine::Replace);
        let elapsed = started.elapsed();
        let succeeded = result.is_ok();
        if let Err(errors) = result {
            if self.interrupt.load(Ordering::Relaxed) {
                // `\r` draws over the `^C` the terminal echoed.
                eprintln!(
                    "\r{}",
                    highlight::styled("interrupted", "\x1b[1;33m", self.color)
                );
            } else {
                for diagnostic in &errors {
                    eprint!("{}", render(diagnostic, &self.interp.sources, self.color));
                }
            }
        }
        if self.timing {
            let text = format!("took {}", duration(elapsed));
            eprintln!("{}", highlight::styled(&text, DIM, self.color));
        }
        let definitions = self.interp.definitions();
        if let Some(helper) = self.editor.helper_mut() {
            helper.definitions = definitions;
        }
        succeeded
    }

    /// Runs a script into the session and remembers it for `:reload`.
    fn load(&mut self, path: &Path) {
        let text = match crate::run::read_script(path, self.color) {
            Ok(text) => text,
            Err(message) => {
                eprint!("{message}");
                return;
            }
        };
        if !self.loaded.iter().any(|p| p == path) {
            self.loaded.push(path.to_path_buf());
        }
        let name = path.display().to_string();
        if self.evaluate(&name, &text) {
            let done = format!("loaded {name}");
            println!("{}", highlight::styled(&done, DIM, self.screen_color));
        }
    }

    fn error(&self, message: &str) {
        let red = highlight::styled("error", "\x1b[1;31m", self.color);
        eprintln!("{red}: {message}");
    }
}

/// A duration in the unit that suits it.
pub(crate) fn duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds < 1e-3 {
        format!("{:.0} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_use_a_readable_unit() {
        assert_eq!(duration(Duration::from_micros(250)), "250 µs");
        assert_eq!(duration(Duration::from_micros(12_340)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(2_500)), "2.50 s");
    }
}

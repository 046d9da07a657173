//! The kernel's interpreter side: one session of the interpreter, on its
//! own thread with a big stack, running the requests the wire side hands
//! it. A cell runs as a REPL entry does; what it prints and shows goes out
//! as messages on IOPub, children of the request being run.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use jupyter_protocol::{
    CompleteReply, DisplayData, ErrorOutput, ExecuteInput, ExecuteReply, ExecuteResult,
    ExecutionCount, InspectReply, JupyterMessage, JupyterMessageContent, Media, MediaType,
    ReplyError, ReplyStatus, StreamContent,
};
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;

use super::display;
use crate::diagnostic::render;
use crate::interp::{Display, Interp};
use crate::printer::Format;
use crate::repl::{commands, duration, helper};
use crate::resolve::Redefine;
use crate::run::Settings;
use crate::value::Value;

/// A request the wire side hands the interpreter, with where its reply
/// goes.
pub enum Request {
    /// Run a cell (`execute_request`).
    Execute {
        message: Box<JupyterMessage>,
        code: String,
        silent: bool,
        reply: oneshot::Sender<ExecuteReply>,
    },
    /// Names that complete the word at a cursor (`complete_request`).
    Complete {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<CompleteReply>,
    },
    /// What the name at a cursor is (`inspect_request`).
    Inspect {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<InspectReply>,
    },
}

/// Sends IOPub messages as children of the request being run.
#[derive(Clone)]
struct Outlet {
    parent: Rc<RefCell<Option<JupyterMessage>>>,
    iopub: UnboundedSender<JupyterMessage>,
}

impl Outlet {
    fn send(&self, content: impl Into<JupyterMessageContent>) {
        if let Some(parent) = self.parent.borrow().as_ref() {
            // The wire side has stopped only when the kernel shuts down.
            let _ = self.iopub.send(JupyterMessage::new(content, Some(parent)));
        }
    }
}

/// The interpreter's output: whole lines go out as `stdout` stream
/// messages, the rest on `flush`.
struct StreamOut {
    outlet: Outlet,
    pending: Vec<u8>,
}

impl std::io::Write for StreamOut {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') {
            let lines: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&lines).into_owned();
            self.outlet.send(StreamContent::stdout(&text));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let text = String::from_utf8_lossy(&self.pending).into_owned();
            self.pending.clear();
            self.outlet.send(StreamContent::stdout(&text));
        }
        Ok(())
    }
}

/// Shows results and pictures as `execute_result` and `display_data`
/// messages.
struct Shower {
    outlet: Outlet,
    count: Rc<Cell<usize>>,
}

impl Display for Shower {
    fn result(&mut self, value: &Value, interp: &Interp) {
        let shown = display::show(value, interp);
        self.outlet.send(ExecuteResult {
            execution_count: ExecutionCount::new(self.count.get()),
            data: shown.result,
            metadata: Default::default(),
            transient: Some(Default::default()),
        });
        if let Some(picture) = shown.picture {
            self.outlet.send(DisplayData::new(picture));
        }
    }

    fn picture(&mut self, svg: &str) {
        let media = display::svg_media(svg.to_string());
        self.outlet.send(DisplayData::new(media));
    }
}

/// The prefix that times a cell, as `:time` does in the REPL.
const TIME_PREFIX: &str = "%time";

/// One interpreter session serving a notebook.
pub struct Kernel {
    interp: Interp,
    outlet: Outlet,
    /// Cells run so far, shown as `In [N]` and naming them `<cell:N>`.
    count: Rc<Cell<usize>>,
    interrupt: Arc<AtomicBool>,
}

impl Kernel {
    /// A fresh session whose output goes to `iopub`; `interrupt` is the
    /// flag an interrupt request or SIGINT sets.
    pub fn new(
        settings: &Settings,
        interrupt: Arc<AtomicBool>,
        iopub: UnboundedSender<JupyterMessage>,
    ) -> Kernel {
        let outlet = Outlet {
            parent: Rc::new(RefCell::new(None)),
            iopub,
        };
        let out = Box::new(StreamOut {
            outlet: outlet.clone(),
            pending: Vec::new(),
        });
        let mut interp = Interp::new(
            settings.limits.clone(),
            interrupt.clone(),
            Format::Text,
            out,
        );
        let count = Rc::new(Cell::new(0));
        interp.set_display(Box::new(Shower {
            outlet: outlet.clone(),
            count: count.clone(),
        }));
        Kernel {
            interp,
            outlet,
            count,
            interrupt,
        }
    }

    /// Serves requests until the wire side stops.
    pub fn serve(&mut self, requests: std::sync::mpsc::Receiver<Request>) {
        for request in requests {
            // A reply nobody waits for any more is dropped.
            match request {
                Request::Execute {
                    message,
                    code,
                    silent,
                    reply,
                } => {
                    let _ = reply.send(self.execute(message, &code, silent));
                }
                Request::Complete {
                    code,
                    cursor,
                    reply,
                } => {
                    let _ = reply.send(self.complete(&code, cursor));
                }
                Request::Inspect {
                    code,
                    cursor,
                    reply,
                } => {
                    let _ = reply.send(self.inspect(&code, cursor));
                }
            }
        }
    }

    /// Runs a cell with REPL semantics: its definitions replace earlier
    /// ones, each expression statement's value is shown, and an error
    /// keeps what ran before it.
    fn execute(&mut self, message: Box<JupyterMessage>, code: &str, silent: bool) -> ExecuteReply {
        if !silent {
            self.count.set(self.count.get() + 1);
        }
        let count = self.count.get();
        *self.outlet.parent.borrow_mut() = (!silent).then_some(*message);
        self.outlet.send(ExecuteInput {
            code: code.to_string(),
            execution_count: ExecutionCount::new(count),
        });
        let (timed, code) = timed(code);
        let name = format!("<cell:{count}>");
        let started = Instant::now();
        let result = self.interp.run(&name, &code, Redefine::Replace);
        let elapsed = started.elapsed();
        let flushed = self.interp.flush_output();
        if timed {
            let took = format!("took {}\n", duration(elapsed));
            self.outlet.send(StreamContent::stdout(&took));
        }
        let outcome = match (result, flushed) {
            (Ok(()), Ok(())) => Ok(()),
            (Err(errors), _) => Err(self.error_output(&errors)),
            (Ok(()), Err(message)) => Err(ErrorOutput {
                ename: "error".to_string(),
                evalue: message.trim_end().to_string(),
                traceback: vec![message],
            }),
        };
        if let Err(error) = &outcome {
            self.outlet.send(error.clone());
        }
        *self.outlet.parent.borrow_mut() = None;
        let (status, error) = match outcome {
            Ok(()) => (ReplyStatus::Ok, None),
            Err(error) => {
                let error = ReplyError {
                    ename: error.ename,
                    evalue: error.evalue,
                    traceback: error.traceback,
                };
                (ReplyStatus::Error, Some(Box::new(error)))
            }
        };
        ExecuteReply {
            status,
            execution_count: ExecutionCount::new(count),
            payload: Vec::new(),
            user_expressions: Some(Default::default()),
            error,
        }
    }

    /// The `error` output of a failed cell: the diagnostics drawn as in a
    /// terminal, colours as ANSI, pointing into the cell.
    fn error_output(&self, errors: &[crate::diagnostic::Diagnostic]) -> ErrorOutput {
        let interrupted = self.interrupt.load(Ordering::Relaxed);
        let rendered: String = errors
            .iter()
            .map(|d| render(d, &self.interp.sources, true))
            .collect();
        let first = errors.first().map_or("", |d| d.message.as_str());
        ErrorOutput {
            ename: if interrupted { "interrupted" } else { "error" }.to_string(),
            evalue: first.to_string(),
            traceback: rendered.lines().map(String::from).collect(),
        }
    }

    /// The names that complete the word before the cursor (given in
    /// characters, as the protocol counts).
    fn complete(&mut self, code: &str, cursor: usize) -> CompleteReply {
        let at = byte_offset(code, cursor);
        let definitions = self.interp.definitions();
        let (start, matches) = helper::complete_name(&definitions, code, at);
        CompleteReply {
            matches,
            cursor_start: code[..start].chars().count(),
            cursor_end: cursor,
            metadata: Default::default(),
            status: ReplyStatus::Ok,
            error: None,
        }
    }

    /// What `:info` says of the name at the cursor.
    fn inspect(&mut self, code: &str, cursor: usize) -> InspectReply {
        let name = helper::word_at(code, byte_offset(code, cursor));
        let text = commands::describe(&mut self.interp, name, false);
        InspectReply {
            found: text.is_some(),
            data: Media::new(text.map(MediaType::Plain).into_iter().collect()),
            metadata: Default::default(),
            status: ReplyStatus::Ok,
            error: None,
        }
    }
}

/// Whether `code` starts with `%time`, and the code to run: the prefix
/// blanked out, so that diagnostics point at the right lines and columns.
fn timed(code: &str) -> (bool, String) {
    let start = code.len() - code.trim_start().len();
    let rest = &code[start..];
    match rest.strip_prefix(TIME_PREFIX) {
        Some(after) if after.is_empty() || after.starts_with(char::is_whitespace) => {
            let blank = " ".repeat(start + TIME_PREFIX.len());
            let kept: String = code[..start]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' })
                .collect();
            (true, format!("{kept}{}{after}", &blank[kept.len()..]))
        }
        _ => (false, code.to_string()),
    }
}

/// The byte offset of the `chars`th character of `text` (its end if
/// there are fewer).
fn byte_offset(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_prefix_is_blanked_and_keeps_positions() {
        assert_eq!(timed("%time g(*3)"), (true, "      g(*3)".to_string()));
        assert_eq!(
            timed("\n%time\ng(*3)"),
            (true, "\n     \ng(*3)".to_string())
        );
        assert_eq!(timed("%timer(3)"), (false, "%timer(3)".to_string()));
        assert_eq!(timed("g(*3)"), (false, "g(*3)".to_string()));
    }

    /// A kernel whose IOPub messages are kept, and a way to run a cell.
    fn session() -> (Kernel, tokio::sync::mpsc::UnboundedReceiver<JupyterMessage>) {
        let (iopub, sent) = tokio::sync::mpsc::unbounded_channel();
        let interrupt = Arc::new(AtomicBool::new(false));
        (Kernel::new(&Settings::default(), interrupt, iopub), sent)
    }

    fn cell(
        kernel: &mut Kernel,
        sent: &mut tokio::sync::mpsc::UnboundedReceiver<JupyterMessage>,
        code: &str,
    ) -> (ExecuteReply, Vec<JupyterMessageContent>) {
        let request = jupyter_protocol::ExecuteRequest::new(code.to_string());
        let message = Box::new(JupyterMessage::new(request, None));
        let reply = kernel.execute(message, code, false);
        let mut contents = Vec::new();
        while let Ok(message) = sent.try_recv() {
            contents.push(message.content);
        }
        (reply, contents)
    }

    /// What a cell showed, one string per output: `result:TEXT`,
    /// `stdout:TEXT`, `error:MESSAGE`, `picture`, `html`.
    fn shown(contents: &[JupyterMessageContent]) -> Vec<String> {
        let text = |media: &Media| {
            let mut parts = Vec::new();
            for item in &media.content {
                match item {
                    MediaType::Plain(text) => parts.insert(0, format!("result:{text}")),
                    MediaType::Html(_) => parts.push("html".to_string()),
                    MediaType::Svg(_) => parts.push("picture".to_string()),
                    _ => {}
                }
            }
            parts
        };
        let mut out = Vec::new();
        for content in contents {
            match content {
                JupyterMessageContent::ExecuteResult(result) => out.extend(text(&result.data)),
                JupyterMessageContent::DisplayData(data) => {
                    out.extend(text(&data.data).into_iter().filter(|t| t == "picture"));
                }
                JupyterMessageContent::StreamContent(stream) => {
                    out.push(format!("stdout:{}", stream.text));
                }
                JupyterMessageContent::ErrorOutput(error) => {
                    out.push(format!("error:{}", error.evalue));
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn a_cell_shows_each_result_in_order_with_its_prints() {
        let (mut kernel, mut sent) = session();
        let (reply, contents) = cell(
            &mut kernel,
            &mut sent,
            "let a = 2\na + 1\nprint(\"x\")\na * 10",
        );
        assert_eq!(reply.status, ReplyStatus::Ok);
        assert_eq!(reply.execution_count, ExecutionCount::new(1));
        assert!(matches!(
            &contents[0],
            JupyterMessageContent::ExecuteInput(_)
        ));
        assert_eq!(shown(&contents), ["result:3", "stdout:x\n", "result:20"]);
        let (_, contents) = cell(&mut kernel, &mut sent, "a");
        assert_eq!(shown(&contents), ["result:2"]);
    }

    #[test]
    fn an_error_fails_the_cell_and_keeps_what_ran_before_it() {
        let (mut kernel, mut sent) = session();
        let (reply, contents) = cell(&mut kernel, &mut sent, "let b = 1\nb\ng(3)\nprint(b)");
        assert_eq!(reply.status, ReplyStatus::Error);
        let message = "expected a game, found the integer 3";
        assert_eq!(
            shown(&contents),
            ["result:1".to_string(), format!("error:{message}")]
        );
        let error = reply.error.expect("the error in the reply");
        let traceback = error.traceback.join("\n");
        assert!(
            traceback.contains("<cell:1>:3:3") && traceback.contains("\x1b["),
            "{traceback}"
        );
        let (_, contents) = cell(&mut kernel, &mut sent, "b");
        assert_eq!(shown(&contents), ["result:1"]);
    }

    #[test]
    fn tables_trees_and_plots_are_shown_richly() {
        let (mut kernel, mut sent) = session();
        let (_, contents) = cell(
            &mut kernel,
            &mut sent,
            "def f(a, b) = a ^ b\ntable(f, 0..2, 0..2)",
        );
        assert_eq!(
            shown(&contents),
            ["result:f | 0 1\n--+----\n0 | 0 1\n1 | 1 0", "html"]
        );
        let (_, contents) = cell(&mut kernel, &mut sent, "tree(*1)");
        assert_eq!(shown(&contents), ["result:*1  g=1\n└── *0  g=0", "picture"]);
        let (_, contents) = cell(&mut kernel, &mut sent, "let t = tree(*1)\nstr(t) + \"\"");
        assert_eq!(
            shown(&contents),
            ["result:*1  g=1\n└── *0  g=0"],
            "a string made from a tree is text"
        );
        let (reply, contents) = cell(&mut kernel, &mut sent, "plot(f, [0, 1], 0)");
        assert_eq!(reply.status, ReplyStatus::Error, "{contents:?}");
        let (reply, contents) = cell(&mut kernel, &mut sent, "def h(n) = n % 3\nplot(h, 0..10)");
        assert_eq!(reply.status, ReplyStatus::Ok);
        assert_eq!(shown(&contents), ["picture"]);
        let (_, contents) = cell(&mut kernel, &mut sent, "%time seq(h, 0..4)");
        let shown = shown(&contents);
        assert_eq!(shown[0], "result:[0, 1, 2, 0]");
        assert!(shown[1].starts_with("stdout:took "), "{shown:?}");
    }

    #[test]
    fn completion_and_inspection_know_the_session() {
        let (mut kernel, mut sent) = session();
        cell(
            &mut kernel,
            &mut sent,
            "game Wyt(a, b) = < Wyt(a - 1, b) if a > 0 >",
        );
        let reply = kernel.complete("g(Wy", 4);
        assert_eq!(
            (reply.matches, reply.cursor_start, reply.cursor_end),
            (vec!["Wyt".to_string()], 2, 4)
        );
        let reply = kernel.inspect("g(Wyt(1, 2))", 3);
        assert!(reply.found);
        let text = match &reply.data.content[..] {
            [MediaType::Plain(text)] => text.clone(),
            other => panic!("{other:?}"),
        };
        assert!(
            text.starts_with("# defined at <cell:1>:1\ngame Wyt(a, b)"),
            "{text}"
        );
        assert!(!kernel.inspect("g(nothing)", 4).found);
    }

    #[test]
    fn cursors_count_characters() {
        assert_eq!(byte_offset("*é+K", 3), 4);
        assert_eq!(byte_offset("ab", 9), 2);
    }
}

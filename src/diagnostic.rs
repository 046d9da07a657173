//! Diagnostics as plain data. Every stage produces them; only the edge (CLI,
//! REPL, tests) renders them, with ariadne.

use crate::span::{Sources, Span, one_line_break};
use crate::visible::{VisibleSource, visible};
use ariadne::{Config, IndexType, Label, Report, ReportKind};

/// One error: where, what, and how to fix it.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// The headline, e.g. "expected a game, found the integer 5".
    pub message: String,
    /// The primary location.
    pub span: Span,
    /// What the primary label says at `span` (empty: the message is enough).
    pub label: String,
    /// Secondary locations: "defined here", "opened here".
    pub labels: Vec<(Span, String)>,
    /// A suggested fix.
    pub help: Option<String>,
    /// Context, innermost first: "while computing the options of Kayles(7)".
    pub notes: Vec<String>,
}

/// The result type of every stage.
pub type Result<T, E = Box<Diagnostic>> = std::result::Result<T, E>;

impl Diagnostic {
    /// A diagnostic with a message at a span.
    pub fn new(span: Span, message: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic {
            message: message.into(),
            span,
            label: String::new(),
            labels: Vec::new(),
            help: None,
            notes: Vec::new(),
        })
    }
}

/// Builder methods on boxed diagnostics, so errors stay one pointer wide.
pub trait DiagnosticExt {
    /// Sets the primary label's text.
    fn label(self, text: impl Into<String>) -> Self;
    /// Adds a secondary label.
    fn with_label(self, span: Span, text: impl Into<String>) -> Self;
    /// Sets the help line.
    fn help(self, text: impl Into<String>) -> Self;
    /// Appends a context note.
    fn note(self, text: impl Into<String>) -> Self;
}

impl DiagnosticExt for Box<Diagnostic> {
    fn label(mut self, text: impl Into<String>) -> Self {
        self.label = text.into();
        self
    }
    fn with_label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push((span, text.into()));
        self
    }
    fn help(mut self, text: impl Into<String>) -> Self {
        self.help = Some(text.into());
        self
    }
    fn note(mut self, text: impl Into<String>) -> Self {
        self.notes.push(text.into());
        self
    }
}

/// `diagnostic` as the user can read it: a span in source the interpreter
/// generated (an `octal(…)` family) moves to the user's call that made it,
/// and what was said there becomes a note quoting the generated line.
pub fn relocate(diagnostic: &Diagnostic, sources: &Sources) -> Diagnostic {
    let mut relocated = diagnostic.clone();
    let generated = |span: Span| sources.origin(span.source).map(|origin| (span, origin));
    let mut notes = Vec::new();
    if let Some((span, origin)) = generated(diagnostic.span) {
        let said = if diagnostic.label.is_empty() {
            &diagnostic.message
        } else {
            &diagnostic.label
        };
        relocated.span = origin;
        relocated.label = "the error arose in the game family this call generates".to_string();
        notes.push(generated_note(span, said, sources));
    }
    relocated.labels.clear();
    for (span, text) in &diagnostic.labels {
        match generated(*span) {
            Some((span, _)) => notes.push(generated_note(span, text, sources)),
            None => relocated.labels.push((*span, text.clone())),
        }
    }
    notes.append(&mut relocated.notes);
    relocated.notes = notes;
    relocated
}

/// "`octal("0.77")` is computed by a game family written from its code; in
/// it, `1..n - t` in `…`: what was said".
fn generated_note(span: Span, said: &str, sources: &Sources) -> String {
    let name = sources.name(span.source);
    let call = name.trim_start_matches('<').trim_end_matches('>');
    let text = sources.text(span.source);
    let start = text[..span.start as usize].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    // The family's name is an identifier no user can write: show the call.
    let ident = text
        .strip_prefix("game ")
        .and_then(|rest| rest.split('(').next())
        .unwrap_or(call);
    let line = text[start..end].trim().replace(ident, call);
    format!(
        "`{call}` is computed by a game family the interpreter writes from its code; \
         in its option list `{line}`, at `{}`: {said}",
        sources.slice(span)
    )
}

/// Renders a diagnostic as ariadne text (byte offsets; colour on request).
/// Every text from the script (source lines, names, messages) goes through
/// `visible` first, so no control character reaches the terminal.
pub fn render(diagnostic: &Diagnostic, sources: &Sources, color: bool) -> String {
    let relocated = relocate(diagnostic, sources);
    let diagnostic = &relocated;
    let shown: Vec<(String, VisibleSource)> = sources
        .iter()
        .map(|(_, name, text)| (visible(name).into_owned(), VisibleSource::new(text)))
        .collect();
    let id = |span: Span| shown[span.source.0 as usize].0.clone();
    let range = |span: Span| {
        let source = &shown[span.source.0 as usize].1;
        source.offset(span.start as usize)..source.offset(span.end as usize)
    };
    let primary = (id(diagnostic.span), range(diagnostic.span));
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_color(color);
    let mut report = Report::build(ReportKind::Error, primary.clone())
        .with_config(config)
        .with_message(visible(&diagnostic.message));
    let text = if diagnostic.label.is_empty() {
        &diagnostic.message
    } else {
        &diagnostic.label
    };
    // ariadne starts a new group, headed by the primary location, whenever a
    // label lies above the one before it; labels in source order keep one
    // group per source, so each header names a location of its own group.
    let mut labels = vec![(diagnostic.span, text)];
    labels.extend(diagnostic.labels.iter().map(|(span, text)| (*span, text)));
    labels.sort_by_key(|(span, _)| {
        let elsewhere = span.source != diagnostic.span.source;
        (elsewhere, span.source, span.start)
    });
    for (order, (span, text)) in labels.into_iter().enumerate() {
        report = report.with_label(
            Label::new((id(span), range(span)))
                .with_message(visible(text))
                .with_order(order as i32),
        );
    }
    if let Some(help) = &diagnostic.help {
        report = report.with_help(visible(help));
    }
    for note in &diagnostic.notes {
        report = report.with_note(visible(note));
    }
    let cache = ariadne::sources(
        shown
            .into_iter()
            .map(|(name, source)| (name, one_line_break(&source.text).into_owned())),
    );
    let mut out = Vec::new();
    // Writing into a Vec cannot fail; a failure would only lose the drawing.
    let _ = report.finish().write(cache, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

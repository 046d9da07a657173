//! Hover text: a built-in's documentation, a definition's text with the
//! comment above it, and the value of a constant position when computing
//! it is cheap.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::document::{Document, Symbol};
use crate::builtin::Builtin;
use crate::engine::Limits;
use crate::interp::Interp;
use crate::printer::Format;
use crate::resolve::Redefine;
use crate::run::Captured;
use crate::stack::with_big_stack;

/// Most positions a hover may compute: a few milliseconds of work.
const MAX_POSITIONS: u64 = 100_000;
/// How long a hover may compute before it is interrupted.
const TIME_LIMIT: Duration = Duration::from_millis(200);

/// A built-in's usage, summary and example, as Markdown.
pub fn builtin(name: &str) -> Option<String> {
    let help = Builtin::named(name)?.help();
    Some(format!(
        "```sg\n{}\n```\n{}\n\n```sg\n{}\n```",
        help.usage, help.summary, help.example
    ))
}

/// A definition's source text, its inferred types and the comment lines
/// above it, as Markdown.
pub fn definition(doc: &Document, symbol: &Symbol) -> String {
    let start = symbol.span.start;
    let mut text = format!("```sg\n{}\n```", &doc.text[start..symbol.span.end]);
    if let Some(signature) = doc.signatures.get(&symbol.name) {
        text.push_str(&format!("\n\ntypes: `{signature}`"));
    }
    let comment = doc.comment_above(start);
    if !comment.is_empty() {
        text.push_str("\n\n");
        text.push_str(&comment);
    }
    text
}

/// The Grundy value of `family(args)` computed from the document's
/// definitions alone (`path` names the file, for its imports), or `None`
/// when the document has errors or the computation would take more than a
/// small budget of positions or time.
pub fn value(text: &str, path: Option<&str>, family: &str, args: &[i64]) -> Option<String> {
    let args: Vec<String> = args.iter().map(i64::to_string).collect();
    let expression = format!("g({family}({}))", args.join(", "));
    let interrupt = Arc::new(AtomicBool::new(false));
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let flag = interrupt.clone();
    let watchdog = std::thread::spawn(move || {
        if finished.recv_timeout(TIME_LIMIT).is_err() {
            flag.store(true, Ordering::Relaxed);
        }
    });
    let text = text.to_string();
    let name = path.unwrap_or("<document>").to_string();
    let result = with_big_stack(move || {
        let limits = Limits {
            max_positions: MAX_POSITIONS,
            ..Limits::default()
        };
        let captured = Captured::default();
        let out = Box::new(captured.clone());
        let mut interp = Interp::new(limits, interrupt, Format::Text, out);
        interp.define_only(&name, &text).ok()?;
        interp.run("<hover>", &expression, Redefine::Forbid).ok()?;
        let printed = String::from_utf8_lossy(&captured.0.borrow())
            .trim()
            .to_string();
        (!printed.is_empty()).then_some(printed)
    });
    drop(done);
    let _ = watchdog.join();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    const KAYLES: &str =
        "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >\n";

    #[test]
    fn values_of_constant_positions() {
        assert_eq!(value(KAYLES, None, "Kayles", &[12]).as_deref(), Some("4"));
        assert_eq!(value(KAYLES, None, "Kayles", &[11]).as_deref(), Some("6"));
    }

    #[test]
    fn no_value_past_the_budget_or_with_errors() {
        // Four million positions are past the budget.
        let big = "game P(a, b) = < P(a - 1, b) if a > 0, P(a, b - 1) if b > 0 >\n";
        assert_eq!(value(big, None, "P", &[3, 2]).as_deref(), Some("1"));
        assert_eq!(value(big, None, "P", &[2000, 2000]), None);
        assert_eq!(value("game A = B\n", None, "A", &[]), None);
    }

    #[test]
    fn builtin_help_and_definition_text() {
        assert!(builtin("seq").unwrap().contains("seq(F, r)"));
        assert_eq!(builtin("Kayles"), None);
        let doc = Document::analyse(format!("# Skittles.\n{KAYLES}"), None);
        let text = definition(&doc, &doc.symbols()[0]);
        assert!(text.starts_with("```sg\ngame Kayles(n) = <"), "{text}");
        let types = "```\n\ntypes: `game Kayles(n: int)`\n\nSkittles.";
        assert!(text.ends_with(types), "{text}");
    }
}

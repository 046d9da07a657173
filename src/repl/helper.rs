//! The line editor's helper: when an entry needs another line, what Tab
//! completes, which parameters to hint and how the entry is coloured.

use std::borrow::Cow;
use std::cell::Cell;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hint, Hinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, ConditionalEventHandler, Context, Event, EventContext, RepeatCount};

use super::commands::COMMANDS;
use super::highlight::{self, CONTINUATION_INDENT, DIM, PROMPT_STYLE};
use super::lexer::{self, KEYWORDS, Kind};
use crate::builtin::Builtin;
use crate::interp::session::DefinitionSummary;

/// Whether Enter should open another line rather than submit: the parser
/// says the entry ends too early, a bracket is still open (outside brackets
/// a newline ends the statement, so another line could not help), and the
/// last line is not empty (an empty line submits whatever was typed, to be
/// reported as an error).
pub fn needs_more_input(text: &str) -> bool {
    let last_line = text.rsplit('\n').next().unwrap_or_default();
    let forced = text.contains('\n') && last_line.trim().is_empty();
    !forced
        && !text.trim_start().starts_with(':')
        && lexer::open_brackets(text) > 0
        && crate::syntax::is_incomplete(text)
}

/// Enter: a new, indented line while the entry is incomplete; otherwise the
/// default (submit).
pub struct EnterKey;

impl ConditionalEventHandler for EnterKey {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        needs_more_input(ctx.line()).then(new_line)
    }
}

/// The command that starts a continuation line.
pub fn new_line() -> Cmd {
    Cmd::Insert(1, format!("\n{CONTINUATION_INDENT}"))
}

/// The parameters of the definition being called, shown after the cursor.
pub struct ParamsHint(String);

impl Hint for ParamsHint {
    fn display(&self) -> &str {
        &self.0
    }
    fn completion(&self) -> Option<&str> {
        // Accepting a list of parameter names would insert wrong code.
        None
    }
}

/// Completion, hints, colours and multi-line validation for `.sg` entries.
pub struct SgHelper {
    /// The session's definitions, refreshed after every entry.
    pub definitions: Vec<DefinitionSummary>,
    color: bool,
    files: FilenameCompleter,
    /// False for the final drawing of a submitted entry: no bracket marks.
    mark_brackets: Cell<bool>,
}

impl SgHelper {
    /// A helper that colours when `color` is set.
    pub fn new(color: bool) -> SgHelper {
        SgHelper {
            definitions: Vec::new(),
            color,
            files: FilenameCompleter::new(),
            mark_brackets: Cell::new(true),
        }
    }

    /// Names that complete the word `prefix`, sorted.
    fn names(&self, prefix: &str, with_keywords: bool) -> Vec<Pair> {
        let names = matching_names(&self.definitions, prefix, with_keywords);
        names.iter().map(|name| pair(name, name)).collect()
    }
}

/// The keywords (if `with_keywords`), built-ins and definitions whose names
/// start with `prefix`, sorted.
fn matching_names(
    definitions: &[DefinitionSummary],
    prefix: &str,
    with_keywords: bool,
) -> Vec<String> {
    let keywords = KEYWORDS.iter().filter(|_| with_keywords).copied();
    let user = definitions.iter().map(|d| d.name.as_str());
    let mut names: Vec<&str> = keywords
        .chain(Builtin::NAMES.iter().copied())
        .chain(user)
        .filter(|name| name.starts_with(prefix))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.into_iter().map(String::from).collect()
}

/// Where the name being typed at byte `pos` of `code` starts, and the
/// names that complete it: none inside a string or a comment, or for a
/// number. Tab in the REPL and completion in a notebook.
pub fn complete_name(
    definitions: &[DefinitionSummary],
    code: &str,
    pos: usize,
) -> (usize, Vec<String>) {
    let start = word_start(code, pos);
    let word = &code[start..pos];
    let in_text = lexer::tokens(code)
        .iter()
        .any(|t| matches!(t.kind, Kind::String | Kind::Comment) && t.start < pos && pos <= t.end);
    if word.is_empty() || in_text || word.starts_with(|c: char| c.is_ascii_digit()) {
        return (pos, Vec::new());
    }
    (start, matching_names(definitions, word, true))
}

/// The identifier around byte `pos` of `code` (the word the cursor is in
/// or just after), for inspection in a notebook.
pub fn word_at(code: &str, pos: usize) -> &str {
    let end = code[pos..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(code.len(), |n| pos + n);
    &code[word_start(code, pos)..end]
}

fn pair(display: &str, replacement: &str) -> Pair {
    Pair {
        display: display.to_string(),
        replacement: replacement.to_string(),
    }
}

/// The start of the identifier that ends at `pos`.
fn word_start(line: &str, pos: usize) -> usize {
    let before = &line[..pos];
    before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_')
        .last()
        .map_or(pos, |(i, _)| i)
}

/// The argument of REPL command `name` being typed, if the cursor is in it.
fn command_argument<'a>(before_cursor: &'a str, name: &str) -> Option<&'a str> {
    let (command, argument) = before_cursor.trim_start().split_once(char::is_whitespace)?;
    let command = command.strip_prefix(':')?;
    (!command.is_empty() && name.starts_with(command)).then_some(argument)
}

impl Completer for SgHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        if command_argument(before, "load").is_some() {
            return self.files.complete_path(line, pos);
        }
        let start = word_start(line, pos);
        let word = &line[start..pos];
        if command_argument(before, "info").is_some() {
            return Ok((start, self.names(word, false)));
        }
        let trimmed = before.trim_start();
        if trimmed.starts_with(':') && !trimmed.contains(char::is_whitespace) {
            let commands = COMMANDS.iter().filter(|c| c.name.starts_with(trimmed));
            let pairs = commands.map(|c| {
                let space = if c.argument.is_empty() { "" } else { " " };
                pair(c.name, &format!("{}{space}", c.name))
            });
            return Ok((pos - trimmed.len(), pairs.collect()));
        }
        let (start, names) = complete_name(&self.definitions, line, pos);
        Ok((start, names.iter().map(|name| pair(name, name)).collect()))
    }
}

impl Hinter for SgHelper {
    type Hint = ParamsHint;

    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<ParamsHint> {
        let callee = line.strip_suffix('(').filter(|_| pos == line.len())?;
        let name = &callee[word_start(callee, callee.len())..];
        let definition = self.definitions.iter().find(|d| d.name == name)?;
        (!definition.params.is_empty())
            .then(|| ParamsHint(format!("{})", definition.params.join(", "))))
    }
}

impl Highlighter for SgHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        let cursor = self.mark_brackets.get().then_some(pos);
        let painted = highlight::paint(line, cursor, self.color);
        if painted == line {
            Cow::Borrowed(line)
        } else {
            Cow::Owned(painted)
        }
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(&'s self, prompt: &'p str, _: bool) -> Cow<'b, str> {
        Cow::Owned(highlight::styled(prompt, PROMPT_STYLE, self.color))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(highlight::styled(hint, DIM, self.color))
    }

    fn highlight_char(&self, _: &str, _: usize, kind: CmdKind) -> bool {
        self.mark_brackets.set(kind != CmdKind::ForcedRefresh);
        true
    }
}

impl Validator for SgHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if needs_more_input(ctx.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl rustyline::Helper for SgHelper {}

#[cfg(test)]
mod tests {
    use rustyline::history::MemHistory;

    use super::*;
    use crate::interp::session::DefinitionKind;
    use crate::span::Span;

    #[test]
    fn an_open_bracket_asks_for_another_line() {
        assert!(needs_more_input("game S(n) = <"));
        assert!(needs_more_input("g(Kayles(3)"));
        assert!(needs_more_input("g(*3 +"));
        assert!(needs_more_input("let m = {\"a\": [1,"));
        assert!(needs_more_input(
            "game S(n) = <\n    S(n - 1) for k in [1, 2]"
        ));
        assert!(needs_more_input("game S(n) = <   # options follow"));
    }

    #[test]
    fn complete_entries_and_hopeless_ones_are_submitted() {
        assert!(!needs_more_input(""));
        assert!(!needs_more_input("g(*3 + *5)"));
        assert!(!needs_more_input(
            "game S(n) = <\n    S(n - 1) if n > 0\n    >"
        ));
        // Errors before the end, or that another line cannot fix.
        assert!(!needs_more_input("g(5))"));
        assert!(!needs_more_input("*3 +"));
        assert!(!needs_more_input("(1 +) + ("));
        assert!(!needs_more_input("print(\"unclosed"));
        // A `<` after a value compares: no bracket is open.
        assert!(!needs_more_input("1 <"));
        // REPL commands are never continued.
        assert!(!needs_more_input(":load (odd name"));
    }

    #[test]
    fn an_empty_line_forces_submission() {
        assert!(!needs_more_input("game S(n) = <\n"));
        assert!(!needs_more_input(&format!("g(\n{CONTINUATION_INDENT}")));
        assert!(needs_more_input(&format!("g(\n{CONTINUATION_INDENT}3")));
    }

    fn helper() -> SgHelper {
        let mut helper = SgHelper::new(false);
        let definition = |name: &str, kind, params: &[&str]| DefinitionSummary {
            name: name.to_string(),
            kind,
            params: params.iter().map(|p| p.to_string()).collect(),
            span: Span::default(),
        };
        helper.definitions = vec![
            definition("Kayles", DefinitionKind::Game, &["n"]),
            definition("Wythoff", DefinitionKind::Game, &["a", "b"]),
            definition("kmax", DefinitionKind::Let, &[]),
        ];
        helper
    }

    fn complete(line: &str) -> (usize, Vec<String>) {
        let history = MemHistory::new();
        let ctx = Context::new(&history);
        let (start, pairs) = helper()
            .complete(line, line.len(), &ctx)
            .unwrap_or_default();
        (start, pairs.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn tab_completes_user_names_built_ins_and_keywords() {
        assert_eq!(complete("g(Kay"), (2, vec!["Kayles".to_string()]));
        assert_eq!(
            complete("k"),
            (0, vec!["keys".to_string(), "kmax".to_string()])
        );
        assert_eq!(complete("ga"), (0, vec!["game".to_string()]));
        assert_eq!(complete("seq(Wy"), (4, vec!["Wythoff".to_string()]));
        assert_eq!(complete("print(\"Kay").1, Vec::<String>::new());
        assert_eq!(complete("g(*3) # Kay").1, Vec::<String>::new());
    }

    #[test]
    fn tab_completes_commands_and_their_arguments() {
        assert_eq!(complete(":lo"), (0, vec![":load ".to_string()]));
        assert_eq!(complete(":r"), (0, vec![":reload".to_string()]));
        assert_eq!(complete(":info Wy"), (6, vec!["Wythoff".to_string()]));
        // `:info` offers definitions and built-ins, not keywords.
        assert_eq!(complete(":i ga").1, Vec::<String>::new());
    }

    #[test]
    fn tab_after_load_completes_file_names() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("no temporary directory: {e}"));
        let file = dir.path().join("kayles.sg");
        std::fs::write(&file, "").unwrap_or_else(|e| panic!("cannot write: {e}"));
        let typed = format!(":load {}", dir.path().join("kay").display());
        let (start, candidates) = complete(&typed);
        assert_eq!(start, ":load ".len());
        assert_eq!(candidates, [file.display().to_string()]);
    }

    #[test]
    fn an_open_call_hints_the_parameters() {
        let history = MemHistory::new();
        let ctx = Context::new(&history);
        let hint = |line: &str| {
            helper()
                .hint(line, line.len(), &ctx)
                .map(|h| h.display().to_string())
        };
        assert_eq!(hint("g(Wythoff(").as_deref(), Some("a, b)"));
        assert_eq!(hint("Kayles(").as_deref(), Some("n)"));
        assert_eq!(hint("kmax("), None);
        assert_eq!(hint("Wythoff"), None);
    }
}

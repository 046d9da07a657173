//! pest errors → diagnostics a student can read: "expected an expression,
//! `)` or `,`", never a rule name; unclosed brackets labelled where opened.

use super::{KEYWORDS, Rule};
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::{SourceId, Span};
use pest::error::{Error, InputLocation};

/// The diagnostic for a failed parse of `text`.
pub fn syntax_error(error: &Error<Rule>, text: &str, source: SourceId) -> Box<Diagnostic> {
    let mut at = position(error);
    // A CRLF line ends at its `\r`, as the LF line ends at its `\n`.
    if text[at..].starts_with('\n') && text[..at].ends_with('\r') {
        at -= 1;
    }
    let rest = &text[at..];
    let span_of = |start: usize, len: usize| Span::new(source, start, start + len);
    let here = match line_end_before_eof(text, at) {
        // The end of a file that ends a line is shown at that line's end,
        // where an editor puts it, not on a line after the last.
        Some(end) => span_of(end, text.len() - end),
        None => span_of(at, rest.chars().next().map_or(0, char::len_utf8)),
    };
    let unclosed = unclosed_bracket(&text[..at]);
    let expected = expectations(error, unclosed.map(|u| u.1));
    let wanted = join_or(&expected);

    if rest.starts_with('"') && !rest[1..].lines().next().unwrap_or("").contains('"') {
        let line = rest.lines().next().unwrap_or("");
        return Diagnostic::new(span_of(at, line.len()), "unterminated string")
            .label("this string is never closed")
            .help("close it with `\"` on the same line");
    }
    if !expected.iter().any(|w| w == "a name")
        && let Some(diagnostic) = super::habits::python_habit(text, at, unclosed.is_some(), source)
    {
        return diagnostic;
    }
    if let Some(c) = rest.chars().next()
        && is_stray(c)
    {
        return Diagnostic::new(here, format!("unexpected character `{c}`"))
            .label("this character has no meaning in the language")
            .help(stray_help(c));
    }
    if let Some((open_at, bracket)) = unclosed
        && (rest.trim().is_empty() || text[open_at..at].contains('\n'))
    {
        let close = closing(bracket);
        let found = if rest.trim().is_empty() {
            "the input ends here".to_string()
        } else {
            format!("expected {wanted} before this")
        };
        return Diagnostic::new(
            span_of(open_at, 1),
            format!("this `{bracket}` is never closed"),
        )
        .label(format!("`{bracket}` opened here"))
        .with_label(here, found)
        .help(format!(
            "add `{close}` where the {} ends",
            bracket_noun(bracket)
        ));
    }
    let found = describe_found(text, at);
    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {wanted}, found {found}")
    };
    let mut diagnostic = Diagnostic::new(here, message).label(if expected.is_empty() {
        "not expected here".to_string()
    } else {
        format!("expected {wanted} here")
    });
    let word = leading_word(rest);
    if expected.iter().any(|w| w == "a name") && KEYWORDS.contains(&word) {
        diagnostic = diagnostic.help(format!("`{word}` is a keyword; choose another name"));
    } else if rest.starts_with(['\n', '\r']) && !expected.is_empty() {
        // An `else` on the next line reads as a new statement: the usual
        // slip in an `if … then < … >` written over two lines.
        let help = match leading_word(rest.trim_start()) == "else" {
            true => {
                "a newline ends a statement, so the `else` on the next line starts a new one; \
                 put the whole `if … then … else …` in parentheses to write it over several lines"
            }
            false => {
                "a newline ends a statement; to continue on the next line, break inside brackets"
            }
        };
        diagnostic = diagnostic.help(help);
    }
    diagnostic
}

/// The name or keyword `text` starts with (empty if none).
fn leading_word(text: &str) -> &str {
    let end = (text.char_indices())
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
        .map_or(text.len(), |(at, _)| at);
    &text[..end]
}

/// Where the last line's break starts (`\n` or `\r\n`) when `at` is the
/// end of a text that ends with one.
fn line_end_before_eof(text: &str, at: usize) -> Option<usize> {
    if at != text.len() {
        return None;
    }
    let body = text.strip_suffix('\n')?;
    Some(body.strip_suffix('\r').unwrap_or(body).len())
}

/// Whether the parse failed only because the input ended too early.
pub fn ends_early(error: &Error<Rule>, text: &str) -> bool {
    let rest = &text[position(error).min(text.len())..];
    rest.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

/// Where the parse failed: pest's furthest rule attempt, or, when no rule
/// was expected there (only a literal such as `=`), its furthest token.
fn position(error: &Error<Rule>) -> usize {
    let legacy = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    match error.parse_attempts() {
        Some(attempts) if rule_words(error).is_empty() => attempts.max_position.max(legacy),
        _ => legacy,
    }
}

fn rule_words(error: &Error<Rule>) -> Vec<String> {
    match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| rule_word(*r)).collect()
        }
        _ => Vec::new(),
    }
}

/// Characters that belong to no token of the language.
fn is_stray(c: char) -> bool {
    matches!(
        c,
        '$' | '@' | '&' | '|' | '?' | '~' | '`' | '\\' | '\'' | '!' | '\u{1}'..='\u{8}'
    ) || (!c.is_ascii() && !c.is_alphabetic())
}

fn stray_help(c: char) -> &'static str {
    match c {
        '&' => "write `and` for logical and",
        '|' => "write `or` for logical or",
        '!' => "write `not` for negation, `!=` for inequality",
        '\'' => "strings use double quotes: \"…\"",
        _ => "remove it",
    }
}

fn bracket_noun(bracket: char) -> &'static str {
    match bracket {
        '(' => "parenthesis",
        '[' => "list",
        '{' => "set or map",
        _ => "option list",
    }
}

/// What the parser would have accepted, in words, deduplicated. `open` is
/// the innermost unclosed bracket: a `>` closes it only if it is a `<`.
fn expectations(error: &Error<Rule>, open: Option<char>) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut add = |word: Option<String>| {
        if let Some(word) = word
            && !words.contains(&word)
        {
            words.push(word);
        }
    };
    for word in rule_words(error) {
        add(Some(word));
    }
    if let Some(attempts) = error.parse_attempts()
        && attempts.max_position == position(error)
    {
        for token in attempts.expected_tokens() {
            add(token_word(&token.to_string(), open));
        }
    }
    // A call or an index could follow any operand; listing them only helps
    // when nothing else fits.
    if words.len() > 2 {
        words.retain(|w| w != "`(`" && w != "`[`");
    }
    // `in` after an operand is the membership operator.
    if words.iter().any(|w| w == "an operator") {
        words.retain(|w| w != "`in`");
    }
    words.sort_by_key(|w| (!w.starts_with("an "), w.starts_with("the end")));
    words
}

fn rule_word(rule: Rule) -> Option<String> {
    use Rule::*;
    let word = match rule {
        expr | if_expr | or_expr | and_expr | not_expr | cmp_expr | range_expr | add_expr
        | mul_expr | xor_expr | unary | postfix | paren | integer | string | boolean | options
        | list | braces | element | set_elements | map_entries | map_entry | expr_stmt | neg_op
        | nim_op | nim_one | not_op | power | open_low => "an expression",
        cmp_op | range_op | add_op | mul_op | xor_op | pow_op | in_op | kw_and | kw_or
        | open_high => "an operator",
        call_args => "`(`",
        index => "`[`",
        name => "a name",
        params => "`(`",
        kw_then => "`then`",
        kw_else => "`else`",
        kw_in => "`in`",
        kw_for => "`for`",
        kw_if => "`if`",
        EOI => "the end of the statement",
        _ => return None,
    };
    Some(word.to_string())
}

fn token_word(token: &str, open: Option<char>) -> Option<String> {
    let word = match token {
        ">" if open == Some('<') => "`>`",
        ")" | "]" | "}" | "," | "=" | ":" | ";" => return Some(format!("`{token}`")),
        "then" | "else" | "in" => return Some(format!("`{token}`")),
        _ => return None,
    };
    Some(word.to_string())
}

fn join_or(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn describe_found(text: &str, at: usize) -> String {
    let rest = &text[at.min(text.len())..];
    match rest.chars().next() {
        None => "the end of the input".to_string(),
        Some('\n' | '\r') => "the end of the line".to_string(),
        Some('"') if !rest[1..].contains('"') => "an unterminated string".to_string(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            format!("`{word}`")
        }
        Some(c) => format!("`{c}`"),
    }
}

/// The innermost bracket still open at the end of `prefix`, if any.
fn unclosed_bracket(prefix: &str) -> Option<(usize, char)> {
    let mut open = Vec::new();
    scan_brackets(prefix, &mut open, usize::MAX);
    open.pop()
}

/// The first bracket opened at a depth above `limit`, if any: deeper input
/// would exhaust the parser's stack, so it is refused up front.
pub fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let mut open = Vec::new();
    scan_brackets(text, &mut open, limit).then(|| open.last().map_or(0, |o| o.0))
}

/// Tracks brackets through `text`, skipping strings and comments; a `<`
/// opens an option list only where an expression may start. Stops early
/// (returning true) once more than `limit` are open.
fn scan_brackets(text: &str, open: &mut Vec<(usize, char)>, limit: usize) -> bool {
    let mut previous = '\n';
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                skip_literal(c, &mut chars);
                continue;
            }
            '"' => skip_literal(c, &mut chars),
            '(' | '[' | '{' => open.push((i, c)),
            '<' if starts_expression(previous) && chars.peek().map(|p| p.1) != Some('=') => {
                open.push((i, c))
            }
            ')' | ']' | '}' | '>' if open.last().is_some_and(|(_, o)| closing(*o) == c) => {
                open.pop();
            }
            _ => {}
        }
        if open.len() > limit {
            return true;
        }
        if !c.is_whitespace() {
            previous = c;
        }
    }
    false
}

/// Skips the rest of a comment (`c` is `#`) or of a string (`c` is `"`,
/// up to its closing quote or the end of the line), as the bracket and
/// depth scans must: brackets there do not count.
pub(super) fn skip_literal(c: char, chars: &mut std::iter::Peekable<std::str::CharIndices>) {
    if c == '#' {
        while chars.next_if(|(_, c)| *c != '\n').is_some() {}
        return;
    }
    while let Some((_, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' | '\n' => break,
            _ => {}
        }
    }
}

/// Whether a `<` after `previous` opens an option list.
pub(super) fn starts_expression(previous: char) -> bool {
    matches!(
        previous,
        '\n' | '=' | '(' | '[' | '{' | '<' | ',' | ':' | '+'
    )
}

/// The bracket that closes `bracket`.
pub(super) fn closing(bracket: char) -> char {
    match bracket {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        _ => '>',
    }
}

//! pest errors → diagnostics a student can read: "expected an expression,
//! `)` or `,`", never a rule name; unclosed brackets labelled where opened.

use super::Rule;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::{SourceId, Span};
use pest::error::{Error, InputLocation};

/// The diagnostic for a failed parse of `text`.
pub fn syntax_error(error: &Error<Rule>, text: &str, source: SourceId) -> Box<Diagnostic> {
    let at = position(error);
    let found = describe_found(text, at);
    let expected = expectations(error);
    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {}, found {found}", join_or(&expected))
    };
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let span = Span::new(source, at, end);
    let mut diagnostic = Diagnostic::new(span, message);
    diagnostic = diagnostic.label(if expected.is_empty() {
        "not expected here".to_string()
    } else {
        format!("expected {} here", join_or(&expected))
    });
    if let Some((open_at, bracket)) = unclosed_bracket(&text[..at]) {
        let open = Span::new(source, open_at, open_at + 1);
        diagnostic = diagnostic.with_label(open, format!("this `{bracket}` is not closed"));
        diagnostic = diagnostic.help(format!("close it with `{}`", closing(bracket)));
    } else if text[at..].starts_with(['\n', '\r']) && !expected.is_empty() {
        diagnostic = diagnostic.help(
            "a newline ends a statement; to continue on the next line, break inside brackets",
        );
    }
    diagnostic
}

/// Whether the parse failed only because the input ended too early.
pub fn ends_early(error: &Error<Rule>, text: &str) -> bool {
    let rest = &text[position(error).min(text.len())..];
    rest.lines().all(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('#')
    })
}

fn position(error: &Error<Rule>) -> usize {
    match error.parse_attempts() {
        Some(attempts) => attempts.max_position,
        None => match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        },
    }
}

/// What the parser would have accepted, in words, deduplicated.
fn expectations(error: &Error<Rule>) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut add = |word: Option<String>| {
        if let Some(word) = word
            && !words.contains(&word)
        {
            words.push(word);
        }
    };
    if let Some(attempts) = error.parse_attempts() {
        for stack in &attempts.call_stacks {
            if let Some(rule) = stack.deepest.get_rule() {
                add(rule_word(*rule));
            }
        }
        for token in attempts.expected_tokens() {
            add(token_word(&token.to_string()));
        }
    } else if let pest::error::ErrorVariant::ParsingError { positives, .. } = &error.variant {
        for rule in positives {
            add(rule_word(*rule));
        }
    }
    // An operand-starting token adds nothing once "an expression" is listed.
    if words.iter().any(|w| w == "an expression") {
        words.retain(|w| !matches!(w.as_str(), "`(`" | "`[`" | "`{`" | "`<`" | "`-`" | "`*`"));
    }
    words.sort_by_key(|w| !w.starts_with("an "));
    words
}

fn rule_word(rule: Rule) -> Option<String> {
    use Rule::*;
    let word = match rule {
        expr | if_expr | or_expr | and_expr | not_expr | cmp_expr | range_expr | add_expr
        | mul_expr | xor_expr | unary | postfix | paren | integer | string | boolean | options
        | list | braces | element | set_elements | map_entries | map_entry | expr_stmt | neg_op
        | nim_op | nim_one | not_op => "an expression",
        cmp_op | range_op | add_op | mul_op | xor_op | kw_and | kw_or => "an operator",
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

fn token_word(token: &str) -> Option<String> {
    match token {
        "" | "\n" | "\r\n" | "\r" | "#" | " " | "\t" | "BUILTIN_RULE" => None,
        _ if token.contains("..") && token.len() == 4 => None,
        "+" | "-" | "/" | "%" | "^" | "==" | "!=" | "<=" | ">=" | ".." | "..=" => {
            Some("an operator".to_string())
        }
        _ => Some(format!("`{token}`")),
    }
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

/// The innermost bracket still open at the end of `prefix`, if any. A `<`
/// opens an option list only where an expression may start.
fn unclosed_bracket(prefix: &str) -> Option<(usize, char)> {
    let mut open: Vec<(usize, char)> = Vec::new();
    let mut previous = '\n';
    let mut chars = prefix.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                while chars.next_if(|(_, c)| *c != '\n').is_some() {}
                continue;
            }
            '"' => {
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
            '(' | '[' | '{' => open.push((i, c)),
            '<' if starts_expression(previous) && chars.peek().map(|p| p.1) != Some('=') => {
                open.push((i, c))
            }
            ')' | ']' | '}' | '>' => {
                if open.last().is_some_and(|(_, o)| closing(*o) == c) {
                    open.pop();
                }
            }
            _ => {}
        }
        if !c.is_whitespace() {
            previous = c;
        }
    }
    open.pop()
}

fn starts_expression(previous: char) -> bool {
    matches!(
        previous,
        '\n' | '=' | '(' | '[' | '{' | '<' | ',' | ':' | '+'
    )
}

fn closing(bracket: char) -> char {
    match bracket {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        _ => '>',
    }
}

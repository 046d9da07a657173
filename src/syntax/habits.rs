//! Syntax errors that come from habits of Python: `x = 3`, `if a = b`,
//! `for … in …:`, `def f(n): …`, `a if c else b`, `octal(0.77)`, `7 // 2`,
//! `0 <= x <= 5`.
//! Each gets a diagnostic whose help shows the line rewritten in this
//! language.

use super::KEYWORDS;
use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::{SourceId, Span};

/// The diagnostic for a Python habit at byte `at` of `text`, where the
/// parse failed, if the text there looks like one. `nested` says whether a
/// bracket is open there (so the line is not a statement of its own).
pub fn python_habit(
    text: &str,
    at: usize,
    nested: bool,
    source: SourceId,
) -> Option<Box<Diagnostic>> {
    let rest = &text[at..];
    let start = statement_start(text, at);
    let end = at + rest.find(['\n', ';']).unwrap_or(rest.len());
    let before = text[start..at].trim();
    let line = text[start..end].trim();
    let span = |from: usize, len: usize| Span::new(source, from, from + len);
    let first_word = before.split(|c: char| !is_ident(c)).next().unwrap_or("");

    if first_word == "for" && !nested {
        return Some(for_statement(line, span(start, end - start)));
    }
    if rest.starts_with(':') && matches!(first_word, "def" | "game") && !nested {
        let body = rest[1..end - at].trim();
        let body = body.strip_prefix("return ").unwrap_or(body).trim();
        let body = if body.is_empty() { "…" } else { body };
        return Some(
            Diagnostic::new(span(at, 1), "a definition has `=`, not `:`")
                .label("write `=` here")
                .help(format!(
                    "the body is one expression, without `return`: `{before} = {body}`"
                )),
        );
    }
    if rest.starts_with('=') && !rest.starts_with("==") {
        if is_name(before) && !nested {
            return Some(
                Diagnostic::new(span(start, end - start), "a definition starts with `let`")
                    .label("this assigns, as in Python")
                    .help(format!("write `let {line}`")),
            );
        }
        let fixed = format!("{}=={}", &text[start..at].trim_start(), &text[at + 1..end]);
        return Some(
            Diagnostic::new(span(at, 1), "`=` cannot compare")
                .label("`==` compares; `=` only follows `let`, `def` or `game`")
                .help(format!("write `{}`", fixed.trim())),
        );
    }
    if rest.starts_with('\n') || rest.starts_with("\r\n") {
        if before.ends_with('=') && matches!(first_word, "game" | "def" | "let") {
            let help = if first_word == "game" {
                format!(
                    "start the body on this line, e.g. `{before} <`, and break the line inside its brackets"
                )
            } else {
                "start the value on this line; to continue on the next, break inside brackets"
                    .to_string()
            };
            return Some(
                Diagnostic::new(span(at, 0), "the definition stops at the end of this line")
                    .label("a newline ends a statement")
                    .help(help),
            );
        }
        return None;
    }
    if rest.starts_with('"') && text[..at].ends_with('f') && word_before(&text[..at]) == "f" {
        return Some(format_string(rest, at - 1, source));
    }
    if rest.starts_with(',')
        && let Some(open) = tuple_start(&text[start..at])
    {
        return Some(tuple(text, start + open, source));
    }
    if word_at(rest) == "if" {
        return Some(conditional(text, start, at, end, source));
    }
    // `[a if c else b]`: the `if` was read as a comprehension's clause.
    if word_at(rest) == "else"
        && let Some(i) = text[start..at].rfind(" if ")
    {
        return Some(conditional(text, start, start + i + 1, end, source));
    }
    if rest.starts_with('/') && text[..at].ends_with('/') {
        let fixed = format!("{}{}", &text[start..at - 1].trim_start(), &text[at..end]);
        return Some(
            Diagnostic::new(span(at - 1, 2), "`//` is `/` here")
                .label("`/` divides integers, rounding down as Python's `//` does")
                .help(format!("write `{}`", fixed.trim())),
        );
    }
    if let Some(diagnostic) = chained(text, (start, at, end), source) {
        return Some(diagnostic);
    }
    let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && rest.starts_with('.') && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
        let number_start = at - digits;
        let len = digits + 1 + rest[1..].len()
            - rest[1..]
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        let number = &text[number_start..number_start + len];
        let call = text[..number_start].trim_end();
        let diagnostic = Diagnostic::new(span(number_start, len), "a number with a decimal point")
            .label("the language has integers only");
        return Some(
            if call.ends_with("octal(") || call.ends_with("take_and_break(") {
                diagnostic.help(format!(
                    "a game's code is a string: quote it, `\"{number}\"`"
                ))
            } else {
                diagnostic.help("use integers (`/` divides, rounding down)")
            },
        );
    }
    None
}

/// The comparison operators, the two-character ones first.
const COMPARISONS: [&str; 6] = ["<=", ">=", "==", "!=", "<", ">"];

/// `0 <= x <= 5`, the parse failed at the second comparison: comparisons
/// do not chain here, so the help writes the `and` Python reads there.
/// Only where the operand they share is plain (a name, a number, a call).
fn chained(
    text: &str,
    (start, at, end): (usize, usize, usize),
    source: SourceId,
) -> Option<Box<Diagnostic>> {
    let rest = &text[at..end];
    let second = COMPARISONS.iter().find(|op| rest.starts_with(**op))?;
    let before = &text[start..at];
    let (first, shared) = COMPARISONS
        .iter()
        .filter_map(|op| before.rfind(op).map(|i| (i, i + op.len())))
        .max_by_key(|&(i, after)| (after, std::cmp::Reverse(i)))?;
    let shared = before[shared..].trim();
    let plain = |c: char| is_ident(c) || matches!(c, '(' | ')' | '[' | ']' | ',' | ' ' | '-' | '+');
    // A whole operand: a name, a number, a call or an index, with its
    // brackets closed.
    let whole = shared.ends_with(|c: char| is_ident(c) || matches!(c, ')' | ']'))
        && shared.matches(['(', '[']).count() == shared.matches([')', ']']).count();
    let left = before[..first].trim_end();
    let words = |text: &str| text.split(|c: char| !is_ident(c)).any(|word| word == "not");
    // After `=`, a `<` opens a game's options; inside a game's options a
    // second `<` may open options with the comma before it forgotten, as
    // may a `<` followed by a game (`x > 0 <*1>`); after `not`, the `and`
    // would not be what Python reads.
    if shared.is_empty()
        || !shared.chars().all(plain)
        || !whole
        || left.is_empty()
        || left.ends_with('=')
        || (*second == "<" && before.contains("= <"))
        || (*second == "<" && rest[1..].trim_start().starts_with(['*', '<', '>']))
        || words(left)
    {
        return None;
    }
    let fixed = format!("{} and {shared} {}", before.trim(), rest.trim());
    Some(
        Diagnostic::new(
            Span::new(source, at, at + second.len()),
            "comparisons do not chain",
        )
        .label(format!("a second comparison of `{shared}`"))
        .help(format!("join the two with `and`: `{fixed}`")),
    )
}

/// Where `before` opens the parentheses it is inside, if they group (they
/// follow no name, call or index): a `,` there starts a Python tuple.
fn tuple_start(before: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in before.char_indices().rev() {
        match c {
            ')' | ']' | '}' | '>' => depth += 1,
            '[' | '{' | '<' if depth > 0 => depth -= 1,
            '[' | '{' | '<' => return None,
            '(' if depth > 0 => depth -= 1,
            '(' => {
                let previous = before[..i].trim_end().chars().next_back();
                let called = previous.is_some_and(|p| is_ident(p) || matches!(p, ')' | ']'));
                return (!called).then_some(i);
            }
            _ => {}
        }
    }
    None
}

/// `(1, 2, 3)` at byte `open` of `text` → the list `[1, 2, 3]`.
fn tuple(text: &str, open: usize, source: SourceId) -> Box<Diagnostic> {
    let mut depth = 0usize;
    let close = text[open..].char_indices().find_map(|(i, c)| {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '\n' => return Some(i),
            _ => {}
        }
        (depth == 0).then_some(i + 1)
    });
    let len = close.unwrap_or(text.len() - open);
    let written = &text[open..open + len];
    let inner = written.strip_prefix('(').unwrap_or(written);
    let inner = inner.strip_suffix(')').unwrap_or(inner);
    Diagnostic::new(
        Span::new(source, open, open + len),
        "the language has no tuples",
    )
    .label("a tuple, as in Python")
    .help(format!(
        "a position or value of several integers is a list: write `[{}]`",
        inner.trim()
    ))
}

/// `for i in range(10): print(i)` → the comprehension that lists the same.
fn for_statement(line: &str, span: Span) -> Box<Diagnostic> {
    let suggestion = line
        .strip_prefix("for")
        .and_then(|l| l.split_once(" in "))
        .and_then(|(var, tail)| {
            let (iter, body) = tail.split_once(':')?;
            let body = body.trim();
            let body = body
                .strip_prefix("print(")
                .and_then(|b| b.strip_suffix(')'))
                .unwrap_or(body);
            let body = if body.is_empty() { var.trim() } else { body };
            Some(format!(
                "[{body} for {} in {}]",
                var.trim(),
                range_form(iter.trim())
            ))
        });
    let example = suggestion.unwrap_or_else(|| "[g(K(n)) for n in 0..10]".to_string());
    Diagnostic::new(span, "`for` is not a statement")
        .label("loops are written inside brackets")
        .help(format!(
            "write a comprehension: `{example}` lists the values (a statement's value is printed)"
        ))
}

/// `f"n = {n}"` → `"n = " + str(n)`.
fn format_string(rest: &str, start: usize, source: SourceId) -> Box<Diagnostic> {
    let body = rest[1..].split('"').next().unwrap_or("");
    let mut parts = Vec::new();
    let mut pieces = body.split('{');
    if let Some(text) = pieces.next().filter(|t| !t.is_empty()) {
        parts.push(format!("\"{text}\""));
    }
    for piece in pieces {
        let (expr, text) = piece.split_once('}').unwrap_or((piece, ""));
        parts.push(format!("str({})", expr.trim()));
        if !text.is_empty() {
            parts.push(format!("\"{text}\""));
        }
    }
    let len = 1 + body.len() + 2.min(rest.len());
    Diagnostic::new(
        Span::new(source, start, start + len),
        "there are no f-strings",
    )
    .label("a string cannot hold expressions")
    .help(format!(
        "join the parts with `+`: `{}`, or give `print` several arguments",
        parts.join(" + ")
    ))
}

/// `range(a, b)` written as the range `a..b`; anything else unchanged.
pub fn range_form(iter: &str) -> String {
    let Some(args) = iter
        .strip_prefix("range(")
        .and_then(|a| a.strip_suffix(')'))
    else {
        return iter.to_string();
    };
    match args
        .split(',')
        .map(str::trim)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [n] => format!("0..{n}"),
        [a, b] => format!("{a}..{b}"),
        _ => iter.to_string(),
    }
}

/// `a if c else b` → `if c then a else b`, taking `a` back to the nearest
/// open bracket, comma or `=` and `b` up to the next.
fn conditional(
    text: &str,
    start: usize,
    at: usize,
    end: usize,
    source: SourceId,
) -> Box<Diagnostic> {
    let mut depth = 0i32;
    let mut from = start;
    for (i, c) in text[start..at].char_indices().rev() {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth == 0 => {
                from = start + i + 1;
                break;
            }
            '(' | '[' | '{' => depth -= 1,
            ',' | '=' if depth == 0 => {
                from = start + i + 1;
                break;
            }
            // `<` opens an option list where an expression starts: the
            // value starts after it, unless the list closed before `if`
            // (`< D(n - 1) > if …`), when the whole list is the value.
            '<' if depth == 0
                && text[start..start + i]
                    .trim_end()
                    .ends_with(['=', ',', '(', '[', '{', '<'])
                && !text[start + i..at].trim_end().ends_with('>') =>
            {
                from = start + i + 1;
                break;
            }
            _ => {}
        }
    }
    let value = text[from..at].trim();
    let tail = &text[at + 2..end];
    let mut depth = 0i32;
    let mut until = tail.len();
    for (i, c) in tail.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => {
                until = i;
                break;
            }
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                until = i;
                break;
            }
            ' ' if depth == 0 && tail[i..].starts_with(" for ") => {
                until = i;
                break;
            }
            _ => {}
        }
    }
    let rewritten = tail[..until].split_once(" else ").map(|(cond, other)| {
        format!(
            "if {} then {value} else {}",
            cond.trim(),
            other.trim_end_matches([' ', '>']).trim()
        )
    });
    Diagnostic::new(Span::new(source, at, at + 2), "`if` comes first")
        .label("a conditional starts with `if`")
        .help(match rewritten {
            Some(fixed) => format!("write `{fixed}`"),
            None => "write `if c then a else b`".to_string(),
        })
}

/// Where the statement holding byte `at` starts: after the last newline or
/// `;` before it.
fn statement_start(text: &str, at: usize) -> usize {
    text[..at].rfind(['\n', ';']).map_or(0, |i| i + 1)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifier that ends `text`, if any.
fn word_before(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_ident(*c))
        .last()
        .map_or(text.len(), |(i, _)| i);
    &text[start..]
}

fn word_at(rest: &str) -> &str {
    let len = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
    &rest[..len]
}

fn is_name(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(is_ident)
        && !word.starts_with(|c: char| c.is_ascii_digit())
        && !KEYWORDS.contains(&word)
}

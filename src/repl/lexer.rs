//! A forgiving lexer for what is being typed. Unlike the parser it never
//! fails, so half-written input can still be coloured, its brackets matched
//! and its open brackets counted.

use crate::builtin::Builtin;

pub use crate::syntax::KEYWORDS;

/// What a stretch of input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Keyword,
    Builtin,
    Name,
    Number,
    /// The `*` of a nim heap, with the digits written right after it.
    Nimber,
    String,
    Comment,
    /// `(`, `[`, `{`, or a `<` that opens an option list.
    Open,
    /// `)`, `]`, `}`, or a `>` that closes an option list.
    Close,
    Operator,
    Space,
    Other,
}

/// A token: its kind and its byte range in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// Splits `text` into tokens covering every byte. `<` and `>` are told apart
/// from comparisons as the grammar does: `<` opens an option list where a
/// value is expected, and `>` closes one unless a value follows it on the
/// same line.
pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut open: Vec<u8> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        let after_value = ends_value(&out, text, open.is_empty());
        let (kind, end) = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                (Kind::Space, run(bytes, at, |b| b.is_ascii_whitespace()))
            }
            b'#' => (Kind::Comment, run(bytes, at, |b| b != b'\n')),
            b'"' => (Kind::String, string_end(bytes, at)),
            b'0'..=b'9' => (Kind::Number, run(bytes, at, |b| b.is_ascii_digit())),
            b'*' if !after_value => (Kind::Nimber, run(bytes, at + 1, |b| b.is_ascii_digit())),
            b'(' | b'[' | b'{' => {
                open.push(c);
                (Kind::Open, at + 1)
            }
            b'<' if !after_value && bytes.get(at + 1) != Some(&b'=') => {
                open.push(c);
                (Kind::Open, at + 1)
            }
            b')' | b']' | b'}' if open.last() == Some(&opening(c)) => {
                open.pop();
                (Kind::Close, at + 1)
            }
            b'>' if open.last() == Some(&b'<')
                && bytes.get(at + 1) != Some(&b'=')
                && closes_options(bytes, at + 1) =>
            {
                open.pop();
                (Kind::Close, at + 1)
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let end = run(bytes, at, |b| b.is_ascii_alphanumeric() || b == b'_');
                (word_kind(&text[at..end]), end)
            }
            _ => operator(text, at),
        };
        out.push(Token {
            kind,
            start: at,
            end,
        });
        at = end;
    }
    out
}

/// How many brackets are still open at the end of `text`.
pub fn open_brackets(text: &str) -> usize {
    let mut depth: usize = 0;
    for token in tokens(text) {
        match token.kind {
            Kind::Open => depth += 1,
            Kind::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    depth
}

/// For each token, the index of the bracket it pairs with, if any.
pub fn partners(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut partner = vec![None; tokens.len()];
    let mut open = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            Kind::Open => open.push(i),
            Kind::Close => {
                if let Some(j) = open.pop() {
                    partner[i] = Some(j);
                    partner[j] = Some(i);
                }
            }
            _ => {}
        }
    }
    partner
}

fn run(bytes: &[u8], from: usize, keep: impl Fn(u8) -> bool) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| !keep(b))
        .map_or(bytes.len(), |n| from + n)
}

/// The end of a string literal; an unterminated one stops at the line's end.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => return at + 1,
            b'\n' => return at,
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
    bytes.len()
}

fn opening(close: u8) -> u8 {
    match close {
        b')' => b'(',
        b']' => b'[',
        _ => b'{',
    }
}

/// Whether the last meaningful token ends a value, so that a following `<`
/// compares and a following `*` multiplies. At the top level a newline ends
/// the statement, and with it the value.
fn ends_value(out: &[Token], text: &str, top_level: bool) -> bool {
    for token in out.iter().rev() {
        let word = &text[token.start..token.end];
        match token.kind {
            Kind::Space if top_level && word.contains('\n') => return false,
            Kind::Space | Kind::Comment => {}
            Kind::Name | Kind::Builtin | Kind::Number | Kind::String => return true,
            Kind::Nimber | Kind::Close => return true,
            Kind::Keyword => return matches!(word, "true" | "false"),
            _ => return false,
        }
    }
    false
}

/// Whether a `>` followed by `bytes[from..]` closes an option list: it does
/// unless an operand follows on the same line (the grammar's `cmp_op`).
fn closes_options(bytes: &[u8], from: usize) -> bool {
    let next = bytes[from..].iter().find(|b| !matches!(b, b' ' | b'\t'));
    match next {
        None | Some(b'#' | b'\n' | b'\r') => true,
        Some(&b) => !(b.is_ascii_alphanumeric() || b"_\"([{<-*".contains(&b)),
    }
}

fn word_kind(word: &str) -> Kind {
    if KEYWORDS.contains(&word) {
        Kind::Keyword
    } else if Builtin::named(word).is_some() {
        Kind::Builtin
    } else {
        Kind::Name
    }
}

/// An operator (longest first) or a character the language does not use.
fn operator(text: &str, at: usize) -> (Kind, usize) {
    const OPERATORS: &[&str] = &[
        "..=", "..", "==", "!=", "<=", ">=", "+", "-", "**", "*", "/", "%", "^", "<", ">", "=",
        ",", ";", ":",
    ];
    let rest = &text[at..];
    match OPERATORS.iter().find(|op| rest.starts_with(*op)) {
        Some(op) => (Kind::Operator, at + op.len()),
        None => {
            let width = rest.chars().next().map_or(1, char::len_utf8);
            (Kind::Other, at + width)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The brackets of `text`, as written, with `Open`/`Close` told apart.
    fn brackets(text: &str) -> Vec<(Kind, &str)> {
        tokens(text)
            .into_iter()
            .filter(|t| matches!(t.kind, Kind::Open | Kind::Close))
            .map(|t| (t.kind, &text[t.start..t.end]))
            .collect()
    }

    #[test]
    fn angle_brackets_are_told_from_comparisons_as_the_grammar_does() {
        use Kind::{Close, Open};
        assert_eq!(brackets("1 < 2"), []);
        assert_eq!(brackets("<*1, *2> + *3"), [(Open, "<"), (Close, ">")]);
        assert_eq!(
            brackets("< S(n) if n > 3 >"),
            [(Open, "<"), (Open, "("), (Close, ")"), (Close, ">")]
        );
        assert_eq!(brackets("<*1>= x"), [(Open, "<")]);
        assert_eq!(brackets("<>"), [(Open, "<"), (Close, ">")]);
        assert_eq!(brackets("x <= <>"), [(Open, "<"), (Close, ">")]);
    }

    #[test]
    fn a_power_is_one_operator_and_its_exponent_a_number() {
        let kinds: Vec<(Kind, &str)> = tokens("2 ** 3")
            .into_iter()
            .filter(|t| t.kind != Kind::Space)
            .map(|t| (t.kind, &"2 ** 3"[t.start..t.end]))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Number, "2"),
                (Kind::Operator, "**"),
                (Kind::Number, "3")
            ]
        );
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        assert_eq!(open_brackets("print(\"(\") # ["), 0);
        assert_eq!(open_brackets("game S(n) = <\n  S(n - 1) # )"), 1);
        assert_eq!(open_brackets("[(<"), 3);
    }

    #[test]
    fn partners_pair_each_bracket_with_its_match() {
        let t = tokens("(<>)");
        assert_eq!(partners(&t), [Some(3), Some(2), Some(1), Some(0)]);
        let t = tokens("(]");
        assert_eq!(partners(&t), [None, None]);
    }
}

//! Control characters made visible wherever text from a script reaches the
//! terminal: a shared script must not be able to retitle, clear or
//! otherwise drive the user's terminal through an escape sequence hidden in
//! a comment, a string or a file name. C0 controls print as their Unicode
//! pictures (ESC as `␛`), DEL as `␡`, C1 controls (which have no picture) as
//! `�`: one character for one, so columns stay where an editor puts them. A
//! newline, a tab and the `\r` of a CRLF stay as they are.

use std::borrow::Cow;
use std::io::Write;

/// How control character `c` is shown, or `None` if it is shown as is.
fn replacement(c: char, next: Option<char>) -> Option<String> {
    match c {
        '\n' | '\t' => None,
        '\r' if next == Some('\n') => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).map(String::from),
        '\u{7f}' => Some("\u{2421}".to_string()),
        '\u{80}'..='\u{9f}' => Some("\u{fffd}".to_string()),
        _ => None,
    }
}

/// `text` with every control character made visible.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(VisibleSource::new(text).text)
}

/// A source text made visible for the diagnostic renderer, with the byte
/// offsets of the original mapped onto it: a replacement is longer than
/// the character it shows, so every span after it moves.
pub struct VisibleSource {
    pub text: String,
    /// For each replaced character: its offset in the original and the
    /// bytes added by it and every replacement before it.
    shifts: Vec<(usize, usize)>,
}

impl VisibleSource {
    /// Makes `text` visible.
    pub fn new(text: &str) -> VisibleSource {
        let mut out = String::with_capacity(text.len());
        let mut shifts = Vec::new();
        let mut added = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match replacement(c, chars.peek().map(|p| p.1)) {
                Some(shown) => {
                    added += shown.len() - c.len_utf8();
                    shifts.push((at, added));
                    out.push_str(&shown);
                }
                None => out.push(c),
            }
        }
        VisibleSource { text: out, shifts }
    }

    /// Where byte `at` of the original lies in the visible text: a span
    /// that starts at a replaced character starts at its replacement.
    pub fn offset(&self, at: usize) -> usize {
        let before = self.shifts.partition_point(|&(start, _)| start < at);
        at + before.checked_sub(1).map_or(0, |i| self.shifts[i].1)
    }
}

/// Output to a terminal, with control characters made visible; to a file or
/// pipe, output is written as it is.
pub struct VisibleWriter<W: Write>(pub W);

impl<W: Write> Write for VisibleWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(visible(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::{VisibleSource, visible};

    #[test]
    fn escape_sequences_and_other_controls_are_shown() {
        assert_eq!(visible("# \u{1b}]0;owned\u{7}"), "# ␛]0;owned␇");
        assert_eq!(visible("a\u{7f}b\u{9b}c"), "a␡b\u{fffd}c");
        assert_eq!(visible("line\r\nnext\ttab\rx"), "line\r\nnext\ttab␍x");
        assert_eq!(visible("plain"), "plain");
    }

    #[test]
    fn offsets_move_past_each_replacement() {
        let source = VisibleSource::new("a\u{1b}b\u{9b}c");
        assert_eq!(source.text, "a␛b\u{fffd}c");
        let shown: Vec<usize> = [0, 1, 2, 3, 5, 6]
            .iter()
            .map(|&at| source.offset(at))
            .collect();
        // a, ESC (1 byte → 3), b, C1 (2 bytes → 3), c, end
        assert_eq!(shown, [0, 1, 4, 5, 8, 9]);
        assert_eq!(&source.text[source.offset(2)..source.offset(3)], "b");
        assert_eq!(&source.text[source.offset(5)..source.offset(6)], "c");
    }
}

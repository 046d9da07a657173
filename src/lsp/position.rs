//! Byte offsets (what spans hold) to LSP positions and back. Lines end only
//! at `\n`, as the grammar counts them (a `\r` before it is part of the
//! line); characters are UTF-16 code units, LSP's default encoding.

use lsp_types::{Position, Range};

/// The start of every line of one text, for converting both ways.
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of each line's first character.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the lines of `text`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        LineIndex { text, starts }
    }

    /// The position of byte `offset` (clamped to the text, and back to the
    /// start of a character it falls inside).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let before = &self.text[self.starts[line]..offset];
        let character = before.chars().map(char::len_utf16).sum::<usize>();
        Position::new(line as u32, character as u32)
    }

    /// The range of bytes `start..end`.
    pub fn range(&self, span: std::ops::Range<usize>) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of `position`: past the end of its line (or of the
    /// text) it is the line's end, inside a surrogate pair the pair's start.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0;
        for (at, c) in line.char_indices() {
            units += c.len_utf16();
            if units > position.character as usize {
                return start + at;
            }
        }
        start + line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str, offset: usize, line: u32, character: u32) {
        let index = LineIndex::new(text);
        assert_eq!(index.position(offset), Position::new(line, character));
        assert_eq!(index.offset(Position::new(line, character)), offset);
    }

    #[test]
    fn ascii_lines() {
        let text = "game A = *1\nA\n";
        round_trip(text, 0, 0, 0);
        round_trip(text, 5, 0, 5);
        round_trip(text, 12, 1, 0);
        round_trip(text, 13, 1, 1);
    }

    #[test]
    fn multibyte_characters_count_in_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝔾` is 4 bytes and 2 units.
        let text = "# é𝔾 x\nlet y = 1";
        round_trip(text, 2, 0, 2);
        round_trip(text, 4, 0, 3);
        round_trip(text, 8, 0, 5);
        round_trip(text, 9, 0, 6);
        round_trip(text, 11, 1, 0);
        // Inside `𝔾` a position falls back to its start.
        let index = LineIndex::new(text);
        assert_eq!(index.position(6), Position::new(0, 3));
        assert_eq!(index.offset(Position::new(0, 4)), 4);
    }

    #[test]
    fn crlf_keeps_the_return_on_its_line() {
        let text = "let a = 1\r\nlet b = 2\r\n";
        round_trip(text, 9, 0, 9);
        round_trip(text, 10, 0, 10);
        round_trip(text, 11, 1, 0);
        round_trip(text, 15, 1, 4);
        // Past the end of a line is its end, before the `\n`.
        assert_eq!(LineIndex::new(text).offset(Position::new(0, 40)), 10);
    }

    #[test]
    fn end_of_file() {
        let text = "g(*1)\n";
        round_trip(text, 6, 1, 0);
        let index = LineIndex::new(text);
        assert_eq!(index.position(99), Position::new(1, 0));
        assert_eq!(index.offset(Position::new(7, 3)), 6);
        let unterminated = "a\nbc";
        round_trip(unterminated, 4, 1, 2);
        assert_eq!(LineIndex::new("").position(0), Position::new(0, 0));
    }
}

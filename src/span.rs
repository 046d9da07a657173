//! Byte spans into the sources a session has read, so that every stage can
//! point at what the user wrote without knowing how it will be rendered.

use std::fmt;

/// Which source text a span belongs to: a file, an `-e` expression or one
/// REPL entry. Spans from different entries coexist in one session.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct SourceId(pub u32);

/// A byte range `start..end` in one source.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub source: SourceId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// A span over bytes `start..end` of `source`.
    pub fn new(source: SourceId, start: usize, end: usize) -> Span {
        Span {
            source,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both `self` and `other` (same source).
    pub fn to(self, other: Span) -> Span {
        Span {
            source: self.source,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte range, as ariadne and slicing want it.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}..{}", self.start, self.end)
    }
}

/// A value with the span of the source it came from.
#[derive(Clone, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Attaches `span` to `node`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.node.fmt(f)?;
        write!(f, " {:?}", self.span)
    }
}

/// Every source text of a session, by id: what diagnostics are rendered
/// against.
#[derive(Default, Clone)]
pub struct Sources {
    entries: Vec<(String, String)>,
    /// For generated sources (the family an `octal(…)` call writes), the
    /// user's call they stand for, by source id.
    origins: Vec<Option<Span>>,
}

impl Sources {
    /// Records a source under a display name (a path, `<repl:3>`, `<-e>`).
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.entries.push((name.into(), text.into()));
        self.origins.push(None);
        SourceId(self.entries.len() as u32 - 1)
    }

    /// Records source the interpreter wrote itself (the family of an
    /// `octal(…)` code), whose errors diagnostics show at `origin`, the
    /// user's call, since the user never saw this text.
    pub fn add_generated(
        &mut self,
        name: impl Into<String>,
        text: impl Into<String>,
        origin: Span,
    ) -> SourceId {
        let id = self.add(name, text);
        self.origins[id.0 as usize] = Some(origin);
        id
    }

    /// The user's span a generated source stands for; `None` for a source
    /// the user wrote.
    pub fn origin(&self, id: SourceId) -> Option<Span> {
        let mut at = self.origins.get(id.0 as usize).copied().flatten()?;
        // Generated text is never the origin of more generated text, but a
        // chain would still end in the user's source.
        while let Some(next) = self.origins.get(at.source.0 as usize).copied().flatten() {
            at = next;
        }
        Some(at)
    }

    /// The display name of a source.
    pub fn name(&self, id: SourceId) -> &str {
        &self.entries[id.0 as usize].0
    }

    /// The text of a source.
    pub fn text(&self, id: SourceId) -> &str {
        &self.entries[id.0 as usize].1
    }

    /// The text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        self.text(span.source).get(span.range()).unwrap_or("")
    }

    /// Where a span starts, as `name:line:column` (both from 1).
    pub fn location(&self, span: Span) -> String {
        let text = self.text(span.source);
        let before = text.get(..span.start as usize).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("{}:{line}:{column}", self.name(span.source))
    }

    /// All sources as (name, text) pairs in id order.
    pub fn iter(&self) -> impl Iterator<Item = (SourceId, &str, &str)> {
        self.entries
            .iter()
            .enumerate()
            .map(|(i, (n, t))| (SourceId(i as u32), n.as_str(), t.as_str()))
    }
}

/// `text` as a renderer that also breaks lines at `\r`, vertical tab, form
/// feed, NEL, U+2028 and U+2029 (ariadne does) must see it: each of those
/// replaced by a stand-in of the same byte length, so that only `\n` ends
/// a line, as in the grammar, and every byte offset still holds. A CRLF file
/// then reports the positions of the same file with LF endings.
pub fn one_line_break(text: &str) -> std::borrow::Cow<'_, str> {
    let breaks = |c: char| {
        matches!(
            c,
            '\r' | '\x0B' | '\x0C' | '\u{85}' | '\u{2028}' | '\u{2029}'
        )
    };
    if !text.contains(breaks) {
        return std::borrow::Cow::Borrowed(text);
    }
    let stand_in = |c: char| match c {
        '\r' | '\x0B' | '\x0C' => ' ',
        '\u{85}' => '¶',
        '\u{2028}' | '\u{2029}' => '␤',
        c => c,
    };
    let replaced: String = text.chars().map(stand_in).collect();
    debug_assert_eq!(replaced.len(), text.len());
    std::borrow::Cow::Owned(replaced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_newline_breaks_lines_and_offsets_hold() {
        let text = "a\r\nb\u{2028}c\u{85}d\re\x0Cf\u{2029}g\n";
        let shown = one_line_break(text);
        assert_eq!(shown, "a \nb␤c¶d e f␤g\n");
        assert_eq!(shown.len(), text.len());
        assert_eq!(shown.matches('\n').count(), 2);
    }

    #[test]
    fn crlf_and_lf_give_the_same_location() {
        let mut sources = Sources::default();
        let lf = sources.add("lf.sg", "let a = 1\n# x\u{2028}y\nbad");
        let crlf = sources.add("crlf.sg", "let a = 1\r\n# x\u{2028}y\r\nbad");
        let at = |id, text: &str| Span::new(id, text.len() - 3, text.len());
        assert_eq!(sources.location(at(lf, sources.text(lf))), "lf.sg:3:1");
        assert_eq!(
            sources.location(at(crlf, sources.text(crlf))),
            "crlf.sg:3:1"
        );
    }
}

//! What the server knows of one open document: its diagnostics from
//! parsing and lowering (nothing is evaluated), and its definitions with
//! their spans, for completion, hover, go to definition and symbols.

use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::resolve::Redefine;
use crate::resolve::program::Program;
use crate::span::{SourceId, Sources};
use crate::syntax::ast::{Definition, Expr, ExprKind, Stmt};
use crate::types::{Types, define};

/// Which statement defines a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Game,
    Def,
    Let,
}

impl Kind {
    /// The keyword that introduces it.
    pub fn keyword(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Def => "def",
            Kind::Let => "let",
        }
    }
}

/// A name the document defines at the top level.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub kind: Kind,
    /// Where the name is written.
    pub name_span: std::ops::Range<usize>,
    /// The whole statement.
    pub span: std::ops::Range<usize>,
    /// The parameters of a game or def, with their spans.
    pub params: Vec<(String, std::ops::Range<usize>)>,
}

/// One analysed version of a document.
pub struct Document {
    pub text: String,
    /// The file's path, when the editor names a file: imports are relative
    /// to it.
    pub path: Option<String>,
    /// Parse and lowering errors, as the command line reports them.
    pub diagnostics: Vec<Diagnostic>,
    /// The statements, when the text parses.
    pub statements: Option<Vec<Stmt>>,
    /// Each definition's name with its inferred types (`game S(n: int)`),
    /// when the document lowers without errors.
    pub signatures: rustc_hash::FxHashMap<String, String>,
}

impl Document {
    /// Parses and lowers `text` into a fresh program (as a script run
    /// does before evaluating anything), with the definitions of the files
    /// it imports; an error inside an imported file is shown at its
    /// `import`.
    pub fn analyse(text: String, path: Option<String>) -> Document {
        let mut sources = Sources::default();
        let name = path.clone().unwrap_or_else(|| "<document>".to_string());
        let source = sources.add(name.clone(), text.clone());
        let statements = match crate::syntax::parse(&text, source) {
            Ok(statements) => statements,
            Err(diagnostic) => {
                return Document {
                    text,
                    path,
                    diagnostics: vec![*diagnostic],
                    statements: None,
                    signatures: Default::default(),
                };
            }
        };
        let defined = crate::interp::import::expand(&mut sources, statements.clone(), &name)
            .and_then(|expanded| {
                define(
                    &expanded,
                    &Program::default(),
                    &Types::default(),
                    Redefine::Forbid,
                )
            });
        let (diagnostics, defined) = match defined {
            Ok(defined) => (Vec::new(), Some(defined)),
            Err(errors) => (errors, None),
        };
        let diagnostics = diagnostics
            .into_iter()
            .map(|d| in_this_file(d, source, &statements, &sources))
            .collect();
        let signatures = defined.map_or_else(Default::default, |defined| {
            let (program, types) = (&defined.program, &defined.types);
            (program.globals.iter())
                .map(|(name, &global)| (name.clone(), types.signature(program, global)))
                .collect()
        });
        Document {
            text,
            path,
            diagnostics,
            statements: Some(statements),
            signatures,
        }
    }

    /// The top-level definitions, in source order.
    pub fn symbols(&self) -> Vec<Symbol> {
        let Some(statements) = &self.statements else {
            return Vec::new();
        };
        let mut symbols: Vec<Symbol> = statements.iter().filter_map(symbol).collect();
        // A `let`'s statement starts at its keyword, which the tree omits.
        for s in symbols.iter_mut().filter(|s| s.kind == Kind::Let) {
            let before = self.text[..s.span.start].trim_end();
            if let Some(keyword) = before.strip_suffix("let") {
                s.span.start = keyword.len();
            }
        }
        symbols
    }

    /// The `#` comment lines directly above byte `offset`'s line, without
    /// their `#`.
    pub fn comment_above(&self, offset: usize) -> String {
        let line_start = self.text[..offset].rfind('\n').map_or(0, |at| at + 1);
        let above = &self.text[..line_start];
        let mut lines: Vec<&str> = above
            .lines()
            .rev()
            .map(str::trim)
            .take_while(|line| line.starts_with('#'))
            .map(|line| line.trim_start_matches('#').trim())
            .collect();
        lines.reverse();
        lines.join("\n")
    }

    /// The identifier around byte `offset`, with its range.
    pub fn word_at(&self, offset: usize) -> Option<(&str, std::ops::Range<usize>)> {
        let bytes = self.text.as_bytes();
        let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let mut start = offset.min(bytes.len());
        while start > 0 && is_ident(bytes[start - 1]) {
            start -= 1;
        }
        let mut end = offset.min(bytes.len());
        while end < bytes.len() && is_ident(bytes[end]) {
            end += 1;
        }
        let word = &self.text[start..end];
        let first = word.bytes().next()?;
        (!first.is_ascii_digit()).then_some((word, start..end))
    }

    /// The call of a game family with only integer literal arguments whose
    /// span holds `offset` (the innermost), as `(family, arguments)`.
    pub fn constant_position(&self, offset: usize) -> Option<(String, Vec<i64>)> {
        let symbols = self.symbols();
        let is_game = |name: &str| {
            symbols
                .iter()
                .any(|s| s.kind == Kind::Game && s.name == name)
        };
        let mut found = None;
        for statement in self.statements.as_deref().unwrap_or_default() {
            let mut stack: Vec<&Expr> = statement_expr(statement).into_iter().collect();
            while let Some(expr) = stack.pop() {
                if !expr.span.range().contains(&offset) && expr.span.end as usize != offset {
                    continue;
                }
                if let ExprKind::Call(callee, args) = &expr.node
                    && let ExprKind::Var(name) = &callee.node
                    && is_game(name)
                    && let Some(ints) = args
                        .iter()
                        .map(|a| match a.node {
                            ExprKind::Int(n) => Some(n),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()
                {
                    found = Some((name.clone(), ints));
                }
                stack.extend(expr.children());
            }
        }
        found
    }
}

fn symbol(statement: &Stmt) -> Option<Symbol> {
    let from_definition = |d: &Definition, kind| Symbol {
        name: d.name.node.clone(),
        kind,
        name_span: d.name.span.range(),
        span: d.span.range(),
        params: d
            .params
            .iter()
            .map(|p| (p.node.clone(), p.span.range()))
            .collect(),
    };
    match statement {
        Stmt::Game(d) => Some(from_definition(d, Kind::Game)),
        Stmt::Def(d) => Some(from_definition(d, Kind::Def)),
        Stmt::Let { name, value } => Some(Symbol {
            name: name.node.clone(),
            kind: Kind::Let,
            name_span: name.span.range(),
            span: name.span.start as usize..value.span.end as usize,
            params: Vec::new(),
        }),
        Stmt::Assert(_) | Stmt::Expr(_) | Stmt::Import(_) => None,
    }
}

/// `diagnostic` as shown in the document: one from an imported file is
/// moved to the `import` that brought the file in, naming where it is.
fn in_this_file(
    diagnostic: Diagnostic,
    source: SourceId,
    statements: &[Stmt],
    sources: &Sources,
) -> Diagnostic {
    if diagnostic.span.source == source {
        return diagnostic;
    }
    let import = statements.iter().find_map(|s| match s {
        Stmt::Import(path) => Some(path.span),
        _ => None,
    });
    let Some(span) = import else {
        return diagnostic;
    };
    let file = sources.name(diagnostic.span.source).to_string();
    *Diagnostic::new(
        span,
        format!("in the imported file {file}: {}", diagnostic.message),
    )
    .label(diagnostic.label)
}

fn statement_expr(statement: &Stmt) -> Option<&Expr> {
    match statement {
        Stmt::Game(d) | Stmt::Def(d) => Some(&d.body),
        Stmt::Let { value, .. } => Some(value),
        Stmt::Assert(e) | Stmt::Expr(e) => Some(e),
        Stmt::Import(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Rows of skittles.\n# Two lines.\ngame K(n) = < K(n - 1) for k in 1..=n >\nlet x = g(K(3)) + 1\nK(12)\n";

    #[test]
    fn symbols_with_spans_and_params() {
        let doc = Document::analyse(TEXT.to_string(), None);
        assert!(doc.diagnostics.is_empty());
        let symbols = doc.symbols();
        assert_eq!(symbols.len(), 2);
        assert_eq!(symbols[0].name, "K");
        assert_eq!(&TEXT[symbols[0].name_span.clone()], "K");
        assert_eq!(symbols[0].params[0].0, "n");
        assert!(TEXT[symbols[0].span.clone()].starts_with("game K(n)"));
        assert_eq!(symbols[1].kind, Kind::Let);
        assert_eq!(&TEXT[symbols[1].span.clone()], "let x = g(K(3)) + 1");
    }

    #[test]
    fn comments_words_and_constant_positions() {
        let doc = Document::analyse(TEXT.to_string(), None);
        let game = TEXT.find("game").unwrap();
        assert_eq!(doc.comment_above(game + 3), "Rows of skittles.\nTwo lines.");
        let at = TEXT.find("g(K(3))").unwrap();
        assert_eq!(doc.word_at(at + 1).unwrap().0, "g");
        assert_eq!(
            doc.constant_position(at + 3),
            Some(("K".to_string(), vec![3]))
        );
        assert_eq!(doc.constant_position(at), None);
        let last = TEXT.rfind("K(12)").unwrap();
        assert_eq!(
            doc.constant_position(last + 2),
            Some(("K".to_string(), vec![12]))
        );
    }

    #[test]
    fn lowering_errors_are_reported() {
        let doc = Document::analyse("game A = B\n".to_string(), None);
        assert_eq!(doc.diagnostics.len(), 1);
        assert!(
            doc.diagnostics[0].message.contains('B'),
            "{:?}",
            doc.diagnostics
        );
    }
}

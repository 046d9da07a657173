//! `import "file.sg"`: the definitions of another file join the importing
//! text's batch, so that they are declared, resolved and redefined exactly
//! like its own. The path is relative to the importing file (to the current
//! directory in the REPL); a file imported twice in one run is read once;
//! an import cycle is an error showing each `import` on it.

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::{Sources, Span};
use crate::syntax::ast::Stmt;

/// Replaces each `import` of `statements` (read from the source named
/// `importer`) by the `game`, `def` and `let` statements of the file it
/// names, recursively. The imported files' other statements do not run.
pub fn expand(
    sources: &mut Sources,
    statements: Vec<Stmt>,
    importer: &str,
) -> Result<Vec<Stmt>, Vec<Diagnostic>> {
    if !statements.iter().any(|s| matches!(s, Stmt::Import(_))) {
        return Ok(statements);
    }
    let mut imports = Imports {
        sources,
        stack: Vec::new(),
        done: Vec::new(),
        errors: Vec::new(),
    };
    if let Ok(path) = std::fs::canonicalize(importer) {
        imports.stack.push((path, None));
    }
    let expanded = imports.statements(statements, importer);
    if imports.errors.is_empty() {
        Ok(expanded)
    } else {
        Err(imports.errors)
    }
}

struct Imports<'a> {
    sources: &'a mut Sources,
    /// The files being imported, outermost first, each with the `import`
    /// that named it (`None` for the file run).
    stack: Vec<(PathBuf, Option<Span>)>,
    /// The files already imported in this run.
    done: Vec<PathBuf>,
    errors: Vec<Diagnostic>,
}

impl Imports<'_> {
    fn statements(&mut self, statements: Vec<Stmt>, importer: &str) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(statements.len());
        for statement in statements {
            match statement {
                Stmt::Import(path) => out.extend(self.import(&path.node, path.span, importer)),
                other => out.push(other),
            }
        }
        out
    }

    /// The definitions of the file `path` names, read from `importer`.
    fn import(&mut self, path: &str, span: Span, importer: &str) -> Vec<Stmt> {
        let resolved = resolve(importer, path);
        let shown = resolved.display().to_string();
        let canonical = match std::fs::canonicalize(&resolved) {
            Ok(canonical) if canonical.is_file() => canonical,
            result => {
                let reason = match result {
                    Ok(_) => "it is a directory".to_string(),
                    Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                        "no such file".to_string()
                    }
                    Err(error) => error.to_string(),
                };
                self.errors.push(
                    *Diagnostic::new(span, format!("cannot import `{shown}`: {reason}"))
                        .label("this file cannot be read")
                        .help("the path is relative to the importing file"),
                );
                return Vec::new();
            }
        };
        if let Some(at) = self.stack.iter().position(|(p, _)| *p == canonical) {
            self.errors.push(*self.cycle(at, &shown, span));
            return Vec::new();
        }
        if self.done.contains(&canonical) {
            return Vec::new();
        }
        self.done.push(canonical.clone());
        let text = match std::fs::read(&canonical).map(String::from_utf8) {
            Ok(Ok(text)) => text,
            _ => {
                self.errors.push(
                    *Diagnostic::new(span, format!("cannot import `{shown}`"))
                        .label("this file is not readable UTF-8 text"),
                );
                return Vec::new();
            }
        };
        let source = self.sources.add(shown.clone(), text.as_str());
        let statements = match crate::syntax::parse(&text, source) {
            Ok(statements) => statements,
            Err(diagnostic) => {
                self.errors.push(*diagnostic);
                return Vec::new();
            }
        };
        self.stack.push((canonical, Some(span)));
        let expanded = self.statements(statements, &shown);
        self.stack.pop();
        expanded
            .into_iter()
            .filter(|s| matches!(s, Stmt::Game(_) | Stmt::Def(_) | Stmt::Let { .. }))
            .collect()
    }

    /// The error for importing `shown` at `span` while it is being
    /// imported (at `stack[at]`): each `import` on the cycle is labelled.
    fn cycle(&self, at: usize, shown: &str, span: Span) -> Box<Diagnostic> {
        let mut diagnostic = Diagnostic::new(span, format!("`{shown}` imports itself"))
            .label("this import closes the cycle");
        for (path, import) in &self.stack[at..] {
            if let Some(import) = import {
                let name = path
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned());
                diagnostic = diagnostic.with_label(*import, format!("`{name}` is imported here"));
            }
        }
        diagnostic.help("move the shared definitions into a file that imports neither")
    }
}

/// `path` relative to the directory of the file named `importer`; a REPL
/// entry (`<repl:3>`) imports relative to the current directory.
fn resolve(importer: &str, path: &str) -> PathBuf {
    let path = Path::new(path);
    if path.is_absolute() || importer.starts_with('<') {
        return path.to_path_buf();
    }
    match Path::new(importer).parent() {
        Some(dir) => dir.join(path),
        None => path.to_path_buf(),
    }
}

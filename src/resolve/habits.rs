//! Names a Python user reaches for that the language spells differently
//! (`range`, `True`, `None`, `exit()`), and calls written the Python way
//! (`mex(0, 1, 3)`): each gets a help showing this language's form.

use crate::diagnostic::{Diagnostic, DiagnosticExt};
use crate::span::Span;
use crate::syntax::ast::{Expr, ExprKind};

/// The diagnostic for the unknown name `name` when it is Python's; `args`
/// are its arguments when it is called.
pub fn python_name(name: &str, args: Option<&[Expr]>, span: Span) -> Option<Box<Diagnostic>> {
    let unknown = || {
        Diagnostic::new(span, format!("unknown name `{name}`"))
            .label("this is Python; the language writes it differently")
    };
    Some(match name {
        "range" => {
            let rendered: Option<Vec<String>> = args.and_then(|a| a.iter().map(render).collect());
            let fix = match rendered.as_deref() {
                Some([n]) => format!("write `0..{n}` (the integers 0 to {n} - 1)"),
                Some([a, b]) => format!("write `{a}..{b}`"),
                _ => {
                    "write `a..b` for the integers from a to b - 1 (`a..=b` includes b)".to_string()
                }
            };
            unknown().help(fix)
        }
        "True" | "False" => unknown().help(format!("write `{}`", name.to_lowercase())),
        "None" => unknown()
            .help("there is no `None`: `*0` is the game with no moves, `[]` the empty list"),
        "help" | "quit" | "exit" => Diagnostic::new(span, format!("unknown name `{name}`"))
            .label("not a name of the language")
            .help(if name == "help" {
                "in the REPL, type `:help` (with the colon); the language reference is docs/language.md"
            } else {
                "in the REPL, type `:quit` (with the colon) or Ctrl-D; a script ends at its last line"
            }),
        _ => return None,
    })
}

/// The help for `mex(a, b, …)`: one set holding the arguments.
pub fn mex_of_several(args: &[Expr]) -> String {
    let rendered: Option<Vec<String>> = args.iter().map(render).collect();
    match rendered {
        Some(items) => format!("`mex` takes one set: `mex({{{}}})`", items.join(", ")),
        None => "`mex` takes one set: `mex({0, 1, 3})`".to_string(),
    }
}

/// A short expression as the user wrote it, for a help's rewritten form;
/// `None` when it is too complex to show.
pub fn render(e: &Expr) -> Option<String> {
    Some(match &e.node {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Var(name) => name.clone(),
        ExprKind::Nim(None) => "*".to_string(),
        ExprKind::Nim(Some(inner)) => format!("*{}", render(inner)?),
        ExprKind::Neg(inner) => format!("-{}", render(inner)?),
        ExprKind::Binary(op, a, b) => {
            let operand = |e: &Expr| match e.node {
                ExprKind::Binary(..) => render(e).map(|r| format!("({r})")),
                _ => render(e),
            };
            format!("{} {} {}", operand(a)?, op.symbol(), operand(b)?)
        }
        ExprKind::Call(callee, args) => {
            let args: Option<Vec<String>> = args.iter().map(render).collect();
            format!("{}({})", render(callee)?, args?.join(", "))
        }
        _ => return None,
    })
}

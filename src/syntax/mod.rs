//! Source text → syntax tree. pest does the recognising (grammar/sg.pest);
//! this module turns its pairs into the AST and its errors into diagnostics.

pub mod ast;
mod errors;
mod habits;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::span::{SourceId, Span, Spanned};
use ast::{BinOp, Clause, Definition, Element, Expr, ExprKind, Name, Stmt};
use pest::Parser;
use pest::iterators::Pair;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/sg.pest"]
struct SgParser;

/// The reserved words (the grammar's `keyword` rule), which cannot name
/// anything.
pub const KEYWORDS: &[&str] = &[
    "import", "game", "def", "let", "assert", "if", "then", "else", "for", "in", "and", "or",
    "not", "true", "false",
];

/// Brackets nested deeper than this are refused before parsing.
const MAX_NESTING: usize = 256;

/// Parses a whole file (or REPL entry) into statements.
pub fn parse(text: &str, source: SourceId) -> Result<Vec<Stmt>> {
    if let Some(at) = errors::too_deep(text, MAX_NESTING) {
        return Err(Diagnostic::new(
            Span::new(source, at, at + 1),
            format!("brackets nested more than {MAX_NESTING} deep"),
        )
        .label("this bracket is too deep")
        .help("split the expression with `let` or `def`"));
    }
    pest::set_error_detail(true);
    let mut pairs = SgParser::parse(Rule::file, text)
        .map_err(|error| errors::syntax_error(&error, text, source))?;
    let builder = Builder { source };
    let file = pairs.next().into_iter().flat_map(|p| p.into_inner());
    file.filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| builder.statement(p))
        .collect()
}

/// Whether `text` is a complete entry: false when the only problem is that
/// the input ends too early (an open bracket, a trailing operator). The REPL
/// uses it to ask for another line.
pub fn is_incomplete(text: &str) -> bool {
    match SgParser::parse(Rule::file, text) {
        Ok(_) => false,
        Err(error) => errors::ends_early(&error, text),
    }
}

struct Builder {
    source: SourceId,
}

impl Builder {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.source, s.start(), s.end())
    }

    fn name(&self, pair: Pair<Rule>) -> Name {
        Spanned::new(pair.as_str().to_string(), self.span(&pair))
    }

    fn statement(&self, pair: Pair<Rule>) -> Result<Stmt> {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        let mut next = || inner.next().expect("grammar guarantees the part");
        Ok(match rule {
            Rule::game_def | Rule::def_def => {
                next(); // keyword
                let name = self.name(next());
                let mut part = next();
                let mut params = Vec::new();
                if part.as_rule() == Rule::params {
                    params = part.into_inner().map(|p| self.name(p)).collect();
                    part = next();
                }
                let body = self.expr(part)?;
                let definition = Definition {
                    name,
                    params,
                    body,
                    span,
                };
                if rule == Rule::game_def {
                    Stmt::Game(definition)
                } else {
                    Stmt::Def(definition)
                }
            }
            Rule::let_def => {
                next();
                let name = self.name(next());
                Stmt::Let {
                    name,
                    value: self.expr(next())?,
                }
            }
            Rule::assert_stmt => {
                next();
                Stmt::Assert(self.expr(next())?)
            }
            Rule::import_stmt => {
                next();
                let path = next();
                let path_span = self.span(&path);
                Stmt::Import(Spanned::new(unescape(path.as_str(), path_span)?, path_span))
            }
            _ => Stmt::Expr(self.expr(next())?),
        })
    }

    fn expr(&self, pair: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let text = pair.as_str();
        let mut inner: Vec<Pair<Rule>> = pair.into_inner().collect();
        let boxed = |e: Expr| Box::new(e);
        Ok(match rule {
            Rule::expr | Rule::primary | Rule::paren => {
                let only = inner.pop().expect("grammar guarantees the part");
                return self.expr(only);
            }
            Rule::if_expr => {
                let mut parts = inner.into_iter().filter(|p| !is_keyword(p.as_rule()));
                let mut next = || self.expr(parts.next().expect("three parts"));
                let cond = boxed(next()?);
                let then = boxed(next()?);
                let otherwise = boxed(next()?);
                Spanned::new(
                    ExprKind::If {
                        cond,
                        then,
                        otherwise,
                    },
                    span,
                )
            }
            Rule::or_expr | Rule::and_expr => {
                let mut operands = inner.into_iter().filter(|p| !is_keyword(p.as_rule()));
                let mut acc = self.expr(operands.next().expect("an operand"))?;
                for operand in operands {
                    let right = self.expr(operand)?;
                    let whole = acc.span.to(right.span);
                    let kind = if rule == Rule::or_expr {
                        ExprKind::Or(boxed(acc), boxed(right))
                    } else {
                        ExprKind::And(boxed(acc), boxed(right))
                    };
                    acc = Spanned::new(kind, whole);
                }
                acc
            }
            Rule::not_expr | Rule::unary => {
                if inner.len() == 1 {
                    return self.expr(inner.pop().expect("one part"));
                }
                let operand = boxed(self.expr(inner.pop().expect("an operand"))?);
                let kind = match inner[0].as_rule() {
                    Rule::not_op => ExprKind::Not(operand),
                    Rule::neg_op => ExprKind::Neg(operand),
                    _ => ExprKind::Nim(Some(operand)),
                };
                Spanned::new(kind, span)
            }
            Rule::nim_one => Spanned::new(ExprKind::Nim(None), span),
            Rule::cmp_expr | Rule::add_expr | Rule::mul_expr | Rule::xor_expr | Rule::power => {
                let mut parts = inner.into_iter();
                let mut acc = self.expr(parts.next().expect("an operand"))?;
                while let (Some(op), Some(operand)) = (parts.next(), parts.next()) {
                    let right = self.expr(operand)?;
                    let whole = acc.span.to(right.span);
                    let op = match op.as_rule() {
                        Rule::in_op
                            if op.clone().into_inner().any(|p| p.as_rule() == Rule::kw_not) =>
                        {
                            BinOp::NotIn
                        }
                        Rule::in_op => BinOp::In,
                        _ => bin_op(op.as_str()),
                    };
                    acc = Spanned::new(ExprKind::Binary(op, boxed(acc), boxed(right)), whole);
                }
                acc
            }
            Rule::range_expr => {
                if inner.len() == 1 {
                    return self.expr(inner.pop().expect("one part"));
                }
                let high = boxed(self.expr(inner.pop().expect("upper end"))?);
                let inclusive = inner.pop().expect("operator").as_str() == "..=";
                let low = boxed(self.expr(inner.pop().expect("lower end"))?);
                Spanned::new(
                    ExprKind::Range {
                        low,
                        high,
                        inclusive,
                    },
                    span,
                )
            }
            Rule::postfix => {
                let mut parts = inner.into_iter();
                let mut acc = self.expr(parts.next().expect("a primary"))?;
                for suffix in parts {
                    let whole = acc.span.to(self.span(&suffix));
                    let kind = if suffix.as_rule() == Rule::call_args {
                        let args = suffix.into_inner().map(|a| self.expr(a));
                        ExprKind::Call(boxed(acc), args.collect::<Result<_>>()?)
                    } else {
                        let key = self.index(suffix)?;
                        ExprKind::Index(boxed(acc), boxed(key))
                    };
                    acc = Spanned::new(kind, whole);
                }
                acc
            }
            Rule::integer => {
                let value = text.parse::<i64>().map_err(|_| {
                    Diagnostic::new(span, "integer literal too large")
                        .label("does not fit in 64 bits")
                        .help(format!("integers range from {} to {}", i64::MIN, i64::MAX))
                })?;
                Spanned::new(ExprKind::Int(value), span)
            }
            Rule::string => Spanned::new(ExprKind::Str(unescape(text, span)?), span),
            Rule::boolean => {
                let word = inner.pop().expect("a keyword");
                Spanned::new(ExprKind::Bool(word.as_rule() == Rule::kw_true), span)
            }
            Rule::name => Spanned::new(ExprKind::Var(text.to_string()), span),
            Rule::options => Spanned::new(ExprKind::Options(self.elements(inner)?), span),
            Rule::list => Spanned::new(ExprKind::List(self.elements(inner)?), span),
            Rule::braces => match inner.pop() {
                None => Spanned::new(ExprKind::Map(Vec::new()), span),
                Some(body) if body.as_rule() == Rule::set_elements => {
                    let elements = self.elements(body.into_inner().collect())?;
                    Spanned::new(ExprKind::Set(elements), span)
                }
                Some(body) => self.map(body, span)?,
            },
            other => unreachable!("unexpected rule {other:?} in an expression"),
        })
    }

    /// `xs[i]`, or a slice: a range index whose open ends are 0 and the
    /// largest integer (indexing clamps them to the length).
    fn index(&self, suffix: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&suffix);
        let at = |n: i64| Spanned::new(ExprKind::Int(n), span);
        let mut parts = suffix.into_inner();
        let first = parts.next().expect("an index");
        let (low, op, high) = match first.as_rule() {
            Rule::open_low => {
                let mut inner = first.into_inner();
                let op = inner.next().expect("`..`");
                let high = match inner.next() {
                    Some(high) => self.expr(high)?,
                    None => at(i64::MAX),
                };
                (at(0), op.as_str() == "..=", high)
            }
            _ if parts.peek().is_none() => return self.expr(first),
            _ => (self.expr(first)?, false, at(i64::MAX)),
        };
        Ok(Spanned::new(
            ExprKind::Range {
                low: Box::new(low),
                high: Box::new(high),
                inclusive: op,
            },
            span,
        ))
    }

    /// `{k: v, …}`, or `{k: v for …}` (a comprehension, the only entry).
    fn map(&self, body: Pair<Rule>, span: Span) -> Result<Expr> {
        let mut entries = Vec::new();
        let count = body.clone().into_inner().count();
        for entry in body.into_inner() {
            let entry_span = self.span(&entry);
            let mut parts = entry.into_inner();
            let key = self.expr(parts.next().expect("a key"))?;
            let value = self.expr(parts.next().expect("a value"))?;
            let clauses: Vec<Pair<Rule>> = parts.collect();
            if clauses.is_empty() {
                entries.push((key, value));
                continue;
            }
            if count > 1 {
                return Err(Diagnostic::new(
                    entry_span,
                    "a map comprehension must be the map's only entry",
                )
                .label("this entry has a `for` clause, and the map has other entries")
                .help("build the other entries in a map of their own"));
            }
            let pair_span = key.span.to(value.span);
            let pair = [key, value].map(|e| Element {
                value: e,
                clauses: Vec::new(),
            });
            let pair = Spanned::new(ExprKind::List(pair.to_vec()), pair_span);
            let element = self.clauses(pair, clauses)?;
            return Ok(Spanned::new(ExprKind::MapFor(Box::new(element)), span));
        }
        Ok(Spanned::new(ExprKind::Map(entries), span))
    }

    fn elements(&self, pairs: Vec<Pair<Rule>>) -> Result<Vec<Element>> {
        pairs.into_iter().map(|p| self.element(p)).collect()
    }

    fn element(&self, pair: Pair<Rule>) -> Result<Element> {
        let mut parts = pair.into_inner();
        let value = self.expr(parts.next().expect("an element value"))?;
        self.clauses(value, parts.collect())
    }

    /// An element: `value` under the `for` and `if` clauses of `pairs`.
    fn clauses(&self, value: Expr, pairs: Vec<Pair<Rule>>) -> Result<Element> {
        let mut clauses = Vec::new();
        for clause in pairs {
            let rule = clause.as_rule();
            let mut inner = clause.into_inner().filter(|p| !is_keyword(p.as_rule()));
            if rule == Rule::for_clause {
                let var = self.name(inner.next().expect("a variable"));
                let iter = self.expr(inner.next().expect("an iterable"))?;
                clauses.push(Clause::For { var, iter });
            } else {
                clauses.push(Clause::If(self.expr(inner.next().expect("a condition"))?));
            }
        }
        Ok(Element { value, clauses })
    }
}

fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_if
            | Rule::kw_then
            | Rule::kw_else
            | Rule::kw_and
            | Rule::kw_or
            | Rule::kw_for
            | Rule::kw_in
            | Rule::kw_not
    )
}

fn bin_op(symbol: &str) -> BinOp {
    match symbol {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Mod,
        "^" => BinOp::Xor,
        "**" => BinOp::Pow,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        _ => BinOp::Ge,
    }
}

/// The value of a string literal (quotes included in `text`).
fn unescape(text: &str, span: Span) -> Result<String> {
    let mut out = String::new();
    let mut chars = text[1..text.len() - 1].char_indices();
    while let Some((_, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some((_, 'n')) => out.push('\n'),
            Some((_, 't')) => out.push('\t'),
            Some((_, '\\')) => out.push('\\'),
            Some((_, '"')) => out.push('"'),
            Some((at, other)) => {
                let start = span.start as usize + 1 + at - 1;
                let escape = Span::new(span.source, start, start + 1 + other.len_utf8());
                return Err(
                    Diagnostic::new(escape, format!("unknown escape `\\{other}`"))
                        .help("the escapes are \\n, \\t, \\\\ and \\\""),
                );
            }
            None => {}
        }
    }
    Ok(out)
}

//! Source text → syntax tree. pest does the recognising (grammar/sg.pest);
//! this module turns its pairs into the AST and its errors into diagnostics.

pub mod ast;
mod depth;
mod errors;

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
    "game", "def", "let", "assert", "if", "then", "else", "for", "in", "and", "or", "not", "true",
    "false",
];

/// Brackets nested deeper than this are refused before parsing.
const MAX_NESTING: usize = 256;

/// Expressions nested deeper than this (operators, calls and brackets
/// alike) are refused: the passes after parsing recurse on the tree.
pub const MAX_DEPTH: usize = 10_000;

/// An expression and the depth of its tree.
type Node = (Expr, usize);

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
    if let Some(deep) = depth::too_deep(text, MAX_DEPTH) {
        return Err(too_deep(Span::new(source, deep.at, deep.at + deep.len)));
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
    if errors::too_deep(text, MAX_NESTING).is_some() || depth::too_deep(text, MAX_DEPTH).is_some() {
        return false;
    }
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
            _ => Stmt::Expr(self.expr(next())?),
        })
    }

    fn expr(&self, pair: Pair<Rule>) -> Result<Expr> {
        Ok(self.node(pair)?.0)
    }

    /// `kind` as a node one level above its deepest part, refused past
    /// `MAX_DEPTH`: every later pass (and dropping the tree) recurses on it.
    fn wrap(&self, kind: ExprKind, span: Span, below: usize) -> Result<Node> {
        if below >= MAX_DEPTH {
            return Err(too_deep(span));
        }
        Ok((Spanned::new(kind, span), below + 1))
    }

    /// The expression `pair` and the depth of its tree.
    fn node(&self, pair: Pair<Rule>) -> Result<Node> {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let text = pair.as_str();
        let mut inner: Vec<Pair<Rule>> = pair.into_inner().collect();
        let boxed = |e: Expr| Box::new(e);
        match rule {
            Rule::expr | Rule::primary | Rule::paren => {
                let only = inner.pop().expect("grammar guarantees the part");
                self.node(only)
            }
            Rule::if_expr => {
                let mut parts = inner.into_iter().filter(|p| !is_keyword(p.as_rule()));
                let mut next = || self.node(parts.next().expect("three parts"));
                let (cond, a) = next()?;
                let (then, b) = next()?;
                let (otherwise, c) = next()?;
                let kind = ExprKind::If {
                    cond: boxed(cond),
                    then: boxed(then),
                    otherwise: boxed(otherwise),
                };
                self.wrap(kind, span, a.max(b).max(c))
            }
            Rule::or_expr | Rule::and_expr => {
                let mut operands = inner.into_iter().filter(|p| !is_keyword(p.as_rule()));
                let mut acc = self.node(operands.next().expect("an operand"))?;
                for operand in operands {
                    let (right, depth) = self.node(operand)?;
                    let whole = acc.0.span.to(right.span);
                    let kind = if rule == Rule::or_expr {
                        ExprKind::Or(boxed(acc.0), boxed(right))
                    } else {
                        ExprKind::And(boxed(acc.0), boxed(right))
                    };
                    acc = self.wrap(kind, whole, acc.1.max(depth))?;
                }
                Ok(acc)
            }
            Rule::not_expr | Rule::unary => {
                if inner.len() == 1 {
                    return self.node(inner.pop().expect("one part"));
                }
                let (operand, depth) = self.node(inner.pop().expect("an operand"))?;
                let operand = boxed(operand);
                let kind = match inner[0].as_rule() {
                    Rule::not_op => ExprKind::Not(operand),
                    Rule::neg_op => ExprKind::Neg(operand),
                    _ => ExprKind::Nim(Some(operand)),
                };
                self.wrap(kind, span, depth)
            }
            Rule::nim_one => Ok((Spanned::new(ExprKind::Nim(None), span), 1)),
            Rule::cmp_expr | Rule::add_expr | Rule::mul_expr | Rule::xor_expr => {
                let mut parts = inner.into_iter();
                let mut acc = self.node(parts.next().expect("an operand"))?;
                while let (Some(op), Some(operand)) = (parts.next(), parts.next()) {
                    let (right, depth) = self.node(operand)?;
                    let whole = acc.0.span.to(right.span);
                    let kind = ExprKind::Binary(bin_op(op.as_str()), boxed(acc.0), boxed(right));
                    acc = self.wrap(kind, whole, acc.1.max(depth))?;
                }
                Ok(acc)
            }
            Rule::range_expr => {
                if inner.len() == 1 {
                    return self.node(inner.pop().expect("one part"));
                }
                let (high, b) = self.node(inner.pop().expect("upper end"))?;
                let inclusive = inner.pop().expect("operator").as_str() == "..=";
                let (low, a) = self.node(inner.pop().expect("lower end"))?;
                let kind = ExprKind::Range {
                    low: boxed(low),
                    high: boxed(high),
                    inclusive,
                };
                self.wrap(kind, span, a.max(b))
            }
            Rule::postfix => {
                let mut parts = inner.into_iter();
                let mut acc = self.node(parts.next().expect("a primary"))?;
                for suffix in parts {
                    let whole = acc.0.span.to(self.span(&suffix));
                    let mut depth = acc.1;
                    let kind = if suffix.as_rule() == Rule::call_args {
                        let mut args = Vec::new();
                        for a in suffix.into_inner() {
                            let (arg, d) = self.node(a)?;
                            depth = depth.max(d);
                            args.push(arg);
                        }
                        ExprKind::Call(boxed(acc.0), args)
                    } else {
                        let key = suffix.into_inner().next().expect("an index");
                        let (key, d) = self.node(key)?;
                        depth = depth.max(d);
                        ExprKind::Index(boxed(acc.0), boxed(key))
                    };
                    acc = self.wrap(kind, whole, depth)?;
                }
                Ok(acc)
            }
            Rule::integer => {
                let value = text.parse::<i64>().map_err(|_| {
                    Diagnostic::new(span, "integer literal too large")
                        .label("does not fit in 64 bits")
                        .help(format!("integers range from {} to {}", i64::MIN, i64::MAX))
                })?;
                Ok((Spanned::new(ExprKind::Int(value), span), 1))
            }
            Rule::string => Ok((Spanned::new(ExprKind::Str(unescape(text, span)?), span), 1)),
            Rule::boolean => {
                let word = inner.pop().expect("a keyword");
                let kind = ExprKind::Bool(word.as_rule() == Rule::kw_true);
                Ok((Spanned::new(kind, span), 1))
            }
            Rule::name => Ok((Spanned::new(ExprKind::Var(text.to_string()), span), 1)),
            Rule::options => {
                let (elements, depth) = self.elements(inner)?;
                self.wrap(ExprKind::Options(elements), span, depth)
            }
            Rule::list => {
                let (elements, depth) = self.elements(inner)?;
                self.wrap(ExprKind::List(elements), span, depth)
            }
            Rule::braces => self.braces(inner, span),
            other => unreachable!("unexpected rule {other:?} in an expression"),
        }
    }

    /// `{}`, `{e, …}` or `{k: v, …}`: the first expression is shared by
    /// the two forms (see the grammar).
    fn braces(&self, inner: Vec<Pair<Rule>>, span: Span) -> Result<Node> {
        let mut parts = inner.into_iter();
        let (Some(first), Some(rest)) = (parts.next(), parts.next()) else {
            return Ok((Spanned::new(ExprKind::Map(Vec::new()), span), 1));
        };
        let (first, mut depth) = self.node(first)?;
        if rest.as_rule() == Rule::set_elements {
            let mut clauses = Vec::new();
            let mut elements = Vec::new();
            for part in rest.into_inner() {
                if part.as_rule() == Rule::element {
                    let (element, d) = self.element(part)?;
                    depth = depth.max(d);
                    elements.push(element);
                } else {
                    let (clause, d) = self.clause(part)?;
                    depth = depth.max(d);
                    clauses.push(clause);
                }
            }
            let head = Element {
                value: first,
                clauses,
            };
            elements.insert(0, head);
            return self.wrap(ExprKind::Set(elements), span, depth);
        }
        let mut parts = rest.into_inner();
        let (value, d) = self.node(parts.next().expect("a value"))?;
        depth = depth.max(d);
        let mut entries = vec![(first, value)];
        for entry in parts {
            let mut kv = entry.into_inner();
            let (key, a) = self.node(kv.next().expect("a key"))?;
            let (value, b) = self.node(kv.next().expect("a value"))?;
            depth = depth.max(a).max(b);
            entries.push((key, value));
        }
        self.wrap(ExprKind::Map(entries), span, depth)
    }

    fn elements(&self, pairs: Vec<Pair<Rule>>) -> Result<(Vec<Element>, usize)> {
        let mut depth = 0;
        let mut elements = Vec::with_capacity(pairs.len());
        for pair in pairs {
            let (element, d) = self.element(pair)?;
            depth = depth.max(d);
            elements.push(element);
        }
        Ok((elements, depth))
    }

    fn element(&self, pair: Pair<Rule>) -> Result<(Element, usize)> {
        let mut parts = pair.into_inner();
        let (value, mut depth) = self.node(parts.next().expect("an element value"))?;
        let mut clauses = Vec::new();
        for part in parts {
            let (clause, d) = self.clause(part)?;
            depth = depth.max(d);
            clauses.push(clause);
        }
        Ok((Element { value, clauses }, depth))
    }

    fn clause(&self, pair: Pair<Rule>) -> Result<(Clause, usize)> {
        let rule = pair.as_rule();
        let mut inner = pair.into_inner().filter(|p| !is_keyword(p.as_rule()));
        if rule == Rule::for_clause {
            let var = self.name(inner.next().expect("a variable"));
            let (iter, depth) = self.node(inner.next().expect("an iterable"))?;
            Ok((Clause::For { var, iter }, depth))
        } else {
            let (cond, depth) = self.node(inner.next().expect("a condition"))?;
            Ok((Clause::If(cond), depth))
        }
    }
}

/// The error for an expression nested past `MAX_DEPTH`.
fn too_deep(span: Span) -> Box<Diagnostic> {
    Diagnostic::new(
        span,
        format!("expression nested more than {MAX_DEPTH} deep"),
    )
    .label("this is too deep")
    .help("split the expression with `let` or `def`")
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

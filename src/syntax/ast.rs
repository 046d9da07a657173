//! The syntax tree: what the user wrote, with byte spans, before any name is
//! resolved.

use crate::span::{Span, Spanned};

/// An identifier with its span.
pub type Name = Spanned<String>;

/// One statement of a file or REPL entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `game Name(params) = body`
    Game(Definition),
    /// `def name(params) = body`
    Def(Definition),
    /// `let name = value`
    Let { name: Name, value: Expr },
    /// `assert cond`
    Assert(Expr),
    /// An expression whose value is printed.
    Expr(Expr),
    /// `import "file.sg"`: the path as written, with the string's span.
    Import(Spanned<String>),
}

/// A `game` or `def`: a name, parameters and a body.
#[derive(Debug, Clone, PartialEq)]
pub struct Definition {
    pub name: Name,
    pub params: Vec<Name>,
    pub body: Expr,
    /// The whole statement, for "defined here" labels.
    pub span: Span,
}

/// An expression with its span.
pub type Expr = Spanned<ExprKind>;

/// The expression forms of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Str(String),
    Var(String),
    /// `*e`; `None` is the bare `*`, which means `*1`.
    Nim(Option<Box<Expr>>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    /// `a..b` (`inclusive == false`) or `a..=b`.
    Range {
        low: Box<Expr>,
        high: Box<Expr>,
        inclusive: bool,
    },
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `< … >`: a game given by its options.
    Options(Vec<Element>),
    /// `[ … ]`
    List(Vec<Element>),
    /// `{ … }` with elements: sorted, duplicates removed.
    Set(Vec<Element>),
    /// `{k: v, …}`
    Map(Vec<(Expr, Expr)>),
    /// `{k: v for …}`: the element's value is the pair `[k, v]`.
    MapFor(Box<Element>),
}

impl Expr {
    /// The direct subexpressions, for walks over a whole expression (the
    /// language server's lookups, the translator's recursion check).
    pub fn children(&self) -> Vec<&Expr> {
        let expr = self;
        fn elements(elements: &[Element]) -> Vec<&Expr> {
            let mut out = Vec::new();
            for element in elements {
                out.push(&element.value);
                for clause in &element.clauses {
                    match clause {
                        Clause::For { iter, .. } => out.push(iter),
                        Clause::If(cond) => out.push(cond),
                    }
                }
            }
            out
        }
        match &expr.node {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Var(_) => vec![],
            ExprKind::Nim(inner) => inner.iter().map(|e| &**e).collect(),
            ExprKind::Neg(e) | ExprKind::Not(e) => vec![e],
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => vec![a, b],
            ExprKind::Index(a, b) => vec![a, b],
            ExprKind::Range { low, high, .. } => vec![low, high],
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => vec![cond, then, otherwise],
            ExprKind::Call(callee, args) => std::iter::once(&**callee).chain(args).collect(),
            ExprKind::Options(e) | ExprKind::List(e) | ExprKind::Set(e) => elements(e),
            ExprKind::Map(entries) => entries.iter().flat_map(|(k, v)| [k, v]).collect(),
            ExprKind::MapFor(element) => elements(std::slice::from_ref(element)),
        }
    }
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `**`
    Pow,
    /// `x in xs`
    In,
    /// `x not in xs`
    NotIn,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Xor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Pow => "**",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
        }
    }
}

/// One element of an option list, list or set: a value and its clauses.
#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    pub value: Expr,
    pub clauses: Vec<Clause>,
}

/// `for x in xs` or `if cond`, applied left to right as in Python.
#[derive(Debug, Clone, PartialEq)]
pub enum Clause {
    For { var: Name, iter: Expr },
    If(Expr),
}

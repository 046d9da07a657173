//! Values → text: source form for games (`Kayles(3) + *2`, `<*0, *1>`),
//! Python-like lists, aligned tables, one JSON value per result, and CSV.

use std::fmt::Write;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::LITERALS;
use crate::span::Span;
use crate::value::{Callable, DefId, FamilyId, Game, PosId, Table, Value};

/// What printing needs of a session: the names of families and `def`s,
/// and the arguments of positions. The interpreter is the one
/// implementation; through this the printer knows no interpreter type.
pub trait Names {
    /// The name of a family.
    fn family_name(&self, family: FamilyId) -> &str;
    /// The name of a `def`.
    fn def_name(&self, def: DefId) -> &str;
    /// The arguments of a position (a literal's: its options as games).
    fn args(&self, pos: PosId) -> std::borrow::Cow<'_, [Value]>;
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON value per line.
    Json,
    /// Comma-separated values: a table as a heading row and one row per
    /// row label, a list as a column, a list of lists as rows.
    Csv,
}

/// A statement's result as printed on its own line(s).
pub fn result(value: &Value, it: &dyn Names, format: Format) -> String {
    match format {
        Format::Json => json(value, it).to_string(),
        Format::Csv => csv(value, it),
        Format::Text => match value {
            Value::Str(s) => s.to_string(),
            Value::Table(table) => table_text(table, it),
            other => inline(other, it),
        },
    }
}

/// A value in source form, strings quoted: how it looks inside a list.
/// One too long to print (see `check_size`) is described instead.
pub fn inline(value: &Value, it: &dyn Names) -> String {
    let size = Sizer::new(it, false).size(value);
    if size > MAX_PRINTED {
        return format!("a {} of about {size} characters", value.kind());
    }
    let mut out = String::new();
    write_value(&mut out, value, it);
    out
}

/// A value inline, cut to about 60 characters with `…`: for notes, which
/// must stay readable whatever the arguments hold.
pub fn brief(value: &Value, it: &dyn Names) -> String {
    const SHOWN: usize = 60;
    let full = inline(value, it);
    match full.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &full[..cut]),
        None => full,
    }
}

/// Most characters one result may print. A list shared many times is small
/// in memory but not in print: `[a for i in 0..100000]` with a long `a`.
pub const MAX_PRINTED: u64 = 100_000_000;

/// Fails when printing `value` in `format` would pass `MAX_PRINTED`,
/// before anything is built: the size is counted once per shared list.
pub fn check_size(value: &Value, it: &dyn Names, format: Format, span: Span) -> Result<()> {
    let size = Sizer::new(it, format != Format::Text).size(value);
    if size <= MAX_PRINTED {
        return Ok(());
    }
    Err(Diagnostic::new(
        span,
        format!(
            "this result is too long to print (about {size} characters, more than {MAX_PRINTED})"
        ),
    )
    .label("this value")
    .help("print a part of it (`xs[0..10]`) or its length (`len(xs)`)"))
}

/// Counts the characters a value prints as, at most a few per element,
/// remembering shared lists, maps and positions so that each is walked once.
struct Sizer<'a> {
    it: &'a dyn Names,
    /// Whether ranges print their elements (JSON and CSV) or `a..b`.
    ranges: bool,
    shared: FxHashMap<usize, u64>,
    positions: FxHashMap<PosId, u64>,
}

impl<'a> Sizer<'a> {
    fn new(it: &'a dyn Names, ranges: bool) -> Sizer<'a> {
        Sizer {
            it,
            ranges,
            shared: FxHashMap::default(),
            positions: FxHashMap::default(),
        }
    }

    fn size(&mut self, value: &Value) -> u64 {
        // A value nested too deeply to walk is too long to print, and
        // printing it would recurse as deeply as this count.
        if crate::stack::stack_exhausted() {
            return u64::MAX;
        }
        match value {
            Value::Int(n) => digits(*n),
            Value::Str(s) => s.len() as u64 + 2,
            Value::Range(a, b) if self.ranges => {
                let n = Value::range_len(*a, *b);
                n.saturating_mul(digits(*a).max(digits(*b)) + 2)
            }
            Value::Range(a, b) => digits(*a) + digits(*b) + 2,
            Value::List(items) => self.shared(Rc::as_ptr(items) as usize, items.iter()),
            Value::Map(map) => {
                let pairs = map.entries.iter().flat_map(|(k, v)| [k, v]);
                self.shared(Rc::as_ptr(map) as usize, pairs)
            }
            Value::Table(table) => {
                let cells = table.cells.iter().flatten();
                let all = table.rows.iter().chain(&table.cols).chain(cells);
                self.shared(Rc::as_ptr(table) as usize, all)
            }
            Value::Game(game) => self.game(game),
            Value::Infinite(finite) => 4 + 22 * finite.len() as u64,
            Value::Unit | Value::Bool(_) | Value::Func(_) => 16,
        }
    }

    fn shared<'v>(&mut self, key: usize, items: impl Iterator<Item = &'v Value>) -> u64 {
        if let Some(&n) = self.shared.get(&key) {
            return n;
        }
        let n = items.fold(2u64, |n, item| {
            n.saturating_add(self.size(item).saturating_add(2))
        });
        self.shared.insert(key, n);
        n
    }

    fn game(&mut self, game: &Game) -> u64 {
        match game {
            Game::Nim(n) => 1 + digits(*n as i64),
            Game::Sum(parts) => parts.iter().fold(0u64, |n, part| {
                n.saturating_add(self.game(part).saturating_add(3))
            }),
            Game::Pos(pos) => {
                if let Some(&n) = self.positions.get(pos) {
                    return n;
                }
                let name = self.it.family_name(pos.family).len() as u64;
                let args = self.it.args(*pos);
                let n = args.iter().fold(name + 2, |n, arg| {
                    n.saturating_add(self.size(arg).saturating_add(2))
                });
                self.positions.insert(*pos, n);
                n
            }
        }
    }
}

/// An upper bound on the characters of `n` in decimal.
fn digits(n: i64) -> u64 {
    u64::from(n.unsigned_abs().checked_ilog10().unwrap_or(0)) + 2
}

/// "the integer 5", "the game Kayles(3)", for messages.
pub fn describe(value: &Value, it: &dyn Names) -> String {
    match value {
        Value::Game(_) | Value::Func(_) => format!("{} `{}`", article(value), inline(value, it)),
        _ => describe_plain(value),
    }
}

/// "the integer 5", "a game", without needing the session.
pub fn describe_plain(value: &Value) -> String {
    match value {
        Value::Int(_) | Value::Bool(_) | Value::Str(_) => {
            format!("the {} {}", value.kind(), plain(value))
        }
        Value::Unit => "nothing".to_string(),
        other => format!("a {}", other.kind()),
    }
}

fn article(value: &Value) -> String {
    format!("the {}", value.kind())
}

/// Short values as text without the session (numbers, strings, small lists).
pub fn plain(value: &Value) -> String {
    match value {
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => format!("{s:?}"),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(plain).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Range(a, b) => format!("{a}..{b}"),
        other => format!("a {}", other.kind()),
    }
}

fn write_value(out: &mut String, value: &Value, it: &dyn Names) {
    match value {
        Value::Unit => out.push_str("none"),
        Value::Int(n) => write!(out, "{n}").unwrap_or(()),
        Value::Bool(b) => write!(out, "{b}").unwrap_or(()),
        Value::Str(s) => write!(out, "{s:?}").unwrap_or(()),
        Value::Range(a, b) => write!(out, "{a}..{b}").unwrap_or(()),
        Value::List(items) => {
            out.push('[');
            write_list(out, items, it);
            out.push(']');
        }
        Value::Map(map) => {
            out.push('{');
            for (i, (k, v)) in map.entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, k, it);
                out.push_str(": ");
                write_value(out, v, it);
            }
            out.push('}');
        }
        Value::Game(game) => write_game(out, game, it),
        Value::Func(callable) => out.push_str(&callable_name(*callable, it)),
        Value::Table(table) => out.push_str(&table_text(table, it)),
        Value::Infinite(finite) => out.push_str(&infinite_text(finite)),
    }
}

fn write_list(out: &mut String, items: &[Value], it: &dyn Names) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_value(out, item, it);
    }
}

/// `∞{0, 2}`, `∞{}`: an infinite loopy value and its finite option values.
/// `∞{0, 1}`: a loopy value with the finite values among its options.
pub fn infinite_text(finite: &[u64]) -> String {
    let values: Vec<String> = finite.iter().map(u64::to_string).collect();
    format!("∞{{{}}}", values.join(", "))
}

/// The name of a family, `def` or built-in.
pub fn callable_name(callable: Callable, it: &dyn Names) -> String {
    match callable {
        Callable::Family(id) => it.family_name(id).to_string(),
        Callable::Def(id) => it.def_name(id).to_string(),
        Callable::Builtin(b) => b.name().to_string(),
    }
}

fn write_game(out: &mut String, game: &Game, it: &dyn Names) {
    match game {
        Game::Nim(n) => write!(out, "*{n}").unwrap_or(()),
        Game::Pos(pos) => {
            let args = it.args(*pos);
            if pos.family == LITERALS {
                out.push('<');
                write_list(out, &args, it);
                out.push('>');
            } else {
                out.push_str(it.family_name(pos.family));
                if !args.is_empty() {
                    out.push('(');
                    write_list(out, &args, it);
                    out.push(')');
                }
            }
        }
        Game::Sum(parts) => {
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str(" + ");
                }
                write_game(out, part, it);
            }
        }
    }
}

/// A table with right-aligned columns, its corner naming the family.
fn table_text(table: &Table, it: &dyn Names) -> String {
    let cell = |v: &Value| match v {
        Value::Str(s) => s.to_string(),
        other => inline(other, it),
    };
    let header: Vec<String> = table.cols.iter().map(cell).collect();
    let rows: Vec<(String, Vec<String>)> = table
        .rows
        .iter()
        .zip(&table.cells)
        .map(|(r, cells)| (cell(r), cells.iter().map(cell).collect()))
        .collect();
    let label_width = rows
        .iter()
        .map(|(r, _)| r.chars().count())
        .chain([table.corner.chars().count()])
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|(_, cells)| cells[c].chars().count())
                .chain([header[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |label: &str, cells: &[String]| {
        let mut s = format!("{label:>label_width$} |");
        for (c, w) in cells.iter().zip(&widths) {
            write!(s, " {c:>w$}").unwrap_or(());
        }
        s
    };
    let mut lines = vec![line(&table.corner, &header)];
    let rule_width: usize = widths.iter().map(|w| w + 1).sum();
    lines.push(format!(
        "{}-+{}",
        "-".repeat(label_width),
        "-".repeat(rule_width)
    ));
    for (label, cells) in &rows {
        lines.push(line(label, cells));
    }
    lines.join("\n")
}

/// A value as JSON: games as their source text, tables as objects.
pub fn json(value: &Value, it: &dyn Names) -> serde_json::Value {
    use serde_json::Value as J;
    match value {
        Value::Unit => J::Null,
        Value::Int(n) => J::from(*n),
        Value::Bool(b) => J::from(*b),
        Value::Str(s) => J::from(s.as_ref()),
        Value::List(_) | Value::Range(..) => {
            J::Array(value.elements().map(|v| json(&v, it)).collect())
        }
        Value::Map(map) => {
            if map.entries.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
                J::Object(
                    map.entries
                        .iter()
                        .map(|(k, v)| (result(k, it, Format::Text), json(v, it)))
                        .collect(),
                )
            } else {
                J::Array(
                    map.entries
                        .iter()
                        .map(|(k, v)| J::Array(vec![json(k, it), json(v, it)]))
                        .collect(),
                )
            }
        }
        Value::Game(_) | Value::Func(_) | Value::Infinite(_) => J::from(inline(value, it)),
        Value::Table(table) => serde_json::json!({
            "name": table.corner,
            "rows": table.rows.iter().map(|v| json(v, it)).collect::<Vec<_>>(),
            "cols": table.cols.iter().map(|v| json(v, it)).collect::<Vec<_>>(),
            "values": table.cells.iter()
                .map(|row| row.iter().map(|v| json(v, it)).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        }),
    }
}

/// A result as CSV (RFC 4180), for spreadsheets and data frames. A table is
/// a heading row (its name, then the column labels) and one row per row
/// label; a list of lists is one row per inner list; any other list is a
/// column, one value per line (a list has no indices to print beside its
/// values: `[[n, g(F(n))] for n in r]` gives both); a map is one `key,value`
/// row per entry; anything else is a single field.
fn csv(value: &Value, it: &dyn Names) -> String {
    let row = |fields: &mut dyn Iterator<Item = &Value>| {
        fields
            .map(|v| csv_field(v, it))
            .collect::<Vec<_>>()
            .join(",")
    };
    let rows: Vec<String> = match value {
        Value::Table(table) => {
            let corner = Value::str(&table.corner);
            let mut rows = vec![row(&mut std::iter::once(&corner).chain(&table.cols))];
            for (label, cells) in table.rows.iter().zip(&table.cells) {
                rows.push(row(&mut std::iter::once(label).chain(cells)));
            }
            rows
        }
        Value::List(_) | Value::Range(..) => {
            let items: Vec<Value> = value.elements().collect();
            let is_list = |v: &Value| matches!(v, Value::List(_) | Value::Range(..));
            if !items.is_empty() && items.iter().all(is_list) {
                items
                    .iter()
                    .map(|v| row(&mut v.elements().collect::<Vec<_>>().iter()))
                    .collect()
            } else {
                items.iter().map(|v| csv_field(v, it)).collect()
            }
        }
        Value::Map(map) => map
            .entries
            .iter()
            .map(|(k, v)| row(&mut [k, v].into_iter()))
            .collect(),
        other => vec![csv_field(other, it)],
    };
    rows.join("\n")
}

/// One CSV field: strings without quotes and other values in source form,
/// quoted (with `"` doubled) when they hold a comma, quote or line break.
fn csv_field(value: &Value, it: &dyn Names) -> String {
    let text = match value {
        Value::Str(s) => s.to_string(),
        other => inline(other, it),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

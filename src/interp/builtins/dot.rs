//! `dot(G)`: the game graph of `G` as Graphviz DOT text. Unlike `tree`, each
//! position is one node however many ways it can be reached, so the picture
//! shows the game's real shape; P-positions get a double, filled border.

use std::fmt::Write;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::interp::play::loopy::Loopy;
use crate::interp::{Drawing, Interp};
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Game, Value};

/// Nodes drawn at most: Graphviz lays out a few thousand nodes readably.
const MAX_NODES: usize = 5000;

/// `dot(G)` / `dot(G, depth)`: the positions reachable from `G` in at most
/// `depth` moves, breadth first, with an edge for each move.
pub fn dot(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let root = it.canonical(ops::game(&args[0], spans[0])?, spans[0])?;
    let max_depth = match args.get(1) {
        Some(depth) => super::tree::depth(depth, spans[1])?,
        None => usize::MAX,
    };
    let mut ids: FxHashMap<Game, usize> = FxHashMap::default();
    ids.insert(root.clone(), 0);
    let mut queue = vec![(root, 0)];
    let mut out = String::from("digraph game {\n");
    out.push_str("  // each position once, with its Sprague-Grundy value;\n");
    out.push_str("  // P-positions (g = 0) have a double, filled border;\n");
    out.push_str("  // a dashed one has options beyond the depth drawn;\n");
    out.push_str("  // in a game with cycles, a draw (g = ∞{…}) is dotted\n");
    out.push_str("  node [shape=box, fontname=\"Helvetica\"];\n");
    let mut edges = String::new();
    let mut next = 0;
    while let Some((game, depth)) = queue.get(next).cloned() {
        let id = next;
        next += 1;
        it.tick(span)?;
        let value = it.loopy(&game, span)?;
        let name = printer::inline(&Value::Game(game.clone()), it);
        let options = it.options(&game, span)?;
        let cut = depth >= max_depth && !options.is_empty();
        let mut styles = Vec::new();
        let label = format!("{name}\ng={}", value.label());
        let mut attributes = format!("label=\"{}\"", escape(&label));
        if value.outcome() == "D" {
            styles.push("dotted");
        }
        if value == Loopy::Finite(0) {
            styles.push("filled");
            attributes.push_str(", peripheries=2, fillcolor=\"#e8e8e8\"");
        }
        if cut {
            styles.push("dashed");
        }
        if !styles.is_empty() {
            write!(attributes, ", style=\"{}\"", styles.join(",")).unwrap_or(());
        }
        writeln!(out, "  n{id} [{attributes}];").unwrap_or(());
        if cut {
            continue;
        }
        let mut targets = FxHashSet::default();
        for option in options {
            it.tick(span)?;
            let target = match ids.get(&option) {
                Some(&target) => target,
                None => {
                    if ids.len() >= MAX_NODES {
                        return Err(too_big(span));
                    }
                    let target = ids.len();
                    ids.insert(option.clone(), target);
                    queue.push((option, depth + 1));
                    target
                }
            };
            if targets.insert(target) {
                writeln!(edges, "  n{id} -> n{target};").unwrap_or(());
            }
        }
    }
    out.push_str(&edges);
    out.push('}');
    let drawn = Value::str(&out);
    it.note_drawing(&drawn, || Drawing::Dot);
    Ok(drawn)
}

fn too_big(span: Span) -> Box<Diagnostic> {
    Diagnostic::new(
        span,
        format!("the game graph has more than {MAX_NODES} positions"),
    )
    .label("too many positions to draw")
    .help("pass a depth to draw the positions near the start: dot(G, 3)")
}

/// A label as the inside of a DOT string: quotes and backslashes escaped,
/// newlines as DOT's `\n`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

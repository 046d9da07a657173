//! `tree(G)`: the game tree drawn with box-drawing characters, each position
//! with its value; a position already drawn is not expanded again, so a game
//! with cycles is drawn too, with its loopy values and its draws marked.

use rustc_hash::FxHashSet;

use crate::diagnostic::Result;
use crate::interp::{Drawing, Interp};
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Game, Value};

/// Lines drawn at most, so that a large game cannot flood the terminal.
const MAX_LINES: usize = 2000;

struct Pending {
    game: Game,
    prefix: String,
    last: bool,
    depth: usize,
}

/// `tree(G)` / `tree(G, depth)`.
pub fn tree(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let root = it.canonical(ops::game(&args[0], spans[0])?, spans[0])?;
    let max_depth = match args.get(1) {
        Some(v) => depth(v, spans[1])?,
        None => usize::MAX,
    };
    let mut lines: Vec<String> = Vec::new();
    // Each position's depth and text, for a display that draws the tree.
    let mut nodes: Vec<(usize, String)> = Vec::new();
    let mut shown: FxHashSet<Game> = FxHashSet::default();
    let mut stack = vec![Pending {
        game: root,
        prefix: String::new(),
        last: true,
        depth: 0,
    }];
    let mut first = true;
    while let Some(node) = stack.pop() {
        it.tick(span)?;
        if lines.len() >= MAX_LINES {
            lines.push(format!(
                "… (more than {MAX_LINES} lines; pass a depth: tree(G, 3))"
            ));
            break;
        }
        let value = it.loopy(&node.game, span)?;
        let draw = if value.outcome() == "D" {
            "  (draw)"
        } else {
            ""
        };
        let name = printer::inline(&Value::Game(node.game.clone()), it);
        let (branch, child_prefix) = if first {
            (String::new(), String::new())
        } else if node.last {
            ("└── ".to_string(), format!("{}    ", node.prefix))
        } else {
            ("├── ".to_string(), format!("{}│   ", node.prefix))
        };
        first = false;
        let repeated = !shown.insert(node.game.clone());
        let options = it.options(&node.game, span)?;
        let expand = !repeated && node.depth < max_depth;
        let mark = match (options.is_empty(), repeated, expand) {
            (true, _, _) | (false, false, true) => "",
            (false, true, _) => "  (see above)",
            (false, false, false) => "  …",
        };
        let value = value.label();
        let text = format!("{name}  g={value}{draw}{mark}");
        lines.push(format!("{}{branch}{text}", node.prefix));
        nodes.push((node.depth, text));
        if expand {
            let count = options.len();
            for (i, option) in options.into_iter().enumerate().rev() {
                stack.push(Pending {
                    game: option,
                    prefix: child_prefix.clone(),
                    last: i + 1 == count,
                    depth: node.depth + 1,
                });
            }
        }
    }
    let drawn = Value::str(&lines.join("\n"));
    it.note_drawing(&drawn, || Drawing::Tree(nodes));
    Ok(drawn)
}

/// The optional depth argument of `tree` and `dot`: how many moves deep to
/// draw.
pub fn depth(value: &Value, span: Span) -> Result<usize> {
    let depth = ops::int(value, span)?;
    usize::try_from(depth).map_err(|_| ops::type_error("a depth of 0 or more", value, span))
}

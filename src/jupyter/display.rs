//! How a notebook shows a value: its text, which every front end can show,
//! and a richer form where one helps reading it — a table as HTML, a game
//! tree as a drawing, a game graph drawn by Graphviz.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

use jupyter_protocol::{Media, MediaType};

use crate::interp::{Drawing, Interp};
use crate::printer::{self, Format};
use crate::value::{Table, Value};

/// What a notebook shows for an expression statement's value: the result
/// itself (text, and HTML for a table), then a picture of it if it draws
/// one (a `tree`, or a `dot` graph when Graphviz is installed).
pub struct Shown {
    pub result: Media,
    pub picture: Option<Media>,
}

/// How `value` is shown.
pub fn show(value: &Value, interp: &Interp) -> Shown {
    let text = printer::result(value, interp, Format::Text);
    let mut result = vec![MediaType::Plain(text)];
    let mut picture = None;
    match value {
        Value::Table(table) => result.push(MediaType::Html(html_table(table, interp))),
        Value::Str(drawn) => match interp.drawing(drawn) {
            Some(Drawing::Tree(nodes)) => picture = Some(svg_media(tree_svg(nodes))),
            Some(Drawing::Dot) => picture = graphviz(drawn).map(svg_media),
            None => {}
        },
        _ => {}
    }
    Shown {
        result: Media::new(result),
        picture,
    }
}

/// A picture, with a line of text for front ends that show no images.
pub fn svg_media(svg: String) -> Media {
    Media::new(vec![
        MediaType::Svg(svg),
        MediaType::Plain("[an SVG picture]".to_string()),
    ])
}

/// `text` with the characters HTML and SVG give a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A `table` as an HTML table: the corner names the family, the first row
/// and column hold the arguments.
fn html_table(table: &Table, interp: &Interp) -> String {
    let cell = |value: &Value| match value {
        Value::Str(s) => escape(s),
        other => escape(&printer::inline(other, interp)),
    };
    let mut html = String::from("<table class=\"sprague-table\">\n<thead><tr>");
    write!(html, "<th>{}</th>", escape(&table.corner)).unwrap_or(());
    for col in &table.cols {
        write!(html, "<th>{}</th>", cell(col)).unwrap_or(());
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for (row, cells) in table.rows.iter().zip(&table.cells) {
        write!(html, "<tr><th>{}</th>", cell(row)).unwrap_or(());
        for value in cells {
            write!(html, "<td>{}</td>", cell(value)).unwrap_or(());
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>");
    html
}

/// The SVG that Graphviz's `dot` draws for `text`, if `dot` is on the PATH
/// and succeeds.
fn graphviz(text: &str) -> Option<String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // Written from another thread, so that a large graph cannot fill both
    // pipes and stall.
    let mut stdin = child.stdin.take()?;
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().ok()?;
    let written = writer.join().ok()?.is_ok();
    (written && output.status.success())
        .then(|| String::from_utf8(output.stdout).ok())
        .flatten()
}

/// Width of a character of the drawing's monospace font, in pixels.
const CHAR_WIDTH: f64 = 7.8;
/// Height of a node's box, and the gaps between boxes.
const BOX_HEIGHT: f64 = 38.0;
const GAP_X: f64 = 14.0;
const LEVEL_HEIGHT: f64 = 70.0;

/// A node of the drawn tree: its two lines of text, its children, and its
/// place once laid out.
struct Node {
    name: String,
    value: String,
    width: f64,
    depth: usize,
    children: Vec<usize>,
    x: f64,
}

/// `tree`'s positions (in the order drawn, each with its depth) as an SVG
/// drawing: each position a box with its name over its value, P-positions
/// (g=0) shaded, lines down to its options.
fn tree_svg(lines: &[(usize, String)]) -> String {
    let mut nodes: Vec<Node> = Vec::with_capacity(lines.len());
    // The nodes on the path from the root to the current one.
    let mut path: Vec<usize> = Vec::new();
    for (depth, text) in lines {
        let (name, value) = match text.rsplit_once("  g=") {
            Some((name, value)) => (name.to_string(), format!("g={value}")),
            None => (text.clone(), String::new()),
        };
        let chars = name.chars().count().max(value.chars().count());
        let id = nodes.len();
        path.truncate(*depth);
        if let Some(&parent) = path.last() {
            nodes[parent].children.push(id);
        }
        path.push(id);
        nodes.push(Node {
            name,
            value,
            width: chars as f64 * CHAR_WIDTH + 16.0,
            depth: *depth,
            children: Vec::new(),
            x: 0.0,
        });
    }
    let mut right = 0.0;
    if !nodes.is_empty() {
        place(&mut nodes, 0, &mut right);
    }
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let width = right + GAP_X;
    let height = depth as f64 * LEVEL_HEIGHT + BOX_HEIGHT + 2.0 * GAP_X;
    let top = |node: &Node| GAP_X + node.depth as f64 * LEVEL_HEIGHT;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"monospace\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    );
    for node in &nodes {
        for &child in &node.children {
            let child = &nodes[child];
            writeln!(
                svg,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\"/>",
                node.x,
                top(node) + BOX_HEIGHT,
                child.x,
                top(child)
            )
            .unwrap_or(());
        }
    }
    for node in &nodes {
        let losing = node.value == "g=0" || node.value.starts_with("g=0 ");
        let fill = if losing { "#e8e8e8" } else { "#ffffff" };
        let stroke = if losing { 2.0 } else { 1.0 };
        let (x, y) = (node.x - node.width / 2.0, top(node));
        writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{BOX_HEIGHT}\" rx=\"4\" \
             fill=\"{fill}\" stroke=\"#333\" stroke-width=\"{stroke}\"/>",
            node.width
        )
        .unwrap_or(());
        for (line, text) in [(15.0, &node.name), (31.0, &node.value)] {
            writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                node.x,
                y + line,
                escape(text)
            )
            .unwrap_or(());
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Lays out the subtree of `id`: leaves side by side from `right` (the
/// right edge of what is placed so far), each parent centred over its
/// children. An explicit stack, since a tree may be as deep as it is long.
fn place(nodes: &mut [Node], root: usize, right: &mut f64) {
    // (node, whether its children are placed)
    let mut stack = vec![(root, false)];
    while let Some((id, children_placed)) = stack.pop() {
        if !children_placed && !nodes[id].children.is_empty() {
            stack.push((id, true));
            stack.extend(nodes[id].children.iter().rev().map(|&c| (c, false)));
            continue;
        }
        let width = nodes[id].width;
        let centre = match (nodes[id].children.first(), nodes[id].children.last()) {
            (Some(&first), Some(&last)) => (nodes[first].x + nodes[last].x) / 2.0,
            _ => *right + GAP_X + width / 2.0,
        };
        // A parent wider than its children's span pushes what follows.
        nodes[id].x = centre.max(width / 2.0 + GAP_X);
        *right = right.max(nodes[id].x + width / 2.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_is_drawn_with_a_box_per_position_and_a_line_per_move() {
        let lines = vec![
            (0, "Kayles(2)  g=2".to_string()),
            (1, "Kayles(1)  g=1".to_string()),
            (2, "Kayles(0)  g=0".to_string()),
            (1, "Kayles(0)  g=0".to_string()),
        ];
        let svg = tree_svg(&lines);
        let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let count = |tag: &str| {
            document
                .descendants()
                .filter(|n| n.has_tag_name(tag))
                .count()
        };
        // The background, then a box per position.
        assert_eq!(count("rect"), 5);
        assert_eq!(count("line"), 3);
        let texts: Vec<_> = document
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(texts[..2], ["Kayles(2)", "g=2"]);
        // The two P-positions are shaded.
        let shaded = document
            .descendants()
            .filter(|n| n.attribute("fill") == Some("#e8e8e8"))
            .count();
        assert_eq!(shaded, 2);
    }

    #[test]
    fn a_parent_is_centred_over_its_children_and_siblings_do_not_overlap() {
        let lines = vec![
            (0, "a  g=1".to_string()),
            (1, "b  g=0".to_string()),
            (1, "c  g=0".to_string()),
        ];
        let mut nodes = Vec::new();
        for (depth, text) in &lines {
            nodes.push(Node {
                name: text.clone(),
                value: String::new(),
                width: 40.0,
                depth: *depth,
                children: Vec::new(),
                x: 0.0,
            });
        }
        nodes[0].children = vec![1, 2];
        let mut right = 0.0;
        place(&mut nodes, 0, &mut right);
        assert_eq!(nodes[0].x, (nodes[1].x + nodes[2].x) / 2.0);
        assert!(nodes[2].x - nodes[1].x >= 40.0 + GAP_X);
    }

    #[test]
    fn table_cells_are_escaped_html() {
        assert_eq!(escape("<*1> & \"x\""), "&lt;*1&gt; &amp; &quot;x&quot;");
    }
}

//! The analysis toolkit: `tree`, `dot`, `plot`, `hint` and the JSON and CSV
//! output formats. Expected values come from nim (`g(*a + *b) = a ^ b`),
//! the subtraction game S(1,2,3) (`g(S(n)) = n % 4`) and Kayles values
//! worked out by hand in the comments, never from the interpreter itself.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::{HashMap, HashSet};

use sprague::printer::Format;
use sprague::run::{Settings, run_to_strings};

const SUBTRACTION: &str = "game S(n) = < S(n - k) for k in 1..=3 if k <= n >\n";
const KAYLES: &str =
    "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >\n";

fn run_as(format: Format, script: &str) -> String {
    let settings = Settings {
        format,
        ..Default::default()
    };
    let (stdout, errors) = run_to_strings("test.sg", script, settings);
    if let Some(errors) = errors {
        panic!("the script failed:\n{script}\n--- diagnostics ---\n{errors}");
    }
    stdout
}

fn run(script: &str) -> String {
    run_as(Format::Text, script)
}

/// The diagnostics of a script that must fail.
fn error(script: &str) -> String {
    let (_, errors) = run_to_strings("test.sg", script, Settings::default());
    errors.unwrap_or_else(|| panic!("the script should have failed:\n{script}"))
}

/// The heap sizes of a sum of nim heaps written `*a + *b`.
fn heaps(text: &str) -> Vec<u64> {
    text.split(" + ")
        .map(|heap| {
            heap.trim()
                .trim_start_matches('*')
                .parse()
                .unwrap_or_else(|_| panic!("{heap:?} is not a nim heap"))
        })
        .collect()
}

fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, h| acc ^ h)
}

/// The positions one nim move leaves from `from`, in canonical form:
/// heaps of size 0 dropped, the others sorted (the empty sum is `*0`).
fn nim_moves(from: &[u64]) -> HashSet<Vec<u64>> {
    let mut moves = HashSet::new();
    for (i, &heap) in from.iter().enumerate() {
        for smaller in 0..heap {
            let mut to = from.to_vec();
            to[i] = smaller;
            moves.insert(canonical(to));
        }
    }
    moves
}

fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h != 0);
    heaps.sort_unstable();
    if heaps.is_empty() { vec![0] } else { heaps }
}

// ---- tree ----

#[test]
fn tree_of_star_two_plus_star_one_is_the_pruned_figure() {
    // The seeds' Figure 3.3.2, pruned and in canonical form: heaps of size
    // 0 are dropped and heaps sorted, so *0 + *1 and *1 + *0 are both *1 and
    // drawn once; g(*a + *b) = a ^ b at every node.
    let expected = "\
*1 + *2  g=3
├── *2  g=2
│   ├── *0  g=0
│   └── *1  g=1
│       └── *0  g=0
├── *1  g=1  (see above)
└── *1 + *1  g=0
    └── *1  g=1  (see above)
";
    assert_eq!(run("tree(*2 + *1)"), expected);
}

/// A line of a drawn tree: its depth, position, value and whether it is
/// marked "(see above)".
struct TreeLine {
    depth: usize,
    position: String,
    value: u64,
    repeated: bool,
}

fn parse_tree(output: &str) -> Vec<TreeLine> {
    output
        .lines()
        .map(|line| {
            let body = line.trim_start_matches(['│', '├', '└', '─', ' ']);
            let prefix = line.chars().count() - body.chars().count();
            assert_eq!(prefix % 4, 0, "each level is four characters: {line:?}");
            let (position, rest) = body
                .split_once("  g=")
                .unwrap_or_else(|| panic!("no value on {line:?}"));
            let value = rest
                .trim_end_matches("  (see above)")
                .parse()
                .unwrap_or_else(|_| panic!("bad value on {line:?}"));
            TreeLine {
                depth: prefix / 4,
                position: position.to_string(),
                value,
                repeated: rest.ends_with("(see above)"),
            }
        })
        .collect()
}

#[test]
fn tree_of_star_two_plus_star_four_expands_each_position_once() {
    // Figure 3.3.3's game: the canonical positions *a + *b with a <= 2 and
    // b <= 4 (zero heaps dropped, heaps sorted) are all reachable, twelve
    // of them; each is expanded once, with one child per distinct nim move,
    // and each expanded node's value is the mex of its children's and the
    // nim-sum.
    let lines = parse_tree(&run("tree(*2 + *4)"));
    let mut expanded = HashSet::new();
    let mut seen = HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        let heaps = heaps(&line.position);
        assert_eq!(
            heaps,
            canonical(heaps.clone()),
            "{} is canonical",
            line.position
        );
        assert_eq!(line.value, nim_sum(&heaps), "{}", line.position);
        seen.insert(line.position.clone());
        if line.repeated || heaps == [0] {
            continue;
        }
        assert!(
            expanded.insert(line.position.clone()),
            "{} twice",
            line.position
        );
        let children: Vec<&TreeLine> = lines[i + 1..]
            .iter()
            .take_while(|child| child.depth > line.depth)
            .filter(|child| child.depth == line.depth + 1)
            .collect();
        let drawn: HashSet<Vec<u64>> = children.iter().map(|c| crate::heaps(&c.position)).collect();
        assert_eq!(
            drawn.len(),
            children.len(),
            "each move of {} once",
            line.position
        );
        assert_eq!(drawn, nim_moves(&heaps), "every move of {}", line.position);
        assert_eq!(line.value, common::mex(children.iter().map(|c| c.value)));
    }
    assert_eq!(seen.len(), 12);
    assert_eq!(expanded.len(), 11, "every position but the leaf *0");
}

#[test]
fn tree_with_a_depth_marks_the_positions_left_unexpanded() {
    let expected = "\
*3  g=3
├── *0  g=0
├── *1  g=1  …
└── *2  g=2  …
";
    assert_eq!(run("tree(*3, 1)"), expected);
    assert!(error("tree(*3, -1)").contains("expected a depth of 0 or more"));
}

// ---- dot ----

struct Graph {
    labels: Vec<String>,
    p_marked: Vec<bool>,
    dashed: Vec<bool>,
    edges: Vec<(usize, usize)>,
}

/// Reads the nodes and edges of the DOT text `dot` prints.
fn parse_dot(text: &str) -> Graph {
    let mut graph = Graph {
        labels: Vec::new(),
        p_marked: Vec::new(),
        dashed: Vec::new(),
        edges: Vec::new(),
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first(), Some(&"digraph game {"));
    assert_eq!(lines.last(), Some(&"}"));
    let node_id = |id: &str| -> usize {
        id.trim()
            .trim_start_matches('n')
            .parse()
            .unwrap_or_else(|_| panic!("bad node id {id:?}"))
    };
    for line in &lines[1..lines.len() - 1] {
        let line = line.trim();
        if line.starts_with("//") || line.starts_with("node ") {
            continue;
        }
        let line = line
            .strip_suffix(';')
            .unwrap_or_else(|| panic!("{line:?} does not end with ;"));
        if let Some((from, to)) = line.split_once(" -> ") {
            graph.edges.push((node_id(from), node_id(to)));
        } else {
            let (id, attributes) = line
                .split_once(" [")
                .unwrap_or_else(|| panic!("{line:?} is neither node nor edge"));
            assert_eq!(
                node_id(id),
                graph.labels.len(),
                "nodes are numbered in order"
            );
            let label = attributes
                .strip_prefix("label=\"")
                .and_then(|rest| rest.split_once('"'))
                .map(|(label, _)| label.to_string())
                .unwrap_or_else(|| panic!("no label in {line:?}"));
            graph.labels.push(label);
            graph.p_marked.push(attributes.contains("peripheries=2"));
            graph.dashed.push(attributes.contains("dashed"));
        }
    }
    graph
}

/// The position and value in a node label `"*2 + *1\ng=3"`.
fn position_and_value(label: &str) -> (String, u64) {
    let (position, value) = label
        .split_once("\\ng=")
        .unwrap_or_else(|| panic!("no value in label {label:?}"));
    let value = value
        .parse()
        .unwrap_or_else(|_| panic!("bad value in {label:?}"));
    (position.to_string(), value)
}

#[test]
fn dot_draws_each_position_once_with_every_move_and_marks_p_positions() {
    let graph = parse_dot(&run("dot(*2 + *1)"));
    let nodes: Vec<(Vec<u64>, u64)> = graph
        .labels
        .iter()
        .map(|label| {
            let (position, value) = position_and_value(label);
            (heaps(&position), value)
        })
        .collect();
    // *a + *b for a <= 2, b <= 1 in canonical form: *1 + *2, *2, *1 + *1,
    // *1 and *0, each with its nim-sum.
    assert_eq!(nodes.len(), 5);
    assert_eq!(nodes[0].0, vec![1, 2], "the root comes first");
    let distinct: HashSet<&Vec<u64>> = nodes.iter().map(|(h, _)| h).collect();
    assert_eq!(distinct.len(), 5);
    for ((heaps, value), p_marked) in nodes.iter().zip(&graph.p_marked) {
        assert_eq!(*value, nim_sum(heaps));
        assert_eq!(*p_marked, *value == 0, "P mark of {heaps:?}");
    }
    // Every edge is a nim move, and every nim move between drawn
    // positions is an edge: 3 + 2 + 1 + 1 + 0 moves.
    let edges: HashSet<(usize, usize)> = graph.edges.iter().copied().collect();
    assert_eq!(edges.len(), graph.edges.len(), "no edge twice");
    for (i, (from, _)) in nodes.iter().enumerate() {
        let moves = nim_moves(from);
        for (j, (to, _)) in nodes.iter().enumerate() {
            assert_eq!(moves.contains(to), edges.contains(&(i, j)));
        }
    }
    assert_eq!(edges.len(), 7);
    assert!(graph.dashed.iter().all(|d| !d));
}

#[test]
fn dot_with_a_depth_dashes_the_positions_it_does_not_expand() {
    // Kayles(4) has four distinct options: knocking one pin leaves K3 or
    // K1 + K2 (from either end), two pins K2 or K1 + K1.
    let graph = parse_dot(&run(&format!("{KAYLES}dot(Kayles(4), 1)")));
    assert_eq!(graph.labels.len(), 5);
    assert_eq!(graph.edges.len(), 4);
    assert!(graph.edges.iter().all(|&(from, _)| from == 0));
    // Values by hand: K0..K3 = 0, 1, 2, 3 and K4 = mex{3, 3, 2, 0} = 1;
    // only Kayles(1) + Kayles(1) is a P-position.
    let values: Vec<u64> = graph
        .labels
        .iter()
        .map(|l| position_and_value(l).1)
        .collect();
    assert_eq!(values, vec![1, 3, 3, 2, 0]);
    assert_eq!(graph.p_marked, vec![false, false, false, false, true]);
    // Every option has options of its own, beyond the depth drawn.
    assert_eq!(graph.dashed, vec![false, true, true, true, true]);
}

#[test]
fn dot_escapes_quotes_in_labels_and_refuses_a_huge_graph() {
    let text = run("game F(s) = <>\ndot(F(\"say \\\"hi\\\"\"))");
    assert!(
        text.contains(r#"n0 [label="F(\"say \\\"hi\\\"\")\ng=0""#),
        "{text}"
    );
    let message = error("dot(*3000 + *3000)");
    assert!(message.contains("the game graph has more than 5000 positions"));
    assert!(message.contains("dot(G, 3)"));
}

// ---- plot ----

fn parse_svg(svg: &str) -> roxmltree::Document<'_> {
    let document = roxmltree::Document::parse(svg).expect("the plot is well-formed SVG");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    document
}

/// The centres of the dots of a plot, in drawing order.
fn dots(svg: &str) -> Vec<(f64, f64)> {
    let document = parse_svg(svg);
    let coordinate = |node: &roxmltree::Node, name: &str| -> f64 {
        node.attribute(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("a circle without {name}"))
    };
    document
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .map(|n| (coordinate(&n, "cx"), coordinate(&n, "cy")))
        .collect()
}

/// How many points the longest line of a plot joins (axes and ticks join
/// two).
fn longest_line(svg: &str) -> usize {
    parse_svg(svg)
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .map(|n| {
            n.attribute("points")
                .unwrap_or("")
                .split_whitespace()
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn plot_writes_an_svg_with_one_dot_per_value_at_its_height() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("s.svg");
    let script = format!("{SUBTRACTION}plot(S, 0..=20, \"{}\")\n1", path.display());
    assert_eq!(run(&script), "1\n", "plot prints nothing");
    let svg = std::fs::read_to_string(&path).expect("the plot was written");
    assert!(svg.contains("g(S(n))"), "the title names the sequence");
    assert_eq!(
        longest_line(&svg),
        21,
        "a short sequence is joined by a line"
    );
    let dots = dots(&svg);
    assert_eq!(dots.len(), 21);
    // g(S(n)) = n % 4: dots go right as n grows, and a larger value is
    // drawn higher (a smaller y), equal values at the same height.
    for (n, pair) in dots.windows(2).enumerate() {
        assert!(pair[1].0 > pair[0].0, "dot {} is right of dot {n}", n + 1);
    }
    for (a, dot_a) in dots.iter().enumerate() {
        for (b, dot_b) in dots.iter().enumerate() {
            let (ga, gb) = (a % 4, b % 4);
            match ga.cmp(&gb) {
                std::cmp::Ordering::Equal => assert_eq!(dot_a.1, dot_b.1),
                std::cmp::Ordering::Less => assert!(dot_a.1 > dot_b.1),
                std::cmp::Ordering::Greater => assert!(dot_a.1 < dot_b.1),
            }
        }
    }
}

#[test]
fn plot_draws_a_def_and_a_long_sequence_as_dots_alone() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("f.SVG");
    run(&format!(
        "def f(n) = n % 3 - 1\nplot(f, 0..1000, \"{}\")",
        path.display()
    ));
    let svg = std::fs::read_to_string(&path).expect("the plot was written");
    assert!(svg.contains("f(n)"));
    assert_eq!(longest_line(&svg), 2, "a long one is not");
    assert_eq!(dots(&svg).len(), 1000);
}

#[test]
fn plot_refuses_other_files_empty_ranges_and_unwritable_paths() {
    let message = error(&format!("{SUBTRACTION}plot(S, 0..10, \"s.sg\")"));
    assert!(message.contains("plot writes SVG files only, not `s.sg`"));
    let message = error(&format!("{SUBTRACTION}plot(S, 0..0, \"s.svg\")"));
    assert!(message.contains("nothing to plot"));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let missing = folder.path().join("no/such/folder/s.svg");
    let message = error(&format!(
        "{SUBTRACTION}plot(S, 0..10, \"{}\")",
        missing.display()
    ));
    assert!(message.contains("cannot write"));
    let message = error("def f(n) = \"x\"\nplot(f, 0..3, \"f.svg\")");
    assert!(message.contains("expected an integer"));
}

/// `seq` and `table` check what they apply, a family or function and its
/// number of parameters, before the first cell, so an empty range fails
/// as a full one does.
#[test]
fn seq_and_table_check_arity_before_any_cell() {
    let one = "game S(n) = < S(n - 1) if n > 0 >\n";
    let two = "game W(a, b) = < W(a - 1, b) if a > 0 >\n";
    let table_of_one = "`S` takes 1 argument but 2 were given";
    let seq_of_two = "`W` takes 2 arguments but 1 was given";
    let not_a_function = "expected a game family or function, found the integer 3";
    for (script, expected) in [
        (format!("{one}table(S, 0..0, 0..3)"), table_of_one),
        (format!("{one}table(S, 0..2, 0..3)"), table_of_one),
        (format!("{two}seq(W, 0..0)"), seq_of_two),
        (format!("{two}seq(W, 0..3)"), seq_of_two),
        ("seq(3, 0..0)".to_string(), not_a_function),
        ("seq(3, 0..2)".to_string(), not_a_function),
        ("table(3, 0..0, 0..0)".to_string(), not_a_function),
        ("table(3, 0..2, 0..1)".to_string(), not_a_function),
    ] {
        let message = error(&script);
        assert!(message.contains(expected), "{message}");
    }
}

/// `min`, `max` and `sort` order values as `<` does: lists item by item
/// (a range as its list), the first of equal ones kept; games and values
/// of different kinds have no order, an error as `<` of them is, where
/// they once came out in the interpreter's own order.
#[test]
fn min_max_and_sort_order_values_as_comparisons_do() {
    let script = "print(min([3, 1, 4, 1, 5]), max(7, 2, 9), max(0..10), min([[2, 1], [1, 5], [1, 4, 0]]))\n\
                  print(sort([[2, 1], [1, 5], 0..3, [1, 4, 0], [], [0, 1, 2, 3]]))\n\
                  print(sort([\"b\", \"a\", \"c\"]), max(\"ab\", \"b\"))\n\
                  print([1, 2] < [1, 2, 0], [1, 3] > [1, 2, 9], 0..3 < [0, 1, 3], [] < [0], 0..2 == [0, 1])";
    assert_eq!(
        run(script),
        "1 9 9 [1, 4, 0]\n[[], 0..3, [0, 1, 2, 3], [1, 4, 0], [1, 5], [2, 1]]\n[\"a\", \"b\", \"c\"] b\ntrue true true true true\n"
    );
    for (script, expected) in [
        ("sort([*2, *1])", "games are not ordered"),
        ("max([*1, *2])", "games are not ordered"),
        ("min(*1, *2)", "games are not ordered"),
        ("[*1] < [*2]", "games are not ordered"),
        ("sort([[1, *2], [1, *3]])", "games are not ordered"),
        ("max([1, \"a\"])", "cannot compare"),
        ("sort([1, [2]])", "cannot compare"),
    ] {
        let message = error(script);
        assert!(message.contains(expected), "{script}: {message}");
    }
}

// ---- hint ----

#[test]
fn hint_names_the_heap_to_move_in_nim() {
    // 3 ^ 5 ^ 7 = 1: each heap can drop its lowest bit.
    assert_eq!(
        run("hint(*3 + *5 + *7)"),
        "[\"*3 → *2\", \"*5 → *4\", \"*7 → *6\"]\n"
    );
    // 3 ^ 5 = 6: only *5 can move to 5 ^ 6 = 3; huge heaps are not listed.
    assert_eq!(run("hint(*3 + *5)"), "[\"*5 → *3\"]\n");
    assert_eq!(
        run("hint(*1000000000000 + *5)"),
        "[\"*1000000000000 → *5\"]\n"
    );
    assert_eq!(run("hint(*4 + *4)\nhint(*0)"), "[]\n[]\n");
}

#[test]
fn hint_shows_how_a_kayles_row_splits() {
    // K0..K5 = 0, 1, 2, 3, 1, 4. In Kayles(5) + Kayles(2) (4 ^ 2 = 6) the
    // row of 5 must become value 2: K1 + K3, from either end, said once;
    // the row of 2 would need value 4, which no move reaches.
    let expected = "[\"Kayles(5) → Kayles(1) + Kayles(3)\"]\n";
    assert_eq!(
        run(&format!("{KAYLES}hint(Kayles(5) + Kayles(2))")),
        expected
    );
    // Equal parts say the same move once.
    let expected = "[\"Kayles(5) → Kayles(2) + Kayles(2)\"]\n";
    assert_eq!(run(&format!("{KAYLES}hint(Kayles(5) + *3 + *3)")), expected);
}

#[test]
fn hint_agrees_with_winning_on_kayles_sums() {
    // Each hinted move is one winning option and the reverse, whenever the
    // parts are distinct; a position has a hint exactly when g is not 0.
    let script = format!(
        "{KAYLES}assert [[a, b, c] for a in 0..7 for b in 7..12 for c in 0..4 \
         if len(hint(Kayles(a) + Kayles(b) + *c)) != len(winning(Kayles(a) + Kayles(b) + *c))] == []\n\
         assert [[a, b] for a in 0..9 for b in 0..9 \
         if (hint(Kayles(a) + *b) != []) != (g(Kayles(a) + *b) != 0)] == []"
    );
    run(&script);
}

#[test]
fn winning_finds_a_heaps_move_without_listing_its_options() {
    assert_eq!(
        run("winning(*100000000)\nwinning(*1000000000000 + *5)"),
        "[*0]\n[*5 + *5]\n"
    );
    // Each winning position repeats the other parts: counted against the
    // list limit before any is built.
    let message = error("winning(sum([*i for i in 0..16001]))");
    assert!(message.contains("more than 50000000 elements"), "{message}");
    assert_eq!(run("len(winning(sum([*i for i in 0..3001])))"), "953\n");
    // The P-positions among the options, in their order, each once.
    let script = format!(
        "{KAYLES}assert [[a, b, c] for a in 0..7 for b in 0..9 for c in 0..5 \
         if winning(Kayles(a) + Kayles(b) + *c) != \
         [o for o in options(Kayles(a) + Kayles(b) + *c) if g(o) == 0]] == []"
    );
    run(&script);
}

// ---- output formats ----

#[test]
fn json_prints_one_value_per_result() {
    let script = format!("{SUBTRACTION}seq(S, 0..6)\n3\n\"a\\nb\"\nS(2) + *1\n{{\"k\": [1]}}");
    let values = common::run_json(&script);
    assert_eq!(common::ints(&values[0]), vec![0, 1, 2, 3, 0, 1]);
    assert_eq!(values[1], serde_json::json!(3));
    assert_eq!(values[2], serde_json::json!("a\nb"));
    assert_eq!(values[3], serde_json::json!("S(2) + *1"));
    assert_eq!(values[4], serde_json::json!({"k": [1]}));
    let table = common::run_json(
        "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n\
         table(W, 0..2, 0..3)",
    );
    assert_eq!(
        table,
        vec![serde_json::json!({
            "name": "W", "rows": [0, 1], "cols": [0, 1, 2],
            "values": [[0, 1, 2], [1, 0, 3]],
        })]
    );
}

#[test]
fn every_json_line_parses_print_included_with_escapes() {
    let script = "print(\"say \\\"hi\\\"\\n\u{1b}[2J\u{7}\\t\u{1F600}\u{2028}\")\n\
                  print(1, [2, \"x\"])\n\
                  \"q\\n\u{1}\"\n\
                  {\"k\\n\": \"\u{10FFFF}\"}\n";
    let text = run_as(Format::Json, script);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line:?}: {e}")))
        .collect();
    assert_eq!(
        lines,
        vec![
            serde_json::json!("say \"hi\"\n\u{1b}[2J\u{7}\t\u{1F600}\u{2028}"),
            serde_json::json!("1 [2, \"x\"]"),
            serde_json::json!("q\n\u{1}"),
            serde_json::json!({"k\n": "\u{10FFFF}"}),
        ]
    );
}

#[test]
fn json_keeps_the_order_of_map_keys_as_text_and_csv_do() {
    let script = "{\"b\": 1, \"a\": 2, \"c\": {\"z\": 1, \"y\": 2}}\n";
    let text = run_as(Format::Json, script);
    assert_eq!(text, "{\"b\":1,\"a\":2,\"c\":{\"z\":1,\"y\":2}}\n");
    let text = run_as(Format::Text, script);
    assert_eq!(text, "{\"b\": 1, \"a\": 2, \"c\": {\"z\": 1, \"y\": 2}}\n");
}

#[test]
fn csv_prints_tables_with_headings_lists_as_columns_and_quotes_fields() {
    // Two-heap nim as a family: g(W(a, b)) = a ^ b.
    let script = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n\
                  table(W, 0..3, 0..4)\n";
    let text = run_as(Format::Csv, script);
    assert_eq!(text, "W,0,1,2,3\n0,0,1,2,3\n1,1,0,3,2\n2,2,3,0,1\n");
    let text = run_as(
        Format::Csv,
        &format!("{SUBTRACTION}seq(S, 0..5)\n[[n, g(S(n))] for n in 4..6]\n"),
    );
    assert_eq!(text, "0\n1\n2\n3\n0\n4,0\n5,1\n");
    let text = run_as(
        Format::Csv,
        "game F(a, b) = <>\n[F(1, 2), \"say \\\"hi\\\"\", \"x\"]\n{\"a\": 1}\n7",
    );
    assert_eq!(text, "\"F(1, 2)\"\n\"say \"\"hi\"\"\"\nx\na,1\n7\n");
}

#[test]
fn csv_rows_split_back_into_the_table() {
    // A round trip through a plain CSV reading: every row has the heading's
    // number of fields and the cells are the nim-sums.
    let text = run_as(
        Format::Csv,
        "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >\n\
         table(W, 0..8, 0..6)",
    );
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 9);
    let columns: HashMap<usize, u64> = rows[0][1..]
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.parse().expect("a column heading")))
        .collect();
    for row in &rows[1..] {
        assert_eq!(row.len(), 7);
        let a: u64 = row[0].parse().expect("a row heading");
        for (i, cell) in row[1..].iter().enumerate() {
            assert_eq!(cell.parse::<u64>().ok(), Some(a ^ columns[&i]));
        }
    }
}

// ---- canonical sums ----

#[test]
fn sums_print_in_canonical_form_and_each_option_once() {
    // Parts without moves (Kayles(0), *0) are dropped, the rest sorted:
    // positions by family and argument, then heaps by size.
    let shown = run(&format!(
        "{KAYLES}Kayles(2) + *0 + Kayles(0) + *3 + Kayles(1)\nKayles(0) + Kayles(0)\n\
         *0 + *0\nprint(Kayles(3) + Kayles(0))\n[*2 + *1, Kayles(0) + *1]\n"
    ));
    assert_eq!(
        shown,
        "Kayles(1) + Kayles(2) + *3\nKayles(0)\n*0\nKayles(3)\n[*1 + *2, *1]\n"
    );
    // Kayles(4) by hand: one pin leaves K3 or K1 + K2 (from either end),
    // two pins K2 or K1 + K1.
    assert_eq!(
        run(&format!("{KAYLES}options(Kayles(4))")),
        "[Kayles(3), Kayles(1) + Kayles(2), Kayles(2), Kayles(1) + Kayles(1)]\n"
    );
    // Kayles(10): one pin leaves {a, 9 - a} for a <= 4, two pins
    // {a, 8 - a} for a <= 4: ten distinct positions of 19 moves.
    assert_eq!(run(&format!("{KAYLES}len(options(Kayles(10)))")), "10\n");
    // K5 = 4: only K4 (value 1) beside *1 wins, from either end, said once.
    assert_eq!(
        run(&format!("{KAYLES}winning(Kayles(5) + *1)")),
        "[Kayles(4) + *1]\n"
    );
    assert_eq!(
        run(&format!("{KAYLES}hint(Kayles(5) + *1)")),
        "[\"Kayles(5) → Kayles(4)\"]\n"
    );
}

#[test]
fn tree_dot_and_hint_draw_games_with_cycles() {
    // a → b, b → a or c, c ends; d passes for ever. By hand: c = 0, so
    // b = 1 and a = 0 (its only move is to b); d is a draw, ∞{}.
    let graph = "game V(v) = < V(w) for w in {\"a\": [\"b\"], \"b\": [\"a\", \"c\"], \
                 \"c\": [], \"d\": [\"d\"]}[v] >\n";
    let expected = "\
V(\"a\")  g=0
└── V(\"b\")  g=1
    ├── V(\"a\")  g=0  (see above)
    └── V(\"c\")  g=0
";
    assert_eq!(run(&format!("{graph}tree(V(\"a\"))")), expected);
    assert_eq!(
        run(&format!("{graph}tree(V(\"d\"))")),
        "V(\"d\")  g=∞{}  (draw)\n└── V(\"d\")  g=∞{}  (draw)  (see above)\n"
    );
    // A sum with a draw in it is a draw wherever the other part is: three
    // nodes (a + d, b + d, c + d), each dotted and valued ∞{}.
    let dot = run(&format!("{graph}dot(V(\"a\") + V(\"d\"))"));
    assert_eq!(dot.matches("g=∞{}\"").count(), 3, "{dot}");
    assert_eq!(dot.matches("style=\"dotted\"").count(), 3, "{dot}");
    // a + *1 = 1: moving a to b (1 ^ 1) or *1 to *0 leaves value 0;
    // b + *1 = 0 has no winning move.
    assert_eq!(
        run(&format!("{graph}hint(V(\"a\") + *1)")),
        "[\"V(\\\"a\\\") → V(\\\"b\\\")\", \"*1 → *0\"]\n"
    );
    assert_eq!(run(&format!("{graph}hint(V(\"b\") + *1)")), "[]\n");
    assert_eq!(run(&format!("{graph}hint(V(\"d\") + *1)")), "[]\n");
}

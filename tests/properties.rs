//! Random impartial games, generated without the interpreter and rendered
//! as `.sg` source, checked against this file's own brute-force solvers:
//! a recursive mex over the game graph, a win/loss search that never
//! computes a Grundy value, and sums explored as product games (never xor).

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::{BTreeSet, HashMap};
use std::hash::Hash;

use common::{ints, mex, run_json};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value as Json;

/// A position of a random game: a node of its graph, or a nim heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Pos {
    Node(usize),
    Nim(u64),
}

/// A random short game: node `i`'s options are nodes below `i` and nim
/// heaps, so the graph is acyclic by construction.
#[derive(Clone, Debug)]
struct Dag {
    /// `"A"` or `"B"`: keeps the names of two games in one script apart.
    name: &'static str,
    nodes: Vec<Vec<Pos>>,
}

impl Dag {
    fn options(&self, position: Pos) -> Vec<Pos> {
        match position {
            Pos::Node(i) => self.nodes[i].clone(),
            Pos::Nim(k) => (0..k).map(Pos::Nim).collect(),
        }
    }

    fn node_positions(&self) -> impl Iterator<Item = Pos> {
        (0..self.nodes.len()).map(Pos::Node)
    }

    /// Every node and a few nim heaps: the parts the sums are built from.
    fn parts(&self) -> Vec<Pos> {
        self.node_positions().chain((0..3).map(Pos::Nim)).collect()
    }

    /// Through the graph family `V{name}(x)`, defined by two maps.
    fn family_form(&self, position: Pos) -> String {
        match position {
            Pos::Node(i) => format!("V{}({i})", self.name),
            Pos::Nim(k) => format!("*{k}"),
        }
    }

    /// Through the constants `L{name}{i}`, nested `< … >` literals.
    fn literal_form(&self, position: Pos) -> String {
        match position {
            Pos::Node(i) => format!("L{}{i}", self.name),
            Pos::Nim(1) => "*".to_string(),
            Pos::Nim(k) => format!("*{k}"),
        }
    }

    /// A node written out as a literal, inlining small sub-games so that
    /// both nesting and named constants are exercised.
    fn literal(&self, i: usize) -> String {
        let options: Vec<String> = self.nodes[i]
            .iter()
            .map(|&option| match option {
                Pos::Node(j) => {
                    let inline = self.literal(j);
                    if inline.len() <= 24 {
                        inline
                    } else {
                        self.literal_form(option)
                    }
                }
                Pos::Nim(_) => self.literal_form(option),
            })
            .collect();
        format!("<{}>", options.join(", "))
    }

    /// The declarations both forms need.
    fn declarations(&self) -> String {
        let map = |pick: &dyn Fn(&Pos) -> Option<String>| {
            let entries: Vec<String> = self
                .nodes
                .iter()
                .enumerate()
                .map(|(i, options)| {
                    let items: Vec<String> = options.iter().filter_map(pick).collect();
                    format!("{i}: [{}]", items.join(", "))
                })
                .collect();
            format!("{{{}}}", entries.join(", "))
        };
        let node = |p: &Pos| match p {
            Pos::Node(i) => Some(i.to_string()),
            Pos::Nim(_) => None,
        };
        let heap = |p: &Pos| match p {
            Pos::Nim(k) => Some(k.to_string()),
            Pos::Node(_) => None,
        };
        let name = self.name;
        let mut text = format!(
            "let F{name} = {}\nlet H{name} = {}\n\
             game V{name}(x) = < V{name}(y) for y in F{name}[x], *k for k in H{name}[x] >\n",
            map(&node),
            map(&heap)
        );
        for i in 0..self.nodes.len() {
            text += &format!("let L{name}{i} = {}\n", self.literal(i));
        }
        text
    }

    /// Reads back one summand as the family form prints it.
    fn parse(&self, text: &str) -> Pos {
        let family = format!("V{}(", self.name);
        if let Some(index) = text.strip_prefix(&family).and_then(|t| t.strip_suffix(')')) {
            return Pos::Node(
                index
                    .parse()
                    .unwrap_or_else(|_| panic!("bad node {text:?}")),
            );
        }
        match text.strip_prefix('*') {
            Some(size) => Pos::Nim(size.parse().unwrap_or_else(|_| panic!("bad heap {text:?}"))),
            None => panic!("unexpected position {text:?}"),
        }
    }
}

/// The Grundy value by plain recursion: the mex of the options' values.
fn brute_grundy<P: Copy + Eq + Hash>(
    position: P,
    options: &impl Fn(P) -> Vec<P>,
    memo: &mut HashMap<P, u64>,
) -> u64 {
    if let Some(&value) = memo.get(&position) {
        return value;
    }
    let values: Vec<u64> = options(position)
        .into_iter()
        .map(|option| brute_grundy(option, options, memo))
        .collect();
    let value = mex(values);
    memo.insert(position, value);
    value
}

/// Whether the player to move wins, without Grundy values: a position is a
/// win exactly when some option is a loss.
fn mover_wins<P: Copy + Eq + Hash>(
    position: P,
    options: &impl Fn(P) -> Vec<P>,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&wins) = memo.get(&position) {
        return wins;
    }
    let wins = options(position)
        .into_iter()
        .any(|option| !mover_wins(option, options, memo));
    memo.insert(position, wins);
    wins
}

/// The options of the sum of a position of `a` and one of `b`: a move in
/// exactly one part.
fn sum_options(a: &Dag, b: &Dag, (x, y): (Pos, Pos)) -> Vec<(Pos, Pos)> {
    let left = a.options(x).into_iter().map(|x2| (x2, y));
    let right = b.options(y).into_iter().map(|y2| (x, y2));
    left.chain(right).collect()
}

fn dag(name: &'static str) -> impl Strategy<Value = Dag> {
    (1usize..=7)
        .prop_flat_map(|size| {
            (0..size)
                .map(|i| (vec(any::<bool>(), i), btree_set(0u64..4, 0..=2)))
                .collect::<Vec<_>>()
        })
        .prop_map(move |choices| Dag {
            name,
            nodes: choices
                .into_iter()
                .map(|(below, heaps)| {
                    let nodes = below.iter().enumerate().filter(|&(_, &chosen)| chosen);
                    let nodes = nodes.map(|(j, _)| Pos::Node(j));
                    nodes.chain(heaps.into_iter().map(Pos::Nim)).collect()
                })
                .collect(),
        })
}

fn strings(value: &Json) -> Vec<String> {
    let items = value
        .as_array()
        .unwrap_or_else(|| panic!("expected a JSON array, got {value}"));
    items
        .iter()
        .map(|item| match item.as_str() {
            Some(text) => text.to_string(),
            None => panic!("expected a string, got {item}"),
        })
        .collect()
}

/// `x + y` as the interpreter prints it: `*0` and nodes without moves
/// dropped (a lone dead node stays), nodes of A before B, heaps last.
fn canonical_sum(a: &Dag, b: &Dag, (x, y): (Pos, Pos)) -> String {
    let (mut nodes, mut heaps, mut dead) = (Vec::new(), Vec::new(), Vec::new());
    for (dag, part) in [(a, x), (b, y)] {
        match part {
            Pos::Nim(0) => {}
            Pos::Nim(k) => heaps.push(k),
            Pos::Node(_) if dag.options(part).is_empty() => dead.push(dag.family_form(part)),
            Pos::Node(_) => nodes.push(dag.family_form(part)),
        }
    }
    heaps.sort_unstable();
    nodes.extend(heaps.iter().map(|k| format!("*{k}")));
    match (nodes.is_empty(), dead.first()) {
        (false, _) => nodes.join(" + "),
        (true, Some(node)) => node.clone(),
        (true, None) => "*0".to_string(),
    }
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

proptest! {
    // Each case runs the interpreter once; failures are kept next to this
    // file (integration tests have no lib.rs for the default to find).
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// g, outcome and winning of every node of a random game, in both
    /// renderings, against the brute-force solvers.
    #[test]
    fn single_games_match_brute_force(a in dag("A")) {
        let nodes: Vec<Pos> = a.node_positions().collect();
        let mut script = a.declarations();
        script += &format!("seq(VA, 0..{})\n", nodes.len());
        script += &list(nodes.iter().map(|&p| format!("g({})", a.literal_form(p))));
        script += "\n";
        script += &list(nodes.iter().map(|&p| format!("outcome({})", a.literal_form(p))));
        script += "\n";
        for &p in &nodes {
            script += &format!("winning({})\n", a.family_form(p));
        }
        let lines = run_json(&script);
        prop_assert_eq!(lines.len(), 3 + nodes.len());

        let options = |p| a.options(p);
        let (mut values, mut wins) = (HashMap::new(), HashMap::new());
        let brute: Vec<u64> = nodes.iter().map(|&p| brute_grundy(p, &options, &mut values)).collect();
        prop_assert_eq!(&ints(&lines[0]), &brute, "family form of\n{}", script);
        prop_assert_eq!(&ints(&lines[1]), &brute, "literal form of\n{}", script);
        let outcomes: Vec<&str> = nodes
            .iter()
            .map(|&p| if mover_wins(p, &options, &mut wins) { "N" } else { "P" })
            .collect();
        prop_assert_eq!(strings(&lines[2]), outcomes, "outcomes of\n{}", script);
        for (&p, line) in nodes.iter().zip(&lines[3..]) {
            let mut reported: Vec<Pos> = strings(line).iter().map(|s| a.parse(s)).collect();
            reported.sort();
            let mut expected: Vec<Pos> = a
                .options(p)
                .into_iter()
                .filter(|&o| brute_grundy(o, &options, &mut values) == 0)
                .collect();
            expected.sort();
            prop_assert_eq!(reported, expected, "winning({:?}) in\n{}", p, script);
        }
    }

    /// Sums of two random games (with nim heaps among the parts): g of the
    /// sum is the brute-force value of the product game and the xor of the
    /// parts' values; outcome and winning moves match the product game.
    #[test]
    fn sums_match_the_product_game(a in dag("A"), b in dag("B")) {
        let pairs: Vec<(Pos, Pos)> = a
            .parts()
            .into_iter()
            .flat_map(|x| b.parts().into_iter().map(move |y| (x, y)))
            .collect();
        let family = |(x, y): (Pos, Pos)| format!("{} + {}", a.family_form(x), b.family_form(y));
        let literal = |(x, y): (Pos, Pos)| format!("{} + {}", a.literal_form(x), b.literal_form(y));
        let mut script = a.declarations() + &b.declarations();
        script += &format!("seq(VA, 0..{})\nseq(VB, 0..{})\n", a.nodes.len(), b.nodes.len());
        script += &list(pairs.iter().map(|&p| format!("g({})", family(p))));
        script += "\n";
        script += &list(pairs.iter().map(|&p| format!("g({})", literal(p))));
        script += "\n";
        script += &list(pairs.iter().map(|&p| format!("outcome({})", family(p))));
        script += "\n";
        for &p in &pairs {
            script += &format!("winning({})\n", family(p));
        }
        let lines = run_json(&script);
        prop_assert_eq!(lines.len(), 5 + pairs.len());

        let options = |p| sum_options(&a, &b, p);
        let (mut values, mut wins) = (HashMap::new(), HashMap::new());
        let brute: Vec<u64> = pairs.iter().map(|&p| brute_grundy(p, &options, &mut values)).collect();
        prop_assert_eq!(&ints(&lines[2]), &brute, "family sums in\n{}", script);
        prop_assert_eq!(&ints(&lines[3]), &brute, "literal sums in\n{}", script);

        let (g_a, g_b) = (ints(&lines[0]), ints(&lines[1]));
        let part_value = |values: &[u64], p: Pos| match p {
            Pos::Node(i) => values[i],
            Pos::Nim(k) => k,
        };
        let xors: Vec<u64> = pairs
            .iter()
            .map(|&(x, y)| part_value(&g_a, x) ^ part_value(&g_b, y))
            .collect();
        prop_assert_eq!(&ints(&lines[2]), &xors, "Sprague-Grundy theorem in\n{}", script);

        let outcomes: Vec<&str> = pairs
            .iter()
            .map(|&p| if mover_wins(p, &options, &mut wins) { "N" } else { "P" })
            .collect();
        prop_assert_eq!(strings(&lines[4]), outcomes, "outcomes in\n{}", script);

        // Each winning move once, as the interpreter shows a sum: parts
        // without moves dropped (unless nothing else is left), heaps last.
        for (&p, line) in pairs.iter().zip(&lines[5..]) {
            let reported = strings(line);
            let distinct: BTreeSet<String> = reported.iter().cloned().collect();
            prop_assert_eq!(distinct.len(), reported.len(), "a move twice in {:?}", reported);
            let expected: BTreeSet<String> = options(p)
                .into_iter()
                .filter(|&o| brute_grundy(o, &options, &mut values) == 0)
                .map(|o| canonical_sum(&a, &b, o))
                .collect();
            prop_assert_eq!(distinct, expected, "winning({:?}) in\n{}", p, script);
        }
    }

    /// mex(xs) is the least non-negative integer missing from xs, whatever
    /// the order and duplicates of xs.
    #[test]
    fn mex_laws(xs in vec(0u64..12, 0..16), seed in any::<u64>()) {
        let mut shuffled = xs.clone();
        shuffled.rotate_left(if xs.is_empty() { 0 } else { (seed as usize) % xs.len() });
        shuffled.reverse();
        let doubled: Vec<u64> = xs.iter().flat_map(|&x| [x, x]).collect();
        let render = |values: &[u64]| list(values.iter().map(u64::to_string));
        let script = format!(
            "mex({})\nmex({})\nmex({})\nmex({{{}}})\n",
            render(&xs),
            render(&shuffled),
            render(&doubled),
            xs.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        );
        let lines = run_json(&script);
        let results: Vec<u64> = lines.iter().map(|line| line.as_u64().unwrap_or(u64::MAX)).collect();
        prop_assert_eq!(results.len(), 4);
        let m = results[0];
        prop_assert!(!xs.contains(&m), "mex {} is in {:?}", m, xs);
        prop_assert!((0..m).all(|k| xs.contains(&k)), "mex {} skips a value of {:?}", m, xs);
        prop_assert!(results.iter().all(|&r| r == m), "order or duplicates changed mex: {:?}", results);
    }
}

//! Loopy values of random games with cycles against this file's own
//! retrograde analysis, which knows nothing of Grundy values: it labels the
//! positions of the explicit game graph win, loss or draw. A position x has
//! the loopy value a exactly when x + *a is a loss for the player to move,
//! and ∞{K} when no x + *k is a loss and x + *k is a win exactly for k in K;
//! so the outcomes of x + *0, x + *1, … determine the value.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::hash::Hash;

use common::{captured_interp, count_before, printed, run_binary, run_json};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value as Json;
use sprague::printer::Format;
use sprague::resolve::Redefine;

/// A component of a position: a node of graph A or B, or a nim heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    A(usize),
    B(usize),
    Nim(u64),
}

/// A position: a sum of parts, kept sorted.
type Position = Vec<Part>;

/// Two random graph games, cycles and self-loops allowed. Nodes of A may
/// also move to sums of two nodes of B; B's nodes move within B and to heaps.
#[derive(Clone, Debug)]
struct Games {
    /// For each node of A, its options, each a list of parts.
    a: Vec<Vec<Position>>,
    b: Vec<Vec<Position>>,
}

impl Games {
    fn part_options(&self, part: Part) -> Vec<Position> {
        match part {
            Part::A(i) => self.a[i].clone(),
            Part::B(i) => self.b[i].clone(),
            Part::Nim(k) => (0..k).map(|h| vec![Part::Nim(h)]).collect(),
        }
    }

    /// The options of a sum: a move in exactly one part.
    fn options(&self, position: &Position) -> Vec<Position> {
        let mut result = Vec::new();
        for (i, &part) in position.iter().enumerate() {
            for left in self.part_options(part) {
                let mut next: Position = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend(left);
                next.sort();
                result.push(next);
            }
        }
        result
    }

    /// A position as the interpreter shows it: parts without moves (`*0`
    /// and dead nodes) dropped, unless nothing else is left, when the first
    /// of them stays; the parts sorted.
    fn canonical(&self, position: &Position) -> Position {
        let mut parts = position.clone();
        parts.sort();
        let alive: Position = parts
            .iter()
            .copied()
            .filter(|part| !self.part_options(*part).is_empty())
            .collect();
        if !alive.is_empty() {
            return alive;
        }
        // Nothing with a move is left: the first node stays, or `*0`.
        let node = parts.into_iter().find(|part| !matches!(part, Part::Nim(_)));
        vec![node.unwrap_or(Part::Nim(0))]
    }

    /// The script declaring `VA` and `VB` as graphs given by maps.
    fn declarations(&self) -> String {
        let map = |nodes: &[Vec<Position>], pick: &dyn Fn(&Position) -> Option<String>| {
            let entries: Vec<String> = nodes
                .iter()
                .enumerate()
                .map(|(i, options)| {
                    let items: Vec<String> = options.iter().filter_map(pick).collect();
                    format!("{i}: [{}]", items.join(", "))
                })
                .collect();
            format!("{{{}}}", entries.join(", "))
        };
        let node = |p: &Position| match p.as_slice() {
            [Part::A(i) | Part::B(i)] => Some(i.to_string()),
            _ => None,
        };
        let heap = |p: &Position| match p.as_slice() {
            [Part::Nim(k)] => Some(k.to_string()),
            _ => None,
        };
        let pair = |p: &Position| match p.as_slice() {
            [Part::B(i), Part::B(j)] => Some(format!("[{i}, {j}]")),
            _ => None,
        };
        format!(
            "let FA = {}\nlet HA = {}\nlet SA = {}\nlet FB = {}\nlet HB = {}\n\
             game VA(x) = < VA(y) for y in FA[x], *k for k in HA[x], \
             VB(p[0]) + VB(p[1]) for p in SA[x] >\n\
             game VB(x) = < VB(y) for y in FB[x], *k for k in HB[x] >\n",
            map(&self.a, &node),
            map(&self.a, &heap),
            map(&self.a, &pair),
            map(&self.b, &node),
            map(&self.b, &heap),
        )
    }
}

/// Who wins with perfect play, the player to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Loss,
    Draw,
}

/// Retrograde analysis of every position reachable from `roots`: positions
/// without moves are losses; a position with a move to a loss is a win; one
/// whose every move goes to a win is a loss; what is never labelled is a
/// draw, since neither player can force the play to end well for them.
fn retrograde<S: Clone + Eq + Hash>(
    roots: &[S],
    options: impl Fn(&S) -> Vec<S>,
) -> HashMap<S, Outcome> {
    let mut index: HashMap<S, usize> = HashMap::new();
    let mut states: Vec<S> = Vec::new();
    let mut successors: Vec<Vec<usize>> = Vec::new();
    let mut queue: VecDeque<usize> = VecDeque::new();
    let mut intern = |s: &S, states: &mut Vec<S>, queue: &mut VecDeque<usize>| {
        *index.entry(s.clone()).or_insert_with(|| {
            states.push(s.clone());
            queue.push_back(states.len() - 1);
            states.len() - 1
        })
    };
    for root in roots {
        intern(root, &mut states, &mut queue);
    }
    while let Some(u) = queue.pop_front() {
        let next: Vec<usize> = options(&states[u])
            .iter()
            .map(|s| intern(s, &mut states, &mut queue))
            .collect();
        if successors.len() <= u {
            successors.resize(u + 1, Vec::new());
        }
        successors[u] = next;
    }
    let n = states.len();
    let mut predecessors = vec![Vec::new(); n];
    for (u, next) in successors.iter().enumerate() {
        for &v in next {
            predecessors[v].push(u);
        }
    }
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut undecided: Vec<usize> = successors.iter().map(Vec::len).collect();
    let mut decided: VecDeque<usize> = (0..n).filter(|&u| undecided[u] == 0).collect();
    for &u in &decided {
        outcome[u] = Some(Outcome::Loss);
    }
    while let Some(v) = decided.pop_front() {
        for &u in &predecessors[v] {
            if outcome[u].is_some() {
                continue;
            }
            if outcome[v] == Some(Outcome::Loss) {
                outcome[u] = Some(Outcome::Win);
                decided.push_back(u);
            } else {
                undecided[u] -= 1;
                if undecided[u] == 0 {
                    outcome[u] = Some(Outcome::Loss);
                    decided.push_back(u);
                }
            }
        }
    }
    states
        .into_iter()
        .zip(outcome)
        .map(|(s, o)| (s, o.unwrap_or(Outcome::Draw)))
        .collect()
}

/// Heaps `*0 … *(BOUND-1)` are added to read a value off the outcomes: every
/// finite value here (at most the xor of two values of at most 11 options)
/// and every value in a K lies below it.
const BOUND: u64 = 16;

fn with_heap(position: &Position, k: u64) -> Position {
    let mut sum = position.clone();
    sum.push(Part::Nim(k));
    sum.sort();
    sum
}

/// The loopy value read off the outcomes of `position + *k`, as the
/// interpreter prints it in JSON: a number, or the text `∞{…}`.
fn value_from_outcomes(outcomes: &HashMap<Position, Outcome>, position: &Position) -> Json {
    let of = |k: u64| outcomes[&with_heap(position, k)];
    let losses: Vec<u64> = (0..BOUND).filter(|&k| of(k) == Outcome::Loss).collect();
    match losses.as_slice() {
        [a] => Json::from(*a),
        [] => {
            let wins: Vec<String> = (0..BOUND)
                .filter(|&k| of(k) == Outcome::Win)
                .map(|k| k.to_string())
                .collect();
            Json::from(format!("∞{{{}}}", wins.join(", ")))
        }
        many => panic!("{position:?} + *k is a loss for several k: {many:?}"),
    }
}

fn outcome_letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "N",
        Outcome::Loss => "P",
        Outcome::Draw => "D",
    }
}

/// How a move prints: `VA(2)`, `*1`, `VB(0) + VB(3)`.
fn render(position: &Position) -> String {
    let parts: Vec<String> = position
        .iter()
        .map(|part| match part {
            Part::A(i) => format!("VA({i})"),
            Part::B(i) => format!("VB({i})"),
            Part::Nim(k) => format!("*{k}"),
        })
        .collect();
    parts.join(" + ")
}

fn graph(
    size: usize,
    node: fn(usize) -> Part,
    max_pairs: usize,
) -> impl Strategy<Value = Vec<Vec<Position>>> {
    let one_node = (
        vec(any::<bool>(), size),
        btree_set(0u64..4, 0..=2),
        vec((0..3usize, 0..3usize), 0..=max_pairs),
    );
    vec(one_node, size).prop_map(move |nodes| {
        nodes
            .into_iter()
            .map(|(edges, heaps, pairs)| {
                let mut options: BTreeSet<Position> = BTreeSet::new();
                for (j, _) in edges.iter().enumerate().filter(|&(_, &e)| e) {
                    options.insert(vec![node(j)]);
                }
                for k in heaps {
                    options.insert(vec![Part::Nim(k)]);
                }
                for (i, j) in pairs {
                    options.insert(vec![Part::B(i.min(j)), Part::B(i.max(j))]);
                }
                options.into_iter().collect()
            })
            .collect()
    })
}

fn games() -> impl Strategy<Value = Games> {
    (1usize..=6, 3usize..=5)
        .prop_flat_map(|(na, nb)| (graph(na, Part::A, 1), graph(nb, Part::B, 0)))
        .prop_map(|(a, b)| Games { a, b })
}

fn strings(value: &Json) -> Vec<String> {
    let items = value.as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|item| item.as_str().unwrap_or("<not a string>").to_string())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// loopy and outcome of every node, of every sum of two nodes and of
    /// nodes plus nim heaps, and the winning moves of every node.
    #[test]
    fn loopy_values_match_retrograde_analysis(games in games()) {
        let (na, nb) = (games.a.len(), games.b.len());
        let singles: Vec<Position> = (0..na).map(|x| vec![Part::A(x)])
            .chain((0..nb).map(|y| vec![Part::B(y)]))
            .collect();
        let pairs: Vec<Position> = (0..na)
            .flat_map(|x| (0..nb).map(move |y| vec![Part::A(x), Part::B(y)]))
            .collect();
        let with_heaps: Vec<Position> = (0..na)
            .flat_map(|x| (1..4).map(move |k| vec![Part::A(x), Part::Nim(k)]))
            .collect();
        let all: Vec<&Position> = singles.iter().chain(&pairs).chain(&with_heaps).collect();

        let mut script = games.declarations();
        let list = |f: &dyn Fn(&Position) -> String| {
            let items: Vec<String> = all.iter().map(|p| f(p)).collect();
            format!("[{}]\n", items.join(", "))
        };
        script += &list(&|p| format!("loopy({})", render(p)));
        script += &list(&|p| format!("outcome({})", render(p)));
        for x in 0..na {
            script += &format!("winning(VA({x}))\n");
        }
        for x in 0..na {
            script += &format!("hint(VA({x}))\n");
        }
        let lines = run_json(&script);
        prop_assert_eq!(lines.len(), 2 + 2 * na);

        let roots: Vec<Position> = all
            .iter()
            .flat_map(|p| (0..BOUND).map(move |k| with_heap(p, k)))
            .chain(all.iter().map(|p| (*p).clone()))
            .collect();
        let outcomes = retrograde(&roots, |p| games.options(p));

        let values: Vec<Json> = all.iter().map(|p| value_from_outcomes(&outcomes, p)).collect();
        prop_assert_eq!(lines[0].as_array().cloned().unwrap_or_default(), values, "loopy in\n{}", script);
        let letters: Vec<String> = all
            .iter()
            .map(|p| outcome_letter(outcomes[*p]).to_string())
            .collect();
        prop_assert_eq!(strings(&lines[1]), letters, "outcome in\n{}", script);

        // Each winning move once, in canonical form; hint says the same.
        for (x, line) in lines[2..2 + na].iter().enumerate() {
            let mut reported = strings(line);
            reported.sort();
            let expected: BTreeSet<String> = games
                .options(&vec![Part::A(x)])
                .iter()
                .filter(|o| outcomes.get(*o) == Some(&Outcome::Loss))
                .map(|o| render(&games.canonical(o)))
                .collect();
            let expected: Vec<String> = expected.into_iter().collect();
            prop_assert_eq!(&reported, &expected, "winning(VA({})) in\n{}", x, script);
            let mut hinted = strings(&lines[2 + na + x]);
            hinted.sort();
            let said: Vec<String> = expected.iter().map(|o| format!("VA({x}) → {o}")).collect();
            prop_assert_eq!(hinted, said, "hint(VA({})) in\n{}", x, script);
        }
    }
}

#[test]
fn short_games_have_their_grundy_values() {
    let lines = run_json(
        "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >\n\
         [loopy(K(n)) for n in 0..30] == seq(K, 0..30)\n\
         loopy(*5 + K(7))\n\
         g(*5 + K(7))\n",
    );
    assert_eq!(lines[0], Json::from(true));
    assert_eq!(lines[1], lines[2]);
}

#[test]
fn long_cycles_neither_overflow_nor_crawl() {
    // R: a ring of 200,000 positions with an exit to *0 from R(0). Walking
    // back from R(199999), whose only move reaches R(0) (a win: it can move
    // to *0), odd positions are losses and even ones wins, so R(odd) = 0
    // and R(even) = mex{0} = 1. Q: the same ring without an exit, a draw
    // everywhere with no finite option: ∞{}.
    let lines = run_json(
        "game R(n) = < R((n + 1) % 200000), *0 if n == 0 >\n\
         game Q(n) = < Q((n + 1) % 200000) >\n\
         loopy(R(0))\nloopy(R(1))\noutcome(R(5))\nloopy(R(0) + R(3) + *2)\n\
         loopy(Q(7))\noutcome(Q(7) + *1)\nloopy(Q(0) + R(0))\n",
    );
    let expected = ["1", "0", "\"P\"", "3", "\"∞{}\"", "\"D\"", "\"∞{}\""];
    let got: Vec<String> = lines.iter().map(Json::to_string).collect();
    assert_eq!(got, expected);
}

#[test]
fn g_names_the_cycle_and_points_to_loopy_and_sums_that_grow_are_errors() {
    let run = |script: &str| {
        let (_, errors) = sprague::run::run_to_strings("t.sg", script, Default::default());
        errors.unwrap_or_else(|| panic!("{script:?} should fail"))
    };
    let cycle = run("game A = < B >\ngame B = < A, *1 >\ng(A)\n");
    assert!(cycle.contains("the game has a cycle: A → B → A"), "{cycle}");
    assert!(cycle.contains("use loopy(G)"), "{cycle}");
    let growing = run("game A = < A + *1 >\nloopy(A)\n");
    assert!(growing.contains("infinitely many positions"), "{growing}");
}

/// `outcome` of every position of a ring with exits (the hunt's draws
/// game), against the retrograde analysis: the positions are searched
/// once for all the calls, not once a call (each call used to explore the
/// whole ring again, 28.8 million listings for 3000 positions).
#[test]
fn the_outcomes_of_every_position_of_a_ring_search_it_once() {
    const N: i64 = 600;
    let script = format!(
        "game V(x) = if x < 0 then <> else < V((x + 1) % {N}), V((x + 2) % {N}), \
         V(-1) if x % 5 == 0 >\n[outcome(V(x)) for x in 0..{N}]\n"
    );
    let (printed, report) = run_binary(&["--stats", "-e", &script]);
    let options = |x: &i64| match *x {
        x if x < 0 => Vec::new(),
        x if x % 5 == 0 => vec![(x + 1) % N, (x + 2) % N, -1],
        x => vec![(x + 1) % N, (x + 2) % N],
    };
    let roots: Vec<i64> = (0..N).collect();
    let outcomes = retrograde(&roots, options);
    let letters: Vec<String> = (0..N)
        .map(|x| format!("{:?}", outcome_letter(outcomes[&x])))
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", letters.join(", ")));
    assert!(letters.iter().any(|l| l == "\"D\"") && letters.iter().any(|l| l == "\"N\""));
    let listed = count_before(&report, " positions by their programs");
    assert!(listed < 4 * N as u64, "{report}");
}

/// `outcome` of each heap in turn of a heap game with cycles (take 1 to 3,
/// or add 2 from a heap of 1 modulo 5): each call finds its options
/// valued by the calls before and explores from them, where it tried
/// `grundy` first, which walked down to the cycle again each time (6.2 s
/// for 200,001 heaps, now 1.4 s, timed by hand). Against the retrograde
/// analysis.
#[test]
fn the_outcomes_of_each_heap_in_turn_agree_with_the_retrograde_analysis() {
    const LIM: i64 = 400;
    let script = format!(
        "game LH(n) = < LH(n - k) for k in 1..=3 if k <= n, LH(n + 2) if n % 5 == 1 and n + 2 <= {LIM} >\n\
         print([outcome(LH(n)) for n in 0..={LIM}])\nprint(outcome(LH(3) + LH(7)))"
    );
    let options = |&n: &i64| {
        let mut next: Vec<i64> = (1..=3).filter(|&k| k <= n).map(|k| n - k).collect();
        if n % 5 == 1 && n + 2 <= LIM {
            next.push(n + 2);
        }
        next
    };
    let roots: Vec<i64> = (0..=LIM).collect();
    let outcomes = retrograde(&roots, options);
    let letters: Vec<String> = (0..=LIM)
        .map(|n| format!("{:?}", outcome_letter(outcomes[&n])))
        .collect();
    let (printed, errors) = sprague::run::run_to_strings("t.sg", &script, Default::default());
    assert_eq!(errors, None);
    let mut lines = printed.lines();
    assert_eq!(
        lines.next(),
        Some(format!("[{}]", letters.join(", ")).as_str())
    );
    let draws = letters.iter().filter(|l| *l == "\"D\"").count();
    assert!(draws > 0 && draws < letters.len(), "{letters:?}");
    // A sum of two heaps, its parts valued by the calls before: the
    // retrograde analysis of the sum as a pair of heaps.
    let sums: Vec<(i64, i64)> = vec![(3, 7)];
    let pair = |&(a, b): &(i64, i64)| {
        let mut next: Vec<(i64, i64)> = options(&a)
            .into_iter()
            .map(|x| (x.min(b), x.max(b)))
            .collect();
        next.extend(options(&b).into_iter().map(|y| (a.min(y), a.max(y))));
        next
    };
    let sum_outcome = outcome_letter(retrograde(&sums, pair)[&(3, 7)]);
    assert_eq!(lines.next(), Some(sum_outcome));
}

/// What a search found is forgotten with the definitions it came from: a
/// redefined family is searched again.
#[test]
fn a_redefinition_forgets_the_outcomes_found() {
    let (mut interp, captured) = captured_interp(Format::Text);
    let mut run = |source: &str| {
        let before = printed(&captured).len();
        if let Err(errors) = interp.run("<repl>", source, Redefine::Replace) {
            panic!("{errors:?}");
        }
        printed(&captured)[before..].trim().to_string()
    };
    run("game A = < B >\ngame B = < A >");
    assert_eq!(
        run("[outcome(A), outcome(B), loopy(A + *1)]"),
        "[\"D\", \"D\", ∞{}]"
    );
    run("game B = < >");
    assert_eq!(
        run("[outcome(A), outcome(B), loopy(A + *1)]"),
        "[\"N\", \"P\", 0]"
    );
}

//! Misère outcomes (the player who cannot move wins) against this file's
//! own brute force: a recursive search over whole sums, written from the
//! definition and sharing nothing with the interpreter (no closed forms).

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{count_before, run_binary, run_json};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value as Json;
use sprague::run::{Settings, run_to_strings};

/// A component: a node of a random game, a nim heap, or a row of Kayles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    Node(usize),
    Nim(u64),
    Kayles(u64),
}

/// A random short game: node `i` moves to nodes below `i`, nim heaps, and
/// sums of two nodes below `i`.
type Dag = Vec<Vec<Vec<Part>>>;

fn part_options(dag: &Dag, part: Part) -> Vec<Vec<Part>> {
    match part {
        Part::Node(i) => dag[i].clone(),
        Part::Nim(k) => (0..k).map(|h| vec![Part::Nim(h)]).collect(),
        // Knock down one pin or two adjacent pins, leaving rows a and b.
        Part::Kayles(n) => (1..=2u64.min(n))
            .flat_map(|t| (0..=n - t).map(move |a| vec![Part::Kayles(a), Part::Kayles(n - t - a)]))
            .collect(),
    }
}

/// Whether the player to move wins the sum `position` under misère play:
/// with no move at all they win; otherwise they win when some move leaves
/// the opponent a losing sum.
fn misere_mover_wins(dag: &Dag, position: Vec<Part>, memo: &mut HashMap<Vec<Part>, bool>) -> bool {
    if let Some(&wins) = memo.get(&position) {
        return wins;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, &part) in position.iter().enumerate() {
        for left in part_options(dag, part) {
            any_move = true;
            let mut next: Vec<Part> = position[..i].to_vec();
            next.extend_from_slice(&position[i + 1..]);
            next.extend(left);
            next.sort();
            if !misere_mover_wins(dag, next, memo) {
                wins = true;
            }
        }
    }
    let result = !any_move || wins;
    memo.insert(position, result);
    result
}

/// Misère outcomes of every sum of three heaps of a subtraction game
/// `{1, 2, 5}`, against the brute force: the states one call searched are
/// known to the next, so the options of each heap are listed a few times,
/// not once a call (each call used to search afresh: 40 s for the 11,480
/// sums below 40).
#[test]
fn many_sums_of_the_same_components_share_one_search() {
    const N: u64 = 16;
    let script = format!(
        "game S(n) = < S(n - k) for k in {{1, 2, 5}} if k <= n >\n\
         [misere(S(a) + S(b) + S(c)) for a in 0..{N} for b in a..{N} for c in b..{N}]\n"
    );
    let (printed, report) = run_binary(&["--stats", "-e", &script]);
    // The subtraction game's heaps as nodes: node n moves to n - k.
    let dag: Dag = (0..N as usize)
        .map(|n| {
            let moves = [1, 2, 5].into_iter().filter(|&k| k <= n);
            moves.map(|k| vec![Part::Node(n - k)]).collect()
        })
        .collect();
    let mut memo = HashMap::new();
    let mut letters = Vec::new();
    for a in 0..N as usize {
        for b in a..N as usize {
            for c in b..N as usize {
                let sum = vec![Part::Node(a), Part::Node(b), Part::Node(c)];
                letters.push(format!(
                    "{:?}",
                    letter(misere_mover_wins(&dag, sum, &mut memo))
                ));
            }
        }
    }
    assert_eq!(printed.trim(), format!("[{}]", letters.join(", ")));
    let listed = count_before(&report, " positions by their programs");
    assert!(listed < 4 * N, "{report}");
}

/// A search stopped by a cycle leaves nothing half known: asking again
/// meets the same cycle, and other sums are still answered.
#[test]
fn a_cycle_stops_every_search_that_meets_it() {
    let script = "game A = < B >\ngame B = < A, *0 >\ngame C = < *0 >\n\
                  [misere(C + *1), misere(C)]\nmisere(A + *1)\n";
    let (stdout, errors) = run_to_strings("cycle.sg", script, Settings::default());
    assert_eq!(stdout.trim(), "[\"N\", \"P\"]");
    assert!(
        errors
            .unwrap_or_default()
            .contains("can come back to itself")
    );
}

/// `misere_nim` reports a cycle as `misere` does, where its stack walked
/// round it until the position limit stopped it (the memory limit before
/// stop 63). A sum around it first gives its value.
#[test]
fn misere_nim_reports_a_cycle() {
    let script = "game C(n) = < C((n + 1) % 3) >\ngame D(n) = < D(n - 1) if n > 0 >\n\
                  misere_nim(D(2))\nmisere_nim(C(0) + *2)\n";
    let mut settings = Settings::default();
    settings.limits.max_positions = 1 << 20;
    let (stdout, errors) = run_to_strings("cycle.sg", script, settings);
    // G⁻ is 1 at the end of play, and the mex of the options' after:
    // D(0), D(1), D(2) are 1, 0, 1.
    assert_eq!(stdout.trim(), "1");
    let errors = errors.unwrap_or_default();
    assert!(errors.contains("can come back to itself"), "{errors}");
}

fn letter(mover_wins: bool) -> &'static str {
    if mover_wins { "N" } else { "P" }
}

fn render(part: Part) -> String {
    match part {
        Part::Node(i) => format!("V({i})"),
        Part::Nim(k) => format!("*{k}"),
        Part::Kayles(n) => format!("K({n})"),
    }
}

const KAYLES: &str = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >\n";

fn strings(value: &Json) -> Vec<String> {
    let items = value.as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|item| item.as_str().unwrap_or("<not a string>").to_string())
        .collect()
}

/// `[misere(p1), misere(p2), …]` for the given sums, run after
/// `declarations`, and compared with the brute force; returns every line
/// the script printed (the list is the last).
fn check_sums(declarations: &str, dag: &Dag, sums: &[Vec<Part>]) -> Vec<serde_json::Value> {
    let calls: Vec<String> = sums
        .iter()
        .map(|sum| {
            let parts: Vec<String> = sum.iter().map(|&p| render(p)).collect();
            format!("misere({})", parts.join(" + "))
        })
        .collect();
    let script = format!("{declarations}[{}]\n", calls.join(", "));
    let lines = run_json(&script);
    let mut memo = HashMap::new();
    let expected: Vec<String> = sums
        .iter()
        .map(|sum| {
            let mut sorted = sum.clone();
            sorted.sort();
            letter(misere_mover_wins(dag, sorted, &mut memo)).to_string()
        })
        .collect();
    let last = lines.last().expect("the list of answers");
    assert_eq!(strings(last), expected, "in\n{script}");
    lines
}

#[test]
fn misere_nim_matches_brute_force_and_the_formula() {
    let mut sums = Vec::new();
    for a in 0..6 {
        for b in 0..6 {
            sums.push(vec![Part::Nim(a), Part::Nim(b)]);
            for c in 0..4 {
                sums.push(vec![Part::Nim(a), Part::Nim(b), Part::Nim(c)]);
            }
        }
    }
    check_sums("", &Vec::new(), &sums);
    // The closed form (Bouton): P iff some heap is at least 2 and the
    // nim-sum is 0, or every heap is at most 1 and an odd number are 1.
    let formula = |heaps: &[u64]| {
        let xor = heaps.iter().fold(0, |x, h| x ^ h);
        let p = if heaps.iter().any(|&h| h >= 2) {
            xor == 0
        } else {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        };
        if p { "P" } else { "N" }
    };
    let heaps: Vec<Vec<u64>> = vec![
        vec![],
        vec![1],
        vec![1, 1, 1],
        vec![1, 1, 1, 1],
        vec![1000, 1000],
        vec![1000, 999],
        vec![3, 5, 6, 1 << 40, (1 << 40) ^ 3 ^ 5 ^ 6],
        vec![2, 2, 1, 1, 1],
    ];
    let calls: Vec<String> = heaps
        .iter()
        .map(|hs| {
            let parts: Vec<String> = hs.iter().map(|h| format!("*{h}")).collect();
            if parts.is_empty() {
                "misere(*0)".to_string()
            } else {
                format!("misere({})", parts.join(" + "))
            }
        })
        .collect();
    let lines = run_json(&format!("[{}]\n", calls.join(", ")));
    let expected: Vec<String> = heaps.iter().map(|hs| formula(hs).to_string()).collect();
    assert_eq!(strings(&lines[0]), expected);
}

#[test]
fn misere_kayles_sums_match_brute_force() {
    let mut sums: Vec<Vec<Part>> = (0..=16).map(|n| vec![Part::Kayles(n)]).collect();
    for a in 1..=7 {
        for b in a..=7 {
            sums.push(vec![Part::Kayles(a), Part::Kayles(b)]);
            sums.push(vec![Part::Kayles(a), Part::Kayles(b), Part::Nim(a % 3)]);
        }
    }
    sums.push(vec![
        Part::Kayles(5),
        Part::Kayles(4),
        Part::Kayles(3),
        Part::Kayles(2),
    ]);
    check_sums(KAYLES, &Vec::new(), &sums);
}

/// Through the misère quotient: after `misere_quotient(K, 12)` on the
/// file's own Kayles family, every sum of three rows of at most 12 pins,
/// every two such rows with rows of 6 and 9, and 12 + 7 + 3 + 1 are
/// answered by multiplying elements, and agree with the brute force.
#[test]
fn misere_kayles_sums_through_the_quotient_match_brute_force() {
    let mut sums: Vec<Vec<Part>> = Vec::new();
    for a in 0..=12 {
        for b in a..=12 {
            for c in b..=12 {
                sums.push(vec![Part::Kayles(a), Part::Kayles(b), Part::Kayles(c)]);
            }
            sums.push(vec![
                Part::Kayles(a),
                Part::Kayles(b),
                Part::Kayles(6),
                Part::Kayles(9),
            ]);
        }
    }
    sums.push([12, 7, 3, 1].map(Part::Kayles).to_vec());
    let declarations = format!("{KAYLES}misere_quotient(K, 12)[\"size\"]\n");
    let lines = check_sums(&declarations, &Vec::new(), &sums);
    assert_eq!(lines.len(), 2);
    assert!(lines[0].as_i64().is_some_and(|size| size > 6));
}

#[test]
fn a_cycle_is_an_error_that_points_to_loopy() {
    let (stdout, errors) = run_to_strings(
        "cycle.sg",
        "game A = < B >\ngame B = < A, *0 >\nmisere(A + *1)\n",
        Settings::default(),
    );
    assert_eq!(stdout, "");
    let errors = errors.unwrap_or_default();
    assert!(
        errors.contains("misère play needs a game that always ends"),
        "{errors}"
    );
    assert!(errors.contains("loopy(G)"), "{errors}");
}

fn dag() -> impl Strategy<Value = Dag> {
    (1usize..=7)
        .prop_flat_map(|size| {
            (0..size)
                .map(|i| {
                    let below = vec(any::<bool>(), i);
                    let heaps = btree_set(0u64..4, 0..=2);
                    let pairs = vec(
                        (0..i.max(1), 0..i.max(1)),
                        if i == 0 { 0..=0 } else { 0..=1 },
                    );
                    (below, heaps, pairs)
                })
                .collect::<Vec<_>>()
        })
        .prop_map(|nodes| {
            nodes
                .into_iter()
                .map(|(below, heaps, pairs)| {
                    let singles = below.iter().enumerate().filter(|&(_, &b)| b);
                    let mut options: Vec<Vec<Part>> =
                        singles.map(|(j, _)| vec![Part::Node(j)]).collect();
                    options.extend(heaps.into_iter().map(|k| vec![Part::Nim(k)]));
                    options.extend(
                        pairs
                            .into_iter()
                            .map(|(j, k)| vec![Part::Node(j), Part::Node(k)]),
                    );
                    options
                })
                .collect()
        })
}

/// The random game as a graph family `V(x)` given by three maps: options
/// that are nodes, heaps, and sums of two nodes.
fn declarations(dag: &Dag) -> String {
    let map = |pick: &dyn Fn(&[Part]) -> Option<String>| {
        let entries: Vec<String> = dag
            .iter()
            .enumerate()
            .map(|(i, options)| {
                let items: Vec<String> = options.iter().filter_map(|o| pick(o)).collect();
                format!("{i}: [{}]", items.join(", "))
            })
            .collect();
        format!("{{{}}}", entries.join(", "))
    };
    let single = |o: &[Part]| match o {
        [Part::Node(j)] => Some(j.to_string()),
        _ => None,
    };
    let heap = |o: &[Part]| match o {
        [Part::Nim(k)] => Some(k.to_string()),
        _ => None,
    };
    let pair = |o: &[Part]| match o {
        [Part::Node(j), Part::Node(k)] => Some(format!("[{j}, {k}]")),
        _ => None,
    };
    format!(
        "let F = {}\nlet H = {}\nlet S = {}\n\
         game V(x) = < V(y) for y in F[x], *k for k in H[x], V(p[0]) + V(p[1]) for p in S[x] >\n",
        map(&single),
        map(&heap),
        map(&pair)
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// Every node, every sum of two nodes, and sums of a node with a nim
    /// heap and a Kayles row.
    #[test]
    fn misere_sums_of_random_games_match_brute_force(dag in dag()) {
        let n = dag.len();
        let mut sums: Vec<Vec<Part>> = (0..n).map(|x| vec![Part::Node(x)]).collect();
        for x in 0..n {
            for y in x..n {
                sums.push(vec![Part::Node(x), Part::Node(y)]);
            }
            sums.push(vec![Part::Node(x), Part::Nim(2), Part::Kayles(3)]);
            sums.push(vec![Part::Node(x), Part::Nim(1)]);
        }
        check_sums(&(declarations(&dag) + KAYLES), &dag, &sums);
    }
}

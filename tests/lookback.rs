//! Periods proved by finite lookback (`ir::Lookback`) against plain
//! programs written here: games whose moves look a bounded distance down
//! by a rule fixed by the heap's residue get the period and preperiod of
//! the plain values, proved, and answer far past anything computed; games
//! that look unboundedly far or whose rule grows with the heap are never
//! proved.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{ints, mex, plain_period, run_json};
use proptest::prelude::*;

/// The option values of heap `n`, the values below it being `g`.
type Rule = fn(usize, &[u64]) -> Vec<u64>;

/// g(0..=largest) of the game whose options at n are `rule(n, g)`.
fn plain(rule: Rule, largest: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let value = mex(rule(n, &g));
        g.push(value);
    }
    g
}

/// The values `g[n - k]` for the moves `k` that fit in the heap.
fn take(n: usize, g: &[u64], moves: impl IntoIterator<Item = usize>) -> Vec<u64> {
    moves
        .into_iter()
        .filter(|&k| k <= n)
        .map(|k| g[n - k])
        .collect()
}

/// Each game as written, and its rule written plainly.
const GAMES: &[(&str, Rule)] = &[
    (
        "let M = [[1, 2], [1, 3], [2, 3, 4]]\n\
         game R(n) = < R(n - k) for k in M[n % 3] if k <= n >",
        |n, g| take(n, g, [vec![1, 2], vec![1, 3], vec![2, 3, 4]][n % 3].clone()),
    ),
    (
        "game R(n) = < R(n - k) + *(n % 2) for k in 1..=5 if k <= n and (n + k) % 4 != 1 >",
        |n, g| {
            let moves = (1..=5).filter(|k| (n + k) % 4 != 1);
            let heap = (n % 2) as u64;
            take(n, g, moves).into_iter().map(|v| v ^ heap).collect()
        },
    ),
    (
        "game R(n) = < R(n - k) for k in 1..=min(n, 7) if k != n % 5 >",
        |n, g| take(n, g, (1..=7).filter(|&k| k != n % 5)),
    ),
    // Moves written as the heaps they leave, read as the amounts taken.
    (
        "game R(m) = < R(j) for j in m - 4..m if j >= 0 and m - j != m % 3 >",
        |n, g| take(n, g, (1..=4).filter(|&k| k != n % 3)),
    ),
    (
        "game R(n) = < R(m) for m in n - 6..=n - 1 if m >= 0 and (m + n) % 3 != 0 >",
        |n, g| take(n, g, (1..=6).filter(|k| (2 * n + 6 - k) % 3 != 0)),
    ),
    // The rule changes at 1000: the values settle only past it.
    (
        "game R(n) = < R(n - 1) if n < 1000 and n > 0, R(n - 2) if n >= 2 and n % 7 == 3 >",
        |n, g| {
            let mut options = Vec::new();
            if n > 0 && n < 1000 {
                options.push(g[n - 1]);
            }
            if n >= 2 && n % 7 == 3 {
                options.push(g[n - 2]);
            }
            options
        },
    ),
    (
        "game R(n) = < R(n - 1 - abs(n % 5 - 2)) if n >= 5, R(n - (n % 6) / 2 - 1) if n >= 6, \
         R(n - 1) if n % 2 == 0 and n > 0 >",
        |n, g| {
            let mut options = Vec::new();
            if n >= 5 {
                options.push(g[n - 1 - (n % 5).abs_diff(2)]);
            }
            if n >= 6 {
                options.push(g[n - (n % 6) / 2 - 1]);
            }
            if n % 2 == 0 && n > 0 {
                options.push(g[n - 1]);
            }
            options
        },
    ),
    (
        "def allowed(k, n) = (n % 3 == 0 and k <= 2) or (n % 3 != 0 and k % 2 == 1)\n\
         game R(n) = < R(n - k) for k in 1..=6 if k <= n and allowed(k, n) >",
        |n, g| {
            let allowed = |k: usize| (n % 3 == 0 && k <= 2) || (n % 3 != 0 && k % 2 == 1);
            take(n, g, (1..=6).filter(|&k| allowed(k)))
        },
    ),
    (
        "game R(n) = < R(n - k) + R(n - k - 1) for k in [1, 3] if k < n >",
        |n, g| {
            let moves = [1, 3].into_iter().filter(|&k| k < n);
            moves.map(|k| g[n - k] ^ g[n - k - 1]).collect()
        },
    ),
    // A residue by the loop's variable: n mod every k, 60 in all.
    (
        "game R(n) = < R(n - k) for k in 1..=6 if k <= n and n % k != 0 >",
        |n, g| take(n, g, (1..=6).filter(|&k| n % k != 0)),
    ),
    // `gcd(n, k)` is `gcd(k, n % k)` for k from 1: a function of
    // residues, whatever it computes.
    (
        "def gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n\
         game R(n) = < R(n - k) + *(gcd(n, k) % 3) for k in 1..=8 if k <= n and gcd(n, k) != 2 >",
        |n, g| {
            let gcd = |mut a: usize, mut b: usize| {
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                a
            };
            let moves = (1..=8.min(n)).filter(|&k| gcd(n, k) != 2);
            moves.map(|k| g[n - k] ^ (gcd(n, k) % 3) as u64).collect()
        },
    ),
];

/// A heap far past anything a table could hold.
const HUGE: u64 = 1_000_000_000_000_000_000;

#[test]
fn residue_rules_have_proved_periods_that_answer_at_any_heap() {
    for (definition, rule) in GAMES {
        let values = plain(*rule, 6000);
        let (period, preperiod) = plain_period(&values, 8);
        let script = format!("{definition}\nperiod(R)\nseq(R, {HUGE}..{})", HUGE + 20);
        let results = run_json(&script);
        let found = &results[0];
        assert_eq!(found["proved"], true, "{definition}: {found}");
        assert!(
            found["rule"]
                .as_str()
                .is_some_and(|rule| rule.starts_with("finite lookback")),
            "{definition}: {found}"
        );
        assert_eq!(
            (&found["period"], &found["preperiod"]),
            (&period.into(), &preperiod.into()),
            "{definition}"
        );
        let at = |n: u64| values[preperiod + ((n - preperiod as u64) % period as u64) as usize];
        let expected: Vec<u64> = (HUGE..HUGE + 20).map(at).collect();
        assert_eq!(ints(&results[1]), expected, "{definition}");
    }
}

/// `g` of a large heap proves the period first and reads the heap from it:
/// the family keeps a few hundred values, not two million.
#[test]
fn a_large_heap_is_read_from_the_proved_period() {
    let (definition, rule) = GAMES[0];
    let values = plain(rule, 2_000_000);
    let script = format!("{definition}\ng(R(2000000))\nperiod(R)");
    let results = run_json(&script);
    assert_eq!(results[0], values[2_000_000]);
    let (stdout, stderr) = common::run_binary(&[
        "--stats",
        "-e",
        &format!("{definition}\nprint(g(R(2000000)))"),
    ]);
    assert_eq!(stdout.trim(), values[2_000_000].to_string());
    let known: u64 = stderr
        .split("positions, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stderr}"));
    assert!(known < 5000, "{stderr}");
    assert!(stderr.contains("period 6 from heap 0 proved"), "{stderr}");
    // Past what the dense table could hold within the position limit, and
    // below where heaps are kept in a hash table anyway.
    let results = run_json(&format!("{definition}\ng(R(100000000))\ng(R(100000001))"));
    let at = |n: usize| values[n % 6];
    assert_eq!(results, [at(100_000_000), at(100_000_001)]);
}

#[test]
fn rules_that_look_unboundedly_far_or_grow_are_not_proved() {
    let games = [
        // Moves as long as half the heap.
        "game R(n) = < R(n - k) for k in 1..=n / 2 >",
        // Squares: the moves grow with the heap.
        "game R(n) = < R(n - k * k) for k in 1..=n if k * k <= n >",
        // Halving.
        "game R(n) = < R(n / 2) if n > 0, R(n - 1) if n > 0 >",
        // A residue of n squared: periodic, but not read so.
        "game R(n) = < R(n - 1) if n > 0 and n * n % 7 != 3 >",
        // A recursive def of the heap itself: its ones, a heap away.
        "def ones(a) = if a == 0 then 0 else a % 2 + ones(a / 2)\n\
         game R(n) = < R(n - k) for k in 1..=4 if k <= n and ones(n) % 2 == k % 2 >",
        // A function's value, bounds unknown, moving the heap.
        "def gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n\
         game R(n) = < R(n - gcd(n, k)) for k in 1..=4 if k <= n >",
        // A split.
        "game R(n) = < R(a) + R(n - 1 - a) for a in 0..n if a < 3 or n - 1 - a < 3 >",
    ];
    for game in games {
        let result = &run_json(&format!("{game}\nperiod(R, 600)"))[0];
        assert_ne!(result["proved"], true, "{game}: {result}");
        let rule = result["rule"].as_str().expect("a rule");
        assert!(
            rule.starts_with("observed on heaps 0..=") || rule.starts_with("no period found"),
            "{game}: {rule}"
        );
    }
}

/// A filter of a random residue rule.
#[derive(Clone, Debug)]
enum Filter {
    /// `n % m == r`
    Residue(i64, i64),
    /// `(n + a * k) % m != r`
    Shifted(i64, i64, i64),
    /// `k % 2 == r`
    Parity(i64),
    /// `n < c`: the rule changes at c.
    Below(i64),
    /// `n >= c`
    From(i64),
}

impl Filter {
    fn holds(&self, n: i64, k: i64) -> bool {
        match *self {
            Filter::Residue(m, r) => n % m == r,
            Filter::Shifted(a, m, r) => (n + a * k) % m != r,
            Filter::Parity(r) => k % 2 == r,
            Filter::Below(c) => n < c,
            Filter::From(c) => n >= c,
        }
    }

    fn source(&self) -> String {
        match *self {
            Filter::Residue(m, r) => format!("n % {m} == {r}"),
            Filter::Shifted(a, m, r) => format!("(n + {a} * k) % {m} != {r}"),
            Filter::Parity(r) => format!("k % 2 == {r}"),
            Filter::Below(c) => format!("n < {c}"),
            Filter::From(c) => format!("n >= {c}"),
        }
    }
}

/// One element of a random residue rule: `F(n - k - offset) + *heap for k
/// in moves if k + offset <= n and filters…`, the moves a constant list or
/// a `let` table's row picked by `n % m`.
#[derive(Clone, Debug)]
struct Element {
    moves: Result<Vec<i64>, (i64, Vec<Vec<i64>>)>,
    offset: i64,
    filters: Vec<Filter>,
    /// 0: none, 1: `*(n % 3)`, 2: `*k`.
    heap: u8,
}

impl Element {
    fn options(&self, n: i64, g: &[u64], out: &mut Vec<u64>) {
        let moves = match &self.moves {
            Ok(moves) => moves,
            Err((m, rows)) => &rows[(n % m) as usize],
        };
        for &k in moves {
            let d = k + self.offset;
            if d > n || !self.filters.iter().all(|f| f.holds(n, k)) {
                continue;
            }
            let heap = [0, n % 3, k][self.heap as usize] as u64;
            out.push(g[(n - d) as usize] ^ heap);
        }
    }

    fn source(&self, index: usize, lets: &mut String) -> String {
        let list = |items: &[i64]| {
            let items: Vec<String> = items.iter().map(i64::to_string).collect();
            format!("[{}]", items.join(", "))
        };
        let walk = match &self.moves {
            Ok(moves) => list(moves),
            Err((m, rows)) => {
                let rows: Vec<String> = rows.iter().map(|r| list(r)).collect();
                *lets += &format!("let T{index} = [{}]\n", rows.join(", "));
                format!("T{index}[n % {m}]")
            }
        };
        let heap = ["", " + *(n % 3)", " + *k"][self.heap as usize];
        let mut filters = vec![format!("k + {} <= n", self.offset)];
        filters.extend(self.filters.iter().map(Filter::source));
        format!(
            "F(n - k - {}){heap} for k in {walk} if {}",
            self.offset,
            filters.join(" and ")
        )
    }
}

fn filter() -> impl Strategy<Value = Filter> {
    prop_oneof![
        (2i64..=5)
            .prop_flat_map(|m| (Just(m), 0..m))
            .prop_map(|(m, r)| Filter::Residue(m, r)),
        (1i64..=3, 2i64..=4)
            .prop_flat_map(|(a, m)| (Just(a), Just(m), 0..m))
            .prop_map(|(a, m, r)| Filter::Shifted(a, m, r)),
        (0i64..=1).prop_map(Filter::Parity),
        (0i64..=300).prop_map(Filter::Below),
        (0i64..=300).prop_map(Filter::From),
    ]
}

fn element() -> impl Strategy<Value = Element> {
    let moves = prop::collection::vec(1i64..=8, 1..=4);
    let table = (2i64..=4).prop_flat_map(|m| {
        let rows = prop::collection::vec(prop::collection::vec(1i64..=6, 0..=3), m as usize);
        (Just(m), rows)
    });
    (
        prop_oneof![moves.prop_map(Ok), table.prop_map(Err)],
        0i64..=2,
        prop::collection::vec(filter(), 0..=2),
        0u8..=2,
    )
        .prop_map(|(moves, offset, filters, heap)| Element {
            moves,
            offset,
            filters,
            heap,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random residue rules: each is proved by finite lookback from the
    /// values below 4096 (unless its period is too long to show there),
    /// and heaps past those, read from the proof, are the plain values.
    #[test]
    fn random_residue_rules_read_from_their_proofs_equal_the_plain_values(
        elements in prop::collection::vec(element(), 1..=3),
    ) {
        let mut lets = String::new();
        let options: Vec<String> =
            elements.iter().enumerate().map(|(i, e)| e.source(i, &mut lets)).collect();
        let script = format!(
            "{lets}game F(n) = < {} >\nperiod(F, 4096)\nseq(F, 9000..9100)",
            options.join(", ")
        );
        let mut g: Vec<u64> = Vec::new();
        let mut values = Vec::new();
        for n in 0..9100 {
            values.clear();
            for element in &elements {
                element.options(n, &g, &mut values);
            }
            g.push(mex(values.iter().copied()));
        }
        let results = run_json(&script);
        let found = &results[0];
        prop_assert!(
            found["proved"] == true || found.get("period").is_none(),
            "not proved: {}\n{}", found, script
        );
        prop_assert_eq!(ints(&results[1]), g[9000..].to_vec(), "{}\n{}", found, script);
    }
}

/// A period sought below a heap too small to show it (the rule changes at
/// 4145) is sought again below a larger heap, not given up for good.
#[test]
fn a_period_not_found_below_a_small_heap_is_sought_below_a_larger_one() {
    let game = "game F(n) = < F(n - k) for k in 1..=min(n, 3) if n != 4145 >";
    let rule: Rule = |n, g| match n == 4145 {
        true => Vec::new(),
        false => take(n, g, 1..=3),
    };
    let values = plain(rule, 9000);
    let at = |n: u64| values[(4145 + (n - 4145) % 4) as usize];
    for first in ["g(F(4096))", "seq(F, 0..=4096)"] {
        let results = run_json(&format!("{game}\n{first}\ng(F({HUGE}))"));
        assert_eq!(results[1], at(HUGE), "{first}");
    }
}

/// A heap far past the table that another family's option names is read
/// from its family's proved period, as a heap asked for directly is.
#[test]
fn a_huge_heap_an_option_names_is_read_from_its_period() {
    let script = "game H(n) = < H(n - k) for k in {1, 3, 4} if k <= n >\n\
                  game F(n) = < F(n - k) + H(1000000000000 + n * k) for k in 1..=min(n, 3) >\n\
                  seq(F, 0..=40)";
    let h = |n: usize| [0, 1, 0, 1, 2, 3, 2][n % 7];
    let mut f: Vec<u64> = Vec::new();
    for n in 0..=40 {
        let options = (1..=n.min(3)).map(|k| f[n - k] ^ h(1_000_000_000_000 + n * k));
        f.push(mex(options));
    }
    assert_eq!(ints(&run_json(script)[0]), f);
}

/// An instance of a family whose moves are a parameter passed on
/// unchanged (`T([1, 3, 4], n)`) is proved as the family with the moves
/// written in is, by the octal theorem or by finite lookback: a large
/// heap, or a huge one, is read from its period.
#[test]
fn an_instance_is_proved_as_the_family_with_its_values_written_in() {
    let subtraction = "game T(moves, n) = < T(moves, n - k) for k in moves if k <= n >";
    let by_residue = "game T(moves, n) = \
                      < T(moves, n - k) + *(n % 2) for k in moves if k <= n and (n + k) % 4 != 1 >";
    let games: [(&str, &str, Rule); 2] = [
        (subtraction, "[2, 5, 6]", |n, g| take(n, g, [2, 5, 6])),
        (by_residue, "[1, 2, 3, 4, 5]", GAMES[1].1),
    ];
    for (definition, moves, rule) in games {
        let values = plain(rule, 4000);
        let (period, preperiod) = plain_period(&values, 10);
        let at = |n: u64| values[preperiod + ((n - preperiod as u64) % period as u64) as usize];
        let script = format!(
            "{definition}\nlet m = {moves}\ndef S(n) = T(m, n)\n\
             g(S(2000000))\ng(T(m, 10 ** 12))\ng(S(10 ** 18 + 1))"
        );
        assert_eq!(
            run_json(&script),
            [
                at(2_000_000),
                at(1_000_000_000_000),
                at(1_000_000_000_000_000_001)
            ]
        );
        let (stdout, stderr) = common::run_binary(&[
            "--stats",
            "-e",
            &format!("{definition}\nprint(g(T({moves}, 2000000)))"),
        ]);
        assert_eq!(stdout.trim(), at(2_000_000).to_string());
        let proved = format!("period {period} from heap {preperiod} proved");
        assert!(stderr.contains(&proved), "{stderr}");
        // `period` of the `def` naming the instance is the instance's; of
        // one that chooses between instances, or names one per heap, only
        // observed.
        let found = &run_json(&format!(
            "{definition}\nlet m = {moves}\ndef S(n) = T(m, n)\nperiod(S)\n\
             def X(n) = if n < 3 then T(m, n) else T(m, n + 0)\nperiod(X)\n\
             def Y(n) = T(m + [n + 9], n)\nperiod(Y, 64)"
        ));
        assert_eq!(found[0]["proved"], true, "{definition}: {}", found[0]);
        assert_eq!(found[0]["period"], period as u64);
        assert_eq!(found[0]["preperiod"], preperiod as u64);
        assert_eq!(found[1]["proved"], false, "{}", found[1]);
        assert_ne!(found[2]["proved"], true, "{}", found[2]);
    }
}

/// A large heap of each of many instances is read from each instance's
/// proved period: the instances' dense tables do not grow to the heaps
/// asked. At 100,000 slots each they filled the position limit, and a
/// proof sought once it was nearly full failed with "more than … positions
/// were needed".
#[test]
fn large_heaps_of_many_instances_stay_within_the_position_limit() {
    let script = "game TA(a, b, n) = < TA(a, b, n - k) for k in [a, b, a + b] if k <= n >\n\
                  print([g(TA(a, b, 100000 + a)) for b in 1..4 for a in 1..20])";
    let mut expected = Vec::new();
    for b in 1..4 {
        for a in 1..20 {
            let top = 100_000 + a;
            let mut g = Vec::new();
            for n in 0..=top {
                g.push(mex(take(n, &g, [a, b, a + b])));
            }
            expected.push(g[top]);
        }
    }
    let (stdout, stderr) = common::run_binary(&["--stats", "-e", script]);
    assert_eq!(stdout.trim(), format!("{expected:?}"), "{stderr}");
    let instances = stderr.lines().filter(|l| l.starts_with("TA("));
    assert_eq!(instances.clone().count(), expected.len(), "{stderr}");
    for line in instances {
        assert!(common::positions(line) < 1000, "{line}");
    }
}

/// The theorem needs a period's worth of heaps past the settled heap and
/// the window before them: with fewer values it proves nothing (and
/// counts nothing below zero), and `g` does not seek a proof it cannot
/// reach below its cap. A subtraction game whose largest move is 2^24 is
/// computed as without the theorem.
#[test]
fn a_proof_needs_the_settled_heap_the_window_and_a_period() {
    let rule = sprague::ir::Lookback {
        window: 10,
        modulus: 2,
        settled: 4,
    };
    assert_eq!(rule.fewest(), 12);
    assert_eq!(rule.longest(11, 2), None);
    assert_eq!(rule.longest(12, 2), Some(0));
    assert_eq!(rule.longest(12, 1), None);
    assert_eq!(rule.longest(20, 4), Some(6));
    let game = "game F(n) = < F(n - k) for k in [1, 2, 5, 16777216] if k <= n >";
    let g = plain(|n, g| take(n, g, [1, 2, 5, 16777216]), 20000);
    assert_eq!(run_json(&format!("{game}\ng(F(20000))"))[0], g[20000]);
}

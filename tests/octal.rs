//! `octal(…)` and `period(…)` against a plain octal-game program written
//! here: bottom-up, a memo array, mex over every option the code allows.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{ints, plain_period, run_json};
use sprague::run::{Settings, run_to_strings};

/// g(0..=n) of the octal game with digits `digits` (d0 first), plainly.
fn plain_octal(digits: &[u8], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for heap in 0..=n {
        let mut seen = vec![false; heap + 2];
        let mut mark = |v: u64| {
            if (v as usize) < seen.len() {
                seen[v as usize] = true;
            }
        };
        for (t, &d) in digits.iter().enumerate() {
            if t > heap {
                break;
            }
            let rest = heap - t;
            if t > 0 && d & 1 != 0 && rest == 0 {
                mark(0);
            }
            if t > 0 && d & 2 != 0 && rest > 0 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    mark(g[a] ^ g[rest - a]);
                }
            }
        }
        g[heap] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
    }
    g
}

/// `seq(octal(code), 0..=n)` equals the plain program for every code.
fn assert_sequences_match(codes: &[(&str, &[u8])], n: usize) {
    let script: String = codes
        .iter()
        .map(|(code, _)| format!("seq(octal(\"{code}\"), 0..={n})\n"))
        .collect();
    let results = run_json(&script);
    for ((code, digits), result) in codes.iter().zip(&results) {
        assert_eq!(ints(result), plain_octal(digits, n), "octal {code}");
    }
}

#[test]
fn octal_sequences_match_the_plain_program() {
    let codes: &[(&str, &[u8])] = &[
        ("0.77", &[0, 7, 7]),
        ("0.07", &[0, 0, 7]),
        ("0.007", &[0, 0, 0, 7]),
        ("0.137", &[0, 1, 3, 7]),
        ("0.6", &[0, 6]),
        ("0.51", &[0, 5, 1]),
        ("4.07", &[4, 0, 7]),
        ("0.333", &[0, 3, 3, 3]),
        ("0.1616", &[0, 1, 6, 1, 6]),
    ];
    let n = 1500;
    assert_sequences_match(codes, n);
}

#[test]
fn known_periods_are_found_and_proved() {
    // (code, period, preperiod) from the octal-game tables, recomputed
    // below with the plain program before they are compared.
    let known: &[(&str, &[u8], u64, u64)] = &[
        ("0.77", &[0, 7, 7], 12, 71),
        ("0.07", &[0, 0, 7], 34, 53),
        ("0.137", &[0, 1, 3, 7], 34, 52),
        ("0.333", &[0, 3, 3, 3], 4, 0),
    ];
    let script: String = known
        .iter()
        .map(|(code, ..)| format!("period(octal(\"{code}\"))\n"))
        .collect();
    let results = run_json(&script);
    for ((code, digits, period, preperiod), result) in known.iter().zip(&results) {
        let plain = plain_period(&plain_octal(digits, 3000), 20);
        assert_eq!(
            (plain.0 as u64, plain.1 as u64),
            (*period, *preperiod),
            "plain {code}"
        );
        assert_eq!(result["period"], *period, "period of {code}");
        assert_eq!(result["preperiod"], *preperiod, "preperiod of {code}");
        assert_eq!(result["proved"], true, "{code} is take-and-break");
    }
}

#[test]
fn a_definition_is_recognised_as_take_and_break() {
    let results = run_json(
        "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >
game Dawson(n) = < Dawson(a) + Dawson(n - 2 - a) for a in 0..=n-2 >
game S(n) = < S(n - k) for k in 1..=3 if k <= n >
game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >
game Pair(n) = < Pair(n - 2) + *1 if n >= 2 >
period(Kayles)
period(Dawson)
period(S)
period(Grundy, 600)
period(Pair)",
    );
    assert_eq!(
        (&results[0]["period"], &results[0]["preperiod"]),
        (&12.into(), &71.into())
    );
    assert_eq!(results[0]["proved"], true);
    assert_eq!(
        (&results[1]["period"], &results[1]["preperiod"]),
        (&34.into(), &53.into())
    );
    assert_eq!(
        (&results[2]["period"], &results[2]["proved"]),
        (&4.into(), &true.into())
    );
    // Grundy's game is no octal game, and shows no period this early.
    assert!(results[3].get("period").is_none(), "{}", results[3]);
    assert_eq!(results[3]["checked"], 600);
    // g(Pair(n)) = mex{g(Pair(n - 2)) ^ 1} is 0 throughout. Options with
    // a nim heap are not take-and-break; finite lookback proves it.
    assert_eq!(
        (&results[4]["period"], &results[4]["proved"]),
        (&1.into(), &true.into())
    );
    let rule = results[4]["rule"].as_str().expect("a rule");
    assert!(rule.starts_with("finite lookback: "), "{rule}");
}

#[test]
fn bad_codes_are_diagnosed() {
    for (code, words) in [
        ("\"0.7#\"", "`#` is not a digit"),
        ("\"77\"", "there is no point"),
        ("\"2.07\"", "may only split a heap"),
        ("\"0.[3\"", "must close with `]`"),
        ("77", "an octal code as a string"),
    ] {
        let (_, errors) = run_to_strings("bad.sg", &format!("octal({code})"), Settings::default());
        let errors = errors.expect("a bad code is an error");
        assert!(errors.contains(words), "{code}: {errors}");
    }
}

/// Far enough past every period and preperiod of these codes (0.07's last
/// exception is at 51) to exercise the splitting engine; the plain program
/// is quadratic, so larger sizes belong in the benchmarks (bench/run.sh).
#[test]
fn octal_sequences_to_thirty_thousand_match_the_plain_program() {
    let n = 30_000;
    let codes: &[(&str, &[u8])] = &[
        ("0.07", &[0, 0, 7]),
        ("0.77", &[0, 7, 7]),
        ("0.007", &[0, 0, 0, 7]),
    ];
    assert_sequences_match(codes, n);
}

#[test]
fn the_long_preperiod_of_0_127_is_proved() {
    // 0.127 settles into period 4 only after its last exception at 46577.
    let plain = plain_octal(&[0, 1, 2, 7], 100_000);
    assert_eq!(plain_period(&plain, 1000), (4, 46578));
    let results = run_json("period(octal(\"0.127\"))");
    assert_eq!(results[0]["period"], 4);
    assert_eq!(results[0]["preperiod"], 46578);
    assert_eq!(results[0]["proved"], true);
}

/// `period(F)` of each family (`F` is the first name each line defines).
fn periods(definitions: &[&str]) -> Vec<serde_json::Value> {
    let script: String = definitions
        .iter()
        .map(|d| {
            let game = d.split("game ").nth(1).expect("a game");
            let name = game.split('(').next().expect("a game's name");
            format!("{d}\nperiod({name})\n")
        })
        .collect();
    run_json(&script)
}

#[test]
fn near_misses_of_octal_games_are_never_proved() {
    let results = periods(&[
        // A condition on n (the family, and one close enough for the
        // options to be compared and found to differ at heap 20).
        "game A(n) = < A(a) + A(n - t - a) for t in 1..=2 for a in 0..=n-t if n != 1000 >",
        "game B(n) = < B(a) + B(n - t - a) for t in 1..=2 for a in 0..=n-t if n != 20 >",
        // An extra option at one heap.
        "game C(n) = < C(a) + C(n - t - a) for t in 1..=2 for a in 0..=n-t, C(1) + C(1) if n == 9 >",
        // Splits that are not an octal digit's: unequal heaps, a hole.
        "game D(n) = < D(a) + D(n - a) for a in 1..n if 2 * a < n >",
        "game E(n) = < E(a) + E(n - 1 - a) for a in 1..n - 1 if a != 2 >",
        // Offset bounds that differ from the digits'.
        "game F(n) = < F(a) + F(n - t - a) for t in 1..=2 for a in 0..=n-t-3 >",
        "game G(n) = < G(a) + G(n - t - a) for t in 1..=2 for a in 2..=n-t >",
    ]);
    for (name, result) in "ABCDEFG".chars().zip(&results) {
        assert_ne!(result["proved"], true, "{name}: {result}");
        let rule = result["rule"].as_str().expect("a rule");
        assert!(
            rule.starts_with("observed on heaps 0..=") || rule.starts_with("no period found"),
            "{name}: {rule}"
        );
    }
    // A's values agree with Kayles' on the heaps checked: observed, not
    // proved, and only on those heaps.
    assert_eq!(
        (&results[0]["period"], &results[0]["preperiod"]),
        (&12.into(), &71.into())
    );
    assert_eq!(results[0]["rule"], "observed on heaps 0..=255");
}

#[test]
fn octal_games_in_any_spelling_are_proved_by_their_rule() {
    let results = periods(&[
        "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >",
        "game K(n) = < K(n - t - a) + K(a) for t in [2, 1] for a in 0..=n-t >",
        "game Dawson(n) = < Dawson(a) + Dawson(n - 2 - a) for a in 0..=n-2 >",
        "game S(n) = < S(n - k) for k in 1..=3 if k <= n >",
        "game L(n) = < L(0) for t in [1, 2] if t == n, L(n - t) for t in [1, 2] if t < n, \
         L(a) + L(n - t - a) for t in [1, 2] for a in 1..n - t if 2 * a <= n - t >",
        // Through a `let` and a `def`: the IR folds and inlines them, so the
        // definition the proof reads is the same rule set.
        "let M = [1, 2, 3]\ngame I(n) = < I(n - k) for k in M if k <= n >",
        "def rest(n, t, a) = n - t - a\n\
         game R(n) = < R(a) + R(rest(n, t, a)) for t in 1..=2 for a in 0..=n-t >",
        // Dawson's chess (0.137) by conditions on the rule and the heap:
        // `n == 1` pins the heap, so the clauses it contradicts fold away,
        // and the `or` left once `t` is pinned pins `a` in turn.
        "game D(n) = < D(a) + D(n - t - a) for t in 1..=3 if t <= n for a in 0..=n - t \
         if (t == 1 and n == 1) or (t == 2 and (a == 0 or a == n - 2)) or t == 3 >",
        "game E(n) = < (if t == 1 then (if a == 0 and n == 1 then E(0) else E(0)) \
         else E(a) + E(n - t - a)) for t in 1..=3 if t <= n for a in 0..=n - t \
         if (t == 1 and n == 1) or (t == 2 and (a == 0 or a == n - 2)) or t == 3 >",
    ]);
    let expected = [
        ("0.77", 12, 71),
        ("0.77", 12, 71),
        ("0.07", 34, 53),
        ("0.333", 4, 0),
        ("0.77", 12, 71),
        ("0.333", 4, 0),
        ("0.77", 12, 71),
        ("0.137", 34, 52),
        ("0.137", 34, 52),
    ];
    assert_eq!(results.len(), expected.len());
    for ((code, period, preperiod), result) in expected.iter().zip(&results) {
        assert_eq!(result["proved"], true, "{result}");
        assert_eq!(
            (&result["period"], &result["preperiod"]),
            (&(*period).into(), &(*preperiod).into())
        );
        let rule = format!("octal {code}, Guy–Smith periodicity theorem, heaps 0..=255 checked");
        assert_eq!(result["rule"], rule);
    }
    let results = run_json("period(octal(\"0.77\"))\nperiod(octal(\"0.137\"))");
    assert_eq!(
        results[0]["rule"],
        "octal 0.77, Guy–Smith periodicity theorem, heaps 0..=255 checked"
    );
    assert_eq!(
        (&results[1]["period"], &results[1]["proved"]),
        (&34.into(), &true.into())
    );
}

#[test]
fn period_costs_what_the_sequence_costs() {
    // Neither is take-and-break; their values have no period up to the
    // limit, and the limit is where the search stops.
    let results = run_json(
        "game T(n) = < T(n - k) for k in 1..=n >
period(T, 300)
game Sq(n) = < Sq(n - k * k) for k in 1..=n if k * k <= n >
period(Sq, 512)
game Sub(n) = < Sub(n - k) for k in [1, 2, 3] if k <= n >
period(Sub, 20)",
    );
    for (result, checked) in results.iter().zip([300, 512]) {
        assert!(result.get("period").is_none(), "{result}");
        assert_eq!(result["checked"], checked);
        let rule = format!("no period found in heaps 0..={}", checked - 1);
        assert_eq!(result["rule"], rule);
    }
    // The limit holds for a sequence that does repeat, too: four periods of
    // 4 fit in 20 values.
    assert_eq!(
        (&results[2]["period"], &results[2]["checked"]),
        (&4.into(), &20.into())
    );
}

/// Once a period is proved, positions at any heap size answer by it: the
/// plain program's periodic values at heaps near 10^18, and a near-miss
/// family that is not an octal game keeps its exception.
#[test]
fn proved_periods_answer_at_any_heap_size() {
    let games: &[(&str, &[u8])] = &[
        (
            "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t >",
            &[0, 7, 7],
        ),
        (
            "game K(n) = < K(a) + K(n - 2 - a) for a in 0..=n-2 >",
            &[0, 0, 7],
        ),
        ("let K = octal(\"0.137\")", &[0, 1, 3, 7]),
    ];
    let huge: Vec<u64> = (0..14).map(|i| 1_000_000_000_000_000_000 + i).collect();
    for (definition, digits) in games {
        let plain = plain_octal(digits, 3000);
        let (period, preperiod) = plain_period(&plain, 8);
        let expected: Vec<u64> = huge
            .iter()
            .map(|&n| plain[preperiod + ((n - preperiod as u64) % period as u64) as usize])
            .collect();
        let query = format!("{definition}\nseq(K, {}..{})", huge[0], huge[0] + 14);
        assert_eq!(ints(&run_json(&query)[0]), expected, "{definition}");
        // A heap the dense table could not hold within the position limit.
        let n = 100_000_000u64;
        let expected = plain[preperiod + ((n - preperiod as u64) % period as u64) as usize];
        let query = format!("{definition}\ng(K({n}))");
        assert_eq!(run_json(&query)[0], expected, "{definition}");
    }
    let near_miss = "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n-t if n != 1000 >\n\
                     g(K(20000))\ng(K(1000))\ng(K(988))";
    let results = run_json(near_miss);
    assert_eq!((&results[1], &results[2]), (&0.into(), &1.into()));
}

/// A take-and-break digit: the bits of the numbers of heaps it may leave,
/// and its modifier (`' '` for none).
type Digit = (u32, char);

/// g(0..=n) of a take-and-break game in CGSuite's notation, plainly:
/// `digits[t]` is (bits of heap counts, modifier) for removing t tokens,
/// the last `repeat` digits repeating; every way of leaving k heaps is
/// enumerated as a multiset.
fn plain_take_break(digits: &[Digit], repeat: usize, n: usize) -> Vec<u64> {
    fn parts(rest: usize, k: usize, least: usize, out: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if k == 0 {
            if rest == 0 {
                all.push(out.clone());
            }
            return;
        }
        for x in least.max(1)..=rest {
            out.push(x);
            parts(rest - x, k - 1, x, out, all);
            out.pop();
        }
    }
    let digit = |t: usize| {
        if t < digits.len() {
            digits[t]
        } else if repeat == 0 {
            (0, ' ')
        } else {
            let fixed = digits.len() - repeat;
            digits[fixed + (t - fixed) % repeat]
        }
    };
    let mut g = vec![0u64; n + 1];
    for heap in 0..=n {
        let mut seen = std::collections::HashSet::new();
        for t in 0..=heap {
            let (bits, mark) = digit(t);
            let rest = heap - t;
            for k in 0..6 {
                if bits & (1 << k) == 0 || (t == 0 && k < 2) {
                    continue;
                }
                let mut all = Vec::new();
                parts(rest, k, 1, &mut Vec::new(), &mut all);
                for split in all {
                    let different = split.windows(2).all(|w| w[0] != w[1]);
                    let equal = split.windows(2).all(|w| w[0] == w[1]);
                    let allowed = match mark {
                        '!' => different,
                        '?' => !equal || k < 2,
                        '=' => equal,
                        _ => true,
                    };
                    if allowed {
                        seen.insert(split.iter().fold(0, |v, &h| v ^ g[h]));
                    }
                }
            }
        }
        g[heap] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    g
}

#[test]
fn take_and_break_codes_in_cgsuite_notation_match_the_plain_program() {
    let n = 40;
    let codes: &[(&str, &[Digit], usize)] = &[
        ("4!.0", &[(4, '!')], 0),
        ("4?.0", &[(4, '?')], 0),
        ("0.8", &[(0, ' '), (8, ' ')], 0),
        ("0.4=", &[(0, ' '), (4, '=')], 0),
        ("0.c?", &[(0, ' '), (12, '?')], 0),
        ("0.1f!", &[(0, ' '), (1, ' '), (15, '!')], 0),
        ("8.07", &[(8, ' '), (0, ' '), (7, ' ')], 0),
        ("0.[3]", &[(0, ' '), (3, ' ')], 1),
        ("0.1[24]", &[(0, ' '), (1, ' '), (2, ' '), (4, ' ')], 2),
    ];
    let script: String = codes
        .iter()
        .map(|(code, ..)| format!("seq(take_and_break(\"{code}\"), 0..={n})\n"))
        .collect();
    let results = run_json(&script);
    for ((code, digits, repeat), result) in codes.iter().zip(&results) {
        assert_eq!(ints(result), plain_take_break(digits, *repeat, n), "{code}");
    }
    // Grundy's game by its code equals the plain program to 10^5.
    let grundy = run_json("seq(octal(\"4!.0\"), 0..=100000)");
    let plain = plain_take_break(&[(4, '!')], 0, 2000);
    assert_eq!(&ints(&grundy[0])[..=2000], plain.as_slice());
    let subtraction = run_json("period(subtraction([1, 3, 4]))\nperiod(subtraction(2..=5))");
    assert_eq!(subtraction[0]["period"], 7);
    assert_eq!(subtraction[0]["proved"], true);
    assert_eq!(
        subtraction[1]["rule"],
        "octal 0.03333, Guy–Smith periodicity theorem, heaps 0..=255 checked"
    );
}

//! The quotient against a plain misère search of heap sums, and against
//! published quotient sizes.

use rustc_hash::FxHashMap;

use super::{Failure, Quotient, Rules, quotient};

/// The rules of an octal game, written out plainly from the code's digits
/// (digit t: 1 take t leaving nothing, 2 leaving one heap, 4 leaving two).
fn octal(code: &str, max_heap: usize) -> Rules {
    let digits: Vec<usize> = code[2..]
        .chars()
        .map(|c| c.to_digit(8).expect("an octal digit") as usize)
        .collect();
    let mut options = Vec::new();
    for n in 0..=max_heap {
        let mut heap: Vec<Vec<usize>> = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let t = i + 1;
            if t > n {
                break;
            }
            let rest = n - t;
            if d & 1 != 0 && rest == 0 {
                heap.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                heap.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    heap.push(vec![a, rest - a]);
                }
            }
        }
        options.push(heap);
    }
    Rules { options }
}

/// The subtraction game with these moves.
fn subtraction(moves: &[usize], max_heap: usize) -> Rules {
    let options = (0..=max_heap)
        .map(|n| {
            moves
                .iter()
                .filter(|&&t| t <= n)
                .map(|&t| if n == t { vec![] } else { vec![n - t] })
                .collect()
        })
        .collect();
    Rules { options }
}

fn solve(rules: &Rules) -> Quotient {
    quotient(rules, &mut |_, _| Ok(())).expect("a verified quotient")
}

/// Misère outcome by search: true when the previous player wins.
fn previous_wins(rules: &Rules, sum: Vec<usize>, memo: &mut FxHashMap<Vec<usize>, bool>) -> bool {
    let mut sum: Vec<usize> = sum
        .into_iter()
        .filter(|&h| !rules.options[h].is_empty())
        .collect();
    sum.sort_unstable();
    if sum.is_empty() {
        return false;
    }
    if let Some(&known) = memo.get(&sum) {
        return known;
    }
    let mut result = true;
    'moves: for i in 0..sum.len() {
        for option in &rules.options[sum[i]] {
            let mut next = sum.clone();
            next.remove(i);
            next.extend(option);
            if previous_wins(rules, next, memo) {
                result = false;
                break 'moves;
            }
        }
    }
    memo.insert(sum, result);
    result
}

/// Every sum of up to four heaps of size up to `up_to`: the quotient's
/// outcome is the search's.
fn agrees_with_search(rules: &Rules, up_to: usize) {
    let q = solve(rules);
    let mut memo = FxHashMap::default();
    let mut checked = 0;
    for a in 0..=up_to {
        for b in a..=up_to {
            for c in b..=up_to {
                for d in c..=up_to {
                    let sum = vec![a, b, c, d];
                    let element = q.of_sum(&sum).expect("covered");
                    assert_eq!(
                        q.is_p(element),
                        previous_wins(rules, sum.clone(), &mut memo),
                        "{sum:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn octal_games_agree_with_search() {
    for (code, up_to) in [
        ("0.75", 14),
        ("0.31", 14),
        ("0.77", 8),
        ("0.137", 11),
        ("0.07", 10),
    ] {
        agrees_with_search(&octal(code, up_to), up_to);
    }
}

#[test]
fn subtraction_games_agree_with_search() {
    agrees_with_search(&subtraction(&[1, 2], 16), 16);
    agrees_with_search(&subtraction(&[1, 3, 4], 16), 16);
    agrees_with_search(&subtraction(&[2, 3], 16), 16);
}

#[test]
fn nim_heaps_give_the_tame_quotients() {
    // Heaps of one: {1, a}, a² = 1, P = {a}.
    let q = solve(&subtraction(&[1], 5));
    assert_eq!(q.size(), 2);
    let p = q.presentation();
    assert_eq!(p.relations, vec![(vec![2], vec![0])]);
}

#[test]
fn published_sizes() {
    // Plambeck and Siegel, "Misère quotients for impartial games" (2008):
    // 0.75 has the quotient R8, of order 8 (and Siegel, "The structure and
    // classification of misère quotients", arXiv math/0703070, proves it
    // is the only quotient of order 8).
    assert_eq!(solve(&octal("0.75", 40)).size(), 8);
}

/// Theorems every quotient obeys: its order is even (Plambeck and Siegel
/// 2008, as recalled by Rubinstein-Salzedo and Zhou, arXiv 2603.18244), and
/// with two P-elements it is 2ⁿ + 2 or 2ⁿ + 4 (Siegel, arXiv math/0703070).
#[test]
fn orders_obey_the_structure_theorems() {
    let games = [
        octal("0.75", 30),
        octal("0.31", 30),
        octal("0.77", 20),
        octal("0.137", 20),
        octal("0.07", 20),
        subtraction(&[1, 2], 30),
        subtraction(&[1, 3, 4], 30),
        subtraction(&[2, 3], 30),
    ];
    for rules in &games {
        let q = solve(rules);
        assert_eq!(q.size() % 2, 0, "order {}", q.size());
        let p = (0..q.size() as u32).filter(|&e| q.is_p(e)).count();
        if p == 2 {
            let m = q.size() - 2;
            let power = |k: usize| k.is_power_of_two();
            assert!(power(m) || (m >= 2 && power(m - 2)), "order {}", q.size());
        }
    }
}

#[test]
fn a_class_that_splits_is_followed() {
    // Kayles: heap 9 tells apart sums of smaller heaps that heaps up to 8
    // do not (5 + 5 + 9 against the lower sum that stood for 5 + 5): the
    // quotient is rebuilt from an earlier heap, and still agrees with the
    // search.
    agrees_with_search(&octal("0.77", 11), 11);
}

#[test]
fn a_stop_is_passed_on() {
    let rules = octal("0.75", 30);
    let stopped = quotient(&rules, &mut |_, _| Err(crate::engine::Stop::Interrupted));
    assert_eq!(
        stopped.err(),
        Some(Failure::Stopped(crate::engine::Stop::Interrupted))
    );
}

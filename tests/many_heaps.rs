//! Families of five to eight integer parameters run as integer programs:
//! a query fills the box below it, row-major, as for three or four; a
//! game whose options leave every box is searched position by position
//! with its program, each position kept by its integers. Nine parameters
//! are the generic search's. Against plain programs written here and the
//! generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;

use common::{
    assert_same_as_the_generic_search, mex, positions, run_binary, run_by_programs_alone,
};

/// Nim on five heaps, written with five integers or as a list of five (a
/// board): the box below the query (13^5 positions) and nothing more,
/// every value the xor.
#[test]
fn five_heap_nim_fills_the_box_below_its_query() {
    let nim = "game N(a, b, c, d, e) = < N(a - k, b, c, d, e) for k in 1..=a, \
               N(a, b - k, c, d, e) for k in 1..=b, N(a, b, c - k, d, e) for k in 1..=c, \
               N(a, b, c, d - k, e) for k in 1..=d, N(a, b, c, d, e - k) for k in 1..=e >";
    let board = "game L(p) = < L([p[0] - k, p[1], p[2], p[3], p[4]]) for k in 1..=p[0], \
                 L([p[0], p[1] - k, p[2], p[3], p[4]]) for k in 1..=p[1], \
                 L([p[0], p[1], p[2] - k, p[3], p[4]]) for k in 1..=p[2], \
                 L([p[0], p[1], p[2], p[3] - k, p[4]]) for k in 1..=p[3], \
                 L([p[0], p[1], p[2], p[3], p[4] - k]) for k in 1..=p[4] >\n\
                 def N(a, b, c, d, e) = L([a, b, c, d, e])";
    for game in [nim, board] {
        let script = format!("{game}\nprint(g(N(12, 12, 12, 12, 12)), g(N(3, 9, 0, 12, 5)))");
        let (printed, report) = run_by_programs_alone(&script, &script);
        assert_eq!(printed.trim(), format!("12 {}", 3 ^ 9 ^ 12 ^ 5));
        // The two queries are kept by their integers as well.
        assert!(positions(&report) <= 13usize.pow(5) + 2, "{report}");
    }
    let script = format!(
        "{nim}\nprint([g(N(a, b, c, d, e)) for a in 0..3 for b in 0..3 for c in 0..4 \
         for d in 0..2 for e in 0..5])"
    );
    let printed = assert_same_as_the_generic_search(&script);
    let mut xors = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..4 {
                for d in 0..2 {
                    for e in 0..5 {
                        xors.push((a ^ b ^ c ^ d ^ e).to_string());
                    }
                }
            }
        }
    }
    assert_eq!(printed.trim(), format!("[{}]", xors.join(", ")));
}

/// Coins on six cells, each move sliding one coin a cell to the right or
/// taking one or two from the last: an option names a heap above its
/// own, so no box holds it, and the positions are searched one by one.
fn coins(cells: [i64; 6], memo: &mut HashMap<[i64; 6], u64>) -> u64 {
    if let Some(&value) = memo.get(&cells) {
        return value;
    }
    let mut options = Vec::new();
    for i in 0..5 {
        if cells[i] > 0 {
            let mut next = cells;
            next[i] -= 1;
            next[i + 1] += 1;
            options.push(coins(next, memo));
        }
    }
    for k in 1..=cells[5].min(2) {
        let mut next = cells;
        next[5] -= k;
        options.push(coins(next, memo));
    }
    let value = mex(options);
    memo.insert(cells, value);
    value
}

#[test]
fn six_parameters_whose_options_leave_every_box_are_searched_by_their_program() {
    let game = "game C(a, b, c, d, e, f) = < C(a - 1, b + 1, c, d, e, f) if a > 0, \
                C(a, b - 1, c + 1, d, e, f) if b > 0, C(a, b, c - 1, d + 1, e, f) if c > 0, \
                C(a, b, c, d - 1, e + 1, f) if d > 0, C(a, b, c, d, e - 1, f + 1) if e > 0, \
                C(a, b, c, d, e, f - k) for k in 1..=min(f, 2) >";
    let starts = [[3, 2, 2, 1, 0, 0], [0, 4, 0, 1, 2, 1], [2, 0, 3, 0, 0, 5]];
    let asked: Vec<String> = (starts.iter())
        .map(|s| format!("g(C({}))", s.map(|x| x.to_string()).join(", ")))
        .collect();
    let script = format!("{game}\nprint([{}])", asked.join(", "));
    let printed = assert_same_as_the_generic_search(&script);
    run_by_programs_alone(&script, &script);
    let mut memo = HashMap::new();
    let values: Vec<String> = (starts.iter())
        .map(|&s| coins(s, &mut memo).to_string())
        .collect();
    assert_eq!(printed.trim(), format!("[{}]", values.join(", ")));
}

/// Eight heaps of one to three tokens, each move taking one or two from
/// one of them: the value is the xor of the heaps mod 3. Nine heaps are the generic
/// search's, which says why.
#[test]
fn eight_parameters_are_a_program_nine_the_generic_search() {
    let heaps = |count: usize| -> (String, String) {
        let names: Vec<String> = (0..count).map(|i| format!("h{i}")).collect();
        let moves: Vec<String> = (0..count)
            .map(|i| {
                let mut args = names.clone();
                args[i] = format!("h{i} - k");
                format!("T({}) for k in 1..=min(2, h{i})", args.join(", "))
            })
            .collect();
        let game = format!("game T({}) = < {} >", names.join(", "), moves.join(", "));
        let start: Vec<String> = (0..count).map(|i| (i % 3 + 1).to_string()).collect();
        (game, format!("print(g(T({})))", start.join(", ")))
    };
    let (game, query) = heaps(8);
    let script = format!("{game}\n{query}");
    let printed = assert_same_as_the_generic_search(&script);
    run_by_programs_alone(&script, &script);
    let xor = (0..8).fold(0, |x, i| x ^ ((i % 3 + 1) % 3));
    assert_eq!(printed.trim(), xor.to_string());
    let (game, query) = heaps(9);
    let script = format!("{game}\n{query}");
    let printed = assert_same_as_the_generic_search(&script);
    assert_eq!(
        printed.trim(),
        (0..9).fold(0, |x, i| x ^ ((i % 3 + 1) % 3)).to_string()
    );
    let (ir, _) = run_binary(&["--emit", "ir", "-e", &game]);
    assert!(
        ir.contains("integer programs have 1 to 8 parameters"),
        "{ir}"
    );
}

/// Lines laid on a box of three to five parameters (`kernel::wide`):
/// options that raise another heap (leaving the box at its far side,
/// where the walk takes the position), move tokens from one heap to
/// another, read other parameters in their heaps and bounds, or walk
/// diagonals, each against the generic search, by the programs alone.
#[test]
fn lines_laid_on_wide_boxes_equal_the_generic_search() {
    let games = [
        "game T(a, b, c) = < T(a - k, b, c + 1) for k in 1..=a, \
         T(a, b - k, c) + *a for k in 1..=b, T(a, b, c - k) for k in 1..=c >\n\
         print(g(T(5, 5, 5)), g(T(9, 4, 9)))",
        "game F(a, b, c, d, e) = < F(a - k, b, c, d, e + 1) for k in 1..=a, \
         F(a, b - k, c, d, e) for k in 1..=b, F(a, b, c - k, d, e) for k in 1..=c, \
         F(a, b, c, d - k, e) for k in 1..=d, F(a, b, c, d, e - k) for k in 1..=e >\n\
         print(g(F(4, 4, 4, 4, 4)), g(F(5, 2, 3, 4, 1)))",
        "game T(a, b, c) = < T(a - k, b + k, c) for k in 1..=a, \
         T(a, b - k, c + 1) + *c for k in 1..=min(b, 2), T(a, b, c - k) for k in 2..=c >\n\
         print([g(T(a, b, c)) for a in 0..6 for b in 0..6 for c in 0..6])",
        "game V(a, b, c, d) = < V(a - k, b - k, c, d) for k in 1..=min(a, b), \
         V(a, b, c - k, d + k) for k in 1..=c, V(a, b, c, d - k) for k in 1..=d >\n\
         print(g(V(9, 9, 9, 9)), g(V(7, 3, 5, 2)), [g(V(a, 2, c, 1)) for a in 0..5 for c in 0..5])",
        "game U(a, b, c, d, e) = < U(a - k, b, c + k, d, e) for k in 1..=a, \
         U(a, b, c, d - k, e) + *(a + e) for k in 1..=d, U(a, b - k, c, d, e) for k in 1..=b - e, \
         U(a, b, c - k, d, e) for k in 2..=c >\n\
         print([g(U(a, b, c, 2, e)) for a in 0..4 for b in 0..4 for c in 0..5 for e in 0..3])",
    ];
    for game in games {
        assert_same_as_the_generic_search(game);
        run_by_programs_alone(game, game);
    }
}

/// Take 1 to 3, not what the last move took, with a flag flipped by each
/// move (`1 - par`): every option of a query's cube lies in a later
/// shell, so the cube stops at its first position and the fill goes on
/// in slot order, each blocked position searched, the cube not made
/// again (stop 53: 9.5 s → 0.05 s at 30). The values of a plain memo.
#[test]
fn a_flag_flipped_by_each_move_equals_a_plain_memo() {
    fn plain(n: i64, last: i64, par: i64, memo: &mut HashMap<(i64, i64, i64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(n, last, par)) {
            return v;
        }
        let options: Vec<u64> = (1..=3.min(n))
            .filter(|&k| k != last)
            .map(|k| plain(n - k, k, 1 - par, memo))
            .collect();
        let v = mex(options);
        memo.insert((n, last, par), v);
        v
    }
    let script =
        "game T(n, last, par) = < T(n - k, k, 1 - par) for k in 1..=3 if k <= n and k != last >
print([g(T(n, l, p)) for n in 0..=40 for l in 0..=3 for p in 0..=1])";
    let (printed, _) = run_by_programs_alone(script, script);
    let mut memo = HashMap::new();
    let mut values = Vec::new();
    for n in 0..=40 {
        for l in 0..=3 {
            for p in 0..=1 {
                values.push(plain(n, l, p, &mut memo).to_string());
            }
        }
    }
    assert_eq!(printed.trim(), format!("[{}]", values.join(", ")));
    assert_same_as_the_generic_search(script);
}

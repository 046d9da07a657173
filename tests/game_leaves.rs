//! Bodies and options that choose between games: `if … then A else B`
//! inside `< … >`, alone or as a part of a sum (two elements, each
//! filtered by its test), or through a `def` giving a game, the option
//! `< >` (the heap `*0`), and bodies
//! that are a game rather than options (`*n + *m`, `if n < 3 then *n else
//! < … >`), whose value is the game's. Each is computed by its integer or
//! list program, with no position left to the generic search, and checked
//! against plain references written here and against the generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{assert_same_error_as_the_generic_search, mex};

/// What `script` prints, trimmed (see `common::printed_by_programs_alone`).
fn printed_by_programs_alone(script: &str) -> String {
    common::printed_by_programs_alone(script).trim().to_string()
}

fn listed(values: impl IntoIterator<Item = u64>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", values.join(", "))
}

/// Subtraction of 1..=3 (the family `S`), by a plain memo.
fn subtraction(last: usize) -> Vec<u64> {
    let mut s: Vec<u64> = Vec::new();
    for n in 0..=last {
        s.push(mex((1..=3.min(n)).map(|k| s[n - k])));
    }
    s
}

/// From a heap of `n`: an even `k` leaves `S(n - k)`, an odd one the heap
/// `*k` (or, in the nested spelling, `*(k + 1)` past a third of `n`),
/// spelled with the choice inside the option and as separate elements.
#[test]
fn a_choice_between_games_inside_an_option_list_is_two_elements() {
    const LAST: usize = 300;
    let s = subtraction(LAST);
    let mut branchy: Vec<u64> = Vec::new();
    let mut nested: Vec<u64> = Vec::new();
    for n in 0..=LAST {
        let option = |k: usize| {
            if k.is_multiple_of(2) {
                s[n - k]
            } else {
                k as u64
            }
        };
        branchy.push(mex((1..=n).map(option)));
        let option = |k: usize| match (k % 2, 3 * k > n) {
            (0, _) => s[n - k],
            (_, true) => k as u64 + 1,
            _ => k as u64,
        };
        nested.push(mex((1..=n).map(option)));
    }
    let subtraction = "game S(n) = < S(n - k) for k in 1..=3 if k <= n >\n";
    let spellings = [
        (
            "game B(n) = < if k % 2 == 0 then S(n - k) else *k for k in 1..=n >",
            &branchy,
        ),
        (
            "game B(n) = < S(n - k) for k in 1..=n if k % 2 == 0, *k for k in 1..=n if k % 2 == 1 >",
            &branchy,
        ),
        (
            "game B(n) = < if k % 2 == 0 then S(n - k) \
             else if 3 * k > n then *(k + 1) else *k for k in 1..=n >",
            &nested,
        ),
    ];
    for (game, expected) in spellings {
        let script = format!("{subtraction}{game}\nseq(B, 0..={LAST})");
        assert_eq!(
            printed_by_programs_alone(&script),
            listed(expected.iter().copied()),
            "{game}"
        );
    }
}

/// A choice between games inside a sum, in an option (`F(a) + (if a % 2
/// == 0 then *1 else *2)`, two choices in one sum) and in a body that is a
/// game (`S(n) + (if n % 3 == 0 then *1 else *(n % 5))`), against plain
/// references: the sum is split like a choice of the whole option.
#[test]
fn a_choice_between_games_inside_a_sum_is_split_too() {
    const LAST: usize = 300;
    let s = subtraction(LAST);
    let mut options: Vec<u64> = Vec::new();
    let mut twice: Vec<u64> = Vec::new();
    for n in 0..=LAST {
        let heap = |k: usize| if k.is_multiple_of(2) { 1 } else { 2 };
        options.push(mex((1..=n).map(|k| s[n - k] ^ heap(k))));
        let other = |k: usize| if k.is_multiple_of(3) { 0 } else { 3 };
        twice.push(mex((1..=n).map(|k| s[n - k] ^ heap(k) ^ other(k))));
    }
    let body = (0..=LAST).map(|n| s[n] ^ if n.is_multiple_of(3) { 1 } else { n as u64 % 5 });
    let subtraction = "game S(n) = < S(n - k) for k in 1..=3 if k <= n >\n";
    let spellings = [
        (
            "game B(n) = < S(n - k) + (if k % 2 == 0 then *1 else *2) for k in 1..=n >",
            listed(options.iter().copied()),
        ),
        (
            "game B(n) = < (if k % 2 == 0 then *1 else *2) + S(n - k) \
             + (if k % 3 == 0 then *0 else *3) for k in 1..=n >",
            listed(twice.iter().copied()),
        ),
        (
            "game B(n) = S(n) + (if n % 3 == 0 then *1 else *(n % 5))",
            listed(body),
        ),
    ];
    for (game, expected) in spellings {
        let script = format!("{subtraction}{game}\nseq(B, 0..={LAST})");
        assert_eq!(printed_by_programs_alone(&script), expected, "{game}");
    }
}

/// Bodies that are games: two and three heaps of nim as one position, two
/// heaps of a subtraction game as one position of another family, a
/// game equal to heaps below 3 and a subtraction game above, a chain whose
/// each position is the one below plus a heap, and one that reaches up to
/// where it ends.
#[test]
fn a_body_that_is_a_game_has_that_game_s_value() {
    let two = printed_by_programs_alone(
        "game TwoHeaps(n, m) = *n + *m\n[grundy(TwoHeaps(n, m)) for n in 0..40 for m in 0..40]",
    );
    assert_eq!(
        two,
        listed((0..40).flat_map(|n| (0..40).map(move |m| n ^ m)))
    );
    let three = printed_by_programs_alone(
        "game N3(a, b, c) = *a + *b + *c\n\
         [grundy(N3(a, b, c)) for a in 0..12 for b in 0..12 for c in 0..12]",
    );
    let xors = (0..12).flat_map(|a| (0..12).flat_map(move |b| (0..12).map(move |c| a ^ b ^ c)));
    assert_eq!(three, listed(xors));

    let s = subtraction(60);
    let pair = printed_by_programs_alone(
        "game S(n) = < S(n - k) for k in 1..=3 if k <= n >\n\
         game Pair(a, b) = S(a) + S(b)\n\
         [grundy(Pair(a, b)) for a in 0..=60 for b in 0..=60]",
    );
    let xors = (0..=60).flat_map(|a| (0..=60).map(move |b| (a, b)));
    assert_eq!(pair, listed(xors.map(|(a, b)| s[a] ^ s[b])));

    let mut mixed: Vec<u64> = Vec::new();
    for n in 0..=200 {
        let value = match n {
            0..3 => n as u64,
            _ => mex((1..=2).map(|k| mixed[n - k])),
        };
        mixed.push(value);
    }
    let printed = printed_by_programs_alone(
        "game Mixed(n) = if n < 3 then *n else < Mixed(n - k) for k in 1..=2 >\n\
         seq(Mixed, 0..=200)",
    );
    assert_eq!(printed, listed(mixed));

    let chain = printed_by_programs_alone(
        "game Chain(n) = if n == 0 then *0 else Chain(n - 1) + *(n % 3)\n\
         [grundy(Chain(100000)), grundy(Chain(99999))]",
    );
    let chain_value = |last: u64| (1..=last).fold(0, |v, n| v ^ (n % 3));
    assert_eq!(chain, listed([chain_value(100_000), chain_value(99_999)]));

    let mut up = vec![0u64; 61];
    for n in (0..=60).rev() {
        up[n] = match n {
            50.. => n as u64 % 7,
            _ => up[n + 1] ^ 1,
        };
    }
    let printed = printed_by_programs_alone(
        "game Up(n) = if n >= 50 then *(n % 7) else Up(n + 1) + *1\nseq(Up, 0..=60)",
    );
    assert_eq!(printed, listed(up));
}

/// A list game whose options carry heaps (`M(p without y) + *y`), and the
/// same with a body that is a heap when the list is empty, against a plain
/// memo over the subsets of the list: the heaps count at every visit of a
/// position, the first as the second.
#[test]
fn list_games_with_heaps_and_game_leaves_count_every_heap() {
    let items = [1u64, 2, 3, 4, 5, 6, 7];
    let plain = |empty: u64| {
        let mut g = vec![0u64; 1 << items.len()];
        for set in 0..g.len() {
            g[set] = match set {
                0 if empty > 0 => empty,
                _ => {
                    let options = (0..items.len())
                        .filter(|&i| set & (1 << i) != 0)
                        .map(|i| g[set & !(1 << i)] ^ items[i]);
                    mex(options)
                }
            };
        }
        g[g.len() - 1]
    };
    let without = "[x for x in p if x != y]";
    let heaps =
        format!("game M(p) = < M({without}) + *y for y in p >\ngrundy(M([1, 2, 3, 4, 5, 6, 7]))");
    assert_eq!(printed_by_programs_alone(&heaps), plain(0).to_string());
    let leaf = format!(
        "game M(p) = if len(p) == 0 then *3 else < M({without}) + *y for y in p >\n\
         grundy(M([1, 2, 3, 4, 5, 6, 7]))"
    );
    assert_eq!(printed_by_programs_alone(&leaf), plain(3).to_string());
}

/// A body that names itself again reports the cycle the generic search
/// reports, and an error in a leaf is the generic search's.
#[test]
fn game_leaves_fail_as_the_generic_search_does() {
    let (_, error) =
        assert_same_error_as_the_generic_search("game C(a, b) = C(b, a)\ngrundy(C(1, 2))");
    assert!(error.contains("cycle"), "{error}");
    let (_, error) = assert_same_error_as_the_generic_search(
        "game D(n) = if n > 4 then *(12 / (n - 5)) else *n\nseq(D, 0..=8)",
    );
    assert!(error.contains("zero"), "{error}");
}

/// Node Kayles on a path with the end nodes chosen by `if` inside the
/// option: each end node is its equality's one value of the loop, the
/// negated `or` becomes bounds, the middle nodes a split (the sparse
/// space), and the values are the `max` spelling's and the generic
/// search's.
#[test]
fn a_choice_between_games_is_taken_apart_into_a_split() {
    let choice = "game S(n) = < if a == 0 or a == n - 1 then S(max(n - 2, 0)) \
                  else S(a - 1) + S(n - a - 2) for a in 0..n >";
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let settings = sprague::run::Settings::default();
    let ir = sprague::run::emit_ir("t.sg", choice, &settings, interrupt).expect("the IR prints");
    let elements: Vec<&str> = ir.lines().skip(1).map(str::trim).collect();
    assert_eq!(
        elements,
        [
            "S(max(n - 2, 0)) if 0 < n",
            "S(max(n - 2, 0)) if n - 1 >= 0",
            "split S(a - 1) + S(n - a - 2) for a in 1..n - 1",
        ],
        "{ir}"
    );
    let query = "seq(S, 0..=400)";
    let printed = printed_by_programs_alone(&format!("{choice}\n{query}"));
    let max_inline = "game S(n) = < S(max(a - 1, 0)) + S(max(n - a - 2, 0)) for a in 0..n >";
    assert_eq!(
        printed,
        printed_by_programs_alone(&format!("{max_inline}\n{query}"))
    );
}

/// A body that calls a `def` giving the game (`game S(n) = step(n)`),
/// through another `def`, with a constant argument, or under an `if`: the
/// `def`'s body is the family's, computed by its program, the values of
/// the plain memo and the generic search.
#[test]
fn a_body_calling_a_def_of_the_game_is_that_defs_body() {
    let expected = listed(subtraction(300));
    for game in [
        "def step(n) = if n == 0 then <> else < S(n - k) for k in 1..=3 if k <= n >
game S(n) = step(n)",
        "def moves(n, most) = < S(n - k) for k in 1..=most if k <= n >
def step(n) = moves(n, 3)
game S(n) = step(n)",
        "def step(n) = < S(n - k) for k in 1..=3 if k <= n >
game S(n) = if n == 0 then <> else step(n)",
    ] {
        let script = format!("{game}\nprint(seq(S, 0..=300))");
        assert_eq!(printed_by_programs_alone(&script), expected, "{game}");
    }
}

/// An option that calls a `def` giving a game chosen by `if` is the
/// `def`'s body, and the option `< >` is the heap `*0`, listed as written:
/// against plain programs and the generic search.
#[test]
fn a_def_giving_a_game_and_the_empty_game_are_options() {
    let mut s: Vec<u64> = Vec::new();
    let mut t: Vec<u64> = Vec::new();
    for n in 0..=80usize {
        let step = |k: usize| if k <= n { s[n - k] ^ (k % 2) as u64 } else { 0 };
        s.push(mex((1..=4).map(step)));
        let mut options: Vec<u64> = (1..=2).filter(|&k| k <= n).map(|k| t[n - k]).collect();
        if n <= 2 {
            options.push(0);
        }
        t.push(mex(options));
    }
    let script = "def step(n, k) = if k <= n then S(n - k) + *(k % 2) else *0\n\
                  game S(n) = < step(n, k) for k in 1..=4 >\n\
                  game T(n) = < <> if n <= 2, T(n - 1) if n >= 1, T(n - 2) if n >= 2 >\n\
                  print(seq(S, 0..=80))\nprint(seq(T, 0..=80))\nprint(options(T(2)))";
    let expected = format!("{}\n{}\n[<>, T(1), T(0)]", listed(s), listed(t));
    assert_eq!(printed_by_programs_alone(script), expected);
}

/// A `def` giving a game called with arguments that are expressions
/// (`S(a - k, b)`, Wythoff kept sorted through it) is its body, each argument
/// bound first as the call evaluates it; an argument that fails fails
/// as the generic search reports it, even where the body reads it not.
#[test]
fn a_def_giving_a_game_takes_expressions_as_arguments() {
    let w = common::wythoff(30);
    let sorted: Vec<u64> = (0..30)
        .flat_map(|a| (a..30).map(move |b| (a, b)))
        .map(|(a, b)| w[a][b])
        .collect();
    let script = "def S(x, y) = if x <= y then W(x, y) else W(y, x)\n\
                  game W(a, b) = < S(a - k, b) for k in 1..=a, S(a, b - k) for k in 1..=b, \
                  W(a - k, b - k) for k in 1..=a >\n\
                  print([g(W(a, b)) for a in 0..30 for b in a..30])\nprint(options(W(1, 2)))";
    let expected = format!("{}\n[W(0, 2), W(1, 1), W(0, 1)]", listed(sorted));
    assert_eq!(printed_by_programs_alone(script), expected);
    let ir = common::ir_of(script);
    assert!(ir.contains("W(b, a - k) for k in"), "{ir}");
    let failing = "def pick(x, y) = if y > 2 then T(y - 3) else *1\n\
                   game T(n) = < pick(10 / (n - 4), n) for k in 1..=2 >\nprint(g(T(10)))";
    let (_, error) = assert_same_error_as_the_generic_search(failing);
    assert!(error.contains("zero"), "{error}");
}

/// A body that calls a `def` giving the game with arguments that are
/// expressions (`step(n, n % 3)`) is that `def`'s body, its arguments
/// bound first, its choice split by their values; a leaf that is a game
/// (`*(p + 1)`) reads the bound argument too.
#[test]
fn a_body_calling_a_def_with_expressions_is_that_defs_body() {
    let mut s: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let value = match n % 3 {
            0 => mex((n > 0).then(|| s[n - 1])),
            1 => 2,
            _ => mex([(n > 1).then(|| s[n - 2]), Some(s[n - 1])]
                .into_iter()
                .flatten()),
        };
        s.push(value);
    }
    let script = "def step(n, p) = if p == 0 then < S(n - 1) if n > 0 > \
                  else if p == 1 then *(p + 1) else < S(n - 2) if n > 1, S(n - 1) >\n\
                  game S(n) = step(n, n % 3)\nprint(seq(S, 0..=60))";
    assert_eq!(printed_by_programs_alone(script), listed(s));
    let failing = "def step(n, p) = if p > 0 then < S(n - 1) > else *0\n\
                   game S(n) = step(n, 12 / (n - 5))\nprint(g(S(5)))";
    let (_, error) = assert_same_error_as_the_generic_search(failing);
    assert!(error.contains("zero"), "{error}");
}

/// A heap split into `d` equal heaps, `sum([E(n / d) for i in 0..d])`, is
/// the choice by `d`'s parity (`E(n / d)` or twice it): the integer
/// program's values are a plain memo's (the hunt's game, 4 s at 2000 by
/// the generic search). Copies of a heap, and an inclusive range, too. A
/// count that may be 0 (`sum([])` is the integer 0, not a game), or
/// copies that read the loop's variable, stay with the generic search,
/// with its values and its error.
#[test]
fn a_sum_of_copies_of_one_game_is_chosen_by_the_count_parity() {
    const LAST: usize = 400;
    let mut e: Vec<u64> = Vec::new();
    for n in 0..=LAST {
        let splits = (2..=n).filter(|d| n % d == 0);
        let splits = splits.map(|d| if d % 2 == 1 { e[n / d] } else { 0 });
        let take = (n > 0).then(|| e[n - 1]);
        e.push(mex(splits.chain(take)));
    }
    let script = format!(
        "game E(n) = < sum([E(n / d) for i in 0..d]) for d in 2..=n if n % d == 0, E(n - 1) if n > 0 >\n\
         game F(n) = < E(n - 1) + sum([*1 for _ in 1..=d]) + sum([F(n / 2) for _ in 0..3]) for d in 1..=2 if n > 0 >\n\
         print(seq(E, 0..={LAST}))\nprint(seq(F, 0..=40))"
    );
    let mut f: Vec<u64> = Vec::new();
    for n in 0..=40 {
        let options = (1..=2u64).filter(|_| n > 0);
        f.push(mex(options.map(|d| e[n.max(1) - 1] ^ (d % 2) ^ f[n / 2])));
    }
    assert_eq!(
        printed_by_programs_alone(&script),
        format!("{}\n{}", listed(e), listed(f))
    );
    let reading = "game E(n) = < sum([E(i) for i in 0..d]) for d in 1..=n >\nprint(seq(E, 0..=12))";
    let (fast, generic) = common::with_and_without_programs(reading);
    assert_eq!(fast, generic);
    let empty = "game E(n) = < sum([E(n / d) for i in 0..d]) for d in 0..=n if d == 0 or n % d == 0 >\n\
                 print(g(E(5)))";
    let (printed, error) = assert_same_error_as_the_generic_search(empty);
    assert_eq!(printed, "");
    assert!(
        error.contains("an option must be a game, found the integer 0"),
        "{error}"
    );
}

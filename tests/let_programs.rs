//! The values of `let`s and of expressions printed at the top level that
//! are integers, booleans or lists of integers are computed by their
//! programs, the VM that runs the options: each must print what the
//! generic evaluator prints (`Settings::generic_only`), what a plain
//! program here computes, and fail with the evaluator's error where it
//! fails.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, assert_same_error_as_the_generic_search, run_binary,
};
use proptest::prelude::*;

/// How many values of `let`s and printed expressions of `script` were
/// computed by their programs and how many by the generic evaluator, as
/// `--stats` says.
fn computed(script: &str) -> (u64, u64) {
    let (_, report) = run_binary(&["--stats", "-e", script]);
    let line = (report.lines())
        .find_map(|line| line.strip_prefix("values of `let`s and printed expressions: "))
        .unwrap_or_else(|| panic!("no line for the values in:\n{report}"));
    let counts: Vec<u64> = (line.split(' '))
        .filter_map(|word| word.parse().ok())
        .collect();
    (counts[0], counts[1])
}

/// Asserts that `script` prints `expected`, as the generic evaluator does,
/// with `counts` values by programs and by the evaluator.
fn by_programs(script: &str, counts: (u64, u64), expected: &str) {
    let printed = assert_same_as_the_generic_search(script);
    assert_eq!(printed.trim(), expected, "{script}");
    assert_eq!(computed(script), counts, "{script}");
}

fn shown(values: impl IntoIterator<Item = i64>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

#[test]
fn primes_by_trial_division_are_a_program() {
    let prime = |p: i64| p >= 2 && (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0);
    let primes: Vec<i64> = (2..3000).filter(|&p| prime(p)).collect();
    let script = "let primes = [p for p in 2..3000 if all([p % d != 0 for d in 2..p if d * d <= p])]\n\
                  primes";
    by_programs(script, (2, 0), &shown(primes.iter().copied()));
    // Through a `def`, and a `let` read by another.
    let script = "def prime(p) = p >= 2 and not any([p % d == 0 for d in 2..p if d * d <= p])\n\
                  let primes = [p for p in 0..3000 if prime(p)]\n\
                  let count = len(primes)\n\
                  let twins = [p for p in primes if prime(p + 2)]\n\
                  [count, sum(twins)]";
    let twins: i64 = primes.iter().filter(|&&p| prime(p + 2)).sum();
    by_programs(script, (4, 0), &format!("[{}, {twins}]", primes.len()));
}

#[test]
fn lists_keep_their_order_and_repeats() {
    let cases: &[(&str, Vec<i64>)] = &[
        (
            "[i * j % 7 for i in 0..5 for j in i..6 if (i + j) % 3 != 1]",
            (0..5)
                .flat_map(|i| {
                    (i..6)
                        .filter(move |j| (i + j) % 3 != 1)
                        .map(move |j| i * j % 7)
                })
                .collect(),
        ),
        ("sort([(k * 37) % 11 for k in 0..20])", {
            let mut v: Vec<i64> = (0..20).map(|k| (k * 37) % 11).collect();
            v.sort();
            v
        }),
        (
            "reversed([k * k for k in 1..=6]) + [0, 0]",
            vec![36, 25, 16, 9, 4, 1, 0, 0],
        ),
        ("[k for k in 10..0]", vec![]),
        ("[3, 1, 2][1..]", vec![1, 2]),
        (
            "[if k % 2 == 0 then k / 2 else -k for k in -5..5]",
            (-5i64..5)
                .map(|k| if k % 2 == 0 { k.div_euclid(2) } else { -k })
                .collect(),
        ),
    ];
    for (value, expected) in cases {
        by_programs(
            &format!("let xs = {value}\nxs"),
            (2, 0),
            &shown(expected.clone()),
        );
    }
    by_programs(
        "let n = 7 ** 3 - 20 / 3\nn",
        (2, 0),
        &(7i64.pow(3) - 6).to_string(),
    );
    by_programs("let b = 3 in [k * 2 for k in 0..4]\nb", (2, 0), "false");
}

#[test]
fn recursive_defs_are_functions_of_the_program() {
    let script = "def bits(k) = if k == 0 then [] else bits(k / 2) + [k % 2]\n\
                  def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\n\
                  let b = bits(37)\n\
                  let f = [fib(n) for n in 0..20]\n\
                  [b, f]";
    let mut fib = vec![0i64, 1];
    for n in 2..20 {
        fib.push(fib[n - 1] + fib[n - 2]);
    }
    let expected = format!("[[1, 0, 0, 1, 0, 1], {}]", shown(fib));
    // The list of two lists is printed by the evaluator.
    by_programs(script, (2, 1), &expected);
}

/// A recursive `def` whose body loops (`mex([gv(n - k) for k in …])`, a
/// student's Grundy function) is a function of the program like any
/// other: its loop's variable is a slot of its frame, not a parameter,
/// and its results for small arguments are recalled, so `gv(60)` makes
/// sixty calls where the evaluator makes 10^15 (it is compared with the
/// evaluator at small arguments). A `mex` of a negative item fails as the
/// evaluator's does.
#[test]
fn recursive_defs_that_loop_are_recalled_functions() {
    let defs = "def gv(n) = mex([gv(n - k) for k in 1..=3 if k <= n])\n\
                def gs(n) = if n == 0 then 0 else mex({gs(n - k) for k in 1..=min(4, n)})\n\
                def fib(n) = if n < 2 then n else sum([fib(n - k) for k in 1..=2])\n\
                def down(n, acc) = if n == 0 then acc else down(n - 1, acc + sum([j * n for j in 0..3]))\n";
    // Subtraction of 1 to 3 has period 4, of 1 to 4 period 5.
    let expected = |n: i64| {
        let (mut fib, mut down) = ((0i64, 1i64), 0);
        for step in 1..=n {
            fib = (fib.1, fib.0 + fib.1);
            down += 3 * step;
        }
        n % 4 + (n + 1) % 5 + fib.0 + down
    };
    let script = |n: i64| {
        format!(
            "{defs}let a = gv({n})\nlet b = gs({})\nlet c = fib({n})\nlet d = down({n}, 0)\na + b + c + d",
            n + 1
        )
    };
    by_programs(&script(14), (5, 0), &expected(14).to_string());
    let (printed, _) = run_binary(&["-e", &script(80)]);
    assert_eq!(printed.trim(), expected(80).to_string());
    assert_eq!(computed(&script(80)), (5, 0));
    for failing in [
        "def gv(n) = mex([gv(n - k) - 1 for k in 1..=2 if k <= n])\nlet x = gv(3)\nx",
        "def gv(n) = mex([n / (k - 2) for k in 1..=3])\nlet x = gv(3)\nx",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

/// An expression printed at the top level is a program too, whose value
/// `_` then names.
#[test]
fn printed_expressions_are_programs() {
    let count = (2..3000i64)
        .filter(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0))
        .count();
    let script = "len([p for p in 2..3000 if all([p % d != 0 for d in 2..p if d * d <= p])])\n\
                  _ + 1\n\
                  [k % 3 == 0 for k in 0..4]";
    // `_` and the list of booleans are the evaluator's.
    by_programs(
        script,
        (1, 2),
        &format!("{count}\n{}\n[true, false, false, true]", count + 1),
    );
    assert_same_error_as_the_generic_search("[10 / (k - 3) for k in 0..5]");
}

/// `any` and `all` of a comprehension of one loop stop at the first item
/// that decides, where no later item could fail (`p % d` for `d` from 2
/// on); where one could, the whole list is built first, as the language
/// builds it, and its error is the evaluator's.
#[test]
fn any_and_all_stop_at_the_first_item_that_decides() {
    let script = "let a = [k for k in 1..60 if any([k % d == 0 for d in 2..k if d * d <= k])]\n\
                  let b = [k for k in 1..60 if all([(k + 1) % d != 3 for d in 1..7])]\n\
                  [a, b]";
    let a = (1..60i64).filter(|k| (2..*k).take_while(|d| d * d <= *k).any(|d| k % d == 0));
    let b = (1..60i64).filter(|k| (1..7).all(|d| (k + 1) % d != 3));
    let expected = format!("[{}, {}]", shown(a), shown(b));
    by_programs(script, (2, 1), &expected);
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let settings = sprague::run::Settings::default();
    let game = "game P(n) = < P(n - p) for p in 2..=n if all([p % d != 0 for d in 2..p]) >";
    let ir = sprague::run::emit_ir("test.sg", game, &settings, interrupt).expect("the IR prints");
    assert!(ir.contains("if nonempty([0 for d in 2..p if "), "{ir}");
    for failing in [
        // d = 0 comes first: the remainder may fail, the list is built.
        "let x = any([7 % d == 1 for d in 0..5])\nx",
        // The first item decides, a later one fails.
        "let x = all([10 / (5 - d) < 0 for d in 0..10])\nx",
        "let x = any([12 % (d - 3) == 0 for d in 1..10])\nx",
    ] {
        assert_same_error_as_the_generic_search(failing);
    }
}

#[test]
fn errors_are_the_evaluators() {
    for script in [
        "let x = [10 / (k - 3) for k in 0..5]\nx",
        "let x = [2 ** k for k in 0..70]\nx",
        "let x = [1, 2, 3][5]\nx",
        "let x = len([0 for i in 0..100000 for j in 0..1000])\nx",
        "def f(n) = f(n + 1) + 1\nlet x = f(0)\nx",
        "let x = x + 1\nx",
        // A range past the list limit, which a filter would end early.
        "let x = [d for d in 0..60000000 if d * d <= 10]\nx",
        "game S(n) = < S(n - d * d) for d in 1..100000000 if d * d <= n >\ng(S(10))",
        // An item tested against no items is evaluated all the same.
        "let x = (3 / 0) in []\nx",
        "game F(n) = < F(n - k) for k in 1..=n if (k / 0) in [] >\nseq(F, 0..5)",
        // An argument is evaluated before the call, read or not.
        "def f(n) = 5\nlet x = f(1 / 0)\nx",
        "def f(n) = if true then 1 else n\nlet x = [f(a / 0) for a in 0..3]\nx",
        "def f(n) = 1\ngame F(n) = < F(n - f(n / 0)) if n > 0 >\nseq(F, 0..5)",
        // Every member is evaluated, past the one equal to the item.
        "0 in [0, 1 / 0]",
        "def f(k) = k in [0, 1 / k]\nf(0)",
        "game F(n) = < F(n - 1) if n > 0 and n in [n, 1 / 0] >\nseq(F, 0..3)",
        // An inclusive range ends at its last value plus one.
        "9223372036854775807 in 0..=9223372036854775807",
        "let m = 9223372036854775806\n3 in 0..=m + 1",
    ] {
        assert_same_error_as_the_generic_search(script);
    }
}

#[test]
fn values_that_are_not_integers_are_left_to_the_evaluator() {
    let script =
        "let names = [\"a\", \"b\"]\nlet m = {1: [2]}\nlet r = 0..4\nlet n = 3\n[names, m, r, n]";
    assert_same_as_the_generic_search(script);
    assert_eq!(computed(script), (1, 4));
}

/// A random comprehension over two loop variables, its item and filter
/// affine with small coefficients.
#[derive(Clone, Debug)]
struct Comprehension {
    outer: (i64, i64),
    inner_offset: i64,
    inner_len: i64,
    item: (i64, i64, i64),
    modulus: i64,
    keep: i64,
}

impl Comprehension {
    fn source(&self) -> String {
        let (a, b, c) = self.item;
        format!(
            "[{a} * i + {b} * j + ({c}) for i in {}..{} for j in i + ({})..i + {} if (i - j) % {} != {}]",
            self.outer.0,
            self.outer.1,
            self.inner_offset,
            self.inner_offset + self.inner_len,
            self.modulus,
            self.keep
        )
    }

    fn reference(&self) -> Vec<i64> {
        let (a, b, c) = self.item;
        let mut out = Vec::new();
        for i in self.outer.0..self.outer.1 {
            for j in i + self.inner_offset..i + self.inner_offset + self.inner_len {
                if (i - j).rem_euclid(self.modulus) != self.keep {
                    out.push(a * i + b * j + c);
                }
            }
        }
        out
    }
}

fn comprehension() -> impl Strategy<Value = Comprehension> {
    (
        (-5i64..5, 0i64..8),
        -3i64..3,
        0i64..6,
        (-4i64..5, -4i64..5, -10i64..10),
        1i64..5,
        0i64..4,
    )
        .prop_map(
            |((low, len), inner_offset, inner_len, item, modulus, keep)| Comprehension {
                outer: (low, low + len),
                inner_offset,
                inner_len,
                item,
                modulus,
                keep,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The list, its length, sum, maximum and whether it holds 0, each a
    /// `let`, as the plain program and the generic evaluator give them.
    #[test]
    fn random_comprehensions_match_the_plain_program(c in comprehension()) {
        let list = c.source();
        let values = c.reference();
        let script = format!(
            "let xs = {list}\nlet n = len(xs) + sum(xs)\nlet z = 0 in xs\nlet m = max(xs + [-100])\n[xs, n, z, m]"
        );
        let n = values.len() as i64 + values.iter().sum::<i64>();
        let z = values.contains(&0);
        let m = values.iter().copied().chain([-100]).max().unwrap();
        by_programs(&script, (4, 1), &format!("[{}, {n}, {z}, {m}]", shown(values)));
    }
}

/// A `def` inlined with an argument that has loops of its own keeps them
/// apart from the body's: a hunt found the body's loop variable bound to
/// the argument's slot, each evaluation of the argument resetting it, a
/// loop without end.
#[test]
fn an_arguments_own_loops_keep_their_slots() {
    for (script, expected) in [
        (
            "def f(a) = [v for v in a..3 if a in 3..v]\nf(len([w for u in [0] for w in [1]]))",
            "[]",
        ),
        (
            "def f(a) = [v * 10 + a for v in 0..3 if v < a]\nf(len([w for u in [0, 1] for w in [1, 2]]))",
            "[4, 14, 24]",
        ),
        (
            "def f(a) = [v for v in 0..a + 2 if v != a]\ngame G(n) = < G(m) for m in f(len([k for j in [0] for k in 0..n])) if m < n >\nseq(G, 0..8)",
            "[0, 1, 2, 3, 4, 5, 6, 7]",
        ),
    ] {
        assert_eq!(
            assert_same_as_the_generic_search(script).trim(),
            expected,
            "{script}"
        );
    }
}

//! Random integer game programs, computed three ways: by the optimised IR
//! (the default), by the generic search alone (`Settings::generic_only`),
//! and by a plain reference evaluator written here. Each program is also
//! spelled with its option arguments through `def`s and its constants
//! through `let`s, which must give the same values: one meaning per
//! program, whatever the spelling.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{generic_sequence, mex, single_sequence, with_and_without_programs};
use proptest::prelude::*;

/// Heaps computed per program.
const TOP: i64 = 40;

/// An integer expression over the parameter `n` and the loop variable `x`.
#[derive(Clone, Debug)]
enum Int {
    Const(i64),
    N,
    X,
    Add(Box<Int>, Box<Int>),
    Sub(Box<Int>, Box<Int>),
    Scale(i64, Box<Int>),
    Div(Box<Int>, i64),
    Mod(Box<Int>, i64),
    Max(Box<Int>, Box<Int>),
    Min(Box<Int>, Box<Int>),
    Abs(Box<Int>),
    /// `if p < q then a else b`.
    Pick([Box<Int>; 4]),
}

impl Int {
    fn eval(&self, n: i64, x: i64) -> i64 {
        match self {
            Int::Const(c) => *c,
            Int::N => n,
            Int::X => x,
            Int::Add(a, b) => a.eval(n, x) + b.eval(n, x),
            Int::Sub(a, b) => a.eval(n, x) - b.eval(n, x),
            Int::Scale(k, a) => k * a.eval(n, x),
            Int::Div(a, d) => a.eval(n, x).div_euclid(*d),
            Int::Mod(a, d) => a.eval(n, x).rem_euclid(*d),
            Int::Max(a, b) => a.eval(n, x).max(b.eval(n, x)),
            Int::Min(a, b) => a.eval(n, x).min(b.eval(n, x)),
            Int::Abs(a) => a.eval(n, x).abs(),
            Int::Pick([p, q, a, b]) => match p.eval(n, x) < q.eval(n, x) {
                true => a.eval(n, x),
                false => b.eval(n, x),
            },
        }
    }

    /// The expression as `.sg` source; constants as `let` names when
    /// `lets` is set.
    fn source(&self, lets: bool) -> String {
        let s = |e: &Int| e.source(lets);
        match self {
            Int::Const(c) if lets && *c >= 0 => format!("c{c}"),
            Int::Const(c) => format!("({c})"),
            Int::N => "n".to_string(),
            Int::X => "x".to_string(),
            Int::Add(a, b) => format!("({} + {})", s(a), s(b)),
            Int::Sub(a, b) => format!("({} - {})", s(a), s(b)),
            Int::Scale(k, a) => format!("({k} * {})", s(a)),
            Int::Div(a, d) => format!("({} / {d})", s(a)),
            Int::Mod(a, d) => format!("({} % {d})", s(a)),
            Int::Max(a, b) => format!("max({}, {})", s(a), s(b)),
            Int::Min(a, b) => format!("min({}, {})", s(a), s(b)),
            Int::Abs(a) => format!("abs({})", s(a)),
            Int::Pick([p, q, a, b]) => {
                format!("(if {} < {} then {} else {})", s(p), s(q), s(a), s(b))
            }
        }
    }
}

/// A condition.
#[derive(Clone, Debug)]
enum Test {
    /// `x op e` or `e op x` with `e` free of `x`, by the index of `op` in
    /// `OPS`: the shape conditions take on loop variables.
    Bound(usize, bool, Int),
    Less(Int, Int),
    Equal(Int, Int),
    /// `e in [c…]` (or `not in` when the flag is set).
    Member(Int, Vec<i64>, bool),
    /// `e in a..b`.
    Within(Int, Int, Int),
    /// `(x - e) % m == 0` (`(e - x)` when the flag is set), `m` the
    /// parameter plus a constant from 1, or its negation: divisibility by
    /// a modulus that is no constant.
    Divisible(Int, bool, i64, bool),
    Not(Box<Test>),
    And(Box<Test>, Box<Test>),
    Or(Box<Test>, Box<Test>),
}

/// The comparisons of `Test::Bound`.
const OPS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

impl Test {
    fn eval(&self, n: i64, x: i64) -> bool {
        match self {
            Test::Bound(op, x_first, e) => {
                let (a, b) = match x_first {
                    true => (x, e.eval(n, x)),
                    false => (e.eval(n, x), x),
                };
                [a < b, a <= b, a > b, a >= b, a == b, a != b][*op]
            }
            Test::Less(a, b) => a.eval(n, x) < b.eval(n, x),
            Test::Equal(a, b) => a.eval(n, x) == b.eval(n, x),
            Test::Member(e, values, negated) => values.contains(&e.eval(n, x)) != *negated,
            Test::Within(e, a, b) => (a.eval(n, x)..b.eval(n, x)).contains(&e.eval(n, x)),
            Test::Divisible(e, from_e, k, negative) => {
                let difference = match from_e {
                    true => e.eval(n, x) - x,
                    false => x - e.eval(n, x),
                };
                let modulus = if *negative { -(n + k) } else { n + k };
                difference.rem_euclid(modulus) == 0
            }
            Test::Not(t) => !t.eval(n, x),
            Test::And(a, b) => a.eval(n, x) && b.eval(n, x),
            Test::Or(a, b) => a.eval(n, x) || b.eval(n, x),
        }
    }

    fn source(&self, lets: bool) -> String {
        match self {
            Test::Bound(op, true, e) => format!("x {} {}", OPS[*op], e.source(lets)),
            Test::Bound(op, false, e) => format!("{} {} x", e.source(lets), OPS[*op]),
            Test::Less(a, b) => format!("{} < {}", a.source(lets), b.source(lets)),
            Test::Equal(a, b) => format!("{} == {}", a.source(lets), b.source(lets)),
            Test::Member(e, values, negated) => format!(
                "{} {}in {values:?}",
                e.source(lets),
                if *negated { "not " } else { "" }
            ),
            Test::Within(e, a, b) => {
                format!(
                    "{} in {}..{}",
                    e.source(lets),
                    a.source(lets),
                    b.source(lets)
                )
            }
            Test::Divisible(e, from_e, k, negative) => {
                let e = e.source(lets);
                let difference = match from_e {
                    true => format!("{e} - x"),
                    false => format!("x - {e}"),
                };
                let modulus = match negative {
                    true => format!("-n - {k}"),
                    false => format!("n + {k}"),
                };
                format!("({difference}) % ({modulus}) == 0")
            }
            Test::Not(t) => format!("not ({})", t.source(lets)),
            Test::And(a, b) => format!("({}) and ({})", a.source(lets), b.source(lets)),
            Test::Or(a, b) => format!("({}) or ({})", a.source(lets), b.source(lets)),
        }
    }
}

/// One element: `F(arg) + … + *heap for x in low..high if test`, each
/// argument guarded to lie in `0..n` (so that every game ends) and the
/// heap to be non-negative.
#[derive(Clone, Debug)]
struct Move {
    args: Vec<Int>,
    heap: Option<Int>,
    range: Option<(Int, Int)>,
    /// The constants the loop walks when it has no range.
    constants: Vec<i64>,
    test: Option<Test>,
    /// `if c then (the option above) else *(max(0, e))`: the guards then
    /// hold only where `c` does.
    otherwise: Option<(Test, Int)>,
    /// The heap chosen inside the sum: `(if c then *h else *(h + 1))`.
    heap_choice: Option<Test>,
}

impl Move {
    /// The values of this element's options at heap `n`.
    fn values(&self, n: i64, g: &[u64], out: &mut Vec<u64>) {
        let xs: Vec<i64> = match &self.range {
            Some((low, high)) => (low.eval(n, 0)..high.eval(n, 0)).collect(),
            None => self.constants.clone(),
        };
        for x in xs {
            if !self.test.as_ref().is_none_or(|t| t.eval(n, x)) {
                continue;
            }
            if let Some((_, e)) = self.otherwise.as_ref().filter(|(c, _)| !c.eval(n, x)) {
                out.push(e.eval(n, x).max(0) as u64);
                continue;
            }
            let args: Vec<i64> = self.args.iter().map(|a| a.eval(n, x)).collect();
            let heap = self.heap.as_ref().map_or(0, |h| h.eval(n, x));
            if args.iter().any(|&a| a < 0 || a >= n) || heap < 0 {
                continue;
            }
            let heap = match &self.heap_choice {
                Some(c) if self.heap.is_some() && !c.eval(n, x) => heap + 1,
                _ => heap,
            };
            let value = args.iter().fold(heap as u64, |v, &a| v ^ g[a as usize]);
            out.push(value);
        }
    }

    /// The element as `.sg` source. With `defs`, each argument is computed
    /// by a `def` (whose source is appended to `defs`): a plain one, or with
    /// `recursive` one that calls itself twice before it answers, its
    /// result passed through `same`, the identity spelled as a recursion.
    /// With `walked` (and `defs`), the loop walks a `def`'s comprehension
    /// after another's: `for w in zero(n) for x in walk0(n, w)`, the
    /// second's items `x + w`, `w` always 0.
    fn source(
        &self,
        index: usize,
        lets: bool,
        defs: Option<&mut Vec<String>>,
        (recursive, walked): (bool, bool),
    ) -> String {
        let mut terms = Vec::new();
        let mut guards = Vec::new();
        let mut defs = defs;
        for (j, arg) in self.args.iter().enumerate() {
            let text = match defs.as_deref_mut() {
                Some(defs) if recursive => {
                    let name = format!("arg{index}_{j}");
                    defs.push(format!(
                        "def {name}(n, x, d) = if d == 0 then {} else {name}(n, x, d - 1)",
                        arg.source(lets)
                    ));
                    format!("same({name}(n, x, 2))")
                }
                Some(defs) => {
                    let name = format!("arg{index}_{j}");
                    defs.push(format!("def {name}(n, x) = {}", arg.source(lets)));
                    format!("{name}(n, x)")
                }
                None => arg.source(lets),
            };
            guards.push(format!("{text} >= 0 and {text} < n"));
            terms.push(format!("F({text})"));
        }
        if let Some(heap) = &self.heap {
            let text = heap.source(lets);
            guards.push(format!("{text} >= 0"));
            terms.push(match &self.heap_choice {
                Some(c) => format!("(if {} then *({text}) else *({text} + 1))", c.source(lets)),
                None => format!("*({text})"),
            });
        }
        let walk = match &self.range {
            Some((low, high)) => format!("{}..{}", low.source(lets), high.source(lets)),
            None => {
                let constants: Vec<String> = self.constants.iter().map(i64::to_string).collect();
                format!("[{}]", constants.join(", "))
            }
        };
        let mut clauses = match defs {
            Some(defs) if walked => {
                defs.push(format!("def walk{index}(n, w) = [x + w for x in {walk}]"));
                format!(" for w in zero(n) for x in walk{index}(n, w)")
            }
            _ => format!(" for x in {walk}"),
        };
        if let Some(test) = &self.test {
            clauses += &format!(" if {}", test.source(lets));
        }
        let terms = terms.join(" + ");
        let Some((c, e)) = &self.otherwise else {
            for guard in guards {
                clauses += &format!(" if {guard}");
            }
            return format!("{terms}{clauses}");
        };
        let c = c.source(lets);
        for guard in guards {
            clauses += &format!(" if not ({c}) or ({guard})");
        }
        let e = e.source(lets);
        format!("(if {c} then {terms} else *(max(0, {e}))){clauses}")
    }
}

/// An expression of the given depth; `x` appears only `inside` a loop.
fn int_in(depth: u32, inside: bool) -> BoxedStrategy<Int> {
    let variable = if inside { Int::X } else { Int::N };
    let leaf = prop_oneof![
        (-3i64..=6).prop_map(Int::Const),
        Just(Int::N),
        Just(variable)
    ];
    leaf.prop_recursive(depth, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Add(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Sub(a.into(), b.into())),
            (-2i64..=3, inner.clone()).prop_map(|(k, a)| Int::Scale(k, a.into())),
            (inner.clone(), 1i64..=3).prop_map(|(a, d)| Int::Div(a.into(), d)),
            (inner.clone(), 1i64..=4).prop_map(|(a, d)| Int::Mod(a.into(), d)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Max(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Min(a.into(), b.into())),
            inner.clone().prop_map(|a| Int::Abs(a.into())),
            (inner.clone(), inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(p, q, a, b)| Int::Pick([p.into(), q.into(), a.into(), b.into()])),
            // `min` and `max` spelled with `if`.
            (inner.clone(), inner, any::<bool>()).prop_map(|(a, b, smaller)| {
                let (then, otherwise) = if smaller { (&a, &b) } else { (&b, &a) };
                Int::Pick([
                    a.clone().into(),
                    b.clone().into(),
                    then.clone().into(),
                    otherwise.clone().into(),
                ])
            }),
        ]
    })
    .boxed()
}

/// `a·n + b·x + c`, the shape most option arguments and bounds take, with
/// `x` only `inside` a loop; sometimes inside `max`/`min` with a constant.
fn linear(inside: bool) -> BoxedStrategy<Int> {
    let b = if inside { -1i64..=1 } else { 0i64..=0 };
    let shape = (0i64..=1, b, -3i64..=3).prop_map(|(a, b, c)| {
        let n = Int::Scale(a, Int::N.into());
        let sum = match b {
            0 => n,
            b => Int::Add(n.into(), Int::Scale(b, Int::X.into()).into()),
        };
        Int::Add(sum.into(), Int::Const(c).into())
    });
    prop_oneof![
        3 => shape.clone(),
        1 => (shape.clone(), -1i64..=2).prop_map(|(e, c)| Int::Max(e.into(), Int::Const(c).into())),
        1 => (shape, -1i64..=2).prop_map(|(e, c)| Int::Min(e.into(), Int::Const(c).into())),
    ]
    .boxed()
}

/// An expression inside a loop, over `n` and `x`: mostly linear.
fn int(depth: u32) -> BoxedStrategy<Int> {
    prop_oneof![2 => linear(true), 1 => int_in(depth, true)].boxed()
}

fn test() -> impl Strategy<Value = Test> {
    let compare = prop_oneof![
        3 => (0..OPS.len(), any::<bool>(), linear(false))
            .prop_map(|(op, x_first, e)| Test::Bound(op, x_first, e)),
        1 => (int(2), int(2)).prop_map(|(a, b)| Test::Less(a, b)),
        1 => (int(2), int(2)).prop_map(|(a, b)| Test::Equal(a, b)),
        1 => (int(2), prop::collection::vec(-2..8i64, 0..4), any::<bool>())
            .prop_map(|(e, values, negated)| Test::Member(e, values, negated)),
        1 => (int(2), int(1), int(1)).prop_map(|(e, a, b)| Test::Within(e, a, b)),
        1 => (linear(false), any::<bool>(), 1i64..=4, any::<bool>())
            .prop_map(|(e, from_e, k, negative)| Test::Divisible(e, from_e, k, negative)),
    ];
    compare.prop_recursive(1, 3, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| Test::Not(t.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Test::And(a.into(), b.into())),
            (inner.clone(), inner).prop_map(|(a, b)| Test::Or(a.into(), b.into())),
        ]
    })
}

fn option() -> impl Strategy<Value = Move> {
    (
        prop::collection::vec(int(3), 1..=2),
        prop::option::weighted(0.3, int(2)),
        prop::option::weighted(
            0.8,
            prop_oneof![
                3 => (-1i64..=2, linear(false)).prop_map(|(low, high)| (Int::Const(low), high)),
                // A fixed width beside the heap: `for x in n - 5..n - 1`.
                1 => (-6i64..=1, 0i64..=5).prop_map(|(start, width)| {
                    let at = |c: i64| Int::Add(Int::N.into(), Int::Const(c).into());
                    (at(start), at(start + width))
                }),
            ],
        ),
        prop::option::weighted(0.6, test()),
        prop::collection::vec(-2i64..=25, 1..=14),
        prop::option::weighted(0.3, (test(), int(2))),
        prop::option::weighted(0.2, test()),
    )
        .prop_map(
            |(args, heap, range, test, constants, otherwise, heap_choice)| Move {
                args,
                heap,
                range,
                constants,
                test,
                otherwise,
                heap_choice,
            },
        )
}

/// A leaf of the body that is a game: `if n < below then (if n >= 1 then
/// F(n - 1) + *h else *h) else < … >`, `h` being `max(0, heap)`.
#[derive(Clone, Debug)]
struct Leaf {
    below: i64,
    heap: Int,
}

impl Leaf {
    fn source(&self, lets: bool, options: &str) -> String {
        let h = format!("*(max(0, {}))", self.heap.source(lets));
        format!(
            "if n < {} then (if n >= 1 then F(n - 1) + {h} else {h}) else < {options} >",
            self.below
        )
    }
}

fn leaf() -> impl Strategy<Value = Leaf> {
    (0i64..=12, int_in(2, false)).prop_map(|(below, heap)| Leaf { below, heap })
}

/// The program's values by the reference evaluator.
fn reference(options: &[Move], leaf: Option<&Leaf>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    let mut values = Vec::new();
    for n in 0..=TOP {
        if let Some(leaf) = leaf.filter(|leaf| n < leaf.below) {
            let heap = leaf.heap.eval(n, 0).max(0) as u64;
            g.push(heap ^ g.last().filter(|_| n >= 1).copied().unwrap_or(0));
            continue;
        }
        values.clear();
        for option in options {
            option.values(n, &g, &mut values);
        }
        g.push(mex(values.iter().copied()));
    }
    g
}

/// The program as a script, in one of its spellings: arguments through
/// `def`s when `defs`, recursive ones when `recursive`.
fn script(
    (options, leaf): (&[Move], Option<&Leaf>),
    lets: bool,
    defs: bool,
    (recursive, walked): (bool, bool),
) -> String {
    let mut definitions = Vec::new();
    if recursive {
        definitions.push("def same(v) = if v <= 0 then v else 1 + same(v - 1)".to_string());
    }
    if walked {
        definitions.push("def zero(n) = [k for k in 0..1 if k <= n]".to_string());
    }
    let spelling = (recursive, walked);
    let elements: Vec<String> = options
        .iter()
        .enumerate()
        .map(|(i, o)| o.source(i, lets, defs.then_some(&mut definitions), spelling))
        .collect();
    let mut text = String::new();
    if lets {
        for c in 0..=6 {
            text += &format!("let c{c} = {c}\n");
        }
    }
    for def in definitions {
        text += &format!("{def}\n");
    }
    let options = elements.join(", ");
    match leaf {
        Some(leaf) => text += &format!("game F(n) = {}\n", leaf.source(lets, &options)),
        None => text += &format!("game F(n) = < {options} >\n"),
    }
    text += &format!("seq(F, 0..={TOP})\n");
    text
}

/// Whether `F` is computed by an integer program (not the generic search).
fn is_integer_program(script: &str) -> bool {
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let settings = sprague::run::Settings::default();
    let ir = sprague::run::emit_ir("test.sg", script, &settings, interrupt).expect("the IR prints");
    ir.starts_with("game F(n): integer program")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn optimised_generic_and_reference_agree(
        options in prop::collection::vec(option(), 1..=3),
        leaf in prop::option::weighted(0.3, leaf()),
    ) {
        let expected = reference(&options, leaf.as_ref());
        let program = (&options[..], leaf.as_ref());
        let inline = script(program, false, false, (false, false));
        prop_assert!(is_integer_program(&inline), "not an integer program:\n{}", inline);
        prop_assert_eq!(&single_sequence(&inline), &expected, "optimised:\n{}", inline);
        prop_assert_eq!(&generic_sequence(&inline), &expected, "generic:\n{}", inline);
        let spelled = script(program, true, true, (false, false));
        prop_assert_eq!(&single_sequence(&spelled), &expected, "defs and lets:\n{}", spelled);
        let recursive = script(program, false, true, (true, false));
        prop_assert!(is_integer_program(&recursive), "not an integer program:\n{}", recursive);
        prop_assert_eq!(&single_sequence(&recursive), &expected, "recursive defs:\n{}", recursive);
        let walked = script(program, false, true, (false, true));
        prop_assert_eq!(&single_sequence(&walked), &expected, "walked comprehensions:\n{}", walked);
        // Displays list the options the program gathers, as the
        // definition gives them.
        let shown = inline.replace(
            &format!("seq(F, 0..={TOP})"),
            &format!("[options(F(n)) for n in 0..={TOP}]\ntree(F({TOP}), 2)"),
        );
        let (programs, evaluator) = with_and_without_programs(&shown);
        prop_assert_eq!(programs, evaluator, "displays:\n{}", shown);
    }
}

/// A recursive `def` returning an integer is one of the program's
/// functions: the subtraction game whose moves are the odious numbers
/// (an odd count of ones in binary) against a plain reference.
#[test]
fn a_recursive_def_returning_an_integer_stays_in_the_integer_program() {
    let script = "def ones(n) = if n == 0 then 0 else n % 2 + ones(n / 2)\n\
                  game T(n) = < T(n - k) for k in 1..=n if ones(k) % 2 == 1 >\n\
                  seq(T, 0..=300)";
    let ir = sprague::run::emit_ir(
        "test.sg",
        script,
        &sprague::run::Settings::default(),
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    )
    .expect("the IR prints");
    assert!(ir.starts_with("game T(n): integer program"), "{ir}");
    assert!(ir.contains("def ones(n) = "), "{ir}");
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=300u32 {
        let options = (1..=n)
            .filter(|k| k.count_ones() % 2 == 1)
            .map(|k| g[(n - k) as usize]);
        g.push(mex(options));
    }
    assert_eq!(single_sequence(script), g);
    assert_eq!(generic_sequence(script), g);
}

/// A result a recursive `def` remembered stands for the calls that computed
/// it: past the language's depth, the program leaves the position to the
/// generic search, which reports the recursion, as it does for a constant
/// of -2^63 the program would have wrapped.
#[test]
fn remembered_calls_and_extreme_constants_fail_as_the_language_does() {
    let generic = sprague::run::Settings {
        generic_only: true,
        ..Default::default()
    };
    let scripts = [
        (
            "def d(n) = if n == 0 then 0 else 1 + d(n - 1)\n\
             game G(n) = < G(n - 1) if n > 0 and d(n) >= 0 >\ng(G(20000))",
            "recursion deeper than 10000 calls",
        ),
        (
            "let C = -(2**62) * 2\ngame F(n) = < F(n + C) if n < 0 and n > -5 >\ng(F(-1))",
            "integer overflow",
        ),
        (
            "let C = -(2**62) * 2\ngame F(n) = < F(n - C) if n >= C >\ng(F(0))",
            "integer overflow",
        ),
    ];
    for (script, error) in scripts {
        let run = |settings| sprague::run::run_to_strings("t.sg", script, settings);
        let (fast, slow) = (run(sprague::run::Settings::default()), run(generic.clone()));
        let first_line =
            |errors: Option<String>| errors.and_then(|e| e.lines().next().map(str::to_string));
        assert_eq!(
            first_line(fast.1),
            Some(format!("Error: {error}")),
            "{script}"
        );
        assert_eq!(
            first_line(slow.1),
            Some(format!("Error: {error}")),
            "{script}"
        );
    }
}

/// A pass that looks through a branch for what reads the loop's variable
/// must not let a constant in its place decide the branch. `*(if 0 < x
/// then n else x)` reads the heap `n` where `x` is positive, so it is no
/// table of `x` alone; `*(if fib(i) > 0 then i else 3)` reads `i` beside
/// `fib(i)`, so its loop is no loop over `fib`'s values. Both against
/// plain references.
#[test]
fn a_branch_a_constant_would_decide_keeps_what_it_reads() {
    let heap = "game F(n) = < (if x <= 0 then F(0) else *(max(0, if 0 < x then n else x))) \
                for w in 0..1 for x in [x + w for x in [0, 0, 0, 0, 0, 0, 0, 0, 4]] \
                if 0 < x or 0 < n >\nseq(F, 0..=30)";
    // F(0) has the option *0; every other F(n) has F(0) = 1 and *n.
    let expected: Vec<u64> = (0..=30).map(|n| u64::from(n == 0)).collect();
    assert_eq!(single_sequence(heap), expected, "{heap}");
    assert_eq!(generic_sequence(heap), expected, "{heap}");

    let calls = "def fib(i) = if i < 2 then i + 1 else fib(i - 1) + fib(i - 2)\n\
                 game F(n) = < F(n - fib(i)) + *(if fib(i) > 0 then i else 3) \
                 for i in 0..6 if fib(i) <= n >\nseq(F, 0..=60)";
    let fib = [1, 2, 3, 5, 8, 13];
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=60 {
        let options = (0..6)
            .filter(|&i| fib[i] <= n)
            .map(|i| g[n - fib[i]] ^ i as u64);
        g.push(mex(options));
    }
    assert_eq!(single_sequence(calls), g, "{calls}");
    assert_eq!(generic_sequence(calls), g, "{calls}");
}

/// The same for a loop over constants mapped by the one expression of
/// its variable alone that it reads (`ir/mapped.rs`): `(j + n) % 3` reads
/// `j` beside `n`, in the branch that `2 ** j > 1` takes, so the loop is
/// no loop over the powers.
#[test]
fn a_mapped_loop_keeps_the_variable_a_branch_reads() {
    let program = "game P(n) = < P(n - 2 ** j) + *(if 2 ** j > 1 then (j + n) % 3 else 0) \
                   for j in 0..5 if 2 ** j <= n >\nseq(P, 0..=60)";
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let options = (0..5)
            .filter(|&j| 1 << j <= n)
            .map(|j| g[n - (1 << j)] ^ if j > 0 { ((j + n) % 3) as u64 } else { 0 });
        g.push(mex(options));
    }
    assert_eq!(single_sequence(program), g, "{program}");
    assert_eq!(generic_sequence(program), g, "{program}");
}

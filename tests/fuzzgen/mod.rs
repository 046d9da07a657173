//! A grammar-aware generator of `.sg` programs for the fuzz tests: typed
//! expressions built from the language's constructs (families, `def`s,
//! comprehensions, built-ins), and mutations of the examples and error
//! cases. Deterministic by seed, so a hard seed can be replayed.

use std::path::Path;

/// A small seeded generator (xorshift64*): reproducible, no dependency.
pub struct Rng(u64);

impl Rng {
    /// The generator for `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The types the generator builds expressions of.
#[derive(Clone, Copy, PartialEq)]
enum Ty {
    Int,
    Bool,
    Str,
    List,
    Game,
    Map,
}

const TYPES: [Ty; 6] = [Ty::Int, Ty::Bool, Ty::Str, Ty::List, Ty::Game, Ty::Map];

/// Integers that find edges: zero, small heaps, the ends of 64 bits.
const INTS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "7",
    "12",
    "64",
    "1000",
    "100000",
    "1000000000000",
    "9223372036854775807",
    "(-9223372036854775807 - 1)",
    "-1",
    "-3",
];

/// String contents that find edges: quotes, escapes, line separators,
/// control characters, wide and non-BMP characters.
const STRINGS: &[&str] = &[
    "",
    "a",
    "P",
    "N",
    "x y",
    "\\\"q\\\"",
    "\\n",
    "\\t\\\\",
    "\u{2028}",
    "\u{2029}",
    "\u{85}",
    "\r",
    "\u{1b}[2J",
    "\u{7}",
    "\u{1F600}",
    "é",
    "\u{10FFFF}",
];

const OCTAL_CODES: &[&str] = &[
    "0.77",
    "0.07",
    "4.0",
    "0.137",
    "0.6",
    "4!.0",
    "0.123456",
    "0.3f",
    "0.[3]",
    "0.7777777777",
    "",
    "9.9",
    "0..1",
    "0.4?",
];

/// The programs' names in scope: a family of one and of two parameters, a
/// `def`, and the variables bound by comprehensions around the expression.
struct Gen<'r> {
    rng: &'r mut Rng,
    vars: Vec<&'static str>,
    depth: usize,
}

impl Gen<'_> {
    fn int_lit(&mut self) -> String {
        self.rng.pick(INTS).to_string()
    }

    fn small(&mut self) -> String {
        self.rng.below(8).to_string()
    }

    fn expr(&mut self, ty: Ty) -> String {
        self.depth += 1;
        let leaf = self.depth > 4 || self.rng.chance(30);
        let text = if leaf { self.leaf(ty) } else { self.node(ty) };
        self.depth -= 1;
        text
    }

    fn leaf(&mut self, ty: Ty) -> String {
        match ty {
            Ty::Int if !self.vars.is_empty() && self.rng.chance(50) => {
                self.rng.pick(&self.vars).to_string()
            }
            Ty::Int => {
                if self.rng.chance(70) {
                    self.small()
                } else {
                    self.int_lit()
                }
            }
            Ty::Bool => self.rng.pick(&["true", "false"]).to_string(),
            Ty::Str => format!("\"{}\"", self.rng.pick(STRINGS)),
            Ty::List => {
                let (a, b) = (self.small(), self.small());
                self.rng
                    .pick(&[
                        format!("[{a}, {b}]"),
                        format!("{a}..{b}"),
                        format!("{a}..={b}"),
                        "[]".to_string(),
                    ])
                    .clone()
            }
            Ty::Game => {
                let (n, m) = (self.small(), self.small());
                self.rng
                    .pick(&[
                        format!("*{n}"),
                        format!("S({n})"),
                        format!("K({n})"),
                        format!("W({n}, {m})"),
                        "<>".to_string(),
                    ])
                    .clone()
            }
            Ty::Map => "{\"a\": 1, \"b\": 2}".to_string(),
        }
    }

    fn node(&mut self, ty: Ty) -> String {
        let choice = self.rng.below(12);
        match ty {
            Ty::Int => match choice {
                0 => format!("len({})", self.expr(Ty::List)),
                1 => format!("g({})", self.expr(Ty::Game)),
                2 => format!("mex({})", self.expr(Ty::List)),
                3 => format!("sum({})", self.expr(Ty::List)),
                4 => format!("min({})", self.expr(Ty::List)),
                5 => format!("{}[{}]", self.expr(Ty::List), self.expr(Ty::Int)),
                6 => format!(
                    "(if {} then {} else {})",
                    self.expr(Ty::Bool),
                    self.expr(Ty::Int),
                    self.expr(Ty::Int)
                ),
                7 => format!("f({})", self.expr(Ty::Int)),
                8 => format!("nim_mul({}, {})", self.expr(Ty::Int), self.expr(Ty::Int)),
                9 => format!("abs({})", self.expr(Ty::Int)),
                _ => {
                    let op = self.rng.pick(&["+", "-", "*", "/", "%", "^"]);
                    format!("({} {op} {})", self.expr(Ty::Int), self.expr(Ty::Int))
                }
            },
            Ty::Bool => match choice {
                0..=3 => {
                    let op = self.rng.pick(&["==", "!=", "<", "<=", ">", ">="]);
                    format!("{} {op} {}", self.expr(Ty::Int), self.expr(Ty::Int))
                }
                4 => format!("not {}", self.expr(Ty::Bool)),
                5 => format!("({} and {})", self.expr(Ty::Bool), self.expr(Ty::Bool)),
                6 => format!("({} or {})", self.expr(Ty::Bool), self.expr(Ty::Bool)),
                7 => format!("outcome({}) == \"P\"", self.expr(Ty::Game)),
                8 => format!("misere({}) == \"N\"", self.expr(Ty::Game)),
                9 => format!("{} == {}", self.expr(Ty::List), self.expr(Ty::List)),
                _ => format!("{} < {}", self.expr(Ty::Str), self.expr(Ty::Str)),
            },
            Ty::Str => match choice {
                0..=2 => format!("{} + {}", self.expr(Ty::Str), self.expr(Ty::Str)),
                3 => format!("outcome({})", self.expr(Ty::Game)),
                4 => format!("tree({})", self.expr(Ty::Game)),
                5 => format!("dot({})", self.expr(Ty::Game)),
                6 => format!("{}[{}]", self.expr(Ty::Str), self.expr(Ty::Int)),
                7 => format!("misere({})", self.expr(Ty::Game)),
                _ => self.leaf(Ty::Str),
            },
            Ty::List => match choice {
                0 => format!("[{}, {}]", self.expr(Ty::Int), self.expr(Ty::Int)),
                1 => format!("{}..{}", self.expr(Ty::Int), self.expr(Ty::Int)),
                2..=3 => self.comprehension(),
                4 => format!("sort({})", self.expr(Ty::List)),
                5 => format!("{} + {}", self.expr(Ty::List), self.expr(Ty::List)),
                6 => format!("options({})", self.expr(Ty::Game)),
                7 => format!("winning({})", self.expr(Ty::Game)),
                8 => format!("seq(S, {})", self.expr(Ty::List)),
                9 => format!("list({})", self.expr(Ty::Str)),
                10 => format!("keys({})", self.expr(Ty::Map)),
                _ => format!(
                    "{}[{}..{}]",
                    self.expr(Ty::List),
                    self.expr(Ty::Int),
                    self.expr(Ty::Int)
                ),
            },
            Ty::Game => match choice {
                0..=1 => format!("*{}", self.expr(Ty::Int)),
                2..=3 => format!("{} + {}", self.expr(Ty::Game), self.expr(Ty::Game)),
                4 => format!("S({})", self.expr(Ty::Int)),
                5 => format!("K({})", self.expr(Ty::Int)),
                6 => format!("<{}, {}>", self.expr(Ty::Game), self.expr(Ty::Game)),
                7 => {
                    let code = self.rng.pick(OCTAL_CODES);
                    format!("octal(\"{code}\")({})", self.expr(Ty::Int))
                }
                8 => format!(
                    "subtraction({})({})",
                    self.expr(Ty::List),
                    self.expr(Ty::Int)
                ),
                9 => format!("options({})[{}]", self.expr(Ty::Game), self.expr(Ty::Int)),
                10 => format!("sum([*k for k in {}])", self.expr(Ty::List)),
                _ => format!("W({}, {})", self.expr(Ty::Int), self.expr(Ty::Int)),
            },
            Ty::Map => match choice {
                0..=5 => format!(
                    "{{{}: {}, {}: {}}}",
                    self.expr(Ty::Str),
                    self.expr(Ty::Int),
                    self.expr(Ty::Int),
                    self.expr(Ty::Game)
                ),
                _ => format!("period({})", self.rng.pick(&["S", "K", "octal(\"0.07\")"])),
            },
        }
    }

    fn comprehension(&mut self) -> String {
        let var = *self.rng.pick(&["i", "j", "x"]);
        let source = self.expr(Ty::List);
        self.vars.push(var);
        let body_ty = *self.rng.pick(&TYPES);
        let body = self.expr(body_ty);
        let filter = if self.rng.chance(40) {
            format!(" if {}", self.expr(Ty::Bool))
        } else {
            String::new()
        };
        self.vars.pop();
        format!("[{body} for {var} in {source}{filter}]")
    }

    fn statement(&mut self) -> String {
        match self.rng.below(10) {
            0 => format!("let v{} = {}", self.rng.below(3), self.expr(Ty::List)),
            1 => format!("assert {}", self.expr(Ty::Bool)),
            2 => format!("print({}, {})", self.expr(Ty::Str), self.expr(Ty::Int)),
            3 => format!(
                "table({}, {}, {})",
                self.rng.pick(&["W", "f", "S"]),
                self.expr(Ty::List),
                self.expr(Ty::List)
            ),
            4 => format!("tree({}, {})", self.expr(Ty::Game), self.expr(Ty::Int)),
            5 => format!("loopy({})", self.expr(Ty::Game)),
            _ => {
                let ty = *self.rng.pick(&TYPES);
                self.expr(ty)
            }
        }
    }
}

/// Definitions the generated statements refer to; some programs replace
/// one with a random (possibly runaway) definition.
fn prelude(g: &mut Gen) -> String {
    let mut lines = [
        "game S(n) = < S(n - k) for k in [1, 2, 3] if k <= n >".to_string(),
        "game K(n) = < K(a) + K(n - t - a) for t in 1..=2 for a in 0..=n - t >".to_string(),
        "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b >".to_string(),
        "def f(x) = if x > 0 then f(x - 1) + 1 else 0".to_string(),
    ];
    if g.rng.chance(30) {
        g.vars.push("n");
        let options = g.expr(Ty::Game);
        let filter = g.expr(Ty::Bool);
        g.vars.pop();
        let which = g.rng.below(2);
        lines[which] = match which {
            0 => format!("game S(n) = < {options} for k in 0..n if {filter} >"),
            _ => format!("game K(n) = < {options} for i in [1, 2] if {filter} >"),
        };
    }
    if g.rng.chance(20) {
        g.vars.push("x");
        lines[3] = format!("def f(x) = {}", g.expr(Ty::Int));
        g.vars.pop();
    }
    lines.join("\n") + "\n"
}

/// A random program of a few typed statements over the prelude.
pub fn generated(rng: &mut Rng) -> String {
    let mut g = Gen {
        rng,
        vars: Vec::new(),
        depth: 0,
    };
    let mut text = prelude(&mut g);
    for _ in 0..1 + g.rng.below(4) {
        text += &g.statement();
        text.push('\n');
    }
    text
}

/// The example and error-case scripts, the seeds of the mutations.
pub fn corpus(root: &Path) -> Vec<String> {
    let mut texts = Vec::new();
    for folder in ["examples", "tests/errors"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.extension().is_some_and(|e| e == "sg")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                // `plot` writes files: the fuzzer must not.
                texts.push(text.replace("plot(", "dot("));
            }
        }
    }
    texts
}

/// One of `corpus`, changed in one to three places: bytes cut or
/// doubled, lines swapped, numbers made huge, tokens and line separators
/// inserted, an expression spliced in.
pub fn mutated(rng: &mut Rng, corpus: &[String]) -> String {
    let mut text = rng.pick(corpus).clone();
    for _ in 0..1 + rng.below(3) {
        let at = floor_char(&text, rng.below(text.len() + 1));
        let to = floor_char(&text, (at + rng.below(40)).min(text.len()));
        match rng.below(8) {
            0 => text.replace_range(at..to, ""),
            1 => {
                let copy = text[at..to].to_string();
                text.insert_str(to, &copy);
            }
            2 => {
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.len() > 1 {
                    let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                    lines.swap(a, b);
                }
                text = lines.join("\n") + "\n";
            }
            3 => {
                let number = *rng.pick(INTS);
                text.insert_str(at, number);
            }
            4 => {
                let token = *rng.pick(&[
                    "(", ")", "[", "]", "<", ">", "{", "}", ",", "..", "for", "if", "*", "+", "\"",
                    "#", "\n", "=", "not", "$",
                ]);
                text.insert_str(at, token);
            }
            5 => {
                let separator =
                    *rng.pick(&["\u{2028}", "\u{2029}", "\u{85}", "\r", "\r\n", "\u{c}"]);
                text.insert_str(at, separator);
            }
            6 => text = text.replace('\n', "\r\n"),
            _ => {
                let mut g = Gen {
                    rng,
                    vars: Vec::new(),
                    depth: 2,
                };
                let ty = *g.rng.pick(&TYPES);
                let expr = g.expr(ty);
                text.insert_str(at, &expr);
            }
        }
    }
    text
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The program of `seed`: generated or mutated, about half each.
pub fn program(seed: u64, corpus: &[String]) -> String {
    let mut rng = Rng::new(seed);
    if corpus.is_empty() || rng.chance(55) {
        generated(&mut rng)
    } else {
        mutated(&mut rng, corpus)
    }
}

//! What an interactive session asks of the interpreter beyond running
//! entries: which names are defined, where, and how many positions each game
//! keeps in memory.

use super::{Interp, LetState};
use crate::engine::LITERALS;
use crate::printer;
use crate::resolve::program::Global;
use crate::span::Span;
use crate::syntax::ast::Stmt;
use crate::value::FamilyId;

/// What kind of definition a top-level name has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefinitionKind {
    Game,
    Def,
    Let,
}

impl DefinitionKind {
    /// The keyword that introduces it.
    pub fn keyword(self) -> &'static str {
        match self {
            DefinitionKind::Game => "game",
            DefinitionKind::Def => "def",
            DefinitionKind::Let => "let",
        }
    }
}

/// One current top-level definition: enough to list it, complete it and
/// hint its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionSummary {
    pub name: String,
    pub kind: DefinitionKind,
    pub params: Vec<String>,
    /// The name where it is defined.
    pub span: Span,
}

/// Everything `:info` shows about one definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionInfo {
    pub summary: DefinitionSummary,
    /// The whole statement as the user wrote it.
    pub source: String,
    /// Where it was written: a file name or `<repl:N>`, and its line.
    pub origin: String,
    /// For a game: positions interned and positions with known values.
    pub positions: Option<(u64, u64)>,
    /// For a `let` already evaluated: its value, printed.
    pub value: Option<String>,
    /// Its name with the types inferred: `game S(n: int)`.
    pub types: String,
}

/// Positions a game family keeps in memory, for `:stats`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyPositions {
    pub id: FamilyId,
    /// The family's name; `< … >` for literal games.
    pub name: String,
    pub interned: u64,
    pub known: u64,
}

impl Interp {
    /// Every current definition, in the order it was written (a
    /// redefinition takes the place of its latest text).
    pub fn definitions(&self) -> Vec<DefinitionSummary> {
        let program = &self.program;
        let mut all: Vec<DefinitionSummary> = program
            .globals
            .iter()
            .map(|(name, global)| {
                let (kind, params, span) = match *global {
                    Global::Family(id) => {
                        let f = program.family(id);
                        (DefinitionKind::Game, &f.params[..], f.span)
                    }
                    Global::Def(id) => {
                        let d = &program.defs[id.0 as usize];
                        (DefinitionKind::Def, &d.params[..], d.span)
                    }
                    Global::Let(index) => {
                        (DefinitionKind::Let, &[][..], program.lets[index].name.span)
                    }
                };
                DefinitionSummary {
                    name: name.clone(),
                    kind,
                    params: params.iter().map(|p| p.node.clone()).collect(),
                    span,
                }
            })
            .collect();
        all.sort_by_key(|d| (d.span.source, d.span.start));
        all
    }

    /// What `:info` shows about the definition called `name`, if there is
    /// one.
    pub fn definition_info(&self, name: &str) -> Option<DefinitionInfo> {
        let global = *self.program.globals.get(name)?;
        let summary = self.definitions().into_iter().find(|d| d.name == name)?;
        let (span, positions, value) = match global {
            Global::Family(id) => {
                let span = self.program.family(id).span;
                (span, Some(self.positions_with_instances(id)), None)
            }
            Global::Def(id) => (self.program.defs[id.0 as usize].span, None, None),
            Global::Let(index) => {
                let value = match &self.lets[index] {
                    LetState::Done(value) => Some(printer::inline(value, self)),
                    _ => None,
                };
                (self.let_statement(summary.span), None, value)
            }
        };
        let text = self.sources.text(span.source);
        let line = text[..span.start as usize].matches('\n').count() + 1;
        Some(DefinitionInfo {
            source: self.sources.slice(span).to_string(),
            origin: format!("{}:{line}", self.sources.name(span.source)),
            summary,
            positions,
            value,
            types: self.types.signature(&self.program, global),
        })
    }

    /// The span of the whole `let` statement whose name is at `name`.
    fn let_statement(&self, name: Span) -> Span {
        let text = self.sources.text(name.source);
        let start = text[..name.start as usize].rfind("let").unwrap_or(0);
        // The source parsed when it was run, so it parses again.
        let statements = crate::syntax::parse(text, name.source).unwrap_or_default();
        let end = statements.iter().find_map(|statement| match statement {
            Stmt::Let { name: n, value } if n.span == name => Some(value.span.end as usize),
            _ => None,
        });
        Span::new(name.source, start, end.unwrap_or(name.end as usize))
    }

    /// Positions kept per family, largest first, families with none left
    /// out.
    pub fn family_positions(&self) -> Vec<FamilyPositions> {
        let mut all = vec![(LITERALS, "< … >".to_string())];
        for (id, family) in self.program.families.iter().enumerate() {
            if let Some(family) = family {
                all.push((FamilyId(id as u32), self.instance_name(family)));
            }
        }
        let mut counts: Vec<FamilyPositions> = all
            .into_iter()
            .map(|(id, name)| {
                let (interned, known) = self.engine.family_stats(id);
                FamilyPositions {
                    id,
                    name,
                    interned,
                    known,
                }
            })
            .filter(|f| f.interned > 0)
            .collect();
        counts.sort_by(|a, b| b.interned.cmp(&a.interned).then(a.name.cmp(&b.name)));
        counts
    }

    /// Forgets every position and memoised value; returns how many
    /// positions there were. `let`s are evaluated again on their next use,
    /// since their values may hold positions.
    pub fn forget_values(&mut self) -> u64 {
        let (positions, _) = self.engine.stats();
        self.engine.clear();
        self.periods.clear();
        self.quotients.clear();
        self.play = Default::default();
        for state in &mut self.lets {
            if let LetState::Done(value) = std::mem::replace(state, LetState::Pending) {
                crate::value::dismantle(value);
            }
        }
        positions
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::Limits;
    use crate::printer::Format;
    use crate::resolve::Redefine;
    use crate::run::Captured;

    fn session(entries: &[&str]) -> Interp {
        let out = Box::new(Captured::default());
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut interp = Interp::new(Limits::default(), interrupt, Format::Text, out);
        for (n, entry) in entries.iter().enumerate() {
            let result = interp.run(&format!("<repl:{}>", n + 1), entry, Redefine::Replace);
            assert!(result.is_ok(), "{entry} failed: {result:?}");
        }
        interp
    }

    /// Runs each entry in a fresh session; returns, per entry, what it
    /// printed and whether it succeeded.
    fn outputs(entries: &[&str]) -> Vec<(String, bool)> {
        let out = Captured::default();
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut interp = Interp::new(
            Limits::default(),
            interrupt,
            Format::Text,
            Box::new(out.clone()),
        );
        let mut printed = 0;
        let mut results = Vec::new();
        for (n, entry) in entries.iter().enumerate() {
            let ok = interp
                .run(&format!("<repl:{}>", n + 1), entry, Redefine::Replace)
                .is_ok();
            let all = out.0.borrow();
            results.push((String::from_utf8_lossy(&all[printed..]).into_owned(), ok));
            printed = all.len();
        }
        results
    }

    #[test]
    fn a_redefined_let_reaches_the_defs_and_games_that_use_it() {
        let results = outputs(&[
            "let M = [1]",
            "def f(n) = M",
            "game S(n) = < S(n - k) for k in M if k <= n >",
            "seq(S, 0..=5)",
            "let M = [2]",
            "f(0)",
            "seq(S, 0..=5)",
        ]);
        assert_eq!(results[3].0, "[0, 1, 0, 1, 0, 1]\n");
        assert_eq!(results[5].0, "[2]\n");
        assert_eq!(results[6].0, "[0, 0, 1, 1, 0, 0]\n");
    }

    #[test]
    fn a_let_redefined_in_terms_of_another_let_is_read_afresh() {
        let results = outputs(&[
            "let a = 1\nlet b = a + 1\nlet c = b * 10",
            "c",
            "let a = 5",
            "c",
        ]);
        assert_eq!(results[1].0, "20\n");
        assert_eq!(results[3].0, "60\n");
    }

    #[test]
    fn a_name_redefined_as_another_kind_is_reached_by_old_code() {
        let results = outputs(&[
            "let M = [1]\ndef f(n) = M\ndef h(n) = n + 1\ndef k(n) = h(n)",
            "game G(n) = < G(n - 1) if n > 0 >\ndef p(n) = g(G(n))",
            "def M(n) = n * 2",
            "f(0)(21)",
            "let h = abs",
            "k(-4)",
            "def G(n) = *n",
            "p(6)",
        ]);
        assert_eq!(results[3].0, "42\n");
        assert_eq!(results[5].0, "4\n");
        assert_eq!(results[7].0, "6\n");
    }

    #[test]
    fn a_redefinition_with_another_arity_is_checked_by_old_callers() {
        let results = outputs(&[
            "game S(n) = < S(n - 1) if n > 0 >\ndef f(n) = g(S(n))\ndef d(n) = n\ndef e(n) = d(n)",
            "game S(a, b) = < S(a - 1, b) if a > 0 >",
            "f(3)",
            "def d(a, b) = a + b",
            "e(3)",
        ]);
        assert_eq!(results[2], ("".to_string(), false));
        assert_eq!(results[4], ("".to_string(), false));
    }

    #[test]
    fn a_name_changed_away_and_back_reaches_its_newest_definition() {
        // Every older slot of the name forwards to the newest definition,
        // whatever it was in between.
        let results = outputs(&[
            "def f(n) = 1\ndef h(n) = f(n) + 10",
            "def f(n, m) = n",
            "def f(n) = 2",
            "h(3)",
            "let c = 1\ndef k(n) = c + 10",
            "game c = < *1 >",
            "let c = 2",
            "k(3)",
        ]);
        assert_eq!(results[3], ("12\n".to_string(), true));
        assert_eq!(results[7], ("12\n".to_string(), true));
        // A family's program reads the newest definition too.
        let mut interp = session(&[
            "def f(n) = 1\ngame B(n) = < B(n - f(n)) if n >= f(n) >",
            "game f(n) = < f(n - 1) if n > 0 >",
            "def f(n) = 3",
        ]);
        let b = interp.family_named("B").expect("B is defined");
        let explained = interp.explain(b);
        assert!(explained.contains("B(n - 3) if n >= 3"), "{explained}");
        // A family redefined as a `def` is inlined where it is named.
        let mut interp = session(&[
            "game K(n) = < K(n - 1) if n > 0 >\ngame A(n) = < A(n - 1) if n > 0, K(n) >",
            "def K(n) = *3",
        ]);
        let a = interp.family_named("A").expect("A is defined");
        let explained = interp.explain(a);
        assert!(explained.contains("\n  *3"), "{explained}");
    }

    #[test]
    fn a_name_error_rejects_the_whole_entry_before_it_runs() {
        let results = outputs(&["let x = 5; print(1); g(*x) + y", "x", "let x = 2; x"]);
        assert_eq!(results[0], (String::new(), false));
        assert_eq!(results[1], (String::new(), false), "x was never defined");
        assert_eq!(results[2], ("2\n".to_string(), true));
    }

    #[test]
    fn a_runtime_error_stops_the_entry_and_keeps_its_output_and_definitions() {
        let results = outputs(&["let a = 5; print(a); g(3); print(6); let b = 7", "[a, b]"]);
        assert_eq!(results[0], ("5\n".to_string(), false));
        assert_eq!(results[1], ("[5, 7]\n".to_string(), true));
    }

    #[test]
    fn a_script_follows_the_same_rule_as_an_entry() {
        let run = |text: &str| crate::run::run_to_strings("s.sg", text, Default::default());
        let (out, errors) = run("print(1)\nfoo(2)\nprint(3)");
        assert_eq!(out, "");
        assert!(errors.is_some_and(|e| e.contains("unknown name `foo`")));
        let (out, errors) = run("print(1)\ng(3)\nprint(3)");
        assert_eq!(out, "1\n");
        assert!(errors.is_some());
    }

    #[test]
    fn kernel_fills_feed_the_progress_and_an_interrupt_clears_the_bar() {
        use crate::progress::{Task, testing};
        testing::draw_hidden(true);
        let interrupt = Arc::new(AtomicBool::new(false));
        let out = Box::new(Captured::default());
        let mut interp = Interp::new(Limits::default(), interrupt.clone(), Format::Text, out);
        let definition = "game T(n) = < T(n - k) for k in 1..=n >";
        assert!(
            interp
                .run("<repl:1>", definition, Redefine::Replace)
                .is_ok()
        );
        let task = Task::start("g", None);
        assert!(
            interp
                .run("<repl:2>", "g(T(2000))", Redefine::Replace)
                .is_ok()
        );
        let (_, message) = testing::shown().expect("a spinner");
        assert_eq!(message, "2,001 positions solved");
        drop(task);
        assert!(testing::idle());
        // Ctrl-C in the middle of a long kernel fill: the positions solved
        // so far were reported as the fill went, and the error ends the
        // evaluation and takes its bar with it.
        let press_ctrl_c = |interp: &mut Interp, entry: &str| {
            let key = interrupt.clone();
            let pressed = std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(300));
                key.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            let result = interp.run("<repl:3>", entry, Redefine::Replace);
            pressed.join().expect("the key was pressed");
            let errors = result.expect_err("interrupted");
            assert_eq!(errors[0].message, "interrupted");
        };
        let task = Task::start("g", None);
        press_ctrl_c(&mut interp, "g(T(200000))");
        let (_, message) = testing::shown().expect("a spinner");
        let solved: u64 = message
            .split(' ')
            .next()
            .unwrap()
            .replace(',', "")
            .parse()
            .unwrap();
        assert!(solved > 2001, "{message}");
        drop(task);
        press_ctrl_c(&mut interp, "g(T(300000))");
        assert!(testing::idle());
        testing::draw_hidden(false);
    }

    #[test]
    fn definitions_come_in_the_order_written_with_their_parameters() {
        let interp = session(&[
            "game S(n) = < S(n - 1) if n > 0 >",
            "def f(a, b) = a + b\nlet k = 3",
        ]);
        let listed: Vec<_> = interp
            .definitions()
            .into_iter()
            .map(|d| (d.kind.keyword(), d.name, d.params.join(",")))
            .collect();
        assert_eq!(
            listed,
            [
                ("game", "S".to_string(), "n".to_string()),
                ("def", "f".to_string(), "a,b".to_string()),
                ("let", "k".to_string(), String::new()),
            ]
        );
    }

    #[test]
    fn a_redefinition_is_listed_once_at_its_new_place() {
        let interp = session(&["let k = 1\nlet j = 2", "let k = 5"]);
        let names: Vec<_> = interp.definitions().into_iter().map(|d| d.name).collect();
        assert_eq!(names, ["j", "k"]);
    }

    #[test]
    fn info_shows_source_origin_and_cached_positions() {
        let interp = session(&["\ngame S(n) = < S(n - 1) if n > 0 >", "g(S(9))"]);
        let info = interp.definition_info("S").expect("S is defined");
        assert_eq!(info.source, "game S(n) = < S(n - 1) if n > 0 >");
        assert_eq!(info.origin, "<repl:1>:2");
        assert_eq!(info.types, "game S(n: int)");
        // S(0) … S(9), all solved.
        assert_eq!(info.positions, Some((10, 10)));
        assert!(interp.definition_info("T").is_none());
    }

    #[test]
    fn info_of_a_let_shows_the_statement_and_its_value_once_known() {
        let interp = session(&["let xs = [\n  1, 2 ]", "let later = 1 + 1"]);
        let info = interp.definition_info("xs").expect("xs is defined");
        assert_eq!(info.source, "let xs = [\n  1, 2 ]");
        assert_eq!(info.value.as_deref(), Some("[1, 2]"));
        let later = interp.definition_info("later").and_then(|i| i.value);
        assert_eq!(later.as_deref(), Some("2"));
    }

    #[test]
    fn forgetting_values_empties_every_family_and_lets_still_work() {
        let mut interp = session(&["game S(n) = < S(n - 1) if n > 0 >", "let p = S(4)", "g(p)"]);
        assert_eq!(interp.family_positions()[0].name, "S");
        assert_eq!(interp.forget_values(), 5);
        assert!(interp.family_positions().is_empty());
        assert!(interp.run("<repl:9>", "g(p)", Redefine::Replace).is_ok());
        assert_eq!(interp.engine.family_stats(FamilyId(1)), (5, 5));
    }
}

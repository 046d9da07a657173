//! Grundy values by an iterative depth-first search over an explicit work
//! stack: no native recursion however deep the game, cycles reported by
//! name, Ctrl-C and limits checked as it goes.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::bottom_up::Fill;
use super::{Interp, NO_CASE_STOPS, endless};
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::kernel::{Foreign, Known};
use crate::engine::{Engine, IN_PROGRESS, IntKey, LITERALS, Mex, Stop, UNKNOWN};
use crate::ops;
use crate::printer;
use crate::progress;
use crate::resolve::program::Body;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{FamilyId, Game, PosId, Value};

/// Options kept between the two visits of a position whose options were
/// not all known at the first: the second visit takes its mex without
/// evaluating the body again. Positions are revisited in the reverse order
/// of their first visits, so the kept options form a stack.
#[derive(Default)]
struct Pending {
    /// Per kept position: where its options start in `games`, and whether
    /// they are an alias (one game) rather than a list of options.
    kept: Vec<(PosId, usize, bool)>,
    games: Vec<Game>,
}

/// Most games kept at once; past it, positions are expanded again.
const KEPT_GAMES: usize = 1 << 22;
/// Games kept at once past which a family of one integer parameter
/// without an integer program is computed bottom-up (see `ascend`).
const ASCEND_AFTER: usize = 1 << 16;

impl Pending {
    /// Keeps the options of `pos` for its next visit, if there is room.
    fn keep(&mut self, pos: PosId, options: &mut Vec<Game>, alias: bool) {
        if self.games.len() + options.len() <= KEPT_GAMES {
            self.kept.push((pos, self.games.len(), alias));
            self.games.append(options);
        }
    }

    /// The options kept for `pos`, written into `options`.
    fn take(&mut self, pos: PosId, options: &mut Vec<Game>) -> Option<Expansion> {
        match self.kept.last() {
            Some(&(kept, start, alias)) if kept == pos => {
                self.kept.pop();
                options.extend(self.games.drain(start..));
                Some(match alias {
                    true => Expansion::Alias(options.pop()?),
                    false => Expansion::Options,
                })
            }
            _ => None,
        }
    }

    /// Drops what was kept for `pos`, whose value became known otherwise.
    fn forget(&mut self, pos: PosId) {
        if let Some(&(kept, start, _)) = self.kept.last()
            && kept == pos
        {
            self.kept.pop();
            self.games.truncate(start);
        }
    }
}

/// The values an integer program's options name, during the depth-first
/// search: a position not known yet is noted as absent and counts as 0
/// (the walk's result is then discarded, the absent positions computed
/// first).
struct LookedUp<'a> {
    engine: &'a Engine<Value>,
    family: FamilyId,
    /// Whether positions are boards (one list of integers).
    board: bool,
    /// The other families the options name (`Kernel::foreign`).
    foreign: &'a [Foreign],
    absent: RefCell<Vec<(FamilyId, IntKey)>>,
    /// The positions of other families not known yet, by their integers
    /// (`Engine::value_of_ints`).
    absent_foreign: RefCell<Vec<(FamilyId, Vec<i64>)>>,
}

impl LookedUp<'_> {
    fn find(&self, family: FamilyId, key: IntKey) -> u64 {
        let found = self.engine.find(family, &key);
        match found.map(|position| self.engine.value(position)) {
            Some(value) if value < IN_PROGRESS => value,
            _ => {
                self.absent.borrow_mut().push((family, key));
                0
            }
        }
    }
}

impl Known for LookedUp<'_> {
    fn value(&self, args: &[i64]) -> Option<u64> {
        let key = IntKey::new(args, self.board)?;
        Some(self.find(self.family, key))
    }

    fn foreign(&self, index: usize, args: &[i64]) -> Option<u64> {
        let family = self.foreign.get(index)?.family;
        // One not known yet gives up on the walk: a filter remembered by
        // its loop's value (`if g(K(k)) == 0`) must not keep a stand-in.
        let value = self.engine.value_of_ints(family, args);
        if value.is_none() {
            let absent = (family, args.to_vec());
            self.absent_foreign.borrow_mut().push(absent);
        }
        value
    }

    /// No line of values: split options are left to the bottom-up fill.
    fn line(&self) -> &[u32] {
        &[]
    }
}

/// A position's options as its body gives them.
pub(super) enum Expansion {
    /// The options were written into the buffer.
    Options,
    /// The position plays exactly like this game (a body that is not `< … >`).
    Alias(Game),
}

/// Steps a search may take for the positions a fill asked for before it
/// gives them up (`Interp::solve`): a quarter of a second of a descent.
const SPECULATION: u32 = 1 << 18;

/// Positions the generic search solves between two reports of progress.
const REPORT_STEPS: u32 = 4096;

/// How many positions of a chain are named in a cycle or context message.
const SHOWN: usize = 4;

impl Interp {
    /// The Sprague-Grundy value of `game`; `span` is where it was asked for.
    pub fn grundy(&mut self, game: &Game, span: Span) -> Result<u64> {
        let mut missing = Vec::new();
        if let Some(value) = self.engine.known(game, &mut missing) {
            return Ok(value);
        }
        for &pos in &missing {
            self.check_ends(pos, span, endless::NO_VALUE)?;
            self.prove_before(pos, span)?;
        }
        self.enter(span, || NO_CASE_STOPS.to_string())?;
        let solved = self.solve(missing, span);
        self.depth -= 1;
        solved?;
        let mut still = Vec::new();
        Ok(self
            .engine
            .known(game, &mut still)
            .expect("every part was solved"))
    }

    fn solve(&mut self, roots: Vec<PosId>, span: Span) -> Result<()> {
        let mut stack = roots;
        let mut options = Vec::new();
        let mut missing = Vec::new();
        let mut mex = Mex::default();
        let mut values = Vec::new();
        let mut steps: u32 = 0;
        let mut solved: u32 = 0;
        let mut pending = Pending::default();
        // The positions a bottom-up fill asked for before the one it was
        // computing (its own, or another family's it names), with the
        // family filled: the query may never reach them.
        let mut speculative = FxHashMap::default();
        // Steps taken since the fills' first request still pending.
        let mut speculated: u32 = 0;
        while let Some(&pos) = stack.last() {
            let state = self.engine.value(pos);
            if state < IN_PROGRESS {
                stack.pop();
                pending.forget(pos);
                continue;
            }
            // A fill's request may lead where the query never goes, and on
            // for ever (`S(-1)` of `< S(n - 1) if (n + B - B) != 3 >`,
            // asked for by the fill below `S(5)`, a descent no check
            // proves endless): past a budget it is given up, and the
            // family's positions are searched from the query down.
            // A request computed meanwhile may be left among them (popped
            // known, above): where none is on the stack, nothing is given
            // up, and the count starts again.
            speculated = if speculative.is_empty() {
                0
            } else {
                speculated + 1
            };
            if speculated > SPECULATION {
                speculated = 0;
                if self.abandon(&mut stack, &mut speculative, &mut pending) {
                    continue;
                }
            }
            // A large heap kept apart from the dense table (one an option
            // names, far above the query): read from a proved period if a
            // theorem gives one.
            if self.engine.dense_arg(pos).is_none()
                && let Err(error) = self.prove_before(pos, span)
            {
                return Err(self.unwind(&stack, error));
            }
            if let Some(value) = self.periodic_value(pos) {
                self.engine.set_value(pos, value);
                stack.pop();
                pending.forget(pos);
                continue;
            }
            match self.fill(pos) {
                Ok(Fill::Done) => {
                    stack.pop();
                    pending.forget(pos);
                    continue;
                }
                // A position the fill asks for whose play never ends
                // (`S(1)` of `< S(n - 2) if n != 0 >`, asked for by the
                // fill below `S(4)`) may not be reached from the query: the
                // family's positions are searched from the query down.
                Ok(Fill::First(blocked)) if self.never_ends(blocked).is_some() => {
                    self.unfilled.insert(pos.family);
                    continue;
                }
                Ok(Fill::First(blocked)) => {
                    speculative.insert(blocked, pos.family);
                    stack.push(blocked);
                    continue;
                }
                Ok(Fill::Generic) => {}
                Err(stop) => {
                    let error = self.stop(stop, span);
                    return Err(self.unwind(&stack, error));
                }
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024)
                && let Err(stop) = self.engine.check_interrupt()
            {
                let error = self.stop(stop, span);
                return Err(self.unwind(&stack, error));
            }
            options.clear();
            missing.clear();
            let kept = pending.take(pos, &mut options);
            let by_program = match kept {
                Some(_) => None,
                None => match self.search_by_program(pos, &mut missing, &mut mex) {
                    Ok(outcome) => outcome,
                    Err(stop) => {
                        let error = self.stop(stop, span);
                        return Err(self.unwind(&stack, error));
                    }
                },
            };
            // `alias` is `None` when the program computed the position:
            // then no options are kept for its next visit.
            let (value, alias) = match by_program {
                Some(value) => (value, None),
                None => {
                    let expansion = match kept {
                        Some(expansion) => Ok(expansion),
                        None => self.expand(pos, &mut options, false),
                    };
                    let alias = matches!(expansion, Ok(Expansion::Alias(_)));
                    let value = match expansion {
                        Ok(Expansion::Options) => {
                            values.clear();
                            for option in &options {
                                if let Some(v) = self.engine.known(option, &mut missing) {
                                    values.push(v);
                                }
                            }
                            missing
                                .is_empty()
                                .then(|| mex.of(values.len(), values.iter().copied()))
                        }
                        Ok(Expansion::Alias(game)) => {
                            let value = self.engine.known(&game, &mut missing);
                            options.push(game);
                            value
                        }
                        Err(error) => {
                            if self.abandon(&mut stack, &mut speculative, &mut pending) {
                                continue;
                            }
                            let error = self.context_chain(error, pos, &stack);
                            return Err(self.unwind(&stack, error));
                        }
                    };
                    (value, Some(alias))
                }
            };
            match value {
                Some(value) => {
                    self.engine.set_value(pos, value);
                    if alias.is_some() {
                        *self.searched.entry(pos.family).or_default() += 1;
                    }
                    stack.pop();
                    speculative.remove(&pos);
                    solved += 1;
                    if solved == REPORT_STEPS {
                        progress::solved(solved.into());
                        solved = 0;
                    }
                }
                None => {
                    let cyclic = missing
                        .iter()
                        .find(|m| **m == pos || self.engine.value(**m) == IN_PROGRESS);
                    if let Some(&back) = cyclic {
                        if self.abandon(&mut stack, &mut speculative, &mut pending) {
                            continue;
                        }
                        let error = self.cycle_error(&stack, pos, back, span);
                        return Err(self.unwind(&stack, error));
                    }
                    // An option from which play never ends (`S(3)` of `<
                    // S(n - 2) if n % 2 == 1, S(3) if n == 4 >` from `S(4)`)
                    // is reported before the search walks down it.
                    let endless = (missing.iter())
                        .find_map(|&m| self.endless_error(m, span, endless::NO_VALUE));
                    if let Some(error) = endless {
                        if self.abandon(&mut stack, &mut speculative, &mut pending) {
                            continue;
                        }
                        let error = self.context_chain(error, pos, &stack);
                        return Err(self.unwind(&stack, error));
                    }
                    self.engine.set_value(pos, IN_PROGRESS);
                    stack.append(&mut missing);
                    if let Some(alias) = alias {
                        pending.keep(pos, &mut options, alias);
                    }
                    // The reference search (`generic_only`) stays depth first.
                    let far = pending.games.len() > ASCEND_AFTER && !self.generic_only;
                    if far && self.engine.dense_arg(pos).is_some() {
                        self.ascending.entry(pos.family).or_insert(0);
                    }
                }
            }
        }
        Ok(())
    }

    /// Gives up the computation of a position a fill asked for, and of
    /// everything above it on the stack, when it met an error or a cycle:
    /// the query may not reach that position, and where it does, the search
    /// meets the error again and reports it. The fills of the family that
    /// asked for it stop, so that its positions are searched from the
    /// query down (and the fill does not ask for it again). `false` when
    /// no such position is on the stack: the error is the query's.
    fn abandon(
        &mut self,
        stack: &mut Vec<PosId>,
        speculative: &mut FxHashMap<PosId, FamilyId>,
        pending: &mut Pending,
    ) -> bool {
        // The last pushed: the same position lower on the stack (a root of
        // the query, `S(1)` of `g(S(1) + S(2))`) was asked for before the
        // fill's request, and is not given up with it.
        let Some(at) = stack.iter().rposition(|pos| speculative.contains_key(pos)) else {
            return false;
        };
        self.unfilled.insert(speculative[&stack[at]]);
        for pos in stack.drain(at..) {
            if self.engine.value(pos) == IN_PROGRESS {
                self.engine.set_value(pos, UNKNOWN);
            }
            pending.forget(pos);
        }
        // Those left were computed or are drained now.
        speculative.clear();
        true
    }

    /// Computes `pos` depth first with its family's integer program: its
    /// value, or `Some(None)` with the positions to compute first pushed to
    /// `missing`; `None` when the program cannot vouch for it (the evaluator
    /// of its resolved body then expands it, and reports any error).
    fn search_by_program(
        &mut self,
        pos: PosId,
        missing: &mut Vec<PosId>,
        mex: &mut Mex,
    ) -> std::result::Result<Option<Option<u64>>, Stop> {
        if pos.family == LITERALS || self.generic_only {
            return Ok(None);
        }
        let Some(key) = IntKey::of(&self.engine.own_args(pos)) else {
            return Ok(None);
        };
        let Ok(plan) = self.plan(pos.family) else {
            return Ok(None);
        };
        // Split options are computed against the line of a one-parameter
        // table (the sparse space), which a search does not have.
        let kernel = &plan.kernel;
        let shape_fits = kernel.params == key.ints().len() && key.is_list() == plan.board;
        if !shape_fits || kernel.has_split() {
            return Ok(None);
        }
        let looked_up = LookedUp {
            engine: &self.engine,
            family: pos.family,
            board: plan.board,
            foreign: &kernel.foreign,
            absent: RefCell::default(),
            absent_foreign: RefCell::default(),
        };
        let limit = self.engine.limits.max_list_len;
        let mut found = std::mem::take(&mut self.program_options);
        let walked = plan
            .kernel
            .options(key.ints(), &looked_up, limit, &mut found);
        let mut absent: Vec<(FamilyId, Vec<Value>)> = (looked_up.absent.into_inner())
            .into_iter()
            .map(|(family, key)| (family, key.args()))
            .collect();
        let foreign = looked_up.absent_foreign.into_inner();
        // A walk given up on at another family's position not known yet
        // goes on once it is.
        let waits = !foreign.is_empty();
        let foreign = foreign
            .into_iter()
            .map(|(f, ints)| (f, self.engine.args_of_ints(f, &ints)));
        absent.extend(foreign);
        let outcome = match walked {
            None if !waits => None,
            Some(()) if absent.is_empty() => {
                Some(Some((found.alias_value()).unwrap_or_else(|| {
                    mex.of(found.points.len(), found.points.iter().copied())
                })))
            }
            _ => {
                // A limit met here is left to the evaluator, which reports
                // it at the option that meets it.
                let mut interned = Some(None);
                for (family, args) in absent {
                    let Ok(position) = self.engine.intern(family, &args) else {
                        missing.clear();
                        interned = None;
                        break;
                    };
                    if self.engine.value(position) >= IN_PROGRESS {
                        missing.push(position);
                    }
                }
                if self.names_a_later_slot(pos, missing) {
                    self.unfilled.insert(pos.family);
                }
                interned
            }
        };
        self.program_options = found;
        Ok(outcome)
    }

    /// Whether a position of a three- or four-parameter table has an
    /// option at a later slot of its own table (`T(a - 1, b + 1, c + 1)`
    /// from `(1, 2, 2)` names `(0, 3, 3)`): slot order is not the game's,
    /// and a fill towards any position would first compute every position
    /// of its shells, each of which names later shells again, without
    /// end. The family is then searched from the query down.
    fn names_a_later_slot(&self, pos: PosId, missing: &[PosId]) -> bool {
        let in_shells = |p: &PosId| p.family == pos.family && self.engine.dense_tuple(*p).is_some();
        in_shells(&pos) && missing.iter().any(|m| in_shells(m) && m.index > pos.index)
    }

    /// Resets the positions left in progress after an error, so that the
    /// next evaluation starts clean.
    fn unwind(&mut self, stack: &[PosId], error: Box<Diagnostic>) -> Box<Diagnostic> {
        for &pos in stack {
            if self.engine.value(pos) == IN_PROGRESS {
                self.engine.set_value(pos, UNKNOWN);
            }
        }
        error
    }

    /// Notes which positions were being expanded: `pos`, then the
    /// positions in progress below it on the stack, innermost first.
    fn context_chain(
        &self,
        mut error: Box<Diagnostic>,
        pos: PosId,
        stack: &[PosId],
    ) -> Box<Diagnostic> {
        error = self.context(error, pos);
        let mut shown = vec![pos];
        for &outer in stack.iter().rev() {
            if error.notes.len() >= SHOWN {
                break;
            }
            if self.engine.value(outer) == IN_PROGRESS && !shown.contains(&outer) {
                shown.push(outer);
                error = self.context(error, outer);
            }
        }
        error
    }

    pub(super) fn context(&self, error: Box<Diagnostic>, pos: PosId) -> Box<Diagnostic> {
        if error.notes.len() >= SHOWN {
            return error;
        }
        let shown = printer::brief(&Value::Game(Game::Pos(pos)), self);
        error.note(format!("while computing the options of {shown}"))
    }

    /// The positions in progress on the stack, from `from` to the top: the
    /// current path of the search.
    fn path(&self, stack: &[PosId], from: PosId) -> Vec<PosId> {
        let mut path = Vec::new();
        let mut seen = FxHashSet::default();
        for &pos in stack.iter().rev() {
            if self.engine.value(pos) == IN_PROGRESS && seen.insert(pos) {
                path.push(pos);
                if pos == from {
                    break;
                }
            }
        }
        path.reverse();
        path
    }

    pub(super) fn cycle_error(
        &self,
        stack: &[PosId],
        pos: PosId,
        back: PosId,
        span: Span,
    ) -> Box<Diagnostic> {
        let mut cycle = if back == pos {
            Vec::new()
        } else {
            self.path(stack, back)
        };
        cycle.push(pos);
        cycle.push(back);
        let name = |p: &PosId| printer::inline(&Value::Game(Game::Pos(*p)), self);
        let shown: Vec<String> = if cycle.len() > SHOWN + 1 {
            let mut s: Vec<String> = cycle[..SHOWN].iter().map(name).collect();
            s.push(format!("… ({} more)", cycle.len() - SHOWN - 1));
            s.push(name(&back));
            s
        } else {
            cycle.iter().map(name).collect()
        };
        let mut diagnostic =
            Diagnostic::new(span, format!("the game has a cycle: {}", shown.join(" → ")))
                .label("g is defined only for games that always end")
                .help("use loopy(G) for the value of a game with cycles");
        if back.family != LITERALS {
            let family = self.program.family(back.family);
            diagnostic =
                diagnostic.with_label(family.span, format!("`{}` is defined here", family.name));
        }
        diagnostic
    }

    /// Writes the options of `pos` into `out`, or says what game it is;
    /// with `first_only`, stops at the first option (is `pos` terminal?).
    pub(super) fn expand(
        &mut self,
        pos: PosId,
        out: &mut Vec<Game>,
        first_only: bool,
    ) -> Result<Expansion> {
        if pos.family == LITERALS {
            out.extend(self.engine.key(pos).iter().filter_map(|v| match v {
                Value::Game(game) => Some(game.clone()),
                _ => None,
            }));
            return Ok(Expansion::Options);
        }
        if !self.generic_only && self.options_by_program(pos, out, first_only) {
            return Ok(Expansion::Options);
        }
        self.listed.by_evaluator += 1;
        let program = Rc::clone(&self.program);
        let family = program.family(pos.family);
        self.check_stack(family.body_span)?;
        let mut frame = self.frames.pop().unwrap_or_default();
        match self.engine.dense_arg(pos) {
            Some(n) if !self.engine.is_instance(pos.family) => frame.push(Value::Int(n)),
            _ => frame.extend_from_slice(&self.engine.args(pos)),
        }
        frame.resize(family.slots.max(frame.len()), Value::Unit);
        let result = match &family.body {
            Body::Options(elements) => elements
                .iter()
                .try_for_each(|element| {
                    crate::eval::generate(self, &mut frame, element, &mut |it, value, span| {
                        out.push(ops::option(value, span)?);
                        if first_only {
                            // Unwinds the generator; the caller has its answer.
                            return Err(Diagnostic::new(span, "stopped at the first option"));
                        }
                        it.check_length(out.len(), span)
                    })
                })
                .map(|()| Expansion::Options)
                .or_else(|error| match first_only && !out.is_empty() {
                    true => Ok(Expansion::Options),
                    false => Err(error),
                }),
            Body::Game(term) => match crate::eval::eval(self, &mut frame, term) {
                Ok(Value::Game(game)) => Ok(Expansion::Alias(game)),
                Ok(other) => Err(ops::expected_game(&other, family.body_span)),
                Err(error) => Err(error),
            },
        };
        frame.clear();
        self.frames.push(frame);
        result
    }
}

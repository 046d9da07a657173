//! The runtime: runs resolved statements, calls definitions, interns
//! positions and asks the solver for values.

mod bottom_up;
pub mod builtins;
mod canonical;
mod endless;
mod explain;
pub mod import;
mod instances;
mod listed;
mod periodic;
mod play;
mod runtime;
pub mod session;
mod solve;

use std::io::Write;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::{Engine, Limits, Shape, Stop};
use crate::ir::{Fallback, Plan};
use crate::ops;
use crate::printer::{self, Format};
use crate::resolve::Redefine;
use crate::resolve::program::{Action, AssertCheck, Assertion, Program};
use crate::resolve::term::Term;
use crate::runtime::Runtime;
use crate::span::{Sources, Span};
use crate::types::Type;
use crate::value::{DefId, FamilyId, PosId, Value};

/// The help of a recursion too deep that may have no case that stops.
const NO_CASE_STOPS: &str = "a `def` that calls itself needs a case that stops";

/// How many of some work (values of `let`s and printed expressions,
/// lists of a position's options) programs did, and how many the
/// evaluator of resolved terms did.
#[derive(Default)]
struct Tally {
    by_program: u64,
    by_evaluator: u64,
}

enum LetState {
    Pending,
    Evaluating,
    Done(Value),
}

/// A running session: sources read, definitions, memo tables and output.
pub struct Interp {
    pub sources: Sources,
    pub engine: Engine<Value>,
    program: Rc<Program>,
    /// The types of its definitions.
    types: crate::types::Types,
    lets: Vec<LetState>,
    depth: usize,
    /// Spare frames, so that expanding a position allocates nothing.
    frames: Vec<Vec<Value>>,
    format: Format,
    out: Box<dyn Write>,
    /// What `loopy`, `outcome` and `misere` searched, for later calls.
    play: play::PlayMemo,
    /// The misère quotients `misere_quotient` computed, by family.
    pub(crate) quotients: rustc_hash::FxHashMap<FamilyId, Rc<crate::engine::quotient::Quotient>>,
    /// The families `octal(…)` has made, by code.
    octal_families: rustc_hash::FxHashMap<String, FamilyId>,
    /// Each family's integer IR, or why it has none, built on first use.
    plans: rustc_hash::FxHashMap<FamilyId, std::result::Result<Rc<Plan>, Fallback>>,
    /// What each family's definition says of plays that never end
    /// (`endless::Ends`), found on first use.
    endless: rustc_hash::FxHashMap<FamilyId, Rc<endless::Ends>>,
    /// The families whose bottom-up fills stopped at a position that
    /// failed (see `solve::abandon`): searched from the query down.
    unfilled: rustc_hash::FxHashSet<FamilyId>,
    /// The families of one integer parameter without an integer program
    /// that the search computes bottom-up (see `solve::ascend`), each with
    /// the argument below which every value is known.
    ascending: rustc_hash::FxHashMap<FamilyId, u32>,
    /// Each family's fixed parameters (`ir::fixed_params`), found on first
    /// use, and its instances made so far, by the fixed values.
    fixed: rustc_hash::FxHashMap<FamilyId, Rc<[usize]>>,
    instances: rustc_hash::FxHashMap<(FamilyId, Rc<[Value]>), FamilyId>,
    /// The lengths of lists for which a family whose positions are lists
    /// has no instance (`ir::lengths`): its program does not read as a
    /// board's there.
    unfit_lengths: rustc_hash::FxHashSet<(FamilyId, usize)>,
    /// Whether integer programs are turned off (see `set_generic_only`).
    generic_only: bool,
    /// Whether `run` evaluates only `let`s (see `define_only`).
    definitions_only: bool,
    /// Positions whose values the generic search computed (the others came
    /// from integer programs), per family, for `:stats`, `--stats` and the
    /// tests of fallbacks.
    searched: rustc_hash::FxHashMap<FamilyId, u64>,
    /// Positions whose options were listed as games (`--stats`).
    listed: Tally,
    /// How many values of `let`s and printed expressions their programs
    /// computed, and how many the generic evaluator did (`--stats`).
    values_computed: Tally,
    /// Each family's proved period, once proved, or the heaps a proof was
    /// sought below without one (`periodic::Tried`).
    periods: rustc_hash::FxHashMap<FamilyId, Result<periodic::Periodic, periodic::Tried>>,
    /// The last value an expression statement printed: `_`.
    last_result: Option<Value>,
    /// The options an integer program lists during the search, reused.
    program_options: crate::engine::kernel::OptionSet,
    /// The run's time limit and whether it has passed (then the interrupt
    /// flag is set too), to say which stopped the run.
    time_limit: Option<(std::time::Duration, Arc<AtomicBool>)>,
    /// Steps of the interpreter's loops since the last check of Ctrl-C and
    /// the memory budget (see `tick`): one counter for every loop, so that
    /// nested short loops are checked as often as one long loop.
    ticks: std::cell::Cell<u32>,
    /// A notebook's display, which takes results in place of `out` (see
    /// `set_display`).
    display: Option<Box<dyn Display>>,
    /// The drawings (`tree`, `dot`) among the strings of the current run,
    /// kept only while a display is set, so that it can draw them.
    drawings: Vec<(Rc<str>, Drawing)>,
}

/// A notebook front end: it shows each expression statement's value
/// richly (a table as HTML, a tree as a picture) instead of as a line of
/// text, and the pictures built-ins draw (`plot` without a file).
pub trait Display {
    /// Shows the value of an expression statement.
    fn result(&mut self, value: &Value, interp: &Interp);
    /// Shows a picture, as SVG text.
    fn picture(&mut self, svg: &str);
}

/// What a string returned by `tree` or `dot` draws, for a display that
/// shows it as a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// `tree`'s lines: each position's depth and its text (name and value).
    Tree(Vec<(usize, String)>),
    /// `dot`'s Graphviz text.
    Dot,
}

/// The values of `let`s may be nested too deeply for the ordinary drop.
impl Drop for Interp {
    fn drop(&mut self) {
        for state in self.lets.drain(..) {
            if let LetState::Done(value) = state {
                crate::value::dismantle(value);
            }
        }
    }
}

/// The printer names families, `def`s and positions through the session.
impl crate::printer::Names for Interp {
    fn family_name(&self, family: FamilyId) -> &str {
        self.engine.family_name(family)
    }

    fn def_name(&self, def: DefId) -> &str {
        &self.program().defs[def.0 as usize].name
    }

    fn args(&self, pos: PosId) -> std::borrow::Cow<'_, [Value]> {
        self.engine.args(pos)
    }
}

/// The error for output that could not be written.
fn output_error(error: &std::io::Error, span: Span) -> Box<Diagnostic> {
    Diagnostic::new(span, format!("cannot write the output: {error}"))
        .label("while printing this")
        .help("check that the disk or device the output goes to has room")
}

impl Interp {
    /// A fresh session writing results to `out`.
    pub fn new(
        limits: Limits,
        interrupt: Arc<AtomicBool>,
        format: Format,
        out: Box<dyn Write>,
    ) -> Interp {
        Interp {
            sources: Sources::default(),
            engine: Engine::new(limits, interrupt),
            program: Rc::new(Program::default()),
            types: Default::default(),
            lets: Vec::new(),
            depth: 0,
            frames: Vec::new(),
            format,
            out,
            octal_families: Default::default(),
            quotients: Default::default(),
            play: Default::default(),
            plans: Default::default(),
            endless: Default::default(),
            unfilled: Default::default(),
            ascending: Default::default(),
            fixed: Default::default(),
            instances: Default::default(),
            unfit_lengths: Default::default(),
            generic_only: false,
            definitions_only: false,
            ticks: std::cell::Cell::new(0),
            searched: Default::default(),
            listed: Tally::default(),
            values_computed: Default::default(),
            program_options: Default::default(),
            last_result: None,
            periods: Default::default(),
            time_limit: None,
            display: None,
            drawings: Vec::new(),
        }
    }

    /// Sends results to `display` rather than printing them (a notebook).
    pub fn set_display(&mut self, display: Box<dyn Display>) {
        self.display = Some(display);
    }

    /// Whether a display shows results and pictures (a notebook).
    pub fn displays(&self) -> bool {
        self.display.is_some()
    }

    /// Shows a picture on the display, if there is one.
    pub fn show_picture(&mut self, svg: &str) {
        if let Some(display) = self.display.as_mut() {
            display.picture(svg);
        }
    }

    /// Remembers that `text` (a string a built-in returns) draws
    /// `drawing`, when a display may show it.
    pub fn note_drawing(&mut self, text: &Value, drawing: impl FnOnce() -> Drawing) {
        if let (Some(_), Value::Str(text)) = (&self.display, text) {
            self.drawings.push((Rc::clone(text), drawing()));
        }
    }

    /// What the string `text` draws, if a built-in of this run returned it.
    pub fn drawing(&self, text: &Rc<str>) -> Option<&Drawing> {
        let found = self.drawings.iter().find(|(t, _)| Rc::ptr_eq(t, text));
        found.map(|(_, drawing)| drawing)
    }

    /// Names the time limit in the error when `timed_out` is set.
    pub fn set_time_limit(&mut self, limit: std::time::Duration, timed_out: Arc<AtomicBool>) {
        self.time_limit = Some((limit, timed_out));
    }

    /// The resolved program so far.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Parses, lowers and runs one source text (a script or a REPL entry).
    /// A syntax or name error rejects the whole text before anything runs
    /// and changes nothing; otherwise its definitions are kept and its
    /// statements run in order up to the first runtime error, whose earlier
    /// results stay printed.
    pub fn run(
        &mut self,
        name: &str,
        text: &str,
        redefine: Redefine,
    ) -> std::result::Result<(), Vec<Diagnostic>> {
        let source = self.sources.add(name, text);
        let statements = crate::syntax::parse(text, source).map_err(|d| vec![*d])?;
        let statements = import::expand(&mut self.sources, statements, name)?;
        let defined = crate::types::define(&statements, &self.program, &self.types, redefine)?;
        let resolved = defined.resolved;
        self.program = Rc::new(defined.program);
        self.types = defined.types;
        self.plans.clear();
        self.endless.clear();
        self.unfilled.clear();
        self.ascending.clear();
        for &id in &resolved.new_families {
            let family = self.program.family(id);
            let shape = crate::ir::shape(family);
            self.engine.define_family(id, family.name.clone(), shape);
        }
        if resolved.replaced {
            // Instances copied the definitions they came from.
            self.fixed.clear();
            self.instances.clear();
            self.unfit_lengths.clear();
            self.forget_values();
        }
        self.lets
            .resize_with(self.program.lets.len(), || LetState::Pending);
        self.engine.reset_interrupt();
        self.drawings.clear();
        for action in &resolved.actions {
            if self.definitions_only && !matches!(action, Action::Let(_)) {
                continue;
            }
            self.depth = 0;
            self.engine.forget_refused_box();
            self.action(action).map_err(|d| vec![*d])?;
        }
        Ok(())
    }

    /// The family of the octal game `code` (canonical form, e.g. `0.77`),
    /// defined on first use from the `.sg` source `define` writes for a
    /// family named by the given identifier, so that it runs through the
    /// same engine (and fast paths) as a hand-written definition.
    pub fn octal_family(
        &mut self,
        code: &str,
        define: impl FnOnce(&str) -> String,
        span: Span,
    ) -> Result<FamilyId> {
        if let Some(&id) = self.octal_families.get(code) {
            return Ok(id);
        }
        // An identifier no user can write (`octal_0_77`, `octal_4_21_0` for
        // `4!.0`): every character but a letter or digit becomes `_` and
        // its code.
        let escaped: String = code
            .chars()
            .map(|c| match c.is_ascii_alphanumeric() {
                true => c.to_string(),
                false => format!("_{:x}", c as u32),
            })
            .collect();
        let ident = format!("octal_{escaped}");
        let text = define(&ident);
        let source =
            self.sources
                .add_generated(format!("<octal(\"{code}\")>"), text.as_str(), span);
        let statements = crate::syntax::parse(&text, source)?;
        let mut program = (*self.program).clone();
        program.globals.remove(&ident);
        let defined = crate::types::define(&statements, &program, &self.types, Redefine::Forbid);
        let defined = defined.map_err(|errors| {
            let first = errors.into_iter().next().map(Box::new);
            first.unwrap_or_else(|| Diagnostic::new(span, "cannot define the octal game"))
        })?;
        let (mut program, resolved) = (defined.program, defined.resolved);
        let Some(&id) = resolved.new_families.first() else {
            return Err(Diagnostic::new(span, "cannot define the octal game"));
        };
        // Reachable only through `octal(…)`: not a name the user can shadow.
        program.globals.remove(&ident);
        let display = format!("octal(\"{code}\")");
        if let Some(family) = program.families[id.0 as usize].as_mut() {
            family.name = display.clone();
        }
        self.program = Rc::new(program);
        self.types = defined.types;
        self.engine.define_family(id, display, Shape::Ints(1));
        self.octal_families.insert(code.to_string(), id);
        Ok(id)
    }

    fn action(&mut self, action: &Action) -> Result<()> {
        match action {
            Action::Let(index) => {
                let span = self.program.lets[*index].name.span;
                self.let_value(*index, span)?;
            }
            Action::Print { term, slots, place } => {
                let span = &term.span;
                let ty = self.types.statements.get(*place).cloned();
                let value = self.value_of(Some((term, *slots)), ty, |it| {
                    let mut frame = vec![Value::Unit; *slots];
                    crate::eval::eval(it, &mut frame, term)
                })?;
                if value != Value::Unit {
                    printer::check_size(&value, self, self.format, *span)?;
                    let value = self.readable(&value, *span)?;
                    self.last_result = Some(value.clone());
                    if let Some(mut display) = self.display.take() {
                        display.result(&value, self);
                        self.display = Some(display);
                    } else {
                        let text = printer::result(&value, self, self.format);
                        self.write_line(&text, *span)?;
                    }
                }
                crate::value::dismantle(value);
            }
            Action::Assert(assertion) => self.assert(assertion)?,
        }
        Ok(())
    }

    fn assert(&mut self, assertion: &Assertion) -> Result<()> {
        let mut frame = vec![Value::Unit; assertion.slots];
        match &assertion.check {
            AssertCheck::Condition(term) => {
                let value = crate::eval::eval(self, &mut frame, term)?;
                if !ops::truth(&value, assertion.span)? {
                    return Err(
                        Diagnostic::new(assertion.span, "assertion failed").label("this is false")
                    );
                }
            }
            AssertCheck::Compare { op, left, right } => {
                let a = crate::eval::eval(self, &mut frame, left)?;
                let b = crate::eval::eval(self, &mut frame, right)?;
                let spans = (left.span, right.span, assertion.span);
                let holds = ops::binary(self, *op, a.clone(), b.clone(), spans)?;
                if holds != Value::Bool(true) {
                    let describe = |it: &mut Interp, v: &Value, span: Span| {
                        let mut text = format!("this is {}", printer::inline(v, it));
                        if let Value::Game(game) = v
                            && let Ok(g) = it.grundy(game, span)
                        {
                            text.push_str(&format!(", whose value is {g}"));
                        }
                        text
                    };
                    let left_text = describe(self, &a, left.span);
                    let right_text = describe(self, &b, right.span);
                    let show = |v: &Value| printer::inline(v, self);
                    return Err(Diagnostic::new(
                        left.span,
                        format!(
                            "assertion failed: {} {} {}",
                            show(&a),
                            op.symbol(),
                            show(&b)
                        ),
                    )
                    .label(left_text)
                    .with_label(right.span, right_text));
                }
            }
        }
        Ok(())
    }

    /// Writes one line of output (results and `print`, at `span`). A
    /// closed pipe (`sprague x.sg | head`) is not the script's error; any
    /// other failure (a full disk) is, since the output is lost.
    pub fn write_line(&mut self, text: &str, span: Span) -> Result<()> {
        match writeln!(self.out, "{text}") {
            Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(output_error(&error, span))
            }
            _ => Ok(()),
        }
    }

    /// Flushes the output at the end of a run, with the same rule as
    /// `write_line`; the message names the failure.
    pub fn flush_output(&mut self) -> std::result::Result<(), String> {
        match self.out.flush() {
            Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(format!("error: cannot write the output: {error}\n"))
            }
            _ => Ok(()),
        }
    }

    /// Computes every family by the generic search (`true`), as the
    /// reference that the integer programs are tested against.
    pub fn set_generic_only(&mut self, on: bool) {
        self.generic_only = on;
        self.plans.clear();
        self.endless.clear();
        self.unfilled.clear();
        self.ascending.clear();
    }

    /// How family `id` is computed: its integer IR, or why the generic
    /// search computes it. Built on first use, with the `let`s evaluated
    /// so far folded in.
    pub fn plan(&mut self, id: FamilyId) -> std::result::Result<Rc<Plan>, Fallback> {
        if let Some(plan) = self.plans.get(&id) {
            return plan.clone();
        }
        if self.generic_only {
            return Err(Fallback {
                span: self.program.family(id).body_span,
                reason: "integer programs are turned off".to_string(),
            });
        }
        let plan = self.build_plan(id).map(Rc::new);
        self.plans.insert(id, plan.clone());
        plan
    }

    /// Family `id`'s plan built now, with the `let`s evaluated so far
    /// folded in, whether or not integer programs are turned on.
    fn build_plan(&self, id: FamilyId) -> std::result::Result<Plan, Fallback> {
        let let_value = |index: usize| self.evaluated_let(index);
        crate::ir::plan(id, &self.program, &self.types, &let_value)
    }

    /// The value of the `let` at `index`, if it has been evaluated.
    fn evaluated_let(&self, index: usize) -> Option<Value> {
        match self.lets.get(index) {
            Some(LetState::Done(value)) => Some(value.clone()),
            _ => None,
        }
    }

    /// The value of `source`, of type `ty` (a `let`'s, or an expression's
    /// printed; its term and how many slots its frame needs): computed by
    /// the VM where its program translates
    /// (`ir::value_by_program`), else by `evaluate`, the generic
    /// evaluator; counted either way in `values_computed`.
    pub(super) fn value_of(
        &mut self,
        source: Option<(&Term, usize)>,
        ty: Option<Type>,
        evaluate: impl FnOnce(&mut Self) -> Result<Value>,
    ) -> Result<Value> {
        let by_program = match (source, ty) {
            (Some(source), Some(ty)) if !self.generic_only => {
                let let_value = |index: usize| self.evaluated_let(index);
                let interrupt = self.engine.interrupt_flag();
                crate::ir::value_by_program(source, &ty, &self.program, &let_value, interrupt)
            }
            _ => None,
        };
        if let Some(value) = by_program {
            self.values_computed.by_program += 1;
            return Ok(value);
        }
        let value = evaluate(self)?;
        self.values_computed.by_evaluator += 1;
        Ok(value)
    }

    /// One call deeper, or the error of a recursion too deep, with `help`.
    fn enter(&mut self, span: Span, help: impl FnOnce() -> String) -> Result<()> {
        self.check_stack(span)?;
        self.check_interrupt(span)?;
        if self.depth >= self.engine.limits.max_depth {
            return Err(Diagnostic::new(
                span,
                format!(
                    "recursion deeper than {} calls",
                    self.engine.limits.max_depth
                ),
            )
            .label("this call nests too deeply")
            .help(help()));
        }
        self.depth += 1;
        Ok(())
    }

    /// Fails on Ctrl-C.
    pub fn check_interrupt(&self, span: Span) -> Result<()> {
        self.engine
            .check_interrupt()
            .map_err(|s| self.stop(s, span))
    }

    /// The diagnostic for a refusal of the engine.
    pub fn stop(&self, stop: Stop, span: Span) -> Box<Diagnostic> {
        let limit = matches!(stop, Stop::TooManyPositions(_) | Stop::OutOfMemory(_));
        let diagnostic = self.limit_reached(stop, span);
        match self.engine.refused_box().filter(|_| limit) {
            Some((family, needed)) => diagnostic.note(format!(
                "the box of {family}'s positions was not filled, which would have made {needed} \
                     positions in all; with --max-positions {needed} (and the memory) it is filled \
                     in one pass, not searched position by position"
            )),
            _ => diagnostic,
        }
    }

    /// The diagnostic for a limit the engine reached.
    fn limit_reached(&self, stop: Stop, span: Span) -> Box<Diagnostic> {
        match stop {
            Stop::Interrupted => match &self.time_limit {
                Some((limit, timed_out)) if timed_out.load(std::sync::atomic::Ordering::Relaxed) => {
                    Diagnostic::new(
                        span,
                        format!("the time limit of {} s was reached", limit.as_secs_f64()),
                    )
                    .label("stopped here")
                    .help("raise the limit with --max-time")
                }
                _ => Diagnostic::new(span, "interrupted").label("stopped here"),
            },
            Stop::TooManyPositions(limit) => Diagnostic::new(
                span,
                format!("more than {limit} positions were needed"),
            )
            .label("while evaluating this")
            .help("a game whose positions never run out never ends; otherwise raise the limit with --max-positions"),
            Stop::OutOfMemory(limit) => Diagnostic::new(
                span,
                format!(
                    "the run needed more than {} of memory",
                    crate::memory::describe(limit)
                ),
            )
            .label("while evaluating this")
            .help("values or positions grew without bound, or the budget is too small: raise it with --max-memory (e.g. --max-memory 8G)"),
        }
    }

    /// The output format of results.
    pub fn format(&self) -> Format {
        self.format
    }
}

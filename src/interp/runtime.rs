//! The session as the runtime of programs (`crate::runtime`): positions,
//! calls, `let`s and the limits the evaluator (`crate::eval`) checks.

use super::{Interp, LetState, NO_CASE_STOPS};
use crate::builtin::Builtin;
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::{Limits, Stop};
use crate::ops;
use crate::printer;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Callable, DefId, FamilyId, Game, Value};

impl Runtime for Interp {
    fn let_value(&mut self, index: usize, span: Span) -> Result<Value> {
        match &self.lets[index] {
            LetState::Done(value) => Ok(value.clone()),
            LetState::Evaluating => {
                let name = &self.program.lets[index].name;
                Err(Diagnostic::new(
                    span,
                    format!("`{}` is defined in terms of itself", name.node),
                )
                .with_label(name.span, "defined here"))
            }
            LetState::Pending => {
                // `let`s may name later ones: a long chain recurses.
                self.check_stack(span)?;
                self.lets[index] = LetState::Evaluating;
                let program = self.program.clone();
                let definition = &program.lets[index];
                let ty = self.types.lets.get(index).cloned();
                let source =
                    (!definition.forwarded).then_some((&*definition.value, definition.slots));
                let result = self.value_of(source, ty, |it| {
                    let mut frame = vec![Value::Unit; definition.slots];
                    crate::eval::eval(it, &mut frame, &definition.value)
                });
                self.lets[index] = match &result {
                    Ok(value) => LetState::Done(value.clone()),
                    Err(_) => LetState::Pending,
                };
                // A family that waited for this value may now translate.
                self.plans.retain(|_, plan| plan.is_ok());
                self.unfit_lengths.clear();
                self.endless.clear();
                result
            }
        }
    }

    fn last_result(&self, span: Span) -> Result<Value> {
        self.last_result.clone().ok_or_else(|| {
            Diagnostic::new(span, "`_` has no value yet")
                .label("`_` is the last result printed, and nothing has been printed")
                .help("evaluate an expression first; its value becomes `_`")
        })
    }

    fn call_def(&mut self, id: DefId, args: Vec<Value>, span: Span) -> Result<Value> {
        let program = self.program.clone();
        let def = &program.defs[id.0 as usize];
        let mut frame = args;
        frame.resize(def.slots.max(frame.len()), Value::Unit);
        self.tick(span)?;
        // A `def` with a case that stops nests a call a step (looked at
        // only when the depth is passed: it walks the body).
        self.enter(span, || match def.body.may_end_without_calling(id) {
            true => format!(
                "`{}` has a case that stops, but each call waits on the next: a \
                 comprehension such as `sum([… for i in 0..=n])` computes step by step \
                 without nesting",
                def.name
            ),
            false => NO_CASE_STOPS.to_string(),
        })?;
        let result = crate::eval::eval(self, &mut frame, &def.body);
        self.depth -= 1;
        result.map_err(|d| {
            if d.notes.len() < 3 {
                let args: Vec<String> = frame[..def.params.len()]
                    .iter()
                    .map(|v| printer::brief(v, self))
                    .collect();
                d.note(format!("while calling {}({})", def.name, args.join(", ")))
            } else {
                d
            }
        })
    }

    fn call_value(
        &mut self,
        callee: Value,
        args: Vec<Value>,
        arg_spans: &[Span],
        callee_span: Span,
        span: Span,
    ) -> Result<Value> {
        let Value::Func(callable) = callee else {
            return Err(Diagnostic::new(
                callee_span,
                format!("{} is not a function", printer::describe(&callee, self)),
            )
            .label("called here")
            .help("only games, `def`s and built-ins can be called"));
        };
        self.check_arity(callable, args.len(), span)?;
        match callable {
            Callable::Family(id) => self.position(id, &args, span),
            Callable::Def(id) => self.call_def(id, args, span),
            Callable::Builtin(builtin) => builtin.call(self, args, arg_spans, span),
        }
    }

    fn position(&mut self, family: FamilyId, args: &[Value], span: Span) -> Result<Value> {
        // A position keeps its ranges as lists (see `engine::normalise`).
        let limit = self.engine.limits.max_list_len;
        let in_ranges = |v: &Value| match v {
            Value::Range(low, high) => Value::range_len(*low, *high),
            Value::List(items) => items.iter().fold(0u64, |n, item| match item {
                Value::Range(low, high) => n.saturating_add(Value::range_len(*low, *high)),
                _ => n,
            }),
            _ => 0,
        };
        if args.iter().map(in_ranges).fold(0u64, u64::saturating_add) > limit {
            return Err(ops::too_long(span, limit));
        }
        let pos = match self.instance(family, args) {
            Some((instance, own)) => self.intern_heap(instance, &own, span)?,
            None => self.intern_heap(family, args, span)?,
        };
        let pos = pos.map_err(|s| self.stop(s, span))?;
        Ok(Value::Game(Game::Pos(pos)))
    }

    fn literal(&mut self, games: Vec<Game>, span: Span) -> Result<Value> {
        let pos = self
            .engine
            .intern_literal(games)
            .map_err(|s| self.stop(s, span))?;
        Ok(Value::Game(Game::Pos(pos)))
    }

    fn limits(&self) -> &Limits {
        &self.engine.limits
    }

    #[inline]
    fn tick(&self, span: Span) -> Result<()> {
        let ticks = self.ticks.get().wrapping_add(1);
        self.ticks.set(ticks);
        if ticks.is_multiple_of(256) {
            self.check_interrupt(span)?;
        }
        Ok(())
    }

    fn check_stack(&self, span: Span) -> Result<()> {
        if !crate::stack::stack_exhausted() {
            return Ok(());
        }
        Err(Diagnostic::new(span, "the computation nests too deeply")
            .label("while evaluating this")
            .help("a game or `def` whose value needs itself, directly or through a search like `misere`, never finishes"))
    }

    fn check_length(&self, length: usize, span: Span) -> Result<()> {
        if length as u64 > self.engine.limits.max_list_len {
            return Err(ops::too_long(span, self.engine.limits.max_list_len));
        }
        // Two atomic loads: cheap beside building the element, which may
        // itself be big.
        self.check_interrupt(span)
    }

    fn check_memory(&self, bytes: usize, span: Span) -> Result<()> {
        let limit = self.engine.limits.max_memory;
        if crate::memory::in_use().saturating_add(bytes as u64) > limit {
            return Err(self.stop(Stop::OutOfMemory(limit), span));
        }
        Ok(())
    }
    fn call_builtin(
        &mut self,
        builtin: Builtin,
        args: Vec<Value>,
        arg_spans: &[Span],
        span: Span,
    ) -> Result<Value> {
        builtin.call(self, args, arg_spans, span)
    }

    fn grundy_value(&mut self, game: &Game, span: Span) -> Result<u64> {
        self.grundy(game, span)
    }
}

impl Interp {
    /// The error for calling `callable` with `count` arguments where it
    /// takes another number: checked at each call, and by `seq` and
    /// `table` before their first cell (an empty range calls nothing).
    pub(crate) fn check_arity(&self, callable: Callable, count: usize, span: Span) -> Result<()> {
        let (name, expected, definition) = match callable {
            Callable::Family(id) => {
                let f = self.program.family(id);
                (&f.name, f.params.len(), f.span)
            }
            Callable::Def(id) => {
                let d = &self.program.defs[id.0 as usize];
                (&d.name, d.params.len(), d.span)
            }
            Callable::Builtin(builtin) => {
                return builtin.arity_error(count, span).map_or(Ok(()), Err);
            }
        };
        if count == expected {
            return Ok(());
        }
        Err(Diagnostic::new(
            span,
            format!(
                "`{name}` takes {} but {} given",
                ops::plural(expected, "argument"),
                ops::plural_verb(count)
            ),
        )
        .with_label(definition, format!("`{name}` is defined here")))
    }
}

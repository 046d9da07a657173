//! What running a program asks of the session that runs it. The evaluator
//! of resolved terms (`eval`) and the operators (`ops`) see only this
//! trait, so that neither depends on the interpreter; `interp::Interp` implements it.

use crate::builtin::Builtin;
use crate::diagnostic::Result;
use crate::engine::Limits;
use crate::span::Span;
use crate::value::{DefId, FamilyId, Game, Value};

/// The session behind an evaluation: positions, calls, `let`s, values of
/// games, and the limits every loop of an evaluation checks.
pub trait Runtime {
    /// The position `family(args)`, interned.
    fn position(&mut self, family: FamilyId, args: &[Value], span: Span) -> Result<Value>;
    /// The literal game `< games… >`, interned.
    fn literal(&mut self, games: Vec<Game>, span: Span) -> Result<Value>;
    /// The value of the `index`th `let`, evaluated on first use.
    fn let_value(&mut self, index: usize, span: Span) -> Result<Value>;
    /// `_`: the last value an expression statement printed.
    fn last_result(&self, span: Span) -> Result<Value>;
    /// Calls a `def` with evaluated arguments.
    fn call_def(&mut self, id: DefId, args: Vec<Value>, span: Span) -> Result<Value>;
    /// Calls any callable value (a family, `def` or built-in passed around).
    fn call_value(
        &mut self,
        callee: Value,
        args: Vec<Value>,
        arg_spans: &[Span],
        callee_span: Span,
        span: Span,
    ) -> Result<Value>;
    /// Calls a built-in whose arity was checked when it was compiled.
    fn call_builtin(
        &mut self,
        builtin: Builtin,
        args: Vec<Value>,
        arg_spans: &[Span],
        span: Span,
    ) -> Result<Value>;
    /// The Sprague-Grundy value of a game.
    fn grundy_value(&mut self, game: &Game, span: Span) -> Result<u64>;
    /// The limits on lengths, memory and depth.
    fn limits(&self) -> &Limits;
    /// One step of a loop (a comprehension's item, a `def` call): now and
    /// then, fails on Ctrl-C.
    fn tick(&self, span: Span) -> Result<()>;
    /// Fails when the computation nests so deeply that the stack is nearly
    /// used up.
    fn check_stack(&self, span: Span) -> Result<()>;
    /// Fails when a list being built passes the length limit, or on Ctrl-C.
    fn check_length(&self, length: usize, span: Span) -> Result<()>;
    /// Fails when allocating `bytes` more would pass the memory budget.
    fn check_memory(&self, bytes: usize, span: Span) -> Result<()>;
}

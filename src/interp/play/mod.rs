//! Play beyond short normal-play games: misère outcomes, generalised
//! Sprague-Grundy values of games with cycles, and nimber products.

mod genus;
pub mod loopy;
mod misere;
mod smith;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::Stop;
use crate::interp::Interp;
use crate::nimber;
use crate::ops;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::Value;

/// What the searches here found, kept between calls until the
/// definitions or the values are forgotten: asking for the outcome of
/// every position of a game with cycles, or the misère outcome of many
/// sums of the same components, searches each position once, not once a
/// call.
#[derive(Default)]
pub(crate) struct PlayMemo {
    /// The loopy value of every node a search valued, by its game.
    loopy: rustc_hash::FxHashMap<crate::value::Game, loopy::Loopy>,
    /// The misère search's components and the outcomes of its states.
    misere: misere::Memo,
}

/// The searches here keep some hundred bytes per position where `g` keeps
/// eight, so they may hold this fraction of `--max-positions`: a runaway
/// game stops with an error instead of exhausting memory.
const SEARCH_SHARE: u64 = 10;

impl Interp {
    /// Fails once a search holds `held` positions, past its share of the
    /// position limit.
    fn check_search_size(&self, held: usize, span: Span) -> Result<()> {
        let limit = self.limits().max_positions / SEARCH_SHARE;
        if held as u64 >= limit {
            return Err(self.stop(Stop::TooManyPositions(limit), span));
        }
        Ok(())
    }
}

/// `nim_mul(a, b)`: the nim product; `spans` are the arguments'.
pub(super) fn nim_mul(a: &Value, b: &Value, spans: (Span, Span), span: Span) -> Result<Value> {
    let product = nimber::mul(nimber_arg(a, spans.0)?, nimber_arg(b, spans.1)?);
    nimber_result(product, span)
}

/// `nim_inv(a)`: the nimber whose nim product with `a` is 1.
pub(super) fn nim_inv(a: &Value, span: Span) -> Result<Value> {
    let inverse = nimber::inv(nimber_arg(a, span)?).ok_or_else(|| {
        Diagnostic::new(span, "0 has no nim inverse")
            .label("this is 0")
            .help("every nimber but 0 has an inverse")
    })?;
    nimber_result(inverse, span)
}

fn nimber_arg(value: &Value, span: Span) -> Result<u64> {
    let n = ops::int(value, span)?;
    u64::try_from(n).map_err(|_| {
        Diagnostic::new(span, format!("a nimber cannot be negative, found {n}"))
            .label(format!("this is {n}"))
            .help("nimbers are the integers 0, 1, 2, …")
    })
}

/// Nimbers below 2^64 form a field, so a result can reach 2^63 and more,
/// past the language's integers: an error rather than a wrap.
fn nimber_result(value: u64, span: Span) -> Result<Value> {
    i64::try_from(value).map(Value::Int).map_err(|_| {
        Diagnostic::new(
            span,
            format!("the result {value} does not fit in a 64-bit signed integer"),
        )
        .label("this nimber is 2^63 or more")
        .help("nimbers below 2^32 have products and inverses below 2^32")
    })
}

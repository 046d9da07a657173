//! Octal games: `octal("0.77")` as a one-parameter family, and the
//! recognition of a family as take-and-break (for `period`'s proof).
//!
//! In the code d0.d1d2…, digit dt says what removing t tokens from a heap
//! may leave: bit 1 nothing, bit 2 one non-empty heap, bit 4 two non-empty
//! heaps. d0 (t = 0) can only split a heap in two (4) or do nothing (0).

use rustc_hash::FxHashSet;

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::interp::{Interp, ops};
use crate::span::Span;
use crate::value::{Callable, FamilyId, Game, Value};

/// An octal code: `digits[t]` for removing t tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    pub digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `.07`, `4.07`; digits 0–7, d0 either 0 or 4.
    pub fn parse(text: &str, span: Span) -> Result<OctalCode> {
        let bad = |why: &str| {
            Diagnostic::new(span, format!("`{text}` is not an octal code"))
                .label(why.to_string())
                .help("write the digits after a point, e.g. \"0.77\" (Kayles) or \"4.07\"")
        };
        let (whole, fraction) = text
            .split_once('.')
            .ok_or_else(|| bad("there is no point"))?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("the digit before the point must be 0 or 4")),
        };
        let mut digits = vec![d0];
        for c in fraction.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(bad(&format!("`{c}` is not an octal digit (0–7)"))),
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > 64 {
            return Err(bad("more than 64 digits"));
        }
        Ok(OctalCode { digits })
    }

    /// The canonical text, e.g. `0.77`.
    pub fn text(&self) -> String {
        let rest: String = self.digits[1..].iter().map(|d| d.to_string()).collect();
        format!(
            "{}.{}",
            self.digits[0],
            if rest.is_empty() { "0" } else { &rest }
        )
    }

    /// The largest number of tokens a move removes.
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// `.sg` source for the game, as a family named `name`.
    pub fn source(&self, name: &str) -> String {
        let removals = |bit: u8| -> Vec<String> {
            (1..self.digits.len())
                .filter(|&t| self.digits[t] & bit != 0)
                .map(|t| t.to_string())
                .collect()
        };
        let mut elements = Vec::new();
        let (nothing, one, two) = (removals(1), removals(2), removals(4));
        if !nothing.is_empty() {
            elements.push(format!(
                "{name}(0) for t in [{}] if t == n",
                nothing.join(", ")
            ));
        }
        if !one.is_empty() {
            elements.push(format!(
                "{name}(n - t) for t in [{}] if t < n",
                one.join(", ")
            ));
        }
        let mut splits = two;
        if self.digits[0] & 4 != 0 {
            splits.insert(0, "0".to_string());
        }
        if !splits.is_empty() {
            elements.push(format!(
                "{name}(a) + {name}(n - t - a) for t in [{}] for a in 1..n - t if 2 * a <= n - t",
                splits.join(", ")
            ));
        }
        format!("game {name}(n) = <\n    {}\n>\n", elements.join(",\n    "))
    }

    /// The options of heap `n` as sorted lists of non-empty heaps.
    fn options(&self, n: usize) -> FxHashSet<Vec<usize>> {
        let mut options = FxHashSet::default();
        for (t, &digit) in self.digits.iter().enumerate() {
            if t > n {
                break;
            }
            let rest = n - t;
            if t > 0 && digit & 1 != 0 && rest == 0 {
                options.insert(vec![]);
            }
            if t > 0 && digit & 2 != 0 && rest > 0 {
                options.insert(vec![rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    options.insert(vec![a, rest - a]);
                }
            }
        }
        options
    }
}

/// `octal(code)`.
pub fn octal(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let Value::Str(text) = &args[0] else {
        return Err(
            ops::type_error("an octal code as a string", &args[0], spans[0])
                .help("write the code in quotes: octal(\"0.77\")"),
        );
    };
    let code = OctalCode::parse(text, spans[0])?;
    let id = it.octal_family(&code.text(), |name| code.source(name), span)?;
    Ok(Value::Func(Callable::Family(id)))
}

/// Heaps up to which a family's options are compared with an octal code
/// whose moves remove at most `max_removed` tokens.
fn probe_limit(max_removed: usize) -> usize {
    (4 * max_removed + 24).max(64)
}

/// The octal code of `family` if it is one: its positions' options, for
/// every heap up to a probe limit, are exactly those of the code, with
/// `F(0)` a terminal position standing for the empty heap.
pub fn take_and_break_code(
    it: &mut Interp,
    family: FamilyId,
    span: Span,
) -> Result<Option<OctalCode>> {
    let heap = |it: &mut Interp, n: usize| -> Result<Game> {
        match it.position(family, &[Value::Int(n as i64)], span)? {
            Value::Game(game) => Ok(game),
            _ => unreachable!("a position is a game"),
        }
    };
    let zero = heap(it, 0)?;
    if !it.options(&zero, span)?.is_empty() {
        return Ok(None);
    }
    let mut digits = vec![0u8];
    let mut observed = Vec::new();
    let mut n = 0;
    while n <= probe_limit(digits.len() - 1) {
        let game = heap(it, n)?;
        let mut options = FxHashSet::default();
        for option in it.options(&game, span)? {
            let Some(heaps) = heaps_of(it, &option, family) else {
                return Ok(None);
            };
            let total: usize = heaps.iter().sum();
            let Some(t) = n.checked_sub(total) else {
                return Ok(None);
            };
            let bit = match heaps.len() {
                0 if t > 0 => 1,
                1 if t > 0 => 2,
                2 => 4,
                _ => return Ok(None),
            };
            if t >= digits.len() {
                digits.resize(t + 1, 0);
            }
            digits[t] |= bit;
            options.insert(heaps);
        }
        observed.push(options);
        n += 1;
    }
    let code = OctalCode { digits };
    let limit = probe_limit(code.max_removed()).min(observed.len() - 1);
    Ok((0..=limit)
        .all(|n| code.options(n) == observed[n])
        .then_some(code))
}

/// The non-empty heap sizes of an option made of positions of `family`.
fn heaps_of(it: &Interp, option: &Game, family: FamilyId) -> Option<Vec<usize>> {
    let mut heaps = Vec::new();
    for part in option.parts() {
        let Game::Pos(pos) = part else { return None };
        if pos.family != family {
            return None;
        }
        let n = it.engine.dense_arg(*pos)?;
        if n > 0 {
            heaps.push(n as usize);
        }
    }
    heaps.sort_unstable();
    Some(heaps)
}

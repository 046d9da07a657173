//! Take-and-break codes in CGSuite's notation, beyond the octal digits:
//! digits up to `z` (digit d allows leaving k heaps when bit 2^k of d is
//! set, so `8` leaves three heaps), a modifier after a digit for how the
//! heaps it leaves may be split (`!` pairwise different, `?` not all
//! equal, `=` all equal), and a repeating tail in square brackets
//! (`0.[3]` is Nim). Grundy's game is `4!.0`. Such a code becomes a family
//! written in `.sg`, so it runs through the same engine as a hand-written
//! definition; a plain octal code goes to `super::octal` instead, whose
//! periods can be proved.

use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::span::Span;

/// Most heaps a move may leave (digits up to `z` = 35 < 2^6).
const MOST_HEAPS: usize = 5;
/// Most digits a code may spell out.
const MOST_DIGITS: usize = 256;

/// How the heaps a move leaves may relate to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    Any,
    /// `!`: pairwise different.
    Different,
    /// `?`: not all equal.
    NotAllEqual,
    /// `=`: all equal.
    Equal,
}

/// One digit: which numbers of heaps may be left, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Digit {
    heaps: u32,
    split: Split,
}

/// A take-and-break code: `digits[t]` for removing t tokens; past the last
/// digit, the last `repeat` digits repeat (0: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    digits: Vec<Digit>,
    repeat: usize,
}

impl TakeBreak {
    /// Parses CGSuite's notation (see the module documentation).
    pub fn parse(text: &str, span: Span) -> Result<TakeBreak> {
        let bad = |why: String| {
            Diagnostic::new(span, format!("`{text}` is not a take-and-break code"))
                .label(why)
                .help("write digits around a point, e.g. \"0.77\" (Kayles), \"4!.0\" (Grundy's game) or \"0.[3]\" (Nim)")
        };
        let (whole, fraction) = text
            .split_once('.')
            .ok_or_else(|| bad("there is no point".to_string()))?;
        let mut digits = digits_of(whole).map_err(&bad)?;
        if digits.len() > 1 {
            return Err(bad("one digit at most before the point".to_string()));
        }
        let d0 = digits.pop().unwrap_or(Digit {
            heaps: 0,
            split: Split::Any,
        });
        if d0.heaps & 0b11 != 0 {
            return Err(bad(
                "the digit before the point may only split a heap in two or more (4, 8, …)"
                    .to_string(),
            ));
        }
        let (fixed, repeating) = match fraction.split_once('[') {
            Some((fixed, rest)) => {
                let repeating = rest
                    .strip_suffix(']')
                    .ok_or_else(|| bad("`[` must close with `]` at the end".to_string()))?;
                (fixed, Some(repeating))
            }
            None => (fraction, None),
        };
        let mut all = vec![d0];
        all.extend(digits_of(fixed).map_err(&bad)?);
        let repeat = match repeating {
            Some(repeating) => {
                let tail = digits_of(repeating).map_err(&bad)?;
                if tail.is_empty() {
                    return Err(bad("`[]` repeats nothing".to_string()));
                }
                all.extend(&tail);
                tail.len()
            }
            None => 0,
        };
        if all.len() > MOST_DIGITS {
            return Err(bad(format!("more than {MOST_DIGITS} digits")));
        }
        if repeat == 0 {
            while all.len() > 1 && all.last().is_some_and(|d| d.heaps == 0) {
                all.pop();
            }
        }
        Ok(TakeBreak {
            digits: all,
            repeat,
        })
    }

    /// The digits as octal ones (each at most 7, no modifier, nothing
    /// repeating), if the code is an octal code.
    pub fn octal_digits(&self) -> Option<Vec<u8>> {
        let plain = |d: &Digit| d.heaps <= 7 && (d.split == Split::Any || d.heaps & !0b11 == 0);
        (self.repeat == 0 && self.digits.iter().all(plain))
            .then(|| self.digits.iter().map(|d| d.heaps as u8).collect())
    }

    /// The canonical text, e.g. `4!.0` or `0.[3]`.
    pub fn text(&self) -> String {
        let show = |d: &Digit| {
            let mark = match d.split {
                Split::Any => "",
                Split::Different => "!",
                Split::NotAllEqual => "?",
                Split::Equal => "=",
            };
            let digit = char::from_digit(d.heaps, 36).unwrap_or('?');
            format!("{digit}{mark}")
        };
        let fixed = self.digits.len() - self.repeat;
        let head: String = self.digits[1..fixed].iter().map(show).collect();
        let tail: String = self.digits[fixed..].iter().map(show).collect();
        let fraction = match (head.is_empty(), tail.is_empty()) {
            (true, true) => "0".to_string(),
            (_, true) => head,
            _ => format!("{head}[{tail}]"),
        };
        format!("{}.{fraction}", show(&self.digits[0]))
    }

    /// `.sg` source for the game, as a family named `name`: one element for
    /// each number of heaps left and each digit that allows it.
    pub fn source(&self, name: &str) -> String {
        let mut elements = Vec::new();
        for (t, digit) in self.digits.iter().enumerate() {
            let removals = self.removals(t);
            for k in 0..=MOST_HEAPS {
                if digit.heaps & (1 << k) != 0 {
                    elements.push(element(name, &removals, k, digit.split));
                }
            }
        }
        format!("game {name}(n) = <\n    {}\n>\n", elements.join(",\n    "))
    }

    /// The `for t in …` clause of the removals digit `t` stands for: `t`
    /// itself, or every `t + j·repeat` when `t` is in the repeating tail.
    fn removals(&self, t: usize) -> String {
        let fixed = self.digits.len() - self.repeat;
        if t < fixed || self.repeat == 0 {
            return format!("for t in [{t}]");
        }
        match self.repeat {
            1 => format!("for t in {t}..=n"),
            p => format!("for t in {t}..=n if (t - {t}) % {p} == 0"),
        }
    }
}

/// The digits of `text`, each with its modifier.
fn digits_of(text: &str) -> std::result::Result<Vec<Digit>, String> {
    let mut digits = Vec::new();
    for c in text.chars() {
        let split = match c {
            '!' => Split::Different,
            '?' => Split::NotAllEqual,
            '=' => Split::Equal,
            c => match c.to_digit(36) {
                Some(heaps) if heaps < 1 << (MOST_HEAPS + 1) => {
                    digits.push(Digit {
                        heaps,
                        split: Split::Any,
                    });
                    continue;
                }
                _ => return Err(format!("`{c}` is not a digit (0–9, a–z)")),
            },
        };
        match digits.last_mut() {
            Some(digit) if digit.split == Split::Any => digit.split = split,
            _ => return Err(format!("`{c}` must follow a digit, once")),
        }
    }
    Ok(digits)
}

/// The element that removes `t` tokens (by `removals`) and leaves `k`
/// non-empty heaps related as `split` says, each set of heaps once (in
/// increasing order).
fn element(name: &str, removals: &str, k: usize, split: Split) -> String {
    let rest = "n - t";
    match k {
        0 => format!("{name}(0) {removals} if t == n"),
        1 => format!("{name}(n - t) {removals} if t < n"),
        _ if split == Split::Equal => {
            let part = format!("{name}(({rest}) / {k})");
            let parts = vec![part; k].join(" + ");
            format!("{parts} {removals} if t < n and ({rest}) % {k} == 0")
        }
        _ => {
            // Heaps x1 <= x2 <= … <= xk with xk = rest − (x1 + … + x(k−1)).
            let vars: Vec<String> = (1..k).map(|i| format!("x{i}")).collect();
            let mut clauses = removals.to_string();
            let strict = split == Split::Different;
            for (i, var) in vars.iter().enumerate() {
                let low = match i {
                    0 => "1".to_string(),
                    _ if strict => format!("{} + 1", vars[i - 1]),
                    _ => vars[i - 1].clone(),
                };
                let used = vars[..i].join(" - ");
                let left = match used.is_empty() {
                    true => format!("({rest})"),
                    false => format!("({rest} - {used})"),
                };
                // The heaps from this one on, k − i of them, are at least
                // this one: it is at most what is left over k − i.
                clauses += &format!(" for {var} in {low}..={left} / {}", k - i);
            }
            let last = format!("{rest} - {}", vars.join(" - "));
            let previous = &vars[k - 2];
            let order = match strict {
                true => format!("{previous} < {last}"),
                false => format!("{previous} <= {last}"),
            };
            clauses += &format!(" if {order}");
            if split == Split::NotAllEqual {
                clauses += &format!(" if x1 != {last}");
            }
            let mut terms: Vec<String> = vars.iter().map(|v| format!("{name}({v})")).collect();
            terms.push(format!("{name}({last})"));
            format!("{} {clauses}", terms.join(" + "))
        }
    }
}

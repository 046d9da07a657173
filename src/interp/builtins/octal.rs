//! Octal games: `octal("0.77")` as a one-parameter family, and the
//! recognition of a family's definition as take-and-break (for `period`'s
//! proof): from the shape of its rule set, never from its values alone.
//!
//! In the code d0.d1d2…, digit dt says what removing t tokens from a heap
//! may leave: bit 1 nothing, bit 2 one non-empty heap, bit 4 two non-empty
//! heaps. d0 (t = 0) can only split a heap in two (4) or do nothing (0).

use super::take_break::TakeBreak;
use crate::diagnostic::{Diagnostic, DiagnosticExt, Result};
use crate::engine::kernel::{Clause, Cond, IntExpr, Kernel, Known, OptionSet, OptionValue};
use crate::interp::Interp;
use crate::ops;
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{Callable, FamilyId, Game, Value};

/// An octal code: `digits[t]` for removing t tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    pub digits: Vec<u8>,
}

impl OctalCode {
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

    /// The options of heap `n`, each as the `key` of its non-empty heaps,
    /// sorted.
    fn options(&self, n: usize) -> Vec<u64> {
        let mut options = Vec::new();
        for (t, &digit) in self.digits.iter().enumerate() {
            if t > n {
                break;
            }
            let rest = n - t;
            if t > 0 && digit & 1 != 0 && rest == 0 {
                options.push(key(&[]));
            }
            if t > 0 && digit & 2 != 0 && rest > 0 {
                options.push(key(&[rest]));
            }
            if digit & 4 != 0 {
                options.extend((1..=rest / 2).map(|a| key(&[a, rest - a])));
            }
        }
        options.sort_unstable();
        options.dedup();
        options
    }
}

/// An option of at most two non-empty heaps, sorted, as one number: the
/// smaller heap (0 for none) above the larger.
fn key(heaps: &[usize]) -> u64 {
    match *heaps {
        [] => 0,
        [a] => a as u64,
        [a, b] => ((a as u64) << 32) | b as u64,
        _ => unreachable!("at most two heaps"),
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
    let code = TakeBreak::parse(text, spans[0])?;
    let id = match code.octal_digits() {
        Some(digits) => octal_family(it, OctalCode { digits }, span)?,
        None => it.octal_family(&code.text(), |name| code.source(name), span)?,
    };
    Ok(Value::Func(Callable::Family(id)))
}

/// The family of an octal code.
fn octal_family(it: &mut Interp, code: OctalCode, span: Span) -> Result<FamilyId> {
    it.octal_family(&code.text(), |name| code.source(name), span)
}

/// The largest move of `subtraction`.
const SUBTRACTION_MOVES: usize = 4096;

/// `subtraction(moves)`: the subtraction game whose moves take any number
/// of tokens in `moves` from a heap, as the octal code with digit 3 at each
/// (so its period is proved like any octal game's).
pub fn subtraction(it: &mut Interp, args: &[Value], spans: &[Span], span: Span) -> Result<Value> {
    let limit = it.limits().max_list_len;
    let items = ops::Items::of(args[0].clone(), spans[0], limit)?;
    let mut digits = vec![0u8];
    for item in items {
        let k = ops::int(&item, spans[0])?;
        let t = usize::try_from(k)
            .ok()
            .filter(|t| (1..=SUBTRACTION_MOVES).contains(t));
        let Some(t) = t else {
            return Err(Diagnostic::new(spans[0], format!("cannot take {k} tokens"))
                .label(format!("a move takes 1 to {SUBTRACTION_MOVES} tokens"))
                .help("list the numbers of tokens a move may take: subtraction([1, 3, 4])"));
        };
        if t >= digits.len() {
            digits.resize(t + 1, 0);
        }
        digits[t] = 3;
    }
    let id = octal_family(it, OctalCode { digits }, span)?;
    Ok(Value::Func(Callable::Family(id)))
}

/// The largest heap up to which options are compared for a proof; a
/// definition whose constants would need more is left unproved.
const LARGEST_COMPARED: i64 = 1024;

/// The octal code of `family` if its definition is that game's rule set for
/// every heap: an `octal(…)` family by construction; otherwise a family
/// whose definition has the shape of a take-and-break game (see
/// `comparison_bound`) and whose options equal the code's on every heap up
/// to the bound that shape gives. `F(0)` stands for the empty heap.
pub fn take_and_break_code(
    it: &mut Interp,
    family: FamilyId,
    span: Span,
) -> Result<Option<OctalCode>> {
    if let Some((text, _)) = it.octal_families.iter().find(|(_, id)| **id == family) {
        // Codes beyond the octal digits are not proved.
        let code = TakeBreak::parse(text, span).ok();
        return Ok(code
            .and_then(|c| c.octal_digits())
            .map(|digits| OctalCode { digits }));
    }
    let kernel = it.plan(family).ok().map(|plan| plan.kernel.clone());
    let Some((kernel, largest)) = kernel.and_then(|k| largest_constant(&k).map(|l| (k, l))) else {
        return Ok(None);
    };
    let heap = |it: &mut Interp, n: usize| -> Result<Game> {
        match it.position(family, &[Value::Int(n as i64)], span)? {
            Value::Game(game) => Ok(game),
            _ => unreachable!("a position is a game"),
        }
    };
    let (mut gathered, limit) = (OptionSet::default(), it.engine.limits.max_list_len);
    let mut digits = vec![0u8];
    let mut observed = Vec::new();
    let mut n = 0;
    loop {
        let Some(bound) = comparison_bound(largest.max(digits.len() as i64)) else {
            return Ok(None);
        };
        if n > bound {
            break;
        }
        // The options the integer program names; the generic search's
        // where it cannot vouch for them.
        let mut each = match options_named(&kernel, n, limit, &mut gathered) {
            Some(each) => each,
            None => {
                let game = heap(it, n)?;
                let mut each = Vec::new();
                for option in it.raw_options(&game, span)? {
                    let Some(heaps) = heaps_of(it, &option, family) else {
                        return Ok(None);
                    };
                    each.push(heaps);
                }
                each
            }
        };
        let mut options = Vec::new();
        for heaps in &mut each {
            heaps.retain(|&h| h > 0);
            heaps.sort_unstable();
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
            options.push(key(heaps));
        }
        options.sort_unstable();
        options.dedup();
        observed.push(options);
        n += 1;
    }
    let code = OctalCode { digits };
    Ok((0..observed.len())
        .all(|n| code.options(n) == observed[n])
        .then_some(code))
}

/// The heaps up to which a family and an octal code, all of whose constants
/// are at most `largest` in size, must have the same options for the two to
/// be equal on every heap; `None` past `LARGEST_COMPARED`.
///
/// Why it suffices: on a family of the shape `largest_constant` accepts,
/// and on an octal code, the options of heap n are heaps and pairs of heaps
/// whose sizes (the smaller of a pair) run over intervals whose ends are
/// ⌊(αn + β)/d⌋ with d ≤ 2 and |β| ≤ 5·largest, and conditions on n compare
/// such expressions. Two such ends differ by λn plus a term within
/// |β| + |β'| + 2, λ a multiple of ½: past 20·largest + 4 they compare the
/// same way for every n (λ ≠ 0) or for every n of one parity (λ = 0). From
/// there on both option sets are fixed unions of intervals whose ends are
/// affine in n on each parity class, and two affine functions equal at two
/// heaps of that class are equal on all of it; the heaps compared reach two
/// of each parity past that point.
fn comparison_bound(largest: i64) -> Option<usize> {
    let bound = 32 * (largest + 2) + 3;
    (bound <= LARGEST_COMPARED).then_some(bound as usize)
}

/// The largest constant of a kernel whose every option has the shape of a
/// take-and-break move, or `None`: one parameter n; every clause left after
/// unrolling an `if` on n alone; every option a sum of positions (no nim
/// heap) whose indices, split bounds and conditions are affine in n with a
/// coefficient of at most 2, split conditions at most twice the split
/// variable. Loops over n-dependent ranges other than splits, divisions,
/// `min`, `max` and the like are refused.
fn largest_constant(kernel: &Kernel) -> Option<i64> {
    if kernel.params != 1 || kernel.alias().is_some() {
        return None;
    }
    let mut largest = 0;
    for element in &kernel.elements {
        for clause in &element.clauses {
            let Clause::If(cond) = clause else {
                return None;
            };
            affine_condition(cond, &mut largest)?;
        }
        match &element.value {
            OptionValue::Terms { calls, nims } => {
                if !nims.is_empty() {
                    return None;
                }
                for arg in calls.iter().flatten() {
                    affine_in_n(arg, &mut largest)?;
                }
            }
            OptionValue::Boards { .. } => return None,
            OptionValue::Split(split) => {
                if !split.nims.is_empty() {
                    return None;
                }
                for e in [&split.low, &split.high, &split.first, &split.second] {
                    affine_in_n(e, &mut largest)?;
                }
                for cond in &split.conds {
                    if cond.coefficient.abs() > 2 {
                        return None;
                    }
                    affine_in_n(&cond.rest, &mut largest)?;
                }
            }
        }
    }
    Some(largest)
}

/// Checks that `cond` compares expressions affine in n alone.
fn affine_condition(cond: &Cond, largest: &mut i64) -> Option<()> {
    match cond {
        Cond::Const(_) => Some(()),
        Cond::Cmp(_, a, b) => {
            affine_in_n(a, largest)?;
            affine_in_n(b, largest)
        }
        Cond::Not(a) => affine_condition(a, largest),
        Cond::And(a, b) | Cond::Or(a, b) => {
            affine_condition(a, largest)?;
            affine_condition(b, largest)
        }
        Cond::Remembered(_) => None,
    }
}

/// Checks that `e` is k·n + c with |k| ≤ 2 (n is slot 0); notes |c|.
fn affine_in_n(e: &IntExpr, largest: &mut i64) -> Option<()> {
    let IntExpr::Affine(affine) = e else {
        return None;
    };
    if affine
        .terms
        .iter()
        .any(|&(slot, k)| slot != 0 || k.abs() > 2)
    {
        return None;
    }
    *largest = (*largest).max(affine.constant.abs());
    Some(())
}

/// The options of heap `n` as the heaps each names, by the family's
/// integer program (of one parameter, with no nim heaps: `largest_constant`
/// accepted it), gathered rather than valued; `None` where the program
/// cannot vouch for them.
fn options_named(
    kernel: &Kernel,
    n: usize,
    limit: u64,
    gathered: &mut OptionSet,
) -> Option<Vec<Vec<usize>>> {
    /// Names positions without valuing them; the heaps below `n` are
    /// what split ranges may name.
    struct Named(Vec<u32>);
    impl Known for Named {
        fn value(&self, _: &[i64]) -> Option<u64> {
            None
        }
        fn line(&self) -> &[u32] {
            &self.0
        }
        fn gathers(&self) -> bool {
            true
        }
        fn gathers_pairs_as_ranges(&self) -> bool {
            true
        }
    }
    let known = Named(vec![0; n]);
    kernel.options(&[n as i64], &known, limit, gathered)?;
    let mut each = vec![Vec::new(); gathered.points.len()];
    let mut start = 0;
    for &(end, option) in &gathered.board_ends {
        each[option].push(usize::try_from(gathered.boards[start]).ok()?);
        start = end;
    }
    for pairs in &gathered.pairs {
        each.extend((pairs.low..=pairs.high).map(|a| vec![a, pairs.total - a]));
    }
    Some(each)
}

/// The heap sizes of an option made of positions of `family`, as the
/// generic search names them.
fn heaps_of(it: &Interp, option: &Game, family: FamilyId) -> Option<Vec<usize>> {
    let mut heaps = Vec::new();
    for part in option.parts() {
        let Game::Pos(pos) = part else { return None };
        if pos.family != family {
            return None;
        }
        heaps.push(usize::try_from(it.engine.dense_arg(*pos)?).ok()?);
    }
    Some(heaps)
}

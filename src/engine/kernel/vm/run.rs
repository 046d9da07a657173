//! Running code: one loop over its operations, the registers being the
//! position's (or the call's) slots and temporaries. What the code does
//! besides computing integers, walking an element's loops and making its
//! options, is its host's: a position's walk (`Options`, in `options.rs`),
//! or nothing at all for a function's body (`Pure`).

use super::digits::{digit_set, digit_sum};
use super::items::{first_within, lay, within};
use super::{Code, Height, Op, Reg, Source};
use crate::engine::kernel::functions::Memo;
use crate::engine::kernel::list::MEMORY;
use crate::engine::kernel::walk::Walk;
use crate::engine::kernel::{
    CALL_DEPTH, Calls, IntOp, MAX_PARAMS, MAX_SLOTS, Reorder, SLOT_BOUND, Until, int::place,
};

/// Where code's loops and options go. By default, loops run as written
/// (those of a comprehension in a function's body) and every option
/// operation gives up (`None`): a function's body makes no options.
pub(super) trait Host {
    /// The calls of the kernel's functions, and its foreign values.
    fn calls(&self) -> &Calls<'_>;

    /// Starts `for slot in low..high`: the range's end when its body must
    /// run from `low` (set in `slot`), `None` inside when it is empty.
    fn range(
        &mut self,
        (low, high): (i64, i64),
        slot: Reg,
        regs: &mut [i64],
    ) -> Option<Option<i64>> {
        if self.calls().interrupted() {
            return None;
        }
        regs[slot as usize] = low;
        if high <= low {
            return Some(None);
        }
        self.walkable((low, high))?;
        Some(Some(high))
    }

    /// Whether the range `low..high` may be walked: within the slot bound,
    /// and not longer than the list limit (here the VM's memory), which
    /// the language checks before the first value, even where a filter
    /// ends the loop sooner (`IntExpr::Until`).
    fn walkable(&self, (low, high): (i64, i64)) -> Option<()> {
        let fits =
            high <= low || (low > -SLOT_BOUND && high < SLOT_BOUND && high - low <= MEMORY as i64);
        fits.then_some(())
    }

    /// Lays the items of `source` on `items`.
    fn items(&mut self, source: &Source, regs: &[i64], items: &mut Vec<i64>) -> Option<()> {
        let within = |a, b| (a > -SLOT_BOUND && b < SLOT_BOUND).then_some((a, b));
        lay(source, regs, items, within, self.calls())
    }

    /// Runs element `element`'s innermost loop of `slot` natively over
    /// `walked`, on `values` (see `Op::NativeRange`): whether it did.
    fn native(
        &mut self,
        _element: u32,
        _slot: Reg,
        _walked: Walked,
        _values: &[i64],
        _regs: &[i64],
    ) -> Option<bool> {
        Some(false)
    }

    /// The value of the position `args` names in an option.
    fn term(&mut self, _args: &[i64]) -> Option<u64> {
        None
    }

    /// Makes an option of this value.
    fn option(&mut self, _value: u64) -> Option<()> {
        None
    }

    /// Counts a function's call of itself in tail position as one level
    /// of calls deeper.
    fn tail(&mut self) -> Option<()> {
        None
    }

    /// Makes the options `F(base + offset)`, one for each of `offsets`,
    /// the least and greatest of which are `span`.
    fn options_at(&mut self, base: i64, offsets: &[i64], _span: (i64, i64)) -> Option<()> {
        for offset in offsets {
            let value = self.term(&[base + offset])?;
            self.option(value)?;
        }
        Some(())
    }

    /// Makes the options of an element's split on its values (see
    /// `Op::Split`).
    fn split(&mut self, _element: u32, _values: &[i64]) -> Option<()> {
        None
    }

    /// Makes the options of an element's split in closed form.
    fn direct(&mut self, _element: u32) -> Option<()> {
        None
    }

    /// Whether `again` may say yes (a dense run, `Between::RUNS`).
    const AGAIN: bool = false;

    /// Whether the position `again` readies is one heap below the last,
    /// else above (`Between::DOWN`).
    const DOWN: bool = false;

    /// Whether the code, having run to its end, runs again from its start
    /// for another position (a dense run, `Between`), readied in `regs`
    /// and `items`.
    fn again(&mut self, _regs: &mut [i64], _items: &mut Vec<i64>) -> bool {
        false
    }
}

/// What a dense fill does between one position and the next when it runs
/// them in one execution of the code (`Kernel::dense_run`): the code's
/// set-up, and the walk's, are then paid once per run, not per position.
pub(in crate::engine::kernel) trait Between<K: ?Sized> {
    /// Whether `next` may say yes.
    const RUNS: bool;

    /// Whether the next position is one heap below the last, else above.
    const DOWN: bool = false;

    /// Takes the value of the position just run (its options below 64
    /// marked in `word`, the others listed in the walk's option set), and
    /// whether the code runs again: then the next position is readied in
    /// `regs`, `items` and `walk`.
    fn next(
        &mut self,
        word: u64,
        walk: &mut Walk<'_, K>,
        regs: &mut [i64],
        items: &mut Vec<i64>,
    ) -> bool;
}

/// One position, no run: the code runs once.
impl<K: ?Sized> Between<K> for () {
    const RUNS: bool = false;

    fn next(&mut self, _: u64, _: &mut Walk<'_, K>, _: &mut [i64], _: &mut Vec<i64>) -> bool {
        false
    }
}

/// The host of a function's body, which only computes: its calls, one
/// level deeper at each of its calls of itself in tail position.
pub(super) struct Pure<'a>(pub Calls<'a>);

impl Host for Pure<'_> {
    fn calls(&self) -> &Calls<'_> {
        &self.0
    }

    fn tail(&mut self) -> Option<()> {
        self.0.deeper()
    }
}

/// Runs `code` in `regs`, its loops' items on `items`, its loops and
/// options `host`'s. `None` when the code gives up.
pub(super) fn execute<H: Host>(
    code: &Code,
    regs: &mut [i64],
    items: &mut Vec<i64>,
    host: &mut H,
) -> Option<()> {
    // A run of positions whose code has no loop goes round the loop over
    // the operations again for the next position, with nothing set up in
    // between; one whose code loops, its operations far more than its
    // positions, runs that loop once a position, where it keeps its
    // registers (going round it again costs three instructions an
    // operation).
    if H::AGAIN && !code.loops {
        return run::<H, true>(code, regs, items, host).map(drop);
    }
    while run::<H, false>(code, regs, items, host)? {}
    Some(())
}

/// Runs `code` from its start: whether it runs again for another position
/// (`Host::again`), having done so while `AGAIN`. Not inlined: in the loop
/// of `execute` its own loop lost registers.
#[inline(never)]
fn run<H: Host, const AGAIN: bool>(
    code: &Code,
    regs: &mut [i64],
    items: &mut Vec<i64>,
    host: &mut H,
) -> Option<bool> {
    let ops = &code.ops[..];
    let mut pc = code.start(regs);
    let mut r = Frame::new(regs, code.frame);
    loop {
        while let Some(op) = ops.get(pc) {
            pc += 1;
            match *op {
                Op::Const { dst, value } => r.set(dst, value),
                Op::Offset { dst, a, value } => r.set(dst, r.get(a) + value),
                Op::Pair {
                    dst,
                    a,
                    ka,
                    b,
                    kb,
                    value,
                } => r.set(dst, ka * r.get(a) + kb * r.get(b) + value),
                Op::Affine {
                    dst,
                    constant,
                    ref terms,
                } => {
                    let sum = (terms.iter()).fold(constant, |sum, &(a, k)| sum + k * r.get(a));
                    r.set(dst, sum);
                }
                Op::Binary { op, dst, a, b } => r.set(dst, op.apply(r.get(a), r.get(b))?),
                Op::PowStep {
                    dst,
                    base,
                    exp,
                    cache,
                } => {
                    let (exp, last) = (r.get(exp), r.get(cache));
                    let power = match exp.checked_sub(last) {
                        Some(0) => r.get(cache + 1),
                        // `last` is then not negative: no power is kept
                        // at a negative exponent.
                        Some(1) if exp > 0 => r.get(cache + 1).checked_mul(base)?,
                        _ => IntOp::Pow.apply(base, exp)?,
                    };
                    r.set(cache, exp);
                    r.set(cache + 1, power);
                    r.set(dst, power);
                }
                Op::BinaryConst { op, dst, a, value } => r.set(dst, op.apply(r.get(a), value)?),
                Op::ByPowerOfTwo { dst, a, exp, rem } => {
                    let exp = u32::try_from(r.get(exp)).ok().filter(|&exp| exp <= 62)?;
                    let a = r.get(a);
                    // Rounded down and Euclid's: two's complement's.
                    r.set(dst, if rem { a & ((1 << exp) - 1) } else { a >> exp });
                }
                Op::Bits { dst, a, exp, mask } => {
                    let exp = u32::try_from(r.get(exp)).ok().filter(|&exp| exp <= 62)?;
                    r.set(dst, (r.get(a) >> exp) & mask);
                }
                Op::BitCount {
                    dst,
                    a,
                    shift,
                    mask,
                } => r.set(dst, ((r.get(a) >> shift) & mask).count_ones() as i64),
                Op::DigitSet { dst, a, radix } => r.set(dst, digit_set(r.get(a), radix)),
                Op::DigitSum {
                    dst,
                    a,
                    radix,
                    low,
                    end,
                } => r.set(dst, digit_sum(r.get(a), radix, (low, end))),
                Op::Bit { dst, a, index } => {
                    let index = r.get(index);
                    let bit = (0..63).contains(&index).then(|| (r.get(a) >> index) & 1);
                    r.set(dst, bit.unwrap_or(0));
                }
                Op::Rem {
                    dst,
                    a,
                    divisor,
                    magic,
                } => {
                    let x = r.get(a);
                    let rem = match u32::try_from(x) {
                        Ok(x) => {
                            let low = magic.wrapping_mul(x as u64);
                            ((low as u128 * divisor as u128) >> 64) as i64
                        }
                        Err(_) => x.rem_euclid(divisor as i64),
                    };
                    r.set(dst, rem);
                }
                Op::Quot {
                    dst,
                    a,
                    divisor,
                    magic,
                } => {
                    let x = r.get(a);
                    let quotient = match u32::try_from(x) {
                        Ok(x) => ((magic as u128 * x as u128) >> 64) as i64,
                        Err(_) => x.div_euclid(divisor as i64),
                    };
                    r.set(dst, quotient);
                }
                Op::Min { dst, a, b } => r.set(dst, r.get(a).min(r.get(b))),
                Op::Max { dst, a, b } => r.set(dst, r.get(a).max(r.get(b))),
                Op::Abs { dst, a } => r.set(dst, r.get(a).checked_abs()?),
                Op::Copy { dst, a } => r.set(dst, r.get(a)),
                Op::Bind { dst, a } => r.set(dst, bounded(r.get(a))?),
                Op::At { dst, header, index } => {
                    let (start, len) = r.list(header);
                    let at = place(r.get(index), len)?;
                    r.set(dst, items[start + at]);
                }
                Op::Fold { dst, fold, header } => {
                    let (start, len) = r.list(header);
                    r.set(dst, fold.apply(&items[start..start + len])?);
                }
                Op::Item {
                    dst,
                    ref table,
                    key,
                    index,
                } => {
                    let list = table.pick(r.get(key))?;
                    r.set(dst, list[place(r.get(index), list.len())?]);
                }
                Op::Call {
                    dst,
                    function,
                    ref args,
                    inlined,
                } => {
                    let mut buffer = [0; MAX_SLOTS];
                    let values = r.gather(args, &mut buffer);
                    let calls = host.calls().nested(inlined as usize);
                    r.set(dst, calls.call(function as usize, values)?);
                }
                Op::Grundy {
                    dst,
                    foreign,
                    ref args,
                } => {
                    let mut buffer = [0; MAX_PARAMS];
                    let args = r.gather(args, &mut buffer);
                    r.set(dst, host.calls().grundy(foreign as usize, args)?)
                }
                Op::GrundyOfList {
                    dst,
                    foreign,
                    header,
                } => {
                    let (start, len) = r.list(header);
                    let list = &items[start..start + len];
                    r.set(dst, host.calls().grundy(foreign as usize, list)?)
                }
                Op::Tail { first, count } => {
                    host.tail()?;
                    // The arguments follow the parameters: they may be set in
                    // order.
                    for param in 0..count {
                        r.set(param, bounded(r.get(first + param))?);
                    }
                    pc = 0;
                }
                Op::Again {
                    ref moves,
                    counter,
                    to,
                } => {
                    // Counted as the function's calls nest (`Calls::call`).
                    let calls = r.get(counter) + 1;
                    if calls > CALL_DEPTH as i64 {
                        return None;
                    }
                    r.set(counter, calls);
                    let mut values = [0; MAX_PARAMS];
                    for (value, &(_, arg)) in values.iter_mut().zip(moves) {
                        *value = bounded(r.get(arg))?;
                    }
                    for (&(param, _), &value) in moves.iter().zip(&values) {
                        r.set(param, value);
                    }
                    pc = to as usize;
                }
                Op::Until {
                    dst,
                    low,
                    high,
                    ref search,
                } => {
                    let bounds = (r.get(low), r.get(high));
                    host.walkable(bounds)?;
                    r.set(dst, search.end(bounds, r.0, items, host.calls())?);
                }
                Op::QuotientEnd {
                    dst,
                    x,
                    base,
                    low,
                    high,
                } => {
                    let bounds = (r.get(low), r.get(high));
                    host.walkable(bounds)?;
                    r.set(dst, Until::quotient_end(r.get(x), base, bounds)?);
                }
                Op::Jump { to } => pc = to as usize,
                Op::Unless { op, a, b, to } => {
                    if !op.holds(r.get(a), r.get(b)) {
                        pc = to as usize;
                    }
                }
                Op::UnlessConst { op, a, value, to } => {
                    if !op.holds(r.get(a), value) {
                        pc = to as usize;
                    }
                }
                Op::Recall {
                    ref memo,
                    ref args,
                    key,
                    dst,
                    to,
                    inlined,
                } => {
                    let mut buffer = [0; MAX_PARAMS];
                    match Memo::key(r.gather(args, &mut buffer)) {
                        Some(at) => match memo.get(at) {
                            Some((value, height)) => {
                                host.calls().recalled(inlined as usize, height)?;
                                r.set(dst, value);
                                pc = to as usize;
                            }
                            None => r.set(key, at as i64),
                        },
                        None => r.set(key, -1),
                    }
                }
                Op::Remember {
                    ref memo,
                    key,
                    value,
                    height,
                } => {
                    let height = match height {
                        Height::None => 0,
                        Height::Counted(counter) => r.get(counter) as usize,
                        Height::Entered { saved, inlined } => {
                            (host.calls()).leave(inlined as usize, r.get(saved) as usize)
                        }
                    };
                    if let Ok(at) = usize::try_from(r.get(key)) {
                        memo.set(at, r.get(value), height);
                    }
                }
                Op::Enter { saved, inlined } => {
                    r.set(saved, host.calls().enter(inlined as usize)? as i64);
                }
                Op::Range {
                    slot,
                    low,
                    high,
                    inclusive,
                    end,
                    exit,
                } => {
                    let high = r.get(high).checked_add(inclusive as i64)?;
                    match host.range((r.get(low), high), slot, r.0)? {
                        Some(b) => r.set(end, b),
                        None => pc = exit as usize,
                    }
                }
                Op::Next { slot, end, body } => {
                    let next = r.get(slot) + 1;
                    if next < r.get(end) {
                        r.set(slot, next);
                        pc = body as usize;
                    }
                }
                Op::Items {
                    ref source,
                    slot,
                    at,
                    exit,
                } => {
                    // Where the loop's items start and end, and what it drops
                    // at its end.
                    let (start, end, drop) = match **source {
                        Source::List { header } => {
                            let (start, len) = r.list(header);
                            // Walked where they lie: nothing to drop.
                            (start, start + len, usize::MAX)
                        }
                        Source::Laid => {
                            let start = r.get(at + 2) as usize;
                            (start, items.len(), start)
                        }
                        _ => {
                            let start = items.len();
                            host.items(source, r.0, items)?;
                            (start, items.len(), start)
                        }
                    };
                    if start == end {
                        items.truncate(drop);
                        pc = exit as usize;
                    } else {
                        // The item walked, the loop's end, what it drops.
                        r.set(at, start as i64);
                        r.set(at + 1, end as i64);
                        r.set(at + 2, drop as i64);
                        r.set(slot, items[start]);
                    }
                }
                Op::Mark { items: mark } => r.set(mark, items.len() as i64),
                Op::Close { header } => r.set(header + 1, items.len() as i64 - r.get(header)),
                Op::Push { a } => {
                    items.push(bounded(r.get(a))?);
                    fits(items)?;
                }
                Op::Extend { header } => {
                    let (start, len) = r.list(header);
                    items.extend_from_within(start..start + len);
                    fits(items)?;
                }
                Op::Clamp { header, low, high } => {
                    let (start, len) = r.list(header);
                    let low = low.map_or(i64::MIN, |low| r.get(low));
                    let high = high.map_or(i64::MAX, |high| r.get(high));
                    let top = items.len();
                    items.extend_from_within(start..start + len);
                    // An item within the slot bound clamped to a bound stays
                    // within it unless the bound does not.
                    for x in &mut items[top..] {
                        *x = bounded((*x).max(low).min(high))?;
                    }
                    fits(items)?;
                }
                Op::Slice {
                    dst,
                    list,
                    low,
                    high,
                } => {
                    let (start, len) = r.list(list);
                    // A list is far shorter than `i64::MAX`: `x + len` cannot
                    // overflow for a negative `x`.
                    let len = len as i64;
                    let clip = |x: i64| if x < 0 { (x + len).max(0) } else { x.min(len) };
                    let (a, b) = (clip(r.get(low)), clip(r.get(high)));
                    r.set(dst, start as i64 + a);
                    r.set(dst + 1, (b - a).max(0));
                }
                Op::Reorder { order, from } => {
                    let laid = &mut items[r.get(from) as usize..];
                    match order {
                        Reorder::Sort => laid.sort_unstable(),
                        Reorder::Reverse => laid.reverse(),
                    }
                }
                Op::Place {
                    dst,
                    from,
                    at,
                    skip,
                } => {
                    let (from, at) = (r.get(from), r.get(at));
                    match (0..items.len() as i64 - from).contains(&at) {
                        true => r.set(dst, from + at),
                        false => pc = skip as usize,
                    }
                }
                Op::Store { at, value } => items[r.get(at) as usize] = bounded(r.get(value))?,
                Op::Truncate { to } => items.truncate(r.get(to) as usize),
                Op::Settle { to, from } => {
                    let (to, from) = (r.get(to) as usize, r.get(from) as usize);
                    let len = items.len() - from;
                    items.copy_within(from.., to);
                    items.truncate(to + len);
                }
                Op::CallList {
                    function,
                    first,
                    count,
                } => {
                    let (first, count) = (first as usize, count as usize);
                    let args = &r.0[first..first + count];
                    host.calls().call_list(function as usize, args, items)?;
                    fits(items)?;
                }
                Op::Grew { mark, to } => {
                    if items.len() as i64 != r.get(mark) {
                        pc = to as usize;
                    }
                }
                Op::Board { acc, header } => {
                    let (start, len) = r.list(header);
                    let value = host.term(&items[start..start + len])?;
                    r.set(acc, r.get(acc) ^ value as i64);
                }
                Op::Within { count } => {
                    let count = usize::try_from(r.get(count)).ok()?;
                    if host.calls().depth() + count >= CALL_DEPTH {
                        return None;
                    }
                }
                Op::Fail => return None,
                // Registers laid in place (`[n % 10] + digits(n / 10)`): what
                // `lay` does for them, without the call.
                Op::Lay { ref source } if let Source::Regs { first, count } = **source => {
                    let (first, count) = (first as usize, count as usize);
                    lay_bounded(&r.0[first..first + count], items)?;
                }
                Op::Lay { ref source } => host.items(source, r.0, items)?,
                Op::NativeRange {
                    element,
                    slot,
                    end,
                    values,
                    count,
                    exit,
                } => {
                    let (first, count) = (values as usize, count as usize);
                    let walked = Walked::Range(r.get(end) - r.get(slot));
                    if host.native(element, slot, walked, &r.0[first..first + count], r.0)? {
                        pc = exit as usize;
                    }
                }
                Op::First {
                    ref constants,
                    low,
                    high,
                    slot,
                    exit,
                } => {
                    match first_within(constants, (r.get(low), r.get(high)), Some(host.calls()))? {
                        Some(first) => r.set(slot, first),
                        None => pc = exit as usize,
                    }
                }
                Op::NativeConstants {
                    element,
                    ref constants,
                    low,
                    high,
                    values,
                    count,
                    exit,
                } => {
                    let (first, count) = (values as usize, count as usize);
                    // `First` found the sieve's values this far.
                    let did = within(constants, (r.get(low), r.get(high)), None, |chosen| {
                        // The loop's variable is no curve's.
                        let (slot, walked) = (0, Walked::Constants(chosen));
                        host.native(element, slot, walked, &r.0[first..first + count], r.0)
                    })??;
                    if did {
                        pc = exit as usize;
                    }
                }
                Op::NextItem { slot, at, body } => {
                    let next = r.get(at) + 1;
                    if next < r.get(at + 1) {
                        r.set(at, next);
                        r.set(slot, items[next as usize]);
                        pc = body as usize;
                    } else {
                        items.truncate(r.get(at + 2) as usize);
                    }
                }
                Op::EmitOne {
                    a,
                    ka,
                    b,
                    kb,
                    value,
                } => {
                    let value = host.term(&[ka * r.get(a) + kb * r.get(b) + value])?;
                    host.option(value)?;
                }
                Op::EmitRun {
                    a,
                    ka,
                    b,
                    kb,
                    ref values,
                    span,
                } => host.options_at(ka * r.get(a) + kb * r.get(b), values, span)?,
                Op::Emit {
                    ref calls,
                    ref nims,
                } => {
                    let mut v = 0;
                    for &nim in nims {
                        v ^= u64::try_from(r.get(nim)).ok()?;
                    }
                    let mut args = [0; MAX_PARAMS];
                    for call in calls {
                        for (arg, &a) in args.iter_mut().zip(call) {
                            *arg = r.get(a);
                        }
                        v ^= host.term(&args[..call.len()])?;
                    }
                    host.option(v)?;
                }
                Op::Split {
                    element,
                    values,
                    count,
                } => {
                    let (first, count) = (values as usize, count as usize);
                    host.split(element, &r.0[first..first + count])?
                }
                Op::Direct { element } => host.direct(element)?,
                Op::Turn { up, down } => {
                    let again = host.again(r.0, items);
                    if !AGAIN || !again {
                        return Some(again);
                    }
                    pc = if H::DOWN { down } else { up } as usize;
                }
            }
        }
        let again = host.again(r.0, items);
        if !AGAIN || !again {
            return Some(again);
        }
        pc = 0;
    }
}

/// What a loop run natively walks: a range of `count` values from its
/// variable's, or constants.
#[derive(Clone, Copy)]
pub(super) enum Walked<'a> {
    Range(i64),
    Constants(&'a [i64]),
}

/// Whether the item stack is within the memory of one position.
#[inline(always)]
pub(super) fn fits(items: &[i64]) -> Option<()> {
    (items.len() <= MEMORY).then_some(())
}

/// `x`, if it may be a loop variable or an argument: within the slot
/// bound.
pub(super) fn bounded(x: i64) -> Option<i64> {
    (x.unsigned_abs() < SLOT_BOUND as u64).then_some(x)
}

/// Lays `values` on `items`, each `bounded`.
#[inline(always)]
pub(super) fn lay_bounded(values: &[i64], items: &mut Vec<i64>) -> Option<()> {
    for &x in values {
        items.push(bounded(x)?);
    }
    Some(())
}

/// A position's registers, read and written without bounds checks: every
/// register an operation names is below the frame (`Code::of` asserts it),
/// and the registers hold the whole frame (`Frame::new` asserts it).
struct Frame<'a>(&'a mut [i64]);

impl<'a> Frame<'a> {
    fn new(regs: &'a mut [i64], frame: usize) -> Frame<'a> {
        assert!(regs.len() >= frame, "the registers hold the frame");
        Frame(regs)
    }

    #[inline(always)]
    fn get(&self, r: Reg) -> i64 {
        // SAFETY: `r` is below the frame, which `self.0` holds (above).
        unsafe { *self.0.get_unchecked(r as usize) }
    }

    /// The values of the registers `regs`, laid at the start of `buffer`.
    /// Filled in place: an array returned by value was copied in 16-byte
    /// pieces just after its 8-byte stores, a load that waits for them
    /// (a recursive popcount's calls: 45% of the VM's time).
    #[inline(always)]
    fn gather<'b>(&self, regs: &[Reg], buffer: &'b mut [i64]) -> &'b [i64] {
        let values = &mut buffer[..regs.len()];
        for (value, &r) in values.iter_mut().zip(regs) {
            *value = self.get(r);
        }
        values
    }

    /// The list whose header is in `r` and the register after it: where
    /// its items start on the item stack, and how many there are.
    #[inline(always)]
    fn list(&self, r: Reg) -> (usize, usize) {
        (self.get(r) as usize, self.get(r + 1) as usize)
    }

    #[inline(always)]
    fn set(&mut self, r: Reg, value: i64) {
        // SAFETY: as for `get`.
        unsafe { *self.0.get_unchecked_mut(r as usize) = value }
    }
}

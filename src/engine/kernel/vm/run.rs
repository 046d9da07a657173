//! Running an element's code for one position: one loop over its
//! operations, the registers being the position's slots and temporaries.

use super::{Op, Source};
use crate::engine::kernel::curve::Curves;
use crate::engine::kernel::walk::{Walk, divisors_in};
use crate::engine::kernel::{Kernel, Known, OptionValue, SLOT_BOUND, int::place};

impl<K: Known + ?Sized> Walk<'_, K> {
    /// Runs `kernel`'s code in `regs`: the options it makes go to the
    /// option set. `None` when the position is given up.
    pub(in crate::engine::kernel) fn run(
        &mut self,
        kernel: &Kernel,
        regs: &mut [i64],
    ) -> Option<()> {
        let mut items = std::mem::take(&mut self.out.items);
        items.clear();
        let result = self.execute(kernel, regs, &mut items);
        self.out.items = items;
        result
    }

    fn execute(&mut self, kernel: &Kernel, regs: &mut [i64], items: &mut Vec<i64>) -> Option<()> {
        let ops = &kernel.code.ops[..];
        let mut pc = 0;
        while let Some(op) = ops.get(pc) {
            pc += 1;
            match *op {
                Op::Const { dst, value } => regs[dst as usize] = value,
                Op::Offset { dst, a, value } => regs[dst as usize] = regs[a as usize] + value,
                Op::Affine {
                    dst,
                    constant,
                    ref terms,
                } => {
                    let sum =
                        (terms.iter()).fold(constant, |sum, &(r, k)| sum + k * regs[r as usize]);
                    regs[dst as usize] = sum;
                }
                Op::Binary { op, dst, a, b } => {
                    regs[dst as usize] = op.apply(regs[a as usize], regs[b as usize])?
                }
                Op::BinaryConst { op, dst, a, value } => {
                    regs[dst as usize] = op.apply(regs[a as usize], value)?
                }
                Op::Rem { dst, a, value } => {
                    regs[dst as usize] = regs[a as usize].rem_euclid(value)
                }
                Op::Min { dst, a, b } => {
                    regs[dst as usize] = regs[a as usize].min(regs[b as usize])
                }
                Op::Max { dst, a, b } => {
                    regs[dst as usize] = regs[a as usize].max(regs[b as usize])
                }
                Op::Abs { dst, a } => regs[dst as usize] = regs[a as usize].checked_abs()?,
                Op::Copy { dst, a } => regs[dst as usize] = regs[a as usize],
                Op::At { dst, header, index } => {
                    let header = header as usize;
                    let (start, len) = (regs[header] as usize, regs[header + 1] as usize);
                    let at = place(regs[index as usize], len)?;
                    regs[dst as usize] = regs[start + at];
                }
                Op::Item {
                    dst,
                    ref table,
                    key,
                    index,
                } => {
                    let list = table.pick(regs[key as usize])?;
                    regs[dst as usize] = list[place(regs[index as usize], list.len())?];
                }
                Op::Eval { dst, ref expr } => regs[dst as usize] = expr.eval(regs, &self.calls)?,
                Op::Jump { to } => pc = to as usize,
                Op::Unless { op, a, b, to } => {
                    if !op.holds(regs[a as usize], regs[b as usize]) {
                        pc = to as usize;
                    }
                }
                Op::UnlessConst { op, a, value, to } => {
                    if !op.holds(regs[a as usize], value) {
                        pc = to as usize;
                    }
                }
                Op::Test { ref cond, when, to } => {
                    if cond.eval(regs, &self.calls)? == when {
                        pc = to as usize;
                    }
                }
                Op::Range {
                    slot,
                    low,
                    high,
                    inclusive,
                    end,
                    native,
                    exit,
                } => {
                    let high = regs[high as usize].checked_add(inclusive as i64)?;
                    let (a, b) = self.bounds(regs[low as usize], high)?;
                    regs[slot as usize] = a;
                    let native = match native {
                        Some(element) if a < b => {
                            self.native_range(kernel, element, slot, (a, b), regs)?
                        }
                        _ => false,
                    };
                    if a >= b || native {
                        pc = exit as usize;
                    } else {
                        regs[end as usize] = b;
                    }
                }
                Op::Next { slot, end, body } => {
                    let next = regs[slot as usize] + 1;
                    if next < regs[end as usize] {
                        regs[slot as usize] = next;
                        pc = body as usize;
                    }
                }
                Op::Items {
                    ref source,
                    slot,
                    at,
                    exit,
                } => {
                    let start = items.len();
                    let native = self.items(kernel, source, slot, regs, items)?;
                    if native || items.len() == start {
                        items.truncate(start);
                        pc = exit as usize;
                    } else {
                        let at = at as usize;
                        regs[at..at + 3]
                            .copy_from_slice(&[start, items.len(), start].map(|i| i as i64));
                        regs[slot as usize] = items[start];
                    }
                }
                Op::NextItem { slot, at, body } => {
                    let at = at as usize;
                    let next = regs[at] + 1;
                    if next < regs[at + 1] {
                        regs[at] = next;
                        regs[slot as usize] = items[next as usize];
                        pc = body as usize;
                    } else {
                        items.truncate(regs[at + 2] as usize);
                    }
                }
                Op::EmitOne { arg } => {
                    let value = self.term(&[regs[arg as usize]])?;
                    self.out.points.push(value);
                    self.count(1)?;
                }
                Op::Emit {
                    ref calls,
                    ref nims,
                } => {
                    let mut v = 0;
                    for &nim in nims {
                        v ^= u64::try_from(regs[nim as usize]).ok()?;
                    }
                    let mut args = [0; crate::engine::kernel::MAX_PARAMS];
                    for call in calls {
                        for (arg, &r) in args.iter_mut().zip(call) {
                            *arg = regs[r as usize];
                        }
                        v ^= self.term(&args[..call.len()])?;
                    }
                    self.out.points.push(v);
                    self.count(1)?;
                }
                Op::Value { element } => {
                    self.value(&kernel.elements[element as usize].value, regs)?
                }
                Op::Direct { element } => {
                    let direct = kernel.direct[element as usize].as_ref();
                    self.direct(direct.expect("a direct split"))?
                }
            }
        }
        Some(())
    }

    /// The value of the position `args` names, or 0 where the positions
    /// are gathered to be looked up together.
    #[inline]
    fn term(&mut self, args: &[i64]) -> Option<u64> {
        if self.known.gathers() {
            self.gather(args);
            return Some(0);
        }
        self.known.value(args)
    }

    /// Runs the element's innermost range `a..b` natively when its
    /// options step or follow curves: whether it did.
    fn native_range(
        &mut self,
        kernel: &Kernel,
        element: u32,
        slot: u32,
        (a, b): (i64, i64),
        regs: &mut [i64],
    ) -> Option<bool> {
        let OptionValue::Terms { calls, nims } = &kernel.elements[element as usize].value else {
            return Some(false);
        };
        if self.known.gathers() {
            return Some(false);
        }
        let innermost = kernel.innermost(element as usize);
        if let Some(steps) = innermost.steps {
            self.walk_terms(calls, nims, steps, b - a, regs)?;
            return Some(true);
        }
        if !innermost.curve {
            return Some(false);
        }
        match Curves::new(&calls[0], slot as usize, (a, b), regs, &self.calls) {
            Some(curves) => self.walk_curves(curves, nims, b - a, regs).map(|()| true),
            None => Some(false),
        }
    }

    /// Lays the items of `source` on `items`; or, for constants whose
    /// options step with them, makes their options at once: whether it
    /// did.
    fn items(
        &mut self,
        kernel: &Kernel,
        source: &Source,
        slot: u32,
        regs: &mut [i64],
        items: &mut Vec<i64>,
    ) -> Option<bool> {
        let bounded = |x: i64| (x.unsigned_abs() < SLOT_BOUND as u64).then_some(x);
        match *source {
            Source::Sorted {
                ref values,
                low,
                high,
                native,
            } => {
                let (a, b) = (regs[low as usize], regs[high as usize]);
                let chosen = match (values.first(), values.last()) {
                    // Every constant, as for most positions: no search.
                    (Some(&first), Some(&last)) if a <= first && last < b => &values[..],
                    _ => {
                        let from = values.partition_point(|&v| v < a);
                        &values[from..values.partition_point(|&v| v < b).max(from)]
                    }
                };
                if let Some(element) = native
                    && !chosen.is_empty()
                    && !self.known.gathers()
                    && let OptionValue::Terms { calls, nims } =
                        &kernel.elements[element as usize].value
                    && let Some(steps) = kernel.innermost(element as usize).steps
                {
                    regs[slot as usize] = 0;
                    self.walk_constants(calls, nims, steps, chosen, regs)?;
                    return Some(true);
                }
                items.extend_from_slice(chosen);
            }
            Source::Regs { first, count } => {
                let first = first as usize;
                for &x in &regs[first..first + count as usize] {
                    items.push(bounded(x)?);
                }
            }
            Source::Pick { ref table, key } => {
                for &x in table.pick(regs[key as usize])? {
                    items.push(bounded(x)?);
                }
            }
            Source::Built(ref list) => self.calls.with_list(list, regs, |built| {
                items.extend_from_slice(built);
                Some(())
            })?,
            Source::Divisors { of, low, high } => {
                let (a, b) = self.bounds(regs[low as usize], regs[high as usize])?;
                let of = regs[of as usize].unsigned_abs();
                divisors_in(of, (a, b), |x| {
                    items.push(x);
                    Some(())
                })?;
            }
        }
        Some(false)
    }
}

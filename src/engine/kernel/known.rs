//! Where a kernel finds the values of the positions its options name
//! (`Known`): a one-parameter fill's dense line, and the tables of the
//! other families it reads (`WithForeign`).

use super::MAX_PARAMS;
use crate::engine::DENSE_BIG;

/// Where a kernel finds the values of the positions its options name.
pub trait Known {
    /// The value of `F(args)`, or `None` when it is not known here: the
    /// kernel then gives up on the position.
    fn value(&self, args: &[i64]) -> Option<u64>;
    /// The values of `F(0..n)` for split ranges, `n` being the position
    /// computed (one-parameter kernels; empty otherwise).
    fn line(&self) -> &[u32];

    /// The value of the position of `foreign[index]` (`Kernel::foreign`)
    /// whose integers are `args` (its arguments, or its list's items),
    /// when it is known here; the kernel otherwise gives up on the
    /// position.
    fn foreign(&self, _index: usize, _args: &[i64]) -> Option<u64> {
        None
    }

    /// The dense table of `foreign[index]` when it is a family of one
    /// integer read from its table here: a native loop reads a run of it
    /// (values from `DENSE_BIG` on are positions not known yet).
    fn foreign_line(&self, _index: usize) -> Option<&[u32]> {
        None
    }

    /// Whether the positions an option names are gathered in the option
    /// set (`OptionSet::boards`: a list's items, an integer position's
    /// arguments) rather than looked up one by one: looked up together,
    /// their lookups' cache misses overlap, and a caller may read the
    /// positions themselves (the octal code of a family).
    fn gathers(&self) -> bool {
        false
    }

    /// Whether, gathering, a split's pairs are taken as ranges
    /// (`OptionSet::pairs`) rather than one option each in the loop's
    /// order: for a reader of the heaps they name, not of their order.
    fn gathers_pairs_as_ranges(&self) -> bool {
        false
    }

    /// A table holding the values of `F(args + i·steps)` for `i` in
    /// `0..count` at `first + i·step`, as `(table, first, step)`, where
    /// they lie so: a native loop then reads them as a strided run (values
    /// from `DENSE_BIG` on are positions not known yet).
    fn run(&self, _args: &[i64], _steps: &[i64], _count: usize) -> Option<(&[u32], i64, i64)> {
        None
    }

    /// Appends to `out` the values of `F(args + i·steps)` xor `nim` for `i`
    /// in `0..count`, or gives `None` if one of them is not known.
    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        let mut args: [i64; MAX_PARAMS] =
            std::array::from_fn(|i| args.get(i).copied().unwrap_or(0));
        let arity = steps.len();
        for _ in 0..count {
            out.push(self.value(&args[..arity])? ^ nim);
            for (arg, step) in args.iter_mut().zip(steps) {
                *arg += step;
            }
        }
        Some(())
    }
}

/// A one-parameter family's values below the position being computed.
impl Known for [u32] {
    #[inline]
    fn value(&self, args: &[i64]) -> Option<u64> {
        let index = usize::try_from(args[0]).ok()?;
        self.get(index).map(|&v| v as u64)
    }

    fn line(&self) -> &[u32] {
        self
    }

    fn run(&self, args: &[i64], steps: &[i64], _count: usize) -> Option<(&[u32], i64, i64)> {
        Some((self, args[0], steps[0]))
    }

    /// The values along a line are a strided run of the table, taken in
    /// whichever order it lies (a mex does not care).
    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        if count == 0 {
            return Some(());
        }
        let (first, step) = (args[0], steps[0]);
        let last = first.checked_add(step.checked_mul(i64::try_from(count).ok()? - 1)?)?;
        let (low, high) = (first.min(last), first.max(last));
        if low < 0 || high >= self.len() as i64 {
            return None;
        }
        let run = &self[low as usize..=high as usize];
        if step == 0 {
            out.extend(std::iter::repeat_n(run[0] as u64 ^ nim, count));
        } else if step.unsigned_abs() == 1 {
            // A plain run: copied in wide steps.
            out.extend(run.iter().map(|&v| v as u64 ^ nim));
        } else {
            let values = run.iter().step_by(step.unsigned_abs() as usize);
            out.extend(values.map(|&v| v as u64 ^ nim));
        }
        Some(())
    }
}

/// A one-parameter family's values below the position being computed,
/// with those of the kernel's foreign families.
pub struct WithForeign<'a> {
    pub own: &'a [u32],
    pub foreign: &'a [Other<'a>],
}

/// Where a fill reads the positions of one of the kernel's foreign
/// families: a family of one integer from its dense table, any other by a
/// lookup of the position its integers name.
pub enum Other<'a> {
    Line(&'a [u32]),
    Lookup(&'a dyn Fn(&[i64]) -> Option<u64>),
}

impl Known for WithForeign<'_> {
    #[inline]
    fn value(&self, args: &[i64]) -> Option<u64> {
        self.own.value(args)
    }

    fn line(&self) -> &[u32] {
        self.own
    }

    fn run(&self, args: &[i64], steps: &[i64], count: usize) -> Option<(&[u32], i64, i64)> {
        self.own.run(args, steps, count)
    }

    fn foreign(&self, index: usize, args: &[i64]) -> Option<u64> {
        let (table, arg) = match (self.foreign.get(index)?, args) {
            (Other::Line(table), &[arg]) => (table, arg),
            (Other::Line(_), _) => return None,
            (Other::Lookup(lookup), _) => return lookup(args),
        };
        let value = *table.get(usize::try_from(arg).ok()?)?;
        // Larger ones are markers (unknown) or kept elsewhere.
        (value < DENSE_BIG).then_some(value as u64)
    }

    fn foreign_line(&self, index: usize) -> Option<&[u32]> {
        match self.foreign.get(index)? {
            Other::Line(table) => Some(table),
            Other::Lookup(_) => None,
        }
    }

    fn along(
        &self,
        args: &[i64],
        steps: &[i64],
        count: usize,
        nim: u64,
        out: &mut Vec<u64>,
    ) -> Option<()> {
        self.own.along(args, steps, count, nim, out)
    }
}

//! A kernel's lines laid on one box of three to eight parameters (the
//! shells' row-major boxes, `engine::shell`). Where a line's options lie
//! in the box's values is linear in the position: its first index is one
//! form of the position, its stride a constant, and only the arguments a
//! line moves or rewrites can leave the box (nim's `N(a, b - k, c)` moves
//! `b` alone). A position then marks each line with a few multiply-adds
//! and one or two bounds checks, where `BoxLines::mark` computes every
//! argument of both ends.

use super::Kernel;
use super::line::{BoxLine, BoxLines, Form};
use crate::engine::mex::Stamps;
use crate::engine::row_major::RowMajor;

/// A kernel's lines laid on one box, its width chosen once: the shells'
/// fills (`Shell::value`) mark a position's options by them.
pub enum WideBoxLines {
    Three(LaidLines<3>),
    Four(LaidLines<4>),
    Five(LaidLines<5>),
    Six(LaidLines<6>),
    Seven(LaidLines<7>),
    Eight(LaidLines<8>),
}

impl WideBoxLines {
    /// The lines of `kernel` laid on `values`, when every element is a
    /// line.
    pub(in crate::engine) fn of(
        kernel: &Kernel,
        limit: u64,
        values: &RowMajor,
    ) -> Option<WideBoxLines> {
        Some(match kernel.params {
            3 => WideBoxLines::Three(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            4 => WideBoxLines::Four(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            5 => WideBoxLines::Five(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            6 => WideBoxLines::Six(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            7 => WideBoxLines::Seven(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            8 => WideBoxLines::Eight(LaidLines::new(&kernel.lines_in_box(limit)?, values)?),
            _ => return None,
        })
    }

    /// `LaidLines::mark` of the position `args`, in the box the lines
    /// were laid on.
    #[inline]
    pub(in crate::engine) fn mark(
        &self,
        args: &[i64],
        values: &RowMajor,
        stamps: &mut Stamps,
    ) -> Option<u64> {
        let values = values.values();
        match self {
            WideBoxLines::Three(lines) => lines.mark(args.try_into().ok()?, values, stamps),
            WideBoxLines::Four(lines) => lines.mark(args.try_into().ok()?, values, stamps),
            WideBoxLines::Five(lines) => lines.mark(args.try_into().ok()?, values, stamps),
            WideBoxLines::Six(lines) => lines.mark(args.try_into().ok()?, values, stamps),
            WideBoxLines::Seven(lines) => lines.mark(args.try_into().ok()?, values, stamps),
            WideBoxLines::Eight(lines) => lines.mark(args.try_into().ok()?, values, stamps),
        }
    }
}

/// A kernel's lines laid on one box of `D` parameters.
pub struct LaidLines<const D: usize> {
    lines: Vec<LaidLine<D>>,
    limit: u64,
    /// The box's extents, in the arguments' order.
    extents: [i64; D],
}

/// One line laid on the box.
struct LaidLine<const D: usize> {
    /// Its bounds and heaps.
    line: BoxLine<D>,
    /// The index in the box's values of the option at the loop's value 0
    /// (where every argument is in the box: `Σ by·start`, wrapping).
    index: Form<D>,
    /// How far apart two options one step apart lie.
    stride: i64,
    /// The arguments that may leave the box, each its start, step and
    /// extent: not those a line keeps as they are (in the box, as the
    /// position is).
    checked: Vec<(Form<D>, i64, i64)>,
}

impl<const D: usize> LaidLines<D> {
    fn new(lines: &BoxLines<D>, values: &RowMajor) -> Option<LaidLines<D>> {
        let layout = values.layout::<D>();
        let laid = lines.lines.iter().map(|line| {
            let mut index = Form {
                constant: 0,
                coefficients: [0; D],
            };
            let mut stride = 0i64;
            let mut checked = Vec::new();
            for (arg, (start, &step)) in line.starts.iter().zip(&line.steps).enumerate() {
                let (extent, by) = layout[arg];
                index.constant = index.constant.wrapping_add(by.wrapping_mul(start.constant));
                for (sum, &k) in index.coefficients.iter_mut().zip(&start.coefficients) {
                    *sum = sum.wrapping_add(by.wrapping_mul(k));
                }
                stride = stride.checked_add(by.checked_mul(step)?)?;
                let mut own = [0; D];
                own[arg] = 1;
                let kept = step == 0 && start.constant == 0 && start.coefficients == own;
                if !kept {
                    checked.push((*start, step, extent));
                }
            }
            Some(LaidLine {
                line: line.clone(),
                index,
                stride,
                checked,
            })
        });
        Some(LaidLines {
            lines: laid.collect::<Option<_>>()?,
            limit: lines.limit,
            extents: layout.map(|(extent, _)| extent),
        })
    }

    /// Marks the options of the position `x` in `stamps`, reading their
    /// values from the box `values`: how many there are, or `None` where
    /// the walk must take the position (outside the box, or as
    /// `BoxLines::mark` says).
    #[inline(always)]
    fn mark(&self, x: &[i64; D], values: &[u32], stamps: &mut Stamps) -> Option<u64> {
        if !x
            .iter()
            .zip(&self.extents)
            .all(|(a, e)| (0..*e).contains(a))
        {
            return None;
        }
        let mut count = 0;
        for laid in &self.lines {
            let line = &laid.line;
            let (low, high) = line.range(x)?;
            if low >= high {
                continue;
            }
            let last = high - 1 - low;
            for (start, step, extent) in &laid.checked {
                let first = start.at(x) + step * low;
                let end = first + step * last;
                if !((0..*extent).contains(&first) && (0..*extent).contains(&end)) {
                    return None;
                }
            }
            count += (high - low) as u64;
            let nim = line.nim(x)?;
            if count > self.limit || nim >= stamps.len() {
                return None;
            }
            // Every argument lies in the box at both ends: so do the
            // indices, whatever the forms' parts wrapped to.
            let first = (laid.index.at_wrapping(x)).wrapping_add(laid.stride.wrapping_mul(low));
            let end = first + laid.stride * last;
            let (from, to) = (first.min(end) as usize, first.max(end) as usize);
            let stride = laid.stride.unsigned_abs() as usize;
            if !stamps.mark_line(&values[from..=to], stride, nim) {
                return None;
            }
        }
        Some(count)
    }
}

//! A two-parameter box's lines column by column. A column is a value of
//! the box's narrower argument (`last` in `F(n, last)`); with it fixed,
//! every bound, argument and heap of a line is linear in the other
//! argument, the column's row, once the line's `min`s and `max`s settle on
//! one part (`for k in 1..min(4, last, n + 1)` is `1..min(4, last)` from
//! `n = 3` on), and so is where its options lie in the box: a position
//! marks each line from a count and an index that are a multiply-add of
//! its row, with no bounds to fold and no ends to check (the ends were
//! checked for the whole column when it was planned). A family with a
//! narrow argument — the last move, a player, a phase — spends its rows
//! this way; the rows before the bounds settle, or where a line would
//! leave the box, are `BoxLines::mark`'s.

use std::ops::Range;

use super::SLOT_BOUND;
use super::line::{BoxLine, BoxLines, Form};
use crate::engine::mex::Stamps;
use crate::engine::row_major::RowMajor;

/// `c + k·a`, in the column's row `a`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ray {
    c: i128,
    k: i128,
}

impl Ray {
    /// `form` in column `column` (the argument `column.0` fixed at
    /// `column.1`).
    fn of(form: &Form<2>, (axis, value): (usize, i64)) -> Ray {
        let k = form.coefficients.map(i128::from);
        Ray {
            c: i128::from(form.constant) + k[axis] * i128::from(value),
            k: k[1 - axis],
        }
    }

    fn constant(c: i64) -> Ray {
        Ray {
            c: i128::from(c),
            k: 0,
        }
    }

    fn plus(self, other: Ray) -> Ray {
        Ray {
            c: self.c + other.c,
            k: self.k + other.k,
        }
    }

    fn times(self, factor: i128) -> Ray {
        Ray {
            c: self.c * factor,
            k: self.k * factor,
        }
    }

    /// The rows of `rows` where the ray is at least `value` (an interval:
    /// the ray is monotone).
    fn at_least(self, value: i128, rows: Range<i128>) -> Range<i128> {
        let (c, k) = (self.c, self.k);
        match k.signum() {
            0 if c >= value => rows,
            0 => rows.start..rows.start,
            1 => rows.start.max(ceiling(value - c, k))..rows.end,
            _ => rows.start..rows.end.min((c - value).div_euclid(-k) + 1),
        }
    }

    /// The rows of `rows` where the ray lies in `low..high`.
    fn within(self, (low, high): (i128, i128), rows: Range<i128>) -> Range<i128> {
        let rows = self.at_least(low, rows);
        self.times(-1).at_least(1 - high, rows)
    }
}

/// The largest of a bound's parts in `column` (`largest`; else the
/// smallest): the row from which one part gives it for good, and that
/// part.
fn settled(
    constant: i64,
    forms: &[Form<2>],
    column: (usize, i64),
    largest: bool,
) -> Option<(i128, Ray)> {
    let (sign, none) = if largest {
        (1, i64::MIN)
    } else {
        (-1, i64::MAX)
    };
    // A bound with no constant part has `none` for its constant, which
    // no row reaches: not a part that settles.
    let constant = (constant != none).then(|| Ray::constant(constant));
    let parts: Vec<Ray> = (forms.iter().map(|form| Ray::of(form, column)))
        .chain(constant)
        .map(|ray| ray.times(sign))
        .collect();
    // Of lines in `a`, the steepest (then the highest) is the largest for good.
    let chosen = (parts.iter().copied()).max_by_key(|ray| (ray.k, ray.c))?;
    let from = (parts.iter())
        .filter(|ray| ray.k < chosen.k)
        .map(|ray| {
            // `(chosen.k − k)·a >= c − chosen.c`.
            ceiling(ray.c - chosen.c, chosen.k - ray.k)
        })
        .max()
        .unwrap_or(i128::MIN);
    Some((from, chosen.times(sign)))
}

/// `⌈n / d⌉`, `d > 0`.
fn ceiling(n: i128, d: i128) -> i128 {
    n.div_euclid(d) + i128::from(n.rem_euclid(d) != 0)
}

/// One line in one column: at row `a`, `count` options, every
/// `stride`-th value of the box from index `start` to `end` (the line's
/// two ends, in the box's order), each with the heaps' xor.
#[derive(Debug)]
struct ColumnLine {
    count: (i64, i64),
    start: (i64, i64),
    end: (i64, i64),
    stride: usize,
    heaps: Vec<(i64, i64)>,
}

/// A column's lines over the rows where they are planned.
#[derive(Debug)]
struct Column {
    rows: Range<i64>,
    lines: Vec<ColumnLine>,
}

/// The lines of a box of two parameters, planned column by column (see
/// the module doc), made once a fill.
pub struct ColumnLines {
    /// The argument a column fixes.
    axis: usize,
    columns: Vec<Option<Column>>,
    /// Most options a position may have (the walk's limit).
    limit: u64,
}

/// The most columns planned: a plan per value of the narrower argument
/// of a box of two, each a few lines, made once a fill.
const MOST_COLUMNS: i64 = 1 << 16;

/// `c + k·a` for a row `a` of the box.
#[inline(always)]
fn at((c, k): (i64, i64), a: i64) -> i64 {
    c + k * a
}

impl ColumnLines {
    /// The columns of `lines` in the box `values`, each planned where it
    /// can be.
    /// None are planned past `MOST_COLUMNS`.
    pub(in crate::engine) fn new(lines: &BoxLines<2>, values: &RowMajor) -> ColumnLines {
        let layout: [(i64, i64); 2] = values.layout();
        let axis = usize::from(layout[1].0 <= layout[0].0);
        let columns = match layout[axis].0 <= MOST_COLUMNS {
            true => (0..layout[axis].0)
                .map(|value| column(&lines.lines, (axis, value), layout))
                .collect(),
            false => Vec::new(),
        };
        ColumnLines {
            axis,
            columns,
            limit: lines.limit,
        }
    }

    /// Marks the options of the position `x` as `BoxLines::mark` does:
    /// `None` where its column has no plan for its row (`BoxLines::mark`
    /// takes it), else what that would give.
    #[inline(always)]
    pub(in crate::engine) fn mark(
        &self,
        x: &[i64; 2],
        values: &RowMajor,
        stamps: &mut Stamps,
    ) -> Option<Option<u64>> {
        let (a, b) = (x[1 - self.axis], x[self.axis]);
        let column = self.columns.get(b as usize)?.as_ref()?;
        if !column.rows.contains(&a) {
            return None;
        }
        let values = values.values();
        let mut count = 0;
        for line in &column.lines {
            let options = at(line.count, a);
            if options <= 0 {
                continue;
            }
            count += options as u64;
            let mut nim = 0;
            for &heap in &line.heaps {
                let Ok(heap) = u64::try_from(at(heap, a)) else {
                    return Some(None);
                };
                nim ^= heap;
            }
            if count > self.limit || nim >= stamps.len() {
                return Some(None);
            }
            let start = at(line.start, a) as usize;
            let marked = match options {
                1 => stamps.mark_one(values[start], nim),
                _ => stamps.mark_line(&values[start..=at(line.end, a) as usize], line.stride, nim),
            };
            if !marked {
                return Some(None);
            }
        }
        Some(Some(count))
    }
}

/// The plan of a column (the argument `column.0` fixed at `column.1`) in
/// a box of `layout` (each argument's extent and stride): the rows from
/// where every line's bounds settle on, where no line that has options
/// leaves the box; `None` where that is no row.
fn column(lines: &[BoxLine<2>], column: (usize, i64), layout: [(i64, i64); 2]) -> Option<Column> {
    let all = 0..i128::from(layout[1 - column.0].0);
    let mut rows = all.clone();
    let mut planned = Vec::with_capacity(lines.len());
    for line in lines {
        let (low_from, low) = settled(line.low.0, &line.low.1, column, true)?;
        let (high_from, high) = settled(line.high.0, &line.high.1, column, false)?;
        let settled_rows = low_from.max(high_from).max(all.start)..all.end;
        let count = high.plus(low.times(-1));
        // The rows where the line has options.
        let some = count.at_least(1, settled_rows.clone());
        if some.is_empty() {
            rows = rows.start.max(settled_rows.start)..rows.end;
            continue;
        }
        // Where it has, its bounds are the walk's, and both ends are in
        // the box.
        let bound = (1 - i128::from(SLOT_BOUND), i128::from(SLOT_BOUND));
        let mut inside = low.within(bound, some.clone());
        inside = high.within(bound, inside);
        // How many steps the last option is from the first.
        let to_last = count.plus(Ray::constant(-1));
        let (mut first, mut stride) = (Ray::constant(0), 0i128);
        for ((start, &step), &(extent, by)) in line.starts.iter().zip(&line.steps).zip(&layout) {
            let arg = Ray::of(start, column).plus(low.times(step.into()));
            let end = arg.plus(to_last.times(step.into()));
            for ray in [arg, end] {
                inside = ray.within((0, extent.into()), inside);
            }
            first = first.plus(arg.times(by.into()));
            stride += i128::from(step) * i128::from(by);
        }
        // Where the line has no options it needs nothing; where it has but
        // leaves the box, the column is not planned.
        let line_rows = match inside == some {
            true => settled_rows,
            false => inside,
        };
        rows = rows.start.max(line_rows.start)..rows.end.min(line_rows.end);
        // `c + k·a` in `i64` for every row of the box, with no step
        // overflowing.
        let most = 1i128 << 62;
        let fits = |ray: Ray| {
            let small = ray.c.abs() < most && (ray.k * all.end).abs() < most;
            small.then_some((ray.c as i64, ray.k as i64))
        };
        // The options' first and last index, in the box's order.
        let last = first.plus(to_last.times(stride));
        let (start, end) = if stride < 0 {
            (last, first)
        } else {
            (first, last)
        };
        planned.push(ColumnLine {
            count: fits(count)?,
            start: fits(start)?,
            end: fits(end)?,
            stride: usize::try_from(stride.unsigned_abs().max(1)).ok()?,
            heaps: (line.heaps.iter())
                .map(|heap| fits(Ray::of(heap, column)))
                .collect::<Option<_>>()?,
        });
    }
    let rows = i64::try_from(rows.start).ok()?..i64::try_from(rows.end).ok()?;
    (!rows.is_empty()).then_some(Column {
        rows,
        lines: planned,
    })
}

//! Kernels: the option programs of families of integer parameters or of
//! lists, as the IR's passes leave them, over integer slots. Such a
//! family's values are computed bottom-up, without building a single `Game`
//! or `Value`: each option is a table lookup (or an xor of lookups), and a
//! split clause `F(x) + F(c - x) for x in …` becomes a range of pairs that
//! the sparse-space method (`engine/split.rs`) works on as a whole.
//!
//! A kernel never decides anything the generic evaluator would decide
//! differently: whenever it cannot vouch for a position (an argument outside
//! `0..n`, an overflow, a division by zero, a range over the list limit) it
//! gives up on that position and the generic path takes over, which gives
//! the same answer or reports the same error.

mod columns;
mod comprehension;
mod cond;
mod curve;
mod decided;
mod dense;
mod element;
mod functions;
mod heaps;
mod int;
mod known;
mod line;
mod list;
mod residues;
mod standalone;
mod summed;
mod table;
mod until;
mod vm;
pub use vm::{Condition, Formula};
mod walk;
mod wide;
pub use wide::WideBoxLines;

pub use columns::ColumnLines;
pub use comprehension::{Comprehension, ListClause, Over};
pub use cond::{CmpOp, Cond, Remembered};
pub use curve::rises_as_square;
pub use dense::{Above, DenseFill, Reading};
pub use element::{Clause, Element, Iter, Linear, OptionValue, Split, UNROLL, UNROLL_COMPUTED};
pub use functions::{Calls, IntFunction};
pub use int::{Affine, Fold, IntExpr, IntOp, gcd, place};
pub use known::{Known, Other, WithForeign};
pub use line::BoxLines;
pub use list::{Arg, Each, Function, ListExpr, ListWalk, MAX_ARGS, ParamKind, Reorder};
pub use standalone::{Computation, Computed, Standalone};
pub use table::Table;
pub use until::{Until, vanishing_quotient};

use super::game::FamilyId;

/// Loop variables must stay below this in absolute value; with the bounds
/// on affine coefficients below, no affine expression can then overflow,
/// whatever order it is evaluated in.
pub const SLOT_BOUND: i64 = 1 << 32;
/// Largest coefficient of a slot in an affine expression.
const COEFFICIENT_BOUND: i64 = 1 << 16;
/// Largest constant of an affine expression.
pub const CONSTANT_BOUND: i64 = 1 << 40;
/// Deepest nesting of function calls; deeper, the program gives up on the
/// position (and the generic path computes it, or reports the error). Far
/// below the generic path's own limit (`Limits::max_depth`), so that the
/// two never disagree about a call that nests deep; the calls nest on the
/// evaluation's big stack (`crate::stack`), about a kilobyte each.
const CALL_DEPTH: usize = 4096;
/// Most slots a kernel may use (the parameter and its loop variables).
pub const MAX_SLOTS: usize = 16;

/// A recognised family `F(p…) = < elements… >`; the first slots are the
/// parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub params: usize,
    pub elements: Vec<Element>,
    pub slots: usize,
    /// Per element, its split in closed form when it has one.
    direct: Vec<Option<DirectSplit>>,
    /// Per element, the steps of its innermost loop (`walk::Steps`).
    steps: Vec<Option<walk::Steps>>,
    /// Per element, the degree of its options' arguments in its
    /// innermost loop's variable where they are lines or curves
    /// (`curve::degree_of`), when not steps.
    curves: Vec<Option<u32>>,
    /// The elements' code for the VM.
    code: vm::Code,
    /// The registers the largest of its codes needs (`frame`).
    frame: usize,
    /// For a one-parameter family whose filters compare the heap alone,
    /// the first heap from which they are decided and the code with them
    /// decided (`decided`), which positions from there on run.
    past: Option<(i64, vm::Code)>,
    /// The same below the first heap where a filter on the heap alone may
    /// change (`decided::Side::Below`), where that run is long enough to pay.
    below: Option<(i64, vm::Code)>,
    /// The first heap from which no position has an option: every
    /// element has a filter decided false there (`past`'s), tested before
    /// any loop and any clause that might fail.
    bare_from: Option<i64>,
    /// Every element as a line of options in closed form, when each is
    /// one: a position then needs no slots and no walk.
    lines: Option<Vec<line::Line>>,
    /// For a family of two parameters only some of whose elements are
    /// lines (`split_lines`): those lines, and a kernel of the other
    /// elements that the VM runs beside them.
    partial: Option<(Vec<line::Line>, Box<Kernel>)>,
    /// Whether a position is one list of integers, whose header is in the
    /// first two slots and whose items are the first on the item stack.
    pub list: bool,
    /// The recursive functions the elements call: those returning lists
    /// (set with `set_functions`, which compiles them), and those
    /// returning integers.
    functions: Vec<Function>,
    list_functions: Vec<vm::Routine>,
    pub int_functions: Vec<IntFunction>,
    /// The other families whose positions the options name
    /// (`IntExpr::Grundy`, `IntExpr::GrundyOfList`).
    pub foreign: Vec<Foreign>,
    /// Pairs `(m, n)` of parameters such that every option's `m` is at
    /// most its `n` (`ir::capped`): a box needs no position past that.
    pub capped: Vec<(usize, usize)>,
    /// Pairs `(m, n)` of parameters that every option keeps in order
    /// (`ir::ordered`): a box asked for a position with `m` at most `n`
    /// needs no position past that.
    pub ordered: Vec<(usize, usize)>,
    /// The body's leaves that are a game rather than options (`*n + *m`,
    /// the `*n` of `if n < 3 then *n else < … >`): a kernel of their own,
    /// run first, whose option, where one fires, is the position's value
    /// itself (`OptionSet::alias_value`).
    alias: Option<Box<Kernel>>,
}

/// A family other than the kernel's own whose positions its options name.
#[derive(Clone, Debug, PartialEq)]
pub struct Foreign {
    pub family: FamilyId,
    /// Its name, for printing.
    pub name: String,
    /// How its positions are laid out: their integers are the arguments
    /// of `Known::foreign`, the items of one list for a board or a list.
    pub shape: crate::engine::Shape,
}

impl Foreign {
    /// Whether its positions are one integer each: a fill reads them from
    /// its dense table (`WithForeign`).
    pub fn is_one_int(&self) -> bool {
        self.shape == crate::engine::Shape::Ints(1)
    }
}

/// A split with no clause around it and no condition, whose bounds and
/// parts are affine in the parameter alone (every octal game's): its pair
/// range is a few multiply-adds away. Each pair is `(k, c)`, meaning
/// `k·n + c`.
#[derive(Clone, Debug, PartialEq)]
struct DirectSplit {
    low: (i64, i64),
    high: (i64, i64),
    inclusive: bool,
    sign: i64,
    first: (i64, i64),
    second: (i64, i64),
    nim: u64,
}

impl DirectSplit {
    fn of(element: &Element) -> Option<DirectSplit> {
        let OptionValue::Split(split) = &element.value else {
            return None;
        };
        if !element.clauses.is_empty() || !split.conds.is_empty() {
            return None;
        }
        let line = |e: &IntExpr| match e {
            IntExpr::Affine(a) => a.line(0),
            _ => None,
        };
        let mut nim = 0;
        for heap in &split.nims {
            nim ^= u64::try_from(line(heap).filter(|(k, _)| *k == 0)?.1).ok()?;
        }
        Some(DirectSplit {
            low: line(&split.low)?,
            high: line(&split.high)?,
            inclusive: split.inclusive,
            sign: split.sign,
            first: line(&split.first)?,
            second: line(&split.second)?,
            nim,
        })
    }
}

impl Kernel {
    /// The kernel of a family with `params` parameters, whose elements use
    /// `slots` slots and call `int_functions`.
    pub fn new(
        params: usize,
        elements: Vec<Element>,
        slots: usize,
        int_functions: Vec<IntFunction>,
    ) -> Kernel {
        let direct = match params {
            1 => elements.iter().map(DirectSplit::of).collect(),
            _ => vec![None; elements.len()],
        };
        // An element whose innermost loop ends it only once a remainder of
        // the heap is folded (its filter then applied to the constants it
        // walks: `residues::classes`) runs natively in those codes.
        let classes = (params == 1)
            .then(|| residues::classes(&elements))
            .flatten();
        let own: Vec<_> = elements.iter().map(walk::Steps::of_element).collect();
        let stepped: Vec<bool> = own.iter().map(Option::is_some).collect();
        let steps: Vec<_> = (own.into_iter().enumerate())
            .map(|(index, own)| {
                own.or_else(|| {
                    let mut versions = classes.iter().flatten().map(|class| &class[index]);
                    versions.find_map(walk::Steps::of_element)
                })
            })
            .collect();
        let curves: Vec<_> = elements.iter().map(curve::degree_of).collect();
        // The shapes of the elements as a code has them, each the element
        // of that index among the kernel's: stepped natively where the
        // kernel's is, or where this one is and a residue's is.
        let shapes = |elements: &[Element]| -> Vec<vm::Shape> {
            (elements.iter().enumerate())
                .map(|(index, element)| {
                    let this = || walk::Steps::of_element(element).is_some();
                    let stepped = stepped[index] || (steps[index].is_some() && this());
                    vm::Shape {
                        direct: direct[index].is_some(),
                        native: match (stepped, curves[index]) {
                            (true, _) => Some(vm::Native::Steps),
                            (false, Some(0 | 1)) => Some(vm::Native::Line),
                            (false, Some(_)) => Some(vm::Native::Curve),
                            (false, None) => None,
                        },
                    }
                })
                .collect()
        };
        let decided_on = |side| {
            (params == 1)
                .then(|| decided::on(&elements, side))
                .flatten()
        };
        let past_decided = decided_on(decided::Side::Past);
        let bare_from = (past_decided.as_ref())
            .filter(|(_, elements)| elements.iter().all(Element::decided_empty))
            .map(|&(from, _)| from);
        // One code, or one for each residue of the heap its clauses read
        // (`classes`, those of the kernel's own elements computed once).
        let code_of = |elements: &[Element], classes: Option<&[Vec<Element>]>| {
            let of = |elements: &[Element]| {
                vm::Code::of(elements, &shapes(elements), (params, slots), &int_functions)
            };
            match classes {
                Some(classes) => vm::Code::cycle(classes.iter().map(|c| of(c)).collect()),
                None => of(elements),
            }
        };
        let compile = |elements: &[Element]| {
            let classes = (params == 1).then(|| residues::classes(elements)).flatten();
            code_of(elements, classes.as_deref())
        };
        let compiled = |(heap, elements): (i64, Vec<Element>)| (heap, compile(&elements));
        let past = past_decided.map(compiled);
        let below = (decided_on(decided::Side::Below))
            .filter(|&(end, _)| end >= BELOW_WORTH)
            .map(compiled);
        let code = code_of(&elements, classes.as_deref());
        let frame_of =
            |decided: &Option<(i64, vm::Code)>| decided.as_ref().map_or(0, |d| d.1.frame);
        let frame = (code.frame).max(frame_of(&past)).max(frame_of(&below));
        Kernel {
            params,
            code,
            frame,
            past,
            below,
            bare_from,
            steps,
            curves,
            lines: (elements.iter())
                .map(|e| line::Line::of(e, params))
                .collect::<Option<Vec<_>>>()
                .map(|lines| lines.concat()),
            partial: None,
            elements,
            slots,
            direct,
            list: false,
            functions: Vec::new(),
            list_functions: Vec::new(),
            int_functions,
            foreign: Vec::new(),
            capped: Vec::new(),
            ordered: Vec::new(),
            alias: None,
        }
    }

    /// Gives the kernel the leaves of its body that are games (`alias`).
    /// No position is then a line alone.
    pub fn set_alias(&mut self, alias: Kernel) {
        self.lines = None;
        self.alias = Some(Box::new(alias));
    }

    /// Where the family has two parameters, no leaf that is a game, and
    /// only some of its elements are lines (a turn flag's branches beside
    /// a halving move): keeps those lines, marked in a box as a kernel of
    /// lines alone is, and a kernel of the other elements (the same slots,
    /// functions and other families) for the VM to run beside them, so
    /// that one element that is no line does not make every position a
    /// walk of them all. Whether it split.
    pub fn split_lines(&mut self) -> bool {
        if self.params != 2 || self.lines.is_some() || self.list || self.alias.is_some() {
            return false;
        }
        let lines: Vec<Option<Vec<line::Line>>> = (self.elements.iter())
            .map(|e| line::Line::of(e, 2))
            .collect();
        if lines.iter().all(Option::is_none) {
            return false;
        }
        let others = (self.elements.iter().zip(&lines))
            .filter(|(_, lines)| lines.is_none())
            .map(|(element, _)| element.clone())
            .collect();
        let mut rest = Kernel::new(2, others, self.slots, self.int_functions.clone());
        rest.set_functions(self.functions.clone());
        rest.foreign = self.foreign.clone();
        let lines = lines.into_iter().flatten().flatten().collect();
        self.partial = Some((lines, Box::new(rest)));
        true
    }

    /// The kernel of the body's leaves that are games, if it has any.
    pub fn alias(&self) -> Option<&Kernel> {
        self.alias.as_deref()
    }

    /// How many registers a position's frame holds: the slots, then the
    /// VM's temporaries.
    pub(super) fn frame(&self) -> usize {
        self.frame
    }

    /// The code position `regs` (its parameters set) runs: the code with
    /// the heap's filters decided past the heap where they settle, or
    /// below the first where one may change.
    fn code_for(&self, regs: &[i64]) -> &vm::Code {
        match (&self.past, &self.below) {
            (Some((from, past)), _) if regs[0] >= *from => past,
            (_, Some((end, below))) if regs[0] < *end => below,
            _ => &self.code,
        }
    }

    /// The first position from `n` on, going by `step` (1 or −1), that
    /// may run another code than `n` (`code_for`).
    fn code_changes(&self, n: i64, step: i64) -> i64 {
        let past = self.past.as_ref().map(|(from, _)| *from);
        let below = self.below.as_ref().map(|(end, _)| *end);
        // The positions `low..high` run `n`'s code.
        let (low, high) = match (past, below) {
            (Some(from), _) if n >= from => (from, i64::MAX),
            (_, Some(end)) if n < end => (i64::MIN, past.map_or(end, |from| end.min(from))),
            _ => (below.unwrap_or(i64::MIN), past.unwrap_or(i64::MAX)),
        };
        match step > 0 {
            true => high,
            false => low.saturating_sub(1),
        }
    }

    /// The first heap from which the filters on the heap alone are
    /// decided, where the family has such filters (for `:info`).
    pub fn filters_decided_from(&self) -> Option<i64> {
        // Lines in closed form run no code.
        let past = self.past.as_ref().filter(|_| self.lines.is_none());
        past.map(|(from, _)| *from)
    }

    /// Whether the heap's remainders in the clauses are decided for each
    /// of its residues, in the code the positions past the heap's filters
    /// run (`residues`), for `:info`.
    pub fn residues_decided(&self) -> bool {
        let code = self.past.as_ref().map_or(&self.code, |(_, past)| past);
        self.lines.is_none() && code.cycles()
    }

    /// The heap below which the filters on the heap alone are decided,
    /// where the family has such filters and that run is kept (for
    /// `:info`).
    pub fn filters_decided_below(&self) -> Option<i64> {
        let below = self.below.as_ref().filter(|_| self.lines.is_none());
        below.map(|(end, _)| *end)
    }

    /// The first heap from which no position has an option (its filters
    /// on the heap alone decided false there), where the family has no
    /// leaf that is a game: a fill counting down starts below it.
    pub fn bare_from(&self) -> Option<i64> {
        self.bare_from.filter(|_| self.alias.is_none())
    }

    /// The functions returning lists that the elements call, each
    /// compiled into its routine.
    pub fn set_functions(&mut self, functions: Vec<Function>) {
        self.list_functions = (functions.iter().enumerate())
            .map(|(own, function)| vm::Routine::of_list(function, own))
            .collect();
        self.functions = functions;
    }

    /// The parameter a box of the family's values lays out fastest: the
    /// one that the most elements' loops move alone (walking it then reads
    /// neighbours), the last where none does more.
    pub fn fastest_param(&self) -> usize {
        let mut moves = [0usize; MAX_PARAMS];
        for steps in self.steps.iter().flatten() {
            for call in steps.calls() {
                let mut moved = (0..self.params).filter(|&p| call[p] != 0);
                if let (Some(param), None) = (moved.next(), moved.next()) {
                    moves[param] += 1;
                }
            }
        }
        let last = self.params.saturating_sub(1);
        (0..self.params)
            .rev()
            .max_by_key(|&p| (moves[p], p == last))
            .unwrap_or(last)
    }

    /// Whether the elements run a recursive function in place, as a loop
    /// in the position's frame (the VM's `calls::loops`).
    pub fn runs_loops_in_place(&self) -> bool {
        self.code.runs_loops_in_place()
    }

    /// Whether its code counts the bits of a number at once, where a sum
    /// over them, or calls going down them, was written.
    pub fn counts_bits(&self) -> bool {
        self.code.counts_bits()
    }

    /// Whether its code sums the digits of a number in one operation,
    /// where a sum over them, or calls going down them, was written.
    pub fn sums_digits(&self) -> bool {
        self.code.sums_digits()
    }

    /// Whether its code tests a number for its digits with one set of
    /// them, where calls going down them, one walk a test, were written.
    pub fn tests_digits(&self) -> bool {
        self.code.tests_digits()
    }

    /// Whether its code runs the body of a recursive function in place,
    /// once at a call, its calls of itself real calls.
    pub fn runs_bodies_in_place(&self) -> bool {
        self.code.runs_bodies_in_place()
    }

    /// Whether a native loop reads a heap from a table of its values (a
    /// heap of one affine expression of the loop's variable, `tabled`).
    pub fn tables_heaps(&self) -> bool {
        self.steps.iter().flatten().any(walk::Steps::tables_heaps)
    }

    /// The functions returning lists, as the IR has them.
    pub fn functions(&self) -> &[Function] {
        &self.functions
    }

    /// What the walk knows of element `index`'s innermost loop.
    fn innermost(&self, index: usize) -> walk::Innermost<'_> {
        walk::Innermost {
            steps: self.steps[index].as_ref(),
            curve: self.curves[index],
        }
    }

    /// The kernel's lines for a row-major box of its values, when every
    /// element is a line and the kernel has `D` parameters (see
    /// `BoxLines`).
    pub fn lines_in_box<const D: usize>(&self, limit: u64) -> Option<BoxLines<D>> {
        let lines = self.lines.as_ref().filter(|_| self.params == D)?;
        BoxLines::new(lines, limit)
    }

    /// The box lines of the elements that are lines, and the kernel of the
    /// others, where only some are (`split_lines`).
    pub fn partial_lines_in_box(&self, limit: u64) -> Option<(BoxLines<2>, &Kernel)> {
        let (lines, rest) = self.partial.as_ref()?;
        Some((BoxLines::new(lines, limit)?, rest))
    }

    /// The kernel of a family whose positions are lists of integers (its
    /// elements read the position through the header in slots 0 and 1).
    pub fn of_lists(
        elements: Vec<Element>,
        slots: usize,
        int_functions: Vec<IntFunction>,
    ) -> Kernel {
        Kernel {
            list: true,
            // The header's slots are no parameters: no element is a line.
            lines: None,
            ..Kernel::new(2, elements, slots, int_functions)
        }
    }
}

/// The fewest heaps below the first where a filter on the heap alone may
/// change that earn a code of their own (`Kernel::below`): the filters of
/// `k <= n` change from heap 1 on, and a code for heap 0 alone would
/// only cost a test a position.
const BELOW_WORTH: i64 = 16;

/// Most parameters a kernel may have: five-heap nim written with five
/// integers runs as code too (its positions are kept by their integers,
/// `IntKey`).
pub const MAX_PARAMS: usize = 8;

/// Most arguments of an option a native loop steps (steps, a curve):
/// their arrays are set up at every position, and arrays as wide as
/// `MAX_PARAMS` slowed three-heap nim by a tenth. Lines take any number,
/// on arrays of this width for a kernel of at most this many parameters.
pub const NATIVE_PARAMS: usize = 4;

impl Kernel {
    /// Whether some element is a split (so the sparse-space method may pay).
    pub fn has_split(&self) -> bool {
        self.elements
            .iter()
            .any(|e| matches!(e.value, OptionValue::Split(_)))
    }
}

/// The options `F(y) + F(total − y) + *nim` for `y` in `low..=high`, where
/// `high <= total − high`: each pair once, since both orders are one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRange {
    pub total: usize,
    pub nim: u64,
    pub low: usize,
    pub high: usize,
}

/// The options of one position, as the mex computation wants them; reused
/// from position to position.
#[derive(Default, Debug)]
pub struct OptionSet {
    /// Values of the options given one by one.
    pub points: Vec<u64>,
    pub pairs: Vec<PairRange>,
    /// How many options in all, for the list limit.
    pub count: u64,
    intervals: Vec<(i64, i64)>,
    slots: Vec<i64>,
    /// The VM's item stack: the lists of a position, and the items of its
    /// loops.
    items: Vec<i64>,
    /// The positions the options named, one after another, when gathered
    /// (`Known::gathers`): their integers, and per position where it ends
    /// and which option (index in `points`) it is part of.
    pub boards: Vec<i64>,
    pub board_ends: Vec<(usize, usize)>,
    /// Whether a leaf of the body that is a game fired (`Kernel::alias`):
    /// the position's value is then the first point, not the mex.
    alias: bool,
    /// Whether only the first option is asked for: the walk gives up at
    /// the second, the first kept (whether a position is terminal).
    pub first_only: bool,
}

impl OptionSet {
    /// Empties the options of the last position walked, before the next.
    pub(super) fn empty(&mut self) {
        self.points.clear();
        self.pairs.clear();
        self.boards.clear();
        self.board_ends.clear();
        self.count = 0;
    }

    /// The position's value when the body gave it as a game rather than
    /// as options; `None` when it is the mex of the options.
    pub fn alias_value(&self) -> Option<u64> {
        self.points.first().copied().filter(|_| self.alias)
    }
}

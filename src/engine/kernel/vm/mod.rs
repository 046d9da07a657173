//! The VM that runs a kernel's option program, and the only evaluator of
//! its expressions. Each element is compiled once, when the kernel is
//! made, into a flat list of operations over registers: the slots of the
//! IR, then temporaries. A loop is a jump back, a filter a jump forward,
//! an expression one operation per node, and an option one lookup and one
//! push. Per option the VM does what a program written for the game would
//! do, where walking the element's tree of clauses and expressions cost a
//! call and a match per node.
//!
//! Lists live on the item stack beside the registers (`lists`): a board,
//! the lists built on the way, the items of loops over lists. A recursive
//! function's body — returning an integer, a condition or a list — is code
//! too, run by the same loop in a frame of its own (`Routine`); a call is
//! one operation, a call of itself in tail position a jump. A condition
//! tested apart from a position (a loop's end searched for, a filter
//! folded) is such a routine (`Condition`).
//!
//! The shapes passes recognised are operations of their own, run as native
//! loops on values the code computes once when the loop starts: a range
//! whose options' arguments move by fixed steps or along curves, a loop
//! over constants, and the split and board values.
//!
//! The elements of a kernel are one code, run once per position. An
//! expression of the parameters alone that cannot fail (`n % 3`, `n - 1`)
//! is computed once, before the first element, however many elements
//! and filters read it.

mod calls;
mod compile;
mod digits;
mod emit;
mod expr;
mod items;
mod lists;
mod op;
mod options;
mod routine;
mod run;
mod sieve;

use op::{Constants, Height, Op, Source};
pub use routine::{Condition, Formula, Routine};
pub(super) use run::Between;

use super::{Calls, Cond, Function, IntExpr, MAX_SLOTS, Until};

/// A register: a slot of the IR's or a temporary after them.
type Reg = u32;

/// The operations of a kernel's elements or of a function's body, and
/// the frame they run in.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct Code {
    ops: Vec<Op>,
    /// How many registers the code reads and writes: the slots, then the
    /// temporaries.
    pub frame: usize,
    /// Whether an operation goes back (a loop, a call run in place).
    loops: bool,
    /// For a cycle of codes (`Code::cycle`), the operation at which the
    /// heaps of each residue start; empty for one code.
    starts: Vec<u32>,
}

/// What the compiler knows of each element beyond its clauses.
pub(super) struct Shape {
    /// A split in closed form, run by its own operation.
    pub direct: bool,
    /// How its innermost loop may run natively, if it may.
    pub native: Option<Native>,
}

/// How an element's innermost loop runs natively: its options' arguments
/// move by fixed steps (`walk::Steps`), along lines whose steps are fixed
/// only at the position (`E(a - k * b, b)`), or along curves of degree 2
/// (`curve::Curves`), from their values at its first value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Native {
    Steps,
    Line,
    Curve,
}

impl Code {
    /// The code of `elements`, in order, whose slots are the registers
    /// below `slots`, the first `params` of them the parameters.
    pub fn of(
        elements: &[super::Element],
        shapes: &[Shape],
        (params, slots): (usize, usize),
        functions: &[super::IntFunction],
    ) -> Code {
        compile::Compiler::new(params, slots)
            .with_loops(functions)
            .program(elements, shapes)
            .checked()
    }

    /// One code for the heaps of each residue modulo `classes.len()`
    /// (`residues::classes`), joined: each ends in a `Turn` to the next
    /// residue's, so that a dense run goes from one position to the next
    /// and from one code to the next at once.
    pub fn cycle(classes: Vec<Code>) -> Code {
        let mut code = Code::default();
        let mut turns = Vec::new();
        for class in classes {
            let start = code.ops.len() as u32;
            code.starts.push(start);
            code.frame = code.frame.max(class.frame);
            code.loops |= class.loops;
            code.ops.extend(class.ops.into_iter().map(|mut op| {
                if let Some(target) = op.target() {
                    *target += start;
                }
                op
            }));
            turns.push(code.ops.len());
            code.ops.push(Op::Turn { up: 0, down: 0 });
        }
        let count = code.starts.len();
        for (residue, at) in turns.into_iter().enumerate() {
            code.ops[at] = Op::Turn {
                up: code.starts[(residue + 1) % count],
                down: code.starts[(residue + count - 1) % count],
            };
        }
        code
    }

    /// Whether the code is a cycle of codes, one for each residue.
    pub fn cycles(&self) -> bool {
        !self.starts.is_empty()
    }

    /// Where the code starts for the position whose heap is in the first
    /// of `regs`: at the code of its residue in a cycle, else at its first
    /// operation.
    #[inline(always)]
    fn start(&self, regs: &[i64]) -> usize {
        match self.starts.len() {
            0 => 0,
            count => self.starts[regs[0].rem_euclid(count as i64) as usize] as usize,
        }
    }

    /// Whether the code runs a function in place (`calls::loops`), for
    /// the passes a family's plan lists.
    pub fn runs_loops_in_place(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::Again { .. }))
    }

    /// Whether it counts the bits of a number at once (`Op::BitCount`).
    pub fn counts_bits(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::BitCount { .. }))
    }

    /// Whether it sums the digits of a number at once (`Op::DigitSum`).
    pub fn sums_digits(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::DigitSum { .. }))
    }

    /// Whether it tests a number's digits as one set (`Op::DigitSet`).
    pub fn tests_digits(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::DigitSet { .. }))
    }

    /// Whether it runs the body of a recursive function that is not a loop
    /// in place (`Compiler::inline`).
    pub fn runs_bodies_in_place(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::Enter { .. }))
    }

    /// The code, once every register it names is known to lie in its
    /// frame: the VM reads its registers unchecked.
    fn checked(self) -> Code {
        let frame = self.frame as Reg;
        for op in &self.ops {
            op.registers(&mut |r| assert!(r < frame, "register {r} outside the frame"));
        }
        self
    }
}

/// The search for a loop's end: its condition run on a copy of the
/// frame's slots with the loop's variable set to each value probed.
#[derive(Debug, PartialEq)]
struct Search {
    until: Until,
    cond: Condition,
}

impl Search {
    fn of(until: &Until) -> Search {
        Search {
            until: until.clone(),
            cond: Condition::of(&until.cond),
        }
    }

    /// The end for the range `bounds`, the frame's slots in `regs`.
    fn end(
        &self,
        bounds: (i64, i64),
        regs: &[i64],
        items: &mut Vec<i64>,
        calls: &Calls,
    ) -> Option<i64> {
        let mut probe = [0; MAX_SLOTS];
        let known = regs.len().min(MAX_SLOTS);
        probe[..known].copy_from_slice(&regs[..known]);
        self.until.search(bounds, |x| {
            probe[self.until.slot] = x;
            self.cond.holds(&probe, items, calls)
        })
    }
}

//! The IR in words, close to the source it came from: one line per element,
//! the option first and its clauses after, as in an option list; a leaf of
//! the body that is a game (an alias) after `=`.

use std::fmt::{self, Display, Formatter};

use super::Plan;
use crate::engine::kernel::{
    Affine, Arg, Clause, CmpOp, Computation, Cond, Element, Foreign, Function, IntExpr,
    IntFunction, IntOp, Iter, Linear, ListClause, ListExpr, OptionValue, Over, Reorder, Split,
};

impl Plan {
    /// A position of the family with `args` for its parameters, in the
    /// names the user gave.
    pub(super) fn call_text(&self, args: &[IntExpr]) -> String {
        let names = self.names(&self.slot_names, self.board);
        format!("{}({})", self.family, names.list(args))
    }

    /// The names of `slots` in the plan's program, boards shown as lists
    /// where `board`.
    fn names<'a>(&'a self, slots: &'a [String], board: bool) -> Names<'a> {
        Names {
            slots,
            board,
            functions: self.kernel.functions(),
            int_functions: &self.kernel.int_functions,
            foreign: &self.kernel.foreign,
        }
    }
}

impl Display for Plan {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let functions = self.kernel.functions();
        let (params, program) = match (self.kernel.list, self.board) {
            (true, _) => (self.slot_names[0].clone(), "list program"),
            (false, board) => {
                let params = self.slot_names[..self.kernel.params].join(", ");
                match board {
                    true => (format!("[{params}]"), "integer program"),
                    false => (params, "integer program"),
                }
            }
        };
        write!(f, "game {}({params}): {program}", self.family)?;
        if !self.passes.is_empty() {
            write!(f, "; passes: {}", self.passes.join(", "))?;
        }
        writeln!(f)?;
        // The leaves that are games, tested first: the position equals
        // the one that fires.
        for element in self.kernel.alias().map_or(&[][..], |a| &a.elements) {
            writeln!(
                f,
                "  = {}",
                self.names(&self.slot_names, self.board)
                    .element(&self.family, element)
            )?;
        }
        for element in &self.kernel.elements {
            writeln!(
                f,
                "  {}",
                self.names(&self.slot_names, self.board)
                    .element(&self.family, element)
            )?;
        }
        for function in functions {
            writeln!(
                f,
                "  {}",
                self.names(&function.slot_names, false).function(function)
            )?;
        }
        for function in &self.kernel.int_functions {
            let names = self.names(&function.slot_names, false);
            writeln!(f, "  {}", names.int_function(function))?;
        }
        Ok(())
    }
}

/// A value's program (`super::value_program_text`): what it computes, then
/// its functions, one a line.
pub(super) fn value_program(value: &super::build::ValueProgram) -> String {
    let names = |slots| Names {
        slots,
        board: false,
        functions: &value.functions,
        int_functions: &value.int_functions,
        foreign: &[],
    };
    let body = names(&value.slot_names);
    let mut text = match &value.body {
        Computation::Int(e) => body.expr(e),
        Computation::Cond(c) => body.cond(c),
        Computation::List(l) => body.list_expr(l),
    };
    for function in &value.functions {
        text += &format!("\n  {}", names(&function.slot_names).function(function));
    }
    for function in &value.int_functions {
        text += &format!("\n  {}", names(&function.slot_names).int_function(function));
    }
    text
}

/// Prints slots by the names the user gave them (a list by its header's
/// first slot); positions as boards when the family's are.
struct Names<'a> {
    slots: &'a [String],
    board: bool,
    functions: &'a [Function],
    int_functions: &'a [IntFunction],
    foreign: &'a [Foreign],
}

impl Names<'_> {
    fn element(&self, family: &str, element: &Element) -> String {
        let mut clauses: Vec<String> = element.clauses.iter().map(|c| self.clause(c)).collect();
        let value = match &element.value {
            OptionValue::Terms { calls, nims } => {
                let mut terms: Vec<String> = calls
                    .iter()
                    .map(|args| match self.board {
                        true => format!("{family}([{}])", self.list(args)),
                        false => format!("{family}({})", self.list(args)),
                    })
                    .collect();
                terms.extend(nims.iter().map(|n| self.heap(n)));
                if terms.is_empty() {
                    "*0".to_string()
                } else {
                    terms.join(" + ")
                }
            }
            OptionValue::Split(split) => {
                clauses.extend(self.split_clauses(split));
                format!("split {}", self.split_value(family, split))
            }
            OptionValue::Boards { boards, nims } => {
                let mut terms: Vec<String> = boards
                    .iter()
                    .map(|b| format!("{family}({})", self.list_expr(b)))
                    .collect();
                terms.extend(nims.iter().map(|n| self.heap(n)));
                terms.join(" + ")
            }
        };
        match clauses.is_empty() {
            true => value,
            false => format!("{value} {}", clauses.join(" ")),
        }
    }

    /// `def name(params) = body` of a function giving an integer.
    fn int_function(&self, function: &IntFunction) -> String {
        let params = self.slots[..function.params].join(", ");
        let body = self.expr(&function.body);
        format!("def {}({params}) = {body}", function.name)
    }

    /// A recursive function: `def name(params) = body`.
    fn function(&self, function: &Function) -> String {
        let mut params = Vec::new();
        let mut slot = 0;
        for kind in &function.params {
            params.push(self.slots[slot].clone());
            slot += kind.width();
        }
        let body = self.list_expr(&function.body);
        let def = format!("def {}({}) = {body}", function.name, params.join(", "));
        let Some(walk) = &function.walk else {
            return def;
        };
        let list = &self.slots[walk.header];
        let mut stops = Vec::new();
        if walk.stop_once != Cond::Const(false) {
            stops.push(format!("{} (checked once)", self.cond(&walk.stop_once)));
        }
        if walk.at_end {
            stops.push(format!("{list} is empty"));
        }
        if walk.stop != Cond::Const(false) {
            stops.push(self.cond(&walk.stop));
        }
        format!(
            "{def}\n    as a loop{}: [{}] for each {}, {list} moving on, until {}; then {}",
            if walk.from_back { " from the back" } else { "" },
            self.list(&walk.items),
            self.slots[walk.end],
            stops.join(" or "),
            self.list_expr(&walk.base)
        )
    }

    fn list_expr(&self, e: &ListExpr) -> String {
        match e {
            ListExpr::Slots(header) => self.slots[*header].clone(),
            ListExpr::Items(items) => self.items(items.iter().map(|e| self.expr(e)).collect()),
            ListExpr::Slice(l, a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                let b = if b == i64::MAX.to_string() {
                    String::new()
                } else {
                    b
                };
                format!("{}[{a}..{b}]", self.list_atom(l))
            }
            ListExpr::Reorder(order, l) => match order {
                Reorder::Sort => format!("sort({})", self.list_expr(l)),
                Reorder::Reverse => format!("reversed({})", self.list_expr(l)),
            },
            ListExpr::Replace(l, at, item) => format!(
                "({} with [{}] = {})",
                self.list_expr(l),
                self.expr(at),
                self.expr(item)
            ),
            ListExpr::Concat(a, b) => format!("{} + {}", self.list_expr(a), self.list_expr(b)),
            ListExpr::Pick(table, key) => format!("{}[{}]", table.name, self.expr(key)),
            ListExpr::Comprehension(c) => {
                let mut text = format!("[{}", self.expr(&c.item));
                for clause in &c.clauses {
                    text += &match clause {
                        ListClause::For { slot, over } => {
                            let over = match over {
                                Over::Range {
                                    low,
                                    high,
                                    inclusive,
                                } => self.iter(&Iter::Range {
                                    low: low.clone(),
                                    high: high.clone(),
                                    inclusive: *inclusive,
                                }),
                                Over::List(l) => self.list_expr(l),
                            };
                            format!(" for {} in {over}", self.slots[*slot])
                        }
                        ListClause::If(cond) => format!(" if {}", self.cond(cond)),
                    };
                }
                text + "]"
            }
            ListExpr::Select(c, a, b) => format!(
                "(if {} then {} else {})",
                self.cond(c),
                self.list_expr(a),
                self.list_expr(b)
            ),
            ListExpr::Call(f, args)
            | ListExpr::Loop {
                function: f, args, ..
            } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|arg| match arg {
                        Arg::Int(e) => self.expr(e),
                        Arg::List(l) => self.list_expr(l),
                    })
                    .collect();
                format!("{}({})", self.functions[*f].name, args.join(", "))
            }
        }
    }

    fn list_atom(&self, e: &ListExpr) -> String {
        match e {
            ListExpr::Concat(..) => format!("({})", self.list_expr(e)),
            _ => self.list_expr(e),
        }
    }

    fn split_value(&self, family: &str, split: &Split) -> String {
        let x = IntExpr::slot(split.slot);
        let signed = |sign: i64, rest: &IntExpr| {
            let moved = IntExpr::binary(IntOp::Mul, IntExpr::constant(sign), x.clone());
            self.expr(&IntExpr::binary(IntOp::Add, rest.clone(), moved))
        };
        let mut terms = vec![
            format!("{family}({})", signed(split.sign, &split.first)),
            format!("{family}({})", signed(-split.sign, &split.second)),
        ];
        terms.extend(split.nims.iter().map(|n| self.heap(n)));
        terms.join(" + ")
    }

    fn split_clauses(&self, split: &Split) -> Vec<String> {
        let range = Iter::Range {
            low: split.low.clone(),
            high: split.high.clone(),
            inclusive: split.inclusive,
        };
        let mut clauses = vec![format!(
            "for {} in {}",
            self.slots[split.slot],
            self.iter(&range)
        )];
        clauses.extend(split.conds.iter().map(|c| self.linear(split.slot, c)));
        clauses
    }

    fn linear(&self, slot: usize, linear: &Linear) -> String {
        let x = IntExpr::binary(
            IntOp::Mul,
            IntExpr::constant(linear.coefficient),
            IntExpr::slot(slot),
        );
        let left = IntExpr::binary(IntOp::Add, x, linear.rest.clone());
        format!("if {} {} 0", self.expr(&left), symbol(linear.op))
    }

    fn clause(&self, clause: &Clause) -> String {
        match clause {
            Clause::For { slot, iter } => {
                format!("for {} in {}", self.slots[*slot], self.iter(iter))
            }
            Clause::If(cond) => format!("if {}", self.cond(cond)),
        }
    }

    fn iter(&self, iter: &Iter) -> String {
        match iter {
            Iter::Range {
                low,
                high,
                inclusive,
            } => {
                // The loop's own ends: its range, then the filters it stops
                // at, the first first.
                let (mut end, mut stops) = (high, Vec::new());
                while let IntExpr::Until(until) = end
                    && until.low == *low
                {
                    stops.push(format!(" while {}", self.cond(&until.cond)));
                    end = &until.high;
                }
                stops.reverse();
                let dots = if *inclusive { "..=" } else { ".." };
                format!(
                    "{}{dots}{}{}",
                    self.expr(low),
                    self.expr(end),
                    stops.concat()
                )
            }
            Iter::List(items) => self.items(items.iter().map(|e| self.expr(e)).collect()),
            Iter::Sorted { values, low, high } => {
                let values: Vec<String> = values.iter().map(i64::to_string).collect();
                let (low, high) = (self.expr(low), self.expr(high));
                format!("{} within {low}..{high}", self.items(values))
            }
            Iter::Built(list) => self.list_expr(list),
            Iter::Divisors { of, low, high } => {
                let (of, low, high) = (self.expr(of), self.expr(low), self.expr(high));
                format!("{low}..{high} dividing {of}")
            }
            Iter::Quotients { of, low, high } => {
                let (of, low, high) = (self.atom(of), self.expr(low), self.expr(high));
                format!("{of} / ({low}..{high})")
            }
        }
    }

    fn list(&self, items: &[IntExpr]) -> String {
        let items: Vec<String> = items.iter().map(|e| self.expr(e)).collect();
        items.join(", ")
    }

    /// A loop's or a list's items in brackets, a long run of them cut to
    /// its first and last few (a tabled square's 4096 values).
    fn items(&self, items: Vec<String>) -> String {
        const FIRST: usize = 10;
        const LAST: usize = 2;
        if items.len() <= 2 * (FIRST + LAST) {
            return format!("[{}]", items.join(", "));
        }
        let (first, last) = (&items[..FIRST], &items[items.len() - LAST..]);
        let more = items.len() - FIRST - LAST;
        format!(
            "[{}, … {more} more …, {}]",
            first.join(", "),
            last.join(", ")
        )
    }

    fn cond(&self, cond: &Cond) -> String {
        match cond {
            Cond::Const(b) => b.to_string(),
            Cond::Cmp(op, a, b) => format!("{} {} {}", self.expr(a), symbol(*op), self.expr(b)),
            Cond::Not(c) => format!("not ({})", self.cond(c)),
            Cond::And(a, b) => format!("({} and {})", self.cond(a), self.cond(b)),
            Cond::Or(a, b) => format!("({} or {})", self.cond(a), self.cond(b)),
            Cond::Remembered(r) => format!(
                "{} (remembered by {})",
                self.cond(&r.cond),
                self.slots[r.slot]
            ),
        }
    }

    /// An expression, in parentheses unless it is a single name or number.
    /// A nim heap of an option: `*size`, or the position of another
    /// family that it stands for.
    fn heap(&self, e: &IntExpr) -> String {
        match e {
            IntExpr::Grundy(f, args) => format!("{}({})", self.foreign[*f].name, self.list(args)),
            IntExpr::GrundyOfList(f, l) => {
                format!("{}({})", self.foreign[*f].name, self.list_expr(l))
            }
            _ => format!("*{}", self.atom(e)),
        }
    }

    fn atom(&self, e: &IntExpr) -> String {
        let text = self.expr(e);
        let call = matches!(
            e,
            IntExpr::Grundy(..)
                | IntExpr::GrundyOfList(..)
                | IntExpr::Call(..)
                | IntExpr::At(..)
                | IntExpr::Item(..)
        );
        let simple = call || text.chars().all(|c| c.is_alphanumeric() || c == '_');
        if simple { text } else { format!("({text})") }
    }

    fn expr(&self, e: &IntExpr) -> String {
        match e {
            IntExpr::Affine(a) => self.affine(a),
            IntExpr::Large(v) => v.to_string(),
            IntExpr::Binary(op, a, b) => {
                let op = match op {
                    IntOp::Add => "+",
                    IntOp::Sub => "-",
                    IntOp::Mul => "*",
                    IntOp::Div => "/",
                    IntOp::Mod => "%",
                    IntOp::Xor => "^",
                    IntOp::Pow => "**",
                };
                format!("{} {op} {}", self.atom(a), self.atom(b))
            }
            IntExpr::Abs(a) => format!("abs({})", self.expr(a)),
            IntExpr::Min(xs) => format!("min({})", self.list(xs)),
            IntExpr::Max(xs) => format!("max({})", self.list(xs)),
            IntExpr::Select(c, a, b) => format!(
                "(if {} then {} else {})",
                self.cond(c),
                self.expr(a),
                self.expr(b)
            ),
            IntExpr::At(header, i) => format!("{}[{}]", self.slots[*header], self.expr(i)),
            IntExpr::Call(f, args) => {
                format!("{}({})", self.int_functions[*f].name, self.list(args))
            }
            IntExpr::Grundy(f, args) => {
                format!("g({}({}))", self.foreign[*f].name, self.list(args))
            }
            IntExpr::GrundyOfList(f, l) => {
                format!("g({}({}))", self.foreign[*f].name, self.list_expr(l))
            }
            IntExpr::Until(until) => format!(
                "(first {} in {}..{} where not {})",
                self.slots[until.slot],
                self.expr(&until.low),
                self.expr(&until.high),
                self.cond(&until.cond)
            ),
            IntExpr::Fold(fold, header) => format!("{}({})", fold.name(), self.slots[*header]),
            IntExpr::Reduce(fold, list) => format!("{}({})", fold.name(), self.list_expr(list)),
            IntExpr::Item(list, i) => match &**list {
                ListExpr::Pick(table, key) if table.scalars => {
                    format!("{}[{}]", table.name, self.expr(key))
                }
                ListExpr::Items(_) => format!("{}[{}]", self.list_expr(list), self.expr(i)),
                list => format!("({})[{}]", self.list_expr(list), self.expr(i)),
            },
        }
    }

    fn affine(&self, a: &Affine) -> String {
        let mut text = String::new();
        for &(slot, k) in &a.terms {
            let name = &self.slots[slot];
            let magnitude = match k.abs() {
                1 => name.clone(),
                m => format!("{m}*{name}"),
            };
            text += &match (text.is_empty(), k < 0) {
                (true, false) => magnitude,
                (true, true) => format!("-{magnitude}"),
                (false, false) => format!(" + {magnitude}"),
                (false, true) => format!(" - {magnitude}"),
            };
        }
        match (text.is_empty(), a.constant) {
            (true, c) => c.to_string(),
            (false, 0) => text,
            (false, c) if c < 0 => format!("{text} - {}", c.unsigned_abs()),
            (false, c) => format!("{text} + {c}"),
        }
    }
}

fn symbol(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

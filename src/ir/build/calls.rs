//! Recursive `def`s returning integers (`def ones(n) = if n == 0 then 0
//! else n % 2 + ones(n / 2)`): each becomes one of the kernel's integer
//! functions (`engine::kernel::IntFunction`), its parameters in a frame of
//! its own, instead of sending the family to the generic search.

use super::Translator;
use crate::engine::kernel::{IntExpr, IntFunction, MAX_SLOTS, Memo};
use crate::span::Span;
use crate::syntax::ast::Expr;
use crate::value::DefId;

impl Translator<'_> {
    /// A call of the recursive `def` `id` where an integer is needed.
    pub(super) fn int_call(&mut self, id: DefId, args: &[Expr], span: Span) -> Option<IntExpr> {
        let params = self.program.defs[id.0 as usize].definition.params.len();
        if params != args.len() || args.len() > MAX_SLOTS {
            return self.fail(span, "a call of a recursive `def` with many arguments");
        }
        let mut ints = Vec::with_capacity(args.len());
        for arg in args {
            ints.push(self.int(arg)?);
        }
        let index = match self.int_compiled.iter().position(|&c| c == id) {
            Some(index) => index,
            None => self.compile_int(id)?,
        };
        Some(IntExpr::Call(index, ints))
    }

    /// Compiles `def` `id` as an integer function, its body seeing its
    /// parameters and the globals only. When the body does not translate,
    /// the functions compiled on the way are forgotten with it (the caller
    /// may yet translate the call another way).
    fn compile_int(&mut self, id: DefId) -> Option<usize> {
        let definition = self.program.defs[id.0 as usize].definition.clone();
        let index = self.int_functions.len();
        self.int_functions.push(IntFunction {
            name: definition.name.node.clone(),
            slot_names: Vec::new(),
            body: IntExpr::constant(0),
            memo: Memo::default(),
        });
        self.int_compiled.push(id);
        let (body, names) = self.in_own_frame(|t| {
            for param in &definition.params {
                t.bind_slot(&param.node)?;
            }
            t.int(&definition.body)
        });
        let Some(body) = body else {
            self.int_functions.truncate(index);
            self.int_compiled.truncate(index);
            return None;
        };
        let function = &mut self.int_functions[index];
        function.body = body;
        function.slot_names = names;
        Some(index)
    }
}

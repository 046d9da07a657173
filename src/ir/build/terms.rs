//! The games of an option translated: a sum of the family's own
//! positions, other families' positions (read as heaps of their values)
//! and nim heaps, flattened into the calls and heaps of one emit
//! (`Terms`), and `g(…)` of such a game where an integer is needed.

use super::{Binding, Foreign, Local, Terms, Translator, lists, never_negative};
use crate::builtin::Builtin;
use crate::engine::Shape;
use crate::engine::kernel::{IntExpr, IntOp, ListExpr, MAX_PARAMS};
use crate::resolve::term::{Term, TermKind};
use crate::syntax::ast::BinOp;
use crate::value::{Game, Value};

impl Translator<'_> {
    /// Flattens a sum of `F(index…)` terms and nim heaps.
    pub(super) fn terms(&mut self, e: &Term, out: &mut Terms) -> Option<()> {
        if let Some(direct) = self.followed(e) {
            return self.terms(&direct, out);
        }
        match &e.kind {
            TermKind::Binary(BinOp::Add, a, b) => {
                self.terms(a, out)?;
                self.terms(b, out)
            }
            TermKind::Const(Value::Game(Game::Nim(heap))) => {
                out.nims.push(IntExpr::constant(*heap as i64));
                Some(())
            }
            TermKind::Nim(heap) => {
                let heap = self.int(heap)?;
                out.nims.push(heap);
                Some(())
            }
            // `< >`, the game with no options: its value is 0.
            TermKind::Options(elements) if elements.is_empty() => {
                self.empty_games = true;
                out.nims.push(IntExpr::constant(0));
                Some(())
            }
            TermKind::Index(base, index) if let Some(heaps) = self.heaps_named(base) => {
                let index = self.int(index)?;
                out.nims.push(lists::picked(ListExpr::Items(heaps), index));
                Some(())
            }
            TermKind::Local(_) | TermKind::Let(_) => match self.name(e)? {
                Local {
                    binding: Binding::Heap(heap),
                    ..
                } => {
                    out.nims.push(heap);
                    Some(())
                }
                Local { name, .. } => self.fail(e.span, format!("`{name}` is not a game here")),
            },
            // `sum([A, B, *k])`: the sum of the games listed, each a term
            // (a list of one element each, no loop; not empty, whose sum
            // is 0, not a game).
            TermKind::CallBuiltin {
                builtin: Builtin::Sum,
                args,
            } => match args.as_slice() {
                [list]
                    if let TermKind::List {
                        elements,
                        set: false,
                    } = &list.kind
                        && !elements.is_empty()
                        && elements.iter().all(|item| item.clauses.is_empty()) =>
                {
                    (elements.iter()).try_for_each(|item| self.terms(&item.value, out))
                }
                [list]
                    if matches!(&list.kind, TermKind::List { elements, .. }
                    if elements.iter().any(|item| !item.clauses.is_empty())) =>
                {
                    self.fail(
                        e.span,
                        "a sum of a list built by a loop: only copies of one game \
                         translate, `sum([v for _ in 0..d])`, their count at least 1 \
                         (`d` from a loop starting at 1 or more)",
                    )
                }
                _ => self.fail(e.span, "a sum of a list that is not games written out"),
            },
            TermKind::Position { family, args } if self.is_own(*family) && self.list => {
                let [arg] = args.as_slice() else {
                    return self.fail(e.span, "a position of another number of arguments");
                };
                let board = self.list(arg)?;
                out.boards.push(board);
                Some(())
            }
            TermKind::Position { family, args } if self.is_own(*family) => {
                if let (true, [list]) = (self.board, args.as_slice()) {
                    let board = self.board_items(list)?;
                    out.calls.push(board);
                    return Some(());
                }
                let mut call = Vec::new();
                for (i, arg) in args.iter().enumerate() {
                    if self.fixed.contains(&i) {
                        if !self.passes_on(arg, i) {
                            return self.fail(arg.span, "another value of a fixed parameter");
                        }
                        continue;
                    }
                    call.push(self.int(arg)?);
                }
                out.calls.push(call);
                Some(())
            }
            TermKind::Position { family, args }
                if let Some(shape) = self.foreign_family(*family, args) =>
            {
                let family = *family;
                let index = match self.foreign.iter().position(|f| f.family == family) {
                    Some(index) => index,
                    None => {
                        let name = self.program.family(family).name.clone();
                        self.foreign.push(Foreign {
                            family,
                            name,
                            shape,
                        });
                        self.foreign.len() - 1
                    }
                };
                let value = match shape {
                    Shape::Ints(_) => {
                        let args = args.iter().map(|arg| self.int(arg));
                        IntExpr::Grundy(index, args.collect::<Option<_>>()?)
                    }
                    Shape::Board(_) | Shape::List => {
                        IntExpr::GrundyOfList(index, Box::new(self.list(&args[0])?))
                    }
                };
                out.nims.push(value);
                Some(())
            }
            // A `def` giving a game: its body's terms, its arguments
            // bound (`def other(n) = B(n)`).
            TermKind::CallDef { def, args } if !self.recursive(*def) => {
                self.inline(*def, args, e.span, |t, body| t.terms(body, out))
            }
            TermKind::Position { family, .. } => {
                let name = &self.program.family(*family).name;
                let reason = format!(
                    "a position of another family, `{name}`: only a family of \
                     integers reads another's positions (of at most {MAX_PARAMS} \
                     integers, or one list; a parameter passed on unchanged given an \
                     integer constant)"
                );
                self.fail(e.span, reason)
            }
            _ => self.fail(
                e.span,
                "a game that is not a sum of positions of this family and nim heaps",
            ),
        }
    }

    /// `g(game)` where an integer is needed: the xor of the values of
    /// other families' positions and of heaps that cannot be negative (a
    /// constant, a remainder by a positive constant, an `abs`), each read
    /// as the options' heaps are (`G(n - 1) + K(a)`).
    pub(super) fn grundy(&mut self, game: &Term) -> Option<IntExpr> {
        let mut out = Terms::default();
        self.terms(game, &mut out)?;
        if !out.calls.is_empty() || !out.boards.is_empty() {
            return self.fail(
                game.span,
                "the value of a position of this family, in its own body",
            );
        }
        let mut value: Option<IntExpr> = None;
        for heap in out.nims {
            let read = matches!(heap, IntExpr::Grundy(..) | IntExpr::GrundyOfList(..));
            if !read && !never_negative(&heap) {
                return self.fail(game.span, "the value of a nim heap that may be negative");
            }
            value = Some(match value {
                Some(value) => IntExpr::binary(IntOp::Xor, value, heap),
                None => heap,
            });
        }
        Some(value.unwrap_or(IntExpr::constant(0)))
    }

    /// The sizes of the heaps of the list of games `e` names, if it names
    /// one (`Binding::Heaps`); nothing noted otherwise.
    pub(super) fn heaps_named(&mut self, e: &Term) -> Option<Vec<IntExpr>> {
        match self.binding_of(e)? {
            Binding::Heaps(heaps) => Some(heaps),
            _ => None,
        }
    }
}

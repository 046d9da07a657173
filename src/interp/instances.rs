//! Positions of a family with fixed parameters (`ir::fixed_params`) go to
//! the instance of the family for their fixed values: `TakeAway([1, 3,
//! 4], n)` is position `n` of the one-parameter family `TakeAway` with
//! `moves = [1, 3, 4]`, kept in a dense table and computed by a program
//! with the moves folded in.

use std::rc::Rc;

use super::Interp;
use crate::diagnostic::Result;
use crate::engine::kernel::MAX_PARAMS;
use crate::engine::{LITERALS, Shape};
use crate::resolve::program::FamilyDef;
use crate::resolve::term::{Term, TermKind};
use crate::runtime::Runtime;
use crate::span::Span;
use crate::value::{DefId, FamilyId, Game, Value};

/// Most integers in the fixed values of an instance; larger values leave
/// the position to the family itself.
const MOST_INTEGERS: usize = 1 << 12;
/// Most instances of all families in a session: each has a table and a
/// program of its own, so a script naming a family with ever new fixed
/// values leaves the positions past these to the families themselves.
const MOST_INSTANCES: usize = 1 << 10;

impl Interp {
    /// The instance of `family` that `family(args)` belongs to, and the
    /// position's arguments in it; `None` when the family has no fixed
    /// parameters or their values here are not integers or lists of them.
    pub(super) fn instance(
        &mut self,
        family: FamilyId,
        args: &[Value],
    ) -> Option<(FamilyId, Vec<Value>)> {
        if self.generic_only || family == LITERALS {
            return None;
        }
        if self.engine.shape(family) == Shape::List {
            return self.length_instance(family, args);
        }
        let fixed = self.fixed_params(family);
        if fixed.is_empty() || args.len() <= fixed.len() {
            return None;
        }
        let key: Rc<[Value]> = fixed
            .iter()
            .map(|&i| constant(args.get(i)?))
            .collect::<Option<_>>()?;
        let id = match self.instances.get(&(family, key.clone())) {
            Some(&id) => id,
            None if self.instances.len() < MOST_INSTANCES => self.new_instance(family, &fixed, key),
            None => return None,
        };
        let own = args.iter().enumerate().filter(|(i, _)| !fixed.contains(i));
        Some((id, own.map(|(_, v)| v.clone()).collect()))
    }

    /// A family's name; an instance's with its fixed values and the names
    /// of its other parameters, `TakeAway([1, 3, 4], n)`, or with the
    /// length of its lists, `Nim(heaps of length 3)`.
    pub(super) fn instance_name(&self, family: &FamilyDef) -> String {
        if let (Some(len), [param]) = (family.length, family.params.as_slice()) {
            return format!("{}({} of length {len})", family.name, param.node);
        }
        if family.fixed.is_empty() {
            return family.name.clone();
        }
        let params: Vec<String> = (0..family.params.len())
            .map(|i| match family.fixed.iter().find(|(j, _)| *j == i) {
                Some((_, value)) => crate::printer::brief(value, self),
                None => family.params[i].node.clone(),
            })
            .collect();
        format!("{}({})", family.name, params.join(", "))
    }

    /// How each instance of `family` made so far is computed, indented
    /// under the family, each headed by its fixed values.
    pub(super) fn explain_instances(&mut self, family: FamilyId) -> String {
        let mut instances: Vec<FamilyId> = self
            .instances
            .iter()
            .filter(|((of, _), _)| *of == family)
            .map(|(_, &id)| id)
            .collect();
        instances.sort();
        let mut text = String::new();
        for id in instances {
            let explained = self.explain(id);
            let name = self.instance_name(self.program.family(id));
            // The head names the instance's own parameters only.
            let how = explained
                .split_once("): ")
                .map_or(explained.as_str(), |(_, how)| how);
            let mut lines = how.lines();
            text += &format!("  instance {name}: {}\n", lines.next().unwrap_or_default());
            for line in lines {
                text += &format!("  {line}\n");
            }
        }
        text
    }

    /// How many positions `family` and its instances keep, and how many of
    /// them have known values.
    pub(super) fn positions_with_instances(&self, family: FamilyId) -> (u64, u64) {
        let instances = self.instances.iter().filter(|((of, _), _)| *of == family);
        instances
            .map(|(_, &id)| self.engine.family_stats(id))
            .fold(self.engine.family_stats(family), |(a, b), (c, d)| {
                (a + c, b + d)
            })
    }

    /// The fixed parameters of `family` (none for an instance), found once.
    pub(super) fn fixed_params(&mut self, family: FamilyId) -> Rc<[usize]> {
        if let Some(fixed) = self.fixed.get(&family) {
            return fixed.clone();
        }
        let fixed: Rc<[usize]> =
            crate::ir::fixed_params(family, self.program.family(family)).into();
        self.fixed.insert(family, fixed.clone());
        fixed
    }

    /// The instance of `family`, whose positions are lists, for the
    /// length of the list `args` holds (`ir::lengths`), and the position's
    /// arguments in it: made on first use, where the family's program
    /// reads for lists of that length as a board's.
    fn length_instance(
        &mut self,
        family: FamilyId,
        args: &[Value],
    ) -> Option<(FamilyId, Vec<Value>)> {
        // A range is the list of its integers, as a position keeps it.
        let own = match args {
            [Value::List(items)] if items.iter().all(|x| matches!(x, Value::Int(_))) => {
                args.to_vec()
            }
            [Value::Range(low, high)] if Value::range_len(*low, *high) <= MAX_PARAMS as u64 => {
                vec![Value::list((*low..*high).map(Value::Int).collect())]
            }
            _ => return None,
        };
        let len = own[0].elements().count();
        if !(2..=MAX_PARAMS).contains(&len) || self.unfit_lengths.contains(&(family, len)) {
            return None;
        }
        let key: Rc<[Value]> = Rc::new([Value::Int(len as i64)]);
        if let Some(&id) = self.instances.get(&(family, key.clone())) {
            return Some((id, own));
        }
        if self.instances.len() >= MOST_INSTANCES {
            return None;
        }
        let mut def = self.program.family(family).clone();
        def.length = Some(len);
        let let_value = |index: usize| self.evaluated_let(index);
        let plan = crate::ir::plan_of((family, &def), &self.program, &self.types, &let_value);
        let Ok(plan) = plan else {
            self.unfit_lengths.insert((family, len));
            return None;
        };
        let id = self.define_instance(family, def, key);
        self.plans.insert(id, Ok(Rc::new(plan)));
        Some((id, own))
    }

    /// Defines the instance of `family` whose parameters `fixed` have the
    /// values `key`: a copy of the family's definition, and a table.
    fn new_instance(&mut self, family: FamilyId, fixed: &[usize], key: Rc<[Value]>) -> FamilyId {
        let mut def = self.program.family(family).clone();
        def.fixed = fixed.iter().copied().zip(key.iter().cloned()).collect();
        self.define_instance(family, def, key)
    }

    /// Defines `def`, the instance of `family` for `key` (its fixed values,
    /// or its lists' length): the definition, and a table.
    fn define_instance(&mut self, family: FamilyId, def: FamilyDef, key: Rc<[Value]>) -> FamilyId {
        let shape = crate::ir::shape(&def);
        let (name, values) = (def.name.clone(), def.fixed.clone());
        let program = Rc::make_mut(&mut self.program);
        let id = FamilyId(program.families.len() as u32);
        program.families.push(Some(def));
        self.engine.define_instance(id, name, shape, values);
        self.instances.insert((family, key), id);
        id
    }
}

/// A fixed value as an instance keeps it: an integer, or a list of at most
/// `MOST_INTEGERS` integers (a range spelled out, as positions keep them).
fn constant(value: &Value) -> Option<Value> {
    match value {
        Value::Int(_) => Some(value.clone()),
        Value::List(_) | Value::Range(..) => {
            let items: Vec<Value> = value.elements().take(MOST_INTEGERS + 1).collect();
            let ints =
                items.len() <= MOST_INTEGERS && items.iter().all(|v| matches!(v, Value::Int(_)));
            ints.then(|| Value::list(items))
        }
        _ => None,
    }
}

impl Interp {
    /// The family, or instance of one, whose positions a `def` names
    /// heap for heap: its body is a position of a family with the `def`'s
    /// one parameter passed as the one parameter not fixed and every
    /// other argument the same for every heap (`def S(n) = T([1, 3, 4],
    /// n)`, `def K(n) = Kayles(n)`). The `def`'s values are then the
    /// family's, and a period proved for one is the other's.
    pub(crate) fn family_named_by(&mut self, def: DefId, span: Span) -> Result<Option<FamilyId>> {
        let program = Rc::clone(&self.program);
        let definition = &program.defs[def.0 as usize];
        let TermKind::Position { family, args } = &definition.body.kind else {
            return Ok(None);
        };
        let family = *family;
        let heap = args
            .iter()
            .position(|a| matches!(a.kind, TermKind::Local(0)));
        let Some(heap) = heap.filter(|_| definition.params.len() == 1) else {
            return Ok(None);
        };
        // The language has no effects: an argument that does not read
        // the parameter is the same for every heap.
        fn reads_parameter(term: &Term) -> bool {
            matches!(term.kind, TermKind::Local(0))
                || term.children().into_iter().any(reads_parameter)
        }
        if (args.iter().enumerate()).any(|(i, a)| i != heap && reads_parameter(a)) {
            return Ok(None);
        }
        let fixed = self.fixed_params(family);
        if fixed.len() + 1 != args.len() || fixed.contains(&heap) {
            return Ok(None);
        }
        if fixed.is_empty() {
            // `def S(n) = Kayles(n)`: the family itself.
            return Ok(Some(family));
        }
        match self.call_def(def, vec![Value::Int(0)], span)? {
            Value::Game(Game::Pos(pos)) if self.engine.is_instance(pos.family) => {
                Ok(Some(pos.family))
            }
            _ => Ok(None),
        }
    }
}

//! How each family is computed, in words: its integer IR after the passes,
//! or the generic search and the reason it was needed. What `--emit ir`,
//! `:ir` and `:info` show.

use super::Interp;
use crate::engine::Descent;
use crate::resolve::Redefine;
use crate::resolve::program::Global;
use crate::value::FamilyId;

impl Interp {
    /// Defines what `text` defines and evaluates its `let`s, but runs none
    /// of its expressions or assertions (for `--emit`).
    pub fn define_only(
        &mut self,
        name: &str,
        text: &str,
    ) -> std::result::Result<(), Vec<crate::diagnostic::Diagnostic>> {
        self.definitions_only = true;
        let result = self.run(name, text, Redefine::Forbid);
        self.definitions_only = false;
        result
    }

    /// Every definition with its names resolved (`--emit resolved`).
    pub fn resolved_definitions(&self) -> String {
        crate::resolve::print::render(&self.program)
    }

    /// Every definition with its inferred types (`--emit types`).
    pub fn types_of_definitions(&self) -> String {
        self.types.render(&self.program)
    }

    /// How many positions the generic search has computed in this session:
    /// every other known value came from an integer program.
    pub fn searched_positions(&self) -> u64 {
        self.searched.values().sum()
    }

    /// How the values of `let`s and printed expressions were computed,
    /// once one was: how many by their programs (`ir::value_by_program`),
    /// how many by the generic evaluator.
    pub fn values_computed(&self) -> Option<String> {
        let values = &self.values_computed;
        (values.by_program + values.by_evaluator > 0).then(|| {
            format!(
                "values of `let`s and printed expressions: {} computed by their programs, {} \
                 by the generic evaluator",
                values.by_program, values.by_evaluator
            )
        })
    }

    /// How each family with positions was computed, its positions, how
    /// many the generic search computed, and the time a run took
    /// (`--stats`).
    pub fn stats_report(&mut self, took: std::time::Duration) -> String {
        let mut report = String::new();
        for family in self.family_positions() {
            // The positions a family with fixed parameters keeps itself
            // are those its instances could not take, or those another
            // family's program read by value (`P(n, 1)`), which its own
            // program computed.
            let instances =
                family.id != crate::engine::LITERALS && !self.fixed_params(family.id).is_empty();
            let planned = match self.plans.get(&family.id) {
                Some(Ok(plan)) if instances => Some(plan.to_string()),
                _ => None,
            };
            let how = match self.program.families.get(family.id.0 as usize) {
                Some(Some(_)) if instances && planned.is_none() => {
                    "generic search: fixed values that are not integers or lists of integers"
                        .to_string()
                }
                Some(Some(_)) => {
                    let explanation = planned.unwrap_or_else(|| self.explain(family.id));
                    let summary = explanation.lines().next().unwrap_or_default();
                    let how = summary.split_once("): ").map_or(summary, |(_, how)| how);
                    let mut how = match self.engine.split_method(family.id) {
                        Some(method) => format!("{how}; splits by {method}"),
                        None => how.to_string(),
                    };
                    match self.engine.counted_down(family.id) {
                        Some(Descent::FromLargestNamed) => {
                            how += "; counted down from the largest argument the options name";
                        }
                        Some(Descent::FromBare(bare)) => {
                            how += &format!(
                                "; counted down from {}, past which no position has an option",
                                bare - 1
                            );
                        }
                        None => {}
                    }
                    if let Some(ways) = self.engine.box_fills(family.id) {
                        how += &format!(
                            "; its boxes filled {} positions by column plans, {} by lines, {} \
                             by walking the program",
                            ways.by_columns, ways.by_lines, ways.by_walk
                        );
                    }
                    if let Some((preperiod, period)) = self.proved_period(family.id) {
                        how += &format!(
                            "; period {period} from heap {preperiod} proved, larger heaps \
                             read from it"
                        );
                    }
                    // Positions its program could not vouch for.
                    let searched = self.searched.get(&family.id).copied().unwrap_or(0);
                    if searched > 0 && !how.starts_with("generic search") {
                        how += &format!(
                            "; {searched} of them by the generic search, where the program \
                             could not vouch for the options"
                        );
                    }
                    how
                }
                _ => "games given by their options".to_string(),
            };
            report += &format!(
                "{}: {} positions, {} known; {how}\n",
                family.name, family.interned, family.known
            );
        }
        if let Some(values) = self.values_computed() {
            report += &format!("{values}\n");
        }
        let listed = &self.listed;
        if listed.by_program + listed.by_evaluator > 0 {
            report += &format!(
                "options listed as games: of {} positions by their programs, of {} by the \
                 generic evaluator\n",
                listed.by_program, listed.by_evaluator
            );
        }
        report += &format!(
            "{} positions computed by the generic search; {:.3} s\n",
            self.searched_positions(),
            took.as_secs_f64()
        );
        report
    }

    /// The family a name defines, if it names one.
    pub fn family_named(&self, name: &str) -> Option<FamilyId> {
        match self.program.globals.get(name)? {
            Global::Family(id) => Some(*id),
            _ => None,
        }
    }

    /// How family `id` is computed: its IR, or why the generic search
    /// computes it.
    pub fn explain(&mut self, id: FamilyId) -> String {
        let fixed = self.fixed_params(id);
        if !fixed.is_empty() {
            let family = self.program.family(id);
            let params: Vec<&str> = family.params.iter().map(|p| p.node.as_str()).collect();
            let named: Vec<String> = fixed.iter().map(|&i| format!("`{}`", params[i])).collect();
            let rest: Vec<&str> = (0..params.len())
                .filter(|i| !fixed.contains(i))
                .map(|i| params[i])
                .collect();
            let mut text = format!(
                "game {name}({}): an instance for each value of {} (an integer or a list of \
                 integers), the family {name}({}) with that value folded in\n",
                params.join(", "),
                named.join(" and "),
                rest.join(", "),
                name = family.name,
            );
            text += &self.explain_instances(id);
            return text;
        }
        match self.plan(id) {
            // A family of lists, with its instances for lengths of them.
            Ok(plan) => plan.to_string() + &self.explain_instances(id),
            Err(fallback) => {
                let family = self.program.family(id);
                let params: Vec<&str> = family.params.iter().map(|p| p.node.as_str()).collect();
                format!(
                    "game {}({}): generic search: {} (at {})\n",
                    family.name,
                    params.join(", "),
                    fallback.reason,
                    self.sources.location(fallback.span),
                )
            }
        }
    }

    /// How each `let` is computed, in the order they were written: the
    /// program its value runs as, or the generic evaluator (`--emit ir`).
    pub fn explain_lets(&self) -> String {
        let let_value = |index: usize| self.evaluated_let(index);
        let mut text = String::new();
        for (index, definition) in self.program.lets.iter().enumerate() {
            let ty = self.types.lets.get(index);
            let program = ty.filter(|_| !definition.forwarded).and_then(|ty| {
                let source = (&*definition.value, definition.slots);
                crate::ir::value_program_text(source, ty, &self.program, &let_value)
            });
            let name = &definition.name.node;
            let ty = ty.cloned().unwrap_or_default();
            text += &match program {
                Some(program) => format!("let {name}: {ty}, program\n  {program}\n"),
                None => format!("let {name}: {ty}, generic evaluator\n"),
            };
        }
        text
    }

    /// `explain` for every family, in the order they were defined.
    pub fn explain_families(&mut self) -> String {
        let ids: Vec<FamilyId> = (0..self.program.families.len() as u32)
            .map(FamilyId)
            .filter(|id| {
                let family = self.program.families[id.0 as usize].as_ref();
                family.is_some_and(|family| family.fixed.is_empty())
            })
            .collect();
        ids.into_iter().map(|id| self.explain(id)).collect()
    }
}

//! The REPL's own commands, written `:name` (any unambiguous prefix works,
//! as in GHCi: `:l`, `:q`).

use std::path::PathBuf;

use super::highlight::{self, DIM};
use super::history::HISTORY_VARIABLE;
use super::{Flow, Repl};
use crate::interp::Interp;
use crate::interp::session::DefinitionKind;

/// A command's name, what it takes and what it does, for `:help` and
/// completion.
pub struct CommandInfo {
    pub name: &'static str,
    pub argument: &'static str,
    pub help: &'static str,
}

/// Every command, in the order `:help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: ":help",
        argument: "[NAME]",
        help: "show this help, or a built-in's usage and an example",
    },
    CommandInfo {
        name: ":load",
        argument: "FILE",
        help: "run a script; its definitions join the session",
    },
    CommandInfo {
        name: ":reload",
        argument: "",
        help: "run the loaded scripts again",
    },
    CommandInfo {
        name: ":defs",
        argument: "",
        help: "list the definitions",
    },
    CommandInfo {
        name: ":info",
        argument: "NAME",
        help: "a definition's source and how many positions it keeps, or a built-in's usage",
    },
    CommandInfo {
        name: ":ir",
        argument: "GAME",
        help: "how a game is computed: its integer program, or why the generic search",
    },
    CommandInfo {
        name: ":time",
        argument: "",
        help: "turn timing of each evaluation on or off",
    },
    CommandInfo {
        name: ":stats",
        argument: "",
        help: "positions kept and memory used",
    },
    CommandInfo {
        name: ":clear",
        argument: "",
        help: "forget every computed value (definitions stay)",
    },
    CommandInfo {
        name: ":quit",
        argument: "",
        help: "leave (Ctrl-D does too)",
    },
];

const KEYS: &str = "\
Enter      run the entry, or start a new line while a bracket is open
Alt-Enter  start a new line in any case
Tab        complete a name, a command or (after :load) a file name
Up, Down   move through the lines of an entry, then through history
Ctrl-R     search the history
Ctrl-C     stop an evaluation, or clear the line being typed
Ctrl-D     leave";

/// The command an entry names, or why it names none.
fn command(name: &str) -> Result<&'static CommandInfo, String> {
    let full = format!(":{name}");
    if let Some(exact) = COMMANDS.iter().find(|c| c.name == full) {
        return Ok(exact);
    }
    let matching: Vec<_> = COMMANDS
        .iter()
        .filter(|c| c.name.starts_with(&full))
        .collect();
    // As in GHCi, a prefix of several commands names the first in `:help`'s
    // order (`:i` is `:info`, `:ir` is `:ir`).
    match matching.as_slice() {
        [] => {
            let closest = COMMANDS
                .iter()
                .map(|c| (strsim::levenshtein(c.name, &full), c.name))
                .min()
                .filter(|(distance, _)| *distance <= 2);
            let hint = match closest {
                Some((_, name)) => format!("; did you mean `{name}`?"),
                None => "; :help lists them".to_string(),
            };
            Err(format!("unknown command `{full}`{hint}"))
        }
        [first, ..] => Ok(first),
    }
}

/// A file name as typed after `:load`: quotes and backslash escapes (as Tab
/// completion writes them) removed.
fn unescape_path(typed: &str) -> PathBuf {
    let typed = typed.trim();
    let quoted = typed
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .or_else(|| typed.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')));
    if let Some(inner) = quoted {
        return PathBuf::from(inner);
    }
    let mut out = String::new();
    let mut chars = typed.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    PathBuf::from(out)
}

impl Repl {
    /// Runs the command in `entry` (which starts with `:`).
    pub(super) fn command(&mut self, entry: &str) -> Flow {
        let entry = entry.trim().trim_start_matches(':');
        let (name, argument) = entry.split_once(char::is_whitespace).unwrap_or((entry, ""));
        let argument = argument.trim();
        let info = match command(name) {
            Ok(info) => info,
            Err(message) => {
                self.error(&message);
                return Flow::Continue;
            }
        };
        let optional = info.argument.starts_with('[');
        if !optional && info.argument.is_empty() != argument.is_empty() {
            let usage = format!("{} {}", info.name, info.argument);
            self.error(&format!("usage: {}", usage.trim_end()));
            return Flow::Continue;
        }
        match info.name {
            ":help" if argument.is_empty() => self.help(),
            ":help" => self.builtin_help(argument),
            ":load" => self.load(&unescape_path(argument)),
            ":reload" => self.reload(),
            ":defs" => self.list_definitions(),
            ":info" => self.info(argument),
            ":ir" => self.ir(argument),
            ":time" => {
                self.timing = !self.timing;
                let state = if self.timing { "on" } else { "off" };
                println!("timing {state}");
            }
            ":stats" => self.stats(),
            ":clear" => {
                let forgotten = self.interp.forget_values();
                println!("forgot {} positions", thousands(forgotten));
            }
            _ => return Flow::Quit,
        }
        Flow::Continue
    }

    fn help(&self) {
        println!("Type a statement or an expression; its value is printed. Commands:");
        for c in COMMANDS {
            let usage = format!("{} {}", c.name, c.argument);
            println!("  {:<13} {}", usage.trim_end(), c.help);
        }
        println!("Commands can be shortened: :l FILE, :q. Keys:");
        for line in KEYS.lines() {
            println!("  {line}");
        }
        match &self.history {
            Some(path) => println!("History is kept in {}.", path.display()),
            None => println!("History is not kept (set {HISTORY_VARIABLE} to a file to keep it)."),
        }
    }

    /// A built-in's usage, what it gives and an example to try.
    fn builtin_help(&self, name: &str) {
        match builtin_text(name, self.screen_color) {
            Some(text) => print!("{text}"),
            None => self.error(&self.unknown_name(name)),
        }
    }

    fn reload(&mut self) {
        if self.loaded.is_empty() {
            self.error("no script loaded yet; use :load FILE");
            return;
        }
        for path in self.loaded.clone() {
            self.load(&path);
        }
    }

    fn list_definitions(&self) {
        let definitions = self.interp.definitions();
        if definitions.is_empty() {
            println!("nothing defined yet");
        }
        for d in definitions {
            let mut line = format!("{} {}", d.kind.keyword(), d.name);
            if d.kind != DefinitionKind::Let {
                line.push_str(&format!("({})", d.params.join(", ")));
            }
            println!("{}", highlight::paint(&line, None, self.screen_color));
        }
    }

    fn info(&mut self, name: &str) {
        match describe(&mut self.interp, name, self.screen_color) {
            Some(text) => print!("{text}"),
            None => self.error(&self.unknown_name(name)),
        }
    }

    fn ir(&mut self, name: &str) {
        match self.interp.family_named(name) {
            Some(id) => print!("{}", self.interp.explain(id)),
            None if self.interp.definition_info(name).is_some() => {
                self.error(&format!(
                    "`{name}` is not a game; :ir shows how a game is computed"
                ));
            }
            None => self.error(&self.unknown_name(name)),
        }
    }

    fn unknown_name(&self, name: &str) -> String {
        let closest = self
            .interp
            .definitions()
            .into_iter()
            .map(|d| (strsim::levenshtein(&d.name, name), d.name))
            .min()
            .filter(|(distance, _)| *distance <= 2);
        match closest {
            Some((_, near)) => format!("nothing is called `{name}`; did you mean `{near}`?"),
            None => format!("nothing is called `{name}`; :defs lists the definitions"),
        }
    }

    fn stats(&self) {
        let (interned, known) = self.interp.engine.stats();
        println!(
            "{} positions cached, {} of them with known values",
            thousands(interned),
            thousands(known)
        );
        let searched = self.interp.searched_positions();
        println!(
            "{} positions computed by the generic search",
            thousands(searched)
        );
        if let Some(values) = self.interp.values_computed() {
            println!("{values}");
        }
        let families = self.interp.family_positions();
        let width = families
            .iter()
            .map(|f| f.name.chars().count())
            .max()
            .unwrap_or(0);
        for family in families {
            println!(
                "  {:<width$} {:>12}",
                family.name,
                thousands(family.interned),
                width = width.max(16)
            );
        }
        match resident_memory() {
            Some(bytes) => println!("memory: {:.1} MB resident", bytes as f64 / 1e6),
            None => println!("memory: not known on this system"),
        }
    }
}

/// What `:info NAME` shows: a definition's origin, source, cached
/// positions, value and how it is computed, or a built-in's usage; `None`
/// when nothing is called `name`. The notebook's inspection shows it too.
pub(crate) fn describe(interp: &mut Interp, name: &str, color: bool) -> Option<String> {
    let Some(info) = interp.definition_info(name) else {
        return builtin_text(name, color);
    };
    let origin = format!("# defined at {}", info.origin);
    let mut text = format!("{}\n", highlight::styled(&origin, DIM, color));
    text.push_str(&format!(
        "{}\n",
        highlight::paint(&info.source, None, color)
    ));
    let types = format!("# types: {}", info.types);
    text.push_str(&format!("{}\n", highlight::styled(&types, DIM, color)));
    if let Some((interned, known)) = info.positions {
        text.push_str(&format!(
            "{} positions cached, {} of them with known values\n",
            thousands(interned),
            thousands(known)
        ));
    }
    if let Some(value) = info.value {
        text.push_str(&format!("= {value}\n"));
    }
    if let Some(id) = interp.family_named(name) {
        let explanation = interp.explain(id);
        let summary = explanation.lines().next().unwrap_or_default();
        let how = summary.split_once("): ").map_or(summary, |(_, how)| how);
        text.push_str(&format!("computed by {how}\n"));
        // Each instance made so far (for fixed values, or lengths of its
        // lists), in one line.
        for instance in explanation.lines().filter(|l| l.starts_with("  instance ")) {
            text.push_str(&format!("{}\n", instance.trim_start()));
        }
    }
    Some(text)
}

/// A built-in's usage, what it gives and an example to try; `None` for a
/// name that is no built-in.
fn builtin_text(name: &str, color: bool) -> Option<String> {
    let help = crate::builtin::Builtin::named(name)?.help();
    Some(format!(
        "{}  (built-in)\n{}\n{}\n{}\n",
        highlight::paint(help.usage, None, color),
        help.summary,
        highlight::styled("# for example:", DIM, color),
        highlight::paint(help.example, None, color)
    ))
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The process's resident memory in bytes (Linux only).
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_found_by_name_or_unambiguous_prefix() {
        assert_eq!(command("load").map(|c| c.name), Ok(":load"));
        assert_eq!(command("l").map(|c| c.name), Ok(":load"));
        assert_eq!(command("q").map(|c| c.name), Ok(":quit"));
        assert_eq!(command("re").map(|c| c.name), Ok(":reload"));
        assert_eq!(
            command("laod").map(|c| c.name),
            Err("unknown command `:laod`; did you mean `:load`?".to_string())
        );
        assert_eq!(
            command("zzzzzz").map(|c| c.name),
            Err("unknown command `:zzzzzz`; :help lists them".to_string())
        );
    }

    #[test]
    fn every_command_is_named_by_its_first_letter_or_two() {
        for c in COMMANDS {
            let reached = (2..=c.name.len())
                .map(|end| &c.name[1..end])
                .find(|prefix| command(prefix).map(|found| found.name) == Ok(c.name));
            assert!(reached.is_some_and(|p| p.len() <= 2), "{}", c.name);
        }
        assert_eq!(command("i").map(|c| c.name), Ok(":info"));
        assert_eq!(command("ir").map(|c| c.name), Ok(":ir"));
    }

    #[test]
    fn typed_file_names_lose_quotes_and_escapes() {
        assert_eq!(unescape_path(" a.sg "), PathBuf::from("a.sg"));
        assert_eq!(
            unescape_path("my\\ games/k.sg"),
            PathBuf::from("my games/k.sg")
        );
        assert_eq!(
            unescape_path("\"my games/k.sg\""),
            PathBuf::from("my games/k.sg")
        );
    }

    #[test]
    fn large_counts_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}

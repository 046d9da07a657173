//! The `sprague` command: run a script, evaluate an expression, or explore
//! in the REPL.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Parser;
use sprague::engine::Limits;
use sprague::printer::Format;
use sprague::repl;
use sprague::run::{Settings, emit, run_script};
use sprague::stack::with_big_stack;

/// Sprague-Grundy values, outcomes and winning moves of impartial games
/// written in the .sg language.
#[derive(Parser, Debug)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The script to run. Without one, runs standard input when it is not a
    /// terminal and opens the REPL when it is.
    file: Option<PathBuf>,
    /// Open the REPL after running FILE, keeping its definitions.
    #[arg(short = 'i', long = "interactive", conflicts_with = "eval")]
    interactive: bool,
    /// Evaluate one expression (or statements) and print the result.
    #[arg(
        short = 'e',
        long = "eval",
        allow_hyphen_values = true,
        value_name = "EXPR",
        conflicts_with = "file"
    )]
    eval: Option<String>,
    /// How results are printed.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print a stage of the pipeline instead of running the script:
    /// `resolved` shows what each name of each definition refers to,
    /// `types` the types inferred for each definition, `ir` how each game
    /// family is computed.
    #[arg(long, value_enum, value_name = "STAGE")]
    emit: Option<Stage>,
    /// After the run, report on standard error how each game family was
    /// computed, how many positions it keeps, and the time taken.
    #[arg(long)]
    stats: bool,
    /// Most positions kept in memory before the run stops.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_positions)]
    max_positions: u64,
    /// Most heap memory the run may hold before it stops with an error,
    /// in bytes or with a suffix: 512M, 4G (powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = sprague::memory::parse_size)]
    max_memory: u64,
    /// Stop a script (not the REPL) with an error after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<std::time::Duration>,
}

/// A positive, finite number of seconds.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    std::time::Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("`{text}` is not a positive number of seconds"))
}

/// What to run instead of a script.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Serve editors over standard input and output (the Language Server
    /// Protocol): diagnostics, completion, hover, go to definition.
    Lsp,
    /// Run as a Jupyter kernel (Jupyter starts it so), or install the
    /// kernelspec: `sprague jupyter install`.
    Jupyter(JupyterArgs),
}

/// `sprague jupyter`'s arguments.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct JupyterArgs {
    #[command(subcommand)]
    action: Option<JupyterAction>,
    /// The connection file Jupyter writes for the kernel.
    #[arg(short = 'f', long, value_name = "FILE")]
    connection_file: Option<PathBuf>,
}

/// What `sprague jupyter` does besides running the kernel.
#[derive(clap::Subcommand, Debug)]
enum JupyterAction {
    /// Write the kernelspec, so that Jupyter offers a `sprague` kernel
    /// (by default for this user).
    Install {
        /// Into the user's Jupyter folder (the default).
        #[arg(long, group = "place")]
        user: bool,
        /// Into the active Python environment (a virtual environment's
        /// `share/jupyter`).
        #[arg(long, group = "place")]
        sys_prefix: bool,
        /// Into PREFIX/share/jupyter.
        #[arg(long, group = "place", value_name = "PREFIX")]
        prefix: Option<PathBuf>,
    },
}

/// A stage of the pipeline that `--emit` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Stage {
    /// Every definition with its names resolved: locals to slots, the
    /// rest to the families, `def`s, `let`s and built-ins they name.
    Resolved,
    /// Every definition with the types inferred for its parameters.
    Types,
    /// Each `let`'s program, or the generic evaluator; each family's
    /// integer program after the passes, or why the generic search
    /// computes it.
    Ir,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Lsp) = cli.command {
        return match sprague::lsp::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: the language server stopped: {message}");
                ExitCode::from(2)
            }
        };
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    // Without a handler Ctrl-C still ends the process, just less politely.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    if let Some(Command::Jupyter(args)) = cli.command {
        return jupyter(args, interrupt);
    }
    let settings = Settings {
        limits: Limits {
            max_positions: cli.max_positions,
            max_memory: cli.max_memory,
            ..Limits::default()
        },
        format: cli.format,
        color: std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        generic_only: false,
        stats: cli.stats,
        max_time: cli.max_time,
    };
    let stdin_is_terminal = std::io::stdin().is_terminal();
    if cli.interactive || (cli.file.is_none() && cli.eval.is_none() && stdin_is_terminal) {
        let load = cli.file;
        let opened = with_big_stack(move || repl::run(&settings, interrupt, load.as_deref()));
        return match opened {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprint!("{message}");
                ExitCode::from(2)
            }
        };
    }
    let (name, text) = match source(&cli, settings.color) {
        Ok(source) => source,
        Err(message) => {
            eprint!("{message}");
            return ExitCode::from(2);
        }
    };
    let shown_stage = cli.emit;
    let result = with_big_stack(move || match shown_stage {
        Some(stage) => {
            let stage = match stage {
                Stage::Resolved => sprague::run::Stage::Resolved,
                Stage::Types => sprague::run::Stage::Types,
                Stage::Ir => sprague::run::Stage::Ir,
            };
            emit(stage, &name, &text, &settings, interrupt).and_then(|shown| {
                let mut out = std::io::stdout();
                match out.write_all(shown.as_bytes()).and_then(|()| out.flush()) {
                    Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                        Err(format!("error: cannot write the output: {e}\n"))
                    }
                    _ => Ok(()),
                }
            })
        }
        None => {
            // Control characters a script prints must not drive a terminal.
            let out: Box<dyn std::io::Write> = if std::io::stdout().is_terminal() {
                Box::new(sprague::visible::VisibleWriter(std::io::stdout()))
            } else {
                Box::new(std::io::stdout())
            };
            run_script(&name, &text, &settings, interrupt, out)
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(rendered) => {
            eprint!("{rendered}");
            ExitCode::from(1)
        }
    }
}

/// `sprague jupyter`: installs the kernelspec or runs the kernel.
fn jupyter(args: JupyterArgs, interrupt: Arc<AtomicBool>) -> ExitCode {
    use sprague::jupyter::{Place, install, run};
    let result = match (args.action, args.connection_file) {
        (
            Some(JupyterAction::Install {
                sys_prefix, prefix, ..
            }),
            _,
        ) => {
            let place = match (sys_prefix, prefix) {
                (true, _) => Place::SysPrefix,
                (false, Some(prefix)) => Place::Prefix(prefix),
                (false, None) => Place::User,
            };
            install(&place).map(|folder| {
                println!("installed the sprague kernel in {}", folder.display());
            })
        }
        (None, Some(file)) => {
            let settings = Settings::default();
            with_big_stack(move || run(&file, &settings, interrupt))
        }
        (None, None) => Err(
            "`sprague jupyter` runs the kernel Jupyter starts (--connection-file FILE); \
             to set it up, run `sprague jupyter install`"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The script's display name and text, or the rendered reason it cannot be
/// read.
fn source(cli: &Cli, color: bool) -> Result<(String, String), String> {
    if let Some(expr) = &cli.eval {
        return Ok(("<-e>".to_string(), expr.clone()));
    }
    if let Some(path) = &cli.file {
        let text = sprague::run::read_script(path, color)?;
        return Ok((path.display().to_string(), text));
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("error: cannot read standard input: {e}\n"))?;
    let name = "<stdin>".to_string();
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(error) => Err(sprague::run::not_utf8(&name, error, color)),
    }
}

//! sprague: an interpreter for a small language of impartial combinatorial
//! games.

pub mod builtin;
pub mod diagnostic;
pub mod engine;
pub mod eval;
pub mod interp;
pub mod ir;
pub mod jupyter;
pub mod lsp;
pub mod memory;
pub mod nimber;
pub mod ops;
pub mod printer;
pub mod progress;
pub mod repl;
pub mod resolve;
pub mod run;
pub mod runtime;
pub mod span;
pub mod stack;
pub mod syntax;
pub mod types;
pub mod value;
pub mod visible;

//! Engine benchmarks: whole scripts, from the plain `.sg` definitions, as a
//! user runs them. `cargo bench --bench games`; `bench/run.sh` compares the
//! same games with plain C programs and prints the ratios.

use sprague::run::{Settings, run_to_strings};

fn main() {
    divan::main();
}

const KAYLES: &str =
    "game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >";
const DAWSON: &str = "game Dawson(n) = < Dawson(a) + Dawson(n - 2 - a) for a in 0..=n-2 >";
const GRUNDY: &str = "game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >";
const CHAIN: &str = "game D(n) = < D(n - 1) if n > 0 >";
const WYTHOFF: &str = "game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, \
                       W(a - k, b - k) for k in 1..=min(a, b) >";
/// Kayles spelled so that the recogniser leaves it to the generic path.
const GENERIC_KAYLES: &str = "def id(x) = x\n\
                              game K(n) = < K(id(a)) + K(id(n - t - a)) for t in 1..=2 for a in 0..=n-t >";

/// Runs `definition` followed by `query`; panics on an error.
fn run(definition: &str, query: String) -> String {
    let (stdout, errors) = run_to_strings(
        "bench.sg",
        &format!("{definition}\n{query}"),
        Settings::default(),
    );
    assert_eq!(errors, None);
    stdout
}

#[divan::bench(args = [10_000, 100_000, 1_000_000], sample_count = 5, sample_size = 1)]
fn kayles(n: usize) -> String {
    run(KAYLES, format!("g(Kayles({n}))"))
}

#[divan::bench(args = [10_000, 40_000], sample_count = 5, sample_size = 1)]
fn dawsons_kayles(n: usize) -> String {
    run(DAWSON, format!("g(Dawson({n}))"))
}

#[divan::bench(args = [10_000, 100_000], sample_count = 5, sample_size = 1)]
fn grundys_game(n: usize) -> String {
    run(GRUNDY, format!("g(Grundy({n}))"))
}

/// `seq` asks for each value in turn: the incremental path.
#[divan::bench(args = [10_000, 100_000], sample_count = 5, sample_size = 1)]
fn kayles_seq(n: usize) -> String {
    run(KAYLES, format!("sum(seq(Kayles, 0..={n}))"))
}

#[divan::bench(args = [1_000_000], sample_count = 5, sample_size = 1)]
fn chain(n: usize) -> String {
    run(CHAIN, format!("g(D({n}))"))
}

#[divan::bench(args = [50, 200], sample_count = 5, sample_size = 1)]
fn wythoff(n: usize) -> String {
    run(WYTHOFF, format!("g(W({m}, {m}))", m = n - 1))
}

#[divan::bench(args = [300], sample_count = 5, sample_size = 1)]
fn generic_kayles(n: usize) -> String {
    run(GENERIC_KAYLES, format!("g(K({n}))"))
}

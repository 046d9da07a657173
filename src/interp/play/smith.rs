//! Smith's labelling (Smith 1966; Fraenkel and Yesha 1986) of one strongly
//! connected part of a game graph, whose options outside the part already
//! have their final values. Pure graph code: no interpreter, no games.
//!
//! A position has the finite value m when no option has value m, every
//! value below m is among its options, and every option not valued below m
//! (so valued above m, or infinite) has itself an option valued m. Round m
//! finds those positions by a retrograde sweep, as P-positions are found in
//! a win/loss analysis; positions that cannot reach m either go on to round
//! m + 1 (when some option is valued m) or are infinite for good.

use std::rc::Rc;

use super::loopy::Loopy;

/// One position of the part: its options inside the part (local indices)
/// and the values of its options outside it.
#[derive(Default)]
pub struct Vertex {
    pub inside: Vec<usize>,
    pub outside: Vec<Loopy>,
}

/// Where a position stands during round m.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Valued below m or at m.
    Finite(u64),
    /// Infinite for good: it missed a round without an option valued m.
    Infinite,
    /// Still a candidate for value m or more.
    Open,
}

/// The values of the part's positions, in the order of `vertices`.
/// Each vertex's `inside` must list distinct indices.
pub fn label(vertices: &[Vertex]) -> Vec<Loopy> {
    let mut predecessors = vec![Vec::new(); vertices.len()];
    for (u, vertex) in vertices.iter().enumerate() {
        for &v in &vertex.inside {
            predecessors[v].push(u);
        }
    }
    let mut states = vec![State::Open; vertices.len()];
    let mut open: Vec<usize> = (0..vertices.len()).collect();
    let mut m = 0u64;
    // An open position at round m has options valued 0 … m-1, so there are
    // at most (largest number of options + 1) rounds.
    while !open.is_empty() {
        round(vertices, &predecessors, &mut states, &open, m);
        open.retain(|&u| states[u] == State::Open);
        m += 1;
    }
    vertices
        .iter()
        .zip(&states)
        .map(|(vertex, state)| match state {
            State::Finite(value) => Loopy::Finite(*value),
            _ => {
                let inside = vertex.inside.iter().filter_map(|&v| match states[v] {
                    State::Finite(value) => Some(value),
                    _ => None,
                });
                let outside = vertex.outside.iter().filter_map(|o| match o {
                    Loopy::Finite(value) => Some(*value),
                    Loopy::Infinite(_) => None,
                });
                let mut finite: Vec<u64> = inside.chain(outside).collect();
                finite.sort_unstable();
                finite.dedup();
                Loopy::Infinite(Rc::from(finite))
            }
        })
        .collect()
}

/// Round m: values the open positions that get m, and makes infinite those
/// that neither get m nor have an option valued m.
fn round(
    vertices: &[Vertex],
    predecessors: &[Vec<usize>],
    states: &mut [State],
    open: &[usize],
    m: u64,
) {
    // Whether a position has an option valued m; grows during the round.
    let mut reaches_m: Vec<bool> = vertices
        .iter()
        .map(|vertex| vertex.outside.contains(&Loopy::Finite(m)))
        .collect();
    // An option keeps its position from value m while it is not valued
    // (below m) and has no option valued m: moving there would escape.
    let mut escapes = vec![0usize; vertices.len()];
    let mut ready = Vec::new();
    for &u in open {
        let inside = vertices[u]
            .inside
            .iter()
            .filter(|&&v| !matches!(states[v], State::Finite(_)) && !reaches_m[v])
            .count();
        let outside = vertices[u]
            .outside
            .iter()
            .filter(|o| matches!(o, Loopy::Infinite(finite) if finite.binary_search(&m).is_err()))
            .count();
        escapes[u] = inside + outside;
        if escapes[u] == 0 && !reaches_m[u] {
            ready.push(u);
        }
    }
    while let Some(u) = ready.pop() {
        if states[u] != State::Open || reaches_m[u] {
            continue;
        }
        states[u] = State::Finite(m);
        for &p in &predecessors[u] {
            if matches!(states[p], State::Finite(_)) || reaches_m[p] {
                continue;
            }
            reaches_m[p] = true;
            // `p` stops being an escape for the open positions moving to it.
            for &q in &predecessors[p] {
                if states[q] == State::Open && !reaches_m[q] {
                    escapes[q] -= 1;
                    if escapes[q] == 0 {
                        ready.push(q);
                    }
                }
            }
        }
    }
    for &u in open {
        if states[u] == State::Open && !reaches_m[u] {
            states[u] = State::Infinite;
        }
    }
}

//! Misère quotients (Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 115, 2008) of heap games: the commutative monoid of the sums
//! of heaps 0..=N up to indistinguishability under misère play, with its
//! P-portion and the element of each heap.
//!
//! The quotient is built one heap at a time. With the quotient Q of the
//! smaller heaps known, heap n is added as a new generator x: the outcome of
//! q·xᵏ is computed for every q ∈ Q and k up to `MAX_POWER` (moves in a copy
//! of heap n multiply q by the element of the option; moves in q are read
//! off q's lowest representative sum), the powers of x are found to repeat
//! (xᵏ⁰⁺ᵖ = xᵏ⁰), and Q × ⟨x⟩ is reduced by indistinguishability, by
//! partition refinement on its Cayley graph. The result is then *verified*
//! exactly (`verify`): a surjective homomorphism onto a reduced bipartite
//! monoid that predicts every sum's outcome is the misère quotient, and the
//! prediction is checked on every sum at once by exploring the finitely
//! many "local states" a sum can have. A candidate that fails the check is
//! never returned.

use std::collections::{BTreeSet, BinaryHeap};
use std::cmp::Reverse;

use rustc_hash::{FxHashMap, FxHashSet};

use super::Stop;

/// The largest power of a new heap's element examined for repetition.
const MAX_POWER: usize = 24;

/// Most types of heap (element and winning moves) sharing one element that
/// the verification tells apart.
const TYPES_PER_ELEMENT: usize = 64;

/// A heap game: for each heap size, its options, each the multiset of the
/// heap sizes it leaves (all smaller than the heap moved in).
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// `options[n]`: the options of heap n.
    pub options: Vec<Vec<Vec<usize>>>,
}

/// Why a quotient could not be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The caller's check stopped the computation.
    Stopped(Stop),
    /// The powers of heap `heap`'s element did not repeat within
    /// `MAX_POWER`.
    NoPeriod { heap: usize },
    /// The construction's candidate for heaps 0..=`heap` failed the exact
    /// verification: the quotient is not given rather than given wrong.
    Unverified { heap: usize },
    /// Too many kinds of heap share one element for the verification.
    TooManyTypes { heap: usize },
}

/// A finite commutative monoid with a P-portion: element 0 is the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Monoid {
    size: usize,
    /// `mul[a * size + b]`.
    mul: Vec<u32>,
    p: Vec<bool>,
}

impl Monoid {
    fn trivial() -> Monoid {
        Monoid {
            size: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    #[inline]
    fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.size + b as usize]
    }

    fn product(&self, elements: impl IntoIterator<Item = u32>) -> u32 {
        elements.into_iter().fold(0, |acc, e| self.mul(acc, e))
    }
}

/// The misère quotient of the sums of heaps 0..=N of a heap game.
#[derive(Clone, Debug)]
pub struct Quotient {
    monoid: Monoid,
    /// The element of each heap.
    heaps: Vec<u32>,
}

/// A presentation of a quotient: named generators (each the element of a
/// heap), relations and each element's normal form, as exponent vectors.
#[derive(Clone, Debug)]
pub struct Presentation {
    /// For each generator, the smallest heap whose element it is.
    pub generators: Vec<usize>,
    /// Each relation `left = right`: `left` a least monomial that is not a
    /// normal form, `right` the normal form of its element.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// Each element's normal form: its least monomial.
    pub normal_forms: Vec<Vec<u32>>,
}

impl Quotient {
    /// How many elements.
    pub fn size(&self) -> usize {
        self.monoid.size
    }

    /// The heaps covered: 0..=`max_heap()`.
    pub fn max_heap(&self) -> usize {
        self.heaps.len() - 1
    }

    /// The element of heap `n`, if covered.
    pub fn heap(&self, n: usize) -> Option<u32> {
        self.heaps.get(n).copied()
    }

    /// The product of two elements.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.monoid.mul(a, b)
    }

    /// Whether a sum with this element is a P-position (misère play).
    pub fn is_p(&self, element: u32) -> bool {
        self.monoid.p[element as usize]
    }

    /// The element of a sum of heaps.
    pub fn of_sum(&self, heaps: &[usize]) -> Option<u32> {
        let mut x = 0;
        for &n in heaps {
            x = self.mul(x, self.heap(n)?);
        }
        Some(x)
    }

    /// The usual presentation: generators are the heaps whose elements the
    /// smaller heaps do not generate; monomials are ordered by degree, then
    /// by the exponent of the first generator, the second, …, larger first.
    pub fn presentation(&self) -> Presentation {
        let mut generators = Vec::new();
        let mut generated: FxHashSet<u32> = FxHashSet::from_iter([0]);
        for (n, &g) in self.heaps.iter().enumerate() {
            if generated.contains(&g) {
                continue;
            }
            generators.push(n);
            // Close the generated set under the new generator.
            let mut frontier: Vec<u32> = generated.iter().copied().collect();
            while let Some(x) = frontier.pop() {
                let y = self.mul(x, g);
                if generated.insert(y) {
                    frontier.push(y);
                }
            }
        }
        let images: Vec<u32> = generators.iter().map(|&n| self.heaps[n]).collect();
        let zero = vec![0u32; images.len()];
        let mut normal_forms: Vec<Option<Vec<u32>>> = vec![None; self.size()];
        normal_forms[0] = Some(zero.clone());
        let mut normal: FxHashMap<Vec<u32>, u32> = FxHashMap::from_iter([(zero.clone(), 0)]);
        let mut layer = vec![zero];
        let mut relations = Vec::new();
        while !layer.is_empty() {
            let mut candidates = BTreeSet::new();
            for m in &layer {
                for i in 0..images.len() {
                    let mut c = m.clone();
                    c[i] += 1;
                    candidates.insert(Reverse(c));
                }
            }
            let mut next = Vec::new();
            for Reverse(c) in candidates {
                let mut element = None;
                let mut all_normal = true;
                for i in 0..c.len() {
                    if c[i] == 0 {
                        continue;
                    }
                    let mut d = c.clone();
                    d[i] -= 1;
                    match normal.get(&d) {
                        Some(&e) => element = Some(self.mul(e, images[i])),
                        None => all_normal = false,
                    }
                }
                let Some(element) = element.filter(|_| all_normal) else {
                    continue;
                };
                match &normal_forms[element as usize] {
                    Some(form) => relations.push((c, form.clone())),
                    None => {
                        normal_forms[element as usize] = Some(c.clone());
                        normal.insert(c.clone(), element);
                        next.push(c);
                    }
                }
            }
            layer = next;
        }
        Presentation {
            generators,
            relations,
            normal_forms: normal_forms.into_iter().map(Option::unwrap_or_default).collect(),
        }
    }
}

/// The misère quotient of the sums of the heaps of `rules`. `check` is
/// called with the heap being added and a count of the work done so far
/// (states examined), and stops the computation by failing.
pub fn quotient(
    rules: &Rules,
    check: &mut dyn FnMut(usize, u64) -> Result<(), Stop>,
) -> Result<Quotient, Failure> {
    let mut work = 0u64;
    let heights = heights(rules);
    let mut monoid = Monoid::trivial();
    let mut images: Vec<u32> = Vec::new();
    for n in 0..rules.options.len() {
        check(n, work).map_err(Failure::Stopped)?;
        if rules.options[n].is_empty() {
            images.push(0);
            continue;
        }
        let (next, heap) = add_heap(rules, &heights, &monoid, &images, n, &mut work, check)?;
        let old: Vec<u32> = images.iter().map(|&g| next.1[g as usize]).collect();
        monoid = next.0;
        images = old;
        images.push(heap);
        verify(rules, &monoid, &images, n, &mut work, check)?;
    }
    Ok(Quotient {
        monoid,
        heaps: images,
    })
}

/// The height of each heap's game tree (a sum's is the sum of its parts'),
/// which every move lowers.
fn heights(rules: &Rules) -> Vec<u64> {
    let mut heights: Vec<u64> = Vec::with_capacity(rules.options.len());
    for options in &rules.options {
        let h = options
            .iter()
            .map(|o| o.iter().map(|&k| heights[k]).sum::<u64>() + 1)
            .max()
            .unwrap_or(0);
        heights.push(h);
    }
    heights
}

/// The quotient of heaps 0..=n from that of heaps 0..n: the new monoid,
/// the map from old elements to new ones, and heap n's element.
type Extension = ((Monoid, Vec<u32>), u32);

fn add_heap(
    rules: &Rules,
    heights: &[u64],
    old: &Monoid,
    images: &[u32],
    n: usize,
    work: &mut u64,
    check: &mut dyn FnMut(usize, u64) -> Result<(), Stop>,
) -> Result<Extension, Failure> {
    let size = old.size;
    let reps = representatives(old, images, heights);
    // The elements a move in q's representative leads to.
    let mut q_options: Vec<Vec<u32>> = Vec::with_capacity(size);
    for rep in &reps {
        let mut options = FxHashSet::default();
        for (i, &j) in rep.heaps.iter().enumerate() {
            if i > 0 && rep.heaps[i - 1] == j {
                continue;
            }
            let rest = old.product(
                rep.heaps
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .map(|(_, &h)| images[h]),
            );
            for option in &rules.options[j] {
                options.insert(old.mul(rest, old.product(option.iter().map(|&h| images[h]))));
            }
        }
        q_options.push(options.into_iter().collect());
    }
    let new_options: Vec<u32> = rules.options[n]
        .iter()
        .map(|o| old.product(o.iter().map(|&h| images[h])))
        .collect();
    let mut order: Vec<u32> = (0..size as u32).collect();
    order.sort_by_key(|&q| reps[q as usize].height);
    // outcome[k][q]: whether q·xᵏ is a P-position.
    let mut outcome: Vec<Vec<bool>> = vec![old.p.clone()];
    for k in 1..=MAX_POWER {
        let mut column = vec![false; size];
        for &q in &order {
            *work += 1;
            if work.is_multiple_of(4096) {
                check(n, *work).map_err(Failure::Stopped)?;
            }
            let in_heap = new_options
                .iter()
                .any(|&m| outcome[k - 1][old.mul(q, m) as usize]);
            let in_rest = q_options[q as usize].iter().any(|&r| column[r as usize]);
            column[q as usize] = !(in_heap || in_rest);
        }
        outcome.push(column);
    }
    let (start, period) = (0..=MAX_POWER / 2)
        .flat_map(|s| (1..=MAX_POWER / 4).map(move |p| (s, p)))
        .find(|&(s, p)| (s..=MAX_POWER - p).all(|k| outcome[k] == outcome[k + p]))
        .ok_or(Failure::NoPeriod { heap: n })?;
    let powers = start + period;
    let reduce = |t: usize| if t < powers { t } else { start + (t - start) % period };
    // The candidate Q × ⟨x⟩: element (q, k) is k·size + q.
    let total = size * powers;
    let mut mul = vec![0u32; total * total];
    for a in 0..total {
        for b in 0..total {
            let q = old.mul((a % size) as u32, (b % size) as u32) as usize;
            mul[a * total + b] = (reduce(a / size + b / size) * size + q) as u32;
        }
    }
    let p: Vec<bool> = (0..total).map(|e| outcome[e / size][e % size]).collect();
    let candidate = Monoid {
        size: total,
        mul,
        p,
    };
    let x = (reduce(1) * size) as u32;
    let mut generators: Vec<u32> = images.to_vec();
    generators.push(x);
    generators.sort_unstable();
    generators.dedup();
    let (reduced, map) = reduce_monoid(&candidate, &generators);
    let old_map = (0..size).map(|q| map[q]).collect();
    Ok(((reduced, old_map), map[x as usize]))
}

/// A lowest representative sum of an element.
struct Representative {
    height: u64,
    /// Its heaps, sorted.
    heaps: Vec<usize>,
}

/// For each element, a sum of heaps of least height that maps to it
/// (Dijkstra's search over the Cayley graph).
fn representatives(monoid: &Monoid, images: &[u32], heights: &[u64]) -> Vec<Representative> {
    let mut best: Vec<Option<Representative>> = (0..monoid.size).map(|_| None).collect();
    let mut queue = BinaryHeap::from([Reverse((0u64, 0u32, Vec::<usize>::new()))]);
    while let Some(Reverse((height, x, heaps))) = queue.pop() {
        if best[x as usize].is_some() {
            continue;
        }
        for (j, &g) in images.iter().enumerate() {
            if g != 0 && heights[j] > 0 {
                let y = monoid.mul(x, g);
                if best[y as usize].is_none() {
                    let mut more = heaps.clone();
                    more.push(j);
                    more.sort_unstable();
                    queue.push(Reverse((height + heights[j], y, more)));
                }
            }
        }
        best[x as usize] = Some(Representative { height, heaps });
    }
    best.into_iter()
        .map(|r| {
            r.unwrap_or(Representative {
                height: u64::MAX,
                heaps: Vec::new(),
            })
        })
        .collect()
}

/// The monoid modulo indistinguishability (x ~ y when xz and yz are in P
/// together for every z), by refining the partition {P, not P} along the
/// action of `generators` until it is stable; also the map to the classes.
/// Classes are numbered in order of first element, so the identity stays 0.
fn reduce_monoid(monoid: &Monoid, generators: &[u32]) -> (Monoid, Vec<u32>) {
    let size = monoid.size;
    let mut class: Vec<u32> = monoid.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = Vec::with_capacity(size);
        for x in 0..size as u32 {
            let mut key = Vec::with_capacity(generators.len() + 1);
            key.push(class[x as usize]);
            key.extend(generators.iter().map(|&g| class[monoid.mul(x, g) as usize]));
            let fresh = ids.len() as u32;
            next.push(*ids.entry(key).or_insert(fresh));
        }
        let stable = ids.len() == count;
        count = ids.len();
        class = next;
        if stable {
            break;
        }
    }
    let mut first = vec![u32::MAX; count];
    for x in (0..size).rev() {
        first[class[x] as usize] = x as u32;
    }
    let mut mul = vec![0u32; count * count];
    for a in 0..count {
        for b in 0..count {
            mul[a * count + b] = class[monoid.mul(first[a], first[b]) as usize];
        }
    }
    let p = first.iter().map(|&x| monoid.p[x as usize]).collect();
    (
        Monoid {
            size: count,
            mul,
            p,
        },
        class,
    )
}

/// Checks exactly that `monoid` predicts the outcome of every sum of heaps
/// 0..=n: a sum with element x is a P-position iff x ∈ P. By induction on
/// the game tree that holds iff, for every non-empty sum v, x ∈ P exactly
/// when no move leads into P — a move in heap i of v leads to the element
/// of v − i times that of the option. Into-P moves from P are excluded for
/// all sums at once by checking every element y = element of v − i; that
/// every sum outside P has a move into P depends on all the v − i together,
/// so the "local states" (element of v; for each element g of a heap in v,
/// the element of v minus that heap and which kinds of heap with element g
/// v holds) reachable by adding heaps are explored, finitely many.
fn verify(
    rules: &Rules,
    monoid: &Monoid,
    images: &[u32],
    n: usize,
    work: &mut u64,
    check: &mut dyn FnMut(usize, u64) -> Result<(), Stop>,
) -> Result<(), Failure> {
    let unverified = Failure::Unverified { heap: n };
    if monoid.p[0] {
        return Err(unverified);
    }
    let size = monoid.size;
    // Each heap's type: its element and the y from which it has a move
    // into P; heaps of one type are interchangeable here.
    let mut types: Vec<(u32, Vec<bool>)> = Vec::new();
    for (i, options) in rules.options[..=n].iter().enumerate() {
        if options.is_empty() {
            continue;
        }
        let g = images[i];
        let option_images: Vec<u32> = options
            .iter()
            .map(|o| monoid.product(o.iter().map(|&h| images[h])))
            .collect();
        let wins: Vec<bool> = (0..size as u32)
            .map(|y| option_images.iter().any(|&m| monoid.p[monoid.mul(y, m) as usize]))
            .collect();
        for y in 0..size as u32 {
            if monoid.p[monoid.mul(y, g) as usize] && wins[y as usize] {
                return Err(unverified);
            }
        }
        if !types.contains(&(g, wins.clone())) {
            types.push((g, wins));
        }
    }
    // Types grouped by element: group index, bit within the group.
    let mut groups: Vec<u32> = types.iter().map(|t| t.0).collect();
    groups.sort_unstable();
    groups.dedup();
    let mut bits = Vec::with_capacity(types.len());
    let mut counts = vec![0usize; groups.len()];
    for (g, _) in &types {
        let group = groups.binary_search(g).unwrap_or_default();
        if counts[group] == TYPES_PER_ELEMENT {
            return Err(Failure::TooManyTypes { heap: n });
        }
        bits.push((group as u32, 1u64 << counts[group]));
        counts[group] += 1;
    }
    // win_mask[group][y]: the types of the group with a move into P from y.
    let mut win_mask = vec![vec![0u64; size]; groups.len()];
    for (t, (_, wins)) in types.iter().enumerate() {
        let (group, bit) = bits[t];
        for y in 0..size {
            if wins[y] {
                win_mask[group as usize][y] |= bit;
            }
        }
    }
    // A state: [x, then (group, y, mask low, mask high) for each group held].
    let start: Box<[u32]> = Box::new([0]);
    let mut seen: FxHashSet<Box<[u32]>> = FxHashSet::from_iter([start.clone()]);
    let mut stack = vec![start];
    while let Some(state) = stack.pop() {
        for &(group, bit) in &bits {
            *work += 1;
            if work.is_multiple_of(4096) {
                check(n, *work).map_err(Failure::Stopped)?;
            }
            let g = groups[group as usize];
            let x = state[0];
            let mut next: Vec<u32> = Vec::with_capacity(state.len() + 4);
            next.push(monoid.mul(x, g));
            let mut placed = false;
            for entry in state[1..].chunks(4) {
                let mask = u64::from(entry[2]) | (u64::from(entry[3]) << 32);
                let (y, mask) = if entry[0] == group {
                    placed = true;
                    (x, mask | bit)
                } else {
                    if !placed && entry[0] > group {
                        placed = true;
                        next.extend([group, x, bit as u32, (bit >> 32) as u32]);
                    }
                    (monoid.mul(entry[1], g), mask)
                };
                next.extend([entry[0], y, mask as u32, (mask >> 32) as u32]);
            }
            if !placed {
                next.extend([group, x, bit as u32, (bit >> 32) as u32]);
            }
            let next: Box<[u32]> = next.into();
            if seen.contains(&next) {
                continue;
            }
            if !monoid.p[next[0] as usize] {
                let has_win = next[1..].chunks(4).any(|e| {
                    let mask = u64::from(e[2]) | (u64::from(e[3]) << 32);
                    mask & win_mask[e[0] as usize][e[1] as usize] != 0
                });
                if !has_win {
                    return Err(unverified);
                }
            }
            seen.insert(next.clone());
            stack.push(next);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

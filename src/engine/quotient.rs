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

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use rustc_hash::{FxHashMap, FxHashSet};

use super::Stop;

/// The largest power of a new heap's element examined for repetition.
const MAX_POWER: usize = 24;

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
    /// The candidate for heaps 0..=`heap` has more than `MAX_CANDIDATE`
    /// elements.
    TooBig { heap: usize },
}

/// A finite commutative monoid with a P-portion: element 0 is the identity.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Monoid {
    size: usize,
    /// A table monoid's size; a candidate is that monoid times cyclic
    /// monoids, element q + base·(k₁ + powers₁·(k₂ + …)).
    base: usize,
    /// `table[a * base + b]`.
    table: Vec<u32>,
    /// Each cyclic factor's (start, period): xˢᵗᵃʳᵗ⁺ᵖᵉʳⁱᵒᵈ = xˢᵗᵃʳᵗ.
    cyclic: Vec<(usize, usize)>,
    p: Vec<bool>,
}

impl Monoid {
    fn trivial() -> Monoid {
        Monoid::table(1, vec![0], vec![false])
    }

    fn table(size: usize, table: Vec<u32>, p: Vec<bool>) -> Monoid {
        Monoid {
            size,
            base: size,
            table,
            cyclic: Vec::new(),
            p,
        }
    }

    #[inline]
    fn mul(&self, a: u32, b: u32) -> u32 {
        let (a, b) = (a as usize, b as usize);
        let (qa, qb) = (a % self.base, b % self.base);
        let q = self.table[qa * self.base + qb] as usize;
        if self.cyclic.is_empty() {
            return q as u32;
        }
        let (mut ra, mut rb) = (a / self.base, b / self.base);
        let (mut id, mut radix) = (q, self.base);
        for &(start, period) in &self.cyclic {
            let powers = start + period;
            let t = ra % powers + rb % powers;
            let k = if t < powers {
                t
            } else {
                start + (t - start) % period
            };
            id += k * radix;
            radix *= powers;
            ra /= powers;
            rb /= powers;
        }
        id as u32
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
            normal_forms: normal_forms
                .into_iter()
                .map(Option::unwrap_or_default)
                .collect(),
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
    // The quotient after each heap, for rebuilding from an earlier one.
    let mut history: Vec<(Monoid, Vec<u32>)> = vec![(Monoid::trivial(), Vec::new())];
    for n in 0..rules.options.len() {
        check(n, work).map_err(Failure::Stopped)?;
        let (monoid, images) = history.last().cloned().unwrap_or_default();
        if rules.options[n].is_empty() {
            let mut images = images;
            images.push(0);
            history.push((monoid, images));
            continue;
        }
        let mut step = Step {
            rules,
            heights: &heights,
            work: &mut work,
            check,
        };
        let mut built = None;
        for lookback in 0..=MAX_LOOKBACK.min(n) {
            let base = history[n - lookback].clone();
            let Some(candidate) = step.rebuild(base, n - lookback, n)? else {
                if lookback == 0 {
                    return Err(Failure::TooBig { heap: n });
                }
                break;
            };
            let unchanged = lookback == 0
                && candidate.0 == history[n].0
                && candidate.1[..n] == history[n].1[..];
            if (unchanged && implied(rules, &candidate.0, &candidate.1, n))
                || step.verify(&candidate.0, &candidate.1, n)?
            {
                built = Some(candidate);
                break;
            }
        }
        history.push(built.ok_or(Failure::Unverified { heap: n })?);
    }
    let (monoid, heaps) = history.pop().unwrap_or_default();
    Ok(Quotient { monoid, heaps })
}

/// Whether heap n, added without changing the quotient, keeps it verified:
/// it has no move into P from P, and some smaller heap of the same element
/// has no more winning moves than it (the verification's states with heap
/// n are those with that heap in its place, with at least the same moves).
fn implied(rules: &Rules, monoid: &Monoid, images: &[u32], n: usize) -> bool {
    let wins = |heap: usize| -> Vec<bool> {
        let options: Vec<u32> = rules.options[heap]
            .iter()
            .map(|o| monoid.product(o.iter().map(|&h| images[h])))
            .collect();
        (0..monoid.size as u32)
            .map(|y| options.iter().any(|&m| monoid.p[monoid.mul(y, m) as usize]))
            .collect()
    };
    let g = images[n];
    let new = wins(n);
    let no_move_from_p =
        (0..monoid.size as u32).all(|y| !(monoid.p[monoid.mul(y, g) as usize] && new[y as usize]));
    no_move_from_p
        && (0..n).any(|j| {
            images[j] == g
                && !rules.options[j].is_empty()
                && wins(j).iter().zip(&new).all(|(old, new)| !old || *new)
        })
}

/// How many of the last heaps are added again without reducing between
/// them when adding the next heap tells apart sums the quotient of the
/// smaller heaps identified.
const MAX_LOOKBACK: usize = 6;

/// The most elements of a candidate.
const MAX_CANDIDATE: usize = 1 << 16;

/// What adding heaps needs.
struct Step<'a, 'c> {
    rules: &'a Rules,
    heights: &'a [u64],
    work: &'a mut u64,
    check: &'c mut dyn FnMut(usize, u64) -> Result<(), Stop>,
}

impl Step<'_, '_> {
    /// Adds heaps `from..=to` to the quotient `base` of the smaller heaps,
    /// reducing only at the end; `None` if the candidate grows too big.
    fn rebuild(
        &mut self,
        base: (Monoid, Vec<u32>),
        from: usize,
        to: usize,
    ) -> Result<Option<(Monoid, Vec<u32>)>, Failure> {
        let (mut monoid, mut images) = base;
        for n in from..=to {
            if self.rules.options[n].is_empty() {
                images.push(0);
                continue;
            }
            let last = n == to;
            // Kept apart, a few more powers than repeat now may be told
            // apart by the heaps added after.
            let extra = if last || from == to { 0 } else { 2 };
            let Some((next, heap)) = add_heap(self, &monoid, &images, n, extra, last)? else {
                return Ok(None);
            };
            images = images.iter().map(|&g| next.1[g as usize]).collect();
            images.push(heap);
            monoid = next.0;
        }
        Ok(Some((monoid, images)))
    }

    fn verify(&mut self, monoid: &Monoid, images: &[u32], n: usize) -> Result<bool, Failure> {
        verify(self.rules, monoid, images, n, self.work, self.check)
    }
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
    step: &mut Step,
    old: &Monoid,
    images: &[u32],
    n: usize,
    extra: usize,
    reduce: bool,
) -> Result<Option<Extension>, Failure> {
    let Step {
        rules,
        heights,
        work,
        check,
    } = step;
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
            **work += 1;
            if work.is_multiple_of(4096) {
                check(n, **work).map_err(Failure::Stopped)?;
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
    let start = start + extra;
    let powers = start + period;
    // The candidate Q × ⟨x⟩: element (q, k) is k·size + q.
    let total = size * powers;
    if total > MAX_CANDIDATE {
        return Ok(None);
    }
    let p: Vec<bool> = (0..total).map(|e| outcome[e / size][e % size]).collect();
    let mut cyclic = old.cyclic.clone();
    cyclic.push((start, period));
    let candidate = Monoid {
        size: total,
        base: old.base,
        table: old.table.clone(),
        cyclic,
        p,
    };
    let x = (usize::from(powers > 1) * size) as u32;
    let mut generators: Vec<u32> = images.to_vec();
    generators.push(x);
    generators.sort_unstable();
    generators.dedup();
    if !reduce {
        return Ok(Some(((candidate, (0..size as u32).collect()), x)));
    }
    let (reduced, map) = reduce_monoid(&candidate, &generators);
    let old_map = (0..size).map(|q| map[q]).collect();
    Ok(Some(((reduced, old_map), map[x as usize])))
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
    (Monoid::table(count, mul, p), class)
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
) -> Result<bool, Failure> {
    if monoid.p[0] {
        return Ok(false);
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
            .map(|y| {
                option_images
                    .iter()
                    .any(|&m| monoid.p[monoid.mul(y, m) as usize])
            })
            .collect();
        for y in 0..size as u32 {
            if monoid.p[monoid.mul(y, g) as usize] && wins[y as usize] {
                return Ok(false);
            }
        }
        if !types.contains(&(g, wins.clone())) {
            types.push((g, wins));
        }
    }
    // A sum holding heaps of several types with one element g fails if
    // the sum with all of them replaced by one type fails: the elements are
    // the same and that type's winning set is smaller than their union. So
    // each element held is held with one type, and a type whose winning
    // set contains another's of the same element is never needed.
    let minimal: Vec<(u32, Vec<bool>)> = types
        .iter()
        .filter(|(g, wins)| {
            !types.iter().any(|(h, other)| {
                h == g && other != wins && other.iter().zip(wins).all(|(o, w)| !o || *w)
            })
        })
        .cloned()
        .collect();
    // A state: [x, then (type, y) for each element held, by type].
    let start: Box<[u32]> = Box::new([0]);
    let mut seen: FxHashSet<Box<[u32]>> = FxHashSet::from_iter([start.clone()]);
    let mut stack = vec![start];
    while let Some(state) = stack.pop() {
        for (t, (g, _)) in minimal.iter().enumerate() {
            let t = t as u32;
            // Another type of the same element is held: add that one.
            if state[1..]
                .chunks(2)
                .any(|e| e[0] != t && minimal[e[0] as usize].0 == *g)
            {
                continue;
            }
            *work += 1;
            if work.is_multiple_of(4096) {
                check(n, *work).map_err(Failure::Stopped)?;
            }
            let x = state[0];
            let mut next: Vec<u32> = Vec::with_capacity(state.len() + 2);
            next.push(monoid.mul(x, *g));
            let mut placed = false;
            for entry in state[1..].chunks(2) {
                if entry[0] == t {
                    placed = true;
                    next.extend([t, x]);
                    continue;
                }
                if !placed && entry[0] > t {
                    placed = true;
                    next.extend([t, x]);
                }
                next.extend([entry[0], monoid.mul(entry[1], *g)]);
            }
            if !placed {
                next.extend([t, x]);
            }
            let next: Box<[u32]> = next.into();
            if seen.contains(&next) {
                continue;
            }
            if !monoid.p[next[0] as usize]
                && !next[1..]
                    .chunks(2)
                    .any(|e| minimal[e[0] as usize].1[e[1] as usize])
            {
                return Ok(false);
            }
            seen.insert(next.clone());
            stack.push(next);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests;

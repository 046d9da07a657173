//! Interning: a position's family and arguments made its index in the
//! family's dense table, arena of lists or hash table, and the lookups
//! that find an interned position by its integers without building it.
//! Apart from the engine's tables and values, which it fills.

use super::game::{FamilyId, Game, PosId};
use super::{
    Arg, DENSE_LIMIT, DENSE_UNKNOWN, Engine, HASHED, IN_PROGRESS, IntKey, LITERALS, Limits, Shape,
    Stop, UNKNOWN, grid, list_of_ints, shell,
};

/// Interning positions, and finding those interned.
impl<A: Arg> Engine<A> {
    /// The interned position `family(args)`.
    pub fn intern(&mut self, family: FamilyId, args: &[A]) -> Result<PosId, Stop> {
        self.intern_in(family, args, true)
    }

    /// `family(args)` interned in the family's hash table rather than
    /// its dense table: a heap of a family with a proved period far past
    /// what its dense table could hold within the position limit (which
    /// it would then never reach).
    pub fn intern_sparse(&mut self, family: FamilyId, args: &[A]) -> Result<PosId, Stop> {
        self.intern_in(family, args, false)
    }

    fn intern_in(&mut self, family: FamilyId, args: &[A], dense: bool) -> Result<PosId, Stop> {
        let table = &mut self.tables[family.0 as usize];
        if dense
            && let [arg] = args
            && let Some(n) = arg.as_int()
            && table.shape == Shape::Ints(1)
            && n >= 0
            && (n as u64) < DENSE_LIMIT
            && within_limit(self.positions, &self.limits, table.dense.len(), n as usize)
        {
            let n = n as usize;
            if n >= table.dense.len() {
                let grow = (n + 1 - table.dense.len()) as u64;
                self.positions += grow;
                table.dense.resize(n + 1, DENSE_UNKNOWN);
                self.watch.check()?;
            }
            return Ok(PosId {
                family,
                index: n as u32,
            });
        }
        if table.shape == Shape::List
            && let Some(ints) = list_of_ints(args)
        {
            // Arena and table grow together, even past the limit.
            let (index, new) = table.intern_board(&ints);
            if new {
                self.positions += 1;
                if self.positions > self.limits.max_positions {
                    return Err(Stop::TooManyPositions(self.limits.max_positions));
                }
                self.watch.check()?;
            }
            return Ok(PosId { family, index });
        }
        let int_key = IntKey::of(args);
        if dense
            && let Some(slot) = int_key.and_then(|key| dense_slot(table.shape, &key))
            && within_limit(self.positions, &self.limits, table.dense.len(), slot)
        {
            if slot >= table.dense.len() {
                let grow = (slot + 1 - table.dense.len()) as u64;
                self.positions += grow;
                table.dense.resize(slot + 1, DENSE_UNKNOWN);
                self.watch.check()?;
            }
            return Ok(PosId {
                family,
                index: slot as u32,
            });
        }
        let found = match &int_key {
            Some(key) => table.hashed.find_ints(key),
            None => table.hashed.find_args(args),
        };
        if let Some(index) = found {
            return Ok(PosId {
                family,
                index: index | HASHED,
            });
        }
        if self.positions >= self.limits.max_positions {
            return Err(Stop::TooManyPositions(self.limits.max_positions));
        }
        // Two atomic loads: cheap beside the hashing, and a position may be
        // a big list.
        self.watch.check()?;
        if let Some(bytes) = table.hashed.growth_bytes() {
            self.watch.room_for(bytes)?;
        }
        self.positions += 1;
        let index = table.hashed.insert(int_key, args);
        table.values.push(UNKNOWN);
        Ok(PosId {
            family,
            index: index | HASHED,
        })
    }

    /// The position `family(key)` if it is interned: a lookup that builds
    /// no value, for integer programs searching depth first.
    pub fn find(&self, family: FamilyId, key: &IntKey) -> Option<PosId> {
        let table = &self.tables[family.0 as usize];
        let dense = |index: usize| {
            (index < table.dense.len()).then_some(PosId {
                family,
                index: index as u32,
            })
        };
        let hashed = || {
            let index = table.hashed.find_ints(key)?;
            Some(PosId {
                family,
                index: index | HASHED,
            })
        };
        // A slot past the dense table is in the hash table, if anywhere.
        match (table.shape, key.is_list(), key.ints()) {
            (Shape::Ints(1), false, &[n]) if (0..DENSE_LIMIT as i64).contains(&n) => {
                dense(n as usize).or_else(hashed)
            }
            _ => match dense_slot(table.shape, key) {
                Some(slot) => dense(slot).or_else(hashed),
                None => hashed(),
            },
        }
    }

    /// The value of the position of `family` whose integers are `ints`, as
    /// its shape lays them out (its arguments, or the items of its one
    /// list), if it is interned and known: a lookup that builds no value.
    pub fn value_of_ints(&self, family: FamilyId, ints: &[i64]) -> Option<u64> {
        let table = &self.tables[family.0 as usize];
        let position = match table.shape {
            Shape::List => PosId {
                family,
                index: table.boards.index(ints)?,
            },
            Shape::Board(_) => self.find(family, &IntKey::new(ints, true)?)?,
            Shape::Ints(_) => self.find(family, &IntKey::new(ints, false)?)?,
        };
        Some(self.value(position)).filter(|&value| value < IN_PROGRESS)
    }

    /// The arguments of the position of `family` whose integers are `ints`
    /// (as `value_of_ints` reads them).
    pub fn args_of_ints(&self, family: FamilyId, ints: &[i64]) -> Vec<A> {
        let ints = ints.iter().map(|&n| A::int(n));
        match self.tables[family.0 as usize].shape {
            Shape::Ints(_) => ints.collect(),
            Shape::Board(_) | Shape::List => vec![A::list(ints.collect())],
        }
    }

    /// The interned literal game whose options are `options`.
    pub fn intern_literal(&mut self, options: Vec<Game>) -> Result<PosId, Stop> {
        let args: Vec<A> = options.into_iter().map(A::game).collect();
        self.intern(LITERALS, &args)
    }
}

/// Whether a dense table of `len` slots may hold slot `slot`, with
/// `positions` kept: growing it so must keep them within the limit. A
/// slot it may not hold (a heap far past the others, `W(999, 0)` of a
/// pairing) is a position of the hash table, counted alone; the dense
/// table can then never reach it, so each position has one place.
fn within_limit(positions: u64, limits: &Limits, len: usize, slot: usize) -> bool {
    slot < len || positions + (slot + 1 - len) as u64 <= limits.max_positions
}

/// The slot of a position of two, three or four integers in its family's
/// dense table, if they are small, non-negative and of the family's shape.
fn dense_slot(shape: Shape, key: &IntKey) -> Option<usize> {
    let k = shape.ints();
    if key.is_list() != matches!(shape, Shape::Board(_)) || key.ints().len() != k {
        return None;
    }
    match key.ints() {
        &[a, b] => grid::slot(a, b),
        ints if (3..=4).contains(&k) => shell::slot(ints),
        _ => None,
    }
}

//! The memory budget (`--max-memory`): a global allocator that wraps the
//! system's and counts the bytes in use, so that long computations can stop
//! with a diagnostic before the machine runs out, whatever holds the memory
//! (positions, big lists, long strings, maps).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes it hands out.
pub struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

/// The bytes an allocation of `size` takes from the system allocator: a
/// small block carries a header and is rounded up to 16 bytes, at least
/// 32 (glibc's malloc), so that millions of small keys are charged what
/// they hold, not only what was asked.
#[inline]
fn charged(size: usize) -> usize {
    (size.saturating_add(8 + 15) & !15).max(32)
}

// SAFETY: every call is forwarded to `System` unchanged; the counter is
// only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            IN_USE.fetch_add(charged(layout.size()), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            IN_USE.fetch_add(charged(layout.size()), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(charged(layout.size()), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            IN_USE.fetch_add(charged(new_size), Ordering::Relaxed);
            IN_USE.fetch_sub(charged(layout.size()), Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes the process holds on the heap now.
#[inline]
pub fn in_use() -> u64 {
    IN_USE.load(Ordering::Relaxed) as u64
}

/// The default budget: 4 GiB, enough for every example and far from the
/// point where a usual machine starts swapping.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// Parses a size such as `512M`, `4G`, `100000` or `2GiB` (powers of 1024;
/// a bare number is bytes).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let unit = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, shift) = match unit.chars().last() {
        Some('k') => (&unit[..unit.len() - 1], 10),
        Some('m') => (&unit[..unit.len() - 1], 20),
        Some('g') => (&unit[..unit.len() - 1], 30),
        Some('t') => (&unit[..unit.len() - 1], 40),
        _ => (unit, 0),
    };
    let number: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{trimmed}` is not a size; write e.g. 512M, 4G or 1000000"))?;
    number
        .checked_mul(1 << shift)
        .filter(|bytes| *bytes > 0)
        .ok_or_else(|| format!("`{trimmed}` is not a usable size (0 or too large)"))
}

/// A size in bytes for messages: `4 GiB`, `512 MiB`, `1000 bytes`.
pub fn describe(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift {
            let whole = bytes >> shift;
            return if whole << shift == bytes {
                format!("{whole} {unit}")
            } else {
                format!("{:.1} {unit}", bytes as f64 / (1u64 << shift) as f64)
            };
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_suffixes() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn sizes_describe_in_binary_units() {
        assert_eq!(describe(4 << 30), "4 GiB");
        assert_eq!(describe(3 << 19), "1.5 MiB");
        assert_eq!(describe(12), "12 bytes");
    }

    #[test]
    fn the_counter_sees_an_allocation() {
        let block = vec![1u8; 64 << 20];
        assert!(in_use() >= 64 << 20);
        assert_eq!(block.len(), 64 << 20);
    }
}

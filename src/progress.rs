//! Progress on standard error for computations that run longer than a
//! second: a bar for `seq`, `table` and `plot` (which know their total), a
//! spinner counting positions solved for a long `g`.
//!
//! Only the outermost task of the evaluation thread draws (a `seq` inside a
//! `def` inside a `seq` stays quiet), and nothing is drawn unless standard
//! error is a terminal. Until the first second has passed a task is a few
//! counters, so starting one per call of `g` costs next to nothing.

use std::cell::{Cell, RefCell};
use std::io::IsTerminal;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a computation runs before its progress is shown.
const DELAY: Duration = Duration::from_secs(1);

/// The outermost task on this thread.
struct Current {
    label: &'static str,
    total: Option<u64>,
    done: u64,
    solved: u64,
    started: Instant,
    /// `(done, elapsed)` each time `done` reached a power of two: with the
    /// present, the rate at which steps slow down (see `remaining`).
    samples: Vec<(u64, Duration)>,
    bar: Option<ProgressBar>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
    /// Tests draw to a hidden target with no delay, to see the bar appear.
    static TESTING: Cell<bool> = const { Cell::new(false) };
}

/// Whether progress can be drawn at all: standard error is a terminal
/// (asked once per process, not once per task).
fn enabled() -> bool {
    static TERMINAL: OnceLock<bool> = OnceLock::new();
    TESTING.get() || *TERMINAL.get_or_init(|| std::io::stderr().is_terminal())
}

/// A computation whose progress may be shown; dropping it clears the bar.
#[must_use = "the progress is cleared when the task is dropped"]
pub struct Task {
    /// Whether this task is the outermost one (and so the one drawn).
    owner: bool,
}

impl Task {
    /// Starts a task called `label` (the built-in's name) that will
    /// `advance` `total` times, or a spinner when the total is unknown.
    pub fn start(label: &'static str, total: Option<u64>) -> Task {
        if !enabled() {
            return Task { owner: false };
        }
        CURRENT.with_borrow_mut(|current| {
            if current.is_some() {
                return Task { owner: false };
            }
            *current = Some(Current {
                label,
                total,
                done: 0,
                solved: 0,
                started: Instant::now(),
                samples: Vec::new(),
                bar: None,
            });
            Task { owner: true }
        })
    }

    /// One more of the task's `total` steps is done.
    pub fn advance(&self) {
        if self.owner {
            update(|current| current.done += 1);
        }
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        if self.owner
            && let Some(Current { bar: Some(bar), .. }) = CURRENT.take()
        {
            bar.finish_and_clear();
        }
    }
}

/// Tells the running task that the engine solved `count` more positions:
/// the solver calls this every few thousand positions, so that a long `g`
/// shows a spinner with the count.
pub fn solved(count: u64) {
    if enabled() {
        update(|current| current.solved += count);
    }
}

/// Applies `change` to the current task, then shows or redraws its bar.
fn update(change: impl FnOnce(&mut Current)) {
    CURRENT.with_borrow_mut(|current| {
        let Some(current) = current else { return };
        change(current);
        if current.bar.is_none() {
            let delay = if TESTING.get() { Duration::ZERO } else { DELAY };
            if current.started.elapsed() < delay {
                return;
            }
            let bar = new_bar(current.label, current.total);
            current.bar = Some(bar.with_elapsed(current.started.elapsed()));
        }
        let elapsed = current.started.elapsed();
        let done = current.done;
        if done.is_power_of_two() && current.samples.last().is_none_or(|s| s.0 < done) {
            current.samples.push((done, elapsed));
        }
        // At most half as many steps as now, so that the fit spans a factor
        // of two at least.
        let earlier = current.samples.iter().rev().find(|s| 2 * s.0 <= done);
        let earlier = earlier.copied().unwrap_or((0, Duration::ZERO));
        if let Some(bar) = &current.bar {
            bar.set_position(current.done);
            let mut message = Vec::new();
            if let Some(total) = current.total
                && let Some(left) = remaining(earlier, (done, elapsed), total)
            {
                message.push(format!("eta {}", HumanDuration(left)));
            }
            if current.solved > 0 {
                message.push(format!("{} positions solved", HumanCount(current.solved)));
            }
            bar.set_message(message.join(", "));
        }
    });
}

/// The time left for `total` steps, from two points `(done, elapsed)`:
/// steps need not cost the same (the n-th value of a quadratic game costs
/// about n), so the elapsed time is taken to grow as done^a, with a fitted
/// to the two points and kept between 1 (steps of equal cost) and 3.
fn remaining(earlier: (u64, Duration), now: (u64, Duration), total: u64) -> Option<Duration> {
    let (done, elapsed) = (now.0 as f64, now.1.as_secs_f64());
    if now.0 == 0 || elapsed <= 0.0 {
        return None;
    }
    let exponent = match earlier {
        (steps, time) if steps > 0 && steps < now.0 && !time.is_zero() => {
            (elapsed / time.as_secs_f64()).ln() / (done / steps as f64).ln()
        }
        _ => 1.0,
    };
    let exponent = exponent.clamp(1.0, 3.0);
    let left = elapsed * ((total as f64 / done).powf(exponent) - 1.0);
    Some(Duration::from_secs_f64(left.max(0.0)))
}

fn new_bar(label: &'static str, total: Option<u64>) -> ProgressBar {
    let target = if TESTING.get() {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let template = match total {
        Some(_) => "{prefix} [{bar:30}] {human_pos}/{human_len} {msg}",
        None => "{spinner} {prefix}: {msg} ({elapsed})",
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(total, target)
        .with_style(style)
        .with_prefix(label);
    if total.is_none() {
        bar.enable_steady_tick(Duration::from_millis(100));
    }
    bar
}

/// For tests elsewhere in the crate: draw to a hidden target at once, and
/// read what the bar shows.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// Draws every task at once, to a hidden target (`false` restores).
    pub fn draw_hidden(on: bool) {
        TESTING.set(on);
    }

    /// The bar's position and message, if a bar is shown.
    pub fn shown() -> Option<(u64, String)> {
        CURRENT.with_borrow(|current| {
            let bar = current.as_ref()?.bar.as_ref()?;
            Some((bar.position(), bar.message()))
        })
    }

    /// Whether no task is running (so no bar is left on screen).
    pub fn idle() -> bool {
        CURRENT.with_borrow(Option::is_none)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::shown;
    use super::*;

    #[test]
    fn only_the_outermost_task_draws_and_dropping_clears_it() {
        TESTING.set(true);
        let outer = Task::start("seq", Some(10));
        outer.advance();
        outer.advance();
        {
            let inner = Task::start("table", Some(3));
            inner.advance();
            solved(2048);
        }
        let (position, message) = shown().expect("a bar");
        assert_eq!(
            position, 2,
            "the inner task's step does not move the outer bar"
        );
        assert!(message.ends_with(", 2,048 positions solved"), "{message}");
        drop(outer);
        assert!(CURRENT.with_borrow(Option::is_none));
        let spinner = Task::start("g", None);
        solved(5);
        assert_eq!(shown(), Some((0, "5 positions solved".to_string())));
        drop(spinner);
        TESTING.set(false);
    }

    #[test]
    fn the_time_left_follows_how_steps_slow_down() {
        let secs = Duration::from_secs_f64;
        let left = |earlier, now, total| {
            remaining(earlier, now, total).map(|left| left.as_secs_f64().round())
        };
        // Steps of equal cost: 10 s for 100 of 400, 30 s left.
        assert_eq!(left((50, secs(5.0)), (100, secs(10.0)), 400), Some(30.0));
        // Quadratic: twice the steps took four times as long, so 400 steps
        // take sixteen times 10 s.
        assert_eq!(left((50, secs(2.5)), (100, secs(10.0)), 400), Some(150.0));
        assert_eq!(left((0, secs(0.0)), (0, secs(0.0)), 9), None);
    }

    #[test]
    fn nothing_is_tracked_when_progress_cannot_be_drawn() {
        if std::io::stderr().is_terminal() {
            return;
        }
        let task = Task::start("seq", Some(1));
        task.advance();
        assert!(!task.owner);
        assert!(CURRENT.with_borrow(Option::is_none));
    }
}

//! Families with parameters every position passes on unchanged
//! (`TakeAway(moves, n)`): each value of them is an instance of the family
//! with a dense table and an integer program, whose values, printed
//! positions and errors are those of the generic search.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{generic_sequence, mex, run_binary, run_by_programs_alone, single_sequence};
use sprague::run::{Settings, run_to_strings};

const TAKE_AWAY: &str =
    "game TakeAway(moves, n) = < TakeAway(moves, n - k) for k in moves if k <= n >";

/// The subtraction game with these moves, by hand.
fn take_away(moves: &[u64], top: u64) -> Vec<u64> {
    let mut g = Vec::new();
    for n in 0..=top {
        let options = moves
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| g[(n - k) as usize]);
        g.push(mex(options));
    }
    g
}

/// What `:ir` shows for `family` after running `script` in one session.
fn explained(script: &str, family: &str) -> String {
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut interp = sprague::interp::Interp::new(
        sprague::engine::Limits::default(),
        interrupt,
        sprague::printer::Format::Text,
        Box::new(std::io::sink()),
    );
    let ran = interp.run("t.sg", script, sprague::resolve::Redefine::Forbid);
    assert!(ran.is_ok(), "{ran:?}");
    interp.explain(interp.family_named(family).expect("a family"))
}

fn generic() -> Settings {
    Settings {
        generic_only: true,
        ..Default::default()
    }
}

#[test]
fn each_move_set_is_an_instance_with_the_plain_programs_values() {
    for moves in [vec![1, 3, 4], vec![2, 5, 7], vec![1], vec![3, 1, 3]] {
        let list: Vec<String> = moves.iter().map(u64::to_string).collect();
        let script = format!(
            "{TAKE_AWAY}\n[g(TakeAway([{}], n)) for n in 0..=200]",
            list.join(", ")
        );
        assert_eq!(
            single_sequence(&script),
            take_away(&moves, 200),
            "{moves:?}"
        );
    }
}

/// Two fixed integers, a nim heap added on each move, instances side by
/// side in one sum, a range for a list: the generic search's values.
#[test]
fn instances_agree_with_the_generic_search() {
    let script = "game T(a, m, n) = < T(a, m, n - k) + *(a % 3) for k in 1..=m if k <= n >\n\
                  [g(T(a, m, n) + T(m, a, n + 1)) for a in 1..4 for m in 1..4 for n in 0..30]";
    assert_eq!(single_sequence(script), generic_sequence(script));
    let script = format!("{TAKE_AWAY}\n[g(TakeAway(1..k, n)) for k in 2..6 for n in 0..40]");
    assert_eq!(single_sequence(&script), generic_sequence(&script));
}

/// Positions print with every argument, options and winning moves are the
/// same, a range and its list are one position, and a value that is not
/// integers leaves the position to the family itself.
#[test]
fn instances_print_and_play_as_the_family_does() {
    let script = format!(
        "{TAKE_AWAY}\n\
         options(TakeAway([1, 3, 4], 5))\n\
         winning(TakeAway([1, 2], 7))\n\
         TakeAway(1..4, 5) == TakeAway([1, 2, 3], 5)\n\
         TakeAway([2, 3], 9) + TakeAway([1, 3, 4], 5)\n\
         tree(TakeAway([1, 2], 2))\n\
         game U(label, n) = < U(label, n - 1) if n > 0 >\n\
         g(U(\"a\", 3))"
    );
    let fast = run_to_strings("t.sg", &script, Settings::default());
    let slow = run_to_strings("t.sg", &script, generic());
    assert!(fast.1.is_none(), "{:?}", fast.1);
    assert_eq!(fast, slow);
    assert!(
        fast.0
            .contains("[TakeAway([1, 3, 4], 4), TakeAway([1, 3, 4], 2), TakeAway([1, 3, 4], 1)]"),
        "{}",
        fast.0
    );
}

/// An error inside an instance is the generic search's, at the position
/// where the search meets it: the bottom-up fill meets the cycle first at
/// `TakeAway([1, 0], 0)`, which the query reaches only after its own.
#[test]
fn errors_in_an_instance_are_the_generic_searchs() {
    let script = format!("{TAKE_AWAY}\ng(TakeAway([1, 0], 3))");
    let (fast, slow) = (
        run_to_strings("t.sg", &script, Settings::default()),
        run_to_strings("t.sg", &script, generic()),
    );
    let cycle = "Error: the game has a cycle: TakeAway([1, 0], 3) → TakeAway([1, 0], 3)\n";
    let (fast, slow) = (fast.1.expect("a cycle"), slow.1.expect("a cycle"));
    assert!(fast.starts_with(cycle), "{fast}");
    assert_eq!(fast, slow);
}

/// `--stats` names each instance by its fixed values and says it ran as
/// an integer program; `--emit ir` says how the family is split.
#[test]
fn stats_and_the_ir_name_the_instances() {
    let script = format!("{TAKE_AWAY}\ng(TakeAway([1, 3, 4], 1000)) + g(TakeAway([2], 10))");
    let (printed, report) = run_by_programs_alone(&script, &script);
    assert_eq!(printed, "3\n");
    assert!(
        report.contains("TakeAway([1, 3, 4], n): 1001 positions, 1001 known; integer program"),
        "{report}"
    );
    assert!(
        report.contains("TakeAway([2], n): 11 positions"),
        "{report}"
    );
    let (ir, _) = run_binary(&["--emit", "ir", "-e", TAKE_AWAY]);
    assert!(
        ir.contains("game TakeAway(moves, n): an instance for each value of `moves`"),
        "{ir}"
    );
}

/// Past the most instances a session makes, positions with new fixed
/// values stay with the family itself: the values are the same.
#[test]
fn positions_past_the_most_instances_keep_their_values() {
    let script = "game F(a, n) = < F(a, n - 1) + *(a % 5) if n > 0 >\n\
                  [g(F(a, n)) for a in 0..1100 for n in 0..4]";
    let mut expected = Vec::new();
    for a in 0..1100u64 {
        let mut g = 0;
        for n in 0..4 {
            if n > 0 {
                g = mex([g ^ (a % 5)]);
            }
            expected.push(g);
        }
    }
    assert_eq!(single_sequence(script), expected);
    assert_eq!(generic_sequence(script), expected);
}

/// `:ir` on a family with fixed parameters shows the program of each
/// instance made so far, headed by its fixed values.
#[test]
fn the_ir_of_a_family_shows_its_instances() {
    let ir = explained(&format!("{TAKE_AWAY}\ng(TakeAway([1, 2], 10))"), "TakeAway");
    assert!(
        ir.contains("\n  instance TakeAway([1, 2], n): integer program"),
        "{ir}"
    );
    assert!(ir.contains("\n    TakeAway(n - 1) if 1 <= n\n"), "{ir}");
}

/// A condition on fixed parameters alone is decided when the instance's
/// program is built: `c > 0` is no filter in `T(1, a)`, and `T(0, a)` has
/// no options.
#[test]
fn conditions_on_fixed_values_are_decided_in_the_program() {
    let game = "game T(c, a) = < T(c, a - 1) if a > 0 and c > 0 >";
    let ir = explained(&format!("{game}\ng(T(1, 5)) + g(T(0, 5))"), "T");
    assert!(ir.contains("\n    T(a - 1) if a > 0\n"), "{ir}");
    // `T(0, a)`'s one element is dropped: it yields nothing.
    assert!(ir.contains("\n  instance T(0, a): integer program"), "{ir}");
    assert_eq!(ir.matches("T(a - 1)").count(), 1, "{ir}");
    let values = format!("{game}\n[g(T(c, a)) for c in 0..3 for a in 0..6]");
    assert_eq!(single_sequence(&values), generic_sequence(&values));
}

//! A pair of parameters that every option keeps in order (`ir::ordered`):
//! Wythoff's game with its heaps kept sorted through `min` and `max`. A
//! query with the pair in order reaches half the box; the other half, whose
//! positions the kernel may not vouch for (a diagonal move past a heap),
//! is skipped rather than stopping the fill. A box and a triangle that do
//! stop are not tried again at each position the search then asks.

// Each suite uses its own share of the helpers.
#[allow(dead_code)]
mod common;

use common::{
    assert_same_as_the_generic_search, count_before, ir_of, positions, run_binary, wythoff,
};

const SORTED: &str = "game W(a, b) = < W(min(a - k, b), max(a - k, b)) for k in 1..=a, \
                      W(min(a, b - k), max(a, b - k)) for k in 1..=b, W(a - k, b - k) for k in 1..=a >";

#[test]
fn wythoff_kept_sorted_fills_half_a_box_by_its_lines() {
    const SIZE: usize = 60;
    let last = SIZE - 1;
    let script = format!(
        "{SORTED}\nprint(g(W({last}, {last})))\nprint([g(W(a, b)) for a in 0..{SIZE} for b in a..{SIZE}])"
    );
    let (printed, report) = run_binary(&["--stats", "-e", &script]);
    let plain = wythoff(SIZE);
    let half: Vec<String> = (0..SIZE)
        .flat_map(|a| (a..SIZE).map(move |b| (a, b)))
        .map(|(a, b)| plain[a][b].to_string())
        .collect();
    let expected = format!("{}\n[{}]\n", plain[last][last], half.join(", "));
    assert_eq!(printed, expected);
    // Half the box, each position by the lines of its options: walked by
    // the program, the box stops at `W(1, 0)`, whose diagonal move has a
    // negative heap.
    assert_eq!(positions(&report), SIZE * (SIZE + 1) / 2, "{report}");
    assert!(
        count_before(&report, " by walking the program") < 10,
        "{report}"
    );
    assert!(ir_of(&format!("{SORTED}\nprint(g(W(3, 5)))")).contains("kept in order"));
}

#[test]
fn the_order_kept_by_a_choice_between_games_is_proved_from_its_tests() {
    // `if a - k <= b then W(a - k, b) else W(b, a - k)`: the second
    // branch's test is the first's negated.
    const SIZE: usize = 40;
    let script = format!(
        "game W(a, b) = < if a - k <= b then W(a - k, b) else W(b, a - k) for k in 1..=a, \
         if a <= b - k then W(a, b - k) else W(b - k, a) for k in 1..=b, W(a - k, b - k) for k in 1..=a >\n\
         print([g(W(a, b)) for a in 0..{SIZE} for b in a..{SIZE}])"
    );
    let plain = wythoff(SIZE);
    let half: Vec<String> = (0..SIZE)
        .flat_map(|a| (a..SIZE).map(move |b| (a, b)))
        .map(|(a, b)| plain[a][b].to_string())
        .collect();
    assert_eq!(
        assert_same_as_the_generic_search(&script),
        format!("[{}]\n", half.join(", "))
    );
    assert!(ir_of(&script).contains("kept in order"));
}

#[test]
fn queries_on_either_side_of_the_order_agree_with_the_generic_search() {
    // The sorted pair asked the other way round first, then in order.
    let sorted = format!(
        "{SORTED}\nprint(g(W(9, 3)))\nprint(g(W(20, 20)))\nprint([g(W(a, b)) for a in 0..14 for b in 0..14])"
    );
    assert_same_as_the_generic_search(&sorted);
    // Options that keep either order: each query skips the half it does
    // not reach, and a query in the other half fills that half too.
    let both = "game F(a, b) = < F(a - k, b - k) + *(a % 3) for k in 1..=min(a, b), \
                F(a - 1, b - 1) + *1 if a > 0 and b > 0 >\n\
                print(g(F(3, 17)))\nprint(g(F(17, 3)))\n\
                print([g(F(a, b)) for a in 0..20 for b in 0..20])";
    assert_same_as_the_generic_search(both);
    assert!(ir_of(both).contains("kept in order"));
}

#[test]
fn a_move_that_breaks_the_order_keeps_the_whole_box() {
    // Taking from the second heap alone may pass the first.
    let unsorted = "game W(a, b) = < W(min(a - k, b), max(a - k, b)) for k in 1..=a, \
                    W(a, b - k) for k in 1..=b, W(a - k, b - k) for k in 1..=min(a, b) >\n\
                    print([g(W(a, b)) for a in 0..15 for b in 0..15])";
    assert!(!ir_of(unsorted).contains("kept in order"));
    assert_same_as_the_generic_search(unsorted);
}

#[test]
fn a_box_that_stops_is_not_filled_again_for_each_position_searched() {
    // Unsorted, the diagonal move of `V(a, b)` with `b < a` leaves a
    // negative heap: the box and the triangle stop at `V(1, 0)`, and the
    // search computes the family. Each position it asks used to fill a
    // triangle again, up to where it stopped.
    let script = "game V(a, b) = < V(a - k, b) for k in 1..=a, V(a, b - k) for k in 1..=b, \
                  V(a - k, b - k) for k in 1..=a >\nprint(g(V(40, 40)))";
    let printed = assert_same_as_the_generic_search(script);
    assert_eq!(printed, "69\n");
    let (_, report) = run_binary(&["--stats", "-e", script]);
    assert!(
        count_before(&report, " by walking the program") < 100,
        "{report}"
    );
}

#[test]
fn three_heaps_kept_sorted_fill_the_sorted_part_of_their_box() {
    // Nim on three heaps kept sorted through `min`, `max` and the middle
    // as the sum less both: every pair is kept in order, the middle's
    // by cases of which part is the least and which the largest.
    let script = "def lo3(x, y, z) = min(x, min(y, z))\n\
                  def hi3(x, y, z) = max(x, max(y, z))\n\
                  def mid3(x, y, z) = x + y + z - lo3(x, y, z) - hi3(x, y, z)\n\
                  game N(a, b, c) = < N(lo3(a - k, b, c), mid3(a - k, b, c), hi3(a - k, b, c)) for k in 1..=a, \
                  N(lo3(a, b - k, c), mid3(a, b - k, c), hi3(a, b - k, c)) for k in 1..=b, \
                  N(lo3(a, b, c - k), mid3(a, b, c - k), hi3(a, b, c - k)) for k in 1..=c >\n";
    let query = format!("{script}print(g(N(12, 15, 18)))");
    let (printed, report) = run_binary(&["--stats", "-e", &query]);
    assert_eq!(printed, format!("{}\n", 12 ^ 15 ^ 18));
    // The sorted triples below the query, of the box's 13 · 16 · 19.
    let sorted = (0..=12)
        .flat_map(|a| (a..=15).flat_map(move |b| (b..=18).map(move |c| (a, b, c))))
        .count();
    let known = count_before(&report, " known;");
    assert_eq!(known as usize, sorted, "{report}");
    // Asked the other way round, the box fills the rest.
    let both = format!(
        "{query}\nprint(g(N(9, 4, 7)))\nprint([g(N(a, b, 5)) for a in 0..6 for b in 0..6])"
    );
    assert_same_as_the_generic_search(&both);
}

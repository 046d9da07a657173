#!/usr/bin/env bash
# sprague against ogsolve's rc (rare/common) method on octal games, in one
# run on this machine: `cargo install ogsolve` puts the peer on the PATH.
# Prints a Markdown table with the ratios, after checking that both give
# the same values to 10^5.
#
#   bash bench/ogsolve.sh                     # the table of docs/performance.md
#   RUNS="0.6:1000000" bash bench/ogsolve.sh  # one code at one size
#
# 0.137 (Dawson's chess, period 34) is run at 10^6 only: ogsolve's rc takes
# minutes there and would take hours at 10^7.
#
# sprague answers `g(octal(CODE)(N))`; where the octal periodicity theorem
# proves a period before N it stops there (0.16 near 5.1·10^5, 0.137 at
# once), which is part of what is measured. Each time is the CPU time of one run.
set -euo pipefail

cd "$(dirname "$0")/.."
command -v ogsolve > /dev/null || { echo "ogsolve is not installed (cargo install ogsolve)" >&2; exit 1; }
RUNS=${RUNS:-"0.6:1000000 0.16:1000000 0.137:1000000 0.6:10000000 0.16:10000000"}
CODES=$(for run in $RUNS; do echo "${run%%:*}"; done | sort -u)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cargo build --release --quiet
SPRAGUE=target/release/sprague

# seconds COMMAND...: its CPU time (user + system), which a machine shared
# with other work disturbs less than the wall clock.
seconds() {
    /usr/bin/time -f '%U %S' -o "$WORK/time" "$@" > /dev/null
    awk '{ printf "%.2f", $1 + $2 }' "$WORK/time"
}

# The values of heaps 0..=10^5, both ways, must agree.
for code in $CODES; do
    printf 'print(seq(octal("%s"), 0..=100000))\n' "$code" > "$WORK/seq.sg"
    "$SPRAGUE" "$WORK/seq.sg" | tr -d '[] ' | tr ',' '\n' > "$WORK/ours.txt"
    ogsolve -m rc -n 100000 -p "$code" | sed -n 's/^ nimbers: //p' | tr ' ' '\n' > "$WORK/theirs.txt"
    if ! cmp -s "$WORK/ours.txt" "$WORK/theirs.txt"; then
        echo "$code: the values to 10^5 differ from ogsolve's" >&2
        exit 1
    fi
    echo "$code: g(0..=100000) equals ogsolve's"
done
echo
echo "| code | N | sprague (s) | ogsolve rc (s) | sprague / ogsolve |"
echo "|---|---|---|---|---|"
for run in $RUNS; do
    code=${run%%:*}; n=${run#*:}
    printf 'g(octal("%s")(%s))\n' "$code" "$n" > "$WORK/g.sg"
    ours=$(seconds "$SPRAGUE" "$WORK/g.sg")
    theirs=$(seconds ogsolve -m rc -n "$n" "$code")
    echo "| $code | $n | $ours | $theirs | $(printf '%.2f' "$(echo "$ours / $theirs" | bc -l)") |"
done

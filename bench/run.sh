#!/usr/bin/env bash
# The benchmark of docs/performance.md: sprague, from the plain `.sg`
# definitions, against the plain C programs of bench/plain.c, measured in
# one run on this machine. Prints a Markdown table with the ratios and
# checks that the sequences to 10^5 are the plain programs'.
#
#   bash bench/run.sh            # the whole table (a few minutes)
#   QUICK=1 bash bench/run.sh    # smaller sizes, for a smoke test
#
# Each time is the best of $RUNS runs (wall clock), so that other work on
# the machine disturbs it as little as possible.
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cargo build --release --quiet
gcc -O2 -o "$WORK/plain" bench/plain.c bench/plain_lists.c
SPRAGUE=target/release/sprague
PLAIN=$WORK/plain

KAYLES='game Kayles(n) = < Kayles(a) + Kayles(n - t - a) for t in 1..=2 for a in 0..=n-t >'
DAWSON='game Dawson(n) = < Dawson(a) + Dawson(n - 2 - a) for a in 0..=n-2 >'
GRUNDY='game Grundy(n) = < Grundy(a) + Grundy(n - a) for a in 1..n if 2 * a < n >'
CHAIN='game D(n) = < D(n - 1) if n > 0 >'
WYTHOFF='game W(a, b) = < W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b, W(a - k, b - k) for k in 1..=min(a, b) >'

# seconds: the best wall-clock time of $RUNS runs of a command, to 3 places.
seconds() {
    local best=""
    for _ in $(seq "$RUNS"); do
        local start end took
        start=$(date +%s.%N)
        "$@" > /dev/null
        end=$(date +%s.%N)
        took=$(echo "$end - $start" | bc -l)
        if [[ -z $best ]] || (( $(echo "$took < $best" | bc -l) )); then best=$took; fi
    done
    printf '%.3f' "$best"
}

# script NAME TEXT: writes a script and prints its path.
script() {
    printf '%s\n' "$2" > "$WORK/$1.sg"
    echo "$WORK/$1.sg"
}

ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }

# row GAME N DEFINITION QUERY PLAIN-NAME TARGET: times the query both ways
# (PLAIN-NAME - for sprague alone).
row() {
    local game=$1 n=$2 definition=$3 query=$4 plain=$5 target=$6
    local path ours theirs
    path=$(script "row$RANDOM" "$definition
$query")
    ours=$(seconds "$SPRAGUE" "$path")
    if [[ $plain == - ]]; then
        echo "| $game | $n | $ours | — | — | $target |"
    else
        theirs=$(seconds "$PLAIN" "$plain" "$n")
        echo "| $game | $n | $ours | $theirs | $(ratio "$ours" "$theirs") | $target |"
    fi
}

if [[ -n ${QUICK:-} ]]; then SMALL=10000; LARGE=100000; CHAIN_N=1000000; WYTHOFF_N=100
else SMALL=100000; LARGE=1000000; CHAIN_N=10000000; WYTHOFF_N=1000; fi
MEDIUM=$((SMALL * 4 / 10))

echo "| game | N | sprague (s) | plain C (s) | sprague / C | target |"
echo "|---|---|---|---|---|---|"
row "Kayles (0.77)" "$MEDIUM" "$KAYLES" "g(Kayles($MEDIUM))" kayles "ratio ≤ 2"
row "Kayles (0.77)" "$SMALL" "$KAYLES" "g(Kayles($SMALL))" kayles ""
row "Kayles (0.77)" "$LARGE" "$KAYLES" "g(Kayles($LARGE))" - "< 0.1 s"
row "Dawson's Kayles (0.07)" "$SMALL" "$DAWSON" "g(Dawson($SMALL))" dawson "ratio ≤ 1.5"
row "Grundy's game" "$SMALL" "$GRUNDY" "g(Grundy($SMALL))" grundy "ratio ≤ 0.5"
row "Grundy's game" "$LARGE" "$GRUNDY" "g(Grundy($LARGE))" - "< 6.7 s"
last=$((WYTHOFF_N - 1))
RUNS=1 row "Wythoff (N×N)" "$WYTHOFF_N" "$WYTHOFF" "g(W($last, $last))" wythoff ""
path=$(script chain "$CHAIN
g(D($CHAIN_N))")
memory=$( { /usr/bin/time -f '%M' "$SPRAGUE" "$path" > /dev/null; } 2>&1 | tail -1)
echo "| chain D(n) | $CHAIN_N | $(seconds "$SPRAGUE" "$path") | — | — | peak $((memory / 1024)) MiB (< 1 GiB) |"

# The sequences to SMALL must be the plain programs', value for value.
echo
for game in Kayles:kayles:"$KAYLES" Dawson:dawson:"$DAWSON" Grundy:grundy:"$GRUNDY"; do
    family=${game%%:*}; rest=${game#*:}; plain=${rest%%:*}; definition=${rest#*:}
    path=$(script "seq$family" "$definition
print(seq($family, 0..=$SMALL))")
    "$SPRAGUE" "$path" | tr -d '[] ' | tr ',' '\n' > "$WORK/ours.txt"
    "$PLAIN" "$plain" "$SMALL" --print > "$WORK/theirs.txt"
    if cmp -s "$WORK/ours.txt" "$WORK/theirs.txt"; then
        echo "$family: g(0..=$SMALL) equals the plain program's"
    else
        echo "$family: g(0..=$SMALL) DIFFERS from the plain program's" >&2
        exit 1
    fi
done

#!/usr/bin/env bash
# The spelling table of docs/performance.md: each game written the ways
# people write it, every spelling timed against the plain C program of
# bench/plain.c for the same game in one run on this machine, and every
# spelling's answer checked against the plain program's.
#
#   bash bench/spellings.sh            # the table (several minutes)
#   QUICK=1 bash bench/spellings.sh    # smaller sizes, for a smoke test
#
# Prints a Markdown table: CPU seconds for sprague and for C (best of $RUNS
# runs), the ratio to C and the ratio to the game's fastest spelling.
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-1}
LIMIT=${LIMIT:-600}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cargo build --release --quiet
gcc -O2 -o "$WORK/plain" bench/plain.c
SPRAGUE=target/release/sprague

if [[ -n ${QUICK:-} ]]; then SUB=200000; PATH_N=4000; WYTHOFF_N=150; NIM3=30; CHOMP=7
else SUB=2000000; PATH_N=60000; WYTHOFF_N=1000; NIM3=120; CHOMP=10; fi

# seconds COMMAND...: the least CPU time (user + system, which a machine
# shared with other work disturbs less than the wall clock) of $RUNS runs;
# the output of the last run is left in $WORK/out.
seconds() {
    local best=""
    for _ in $(seq "$RUNS"); do
        local took
        /usr/bin/time -f '%U %S' -o "$WORK/time" timeout "$LIMIT" "$@" > "$WORK/out" \
            || { echo "failed or over ${LIMIT}s: $*" >&2; return 1; }
        took=$(awk '{ print $1 + $2 }' "$WORK/time")
        if [[ -z $best ]] || (( $(echo "$took < $best" | bc -l) )); then best=$took; fi
    done
    printf '%.3f' "$best"
}

# ratio A B: A / B, or — when B is below the clock's 10 ms resolution.
ratio() {
    if (( $(echo "$2 < 0.01" | bc -l) )); then echo "—"; else printf '%.2f' "$(echo "$1 / $2" | bc -l)"; fi
}

# game TITLE PLAIN-ARGS QUERY SPELLING...: one row per spelling. QUERY
# prints one number, which must be the plain program's. A one-parameter
# game is also checked on every value: with CHECK set, that query must
# print what the plain program given CHECK prints (untimed).
game() {
    local title=$1 plain=$2 query=$3
    shift 3
    local theirs expected
    # shellcheck disable=SC2086
    theirs=$(seconds "$WORK/plain" $plain)
    expected=$(cat "$WORK/out")
    local times=() names=() best=""
    for spelling in "$@"; do
        local name=${spelling%%|*} text=${spelling#*|}
        printf '%s\n%s\n' "$text" "$query" > "$WORK/game.sg"
        local ours
        ours=$(seconds "$SPRAGUE" "$WORK/game.sg")
        if [[ $(cat "$WORK/out") != "$expected" ]]; then
            echo "$title, $name: $(cat "$WORK/out") where the plain program says $expected" >&2
            exit 1
        fi
        if [[ -n ${CHECK:-} ]]; then
            printf '%s\n%s\n' "$text" "${CHECK#*|}" > "$WORK/check.sg"
            # shellcheck disable=SC2086
            if [[ $("$SPRAGUE" "$WORK/check.sg") != $("$WORK/plain" ${CHECK%%|*}) ]]; then
                echo "$title, $name: the values differ from the plain program's" >&2
                exit 1
            fi
        fi
        times+=("$ours"); names+=("$name")
        if [[ -z $best ]] || (( $(echo "$ours < $best" | bc -l) )); then best=$ours; fi
    done
    for i in "${!times[@]}"; do
        echo "| $title | ${names[$i]} | ${times[$i]} | $theirs | $(ratio "${times[$i]}" "$theirs") | $(ratio "${times[$i]}" "$best") |"
    done
}

echo "| game | spelling | sprague (s) | plain C (s) | sprague / C | / fastest spelling |"
echo "|---|---|---|---|---|---|"
# One-parameter games: g(N) timed, the sum of g(0..=N) checked.
CHECK="subtract $SUB|print(sum(seq(S, 0..=$SUB)))" \
game "subtraction, k in 1..=50, k % 3 != 0, n = $SUB" "subtract $SUB --last" "print(g(S($SUB)))" \
    "inline condition|game S(n) = < S(n - k) for k in 1..=50 if k % 3 != 0 and k <= n >" \
    "let list of moves|let moves = [k for k in 1..=50 if k % 3 != 0]
game S(n) = < S(n - k) for k in moves if k <= n >" \
    "def in the condition|def allowed(k) = k % 3 != 0
game S(n) = < S(n - k) for k in 1..=50 if allowed(k) and k <= n >"
CHECK="path $PATH_N|print(sum(seq(S, 0..=$PATH_N)))" \
game "Node Kayles on a path, n = $PATH_N" "path $PATH_N --last" "print(g(S($PATH_N)))" \
    "max inline|game S(n) = < S(max(a - 1, 0)) + S(max(n - a - 2, 0)) for a in 0..n >" \
    "arguments through defs|def left(a) = max(a - 1, 0)
def right(n, a) = max(n - a - 2, 0)
game S(n) = < S(left(a)) + S(right(n, a)) for a in 0..n >" \
    "if … then … else|def left(a) = if a > 1 then a - 1 else 0
game S(n) = < S(left(a)) + S(left(n - a - 1)) for a in 0..n >"
last=$((WYTHOFF_N - 1))
WYTHOFF_MOVES='W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b'
game "Wythoff ${WYTHOFF_N}×${WYTHOFF_N}" "wythoff $WYTHOFF_N" "print(g(W($last, $last)))" \
    "the README's|game W(a, b) = < $WYTHOFF_MOVES, W(a - k, b - k) for k in 1..=min(a, b) >" \
    "min through a def|def least(a, b) = if a < b then a else b
game W(a, b) = < $WYTHOFF_MOVES, W(a - k, b - k) for k in 1..=least(a, b) >" \
    "the position as a list|game L(p) = < L([p[0] - k, p[1]]) for k in 1..=p[0], L([p[0], p[1] - k]) for k in 1..=p[1], L([p[0] - k, p[1] - k]) for k in 1..=min(p[0], p[1]) >
def W(a, b) = L([a, b])"
game "three-heap nim, ${NIM3}³" "nim3 $NIM3" "print(g(N($NIM3, $NIM3, $NIM3)))" \
    "three integers|game N(a, b, c) = < N(a - k, b, c) for k in 1..=a, N(a, b - k, c) for k in 1..=b, N(a, b, c - k) for k in 1..=c >" \
    "a list|game L(p) = < L([p[0] - k, p[1], p[2]]) for k in 1..=p[0], L([p[0], p[1] - k, p[2]]) for k in 1..=p[1], L([p[0], p[1], p[2] - k]) for k in 1..=p[2] >
def N(a, b, c) = L([a, b, c])"
game "Chomp ${CHOMP}×${CHOMP}" "chomp $CHOMP" "print(g(Chomp([$CHOMP for _ in 0..$CHOMP])))" \
    "examples/chomp.sg|$(sed -n '/^def cut/,/^game Chomp/p' examples/chomp.sg)" \
    "nested ifs|def cut(rows, c) = if len(rows) == 0 then [] else (if c == 0 then [] else [min(rows[0], c)] + cut(rows[1..], c))
game Chomp(rows) = < Chomp(rows[0..r] + cut(rows[r..], c)) for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >" \
    "and, if for min|def cut(rows, c) = if len(rows) > 0 and c > 0 then [if rows[0] < c then rows[0] else c] + cut(rows[1..len(rows)], c) else []
game Chomp(rows) = < Chomp(rows[..r] + cut(rows[r..], c)) for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >" \
    "a comprehension|game Chomp(rows) = < Chomp(rows[..r] + [min(x, c) for x in rows[r..] if c > 0]) for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >" \
    "recursion from the back|def cut(rows, c) = if len(rows) == 0 or c == 0 then [] else cut(rows[..-1], c) + [min(rows[-1], c)]
game Chomp(rows) = < Chomp(rows[0..r] + cut(rows[r..], c)) for r in 0..len(rows) for c in 0..rows[r] if r + c > 0 >"

# The helpers shared by the spelling tables (bench/spellings.sh,
# bench/unseen.sh): sourced, not run. Builds sprague and the plain C
# programs of bench/plain.c, and defines `seconds`, `ratio`, `game` and
# `table_header`.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-1}
LIMIT=${LIMIT:-600}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cargo build --release --quiet
gcc -O2 -o "$WORK/plain" bench/plain.c bench/plain_lists.c
SPRAGUE=${SPRAGUE:-target/release/sprague}

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

# table_header: the heading of the Markdown table the `game` rows fill.
table_header() {
    echo "| game | spelling | sprague (s) | plain C (s) | sprague / C | / fastest spelling |"
    echo "|---|---|---|---|---|---|"
}

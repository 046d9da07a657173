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

source "$(dirname "$0")/common.sh"

if [[ -n ${QUICK:-} ]]; then SUB=200000; PATH_N=4000; WYTHOFF_N=150; NIM3=30; CHOMP=7
else SUB=2000000; PATH_N=60000; WYTHOFF_N=1000; NIM3=120; CHOMP=10; fi

table_header
# One-parameter games: g(N) timed, the sum of g(0..=N) checked.
CHECK="subtract $SUB|print(sum(seq(S, 0..=$SUB)))" \
game "subtraction, k in 1..=50, k % 3 != 0, n = $SUB" "subtract $SUB --last" "print(g(S($SUB)))" \
    "inline condition|game S(n) = < S(n - k) for k in 1..=50 if k % 3 != 0 and k <= n >" \
    "let list of moves|let moves = [k for k in 1..=50 if k % 3 != 0]
game S(n) = < S(n - k) for k in moves if k <= n >" \
    "def in the condition|def allowed(k) = k % 3 != 0
game S(n) = < S(n - k) for k in 1..=50 if allowed(k) and k <= n >" \
    "the moves as a parameter|game T(moves, n) = < T(moves, n - k) for k in moves if k <= n >
def S(n) = T([k for k in 1..=50 if k % 3 != 0], n)"
CHECK="path $PATH_N|print(sum(seq(S, 0..=$PATH_N)))" \
game "Node Kayles on a path, n = $PATH_N" "path $PATH_N --last" "print(g(S($PATH_N)))" \
    "max inline|game S(n) = < S(max(a - 1, 0)) + S(max(n - a - 2, 0)) for a in 0..n >" \
    "arguments through defs|def left(a) = max(a - 1, 0)
def right(n, a) = max(n - a - 2, 0)
game S(n) = < S(left(a)) + S(right(n, a)) for a in 0..n >" \
    "if … then … else|def left(a) = if a > 1 then a - 1 else 0
game S(n) = < S(left(a)) + S(left(n - a - 1)) for a in 0..n >" \
    "a choice between games|game S(n) = < if a == 0 or a == n - 1 then S(max(n - 2, 0)) else S(a - 1) + S(n - a - 2) for a in 0..n >"
last=$((WYTHOFF_N - 1))
WYTHOFF_MOVES='W(a - k, b) for k in 1..=a, W(a, b - k) for k in 1..=b'
game "Wythoff ${WYTHOFF_N}×${WYTHOFF_N}" "wythoff $WYTHOFF_N" "print(g(W($last, $last)))" \
    "the README's|game W(a, b) = < $WYTHOFF_MOVES, W(a - k, b - k) for k in 1..=min(a, b) >" \
    "min through a def|def least(a, b) = if a < b then a else b
game W(a, b) = < $WYTHOFF_MOVES, W(a - k, b - k) for k in 1..=least(a, b) >" \
    "the position as a list|game L(p) = < L([p[0] - k, p[1]]) for k in 1..=p[0], L([p[0], p[1] - k]) for k in 1..=p[1], L([p[0] - k, p[1] - k]) for k in 1..=min(p[0], p[1]) >
def W(a, b) = L([a, b])" \
    "by the target square|game W(a, b) = < W(c, d) for c in 0..=a for d in 0..=b if (c == a) != (d == b) or (a - c == b - d and c < a) >"
game "three-heap nim, ${NIM3}³" "nim3 $NIM3" "print(g(N($NIM3, $NIM3, $NIM3)))" \
    "three integers|game N(a, b, c) = < N(a - k, b, c) for k in 1..=a, N(a, b - k, c) for k in 1..=b, N(a, b, c - k) for k in 1..=c >" \
    "a list|game L(p) = < L([p[0] - k, p[1], p[2]]) for k in 1..=p[0], L([p[0], p[1] - k, p[2]]) for k in 1..=p[1], L([p[0], p[1], p[2] - k]) for k in 1..=p[2] >
def N(a, b, c) = L([a, b, c])" \
    "a list with slices|game L(p) = < L(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >
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

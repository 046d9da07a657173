#!/usr/bin/env bash
# Games the spelling table of bench/spellings.sh had not seen, written the
# ways people write them, each timed against its plain C program of
# bench/plain.c in one run on this machine and checked against it: integer
# games (within 3 times C is the aim) and games whose position is a list
# of integers (within 5 times).
#
#   bash bench/unseen.sh            # the table (several minutes)
#   QUICK=1 bash bench/unseen.sh    # smaller sizes, for a smoke test
#
# Prints a Markdown table: CPU seconds for sprague and for C (best of $RUNS
# runs), the ratio to C and the ratio to the game's fastest spelling.
set -euo pipefail

source "$(dirname "$0")/common.sh"

if [[ -n ${QUICK:-} ]]; then LASKER=3000; TAKE=3000; GRUNDY2=8000; SQUARES=20000; BOUNDED=500; HALVE=200000
    DIVISOR=5000; QUOTIENT=3000; RESIDUE=200000; COPRIME=200000; NOREPEAT=100000; COUNTUP=100000; OTHERSUM=3000; THIRDS=200000; POWERS=200000; PARITY=100000; DIGIT=200000; POPCOUNT=200000; SPLIT3=400; TRIANGULAR=100000; ISQRT=100000; DIGITSUM=200000; EUCLID=300; RECTANGLE=150; HEAPHALF=2000; FIBNIM=200; TURNS=40; NIM5=8; MOVE=300; ODD=300; NIM=(6 6 6 6); MOORE=(6 6 6); STAIR=(0 0 0 0 3 3); LASKERS=(4 4); COINS=12
else LASKER=20000; TAKE=20000; GRUNDY2=60000; SQUARES=1000000; BOUNDED=2000; HALVE=20000000
    DIVISOR=40000; QUOTIENT=30000; RESIDUE=2000000; COPRIME=2000000; NOREPEAT=8000000; COUNTUP=1000000; OTHERSUM=20000; THIRDS=30000000; POWERS=10000000; PARITY=10000000; DIGIT=5000000; POPCOUNT=2000000; SPLIT3=2500; TRIANGULAR=700000; ISQRT=1000000; DIGITSUM=3000000; EUCLID=3000; RECTANGLE=900; HEAPHALF=40000; FIBNIM=1500; TURNS=400; NIM5=16; MOVE=1500; ODD=1500; NIM=(12 12 12 12 12); MOORE=(13 13 13 13); STAIR=(0 0 0 0 0 0 0 0 5 5); LASKERS=(7 7); COINS=18; fi

# list NUMBERS...: the numbers as a list literal of the language.
list() { local IFS=,; echo "[${*// /}]" | sed 's/,/, /g'; }

table_header
# One-parameter games: g(N) timed, the sum of g(0..=N) checked.
CHECK="lasker $LASKER|print(sum(seq(L, 0..=$LASKER)))" \
game "Lasker's nim, one heap, n = $LASKER" "lasker $LASKER --last" "print(g(L($LASKER)))" \
    "take, or split with 2a <= n|game L(n) = < L(n - k) for k in 1..=n, L(a) + L(n - a) for a in 1..n if 2 * a <= n >" \
    "to any smaller heap, split to n / 2|game L(n) = < L(k) for k in 0..n, L(a) + L(n - a) for a in 1..=n / 2 >" \
    "every split, both orders|game L(n) = < L(n - k) for k in 1..=n, L(a) + L(n - a) for a in 1..n >"
CHECK="takesplit $TAKE|print(sum(seq(T, 0..=$TAKE)))" \
game "take 2, 5 or 7, leave at most two heaps, n = $TAKE" "takesplit $TAKE --last" "print(g(T($TAKE)))" \
    "set literal|game T(n) = < T(a) + T(n - k - a) for k in {2, 5, 7} if k <= n for a in 0..=n - k >" \
    "let set of moves|let moves = {2, 5, 7}
game T(n) = < T(a) + T(n - k - a) for k in moves for a in 0..=n - k >" \
    "def, the other heap named|def allowed(k) = k == 2 or k == 5 or k == 7
game T(n) = < T(a) + T(b) for k in 1..=7 if allowed(k) for a in 0..=n for b in [n - k - a] if b >= 0 >"
CHECK="grundy2 $GRUNDY2|print(sum(seq(G, 0..=$GRUNDY2)))" \
game "split into heaps differing by 2 or more, n = $GRUNDY2" "grundy2 $GRUNDY2 --last" "print(g(G($GRUNDY2)))" \
    "condition on a|game G(n) = < G(a) + G(n - a) for a in 1..n if n - 2 * a >= 2 >" \
    "range bound|game G(n) = < G(a) + G(n - a) for a in 1..=(n - 2) / 2 >" \
    "def on both heaps|def far(a, b) = abs(a - b) >= 2
game G(n) = < G(a) + G(b) for a in 1..n for b in [n - a] if a < b and far(a, b) >"
CHECK="squares $SQUARES|print(sum(seq(S, 0..=$SQUARES)))" \
game "subtract a square, n = $SQUARES" "squares $SQUARES --last" "print(g(S($SQUARES)))" \
    "filter k * k <= n|game S(n) = < S(n - k * k) for k in 1..=n if k * k <= n >" \
    "a def for the square|def square(k) = k * k
game S(n) = < S(n - square(k)) for k in 1..=n if square(k) <= n >" \
    "a let list of squares|let squares = [k * k for k in 1..=1000]
game S(n) = < S(n - s) for s in squares if s <= n >"
# A few operations a position, no period, line or split: the VM's own cost.
CHECK="halve 100000|print(sum(seq(H, 0..=100000)))" \
game "take 1 to 3, or halve an even heap, n = $HALVE" "halve $HALVE --last" "print(g(H($HALVE)))" \
    "filters k <= n|game H(n) = < H(n - k) for k in 1..=3 if k <= n, H(n / 2) if n % 2 == 0 and n > 0 >" \
    "min in the bound|game H(n) = < H(n - k) for k in 1..=min(3, n), H(n / 2) if n % 2 == 0 and n > 0 >"
CHECK="divisor $DIVISOR|print(sum(seq(D, 0..=$DIVISOR)))" \
game "take a proper divisor, n = $DIVISOR" "divisor $DIVISOR --last" "print(g(D($DIVISOR)))" \
    "n % k == 0|game D(n) = < D(n - k) for k in 1..n if n % k == 0 >" \
    "a def for the test|def divides(k, n) = n % k == 0
game D(n) = < D(n - k) for k in 1..n if divides(k, n) >" \
    "a comprehension of divisors|game D(n) = < D(n - k) for k in [d for d in 1..n if n % d == 0] >"
# The quotients n / k are about 2√n distinct values: the loop walks them
# once each (stop 63), where C divides by every k.
CHECK="quotient $QUOTIENT|print(sum(seq(T, 0..=$QUOTIENT)))" \
game "take n / k for any k from 2 to n, n = $QUOTIENT" "quotient $QUOTIENT --last" "print(g(T($QUOTIENT)))" \
    "n / k|game T(n) = < T(n - n / k) for k in 2..=n >" \
    "a list of the quotients|game T(n) = < T(n - q) for q in [n / k for k in 2..=n] >"
# The moves chosen by n % 3 look at most 4 heaps down: g of a heap past
# 4096 is read from the period that finite lookback proves.
CHECK="residue $RESIDUE|print(sum(seq(R, 0..=$RESIDUE)))" \
game "moves chosen by n % 3, n = $RESIDUE" "residue $RESIDUE --last" "print(g(R($RESIDUE)))" \
    "a let list of lists|let M = [[1, 2], [1, 3], [2, 3, 4]]
game R(n) = < R(n - k) for k in M[n % 3] if k <= n >" \
    "a map|let M = {0: [1, 2], 1: [1, 3], 2: [2, 3, 4]}
game R(n) = < R(n - k) for k in M[n % 3] if k <= n >" \
    "if … then … else|game R(n) = < R(n - k) for k in (if n % 3 == 0 then [1, 2] else if n % 3 == 1 then [1, 3] else [2, 3, 4]) if k <= n >" \
    "filters on the residue|game R(n) = < R(n - k) for k in 1..=4 if k <= n and (k <= 2 and n % 3 == 0 or k % 2 == 1 and n % 3 == 1 or k >= 2 and n % 3 == 2) >"
CHECK="coprime $COPRIME|print(sum(seq(C, 0..=$COPRIME)))" \
game "take k in 1..=12 coprime to the heap, n = $COPRIME" "coprime $COPRIME --last" "print(g(C($COPRIME)))" \
    "a recursive gcd|def gcd(a, b) = if b == 0 then a else gcd(b, a % b)
game C(n) = < C(n - k) for k in 1..=12 if k <= n and gcd(n, k) == 1 >" \
    "gcd of k and n % k|def gcd(a, b) = if b == 0 then a else gcd(b, a % b)
game C(n) = < C(n - k) for k in 1..=min(n, 12) if gcd(k, n % k) == 1 >" \
    "a recursive condition|def coprime(a, b) = if b == 0 then a == 1 else coprime(b, a % b)
game C(n) = < C(n - k) for k in 1..=12 if k <= n and coprime(n, k) >"
# Counting up: the arguments from the query to the largest named are
# computed from the top down; the same game counted down is a line.
game "add 1, 3 or 4, not past N = $COUNTUP" "countup $COUNTUP" "print(g(U(0)))" \
    "t + k <= N|let N = $COUNTUP
game U(t) = < U(t + k) for k in [1, 3, 4] if t + k <= N >" \
    "a range and k != 2|let N = $COUNTUP
game U(t) = < U(t + k) for k in 1..=4 if k != 2 and t + k <= N >" \
    "counted down|game D(n) = < D(n - k) for k in [1, 3, 4] if k <= n >
def U(t) = D($COUNTUP - t)"
CHECK="othersum $OTHERSUM|print(sum(seq(G, 0..=$OTHERSUM)))" \
game "G(n - 1) + K(a) for a in 0..n, K subtracting 1 to 3, n = $OTHERSUM" "othersum $OTHERSUM --last" "print(g(G($OTHERSUM)))" \
    "K(a)|game K(n) = < K(n - k) for k in 1..=3 if k <= n >
game G(n) = < G(n - 1) + K(a) for a in 0..n >" \
    "K(n - 1 - a), counted down|game K(n) = < K(n - k) for k in 1..=3 if k <= n >
game G(n) = < G(n - 1) + K(n - 1 - a) for a in 0..n >"
# The last move is the second heap: a box of 4 columns, far past what
# the two-heap table's pairing holds, kept row-major.
game "take 1 to 3, not what the last move took, n = $NOREPEAT" "norepeat $NOREPEAT" "print(g(F($NOREPEAT, 0)))" \
    "k != last|game F(n, last) = < F(n - k, k) for k in 1..=3 if k <= n and k != last >" \
    "min in the bound|game F(n, last) = < F(n - k, k) for k in 1..=min(n, 3) if k != last >" \
    "a def for the rule|def allowed(k, last, n) = k <= n and k != last
game F(n, last) = < F(n - k, k) for k in 1..=3 if allowed(k, last, n) >"
game "take from a heap or move up to 3 of it onto the other, a + b <= $MOVE" "moveonto $MOVE" "print(g(T($MOVE, 0)))" \
    "onto the second|game T(a, b) = < T(a - k, b) for k in 1..=a, T(a - k, b + k) for k in 1..=min(a, 3) >" \
    "onto the first, mirrored|game U(a, b) = < U(a, b - k) for k in 1..=b, U(a + k, b - k) for k in 1..=min(b, 3) >
def T(a, b) = U(b, a)"
last=$((BOUNDED - 1))
game "take 1..=20 from one heap or both, ${BOUNDED}×${BOUNDED}" "bounded $BOUNDED" "print(g(B($last, $last)))" \
    "filters k <= a|game B(a, b) = < B(a - k, b) for k in 1..=20 if k <= a, B(a, b - k) for k in 1..=20 if k <= b, B(a - k, b - k) for k in 1..=20 if k <= min(a, b) >" \
    "min in the bound|game B(a, b) = < B(a - k, b) for k in 1..=min(a, 20), B(a, b - k) for k in 1..=min(b, 20), B(a - k, b - k) for k in 1..=min(a, b, 20) >" \
    "a def returning the range|let most = 20
def takes(x) = 1..=min(x, most)
game B(a, b) = < B(a - k, b) for k in takes(a), B(a, b - k) for k in takes(b), B(a - k, b - k) for k in takes(min(a, b)) >"
game "any number but 3 from one heap or an odd number from the other, ${ODD}×${ODD}" "oddtake $ODD" \
    "print(g(O($((ODD - 1)), $((ODD - 1)))))" \
    "k != 3, k % 2 == 1|game O(a, b) = < O(a - k, b) for k in 1..=a if k != 3, O(a, b - k) for k in 1..=b if k % 2 == 1 >" \
    "or, and 2j + 1|game O(a, b) = < O(a - k, b) for k in 1..=a if k < 3 or k > 3, O(a, b - 2 * j - 1) for j in 0..(b + 1) / 2 >" \
    "defs for the moves|def allowed(k) = k != 3
def odd(k) = k % 2 == 1
game O(a, b) = < O(a - k, b) for k in 1..=a if allowed(k), O(a, b - k) for k in 1..=b if odd(k) >"
# Three games a helper wrote, unseen when the rows above were tuned.
CHECK="thirds 100000|print(sum(seq(R, 0..=100000)))" \
game "take 1 or 2, 1 to 4, or 2 by the heap mod 3, or leave a third, n = $THIRDS" "thirds $THIRDS --last" "print(g(R($THIRDS)))" \
    "a clause a residue|game R(n) = < R(n - k) for k in 1..=2 if k <= n and n % 3 == 0, R(n - k) for k in 1..=4 if k <= n and n % 3 == 1, R(n - 2) if n % 3 == 2, R(n / 3) if n % 3 != 1 and n > 0 >" \
    "a def for the bound|def cap(n) = if n % 3 == 1 then 4 else 2
game R(n) = < R(n - k) for k in 1..=cap(n) if k <= n and (n % 3 != 2 or k == 2), R(n / 3) if n % 3 != 1 and n > 0 >"
CHECK="powers 100000|print(sum(seq(P, 0..=100000)))" \
game "take a power of 2, n = $POWERS" "powers $POWERS --last" "print(g(P($POWERS)))" \
    "a let list|let pows = [2 ** j for j in 0..62]
game P(n) = < P(n - k) for k in pows if k <= n >" \
    "2 ** j|game P(n) = < P(n - 2 ** j) for j in 0..62 if 2 ** j <= n >"
game "take 1 to 5 of the other parity than the last move, or 5, n = $PARITY" "parity $PARITY" "print(g(F($PARITY, 0)))" \
    "filters|game F(n, p) = < F(n - k, k % 2) for k in 1..=5 if k <= n and (k % 2 != p or k == 5) >" \
    "min in the bound|game F(n, p) = < F(n - k, k % 2) for k in 1..=min(5, n) if k % 2 != p or k == 5 >"
# Three of the helper's second round: a heap not affine in the loop's
# variable, a parameter read only through a min, three parameters.
CHECK="heaphalf 2000|print(sum(seq(F, 0..=2000)))" \
game "take k, leaving a heap of k / 2 beside, n = $HEAPHALF" "heaphalf $HEAPHALF --last" "print(g(F($HEAPHALF)))" \
    "the heap inline|game F(n) = < F(n - k) + *(k / 2) for k in 1..=n >" \
    "the heap left|game F(n) = < F(a) + *((n - a) / 2) for a in 0..n >" \
    "a family for the heap|game H(k) = *(k / 2)
game F(n) = < F(n - k) + H(k) for k in 1..=n >"
game "Fibonacci nim, F($FIBNIM, $((FIBNIM - 1)))" "fibnim $FIBNIM" "print(g(F($FIBNIM, $((FIBNIM - 1)))))" \
    "min in the bound|game F(n, m) = < F(n - k, 2 * k) for k in 1..=min(n, m) >" \
    "a filter k <= m|game F(n, m) = < F(n - k, 2 * k) for k in 1..=n if k <= m >" \
    "the bound capped|game F(n, m) = < F(n - k, min(2 * k, n - k)) for k in 1..=min(n, m) >"
game "Wythoff with 4 moves from both heaps, ${TURNS}×${TURNS}" "turns $TURNS 4" "print(g(W($((TURNS - 1)), $((TURNS - 1)), 4)))" \
    "min in the bound|game W(a, b, t) = < W(a - k, b, t) for k in 1..=a, W(a, b - k, t) for k in 1..=b, W(a - k, b - k, t - 1) for k in 1..=min(a, b) if t > 0 >" \
    "filters|game W(a, b, t) = < W(a - k, b, t) for k in 1..=a, W(a, b - k, t) for k in 1..=b, W(a - k, b - k, t - 1) for k in 1..=a if k <= b and t > 0 >" \
    "a def for the bound|def diag(a, b, t) = if t > 0 then min(a, b) else 0
game W(a, b, t) = < W(a - k, b, t) for k in 1..=a, W(a, b - k, t) for k in 1..=b, W(a - k, b - k, t - 1) for k in 1..=diag(a, b, t) >"
# Digits and bits computed at every position (the helper's first round):
# the spellings do more work than C's loop, each step a VM operation.
CHECK="digit 100000|print(sum(seq(F, 0..=100000)))" \
game "take a non-zero decimal digit, n = $DIGIT" "digit $DIGIT --last" "print(g(F($DIGIT)))" \
    "10 ** j|game F(n) = < F(n - d) for j in 0..10 for d in [n / 10 ** j % 10] if d > 0 >" \
    "a recursive list of digits|def digits(n) = if n == 0 then [] else [n % 10] + digits(n / 10)
game F(n) = < F(n - d) for d in digits(n) if d > 0 >" \
    "a recursive test per digit|def hasdigit(n, d) = n > 0 and (n % 10 == d or hasdigit(n / 10, d))
game F(n) = < F(n - d) for d in 1..=9 if hasdigit(n, d) >"
CHECK="popcount 100000|print(sum(seq(F, 0..=100000)))" \
game "take 1 to popcount(n), n = $POPCOUNT" "popcount $POPCOUNT --last" "print(g(F($POPCOUNT)))" \
    "a recursive def|def pc(n) = if n == 0 then 0 else n % 2 + pc(n / 2)
game F(n) = < F(n - k) for k in 1..=pc(n) >" \
    "a filter k <= pc(n)|def pc(n) = if n == 0 then 0 else n % 2 + pc(n / 2)
game F(n) = < F(n - k) for k in 1..=64 if k <= pc(n) >" \
    "a sum of bits|def pc(n) = sum([n / 2 ** j % 2 for j in 0..40])
game F(n) = < F(n - k) for k in 1..=pc(n) >"
# Three of the helper's third round (stop 64): a split into three heaps,
# a filter on the heap's remainder, a filter holding on a range's end.
CHECK="split3 300|print(sum(seq(T, 0..=300)))" \
game "octal 0.98, three heaps, n = $SPLIT3" "split3 $SPLIT3 --last" "print(g(T($SPLIT3)))" \
    "bounds in the loops|game T(n) = < <> if n == 1, T(a) + T(b) + T(n - t - a - b) for t in 1..=2 for a in 1..=(n - t) / 3 for b in a..=(n - t - a) / 2 >" \
    "the octal code|let T = octal(\"0.98\")"
CHECK="triangular 100000|print(sum(seq(T, 0..=100000)))" \
game "take a triangular number of another residue mod 3, n = $TRIANGULAR" "triangular $TRIANGULAR --last" "print(g(T($TRIANGULAR)))" \
    "a let list|let tri = [j * (j + 1) / 2 for j in 1..=3000]
game T(n) = < T(n - t) for t in tri if t <= n and t % 3 != n % 3 >" \
    "inline|game T(n) = < T(n - j * (j + 1) / 2) for j in 1..=n if j * (j + 1) / 2 <= n and j * (j + 1) / 2 % 3 != n % 3 >" \
    "defs|def tri(j) = j * (j + 1) / 2
def other(t, n) = t % 3 != n % 3
game T(n) = < T(n - tri(j)) for j in 1..=n if tri(j) <= n and other(tri(j), n) >"
CHECK="isqrt 100000|print(sum(seq(T, 0..=100000)))" \
game "take 1 to the square root, n = $ISQRT" "isqrt $ISQRT --last" "print(g(T($ISQRT)))" \
    "k * k <= n|game T(n) = < T(n - k) for k in 1..=n if k * k <= n >" \
    "the heap left|game T(n) = < T(m) for m in 0..n if (n - m) * (n - m) <= n >"
# Games stop 64 left: a digit sum in the options, Euclid's game.
CHECK="digitsum 100000|print(sum(seq(T, 0..=100000)))" \
game "take 1 to the digit sum, n = $DIGITSUM" "digitsum $DIGITSUM --last" "print(g(T($DIGITSUM)))" \
    "a recursive def|def ds(n) = if n == 0 then 0 else n % 10 + ds(n / 10)
game T(n) = < T(n - k) for k in 1..=ds(n) if k <= n >" \
    "a sum over the quotients|game T(n) = < T(n - k) for k in 1..=sum([n / 10 ** j % 10 for j in 0..10]) if k <= n >"
game "Euclid's game, g(E(a, $EUCLID)) for a in 0..=$EUCLID" "euclid $EUCLID" "print(sum([g(E(a, $EUCLID)) for a in 0..=$EUCLID]))" \
    "k up to a / b|game E(a, b) = < E(a - k * b, b) if b > 0 and a >= b for k in 1..=a / b, E(a, b - k * a) if a > 0 and b > a for k in 1..=b / a >" \
    "the product in the filter|game E(a, b) = < E(a - k * b, b) for k in 1..=a if k * b <= a and b > 0 and a >= b, E(a, b - k * a) for k in 1..=b if k * a <= b and a > 0 and b > a >"
# A sum of two positions of two heaps (stop 66): each part a run of the
# box, a column's two parts read together.
game "cut a rectangle in two, the sum of g(R(a, $RECTANGLE)) for a from $RECTANGLE down" "rectangle $RECTANGLE" \
    "print(sum([g(R($RECTANGLE - a, $RECTANGLE)) for a in 0..=$RECTANGLE]))" \
    "across either side|game R(a, b) = < R(i, b) + R(a - i, b) for i in 1..a, R(a, j) + R(a, b - j) for j in 1..b >" \
    "the second cut transposed|game R(a, b) = < R(i, b) + R(a - i, b) for i in 1..a, R(j, a) + R(b - j, a) for j in 1..b >"
# Five parameters (stop 51): the box below the query, as for three.
game "five-heap nim, ${NIM5}⁵" "nim5 $NIM5" "print(g(N($NIM5, $NIM5, $NIM5, $NIM5, $NIM5)))" \
    "five integers|game N(a, b, c, d, e) = < N(a - k, b, c, d, e) for k in 1..=a, N(a, b - k, c, d, e) for k in 1..=b, N(a, b, c - k, d, e) for k in 1..=c, N(a, b, c, d - k, e) for k in 1..=d, N(a, b, c, d, e - k) for k in 1..=e >" \
    "a list of five|game L(p) = < L([p[0] - k, p[1], p[2], p[3], p[4]]) for k in 1..=p[0], L([p[0], p[1] - k, p[2], p[3], p[4]]) for k in 1..=p[1], L([p[0], p[1], p[2] - k, p[3], p[4]]) for k in 1..=p[2], L([p[0], p[1], p[2], p[3] - k, p[4]]) for k in 1..=p[3], L([p[0], p[1], p[2], p[3], p[4] - k]) for k in 1..=p[4] >
def N(a, b, c, d, e) = L([a, b, c, d, e])"
# Games whose position is a list of integers: the value of one board.
game "nim on a list, $(list "${NIM[@]}")" "nimlist ${NIM[*]}" "print(g(N($(list "${NIM[@]}"))))" \
    "slices|game N(p) = < N(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i] >" \
    "a comprehension|game N(p) = < N([if j == i then p[j] - k else p[j] for j in 0..len(p)]) for i in 0..len(p) for k in 1..=p[i] >" \
    "a def putting a heap|def put(p, i, x) = p[..i] + [x] + p[i + 1..]
game N(p) = < N(put(p, i, x)) for i in 0..len(p) for x in 0..p[i] >"
game "Moore's Nim_2, $(list "${MOORE[@]}")" "moore ${MOORE[*]}" "print(g(M($(list "${MOORE[@]}"))))" \
    "slices|game M(p) = < M(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i],
    M(p[..i] + [p[i] - k] + p[i + 1..j] + [p[j] - l] + p[j + 1..]) for i in 0..len(p) for j in i + 1..len(p) for k in 1..=p[i] for l in 1..=p[j] >" \
    "a def putting a heap, twice|def put(p, i, x) = p[..i] + [x] + p[i + 1..]
game M(p) = < M(put(p, i, x)) for i in 0..len(p) for x in 0..p[i],
    M(put(put(p, i, x), j, y)) for i in 0..len(p) for j in i + 1..len(p) for x in 0..p[i] for y in 0..p[j] >" \
    "one comprehension|game M(p) = < M([if t == i then x else if t == j then y else p[t] for t in 0..len(p)])
    for i in 0..len(p) for j in i..len(p) for x in 0..=p[i] for y in 0..=p[j] if (x < p[i] or y < p[j]) and (i < j or x == y) >"
game "staircase nim, $(list "${STAIR[@]}")" "staircase ${STAIR[*]}" "print(g(St($(list "${STAIR[@]}"))))" \
    "slices|game St(p) = < St([p[0] - k] + p[1..]) for k in 1..=p[0],
    St(p[..i - 1] + [p[i - 1] + k, p[i] - k] + p[i + 1..]) for i in 1..len(p) for k in 1..=p[i] >" \
    "a comprehension|game St(p) = < St([if j == i - 1 then p[j] + k else if j == i then p[j] - k else p[j] for j in 0..len(p)]) for i in 0..len(p) for k in 1..=p[i] >"
# Coins (stop 66): a list of 0s and 1s longer than a nibble's packing.
game "turn a head and maybe one of the three coins left of it, $COINS heads" "coins $COINS" "print(g(C($(list $(printf '1 %.0s' $(seq "$COINS"))))))" \
    "slices|game C(p) = < C(p[..i] + [0] + p[i + 1..]) for i in 0..len(p) if p[i] == 1,
    C(p[..j] + [1 - p[j]] + p[j + 1..i] + [0] + p[i + 1..]) for i in 0..len(p) if p[i] == 1 for j in max(0, i - 3)..i >" \
    "a comprehension|game C(p) = < C([if t == i then 0 else p[t] for t in 0..len(p)]) for i in 0..len(p) if p[i] == 1,
    C([if t == i then 0 else if t == j then 1 - p[t] else p[t] for t in 0..len(p)]) for i in 0..len(p) if p[i] == 1 for j in max(0, i - 3)..i >" \
    "a def flipping|def flip(p, i) = p[..i] + [1 - p[i]] + p[i + 1..]
game C(p) = < C(flip(p, i)) for i in 0..len(p) if p[i] == 1,
    C(flip(flip(p, i), j)) for i in 0..len(p) if p[i] == 1 for j in max(0, i - 3)..i >"
game "Lasker's nim on a list, $(list "${LASKERS[@]}")" "laskerlist ${LASKERS[*]}" "print(g(LL($(list "${LASKERS[@]}"))))" \
    "slices|game LL(p) = < LL(p[..i] + [p[i] - k] + p[i + 1..]) for i in 0..len(p) for k in 1..=p[i],
    LL(p[..i] + [a, p[i] - a] + p[i + 1..]) for i in 0..len(p) for a in 1..p[i] >" \
    "a def putting heaps|def put(p, i, heaps) = p[..i] + heaps + p[i + 1..]
game LL(p) = < LL(put(p, i, [x])) for i in 0..len(p) for x in 0..p[i],
    LL(put(p, i, [a, p[i] - a])) for i in 0..len(p) for a in 1..p[i] >"

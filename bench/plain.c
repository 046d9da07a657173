/* The plain reference programs of the benchmark: the straightforward
 * bottom-up computation of a game's Grundy values, g(0..=N) into a memo
 * array, each value the mex over every option. No symmetry, no sparse space:
 * the program a researcher writes first.
 *
 *   plain GAME N [--print]
 *
 * GAME is kayles, dawson, grundy, subtract (take k in 1..=50, k % 3 != 0)
 * or path (Node Kayles on a path): prints the sum of g(0..=N) (a checksum),
 * with --print every value, one per line, with --last g(N) alone. GAME wythoff computes the
 * N x N grid of Wythoff's game and prints g(N-1, N-1); nim3 the N^3 box of
 * three-heap nim and g(N, N, N), nim5 likewise for five heaps; chomp the N x N bar of Chomp and its
 * value.
 *
 * The games of bench/unseen.sh: lasker (Lasker's nim on one heap), takesplit
 * (take 2, 5 or 7 and leave the rest in at most two heaps), grundy2
 * (split into two heaps differing by at least 2) and squares (subtract a
 * square) print like the first five; bounded N computes the N x N grid of
 * "take 1..=20 from one heap or the same from both" and prints g(N-1, N-1),
 * oddtake N likewise for "take any number but 3 from one heap, or an odd
 * number from the other". The list games take a board as their
 * other arguments, one heap a number (at most 15 heaps of at most 15), and
 * print its value: nimlist (nim), moore (Moore's Nim_2: take from one or two
 * heaps), staircase (coins on steps 1, 2, ...: move some from a step to the
 * one below, off the stair from step 1) and laskerlist (Lasker's nim: take
 * from a heap, or split one into two non-empty heaps); coins N (stop 66)
 * prints the value of a row of N heads, where a move turns a head and
 * maybe one of the three coins left of it. Three more print
 * like the first five: divisor (take a proper divisor of the heap),
 * residue (take 1 or 2, 1 or 3, or 2, 3 or 4 as the heap is 0, 1 or 2
 * mod 3), coprime (take k in 1..=12 coprime to the heap); moveonto N computes "take from the first heap, or move up to 3
 * of its tokens onto the second" on the triangle a + b <= N and prints
 * g(N, 0); countup N "add 1, 3 or 4 to a count that may not pass N" from
 * N down, printing g(0); othersum N "G(n - 1) + K(a) for a in 0..n", K
 * subtracting 1 to 3, printing like the first five. Three games a helper
 * wrote: thirds (take 1 or 2, 1 to 4, or 2 as the heap is 0, 1 or 2 mod
 * 3, or leave a third of a heap not 1 mod 3) and powers (take a power of
 * 2) print like the first five; parity N "take 1 to 5 of the other parity
 * than the last move took, or 5" prints g(N, 0). Three of its second
 * round: heaphalf (take k, leaving the rest and a nim heap of k / 2)
 * prints like the first five; fibnim N (Fibonacci nim: take k up to the
 * bound m, the next bound 2k; m past the heap plays as the heap) prints
 * g(N, N - 1); turns N T (Wythoff's game with at most T moves from both
 * heaps) the box N x N x (T + 1), printing g(N - 1, N - 1, T). Two of
 * its first round, digits and bits computed at every position: digit
 * (take a non-zero decimal digit of the heap) and popcount (take 1 to the
 * heap's number of 1 bits) print like the first five. Three of its third
 * round (stop 64) print like the first five: split3 (octal 0.98: take 1
 * or 2 leaving three non-empty heaps, or take the last one), triangular
 * (take a triangular number of another residue mod 3 than the heap's)
 * and isqrt (take 1 to the integer square root of the heap). Two of the
 * games stop 64 left: digitsum (take 1 to the sum of the heap's decimal
 * digits) prints like the first five; euclid N (Euclid's game: take a
 * multiple of the smaller heap from the larger, the two heaps' values
 * filled row by row on the N x N box) prints the sum of g(a, N) for a in
 * 0..=N. Stop 66: rectangle N (cut an a x b rectangle in two across
 * either side, the position the sum of the two) prints the same sum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned *g;
/* The marks of the position being computed are those equal to `stamp`:
 * a mark of a value above the option count, which the mex never reads,
 * is not left behind for the next position. */
static unsigned *seen;
static unsigned stamp = 1;

static unsigned mex(unsigned count) {
    unsigned m = 0;
    while (m <= count && seen[m] == stamp) m++;
    stamp++;
    return m;
}

/* Kayles (0.77): remove one or two adjacent pins, leaving a and n-t-a. */
static void kayles(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long t = 1; t <= 2; t++)
            for (long a = 0; a <= n - t; a++) {
                seen[g[a] ^ g[n - t - a]] = stamp;
                count++;
            }
        g[n] = mex(count);
    }
}

/* Dawson's Kayles (0.07): remove two adjacent pins, leaving a and n-2-a. */
static void dawson(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long a = 0; a <= n - 2; a++) {
            seen[g[a] ^ g[n - 2 - a]] = stamp;
            count++;
        }
        g[n] = mex(count);
    }
}

/* Grundy's game: split a heap into two unequal non-empty heaps. */
static void grundy(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long a = 1; 2 * a < n; a++) {
            seen[g[a] ^ g[n - a]] = stamp;
            count++;
        }
        g[n] = mex(count);
    }
}

/* A subtraction game: take k in 1..=50 with k % 3 != 0. */
static void subtract(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= 50 && k <= n; k++)
            if (k % 3 != 0) {
                seen[g[n - k]] = stamp;
                count++;
            }
        g[n] = mex(count);
    }
}

/* Node Kayles on a path of n nodes: a node and its neighbours go. */
static void path(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long a = 0; a < n; a++) {
            long left = a - 1 > 0 ? a - 1 : 0, right = n - a - 2 > 0 ? n - a - 2 : 0;
            seen[g[left] ^ g[right]] = stamp;
            count++;
        }
        g[n] = mex(count);
    }
}

/* Lasker's nim on one heap: take any number, or split into two non-empty heaps. */
static void lasker(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= n; k++, count++) seen[g[n - k]] = stamp;
        for (long a = 1; 2 * a <= n; a++, count++) seen[g[a] ^ g[n - a]] = stamp;
        g[n] = mex(count);
    }
}

/* Take 2, 5 or 7 tokens and leave the rest as one heap, two heaps or none. */
static void takesplit(long n_max) {
    static const long moves[] = {2, 5, 7};
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (int m = 0; m < 3; m++)
            for (long a = 0; a <= n - moves[m]; a++, count++)
                seen[g[a] ^ g[n - moves[m] - a]] = stamp;
        g[n] = mex(count);
    }
}

/* A variant of Grundy's game: split a heap into two heaps differing by at least 2. */
static void grundy2(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long a = 1; n - 2 * a >= 2; a++, count++) seen[g[a] ^ g[n - a]] = stamp;
        g[n] = mex(count);
    }
}

/* Take 1 to 3 tokens, or halve an even heap. */
static void halve(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= 3 && k <= n; k++, count++) seen[g[n - k]] = stamp;
        if (n % 2 == 0 && n > 0) seen[g[n / 2]] = stamp, count++;
        g[n] = mex(count);
    }
}

/* Subtract a square: take k * k tokens, k >= 1. */
static void squares(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k * k <= n; k++, count++) seen[g[n - k * k]] = stamp;
        g[n] = mex(count);
    }
}

/* Take n / k tokens, for any k from 2 to the heap. */
static void quotient(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 2; k <= n; k++, count++) seen[g[n - n / k]] = stamp;
        g[n] = mex(count);
    }
}

/* Take a proper divisor of the heap. An option's value may pass the
 * number of options (a prime has one): the marks cleared go as far. */
static void divisor(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k < n; k++)
            if (n % k == 0) {
                seen[g[n - k]] = stamp;
                count++;
                if (g[n - k] > count) count = g[n - k];
            }
        g[n] = mex(count);
    }
}

/* The moves chosen by the heap's residue mod 3. */
static void residue(long n_max) {
    static const long moves[3][4] = {{1, 2}, {1, 3}, {2, 3, 4}};
    static const int counts[3] = {2, 2, 3};
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (int i = 0; i < counts[n % 3]; i++)
            if (moves[n % 3][i] <= n) {
                unsigned value = g[n - moves[n % 3][i]];
                seen[value] = stamp;
                count++;
                if (value > count) count = value;
            }
        g[n] = mex(count);
    }
}

static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }

/* Take k in 1..=12 tokens, k coprime to the heap. */
static void coprime(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= n && k <= 12; k++)
            if (gcd(n, k) == 1) {
                unsigned value = g[n - k];
                seen[value] = stamp;
                count++;
                if (value > count) count = value;
            }
        g[n] = mex(count);
    }
}

/* Two heaps: take from the first, or move up to 3 of its tokens onto the
 * second; the triangle a + b <= N, and g(N, 0). */
static unsigned moveonto(long total) {
    long s = total + 1;
    unsigned *w = calloc((size_t)s * s, sizeof *w);
    if (!w) exit(1);
    for (long a = 0; a < s; a++)
        for (long b = 0; a + b < s; b++) {
            unsigned count = 0;
            unsigned top = 0;
            for (long k = 1; k <= a; k++, count++) {
                unsigned value = w[(a - k) * s + b];
                seen[value] = stamp;
                if (value > top) top = value;
            }
            for (long k = 1; k <= a && k <= 3; k++, count++) {
                unsigned value = w[(a - k) * s + b + k];
                seen[value] = stamp;
                if (value > top) top = value;
            }
            w[a * s + b] = mex(count > top ? count : top);
        }
    return w[total * s];
}

/* Two heaps: take any number but 3 from the first, an odd number from the
 * second; the N x N grid, and g(N-1, N-1). */
static unsigned oddtake(long size) {
    unsigned *w = calloc((size_t)size * size, sizeof *w);
    if (!w) exit(1);
    for (long a = 0; a < size; a++)
        for (long b = 0; b < size; b++) {
            unsigned count = 0;
            for (long k = 1; k <= a; k++)
                if (k != 3) seen[w[(a - k) * size + b]] = stamp, count++;
            for (long k = 1; k <= b; k += 2, count++) seen[w[a * size + b - k]] = stamp;
            w[a * size + b] = mex(count);
        }
    return w[(size - 1) * size + size - 1];
}

/* Three-heap nim, from the definition (not the nim-sum). */
static unsigned nim3(long size) {
    long s = size + 1;
    unsigned *w = calloc((size_t)s * s * s, sizeof *w);
    if (!w) exit(1);
    for (long a = 0; a < s; a++)
        for (long b = 0; b < s; b++)
            for (long c = 0; c < s; c++) {
                unsigned count = 0;
                for (long k = 1; k <= a; k++, count++) seen[w[((a - k) * s + b) * s + c]] = stamp;
                for (long k = 1; k <= b; k++, count++) seen[w[(a * s + b - k) * s + c]] = stamp;
                for (long k = 1; k <= c; k++, count++) seen[w[(a * s + b) * s + c - k]] = stamp;
                w[(a * s + b) * s + c] = mex(count);
            }
    return w[(size * s + size) * s + size];
}

/* Five-heap nim on the box [0, size]^5, row-major: g(size, ..., size). */
static unsigned nim5(long size) {
    long s = size + 1, stride[5] = {s * s * s * s, s * s * s, s * s, s, 1};
    unsigned *w = calloc((size_t)(s * s * s * s * s), sizeof *w);
    if (!w) exit(1);
    long h[5];
    for (long at = 0; at < s * s * s * s * s; at++) {
        long rest = at;
        for (int i = 0; i < 5; i++) h[i] = rest / stride[i], rest %= stride[i];
        unsigned count = 0;
        for (int i = 0; i < 5; i++)
            for (long k = 1; k <= h[i]; k++, count++) seen[w[at - k * stride[i]]] = stamp;
        w[at] = mex(count);
    }
    return w[s * s * s * s * s - 1];
}

/* Chomp: a board is its row lengths, bottom row first, non-increasing,
 * packed 4 bits a row; values are memoised in an open-addressing table. */
#define CHOMP_SLOTS (1u << 22)
static unsigned long long *chomp_keys;
static unsigned *chomp_values;

static unsigned chomp_value(unsigned long long board, int rows) {
    unsigned long long slot = (board * 0x9e3779b97f4a7c15ull) >> 42;
    while (chomp_keys[slot] && chomp_keys[slot] != board + 1) slot = (slot + 1) & (CHOMP_SLOTS - 1);
    if (chomp_keys[slot]) return chomp_values[slot];
    unsigned char mark[256] = {0};
    unsigned count = 0;
    for (int r = 0; r < rows; r++) {
        int length = (board >> (4 * r)) & 15;
        for (int c = 0; c < length; c++) {
            if (r + c == 0) continue;
            /* Bite at (r, c): rows r and above keep at most c squares. */
            unsigned long long next = board;
            for (int i = r; i < rows; i++)
                if ((int)((next >> (4 * i)) & 15) > c)
                    next = (next & ~(15ull << (4 * i))) | ((unsigned long long)c << (4 * i));
            mark[chomp_value(next, c == 0 ? r : rows)] = 1;
            count++;
        }
    }
    unsigned m = 0;
    while (mark[m]) m++;
    chomp_keys[slot] = board + 1;
    chomp_values[slot] = m;
    return m;
}

static unsigned chomp(long size) {
    chomp_keys = calloc(CHOMP_SLOTS, sizeof *chomp_keys);
    chomp_values = calloc(CHOMP_SLOTS, sizeof *chomp_values);
    if (!chomp_keys || !chomp_values || size > 15) exit(1);
    unsigned long long board = 0;
    for (long r = 0; r < size; r++) board |= (unsigned long long)size << (4 * r);
    return chomp_value(board, (int)size);
}

/* Wythoff's game: take from one pile, or the same number from both. */
static unsigned wythoff(long size) {
    unsigned *w = calloc((size_t)size * size, sizeof *w);
    if (!w) exit(1);
    for (long a = 0; a < size; a++)
        for (long b = 0; b < size; b++) {
            unsigned count = 0;
            for (long k = 1; k <= a; k++, count++) seen[w[(a - k) * size + b]] = stamp;
            for (long k = 1; k <= b; k++, count++) seen[w[a * size + b - k]] = stamp;
            for (long k = 1; k <= a && k <= b; k++, count++)
                seen[w[(a - k) * size + b - k]] = stamp;
            w[a * size + b] = mex(count);
        }
    return w[(size - 1) * size + size - 1];
}

/* Take 1 to 20 from one heap, or the same number (1 to 20) from both. */
static unsigned bounded(long size) {
    unsigned *w = calloc((size_t)size * size, sizeof *w);
    if (!w) exit(1);
    for (long a = 0; a < size; a++)
        for (long b = 0; b < size; b++) {
            unsigned count = 0;
            for (long k = 1; k <= 20 && k <= a; k++, count++) seen[w[(a - k) * size + b]] = stamp;
            for (long k = 1; k <= 20 && k <= b; k++, count++) seen[w[a * size + b - k]] = stamp;
            for (long k = 1; k <= 20 && k <= a && k <= b; k++, count++)
                seen[w[(a - k) * size + b - k]] = stamp;
            w[a * size + b] = mex(count);
        }
    return w[(size - 1) * size + size - 1];
}

/* Take 1 to 3, not what the last move took: F(n, last), last in 0..4. */
static unsigned norepeat(long n_max) {
    unsigned (*f)[4] = calloc((size_t)n_max + 1, sizeof *f);
    if (!f) exit(1);
    for (long n = 0; n <= n_max; n++)
        for (int last = 0; last < 4; last++) {
            unsigned count = 0;
            for (long k = 1; k <= 3 && k <= n; k++)
                if (k != last) seen[f[n - k][k]] = stamp, count++;
            f[n][last] = mex(count);
        }
    return f[n_max][0];
}

/* Take 1 to 5 of the other parity than the last move took, or 5 always:
 * F(n, p), p the parity of the last move. */
static unsigned parity(long n_max) {
    unsigned (*f)[2] = calloc((size_t)n_max + 1, sizeof *f);
    if (!f) exit(1);
    for (long n = 0; n <= n_max; n++)
        for (int p = 0; p < 2; p++) {
            unsigned count = 0;
            for (long k = 1; k <= 5 && k <= n; k++)
                if (k % 2 != p || k == 5) seen[f[n - k][k % 2]] = stamp, count++;
            f[n][p] = mex(count);
        }
    return f[n_max][0];
}

/* Take 1 or 2 from a heap that is 0 mod 3, 1 to 4 from one that is 1, 2
 * from one that is 2; or leave a third of a heap that is not 1 mod 3. */
static void thirds(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        long most = n % 3 == 1 ? 4 : 2;
        for (long k = n % 3 == 2 ? 2 : 1; k <= most && k <= n; k++, count++) seen[g[n - k]] = stamp;
        if (n % 3 != 1 && n > 0) seen[g[n / 3]] = stamp, count++;
        g[n] = mex(count);
    }
}

/* Take a power of 2. */
static void powers(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= n; k *= 2, count++) seen[g[n - k]] = stamp;
        g[n] = mex(count);
    }
}

/* Take k, leaving the rest and a nim heap of k / 2. */
static void heaphalf(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k <= n; k++, count++) seen[g[n - k] ^ (unsigned)(k / 2)] = stamp;
        g[n] = mex(count);
    }
}

/* Take a non-zero decimal digit of the heap. */
static void digit(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long m = n; m > 0; m /= 10)
            if (m % 10 > 0) seen[g[n - m % 10]] = stamp, count++;
        g[n] = mex(count);
    }
}

/* Octal 0.98: take 1 leaving nothing or three non-empty heaps, or take 2
 * leaving three non-empty heaps, the heaps a <= b <= c. */
static void split3(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        if (n == 1) seen[0] = stamp, count++;
        for (long t = 1; t <= 2; t++)
            for (long a = 1; 3 * a <= n - t; a++)
                for (long b = a; a + 2 * b <= n - t; b++, count++)
                    seen[g[a] ^ g[b] ^ g[n - t - a - b]] = stamp;
        g[n] = mex(count);
    }
}

/* Take a triangular number of another residue mod 3 than the heap's. */
static void triangular(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (unsigned long j = 1, t = 1; t <= (unsigned long)n; j++, t += j)
            if (t % 3 != (unsigned long)n % 3) seen[g[n - t]] = stamp, count++;
        g[n] = mex(count);
    }
}

/* Take 1 to the integer square root of the heap. */
static void isqrt(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long k = 1; k * k <= n; k++, count++) seen[g[n - k]] = stamp;
        g[n] = mex(count);
    }
}

/* Take 1 to the sum of the heap's decimal digits. */
static void digitsum(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        long sum = 0;
        for (long m = n; m > 0; m /= 10) sum += m % 10;
        for (long k = 1; k <= sum && k <= n; k++, count++) seen[g[n - k]] = stamp;
        g[n] = mex(count);
    }
}

/* A square table of the positions (a, b) with a, b <= size, row by row. */
static unsigned *square_table(long size) {
    unsigned *t = malloc(sizeof *t * (size + 1) * (size + 1));
    if (!t) exit(1);
    return t;
}

/* The sum of g(a, size) for a in 0..=size, read from a square table,
 * which is then freed. */
static unsigned long long last_column_sum(unsigned *t, long size) {
    unsigned long long sum = 0;
    for (long a = 0; a <= size; a++) sum += t[a * (size + 1) + size];
    free(t);
    return sum;
}

/* Euclid's game E(a, b): take k times the smaller heap from the larger
 * (either, where they are equal: from a), for k from 1 while one is left. */
static unsigned long long euclid(long size) {
    long w = size + 1;
    unsigned *e = square_table(size);
    for (long a = 0; a <= size; a++)
        for (long b = 0; b <= size; b++) {
            unsigned count = 0;
            if (b > 0 && a >= b)
                for (long k = 1; k * b <= a; k++, count++) seen[e[(a - k * b) * w + b]] = stamp;
            if (a > 0 && b > a)
                for (long k = 1; k * a <= b; k++, count++) seen[e[a * w + b - k * a]] = stamp;
            e[a * w + b] = mex(count);
        }
    return last_column_sum(e, size);
}

/* Cutting a rectangle R(a, b) in two: R(i, b) + R(a - i, b) for i in
 * 1..a, R(a, j) + R(a, b - j) for j in 1..b, filled row by row. */
static unsigned long long rectangle(long size) {
    long w = size + 1;
    unsigned *r = square_table(size);
    for (long a = 0; a <= size; a++)
        for (long b = 0; b <= size; b++) {
            unsigned count = 0;
            for (long i = 1; i < a; i++, count++) seen[r[i * w + b] ^ r[(a - i) * w + b]] = stamp;
            for (long j = 1; j < b; j++, count++) seen[r[a * w + j] ^ r[a * w + b - j]] = stamp;
            r[a * w + b] = mex(count);
        }
    return last_column_sum(r, size);
}

/* Take 1 to popcount(n) tokens, the bits counted one by one. */
static void popcount(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        long bits = 0;
        for (long m = n; m > 0; m /= 2) bits += m % 2;
        for (long k = 1; k <= bits; k++, count++) seen[g[n - k]] = stamp;
        g[n] = mex(count);
    }
}

/* Fibonacci nim F(n, m): take k in 1..=min(n, m), the next bound 2k; the
 * table holds m <= n, a bound past the heap playing as the heap. */
static unsigned fibnim(long n_max) {
    unsigned **f = malloc((n_max + 1) * sizeof *f);
    if (!f) exit(1);
    for (long n = 0; n <= n_max; n++) {
        f[n] = malloc((n + 1) * sizeof **f);
        if (!f[n]) exit(1);
        for (long m = 0; m <= n; m++) {
            unsigned count = 0;
            for (long k = 1; k <= m; k++, count++) {
                long rest = n - k, bound = 2 * k < rest ? 2 * k : rest;
                seen[f[rest][bound]] = stamp;
            }
            f[n][m] = mex(count);
        }
    }
    return f[n_max][n_max - 1];
}

/* Wythoff's game with at most `turns` moves from both heaps: W(a, b, t). */
static unsigned turns(long size, long most) {
    unsigned *w = calloc((size_t)size * size * (most + 1), sizeof *w);
    if (!w) exit(1);
#define W(a, b, t) w[((t) * size + (a)) * size + (b)]
    for (long t = 0; t <= most; t++)
        for (long a = 0; a < size; a++)
            for (long b = 0; b < size; b++) {
                unsigned count = 0;
                for (long k = 1; k <= a; k++, count++) seen[W(a - k, b, t)] = stamp;
                for (long k = 1; k <= b; k++, count++) seen[W(a, b - k, t)] = stamp;
                for (long k = 1; t > 0 && k <= a && k <= b; k++, count++)
                    seen[W(a - k, b - k, t - 1)] = stamp;
                W(a, b, t) = mex(count);
            }
    return W(size - 1, size - 1, most);
#undef W
}

/* Add 1, 3 or 4 to a count t that may not pass N: computed from N down. */
static unsigned countup(long top) {
    for (long t = top; t >= 0; t--) {
        unsigned count = 0;
        for (int i = 0; i < 3; i++) {
            long k = (long[]){1, 3, 4}[i];
            if (t + k <= top) seen[g[t + k]] = stamp, count++;
        }
        g[t] = mex(count);
    }
    return g[0];
}

/* G(n - 1) + K(a) for a in 0..n, K(n) subtracting 1 to 3 (n % 4). */
static void othersum(long n_max) {
    unsigned *k = calloc((size_t)n_max + 1, sizeof *k);
    if (!k) exit(1);
    for (long n = 0; n <= n_max; n++) k[n] = n % 4;
    for (long n = 0; n <= n_max; n++) {
        for (long a = 0; a < n; a++) seen[g[n - 1] ^ k[a]] = stamp;
        g[n] = mex(n);
    }
    free(k);
}


/* The list games (bench/plain_lists.c): whether argv names one, its
 * value printed. */
int list_game(int argc, char **argv);

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: plain kayles|dawson|grundy|subtract|path|lasker|takesplit|grundy2|squares|divisor|quotient|residue|coprime|othersum|thirds|powers|heaphalf|digit|popcount|digitsum|countup|wythoff|bounded|oddtake|moveonto|nim3|nim5|euclid|rectangle|chomp|norepeat|parity|fibnim N [--print]\n       plain turns N T\n       plain nimlist|moore|staircase|laskerlist HEAP...\n       plain coins N\n");
        return 2;
    }
    if (list_game(argc, argv)) return 0;
    long n = atol(argv[2]);
    g = calloc(n + 1, sizeof *g);
    /* Option values are below the next power of two above the count. */
    seen = calloc(4 * (n + 2), sizeof *seen);
    if (!g || !seen) return 1;
    if (!strcmp(argv[1], "wythoff")) {
        printf("%u\n", wythoff(n));
        return 0;
    }
    if (!strcmp(argv[1], "bounded")) {
        printf("%u\n", bounded(n));
        return 0;
    }
    if (!strcmp(argv[1], "oddtake")) {
        printf("%u\n", oddtake(n));
        return 0;
    }
    if (!strcmp(argv[1], "moveonto")) {
        printf("%u\n", moveonto(n));
        return 0;
    }
    if (!strcmp(argv[1], "nim3")) {
        printf("%u\n", nim3(n));
        return 0;
    }
    if (!strcmp(argv[1], "nim5")) {
        printf("%u\n", nim5(n));
        return 0;
    }
    if (!strcmp(argv[1], "norepeat")) {
        printf("%u\n", norepeat(n));
        return 0;
    }
    if (!strcmp(argv[1], "parity")) {
        printf("%u\n", parity(n));
        return 0;
    }
    if (!strcmp(argv[1], "countup")) {
        printf("%u\n", countup(n));
        return 0;
    }
    if (!strcmp(argv[1], "fibnim")) {
        printf("%u\n", fibnim(n));
        return 0;
    }
    if (!strcmp(argv[1], "turns") && argc > 3) {
        printf("%u\n", turns(n, atol(argv[3])));
        return 0;
    }
    if (!strcmp(argv[1], "euclid")) {
        printf("%llu\n", euclid(n));
        return 0;
    }
    if (!strcmp(argv[1], "rectangle")) {
        printf("%llu\n", rectangle(n));
        return 0;
    }
    if (!strcmp(argv[1], "chomp")) {
        printf("%u\n", chomp(n));
        return 0;
    }
    if (!strcmp(argv[1], "kayles")) kayles(n);
    else if (!strcmp(argv[1], "dawson")) dawson(n);
    else if (!strcmp(argv[1], "grundy")) grundy(n);
    else if (!strcmp(argv[1], "subtract")) subtract(n);
    else if (!strcmp(argv[1], "path")) path(n);
    else if (!strcmp(argv[1], "lasker")) lasker(n);
    else if (!strcmp(argv[1], "takesplit")) takesplit(n);
    else if (!strcmp(argv[1], "grundy2")) grundy2(n);
    else if (!strcmp(argv[1], "squares")) squares(n);
    else if (!strcmp(argv[1], "halve")) halve(n);
    else if (!strcmp(argv[1], "divisor")) divisor(n);
    else if (!strcmp(argv[1], "quotient")) quotient(n);
    else if (!strcmp(argv[1], "residue")) residue(n);
    else if (!strcmp(argv[1], "coprime")) coprime(n);
    else if (!strcmp(argv[1], "othersum")) othersum(n);
    else if (!strcmp(argv[1], "thirds")) thirds(n);
    else if (!strcmp(argv[1], "powers")) powers(n);
    else if (!strcmp(argv[1], "heaphalf")) heaphalf(n);
    else if (!strcmp(argv[1], "digit")) digit(n);
    else if (!strcmp(argv[1], "popcount")) popcount(n);
    else if (!strcmp(argv[1], "split3")) split3(n);
    else if (!strcmp(argv[1], "triangular")) triangular(n);
    else if (!strcmp(argv[1], "isqrt")) isqrt(n);
    else if (!strcmp(argv[1], "digitsum")) digitsum(n);
    else { fprintf(stderr, "unknown game %s\n", argv[1]); return 2; }
    if (argc > 3 && !strcmp(argv[3], "--last")) {
        printf("%u\n", g[n]);
    } else if (argc > 3 && !strcmp(argv[3], "--print")) {
        for (long i = 0; i <= n; i++) printf("%u\n", g[i]);
    } else {
        unsigned long long sum = 0;
        for (long i = 0; i <= n; i++) sum += g[i];
        printf("%llu\n", sum);
    }
    return 0;
}

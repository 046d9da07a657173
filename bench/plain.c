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
 * three-heap nim and g(N, N, N); chomp the N x N bar of Chomp and its
 * value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned *g;
static unsigned char *seen;

static unsigned mex(unsigned count) {
    unsigned m = 0;
    while (m <= count && seen[m]) m++;
    memset(seen, 0, count + 1);
    return m;
}

/* Kayles (0.77): remove one or two adjacent pins, leaving a and n-t-a. */
static void kayles(long n_max) {
    for (long n = 0; n <= n_max; n++) {
        unsigned count = 0;
        for (long t = 1; t <= 2; t++)
            for (long a = 0; a <= n - t; a++) {
                seen[g[a] ^ g[n - t - a]] = 1;
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
            seen[g[a] ^ g[n - 2 - a]] = 1;
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
            seen[g[a] ^ g[n - a]] = 1;
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
                seen[g[n - k]] = 1;
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
            seen[g[left] ^ g[right]] = 1;
            count++;
        }
        g[n] = mex(count);
    }
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
                for (long k = 1; k <= a; k++, count++) seen[w[((a - k) * s + b) * s + c]] = 1;
                for (long k = 1; k <= b; k++, count++) seen[w[(a * s + b - k) * s + c]] = 1;
                for (long k = 1; k <= c; k++, count++) seen[w[(a * s + b) * s + c - k]] = 1;
                w[(a * s + b) * s + c] = mex(count);
            }
    return w[(size * s + size) * s + size];
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
            for (long k = 1; k <= a; k++, count++) seen[w[(a - k) * size + b]] = 1;
            for (long k = 1; k <= b; k++, count++) seen[w[a * size + b - k]] = 1;
            for (long k = 1; k <= a && k <= b; k++, count++)
                seen[w[(a - k) * size + b - k]] = 1;
            w[a * size + b] = mex(count);
        }
    return w[(size - 1) * size + size - 1];
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: plain kayles|dawson|grundy|subtract|path|wythoff|nim3|chomp N [--print]\n");
        return 2;
    }
    long n = atol(argv[2]);
    g = calloc(n + 1, sizeof *g);
    /* Option values are below the next power of two above the count. */
    seen = calloc(4 * (n + 2), 1);
    if (!g || !seen) return 1;
    if (!strcmp(argv[1], "wythoff")) {
        printf("%u\n", wythoff(n));
        return 0;
    }
    if (!strcmp(argv[1], "nim3")) {
        printf("%u\n", nim3(n));
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

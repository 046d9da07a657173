/* The plain reference programs of the benchmark: the straightforward
 * bottom-up computation of a game's Grundy values, g(0..=N) into a memo
 * array, each value the mex over every option. No symmetry, no sparse space:
 * the program a researcher writes first.
 *
 *   plain GAME N [--print]
 *
 * GAME is kayles, dawson or grundy: prints the sum of g(0..=N) (a checksum),
 * or with --print every value, one per line. GAME wythoff computes the
 * N x N grid of Wythoff's game and prints g(N-1, N-1). */
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
        fprintf(stderr, "usage: plain kayles|dawson|grundy|wythoff N [--print]\n");
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
    if (!strcmp(argv[1], "kayles")) kayles(n);
    else if (!strcmp(argv[1], "dawson")) dawson(n);
    else if (!strcmp(argv[1], "grundy")) grundy(n);
    else { fprintf(stderr, "unknown game %s\n", argv[1]); return 2; }
    if (argc > 3 && !strcmp(argv[3], "--print")) {
        for (long i = 0; i <= n; i++) printf("%u\n", g[i]);
    } else {
        unsigned long long sum = 0;
        for (long i = 0; i <= n; i++) sum += g[i];
        printf("%llu\n", sum);
    }
    return 0;
}

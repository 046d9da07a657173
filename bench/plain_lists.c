/* The list games of bench/plain.c (see its heading): positions that are
 * boards of heaps, memoised by their packing. Built into the same program:
 *
 *   gcc -O2 -o plain bench/plain.c bench/plain_lists.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Boards of the list games: up to 15 heaps of at most 15, memoised in an
 * open-addressing table under their packing (4 bits a heap, the count on top). */
#define BOARD_SLOTS (1u << 23)
typedef struct { int n; int h[15]; } Board;
static unsigned long long *board_keys;
static unsigned *board_values;

static unsigned long long pack(const Board *b) {
    unsigned long long key = (unsigned long long)b->n << 60;
    for (int i = 0; i < b->n; i++) {
        if (b->h[i] > 15) exit(3);
        key |= (unsigned long long)b->h[i] << (4 * i);
    }
    return key;
}

/* The slot of a board: its own, or the empty one where it belongs. */
static unsigned long long board_slot(unsigned long long key) {
    unsigned long long slot = (key * 0x9e3779b97f4a7c15ull) >> 41;
    while (board_keys[slot] && board_keys[slot] != key + 1) slot = (slot + 1) & (BOARD_SLOTS - 1);
    return slot;
}

static void board_store(unsigned long long key, unsigned value) {
    unsigned long long slot = board_slot(key);
    board_keys[slot] = key + 1;
    board_values[slot] = value;
}

/* The mex of the values marked in a 2048-bit set. */
static unsigned bits_mex(const unsigned long long *mark) {
    unsigned m = 0;
    while (m < 2048 && (mark[m / 64] >> (m % 64) & 1)) m++;
    if (m == 2048) exit(4);
    return m;
}

#define MARK(v) (mark[(v) / 64] |= 1ull << ((v) % 64))

/* Nim on a list of heaps: take any number from one heap. */
static unsigned nimlist(const Board *b) {
    unsigned long long key = pack(b), slot = board_slot(key);
    if (board_keys[slot]) return board_values[slot];
    unsigned long long mark[32] = {0};
    for (int i = 0; i < b->n; i++)
        for (int k = 1; k <= b->h[i]; k++) {
            Board c = *b;
            c.h[i] -= k;
            MARK(nimlist(&c));
        }
    unsigned m = bits_mex(mark);
    board_store(key, m);
    return m;
}

/* Moore's Nim_2: take from one heap, or from two heaps at once. */
static unsigned moore(const Board *b) {
    unsigned long long key = pack(b), slot = board_slot(key);
    if (board_keys[slot]) return board_values[slot];
    unsigned long long mark[32] = {0};
    for (int i = 0; i < b->n; i++)
        for (int k = 1; k <= b->h[i]; k++) {
            Board c = *b;
            c.h[i] -= k;
            MARK(moore(&c));
        }
    for (int i = 0; i < b->n; i++)
        for (int j = i + 1; j < b->n; j++)
            for (int k = 1; k <= b->h[i]; k++)
                for (int l = 1; l <= b->h[j]; l++) {
                    Board c = *b;
                    c.h[i] -= k;
                    c.h[j] -= l;
                    MARK(moore(&c));
                }
    unsigned m = bits_mex(mark);
    board_store(key, m);
    return m;
}

/* Staircase nim: h[i] coins on step i + 1; move some down one step. */
static unsigned staircase(const Board *b) {
    unsigned long long key = pack(b), slot = board_slot(key);
    if (board_keys[slot]) return board_values[slot];
    unsigned long long mark[32] = {0};
    for (int i = 0; i < b->n; i++)
        for (int k = 1; k <= b->h[i]; k++) {
            Board c = *b;
            c.h[i] -= k;
            if (i > 0) c.h[i - 1] += k;
            MARK(staircase(&c));
        }
    unsigned m = bits_mex(mark);
    board_store(key, m);
    return m;
}

/* Lasker's nim on a list: take from a heap, or split one into two in its place. */
static unsigned laskerlist(const Board *b) {
    unsigned long long key = pack(b), slot = board_slot(key);
    if (board_keys[slot]) return board_values[slot];
    unsigned long long mark[32] = {0};
    for (int i = 0; i < b->n; i++)
        for (int k = 1; k <= b->h[i]; k++) {
            Board c = *b;
            c.h[i] -= k;
            MARK(laskerlist(&c));
        }
    for (int i = 0; i < b->n; i++)
        for (int a = 1; a < b->h[i]; a++) {
            Board c;
            if (b->n == 15) exit(3);
            c.n = b->n + 1;
            for (int j = 0; j < i; j++) c.h[j] = b->h[j];
            c.h[i] = a;
            c.h[i + 1] = b->h[i] - a;
            for (int j = i + 1; j < b->n; j++) c.h[j + 1] = b->h[j];
            MARK(laskerlist(&c));
        }
    unsigned m = bits_mex(mark);
    board_store(key, m);
    return m;
}

/* A row of n coins (stop 66, a helper's game): turn a head to tails, and
 * maybe one of the three coins left of it over. Memoised as the other
 * list games are, in the board table under its packing: a bit a coin. */
static unsigned coins(unsigned long long heads, int n) {
    unsigned long long key = heads | (unsigned long long)n << 58, slot = board_slot(key);
    if (board_keys[slot]) return board_values[slot];
    unsigned long long mark[32] = {0};
    for (int i = 0; i < n; i++) {
        if (!(heads >> i & 1)) continue;
        unsigned long long turned = heads & ~(1ull << i);
        MARK(coins(turned, n));
        for (int j = i > 3 ? i - 3 : 0; j < i; j++) MARK(coins(turned ^ 1ull << j, n));
    }
    unsigned m = bits_mex(mark);
    board_store(key, m);
    return m;
}

/* The list games, named on the command line with their board. */
int list_game(int argc, char **argv) {
    board_keys = calloc(BOARD_SLOTS, sizeof *board_keys);
    board_values = calloc(BOARD_SLOTS, sizeof *board_values);
    if (!board_keys || !board_values) exit(1);
    if (!strcmp(argv[1], "coins") && argc > 2) {
        int n = atoi(argv[2]);
        if (n > 58) exit(3);
        printf("%u\n", coins((1ull << n) - 1, n));
        return 1;
    }
    unsigned (*games[])(const Board *) = {nimlist, moore, staircase, laskerlist};
    const char *names[] = {"nimlist", "moore", "staircase", "laskerlist"};
    for (int i = 0; i < 4; i++) {
        if (strcmp(argv[1], names[i])) continue;
        Board b = {argc - 2, {0}};
        if (b.n > 15) exit(3);
        for (int j = 0; j < b.n; j++) b.h[j] = atoi(argv[j + 2]);
        printf("%u\n", games[i](&b));
        return 1;
    }
    return 0;
}

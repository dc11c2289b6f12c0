/* The open-card solver's searches in C (docs/hand-analysis.md): the same searches as the pure
 * reference, engine/solver_pure.py, on the same cards as bits (_Tables: kind k holds bits 11k
 * upwards, its lowest card first; the trumps are kind 4), which the tests compare it with.
 *
 * One search, four goals: the declarer's card points (Null: 1 if he must take a trick), his
 * tricks (Schwarz), and the most and the fewest points under any play (bounds): every player
 * maximizing, or every player minimizing. Alpha-beta, fail-soft, with a table of bounds at
 * each trick's start holding the best lead found there; the equivalent cards tried once and
 * the moves ordered as the pure code does (in the bounds' searches everybody feeds the side
 * they all play for). What pure Python could not afford is added, as cuts that change no
 * value: the trumps' bounds for the bounds' searches, and a stop where the declarer takes
 * every trick. Built by `make install` (the Makefile's $(CC) line).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define STRIDE 11
#define SLOTS (5 * STRIDE)
#define ALL_SLOTS ((1ULL << SLOTS) - 1)
#define KIND_MASK(k) (((1ULL << STRIDE) - 1) << (STRIDE * (k)))
#define PROBES 4 /* table entries tried for a key before one is replaced */

enum { POINTS = 0, TRICKS = 1, MOST = 2, FEWEST = 3 };

typedef struct {
    uint64_t h[3];
    uint32_t generation; /* the search that wrote it; any other search's entry is empty */
    uint8_t leader, low, high, lead; /* lead 255: none */
} Entry;

typedef struct {
    int n;
    int player[3];
    int card[3];
} Trick;

typedef struct {
    uint8_t points[SLOTS];
    int null, declarer, goal;
    uint64_t h[3];
    long long nodes, budget; /* budget 0: no limit */
    int aborted; /* the budget ran out: what the search found since is not a value */
} Search;

/* One table for every search, reused: a new generation empties it without touching memory.
 * The lock keeps two threads (the GIL is let go while searching) off it at once. */
static Entry *table = NULL;
static int table_bits = 0;
static uint32_t generation = 0;
static PyThread_type_lock table_lock = NULL;

static inline int kind_of(int card) { return card / STRIDE; }

static inline int top_bit(uint64_t x) { return 63 - __builtin_clzll(x); }

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The key's entry, or (`store`) a free one made its own: the first of this search's
 * generation missing ends the probes (entries are never removed, only replaced); when all are
 * taken, the one with the fewest cards goes, the cheapest to search again. */
static inline Entry *lookup(const uint64_t *h, int leader, int store) {
    uint64_t mask = (1ULL << table_bits) - 1;
    uint64_t at = mix(h[0] * 0x9e3779b97f4a7c15ULL ^ h[1] * 0xbf58476d1ce4e5b9ULL ^
                      h[2] * 0x94d049bb133111ebULL ^ (uint64_t)leader);
    Entry *spare = NULL;
    for (int i = 0; i < PROBES; i++) {
        Entry *e = &table[(at + i) & mask];
        if (e->generation != generation) {
            if (!store)
                return NULL;
            spare = e;
            break;
        }
        if (e->h[0] == h[0] && e->h[1] == h[1] && e->h[2] == h[2] && e->leader == leader)
            return e;
        if (store && (!spare || __builtin_popcountll(e->h[0]) < __builtin_popcountll(spare->h[0])))
            spare = e;
    }
    if (spare) {
        memcpy(spare->h, h, sizeof spare->h);
        spare->generation = generation;
        spare->leader = (uint8_t)leader;
    }
    return spare;
}

/* Who holds the trick so far: the index of its best card. */
static inline int taker(const Trick *t) {
    int best = 0;
    for (int i = 1; i < t->n; i++) {
        int c = t->card[i], b = t->card[best];
        if (c > b && (kind_of(c) == kind_of(b) || kind_of(c) == 4))
            best = i;
    }
    return best;
}

static inline int points_of(const Search *s, uint64_t cards) {
    int sum = 0;
    while (cards) {
        int c = __builtin_ctzll(cards);
        cards &= cards - 1;
        sum += s->points[c];
    }
    return sum;
}

/* The legal cards of `player`, one of each equivalent group, likely best first. */
static int moves_of(const Search *s, int player, const Trick *t, int *moves) {
    uint64_t hand = s->h[player];
    if (t->n) {
        uint64_t following = hand & KIND_MASK(kind_of(t->card[0]));
        if (following)
            hand = following;
    }
    uint64_t out = s->h[0] | s->h[1] | s->h[2]; /* a card on the table parts those around it */
    for (int i = 0; i < t->n; i++)
        out |= 1ULL << t->card[i];
    int n = 0;
    for (int kind = 0; kind < 5; kind++) {
        uint64_t mine = hand & KIND_MASK(kind);
        int above = -1;
        while (mine) {
            int card = top_bit(mine);
            mine ^= 1ULL << card;
            /* no card still out between the two, and as many points: the same move */
            if (above < 0 || (out & ((1ULL << above) - (1ULL << (card + 1)))) ||
                (!s->null && s->points[above] != s->points[card]))
                moves[n++] = card;
            above = card;
        }
    }
    /* the pure code's sort keys, as one number each; the insertion sort is stable as sorted() */
    int keys[SLOTS];
    if (!t->n) { /* lead: trumps, then every suit's highest (its Aces, then Tens ...) */
        for (int i = 0; i < n; i++)
            keys[i] = (kind_of(moves[i]) != 4) * 16 + (STRIDE - moves[i] % STRIDE);
    } else {
        int w = taker(t);
        int best = t->card[w];
        int partner = (player == s->declarer) == (t->player[w] == s->declarer);
        if (s->goal == MOST || s->goal == FEWEST) /* all play one side: its trick gets points */
            partner = (t->player[w] == s->declarer) == (s->goal == MOST);
        for (int i = 0; i < n; i++) {
            int c = moves[i];
            int beats = c > best && (kind_of(c) == kind_of(best) || kind_of(c) == 4);
            if (partner && !beats)
                keys[i] = 64 - s->points[c]; /* the partner takes it: add points */
            else if (beats)
                keys[i] = 128 + c; /* take it as cheaply as possible */
            else
                keys[i] = 256 + s->points[c]; /* it is lost: give the least */
        }
    }
    for (int i = 1; i < n; i++) {
        int card = moves[i], key = keys[i], j = i - 1;
        for (; j >= 0 && keys[j] > key; j--) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
        }
        moves[j + 1] = card;
        keys[j + 1] = key;
    }
    return n;
}

static inline int maximizes(const Search *s, int player) {
    switch (s->goal) {
    case POINTS: /* the Null declarer wants "must take a trick" low */
        return (player == s->declarer) != s->null;
    case TRICKS:
        return player == s->declarer;
    case MOST:
        return 1;
    default:
        return 0;
    }
}

/* What the tricks left can still bring the declarer: the table's first bounds. */
static inline int most_left(const Search *s, uint64_t out) {
    if (s->goal == TRICKS)
        return __builtin_popcountll(out) / 3;
    if (s->goal == POINTS && s->null)
        return 1;
    return points_of(s, out);
}

/* The points of the trumps `small` that the higher trumps `big` can take, each at most `per`
 * of them: a trick holds one card of the declarer and two of the others, and a trump goes
 * only to a higher one. Which trumps to take is a matroid (each may be taken by every trump
 * above it), so taking them by points, while a higher trump is free for every one, is best. */
static int covered(const Search *s, unsigned big, unsigned small, int per) {
    const uint8_t *points = s->points + 4 * STRIDE;
    unsigned chosen = 0;
    int sum = 0;
    while (small) {
        int pick = 0, most = -1;
        for (unsigned m = small; m; m &= m - 1) {
            int r = __builtin_ctz(m);
            if (points[r] > most) {
                most = points[r];
                pick = r;
            }
        }
        small &= ~(1u << pick);
        unsigned trial = chosen | 1u << pick;
        int free = 1;
        for (unsigned m = trial & ((2u << pick) - 1); m && free; m &= m - 1) {
            int r = __builtin_ctz(m); /* as many trumps above each as it and those above need */
            free = __builtin_popcount(trial >> r) <= per * __builtin_popcount(big >> (r + 1));
        }
        if (free) {
            chosen = trial;
            sum += most;
        }
    }
    return sum;
}

/* How many of the trumps `small` can each be taken by another higher trump of `big`. */
static int matched(unsigned big, unsigned small) {
    int n = 0;
    for (; small; small &= small - 1) { /* the lowest first, by the lowest free trump above */
        unsigned above = big & ~((2u << __builtin_ctz(small)) - 1);
        if (above) {
            big &= ~(above & (~above + 1)); /* that trump is used */
            n++;
        }
    }
    return n;
}

/* The card points of the `count` cheapest cards of `hand`. */
static int cheapest(const Search *s, uint64_t hand, int count) {
    int points[SLOTS], n = 0, sum = 0;
    for (; hand; hand &= hand - 1) {
        int p = s->points[__builtin_ctzll(hand)], j = n++;
        for (; j > 0 && points[j - 1] > p; j--)
            points[j] = points[j - 1];
        points[j] = p;
    }
    for (int i = 0; i < count && i < n; i++)
        sum += points[i];
    return sum;
}

/* The trumps' bounds on the declarer's card points from the tricks left, under any play: a
 * trick holds one card of each, and a trump goes only to a higher one. He loses each trump
 * of the others that none of his can take (two a trick), and with a trick that one of them
 * wins with a trump none of his can take, one of his cards, the cheapest; he keeps each of his
 * trumps that none of theirs can take, each a trick of his with a card of each of the others.
 * They cut where everybody plays one way (the bounds); the minimax searches were no quicker. */
static inline void trump_bounds(const Search *s, int *low, int *high) {
    int shift = 4 * STRIDE;
    uint64_t hand = s->h[s->declarer], left = s->h[(s->declarer + 1) % 3];
    uint64_t right = s->h[(s->declarer + 2) % 3];
    unsigned mine = (unsigned)(hand >> shift), one = (unsigned)(left >> shift);
    unsigned other = (unsigned)(right >> shift), theirs = one | other;
    if (theirs) {
        int lost = __builtin_popcount(one) - matched(mine, one);
        int lost_other = __builtin_popcount(other) - matched(mine, other);
        *high -= points_of(s, (uint64_t)theirs << shift) - covered(s, mine, theirs, 2) +
                 cheapest(s, hand, lost > lost_other ? lost : lost_other);
    }
    if (mine) {
        int won = __builtin_popcount(mine) - matched(theirs, mine);
        *low += points_of(s, (uint64_t)mine << shift) - covered(s, theirs, mine, 1) +
                cheapest(s, left, won) + cheapest(s, right, won);
    }
}

/* Whether the declarer takes every trick left however anybody plays: each of his cards is
 * above all of the others' of its kind, nobody can trump his leads (they hold no trumps, or
 * he holds nothing else), and he can follow whatever the others lead first. The bounds'
 * search for the fewest needs it: otherwise it plays out every line of a hand that wins all. */
static int takes_all(const Search *s, int leader) {
    uint64_t mine = s->h[s->declarer];
    uint64_t theirs = s->h[(s->declarer + 1) % 3] | s->h[(s->declarer + 2) % 3];
    int only_trumps = !(mine & ~KIND_MASK(4));
    for (int kind = 0; kind < 5; kind++) {
        uint64_t m = mine & KIND_MASK(kind), o = theirs & KIND_MASK(kind);
        if (m && (m & (~m + 1)) < o) /* his lowest is below their highest */
            return 0;
        if (leader != s->declarer && !only_trumps && !m && (s->h[leader] & KIND_MASK(kind)))
            return 0;
    }
    return only_trumps || !(theirs & KIND_MASK(4));
}

static int value(Search *s, int leader, int alpha, int beta);

static int play(Search *s, int player, Trick *t, int alpha, int beta, int hint, int *lead_out) {
    if (s->budget && ++s->nodes > s->budget) {
        s->aborted = 1;
        return 0;
    }
    int maximizing = maximizes(s, player);
    int best = maximizing ? -1 : 1000;
    int moves[SLOTS];
    int n = moves_of(s, player, t, moves);
    int leading = t->n == 0;
    int lead = -1;
    if (leading) {
        for (int i = 0; i < n && hint >= 0; i++) {
            if (moves[i] == hint) { /* the lead that was best here in the last search, first */
                memmove(moves + 1, moves, i * sizeof moves[0]);
                moves[0] = hint;
                break;
            }
        }
        lead = moves[0];
    }
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        uint64_t bit = 1ULL << card;
        int found;
        s->h[player] ^= bit;
        t->player[t->n] = player;
        t->card[t->n] = card;
        t->n++;
        if (t->n == 3) {
            int winner = t->player[taker(t)];
            int gained = 0;
            if (winner == s->declarer) {
                if (s->goal == TRICKS || (s->goal == POINTS && s->null))
                    gained = 1;
                else
                    gained = s->points[t->card[0]] + s->points[t->card[1]] +
                             s->points[t->card[2]];
            }
            if (s->goal == POINTS && s->null && gained)
                found = 1; /* a Null declarer who takes a trick has lost */
            else
                found = gained + value(s, winner, alpha - gained, beta - gained);
        } else {
            found = play(s, (player + 1) % 3, t, alpha, beta, -1, NULL);
        }
        t->n--;
        s->h[player] ^= bit;
        if (s->aborted)
            return 0;
        if (maximizing ? found > best : found < best) {
            best = found;
            if (leading)
                lead = card;
        }
        if (maximizing) {
            if (found > alpha)
                alpha = found;
        } else if (found < beta) {
            beta = found;
        }
        if (alpha >= beta)
            break;
    }
    if (leading)
        *lead_out = lead;
    return best;
}

/* The declarer's gain from the tricks left, searched in the window (alpha, beta): fail-soft,
 * so a value at or below alpha is an upper bound, at or above beta a lower one. */
static int value(Search *s, int leader, int alpha, int beta) {
    uint64_t out = s->h[0] | s->h[1] | s->h[2];
    if (!out)
        return 0;
    int low = 0, high = most_left(s, out), hint = -1;
    if (!(s->goal == POINTS && s->null) && takes_all(s, leader))
        return high;
    if (s->goal == MOST || s->goal == FEWEST)
        trump_bounds(s, &low, &high);
    Entry *e = lookup(s->h, leader, 0);
    if (e) {
        if (e->low > low)
            low = e->low;
        if (e->high < high)
            high = e->high;
        hint = e->lead == 255 ? -1 : e->lead;
    }
    if (low >= beta)
        return low;
    if (high <= alpha)
        return high;
    if (alpha < low)
        alpha = low;
    if (beta > high)
        beta = high;
    Trick t = {0};
    int lead = -1;
    int found = play(s, leader, &t, alpha, beta, hint, &lead);
    if (s->aborted)
        return found; /* not a value: nothing is kept */
    if (found <= alpha)
        high = found < high ? found : high;
    else if (found >= beta)
        low = found > low ? found : low;
    else
        low = high = found;
    e = lookup(s->h, leader, 1);
    if (e) {
        e->low = (uint8_t)low;
        e->high = (uint8_t)high;
        e->lead = (uint8_t)lead;
    }
    return found;
}

/* The exact value: narrow searches closing in on it (MTD(f)), sharing the table. With a
 * budget of nodes that runs out, what the finished searches proved: lower <= value <= upper
 * (the bounds' searches start from the trumps' bounds and from the end they need first). */
static void exact(Search *s, int leader, int *lower_out, int *upper_out) {
    int lower = 0, upper = most_left(s, s->h[0] | s->h[1] | s->h[2]);
    if (s->goal == MOST || s->goal == FEWEST)
        trump_bounds(s, &lower, &upper);
    int guess = s->goal == MOST ? upper : s->goal == FEWEST ? lower : upper / 2;
    while (lower < upper) {
        int beta = guess > lower + 1 ? guess : lower + 1;
        int found = value(s, leader, beta - 1, beta);
        if (s->aborted)
            break;
        guess = found;
        if (guess < beta)
            upper = guess;
        else
            lower = guess;
    }
    *lower_out = lower;
    *upper_out = upper;
}

/* A table big enough for the position: a few thousand entries for the end of a deal, 2^20
 * (32 MB, kept for the next search) for whole hands; 2^18 to 2^22 searched as fast. */
static int ready_table(int cards) {
    int bits = cards <= 4 ? 12 : cards <= 6 ? 16 : cards <= 8 ? 18 : 20;
    if (bits > table_bits) {
        Entry *bigger = calloc((size_t)1 << bits, sizeof(Entry));
        if (!bigger)
            return -1;
        free(table);
        table = bigger;
        table_bits = bits;
        generation = 0;
    }
    if (++generation == 0) { /* wrapped: old entries could pass for new ones */
        memset(table, 0, ((size_t)1 << table_bits) * sizeof(Entry));
        generation = 1;
    }
    return 0;
}

/* alpha and beta for a windowed search, the budget for a bracket (NULL: not asked) */
static int read_search(PyObject *args, const char *format, Search *s, int *leader, int *alpha,
                       int *beta, long long *budget) {
    Py_buffer points;
    unsigned long long h0, h1, h2;
    int null;
    s->nodes = s->budget = 0;
    s->aborted = 0;
    int ok = budget ? PyArg_ParseTuple(args, format, &points, &null, &s->declarer, &h0, &h1,
                                       &h2, leader, &s->goal, budget)
                    : PyArg_ParseTuple(args, format, &points, &null, &s->declarer, &h0, &h1,
                                       &h2, leader, &s->goal, alpha, beta);
    if (!ok)
        return -1;
    if (points.len != SLOTS) {
        PyBuffer_Release(&points);
        PyErr_SetString(PyExc_ValueError, "points: one byte per slot (55)");
        return -1;
    }
    memcpy(s->points, points.buf, SLOTS);
    PyBuffer_Release(&points);
    s->null = null;
    s->h[0] = h0;
    s->h[1] = h1;
    s->h[2] = h2;
    int size = __builtin_popcountll(h0);
    if ((h0 | h1 | h2) & ~ALL_SLOTS || h0 & h1 || h0 & h2 || h1 & h2 ||
        __builtin_popcountll(h1) != size || __builtin_popcountll(h2) != size) {
        PyErr_SetString(PyExc_ValueError, "three disjoint hands of as many cards each");
        return -1;
    }
    if (s->declarer < 0 || s->declarer > 2 || *leader < 0 || *leader > 2 || s->goal < POINTS ||
        s->goal > FEWEST) {
        PyErr_SetString(PyExc_ValueError, "declarer and leader 0 to 2, a known goal");
        return -1;
    }
    return size;
}

enum { WINDOWED, EXACT, BRACKET };

static PyObject *run(PyObject *args, int how) {
    Search s;
    int leader, alpha = 0, beta = 0, found = 0, lower = 0, upper = 0, failed = 0;
    const char *format = how == WINDOWED ? "y*pi(KKK)iiii:search"
                         : how == EXACT  ? "y*pi(KKK)ii:exact"
                                         : "y*pi(KKK)ii|L:bracket";
    long long budget = 0;
    int size = read_search(args, format, &s, &leader, &alpha, &beta,
                           how == BRACKET ? &budget : NULL);
    if (size < 0)
        return NULL;
    if (budget < 0) {
        PyErr_SetString(PyExc_ValueError, "budget: nodes, 0 for no limit");
        return NULL;
    }
    s.budget = budget;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(table_lock, WAIT_LOCK);
    if (ready_table(size) < 0)
        failed = 1;
    else if (how == WINDOWED)
        found = value(&s, leader, alpha, beta);
    else
        exact(&s, leader, &lower, &upper);
    PyThread_release_lock(table_lock);
    Py_END_ALLOW_THREADS
    if (failed)
        return PyErr_NoMemory();
    if (how == BRACKET)
        return Py_BuildValue("(ii)", lower, upper);
    return PyLong_FromLong(how == WINDOWED ? found : lower);
}

static PyObject *search_py(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, WINDOWED);
}

static PyObject *exact_py(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, EXACT);
}

static PyObject *bracket_py(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, BRACKET);
}

static PyMethodDef methods[] = {
    {"search", search_py, METH_VARARGS,
     "search(points, null, declarer, hands, leader, goal, alpha, beta): the declarer's gain "
     "from the tricks left in the window (alpha, beta), fail-soft"},
    {"exact", exact_py, METH_VARARGS,
     "exact(points, null, declarer, hands, leader, goal): the declarer's exact gain from the "
     "tricks left (MTD(f))"},
    {"bracket", bracket_py, METH_VARARGS,
     "bracket(points, null, declarer, hands, leader, goal, budget=0): (lower, upper), what "
     "the searches proved of the declarer's gain before `budget` nodes (0: no limit) ran out; "
     "lower == upper when they finished"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "engine._solve",
    "The open-card solver's searches in C (engine/solver_pure.py is their reference).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solve(void) {
    if (!table_lock && !(table_lock = PyThread_allocate_lock()))
        return PyErr_NoMemory();
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddIntConstant(m, "POINTS", POINTS) < 0 ||
        PyModule_AddIntConstant(m, "TRICKS", TRICKS) < 0 ||
        PyModule_AddIntConstant(m, "MOST", MOST) < 0 ||
        PyModule_AddIntConstant(m, "FEWEST", FEWEST) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The fast path's hot loops in C: the same answers as quick.py and quick_omaha.py.
 *
 * Both readers take the hand as given to pokerbook.evaluate (tuples or lists of
 * the standard Card singletons or of one-card texts, or text of one-card words such
 * as "Ah Kd") and answer only where the Python fast path would answer from the same
 * tables; anything else (other spellings, a joker, a card that is not one of the
 * singletons, a value not yet made) goes to the Python reader they were made with, so every value and error comes from the same place with or
 * without this module.  (A repeated card in Omaha gives None, as the Python reader
 * does: the general path's to refuse.)
 *
 * A card is found by its address among the 52 standard singletons (an open
 * hash of 128 slots), so no attribute is read.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#define STANDARD 52
#define SLOTS 128
#define RANKS 13
#define SUITS 4
#define MAX_PLAIN 7
#define FLUSH 5
#define OMAHA_HOLE 4
#define OMAHA_BOARD 5

/* ------------------------------------------------------------------ cards */

typedef struct {
    PyObject *cards;              /* the tuple of the 52 singletons, kept alive */
    PyObject *slot_card[SLOTS];   /* borrowed from cards */
    int8_t slot_index[SLOTS];
} CardTable;

static inline size_t slot_of(const PyObject *card) {
    uintptr_t p = (uintptr_t)card;
    return (size_t)((p >> 4) ^ (p >> 11)) & (SLOTS - 1);
}

static int card_table_init(CardTable *t, PyObject *cards) {
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != STANDARD) {
        PyErr_SetString(PyExc_TypeError, "cards must be a tuple of the 52 standard cards");
        return -1;
    }
    memset(t->slot_card, 0, sizeof t->slot_card);
    for (int i = 0; i < STANDARD; i++) {
        PyObject *card = PyTuple_GET_ITEM(cards, i);
        size_t s = slot_of(card);
        while (t->slot_card[s] != NULL) {
            if (t->slot_card[s] == card) {
                PyErr_SetString(PyExc_ValueError, "a card appears twice");
                return -1;
            }
            s = (s + 1) & (SLOTS - 1);
        }
        t->slot_card[s] = card;
        t->slot_index[s] = (int8_t)i;
    }
    Py_INCREF(cards);
    t->cards = cards;
    return 0;
}

/* The index of a standard card singleton, or -1 for any other object. */
static inline int card_index(const CardTable *t, const PyObject *card) {
    size_t s = slot_of(card);
    for (;;) {
        const PyObject *at = t->slot_card[s];
        if (at == card) {
            return t->slot_index[s];
        }
        if (at == NULL) {
            return -1;
        }
        s = (s + 1) & (SLOTS - 1);
    }
}

/* A one-card text as pokerbook.cards.hand_keys reads it without a loop: a rank
 * (23456789TJQKA, or tjqka) and a suit (cdhs or CDHS).  Other spellings ("10h", suit
 * symbols) are left to the Python reader.  The card's index, or -1. */
static inline int token_index(const unsigned char *at) {
    static const char ranks[] = "23456789TJQKA";
    static const char lows[] = "23456789tjqka";
    static const char suits[] = "cdhs";
    static const char highs[] = "CDHS";
    int rank = -1, suit = -1;
    for (int i = 0; i < RANKS; i++) {
        if (at[0] == (unsigned char)ranks[i] || at[0] == (unsigned char)lows[i]) {
            rank = i;
        }
    }
    for (int i = 0; i < SUITS; i++) {
        if (at[1] == (unsigned char)suits[i] || at[1] == (unsigned char)highs[i]) {
            suit = i;
        }
    }
    return rank < 0 || suit < 0 ? -1 : rank * SUITS + suit;
}

/* The index of an item of a tuple or list: a standard card singleton, or a one-card
 * text of two ASCII characters; -1 for anything else. */
static inline int item_index(const CardTable *t, PyObject *item) {
    int index = card_index(t, item);
    if (index >= 0 || !PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item) ||
        PyUnicode_GET_LENGTH(item) != 2) {
        return index;
    }
    return token_index(PyUnicode_1BYTE_DATA(item));
}

/* The cards of a text of ASCII one-card words (split as str.split splits), into
 * ``index`` (at most ``most``): how many, or -1 if a word is not a card so written,
 * there are too many, or the text is not ASCII. */
static int text_indices(PyObject *text, int *index, int most) {
    if (!PyUnicode_IS_ASCII(text)) {
        return -1;
    }
    const unsigned char *at = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t size = PyUnicode_GET_LENGTH(text);
    int n = 0;
    for (Py_ssize_t i = 0; i < size;) {
        if (Py_UNICODE_ISSPACE(at[i])) {
            i++;
            continue;
        }
        if (n == most || i + 2 > size || (i + 2 < size && !Py_UNICODE_ISSPACE(at[i + 2]))) {
            return -1; /* too many, or a word not of two characters */
        }
        if ((index[n++] = token_index(at + i)) < 0) {
            return -1;
        }
        i += 2;
    }
    return n;
}

/* The indices of the cards of ``cards`` (a tuple or list of standard card singletons
 * or one-card texts, or a text of such words) into ``index``, at most ``most`` of
 * them: how many, or -1 if they are not all cards so given, or too many. */
static int read_cards(const CardTable *t, PyObject *cards, int *index, int most) {
    PyObject **items;
    Py_ssize_t n;
    if (PyTuple_CheckExact(cards)) {
        items = ((PyTupleObject *)cards)->ob_item;
        n = PyTuple_GET_SIZE(cards);
    } else if (PyList_CheckExact(cards)) {
        items = ((PyListObject *)cards)->ob_item;
        n = PyList_GET_SIZE(cards);
    } else if (PyUnicode_CheckExact(cards)) {
        return text_indices(cards, index, most);
    } else {
        return -1;
    }
    if (n > most) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((index[i] = item_index(t, items[i])) < 0) {
            return -1;
        }
    }
    return (int)n;
}

static int read_keys(PyObject *keys, uint32_t *out, Py_ssize_t size, const char *what) {
    if (!PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != size) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of %zd ints", what, size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(keys, i));
        if (PyErr_Occurred()) {
            return -1;
        }
        if (v > UINT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s must fit in 32 bits", what);
            return -1;
        }
        out[i] = (uint32_t)v;
    }
    return 0;
}

/* --------------------------------------------------------- plain hands */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    CardTable table;
    PyObject *exact;              /* dict: rank key -> HandValue */
    PyObject *fallback;           /* the Python reader, for every other hand */
    int flushes;                  /* five of a suit is not plain */
    uint32_t rank_keys[RANKS];
} PlainReader;

/* reader(hole, board): the HandValue that quick.py's exact dict holds for these
 * cards, or fallback(hole, board) if they are not at most seven distinct standard
 * cards (without five of a suit where flushes count) or the dict has no value for
 * them yet. */
static PyObject *plain_call(PyObject *self, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames) {
    PlainReader *r = (PlainReader *)self;
    if (PyVectorcall_NARGS(nargsf) != 2 || kwnames != NULL) {
        PyErr_SetString(PyExc_TypeError, "a plain reader takes (hole, board)");
        return NULL;
    }
    int index[MAX_PLAIN];
    int nh = read_cards(&r->table, args[0], index, MAX_PLAIN);
    int nb = nh < 0 ? -1 : read_cards(&r->table, args[1], index + nh, MAX_PLAIN - nh);
    if (nb < 0) {
        goto fallback;
    }
    uint64_t seen = 0;
    int suits[SUITS] = {0, 0, 0, 0};
    long key = 0;
    for (int i = 0; i < nh + nb; i++) {
        uint64_t bit = (uint64_t)1 << index[i];
        if (seen & bit) {
            goto fallback; /* a card twice: the Python reader's to refuse */
        }
        seen |= bit;
        suits[index[i] & 3]++;
        key += r->rank_keys[index[i] >> 2];
    }
    if (r->flushes) {
        for (int s = 0; s < SUITS; s++) {
            if (suits[s] >= FLUSH) {
                goto fallback;
            }
        }
    }
    PyObject *k = PyLong_FromLong(key);
    if (k == NULL) {
        return NULL;
    }
    PyObject *found = PyDict_GetItemWithError(r->exact, k);
    Py_DECREF(k);
    if (found != NULL) {
        return Py_NewRef(found);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
fallback:
    return PyObject_Vectorcall(r->fallback, args, nargsf, NULL);
}

static PyObject *plain_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"exact", "flushes", "cards", "rank_keys", "fallback", NULL};
    PyObject *exact, *cards, *rank_keys, *fallback;
    int flushes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!pOOO:PlainReader", names, &PyDict_Type,
                                     &exact, &flushes, &cards, &rank_keys, &fallback)) {
        return NULL;
    }
    PlainReader *r = (PlainReader *)type->tp_alloc(type, 0);
    if (r == NULL) {
        return NULL;
    }
    r->vectorcall = plain_call;
    if (read_keys(rank_keys, r->rank_keys, RANKS, "rank_keys") < 0 ||
        card_table_init(&r->table, cards) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    r->exact = Py_NewRef(exact);
    r->fallback = Py_NewRef(fallback);
    r->flushes = flushes;
    return (PyObject *)r;
}

static void plain_dealloc(PyObject *self) {
    PlainReader *r = (PlainReader *)self;
    Py_XDECREF(r->exact);
    Py_XDECREF(r->fallback);
    Py_XDECREF(r->table.cards);
    Py_TYPE(self)->tp_free(self);
}

static PyTypeObject PlainReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pokerbook.evaluation.quick_native.PlainReader",
    .tp_doc = PyDoc_STR("PlainReader(exact, flushes, cards, rank_keys, fallback): reader(hole, "
                        "board) is the value exact holds for a plain hand's rank key, or "
                        "fallback(hole, board)."),
    .tp_basicsize = sizeof(PlainReader),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = plain_new,
    .tp_dealloc = plain_dealloc,
    .tp_vectorcall_offset = offsetof(PlainReader, vectorcall),
    .tp_call = PyVectorcall_Call,
};

/* ---------------------------------------------------------------- Omaha */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    CardTable table;
    Py_buffer cols, rows, codes, flushes; /* arrays of 'H', 'I', 'H', 'H' */
    int buffers;                           /* how many of them are taken */
    PyObject *shared;                      /* list: HandValue or None by code */
    PyObject *value_at;                    /* makes shared[code] */
    PyObject *fallback;                    /* the Python evaluator, for other shapes */
    int flush_rule;                        /* 0: flushes do not count, 1: good, 2: hurt */
    uint32_t hole_keys[RANKS];
    uint32_t board_keys[RANKS];
} OmahaReader;

static PyObject *value_of(OmahaReader *r, long code) {
    if (code >= PyList_GET_SIZE(r->shared)) {
        PyErr_SetString(PyExc_IndexError, "a code past the shared values");
        return NULL;
    }
    PyObject *found = PyList_GET_ITEM(r->shared, code);
    if (found != Py_None) {
        return Py_NewRef(found);
    }
    PyObject *at = PyLong_FromLong(code);
    if (at == NULL) {
        return NULL;
    }
    found = PyObject_CallOneArg(r->value_at, at);
    Py_DECREF(at);
    return found;
}

/* The best of the flush codes of two ranks of ``mine`` and three of ``board`` (rank
 * masks of one suit). */
static long best_flush(const uint16_t *flushes, unsigned mine, unsigned board) {
    unsigned both = mine | board;
    if (__builtin_popcount(both) == FLUSH) {
        return flushes[both];
    }
    long best = 0;
    for (unsigned a = mine; a; a &= a - 1) {
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
            unsigned two = (a & -a) | (b & -b);
            for (unsigned x = board; x; x &= x - 1) {
                for (unsigned y = x & (x - 1); y; y &= y - 1) {
                    for (unsigned z = y & (y - 1); z; z &= z - 1) {
                        long v = flushes[two | (x & -x) | (y & -y) | (z & -z)];
                        if (v > best) {
                            best = v;
                        }
                    }
                }
            }
        }
    }
    return best;
}

/* Four and five cards (as read_cards reads them): their indices, or 0 if the hand is
 * of another shape or holds other objects. */
static int omaha_indices(const OmahaReader *r, PyObject *hole, PyObject *board, int *index) {
    return read_cards(&r->table, hole, index, OMAHA_HOLE) == OMAHA_HOLE &&
           read_cards(&r->table, board, index + OMAHA_HOLE, OMAHA_BOARD) == OMAHA_BOARD;
}

/* reader(hole, board): quick_omaha's evaluator, the same value or None. */
static PyObject *omaha_call(PyObject *self, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames) {
    OmahaReader *r = (OmahaReader *)self;
    if (PyVectorcall_NARGS(nargsf) != 2 || kwnames != NULL) {
        PyErr_SetString(PyExc_TypeError, "an Omaha reader takes (hole, board)");
        return NULL;
    }
    int index[OMAHA_HOLE + OMAHA_BOARD];
    if (!omaha_indices(r, args[0], args[1], index)) {
        return PyObject_Vectorcall(r->fallback, args, nargsf, NULL);
    }
    uint64_t seen = 0;
    unsigned hole_suit[SUITS] = {0, 0, 0, 0};
    unsigned board_suit[SUITS] = {0, 0, 0, 0};
    uint32_t h = 0, b = 0;
    for (int i = 0; i < OMAHA_HOLE; i++) {
        int c = index[i];
        seen |= (uint64_t)1 << c;
        h += r->hole_keys[c >> 2];
        hole_suit[c & 3] |= 1u << (c >> 2);
    }
    for (int i = OMAHA_HOLE; i < OMAHA_HOLE + OMAHA_BOARD; i++) {
        int c = index[i];
        seen |= (uint64_t)1 << c;
        b += r->board_keys[c >> 2];
        board_suit[c & 3] |= 1u << (c >> 2);
    }
    if (__builtin_popcountll(seen) != OMAHA_HOLE + OMAHA_BOARD) {
        Py_RETURN_NONE; /* a card twice */
    }
    const uint32_t *rows = r->rows.buf;
    const uint16_t *cols = r->cols.buf;
    long code = ((const uint16_t *)r->codes.buf)[rows[b] + cols[h]];
    for (int s = 0; r->flush_rule != 0 && s < SUITS; s++) {
        int mine = __builtin_popcount(hole_suit[s]), ranks = __builtin_popcount(board_suit[s]);
        if (mine + ranks < FLUSH) {
            continue;
        }
        /* only one suit can have five of the nine cards */
        if (mine >= 2 && ranks >= 3) {
            if (r->flush_rule != 1) {
                Py_RETURN_NONE; /* a flush hurts: the general path's to weigh */
            }
            long best = best_flush(r->flushes.buf, hole_suit[s], board_suit[s]);
            if (best > code) {
                code = best;
            }
        }
        break;
    }
    return value_of(r, code);
}

static int take_buffer(PyObject *from, Py_buffer *view, const char *format, Py_ssize_t least,
                       const char *what) {
    if (PyObject_GetBuffer(from, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    if (view->format == NULL || strcmp(view->format, format) != 0 || view->len / view->itemsize < least) {
        PyErr_Format(PyExc_ValueError, "%s must be an array('%s') of at least %zd items", what,
                     format, least);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The largest sum of ``count`` keys of distinct cards (at most four of a rank). */
static uint32_t reach(const uint32_t *keys, int count) {
    uint32_t first = 0, second = 0;
    for (int i = 0; i < RANKS; i++) {
        if (keys[i] > first) {
            second = first;
            first = keys[i];
        } else if (keys[i] > second) {
            second = keys[i];
        }
    }
    return count <= SUITS ? (uint32_t)count * first : SUITS * first + (uint32_t)(count - SUITS) * second;
}

/* Checks that every sum of the keys reads inside the arrays, so that no hand of
 * distinct cards reads outside them. */
static int check_reach(OmahaReader *r) {
    if ((Py_ssize_t)reach(r->hole_keys, OMAHA_HOLE) >= r->cols.len / 2 ||
        (Py_ssize_t)reach(r->board_keys, OMAHA_BOARD) >= r->rows.len / 4) {
        PyErr_SetString(PyExc_ValueError, "the row and column arrays are too short for the keys");
        return -1;
    }
    const uint16_t *cols = r->cols.buf;
    const uint32_t *rows = r->rows.buf;
    uint64_t col = 0, row = 0;
    for (Py_ssize_t i = 0; i < r->cols.len / 2; i++) {
        col = cols[i] > col ? cols[i] : col;
    }
    for (Py_ssize_t i = 0; i < r->rows.len / 4; i++) {
        row = rows[i] > row ? rows[i] : row;
    }
    if ((Py_ssize_t)(row + col) >= r->codes.len / 2) {
        PyErr_SetString(PyExc_ValueError, "the codes array is too short for its rows and columns");
        return -1;
    }
    return 0;
}

static PyObject *omaha_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"cols",     "rows",      "codes",     "flushes",
                            "shared",   "value_at",  "fallback",  "flush_rule",
                            "cards",    "hole_keys", "board_keys", NULL};
    PyObject *cols, *rows, *codes, *flushes, *shared, *value_at, *fallback, *cards;
    PyObject *hole_keys, *board_keys;
    int flush_rule;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOO!OOiOOO:OmahaReader", names, &cols, &rows,
                                     &codes, &flushes, &PyList_Type, &shared, &value_at,
                                     &fallback, &flush_rule, &cards, &hole_keys, &board_keys)) {
        return NULL;
    }
    OmahaReader *r = (OmahaReader *)type->tp_alloc(type, 0);
    if (r == NULL) {
        return NULL;
    }
    r->vectorcall = omaha_call;
    r->flush_rule = flush_rule;
    r->shared = Py_NewRef(shared);
    r->value_at = Py_NewRef(value_at);
    r->fallback = Py_NewRef(fallback);
    int ok = read_keys(hole_keys, r->hole_keys, RANKS, "hole_keys") == 0 &&
             read_keys(board_keys, r->board_keys, RANKS, "board_keys") == 0 &&
             card_table_init(&r->table, cards) == 0;
    if (ok && (flush_rule < 0 || flush_rule > 2)) {
        PyErr_SetString(PyExc_ValueError, "flush_rule must be 0, 1 or 2");
        ok = 0;
    }
    Py_buffer *views[] = {&r->cols, &r->rows, &r->codes, &r->flushes};
    PyObject *arrays[] = {cols, rows, codes, flushes};
    const char *formats[] = {"H", "I", "H", "H"};
    const char *what[] = {"cols", "rows", "codes", "flushes"};
    for (int i = 0; ok && i < 4; i++) {
        Py_ssize_t least = i == 3 && flush_rule == 1 ? 1 << RANKS : i < 3;
        ok = take_buffer(arrays[i], views[i], formats[i], least, what[i]) == 0;
        r->buffers += ok;
    }
    if (!ok || check_reach(r) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    return (PyObject *)r;
}

static void omaha_dealloc(PyObject *self) {
    OmahaReader *r = (OmahaReader *)self;
    Py_buffer *views[] = {&r->cols, &r->rows, &r->codes, &r->flushes};
    for (int i = 0; i < r->buffers; i++) {
        PyBuffer_Release(views[i]);
    }
    Py_XDECREF(r->shared);
    Py_XDECREF(r->value_at);
    Py_XDECREF(r->fallback);
    Py_XDECREF(r->table.cards);
    Py_TYPE(self)->tp_free(self);
}

static PyTypeObject OmahaReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pokerbook.evaluation.quick_native.OmahaReader",
    .tp_doc = PyDoc_STR("OmahaReader(cols, rows, codes, flushes, shared, value_at, fallback, "
                        "flush_rule, cards, hole_keys, board_keys): quick_omaha's evaluator."),
    .tp_basicsize = sizeof(OmahaReader),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = omaha_new,
    .tp_dealloc = omaha_dealloc,
    .tp_vectorcall_offset = offsetof(OmahaReader, vectorcall),
    .tp_call = PyVectorcall_Call,
};

/* --------------------------------------------------------------- module */

static struct PyModuleDef quick_native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pokerbook.evaluation.quick_native",
    .m_doc = PyDoc_STR("The fast path's hot loops in C: the same answers as quick.py and "
                       "quick_omaha.py."),
    .m_size = -1,
};

PyMODINIT_FUNC PyInit_quick_native(void) {
    if (PyType_Ready(&PlainReaderType) < 0 || PyType_Ready(&OmahaReaderType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&quick_native_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "PlainReader", (PyObject *)&PlainReaderType) < 0 ||
        PyModule_AddObjectRef(m, "OmahaReader", (PyObject *)&OmahaReaderType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

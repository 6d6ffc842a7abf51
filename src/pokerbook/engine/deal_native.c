/* The dealer's hot loop in C: the same cards as take_cards in dealing.py.
 *
 * take(stub, x, count) deals ``count`` cards from the list ``stub``: for ``left``
 * from len(stub) down, the card at ``x mod left`` (x then divided by ``left``)
 * goes out and the last card still in the stub fills its place; the stub loses its
 * last ``count`` places.  Returns the cards dealt, as a new list.
 *
 * x is read once into 32-bit limbs through the public integer API (its low 64 bits
 * at a time), and divided there, so no Python integer is made a card.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MOST_LIMBS 64 /* x below 2**2048: far more than any deal needs */

/* x's 32-bit limbs, least significant first; the count of them, or -1 with an
 * exception set (x negative, or too big). */
static Py_ssize_t limbs_of(PyObject *x, uint32_t *limbs) {
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) {
        return -1;
    }
    int sign = PyObject_RichCompareBool(x, zero, Py_LT);
    Py_DECREF(zero);
    if (sign < 0) {
        return -1;
    }
    if (sign) {
        PyErr_SetString(PyExc_ValueError, "take: x must not be negative");
        return -1;
    }
    Py_ssize_t n = 0;
    PyObject *rest = Py_NewRef(x);
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL) {
        Py_DECREF(rest);
        return -1;
    }
    for (;;) {
        unsigned long long low = PyLong_AsUnsignedLongLongMask(rest);
        if (low == (unsigned long long)-1 && PyErr_Occurred()) {
            n = -1;
            break;
        }
        if (n + 2 > MOST_LIMBS) {
            PyErr_SetString(PyExc_OverflowError, "take: x is too big");
            n = -1;
            break;
        }
        limbs[n++] = (uint32_t)low;
        limbs[n++] = (uint32_t)(low >> 32);
        PyObject *next = PyNumber_Rshift(rest, shift);
        if (next == NULL) {
            n = -1;
            break;
        }
        Py_DECREF(rest);
        rest = next;
        int zero = PyObject_Not(rest);
        if (zero < 0) {
            n = -1;
            break;
        }
        if (zero) {
            break;
        }
    }
    Py_DECREF(rest);
    Py_DECREF(shift);
    return n;
}

/* Divide the limbs in place by d; returns the remainder.  ``*n`` drops the high
 * limbs that became zero. */
static uint32_t divide(uint32_t *limbs, Py_ssize_t *n, uint32_t d) {
    uint64_t rem = 0;
    for (Py_ssize_t i = *n - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | limbs[i];
        limbs[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    while (*n > 0 && limbs[*n - 1] == 0) {
        (*n)--;
    }
    return (uint32_t)rem;
}

static PyObject *take(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "take(stub, x, count) takes 3 arguments");
        return NULL;
    }
    PyObject *stub = args[0];
    PyObject *x = args[1];
    if (!PyList_CheckExact(stub) || !PyLong_CheckExact(x) || !PyLong_CheckExact(args[2])) {
        PyErr_SetString(PyExc_TypeError, "take: a list, an int and an int");
        return NULL;
    }
    Py_ssize_t count = PyLong_AsSsize_t(args[2]);
    if (count == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t size = PyList_GET_SIZE(stub);
    if (count <= 0 || count > size || size > (Py_ssize_t)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "take: count must be 1 to the stub's size");
        return NULL;
    }
    uint32_t limbs[MOST_LIMBS];
    Py_ssize_t n = limbs_of(x, limbs);
    if (n < 0) {
        return NULL;
    }
    PyObject *out = PyList_New(count);
    if (out == NULL) {
        return NULL;
    }
    PyObject **cards = ((PyListObject *)stub)->ob_item;
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t left = size - k;
        Py_ssize_t j = (Py_ssize_t)divide(limbs, &n, (uint32_t)left);
        PyObject *card = cards[j]; /* the stub's reference moves to out */
        PyList_SET_ITEM(out, k, card);
        cards[j] = cards[left - 1];
        cards[left - 1] = NULL;
    }
    /* the last ``count`` places hold no reference now: shrink the list over them */
    Py_SET_SIZE(stub, size - count);
    return out;
}

static PyMethodDef methods[] = {
    {"take", (PyCFunction)(void (*)(void))take, METH_FASTCALL,
     "take(stub, x, count): deal count cards from the list stub by the integer x."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pokerbook.engine.deal_native",
    "The dealer's hot loop in C (see dealing.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_deal_native(void) { return PyModule_Create(&module); }

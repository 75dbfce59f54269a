/* ops_tensor.c - tensor and linalg ops in the interpreter.
 *
 * Tensors are immutable: every op builds a new one (linalg `outs` are only
 * the initial value of the result). Bodies of linalg.generic, linalg.map
 * and linalg.reduce run lifted: each block argument is bound to a whole
 * vector (one element per point of the iteration space) and the body runs
 * once, so the cost is one op dispatch per body op, not per element.
 *
 * Numerics (ref/corpus README): linalg.matmul accumulates A*B in f32 for
 * 16-bit floats (f64 for f64), rounds the product once to the element type,
 * then adds the init elementwise (one more rounding); linalg.reduce folds
 * each row as a pairwise tree (halves: element i with element i + L/2,
 * rounding every combine to the element type), then combines the tree's
 * result with the init.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"

static const struct iv_tensor *tensor_opnd(struct iv_ct *t, ir_op op, uint32_t i)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_val *v = iv_opnd(t, o, i);
    if (v->kind != IV_TENSOR) {
        iv_error(t, op, "operand #%u is not a tensor", i);
        return NULL;
    }
    return iv_tensor_of(v);
}

/* The shape of result i from its type; dynamic extents come from dyn
 * operands starting at *next. */
static int result_shape(struct iv_ct *t, ir_op op, uint32_t i, uint32_t *next, int64_t *shape,
                        uint32_t *rank, unsigned *ek)
{
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, o->res + i));
    if (ti->kind != IR_TY_TENSOR || ti->rank > IV_MAXR || !iv_ek_of_type(m, ti->elem, ek))
        return iv_error(t, op, "unsupported result type");
    *rank = ti->rank;
    for (uint32_t k = 0; k < ti->rank; k++) {
        shape[k] = ti->shape[k];
        if (shape[k] == IR_DYN) {
            if (!next || *next >= o->nopnd || !iv_int(t, op, iv_opnd(t, o, (*next)++), &shape[k]))
                return iv_error(t, op, "missing dynamic extent %u", k);
            if (shape[k] < 0)
                return iv_error(t, op, "negative extent %" PRId64, shape[k]);
        }
    }
    return iv_check_tensor(t, op, *ek, *rank, shape);
}

static int64_t numel(uint32_t rank, const int64_t *shape)
{
    int64_t n = 1;
    for (uint32_t k = 0; k < rank; k++)
        n *= shape[k];
    return n;
}

/* Row-major strides of a shape. */
static void strides_of(uint32_t rank, const int64_t *shape, int64_t *st)
{
    int64_t s = 1;
    for (int k = (int)rank - 1; k >= 0; k--) {
        st[k] = s;
        s *= shape[k];
    }
}

static void put_scalar(struct iv_tensor *x, int64_t i, const struct iv_val *s)
{
    if (iv_ek_is_float(s->ek))
        iv_put_f(x, i, s->s.f);
    else
        iv_put_i(x, i, s->s.i);
}

/* Fills x with scalar s (converted to x's kind). */
static void fill(struct iv_tensor *x, const struct iv_val *s)
{
    if (!x->n)
        return;
    put_scalar(x, 0, s);
    size_t es = iv_ek_size(x->ek);
    uint8_t *d = x->data;
    for (int64_t done = 1; done < x->n;) { /* doubling copies */
        int64_t c = done < x->n - done ? done : x->n - done;
        memcpy(d + (size_t)done * es, d, (size_t)c * es);
        done += c;
    }
}

static struct iv_tensor *copy_of(const struct iv_tensor *a, uint32_t rank, const int64_t *shape)
{
    struct iv_tensor *y = iv_tensor_new(a->ek, rank, shape);
    memcpy(y->data, a->data, (size_t)a->n * iv_ek_size(a->ek));
    return y;
}

static int set_tensor(struct iv_ct *t, ir_op op, uint32_t i, struct iv_tensor *x)
{
    struct iv_val v = iv_tensor_val(x);
    return iv_set_result(t, op, i, &v);
}

/* Moves elements: dst[i] = src[off[i]] for i < n (element size es). */
static void gather(uint8_t *dst, const uint8_t *src, const int64_t *off, int64_t n, size_t es)
{
    switch (es) {
    case 2:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + 2 * i, src + 2 * off[i], 2);
        break;
    case 4:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + 4 * i, src + 4 * off[i], 4);
        break;
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + (size_t)i * es, src + (size_t)off[i] * es, es);
    }
}

/* A copy of a with its dims permuted: out dim j is a's dim perm[j]. */
static struct iv_tensor *permute(const struct iv_tensor *a, const uint32_t *perm)
{
    int64_t shape[IV_MAXR], ast[IV_MAXR], st[IV_MAXR], idx[IV_MAXR] = {0};
    for (uint32_t j = 0; j < a->rank; j++)
        shape[j] = a->shape[perm[j]];
    strides_of(a->rank, a->shape, ast);
    for (uint32_t j = 0; j < a->rank; j++)
        st[j] = ast[perm[j]];
    struct iv_tensor *y = iv_tensor_new(a->ek, a->rank, shape);
    size_t es = iv_ek_size(a->ek);
    uint8_t *d = y->data;
    const uint8_t *s = a->data;
    int64_t off = 0, inner = a->rank ? shape[a->rank - 1] : 1;
    int64_t ist = a->rank ? st[a->rank - 1] : 0;
    for (int64_t p = 0; p < y->n; p += inner) {
        for (int64_t i = 0; i < inner; i++)
            memcpy(d + (size_t)(p + i) * es, s + (size_t)(off + i * ist) * es, es);
        for (int j = (int)a->rank - 2; j >= 0; j--) {
            off += st[j];
            if (++idx[j] < shape[j])
                break;
            off -= st[j] * shape[j];
            idx[j] = 0;
        }
    }
    return y;
}

/* ---- tensor ---------------------------------------------------------------- */

static int exec_empty(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    int64_t shape[IV_MAXR];
    uint32_t rank, next = 0;
    unsigned ek;
    if (result_shape(t, op, 0, &next, shape, &rank, &ek))
        return IV_ERR;
    return set_tensor(t, op, 0, iv_tensor_new(ek, rank, shape)); /* zero-filled (ktir-cpu) */
}

static int exec_splat(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_val *s = iv_opnd(t, o, 0);
    int64_t shape[IV_MAXR];
    uint32_t rank, next = 1;
    unsigned ek;
    if (s->kind != IV_SCALAR)
        return iv_error(t, op, "splat of a non-scalar value");
    if (result_shape(t, op, 0, &next, shape, &rank, &ek))
        return IV_ERR;
    struct iv_tensor *x = iv_tensor_new(ek, rank, shape);
    fill(x, s);
    return set_tensor(t, op, 0, x);
}

static int exec_from_elements(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    int64_t shape[IV_MAXR];
    uint32_t rank;
    unsigned ek;
    if (result_shape(t, op, 0, NULL, shape, &rank, &ek))
        return IV_ERR;
    struct iv_tensor *x = iv_tensor_new(ek, rank, shape);
    if (x->n != o->nopnd) {
        iv_obj_release(&x->h);
        return iv_error(t, op, "%u elements for a tensor of %" PRId64, o->nopnd, x->n);
    }
    for (uint32_t i = 0; i < o->nopnd; i++)
        put_scalar(x, i, iv_opnd(t, o, i));
    return set_tensor(t, op, 0, x);
}

/* Linear offset of indices operands [from, from+rank) into x; lifted
 * indices (tensors) give one offset per point in *offs (n of them). */
static int offsets(struct iv_ct *t, ir_op op, const struct iv_tensor *x, uint32_t from,
                   int64_t **offs, int64_t *n)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    int64_t st[IV_MAXR];
    strides_of(x->rank, x->shape, st);
    *n = 1;
    for (uint32_t k = 0; k < x->rank; k++) {
        const struct iv_val *v = iv_opnd(t, o, from + k);
        if (v->kind == IV_TENSOR)
            *n = iv_tensor_of(v)->n;
    }
    *offs = calloc((size_t)*n, sizeof **offs);
    int64_t *tmp = malloc((size_t)*n * sizeof *tmp);
    if (!*offs || !tmp)
        abort();
    for (uint32_t k = 0; k < x->rank; k++) {
        const struct iv_val *v = iv_opnd(t, o, from + k);
        if (v->kind == IV_TENSOR) {
            if (iv_tensor_of(v)->n != *n) {
                free(tmp);
                return iv_error(t, op, "lifted indices differ in length");
            }
            iv_unpack_i(iv_tensor_of(v), 0, *n, false, tmp);
        } else {
            for (int64_t i = 0; i < *n; i++)
                tmp[i] = v->s.i;
        }
        for (int64_t i = 0; i < *n; i++) {
            if (tmp[i] < 0 || tmp[i] >= x->shape[k]) {
                int64_t bad = tmp[i];
                free(tmp);
                return iv_error(t, op, "index %" PRId64 " is out of bounds for dimension %u of "
                                       "size %" PRId64, bad, k, x->shape[k]);
            }
            (*offs)[i] += tmp[i] * st[k];
        }
    }
    free(tmp);
    return IV_OK;
}

static int exec_extract(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *x = tensor_opnd(t, op, 0);
    int64_t *off, n;
    if (!x)
        return IV_ERR;
    if (o->nopnd != 1u + x->rank)
        return iv_error(t, op, "expects %u indices", x->rank);
    if (offsets(t, op, x, 1, &off, &n)) {
        free(off);
        return IV_ERR;
    }
    bool lifted = false;
    for (uint32_t k = 0; k < x->rank; k++)
        lifted = lifted || iv_opnd(t, o, 1 + k)->kind == IV_TENSOR;
    struct iv_val r;
    if (!lifted) {
        r = iv_ek_is_float(x->ek) ? iv_scalar_f(x->ek, iv_get_f(x, off[0]))
                                  : iv_scalar_i(x->ek, iv_get_i(x, off[0]));
    } else {
        struct iv_tensor *y = iv_tensor_new(x->ek, 1, &n);
        gather(y->data, x->data, off, n, iv_ek_size(x->ek));
        r = iv_tensor_val(y);
    }
    free(off);
    return iv_set_result(t, op, 0, &r);
}

static int exec_insert(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_val *s = iv_opnd(t, o, 0);
    const struct iv_tensor *x = tensor_opnd(t, op, 1);
    int64_t *off, n;
    if (!x)
        return IV_ERR;
    if (s->kind != IV_SCALAR || o->nopnd != 2u + x->rank)
        return iv_error(t, op, "expects a scalar, a tensor and %u indices", x->rank);
    if (offsets(t, op, x, 2, &off, &n)) {
        free(off);
        return IV_ERR;
    }
    struct iv_tensor *y = copy_of(x, x->rank, x->shape);
    for (int64_t i = 0; i < n; i++)
        put_scalar(y, off[i], s);
    free(off);
    return set_tensor(t, op, 0, y);
}

static int exec_reshape(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct iv_tensor *x = tensor_opnd(t, op, 0);
    int64_t shape[IV_MAXR];
    uint32_t rank;
    unsigned ek;
    if (!x || result_shape(t, op, 0, NULL, shape, &rank, &ek))
        return IV_ERR;
    if (numel(rank, shape) != x->n || iv_ek_size(ek) != iv_ek_size(x->ek))
        return iv_error(t, op, "reshape of %" PRId64 " elements into %" PRId64, x->n,
                        numel(rank, shape));
    struct iv_tensor *y = copy_of(x, rank, shape);
    y->ek = (uint8_t)ek; /* tensor.bitcast */
    return set_tensor(t, op, 0, y);
}

static int exec_dim(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *x = tensor_opnd(t, op, 0);
    int64_t d;
    if (!x || !iv_int(t, op, iv_opnd(t, o, 1), &d))
        return IV_ERR;
    if (d < 0 || d >= x->rank)
        return iv_error(t, op, "dimension %" PRId64 " out of range", d);
    struct iv_val v = iv_scalar_i(INTERP_INDEX, x->shape[d]);
    return iv_set_result(t, op, 0, &v);
}

/* extract_slice / insert_slice: offsets, sizes, strides, each mixing
 * static_* attribute entries with SSA operands. */
struct slice_pre {
    uint32_t src, nfixed; /* first operand after the source (and dest) */
    const int64_t *stat[3];
    uint32_t rank;
};

static bool prep_slice(struct interp *in, ir_op op, struct iv_pre *p)
{
    static const char *const names[3] = {"static_offsets", "static_sizes", "static_strides"};
    struct slice_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    d->nfixed = p->code ? 2 : 1;
    for (int i = 0; i < 3; i++) {
        ir_attr a = ir_op_attr(in->m, op, names[i]);
        const struct ir_attr_info *ai = a ? ir_attr_get(in->m, a) : NULL;
        if (!ai || ai->kind != IR_AT_DENSE_ARRAY || ai->n > IV_MAXR || (i && ai->n != d->rank))
            return iv_prep_error(in, op, "malformed slice (missing %s)", names[i]);
        d->stat[i] = ai->ints;
        d->rank = ai->n;
    }
    return true;
}

static int exec_slice(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct slice_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    bool insert = p->code != 0;
    const struct iv_tensor *src = tensor_opnd(t, op, 0);
    const struct iv_tensor *big = insert ? tensor_opnd(t, op, 1) : src;
    int64_t v[3][IV_MAXR];
    uint32_t next = d->nfixed;
    if (!src || !big)
        return IV_ERR;
    if (big->rank != d->rank)
        return iv_error(t, op, "slice of rank %u over a tensor of rank %u", d->rank, big->rank);
    for (int i = 0; i < 3; i++)
        for (uint32_t k = 0; k < d->rank; k++) {
            v[i][k] = d->stat[i][k];
            if (v[i][k] == IR_DYN && !iv_int(t, op, iv_opnd(t, o, next++), &v[i][k]))
                return IV_ERR;
        }
    int64_t bst[IV_MAXR], idx[IV_MAXR] = {0}, n = numel(d->rank, v[1]);
    strides_of(big->rank, big->shape, bst);
    for (uint32_t k = 0; k < d->rank; k++) {
        int64_t last = v[0][k] + (v[1][k] - 1) * v[2][k];
        if (v[1][k] && (v[0][k] < 0 || last < 0 || last >= big->shape[k] || v[0][k] >= big->shape[k]))
            return iv_error(t, op, "slice is out of bounds in dimension %u", k);
    }
    if (n != src->n && insert)
        return iv_error(t, op, "inserted tensor has %" PRId64 " elements, the slice %" PRId64,
                        src->n, n);
    int64_t *off = malloc((size_t)(n ? n : 1) * sizeof *off);
    if (!off)
        abort();
    for (int64_t i = 0; i < n; i++) {
        off[i] = 0;
        for (uint32_t k = 0; k < d->rank; k++)
            off[i] += (v[0][k] + idx[k] * v[2][k]) * bst[k];
        for (int k = (int)d->rank - 1; k >= 0; k--) {
            if (++idx[k] < v[1][k])
                break;
            idx[k] = 0;
        }
    }
    size_t es = iv_ek_size(big->ek);
    struct iv_tensor *y;
    if (insert) {
        y = copy_of(big, big->rank, big->shape);
        uint8_t *dd = y->data;
        const uint8_t *s = src->data;
        for (int64_t i = 0; i < n; i++)
            memcpy(dd + (size_t)off[i] * es, s + (size_t)i * es, es);
    } else {
        int64_t shape[IV_MAXR];
        uint32_t rank;
        unsigned ek;
        if (result_shape(t, op, 0, NULL, shape, &rank, &ek) || numel(rank, shape) != n) {
            free(off);
            return iv_error(t, op, "result type does not match the slice sizes");
        }
        y = iv_tensor_new(big->ek, rank, shape);
        gather(y->data, big->data, off, n, es);
    }
    free(off);
    return set_tensor(t, op, 0, y);
}

/* ---- linalg: operands ---------------------------------------------------------- */

/* Splits a structured op's operands into ins [0, *nin) and outs. */
static bool split(const struct ir_module *m, ir_op op, uint32_t *nin, uint32_t *nout)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    if (strcmp(name, "linalg.reduce") == 0) {
        *nin = *nout = o->nopnd / 2;
        return o->nopnd % 2 == 0 && o->nopnd;
    }
    if (strcmp(name, "linalg.map") == 0 || strcmp(name, "linalg.broadcast") == 0 ||
        strcmp(name, "linalg.transpose") == 0) {
        *nout = 1;
        *nin = o->nopnd - 1;
        return o->nopnd >= 1;
    }
    ir_attr a = ir_op_attr(m, op, "operandSegmentSizes");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (ai && ai->kind == IR_AT_DENSE_ARRAY && ai->n == 2 && ai->ints[0] + ai->ints[1] == o->nopnd) {
        *nin = (uint32_t)ai->ints[0];
        *nout = (uint32_t)ai->ints[1];
        return true;
    }
    *nout = o->nres ? o->nres : 1;
    *nin = o->nopnd - *nout;
    return o->nopnd >= *nout;
}

static bool prep_structured(struct interp *in, ir_op op, struct iv_pre *p)
{
    uint32_t nin, nout;
    if (!split(in->m, op, &nin, &nout))
        return iv_prep_error(in, op, "cannot tell the ins from the outs");
    p->aux = (int32_t)nin;
    return true;
}

static unsigned elem_of_opnd(struct iv_ct *t, ir_op op, uint32_t i)
{
    struct ir_module *m = t->in->m;
    unsigned ek = INTERP_F32;
    iv_ek_of_type(m, ir_type_elem(m, ir_value_type(m, ir_op_get(m, op)->opnd[i])), &ek);
    return ek;
}

/* Elementwise named ops: code is a float enum iv_ew; integer element types
 * use the matching integer op. */
static int exec_named_ew(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    uint32_t nin = (uint32_t)p->aux;
    unsigned ek = elem_of_opnd(t, op, nin);
    int code = p->code;
    if (!iv_ek_is_float(ek)) {
        static const int to_int[][2] = {{EW_ADDF, EW_ADDI}, {EW_SUBF, EW_SUBI}, {EW_MULF, EW_MULI},
                                        {EW_DIVF, EW_DIVSI}, {EW_MAXNUMF, EW_MAXSI},
                                        {EW_MINNUMF, EW_MINSI}};
        int c = -1;
        for (size_t i = 0; i < sizeof to_int / sizeof *to_int; i++)
            if (to_int[i][0] == code)
                c = to_int[i][1];
        if (c < 0)
            return iv_error(t, op, "operation needs floating-point elements");
        code = c;
    }
    struct iv_val *in[2], r = {0};
    for (uint32_t i = 0; i < nin && i < 2; i++)
        in[i] = iv_opnd(t, o, i);
    if (iv_ew_apply(t, op, code, nin < 2 ? nin : 2, in, ek, NULL, &r))
        return IV_ERR;
    if (!o->nres) {
        iv_val_clear(&r);
        return IV_OK;
    }
    return iv_set_result(t, op, 0, &r);
}

static int exec_named_square(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val *in[2] = {iv_opnd(t, o, 0), iv_opnd(t, o, 0)}, r = {0};
    if (iv_ew_apply(t, op, EW_MULF, 2, in, elem_of_opnd(t, op, 1), NULL, &r))
        return IV_ERR;
    return o->nres ? iv_set_result(t, op, 0, &r) : (iv_val_clear(&r), IV_OK);
}

static int exec_fill(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_val *s = iv_opnd(t, o, 0);
    const struct iv_tensor *out = tensor_opnd(t, op, (uint32_t)p->aux);
    if (!out)
        return IV_ERR;
    if (s->kind != IV_SCALAR)
        return iv_error(t, op, "fill value must be a scalar");
    struct iv_tensor *x = iv_tensor_new(out->ek, out->rank, out->shape);
    fill(x, s);
    return o->nres ? set_tensor(t, op, 0, x) : (iv_obj_release(&x->h), IV_OK);
}

static int exec_copy(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *x = tensor_opnd(t, op, 0), *out = tensor_opnd(t, op, 1);
    if (!x || !out)
        return IV_ERR;
    if (x->n != out->n)
        return iv_error(t, op, "copy between tensors of different sizes");
    struct iv_tensor *y = iv_tensor_new(out->ek, out->rank, out->shape);
    double buf[512];
    for (int64_t i = 0; i < x->n; i += 512) {
        int64_t c = x->n - i < 512 ? x->n - i : 512;
        iv_unpack_f(x, i, c, buf);
        iv_pack_f(y, i, c, buf);
    }
    if (x->ek == out->ek)
        memcpy(y->data, x->data, (size_t)x->n * iv_ek_size(x->ek));
    return o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
}

/* ---- linalg.matmul and friends ---------------------------------------------------- */

/* C[b] = C[b] + A[b] x B[b] for nb batches of (m x k) x (k x n); A, B, C
 * given as element strides (row, col) per operand and batch. */
struct mm_shape {
    int64_t nb, m, k, n;
    int64_t as[3], bs[3], cs[3]; /* batch, row, col strides */
};

/* n elements of x from i with stride st, as doubles. */
static void unpack_row(const struct iv_tensor *x, int64_t i, int64_t st, int64_t n, double *out)
{
    if (st == 1) {
        iv_unpack_f(x, i, n, out);
        return;
    }
    for (int64_t j = 0; j < n; j++)
        out[j] = iv_get_f(x, i + j * st);
}

/* acc[m x n] += a[m x k] * b[k x n], f32, row-major. Four rows at a time
 * and eight columns unrolled so that the compiler vectorizes the updates;
 * each acc element still sums its k products in order. */
#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target_clones("avx2", "default"))) /* wider SIMD where the CPU has it */
#endif
static void matmul_f32(const float *a, const float *b, float *acc, int64_t m, int64_t k,
                       int64_t n)
{
    int64_t i = 0;
    for (; i + 4 <= m; i += 4) {
        float *restrict r0 = acc + i * n, *restrict r1 = r0 + n, *restrict r2 = r1 + n,
                        *restrict r3 = r2 + n;
        for (int64_t q = 0; q < k; q++) {
            float x0 = a[i * k + q], x1 = a[(i + 1) * k + q], x2 = a[(i + 2) * k + q],
                  x3 = a[(i + 3) * k + q];
            const float *restrict br = b + q * n;
            int64_t j = 0;
            for (; j + 8 <= n; j += 8)
                for (int u = 0; u < 8; u++) {
                    float bv = br[j + u];
                    r0[j + u] += x0 * bv;
                    r1[j + u] += x1 * bv;
                    r2[j + u] += x2 * bv;
                    r3[j + u] += x3 * bv;
                }
            for (; j < n; j++) {
                r0[j] += x0 * br[j];
                r1[j] += x1 * br[j];
                r2[j] += x2 * br[j];
                r3[j] += x3 * br[j];
            }
        }
    }
    for (; i < m; i++) {
        float *restrict row = acc + i * n;
        for (int64_t q = 0; q < k; q++) {
            float x = a[i * k + q];
            const float *restrict br = b + q * n;
            int64_t j = 0;
            for (; j + 8 <= n; j += 8)
                for (int u = 0; u < 8; u++)
                    row[j + u] += x * br[j + u];
            for (; j < n; j++)
                row[j] += x * br[j];
        }
    }
}

static void unpack_row32(const struct iv_tensor *x, int64_t i, int64_t st, int64_t n,
                         float *out)
{
    if (st == 1) {
        iv_unpack_f32(x, i, n, out);
        return;
    }
    for (int64_t j = 0; j < n; j++)
        out[j] = (float)iv_get_f(x, i + j * st);
}

/* Single-precision kinds: the product accumulates in f32 (as ktir-cpu), is
 * rounded once to the element kind, then the init is added (f32, rounded). */
static void matmul_single(const struct iv_tensor *A, const struct iv_tensor *B,
                          const struct iv_tensor *C, struct iv_tensor *R, const struct mm_shape *s)
{
    float *af = malloc((size_t)(s->m * s->k + s->k * s->n + s->m * s->n + s->n + 1) * sizeof *af);
    if (!af)
        abort();
    float *bf = af + s->m * s->k, *acc = bf + s->k * s->n, *row = acc + s->m * s->n;
    for (int64_t bt = 0; bt < s->nb; bt++) {
        for (int64_t i = 0; i < s->m; i++)
            unpack_row32(A, bt * s->as[0] + i * s->as[1], s->as[2], s->k, af + i * s->k);
        for (int64_t q = 0; q < s->k; q++)
            unpack_row32(B, bt * s->bs[0] + q * s->bs[1], s->bs[2], s->n, bf + q * s->n);
        memset(acc, 0, (size_t)(s->m * s->n) * sizeof *acc);
        matmul_f32(af, bf, acc, s->m, s->k, s->n);
        iv_round_n32(R->ek, acc, s->m * s->n);
        for (int64_t i = 0; i < s->m; i++) {
            int64_t c0 = bt * s->cs[0] + i * s->cs[1];
            unpack_row32(C, c0, s->cs[2], s->n, row);
            for (int64_t j = 0; j < s->n; j++)
                row[j] += acc[i * s->n + j];
            if (s->cs[2] == 1)
                iv_pack_f32(R, c0, s->n, row);
            else
                for (int64_t j = 0; j < s->n; j++)
                    iv_put_f(R, c0 + j * s->cs[2], row[j]);
        }
    }
    free(af);
}

/* f64 and integers: the product accumulates in f64, then as above. */
static void matmul_wide(const struct iv_tensor *A, const struct iv_tensor *B,
                        const struct iv_tensor *C, struct iv_tensor *R, const struct mm_shape *s)
{
    double *a = malloc((size_t)(s->m * s->k + s->k * s->n + s->m * s->n + s->n + 1) * sizeof *a);
    if (!a)
        abort();
    double *b = a + s->m * s->k, *acc = b + s->k * s->n, *row = acc + s->m * s->n;
    for (int64_t bt = 0; bt < s->nb; bt++) {
        for (int64_t i = 0; i < s->m; i++)
            unpack_row(A, bt * s->as[0] + i * s->as[1], s->as[2], s->k, a + i * s->k);
        for (int64_t q = 0; q < s->k; q++)
            unpack_row(B, bt * s->bs[0] + q * s->bs[1], s->bs[2], s->n, b + q * s->n);
        memset(acc, 0, (size_t)(s->m * s->n) * sizeof *acc);
        for (int64_t i = 0; i < s->m; i++)
            for (int64_t q = 0; q < s->k; q++) {
                double x = a[i * s->k + q];
                for (int64_t j = 0; j < s->n; j++)
                    acc[i * s->n + j] += x * b[q * s->n + j];
            }
        iv_round_n(R->ek, acc, s->m * s->n);
        for (int64_t i = 0; i < s->m; i++) {
            int64_t c0 = bt * s->cs[0] + i * s->cs[1];
            unpack_row(C, c0, s->cs[2], s->n, row);
            for (int64_t j = 0; j < s->n; j++)
                row[j] += acc[i * s->n + j];
            if (s->cs[2] == 1)
                iv_pack_f(R, c0, s->n, row);
            else
                for (int64_t j = 0; j < s->n; j++)
                    iv_put_f(R, c0 + j * s->cs[2], row[j]);
        }
    }
    free(a);
}

static int exec_matmul(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *A = tensor_opnd(t, op, 0), *B = tensor_opnd(t, op, 1),
                           *C = tensor_opnd(t, op, 2);
    if (!A || !B || !C)
        return IV_ERR;
    struct mm_shape s = {.nb = 1, .m = 1, .n = 1};
    int64_t ast[IV_MAXR], bst[IV_MAXR], cst[IV_MAXR];
    strides_of(A->rank, A->shape, ast);
    strides_of(B->rank, B->shape, bst);
    strides_of(C->rank, C->shape, cst);
    bool ok;
    switch (p->code) {
    case 0: /* matmul: MxK KxN -> MxN */
        ok = A->rank == 2 && B->rank == 2 && C->rank == 2 && A->shape[1] == B->shape[0] &&
             C->shape[0] == A->shape[0] && C->shape[1] == B->shape[1];
        if (ok) {
            s.m = A->shape[0], s.k = A->shape[1], s.n = B->shape[1];
            s.as[1] = ast[0], s.as[2] = 1, s.bs[1] = bst[0], s.bs[2] = 1;
            s.cs[1] = cst[0], s.cs[2] = 1;
        }
        break;
    case 1: /* batch_matmul: BxMxK BxKxN -> BxMxN */
        ok = A->rank == 3 && B->rank == 3 && C->rank == 3 && A->shape[0] == B->shape[0] &&
             C->shape[0] == A->shape[0] && A->shape[2] == B->shape[1] &&
             C->shape[1] == A->shape[1] && C->shape[2] == B->shape[2];
        if (ok) {
            s.nb = A->shape[0], s.m = A->shape[1], s.k = A->shape[2], s.n = B->shape[2];
            s.as[0] = ast[0], s.as[1] = ast[1], s.as[2] = 1;
            s.bs[0] = bst[0], s.bs[1] = bst[1], s.bs[2] = 1;
            s.cs[0] = cst[0], s.cs[1] = cst[1], s.cs[2] = 1;
        }
        break;
    case 2: /* matvec: MxK K -> M */
        ok = A->rank == 2 && B->rank == 1 && C->rank == 1 && A->shape[1] == B->shape[0] &&
             C->shape[0] == A->shape[0];
        if (ok) {
            s.m = A->shape[0], s.k = A->shape[1];
            s.as[1] = ast[0], s.as[2] = 1, s.bs[1] = 1, s.cs[1] = 1;
        }
        break;
    case 3: /* vecmat: K KxN -> N */
        ok = A->rank == 1 && B->rank == 2 && C->rank == 1 && A->shape[0] == B->shape[0] &&
             C->shape[0] == B->shape[1];
        if (ok) {
            s.k = A->shape[0], s.n = B->shape[1];
            s.as[2] = 1, s.bs[1] = bst[0], s.bs[2] = 1, s.cs[2] = 1;
        }
        break;
    default: /* dot: K K -> scalar */
        ok = A->rank == 1 && B->rank == 1 && C->n == 1 && A->shape[0] == B->shape[0];
        if (ok) {
            s.k = A->shape[0];
            s.as[2] = 1, s.bs[1] = 1;
        }
        break;
    }
    if (!ok)
        return iv_error(t, op, "operand shapes do not fit a contraction");
    if (A->ek != B->ek || A->ek != C->ek)
        return iv_error(t, op, "mixed element types are not supported");
    struct iv_tensor *R = iv_tensor_new(C->ek, C->rank, C->shape);
    if (iv_ek_is_single(R->ek))
        matmul_single(A, B, C, R, &s);
    else
        matmul_wide(A, B, C, R, &s);
    return o->nres ? set_tensor(t, op, 0, R) : (iv_obj_release(&R->h), IV_OK);
}

/* ---- broadcast, transpose ------------------------------------------------------------ */

static const struct ir_attr_info *ints_attr(struct iv_ct *t, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(t->in->m, op, name);
    const struct ir_attr_info *ai = a ? ir_attr_get(t->in->m, a) : NULL;
    if (!ai || ai->kind != IR_AT_DENSE_ARRAY) {
        iv_error(t, op, "missing '%s'", name);
        return NULL;
    }
    return ai;
}

static int exec_broadcast(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *x = tensor_opnd(t, op, 0), *out = tensor_opnd(t, op, 1);
    const struct ir_attr_info *dims = ints_attr(t, op, "dimensions");
    if (!x || !out || !dims)
        return IV_ERR;
    /* Input dim i is output dim map[i]: the output dims not listed. */
    int64_t st[IV_MAXR] = {0}, xst[IV_MAXR], idx[IV_MAXR] = {0};
    bool added[IV_MAXR] = {false};
    for (uint32_t i = 0; i < dims->n; i++)
        if (dims->ints[i] >= 0 && dims->ints[i] < out->rank)
            added[dims->ints[i]] = true;
    strides_of(x->rank, x->shape, xst);
    uint32_t i = 0;
    for (uint32_t k = 0; k < out->rank; k++)
        if (!added[k]) {
            if (i >= x->rank || x->shape[i] != out->shape[k])
                return iv_error(t, op, "input shape does not match the non-broadcast dims");
            st[k] = xst[i++];
        }
    if (i != x->rank)
        return iv_error(t, op, "input rank does not match the non-broadcast dims");
    struct iv_tensor *y = iv_tensor_new(x->ek, out->rank, out->shape);
    int64_t *off = malloc((size_t)(y->n ? y->n : 1) * sizeof *off), cur = 0;
    if (!off)
        abort();
    for (int64_t q = 0; q < y->n; q++) {
        off[q] = cur;
        for (int k = (int)out->rank - 1; k >= 0; k--) {
            cur += st[k];
            if (++idx[k] < out->shape[k])
                break;
            cur -= st[k] * out->shape[k];
            idx[k] = 0;
        }
    }
    gather(y->data, x->data, off, y->n, iv_ek_size(x->ek));
    free(off);
    return o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
}

static int exec_transpose(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *x = tensor_opnd(t, op, 0), *out = tensor_opnd(t, op, 1);
    const struct ir_attr_info *pm = ints_attr(t, op, "permutation");
    if (!x || !out || !pm)
        return IV_ERR;
    uint32_t perm[IV_MAXR];
    if (pm->n != x->rank || out->rank != x->rank)
        return iv_error(t, op, "permutation does not match the ranks");
    for (uint32_t j = 0; j < pm->n; j++) {
        if (pm->ints[j] < 0 || pm->ints[j] >= x->rank || out->shape[j] != x->shape[pm->ints[j]])
            return iv_error(t, op, "permutation does not match the shapes");
        perm[j] = (uint32_t)pm->ints[j];
    }
    struct iv_tensor *y = permute(x, perm);
    return o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
}

/* ---- lifted bodies: generic, map, reduce ---------------------------------------- */

static int exec_index(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    ir_attr a = ir_op_attr(t->in->m, op, "dim");
    int64_t d = a ? ir_attr_get(t->in->m, a)->i : -1;
    if (!t->lift_shape || d < 0 || d >= t->lift_rank)
        return iv_error(t, op, "linalg.index outside a linalg body, or dimension out of range");
    if (t->lift_fixed && t->lift_fixed[d] >= 0) { /* a reduction dim: one value per run */
        struct iv_val v = iv_scalar_i(INTERP_INDEX, t->lift_fixed[d]);
        return iv_set_result(t, op, 0, &v);
    }
    int64_t n = 1, inner = 1;
    for (uint32_t k = 0; k < t->lift_rank; k++)
        if (!t->lift_fixed || t->lift_fixed[k] < 0) {
            n *= t->lift_shape[k];
            if (k > (uint32_t)d)
                inner *= t->lift_shape[k];
        }
    struct iv_tensor *x = iv_tensor_new(INTERP_INDEX, 1, &n);
    int64_t *v = x->data;
    for (int64_t i = 0; i < n; i++)
        v[i] = (i / inner) % t->lift_shape[d];
    return set_tensor(t, op, 0, x);
}

/* Runs op's body lifted over an iteration space of `rank` dims (fixed[d] >= 0:
 * dim d held at that value, NULL: none held): args bound to args[0..nargs),
 * yielded vectors into outs[0..nouts). */
static int run_lifted(struct iv_ct *t, ir_op op, uint32_t rank, const int64_t *shape,
                      const int64_t *fixed, struct iv_val *args, uint32_t nargs,
                      struct iv_val *outs, uint32_t nouts)
{
    const int64_t *old_shape = t->lift_shape, *old_fixed = t->lift_fixed;
    uint32_t old_rank = t->lift_rank;
    t->lift_shape = shape;
    t->lift_rank = rank;
    t->lift_fixed = fixed;
    int rc = iv_run_nested(t, op, ir_op_get(t->in->m, op)->regs[0], args, nargs, outs, nouts);
    t->lift_shape = old_shape;
    t->lift_rank = old_rank;
    t->lift_fixed = old_fixed;
    return rc;
}

/* A vector yielded by a lifted body as a tensor of `shape` with kind ek
 * (scalars broadcast; a vector of another kind is converted). */
static struct iv_tensor *unlift(const struct iv_val *v, uint32_t rank, const int64_t *shape,
                                unsigned ek)
{
    struct iv_tensor *y = iv_tensor_new(ek, rank, shape);
    if (v->kind == IV_SCALAR) {
        fill(y, v);
    } else if (iv_tensor_of(v)->ek == ek) {
        memcpy(y->data, iv_tensor_of(v)->data, (size_t)y->n * iv_ek_size(ek));
    } else {
        double buf[512];
        for (int64_t i = 0; i < y->n; i += 512) {
            int64_t c = y->n - i < 512 ? y->n - i : 512;
            iv_unpack_f(iv_tensor_of(v), i, c, buf);
            iv_pack_f(y, i, c, buf);
        }
    }
    return y;
}

/* The vector of x's elements at every point of the iteration space through
 * an indexing map (results pure dims or constants); dims with fixed[d] >= 0
 * are held there, the others vary (row-major, in loop order). */
static int lift_operand(struct iv_ct *t, ir_op op, const struct iv_tensor *x, uint32_t map,
                        uint32_t rank, const int64_t *shape, const int64_t *fixed,
                        struct iv_tensor **out)
{
    const struct ir_module *m = t->in->m;
    const struct ir_affine_map *mp = ir_map_get(m, map);
    int64_t xst[IV_MAXR], coef[IV_MAXR] = {0}, base = 0, idx[IV_MAXR] = {0};
    if (mp->nres != x->rank || mp->ndims != rank)
        return iv_error(t, op, "indexing map does not fit its operand");
    strides_of(x->rank, x->shape, xst);
    for (uint32_t r = 0; r < mp->nres; r++) {
        const struct ir_aff_info *e = ir_aff_get(m, mp->res[r]);
        if (e->kind == IR_AFF_DIM)
            coef[e->v] += xst[r];
        else if (e->kind == IR_AFF_CONST)
            base += e->v * xst[r];
        else
            return iv_error(t, op, "ktc-interp supports indexing maps of dims and constants only");
    }
    int64_t n = 1, ext[IV_MAXR];
    for (uint32_t k = 0; k < rank; k++) {
        bool held = fixed && fixed[k] >= 0;
        base += held ? coef[k] * fixed[k] : 0;
        ext[k] = held ? 1 : shape[k];
        n *= ext[k];
    }
    int64_t cur = base;
    int64_t *off = malloc((size_t)(n ? n : 1) * sizeof *off);
    if (!off)
        abort();
    for (int64_t q = 0; q < n; q++) {
        off[q] = cur;
        for (int k = (int)rank - 1; k >= 0; k--) {
            cur += coef[k];
            if (++idx[k] < ext[k])
                break;
            cur -= coef[k] * ext[k];
            idx[k] = 0;
        }
    }
    *out = iv_tensor_new(x->ek, 1, &n);
    gather((*out)->data, x->data, off, n, iv_ek_size(x->ek));
    free(off);
    return IV_OK;
}

/* Whether an outs map lists exactly the parallel loop dims, in order (its
 * tensor is then laid out like the lifted vectors). */
static bool is_parallel_projection(const struct ir_module *m, uint32_t map, uint32_t rank,
                                   const bool *red)
{
    const struct ir_affine_map *mp = ir_map_get(m, map);
    uint32_t r = 0;
    if (mp->ndims != rank)
        return false;
    for (uint32_t d = 0; d < rank; d++) {
        if (red[d])
            continue;
        if (r >= mp->nres)
            return false;
        const struct ir_aff_info *e = ir_aff_get(m, mp->res[r++]);
        if (e->kind != IR_AFF_DIM || e->v != d)
            return false;
    }
    return r == mp->nres;
}

struct generic_pre {
    uint32_t nmaps, nloops;
    const uint32_t *maps; /* affine map ids, one per operand */
    bool red[IV_MAXR];    /* reduction loops */
};

static bool prep_generic(struct interp *in, ir_op op, struct iv_pre *p)
{
    struct ir_module *m = in->m;
    if (!prep_structured(in, op, p))
        return false;
    struct generic_pre *d = iv_alloc(in, sizeof *d);
    p->data = d;
    ir_attr im = ir_op_attr(m, op, "indexing_maps"), it = ir_op_attr(m, op, "iterator_types");
    const struct ir_attr_info *mi = im ? ir_attr_get(m, im) : NULL;
    const struct ir_attr_info *ti = it ? ir_attr_get(m, it) : NULL;
    if (!mi || mi->kind != IR_AT_ARRAY || mi->n != ir_op_get(m, op)->nopnd || !ti)
        return iv_prep_error(in, op, "linalg.generic needs indexing_maps for every operand");
    d->nmaps = mi->n;
    d->nloops = ti->n;
    uint32_t *maps = iv_alloc(in, (mi->n + 1) * sizeof *maps);
    for (uint32_t i = 0; i < mi->n; i++) {
        const struct ir_attr_info *a = ir_attr_get(m, mi->elems[i]);
        if (a->kind != IR_AT_AFFINE_MAP || ir_map_get(m, a->map)->ndims != d->nloops)
            return iv_prep_error(in, op, "indexing map #%u does not range over the %u loops", i,
                                 d->nloops);
        maps[i] = a->map;
    }
    if (d->nloops > IV_MAXR)
        return iv_prep_error(in, op, "too many loops");
    for (uint32_t i = 0; i < ti->n; i++) { /* "parallel" or #linalg.iterator_type<parallel> */
        const struct ir_attr_info *a = ir_attr_get(m, ti->elems[i]);
        ir_str k = a->kind == IR_AT_STRING ? a->s : a->kind == IR_AT_OPAQUE ? a->body : 0;
        const char *ks = k ? ir_str_get(m, k) : "";
        d->red[i] = strcmp(ks, "reduction") == 0;
        if (!d->red[i] && strcmp(ks, "parallel") != 0)
            return iv_prep_error(in, op, "ktc-interp supports parallel and reduction iterators");
    }
    d->maps = maps;
    for (uint32_t i = (uint32_t)p->aux; i < mi->n; i++)
        if (!is_parallel_projection(m, maps[i], d->nloops, d->red))
            return iv_prep_error(in, op, "ktc-interp needs outs maps listing the parallel loops "
                                         "in order");
    return true;
}

/* linalg.generic, lifted over the parallel loops; reduction loops (if any)
 * run in order, one lifted run of the body per point, carrying the outs. */
static int exec_generic(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct ir_module *m = t->in->m;
    const struct generic_pre *d = p->data;
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t nin = (uint32_t)p->aux, nout = o->nopnd - nin, nl = d->nloops;
    int64_t shape[IV_MAXR], fixed[IV_MAXR];
    bool known[IV_MAXR] = {false};
    /* Loop extents from the operands' shapes. */
    for (uint32_t i = 0; i < o->nopnd; i++) {
        const struct iv_val *v = iv_opnd(t, o, i);
        if (v->kind != IV_TENSOR)
            continue;
        const struct iv_tensor *x = iv_tensor_of(v);
        const struct ir_affine_map *mp = ir_map_get(m, d->maps[i]);
        for (uint32_t r = 0; r < mp->nres && r < x->rank; r++) {
            const struct ir_aff_info *e = ir_aff_get(m, mp->res[r]);
            if (e->kind == IR_AFF_DIM && !known[e->v]) {
                shape[e->v] = x->shape[r];
                known[e->v] = true;
            }
        }
    }
    int64_t npar = 1;
    for (uint32_t k = 0; k < nl; k++) {
        if (!known[k])
            return iv_error(t, op, "cannot tell the extent of loop %u", k);
        fixed[k] = d->red[k] ? 0 : -1;
        npar *= d->red[k] ? 1 : shape[k];
    }
    struct iv_val *args = calloc(o->nopnd + 1, sizeof *args);
    struct iv_val *acc = calloc(nout + 1, sizeof *acc);
    if (!args || !acc)
        abort();
    int rc = IV_OK;
    for (uint32_t i = 0; i < nout && rc == IV_OK; i++) {
        const struct iv_tensor *init = tensor_opnd(t, op, nin + i);
        if (!init)
            rc = IV_ERR;
        else if (init->n != npar)
            rc = iv_error(t, op, "init #%u does not match the parallel loops", i);
        else
            iv_val_copy(&acc[i], iv_opnd(t, o, nin + i));
    }
    bool done = rc != IV_OK;
    while (!done) {
        for (uint32_t i = 0; i < nin && rc == IV_OK; i++) {
            const struct iv_val *v = iv_opnd(t, o, i);
            iv_val_clear(&args[i]);
            if (v->kind != IV_TENSOR) {
                iv_val_copy(&args[i], v);
                continue;
            }
            struct iv_tensor *lv = NULL;
            rc = lift_operand(t, op, iv_tensor_of(v), d->maps[i], nl, shape, fixed, &lv);
            if (rc == IV_OK)
                args[i] = iv_tensor_val(lv);
        }
        for (uint32_t i = 0; i < nout; i++)
            iv_val_copy(&args[nin + i], &acc[i]);
        if (rc == IV_OK)
            rc = run_lifted(t, op, nl, shape, fixed, args, o->nopnd, acc, nout);
        /* Next reduction point, lexicographic; done after the last. */
        done = true;
        for (int k = (int)nl - 1; k >= 0 && rc == IV_OK; k--) {
            if (!d->red[k])
                continue;
            if (++fixed[k] < shape[k]) {
                done = false;
                break;
            }
            fixed[k] = 0;
        }
        done = done || rc != IV_OK;
    }
    for (uint32_t i = 0; i < nout && rc == IV_OK; i++) {
        const struct iv_tensor *init = tensor_opnd(t, op, nin + i);
        struct iv_tensor *y = unlift(&acc[i], init->rank, init->shape, init->ek);
        rc = i < o->nres ? set_tensor(t, op, i, y) : (iv_obj_release(&y->h), IV_OK);
    }
    for (uint32_t i = 0; i < o->nopnd; i++)
        iv_val_clear(&args[i]);
    for (uint32_t i = 0; i < nout; i++)
        iv_val_clear(&acc[i]);
    free(args);
    free(acc);
    return rc;
}

static int exec_map(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    uint32_t nin = (uint32_t)p->aux;
    const struct iv_tensor *init = tensor_opnd(t, op, nin);
    if (!init)
        return IV_ERR;
    int64_t n = init->n;
    struct iv_val *args = calloc(nin + 1, sizeof *args), out = {0};
    if (!args)
        abort();
    int rc = IV_OK;
    for (uint32_t i = 0; i < nin && rc == IV_OK; i++) {
        const struct iv_tensor *x = tensor_opnd(t, op, i);
        if (!x || x->n != n)
            rc = x ? iv_error(t, op, "input #%u does not match the init", i) : IV_ERR;
        else
            iv_val_copy(&args[i], iv_opnd(t, o, i));
    }
    if (rc == IV_OK)
        rc = run_lifted(t, op, init->rank, init->shape, NULL, args, nin, &out, 1);
    if (rc == IV_OK) {
        struct iv_tensor *y = unlift(&out, init->rank, init->shape, init->ek);
        rc = o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
    }
    for (uint32_t i = 0; i < nin; i++)
        iv_val_clear(&args[i]);
    iv_val_clear(&out);
    free(args);
    return rc;
}

/* A [rows x cols] row-major tensor: columns [c0, c0 + n) of every row. */
static struct iv_tensor *columns(const struct iv_tensor *x, int64_t rows, int64_t cols,
                                 int64_t c0, int64_t n)
{
    int64_t len = rows * n;
    struct iv_tensor *y = iv_tensor_new(x->ek, 1, &len);
    size_t es = iv_ek_size(x->ek);
    for (int64_t r = 0; r < rows; r++)
        memcpy((uint8_t *)y->data + (size_t)(r * n) * es,
               (const uint8_t *)x->data + (size_t)(r * cols + c0) * es, (size_t)n * es);
    return y;
}

static bool identity_perm(const uint32_t *perm, uint32_t rank)
{
    for (uint32_t k = 0; k < rank; k++)
        if (perm[k] != k)
            return false;
    return true;
}

/* The reduction with a one-op float combiner (code, an enum iv_ew) over x
 * as [rows][cols]: the same tree as the general path, computed in place. */
/* reduce_fast for single-precision kinds, in f32 buffers (same results). */
static struct iv_tensor *reduce_fast32(int code, const struct iv_tensor *x,
                                       const struct iv_tensor *init, int64_t rows, int64_t cols)
{
    float *v = malloc((size_t)(rows * cols + 2 * rows + 1) * sizeof *v);
    if (!v)
        abort();
    float *res = v + rows * cols, *iv = res + rows;
    /* max and min of values of a kind are values of that kind: no rounding */
    bool exact = code == EW_MAXIMUMF || code == EW_MINIMUMF || code == EW_MAXNUMF ||
                 code == EW_MINNUMF;
    iv_unpack_f32(x, 0, rows * cols, v);
    for (int64_t r = 0; r < rows; r++) {
        float *row = v + r * cols;
        int64_t len = cols;
        while (len > 1) {
            int64_t h = len / 2;
            iv_ew_fbinary32(code, h, row, row + h, row);
            if (!exact)
                iv_round_n32(x->ek, row, h);
            if (len & 1)
                row[h] = row[len - 1];
            len = h + (len & 1);
        }
        res[r] = row[0];
    }
    iv_unpack_f32(init, 0, rows, iv);
    if (cols > 0) {
        iv_ew_fbinary32(code, rows, res, iv, res);
        iv_round_n32(init->ek, res, rows);
    } else {
        memcpy(res, iv, (size_t)rows * sizeof *res);
    }
    struct iv_tensor *y = iv_tensor_new(init->ek, init->rank, init->shape);
    iv_pack_f32(y, 0, rows, res);
    free(v);
    return y;
}

static int reduce_fast(struct iv_ct *t, ir_op op, int code, const struct iv_tensor *x,
                       int64_t rows, int64_t cols)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    const struct iv_tensor *init = tensor_opnd(t, op, 1);
    if (iv_ek_is_single(x->ek) && iv_ek_is_single(init->ek)) {
        struct iv_tensor *y = reduce_fast32(code, x, init, rows, cols);
        return o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
    }
    double *v = malloc((size_t)(rows * cols + 2 * rows + 1) * sizeof *v);
    if (!v)
        abort();
    double *res = v + rows * cols, *iv = res + rows;
    iv_unpack_f(x, 0, rows * cols, v);
    unsigned ek = x->ek;
    for (int64_t r = 0; r < rows; r++) {
        double *row = v + r * cols;
        int64_t len = cols;
        while (len > 1) {
            int64_t h = len / 2;
            iv_ew_fbinary(code, h, row, row + h, row);
            iv_round_n(ek, row, h);
            if (len & 1)
                row[h] = row[len - 1];
            len = h + (len & 1);
        }
        res[r] = row[0];
    }
    iv_unpack_f(init, 0, rows, iv);
    if (cols > 0) {
        iv_ew_fbinary(code, rows, res, iv, res);
        iv_round_n(init->ek, res, rows);
    } else {
        memcpy(res, iv, (size_t)rows * sizeof *res);
    }
    struct iv_tensor *y = iv_tensor_new(init->ek, init->rank, init->shape);
    iv_pack_f(y, 0, rows, res);
    free(v);
    return o->nres ? set_tensor(t, op, 0, y) : (iv_obj_release(&y->h), IV_OK);
}

/* linalg.reduce: code is 1 + the combiner's enum iv_ew when the body is one
 * commutative float op of its two arguments (the fast path), else 0. */
static bool prep_reduce(struct interp *in, ir_op op, struct iv_pre *p)
{
    static const struct {
        const char *name;
        int code;
    } ops[] = {{"arith.addf", EW_ADDF},       {"arith.mulf", EW_MULF},
               {"arith.maximumf", EW_MAXIMUMF}, {"arith.minimumf", EW_MINIMUMF},
               {"arith.maxnumf", EW_MAXNUMF},   {"arith.minnumf", EW_MINNUMF}};
    struct ir_module *m = in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!prep_structured(in, op, p))
        return false;
    p->code = 0;
    if (o->nopnd != 2 || !o->nreg || !ir_region_get(m, o->regs[0])->first)
        return true;
    const struct ir_block_info *b = ir_block_get(m, ir_region_entry(m, o->regs[0]));
    unsigned ek;
    if (b->nargs != 2 || !b->first || b->first == b->last ||
        !iv_ek_of_type(m, ir_value_type(m, b->args[0]), &ek) || !iv_ek_is_float(ek))
        return true;
    const struct ir_op_info *po = ir_op_get(m, b->first), *yo = ir_op_get(m, b->last);
    if (po->next != b->last || po->nopnd != 2 || po->nres != 1 || yo->nopnd != 1 ||
        yo->opnd[0] != po->res ||
        !((po->opnd[0] == b->args[0] && po->opnd[1] == b->args[1]) ||
          (po->opnd[0] == b->args[1] && po->opnd[1] == b->args[0])))
        return true;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strcmp(ir_str_get(m, po->name), ops[i].name) == 0)
            p->code = ops[i].code + 1;
    return true;
}

static int exec_reduce(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    uint32_t nin = (uint32_t)p->aux;
    const struct ir_attr_info *dims = ints_attr(t, op, "dimensions");
    const struct iv_tensor *x0 = tensor_opnd(t, op, 0);
    if (!dims || !x0)
        return IV_ERR;
    if (nin > 8)
        return iv_error(t, op, "too many reduced operands");
    /* Permutation: kept dims first, reduced dims last. */
    uint32_t perm[IV_MAXR], np = 0;
    bool red[IV_MAXR] = {false};
    for (uint32_t i = 0; i < dims->n; i++) {
        if (dims->ints[i] < 0 || dims->ints[i] >= x0->rank)
            return iv_error(t, op, "reduction dimension %" PRId64 " out of range", dims->ints[i]);
        red[dims->ints[i]] = true;
    }
    int64_t rows = 1, cols = 1;
    for (uint32_t k = 0; k < x0->rank; k++)
        if (!red[k]) {
            perm[np++] = k;
            rows *= x0->shape[k];
        }
    for (uint32_t k = 0; k < x0->rank; k++)
        if (red[k]) {
            perm[np++] = k;
            cols *= x0->shape[k];
        }
    struct iv_val cur[8] = {{0}}, args[16] = {{0}}, outs[8] = {{0}};
    int rc = IV_OK;
    for (uint32_t i = 0; i < nin && rc == IV_OK; i++) {
        const struct iv_tensor *x = tensor_opnd(t, op, i), *init = tensor_opnd(t, op, nin + i);
        if (!x || !init)
            rc = IV_ERR;
        else if (x->n != x0->n || x->rank != x0->rank || init->n != rows)
            rc = iv_error(t, op, "operand #%u does not match the reduction shape", i);
        else if (identity_perm(perm, x->rank))
            iv_val_copy(&cur[i], iv_opnd(t, o, i));
        else
            cur[i] = iv_tensor_val(permute(x, perm));
    }
    if (rc == IV_OK && p->code && nin == 1) {
        rc = reduce_fast(t, op, p->code - 1, iv_tensor_of(&cur[0]), rows, cols);
        iv_val_clear(&cur[0]);
        return rc;
    }
    /* Tree: combine columns [0, h) with [h, 2h); an odd last column stays. */
    int64_t len = cols;
    while (rc == IV_OK && len > 1) {
        int64_t h = len / 2, row = rows;
        for (uint32_t i = 0; i < nin; i++) {
            args[i] = iv_tensor_val(columns(iv_tensor_of(&cur[i]), rows, len, 0, h));
            args[nin + i] = iv_tensor_val(columns(iv_tensor_of(&cur[i]), rows, len, h, h));
        }
        rc = run_lifted(t, op, 1, &row, NULL, args, 2 * nin, outs, nin);
        for (uint32_t i = 0; i < nin && rc == IV_OK; i++) {
            const struct iv_tensor *c = iv_tensor_of(&cur[i]);
            int64_t nlen = h + (len & 1), sz = rows * nlen;
            struct iv_tensor *y = iv_tensor_new(c->ek, 1, &sz);
            struct iv_tensor *part = unlift(&outs[i], 1, (int64_t[]){rows * h}, c->ek);
            size_t es = iv_ek_size(c->ek);
            for (int64_t r = 0; r < rows; r++) {
                memcpy((uint8_t *)y->data + (size_t)(r * nlen) * es,
                       (uint8_t *)part->data + (size_t)(r * h) * es, (size_t)h * es);
                if (len & 1)
                    memcpy((uint8_t *)y->data + (size_t)(r * nlen + h) * es,
                           (const uint8_t *)c->data + (size_t)(r * len + len - 1) * es, es);
            }
            iv_obj_release(&part->h);
            iv_val_clear(&cur[i]);
            cur[i] = iv_tensor_val(y);
        }
        for (uint32_t i = 0; i < 2 * nin; i++)
            iv_val_clear(&args[i]);
        for (uint32_t i = 0; i < nin; i++)
            iv_val_clear(&outs[i]);
        len = h + (len & 1);
    }
    /* Then with the init: in = the tree's result, init = the init. */
    if (rc == IV_OK && cols > 0) {
        int64_t row = rows;
        for (uint32_t i = 0; i < nin; i++) {
            iv_val_copy(&args[i], &cur[i]);
            iv_val_copy(&args[nin + i], iv_opnd(t, o, nin + i));
        }
        rc = run_lifted(t, op, 1, &row, NULL, args, 2 * nin, outs, nin);
    } else if (rc == IV_OK) {
        for (uint32_t i = 0; i < nin; i++)
            iv_val_copy(&outs[i], iv_opnd(t, o, nin + i));
    }
    for (uint32_t i = 0; i < nin && rc == IV_OK; i++) {
        const struct iv_tensor *init = tensor_opnd(t, op, nin + i);
        struct iv_tensor *y = unlift(&outs[i], init->rank, init->shape, init->ek);
        rc = i < o->nres ? set_tensor(t, op, i, y) : (iv_obj_release(&y->h), IV_OK);
    }
    for (uint32_t i = 0; i < 2 * nin; i++)
        iv_val_clear(&args[i]);
    for (uint32_t i = 0; i < nin; i++) {
        iv_val_clear(&outs[i]);
        iv_val_clear(&cur[i]);
    }
    return rc;
}

#define NAMED(name, code) {name, prep_structured, exec_named_ew, code, true}
const struct iv_handler iv_tensor_handlers[] = {
    {"tensor.empty", NULL, exec_empty, 0, false},
    {"tensor.splat", NULL, exec_splat, 0, false},
    {"tensor.from_elements", NULL, exec_from_elements, 0, false},
    {"tensor.extract", NULL, exec_extract, 0, false},
    {"tensor.insert", NULL, exec_insert, 0, false},
    {"tensor.extract_slice", prep_slice, exec_slice, 0, false},
    {"tensor.insert_slice", prep_slice, exec_slice, 1, false},
    {"tensor.expand_shape", NULL, exec_reshape, 0, false},
    {"tensor.collapse_shape", NULL, exec_reshape, 0, false},
    {"tensor.cast", NULL, exec_reshape, 0, false},
    {"tensor.bitcast", NULL, exec_reshape, 0, false},
    {"tensor.reshape", NULL, exec_reshape, 0, false},
    {"tensor.dim", NULL, exec_dim, 0, false},
    {"linalg.generic", prep_generic, exec_generic, 0, true},
    {"linalg.map", prep_structured, exec_map, 0, true},
    {"linalg.reduce", prep_reduce, exec_reduce, 0, true},
    {"linalg.broadcast", prep_structured, exec_broadcast, 0, false},
    {"linalg.transpose", prep_structured, exec_transpose, 0, false},
    {"linalg.index", NULL, exec_index, 0, false},
    {"linalg.fill", prep_structured, exec_fill, 0, false},
    {"linalg.copy", prep_structured, exec_copy, 0, false},
    {"linalg.matmul", prep_structured, exec_matmul, 0, true},
    {"linalg.batch_matmul", prep_structured, exec_matmul, 1, true},
    {"linalg.matvec", prep_structured, exec_matmul, 2, true},
    {"linalg.vecmat", prep_structured, exec_matmul, 3, true},
    {"linalg.dot", prep_structured, exec_matmul, 4, true},
    NAMED("linalg.add", EW_ADDF),
    NAMED("linalg.sub", EW_SUBF),
    NAMED("linalg.mul", EW_MULF),
    NAMED("linalg.div", EW_DIVF),
    NAMED("linalg.max", EW_MAXNUMF),
    NAMED("linalg.min", EW_MINNUMF),
    NAMED("linalg.powf", EW_POWF),
    NAMED("linalg.exp", EW_EXP),
    NAMED("linalg.log", EW_LOG),
    NAMED("linalg.sqrt", EW_SQRT),
    NAMED("linalg.rsqrt", EW_RSQRT),
    NAMED("linalg.abs", EW_ABSF),
    NAMED("linalg.negf", EW_NEGF),
    NAMED("linalg.ceil", EW_CEIL),
    NAMED("linalg.floor", EW_FLOOR),
    NAMED("linalg.reciprocal", EW_RECIP),
    NAMED("linalg.tanh", EW_TANH),
    NAMED("linalg.erf", EW_ERF),
    {"linalg.square", prep_structured, exec_named_square, 0, true},
    {NULL, NULL, NULL, 0, false},
};

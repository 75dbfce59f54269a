/* ops_arith.c - the elementwise engine and the arith, math and scalar
 * spyreop ops of the interpreter.
 *
 * Every elementwise op runs over whole operands in chunks: operands are
 * unpacked to double (floats) or int64 (integers), the op runs as one tight
 * loop per chunk, and the result is packed back (rounded to its kind). A
 * scalar operand broadcasts; all scalars give a scalar.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"
#include "ktir/numeric.h"
#include "ktir/ops.h"

#define CHUNK 512

/* ---- the engine ----------------------------------------------------------- */

int iv_ew_shape(struct iv_ct *t, ir_op op, uint32_t nin, struct iv_val *const *in,
                const struct iv_tensor **shape_of)
{
    *shape_of = NULL;
    for (uint32_t k = 0; k < nin; k++) {
        if (in[k]->kind == IV_TENSOR) {
            const struct iv_tensor *x = iv_tensor_of(in[k]);
            if (!*shape_of)
                *shape_of = x;
            else if ((*shape_of)->n != x->n)
                return iv_error(t, op, "operands have %lld and %lld elements",
                                (long long)(*shape_of)->n, (long long)x->n);
        } else if (in[k]->kind != IV_SCALAR) {
            return iv_error(t, op, "operand #%u has no value", k);
        }
    }
    return IV_OK;
}

static bool is_int_code(int code) { return code >= EW_ADDI; }

static bool is_unsigned_code(int code)
{
    return code == EW_DIVUI || code == EW_CEILDIVUI || code == EW_REMUI || code == EW_MAXUI ||
           code == EW_MINUI || code == EW_SHRUI;
}

/* Math functions in f32 for single-precision kinds (ktir-cpu's numpy
 * computes f16 ufuncs through float32 loops), in f64 for f64. */
static bool f_unary_single(int code, int64_t n, const double *a, double *r)
{
    switch (code) {
    case EW_EXP: for (int64_t i = 0; i < n; i++) r[i] = expf((float)a[i]); return true;
    case EW_EXP2: for (int64_t i = 0; i < n; i++) r[i] = exp2f((float)a[i]); return true;
    case EW_LOG: for (int64_t i = 0; i < n; i++) r[i] = logf((float)a[i]); return true;
    case EW_LOG2: for (int64_t i = 0; i < n; i++) r[i] = log2f((float)a[i]); return true;
    case EW_TANH: for (int64_t i = 0; i < n; i++) r[i] = tanhf((float)a[i]); return true;
    case EW_ERF: for (int64_t i = 0; i < n; i++) r[i] = erff((float)a[i]); return true;
    case EW_SIN: for (int64_t i = 0; i < n; i++) r[i] = sinf((float)a[i]); return true;
    case EW_COS: for (int64_t i = 0; i < n; i++) r[i] = cosf((float)a[i]); return true;
    default: return false;
    }
}

/* prm: softplus's beta and threshold. */
static void f_unary(int code, int64_t n, const double *a, double *r, const double *prm)
{
    switch (code) {
    case EW_NEGF: for (int64_t i = 0; i < n; i++) r[i] = -a[i]; break;
    case EW_ABSF: for (int64_t i = 0; i < n; i++) r[i] = fabs(a[i]); break;
    case EW_EXP: for (int64_t i = 0; i < n; i++) r[i] = exp(a[i]); break;
    case EW_EXP2: for (int64_t i = 0; i < n; i++) r[i] = exp2(a[i]); break;
    case EW_LOG: for (int64_t i = 0; i < n; i++) r[i] = log(a[i]); break;
    case EW_LOG2: for (int64_t i = 0; i < n; i++) r[i] = log2(a[i]); break;
    case EW_SQRT: for (int64_t i = 0; i < n; i++) r[i] = sqrt(a[i]); break;
    case EW_RSQRT: for (int64_t i = 0; i < n; i++) r[i] = 1.0 / sqrt(a[i]); break;
    case EW_TANH: for (int64_t i = 0; i < n; i++) r[i] = tanh(a[i]); break;
    case EW_ERF: for (int64_t i = 0; i < n; i++) r[i] = erf(a[i]); break;
    case EW_SIN: for (int64_t i = 0; i < n; i++) r[i] = sin(a[i]); break;
    case EW_COS: for (int64_t i = 0; i < n; i++) r[i] = cos(a[i]); break;
    case EW_FLOOR: for (int64_t i = 0; i < n; i++) r[i] = floor(a[i]); break;
    case EW_CEIL: for (int64_t i = 0; i < n; i++) r[i] = ceil(a[i]); break;
    case EW_SIGMOID: for (int64_t i = 0; i < n; i++) r[i] = 1.0 / (1.0 + exp(-a[i])); break;
    case EW_SILU: for (int64_t i = 0; i < n; i++) r[i] = a[i] / (1.0 + exp(-a[i])); break;
    case EW_GELU:
        for (int64_t i = 0; i < n; i++)
            r[i] = 0.5 * a[i] * (1.0 + erf(a[i] / sqrt(2.0)));
        break;
    case EW_RECIP: for (int64_t i = 0; i < n; i++) r[i] = 1.0 / a[i]; break;
    case EW_SOFTPLUS:
        for (int64_t i = 0; i < n; i++) {
            double bx = prm[0] * a[i];
            r[i] = bx > prm[1] ? a[i] : log1p(exp(bx)) / prm[0];
        }
        break;
    default: abort();
    }
}

static double maximumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? b : a; /* +0 > -0 */
    return a > b ? a : b;
}

static double minimumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

void iv_ew_fbinary(int code, int64_t n, const double *a, const double *b, double *r)
{
    switch (code) {
    case EW_ADDF: for (int64_t i = 0; i < n; i++) r[i] = a[i] + b[i]; break;
    case EW_SUBF: for (int64_t i = 0; i < n; i++) r[i] = a[i] - b[i]; break;
    case EW_MULF: for (int64_t i = 0; i < n; i++) r[i] = a[i] * b[i]; break;
    case EW_DIVF: for (int64_t i = 0; i < n; i++) r[i] = a[i] / b[i]; break;
    case EW_REMF: for (int64_t i = 0; i < n; i++) r[i] = fmod(a[i], b[i]); break;
    case EW_MAXIMUMF: for (int64_t i = 0; i < n; i++) r[i] = maximumf(a[i], b[i]); break;
    case EW_MINIMUMF: for (int64_t i = 0; i < n; i++) r[i] = minimumf(a[i], b[i]); break;
    case EW_MAXNUMF: /* the non-NaN operand; fmax inline */
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] > b[i] || b[i] != b[i] ? a[i] : b[i];
        break;
    case EW_MINNUMF:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] < b[i] || b[i] != b[i] ? a[i] : b[i];
        break;
    case EW_POWF: for (int64_t i = 0; i < n; i++) r[i] = pow(a[i], b[i]); break;
    default: abort();
    }
}

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceildiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/* One integer op on values already extended from their width (unsigned ops
 * get zero-extended operands). False on division by zero. */
static bool i_binary(int code, unsigned w, int64_t a, int64_t b, int64_t *r)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (code) {
    case EW_ADDI: *r = (int64_t)(ua + ub); return true;
    case EW_SUBI: *r = (int64_t)(ua - ub); return true;
    case EW_MULI: *r = (int64_t)(ua * ub); return true;
    case EW_ANDI: *r = a & b; return true;
    case EW_ORI: *r = a | b; return true;
    case EW_XORI: *r = a ^ b; return true;
    case EW_MAXSI: *r = a > b ? a : b; return true;
    case EW_MINSI: *r = a < b ? a : b; return true;
    case EW_MAXUI: *r = ua > ub ? a : b; return true;
    case EW_MINUI: *r = ua < ub ? a : b; return true;
    case EW_SHLI: *r = ub >= w ? 0 : (int64_t)(ua << ub); return true;
    case EW_SHRSI: *r = ub >= w ? (a < 0 ? -1 : 0) : a >> ub; return true;
    case EW_SHRUI: *r = ub >= w ? 0 : (int64_t)(ua >> ub); return true;
    default: break;
    }
    if (b == 0)
        return false;
    switch (code) {
    case EW_DIVSI: *r = (a == INT64_MIN && b == -1) ? a : a / b; return true;
    case EW_DIVUI: *r = (int64_t)(ua / ub); return true;
    case EW_CEILDIVSI: *r = (a == INT64_MIN && b == -1) ? a : ceildiv(a, b); return true;
    case EW_CEILDIVUI: *r = (int64_t)(ua / ub + (ua % ub != 0)); return true;
    case EW_FLOORDIVSI: *r = (a == INT64_MIN && b == -1) ? a : floordiv(a, b); return true;
    case EW_REMSI: *r = (b == -1) ? 0 : a % b; return true;
    case EW_REMUI: *r = (int64_t)(ua % ub); return true;
    default: abort();
    }
}

static int64_t zext(unsigned ek, int64_t v)
{
    unsigned w = iv_ek_width(ek);
    return w >= 64 ? v : (int64_t)((uint64_t)v & ((UINT64_C(1) << w) - 1));
}

/* Two-operand float ops in f32, for single-precision kinds: IEEE f32
 * arithmetic, which for f16 operands gives exactly what f64 arithmetic
 * rounded to f32 gives, and for f32 operands is numpy's float32. */
void iv_ew_fbinary32(int code, int64_t n, const float *a, const float *b, float *r)
{
    switch (code) {
    case EW_ADDF: for (int64_t i = 0; i < n; i++) r[i] = a[i] + b[i]; return;
    case EW_SUBF: for (int64_t i = 0; i < n; i++) r[i] = a[i] - b[i]; return;
    case EW_MULF: for (int64_t i = 0; i < n; i++) r[i] = a[i] * b[i]; return;
    case EW_DIVF: for (int64_t i = 0; i < n; i++) r[i] = a[i] / b[i]; return;
    case EW_MAXNUMF:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] > b[i] || b[i] != b[i] ? a[i] : b[i];
        return;
    case EW_MINNUMF:
        for (int64_t i = 0; i < n; i++)
            r[i] = a[i] < b[i] || b[i] != b[i] ? a[i] : b[i];
        return;
    default: { /* the rest through f64, then f32 */
        double x[CHUNK], y[CHUNK], z[CHUNK];
        for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
            int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
            for (int64_t i = 0; i < c; i++) {
                x[i] = a[i0 + i];
                y[i] = b[i0 + i];
            }
            iv_ew_fbinary(code, c, x, y, z);
            for (int64_t i = 0; i < c; i++)
                r[i0 + i] = (float)z[i];
        }
    }
    }
}

/* One-operand float ops for single-precision kinds: libm's f32 functions
 * where ktir-cpu's numpy uses them, the rest through f64 then f32. */
static void f_unary32(int code, int64_t n, const float *a, float *r, const double *prm)
{
    switch (code) {
    case EW_NEGF: for (int64_t i = 0; i < n; i++) r[i] = -a[i]; return;
    case EW_ABSF: for (int64_t i = 0; i < n; i++) r[i] = fabsf(a[i]); return;
    case EW_EXP: for (int64_t i = 0; i < n; i++) r[i] = expf(a[i]); return;
    case EW_EXP2: for (int64_t i = 0; i < n; i++) r[i] = exp2f(a[i]); return;
    case EW_LOG: for (int64_t i = 0; i < n; i++) r[i] = logf(a[i]); return;
    case EW_LOG2: for (int64_t i = 0; i < n; i++) r[i] = log2f(a[i]); return;
    case EW_TANH: for (int64_t i = 0; i < n; i++) r[i] = tanhf(a[i]); return;
    case EW_ERF: for (int64_t i = 0; i < n; i++) r[i] = erff(a[i]); return;
    case EW_SIN: for (int64_t i = 0; i < n; i++) r[i] = sinf(a[i]); return;
    case EW_COS: for (int64_t i = 0; i < n; i++) r[i] = cosf(a[i]); return;
    case EW_SQRT: for (int64_t i = 0; i < n; i++) r[i] = sqrtf(a[i]); return;
    default: {
        double x[CHUNK], z[CHUNK];
        for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
            int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
            for (int64_t i = 0; i < c; i++)
                x[i] = a[i0 + i];
            f_unary(code, c, x, z, prm);
            for (int64_t i = 0; i < c; i++)
                r[i0 + i] = (float)z[i];
        }
    }
    }
}

/* ew_loop for float ops whose operands and result are single-precision
 * kinds: the same results through f32 buffers (half the traffic). */
static void ew_loop32(int code, unsigned rek, uint32_t nin, struct iv_val *const *in, int64_t n,
                      struct iv_tensor *res, const double *prm, struct iv_val *out)
{
    float fa[3][CHUNK], fr[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        for (uint32_t k = 0; k < nin; k++) {
            if (in[k]->kind == IV_TENSOR)
                iv_unpack_f32(iv_tensor_of(in[k]), i0, c, fa[k]);
            else
                for (int64_t j = 0; j < c; j++)
                    fa[k][j] = (float)in[k]->s.f;
        }
        if (code < EW_ADDF)
            f_unary32(code, c, fa[0], fr, prm);
        else if (code < EW_FMA)
            iv_ew_fbinary32(code, c, fa[0], fa[1], fr);
        else
            for (int64_t j = 0; j < c; j++)
                fr[j] = (float)fma(fa[0][j], fa[1][j], fa[2][j]);
        if (res)
            iv_pack_f32(res, i0, c, fr);
        else
            *out = iv_scalar_f(rek, fr[0]);
    }
}

/* The chunked loop of an elementwise op over n elements: operands are
 * tensors or broadcast scalars, results go to res (NULL: *out gets the one
 * scalar). False on an integer division by zero. */
static bool ew_loop(int code, unsigned rek, uint32_t nin, struct iv_val *const *in, int64_t n,
                    struct iv_tensor *res, const double *prm, struct iv_val *out)
{
    bool ints = is_int_code(code), uns = is_unsigned_code(code), single = iv_ek_is_single(rek);
    unsigned w = iv_ek_width(rek);
    for (uint32_t k = 0; k < nin && single && !ints; k++)
        single = iv_ek_is_single(in[k]->ek);
    if (single && !ints) {
        ew_loop32(code, rek, nin, in, n, res, prm, out);
        return true;
    }
    double fa[3][CHUNK], fr[CHUNK];
    int64_t ia[2][CHUNK], ir[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        for (uint32_t k = 0; k < nin; k++) {
            const struct iv_val *v = in[k];
            if (ints) {
                if (v->kind == IV_TENSOR)
                    iv_unpack_i(iv_tensor_of(v), i0, c, uns, ia[k]);
                else
                    for (int64_t j = 0; j < c; j++)
                        ia[k][j] = uns ? zext(v->ek, v->s.i) : v->s.i;
            } else {
                if (v->kind == IV_TENSOR)
                    iv_unpack_f(iv_tensor_of(v), i0, c, fa[k]);
                else
                    for (int64_t j = 0; j < c; j++)
                        fa[k][j] = v->s.f;
            }
        }
        if (ints) {
            for (int64_t j = 0; j < c; j++)
                if (!i_binary(code, w, ia[0][j], ia[1][j], &ir[j]))
                    return false;
        } else if (code < EW_ADDF) {
            if (rek == INTERP_F64 || !f_unary_single(code, c, fa[0], fr))
                f_unary(code, c, fa[0], fr, prm);
        } else if (code < EW_FMA) {
            iv_ew_fbinary(code, c, fa[0], fa[1], fr);
        } else {
            for (int64_t j = 0; j < c; j++)
                fr[j] = fma(fa[0][j], fa[1][j], fa[2][j]);
        }
        if (!res)
            *out = ints ? iv_scalar_i(rek, ir[0]) : iv_scalar_f(rek, fr[0]);
        else if (ints)
            iv_pack_i(res, i0, c, ir);
        else
            iv_pack_f(res, i0, c, fr);
    }
    return true;
}

int iv_ew_apply(struct iv_ct *t, ir_op op, int code, uint32_t nin, struct iv_val *const *in,
                unsigned rek, const double *prm, struct iv_val *out)
{
    const struct iv_tensor *sh;
    if (iv_ew_shape(t, op, nin, in, &sh) != IV_OK)
        return IV_ERR;
    bool ints = is_int_code(code), uns = is_unsigned_code(code);
    unsigned w = iv_ek_width(rek);
    if (!sh && ints) { /* the hot scalar path: index arithmetic */
        int64_t a = in[0]->s.i, b = in[1]->s.i, r;
        if (uns) {
            a = zext(in[0]->ek, a);
            b = zext(in[1]->ek, b);
        }
        if (!i_binary(code, w, a, b, &r))
            return iv_error(t, op, "integer division by zero");
        *out = iv_scalar_i(rek, r);
        return IV_OK;
    }
    int64_t n = sh ? sh->n : 1;
    struct iv_tensor *res = sh ? iv_tensor_new(rek, sh->rank, sh->shape) : NULL;
    if (!ew_loop(code, rek, nin, in, n, res, prm, out)) {
        iv_obj_release(res ? &res->h : NULL);
        return iv_error(t, op, "integer division by zero");
    }
    if (res)
        *out = iv_tensor_val(res);
    return IV_OK;
}

/* ---- handlers --------------------------------------------------------------- */

static unsigned result_ek(struct iv_ct *t, ir_op op, uint32_t i)
{
    struct ir_module *m = t->in->m;
    unsigned ek = INTERP_F32;
    iv_ek_of_type(m, ir_type_elem(m, ir_value_type(m, ir_op_get(m, op)->res + i)), &ek);
    return ek;
}

static int exec_ew(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val *in[3], r = {0};
    for (uint32_t k = 0; k < o->nopnd && k < 3; k++)
        in[k] = iv_opnd(t, o, k);
    if (iv_ew_apply(t, op, p->code, o->nopnd < 3 ? o->nopnd : 3, in, result_ek(t, op, 0),
                    p->data, &r))
        return IV_ERR;
    return iv_set_result(t, op, 0, &r);
}

static bool prep_ew(struct interp *in, ir_op op, struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(in->m, op);
    uint32_t want = p->code < EW_ADDF ? 1 : p->code < EW_FMA ? 2 : p->code == EW_FMA ? 3 : 2;
    if (o->nopnd != want || o->nres != 1)
        return iv_prep_error(in, op, "expected %u operands and one result", want);
    unsigned ek;
    if (!iv_ek_of_type(in->m, ir_type_elem(in->m, ir_value_type(in->m, o->res)), &ek))
        return iv_prep_error(in, op, "unsupported element type");
    if (is_int_code(p->code) == iv_ek_is_float(ek))
        return iv_prep_error(in, op, "operation does not apply to this element type");
    return true;
}

/* spyreop.softplus carries beta and threshold attributes (defaults 1, 20). */
static bool prep_softplus(struct interp *in, ir_op op, struct iv_pre *p)
{
    ir_attr b = ir_op_attr(in->m, op, "beta"), th = ir_op_attr(in->m, op, "threshold");
    double *prm = iv_alloc(in, 2 * sizeof *prm);
    prm[0] = b ? ir_attr_get(in->m, b)->f : 1.0;
    prm[1] = th ? ir_attr_get(in->m, th)->f : 20.0;
    if (prm[0] == 0)
        return iv_prep_error(in, op, "softplus needs a non-zero beta");
    p->data = prm;
    return prep_ew(in, op, p);
}

/* cmpi / cmpf: code = predicate in MLIR's enum order. */
static bool prep_cmp(struct interp *in, ir_op op, struct iv_pre *p)
{
    ir_attr a = ir_op_attr(in->m, op, "predicate");
    if (!a || ir_attr_get(in->m, a)->kind != IR_AT_INT)
        return iv_prep_error(in, op, "missing comparison predicate");
    p->aux = (int32_t)ir_attr_get(in->m, a)->i;
    return true;
}

static bool cmpf(int pred, double a, double b)
{
    bool uno = isnan(a) || isnan(b);
    switch (pred) {
    case 0: return false;
    case 1: return !uno && a == b;
    case 2: return !uno && a > b;
    case 3: return !uno && a >= b;
    case 4: return !uno && a < b;
    case 5: return !uno && a <= b;
    case 6: return !uno && a != b;
    case 7: return !uno;
    case 8: return uno || a == b;
    case 9: return uno || a > b;
    case 10: return uno || a >= b;
    case 11: return uno || a < b;
    case 12: return uno || a <= b;
    case 13: return uno || a != b;
    case 14: return uno;
    default: return true;
    }
}

static bool cmpi(int pred, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (pred) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}

/* Shared by arith.cmpi/cmpf (code 0/1) and spyreop.compare (code 2: float
 * 1.0/0.0 result, predicate order eq ne gt ge lt le). */
static int exec_cmp(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val *in[2] = {iv_opnd(t, o, 0), iv_opnd(t, o, 1)}, r = {0};
    const struct iv_tensor *sh;
    if (iv_ew_shape(t, op, 2, in, &sh))
        return IV_ERR;
    bool is_f = p->code != 0;
    int pred = p->aux;
    if (p->code == 2) {
        static const int to_cmpf[] = {1, 6, 2, 3, 4, 5};
        pred = to_cmpf[pred];
    }
    unsigned aek = in[0]->ek, rek = p->code == 2 ? in[0]->ek : INTERP_I1;
    bool uns = !is_f && pred >= 6;
    int64_t n = sh ? sh->n : 1;
    struct iv_tensor *res = sh ? iv_tensor_new(rek, sh->rank, sh->shape) : NULL;
    double fa[2][CHUNK];
    int64_t ia[2][CHUNK], ir[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        for (int k = 0; k < 2; k++) {
            if (in[k]->kind == IV_TENSOR) {
                if (is_f)
                    iv_unpack_f(iv_tensor_of(in[k]), i0, c, fa[k]);
                else
                    iv_unpack_i(iv_tensor_of(in[k]), i0, c, uns, ia[k]);
            } else {
                for (int64_t j = 0; j < c; j++) {
                    fa[k][j] = in[k]->s.f;
                    ia[k][j] = uns ? zext(aek, in[k]->s.i) : in[k]->s.i;
                }
            }
        }
        for (int64_t j = 0; j < c; j++)
            ir[j] = is_f ? cmpf(pred, fa[0][j], fa[1][j]) : cmpi(pred, ia[0][j], ia[1][j]);
        if (!res)
            r = p->code == 2 ? iv_scalar_f(rek, (double)ir[0]) : iv_scalar_i(rek, ir[0]);
        else
            iv_pack_i(res, i0, c, ir);
    }
    if (res)
        r = iv_tensor_val(res);
    return iv_set_result(t, op, 0, &r);
}

void iv_cmp_raw(bool is_f, int pred, unsigned ek, int64_t n, const void *a, const void *b,
                void *out)
{
    struct iv_tensor ta = {.ek = (uint8_t)ek, .rank = 1, .shape = {n}, .n = n, .data = (void *)a};
    struct iv_tensor tb = ta, to = {.ek = INTERP_I1, .rank = 1, .shape = {n}, .n = n, .data = out};
    tb.data = (void *)b;
    bool uns = !is_f && pred >= 6;
    double fa[2][CHUNK];
    int64_t ia[2][CHUNK], ir[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        if (is_f) {
            iv_unpack_f(&ta, i0, c, fa[0]);
            iv_unpack_f(&tb, i0, c, fa[1]);
        } else {
            iv_unpack_i(&ta, i0, c, uns, ia[0]);
            iv_unpack_i(&tb, i0, c, uns, ia[1]);
        }
        for (int64_t j = 0; j < c; j++)
            ir[j] = is_f ? cmpf(pred, fa[0][j], fa[1][j]) : cmpi(pred, ia[0][j], ia[1][j]);
        iv_pack_i(&to, i0, c, ir);
    }
}

void iv_select_raw(unsigned ek, int64_t n, const void *cond, const void *a, const void *b,
                   void *out)
{
    struct iv_tensor tc = {.ek = INTERP_I1, .rank = 1, .shape = {n}, .n = n, .data = (void *)cond};
    size_t es = iv_ek_size(ek);
    int64_t ic[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        iv_unpack_i(&tc, i0, c, false, ic);
        for (int64_t j = 0; j < c; j++) {
            size_t at = (size_t)(i0 + j) * es;
            memcpy((uint8_t *)out + at, (const uint8_t *)(ic[j] ? a : b) + at, es);
        }
    }
}

/* arith.select (i1 condition) and spyreop.select (float condition != 0). */
static int exec_select(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val *in[3] = {iv_opnd(t, o, 0), iv_opnd(t, o, 1), iv_opnd(t, o, 2)}, r = {0};
    const struct iv_tensor *sh;
    if (iv_ew_shape(t, op, 3, in, &sh))
        return IV_ERR;
    bool fcond = iv_ek_is_float(in[0]->ek);
    if (!sh) {
        bool c = fcond ? in[0]->s.f != 0 : in[0]->s.i != 0;
        iv_val_copy(&r, c ? in[1] : in[2]);
        return iv_set_result(t, op, 0, &r);
    }
    unsigned ek = in[1]->ek;
    size_t es = iv_ek_size(ek);
    struct iv_tensor *res = iv_tensor_new(ek, sh->rank, sh->shape);
    uint8_t sbuf[2][8];
    const uint8_t *src[2];
    for (int k = 0; k < 2; k++) {
        const struct iv_val *v = in[1 + k];
        if (v->kind == IV_TENSOR) {
            src[k] = iv_tensor_of(v)->data;
        } else {
            struct iv_tensor one = {.ek = (uint8_t)ek, .data = sbuf[k]};
            if (iv_ek_is_float(ek))
                iv_put_f(&one, 0, v->s.f);
            else
                iv_put_i(&one, 0, v->s.i);
            src[k] = sbuf[k];
        }
    }
    int64_t ia[CHUNK];
    double fa[CHUNK];
    uint8_t *d = res->data;
    for (int64_t i0 = 0; i0 < res->n; i0 += CHUNK) {
        int64_t c = res->n - i0 < CHUNK ? res->n - i0 : CHUNK;
        if (in[0]->kind == IV_TENSOR) {
            if (fcond) {
                iv_unpack_f(iv_tensor_of(in[0]), i0, c, fa);
                for (int64_t j = 0; j < c; j++)
                    ia[j] = fa[j] != 0;
            } else {
                iv_unpack_i(iv_tensor_of(in[0]), i0, c, false, ia);
            }
        } else {
            for (int64_t j = 0; j < c; j++)
                ia[j] = fcond ? in[0]->s.f != 0 : in[0]->s.i != 0;
        }
        for (int64_t j = 0; j < c; j++) {
            int k = ia[j] ? 0 : 1;
            const uint8_t *s = src[k] + (in[1 + k]->kind == IV_TENSOR ? (size_t)(i0 + j) * es : 0);
            memcpy(d + (size_t)(i0 + j) * es, s, es);
        }
    }
    r = iv_tensor_val(res);
    return iv_set_result(t, op, 0, &r);
}

enum cast_kind { CV_SITOFP, CV_UITOFP, CV_FPTOSI, CV_FPTOUI, CV_FPFP, CV_EXTSI, CV_EXTUI, CV_TRUNCI,
                 CV_BITCAST };

static unsigned float_kind(unsigned ek)
{
    switch (ek) {
    case INTERP_F16: return IR_F16;
    case INTERP_BF16: return IR_BF16;
    case INTERP_DF16: return IR_DF16;
    case INTERP_F32: return IR_F32;
    default: return IR_F64;
    }
}

/* Bits of one scalar (floats as their pattern, ints truncated to width). */
static uint64_t scalar_bits(const struct iv_val *v)
{
    if (iv_ek_is_float(v->ek))
        return num_double_to_bits(float_kind(v->ek), v->s.f);
    return (uint64_t)zext(v->ek, v->s.i);
}

static struct iv_val scalar_from_bits(unsigned ek, uint64_t bits)
{
    if (iv_ek_is_float(ek))
        return iv_scalar_f(ek, num_bits_to_double(float_kind(ek), bits));
    return iv_scalar_i(ek, (int64_t)bits);
}

static int exec_cast(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    const struct ir_op_info *o = ir_op_get(t->in->m, op);
    struct iv_val *x = iv_opnd(t, o, 0), r = {0};
    unsigned rek = result_ek(t, op, 0), sek = x->ek;
    if (x->kind != IV_SCALAR && x->kind != IV_TENSOR)
        return iv_error(t, op, "operand has no value");
    if (p->code == CV_BITCAST) {
        if (iv_ek_size(sek) != iv_ek_size(rek) && sek != INTERP_I1)
            return iv_error(t, op, "bitcast between types of different widths");
        if (x->kind == IV_SCALAR) {
            r = scalar_from_bits(rek, scalar_bits(x));
        } else {
            const struct iv_tensor *a = iv_tensor_of(x);
            struct iv_tensor *res = iv_tensor_new(rek, a->rank, a->shape);
            memcpy(res->data, a->data, (size_t)a->n * iv_ek_size(rek));
            r = iv_tensor_val(res);
        }
        return iv_set_result(t, op, 0, &r);
    }
    bool src_uns = p->code == CV_UITOFP || p->code == CV_EXTUI;
    bool i1_neg = sek == INTERP_I1 && (p->code == CV_SITOFP || p->code == CV_EXTSI);
    bool to_float = iv_ek_is_float(rek);
    int64_t n = x->kind == IV_TENSOR ? iv_tensor_of(x)->n : 1;
    struct iv_tensor *res = NULL;
    if (x->kind == IV_TENSOR)
        res = iv_tensor_new(rek, iv_tensor_of(x)->rank, iv_tensor_of(x)->shape);
    double fa[CHUNK];
    int64_t ia[CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += CHUNK) {
        int64_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        bool from_float = iv_ek_is_float(sek);
        if (x->kind == IV_TENSOR) {
            if (from_float)
                iv_unpack_f(iv_tensor_of(x), i0, c, fa);
            else
                iv_unpack_i(iv_tensor_of(x), i0, c, src_uns, ia);
        } else {
            fa[0] = x->s.f;
            ia[0] = src_uns ? zext(sek, x->s.i) : x->s.i;
        }
        if (!from_float && i1_neg)
            for (int64_t j = 0; j < c; j++)
                ia[j] = -ia[j];
        if (to_float && !from_float) {
            for (int64_t j = 0; j < c; j++)
                fa[j] = src_uns ? (double)(uint64_t)ia[j] : (double)ia[j];
        } else if (!to_float && from_float) {
            for (int64_t j = 0; j < c; j++) {
                double v = trunc(fa[j]);
                if (isnan(v))
                    v = 0;
                if (p->code == CV_FPTOUI)
                    ia[j] = v <= 0 ? 0 : v >= 18446744073709551616.0 ? -1 : (int64_t)(uint64_t)v;
                else
                    ia[j] = v <= -9223372036854775808.0 ? INT64_MIN
                            : v >= 9223372036854775808.0 ? INT64_MAX : (int64_t)v;
            }
        }
        if (!res)
            r = to_float ? iv_scalar_f(rek, fa[0]) : iv_scalar_i(rek, ia[0]);
        else if (to_float)
            iv_pack_f(res, i0, c, fa);
        else
            iv_pack_i(res, i0, c, ia);
    }
    if (res)
        r = iv_tensor_val(res);
    return iv_set_result(t, op, 0, &r);
}

/* spyreop.compare: the predicate is a string (equal, notequal, ...). */
static bool prep_compare(struct interp *in, ir_op op, struct iv_pre *p)
{
    static const char *const preds[] = {"equal",       "notequal",   "greaterthan",
                                        "greaterequal", "lesserthan", "lesserequal"};
    ir_attr a = ir_op_attr(in->m, op, "predicate");
    const char *s = a && ir_attr_get(in->m, a)->kind == IR_AT_STRING
                        ? ir_str_get(in->m, ir_attr_get(in->m, a)->s) : "";
    for (int32_t k = 0; k < 6; k++)
        if (strcmp(s, preds[k]) == 0) {
            p->aux = k;
            return true;
        }
    return iv_prep_error(in, op, "unknown comparison predicate '%s'", s);
}

/* spyreop.idx32toaddr %i base B stride S: B + S * i in i32; B and S are
 * attributes (older form) or operands after %i, base first. */
static int exec_idx32toaddr(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    (void)p;
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    static const char *const keys[] = {"base", "stride"};
    int64_t v[3];
    uint32_t next = 1;
    if (!iv_int(t, op, iv_opnd(t, o, 0), &v[0]))
        return IV_ERR;
    for (int k = 0; k < 2; k++) {
        ir_attr a = ir_op_attr(m, op, keys[k]);
        if (a)
            v[1 + k] = ir_attr_get(m, a)->i;
        else if (next >= o->nopnd || !iv_int(t, op, iv_opnd(t, o, next++), &v[1 + k]))
            return iv_error(t, op, "missing %s", keys[k]);
    }
    struct iv_val r = iv_scalar_i(INTERP_I32, (int64_t)((uint64_t)v[1] + (uint64_t)v[2] * (uint64_t)v[0]));
    return iv_set_result(t, op, 0, &r);
}

/* affine.apply (code 0), affine.min (1), affine.max (2): operands are the
 * map's dims, then its symbols. */
static int exec_affine(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct ir_module *m = t->in->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    ir_attr a = ir_op_attr(m, op, "map");
    if (!a || ir_attr_get(m, a)->kind != IR_AT_AFFINE_MAP)
        return iv_error(t, op, "missing 'map' attribute");
    const struct ir_affine_map *mp = ir_map_get(m, ir_attr_get(m, a)->map);
    int64_t v[64];
    if (o->nopnd > 64 || o->nopnd != mp->ndims + mp->nsyms || !mp->nres)
        return iv_error(t, op, "operands do not fit the map");
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!iv_int(t, op, iv_opnd(t, o, i), &v[i]))
            return IV_ERR;
    bool ok = true;
    int64_t r = ir_aff_eval(m, mp->res[0], v, v + mp->ndims, &ok);
    for (uint32_t k = 1; k < mp->nres; k++) {
        int64_t x = ir_aff_eval(m, mp->res[k], v, v + mp->ndims, &ok);
        r = p->code == 1 ? (x < r ? x : r) : (x > r ? x : r);
    }
    if (!ok)
        return iv_error(t, op, "division by zero in an affine map");
    struct iv_val res = iv_scalar_i(INTERP_INDEX, r);
    return iv_set_result(t, op, 0, &res);
}

/* A typed scalar or dense attribute as a value. */
static bool attr_value(struct interp *in, ir_op op, ir_attr a, struct iv_val *out)
{
    struct ir_module *m = in->m;
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    unsigned ek;
    if (ai->kind == IR_AT_BOOL) {
        *out = iv_scalar_i(INTERP_I1, ai->i);
        return true;
    }
    if (ai->kind == IR_AT_INT || ai->kind == IR_AT_FLOAT) {
        if (!iv_ek_of_type(m, ai->type ? ai->type : m->t_i64, &ek))
            return iv_prep_error(in, op, "unsupported constant type");
        *out = iv_ek_is_float(ek) ? iv_scalar_f(ek, ai->kind == IR_AT_INT ? (double)ai->i : ai->f)
                                  : iv_scalar_i(ek, ai->i);
        return true;
    }
    if (ai->kind != IR_AT_DENSE)
        return iv_prep_error(in, op, "unsupported constant value");
    const struct ir_type_info *ti = ir_type_get(m, ai->type);
    if (!iv_ek_of_type(m, ti->elem, &ek) || ti->rank > IV_MAXR)
        return iv_prep_error(in, op, "unsupported constant type");
    for (uint32_t k = 0; k < ti->rank; k++)
        if (ti->shape[k] < 0)
            return iv_prep_error(in, op, "constant needs a static shape");
    uint64_t bytes = iv_tensor_bytes(ek, ti->rank, ti->shape);
    if (bytes > in->cfg.scratch_bytes)
        return iv_prep_error(in, op,
                             "scratchpad overflow: a constant of %" PRIu64 " bytes does not fit "
                             "the %" PRIu64 "-byte scratchpad",
                             bytes, in->cfg.scratch_bytes);
    struct iv_tensor *x = iv_tensor_new(ek, ti->rank, ti->shape);
    for (int64_t i = 0; i < x->n; i++) {
        const struct ir_attr_info *e = ir_attr_get(m, ai->elems[ai->n == 1 ? 0 : i]);
        if (iv_ek_is_float(ek))
            iv_put_f(x, i, e->kind == IR_AT_FLOAT ? e->f : (double)e->i);
        else
            iv_put_i(x, i, e->kind == IR_AT_FLOAT ? (int64_t)e->f : e->i);
    }
    iv_own(in, &x->h);
    iv_obj_release(&x->h); /* the interpreter's reference keeps it; *out borrows it */
    *out = iv_tensor_val(x);
    return true;
}

static bool prep_constant(struct interp *in, ir_op op, struct iv_pre *p)
{
    ir_attr a = ir_op_attr(in->m, op, "value");
    struct iv_val *v = iv_alloc(in, sizeof *v);
    p->data = v;
    if (!a)
        return iv_prep_error(in, op, "missing 'value' attribute");
    return attr_value(in, op, a, v);
}

static int exec_constant(struct iv_ct *t, ir_op op, const struct iv_pre *p)
{
    struct iv_val v = {0};
    iv_val_copy(&v, p->data);
    return iv_set_result(t, op, 0, &v);
}

/* spyreop.constant: the value is an attribute named value. */
#define EW(name, code, fm) {name, prep_ew, exec_ew, code, fm}
const struct iv_handler iv_arith_handlers[] = {
    {"arith.constant", prep_constant, exec_constant, 0, false},
    {"spyreop.constant", prep_constant, exec_constant, 0, false},
    EW("arith.addf", EW_ADDF, true),
    EW("arith.subf", EW_SUBF, true),
    EW("arith.mulf", EW_MULF, true),
    EW("arith.divf", EW_DIVF, true),
    EW("arith.remf", EW_REMF, true),
    EW("arith.negf", EW_NEGF, true),
    EW("arith.maximumf", EW_MAXIMUMF, true),
    EW("arith.minimumf", EW_MINIMUMF, true),
    EW("arith.maxnumf", EW_MAXNUMF, true),
    EW("arith.minnumf", EW_MINNUMF, true),
    EW("arith.maxf", EW_MAXIMUMF, true),
    EW("arith.minf", EW_MINIMUMF, true),
    EW("arith.addi", EW_ADDI, false),
    EW("arith.subi", EW_SUBI, false),
    EW("arith.muli", EW_MULI, false),
    EW("arith.divsi", EW_DIVSI, false),
    EW("arith.divui", EW_DIVUI, false),
    EW("arith.ceildivsi", EW_CEILDIVSI, false),
    EW("arith.ceildivui", EW_CEILDIVUI, false),
    EW("arith.floordivsi", EW_FLOORDIVSI, false),
    EW("arith.remsi", EW_REMSI, false),
    EW("arith.remui", EW_REMUI, false),
    EW("arith.maxsi", EW_MAXSI, false),
    EW("arith.minsi", EW_MINSI, false),
    EW("arith.maxui", EW_MAXUI, false),
    EW("arith.minui", EW_MINUI, false),
    EW("arith.andi", EW_ANDI, false),
    EW("arith.ori", EW_ORI, false),
    EW("arith.xori", EW_XORI, false),
    EW("arith.shli", EW_SHLI, false),
    EW("arith.shrsi", EW_SHRSI, false),
    EW("arith.shrui", EW_SHRUI, false),
    {"arith.cmpi", prep_cmp, exec_cmp, 0, false},
    {"arith.cmpf", prep_cmp, exec_cmp, 1, false},
    {"arith.select", NULL, exec_select, 0, false},
    {"arith.index_cast", NULL, exec_cast, CV_EXTSI, false},
    {"arith.index_castui", NULL, exec_cast, CV_EXTUI, false},
    {"arith.sitofp", NULL, exec_cast, CV_SITOFP, true},
    {"arith.uitofp", NULL, exec_cast, CV_UITOFP, true},
    {"arith.fptosi", NULL, exec_cast, CV_FPTOSI, true},
    {"arith.fptoui", NULL, exec_cast, CV_FPTOUI, true},
    {"arith.extf", NULL, exec_cast, CV_FPFP, false},
    {"arith.truncf", NULL, exec_cast, CV_FPFP, true},
    {"arith.extsi", NULL, exec_cast, CV_EXTSI, false},
    {"arith.extui", NULL, exec_cast, CV_EXTUI, false},
    {"arith.trunci", NULL, exec_cast, CV_TRUNCI, false},
    {"arith.bitcast", NULL, exec_cast, CV_BITCAST, false},
    EW("math.exp", EW_EXP, true),
    EW("math.exp2", EW_EXP2, true),
    EW("math.log", EW_LOG, true),
    EW("math.log2", EW_LOG2, true),
    EW("math.sqrt", EW_SQRT, true),
    EW("math.rsqrt", EW_RSQRT, true),
    EW("math.tanh", EW_TANH, true),
    EW("math.erf", EW_ERF, true),
    EW("math.absf", EW_ABSF, true),
    EW("math.sin", EW_SIN, true),
    EW("math.cos", EW_COS, true),
    EW("math.powf", EW_POWF, true),
    EW("math.floor", EW_FLOOR, true),
    EW("math.ceil", EW_CEIL, true),
    EW("math.fma", EW_FMA, true),
    EW("spyreop.exp", EW_EXP, true),
    EW("spyreop.sqrt", EW_SQRT, true),
    EW("spyreop.rsqrt", EW_RSQRT, true),
    EW("spyreop.reciprocal", EW_RECIP, true),
    EW("spyreop.sigmoid", EW_SIGMOID, true),
    EW("spyreop.silu", EW_SILU, true),
    EW("spyreop.gelu", EW_GELU, true),
    EW("spyreop.realdiv", EW_DIVF, true),
    {"spyreop.softplus", prep_softplus, exec_ew, EW_SOFTPLUS, true},
    {"spyreop.select", NULL, exec_select, 0, false},
    {"spyreop.compare", prep_compare, exec_cmp, 2, true},
    EW("spyreop.addi32toi32", EW_ADDI, false),
    EW("spyreop.addi64toi64", EW_ADDI, false),
    EW("spyreop.muli32toi32", EW_MULI, false),
    {"spyreop.idx32toaddr", NULL, exec_idx32toaddr, 0, false},
    {"affine.apply", NULL, exec_affine, 0, false},
    {"affine.min", NULL, exec_affine, 1, false},
    {"affine.max", NULL, exec_affine, 2, false},
    {NULL, NULL, NULL, 0, false},
};

bool iv_ew_raw(int code, unsigned ek, unsigned rek, uint32_t nin, const void *const *in,
               int64_t n, void *out, const double *prm)
{
    struct iv_tensor tin[3], tout;
    struct iv_val vin[3], *pin[3];
    for (uint32_t k = 0; k < nin; k++) {
        tin[k] = (struct iv_tensor){.h = {1, IV_TENSOR}, .ek = (uint8_t)ek, .rank = 1,
                                    .shape = {n}, .n = n, .data = (void *)in[k]};
        vin[k] = (struct iv_val){.kind = IV_TENSOR, .ek = (uint8_t)ek, .obj = &tin[k].h};
        pin[k] = &vin[k];
    }
    tout = (struct iv_tensor){.h = {1, IV_TENSOR}, .ek = (uint8_t)rek, .rank = 1, .shape = {n},
                              .n = n, .data = out};
    return ew_loop(code, rek, nin, pin, n, &tout, prm, NULL);
}

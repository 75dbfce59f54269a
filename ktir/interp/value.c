/* value.c - element kinds, tensors and value slots of the interpreter
 * (see interp_int.h for the representation). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"
#include "ktir/numeric.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

static const struct {
    const char *name;
    uint8_t size;
} ek_info[INTERP_NDTYPES] = {
    [INTERP_I1] = {"i1", 1},     [INTERP_I8] = {"i8", 1},       [INTERP_I16] = {"i16", 2},
    [INTERP_I32] = {"i32", 4},   [INTERP_I64] = {"i64", 8},     [INTERP_INDEX] = {"index", 8},
    [INTERP_F16] = {"f16", 2},   [INTERP_BF16] = {"bf16", 2},   [INTERP_DF16] = {"df16", 2},
    [INTERP_F32] = {"f32", 4},   [INTERP_F64] = {"f64", 8},
};

size_t iv_ek_size(unsigned ek) { return ek_info[ek].size; }
size_t interp_dtype_size(enum interp_dtype t) { return ek_info[t].size; }
const char *interp_dtype_name(enum interp_dtype t) { return ek_info[t].name; }

bool interp_dtype_parse(const char *s, enum interp_dtype *t)
{
    static const struct {
        const char *alias;
        enum interp_dtype t;
    } aliases[] = {{"bool", INTERP_I1},      {"int8", INTERP_I8},     {"int16", INTERP_I16},
                   {"int32", INTERP_I32},    {"int64", INTERP_I64},   {"float16", INTERP_F16},
                   {"bfloat16", INTERP_BF16}, {"float32", INTERP_F32}, {"float64", INTERP_F64}};
    for (unsigned k = 0; k < INTERP_NDTYPES; k++)
        if (strcmp(s, ek_info[k].name) == 0) {
            *t = (enum interp_dtype)k;
            return true;
        }
    for (size_t k = 0; k < sizeof aliases / sizeof *aliases; k++)
        if (strcmp(s, aliases[k].alias) == 0) {
            *t = aliases[k].t;
            return true;
        }
    return false;
}

bool iv_ek_is_float(unsigned ek) { return ek >= INTERP_F16; }

bool iv_ek_is_single(unsigned ek) { return ek >= INTERP_F16 && ek <= INTERP_F32; }

unsigned iv_ek_width(unsigned ek)
{
    switch (ek) {
    case INTERP_I1: return 1;
    case INTERP_I8: return 8;
    case INTERP_I16: return 16;
    case INTERP_I32: return 32;
    default: return 64;
    }
}

bool iv_ek_of_type(const struct ir_module *m, ir_type t, unsigned *ek)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    switch (ti->kind) {
    case IR_TY_INDEX: *ek = INTERP_INDEX; return true;
    case IR_TY_INT:
        switch (ti->width) {
        case 1: *ek = INTERP_I1; return true;
        case 8: *ek = INTERP_I8; return true;
        case 16: *ek = INTERP_I16; return true;
        case 32: *ek = INTERP_I32; return true;
        case 64: *ek = INTERP_I64; return true;
        default: return false;
        }
    case IR_TY_FLOAT:
        switch (ti->fkind) {
        case IR_F16: *ek = INTERP_F16; return true;
        case IR_BF16: *ek = INTERP_BF16; return true;
        case IR_DF16: *ek = INTERP_DF16; return true;
        case IR_F32: *ek = INTERP_F32; return true;
        default: *ek = INTERP_F64; return true;
        }
    default: return false;
    }
}

int64_t interp_array_numel(const struct interp_array *a)
{
    int64_t n = 1;
    for (uint32_t k = 0; k < a->rank; k++)
        n *= a->shape[k];
    return n;
}

void interp_array_free(struct interp_array *a)
{
    free(a->data);
    a->data = NULL;
}

/* ---- objects ------------------------------------------------------------ */

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        abort();
    return p;
}

uint64_t iv_tensor_bytes(unsigned ek, uint32_t rank, const int64_t *shape)
{
    uint64_t b = iv_ek_size(ek);
    for (uint32_t k = 0; k < rank; k++) {
        if (shape[k] < 0)
            return UINT64_MAX;
        if (shape[k] && b > UINT64_MAX / (uint64_t)shape[k])
            return UINT64_MAX;
        b *= (uint64_t)shape[k];
    }
    return b;
}

/* One allocation: the header, then the data (zeroed). */
struct iv_tensor *iv_tensor_new(unsigned ek, uint32_t rank, const int64_t *shape)
{
    int64_t n = 1;
    for (uint32_t k = 0; k < rank; k++)
        n *= shape[k];
    size_t head = (sizeof(struct iv_tensor) + 15) & ~(size_t)15;
    struct iv_tensor *t = xcalloc(1, head + (size_t)n * iv_ek_size(ek));
    t->h.refs = 1;
    t->h.type = IV_TENSOR;
    t->ek = (uint8_t)ek;
    t->rank = (uint8_t)rank;
    t->n = n;
    memcpy(t->shape, shape, rank * sizeof *shape);
    t->data = (uint8_t *)t + head;
    return t;
}

struct iv_view *iv_view_new(void)
{
    struct iv_view *v = xcalloc(1, sizeof *v);
    v->h.refs = 1;
    v->h.type = IV_VIEW;
    return v;
}

struct iv_tile *iv_tile_new(void)
{
    struct iv_tile *t = xcalloc(1, sizeof *t);
    t->h.refs = 1;
    t->h.type = IV_TILE;
    return t;
}

void iv_obj_retain(struct iv_obj *o)
{
    if (o)
        o->refs++;
}

void iv_obj_release(struct iv_obj *o)
{
    if (!o || --o->refs)
        return;
    switch (o->type) {
    case IV_TENSOR: break; /* its data is in the same allocation */
    case IV_VIEW: {
        struct iv_view *v = (struct iv_view *)o;
        for (uint32_t i = 0; i < v->nparts; i++)
            iv_obj_release(&v->parts[i]->h);
        free(v->parts);
        break;
    }
    case IV_TILE: {
        struct iv_tile *t = (struct iv_tile *)o;
        iv_obj_release(&t->view->h);
        if (t->ind) {
            for (uint32_t k = 0; k < IV_MAXR; k++) /* one per base dim, not per tile dim */
                if (t->ind->dims[k].idx)
                    iv_obj_release(&t->ind->dims[k].idx->h);
            free(t->ind->cap);
            free(t->ind);
        }
        break;
    }
    default: break;
    }
    free(o);
}

void iv_val_clear(struct iv_val *v)
{
    iv_obj_release(v->obj);
    memset(v, 0, sizeof *v);
}

void iv_val_copy(struct iv_val *dst, const struct iv_val *src)
{
    if (dst == src)
        return;
    iv_obj_retain(src->obj);
    iv_obj_release(dst->obj);
    *dst = *src;
}

struct iv_val iv_scalar_i(unsigned ek, int64_t i)
{
    struct iv_val v = {.kind = IV_SCALAR, .ek = (uint8_t)ek};
    v.s.i = iv_wrap(ek, i);
    return v;
}

struct iv_val iv_scalar_f(unsigned ek, double f)
{
    struct iv_val v = {.kind = IV_SCALAR, .ek = (uint8_t)ek};
    v.s.f = iv_round(ek, f);
    return v;
}

struct iv_val iv_tensor_val(struct iv_tensor *t)
{
    struct iv_val v = {.kind = IV_TENSOR, .ek = t->ek, .obj = &t->h};
    return v;
}

/* ---- numerics --------------------------------------------------------------- */

static float f16_table[65536]; /* f16 bits -> value */
static bool f16_table_ready;

static void f16_table_init(void)
{
    for (uint32_t b = 0; b < 65536; b++)
        f16_table[b] = num_f16_to_f32((uint16_t)b);
    f16_table_ready = true;
}

#if defined(__x86_64__) && defined(__GNUC__) && !(defined(__clang__) && __clang_major__ < 15)
/* (clang before 15 knows no "f16c" for __builtin_cpu_supports: the portable
 * code then, in tools/fuzz.sh's builds.) */
/* f16 <-> f32 eight at a time with the F16C instructions where the CPU has
 * them (round to nearest even: the same bits as the portable code). */
__attribute__((target("f16c,avx"))) static void f16_to_f32_f16c(const uint16_t *h, float *o,
                                                                int64_t n)
{
    int64_t k = 0;
    for (; k + 8 <= n; k += 8)
        _mm256_storeu_ps(o + k, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(h + k))));
    for (; k < n; k++)
        o[k] = num_f16_to_f32(h[k]);
}

__attribute__((target("f16c,avx"))) static void f32_to_f16_f16c(const float *f, uint16_t *h,
                                                                int64_t n)
{
    int64_t k = 0;
    for (; k + 8 <= n; k += 8)
        _mm_storeu_si128((__m128i *)(h + k),
                         _mm256_cvtps_ph(_mm256_loadu_ps(f + k), _MM_FROUND_TO_NEAREST_INT));
    for (; k < n; k++)
        h[k] = num_f32_to_f16(f[k]);
}

static bool has_f16c(void)
{
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx");
    return known;
}
#else
static bool has_f16c(void) { return false; }
#define f16_to_f32_f16c(h, o, n) ((void)0)
#define f32_to_f16_f16c(f, h, n) ((void)0)
#endif

/* v rounded to f32, then to f16: ktir-cpu rounds results through f32. */
static inline uint16_t to_f16(double v) { return num_f32_to_f16((float)v); }

double iv_round(unsigned ek, double v)
{
    switch (ek) {
    case INTERP_F16:
        if (!f16_table_ready)
            f16_table_init();
        return f16_table[to_f16(v)];
    case INTERP_BF16: return num_bf16_to_f32(num_f32_to_bf16((float)v));
    case INTERP_DF16: return num_df16_to_f32(num_f32_to_df16((float)v));
    case INTERP_F32: return (float)v;
    default: return v;
    }
}

void iv_round_n(unsigned ek, double *v, int64_t n)
{
    if (ek == INTERP_F16) {
        if (!f16_table_ready)
            f16_table_init();
        for (int64_t i = 0; i < n; i++)
            v[i] = f16_table[to_f16(v[i])];
    } else if (ek == INTERP_F32) {
        for (int64_t i = 0; i < n; i++)
            v[i] = (float)v[i];
    } else if (ek != INTERP_F64) {
        for (int64_t i = 0; i < n; i++)
            v[i] = iv_round(ek, v[i]);
    }
}

void iv_round_n32(unsigned ek, float *v, int64_t n)
{
    if (ek == INTERP_F16 && has_f16c()) { /* through f16 and back, eight at a time */
        uint16_t h[256];
        for (int64_t i = 0; i < n; i += 256) {
            int64_t c = n - i < 256 ? n - i : 256;
            f32_to_f16_f16c(v + i, h, c);
            f16_to_f32_f16c(h, v + i, c);
        }
    } else if (ek == INTERP_F16) {
        if (!f16_table_ready)
            f16_table_init();
        for (int64_t i = 0; i < n; i++)
            v[i] = f16_table[num_f32_to_f16(v[i])];
    } else if (ek != INTERP_F32) {
        for (int64_t i = 0; i < n; i++)
            v[i] = (float)iv_round(ek, v[i]);
    }
}

int64_t iv_wrap(unsigned ek, int64_t v)
{
    switch (ek) {
    case INTERP_I1: return v & 1;
    case INTERP_I8: return (int8_t)v;
    case INTERP_I16: return (int16_t)v;
    case INTERP_I32: return (int32_t)v;
    default: return v;
    }
}

void iv_unpack_f(const struct iv_tensor *t, int64_t i, int64_t n, double *out)
{
    const uint8_t *d = t->data;
    switch (t->ek) {
    case INTERP_F16: {
        const uint16_t *p = (const uint16_t *)d + i;
        if (has_f16c()) { /* through f32, exact: no 512 KiB table to build */
            float f[256];
            for (int64_t k = 0; k < n; k += 256) {
                int64_t c = n - k < 256 ? n - k : 256;
                f16_to_f32_f16c(p + k, f, c);
                for (int64_t j = 0; j < c; j++)
                    out[k + j] = f[j];
            }
            return;
        }
        if (!f16_table_ready)
            f16_table_init();
        for (int64_t k = 0; k < n; k++)
            out[k] = f16_table[p[k]];
        return;
    }
    case INTERP_BF16: {
        const uint16_t *p = (const uint16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            out[k] = num_bf16_to_f32(p[k]);
        return;
    }
    case INTERP_DF16: {
        const uint16_t *p = (const uint16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            out[k] = num_df16_to_f32(p[k]);
        return;
    }
    case INTERP_F32: {
        const float *p = (const float *)d + i;
        for (int64_t k = 0; k < n; k++)
            out[k] = p[k];
        return;
    }
    case INTERP_F64: memcpy(out, (const double *)d + i, (size_t)n * sizeof *out); return;
    default: {
        /* Integers read as floats (sitofp-like): signed, i1 as 0/1. */
        for (int64_t k = 0; k < n; k++)
            out[k] = (double)iv_get_i(t, i + k);
        return;
    }
    }
}


void iv_unpack_f32(const struct iv_tensor *t, int64_t i, int64_t n, float *out)
{
    const uint16_t *h = (const uint16_t *)t->data + i;
    switch (t->ek) {
    case INTERP_F16:
        if (has_f16c()) {
            f16_to_f32_f16c(h, out, n);
            return;
        }
        if (!f16_table_ready)
            f16_table_init();
        for (int64_t k = 0; k < n; k++)
            out[k] = f16_table[h[k]];
        return;
    case INTERP_BF16:
        for (int64_t k = 0; k < n; k++)
            out[k] = num_bf16_to_f32(h[k]);
        return;
    case INTERP_DF16:
        for (int64_t k = 0; k < n; k++)
            out[k] = num_df16_to_f32(h[k]);
        return;
    default:
        memcpy(out, (const float *)t->data + i, (size_t)n * sizeof *out);
        return;
    }
}

void iv_pack_f32(struct iv_tensor *t, int64_t i, int64_t n, const float *in)
{
    uint16_t *h = (uint16_t *)t->data + i;
    switch (t->ek) {
    case INTERP_F16:
        if (has_f16c()) {
            f32_to_f16_f16c(in, h, n);
            return;
        }
        for (int64_t k = 0; k < n; k++)
            h[k] = num_f32_to_f16(in[k]);
        return;
    case INTERP_BF16:
        for (int64_t k = 0; k < n; k++)
            h[k] = num_f32_to_bf16(in[k]);
        return;
    case INTERP_DF16:
        for (int64_t k = 0; k < n; k++)
            h[k] = num_f32_to_df16(in[k]);
        return;
    default:
        memcpy((float *)t->data + i, in, (size_t)n * sizeof *in);
        return;
    }
}

void iv_pack_f(struct iv_tensor *t, int64_t i, int64_t n, const double *in)
{
    uint8_t *d = t->data;
    switch (t->ek) {
    case INTERP_F16: {
        uint16_t *p = (uint16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = to_f16(in[k]);
        return;
    }
    case INTERP_BF16: {
        uint16_t *p = (uint16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = num_f32_to_bf16((float)in[k]);
        return;
    }
    case INTERP_DF16: {
        uint16_t *p = (uint16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = num_f32_to_df16((float)in[k]);
        return;
    }
    case INTERP_F32: {
        float *p = (float *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = (float)in[k];
        return;
    }
    case INTERP_F64: memcpy((double *)d + i, in, (size_t)n * sizeof *in); return;
    default:
        for (int64_t k = 0; k < n; k++)
            iv_put_i(t, i + k, (int64_t)in[k]);
        return;
    }
}

void iv_unpack_i(const struct iv_tensor *t, int64_t i, int64_t n, bool zext, int64_t *out)
{
    const uint8_t *d = t->data;
    switch (t->ek) {
    case INTERP_I1:
        for (int64_t k = 0; k < n; k++)
            out[k] = d[i + k] & 1;
        return;
    case INTERP_I8:
        for (int64_t k = 0; k < n; k++)
            out[k] = zext ? (int64_t)(uint8_t)d[i + k] : (int64_t)(int8_t)d[i + k];
        return;
    case INTERP_I16: {
        const int16_t *p = (const int16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            out[k] = zext ? (int64_t)(uint16_t)p[k] : (int64_t)p[k];
        return;
    }
    case INTERP_I32: {
        const int32_t *p = (const int32_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            out[k] = zext ? (int64_t)(uint32_t)p[k] : (int64_t)p[k];
        return;
    }
    case INTERP_I64:
    case INTERP_INDEX: memcpy(out, (const int64_t *)d + i, (size_t)n * sizeof *out); return;
    default: {
        double buf[256];
        for (int64_t k = 0; k < n; k += 256) {
            int64_t c = n - k < 256 ? n - k : 256;
            iv_unpack_f(t, i + k, c, buf);
            for (int64_t j = 0; j < c; j++)
                out[k + j] = (int64_t)buf[j];
        }
        return;
    }
    }
}

void iv_pack_i(struct iv_tensor *t, int64_t i, int64_t n, const int64_t *in)
{
    uint8_t *d = t->data;
    switch (t->ek) {
    case INTERP_I1:
        for (int64_t k = 0; k < n; k++)
            d[i + k] = (uint8_t)(in[k] & 1);
        return;
    case INTERP_I8:
        for (int64_t k = 0; k < n; k++)
            d[i + k] = (uint8_t)in[k];
        return;
    case INTERP_I16: {
        int16_t *p = (int16_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = (int16_t)in[k];
        return;
    }
    case INTERP_I32: {
        int32_t *p = (int32_t *)d + i;
        for (int64_t k = 0; k < n; k++)
            p[k] = (int32_t)in[k];
        return;
    }
    case INTERP_I64:
    case INTERP_INDEX: memcpy((int64_t *)d + i, in, (size_t)n * sizeof *in); return;
    default:
        for (int64_t k = 0; k < n; k++)
            iv_put_f(t, i + k, (double)in[k]);
        return;
    }
}

double iv_get_f(const struct iv_tensor *t, int64_t i)
{
    double v;
    iv_unpack_f(t, i, 1, &v);
    return v;
}

int64_t iv_get_i(const struct iv_tensor *t, int64_t i)
{
    int64_t v;
    if (iv_ek_is_float(t->ek))
        return (int64_t)iv_get_f(t, i);
    iv_unpack_i(t, i, 1, false, &v);
    return v;
}

void iv_put_f(struct iv_tensor *t, int64_t i, double v) { iv_pack_f(t, i, 1, &v); }
void iv_put_i(struct iv_tensor *t, int64_t i, int64_t v) { iv_pack_i(t, i, 1, &v); }

void interp_array_get(const struct interp_array *a, int64_t i, int64_t n, double *out)
{
    struct iv_tensor t = {.ek = (uint8_t)a->dtype, .data = a->data};
    iv_unpack_f(&t, i, n, out);
}

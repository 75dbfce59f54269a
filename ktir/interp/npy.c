/* npy.c - .npy reader and writer (see npy.h for the layout). */
#include "ktir/interp/npy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool fail(char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return false;
}

/* The value text after 'key': in the header dict, or NULL. */
static const char *dict_value(const char *h, size_t n, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl + 2 < n; i++) {
        if ((h[i] == '\'' || h[i] == '"') && strncmp(h + i + 1, key, kl) == 0 &&
            h[i + 1 + kl] == h[i]) {
            const char *p = h + i + kl + 2;
            while (p < h + n && (*p == ' ' || *p == ':'))
                p++;
            return p;
        }
    }
    return NULL;
}

static bool descr_dtype(const char *d, enum interp_dtype *t, char *err, size_t errlen)
{
    static const struct {
        const char *code;
        enum interp_dtype t;
    } codes[] = {{"b1", INTERP_I1},  {"i1", INTERP_I8},  {"u1", INTERP_I8},  {"i2", INTERP_I16},
                 {"u2", INTERP_I16}, {"i4", INTERP_I32}, {"u4", INTERP_I32}, {"i8", INTERP_I64},
                 {"u8", INTERP_I64}, {"f2", INTERP_F16}, {"f4", INTERP_F32}, {"f8", INTERP_F64}};
    if (d[0] == '>' && d[2] != '1')
        return fail(err, errlen, "big-endian arrays are not supported");
    if (d[0] != '<' && d[0] != '|' && d[0] != '=')
        return fail(err, errlen, "unsupported dtype");
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
        if (strncmp(d + 1, codes[i].code, 2) == 0 && (d[3] == '\'' || d[3] == '"')) {
            *t = codes[i].t;
            return true;
        }
    return fail(err, errlen, "unsupported dtype (want bool, int, uint or float)");
}

bool npy_parse(const uint8_t *buf, size_t len, struct interp_array *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    if (len < 10 || memcmp(buf, "\x93NUMPY", 6) != 0)
        return fail(err, errlen, "not a .npy file (bad magic)");
    unsigned major = buf[6];
    size_t hl, off;
    if (major == 1) {
        hl = (size_t)buf[8] | (size_t)buf[9] << 8;
        off = 10;
    } else if (major == 2 || major == 3) {
        if (len < 12)
            return fail(err, errlen, "truncated .npy header");
        hl = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
        off = 12;
    } else {
        return fail(err, errlen, "unsupported .npy version");
    }
    if (hl > len - off)
        return fail(err, errlen, "truncated .npy header");
    const char *h = (const char *)buf + off;
    const char *descr = dict_value(h, hl, "descr");
    const char *fo = dict_value(h, hl, "fortran_order");
    const char *shape = dict_value(h, hl, "shape");
    const char *hend = h + hl;
    if (!descr || !fo || !shape || hend - descr < 5 || hend - fo < 4 || hend - shape < 2 ||
        (*descr != '\'' && *descr != '"') || *shape != '(')
        return fail(err, errlen, "malformed .npy header");
    if (strncmp(fo, "True", 4) == 0)
        return fail(err, errlen, "Fortran-order arrays are not supported");
    if (!descr_dtype(descr + 1, &a->dtype, err, errlen))
        return false;
    const char *p = shape + 1, *end = hend;
    while (p < end && *p != ')') {
        while (p < end && (*p == ' ' || *p == ','))
            p++;
        if (p < end && *p == ')')
            break;
        /* digits, bounded by the header (it is not NUL-terminated) */
        const char *q = p;
        int64_t v = 0;
        while (q < end && *q >= '0' && *q <= '9' && v < INT64_MAX / 16)
            v = 10 * v + (*q++ - '0');
        if (q == p || (q < end && *q >= '0' && *q <= '9'))
            return fail(err, errlen, "malformed shape in .npy header");
        if (a->rank == INTERP_MAX_RANK)
            return fail(err, errlen, "array rank too high");
        a->shape[a->rank++] = v;
        p = q;
    }
    size_t es = interp_dtype_size(a->dtype), n = 1;
    for (uint32_t k = 0; k < a->rank; k++) {
        if (a->shape[k] && n > SIZE_MAX / es / (size_t)a->shape[k])
            return fail(err, errlen, "array too large");
        n *= (size_t)a->shape[k];
    }
    size_t data = off + hl;
    if (n * es > len - data)
        return fail(err, errlen, "truncated .npy data");
    a->data = malloc(n * es > 0 ? n * es : 1);
    if (!a->data)
        return fail(err, errlen, "out of memory");
    memcpy(a->data, buf + data, n * es);
    if (a->dtype == INTERP_I1)
        for (size_t i = 0; i < n; i++)
            ((uint8_t *)a->data)[i] = ((uint8_t *)a->data)[i] != 0;
    return true;
}

bool npy_read(const char *path, struct interp_array *a, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return false;
    }
    size_t cap = 1 << 16, len = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    bool ioerr = ferror(f);
    fclose(f);
    if (!buf || ioerr) {
        free(buf);
        return fail(err, errlen, buf ? "read error" : "out of memory");
    }
    bool ok = npy_parse(buf, len, a, err, errlen);
    free(buf);
    return ok;
}

static const char *descr_of(enum interp_dtype t)
{
    switch (t) {
    case INTERP_I1: return "|b1";
    case INTERP_I8: return "|i1";
    case INTERP_I16: return "<i2";
    case INTERP_I32: return "<i4";
    case INTERP_I64:
    case INTERP_INDEX: return "<i8";
    case INTERP_F16: return "<f2";
    case INTERP_F32: return "<f4";
    case INTERP_F64: return "<f8";
    default: return "<u2"; /* bf16, df16: bit patterns */
    }
}

void npy_format(const struct interp_array *a, uint8_t **out, size_t *outlen)
{
    char h[512];
    int n = snprintf(h, sizeof h, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                     descr_of(a->dtype));
    for (uint32_t k = 0; k < a->rank; k++)
        n += snprintf(h + n, sizeof h - (size_t)n, "%lld,%s", (long long)a->shape[k],
                      k + 1 < a->rank ? " " : "");
    if (a->rank > 1) /* "(2, 3)" but "(5,)" as numpy writes them */
        n--;
    n += snprintf(h + n, sizeof h - (size_t)n, "), }");
    size_t total = 10 + (size_t)n + 1, pad = (64 - total % 64) % 64;
    size_t hl = (size_t)n + pad + 1;
    size_t bytes = (size_t)interp_array_numel(a) * interp_dtype_size(a->dtype);
    uint8_t *b = malloc(10 + hl + bytes);
    if (!b)
        abort();
    memcpy(b, "\x93NUMPY\x01\x00", 8);
    b[8] = (uint8_t)(hl & 0xFF);
    b[9] = (uint8_t)(hl >> 8);
    memcpy(b + 10, h, (size_t)n);
    memset(b + 10 + n, ' ', pad);
    b[10 + hl - 1] = '\n';
    memcpy(b + 10 + hl, a->data, bytes);
    *out = b;
    *outlen = 10 + hl + bytes;
}

bool npy_write(const char *path, const struct interp_array *a, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t len;
    npy_format(a, &buf, &len);
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp)
        abort();
    snprintf(tmp, pl + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    bool ok = fd >= 0;
    if (ok) {
        FILE *f = fdopen(fd, "wb");
        ok = f && fwrite(buf, 1, len, f) == len;
        ok = (f ? fclose(f) == 0 : (close(fd), false)) && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok) {
            snprintf(err, errlen, "cannot write: %s", strerror(errno));
            remove(tmp);
        }
    } else {
        snprintf(err, errlen, "cannot create: %s", strerror(errno));
    }
    free(tmp);
    free(buf);
    return ok;
}

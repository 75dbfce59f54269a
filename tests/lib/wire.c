/* wire.c - protobuf wire-format bytes by hand, for tests (see wire.h). */
#include "tests/lib/wire.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

void wire_put(struct wire_buf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 16;
        b->p = realloc(b->p, b->cap);
        assert_non_null(b->p);
    }
    if (n)
        memcpy(b->p + b->len, p, n);
    b->len += n;
}

void wire_put_varint(struct wire_buf *b, uint64_t v)
{
    unsigned char t[10];
    size_t n = 0;
    while (v >= 0x80) {
        t[n++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    t[n++] = (unsigned char)v;
    wire_put(b, t, n);
}

void wire_put_tag(struct wire_buf *b, uint32_t field, uint32_t wt)
{
    wire_put_varint(b, (uint64_t)field << 3 | wt);
}

uint64_t wire_get_varint(const unsigned char **p, const unsigned char *end)
{
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
        assert_true(*p < end && shift < 64);
        unsigned char c = *(*p)++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (c < 0x80)
            return v;
    }
}

size_t wire_split(const unsigned char *p, size_t len, struct wire_record **out)
{
    const unsigned char *end = p + len;
    size_t n = 0, cap = 16;
    struct wire_record *r = malloc(cap * sizeof *r);
    assert_non_null(r);
    while (p < end) {
        if (n == cap) {
            r = realloc(r, (cap *= 2) * sizeof *r);
            assert_non_null(r);
        }
        uint64_t tag = wire_get_varint(&p, end);
        struct wire_record x = {(uint32_t)(tag >> 3), (uint32_t)(tag & 7), NULL, 0, 0};
        switch (x.wt) {
        case 0:
            x.v = wire_get_varint(&p, end);
            break;
        case 1:
        case 5:
            x.p = p;
            x.n = x.wt == 1 ? 8 : 4;
            p += x.n;
            break;
        case 2:
            x.n = wire_get_varint(&p, end);
            x.p = p;
            p += x.n;
            break;
        default:
            fail_msg("wire type %u", x.wt);
        }
        assert_true(p <= end);
        r[n++] = x;
    }
    *out = r;
    return n;
}

void wire_sort_desc(struct wire_record *r, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && r[j - 1].field < r[j].field; j--) {
            struct wire_record t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
}

/* pbwire.h - the protobuf wire format's reading primitives, shared by the
 * hand-written decoders of IR files (ktir/irfile.c) and SpyreCode
 * (codegen/spyrecode_io.c): wire types, a reader over a byte range, varints.
 * What a message means stays with each decoder. */
#ifndef KTIR_PBWIRE_H
#define KTIR_PBWIRE_H

#include <stdbool.h>
#include <stdint.h>

enum { WT_VARINT = 0, WT_I64 = 1, WT_LEN = 2, WT_I32 = 5 };

/* The unread bytes [p, end) of a message. */
struct rd {
    const uint8_t *p, *end;
};

/* Reads a varint of at most 10 bytes into *out; false when it is cut short
 * or longer. */
static inline bool rd_varint(struct rd *r, uint64_t *out)
{
    const uint8_t *p = r->p;
    if (p < r->end && *p < 0x80) {
        *out = *p;
        r->p = p + 1;
        return true;
    }
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 70; shift += 7) {
        if (p == r->end)
            return false;
        uint8_t c = *p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (c < 0x80) {
            *out = v;
            r->p = p;
            return true;
        }
    }
    return false; /* longer than 10 bytes */
}

#endif

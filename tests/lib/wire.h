/* wire.h - writing and splitting protobuf wire-format bytes by hand, for
 * the tests that check our hand-written decoders (ktir/irfile.c,
 * codegen/spyrecode_io.c) against protoc-c's code on re-encoded,
 * truncated and corrupted messages. Test-only; failures are cmocka
 * assertion failures. */
#ifndef TESTS_LIB_WIRE_H
#define TESTS_LIB_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* A growing byte buffer (zero-initialize; free p). */
struct wire_buf {
    unsigned char *p;
    size_t len, cap;
};

void wire_put(struct wire_buf *b, const void *p, size_t n);
void wire_put_varint(struct wire_buf *b, uint64_t v);
void wire_put_tag(struct wire_buf *b, uint32_t field, uint32_t wt);

/* The varint at *p (before end), advancing *p; fails the test when it is
 * cut off or longer than 64 bits. */
uint64_t wire_get_varint(const unsigned char **p, const unsigned char *end);

/* One field of a message. */
struct wire_record {
    uint32_t field, wt;
    const unsigned char *p; /* value bytes (after the tag; for LEN, after the length) */
    size_t n;
    uint64_t v; /* varint value */
};

/* The records of a well-formed message, in order, in *out (malloc'd);
 * returns their count. */
size_t wire_split(const unsigned char *p, size_t len, struct wire_record **out);

/* Stable sort by descending field number: the elements of one repeated
 * field keep their order, everything else moves. */
void wire_sort_desc(struct wire_record *r, size_t n);

#endif

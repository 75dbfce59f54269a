/* wire_test.c - codegen/spyrecode_io.c's hand-written SpyreCode decoder
 * against protoc-c's generated code for codegen/spyrecode.proto, on every
 * hand-written kernel of tests/sim (assembled, then written by sc_write_mem,
 * which packs with protoc-c's code):
 *   - an equivalent encoding (every message's fields in reverse number
 *     order, repeated scalars unpacked, each singular scalar given twice
 *     with the last value right, unknown fields of every wire type added),
 *     which protoc-c's code reads back to the same message, reads into the
 *     same binary (same text, locations included);
 *   - any one varint scalar written as a fixed64 is a broken encoding for
 *     both;
 *   - on every truncation and on four corruptions of every payload byte:
 *     when protoc-c's code rejects the encoding, the decoder rejects the
 *     file; when it accepts it, the decoder gives what it gives on
 *     protoc-c's own re-encoding of the message (the same error or the same
 *     binary), and never "bad encoding".
 * Usage: wire_test (in the runfiles).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "codegen/spyrecode.h"
#include "codegen/spyrecode.pb-c.h"
#include "ktir/irfile.h"
#include "tests/lib/wire.h"

static const char *const kernels[] = {
    "tests/sim/vadd.sc",      "tests/sim/dbuf.sc",         "tests/sim/deadlock.sc",
    "tests/sim/add.sc",       "tests/sim/roof_compute.sc", "tests/sim/roof_read.sc",
    "tests/sim/roof_rw.sc",   "tests/sim/sig_async.sc",    "tests/sim/spin.sc",
    "tests/sim/gather_ld.sc", "tests/sim/ld_overlap.sc",   "tests/sim/vscale.sc",
};

/* ---- the equivalent encoding ---------------------------------------------- */

/* The varint scalar (in walk order) reencode writes as a fixed64 instead, a
 * wire type protoc-c refuses for it; -1 for none. */
static long retype_at = -1, retype_seen;

/* A message of type desc re-encoded into b (see the header). */
static void reencode(struct wire_buf *b, const ProtobufCMessageDescriptor *desc,
                     const unsigned char *p, size_t len)
{
    struct wire_record *r;
    size_t n = wire_split(p, len, &r);
    for (size_t i = 0; i < n; i++) /* spyrecode.proto has no fixed-size fields */
        assert_true(r[i].wt == 0 || r[i].wt == 2);
    wire_sort_desc(r, n);
    wire_put_tag(b, 99, 2); /* unknown fields */
    wire_put_varint(b, 3);
    wire_put(b, "xyz", 3);
    wire_put_tag(b, 1000, 0);
    wire_put_varint(b, 1u << 20);
    wire_put_tag(b, 2000, 5);
    wire_put(b, "\1\2\3\4", 4);
    wire_put_tag(b, 2001, 1);
    wire_put(b, "\1\2\3\4\5\6\7\10", 8);
    for (size_t i = 0; i < n; i++) {
        const ProtobufCFieldDescriptor *f =
            protobuf_c_message_descriptor_get_field(desc, (unsigned)r[i].field);
        assert_non_null(f);
        bool rep = f->label == PROTOBUF_C_LABEL_REPEATED;
        if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
            struct wire_buf m = {0};
            reencode(&m, f->descriptor, r[i].p, r[i].n);
            wire_put_tag(b, r[i].field, 2);
            wire_put_varint(b, m.len);
            wire_put(b, m.p, m.len);
            free(m.p);
        } else if (f->type == PROTOBUF_C_TYPE_STRING) {
            wire_put_tag(b, r[i].field, 2);
            wire_put_varint(b, r[i].n);
            wire_put(b, r[i].p, r[i].n);
        } else if (r[i].wt == 2) { /* a packed run, unpacked */
            assert_true(rep);
            const unsigned char *q = r[i].p, *end = q + r[i].n;
            while (q < end) {
                wire_put_tag(b, r[i].field, 0);
                wire_put_varint(b, wire_get_varint(&q, end));
            }
        } else if (retype_seen++ == retype_at) {
            unsigned char le[8];
            for (int j = 0; j < 8; j++)
                le[j] = (unsigned char)(r[i].v >> (8 * j));
            wire_put_tag(b, r[i].field, 1);
            wire_put(b, le, 8);
        } else {
            if (!rep) { /* a wrong value first: the last one counts */
                wire_put_tag(b, r[i].field, 0);
                wire_put_varint(b, r[i].v ^ 1);
            }
            wire_put_tag(b, r[i].field, 0);
            wire_put_varint(b, r[i].v);
        }
    }
    free(r);
}

/* ---- reading -------------------------------------------------------------- */

static unsigned char *wrap(const unsigned char *payload, size_t n, size_t *len)
{
    unsigned char *out;
    char err[256];
    assert_int_equal(ir_file_wrap(payload, n, SC_STAGE, "wire_test", &out, len, err, sizeof err), 0);
    return out;
}

/* What the decoder makes of a payload: the binary's text with locations,
 * or "error: " and the reason. */
static char *decode(const unsigned char *payload, size_t n)
{
    size_t len;
    unsigned char *file = wrap(payload, n, &len);
    struct sc_binary *b;
    char err[256];
    char *t;
    size_t tl;
    FILE *f = open_memstream(&t, &tl);
    assert_non_null(f);
    if (sc_read_mem(file, len, &b, err, sizeof err) == 0) {
        sc_print(b, f, true);
        sc_binary_free(b);
    } else {
        fprintf(f, "error: %s", err);
    }
    fclose(f);
    free(file);
    return t;
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    struct wire_buf b = {0};
    char tmp[4096];
    size_t k;
    while ((k = fread(tmp, 1, sizeof tmp, f)) > 0)
        wire_put(&b, tmp, k);
    fclose(f);
    wire_put(&b, "", 1);
    *n = b.len - 1;
    return (char *)b.p;
}

/* The payload sc_write_mem writes for a hand-written kernel. */
static unsigned char *payload_of(const char *path, size_t *n)
{
    size_t tn;
    char *text = slurp(path, &tn);
    struct ir_diag d;
    ir_diag_init(&d, stderr);
    struct sc_binary *b = sc_parse(path, text, tn, &d);
    ir_diag_free(&d);
    free(text);
    assert_non_null(b);
    unsigned char *file, *raw;
    size_t len;
    char err[256];
    assert_int_equal(sc_write_mem(b, "wire_test", &file, &len, err, sizeof err), 0);
    assert_int_equal(ir_file_unwrap(file, len, SC_STAGE, &raw, n, NULL, 0, err, sizeof err), 0);
    free(file);
    sc_binary_free(b);
    return raw;
}

/* ---- the checks ------------------------------------------------------------- */

static void equivalent_encoding(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
        size_t n;
        unsigned char *raw = payload_of(kernels[k], &n);
        struct wire_buf re = {0};
        reencode(&re, &spyrecode__spyre_binary__descriptor, raw, n);
        assert_true(re.len > n);
        /* protoc-c reads both to the same message */
        Spyrecode__SpyreBinary *m1 = spyrecode__spyre_binary__unpack(NULL, n, raw);
        Spyrecode__SpyreBinary *m2 = spyrecode__spyre_binary__unpack(NULL, re.len, re.p);
        assert_non_null(m1);
        assert_non_null(m2);
        assert_int_equal(m1->n_programs, m2->n_programs);
        assert_int_equal(m1->n_units, m2->n_units);
        assert_string_equal(m1->kernel, m2->kernel);
        spyrecode__spyre_binary__free_unpacked(m1, NULL);
        spyrecode__spyre_binary__free_unpacked(m2, NULL);
        char *t1 = decode(raw, n), *t2 = decode(re.p, re.len);
        if (strncmp(t1, "error: ", 7) == 0)
            fail_msg("%s: %s", kernels[k], t1);
        assert_string_equal(t1, t2);
        free(t1);
        free(t2);
        free(re.p);
        free(raw);
    }
}

/* The decoder on payload p against protoc-c's code (see the header). */
static void agree(const unsigned char *p, size_t n, const char *what, size_t at)
{
    char *t = decode(p, n);
    Spyrecode__SpyreBinary *m = spyrecode__spyre_binary__unpack(NULL, n, p);
    if (!m) {
        if (strncmp(t, "error: ", 7) != 0)
            fail_msg("%s at %zu: protoc-c rejects it, the decoder reads it", what, at);
    } else {
        size_t cn = spyrecode__spyre_binary__get_packed_size(m);
        unsigned char *c = malloc(cn ? cn : 1);
        assert_non_null(c);
        spyrecode__spyre_binary__pack(m, c);
        spyrecode__spyre_binary__free_unpacked(m, NULL);
        char *tc = decode(c, cn);
        if (strstr(t, "bad encoding"))
            fail_msg("%s at %zu: protoc-c reads it, the decoder says %s", what, at, t);
        if (strcmp(t, tc) != 0)
            fail_msg("%s at %zu: the decoder gives\n%.300s\nbut on protoc-c's re-encoding\n%.300s",
                     what, at, t, tc);
        free(tc);
        free(c);
    }
    free(t);
}

/* A known field of another wire type is a broken encoding for both. */
static void wrong_wire_types(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
        size_t n;
        unsigned char *raw = payload_of(kernels[k], &n);
        for (retype_at = 0;; retype_at++) {
            struct wire_buf re = {0};
            retype_seen = 0;
            reencode(&re, &spyrecode__spyre_binary__descriptor, raw, n);
            if (retype_seen <= retype_at) {
                free(re.p);
                break;
            }
            Spyrecode__SpyreBinary *m = spyrecode__spyre_binary__unpack(NULL, re.len, re.p);
            assert_null(m);
            char *t = decode(re.p, re.len);
            if (!strstr(t, "bad encoding"))
                fail_msg("%s: varint %ld as a fixed64: %s", kernels[k], retype_at, t);
            free(t);
            free(re.p);
        }
        retype_at = -1;
        free(raw);
    }
}

static void corruptions(void **state)
{
    (void)state;
    static const unsigned char flips[] = {0x01, 0x80, 0x7f};
    unsigned rejected = 0, total = 0;
    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
        size_t n;
        unsigned char *raw = payload_of(kernels[k], &n);
        unsigned char *p = malloc(n);
        assert_non_null(p);
        for (size_t i = 0; i < n; i++)
            agree(raw, i, "truncation", i);
        for (size_t i = 0; i < n; i++) {
            for (size_t f = 0; f <= sizeof flips; f++) {
                memcpy(p, raw, n);
                p[i] = f < sizeof flips ? p[i] ^ flips[f] : 0xff;
                agree(p, n, kernels[k], i);
                Spyrecode__SpyreBinary *m = spyrecode__spyre_binary__unpack(NULL, n, p);
                rejected += !m;
                total++;
                spyrecode__spyre_binary__free_unpacked(m, NULL);
            }
        }
        free(p);
        free(raw);
    }
    /* both kinds of corruption happened */
    assert_true(rejected > 0 && rejected < total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(equivalent_encoding),
        cmocka_unit_test(wrong_wire_types),
        cmocka_unit_test(corruptions),
    };
    return cmocka_run_group_tests_name("spyrecode_wire", tests, NULL, NULL);
}

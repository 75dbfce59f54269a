/* wire_test.c - IR files are real protobuf: on every module of the golden
 * corpus (tests/golden/<group>/<case>.mlir that parse and verify),
 *   - what ktir/irfile.c writes, protoc-c's generated code for ir.proto
 *     unpacks, and packs again into the very same bytes (container and
 *     Module);
 *   - a different but equivalent encoding (fields in reverse number order,
 *     repeated scalars unpacked, unknown fields added), which protoc-c's
 *     code also reads back to the same message, is read by irfile.c into a
 *     module that writes the original bytes again.
 * Usage: wire_test [DIR] (default tests/golden, in the runfiles).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <cmocka.h>

#include "ktir/asm.h"
#include "ktir/ir.h"
#include "ktir/ir.pb-c.h"
#include "ktir/irfile.h"
#include "tests/lib/irtest.h"
#include "tests/lib/wire.h"

/* ---- a small protobuf re-encoder ------------------------------------------ */

/* A table entry (Type, Attr, ... Region: every length-delimited field is a
 * packed scalar list) re-encoded: lists unpacked, fields reversed, and two
 * unknown fields. */
static void reencode_entry(struct wire_buf *b, const unsigned char *p, size_t len, bool unknown)
{
    struct wire_record *r;
    size_t n = wire_split(p, len, &r);
    wire_sort_desc(r, n);
    if (unknown) {
        wire_put_tag(b, 99, 2);
        wire_put_varint(b, 3);
        wire_put(b, "xyz", 3);
    }
    for (size_t i = 0; i < n; i++) {
        if (r[i].wt == 2) {
            const unsigned char *q = r[i].p, *end = q + r[i].n;
            while (q < end) {
                wire_put_tag(b, r[i].field, 0);
                wire_put_varint(b, wire_get_varint(&q, end));
            }
        } else if (r[i].wt == 0) {
            wire_put_tag(b, r[i].field, 0);
            wire_put_varint(b, r[i].v);
        } else {
            wire_put_tag(b, r[i].field, r[i].wt);
            wire_put(b, r[i].p, r[i].n);
        }
    }
    if (unknown) {
        wire_put_tag(b, 15, 0);
        wire_put_varint(b, 7);
    }
    free(r);
}

/* A Module re-encoded: tables in reverse order, each entry re-encoded, with
 * unknown fields or without (protoc-c keeps them and writes them back). */
static void reencode_module(struct wire_buf *b, const unsigned char *p, size_t len, bool unknown)
{
    struct wire_record *r;
    size_t n = wire_split(p, len, &r);
    wire_sort_desc(r, n);
    if (unknown) {
        wire_put_tag(b, 200, 5);
        wire_put(b, "\1\2\3\4", 4);
    }
    for (size_t i = 0; i < n; i++) {
        if (r[i].wt == 0) {
            wire_put_tag(b, r[i].field, 0);
            wire_put_varint(b, r[i].v);
        } else if (r[i].field == 1) { /* strings stay as they are */
            wire_put_tag(b, 1, 2);
            wire_put_varint(b, r[i].n);
            wire_put(b, r[i].p, r[i].n);
        } else {
            struct wire_buf e = {0};
            reencode_entry(&e, r[i].p, r[i].n, unknown);
            wire_put_tag(b, r[i].field, 2);
            wire_put_varint(b, e.len);
            wire_put(b, e.p, e.len);
            free(e.p);
        }
    }
    free(r);
}

/* ---- the checks ------------------------------------------------------------- */

/* A complete IR file (header, checksum) around a protoc-c IrFile. */
static struct wire_buf wrap(const Ktir__IrFile *c)
{
    size_t body = ktir__ir_file__get_packed_size(c);
    struct wire_buf f = {malloc(16 + body), 16 + body, 16 + body};
    assert_non_null(f.p);
    ktir__ir_file__pack(c, f.p + 16);
    memcpy(f.p, "KTCIR\0\1", 8);
    for (int i = 0; i < 4; i++)
        f.p[8 + i] = (unsigned char)(body >> (8 * i));
    uint32_t crc = (uint32_t)crc32_z(crc32_z(0, f.p, 12), f.p + 16, body);
    for (int i = 0; i < 4; i++)
        f.p[12 + i] = (unsigned char)(crc >> (8 * i));
    return f;
}

static void check_module(const char *name, const struct ir_module *m)
{
    unsigned char *file;
    size_t len;
    char err[256];
    assert_int_equal(ir_file_write_mem(m, "ktir", "wire_test 1", &file, &len, err, sizeof err), 0);

    /* protoc-c reads our container and packs it to the same bytes. */
    Ktir__IrFile *c = ktir__ir_file__unpack(NULL, len - 16, file + 16);
    if (!c)
        fail_msg("%s: protoc-c cannot unpack the container", name);
    assert_int_equal(c->schema_version, IR_FILE_SCHEMA_VERSION);
    assert_string_equal(c->stage, "ktir");
    assert_string_equal(c->tool, "wire_test 1");
    assert_int_equal(ktir__ir_file__get_packed_size(c), len - 16);
    unsigned char *again = malloc(len);
    ktir__ir_file__pack(c, again);
    assert_memory_equal(again, file + 16, len - 16);
    free(again);

    /* ... and our Module, whatever the compression. */
    size_t n = c->module_size;
    unsigned char *raw = malloc(n ? n : 1);
    if (c->compression == 0) {
        uLongf got = n;
        assert_int_equal(uncompress(raw, &got, c->module.data, c->module.len), Z_OK);
        assert_int_equal(got, n);
    } else {
        assert_int_equal(c->compression, 1);
        assert_int_equal(c->module.len, n);
        memcpy(raw, c->module.data, n);
    }
    Ktir__Module *pm = ktir__module__unpack(NULL, n, raw);
    if (!pm)
        fail_msg("%s: protoc-c cannot unpack the module", name);
    assert_int_equal(ktir__module__get_packed_size(pm), n);
    unsigned char *packed = malloc(n ? n : 1);
    ktir__module__pack(pm, packed);
    if (memcmp(packed, raw, n) != 0)
        fail_msg("%s: protoc-c packs the module differently", name);
    free(packed);
    assert_true(pm->n_ops + 1 <= m->ops.len); /* only the live ops */

    /* An equivalent encoding: protoc-c reads it as the same message, and so
     * does irfile.c, down to the bytes it writes again. */
    struct wire_buf known = {0}, re = {0};
    reencode_module(&known, raw, n, false);
    reencode_module(&re, raw, n, true);
    if (re.len <= known.len || (known.len == n && memcmp(known.p, raw, n) == 0))
        fail_msg("%s: re-encoded %zu / %zu bytes, from %zu", name, known.len, re.len, n);
    Ktir__Module *pm2 = ktir__module__unpack(NULL, known.len, known.p);
    if (!pm2)
        fail_msg("%s: protoc-c cannot unpack the re-encoded module", name);
    packed = malloc(n ? n : 1);
    assert_int_equal(ktir__module__get_packed_size(pm2), n);
    ktir__module__pack(pm2, packed);
    assert_memory_equal(packed, raw, n);
    free(packed);
    ktir__module__free_unpacked(pm2, NULL);

    uLongf zlen = compressBound(re.len);
    unsigned char *z = malloc(zlen);
    assert_int_equal(compress2(z, &zlen, re.p, re.len, 6), Z_OK);
    Ktir__IrFile c2 = *c;
    c2.compression = 0;
    c2.module_size = re.len;
    c2.module = (ProtobufCBinaryData){zlen, z};
    struct wire_buf f2 = wrap(&c2);
    struct ir_module *r;
    if (ir_file_read_mem(f2.p, f2.len, "ktir", &r, NULL, 0, err, sizeof err) != 0)
        fail_msg("%s: the re-encoded module is refused: %s", name, err);
    unsigned char *file2;
    size_t len2;
    assert_int_equal(ir_file_write_mem(r, "ktir", "wire_test 1", &file2, &len2, err, sizeof err), 0);
    assert_int_equal(len2, len);
    assert_memory_equal(file2, file, len);

    free(file2);
    ir_module_free(r);
    free(f2.p);
    free(z);
    free(re.p);
    free(known.p);
    ktir__module__free_unpacked(pm, NULL);
    free(raw);
    ktir__ir_file__free_unpacked(c, NULL);
    free(file);
}

static const char *corpus_dir = "tests/golden";

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every chunk of every .mlir under dir that parses and verifies. */
static size_t check_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s", dir);
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, compare_names);
    size_t checked = 0;
    for (size_t i = 0; i < n; i++) {
        char *path = irt_fmt("%s/%s", dir, names[i]);
        size_t l = strlen(names[i]);
        DIR *sub = opendir(path);
        if (sub) {
            closedir(sub);
            checked += check_dir(path);
        } else if (l > 5 && strcmp(names[i] + l - 5, ".mlir") == 0) {
            size_t len;
            char *text = irt_read_file(path, &len);
            assert_non_null(text);
            size_t begin[64], end[64];
            size_t nchunks = ir_split_chunks(text, len, begin, end, 64);
            for (size_t k = 0; k < nchunks; k++) {
                struct irt_parse p;
                irt_parse(&p, path, text, len, begin[k], end[k]);
                if (p.ok) {
                    check_module(path, p.m);
                    checked++;
                }
                irt_parse_free(&p);
            }
            free(text);
        }
        free(path);
        free(names[i]);
    }
    free(names);
    return checked;
}

static void test_golden_modules(void **state)
{
    (void)state;
    size_t checked = check_dir(corpus_dir);
    printf("wire_test: %zu modules of %s\n", checked, corpus_dir);
    assert_true(checked >= 100);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        corpus_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_modules),
    };
    return cmocka_run_group_tests_name("irfile_wire", tests, NULL, NULL);
}

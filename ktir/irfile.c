/* irfile.c - IR files (layout in irfile.h): struct ir_module <-> ktir.Module
 * (ir.proto) in the protobuf wire format, zlib, the checksummed header,
 * atomic writes.
 *
 * The protobuf encoding is written and read by hand, straight from and into
 * the module's tables: one growing output buffer, no message objects, no
 * per-field allocation. It is the wire format protoc-c's code for ir.proto
 * writes (fields in number order, proto3 defaults omitted, repeated scalars
 * packed: the bytes are identical, irfile_test checks it both ways), and the
 * reader takes any valid encoding of the schema (fields in any order,
 * repeated scalars packed or not, unknown fields skipped).
 *
 * Writing keeps only the live part of the module (compact_module): what the
 * top op reaches through regions, blocks, ops, operands, successors and the
 * types, attributes, strings and affine tables they name, renumbered in id
 * order. Passes unlink ops without freeing them; their files no longer carry
 * them (softmax_small's --save-temps: split 192 -> 109 ops, 9.3 -> 5.9 KB of
 * Module; dfir 694 -> 411 ops, 39.5 -> 25.0 KB). The structural check (check_structure) runs on what is written, so
 * every file ktc writes is one ktc reads.
 *
 * Reading decodes the tables in dependency order (strings, types, attributes,
 * affine expressions, maps, sets, then values, ops, blocks, regions),
 * checking each entry as it comes (kinds, every reference in range), interns
 * the hash-consed tables through the ir.h constructors so that they hand out
 * exactly the ids the file names, fills the value, op, block and region
 * tables directly, and finally checks that lists and nesting are consistent
 * and acyclic.
 *
 * Compression: IR files are transient (a pipe or a --save-temps file between
 * two stages), so the Module is stored as is below 16 MiB (IrFile.compression
 * = 1) and zlib-deflated at level 1 from there on (compression = 0; readers
 * take either). On the parse/print benchmark's 10k-op kernel (486 KB of
 * Module), zlib 1.2.13, best of 30 on the loaded 2-core dev machine:
 *     stored          486 KB  100%   copy + crc32 0.13 ms
 *     level 1         223 KB   46%   deflate 5.6 ms, inflate 1.2 ms
 *     Z_RLE           348 KB   72%   deflate 4.1 ms, inflate 1.9 ms
 *     Z_HUFFMAN_ONLY  348 KB   72%   deflate 4.0 ms, inflate 1.9 ms
 *     level 6         212 KB   44%   deflate 23.7 ms, inflate 1.1 ms
 * Level 1 was 50M of ktc-parse's 161M instructions there, inflate 12.6M of
 * ktc-print's 110M; Z_RLE saves a quarter of that for a 1.6x larger file.
 * Storing costs twice the bytes through the pipe or page cache, which is
 * noise next to deflate at every size an IR file has had so far; at 16 MiB
 * and above, halving the file is worth its ~0.2 s.
 */
#define _GNU_SOURCE /* F_SETPIPE_SZ */

#include "ktir/irfile.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ktir/arena.h"
#include "ktir/ir.h"
#include "ktir/ops.h"
#include "ktir/pbwire.h"

enum {
    HEADER_SIZE = 16,
    DEFLATE_LEVEL = 1, /* Z_BEST_SPEED: IR files are transient; level 6 was a quarter of ktc-parse */
    MAX_RATIO = 1032, /* deflate never expands more than 1032:1 (zlib_tech.html) */
    MAX_STAGE_LEN = 64,
    MAX_TOOL_LEN = 256,
    PIPE_ROOM = 1 << 20, /* Linux's default limit for an unprivileged process */
};

/* IrFile.compression: how IrFile.module holds the Module bytes. */
enum { COMPRESS_ZLIB = 0, COMPRESS_NONE = 1 };

/* Payloads shorter than this are stored, not deflated (see the top). */
#define STORE_BELOW ((size_t)16 << 20)

/* Bounds on what a reader allocates: the uncompressed module, the file. */
#define MAX_MODULE_SIZE ((uint64_t)1 << 30)
#define MAX_FILE_SIZE   (MAX_MODULE_SIZE + ((uint64_t)1 << 20))

static const unsigned char magic[8] = {'K', 'T', 'C', 'I', 'R', 0, 1, 0};

/* ---- small helpers ------------------------------------------------------ */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n * size);
        abort();
    }
    return p;
}

/* Formats the reason into err (if any) and returns rc. */
static int fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* "malformed IR file: <reason>" into err; returns false. */
static bool malformed(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        int n = snprintf(err, errlen, "malformed IR file: ");
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return false;
}

/* In the checking and decoding functions: reject the file unless cond. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            return malformed(err, errlen, __VA_ARGS__);                                            \
    } while (0)

static void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The file's CRC-32 (zlib's) runs over every byte of an IR file on both
 * sides; zlib 1.2.13's table code took 2M instructions for the bench
 * kernel's 486 KB, a PCLMULQDQ fold about a tenth of that. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CRC_CLMUL 1
/* crc32 (zlib's, bit-reflected 0xEDB88320) of len bytes, len a multiple of
 * 16 and at least 64, folded with carry-less multiplies (Intel's "Fast CRC
 * Computation Using PCLMULQDQ"; the constants and steps of Chromium's
 * zlib crc32_simd.c). crc and the result are zlib's pre-/post-inverted form
 * complemented: the raw register. */
__attribute__((target("pclmul,sse4.1"))) static uint32_t crc_fold(const unsigned char *buf,
                                                                   size_t len, uint32_t crc)
{
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
    const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8;
    x1 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
    x2 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
    x3 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
    x4 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    x0 = k1k2;
    buf += 64;
    len -= 64;
    while (len >= 64) {
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x6 = _mm_clmulepi64_si128(x2, x0, 0x00);
        x7 = _mm_clmulepi64_si128(x3, x0, 0x00);
        x8 = _mm_clmulepi64_si128(x4, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x2 = _mm_clmulepi64_si128(x2, x0, 0x11);
        x3 = _mm_clmulepi64_si128(x3, x0, 0x11);
        x4 = _mm_clmulepi64_si128(x4, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), _mm_loadu_si128((const __m128i *)(buf + 0x00)));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), _mm_loadu_si128((const __m128i *)(buf + 0x10)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), _mm_loadu_si128((const __m128i *)(buf + 0x20)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), _mm_loadu_si128((const __m128i *)(buf + 0x30)));
        buf += 64;
        len -= 64;
    }
    /* Four lanes into one. */
    x0 = k3k4;
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x3), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x4), x5);
    while (len >= 16) {
        x2 = _mm_loadu_si128((const __m128i *)buf);
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
        buf += 16;
        len -= 16;
    }
    /* 128 bits to 64. */
    x2 = _mm_clmulepi64_si128(x1, x0, 0x10);
    x3 = _mm_setr_epi32(~0, 0, ~0, 0);
    x1 = _mm_srli_si128(x1, 8);
    x1 = _mm_xor_si128(x1, x2);
    x0 = k5k0;
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, x3);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    /* Barrett reduction to 32 bits. */
    x0 = poly;
    x2 = _mm_and_si128(x1, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x10);
    x2 = _mm_and_si128(x2, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#endif

/* zlib's crc32(c, p, n), through crc_fold where the CPU has PCLMULQDQ. */
static uint32_t crc32_fast(uint32_t c, const unsigned char *p, size_t n)
{
#ifdef CRC_CLMUL
    static int has = -1;
    if (has < 0) {
        __builtin_cpu_init();
        has = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
    }
    if (n >= 64 && has) {
        size_t m = n & ~(size_t)15;
        c = ~crc_fold(p, m, ~c);
        p += m;
        n -= m;
    }
#endif
    return (uint32_t)crc32_z(c, p, n);
}

/* crc32 of a whole file buffer except its own four bytes at [12,16). */
static uint32_t file_crc(const unsigned char *p, size_t len)
{
    uint32_t c = crc32_fast(0, p, 12);
    return crc32_fast(c, p + HEADER_SIZE, len - HEADER_SIZE);
}

/* Stage names and tool strings end up in one-line messages: printable
 * ASCII, no spaces in a stage name, bounded length. */
static bool label_ok(const char *s, size_t n, size_t max, bool spaces)
{
    if (n == 0 || n > max)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < (spaces ? ' ' : '!') || s[i] > '~')
            return false;
    return true;
}

/* Where an attribute keeps its n elements (as make_attr in ir.c does):
 * int64 values in ints, or ids in elems, two per element for pairs. */
static bool attr_has_ints(uint32_t kind)
{
    return kind == IR_AT_DENSE_ARRAY || kind == IR_AT_STRIDED;
}

static bool attr_has_pairs(uint32_t kind)
{
    return kind == IR_AT_DICT || kind == IR_AT_ARCH_MAP;
}

static uint32_t attr_nelems(const struct ir_attr_info *a)
{
    return attr_has_ints(a->kind) ? 0 : attr_has_pairs(a->kind) ? 2 * a->n : a->n;
}

static bool in_table(uint32_t id, size_t n)
{
    return id >= 1 && id <= n;
}
static bool in_table_or_none(uint32_t id, size_t n)
{
    return id <= n;
}

/* The record tables of a module, as arrays indexed by id (entry 0 unused). */
#define TAB(m, T, field) ((T **)(m)->field.data)

/* ---- the protobuf wire format: writing ---------------------------------- */

struct wbuf {
    uint8_t *p;
    size_t len, cap;
};

static void wb_grow(struct wbuf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->len < need)
        cap *= 2;
    b->p = xrealloc(b->p, cap);
    b->cap = cap;
}

static inline void wb_reserve(struct wbuf *b, size_t n)
{
    if (b->cap - b->len < n)
        wb_grow(b, n);
}

/* Unchecked: the caller reserved 10 bytes. Always inlined: GCC outlines
 * it, and a call per field was a sixth of encoding. */
static inline __attribute__((always_inline)) void wb_varint_raw(struct wbuf *b, uint64_t v)
{
    uint8_t *p = b->p + b->len;
    if (v < 0x4000) { /* one or two bytes: most ids of a big module */
        if (v < 0x80) {
            p[0] = (uint8_t)v;
            b->len++;
        } else {
            p[0] = (uint8_t)(v | 0x80);
            p[1] = (uint8_t)(v >> 7);
            b->len += 2;
        }
        return;
    }
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    b->len = (size_t)(p - b->p);
}

static inline void wb_varint(struct wbuf *b, uint64_t v)
{
    wb_reserve(b, 10);
    wb_varint_raw(b, v);
}

static inline size_t varint_size(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

static inline uint64_t zigzag(int64_t v)
{
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t unzigzag(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

/* Field numbers here are all below 16: the tag is one byte. */
/* Always inlined: as a call (GCC outlines it) it was a fifth of encoding. */
static inline __attribute__((always_inline)) void put_u64(struct wbuf *b, unsigned field,
                                                          uint64_t v)
{
    if (!v)
        return;
    wb_reserve(b, 11);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_VARINT);
    wb_varint_raw(b, v);
}

/* put_u64 into room the caller reserved (11 bytes a field): the messages
 * a big module has one of per value and per op reserve for a run of
 * fields at once. */
static inline __attribute__((always_inline)) void put_u64_raw(struct wbuf *b, unsigned field,
                                                              uint64_t v)
{
    if (!v)
        return;
    b->p[b->len++] = (uint8_t)(field << 3 | WT_VARINT);
    wb_varint_raw(b, v);
}

static inline void put_s64(struct wbuf *b, unsigned field, int64_t v)
{
    put_u64(b, field, zigzag(v));
}

static void put_fixed64(struct wbuf *b, unsigned field, uint64_t v)
{
    if (!v)
        return;
    wb_reserve(b, 9);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_I64);
    for (int i = 0; i < 8; i++)
        b->p[b->len++] = (uint8_t)(v >> (8 * i));
}

static void put_bytes(struct wbuf *b, unsigned field, const void *p, size_t n)
{
    wb_reserve(b, 11 + n);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_LEN);
    wb_varint_raw(b, n);
    if (n)
        memcpy(b->p + b->len, p, n);
    b->len += n;
}

/* Packed repeated uint32 ids, each through map (when not NULL). */
static void put_ids(struct wbuf *b, unsigned field, const uint32_t *a, uint32_t n,
                    const uint32_t *map)
{
    if (!n)
        return;
    /* Written in one pass (an id takes at most 5 bytes), the length after
     * them: one byte for almost every list, else moved up like msg_end. */
    wb_reserve(b, 11 + 5 * (size_t)n);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_LEN);
    size_t at = b->len++;
    for (uint32_t i = 0; i < n; i++)
        wb_varint_raw(b, map ? map[a[i]] : a[i]);
    size_t size = b->len - at - 1;
    if (size < 0x80) {
        b->p[at] = (uint8_t)size;
        return;
    }
    size_t k = varint_size(size);
    memmove(b->p + at + k, b->p + at + 1, size); /* k <= 5: reserved above */
    b->len = at;
    wb_varint_raw(b, size);
    b->len = at + k + size;
}

static void put_sints(struct wbuf *b, unsigned field, const int64_t *a, uint32_t n)
{
    if (!n)
        return;
    size_t size = 0;
    for (uint32_t i = 0; i < n; i++)
        size += varint_size(zigzag(a[i]));
    wb_reserve(b, 11 + size);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_LEN);
    wb_varint_raw(b, size);
    for (uint32_t i = 0; i < n; i++)
        wb_varint_raw(b, zigzag(a[i]));
}

static void put_bools(struct wbuf *b, unsigned field, const bool *a, uint32_t n)
{
    if (!n)
        return;
    wb_reserve(b, 11 + n);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_LEN);
    wb_varint_raw(b, n);
    for (uint32_t i = 0; i < n; i++)
        b->p[b->len++] = a[i] ? 1 : 0;
}

/* A nested message: the tag, one byte reserved for its length, which
 * msg_end fills in (moving the body when the length needs more bytes). */
static inline size_t msg_begin(struct wbuf *b, unsigned field)
{
    wb_reserve(b, 2);
    b->p[b->len++] = (uint8_t)(field << 3 | WT_LEN);
    return b->len++;
}

static inline void msg_end(struct wbuf *b, size_t at)
{
    size_t n = b->len - at - 1;
    if (n < 0x80) {
        b->p[at] = (uint8_t)n;
        return;
    }
    size_t k = varint_size(n);
    wb_reserve(b, k - 1);
    memmove(b->p + at + k, b->p + at + 1, n);
    size_t end = b->len + k - 1;
    b->len = at;
    wb_varint_raw(b, n);
    b->len = end;
}

/* ---- the protobuf wire format: reading ---------------------------------- */

/* rd_varint with a path for two bytes (most ids of a big module) before
 * its byte loop. */
static inline bool rd_varint2(struct rd *r, uint64_t *out)
{
    const uint8_t *p = r->p;
    if (p < r->end && *p < 0x80) {
        *out = *p;
        r->p = p + 1;
        return true;
    }
    if (r->end - p >= 2 && p[1] < 0x80) { /* p[0] >= 0x80 here */
        *out = (uint64_t)(p[0] & 0x7f) | (uint64_t)p[1] << 7;
        r->p = p + 2;
        return true;
    }
    return rd_varint(r, out);
}

/* A length-delimited field's contents into *sub. */
static inline bool rd_len(struct rd *r, struct rd *sub)
{
    uint64_t n;
    if (!rd_varint(r, &n) || n > (uint64_t)(r->end - r->p))
        return false;
    sub->p = r->p;
    sub->end = r->p + n;
    r->p += n;
    return true;
}

static bool rd_tag(struct rd *r, uint32_t *field, uint32_t *wt)
{
    uint64_t t;
    if (!rd_varint(r, &t) || t >> 32 || (t >> 3) == 0)
        return false;
    *field = (uint32_t)(t >> 3);
    *wt = (uint32_t)(t & 7);
    return true;
}

/* Skips an unknown field's value. Groups (3, 4) are not proto3. */
static bool rd_skip(struct rd *r, uint32_t wt)
{
    uint64_t v;
    struct rd sub;
    switch (wt) {
    case WT_VARINT:
        return rd_varint(r, &v);
    case WT_I64:
        if (r->end - r->p < 8)
            return false;
        r->p += 8;
        return true;
    case WT_LEN:
        return rd_len(r, &sub);
    case WT_I32:
        if (r->end - r->p < 4)
            return false;
        r->p += 4;
        return true;
    default:
        return false;
    }
}

/* Growable scratch list of raw varints (a repeated scalar field). */
struct list {
    uint64_t *a;
    size_t n, cap;
};

static inline void list_push(struct list *l, uint64_t v)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->a = xrealloc(l->a, l->cap * sizeof *l->a);
    }
    l->a[l->n++] = v;
}

/* How a message's fields are read: scalars into f[field] (raw varint, or
 * the 8 bytes of a fixed64), repeated scalars into a list. */
enum { F_SKIP, F_VARINT, F_FIXED64, F_LIST0, F_LIST1, F_LIST2 };
#define MAX_FIELD 16

/* Decodes one message of a kind described by kinds[1..nkinds-1] (missing
 * fields are 0, empty lists). False on a broken encoding. */
static bool rd_msg(struct rd r, const uint8_t *kinds, unsigned nkinds, uint64_t *f,
                   struct list *lists)
{
    memset(f, 0, nkinds * sizeof *f);
    lists[0].n = lists[1].n = lists[2].n = 0;
    while (r.p < r.end) {
        uint32_t field, wt;
        if (*r.p < 0x80 && *r.p >= 8) { /* a one-byte tag: every field of ir.proto */
            field = *r.p >> 3;
            wt = *r.p++ & 7;
        } else if (!rd_tag(&r, &field, &wt)) {
            return false;
        }
        unsigned k = field < nkinds ? kinds[field] : F_SKIP;
        switch (k) {
        case F_SKIP:
            if (!rd_skip(&r, wt))
                return false;
            break;
        case F_VARINT:
            if (wt != WT_VARINT || !rd_varint2(&r, &f[field]))
                return false;
            break;
        case F_FIXED64:
            if (wt != WT_I64 || r.end - r.p < 8)
                return false;
            f[field] = 0;
            for (int i = 0; i < 8; i++)
                f[field] |= (uint64_t)r.p[i] << (8 * i);
            r.p += 8;
            break;
        default: {
            struct list *l = &lists[k - F_LIST0];
            uint64_t v;
            if (wt == WT_VARINT) {
                if (!rd_varint2(&r, &v))
                    return false;
                list_push(l, v);
            } else if (wt == WT_LEN) {
                struct rd sub;
                if (!rd_len(&r, &sub))
                    return false;
                while (sub.p < sub.end) {
                    if (!rd_varint2(&sub, &v))
                        return false;
                    list_push(l, v);
                }
            } else {
                return false;
            }
            break;
        }
        }
    }
    return true;
}

/* Field kinds of each message of ir.proto, by field number. */
static const uint8_t type_fields[] = {
    [1] = F_VARINT, [2] = F_VARINT,  [3] = F_VARINT,  [4] = F_VARINT,  [5] = F_VARINT,
    [6] = F_LIST0,  [7] = F_VARINT,  [8] = F_VARINT,  [9] = F_VARINT,  [10] = F_LIST1,
    [11] = F_VARINT, [12] = F_VARINT, [13] = F_VARINT, [14] = F_VARINT,
};
static const uint8_t attr_fields[] = {
    [1] = F_VARINT, [2] = F_VARINT, [3] = F_VARINT, [4] = F_VARINT, [5] = F_FIXED64, [6] = F_VARINT,
    [7] = F_VARINT, [8] = F_VARINT, [9] = F_LIST0,  [10] = F_LIST1, [11] = F_VARINT,
};
static const uint8_t aff_fields[] = {[1] = F_VARINT, [2] = F_VARINT, [3] = F_VARINT,
                                     [4] = F_VARINT};
static const uint8_t map_fields[] = {[1] = F_VARINT, [2] = F_VARINT, [3] = F_LIST0};
static const uint8_t set_fields[] = {[1] = F_VARINT, [2] = F_VARINT, [3] = F_LIST0,
                                     [4] = F_LIST1};
static const uint8_t value_fields[] = {[1] = F_VARINT, [2] = F_VARINT, [3] = F_VARINT,
                                       [4] = F_VARINT, [5] = F_VARINT};
static const uint8_t op_fields[] = {
    [1] = F_VARINT, [2] = F_LIST0,  [3] = F_VARINT,  [4] = F_VARINT,  [5] = F_LIST1,
    [6] = F_LIST2,  [7] = F_VARINT, [8] = F_VARINT,  [9] = F_VARINT,  [10] = F_VARINT,
    [11] = F_VARINT, [12] = F_VARINT, [13] = F_VARINT,
};
static const uint8_t block_fields[] = {[1] = F_VARINT, [2] = F_LIST0, [3] = F_VARINT,
                                       [4] = F_VARINT, [5] = F_VARINT, [6] = F_VARINT};
static const uint8_t region_fields[] = {[1] = F_VARINT, [2] = F_VARINT, [3] = F_VARINT};

#define NKINDS(t) ((unsigned)(sizeof(t) / sizeof *(t)))

/* rd_msg's fast path for the two messages a big module has one of per op
 * and per value, as the writer lays them out: fields in increasing order,
 * each at most once, lists packed. Each step reads field `fld` when its
 * tag is next. False when a message is not in that form, or is broken:
 * rd_msg then reads it again from the start, so what is accepted and what
 * it gives do not change. */
#define FAST_VARINT(fld)                                                                           \
    do {                                                                                           \
        if (r.p < r.end && *r.p == ((fld) << 3 | WT_VARINT)) {                                     \
            r.p++;                                                                                 \
            if (!rd_varint2(&r, &f[fld]))                                                          \
                return false;                                                                      \
        }                                                                                          \
    } while (0)
#define FAST_LIST(fld, l)                                                                          \
    do {                                                                                           \
        if (r.p < r.end && *r.p == ((fld) << 3 | WT_LEN)) {                                        \
            struct rd sub;                                                                         \
            r.p++;                                                                                 \
            if (!rd_len(&r, &sub))                                                                 \
                return false;                                                                      \
            while (sub.p < sub.end) {                                                              \
                uint64_t v;                                                                        \
                if (!rd_varint2(&sub, &v))                                                         \
                    return false;                                                                  \
                list_push(l, v);                                                                   \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static bool rd_value_fast(struct rd r, uint64_t *f)
{
    memset(f, 0, NKINDS(value_fields) * sizeof *f);
    FAST_VARINT(1);
    FAST_VARINT(2);
    FAST_VARINT(3);
    FAST_VARINT(4);
    FAST_VARINT(5);
    return r.p == r.end;
}

static bool rd_op_fast(struct rd r, uint64_t *f, struct list *lists)
{
    memset(f, 0, NKINDS(op_fields) * sizeof *f);
    lists[0].n = lists[1].n = lists[2].n = 0;
    FAST_VARINT(1);
    FAST_LIST(2, &lists[0]);
    FAST_VARINT(3);
    FAST_VARINT(4);
    FAST_LIST(5, &lists[1]);
    FAST_LIST(6, &lists[2]);
    FAST_VARINT(7);
    FAST_VARINT(8);
    FAST_VARINT(9);
    FAST_VARINT(10);
    FAST_VARINT(11);
    FAST_VARINT(12);
    FAST_VARINT(13);
    return r.p == r.end;
}

#undef FAST_VARINT
#undef FAST_LIST

/* ---- checking the structure: values, ops, blocks, regions ---------------- */

/* Every list in a Module is shorter than its (at most 1 GiB) encoding, so
 * all counts fit in uint32_t and ids in 1..n are representable. */

/* Values are created in id order by two constructors, ir_op_create (an op's
 * results, consecutive) and ir_block_add_arg; check that the tables say the
 * same, so that later edits through ir.h behave as on a module built there. */
static bool check_values(const struct ir_module *m, char *err, size_t errlen)
{
    struct ir_value_info **vals = TAB(m, struct ir_value_info, values);
    struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
    struct ir_block_info **blks = TAB(m, struct ir_block_info, blocks);
    uint32_t nv = m->values.len - 1, nops = m->ops.len - 1, nblk = m->blocks.len - 1;
    size_t nargs = 0;
    for (uint32_t id = 1; id <= nv; id++) {
        const struct ir_value_info *v = vals[id];
        REQUIRE(in_table(v->type, m->types.len - 1) && in_table_or_none(v->name, m->strs.len - 1) &&
                    in_table(v->owner, v->is_arg ? nblk : nops),
                "value %u: reference out of range", id);
        nargs += v->is_arg != 0;
    }
    uint32_t next = 1; /* the next value id to be created */
    for (uint32_t op = 1; op <= nops; op++) {
        const struct ir_op_info *o = ops[op];
        if (o->nres == 0) {
            REQUIRE(o->res == 0, "op %u: results without a count", op);
            continue;
        }
        REQUIRE(o->res >= next && o->nres <= nv && o->res <= nv - o->nres + 1,
                "op %u: results out of order or out of range", op);
        for (; next < o->res; next++)
            REQUIRE(vals[next]->is_arg, "value %u belongs to no op", next);
        for (uint32_t i = 0; i < o->nres; i++, next++) {
            const struct ir_value_info *v = vals[next];
            REQUIRE(!v->is_arg && v->owner == op && v->index == i,
                    "op %u: result %u is inconsistent", op, i);
        }
    }
    for (; next <= nv; next++)
        REQUIRE(vals[next]->is_arg, "value %u belongs to no op", next);
    /* Block arguments: args[i] of block b names exactly the values that say
     * (owner b, index i); the count makes it a bijection. */
    size_t listed = 0;
    for (uint32_t b = 1; b <= nblk; b++) {
        const struct ir_block_info *bl = blks[b];
        for (uint32_t i = 0; i < bl->nargs; i++, listed++) {
            uint32_t a = bl->args[i];
            REQUIRE(in_table(a, nv) && vals[a]->is_arg && vals[a]->owner == b &&
                        vals[a]->index == i,
                    "block %u: argument %u is inconsistent", b, i);
        }
    }
    REQUIRE(listed == nargs, "a block argument is missing from its block");
    return true;
}

static bool check_refs(const struct ir_module *m, char *err, size_t errlen)
{
    struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
    struct ir_block_info **blks = TAB(m, struct ir_block_info, blocks);
    struct ir_region_info **regs = TAB(m, struct ir_region_info, regions);
    uint32_t nv = m->values.len - 1, nops = m->ops.len - 1, nblk = m->blocks.len - 1;
    uint32_t nreg = m->regions.len - 1, nstr = m->strs.len - 1, nattr = m->attrs.len - 1;
    for (uint32_t id = 1; id <= nops; id++) {
        const struct ir_op_info *o = ops[id];
        REQUIRE(in_table(o->name, nstr) && in_table_or_none(o->loc.file, nstr) &&
                    in_table_or_none(o->block, nblk) && in_table_or_none(o->prev, nops) &&
                    in_table_or_none(o->next, nops),
                "op %u: reference out of range", id);
        REQUIRE(!o->attrs || (in_table(o->attrs, nattr) && ir_attr_get(m, o->attrs)->kind == IR_AT_DICT),
                "op %u: attributes are not a dictionary", id);
        for (uint32_t i = 0; i < o->nopnd; i++)
            REQUIRE(in_table(o->opnd[i], nv), "op %u: operand out of range", id);
        for (uint32_t i = 0; i < o->nreg; i++)
            REQUIRE(in_table(o->regs[i], nreg), "op %u: region out of range", id);
        for (uint32_t i = 0; i < o->nsucc; i++)
            REQUIRE(in_table(o->succ[i], nblk), "op %u: successor out of range", id);
    }
    for (uint32_t id = 1; id <= nblk; id++) {
        const struct ir_block_info *b = blks[id];
        REQUIRE(in_table_or_none(b->region, nreg) && in_table_or_none(b->first, nops) &&
                    in_table_or_none(b->last, nops) && in_table_or_none(b->prev, nblk) &&
                    in_table_or_none(b->next, nblk),
                "block %u: reference out of range", id);
    }
    for (uint32_t id = 1; id <= nreg; id++) {
        const struct ir_region_info *r = regs[id];
        REQUIRE(in_table_or_none(r->op, nops) && in_table_or_none(r->first, nblk) &&
                    in_table_or_none(r->last, nblk),
                "region %u: reference out of range", id);
    }
    REQUIRE(in_table_or_none(m->top, nops) && (!m->top || !ops[m->top]->block), "bad top op");
    return true;
}

/* The op that holds op `id` (through its block and region), or 0. */
static uint32_t parent_op(const struct ir_module *m, uint32_t id)
{
    uint32_t b = TAB(m, struct ir_op_info, ops)[id]->block;
    uint32_t r = b ? TAB(m, struct ir_block_info, blocks)[b]->region : 0;
    return r ? TAB(m, struct ir_region_info, regions)[r]->op : 0;
}

/* Lists and nesting, with one mark per block, op and region:
 *  - each region's block list and each block's op list is a proper doubly
 *    linked list whose members point back at their parent; anything in no
 *    list is fully detached;
 *  - a region with an op is held by that op exactly once; only a detached
 *    op may still list a region that has since moved to another op;
 *  - following parents from any op ends (no op nested in itself). */
static bool check_nesting(const struct ir_module *m, unsigned char *bmark, unsigned char *omark,
                          unsigned char *rmark, char *err, size_t errlen)
{
    struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
    struct ir_block_info **blks = TAB(m, struct ir_block_info, blocks);
    struct ir_region_info **regs = TAB(m, struct ir_region_info, regions);
    uint32_t nops = m->ops.len - 1, nblk = m->blocks.len - 1, nreg = m->regions.len - 1;
    for (uint32_t r = 1; r <= nreg; r++) {
        const struct ir_region_info *re = regs[r];
        uint32_t prev = 0;
        for (uint32_t b = re->first; b; prev = b, b = blks[b]->next) {
            REQUIRE(!bmark[b], "block %u is linked twice", b);
            bmark[b] = 1;
            REQUIRE(blks[b]->region == r && blks[b]->prev == prev,
                    "region %u: block list broken at block %u", r, b);
        }
        REQUIRE(re->last == prev, "region %u: wrong last block", r);
    }
    for (uint32_t b = 1; b <= nblk; b++) {
        const struct ir_block_info *bl = blks[b];
        REQUIRE(bmark[b] || (!bl->region && !bl->prev && !bl->next),
                "block %u is missing from its region", b);
        uint32_t prev = 0;
        for (uint32_t o = bl->first; o; prev = o, o = ops[o]->next) {
            REQUIRE(!omark[o], "op %u is linked twice", o);
            omark[o] = 1;
            REQUIRE(ops[o]->block == b && ops[o]->prev == prev,
                    "block %u: op list broken at op %u", b, o);
        }
        REQUIRE(bl->last == prev, "block %u: wrong last op", b);
    }
    for (uint32_t o = 1; o <= nops; o++) {
        const struct ir_op_info *op = ops[o];
        REQUIRE(omark[o] || (!op->block && !op->prev && !op->next),
                "op %u is missing from its block", o);
        for (uint32_t i = 0; i < op->nreg; i++) {
            uint32_t r = op->regs[i];
            if (regs[r]->op == o) {
                REQUIRE(!rmark[r], "op %u: region %u listed twice", o, r);
                rmark[r] = 1;
            } else {
                REQUIRE(!op->block, "op %u: region %u belongs to another op", o, r);
            }
        }
    }
    for (uint32_t r = 1; r <= nreg; r++)
        REQUIRE(rmark[r] || !regs[r]->op, "region %u is not held by its op", r);
    /* omark: 1 = on the path being followed, 2 = known to reach the top. */
    memset(omark, 0, (size_t)nops + 1);
    for (uint32_t o = 1; o <= nops; o++) {
        uint32_t x = o;
        while (x && !omark[x]) {
            omark[x] = 1;
            x = parent_op(m, x);
        }
        REQUIRE(!x || omark[x] == 2, "op %u is nested inside itself", x);
        for (x = o; x && omark[x] == 1; x = parent_op(m, x))
            omark[x] = 2;
    }
    return true;
}

/* Values, ops, blocks and regions are consistent; false with a reason. */
static bool check_structure(const struct ir_module *m, char *err, size_t errlen)
{
    if (!check_values(m, err, errlen) || !check_refs(m, err, errlen))
        return false;
    unsigned char *bmark = xcalloc(m->blocks.len, 1);
    unsigned char *omark = xcalloc(m->ops.len, 1);
    unsigned char *rmark = xcalloc(m->regions.len, 1);
    bool ok = check_nesting(m, bmark, omark, rmark, err, errlen);
    free(bmark);
    free(omark);
    free(rmark);
    return ok;
}

/* Node u of the type+attribute reference graph: types are 1..nt, attributes
 * nt+1..nt+na. Returns the k-th reference of u (0 = none, skip), or
 * UINT32_MAX past the last one. */
static uint32_t type_attr_ref(const struct ir_module *m, uint32_t u, uint32_t k)
{
    uint32_t nt = m->types.len - 1;
    if (u <= nt) {
        const struct ir_type_info *t = ir_type_get(m, u);
        switch (k) {
        case 0:
            return t->elem;
        case 1:
            return t->attr0 ? nt + t->attr0 : 0;
        case 2:
            return t->attr1 ? nt + t->attr1 : 0;
        default:
            return k - 3 < t->ntys ? t->tys[k - 3] : UINT32_MAX;
        }
    }
    const struct ir_attr_info *a = ir_attr_get(m, u - nt);
    if (k == 0)
        return a->type;
    if (k - 1 >= attr_nelems(a))
        return UINT32_MAX;
    switch (a->kind) {
    case IR_AT_ARRAY:
    case IR_AT_DENSE:
    case IR_AT_ARCH_MAP:
        return nt + a->elems[k - 1];
    case IR_AT_DICT:
        return (k - 1) % 2 ? nt + a->elems[k - 1] : 0;
    default:
        return UINT32_MAX; /* symref elements are strings */
    }
}

/* Types and attributes refer to each other; a cycle would send every
 * printer into endless recursion. Iterative DFS, three colours. */
static bool check_type_attr_acyclic(const struct ir_module *m, char *err, size_t errlen)
{
    uint32_t n = (m->types.len - 1) + (m->attrs.len - 1);
    unsigned char *colour = xcalloc((size_t)n + 1, 1);
    struct frame {
        uint32_t u, k;
    } *stack = xmalloc((size_t)n * sizeof *stack);
    bool ok = true;
    for (uint32_t s = 1; s <= n && ok; s++) {
        if (colour[s])
            continue;
        size_t sp = 0;
        stack[sp++] = (struct frame){s, 0};
        colour[s] = 1;
        while (sp && ok) {
            struct frame *f = &stack[sp - 1];
            uint32_t c = type_attr_ref(m, f->u, f->k++);
            if (c == UINT32_MAX) {
                colour[f->u] = 2;
                sp--;
            } else if (c && colour[c] == 1) {
                ok = false;
            } else if (c && colour[c] == 0) {
                colour[c] = 1;
                stack[sp++] = (struct frame){c, 0};
            }
        }
    }
    free(colour);
    free(stack);
    return ok || malformed(err, errlen, "types and attributes refer to each other in a cycle");
}

/* ---- compaction: the live part of a module, renumbered ------------------- */

/* New ids, indexed by old id: 0 for an entity the file leaves out. */
struct renum {
    uint32_t *str, *type, *attr, *aff, *map, *set, *val, *op, *blk, *reg;
    uint32_t nstr, ntype, nattr, naff, nmap, nset, nval, nop, nblk, nreg; /* live counts */
};

/* A work list of (table, id) pairs. */
enum { K_OP, K_BLK, K_REG, K_VAL, K_TYPE, K_ATTR };
struct work {
    uint64_t *a;
    size_t n, cap;
};

static void work_grow(struct work *w)
{
    w->cap = w->cap ? 2 * w->cap : 256;
    w->a = xrealloc(w->a, w->cap * sizeof *w->a);
}

/* Inlined: a call per reference was an eighth of writing a module. */
static inline __attribute__((always_inline)) void mark(struct work *w, uint32_t *live,
                                                       unsigned kind, uint32_t id)
{
    if (!id || live[id])
        return;
    live[id] = 1;
    if (w->n == w->cap)
        work_grow(w);
    w->a[w->n++] = (uint64_t)kind << 32 | id;
}

static void mark_all(uint32_t *live, uint32_t n)
{
    for (uint32_t i = 1; i <= n; i++)
        live[i] = 1;
}

/* Turns live flags into new ids; returns the count. */
static uint32_t number(uint32_t *live, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 1; i <= n; i++)
        live[i] = live[i] ? ++k : 0;
    return k;
}

/* Live: everything the top op reaches through regions, blocks, op lists,
 * operands, results and successors, and everything these name (a value
 * names its owner, a region its op, a block its region, so a reference
 * never points at something left out). Then the strings, types,
 * attributes, maps, sets and expressions they use, plus the entries every
 * new module starts with (ir_module_new), which a reader expects first. */
static void compact_module(const struct ir_module *m, struct renum *r)
{
    uint32_t nstr = m->strs.len - 1, ntype = m->types.len - 1, nattr = m->attrs.len - 1;
    uint32_t naff = m->affs.len - 1, nmap = m->maps.len - 1, nset = m->sets.len - 1;
    uint32_t nval = m->values.len - 1, nop = m->ops.len - 1, nblk = m->blocks.len - 1;
    uint32_t nreg = m->regions.len - 1;
    r->str = xcalloc((size_t)nstr + 1, sizeof *r->str);
    r->type = xcalloc((size_t)ntype + 1, sizeof *r->type);
    r->attr = xcalloc((size_t)nattr + 1, sizeof *r->attr);
    r->aff = xcalloc((size_t)naff + 1, sizeof *r->aff);
    r->map = xcalloc((size_t)nmap + 1, sizeof *r->map);
    r->set = xcalloc((size_t)nset + 1, sizeof *r->set);
    r->val = xcalloc((size_t)nval + 1, sizeof *r->val);
    r->op = xcalloc((size_t)nop + 1, sizeof *r->op);
    r->blk = xcalloc((size_t)nblk + 1, sizeof *r->blk);
    r->reg = xcalloc((size_t)nreg + 1, sizeof *r->reg);
    struct ir_value_info **vals = TAB(m, struct ir_value_info, values);
    struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
    struct ir_block_info **blks = TAB(m, struct ir_block_info, blocks);
    struct ir_region_info **regs = TAB(m, struct ir_region_info, regions);
    struct work w = {0};

    if (m->top) {
        mark(&w, r->op, K_OP, m->top);
        while (w.n) {
            uint64_t it = w.a[--w.n];
            uint32_t id = (uint32_t)it;
            switch ((unsigned)(it >> 32)) {
            case K_OP: {
                const struct ir_op_info *o = ops[id];
                mark(&w, r->blk, K_BLK, o->block);
                for (uint32_t i = 0; i < o->nopnd; i++)
                    mark(&w, r->val, K_VAL, o->opnd[i]);
                for (uint32_t i = 0; i < o->nres; i++)
                    mark(&w, r->val, K_VAL, o->res + i);
                for (uint32_t i = 0; i < o->nreg; i++)
                    mark(&w, r->reg, K_REG, o->regs[i]);
                for (uint32_t i = 0; i < o->nsucc; i++)
                    mark(&w, r->blk, K_BLK, o->succ[i]);
                break;
            }
            case K_BLK: {
                const struct ir_block_info *b = blks[id];
                mark(&w, r->reg, K_REG, b->region);
                for (uint32_t i = 0; i < b->nargs; i++)
                    mark(&w, r->val, K_VAL, b->args[i]);
                for (uint32_t o = b->first; o; o = ops[o]->next)
                    mark(&w, r->op, K_OP, o);
                break;
            }
            case K_REG: {
                const struct ir_region_info *g = regs[id];
                mark(&w, r->op, K_OP, g->op);
                for (uint32_t b = g->first; b; b = blks[b]->next)
                    mark(&w, r->blk, K_BLK, b);
                break;
            }
            default: { /* K_VAL */
                const struct ir_value_info *v = vals[id];
                if (v->is_arg)
                    mark(&w, r->blk, K_BLK, v->owner);
                else
                    mark(&w, r->op, K_OP, v->owner);
                break;
            }
            }
        }
    } else {
        mark_all(r->op, nop);
        mark_all(r->blk, nblk);
        mark_all(r->reg, nreg);
        mark_all(r->val, nval);
    }

    /* Interned entries named by live ops and values. */
    r->str[1] = 1;
    ir_type builtin[] = {m->t_index, m->t_i1, m->t_i32, m->t_i64, m->t_f16, m->t_f32};
    for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++)
        mark(&w, r->type, K_TYPE, builtin[i]);
    for (uint32_t id = 1; id <= nop; id++) {
        if (!r->op[id])
            continue;
        r->str[ops[id]->name] = r->str[ops[id]->loc.file] = 1;
        mark(&w, r->attr, K_ATTR, ops[id]->attrs);
    }
    for (uint32_t id = 1; id <= nval; id++) {
        if (!r->val[id])
            continue;
        r->str[vals[id]->name] = 1;
        mark(&w, r->type, K_TYPE, vals[id]->type);
    }
    while (w.n) {
        uint64_t it = w.a[--w.n];
        uint32_t id = (uint32_t)it;
        if ((unsigned)(it >> 32) == K_TYPE) {
            const struct ir_type_info *t = ir_type_get(m, id);
            mark(&w, r->type, K_TYPE, t->elem);
            mark(&w, r->attr, K_ATTR, t->attr0);
            mark(&w, r->attr, K_ATTR, t->attr1);
            for (uint32_t i = 0; i < t->ntys; i++)
                mark(&w, r->type, K_TYPE, t->tys[i]);
            r->str[t->name] = r->str[t->body] = 1;
            continue;
        }
        const struct ir_attr_info *a = ir_attr_get(m, id);
        mark(&w, r->type, K_TYPE, a->type);
        r->str[a->s] = r->str[a->body] = 1;
        if (a->kind == IR_AT_AFFINE_MAP)
            r->map[a->map] = 1;
        else if (a->kind == IR_AT_INTEGER_SET)
            r->set[a->map] = 1;
        uint32_t ne = attr_nelems(a);
        for (uint32_t i = 0; i < ne; i++) {
            if (a->kind == IR_AT_SYMREF || (a->kind == IR_AT_DICT && i % 2 == 0))
                r->str[a->elems[i]] = 1;
            else
                mark(&w, r->attr, K_ATTR, a->elems[i]);
        }
    }
    free(w.a);
    r->str[0] = r->map[0] = r->set[0] = 0;
    for (uint32_t id = 1; id <= nmap; id++)
        if (r->map[id]) {
            const struct ir_affine_map *p = ir_map_get(m, id);
            for (uint32_t i = 0; i < p->nres; i++)
                r->aff[p->res[i]] = 1;
        }
    for (uint32_t id = 1; id <= nset; id++)
        if (r->set[id]) {
            const struct ir_integer_set *p = ir_set_get(m, id);
            for (uint32_t i = 0; i < p->ncons; i++)
                r->aff[p->cons[i]] = 1;
        }
    for (uint32_t id = naff; id >= 1; id--) /* children have smaller ids */
        if (r->aff[id]) {
            const struct ir_aff_info *e = ir_aff_get(m, id);
            if (e->kind >= IR_AFF_ADD)
                r->aff[e->lhs] = r->aff[e->rhs] = 1;
        }
    r->aff[0] = 0;

    r->nstr = number(r->str, nstr);
    r->ntype = number(r->type, ntype);
    r->nattr = number(r->attr, nattr);
    r->naff = number(r->aff, naff);
    r->nmap = number(r->map, nmap);
    r->nset = number(r->set, nset);
    r->nval = number(r->val, nval);
    r->nop = number(r->op, nop);
    r->nblk = number(r->blk, nblk);
    r->nreg = number(r->reg, nreg);
}

static void renum_free(struct renum *r)
{
    free(r->str);
    free(r->type);
    free(r->attr);
    free(r->aff);
    free(r->map);
    free(r->set);
    free(r->val);
    free(r->op);
    free(r->blk);
    free(r->reg);
}

/* ---- module -> Module bytes ---------------------------------------------- */

/* The live part of m, renumbered by r, as a ktir.Module (ir.proto), fields
 * in number order as protoc-c's code writes them. */
static void encode_module(const struct ir_module *m, const struct renum *r, struct wbuf *b)
{
    for (uint32_t id = 1; id < m->strs.len; id++) {
        if (!r->str[id])
            continue;
        const char *s = ir_str_get(m, id);
        put_bytes(b, 1, s, strlen(s));
    }
    for (uint32_t id = 1; id < m->types.len; id++) {
        if (!r->type[id])
            continue;
        const struct ir_type_info *t = ir_type_get(m, id);
        size_t at = msg_begin(b, 2);
        put_u64(b, 1, t->kind);
        put_u64(b, 2, t->fkind);
        put_u64(b, 3, t->spelling);
        put_u64(b, 4, t->width);
        put_u64(b, 5, r->type[t->elem]);
        put_sints(b, 6, t->shape, t->rank);
        put_u64(b, 7, r->attr[t->attr0]);
        put_u64(b, 8, r->attr[t->attr1]);
        put_u64(b, 9, t->nin);
        put_ids(b, 10, t->tys, t->ntys, r->type);
        put_s64(b, 11, t->granularity);
        put_s64(b, 12, t->upperbound);
        put_u64(b, 13, r->str[t->name]);
        put_u64(b, 14, r->str[t->body]);
        msg_end(b, at);
    }
    for (uint32_t id = 1; id < m->attrs.len; id++) {
        if (!r->attr[id])
            continue;
        const struct ir_attr_info *a = ir_attr_get(m, id);
        size_t at = msg_begin(b, 3);
        put_u64(b, 1, a->kind);
        put_u64(b, 2, a->flags);
        put_u64(b, 3, r->type[a->type]);
        put_s64(b, 4, a->i);
        uint64_t fbits;
        memcpy(&fbits, &a->f, sizeof fbits);
        put_fixed64(b, 5, fbits);
        put_s64(b, 6, a->id);
        put_u64(b, 7, r->str[a->s]);
        put_u64(b, 8, r->str[a->body]);
        if (attr_has_ints(a->kind)) {
            put_sints(b, 10, a->ints, a->n);
        } else if (a->kind == IR_AT_DICT) {
            /* (string, attribute) pairs: two maps, packed by hand. */
            uint32_t ne = 2 * a->n;
            size_t size = 0;
            for (uint32_t i = 0; i < ne; i++)
                size += varint_size(i % 2 ? r->attr[a->elems[i]] : r->str[a->elems[i]]);
            if (ne) {
                wb_reserve(b, 11 + size);
                b->p[b->len++] = (uint8_t)(9 << 3 | WT_LEN);
                wb_varint_raw(b, size);
                for (uint32_t i = 0; i < ne; i++)
                    wb_varint_raw(b, i % 2 ? r->attr[a->elems[i]] : r->str[a->elems[i]]);
            }
        } else {
            put_ids(b, 9, a->elems, attr_nelems(a), a->kind == IR_AT_SYMREF ? r->str : r->attr);
        }
        put_u64(b, 11, a->kind == IR_AT_AFFINE_MAP    ? r->map[a->map]
                       : a->kind == IR_AT_INTEGER_SET ? r->set[a->map]
                                                      : a->map);
        msg_end(b, at);
    }
    for (uint32_t id = 1; id < m->affs.len; id++) {
        if (!r->aff[id])
            continue;
        const struct ir_aff_info *e = ir_aff_get(m, id);
        size_t at = msg_begin(b, 4);
        put_u64(b, 1, e->kind);
        put_u64(b, 2, r->aff[e->lhs]);
        put_u64(b, 3, r->aff[e->rhs]);
        put_s64(b, 4, e->v);
        msg_end(b, at);
    }
    for (uint32_t id = 1; id < m->maps.len; id++) {
        if (!r->map[id])
            continue;
        const struct ir_affine_map *p = ir_map_get(m, id);
        size_t at = msg_begin(b, 5);
        put_u64(b, 1, p->ndims);
        put_u64(b, 2, p->nsyms);
        put_ids(b, 3, p->res, p->nres, r->aff);
        msg_end(b, at);
    }
    for (uint32_t id = 1; id < m->sets.len; id++) {
        if (!r->set[id])
            continue;
        const struct ir_integer_set *p = ir_set_get(m, id);
        size_t at = msg_begin(b, 6);
        put_u64(b, 1, p->ndims);
        put_u64(b, 2, p->nsyms);
        put_ids(b, 3, p->cons, p->ncons, r->aff);
        put_bools(b, 4, p->eq, p->ncons);
        msg_end(b, at);
    }
    struct ir_value_info **vals = TAB(m, struct ir_value_info, values);
    for (uint32_t id = 1; id < m->values.len; id++) {
        if (!r->val[id])
            continue;
        const struct ir_value_info *v = vals[id];
        size_t at = msg_begin(b, 7);
        wb_reserve(b, 5 * 11);
        put_u64_raw(b, 1, r->type[v->type]);
        put_u64_raw(b, 2, r->str[v->name]);
        put_u64_raw(b, 3, v->is_arg ? r->blk[v->owner] : r->op[v->owner]);
        put_u64_raw(b, 4, v->index);
        put_u64_raw(b, 5, v->is_arg);
        msg_end(b, at);
    }
    struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
    for (uint32_t id = 1; id < m->ops.len; id++) {
        if (!r->op[id])
            continue;
        const struct ir_op_info *o = ops[id];
        size_t at = msg_begin(b, 8);
        put_u64(b, 1, r->str[o->name]);
        put_ids(b, 2, o->opnd, o->nopnd, r->val);
        wb_reserve(b, 2 * 11);
        put_u64_raw(b, 3, r->val[o->res]);
        put_u64_raw(b, 4, o->nres);
        put_ids(b, 5, o->regs, o->nreg, r->reg);
        put_ids(b, 6, o->succ, o->nsucc, r->blk);
        wb_reserve(b, 7 * 11);
        put_u64_raw(b, 7, r->attr[o->attrs]);
        put_u64_raw(b, 8, r->str[o->loc.file]);
        put_u64_raw(b, 9, o->loc.line);
        put_u64_raw(b, 10, o->loc.col);
        put_u64_raw(b, 11, r->blk[o->block]);
        put_u64_raw(b, 12, r->op[o->prev]);
        put_u64_raw(b, 13, r->op[o->next]);
        msg_end(b, at);
    }
    struct ir_block_info **blks = TAB(m, struct ir_block_info, blocks);
    for (uint32_t id = 1; id < m->blocks.len; id++) {
        if (!r->blk[id])
            continue;
        const struct ir_block_info *bl = blks[id];
        size_t at = msg_begin(b, 9);
        put_u64(b, 1, r->reg[bl->region]);
        put_ids(b, 2, bl->args, bl->nargs, r->val);
        put_u64(b, 3, r->op[bl->first]);
        put_u64(b, 4, r->op[bl->last]);
        put_u64(b, 5, r->blk[bl->prev]);
        put_u64(b, 6, r->blk[bl->next]);
        msg_end(b, at);
    }
    struct ir_region_info **regs = TAB(m, struct ir_region_info, regions);
    for (uint32_t id = 1; id < m->regions.len; id++) {
        if (!r->reg[id])
            continue;
        const struct ir_region_info *g = regs[id];
        size_t at = msg_begin(b, 10);
        put_u64(b, 1, r->op[g->op]);
        put_u64(b, 2, r->blk[g->first]);
        put_u64(b, 3, r->blk[g->last]);
        msg_end(b, at);
    }
    put_u64(b, 11, r->op[m->top]);
}

/* ---- Module bytes -> module ---------------------------------------------- */

/* The top-level fields of a Module: for tables 1..10, where each entry's
 * encoding lies, in order; field 11, the top op. */
enum { NTABLES = 10 };

struct span {
    const uint8_t *p;
    uint32_t n;
};

/* Where an entry lies, from the start of the Module (8 bytes, not a
 * pointer and a length: a big module has one per op and value). */
struct entry {
    uint32_t off, n;
};

struct layout {
    const uint8_t *base;           /* the Module */
    struct entry *at[NTABLES + 1]; /* at[f][k]: entry k of field f */
    uint32_t n[NTABLES + 1];
    struct entry *all;
    uint64_t top;
};

/* Entry k of field f. */
static inline struct span entry_span(const struct layout *l, int f, uint32_t k)
{
    const struct entry *e = &l->at[f][k];
    return (struct span){l->base + e->off, e->n};
}

/* One pass over the top level, recording each table entry where it lies
 * in the order met (a writer puts each table's entries together, in table
 * order); a file whose tables are interleaved has them sorted into
 * contiguous runs after (stably, so each table keeps its order). */
static bool scan_module(const uint8_t *p, size_t len, struct layout *l, char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    l->base = p;
    size_t cap = 1024, total = 0;
    l->all = xmalloc(cap * sizeof *l->all);
    uint8_t *fld = xmalloc(cap);
    size_t start[NTABLES + 1] = {0};
    bool grouped = true;
    unsigned last = 0;
    struct rd r = {p, p + len};
    bool ok = true;
    while (ok && r.p < r.end) {
        uint32_t field, wt;
        if (!rd_tag(&r, &field, &wt)) {
            ok = false;
        } else if (field >= 1 && field <= NTABLES) {
            struct rd sub;
            if (wt != WT_LEN || !rd_len(&r, &sub)) {
                ok = false;
                break;
            }
            if (field != last) {
                if (l->n[field])
                    grouped = false; /* met again after another table */
                else
                    start[field] = total;
                last = field;
            }
            l->n[field]++;
            if (total == cap) {
                cap *= 2;
                l->all = xrealloc(l->all, cap * sizeof *l->all);
                fld = xrealloc(fld, cap);
            }
            fld[total] = (uint8_t)field;
            l->all[total++] = (struct entry){(uint32_t)(sub.p - p), (uint32_t)(sub.end - sub.p)};
        } else if (field == 11) {
            ok = wt == WT_VARINT && rd_varint(&r, &l->top);
        } else {
            ok = rd_skip(&r, wt);
        }
    }
    if (ok && !grouped) {
        struct entry *sorted = xmalloc((total ? total : 1) * sizeof *sorted);
        size_t off = 0, fill[NTABLES + 1];
        for (int f = 1; f <= NTABLES; f++) {
            start[f] = fill[f] = off;
            off += l->n[f];
        }
        for (size_t k = 0; k < total; k++)
            sorted[fill[fld[k]]++] = l->all[k];
        free(l->all);
        l->all = sorted;
    }
    free(fld);
    if (!ok) {
        free(l->all);
        l->all = NULL;
    }
    REQUIRE(ok, "bad module encoding");
    for (int f = 1; f <= NTABLES; f++)
        l->at[f] = l->all + start[f];
    return true;
}

/* Scratch lists reused by every entry, and typed copies of them. */
struct scratch {
    struct list lists[3];
    uint64_t f[MAX_FIELD];
    uint32_t *u32;
    int64_t *i64;
    bool *b;
    size_t cap;
};

static void scratch_fit(struct scratch *s, size_t n)
{
    if (n <= s->cap)
        return;
    s->cap = n > 2 * s->cap ? n : 2 * s->cap;
    s->u32 = xrealloc(s->u32, s->cap * sizeof *s->u32);
    s->i64 = xrealloc(s->i64, s->cap * sizeof *s->i64);
    s->b = xrealloc(s->b, s->cap * sizeof *s->b);
}

static const uint32_t *as_u32(struct scratch *s, const struct list *l)
{
    scratch_fit(s, l->n);
    for (size_t i = 0; i < l->n; i++)
        s->u32[i] = (uint32_t)l->a[i];
    return s->u32;
}

static const int64_t *as_i64(struct scratch *s, const struct list *l)
{
    scratch_fit(s, l->n);
    for (size_t i = 0; i < l->n; i++)
        s->i64[i] = unzigzag(l->a[i]);
    return s->i64;
}

/* An id list into the module's arena (NULL when empty), as uint32 values. */
static uint32_t *arena_ids(struct ir_module *m, const struct list *l)
{
    if (!l->n)
        return NULL;
    uint32_t *d = arena_alloc(m->arena, l->n * sizeof *d);
    for (size_t i = 0; i < l->n; i++)
        d[i] = (uint32_t)l->a[i];
    return d;
}

/* Interning entry k (0-based) of a table must give id k + 1; anything else
 * is a duplicate entry or a table that does not start like a new module's. */
#define REQUIRE_ID(got, k, what)                                                                   \
    REQUIRE((got) == (k) + 1, what " %zu is a duplicate or out of order", (size_t)(k) + 1)

#define DECODE(span, fields, s)                                                                    \
    REQUIRE(rd_msg((struct rd){(span).p, (span).p + (span).n}, fields, NKINDS(fields), (s)->f,    \
                   (s)->lists),                                                                    \
            "bad module encoding")

/* What the printer and the passes take for granted of a type of a kind:
 * the element type of shaped types, the parts of fifo slots and tile
 * futures, an opaque type's name. */
static bool type_complete(uint32_t kind, uint64_t elem, uint64_t attr0, uint64_t attr1,
                          uint64_t name)
{
    switch (kind) {
    case IR_TY_TENSOR:
    case IR_TY_MEMREF:
    case IR_TY_VECTOR:
    case IR_TY_ACCESS_TILE:
    case IR_TY_RUNTIME_ARG:
        return elem != 0;
    case IR_TY_TILE_FUTURE:
        return attr0 != 0;
    case IR_TY_FIFO_SLOT:
        return elem != 0 && attr0 != 0 && attr1 != 0;
    case IR_TY_OPAQUE:
        return name != 0;
    default:
        return true;
    }
}

/* The same for attributes: the string or type some kinds print, and a
 * dense literal of n > 1 elements has exactly one per point of its static
 * shape. */
static bool attr_complete(const struct ir_module *m, uint32_t kind, uint32_t type, uint32_t str,
                          size_t n)
{
    switch (kind) {
    case IR_AT_STRING:
    case IR_AT_SYMREF:
    case IR_AT_OPAQUE:
        return str != 0;
    case IR_AT_TYPE:
    case IR_AT_DENSE_ARRAY:
        return type != 0;
    case IR_AT_DENSE: {
        if (!type)
            return false;
        if (n <= 1)
            return true;
        const struct ir_type_info *t = ir_type_get(m, type);
        uint64_t points = 1;
        for (uint32_t i = 0; i < t->rank; i++) {
            if (t->shape[i] < 0 || (t->shape[i] && points > n / (uint64_t)t->shape[i]))
                return false;
            points *= (uint64_t)t->shape[i];
        }
        return t->rank && points == n;
    }
    default:
        return true;
    }
}

static bool read_types(const struct layout *l, struct ir_module *m, struct scratch *s, char *err,
                       size_t errlen)
{
    uint32_t nt = l->n[2], na = l->n[3], ns = l->n[1];
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t id = k + 1;
        DECODE(entry_span(l, 2, k), type_fields, s);
        const uint64_t *f = s->f;
        REQUIRE(f[1] <= IR_TY_FIFO_SLOT && f[2] <= IR_DF16 && f[3] <= UINT8_MAX,
                "type %u: bad kind", id);
        const struct list *shape = &s->lists[0], *tys = &s->lists[1];
        REQUIRE(in_table_or_none((uint32_t)f[5], nt) && in_table_or_none((uint32_t)f[7], na) &&
                    in_table_or_none((uint32_t)f[8], na) && (uint32_t)f[9] <= tys->n &&
                    in_table_or_none((uint32_t)f[13], ns) && in_table_or_none((uint32_t)f[14], ns),
                "type %u: reference out of range", id);
        for (size_t i = 0; i < tys->n; i++)
            REQUIRE(in_table((uint32_t)tys->a[i], nt), "type %u: reference out of range", id);
        REQUIRE(type_complete((uint32_t)f[1], f[5], f[7], f[8], f[13]), "type %u: incomplete", id);
        scratch_fit(s, shape->n > tys->n ? shape->n : tys->n);
        const int64_t *sh = as_i64(s, shape);
        struct ir_type_info t = {
            .kind = (uint8_t)f[1],
            .fkind = (uint8_t)f[2],
            .spelling = (uint8_t)f[3],
            .width = (uint32_t)f[4],
            .elem = (uint32_t)f[5],
            .rank = (uint32_t)shape->n,
            .shape = sh,
            .attr0 = (uint32_t)f[7],
            .attr1 = (uint32_t)f[8],
            .nin = (uint32_t)f[9],
            .ntys = (uint32_t)tys->n,
            .tys = as_u32(s, tys),
            .granularity = unzigzag(f[11]),
            .upperbound = unzigzag(f[12]),
            .name = (uint32_t)f[13],
            .body = (uint32_t)f[14],
        };
        REQUIRE_ID(ir_type_intern(m, &t), k, "type");
    }
    return true;
}

static bool read_attrs(const struct layout *l, struct ir_module *m, struct scratch *s, char *err,
                       size_t errlen)
{
    const uint32_t flags = IR_ATF_HEX | IR_ATF_OLD_MS | IR_ATF_HAS_ID;
    uint32_t nt = l->n[2], na = l->n[3], ns = l->n[1];
    for (uint32_t k = 0; k < na; k++) {
        uint32_t id = k + 1;
        DECODE(entry_span(l, 3, k), attr_fields, s);
        const uint64_t *f = s->f;
        uint32_t kind = (uint32_t)f[1], map = (uint32_t)f[11];
        int64_t i = unzigzag(f[4]);
        REQUIRE(kind >= IR_AT_UNIT && kind <= IR_AT_OPAQUE && ((uint32_t)f[2] & ~flags) == 0,
                "attribute %u: bad kind", id);
        REQUIRE(kind != IR_AT_MEMSPACE || (i >= IR_MS_GLOBAL && i <= IR_MS_UNSPECIFIED),
                "attribute %u: bad memory space", id);
        REQUIRE(in_table_or_none((uint32_t)f[3], nt) && in_table_or_none((uint32_t)f[7], ns) &&
                    in_table_or_none((uint32_t)f[8], ns),
                "attribute %u: reference out of range", id);
        size_t ntab = kind == IR_AT_AFFINE_MAP ? l->n[5] : kind == IR_AT_INTEGER_SET ? l->n[6] : 0;
        REQUIRE(ntab ? in_table(map, ntab) : map == 0, "attribute %u: bad map", id);
        const struct list *elems = &s->lists[0], *ints = &s->lists[1];
        REQUIRE(attr_has_ints(kind) ? elems->n == 0 : ints->n == 0,
                "attribute %u: bad elements", id);
        for (size_t j = 0; j < elems->n; j++) {
            uint32_t e = (uint32_t)elems->a[j];
            bool ok;
            switch (kind) {
            case IR_AT_ARRAY:
            case IR_AT_DENSE:
            case IR_AT_ARCH_MAP:
                ok = in_table(e, na);
                break;
            case IR_AT_DICT:
                ok = in_table(e, j % 2 ? na : ns);
                break;
            case IR_AT_SYMREF:
                ok = in_table(e, ns);
                break;
            default:
                ok = false;
                break;
            }
            REQUIRE(ok, "attribute %u: bad element %zu", id, j);
        }
        REQUIRE(!attr_has_pairs(kind) || elems->n % 2 == 0,
                "attribute %u: odd number of pair elements", id);
        REQUIRE(attr_complete(m, kind, (uint32_t)f[3], (uint32_t)f[7], elems->n),
                "attribute %u: incomplete", id);
        struct ir_attr_info a = {
            .kind = (uint8_t)kind,
            .flags = (uint8_t)f[2],
            .type = (uint32_t)f[3],
            .i = i,
            .id = unzigzag(f[6]),
            .s = (uint32_t)f[7],
            .body = (uint32_t)f[8],
            .n = (uint32_t)(attr_has_ints(kind)    ? ints->n
                            : attr_has_pairs(kind) ? elems->n / 2
                                                   : elems->n),
            .map = map,
        };
        memcpy(&a.f, &f[5], sizeof a.f);
        if (attr_has_ints(kind))
            a.ints = as_i64(s, ints);
        else
            a.elems = as_u32(s, elems);
        REQUIRE_ID(ir_attr_intern(m, &a), k, "attribute");
    }
    return true;
}

/* Affine expressions, maps and sets. Expressions go through the
 * canonicalizing constructors: a table ir_aff_bin built is canonical, so
 * each entry comes back as itself, which the field comparison confirms;
 * shapes it would fold (with arithmetic crafted constants could overflow)
 * are refused before. Children come before parents. */
static bool read_affine(const struct layout *l, struct ir_module *m, struct scratch *s,
                        int64_t *maxdim, int64_t *maxsym, char *err, size_t errlen)
{
    for (uint32_t k = 0; k < l->n[4]; k++) {
        uint32_t id = k + 1;
        DECODE(entry_span(l, 4, k), aff_fields, s);
        uint32_t kind = (uint32_t)s->f[1], lhs = (uint32_t)s->f[2], rhs = (uint32_t)s->f[3];
        int64_t v = unzigzag(s->f[4]);
        maxdim[id] = maxsym[id] = -1;
        ir_aff got;
        switch (kind) {
        case IR_AFF_CONST:
        case IR_AFF_DIM:
        case IR_AFF_SYM:
            REQUIRE(lhs == 0 && rhs == 0, "affine expression %u: bad leaf", id);
            REQUIRE(kind == IR_AFF_CONST || (v >= 0 && v <= UINT32_MAX),
                    "affine expression %u: bad position", id);
            if (kind == IR_AFF_DIM)
                maxdim[id] = v;
            if (kind == IR_AFF_SYM)
                maxsym[id] = v;
            got = kind == IR_AFF_CONST ? ir_aff_const(m, v)
                  : kind == IR_AFF_DIM ? ir_aff_dim(m, (uint32_t)v)
                                       : ir_aff_sym(m, (uint32_t)v);
            break;
        case IR_AFF_ADD:
        case IR_AFF_MUL:
        case IR_AFF_MOD:
        case IR_AFF_FLOORDIV:
        case IR_AFF_CEILDIV: {
            REQUIRE(in_table(lhs, id - 1) && in_table(rhs, id - 1) && v == 0,
                    "affine expression %u: bad operands", id);
            const struct ir_aff_info *x = ir_aff_get(m, lhs), *y = ir_aff_get(m, rhs);
            bool lc = x->kind == IR_AFF_CONST, rc = y->kind == IR_AFF_CONST;
            bool addmul = kind == IR_AFF_ADD || kind == IR_AFF_MUL;
            bool folds = (addmul && lc) || (lc && rc && y->v != 0) ||
                         (addmul && rc && x->kind == kind &&
                          ir_aff_get(m, x->rhs)->kind == IR_AFF_CONST);
            REQUIRE(!folds, "affine expression %u is not canonical", id);
            maxdim[id] = maxdim[lhs] > maxdim[rhs] ? maxdim[lhs] : maxdim[rhs];
            maxsym[id] = maxsym[lhs] > maxsym[rhs] ? maxsym[lhs] : maxsym[rhs];
            got = ir_aff_bin(m, (enum ir_aff_kind)kind, lhs, rhs);
            break;
        }
        default:
            return malformed(err, errlen, "affine expression %u: bad kind", id);
        }
        const struct ir_aff_info *x = ir_aff_get(m, got);
        REQUIRE(x->kind == kind && x->lhs == lhs && x->rhs == rhs && x->v == v,
                "affine expression %u is not canonical", id);
        REQUIRE_ID(got, k, "affine expression");
    }
    uint32_t naff = l->n[4];
    for (uint32_t k = 0; k < l->n[5]; k++) {
        DECODE(entry_span(l, 5, k), map_fields, s);
        uint32_t ndims = (uint32_t)s->f[1], nsyms = (uint32_t)s->f[2];
        const struct list *res = &s->lists[0];
        for (size_t i = 0; i < res->n; i++) {
            uint32_t e = (uint32_t)res->a[i];
            REQUIRE(in_table(e, naff) && maxdim[e] < (int64_t)ndims && maxsym[e] < (int64_t)nsyms,
                    "affine map %u: bad result expression", k + 1);
        }
        REQUIRE_ID(ir_map_intern(m, ndims, nsyms, (uint32_t)res->n, as_u32(s, res)), k,
                   "affine map");
    }
    for (uint32_t k = 0; k < l->n[6]; k++) {
        DECODE(entry_span(l, 6, k), set_fields, s);
        uint32_t ndims = (uint32_t)s->f[1], nsyms = (uint32_t)s->f[2];
        const struct list *cons = &s->lists[0], *eq = &s->lists[1];
        REQUIRE(cons->n == eq->n, "integer set %u: bad constraint", k + 1);
        for (size_t i = 0; i < cons->n; i++) {
            uint32_t e = (uint32_t)cons->a[i];
            REQUIRE(in_table(e, naff) && maxdim[e] < (int64_t)ndims && maxsym[e] < (int64_t)nsyms,
                    "integer set %u: bad constraint", k + 1);
        }
        const uint32_t *c = as_u32(s, cons);
        for (size_t i = 0; i < eq->n; i++)
            s->b[i] = eq->a[i] != 0;
        REQUIRE_ID(ir_set_intern(m, ndims, nsyms, (uint32_t)cons->n, c, s->b), k, "integer set");
    }
    return true;
}

/* Room for n more records in a table of m (the layout of ir.c's tables:
 * an array of record pointers, entry 0 unused). */
static void **table_extend(struct ir_vec *v, uint32_t n)
{
    if (v->cap - v->len < n) {
        v->cap = v->len + n;
        v->data = xrealloc(v->data, (size_t)v->cap * sizeof(void *));
    }
    void **slot = (void **)v->data + v->len;
    v->len += n;
    return slot;
}

/* Values, ops, blocks and regions, straight into their tables (one arena
 * block of records per table); check_structure checks them after. */
static bool read_structure(const struct layout *l, struct ir_module *m, struct scratch *s,
                           char *err, size_t errlen)
{
    uint32_t n = l->n[7];
    struct ir_value_info *vals = arena_alloc(m->arena, (n ? n : 1) * sizeof *vals);
    void **slot = table_extend(&m->values, n);
    for (uint32_t k = 0; k < n; k++) {
        struct span e = entry_span(l, 7, k);
        if (!rd_value_fast((struct rd){e.p, e.p + e.n}, s->f))
            DECODE(e, value_fields, s);
        struct ir_value_info *x = &vals[k];
        x->type = (uint32_t)s->f[1];
        x->name = (uint32_t)s->f[2];
        x->owner = (uint32_t)s->f[3];
        x->index = (uint32_t)s->f[4];
        x->is_arg = s->f[5] != 0;
        slot[k] = x;
    }
    n = l->n[8];
    struct ir_op_info *ops = arena_alloc(m->arena, (n ? n : 1) * sizeof *ops);
    slot = table_extend(&m->ops, n);
    for (uint32_t k = 0; k < n; k++) {
        struct span e = entry_span(l, 8, k);
        if (!rd_op_fast((struct rd){e.p, e.p + e.n}, s->f, s->lists))
            DECODE(e, op_fields, s);
        const uint64_t *f = s->f;
        struct ir_op_info *x = &ops[k];
        x->kind = 0; /* set once the name is known to be a string */
        x->name = (uint32_t)f[1];
        x->nopnd = (uint32_t)s->lists[0].n;
        x->opnd = arena_ids(m, &s->lists[0]);
        x->res = (uint32_t)f[3];
        x->nres = (uint32_t)f[4];
        x->nreg = (uint32_t)s->lists[1].n;
        x->regs = arena_ids(m, &s->lists[1]);
        x->nsucc = (uint32_t)s->lists[2].n;
        x->succ = arena_ids(m, &s->lists[2]);
        x->attrs = (uint32_t)f[7];
        x->loc = (struct ir_loc){(uint32_t)f[8], (uint32_t)f[9], (uint32_t)f[10]};
        x->block = (uint32_t)f[11];
        x->prev = (uint32_t)f[12];
        x->next = (uint32_t)f[13];
        slot[k] = x;
    }
    n = l->n[9];
    struct ir_block_info *blks = arena_alloc(m->arena, (n ? n : 1) * sizeof *blks);
    slot = table_extend(&m->blocks, n);
    for (uint32_t k = 0; k < n; k++) {
        DECODE(entry_span(l, 9, k), block_fields, s);
        const uint64_t *f = s->f;
        struct ir_block_info *x = &blks[k];
        x->region = (uint32_t)f[1];
        x->nargs = (uint32_t)s->lists[0].n;
        x->args = arena_ids(m, &s->lists[0]);
        x->first = (uint32_t)f[3];
        x->last = (uint32_t)f[4];
        x->prev = (uint32_t)f[5];
        x->next = (uint32_t)f[6];
        slot[k] = x;
    }
    n = l->n[10];
    struct ir_region_info *regs = arena_alloc(m->arena, (n ? n : 1) * sizeof *regs);
    slot = table_extend(&m->regions, n);
    for (uint32_t k = 0; k < n; k++) {
        DECODE(entry_span(l, 10, k), region_fields, s);
        struct ir_region_info *x = &regs[k];
        x->op = (uint32_t)s->f[1];
        x->first = (uint32_t)s->f[2];
        x->last = (uint32_t)s->f[3];
        slot[k] = x;
    }
    return true;
}

/* Module bytes into m (a new module): false with the reason in err. */
static bool decode_module(const uint8_t *p, size_t len, struct ir_module *m, char *err,
                          size_t errlen)
{
    struct layout l;
    if (!scan_module(p, len, &l, err, errlen))
        return false;
    struct scratch s = {0};
    ir_module_reserve(m, l.n[1], l.n[2], l.n[3], l.n[4], l.n[5], l.n[6]);
    /* What the records below take in the arena, about (strings and the
     * ops' and blocks' id lists are short): a big module goes straight
     * into huge pages. */
    arena_reserve(m->arena, (size_t)l.n[1] * 32 + (size_t)l.n[7] * sizeof(struct ir_value_info) +
                                (size_t)l.n[8] * (sizeof(struct ir_op_info) + 16) +
                                (size_t)l.n[9] * (sizeof(struct ir_block_info) + 16) +
                                (size_t)l.n[10] * sizeof(struct ir_region_info));
    int64_t *maxdim = xmalloc(((size_t)l.n[4] + 1) * sizeof *maxdim);
    int64_t *maxsym = xmalloc(((size_t)l.n[4] + 1) * sizeof *maxsym);
    bool ok = true;
    for (uint32_t k = 0; ok && k < l.n[1]; k++) {
        struct span e = entry_span(&l, 1, k);
        const struct span *x = &e;
        if (x->n && memchr(x->p, 0, x->n))
            ok = malformed(err, errlen, "string %u contains a NUL byte", k + 1);
        else if (ir_str_intern(m, x->n ? (const char *)x->p : "", x->n) != k + 1)
            ok = malformed(err, errlen, "string %u is a duplicate or out of order", k + 1);
    }
    ok = ok && read_types(&l, m, &s, err, errlen) && read_attrs(&l, m, &s, err, errlen) &&
         read_affine(&l, m, &s, maxdim, maxsym, err, errlen);
    if (ok && (m->strs.len - 1 != l.n[1] || m->types.len - 1 != l.n[2]))
        ok = malformed(err, errlen, "tables lack the entries every module starts with");
    ok = ok && check_type_attr_acyclic(m, err, errlen);
    if (ok && l.top > UINT32_MAX)
        ok = malformed(err, errlen, "bad top op");
    m->top = (uint32_t)l.top;
    ok = ok && read_structure(&l, m, &s, err, errlen) && check_structure(m, err, errlen);
    if (ok) {
        struct ir_op_info **ops = TAB(m, struct ir_op_info, ops);
        for (uint32_t id = 1; id < m->ops.len; id++)
            ops[id]->kind = (uint16_t)ir_op_kind_of(m, ops[id]->name);
    }
    for (int i = 0; i < 3; i++)
        free(s.lists[i].a);
    free(s.u32);
    free(s.i64);
    free(s.b);
    free(maxdim);
    free(maxsym);
    free(l.all);
    return ok;
}

/* ---- the container ------------------------------------------------------ */

/* IrFile's fields up to the module's bytes (fields in number order): the
 * schema, stage, tool, module size, and field 5's tag and length. */
static void put_irfile_head(struct wbuf *b, const char *stage, size_t nstage, const char *tool,
                            size_t ntool, size_t n, size_t nbody)
{
    put_u64(b, 1, IR_FILE_SCHEMA_VERSION);
    put_bytes(b, 2, stage, nstage);
    put_bytes(b, 3, tool, ntool);
    put_u64(b, 4, n);
    wb_reserve(b, 11);
    b->p[b->len++] = (uint8_t)(5 << 3 | WT_LEN);
    wb_varint_raw(b, nbody);
}

/* Completes the file in b (header then IrFile up to the module's bytes,
 * the bytes): the last field, the magic, the length and the checksum. */
static void finish_file(struct wbuf *b, unsigned compression)
{
    put_u64(b, 6, compression);
    memcpy(b->p, magic, sizeof magic);
    put_le32(b->p + 8, (uint32_t)(b->len - HEADER_SIZE));
    put_le32(b->p + 12, file_crc(b->p, b->len));
}

int ir_file_write_mem(const struct ir_module *m, const char *stage, const char *tool,
                      unsigned char **out, size_t *len, char *err, size_t errlen)
{
    size_t nstage = strlen(stage), ntool = strlen(tool);
    assert(label_ok(stage, nstage, MAX_STAGE_LEN, false) &&
           label_ok(tool, ntool, MAX_TOOL_LEN, true));
    *out = NULL;
    *len = 0;
    char why[256];
    if (!check_structure(m, why, sizeof why)) {
        fprintf(stderr, "ktc: internal error: writing an inconsistent module: %s\n", why);
        abort();
    }
    struct renum r;
    compact_module(m, &r);
    /* The Module is encoded where a stored file holds it, behind room for
     * the header and IrFile's first fields (at most `room` bytes, whose
     * exact size depends on the Module's): no second copy of it is made. */
    size_t room = HEADER_SIZE + 4 * 11 + nstage + ntool;
    struct wbuf b = {0};
    wb_reserve(&b, room);
    b.len = room;
    encode_module(m, &r, &b);
    renum_free(&r);
    size_t n = b.len - room;
    if (n > MAX_MODULE_SIZE) {
        free(b.p);
        return fail(err, errlen, 3, "module too large for an IR file (%zu bytes, at most %llu)",
                    n, (unsigned long long)MAX_MODULE_SIZE);
    }
    if (n >= STORE_BELOW) { /* deflated: ir_file_wrap makes the file */
        int rc = ir_file_wrap(b.p + room, n, stage, tool, out, len, err, errlen);
        free(b.p);
        return rc;
    }
    uint8_t head[HEADER_SIZE + 4 * 11 + 2 * (MAX_STAGE_LEN + MAX_TOOL_LEN)];
    struct wbuf h = {head, HEADER_SIZE, sizeof head};
    put_irfile_head(&h, stage, nstage, tool, ntool, n, n);
    assert(h.p == head && h.len <= room);
    size_t shift = room - h.len;
    memcpy(b.p + shift, head, h.len);
    memmove(b.p, b.p + shift, b.len - shift);
    b.len -= shift;
    finish_file(&b, COMPRESS_NONE);
    *out = b.p;
    *len = b.len;
    return 0;
}

int ir_file_wrap(const void *payload, size_t n, const char *stage, const char *tool,
                 unsigned char **out, size_t *len, char *err, size_t errlen)
{
    size_t nstage = strlen(stage), ntool = strlen(tool);
    assert(label_ok(stage, nstage, MAX_STAGE_LEN, false) &&
           label_ok(tool, ntool, MAX_TOOL_LEN, true));
    *out = NULL;
    *len = 0;
    if (n > MAX_MODULE_SIZE)
        return fail(err, errlen, 3, "payload too large for an IR file (%zu bytes, at most %llu)",
                    n, (unsigned long long)MAX_MODULE_SIZE);
    unsigned compression = n < STORE_BELOW ? COMPRESS_NONE : COMPRESS_ZLIB;
    const void *body = payload;
    size_t nbody = n;
    uint8_t *z = NULL;
    if (compression == COMPRESS_ZLIB) {
        uLongf zlen = compressBound(n);
        z = xmalloc(zlen);
        if (compress2(z, &zlen, payload, n, DEFLATE_LEVEL) != Z_OK) {
            fprintf(stderr, "ktc: out of memory (deflate)\n");
            abort();
        }
        body = z;
        nbody = zlen;
    }
    struct wbuf b = {0};
    wb_reserve(&b, HEADER_SIZE + 64 + nstage + ntool + nbody);
    b.len = HEADER_SIZE;
    put_irfile_head(&b, stage, nstage, tool, ntool, n, nbody);
    if (nbody)
        memcpy(b.p + b.len, body, nbody);
    b.len += nbody;
    free(z);
    finish_file(&b, compression);
    *out = b.p;
    *len = b.len;
    return 0;
}

/* A decoded IrFile: pointers into the file. */
struct container {
    uint64_t schema_version, module_size, compression;
    struct span stage, tool, module;
};

static bool read_irfile(const uint8_t *p, size_t len, struct container *c)
{
    memset(c, 0, sizeof *c);
    struct rd r = {p, p + len};
    while (r.p < r.end) {
        uint32_t field, wt;
        if (!rd_tag(&r, &field, &wt))
            return false;
        struct rd sub;
        switch (field) {
        case 1:
        case 4:
        case 6:
            if (wt != WT_VARINT ||
                !rd_varint(&r, field == 1   ? &c->schema_version
                               : field == 4 ? &c->module_size
                                            : &c->compression))
                return false;
            break;
        case 2:
        case 3:
        case 5:
            if (wt != WT_LEN || !rd_len(&r, &sub))
                return false;
            *(field == 2 ? &c->stage : field == 3 ? &c->tool : &c->module) =
                (struct span){sub.p, (uint32_t)(sub.end - sub.p)};
            break;
        default:
            if (!rd_skip(&r, wt))
                return false;
            break;
        }
    }
    c->schema_version = (uint32_t)c->schema_version; /* uint32 fields, as protobuf reads them */
    c->compression = (uint32_t)c->compression;
    return true;
}

/* The header and container of buf: 0 with the decoded container in *c, or 1. */
static int read_container(const unsigned char *p, size_t len, struct container *c, char *err,
                          size_t errlen)
{
    if (len == 0)
        return fail(err, errlen, 1, "empty file, not a ktc IR file");
    if (memcmp(p, magic, len < sizeof magic ? len : sizeof magic) != 0)
        return fail(err, errlen, 1, "not a ktc IR file");
    if (len < HEADER_SIZE)
        return fail(err, errlen, 1, "truncated file (%zu bytes)", len);
    uint32_t body = get_le32(p + 8);
    if (get_le32(p + 12) != file_crc(p, len)) {
        if (len - HEADER_SIZE < body)
            return fail(err, errlen, 1, "truncated file (%zu of %llu bytes)", len,
                        (unsigned long long)body + HEADER_SIZE);
        return fail(err, errlen, 1, "corrupt file (checksum mismatch)");
    }
    if (len - HEADER_SIZE != body)
        return fail(err, errlen, 1, "corrupt file (length mismatch)");
    if (!read_irfile(p + HEADER_SIZE, body, c))
        return fail(err, errlen, 1, "malformed IR file: bad container");
    return 0;
}

/* The module of c, inflated (or copied) into a new buffer of exactly
 * c->module_size bytes. */
static int inflate_module(const struct container *c, uint8_t **out, char *err, size_t errlen)
{
    *out = NULL;
    uint64_t n = c->module_size;
    if (c->compression > COMPRESS_NONE)
        return fail(err, errlen, 1, "malformed IR file: unknown compression %llu",
                    (unsigned long long)c->compression);
    if (n > MAX_MODULE_SIZE || n > (uint64_t)c->module.n * MAX_RATIO + 64)
        return fail(err, errlen, 1, "malformed IR file: impossible module size %llu",
                    (unsigned long long)n);
    uint8_t *raw = xmalloc((size_t)n);
    if (c->compression == COMPRESS_NONE) {
        if (n != c->module.n) {
            free(raw);
            return fail(err, errlen, 1, "malformed IR file: bad stored module");
        }
        memcpy(raw, c->module.p, n);
        *out = raw;
        return 0;
    }
    uLongf got = (uLongf)n;
    uLong used = c->module.n;
    int z = uncompress2(raw, &got, c->module.p, &used);
    if (z != Z_OK || got != n || used != c->module.n) {
        free(raw);
        return fail(err, errlen, 1, "malformed IR file: bad compressed module");
    }
    *out = raw;
    return 0;
}

/* ir_file_unwrap, but a stored payload is not copied: *view points into
 * buf, and *owned (to free) is NULL; an inflated one is *view == *owned. */
static int unwrap(const void *buf, size_t len, const char *expect_stage, const uint8_t **view,
                  uint8_t **owned, size_t *n, char *stage_out, size_t stage_len, char *err,
                  size_t errlen)
{
    *view = *owned = NULL;
    *n = 0;
    if (stage_out && stage_len)
        stage_out[0] = 0;
    struct container c;
    int rc = read_container(buf, len, &c, err, errlen);
    if (rc)
        return rc;
    const char *stage = (const char *)c.stage.p;
    if (c.schema_version == 0)
        rc = fail(err, errlen, 1, "malformed IR file: no schema version");
    else if (c.schema_version > IR_FILE_SCHEMA_VERSION)
        rc = fail(err, errlen, 1, "written by a newer ktc (schema %u, this reads up to %u)",
                  (unsigned)c.schema_version, IR_FILE_SCHEMA_VERSION);
    else if (!label_ok(stage, c.stage.n, MAX_STAGE_LEN, false) ||
             !label_ok((const char *)c.tool.p, c.tool.n, MAX_TOOL_LEN, true))
        rc = fail(err, errlen, 1, "malformed IR file: bad stage or tool name");
    if (!rc && stage_out && stage_len)
        snprintf(stage_out, stage_len, "%.*s", (int)c.stage.n, stage);
    if (!rc && expect_stage &&
        (strlen(expect_stage) != c.stage.n || memcmp(expect_stage, stage, c.stage.n) != 0))
        rc = fail(err, errlen, 1, "expected a '%s' file, got '%.*s'", expect_stage, (int)c.stage.n,
                  stage);
    if (!rc && c.compression == COMPRESS_NONE && c.module_size == c.module.n) {
        *view = c.module.p;
        *n = c.module.n;
        return 0;
    }
    if (!rc)
        rc = inflate_module(&c, owned, err, errlen);
    if (!rc) {
        *view = *owned;
        *n = (size_t)c.module_size;
    }
    return rc;
}

int ir_file_unwrap(const void *buf, size_t len, const char *expect_stage, unsigned char **payload,
                   size_t *n, char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    const uint8_t *view;
    uint8_t *owned;
    *payload = NULL;
    int rc = unwrap(buf, len, expect_stage, &view, &owned, n, stage_out, stage_len, err, errlen);
    if (rc || owned) {
        *payload = owned;
        return rc;
    }
    *payload = xmalloc(*n);
    if (*n)
        memcpy(*payload, view, *n);
    return 0;
}

int ir_file_read_mem(const void *buf, size_t len, const char *expect_stage, struct ir_module **out,
                     char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    *out = NULL;
    const uint8_t *raw;
    uint8_t *owned;
    size_t n = 0;
    int rc = unwrap(buf, len, expect_stage, &raw, &owned, &n, stage_out, stage_len, err, errlen);
    if (rc)
        return rc;
    struct ir_module *m = ir_module_new();
    if (!decode_module(raw, n, m, err, errlen)) {
        ir_module_free(m);
        m = NULL;
        rc = 1;
    }
    free(owned);
    *out = m;
    return rc;
}

/* ---- files ---------------------------------------------------------------- */

static bool is_std(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* Writes all n bytes; 0 or an errno value. */
static int write_fd(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A new regular file appears only complete: bytes go to path.tmpXXXXXX in
 * the same directory, which is then renamed over path. Something that is
 * not a regular file (/dev/null, a FIFO) is written in place instead. */
int ir_out_open(struct ir_out *o, const char *path, char *err, size_t errlen)
{
    o->fd = -1;
    o->tmp = NULL;
    o->path = path;
    o->err = 0;
    if (is_std(path)) {
        fflush(stdout);
        o->fd = STDOUT_FILENO;
        /* A pipe to the next stage: with room for a whole (typical) IR file
         * the writer hands it over in one go and exits, instead of waking
         * the reader for every 64 KiB and waiting for it to drain them. The
         * kernel takes pages for the room only as it fills; where a bigger
         * pipe is refused, nothing changes. */
        struct stat st;
        if (fstat(o->fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
            fcntl(o->fd, F_GETPIPE_SZ) < PIPE_ROOM)
            (void)fcntl(o->fd, F_SETPIPE_SZ, PIPE_ROOM);
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (o->fd < 0)
            return fail(err, errlen, 3, "cannot open the output: %s", strerror(errno));
        return 0;
    }
    static const char suffix[] = ".tmpXXXXXX";
    size_t n = strlen(path);
    o->tmp = xmalloc(n + sizeof suffix);
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, suffix, sizeof suffix);
    o->fd = mkstemp(o->tmp);
    if (o->fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        return fail(err, errlen, 3, "cannot create a temporary file beside the output: %s",
                    strerror(e));
    }
    /* mkstemp makes 0600; give the mode any new file would get. */
    mode_t mask = umask(0);
    umask(mask);
    o->err = fchmod(o->fd, 0666 & ~mask) ? errno : 0;
    return 0;
}

int ir_out_write(struct ir_out *o, const void *buf, size_t n)
{
    if (!o->err)
        o->err = write_fd(o->fd, buf, n);
    return o->err ? 3 : 0;
}

int ir_out_close(struct ir_out *o, bool commit, char *err, size_t errlen)
{
    int e = o->err;
    if (is_std(o->path))
        return e ? fail(err, errlen, 3, "cannot write to stdout: %s", strerror(e)) : 0;
    if (close(o->fd) && !e)
        e = errno;
    const char *what = "write";
    if (o->tmp) {
        if (commit && !e && rename(o->tmp, o->path) != 0) {
            e = errno;
            what = "replace";
        }
        if (e || !commit)
            unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    return e ? fail(err, errlen, 3, "cannot %s the output: %s", what, strerror(e)) : 0;
}

int ir_file_put_bytes(const char *path, const void *buf, size_t len, char *err, size_t errlen)
{
    struct ir_out o;
    int rc = ir_out_open(&o, path, err, errlen);
    if (rc)
        return rc;
    ir_out_write(&o, buf, len);
    return ir_out_close(&o, true, err, errlen);
}

int ir_file_write(const char *path, const struct ir_module *m, const char *stage, const char *tool,
                  char *err, size_t errlen)
{
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = ir_file_write_mem(m, stage, tool, &buf, &len, err, errlen);
    if (!rc)
        rc = ir_file_put_bytes(path, buf, len, err, errlen);
    free(buf);
    return rc;
}

/* Reads fd to its end: 0, 1 when longer than any IR file, 3 on an error. */
static int read_fd(int fd, unsigned char **out, size_t *outlen, char *err, size_t errlen)
{
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = xmalloc(cap);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            unsigned char *nb = realloc(buf, cap);
            if (!nb)
                abort();
            buf = nb;
        }
        ssize_t r = read(fd, buf + len, cap - len);
        if (r == 0)
            break;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            return fail(err, errlen, 3, "cannot read: %s", strerror(e));
        }
        len += (size_t)r;
        if (len > MAX_FILE_SIZE) {
            free(buf);
            return fail(err, errlen, 1, "not a ktc IR file (larger than any IR file)");
        }
    }
    *out = buf;
    *outlen = len;
    return 0;
}

int ir_file_get_bytes(const char *path, unsigned char **buf, size_t *len, char *err,
                      size_t errlen)
{
    *buf = NULL;
    *len = 0;
    int fd = is_std(path) ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, errlen, 3, "cannot open: %s", strerror(errno));
    int rc = read_fd(fd, buf, len, err, errlen);
    if (!is_std(path))
        close(fd);
    return rc;
}

int ir_file_read(const char *path, const char *expect_stage, struct ir_module **out,
                 char *stage_out, size_t stage_len, char *err, size_t errlen)
{
    *out = NULL;
    if (stage_out && stage_len)
        stage_out[0] = 0;
    unsigned char *buf = NULL;
    size_t len = 0;
    int rc = ir_file_get_bytes(path, &buf, &len, err, errlen);
    if (rc)
        return rc;
    rc = ir_file_read_mem(buf, len, expect_stage, out, stage_out, stage_len, err, errlen);
    free(buf);
    return rc;
}

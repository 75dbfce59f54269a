/* hash.h - the IR core's byte hash (ktir-internal: the interning tables of
 * ir.c, the printer's name set, the parser's span caches): a word at a
 * time, the last 1-8 bytes as one word, murmur3's finalizer. */
#ifndef KTIR_HASH_H
#define KTIR_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t ir_rd64(const unsigned char *b)
{
    uint64_t w;
    memcpy(&w, b, 8);
    return w;
}

static inline uint64_t ir_rd32(const unsigned char *b)
{
    uint32_t w;
    memcpy(&w, b, 4);
    return w;
}

/* The last 1-8 bytes of a key as one word, without a variable-length
 * memcpy: overlapping fixed-size reads (as wyhash does). The length is
 * hashed separately, so the overlap cannot make two keys collide. */
static inline uint64_t ir_rd_tail(const unsigned char *b, size_t n)
{
    if (n >= 4)
        return ir_rd32(b) | ir_rd32(b + n - 4) << 32;
    if (n)
        return (uint64_t)b[0] | (uint64_t)b[n >> 1] << 8 | (uint64_t)b[n - 1] << 16;
    return 0;
}

/* A word-at-a-time multiplicative hash of n bytes at p (keys are mostly
 * 4- and 8-byte fields, or short names). */
static inline uint32_t ir_hash_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0x9E3779B97F4A7C15u ^ n;
    while (n > 8) {
        h = (h ^ ir_rd64(b)) * 0xFF51AFD7ED558CCDu;
        h ^= h >> 32;
        b += 8;
        n -= 8;
    }
    /* murmur3's finalizer: every input bit reaches the low bits, which
     * pick the slot. */
    h ^= ir_rd_tail(b, n);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDu;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53u;
    h ^= h >> 33;
    return (uint32_t)h;
}

#endif

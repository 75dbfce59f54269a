/* arena.c - bump allocator over a list of chunks (see arena.h).
 *
 * Chunks grow with the arena (each new one as big as all before it, up to
 * ARENA_CHUNK_MAX), so a big module takes few chunks. From ARENA_HUGE on a
 * chunk is its own 2 MiB-aligned mapping advised for transparent huge pages:
 * a fresh 4 KiB page costs a fault, a clear and an accounting each, and on
 * a 10k-op module those faults were a third of ktc-parse's time; a huge page
 * is one fault per 2 MiB, and it needs no clearing by arena_alloc. Smaller arenas (most modules) never get one, so a
 * small kernel's binaries touch no more memory than before.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */

#include "ktir/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum {
    ARENA_CHUNK = 64 * 1024,
    ARENA_CHUNK_MAX = 8 * 1024 * 1024,
    ARENA_HUGE = 2 * 1024 * 1024, /* also the huge page size and alignment */
    ARENA_ALIGN = 16,
};

struct chunk {
    struct chunk *next;
    size_t size, used;
    size_t mapped; /* bytes of the mapping holding the chunk, 0 = malloc'd */
    _Alignas(16) unsigned char data[];
};

struct arena {
    struct chunk *head;
    size_t used;
    size_t reserved; /* sum of the chunk sizes */
};

static void oom(size_t n)
{
    fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n);
    abort();
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        oom(n);
    return p;
}

struct arena *arena_new(void)
{
    struct arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    a->used = 0;
    a->reserved = 0;
    return a;
}

static void chunk_free(struct chunk *c)
{
    if (c->mapped)
        munmap(c, c->mapped);
    else
        free(c);
}

void arena_free(struct arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        chunk_free(c);
    }
    free(a);
}

/* A chunk of at least cap bytes of data: malloc'd, or from ARENA_HUGE on a
 * mapping of whole huge pages at a huge-page boundary (mapped with one
 * extra huge page to find the boundary in, the rest unmapped again). */
static struct chunk *chunk_new(size_t cap)
{
    size_t total = sizeof(struct chunk) + cap;
    struct chunk *c;
    if (cap < ARENA_HUGE) {
        c = xmalloc(total);
        c->mapped = 0;
    } else {
        total = (total + ARENA_HUGE - 1) & ~(size_t)(ARENA_HUGE - 1);
        unsigned char *p = mmap(NULL, total + ARENA_HUGE, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            oom(total);
        uintptr_t at = ((uintptr_t)p + ARENA_HUGE - 1) & ~(uintptr_t)(ARENA_HUGE - 1);
        size_t head = at - (uintptr_t)p;
        if (head)
            munmap(p, head);
        if (ARENA_HUGE - head)
            munmap((unsigned char *)at + total, ARENA_HUGE - head);
        /* Only advice: without huge pages the chunk is ordinary memory. */
        (void)madvise((void *)at, total, MADV_HUGEPAGE);
        c = (struct chunk *)at;
        c->mapped = total;
        cap = total - sizeof *c;
    }
    c->size = cap;
    c->used = 0;
    return c;
}

void arena_reserve(struct arena *a, size_t bytes)
{
    struct chunk *c = a->head;
    if (bytes < ARENA_HUGE / 2 || (c && c->size - c->used >= bytes))
        return;
    c = chunk_new(bytes < ARENA_HUGE ? ARENA_HUGE : bytes);
    c->next = a->head;
    a->head = c;
    a->reserved += c->size;
}

void *arena_alloc(struct arena *a, size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    struct chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        if (size > ARENA_CHUNK / 4 && size > a->reserved / 4) {
            /* A big block gets a chunk of its own behind the current one,
             * so the current chunk's free tail stays usable. */
            c = chunk_new(size);
            if (a->head) {
                c->next = a->head->next;
                a->head->next = c;
            } else {
                c->next = NULL;
                a->head = c;
            }
        } else {
            size_t cap = a->reserved < ARENA_CHUNK ? ARENA_CHUNK : a->reserved;
            /* From 1 MiB on the arena goes on in huge pages. */
            if (a->reserved >= ARENA_HUGE / 2 && cap < ARENA_HUGE)
                cap = ARENA_HUGE;
            if (cap > ARENA_CHUNK_MAX)
                cap = ARENA_CHUNK_MAX;
            if (cap < size)
                cap = size;
            c = chunk_new(cap);
            c->next = a->head;
            a->head = c;
        }
        a->reserved += c->size;
    }
    void *p = c->data + c->used;
    c->used += size;
    a->used += size;
    /* A mapped chunk is fresh zero pages and nothing in an arena is reused:
     * only malloc'd chunks need clearing. */
    if (!c->mapped)
        memset(p, 0, size);
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

size_t arena_used(const struct arena *a)
{
    return a->used;
}

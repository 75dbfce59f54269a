/* arena.c - bump allocator over a list of chunks (see arena.h). */
#include "ktir/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARENA_CHUNK = 64 * 1024, ARENA_ALIGN = 16 };

struct chunk {
    struct chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

struct arena {
    struct chunk *head;
    size_t used;
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "ktc: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

struct arena *arena_new(void)
{
    struct arena *a = xmalloc(sizeof *a);
    a->head = NULL;
    a->used = 0;
    return a;
}

void arena_free(struct arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(a);
}

void *arena_alloc(struct arena *a, size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    struct chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cap = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
        c = xmalloc(sizeof *c + cap);
        c->size = cap;
        c->used = 0;
        if (size > ARENA_CHUNK / 4 && a->head) {
            /* A big block gets a chunk of its own behind the current one,
             * so the current chunk's free tail stays usable. */
            c->next = a->head->next;
            a->head->next = c;
        } else {
            c->next = a->head;
            a->head = c;
        }
    }
    void *p = c->data + c->used;
    c->used += size;
    a->used += size;
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

/* arena.h - bump allocator: one per module in the compiler binaries.
 *
 * Memory is handed out from large chunks and released all at once by
 * arena_free(); nothing allocated from an arena is freed on its own.
 */
#ifndef KTIR_ARENA_H
#define KTIR_ARENA_H

#include <stddef.h>

struct arena;

/* A new empty arena; aborts on out-of-memory (the compiler cannot go on). */
struct arena *arena_new(void);
/* Releases every allocation of the arena and the arena itself. NULL is a no-op. */
void arena_free(struct arena *a);
/* A hint: about `bytes` more are about to be allocated (a reader that knows
 * its input's size). From 1 MiB on they get a chunk of their own at once,
 * in huge pages; smaller hints change nothing. */
void arena_reserve(struct arena *a, size_t bytes);
/* size bytes, zeroed, aligned for any object. */
void *arena_alloc(struct arena *a, size_t size);
/* A copy of n bytes of s, NUL-terminated. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* Total bytes handed out so far (for statistics and tests). */
size_t arena_used(const struct arena *a);

#endif

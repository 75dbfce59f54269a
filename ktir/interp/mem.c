/* mem.c - the interpreter's memories: device memory shared by all tiles and
 * one scratchpad per core, both byte-addressed and zero-initialised.
 *
 * Device memory is large (128 GiB by default) and sparse: 1 MiB pages are
 * allocated on first write, unwritten pages read as zeros. Scratchpads are
 * allocated whole on first write. Callers check ranges first
 * (iv_mem_in_range) and report out-of-bounds accesses themselves.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"

#define PAGE_SHIFT 20
#define PAGE_SIZE ((int64_t)1 << PAGE_SHIFT)

void iv_mem_init(struct iv_mem *mm, const struct interp_config *cfg)
{
    memset(mm, 0, sizeof *mm);
    mm->dev_bytes = cfg->devmem_bytes;
    mm->npages = (cfg->devmem_bytes + PAGE_SIZE - 1) >> PAGE_SHIFT;
    mm->pages = calloc(mm->npages ? mm->npages : 1, sizeof *mm->pages);
    mm->sp_bytes = cfg->scratch_bytes;
    mm->ncores = cfg->ncores;
    mm->sp = calloc(mm->ncores ? mm->ncores : 1, sizeof *mm->sp);
    if (!mm->pages || !mm->sp)
        abort();
}

void iv_mem_free(struct iv_mem *mm)
{
    for (uint64_t i = 0; i < mm->npages; i++)
        free(mm->pages[i]);
    for (uint32_t i = 0; i < mm->ncores; i++)
        free(mm->sp[i]);
    free(mm->pages);
    free(mm->sp);
    memset(mm, 0, sizeof *mm);
}

bool iv_mem_in_range(const struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t n)
{
    uint64_t cap = sp == INTERP_DEVMEM ? mm->dev_bytes : mm->sp_bytes;
    if (sp != INTERP_DEVMEM && core >= mm->ncores)
        return false;
    return a >= 0 && n >= 0 && (uint64_t)a <= cap && (uint64_t)n <= cap - (uint64_t)a;
}

static uint8_t *scratch(struct iv_mem *mm, uint32_t core, bool write)
{
    if (!mm->sp[core] && write) {
        mm->sp[core] = calloc(1, mm->sp_bytes ? mm->sp_bytes : 1);
        if (!mm->sp[core])
            abort();
    }
    return mm->sp[core];
}

static uint8_t *page(struct iv_mem *mm, int64_t a, bool write)
{
    uint8_t **p = &mm->pages[a >> PAGE_SHIFT];
    if (!*p && write) {
        *p = calloc(1, PAGE_SIZE);
        if (!*p)
            abort();
    }
    return *p;
}

void iv_mem_read(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, void *dst, int64_t n)
{
    uint8_t *out = dst;
    if (sp != INTERP_DEVMEM) {
        uint8_t *s = scratch(mm, core, false);
        if (s)
            memcpy(out, s + a, (size_t)n);
        else
            memset(out, 0, (size_t)n);
        return;
    }
    while (n > 0) {
        int64_t in_page = PAGE_SIZE - (a & (PAGE_SIZE - 1));
        int64_t c = n < in_page ? n : in_page;
        uint8_t *p = page(mm, a, false);
        if (p)
            memcpy(out, p + (a & (PAGE_SIZE - 1)), (size_t)c);
        else
            memset(out, 0, (size_t)c);
        out += c;
        a += c;
        n -= c;
    }
}

void iv_mem_write(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, const void *src,
                  int64_t n)
{
    const uint8_t *in = src;
    if (sp != INTERP_DEVMEM) {
        memcpy(scratch(mm, core, true) + a, in, (size_t)n);
        return;
    }
    while (n > 0) {
        int64_t in_page = PAGE_SIZE - (a & (PAGE_SIZE - 1));
        int64_t c = n < in_page ? n : in_page;
        memcpy(page(mm, a, true) + (a & (PAGE_SIZE - 1)), in, (size_t)c);
        in += c;
        a += c;
        n -= c;
    }
}

/* The bytes [a, a + span) as one pointer when they lie in one page (or a
 * scratchpad), else NULL; *absent is set when they are unwritten zeros. */
static uint8_t *span(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t len,
                     bool write, bool *absent)
{
    uint8_t *base;
    *absent = false;
    if (sp != INTERP_DEVMEM) {
        base = scratch(mm, core, write);
    } else {
        if ((a >> PAGE_SHIFT) != ((a + len - 1) >> PAGE_SHIFT))
            return NULL;
        base = page(mm, a, write);
        a &= PAGE_SIZE - 1;
    }
    if (!base) {
        *absent = true;
        return NULL;
    }
    return base + a;
}

void iv_mem_gather(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                   size_t es, int64_t n, uint8_t *dst)
{
    if (n <= 0)
        return;
    if (st == (int64_t)es) {
        iv_mem_read(mm, sp, core, a, dst, n * (int64_t)es);
        return;
    }
    int64_t lo = st < 0 ? a + st * (n - 1) : a;
    bool absent;
    uint8_t *p = span(mm, sp, core, lo, (n - 1) * (st < 0 ? -st : st) + (int64_t)es, false,
                      &absent);
    if (absent) {
        memset(dst, 0, (size_t)n * es);
    } else if (p) {
        p += a - lo;
        switch (es) {
        case 2:
            for (int64_t k = 0; k < n; k++)
                memcpy(dst + 2 * k, p + k * st, 2);
            break;
        case 4:
            for (int64_t k = 0; k < n; k++)
                memcpy(dst + 4 * k, p + k * st, 4);
            break;
        default:
            for (int64_t k = 0; k < n; k++)
                memcpy(dst + (size_t)k * es, p + k * st, es);
        }
    } else {
        for (int64_t k = 0; k < n; k++)
            iv_mem_read(mm, sp, core, a + k * st, dst + (size_t)k * es, (int64_t)es);
    }
}

void iv_mem_scatter(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                    size_t es, int64_t n, const uint8_t *src)
{
    if (n <= 0)
        return;
    if (st == (int64_t)es) {
        iv_mem_write(mm, sp, core, a, src, n * (int64_t)es);
        return;
    }
    int64_t lo = st < 0 ? a + st * (n - 1) : a;
    bool absent;
    uint8_t *p = span(mm, sp, core, lo, (n - 1) * (st < 0 ? -st : st) + (int64_t)es, true,
                      &absent);
    if (p) {
        p += a - lo;
        for (int64_t k = 0; k < n; k++)
            memcpy(p + k * st, src + (size_t)k * es, es);
    } else {
        for (int64_t k = 0; k < n; k++)
            iv_mem_write(mm, sp, core, a + k * st, src + (size_t)k * es, (int64_t)es);
    }
}

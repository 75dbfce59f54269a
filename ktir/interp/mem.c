/* mem.c - the interpreter's memories: device memory shared by all tiles and
 * one scratchpad per core, both byte-addressed and zero-initialised.
 *
 * Both are paged (64 KiB pages allocated on first write; unwritten pages
 * read as zeros). Device memory is large (128 GiB by default) and sparse: a
 * directory of 64 MiB slots, each a table of pages; a scratchpad is one
 * table. Allocated pages are also listed, so freeing is proportional to use. Callers check ranges first (iv_mem_in_range) and report
 * out-of-bounds accesses themselves.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"

#define PAGE_SHIFT 16
#define PAGE_SIZE ((int64_t)1 << PAGE_SHIFT)
#define SLOT_SHIFT 26
#define SLOT_PAGES ((int64_t)1 << (SLOT_SHIFT - PAGE_SHIFT))

void iv_mem_init(struct iv_mem *mm, const struct interp_config *cfg)
{
    memset(mm, 0, sizeof *mm);
    mm->dev_bytes = cfg->devmem_bytes;
    mm->nslots = (cfg->devmem_bytes + ((uint64_t)1 << SLOT_SHIFT) - 1) >> SLOT_SHIFT;
    mm->slots = calloc(mm->nslots ? mm->nslots : 1, sizeof *mm->slots);
    mm->sp_bytes = cfg->scratch_bytes;
    mm->ncores = cfg->ncores;
    mm->sp = calloc(mm->ncores ? mm->ncores : 1, sizeof *mm->sp);
    if (!mm->slots || !mm->sp)
        abort();
}

static int64_t sp_pages(const struct iv_mem *mm)
{
    return (int64_t)((mm->sp_bytes + PAGE_SIZE - 1) >> PAGE_SHIFT);
}

void iv_mem_add_region(struct iv_mem *mm, int64_t at, int64_t n, int32_t arg)
{
    if (n <= 0)
        return;
    if (mm->nregions == mm->capregions) {
        mm->capregions = mm->capregions ? 2 * mm->capregions : 8;
        mm->regions = realloc(mm->regions, mm->capregions * sizeof *mm->regions);
        if (!mm->regions)
            abort();
    }
    mm->regions[mm->nregions++] = (struct iv_region){at, at + n, arg};
}

/* (A kernel's arrays are few: its arguments and poked regions.) */
const struct iv_region *iv_mem_region_of(const struct iv_mem *mm, int64_t a)
{
    for (uint32_t i = 0; i < mm->nregions; i++)
        if (mm->regions[i].at <= a && a < mm->regions[i].end)
            return &mm->regions[i];
    return NULL;
}

const struct iv_region *iv_mem_region_before(const struct iv_mem *mm, int64_t a)
{
    const struct iv_region *b = NULL;
    for (uint32_t i = 0; i < mm->nregions; i++)
        if (mm->regions[i].end <= a && (!b || mm->regions[i].end > b->end))
            b = &mm->regions[i];
    return b;
}

void iv_mem_free(struct iv_mem *mm)
{
    for (uint32_t i = 0; i < mm->nalloc; i++)
        free(mm->alloc[i]);
    free(mm->regions);
    for (uint64_t i = 0; i < mm->nslots; i++)
        free(mm->slots[i]);
    for (uint32_t i = 0; i < mm->ncores; i++)
        free(mm->sp[i]);
    free(mm->alloc);
    free(mm->slots);
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

/* The page holding byte a of a space (NULL: never written, reads as zero
 * unless write, which allocates it). */
static uint8_t *page(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, bool write)
{
    uint8_t ***table = sp == INTERP_DEVMEM ? &mm->slots[a >> SLOT_SHIFT] : &mm->sp[core];
    int64_t n = sp == INTERP_DEVMEM ? SLOT_PAGES : sp_pages(mm);
    if (!*table) {
        if (!write)
            return NULL;
        *table = calloc((size_t)n, sizeof **table);
        if (!*table)
            abort();
    }
    int64_t k = sp == INTERP_DEVMEM ? (a >> PAGE_SHIFT) & (SLOT_PAGES - 1) : a >> PAGE_SHIFT;
    uint8_t **p = &(*table)[k];
    if (!*p && write) {
        if (mm->nalloc == mm->capalloc) {
            mm->capalloc = mm->capalloc ? 2 * mm->capalloc : 64;
            mm->alloc = realloc(mm->alloc, mm->capalloc * sizeof *mm->alloc);
            if (!mm->alloc)
                abort();
        }
        *p = calloc(1, PAGE_SIZE);
        if (!*p)
            abort();
        mm->alloc[mm->nalloc++] = *p;
    }
    return *p;
}

void iv_mem_read(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, void *dst, int64_t n)
{
    uint8_t *out = dst;
    while (n > 0) {
        int64_t in_page = PAGE_SIZE - (a & (PAGE_SIZE - 1));
        int64_t c = n < in_page ? n : in_page;
        uint8_t *p = page(mm, sp, core, a, false);
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
    while (n > 0) {
        int64_t in_page = PAGE_SIZE - (a & (PAGE_SIZE - 1));
        int64_t c = n < in_page ? n : in_page;
        memcpy(page(mm, sp, core, a, true) + (a & (PAGE_SIZE - 1)), in, (size_t)c);
        in += c;
        a += c;
        n -= c;
    }
}

/* Strided element runs, one page-contained segment at a time. */
static void strided(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                    size_t es, int64_t n, uint8_t *buf, bool write)
{
    if (st == (int64_t)es) {
        if (write)
            iv_mem_write(mm, sp, core, a, buf, n * (int64_t)es);
        else
            iv_mem_read(mm, sp, core, a, buf, n * (int64_t)es);
        return;
    }
    for (int64_t k = 0; k < n;) {
        int64_t off = a & (PAGE_SIZE - 1), seg = 1;
        if (st > 0) /* elements k.. whose bytes stay in this page */
            seg = off + (int64_t)es > PAGE_SIZE ? 1 : (PAGE_SIZE - off - (int64_t)es) / st + 1;
        else if (st == 0)
            seg = n - k;
        if (seg > n - k)
            seg = n - k;
        if (off + (int64_t)es > PAGE_SIZE) { /* an element straddling pages */
            if (write)
                iv_mem_write(mm, sp, core, a, buf + (size_t)k * es, (int64_t)es);
            else
                iv_mem_read(mm, sp, core, a, buf + (size_t)k * es, (int64_t)es);
        } else {
            uint8_t *p = page(mm, sp, core, a, write);
            uint8_t *b = buf + (size_t)k * es;
            if (!p)
                memset(b, 0, (size_t)seg * es);
            else if (write)
                for (int64_t j = 0; j < seg; j++)
                    memcpy(p + off + j * st, b + (size_t)j * es, es);
            else if (es == 2)
                for (int64_t j = 0; j < seg; j++)
                    memcpy(b + 2 * j, p + off + j * st, 2);
            else
                for (int64_t j = 0; j < seg; j++)
                    memcpy(b + (size_t)j * es, p + off + j * st, es);
        }
        k += seg;
        a += seg * st;
    }
}

void iv_mem_gather(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                   size_t es, int64_t n, uint8_t *dst)
{
    strided(mm, sp, core, a, st, es, n, dst, false);
}

void iv_mem_scatter(struct iv_mem *mm, unsigned sp, uint32_t core, int64_t a, int64_t st,
                    size_t es, int64_t n, const uint8_t *src)
{
    strided(mm, sp, core, a, st, es, n, (uint8_t *)src, true);
}

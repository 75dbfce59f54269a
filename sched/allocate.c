/* allocate.c - ktc-allocate's addresses (allocate.h): buffer sizes and
 * alignments from the units that access them, lifetimes in program order,
 * first-fit placement per scratchpad and program, one persistent
 * allocation of device memory, capacity checks against the device. */
#include "sched/allocate.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/ops.h"
#include "sched/offset_gcd.h"

struct buf {
    ir_op alloc, func;
    uint32_t index; /* in its function, from 0, for messages */
    uint32_t mem;   /* memory kind */
    int64_t bytes;  /* reserved: payload rounded up to the accessing units' words */
    int64_t align;
    uint32_t start, end; /* lifetime, as pre-order positions in the function */
    int64_t addr;
};

struct alloc {
    struct ir_module *m;
    const struct arch_device *dev;
    struct ir_diag *diag;
    bool reuse, failed;
    uint32_t *pos, *last; /* per op: pre-order position, last position inside it */
    uint32_t *use_start, *uses; /* per value: its users, uses[use_start[v] .. use_start[v+1]) */
    ir_value *repl;             /* per value (of the input): its replacement, or IR_NONE */
    uint32_t nrepl;
    int64_t *device_top;        /* per memory kind: next free byte of a device memory */
    struct buf *b;
    uint32_t nb, capb;
    struct buf *fixed; /* the bytes of views at constant addresses in scratchpads */
    uint32_t nfixed, capfixed;
};

static bool alloc_error(struct alloc *a, ir_op op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static bool alloc_error(struct alloc *a, ir_op op, const char *fmt, ...)
{
    struct ir_loc loc = ir_op_get(a->m, op)->loc;
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(a->diag, IR_SEV_ERROR, ir_str_get(a->m, loc.file), loc.line, loc.col, fmt, ap);
    va_end(ap);
    a->failed = true;
    return false;
}

static int64_t gcd64(int64_t x, int64_t y)
{
    while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

static int64_t lcm64(int64_t x, int64_t y)
{
    return x / gcd64(x, y) * y;
}

static int64_t round_up(int64_t x, int64_t to)
{
    return (x + to - 1) / to * to;
}

static int64_t elem_bytes(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind == IR_TY_INT || ti->kind == IR_TY_FLOAT)
        return ((int64_t)ti->width + 7) / 8;
    return 8; /* index */
}

/* The memory kind a memory-space attribute names, or ARCH_NONE. */
static uint32_t space_kind(const struct alloc *a, ir_attr space)
{
    const struct ir_attr_info *ai = ir_attr_get(a->m, space);
    const char *name = NULL;
    if (ai->kind == IR_AT_STRING)
        name = ir_str_get(a->m, ai->s);
    else if (ai->kind == IR_AT_MEMSPACE)
        name = arch_space_kind(a->dev, (enum ir_memspace)ai->i);
    uint32_t k = name ? arch_kind_find(a->dev, name) : ARCH_NONE;
    return k != ARCH_NONE && a->dev->kinds[k].node == ARCH_MEMORY ? k : ARCH_NONE;
}

/* ---- numbering and uses ------------------------------------------------- */

static uint32_t number(struct alloc *a, ir_op op, uint32_t next)
{
    struct ir_module *m = a->m;
    a->pos[op] = next++;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c)
                next = number(a, c, next);
    a->last[op] = next - 1;
    return next;
}

static bool count_uses(struct ir_module *m, ir_op op, void *ctx)
{
    struct alloc *a = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        a->use_start[o->opnd[i] + 1]++;
    return true;
}

static bool fill_uses(struct ir_module *m, ir_op op, void *ctx)
{
    struct alloc *a = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        a->uses[a->use_start[o->opnd[i]]++] = op;
    return true;
}

/* Users of every value of the module: use_start/uses in CSR form. */
static void build_uses(struct alloc *a)
{
    uint32_t nv = a->m->values.len + 1;
    a->use_start = calloc(nv + 1, sizeof *a->use_start);
    if (!a->use_start)
        abort();
    ir_walk(a->m, a->m->top, count_uses, a);
    for (uint32_t v = 0; v < nv; v++)
        a->use_start[v + 1] += a->use_start[v];
    a->uses = malloc((a->use_start[nv] + 1) * sizeof *a->uses);
    if (!a->uses)
        abort();
    ir_walk(a->m, a->m->top, fill_uses, a); /* shifts each start to the next one's */
    for (uint32_t v = nv; v > 0; v--)
        a->use_start[v] = a->use_start[v - 1];
    a->use_start[0] = 0;
}

/* ---- what a buffer needs ------------------------------------------------ */

/* The nearest stage around op, or IR_NONE. */
static ir_op enclosing_stage(const struct ir_module *m, ir_op op)
{
    for (ir_op p = op; p; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind == IR_OP_KTDF_STAGE)
            return p;
    return IR_NONE;
}

/* Folds into *align and *word what unit kind `unit` needs to read (store
 * false) or write a buffer of `bytes` bytes in memory kind mem. */
static void unit_needs(const struct alloc *a, const char *unit, bool store, uint32_t mem,
                       int64_t bytes, int64_t *align, int64_t *word)
{
    uint32_t k = arch_kind_find(a->dev, unit);
    if (k == ARCH_NONE || a->dev->kinds[k].node != ARCH_UNIT)
        return;
    /* A DMA load unit's load feature describes both memories it touches
     * (MNILU: DDR and L1): the other direction stands in when this one is
     * not described. */
    uint32_t r = a->dev->kinds[k].first;
    const char *space = a->dev->kinds[mem].name;
    const struct arch_access *acc = arch_access(a->dev, r, store, space);
    if (!acc)
        acc = arch_access(a->dev, r, !store, space);
    if (!acc)
        return;
    int64_t w = acc->word_size > 0 ? acc->word_size : 1, need = w;
    const struct arch_granule *fit = NULL, *least = NULL;
    for (uint32_t i = 0; i < acc->ngranules; i++) {
        const struct arch_granule *g = &acc->granules[i];
        if (g->size_in_words * w <= bytes && (!fit || g->size_in_words > fit->size_in_words))
            fit = g;
        if (!least || g->size_in_words < least->size_in_words)
            least = g;
    }
    if (fit || least)
        need = w * ((fit ? fit : least)->align_in_words > 0 ? (fit ? fit : least)->align_in_words : 1);
    *align = lcm64(*align, need);
    *word = lcm64(*word, w);
}

/* Folds in the needs of the units of the stage around use u of value v. */
static void use_needs(const struct alloc *a, ir_op u, ir_value v, uint32_t mem, int64_t bytes,
                      int64_t *align, int64_t *word)
{
    const struct ir_module *m = a->m;
    ir_op stage = enclosing_stage(m, u);
    ir_attr units = stage ? ir_op_attr(m, stage, "applicable_units") : IR_NONE;
    if (!units)
        return;
    const struct ir_op_info *uo = ir_op_get(m, u);
    bool load = true, store = true;
    if (uo->kind == IR_OP_KTDF_DATA_TRANSFER) {
        /* The source is the first operand; its segment holds 1 + subscripts + sizes. */
        const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, u, "operandSegmentSizes"));
        bool source = false;
        for (uint32_t i = 0; i < 1 + seg->ints[1] + seg->ints[2]; i++)
            source = source || uo->opnd[i] == v;
        load = source;
        store = !source;
    }
    const struct ir_attr_info *ui = ir_attr_get(m, units);
    for (uint32_t i = 0; i < ui->n; i++) {
        const char *name = ir_str_get(m, ir_attr_get(m, ui->elems[i])->s);
        if (load)
            unit_needs(a, name, false, mem, bytes, align, word);
        if (store)
            unit_needs(a, name, true, mem, bytes, align, word);
    }
}

static bool passes_buffer_on(uint32_t kind)
{
    switch (kind) {
    case IR_OP_MEMREF_CAST:
    case IR_OP_MEMREF_MEMORY_SPACE_CAST:
    case IR_OP_MEMREF_REINTERPRET_CAST:
    case IR_OP_KTDF_SELECT_MEMREF:
    case IR_OP_BUILTIN_UNREALIZED_CONVERSION_CAST:
        return true;
    default:
        return false;
    }
}

/* The ancestor of op (or op) in block b; IR_NONE when there is none. */
static ir_op ancestor_in(const struct ir_module *m, ir_op op, ir_block b)
{
    while (op && ir_op_get(m, op)->block != b)
        op = ir_op_parent(m, op);
    return op;
}

/* Fills b's lifetime, alignment and reserved size from the uses of its
 * value, followed through private results, casts and select_memref. */
static void study(struct alloc *a, struct buf *b, int64_t payload, int64_t elem)
{
    struct ir_module *m = a->m;
    ir_op def = b->alloc, parent = ir_op_parent(m, b->alloc);
    if (parent && ir_op_get(m, parent)->kind == IR_OP_KTDF_PRIVATE)
        def = parent;
    ir_block home = ir_op_get(m, def)->block;
    b->start = a->pos[def];
    b->end = a->last[def];
    int64_t align = elem, word = 1;
    ir_value work[64];
    uint32_t nwork = 0;
    work[nwork++] = ir_op_result(m, b->alloc, 0);
    while (nwork) {
        ir_value v = work[--nwork];
        for (uint32_t i = a->use_start[v]; i < a->use_start[v + 1]; i++) {
            ir_op u = a->uses[i];
            const struct ir_op_info *uo = ir_op_get(m, u);
            if (uo->kind == IR_OP_KTDF_PRIVATE_YIELD) {
                ir_op priv = ir_op_parent(m, u);
                for (uint32_t k = 0; k < uo->nopnd && nwork < 64; k++)
                    if (uo->opnd[k] == v)
                        work[nwork++] = ir_op_result(m, priv, k);
                continue;
            }
            if (passes_buffer_on(uo->kind) && nwork < 64)
                work[nwork++] = uo->res;
            ir_op at = ancestor_in(m, u, home);
            uint32_t end = at ? a->last[at] : a->last[b->func];
            if (ir_op_attr(m, u, "source_tiles")) /* a ring transfer's: other cores read it */
                end = a->last[b->func];
            if (uo->kind == IR_OP_MEMREF_LOAD) /* a staged index: read where its address is used */
                end = a->last[b->func];
            if (end > b->end)
                b->end = end;
            use_needs(a, u, v, b->mem, payload, &align, &word);
        }
    }
    b->align = align;
    b->bytes = round_up(payload, word);
}

/* ---- placement ---------------------------------------------------------- */

static int cmp_start(const void *x, const void *y)
{
    const struct buf *const *p = x, *const *q = y;
    if ((*p)->start != (*q)->start)
        return (*p)->start < (*q)->start ? -1 : 1;
    return (*p)->alloc < (*q)->alloc ? -1 : (*p)->alloc > (*q)->alloc;
}

static int cmp_addr(const void *x, const void *y)
{
    const struct buf *const *p = x, *const *q = y;
    return (*p)->addr < (*q)->addr ? -1 : (*p)->addr > (*q)->addr;
}

static bool check_fits(struct alloc *a, struct buf *b)
{
    const struct arch_device *d = a->dev;
    int64_t cap = d->res[d->kinds[b->mem].first].size;
    const char *mem = d->kinds[b->mem].name;
    if (!cap)
        return alloc_error(a, b->alloc, "memory %s of device @%s has no size, so its buffers "
                           "cannot be checked", mem, d->name);
    if (b->addr + b->bytes <= cap)
        return true;
    char *ty = NULL;
    size_t tlen = 0;
    ir_print_type_to(a->m, ir_value_type(a->m, ir_op_result(a->m, b->alloc, 0)), &ty, &tlen);
    const char *fname = ir_str_get(a->m, ir_attr_get(a->m, ir_op_attr(a->m, b->func, "sym_name"))->s);
    ir_str vname = ir_value_get(a->m, ir_op_result(a->m, b->alloc, 0))->name;
    char name[96];
    if (vname)
        snprintf(name, sizeof name, "%%%s", ir_str_get(a->m, vname));
    else
        snprintf(name, sizeof name, "#%u", b->index);
    alloc_error(a, b->alloc, "buffer %s of @%s, %s (%" PRId64 " bytes), does not fit in %s: it "
                "needs bytes [%" PRId64 ", %" PRId64 ") but %s holds %" PRId64 " bytes",
                name, fname, ty, b->bytes, mem, b->addr, b->addr + b->bytes, mem, cap);
    free(ty);
    return false;
}

/* First fit of the scratchpad buffers v[0..n) (sorted by start): each at the
 * lowest aligned address clear of every buffer placed before it whose
 * lifetime overlaps its own (every one, without reuse). Returns the
 * highest byte used. */
static int64_t first_fit(const struct alloc *a, struct buf **v, uint32_t n, bool reuse,
                         struct buf **live)
{
    int64_t top = 0;
    for (uint32_t i = 0; i < n; i++) {
        struct buf *b = v[i];
        uint32_t nlive = 0;
        for (uint32_t j = 0; j < a->nfixed; j++) /* the kernel's own data: always live */
            if (a->fixed[j].mem == b->mem)
                live[nlive++] = &a->fixed[j];
        for (uint32_t j = 0; j < i; j++)
            if (!reuse || v[j]->end >= b->start)
                live[nlive++] = v[j];
        qsort(live, nlive, sizeof *live, cmp_addr);
        int64_t addr = 0;
        for (uint32_t j = 0; j < nlive; j++) {
            if (round_up(addr, b->align) + b->bytes <= live[j]->addr)
                break;
            if (live[j]->addr + live[j]->bytes > addr)
                addr = live[j]->addr + live[j]->bytes;
        }
        b->addr = round_up(addr, b->align);
        if (b->addr + b->bytes > top)
            top = b->addr + b->bytes;
    }
    return top;
}

/* The scratchpad buffers of one function in memory kind mem, side by side
 * when they fit so, since two buffers sharing bytes order their pipelines
 * (ktc-lower waits for the earlier occupant); else, with reuse, sharing the
 * bytes of buffers whose lifetimes ended. */
static void place_scratchpad(struct alloc *a, struct buf **v, uint32_t n)
{
    qsort(v, n, sizeof *v, cmp_start);
    struct buf **live = malloc((n + a->nfixed + 1) * sizeof *live);
    if (!live)
        abort();
    const struct arch_device *d = a->dev;
    int64_t cap = n ? d->res[d->kinds[v[0]->mem].first].size : 0;
    if (first_fit(a, v, n, false, live) > cap && a->reuse)
        first_fit(a, v, n, true, live);
    for (uint32_t i = 0; i < n; i++)
        if (!check_fits(a, v[i]))
            break;
    free(live);
}

/* ---- rewriting ---------------------------------------------------------- */

static bool replace_op(struct ir_module *m, ir_op op, void *ctx)
{
    const struct alloc *a = ctx;
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] < a->nrepl && a->repl[o->opnd[i]])
            o->opnd[i] = a->repl[o->opnd[i]];
    return true;
}

/* alloc -> arith.constant addr + unrealized_conversion_cast; deallocs of it go. */
static void materialize(struct alloc *a, const struct buf *b)
{
    struct ir_module *m = a->m;
    ir_value old = ir_op_result(m, b->alloc, 0);
    struct ir_loc loc = ir_op_get(m, b->alloc)->loc;
    struct ir_op_state st;
    ir_state_init(&st, m, "arith.constant", loc);
    ir_state_set_attr(m, &st, "value", ir_attr_int(m, b->addr, m->t_index));
    ir_state_add_result(m, &st, m->t_index);
    ir_op c = ir_op_create(m, &st);
    ir_op_insert_before(m, b->alloc, c);
    ir_value_get(m, ir_op_result(m, c, 0))->name = ir_str_c(m, "addr");
    ir_state_init(&st, m, "builtin.unrealized_conversion_cast", loc);
    ir_state_add_operand(m, &st, ir_op_result(m, c, 0));
    ir_state_add_result(m, &st, ir_value_type(m, old));
    ir_op cast = ir_op_create(m, &st);
    ir_op_insert_before(m, b->alloc, cast);
    ir_value_get(m, ir_op_result(m, cast, 0))->name = ir_value_get(m, old)->name;
    ir_op_unlink(m, b->alloc);
    a->repl[old] = ir_op_result(m, cast, 0);
    for (uint32_t i = a->use_start[old]; i < a->use_start[old + 1]; i++)
        if (ir_op_get(m, a->uses[i])->kind == IR_OP_MEMREF_DEALLOC)
            ir_op_unlink(m, a->uses[i]);
}

/* ---- the pass ------------------------------------------------------------ */

struct funcs {
    ir_op *v;
    uint32_t n, cap;
};

/* The function whose allocs note_alloc is being shown. */
struct in_func {
    struct alloc *a;
    ir_op func;
};

static bool note_func(struct ir_module *m, ir_op op, void *ctx)
{
    struct funcs *f = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_FUNC_FUNC && o->nreg && ir_region_get(m, o->regs[0])->first) {
        if (f->n == f->cap) {
            f->cap = f->cap ? 2 * f->cap : 8;
            f->v = realloc(f->v, f->cap * sizeof *f->v);
            if (!f->v)
                abort();
        }
        f->v[f->n++] = op;
    }
    return true;
}

/* Keeps the buffers of memory kind k off bytes [lo, hi). */
static void reserve(struct alloc *a, uint32_t k, int64_t lo, int64_t hi)
{
    if (a->nfixed == a->capfixed) {
        a->capfixed = a->capfixed ? 2 * a->capfixed : 8;
        a->fixed = realloc(a->fixed, a->capfixed * sizeof *a->fixed);
        if (!a->fixed)
            abort();
    }
    a->fixed[a->nfixed++] = (struct buf){.mem = k, .addr = lo, .bytes = hi - lo};
}

/* Raises the device-memory start above a view placed at a constant address;
 * in a scratchpad, keeps buffers off the view's bytes. */
static bool note_view(struct ir_module *m, ir_op op, void *ctx)
{
    struct alloc *a = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW || !o->nopnd)
        return true;
    ir_attr space = ir_op_attr(m, op, "memory_space");
    uint32_t k = space ? space_kind(a, space) : ARCH_NONE;
    int64_t lo, hi;
    if (k == ARCH_NONE || !sched_view_bytes(m, op, &lo, &hi))
        return true;
    if (a->dev->kinds[k].level == ARCH_LEVEL_DEVICE) {
        if (hi > a->device_top[k])
            a->device_top[k] = hi;
        return true;
    }
    reserve(a, k, lo, hi);
    return true;
}

static bool note_alloc(struct ir_module *m, ir_op op, void *ctx)
{
    struct in_func *f = ctx;
    struct alloc *a = f->a;
    if (ir_op_get(m, op)->kind != IR_OP_MEMREF_ALLOC)
        return true;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, ir_op_result(m, op, 0)));
    if (!t->attr1)
        return true;
    uint32_t k = space_kind(a, t->attr1);
    if (k == ARCH_NONE)
        return alloc_error(a, op, "this buffer's memory space names no memory of device @%s",
                           a->dev->name);
    int64_t n = 1;
    for (uint32_t i = 0; i < t->rank; i++) {
        if (t->shape[i] == IR_DYN)
            return alloc_error(a, op, "this buffer has a dynamic size; buffers need static "
                               "sizes to get an address");
        n *= t->shape[i];
    }
    if (a->nb == a->capb) {
        a->capb = a->capb ? 2 * a->capb : 16;
        a->b = realloc(a->b, a->capb * sizeof *a->b);
        if (!a->b)
            abort();
    }
    struct buf *b = &a->b[a->nb];
    uint32_t index = 0;
    for (uint32_t i = a->nb; i-- > 0 && a->b[i].func == f->func;)
        index++;
    *b = (struct buf){.alloc = op, .func = f->func, .index = index, .mem = k};
    a->nb++;
    int64_t elem = elem_bytes(m, t->elem);
    study(a, b, n * elem, elem);
    return true;
}

bool sched_allocate(struct ir_module *m, const struct arch_device *dev, bool reuse,
                    struct ir_diag *diag)
{
    struct alloc a = {.m = m, .dev = dev, .diag = diag, .reuse = reuse};
    uint32_t nops = m->ops.len + 1, nvals = m->values.len + 1;
    a.pos = calloc(nops, sizeof *a.pos);
    a.last = calloc(nops, sizeof *a.last);
    a.repl = calloc(nvals, sizeof *a.repl);
    a.nrepl = nvals;
    a.device_top = calloc(dev->nkinds + 1, sizeof *a.device_top);
    if (!a.pos || !a.last || !a.repl || !a.device_top)
        abort();
    build_uses(&a);
    ir_walk(m, m->top, note_view, &a);
    /* the scratchpad views ktc-split saw, removed since or not */
    const char *sk = arch_space_kind(dev, IR_MS_CT_LOCAL);
    uint32_t k = sk ? arch_kind_find(dev, sk) : ARCH_NONE;
    ir_attr ra = ir_op_attr(m, m->top, SCHED_SCRATCH_RESERVED);
    const struct ir_attr_info *ri = ra ? ir_attr_get(m, ra) : NULL;
    for (uint32_t i = 0; k != ARCH_NONE && ri && ri->kind == IR_AT_DENSE_ARRAY && i + 1 < ri->n;
         i += 2)
        reserve(&a, k, ri->ints[i], ri->ints[i + 1]);
    struct funcs each = {0};
    ir_walk(m, m->top, note_func, &each);
    for (uint32_t i = 0; i < each.n && !a.failed; i++) {
        struct in_func f = {&a, each.v[i]};
        number(&a, each.v[i], 0);
        ir_walk(m, each.v[i], note_alloc, &f);
    }
    /* Scratchpads per function and memory; device memories once. */
    struct buf **v = malloc((a.nb + 1) * sizeof *v);
    if (!v)
        abort();
    for (uint32_t i = 0; i < a.nb && !a.failed; i++) {
        struct buf *b = &a.b[i];
        if (dev->kinds[b->mem].level == ARCH_LEVEL_DEVICE) {
            b->addr = round_up(a.device_top[b->mem], b->align);
            a.device_top[b->mem] = b->addr + b->bytes;
            check_fits(&a, b);
            continue;
        }
        bool first = true; /* place each (function, memory) group once, at its first buffer */
        for (uint32_t j = 0; j < i && first; j++)
            first = a.b[j].func != b->func || a.b[j].mem != b->mem;
        if (!first)
            continue;
        uint32_t n = 0;
        for (uint32_t j = i; j < a.nb; j++)
            if (a.b[j].func == b->func && a.b[j].mem == b->mem)
                v[n++] = &a.b[j];
        place_scratchpad(&a, v, n);
    }
    if (!a.failed) {
        for (uint32_t i = 0; i < a.nb; i++)
            materialize(&a, &a.b[i]);
        ir_walk(m, m->top, replace_op, &a);
    }
    free(v);
    free(each.v);
    free(a.b);
    free(a.pos);
    free(a.last);
    free(a.repl);
    free(a.device_top);
    free(a.fixed);
    free(a.use_start);
    free(a.uses);
    return !a.failed;
}

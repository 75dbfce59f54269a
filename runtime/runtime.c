/* runtime.c - the ktc runtime: devices, the device-memory allocator,
 * tensors, and a kernel's job plan (prepare once, then per launch: evaluate
 * symbols, patch, start, wait) on the simulated device.
 */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "ktir/asm.h"
#include "ktir/verify.h"
#include "runtime/runtime.h"

#define RT_ALIGN 256
#define RT_BASE 4096 /* address 0 is never a tensor: a missing symbol shows */

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "ktc: out of memory\n");
        abort();
    }
    return p;
}

/* A free range of a memory. Ranges are kept sorted by address and
 * coalesced on free. */
struct rt_range {
    uint64_t at, size;
};

struct rt_heap {
    uint32_t mem;
    uint32_t n, cap;
    struct rt_range *free;
};

struct rt_device {
    struct arch_device *arch;
    struct ir_module *m; /* the description parsed from text, or NULL */
    struct sim *sim;
    uint32_t nheaps;
    struct rt_heap *heaps;
};

struct rt_tensor {
    struct rt_device *dev;
    uint32_t heap; /* index in dev->heaps (which grows: no pointer into it) */
    uint32_t mem;
    enum interp_dtype dtype;
    uint32_t rank;
    int64_t shape[INTERP_MAX_RANK];
    uint64_t addr, size, reserved;
};

struct rt_kernel {
    struct rt_device *dev;
    const struct sc_binary *b;
    struct sim_kernel *sk;
    int64_t *vals; /* symbol values of the current launch */
    bool launched;
};

/* ---- devices ------------------------------------------------------------- */

struct rt_device *rt_device_new(const char *name_or_path, const char *text, struct ir_diag *diag)
{
    struct ir_module *m = NULL;
    struct arch_device *a;
    if (text) {
        m = ir_parse("<device>", text, strlen(text), 0, strlen(text), diag);
        if (m && !ir_verify_module(m, diag)) {
            ir_module_free(m);
            m = NULL;
        }
        a = m ? arch_load_module(m, diag) : NULL;
    } else {
        a = arch_load_named(name_or_path ? name_or_path : "spyre", diag);
    }
    if (!a) {
        ir_module_free(m);
        return NULL;
    }
    struct rt_device *d = xcalloc(1, sizeof *d);
    d->arch = a;
    d->m = m;
    d->sim = sim_new(a);
    return d;
}

struct rt_device *rt_device_for(const struct sc_binary *b, const char *override,
                                struct ir_diag *diag)
{
    if (override)
        return rt_device_new(override, NULL, diag);
    return rt_device_new(b->device, b->device_text, diag);
}

void rt_device_free(struct rt_device *d)
{
    if (!d)
        return;
    for (uint32_t i = 0; i < d->nheaps; i++)
        free(d->heaps[i].free);
    free(d->heaps);
    sim_free(d->sim);
    arch_free(d->arch);
    ir_module_free(d->m);
    free(d);
}

const struct arch_device *rt_device_arch(const struct rt_device *d) { return d->arch; }

/* ---- the allocator ----------------------------------------------------------- */

static struct rt_heap *heap_of(struct rt_device *d, uint32_t mem)
{
    for (uint32_t i = 0; i < d->nheaps; i++)
        if (d->heaps[i].mem == mem)
            return &d->heaps[i];
    d->heaps = realloc(d->heaps, (d->nheaps + 1) * sizeof *d->heaps);
    if (!d->heaps)
        abort();
    struct rt_heap *h = &d->heaps[d->nheaps++];
    uint64_t size = sim_mem_size(d->sim, mem);
    h->mem = mem;
    h->n = size > 0;
    h->cap = 8;
    h->free = xcalloc(h->cap, sizeof *h->free);
    h->free[0] = (struct rt_range){0, size};
    return h;
}

static bool heap_reserve(struct rt_heap *h, uint64_t at, uint64_t size);

/* First fit at or above RT_BASE (below it only tensors at fixed addresses,
 * rt_tensor_at, go). */
static bool heap_alloc(struct rt_heap *h, uint64_t size, uint64_t *at)
{
    for (uint32_t i = 0; i < h->n; i++) {
        const struct rt_range *r = &h->free[i];
        uint64_t start = r->at > RT_BASE ? r->at : RT_BASE, end = r->at + r->size;
        if (start >= end || end - start < size)
            continue;
        *at = start;
        return heap_reserve(h, start, size);
    }
    return false;
}

static void heap_release(struct rt_heap *h, uint64_t at, uint64_t size);

/* Takes [at, at + size) out of the free ranges; false when any of it is
 * not free. */
static bool heap_reserve(struct rt_heap *h, uint64_t at, uint64_t size)
{
    for (uint32_t i = 0; i < h->n; i++) {
        struct rt_range *r = &h->free[i];
        if (at < r->at || at - r->at > r->size || size > r->size - (at - r->at))
            continue;
        uint64_t end = r->at + r->size;
        if (at == r->at) {
            r->at += size;
            r->size -= size;
            if (!r->size) {
                memmove(r, r + 1, (h->n - i - 1) * sizeof *r);
                h->n--;
            }
        } else {
            r->size = at - r->at;
            if (at + size < end)
                heap_release(h, at + size, end - at - size);
        }
        return true;
    }
    return false;
}

static void heap_release(struct rt_heap *h, uint64_t at, uint64_t size)
{
    uint32_t i = 0;
    while (i < h->n && h->free[i].at < at)
        i++;
    bool left = i > 0 && h->free[i - 1].at + h->free[i - 1].size == at;
    bool right = i < h->n && at + size == h->free[i].at;
    if (left && right) {
        h->free[i - 1].size += size + h->free[i].size;
        memmove(&h->free[i], &h->free[i + 1], (h->n - i - 1) * sizeof *h->free);
        h->n--;
    } else if (left) {
        h->free[i - 1].size += size;
    } else if (right) {
        h->free[i].at = at;
        h->free[i].size += size;
    } else {
        if (h->n == h->cap) {
            h->cap *= 2;
            h->free = realloc(h->free, h->cap * sizeof *h->free);
            if (!h->free)
                abort();
        }
        memmove(&h->free[i + 1], &h->free[i], (h->n - i) * sizeof *h->free);
        h->free[i] = (struct rt_range){at, size};
        h->n++;
    }
}

/* ---- tensors ----------------------------------------------------------------- */

/* The memory of kind space (NULL: KTIR's global space) in core (-1: any)
 * and the tensor's size in bytes; false with the reason in err. */
static bool tensor_place(struct rt_device *d, const char *space, int32_t core, uint32_t rank,
                         const int64_t *shape, enum interp_dtype dtype, uint32_t *mem,
                         uint64_t *bytes, char *err, size_t errlen)
{
    if (!space)
        space = arch_space_kind(d->arch, IR_MS_GLOBAL);
    uint32_t r = space ? arch_res_at(d->arch, space, core, -1) : ARCH_NONE;
    if (r != ARCH_NONE && core >= 0 && d->arch->res[r].core != core)
        r = ARCH_NONE;
    *mem = r == ARCH_NONE ? SC_NONE : sim_mem_find(d->sim, d->arch->res[r].name);
    if (*mem == SC_NONE) {
        if (core >= 0)
            snprintf(err, errlen, "the device has no memory '%s' in core %d",
                     space ? space : "(global)", core);
        else
            snprintf(err, errlen, "the device has no memory '%s'", space ? space : "(global)");
        return false;
    }
    if (rank > INTERP_MAX_RANK) {
        snprintf(err, errlen, "rank %u", rank);
        return false;
    }
    uint64_t n = interp_dtype_size(dtype);
    for (uint32_t i = 0; i < rank; i++) {
        if (shape[i] < 0 || (shape[i] && n > UINT64_MAX / 2 / (uint64_t)shape[i])) {
            snprintf(err, errlen, "bad extent %lld", (long long)shape[i]);
            return false;
        }
        n *= (uint64_t)shape[i];
    }
    *bytes = n;
    return true;
}

/* The tensor at [at, at + reserved) of h, zero-filled. */
static struct rt_tensor *tensor_make(struct rt_device *d, struct rt_heap *h, uint64_t at,
                                     uint64_t n, uint64_t reserved, enum interp_dtype dtype,
                                     uint32_t rank, const int64_t *shape)
{
    uint32_t mem = h->mem;
    struct rt_tensor *t = xcalloc(1, sizeof *t);
    *t = (struct rt_tensor){d, (uint32_t)(h - d->heaps), mem, dtype, rank, {0}, at, n, reserved};
    memcpy(t->shape, shape, rank * sizeof *shape);
    sim_mem_guard(d->sim, mem, at, reserved, NULL);
    /* fresh memory reads as zero, also when it held an earlier tensor */
    uint8_t zero[4096] = {0};
    for (uint64_t o = 0; o < reserved; o += sizeof zero)
        sim_mem_write(d->sim, mem, at + o, zero,
                      reserved - o < sizeof zero ? (size_t)(reserved - o) : sizeof zero);
    return t;
}

struct rt_tensor *rt_tensor_new(struct rt_device *d, const char *space, enum interp_dtype dtype,
                                uint32_t rank, const int64_t *shape, char *err, size_t errlen)
{
    uint32_t mem;
    uint64_t n, at;
    if (!tensor_place(d, space, -1, rank, shape, dtype, &mem, &n, err, errlen))
        return NULL;
    uint64_t reserved = (n + RT_ALIGN - 1) / RT_ALIGN * RT_ALIGN;
    if (!reserved)
        reserved = RT_ALIGN;
    struct rt_heap *h = heap_of(d, mem);
    if (!heap_alloc(h, reserved, &at)) {
        snprintf(err, errlen, "out of device memory: %llu bytes in %s",
                 (unsigned long long)reserved,
                 space ? space : arch_space_kind(d->arch, IR_MS_GLOBAL));
        return NULL;
    }
    return tensor_make(d, h, at, n, reserved, dtype, rank, shape);
}

struct rt_tensor *rt_tensor_at(struct rt_device *d, const char *space, int32_t core,
                               uint64_t addr, enum interp_dtype dtype, uint32_t rank,
                               const int64_t *shape, char *err, size_t errlen)
{
    uint32_t mem;
    uint64_t n;
    if (!tensor_place(d, space, core, rank, shape, dtype, &mem, &n, err, errlen))
        return NULL;
    uint64_t reserved = n ? n : 1;
    struct rt_heap *h = heap_of(d, mem);
    if (!heap_reserve(h, addr, reserved)) {
        snprintf(err, errlen, "bytes %llu to %llu are not free (outside the memory, or taken "
                 "by another tensor)", (unsigned long long)addr,
                 (unsigned long long)(addr + reserved));
        return NULL;
    }
    return tensor_make(d, h, addr, n, reserved, dtype, rank, shape);
}

void rt_tensor_free(struct rt_tensor *t)
{
    if (!t)
        return;
    heap_release(&t->dev->heaps[t->heap], t->addr, t->reserved);
    sim_mem_unguard(t->dev->sim, t->mem, t->addr);
    free(t);
}

void rt_tensor_name(struct rt_tensor *t, const char *name)
{
    sim_mem_guard(t->dev->sim, t->mem, t->addr, t->reserved, name);
}

uint64_t rt_tensor_addr(const struct rt_tensor *t) { return t->addr; }
size_t rt_tensor_bytes(const struct rt_tensor *t) { return (size_t)t->size; }

void rt_tensor_write(struct rt_tensor *t, const void *host)
{
    sim_mem_write(t->dev->sim, t->mem, t->addr, host, (size_t)t->size);
}

void rt_tensor_read(const struct rt_tensor *t, void *host)
{
    sim_mem_read(t->dev->sim, t->mem, t->addr, host, (size_t)t->size);
}

bool rt_tensor_write_array(struct rt_tensor *t, const struct interp_array *a, char *err,
                           size_t errlen)
{
    if (a->dtype != t->dtype ||
        (uint64_t)interp_array_numel(a) * interp_dtype_size(a->dtype) != t->size) {
        snprintf(err, errlen, "an array of %lld %s for a tensor of %llu bytes of %s",
                 (long long)interp_array_numel(a), interp_dtype_name(a->dtype),
                 (unsigned long long)t->size, interp_dtype_name(t->dtype));
        return false;
    }
    rt_tensor_write(t, a->data);
    return true;
}

void rt_tensor_read_array(const struct rt_tensor *t, struct interp_array *a)
{
    a->dtype = t->dtype;
    a->rank = t->rank;
    memcpy(a->shape, t->shape, sizeof a->shape);
    /* every byte is read: no zeroing (a range the memory lacks reads as 0) */
    a->data = malloc(t->size ? (size_t)t->size : 1);
    if (!a->data) {
        fprintf(stderr, "ktc: out of memory\n");
        abort();
    }
    if (!sim_mem_read(t->dev->sim, t->mem, t->addr, a->data, (size_t)t->size))
        memset(a->data, 0, (size_t)t->size);
}

/* ---- kernels ------------------------------------------------------------- */

struct rt_kernel *rt_kernel_new(struct rt_device *d, const struct sc_binary *b,
                                struct ir_diag *diag)
{
    /* preparation: LOAD and BIND steps are what sim_kernel_new does for
     * all programs and units at once */
    struct sim_kernel *sk = sim_kernel_new(d->sim, b, diag);
    if (!sk)
        return NULL;
    struct rt_kernel *k = xcalloc(1, sizeof *k);
    k->dev = d;
    k->b = b;
    k->sk = sk;
    k->vals = xcalloc(b->nsyms, sizeof *k->vals);
    return k;
}

void rt_kernel_free(struct rt_kernel *k)
{
    if (!k)
        return;
    sim_kernel_free(k->sk);
    free(k->vals);
    free(k);
}

bool rt_launch(struct rt_kernel *k, const struct rt_arg *args, uint32_t nargs, char *err,
               size_t errlen)
{
    const struct sc_binary *b = k->b;
    k->launched = false;
    if (nargs != b->nargs) {
        snprintf(err, errlen, "kernel '%s' takes %u arguments, got %u",
                 b->kernel ? b->kernel : "?", b->nargs, nargs);
        return false;
    }
    int64_t *addr = xcalloc(nargs, sizeof *addr), *value = xcalloc(nargs, sizeof *value);
    int64_t(*shape)[INTERP_MAX_RANK] = xcalloc(nargs, sizeof *shape);
    bool ok = true;
    for (uint32_t i = 0; i < nargs && ok; i++) {
        const struct sc_arg *a = &b->args[i];
        if (a->kind == SC_ARG_SCALAR) {
            value[i] = args[i].value;
            continue;
        }
        const struct rt_tensor *t = args[i].tensor;
        if (!t) {
            snprintf(err, errlen, "argument '%s' needs a tensor", a->name);
            ok = false;
            break;
        }
        bool same = t->dtype == a->dtype && t->rank == a->rank;
        for (uint32_t r = 0; same && r < a->rank; r++)
            same = a->shape[r] < 0 || a->shape[r] == t->shape[r];
        if (!same) {
            snprintf(err, errlen, "argument '%s': a tensor of another type or shape", a->name);
            ok = false;
            break;
        }
        addr[i] = (int64_t)t->addr;
        memcpy(shape[i], t->shape, sizeof shape[i]);
    }
    for (uint32_t s = 0; s < b->nexecute && ok; s++) {
        const struct sc_step *st = &b->execute[s];
        switch (st->kind) {
        case SC_STEP_EVAL:
            ok = sc_sym_eval(b, st->a, addr, value, (const int64_t(*)[INTERP_MAX_RANK])shape,
                             k->vals, &k->vals[st->a], err, errlen);
            break;
        case SC_STEP_PATCH:
            if (st->prog != SC_NONE)
                sim_kernel_patch_insn(k->sk, st->prog, st->insn, st->slot, k->vals[st->a]);
            else
                sim_kernel_patch_init(k->sk, st->unit, st->insn, k->vals[st->a]);
            break;
        default: break; /* START and WAIT: rt_wait */
        }
    }
    free(addr);
    free(value);
    free(shape);
    k->launched = ok;
    return ok;
}

enum sim_status rt_wait(struct rt_kernel *k, const struct sim_options *o,
                        struct sim_report *report)
{
    if (!k->launched) {
        memset(report, 0, sizeof *report);
        report->status = SIM_ERROR;
        report->message = strdup("rt_wait: the kernel was not launched");
        return SIM_ERROR;
    }
    k->launched = false;
    return sim_run(k->sk, o, report);
}

/* split.c - ktc-split's driver (split.h): finds what it needs in the
 * device, then runs the phases in order: legality, extraction, and per
 * program linalg conversion and pipeline construction. */
#include "sched/split.h"

#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/offset_gcd.h"
#include "sched/split_int.h"

/* The device's compute unit kind: the one kind of unit with
 * ktdf_arch.feature.compute. */
static bool find_compute(struct split_ctx *c)
{
    const struct arch_device *d = c->dev;
    for (uint32_t k = 0; k < d->nkinds; k++) {
        const struct arch_kind *kind = &d->kinds[k];
        if (kind->node != ARCH_UNIT || !(d->res[kind->first].features & ARCH_F_COMPUTE))
            continue;
        if (c->compute) {
            ir_diag_at(c->diag, d->m, ir_op_get(d->m, d->res[kind->first].op)->loc, IR_SEV_ERROR,
                       "devices with more than one kind of compute unit (%s and %s) are not "
                       "supported yet", c->compute, kind->name);
            return false;
        }
        c->compute = kind->name;
        c->compute_res = kind->first;
    }
    if (!c->compute)
        ir_diag_at(c->diag, d->m, ir_op_get(d->m, d->op)->loc, IR_SEV_ERROR,
                   "device @%s has no compute unit (ktdf_arch.feature.compute)", d->name);
    return c->compute != NULL;
}

/* The byte ranges of the views at constant addresses in the scratchpad
 * (the kernel's own data there: a golden's fixed LX regions), recorded on
 * the module before any is removed (SCHED_SCRATCH_RESERVED). */
struct ranges {
    const struct split_ctx *c;
    int64_t *v;
    uint32_t n, cap;
};

static bool note_scratch_view(struct ir_module *m, ir_op op, void *ctx)
{
    struct ranges *r = ctx;
    ir_attr space = ir_op_get(m, op)->kind == IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW
                        ? ir_op_attr(m, op, "memory_space")
                        : IR_NONE;
    const char *kind = space ? arch_space_attr_kind(r->c->dev, m, space) : NULL;
    int64_t lo, hi;
    if (!kind || !r->c->scratch || strcmp(kind, r->c->scratch) != 0 ||
        !sched_view_bytes(m, op, &lo, &hi))
        return true;
    if (r->n + 2 > r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
        if (!r->v)
            abort();
    }
    r->v[r->n++] = lo;
    r->v[r->n++] = hi;
    return true;
}

static void reserve_scratch(struct split_ctx *c)
{
    struct ranges r = {.c = c};
    ir_walk(c->m, c->m->top, note_scratch_view, &r);
    if (r.n)
        ir_op_set_attr(c->m, c->m->top, SCHED_SCRATCH_RESERVED,
                       ir_attr_dense_array(c->m, c->m->t_i64, r.n, r.v));
    free(r.v);
}

bool sched_split(struct ir_module *m, const struct arch_device *dev,
                 const struct sched_split_options *o, struct ir_diag *diag)
{
    struct split_ctx c = {.m = m, .dev = dev, .diag = diag, .max_vregs = o->max_vregs, .o = o};
    if (!find_compute(&c))
        return false;
    c.scratch = arch_space_kind(dev, IR_MS_CT_LOCAL);
    uint32_t sk = c.scratch ? arch_kind_find(dev, c.scratch) : ARCH_NONE;
    c.scratch_bytes = sk != ARCH_NONE ? dev->res[dev->kinds[sk].first].size : 0;
    reserve_scratch(&c);
    ir_op *progs = NULL;
    uint32_t n = 0;
    bool ok = (o->no_spread || split_spread(&c)) && split_once(&c) && split_index(&c) &&
              split_reduce_inits(&c) && split_scalar_carries(&c) && split_dist(&c) &&
              split_indirect(&c) && split_layouts(&c) && split_legal(&c) && split_ring(&c) &&
              split_peel(&c) && split_unaliased(&c) && split_extract(&c, &progs, &n);
    for (uint32_t i = 0; ok && i < n; i++)
        ok = split_linalg(&c, progs[i]) && split_pipeline(&c, progs[i]);
    free(progs);
    return ok;
}

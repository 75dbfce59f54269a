/* split.c - ktc-split's driver (split.h): finds what it needs in the
 * device, then runs the phases in order: legality, extraction, and per
 * program linalg conversion and pipeline construction. */
#include "sched/split.h"

#include <stdlib.h>

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

bool sched_split(struct ir_module *m, const struct arch_device *dev, uint32_t max_vregs,
                 struct ir_diag *diag)
{
    struct split_ctx c = {.m = m, .dev = dev, .diag = diag, .max_vregs = max_vregs};
    if (!find_compute(&c))
        return false;
    c.scratch = arch_space_kind(dev, IR_MS_CT_LOCAL);
    uint32_t sk = c.scratch ? arch_kind_find(dev, c.scratch) : ARCH_NONE;
    c.scratch_bytes = sk != ARCH_NONE ? dev->res[dev->kinds[sk].first].size : 0;
    ir_op *progs = NULL;
    uint32_t n = 0;
    bool ok = split_index(&c) && split_reduce_inits(&c) && split_scalar_carries(&c) && split_dist(&c) && split_indirect(&c) && split_layouts(&c) && split_legal(&c) && split_ring(&c) && split_peel(&c) && split_unaliased(&c) &&
              split_extract(&c, &progs, &n);
    for (uint32_t i = 0; ok && i < n; i++)
        ok = split_linalg(&c, progs[i]) && split_pipeline(&c, progs[i]);
    free(progs);
    return ok;
}

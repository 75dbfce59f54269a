/* ops.c - the op table generated from the dialect .def files, and name lookup. */
#include "ktir/ops.h"

#include <stdlib.h>
#include <string.h>

#include "ktir/verify.h"

static const struct ir_op_def defs[IR_OP_COUNT] = {
    [IR_OP_UNKNOWN] = {0},
#define OP(E, N, F, V, FL) \
    [IR_OP_##E] = {N, ir_fmt_##F##_parse, ir_fmt_##F##_print, ir_verify_##V, FL},
#include "ktir/dialects/all.def"
#undef OP
};

const struct ir_op_def *ir_op_def(uint32_t kind)
{
    return &defs[kind < IR_OP_COUNT ? kind : 0];
}

/* Names sorted once for binary search. */
static uint16_t sorted[IR_OP_COUNT];
static uint32_t nsorted;

static int cmp_kind(const void *a, const void *b)
{
    return strcmp(defs[*(const uint16_t *)a].name, defs[*(const uint16_t *)b].name);
}

static void init_sorted(void)
{
    if (nsorted)
        return;
    for (uint32_t k = 1; k < IR_OP_COUNT; k++)
        sorted[nsorted++] = (uint16_t)k;
    qsort(sorted, nsorted, sizeof *sorted, cmp_kind);
}

uint32_t ir_op_kind_lookup(const char *name)
{
    init_sorted();
    uint32_t lo = 0, hi = nsorted;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        int c = strcmp(defs[sorted[mid]].name, name);
        if (c == 0)
            return sorted[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return IR_OP_UNKNOWN;
}

bool ir_dialect_known(const char *dialect, size_t len)
{
    for (uint32_t k = 1; k < IR_OP_COUNT; k++)
        if (strncmp(defs[k].name, dialect, len) == 0 && defs[k].name[len] == '.')
            return true;
    return false;
}

static const struct {
    const char *dialect;
    ir_verify_attr_fn fn;
} attr_rules[] = {
#define ATTRS(D, F) {D, ir_verify_attr_##F},
#include "ktir/dialects/attrs.def"
#undef ATTRS
};

bool ir_verify_dialect_attrs(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    ir_attr d = ir_op_get(m, op)->attrs;
    if (!d)
        return true;
    bool ok = true;
    const struct ir_attr_info *di = ir_attr_get(m, d);
    for (uint32_t i = 0; i < di->n; i++) {
        const char *name = ir_str_get(m, di->elems[2 * i]);
        if (!strchr(name, '.'))
            continue; /* most are the op's own attributes */
        for (size_t k = 0; k < sizeof attr_rules / sizeof *attr_rules; k++) {
            size_t n = strlen(attr_rules[k].dialect);
            if (name[0] == attr_rules[k].dialect[0] &&
                strncmp(name, attr_rules[k].dialect, n) == 0 && name[n] == '.')
                ok = attr_rules[k].fn(v, op, name, di->elems[2 * i + 1]) && ok;
        }
    }
    return ok;
}

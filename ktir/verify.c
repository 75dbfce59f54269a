/* verify.c - structural verification and dispatch to the op tables' rules. */
#include "ktir/verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/ops.h"

struct ir_module *irv_module(struct ir_verifier *v) { return v->m; }

bool irv_error(struct ir_verifier *v, ir_op op, const char *fmt, ...)
{
    const struct ir_op_info *o = ir_op_get(v->m, op);
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ir_diag_at(v->diag, v->m, o->loc, IR_SEV_ERROR, "'%s' op %s", ir_str_get(v->m, o->name), msg);
    v->nerrors++;
    return false;
}

bool irv_counts(struct ir_verifier *v, ir_op op, int nopnd, int nres, int nreg)
{
    const struct ir_op_info *o = ir_op_get(v->m, op);
    if (nopnd >= 0 && o->nopnd != (uint32_t)nopnd)
        return irv_error(v, op, "requires %d operands, got %u", nopnd, o->nopnd);
    if (nres >= 0 && o->nres != (uint32_t)nres)
        return irv_error(v, op, "requires %d results, got %u", nres, o->nres);
    if (nreg >= 0 && o->nreg != (uint32_t)nreg)
        return irv_error(v, op, "requires %d regions, got %u", nreg, o->nreg);
    return true;
}

const char *irv_type_str(struct ir_verifier *v, ir_type t)
{
    static char bufs[4][256];
    static int next;
    char *b = bufs[next++ & 3], *s = NULL;
    size_t n = 0;
    ir_print_type_to(v->m, t, &s, &n);
    snprintf(b, sizeof bufs[0], "'%s'", s ? s : "?");
    free(s);
    return b;
}

static void set_visible(struct ir_verifier *v, ir_value val, uint32_t mark)
{
    if (val >= v->nvisible) {
        uint32_t n = v->nvisible ? v->nvisible : 1024;
        while (n <= val)
            n *= 2;
        v->visible = realloc(v->visible, n * sizeof *v->visible);
        if (!v->visible)
            abort();
        memset(v->visible + v->nvisible, 0, (n - v->nvisible) * sizeof *v->visible);
        v->nvisible = n;
    }
    v->visible[val] = mark;
}

static bool is_visible(struct ir_verifier *v, ir_value val)
{
    return val < v->nvisible && v->visible[val] == v->epoch + 1;
}

static bool is_terminator(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return o->kind ? (ir_op_def(o->kind)->flags & IR_OPF_TERMINATOR) != 0 : o->nsucc > 0;
}

static bool verify_op(struct ir_verifier *v, ir_op op);

static bool verify_region(struct ir_verifier *v, ir_op op, ir_region r, bool needs_term)
{
    struct ir_module *m = v->m;
    bool ok = true;
    /* Block arguments of every block, then ops in order; names defined in
     * the region go out of scope at its end. */
    uint32_t nvals = 0, cap = 64;
    ir_value *defined = malloc(cap * sizeof *defined);
    if (!defined)
        abort();
#define DEFINE(val)                                                            \
    do {                                                                       \
        if (nvals == cap && !(defined = realloc(defined, (cap *= 2) * sizeof *defined))) \
            abort();                                                           \
        defined[nvals++] = (val);                                              \
        set_visible(v, (val), v->epoch + 1);                                   \
    } while (0)
    for (ir_block b = ir_region_get(m, r)->first; b; b = ir_block_get(m, b)->next) {
        const struct ir_block_info *bi = ir_block_get(m, b);
        for (uint32_t i = 0; i < bi->nargs; i++)
            DEFINE(bi->args[i]);
    }
    for (ir_block b = ir_region_get(m, r)->first; b; b = ir_block_get(m, b)->next) {
        const struct ir_block_info *bi = ir_block_get(m, b);
        for (ir_op o = bi->first; o; o = ir_op_get(m, o)->next) {
            if (is_terminator(m, o) && ir_op_get(m, o)->next)
                ok = irv_error(v, o, "must be the last operation in its block");
            ok = verify_op(v, o) && ok;
            const struct ir_op_info *oi = ir_op_get(m, o);
            for (uint32_t i = 0; i < oi->nres; i++)
                DEFINE(oi->res + i);
        }
        if (needs_term && (!bi->last || !is_terminator(m, bi->last)))
            ok = irv_error(v, op, "region's block must end with a terminator operation");
    }
#undef DEFINE
    for (uint32_t i = 0; i < nvals; i++)
        set_visible(v, defined[i], 0);
    free(defined);
    return ok;
}

static bool verify_op(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = v->m;
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_op_def *def = ir_op_def(o->kind);
    bool ok = true;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!is_visible(v, o->opnd[i])) {
            ok = irv_error(v, op, "operand #%u does not dominate this use", i);
            break;
        }
    bool isolated = o->kind && (def->flags & IR_OPF_ISOLATED);
    bool needs_term = o->kind && !(def->flags & IR_OPF_NO_TERMINATOR);
    if (isolated)
        v->epoch++;
    for (uint32_t i = 0; i < o->nreg; i++) {
        /* Values of enclosing non-isolated regions stay visible: copy the
         * marks forward by re-marking them under the new epoch is not needed
         * because a non-isolated region keeps the same epoch. */
        ok = verify_region(v, op, o->regs[i], needs_term) && ok;
    }
    if (isolated)
        v->epoch--;
    if (ok && o->kind && def->verify)
        ok = def->verify(v, op);
    if (ok)
        ok = ir_verify_dialect_attrs(v, op);
    return ok;
}

bool ir_verify_module(struct ir_module *m, struct ir_diag *diag)
{
    struct ir_verifier v = {.m = m, .diag = diag};
    if (!m->top) { /* as ir_module_new makes it, or an IR file that says so */
        ir_diag_report(diag, IR_SEV_ERROR, "<module>", 0, 0, "the module has no top-level op");
        return false;
    }
    /* A mark per value, made at its size once (not through every doubling,
     * each a fresh block of pages to fault in). */
    set_visible(&v, m->values.len, 0);
    bool ok = verify_op(&v, m->top);
    free(v.visible);
    return ok && v.nerrors == 0;
}

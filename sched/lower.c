/* lower.c - ktc-lower's driver (lower.h): for each kernel, the schedule tree
 * with its calls inlined, the signals planned on it, then one
 * dataflow.program_unit per unit kind, filled by walking the tree; the
 * module is left with the device and the lowered kernels.
 */
#include "sched/lower.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "sched/lower_int.h"
#include "sched/nest_cost.h"

/* A call chain deeper than this is taken for recursion. */
#define MAX_INSTANCES 4096

void *lw_grow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t n = *cap ? *cap * 2 : 16;
    while (n < need)
        n *= 2;
    p = realloc(p, (size_t)n * elem);
    if (!p)
        abort();
    *cap = n;
    return p;
}

/* ---- the hash map ---------------------------------------------------------- */

static uint32_t slot_of(const struct lw_map *h, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t x = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ (c + 1) * 0xC2B2AE3Du;
    x ^= x >> 15;
    uint32_t i = x & (h->cap - 1);
    while (h->slots[i].used &&
           (h->slots[i].k[0] != a || h->slots[i].k[1] != b || h->slots[i].k[2] != c))
        i = (i + 1) & (h->cap - 1);
    return i;
}

uint64_t lw_map_get(const struct lw_map *h, uint32_t a, uint32_t b, uint32_t c)
{
    if (!h->cap)
        return 0;
    const struct lw_slot *s = &h->slots[slot_of(h, a, b, c)];
    return s->used ? s->v : 0;
}

/* Up to 3/4 full: the maps of a 32-core kernel hold a few hundred to a few
 * thousand entries, and every table a map outgrows is memory touched once
 * (page faults are a good part of a stage's time). */
uint64_t lw_map_put(struct lw_map *h, uint32_t a, uint32_t b, uint32_t c, uint64_t v)
{
    if (4 * (uint64_t)(h->n + 1) > 3 * (uint64_t)h->cap) {
        struct lw_map old = *h;
        h->cap = old.cap ? old.cap * 2 : 64;
        h->slots = calloc(h->cap, sizeof *h->slots);
        if (!h->slots)
            abort();
        for (uint32_t i = 0; i < old.cap; i++)
            if (old.slots[i].used) /* keys are distinct: only the slot to find */
                h->slots[slot_of(h, old.slots[i].k[0], old.slots[i].k[1], old.slots[i].k[2])] =
                    old.slots[i];
        free(old.slots);
    }
    struct lw_slot *s = &h->slots[slot_of(h, a, b, c)];
    uint64_t prev = s->used ? s->v : 0;
    if (!s->used) {
        s->used = 1;
        s->k[0] = a;
        s->k[1] = b;
        s->k[2] = c;
        h->n++;
    }
    s->v = v;
    return prev;
}

void lw_map_free(struct lw_map *h)
{
    free(h->slots);
    memset(h, 0, sizeof *h);
}

/* ---- shared helpers ---------------------------------------------------------- */

bool lw_error(struct lw *lw, ir_op op, const char *fmt, ...)
{
    struct ir_loc loc = ir_op_get(lw->m, op)->loc;
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(lw->diag, IR_SEV_ERROR, ir_str_get(lw->m, loc.file), loc.line, loc.col, fmt,
                    ap);
    va_end(ap);
    lw->failed = true;
    return false;
}

ir_op lw_append(struct lw *lw, ir_block b, struct ir_op_state *st)
{
    ir_op op = ir_op_create(lw->m, st);
    ir_block_append_op(lw->m, b, op);
    return op;
}

ir_value lw_src_op(struct lw *lw, const char *name, ir_op at, ir_value a, ir_value b)
{
    struct ir_op_state st;
    ir_state_init(&st, lw->m, name, ir_op_get(lw->m, at)->loc);
    ir_state_add_operand(lw->m, &st, a);
    if (b)
        ir_state_add_operand(lw->m, &st, b);
    ir_state_add_result(lw->m, &st, lw->m->t_index);
    return ir_op_get(lw->m, ir_op_create(lw->m, &st))->res;
}

ir_value lw_src_const(struct lw *lw, ir_op at, int64_t c)
{
    struct ir_op_state st;
    ir_state_init(&st, lw->m, "arith.constant", ir_op_get(lw->m, at)->loc);
    ir_state_set_attr(lw->m, &st, "value", ir_attr_int(lw->m, c, lw->m->t_index));
    ir_state_add_result(lw->m, &st, lw->m->t_index);
    return ir_op_get(lw->m, ir_op_create(lw->m, &st))->res;
}

ir_block lw_body(const struct ir_module *m, ir_op op, uint32_t i)
{
    return ir_region_entry(m, ir_op_region(m, op, i));
}

int64_t lw_elem_bytes(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind == IR_TY_INDEX)
        return 8;
    return ti->width >= 8 ? ti->width / 8 : 1;
}

uint32_t lw_space_kind(const struct lw *lw, ir_attr space)
{
    if (!space)
        return ARCH_NONE;
    const char *k = arch_space_attr_kind(lw->dev, lw->m, space);
    return k ? arch_kind_find(lw->dev, k) : ARCH_NONE;
}

ir_value lw_through_private(const struct ir_module *m, ir_value v)
{
    for (;;) {
        ir_op d = ir_value_def(m, v);
        if (!d || ir_op_get(m, d)->kind != IR_OP_KTDF_PRIVATE)
            return v;
        ir_op y = ir_block_get(m, lw_body(m, d, 0))->last;
        v = ir_op_get(m, y)->opnd[ir_value_get(m, v)->index];
    }
}

/* ---- the scoped memo of a program ---------------------------------------- */

uint32_t lw_scope_mark(const struct lw *lw)
{
    return lw->p.nundo;
}

void lw_scope_undo(struct lw *lw, uint32_t mark)
{
    while (lw->p.nundo > mark) {
        lw->p.nundo -= 5;
        const uint32_t *u = lw->p.undo + lw->p.nundo;
        lw_map_put(&lw->p.memo, u[0], u[1], u[2], (uint64_t)u[3] | (uint64_t)u[4] << 32);
    }
}

void lw_memo_put(struct lw *lw, uint32_t a, uint32_t b, uint32_t c, ir_value v, bool scoped)
{
    uint64_t old = lw_map_put(&lw->p.memo, a, b, c, v);
    if (!scoped)
        return;
    lw->p.undo = lw_grow(lw->p.undo, &lw->p.capundo, lw->p.nundo + 5, sizeof *lw->p.undo);
    uint32_t *u = lw->p.undo + lw->p.nundo;
    u[0] = a;
    u[1] = b;
    u[2] = c;
    u[3] = (uint32_t)old;
    u[4] = (uint32_t)(old >> 32);
    lw->p.nundo += 5;
}

/* ---- hoisting ----------------------------------------------------------------- */

/* The depth in p.open of the block defining v: 0 for the program's prologue
 * and kernel-level values, the current depth when not open. */
static uint32_t depth_of(const struct lw *lw, ir_value v)
{
    const struct ir_module *m = lw->m;
    ir_op d = ir_value_def(m, v);
    ir_block b = d ? ir_op_get(m, d)->block : ir_value_get(m, v)->owner;
    for (uint32_t i = lw->p.nopen; i-- > 0;)
        if (lw->p.open[i] == b)
            return i;
    bool top = b == lw->p.top || b == lw->sec_const || b == lw->sec_sym || b == lw->sec_unit ||
               b == lw->sec_mem;
    return top ? 0 : lw->p.nopen - 1;
}

ir_op lw_hoist(struct lw *lw, struct ir_op_state *st)
{
    struct lw_prog *p = &lw->p;
    if (!p->nopen || p->open[p->nopen - 1] != p->cur)
        return lw_append(lw, p->cur, st);
    uint32_t at = 0;
    for (uint32_t i = 0; i < st->nopnd; i++) {
        uint32_t d = depth_of(lw, st->opnd[i]);
        at = d > at ? d : at;
    }
    if (at + 1 >= p->nopen)
        return lw_append(lw, p->cur, st);
    /* the same arithmetic already hoisted there (the copies of an unrolled
     * loop forget what they emitted) */
    IR_FOR_OPS(lw->m, p->open[at], o)
    {
        const struct ir_op_info *oi = ir_op_get(lw->m, o);
        if (oi->name == st->name && oi->nopnd == st->nopnd && oi->nres == 1 && !st->nattr &&
            !oi->attrs && !memcmp(oi->opnd, st->opnd, st->nopnd * sizeof *st->opnd))
            return o;
    }
    ir_op op = ir_op_create(lw->m, st);
    ir_op_insert_before(lw->m, p->opener[at + 1], op);
    return op;
}

/* ---- units ------------------------------------------------------------------- */

/* The fmemo tag of units (lower_value.c has its own): TAG_UNIT + corelet. */
enum { TAG_UNIT = 0x10000000 };

ir_value lw_unit(struct lw *lw, uint32_t k, uint32_t core, uint32_t corelet)
{
    const struct arch_kind *ki = &lw->dev->kinds[k];
    if (ki->level == ARCH_LEVEL_DEVICE)
        core = 0;
    if (ki->level != ARCH_LEVEL_CORELET)
        corelet = 0;
    ir_value v = (ir_value)lw_map_get(&lw->fmemo, k, core, TAG_UNIT + corelet);
    if (v)
        return v;
    struct ir_module *m = lw->m;
    char buf[96];
    const char *name = buf;
    uint32_t r = arch_res_at(lw->dev, ki->name, ki->level == ARCH_LEVEL_DEVICE ? -1 : (int32_t)core,
                             ki->level == ARCH_LEVEL_CORELET ? (int32_t)corelet : -1);
    if (r != ARCH_NONE)
        name = lw->dev->res[r].name;
    else if (ki->level == ARCH_LEVEL_CORELET)
        snprintf(buf, sizeof buf, "C%u-%s-CL%u", core, ki->name, corelet);
    else
        snprintf(buf, sizeof buf, "C%u-%s", core, ki->name);
    struct ir_op_state st;
    ir_state_init(&st, m, "dataflow.get_unit", ir_op_get(m, lw->kernel)->loc);
    if (ki->level != ARCH_LEVEL_DEVICE)
        ir_state_set_attr(m, &st, "core", ir_attr_int(m, core, m->t_i32));
    if (ki->level == ARCH_LEVEL_CORELET)
        ir_state_set_attr(m, &st, "corelet", ir_attr_int(m, corelet, m->t_i32));
    ir_state_set_attr(m, &st, "name", ir_attr_string(m, name));
    ir_state_set_attr(m, &st, "type", ir_attr_string(m, ki->name));
    ir_state_add_result(m, &st, m->t_index);
    ir_op op = lw_append(lw, ki->node == ARCH_MEMORY ? lw->sec_mem : lw->sec_unit, &st);
    v = ir_op_get(m, op)->res;
    lw_map_put(&lw->fmemo, k, core, TAG_UNIT + corelet, v);
    return v;
}

uint32_t lw_kind_of(const struct lw *lw, uint32_t k)
{
    for (uint32_t i = 0; i < lw->nkinds; i++)
        if (lw->kinds[i].kind == k)
            return i;
    return LW_MAX_KINDS;
}

/* The program memo's tag of lw_peer results (lower_value.c's and
 * lower_ops.c's tags are small, and TAG_CSE + an op kind). */
enum { P_PEER = 0x30000000, P_PEER_AT = 0x30000001 };

ir_value lw_peer(struct lw *lw, uint32_t k, uint32_t lane)
{
    /* The same (kind, lane) gives the same gather in one program: asked
     * again for every transfer, it is looked up, not regathered over the
     * units of every core. */
    ir_value r = (ir_value)lw_map_get(&lw->p.memo, k, lane, P_PEER);
    if (r)
        return r;
    uint32_t ki = lw_kind_of(lw, k), ncl = lw->kinds[lw->p.kind].ncl;
    bool same_lanes = ki < lw->nkinds && ncl > 1 && lw->kinds[ki].ncl == ncl;
    ir_value *vals = malloc(lw->p.nunits * sizeof *vals);
    if (!vals)
        abort();
    for (uint32_t u = 0; u < lw->p.nunits; u++)
        vals[u] = lw_unit(lw, k, u % lw->ncores, same_lanes ? u / lw->ncores : lane);
    r = lw_per_unit(lw, vals);
    free(vals);
    lw_memo_put(lw, k, lane, P_PEER, r, false);
    return r;
}

ir_value lw_peer_at(struct lw *lw, uint32_t k, uint32_t lane)
{
    ir_value r = (ir_value)lw_map_get(&lw->p.memo, k, lane, P_PEER_AT);
    if (r)
        return r;
    ir_value *vals = malloc(lw->p.nunits * sizeof *vals);
    if (!vals)
        abort();
    for (uint32_t u = 0; u < lw->p.nunits; u++)
        vals[u] = lw_unit(lw, k, u % lw->ncores, lane);
    r = lw_per_unit(lw, vals);
    free(vals);
    lw_memo_put(lw, k, lane, P_PEER_AT, r, false);
    return r;
}

ir_value lw_peer_ring(struct lw *lw, uint32_t k, uint32_t lane, const int64_t *tiles, bool forward)
{
    uint32_t ki = lw_kind_of(lw, k), ncl = lw->kinds[lw->p.kind].ncl;
    bool same_lanes = ki < lw->nkinds && ncl > 1 && lw->kinds[ki].ncl == ncl;
    ir_value *vals = malloc(lw->p.nunits * sizeof *vals);
    if (!vals)
        abort();
    for (uint32_t u = 0; u < lw->p.nunits; u++) {
        uint32_t c = u % lw->ncores, peer = c;
        if (forward)
            peer = (uint32_t)tiles[c];
        else
            for (uint32_t t = 0; t < lw->ncores; t++)
                if (tiles[t] == (int64_t)c)
                    peer = t;
        vals[u] = lw_unit(lw, k, peer, same_lanes ? u / lw->ncores : lane);
    }
    ir_value r = lw_per_unit(lw, vals);
    free(vals);
    return r;
}

/* ---- the schedule tree -------------------------------------------------------- */

static uint32_t node_new(struct lw *lw, enum lw_node_kind kind, ir_op op, uint32_t parent,
                         uint32_t inst)
{
    lw->nodes = lw_grow(lw->nodes, &lw->capnodes, lw->nnodes + 1, sizeof *lw->nodes);
    uint32_t n = lw->nnodes++;
    struct lw_node *nd = &lw->nodes[n];
    memset(nd, 0, sizeof *nd);
    nd->kind = (uint8_t)kind;
    nd->op = op;
    nd->inst = inst;
    nd->parent = parent;
    nd->lanes = 1;
    if (parent) {
        struct lw_node *p = &lw->nodes[parent];
        nd->depth = p->depth + 1;
        nd->in_loop = p->in_loop || p->kind == LN_LOOP || p->kind == LN_PARALLEL;
        nd->lanes = p->lanes;
        nd->home = p->home;
        if (p->last)
            lw->nodes[p->last].next = n;
        else
            p->first = n;
        p->last = n;
    }
    return n;
}

static bool is_work(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    uint16_t k = ir_op_get(m, op)->kind;
    return k != IR_OP_KTDF_PIPELINE && k != IR_OP_FUNC_CALL;
}

/* Whether op holds a pipeline or a call (ir_walk stops at the first). */
static bool has_work(struct ir_module *m, ir_op op)
{
    return !ir_walk(m, op, is_work, NULL);
}

static const char *sym_name(const struct ir_module *m, ir_op op, const char *attr)
{
    ir_attr a = ir_op_attr(m, op, attr);
    if (!a)
        return NULL;
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    return ai->kind == IR_AT_SYMREF || ai->kind == IR_AT_STRING ? ir_str_get(m, ai->s) : NULL;
}

/* A func.func with a body. */
static bool is_func_def(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_FUNC_FUNC || !o->nreg)
        return false;
    ir_block b = ir_region_entry(m, o->regs[0]);
    return b && ir_block_get(m, b)->first;
}

struct find_ctx {
    const char *name;
    ir_op found;
};

static bool find_def(struct ir_module *m, ir_op op, void *ctx)
{
    struct find_ctx *f = ctx;
    if (is_func_def(m, op)) {
        const char *n = sym_name(m, op, "sym_name");
        if (n && strcmp(n, f->name) == 0) {
            f->found = op;
            return false;
        }
    }
    return true;
}

static ir_op find_callee(struct lw *lw, ir_op call)
{
    struct find_ctx f = {sym_name(lw->m, call, "callee"), IR_NONE};
    if (f.name)
        ir_walk(lw->m, lw->m->top, find_def, &f);
    return f.found;
}

/* The index into lw.kinds of kind node k, run on `lanes` corelets per
 * core; LW_MAX_KINDS after an error at op. */
static uint32_t kind_index(struct lw *lw, ir_op op, uint32_t k, uint32_t lanes)
{
    const struct arch_kind *ki = &lw->dev->kinds[k];
    if (lanes > 1 && ki->level != ARCH_LEVEL_CORELET) {
        lw_error(lw, op, "%s is not a unit of each corelet: it cannot run in a ktdf.parallel",
                 ki->name);
        return LW_MAX_KINDS;
    }
    /* a kernel placing stages left whole on corelets (ktc-nest's
     * row-corelets) runs every corelet-level kind on as many */
    if (lanes == 1 && lw->homes > 1 && ki->level == ARCH_LEVEL_CORELET)
        lanes = lw->homes;
    uint32_t i = lw_kind_of(lw, k);
    if (i < lw->nkinds) {
        /* stages left whole (lanes 1) run on one corelet (their pipeline's
         * `corelet`, else 0) of a kind that runs others on several
         * corelets (lower.h) */
        if (lanes > 1 && lw->kinds[i].ncl == 1)
            lw->kinds[i].ncl = lanes;
        if (lanes > 1 && lw->kinds[i].ncl != lanes) {
            lw_error(lw, op,
                     "%s runs stages both on %u and on %u corelets of a core: not "
                     "supported yet",
                     ki->name, lw->kinds[i].ncl, lanes);
            return LW_MAX_KINDS;
        }
        return i;
    }
    if (lw->nkinds == LW_MAX_KINDS) {
        lw_error(lw, op, "more than %d unit kinds in one kernel", LW_MAX_KINDS);
        return LW_MAX_KINDS;
    }
    lw->kinds[lw->nkinds].kind = k;
    lw->kinds[lw->nkinds].ncl = lanes;
    lw->kinds[lw->nkinds].units = NULL;
    return lw->nkinds++;
}

/* The unit kind of a leaf stage: its applicable_units, one unit kind. */
static bool stage_unit(struct lw *lw, ir_op stage, uint32_t lanes, uint32_t *unit)
{
    struct ir_module *m = lw->m;
    ir_attr a = ir_op_attr(m, stage, "applicable_units");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_ARRAY || ai->n != 1 ||
        ir_attr_get(m, ai->elems[0])->kind != IR_AT_STRING)
        return lw_error(lw, stage,
                        "a stage must name its one unit kind in applicable_units "
                        "(ktc-path-expand sets it)");
    const char *name = ir_str_get(m, ir_attr_get(m, ai->elems[0])->s);
    uint32_t k = arch_kind_find(lw->dev, name);
    if (k == ARCH_NONE || lw->dev->kinds[k].node != ARCH_UNIT)
        return lw_error(lw, stage, "applicable unit '%s' is not an execution unit of device @%s",
                        name, lw->dev->name);
    *unit = kind_index(lw, stage, k, lanes);
    return *unit != LW_MAX_KINDS;
}

static bool build_block(struct lw *lw, ir_block b, uint32_t parent, uint32_t inst);
static bool emit_node(struct lw *lw, uint32_t n);

static bool is_pipeline(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    return ir_op_get(m, op)->kind != IR_OP_KTDF_PIPELINE;
}

/* The stages of a pipeline in token order (a stage after every stage whose
 * depends_out token it waits on; ties in source order). */
static bool build_pipeline(struct lw *lw, ir_op pipe, uint32_t parent, uint32_t inst)
{
    struct ir_module *m = lw->m;
    uint32_t pn = node_new(lw, LN_PIPELINE, pipe, parent, inst);
    ir_attr cl = ir_op_attr(m, pipe, "corelet");
    if (cl) {
        const struct ir_attr_info *ci = ir_attr_get(m, cl);
        if (ci->kind != IR_AT_INT || ci->i < 0 || ci->i >= (int64_t)lw->homes)
            return lw_error(lw, pipe, "a pipeline's `corelet` must be an integer below %u",
                            lw->homes);
        if (lw->nodes[pn].lanes > 1)
            return lw_error(lw, pipe, "a pipeline placed on a corelet inside a ktdf.parallel");
        lw->nodes[pn].home = (uint32_t)ci->i;
    }
    uint32_t n = 0, cap = 0;
    ir_op *stages = NULL;
    IR_FOR_OPS(m, lw_body(m, pipe, 0), o)
    if (ir_op_get(m, o)->kind == IR_OP_KTDF_STAGE) {
        stages = lw_grow(stages, &cap, n + 1, sizeof *stages);
        stages[n++] = o;
    }
    bool *done = calloc(n + 1, sizeof *done);
    uint32_t *nin = calloc(n + 1, sizeof *nin);
    if (!done || !nin)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        uint32_t seg[2];
        ir_segments(m, stages[i], 2, seg);
        nin[i] = seg[0];
    }
    bool ok = true;
    for (uint32_t placed = 0; ok && placed < n; placed++) {
        uint32_t pick = n;
        for (uint32_t i = 0; i < n && pick == n; i++) {
            if (done[i])
                continue;
            /* ready when no unplaced stage produces a token it waits on */
            const struct ir_op_info *si = ir_op_get(m, stages[i]);
            bool ready = true;
            for (uint32_t j = 0; j < n && ready; j++) {
                if (done[j] || j == i)
                    continue;
                const struct ir_op_info *sj = ir_op_get(m, stages[j]);
                for (uint32_t a = 0; a < nin[i] && ready; a++)
                    for (uint32_t b = nin[j]; b < sj->nopnd; b++)
                        if (si->opnd[a] == sj->opnd[b])
                            ready = false;
            }
            if (ready)
                pick = i;
        }
        if (pick == n) {
            ok = lw_error(lw, pipe,
                          "the stages of this pipeline wait on each other's tokens in a cycle");
            break;
        }
        done[pick] = true;
        ir_op s = stages[pick];
        if (!ir_walk(m, s, is_pipeline, NULL)) {
            ok = build_block(lw, lw_body(m, s, 0), node_new(lw, LN_STAGE, s, pn, inst), inst);
            continue;
        }
        uint32_t u = 0;
        ok = stage_unit(lw, s, lw->nodes[pn].lanes, &u);
        /* a stage of several DMAs: a leaf per transfer, in order, so that
         * what waits for one of them signals after it alone (lower.h) */
        uint32_t nx = ok ? lw_dma_transfers(lw, s) : 0;
        ir_op x = nx > 1 ? ir_block_get(m, lw_body(m, s, 0))->first : IR_NONE;
        do {
            while (x && ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
                x = ir_op_get(m, x)->next;
            uint32_t sn = node_new(lw, LN_STAGE, s, pn, inst);
            lw->nodes[sn].leaf = true;
            lw->nodes[sn].xfer = x;
            lw->nodes[sn].unit = u;
            for (uint32_t a = sn; ok && a; a = lw->nodes[a].parent)
                lw->nodes[a].mask |= 1ull << u;
            x = x ? ir_op_get(m, x)->next : IR_NONE;
            while (x && ir_op_get(m, x)->kind != IR_OP_KTDF_DATA_TRANSFER)
                x = ir_op_get(m, x)->next;
        } while (ok && x);
    }
    free(done);
    free(nin);
    free(stages);
    return ok;
}

static bool build_block(struct lw *lw, ir_block b, uint32_t parent, uint32_t inst)
{
    struct ir_module *m = lw->m;
    uint32_t bn = node_new(lw, LN_BLOCK, IR_NONE, parent, inst);
    lw->nodes[bn].block = b;
    IR_FOR_OPS(m, b, o)
    {
        const struct ir_op_info *oi = ir_op_get(m, o);
        switch (oi->kind) {
        case IR_OP_SCF_FOR:
            if (!has_work(m, o))
                break;
            if (oi->nres)
                return lw_error(lw, o,
                                "a loop with loop-carried values (iter_args) around a "
                                "pipeline is not supported yet");
            if (!build_block(lw, lw_body(m, o, 0), node_new(lw, LN_LOOP, o, bn, inst), inst))
                return false;
            break;
        case IR_OP_FUNC_CALL: {
            ir_op callee = find_callee(lw, o);
            if (!callee)
                return lw_error(lw, o, "call to @%s, whose body is not in the module",
                                sym_name(m, o, "callee"));
            if (!has_work(m, callee))
                break;
            if (lw->ninsts == MAX_INSTANCES)
                return lw_error(lw, o, "calls nested more than %d deep (recursion?)",
                                MAX_INSTANCES);
            lw->insts = lw_grow(lw->insts, &lw->capinsts, lw->ninsts + 1, sizeof *lw->insts);
            uint32_t k = lw->ninsts++;
            lw->insts[k] = (struct lw_inst){o, callee, inst};
            if (!build_block(lw, lw_body(m, callee, 0), node_new(lw, LN_CALL, o, bn, inst), k))
                return false;
            break;
        }
        case IR_OP_KTDF_PIPELINE:
            if (!build_pipeline(lw, o, bn, inst))
                return false;
            break;
        case IR_OP_KTDF_PARALLEL: {
            if (!has_work(m, o))
                break;
            const struct ir_attr_info *ni = ir_attr_get(m, ir_op_attr(m, o, "num_instances"));
            if (lw->nodes[bn].lanes > 1)
                return lw_error(lw, o, "a ktdf.parallel inside another is not supported yet");
            if (ni->i < 1 || ni->i > lw->dev->ncorelets)
                return lw_error(lw, o,
                                "%lld instances, but the cores of device @%s have %u "
                                "corelets",
                                (long long)ni->i, lw->dev->name, lw->dev->ncorelets);
            uint32_t pn = node_new(lw, LN_PARALLEL, o, bn, inst);
            lw->nodes[pn].lanes = (uint32_t)ni->i;
            if (!build_block(lw, lw_body(m, o, 0), pn, inst))
                return false;
            break;
        }
        case IR_OP_KTDF_STAGE:
            return lw_error(lw, o, "a stage outside a pipeline");
        default:
            if (oi->nreg && has_work(m, o))
                return lw_error(lw, o, "a pipeline under '%s' is not supported yet",
                                ir_str_get(m, oi->name));
            break;
        }
    }
    return true;
}

/* ---- emission -------------------------------------------------------------------- */

/* The location for a node's signals: its op's, or its nearest ancestor's. */
static ir_op node_at(const struct lw *lw, uint32_t n)
{
    for (; n; n = lw->nodes[n].parent)
        if (lw->nodes[n].op)
            return lw->nodes[n].op;
    return lw->kernel;
}

static void emit_sync(struct lw *lw, const struct lw_sync *sy, ir_op at, uint32_t lane)
{
    struct ir_module *m = lw->m;
    uint32_t k = lw->kinds[sy->peer].kind;
    ir_value peer = sy->tiles  ? lw_peer_ring(lw, k, lane, sy->tiles, sy->at_reader)
                    : sy->all ? lw_peer_at(lw, k, lane)
                              : lw_peer(lw, k, lane);
    struct ir_op_state st;
    ir_state_init(&st, m, sy->send ? "dataflow.sync_send" : "dataflow.sync_recv",
                  ir_op_get(m, at)->loc);
    ir_state_add_operand(m, &st, peer);
    ir_state_set_attr(m, &st, "channel", ir_attr_int(m, sy->channel, m->t_i64));
    if (sy->send && !sy->credit) {
        struct ir_attr_info t = {.kind = IR_AT_BOOL, .i = 1};
        ir_state_set_attr(m, &st, "wait_immediately_for_async_transfers", ir_attr_intern(m, &t));
    }
    if (sy->launch) {
        struct ir_attr_info u = {.kind = IR_AT_UNIT};
        ir_state_set_attr(m, &st, sy->send ? "credit" : "drain", ir_attr_intern(m, &u));
    }
    lw_append(lw, lw->p.cur, &st);
}

/* The signals of node n at `where` run by the current program's kind; a
 * unit on one corelet signals each corelet of a peer that runs on several,
 * as does every unit of a signal between a stage of a ktdf.parallel and
 * one outside it (sy->all). */
static void emit_syncs_at(struct lw *lw, uint32_t n, int where, ir_op at)
{
    /* before n, the sends first: the unit's peers need not wait while it
     * waits (credits of a modulo loop while its input is still coming) */
    for (int pass = where == LW_BEFORE ? 0 : 2; pass < (where == LW_BEFORE ? 2 : 3); pass++)
        for (uint32_t s = lw->nodes[n].sync[where]; s; s = lw->syncs[s].next) {
            const struct lw_sync *sy = &lw->syncs[s];
            if (sy->unit != lw->p.kind || sy->at != at || (pass < 2 && sy->send != !pass))
                continue;
            uint32_t lanes = lw->kinds[sy->unit].ncl == 1 || sy->all ? lw->kinds[sy->peer].ncl : 1;
            for (uint32_t l = 0; l < lanes; l++)
                if (!sy->lmask || (l < 64 && (sy->lmask >> l & 1)))
                    emit_sync(lw, sy, node_at(lw, n), l);
        }
}

static void emit_syncs(struct lw *lw, uint32_t n, int where)
{
    emit_syncs_at(lw, n, where, IR_NONE);
}

/* Whether the current program's unit has a signal at op `at` of the leaf
 * stage being emitted, at `where`. */
static bool has_syncs_at(const struct lw *lw, int where, ir_op at)
{
    uint32_t n = lw->p.stage;
    for (uint32_t s = n ? lw->nodes[n].sync[where] : 0; s; s = lw->syncs[s].next)
        if (lw->syncs[s].at == at && lw->syncs[s].unit == lw->p.kind)
            return true;
    return false;
}

bool lw_syncs_at(const struct lw *lw, ir_op at)
{
    return has_syncs_at(lw, LW_BEFORE, at) || has_syncs_at(lw, LW_AFTER, at);
}

/* The signals of the leaf stage being emitted at `where` of its op `at`,
 * after the pending load group's sends. */
static void emit_stage_syncs_at(struct lw *lw, int where, ir_op at)
{
    if (has_syncs_at(lw, where, at)) {
        lw_flush_loads(lw);
        emit_syncs_at(lw, lw->p.stage, where, at);
    }
}

void lw_emit_sends_after(struct lw *lw, ir_op at)
{
    emit_stage_syncs_at(lw, LW_AFTER, at);
}

void lw_emit_waits_at(struct lw *lw, ir_op at)
{
    emit_stage_syncs_at(lw, LW_BEFORE, at);
}

/* The constant value of v on every core, or false. */
static bool same_on_cores(struct lw *lw, ir_value v, uint32_t inst, int64_t *out)
{
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t x;
        if (!lw_eval(lw, v, inst, c, &x) || (c && x != *out))
            return false;
        *out = x;
    }
    return true;
}

bool lw_once_per_lane(struct lw *lw, uint32_t n, uint32_t unit)
{
    const struct lw_node *nd = &lw->nodes[n];
    const struct ir_op_info *o = ir_op_get(lw->m, nd->op);
    int64_t lb = 0, ub = 0, step = 0;
    if (nd->kind != LN_PARALLEL || !same_on_cores(lw, o->opnd[0], nd->inst, &lb) ||
        !same_on_cores(lw, o->opnd[1], nd->inst, &ub) ||
        !same_on_cores(lw, o->opnd[2], nd->inst, &step) || step <= 0 || ub <= lb)
        return false;
    int64_t nl = ir_attr_get(lw->m, ir_op_attr(lw->m, nd->op, "num_instances"))->i;
    return (ub - lb + step - 1) / step == nl && lw->kinds[unit].ncl == nl;
}

/* How many iterations of loop (or ktdf.parallel) node n the current
 * program runs per iteration of its clone: more than 1 when, for this unit,
 * the loop holds only stages of memory -> FIFO loads (no signal, no inner
 * loop but loops of loads a stage emits whole, lw_fifo_loads_only) and a
 * constant trip count (per lane), so that the loads of several iterations
 * issue before their sends (their latencies overlap); as many as fit a
 * load group, at most 4, dividing the trip count. */
static uint32_t unroll_of(struct lw *lw, uint32_t n)
{
    const struct lw_node *nd = &lw->nodes[n];
    uint32_t k = lw->p.kind, loads = 0;
    bool looped = false; /* a stage's loop of loads counted */
    for (uint32_t x = n + 1; x < lw->nnodes && lw->nodes[x].depth > nd->depth; x++) {
        const struct lw_node *xn = &lw->nodes[x];
        if (!(xn->mask & 1ull << k))
            continue;
        for (int w = 0; w < 3; w++)
            for (uint32_t s = xn->sync[w]; s; s = lw->syncs[s].next)
                if (lw->syncs[s].unit == k)
                    return 1;
        if (xn->kind == LN_LOOP || xn->kind == LN_PARALLEL ||
            (xn->leaf && xn->unit == k &&
             ((xn->lanes == 1 && lw->kinds[k].ncl > 1) ||
              !lw_fifo_loads_only(lw, xn->op, xn->inst, &loads, &looped))))
            return 1;
        if (xn->leaf && xn->unit == k)
            for (uint32_t h = 0; h < lw->nhoists; h++)
                loads -= lw->hoists[h].from == x; /* loaded before a loop around */
    }
    const struct ir_op_info *o = ir_op_get(lw->m, nd->op);
    int64_t lb = 0, ub = 0, step = 0;
    if (!loads || !same_on_cores(lw, o->opnd[0], nd->inst, &lb) ||
        !same_on_cores(lw, o->opnd[1], nd->inst, &ub) ||
        !same_on_cores(lw, o->opnd[2], nd->inst, &step) || step <= 0 || ub <= lb)
        return 1;
    int64_t trip = (ub - lb + step - 1) / step, last = trip;
    if (nd->kind == LN_PARALLEL) {
        /* each lane's share (lw_open_parallel): blocks of ceil(T / N), the last the rest */
        int64_t nl = ir_attr_get(lw->m, ir_op_attr(lw->m, nd->op, "num_instances"))->i;
        int64_t chunk = (trip + nl - 1) / nl;
        last = trip - (nl - 1) * chunk;
        trip = chunk;
        if (last < 0)
            return 1;
    }
    /* a stage's loops of loads already group its loads: grouping points
     * too pays where the unrolled loop still repeats (a steady stream of
     * loads), not where the bigger group only delays the first sends (a
     * row's pass of 2 points a lane: layernorm_masked on sample, 2553 ->
     * 2716 cycles) */
    return nest_cost_point_unroll(loads, trip, last, looped);
}

/* The copies of an unrolled loop's body: copy j sees the source IV as the
 * clone's IV plus j steps. */
static bool emit_unrolled(struct lw *lw, uint32_t n, ir_op loop, uint32_t u)
{
    struct ir_module *m = lw->m;
    const struct lw_node *nd = &lw->nodes[n];
    ir_value iv = ir_block_get(m, lw_body(m, nd->op, 0))->args[0];
    ir_value niv = ir_block_get(m, lw_body(m, loop, 0))->args[0];
    int64_t step = 0;
    same_on_cores(lw, ir_op_get(m, nd->op)->opnd[2], nd->inst, &step);
    ir_op_get(m, loop)->opnd[2] = lw_const(lw, step * u);
    lw->p.hold = true;
    for (uint32_t j = 0; j < u; j++) {
        uint32_t mark = lw_scope_mark(lw);
        if (j) {
            struct ir_op_state st;
            ir_state_init(&st, m, "arith.addi", ir_op_get(m, nd->op)->loc);
            ir_state_add_operand(m, &st, niv);
            ir_state_add_operand(m, &st, lw_const(lw, step * j));
            ir_state_add_result(m, &st, m->t_index);
            lw_memo_put(lw, iv, nd->inst, 0, ir_op_get(m, lw_append(lw, lw->p.cur, &st))->res,
                        true);
        }
        bool ok = emit_node(lw, nd->first);
        lw_scope_undo(lw, mark);
        if (!ok)
            return false;
    }
    lw->p.hold = false;
    lw_flush_loads(lw);
    return true;
}

static bool emit_node(struct lw *lw, uint32_t n)
{
    const struct lw_node *nd = &lw->nodes[n];
    if (!(nd->mask & 1ull << lw->p.kind))
        return true;
    emit_syncs(lw, n, LW_BEFORE);
    switch (nd->kind) {
    case LN_BLOCK:
    case LN_PIPELINE:
    case LN_CALL:
        for (uint32_t c = nd->first; c; c = lw->nodes[c].next)
            if (!emit_node(lw, c))
                return false;
        emit_syncs(lw, n, LW_END);
        break;
    case LN_LOOP:
    case LN_PARALLEL: {
        ir_block outer = lw->p.cur;
        uint32_t mark, cs[LW_MAX_COUNTS];
        int nc = nd->kind == LN_LOOP ? lw_counts_at(lw, n, cs) : 0;
        if (nc < 0)
            return false;
        uint32_t u = nc ? 1 : unroll_of(lw, n);
        if (nd->kind == LN_LOOP && !lw_emit_hoisted(lw, n))
            return false;
        ir_op loop = nc                    ? lw_open_counting(lw, n, cs, (uint32_t)nc, &mark)
                     : nd->kind == LN_LOOP ? lw_open_loop(lw, nd->op, nd->inst, &mark)
                                           : lw_open_parallel(lw, nd->op, nd->inst, &mark);
        if (!loop || !(u > 1 ? emit_unrolled(lw, n, loop, u) : emit_node(lw, nd->first)))
            return false;
        if (nc) {
            lw_close_counting(lw, n, cs, (uint32_t)nc, loop, outer, mark);
        } else {
            lw_close_loop(lw, loop, outer);
            lw_scope_undo(lw, mark);
        }
        break;
    }
    case LN_STAGE:
        if (!nd->leaf) {
            if (!emit_node(lw, nd->first))
                return false;
        } else if (nd->unit == lw->p.kind) {
            /* a stage outside any ktdf.parallel of a kind on several
             * corelets runs on its home corelet (its signals on every one) */
            bool guard = nd->lanes == 1 && lw->kinds[nd->unit].ncl > 1;
            ir_block outer = lw->p.cur;
            uint32_t mark = 0;
            ir_op g = IR_NONE;
            if (guard) {
                lw_flush_loads(lw);
                g = lw_open_guard(lw, nd->op, nd->home, &mark);
            }
            lw->p.stage = n;
            bool ok = nd->xfer ? lw_emit_transfer(lw, nd->xfer, nd->inst)
                               : lw_emit_stage(lw, nd->op, nd->inst);
            lw->p.stage = 0;
            if (!ok)
                return false;
            if (guard) {
                lw_flush_loads(lw);
                lw_close_loop(lw, g, outer);
                lw_scope_undo(lw, mark);
            }
        }
        break;
    }
    emit_syncs(lw, n, LW_AFTER);
    return true;
}

/* Moves every op of block from to the end of block to. */
static void move_ops(struct ir_module *m, ir_block from, ir_block to)
{
    ir_op o = ir_block_get(m, from)->first;
    while (o) {
        ir_op next = ir_op_get(m, o)->next;
        ir_op_unlink(m, o);
        ir_block_append_op(m, to, o);
        o = next;
    }
}

/* One dataflow.program_unit for unit kind k over its units on every core. */
static bool emit_program(struct lw *lw, uint32_t k)
{
    struct ir_module *m = lw->m;
    struct lw_prog *p = &lw->p;
    lw_map_free(&p->memo);
    p->nundo = 0;
    for (uint32_t i = 0; i < p->ngathers; i++)
        free(p->gathers[i].vals);
    p->ngathers = 0;
    p->kind = k;
    p->nunits = lw->ncores * lw->kinds[k].ncl;
    ir_region r = ir_region_new(m);
    ir_block body = ir_block_new(m);
    ir_region_append_block(m, r, body);
    p->self = ir_block_add_arg(m, body, m->t_index, ir_str_c(m, "u"));
    p->top = ir_block_new(m);
    p->cur = body;
    p->open[0] = body;
    p->nopen = 1;
    p->ngroup = 0;
    p->hold = false;
    if (!emit_node(lw, 1))
        return false;
    /* the prologue goes first */
    ir_op first = ir_block_get(m, body)->first;
    ir_op o = ir_block_get(m, p->top)->first;
    while (o) {
        ir_op next = ir_op_get(m, o)->next;
        ir_op_unlink(m, o);
        if (first)
            ir_op_insert_before(m, first, o);
        else
            ir_block_append_op(m, body, o);
        o = next;
    }
    if (!(lw->disabled >> SCHED_LOWER_MASK_SPLIT & 1))
        lw_split_masks(lw, body);
    if (!lw_pieces(lw, body, lw->dev->kinds[lw->kinds[k].kind].first))
        return false;
    struct ir_op_state st;
    struct ir_loc loc = ir_op_get(m, lw->kernel)->loc;
    ir_state_init(&st, m, "dataflow.return", loc);
    lw_append(lw, body, &st);
    ir_state_init(&st, m, "dataflow.program_unit", loc);
    for (uint32_t u = 0; u < p->nunits; u++)
        ir_state_add_operand(m, &st, lw->kinds[k].units[u]);
    ir_state_add_region(m, &st, r);
    lw_append(lw, lw->sec_prog, &st);
    return true;
}

/* The number of cores a kernel runs on: its 1-D grid (more than the device
 * has is fine: ktc-codegen folds the tiles onto its cores). */
static bool grid_cores(struct lw *lw)
{
    struct ir_module *m = lw->m;
    ir_attr g = ir_op_attr(m, lw->kernel, "grid");
    lw->ncores = 1;
    if (!g)
        return true;
    const struct ir_attr_info *gi = ir_attr_get(m, g);
    int64_t n = 1;
    if (gi->kind == IR_AT_ARRAY && gi->n == 1 && ir_attr_get(m, gi->elems[0])->kind == IR_AT_INT)
        n = ir_attr_get(m, gi->elems[0])->i;
    else if (gi->kind == IR_AT_DENSE_ARRAY && gi->n == 1)
        n = gi->ints[0];
    else
        return lw_error(lw, lw->kernel,
                        "the grid must have one dimension here (ktc-allocate "
                        "flattens it)");
    if (n < 1 || n > 65536)
        return lw_error(lw, lw->kernel, "a grid of %lld tiles", (long long)n);
    lw->ncores = (uint32_t)n;
    return true;
}

static void reset_kernel(struct lw *lw)
{
    for (uint32_t i = 0; i < lw->nkinds; i++)
        free(lw->kinds[i].units);
    lw->nkinds = 0;
    lw->nnodes = lw->ninsts = lw->nsyncs = lw->nchannels = lw->nhoists = 0;
    lw_map_free(&lw->fmemo);
    lw_map_free(&lw->cls);
    lw_map_free(&lw->evals);
    lw_map_free(&lw->expand);
    free(lw->inputs);
    lw->inputs = NULL;
    lw->ninputs = 0;
}

/* lw->homes from the `corelet` of the module's pipelines (the kernel's,
 * through the programs it calls). */
static bool max_home(struct ir_module *m, ir_op op, void *ctx)
{
    uint32_t *homes = ctx;
    ir_attr a = ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE ? ir_op_attr(m, op, "corelet") : 0;
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (ai && ai->kind == IR_AT_INT && ai->i >= 0 && ai->i < 64 && (uint32_t)ai->i >= *homes)
        *homes = (uint32_t)ai->i + 1;
    return true;
}

static bool lower_kernel(struct lw *lw, ir_op kernel)
{
    struct ir_module *m = lw->m;
    reset_kernel(lw);
    lw->kernel = kernel;
    lw->homes = 1;
    ir_walk(m, m->top, max_home, &lw->homes);
    if (lw->homes > 1 && lw->homes > lw->dev->ncorelets)
        return lw_error(lw, kernel,
                        "a pipeline placed on corelet %u, but the cores of device @%s "
                        "have %u corelets",
                        lw->homes - 1, lw->dev->name, lw->dev->ncorelets);
    lw->next_symbol = -1;
    node_new(lw, LN_BLOCK, IR_NONE, 0, 0); /* node 0: none */
    lw->insts = lw_grow(lw->insts, &lw->capinsts, 1, sizeof *lw->insts);
    lw->insts[0] = (struct lw_inst){IR_NONE, kernel, 0};
    lw->ninsts = 1;
    lw->syncs = lw_grow(lw->syncs, &lw->capsyncs, 1, sizeof *lw->syncs);
    lw->nsyncs = 1; /* sync 0: none */
    ir_block entry = lw_body(m, kernel, 0);
    if (!build_block(lw, entry, 0, 0))
        return false;
    if (!lw->nkinds)
        return true; /* no stage: nothing runs on the device, the kernel stays as it is */
    if (!grid_cores(lw) || !lw_plan_signals(lw) || !lw_find_counts(lw))
        return false;
    lw->sec_const = ir_block_new(m);
    lw->sec_sym = ir_block_new(m);
    lw->sec_unit = ir_block_new(m);
    lw->sec_mem = ir_block_new(m);
    lw->sec_prog = ir_block_new(m);
    if (!lw_declare_inputs(lw))
        return false;
    for (uint32_t k = 0; k < lw->nkinds; k++) {
        uint32_t n = lw->ncores * lw->kinds[k].ncl;
        lw->kinds[k].units = malloc(n * sizeof *lw->kinds[k].units);
        if (!lw->kinds[k].units)
            abort();
        for (uint32_t u = 0; u < n; u++)
            lw->kinds[k].units[u] = lw_unit(lw, lw->kinds[k].kind, u % lw->ncores, u / lw->ncores);
    }
    for (uint32_t k = 0; k < lw->nkinds; k++)
        if (!emit_program(lw, k))
            return false;
    /* the new body: the sections in order, then the return */
    ir_op ret = ir_block_get(m, entry)->last;
    struct ir_loc rloc = ret ? ir_op_get(m, ret)->loc : ir_op_get(m, kernel)->loc;
    while (ir_block_get(m, entry)->first)
        ir_op_unlink(m, ir_block_get(m, entry)->first);
    move_ops(m, lw->sec_const, entry);
    move_ops(m, lw->sec_sym, entry);
    move_ops(m, lw->sec_unit, entry);
    move_ops(m, lw->sec_mem, entry);
    move_ops(m, lw->sec_prog, entry);
    struct ir_op_state st;
    ir_state_init(&st, m, "func.return", rloc);
    lw_append(lw, entry, &st);
    return true;
}

/* ---- the module ---------------------------------------------------------------- */

struct collect {
    ir_op *defs;
    uint32_t ndefs, cap;
    const char **called;
    uint32_t ncalled, capcalled;
};

static bool collect_funcs(struct ir_module *m, ir_op op, void *ctx)
{
    struct collect *c = ctx;
    if (is_func_def(m, op)) {
        c->defs = lw_grow(c->defs, &c->cap, c->ndefs + 1, sizeof *c->defs);
        c->defs[c->ndefs++] = op;
    } else if (ir_op_get(m, op)->kind == IR_OP_FUNC_CALL) {
        const char *n = sym_name(m, op, "callee");
        if (n) {
            c->called = lw_grow(c->called, &c->capcalled, c->ncalled + 1, sizeof *c->called);
            c->called[c->ncalled++] = n;
        }
    }
    return true;
}

static const char *const transform_names[] = {
#define X(e, s) s,
    SCHED_LOWER_TRANSFORMS(X)
#undef X
};

enum sched_lower_transform sched_lower_transform_named(const char *s)
{
    for (uint32_t i = 0; i < SCHED_LOWER_NTRANSFORMS; i++)
        if (strcmp(s, transform_names[i]) == 0)
            return (enum sched_lower_transform)i;
    return SCHED_LOWER_NTRANSFORMS;
}

bool sched_lower(struct ir_module *m, const struct arch_device *dev,
                 const struct sched_lower_options *opts, struct ir_diag *diag)
{
    struct lw lw = {.m = m, .dev = dev, .diag = diag, .disabled = opts ? opts->disabled : 0};
    struct collect c = {0};
    ir_walk(m, m->top, collect_funcs, &c);
    ir_op *kernels = malloc((c.ndefs + 1) * sizeof *kernels);
    if (!kernels)
        abort();
    uint32_t nk = 0;
    for (uint32_t i = 0; i < c.ndefs; i++) {
        const char *n = sym_name(m, c.defs[i], "sym_name");
        bool called = false;
        for (uint32_t j = 0; n && j < c.ncalled && !called; j++)
            called = strcmp(c.called[j], n) == 0;
        if (!called)
            kernels[nk++] = c.defs[i];
    }
    bool ok = lw_zero_pads(&lw);
    for (uint32_t i = 0; i < nk && ok; i++)
        ok = lower_kernel(&lw, kernels[i]);
    if (ok) {
        /* the module keeps its device and the kernels, now at the top */
        ir_block top = ir_module_body(m);
        ir_op o = ir_block_get(m, top)->first;
        while (o) {
            ir_op next = ir_op_get(m, o)->next;
            uint16_t k = ir_op_get(m, o)->kind;
            if (k == IR_OP_BUILTIN_MODULE || k == IR_OP_FUNC_FUNC)
                ir_op_unlink(m, o);
            o = next;
        }
        for (uint32_t i = 0; i < nk; i++) {
            ir_op_unlink(m, kernels[i]);
            ir_block_append_op(m, top, kernels[i]);
        }
    }
    reset_kernel(&lw);
    for (uint32_t i = 0; i < lw.p.ngathers; i++)
        free(lw.p.gathers[i].vals);
    free(lw.p.gathers);
    free(lw.p.undo);
    lw_map_free(&lw.p.memo);
    free(lw.nodes);
    free(lw.insts);
    free(lw.syncs);
    free(lw.counts);
    free(lw.hoists);
    free(lw.pads);
    free(kernels);
    free(c.defs);
    free(c.called);
    return ok && !lw.failed;
}

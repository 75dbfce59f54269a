/* path_expand.c - ktc-path-expand, the routing half (path_expand.h): every
 * transfer routed over the device's kind graph, one stage per hop unit,
 * staging buffers and FIFOs in the pipeline's private, re-typed FIFO slots,
 * applicable_units on every stage.
 *
 * Per pipeline the work is planned first (routes, hop units per stage, the
 * new private values), then done: the private is rebuilt once with its new
 * results, stages are rebuilt from the plan, FIFO allocations regrouped.
 */
#include "sched/path_expand.h"

#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/path_expand_int.h"

/* A route of more kinds than this is refused (no device comes close). */
#define MAX_ROUTE 32

struct pe_route {
    bool done, ok;
    uint32_t n;
    uint32_t nodes[MAX_ROUTE];
};

/* ---- shared helpers (path_expand_int.h) --------------------------------- */

bool pe_error(struct pe *p, ir_op op, const char *fmt, ...)
{
    struct ir_loc loc = ir_op_get(p->m, op)->loc;
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(p->diag, IR_SEV_ERROR, ir_str_get(p->m, loc.file), loc.line, loc.col, fmt, ap);
    va_end(ap);
    p->failed = true;
    return false;
}

uint32_t pe_attr_kind(const struct pe *p, ir_attr a)
{
    if (!a)
        return ARCH_NONE;
    const struct ir_attr_info *ai = ir_attr_get(p->m, a);
    if (ai->kind == IR_AT_STRING)
        return arch_kind_find(p->dev, ir_str_get(p->m, ai->s));
    if (ai->kind == IR_AT_MEMSPACE) {
        const char *k = arch_space_kind(p->dev, (enum ir_memspace)ai->i);
        return k ? arch_kind_find(p->dev, k) : ARCH_NONE;
    }
    return ARCH_NONE;
}

void pe_transfer_sides(const struct ir_module *m, ir_op op, struct pe_side s[2])
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, op, "operandSegmentSizes"));
    static const char *const maps[] = {"source_map", "dest_map"};
    static const char *const sizes[] = {"static_source_sizes", "static_dest_sizes"};
    uint32_t first = 0;
    for (int i = 0; i < 2; i++) {
        s[i].first = first;
        s[i].v = o->opnd[first];
        s[i].nsub = (uint32_t)seg->ints[3 * i + 1];
        s[i].ndyn = (uint32_t)seg->ints[3 * i + 2];
        s[i].fifo = ir_type_get(m, ir_value_type(m, s[i].v))->kind == IR_TY_FIFO_SLOT;
        s[i].map = ir_op_attr(m, op, maps[i]);
        s[i].sizes = ir_op_attr(m, op, sizes[i]);
        first += 1 + s[i].nsub + s[i].ndyn;
    }
}

void pe_set_sizes(struct ir_module *m, ir_op op, int side, uint32_t n, const int64_t *sizes)
{
    ir_op_set_attr(m, op, side ? "static_dest_sizes" : "static_source_sizes",
                   ir_attr_dense_array(m, m->t_i64, n, sizes));
}

void pe_set_last_size(struct ir_module *m, ir_op op, int side, int64_t n)
{
    struct pe_side s[2];
    pe_transfer_sides(m, op, s);
    const struct ir_attr_info *a = ir_attr_get(m, s[side].sizes);
    int64_t *v = malloc((a->n + 1) * sizeof *v);
    if (!v)
        abort();
    memcpy(v, a->ints, a->n * sizeof *v);
    v[a->n - 1] = n;
    pe_set_sizes(m, op, side, a->n, v);
    free(v);
}

ir_type pe_widen_last(struct ir_module *m, ir_type t, int64_t n)
{
    struct ir_type_info ti = *ir_type_get(m, t);
    int64_t *shape = malloc((ti.rank + 1) * sizeof *shape);
    if (!shape)
        abort();
    memcpy(shape, ti.shape, ti.rank * sizeof *shape);
    shape[ti.rank - 1] = n;
    ti.shape = shape;
    ir_type r = ir_type_intern(m, &ti);
    free(shape);
    return r;
}

/* ---- small IR helpers --------------------------------------------------- */

static const char *kind_name(const struct pe *p, uint32_t k)
{
    return p->dev->kinds[k].name;
}

static bool is_unit(const struct pe *p, uint32_t k)
{
    return p->dev->kinds[k].node == ARCH_UNIT;
}

static ir_attr units_attr(struct pe *p, uint32_t k)
{
    ir_attr s = ir_attr_string(p->m, kind_name(p, k));
    return ir_attr_array(p->m, 1, &s);
}

/* The first child of block b of the given kind after `after` (IR_NONE = from the start). */
static ir_op next_of_kind(const struct ir_module *m, ir_block b, ir_op after, uint32_t kind)
{
    ir_op o = after ? ir_op_get(m, after)->next : ir_block_get(m, b)->first;
    for (; o; o = ir_op_get(m, o)->next)
        if (ir_op_get(m, o)->kind == kind)
            return o;
    return IR_NONE;
}

ir_block pe_body(const struct ir_module *m, ir_op op)
{
    return ir_region_entry(m, ir_op_region(m, op, 0));
}

ir_op pe_staging_alloc(const struct ir_module *m, ir_op pipe, ir_value v)
{
    ir_op def = ir_value_def(m, v);
    if (!def || ir_op_get(m, def)->kind != IR_OP_KTDF_PRIVATE || ir_op_parent(m, def) != pipe)
        return IR_NONE;
    ir_op y = ir_block_get(m, pe_body(m, def))->last;
    ir_op a = ir_value_def(m, ir_op_get(m, y)->opnd[v - ir_op_get(m, def)->res]);
    return a && ir_op_get(m, a)->kind == IR_OP_MEMREF_ALLOC ? a : IR_NONE;
}

/* Replaces every operand v in [from, from + n) by to + (v - from) in root and
 * everything nested in it. */
struct remap {
    ir_value from, to;
    uint32_t n;
};

static bool remap_op(struct ir_module *m, ir_op op, void *ctx)
{
    const struct remap *r = ctx;
    struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] >= r->from && o->opnd[i] < r->from + r->n)
            o->opnd[i] = r->to + (o->opnd[i] - r->from);
    return true;
}

void pe_replace_uses(struct ir_module *m, ir_op root, ir_value from, ir_value to, uint32_t n)
{
    struct remap r = {from, to, n};
    ir_walk(m, root, remap_op, &r);
}

/* The segment sizes of a stage: depends_in count, depends_out count. */
static void stage_deps(const struct ir_module *m, ir_op stage, uint32_t *nin, uint32_t *nout)
{
    const struct ir_attr_info *seg = ir_attr_get(m, ir_op_attr(m, stage, "operandSegmentSizes"));
    *nin = (uint32_t)seg->ints[0];
    *nout = (uint32_t)seg->ints[1];
}

/* ---- routes ------------------------------------------------------------- */

/* The route between two kinds, ports left out; NULL when there is none. */
static const struct pe_route *route(struct pe *p, uint32_t from, uint32_t to)
{
    struct pe_route *r = &p->routes[from * p->dev->nkinds + to];
    if (r->done)
        return r->ok ? r : NULL;
    r->done = true;
    struct ir_diag quiet; /* no route is the kernel's error, reported at its transfer */
    ir_diag_init(&quiet, NULL);
    struct arch_route ar;
    if (arch_route(p->dev, kind_name(p, from), kind_name(p, to), &ar, &quiet)) {
        r->ok = true;
        for (uint32_t i = 0; i < ar.n && r->ok; i++) {
            if (p->dev->kinds[ar.nodes[i]].node == ARCH_PORT)
                continue;
            if (r->n == MAX_ROUTE)
                r->ok = false;
            else
                r->nodes[r->n++] = ar.nodes[i];
        }
        arch_route_free(&ar);
    }
    ir_diag_free(&quiet);
    return r->ok ? r : NULL;
}

/* ---- the plan ----------------------------------------------------------- */

enum xfer_kind { X_LOAD, X_STORE, X_COPY };

/* What becomes of one transfer: its route, and per route position the
 * staging buffer (memory inside) or new FIFO (link to the next unit), as an
 * index into the pipeline's new values (or -1). */
struct xfer {
    ir_op op;
    enum xfer_kind kind;
    struct pe_side s[2];
    uint32_t n, nodes[MAX_ROUTE];
    int32_t buf[MAX_ROUTE];  /* memory at position q: staging buffer */
    int32_t link[MAX_ROUTE]; /* units at q and q+1 joined by a new FIFO */
    ir_type slot_type;       /* the original FIFO slot re-typed (0 = no FIFO side) */
};

enum nv_kind { NV_BUFFER, NV_SLOT, NV_TOKEN };

/* A value the rebuilt private yields beyond the old ones. */
struct newval {
    enum nv_kind kind;
    ir_type type;
    struct ir_loc loc;
    ir_value res; /* the private's result, once rebuilt */
};

/* One transfer stage: its transfers xfers[first..first+n), and its hop
 * units in order. */
struct xstage {
    ir_op op;
    uint32_t first, n;
    uint32_t nunits, units[MAX_ROUTE];
    int32_t token; /* first of nunits - 1 new tokens */
};

struct plan {
    struct xfer *x;
    uint32_t nx, capx;
    struct xstage *s;
    uint32_t ns, caps;
    struct newval *nv;
    uint32_t nnv, capnv;
};

#define PUSH(arr, n, cap)                                                     \
    do {                                                                      \
        if ((n) == (cap)) {                                                   \
            (cap) = (cap) ? 2 * (cap) : 8;                                    \
            void *grown_ = realloc((arr), (cap) * sizeof *(arr));             \
            if (!grown_)                                                      \
                abort();                                                      \
            (arr) = grown_;                                                   \
        }                                                                     \
        memset(&(arr)[(n)], 0, sizeof *(arr));                                \
        (n)++;                                                                \
    } while (0)

static int32_t new_value(struct plan *pl, enum nv_kind kind, ir_type t, struct ir_loc loc)
{
    PUSH(pl->nv, pl->nnv, pl->capnv);
    pl->nv[pl->nnv - 1] = (struct newval){kind, t, loc, IR_NONE};
    return (int32_t)pl->nnv - 1;
}

/* The memory kind of a memref value, or ARCH_NONE after an error at op. */
static uint32_t memref_kind(struct pe *p, ir_op op, ir_value v)
{
    const struct ir_type_info *t = ir_type_get(p->m, ir_value_type(p->m, v));
    if (!t->attr1) {
        pe_error(p, op, "a memref without a memory space cannot be routed");
        return ARCH_NONE;
    }
    uint32_t k = pe_attr_kind(p, t->attr1);
    if (k == ARCH_NONE || p->dev->kinds[k].node != ARCH_MEMORY) {
        pe_error(p, op, "this memref's memory space maps to no memory of device @%s",
                 p->dev->name);
        return ARCH_NONE;
    }
    return k;
}

/* The kind a FIFO slot end names, or ARCH_NONE after an error at op. */
static uint32_t slot_end(struct pe *p, ir_op op, ir_type slot, int end)
{
    const struct ir_type_info *t = ir_type_get(p->m, slot);
    uint32_t k = pe_attr_kind(p, end ? t->attr1 : t->attr0);
    if (k == ARCH_NONE)
        pe_error(p, op, "the FIFO's %s names no memory or unit of device @%s",
                 end ? "destination" : "source", p->dev->name);
    return k;
}

/* Appends route(from, to) to x's nodes, the junction once. */
static bool append_route(struct pe *p, struct xfer *x, uint32_t from, uint32_t to)
{
    const struct pe_route *r = route(p, from, to);
    if (!r)
        return pe_error(p, x->op, "device @%s has no route from %s to %s", p->dev->name,
                        kind_name(p, from), kind_name(p, to));
    for (uint32_t i = x->n ? 1 : 0; i < r->n; i++) {
        if (x->n == MAX_ROUTE)
            return pe_error(p, x->op, "the route from %s to %s is too long", kind_name(p, from),
                            kind_name(p, to));
        x->nodes[x->n++] = r->nodes[i];
    }
    return true;
}

/* A ring transfer (ktc-split's source_tiles: from another tile's memory
 * a into this tile's b) goes through the unit kind that reads a, writes b
 * and has a datapath to another instance of its own kind (the ring stop):
 * that unit moves the data, reading the other core's memory over the ring. */
static bool ring_route(struct pe *p, struct xfer *x, uint32_t a, uint32_t b)
{
    const struct arch_device *d = p->dev;
    for (uint32_t u = 0; u < d->nkinds; u++) {
        bool in = false, out = false, ring = false;
        for (uint32_t e = 0; e < d->nedges; e++) {
            in |= d->edges[e].src == a && d->edges[e].dst == u;
            out |= d->edges[e].src == u && d->edges[e].dst == b;
            ring |= d->edges[e].src == u && d->edges[e].dst == u;
        }
        if (is_unit(p, u) && in && out && ring) {
            x->nodes[0] = a, x->nodes[1] = u, x->nodes[2] = b;
            x->n = 3;
            return true;
        }
    }
    return pe_error(p, x->op, "device @%s has no unit linking the %s of different cores (a "
                              "ring), which inter-tile exchanges need", d->name, kind_name(p, a));
}

/* Whether the unit at route position q of x executes a hop: every unit
 * inside the route, and the compute unit at an end when it reads or writes
 * the memory next to it itself (no load or store unit in between). */
static bool executes(const struct pe *p, const struct xfer *x, uint32_t q)
{
    if (q > 0 && q + 1 < x->n)
        return is_unit(p, x->nodes[q]);
    if (x->kind == X_LOAD && q + 1 == x->n)
        return !is_unit(p, x->nodes[q - 1]);
    if (x->kind == X_STORE && q == 0)
        return !is_unit(p, x->nodes[1]);
    return false;
}

/* Routes transfer x: fills its kind and nodes, checks the route's shape. */
static bool route_transfer(struct pe *p, struct xfer *x)
{
    struct ir_module *m = p->m;
    pe_transfer_sides(m, x->op, x->s);
    if (x->s[0].fifo && x->s[1].fifo)
        return pe_error(p, x->op, "a transfer from a FIFO to a FIFO cannot be routed yet");
    x->kind = x->s[1].fifo ? X_LOAD : x->s[0].fifo ? X_STORE : X_COPY;
    if (x->kind == X_COPY) {
        uint32_t a = memref_kind(p, x->op, x->s[0].v), b;
        if (a == ARCH_NONE || (b = memref_kind(p, x->op, x->s[1].v)) == ARCH_NONE)
            return false;
        if (ir_op_attr(m, x->op, "source_tiles"))
            return ring_route(p, x, a, b);
        if (!append_route(p, x, a, b))
            return false;
    } else {
        bool load = x->kind == X_LOAD;
        ir_type slot = ir_value_type(m, x->s[load ? 1 : 0].v);
        uint32_t k = memref_kind(p, x->op, x->s[load ? 0 : 1].v);
        uint32_t src = k == ARCH_NONE ? k : slot_end(p, x->op, slot, 0);
        uint32_t dst = src == ARCH_NONE ? src : slot_end(p, x->op, slot, 1);
        if (dst == ARCH_NONE)
            return false;
        /* The compute end of the FIFO must be a unit; its other end, when it
         * already names a unit, is kept on the route. */
        uint32_t compute = load ? dst : src, near = load ? src : dst;
        if (!is_unit(p, compute))
            return pe_error(p, x->op, "the FIFO's %s, %s, is not a unit",
                            load ? "destination" : "source", kind_name(p, compute));
        bool via = is_unit(p, near);
        if (load) {
            if (!append_route(p, x, k, via ? near : compute) ||
                (via && !append_route(p, x, near, compute)))
                return false;
        } else if ((via && !append_route(p, x, compute, near)) ||
                   !append_route(p, x, via ? near : compute, k)) {
            return false;
        }
    }
    for (uint32_t q = 0; q + 1 < x->n; q++)
        if (!is_unit(p, x->nodes[q]) && !is_unit(p, x->nodes[q + 1]))
            return pe_error(p, x->op, "the route from %s to %s goes from memory %s to memory %s "
                            "with no unit to move the data", kind_name(p, x->nodes[0]),
                            kind_name(p, x->nodes[x->n - 1]), kind_name(p, x->nodes[q]),
                            kind_name(p, x->nodes[q + 1]));
    uint32_t nunits = 0;
    for (uint32_t q = 0; q < x->n; q++)
        nunits += executes(p, x, q);
    if (!nunits)
        return pe_error(p, x->op, "no unit moves the data from %s to %s on device @%s",
                        kind_name(p, x->nodes[0]), kind_name(p, x->nodes[x->n - 1]),
                        p->dev->name);
    return true;
}

/* Merges x's hop units into the stage's unit order; false when the orders
 * conflict (a unit needed both before and after another). */
static bool merge_units(struct pe *p, struct xstage *st, const struct xfer *x)
{
    int32_t pos = -1;
    for (uint32_t q = 0; q < x->n; q++) {
        if (!executes(p, x, q))
            continue;
        int32_t at = -1;
        for (uint32_t i = 0; i < st->nunits; i++)
            if (st->units[i] == x->nodes[q])
                at = (int32_t)i;
        if (at >= 0 && at <= pos)
            return pe_error(p, x->op, "this transfer needs unit %s twice or in another order "
                            "than the other transfers of its stage", kind_name(p, x->nodes[q]));
        if (at < 0) {
            if (st->nunits == MAX_ROUTE)
                return pe_error(p, x->op, "its stage needs too many units");
            at = pos + 1;
            memmove(&st->units[at + 1], &st->units[at], (st->nunits - (uint32_t)at) * sizeof *st->units);
            st->units[at] = x->nodes[q];
            st->nunits++;
        }
        pos = at;
    }
    return true;
}

/* The static sizes of a memref side, or false after an error (dynamic). */
static bool static_sizes(struct pe *p, ir_op op, const struct pe_side *s, uint32_t *n,
                         const int64_t **sizes)
{
    const struct ir_attr_info *a = ir_attr_get(p->m, s->sizes);
    for (uint32_t i = 0; i < a->n; i++)
        if (a->ints[i] == IR_DYN)
            return pe_error(p, op, "this transfer needs a staging buffer, but its size is "
                            "dynamic");
    *n = a->n;
    *sizes = a->ints;
    return true;
}

static ir_type buffer_type(struct pe *p, uint32_t n, const int64_t *shape, ir_type elem,
                           uint32_t mem)
{
    struct ir_type_info t = {.kind = IR_TY_MEMREF, .rank = n, .shape = shape, .elem = elem,
                             .attr1 = ir_attr_string(p->m, kind_name(p, mem))};
    return ir_type_intern(p->m, &t);
}

/* Plans the buffers, FIFOs and the re-typed slot of a transfer that takes
 * several hops, or only the re-typed slot of a one-hop one. */
static bool plan_values(struct pe *p, struct plan *pl, struct xfer *x)
{
    struct ir_module *m = p->m;
    struct ir_loc loc = ir_op_get(m, x->op)->loc;
    const struct pe_side *mem = &x->s[x->kind == X_STORE ? 1 : 0];
    const struct ir_type_info *mt = ir_type_get(m, ir_value_type(m, mem->v));
    ir_type elem = mt->elem;
    int64_t slot_n = 1;
    if (x->kind != X_COPY) {
        const struct ir_type_info *st = ir_type_get(m, ir_value_type(m, x->s[x->kind == X_LOAD].v));
        slot_n = st->shape[0];
    }
    uint32_t ns = 0;
    const int64_t *sizes = NULL;
    for (uint32_t q = 0; q < x->n; q++)
        x->buf[q] = x->link[q] = -1;
    for (uint32_t q = 1; q + 1 < x->n; q++) {
        if (is_unit(p, x->nodes[q]))
            continue;
        if (!sizes && !static_sizes(p, x->op, mem, &ns, &sizes))
            return false;
        x->buf[q] = new_value(pl, NV_BUFFER, buffer_type(p, ns, sizes, elem, x->nodes[q]), loc);
    }
    if (x->kind == X_COPY && x->n > 3) { /* FIFOs between copy hops carry the whole tile */
        if (!sizes && !static_sizes(p, x->op, mem, &ns, &sizes))
            return false;
        for (uint32_t i = 0; i < ns; i++)
            slot_n *= sizes[i];
    }
    for (uint32_t q = 0; q + 1 < x->n; q++) {
        /* The original FIFO is the link at the compute end, whatever sits
         * next to the compute unit; other links between units are new. */
        bool original = (x->kind == X_LOAD && q + 2 == x->n) || (x->kind == X_STORE && q == 0);
        if (!original && (!is_unit(p, x->nodes[q]) || !is_unit(p, x->nodes[q + 1])))
            continue;
        ir_type t = ir_ktdf_slot_type(m, ir_attr_string(m, kind_name(p, x->nodes[q])),
                                      ir_attr_string(m, kind_name(p, x->nodes[q + 1])), slot_n,
                                      elem);
        if (original)
            x->slot_type = t;
        else
            x->link[q] = new_value(pl, NV_SLOT, t, loc);
    }
    return true;
}

/* The units a stage is already tagged with must be among those it needs. */
static bool check_tag(struct pe *p, const struct xstage *st)
{
    ir_attr a = ir_op_attr(p->m, st->op, "applicable_units");
    if (!a)
        return true;
    const struct ir_attr_info *ai = ir_attr_get(p->m, a);
    for (uint32_t i = 0; i < ai->n; i++) {
        const char *name = ir_str_get(p->m, ir_attr_get(p->m, ai->elems[i])->s);
        bool found = false;
        for (uint32_t u = 0; u < st->nunits; u++)
            found = found || strcmp(name, kind_name(p, st->units[u])) == 0;
        if (!found)
            return pe_error(p, st->op, "this stage is tagged to run on %s, but its transfers "
                            "move through %s%s", name, kind_name(p, st->units[0]),
                            st->nunits > 1 ? " and more units" : "");
    }
    return true;
}

/* Ops a transfer stage may hold besides its transfers: effect-free and
 * without regions (index arithmetic), cloned into the hop stages. */
static bool check_stage_ops(struct pe *p, ir_op stage)
{
    struct ir_module *m = p->m;
    IR_FOR_OPS(m, pe_body(m, stage), o) {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (oi->kind == IR_OP_KTDF_DATA_TRANSFER)
            continue;
        if (oi->nreg || !(ir_op_def(oi->kind)->flags & IR_OPF_PURE))
            return pe_error(p, o, "a stage that moves data may only compute indices besides "
                            "its transfers; '%s' is not supported here yet",
                            ir_str_get(m, oi->name));
    }
    return true;
}

/* Walk callback: goes on while it meets no transfer. */
static bool no_transfer(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    return ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER;
}

/* Plans every transfer stage of a pipeline. */
static bool plan_pipeline(struct pe *p, struct plan *pl, ir_block body)
{
    struct ir_module *m = p->m;
    for (ir_op s = next_of_kind(m, body, IR_NONE, IR_OP_KTDF_STAGE); s;
         s = next_of_kind(m, body, s, IR_OP_KTDF_STAGE)) {
        struct xstage st = {.op = s, .first = pl->nx, .token = -1};
        IR_FOR_OPS(m, pe_body(m, s), o) {
            const struct ir_op_info *oi = ir_op_get(m, o);
            if (oi->kind != IR_OP_KTDF_DATA_TRANSFER) {
                /* A pipeline nested in the stage was routed on its own. */
                if (oi->nreg && oi->kind != IR_OP_KTDF_PIPELINE && !ir_walk(m, o, no_transfer, NULL))
                    return pe_error(p, o, "transfers inside control flow of a stage cannot be "
                                    "routed yet");
                continue;
            }
            PUSH(pl->x, pl->nx, pl->capx);
            struct xfer *x = &pl->x[pl->nx - 1];
            x->op = o;
            if (!route_transfer(p, x) || !merge_units(p, &st, x))
                return false;
        }
        st.n = pl->nx - st.first;
        if (!st.n)
            continue;
        if (!check_tag(p, &st) || (st.nunits > 1 && !check_stage_ops(p, s)))
            return false;
        for (uint32_t i = st.first; i < pl->nx; i++)
            if (!plan_values(p, pl, &pl->x[i]))
                return false;
        for (uint32_t u = 1; u < st.nunits; u++) {
            int32_t t = new_value(pl, NV_TOKEN, ir_ktdf_token_type(m), ir_op_get(m, s)->loc);
            if (u == 1)
                st.token = t;
        }
        PUSH(pl->s, pl->ns, pl->caps);
        pl->s[pl->ns - 1] = st;
    }
    return true;
}

/* ---- doing it ----------------------------------------------------------- */

/* Creates op `name` with no operands and one result of type t before `before`. */
static ir_value make_def(struct ir_module *m, const char *name, ir_type t, struct ir_loc loc,
                         ir_op before)
{
    struct ir_op_state st;
    ir_state_init(&st, m, name, loc);
    ir_state_add_result(m, &st, t);
    if (strcmp(name, "memref.alloc") == 0) {
        int64_t seg[2] = {0, 0};
        ir_state_set_attr(m, &st, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 2, seg));
    }
    ir_op op = ir_op_create(m, &st);
    ir_op_insert_before(m, before, op);
    return ir_op_result(m, op, 0);
}

/* An empty ktdf.private at the top of the pipeline body. */
static ir_op new_private(struct ir_module *m, ir_op pipe)
{
    struct ir_loc loc = ir_op_get(m, pipe)->loc;
    ir_region r = ir_region_new(m);
    ir_block b = ir_block_new(m);
    ir_region_append_block(m, r, b);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.private_yield", loc);
    ir_block_append_op(m, b, ir_op_create(m, &st));
    ir_state_init(&st, m, "ktdf.private", loc);
    ir_state_add_region(m, &st, r);
    ir_op priv = ir_op_create(m, &st);
    ir_block body = pe_body(m, pipe);
    ir_op first = ir_block_get(m, body)->first;
    if (first)
        ir_op_insert_before(m, first, priv);
    else
        ir_block_append_op(m, body, priv);
    return priv;
}

ir_op pe_private_extend(struct ir_module *m, ir_op pipe, ir_op priv, const ir_value *add,
                       uint32_t nadd)
{
    ir_op y = ir_block_get(m, pe_body(m, priv))->last;
    const struct ir_op_info *yo = ir_op_get(m, y);
    uint32_t nold = yo->nopnd;
    struct ir_op_state ys, ps;
    ir_state_init(&ys, m, "ktdf.private_yield", yo->loc);
    for (uint32_t i = 0; i < nold; i++)
        ir_state_add_operand(m, &ys, yo->opnd[i]);
    for (uint32_t i = 0; i < nadd; i++)
        ir_state_add_operand(m, &ys, add[i]);
    ir_op ny = ir_op_create(m, &ys);
    ir_op_get(m, ny)->attrs = yo->attrs;
    ir_op_insert_before(m, y, ny);
    ir_op_unlink(m, y);

    const struct ir_op_info *po = ir_op_get(m, priv);
    ir_state_init(&ps, m, "ktdf.private", po->loc);
    for (uint32_t i = 0; i < ys.nopnd; i++)
        ir_state_add_result(m, &ps, ir_value_type(m, ys.opnd[i]));
    ir_state_add_region(m, &ps, po->regs[0]);
    ir_op np = ir_op_create(m, &ps);
    ir_op_get(m, np)->attrs = po->attrs;
    ir_op_insert_before(m, priv, np);
    ir_op_unlink(m, priv);
    /* The new results take the old ones' names (the first names them all). */
    ir_value_get(m, ir_op_get(m, np)->res)->name =
        nold ? ir_value_get(m, ir_op_get(m, priv)->res)->name : ir_str_c(m, "priv");
    if (nold)
        pe_replace_uses(m, pipe, ir_op_get(m, priv)->res, ir_op_get(m, np)->res, nold);
    return np;
}

/* Rebuilds the pipeline's private with the new values as extra results;
 * the old results keep their positions. Fills pl->nv[i].res. */
static void rebuild_private(struct pe *p, struct plan *pl, ir_op pipe, ir_op priv)
{
    struct ir_module *m = p->m;
    if (!priv)
        priv = new_private(m, pipe);
    ir_op y = ir_block_get(m, pe_body(m, priv))->last;
    uint32_t nold = ir_op_get(m, y)->nopnd;
    static const char *const defs[] = {"memref.alloc", "ktdf.fifo.allocate", "ktdf.create_token"};
    static const char *const names[] = {"buf", "fifo", "tok"};
    ir_value *add = malloc((pl->nnv + 1) * sizeof *add);
    if (!add)
        abort();
    for (uint32_t i = 0; i < pl->nnv; i++) {
        add[i] = make_def(m, defs[pl->nv[i].kind], pl->nv[i].type, pl->nv[i].loc, y);
        ir_value_get(m, add[i])->name = ir_str_c(m, names[pl->nv[i].kind]);
    }
    ir_op np = pe_private_extend(m, pipe, priv, add, pl->nnv);
    free(add);
    for (uint32_t i = 0; i < pl->nnv; i++)
        pl->nv[i].res = ir_op_result(m, np, nold + i);
}

/* Gives FIFO slot v type t; when v is a private result, the value the
 * private yields for it too. */
static void retype_slot(struct ir_module *m, ir_value v, ir_type t)
{
    ir_value_get(m, v)->type = t;
    ir_op def = ir_value_def(m, v);
    if (def && ir_op_get(m, def)->kind == IR_OP_KTDF_PRIVATE) {
        ir_op y = ir_block_get(m, pe_body(m, def))->last;
        ir_value src = ir_op_get(m, y)->opnd[v - ir_op_get(m, def)->res];
        ir_value_get(m, src)->type = t;
    }
}

/* Clones into block b the ops of `stage` that value v needs (memoized in
 * map: old value -> new, over values of the module). */
struct clone_map {
    ir_value *from, *to;
    uint32_t n, cap;
};

static ir_value clone_into(struct ir_module *m, ir_op stage, ir_block b, ir_value v,
                           struct clone_map *cm)
{
    ir_op def = ir_value_def(m, v);
    if (!def || ir_op_parent(m, def) != stage)
        return v;
    for (uint32_t i = 0; i < cm->n; i++)
        if (cm->from[i] == v)
            return cm->to[i];
    const struct ir_op_info *d = ir_op_get(m, def);
    struct ir_op_state st;
    ir_state_init(&st, m, ir_str_get(m, d->name), d->loc);
    for (uint32_t i = 0; i < d->nopnd; i++)
        ir_state_add_operand(m, &st, clone_into(m, stage, b, ir_op_get(m, def)->opnd[i], cm));
    for (uint32_t i = 0; i < d->nres; i++)
        ir_state_add_result(m, &st, ir_value_type(m, d->res + i));
    ir_op c = ir_op_create(m, &st);
    ir_op_get(m, c)->attrs = ir_op_get(m, def)->attrs;
    ir_block_append_op(m, b, c);
    for (uint32_t i = 0; i < ir_op_get(m, def)->nres; i++) {
        if (cm->n == cm->cap) {
            cm->cap = cm->cap ? 2 * cm->cap : 8;
            cm->from = realloc(cm->from, cm->cap * sizeof *cm->from);
            cm->to = realloc(cm->to, cm->cap * sizeof *cm->to);
            if (!cm->from || !cm->to)
                abort();
        }
        cm->from[cm->n] = ir_op_get(m, def)->res + i;
        cm->to[cm->n++] = ir_op_result(m, c, i);
    }
    return ir_op_result(m, c, v - ir_op_get(m, def)->res);
}

/* One end of a hop: the original side of the transfer, a buffer or a FIFO. */
struct end {
    const struct pe_side *orig; /* NULL: v below */
    ir_value v;
};

static void add_end(struct ir_module *m, struct ir_op_state *st, const struct xfer *x,
                    const struct end *e, int side, ir_op stage, ir_block b, struct clone_map *cm,
                    int64_t *seg)
{
    static const char *const maps[] = {"source_map", "dest_map"};
    static const char *const sizes[] = {"static_source_sizes", "static_dest_sizes"};
    const struct ir_op_info *xo = ir_op_get(m, x->op);
    if (e->orig) {
        const struct pe_side *s = e->orig;
        for (uint32_t i = 0; i < 1 + s->nsub + s->ndyn; i++)
            ir_state_add_operand(m, st, clone_into(m, stage, b, xo->opnd[s->first + i], cm));
        if (s->map)
            ir_state_set_attr(m, st, maps[side], s->map);
        if (s->sizes)
            ir_state_set_attr(m, st, sizes[side], s->sizes);
        seg[0] = 1, seg[1] = s->nsub, seg[2] = s->ndyn;
        return;
    }
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, e->v));
    ir_state_add_operand(m, st, e->v);
    seg[0] = 1, seg[1] = seg[2] = 0;
    if (t->kind == IR_TY_MEMREF) { /* a staging buffer: the whole of it, from [0, ...] */
        ir_aff *zero = malloc((t->rank + 1) * sizeof *zero);
        if (!zero)
            abort();
        for (uint32_t i = 0; i < t->rank; i++)
            zero[i] = ir_aff_const(m, 0);
        ir_state_set_attr(m, st, maps[side],
                          ir_attr_affine_map(m, ir_map_intern(m, 0, 0, t->rank, zero)));
        free(zero);
    }
    ir_state_set_attr(m, st, sizes[side], ir_attr_dense_array(m, m->t_i64, t->rank, t->shape));
}

/* The data_transfer of hop (unit at route position q) of x into block b. */
static void build_hop(struct pe *p, const struct plan *pl, const struct xfer *x, uint32_t q,
                      ir_op stage, ir_block b, struct clone_map *cm)
{
    struct ir_module *m = p->m;
    struct end e[2] = {{0}};
    /* Before it: the original source, a buffer, or a FIFO from the unit
     * before; after it: the original destination, a buffer or a FIFO. */
    if (q <= 1)
        e[0].orig = &x->s[0];
    else if (x->buf[q - 1] >= 0)
        e[0].v = pl->nv[x->buf[q - 1]].res;
    else
        e[0].v = pl->nv[x->link[q - 1]].res;
    if (q + 2 >= x->n)
        e[1].orig = &x->s[1];
    else if (x->buf[q + 1] >= 0)
        e[1].v = pl->nv[x->buf[q + 1]].res;
    else
        e[1].v = pl->nv[x->link[q]].res;
    const struct ir_op_info *xo = ir_op_get(m, x->op);
    struct ir_op_state st;
    ir_state_init(&st, m, "ktdf.data_transfer", xo->loc);
    int64_t seg[6];
    add_end(m, &st, x, &e[0], 0, stage, b, cm, seg);
    add_end(m, &st, x, &e[1], 1, stage, b, cm, seg + 3);
    ir_state_set_attr(m, &st, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 6, seg));
    /* Other attributes (transfer_mode...) stay with the hop at the FIFO end;
     * old_lanes and unwritten (ktc-split's marks on the read of a masked
     * store's old lanes) go with every hop: each moves those lanes. */
    bool keeps = x->kind == X_LOAD ? q + 2 >= x->n : q <= 1;
    const struct ir_attr_info *ai = xo->attrs ? ir_attr_get(m, xo->attrs) : NULL;
    for (uint32_t i = 0; ai && i < ai->n; i++) {
        const char *name = ir_str_get(m, ai->elems[2 * i]);
        if ((keeps || !strcmp(name, "old_lanes") || !strcmp(name, "unwritten")) &&
            !ir_state_get_attr(m, &st, name) &&
            strcmp(name, "operandSegmentSizes") != 0)
            ir_state_set_attr(m, &st, name, ai->elems[2 * i + 1]);
    }
    ir_block_append_op(m, b, ir_op_create(m, &st));
}

/* Replaces stage st by one stage per unit, chained by the planned tokens. */
static void expand_stage(struct pe *p, const struct plan *pl, const struct xstage *st)
{
    struct ir_module *m = p->m;
    const struct ir_op_info *so = ir_op_get(m, st->op);
    uint32_t nin, nout;
    stage_deps(m, st->op, &nin, &nout);
    struct clone_map cm = {0};
    for (uint32_t u = 0; u < st->nunits; u++) {
        struct ir_op_state ns;
        ir_state_init(&ns, m, "ktdf.stage", so->loc);
        int64_t seg[2] = {0, 0};
        if (u == 0)
            for (uint32_t i = 0; i < nin; i++, seg[0]++)
                ir_state_add_operand(m, &ns, so->opnd[i]);
        else
            ir_state_add_operand(m, &ns, pl->nv[st->token + (int32_t)u - 1].res), seg[0]++;
        if (u + 1 == st->nunits)
            for (uint32_t i = 0; i < nout; i++, seg[1]++)
                ir_state_add_operand(m, &ns, so->opnd[nin + i]);
        else
            ir_state_add_operand(m, &ns, pl->nv[st->token + (int32_t)u].res), seg[1]++;
        ir_region r = ir_region_new(m);
        ir_block b = ir_block_new(m);
        ir_region_append_block(m, r, b);
        ir_state_add_region(m, &ns, r);
        const struct ir_attr_info *ai = so->attrs ? ir_attr_get(m, so->attrs) : NULL;
        for (uint32_t i = 0; ai && i < ai->n; i++)
            ir_state_set_attr(m, &ns, ir_str_get(m, ai->elems[2 * i]), ai->elems[2 * i + 1]);
        ir_state_set_attr(m, &ns, "operandSegmentSizes", ir_attr_dense_array(m, m->t_i32, 2, seg));
        ir_state_set_attr(m, &ns, "applicable_units", units_attr(p, st->units[u]));
        ir_op stage = ir_op_create(m, &ns);
        ir_op_insert_before(m, st->op, stage);
        cm.n = 0;
        for (uint32_t i = st->first; i < st->first + st->n; i++) {
            const struct xfer *x = &pl->x[i];
            for (uint32_t q = 0; q < x->n; q++)
                if (executes(p, x, q) && x->nodes[q] == st->units[u])
                    build_hop(p, pl, x, q, st->op, b, &cm);
        }
    }
    free(cm.from);
    free(cm.to);
    ir_op_unlink(m, st->op);
}

/* ---- FIFO allocations and compute stages -------------------------------- */

/* One ktdf.fifo.allocate per (source, destination) pair in the private,
 * slots in their order; nothing changes when that already holds. */
static void regroup_fifos(struct ir_module *m, ir_op priv)
{
    ir_block b = pe_body(m, priv);
    uint32_t nslots = 0, nallocs = 0, npairs = 0;
    bool mixed = false;
    IR_FOR_OPS(m, b, o) {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (oi->kind != IR_OP_KTDF_FIFO_ALLOCATE)
            continue;
        nallocs++;
        nslots += oi->nres;
        for (uint32_t i = 1; i < oi->nres; i++) {
            const struct ir_type_info *a = ir_type_get(m, ir_value_type(m, oi->res));
            const struct ir_type_info *c = ir_type_get(m, ir_value_type(m, oi->res + i));
            mixed = mixed || a->attr0 != c->attr0 || a->attr1 != c->attr1;
        }
    }
    if (!nslots)
        return;
    ir_value *slots = malloc(nslots * sizeof *slots), *dyn = malloc(nslots * sizeof *dyn);
    ir_op *allocs = malloc(nallocs * sizeof *allocs);
    ir_attr *pair = malloc(2 * nslots * sizeof *pair);
    if (!slots || !dyn || !allocs || !pair)
        abort();
    nslots = nallocs = 0;
    IR_FOR_OPS(m, b, o) {
        const struct ir_op_info *oi = ir_op_get(m, o);
        if (oi->kind != IR_OP_KTDF_FIFO_ALLOCATE)
            continue;
        allocs[nallocs++] = o;
        for (uint32_t i = 0, d = 0; i < oi->nres; i++) {
            const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, oi->res + i));
            dyn[nslots] = t->shape[0] == IR_DYN ? oi->opnd[d++] : IR_NONE;
            slots[nslots++] = oi->res + i;
            uint32_t k = 0;
            while (k < npairs && (pair[2 * k] != t->attr0 || pair[2 * k + 1] != t->attr1))
                k++;
            if (k == npairs) {
                pair[2 * k] = t->attr0, pair[2 * k + 1] = t->attr1;
                npairs++;
            } else if (i == 0) {
                mixed = true; /* a second allocation of a pair seen before */
            }
        }
    }
    /* The slots in the order the private yields them (the order the
     * stages use them): an allocation of several pairs may differ. */
    const struct ir_op_info *yi = ir_op_get(m, ir_block_get(m, b)->last);
    uint32_t *ypos = malloc((nslots + 1) * sizeof *ypos);
    if (!ypos)
        abort();
    for (uint32_t i = 0; i < nslots; i++) {
        ypos[i] = UINT32_MAX;
        for (uint32_t k = 0; k < yi->nopnd && ypos[i] == UINT32_MAX; k++)
            if (yi->opnd[k] == slots[i])
                ypos[i] = k;
    }
    for (uint32_t i = 1; i < nslots; i++)
        for (uint32_t j = i; j > 0 && ypos[j - 1] > ypos[j]; j--) {
            uint32_t tp = ypos[j];
            ir_value ts = slots[j], td = dyn[j];
            ypos[j] = ypos[j - 1], slots[j] = slots[j - 1], dyn[j] = dyn[j - 1];
            ypos[j - 1] = tp, slots[j - 1] = ts, dyn[j - 1] = td;
            mixed = true;
        }
    free(ypos);
    if (mixed) {
        ir_op at = allocs[0];
        for (uint32_t k = 0; k < npairs; k++) {
            struct ir_op_state st;
            ir_state_init(&st, m, "ktdf.fifo.allocate", ir_op_get(m, at)->loc);
            for (uint32_t i = 0; i < nslots; i++) {
                const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, slots[i]));
                if (t->attr0 != pair[2 * k] || t->attr1 != pair[2 * k + 1])
                    continue;
                ir_state_add_result(m, &st, ir_value_type(m, slots[i]));
                if (dyn[i])
                    ir_state_add_operand(m, &st, dyn[i]);
            }
            ir_op na = ir_op_create(m, &st);
            ir_op_insert_before(m, at, na);
            for (uint32_t i = 0, r = 0; i < nslots; i++) {
                const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, slots[i]));
                if (t->attr0 == pair[2 * k] && t->attr1 == pair[2 * k + 1])
                    pe_replace_uses(m, priv, slots[i], ir_op_result(m, na, r++), 1);
            }
        }
        for (uint32_t i = 0; i < nallocs; i++)
            ir_op_unlink(m, allocs[i]);
    }
    free(slots);
    free(dyn);
    free(allocs);
    free(pair);
}

struct fifo_units {
    struct pe *p;
    uint32_t unit;
    ir_op conflict;
};

static bool note_fifo_unit(struct ir_module *m, ir_op op, void *ctx)
{
    struct fifo_units *fu = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    bool read = o->kind == IR_OP_KTDF_READ_FROM_FIFO;
    if (!read && o->kind != IR_OP_KTDF_WRITE_TO_FIFO)
        return true;
    const struct ir_type_info *t = ir_type_get(m, ir_value_type(m, o->opnd[read ? 0 : 1]));
    uint32_t k = pe_attr_kind(fu->p, read ? t->attr1 : t->attr0);
    if (fu->unit == ARCH_NONE)
        fu->unit = k;
    else if (k != fu->unit && !fu->conflict)
        fu->conflict = op;
    return true;
}

/* Tags a stage that moves no data itself with the unit at the ends of the
 * FIFOs it reads and writes (or keeps its tag). */
static bool tag_compute_stage(struct pe *p, ir_op stage)
{
    struct ir_module *m = p->m;
    struct fifo_units fu = {p, ARCH_NONE, IR_NONE};
    ir_walk(m, stage, note_fifo_unit, &fu);
    if (fu.conflict)
        return pe_error(p, fu.conflict, "this stage's FIFOs end at different units; one stage "
                        "runs on one unit");
    if (fu.unit == ARCH_NONE || !is_unit(p, fu.unit)) {
        if (ir_op_attr(m, stage, "applicable_units"))
            return true;
        return pe_error(p, stage, "cannot tell which unit runs this stage: it has no "
                        "applicable_units and reads or writes no FIFO of a unit");
    }
    ir_attr a = ir_op_attr(m, stage, "applicable_units");
    if (a) {
        const struct ir_attr_info *ai = ir_attr_get(m, a);
        for (uint32_t i = 0; i < ai->n; i++)
            if (strcmp(ir_str_get(m, ir_attr_get(m, ai->elems[i])->s), kind_name(p, fu.unit)))
                return pe_error(p, stage, "this stage is tagged to run on %s, but its FIFOs end "
                                "at %s", ir_str_get(m, ir_attr_get(m, ai->elems[i])->s),
                                kind_name(p, fu.unit));
        return true;
    }
    ir_op_set_attr(m, stage, "applicable_units", units_attr(p, fu.unit));
    return true;
}

static bool expand_pipeline(struct pe *p, ir_op pipe)
{
    struct ir_module *m = p->m;
    ir_block body = pe_body(m, pipe);
    if (!body)
        return true;
    struct plan pl = {0};
    bool ok = plan_pipeline(p, &pl, body);
    for (uint32_t i = 0; ok && i < pl.nx; i++) {
        const struct xfer *x = &pl.x[i];
        if (!x->slot_type)
            continue;
        ir_value v = x->s[x->kind == X_LOAD].v;
        for (uint32_t j = 0; ok && j < i; j++)
            if (pl.x[j].slot_type && pl.x[j].slot_type != x->slot_type &&
                pl.x[j].s[pl.x[j].kind == X_LOAD].v == v)
                ok = pe_error(p, x->op, "this FIFO slot is also used by a transfer on another "
                              "route");
        if (ok)
            retype_slot(m, v, x->slot_type);
    }
    if (ok) {
        ir_op priv = next_of_kind(m, body, IR_NONE, IR_OP_KTDF_PRIVATE);
        if (pl.nnv) {
            rebuild_private(p, &pl, pipe, priv);
            priv = next_of_kind(m, body, IR_NONE, IR_OP_KTDF_PRIVATE);
        }
        for (uint32_t i = 0; i < pl.ns; i++) {
            if (pl.s[i].nunits > 1)
                expand_stage(p, &pl, &pl.s[i]);
            else if (!ir_op_attr(m, pl.s[i].op, "applicable_units"))
                ir_op_set_attr(m, pl.s[i].op, "applicable_units", units_attr(p, pl.s[i].units[0]));
        }
        if (priv)
            regroup_fifos(m, priv);
        for (ir_op s = next_of_kind(m, body, IR_NONE, IR_OP_KTDF_STAGE); ok && s;
             s = next_of_kind(m, body, s, IR_OP_KTDF_STAGE))
            if (!next_of_kind(m, pe_body(m, s), IR_NONE, IR_OP_KTDF_DATA_TRANSFER))
                ok = tag_compute_stage(p, s);
    }
    free(pl.x);
    free(pl.s);
    free(pl.nv);
    return ok;
}

struct pipes {
    ir_op *v;
    uint32_t n, cap;
};

static bool note_pipeline(struct ir_module *m, ir_op op, void *ctx)
{
    struct pipes *ps = ctx;
    if (ir_op_get(m, op)->kind == IR_OP_KTDF_PIPELINE) {
        PUSH(ps->v, ps->n, ps->cap);
        ps->v[ps->n - 1] = op;
    }
    return true;
}

bool sched_path_expand(struct ir_module *m, const struct arch_device *dev, struct ir_diag *diag)
{
    struct pe p = {.m = m, .dev = dev, .diag = diag};
    p.routes = calloc((size_t)dev->nkinds * dev->nkinds + 1, sizeof *p.routes);
    if (!p.routes)
        abort();
    struct pipes ps = {0};
    ir_walk(m, m->top, note_pipeline, &ps);
    /* Innermost first: a pipeline nested in a stage comes after it in pre-order. */
    for (uint32_t i = ps.n; i-- > 0 && !p.failed;)
        expand_pipeline(&p, ps.v[i]);
    if (!p.failed)
        pe_legalize_splats(&p);
    if (!p.failed)
        pe_legalize_words(&p);
    free(ps.v);
    free(p.routes);
    return !p.failed;
}

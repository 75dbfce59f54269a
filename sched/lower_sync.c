/* lower_sync.c - ktc-lower's signals (lower.h "Signals"): what memory each
 * leaf stage reads and writes, which pairs of stages of different units
 * touch the same bytes, in which iterations (when a transfer's indices are
 * affine in the loops), and where each pair's signals go in the tree.
 */
#include <stdlib.h>
#include <string.h>

#include "ktir/dialects/common.h"
#include "ktir/dialects/ktdf.h"
#include "ktir/ops.h"
#include "sched/lower_int.h"
#include "sched/split_int.h"
#include "sched/offset_gcd.h"

/* What one access touches: a byte range of a memory kind (scratchpad
 * buffers, constant-address views), everything a kernel argument points at,
 * or anything in that memory. */
enum { REG_RANGE, REG_INPUT, REG_ANY };

/* An index as an affine form: c + sum of k * atom + s, an atom being the
 * IV of a loop (scf.for, or a ktdf.parallel's block argument) or a value
 * the same in every iteration (a kernel argument, the core id), and s an
 * unknown in [slo, shi] (a remainder by a constant: x - x mod 64 is x less
 * 0 to 63). A box widens a dim by its slack, a hull of what it touches. */
#define LIN_TERMS 8

struct lin {
    int64_t c, slo, shi;
    uint32_t n;
    struct {
        ir_value v;
        uint32_t inst;
        int64_t k;
    } t[LIN_TERMS];
};

/* A transfer's box in a scratchpad buffer: indices affine in the loops,
 * static sizes, on the buffer's own memref type (no cast in between); or
 * in the memory a kernel argument points at (input): one dim of elements
 * of type `type` from the argument's start, the hull of the transfer's
 * elements through its view's strides. */
struct box {
    ir_type type;
    uint32_t input; /* the kernel argument, or UINT32_MAX: a scratchpad buffer */
    uint32_t rank;
    struct lin idx[LW_MAX_RANK];
    int64_t size[LW_MAX_RANK];
    ir_op phase; /* a subscript ktdf.buffer_phase(%iv) {num_phases = K} (index 0 here):
                    the copy of the loop's run, the same for one run (phased) */
    uint32_t phase_inst;
};

struct access {
    uint32_t mem; /* memory kind node */
    uint8_t reg;
    bool write;
    uint32_t input;
    int64_t lo, hi;  /* bytes [lo, hi) */
    struct box *box; /* REG_RANGE of a transfer, when known; owned */
    ir_op op;        /* the transfer, if it is one */
    ir_value slot;   /* its FIFO end, if it has one */
};

struct foot {
    struct access *a;
    uint32_t n, cap;
};

static void add_access(struct foot *f, struct access a)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 8;
        f->a = realloc(f->a, f->cap * sizeof *f->a);
        if (!f->a)
            abort();
    }
    f->a[f->n++] = a;
}

static int64_t const_of(const struct ir_module *m, ir_value v, bool *ok)
{
    ir_op d = ir_value_def(m, v);
    ir_attr a = d && ir_op_get(m, d)->kind == IR_OP_ARITH_CONSTANT ? ir_op_attr(m, d, "value") : 0;
    if (!a || ir_attr_get(m, a)->kind != IR_AT_INT) {
        *ok = false;
        return 0;
    }
    return ir_attr_get(m, a)->i;
}

/* The kernel argument a value is (through the calls inlined), or -1. */
static int64_t input_of(const struct lw *lw, ir_value v, uint32_t inst)
{
    const struct ir_module *m = lw->m;
    for (;;) {
        ir_op d = ir_value_def(m, v);
        if (d && ir_op_get(m, d)->kind == IR_OP_KTDP_RUNTIME_ARG_EXTRACT) {
            v = ir_op_get(m, d)->opnd[0];
            continue;
        }
        const struct ir_value_info *vi = ir_value_get(m, v);
        if (!vi->is_arg)
            return -1;
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (owner != lw->insts[inst].callee)
            return -1;
        if (!inst)
            return vi->index;
        v = ir_op_get(m, lw->insts[inst].call)->opnd[vi->index];
        inst = lw->insts[inst].parent;
    }
}

/* What a memref operand of a stage touches. */
static struct access region_of(struct lw *lw, ir_value v, uint32_t inst, bool write)
{
    struct ir_module *m = lw->m;
    ir_type t = ir_value_type(m, v);
    struct access a = {
        .mem = lw_space_kind(lw, ir_type_get(m, t)->attr1), .reg = REG_ANY, .write = write};
    for (;;) {
        v = lw_through_private(m, v);
        ir_op d = ir_value_def(m, v);
        if (!d)
            return a;
        const struct ir_op_info *o = ir_op_get(m, d);
        switch (o->kind) {
        case IR_OP_MEMREF_REINTERPRET_CAST:
        case IR_OP_MEMREF_MEMORY_SPACE_CAST:
        case IR_OP_MEMREF_CAST:
            v = o->opnd[0];
            continue;
        case IR_OP_BUILTIN_UNREALIZED_CONVERSION_CAST: {
            bool ok = true;
            int64_t addr = const_of(m, o->opnd[0], &ok);
            int64_t n = ir_type_numel(m, ir_value_type(m, o->res));
            if (ok && n >= 0) {
                a.reg = REG_RANGE;
                a.lo = addr;
                a.hi = addr + n * lw_elem_bytes(m, ir_type_elem(m, ir_value_type(m, o->res)));
            }
            return a;
        }
        case IR_OP_KTDP_CONSTRUCT_MEMORY_VIEW: {
            if (a.mem == ARCH_NONE)
                a.mem = lw_space_kind(lw, ir_op_attr(m, d, "memory_space"));
            int64_t in = input_of(lw, o->opnd[0], inst);
            if (in >= 0) {
                a.reg = REG_INPUT;
                a.input = (uint32_t)in;
                return a;
            }
            bool ok = true;
            int64_t base = const_of(m, o->opnd[0], &ok);
            const struct ir_attr_info *sz = ir_attr_get(m, ir_op_attr(m, d, "static_sizes"));
            const struct ir_attr_info *sd = ir_attr_get(m, ir_op_attr(m, d, "static_strides"));
            int64_t last = 0;
            for (uint32_t i = 0; ok && i < sz->n && i < sd->n; i++) {
                if (sz->ints[i] == IR_DYN || sd->ints[i] == IR_DYN)
                    ok = false;
                else if (sz->ints[i] > 0)
                    last += (sz->ints[i] - 1) * sd->ints[i];
            }
            if (ok) {
                int64_t es = lw_elem_bytes(m, ir_type_elem(m, ir_value_type(m, o->res)));
                a.reg = REG_RANGE;
                a.lo = base * es;
                a.hi = (base + last + 1) * es;
            }
            return a;
        }
        default:
            return a;
        }
    }
}

/* ---- affine indices -------------------------------------------------------- */

static void lin_add(struct lin *out, const struct lin *a, int64_t k, bool *ok)
{
    out->c += k * a->c;
    out->slo += k < 0 ? k * a->shi : k * a->slo;
    out->shi += k < 0 ? k * a->slo : k * a->shi;
    for (uint32_t i = 0; i < a->n; i++) {
        uint32_t j = 0;
        while (j < out->n && (out->t[j].v != a->t[i].v || out->t[j].inst != a->t[i].inst))
            j++;
        if (j == out->n) {
            if (out->n == LIN_TERMS) {
                *ok = false;
                return;
            }
            out->t[out->n].v = a->t[i].v;
            out->t[out->n].inst = a->t[i].inst;
            out->t[out->n++].k = 0;
        }
        out->t[j].k += k * a->t[i].k;
    }
}

static void lin_atom(struct lin *out, ir_value v, uint32_t inst)
{
    memset(out, 0, sizeof *out);
    out->n = 1;
    out->t[0].v = v;
    out->t[0].inst = inst;
    out->t[0].k = 1;
}

/* Whether l is a constant (no atom, no slack). */
static bool lin_const(const struct lin *l)
{
    return !l->n && !l->slo && !l->shi;
}

/* out = a * b when one of them is a constant. */
static bool lin_mul(struct lin *out, const struct lin *a, const struct lin *b)
{
    bool ok = true;
    memset(out, 0, sizeof *out);
    if (lin_const(b))
        lin_add(out, a, b->c, &ok);
    else if (lin_const(a))
        lin_add(out, b, a->c, &ok);
    else
        return false;
    return ok;
}

/* out = a op b for an integer division, remainder, min or max (`kind`, an
 * arith op or IR_AFF_MOD/FLOORDIV/CEILDIV): folded when both are
 * constants; a remainder by a constant K > 0 is a slack ([0, K - 1], or
 * [1 - K, K - 1] for arith.remsi, whose sign is the dividend's), whatever
 * the dividend (a NULL: not affine). */
static bool lin_div(struct lin *out, const struct lin *a, const struct lin *b, uint32_t kind,
                    bool aff)
{
    memset(out, 0, sizeof *out);
    if (!lin_const(b))
        return false;
    int64_t x = a ? a->c : 0, y = b->c;
    bool mod = aff ? kind == IR_AFF_MOD : kind == IR_OP_ARITH_REMSI || kind == IR_OP_ARITH_REMUI;
    if (!a || !lin_const(a)) {
        if (!mod || y <= 0)
            return false;
        out->slo = aff || kind == IR_OP_ARITH_REMUI ? 0 : 1 - y;
        out->shi = y - 1;
        return true;
    }
    bool floor = aff ? kind == IR_AFF_FLOORDIV : kind == IR_OP_ARITH_FLOORDIVSI;
    bool ceil = aff ? kind == IR_AFF_CEILDIV : kind == IR_OP_ARITH_CEILDIVSI;
    bool uns = !aff && (kind == IR_OP_ARITH_DIVUI || kind == IR_OP_ARITH_REMUI);
    if (!aff && (kind == IR_OP_ARITH_MAXSI || kind == IR_OP_ARITH_MINSI)) {
        out->c = (kind == IR_OP_ARITH_MAXSI) == (x > y) ? x : y;
        return true;
    }
    if (y == 0 || (uns && (x < 0 || y < 0)) || (x == INT64_MIN && y == -1))
        return false;
    int64_t q = x / y, r = x % y;
    if (mod && aff) /* affine mod: non-negative for a positive divisor */
        out->c = r < 0 ? r + (y < 0 ? -y : y) : r;
    else if (mod)
        out->c = r;
    else if (floor && r && ((r < 0) != (y < 0)))
        out->c = q - 1;
    else if (ceil && r && ((r < 0) == (y < 0)))
        out->c = q + 1;
    else
        out->c = q;
    return true;
}

/* Widens a box's dim by its index's slack. */
static void lin_widen(struct lin *l, int64_t *size)
{
    l->c += l->slo;
    *size += l->shi - l->slo;
    l->slo = l->shi = 0;
}

/* The core id's atom (one, whatever op computes it). */
#define CORE_ATOM_INST UINT32_MAX

/* The ops lin_of looks at in one query at most: it walks every path to
 * an index's atoms, 2^n of them for n ops each reading the one before
 * twice (i + i, again and again). */
enum { LIN_WORK = 4096 };

static bool lin_of(const struct lw *lw, ir_value v, uint32_t inst, struct lin *out, int depth,
                   int *work);

static bool lin_expr(const struct lw *lw, ir_aff e, const ir_value *dims, const ir_value *syms,
                     uint32_t inst, struct lin *out, int depth, int *work)
{
    const struct ir_aff_info *x = ir_aff_get(lw->m, e);
    struct lin l, r;
    bool ok = true;
    memset(out, 0, sizeof *out);
    switch (x->kind) {
    case IR_AFF_CONST:
        out->c = x->v;
        return true;
    case IR_AFF_DIM:
        return lin_of(lw, dims[x->v], inst, out, depth, work);
    case IR_AFF_SYM:
        return lin_of(lw, syms[x->v], inst, out, depth, work);
    case IR_AFF_ADD:
        if (!lin_expr(lw, x->lhs, dims, syms, inst, &l, depth, work) ||
            !lin_expr(lw, x->rhs, dims, syms, inst, &r, depth, work))
            return false;
        lin_add(out, &l, 1, &ok);
        lin_add(out, &r, 1, &ok);
        return ok;
    case IR_AFF_MUL:
        return lin_expr(lw, x->lhs, dims, syms, inst, &l, depth, work) &&
               lin_expr(lw, x->rhs, dims, syms, inst, &r, depth, work) && lin_mul(out, &l, &r);
    case IR_AFF_MOD:
    case IR_AFF_FLOORDIV:
    case IR_AFF_CEILDIV:
        return lin_expr(lw, x->rhs, dims, syms, inst, &r, depth, work) &&
               lin_div(out, lin_expr(lw, x->lhs, dims, syms, inst, &l, depth, work) ? &l : NULL,
                       &r, x->kind, true);
    default:
        return false;
    }
}

static bool lin_of_def(const struct lw *lw, ir_value v, uint32_t inst, struct lin *out, int depth,
                       int *work);

/* Whether op d is pure and made in a function's entry block, outside
 * every loop: its value is the same in every iteration of the function's
 * loops (a launch-time row's count of whole blocks, n / 256). */
static bool entry_value(const struct ir_module *m, ir_op d)
{
    ir_op fn = ir_op_parent(m, d);
    return fn && ir_op_get(m, fn)->kind == IR_OP_FUNC_FUNC &&
           ir_op_get(m, d)->block == ir_region_entry(m, ir_op_region(m, fn, 0)) &&
           !ir_op_get(m, d)->nreg && split_removable(m, d);
}

/* Index value v (of instance inst) as an affine form, or false (also when
 * the query has looked at *work ops: LIN_WORK). A value made in a
 * function's entry block that is not exactly affine in the atoms it is
 * made of (n / 256, a tile's row id / 2) is an atom of its own: two boxes
 * that both read it then meet in the same iterations only, where its hull
 * (or no box at all) made them meet in every pair (inplace_mul on spyre:
 * its load of a tile and its store of the same tile, 655 -> 490 cycles);
 * two different such values are then unrelated, their hulls' bounds not
 * kept. */
static bool lin_of(const struct lw *lw, ir_value v, uint32_t inst, struct lin *out, int depth,
                   int *work)
{
    bool ok = lin_of_def(lw, v, inst, out, depth, work);
    ir_op d = ir_value_def(lw->m, v);
    if ((!ok || out->slo || out->shi) && d && *work >= 0 && entry_value(lw->m, d)) {
        lin_atom(out, v, inst);
        return true;
    }
    return ok;
}

static bool lin_of_def(const struct lw *lw, ir_value v, uint32_t inst, struct lin *out, int depth,
                       int *work)
{
    const struct ir_module *m = lw->m;
    memset(out, 0, sizeof *out);
    if (depth > 64 || --*work < 0)
        return false;
    for (;;) {
        const struct ir_value_info *vi = ir_value_get(m, v);
        if (!vi->is_arg || !inst)
            break;
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (owner != lw->insts[inst].callee)
            break;
        v = ir_op_get(m, lw->insts[inst].call)->opnd[vi->index];
        inst = lw->insts[inst].parent;
    }
    ir_op d = ir_value_def(m, v);
    if (!d) {
        const struct ir_value_info *vi = ir_value_get(m, v);
        ir_op owner = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
        if (owner == lw->kernel) {
            lin_atom(out, v, 0);
            return true;
        }
        uint32_t k = owner ? ir_op_get(m, owner)->kind : 0;
        if ((k == IR_OP_SCF_FOR && vi->index == 0) || k == IR_OP_KTDF_PARALLEL) {
            lin_atom(out, v, inst);
            return true;
        }
        return false;
    }
    const struct ir_op_info *o = ir_op_get(m, d);
    struct lin a, b;
    bool ok = true;
    switch (o->kind) {
    case IR_OP_ARITH_CONSTANT: {
        const struct ir_attr_info *c = ir_attr_get(m, ir_op_attr(m, d, "value"));
        if (c->kind != IR_AT_INT)
            return false;
        out->c = c->i;
        return true;
    }
    case IR_OP_KTDP_GET_COMPUTE_TILE_ID:
        lin_atom(out, IR_NONE, CORE_ATOM_INST);
        return true;
    case IR_OP_ARITH_ADDI:
    case IR_OP_ARITH_SUBI:
        if (!lin_of(lw, o->opnd[0], inst, &a, depth + 1, work) ||
            !lin_of(lw, o->opnd[1], inst, &b, depth + 1, work))
            return false;
        lin_add(out, &a, 1, &ok);
        lin_add(out, &b, o->kind == IR_OP_ARITH_ADDI ? 1 : -1, &ok);
        return ok;
    case IR_OP_ARITH_MULI:
        return lin_of(lw, o->opnd[0], inst, &a, depth + 1, work) &&
               lin_of(lw, o->opnd[1], inst, &b, depth + 1, work) && lin_mul(out, &a, &b);
    case IR_OP_ARITH_DIVSI:
    case IR_OP_ARITH_DIVUI:
    case IR_OP_ARITH_CEILDIVSI:
    case IR_OP_ARITH_FLOORDIVSI:
    case IR_OP_ARITH_REMSI:
    case IR_OP_ARITH_REMUI:
    case IR_OP_ARITH_MAXSI:
    case IR_OP_ARITH_MINSI:
        return lin_of(lw, o->opnd[1], inst, &b, depth + 1, work) &&
               lin_div(out, lin_of(lw, o->opnd[0], inst, &a, depth + 1, work) ? &a : NULL, &b,
                       o->kind, false);
    case IR_OP_AFFINE_APPLY: {
        const struct ir_affine_map *map =
            ir_map_get(m, ir_attr_get(m, ir_op_attr(m, d, "map"))->map);
        if (map->nres != 1 || o->nopnd != map->ndims + map->nsyms)
            return false;
        return lin_expr(lw, map->res[0], o->opnd, o->opnd + map->ndims, inst, out, depth + 1,
                        work);
    }
    default:
        return false;
    }
}

/* A transfer's side: its memref (through ktdf.private), subscripts (read
 * through map) and static sizes; false when it has dynamic sizes. */
struct side {
    ir_value v;
    const ir_value *subs;
    const struct ir_affine_map *map;
    const struct ir_attr_info *size;
};

static bool side_of(const struct ir_module *m, ir_op op, uint32_t side, struct side *sd)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    uint32_t seg[6];
    if (!ir_segments(m, op, 6, seg))
        return false;
    uint32_t first = side ? seg[0] + seg[1] + seg[2] : 0;
    uint32_t nsub = seg[3 * side + 1], ndyn = seg[3 * side + 2];
    ir_attr ma = ir_op_attr(m, op, side ? "dest_map" : "source_map");
    ir_attr sa = ir_op_attr(m, op, side ? "static_dest_sizes" : "static_source_sizes");
    if (ndyn || !ma || !sa)
        return false;
    sd->v = lw_through_private(m, o->opnd[first]);
    sd->subs = o->opnd + first + 1;
    sd->map = ir_map_get(m, ir_attr_get(m, ma)->map);
    sd->size = ir_attr_get(m, sa);
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, sd->v));
    return ti->kind == IR_TY_MEMREF && ti->rank <= LW_MAX_RANK && sd->map->nres == ti->rank &&
           sd->size->n == ti->rank && sd->map->ndims == nsub && !sd->map->nsyms;
}

static struct box *new_box(ir_type type, uint32_t input, uint32_t rank, uint32_t inst)
{
    struct box *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    b->type = type;
    b->input = input;
    b->rank = rank;
    b->phase = IR_NONE;
    b->phase_inst = inst;
    return b;
}

/* The box a transfer's memref side covers, when it is a scratchpad buffer
 * itself (no cast, no layout) and every index is affine; else NULL. Not
 * up to a slack: a modulo pipeline's copy (its phase, i mod K) as a hull
 * of every copy would order the copies' uses one after the other, where
 * ktc-lower's credits let K of them run ahead. */
static struct box *box_of(const struct lw *lw, ir_op op, uint32_t inst, uint32_t side)
{
    const struct ir_module *m = lw->m;
    struct side sd;
    if (!side_of(m, op, side, &sd))
        return NULL;
    ir_op d = ir_value_def(m, sd.v);
    ir_type t = ir_value_type(m, sd.v);
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (!d || ir_op_get(m, d)->kind != IR_OP_BUILTIN_UNREALIZED_CONVERSION_CAST || ti->attr0)
        return NULL;
    struct box *b = new_box(t, UINT32_MAX, ti->rank, inst);
    for (uint32_t i = 0; i < ti->rank; i++) {
        b->size[i] = sd.size->ints[i];
        int work = LIN_WORK;
        if (b->size[i] > 0 &&
            lin_expr(lw, sd.map->res[i], sd.subs, NULL, inst, &b->idx[i], 0, &work) &&
            !b->idx[i].slo && !b->idx[i].shi)
            continue;
        const struct ir_aff_info *e = ir_aff_get(m, sd.map->res[i]);
        ir_op ph = e->kind == IR_AFF_DIM ? ir_value_def(m, sd.subs[e->v]) : IR_NONE;
        if (b->size[i] == 1 && ph && !b->phase &&
            ir_op_get(m, ph)->kind == IR_OP_KTDF_BUFFER_PHASE && ir_op_get(m, ph)->nopnd == 1) {
            memset(&b->idx[i], 0, sizeof b->idx[i]);
            b->phase = ph;
            continue;
        }
        free(b);
        return NULL;
    }
    return b;
}

/* The box a transfer's side in the memory of kernel argument `input`
 * covers: from the argument's start, the element offset of the view's
 * reinterpret_cast (the outermost: it counts from its source's base, as
 * ktc-lower addresses it) plus each subscript times its stride, as wide as
 * the strides span the sizes (a column's rows a hull of whole rows), in
 * elements of the view's type; NULL when an index is not affine (up to a
 * slack) or a stride is dynamic. */
static struct box *input_box(const struct lw *lw, ir_op op, uint32_t inst, uint32_t side,
                             uint32_t input)
{
    const struct ir_module *m = lw->m;
    struct side sd;
    int64_t strides[LW_MAX_RANK];
    if (!side_of(m, op, side, &sd) || !lw_strides(m, sd.v, strides))
        return NULL;
    struct lin at = {0}, x;
    bool ok = true;
    int work = LIN_WORK;
    for (ir_value v = sd.v;;) {
        ir_op d = ir_value_def(m, v);
        uint16_t k = d ? ir_op_get(m, d)->kind : IR_OP_UNKNOWN;
        if (k == IR_OP_MEMREF_REINTERPRET_CAST) {
            const struct ir_attr_info *so = ir_attr_get(m, ir_op_attr(m, d, "static_offsets"));
            if (so->n != 1)
                return NULL;
            if (so->ints[0] != IR_DYN)
                at.c = so->ints[0];
            else if (!lin_of(lw, ir_op_get(m, d)->opnd[1], inst, &at, 0, &work))
                return NULL;
            break;
        }
        if (k != IR_OP_MEMREF_MEMORY_SPACE_CAST && k != IR_OP_MEMREF_CAST)
            break;
        v = lw_through_private(m, ir_op_get(m, d)->opnd[0]);
    }
    const struct ir_type_info *ti = ir_type_get(m, ir_value_type(m, sd.v));
    struct box *b = new_box(ti->elem, input, 1, inst);
    b->size[0] = 1;
    b->idx[0] = at;
    for (uint32_t i = 0; i < ti->rank && ok; i++) {
        work = LIN_WORK;
        ok = sd.size->ints[i] > 0 && strides[i] >= 0 &&
             lin_expr(lw, sd.map->res[i], sd.subs, NULL, inst, &x, 0, &work);
        if (ok) {
            lin_add(&b->idx[0], &x, strides[i], &ok);
            b->size[0] += (sd.size->ints[i] - 1) * strides[i];
        }
    }
    if (!ok) {
        free(b);
        return NULL;
    }
    lin_widen(&b->idx[0], &b->size[0]);
    return b;
}

/* Whether accesses x and y have boxes in one buffer (one copy, a phase
 * aside), which their distances may be read from. */
static bool same_buffer(const struct access *x, const struct access *y)
{
    return x->box && y->box && x->box->type == y->box->type &&
           x->box->input == y->box->input && x->lo == y->lo;
}

/* ---- intervals (a bound may be infinite) ------------------------------------- */

struct rng {
    int64_t lo, hi;
    bool nlo, nhi; /* -inf, +inf */
};

static struct rng rng_pt(int64_t x)
{
    return (struct rng){x, x, false, false};
}

static const struct rng rng_all = {0, 0, true, true};

static struct rng rng_scale(struct rng r, int64_t k)
{
    if (k == 0)
        return rng_pt(0);
    struct rng s = {r.lo * k, r.hi * k, r.nlo, r.nhi};
    if (k < 0)
        s = (struct rng){r.hi * k, r.lo * k, r.nhi, r.nlo};
    return s;
}

static struct rng rng_add(struct rng a, struct rng b)
{
    return (struct rng){a.lo + b.lo, a.hi + b.hi, a.nlo || b.nlo, a.nhi || b.nhi};
}

static bool rng_empty(struct rng r)
{
    return !r.nlo && !r.nhi && r.lo > r.hi;
}

/* ---- dependences between two leaves ------------------------------------------- */

/* A loop (or ktdf.parallel) around a leaf: its IV, the IV's hull over the
 * cores, and, for a loop around both leaves (common, or a stage's loop in
 * lockstep with the other's: fifo_implied), its step and trip count (0:
 * unknown) for the distance between their iterations. */
#define MAX_LOOPS LW_MAX_DEPTH

struct loop {
    ir_value iv;
    uint32_t inst, node;
    bool common;
    int64_t step, trip;
    struct rng range;
};

struct loops {
    struct loop l[2 * MAX_LOOPS + 2];
    uint32_t n;
    uint32_t common[MAX_LOOPS]; /* indices into l of the common loops, outermost first */
    uint32_t ncommon;
    bool full; /* a loop did not fit: no distances */
    /* common levels that are a ktdf.parallel whose iterations (lanes, not
     * ordered between them) the two boxes never meet across: as the same
     * iteration everywhere (need) */
    uint64_t par, pinned;
    /* per schedule node: an scf.for's step, trip and range over every
     * core, once evaluated (node set); every pair of leaves under the loop
     * asks again */
    struct loop *bounds;
};

/* The bounds (lower, upper, step) of scf.for or ktdf.parallel op on core c
 * for instance inst; false when one is not known before launch. */
static bool bounds_at(struct lw *lw, ir_op op, uint32_t inst, uint32_t c, int64_t b[3])
{
    const struct ir_op_info *o = ir_op_get(lw->m, op);
    for (int k = 0; k < 3; k++)
        if (!lw_eval(lw, o->opnd[k], inst, c, &b[k]))
            return false;
    return true;
}

/* Whether loops (or ktdf.parallel) a of instance ia and b of ib have the
 * same bounds on every core, all known before launch. */
static bool same_bounds(struct lw *lw, ir_op a, uint32_t ia, ir_op b, uint32_t ib)
{
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t ba[3], bb[3];
        if (!bounds_at(lw, a, ia, c, ba) || !bounds_at(lw, b, ib, c, bb) ||
            memcmp(ba, bb, sizeof ba))
            return false;
    }
    return true;
}

static void add_loops(struct lw *lw, uint32_t leaf, uint32_t r, struct loops *ls)
{
    const struct ir_module *m = lw->m;
    uint32_t nchain = lw->nodes[leaf].depth, *chain = malloc((nchain + 1) * sizeof *chain);
    if (!chain)
        abort();
    nchain = 0;
    for (uint32_t x = lw->nodes[leaf].parent; x; x = lw->nodes[x].parent)
        chain[nchain++] = x;
    /* outermost first, so the common loops come out in order */
    for (uint32_t i = nchain; i-- > 0;) {
        uint32_t x = chain[i];
        const struct lw_node *nd = &lw->nodes[x];
        if (nd->kind != LN_LOOP && nd->kind != LN_PARALLEL)
            continue;
        bool common = nd->depth < lw->nodes[r].depth;
        if (common) {
            bool seen = false;
            for (uint32_t j = 0; j < ls->ncommon; j++)
                seen |= ls->l[ls->common[j]].node == x;
            if (seen)
                continue;
        }
        ir_block body = lw_body(m, nd->op, 0);
        uint32_t nargs = nd->kind == LN_PARALLEL ? 2 : 1;
        for (uint32_t a = 0; a < nargs; a++) {
            if (ls->n == sizeof ls->l / sizeof ls->l[0] || (common && ls->ncommon == MAX_LOOPS)) {
                ls->full = true;
                break;
            }
            struct loop *l = &ls->l[ls->n];
            l->iv = ir_block_get(m, body)->args[a];
            l->inst = nd->inst;
            l->node = x;
            l->common = common;
            l->step = 0;
            l->trip = 0;
            l->range = rng_all;
            if (a == 0 && ls->bounds[x].node == x) {
                l->step = ls->bounds[x].step;
                l->trip = ls->bounds[x].trip;
                l->range = ls->bounds[x].range;
            } else if (a == 0) {
                /* a ktdf.parallel's IV too, over all its iterations (every
                 * lane's); its instance id stays unknown */
                bool known = true, runs = false;
                int64_t lo = 0, hi = 0, step = 0, trip = 0;
                for (uint32_t c = 0; known && c < lw->ncores; c++) {
                    int64_t b[3];
                    known = bounds_at(lw, nd->op, nd->inst, c, b);
                    if (!known || b[2] <= 0 || (c && b[2] != step)) {
                        known = false;
                        break;
                    }
                    step = b[2];
                    if (b[1] <= b[0])
                        continue;
                    int64_t t = (b[1] - b[0] + step - 1) / step;
                    int64_t last = b[0] + (t - 1) * step;
                    lo = runs && lo < b[0] ? lo : b[0];
                    hi = runs && hi > last ? hi : last;
                    trip = trip > t ? trip : t;
                    runs = true;
                }
                l->step = 1; /* a lower bound: steps are positive */
                /* bounds known at launch only, at most one trip
                 * (sched_for_at_most_once): need passes over such a loop
                 * for the copies of a loop around it (a row's masked
                 * block, its old lanes in copies by the row's runs) */
                if (!known && nd->kind == LN_LOOP &&
                    (known = sched_for_at_most_once(m, nd->op, &lo, &step, &runs))) {
                    trip = 1;
                    hi = lo;
                }
                if (known) {
                    l->step = step;
                    l->trip = runs ? trip : 1;
                    l->range = runs ? (struct rng){lo, hi, false, false}
                                    : (struct rng){1, 0, false, false};
                }
                ls->bounds[x] = *l;
            }
            if (common && a == 0)
                ls->common[ls->ncommon++] = ls->n;
            ls->n++;
        }
    }
    free(chain);
}

/* The scf.for loops inside leaf op of instance inst (a stage's own loops,
 * not nodes of the tree): their IVs over their hulls, loops of that leaf
 * only, when their bounds are known before launch on every core. */
struct inner_loops {
    struct lw *lw;
    struct loops *ls;
    uint32_t inst;
};

static bool inner_loop_op(struct ir_module *m, ir_op op, void *ctx)
{
    struct inner_loops *il = ctx;
    struct loops *ls = il->ls;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind != IR_OP_SCF_FOR || o->nopnd < 3 || !o->nreg)
        return true;
    if (ls->n == sizeof ls->l / sizeof ls->l[0]) {
        ls->full = true;
        return false;
    }
    int64_t lo = 0, hi = 0, step = 0, trip = 1;
    bool runs = false;
    for (uint32_t c = 0; c < il->lw->ncores; c++) {
        int64_t b[3];
        if (!bounds_at(il->lw, op, il->inst, c, b) || b[2] <= 0 || (c && b[2] != step))
            return true;
        step = b[2];
        if (b[1] <= b[0])
            continue;
        int64_t t = (b[1] - b[0] + step - 1) / step, last = b[0] + (t - 1) * step;
        lo = runs && lo < b[0] ? lo : b[0];
        hi = runs && hi > last ? hi : last;
        trip = runs && trip > t ? trip : t;
        runs = true;
    }
    struct loop *l = &ls->l[ls->n++];
    l->iv = ir_block_get(m, ir_region_entry(m, o->regs[0]))->args[0];
    l->inst = il->inst;
    l->node = 0;
    l->common = false;
    l->step = step;
    l->trip = trip; /* for fifo_implied, which takes it as a common loop */
    l->range = runs ? (struct rng){lo, hi, false, false} : (struct rng){1, 0, false, false};
    return true;
}

static void add_inner_loops(struct lw *lw, uint32_t leaf, struct loops *ls)
{
    const struct lw_node *nd = &lw->nodes[leaf];
    struct inner_loops il = {lw, ls, nd->inst};
    if (!nd->xfer)
        ir_walk(lw->m, nd->op, inner_loop_op, &il);
}

/* The loop of ls whose IV atom t is, or ls->n. */
static uint32_t loop_of(const struct loops *ls, ir_value v, uint32_t inst)
{
    uint32_t i = 0;
    while (i < ls->n && (ls->l[i].iv != v || ls->l[i].inst != inst))
        i++;
    return i;
}

/* Whether box p (of the earlier leaf, in iteration I of the common loops)
 * and box q (of the later one, in iteration J) can overlap when J - I is
 * `dist`: common loops before `level` equal (any when loose), loop `level`
 * J - I >= 1 (dir > 0) or <= -1 (dir < 0), any after it; level = ncommon:
 * I == J. The common loops of bits `pinned` (other than level) are equal
 * in any case. */
static bool boxes_meet_in(const struct loops *ls, const struct box *p, const struct box *q,
                          uint32_t level, int dir, uint64_t pinned, bool loose)
{
    for (uint32_t d = 0; d < p->rank; d++) {
        const struct lin *a = &p->idx[d], *b = &q->idx[d];
        /* D = a(I) - b(J) must fall in (-size_p, size_q) */
        struct rng D = rng_pt(a->c - b->c);
        for (int side = 0; side < 2; side++) {
            const struct lin *x = side ? b : a, *y = side ? a : b;
            for (uint32_t i = 0; i < x->n; i++) {
                ir_value v = x->t[i].v;
                uint32_t inst = x->t[i].inst;
                int64_t kx = x->t[i].k, ky = 0;
                bool in_y = false;
                for (uint32_t j = 0; j < y->n; j++)
                    if (y->t[j].v == v && y->t[j].inst == inst) {
                        ky = y->t[j].k;
                        in_y = true;
                    }
                if (side && in_y)
                    continue; /* counted from a's side */
                int64_t ka = side ? ky : kx, kb = side ? kx : ky;
                uint32_t li = loop_of(ls, v, inst);
                const struct loop *l = li < ls->n ? &ls->l[li] : NULL;
                uint32_t lvl = ls->ncommon;
                for (uint32_t c = 0; l && l->common && c < ls->ncommon; c++)
                    if (ls->common[c] == li)
                        lvl = c;
                if (lvl < ls->ncommon) {
                    /* a common loop: a's term ka * I, b's kb * (I + delta) */
                    struct rng delta = rng_pt(0);
                    int64_t far = l->trip ? (l->trip - 1) * l->step : 0;
                    if (lvl == level)
                        delta = dir > 0 ? (struct rng){l->step, far, false, !l->trip}
                                        : (struct rng){-far, -l->step, !l->trip, false};
                    else if ((lvl > level || loose) && !((pinned >> lvl) & 1))
                        delta = (struct rng){-far, far, !l->trip, !l->trip};
                    if (rng_empty(delta) || rng_empty(l->range))
                        return false;
                    D = rng_add(D, rng_scale(l->range, ka - kb));
                    D = rng_add(D, rng_scale(delta, -kb));
                } else if (ka != kb) {
                    /* a loop of one leaf only (its hull), or a value the same
                     * in every iteration (cancels only with itself) */
                    if (l && rng_empty(l->range))
                        return false;
                    D = rng_add(D, l ? rng_scale(l->range, ka - kb) : rng_all);
                }
            }
        }
        int64_t lo = 1 - p->size[d], hi = q->size[d] - 1;
        if ((!D.nhi && D.hi < lo) || (!D.nlo && D.lo > hi))
            return false;
    }
    return true;
}

static bool boxes_meet(const struct loops *ls, const struct box *p, const struct box *q,
                       uint32_t level, int dir)
{
    return boxes_meet_in(ls, p, q, level, dir, ls->pinned, false);
}

static bool conflict(const struct access *x, const struct access *y)
{
    if (x->mem != y->mem || (!x->write && !y->write))
        return false;
    if (x->reg == REG_ANY || y->reg == REG_ANY)
        return true;
    if (x->reg != y->reg)
        return false;
    if (x->reg == REG_INPUT)
        return x->input == y->input;
    return x->lo < y->hi && y->lo < x->hi;
}

/* A footprint's accesses summed up for a quick test: per direction and
 * memory, the hull of the byte ranges (any: an access of another kind, or
 * more memories than the hulls hold), conservative for conflict(). */
enum { HULLS = 4 };
struct hull {
    uint32_t mem;
    bool write, any;
    int64_t lo, hi;
};
struct hulls {
    struct hull h[HULLS];
    uint32_t n;
    bool all; /* too many: every pair meets */
};

static void foot_hulls(const struct foot *f, struct hulls *out)
{
    out->n = 0;
    out->all = false;
    for (uint32_t p = 0; p < f->n && !out->all; p++) {
        const struct access *a = &f->a[p];
        uint32_t k = 0;
        while (k < out->n && (out->h[k].mem != a->mem || out->h[k].write != a->write))
            k++;
        if (k == out->n) {
            if (k == HULLS) {
                out->all = true;
                break;
            }
            out->h[out->n++] = (struct hull){a->mem, a->write, a->reg != REG_RANGE, a->lo, a->hi};
            continue;
        }
        struct hull *h = &out->h[k];
        h->any |= a->reg != REG_RANGE;
        h->lo = a->lo < h->lo ? a->lo : h->lo;
        h->hi = a->hi > h->hi ? a->hi : h->hi;
    }
}

/* Whether some access of a and some of b may conflict (conflict()). */
static bool hulls_meet(const struct hulls *a, const struct hulls *b)
{
    if (a->all || b->all)
        return true;
    for (uint32_t p = 0; p < a->n; p++)
        for (uint32_t q = 0; q < b->n; q++) {
            const struct hull *x = &a->h[p], *y = &b->h[q];
            if (x->mem == y->mem && (x->write || y->write) &&
                (x->any || y->any || (x->lo < y->hi && y->lo < x->hi)))
                return true;
        }
    return false;
}

static bool memref_typed(const struct ir_module *m, ir_value v)
{
    return ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_MEMREF;
}

struct foot_ctx {
    struct lw *lw;
    struct foot *f;
    uint32_t inst;
};

/* The memories whose contents the address of memref v depends on (an
 * indirect tile's index read by a memref.load, split_indirect.c): reads
 * of the stage that moves v, added to fc's footprint. */
static void address_reads(struct foot_ctx *fc, ir_value v, int depth)
{
    struct ir_module *m = fc->lw->m;
    ir_op d = ir_value_def(m, v);
    if (!d || depth > 16)
        return;
    const struct ir_op_info *o = ir_op_get(m, d);
    if (o->kind == IR_OP_MEMREF_LOAD) {
        add_access(fc->f, region_of(fc->lw, o->opnd[0], fc->inst, false));
        return;
    }
    bool walk = o->kind == IR_OP_MEMREF_REINTERPRET_CAST || o->kind == IR_OP_AFFINE_APPLY ||
                (!strncmp(ir_str_get(m, o->name), "arith.", 6) && o->nres == 1);
    for (uint32_t i = o->kind == IR_OP_MEMREF_REINTERPRET_CAST ? 1 : 0; walk && i < o->nopnd; i++)
        address_reads(fc, o->opnd[i], depth + 1);
}

/* Every memref an op of the stage reads or writes: a transfer reads its
 * source and writes its destination, a linalg op reads its inputs and
 * writes its outputs, anything else is taken to do both. */
static bool foot_op(struct ir_module *m, ir_op op, void *ctx)
{
    struct foot_ctx *fc = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_STAGE)
        return true;
    uint32_t nin = o->nopnd, first_out = o->nopnd;
    uint32_t seg[6];
    if (o->kind == IR_OP_KTDF_DATA_TRANSFER && ir_segments(m, op, 6, seg)) {
        first_out = seg[0] + seg[1] + seg[2];
        nin = first_out;
    } else if (o->kind == IR_OP_LINALG_GENERIC && ir_segments(m, op, 2, seg)) {
        nin = seg[0];
        first_out = nin;
    }
    for (uint32_t i = 0; i < o->nopnd; i++) {
        if (!memref_typed(m, o->opnd[i]))
            continue;
        bool reads = i < nin || i >= first_out, writes = i >= first_out;
        if (o->kind != IR_OP_KTDF_DATA_TRANSFER && o->kind != IR_OP_LINALG_GENERIC)
            reads = writes = true;
        for (int w = 0; w < 2; w++) {
            if (!(w ? writes : reads))
                continue;
            struct access a = region_of(fc->lw, o->opnd[i], fc->inst, w);
            /* a masked store's old lanes that no other store writes
             * (ktc-split's unwritten): the same whenever they are read */
            if (a.reg == REG_INPUT && !w && o->kind == IR_OP_KTDF_DATA_TRANSFER &&
                ir_op_attr(m, op, "unwritten"))
                continue;
            if (o->kind == IR_OP_KTDF_DATA_TRANSFER && (i == 0 || i == first_out)) {
                ir_value other = o->opnd[i ? 0 : first_out];
                a.op = op;
                if (ir_type_get(m, ir_value_type(m, other))->kind == IR_TY_FIFO_SLOT)
                    a.slot = other;
                if (a.reg == REG_RANGE)
                    a.box = box_of(fc->lw, op, fc->inst, i ? 1 : 0);
                else if (a.reg == REG_INPUT)
                    a.box = input_box(fc->lw, op, fc->inst, i ? 1 : 0, a.input);
            }
            add_access(fc->f, a);
        }
        if (o->kind == IR_OP_KTDF_DATA_TRANSFER)
            address_reads(fc, o->opnd[i], 0);
    }
    return true;
}

static uint32_t add_sync_ring(struct lw *lw, uint32_t node, int where, uint32_t unit,
                              uint32_t peer, bool send, uint32_t channel, const int64_t *tiles,
                              bool at_reader)
{
    if (lw->nsyncs == lw->capsyncs) {
        lw->capsyncs = lw->capsyncs ? 2 * lw->capsyncs : 16;
        lw->syncs = realloc(lw->syncs, lw->capsyncs * sizeof *lw->syncs);
        if (!lw->syncs)
            abort();
    }
    uint32_t s = lw->nsyncs++;
    lw->syncs[s] = (struct lw_sync){.unit = unit, .peer = peer, .send = send, .channel = channel,
                                    .tiles = tiles, .at_reader = at_reader, .at = IR_NONE};
    uint32_t *at = &lw->nodes[node].sync[where];
    while (*at)
        at = &lw->syncs[*at].next;
    *at = s;
    return s;
}

static uint32_t add_sync(struct lw *lw, uint32_t node, int where, uint32_t unit, uint32_t peer,
                         bool send, uint32_t channel, bool all)
{
    uint32_t s = add_sync_ring(lw, node, where, unit, peer, send, channel, NULL, false);
    lw->syncs[s].all = all;
    return s;
}

/* The op of leaf stage y's body holding transfer x (at any depth) and its
 * position there; IR_NONE when x is not in it. */
static ir_op body_op(const struct lw *lw, uint32_t y, ir_op x, int32_t *pos)
{
    const struct ir_module *m = lw->m;
    ir_block body = lw_body(m, lw->nodes[y].op, 0);
    ir_op top = x;
    while (top && ir_op_get(m, top)->block != body)
        top = ir_op_parent(m, top);
    if (!top)
        return IR_NONE;
    *pos = 0;
    for (ir_op o = ir_block_get(m, body)->first; o && o != top; o = ir_op_get(m, o)->next)
        ++*pos;
    return top;
}

/* The innermost node holding both leaves x and y; *a and *b get its
 * children holding x and y (leaves are never each other's ancestors). */
static uint32_t lca(const struct lw *lw, uint32_t x, uint32_t y, uint32_t *a, uint32_t *b)
{
    while (lw->nodes[x].depth > lw->nodes[y].depth)
        x = lw->nodes[x].parent;
    while (lw->nodes[y].depth > lw->nodes[x].depth)
        y = lw->nodes[y].parent;
    while (lw->nodes[x].parent != lw->nodes[y].parent) {
        x = lw->nodes[x].parent;
        y = lw->nodes[y].parent;
    }
    *a = x;
    *b = y;
    return lw->nodes[x].parent;
}

/* A pair of stages that must not overlap: in block (or pipeline) r, child
 * a holds a stage of unit ua, child b (after a) one of unit ub. fwd: b
 * waits for a in the same run of r; back: a waits, in the next iteration of
 * common loop `back` (outermost 0), for b (BACK_NONE: never; BACK_R: in the
 * next run of r, the innermost loop's, as for unproven ranges). */
enum { BACK_NONE = -1, BACK_R = -2 };

struct pair {
    uint32_t r, a, b, ua, ub;
    ir_op at;        /* d is leaf y itself: the first op of its body that
                        needs a (lw_sync.at), IR_NONE for the whole stage */
    int32_t at_pos;  /* its position in the body, -1 for none */
    uint32_t d; /* where b's unit waits: b, or the node inside b holding the
                   stage, down to the first loop, once per run of b */
    bool fused; /* a and b loops run in lockstep: the forward signal goes
                   per iteration, a and d inside their bodies (below), or
                   after `after` and before `at` in the loops of stages a
                   and d (stage_lockstep) */
    ir_op after;
    bool lanewise; /* fused ktdf.parallels: the forward signal lane to lane */
    bool device;   /* they meet in device memory (as well) */
    bool fwd;
    bool proven;   /* a proven dependence wants the back signal at r: no credits */
    bool all;      /* one of the stages runs in a ktdf.parallel that r is not in:
                      its lanes meet the other's all (lower.h) */
    bool far;      /* both left whole on different corelets (homes_differ): all
                      too, signalled apart from the pairs of stages on the same
                      corelets, whose signals then go lane to lane */
    int lane_side; /* per-lane signals (lane_par): 1 the earlier leaf is the one in
                      the ktdf.parallel, 2 the later; 0 none */
    uint32_t nlanes;
    uint64_t lmask; /* lane_side: the lanes whose iterations meet the other leaf */
    int back;
    uint32_t outer_c, outer_blk; /* back >= 0: the loop's body and its child holding r */
    uint32_t outer_loop;         /* and the loop */
    int64_t copies; /* back met only in copies (box.phase) of the back loop's runs: K */
    uint32_t copies_node; /* BACK_R met K runs apart of this outer loop, the
                             loops between of at most one trip and bounds
                             alike in its runs: its credits go around it */
    bool unphased;  /* a back dependence not so */
};

static int pair_cmp(const void *x, const void *y)
{
    const struct pair *p = x, *q = y;
    int64_t k1[7] = {p->r, p->ua, p->ub, p->far, p->d, p->at_pos, p->a},
            k2[7] = {q->r, q->ua, q->ub, q->far, q->d, q->at_pos, q->a};
    for (int i = 0; i < 7; i++)
        if (k1[i] != k2[i])
            return k1[i] < k2[i] ? -1 : 1;
    return 0;
}

static bool runs_once(struct lw *lw, uint32_t n);

/* Where the unit of leaf y, in child b of the block holding both stages of
 * a pair, waits for the other: as deep inside b, on the way to y, as runs
 * once per run of b (blocks, pipelines, stages, calls, loops of one trip, a
 * ktdf.parallel of one iteration per lane), so the work of b before it goes
 * on meanwhile. */
static uint32_t wait_node(struct lw *lw, uint32_t b, uint32_t y)
{
    uint32_t n = b;
    while (!lw->nodes[n].leaf && (lw->nodes[n].kind != LN_LOOP || runs_once(lw, n)) &&
           (lw->nodes[n].kind != LN_PARALLEL || lw_once_per_lane(lw, n, lw->nodes[y].unit))) {
        uint32_t c = y;
        while (lw->nodes[c].parent != n)
            c = lw->nodes[c].parent;
        n = c;
    }
    return n;
}

/* Sibling loops in lockstep: when children a and b of a block are scf.for
 * loops with the same bounds on every core, and stage x in a writes (or
 * reads) in iteration I only what stage y in b touches in iterations
 * J >= I, y's iteration J need wait only for x's iteration J: a signal
 * after the op of a's body holding x, every iteration, and a wait before
 * y (as deep as wait_node goes) in b's body, every iteration; the signals
 * pair up in order (a phase of a row kernel hands each row to the next as
 * it is done, not the whole tile). Likewise two ktdf.parallel of the same
 * bounds and instances (each lane runs the same block of iterations of
 * both) when x and y meet only in the same iteration: lane l's y then
 * waits for lane l's x alone (ktc-nest's passes over a tile's rows split
 * across corelets: softmax_1024x256 on spyre: 6496 cycles, 5979). The loop
 * nodes of a and b, or false. */
static bool lockstep(struct lw *lw, uint32_t a, uint32_t b)
{
    const struct lw_node *na = &lw->nodes[a], *nb = &lw->nodes[b];
    if (na->kind != nb->kind || (na->kind != LN_LOOP && na->kind != LN_PARALLEL))
        return false;
    if (na->kind == LN_PARALLEL && ir_op_attr(lw->m, na->op, "num_instances") !=
                                       ir_op_attr(lw->m, nb->op, "num_instances"))
        return false; /* the same iterations on each lane */
    return same_bounds(lw, na->op, na->inst, nb->op, nb->inst);
}

/* The child of loop node l's body that holds node x. */
static uint32_t body_child(const struct lw *lw, uint32_t l, uint32_t x)
{
    uint32_t body = lw->nodes[l].first;
    while (lw->nodes[x].parent != body)
        x = lw->nodes[x].parent;
    return x;
}

/* Box q with loop b's IV (of instance ib) read as loop a's (of ia): their
 * iterations in lockstep. */
static struct box lockstep_box(const struct ir_module *m, const struct box *q, ir_op a,
                               uint32_t ia, ir_op b, uint32_t ib)
{
    ir_value iva = ir_block_get(m, lw_body(m, a, 0))->args[0];
    ir_value ivb = ir_block_get(m, lw_body(m, b, 0))->args[0];
    struct box r = *q;
    for (uint32_t d = 0; d < r.rank; d++)
        for (uint32_t t = 0; t < r.idx[d].n; t++)
            if (r.idx[d].t[t].v == ivb && r.idx[d].t[t].inst == ib) {
                r.idx[d].t[t].v = iva;
                r.idx[d].t[t].inst = ia;
            }
    return r;
}

/* Whether the pair of leaves x (in loop a, of instance ia) and y (in loop
 * b, of ib, a lockstep sibling; ktdf.parallels when par) meets only with
 * y's iteration at or after x's: every conflicting access a box on the
 * same buffer, none meeting from a later iteration of x to an earlier one
 * of y. inner: a and b are loops inside the leaves' stages. */
static bool lockstep_ok(struct lw *lw, const struct foot *fx, const struct foot *fy, uint32_t x,
                        uint32_t y, uint32_t r, ir_op a, uint32_t ia, ir_op b, uint32_t ib,
                        bool par, bool inner, struct loops *ls)
{
    ls->n = ls->ncommon = 0;
    ls->full = false;
    ls->par = ls->pinned = 0;
    add_loops(lw, x, r, ls);
    add_loops(lw, y, r, ls);
    if (inner) {
        add_inner_loops(lw, x, ls);
        add_inner_loops(lw, y, ls);
    }
    ir_value iva = ir_block_get(lw->m, lw_body(lw->m, a, 0))->args[0];
    uint32_t la = loop_of(ls, iva, ia);
    if (ls->full || la == ls->n || ls->ncommon == MAX_LOOPS || !ls->l[la].trip)
        return false;
    ls->l[la].common = true;
    ls->common[ls->ncommon++] = la;
    for (uint32_t p = 0; p < fx->n; p++)
        for (uint32_t q = 0; q < fy->n; q++) {
            const struct access *ax = &fx->a[p], *ay = &fy->a[q];
            if (!conflict(ax, ay))
                continue;
            if (!same_buffer(ax, ay) || ax->box->phase || ay->box->phase)
                return false;
            struct box qb = lockstep_box(lw->m, ay->box, a, ia, b, ib);
            if (boxes_meet(ls, ax->box, &qb, ls->ncommon - 1, -1) ||
                (par && boxes_meet(ls, ax->box, &qb, ls->ncommon - 1, 1)))
                return false;
        }
    return true;
}

/* The modulo size of node n: K for a `ktdf.pipeline modulo(size: K)`, else 1. */
static int64_t modulo_of(const struct lw *lw, uint32_t n)
{
    const struct lw_node *nd = &lw->nodes[n];
    if (nd->kind != LN_PIPELINE)
        return 1;
    ir_attr a = ir_op_attr(lw->m, nd->op, "modulo");
    return a ? ir_attr_get(lw->m, a)->i : 1;
}

/* n credits of channel ch for pair p's units: B signals before node n (a
 * loop) or at its start (a block holding loops), A drains after it or at
 * its end. */
static void add_credits(struct lw *lw, uint32_t node, const struct pair *p, uint32_t ch, bool all,
                        int64_t n)
{
    bool block = lw->nodes[node].kind != LN_LOOP && lw->nodes[node].kind != LN_PARALLEL;
    bool launch = block && !lw->nodes[node].parent; /* the program's own block */
    for (int64_t k = 0; k < n; k++) {
        uint32_t s = add_sync(lw, node, LW_BEFORE, p->ub, p->ua, true, ch, all);
        lw->syncs[s].credit = true;
        lw->syncs[s].launch = launch;
        uint32_t d = add_sync(lw, node, block ? LW_END : LW_AFTER, p->ua, p->ub, false, ch, all);
        lw->syncs[d].launch = launch;
    }
}

/* Whether unit u has work in node n's children before child `at`. */
static bool work_before(const struct lw *lw, uint32_t n, uint32_t at, uint32_t u)
{
    for (uint32_t c = lw->nodes[n].first; c && c != at; c = lw->nodes[c].next)
        if (lw->nodes[c].mask >> u & 1)
            return true;
    return false;
}

/* Whether unit u has work in the blocks from node `from` out to `around`
 * (one of its ancestors) other than in the nodes on the way: what a wait
 * at the end of `from`'s runs would hold up. */
static bool work_beside(const struct lw *lw, uint32_t from, uint32_t around, uint32_t u)
{
    for (uint32_t n = from; n != around;) {
        uint32_t up = lw->nodes[n].parent;
        for (uint32_t c = lw->nodes[up].first; c; c = lw->nodes[c].next)
            if (c != n && (lw->nodes[c].mask >> u & 1))
                return true;
        n = up;
    }
    return false;
}

/* Whether loop node n is an scf.for of one trip on every core: its body
 * runs as often as the loop does. */
static bool runs_once(struct lw *lw, uint32_t n)
{
    const struct lw_node *nd = &lw->nodes[n];
    if (nd->kind != LN_LOOP)
        return false;
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t b[3];
        if (!bounds_at(lw, nd->op, nd->inst, c, b) || b[2] <= 0 || b[1] <= b[0] ||
            b[1] - b[0] > b[2])
            return false;
    }
    return true;
}

/* Where the credits of a loop node go: at the start and end of the
 * outermost block holding it that runs as often (through blocks, inlined
 * calls and loops of one trip): B gives them before whatever it waits for
 * ahead of the loop, and a loop that runs no trip holds A at no wait for B
 * to reach it (inplace_masked, n = 100 on spyre: 812 cycles with the
 * credits before the loop, 660); or before and after the loop itself when
 * that is in no block. A drain at the end of a one-trip loop's body held
 * A's work after it (the next nest's loads) until B had read A's last
 * buffers (vadd_100000 on spyre: 3887 cycles, 3574 through them). */
static uint32_t credit_node(struct lw *lw, uint32_t loop)
{
    uint32_t at = loop;
    for (uint32_t up = lw->nodes[loop].parent;
         up && (lw->nodes[up].kind == LN_BLOCK || lw->nodes[up].kind == LN_CALL ||
                runs_once(lw, up));
         up = lw->nodes[up].parent)
        at = up;
    return at;
}

/* The outermost scf.for around loop node `loop` through loops and blocks
 * only (every unit's program holds them), or loop itself. */
static uint32_t outermost_loop(const struct lw *lw, uint32_t loop)
{
    for (uint32_t up = lw->nodes[loop].parent; up; up = lw->nodes[up].parent) {
        if (lw->nodes[up].kind == LN_LOOP)
            loop = up;
        else if (lw->nodes[up].kind != LN_BLOCK)
            break;
    }
    return loop;
}

/* The copies K whose runs of the back loop pairs[0, n) meet in only K runs
 * apart (struct pair), those with back == `back` (BACK_R, or a loop level:
 * every back pair at that level); 1 when not so. */
static int64_t group_copies(const struct pair *pairs, uint32_t n, int back)
{
    int64_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (pairs[i].back == BACK_NONE || (back == BACK_R && pairs[i].back != BACK_R))
            continue;
        if (pairs[i].back != back || pairs[i].unphased || pairs[i].copies < 2 ||
            (k && pairs[i].copies != k))
            return 1;
        k = pairs[i].copies;
    }
    return k > 1 ? k : 1;
}

/* The loop whose run the credits of modulo pipeline r span: the nearest
 * enclosing `loop`, or further out while the next loop's IV is an operand
 * of the ktdf.buffer_phase before r (ktc-nest's phases counted across a
 * row loop too): the producer then runs ahead across those loops. */
static uint32_t credit_loop(const struct lw *lw, uint32_t r, uint32_t loop)
{
    const struct ir_module *m = lw->m;
    ir_op ph = IR_NONE;
    if (lw->nodes[r].kind != LN_PIPELINE)
        return loop;
    for (ir_op o = ir_op_get(m, lw->nodes[r].op)->prev; o && !ph; o = ir_op_get(m, o)->prev)
        if (ir_op_get(m, o)->kind == IR_OP_KTDF_BUFFER_PHASE)
            ph = o;
    if (!ph)
        return loop;
    for (;;) {
        uint32_t up = lw->nodes[loop].parent;
        while (up && lw->nodes[up].kind != LN_LOOP && lw->nodes[up].kind != LN_PARALLEL)
            up = lw->nodes[up].parent;
        if (!up || lw->nodes[up].kind != LN_LOOP)
            return loop;
        ir_value iv = ir_block_get(m, ir_region_entry(m, ir_op_region(m, lw->nodes[up].op, 0)))->args[0];
        const struct ir_op_info *o = ir_op_get(m, ph);
        bool uses = false;
        for (uint32_t i = 0; i < o->nopnd; i++)
            uses |= o->opnd[i] == iv;
        if (!uses)
            return loop;
        loop = up;
    }
}

/* The FIFO slot op receives from and the one it sends on (IR_NONE when
 * none); false for a transfer without segments. */
static bool slot_io(const struct ir_module *m, ir_op o, ir_value *in, ir_value *out)
{
    const struct ir_op_info *oi = ir_op_get(m, o);
    *in = *out = IR_NONE;
    if (oi->kind == IR_OP_KTDF_READ_FROM_FIFO) {
        *in = oi->opnd[0];
    } else if (oi->kind == IR_OP_KTDF_WRITE_TO_FIFO) {
        *out = oi->opnd[1];
    } else if (oi->kind == IR_OP_KTDF_DATA_TRANSFER) {
        uint32_t seg[6];
        if (!ir_segments(m, o, 6, seg))
            return false;
        ir_value src = oi->opnd[0], dst = oi->opnd[seg[0] + seg[1] + seg[2]];
        if (ir_type_get(m, ir_value_type(m, src))->kind == IR_TY_FIFO_SLOT)
            *in = src;
        if (ir_type_get(m, ir_value_type(m, dst))->kind == IR_TY_FIFO_SLOT)
            *out = dst;
    }
    return true;
}

#define CHAIN_MAX 64

static bool in_chain(const ir_value *chain, uint32_t n, ir_value v)
{
    for (uint32_t i = 0; v && i < n; i++)
        if (chain[i] == v)
            return true;
    return false;
}

static bool has_slot_op(struct ir_module *m, ir_op o, void *ctx)
{
    ir_value in, out;
    bool *found = ctx;
    *found |= !slot_io(m, o, &in, &out) || in || out;
    return !*found;
}

/* Whether op o moves anything through a FIFO, itself or an op in it. */
static bool moves_fifo(const struct ir_module *m, ir_op o)
{
    bool found = false;
    ir_walk((struct ir_module *)m, o, has_slot_op, &found);
    return found;
}

/* The scf.for of leaf stage `stage` holding FIFO ops, each directly in
 * its body (so once an iteration; with `nested`, also in loops there: a
 * chunk's accumulator loaded, then the blocks it folds), when it is the
 * stage's only op with FIFO ops in it but its own transfers (ktc-nest's
 * stream-loops makes such stages: a splat loaded before the loop, the loop
 * over a row's chunks); IR_NONE otherwise. */
static ir_op stage_loop(const struct ir_module *m, ir_op stage, bool nested)
{
    ir_op loop = IR_NONE;
    IR_FOR_OPS(m, lw_body(m, stage, 0), o)
    {
        ir_value in, out;
        if (!moves_fifo(m, o) || (slot_io(m, o, &in, &out) && (in || out)))
            continue;
        if (loop || ir_op_get(m, o)->kind != IR_OP_SCF_FOR)
            return IR_NONE;
        loop = o;
    }
    if (!loop)
        return IR_NONE;
    IR_FOR_OPS(m, lw_body(m, loop, 0), o)
    {
        ir_value in, out;
        if (nested && ir_op_get(m, o)->kind == IR_OP_SCF_FOR)
            continue;
        if (!slot_io(m, o, &in, &out) || (!in && !out && moves_fifo(m, o)))
            return IR_NONE;
    }
    return loop;
}

/* The device kind a FIFO slot type's end attribute names, or ARCH_NONE. */
/* Whether everything leaf y's loop `loop` receives from FIFOs over all its
 * iterations (`once`: in one iteration) fits them at once (arch_fifo_entry:
 * as the simulator sizes them): the stages before it can then send it all
 * before y receives any. False when a trip count or a datapath is not
 * known, or a loop in the body receives. */
static bool receives_fit(struct lw *lw, uint32_t y, ir_op loop, bool once)
{
    const struct ir_module *m = lw->m;
    const struct arch_device *dev = lw->dev;
    int64_t trips = once, used[64] = {0};
    for (uint32_t c = 0; c < lw->ncores && !once; c++) {
        int64_t b[3];
        if (!bounds_at(lw, loop, lw->nodes[y].inst, c, b) || b[2] <= 0)
            return false;
        int64_t t = b[1] > b[0] ? (b[1] - b[0] + b[2] - 1) / b[2] : 0;
        trips = t > trips ? t : trips;
    }
    IR_FOR_OPS(m, lw_body(m, loop, 0), o)
    {
        ir_value in, out;
        if (!slot_io(m, o, &in, &out))
            return false;
        if (!in)
            continue;
        int64_t entries, depth;
        uint32_t link = arch_slot_link(dev, m, ir_value_type(m, in), &entries, &depth);
        if (link >= 64) /* none (ARCH_NONE), or past what we count */
            return false;
        used[link] += trips * entries;
        if (used[link] > depth)
            return false;
    }
    IR_FOR_OPS(m, lw_body(m, loop, 0), o)
        if (ir_op_get(m, o)->kind == IR_OP_SCF_FOR && moves_fifo(m, o))
            return false;
    return true;
}

/* Whether an op of stage's body outside its loop moves a slot of chain. */
static bool chain_outside(const struct ir_module *m, ir_op stage, ir_op loop,
                          const ir_value *chain, uint32_t n)
{
    IR_FOR_OPS(m, lw_body(m, stage, 0), o)
    {
        ir_value in, out;
        if (o != loop && slot_io(m, o, &in, &out) &&
            (in_chain(chain, n, in) || in_chain(chain, n, out)))
            return true;
    }
    return false;
}

/* Follows FIFO slot `slot`, sent by leaf x, through the later leaf stages
 * of x's pipeline (a stage on the chain receives from it before it sends
 * the next slot). Returns the units (bits of lw.kinds) of the stages that
 * receive from the chain; when y is one, *at_q tells whether y receives
 * from it before its op q. With `loop` (x's stage_loop, x sending the slot
 * in its body), one iteration of each stage's stage_loop is followed, as
 * one of x's: a stage the chain reaches without such a loop of loop's
 * bounds ends the walk (the k-th value it receives need not come from x's
 * k-th iteration). */
static uint64_t chain_reach(struct lw *lw, uint32_t x, ir_value slot, uint32_t y, ir_op q,
                            bool *at_q, ir_op loop)
{
    const struct ir_module *m = lw->m;
    ir_value chain[CHAIN_MAX];
    uint32_t n = 0;
    uint64_t units = 0;
    chain[n++] = slot;
    if (at_q)
        *at_q = false;
    for (uint32_t c = lw->nodes[x].next; c; c = lw->nodes[c].next) {
        if (!lw->nodes[c].leaf)
            continue;
        ir_op cl = loop ? stage_loop(m, lw->nodes[c].op, false) : IR_NONE;
        bool reached = false, was_at_q = at_q && *at_q;
        IR_FOR_OPS(m, lw_body(m, cl ? cl : lw->nodes[c].op, 0), o)
        {
            ir_value in, out;
            if (!slot_io(m, o, &in, &out))
                return units;
            reached |= in_chain(chain, n, in);
            if (c == y && o == q && at_q)
                *at_q = reached;
            if (reached && out && n < CHAIN_MAX)
                chain[n++] = out;
        }
        if (reached && loop &&
            (!cl || !same_bounds(lw, loop, lw->nodes[x].inst, cl, lw->nodes[c].inst) ||
             chain_outside(m, lw->nodes[c].op, cl, chain, n))) {
            if (at_q)
                *at_q = was_at_q;
            return units;
        }
        if (reached)
            units |= 1ull << lw->nodes[c].unit;
    }
    return units;
}

/* The units of leaf x's pipeline whose stages send into the chain of FIFO
 * slots that ends at x's receive of `slot` (x's own unit included): each
 * such send comes after the stage's start. */
static uint64_t chain_feeds(const struct lw *lw, uint32_t x, ir_value slot)
{
    const struct ir_module *m = lw->m;
    ir_value chain[CHAIN_MAX];
    uint32_t n = 0;
    uint64_t units = 1ull << lw->nodes[x].unit;
    chain[n++] = slot;
    uint32_t first = lw->nodes[lw->nodes[x].parent].first;
    /* stages before x, last first */
    for (uint32_t c = x; c != first;) {
        uint32_t prev = first;
        while (lw->nodes[prev].next != c)
            prev = lw->nodes[prev].next;
        c = prev;
        if (!lw->nodes[c].leaf)
            continue;
        bool feeds = false;
        ir_value ins[CHAIN_MAX];
        uint32_t nins = 0;
        IR_FOR_OPS(m, lw_body(m, lw->nodes[c].op, 0), o)
        {
            ir_value in, out;
            if (!slot_io(m, o, &in, &out))
                return units;
            if (in && nins < CHAIN_MAX)
                ins[nins++] = in;
            if (in_chain(chain, n, out)) {
                feeds = true;
                /* what it received before this send feeds the chain too */
                for (uint32_t i = 0; i < nins && n < CHAIN_MAX; i++)
                    chain[n++] = ins[i];
                nins = 0;
            }
        }
        if (feeds)
            units |= 1ull << lw->nodes[c].unit;
    }
    return units;
}

/* Forward: whether, in one run of pipeline r, leaf y's access q (a write)
 * surely comes after leaf x's access p (a read into a FIFO) completes, both
 * leaves stages of r: a chain of r's FIFOs leads from p's slot to y before
 * q. A unit runs its program in order and a send waits for the value it
 * sends, so q follows p's load without a signal.
 * Stages of loops in lockstep (stage_loop; a per-vector pass ktc-nest's
 * stream-loops made one stage a unit): the chain leads from p in x's
 * iteration k to q in y's iteration k, so q follows p of every iteration
 * up to its own; implied when the boxes meet in no iteration of y before
 * x's (else a load of a pass's whole loop would hold up its stores, and
 * with more vectors than its FIFOs hold, deadlock). */
static bool fifo_implied(struct lw *lw, struct loops *ls, uint32_t r, uint32_t x, uint32_t y,
                         const struct access *p, const struct access *q)
{
    const struct ir_module *m = lw->m;
    if (lw->nodes[r].kind != LN_PIPELINE || lw->nodes[x].parent != r ||
        lw->nodes[y].parent != r || p->write || !p->slot || !p->op || !q->write || !q->op)
        return false;
    bool at_q = false;
    chain_reach(lw, x, p->slot, y, q->op, &at_q, IR_NONE);
    if (at_q)
        return true;
    ir_op lx = stage_loop(m, lw->nodes[x].op, false);
    ir_op ly = stage_loop(m, lw->nodes[y].op, false);
    if (!lx || !ly || ir_op_get(m, p->op)->block != lw_body(m, lx, 0) ||
        ir_op_get(m, q->op)->block != lw_body(m, ly, 0) || !same_buffer(p, q) ||
        p->box->phase || q->box->phase || ls->full)
        return false;
    chain_reach(lw, x, p->slot, y, q->op, &at_q, lx);
    if (!at_q || chain_outside(m, lw->nodes[x].op, lx, &p->slot, 1))
        return false;
    /* x's loop as a common loop of the two, innermost */
    ir_value iv = ir_block_get(m, lw_body(m, lx, 0))->args[0];
    uint32_t li = loop_of(ls, iv, lw->nodes[x].inst);
    if (li == ls->n || ls->ncommon == MAX_LOOPS)
        return false;
    struct loops lk = *ls;
    lk.l[li].common = true;
    lk.common[lk.ncommon++] = li;
    struct box qb = lockstep_box(m, q->box, lx, lw->nodes[x].inst, ly, lw->nodes[y].inst);
    return !boxes_meet_in(&lk, p->box, &qb, lk.ncommon - 1, -1, 0, false);
}

/* Back: whether leaf x's access p (a write from a FIFO) in a later
 * iteration of the loops around both surely comes after leaf y's access q
 * (a read into a FIFO) of an earlier one: some unit receives from q's
 * chain in y's pipeline and sends into p's chain in x's pipeline (or is
 * x's unit); it runs the earlier iteration's stage before the later one's. */
static bool same_lanes(struct lw *lw, struct loops *ls, uint32_t r, uint32_t x, uint32_t y,
                       const struct access *p, const struct access *q);

static bool fifo_back_implied(struct lw *lw, struct loops *ls, uint32_t r, uint32_t x, uint32_t y,
                              const struct access *p, const struct access *q)
{
    uint32_t px = lw->nodes[x].parent, py = lw->nodes[y].parent;
    /* the ordering unit orders only the lanes it talks to: the two meet
     * on one lane */
    if (lw->nodes[px].lanes != lw->nodes[py].lanes || !same_lanes(lw, ls, r, x, y, p, q))
        return false;
    if (lw->nodes[px].kind != LN_PIPELINE || lw->nodes[py].kind != LN_PIPELINE || !p->write ||
        !p->slot || !p->op || q->write || !q->slot || !q->op)
        return false;
    uint64_t reach = chain_reach(lw, y, q->slot, 0, IR_NONE, NULL, IR_NONE);
    return (reach & chain_feeds(lw, x, p->slot)) != 0;
}

/* Whether box p's copy (its ktdf.buffer_phase) is by the runs of loop lp. */
static bool phase_by(const struct ir_module *m, const struct box *p, const struct loop *lp)
{
    return p->phase && ir_op_get(m, p->phase)->opnd[0] == lp->iv && p->phase_inst == lp->inst;
}

/* Whether box p's copy is by the runs of a common loop outside level l. */
static bool phase_outside(const struct ir_module *m, const struct loops *ls, const struct box *p,
                          uint32_t l)
{
    for (uint32_t k = 0; k < l; k++)
        if (phase_by(m, p, &ls->l[ls->common[k]]))
            return true;
    return false;
}

/* What access x of the earlier leaf and access y of the later one (which
 * conflict by their byte ranges) need, added to *pr: for two boxes of one
 * buffer, the dependences between their iterations; else, both signals.
 * implied: y's access follows x's in every run of r without a signal (the
 * dependences forward need none); back_implied: x's access of a later
 * iteration follows y's of an earlier one (none back). */
/* Whether value v is the same in every run of loop `outer`'s body: made
 * outside it, or by region-free ops of such values, or the IV of a loop
 * in it of at most one trip (ls: a common loop of trip 1) from a constant
 * lower bound (its one value). */
static bool alike_in(const struct lw *lw, const struct loops *ls, ir_value v, ir_op outer,
                     int depth)
{
    const struct ir_module *m = lw->m;
    if (!ir_value_defined_in(m, v, outer))
        return true;
    if (depth == 0)
        return false;
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (vi->is_arg) {
        for (uint32_t s = 0; s < ls->ncommon; s++) {
            const struct loop *lp = &ls->l[ls->common[s]];
            bool ok = true;
            if (lp->iv == v && lp->trip == 1 && lw->nodes[lp->node].kind == LN_LOOP) {
                const_of(m, ir_op_get(m, lw->nodes[lp->node].op)->opnd[0], &ok);
                return ok;
            }
        }
        return false;
    }
    const struct ir_op_info *o = ir_op_get(m, ir_value_def(m, v));
    if (o->nreg || !(ir_op_def(o->kind)->flags & IR_OPF_PURE))
        return false;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (!alike_in(lw, ls, o->opnd[i], outer, depth - 1))
            return false;
    return true;
}

/* Whether the common loops inside level l (of at most one trip, need)
 * have bounds the same in every run of loop l's body (alike_in: a row's
 * masked block, its count of n alone; a tile loop's remainder), so they
 * run in every row or in none. */
static bool once_alike(const struct lw *lw, const struct loops *ls, uint32_t l)
{
    ir_op outer = lw->nodes[ls->l[ls->common[l]].node].op;
    for (uint32_t s = l + 1; s < ls->ncommon; s++) {
        const struct lw_node *nd = &lw->nodes[ls->l[ls->common[s]].node];
        if (nd->kind != LN_LOOP)
            return false;
        const struct ir_op_info *o = ir_op_get(lw->m, nd->op);
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (!alike_in(lw, ls, o->opnd[i], outer, 12))
                return false;
    }
    return true;
}

/* The common loops of ls (a bit a level) in only whose first iteration
 * leaf x does anything: a stage whose body is one scf.for (and index
 * arithmetic) from that loop's IV to at most its lower bound plus its step
 * on every core (ktc-nest's late-prologue: a weight's load moved into the
 * first tile's pipeline). x has no later iteration there to meet another
 * leaf's earlier one in. */
static uint64_t first_only(struct lw *lw, const struct loops *ls, uint32_t x)
{
    const struct ir_module *m = lw->m;
    const struct lw_node *nd = &lw->nodes[x];
    if (nd->kind != LN_STAGE || !nd->leaf)
        return 0;
    ir_op guard = IR_NONE;
    IR_FOR_OPS(m, lw_body(m, nd->op, 0), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        uint32_t fl = ir_op_def(o->kind)->flags;
        if (o->kind == IR_OP_SCF_FOR && !guard)
            guard = op;
        else if (o->nreg || !(fl & (IR_OPF_PURE | IR_OPF_TERMINATOR)))
            return 0;
    }
    if (!guard)
        return 0;
    const struct ir_op_info *g = ir_op_get(m, guard);
    uint64_t first = 0;
    for (uint32_t l = 0; l < ls->ncommon && l < 64; l++) {
        const struct loop *lp = &ls->l[ls->common[l]];
        if (lp->iv != g->opnd[0] || lw->nodes[lp->node].kind != LN_LOOP)
            continue;
        bool ok = true;
        for (uint32_t c = 0; ok && c < lw->ncores; c++) {
            int64_t b[3], ub;
            ok = bounds_at(lw, lw->nodes[lp->node].op, lw->nodes[lp->node].inst, c, b) &&
                 b[2] > 0 && lw_eval(lw, g->opnd[1], nd->inst, c, &ub) && ub <= b[0] + b[2];
        }
        if (ok)
            first |= UINT64_C(1) << l;
    }
    return first;
}

static void need(const struct lw *lw, struct loops *ls, bool usable, bool implied,
                 bool back_implied, uint64_t first, const struct access *x, const struct access *y,
                 struct pair *pr)
{
    const struct ir_module *m = lw->m;
    bool in_loop = ls->ncommon > 0 && !back_implied;
    if (!usable || !same_buffer(x, y) || x->box->phase != y->box->phase ||
        (x->box->phase && x->box->phase_inst != y->box->phase_inst)) {
        pr->fwd |= !implied;
        if (!back_implied) {
            pr->back = BACK_R;
            pr->unphased = true;
        }
        return;
    }
    const struct box *p = x->box, *q = y->box;
    uint32_t nc = ls->ncommon;
    /* a ktdf.parallel among the common loops: usable only when the boxes
     * meet in no two of its iterations (other loops anywhere); then its
     * iterations count as equal */
    for (uint32_t l = 0; l < nc; l++)
        if (((ls->par >> l) & 1) &&
            (boxes_meet_in(ls, p, q, l, 1, 0, true) || boxes_meet_in(ls, p, q, l, -1, 0, true))) {
            ls->pinned = 0;
            pr->fwd |= !implied;
            if (!back_implied) {
                pr->back = BACK_R;
                pr->unphased = true;
            }
            return;
        }
    ls->pinned = ls->par;
    if (!implied && boxes_meet(ls, p, q, nc, 0))
        pr->fwd = true;
    for (uint32_t l = 0; !implied && l < nc && !pr->fwd; l++)
        if (boxes_meet(ls, p, q, l, 1))
            pr->fwd = true; /* carried forward: the signal in r covers it */
    bool once = true;       /* every level inside l passed over as of at most one trip */
    for (uint32_t l = nc; in_loop && l-- > 0;) {
        /* a loop of at most one trip a run has no next iteration to meet
         * in, whatever the boxes' terms: passed over for the copies of an
         * outer loop's runs (a row's masked block inside a row loop whose
         * runs phase the buffer); else the dependence stays with it, its
         * wait before the transfer that needs it */
        if (ls->l[ls->common[l]].trip == 1 && phase_outside(m, ls, p, l))
            continue;
        if (((first >> l) & 1) || !boxes_meet(ls, p, q, l, -1)) {
            once = false;
            continue;
        }
        /* the boxes' copy is loop l's run mod K: they meet K runs apart */
        const struct loop *lp = &ls->l[ls->common[l]];
        if (phase_by(m, p, lp)) {
            int64_t k = ir_attr_get(m, ir_op_attr(m, p->phase, "num_phases"))->i;
            if (pr->copies && pr->copies != k)
                pr->unphased = true;
            pr->copies = k;
            if (l == nc - 1) {
                pr->back = BACK_R;
            } else if (once && once_alike(lw, ls, l)) {
                /* the loops inside run in every run of l or in none: the
                 * signals go inside them (a row without its masked block
                 * waits for nothing), the credits around l */
                pr->back = BACK_R;
                pr->copies_node = lp->node;
            } else if (pr->back != BACK_R && (int)l > pr->back) {
                pr->back = (int)l;
            }
            break;
        }
        pr->unphased = true;
        if (l == nc - 1) {
            pr->proven = true;
            pr->back = BACK_R;
        } else if (pr->back != BACK_R && (int)l > pr->back) {
            pr->back = (int)l;
        }
        break;
    }
}

/* A ring transfer of leaf y (a data_transfer with source_tiles) reads
 * its source on another core: per unit kind, the last earlier leaf writing
 * those bytes signals, from each core, the transfer's unit on the core that
 * reads from it (the generic pairs above join units of one core only); in
 * a block R that runs more than once, that unit signals back after its
 * read and the writer waits for it at R's end. */
struct ring_find {
    ir_op op;
};

static bool find_ring(struct ir_module *m, ir_op op, void *ctx)
{
    struct ring_find *rf = ctx;
    if (!rf->op && ir_op_get(m, op)->kind == IR_OP_KTDF_DATA_TRANSFER &&
        ir_op_attr(m, op, "source_tiles"))
        rf->op = op;
    return !rf->op;
}

static bool plan_ring(struct lw *lw, const uint32_t *leaves, uint32_t nleaves,
                      const struct foot *feet)
{
    struct ir_module *m = lw->m;
    for (uint32_t j = 0; j < nleaves; j++) {
        uint32_t y = leaves[j];
        struct ring_find rf = {IR_NONE};
        ir_walk(m, lw->nodes[y].op, find_ring, &rf);
        if (!rf.op)
            continue;
        const struct ir_attr_info *ra = ir_attr_get(m, ir_op_attr(m, rf.op, "source_tiles"));
        if (ra->kind != IR_AT_DENSE_ARRAY || ra->n != lw->ncores)
            return lw_error(lw, rf.op, "a ring transfer whose source_tiles do not name one tile "
                                       "per core of the grid");
        struct access src = region_of(lw, ir_op_get(m, rf.op)->opnd[0], lw->nodes[y].inst, false);
        uint32_t last[LW_MAX_KINDS] = {0};
        for (uint32_t i = 0; i < j; i++)
            for (uint32_t p = 0; p < feet[i].n; p++)
                if (feet[i].a[p].write && conflict(&feet[i].a[p], &src))
                    last[lw->nodes[leaves[i]].unit] = leaves[i];
        free(src.box);
        for (uint32_t k = 0; k < lw->nkinds; k++) {
            if (!last[k])
                continue;
            uint32_t a, b, r = lca(lw, last[k], y, &a, &b);
            uint32_t ch = lw->nchannels++, ub = lw->nodes[y].unit;
            add_sync_ring(lw, a, LW_AFTER, k, ub, true, ch, ra->ints, false);
            add_sync_ring(lw, b, LW_BEFORE, ub, k, false, ch, ra->ints, true);
            if (!lw->nodes[r].in_loop)
                continue;
            /* R runs again: the writer's next run waits (at R's end) until
             * the reader on the other core has read this run's bytes */
            ch = lw->nchannels++;
            add_sync_ring(lw, b, LW_AFTER, ub, k, true, ch, ra->ints, true);
            add_sync_ring(lw, r, LW_END, k, ub, false, ch, ra->ints, false);
        }
    }
    return true;
}

/* ---- per-lane signals ---------------------------------------------------------- */

/* The ktdf.parallel around leaf x below node r (the innermost), or 0. */
static uint32_t lane_par(const struct lw *lw, uint32_t x, uint32_t r)
{
    for (uint32_t n = lw->nodes[x].parent; n && n != r; n = lw->nodes[n].parent)
        if (lw->nodes[n].kind == LN_PARALLEL)
            return n;
    return 0;
}

/* ktdf.parallel node n's distribution, the same on every core (as
 * lw_open_parallel runs it): from lb by step, trips iterations in blocks
 * of *chunk over *nl lanes; false when not known before launch. */
static bool par_blocks(struct lw *lw, uint32_t n, int64_t *lb, int64_t *step, int64_t *trips,
                       int64_t *chunk, int64_t *nl)
{
    const struct lw_node *nd = &lw->nodes[n];
    int64_t b[3] = {0, 0, 0};
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t v[3];
        if (!bounds_at(lw, nd->op, nd->inst, c, v) || (c && memcmp(v, b, sizeof v)))
            return false;
        memcpy(b, v, sizeof b);
    }
    if (b[2] <= 0 || b[1] <= b[0])
        return false;
    *lb = b[0];
    *step = b[2];
    *trips = (b[1] - b[0] + b[2] - 1) / b[2];
    *nl = ir_attr_get(lw->m, ir_op_attr(lw->m, nd->op, "num_instances"))->i;
    *chunk = (*trips + *nl - 1) / *nl;
    return *nl >= 1;
}

/* ktdf.parallel node par (not a common loop of ls) as loops of ls: the
 * indices in ls of its IV and its instance id, and its distribution
 * (par_blocks); false when either is not in ls or the distribution is
 * not known before launch. */
struct lane_loop {
    uint32_t iv, id; /* indices into ls->l */
    int64_t lb, step, trips, chunk, nl;
    struct rng keep_iv, keep_id;
};

static bool lane_loop_of(struct lw *lw, const struct loops *ls, uint32_t par, struct lane_loop *ll)
{
    if (!par_blocks(lw, par, &ll->lb, &ll->step, &ll->trips, &ll->chunk, &ll->nl) || ll->nl > 64)
        return false;
    ir_block body = lw_body(lw->m, lw->nodes[par].op, 0);
    const struct ir_block_info *bi = ir_block_get(lw->m, body);
    ll->iv = loop_of(ls, bi->args[0], lw->nodes[par].inst);
    ll->id = loop_of(ls, bi->args[1], lw->nodes[par].inst);
    if (ll->iv == ls->n || ll->id == ls->n)
        return false;
    ll->keep_iv = ls->l[ll->iv].range;
    ll->keep_id = ls->l[ll->id].range;
    return true;
}

/* Narrows ll's IV to the block of iterations lane l runs, its id to l;
 * false when l runs none. lane_unpin undoes it. */
static bool lane_pin(struct loops *ls, const struct lane_loop *ll, int64_t l)
{
    int64_t first = l * ll->chunk,
            last = (l + 1) * ll->chunk < ll->trips ? (l + 1) * ll->chunk : ll->trips;
    if (first >= last)
        return false;
    ls->l[ll->iv].range =
        (struct rng){ll->lb + first * ll->step, ll->lb + (last - 1) * ll->step, false, false};
    ls->l[ll->id].range = rng_pt(l);
    return true;
}

static void lane_unpin(struct loops *ls, const struct lane_loop *ll)
{
    ls->l[ll->iv].range = ll->keep_iv;
    ls->l[ll->id].range = ll->keep_id;
}

/* The lanes of ktdf.parallel node par (not a common loop of ls) in whose
 * iterations box p (earlier) and box q (later) can meet, any iterations of
 * the other loops. */
static uint64_t lanes_meeting(struct lw *lw, struct loops *ls, uint32_t par, const struct box *p,
                              const struct box *q)
{
    struct lane_loop ll;
    if (!lane_loop_of(lw, ls, par, &ll))
        return ~0ull;
    uint64_t mask = 0;
    for (int64_t l = 0; l < ll.nl; l++)
        if (lane_pin(ls, &ll, l) && boxes_meet_in(ls, p, q, ls->ncommon, 0, 0, true))
            mask |= 1ull << l;
    lane_unpin(ls, &ll);
    return mask;
}

/* Whether leaves x and y touch access p's and q's bytes on the same lane
 * only: neither is in a ktdf.parallel below r (one around r runs both on
 * each lane), or each is, the two distributed over as many lanes, and the
 * boxes meet in no iterations of two different lanes, any iterations of
 * the other loops (a row's accumulator zeroed by lanes of 2 of its 4
 * vectors, read by lanes of every other one: tests/kernels/
 * ragged_zero_lanes.mlir). */
static bool same_lanes(struct lw *lw, struct loops *ls, uint32_t r, uint32_t x, uint32_t y,
                       const struct access *p, const struct access *q)
{
    uint32_t px = lane_par(lw, x, r), py = lane_par(lw, y, r);
    if (!px && !py)
        return true;
    struct lane_loop lx, ly;
    if (!px || !py || px == py || ls->full || !same_buffer(p, q) || p->box->phase ||
        q->box->phase || !lane_loop_of(lw, ls, px, &lx) || !lane_loop_of(lw, ls, py, &ly) ||
        lx.nl != ly.nl)
        return false;
    bool apart = true;
    for (int64_t a = 0; a < lx.nl && apart; a++)
        for (int64_t b = 0; b < ly.nl && apart; b++)
            if (a != b && lane_pin(ls, &lx, a) && lane_pin(ls, &ly, b))
                apart = !boxes_meet_in(ls, p->box, q->box, ls->ncommon, 0, 0, true);
    lane_unpin(ls, &lx);
    lane_unpin(ls, &ly);
    return apart;
}

/* The forward signals of a unit pair in block r (pairs[0..n), sorted by
 * where the later unit waits) when one side runs in a ktdf.parallel and
 * the other is a unit on one corelet (lower.h): that unit signals each
 * lane after the latest earlier leaf that lane's iterations need
 * (lane_side 2: a DMA per lane's rows lands, that lane starts), or hears
 * from each lane before the first later leaf that needs it (lane_side 1:
 * the lane's rows go out when that lane is done), on one channel. */
static void plan_lanes(struct lw *lw, const struct pair *pairs, uint32_t n, bool all)
{
    uint32_t nl = pairs[0].nlanes, ua = pairs[0].ua, ub = pairs[0].ub;
    if (pairs[0].lane_side == 1) {
        uint32_t d[64] = {0}, last = n;
        ir_op at[64];
        for (uint32_t k = 0; k < n; k++) {
            if (!pairs[k].fwd)
                continue;
            last = k;
            for (uint32_t l = 0; l < nl; l++)
                if (!d[l] && (pairs[k].lmask >> l & 1)) {
                    d[l] = pairs[k].d;
                    at[l] = pairs[k].at;
                }
        }
        if (last == n)
            return;
        uint32_t ch = lw->nchannels++;
        add_sync(lw, pairs[0].a, LW_AFTER, ua, ub, true, ch, all);
        for (uint32_t l = 0; l < nl; l++) {
            uint32_t w = add_sync(lw, d[l] ? d[l] : pairs[last].d, LW_BEFORE, ub, ua, false, ch,
                                  all);
            lw->syncs[w].at = d[l] ? at[l] : pairs[last].at;
            lw->syncs[w].lmask = 1ull << l;
        }
        return;
    }
    uint32_t done[64] = {0}; /* per lane, the latest a already waited for */
    for (uint32_t k = 0; k < n;) {
        uint32_t e = k, first = 0, al[64] = {0};
        while (e < n && pairs[e].d == pairs[k].d && pairs[e].at == pairs[k].at)
            e++;
        for (uint32_t x = k; x < e; x++) {
            if (!pairs[x].fwd)
                continue;
            first = !first || pairs[x].a < first ? pairs[x].a : first;
            for (uint32_t l = 0; l < nl; l++)
                if ((pairs[x].lmask >> l & 1) && pairs[x].a > al[l])
                    al[l] = pairs[x].a;
        }
        bool needed = false;
        for (uint32_t l = 0; l < nl; l++)
            needed |= al[l] > done[l];
        if (first && needed) {
            uint32_t ch = lw->nchannels++;
            for (uint32_t l = 0; l < nl; l++) {
                bool own = al[l] > done[l];
                uint32_t s = add_sync(lw, own ? al[l] : first, LW_AFTER, ua, ub, true, ch, all);
                lw->syncs[s].lmask = 1ull << l;
                if (own)
                    done[l] = al[l];
            }
            uint32_t w = add_sync(lw, pairs[k].d, LW_BEFORE, ub, ua, false, ch, all);
            lw->syncs[w].at = pairs[k].at;
        }
        k = e;
    }
}

/* Whether node n runs once per run of node top above it (through blocks,
 * pipelines, stages and calls: no loop on the way, n and top included). */
static bool once_under(const struct lw *lw, uint32_t top, uint32_t n)
{
    for (;; n = lw->nodes[n].parent) {
        if (lw->nodes[n].kind == LN_LOOP || lw->nodes[n].kind == LN_PARALLEL)
            return false;
        if (n == top)
            return true;
    }
}

/* Position of op in its block. */
static uint32_t op_pos(const struct ir_module *m, ir_op op)
{
    uint32_t n = 0;
    for (ir_op o = ir_block_get(m, ir_op_get(m, op)->block)->first; o != op;
         o = ir_op_get(m, o)->next)
        n++;
    return n;
}

/* Stages of loops in lockstep: leaves x and y of two pipelines run once
 * per run of r's children a and b, each a stage of one loop (stage_loop; a
 * pass ktc-nest's stream-loops made a pipeline), the loops of the same
 * bounds, every access of one meeting the other's directly in its loop's
 * body, and only in y's iteration at or after x's. y's iteration J then
 * need wait only for x's iteration J: a signal after x's last such access
 * (*after), every iteration, and a wait before y's first (*at): a pass's
 * stores hand each vector to the next pass's loads as they land, as the
 * pipelines of a vector each did before stream-loops. Also x and y of one
 * pipeline (their loops may hold loops: register-carry's chunks, each
 * folding a row's blocks), when what y's loop receives is more than its
 * FIFOs hold (a signal after x's whole loop would deadlock: the chain
 * cannot take x's sends while y waits) and what it receives in one
 * iteration is not. */
static bool stage_lockstep(struct lw *lw, const struct foot *fx, const struct foot *fy,
                           uint32_t x, uint32_t y, const struct pair *pr, struct loops *ls,
                           ir_op *after, ir_op *at)
{
    const struct ir_module *m = lw->m;
    const struct lw_node *nx = &lw->nodes[x], *ny = &lw->nodes[y];
    bool one = lw->nodes[pr->r].kind == LN_PIPELINE; /* stages of one pipeline */
    if (nx->kind != LN_STAGE || ny->kind != LN_STAGE || nx->xfer || ny->xfer ||
        !once_under(lw, pr->a, x) || !once_under(lw, pr->b, y))
        return false;
    ir_op lx = stage_loop(m, nx->op, true), ly = stage_loop(m, ny->op, true);
    if (!lx || !ly || !same_bounds(lw, lx, nx->inst, ly, ny->inst))
        return false;
    ir_block bx = lw_body(m, lx, 0), by = lw_body(m, ly, 0);
    *after = *at = IR_NONE;
    for (uint32_t p = 0; p < fx->n; p++)
        for (uint32_t q = 0; q < fy->n; q++) {
            const struct access *ax = &fx->a[p], *ay = &fy->a[q];
            if (!conflict(ax, ay))
                continue;
            if (!ax->op || !ay->op || ir_op_get(m, ax->op)->block != bx ||
                ir_op_get(m, ay->op)->block != by)
                return false;
            if (!*after || op_pos(m, ax->op) > op_pos(m, *after))
                *after = ax->op;
            if (!*at || op_pos(m, ay->op) < op_pos(m, *at))
                *at = ay->op;
        }
    /* in one pipeline y's wait holds up what the stages between x and y
     * send it: needed only when its whole loop's is more than its FIFOs
     * hold (else the one signal after x's whole loop, without a signal an
     * iteration keeping x's loads from going in groups); safe when one
     * iteration's fits (the chain takes x's sends of an iteration while y
     * waits for it) */
    if (one && (receives_fit(lw, y, ly, false) || !receives_fit(lw, y, ly, true)))
        return false;
    return *after && lockstep_ok(lw, fx, fy, x, y, pr->r, lx, nx->inst, ly, ny->inst, false, true,
                                   ls);
}

static void push_pair(struct pair **pairs, uint32_t *n, uint32_t *cap, const struct pair *pr)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        *pairs = realloc(*pairs, *cap * sizeof **pairs);
        if (!*pairs)
            abort();
    }
    (*pairs)[(*n)++] = *pr;
}

/* Whether leaves x and y, both left whole (no ktdf.parallel) by kinds
 * that run on several corelets, run on different corelets: their
 * pipelines' `corelet` (ktc-nest's row-corelets) differ. */
static bool homes_differ(const struct lw *lw, uint32_t x, uint32_t y)
{
    const struct lw_node *a = &lw->nodes[x], *b = &lw->nodes[y];
    return a->lanes == 1 && b->lanes == 1 && lw->kinds[a->unit].ncl > 1 &&
           lw->kinds[b->unit].ncl > 1 && a->home != b->home;
}

/* Leaves x and y (after x) of one unit kind that runs on several
 * corelets, one of them in a ktdf.parallel and the other in none (a stage
 * left whole runs on its home corelet, a split stage's lanes on every
 * corelet), or both left whole on different corelets: the kind's program
 * does not order them, its corelets being units of their own, and a unit
 * does not signal itself. The stage before y in its pipeline (another
 * kind's, feeding y through the pipeline's FIFOs) then waits for x
 * instead: y follows it. 0 when x and y run on the same corelets, or y has
 * no such stage. The way back (y before x in a later iteration of a loop
 * around both) likewise: lane_feeder(y, x) waits for y. (Not handled: two
 * ktdf.parallel.) */
static uint32_t lane_feeder(const struct lw *lw, uint32_t x, uint32_t y)
{
    uint32_t k = lw->nodes[x].unit, p = lw->nodes[y].parent, w = 0;
    if (lw->kinds[k].ncl < 2 ||
        ((lw->nodes[x].lanes > 1) == (lw->nodes[y].lanes > 1) && !homes_differ(lw, x, y)) ||
        lw->nodes[p].kind != LN_PIPELINE)
        return 0;
    for (uint32_t c = lw->nodes[p].first; c && c != y; c = lw->nodes[c].next)
        w = c;
    return w && lw->nodes[w].leaf && lw->nodes[w].unit != k ? w : 0;
}

/* Whether a wait of the n pairs g (a group: one block and unit pair) for
 * a later a than stage-lockstep pair k's, before k's stage or before its
 * op holding k's wait, makes k's signals every iteration needless: the
 * unit ran k's a before that a. */
static bool covered(struct lw *lw, const struct pair *g, uint32_t n, const struct pair *k)
{
    if (!k->after)
        return false;
    int32_t pos;
    ir_op top = body_op(lw, k->d, k->at, &pos);
    for (uint32_t i = 0; i < n; i++)
        if (g[i].fwd && !g[i].fused && g[i].d == k->d && g[i].a >= k->a &&
            (!g[i].at || (top && g[i].at_pos <= pos)))
            return true;
    return false;
}

/* ---- invariant loads (lower.h "Invariant loads") ----------------------------- */

/* The most vectors loads hoisted out of loops keep in one unit's
 * registers at once, and the most vectors a stage of that unit in their
 * loops may make besides (a vector register each, at most: a matmul's
 * stages, which make more, keep their loads in place). */
#define HOIST_VREGS         4
#define HOIST_STAGE_VECTORS 12

static bool count_vectors(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nres && o->kind != IR_OP_TENSOR_EMPTY; r++)
        *(uint32_t *)ctx += ir_type_get(m, ir_value_type(m, o->res + r))->kind == IR_TY_TENSOR;
    return true;
}

/* Whether every leaf stage of the unit kind between nodes start and end
 * makes at most HOIST_STAGE_VECTORS - held vectors; vecs[n] caches leaf
 * n's count (UINT32_MAX: not counted yet). */
static bool room_for(struct lw *lw, uint32_t *vecs, uint32_t unit, uint32_t start, uint32_t end,
                     uint32_t held)
{
    for (uint32_t n = start; n < end; n++) {
        const struct lw_node *nd = &lw->nodes[n];
        if (!nd->leaf || nd->unit != unit)
            continue;
        if (vecs[n] == UINT32_MAX) {
            vecs[n] = 0;
            ir_walk(lw->m, nd->op, count_vectors, &vecs[n]);
        }
        if (vecs[n] + held > HOIST_STAGE_VECTORS)
            return false;
    }
    return true;
}

bool lw_hoisted(const struct lw *lw, uint32_t n, ir_op op)
{
    for (uint32_t h = 0; h < lw->nhoists; h++)
        if ((lw->hoists[h].from == n && lw->hoists[h].xfer == op) ||
            (lw->hoists[h].to == n && lw->hoists[h].read == op))
            return true;
    return false;
}

/* The end of node n's subtree: the first node after it not below it. */
static uint32_t subtree_end(const struct lw *lw, uint32_t n)
{
    uint32_t e = n + 1;
    while (e < lw->nnodes && lw->nodes[e].depth > lw->nodes[n].depth)
        e++;
    return e;
}

struct slot_users {
    const struct lw *lw;
    uint32_t pipe, from; /* the pipeline node, the loading stage's */
    ir_op xfer;
    ir_value slot;
    ir_op read;
    uint32_t to;
    bool ok;
};

/* Every use of the slot in the pipeline: the load itself, or one read at
 * the top of another leaf stage of it. */
static bool slot_user(struct ir_module *m, ir_op op, void *ctx)
{
    struct slot_users *su = ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (op == su->xfer)
        return true;
    for (uint32_t i = 0; i < o->nopnd && su->ok; i++) {
        if (o->opnd[i] != su->slot)
            continue;
        su->ok = false;
        if (o->kind != IR_OP_KTDF_READ_FROM_FIFO || su->read)
            break;
        for (uint32_t c = su->lw->nodes[su->pipe].first; c; c = su->lw->nodes[c].next) {
            const struct lw_node *cn = &su->lw->nodes[c];
            if (c != su->from && cn->kind == LN_STAGE && cn->leaf && !cn->xfer &&
                o->block == lw_body(m, cn->op, 0)) {
                su->read = op;
                su->to = c;
                su->ok = true;
            }
        }
    }
    return su->ok;
}

/* The unit kinds (bits) of the leaf stages writing bytes rd reads, in
 * *writers; false when one of those stages is a node in [from, to). */
static bool writers_of(const struct lw *lw, const struct access *rd, const uint32_t *leaves,
                       uint32_t nleaves, const struct foot *feet, uint32_t from, uint32_t to,
                       uint64_t *writers)
{
    *writers = 0;
    for (uint32_t i = 0; i < nleaves; i++)
        for (uint32_t k = 0; k < feet[i].n; k++) {
            if (!feet[i].a[k].write || !conflict(rd, &feet[i].a[k]))
                continue;
            if (leaves[i] >= from && leaves[i] < to)
                return false;
            *writers |= 1ull << lw->nodes[leaves[i]].unit;
        }
    return true;
}

/* Whether `unit` waits on a unit kind of `writers` at node n, in its
 * signal lists first..last (LW_BEFORE, LW_AFTER, LW_END). */
static bool waits_on(const struct lw *lw, uint32_t n, int first, int last, uint32_t unit,
                     uint64_t writers)
{
    for (int w = first; w <= last; w++)
        for (uint32_t y = lw->nodes[n].sync[w]; y; y = lw->syncs[y].next)
            if (lw->syncs[y].unit == unit && !lw->syncs[y].send &&
                (writers >> lw->syncs[y].peer & 1))
                return true;
    return false;
}

/* The innermost loop (or parallel) node strictly around node n, 0 if none. */
static uint32_t loop_around(const struct lw *lw, uint32_t n)
{
    for (n = lw->nodes[n].parent; n; n = lw->nodes[n].parent)
        if (lw->nodes[n].kind == LN_LOOP || lw->nodes[n].kind == LN_PARALLEL)
            return n;
    return 0;
}

/* Where sync list `at` of node n runs in program order: before n's
 * subtree, or past it. */
static uint32_t sync_pos(const struct lw *lw, uint32_t n, int at)
{
    return at == LW_BEFORE ? n : subtree_end(lw, n);
}

/* Whether channel ch has a credit (its first waits take sends made before
 * the loop, not this iteration's). */
static bool has_credit(const struct lw *lw, uint32_t ch)
{
    for (uint32_t y = 1; y < lw->nsyncs; y++)
        if (lw->syncs[y].channel == ch && (lw->syncs[y].credit || lw->syncs[y].launch))
            return true;
    return false;
}

/* Whether signal sync y joins every lane of its unit to every lane of
 * its peer: both kinds of one lane, or `all` lanes, none left out. */
static bool every_lane_joined(const struct lw *lw, const struct lw_sync *y)
{
    return (lw->kinds[y->unit].ncl == 1 && lw->kinds[y->peer].ncl == 1) || (y->all && !y->lmask);
}

/* Whether unit waits before node l for a signal that the unit of leaf w
 * (before l, outside it) sends after w in the same iteration of the loops
 * around both, every lane to every lane: a signal is delivered once every
 * earlier operation of its sender is done, so the wait orders unit after
 * w's writes. */
static bool waited_after(const struct lw *lw, uint32_t w, uint32_t l, uint32_t unit)
{
    uint32_t wu = lw->nodes[w].unit;
    for (uint32_t ns = 1; ns < l; ns++)
        for (int as = LW_BEFORE; as <= LW_END; as++)
            for (uint32_t y = lw->nodes[ns].sync[as]; y; y = lw->syncs[y].next) {
                const struct lw_sync *sy = &lw->syncs[y];
                uint32_t ps = sync_pos(lw, ns, as);
                if (!sy->send || sy->unit != wu || sy->peer != unit || sy->tiles || ps <= w ||
                    ps > l || !every_lane_joined(lw, sy) || has_credit(lw, sy->channel))
                    continue;
                for (uint32_t nw = ns; nw <= l; nw++)
                    for (int aw = LW_BEFORE; aw <= LW_END; aw++) {
                        uint32_t pw = sync_pos(lw, nw, aw);
                        if (pw < ps || pw > l || loop_around(lw, nw) != loop_around(lw, ns))
                            continue;
                        for (uint32_t z = lw->nodes[nw].sync[aw]; z; z = lw->syncs[z].next)
                            if (!lw->syncs[z].send && lw->syncs[z].unit == unit &&
                                lw->syncs[z].channel == sy->channel &&
                                every_lane_joined(lw, &lw->syncs[z]))
                                return true;
                    }
            }
    return false;
}

/* Whether every stage writing rd's bytes before loop node l (none inside
 * it) signals unit after it, and unit waits for that before l: the load
 * from those bytes is ordered after them before l, whatever unit waits
 * for inside l. */
static bool ordered_before(const struct lw *lw, uint32_t l, uint32_t unit, const struct access *rd,
                           const uint32_t *leaves, uint32_t nleaves, const struct foot *feet)
{
    for (uint32_t i = 0; i < nleaves; i++)
        for (uint32_t k = 0; k < feet[i].n; k++)
            if (feet[i].a[k].write && conflict(rd, &feet[i].a[k]) && leaves[i] < l &&
                !waited_after(lw, leaves[i], l, unit))
                return false;
    return true;
}

/* Whether leaf stage node s runs on every lane of its kind: a stage left
 * whole on one corelet of a kind on several does not, and a load hoisted
 * out of it, run by every lane, would make the others wait for its
 * writer, maybe another corelet's row (rmsnorm_masked 439 -> 483 cycles). */
static bool every_lane(const struct lw *lw, uint32_t s)
{
    return lw->nodes[s].lanes > 1 || lw->kinds[lw->nodes[s].unit].ncl == 1;
}

/* Whether load x of leaf stage node s (x at the top of its body) may run
 * once before loop node l instead: it reads scratchpad bytes nothing in
 * the loop writes, at places the loop does not move, into a slot that one
 * read at the top of another stage of the pipeline takes (*read, of leaf
 * *to, on every lane), and no wait of s's unit inside the loop is for a
 * unit writing those bytes anywhere (the wait that orders the load after
 * their writer is before the loop; a unit reading them does not also
 * write them). */
static bool hoistable(struct lw *lw, uint32_t l, uint32_t s, ir_op x, const struct access *rd,
                      const uint32_t *leaves, uint32_t nleaves, const struct foot *feet,
                      ir_op *read, uint32_t *to)
{
    struct ir_module *m = lw->m;
    const struct ir_op_info *o = ir_op_get(m, x);
    ir_op lop = lw->nodes[l].op;
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (o->opnd[i] != rd->slot && ir_value_defined_in(m, o->opnd[i], lop))
            return false;
    if (lw_pad_count(lw, x)) /* its count is made beside it (lower_pad.c) */
        return false;
    uint32_t end = subtree_end(lw, l), unit = lw->nodes[s].unit;
    uint64_t writers;
    if (!writers_of(lw, rd, leaves, nleaves, feet, l + 1, end, &writers) || (writers >> unit & 1))
        return false;
    for (uint32_t n = l + 1; n < end; n++)
        if (waits_on(lw, n, LW_BEFORE, LW_END, unit, writers)) {
            if (!ordered_before(lw, l, unit, rd, leaves, nleaves, feet))
                return false;
            break; /* every write before l is awaited before it */
        }
    struct slot_users su = {lw, lw->nodes[s].parent, s, x, rd->slot, IR_NONE, 0, true};
    ir_walk(m, lw->nodes[su.pipe].op, slot_user, &su);
    if (!su.ok || !su.read || !every_lane(lw, su.to) || lw->nodes[su.to].inst != lw->nodes[l].inst)
        return false;
    *read = su.read;
    *to = su.to;
    return true;
}

/* Whether transfers x and y (FIFO loads) load the same elements into
 * slots of one type. */
static bool same_load(const struct ir_module *m, ir_op x, ir_op y)
{
    struct side a, b;
    if (!side_of(m, x, 0, &a) || !side_of(m, y, 0, &b) || a.v != b.v ||
        ir_op_attr(m, x, "source_map") != ir_op_attr(m, y, "source_map") ||
        a.size->n != b.size->n ||
        !ir_ktdf_transfer_mode_is(m, x, "splat") != !ir_ktdf_transfer_mode_is(m, y, "splat"))
        return false;
    for (uint32_t i = 0; i < a.map->ndims; i++)
        if (a.subs[i] != b.subs[i])
            return false;
    for (uint32_t i = 0; i < a.size->n; i++)
        if (a.size->ints[i] != b.size->ints[i])
            return false;
    const struct ir_op_info *ox = ir_op_get(m, x), *oy = ir_op_get(m, y);
    return ir_value_type(m, ox->opnd[ox->nopnd - 1]) == ir_value_type(m, oy->opnd[oy->nopnd - 1]);
}

/* Whether value v can be computed before op `from` of its block, which
 * comes before op `to`: made before it, or by index arithmetic between the
 * two on such values (a block's bounds, made from a launch-time count). */
static bool made_before(const struct ir_module *m, ir_value v, ir_op from, ir_op to, int depth)
{
    ir_op d = ir_value_def(m, v);
    const struct ir_op_info *o = d ? ir_op_get(m, d) : NULL;
    for (ir_op x = from; x && x != to; x = ir_op_get(m, x)->next) {
        if (!ir_value_defined_in(m, v, x))
            continue;
        if (d != x || depth > 16 || ir_op_region(m, d, 0) ||
            !(ir_op_def(o->kind)->flags & IR_OPF_PURE) || x == from)
            return false;
        for (uint32_t i = 0; i < o->nopnd; i++)
            if (!made_before(m, o->opnd[i], from, to, depth + 1))
                return false;
        return true;
    }
    return true;
}

/* Whether the bounds of loop node l can be computed before loop node g,
 * an earlier loop of the same block (so that g's guard can test them). */
static bool bounds_before(const struct lw *lw, uint32_t l, uint32_t g)
{
    ir_op lop = lw->nodes[l].op;
    for (uint32_t i = 0; i < 3; i++)
        if (!made_before(lw->m, ir_op_get(lw->m, lop)->opnd[i], lw->nodes[g].op, lop, 0))
            return false;
    return true;
}

/* A source value positive when loop node l runs: ub - lb (its step is
 * positive); IR_NONE when its step is not a positive constant. */
static ir_value runs_value(struct lw *lw, uint32_t l)
{
    ir_op lop = lw->nodes[l].op;
    const struct ir_op_info *o = ir_op_get(lw->m, lop);
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t step;
        if (!lw_eval(lw, o->opnd[2], lw->nodes[l].inst, c, &step) || step <= 0)
            return IR_NONE;
    }
    return lw_src_op(lw, "arith.subi", lop, o->opnd[1], o->opnd[0]);
}

/* The earlier hoist of loop node l's block whose vector hoist h (at l) may
 * take: the same elements loaded for the same units before an earlier
 * sibling loop, with nothing between the two loops writing them or waiting
 * for a unit that does (hoistable's tests, over the nodes between);
 * UINT32_MAX when none. */
static uint32_t share_of(struct lw *lw, const struct lw_hoisted *h, const struct access *rd,
                         const uint32_t *leaves, uint32_t nleaves, const struct foot *feet)
{
    uint32_t l = h->loop, unit = lw->nodes[h->from].unit;
    for (uint32_t e = lw->nhoists; e-- > 0;) {
        const struct lw_hoisted *g = &lw->hoists[e];
        if (g->share != UINT32_MAX || lw->nodes[g->loop].parent != lw->nodes[l].parent ||
            g->loop >= l || lw->nodes[g->from].unit != unit ||
            lw->nodes[g->to].unit != lw->nodes[h->to].unit || !same_load(lw->m, g->xfer, h->xfer))
            continue;
        if (!bounds_before(lw, l, g->loop))
            continue;
        uint32_t from = subtree_end(lw, g->loop);
        if (g->end > from)
            from = g->end; /* kept past later loops already: from there */
        uint64_t writers;
        if (!writers_of(lw, rd, leaves, nleaves, feet, from, l, &writers) ||
            waits_on(lw, l, LW_BEFORE, LW_BEFORE, unit, writers))
            return UINT32_MAX;
        for (uint32_t n = from; n < l; n++)
            if (waits_on(lw, n, LW_BEFORE, LW_END, unit, writers))
                return UINT32_MAX;
        return e;
    }
    return UINT32_MAX;
}

/* The fewest trips loop node l runs on a core, its bounds known before
 * launch; -1 when they are not. */
static int64_t min_trips(struct lw *lw, uint32_t l)
{
    const struct ir_op_info *o = ir_op_get(lw->m, lw->nodes[l].op);
    int64_t least = INT64_MAX;
    for (uint32_t c = 0; c < lw->ncores; c++) {
        int64_t b[3];
        for (int i = 0; i < 3; i++)
            if (!lw_eval(lw, o->opnd[i], lw->nodes[l].inst, c, &b[i]))
                return -1;
        if (b[2] <= 0)
            return -1;
        int64_t t = b[1] > b[0] ? (b[1] - b[0] + b[2] - 1) / b[2] : 0;
        least = t < least ? t : least;
    }
    return least;
}

/* lw.hoists: for each load at the top of a leaf stage (memory -> FIFO)
 * on every lane, the outermost loop of its instance around it, of 2 trips
 * or more when known, that hoistable() lets it leave, while the unit
 * receiving it keeps at most HOIST_VREGS such vectors at once and its
 * stages there have room for them (room_for); taking the vector of an
 * earlier loop of the block when share_of finds one, that loop's guard
 * then covering this loop's trips too. */
static void plan_hoists(struct lw *lw, const uint32_t *leaves, uint32_t nleaves,
                        const struct foot *feet)
{
    lw->nhoists = 0;
    uint32_t *vecs = malloc(lw->nnodes * sizeof *vecs);
    if (!vecs)
        abort();
    memset(vecs, 0xff, lw->nnodes * sizeof *vecs);
    for (uint32_t i = 0; i < nleaves; i++) {
        uint32_t s = leaves[i];
        const struct lw_node *sn = &lw->nodes[s];
        if (sn->kind != LN_STAGE || sn->xfer || !every_lane(lw, s) ||
            lw->nodes[sn->parent].kind != LN_PIPELINE)
            continue;
        for (uint32_t k = 0; k < feet[i].n; k++) {
            const struct access *rd = &feet[i].a[k];
            if (rd->write || !rd->op || !rd->slot || rd->reg != REG_RANGE ||
                ir_op_get(lw->m, rd->op)->block != lw_body(lw->m, sn->op, 0))
                continue;
            /* the nodes above s, to try its loops outermost first */
            uint32_t chain[4 * LW_MAX_DEPTH], nc = 0;
            for (uint32_t l = sn->parent; l && nc < 4 * LW_MAX_DEPTH; l = lw->nodes[l].parent)
                chain[nc++] = l;
            for (uint32_t c = nc; c-- > 0;) {
                uint32_t l = chain[c], to;
                ir_op read;
                if (lw->nodes[l].kind != LN_LOOP || lw->nodes[l].inst != sn->inst)
                    continue;
                int64_t trips = min_trips(lw, l);
                if ((trips >= 0 && trips < 2) ||
                    !hoistable(lw, l, s, rd->op, rd, leaves, nleaves, feet, &read, &to))
                    continue;
                struct lw_hoisted h = {.loop = l,
                                       .from = s,
                                       .to = to,
                                       .xfer = rd->op,
                                       .read = read,
                                       .share = UINT32_MAX,
                                       .end = subtree_end(lw, l),
                                       .guard = runs_value(lw, l)};
                if (!h.guard)
                    continue;
                h.share = share_of(lw, &h, rd, leaves, nleaves, feet);
                /* the receiving unit's vectors held across l (or from the
                 * loop whose vector it shares on) */
                uint32_t held = 0, start = h.share != UINT32_MAX ? lw->hoists[h.share].loop : l;
                for (uint32_t e = 0; e < lw->nhoists; e++) {
                    const struct lw_hoisted *g = &lw->hoists[e];
                    if (g->share == UINT32_MAX && e != h.share &&
                        lw->nodes[g->to].unit == lw->nodes[to].unit && g->loop < h.end &&
                        start < g->end)
                        held++;
                }
                if (held >= HOIST_VREGS ||
                    !room_for(lw, vecs, lw->nodes[to].unit, start, h.end, held + 1))
                    continue;
                if (h.share != UINT32_MAX) {
                    struct lw_hoisted *g = &lw->hoists[h.share];
                    g->end = h.end;
                    g->guard = lw_src_op(lw, "arith.maxsi", lw->nodes[l].op, g->guard, h.guard);
                }
                lw->hoists =
                    lw_grow(lw->hoists, &lw->caphoists, lw->nhoists + 1, sizeof *lw->hoists);
                lw->hoists[lw->nhoists++] = h;
                break;
            }
        }
    }
    free(vecs);
}

/* Whether the vector of hoist x fits its receiving unit's lanes: its
 * guard loop carries it, and a loop-carried vector in pieces is refused
 * (lower.h "Pieces"). */
static bool carried_whole(const struct lw *lw, const struct lw_hoisted *x)
{
    const struct ir_module *m = lw->m;
    ir_type t = ir_value_type(m, ir_op_get(m, x->read)->opnd[0]);
    char buf[16];
    int64_t l = arch_lanes(lw->dev, lw->dev->kinds[lw->kinds[lw->nodes[x->to].unit].kind].first,
                           split_type_name(m, ir_type_get(m, t)->elem, buf, sizeof buf));
    return l <= 0 || ir_type_get(m, t)->shape[0] <= l;
}

/* Drops the guards of hoists whose loops run on every core (their bounds
 * constants, or per-core values: a positive guard everywhere), then the
 * guarded hoists that go alone. */
static void settle_hoists(struct lw *lw)
{
    for (uint32_t h = 0; h < lw->nhoists; h++) {
        struct lw_hoisted *x = &lw->hoists[h];
        bool runs = x->share == UINT32_MAX;
        for (uint32_t c = 0; c < lw->ncores && runs; c++) {
            int64_t v;
            runs = lw_eval(lw, x->guard, lw->nodes[x->loop].inst, c, &v) && v > 0;
        }
        if (runs || x->share != UINT32_MAX)
            x->guard = IR_NONE;
    }
    /* a guarded load alone before its loop stays where it was, with the
     * loops taking its vector: its latency before the loop, and the
     * guard's, cost about what it saves in a few trips (rmsnorm_masked's
     * rstd, n = 256: 509 -> 517 cycles hoisted; ragged rows' scales, taken
     * by their masked blocks too: ragged_jam_sregs 898 -> 958); likewise
     * before a loop of T trips known before launch, which save T - 1 loads
     * of each of its group, whose latency, a load's, is exposed once
     * (rmsnorm_f32acc's rstd, 4 tiles: 430 -> 436 cycles hoisted) */
    for (uint32_t h = 0; h < lw->nhoists; h++) {
        const struct lw_hoisted *x = &lw->hoists[h];
        if (x->share != UINT32_MAX || x->loop == UINT32_MAX)
            continue;
        uint32_t with = 0;
        for (uint32_t e = 0; e < lw->nhoists; e++) {
            const struct lw_hoisted *y = &lw->hoists[e];
            with += y->loop == x->loop && y->share == UINT32_MAX && !y->guard == !x->guard;
        }
        int64_t trips = x->guard ? 2 : min_trips(lw, x->loop);
        if ((trips - 1) * with < (x->guard ? 2 : 4) || (x->guard && !carried_whole(lw, x)))
            for (uint32_t e = 0; e < lw->nhoists; e++)
                if (e == h || lw->hoists[e].share == h)
                    lw->hoists[e] = (struct lw_hoisted){.loop = UINT32_MAX, .share = UINT32_MAX};
    }
}

bool lw_plan_signals(struct lw *lw)
{
    bool ok = false;
    uint32_t nleaves = 0, npairs = 0, cappairs = 0;
    uint32_t *leaves = calloc(lw->nnodes, sizeof *leaves);
    struct foot *feet = calloc(lw->nnodes, sizeof *feet);
    struct pair *pairs = NULL;
    struct loops *ls = malloc(sizeof *ls);
    struct loop *bounds = calloc(lw->nnodes, sizeof *bounds);
    if (!leaves || !feet || !ls || !bounds)
        abort();
    ls->bounds = bounds;
    /* nodes are created in tree order, so leaves come out in program order */
    for (uint32_t n = 1; n < lw->nnodes; n++)
        if (lw->nodes[n].leaf) {
            struct foot_ctx fc = {lw, &feet[nleaves], lw->nodes[n].inst};
            ir_walk(lw->m, lw->nodes[n].xfer ? lw->nodes[n].xfer : lw->nodes[n].op, foot_op,
                    &fc);
            leaves[nleaves++] = n;
        }
    /* per leaf, what it reads and writes in a few hulls (foot_hulls): a
     * pair none of whose hulls meet has no conflict, and most pairs of a
     * long program are such */
    struct hulls *hl = calloc(nleaves ? nleaves : 1, sizeof *hl);
    if (!hl)
        abort();
    for (uint32_t i = 0; i < nleaves; i++)
        foot_hulls(&feet[i], &hl[i]);
    for (uint32_t i = 0; i < nleaves; i++)
        for (uint32_t j = i + 1; j < nleaves; j++) {
            if (!hulls_meet(&hl[i], &hl[j]))
                continue;
            /* w's unit waits for x's, v's for y's on the way back */
            uint32_t x = leaves[i], y = leaves[j], w = y, v = x;
            if (lw->nodes[x].unit == lw->nodes[y].unit) {
                w = lane_feeder(lw, x, y);
                v = lane_feeder(lw, y, x);
                if (!w && !v && homes_differ(lw, x, y)) {
                    for (uint32_t p = 0; p < feet[i].n; p++)
                        for (uint32_t q = 0; q < feet[j].n; q++)
                            if (conflict(&feet[i].a[p], &feet[j].a[q])) {
                                lw_error(lw, lw->nodes[y].op,
                                         "two stages of %s on different corelets touch the "
                                         "same memory, and nothing orders them",
                                         lw->dev->kinds[lw->kinds[lw->nodes[x].unit].kind].name);
                                goto out;
                            }
                }
                if (!w && !v)
                    continue;
            }
            bool any = false;
            for (uint32_t p = 0; p < feet[i].n && !any; p++)
                for (uint32_t q = 0; q < feet[j].n && !any; q++)
                    any = conflict(&feet[i].a[p], &feet[j].a[q]);
            if (!any)
                continue;
            struct pair pr = {0};
            pr.back = BACK_NONE;
            pr.r = lca(lw, x, y, &pr.a, &pr.b);
            pr.d = wait_node(lw, pr.b, w ? w : y);
            pr.ua = lw->nodes[x].unit;
            pr.ub = lw->nodes[w ? w : y].unit;
            /* a stage left whole on another corelet than the other's: every
             * lane of each signals, as a split stage's lanes do */
            bool far = pr.far = homes_differ(lw, x, y);
            /* in a kernel placing stages left whole on several corelets,
             * y such a stage: its corelet alone runs its body, while every
             * lane of its kind takes its signals (and the waits before
             * later stages of the kind count on them); likewise x's sends */
            bool guarded = lw->homes > 1 &&
                           ((lw->nodes[y].lanes == 1 && lw->kinds[lw->nodes[y].unit].ncl > 1) ||
                            (lw->nodes[x].lanes == 1 && lw->kinds[lw->nodes[x].unit].ncl > 1));
            pr.all = lw->nodes[pr.r].lanes == 1 &&
                     (lw->nodes[x].lanes > 1 || lw->nodes[y].lanes > 1 || far);
            bool hit = false, usable = false, whole = false;
            uint64_t first = 0; /* x's first_only levels */
            /* a leaf stage of FIFO loads waits for x only before its first
             * op touching what x does (a later load of a second DMA's
             * buffer does not hold up the loads before it) */
            bool split = lw->nodes[y].kind == LN_STAGE && lw->nodes[y].leaf &&
                         !lw->nodes[y].xfer && pr.d == y;
            pr.at = IR_NONE;
            pr.at_pos = -1;
            for (uint32_t p = 0; p < feet[i].n; p++)
                for (uint32_t q = 0; q < feet[j].n; q++) {
                    if (!conflict(&feet[i].a[p], &feet[j].a[q]))
                        continue;
                    int32_t pos = -1;
                    ir_op top = split && feet[j].a[q].op
                                    ? body_op(lw, y, feet[j].a[q].op, &pos)
                                    : IR_NONE;
                    if (!top)
                        whole = true;
                    else if (!pr.at || pos < pr.at_pos) {
                        pr.at = top;
                        pr.at_pos = pos;
                    }
                    uint32_t mem = feet[i].a[p].mem;
                    pr.device |= mem == ARCH_NONE || lw->dev->kinds[mem].level == ARCH_LEVEL_DEVICE;
                    if (!hit) {
                        /* the loops around the two, once per pair of leaves;
                         * iterations of a ktdf.parallel around both are not
                         * ordered on one unit: no distances there */
                        hit = true;
                        ls->n = ls->ncommon = 0;
                        ls->full = false;
                        add_loops(lw, x, pr.r, ls);
                        add_loops(lw, y, pr.r, ls);
                        add_inner_loops(lw, x, ls);
                        add_inner_loops(lw, y, ls);
                        usable = !ls->full && lw->nodes[pr.r].in_loop == (ls->ncommon > 0);
                        ls->par = ls->pinned = 0;
                        first = first_only(lw, ls, x);
                        for (uint32_t c = 0; c < ls->ncommon; c++) {
                            uint8_t k = lw->nodes[ls->l[ls->common[c]].node].kind;
                            usable &= k == LN_LOOP || (k == LN_PARALLEL && c < 64 &&
                                                       ls->l[ls->common[c]].trip);
                            if (k == LN_PARALLEL && c < 64)
                                ls->par |= 1ull << c;
                        }
                        /* per-lane signals: one leaf in a ktdf.parallel r
                         * is not in, the other of a unit on one corelet */
                        uint32_t px = lane_par(lw, x, pr.r), py = lane_par(lw, y, pr.r);
                        uint32_t par = px ? px : py, other = px ? y : x;
                        int64_t lb, step, trips, chunk, nl;
                        if (pr.all && usable && !px != !py &&
                            lw->kinds[lw->nodes[other].unit].ncl == 1 &&
                            par_blocks(lw, par, &lb, &step, &trips, &chunk, &nl) && nl <= 64 &&
                            nl == lw->kinds[lw->nodes[px ? x : y].unit].ncl) {
                            pr.lane_side = px ? 1 : 2;
                            pr.nlanes = (uint32_t)nl;
                        }
                    }
                    const struct access *ax = &feet[i].a[p], *ay = &feet[j].a[q];
                    if (pr.lane_side) {
                        uint32_t par = lane_par(lw, pr.lane_side == 1 ? x : y, pr.r);
                        bool boxes = same_buffer(ax, ay) && !ax->box->phase &&
                                     !ay->box->phase;
                        pr.lmask |= boxes ? lanes_meeting(lw, ls, par, ax->box, ay->box) : ~0ull;
                    }
                    need(lw, ls, usable, fifo_implied(lw, ls, pr.r, x, y, ax, ay),
                         fifo_back_implied(lw, ls, pr.r, x, y, ax, ay), first, ax, ay, &pr);
                }
            if (!hit || (!pr.fwd && pr.back == BACK_NONE))
                continue;
            /* only before a loop of the stage (a pass streamed into it,
             * ktc-nest's fuse-pipelines): a wait between two plain loads
             * would cost a signal more per run and gain a load's time */
            /* a wait inside y's stage runs on y's corelet alone: not for a
             * signal every lane of x's kind sends, nor for a stage of
             * several placed on corelets */
            if (whole || far || guarded || !pr.fwd || pr.at_pos <= 0 ||
                ir_op_get(lw->m, pr.at)->kind != IR_OP_SCF_FOR) {
                pr.at = IR_NONE;
                pr.at_pos = -1;
            }
            if (!lw->nodes[pr.r].in_loop)
                pr.back = BACK_NONE;
            if (pr.back >= 0) {
                /* the loop's body, and its child on the way down to r */
                uint32_t loop = ls->l[ls->common[pr.back]].node;
                pr.outer_loop = loop;
                pr.outer_blk = lw->nodes[loop].first;
                uint32_t c = pr.r;
                while (lw->nodes[c].parent != pr.outer_blk)
                    c = lw->nodes[c].parent;
                pr.outer_c = c;
            }
            const struct lw_node *na = &lw->nodes[pr.a], *nb = &lw->nodes[pr.b];
            ir_op after, at;
            bool direct = pr.fwd && w == y; /* else w's wait orders y as a whole */
            if (direct && lockstep(lw, pr.a, pr.b) &&
                lockstep_ok(lw, &feet[i], &feet[j], x, y, pr.r, na->op, na->inst, nb->op,
                            nb->inst, na->kind == LN_PARALLEL, false, ls)) {
                pr.fused = true;
                /* two ktdf.parallel: lane to lane */
                pr.lanewise = lw->nodes[pr.a].kind == LN_PARALLEL;
                pr.d = wait_node(lw, body_child(lw, pr.b, y), y);
                pr.a = body_child(lw, pr.a, x);
                pr.at = IR_NONE;
                pr.at_pos = -1;
            } else if (direct && !far && !guarded &&
                       stage_lockstep(lw, &feet[i], &feet[j], x, y, &pr, ls, &after, &at)) {
                pr.fused = true;
                pr.a = x;
                pr.after = after;
                pr.d = y;
                pr.at = at;
                pr.at_pos = 0;
            }
            if (w != y || v != x) {
                /* one kind on different corelets: forward through w, back
                 * through v, every lane */
                struct pair bk = pr;
                pr.back = BACK_NONE;
                pr.lane_side = bk.lane_side = 0;
                pr.fwd &= w != 0;
                bk.fwd = false;
                bk.ub = lw->nodes[y].unit;
                if (v && bk.back != BACK_NONE) {
                    bk.ua = lw->nodes[v].unit;
                    push_pair(&pairs, &npairs, &cappairs, &bk);
                }
                if (!pr.fwd)
                    continue;
            }
            push_pair(&pairs, &npairs, &cappairs, &pr);
        }
    /* Per block and unit pair, in order of b: a signal from the latest a
     * unless an earlier signal already waited for an a as late; and when
     * the block runs more than once, one signal back after the last b,
     * awaited at the block's end, or, when only a dependence carried by an
     * outer loop needs one, after the child of that loop's body holding
     * the block, awaited at the body's end (the innermost such loop's).
     * Children are numbered in order. */
    if (npairs)
        qsort(pairs, npairs, sizeof *pairs, pair_cmp);
    for (uint32_t i = 0; i < npairs;) {
        uint32_t j = i, last_b = 0, outer = npairs;
        bool device = false, proven = false, all = false;
        while (j < npairs && pairs[j].r == pairs[i].r && pairs[j].ua == pairs[i].ua &&
               pairs[j].ub == pairs[i].ub && pairs[j].far == pairs[i].far)
            j++;
        /* one signal covers the earlier a's only if it joins their lanes */
        for (uint32_t k = i; k < j; k++)
            all |= pairs[k].all;
        uint32_t first_a = 0;
        bool fused = false, carried = false; /* signal the outer-loop pairs */
        for (uint32_t k = i; k < j; k++) {
            device |= pairs[k].device;
            if (pairs[k].back == BACK_R) {
                proven |= pairs[k].proven;
                last_b = pairs[k].b > last_b ? pairs[k].b : last_b;
                first_a = !first_a || pairs[k].a < first_a ? pairs[k].a : first_a;
                fused |= pairs[k].fused;
            } else if (pairs[k].back >= 0 && (outer == npairs || pairs[k].back > pairs[outer].back)) {
                outer = k;
            }
        }
        /* per lane: every pair of the group one (the earlier leaf in the
         * parallel: one such leaf), none in lockstep */
        bool lanes = pairs[i].lane_side != 0;
        for (uint32_t k = i; k < j; k++)
            lanes &= pairs[k].lane_side == pairs[i].lane_side && !pairs[k].fused &&
                     (pairs[k].lane_side == 2 || pairs[k].a == pairs[i].a);
        if (lanes)
            plan_lanes(lw, pairs + i, j - i, all);
        uint32_t last_fwd = 0;
        for (uint32_t k = i; k < j && !lanes; k++) {
            if (!pairs[k].fwd)
                continue;
            uint32_t n = k + 1;
            while (n < j && !pairs[n].fwd)
                n++;
            /* the latest a of this wait comes last; a lane-to-lane signal
             * covers only what that lane's unit ran before it */
            if (n < j && pairs[n].d == pairs[k].d && pairs[n].at == pairs[k].at &&
                (!pairs[n].lanewise || pairs[k].lanewise))
                continue;
            if (pairs[k].a <= last_fwd || covered(lw, pairs + i, j - i, &pairs[k]))
                continue;
            if (!pairs[k].fused)
                last_fwd = pairs[k].a; /* a lockstep signal covers its iteration only */
            uint32_t ch = lw->nchannels++;
            bool fall = all && !pairs[k].lanewise;
            uint32_t v = add_sync(lw, pairs[k].a, LW_AFTER, pairs[k].ua, pairs[k].ub, true, ch,
                                  fall);
            lw->syncs[v].at = pairs[k].after;
            uint32_t w = add_sync(lw, pairs[k].d, LW_BEFORE, pairs[k].ub, pairs[k].ua, false, ch, fall);
            lw->syncs[w].at = pairs[k].at;
        }
        if (last_b) {
            uint32_t ch = lw->nchannels++, r = pairs[i].r;
            add_sync(lw, last_b, LW_AFTER, pairs[i].ub, pairs[i].ua, true, ch, all);
            uint32_t loop = lw->nodes[r].parent;
            while (lw->nodes[loop].kind != LN_LOOP && lw->nodes[loop].kind != LN_PARALLEL)
                loop = lw->nodes[loop].parent;
            bool before = work_before(lw, r, first_a, pairs[i].ua);
            /* what B read is in K copies by runs of r's loop (ktc-nest's
             * resident-rows: row r in copy r mod K): A runs K - 1 ahead */
            int64_t copies = device || proven || fused || lw->nodes[loop].kind != LN_LOOP
                                 ? 1
                                 : group_copies(pairs + i, j - i, BACK_R);
            /* or by runs of a loop around r's loops of at most one trip
             * (need's copies_node): the credits around it */
            uint32_t cn = 0;
            for (uint32_t k = i; k < j && copies > 1; k++)
                if (pairs[k].back == BACK_R)
                    cn = !pairs[k].copies_node || (cn && cn != pairs[k].copies_node)
                             ? UINT32_MAX
                             : pairs[k].copies_node;
            if (cn == UINT32_MAX)
                cn = 0;
            /* a modulo(size: K) pipeline's phases (not device memory's,
             * which has none, nor a dependence proven from one iteration
             * to the next, which phases do not separate): K copies by the
             * runs of the loop its phases span */
            bool phased = modulo_of(lw, r) > 1 && !device && !proven;
            int64_t credits = phased && modulo_of(lw, r) > copies ? modulo_of(lw, r) : copies;
            uint32_t around = phased        ? credit_loop(lw, r, loop)
                              : cn          ? cn
                              : copies == 1 ? outermost_loop(lw, loop)
                                            : loop;
            if ((before || work_beside(lw, r, credit_node(lw, around), pairs[i].ua)) &&
                lw->nodes[loop].kind == LN_LOOP && !fused) {
                /* A waits in the next run of r, before the first a that
                 * writes what B read, not at r's end: its work in r before
                 * that goes on, and its work beside r, in r's loop's body
                 * (a block's tail) and in the loops around it up to
                 * `around` (the next row's first pass);
                 * one credit a copy, drained after */
                add_sync(lw, first_a, LW_BEFORE, pairs[i].ua, pairs[i].ub, false, ch, all);
                add_credits(lw, credit_node(lw, around), pairs + i, ch, all, credits);
                /* a wait at r's end covered the dependences carried by
                 * outer loops only; this one covers a's from first_a on */
                carried = outer < npairs;
            } else {
                /* at r's end, A running K - 1 runs ahead of B: K - 1
                 * credits for the loop its phases span */
                add_sync(lw, r, LW_END, pairs[i].ua, pairs[i].ub, false, ch, all);
                if (!device && !proven)
                    add_credits(lw, credit_node(lw, cn ? cn : credit_loop(lw, r, loop)), pairs + i,
                                ch, all, credits - 1);
            }
        } else {
            carried = outer < npairs;
        }
        if (carried) {
            uint32_t ch = lw->nchannels++;
            uint32_t ol = pairs[outer].outer_loop, r = pairs[i].r;
            uint32_t oc = pairs[outer].outer_c, ob = pairs[outer].outer_blk;
            add_sync(lw, oc, LW_AFTER, pairs[i].ub, pairs[i].ua, true, ch, all);
            int64_t copies = device ? 1 : group_copies(pairs + i, j - i, pairs[outer].back);
            bool early = work_before(lw, ob, oc, pairs[i].ua); /* in L's body */
            uint32_t around = copies == 1 ? outermost_loop(lw, ol) : ol;
            if ((early || work_beside(lw, ol, credit_node(lw, around), pairs[i].ua)) &&
                lw->nodes[ol].kind == LN_LOOP) {
                /* as at r (above): A waits in L's next iteration, before
                 * the op holding R, not at the end of L's body (a masked
                 * row's old lanes wait for the row before's stores, the
                 * row's first passes do not); one credit a copy */
                add_sync(lw, oc, LW_BEFORE, pairs[i].ua, pairs[i].ub, false, ch, all);
                add_credits(lw, credit_node(lw, around), pairs + i, ch, all, copies);
            } else {
                /* in K copies by the loop's runs: K - 1 credits for it */
                add_sync(lw, ob, LW_END, pairs[i].ua, pairs[i].ub, false, ch, all);
                add_credits(lw, credit_node(lw, ol), pairs + i, ch, all, copies - 1);
            }
            if (copies > 1 && modulo_of(lw, r) > 1) {
                /* a modulo pipeline's loads so freed stay within K' - 1
                 * runs of its compute, as one copy would keep them, across
                 * the loop: not a whole row ahead, crowding device memory
                 * (center_rows, N = 4096: 5806 -> 5496 cycles) */
                uint32_t last = 0;
                for (uint32_t k = i; k < j; k++)
                    last = pairs[k].b > last ? pairs[k].b : last;
                uint32_t c2 = lw->nchannels++;
                add_sync(lw, last, LW_AFTER, pairs[i].ub, pairs[i].ua, true, c2, all);
                add_sync(lw, r, LW_END, pairs[i].ua, pairs[i].ub, false, c2, all);
                add_credits(lw, credit_node(lw, ol), pairs + i, c2, all, modulo_of(lw, r) - 1);
            }
        }
        i = j;
    }
    ok = plan_ring(lw, leaves, nleaves, feet);
    if (ok && !(lw->disabled >> SCHED_LOWER_INVARIANT_LOADS & 1)) {
        plan_hoists(lw, leaves, nleaves, feet);
        settle_hoists(lw);
    }
out:
    for (uint32_t i = 0; i < nleaves; i++) {
        for (uint32_t k = 0; k < feet[i].n; k++)
            free(feet[i].a[k].box);
        free(feet[i].a);
    }
    free(feet);
    free(leaves);
    free(hl);
    free(pairs);
    free(ls);
    free(bounds);
    return ok;
}

/* nest.c - ktc-nest's driver (nest.h): runs the transformations in order,
 * each unless disabled, and the helpers they share (nest_int.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/irfile.h"
#include "ktir/ops.h"
#include "sched/nest_int.h"

static const char *const transform_names[] = {
#define X(e, s) s,
    SCHED_NEST_TRANSFORMS(X)
#undef X
};

enum sched_nest_transform sched_nest_transform_named(const char *s)
{
    for (uint32_t i = 0; i < SCHED_NEST_NTRANSFORMS; i++)
        if (strcmp(s, transform_names[i]) == 0)
            return (enum sched_nest_transform)i;
    return SCHED_NEST_NTRANSFORMS;
}

bool nest_error(struct nest_ctx *c, ir_op op, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ir_diag_at(c->diag, c->m, ir_op_get(c->m, op)->loc, IR_SEV_ERROR, "%s", msg);
    c->failed = true;
    return false;
}

void nest_note_fused(struct nest_ctx *c, ir_op loop)
{
    if (c->nfused < sizeof c->fused / sizeof c->fused[0] && !nest_is_fused(c, loop))
        c->fused[c->nfused++] = loop;
}

bool nest_is_fused(const struct nest_ctx *c, ir_op loop)
{
    for (uint32_t i = 0; i < c->nfused; i++)
        if (c->fused[i] == loop)
            return true;
    return false;
}

/* ---- linear forms ------------------------------------------------------------ */

bool nest_unit_iv(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    int64_t trips;
    if (!vi->is_arg || vi->index != 0)
        return false;
    ir_op l = ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
    return ir_op_get(m, l)->kind == IR_OP_SCF_FOR && nest_for_normal(m, l, &trips) && trips == 1;
}

bool nest_const_diff(const struct ir_module *m, ir_value a, ir_value b, int64_t *out)
{
    struct sched_lin x, y;
    sched_lin_of(m, a, &x);
    sched_lin_of(m, b, &y);
    if (!sched_lin_add(&x, &y, -1))
        return false;
    for (uint32_t i = 0; i < x.n; i++)
        if (!nest_unit_iv(m, x.v[i]))
            return false;
    *out = x.c;
    return true;
}

/* ---- structure ----------------------------------------------------------------- */

static bool has_pipeline_in(const struct ir_module *m, ir_op op, bool need_loop)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDF_PIPELINE)
        return !need_loop;
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c) {
                if (need_loop && ir_op_get(m, c)->kind == IR_OP_SCF_FOR && nest_has_pipeline(m, c))
                    return true;
                if (has_pipeline_in(m, c, need_loop))
                    return true;
            }
    return false;
}

bool nest_has_pipeline(const struct ir_module *m, ir_op op)
{
    return has_pipeline_in(m, op, false);
}

bool nest_has_loop_nest(const struct ir_module *m, ir_op op)
{
    return has_pipeline_in(m, op, true);
}

bool nest_invariant(const struct ir_module *m, ir_op op, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++)
        if (ir_value_defined_in(m, o->opnd[i], loop))
            return false;
    return true;
}

bool nest_is_pass(const struct ir_module *m, ir_op op)
{
    uint32_t k = ir_op_get(m, op)->kind;
    return k == IR_OP_KTDF_PIPELINE || k == IR_OP_SCF_FOR;
}

static ir_op func_named_in(const struct ir_module *m, ir_block b, const char *name)
{
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_BUILTIN_MODULE) {
            ir_op f = func_named_in(m, ir_region_entry(m, o->regs[0]), name);
            if (f)
                return f;
        } else if (o->kind == IR_OP_FUNC_FUNC && o->nreg &&
                   ir_region_get(m, o->regs[0])->first) {
            ir_attr s = ir_op_attr(m, op, "sym_name");
            if (s && strcmp(ir_str_get(m, ir_attr_get(m, s)->s), name) == 0)
                return op;
        }
    }
    return IR_NONE;
}

ir_op nest_func_named(const struct ir_module *m, const char *name)
{
    return func_named_in(m, ir_module_body(m), name);
}

static void programs_in(struct nest_ctx *c, ir_block b, uint32_t *cap)
{
    struct ir_module *m = c->m;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_BUILTIN_MODULE)
            programs_in(c, ir_region_entry(m, o->regs[0]), cap);
        else if (o->kind == IR_OP_FUNC_FUNC && nest_has_pipeline(m, op)) {
            if (c->nprogs == *cap) {
                *cap = *cap ? 2 * *cap : 8;
                c->progs = realloc(c->progs, *cap * sizeof *c->progs);
                if (!c->progs)
                    abort();
            }
            c->progs[c->nprogs++] = op;
        }
    }
}

void nest_find_programs(struct nest_ctx *c)
{
    uint32_t cap = 0;
    free(c->progs);
    c->progs = NULL;
    c->nprogs = 0;
    programs_in(c, ir_module_body(c->m), &cap);
}

bool nest_plain(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return o->kind != IR_OP_SCF_YIELD && !o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE);
}

bool nest_row_loop_of(const struct ir_module *m, ir_op fn, ir_op row, int64_t *n)
{
    for (ir_op p = ir_op_parent(m, row); p && p != fn; p = ir_op_parent(m, p))
        if (ir_op_get(m, p)->kind != IR_OP_SCF_FOR)
            return false;
    return ir_op_get(m, row)->kind == IR_OP_SCF_FOR && !nest_loop_type(m, row) &&
           !ir_op_get(m, row)->nres && nest_for_normal(m, row, n) && *n >= 2;
}

bool nest_row_body(const struct ir_module *m, ir_op row, struct sched_ops *plain,
                   struct sched_ops *work)
{
    IR_FOR_OPS(m, nest_for_body(m, row), op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_SCF_YIELD)
            continue;
        if (nest_plain(m, op))
            sched_ops_push(plain, op);
        else if ((o->kind == IR_OP_SCF_FOR && !o->nres && nest_has_pipeline(m, op)) ||
                 o->kind == IR_OP_KTDF_PIPELINE)
            sched_ops_push(work, op);
        else
            return false;
    }
    return true;
}

ir_value nest_for_iv(const struct ir_module *m, ir_op loop)
{
    return ir_block_get(m, nest_for_body(m, loop))->args[0];
}

ir_block nest_for_body(const struct ir_module *m, ir_op loop)
{
    return ir_region_entry(m, ir_op_region(m, loop, 0));
}

bool nest_for_normal(const struct ir_module *m, ir_op loop, int64_t *trips)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, step;
    return split_const_int(m, o->opnd[0], &lb) && lb == 0 &&
           split_const_int(m, o->opnd[2], &step) && step == 1 &&
           split_const_int(m, o->opnd[1], trips);
}

bool nest_for_at_most_once(const struct ir_module *m, ir_op loop)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t lb, step, n, k, r;
    if (o->nopnd != 3 || !split_const_int(m, o->opnd[0], &lb) || lb != 0 ||
        !split_const_int(m, o->opnd[2], &step) || step != 1)
        return false;
    if (split_const_int(m, o->opnd[1], &n))
        return n <= 1;
    /* (x mod r) / k with r <= 2k: remainder-pieces' digits */
    ir_op d = ir_value_def(m, o->opnd[1]);
    const struct ir_op_info *q = d ? ir_op_get(m, d) : NULL;
    if (!q || q->kind != IR_OP_ARITH_DIVUI || !split_const_int(m, q->opnd[1], &k) || k < 1)
        return false;
    ir_op e = ir_value_def(m, q->opnd[0]);
    const struct ir_op_info *x = e ? ir_op_get(m, e) : NULL;
    return x && x->kind == IR_OP_ARITH_REMUI && split_const_int(m, x->opnd[1], &r) && r >= 1 &&
           r <= 2 * k;
}

ir_value nest_make_op(struct split_b *b, const char *name, ir_type t)
{
    struct ir_op_state st;
    ir_state_init(&st, b->m, name, b->loc);
    if (strcmp(name, "memref.alloc") == 0)
        ir_state_set_attr(b->m, &st, "operandSegmentSizes",
                          split_segments(b->m, 2, (const int64_t[]){0, 0}));
    ir_state_add_result(b->m, &st, t);
    return ir_op_result(b->m, sb_emit(b, &st), 0);
}

ir_op nest_make_for(struct split_b *b, ir_value lb, ir_value ub, ir_value step, const char *type,
                    const char *iv_name, ir_op *yield)
{
    struct ir_module *m = b->m;
    struct ir_op_state st;
    ir_state_init(&st, m, "scf.for", b->loc);
    ir_state_add_operand(m, &st, lb);
    ir_state_add_operand(m, &st, ub);
    ir_state_add_operand(m, &st, step);
    if (type)
        ir_state_set_attr(m, &st, "loop_type", split_loop_type(m, type));
    ir_block body = sb_region(m, &st);
    ir_block_add_arg(m, body, m->t_index, iv_name ? ir_str_c(m, iv_name) : IR_NONE);
    struct ir_op_state y;
    ir_state_init(&y, m, "scf.yield", b->loc);
    *yield = ir_op_create(m, &y);
    ir_block_append_op(m, body, *yield);
    return sb_emit(b, &st);
}

/* Whether op may sit in a point loop's body beside pipelines and inner
 * loops: pure, without regions. */
static bool plain_op(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    return o->kind == IR_OP_SCF_YIELD || (!o->nreg && (ir_op_def(o->kind)->flags & IR_OPF_PURE));
}

bool nest_loop_body_ok(const struct ir_module *m, ir_op loop, bool *pipes)
{
    IR_FOR_OPS(m, nest_for_body(m, loop), op) {
        uint32_t k = ir_op_get(m, op)->kind;
        if (k == IR_OP_KTDF_PIPELINE)
            *pipes = true;
        else if (k == IR_OP_SCF_FOR) {
            if (!nest_inner_loop(m, op, NULL))
                return false;
            *pipes = true;
        } else if (!plain_op(m, op)) {
            return false;
        }
    }
    return true;
}

bool nest_inner_loop(const struct ir_module *m, ir_op loop, int64_t *trips)
{
    const struct ir_op_info *o = ir_op_get(m, loop);
    int64_t n;
    const char *t = nest_loop_type(m, loop);
    bool pipes = false;
    if (o->kind != IR_OP_SCF_FOR || o->nopnd != 3 || o->nres || !nest_for_normal(m, loop, &n) ||
        n < 1 || (t && strcmp(t, "parallel_loop") != 0) || !nest_loop_body_ok(m, loop, &pipes) ||
        !pipes)
        return false;
    if (trips)
        *trips = n;
    return true;
}

const char *nest_loop_type(const struct ir_module *m, ir_op loop)
{
    ir_attr a = ir_op_attr(m, loop, "loop_type");
    const struct ir_attr_info *ai = a ? ir_attr_get(m, a) : NULL;
    if (!ai || ai->kind != IR_AT_OPAQUE || !ai->body)
        return NULL;
    return ir_str_get(m, ai->body);
}

void nest_replace_from(struct ir_module *m, ir_op first, ir_value from, ir_value to)
{
    for (ir_op op = first; op; op = ir_op_get(m, op)->next)
        split_replace_uses(m, op, from, to);
}

static bool fold_walk(struct ir_module *m, ir_op op, void *ctx)
{
    ir_op fn = *(ir_op *)ctx;
    const struct ir_op_info *o = ir_op_get(m, op);
    int64_t x, y, r;
    bool folded = false;
    switch (o->kind) {
    case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI:
    case IR_OP_ARITH_CEILDIVUI: case IR_OP_ARITH_CEILDIVSI: case IR_OP_ARITH_DIVUI:
    case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_MINSI:
        if (ir_value_type(m, o->res) != m->t_index || !split_const_int(m, o->opnd[0], &x) ||
            !split_const_int(m, o->opnd[1], &y))
            break;
        folded = true;
        switch (o->kind) {
        case IR_OP_ARITH_ADDI: r = x + y; break;
        case IR_OP_ARITH_SUBI: r = x - y; break;
        case IR_OP_ARITH_MULI: r = x * y; break;
        case IR_OP_ARITH_MINSI: r = x < y ? x : y; break;
        case IR_OP_ARITH_CEILDIVUI: case IR_OP_ARITH_CEILDIVSI:
            folded = y > 0;
            r = folded ? (x + y - 1) / y : 0;
            break;
        default:
            folded = y > 0;
            r = folded ? x / y : 0;
        }
        break;
    case IR_OP_KTDF_TILING_DERIVE_SIZE:
        /* [%t : T], total_size = n with T dividing n: T */
        if (o->nopnd == 3 && split_const_int(m, o->opnd[1], &x) &&
            split_const_int(m, o->opnd[2], &y) && x > 0 && y % x == 0) {
            folded = true;
            r = x;
        }
        break;
    default:
        break;
    }
    if (folded) {
        struct split_b b;
        sb_before(&b, m, op, o->loc);
        ir_value k = sb_index(&b, r);
        split_replace_uses(m, fn, o->res, k);
        ir_op_unlink(m, op);
        return false; /* restart: the walk's links changed */
    }
    return true;
}

void nest_fold(struct ir_module *m, ir_op fn)
{
    while (!ir_walk(m, fn, fold_walk, &fn))
        ;
    split_dce(m, fn);
}

int64_t nest_memref_bytes(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    int64_t n = ir_type_numel(m, t);
    if (ti->kind != IR_TY_MEMREF || n < 0)
        return 0;
    return n * ir_type_bytes(m, ti->elem);
}

const char *nest_memref_space(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind != IR_TY_MEMREF || !ti->attr1)
        return NULL;
    const struct ir_attr_info *a = ir_attr_get(m, ti->attr1);
    return a->kind == IR_AT_STRING ? ir_str_get(m, a->s) : NULL;
}

/* Moves the index constants of fn outside pipelines to its top, one per
 * value. */
static void tidy_constants(struct ir_module *m, ir_op fn, ir_block blk, ir_op *seen, uint32_t *n,
                           struct split_vmap *same)
{
    ir_block entry = ir_region_entry(m, ir_op_region(m, fn, 0));
    ir_op next;
    for (ir_op op = ir_block_get(m, blk)->first; op; op = next) {
        next = ir_op_get(m, op)->next;
        const struct ir_op_info *o = ir_op_get(m, op);
        int64_t v, w;
        if (o->kind == IR_OP_KTDF_PIPELINE)
            continue;
        if (o->kind == IR_OP_ARITH_CONSTANT && ir_value_type(m, o->res) == m->t_index &&
            split_const_int(m, o->res, &v)) {
            uint32_t i = 0;
            while (i < *n && !(split_const_int(m, ir_op_get(m, seen[i])->res, &w) && w == v))
                i++;
            if (i < *n) { /* its uses take seen[i]'s (all at once, after) */
                split_vmap_set(same, o->res, ir_op_get(m, seen[i])->res);
                ir_op_unlink(m, op);
                continue;
            }
            if (*n < 256)
                seen[(*n)++] = op;
            if (blk != entry) {
                ir_op_unlink(m, op);
                ir_op_insert_before(m, ir_block_get(m, entry)->first, op);
            }
            continue;
        }
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
                tidy_constants(m, fn, b, seen, n, same);
    }
}

static void tidy(struct ir_module *m, ir_op fn)
{
    ir_op seen[256];
    uint32_t n = 0;
    struct split_vmap same = {0};
    tidy_constants(m, fn, ir_region_entry(m, ir_op_region(m, fn, 0)), seen, &n, &same);
    split_replace_mapped(m, fn, &same);
    split_vmap_free(&same);
    split_dce(m, fn);
}

static bool tidy_funcs(struct ir_module *m, ir_op op, void *ctx)
{
    (void)ctx;
    if (ir_op_get(m, op)->kind == IR_OP_FUNC_FUNC && ir_op_get(m, op)->nreg &&
        ir_region_get(m, ir_op_region(m, op, 0))->first)
        tidy(m, op);
    return true;
}

/* ---- the driver ----------------------------------------------------------- */

/* What a run of the transformations leaves for re-tiling (sched_nest). */
struct outcome {
    double merged; /* the one program's merged cycles (nest_program_merged), or < 0 */
    uint32_t ntiles; /* tile sizes chosen */
    int64_t tile, points; /* the first one's, and its point loop's trips */
    int64_t tile_multiple; /* and the multiple its tiles must be (nest_cost.h) */
    bool jammed;          /* row-jam rewrote a row loop, */
    int64_t jam_rows;     /* taking at most this many rows a run */
    double modeled;       /* the programs' modeled cycles (nest_program_modeled), or < 0 */
    /* without a model (launch-time trip counts not assumed), the one at the
     * arguments' nominal values (nest_note_nominal; the first run's for
     * those after it), or < 0 */
    double nominal;
    struct nest_nominal at[NEST_NOMINALS];
    uint32_t nat;
};

/* The programs of c modeled with the assumptions and the nominal values
 * at[0..nat) (nest_program_modeled), or < 0. */
static double modeled_at(struct nest_ctx *c, const struct nest_nominal *at, uint32_t nat)
{
    const struct sched_nest_options *o = c->o;
    struct sched_nest_assume a[32 + NEST_NOMINALS];
    struct sched_nest_options with = *o;
    uint32_t n = 0;
    for (uint32_t i = 0; i < o->nassume && i < 32; i++)
        a[n++] = o->assume[i];
    for (uint32_t i = 0; i < nat; i++)
        a[n++] = (struct sched_nest_assume){.name = at[i].name, .value = at[i].value};
    with.assume = a;
    with.nassume = n;
    c->o = &with;
    double sum = 0;
    for (uint32_t i = 0; i < c->nprogs && sum >= 0; i++) {
        double p = nest_program_modeled(c, c->progs[i]);
        sum = p < 0 ? -1 : sum + p;
    }
    c->o = o;
    return sum;
}

/* One run of the transformations over m. With `model` (or when row-jam
 * rewrote a row loop) out->modeled prices the programs, or, without a
 * model, out->nominal at the nominal values `at` (NULL: the run's own). */
static bool run(struct ir_module *m, const struct arch_device *dev,
                const struct sched_nest_options *o, struct ir_diag *diag, bool model,
                const struct outcome *at, struct outcome *out)
{
    struct nest_ctx c = {.m = m, .dev = dev, .o = o, .diag = diag};
#define ON(x) (!(o->disabled & (UINT64_C(1) << SCHED_NEST_##x)))
    if (!nest_assume_check(&c))
        return false;
    if (ON(FOLD_GRID) && ON(SINK) && !nest_fold_grid(&c))
        return false;
    if (ON(SINK))
        nest_sink(&c);
    nest_find_programs(&c);
    bool *overlapped = calloc(c.nprogs ? c.nprogs : 1, sizeof *overlapped);
    if (!overlapped)
        abort();
    c.overlapped = overlapped;
    c.at_start = calloc(c.nprogs ? c.nprogs : 1, sizeof *c.at_start);
    if (!c.at_start)
        abort();
    bool jammed = false;
    int64_t jam_rows = 0;
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++) {
        if (ON(REDUCTIONS))
            nest_reductions(&c, c.progs[i]);
        if (ON(NORMALIZE))
            nest_normalize(&c, c.progs[i]);
        if (ON(OVERLAP_ROWS) && ON(NORMALIZE))
            overlapped[i] = nest_overlap_rows(&c, c.progs[i]);
        if (ON(ROW_JAM) && ON(NORMALIZE) && !overlapped[i])
            jammed |= nest_row_jam(&c, c.progs[i], &jam_rows);
        if (ON(TILING))
            nest_tiling(&c, c.progs[i]);
    }
    if (!c.failed && ON(TILE_SIZES))
        nest_tile_sizes(&c);
    /* remainder-nests: a dynamic trip count left a remainder loop, the
     * point loop as it was; its inner loops become nests of their own, their
     * tiles chosen by the cost model (--tile-sizes names the first round's) */
    bool again = false;
    for (uint32_t i = 0; i < c.nprogs && !c.failed && ON(REMAINDER_NESTS) && ON(TILING); i++)
        again |= nest_tiling_remainders(&c, c.progs[i]);
    if (again && !c.failed && ON(TILE_SIZES)) {
        struct sched_nest_options o2 = *o;
        o2.tile_sizes = NULL;
        o2.ntile_sizes = 0;
        c.o = &o2;
        nest_tile_sizes(&c);
        c.o = o;
    }
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++) {
        if (ON(BROADCAST))
            nest_broadcast(&c, c.progs[i]);
        if (ON(COARSENING))
            nest_coarsen(&c, c.progs[i]);
        if (ON(BROADCAST) && ON(COARSENING))
            nest_broadcast_outer(&c, c.progs[i]);
        if (ON(DOUBLE_BUFFERING))
            nest_double_buffer(&c, c.progs[i]);
    }
    if (!c.failed && ON(CORELETS))
        nest_corelets(&c);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(SPLAT_HOIST))
            nest_splat_hoist(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(REGISTER_CARRY))
            nest_carry(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(FUSE_POINTS))
            nest_fuse_points(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(REGISTER_FOLDS))
            nest_register_folds(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(UNIT_LOOPS) && ON(FUSE_PIPELINES))
            nest_unit_loops(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(FUSE_PIPELINES))
            nest_fuse(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed && ON(FUSE_PIPELINES); i++)
        nest_split_points(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(STREAM_LOOPS))
            nest_stream(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(LANE_TRANSFERS))
            nest_lane_transfers(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(RESIDENT_ROWS))
            nest_resident(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(SHARED_WORDS))
            nest_shared_words(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(STORE_BLOCKS))
            nest_store_blocks(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(INVARIANT_SENDS))
            nest_invariant_sends(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (ON(PEEL_CARRIES))
            nest_peel_carries(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (overlapped[i] || c.at_start[i])
            nest_overlap_allocs(&c, c.progs[i]);
    free(overlapped);
    free(c.at_start);
#undef ON
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_EARLY_SPLATS)))
            nest_early_splats(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed && o->stats; i++)
        nest_program_stats(&c, c.progs[i]);
    if (!c.failed && o->stats)
        nest_assume_stats(&c);
    *out = (struct outcome){.merged = -1,
                            .ntiles = c.nchosen,
                            .tile = c.nchosen ? c.chosen[0].tile : 0,
                            .points = c.nchosen ? c.chosen[0].points : 0,
                            .tile_multiple = c.nchosen ? (int64_t)c.chosen[0].p.tile_multiple : 0,
                            .jammed = jammed,
                            .jam_rows = jam_rows};
    if (!c.failed && c.nprogs == 1)
        out->merged = nest_program_merged(&c, c.progs[0]);
    out->nominal = -1;
    if (!c.failed && (jammed || model)) {
        out->modeled = modeled_at(&c, NULL, 0);
        out->nat = at ? at->nat : c.nnominal;
        memcpy(out->at, at ? at->at : c.nominal, sizeof out->at);
        if (out->modeled < 0 && out->nat)
            out->nominal = modeled_at(&c, out->at, out->nat);
    }
    /* reuse-results: after the model priced the program (it takes work
     * away) */
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_REUSE_RESULTS)))
            nest_reuse_results(&c, c.progs[i]);
    /* forward-copies: after the model priced the program (with the copy) */
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_FORWARD_COPIES)))
            nest_forward_copies(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_CORELETS)))
            nest_row_corelets(&c, c.progs[i]);
    for (uint32_t i = 0; i < c.nprogs && !c.failed; i++)
        if (!(o->disabled & (UINT64_C(1) << SCHED_NEST_LATE_PROLOGUE)))
            nest_late_prologue(&c, c.progs[i]);
    if (!c.failed)
        ir_walk(m, m->top, tidy_funcs, NULL);
    free(c.progs);
    return !c.failed;
}

/* re-tiling: a program of one nest whose pipelines merged after its tile
 * was chosen (tile-size selection prices its passes apart, each waiting
 * for the one before once a tile, so it favours large tiles) is run again
 * from its input at a quarter, half and twice that tile, and the run the
 * merged model finds fastest, by half a percent at least, is kept, when
 * the nest runs 8 tiles or more
 * (layernorm_1024x1024: tiles of 16 rows modeled 21539 cycles, of 4
 * 21223; simulated 22261 and 21519). */
enum {
    RETILE_CANDIDATES = 3,
    /* only for this many tiles or more: on fewer, the model's error on
     * the first and last tiles is more than a tile size wins (norm
     * kernels of 16 rows: tiles of 2 or 8 instead of 4, 3-11% slower) */
    RETILE_TILES = 8,
};
/* a candidate is kept only that much faster in the model (its error) */
static const double RETILE_MARGIN = 0.005;

/* A run's --stats, held until the run kept is known. */
struct held {
    char *text;
    size_t len;
    FILE *f;
};

/* o with its --stats into h (none when o has none). */
static struct sched_nest_options holding(const struct sched_nest_options *o, struct held *h)
{
    struct sched_nest_options held = *o;
    *h = (struct held){0};
    if (o->stats && !(h->f = open_memstream(&h->text, &h->len)))
        abort();
    held.stats = h->f;
    return held;
}

/* Closes h, its text written to `to` (NULL: dropped). */
static void release(struct held *h, FILE *to)
{
    if (!h->f)
        return;
    fclose(h->f);
    if (to)
        fwrite(h->text, 1, h->len, to);
    free(h->text);
    *h = (struct held){0};
}

/* Whether ROW_JAM is on in o. */
static bool jam_on(const struct sched_nest_options *o)
{
    return !(o->disabled & (UINT64_C(1) << SCHED_NEST_ROW_JAM));
}

/* --stats held for the first run, the runs row-jam's choice makes (at
 * most HELD_RETILE of them), and re-tiling's candidates (open_memstream
 * keeps their addresses). */
enum { HELD_PLAIN = 1, HELD_JAM = 2, HELD_RETILE = 2 + NEST_JAM_ROWS_MAX / NEST_JAM_ROWS };

/* How close (a fraction) two runs' modeled cycles are to count as a tie
 * (jam_choice: the jammed runs among themselves, and the fastest of them
 * against the one without row-jam). */
#define JAM_TIE 0.005

/* row-jam by the model: when the run into m (outcome *first, its --stats
 * held in h[0]) jammed a row loop of N rows, NEST_JAM_ROWS a run, the
 * transformations run again from the input (snap) with twice as many rows
 * a run while they are fewer than N, up to NEST_JAM_ROWS_MAX (h[HELD_JAM
 * ..]), and without row-jam (h[HELD_PLAIN]); the program the model prices
 * fastest stays in m, with its outcome (a jammed one when modeled faster
 * than the one without, or no slower within JAM_TIE at the nominal
 * values; without a model, the one without row-jam); *cur: the held
 * --stats of the run kept, *o_eff: its options. */
static void jam_choice(struct ir_module *m, const struct arch_device *dev,
                       const struct sched_nest_options *o, const unsigned char *snap, size_t nsnap,
                       struct outcome *first, struct held *h, int *cur,
                       struct sched_nest_options *o_eff)
{
    struct run_of {
        struct ir_module *m; /* NULL: m itself (the first run) */
        struct outcome r;
        struct sched_nest_options o; /* of the runs after the first */
        int held;
        uint32_t rows; /* a run; 0: no row-jam */
        bool ok;       /* it ran */
        double cost;   /* what the choice compares: its modeled cycles, or < 0 */
    } runs[HELD_RETILE];
    uint32_t nruns = 0;
    if (!first->jammed)
        return;
    /* rows a run: K, or the loop's rows when fewer */
    uint32_t n = first->jam_rows > 0 && (uint64_t)first->jam_rows < NEST_JAM_ROWS_MAX
                     ? (uint32_t)first->jam_rows
                     : NEST_JAM_ROWS_MAX;
    runs[nruns++] = (struct run_of){
        .r = *first, .held = 0, .rows = n < NEST_JAM_ROWS ? n : NEST_JAM_ROWS, .ok = true};
    for (uint32_t k = 2 * NEST_JAM_ROWS, at = HELD_JAM; k <= NEST_JAM_ROWS_MAX && k / 2 < n;
         k *= 2, at++)
        runs[nruns++] = (struct run_of){.o = *o, .held = (int)at, .rows = k < n ? k : n};
    struct run_of *plain = &runs[nruns++];
    *plain = (struct run_of){.o = *o, .held = HELD_PLAIN, .rows = 0};
    plain->o.disabled |= UINT64_C(1) << SCHED_NEST_ROW_JAM;
    for (uint32_t i = 1; i < nruns; i++) {
        char err[256];
        struct run_of *u = &runs[i];
        u->o.jam_rows = u->rows;
        u->r.modeled = -1;
        if (ir_file_read_mem(snap, nsnap, NULL, &u->m, NULL, 0, err, sizeof err) != 0) {
            u->m = NULL;
            u->held = -1;
            continue;
        }
        struct sched_nest_options oh = holding(&u->o, &h[u->held]);
        struct ir_diag quiet;
        ir_diag_init(&quiet, NULL);
        u->ok = run(u->m, dev, &oh, &quiet, true, first, &u->r);
        if (!u->ok)
            u->r.modeled = -1;
        ir_diag_free(&quiet);
    }
    /* priced by the model, or, when no run has a model (launch-time trip
     * counts not assumed), at the nominal values every run has a price at */
    bool nominal = true;
    for (uint32_t i = 0; i < nruns; i++) {
        nominal &= !runs[i].ok || runs[i].r.modeled < 0;
        runs[i].cost = runs[i].ok ? runs[i].r.modeled : -1;
    }
    for (uint32_t i = 0; i < nruns && nominal; i++)
        runs[i].cost = runs[i].ok ? runs[i].r.nominal : -1;
    /* the fastest jammed run, against the one without row-jam; of runs the
     * model prices within JAM_TIE of each other, the one of more rows
     * (nest.h) */
    struct run_of *best = &runs[0];
    for (uint32_t i = 1; i + 1 < nruns; i++)
        if (runs[i].cost >= 0 && (best->cost < 0 || runs[i].cost < best->cost * (1 + JAM_TIE)))
            best = &runs[i];
    bool keep =
        !plain->ok || /* no run without it to fall back on */
        (best->cost >= 0 && plain->cost >= 0 &&
         (best->cost < plain->cost || (nominal && best->cost <= plain->cost * (1 + JAM_TIE))));
    struct run_of *win = keep ? best : plain;
    if (win != &runs[0]) {
        struct ir_module tmp = *m; /* m takes win's contents; win's frees m's */
        *m = *win->m;
        *win->m = tmp;
        *first = win->r;
        *o_eff = win->o;
        *cur = win->held;
    }
    for (uint32_t i = 0; i < nruns; i++) {
        if (&runs[i] != win && runs[i].held >= 0)
            release(&h[runs[i].held], NULL);
        if (runs[i].m)
            ir_module_free(runs[i].m);
    }
    FILE *f = h[*cur].f;
    if (!f)
        return;
    fprintf(f, "ktc-nest: row-jam: %s", keep ? "kept" : "dropped");
    if (keep)
        fprintf(f, ", %u rows a run", win->rows);
    fprintf(f, " (cycles modeled");
    for (uint32_t i = 0; nominal && i < first->nat; i++)
        fprintf(f, "%s %s = %lld", i ? "," : " at the nominal", first->at[i].name,
                (long long)first->at[i].value);
    fprintf(f, "%s", nominal && first->nat ? ":" : "");
    for (uint32_t i = 0; i < nruns; i++) {
        if (runs[i].cost < 0)
            fprintf(f, "%s none", i ? "," : "");
        else
            fprintf(f, "%s %.0f", i ? "," : "", runs[i].cost);
        if (runs[i].rows)
            fprintf(f, " with %u rows a run", runs[i].rows);
        else
            fprintf(f, " without it");
    }
    fprintf(f, ")\n");
}

/* The transformations over m (its input snap[0, nsnap), NULL: none),
 * with row-jam's and re-tiling's choices. */
static bool choose(struct ir_module *m, const struct arch_device *dev,
                   const struct sched_nest_options *o, struct ir_diag *diag,
                   const unsigned char *snap, size_t nsnap)
{
    char err[256];
    struct outcome first;
    /* --tile-sizes names the reserve_size ops of the program as it comes:
     * its row loops stay as they are */
    struct sched_nest_options o_eff = *o;
    if (o->tile_sizes)
        o_eff.disabled |= UINT64_C(1) << SCHED_NEST_ROW_JAM;
    bool retile = !o->tile_sizes && !(o->disabled & (UINT64_C(1) << SCHED_NEST_RETILE)) &&
                  !(o->disabled & (UINT64_C(1) << SCHED_NEST_TILE_SIZES));
    if ((!retile && !jam_on(&o_eff)) || !snap)
        return run(m, dev, &o_eff, diag, false, NULL, &first);
    struct held h[HELD_RETILE + RETILE_CANDIDATES];
    int kept = 0;
    struct sched_nest_options o1 = holding(&o_eff, &h[0]);
    bool ok = run(m, dev, &o1, diag, false, NULL, &first);
    /* (with tile-size selection off nothing is priced: row-jam stays) */
    if (ok && jam_on(&o_eff) && !(o->disabled & (UINT64_C(1) << SCHED_NEST_TILE_SIZES)))
        jam_choice(m, dev, &o_eff, snap, nsnap, &first, h, &kept, &o_eff);
    if (!ok || !retile || first.merged < 0 || first.ntiles != 1 || first.tile < 2 ||
        first.points < RETILE_TILES * first.tile) {
        release(&h[kept], o->stats);
        return ok;
    }
    const int64_t cand[RETILE_CANDIDATES] = {first.tile / 4, first.tile / 2, first.tile * 2};
    struct ir_module *best = NULL;
    double best_cycles = first.merged;
    int64_t best_tile = first.tile;
    for (int i = 0; i < RETILE_CANDIDATES; i++) {
        struct ir_module *m2;
        if (cand[i] < 1 || /* twice the tile is under the points: 8 tiles at least */
            (first.tile_multiple > 1 && cand[i] % first.tile_multiple) ||
            ir_file_read_mem(snap, nsnap, NULL, &m2, NULL, 0, err, sizeof err) != 0)
            continue;
        struct sched_nest_tile t = {cand[i], 0, 0};
        struct sched_nest_options o2 = holding(&o_eff, &h[HELD_RETILE + i]);
        o2.tile_sizes = &t;
        o2.ntile_sizes = 1;
        struct ir_diag quiet;
        ir_diag_init(&quiet, NULL);
        struct outcome r;
        if (run(m2, dev, &o2, &quiet, false, NULL, &r) && r.merged >= 0 &&
            r.merged < best_cycles * (1 - RETILE_MARGIN)) {
            ir_module_free(best);
            best = m2;
            best_cycles = r.merged;
            best_tile = cand[i];
            release(&h[kept], NULL);
            kept = HELD_RETILE + i;
        } else {
            ir_module_free(m2);
            release(&h[HELD_RETILE + i], NULL);
        }
        ir_diag_free(&quiet);
    }
    release(&h[kept], o->stats);
    if (!best)
        return true;
    struct ir_module tmp = *m; /* m takes best's contents; best frees m's */
    *m = *best;
    *best = tmp;
    ir_module_free(best);
    if (o->stats)
        fprintf(o->stats,
                "ktc-nest: re-tiling: tile %lld, not %lld (tile-size selection's, the program "
                "then %.0f cycles)\n",
                (long long)best_tile, (long long)first.tile, first.merged);
    return true;
}

/* What scratch_fits finds: the first function whose scratchpad buffers
 * exceed its scratchpad side by side, their bytes and its size. */
struct overflow {
    const struct arch_device *dev;
    int64_t need, cap;
    bool over;
};

static bool overflow_fn(struct ir_module *m, ir_op op, void *ctx)
{
    struct overflow *o = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_FUNC_FUNC)
        return true;
    struct nest_scratch b = nest_scratch_of(m, op);
    uint32_t k = b.space ? arch_kind_find(o->dev, b.space) : ARCH_NONE;
    int64_t cap = k != ARCH_NONE ? o->dev->res[o->dev->kinds[k].first].size : 0;
    if (cap > 0 && b.bytes > cap)
        *o = (struct overflow){o->dev, b.bytes, cap, true};
    return !o->over;
}

/* Whether the scratchpad buffers of each function of m fit its
 * scratchpad side by side; else *need and *cap tell the first that does
 * not. */
static bool scratch_fits(struct ir_module *m, const struct arch_device *dev, int64_t *need,
                         int64_t *cap)
{
    struct overflow o = {.dev = dev};
    ir_walk(m, m->top, overflow_fn, &o);
    *need = o.need;
    *cap = o.cap;
    return !o.over;
}

/* What scratchpad room ktc-nest's choices take (row-phases' copies, the
 * jammed rows' buffers, double buffering's copies) is chosen nest by
 * nest, each leaving half the room it finds to the nests after it; on a
 * small scratchpad the nests of a long row can still overflow it side by
 * side, or leave a later one no room for a tile (rows of 21 nests in 32
 * KiB). Then the transformations run again from the input without
 * row-phases, then also without row-jam, then without double buffering,
 * until the buffers fit (--stats: "scratchpad: ..."); when none does, the
 * first run's errors are the ones reported. */
static const uint64_t SHRINK[] = {
    UINT64_C(1) << SCHED_NEST_ROW_PHASES,
    UINT64_C(1) << SCHED_NEST_ROW_JAM,
    UINT64_C(1) << SCHED_NEST_DOUBLE_BUFFERING,
};
static const char *const SHRINK_NAME[] = {"row-phases", "row-jam", "double-buffering"};

/* choose from snap into a new module (*out), --stats held in *h and
 * errors dropped; false when it fails. */
static bool choose_again(const struct arch_device *dev, const struct sched_nest_options *o,
                         const unsigned char *snap, size_t nsnap, struct ir_module **out,
                         struct held *h)
{
    char err[256];
    if (ir_file_read_mem(snap, nsnap, NULL, out, NULL, 0, err, sizeof err) != 0) {
        *out = NULL;
        *h = (struct held){0};
        return false;
    }
    struct sched_nest_options held = holding(o, h);
    struct ir_diag quiet;
    ir_diag_init(&quiet, NULL);
    bool ok = choose(*out, dev, &held, &quiet, snap, nsnap);
    ir_diag_free(&quiet);
    return ok;
}

bool sched_nest(struct ir_module *m, const struct arch_device *dev,
                const struct sched_nest_options *o, struct ir_diag *diag)
{
    unsigned char *snap = NULL;
    size_t nsnap = 0;
    char err[256];
    if (ir_file_write_mem(m, "sched.routed", "ktc-nest", &snap, &nsnap, err, sizeof err) != 0)
        return choose(m, dev, o, diag, NULL, 0);
    struct ir_module *m0 = NULL;
    /* the held --stats of the run kept, hs[cur], and of the one tried:
     * open_memstream keeps their addresses, so they stay where they are */
    struct held hs[2];
    int cur = 0;
    bool ok = choose_again(dev, o, snap, nsnap, &m0, &hs[cur]), failed = !ok;
    int64_t need = 0, cap = 0;
    struct sched_nest_options less = *o;
    const char *without = NULL;
    for (uint32_t i = 0; i < sizeof SHRINK / sizeof *SHRINK; i++) {
        int64_t n, k;
        if (ok && scratch_fits(m0, dev, &n, &k))
            break;
        if (ok && !without) /* the first run's: what --stats tells */
            need = n, cap = k;
        if (less.disabled & SHRINK[i])
            continue;
        less.disabled |= SHRINK[i];
        struct ir_module *m2;
        if (choose_again(dev, &less, snap, nsnap, &m2, &hs[1 - cur])) {
            ir_module_free(m0);
            release(&hs[cur], NULL);
            m0 = m2, cur = 1 - cur, ok = true;
            without = SHRINK_NAME[i];
        } else {
            ir_module_free(m2);
            release(&hs[1 - cur], NULL);
        }
    }
    if (ok) {
        struct ir_module tmp = *m; /* m takes m0's contents; m0 frees m's */
        *m = *m0;
        *m0 = tmp;
        release(&hs[cur], o->stats);
        if (without && o->stats && failed)
            fprintf(o->stats, "ktc-nest: scratchpad: a nest had no room for a tile: without %s\n",
                    without);
        else if (without && o->stats)
            fprintf(o->stats, "ktc-nest: scratchpad: buffers of %lld bytes for %lld: without %s\n",
                    (long long)need, (long long)cap, without);
    } else {
        release(&hs[cur], NULL);
        ok = choose(m, dev, o, diag, snap, nsnap); /* fails again: its errors */
    }
    ir_module_free(m0);
    free(snap);
    return ok;
}

/* ---- what transfers touch ------------------------------------------------ */

static void bases_add(struct nest_bases *l, ir_value v)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i] == v)
            return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v)
            abort();
    }
    l->v[l->n++] = v;
}

bool nest_bases_meet(const struct nest_bases *a, const struct nest_bases *b)
{
    for (uint32_t i = 0; i < a->n; i++)
        for (uint32_t j = 0; j < b->n; j++)
            if (a->v[i] == b->v[j])
                return true;
    return false;
}

void nest_foot_free(struct nest_foot *f)
{
    free(f->rd.v);
    free(f->wr.v);
    free(f->ddr_rd.v);
    free(f->ddr_wr.v);
}

bool nest_ops_has(const struct sched_ops *l, ir_op op)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i] == op)
            return true;
    return false;
}

/* A side's buffer: the alloc it is (not a pipeline's private one, which no
 * other pipeline sees), or the base of device memory (*root); false when
 * it is neither (an alias this cannot follow). */
static bool side_of(const struct ir_module *m, ir_value v, bool *ddr, ir_op *def, ir_value *root,
                    bool *priv)
{
    *priv = false;
    *ddr = nest_is_ddr(m, v);
    if (*ddr) {
        *root = nest_view_root(m, v);
        return *root != IR_NONE;
    }
    ir_op d = ir_value_def(m, v);
    if (!d)
        return false;
    ir_op p = ir_op_parent(m, d);
    if (ir_op_get(m, d)->kind == IR_OP_KTDF_PRIVATE ||
        (p && ir_op_get(m, p)->kind == IR_OP_KTDF_PRIVATE)) {
        *priv = true;
        return true;
    }
    *def = d;
    return ir_op_get(m, d)->kind == IR_OP_MEMREF_ALLOC;
}

static bool add_foot(struct ir_module *m, ir_op op, void *ctx)
{
    struct nest_foot *f = ctx;
    if (ir_op_get(m, op)->kind != IR_OP_KTDF_DATA_TRANSFER)
        return true;
    for (int k = 0; k < 2; k++) {
        struct nest_side s;
        bool ddr, priv;
        ir_op def = IR_NONE;
        ir_value root = IR_NONE;
        /* the side's memory only: its subscripts may be ones
         * nest_read_side cannot read (ktc-path-expand's words at `mod`
         * offsets), its value is still known */
        if (!nest_read_side(m, op, k, &s) && !s.v) {
            f->unknown = true;
            continue;
        }
        if (s.fifo)
            continue;
        if (!side_of(m, s.v, &ddr, &def, &root, &priv)) {
            f->unknown = true;
            continue;
        }
        if (priv)
            continue;
        if (ddr) {
            bases_add(k ? &f->ddr_wr : &f->ddr_rd, root);
            continue;
        }
        struct sched_ops *l = k ? &f->wr : &f->rd;
        if (!nest_ops_has(l, def))
            sched_ops_push(l, def);
    }
    return true;
}

void nest_foot_of(struct ir_module *m, const ir_op *ops, uint32_t n, struct nest_foot *f)
{
    for (uint32_t i = 0; i < n; i++)
        ir_walk(m, ops[i], add_foot, f);
}

/* Whether x and y may run in either order: neither writes what the other
 * touches (scratchpad buffers, device memory by base). */
bool nest_independent(struct ir_module *m, ir_op x, ir_op y)
{
    struct nest_foot fx = {0}, fy = {0};
    nest_foot_of(m, &x, 1, &fx);
    nest_foot_of(m, &y, 1, &fy);
    bool ok = !fx.unknown && !fy.unknown && !nest_ops_meet(&fx.wr, &fy.rd) &&
              !nest_ops_meet(&fx.wr, &fy.wr) && !nest_ops_meet(&fy.wr, &fx.rd) &&
              !nest_bases_meet(&fx.ddr_wr, &fy.ddr_rd) &&
              !nest_bases_meet(&fy.ddr_wr, &fx.ddr_rd) && !nest_bases_meet(&fx.ddr_wr, &fy.ddr_wr);
    nest_foot_free(&fx);
    nest_foot_free(&fy);
    return ok;
}

bool nest_ops_meet(const struct sched_ops *a, const struct sched_ops *b)
{
    for (uint32_t i = 0; i < a->n; i++)
        if (nest_ops_has(b, a->v[i]))
            return true;
    return false;
}

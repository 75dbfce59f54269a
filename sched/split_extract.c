/* split_extract.c - compute-group extraction: cuts each compute group of a
 * KTIR function into its own program (`module @local_schedule_N`) and
 * leaves a func.call in its place, so the functions keep their control
 * flow and become the orchestrator (split.h has the shapes).
 *
 * A group is found from its stores: the backward slice of a ktdp.store
 * (every op its value transitively depends on, through nested regions'
 * captures, up to block arguments and results of ops with regions) holds
 * its loads and computations. Stores whose slices share a tensor-valued op
 * form one group. The program gets a clone of the union of the slices in
 * program order; whatever the slices stop at becomes a parameter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/split_int.h"

struct group {
    ir_op *stores;
    uint32_t nstores;
    uint32_t first, last; /* block positions: first tensor op, last store */
};

struct extract {
    struct split_ctx *c;
    struct ir_module *m;
    /* Per op that existed before extraction (nops of them; later ops,
     * the calls it inserts, are in no slice): */
    uint32_t nops;
    uint32_t *order;    /* pre-order position in its function */
    uint32_t *mark;     /* stamp of the slice holding it */
    uint32_t stamp;
    ir_op *slice;       /* the ops marked with the current stamp */
    uint32_t nslice, cap_slice;
    ir_op fn;           /* the function being cut */
    /* results */
    ir_op *progs;       /* program functions */
    ir_op *mods;        /* their modules */
    ir_op *decls;       /* private declarations for the orchestrator */
    uint32_t nprogs, cap;
    uint32_t next_id;   /* next local_schedule_N to try */
};

static bool is_tensor(const struct ir_module *m, ir_value v)
{
    return ir_type_get(m, ir_value_type(m, v))->kind == IR_TY_TENSOR;
}

static bool has_tensor_result(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nres; i++)
        if (is_tensor(m, o->res + i))
            return true;
    return false;
}

/* Ops a program may get a copy of: everything but control flow and calls,
 * whose results become parameters instead; loops a tensor crosses belong
 * to the group (split.h). */
static bool cloneable(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    const char *name = ir_str_get(m, o->name);
    return (strncmp(name, "scf.", 4) != 0 && o->kind != IR_OP_FUNC_CALL) ||
           split_tensor_loop(m, op);
}

/* Whether op holds a ktdp.store (nested at any depth). */
static bool holds_store(const struct ir_module *m, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c)
                if (ir_op_get(m, c)->kind == IR_OP_KTDP_STORE || holds_store(m, c))
                    return true;
    return false;
}

/* The ops a group is found from: stores, and loops of the group holding
 * stores. */
static bool is_root(const struct ir_module *m, ir_op op)
{
    return ir_op_get(m, op)->kind == IR_OP_KTDP_STORE ||
           (split_tensor_loop(m, op) && holds_store(m, op));
}

/* The op owning v: its defining op, or the op whose region holds the
 * block v is an argument of. */
static ir_op value_owner(const struct ir_module *m, ir_value v)
{
    const struct ir_value_info *vi = ir_value_get(m, v);
    if (!vi->is_arg)
        return vi->owner;
    return ir_region_get(m, ir_block_get(m, vi->owner)->region)->op;
}

/* Whether v comes from inside the slice: defined by a marked op or in one. */
static bool marked(const struct extract *x, ir_op op)
{
    return op <= x->nops && x->mark[op] == x->stamp;
}

static bool from_slice(const struct extract *x, ir_value v)
{
    for (ir_op o = value_owner(x->m, v); o; o = ir_op_parent(x->m, o))
        if (marked(x, o))
            return true;
    return false;
}

static void slice_op(struct extract *x, ir_op op);

/* Adds the slice of every value op and its nested ops use from outside op. */
static void slice_operands(struct extract *x, ir_op root, ir_op op)
{
    const struct ir_op_info *o = ir_op_get(x->m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_op d = ir_value_def(x->m, o->opnd[i]);
        if (d && !split_inside(x->m, d, root) && cloneable(x->m, d))
            slice_op(x, d);
    }
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(x->m, o->regs[r])->first; b;
             b = ir_block_get(x->m, b)->next)
            IR_FOR_OPS(x->m, b, c)
                slice_operands(x, root, c);
}

static void slice_op(struct extract *x, ir_op op)
{
    if (marked(x, op))
        return;
    x->mark[op] = x->stamp;
    if (x->nslice == x->cap_slice) {
        x->cap_slice = x->cap_slice ? 2 * x->cap_slice : 64;
        x->slice = realloc(x->slice, x->cap_slice * sizeof *x->slice);
        if (!x->slice)
            abort();
    }
    x->slice[x->nslice++] = op;
    slice_operands(x, op, op);
}

/* Slice ops with their program positions, for sorting. */
struct ordered {
    uint32_t pos;
    ir_op op;
};

static int by_pos(const void *a, const void *b)
{
    uint32_t p = ((const struct ordered *)a)->pos, q = ((const struct ordered *)b)->pos;
    return p < q ? -1 : p > q;
}

/* Marks the backward slice of the stores with a fresh stamp; x->slice
 * lists it in program order. */
static void slice_of(struct extract *x, ir_op *stores, uint32_t n)
{
    x->stamp++;
    x->nslice = 0;
    for (uint32_t i = 0; i < n; i++)
        slice_op(x, stores[i]);
    struct ordered *v = malloc((x->nslice + 1) * sizeof *v);
    if (!v)
        abort();
    for (uint32_t i = 0; i < x->nslice; i++)
        v[i] = (struct ordered){x->order[x->slice[i]], x->slice[i]};
    qsort(v, x->nslice, sizeof *v, by_pos);
    for (uint32_t i = 0; i < x->nslice; i++)
        x->slice[i] = v[i].op;
    free(v);
}

/* ---- union-find over the stores of a block ------------------------------ */

static uint32_t find(uint32_t *parent, uint32_t i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* ---- programs ----------------------------------------------------------- */

static bool symbol_taken(const struct ir_module *m, ir_op root, const char *name)
{
    const struct ir_op_info *o = ir_op_get(m, root);
    ir_attr s = ir_op_attr(m, root, "sym_name");
    if (s && ir_attr_get(m, s)->kind == IR_AT_STRING &&
        strcmp(ir_str_get(m, ir_attr_get(m, s)->s), name) == 0)
        return true;
    if (o->kind != IR_OP_BUILTIN_MODULE)
        return false; /* symbols live in modules */
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(m, o->regs[r])->first; b; b = ir_block_get(m, b)->next)
            IR_FOR_OPS(m, b, c)
                if (symbol_taken(m, c, name))
                    return true;
    return false;
}

static void program_name(struct extract *x, char *buf, size_t n)
{
    do
        snprintf(buf, n, "local_schedule_%u", x->next_id++);
    while (symbol_taken(x->m, x->m->top, buf));
}

/* Collects the parameters of the marked slice: values its ops use that do
 * not come from it, in order of first use over ops (sorted) and operands. */
static void params_of(struct extract *x, ir_op op, ir_value **ps, uint32_t *n, uint32_t *cap)
{
    const struct ir_op_info *o = ir_op_get(x->m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        ir_value v = o->opnd[i];
        if (from_slice(x, v))
            continue;
        uint32_t k = 0;
        while (k < *n && (*ps)[k] != v)
            k++;
        if (k < *n)
            continue;
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 8;
            *ps = realloc(*ps, *cap * sizeof **ps);
            if (!*ps)
                abort();
        }
        (*ps)[(*n)++] = v;
    }
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(x->m, o->regs[r])->first; b;
             b = ir_block_get(x->m, b)->next)
            IR_FOR_OPS(x->m, b, c)
                params_of(x, c, ps, n, cap);
}

static ir_type func_type(struct ir_module *m, const ir_value *ps, uint32_t n)
{
    ir_type *tys = malloc((n + 1) * sizeof *tys);
    if (!tys)
        abort();
    for (uint32_t i = 0; i < n; i++)
        tys[i] = ir_value_type(m, ps[i]);
    ir_type t = ir_type_func(m, n, tys, 0, NULL);
    free(tys);
    return t;
}

/* Makes the program of the group whose slice is marked: module, function
 * with a clone of the slice, private declaration, and the call before
 * `at`. */
static void make_program(struct extract *x, ir_op at)
{
    struct ir_module *m = x->m;
    ir_op *ops = x->slice;
    uint32_t nops = x->nslice;
    ir_value *ps = NULL;
    uint32_t nps = 0, pcap = 0;
    for (uint32_t i = 0; i < nops; i++)
        params_of(x, ops[i], &ps, &nps, &pcap);

    char name[64];
    program_name(x, name, sizeof name);
    struct ir_loc loc = ir_op_get(m, at)->loc;
    ir_type ft = func_type(m, ps, nps);
    ir_attr grid = ir_op_attr(m, x->fn, "grid");

    /* func.func @name(params) attributes {grid} { clones; return } */
    struct ir_op_state st;
    ir_state_init(&st, m, "func.func", ir_op_get(m, x->fn)->loc);
    ir_state_set_attr(m, &st, "sym_name", ir_attr_string(m, name));
    ir_state_set_attr(m, &st, "function_type", ir_attr_type(m, ft));
    if (grid)
        ir_state_set_attr(m, &st, "grid", grid);
    ir_block entry = sb_region(m, &st);
    struct split_vmap vm = {0};
    for (uint32_t i = 0; i < nps; i++)
        split_vmap_set(&vm, ps[i], ir_block_add_arg(m, entry, ir_value_type(m, ps[i]),
                                                    ir_value_get(m, ps[i])->name));
    for (uint32_t i = 0; i < nops; i++)
        ir_block_append_op(m, entry, split_clone(m, ops[i], &vm));
    split_vmap_free(&vm);
    struct ir_op_state ret;
    ir_state_init(&ret, m, "func.return", loc);
    ir_block_append_op(m, entry, ir_op_create(m, &ret));
    ir_op fn = ir_op_create(m, &st);

    ir_state_init(&st, m, "builtin.module", loc);
    ir_state_set_attr(m, &st, "sym_name", ir_attr_string(m, name));
    ir_block_append_op(m, sb_region(m, &st), fn);
    ir_op mod = ir_op_create(m, &st);

    /* func.func private @name(types) */
    ir_state_init(&st, m, "func.func", loc);
    ir_state_set_attr(m, &st, "sym_visibility", ir_attr_string(m, "private"));
    ir_state_set_attr(m, &st, "sym_name", ir_attr_string(m, name));
    ir_state_set_attr(m, &st, "function_type", ir_attr_type(m, ft));
    ir_state_add_region(m, &st, ir_region_new(m));
    ir_op decl = ir_op_create(m, &st);

    /* func.call @name(params) : (types) -> () */
    ir_state_init(&st, m, "func.call", loc);
    ir_state_set_attr(m, &st, "callee",
                      ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_SYMREF,
                                                               .s = ir_str_c(m, name)}));
    for (uint32_t i = 0; i < nps; i++)
        ir_state_add_operand(m, &st, ps[i]);
    ir_op_insert_before(m, at, ir_op_create(m, &st));

    if (x->nprogs == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 8;
        x->progs = realloc(x->progs, x->cap * sizeof *x->progs);
        x->mods = realloc(x->mods, x->cap * sizeof *x->mods);
        x->decls = realloc(x->decls, x->cap * sizeof *x->decls);
        if (!x->progs || !x->mods || !x->decls)
            abort();
    }
    x->progs[x->nprogs] = fn;
    x->mods[x->nprogs] = mod;
    x->decls[x->nprogs++] = decl;
    free(ps);
}

/* ---- groups of one block -------------------------------------------------- */

/* The first op of the slice (or nested in one) using v. */
static ir_op first_user(const struct extract *x, ir_value v)
{
    for (uint32_t i = 0; i < x->nslice; i++) {
        ir_op op = x->slice[i];
        const struct ir_op_info *o = ir_op_get(x->m, op);
        for (uint32_t k = 0; k < o->nopnd; k++)
            if (o->opnd[k] == v)
                return op;
        if (o->nreg) {
            uint32_t *uses = split_use_counts(x->m, op);
            bool used = uses[v];
            free(uses);
            if (used)
                return op;
        }
    }
    return x->slice[x->nslice - 1];
}

/* Checks the marked slice of a group of block b, and finds its first
 * tensor op in b. */
static bool check_group(struct extract *x, ir_block b, struct group *g, uint32_t *pos)
{
    struct ir_module *m = x->m;
    ir_op *ops = x->slice;
    uint32_t nops = x->nslice;
    bool ok = true;
    g->first = UINT32_MAX;
    for (uint32_t i = 0; i < nops && ok; i++) {
        ir_op op = ops[i];
        if (!has_tensor_result(m, op))
            continue;
        if (ir_op_get(m, op)->block != b) {
            ok = split_error(x->c, op, "a tensor %s outside the block of the compute group that "
                                       "uses it is not supported yet",
                             ir_op_get(m, op)->kind == IR_OP_KTDP_LOAD ? "loaded" : "computed");
            break;
        }
        if (pos[op] < g->first)
            g->first = pos[op];
    }
    /* Tensors may not flow in as parameters. */
    ir_value *ps = NULL;
    uint32_t nps = 0, pcap = 0;
    for (uint32_t i = 0; i < nops && ok; i++)
        params_of(x, ops[i], &ps, &nps, &pcap);
    for (uint32_t i = 0; i < nps && ok; i++)
        if (is_tensor(m, ps[i]))
            ok = split_error(x->c, first_user(x, ps[i]),
                             "a tensor flowing into a compute group from outside it (an argument "
                             "or a loop result) is not supported yet");
    free(ps);
    return ok;
}

static int by_last(const void *a, const void *b)
{
    const struct group *x = a, *y = b;
    return x->last < y->last ? -1 : x->last > y->last;
}

/* The access tiles a class of stores' slice loads (read) and stores
 * (written), nested ones too; its span in its block. */
struct touches {
    ir_value *tile;
    bool *wr;
    uint32_t n, cap;
    uint32_t root, first, last;
};

static void touch_add(struct touches *t, ir_value tile, bool wr)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->tile = realloc(t->tile, t->cap * sizeof *t->tile);
        t->wr = realloc(t->wr, t->cap * sizeof *t->wr);
        if (!t->tile || !t->wr)
            abort();
    }
    t->tile[t->n] = tile;
    t->wr[t->n++] = wr;
}

static bool touch_op(struct ir_module *m, ir_op op, void *ctx)
{
    const struct ir_op_info *o = ir_op_get(m, op);
    if (o->kind == IR_OP_KTDP_LOAD && o->nopnd >= 1)
        touch_add(ctx, o->opnd[0], false);
    else if (o->kind == IR_OP_KTDP_STORE && o->nopnd >= 2)
        touch_add(ctx, o->opnd[1], true);
    return true;
}

/* Whether a store of a or b may write bytes the other reads or writes. */
static bool touches_meet(const struct ir_module *m, const struct touches *a,
                         const struct touches *b)
{
    for (uint32_t i = 0; i < a->n; i++)
        for (uint32_t j = 0; j < b->n; j++)
            if ((a->wr[i] || b->wr[j]) && split_tiles_may_meet(m, a->tile[i], b->tile[j]))
                return true;
    return false;
}

static int by_first(const void *a, const void *b)
{
    const struct touches *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Joins the classes of stores (parent) whose spans in b, from their first
 * tensor op to their last store, overlap, into one compute group, when no
 * store of one may touch what the other loads or stores: one program keeps
 * each chain's order, not the order between them (two unrelated results,
 * the second's load before the first's store). Those left interleaved are
 * refused after. */
static void join_interleaved(struct extract *x, ir_block b, ir_op *stores, uint32_t n,
                             uint32_t *parent, const uint32_t *pos)
{
    struct ir_module *m = x->m;
    struct touches *cs = calloc(n, sizeof *cs);
    ir_op *mine = malloc(n * sizeof *mine);
    if (!cs || !mine)
        abort();
    uint32_t nc = 0;
    for (uint32_t r = 0; r < n; r++) {
        if (find(parent, r) != r)
            continue;
        uint32_t k = 0;
        struct touches *c = &cs[nc++];
        c->root = r;
        c->first = UINT32_MAX;
        for (uint32_t i = 0; i < n; i++)
            if (find(parent, i) == r) {
                mine[k++] = stores[i];
                c->last = pos[stores[i]];
            }
        slice_of(x, mine, k);
        for (uint32_t i = 0; i < x->nslice; i++) {
            ir_op op = x->slice[i];
            if (has_tensor_result(m, op) && ir_op_get(m, op)->block == b && pos[op] < c->first)
                c->first = pos[op];
            ir_walk(m, op, touch_op, c);
        }
    }
    qsort(cs, nc, sizeof *cs, by_first);
    for (uint32_t i = 1, at = 0; i < nc; i++) {
        struct touches *g = &cs[at], *c = &cs[i];
        if (c->first > g->last || touches_meet(m, g, c)) {
            at = i;
            continue;
        }
        parent[find(parent, c->root)] = find(parent, g->root);
        g->last = c->last > g->last ? c->last : g->last;
        for (uint32_t j = 0; j < c->n; j++) /* g now touches what c does */
            touch_add(g, c->tile[j], c->wr[j]);
    }
    for (uint32_t i = 0; i < nc; i++) {
        free(cs[i].tile);
        free(cs[i].wr);
    }
    free(cs);
    free(mine);
}

/* Finds the groups of block b (its nested blocks are done), makes their
 * programs in order of their last stores, and removes their stores. */
static bool groups_of_block(struct extract *x, ir_block b)
{
    struct ir_module *m = x->m;
    uint32_t n = 0;
    IR_FOR_OPS(m, b, op)
        n += is_root(m, op);
    if (!n)
        return true;
    ir_op *stores = malloc(n * sizeof *stores);
    uint32_t *parent = malloc(n * sizeof *parent), *owner = NULL;
    uint32_t *pos = calloc(x->nops + 1, sizeof *pos); /* op → position in b */
    struct group *gs = calloc(n, sizeof *gs);
    if (!stores || !parent || !pos || !gs)
        abort();
    uint32_t k = 0, p = 0;
    IR_FOR_OPS(m, b, op) {
        pos[op] = p++; /* b holds no new op yet */
        if (is_root(m, op))
            parent[k] = k, stores[k++] = op;
    }
    /* Stores whose slices share a tensor op join. */
    owner = calloc(x->nops + 1, sizeof *owner); /* op → store index + 1 */
    if (!owner)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        slice_of(x, &stores[i], 1);
        for (uint32_t j = 0; j < x->nslice; j++) {
            ir_op op = x->slice[j];
            if (!has_tensor_result(m, op))
                continue;
            if (owner[op])
                parent[find(parent, i)] = find(parent, owner[op] - 1);
            owner[op] = i + 1;
        }
    }
    join_interleaved(x, b, stores, n, parent, pos);
    uint32_t ng = 0;
    uint32_t *gi = malloc(n * sizeof *gi); /* class root → group index + 1 */
    if (!gi)
        abort();
    memset(gi, 0, n * sizeof *gi);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = find(parent, i);
        if (!gi[r]) {
            gi[r] = ++ng;
            gs[ng - 1].stores = malloc(n * sizeof *gs->stores);
            if (!gs[ng - 1].stores)
                abort();
        }
        struct group *g = &gs[gi[r] - 1];
        g->stores[g->nstores++] = stores[i];
        g->last = pos[stores[i]];
    }
    qsort(gs, ng, sizeof *gs, by_last);
    bool ok = true;
    for (uint32_t i = 0; i < ng && ok; i++) {
        struct group *g = &gs[i];
        slice_of(x, g->stores, g->nstores);
        if (!(ok = check_group(x, b, g, pos)))
            break;
        if (i && g->first < gs[i - 1].last) {
            ok = split_error(x->c, g->stores[0], "compute groups whose loads and stores interleave, "
                                                  "one storing to memory the other loads or "
                                                  "stores, are not supported yet");
            break;
        }
        /* No control flow or other store between its first op and last store. */
        IR_FOR_OPS(m, b, op) {
            if (op > x->nops || pos[op] <= g->first || pos[op] >= g->last || marked(x, op))
                continue;
            const struct ir_op_info *o = ir_op_get(m, op);
            if (o->nreg && !split_removable(m, op)) {
                ok = split_error(x->c, op, "a loop or branch inside a compute group (between its "
                                           "first load and its last store) is not supported yet");
                break;
            }
        }
        if (!ok)
            break;
        make_program(x, g->stores[g->nstores - 1]);
        for (uint32_t s = 0; s < g->nstores; s++)
            ir_op_unlink(m, g->stores[s]);
        /* Its loops, whose results only it uses, go with it. */
        for (uint32_t s = 0; s < x->nslice; s++)
            if (ir_op_get(m, x->slice[s])->block && split_tensor_loop(m, x->slice[s]))
                ir_op_unlink(m, x->slice[s]);
    }
    for (uint32_t i = 0; i < ng; i++)
        free(gs[i].stores);
    free(gi);
    free(gs);
    free(owner);
    free(pos);
    free(parent);
    free(stores);
    return ok;
}

/* Post-order over blocks: every op's nested blocks before the block. */
static bool walk_blocks(struct extract *x, ir_block b)
{
    struct ir_module *m = x->m;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (split_tensor_loop(m, op))
            continue; /* part of a group of b */
        for (uint32_t r = 0; r < o->nreg; r++)
            for (ir_block c = ir_region_get(m, o->regs[r])->first; c; c = ir_block_get(m, c)->next)
                if (!walk_blocks(x, c))
                    return false;
    }
    return groups_of_block(x, b);
}

static void number_ops(struct extract *x, ir_op op, uint32_t *next)
{
    x->order[op] = (*next)++;
    const struct ir_op_info *o = ir_op_get(x->m, op);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(x->m, o->regs[r])->first; b;
             b = ir_block_get(x->m, b)->next)
            IR_FOR_OPS(x->m, b, c)
                number_ops(x, c, next);
}

/* Every function of the module (nested modules included), in order. */
static bool each_function(struct extract *x, ir_block b)
{
    struct ir_module *m = x->m;
    IR_FOR_OPS(m, b, op) {
        const struct ir_op_info *o = ir_op_get(m, op);
        if (o->kind == IR_OP_BUILTIN_MODULE) {
            if (!each_function(x, split_body(m, op, 0)))
                return false;
        } else if (o->kind == IR_OP_FUNC_FUNC && split_body(m, op, 0)) {
            x->fn = op;
            uint32_t next = 0;
            number_ops(x, op, &next);
            if (!walk_blocks(x, split_body(m, op, 0)))
                return false;
            split_dce(m, op);
        }
    }
    return true;
}

/* Loops carrying tensors that no compute group took (no store uses what
 * they compute) would stay in the orchestrator. */
static bool check_left(struct split_ctx *c, ir_op root)
{
    const struct ir_op_info *o = ir_op_get(c->m, root);
    for (uint32_t r = 0; r < o->nreg; r++)
        for (ir_block b = ir_region_get(c->m, o->regs[r])->first; b;
             b = ir_block_get(c->m, b)->next)
            IR_FOR_OPS(c->m, b, op) {
                if (split_tensor_loop(c->m, op))
                    split_error(c, op, "a loop carrying tensors that no ktdp.store uses (their "
                                       "values leave the kernel another way, or not at all) is "
                                       "not supported yet");
                else
                    check_left(c, op);
            }
    return !c->failed;
}

bool split_extract(struct split_ctx *c, ir_op **progs, uint32_t *nprogs)
{
    struct ir_module *m = c->m;
    struct extract x = {.c = c, .m = m};
    /* Programs add ops; the tables are sized for all ops that exist now
     * (extraction only reads those). */
    x.nops = m->ops.len;
    x.order = calloc(x.nops + 1, sizeof *x.order);
    x.mark = calloc(x.nops + 1, sizeof *x.mark);
    if (!x.order || !x.mark)
        abort();
    ir_block body = ir_module_body(m);
    bool ok = each_function(&x, body);
    IR_FOR_OPS(m, body, op)
        if (ok && ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            ok = check_left(c, op);
    if (ok) {
        /* Everything but the device moves into the orchestrator module,
         * followed by the declarations; the programs follow it. */
        struct ir_op_state st;
        ir_state_init(&st, m, "builtin.module", ir_op_get(m, m->top)->loc);
        ir_block orch = sb_region(m, &st);
        ir_op next;
        for (ir_op op = ir_block_get(m, body)->first; op; op = next) {
            next = ir_op_get(m, op)->next;
            if (ir_op_get(m, op)->kind == IR_OP_KTDF_ARCH_DEVICE)
                continue;
            ir_op_unlink(m, op);
            ir_block_append_op(m, orch, op);
        }
        for (uint32_t i = 0; i < x.nprogs; i++)
            ir_block_append_op(m, orch, x.decls[i]);
        ir_block_append_op(m, body, ir_op_create(m, &st));
        for (uint32_t i = 0; i < x.nprogs; i++)
            ir_block_append_op(m, body, x.mods[i]);
    }
    free(x.order);
    free(x.mark);
    free(x.slice);
    free(x.mods);
    free(x.decls);
    *progs = x.progs;
    *nprogs = x.nprogs;
    return ok;
}

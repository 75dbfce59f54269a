/* ktdf_arch.c - custom forms and syntax-level rules of the ktdf_arch dialect:
 * architecture descriptions (device, memory, exec_unit, switch, group,
 * yield, datapath, patterns) and the `ktdf_arch.*` properties any op may
 * carry. The device model and its graph-level checks live in arch/.
 *
 * Nodes are SSA values of the opaque types !ktdf_arch.memory,
 * !ktdf_arch.exec_unit and !ktdf_arch.port, written bare (`memory`) in the
 * custom forms. A resource's optional `@id` is its `sym_name` attribute.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/dialects/common.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* ---- node types ---------------------------------------------------------- */

enum node { NODE_MEMORY, NODE_EXEC_UNIT, NODE_PORT, NODE_COUNT };

static const char *const node_kw[NODE_COUNT] = {"memory", "exec_unit", "port"};
static const char *const node_names[NODE_COUNT] = {"ktdf_arch.memory", "ktdf_arch.exec_unit",
                                                   "ktdf_arch.port"};

/* The node kind of type t, or -1 when t is not a node type. */
static int node_of_type(const struct ir_module *m, ir_type t)
{
    const struct ir_type_info *ti = ir_type_get(m, t);
    if (ti->kind != IR_TY_OPAQUE || ti->body)
        return -1;
    const char *s = ir_str_get(m, ti->name);
    if (strncmp(s, "ktdf_arch.", 10) != 0)
        return -1;
    for (int k = 0; k < NODE_COUNT; k++)
        if (strcmp(s + 10, node_kw[k]) == 0)
            return k;
    return -1;
}

/* The type !ktdf_arch.<k> of m. The last one interned is remembered (a
 * device has a thousand datapaths) and, type ids being per module, used
 * only when m's type of that id is the one. */
static ir_type node_type(struct ir_module *m, enum node k)
{
    static ir_type last[NODE_COUNT];
    if (last[k] && last[k] < m->types.len && node_of_type(m, last[k]) == (int)k)
        return last[k];
    last[k] = ir_type_intern(m, &(struct ir_type_info){.kind = IR_TY_OPAQUE,
                                                       .name = ir_str_c(m, node_names[k])});
    return last[k];
}

static int node_of_value(const struct ir_module *m, ir_value v)
{
    return node_of_type(m, ir_value_type(m, v));
}

/* A node type written bare (`memory`) or in full (`!ktdf_arch.memory`). */
static bool parse_node_type(struct ir_parser *p, ir_type *t)
{
    for (int k = 0; k < NODE_COUNT; k++)
        if (irp_opt_kw(p, node_kw[k])) {
            *t = node_type(irp_module(p), (enum node)k);
            return true;
        }
    return irp_type(p, t);
}

static void print_node_type(struct ir_printer *w, ir_type t)
{
    int k = node_of_type(irw_module(w), t);
    if (k >= 0)
        irw_puts(w, node_kw[k]);
    else
        irw_type(w, t);
}

/* ---- shared pieces of the custom forms ----------------------------------- */

static ir_attr string_attr(struct ir_module *m, ir_str s)
{
    return ir_attr_intern(m, &(struct ir_attr_info){.kind = IR_AT_STRING, .s = s});
}

static bool parse_id(struct ir_parser *p, struct ir_op_state *st)
{
    ir_str id;
    if (!irp_peek(p, IR_T_AT))
        return true;
    if (!irp_symbol(p, &id))
        return false;
    ir_state_set_attr(irp_module(p), st, "sym_name", string_attr(irp_module(p), id));
    return true;
}

/* `#ALIAS` of a dictionary, or an optional `{...}`: the op's attributes. */
static bool parse_props(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (!irp_peek(p, IR_T_HASH))
        return irp_opt_attr_dict(p, st);
    struct ir_loc loc = irp_loc(p);
    ir_attr a;
    if (!irp_attr(p, &a))
        return false;
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    if (ai->kind != IR_AT_DICT)
        return irp_error_at(p, loc, "expected an alias of a dictionary attribute");
    uint32_t n = ai->n;
    const uint32_t *e = ai->elems;
    for (uint32_t i = 0; i < n; i++)
        ir_state_set_attr_str(m, st, e[2 * i], e[2 * i + 1]);
    return true;
}

/* The string attribute `name` of op, or NULL. */
static const char *str_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    if (!a || ir_attr_get(m, a)->kind != IR_AT_STRING)
        return NULL;
    return ir_str_get(m, ir_attr_get(m, a)->s);
}

/* ` @id {attrs}`: the common head of resources, groups and datapaths. */
static void print_id_props(struct ir_printer *w, ir_op op)
{
    static const char *const elide[] = {"sym_name"};
    const char *id = str_attr(irw_module(w), op, "sym_name");
    if (id) {
        irw_puts(w, " ");
        irw_symbol(w, id);
    }
    irw_attr_dict(w, op, elide, id ? 1 : 0);
}

/* ---- device -------------------------------------------------------------- */

/* device @name [attributes {...}] ({ body } | import("path")) */
bool ir_fmt_arch_device_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    ir_str name;
    if (!irp_symbol(p, &name))
        return false;
    ir_state_set_attr(m, st, "sym_name", string_attr(m, name));
    if (!irp_opt_attr_dict_kw(p, st))
        return false;
    ir_region r;
    if (irp_opt_kw(p, "import")) {
        ir_str path;
        if (!irp_expect(p, IR_T_LPAREN) || !irp_string(p, &path) || !irp_expect(p, IR_T_RPAREN))
            return false;
        ir_state_set_attr(m, st, "import_path", string_attr(m, path));
        r = ir_region_new(m);
    } else if (!irp_region(p, &r, NULL, 0, NULL)) {
        return false;
    }
    ir_state_add_region(m, st, r);
    return true;
}

void ir_fmt_arch_device_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"sym_name", "import_path"};
    ir_region r = ir_op_region(m, op, 0);
    ir_attr path = ir_op_attr(m, op, "import_path");
    ir_block body = ir_region_entry(m, r);
    bool import = path && ir_attr_get(m, path)->kind == IR_AT_STRING &&
                  (!body || !ir_block_get(m, body)->first);
    const char *name = str_attr(m, op, "sym_name");
    irw_puts(w, " ");
    irw_symbol(w, name ? name : ""); /* verified modules always have one */
    irw_attr_dict_kw(w, op, elide, import ? 2 : 1);
    if (import) {
        irw_puts(w, " import(");
        irw_attr(w, path);
        irw_puts(w, ")");
    } else {
        irw_puts(w, " ");
        irw_region(w, r, false, NULL);
    }
}

static bool is_resource(uint32_t kind)
{
    return kind == IR_OP_KTDF_ARCH_MEMORY || kind == IR_OP_KTDF_ARCH_EXEC_UNIT ||
           kind == IR_OP_KTDF_ARCH_SWITCH || kind == IR_OP_KTDF_ARCH_GROUP ||
           kind == IR_OP_KTDF_ARCH_DATAPATH;
}

/* Every op of body is a resource, or `extra` (patterns in a device, the
 * yield of a group). */
static bool check_children(struct ir_verifier *v, ir_op op, ir_block body, uint32_t extra)
{
    struct ir_module *m = irv_module(v);
    IR_FOR_OPS(m, body, c) {
        uint32_t k = ir_op_get(m, c)->kind;
        if (!is_resource(k) && k != extra) {
            irv_error(v, op, "expects child ops to be resources");
            ir_diag_at(v->diag, m, ir_op_get(m, c)->loc, IR_SEV_NOTE, "unexpected child is here");
            return false;
        }
    }
    return true;
}

struct ids {
    ir_attr *id;
    ir_op *op;
    uint32_t n, cap;
};

/* Resource ids are unique in the whole device, groups included. */
static bool check_ids(struct ir_verifier *v, ir_block body, struct ids *ids)
{
    struct ir_module *m = irv_module(v);
    bool ok = true;
    IR_FOR_OPS(m, body, c) {
        const struct ir_op_info *ci = ir_op_get(m, c);
        if (!is_resource(ci->kind))
            continue;
        ir_attr id = ir_op_attr(m, c, "sym_name");
        if (id && ir_attr_get(m, id)->kind != IR_AT_STRING) {
            ok = irv_error(v, c, "attribute 'sym_name' (the resource id) must be a string");
        } else if (id) {
            uint32_t i = 0;
            while (i < ids->n && ids->id[i] != id)
                i++;
            if (i < ids->n) {
                irv_error(v, c, "resource with id \"%s\" redefined",
                          ir_str_get(m, ir_attr_get(m, id)->s));
                ir_diag_at(v->diag, m, ir_op_get(m, ids->op[i])->loc, IR_SEV_NOTE,
                           "previous definition is here");
                ok = false;
            } else {
                if (ids->n == ids->cap) {
                    ids->cap = ids->cap ? 2 * ids->cap : 16;
                    ids->id = realloc(ids->id, ids->cap * sizeof *ids->id);
                    ids->op = realloc(ids->op, ids->cap * sizeof *ids->op);
                    if (!ids->id || !ids->op)
                        abort();
                }
                ids->id[ids->n] = id;
                ids->op[ids->n++] = c;
            }
        }
        if (ci->kind == IR_OP_KTDF_ARCH_GROUP && ci->nreg == 1) {
            ir_block b = ir_region_entry(m, ci->regs[0]);
            if (b)
                ok = check_ids(v, b, ids) && ok;
        }
    }
    return ok;
}

bool ir_verify_arch_device(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 0, 1))
        return false;
    if (!str_attr(m, op, "sym_name"))
        return irv_error(v, op, "requires a symbol name (string attribute 'sym_name')");
    ir_attr path = ir_op_attr(m, op, "import_path");
    if (path && ir_attr_get(m, path)->kind != IR_AT_STRING)
        return irv_error(v, op, "attribute 'import_path' must be a string");
    ir_region r = ir_op_region(m, op, 0);
    ir_block body = ir_region_entry(m, r);
    bool empty = !body || !ir_block_get(m, body)->first;
    if (empty && !path)
        return irv_error(v, op, "empty device requires 'import_path' attribute");
    if (!empty && path)
        return irv_error(v, op, "non-empty device can't have 'import_path' attribute");
    if (!body)
        return true; /* imported */
    if (ir_block_get(m, body)->next || ir_block_get(m, body)->nargs)
        return irv_error(v, op, "requires a body of one block without arguments");
    if (!check_children(v, op, body, IR_OP_KTDF_ARCH_PATTERNS))
        return false;
    struct ids ids = {0};
    bool ok = check_ids(v, body, &ids);
    free(ids.id);
    free(ids.op);
    return ok;
}

/* ---- memory, exec_unit --------------------------------------------------- */

/* memory|exec_unit [@id] [#ALIAS | {attrs}] */
bool ir_fmt_arch_resource_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (!parse_id(p, st) || !parse_props(p, st))
        return false;
    bool mem = strcmp(ir_str_get(m, st->name), "ktdf_arch.memory") == 0;
    ir_state_add_result(m, st, node_type(m, mem ? NODE_MEMORY : NODE_EXEC_UNIT));
    return true;
}

void ir_fmt_arch_resource_print(struct ir_printer *w, ir_op op) { print_id_props(w, op); }

static bool check_node_result(struct ir_verifier *v, ir_op op, enum node k)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 1, 0))
        return false;
    if (node_of_value(m, ir_op_get(m, op)->res) != (int)k)
        return irv_error(v, op, "result must be !ktdf_arch.%s", node_kw[k]);
    return true;
}

/* An integer attribute of 64 bits (typed i64 or untyped). */
static bool is_i64(const struct ir_module *m, ir_attr a)
{
    const struct ir_attr_info *ai = ir_attr_get(m, a);
    return ai->kind == IR_AT_INT && (!ai->type || ai->type == m->t_i64);
}

bool ir_verify_arch_memory(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!check_node_result(v, op, NODE_MEMORY))
        return false;
    /* A memory space is a name, a number or a dialect's memory-space attribute. */
    ir_attr kind = ir_op_attr(m, op, "kind");
    uint8_t k = kind ? ir_attr_get(m, kind)->kind : 0;
    if (k != IR_AT_STRING && k != IR_AT_INT && k != IR_AT_OPAQUE && k != IR_AT_MEMSPACE)
        return irv_error(v, op, "attribute 'kind' requires valid memory space");
    ir_attr size = ir_op_attr(m, op, "size");
    if (size && !is_i64(m, size))
        return irv_error(v, op, "attribute 'size' failed to satisfy constraint: 64-bit integer attribute");
    if (size && ir_attr_get(m, size)->i < 1)
        return irv_error(v, op, "attribute 'size' failed to satisfy constraint: minimum value is 1");
    return true;
}

bool ir_verify_arch_exec_unit(struct ir_verifier *v, ir_op op)
{
    return check_node_result(v, op, NODE_EXEC_UNIT);
}

/* ---- switch -------------------------------------------------------------- */

/* switch [@id] [N] [#ALIAS | {attrs}]: N ports. */
bool ir_fmt_arch_switch_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    int64_t n;
    if (!parse_id(p, st) || !irp_expect(p, IR_T_LSQUARE))
        return false;
    struct ir_loc loc = irp_loc(p);
    if (!irp_int(p, &n) || !irp_expect(p, IR_T_RSQUARE))
        return false;
    if (n < 1 || n > 4096)
        return irp_error_at(p, loc, "a switch has 1 to 4096 ports");
    if (!parse_props(p, st))
        return false;
    for (int64_t i = 0; i < n; i++)
        ir_state_add_result(m, st, node_type(m, NODE_PORT));
    return true;
}

void ir_fmt_arch_switch_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const char *id = str_attr(m, op, "sym_name");
    static const char *const elide[] = {"sym_name"};
    if (id) {
        irw_puts(w, " ");
        irw_symbol(w, id);
    }
    irw_printf(w, " [%u]", ir_op_get(m, op)->nres);
    irw_attr_dict(w, op, elide, id ? 1 : 0);
}

bool ir_verify_arch_switch(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, -1, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    if (!o->nres)
        return irv_error(v, op, "requires at least one port");
    for (uint32_t i = 0; i < o->nres; i++)
        if (node_of_value(m, o->res + i) != NODE_PORT)
            return irv_error(v, op, "results must be !ktdf_arch.port");
    ir_attr c = ir_op_attr(m, op, "connectivity");
    if (!c)
        return true;
    const struct ir_attr_info *ci = ir_attr_get(m, c);
    const struct ir_type_info *ti = ci->kind == IR_AT_DENSE ? ir_type_get(m, ci->type) : NULL;
    if (!ti || ti->rank != 2 || ti->shape[0] != o->nres || ti->shape[1] != o->nres ||
        ti->elem != m->t_i1)
        return irv_error(v, op, "attribute 'connectivity' must be a dense %ux%u matrix of i1",
                         o->nres, o->nres);
    return true;
}

/* ---- group, yield -------------------------------------------------------- */

/* group [@id] [#ALIAS | {attrs}] share(%a, ...) { ... } [-> T, ...]
 * The region's arguments stand for the shared nodes under the same names. */
bool ir_fmt_arch_group_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    struct irp_operand *ops;
    uint32_t n;
    if (!parse_id(p, st) || !parse_props(p, st) || !irp_expect_kw(p, "share") ||
        !irp_expect(p, IR_T_LPAREN) || !irp_operand_list(p, &ops, &n) ||
        !irp_expect(p, IR_T_RPAREN))
        return false;
    struct irp_arg *args = malloc((n ? n : 1) * sizeof *args);
    if (!args)
        abort();
    bool ok = true;
    for (uint32_t i = 0; ok && i < n; i++) {
        ir_value val;
        if (ops[i].index)
            ok = irp_error_at(p, ops[i].loc, "a shared node must be named without '#'");
        ok = ok && irp_resolve(p, &ops[i], IR_NONE, &val);
        if (ok) {
            ir_state_add_operand(m, st, val);
            args[i] = (struct irp_arg){ops[i], ir_value_type(m, val)};
        }
    }
    ir_region r;
    ok = ok && irp_region(p, &r, args, n, "ktdf_arch.yield");
    free(args);
    if (!ok)
        return false;
    ir_state_add_region(m, st, r);
    if (!irp_opt(p, IR_T_ARROW))
        return true;
    do {
        ir_type t;
        if (!parse_node_type(p, &t))
            return false;
        ir_state_add_result(m, st, t);
    } while (irp_opt(p, IR_T_COMMA));
    return true;
}

void ir_fmt_arch_group_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    print_id_props(w, op);
    irw_puts(w, " share(");
    irw_operands(w, op, 0, o->nopnd);
    irw_puts(w, ") ");
    ir_block b = ir_region_entry(m, o->regs[0]);
    const struct ir_block_info *bi = b ? ir_block_get(m, b) : NULL;
    for (uint32_t i = 0; bi && i < bi->nargs && i < o->nopnd; i++)
        irw_name_like(w, bi->args[i], o->opnd[i]);
    irw_region(w, o->regs[0], false, "ktdf_arch.yield");
    for (uint32_t i = 0; i < o->nres; i++) {
        irw_puts(w, i ? ", " : " -> ");
        print_node_type(w, ir_value_type(m, o->res + i));
    }
}

bool ir_verify_arch_group(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, -1, -1, 1))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        int k = node_of_value(m, o->opnd[i]);
        if (k != NODE_MEMORY && k != NODE_EXEC_UNIT)
            return irv_error(v, op, "'share' operands must be memories or execution units");
    }
    for (uint32_t i = 0; i < o->nres; i++) {
        int k = node_of_value(m, o->res + i);
        if (k != NODE_MEMORY && k != NODE_EXEC_UNIT)
            return irv_error(v, op, "results must be memories or execution units");
    }
    ir_block b = ir_region_entry(m, o->regs[0]);
    if (!b || ir_block_get(m, b)->next)
        return irv_error(v, op, "requires a body of one block");
    const struct ir_block_info *bi = ir_block_get(m, b);
    if (bi->nargs != o->nopnd)
        return irv_error(v, op, "body has %u arguments, but %u nodes are shared", bi->nargs,
                         o->nopnd);
    for (uint32_t i = 0; i < bi->nargs; i++)
        if (ir_value_type(m, bi->args[i]) != ir_value_type(m, o->opnd[i]))
            return irv_error(v, op, "type of body argument #%u does not match shared node #%u", i, i);
    if (!check_children(v, op, b, IR_OP_KTDF_ARCH_YIELD))
        return false;
    ir_op y = bi->last;
    if (!y || ir_op_get(m, y)->kind != IR_OP_KTDF_ARCH_YIELD)
        return irv_error(v, op, "body must end with 'yield'");
    const struct ir_op_info *yi = ir_op_get(m, y);
    if (yi->nopnd != o->nres)
        return irv_error(v, op, "'yield' gives %u values, but the group has %u results",
                         yi->nopnd, o->nres);
    for (uint32_t i = 0; i < o->nres; i++)
        if (ir_value_type(m, yi->opnd[i]) != ir_value_type(m, o->res + i))
            return irv_error(v, op, "type of yielded value #%u (%s) does not match result type (%s)",
                             i, irv_type_str(v, ir_value_type(m, yi->opnd[i])),
                             irv_type_str(v, ir_value_type(m, o->res + i)));
    return true;
}

/* yield [%a, ...] [{attrs}]: the nodes a group exports. */
bool ir_fmt_arch_yield_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand *ops;
    uint32_t n;
    return irp_operand_list(p, &ops, &n) && irp_add_operands(p, st, ops, n, NULL, n ? n : 1) &&
           irp_opt_attr_dict(p, st);
}

void ir_fmt_arch_yield_print(struct ir_printer *w, ir_op op)
{
    uint32_t n = ir_op_get(irw_module(w), op)->nopnd;
    if (n) {
        irw_puts(w, " ");
        irw_operands(w, op, 0, n);
    }
    irw_attr_dict(w, op, NULL, 0);
}

bool ir_verify_arch_yield(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_parent(v, op, IR_OP_KTDF_ARCH_GROUP) || !irv_counts(v, op, -1, 0, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < o->nopnd; i++) {
        int k = node_of_value(m, o->opnd[i]);
        if (k != NODE_MEMORY && k != NODE_EXEC_UNIT)
            return irv_error(v, op, "operands must be memories or execution units");
    }
    return true;
}

/* ---- datapath ------------------------------------------------------------ */

/* datapath [@id] [#ALIAS | {attrs}] %src to %dst : T, T */
bool ir_fmt_arch_datapath_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct irp_operand src, dst;
    ir_type ts, td;
    return parse_id(p, st) && parse_props(p, st) && irp_operand(p, &src) &&
           irp_expect_kw(p, "to") && irp_operand(p, &dst) && irp_expect(p, IR_T_COLON) &&
           parse_node_type(p, &ts) && irp_expect(p, IR_T_COMMA) && parse_node_type(p, &td) &&
           irp_add_operand(p, st, &src, ts) && irp_add_operand(p, st, &dst, td);
}

void ir_fmt_arch_datapath_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    const struct ir_op_info *o = ir_op_get(m, op);
    print_id_props(w, op);
    irw_puts(w, " ");
    irw_value(w, o->opnd[0]);
    irw_puts(w, " to ");
    irw_value(w, o->opnd[1]);
    irw_puts(w, " : ");
    print_node_type(w, ir_value_type(m, o->opnd[0]));
    irw_puts(w, ", ");
    print_node_type(w, ir_value_type(m, o->opnd[1]));
}

bool ir_verify_arch_datapath(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 2, 0, 0))
        return false;
    const struct ir_op_info *o = ir_op_get(m, op);
    for (uint32_t i = 0; i < 2; i++)
        if (node_of_value(m, o->opnd[i]) < 0)
            return irv_error(v, op, "%s must be a memory, an execution unit or a port",
                             i ? "destination" : "source");
    return true;
}

/* ---- patterns ------------------------------------------------------------ */

/* patterns [["group", ...]] [attributes {...}] { pdl.pattern ... } */
bool ir_fmt_arch_patterns_parse(struct ir_parser *p, struct ir_op_state *st)
{
    struct ir_module *m = irp_module(p);
    if (irp_peek(p, IR_T_LSQUARE)) {
        struct ir_loc loc = irp_loc(p);
        ir_attr g;
        if (!irp_attr(p, &g))
            return false;
        const struct ir_attr_info *gi = ir_attr_get(m, g);
        for (uint32_t i = 0; i < gi->n; i++)
            if (ir_attr_get(m, gi->elems[i])->kind != IR_AT_STRING)
                return irp_error_at(p, loc, "expected a list of group names (strings)");
        ir_state_set_attr(m, st, "groups", g);
    }
    ir_region r;
    if (!irp_opt_attr_dict_kw(p, st) || !irp_region(p, &r, NULL, 0, NULL))
        return false;
    /* The body always has its block, even when written `{}`. */
    if (!ir_region_entry(m, r))
        ir_region_append_block(m, r, ir_block_new(m));
    ir_state_add_region(m, st, r);
    return true;
}

void ir_fmt_arch_patterns_print(struct ir_printer *w, ir_op op)
{
    const struct ir_module *m = irw_module(w);
    static const char *const elide[] = {"groups"};
    ir_attr g = ir_op_attr(m, op, "groups");
    bool list = g && ir_attr_get(m, g)->kind == IR_AT_ARRAY;
    if (list) {
        irw_puts(w, " ");
        irw_attr(w, g);
    }
    irw_attr_dict_kw(w, op, elide, list ? 1 : 0);
    ir_region r = ir_op_region(m, op, 0);
    ir_block body = ir_region_entry(m, r);
    if (body && !ir_block_get(m, body)->first && !ir_block_get(m, body)->next) {
        irw_puts(w, " {}");
        return;
    }
    irw_puts(w, " ");
    irw_region(w, r, false, NULL);
}

bool ir_verify_arch_patterns(struct ir_verifier *v, ir_op op)
{
    struct ir_module *m = irv_module(v);
    if (!irv_counts(v, op, 0, 0, 1) || !irv_parent(v, op, IR_OP_KTDF_ARCH_DEVICE))
        return false;
    ir_attr g = ir_op_attr(m, op, "groups");
    if (g) {
        const struct ir_attr_info *gi = ir_attr_get(m, g);
        bool ok = gi->kind == IR_AT_ARRAY;
        for (uint32_t i = 0; ok && i < gi->n; i++)
            ok = ir_attr_get(m, gi->elems[i])->kind == IR_AT_STRING;
        if (!ok)
            return irv_error(v, op, "attribute 'groups' must be an array of strings");
    }
    ir_region r = ir_op_region(m, op, 0);
    for (ir_block b = ir_region_get(m, r)->first; b; b = ir_block_get(m, b)->next)
        IR_FOR_OPS(m, b, c) {
            if (strcmp(ir_str_get(m, ir_op_get(m, c)->name), "pdl.pattern") != 0) {
                irv_error(v, op, "expects child ops to be 'pdl.pattern'");
                ir_diag_at(v->diag, m, ir_op_get(m, c)->loc, IR_SEV_NOTE,
                           "unexpected child is here");
                return false;
            }
        }
    return true;
}

/* ---- ktdf_arch.* properties on any op ------------------------------------ */

/* Where a property sits: an execution unit, a link, another ktdf_arch op,
 * or any other op (which can be mapped onto the device). */
enum site { SITE_UNIT, SITE_LINK, SITE_ARCH, SITE_OTHER };

static enum site site_of(const struct ir_module *m, ir_op op)
{
    uint32_t k = ir_op_get(m, op)->kind;
    if (k == IR_OP_KTDF_ARCH_EXEC_UNIT)
        return SITE_UNIT;
    if (k == IR_OP_KTDF_ARCH_DATAPATH)
        return SITE_LINK;
    if (strncmp(ir_str_get(m, ir_op_get(m, op)->name), "ktdf_arch.", 10) == 0)
        return SITE_ARCH;
    return SITE_OTHER;
}

/* Names a map key for messages: "A" for strings, the type for types. */
static const char *key_str(struct ir_verifier *v, ir_attr key, char *buf, size_t n)
{
    struct ir_module *m = irv_module(v);
    const struct ir_attr_info *ki = ir_attr_get(m, key);
    if (ki->kind == IR_AT_STRING)
        snprintf(buf, n, "\"%s\"", ir_str_get(m, ki->s));
    else if (ki->kind == IR_AT_TYPE)
        snprintf(buf, n, "%s", irv_type_str(v, ki->type));
    else
        snprintf(buf, n, "?");
    return buf;
}

static bool is_unit(const struct ir_module *m, ir_attr a)
{
    return ir_attr_get(m, a)->kind == IR_AT_UNIT;
}

/* load/store: {word_size = map<space = bytes>, access_granularity =
 * map<space = [{size_in_words, align_in_words}, ...]>}, and for a store
 * the flag masked_writes */
static bool check_load_store(struct ir_verifier *v, ir_op op, ir_attr f)
{
    struct ir_module *m = irv_module(v);
    char key[160];
    ir_attr mw = ir_dict_get(m, f, "masked_writes");
    if (mw && !is_unit(m, mw))
        return irv_error(v, op, "'masked_writes' requires unit");
    ir_attr ws = ir_dict_get(m, f, "word_size"), ag = ir_dict_get(m, f, "access_granularity");
    if (ws) {
        const struct ir_attr_info *wi = ir_attr_get(m, ws);
        if (wi->kind != IR_AT_ARCH_MAP)
            return irv_error(v, op, "'word_size' requires map");
        for (uint32_t i = 0; i < wi->n; i++) {
            ir_attr x = wi->elems[2 * i + 1];
            if (!is_i64(m, x))
                return irv_error(v, op, "'word_size[%s]' requires 64-bit integer",
                                 key_str(v, wi->elems[2 * i], key, sizeof key));
            if (ir_attr_get(m, x)->i < 1)
                return irv_error(v, op, "'word_size[%s]' must be > 0",
                                 key_str(v, wi->elems[2 * i], key, sizeof key));
        }
    }
    if (!ag)
        return true;
    const struct ir_attr_info *gi = ir_attr_get(m, ag);
    if (gi->kind != IR_AT_ARCH_MAP)
        return irv_error(v, op, "'access_granularity' requires map");
    for (uint32_t i = 0; i < gi->n; i++) {
        key_str(v, gi->elems[2 * i], key, sizeof key);
        const struct ir_attr_info *li = ir_attr_get(m, gi->elems[2 * i + 1]);
        if (li->kind != IR_AT_ARRAY)
            return irv_error(v, op, "'access_granularity[%s]' requires array of dictionaries", key);
        for (uint32_t j = 0; j < li->n; j++) {
            ir_attr d = li->elems[j];
            if (ir_attr_get(m, d)->kind != IR_AT_DICT)
                return irv_error(v, op, "'access_granularity[%s]' requires array of dictionaries",
                                 key);
            static const char *const fields[] = {"size_in_words", "align_in_words"};
            for (int k = 0; k < 2; k++) {
                ir_attr x = ir_dict_get(m, d, fields[k]);
                if (!x && k == 0)
                    return irv_error(v, op, "'access_granularity[%s]' requires attribute 'size_in_words'", key);
                if (x && !is_i64(m, x))
                    return irv_error(v, op, "'access_granularity[%s]' attribute '%s' requires 64-bit integer",
                                     key, fields[k]);
                if (x && ir_attr_get(m, x)->i < 1)
                    return irv_error(v, op, "'access_granularity[%s]' attribute '%s' must be > 0",
                                     key, fields[k]);
            }
        }
    }
    return true;
}

/* simd: {splat, zero_pad, lanes = map<type = count>} */
static bool check_simd(struct ir_verifier *v, ir_op op, ir_attr f)
{
    struct ir_module *m = irv_module(v);
    static const char *const flags[] = {"splat", "zero_pad"};
    for (int k = 0; k < 2; k++) {
        ir_attr x = ir_dict_get(m, f, flags[k]);
        if (x && !is_unit(m, x))
            return irv_error(v, op, "'%s' requires unit", flags[k]);
    }
    ir_attr lanes = ir_dict_get(m, f, "lanes");
    if (!lanes)
        return true;
    const struct ir_attr_info *li = ir_attr_get(m, lanes);
    bool ok = li->kind == IR_AT_ARCH_MAP;
    for (uint32_t i = 0; ok && i < li->n; i++)
        ok = ir_attr_get(m, li->elems[2 * i])->kind == IR_AT_TYPE && is_i64(m, li->elems[2 * i + 1]) &&
             ir_attr_get(m, li->elems[2 * i + 1])->i > 0;
    if (!ok)
        return irv_error(v, op, "'lanes' requires map from type to 64-bit integer (> 0)");
    return true;
}

/* queue: {ordered, size = bytes, depth = entries} */
static bool check_queue(struct ir_verifier *v, ir_op op, ir_attr f)
{
    struct ir_module *m = irv_module(v);
    ir_attr ordered = ir_dict_get(m, f, "ordered");
    if (ordered && !is_unit(m, ordered))
        return irv_error(v, op, "'ordered' requires unit");
    static const char *const ints[] = {"size", "depth"};
    for (int k = 0; k < 2; k++) {
        ir_attr x = ir_dict_get(m, f, ints[k]);
        if (x && !is_i64(m, x))
            return irv_error(v, op, "'%s' requires 64-bit integer", ints[k]);
        if (x && ir_attr_get(m, x)->i < 1)
            return irv_error(v, op, "'%s' must be > 0", ints[k]);
    }
    return true;
}

static bool check_features(struct ir_verifier *v, ir_op op, ir_attr feats)
{
    struct ir_module *m = irv_module(v);
    enum site site = site_of(m, op);
    const struct ir_attr_info *fi = ir_attr_get(m, feats);
    if (fi->kind != IR_AT_DICT)
        return irv_error(v, op, "attribute 'ktdf_arch.features' requires dictionary attribute");
    for (uint32_t i = 0; i < fi->n; i++) {
        const char *name = ir_str_get(m, fi->elems[2 * i]);
        ir_attr f = fi->elems[2 * i + 1];
        if (strncmp(name, "ktdf_arch.feature.", 18) != 0)
            continue;
        const char *feat = name + 18;
        bool on_unit = !strcmp(feat, "compute") || !strcmp(feat, "load") ||
                       !strcmp(feat, "store") || !strcmp(feat, "simd");
        bool on_link = !strcmp(feat, "queue");
        if (on_unit && (site == SITE_LINK || site == SITE_ARCH))
            return irv_error(v, op, "'%s' is only valid on execution units", name);
        if (on_link && (site == SITE_UNIT || site == SITE_ARCH))
            return irv_error(v, op, "'%s' is only valid on links", name);
        if (!on_unit && !on_link)
            continue;
        uint8_t k = ir_attr_get(m, f)->kind;
        if (k != IR_AT_UNIT && k != IR_AT_DICT)
            return irv_error(v, op, "'%s' requires unit or dictionary attribute", name);
        if (k == IR_AT_UNIT)
            continue;
        if ((!strcmp(feat, "load") || !strcmp(feat, "store")) && !check_load_store(v, op, f))
            return false;
        if (!strcmp(feat, "load") && ir_dict_get(m, f, "masked_writes"))
            return irv_error(v, op, "'masked_writes' is only valid on a store");
        if (!strcmp(feat, "simd") && !check_simd(v, op, f))
            return false;
        if (on_link && !check_queue(v, op, f))
            return false;
    }
    return true;
}

bool ir_verify_attr_ktdf_arch(struct ir_verifier *v, ir_op op, const char *name, ir_attr value)
{
    struct ir_module *m = irv_module(v);
    enum site site = site_of(m, op);
    const struct ir_attr_info *ai = ir_attr_get(m, value);
    const char *prop = name + 10;
    bool link_only = !strcmp(prop, "bandwidth") || !strcmp(prop, "transfer_granularity");
    if (link_only && (site == SITE_UNIT || site == SITE_ARCH))
        return irv_error(v, op, "'%s' is only valid on links", name);
    if (!strcmp(prop, "features"))
        return check_features(v, op, value);
    if (!strcmp(prop, "bandwidth")) {
        if (!is_i64(m, value))
            return irv_error(v, op, "'%s' requires 64-bit integer attribute", name);
        if (ai->i < 1)
            return irv_error(v, op, "'%s' value must be > 0", name);
    } else if (!strcmp(prop, "transfer_granularity")) {
        if (ai->kind != IR_AT_DENSE_ARRAY || ai->type != m->t_i64)
            return irv_error(v, op, "'%s' requires dense 64-bit integer array attribute", name);
        for (uint32_t i = 0; i < ai->n; i++) {
            if (ai->ints[i] < 1)
                return irv_error(v, op, "'%s' granularities must be > 0", name);
            for (uint32_t j = 0; j < i; j++)
                if (ai->ints[j] == ai->ints[i])
                    return irv_error(v, op, "'%s' has a repeated granularity (%lld)", name,
                                     (long long)ai->ints[i]);
        }
    } else if (!strcmp(prop, "overlaps")) {
        if (ai->kind != IR_AT_ARRAY)
            return irv_error(v, op, "'%s' requires array attribute", name);
    } else if (!strcmp(prop, "maps_to")) {
        if (site != SITE_OTHER)
            return irv_error(v, op, "'%s' is only valid on mappable ops", name);
    }
    return true;
}

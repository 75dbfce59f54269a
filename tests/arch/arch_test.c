/* arch_test.c - unit tests of the device model (arch/arch.h) on the
 * embedded devices, the test-only third device (tests/arch/cases/
 * third_device.mlir) and small descriptions written here: instances and
 * levels, features, memory spaces, routes over kinds and instances, ids,
 * and attaching a device to a kernel module. Run from the workspace (or
 * runfiles) root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "ktir/asm.h"
#include "ktir/ops.h"
#include "ktir/verify.h"
#include "tests/lib/irtest.h"

#define CASES "tests/arch/cases/"

/* Diagnostics of the current test, as text. */
static char *diag_text;
static size_t diag_len;
static FILE *diag_out;
static struct ir_diag diag;

static int setup(void **state)
{
    (void)state;
    diag_out = open_memstream(&diag_text, &diag_len);
    ir_diag_init(&diag, diag_out);
    return diag_out ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ir_diag_free(&diag);
    fclose(diag_out);
    free(diag_text);
    diag_text = NULL;
    return 0;
}

static const char *diags(void)
{
    fflush(diag_out);
    return diag_text ? diag_text : "";
}

static struct arch_device *load(const char *name)
{
    struct arch_device *d = arch_load_named(name, &diag);
    if (!d)
        print_error("%s", diags());
    assert_non_null(d);
    return d;
}

static struct ir_module *parse(const char *file, const char *text)
{
    struct ir_module *m = ir_parse(file, text, strlen(text), 0, strlen(text), &diag);
    assert_true(m && ir_verify_module(m, &diag));
    return m;
}

static uint32_t res(const struct arch_device *d, const char *name)
{
    uint32_t r = arch_res_find(d, name);
    if (r == ARCH_NONE)
        print_error("no instance %s\n", name);
    assert_int_not_equal(r, ARCH_NONE);
    return r;
}

/* The route from -> to as "A B C" (kind or instance names). */
static char *route_text(const struct arch_device *d, const char *from, const char *to)
{
    struct arch_route r;
    if (!arch_route(d, from, to, &r, &diag)) {
        print_error("%s", diags());
        fail();
    }
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    for (uint32_t i = 0; i < r.n; i++)
        fprintf(f, "%s%s", i ? " " : "",
                r.by_kind ? d->kinds[r.nodes[i]].name : d->res[r.nodes[i]].name);
    fclose(f);
    arch_route_free(&r);
    return text;
}

static void assert_route(const struct arch_device *d, const char *from, const char *to,
                         const char *want)
{
    char *got = route_text(d, from, to);
    assert_string_equal(got, want);
    free(got);
}

/* ---- the embedded devices ------------------------------------------------ */

static void embedded_names(void **state)
{
    (void)state;
    size_t n = 0;
    while (arch_embedded_names[n])
        n++;
    assert_int_equal(n, 2);
    assert_string_equal(arch_embedded_names[0], "sample");
    assert_string_equal(arch_embedded_names[1], "spyre");
    size_t len;
    const char *file;
    assert_non_null(arch_embedded("spyre", &len, &file));
    assert_string_equal(file, "arch/devices/spyre.mlir");
    assert_null(arch_embedded("hopper", &len, &file));
    /* Loading an embedded device skips verification (arch/load.c): it is
     * verified here, once, instead. */
    for (size_t i = 0; i < n; i++) {
        const char *text = arch_embedded(arch_embedded_names[i], &len, &file);
        struct ir_module *m = ir_parse(file, text, len, 0, len, &diag);
        assert_true(m && ir_verify_module(m, &diag));
        ir_module_free(m);
    }
}

static void sample_instances(void **state)
{
    (void)state;
    struct arch_device *d = load("sample");
    assert_string_equal(d->name, "sample_device");
    assert_int_equal(d->ncores, 1);
    assert_int_equal(d->ncorelets, 2);
    const struct arch_res *sfu = &d->res[res(d, "C0-SFU-CL1")];
    assert_int_equal(sfu->level, ARCH_LEVEL_CORELET);
    assert_int_equal(sfu->core, 0);
    assert_int_equal(sfu->corelet, 1);
    assert_int_equal(d->res[res(d, "C0-MNILU")].level, ARCH_LEVEL_CORE);
    assert_int_equal(d->res[res(d, "DDR")].level, ARCH_LEVEL_DEVICE);
    assert_int_equal(d->kinds[arch_kind_find(d, "SFU")].count, 2);
    assert_int_equal(d->kinds[arch_kind_find(d, "L1LU")].count, 2);
    /* The lowest enclosing group: the corelet and core groups. */
    assert_int_equal(d->groups[sfu->group].level, ARCH_LEVEL_DEVICE); /* SFU_Block wrapper */
    assert_int_equal(d->groups[d->groups[sfu->group].parent].level, ARCH_LEVEL_CORELET);
    /* Group-local memories and the memory tree. */
    assert_string_equal(d->res[arch_local_memory(d, res(d, "C0-SFU-CL0"))].name,
                        "C0-SFU_REG-CL0");
    assert_string_equal(d->res[arch_local_memory(d, res(d, "C0-MNILU"))].name, "C0-L1");
    assert_int_equal(arch_local_memory(d, res(d, "C0-L1LU-CL0")), ARCH_NONE);
    assert_string_equal(d->res[d->res[res(d, "C0-SFU_REG-CL1")].parent].name, "C0-L1");
    assert_string_equal(d->res[d->res[res(d, "C0-L1")].parent].name, "DDR");
    assert_int_equal(d->res[res(d, "DDR")].parent, ARCH_NONE);
    assert_int_equal(arch_res_at(d, "L1LU", 0, 1), res(d, "C0-L1LU-CL1"));
    assert_int_equal(arch_res_at(d, "L1LU", 1, -1), ARCH_NONE);
    arch_free(d);
}

static void sample_features(void **state)
{
    (void)state;
    struct arch_device *d = load("sample");
    uint32_t sfu = res(d, "C0-SFU-CL0"), l1lu = res(d, "C0-L1LU-CL0"), mnilu = res(d, "C0-MNILU");
    assert_int_equal(d->res[sfu].features, ARCH_F_COMPUTE | ARCH_F_SIMD);
    assert_int_equal(arch_lanes(d, sfu, "f16"), 64);
    assert_int_equal(arch_lanes(d, sfu, "f32"), 0);
    assert_int_equal(d->res[l1lu].features, ARCH_F_LOAD | ARCH_F_SIMD | ARCH_F_SPLAT | ARCH_F_ZERO_PAD);
    const struct arch_access *a = arch_access(d, l1lu, false, "L1");
    assert_non_null(a);
    assert_int_equal(a->word_size, 1);
    assert_int_equal(a->ngranules, 2);
    assert_int_equal(a->granules[0].size_in_words, 64);
    assert_int_equal(a->granules[1].align_in_words, 2);
    assert_null(arch_access(d, l1lu, true, "L1"));
    assert_int_equal(arch_access(d, mnilu, false, "DDR")->word_size, 64);
    assert_int_not_equal(arch_res_attr(d, mnilu, "dataflow_scheduler.double_buffer_last"), IR_NONE);
    assert_int_equal(arch_res_attr(d, sfu, "dataflow_scheduler.double_buffer_last"), IR_NONE);
    assert_string_equal(d->res[res(d, "DDR")].kind, "DDR");
    assert_int_equal(d->res[res(d, "DDR")].size, 1073741824);
    assert_int_equal(d->res[res(d, "C0-SFU_REG-CL0")].size, 2048);
    arch_free(d);
}

static void sample_routes(void **state)
{
    (void)state;
    struct arch_device *d = load("sample");
    assert_route(d, "DDR", "SFU", "DDR MNILU L1 L1LU SFU");
    assert_route(d, "SFU", "DDR", "SFU L1SU L1 MNISU DDR");
    assert_route(d, "ct_local", "SFU", "L1 L1LU SFU");
    assert_route(d, "global", "SFU", "DDR MNILU L1 L1LU SFU");
    /* Every corelet is seen: the second one through its own units. */
    assert_route(d, "DDR", "C0-SFU-CL1", "DDR C0-MNILU C0-L1 C0-L1LU-CL1 C0-SFU-CL1");
    assert_route(d, "C0-SFU-CL1", "DDR", "C0-SFU-CL1 C0-L1SU-CL1 C0-L1 C0-MNISU DDR");
    /* Each hop carries its link's properties. */
    struct arch_route r;
    assert_true(arch_route(d, "L1", "SFU", &r, &diag));
    assert_int_equal(r.n, 3);
    const struct arch_link *fifo = &d->links[r.links[1]];
    assert_true(fifo->queue && fifo->ordered);
    assert_int_equal(fifo->depth, 16);
    assert_int_equal(fifo->ngranularity, 2);
    assert_int_equal(fifo->granularity[0], 64);
    assert_int_equal(fifo->granularity[1], 2);
    assert_int_equal(fifo->bandwidth, 64); /* default: its widest granularity */
    assert_false(fifo->bandwidth_given);
    arch_route_free(&r);
    assert_true(arch_route(d, "DDR", "MNILU", &r, &diag));
    assert_int_equal(d->links[r.links[0]].bandwidth, 256);
    assert_true(d->links[r.links[0]].bandwidth_given);
    assert_int_equal(d->links[r.links[0]].latency, ARCH_DEFAULT_LATENCY);
    arch_route_free(&r);
    arch_free(d);
}

static void spyre_device(void **state)
{
    (void)state;
    struct arch_device *d = load("spyre");
    assert_int_equal(d->ncores, 32);
    assert_int_equal(d->ncorelets, 2);
    assert_int_equal(d->clock_mhz, 1000);
    uint32_t l1 = arch_kind_find(d, "L1");
    assert_int_equal(d->kinds[l1].count, 32);
    for (uint32_t r = 0; r < d->nres; r++)
        if (d->res[r].kind_index == l1)
            assert_int_equal(d->res[r].size, 2 * 1024 * 1024);
    assert_int_equal(d->kinds[arch_kind_find(d, "SFU")].count, 64);
    assert_int_equal(d->res[res(d, "DDR")].size, 128LL << 30);
    assert_int_equal(d->res[res(d, "DDR")].aggregate_bandwidth, 204);
    uint32_t sfu = res(d, "C31-SFU-CL1");
    assert_int_equal(arch_lanes(d, sfu, "f16"), 64);
    assert_int_equal(arch_lanes(d, sfu, "f32"), 32);
    assert_int_equal(arch_lanes(d, sfu, "i32"), 32);
    assert_int_equal(arch_access(d, res(d, "C3-MNILU"), false, "DDR")->word_size, 128);
    assert_string_equal(arch_space_kind(d, IR_MS_GLOBAL), "DDR");
    assert_string_equal(arch_space_kind(d, IR_MS_CT_LOCAL), "L1");
    assert_route(d, "DDR", "SFU", "DDR MNILU L1 L1LU SFU");
    assert_route(d, "SFU", "DDR", "SFU L1SU L1 MNISU DDR");
    assert_route(d, "ct_local", "SFU", "L1 L1LU SFU");
    /* Scratchpad to scratchpad over the ring, both ways round. */
    assert_route(d, "C0-L1", "C2-L1", "C0-L1 C0-RING C1-RING C2-RING C2-L1");
    assert_route(d, "C0-L1", "C31-L1", "C0-L1 C0-RING C31-RING C31-L1");
    assert_route(d, "DDR", "C17-SFU-CL1", "DDR C17-MNILU C17-L1 C17-L1LU-CL1 C17-SFU-CL1");
    arch_free(d);
}

/* A device written only for the tests: other names, 128 lanes, no
 * scratchpad load unit. Nothing in ktc changes for it. */
static void third_device(void **state)
{
    (void)state;
    struct arch_device *d = load(CASES "third_device.mlir");
    assert_int_equal(d->ncores, 2);
    assert_int_equal(d->ncorelets, 2);
    assert_route(d, "HBM", "VPU", "HBM DMA_IN SPM VPU");
    assert_route(d, "VPU", "HBM", "VPU SPM DMA_OUT HBM");
    assert_route(d, "ct_local", "VPU", "SPM VPU");
    assert_route(d, "global", "VPU", "HBM DMA_IN SPM VPU");
    assert_route(d, "HBM", "C1-VPU-CL1", "HBM C1-DMA_IN C1-SPM C1-VPU-CL1");
    assert_int_equal(arch_lanes(d, res(d, "C1-VPU-CL0"), "f16"), 128);
    assert_int_equal(arch_kind_find(d, "L1LU"), ARCH_NONE);
    assert_null(arch_space_kind(d, IR_MS_L0));
    arch_free(d);
}

static void memory_space_attrs(void **state)
{
    (void)state;
    struct arch_device *d = load("sample");
    struct ir_module *m = parse("spaces.mlir",
                                "func.func private @f() attributes {a = #ktdp.memory_space<global>, "
                                "b = #ktdp.spyre_memory_space<LX>, c = #ktdp.spyre_memory_space<HBM>, "
                                "d = \"L1\", e = \"L9\", f = #ktdp.memory_space<ct_local, ct_id = 3>}");
    ir_op f = ir_block_get(m, ir_module_body(m))->first;
    static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
    static const char *const want[] = {"DDR", "L1", "DDR", "L1", NULL, "L1"};
    for (int i = 0; i < 6; i++) {
        const char *got = arch_space_attr_kind(d, m, ir_op_attr(m, f, names[i]));
        if (want[i])
            assert_string_equal(got, want[i]);
        else
            assert_null(got);
    }
    ir_module_free(m);
    arch_free(d);
}

/* ---- descriptions written here ------------------------------------------- */

/* Ids: `@id`, else the kind, else the op name, made unique with _N. */
static const char ids_text[] =
    "ktdf_arch.device @ids {\n"
    "  %a = exec_unit {expected_id = \"exec_unit\"}\n"
    "  group {expected_id = \"group\"} share() {\n"
    "    exec_unit {expected_id = \"exec_unit_2\"}\n"
    "    exec_unit @exec_unit_1 {expected_id = \"exec_unit_1\"}\n"
    "  }\n"
    "  %s = exec_unit {kind = \"special\", expected_id = \"special\"}\n"
    "  %t = exec_unit {kind = \"special\", expected_id = \"special_1\"}\n"
    "  datapath {expected_id = \"datapath\"} %a to %s : exec_unit, exec_unit\n"
    "  datapath {kind = \"special\", expected_id = \"special_2\"} %s to %t : exec_unit, exec_unit\n"
    "}\n";

static void resource_ids(void **state)
{
    (void)state;
    struct ir_module *m = parse("ids.mlir", ids_text);
    struct arch_device *d = arch_load_module(m, &diag);
    assert_non_null(d);
    unsigned checked = 0;
    for (uint32_t i = 0; i < d->nres; i++) {
        ir_attr want = arch_res_attr(d, i, "expected_id");
        assert_string_equal(d->res[i].id, ir_str_get(m, ir_attr_get(m, want)->s));
        checked++;
    }
    for (uint32_t i = 0; i < d->ngroups; i++, checked++)
        assert_string_equal(d->groups[i].id, "group");
    for (uint32_t i = 0; i < d->nlinks; i++, checked++) {
        ir_attr want = ir_op_attr(m, d->links[i].op, "expected_id");
        assert_string_equal(d->links[i].id, ir_str_get(m, ir_attr_get(m, want)->s));
    }
    assert_int_equal(checked, 8);
    arch_free(d);
    ir_module_free(m);
}

/* Group results stand for the yielded nodes, shared nodes for the outer
 * ones: links attach to the right instances across group boundaries. */
static void links_through_groups(void **state)
{
    (void)state;
    struct ir_module *m = parse("links.mlir",
                                "ktdf_arch.device @l {\n"
                                "  %d = memory {kind = \"D\"}\n"
                                "  %a = group share(%d) {\n"
                                "    %u = exec_unit {kind = \"A\"}\n"
                                "    datapath %d to %u : memory, exec_unit\n"
                                "    yield %u\n"
                                "  } -> exec_unit\n"
                                "  %b = exec_unit {kind = \"B\"}\n"
                                "  datapath %a to %b : exec_unit, exec_unit\n"
                                "  datapath %b to %d : exec_unit, memory\n"
                                "}\n");
    struct arch_device *d = arch_load_module(m, &diag);
    assert_non_null(d);
    assert_int_equal(d->nlinks, 3);
    assert_string_equal(d->res[d->links[0].src].kind, "D");
    assert_string_equal(d->res[d->links[0].dst].kind, "A");
    assert_string_equal(d->res[d->links[1].src].kind, "A");
    assert_string_equal(d->res[d->links[1].dst].kind, "B");
    assert_route(d, "D", "B", "D A B");
    assert_route(d, "C0-A", "D", "C0-A B D");
    arch_free(d);
    ir_module_free(m);
}

static void route_errors(void **state)
{
    (void)state;
    struct arch_device *d = load("sample");
    struct arch_route r;
    assert_false(arch_route(d, "DDR", "TPU", &r, &diag));
    assert_false(arch_route(d, "L1", "C0-SFU-CL0", &r, &diag));
    assert_true(arch_route(d, "L0", "SFU_REG", &r, &diag)); /* L0: the corelet memory */
    assert_int_equal(r.n, 1);
    arch_route_free(&r);
    assert_non_null(strstr(diags(), "arch/devices/sample.mlir:"));
    assert_non_null(strstr(diags(), "no resource kind, memory space or instance named 'TPU'"));
    arch_free(d);
}

/* ---- attaching a device to a kernel ----------------------------------------- */

static const char kernel_text[] = "func.func @k(%a: index) {\n  return\n}\n";

/* The text of a module's first op. */
static char *first_op_text(const struct ir_module *m)
{
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    ir_print_op_to(f, m, ir_block_get(m, ir_module_body(m))->first, 0);
    fclose(f);
    return text;
}

static void attach_default(void **state)
{
    (void)state;
    struct ir_module *m = parse("kernel.mlir", kernel_text);
    assert_true(arch_attach_device(m, NULL, &diag));
    assert_string_equal(diags(), "");
    ir_op dev = ir_block_get(m, ir_module_body(m))->first;
    assert_int_equal(ir_op_get(m, dev)->kind, IR_OP_KTDF_ARCH_DEVICE);
    assert_true(ir_verify_module(m, &diag));
    char *msg = irt_roundtrip(m);
    if (msg)
        print_error("%s\n", msg);
    assert_null(msg);
    /* An embedded device is carried as a one-line reference to itself. */
    char *a = first_op_text(m);
    assert_string_equal(a, "ktdf_arch.device @spyre import(\"ktc:spyre\")\n");
    free(a);
    /* Later stages need no file: the module carries its device. */
    struct arch_device *d = arch_load_module(m, &diag);
    assert_non_null(d);
    assert_int_equal(d->ncores, 32);
    assert_string_equal(ir_str_get(d->m, ir_op_get(d->m, d->op)->loc.file), "arch/devices/spyre.mlir");
    arch_free(d);
    ir_module_free(m);
}

static void attach_named(void **state)
{
    (void)state;
    struct ir_module *m = parse("kernel.mlir", kernel_text);
    assert_true(arch_attach_device(m, "sample", &diag));
    struct arch_device *d = arch_load_module(m, &diag);
    assert_non_null(d);
    assert_string_equal(d->name, "sample_device");
    assert_int_equal(d->ncorelets, 2);
    arch_free(d);
    ir_module_free(m);
    m = parse("kernel.mlir", kernel_text);
    assert_true(arch_attach_device(m, CASES "third_device.mlir", &diag));
    assert_true(ir_verify_module(m, &diag));
    d = arch_load_module(m, &diag);
    assert_non_null(d);
    assert_string_equal(d->name, "third");
    arch_free(d);
    ir_module_free(m);
}

/* The kernel's own declaration wins; its import is inlined, the chain's
 * attributes merged (the importing declaration first). */
static void attach_own_declaration(void **state)
{
    (void)state;
    struct ir_module *m = parse(CASES "kernel.mlir",
                                "ktdf_arch.device @chained attributes {mem_space_mapping = "
                                "#ktdf_arch.map<#ktdp.memory_space<ct_local> = \"SP\">} "
                                "import(\"inputs/middle.mlir\")\n"
                                "func.func @k() {\n  return\n}\n");
    assert_true(arch_attach_device(m, "spyre", &diag));
    assert_non_null(strstr(diags(), CASES "kernel.mlir:1:1: note: the kernel's own device "
                                           "@chained is used, not --device=spyre"));
    ir_op dev = ir_block_get(m, ir_module_body(m))->first;
    assert_int_equal(ir_op_attr(m, dev, "import_path"), IR_NONE);
    assert_int_not_equal(ir_op_attr(m, dev, "mem_space_mapping"), IR_NONE);
    assert_int_equal(ir_attr_get(m, ir_op_attr(m, dev, "ktdf_arch.clock_mhz"))->i, 700);
    assert_int_equal(ir_attr_get(m, ir_op_attr(m, dev, "version"))->i, 1);
    assert_true(ir_verify_module(m, &diag));
    assert_null(irt_roundtrip(m));
    struct arch_device *d = arch_load_module(m, &diag);
    assert_non_null(d);
    assert_int_equal(d->clock_mhz, 700);
    assert_string_equal(arch_space_kind(d, IR_MS_CT_LOCAL), "SP");
    arch_free(d);
    ir_module_free(m);
}

static void attach_errors(void **state)
{
    (void)state;
    struct ir_module *m = parse("two.mlir", "ktdf_arch.device @a import(\"x.mlir\")\n"
                                            "ktdf_arch.device @b import(\"y.mlir\")\n");
    assert_false(arch_attach_device(m, NULL, &diag));
    assert_non_null(strstr(diags(), "two.mlir:2:1: error: a kernel targets one device; @b is a "
                                    "second one"));
    ir_module_free(m);
    m = parse("gone.mlir", "ktdf_arch.device @g import(\"inputs/absent.mlir\")\n");
    assert_false(arch_attach_device(m, NULL, &diag));
    assert_non_null(strstr(diags(), "gone.mlir:1:1: error: cannot import device @g"));
    ir_module_free(m);
    m = parse("k.mlir", kernel_text);
    assert_false(arch_attach_device(m, "hopper", &diag));
    assert_non_null(strstr(diags(), "hopper: error: no embedded device"));
    assert_int_equal(ir_block_get(m, ir_module_body(m))->first,
                     ir_block_get(m, ir_module_body(m))->last); /* nothing added */
    ir_module_free(m);
    m = parse("k.mlir", kernel_text);
    assert_null(arch_load_module(m, &diag));
    assert_non_null(strstr(diags(), "carries no device"));
    ir_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(embedded_names, setup, teardown),
        cmocka_unit_test_setup_teardown(sample_instances, setup, teardown),
        cmocka_unit_test_setup_teardown(sample_features, setup, teardown),
        cmocka_unit_test_setup_teardown(sample_routes, setup, teardown),
        cmocka_unit_test_setup_teardown(spyre_device, setup, teardown),
        cmocka_unit_test_setup_teardown(third_device, setup, teardown),
        cmocka_unit_test_setup_teardown(memory_space_attrs, setup, teardown),
        cmocka_unit_test_setup_teardown(resource_ids, setup, teardown),
        cmocka_unit_test_setup_teardown(links_through_groups, setup, teardown),
        cmocka_unit_test_setup_teardown(route_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(attach_default, setup, teardown),
        cmocka_unit_test_setup_teardown(attach_named, setup, teardown),
        cmocka_unit_test_setup_teardown(attach_own_declaration, setup, teardown),
        cmocka_unit_test_setup_teardown(attach_errors, setup, teardown),
    };
    return cmocka_run_group_tests_name("arch", tests, NULL, NULL);
}

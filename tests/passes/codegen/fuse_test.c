/* fuse_test.c - ktc-codegen's send fusion (cg_fuse_sends, codegen_sched.c)
 * on hand-written programs: which vld + send pairs become one vlds (vldz:
 * vldzs), which vector ops send their result (op.send), and which sends
 * stay, each case its own program. The
 * pass sees a program the way cg_codegen hands it over (receives sunk);
 * these programs are parsed from SpyreCode text instead. */
#define _GNU_SOURCE /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "codegen/codegen.h"
#include "codegen/spyrecode.h"

/* The program p whose body is `body` (ports l1, i, o, q and s), after fusion,
 * as SpyreCode text: its body's lines, indented as sc_print does. */
static char *fused(const char *body)
{
    char text[4096];
    snprintf(text, sizeof text,
             "spyrecode 1\nprogram p (l1 : mem, i : in, o : out, q : out, s : sigin) {\n%s}\n",
             body);
    struct ir_diag d;
    ir_diag_init(&d, stderr);
    struct sc_binary *b = sc_parse("fuse.sc", text, strlen(text), &d);
    assert_non_null(b);
    assert_int_equal(d.nerrors, 0);
    cg_fuse_sends(&b->progs[0]);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    sc_print(b, f, false);
    fclose(f);
    sc_binary_free(b);
    ir_diag_free(&d);
    char *start = strstr(out, "{\n");
    assert_non_null(start);
    memmove(out, start + 2, strlen(start + 2) + 1);
    char *end = strstr(out, "}\n");
    assert_non_null(end);
    *end = 0;
    return out;
}

static void expect(const char *body, const char *want)
{
    char *got = fused(body);
    assert_string_equal(got, want);
    free(got);
}

/* A group of loads, then their sends (ktc-lower's order): each pair
 * fuses, the sends keeping their order on the port. A zero-padded load
 * too. */
static void test_group(void **state)
{
    (void)state;
    expect("    vld.f16 v0, l1[0], 64\n"
           "    vld.f16 v1, l1[128], 64\n"
           "    vldz.f16 v2, l1[256], 10, 64\n"
           "    send o, v0\n"
           "    send o, v1\n"
           "    send q, v2\n",
           "    vlds.f16 o, l1[0], 64\n"
           "    vlds.f16 o, l1[128], 64\n"
           "    vldzs.f16 q, l1[256], 10, 64\n");
}

/* A vector op keeps its register and sends it too (op.send): the splat's
 * repeat, an op whose result is also used after. The load of a vector
 * the unit also computes with stays a load. */
static void test_ops(void **state)
{
    (void)state;
    expect("    vld.f16 v0, l1[0], 1\n"
           "    vshuf.f16 v1, v0, [0], 64\n"
           "    send o, v1\n",
           "    vld.f16 v0, l1[0], 1\n"
           "    vshuf.f16.send o, v1, v0, [0], 64\n");
    expect("    vld.f16 v0, l1[0], 64\n"
           "    send o, v0\n"
           "    vun.exp.f16 v1, v0\n"
           "    vbin.add.f16 v2, v1, v1\n"
           "    send q, v1\n"
           "    send q, v2\n",
           "    vld.f16 v0, l1[0], 64\n"
           "    send o, v0\n"
           "    vun.exp.f16.send q, v1, v0\n"
           "    vbin.add.f16.send q, v2, v1, v1\n");
}

/* A send moves up past arithmetic and loads only: not past another send
 * to the port (the port's order), an op.send, a receive (the unit would
 * send before it receives: its consumer may wait on what that receive
 * unblocks), nor a wait. */
static void test_kept_order(void **state)
{
    (void)state;
    const char *other = "    vld.f16 v0, l1[0], 64\n"
                        "    vld.f16 v1, l1[128], 64\n"
                        "    send q, v1\n"
                        "    send o, v0\n";
    expect(other, "    vld.f16 v0, l1[0], 64\n"
                  "    vlds.f16 q, l1[128], 64\n"
                  "    send o, v0\n");
    const char *recv = "    vun.exp.f16 v1, v0\n"
                       "    recv.f16 v2, i, 64\n"
                       "    send o, v1\n";
    expect(recv, recv);
    const char *waits = "    vld.f16 v0, l1[0], 64\n"
                        "    wait s\n"
                        "    send o, v0\n";
    expect(waits, waits);
}

/* Liveness goes round loops: a register the loop's next round reads
 * before loading it again is live after its send; one loaded before a
 * loop and sent inside it is sent from another block (kept); the loop's
 * own pair fuses when the round after loads before it reads. */
static void test_loops(void **state)
{
    (void)state;
    const char *carried = "    vld.f16 v0, l1[0], 64\n"
                          "    for r1 = 0 to 4\n"
                          "      send o, v0\n"
                          "      vld.f16 v0, l1[128 + r1 * 128], 64\n"
                          "      send q, v0\n"
                          "    end\n";
    expect(carried, carried);
    expect("    for r1 = 0 to 4\n"
           "      vld.f16 v0, l1[0 + r1 * 128], 64\n"
           "      send o, v0\n"
           "    end\n"
           "    vld.f16 v0, l1[1024], 64\n"
           "    send q, v0\n",
           "    for r1 = 0 to 4\n"
           "      vlds.f16 o, l1[0 + r1 * 128], 64\n"
           "    end\n"
           "    vlds.f16 q, l1[1024], 64\n");
    /* read after a loop that may run no round: still the load's value */
    const char *maybe = "    vld.f16 v0, l1[0], 64\n"
                        "    send o, v0\n"
                        "    for r1 = 0 to r2\n"
                        "      vld.f16 v0, l1[128], 64\n"
                        "      send o, v0\n"
                        "    end\n"
                        "    send q, v0\n";
    expect(maybe, maybe);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group),
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_kept_order),
        cmocka_unit_test(test_loops),
    };
    return cmocka_run_group_tests_name("fuse", tests, NULL, NULL);
}

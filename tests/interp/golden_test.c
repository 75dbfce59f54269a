/* golden_test.c - ktc-interp against the corpus goldens: every
 * ../shared/corpus/ktir-cpu/golden/<stem>/golden.json is run on the
 * interpreter and every array compared with the corpus tolerance (exact for
 * pure data movement). One cmocka case per golden; a summary line gives the
 * pass count and the speed against ktir-cpu's recorded wall time. The corpus
 * is not in the repo: when it is absent the test says so and passes.
 * Usage: golden [CORPUS_DIR] (default: $KTC_CORPUS, else ../shared/corpus
 * next to the workspace this source file lives in).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ktir/interp/golden.h"
#include "tests/lib/golden.h"
#include "tests/lib/irtest.h"

struct case_state {
    char *dir;
    double seconds, wall_s;
    bool passed;
};

static void golden_case(void **state)
{
    struct case_state *cs = *state;
    struct golden g;
    char err[512];
    if (!golden_load(cs->dir, &g, err, sizeof err))
        fail_msg("%s", err);
    size_t len;
    char *buf = irt_read_file(g.kernel, &len);
    if (!buf) {
        golden_free(&g);
        fail_msg("cannot read %s", g.kernel);
    }
    struct irt_parse p;
    irt_parse(&p, g.kernel, buf, len, 0, len);
    if (!p.ok) {
        printf("%s", p.diag);
        irt_parse_free(&p);
        free(buf);
        golden_free(&g);
        fail_msg("the kernel does not parse");
    }
    char *report = NULL;
    size_t rlen = 0;
    FILE *rf = open_memstream(&report, &rlen);
    if (!rf)
        abort();
    struct ir_diag diag;
    ir_diag_init(&diag, rf);
    ir_diag_add_source(&diag, g.kernel, buf, len);
    struct interp_config cfg;
    interp_config_default(&cfg);
    struct golden_timing tm;
    int rc = golden_run(p.m, &g, NULL, &cfg, &diag, rf, 3, &tm);
    fclose(rf);
    ir_diag_free(&diag);
    cs->seconds = tm.seconds;
    cs->wall_s = g.wall_s;
    cs->passed = rc == 0;
    if (rc)
        printf("%s", report);
    free(report);
    irt_parse_free(&p);
    free(buf);
    golden_free(&g);
    assert_int_equal(rc, 0);
}

int main(int argc, char **argv)
{
    char *tried;
    char *corpus = irt_find_corpus(argc, argv, "tests/interp/golden_test.c", &tried);
    char *gdir = corpus ? irt_fmt("%s/ktir-cpu/golden", corpus) : NULL;
    size_t nall = 0, n = 0;
    char **all = gdir ? irt_list_dir(gdir, NULL, &nall) : NULL;
    if (!all) {
        printf("corpus goldens not found at%s, skipping\n", tried);
        free(tried);
        free(gdir);
        free(corpus);
        return 0;
    }
    free(tried);
    char **names = calloc(nall + 1, sizeof *names);
    if (!names)
        abort();
    for (size_t i = 0; i < nall; i++) {
        char *sub = irt_fmt("%s/%s", gdir, all[i]);
        if (irt_has_file(sub, "golden.json"))
            names[n++] = sub;
        else
            free(sub);
    }
    irt_list_free(all, nall);
    struct case_state *cs = calloc(n + 1, sizeof *cs);
    struct CMUnitTest *tests = calloc(n + 1, sizeof *tests);
    if (!cs || !tests)
        abort();
    for (size_t i = 0; i < n; i++) {
        cs[i].dir = names[i];
        tests[i] = (struct CMUnitTest){.name = strrchr(names[i], '/') + 1,
                                       .test_func = golden_case,
                                       .initial_state = &cs[i]};
    }
    int failed = n ? _cmocka_run_group_tests("golden", tests, n, NULL, NULL) : 0;
    unsigned passed = 0;
    double ours = 0, theirs = 0, worst = 0;
    for (size_t i = 0; i < n; i++) {
        passed += cs[i].passed;
        if (cs[i].passed && cs[i].wall_s > 0 && cs[i].seconds > 0) {
            ours += cs[i].seconds;
            theirs += cs[i].wall_s;
            double x = cs[i].wall_s / cs[i].seconds;
            worst = !worst || x < worst ? x : worst;
        }
    }
    printf("golden: %u/%zu corpus goldens reproduced; %.1f ms in all against ktir-cpu's %.1f ms "
           "(%.1fx overall, %.1fx on the slowest case)\n",
           passed, n, ours * 1e3, theirs * 1e3, ours > 0 ? theirs / ours : 0, worst);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(cs);
    free(tests);
    if (n == 0)
        fprintf(stderr, "golden: no golden under %s\n", gdir);
    free(gdir);
    free(corpus);
    return failed || n == 0 ? 1 : 0;
}

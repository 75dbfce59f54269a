/* golden_test.c - golden cases of the device model: every
 * tests/arch/cases/<case>.mlir is a device description whose first line
 * says how ktc-arch runs on it, e.g.
 *
 *    // RUN: ktc-arch route DDR SFU
 *    // RUN: ktc-arch --device=spyre summary
 *
 * (the device is the case file itself unless --device says otherwise). The
 * output must equal <case>.out, or the diagnostics <case>.err. Cases run
 * from their directory, so files are named as the case names them; files
 * under cases/inputs/ are imported by cases, not cases themselves. With
 * UPDATE_GOLDEN=1 the expected files are written instead of compared.
 * Usage: golden_test [DIR] (default tests/arch/cases).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "tests/lib/golden.h"
#include "tests/lib/irtest.h"

struct arch_case {
    const char *dir;  /* where the case is read */
    const char *dest; /* where UPDATE_GOLDEN writes */
    char *name;
};

/* Runs the RUN line of a case (cwd = its directory): *out gets what
 * ktc-arch prints on stdout, *err its diagnostics; returns the exit code. */
static int run_case(const char *file, const char *src, char **out, size_t *nout, char **err,
                    size_t *nerr)
{
    const char *run = strstr(src, "// RUN: ktc-arch");
    char line[512] = "";
    if (run) {
        run += strlen("// RUN: ktc-arch");
        size_t n = strcspn(run, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), run);
    }
    const char *device = file, *words[8];
    int nwords = 0;
    for (char *w = strtok(line, " "); w; w = strtok(NULL, " ")) {
        if (strncmp(w, "--device=", 9) == 0)
            device = w + 9;
        else if (nwords < 8)
            words[nwords++] = w;
    }
    FILE *o = open_memstream(out, nout), *e = open_memstream(err, nerr);
    if (!o || !e)
        abort();
    struct ir_diag diag;
    ir_diag_init(&diag, e);
    int rc = 1;
    struct arch_device *d = arch_load_named(device, &diag);
    if (d)
        rc = arch_command(d, nwords, words, o, &diag);
    arch_free(d);
    ir_diag_free(&diag);
    fclose(o);
    fclose(e);
    return rc;
}

static char *check_case(const struct arch_case *c)
{
    char *file = irt_fmt("%s.mlir", c->name);
    char *msg = NULL, *out = NULL, *err = NULL, *cwd = getcwd(NULL, 0);
    size_t len, nout, nerr;
    if (!cwd || chdir(c->dir) != 0) {
        msg = irt_fmt("cannot enter %s", c->dir);
        goto done;
    }
    char *src = irt_read_file(file, &len);
    if (!src) {
        msg = irt_fmt("cannot read %s/%s", c->dir, file);
        goto back;
    }
    int rc = run_case(file, src, &out, &nout, &err, &nerr);
    free(src);
    struct irt_outcome o = {rc == 0, out, nout, err, nerr};
    msg = irt_golden_expect(".", c->dest, c->name, &o);
back:
    if (chdir(cwd) != 0 && !msg)
        msg = irt_fmt("cannot return to %s", cwd);
done:
    free(cwd);
    free(out);
    free(err);
    free(file);
    return msg;
}

static void golden_case(void **state)
{
    char *msg = check_case(*state);
    if (msg) {
        print_error("%s\n", msg);
        free(msg);
        fail();
    }
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/arch/cases";
    /* Absolute: cases run in their own directory. */
    char *dest = irt_update_dir(dir);
    size_t n;
    char **names = irt_list_dir(dir, ".mlir", &n);
    if (!n) {
        fprintf(stderr, "golden_test: no case in %s\n", dir);
        free(dest);
        return 1;
    }
    struct arch_case *cases = calloc(n, sizeof *cases);
    struct CMUnitTest *tests = calloc(n, sizeof *tests);
    if (!cases || !tests)
        abort();
    for (size_t i = 0; i < n; i++) {
        cases[i] = (struct arch_case){dir, dest, names[i]};
        tests[i] = (struct CMUnitTest){.name = names[i], .test_func = golden_case,
                                       .initial_state = &cases[i]};
    }
    int failed = _cmocka_run_group_tests("arch_golden", tests, n, NULL, NULL);
    irt_list_free(names, n);
    free(cases);
    free(tests);
    free(dest);
    return failed ? 1 : 0;
}

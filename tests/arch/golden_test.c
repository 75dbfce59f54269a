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
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "tests/lib/irtest.h"

struct arch_case {
    const char *dir;  /* where the case is read */
    const char *dest; /* where UPDATE_GOLDEN writes */
    char *name;
};

static bool update_mode;

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

static char *write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return irt_fmt("cannot write %s", path);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (ok)
        printf("updated %s\n", path);
    return ok ? NULL : irt_fmt("cannot write %s", path);
}

static char *check_case(const struct arch_case *c)
{
    char *file = irt_fmt("%s.mlir", c->name);
    char *out_name = irt_fmt("%s.out", c->name), *err_name = irt_fmt("%s.err", c->name);
    char *msg = NULL, *out = NULL, *err = NULL, *want = NULL, *cwd = getcwd(NULL, 0);
    size_t len, nout, nerr, nwant = 0;
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
    bool ok = rc == 0;
    if (update_mode) {
        char *keep = irt_fmt("%s/%s", c->dest, ok ? out_name : err_name);
        char *drop = irt_fmt("%s/%s", c->dest, ok ? err_name : out_name);
        msg = write_file(keep, ok ? out : err, ok ? nout : nerr);
        remove(drop);
        free(keep);
        free(drop);
        goto back;
    }
    struct stat st;
    bool has_out = stat(out_name, &st) == 0, has_err = stat(err_name, &st) == 0;
    if (has_out == has_err) {
        msg = irt_fmt("%s needs exactly one of %s and %s", file, out_name, err_name);
    } else if (has_out && !ok) {
        msg = irt_fmt("expected %s, but ktc-arch failed (exit %d):\n%s", out_name, rc, err);
    } else if (has_err && ok) {
        msg = irt_fmt("expected %s, but ktc-arch succeeded:\n%s", err_name, out);
    } else if (has_out && nerr) {
        msg = irt_fmt("unexpected diagnostics:\n%s", err);
    } else {
        const char *got = has_out ? out : err;
        size_t ngot = has_out ? nout : nerr;
        want = irt_read_file(has_out ? out_name : err_name, &nwant);
        msg = want ? irt_text_diff(has_out ? out_name : err_name, want, nwant, "got", got, ngot)
                   : irt_fmt("cannot read the expected file");
        if (msg) {
            char *full = irt_fmt("%s\n--- got:\n%s", msg, got);
            free(msg);
            msg = full;
        }
    }
back:
    if (chdir(cwd) != 0 && !msg)
        msg = irt_fmt("cannot return to %s", cwd);
done:
    free(cwd);
    free(want);
    free(out);
    free(err);
    free(file);
    free(out_name);
    free(err_name);
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

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/arch/cases";
    const char *update = getenv("UPDATE_GOLDEN");
    update_mode = update && *update && strcmp(update, "0") != 0;
    const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
    char *cwd = getcwd(NULL, 0);
    if (!cwd)
        abort();
    /* Absolute: cases run in their own directory. */
    char *dest = dir[0] == '/' ? irt_fmt("%s", dir)
                 : ws && *ws  ? irt_fmt("%s/%s", ws, dir)
                              : irt_fmt("%s/%s", cwd, dir);
    free(cwd);
    DIR *dp = opendir(dir);
    if (!dp) {
        fprintf(stderr, "golden_test: no directory %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".mlir") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                abort();
        }
        names[n++] = irt_fmt("%.*s", (int)(len - 5), e->d_name);
    }
    closedir(dp);
    if (!n) {
        fprintf(stderr, "golden_test: no case in %s\n", dir);
        return 1;
    }
    qsort(names, n, sizeof *names, cmp_str);
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
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(cases);
    free(tests);
    free(dest);
    return failed ? 1 : 0;
}

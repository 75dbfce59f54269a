/* parse_print.c - parser/printer benchmark (not a test): generates a KTIR
 * kernel of about 10k ops (ktdp views, tiles, loads and stores around
 * scf.for loops of arith and tensor ops), then
 *   - times parse, verify and print of it in this process (ops/s, MB/s),
 *   - writes its generic form to a temp file and runs, as separate processes,
 *     this binary (`--run FILE`: parse, verify, print) and mlir-opt
 *     --allow-unregistered-dialect on it, comparing wall time and peak RSS
 *     (best of 5 each, then 21 interleaved rounds whose median ratio is the
 *     number to quote on a busy machine).
 *
 * `bazel run //tests/bench:parse_print -- [--ops N] [--full] [--keep FILE]`
 * --full adds tensor.empty and linalg.add to every loop body (when ktc reads
 * them), which mlir-opt 14 does not know: the comparison is then skipped.
 * MLIR_OPT names the mlir-opt binary (default /usr/lib/llvm-14/bin/mlir-opt).
 * Ops without a custom parser in ktc yet are generated in generic form.
 */
#define _DEFAULT_SOURCE /* wait4 */

#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktir/asm.h"
#include "ktir/ir.h"
#include "ktir/ops.h"
#include "ktir/verify.h"
#include "tests/lib/irtest.h"

/* ---- text generation ------------------------------------------------------ */

struct text {
    char *s;
    size_t len, cap;
};

static void emit(struct text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap ? 2 * t->cap : 1 << 20;
        t->s = realloc(t->s, t->cap);
        if (!t->s)
            abort();
    }
}

/* Whether ktc reads op `name` in custom form. */
static bool has_custom(const char *name)
{
    uint32_t kind = ir_op_kind_lookup(name);
    return kind && ir_op_def(kind)->parse;
}

#define T4 "tensor<4x64xf16>"
#define TILE "!ktdp.access_tile<4x64xindex>"
#define VIEW "memref<1024x64xf16>"

/* One loop body block (k): views, an scf.for over tiles carrying a tensor,
 * a store of the result. Returns the number of ops emitted. */
static unsigned emit_block(struct text *t, unsigned k, bool full)
{
    bool scf = has_custom("scf.for"), ten = has_custom("tensor.extract");
    unsigned ops = 0;
    for (int out = 0; out < 2; out++, ops++)
        emit(t,
             "    %%v%s%u = ktdp.construct_memory_view %%%s, sizes: [1024, 64], strides: [64, 1]"
             " {coordinate_set = #view, memory_space = #ktdp.memory_space<global>} : " VIEW "\n",
             out ? "out" : "in", k, out ? "out" : "in");
    if (scf)
        emit(t,
             "    %%r%u = scf.for %%i%u = %%c0 to %%c4 step %%c1 iter_args(%%acc%u = %%init) -> "
             "(" T4 ") {\n",
             k, k, k);
    else
        emit(t,
             "    %%r%u = \"scf.for\"(%%c0, %%c4, %%c1, %%init) ({\n"
             "    ^bb0(%%i%u: index, %%acc%u: " T4 "):\n",
             k, k, k);
    emit(t, "      %%row%u = arith.muli %%i%u, %%c4 : index\n", k, k);
    emit(t,
         "      %%t%u = ktdp.construct_access_tile %%vin%u[%%row%u + %%tid, 0] {access_tile_set = "
         "#tile, access_tile_order = #id} : " VIEW " -> " TILE "\n",
         k, k, k);
    emit(t, "      %%x%u = ktdp.load %%t%u : " TILE " -> " T4 "\n", k, k);
    emit(t, "      %%s%u = arith.addf %%x%u, %%acc%u : " T4 "\n", k, k, k);
    emit(t, "      %%m%u = arith.mulf %%s%u, %%half : " T4 "\n", k, k);
    if (ten)
        emit(t, "      %%e%u = tensor.extract %%m%u[%%c0, %%i%u] : " T4 "\n", k, k, k);
    else
        emit(t,
             "      %%e%u = \"tensor.extract\"(%%m%u, %%c0, %%i%u) : (" T4 ", index, index) -> "
             "f16\n",
             k, k, k);
    emit(t, "      %%q%u = arith.mulf %%e%u, %%e%u : f16\n", k, k, k);
    if (ten)
        emit(t, "      %%u%u = tensor.insert %%q%u into %%m%u[%%c1, %%i%u] : " T4 "\n", k, k, k,
             k);
    else
        emit(t,
             "      %%u%u = \"tensor.insert\"(%%q%u, %%m%u, %%c1, %%i%u) : (f16, " T4
             ", index, index) -> " T4 "\n",
             k, k, k, k);
    ops += 9;
    const char *yielded = "u";
    if (full) {
        emit(t, "      %%z%u = tensor.empty() : " T4 "\n", k);
        emit(t,
             "      %%w%u = linalg.add ins(%%u%u, %%x%u : " T4 ", " T4 ") outs(%%z%u : " T4
             ") -> " T4 "\n",
             k, k, k, k);
        ops += 2;
        yielded = "w";
    }
    if (scf)
        emit(t, "      scf.yield %%%s%u : " T4 "\n    }\n", yielded, k);
    else
        emit(t,
             "      \"scf.yield\"(%%%s%u) : (" T4 ") -> ()\n"
             "    }) : (index, index, index, " T4 ") -> " T4 "\n",
             yielded, k);
    emit(t,
         "    %%to%u = ktdp.construct_access_tile %%vout%u[%%tid, 0] {access_tile_set = #tile, "
         "access_tile_order = #id} : " VIEW " -> " TILE "\n",
         k, k);
    emit(t, "    ktdp.store %%r%u, %%to%u : " T4 ", " TILE "\n", k, k);
    return ops + 3;
}

/* A kernel of at least nops ops. */
static void generate(struct text *t, unsigned nops, bool full)
{
    emit(t, "%s",
         "// parse_print benchmark kernel (generated)\n"
            "#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 63 >= 0)>\n"
            "#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>\n"
            "#id = affine_map<(d0, d1) -> (d0, d1)>\n"
            "module {\n"
            "  func.func @bench(%in: index, %out: index, %init: " T4 ") attributes "
            "{grid = [4, 1]} {\n"
            "    %c0 = arith.constant 0 : index\n"
            "    %c1 = arith.constant 1 : index\n"
            "    %c4 = arith.constant 4 : index\n"
            "    %half = arith.constant dense<5.000000e-01> : " T4 "\n"
            "    %tid = ktdp.get_compute_tile_id : index\n");
    unsigned ops = 8; /* module, func, 5 above, return */
    for (unsigned k = 0; ops < nops; k++)
        ops += emit_block(t, k, full);
    emit(t, "    return\n  }\n}\n");
}

/* ---- measuring ------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool count_op(struct ir_module *m, ir_op op, void *ctx)
{
    (void)m;
    (void)op;
    (*(unsigned long *)ctx)++;
    return true;
}

/* Parses and verifies text; exits with the diagnostics on failure. */
static struct ir_module *parse_or_die(const char *name, const char *text, size_t len)
{
    struct ir_diag d;
    ir_diag_init(&d, stderr);
    ir_diag_add_source(&d, name, text, len);
    struct ir_module *m = ir_parse(name, text, len, 0, len, &d);
    if (!m || !ir_verify_module(m, &d)) {
        fprintf(stderr, "parse_print: the %s does not %s\n", name, m ? "verify" : "parse");
        exit(1);
    }
    ir_diag_free(&d);
    return m;
}

enum { REPEAT = 5 };

/* Best-of-REPEAT seconds for parse, verify and print (flags) of text. */
static void time_in_process(const char *name, const char *text, size_t len, unsigned flags,
                            double t[3])
{
    t[0] = t[1] = t[2] = 1e30;
    for (int r = 0; r < REPEAT; r++) {
        struct ir_diag d;
        ir_diag_init(&d, NULL);
        double t0 = now();
        struct ir_module *m = ir_parse(name, text, len, 0, len, &d);
        double t1 = now();
        bool ok = m && ir_verify_module(m, &d);
        double t2 = now();
        size_t plen;
        char *printed = ok ? irt_print(m, flags, &plen) : NULL;
        double t3 = now();
        if (!ok) {
            fprintf(stderr, "parse_print: the %s no longer parses\n", name);
            exit(1);
        }
        t[0] = t1 - t0 < t[0] ? t1 - t0 : t[0];
        t[1] = t2 - t1 < t[1] ? t2 - t1 : t[1];
        t[2] = t3 - t2 < t[2] ? t3 - t2 : t[2];
        free(printed);
        ir_module_free(m);
        ir_diag_free(&d);
    }
}

/* Forks and execs argv with stdout to /dev/null and stderr to errfile, waits
 * for it and fills its wall time and peak RSS (KiB); returns its exit status
 * (-1 when it could not run). */
static int spawn_and_wait(char *const argv[], const char *errfile, double *wall, long *maxrss_kb)
{
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        int err = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (devnull < 0 || err < 0)
            _exit(127);
        dup2(devnull, 1);
        dup2(err, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return -1;
    *wall = now() - t0;
    *maxrss_kb = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* --measure RESULT ERR PROG ARGS...: runs PROG and writes "status wall rss"
 * to RESULT. A child's peak RSS starts at its parent's RSS when it forks
 * (Linux carries it over exec), so the measuring parent must be this fresh,
 * small process, not the benchmark that holds the kernel in memory. */
static int measure(char **argv)
{
    double wall = 0;
    long rss = 0;
    int st = spawn_and_wait(argv + 2, argv[1], &wall, &rss);
    FILE *f = fopen(argv[0], "w");
    if (!f)
        return 3;
    fprintf(f, "%d %.9f %ld\n", st, wall, rss);
    return fclose(f) == 0 ? 0 : 3;
}

static char scratch[4096]; /* the comparison's temp directory */

/* Runs argv through `--measure`; as spawn_and_wait. */
static int run_child(char *const argv[], const char *errfile, double *wall, long *maxrss_kb)
{
    char *res = irt_fmt("%s/measure.txt", scratch);
    char *wargv[16] = {"/proc/self/exe", "--measure", res, (char *)errfile};
    size_t n = 4;
    for (size_t i = 0; argv[i] && n < 15; i++)
        wargv[n++] = argv[i];
    wargv[n] = NULL;
    double w;
    long r;
    int st = spawn_and_wait(wargv, errfile, &w, &r);
    FILE *f = st == 0 ? fopen(res, "r") : NULL;
    if (!f || fscanf(f, "%d %lf %ld", &st, wall, maxrss_kb) != 3)
        st = -1;
    if (f)
        fclose(f);
    remove(res);
    free(res);
    return st;
}

/* Best wall time and largest RSS over REPEAT runs; the exit status of the last. */
static int run_best(char *const argv[], const char *errfile, double *wall, long *maxrss_kb)
{
    int status = 0;
    *wall = 1e30;
    *maxrss_kb = 0;
    for (int r = 0; r < REPEAT && status == 0; r++) {
        double w;
        long rss;
        status = run_child(argv, errfile, &w, &rss);
        *wall = w < *wall ? w : *wall;
        *maxrss_kb = rss > *maxrss_kb ? rss : *maxrss_kb;
    }
    return status;
}

enum { ROUNDS = 21 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ROUNDS rounds of one run of a then one of b, so that both see the same
 * load (a busy machine slows a burst of one side's runs, which best-of
 * does not undo): the median wall time of each and the median of the
 * per-round ratios a / b. False when a run fails. */
static bool run_interleaved(char *const a[], char *const b[], const char *errfile,
                            double *med_a, double *med_b, double *med_ratio)
{
    double wa[ROUNDS], wb[ROUNDS], ratio[ROUNDS];
    long rss;
    for (int r = 0; r < ROUNDS; r++) {
        if (run_child(a, errfile, &wa[r], &rss) != 0 || run_child(b, errfile, &wb[r], &rss) != 0)
            return false;
        ratio[r] = wa[r] / wb[r];
    }
    qsort(wa, ROUNDS, sizeof *wa, cmp_double);
    qsort(wb, ROUNDS, sizeof *wb, cmp_double);
    qsort(ratio, ROUNDS, sizeof *ratio, cmp_double);
    *med_a = wa[ROUNDS / 2];
    *med_b = wb[ROUNDS / 2];
    *med_ratio = ratio[ROUNDS / 2];
    return true;
}

static bool write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* MLIR before release 15 has no `array<T: ...>` attribute: a plain array
 * `[...]` costs it the same to parse. */
static void dense_arrays_to_arrays(char *s)
{
    char *w = s;
    for (const char *r = s; *r;) {
        if (strncmp(r, "array<", 6) == 0 && strchr(r, ':') && strchr(r, '>')) {
            const char *colon = strchr(r, ':'), *close = strchr(r, '>');
            if (colon < close) {
                *w++ = '[';
                for (r = colon + 1; *r == ' '; r++)
                    ;
                while (r < close)
                    *w++ = *r++;
                *w++ = ']';
                r++;
                continue;
            }
        }
        *w++ = *r++;
    }
    *w = 0;
}

static void first_line(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    buf[0] = 0;
    if (f) {
        if (!fgets(buf, (int)n, f))
            buf[0] = 0;
        fclose(f);
    }
    buf[strcspn(buf, "\n")] = 0;
}

/* Compares this binary and mlir-opt on the generic text, both as fresh
 * processes reading a file (mlir-opt's copy adapted to its release if needed). */
/* The ktc binaries timed as a real pipeline (--parse/--print), else NULL:
 * then this binary's in-process --run stands in for them. */
static const char *ktc_parse_bin, *ktc_print_bin;

static void compare_with_mlir_opt(const char *custom, size_t clen, const char *generic,
                                  size_t glen)
{
    const char *mlir_opt = getenv("MLIR_OPT");
    if (!mlir_opt || !*mlir_opt)
        mlir_opt = "/usr/lib/llvm-14/bin/mlir-opt";
    if (access(mlir_opt, X_OK) != 0) {
        printf("mlir-opt: %s not found, no comparison\n", mlir_opt);
        return;
    }
    const char *tmp = getenv("TMPDIR");
    char *dir = scratch;
    snprintf(scratch, sizeof scratch, "%s/parse_print.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        printf("mlir-opt: cannot make a temp directory, no comparison\n");
        return;
    }
    char *file = irt_fmt("%s/kernel.mlir", dir), *mfile = irt_fmt("%s/kernel-mlir.mlir", dir);
    char *cfile = irt_fmt("%s/kernel-custom.mlir", dir);
    char *empty = irt_fmt("%s/empty.mlir", dir), *err = irt_fmt("%s/stderr.txt", dir);
    char *compat = irt_fmt("%s", generic);
    char msg[512];
    double ktc_wall, mlir_wall, base_wall;
    long ktc_rss, mlir_rss, base_rss;
    char *ktc_argv[] = {"/proc/self/exe", "--run", file, NULL, NULL, NULL, NULL};
    if (ktc_parse_bin && ktc_print_bin) {
        /* `ktc-parse kernel.mlir | ktc-print`, the pipeline a user runs. */
        char *pipe_argv[] = {"/bin/sh", "-c", "\"$0\" \"$1\" | \"$2\" >/dev/null",
                             (char *)ktc_parse_bin, cfile, (char *)ktc_print_bin, NULL};
        memcpy(ktc_argv, pipe_argv, sizeof pipe_argv);
    }
    char *mlir_argv[] = {(char *)mlir_opt, "--allow-unregistered-dialect", mfile, "-o",
                         "/dev/null", NULL};
    char *base_argv[] = {(char *)mlir_opt, "--allow-unregistered-dialect", empty, "-o",
                         "/dev/null", NULL};
    bool rewritten = false;
    if (!write_file(file, generic, glen) || !write_file(mfile, generic, glen) ||
        !write_file(cfile, custom, clen) ||
        !write_file(empty, "module {\n}\n", 11)) {
        printf("mlir-opt: cannot write to %s, no comparison\n", dir);
        goto out;
    }
    int st = run_best(mlir_argv, err, &mlir_wall, &mlir_rss);
    if (st != 0) {
        dense_arrays_to_arrays(compat);
        rewritten = write_file(mfile, compat, strlen(compat));
        st = run_best(mlir_argv, err, &mlir_wall, &mlir_rss);
    }
    if (st != 0) {
        first_line(err, msg, sizeof msg);
        printf("mlir-opt: rejects the generic form (exit %d): %s\n", st, msg);
        goto out;
    }
    run_best(base_argv, err, &base_wall, &base_rss);
    char *true_argv[] = {"/bin/true", NULL};
    double floor_wall;
    long floor_rss;
    run_best(true_argv, err, &floor_wall, &floor_rss);
    if (run_best(ktc_argv, err, &ktc_wall, &ktc_rss) != 0) {
        first_line(err, msg, sizeof msg);
        printf("parse_print --run failed: %s\n", msg);
        goto out;
    }
    if (ktc_parse_bin)
        printf("`ktc-parse kernel.mlir | ktc-print` (custom form, %.2f MB) against mlir-opt on "
               "the generic form (%.2f MB), fresh processes (best of %d):\n",
               (double)clen / 1e6, (double)glen / 1e6, REPEAT);
    else
        printf("generic form (%.2f MB) read, verified and printed by a fresh process (best of "
               "%d):\n", (double)glen / 1e6, REPEAT);
    printf("  ktc       %8.1f ms   peak RSS %7.1f MB\n", ktc_wall * 1e3, (double)ktc_rss / 1024);
    printf("  mlir-opt  %8.1f ms   peak RSS %7.1f MB   (%s; on an empty module %.1f ms, "
           "%.1f MB)\n",
           mlir_wall * 1e3, (double)mlir_rss / 1024, mlir_opt, base_wall * 1e3,
           (double)base_rss / 1024);
    printf("  (/bin/true measures %.1f ms, %.1f MB this way)\n", floor_wall * 1e3,
           (double)floor_rss / 1024);
    if (rewritten)
        printf("  (mlir-opt read a copy with array<T: ...> attributes written [...]: its "
               "release predates them)\n");
    printf("  mlir-opt / ktc: time %.2fx (%.2fx not counting mlir-opt's startup), peak RSS "
           "%.1fx\n",
           mlir_wall / ktc_wall, (mlir_wall - base_wall) / ktc_wall,
           (double)mlir_rss / (double)ktc_rss);
    double mm, mk, mr;
    if (run_interleaved(mlir_argv, ktc_argv, err, &mm, &mk, &mr))
        printf("  interleaved, %d rounds of one run each: median mlir-opt %.1f ms, ktc %.1f ms; "
               "median ratio %.2fx\n",
               ROUNDS, mm * 1e3, mk * 1e3, mr);
out:
    remove(file);
    remove(cfile);
    remove(mfile);
    remove(empty);
    remove(err);
    rmdir(dir);
    free(file);
    free(cfile);
    free(mfile);
    free(empty);
    free(err);
    free(compat);
}

/* --run FILE: what the comparison times; parse, verify and print. */
static int run_file(const char *path)
{
    size_t len, plen;
    char *text = irt_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "parse_print: cannot read %s\n", path);
        return 3;
    }
    struct ir_module *m = parse_or_die(path, text, len);
    char *printed = irt_print(m, IR_PRINT_GENERIC, &plen);
    bool ok = fwrite(printed, 1, plen, stdout) == plen;
    free(printed);
    ir_module_free(m);
    free(text);
    return ok ? 0 : 3;
}

int main(int argc, char **argv)
{
    unsigned nops = 10000;
    bool full = false;
    const char *keep = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--run") == 0 && i + 1 < argc)
            return run_file(argv[i + 1]);
        if (strcmp(argv[i], "--measure") == 0 && argc - i >= 4)
            return measure(argv + i + 1);
        if (strcmp(argv[i], "--ops") == 0 && i + 1 < argc)
            nops = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--full") == 0)
            full = true;
        else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc)
            keep = argv[++i];
        else if (strcmp(argv[i], "--parse") == 0 && i + 1 < argc)
            ktc_parse_bin = argv[++i];
        else if (strcmp(argv[i], "--print") == 0 && i + 1 < argc)
            ktc_print_bin = argv[++i];
        else {
            fprintf(stderr, "usage: parse_print [--ops N] [--full] [--keep FILE] "
                            "[--parse KTC-PARSE --print KTC-PRINT]\n");
            return 2;
        }
    }
    if (full && !(has_custom("tensor.empty") && has_custom("linalg.add"))) {
        fprintf(stderr, "parse_print: --full needs tensor.empty and linalg.add in ktc\n");
        return 2;
    }
    struct text src = {0};
    generate(&src, nops, full);
    if (keep && !write_file(keep, src.s, src.len)) {
        fprintf(stderr, "parse_print: cannot write %s\n", keep);
        return 3;
    }

    struct ir_module *m = parse_or_die("kernel.mlir", src.s, src.len);
    unsigned long ops = 0;
    ir_walk(m, m->top, count_op, &ops);
    size_t clen, glen;
    char *custom = irt_print(m, 0, &clen);
    char *generic = irt_print(m, IR_PRINT_GENERIC, &glen);
    ir_module_free(m);
    printf("kernel: %lu ops (ktdp views, tiles, load/store; scf.for%s; arith; tensor.extract/"
           "insert%s), custom form %.2f MB, generic form %.2f MB\n",
           ops, has_custom("scf.for") ? "" : " in generic form",
           full ? "/empty; linalg.add" : "", (double)clen / 1e6, (double)glen / 1e6);

    double tc[3], tg[3];
    time_in_process("custom form", custom, clen, 0, tc);
    time_in_process("generic form", generic, glen, IR_PRINT_GENERIC, tg);
    static const char *const what[] = {"parse", "verify", "print"};
#ifndef __OPTIMIZE__
    printf("(built without optimization: `bazel run -c opt` gives meaningful numbers)\n");
#endif
    printf("in process (best of %d):       custom form                   generic form\n", REPEAT);
    for (int i = 0; i < 3; i++) {
        size_t bytes = i == 1 ? 0 : clen, gbytes = i == 1 ? 0 : glen;
        printf("  %-7s %7.2f ms %6.2f Mops/s", what[i], tc[i] * 1e3, (double)ops / tc[i] / 1e6);
        if (bytes)
            printf(" %5.0f MB/s", (double)bytes / tc[i] / 1e6);
        else
            printf("           ");
        printf("   %7.2f ms %6.2f Mops/s", tg[i] * 1e3, (double)ops / tg[i] / 1e6);
        if (gbytes)
            printf(" %5.0f MB/s", (double)gbytes / tg[i] / 1e6);
        printf("\n");
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("  peak RSS of this process: %.1f MB\n", (double)ru.ru_maxrss / 1024);
    fflush(stdout);

    if (!full)
        compare_with_mlir_opt(custom, clen, generic, glen);
    else
        printf("mlir-opt: no comparison with --full (mlir-opt 14 has no tensor.empty, "
               "linalg.add)\n");
    free(custom);
    free(generic);
    free(src.s);
    return 0;
}

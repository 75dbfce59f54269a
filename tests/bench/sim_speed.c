/* sim_speed.c - the simulator against ktir-cpu's Python interpreter on the
 * corpus (issue 6; a benchmark, not a test): `bazel run -c opt
 * //tests/bench:sim_speed [-- --repeat=N] [CORPUS]`.
 *
 * For every CORPUS/ktir-cpu/golden/STEM/golden.json whose kernel `ktc
 * compile` accepts (the others are listed with the first line of the
 * compiler's error), runs `ktc-launch K --golden DIR` (results checked
 * against the golden's expected arrays) and prints, per kernel:
 *   launch   one launch of the prepared kernel as ktc-launch measures it
 *            in-process (--repeat=N: "per launch" of its "host:" line; symbols,
 *            patches, the whole simulation), the least of 5 runs;
 *   prep+1st prepare + first launch, in-process (the same line);
 *   process  the whole ktc-launch process (exec, device, inputs, prepare,
 *            launch, simulation, golden comparison): wall time and CPU time
 *            (user + system; steadier on a shared machine), the least of 5;
 *   python   ktir_cpu.wall_s recorded in golden.json: ktir-cpu running the
 *            kernel inside an already running Python interpreter;
 *   ratios   python / launch (the like-for-like pair: both run an already
 *            loaded kernel in a running process) and python / process wall
 *            (ours also pays for exec, the device description, reading the
 *            inputs and comparing the golden); the issue asks >= 5, and a
 *            '*' marks a ratio that misses it;
 *   cycles and the roofline from --stats-json.
 * Then how many kernels meet 5x each way, and simulated vector-lane
 * operations (and cycles) per second of host time on the kernel with the
 * most lane operations, from the per-launch time of N launches of the
 * prepared kernel (the least of 5 runs), and from CPU time (the process
 * with N launches less the one with one, over N - 1) (the issue asks >= 200
 * M/s; see also //tests/bench:sim_bench on a generated kernel).
 * CORPUS defaults to $KTC_CORPUS, then ../shared/corpus beside the workspace;
 * without one the benchmark says so and exits 0.
 */
#define _DEFAULT_SOURCE /* mkdtemp */

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktir/interp/golden.h"
#include "tests/lib/irtest.h"

#define RUNS 5

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs argv with stdout to out and stderr to err (files); its exit status
 * (-1 when it did not exit normally), its wall time in *wall and its CPU
 * time (user + system) in *cpu. */
static int run(char *const *argv, const char *out, const char *err, double *wall, double *cpu)
{
    double t0 = now_s();
    pid_t pid = fork();
    if (pid < 0) {
        perror("sim_speed: fork");
        exit(3);
    }
    if (pid == 0) {
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) < 0) {
        perror("sim_speed: wait4");
        exit(3);
    }
    *wall = now_s() - t0;
    *cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The first line of a file (at most n - 1 bytes), "" when none. */
static void first_line(const char *path, char *buf, size_t n)
{
    buf[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(buf, (int)n, f))
        buf[strcspn(buf, "\n")] = 0;
    fclose(f);
}

/* The number after "key": in a JSON text (the first occurrence), or 0. */
static unsigned long long json_num(const char *text, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = text ? strstr(text, pat) : NULL;
    return p ? strtoull(p + strlen(pat), NULL, 10) : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The golden directories' names under dir, sorted; *n of them. */
static char **list_goldens(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **v = NULL;
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char *sub = irt_fmt("%s/%s", dir, e->d_name);
        bool has = e->d_name[0] != '.' && irt_has_file(sub, "golden.json");
        free(sub);
        if (!has)
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            v = realloc(v, cap * sizeof *v);
            if (!v)
                abort();
        }
        v[(*n)++] = irt_fmt("%s", e->d_name);
    }
    closedir(d);
    qsort(v, *n, sizeof *v, cmp_str);
    return v;
}

struct best {
    char *name;
    unsigned long long lane_ops, cycles;
    double per_launch_s, per_launch_cpu_s;
};

int main(int argc, char **argv)
{
    const char *ktc = NULL, *launch = NULL, *corpus_arg = NULL;
    long repeat = 20;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--ktc") == 0 && i + 1 < argc)
            ktc = argv[++i];
        else if (strcmp(argv[i], "--launch") == 0 && i + 1 < argc)
            launch = argv[++i];
        else if (strncmp(argv[i], "--repeat=", 9) == 0 && atol(argv[i] + 9) >= 2)
            repeat = atol(argv[i] + 9);
        else if (argv[i][0] != '-' && !corpus_arg)
            corpus_arg = argv[i];
        else {
            fprintf(stderr, "usage: sim_speed --ktc KTC --launch KTC_LAUNCH [--repeat=N>=2] "
                            "[CORPUS]\n");
            return 2;
        }
    }
    if (!ktc || !launch) {
        fprintf(stderr, "sim_speed: --ktc and --launch are required\n");
        return 2;
    }
    char ktc_abs[4096], launch_abs[4096];
    if (!realpath(ktc, ktc_abs) || !realpath(launch, launch_abs)) {
        fprintf(stderr, "sim_speed: cannot find the ktc binaries\n");
        return 3;
    }
    /* the corpus: as given, $KTC_CORPUS, beside the workspace `bazel run` came from */
    char *corpus = NULL, *tried = NULL;
    const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
    if (!corpus_arg && !getenv("KTC_CORPUS") && ws) {
        char *dir = irt_fmt("%s/../shared/corpus", ws);
        if (irt_has_file(dir, "INDEX.tsv"))
            corpus = dir;
        else
            free(dir);
    }
    if (!corpus) {
        char *fake[2] = {argv[0], (char *)corpus_arg};
        corpus = irt_find_corpus(corpus_arg ? 2 : 1, fake, "tests/bench/sim_speed.c", &tried);
    }
    if (!corpus) {
        printf("sim_speed: skipped: no corpus (tried%s)\n", tried ? tried : "");
        free(tried);
        return 0;
    }
    char *gdir = irt_fmt("%s/ktir-cpu/golden", corpus);
    size_t n;
    char **stems = list_goldens(gdir, &n);
    if (!n) {
        printf("sim_speed: skipped: no goldens in %s\n", gdir);
        return 0;
    }
    char tmpl[] = "/tmp/sim_speed.XXXXXX";
    char *tmp = mkdtemp(tmpl);
    if (!tmp) {
        perror("sim_speed: mkdtemp");
        return 3;
    }
    char *sc = irt_fmt("%s/k.spyrecode", tmp), *out = irt_fmt("%s/out", tmp),
         *err = irt_fmt("%s/err", tmp), *js = irt_fmt("%s/stats.json", tmp);
    char *rep = irt_fmt("--repeat=%ld", repeat);
    printf("sim_speed: %s, on the spyre device (ktc compile's default); times in ms\n", gdir);
    printf("%-24s %9s %9s %9s %9s %9s %9s %9s %8s %9s %7s\n", "kernel", "launch", "prep+1st",
           "process", "proc cpu", "python", "py/launch", "py/proc", "cycles", "roofline",
           "golden");
    struct best best = {0};
    int failures = 0;
    unsigned compiled = 0, timed = 0, meet_launch = 0, meet_proc = 0;
    for (size_t i = 0; i < n; i++) {
        char *dir = irt_fmt("%s/%s", gdir, stems[i]);
        struct golden g;
        char gerr[512];
        if (!golden_load(dir, &g, gerr, sizeof gerr)) {
            printf("%-24s skipped: %s\n", stems[i], gerr);
            free(dir);
            continue;
        }
        char *src = g.kernel; /* dir/../../../ + the golden's kernel path */
        double wall, cpu;
        char *cargv[] = {ktc_abs, "compile", src, "-o", sc, NULL};
        if (run(cargv, out, err, &wall, &cpu) != 0) {
            char line[300];
            first_line(err, line, sizeof line);
            const char *msg = strstr(line, "error: ");
            printf("%-24s skipped (does not compile): %s\n", stems[i], msg ? msg + 7 : line);
            goto next;
        }
        compiled++;
        /* the whole process, the least of RUNS */
        double walls[RUNS], cpus[RUNS];
        int rc = 0;
        char *largv[] = {launch_abs, sc, "--golden", dir, "--stats-json", js, NULL};
        for (int r = 0; r < RUNS && rc == 0; r++)
            rc = run(largv, out, err, &walls[r], &cpus[r]);
        char line[300];
        if (rc != 0) {
            first_line(err, line, sizeof line);
            printf("%-24s FAILED (ktc-launch exit %d): %s\n", stems[i], rc, line);
            failures++;
            goto next;
        }
        size_t olen;
        char *text = irt_read_file(out, &olen);
        bool golden_ok = text && strstr(text, "golden ") && !strstr(text, "MISMATCH");
        free(text);
        qsort(walls, RUNS, sizeof *walls, cmp_double);
        qsort(cpus, RUNS, sizeof *cpus, cmp_double);
        /* in-process times (the least of RUNS runs) and the stats */
        char *rargv[] = {launch_abs, sc, "--golden", dir, rep, "--stats-json", js, NULL};
        double sim_s = 1e30, per = 1e30, rep_cpu = 1e30;
        for (int r = 0; r < RUNS; r++) {
            rc = run(rargv, out, err, &wall, &cpu);
            rep_cpu = cpu < rep_cpu ? cpu : rep_cpu;
            text = irt_read_file(out, &olen);
            double p0, f0, l0;
            const char *host = text ? strstr(text, "host: ") : NULL;
            bool ok = rc == 0 && host &&
                      sscanf(host, "host: prepare %lf ms, first launch %lf ms, per launch %lf ms",
                             &p0, &f0, &l0) == 3;
            free(text);
            if (!ok) {
                printf("%-24s FAILED: no host times from ktc-launch %s\n", stems[i], rep);
                failures++;
                goto next;
            }
            sim_s = p0 + f0 < sim_s ? p0 + f0 : sim_s;
            per = l0 < per ? l0 : per;
        }
        size_t jlen;
        char *json = irt_read_file(js, &jlen);
        unsigned long long cycles = json_num(json, "cycles"),
                           roof = json_num(json, "roofline_cycles"),
                           lanes = json_num(json, "lane_ops");
        free(json);
        double proc_ms = walls[0] * 1e3, cpu_ms = cpus[0] * 1e3, sim_ms = sim_s,
               py_ms = g.wall_s * 1e3, r_launch = py_ms / per, r_proc = py_ms / proc_ms;
        timed++;
        meet_launch += r_launch >= 5;
        meet_proc += r_proc >= 5;
        printf("%-24s %9.3f %9.3f %9.3f %9.3f %9.3f %8.1fx%s %7.1fx%s %8llu %9llu %7s\n",
               stems[i], per, sim_ms, proc_ms, cpu_ms, py_ms, r_launch, r_launch >= 5 ? " " : "*",
               r_proc, r_proc >= 5 ? " " : "*", cycles, roof, golden_ok ? "ok" : "MISMATCH");
        failures += !golden_ok;
        if (lanes > best.lane_ops) {
            free(best.name);
            /* per launch: wall in-process, and CPU as the difference between
             * the processes with N launches and with one */
            double per_cpu = (rep_cpu - cpus[0]) / (double)(repeat - 1);
            best = (struct best){irt_fmt("%s", stems[i]), lanes, cycles, per * 1e-3,
                                 per_cpu > 0 ? per_cpu : 0};
        }
    next:
        golden_free(&g);
        free(dir);
    }
    if (timed)
        printf("5x below Python: %u of %u kernels per launch (like for like), %u of %u as a "
               "whole process\n", meet_launch, timed, meet_proc, timed);
    if (best.name) {
        printf("most lane operations: %s, %llu lane ops and %llu cycles per launch (%ld launches "
               "of the prepared kernel):\n", best.name, best.lane_ops, best.cycles, repeat);
        printf("  wall %.3f ms per launch: %.1f M lane ops/s, %.2f M cycles/s\n",
               best.per_launch_s * 1e3, (double)best.lane_ops / best.per_launch_s / 1e6,
               (double)best.cycles / best.per_launch_s / 1e6);
        if (best.per_launch_cpu_s > 0)
            printf("  CPU %.3f ms per launch: %.1f M lane ops/s, %.2f M cycles/s\n",
                   best.per_launch_cpu_s * 1e3,
                   (double)best.lane_ops / best.per_launch_cpu_s / 1e6,
                   (double)best.cycles / best.per_launch_cpu_s / 1e6);
    }
    printf("%u of %zu corpus kernels compile; %d failed\n", compiled, n, failures);
    unlink(sc);
    unlink(out);
    unlink(err);
    unlink(js);
    rmdir(tmp);
    for (size_t i = 0; i < n; i++)
        free(stems[i]);
    free(stems);
    free(best.name);
    free(sc);
    free(out);
    free(err);
    free(js);
    free(rep);
    free(gdir);
    free(corpus);
    free(tried);
    return failures ? 1 : 0;
}

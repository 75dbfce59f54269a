/* ktc.c - the driver: runs the stage binaries as a real pipeline of processes
 * connected by pipes (`ktc compile`), then the runtime (`ktc run`).
 *
 *   ktc-parse | ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower |
 *   ktc-codegen
 *
 * The stage binaries are found beside this one. With --save-temps or
 * --print-ir-after-all the stages run one after another through files, so
 * every intermediate IR file can be kept or printed.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sched/lower.h"
#include "tools/cli.h"

/* The pipeline, in order: the binary, and the name --stop-after takes. */
static const struct stage {
    const char *bin, *name, *ext;
} stages[] = {
    {"ktc-parse", "parse", "ktir"},
    {"ktc-split", "split", "split"},
    {"ktc-path-expand", "path-expand", "routed"},
    {"ktc-nest", "nest", "nested"},
    {"ktc-allocate", "allocate", "allocated"},
    {"ktc-lower", "lower", "dfir"},
    {"ktc-codegen", "codegen", "spyrecode"},
};
enum { NSTAGES = sizeof stages / sizeof *stages, MAX_ARGS = 64 };

struct opts {
    const char *cmd, *input, *output, *device, *save_temps, *stop_after;
    bool print_ir, verbose;
    const char *launch_args[MAX_ARGS]; /* `ktc run`: passed to ktc-launch */
    int nlaunch;
    const char *nest_args[MAX_ARGS]; /* --disable=NAME, --tile-sizes, --assume, --stats
                                        for ktc-nest */
    int nnest;
    const char *lower_args[MAX_ARGS]; /* --disable=NAME of ktc-lower's transformations */
    int nlower;
    const char *split_args[MAX_ARGS]; /* --disable=spread, --stats for ktc-split */
    int nsplit;
    bool skip_nest; /* --disable=nest */
};

static char bindir[PATH_MAX];

/* Whether name is one of ktc-lower's transformations (sched/lower.h): its
 * --disable goes there; every other goes to ktc-nest. */
static bool lower_transform(const char *name)
{
#define X(e, s) strcmp(name, s) == 0 ||
    return SCHED_LOWER_TRANSFORMS(X) false;
#undef X
}

static void usage(FILE *f)
{
    fprintf(f, "usage: ktc compile KERNEL.mlir [-o OUT.spyrecode] [options]\n"
               "       ktc run KERNEL.mlir [options] [ktc-launch options]\n"
               "Compiles a KTIR kernel for the device by running the stage binaries as a\n"
               "pipeline; `run` also launches it on the simulated device.\n\n"
               "options:\n"
               "  -o FILE               the SpyreCode (or the last stage's IR file)\n"
               "  --device=NAME|FILE    target device (default spyre)\n"
               "  --save-temps=DIR      keep every stage's IR file in DIR\n"
               "  --print-ir-after-all  print each stage's IR (ktc-print) on stderr\n"
               "  --stop-after=STAGE    parse, split, path-expand, nest, allocate, lower or\n"
               "                        codegen\n"
               "  --disable=NAME        turn a ktc-split, ktc-nest or ktc-lower transformation\n"
               "                        off (repeatable; ktc-split's: spread; ktc-lower's:\n"
               "                        mask-split, invariant-loads); `nest` skips the whole\n"
               "                        nest stage\n"
               "  --tile-sizes=T,...    ktc-nest's tile sizes, one per tiled loop, each\n"
               "                        T[:PHASES[:INSTANCES]]\n"
               "  --assume NAME=VALUE   the launch-time value ktc-nest's cost model prices a\n"
               "                        kernel argument at (repeatable; the code stays correct\n"
               "                        for every value)\n"
               "  --stats               ktc-split's and ktc-nest's choices (and, with `run`,\n"
               "                        ktc-launch's stats)\n"
               "  -v                    print each stage's command\n"
               "  --help, --version\n");
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "ktc: error: %s%s%s\n(see ktc --help)\n", msg, arg ? " " : "",
            arg ? arg : "");
    return CLI_USAGE;
}

static int parse_args(struct opts *o, int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command (compile or run)", NULL);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ktc %s\n", KTC_VERSION);
        return CLI_OK;
    }
    o->cmd = argv[1];
    if (strcmp(o->cmd, "compile") != 0 && strcmp(o->cmd, "run") != 0)
        return usage_error("unknown command", o->cmd);
    bool run = strcmp(o->cmd, "run") == 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-o") == 0 && i + 1 < argc)
            o->output = argv[++i];
        else if (strncmp(a, "--device=", 9) == 0)
            o->device = a + 9;
        else if (strncmp(a, "--save-temps=", 13) == 0)
            o->save_temps = a + 13;
        else if (strcmp(a, "--print-ir-after-all") == 0)
            o->print_ir = true;
        else if (strncmp(a, "--stop-after=", 13) == 0)
            o->stop_after = a + 13;
        else if (strcmp(a, "-v") == 0)
            o->verbose = true;
        else if (strcmp(a, "--disable=nest") == 0)
            o->skip_nest = true;
        else if (strncmp(a, "--disable=", 10) == 0 && lower_transform(a + 10) &&
                 o->nlower < MAX_ARGS - 1)
            o->lower_args[o->nlower++] = a;
        else if (strcmp(a, "--disable=spread") == 0 && o->nsplit < MAX_ARGS - 1)
            o->split_args[o->nsplit++] = a;
        else if (strcmp(a, "--assume") == 0 && i + 1 == argc)
            return usage_error("missing NAME=VALUE after", a);
        else if (strcmp(a, "--assume") == 0 && o->nnest < MAX_ARGS - 2) {
            o->nest_args[o->nnest++] = a;
            o->nest_args[o->nnest++] = argv[++i];
        }
        else if ((strncmp(a, "--disable=", 10) == 0 || strncmp(a, "--assume=", 9) == 0 ||
                  strncmp(a, "--tile-sizes=", 13) == 0 || strcmp(a, "--stats") == 0) &&
                 o->nnest < MAX_ARGS - 1) {
            o->nest_args[o->nnest++] = a;
            if (strcmp(a, "--stats") == 0 && o->nsplit < MAX_ARGS - 1)
                o->split_args[o->nsplit++] = a; /* ktc-split's --stats too */
            if (run && strcmp(a, "--stats") == 0 && o->nlaunch < MAX_ARGS - 1)
                o->launch_args[o->nlaunch++] = a; /* ktc-launch's --stats too */
        }
        else if (a[0] != '-' && !o->input)
            o->input = a;
        else if (run && o->nlaunch < MAX_ARGS - 1)
            o->launch_args[o->nlaunch++] = a; /* ktc-launch's own flags */
        else
            return usage_error("unknown option", a);
    }
    if (!o->input)
        return usage_error("missing input kernel", NULL);
    if (o->stop_after) {
        int k = 0;
        while (k < NSTAGES && strcmp(stages[k].name, o->stop_after) != 0)
            k++;
        if (k == NSTAGES)
            return usage_error("--stop-after takes parse, split, path-expand, nest, allocate, "
                               "lower or codegen, not", o->stop_after);
        if (o->skip_nest && strcmp(o->stop_after, "nest") == 0)
            return usage_error("--stop-after=nest and --disable=nest contradict;", "drop one");
        if (run && k != NSTAGES - 1)
            return usage_error("`ktc run` needs the whole pipeline; drop", "--stop-after");
    }
    return -1;
}

/* Formats into out or exits: a path too long for PATH_MAX cannot be run. */
static void path_printf(char *out, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(out, n, fmt, ap);
    va_end(ap);
    if (r < 0 || (size_t)r >= n) {
        fprintf(stderr, "ktc: error: path too long\n");
        exit(CLI_IO);
    }
}

/* The stage binary's path: beside this executable. */
static void bin_path(char *out, size_t n, const char *bin)
{
    path_printf(out, n, "%s/%s", bindir, bin);
}

/* argv of stage k reading `in` (NULL = stdin) and writing `out` (NULL = stdout). */
static int stage_argv(const struct opts *o, int k, const char *in, const char *out, char *path,
                      size_t pathlen, const char **argv)
{
    int n = 0;
    bin_path(path, pathlen, stages[k].bin);
    argv[n++] = path;
    static char device_flag[PATH_MAX + 16];
    if (k == 0 && o->device) {
        path_printf(device_flag, sizeof device_flag, "--device=%s", o->device);
        argv[n++] = device_flag;
    }
    /* codegen keeps the kernel's KTIR in the SpyreCode (ktc-launch --check) */
    static char ktir_flag[PATH_MAX + 16];
    if (strcmp(stages[k].ext, "spyrecode") == 0 && strcmp(o->input, "-") != 0) {
        path_printf(ktir_flag, sizeof ktir_flag, "--ktir=%s", o->input);
        argv[n++] = ktir_flag;
    }
    if (strcmp(stages[k].bin, "ktc-split") == 0)
        for (int i = 0; i < o->nsplit; i++)
            argv[n++] = o->split_args[i];
    if (strcmp(stages[k].bin, "ktc-nest") == 0)
        for (int i = 0; i < o->nnest; i++)
            argv[n++] = o->nest_args[i];
    if (strcmp(stages[k].bin, "ktc-lower") == 0)
        for (int i = 0; i < o->nlower; i++)
            argv[n++] = o->lower_args[i];
    if (in)
        argv[n++] = in;
    if (out) {
        argv[n++] = "-o";
        argv[n++] = out;
    }
    argv[n] = NULL;
    return n;
}

/* Prints a stage's command as a user would type it (the binary by name). */
static void show(const char *const *argv, const char *sep)
{
    const char *slash = strrchr(argv[0], '/');
    fputs(slash ? slash + 1 : argv[0], stderr);
    for (int i = 1; argv[i]; i++)
        fprintf(stderr, " %s", argv[i]);
    fputs(sep, stderr);
}

/* Reports how a child ended; returns its exit code (or 3 for a signal). */
static int report(const char *bin, int status)
{
    if (WIFEXITED(status)) {
        int rc = WEXITSTATUS(status);
        if (rc)
            fprintf(stderr, "ktc: %s failed (exit %d)\n", bin, rc);
        return rc;
    }
    fprintf(stderr, "ktc: %s died (signal %d)\n", bin,
            WIFSIGNALED(status) ? WTERMSIG(status) : -1);
    return CLI_IO;
}

/* Runs argv with stdin, stdout and stderr from the given descriptors (-1:
 * the driver's own). */
static pid_t spawn(const char *const *argv, int in_fd, int out_fd, int err_fd)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (in_fd >= 0) {
            dup2(in_fd, STDIN_FILENO);
            close(in_fd);
        }
        if (out_fd >= 0) {
            dup2(out_fd, STDOUT_FILENO);
            close(out_fd);
        }
        if (err_fd >= 0)
            dup2(err_fd, STDERR_FILENO);
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "ktc: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    return pid;
}

/* Whether stage k does not run (--disable=nest). */
static bool skipped(const struct opts *o, int k)
{
    return o->skip_nest && strcmp(stages[k].bin, "ktc-nest") == 0;
}

/* Copies what a stage wrote to its captured stderr to ours. */
static void replay(FILE *f)
{
    char buf[4096];
    size_t n;
    rewind(f);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, stderr);
}

/* Stages 0..last as one pipeline of processes; the last writes `out`. Each
 * stage's stderr is captured and shown in pipeline order once all have
 * ended, up to the stage that failed: the stages after it only saw a
 * truncated input, and what they say about it would bury the real error
 * (a stage before it that died writing to it, of SIGPIPE, did not fail). */
static int run_pipeline(const struct opts *o, int last, const char *out)
{
    pid_t pids[NSTAGES];
    FILE *errs[NSTAGES] = {NULL};
    int status[NSTAGES];
    char paths[NSTAGES][PATH_MAX];
    const char *argv[NSTAGES][MAX_ARGS + 8];
    int prev = -1, rc = 0;
    for (int k = 0; k <= last; k++) {
        pids[k] = -1;
        if (skipped(o, k))
            continue;
        int fds[2] = {-1, -1};
        /* close-on-exec: a stage must not hold the read end of its own
         * output (it would never see EPIPE when the next stage dies, and
         * block on a full pipe), nor any other stage's pipe */
        if ((k < last && pipe2(fds, O_CLOEXEC) != 0) || !(errs[k] = tmpfile())) {
            fprintf(stderr, "ktc: error: %s: %s\n", errs[k] ? "pipe" : "tmpfile",
                    strerror(errno));
            rc = CLI_IO;
            break;
        }
        stage_argv(o, k, k == 0 ? o->input : NULL, k == last ? out : NULL, paths[k],
                   sizeof paths[k], argv[k]);
        if (o->verbose)
            show(argv[k], k < last ? " |\n" : "\n");
        fflush(stderr);
        pids[k] = spawn(argv[k], prev, k < last ? fds[1] : -1, fileno(errs[k]));
        if (prev >= 0)
            close(prev);
        if (k < last)
            close(fds[1]);
        prev = fds[0];
    }
    if (prev >= 0)
        close(prev);
    int failed = -1;
    for (int k = 0; k <= last; k++) {
        if (pids[k] < 0)
            continue;
        waitpid(pids[k], &status[k], 0);
    }
    /* The failure to report: the first in pipeline order that a stage did
     * not die of because the next one stopped reading (SIGPIPE). */
    for (int k = 0; k <= last && failed < 0; k++)
        if (pids[k] >= 0 && (!WIFEXITED(status[k]) || WEXITSTATUS(status[k])) &&
            !(WIFSIGNALED(status[k]) && WTERMSIG(status[k]) == SIGPIPE))
            failed = k;
    for (int k = 0; k <= last && failed < 0; k++)
        if (pids[k] >= 0 && (!WIFEXITED(status[k]) || WEXITSTATUS(status[k])))
            failed = k;
    for (int k = 0; k <= last; k++) {
        if (errs[k] && (failed < 0 || k <= failed))
            replay(errs[k]);
        if (errs[k])
            fclose(errs[k]);
    }
    if (failed >= 0 && !rc)
        rc = report(stages[failed].bin, status[failed]);
    return rc;
}

static int run_one(const char *const *argv, bool verbose)
{
    if (verbose)
        show(argv, "\n");
    pid_t pid = spawn(argv, -1, -1, -1);
    int status;
    waitpid(pid, &status, 0);
    return report(argv[0], status);
}

/* Where stage k's output goes in dir: DIR/KERNEL.EXT (add.split, ...). */
static void temp_path(const struct opts *o, const char *dir, int k, char *out, size_t n)
{
    const char *base = strrchr(o->input, '/') ? strrchr(o->input, '/') + 1 : o->input;
    const char *dot = strrchr(base, '.');
    int len = dot ? (int)(dot - base) : (int)strlen(base);
    path_printf(out, n, "%s/%.*s.%s", dir, len, base, stages[k].ext);
}

/* Stages one at a time through files in dir, printing each when asked. */
static int run_through_files(const struct opts *o, int last, const char *dir, const char *out)
{
    char prev[PATH_MAX] = "", cur[PATH_MAX], path[PATH_MAX];
    for (int k = 0; k <= last; k++) {
        if (k == last && out)
            path_printf(cur, sizeof cur, "%s", out);
        else
            temp_path(o, dir, k, cur, sizeof cur);
        if (skipped(o, k))
            continue;
        const char *argv[MAX_ARGS + 8];
        stage_argv(o, k, k == 0 ? o->input : prev, cur, path, sizeof path, argv);
        int rc = run_one(argv, o->verbose);
        if (rc)
            return rc;
        if (o->print_ir && strcmp(stages[k].ext, "spyrecode") != 0) {
            char ppath[PATH_MAX];
            bin_path(ppath, sizeof ppath, "ktc-print");
            fprintf(stderr, "// ----- IR after %s (%s)\n", stages[k].name, cur);
            fflush(stderr);
            const char *pargv[] = {ppath, cur, "-o", "/dev/stderr", NULL};
            if ((rc = run_one(pargv, o->verbose)))
                return rc;
        }
        memcpy(prev, cur, sizeof prev);
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse_args(&o, argc, argv);
    if (rc >= 0)
        return rc;
    ssize_t n = readlink("/proc/self/exe", bindir, sizeof bindir - 1);
    if (n <= 0) {
        fprintf(stderr, "ktc: error: cannot locate the stage binaries\n");
        return CLI_IO;
    }
    bindir[n] = 0;
    *strrchr(bindir, '/') = 0;

    int last = NSTAGES - 1;
    if (o.stop_after)
        while (strcmp(stages[last].name, o.stop_after) != 0)
            last--;
    bool run = strcmp(o.cmd, "run") == 0;
    char tmpdir[] = "/tmp/ktc.XXXXXX";
    const char *dir = o.save_temps;
    bool own_dir = false;
    if (!dir && (o.print_ir || run)) {
        if (!mkdtemp(tmpdir)) {
            fprintf(stderr, "ktc: error: cannot create a temporary directory: %s\n",
                    strerror(errno));
            return CLI_IO;
        }
        dir = tmpdir;
        own_dir = true;
    }
    if (o.save_temps && mkdir(o.save_temps, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ktc: error: cannot create '%s': %s\n", o.save_temps, strerror(errno));
        return CLI_IO;
    }
    char code[PATH_MAX];
    const char *out = o.output;
    if (run && !out) {
        path_printf(code, sizeof code, "%s/kernel.spyrecode", dir);
        out = code;
    }
    if (dir)
        rc = run_through_files(&o, last, dir, out);
    else
        rc = run_pipeline(&o, last, out);
    if (!rc && run) {
        char lpath[PATH_MAX];
        bin_path(lpath, sizeof lpath, "ktc-launch");
        const char *largv[MAX_ARGS + 2] = {lpath, out};
        for (int i = 0; i < o.nlaunch; i++)
            largv[2 + i] = o.launch_args[i];
        largv[2 + o.nlaunch] = NULL;
        rc = run_one(largv, o.verbose);
    }
    if (own_dir) {
        /* Remove what the stages left in our temporary directory. */
        for (int k = 0; k < NSTAGES; k++) {
            char f[PATH_MAX];
            temp_path(&o, dir, k, f, sizeof f);
            unlink(f);
        }
        if (out == code)
            unlink(code);
        rmdir(dir);
    }
    return rc;
}

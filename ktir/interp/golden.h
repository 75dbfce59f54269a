/* golden.h - corpus goldens for ktc-interp: read a golden.json (the fixed
 * shape ktir-cpu's goldens have, see ../shared/corpus/README.md), run the
 * kernel on its inputs and compare every array with its expected state.
 *
 *   { "kernel": "ktir-cpu/kernels/...", "function": "f", "grid": [4, 1, 1],
 *     "args":  { "x": {"dtype": "f16", "shape": [4, 128],
 *                      "input": "in/x.npy", "expected": "out/x.npy"},
 *                "n": {"dtype": "index", "value": 3} },
 *     "fixed": { "A": {"addr": 1024, "space": "HBM" | "LX", "core": 0,
 *                      "shape": [...], "dtype": "f16", "input": ..., "expected": ...} },
 *     "ktir_cpu": {"wall_s": 0.001, ...} }
 *
 * Tolerance: |got - want| <= 1e-2 + 1e-2 * |want| when the kernel does
 * floating-point arithmetic, else exact (pure data movement).
 */
#ifndef KTIR_INTERP_GOLDEN_H
#define KTIR_INTERP_GOLDEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ktir/interp/interp.h"

struct golden_entry {
    char *name;
    bool fixed;   /* a hard-coded memory region, not an argument */
    bool scalar;  /* an argument with a value */
    char *value;  /* its text */
    enum interp_dtype dtype;
    uint32_t rank;
    int64_t shape[INTERP_MAX_RANK];
    char *input, *expected; /* paths (relative to the current directory) */
    enum interp_space space;
    uint32_t core;
    int64_t addr;  /* element index */
};

struct golden {
    char *kernel;   /* path of the kernel (from the corpus root beside the golden) */
    char *function;
    int64_t grid[3];
    bool has_grid;
    struct golden_entry *e;
    uint32_t n;
    double wall_s;  /* ktir-cpu's wall time, 0 when absent */
};

/* Loads dir/golden.json. False with a reason in err. */
bool golden_load(const char *dir, struct golden *g, char *err, size_t errlen);
void golden_free(struct golden *g);

struct golden_diff {
    double max_abs, max_rel;
    int64_t nbad, n;
};

/* Compares got with want (same shape and dtype expected); true when every
 * element is within tolerance (exact: bit-equal values). */
bool golden_compare(const struct interp_array *got, const struct interp_array *want, bool exact,
                    struct golden_diff *d);

struct golden_timing {
    double seconds;    /* the fastest run: prepare, bind inputs, run */
    uint64_t elements; /* tensor elements the run produced */
};

/* Runs golden g on the function of m (g->function unless fname is given)
 * reps times (at least once) and compares the last run: one line per array
 * and its verdict to report. Returns 0 when every array matches, 1 on a
 * mismatch or a diagnosed error, 3 when a file of the golden cannot be read. */
int golden_run(struct ir_module *m, const struct golden *g, const char *fname,
               const struct interp_config *cfg, struct ir_diag *diag, FILE *report,
               unsigned reps, struct golden_timing *timing);

#endif

/* fuzz_test.c - robustness of the parser: valid inputs truncated at every
 * byte offset, with bytes replaced and deleted at many offsets, must never
 * crash the parser (run under ASan in CI) and must give either a module or at
 * least one error located inside the input. A mutant that still parses and
 * verifies must also round-trip like any valid input.
 *
 * Seeds: a few inputs written here, plus every tests/golden case that parses
 * and verifies (so each dialect's custom syntax gets mutated as it lands).
 * Each mutant is an exact-size heap copy, so a read past its end is an ASan
 * error. The work is capped at about TOTAL_PARSES parses, spread over the seeds.
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

#include <cmocka.h>

#include "tests/lib/irtest.h"

enum { TOTAL_PARSES = 12000, MIN_PARSES_PER_SEED = 100 };

static const char *const builtin_seeds[][2] = {
    {"func_arith",
     "#map = affine_map<(d0, d1)[s0] -> (d0 * 2 + d1, s0 floordiv 4, d1 mod 3)>\n"
     "#set = affine_set<(i)[g] : (i - 4*g == 0, -i + 31 >= 0, i >= 0)>\n"
     "!t = tensor<4x64xf16>\n"
     "module {\n"
     "  func.func @k(%a: f16, %b: i32, %v: !t) -> (f16, i32) attributes {m = #map, s = #set,\n"
     "      grid = [4 : index, 6 : index], name = \"a\\\"b\\n\"} {\n"
     "    %c = arith.constant dense<1.000000e+00> : tensor<4x8xf16>\n"
     "    %h = arith.constant 0xFC00 : f16\n"
     "    %i = arith.constant -42 : i32\n"
     "    %s = arith.addf %a, %h : f16 // a comment\n"
     "    %t = arith.mulf %s, %s : f16 loc(\"x.py\":3:7)\n"
     "    %u = arith.addi %b, %i : i32\n"
     "    return %t, %u : f16, i32\n"
     "  }\n"
     "}\n"},
    {"generic_cfg",
     "\"test.graph\"() ({\n"
     "^entry(%arg: i32):\n"
     "  %c = \"test.const\"() {value = 7 : i32, f = 2.5e-01 : f32, u} : () -> i32\n"
     "  %x:2 = \"test.two\"(%c) : (i32) -> (i32, index)\n"
     "  \"test.cond_br\"(%arg, %x#1)[^left, ^right] : (i32, index) -> ()\n"
     "^left:\n"
     "  \"test.br\"(%c)[^join] : (i32) -> ()\n"
     "^right:\n"
     "  \"test.br\"(%x#0)[^join] : (i32) -> ()\n"
     "^join(%v: i32):\n"
     "  \"test.yield\"(%v) : (i32) -> ()\n"
     "}, {\n"
     "  \"test.empty\"() ({}) {a = [1, [2, 3]], d = array<i64: 1, 2>, s = @sym::@x} : () -> ()\n"
     "}) {t = memref<?x64xf16, strided<[64, 1], offset: ?>>, n = none} : () -> ()\n"},
};

struct seed {
    char *name;
    char *text;
    size_t len;
    unsigned budget; /* parses allowed for this seed */
};

/* Bytes that most often change the meaning of MLIR text. */
static const char interesting[] = "{}()[]<>%^#!@\":=,-.0x9\n \0\xff";

static unsigned long nparses, nmodules, nerrors;

/* Parses one mutant; NULL when the outcome is acceptable, else a message. */
static char *check_mutant(const char *what, const char *buf, size_t len)
{
    /* An exact-size copy: reading past the end is an ASan error. */
    char *copy = malloc(len ? len : 1);
    if (!copy)
        abort();
    memcpy(copy, buf, len);
    unsigned nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += copy[i] == '\n';

    struct irt_parse r;
    irt_parse(&r, "fuzz.mlir", copy, len, 0, len);
    nparses++;
    char *msg = NULL;
    unsigned line, col;
    if (r.ok) {
        nmodules++;
        char *why = irt_roundtrip(r.m);
        if (why) {
            msg = irt_fmt("%s: parses and verifies but does not round-trip: %s", what, why);
            free(why);
        }
    } else if (r.nerrors == 0) {
        msg = irt_fmt("%s: rejected without an error", what);
    } else if (!irt_first_error(r.diag, "fuzz.mlir", &line, &col) || line < 1 ||
               line > nlines) {
        msg = irt_fmt("%s: error not located in the input:\n%s", what, r.diag);
    } else {
        nerrors++;
    }
    if (msg) {
        char *full = irt_fmt("%s\n--- input (%zu bytes):\n%.*s", msg, len, (int)len, copy);
        free(msg);
        msg = full;
    }
    irt_parse_free(&r);
    free(copy);
    return msg;
}

/* Truncations, byte replacements and deletions of one seed, each family at
 * offsets spread evenly so that the seed's budget is respected. */
static void fuzz_seed(void **state)
{
    const struct seed *s = *state;
    size_t per_family = s->budget / 3 ? s->budget / 3 : 1;
    size_t stride = s->len / per_family + 1;
    char *buf = malloc(s->len + 1);
    if (!buf)
        abort();
    char *msg = NULL;
    char what[64];
    for (size_t i = 0; i <= s->len && !msg; i += stride) {
        snprintf(what, sizeof what, "truncated at %zu", i);
        msg = check_mutant(what, s->text, i);
    }
    for (size_t i = 0; i < s->len && !msg; i += stride) {
        char c = interesting[(i * 7) % (sizeof interesting - 1)];
        memcpy(buf, s->text, s->len);
        buf[i] = c;
        snprintf(what, sizeof what, "byte %zu replaced by 0x%02x", i, (unsigned char)c);
        msg = check_mutant(what, buf, s->len);
    }
    for (size_t i = (stride - 1) / 2; i < s->len && !msg; i += stride) {
        memcpy(buf, s->text, i);
        memcpy(buf + i, s->text + i + 1, s->len - i - 1);
        snprintf(what, sizeof what, "byte %zu deleted", i);
        msg = check_mutant(what, buf, s->len - 1);
    }
    free(buf);
    if (msg) {
        print_error("%s: %s\n", s->name, msg);
        free(msg);
        fail();
    }
}

/* ---- seeds ------------------------------------------------------------------ */

static struct seed *seeds;
static size_t nseeds, cap_seeds;

static void add_seed(char *name, char *text, size_t len)
{
    if (nseeds == cap_seeds) {
        cap_seeds = cap_seeds ? 2 * cap_seeds : 16;
        seeds = realloc(seeds, cap_seeds * sizeof *seeds);
        if (!seeds)
            abort();
    }
    seeds[nseeds++] = (struct seed){name, text, len, 0};
}

/* Adds every .mlir under dir that parses and verifies, in sorted order. */
static void add_golden_seeds(const char *dir)
{
    struct dirent **ents;
    int n = scandir(dir, &ents, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        const char *e = ents[i]->d_name;
        size_t elen = strlen(e);
        char *path = irt_fmt("%s/%s", dir, e);
        struct stat st;
        if (e[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            add_golden_seeds(path);
        } else if (elen > 5 && strcmp(e + elen - 5, ".mlir") == 0) {
            size_t len;
            char *text = irt_read_file(path, &len);
            struct irt_parse r;
            if (text)
                irt_parse(&r, "fuzz.mlir", text, len, 0, len);
            if (text && r.ok) {
                add_seed(path, text, len);
                path = NULL;
            } else {
                free(text);
            }
            if (text)
                irt_parse_free(&r);
        }
        free(path);
        free(ents[i]);
    }
    free(ents);
}

int main(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof builtin_seeds / sizeof builtin_seeds[0]; i++)
        add_seed(irt_fmt("%s", builtin_seeds[i][0]), irt_fmt("%s", builtin_seeds[i][1]),
                 strlen(builtin_seeds[i][1]));
    add_golden_seeds(argc > 1 ? argv[1] : "tests/golden");

    struct CMUnitTest *tests = calloc(nseeds, sizeof *tests);
    if (!tests)
        abort();
    unsigned budget = TOTAL_PARSES / (unsigned)nseeds;
    for (size_t i = 0; i < nseeds; i++) {
        seeds[i].budget = budget > MIN_PARSES_PER_SEED ? budget : MIN_PARSES_PER_SEED;
        tests[i] = (struct CMUnitTest){.name = seeds[i].name, .test_func = fuzz_seed,
                                       .initial_state = &seeds[i]};
    }
    int failed = _cmocka_run_group_tests("fuzz", tests, nseeds, NULL, NULL);
    printf("fuzz: %zu seeds, %lu mutants: %lu parsed and verified, %lu rejected with a located "
           "error\n",
           nseeds, nparses, nmodules, nerrors);
    for (size_t i = 0; i < nseeds; i++) {
        free(seeds[i].name);
        free(seeds[i].text);
    }
    free(seeds);
    free(tests);
    return failed ? 1 : 0;
}

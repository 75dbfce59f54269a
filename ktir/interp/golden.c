/* golden.c - corpus goldens: a tiny JSON reader for golden.json, array
 * comparison with the corpus tolerance, and the run-and-compare driver
 * (see golden.h). */
#include "ktir/interp/golden.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ktir/interp/npy.h"

/* ---- JSON ------------------------------------------------------------------- */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct json {
    int type;
    double num;
    char *str;          /* J_STR: the string; J_NUM: the number's text */
    uint32_t n;
    struct json *items; /* J_ARR, J_OBJ values */
    char **keys;        /* J_OBJ */
};

struct jparser {
    const char *p, *end;
    const char *err;
};

static void jskip(struct jparser *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
        j->p++;
}

static char *jstrdup(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        abort();
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

static bool jvalue(struct jparser *j, struct json *v, int depth);

static bool jstring(struct jparser *j, char **out)
{
    j->p++; /* the opening quote */
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (!s)
        abort();
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c == '\\' && j->p < j->end) {
            c = *j->p++;
            switch (c) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': /* only ASCII escapes occur in goldens */
                if (j->end - j->p < 4) {
                    free(s);
                    j->err = "bad \\u escape";
                    return false;
                }
            {
                char hex[5] = {j->p[0], j->p[1], j->p[2], j->p[3], 0};
                c = (char)strtol(hex, NULL, 16);
                j->p += 4;
                break;
            }
            default: break;
            }
        }
        if (n + 1 == cap) {
            char *ns = realloc(s, cap *= 2);
            if (!ns)
                abort();
            s = ns;
        }
        s[n++] = c;
    }
    s[n] = 0;
    if (j->p == j->end) {
        free(s);
        j->err = "unterminated string";
        return false;
    }
    j->p++;
    *out = s;
    return true;
}

static void jfree(struct json *v)
{
    free(v->str);
    for (uint32_t i = 0; i < v->n; i++) {
        jfree(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

static bool jlist(struct jparser *j, struct json *v, bool obj, int depth)
{
    char close = obj ? '}' : ']';
    uint32_t cap = 0;
    j->p++;
    jskip(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return true;
    }
    for (;;) {
        if (v->n == cap) {
            cap = cap ? 2 * cap : 8;
            v->items = realloc(v->items, cap * sizeof *v->items);
            if (obj)
                v->keys = realloc(v->keys, cap * sizeof *v->keys);
            if (!v->items || (obj && !v->keys))
                abort();
        }
        memset(&v->items[v->n], 0, sizeof v->items[v->n]);
        jskip(j);
        if (obj) {
            v->keys[v->n] = NULL;
            if (j->p >= j->end || *j->p != '"' || !jstring(j, &v->keys[v->n])) {
                v->n += v->keys[v->n] != NULL;
                j->err = j->err ? j->err : "expected a key";
                return false;
            }
            jskip(j);
            if (j->p >= j->end || *j->p != ':') {
                v->n++;
                j->err = "expected ':'";
                return false;
            }
            j->p++;
        }
        bool ok = jvalue(j, &v->items[v->n], depth + 1);
        v->n++;
        if (!ok)
            return false;
        jskip(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return true;
        }
        j->err = obj ? "expected ',' or '}'" : "expected ',' or ']'";
        return false;
    }
}

static bool jvalue(struct jparser *j, struct json *v, int depth)
{
    memset(v, 0, sizeof *v);
    jskip(j);
    if (depth > 64 || j->p >= j->end) {
        j->err = depth > 64 ? "nesting too deep" : "unexpected end";
        return false;
    }
    char c = *j->p;
    if (c == '{' || c == '[') {
        v->type = c == '{' ? J_OBJ : J_ARR;
        return jlist(j, v, c == '{', depth);
    }
    if (c == '"') {
        v->type = J_STR;
        return jstring(j, &v->str);
    }
    static const struct {
        const char *w;
        int type;
        double num;
    } words[] = {{"true", J_BOOL, 1}, {"false", J_BOOL, 0}, {"null", J_NULL, 0},
                 {"NaN", J_NUM, NAN}, {"Infinity", J_NUM, INFINITY}};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i].w);
        if ((size_t)(j->end - j->p) >= n && strncmp(j->p, words[i].w, n) == 0) {
            v->type = words[i].type;
            v->num = words[i].num;
            j->p += n;
            return true;
        }
    }
    const char *s = j->p;
    while (j->p < j->end && strchr("+-0123456789.eE", *j->p))
        j->p++;
    if (j->p == s) {
        j->err = "unexpected character";
        return false;
    }
    v->type = J_NUM;
    v->str = jstrdup(s, (size_t)(j->p - s));
    v->num = strtod(v->str, NULL);
    return true;
}

static const struct json *jget(const struct json *o, const char *key)
{
    if (!o || o->type != J_OBJ)
        return NULL;
    for (uint32_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return &o->items[i];
    return NULL;
}

static const char *jstr(const struct json *o, const char *key)
{
    const struct json *v = jget(o, key);
    return v && v->type == J_STR ? v->str : NULL;
}

/* ---- loading ------------------------------------------------------------------ */

static char *path_join(const char *dir, const char *rel)
{
    size_t n = strlen(dir) + strlen(rel) + 2;
    char *s = malloc(n);
    if (!s)
        abort();
    snprintf(s, n, "%s/%s", dir, rel);
    return s;
}

static bool fail(char *err, size_t errlen, const char *what, const char *name)
{
    snprintf(err, errlen, "golden.json: %s%s%s", what, name ? ": " : "", name ? name : "");
    return false;
}

static bool load_entry(const char *dir, const char *name, const struct json *v, bool fixed,
                       struct golden_entry *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->name = jstrdup(name, strlen(name));
    e->fixed = fixed;
    const char *dt = jstr(v, "dtype");
    if (!dt || !interp_dtype_parse(dt, &e->dtype))
        return fail(err, errlen, "missing or unknown dtype", name);
    const struct json *val = jget(v, "value");
    if (val && !fixed) {
        e->scalar = true;
        if (val->type == J_NUM)
            e->value = jstrdup(val->str ? val->str : "nan", strlen(val->str ? val->str : "nan"));
        else if (val->type == J_BOOL)
            e->value = jstrdup(val->num ? "1" : "0", 1);
        else
            return fail(err, errlen, "a scalar value must be a number", name);
        return true;
    }
    const struct json *shape = jget(v, "shape");
    const char *in = jstr(v, "input"), *out = jstr(v, "expected");
    if (!shape || shape->type != J_ARR || shape->n > INTERP_MAX_RANK || !in || !out)
        return fail(err, errlen, "an array needs shape, input and expected", name);
    e->rank = shape->n;
    for (uint32_t k = 0; k < shape->n; k++)
        e->shape[k] = (int64_t)shape->items[k].num;
    e->input = path_join(dir, in);
    e->expected = path_join(dir, out);
    if (fixed) {
        const struct json *addr = jget(v, "addr"), *core = jget(v, "core");
        const char *sp = jstr(v, "space");
        if (!addr || addr->type != J_NUM || !sp)
            return fail(err, errlen, "a fixed region needs addr and space", name);
        e->addr = (int64_t)addr->num;
        if (strcmp(sp, "HBM") == 0)
            e->space = INTERP_DEVMEM;
        else if (strcmp(sp, "LX") == 0)
            e->space = INTERP_SCRATCH;
        else
            return fail(err, errlen, "unknown space (want HBM or LX)", name);
        e->core = core && core->type == J_NUM ? (uint32_t)core->num : 0;
    }
    return true;
}

bool golden_load(const char *dir, struct golden *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    char *path = path_join(dir, "golden.json");
    FILE *f = fopen(path, "rb");
    free(path);
    if (!f)
        return fail(err, errlen, "cannot open", dir);
    size_t cap = 1 << 14, len = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    fclose(f);
    if (!buf)
        abort();
    struct jparser j = {buf, buf + len, NULL};
    struct json root;
    bool ok = jvalue(&j, &root, 0);
    free(buf);
    if (!ok) {
        jfree(&root);
        return fail(err, errlen, j.err, NULL);
    }
    const char *kernel = jstr(&root, "kernel"), *fn = jstr(&root, "function");
    if (!kernel) {
        jfree(&root);
        return fail(err, errlen, "missing \"kernel\"", NULL);
    }
    char *root_dir = path_join(dir, "../../..");
    g->kernel = path_join(root_dir, kernel);
    free(root_dir);
    g->function = fn ? jstrdup(fn, strlen(fn)) : NULL;
    const struct json *grid = jget(&root, "grid");
    g->grid[0] = g->grid[1] = g->grid[2] = 1;
    if (grid && grid->type == J_ARR) {
        g->has_grid = true;
        for (uint32_t k = 0; k < grid->n && k < 3; k++)
            g->grid[k] = (int64_t)grid->items[k].num;
    }
    const struct json *kc = jget(&root, "ktir_cpu"), *ws = jget(kc, "wall_s");
    g->wall_s = ws && ws->type == J_NUM ? ws->num : 0;
    const struct json *groups[2] = {jget(&root, "args"), jget(&root, "fixed")};
    for (int gi = 0; gi < 2; gi++)
        g->n += groups[gi] && groups[gi]->type == J_OBJ ? groups[gi]->n : 0;
    g->e = calloc(g->n + 1, sizeof *g->e);
    if (!g->e)
        abort();
    uint32_t k = 0;
    ok = true;
    for (int gi = 0; gi < 2 && ok; gi++)
        for (uint32_t i = 0; groups[gi] && groups[gi]->type == J_OBJ && i < groups[gi]->n && ok; i++)
            ok = load_entry(dir, groups[gi]->keys[i], &groups[gi]->items[i], gi == 1, &g->e[k++],
                            err, errlen);
    g->n = k;
    jfree(&root);
    if (!ok)
        golden_free(g);
    return ok;
}

void golden_free(struct golden *g)
{
    for (uint32_t i = 0; i < g->n; i++) {
        free(g->e[i].name);
        free(g->e[i].value);
        free(g->e[i].input);
        free(g->e[i].expected);
    }
    free(g->e);
    free(g->kernel);
    free(g->function);
    memset(g, 0, sizeof *g);
}

/* ---- comparison -------------------------------------------------------------------- */

bool golden_compare(const struct interp_array *got, const struct interp_array *want, bool exact,
                    struct golden_diff *d)
{
    memset(d, 0, sizeof *d);
    int64_t n = interp_array_numel(want);
    d->n = n;
    if (interp_array_numel(got) != n) {
        d->nbad = n ? n : 1;
        d->max_abs = d->max_rel = INFINITY;
        return false;
    }
    bool is_int = want->dtype < INTERP_F16;
    double gb[512], wb[512];
    for (int64_t i0 = 0; i0 < n; i0 += 512) {
        int64_t c = n - i0 < 512 ? n - i0 : 512;
        interp_array_get(got, i0, c, gb);
        interp_array_get(want, i0, c, wb);
        for (int64_t i = 0; i < c; i++) {
            double g = gb[i], w = wb[i];
            if (g == w || (isnan(g) && isnan(w)))
                continue;
            double ad = fabs(g - w);
            if (isnan(ad))
                ad = INFINITY;
            double rd = w != 0 ? ad / fabs(w) : ad;
            d->max_abs = ad > d->max_abs ? ad : d->max_abs;
            d->max_rel = rd > d->max_rel ? rd : d->max_rel;
            if (exact || is_int || !(ad <= 1e-2 + 1e-2 * fabs(w)))
                d->nbad++;
        }
    }
    return d->nbad == 0;
}

/* ---- running ------------------------------------------------------------------------- */

static int load_npy(const char *path, struct interp_array *a, FILE *report)
{
    char err[256];
    if (npy_read(path, a, err, sizeof err))
        return 0;
    fprintf(report, "%s: error: %s\n", path, err);
    return 3;
}

static void shape_text(const struct golden_entry *e, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%s[", interp_dtype_name(e->dtype));
    for (uint32_t k = 0; k < e->rank; k++)
        len += snprintf(buf + len, n - (size_t)len, "%s%lld", k ? "x" : "", (long long)e->shape[k]);
    snprintf(buf + len, n - (size_t)len, "]");
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the input arrays of every array entry (arrays[i] for entry i). */
static int read_inputs(const struct golden *g, struct interp_array *arrays, FILE *report)
{
    for (uint32_t i = 0; i < g->n; i++) {
        if (g->e[i].scalar)
            continue;
        int rc = load_npy(g->e[i].input, &arrays[i], report);
        if (rc)
            return rc;
    }
    return 0;
}

/* Binds the golden's inputs: fixed regions first, so pointer arguments are
 * placed after them. */
static int bind_inputs(struct interp *in, const struct golden *g,
                       const struct interp_array *arrays, FILE *report)
{
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < g->n; i++) {
            const struct golden_entry *e = &g->e[i];
            if (e->fixed != (pass == 0))
                continue;
            int ai = e->fixed ? 0 : interp_arg_find(in, e->name);
            if (ai < 0) {
                fprintf(report, "golden: error: the function has no argument '%s'\n", e->name);
                return 1;
            }
            bool ok = e->scalar  ? interp_bind_scalar(in, (uint32_t)ai, e->value)
                      : e->fixed ? interp_poke(in, e->space, e->core, e->addr, &arrays[i])
                                 : interp_bind_array(in, (uint32_t)ai, &arrays[i]);
            if (!ok)
                return 1;
        }
    return 0;
}

/* One timed run: prepare, bind, run. *out is the interpreter after it. */
static int run_once(struct ir_module *m, const struct golden *g, const char *fname,
                    const struct interp_config *cfg, struct ir_diag *diag,
                    const struct interp_array *arrays, FILE *report, struct interp **out,
                    double *seconds)
{
    double t0 = now();
    struct interp *in = interp_new(m, fname ? fname : g->function, diag, cfg);
    if (!in)
        return 1;
    if (g->has_grid)
        interp_set_grid(in, g->grid);
    int rc = bind_inputs(in, g, arrays, report);
    if (!rc && !interp_run(in))
        rc = 1;
    *seconds = now() - t0;
    *out = in;
    return rc;
}

int golden_run(struct ir_module *m, const struct golden *g, const char *fname,
               const struct interp_config *cfg, struct ir_diag *diag, FILE *report,
               unsigned reps, struct golden_timing *timing)
{
    memset(timing, 0, sizeof *timing);
    struct interp_array *arrays = calloc(g->n + 1, sizeof *arrays);
    if (!arrays)
        abort();
    struct interp *in = NULL;
    int rc = read_inputs(g, arrays, report);
    for (unsigned r = 0; !rc && r < (reps ? reps : 1); r++) {
        double secs = 0;
        interp_free(in);
        rc = run_once(m, g, fname, cfg, diag, arrays, report, &in, &secs);
        if (!r || secs < timing->seconds)
            timing->seconds = secs;
    }
    for (uint32_t i = 0; i < g->n; i++)
        interp_array_free(&arrays[i]);
    free(arrays);
    if (in)
        timing->elements = interp_elements(in);
    if (rc) {
        interp_free(in);
        return rc;
    }
    bool exact = !interp_has_float_math(in), all = true;
    for (uint32_t i = 0; i < g->n && !rc; i++) {
        const struct golden_entry *e = &g->e[i];
        if (e->scalar)
            continue;
        struct interp_array want, got = {.dtype = e->dtype, .rank = e->rank};
        memcpy(got.shape, e->shape, sizeof got.shape);
        rc = load_npy(e->expected, &want, report);
        if (rc)
            break;
        bool have = e->fixed ? interp_peek(in, e->space, e->core, e->addr, &got)
                             : interp_arg_array(in, (uint32_t)interp_arg_find(in, e->name), &got);
        struct golden_diff d;
        bool ok = have && golden_compare(&got, &want, exact, &d);
        char shape[128];
        shape_text(e, shape, sizeof shape);
        if (!have)
            fprintf(report, "  %-24s %-18s cannot be read back\n", e->name, shape);
        else
            fprintf(report, "  %-24s %-18s max abs %-10.3g max rel %-10.3g %s", e->name, shape,
                    d.max_abs, d.max_rel, ok ? "ok\n" : "MISMATCH");
        if (have && !ok)
            fprintf(report, " (%lld of %lld elements)\n", (long long)d.nbad, (long long)d.n);
        all = all && ok;
        interp_array_free(&want);
        interp_array_free(&got);
    }
    interp_free(in);
    if (rc)
        return rc;
    return all ? 0 : 1;
}

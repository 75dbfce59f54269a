/* args.c - arguments and outputs from text, as ktc-interp's command line
 * writes them: NAME=FILE.npy, NAME=DTYPE:SHAPE (zeros or random values),
 * NAME=VALUE, and NAME=FILE.npy for outputs (see interp.h). */
#include <stdlib.h>
#include <string.h>

#include "ktir/interp/interp_int.h"
#include "ktir/interp/npy.h"
#include "ktir/numeric.h"

bool interp_array_spec(const char *text, struct interp_array *a)
{
    char dt[16];
    const char *colon = strchr(text, ':');
    memset(a, 0, sizeof *a);
    if (!colon || (size_t)(colon - text) >= sizeof dt)
        return false;
    memcpy(dt, text, (size_t)(colon - text));
    dt[colon - text] = 0;
    if (!interp_dtype_parse(dt, &a->dtype))
        return false;
    for (const char *p = colon + 1; *p;) {
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end == p || v < 0 || a->rank == INTERP_MAX_RANK || (*end && *end != 'x'))
            return false;
        a->shape[a->rank++] = v;
        p = *end ? end + 1 : end;
    }
    return true;
}

/* xorshift64*: a uniform double in [0, 1). */
static double rng_unit(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

void interp_array_fill(struct interp_array *a, uint64_t *rng)
{
    int64_t n = interp_array_numel(a);
    a->data = calloc((size_t)(n ? n : 1), interp_dtype_size(a->dtype));
    if (!a->data)
        abort();
    if (!rng)
        return;
    struct iv_tensor t = {.ek = (uint8_t)a->dtype, .data = a->data};
    for (int64_t i = 0; i < n; i++) {
        if (iv_ek_is_float(a->dtype))
            iv_put_f(&t, i, iv_round(a->dtype, 2 * rng_unit(rng) - 1));
        else
            iv_put_i(&t, i, (int64_t)(16 * rng_unit(rng)));
    }
}

/* Reports msg, then what quoted (when given); returns 1. */
static int report(struct interp *in, const char *file, const char *msg, const char *what)
{
    ir_diag_report(in->diag, IR_SEV_ERROR, file, 0, 0, "%s%s%s%s", msg, *what ? "'" : "", what,
                   *what ? "'" : "");
    return 1;
}

int interp_bind_text(struct interp *in, const char *spec, uint64_t *rng)
{
    const char *eq = strchr(spec, '=');
    char name[256];
    if (!eq || (size_t)(eq - spec) >= sizeof name)
        return report(in, "", "expected NAME=VALUE, got ", spec);
    memcpy(name, spec, (size_t)(eq - spec));
    name[eq - spec] = 0;
    const char *v = eq + 1;
    int i = interp_arg_find(in, name);
    if (i < 0)
        return report(in, "", "the function has no argument ", name);
    size_t vl = strlen(v);
    struct interp_array a;
    bool ok;
    if (vl > 4 && strcmp(v + vl - 4, ".npy") == 0) {
        char err[256];
        if (!npy_read(v, &a, err, sizeof err)) {
            report(in, v, err, "");
            return 3;
        }
        ok = interp_bind_array(in, (uint32_t)i, &a);
        interp_array_free(&a);
    } else if (strchr(v, ':')) {
        if (!interp_array_spec(v, &a))
            return report(in, "", "expected DTYPE:SHAPE like f16:4x128, got ", v);
        interp_array_fill(&a, rng);
        ok = interp_bind_array(in, (uint32_t)i, &a);
        interp_array_free(&a);
    } else {
        ok = interp_bind_scalar(in, (uint32_t)i, v);
    }
    return ok ? 0 : 1;
}

int interp_bind_guessed(struct interp *in, uint64_t *rng)
{
    for (uint32_t i = 0; i < in->nargs; i++) {
        struct interp_array a;
        if (in->args[i].bound || !interp_arg_guess(in, i, &a))
            continue;
        interp_array_fill(&a, rng);
        bool ok = interp_bind_array(in, i, &a);
        interp_array_free(&a);
        if (!ok)
            return 1;
    }
    return 0;
}

int interp_write_text(struct interp *in, const char *spec)
{
    const char *eq = strchr(spec, '=');
    char name[256];
    if (!eq || (size_t)(eq - spec) >= sizeof name)
        return report(in, "", "expected NAME=FILE.npy, got ", spec);
    memcpy(name, spec, (size_t)(eq - spec));
    name[eq - spec] = 0;
    struct interp_array a;
    int i = interp_arg_find(in, name);
    char *end;
    bool ok = false;
    if (i >= 0)
        ok = interp_arg_array(in, (uint32_t)i, &a);
    else if (strncmp(name, "result", 6) == 0 && name[6]) {
        unsigned long r = strtoul(name + 6, &end, 10);
        ok = !*end && interp_result_array(in, (uint32_t)r, &a);
    }
    if (!ok)
        return report(in, "", "no array argument or result named ", name);
    char err[256];
    ok = npy_write(eq + 1, &a, err, sizeof err);
    interp_array_free(&a);
    if (!ok) {
        report(in, eq + 1, err, "");
        return 3;
    }
    return 0;
}

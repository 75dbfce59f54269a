/* load.c - where device models come from: a module's `ktdf_arch.device`
 * op and its chain of import("path") declarations, the descriptions
 * embedded at build time (devices_gen.c), description files; and how a
 * kernel module gets its device attached for the later stages. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arch/arch_int.h"
#include "ktir/arena.h"
#include "ktir/asm.h"
#include "ktir/irfile.h"
#include "ktir/ops.h"
#include "ktir/verify.h"

/* The import path prefix naming an embedded device: import("ktc:spyre"). */
#define EMBEDDED_PREFIX "ktc:"

/* Longest chain of imports followed (a cycle through paths that stat()
 * cannot identify still ends here). */
#define MAX_IMPORT_DEPTH 32

static struct arch_device *device_new(void)
{
    struct arch_device *d = calloc(1, sizeof *d);
    struct arch_priv *p = calloc(1, sizeof *p);
    if (!d || !p)
        abort();
    p->arena = arena_new();
    d->priv = p;
    return d;
}

void arch_free(struct arch_device *d)
{
    if (!d)
        return;
    struct arch_priv *p = d->priv;
    for (uint32_t i = 0; i < p->nowned; i++)
        ir_module_free(p->owned[i]);
    free(p->owned);
    free(p->decls);
    smap_free(&p->kind_of);
    smap_free(&p->res_of);
    smap_free(&p->alias_of);
    free(p->out_start);
    free(p->out);
    free(p->kout_start);
    free(p->kout);
    for (uint32_t k = 0; p->at && k < d->nkinds; k++)
        free(p->at[k].first);
    free(p->at);
    arena_free(p->arena);
    free(p);
    free(d->res);
    free(d->links);
    free(d->groups);
    free(d->kinds);
    free(d->edges);
    free(d->patterns);
    free(d);
}

static void own(struct arch_device *d, struct ir_module *m)
{
    struct arch_priv *p = d->priv;
    struct ir_module **n = realloc(p->owned, (p->nowned + 1) * sizeof *n);
    if (!n)
        abort();
    p->owned = n;
    p->owned[p->nowned++] = m;
}

static const char *str_attr(const struct ir_module *m, ir_op op, const char *name)
{
    ir_attr a = ir_op_attr(m, op, name);
    if (!a || ir_attr_get(m, a)->kind != IR_AT_STRING)
        return NULL;
    return ir_str_get(m, ir_attr_get(m, a)->s);
}

static void report_at(struct ir_diag *diag, const struct ir_module *m, ir_op op,
                      enum ir_severity sev, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static void report_at(struct ir_diag *diag, const struct ir_module *m, ir_op op,
                      enum ir_severity sev, const char *fmt, ...)
{
    struct ir_loc loc = ir_op_get(m, op)->loc;
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(diag, sev, ir_str_get(m, loc.file), loc.line, loc.col, fmt, ap);
    va_end(ap);
}

/* The module-level devices of m: the first two in *first / *second. */
static uint32_t find_devices(const struct ir_module *m, const char *name, ir_op *first,
                             ir_op *second)
{
    uint32_t n = 0;
    *first = *second = IR_NONE;
    IR_FOR_OPS(m, ir_module_body(m), op) {
        if (ir_op_get(m, op)->kind != IR_OP_KTDF_ARCH_DEVICE)
            continue;
        const char *sym = str_attr(m, op, "sym_name");
        if (name && (!sym || strcmp(sym, name) != 0))
            continue;
        if (n == 0)
            *first = op;
        else if (n == 1)
            *second = op;
        n++;
    }
    return n;
}

static bool has_body(const struct ir_module *m, ir_op op)
{
    ir_block b = ir_region_entry(m, ir_op_region(m, op, 0));
    return b && ir_block_get(m, b)->first;
}

/* "dir/" of a path, "" for a bare name (relative to the working directory). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    char *r = malloc(n + 1);
    if (!r)
        abort();
    memcpy(r, path, n);
    r[n] = 0;
    return r;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap) {
            char *nb = realloc(buf, (cap *= 2) + 1);
            if (!nb)
                free(buf);
            buf = nb;
        }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        errno = bad ? EIO : ENOMEM;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Parses and verifies a description text; NULL after errors. */
/* An embedded description is parsed but not verified again at every load:
 * it is fixed at build time and verified by the arch tests (spyre is 32
 * cores spelled out; its verification was a third of a stage's time). */
/* Its module is read from the IR file built from the same text
 * (arch_ir_blobs): same ops, attributes and locations, a fraction of the
 * parse's cost. */
static struct ir_module *parse_embedded(const char *file, const char *buf, size_t len,
                                        struct ir_diag *diag)
{
    for (const struct arch_blob *b = arch_blobs; b->name; b++) {
        if (b->text != buf)
            continue;
        for (const struct arch_ir_blob *i = arch_ir_blobs; i->name; i++) {
            if (strcmp(i->name, b->name) != 0)
                continue;
            struct ir_module *m;
            char err[256];
            if (ir_file_read_mem(i->bytes, i->len, "arch", &m, NULL, 0, err, sizeof err) == 0)
                return m;
            /* Cannot happen (the bytes are built with the binary); the
             * text says where if it ever does. */
            break;
        }
        break;
    }
    return ir_parse(file, buf, len, 0, len, diag);
}

static struct ir_module *parse_text(const char *file, const char *buf, size_t len,
                                    struct ir_diag *diag)
{
    struct ir_module *m = ir_parse(file, buf, len, 0, len, diag);
    if (m && !ir_verify_module(m, diag)) {
        ir_module_free(m);
        m = NULL;
    }
    return m;
}

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return strcmp(a, b) == 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void push_decl(struct arch_device *d, struct ir_module *m, ir_op op)
{
    struct arch_priv *p = d->priv;
    struct arch_decl *n = realloc(p->decls, (p->ndecls + 1) * sizeof *n);
    if (!n)
        abort();
    p->decls = n;
    p->decls[p->ndecls++] = (struct arch_decl){m, op};
}

/* Follows the import chain of op (in m) to the definition, recording each
 * declaration; files read on the way become modules owned by d. */
static bool resolve(struct arch_device *d, struct ir_module *m, ir_op op, const char *base_dir,
                    struct ir_diag *diag)
{
    push_decl(d, m, op);
    if (has_body(m, op)) {
        d->m = m;
        d->op = op;
        return true;
    }
    const char *name = str_attr(m, op, "sym_name");
    const char *path = str_attr(m, op, "import_path");
    if (!name || !path) {
        report_at(diag, m, op, IR_SEV_ERROR, "device%s%s has neither a body nor an import",
                  name ? " @" : "", name ? name : "");
        return false;
    }
    if (d->priv->ndecls > MAX_IMPORT_DEPTH) {
        report_at(diag, m, op, IR_SEV_ERROR, "cannot import device @%s: more than %d imports "
                  "in a chain", name, MAX_IMPORT_DEPTH);
        return false;
    }
    /* `import("ktc:NAME")` names a device embedded in every binary: it is
     * how a module refers to `sample` or `spyre` without a file. */
    size_t elen;
    const char *efile;
    const char *etext = strncmp(path, EMBEDDED_PREFIX, strlen(EMBEDDED_PREFIX)) == 0
                            ? arch_embedded(path + strlen(EMBEDDED_PREFIX), &elen, &efile)
                            : NULL;
    if (etext) {
        ir_diag_add_source(diag, efile, etext, elen); /* static text */
        struct ir_module *em = parse_embedded(efile, etext, elen, diag);
        if (!em)
            return false;
        own(d, em);
        ir_op def, dup;
        if (find_devices(em, NULL, &def, &dup) != 1) {
            report_at(diag, m, op, IR_SEV_ERROR, "embedded device '%s' is malformed", path);
            return false;
        }
        return resolve(d, em, def, base_dir, diag);
    }
    if (strncmp(path, EMBEDDED_PREFIX, strlen(EMBEDDED_PREFIX)) == 0) {
        report_at(diag, m, op, IR_SEV_ERROR, "cannot import device @%s: no embedded device "
                  "'%s' (sample, spyre)", name, path + strlen(EMBEDDED_PREFIX));
        return false;
    }
    char *dir = base_dir ? NULL : dir_of(ir_str_get(m, ir_op_get(m, op)->loc.file));
    const char *base = base_dir ? base_dir : dir;
    size_t nb = strlen(base);
    char *full = malloc(nb + strlen(path) + 2);
    if (!full)
        abort();
    if (path[0] == '/' || !nb)
        strcpy(full, path);
    else
        sprintf(full, "%s%s%s", base, base[nb - 1] == '/' ? "" : "/", path);
    free(dir);

    bool ok = false;
    struct ir_module *im = NULL;
    for (uint32_t i = 0; i + 1 < d->priv->ndecls; i++) {
        const struct arch_decl *e = &d->priv->decls[i];
        const char *ename = str_attr(e->m, e->op, "sym_name");
        if (ename && strcmp(ename, name) == 0 &&
            same_file(ir_str_get(e->m, ir_op_get(e->m, e->op)->loc.file), full)) {
            report_at(diag, m, op, IR_SEV_ERROR, "import cycle: device @%s imports itself "
                      "through '%s'", name, full);
            goto out;
        }
    }
    size_t len;
    char *buf = read_file(full, &len);
    if (!buf) {
        report_at(diag, m, op, IR_SEV_ERROR, "cannot import device @%s: cannot open '%s': %s",
                  name, full, strerror(errno));
        goto out;
    }
    im = parse_text(full, buf, len, diag);
    free(buf);
    if (!im) {
        report_at(diag, m, op, IR_SEV_NOTE, "while importing device @%s from '%s'", name, full);
        goto out;
    }
    own(d, im);
    /* The device of that name, or the file's only device under any name. */
    ir_op def, dup;
    uint32_t n = find_devices(im, name, &def, &dup);
    if (n == 0 && find_devices(im, NULL, &def, &dup) != 1) {
        report_at(diag, m, op, IR_SEV_ERROR, "cannot import device @%s: '%s' has no device of "
                  "that name", name, full);
        goto out;
    }
    if (n > 1) {
        report_at(diag, im, dup, IR_SEV_ERROR, "device @%s is defined twice", name);
        report_at(diag, im, def, IR_SEV_NOTE, "first definition of @%s is here", name);
        goto out;
    }
    char *next = dir_of(full);
    ok = resolve(d, im, def, next, diag);
    free(next);
out:
    free(full);
    return ok;
}

static struct arch_device *load_decl(struct ir_module *m, ir_op op, const char *base_dir,
                                     struct ir_module *owned, struct ir_diag *diag)
{
    struct arch_device *d = device_new();
    if (owned)
        own(d, owned);
    d->name = str_attr(m, op, "sym_name");
    if (!d->name)
        d->name = "";
    if (!resolve(d, m, op, base_dir, diag)) {
        arch_free(d);
        return NULL;
    }
    d->file = ir_str_get(d->m, ir_op_get(d->m, d->op)->loc.file);
    if (!arch_build(d, diag)) {
        arch_free(d);
        return NULL;
    }
    return d;
}

struct arch_device *arch_load(struct ir_module *m, ir_op device_op, const char *base_dir,
                              struct ir_diag *diag)
{
    return load_decl(m, device_op, base_dir, NULL, diag);
}

const char *arch_embedded(const char *name, size_t *len, const char **file)
{
    for (const struct arch_blob *b = arch_blobs; b->name; b++)
        if (strcmp(b->name, name) == 0) {
            *len = b->len;
            *file = b->file;
            return b->text;
        }
    return NULL;
}

struct arch_device *arch_load_named(const char *name_or_path, struct ir_diag *diag)
{
    size_t len;
    const char *file = name_or_path;
    const char *text = arch_embedded(name_or_path, &len, &file);
    struct ir_module *m;
    char *dir;
    if (text) {
        ir_diag_add_source(diag, file, text, len); /* static text: lives long enough */
        m = parse_embedded(file, text, len, diag);
        dir = dir_of(file);
    } else {
        char *buf = read_file(name_or_path, &len);
        if (!buf) {
            int e = errno;
            if (!strchr(name_or_path, '/') && !strstr(name_or_path, ".mlir")) {
                ir_diag_report(diag, IR_SEV_ERROR, name_or_path, 0, 0,
                               "no embedded device of that name (sample, spyre) and no such "
                               "file");
            } else {
                ir_diag_report(diag, IR_SEV_ERROR, name_or_path, 0, 0,
                               "cannot open device description: %s", strerror(e));
            }
            return NULL;
        }
        m = parse_text(name_or_path, buf, len, diag);
        free(buf);
        dir = dir_of(name_or_path);
    }
    if (!m) {
        free(dir);
        return NULL;
    }
    ir_op op, second;
    uint32_t n = find_devices(m, NULL, &op, &second);
    struct arch_device *d = NULL;
    if (n == 0) {
        ir_diag_report(diag, IR_SEV_ERROR, file, 0, 0, "no ktdf_arch.device in the file");
        ir_module_free(m);
    } else if (n > 1) {
        report_at(diag, m, second, IR_SEV_ERROR, "a second device @%s; a device file holds one",
                  str_attr(m, second, "sym_name"));
        ir_module_free(m);
    } else {
        d = load_decl(m, op, dir, m, diag);
    }
    free(dir);
    return d;
}

struct arch_device *arch_load_module(struct ir_module *m, struct ir_diag *diag)
{
    ir_op op, second;
    uint32_t n = find_devices(m, NULL, &op, &second);
    if (n == 1)
        return arch_load(m, op, NULL, diag);
    struct ir_loc loc = ir_op_get(m, n ? second : m->top)->loc;
    ir_diag_at(diag, m, loc, IR_SEV_ERROR, n ? "the module declares more than one device"
                                             : "the module carries no device (ktc-parse "
                                               "attaches one)");
    return NULL;
}

/* ---- attaching a device to a kernel ------------------------------------ */

/* Gives op (a device in m) the attributes of d's import chain, the
 * importing declaration's first, without the import path. */
static void merge_attrs(struct ir_module *m, ir_op op, const struct arch_device *d)
{
    uint32_t cap = 8, n = 0;
    ir_str *names = malloc(cap * sizeof *names);
    ir_attr *vals = malloc(cap * sizeof *vals);
    if (!names || !vals)
        abort();
    for (uint32_t i = 0; i < d->priv->ndecls; i++) {
        const struct arch_decl *e = &d->priv->decls[i];
        ir_attr attrs = ir_op_get(e->m, e->op)->attrs;
        const struct ir_attr_info *ai = attrs ? ir_attr_get(e->m, attrs) : NULL;
        for (uint32_t j = 0; ai && j < ai->n; j++) {
            const char *name = ir_str_get(e->m, ai->elems[2 * j]);
            if (strcmp(name, "import_path") == 0)
                continue;
            ir_str s = ir_str_c(m, name);
            uint32_t k = 0;
            while (k < n && names[k] != s)
                k++;
            if (k < n)
                continue; /* an earlier declaration of the chain wins */
            if (n == cap) {
                cap *= 2;
                names = realloc(names, cap * sizeof *names);
                vals = realloc(vals, cap * sizeof *vals);
                if (!names || !vals)
                    abort();
            }
            names[n] = s;
            vals[n++] = arch_copy_attr(m, e->m, ai->elems[2 * j + 1]);
        }
    }
    ir_op_get(m, op)->attrs = ir_attr_dict(m, n, names, vals);
    free(names);
    free(vals);
}

/* Gives decl, an import declaration in m, a copy of the body of d's
 * definition. */
static void inline_body(struct ir_module *m, ir_op decl, const struct arch_device *d)
{
    ir_op copy = arch_copy_op(m, d->m, d->op); /* detached, left unused */
    ir_region from = ir_op_region(m, copy, 0), to = ir_op_region(m, decl, 0);
    ir_block body = ir_region_entry(m, from);
    ir_region_get(m, from)->first = ir_region_get(m, from)->last = IR_NONE;
    ir_region_get(m, to)->first = ir_region_get(m, to)->last = IR_NONE;
    ir_region_append_block(m, to, body);
}

bool arch_attach_device(struct ir_module *m, const char *name_or_path, struct ir_diag *diag)
{
    ir_op decl, second;
    uint32_t n = find_devices(m, NULL, &decl, &second);
    if (n > 1) {
        report_at(diag, m, second, IR_SEV_ERROR, "a kernel targets one device; @%s is a second one",
                  str_attr(m, second, "sym_name"));
        report_at(diag, m, decl, IR_SEV_NOTE, "the first is @%s", str_attr(m, decl, "sym_name"));
        return false;
    }
    if (n == 1) {
        if (name_or_path)
            report_at(diag, m, decl, IR_SEV_NOTE,
                      "the kernel's own device @%s is used, not --device=%s",
                      str_attr(m, decl, "sym_name"), name_or_path);
        struct arch_device *d = arch_load(m, decl, NULL, diag);
        if (!d)
            return false;
        const char *ipath = str_attr(m, decl, "import_path");
        bool embedded_ref = ipath && strncmp(ipath, EMBEDDED_PREFIX, strlen(EMBEDDED_PREFIX)) == 0;
        if (d->op != decl && !embedded_ref) {
            inline_body(m, decl, d);
            merge_attrs(m, decl, d);
        }
        arch_free(d);
        return true;
    }
    const char *want = name_or_path ? name_or_path : "spyre";
    const struct arch_blob *blob = NULL;
    for (const struct arch_blob *b = arch_blobs; b->name && !blob; b++)
        if (strcmp(b->name, want) == 0)
            blob = b;
    if (blob) {
        /* An embedded device travels as a one-line reference to itself; it
         * is known good, so nothing is loaded here (later stages load it). */
        char text[512];
        int tn = snprintf(text, sizeof text, "ktdf_arch.device @%s import(\"%s%s\")\n",
                          blob->device, EMBEDDED_PREFIX, want);
        struct ir_module *dm = parse_text("<device>", text, (size_t)tn, diag);
        if (!dm)
            return false;
        ir_op ref = arch_copy_op(m, dm, ir_block_get(dm, ir_module_body(dm))->first);
        ir_module_free(dm);
        ir_block body = ir_module_body(m);
        ir_op first = ir_block_get(m, body)->first;
        if (first)
            ir_op_insert_before(m, first, ref);
        else
            ir_block_append_op(m, body, ref);
        return true;
    }
    struct arch_device *d = arch_load_named(want, diag);
    if (!d)
        return false;
    ir_op copy = arch_copy_op(m, d->m, d->op);
    ir_block body = ir_module_body(m);
    ir_op first = ir_block_get(m, body)->first;
    if (first)
        ir_op_insert_before(m, first, copy);
    else
        ir_block_append_op(m, body, copy);
    if (d->priv->ndecls > 1)
        merge_attrs(m, copy, d); /* a file that imports its device */
    arch_free(d);
    return true;
}

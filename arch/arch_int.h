/* arch_int.h - what the files of arch/ share and nothing else sees: the
 * private part of a device model, a string map, the model builder and the
 * cross-module op copy. */
#ifndef ARCH_ARCH_INT_H
#define ARCH_ARCH_INT_H

#include "arch/arch.h"

/* A string -> uint32 map (open addressing); keys are not copied. */
struct smap {
    const char **keys;
    uint32_t *vals;
    uint32_t *hashes; /* of each key: most mismatches cost no strcmp */
    uint32_t cap, n;
};

/* Looks key up: true and *val when present. */
bool smap_get(const struct smap *s, const char *key, uint32_t *val);
/* Where key's value is, NULL when absent; valid until the next smap_put. */
uint32_t *smap_ref(struct smap *s, const char *key);
/* Adds key (or replaces its value). */
void smap_put(struct smap *s, const char *key, uint32_t val);
void smap_free(struct smap *s);

/* One link of an import chain: a declaration or, last, the definition. */
struct arch_decl {
    struct ir_module *m;
    ir_op op;
};

struct arch_priv {
    struct arena *arena;          /* strings and arrays of the model */
    struct ir_module **owned;     /* modules read from files, freed with the model */
    uint32_t nowned;
    struct arch_decl *decls;      /* the importing declaration first, the definition last */
    uint32_t ndecls;
    struct smap kind_of, res_of;  /* kind name -> kind, instance name -> resource */
    struct smap alias_of;         /* mem_space_mapping name -> kind */
    uint32_t *out_start, *out;    /* per resource: its outgoing links (CSR) */
    uint32_t *kout_start, *kout;  /* per kind: its outgoing edges (CSR) */
    struct arch_at *at;           /* per kind, built by its first arch_res_at; NULL = none yet */
};

/* A kind's instances by place: first[core * ncl] is its first resource on
 * the core, first[core * ncl + 1 + corelet] its first on that corelet
 * (ARCH_NONE where none); first == NULL until built. */
struct arch_at {
    uint32_t ncores, ncl;
    uint32_t *first;
};

/* The descriptions embedded at build time (devices_gen.c, written by
 * arch/embed.sh from arch/devices/ *.mlir); the last entry has no name. */
struct arch_blob {
    const char *name;   /* what --device takes: "spyre" */
    const char *device; /* the @name of its ktdf_arch.device */
    const char *file, *text;
    size_t len;
};
extern const struct arch_blob arch_blobs[];

/* The same descriptions parsed at build time and serialized as IR files
 * (devices_ir_gen.c, written by arch/embed_ir.c); the last entry has no
 * name. Loading one reads these bytes instead of parsing the text. */
struct arch_ir_blob {
    const char *name;
    const unsigned char *bytes;
    size_t len;
};
extern const struct arch_ir_blob arch_ir_blobs[];

/* The enum ir_memspace a memory-space word names ("global", "ct_local",
 * and the old "HBM", "LX", "L0"), or -1. */
int arch_space_of_name(const char *word);

/* Builds the model of d->op in d->m (d->priv->decls already filled). */
bool arch_build(struct arch_device *d, struct ir_diag *diag);

/* A printf-formatted copy in the model's arena. */
char *arch_strf(struct arch_device *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Copies op (with its regions) from module src into dst as a detached op;
 * every operand must be defined inside op (true of an isolated op). */
ir_op arch_copy_op(struct ir_module *dst, const struct ir_module *src, ir_op op);
/* Copies attribute a of src into dst. */
ir_attr arch_copy_attr(struct ir_module *dst, const struct ir_module *src, ir_attr a);

#endif

/* arch.h - the device model: everything ktc knows about the hardware, built
 * from a `ktdf_arch.device` description (ktir/dialects/ktdf_arch.def). Passes
 * never hard-code unit names, lane counts, sizes or timings: they ask here.
 *
 * A description is a graph. Its resources are memories, execution units and
 * switch ports; datapaths link them; groups nest them (cores, corelets). The
 * body is written out in full, so every resource op is one instance:
 *
 *    device ── DDR                         level device
 *           └─ group core ── L1, MNILU...  level core      "C0-MNILU"
 *                         └─ group ── SFU  level corelet   "C0-SFU-CL1"
 *
 * On top of the instances sit the views the compiler uses: the routing graph
 * over resource kinds (shortest paths with each link's properties), the
 * memory tree, the mapping from KTIR memory spaces to memory kinds, and
 * timing (our extension of the dialect, documented in arch/README.md).
 * A model is read-only once built; arch_free releases it.
 */
#ifndef ARCH_ARCH_H
#define ARCH_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ktir/diag.h"
#include "ktir/ir.h"

#define ARCH_NONE UINT32_MAX

enum arch_node { ARCH_MEMORY, ARCH_UNIT, ARCH_PORT };

/* The lowest enclosing group level of a resource. */
enum arch_level { ARCH_LEVEL_DEVICE, ARCH_LEVEL_CORE, ARCH_LEVEL_CORELET };

/* ktdf_arch.feature.* of an execution unit, as bits. */
enum arch_feature {
    ARCH_F_COMPUTE = 1,
    ARCH_F_LOAD = 2,
    ARCH_F_STORE = 4,
    ARCH_F_SIMD = 8,
    ARCH_F_SPLAT = 16,
    ARCH_F_ZERO_PAD = 32,
    ARCH_F_MASKED_WRITES = 64, /* store: writes part of a word under a byte mask */
};

/* Timing defaults, used where a description gives no number (README.md). */
#define ARCH_DEFAULT_CLOCK_MHZ 1000
#define ARCH_DEFAULT_BANDWIDTH 64 /* bytes/cycle, for a link without granularity */
#define ARCH_DEFAULT_LATENCY 1    /* cycles */

/* One allowed access: size_in_words words, aligned to align_in_words. */
struct arch_granule {
    int64_t size_in_words, align_in_words;
};

/* How a load or store unit accesses one memory kind. */
struct arch_access {
    const char *space;  /* memory kind, e.g. "L1" */
    int64_t word_size;  /* bytes; 1 when not given */
    uint32_t ngranules; /* 0 = any access */
    const struct arch_granule *granules;
};

/* SIMD width of a unit for one element type ("f16" = 64). */
struct arch_lanes {
    const char *type;
    int64_t count;
};

/* A resource instance: a memory, an execution unit or a switch port. */
struct arch_res {
    enum arch_node node;
    const char *kind;     /* "L1"; a unit without kind is "exec_unit"; a port "<switch kind>.<i>" */
    const char *id;       /* `@id`, or derived from the kind; unique in the device */
    const char *name;     /* instance name: "DDR", "C0-L1", "C3-SFU-CL1" */
    enum arch_level level;
    int32_t core, corelet; /* -1 outside any */
    uint32_t group;        /* innermost enclosing group, ARCH_NONE at the top */
    uint32_t kind_index;   /* its node in the kind graph (dev->kinds) */
    ir_op op;              /* defining op in dev->m */
    /* memories */
    int64_t size;                /* bytes, 0 = not given */
    int64_t aggregate_bandwidth; /* bytes/cycle shared by all its links, 0 = unlimited */
    uint32_t parent;             /* memory tree: the memory shared into its group, or ARCH_NONE */
    /* execution units */
    unsigned features; /* enum arch_feature */
    uint32_t nload, nstore, nlanes;
    const struct arch_access *load, *store;
    const struct arch_lanes *lanes;
    /* ports */
    uint32_t port; /* number within its switch */
};

/* A directed link between two resources: a datapath, or a connection inside
 * a switch (op is then the switch). Timing defaults are already applied. */
struct arch_link {
    uint32_t src, dst; /* resources */
    const char *id;    /* NULL for a connection inside a switch */
    ir_op op;
    uint32_t ngranularity;
    const int64_t *granularity; /* allowed transfer sizes in bytes; none = any */
    int64_t bandwidth;          /* bytes/cycle */
    int64_t latency;            /* cycles */
    bool bandwidth_given, latency_given;
    int64_t depth, queue_size;  /* FIFO entries / bytes; 0 = not a queue (or not given) */
    bool queue, ordered;
    uint32_t noverlaps;
    const char *const *overlaps; /* names of links sharing one physical channel */
};

struct arch_group {
    const char *kind; /* NULL when not given */
    const char *id;
    uint32_t parent;       /* ARCH_NONE at the top */
    enum arch_level level; /* CORE: the group is a core; CORELET: a corelet; DEVICE: neither */
    int32_t core, corelet; /* the core/corelet it is or lies in, -1 outside */
    ir_op op;
};

/* A node of the routing graph: all instances of one resource kind. */
struct arch_kind {
    const char *name;
    enum arch_node node;
    enum arch_level level; /* of its first instance */
    uint32_t first, count; /* first instance, number of instances */
};

/* An edge of the routing graph; link is its first datapath (the model of
 * all count datapaths between instances of the two kinds). */
struct arch_edge {
    uint32_t src, dst, link, count;
};

struct arch_device {
    const char *name; /* the device symbol */
    const char *file; /* where its body was read (for messages) */
    struct ir_module *m;
    ir_op op;          /* the definition (with the body) in m */
    int64_t clock_mhz; /* ARCH_DEFAULT_CLOCK_MHZ unless given */
    uint32_t ncores;
    uint32_t ncorelets; /* per core: the most any core has */
    /* KTIR memory space (enum ir_memspace) -> memory kind; NULL = unmapped. */
    const char *space_kind[4];

    uint32_t nres, nlinks, ngroups, nkinds, nedges, npatterns;
    struct arch_res *res;
    struct arch_link *links;
    struct arch_group *groups;
    struct arch_kind *kinds;
    struct arch_edge *edges;
    ir_op *patterns; /* `patterns` ops in m, kept for later use */

    struct arch_priv *priv; /* owned modules, lookup tables, declarations */
};

/* ---- loading --------------------------------------------------------- */

/* Builds the model of device_op, a `ktdf_arch.device` of module m. An
 * `import("path")` is resolved relative to base_dir (NULL = the directory of
 * the file device_op was read from), also through chains of imports, with
 * cycle detection; the importing declaration's attributes override the
 * definition's. An imported file provides the device of the declared name,
 * or its only device. Returns NULL after reporting located errors. */
struct arch_device *arch_load(struct ir_module *m, ir_op device_op, const char *base_dir,
                              struct ir_diag *diag);

/* Builds the model of an embedded device (`sample`, `spyre`) by name, else of
 * the one device of the description file at that path. NULL after errors. */
struct arch_device *arch_load_named(const char *name_or_path, struct ir_diag *diag);

/* Builds the model of the one module-level device of m (what ktc-parse
 * attached). NULL after errors. */
struct arch_device *arch_load_module(struct ir_module *m, struct ir_diag *diag);

void arch_free(struct arch_device *d);

/* Makes m carry its device as one module-level `ktdf_arch.device`, so later
 * stages need no file: m's own declaration wins (with a note when
 * name_or_path was given), else the named device (NULL = "spyre") is added
 * as m's first op. A device from a file gets its body inlined (imports
 * resolved); an embedded one (`sample`, `spyre`) stays the one-line
 * reference `ktdf_arch.device @spyre import("ktc:spyre")`, which every
 * binary resolves from its embedded copy. */
bool arch_attach_device(struct ir_module *m, const char *name_or_path, struct ir_diag *diag);

/* The text of an embedded device, or NULL; *file gets its display name. */
const char *arch_embedded(const char *name, size_t *len, const char **file);
/* The names of the embedded devices, NULL-terminated. */
extern const char *const arch_embedded_names[];

/* ---- queries --------------------------------------------------------- */

/* The kind node named name, or ARCH_NONE. */
uint32_t arch_kind_find(const struct arch_device *d, const char *name);
/* The resource with that instance name ("C0-L1LU-CL1"), or ARCH_NONE. */
uint32_t arch_res_find(const struct arch_device *d, const char *name);
/* The first link (in the description's order) from resource src to dst,
 * or ARCH_NONE: a walk over src's outgoing links. */
uint32_t arch_link_find(const struct arch_device *d, uint32_t src, uint32_t dst);
/* The link of the routing-graph edge from kind src to kind dst (its first
 * datapath), or ARCH_NONE. */
uint32_t arch_edge_link(const struct arch_device *d, uint32_t src, uint32_t dst);
/* A queue link's FIFO as the simulator sizes it (codegen/README.md): its
 * depth in entries (*depth; 2 when not given), the bytes of an entry
 * returned (queue_size / depth when both are given, else the widest
 * transfer granularity, else 128). */
int64_t arch_fifo_entry(const struct arch_link *l, int64_t *depth);
/* The kind an end of a FIFO slot type of module m names (its attr0 or
 * attr1: the kind's name as a string), ARCH_NONE when it names none. */
uint32_t arch_slot_end(const struct arch_device *d, const struct ir_module *m, ir_attr end);
/* The datapath FIFO slot type t of module m runs on (from its source's kind
 * to its destination's), ARCH_NONE when an end names no kind or no
 * datapath joins them; with entries, how many FIFO entries one slot of t
 * takes on it (arch_fifo_entry) and, with depth, how many it holds. */
uint32_t arch_slot_link(const struct arch_device *d, const struct ir_module *m, ir_type t,
                        int64_t *entries, int64_t *depth);
/* The first instance of a kind in core/corelet (-1 = any), or ARCH_NONE. */
uint32_t arch_res_at(const struct arch_device *d, const char *kind, int32_t core,
                     int32_t corelet);
/* The memory kind a KTIR memory space maps to (mem_space_mapping, or the
 * defaults in README.md), or NULL. */
const char *arch_space_kind(const struct arch_device *d, enum ir_memspace space);
/* The memory kind of a memory-space attribute of module m: a
 * #ktdp.memory_space / #ktdp.spyre_memory_space, or a string (a name that
 * mem_space_mapping gives, else a memory kind); NULL when it names none. */
const char *arch_space_attr_kind(const struct arch_device *d, const struct ir_module *m,
                                 ir_attr space);
/* The first memory defined in the innermost group of r (SFU -> SFU_REG,
 * MNILU -> L1), or ARCH_NONE. */
uint32_t arch_local_memory(const struct arch_device *d, uint32_t r);
/* SIMD lanes of unit r for an element type ("f16"); 0 when none. */
int64_t arch_lanes(const struct arch_device *d, uint32_t r, const char *type);
/* How unit r loads (store = false) or stores a memory kind, or NULL. */
const struct arch_access *arch_access(const struct arch_device *d, uint32_t r, bool store,
                                      const char *space);
/* The smallest access a allows, in bytes, and *align its alignment
 * (align may be NULL): its least granule, or its word when it lists none;
 * 0 when any size goes (a NULL access, or words of one byte). */
int64_t arch_access_least(const struct arch_access *a, int64_t *align);
/* An attribute of resource r's op ("dataflow_scheduler.double_buffer_last"),
 * in dev->m; IR_NONE when absent. */
ir_attr arch_res_attr(const struct arch_device *d, uint32_t r, const char *name);
/* A device attribute, the importing declaration's first; *where gets the
 * module holding it. IR_NONE when absent. */
ir_attr arch_device_attr(const struct arch_device *d, const char *name,
                         const struct ir_module **where);
const char *arch_level_name(enum arch_level level);

/* ---- routing --------------------------------------------------------- */

/* A path: n nodes, links[i] joins nodes[i] to nodes[i+1]. by_kind: nodes
 * are kind nodes and links their representative datapaths; else nodes are
 * resources (instances). */
struct arch_route {
    bool by_kind;
    uint32_t n;
    uint32_t *nodes;
    uint32_t *links;
};

/* The shortest route (fewest hops; ties go to the description's order)
 * from `from` to `to`. Each name is a resource kind ("DDR"), a KTIR memory
 * space ("global", "ct_local", "HBM", "LX", "L0"), or, for both ends, an
 * instance name ("C0-L1", "C5-L1": routes between instances, over every
 * core and corelet). Reports a located error and returns false when a name
 * is unknown or no route exists. */
bool arch_route(const struct arch_device *d, const char *from, const char *to,
                struct arch_route *r, struct ir_diag *diag);
void arch_route_free(struct arch_route *r);

/* ---- reports (ktc-arch) ---------------------------------------------- */

void arch_print_summary(const struct arch_device *d, FILE *out);
void arch_print_route(const struct arch_device *d, const struct arch_route *r, FILE *out);
/* Graphviz DOT of the instance graph, a cluster per group. */
void arch_print_dot(const struct arch_device *d, FILE *out);
/* Runs a ktc-arch command: `summary` (also with no word), `route SRC DST`,
 * `dot`. Returns 0, 1 after a located error, or 2 for a bad command line
 * (reported as `ktc-arch: error: ...`). */
int arch_command(const struct arch_device *d, int nwords, const char *const *words, FILE *out,
                 struct ir_diag *diag);

#endif

/* allocate.h - ktc-allocate, part 1: an address for every buffer (the pass
 * after ktc-path-expand or ktc-nest; part 2 is grid.h).
 *
 * Input stage "sched.routed" or "sched.nested", output "sched.allocated".
 * Every `memref.alloc` whose memref has a memory space (a memory kind
 * string like "L1", or a KTIR memory space) becomes
 *     %a = arith.constant <byte address> : index
 *     %b = builtin.unrealized_conversion_cast %a : index to memref<..., "L1">
 * and its `memref.dealloc`s go. Addresses are byte offsets into one
 * instance of the memory (each core has its own L1 at the same offsets).
 *
 * Size: elements x element bytes, rounded up to the word of every unit that
 * accesses the buffer (a DMA moving 64-byte words never spills into the
 * next buffer). Alignment: the element size, and for every unit that
 * reads or writes the buffer (the applicable_units of the stages whose
 * transfers or ops use it, through private results, casts and
 * select_memref) the alignment its access needs in that memory
 * (arch_access: word_size times the align_in_words of the largest
 * access_granularity that fits in the buffer, or of the smallest when none
 * fits; one word when none is given); the least common multiple of all.
 *
 * Memories: a scratchpad (any memory below the device level: L1, SFU_REG)
 * is allocated per program (func.func), from 0, since programs run one
 * after the other, clear of the bytes of every view the kernels place at a
 * constant address in it (the kernel's own data, as a corpus golden's
 * fixed LX regions), and of the ranges the module's
 * `ktc.scratch_reserved` lists (ktc-split's record of such views in the
 * ct_local scratchpad, those it removed since, unread, included); device memory (DDR) is persistent across programs: one
 * allocation for the whole module, starting after the highest byte of any
 * view the kernels place at a constant address in that memory.
 *
 * Reuse (the default; `reuse = false` gives the reference's bump
 * allocation): when a program's buffers in a scratchpad do not all fit
 * side by side, two of them may share bytes when their lifetimes do not
 * overlap. Sharing orders the later occupant after the earlier one (below),
 * so buffers that fit are kept apart: a pipeline's loads then need not wait
 * for the one before to have emptied its buffers (rmsnorm_masked, n = 200
 * on spyre: 1352 -> 1015 cycles). A buffer lives from its definition (the
 * alloc, or the `ktdf.private` yielding it) to its last use, both taken in
 * the block of the definition, so a use inside a loop or pipeline keeps the
 * buffer for the whole loop or pipeline; the buffers of one pipeline all
 * overlap; ktc-nest's phase-expanded buffers (allocated at program level,
 * used in the tile loop) live across the whole loop, so nothing the loop's
 * pipelines stage takes any phase's bytes; the buffers of a ring transfer
 * (`source_tiles`: other cores read them) and those a memref.load reads
 * (a scatter's staged index, read where the address it makes is used:
 * ktc-lower) live to the program's end.
 * Placement is first fit in
 * program order. Contract for the
 * lowering: a later occupant's first write must wait for the earlier
 * occupant's last access, as for any two pipelines touching the same bytes
 * (the constant addresses make the overlap visible).
 *
 * Rejected with a located error at the alloc: a memory space that names no
 * memory of the device; a dynamic shape; a memory without a size in the
 * device; a buffer that does not fit: "buffer %name (or #N, its rank in
 * @f) of @f, <type> (S bytes), does not fit in L1: it needs bytes [A, A+S)
 * but L1 holds C bytes".
 */
#ifndef SCHED_ALLOCATE_H
#define SCHED_ALLOCATE_H

#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

/* Gives every memory-spaced memref.alloc of m an address (see above), in
 * place; reuse lets scratchpad buffers with disjoint lifetimes share bytes.
 * Returns false after reporting located errors to diag. */
bool sched_allocate(struct ir_module *m, const struct arch_device *dev, bool reuse,
                    struct ir_diag *diag);

#endif

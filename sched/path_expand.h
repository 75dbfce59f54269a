/* path_expand.h - ktc-path-expand: route every transfer of a schedule over
 * the device's datapath graph (the pass between ktc-split and ktc-nest).
 *
 * Input stage "sched.split", output stage "sched.routed". For every
 * `ktdf.pipeline` (innermost first), every `ktdf.data_transfer` that sits
 * directly in a stage is routed by resource kind with arch_route: a load
 * (memref -> FIFO <A -> C>) from the memref's memory to the consumer unit C,
 * a store (FIFO <P -> B> -> memref) from the producer unit P to the memref's
 * memory, a copy (memref -> memref) between the two memories. A FIFO end
 * that already names a unit (A or B) is kept: the route goes through it. An
 * operand already in scratchpad (a `ct_local` view, memory "L1") therefore
 * starts at the scratchpad: L1 -> L1LU -> SFU on the shipped devices.
 *
 * Every unit strictly inside a route executes one hop; a memory strictly
 * inside is a staging buffer (`memref.alloc` in the pipeline's
 * `ktdf.private`, shaped like the memref side of the transfer, memory space
 * the memory kind as a string); a link between two units is a FIFO. A stage
 * whose transfers need several units is replaced by one stage per unit kind,
 * in data-flow order (hops of one transfer keep their order; hops of
 * different transfers on the same unit share its stage, in the order of the
 * transfers), chained by new tokens between the stage's own depends_in and
 * depends_out. The FIFO slot the compute stage reads or writes is re-typed
 * to the real link (<"DDR" -> "SFU"> becomes <"L1LU" -> "SFU">), and the
 * private's `ktdf.fifo.allocate`s are regrouped, one per (source,
 * destination) pair, slot order kept. Every stage ends with
 * `applicable_units = [<its unit kind>]`: hop stages get their unit, compute
 * stages the unit at the ends of the FIFOs they read and write. A copy
 * with `source_tiles` (a ring transfer, ktc-split) is routed memory ->
 * U -> memory through the unit kind U that reads and writes that memory
 * and has a datapath to its own kind (the ring stop): U moves it, reading
 * the other core's memory over the ring. Already
 * routed input is left as it is (the pass is idempotent).
 *
 * Then scalar-broadcast legalization: a `linalg.generic` input whose
 * indexing map ends in a constant (one element broadcast along the vector
 * dimension) and that arrives through a FIFO is legalized when the compute
 * unit cannot splat: every memref hop whose unit cannot fetch one element
 * (access_granularity / word_size of the device: an access is a whole
 * number of one granule, aligned to it, so a unit reading 2-byte elements
 * fetches a 4-byte one as two) is widened to the unit's
 * smallest access along the last dimension (its staging buffer too), the
 * hop into the FIFO gets `transfer_mode = "splat"` (its unit must have the
 * simd splat feature), and the FIFO slot, the `ktdf.read_from_fifo` result
 * and the map's last result are widened to the vector dimension.
 *
 * Then sub-word DMA legalization: a hop of a unit that moves one row (all
 * sizes but the last 1) between a memref outside the pipeline (the far
 * side: DDR) and a staging buffer of the pipeline, smaller than the unit's
 * smallest access (access_granularity, or word_size, of the device, the
 * larger of the two memories'), or as large but at an offset known before
 * launch that is not aligned to it, or at one known only then through a
 * `memref.reinterpret_cast {unaligned}` (ktc-split: rows of launch-time
 * strides, tiles moved by launch-time amounts; stored under a byte mask
 * where the unit has one, else by read-modify-write: contiguous rows of n
 * columns, a row a core, stored in whole words from offset 0, failed at
 * launch for n not a multiple of 64 f16, rows_stride_words), or as large
 * at an offset over its subscripts
 * known to leave the word at times (sched_value_gcd, offset_gcd.h: a row
 * stride of 1000 f16, a block of 25000 from a tile id, through the calls
 * of a program: whole words astride two, ktc-split's tails, split.h;
 * stored under a byte mask where the unit has one), moves the enclosing
 * aligned words instead.
 * The far side's offset must be affine in its subscripts (the
 * reinterpret_cast's static offset, a constant view base or one known only
 * at launch, which counts as aligned: the runtime aligns tensors, and
 * ktc-codegen assumes the same), or, for a load, in its subscripts and a
 * reinterpret_cast offset computed in the program (an access tile at a
 * tile id times a block size: that value becomes one more subscript, or,
 * known to be c plus whole words (sched_value_gcd: a row block's position
 * passed to the program), the constant c; a
 * store there is left alone, its read-modify-write would race with the
 * tiles sharing its words, unless its unit writes under a byte mask, see
 * below). With d the wanted elements' offset in the
 * first word (a constant, or `offset mod word` when the offset depends on
 * the subscripts; a computed offset's terms that are whole words, through
 * addi, not part of it: of row * n + a block's column stepping by 64 f16,
 * row * n), the hop's far subscript goes back by d (but when d with the
 * subscripts' whole words left out too reads the computed offset alone,
 * which other whole words move apart from, and the loop around the
 * pipeline does not move it, the far side becomes a cast at the offset
 * less that d, made out of the loops that vary neither, its subscripts
 * kept: transfers ktc-nest then coarsens, where `sub - d` would read two
 * values; contiguous rows of 1000 f16 in Triton's LayerNorm, 2 a core:
 * 14474 -> 1342 cycles on spyre), both its sizes
 * and the buffer's last extent become the words (round_up(d + n) to a
 * word; round_up(dmax + n) when d is not constant, dmax its largest value
 * given the gcd of the subscripts' coefficients, a subscript computed
 * by muli/addi from constants and loop variables counting as its own
 * gcd), and every other
 * transfer on the buffer has its last subscript moved on by d (the far
 * side's subscripts appended to its own when d depends on them; they are
 * defined outside the pipeline). A store of part of a word is a
 * read-modify-write: a new stage, on the first unit kind that loads the
 * far memory into the buffer's memory, loads the words into the buffer,
 * chained by a new token (a new result of the private) between the
 * depends_in of the stage that writes the elements into the buffer and
 * that stage. ktc-lower's signals then order the load, the write of the
 * elements and the store back (they touch the same bytes), and successive
 * read-modify-writes of one word (one device-memory view base). Caveat: a
 * word is written whole, so two tiles storing into one word would race
 * (tiles are taken not to share device-memory bytes; here they may share
 * words; and when d is not constant, an instance with a smaller d moves
 * words past the wanted elements, which may lie beyond a tensor's
 * 256-byte-aligned allocation). A store whose unit writes under a byte
 * mask (`masked_writes` on its store feature, ARCH_F_MASKED_WRITES) is no
 * read-modify-write, whatever the grid: the hop keeps its far side and
 * sizes (the wanted elements), gets `transfer_mode = "masked"`, and reads
 * them at d (the subscripts' whole words left out: a box of the buffer the
 * loop over a row's chunks does not move, which ktc-nest's coarsening
 * stores) in the buffer widened to the words, as the other transfers on
 * the buffer write them (both given the far subscripts when d depends on
 * them); the unit moves the enclosing words and writes only the elements'
 * bytes (ktc-codegen's `dma.mask`), so tiles sharing a word do not race.
 * Transfers of several rows, or at offsets
 * not known to be
 * affine, are left as they are (ktc-codegen reports those it cannot do),
 * but a masked store of several rows of part of a word is refused when
 * its words' offsets may differ from the staging buffer's (its start not
 * a known multiple of the alignment, or a row stride not agreeing with
 * the buffer's modulo it): dma.mask needs them equal. A load of part of a
 * word of every row (a column read to be transposed) moves the rows'
 * enclosing words when the rows are whole words apart; else, when it
 * takes every row of a contiguous block (the memref row-major over its
 * static shape, word-aligned, at most a sixteenth of the scratchpad), the
 * whole block moves at constant subscripts and the hops after read the
 * elements in it (the scratchpad's element granules); else it is refused
 * ("... at offsets in their N-byte words that differ from row to row").
 *
 * Then phases (path_expand_word.c): a pipeline ktc-split made
 * `modulo(size: K)` (its rows in flight, split.h), or one streaming whole
 * words astride two alone in an scf.for (made modulo(size: 6) here:
 * ktc-nest does not coarsen it), or so streaming part of a word whose
 * offset in its words moves from one iteration to the next (a row of 1000
 * f16's last 488, ktc-split's tail: 13 such rows on spyre 2984 -> 1141
 * cycles, tests/kernels/tail_2d_odd), when every store of the pipeline
 * writes under a byte mask (a read-modify-write would read back words the
 * next rows' stores may share), directly in an scf.for
 * gets every staging buffer of its ktdf.private a leading dim of K (no
 * more than the loop's trip count, when it is a constant), and
 * every transfer on one a leading subscript %ph = ((iv - lb) / step) mod K
 * (index arithmetic before the pipeline, on that loop's IV) and size 1:
 * one iteration fills a copy while the one before drains the other
 * (ktc-lower gives a modulo pipeline K - 1 credits over its loop; ktc-nest
 * leaves modulo pipelines as they are and keeps the IV's value where it
 * rewrites the loop); one not directly in an scf.for loses its modulo.
 *
 * Rejected, each with a located error at the transfer or stage: a memref
 * without a memory space or in a space the device lacks; a FIFO end naming
 * nothing of the device; no route; a route with two memories in a row or
 * none of whose inner nodes is a unit; a staging buffer of dynamic size;
 * a stage mixing transfers with ops that have effects or regions; a stage
 * already tagged with a unit its transfers do not use; a compute stage
 * whose unit cannot be told; a splat on a unit without the splat feature,
 * or whose unit cannot read one element (no granule divides its size);
 * a store of part of a word that no unit can load first (no
 * read-modify-write); a masked store of several rows as above.
 */
#ifndef SCHED_PATH_EXPAND_H
#define SCHED_PATH_EXPAND_H

#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

/* Routes every transfer of m over dev (see above), in place. Returns false
 * after reporting located errors to diag (m is then unspecified). */
bool sched_path_expand(struct ir_module *m, const struct arch_device *dev, struct ir_diag *diag);

#endif

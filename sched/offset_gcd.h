/* offset_gcd.h - what index values are known to be a multiple of, as the
 * passes that place transfers on device-memory words ask it (ktc-split's
 * tail tiles, ktc-path-expand's word legalization, path_expand_word.c). */
#ifndef SCHED_OFFSET_GCD_H
#define SCHED_OFFSET_GCD_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/ir.h"

/* The greatest common divisor of |a| and |b| (gcd(a, 0) = |a|). */
int64_t sched_gcd(int64_t a, int64_t b);

/* Index value v as *c + (a multiple of the result): a constant (0: no
 * multiple), the induction variable of an scf.for with constant step (its
 * lower bound a constant or such a value; a loop of one trip at most, its
 * upper bound the lower plus at most the step, adds no multiple of the
 * step), an argument of a program ktc-split made (what all its calls pass
 * there), the tile id of a grid of one tile (0), and sums and constant
 * multiples of those (a position computed from a tile id and a block
 * size), `depth` ops deep; 1 when unknown. */
int64_t sched_value_gcd(const struct ir_module *m, ir_value v, int64_t *c, int depth);

/* Whether index value v times k, as a sum of terms (through addi and
 * constant muli, `depth` ops deep), has a term that is a known multiple of
 * a number that is not a multiple of `align` (a row index times a row of
 * 1000 f16, against 64-element words: misaligned for some rows, though
 * the sum's sched_value_gcd, 1, says nothing); its constant part is added
 * to *c. A term of unknown multiples (sched_value_gcd 1, times 1) counts
 * as aligned, as a base known only at launch does. */
bool sched_value_misaligned(const struct ir_module *m, ir_value v, int64_t k, int64_t align,
                            int64_t *c, int depth);

/* The values index value v takes lie in [*lo, *hi]: a constant, the
 * induction variable of an scf.for with constant bounds and step, the
 * tile id of a grid of one tile, an argument of a program ktc-split made
 * (the hull of what its calls pass there), and sums, differences,
 * minima, maxima and constant multiples of those, `depth` ops deep; false
 * when unknown. */
bool sched_value_range(const struct ir_module *m, ir_value v, int64_t *lo, int64_t *hi, int depth);
/* As sched_value_range on linear tile t of the grid (t < 0: on any tile):
 * the tile id is its coordinate there, and an scf.for's induction
 * variable also ranges from the least of its lower bound's values to
 * below the greatest of its upper bound's. */
bool sched_value_range_on_tile(const struct ir_module *m, ir_value v, int64_t t, int64_t *lo,
                               int64_t *hi, int depth);

/* The values index value v takes are at most *hi: sched_value_range's
 * upper end, or through arith.minsi (either side bounded), addi, subi
 * (of a ranged value; or min(p, q) - r where p - r or q - r is a
 * constant as linear forms: a block's end min(n, s + 64) less its start
 * s, at most 64) and signed divisions by a positive constant of such
 * values; false when unknown. */
bool sched_value_upper(const struct ir_module *m, ir_value v, int64_t *hi, int depth);
/* As sched_value_upper, and through remainders by a positive constant c
 * (signed or not: at most c - 1; a signed one's dividend's own bound when
 * less), for a count nothing else bounds (the binary digits of a row's
 * offset in its word, (r mod 64) / 32). */
bool sched_value_upper_rem(const struct ir_module *m, ir_value v, int64_t *hi, int depth);
/* Whether scf.for loop runs at most once, its bounds known at launch
 * only: a constant lower bound *lo and step *step > 0, an upper bound at
 * most a step above *lo (sched_value_upper: a row's masked block,
 * ceil((min(n, s + 64) - s) / 64); a remainder of n mod 2); *runs false
 * when it never runs. */
bool sched_for_at_most_once(const struct ir_module *m, ir_op loop, int64_t *lo, int64_t *step,
                            bool *runs);

/* The values affine expression e, over index values subs (its dims),
 * takes lie in [*lo, *hi]: interval arithmetic over sched_value_range's
 * ranges; false when a value's range is unknown or e is not a sum of
 * constant multiples. */
bool sched_aff_range(const struct ir_module *m, ir_aff e, const ir_value *subs, int64_t *lo,
                     int64_t *hi);
/* As sched_aff_range, dim k's range given by dim (false: unknown). */
bool sched_aff_range_with(const struct ir_module *m, ir_aff e,
                          bool (*dim)(void *ctx, uint32_t k, int64_t *lo, int64_t *hi),
                          void *ctx, int64_t *lo, int64_t *hi);

/* The bytes [*lo, *hi) that ktdp.construct_memory_view `view` spans when
 * its offset is an arith.constant and its sizes and strides are static
 * (offsets and strides in elements of its type); false otherwise. */
bool sched_view_bytes(const struct ir_module *m, ir_op view, int64_t *lo, int64_t *hi);

/* The module attribute listing the byte ranges [lo, hi) of the views at
 * constant addresses in the scratchpad (ct_local) that ktc-split found
 * before any was removed: ktc-allocate keeps buffers off them. */
#define SCHED_SCRATCH_RESERVED "ktc.scratch_reserved"

#endif

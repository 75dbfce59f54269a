/* zero_fill.h - ktc-split's zero fill of a row's lanes past a count, as
 * the passes after it recognize it: ktc-lower moves it to a load unit that
 * zero-pads (lower.h, "Zero-padded loads"), and ktc-nest's cost model
 * prices it so. */
#ifndef SCHED_ZERO_FILL_H
#define SCHED_ZERO_FILL_H

#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/ir.h"

/* The index k when generic g is `select(lane < sitofp(index_cast(k)), v,
 * 0)` of tensor v, of L elements along its last dim (1 x L): arith.cmpf olt
 * or ult of the lanes' index constant 0..L-1, the zeros a dense +0.0, the
 * maps identities, and k clamped into i32 by arith.minsi and arith.maxsi
 * with constants (so the cast changes nothing and lane < k is exact);
 * IR_NONE otherwise. *cmp (when not NULL) gets the float compared. */
ir_value sched_zero_fill(const struct ir_module *m, ir_op g, ir_value v, ir_value *cmp);

/* Whether the execution units of kind `kind` of device dev zero-pad
 * their loads (the zero_pad feature). */
bool sched_kind_zero_pads(const struct arch_device *dev, const char *kind);

/* Whether generic g is such a fill of a FIFO read whose far end is a unit
 * of device dev with the zero_pad feature: what ktc-lower takes out of the
 * compute stage (when, besides, its load's loops pair with the read's). */
bool sched_padded_fill(const struct ir_module *m, const struct arch_device *dev, ir_op g);

#endif

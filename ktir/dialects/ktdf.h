/* ktdf.h - what the ktdf dialect (ktir/dialects/ktdf.c) offers the passes
 * that build ScheduleIR: its two types. A token is `!ktdf.token` (an opaque
 * type with no body); a FIFO slot is an IR_TY_FIFO_SLOT type (ir.h) whose
 * attr0 -> attr1 are its endpoints and shape[0] x elem what it carries. */
#ifndef KTIR_DIALECTS_KTDF_H
#define KTIR_DIALECTS_KTDF_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/ir.h"

/* The !ktdf.token type, interned in m. */
ir_type ir_ktdf_token_type(struct ir_module *m);
bool ir_ktdf_is_token(const struct ir_module *m, ir_type t);

/* !ktdf.fifo.slot<src -> dst, N x elem>; the endpoints are attributes (unit
 * or memory names as strings, or memory spaces), n may be IR_DYN. */
ir_type ir_ktdf_slot_type(struct ir_module *m, ir_attr src, ir_attr dst, int64_t n, ir_type elem);

/* Whether op is a ktdf.data_transfer whose transfer_mode is mode ("splat",
 * "masked"). */
bool ir_ktdf_transfer_mode_is(const struct ir_module *m, ir_op op, const char *mode);

#endif

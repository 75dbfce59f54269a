/* agen.h - what the agen dialect (ktir/dialects/agen.c) offers the passes
 * that build and read DataflowIR. */
#ifndef KTIR_DIALECTS_AGEN_H
#define KTIR_DIALECTS_AGEN_H

#include <stdbool.h>

#include "ktir/ir.h"

/* Whether op, an agen.vector_load, has a zero_pad count: its last operand,
 * one past the view's indices. The load then reads only the set's first
 * count elements (clamped to [0, the set's size]) and zeroes the others. */
bool ir_agen_load_padded(const struct ir_module *m, ir_op op);

#endif

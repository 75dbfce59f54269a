/* runtime.h - the ktc runtime: the small host API that runs SpyreCode on a
 * (simulated) device. ktc-launch and the tests use it.
 *
 *   rt_device_new ─ rt_tensor_new / rt_tensor_write ─ rt_kernel_new (prepare:
 *   validate, load programs, bind units; once) ─ rt_launch (evaluate the
 *   symbols from the real addresses, shapes and scalar values, patch them
 *   in; per call) ─ rt_wait (run to completion) ─ rt_tensor_read ─ *_free
 *
 * A prepared kernel is reusable: each launch may pass different tensors.
 * Every object has a *_new / *_free pair; a device outlives its tensors and
 * kernels.
 */
#ifndef RUNTIME_RUNTIME_H
#define RUNTIME_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codegen/spyrecode.h"
#include "ktir/interp/interp.h"
#include "sim/sim.h"

struct rt_device;
struct rt_tensor;
struct rt_kernel;

/* Opens a simulated device from a description: text (MLIR, a
 * `ktdf_arch.device`, as SpyreCode carries it) when not NULL, else
 * name_or_path (an embedded device or a description file). NULL after
 * located errors. */
struct rt_device *rt_device_new(const char *name_or_path, const char *text, struct ir_diag *diag);
/* The device a binary was compiled for (its description text, else its
 * device name); override (not NULL) replaces it. */
struct rt_device *rt_device_for(const struct sc_binary *b, const char *override,
                                struct ir_diag *diag);
void rt_device_free(struct rt_device *dev);
const struct arch_device *rt_device_arch(const struct rt_device *dev);

/* A tensor of dtype and shape in device memory of kind space (NULL: the
 * memory KTIR's global space maps to), allocated first-fit, 256-byte
 * aligned, zero-filled. NULL with the reason in err when it does not fit. */
struct rt_tensor *rt_tensor_new(struct rt_device *dev, const char *space, enum interp_dtype dtype,
                                uint32_t rank, const int64_t *shape, char *err, size_t errlen);
/* A tensor at byte address addr of the memory of kind space (NULL: KTIR's
 * global space) in core (-1: the device-level one), zero-filled: a
 * kernel's hard-coded region (a corpus golden's "fixed" entries). NULL with
 * the reason in err when any of it is outside the memory or taken. */
struct rt_tensor *rt_tensor_at(struct rt_device *dev, const char *space, int32_t core,
                               uint64_t addr, enum interp_dtype dtype, uint32_t rank,
                               const int64_t *shape, char *err, size_t errlen);
/* Returns the tensor's memory to the allocator. */
void rt_tensor_free(struct rt_tensor *t);
/* Names the tensor in the errors of a launch whose stores reach past it
 * (sim_mem_guard: a DMA row written to device memory must lie inside one
 * tensor). */
void rt_tensor_name(struct rt_tensor *t, const char *name);
uint64_t rt_tensor_addr(const struct rt_tensor *t);
size_t rt_tensor_bytes(const struct rt_tensor *t);
/* Host <-> device copies of the whole tensor (rt_tensor_bytes bytes). */
void rt_tensor_write(struct rt_tensor *t, const void *host);
void rt_tensor_read(const struct rt_tensor *t, void *host);
/* The same with interp arrays (dtype and element count must match; read
 * fills a with the tensor's dtype, shape and a malloc'd copy). */
bool rt_tensor_write_array(struct rt_tensor *t, const struct interp_array *a, char *err,
                           size_t errlen);
void rt_tensor_read_array(const struct rt_tensor *t, struct interp_array *a);

/* Prepares binary b (which must outlive the kernel) on dev: the plan's
 * preparation steps. NULL after located errors. */
struct rt_kernel *rt_kernel_new(struct rt_device *dev, const struct sc_binary *b,
                                struct ir_diag *diag);
void rt_kernel_free(struct rt_kernel *k);

/* One argument of a launch: a tensor for tensor arguments, a value for
 * scalars. */
struct rt_arg {
    struct rt_tensor *tensor;
    int64_t value;
};

/* The plan's execution steps up to the start: checks args against the
 * binary's arguments (count, dtype, shape), evaluates every symbol and
 * patches it into the programs. False with the reason in err. */
bool rt_launch(struct rt_kernel *k, const struct rt_arg *args, uint32_t nargs, char *err,
               size_t errlen);
/* Starts the launched kernel's units and waits for them: fills report
 * (sim_report_free it). Returns its status. */
enum sim_status rt_wait(struct rt_kernel *k, const struct sim_options *o,
                        struct sim_report *report);

#endif

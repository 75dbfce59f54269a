/* pass.h - the whole of a pass binary (ktc-split, ktc-path-expand,
 * ktc-nest, ktc-allocate, ktc-lower) after its own flags: read the input
 * stage, load the device the module carries, run the pass, write the
 * output stage. */
#ifndef KTC_TOOLS_PASS_H
#define KTC_TOOLS_PASS_H

#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"
#include "tools/cli.h"

/* A pass over m for device dev with the binary's options arg: true when it
 * succeeded, false after reporting located errors to diag. */
typedef bool pass_fn(struct ir_module *m, const struct arch_device *dev, const void *arg,
                     struct ir_diag *diag);

/* Reads c->input, which must be an IR file of one of the stages `from`
 * (NULL-terminated), runs pass on it with its device and writes the module
 * as stage `to`. Returns the binary's exit code (cli.h). */
int pass_main(const struct cli *c, const char *const *from, const char *to, pass_fn *pass,
              const void *arg);

#endif

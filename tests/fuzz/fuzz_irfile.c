/* fuzz_irfile.c - libFuzzer target for IR files below their checksum
 * (tools/fuzz.sh builds and runs it; not a Bazel test): the input is taken
 * as a payload, wrapped in a valid container (so the CRC, which rejects any
 * random change, does not hide the decoder) and read back as the tools read
 * (tools/stage.c: read, then verify). The reader must either reject it
 * with a reason or return a module; one that verifies prints. Any crash,
 * leak or sanitizer report is a finding. Seeds: payloads of real modules
 * (tools/fuzz.sh extracts them). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/irfile.h"
#include "ktir/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *file = NULL;
    size_t n = 0;
    char err[256];
    if (ir_file_wrap(data, size, "ktir", "fuzz", &file, &n, err, sizeof err) != 0)
        return 0;
    struct ir_module *m = NULL;
    err[0] = 0;
    if (ir_file_read_mem(file, n, NULL, &m, NULL, 0, err, sizeof err) == 0) {
        struct ir_diag d;
        ir_diag_init(&d, NULL);
        if (ir_verify_module(m, &d)) {
            char *text = NULL;
            size_t len = 0;
            ir_print_module(m, 0, &text, &len);
            ir_print_module(m, IR_PRINT_GENERIC, &text, &len);
            free(text);
        }
        ir_diag_free(&d);
        ir_module_free(m);
    } else if (!err[0]) {
        fprintf(stderr, "rejected without a reason\n");
        abort();
    }
    free(file);
    return 0;
}

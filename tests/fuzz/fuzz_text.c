/* fuzz_text.c - libFuzzer target for the MLIR text side (tools/fuzz.sh
 * builds and runs it; not a Bazel test): any input either fails to parse
 * with at least one error, or parses; a module that verifies prints in
 * custom and generic form, each of which parses and verifies again and
 * prints the same text (the round-trip the conformance tests check on real
 * files). Any crash, leak, sanitizer report or abort is a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/asm.h"
#include "ktir/diag.h"
#include "ktir/ir.h"
#include "ktir/verify.h"

/* Parses text and verifies it; NULL when either reports an error. */
static struct ir_module *load(const char *text, size_t n, unsigned *nerrors)
{
    struct ir_diag d;
    ir_diag_init(&d, NULL);
    struct ir_module *m = ir_parse("fuzz.mlir", text, n, 0, n, &d);
    if (m && !ir_verify_module(m, &d)) {
        ir_module_free(m);
        m = NULL;
    }
    *nerrors = d.nerrors;
    ir_diag_free(&d);
    return m;
}

/* Prints m in form flags, reparses it and checks the reprint is equal. */
static void round_trip(const struct ir_module *m, unsigned flags)
{
    char *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    ir_print_module(m, flags, &a, &na);
    unsigned nerr;
    struct ir_module *m2 = load(a, na, &nerr);
    if (!m2) {
        fprintf(stderr, "printed %s form does not parse back (%u errors):\n%.*s\n",
                flags & IR_PRINT_GENERIC ? "generic" : "custom", nerr, (int)na, a);
        abort();
    }
    ir_print_module(m2, flags, &b, &nb);
    if (na != nb || memcmp(a, b, na) != 0) {
        fprintf(stderr, "print(parse(print(m))) != print(m):\n%.*s\n----\n%.*s\n", (int)na, a,
                (int)nb, b);
        abort();
    }
    ir_module_free(m2);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so that a read past the end is a sanitizer report. */
    char *text = malloc(size ? size : 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    unsigned nerr;
    struct ir_module *m = load(text, size, &nerr);
    if (m) {
        round_trip(m, 0);
        round_trip(m, IR_PRINT_GENERIC);
        ir_module_free(m);
    }
    free(text);
    return 0;
}

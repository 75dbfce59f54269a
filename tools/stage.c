/* stage.c - stage input and output for the ktc binaries (see stage.h). */
#include "tools/stage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktir/asm.h"
#include "ktir/irfile.h"
#include "ktir/verify.h"

int stage_read(const struct cli *c, const char *expect, struct ir_diag *diag,
               struct stage_input *in)
{
    size_t len;
    struct ir_module **m = &in->m;
    char *stage = in->stage;
    size_t stage_len = sizeof in->stage;
    in->m = NULL;
    in->bytes = NULL; /* stage_input_free is safe whatever happens below */
    in->nbytes = 0;
    int rc = cli_map(c, c->input, &in->bytes, &len);
    in->nbytes = len;
    const char *source = in->bytes;
    if (rc)
        return rc;
    const char *name = cli_input_name(c);
    char err[256];
    if (len >= 5 && memcmp(source, "KTCIR", 5) == 0) {
        rc = ir_file_read_mem(source, len, expect, m, stage, stage_len, err, sizeof err);
        if (rc) {
            fprintf(stderr, "%s: error: %s: %s\n", c->tool, name, err);
            return rc;
        }
        if (!(*m)->top) { /* a stage's module always has one; the verifier starts there */
            fprintf(stderr, "%s: error: %s: malformed IR file: no top op\n", c->tool, name);
            ir_module_free(*m);
            *m = NULL;
            return CLI_BAD_INPUT;
        }
    } else if (!expect || strcmp(expect, "ktir") == 0) {
        ir_diag_add_source(diag, name, source, len);
        *m = ir_parse(name, source, len, 0, len, diag);
        if (!*m)
            return CLI_BAD_INPUT;
        snprintf(stage, stage_len, "ktir");
    } else {
        fprintf(stderr, "%s: error: %s: not a ktc IR file (expected a '%s' file)\n", c->tool,
                name, expect);
        return CLI_BAD_INPUT;
    }
    if (!ir_verify_module(*m, diag)) {
        ir_module_free(*m);
        *m = NULL;
        return CLI_BAD_INPUT;
    }
    return 0;
}

void stage_input_free(struct stage_input *in)
{
    ir_module_free(in->m);
    cli_unmap(in->bytes, in->nbytes);
    in->m = NULL;
    in->bytes = NULL;
}

void stage_append(char **out, size_t *len, const char *s)
{
    size_t n = strlen(s);
    char *b = realloc(*out, *len + n + 1);
    if (!b)
        abort();
    memcpy(b + *len, s, n + 1);
    *out = b;
    *len += n;
}

int stage_emit(const struct cli *c, struct ir_module *m, const char *stage, char **out,
               size_t *len)
{
    struct ir_diag diag;
    ir_diag_init(&diag, stderr);
    bool ok = ir_verify_module(m, &diag);
    ir_diag_free(&diag);
    if (!ok) {
        fprintf(stderr, "%s: internal error: the '%s' module it produced does not verify\n",
                c->tool, stage);
        return CLI_BAD_INPUT;
    }
    return stage_write(c, m, stage, out, len);
}

int stage_write(const struct cli *c, const struct ir_module *m, const char *stage, char **out,
                size_t *len)
{
    if (c->emit_text) {
        ir_print_module(m, (c->generic ? IR_PRINT_GENERIC : 0u) | (c->locs ? IR_PRINT_LOCS : 0u),
                        out, len);
        return 0;
    }
    if ((!c->output || strcmp(c->output, "-") == 0) && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "%s: error: refusing to write a binary IR file to a terminal "
                        "(use -o FILE, a pipe, or --emit=text)\n", c->tool);
        return CLI_USAGE;
    }
    char tool[64], err[256];
    snprintf(tool, sizeof tool, "%s %s", c->tool, KTC_VERSION);
    unsigned char *bytes;
    size_t n;
    if (ir_file_write_mem(m, stage, tool, &bytes, &n, err, sizeof err)) {
        fprintf(stderr, "%s: error: %s\n", c->tool, err);
        return CLI_IO;
    }
    if (!*len) { /* the usual case: the file is the whole output, no copy */
        free(*out);
        *out = (char *)bytes;
        *len = n;
        return 0;
    }
    char *b = realloc(*out, *len + n);
    if (!b)
        abort();
    memcpy(b + *len, bytes, n);
    free(bytes);
    *out = b;
    *len += n;
    return 0;
}

static int put_text(void *ctx, const char *text, size_t n)
{
    return ir_out_write(ctx, text, n);
}

int stage_print(const struct cli *c, const struct ir_module *m)
{
    char err[256];
    struct ir_out o;
    unsigned flags = (c->generic ? IR_PRINT_GENERIC : 0u) | (c->locs ? IR_PRINT_LOCS : 0u);
    if (ir_out_open(&o, c->output, err, sizeof err) == 0) {
        ir_print_module_to(m, flags, put_text, &o);
        if (ir_out_close(&o, true, err, sizeof err) == 0)
            return 0;
    }
    fprintf(stderr, "%s: error: %s: %s\n", c->tool, c->output ? c->output : "<stdout>", err);
    return CLI_IO;
}

/* unwrap.c - writes the payload of each IR file named to OUTDIR/NAME.payload:
 * the seeds of fuzz_irfile (tools/fuzz.sh). Usage: unwrap OUTDIR FILE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktir/irfile.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: unwrap OUTDIR FILE...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        unsigned char *buf = NULL, *payload = NULL;
        size_t len = 0, n = 0;
        char err[256];
        if (ir_file_get_bytes(argv[i], &buf, &len, err, sizeof err) != 0 ||
            ir_file_unwrap(buf, len, NULL, &payload, &n, NULL, 0, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i], err);
            return 1;
        }
        const char *base = strrchr(argv[i], '/');
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.payload", argv[1], base ? base + 1 : argv[i]);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(payload, 1, n, f) != n || fclose(f) != 0) {
            fprintf(stderr, "%s: cannot write\n", path);
            return 1;
        }
        free(buf);
        free(payload);
    }
    return 0;
}

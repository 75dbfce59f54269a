/* irfile.h - IR files: how the ktc binaries hand a whole module (ktir/ir.h)
 * from one stage to the next, on disk or through a pipe.
 *
 * An IR file is a fixed 16-byte header followed by one protobuf message
 * (ktir.IrFile, ktir/ir.proto) whose `module` field is the serialized
 * ktir.Module, stored as is (compression = 1) or, from 16 MiB on,
 * zlib-deflated (compression = 0):
 *
 *    0        8        12       16
 *    +--------+--------+--------+--------------------------------------+
 *    | magic  | length | crc32  | IrFile (protobuf, `length` bytes)    |
 *    +--------+--------+--------+--------------------------------------+
 *    magic   4B 54 43 49 52 00 01 00   "KTCIR\0\1\0", never changes
 *    length  u32 little-endian: bytes after the header
 *    crc32   u32 little-endian: zlib crc32 of bytes [0,12) then [16,end),
 *            i.e. of every byte of the file except its own four
 *
 *    IrFile { schema_version = 1, stage = "sched.split", tool = "ktc-split 0.1",
 *             module_size = N, module = Module (N bytes), compression = 1 }
 *
 *    Module { strs, types, attrs, affs, maps, sets, values, ops, blocks,
 *             regions, top }   each table in id order, entry k = id k+1
 *
 * Writing keeps only the live part of a module: what its top op reaches
 * (regions, blocks, ops, operands, results, successors) and the strings,
 * types, attributes and affine tables those name, renumbered in id order;
 * ops that passes unlinked are left out. Reading gives back a module with
 * the ids the file names, so a module read from a file writes the same
 * bytes again. The reader trusts nothing: every id is
 * checked against its table, lists and nesting must be consistent and
 * acyclic, sizes are bounded by the input, so arbitrary bytes get a one-line
 * reason and exit code 1, never a crash, a hang or a leak.
 *
 * Error messages do not name the file; callers print "PATH: error: ERR".
 */
#ifndef KTIR_IRFILE_H
#define KTIR_IRFILE_H

#include <stdbool.h>
#include <stddef.h>

struct ir_module;

/* The schema version this build writes and the newest it reads. */
#define IR_FILE_SCHEMA_VERSION 1u

/* Serializes m as a complete IR file into a malloc'd *out of *len bytes;
 * stage (<= 64) and tool (<= 256) are printable ASCII, no spaces in stage.
 * Returns 0, or 3 when m is beyond the format's 1 GiB limit (reason in err).
 * Aborts if m is inconsistent: the reader would refuse it, a compiler bug. */
int ir_file_write_mem(const struct ir_module *m, const char *stage, const char *tool,
                      unsigned char **out, size_t *len, char *err, size_t errlen);

/* Writes m to path (NULL or "-" = stdout) through a temporary file in the
 * same directory renamed over path, so path is never left half-written (a
 * path that is not a regular file, e.g. /dev/null, is written in place).
 * Returns 0, or 3 on an I/O error with a one-line reason in err. */
int ir_file_write(const char *path, const struct ir_module *m, const char *stage, const char *tool,
                  char *err, size_t errlen);

/* Writes len bytes to path (NULL or "-" = stdout) the way ir_file_write
 * does: atomically through a temporary file. Every ktc output (IR files and
 * text alike) goes through here. Returns 0, or 3 with the reason in err. */
int ir_file_put_bytes(const char *path, const void *buf, size_t len, char *err, size_t errlen);

/* An output written in pieces, with ir_file_put_bytes's guarantees: to
 * stdout (path NULL or "-"), in place when path is not a regular file, else
 * to a temporary file beside path renamed over it by ir_out_close(o, true)
 * (removed by ir_out_close(o, false) or after a failed write). Open and
 * close return 0, or 3 with the reason in err; ir_out_write returns 0, or
 * 3 once a write failed (close then reports it). */
struct ir_out {
    int fd;
    char *tmp;
    const char *path;
    int err;
};
int ir_out_open(struct ir_out *o, const char *path, char *err, size_t errlen);
int ir_out_write(struct ir_out *o, const void *buf, size_t n);
int ir_out_close(struct ir_out *o, bool commit, char *err, size_t errlen);

/* Reads an IR file from len bytes at buf. expect_stage (NULL = any) is the
 * stage the caller accepts; the file's stage is copied to stage_out (may be
 * NULL). Returns 0 with a new module in *out, or 1 with the reason in err. */
int ir_file_read_mem(const void *buf, size_t len, const char *expect_stage, struct ir_module **out,
                     char *stage_out, size_t stage_len, char *err, size_t errlen);

/* ir_file_read_mem on the contents of path (NULL or "-" = stdin). Returns 0,
 * 1 for bad input, or 3 when the file cannot be opened or read. */
int ir_file_read(const char *path, const char *expect_stage, struct ir_module **out,
                 char *stage_out, size_t stage_len, char *err, size_t errlen);

/* The container alone, for files whose payload is not a module (SpyreCode,
 * codegen/spyrecode.h): wraps n bytes of payload (a serialized message) with
 * stage and tool, stored or deflated and checksummed exactly like a module. Returns 0,
 * or 3 when the payload is beyond the 1 GiB limit. */
int ir_file_wrap(const void *payload, size_t n, const char *stage, const char *tool,
                 unsigned char **out, size_t *len, char *err, size_t errlen);

/* Checks a container (magic, length, checksum, schema, stage as in
 * ir_file_read_mem) and inflates its payload into a malloc'd *payload of *n
 * bytes. Returns 0, or 1 with the reason in err. */
int ir_file_unwrap(const void *buf, size_t len, const char *expect_stage, unsigned char **payload,
                   size_t *n, char *stage_out, size_t stage_len, char *err, size_t errlen);

/* Reads all of path (NULL or "-" = stdin) into a malloc'd *buf. Returns 0,
 * 1 when longer than any IR file, or 3 on an I/O error. */
int ir_file_get_bytes(const char *path, unsigned char **buf, size_t *len, char *err,
                      size_t errlen);

#endif

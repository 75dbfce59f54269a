/* cli.h - what every ktc binary shares on its command line (DESIGN.md
 * "Conventions shared by every binary"): a positional input or `-` (stdin),
 * `-o FILE` (default stdout), `--emit=pb|text`, `--generic`, `--help`,
 * `--version`; exit 0 ok, 1 bad input, 2 usage, 3 I/O or system error.
 * A binary's main declares its own extra flags in a table and stays thin.
 */
#ifndef KTC_TOOLS_CLI_H
#define KTC_TOOLS_CLI_H

#include <stdbool.h>
#include <stddef.h>

#define KTC_VERSION "0.1.0"

enum { CLI_OK = 0, CLI_BAD_INPUT = 1, CLI_USAGE = 2, CLI_IO = 3 };

/* In a flag's help: goes on with a new line, aligned under the first. */
#define CLI_MORE "\n                     "

/* One tool-specific flag: `--name` (is_bool) or `--name=VALUE` / `--name VALUE`.
 * A repeatable flag sets values to room for max_values: cli_parse appends
 * every occurrence there (*nvalues of them) instead of setting *value;
 * named requires each to be NAME=... . A flag with count takes a positive
 * number instead. */
struct cli_flag {
    const char *name; /* without the dashes */
    const char *help;
    bool is_bool;
    bool *set;         /* for is_bool */
    const char **value; /* otherwise */
    const char **values;
    size_t max_values, *nvalues;
    bool named;
    unsigned long long *count;
    const char *arg; /* in --help after the name (" DIR", "=N"); NULL = "=VALUE" */
};

struct cli {
    const char *tool;    /* "ktc-parse" */
    const char *summary; /* one line: what the tool does */
    const char *input;   /* "-" when absent */
    const char *output;  /* NULL = stdout */
    bool emit_text;      /* --emit=text */
    bool generic;        /* --generic */
    bool locs;           /* --print-locs */
    const struct cli_flag *flags;
    size_t nflags;
    /* A tool taking words instead of one input (`ktc-arch route A B`) sets
     * words to room for max_words; cli_parse stores them there (nwords of
     * them) and leaves input "-". usage_args shows them in --help. */
    const char **words;
    size_t max_words, nwords;
    const char *usage_args;
    /* A tool writing no IR (ktc-interp) sets no_emit: it takes no --emit,
     * --generic or --print-locs, and -o only when output_help says what -o
     * writes (shown in --help instead of the default text). */
    bool no_emit;
    const char *output_help;
};

/* Parses argv into c. Returns -1 to go on, or an exit code after printing
 * help/version (0) or a usage error (2). */
int cli_parse(struct cli *c, int argc, char **argv);

/* Prints `tool: error: ` fmt (with arg for its %s) and the --help hint to
 * stderr; returns 2 (CLI_USAGE). For a main's own checks of its flags. */
int cli_usage_error(const struct cli *c, const char *fmt, const char *arg);

/* Reads the whole input ("-" = stdin) into a malloc'd NUL-terminated buffer.
 * Returns 0, or 3 after printing `tool: error: ...`. */
int cli_read(const struct cli *c, const char *path, char **buf, size_t *len);

/* cli_read for an input that is only read: a regular file is mapped (its
 * page-cache pages, not a copy in fresh memory, which costs a page fault and
 * a page clear per 4 KiB), still NUL-terminated; stdin, pipes, and files
 * whose size is a whole number of pages are read as by cli_read. Release
 * *buf with cli_unmap(*buf, *len), never free(). */
int cli_map(const struct cli *c, const char *path, char **buf, size_t *len);
void cli_unmap(char *buf, size_t len);

/* Writes buf to c->output atomically (temp file + rename; stdout in one go).
 * Returns 0, or 3 after printing the reason. */
int cli_write(const struct cli *c, const char *buf, size_t len);

/* The display name of the input: the path, or "<stdin>". */
const char *cli_input_name(const struct cli *c);

#endif

/* lexer.h - the MLIR tokenizer behind the parser (internal to ktir/). */
#ifndef KTIR_LEXER_H
#define KTIR_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#include "ktir/asm.h"

struct lexer {
    const char *buf;        /* whole file, for positions */
    const char *pos, *end;  /* what is left to read */
    const char *line_start; /* first char of the current line */
    uint32_t line;
};

/* Reads buf[begin, end); positions count from buf. */
void lex_init(struct lexer *lx, const char *buf, size_t begin, size_t end);
/* The next token into *t (IR_T_EOF at the end, IR_T_ERROR for a bad char). */
void lex_next(struct lexer *lx, struct ir_token *t);
/* Skips whitespace and comments. */
void lex_skip_space(struct lexer *lx);

#endif

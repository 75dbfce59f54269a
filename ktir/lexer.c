/* lexer.c - MLIR tokens for the parser (see asm.h for the token kinds).
 *
 * The lexer is pulled one token at a time; the parser may also reposition it
 * (dimension lists like `4x256xf16` and opaque dialect bodies are read at the
 * character level).
 */
#include "ktir/lexer.h"

#include <ctype.h>
#include <string.h>

void lex_init(struct lexer *lx, const char *buf, size_t begin, size_t end)
{
    lx->buf = buf;
    lx->pos = buf + begin;
    lx->end = buf + end;
    /* Line and column of `begin`, counted from the start of the buffer so a
     * chunk of a split file reports its real positions. */
    lx->line = 1;
    lx->line_start = buf;
    for (const char *p = buf; p < lx->pos; p++)
        if (*p == '\n') {
            lx->line++;
            lx->line_start = p + 1;
        }
}

/* Plain range checks: the <ctype.h> classifiers cost a call per character. */
static inline bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline bool is_id_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.';
}

static inline bool is_suffix_char(char c)
{
    return is_id_char(c) || c == '-';
}

void lex_skip_space(struct lexer *lx)
{
    while (lx->pos < lx->end) {
        char c = *lx->pos;
        if (c == '\n') {
            lx->line++;
            lx->pos++;
            lx->line_start = lx->pos;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->pos++;
        } else if (c == '/' && lx->pos + 1 < lx->end && lx->pos[1] == '/') {
            while (lx->pos < lx->end && *lx->pos != '\n')
                lx->pos++;
        } else {
            break;
        }
    }
}

static void make(struct lexer *lx, struct ir_token *t, enum ir_tok k, const char *start)
{
    t->kind = k;
    t->text = start;
    t->len = (uint32_t)(lx->pos - start);
}

/* A token of one character, or of two when `second` follows (`<=`, `->`). */
static void pair(struct lexer *lx, struct ir_token *t, const char *start, char second,
                 enum ir_tok two, enum ir_tok one)
{
    if (lx->pos < lx->end && *lx->pos == second) {
        lx->pos++;
        make(lx, t, two, start);
    } else {
        make(lx, t, one, start);
    }
}

void lex_next(struct lexer *lx, struct ir_token *t)
{
    lex_skip_space(lx);
    const char *s = lx->pos;
    t->line = lx->line;
    t->col = (uint32_t)(s - lx->line_start) + 1;
    if (s >= lx->end) {
        make(lx, t, IR_T_EOF, s);
        return;
    }
    char c = *s;
    const char *e = lx->end;
    lx->pos++;
    switch (c) {
    case '(': make(lx, t, IR_T_LPAREN, s); return;
    case ')': make(lx, t, IR_T_RPAREN, s); return;
    case '{': make(lx, t, IR_T_LBRACE, s); return;
    case '}': make(lx, t, IR_T_RBRACE, s); return;
    case '[': make(lx, t, IR_T_LSQUARE, s); return;
    case ']': make(lx, t, IR_T_RSQUARE, s); return;
    case ',': make(lx, t, IR_T_COMMA, s); return;
    case '?': make(lx, t, IR_T_QUESTION, s); return;
    case '+': make(lx, t, IR_T_PLUS, s); return;
    case '*': make(lx, t, IR_T_STAR, s); return;
    case '<': pair(lx, t, s, '=', IR_T_LE, IR_T_LESS); return;
    case '>': pair(lx, t, s, '=', IR_T_GE, IR_T_GREATER); return;
    case '=': pair(lx, t, s, '=', IR_T_EQEQ, IR_T_EQUAL); return;
    case ':': pair(lx, t, s, ':', IR_T_DCOLON, IR_T_COLON); return;
    case '-': pair(lx, t, s, '>', IR_T_ARROW, IR_T_MINUS); return;
    case '"':
        while (lx->pos < e && *lx->pos != '"' && *lx->pos != '\n') {
            if (*lx->pos == '\\' && lx->pos + 1 < e)
                lx->pos++;
            lx->pos++;
        }
        if (lx->pos >= e || *lx->pos != '"') {
            make(lx, t, IR_T_ERROR, s);
            return;
        }
        lx->pos++;
        make(lx, t, IR_T_STRING, s);
        return;
    case '%':
    case '^':
    case '#':
    case '!':
    case '@': {
        static const enum ir_tok kinds[] = {['%' - '!'] = IR_T_PERCENT, ['^' - '!'] = IR_T_CARET,
                                            ['#' - '!'] = IR_T_HASH, ['!' - '!'] = IR_T_BANG,
                                            ['@' - '!'] = IR_T_AT};
        if (c == '@' && lx->pos < e && *lx->pos == '"') {
            lx->pos++;
            while (lx->pos < e && *lx->pos != '"' && *lx->pos != '\n') {
                if (*lx->pos == '\\' && lx->pos + 1 < e)
                    lx->pos++;
                lx->pos++;
            }
            if (lx->pos >= e || *lx->pos != '"') {
                make(lx, t, IR_T_ERROR, s);
                return;
            }
            lx->pos++;
            make(lx, t, IR_T_AT, s);
            return;
        }
        const char *b = lx->pos;
        if (c == '%' || c == '^' || c == '#' || c == '!') {
            if (lx->pos < e && is_digit(*lx->pos)) {
                while (lx->pos < e && is_digit(*lx->pos))
                    lx->pos++;
            } else {
                while (lx->pos < e && is_suffix_char(*lx->pos))
                    lx->pos++;
            }
        } else {
            while (lx->pos < e && is_id_char(*lx->pos))
                lx->pos++;
        }
        if (lx->pos == b) {
            make(lx, t, IR_T_ERROR, s);
            return;
        }
        make(lx, t, kinds[c - '!'], s);
        return;
    }
    default:
        break;
    }
    if (is_digit(c)) {
        if (c == '0' && lx->pos < e && *lx->pos == 'x' && lx->pos + 1 < e &&
            isxdigit((unsigned char)lx->pos[1])) {
            lx->pos++;
            while (lx->pos < e && isxdigit((unsigned char)*lx->pos))
                lx->pos++;
            make(lx, t, IR_T_INT, s);
            return;
        }
        while (lx->pos < e && is_digit(*lx->pos))
            lx->pos++;
        enum ir_tok k = IR_T_INT;
        if (lx->pos < e && *lx->pos == '.') {
            k = IR_T_FLOAT;
            lx->pos++;
            while (lx->pos < e && is_digit(*lx->pos))
                lx->pos++;
            if (lx->pos < e && (*lx->pos == 'e' || *lx->pos == 'E')) {
                const char *q = lx->pos + 1;
                if (q < e && (*q == '+' || *q == '-'))
                    q++;
                if (q < e && is_digit(*q)) {
                    while (q < e && is_digit(*q))
                        q++;
                    lx->pos = q;
                }
            }
        }
        make(lx, t, k, s);
        return;
    }
    if (is_alpha(c) || c == '_') {
        while (lx->pos < e && is_id_char(*lx->pos))
            lx->pos++;
        make(lx, t, IR_T_BARE, s);
        return;
    }
    make(lx, t, IR_T_ERROR, s);
}

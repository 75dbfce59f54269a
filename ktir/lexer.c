/* lexer.c - MLIR tokens for the parser (see asm.h for the token kinds).
 *
 * The lexer is pulled one token at a time; the parser may also reposition it
 * (dimension lists like `4x256xf16` and opaque dialect bodies are read at the
 * character level).
 */
#include "ktir/lexer.h"

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

/* Character classes by table: one load per character instead of a chain
 * of range checks (the lexer sees every byte of the input). */
enum {
    C_DIGIT = 1,  /* 0-9 */
    C_ALPHA = 2,  /* a-z A-Z */
    C_ID = 4,     /* alpha, digit, _ $ . */
    C_SUFFIX = 8, /* id chars and - */
    C_SPACE = 16, /* ' ' \t \r \f \v (not \n: it counts lines) */
    C_XDIGIT = 32,
};

#define DIG C_DIGIT | C_ID | C_SUFFIX | C_XDIGIT
#define HEX C_ALPHA | C_ID | C_SUFFIX | C_XDIGIT
#define ALP C_ALPHA | C_ID | C_SUFFIX
static const unsigned char cls[256] = {
    ['\t'] = C_SPACE, ['\r'] = C_SPACE, ['\f'] = C_SPACE, ['\v'] = C_SPACE, [' '] = C_SPACE,
    ['0'] = DIG, ['1'] = DIG, ['2'] = DIG, ['3'] = DIG, ['4'] = DIG,
    ['5'] = DIG, ['6'] = DIG, ['7'] = DIG, ['8'] = DIG, ['9'] = DIG,
    ['a'] = HEX, ['b'] = HEX, ['c'] = HEX, ['d'] = HEX, ['e'] = HEX, ['f'] = HEX,
    ['A'] = HEX, ['B'] = HEX, ['C'] = HEX, ['D'] = HEX, ['E'] = HEX, ['F'] = HEX,
    ['g'] = ALP, ['h'] = ALP, ['i'] = ALP, ['j'] = ALP, ['k'] = ALP, ['l'] = ALP, ['m'] = ALP,
    ['n'] = ALP, ['o'] = ALP, ['p'] = ALP, ['q'] = ALP, ['r'] = ALP, ['s'] = ALP, ['t'] = ALP,
    ['u'] = ALP, ['v'] = ALP, ['w'] = ALP, ['x'] = ALP, ['y'] = ALP, ['z'] = ALP,
    ['G'] = ALP, ['H'] = ALP, ['I'] = ALP, ['J'] = ALP, ['K'] = ALP, ['L'] = ALP, ['M'] = ALP,
    ['N'] = ALP, ['O'] = ALP, ['P'] = ALP, ['Q'] = ALP, ['R'] = ALP, ['S'] = ALP, ['T'] = ALP,
    ['U'] = ALP, ['V'] = ALP, ['W'] = ALP, ['X'] = ALP, ['Y'] = ALP, ['Z'] = ALP,
    ['_'] = C_ID | C_SUFFIX, ['$'] = C_ID | C_SUFFIX, ['.'] = C_ID | C_SUFFIX,
    ['-'] = C_SUFFIX,
};
#undef DIG
#undef HEX
#undef ALP

static inline bool is_class(char c, unsigned k)
{
    return (cls[(unsigned char)c] & k) != 0;
}

static inline bool is_digit(char c) { return is_class(c, C_DIGIT); }

/* The end of a run of characters of class k from p (at most end). */
static inline const char *scan(const char *p, const char *end, unsigned k)
{
    while (p < end && (cls[(unsigned char)*p] & k))
        p++;
    return p;
}

void lex_skip_space(struct lexer *lx)
{
    const char *p = lx->pos, *e = lx->end;
    while (p < e) {
        char c = *p;
        if (is_class(c, C_SPACE)) {
            p++;
        } else if (c == '\n') {
            lx->line++;
            lx->line_start = ++p;
        } else if (c == '/' && p + 1 < e && p[1] == '/') {
            const char *nl = memchr(p, '\n', (size_t)(e - p));
            p = nl ? nl : e;
        } else {
            break;
        }
    }
    lx->pos = p;
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
        if (c != '@')
            lx->pos = scan(lx->pos, e,
                           lx->pos < e && is_digit(*lx->pos) ? C_DIGIT : C_SUFFIX);
        else
            lx->pos = scan(lx->pos, e, C_ID);
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
            is_class(lx->pos[1], C_XDIGIT)) {
            lx->pos = scan(lx->pos + 1, e, C_XDIGIT);
            make(lx, t, IR_T_INT, s);
            return;
        }
        lx->pos = scan(lx->pos, e, C_DIGIT);
        enum ir_tok k = IR_T_INT;
        if (lx->pos < e && *lx->pos == '.') {
            k = IR_T_FLOAT;
            lx->pos = scan(lx->pos + 1, e, C_DIGIT);
            if (lx->pos < e && (*lx->pos == 'e' || *lx->pos == 'E')) {
                const char *q = lx->pos + 1;
                if (q < e && (*q == '+' || *q == '-'))
                    q++;
                if (q < e && is_digit(*q))
                    lx->pos = scan(q, e, C_DIGIT);
            }
        }
        make(lx, t, k, s);
        return;
    }
    if (is_class(c, C_ALPHA) || c == '_') {
        lx->pos = scan(lx->pos, e, C_ID);
        make(lx, t, IR_T_BARE, s);
        return;
    }
    make(lx, t, IR_T_ERROR, s);
}

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
    /* Four characters a bound check (names are most of the text). */
    for (; end - p >= 4; p += 4) {
        if (!(cls[(unsigned char)p[0]] & k))
            return p;
        if (!(cls[(unsigned char)p[1]] & k))
            return p + 1;
        if (!(cls[(unsigned char)p[2]] & k))
            return p + 2;
        if (!(cls[(unsigned char)p[3]] & k))
            return p + 3;
    }
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

/* The end of a quoted string whose opening quote is at p[-1]: past the
 * closing quote and *ok set, or where the line or the input ended first. */
static const char *string_end(const char *p, const char *e, bool *ok)
{
    while (p < e && *p != '"' && *p != '\n') {
        if (*p == '\\' && p + 1 < e)
            p++;
        p++;
    }
    *ok = p < e && *p == '"';
    return *ok ? p + 1 : p;
}

/* One-character tokens, and the first of the two-character ones. */
static const unsigned char single[256] = {
    ['('] = IR_T_LPAREN, [')'] = IR_T_RPAREN, ['{'] = IR_T_LBRACE, ['}'] = IR_T_RBRACE,
    ['['] = IR_T_LSQUARE, [']'] = IR_T_RSQUARE, [','] = IR_T_COMMA, ['?'] = IR_T_QUESTION,
    ['+'] = IR_T_PLUS, ['*'] = IR_T_STAR, ['<'] = IR_T_LESS, ['>'] = IR_T_GREATER,
    ['='] = IR_T_EQUAL, [':'] = IR_T_COLON, ['-'] = IR_T_MINUS,
};

/* What a token's first character starts: lex_next's dispatch. */
enum { L_ERROR, L_PUNCT, L_TWO, L_STRING, L_AT, L_SIGIL, L_DIGIT, L_WORD };
#define D L_DIGIT
#define W L_WORD
static const unsigned char lead[256] = {
    ['('] = L_PUNCT, [')'] = L_PUNCT, ['{'] = L_PUNCT, ['}'] = L_PUNCT, ['['] = L_PUNCT,
    [']'] = L_PUNCT, [','] = L_PUNCT, ['?'] = L_PUNCT, ['+'] = L_PUNCT, ['*'] = L_PUNCT,
    ['<'] = L_TWO, ['>'] = L_TWO, ['='] = L_TWO, [':'] = L_TWO, ['-'] = L_TWO,
    ['"'] = L_STRING, ['@'] = L_AT,
    ['%'] = L_SIGIL, ['^'] = L_SIGIL, ['#'] = L_SIGIL, ['!'] = L_SIGIL,
    ['0'] = D, ['1'] = D, ['2'] = D, ['3'] = D, ['4'] = D, ['5'] = D, ['6'] = D, ['7'] = D,
    ['8'] = D, ['9'] = D, ['_'] = W,
    ['a'] = W, ['b'] = W, ['c'] = W, ['d'] = W, ['e'] = W, ['f'] = W, ['g'] = W, ['h'] = W,
    ['i'] = W, ['j'] = W, ['k'] = W, ['l'] = W, ['m'] = W, ['n'] = W, ['o'] = W, ['p'] = W,
    ['q'] = W, ['r'] = W, ['s'] = W, ['t'] = W, ['u'] = W, ['v'] = W, ['w'] = W, ['x'] = W,
    ['y'] = W, ['z'] = W,
    ['A'] = W, ['B'] = W, ['C'] = W, ['D'] = W, ['E'] = W, ['F'] = W, ['G'] = W, ['H'] = W,
    ['I'] = W, ['J'] = W, ['K'] = W, ['L'] = W, ['M'] = W, ['N'] = W, ['O'] = W, ['P'] = W,
    ['Q'] = W, ['R'] = W, ['S'] = W, ['T'] = W, ['U'] = W, ['V'] = W, ['W'] = W, ['X'] = W,
    ['Y'] = W, ['Z'] = W,
};
#undef D
#undef W

/* Works on local copies of the position (stores into *t could alias *lx
 * for the compiler) and writes the token once at the end. */
void lex_next(struct lexer *lx, struct ir_token *t)
{
    const char *s = lx->pos, *e = lx->end;
    while (s < e && is_class(*s, C_SPACE))
        s++;
    if (s < e && (*s == '\n' || *s == '/')) {
        lx->pos = s;
        lex_skip_space(lx);
        s = lx->pos;
    }
    t->line = lx->line;
    t->col = (uint32_t)(s - lx->line_start) + 1;
    t->text = s;
    enum ir_tok k = IR_T_ERROR;
    const char *p = s + 1;
    if (s >= e) {
        k = IR_T_EOF;
        p = s;
        goto done;
    }
    char c = *s;
    switch (lead[(unsigned char)c]) {
    case L_PUNCT:
        k = single[(unsigned char)c];
        goto done;
    case L_TWO: {
        /* <= >= == :: -> */
        static const char second[] = {['<' - ':'] = '=', ['>' - ':'] = '=', ['=' - ':'] = '=',
                                      [0] = ':'};
        char want = c == '-' ? '>' : second[c - ':'];
        if (p < e && *p == want) {
            p++;
            k = c == '<' ? IR_T_LE : c == '>' ? IR_T_GE : c == '=' ? IR_T_EQEQ
                : c == ':' ? IR_T_DCOLON : IR_T_ARROW;
        } else {
            k = single[(unsigned char)c];
        }
        goto done;
    }
    case L_STRING: {
        bool ok;
        p = string_end(p, e, &ok);
        k = ok ? IR_T_STRING : IR_T_ERROR;
        goto done;
    }
    case L_AT:
        if (p < e && *p == '"') {
            bool ok;
            p = string_end(p + 1, e, &ok);
            k = ok ? IR_T_AT : IR_T_ERROR;
            goto done;
        }
        p = scan(p, e, C_ID);
        k = p == s + 1 ? IR_T_ERROR : IR_T_AT;
        goto done;
    case L_SIGIL: {
        static const enum ir_tok kinds[] = {['%' - '!'] = IR_T_PERCENT, ['^' - '!'] = IR_T_CARET,
                                            ['#' - '!'] = IR_T_HASH, ['!' - '!'] = IR_T_BANG};
        p = scan(p, e, p < e && is_digit(*p) ? C_DIGIT : C_SUFFIX);
        k = p == s + 1 ? IR_T_ERROR : kinds[c - '!'];
        goto done;
    }
    case L_DIGIT:
        k = IR_T_INT;
        if (c == '0' && p + 1 < e && *p == 'x' && is_class(p[1], C_XDIGIT)) {
            p = scan(p + 1, e, C_XDIGIT);
            goto done;
        }
        p = scan(p, e, C_DIGIT);
        if (p < e && *p == '.') {
            k = IR_T_FLOAT;
            p = scan(p + 1, e, C_DIGIT);
            if (p < e && (*p == 'e' || *p == 'E')) {
                const char *q = p + 1;
                if (q < e && (*q == '+' || *q == '-'))
                    q++;
                if (q < e && is_digit(*q))
                    p = scan(q, e, C_DIGIT);
            }
        }
        goto done;
    case L_WORD:
        k = IR_T_BARE;
        p = scan(p, e, C_ID);
        goto done;
    default:
        break;
    }
done:
    t->kind = k;
    t->len = (uint32_t)(p - s);
    lx->pos = p;
}

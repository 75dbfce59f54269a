/* spyrecode_text.c - the text form of SpyreCode (codegen/README.md "Text
 * form"): an assembler with located errors and a disassembler whose output
 * assembles back to the same binary.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/spyrecode.h"
#include "ktir/numeric.h"

/* ---- lexer ---------------------------------------------------------------- */

enum tok { T_EOF, T_IDENT, T_INT, T_FLOAT, T_STR, T_RAW, T_PUNCT, T_ARROW, T_ERR };

struct lex {
    const char *file, *p, *end, *line_start;
    uint32_t line;
    /* the current token */
    enum tok t;
    const char *s;
    size_t n;
    uint32_t tline, tcol;
    int64_t i;
    double f;
    char *str; /* T_STR / T_RAW contents (malloc'd) */
};

struct asmb {
    struct lex lx;
    struct ir_diag *diag;
    struct sc_binary *b;
    uint32_t file;
    bool ok;
};

static void error(struct asmb *a, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void error(struct asmb *a, const char *fmt, ...)
{
    if (!a->ok)
        return; /* the first error only: later ones follow from it */
    va_list ap;
    va_start(ap, fmt);
    ir_diag_vreport(a->diag, IR_SEV_ERROR, a->lx.file, a->lx.tline, a->lx.tcol, fmt, ap);
    va_end(ap);
    a->ok = false;
}

static void skip_space(struct lex *l)
{
    while (l->p < l->end) {
        char c = *l->p;
        if (c == '\n') {
            l->line++;
            l->line_start = ++l->p;
        } else if (isspace((unsigned char)c)) {
            l->p++;
        } else if (c == '#' || (c == '/' && l->p + 1 < l->end && l->p[1] == '/')) {
            while (l->p < l->end && *l->p != '\n')
                l->p++;
        } else {
            break;
        }
    }
}

static void next(struct asmb *a)
{
    struct lex *l = &a->lx;
    free(l->str);
    l->str = NULL;
    skip_space(l);
    l->tline = l->line;
    l->tcol = (uint32_t)(l->p - l->line_start) + 1;
    l->s = l->p;
    if (l->p >= l->end) {
        l->t = T_EOF;
        l->n = 0;
        return;
    }
    char c = *l->p;
    if (isalpha((unsigned char)c) || c == '_') {
        while (l->p < l->end && (isalnum((unsigned char)*l->p) || *l->p == '_' || *l->p == '.'))
            l->p++;
        l->t = T_IDENT;
    } else if (isdigit((unsigned char)c) ||
               ((c == '-' || c == '+') && l->p + 1 < l->end &&
                (isdigit((unsigned char)l->p[1]) || l->p[1] == 'i' || l->p[1] == 'n'))) {
        /* strtoll/strtod read up to a NUL: they get a terminated copy of
         * what is left (the text is len bytes, not a C string). */
        char num[72], *e;
        size_t n = (size_t)(l->end - l->p) < sizeof num - 1 ? (size_t)(l->end - l->p)
                                                            : sizeof num - 1;
        memcpy(num, l->p, n);
        num[n] = 0;
        errno = 0;
        long long v = strtoll(num, &e, 0);
        const char *after = l->p + (e - num);
        bool more = after < l->end && (*after == '.' || isalpha((unsigned char)*after));
        bool is_int = errno == 0 && e > num && !more;
        if (is_int) {
            l->t = T_INT;
            l->i = v;
            l->f = (double)v;
        } else {
            l->f = strtod(num, &e);
            l->t = e > num && (size_t)(e - num) < sizeof num - 1 ? T_FLOAT : T_ERR;
            if (e == num)
                e++;
        }
        l->p += e - num;
    } else if (c == '"') {
        size_t cap = 16, n = 0;
        char *buf = malloc(cap);
        l->p++;
        while (l->p < l->end && *l->p != '"' && *l->p != '\n') {
            char ch = *l->p++;
            if (ch == '\\' && l->p < l->end) {
                ch = *l->p++;
                ch = ch == 'n' ? '\n' : ch == 't' ? '\t' : ch;
            }
            if (n + 2 > cap)
                buf = realloc(buf, cap *= 2);
            buf[n++] = ch;
        }
        buf[n] = 0;
        if (l->p < l->end && *l->p == '"') {
            l->p++;
            l->t = T_STR;
        } else {
            l->t = T_ERR;
        }
        l->str = buf;
    } else if (c == '<' && l->end - l->p >= 3 && memcmp(l->p, "<<<", 3) == 0) {
        /* a raw block: the lines after <<< up to a line that is >>> */
        const char *q = l->p + 3;
        while (q < l->end && *q != '\n')
            q++;
        const char *body = q < l->end ? q + 1 : q, *e = body;
        uint32_t lines = 1;
        while (e < l->end) {
            const char *ls = e;
            while (ls < l->end && (*ls == ' ' || *ls == '\t'))
                ls++;
            if (l->end - ls >= 3 && memcmp(ls, ">>>", 3) == 0)
                break;
            while (e < l->end && *e != '\n')
                e++;
            if (e < l->end)
                e++;
            lines++;
        }
        if (e >= l->end) {
            l->t = T_ERR;
            l->p = l->end;
            return;
        }
        size_t n = (size_t)(e - body);
        l->str = malloc(n + 1);
        memcpy(l->str, body, n);
        l->str[n] = 0;
        l->line += lines;
        while (*e != '>')
            e++;
        l->p = e + 3;
        l->line_start = e;
        l->t = T_RAW;
    } else if (c == '-' && l->p + 1 < l->end && l->p[1] == '>') {
        l->p += 2;
        l->t = T_ARROW;
    } else {
        l->p++;
        l->t = strchr("()[]{},:=+-*/%$?", c) ? T_PUNCT : T_ERR;
    }
    l->n = (size_t)(l->p - l->s);
}

static bool is_punct(struct asmb *a, char c)
{
    return a->lx.t == T_PUNCT && a->lx.s[0] == c;
}

static bool is_word(struct asmb *a, const char *w)
{
    return a->lx.t == T_IDENT && a->lx.n == strlen(w) && memcmp(a->lx.s, w, a->lx.n) == 0;
}

static bool accept(struct asmb *a, char c)
{
    if (!is_punct(a, c))
        return false;
    next(a);
    return true;
}

static void expect(struct asmb *a, char c)
{
    if (!accept(a, c))
        error(a, "expected '%c', got '%.*s'", c, (int)a->lx.n, a->lx.s);
}

static void expect_word(struct asmb *a, const char *w)
{
    if (is_word(a, w))
        next(a);
    else
        error(a, "expected '%s', got '%.*s'", w, (int)a->lx.n, a->lx.s);
}

/* The identifier at the cursor as a NUL-terminated copy in buf. */
static bool ident(struct asmb *a, char *buf, size_t len, const char *what)
{
    if (a->lx.t != T_IDENT || a->lx.n >= len) {
        error(a, "expected %s, got '%.*s'", what, (int)a->lx.n, a->lx.s);
        buf[0] = 0;
        return false;
    }
    memcpy(buf, a->lx.s, a->lx.n);
    buf[a->lx.n] = 0;
    next(a);
    return true;
}

static char *string(struct asmb *a, const char *what)
{
    if (a->lx.t != T_STR) {
        error(a, "expected %s (a string), got '%.*s'", what, (int)a->lx.n, a->lx.s);
        return NULL;
    }
    char *s = a->lx.str;
    a->lx.str = NULL;
    next(a);
    return s;
}

static int64_t integer(struct asmb *a, const char *what)
{
    if (a->lx.t != T_INT) {
        error(a, "expected %s (an integer), got '%.*s'", what, (int)a->lx.n, a->lx.s);
        return 0;
    }
    int64_t v = a->lx.i;
    next(a);
    return v;
}

/* ---- dtypes ---------------------------------------------------------------- */

static int float_kind(unsigned dt)
{
    switch (dt) {
    case INTERP_F16: return IR_F16;
    case INTERP_BF16: return IR_BF16;
    case INTERP_DF16: return IR_DF16;
    case INTERP_F32: return IR_F32;
    case INTERP_F64: return IR_F64;
    default: return -1;
    }
}

static bool dtype_word(const char *w, unsigned *dt)
{
    enum interp_dtype t;
    if (!interp_dtype_parse(w, &t))
        return false;
    *dt = t;
    return true;
}

/* ---- symbols ----------------------------------------------------------- */

struct sxbuf {
    struct sc_sx code[128];
    uint32_t n;
};

static void sx_push(struct asmb *a, struct sxbuf *x, uint8_t op, int64_t v)
{
    if (x->n == 128) {
        error(a, "symbol expression too long");
        return;
    }
    x->code[x->n++] = (struct sc_sx){op, v};
}

static void sx_expr(struct asmb *a, struct sxbuf *x);

static uint32_t arg_ref(struct asmb *a)
{
    char name[128];
    if (!ident(a, name, sizeof name, "an argument name"))
        return 0;
    uint32_t k = sc_find_arg(a->b, name);
    if (k == SC_NONE)
        error(a, "unknown argument '%s'", name);
    return k == SC_NONE ? 0 : k;
}

/* The symbol operations written as functions, min(a, b); the others are
 * infix. */
static const char *const sx_fn_names[SC_SX_LAST + 1] = {
    [SC_SX_MIN] = "min",   [SC_SX_MAX] = "max",   [SC_SX_TDIV] = "tdiv", [SC_SX_TREM] = "trem",
    [SC_SX_UDIV] = "udiv", [SC_SX_UREM] = "urem", [SC_SX_UMIN] = "umin", [SC_SX_UMAX] = "umax",
};

/* The binary operation the word at hand names as a function (min(a, b),
 * udiv(a, b), ...), or SC_SX_CONST. */
static uint8_t sx_fn(struct asmb *a)
{
    for (uint8_t op = SC_SX_ADD; op <= SC_SX_LAST; op++)
        if (sx_fn_names[op] && is_word(a, sx_fn_names[op]))
            return op;
    return SC_SX_CONST;
}

static void sx_factor(struct asmb *a, struct sxbuf *x)
{
    if (a->lx.t == T_INT) {
        sx_push(a, x, SC_SX_CONST, integer(a, "a number"));
    } else if (accept(a, '(')) {
        sx_expr(a, x);
        expect(a, ')');
    } else if (accept(a, '-')) {
        sx_push(a, x, SC_SX_CONST, 0);
        sx_factor(a, x);
        sx_push(a, x, SC_SX_SUB, 0);
    } else if (is_punct(a, '$')) {
        uint32_t line = a->lx.tline, col = a->lx.tcol;
        next(a);
        char name[128];
        ident(a, name, sizeof name, "a symbol name");
        uint32_t s = sc_find_sym(a->b, name);
        if (s == SC_NONE) {
            a->lx.tline = line;
            a->lx.tcol = col;
            error(a, "unknown symbol '$%s' (symbols are defined before use)", name);
        }
        sx_push(a, x, SC_SX_SYM, s == SC_NONE ? 0 : s);
    } else if (is_word(a, "addr") || is_word(a, "dim")) {
        bool dim = is_word(a, "dim");
        next(a);
        expect(a, '(');
        uint32_t k = arg_ref(a);
        int64_t d = 0;
        if (dim) {
            expect(a, ',');
            d = integer(a, "a dimension");
            if (d < 0 || d >= INTERP_MAX_RANK)
                error(a, "dimension %lld out of range", (long long)d);
        }
        expect(a, ')');
        sx_push(a, x, dim ? SC_SX_DIM : SC_SX_ADDR, dim ? ((int64_t)k << 8 | d) : k);
    } else if (sx_fn(a) != SC_SX_CONST) {
        uint8_t op = sx_fn(a);
        next(a);
        expect(a, '(');
        sx_expr(a, x);
        expect(a, ',');
        sx_expr(a, x);
        expect(a, ')');
        sx_push(a, x, op, 0);
    } else if (a->lx.t == T_IDENT) {
        sx_push(a, x, SC_SX_VALUE, arg_ref(a));
    } else {
        error(a, "expected a symbol expression, got '%.*s'", (int)a->lx.n, a->lx.s);
    }
}

static void sx_term(struct asmb *a, struct sxbuf *x)
{
    sx_factor(a, x);
    while (a->ok && (is_punct(a, '*') || is_punct(a, '/') || is_punct(a, '%'))) {
        uint8_t op = is_punct(a, '*') ? SC_SX_MUL : is_punct(a, '/') ? SC_SX_DIV : SC_SX_MOD;
        next(a);
        sx_factor(a, x);
        sx_push(a, x, op, 0);
    }
}

static void sx_expr(struct asmb *a, struct sxbuf *x)
{
    sx_term(a, x);
    while (a->ok && (is_punct(a, '+') || is_punct(a, '-') || a->lx.t == T_INT)) {
        /* "a -3": the lexer read "-3" as a number */
        if (a->lx.t == T_INT) {
            if (a->lx.s[0] != '-' && a->lx.s[0] != '+')
                break;
            sx_term(a, x);
            sx_push(a, x, SC_SX_ADD, 0);
            continue;
        }
        uint8_t op = is_punct(a, '+') ? SC_SX_ADD : SC_SX_SUB;
        next(a);
        sx_term(a, x);
        sx_push(a, x, op, 0);
    }
}

/* ---- instructions ---------------------------------------------------------- */

static bool reg_word(const char *w, char kind, uint8_t *r)
{
    if (w[0] != kind || !isdigit((unsigned char)w[1]))
        return false;
    char *e;
    long v = strtol(w + 1, &e, 10);
    if (*e || v > 255)
        return false;
    *r = (uint8_t)v;
    return true;
}

static uint8_t reg(struct asmb *a, char kind)
{
    char w[32];
    uint8_t r = 0;
    if (a->lx.t != T_IDENT || a->lx.n >= sizeof w) {
        error(a, "expected a register %c<N>, got '%.*s'", kind, (int)a->lx.n, a->lx.s);
        return 0;
    }
    memcpy(w, a->lx.s, a->lx.n);
    w[a->lx.n] = 0;
    if (!reg_word(w, kind, &r))
        error(a, "expected a register %c<N>, got '%s'", kind, w);
    next(a);
    return r;
}

static struct sc_opnd scalar(struct asmb *a)
{
    struct sc_opnd o = {SC_IMM, 0};
    if (a->lx.t == T_INT) {
        o.v = integer(a, "a number");
    } else if (is_punct(a, '$')) {
        uint32_t line = a->lx.tline, col = a->lx.tcol;
        next(a);
        char name[128];
        ident(a, name, sizeof name, "a symbol name");
        uint32_t s = sc_find_sym(a->b, name);
        if (s == SC_NONE) {
            a->lx.tline = line;
            a->lx.tcol = col;
            error(a, "unknown symbol '$%s'", name);
        }
        o.kind = SC_SYM;
        o.v = s == SC_NONE ? 0 : s;
    } else {
        o.kind = SC_REG;
        o.v = reg(a, 'r');
    }
    return o;
}

static uint16_t port(struct asmb *a, const struct sc_program *p)
{
    char name[128];
    if (!ident(a, name, sizeof name, "a port name"))
        return 0;
    uint32_t k = sc_find_port(p, name);
    if (k == SC_NONE)
        error(a, "program '%s' has no port '%s'", p->name, name);
    return k == SC_NONE ? 0 : (uint16_t)k;
}

/* port[base + r * stride ...]: each term a number, a $symbol, a register,
 * or register * (number | $symbol); one base at most. */
static void address(struct asmb *a, const struct sc_program *p, struct sc_addr *ad)
{
    ad->port = port(a, p);
    expect(a, '[');
    bool has_base = false, neg = false;
    for (;;) {
        if (a->lx.t == T_IDENT && a->lx.s[0] == 'r') {
            uint8_t r = reg(a, 'r');
            if (accept(a, '*')) {
                if (ad->nterms == SC_MAX_TERMS) {
                    error(a, "more than %d register terms in an address", SC_MAX_TERMS);
                    return;
                }
                struct sc_opnd s = scalar(a);
                if (s.kind == SC_REG)
                    error(a, "a stride is a number or a symbol");
                if (neg && s.kind == SC_IMM)
                    s.v = -s.v;
                else if (neg)
                    error(a, "a symbolic stride cannot be negated");
                ad->reg[ad->nterms] = r;
                ad->stride[ad->nterms++] = s;
            } else if (!has_base && !neg) {
                ad->base = (struct sc_opnd){SC_REG, r};
                has_base = true;
            } else if (ad->nterms < SC_MAX_TERMS) {
                ad->reg[ad->nterms] = r;
                ad->stride[ad->nterms++] = (struct sc_opnd){SC_IMM, neg ? -1 : 1};
            } else {
                error(a, "too many terms in an address");
            }
        } else {
            if (has_base) {
                error(a, "an address has one base (a number, a register or a symbol)");
                return;
            }
            ad->base = scalar(a);
            if (neg && ad->base.kind == SC_IMM)
                ad->base.v = -ad->base.v;
            else if (neg)
                error(a, "a symbolic base cannot be negated");
            has_base = true;
        }
        if (!a->ok)
            return;
        if (accept(a, ']'))
            return;
        if (a->lx.t == T_INT && a->lx.s[0] == '-' && !has_base) {
            neg = false; /* "r1 * 4 -8": the number carries its sign */
            continue;
        }
        if (accept(a, '+'))
            neg = false;
        else if (accept(a, '-'))
            neg = true;
        else if (!(a->lx.t == T_INT && a->lx.s[0] == '-')) {
            error(a, "expected '+', '-' or ']' in an address, got '%.*s'", (int)a->lx.n, a->lx.s);
            return;
        }
    }
}

/* [c0, c1, ...] into the pool: numbers of dtype dt (bit patterns for floats). */
static void list(struct asmb *a, struct sc_insn *in, bool lanes)
{
    int64_t vals[4096];
    uint32_t n = 0;
    expect(a, '[');
    int fk = lanes ? -1 : float_kind(in->dtype);
    while (a->ok && !is_punct(a, ']')) {
        if (n == 4096) {
            error(a, "more than 4096 constants in one list");
            return;
        }
        if (fk >= 0) {
            if (a->lx.t != T_INT && a->lx.t != T_FLOAT && !is_word(a, "inf") && !is_word(a, "nan")) {
                error(a, "expected a number, got '%.*s'", (int)a->lx.n, a->lx.s);
                return;
            }
            double v = a->lx.t == T_IDENT ? (is_word(a, "inf") ? INFINITY : NAN) : a->lx.f;
            vals[n++] = (int64_t)num_double_to_bits((unsigned)fk, v);
            next(a);
        } else {
            vals[n++] = integer(a, lanes ? "a lane" : "an integer");
        }
        if (!accept(a, ','))
            break;
    }
    expect(a, ']');
    if (!n)
        error(a, "an empty list");
    in->pool = sc_add_pool(a->b, vals, n);
    in->npool = n;
}

/* mnemonic[.fn][.dtype][.wait|.mask|.send] */
static bool mnemonic(struct asmb *a, struct sc_insn *in)
{
    char w[64];
    uint32_t line = a->lx.tline, col = a->lx.tcol;
    if (!ident(a, w, sizeof w, "an instruction"))
        return false;
    in->loc = (struct sc_loc){a->file, line, col};
    char *save, *part = strtok_r(w, ".", &save);
    int op = part ? sc_opcode_find(part) : -1;
    if (op < 0) {
        a->lx.tline = line;
        a->lx.tcol = col;
        error(a, "unknown instruction '%s'", part ? part : "");
        return false;
    }
    in->op = (uint8_t)op;
    in->dtype = INTERP_I64;
    bool has_dtype = false;
    while ((part = strtok_r(NULL, ".", &save))) {
        unsigned dt;
        int fn;
        if (dtype_word(part, &dt) && !has_dtype) {
            in->dtype = (uint8_t)dt;
            has_dtype = true;
        } else if (strcmp(part, "wait") == 0) {
            in->flags |= SC_F_WAIT;
        } else if (strcmp(part, "mask") == 0) {
            in->flags |= SC_F_MASK;
        } else if (strcmp(part, "send") == 0) {
            in->flags |= SC_F_SEND;
        } else if ((fn = sc_fn_find(part)) > 0 && !in->fn) {
            in->fn = (uint8_t)fn;
        } else {
            a->lx.tline = line;
            a->lx.tcol = col;
            error(a, "unknown suffix '.%s' of '%s'", part, sc_ops[op].name);
            return false;
        }
    }
    bool vec = sc_op_vector(op) || op == SC_LD;
    if (vec && !has_dtype) {
        a->lx.tline = line;
        a->lx.tcol = col;
        error(a, "'%s' needs an element type suffix (e.g. %s.f16)", sc_ops[op].name,
              sc_ops[op].name);
        return false;
    }
    return true;
}

/* Whether a scalar operand starts here (a number, $symbol or rN). */
static bool starts_scalar(struct asmb *a)
{
    uint8_t r;
    char w[32];
    if (a->lx.t == T_INT || is_punct(a, '$'))
        return true;
    if (a->lx.t != T_IDENT || a->lx.n >= sizeof w)
        return false;
    memcpy(w, a->lx.s, a->lx.n);
    w[a->lx.n] = 0;
    return reg_word(w, 'r', &r);
}

static void instruction(struct asmb *a, uint32_t pi)
{
    struct sc_insn in;
    memset(&in, 0, sizeof in);
    if (!mnemonic(a, &in))
        return;
    const struct sc_program *p = &a->b->progs[pi];
    if (in.op == SC_FOR) { /* for rN = lb to ub [step s] */
        in.reg[0] = reg(a, 'r');
        expect(a, '=');
        in.x[0] = scalar(a);
        expect_word(a, "to");
        in.x[1] = scalar(a);
        in.nx = 2;
        if (is_word(a, "step")) {
            next(a);
            in.x[in.nx++] = scalar(a);
        }
        sc_add_insn(a->b, pi, &in);
        return;
    }
    unsigned nr = 0, nm = 0;
    bool opt = false, first = true;
    if (in.flags & SC_F_SEND) { /* op.send port, vD, ... */
        in.port = port(a, p);
        expect(a, ',');
    }
    for (const char *s = sc_ops[in.op].sig; *s && a->ok; s++) {
        if (*s == '|') {
            opt = true;
            continue;
        }
        if (!first) {
            if (opt && !is_punct(a, ','))
                break;
            expect(a, ',');
        } else if (opt && !starts_scalar(a)) {
            break;
        }
        first = false;
        switch (*s) {
        case 'r': in.reg[nr++] = reg(a, 'r'); break;
        case 'v': in.reg[nr++] = reg(a, 'v'); break;
        case 'x': in.x[in.nx++] = scalar(a); break;
        case 'p': in.port = port(a, p); break;
        case 'm': address(a, p, &in.addr[nm++]); break;
        case 'l': list(a, &in, in.op == SC_VSHUF); break;
        }
    }
    if (a->ok)
        sc_add_insn(a->b, pi, &in);
}

static void program(struct asmb *a)
{
    char name[128];
    ident(a, name, sizeof name, "a program name");
    if (sc_find_program(a->b, name) != SC_NONE)
        error(a, "program '%s' defined twice", name);
    uint32_t pi = sc_add_program(a->b, name);
    static const char *const kinds[] = {"mem", "in", "out", "sigin", "sigout"};
    expect(a, '(');
    while (a->ok && !is_punct(a, ')')) {
        char pn[128], pk[32];
        ident(a, pn, sizeof pn, "a port name");
        if (sc_find_port(&a->b->progs[pi], pn) != SC_NONE)
            error(a, "port '%s' declared twice", pn);
        expect(a, ':');
        ident(a, pk, sizeof pk, "a port kind (mem, in, out, sigin, sigout)");
        unsigned k = 0;
        while (k < 5 && strcmp(kinds[k], pk) != 0)
            k++;
        if (k == 5)
            error(a, "unknown port kind '%s' (mem, in, out, sigin, sigout)", pk);
        sc_add_port(a->b, pi, pn, (enum sc_port_kind)k);
        if (!accept(a, ','))
            break;
    }
    expect(a, ')');
    expect(a, '{');
    while (a->ok && !is_punct(a, '}') && a->lx.t != T_EOF)
        instruction(a, pi);
    expect(a, '}');
}

static void unit(struct asmb *a)
{
    char *name = string(a, "a unit instance name");
    expect(a, ':');
    char *kind = string(a, "a unit kind");
    int32_t core = -1, corelet = -1;
    if (is_word(a, "core")) {
        next(a);
        core = (int32_t)integer(a, "a core");
    }
    if (is_word(a, "corelet")) {
        next(a);
        corelet = (int32_t)integer(a, "a corelet");
    }
    expect(a, '=');
    char pname[128];
    ident(a, pname, sizeof pname, "a program name");
    uint32_t pi = sc_find_program(a->b, pname);
    if (a->ok && pi == SC_NONE)
        error(a, "unknown program '%s'", pname);
    if (!a->ok || !name || !kind) {
        free(name);
        free(kind);
        return;
    }
    if (sc_find_unit(a->b, name) != SC_NONE)
        error(a, "unit '%s' programmed twice", name);
    uint32_t u = sc_add_unit(a->b, name, kind, core, corelet, pi);
    free(name);
    free(kind);
    const struct sc_program *p = &a->b->progs[pi];
    expect(a, '(');
    while (a->ok && !is_punct(a, ')')) {
        char pn[128];
        ident(a, pn, sizeof pn, "a port name");
        uint32_t k = sc_find_port(p, pn);
        if (k == SC_NONE) {
            error(a, "program '%s' has no port '%s'", p->name, pn);
            return;
        }
        expect(a, '=');
        if (a->lx.t == T_STR) {
            char *mem = string(a, "a memory");
            sc_bind(a->b, u, k, mem, SC_NONE);
            free(mem);
        } else {
            char cn[128];
            ident(a, cn, sizeof cn, "a channel name or a memory (a string)");
            uint32_t c = sc_find_chan(a->b, cn);
            if (c == SC_NONE)
                error(a, "unknown channel '%s'", cn);
            sc_bind(a->b, u, k, NULL, c);
        }
        if (!accept(a, ','))
            break;
    }
    expect(a, ')');
    if (accept(a, '{')) {
        while (a->ok && !is_punct(a, '}')) {
            uint8_t r = reg(a, 'r');
            expect(a, '=');
            struct sc_opnd v = scalar(a);
            if (v.kind == SC_REG)
                error(a, "a register starts as a number or a symbol");
            sc_add_init(a->b, u, r, v);
            if (!accept(a, ','))
                break;
        }
        expect(a, '}');
    }
}

static void arg(struct asmb *a)
{
    char name[128], w[32];
    ident(a, name, sizeof name, "an argument name");
    if (sc_find_arg(a->b, name) != SC_NONE)
        error(a, "argument '%s' declared twice", name);
    expect(a, ':');
    bool tensor = is_word(a, "tensor");
    if (!tensor && !is_word(a, "scalar")) {
        error(a, "expected 'tensor' or 'scalar'");
        return;
    }
    next(a);
    ident(a, w, sizeof w, "an element type");
    unsigned dt = 0;
    if (a->ok && !dtype_word(w, &dt))
        error(a, "unknown element type '%s'", w);
    int64_t shape[INTERP_MAX_RANK];
    uint32_t rank = 0;
    char *space = NULL;
    if (tensor) {
        expect(a, '[');
        while (a->ok && !is_punct(a, ']')) {
            if (rank == INTERP_MAX_RANK) {
                error(a, "more than %d dimensions", INTERP_MAX_RANK);
                break;
            }
            if (accept(a, '?'))
                shape[rank++] = -1;
            else
                shape[rank++] = integer(a, "an extent");
            if (!accept(a, ','))
                break;
        }
        expect(a, ']');
        expect_word(a, "in");
        space = string(a, "a memory kind");
    }
    if (a->ok)
        sc_add_arg(a->b, name, tensor ? SC_ARG_TENSOR : SC_ARG_SCALAR, (enum interp_dtype)dt,
                   rank, shape, space);
    free(space);
}

static void item(struct asmb *a)
{
    char w[32];
    if (!ident(a, w, sizeof w, "a declaration (kernel, arg, sym, channel, program, unit, ...)"))
        return;
    struct sc_binary *b = a->b;
    if (strcmp(w, "kernel") == 0) {
        free(b->kernel);
        b->kernel = string(a, "a kernel name");
    } else if (strcmp(w, "device") == 0) {
        free(b->device);
        b->device = string(a, "a device name");
    } else if (strcmp(w, "grid") == 0) {
        for (int k = 0; k < 3 && a->ok; k++) {
            if (k)
                expect(a, ',');
            b->grid[k] = integer(a, "a grid extent");
        }
    } else if (strcmp(w, "ktir") == 0 || strcmp(w, "device_text") == 0) {
        if (a->lx.t != T_RAW) {
            error(a, "expected a <<< ... >>> block");
            return;
        }
        char **dst = w[0] == 'k' ? &b->ktir : &b->device_text;
        free(*dst);
        *dst = a->lx.str;
        a->lx.str = NULL;
        next(a);
    } else if (strcmp(w, "arg") == 0) {
        arg(a);
    } else if (strcmp(w, "sym") == 0) {
        char name[128];
        ident(a, name, sizeof name, "a symbol name");
        if (sc_find_sym(b, name) != SC_NONE)
            error(a, "symbol '%s' defined twice", name);
        expect(a, '=');
        struct sxbuf x = {.n = 0};
        sx_expr(a, &x);
        if (a->ok)
            sc_add_sym(b, name, x.code, x.n);
    } else if (strcmp(w, "channel") == 0) {
        char name[128];
        ident(a, name, sizeof name, "a channel name");
        if (sc_find_chan(b, name) != SC_NONE)
            error(a, "channel '%s' defined twice", name);
        expect(a, ':');
        bool sig = is_word(a, "signal");
        if (!sig && !is_word(a, "fifo"))
            error(a, "expected 'fifo' or 'signal'");
        next(a);
        char *src = string(a, "the source unit");
        if (a->lx.t != T_ARROW)
            error(a, "expected '->'");
        next(a);
        char *dst = string(a, "the destination unit");
        int64_t credits = 0;
        if (sig && is_word(a, "credits")) {
            next(a);
            credits = integer(a, "the channel's credits");
            if (credits < 0 || credits > UINT32_MAX)
                error(a, "channel '%s': %lld credits", name, (long long)credits);
        }
        if (a->ok) {
            uint32_t c = sc_add_chan(b, name, sig ? SC_CHAN_SIGNAL : SC_CHAN_FIFO, src, dst);
            b->chans[c].credits = (uint32_t)credits;
        }
        free(src);
        free(dst);
    } else if (strcmp(w, "program") == 0) {
        program(a);
    } else if (strcmp(w, "unit") == 0) {
        unit(a);
    } else {
        a->lx.tcol -= (uint32_t)strlen(w);
        error(a, "unknown declaration '%s'", w);
    }
}

struct sc_binary *sc_parse(const char *file, const char *text, size_t len, struct ir_diag *diag)
{
    struct asmb a;
    memset(&a, 0, sizeof a);
    a.lx = (struct lex){.file = file, .p = text, .end = text + len, .line_start = text, .line = 1};
    a.diag = diag;
    a.b = sc_binary_new();
    a.file = sc_intern_file(a.b, file);
    a.ok = true;
    next(&a);
    if (!is_word(&a, "spyrecode")) {
        error(&a, "expected 'spyrecode %d' first", SC_VERSION);
    } else {
        next(&a);
        int64_t v = integer(&a, "a version");
        if (a.ok && v != SC_VERSION)
            error(&a, "SpyreCode text version %lld, this reads version %d", (long long)v,
                  SC_VERSION);
    }
    while (a.ok && a.lx.t != T_EOF) {
        if (a.lx.t == T_ERR) {
            error(&a, "unexpected '%.*s'", (int)(a.lx.n ? a.lx.n : 1), a.lx.s);
            break;
        }
        item(&a);
    }
    free(a.lx.str);
    if (a.ok && !sc_link(a.b, diag))
        a.ok = false;
    if (!a.ok) {
        sc_binary_free(a.b);
        return NULL;
    }
    return a.b;
}

/* ---- printer ----------------------------------------------------------- */

static void print_opnd(const struct sc_binary *b, const struct sc_opnd *o, FILE *out)
{
    if (o->kind == SC_IMM)
        fprintf(out, "%lld", (long long)o->v);
    else if (o->kind == SC_REG)
        fprintf(out, "r%lld", (long long)o->v);
    else
        fprintf(out, "$%s", b->syms[o->v].name);
}

static void print_addr(const struct sc_binary *b, const struct sc_program *p,
                       const struct sc_addr *ad, FILE *out)
{
    fprintf(out, "%s[", p->ports[ad->port].name);
    print_opnd(b, &ad->base, out);
    for (unsigned t = 0; t < ad->nterms; t++) {
        fprintf(out, " + r%u * ", ad->reg[t]);
        print_opnd(b, &ad->stride[t], out);
    }
    fputc(']', out);
}

/* The shortest decimal that reads back as the same bits of kind fk. */
static void print_float(unsigned fk, int64_t bits, FILE *out)
{
    double v = num_bits_to_double(fk, (uint64_t)bits);
    if (isnan(v) || isinf(v)) {
        fputs(isnan(v) ? "nan" : v > 0 ? "inf" : "-inf", out);
        return;
    }
    char buf[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if ((int64_t)num_double_to_bits(fk, strtod(buf, NULL)) == bits)
            break;
    }
    if (!strpbrk(buf, ".eni"))
        strcat(buf, ".0");
    fputs(buf, out);
}

static void print_sx(const struct sc_binary *b, const struct sc_sym *y, FILE *out)
{
    /* rebuild infix text from the postfix code with explicit parentheses */
    char *st[64];
    uint32_t sp = 0;
    static const char *const ops[] = {
        [SC_SX_ADD] = "+", [SC_SX_SUB] = "-", [SC_SX_MUL] = "*", [SC_SX_DIV] = "/",
        [SC_SX_MOD] = "%",
    };
    for (uint32_t k = 0; k < y->n && sp < 64; k++) {
        const struct sc_sx *x = &y->code[k];
        char buf[512];
        switch (x->op) {
        case SC_SX_CONST: snprintf(buf, sizeof buf, "%lld", (long long)x->v); break;
        case SC_SX_ADDR: snprintf(buf, sizeof buf, "addr(%s)", b->args[x->v].name); break;
        case SC_SX_VALUE: snprintf(buf, sizeof buf, "%s", b->args[x->v].name); break;
        case SC_SX_DIM:
            snprintf(buf, sizeof buf, "dim(%s, %d)", b->args[x->v >> 8].name, (int)(x->v & 0xff));
            break;
        case SC_SX_SYM: snprintf(buf, sizeof buf, "$%s", b->syms[x->v].name); break;
        default: {
            char *r = st[--sp], *l = st[--sp];
            if (sx_fn_names[x->op])
                snprintf(buf, sizeof buf, "%s(%s, %s)", sx_fn_names[x->op], l, r);
            else
                snprintf(buf, sizeof buf, "(%s %s %s)", l, ops[x->op], r);
            free(l);
            free(r);
        }
        }
        size_t n = strlen(buf) + 1;
        st[sp++] = memcpy(malloc(n), buf, n);
    }
    if (sp) {
        /* drop the outermost parentheses */
        char *s = st[0];
        size_t n = strlen(s);
        bool outer = s[0] == '(' && s[n - 1] == ')';
        int depth = 0;
        for (size_t i = 0; outer && i + 1 < n; i++) {
            depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
            if (depth == 0)
                outer = false;
        }
        fprintf(out, "%.*s", (int)(outer ? n - 2 : n), outer ? s + 1 : s);
    }
    for (uint32_t i = 0; i < sp; i++)
        free(st[i]);
}

static void print_string(const char *s, FILE *out)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if (*s == '\n')
            fputs("\\n", out);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static void print_raw(const char *what, const char *text, FILE *out)
{
    size_t n = strlen(text);
    fprintf(out, "%s <<<\n%s%s>>>\n", what, text, n && text[n - 1] != '\n' ? "\n" : "");
}

static void print_insn(const struct sc_binary *b, const struct sc_program *p,
                       const struct sc_insn *in, FILE *out, bool locs, int indent)
{
    fprintf(out, "%*s%s", indent, "", sc_ops[in->op].name);
    if (in->fn)
        fprintf(out, ".%s", sc_fns[in->fn].name);
    bool vec = sc_op_vector(in->op) || in->op == SC_LD;
    if (vec)
        fprintf(out, ".%s", interp_dtype_name((enum interp_dtype)in->dtype));
    if (in->flags & SC_F_WAIT)
        fputs(".wait", out);
    if (in->flags & SC_F_MASK)
        fputs(".mask", out);
    if (in->flags & SC_F_SEND)
        fprintf(out, ".send %s,", p->ports[in->port].name);
    if (in->op == SC_FOR) {
        fprintf(out, " r%u = ", in->reg[0]);
        print_opnd(b, &in->x[0], out);
        fputs(" to ", out);
        print_opnd(b, &in->x[1], out);
        if (in->nx == 3) {
            fputs(" step ", out);
            print_opnd(b, &in->x[2], out);
        }
    } else {
        unsigned nr = 0, nx = 0, nm = 0, k = 0;
        for (const char *s = sc_ops[in->op].sig; *s; s++) {
            if (*s == '|')
                continue;
            if (*s == 'x' && nx >= in->nx)
                break;
            fputs(k++ ? ", " : " ", out);
            switch (*s) {
            case 'r': fprintf(out, "r%u", in->reg[nr++]); break;
            case 'v': fprintf(out, "v%u", in->reg[nr++]); break;
            case 'x': print_opnd(b, &in->x[nx++], out); break;
            case 'p': fputs(p->ports[in->port].name, out); break;
            case 'm': print_addr(b, p, &in->addr[nm++], out); break;
            case 'l': {
                int fk = in->op == SC_VSHUF ? -1 : float_kind(in->dtype);
                fputc('[', out);
                for (uint32_t i = 0; i < in->npool; i++) {
                    if (i)
                        fputs(", ", out);
                    if (fk >= 0)
                        print_float((unsigned)fk, b->pool[in->pool + i], out);
                    else
                        fprintf(out, "%lld", (long long)b->pool[in->pool + i]);
                }
                fputc(']', out);
                break;
            }
            }
        }
    }
    if (locs && in->loc.file != SC_NONE && in->loc.file < b->nfiles)
        fprintf(out, "   // %s:%u:%u", b->files[in->loc.file], in->loc.line, in->loc.col);
    fputc('\n', out);
}

void sc_print(const struct sc_binary *b, FILE *out, bool locs)
{
    static const char *const kinds[] = {"mem", "in", "out", "sigin", "sigout"};
    fprintf(out, "spyrecode %d\n", SC_VERSION);
    if (b->kernel) {
        fputs("kernel ", out);
        print_string(b->kernel, out);
        fputc('\n', out);
    }
    if (b->device) {
        fputs("device ", out);
        print_string(b->device, out);
        fputc('\n', out);
    }
    fprintf(out, "grid %lld, %lld, %lld\n", (long long)b->grid[0], (long long)b->grid[1],
            (long long)b->grid[2]);
    for (uint32_t i = 0; i < b->nargs; i++) {
        const struct sc_arg *a = &b->args[i];
        fprintf(out, "arg %s : %s %s", a->name, a->kind == SC_ARG_TENSOR ? "tensor" : "scalar",
                interp_dtype_name((enum interp_dtype)a->dtype));
        if (a->kind == SC_ARG_TENSOR) {
            fputs(" [", out);
            for (uint32_t k = 0; k < a->rank; k++)
                a->shape[k] < 0 ? fprintf(out, "%s?", k ? ", " : "")
                                : fprintf(out, "%s%lld", k ? ", " : "", (long long)a->shape[k]);
            fputs("] in ", out);
            print_string(a->space, out);
        }
        fputc('\n', out);
    }
    for (uint32_t i = 0; i < b->nsyms; i++) {
        fprintf(out, "sym %s = ", b->syms[i].name);
        print_sx(b, &b->syms[i], out);
        fputc('\n', out);
    }
    for (uint32_t i = 0; i < b->nchans; i++) {
        const struct sc_chan *c = &b->chans[i];
        fprintf(out, "channel %s : %s ", c->name, c->kind == SC_CHAN_SIGNAL ? "signal" : "fifo");
        print_string(c->src, out);
        fputs(" -> ", out);
        print_string(c->dst, out);
        if (c->credits)
            fprintf(out, " credits %u", c->credits);
        fputc('\n', out);
    }
    for (uint32_t i = 0; i < b->nprogs; i++) {
        const struct sc_program *p = &b->progs[i];
        fprintf(out, "\nprogram %s (", p->name);
        for (uint32_t k = 0; k < p->nports; k++)
            fprintf(out, "%s%s : %s", k ? ", " : "", p->ports[k].name, kinds[p->ports[k].kind]);
        fputs(") {\n", out);
        int indent = 4;
        for (uint32_t k = 0; k < p->ninsns; k++) {
            const struct sc_insn *in = &p->insns[k];
            if (in->op == SC_END)
                indent -= 2;
            print_insn(b, p, in, out, locs, indent);
            if (in->op == SC_FOR)
                indent += 2;
        }
        fputs("}\n", out);
    }
    if (b->nunits)
        fputc('\n', out);
    for (uint32_t i = 0; i < b->nunits; i++) {
        const struct sc_unit *u = &b->units[i];
        const struct sc_program *p = &b->progs[u->program];
        fputs("unit ", out);
        print_string(u->name, out);
        fputs(" : ", out);
        print_string(u->kind, out);
        if (u->core >= 0)
            fprintf(out, " core %d", u->core);
        if (u->corelet >= 0)
            fprintf(out, " corelet %d", u->corelet);
        fprintf(out, " = %s(", p->name);
        for (uint32_t k = 0; k < u->nbind; k++) {
            fprintf(out, "%s%s = ", k ? ", " : "", p->ports[k].name);
            if (u->bind_mem[k])
                print_string(u->bind_mem[k], out);
            else
                fputs(b->chans[u->bind_ch[k]].name, out);
        }
        fputc(')', out);
        if (u->ninit) {
            fputs(" {", out);
            for (uint32_t k = 0; k < u->ninit; k++) {
                fprintf(out, "%sr%u = ", k ? ", " : "", u->init[k].reg);
                print_opnd(b, &u->init[k].val, out);
            }
            fputc('}', out);
        }
        fputc('\n', out);
    }
    if (b->device_text) {
        fputc('\n', out);
        print_raw("device_text", b->device_text, out);
    }
    if (b->ktir) {
        fputc('\n', out);
        print_raw("ktir", b->ktir, out);
    }
}

/* What Strut's native adapters (peers/kiwi-native, peers/gtk) share: a small JSON reader for one
 * request line, the constraint-text parser, the priority-to-weight mapping, a monotonic clock for
 * "solverSeconds", and the writers of one response line (docs/adapter-protocol.md).
 *
 * Header-only, valid C99 and C++17, no dependencies beyond libc (and libm), so a peer's adapter is
 * one translation unit built by its set-up script. Everything is `static`.
 *
 * The constraint grammar is the one of scripts/strut_adapter.py (docs/system-format.md):
 *   constraint := side ("==" | "<=" | ">=") side ["@" (number | name)]
 *   side       := term (("+" | "-") term)*      term := "-"* (number ["*" name] | name ["*" number])
 * parsed into  sum(coefficient_i * variable_i) + constant  RELATION  0.
 * Bad input never crashes: every reader returns 0 and fills a message the adapter answers with. */
#ifndef STRUT_PEER_H
#define STRUT_PEER_H

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

/* ---------------------------------------------------------------- JSON values */

enum sp_json_type { SP_NULL, SP_BOOL, SP_NUMBER, SP_STRING, SP_ARRAY, SP_OBJECT };

typedef struct sp_json {
    enum sp_json_type type;
    double number;              /* SP_NUMBER, SP_BOOL (0 or 1) */
    char *string;               /* SP_STRING */
    int count;                  /* SP_ARRAY, SP_OBJECT: members */
    char **keys;                /* SP_OBJECT: member names */
    struct sp_json *items;      /* SP_ARRAY, SP_OBJECT: member values */
} sp_json;

typedef struct { const char *p; const char *error; } sp_reader;

static void sp_json_free(sp_json *v) {
    int i;
    if (!v) return;
    free(v->string);
    for (i = 0; i < v->count; i++) {
        if (v->keys) free(v->keys[i]);
        sp_json_free(&v->items[i]);
    }
    free(v->keys);
    free(v->items);
    memset(v, 0, sizeof *v);
}

static void sp_skip(sp_reader *r) { while (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n') r->p++; }

static int sp_hex(const char *p, unsigned *out) {
    unsigned v = 0; int i;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

/* Reads a JSON string (the reader at its opening quote) into a new NUL-terminated UTF-8 buffer. */
static char *sp_read_string(sp_reader *r) {
    size_t cap = 16, n = 0;
    char *out = (char *)malloc(cap);
    r->p++;
    for (;;) {
        unsigned c = (unsigned char)*r->p;
        char bytes[4]; int k = 0, j;
        if (c == 0) { r->error = "unterminated string"; free(out); return NULL; }
        if (c == '"') { r->p++; break; }
        if (c < 0x20) { r->error = "control character in a string"; free(out); return NULL; }
        if (c == '\\') {
            char e = r->p[1];
            r->p += 2;
            switch (e) {
            case '"': bytes[k++] = '"'; break;
            case '\\': bytes[k++] = '\\'; break;
            case '/': bytes[k++] = '/'; break;
            case 'b': bytes[k++] = '\b'; break;
            case 'f': bytes[k++] = '\f'; break;
            case 'n': bytes[k++] = '\n'; break;
            case 'r': bytes[k++] = '\r'; break;
            case 't': bytes[k++] = '\t'; break;
            case 'u': {
                unsigned u;
                if (!sp_hex(r->p, &u)) { r->error = "bad \\u escape"; free(out); return NULL; }
                r->p += 4;
                if (u >= 0xD800 && u <= 0xDBFF && r->p[0] == '\\' && r->p[1] == 'u') {
                    unsigned lo;
                    if (sp_hex(r->p + 2, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                        r->p += 6;
                    }
                }
                if (u < 0x80) bytes[k++] = (char)u;
                else if (u < 0x800) { bytes[k++] = (char)(0xC0 | (u >> 6)); bytes[k++] = (char)(0x80 | (u & 0x3F)); }
                else if (u < 0x10000) { bytes[k++] = (char)(0xE0 | (u >> 12)); bytes[k++] = (char)(0x80 | ((u >> 6) & 0x3F)); bytes[k++] = (char)(0x80 | (u & 0x3F)); }
                else { bytes[k++] = (char)(0xF0 | (u >> 18)); bytes[k++] = (char)(0x80 | ((u >> 12) & 0x3F)); bytes[k++] = (char)(0x80 | ((u >> 6) & 0x3F)); bytes[k++] = (char)(0x80 | (u & 0x3F)); }
                break;
            }
            default: r->error = "bad escape in a string"; free(out); return NULL;
            }
        } else {
            bytes[k++] = (char)c;
            r->p++;
        }
        if (n + (size_t)k + 1 > cap) { cap = 2 * cap + (size_t)k; out = (char *)realloc(out, cap); }
        for (j = 0; j < k; j++) out[n++] = bytes[j];
    }
    out[n] = 0;
    return out;
}

static int sp_read_value(sp_reader *r, sp_json *v, int depth);

static int sp_read_members(sp_reader *r, sp_json *v, int object, int depth) {
    char close = object ? '}' : ']';
    int cap = 0;
    r->p++;
    sp_skip(r);
    if (*r->p == close) { r->p++; return 1; }
    for (;;) {
        if (v->count == cap) {
            cap = cap ? 2 * cap : 4;
            v->items = (sp_json *)realloc(v->items, (size_t)cap * sizeof(sp_json));
            if (object) v->keys = (char **)realloc(v->keys, (size_t)cap * sizeof(char *));
        }
        memset(&v->items[v->count], 0, sizeof(sp_json));
        if (object) {
            sp_skip(r);
            if (*r->p != '"') { r->error = "expected a member name"; return 0; }
            v->keys[v->count] = sp_read_string(r);
            if (!v->keys[v->count]) return 0;
            sp_skip(r);
            if (*r->p != ':') { v->count++; r->error = "expected ':'"; return 0; }
            r->p++;
        }
        v->count++;
        if (!sp_read_value(r, &v->items[v->count - 1], depth + 1)) return 0;
        sp_skip(r);
        if (*r->p == ',') { r->p++; continue; }
        if (*r->p == close) { r->p++; return 1; }
        r->error = object ? "expected ',' or '}'" : "expected ',' or ']'";
        return 0;
    }
}

static int sp_read_value(sp_reader *r, sp_json *v, int depth) {
    sp_skip(r);
    if (depth > 64) { r->error = "nested too deeply"; return 0; }
    switch (*r->p) {
    case '{': v->type = SP_OBJECT; return sp_read_members(r, v, 1, depth);
    case '[': v->type = SP_ARRAY; return sp_read_members(r, v, 0, depth);
    case '"': v->type = SP_STRING; v->string = sp_read_string(r); return v->string != NULL;
    case 't': if (!strncmp(r->p, "true", 4)) { v->type = SP_BOOL; v->number = 1; r->p += 4; return 1; } break;
    case 'f': if (!strncmp(r->p, "false", 5)) { v->type = SP_BOOL; v->number = 0; r->p += 5; return 1; } break;
    case 'n': if (!strncmp(r->p, "null", 4)) { v->type = SP_NULL; r->p += 4; return 1; } break;
    default:
        if (*r->p == '-' || isdigit((unsigned char)*r->p)) {
            char *end;
            v->type = SP_NUMBER;
            v->number = strtod(r->p, &end);
            if (end == r->p) break;
            r->p = end;
            return 1;
        }
    }
    r->error = "expected a JSON value";
    return 0;
}

/* Parses one line; 0 and *error on failure (the value is freed then). */
static int sp_json_parse(const char *text, sp_json *v, const char **error) {
    sp_reader r;
    r.p = text; r.error = NULL;
    memset(v, 0, sizeof *v);
    if (!sp_read_value(&r, v, 0)) { *error = r.error; sp_json_free(v); return 0; }
    sp_skip(&r);
    if (*r.p) { *error = "text after the JSON value"; sp_json_free(v); return 0; }
    return 1;
}

/* The member `key` of an object, or NULL. */
static const sp_json *sp_get(const sp_json *object, const char *key) {
    int i;
    if (object->type != SP_OBJECT) return NULL;
    for (i = 0; i < object->count; i++)
        if (!strcmp(object->keys[i], key)) return &object->items[i];
    return NULL;
}

/* ---------------------------------------------------------------- priorities */

/* A priority given as a number or a UIKit name; 0 when it is neither. */
static int sp_priority(const sp_json *v, double *out) {
    if (v && v->type == SP_NUMBER) { *out = v->number; return 1; }
    if (v && v->type == SP_STRING) {
        if (!strcmp(v->string, "required")) { *out = 1000; return 1; }
        if (!strcmp(v->string, "defaultHigh")) { *out = 750; return 1; }
        if (!strcmp(v->string, "defaultLow")) { *out = 250; return 1; }
        if (!strcmp(v->string, "fittingSizeLevel")) { *out = 50; return 1; }
    }
    return 0;
}

/* The weight of a non-required UIKit priority p: 10^(6p/1000), the weights of Strut's
 * cassowary-weighted strategy and of scripts/kiwi_adapter.py (1000 maps to 1e6). */
static double sp_weight(double priority) { return pow(10.0, 6.0 * priority / 1000.0); }

/* ---------------------------------------------------------------- constraint text */

enum sp_relation { SP_LE = -1, SP_EQ = 0, SP_GE = 1 };

typedef struct {
    int count;                  /* terms, in the order of the text (a name may repeat) */
    char **names;
    double *coefficients;
    double constant;            /* sum(coefficients * names) + constant RELATION 0 */
    enum sp_relation relation;
    double priority;            /* 1000 when no "@" */
} sp_constraint;

static void sp_constraint_free(sp_constraint *c) {
    int i;
    for (i = 0; i < c->count; i++) free(c->names[i]);
    free(c->names);
    free(c->coefficients);
    memset(c, 0, sizeof *c);
}

typedef struct { const char *p; const char *error; int cap; } sp_lexer;

static void sp_lex_skip(sp_lexer *l) { while (*l->p == ' ' || *l->p == '\t') l->p++; }

static int sp_is_name_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int sp_is_name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.'; }

static int sp_lex_number(sp_lexer *l, double *out) {
    const char *s = l->p;
    char *end;
    if (!(isdigit((unsigned char)*s) || (*s == '.' && isdigit((unsigned char)s[1])))) return 0;
    *out = strtod(s, &end);
    l->p = end;
    return 1;
}

static char *sp_lex_name(sp_lexer *l) {
    const char *s = l->p;
    size_t n;
    char *out;
    if (!sp_is_name_start(*s)) return NULL;
    while (sp_is_name_char(*l->p)) l->p++;
    n = (size_t)(l->p - s);
    out = (char *)malloc(n + 1);
    memcpy(out, s, n);
    out[n] = 0;
    return out;
}

static void sp_add_term(sp_constraint *c, sp_lexer *l, char *name, double coefficient) {
    if (c->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        c->names = (char **)realloc(c->names, (size_t)l->cap * sizeof(char *));
        c->coefficients = (double *)realloc(c->coefficients, (size_t)l->cap * sizeof(double));
    }
    c->names[c->count] = name;
    c->coefficients[c->count] = coefficient;
    c->count++;
}

/* side := term (("+" | "-") term)*, added into c times `sign`. */
static int sp_parse_side(sp_lexer *l, sp_constraint *c, double sign) {
    double term_sign = sign;
    for (;;) {
        double s = term_sign, k;
        char *name;
        sp_lex_skip(l);
        while (*l->p == '-') { s = -s; l->p++; sp_lex_skip(l); }
        if (sp_lex_number(l, &k)) {
            sp_lex_skip(l);
            if (*l->p == '*') {
                l->p++;
                sp_lex_skip(l);
                name = sp_lex_name(l);
                if (!name) { l->error = "expected a variable name after '*'"; return 0; }
                sp_add_term(c, l, name, s * k);
            } else {
                c->constant += s * k;
            }
        } else if ((name = sp_lex_name(l)) != NULL) {
            sp_lex_skip(l);
            if (*l->p == '*') {
                l->p++;
                sp_lex_skip(l);
                if (!sp_lex_number(l, &k)) { free(name); l->error = "expected a number after '*'"; return 0; }
                sp_add_term(c, l, name, s * k);
            } else {
                sp_add_term(c, l, name, s);
            }
        } else {
            l->error = *l->p ? "expected a number or a variable name" : "unexpected end of the constraint";
            return 0;
        }
        sp_lex_skip(l);
        if (*l->p == '+') { term_sign = sign; l->p++; }
        else if (*l->p == '-') { term_sign = -sign; l->p++; }
        else return 1;
    }
}

/* Parses `text`; 0 and *error (a sentence) on bad input. */
static int sp_parse_constraint(const char *text, sp_constraint *c, const char **error) {
    sp_lexer l;
    l.p = text; l.error = NULL; l.cap = 0;
    memset(c, 0, sizeof *c);
    c->priority = 1000;
    if (!sp_parse_side(&l, c, 1.0)) goto fail;
    sp_lex_skip(&l);
    if (!strncmp(l.p, "==", 2)) c->relation = SP_EQ;
    else if (!strncmp(l.p, "<=", 2)) c->relation = SP_LE;
    else if (!strncmp(l.p, ">=", 2)) c->relation = SP_GE;
    else { l.error = "expected a relation '==', '<=' or '>='"; goto fail; }
    l.p += 2;
    if (!sp_parse_side(&l, c, -1.0)) goto fail;
    sp_lex_skip(&l);
    if (*l.p == '@') {
        double k;
        char *name;
        l.p++;
        sp_lex_skip(&l);
        if (sp_lex_number(&l, &k)) c->priority = k;
        else if ((name = sp_lex_name(&l)) != NULL) {
            sp_json v;
            memset(&v, 0, sizeof v);
            v.type = SP_STRING; v.string = name;
            if (!sp_priority(&v, &c->priority)) { free(name); l.error = "unknown priority name"; goto fail; }
            free(name);
        } else { l.error = "expected a priority after '@'"; goto fail; }
        sp_lex_skip(&l);
    }
    if (*l.p) { l.error = "unexpected text after the constraint"; goto fail; }
    if (!(c->priority > 0 && c->priority <= 1000)) { l.error = "the priority must be in (0, 1000]"; goto fail; }
    return 1;
fail:
    *error = l.error;
    sp_constraint_free(c);
    return 0;
}

/* ---------------------------------------------------------------- clock and output */

/* The protocol's stream. sp_protocol_stream() makes it a duplicate of descriptor 1 and points
 * descriptor 1 at standard error, so that nothing a library prints (GLib's "Bail out!" before an
 * abort) can reach the protocol; until then it is stdout. */
static FILE *sp_out;

static void sp_protocol_stream(void) {
    int fd = dup(1);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) { sp_out = stdout; return; }
    fflush(stdout);
    dup2(2, 1);
    sp_out = out;
}

static double sp_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void sp_put_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { fputc('\\', out); fputc((int)c, out); }
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc((int)c, out);
    }
    fputc('"', out);
}

/* A number as JSON: shortest round-trip form, null when not finite. */
static void sp_put_number(FILE *out, double x) {
    char buffer[40];
    int precision;
    if (!isfinite(x)) { fputs("null", out); return; }
    for (precision = 15; precision <= 17; precision++) {
        snprintf(buffer, sizeof buffer, "%.*g", precision, x);
        if (strtod(buffer, NULL) == x) break;
    }
    fputs(buffer, out);
}

/* {"outcome":OUTCOME[,"message":MESSAGE][,"error":KIND],"solverSeconds":S} and a newline,
 * flushed. KIND (an error outcome's class: nonFinite, tooLarge, internalError) may be NULL. */
static void sp_answer_kind(const char *outcome, const char *message, const char *kind, double seconds) {
    if (!sp_out) sp_out = stdout;
    fputs("{\"outcome\":", sp_out);
    sp_put_string(sp_out, outcome);
    if (message) { fputs(",\"message\":", sp_out); sp_put_string(sp_out, message); }
    if (kind) { fputs(",\"error\":", sp_out); sp_put_string(sp_out, kind); }
    fputs(",\"solverSeconds\":", sp_out);
    sp_put_number(sp_out, seconds > 0 ? seconds : 0);
    fputs("}\n", sp_out);
    fflush(sp_out);
}

static void sp_answer(const char *outcome, const char *message, double seconds) {
    sp_answer_kind(outcome, message, NULL, seconds);
}

/* Reads one line of any length from stdin into *buffer (grown as needed); 0 at end of input. */
static int sp_read_line(char **buffer, size_t *capacity) {
    size_t n = 0;
    int c;
    if (!*buffer) { *capacity = 4096; *buffer = (char *)malloc(*capacity); }
    while ((c = getchar()) != EOF) {
        if (n + 1 >= *capacity) { *capacity *= 2; *buffer = (char *)realloc(*buffer, *capacity); }
        if (c == '\n') break;
        (*buffer)[n++] = (char)c;
    }
    (*buffer)[n] = 0;
    return c != EOF || n > 0;
}

/* ---------------------------------------------------------------- parent watch */

static pid_t sp_parent;

static void *sp_watch(void *unused) {
    (void)unused;
    for (;;) {
        usleep(500000);
        if (getppid() != sp_parent) {
            fprintf(stderr, "adapter: the process that started it is gone; exiting\n");
            _exit(3);
        }
    }
    return NULL;
}

/* Exits the adapter when the process that started it is gone, even while the solver is stuck in a
 * call: a fuzz worker killed for a hang cannot end its adapters, which would keep a core busy. */
static void sp_watch_parent(void) {
    pthread_t thread;
    sp_parent = getppid();
    if (pthread_create(&thread, NULL, sp_watch, NULL) == 0) pthread_detach(thread);
}

/* An adapter's start: it takes no arguments (exit 2 naming the protocol), then the protocol's
 * stream and the watch on its parent. Returns 0 to go on, or the status to exit with. */
static int sp_begin(int argc, char **argv) {
    if (argc > 1) {
        fprintf(stderr, "%s: takes no arguments; it reads JSON requests on standard input (docs/adapter-protocol.md)\n", argv[0]);
        return 2;
    }
    sp_protocol_stream();
    sp_watch_parent();
    return 0;
}

#endif

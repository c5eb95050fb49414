// A tiny, version-independent C API over ICU. ICU's C names are macros that append the
// library version (utrans_openU -> utrans_openU_72), which Swift cannot see through, so
// Swift calls ol_fold_utf8 and this file, compiled against the installed headers, calls ICU.
//
// Folding is ICU "Any-Latin; Latin-ASCII; Lower", done in a way that costs less: the
// Any-Latin step runs only on text that has non-Latin letters, and Latin-ASCII + Lower is a
// table lookup per character. The table is made once per process by running ICU's own
// "Latin-ASCII; Lower" on each Latin character, so results match the ICU transform.
#include "cicu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

// ---- transliterators -------------------------------------------------------------------

static UTransliterator *openTransliterator(const char *id) {
    UChar uid[64];
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(uid, 64, &length, id, -1, &status);
    if (U_FAILURE(status)) return NULL;
    UTransliterator *t = utrans_openU(uid, length, UTRANS_FORWARD, NULL, 0, NULL, &status);
    return U_SUCCESS(status) ? t : NULL;
}

/// One of each per thread: opening costs ~130 µs, and sharing one across threads is not
/// documented as safe.
static _Thread_local UTransliterator *threadAnyLatin = NULL;
static _Thread_local UTransliterator *threadLatinASCII = NULL;

static UTransliterator *anyLatin(void) {
    if (threadAnyLatin == NULL) threadAnyLatin = openTransliterator("Any-Latin");
    return threadAnyLatin;
}

static UTransliterator *latinASCIILower(void) {
    if (threadLatinASCII == NULL) threadLatinASCII = openTransliterator("Latin-ASCII; Lower");
    return threadLatinASCII;
}

// ---- the Latin table -------------------------------------------------------------------

/// Latin-1 Supplement to Latin Extended-B, and Latin Extended Additional.
#define TABLE_LOW_START 0x0080
#define TABLE_LOW_END 0x0250
#define TABLE_HIGH_START 0x1E00
#define TABLE_HIGH_END 0x1F00
#define TABLE_SIZE ((TABLE_LOW_END - TABLE_LOW_START) + (TABLE_HIGH_END - TABLE_HIGH_START))
#define TABLE_ENTRY 6

/// For each table character, its ASCII folding (NUL-terminated, at most 5 bytes), or "\x01"
/// when ICU left it non-ASCII (the whole text then goes through ICU).
static char latinTable[TABLE_SIZE][TABLE_ENTRY];
static int latinTableReady = 0;
static pthread_once_t latinTableOnce = PTHREAD_ONCE_INIT;

static int tableIndex(UChar32 c) {
    if (c >= TABLE_LOW_START && c < TABLE_LOW_END) return c - TABLE_LOW_START;
    if (c >= TABLE_HIGH_START && c < TABLE_HIGH_END) return (TABLE_LOW_END - TABLE_LOW_START) + c - TABLE_HIGH_START;
    return -1;
}

static void buildLatinTable(void) {
    UTransliterator *t = openTransliterator("Latin-ASCII; Lower");
    if (t == NULL) return;
    for (UChar32 c = 0; c < TABLE_HIGH_END; c++) {
        int index = tableIndex(c);
        if (index < 0) continue;
        UChar buffer[32];
        int32_t length = 0;
        U16_APPEND_UNSAFE(buffer, length, c);
        int32_t limit = length;
        UErrorCode status = U_ZERO_ERROR;
        utrans_transUChars(t, buffer, &length, 32, 0, &limit, &status);
        char *entry = latinTable[index];
        int ok = U_SUCCESS(status) && length < TABLE_ENTRY;
        for (int32_t i = 0; ok && i < length; i++) {
            if (buffer[i] >= 0x80) ok = 0; else entry[i] = (char)buffer[i];
        }
        if (ok) entry[length] = '\0'; else strcpy(entry, "\x01");
    }
    utrans_close(t);
    latinTableReady = 1;
}

// ---- folding ---------------------------------------------------------------------------

static int isAlphanumericASCII(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/// Appends folded ASCII to `out`, collapsing every run of other characters into one space.
typedef struct {
    char *out;
    size_t capacity;
    size_t written;
    int pendingSpace;
    int overflow;
} Writer;

static void put(Writer *w, int c) {
    if (isAlphanumericASCII(c)) {
        if (w->pendingSpace && w->written > 0) {
            if (w->written + 1 >= w->capacity) { w->overflow = 1; return; }
            w->out[w->written++] = ' ';
        }
        w->pendingSpace = 0;
        if (w->written + 1 >= w->capacity) { w->overflow = 1; return; }
        w->out[w->written++] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
    } else if (c == '\'') {
        // "McDonald's" -> "mcdonalds", "plosad'" -> "plosad": apostrophes join, not split.
    } else {
        w->pendingSpace = 1;
    }
}

/// Whether a character needs Any-Latin: a letter or mark outside the Latin script.
static int needsAnyLatin(UChar32 c) {
    if (c < 0x80 || tableIndex(c) >= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(c, &status);
    return script != USCRIPT_COMMON && script != USCRIPT_INHERITED && script != USCRIPT_LATIN;
}

/// Folds UTF-16 text already in Latin script through the table; 0 when a character is not
/// in the table (the caller then uses ICU for the whole text).
static int foldLatin(const UChar *text, int32_t length, Writer *w) {
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        U16_NEXT(text, i, length, c);
        if (c < 0x80) { put(w, (int)c); continue; }
        int index = tableIndex(c);
        if (index >= 0 && latinTable[index][0] != '\x01') {
            for (const char *p = latinTable[index]; *p; p++) put(w, *p);
            if (latinTable[index][0] == '\0' && u_charType(c) != U_NON_SPACING_MARK) w->pendingSpace = 1;
        } else if (u_charType(c) == U_NON_SPACING_MARK || u_charType(c) == U_ENCLOSING_MARK) {
            // Combining accents fold away: "e\u0301" is "e".
        } else if (u_isalnum(c)) {
            return 0;
        } else {
            w->pendingSpace = 1;
        }
    }
    return 1;
}

/// Folds UTF-8 text whose characters are all ASCII or in the table, straight from its bytes
/// (no UTF-16 copy, no allocation): what foldLatin does with such text. 0 when a character
/// is anything else, or the bytes are not UTF-8: the caller then takes the general path.
static int foldLatinUTF8(const unsigned char *text, size_t length, Writer *w) {
    for (size_t i = 0; i < length;) {
        unsigned char byte = text[i];
        if (byte < 0x80) {
            put(w, byte);
            i++;
            continue;
        }
        UChar32 c;
        if ((byte & 0xE0) == 0xC0 && i + 1 < length && (text[i + 1] & 0xC0) == 0x80) {
            c = ((UChar32)(byte & 0x1F) << 6) | (text[i + 1] & 0x3F);
            i += 2;
        } else if ((byte & 0xF0) == 0xE0 && i + 2 < length && (text[i + 1] & 0xC0) == 0x80
                   && (text[i + 2] & 0xC0) == 0x80) {
            c = ((UChar32)(byte & 0x0F) << 12) | ((UChar32)(text[i + 1] & 0x3F) << 6) | (text[i + 2] & 0x3F);
            if (c < 0x800) return 0;  // (an overlong form is no character)
            i += 3;
        } else {
            return 0;
        }
        int index = tableIndex(c);
        if (index < 0 || latinTable[index][0] == '\x01') return 0;
        for (const char *p = latinTable[index]; *p; p++) put(w, *p);
        if (latinTable[index][0] == '\0' && u_charType(c) != U_NON_SPACING_MARK) w->pendingSpace = 1;
    }
    return 1;
}

long ol_fold_utf8(const char *input, size_t length, char *out, size_t capacity) {
    if (capacity == 0 || length > (size_t)1 << 26) return -1;
    pthread_once(&latinTableOnce, buildLatinTable);
    if (!latinTableReady) return -1;

    // Latin text (most of the world's addresses) is folded from its UTF-8 directly.
    Writer latin = { out, capacity, 0, 0, 0 };
    if (foldLatinUTF8((const unsigned char *)input, length, &latin)) {
        if (latin.overflow) return -1;
        out[latin.written] = '\0';
        return (long)latin.written;
    }
    return ol_fold_utf8_through_utf16(input, length, out, capacity);
}

long ol_fold_utf8_through_utf16(const char *input, size_t length, char *out, size_t capacity) {
    if (capacity == 0 || length > (size_t)1 << 26) return -1;
    pthread_once(&latinTableOnce, buildLatinTable);
    if (!latinTableReady) return -1;

    // Transliteration can grow text (one Han character becomes a syllable), so leave room.
    int32_t units = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, &units, input, (int32_t)length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -1;
    int32_t bufferCapacity = units * 8 + 16;
    UChar *buffer = malloc(sizeof(UChar) * (size_t)bufferCapacity);
    if (buffer == NULL) return -1;
    status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(buffer, bufferCapacity, &units, input, (int32_t)length, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) { free(buffer); return -1; }

    int nonLatin = 0;
    for (int32_t i = 0; i < units && !nonLatin;) {
        UChar32 c;
        U16_NEXT(buffer, i, units, c);
        nonLatin = needsAnyLatin(c);
    }
    if (nonLatin) {
        UTransliterator *t = anyLatin();
        int32_t limit = units;
        if (t == NULL) { free(buffer); return -1; }
        utrans_transUChars(t, buffer, &units, bufferCapacity, 0, &limit, &status);
        if (U_FAILURE(status)) { free(buffer); return -1; }
    }

    Writer w = { out, capacity, 0, 0, 0 };
    if (!foldLatin(buffer, units, &w)) {
        // Something the table does not know: let ICU fold the whole text.
        UTransliterator *t = latinASCIILower();
        int32_t limit = units;
        if (t == NULL) { free(buffer); return -1; }
        utrans_transUChars(t, buffer, &units, bufferCapacity, 0, &limit, &status);
        if (U_FAILURE(status)) { free(buffer); return -1; }
        w = (Writer){ out, capacity, 0, 0, 0 };
        for (int32_t i = 0; i < units; i++) put(&w, buffer[i] < 0x80 ? (int)buffer[i] : ' ');
    }
    free(buffer);
    if (w.overflow) return -1;
    out[w.written] = '\0';
    return (long)w.written;
}

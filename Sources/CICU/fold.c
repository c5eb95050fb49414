// A tiny, version-independent C API over ICU. ICU's C names are macros that append the
// library version (utrans_openU -> utrans_openU_72), which Swift cannot see through, so
// Swift calls ol_fold_utf8 and this file, compiled against the installed headers, calls ICU.
#include "cicu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>

static const char *const foldTransformID = "Any-Latin; Latin-ASCII; Lower";

/// One transliterator per thread: opening one costs ~130 µs, and sharing one across
/// threads is not documented as safe.
static _Thread_local UTransliterator *threadTransliterator = NULL;
static _Thread_local int threadTransliteratorFailed = 0;

static UTransliterator *transliterator(void) {
    if (threadTransliterator == NULL && !threadTransliteratorFailed) {
        UChar id[64];
        UErrorCode status = U_ZERO_ERROR;
        int32_t idLength = 0;
        u_strFromUTF8(id, 64, &idLength, foldTransformID, -1, &status);
        if (U_SUCCESS(status)) {
            threadTransliterator = utrans_openU(id, idLength, UTRANS_FORWARD, NULL, 0, NULL, &status);
        }
        if (U_FAILURE(status)) {
            threadTransliterator = NULL;
            threadTransliteratorFailed = 1;
        }
    }
    return threadTransliterator;
}

static int isAlphanumericASCII(UChar c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

long ol_fold_utf8(const char *input, size_t length, char *out, size_t capacity) {
    if (capacity == 0 || length > (size_t)1 << 26) return -1;
    UTransliterator *trans = transliterator();
    if (trans == NULL) return -1;

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

    int32_t limit = units;
    utrans_transUChars(trans, buffer, &units, bufferCapacity, 0, &limit, &status);
    if (U_FAILURE(status)) { free(buffer); return -1; }

    // Keep ASCII letters and digits; collapse everything else into single spaces.
    size_t written = 0;
    int pendingSpace = 0;
    for (int32_t i = 0; i < units; i++) {
        UChar c = buffer[i];
        if (isAlphanumericASCII(c)) {
            if (pendingSpace && written > 0) {
                if (written + 1 >= capacity) { free(buffer); return -1; }
                out[written++] = ' ';
            }
            pendingSpace = 0;
            if (written + 1 >= capacity) { free(buffer); return -1; }
            out[written++] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
        } else if (c == '\'' || c == 0x2019) {
            // "McDonald's" -> "mcdonalds", "plosad'" -> "plosad": apostrophes join, not split.
        } else {
            pendingSpace = 1;
        }
    }
    out[written] = '\0';
    free(buffer);
    return (long)written;
}

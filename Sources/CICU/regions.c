// Country names from ICU's locale data, for reading "City, Country" in any language.
#include "cicu.h"

#include <pthread.h>
#include <string.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

// Opening display names loads locale data (~0.1 ms): English short names, the only ones
// asked for, are opened once per process. ULocaleDisplayNames is documented as thread-safe
// for its const functions once opened.
static ULocaleDisplayNames *shortEnglish = NULL;
static pthread_once_t shortEnglishOnce = PTHREAD_ONCE_INIT;

static void openShortEnglish(void) {
    UDisplayContext contexts[] = {UDISPCTX_LENGTH_SHORT};
    UErrorCode status = U_ZERO_ERROR;
    shortEnglish = uldn_openForContext("en", contexts, 1, &status);
    if (U_FAILURE(status)) shortEnglish = NULL;
}

long ol_region_display_name(const char *iso2, const char *language, int shortForm, char *out, size_t capacity) {
    if (iso2 == NULL || language == NULL || out == NULL || capacity == 0 || strlen(iso2) != 2) return -1;
    UChar name[256];
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    if (shortForm) {
        if (strcmp(language, "en") != 0) return -1;
        pthread_once(&shortEnglishOnce, openShortEnglish);
        if (shortEnglish == NULL) return -1;
        length = uldn_regionDisplayName(shortEnglish, iso2, name, 256, &status);
    } else {
        char locale[16] = "und_";
        strncat(locale, iso2, 2);
        length = uloc_getDisplayCountry(locale, language, name, 256, &status);
    }
    // ICU answers with the code itself when it has no name (and warns when it fell back to
    // another language's data, which is still a name).
    if (U_FAILURE(status) || length <= 0 || length >= 256) return -1;
    if (length == 2 && name[0] == (UChar)iso2[0] && name[1] == (UChar)iso2[1]) return -1;
    int32_t written = 0;
    status = U_ZERO_ERROR;
    u_strToUTF8(out, (int32_t)capacity, &written, name, length, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || (size_t)written >= capacity) return -1;
    return written;
}

long ol_region_iso2(const char *iso3, char *out) {
    if (iso3 == NULL || out == NULL || strlen(iso3) != 3) return -1;
    char upper[4] = {0};
    for (int i = 0; i < 3; i++) upper[i] = (iso3[i] >= 'a' && iso3[i] <= 'z') ? (char)(iso3[i] - 32) : iso3[i];
    // ICU's list is a static array of about 250 codes: a scan costs microseconds.
    for (const char *const *code = uloc_getISOCountries(); *code != NULL; code++) {
        char locale[16] = "und_";
        strncat(locale, *code, 3);
        if (strcmp(uloc_getISO3Country(locale), upper) == 0) {
            memcpy(out, *code, 2);
            out[2] = 0;
            return 2;
        }
    }
    return -1;
}

#ifndef OPENLOCATOR_CICU_H
#define OPENLOCATOR_CICU_H

#include <stddef.h>

/// Folds UTF-8 text for search: ICU "Any-Latin; Latin-ASCII; Lower", then every run of
/// characters that are not ASCII letters or digits becomes one space (leading and trailing
/// spaces removed). "Straße Café" -> "strasse cafe"; "Москва" -> "moskva".
///
/// Writes a NUL-terminated result into `out` (capacity `capacity` bytes) and returns its
/// length in bytes, or -1 when ICU failed or the result did not fit. Each thread lazily
/// opens and keeps its own transliterator, so calls from many threads are safe.
long ol_fold_utf8(const char *input, size_t length, char *out, size_t capacity);

/// ol_fold_utf8 without its shortcut for Latin text (folded from UTF-8 directly): every
/// text through UTF-16 and ICU's checks. The same results, slower; for tests to compare.
long ol_fold_utf8_through_utf16(const char *input, size_t length, char *out, size_t capacity);

/// The name of a country or territory (ISO 3166 alpha-2 code, "FI") in a language ("fi",
/// "en"), from ICU's locale data: "Suomi", "Finland". With `shortForm` non-zero, English's
/// short form ("US", "UK"; other languages give -1).
///
/// Writes a NUL-terminated UTF-8 result into `out` and returns its length in bytes, or -1
/// when ICU has no name of its own (it would only repeat the code) or it did not fit.
long ol_region_display_name(const char *iso2, const char *language, int shortForm, char *out, size_t capacity);

/// The ISO 3166 alpha-2 code of an alpha-3 code ("FIN" -> "FI"), from ICU's region list.
/// Writes two letters and a NUL into `out` (at least 3 bytes) and returns 2, or -1 when ICU
/// knows no such code.
long ol_region_iso2(const char *iso3, char *out);

#endif

#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which take a global mutex on every allocation:
/// with several threads searching at once that lock is contended. Call before any other
/// SQLite function; later it returns SQLITE_MISUSE and changes nothing.
static inline int openlocator_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Lets a connection write an R*Tree's shadow tables directly, as a build packing the tree in
/// one pass does: off unless the library was built or configured "defensive".
static inline int openlocator_sqlite3_allow_shadow_table_writes(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 0, (int *)0);
}

#include <stdint.h>
#include <time.h>

/// CLOCK_MONOTONIC in nanoseconds, the clock of ``openlocator_sqlite3_set_deadline``.
static inline uint64_t openlocator_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

static int openlocator_deadline_passed(void *deadline) {
    return openlocator_monotonic_ns() >= *(const uint64_t *)deadline;
}

/// Makes every statement on `db` stop with SQLITE_INTERRUPT once the monotonic clock passes
/// `*deadline` (checked every 10,000 virtual-machine steps); NULL removes the check. The
/// pointer must stay valid while it is set.
static inline void openlocator_sqlite3_set_deadline(sqlite3 *db, const uint64_t *deadline) {
    if (deadline) {
        sqlite3_progress_handler(db, 10000, openlocator_deadline_passed, (void *)deadline);
    } else {
        sqlite3_progress_handler(db, 0, 0, 0);
    }
}

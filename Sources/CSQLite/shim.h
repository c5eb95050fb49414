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

#ifndef OPENLOCATOR_MAPPED_VFS_H
#define OPENLOCATOR_MAPPED_VFS_H

/// Registers (once; later calls only return the name) a SQLite VFS that reads a read-only
/// database file through one memory mapping of the whole file, shared by every connection of
/// the process that has that file open, and returns its name for `sqlite3_open_v2`.
///
/// SQLite maps at most `SQLITE_MAX_MMAP_SIZE` bytes of a file (2 GB less 64 KB in Debian's
/// build) and each connection maps its own copy; past that, pages are read with `pread` into
/// each connection's page cache. Through this VFS a 7 GB gazetteer is mapped once, whole, and
/// every page is a pointer into the kernel's page cache. Files opened for writing, and any
/// file that cannot be mapped, are served by the default VFS unchanged. Returns NULL when the
/// VFS could not be registered.
const char *openlocator_mapped_vfs_name(void);

#endif

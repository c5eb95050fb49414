// A SQLite VFS over the default one whose immutable read-only database files are read through
// one shared mapping of the whole file (see mapped_vfs.h).
//
// Such a file is served here whole, not by the default VFS: SQLite takes no locks on an
// immutable file and looks for no journal, so reading and fetching pages, its size and its
// close are all it needs. Every other file (a build's, a journal, a temporary file) is the
// default VFS's, unchanged.
#include "mapped_vfs.h"

#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/// One file's mapping, shared by every connection that has the file open, found by device,
/// inode and size (a gazetteer is never written while it is in service).
typedef struct Mapping {
    dev_t device;
    ino_t inode;
    sqlite3_int64 size;
    unsigned char *base;
    int users;
    struct Mapping *next;
} Mapping;

static pthread_mutex_t mappings_lock = PTHREAD_MUTEX_INITIALIZER;
static Mapping *mappings = NULL;

/// The mapping of the file at `path`, made on first use; NULL when it cannot be opened or
/// mapped (the caller then uses the default VFS).
static Mapping *mapping_acquire(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0) {
        close(fd);
        return NULL;
    }
    pthread_mutex_lock(&mappings_lock);
    Mapping *found = mappings;
    while (found && !(found->device == info.st_dev && found->inode == info.st_ino && found->size == info.st_size)) {
        found = found->next;
    }
    if (!found) {
        void *base = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_SHARED, fd, 0);
        if (base != MAP_FAILED) {
            found = calloc(1, sizeof(Mapping));
            if (found) {
                *found = (Mapping){info.st_dev, info.st_ino, info.st_size, base, 0, mappings};
                mappings = found;
            } else {
                munmap(base, (size_t)info.st_size);
            }
        }
    }
    if (found) found->users += 1;
    pthread_mutex_unlock(&mappings_lock);
    close(fd);  // (a mapping keeps its file)
    return found;
}

static void mapping_release(Mapping *mapping) {
    pthread_mutex_lock(&mappings_lock);
    mapping->users -= 1;
    if (mapping->users == 0) {
        Mapping **link = &mappings;
        while (*link != mapping) link = &(*link)->next;
        *link = mapping->next;
        munmap(mapping->base, (size_t)mapping->size);
        free(mapping);
    }
    pthread_mutex_unlock(&mappings_lock);
}

/// A file of this VFS: a mapped one, or the default VFS's file after it (of `szOsFile` bytes).
typedef struct MappedFile {
    sqlite3_file base;
    Mapping *mapping;
} MappedFile;

static sqlite3_vfs *default_vfs = NULL;
static sqlite3_vfs mapped_vfs;
static sqlite3_io_methods mapped_methods;

static int mapped_close(sqlite3_file *file) {
    MappedFile *self = (MappedFile *)file;
    if (self->mapping) mapping_release(self->mapping);
    self->mapping = NULL;
    return SQLITE_OK;
}

static int mapped_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    const Mapping *m = ((MappedFile *)file)->mapping;
    sqlite3_int64 available = offset < m->size ? m->size - offset : 0;
    if (available >= amount) {
        memcpy(buffer, m->base + offset, (size_t)amount);
        return SQLITE_OK;
    }
    if (available > 0) memcpy(buffer, m->base + offset, (size_t)available);
    memset((unsigned char *)buffer + available, 0, (size_t)(amount - available));
    return SQLITE_IOERR_SHORT_READ;
}

static int mapped_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    const Mapping *m = ((MappedFile *)file)->mapping;
    *pointer = (offset >= 0 && offset + amount <= m->size) ? m->base + offset : NULL;
    return SQLITE_OK;
}

static int mapped_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file, (void)offset, (void)pointer;
    return SQLITE_OK;  // (nothing to release: the mapping lives while the file is open)
}

static int mapped_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    *size = ((MappedFile *)file)->mapping->size;
    return SQLITE_OK;
}

static int mapped_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
    (void)f, (void)b, (void)n, (void)o;
    return SQLITE_READONLY;
}
static int mapped_truncate(sqlite3_file *f, sqlite3_int64 size) {
    (void)f, (void)size;
    return SQLITE_READONLY;
}
static int mapped_sync(sqlite3_file *f, int flags) {
    (void)f, (void)flags;
    return SQLITE_OK;
}
// An immutable file takes no locks.
static int mapped_lock(sqlite3_file *f, int level) {
    (void)f, (void)level;
    return SQLITE_OK;
}
static int mapped_check_reserved_lock(sqlite3_file *f, int *out) {
    (void)f;
    *out = 0;
    return SQLITE_OK;
}
static int mapped_file_control(sqlite3_file *f, int op, void *arg) {
    (void)f, (void)op, (void)arg;
    return SQLITE_NOTFOUND;
}
static int mapped_sector_size(sqlite3_file *f) {
    (void)f;
    return 4096;
}
static int mapped_device_characteristics(sqlite3_file *f) {
    (void)f;
    return SQLITE_IOCAP_IMMUTABLE;
}

static int mapped_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    MappedFile *self = (MappedFile *)file;
    int mappable = name && (flags & SQLITE_OPEN_MAIN_DB) && (flags & SQLITE_OPEN_READONLY)
        && sqlite3_uri_boolean(name, "immutable", 0);
    Mapping *mapping = mappable ? mapping_acquire(name) : NULL;
    if (!mapping) return default_vfs->xOpen(default_vfs, name, file, flags, out_flags);
    memset(self, 0, sizeof(MappedFile));
    self->mapping = mapping;
    self->base.pMethods = &mapped_methods;
    if (out_flags) *out_flags = flags;
    return SQLITE_OK;
}

// The VFS's other calls are the default VFS's.
static int vfs_delete(sqlite3_vfs *v, const char *name, int sync) {
    (void)v;
    return default_vfs->xDelete(default_vfs, name, sync);
}
static int vfs_access(sqlite3_vfs *v, const char *name, int flags, int *out) {
    (void)v;
    return default_vfs->xAccess(default_vfs, name, flags, out);
}
/// A path of a descriptor (`/proc/self/fd/N`, how a pinned gazetteer is opened) stays as it is:
/// the default VFS resolves the link to the file's path, which names another file (or none,
/// "… (deleted)") once a new gazetteer is renamed over it, while the link opens this very file.
static int vfs_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) {
    (void)v;
    static const char descriptors[] = "/proc/self/fd/";
    if (strncmp(name, descriptors, sizeof(descriptors) - 1) == 0) {
        if ((int)strlen(name) >= n) return SQLITE_CANTOPEN;
        strcpy(out, name);
        return SQLITE_OK;
    }
    return default_vfs->xFullPathname(default_vfs, name, n, out);
}
static void *vfs_dl_open(sqlite3_vfs *v, const char *name) {
    (void)v;
    return default_vfs->xDlOpen(default_vfs, name);
}
static void vfs_dl_error(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    default_vfs->xDlError(default_vfs, n, out);
}
static void (*vfs_dl_sym(sqlite3_vfs *v, void *handle, const char *symbol))(void) {
    (void)v;
    return default_vfs->xDlSym(default_vfs, handle, symbol);
}
static void vfs_dl_close(sqlite3_vfs *v, void *handle) {
    (void)v;
    default_vfs->xDlClose(default_vfs, handle);
}
static int vfs_randomness(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return default_vfs->xRandomness(default_vfs, n, out);
}
static int vfs_sleep(sqlite3_vfs *v, int microseconds) {
    (void)v;
    return default_vfs->xSleep(default_vfs, microseconds);
}
static int vfs_current_time(sqlite3_vfs *v, double *out) {
    (void)v;
    return default_vfs->xCurrentTime(default_vfs, out);
}
static int vfs_get_last_error(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return default_vfs->xGetLastError ? default_vfs->xGetLastError(default_vfs, n, out) : 0;
}
static int vfs_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) {
    (void)v;
    return default_vfs->xCurrentTimeInt64(default_vfs, out);
}

static const char *registered_name = NULL;

static void register_once(void) {
    default_vfs = sqlite3_vfs_find(NULL);
    if (!default_vfs || default_vfs->iVersion < 2) return;
    mapped_methods = (sqlite3_io_methods){
        .iVersion = 3,
        .xClose = mapped_close,
        .xRead = mapped_read,
        .xWrite = mapped_write,
        .xTruncate = mapped_truncate,
        .xSync = mapped_sync,
        .xFileSize = mapped_file_size,
        .xLock = mapped_lock,
        .xUnlock = mapped_lock,
        .xCheckReservedLock = mapped_check_reserved_lock,
        .xFileControl = mapped_file_control,
        .xSectorSize = mapped_sector_size,
        .xDeviceCharacteristics = mapped_device_characteristics,
        .xFetch = mapped_fetch,
        .xUnfetch = mapped_unfetch,
    };
    int own = (int)sizeof(MappedFile);
    mapped_vfs = (sqlite3_vfs){
        .iVersion = 2,
        .szOsFile = default_vfs->szOsFile > own ? default_vfs->szOsFile : own,
        .mxPathname = default_vfs->mxPathname,
        .zName = "openlocator-mapped",
        .xOpen = mapped_open,
        .xDelete = vfs_delete,
        .xAccess = vfs_access,
        .xFullPathname = vfs_full_pathname,
        .xDlOpen = vfs_dl_open,
        .xDlError = vfs_dl_error,
        .xDlSym = vfs_dl_sym,
        .xDlClose = vfs_dl_close,
        .xRandomness = vfs_randomness,
        .xSleep = vfs_sleep,
        .xCurrentTime = vfs_current_time,
        .xGetLastError = vfs_get_last_error,
        .xCurrentTimeInt64 = vfs_current_time_int64,
    };
    if (sqlite3_vfs_register(&mapped_vfs, 0) == SQLITE_OK) registered_name = mapped_vfs.zName;
}

const char *openlocator_mapped_vfs_name(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_once);
    return registered_name;
}

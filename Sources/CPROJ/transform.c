// Coordinate transforms from WGS84 to any CRS PROJ knows, for output spatial references.
//
// PROJ contexts are not thread-safe. Making a transformer reads proj.db (15–150 ms), but
// cloning one takes under 1 ms: each WKID's transformer is made once, on a shared context
// under a lock, and every thread transforms with its own clone on its own context, so
// transforms never wait for each other (measured: 2 threads sharing one transformer under a
// lock, 0.48 µs a point; each with its own, 0.43 µs).
//
// PROJ is loaded at run time (dlopen), so OpenLocator builds and runs without it: where
// libproj is missing (or proj.h was at build time), only 4326 and 3857, which never come
// here, are served, and ol_proj_available() says 0.
#include "cproj.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#if __has_include(<proj.h>)
#include <proj.h>

// Every PROJ function used, as a pointer found in the library at run time; the names below
// call through them.
#define OL_PROJ_FUNCTIONS(X) \
    X(proj_clone) X(proj_context_create) X(proj_context_destroy) X(proj_create_crs_to_crs_from_pj) \
    X(proj_create_from_database) X(proj_destroy) X(proj_errno_reset) X(proj_get_area_of_use) \
    X(proj_get_id_code) X(proj_get_name) X(proj_get_type) X(proj_identify) X(proj_info) X(proj_int_list_destroy) \
    X(proj_list_destroy) X(proj_list_get) X(proj_list_get_count) X(proj_log_level) \
    X(proj_normalize_for_visualization) X(proj_trans_generic)
#define OL_DECLARE(name) static __typeof__(name) *ol_##name = NULL;
OL_PROJ_FUNCTIONS(OL_DECLARE)

static int loaded = 0;
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

/// Opens the library the header came with (`libproj.so`, from libproj-dev) or Debian 12's
/// runtime package's, and finds every function; any missing leaves PROJ unavailable.
static void load(void) {
    static const char *const names[] = {"libproj.so", "libproj.so.25"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
#define OL_FIND(name) \
    ol_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (ol_##name == NULL) return;
    OL_PROJ_FUNCTIONS(OL_FIND)
    loaded = 1;
}

int ol_proj_available(void) {
    pthread_once(&loadOnce, load);
    return loaded;
}

#define proj_clone ol_proj_clone
#define proj_context_create ol_proj_context_create
#define proj_context_destroy ol_proj_context_destroy
#define proj_create_crs_to_crs_from_pj ol_proj_create_crs_to_crs_from_pj
#define proj_create_from_database ol_proj_create_from_database
#define proj_destroy ol_proj_destroy
#define proj_errno_reset ol_proj_errno_reset
#define proj_get_area_of_use ol_proj_get_area_of_use
#define proj_get_id_code ol_proj_get_id_code
#define proj_get_name ol_proj_get_name
#define proj_get_type ol_proj_get_type
#define proj_identify ol_proj_identify
#define proj_info ol_proj_info
#define proj_int_list_destroy ol_proj_int_list_destroy
#define proj_list_destroy ol_proj_list_destroy
#define proj_list_get ol_proj_list_get
#define proj_list_get_count ol_proj_list_get_count
#define proj_log_level ol_proj_log_level
#define proj_normalize_for_visualization ol_proj_normalize_for_visualization
#define proj_trans_generic ol_proj_trans_generic

/// A transformer per WKID, made once: `NULL` for a WKID found unknown.
typedef struct {
    int wkid;
    PJ *transformer;
} Made;

static pthread_mutex_t madeLock = PTHREAD_MUTEX_INITIALIZER;
static PJ_CONTEXT *madeContext = NULL;
static Made *made = NULL;
static size_t madeCount = 0;

// A thread keeps clones of its last few WKIDs' transformers.
#define THREAD_CLONES 8

typedef struct {
    PJ_CONTEXT *context;
    Made clones[THREAD_CLONES];
    int next;
} ThreadState;

static pthread_key_t stateKey;
static pthread_once_t stateKeyOnce = PTHREAD_ONCE_INIT;

static void freeState(void *pointer) {
    ThreadState *state = pointer;
    for (int i = 0; i < THREAD_CLONES; i++) {
        if (state->clones[i].transformer != NULL) proj_destroy(state->clones[i].transformer);
    }
    proj_context_destroy(state->context);
    free(state);
}

static void makeStateKey(void) { pthread_key_create(&stateKey, freeState); }

/// A context whose errors are left to the caller (PROJ's messages would only go to stderr).
static PJ_CONTEXT *quietContext(void) {
    PJ_CONTEXT *context = proj_context_create();
    if (context != NULL) proj_log_level(context, PJ_LOG_NONE);
    return context;
}

/// This thread's context and clones, made on first use and freed when the thread ends.
static ThreadState *threadState(void) {
    pthread_once(&stateKeyOnce, makeStateKey);
    ThreadState *state = pthread_getspecific(stateKey);
    if (state != NULL) return state;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->context = quietContext();
    if (state->context == NULL) {
        free(state);
        return NULL;
    }
    pthread_setspecific(stateKey, state);
    return state;
}

/// The 2D geographic or projected CRS with this code, EPSG's first, else ESRI's; `NULL` when none.
static PJ *crsFor(PJ_CONTEXT *context, int wkid, int *authority) {
    static const char *const authorities[] = {"EPSG", "ESRI"};
    char code[16];
    snprintf(code, sizeof code, "%d", wkid);
    for (int i = 0; i < 2; i++) {
        PJ *crs = proj_create_from_database(context, authorities[i], code, PJ_CATEGORY_CRS, 0, NULL);
        if (crs == NULL) continue;
        PJ_TYPE type = proj_get_type(crs);
        if (type == PJ_TYPE_GEOGRAPHIC_2D_CRS || type == PJ_TYPE_PROJECTED_CRS) {
            if (authority != NULL) *authority = i + 1;
            return crs;
        }
        proj_destroy(crs);
    }
    return NULL;
}

/// The WGS84 → `target` transformer, axes as x = east, y = north.
static PJ *makeTransformer(PJ_CONTEXT *context, PJ *target) {
    PJ *wgs84 = proj_create_from_database(context, "EPSG", "4326", PJ_CATEGORY_CRS, 0, NULL);
    if (wgs84 == NULL) return NULL;
    PJ *operation = proj_create_crs_to_crs_from_pj(context, wgs84, target, NULL, NULL);
    proj_destroy(wgs84);
    if (operation == NULL) return NULL;
    PJ *normalized = proj_normalize_for_visualization(context, operation);
    proj_destroy(operation);
    return normalized;
}

/// A clone for `context` of the process's transformer for `wkid`, making that on first use;
/// `NULL` when the WKID is unknown. Holds the lock: the shared context is used only here.
static PJ *cloneTransformer(PJ_CONTEXT *context, int wkid) {
    pthread_mutex_lock(&madeLock);
    PJ *transformer = NULL;
    int found = 0;
    for (size_t i = 0; i < madeCount; i++) {
        if (made[i].wkid == wkid) {
            transformer = made[i].transformer;
            found = 1;
            break;
        }
    }
    if (!found) {
        if (madeContext == NULL) madeContext = quietContext();
        PJ *target = madeContext != NULL ? crsFor(madeContext, wkid, NULL) : NULL;
        if (target != NULL) {
            transformer = makeTransformer(madeContext, target);
            proj_destroy(target);
        }
        Made *grown = realloc(made, (madeCount + 1) * sizeof *made);
        if (grown != NULL) {
            made = grown;
            made[madeCount++] = (Made){wkid, transformer};
        }
    }
    PJ *clone = transformer != NULL ? proj_clone(context, transformer) : NULL;
    pthread_mutex_unlock(&madeLock);
    return clone;
}

/// This thread's transformer for `wkid`; `NULL` when unknown.
static PJ *transformerFor(ThreadState *state, int wkid) {
    for (int i = 0; i < THREAD_CLONES; i++) {
        if (state->clones[i].transformer != NULL && state->clones[i].wkid == wkid) return state->clones[i].transformer;
    }
    PJ *transformer = cloneTransformer(state->context, wkid);
    if (transformer == NULL) return NULL;
    Made *slot = &state->clones[state->next];
    state->next = (state->next + 1) % THREAD_CLONES;
    if (slot->transformer != NULL) proj_destroy(slot->transformer);
    *slot = (Made){wkid, transformer};
    return transformer;
}

/// The EPSG code of a CRS PROJ identifies as equivalent to an ESRI one, 0 when none is.
/// Confidence 70 is PROJ's "the same definition under another name", as ESRI's names always
/// are ("NAD_1983_StatePlane_New_York_Long_Island_FIPS_3104_Feet" for EPSG 2263); below it
/// the definitions differ. pyproj's `to_epsg()` takes the same bar.
static int equivalentEPSG(PJ_CONTEXT *context, PJ *crs) {
    int *confidence = NULL;
    PJ_OBJ_LIST *candidates = proj_identify(context, crs, "EPSG", NULL, &confidence);
    if (candidates == NULL) return 0;
    int epsg = 0;
    int count = proj_list_get_count(candidates);
    for (int i = 0; i < count && epsg == 0; i++) {
        if (confidence == NULL || confidence[i] < 70) continue;
        PJ *candidate = proj_list_get(context, candidates, i);
        if (candidate == NULL) continue;
        const char *code = proj_get_id_code(candidate, 0);
        if (code != NULL) epsg = atoi(code);
        proj_destroy(candidate);
    }
    proj_int_list_destroy(confidence);
    proj_list_destroy(candidates);
    return epsg;
}

int ol_proj_describe(int wkid, char *name, size_t capacity, int *geographic, double area[4], int *latest) {
    if (!ol_proj_available()) return 0;
    ThreadState *state = threadState();
    if (state == NULL || name == NULL || capacity == 0 || geographic == NULL || area == NULL || latest == NULL) return 0;
    int authority = 0;
    PJ *crs = crsFor(state->context, wkid, &authority);
    if (crs == NULL) return 0;
    if (transformerFor(state, wkid) == NULL) {
        proj_destroy(crs);
        return 0;
    }
    const char *crsName = proj_get_name(crs);
    snprintf(name, capacity, "%s", crsName != NULL ? crsName : "");
    *geographic = proj_get_type(crs) == PJ_TYPE_GEOGRAPHIC_2D_CRS;
    if (!proj_get_area_of_use(state->context, crs, &area[0], &area[1], &area[2], &area[3], NULL) || area[0] < -180) {
        area[0] = area[1] = area[2] = area[3] = NAN;
    }
    int epsg = authority == 2 ? equivalentEPSG(state->context, crs) : 0;
    *latest = epsg > 0 ? epsg : wkid;
    proj_destroy(crs);
    return authority;
}

int ol_proj_transform(int wkid, int inverse, double *x, double *y, size_t count) {
    if (!ol_proj_available()) return -1;
    ThreadState *state = threadState();
    if (state == NULL) return -1;
    PJ *transformer = transformerFor(state, wkid);
    if (transformer == NULL) return -1;
    if (count == 0) return 0;
    proj_errno_reset(transformer);
    // No z and no time, as pyproj's Transformer.transform(x, y) passes them.
    proj_trans_generic(
        transformer, inverse ? PJ_INV : PJ_FWD, x, sizeof(double), count, y, sizeof(double), count, NULL, 0, 0, NULL,
        0, 0);
    return 0;
}

const char *ol_proj_version(void) { return ol_proj_available() ? proj_info().version : ""; }

#else  // Built without proj.h: PROJ is never available.

int ol_proj_available(void) { return 0; }
int ol_proj_describe(int wkid, char *name, size_t capacity, int *geographic, double area[4], int *latest) {
    return 0;
}
int ol_proj_transform(int wkid, int inverse, double *x, double *y, size_t count) { return -1; }
const char *ol_proj_version(void) { return ""; }

#endif

#ifndef OPENLOCATOR_CPROJ_H
#define OPENLOCATOR_CPROJ_H

#include <stddef.h>

/// Looks a WKID up in PROJ's database, as an EPSG code first and then as an ESRI one, and
/// checks that WGS84 (EPSG:4326) can be transformed to it. Only 2D geographic and projected
/// CRSs are taken (no vertical, geocentric or compound ones).
///
/// Returns 1 for an EPSG CRS, 2 for an ESRI one, 0 when PROJ has no such CRS. Writes its
/// name into `name` (NUL-terminated, cut to `capacity` bytes) and sets `*geographic` to 1
/// when its coordinates are degrees (longitude, latitude), 0 when they are projected. Writes
/// its area of use into `area` as WGS84 degrees west, south, east, north (west > east when it
/// crosses the antimeridian), or four NaNs when the database gives none. Sets `*latest` to
/// the EPSG code PROJ identifies as the same CRS (for an ESRI code such as 102718, 2263:
/// what Esri servers publish as `latestWkid`), or to `wkid` when there is none.
int ol_proj_describe(int wkid, char *name, size_t capacity, int *geographic, double area[4], int *latest);

/// Transforms `count` points in place between WGS84 longitude/latitude in degrees and the
/// CRS `wkid`, in x = easting (or longitude), y = northing (or latitude) order whatever the
/// CRS's own axis order: from WGS84 when `inverse` is 0, to WGS84 otherwise. A point PROJ
/// cannot transform becomes HUGE_VAL. Returns 0, or -1 when the WKID is unknown.
///
/// PROJ contexts are not thread-safe: each thread keeps its own context and the
/// transformers it made (the last few WKIDs), so calls from many threads are safe.
int ol_proj_transform(int wkid, int inverse, double *x, double *y, size_t count);

/// 1 when the PROJ library was found (it is loaded on first use, at run time), 0 when not:
/// then ol_proj_describe knows no WKID and ol_proj_transform returns -1.
int ol_proj_available(void);

/// The version of the PROJ library in use, such as "9.1.1"; "" without it.
const char *ol_proj_version(void);

#endif

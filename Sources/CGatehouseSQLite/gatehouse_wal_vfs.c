//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

// A VFS over SQLite's default one that gathers the writes of a transaction's WAL frames into one.
//
// SQLite writes each WAL frame as two writes, its 24-byte header and its page, so a commit of a
// dozen pages is two dozen system calls, each paying the kernel's whole buffered-write path.
// Here the frames a transaction appends are gathered in memory and written as one, at the latest
// when the frame that commits the transaction has been written: before SQLite publishes the
// commit in the WAL index, and so before COMMIT returns. What any reader, checkpoint or recovery
// can see of the file is therefore what it would have seen without the gathering; what a crash
// can lose is only frames of a transaction that had not committed, as before.
//
// Every other file (the database, a rollback journal) is the default VFS's own, untouched.

#include "gatehouse_sqlite.h"
#include <sqlite_nio_sqlite3.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define WAL_HEADER_SIZE 32
#define FRAME_HEADER_SIZE 24
/// The most a gathered write holds; a longer run of frames (a big transaction, a cache spill) is
/// written in several. Under 128 KiB: the default VFS takes the length of one write modulo
/// 128 KiB (and reports a disk full when that leaves nothing).
#define GATHER_CAPACITY (120 * 1024)

typedef struct GatheredWAL {
    sqlite3_file base;
    /// The default VFS's file, in the space SQLite allocated after this struct.
    sqlite3_file *inner;
    unsigned char *buffer;
    sqlite3_int64 bufferStart;
    int bufferLength;
    /// Where the next frame of the log goes: a write there is gathered, any other is written
    /// through.
    sqlite3_int64 appendOffset;
    /// The last write was a commit frame's header: its page, at `commitPageOffset`, ends the
    /// transaction.
    int commitPageNext;
    sqlite3_int64 commitPageOffset;
    sqlite3_int64 writesReceived;
    sqlite3_int64 writesIssued;
} GatheredWAL;

static sqlite3_vfs gatheringVFS;
static sqlite3_io_methods gatheredWALMethods;

static sqlite3_vfs *innerVFS(void) { return (sqlite3_vfs *)gatheringVFS.pAppData; }

static int flushGathered(GatheredWAL *wal) {
    if (wal->bufferLength == 0) return SQLITE_OK;
    int length = wal->bufferLength;
    wal->bufferLength = 0;
    wal->writesIssued += 1;
    return wal->inner->pMethods->xWrite(wal->inner, wal->buffer, length, wal->bufferStart);
}

/// True for a frame's header that commits a transaction: bytes 4-7 of a frame header hold the
/// database's size after a commit, and are zero in every other frame.
static int isCommitHeader(const void *data, int amount, sqlite3_int64 offset) {
    if (amount != FRAME_HEADER_SIZE || offset < WAL_HEADER_SIZE) return 0;
    const unsigned char *header = data;
    return (header[4] | header[5] | header[6] | header[7]) != 0;
}

static int walWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    GatheredWAL *wal = (GatheredWAL *)file;
    wal->writesReceived += 1;
    int endsCommit = wal->commitPageNext && offset == wal->commitPageOffset;
    wal->commitPageNext = isCommitHeader(data, amount, offset);
    wal->commitPageOffset = offset + amount;
    // The WAL's header is written at the start of the file when the log starts over: frames
    // are appended after it from there.
    if (offset == 0 && amount == WAL_HEADER_SIZE) wal->appendOffset = 0;
    int appends = offset == wal->appendOffset && amount <= GATHER_CAPACITY;
    wal->appendOffset = offset + amount > wal->appendOffset ? offset + amount : wal->appendOffset;
    if (appends && wal->buffer == NULL) wal->buffer = malloc(GATHER_CAPACITY);
    int gathered = appends && wal->buffer != NULL && wal->bufferLength > 0
        && offset == wal->bufferStart + wal->bufferLength && wal->bufferLength + amount <= GATHER_CAPACITY;
    if (!gathered) {
        int status = flushGathered(wal);
        if (status != SQLITE_OK) return status;
        // Anything but an append at the end (a frame written again in its transaction, the
        // checksums rewritten before a commit) goes to the file at once and in order.
        if (!appends || wal->buffer == NULL) {
            wal->writesIssued += 1;
            return wal->inner->pMethods->xWrite(wal->inner, data, amount, offset);
        }
        wal->bufferStart = offset;
    }
    memcpy(wal->buffer + wal->bufferLength, data, (size_t)amount);
    wal->bufferLength += amount;
    return endsCommit ? flushGathered(wal) : SQLITE_OK;
}

static int walClose(sqlite3_file *file) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int flushed = flushGathered(wal);
    int closed = wal->inner->pMethods->xClose(wal->inner);
    free(wal->buffer);
    wal->buffer = NULL;
    return flushed != SQLITE_OK ? flushed : closed;
}

static int walRead(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xRead(wal->inner, data, amount, offset);
}

static int walTruncate(sqlite3_file *file, sqlite3_int64 size) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    if (wal->appendOffset > size) wal->appendOffset = size;
    return wal->inner->pMethods->xTruncate(wal->inner, size);
}

static int walSync(sqlite3_file *file, int flags) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xSync(wal->inner, flags);
}

static int walFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xFileSize(wal->inner, size);
}

static int walLock(sqlite3_file *file, int level) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xLock(wal->inner, level);
}

static int walUnlock(sqlite3_file *file, int level) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xUnlock(wal->inner, level);
}

static int walCheckReservedLock(sqlite3_file *file, int *result) {
    GatheredWAL *wal = (GatheredWAL *)file;
    return wal->inner->pMethods->xCheckReservedLock(wal->inner, result);
}

static int walFileControl(sqlite3_file *file, int op, void *argument) {
    GatheredWAL *wal = (GatheredWAL *)file;
    int status = flushGathered(wal);
    if (status != SQLITE_OK) return status;
    return wal->inner->pMethods->xFileControl(wal->inner, op, argument);
}

static int walSectorSize(sqlite3_file *file) {
    GatheredWAL *wal = (GatheredWAL *)file;
    return wal->inner->pMethods->xSectorSize(wal->inner);
}

static int walDeviceCharacteristics(sqlite3_file *file) {
    GatheredWAL *wal = (GatheredWAL *)file;
    return wal->inner->pMethods->xDeviceCharacteristics(wal->inner);
}

static int gatheringOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    sqlite3_vfs *inner = innerVFS();
    if ((flags & SQLITE_OPEN_WAL) == 0) return inner->xOpen(inner, name, file, flags, outFlags);
    GatheredWAL *wal = (GatheredWAL *)file;
    memset(wal, 0, sizeof(*wal));
    wal->inner = (sqlite3_file *)(wal + 1);
    int status = inner->xOpen(inner, name, wal->inner, flags, outFlags);
    // SQLite calls xClose after a failed open only when the methods are set.
    wal->base.pMethods = wal->inner->pMethods != NULL ? &gatheredWALMethods : NULL;
    return status;
}

static int gatheringDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    return innerVFS()->xDelete(innerVFS(), name, syncDirectory);
}

static int gatheringAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return innerVFS()->xAccess(innerVFS(), name, flags, result);
}

static int gatheringFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return innerVFS()->xFullPathname(innerVFS(), name, size, output);
}

static void *gatheringDlOpen(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return innerVFS()->xDlOpen(innerVFS(), name);
}

static void gatheringDlError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    innerVFS()->xDlError(innerVFS(), size, message);
}

static void (*gatheringDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return innerVFS()->xDlSym(innerVFS(), library, symbol);
}

static void gatheringDlClose(sqlite3_vfs *vfs, void *library) {
    (void)vfs;
    innerVFS()->xDlClose(innerVFS(), library);
}

static int gatheringRandomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return innerVFS()->xRandomness(innerVFS(), size, output);
}

static int gatheringSleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return innerVFS()->xSleep(innerVFS(), microseconds);
}

static int gatheringCurrentTime(sqlite3_vfs *vfs, double *time) {
    (void)vfs;
    return innerVFS()->xCurrentTime(innerVFS(), time);
}

static int gatheringGetLastError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return innerVFS()->xGetLastError(innerVFS(), size, message);
}

static int gatheringCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *time) {
    (void)vfs;
    return innerVFS()->xCurrentTimeInt64(innerVFS(), time);
}

static int registration = SQLITE_ERROR;
static pthread_once_t registrationOnce = PTHREAD_ONCE_INIT;

static void registerGatheringVFS(void) {
    sqlite3_vfs *inner = sqlite_nio_sqlite3_vfs_find(NULL);
    if (inner == NULL || inner->iVersion < 2) return;
    gatheredWALMethods = (sqlite3_io_methods){
        // Version 1: SQLite keeps its shared memory and memory maps on the database file and
        // never asks the WAL for them.
        .iVersion = 1,
        .xClose = walClose,
        .xRead = walRead,
        .xWrite = walWrite,
        .xTruncate = walTruncate,
        .xSync = walSync,
        .xFileSize = walFileSize,
        .xLock = walLock,
        .xUnlock = walUnlock,
        .xCheckReservedLock = walCheckReservedLock,
        .xFileControl = walFileControl,
        .xSectorSize = walSectorSize,
        .xDeviceCharacteristics = walDeviceCharacteristics,
    };
    int gatheredSize = (int)((sizeof(GatheredWAL) + 7) & ~(size_t)7);
    gatheringVFS = (sqlite3_vfs){
        .iVersion = 2,
        .szOsFile = gatheredSize + inner->szOsFile,
        .mxPathname = inner->mxPathname,
        .zName = GATEHOUSE_WAL_VFS_NAME,
        .pAppData = inner,
        .xOpen = gatheringOpen,
        .xDelete = gatheringDelete,
        .xAccess = gatheringAccess,
        .xFullPathname = gatheringFullPathname,
        .xDlOpen = gatheringDlOpen,
        .xDlError = gatheringDlError,
        .xDlSym = gatheringDlSym,
        .xDlClose = gatheringDlClose,
        .xRandomness = gatheringRandomness,
        .xSleep = gatheringSleep,
        .xCurrentTime = gatheringCurrentTime,
        .xGetLastError = gatheringGetLastError,
        .xCurrentTimeInt64 = gatheringCurrentTimeInt64,
    };
    registration = sqlite_nio_sqlite3_vfs_register(&gatheringVFS, 0);
}

int gatehouse_sqlite3_register_wal_vfs(void) {
    pthread_once(&registrationOnce, registerGatheringVFS);
    return registration;
}

int gatehouse_sqlite3_wal_write_counts(sqlite3 *db, long long *received, long long *issued) {
    sqlite3_file *file = NULL;
    int status = sqlite_nio_sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file);
    if (status != SQLITE_OK) return status;
    if (file == NULL || file->pMethods != &gatheredWALMethods) return SQLITE_NOTFOUND;
    GatheredWAL *wal = (GatheredWAL *)file;
    *received = wal->writesReceived;
    *issued = wal->writesIssued;
    return SQLITE_OK;
}

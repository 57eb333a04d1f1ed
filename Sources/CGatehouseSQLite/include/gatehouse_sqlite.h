#ifndef GATEHOUSE_SQLITE_H
#define GATEHOUSE_SQLITE_H

typedef struct sqlite3 sqlite3;

/// Turns on SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) for `db`.
/// Without it, a statement whose plan could depend on a bound value (a LIMIT, a view's terms
/// compared with a parameter) is marked to be prepared again whenever that value is rebound,
/// which undoes keeping statements prepared. `sqlite3_db_config` is variadic, which Swift cannot
/// call: hence this function. Returns SQLite's result code.
int gatehouse_sqlite3_enable_qpsg(sqlite3 *db);

/// Syncs `db`'s main database file to storage through SQLite's own handle of it
/// (SQLITE_FCNTL_FILE_POINTER, then the VFS's xSync). Never through a descriptor of one's own:
/// closing a second descriptor of the file drops every POSIX lock the process holds on it,
/// SQLite's included. Returns SQLite's result code (SQLITE_MISUSE when the file is not open).
int gatehouse_sqlite3_sync_main_file(sqlite3 *db);

/// The name of the VFS `gatehouse_sqlite3_register_wal_vfs` registers.
#define GATEHOUSE_WAL_VFS_NAME "gatehouse-gathered-wal"

/// Registers, once per process, a VFS over SQLite's default one that writes the frames a
/// transaction appends to its WAL as one write instead of two a frame (gatehouse_wal_vfs.c).
/// Every other file is the default VFS's own. Not made the default: a connection asks for it by
/// name. Returns SQLite's result code (the same one on every call).
int gatehouse_sqlite3_register_wal_vfs(void);

/// The writes SQLite made to `db`'s WAL file and those that reached the default VFS, since the
/// connection opened it. SQLITE_NOTFOUND when the WAL is not open through the gathering VFS.
int gatehouse_sqlite3_wal_write_counts(sqlite3 *db, long long *received, long long *issued);

#endif

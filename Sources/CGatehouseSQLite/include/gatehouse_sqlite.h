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

#endif

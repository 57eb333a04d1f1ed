#ifndef GATEHOUSE_SQLITE_H
#define GATEHOUSE_SQLITE_H

typedef struct sqlite3 sqlite3;

/// Turns on SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) for `db`.
/// Without it, a statement whose plan could depend on a bound value (a LIMIT, a view's terms
/// compared with a parameter) is marked to be prepared again whenever that value is rebound,
/// which undoes keeping statements prepared. `sqlite3_db_config` is variadic, which Swift cannot
/// call: hence this function. Returns SQLite's result code.
int gatehouse_sqlite3_enable_qpsg(sqlite3 *db);

#endif

#include "gatehouse_sqlite.h"
#include <sqlite_nio_sqlite3.h>

int gatehouse_sqlite3_enable_qpsg(sqlite3 *db) {
    int enabled = 0;
    int status = sqlite_nio_sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, &enabled);
    if (status == SQLITE_OK && !enabled) return SQLITE_ERROR;
    return status;
}

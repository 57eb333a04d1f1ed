#include "gatehouse_sqlite.h"
#include <sqlite_nio_sqlite3.h>

int gatehouse_sqlite3_enable_qpsg(sqlite3 *db) {
    int enabled = 0;
    int status = sqlite_nio_sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, &enabled);
    if (status == SQLITE_OK && !enabled) return SQLITE_ERROR;
    return status;
}

int gatehouse_sqlite3_sync_main_file(sqlite3 *db) {
    sqlite3_file *file = 0;
    int status = sqlite_nio_sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file);
    if (status != SQLITE_OK) return status;
    if (file == 0 || file->pMethods == 0) return SQLITE_MISUSE;
    return file->pMethods->xSync(file, SQLITE_SYNC_NORMAL);
}

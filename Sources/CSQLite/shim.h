// The system's SQLite 3 (Debian: libsqlite3-dev), the history store's database.
#include <sqlite3.h>

/** Where Debian's PostgreSQL 15 server binaries live (package postgresql-15). */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

-- The role and database Gatehouse uses on a PostgreSQL 15 (or newer) server. Run it once as a
-- superuser, with the role's password in the environment (psql reads it, so it stays out of the
-- command line and the shell's history):
--
--   GATEHOUSE_DB_PASSWORD='…' psql -v ON_ERROR_STOP=1 -U postgres -f create-database.sql
--
-- Safe to run again: an existing role gets the new password, an existing database is kept.
-- The official postgres image runs it from /docker-entrypoint-initdb.d (deploy/cluster).
-- Gatehouse then needs GATEHOUSE_DATABASE_URL=postgres://gatehouse:PASSWORD@HOST:5432/gatehouse
-- and creates its tables itself at its first start.

\getenv gatehouse_password GATEHOUSE_DB_PASSWORD
\if :{?gatehouse_password}
\else
    DO $$ BEGIN RAISE EXCEPTION 'set GATEHOUSE_DB_PASSWORD to the password of the gatehouse role'; END $$;
\endif

SELECT 'CREATE ROLE gatehouse LOGIN'
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gatehouse') \gexec
ALTER ROLE gatehouse WITH LOGIN PASSWORD :'gatehouse_password';

SELECT 'CREATE DATABASE gatehouse OWNER gatehouse ENCODING ''UTF8'' TEMPLATE template0'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'gatehouse') \gexec
-- Only the owner (and superusers) may connect.
REVOKE CONNECT, TEMPORARY ON DATABASE gatehouse FROM PUBLIC;

-- The roles and default grants a Supabase database has before any migration runs, recreated for the
-- embedded PGlite database and the throwaway PostgreSQL 15 of the tests. Not a migration: Supabase's
-- own image provides this. The default grants are what makes row-level security matter: anon and
-- authenticated get every new table in public unless a migration revokes it.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

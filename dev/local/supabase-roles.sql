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

-- The part of Supabase Auth's schema the project relies on, as the platform has it: `auth.users` (its
-- columns that the local stand-in of the Auth endpoints, dev/local/auth-stand-in.js, writes and the
-- inbox's SQL reads) and `auth.uid()`, `auth.jwt()`, which read the verified token's claims the caller
-- set in `request.jwt.claims` (the inbox function does, as PostgREST does). On Supabase, GoTrue owns all
-- of it; a migration never defines any of it.
create schema if not exists auth;
create table if not exists auth.users (
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}',
  raw_user_meta_data jsonb default '{}',
  is_anonymous boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), auth.jwt() ->> 'sub')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''), auth.jwt() ->> 'role')::text
$$;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

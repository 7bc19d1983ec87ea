-- Retention, enforced by the database (GDPR art. 5(1)(e)): quote requests are deleted after a configured
-- period (default 12 months); the hashed client address and the user agent, needed only for rate limits
-- and abuse, are cleared much sooner (default 7 days). A firm changes the periods with one UPDATE.

create table public.retention_settings (
  id boolean primary key default true check (id),
  quote_requests interval not null default interval '12 months',
  client_data interval not null default interval '7 days'
);
insert into public.retention_settings default values;
alter table public.retention_settings enable row level security;
revoke all on table public.retention_settings from anon, authenticated;

-- Deletes what is past its retention; returns how many requests were deleted and how many were cleared.
create or replace function public.purge_expired_quote_data(out deleted_requests integer, out cleared_client_data integer)
language plpgsql
security definer
set search_path = public
as $$
declare
  settings public.retention_settings;
begin
  select * into settings from public.retention_settings where id;
  delete from public.quote_requests where received_at < now() - settings.quote_requests;
  get diagnostics deleted_requests = row_count;
  update public.quote_requests set client_ip_hash = 'cleared', user_agent = null
    where received_at < now() - settings.client_data and client_ip_hash <> 'cleared';
  get diagnostics cleared_client_data = row_count;
end;
$$;

-- Everything stored for one e-mail address: for an access request (select) or an erasure request (delete).
create or replace function public.forget_quote_requester(address text)
returns integer
language sql
security definer
set search_path = public
as $$
  with gone as (delete from public.quote_requests where lower(email) = lower(address) returning 1)
  select count(*)::integer from gone;
$$;

revoke all on function public.purge_expired_quote_data() from public, anon, authenticated;
revoke all on function public.forget_quote_requester(text) from public, anon, authenticated;

-- On Supabase (and wherever pg_cron is available) the purge runs every night at 03:17.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('purge-expired-quote-data', '17 3 * * *', 'select public.purge_expired_quote_data()');
  end if;
end
$$;

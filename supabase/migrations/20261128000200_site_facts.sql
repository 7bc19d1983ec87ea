-- The firm's facts as the site publishes them (SITE_URL/site-facts.json, built from site/_data by
-- site/_lib/site-facts.js): the last good copy the functions read, kept here so that a site that cannot
-- be reached, or serves a file that is not valid, changes nothing (supabase/functions/_shared/site-facts.ts).
-- Saving a new copy also applies it: the retention the privacy page promises (retention_settings) and
-- the receipt's facts and switch (receipt_settings), so one publish reaches them with no command to run.

create table public.site_facts (
  id boolean primary key default true check (id),
  facts jsonb not null,
  -- The SHA-256 of the facts as the site published them: jsonb keeps no key order, so it is kept as read.
  hash text not null,
  built_at timestamptz not null,
  -- When a function last read this copy from the site.
  read_at timestamptz not null
);
alter table public.site_facts enable row level security;
revoke all on table public.site_facts from anon, authenticated;

-- Saves a copy the function has validated and applies it to retention and receipts, every time (a
-- settings row changed or deleted by hand is mended by the next read); returns true when the copy
-- differed from the one held.
create function public.save_site_facts(p_facts jsonb, p_hash text, p_built_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  changed boolean;
begin
  changed := not exists (select 1 from public.site_facts where id and hash = p_hash);
  insert into public.site_facts (id, facts, hash, built_at, read_at) values (true, p_facts, p_hash, p_built_at, now())
    on conflict (id) do update set facts = excluded.facts, hash = excluded.hash, built_at = excluded.built_at, read_at = excluded.read_at;
  insert into public.retention_settings (id, quote_requests, client_data)
    values (true, make_interval(months => (p_facts #>> '{retention,requestMonths}')::int),
      make_interval(days => (p_facts #>> '{retention,clientDataDays}')::int))
    on conflict (id) do update set quote_requests = excluded.quote_requests, client_data = excluded.client_data;
  insert into public.receipt_settings (id, send, facts) values (true, (p_facts ->> 'sendReceipt')::boolean, p_facts)
    on conflict (id) do update set send = excluded.send, facts = excluded.facts;
  return changed;
end;
$$;
revoke execute on function public.save_site_facts(jsonb, text, timestamptz) from public, anon, authenticated;

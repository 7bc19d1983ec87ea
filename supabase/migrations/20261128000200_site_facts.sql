-- The firm's facts as the site publishes them (SITE_URL/site-facts.json, built from site/_data by
-- site/_lib/site-facts.js): the last good copy the functions read, kept here so that a site that cannot
-- be reached, or serves a file that is not valid or is larger than 1 MB (no more is read), changes nothing
-- (supabase/functions/_shared/site-facts.ts).
-- Saving a new copy also applies it: the retention the privacy page promises (retention_settings) and
-- the receipt's facts and switch (receipt_settings), so one publish reaches them with no command to run.
-- An older build never replaces a newer one: a copy built before the one held (a stale copy a CDN still
-- serves, read by one instance after another applied the new build) is refused, and changes nothing.

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
-- settings row changed or deleted by hand is mended by the next read), unless another copy built before
-- it is held. Answers 'applied' (a copy other than the one held, now held and applied), 'same' (the
-- copy held, applied again; the later of the two build times kept) or 'stale' (another copy built
-- after this one is held: nothing is saved nor applied, and the function takes the one held). Of two
-- copies built at the same instant with different hashes the one saved last is taken: two builds in the
-- same millisecond do not happen, and refusing would leave a site stuck on the first one read.
create function public.save_site_facts(p_facts jsonb, p_hash text, p_built_at timestamptz)
returns text
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  held_hash text;
  held_built_at timestamptz;
  saved int;
begin
  -- The row stays locked until the end: two instances saving at once are taken one after the other.
  select hash, built_at into held_hash, held_built_at from public.site_facts where id for update;
  if held_hash <> p_hash and p_built_at < held_built_at then
    return 'stale';
  end if;
  -- The guard repeats the check for a row another transaction inserted after the select found none.
  insert into public.site_facts as held (id, facts, hash, built_at, read_at) values (true, p_facts, p_hash, p_built_at, now())
    on conflict (id) do update
      set facts = excluded.facts, hash = excluded.hash, built_at = greatest(held.built_at, excluded.built_at), read_at = excluded.read_at
      where held.hash = excluded.hash or held.built_at <= excluded.built_at;
  get diagnostics saved = row_count;
  if saved = 0 then
    return 'stale';
  end if;
  insert into public.retention_settings (id, quote_requests, client_data)
    values (true, make_interval(months => (p_facts #>> '{retention,requestMonths}')::int),
      make_interval(days => (p_facts #>> '{retention,clientDataDays}')::int))
    on conflict (id) do update set quote_requests = excluded.quote_requests, client_data = excluded.client_data;
  insert into public.receipt_settings (id, send, facts) values (true, (p_facts ->> 'sendReceipt')::boolean, p_facts)
    on conflict (id) do update set send = excluded.send, facts = excluded.facts;
  return case when held_hash = p_hash then 'same' else 'applied' end;
end;
$$;
revoke execute on function public.save_site_facts(jsonb, text, timestamptz) from public, anon, authenticated;

-- Statements of leads per partner per month, counted in Copenhagen time, that outlive the rows: a
-- commission paid on a month can still be checked after the retention purge or an erasure (GDPR art. 17)
-- has deleted the requests. What is kept is counts and days (not times, which could point to a person),
-- no personal data (the privacy page says so).
--
-- A lead is one stored quote request: a replay with the same idempotency key is the same row and counts
-- once; a deploy check (`npm run verify:deploy`) is not a lead; a request held back (over the cap of
-- e-mails for one address in the hour, never e-mailed one by one) is counted apart as `held`, not as a
-- lead. `undelivered` counts the leads whose e-mail has not reached the firm (failed, or not sent yet).
-- A month is a calendar month in Europe/Copenhagen: 00:30 Danish time on 1 November is November.

create function public.copenhagen_month(at_time timestamptz)
returns date
language sql
immutable
as $$ select date_trunc('month', at_time at time zone 'Europe/Copenhagen')::date $$;

create function public.copenhagen_day(at_time timestamptz)
returns date
language sql
immutable
as $$ select (at_time at time zone 'Europe/Copenhagen')::date $$;

-- The page a request came from, without query or fragment (a page, not a visit).
create function public.lead_page(source_url text)
returns text
language sql
immutable
as $$ select coalesce(substring(source_url from '^[^?#]*'), '') $$;

-- The counts of requests no longer stored, kept when each row is deleted (by the trigger below). The
-- statement adds the rows still stored, so nothing is counted twice: a row is in one place or the other.
create table public.lead_statement_counts (
  month date not null check (extract(day from month) = 1),
  partner_id text not null, -- '' for the firm's own site
  page text not null,
  leads integer not null default 0,
  held integer not null default 0,
  undelivered integer not null default 0,
  first_day date, -- the Copenhagen days of the first and last lead (held requests aside)
  last_day date,
  primary key (month, partner_id, page)
);

create function public.keep_lead_count()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
declare
  is_lead boolean := old.notification_status <> 'held';
begin
  if old.deploy_check then
    return old;
  end if;
  insert into lead_statement_counts as kept (month, partner_id, page, leads, held, undelivered, first_day, last_day)
  values (copenhagen_month(old.received_at), coalesce(old.partner_id, ''), lead_page(old.source_url),
    is_lead::int, (not is_lead)::int, (old.notification_status in ('pending', 'sending', 'failed'))::int,
    case when is_lead then copenhagen_day(old.received_at) end, case when is_lead then copenhagen_day(old.received_at) end)
  on conflict (month, partner_id, page) do update set
    leads = kept.leads + excluded.leads,
    held = kept.held + excluded.held,
    undelivered = kept.undelivered + excluded.undelivered,
    first_day = least(kept.first_day, excluded.first_day),
    last_day = greatest(kept.last_day, excluded.last_day);
  return old;
end;
$$;

-- Every delete counts: the retention purge, forget_quote_requester(), or one by hand.
create trigger quote_requests_keep_lead_count
  after delete on public.quote_requests
  for each row execute function public.keep_lead_count();

-- One month's statement per partner and page: the rows still stored plus the counts kept of deleted ones.
create function public.lead_statement(p_month date)
returns table (partner_id text, partner_name text, page text, leads integer, held integer, undelivered integer,
  first_day text, last_day text)
language sql
stable
security definer
set search_path = public
as $$
  with stored as (
    select coalesce(q.partner_id, '') as partner_id, lead_page(q.source_url) as page,
      count(*) filter (where q.notification_status <> 'held') as leads,
      count(*) filter (where q.notification_status = 'held') as held,
      count(*) filter (where q.notification_status in ('pending', 'sending', 'failed')) as undelivered,
      min(copenhagen_day(q.received_at)) filter (where q.notification_status <> 'held') as first_day,
      max(copenhagen_day(q.received_at)) filter (where q.notification_status <> 'held') as last_day
    from quote_requests q
    where not q.deploy_check
      and q.received_at >= date_trunc('month', p_month)::timestamp at time zone 'Europe/Copenhagen'
      and q.received_at < (date_trunc('month', p_month) + interval '1 month')::timestamp at time zone 'Europe/Copenhagen'
    group by 1, 2
  ), both_kinds as (
    select * from stored
    union all
    select k.partner_id, k.page, k.leads, k.held, k.undelivered, k.first_day, k.last_day
    from lead_statement_counts k where k.month = date_trunc('month', p_month)::date
  )
  select b.partner_id, min(p.name), b.page, sum(b.leads)::integer, sum(b.held)::integer, sum(b.undelivered)::integer,
    to_char(min(b.first_day), 'YYYY-MM-DD'), to_char(max(b.last_day), 'YYYY-MM-DD')
  from both_kinds b left join partners p on p.id = b.partner_id
  group by b.partner_id, b.page
  order by b.partner_id, b.page
$$;

-- The monthly statement e-mail: one row per month, claimed by one sender (concurrent retry runs), and
-- marked once it has gone out, so each month's statement is sent once.
create table public.lead_statement_mails (
  month date primary key check (extract(day from month) = 1),
  -- false for the month before statements existed: nothing to send for it.
  needed boolean not null default true,
  claimed_until timestamptz,
  sent_at timestamptz
);
insert into public.lead_statement_mails (month, needed)
  values ((public.copenhagen_month(now()) - interval '1 month')::date, false);

alter table public.lead_statement_counts enable row level security;
alter table public.lead_statement_mails enable row level security;
revoke all on table public.lead_statement_counts, public.lead_statement_mails from anon, authenticated;
revoke all on function public.keep_lead_count() from public, anon, authenticated;
revoke all on function public.lead_statement(date) from public, anon, authenticated;

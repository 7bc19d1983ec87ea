-- The firm's SMS for every new lead (supabase/functions/_shared/sms-delivery.ts; the function's README,
-- "The firm's SMS"): one row per stored request that is not held, with a state of its own beside the
-- e-mail's, and a daily cap counted here for every instance. Only new things: the baseline is untouched.


-- ---------------------------------------------------------------------------------------------------
-- One SMS per request: due -> sending (claimed by one sender, attempt number as the fence) -> sent; back
-- to due with backoff when the provider failed for now; failed for good on a refusal (4xx) or past the
-- horizon; capped when the day's cap was reached; off for a deploy check that did not ask for one. The
-- row is written in the request's own transaction (the trigger below), so no request is stored without
-- it, whichever instance or retry sends it.

create table public.lead_sms (
  request_id uuid primary key references public.quote_requests (id) on delete cascade,
  received_at timestamptz not null,
  status text not null default 'due' check (status in ('due', 'sending', 'sent', 'failed', 'capped', 'off')),
  attempts integer not null default 0,
  -- The request's own sender sends at once (claim by id); the scheduled retry takes over a row only after
  -- this, so the two do not race for a request that is being answered.
  next_attempt_at timestamptz not null default now() + interval '1 minute',
  claimed_until timestamptz,
  -- The Copenhagen day whose cap this SMS took: counted once, however often it is retried.
  counted_on date,
  -- A deploy check (`npm run verify:deploy -- … --sms`) that asked for its test SMS; other deploy checks get none.
  test_asked boolean not null default false,
  last_error text,
  sent_at timestamptz
);
create index lead_sms_due on public.lead_sms (received_at) where status in ('due', 'sending');
alter table public.lead_sms enable row level security;
revoke all on table public.lead_sms from anon, authenticated;

-- The SMS of each Copenhagen day: `sent` counts those that took the cap, `over_cap` the requests that came
-- over it and got none. The day's one summary ("n more came") is claimed and marked like a row above.
create table public.sms_days (
  day date primary key,
  sent integer not null default 0,
  over_cap integer not null default 0,
  summary_attempts integer not null default 0,
  summary_claimed_until timestamptz,
  summary_sent_at timestamptz,
  summary_failed_at timestamptz
);
alter table public.sms_days enable row level security;
revoke all on table public.sms_days from anon, authenticated;

-- Every stored request that is not held gets its SMS row in the same transaction.
create function public.queue_lead_sms()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  insert into public.lead_sms (request_id, received_at) values (new.id, new.received_at);
  return new;
end;
$$;

create trigger quote_requests_queue_sms
  after insert on public.quote_requests
  for each row when (new.notification_status <> 'held') execute function public.queue_lead_sms();


-- Takes up to p_limit SMS that are due (of the requests `p_ids`, or of all when null) for one sender,
-- within p_horizon_hours of their request. Each takes one of the day's p_daily_limit the first time it
-- is claimed (the day's row is locked by its update, so instances count one at a time); over the cap it
-- ends `capped` and counts in the day's `over_cap`. A deploy check that did not ask for its SMS ends `off`.
-- Returns what the text needs: name, phone, town and kind (the column `kind`, where the table has one).
create function public.claim_lead_sms(p_ids uuid[], p_limit int, p_daily_limit int, p_horizon_hours int, p_claim_seconds int)
returns table (request_id uuid, attempt int, name text, phone text, location text, kind text, deploy_check boolean)
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  today date := public.copenhagen_day(now());
  candidate record;
  claimed int := 0;
begin
  for candidate in
    select s.request_id, s.counted_on, s.test_asked, q.deploy_check
    from public.lead_sms s join public.quote_requests q on q.id = s.request_id
    where (p_ids is null or s.request_id = any(p_ids))
      and s.received_at > now() - make_interval(hours => p_horizon_hours)
      and ((s.status = 'due' and (s.next_attempt_at <= now() or (p_ids is not null and s.attempts = 0)))
        or (s.status = 'sending' and s.claimed_until < now()))
    order by s.received_at
    for update of s skip locked
  loop
    if candidate.deploy_check and not candidate.test_asked then
      update public.lead_sms set status = 'off' where lead_sms.request_id = candidate.request_id;
      continue;
    end if;
    if candidate.counted_on is null then
      insert into public.sms_days (day) values (today) on conflict on constraint sms_days_pkey do nothing;
      update public.sms_days set sent = sent + 1 where day = today and sent < p_daily_limit;
      if not found then
        update public.sms_days set over_cap = over_cap + 1 where day = today;
        update public.lead_sms set status = 'capped' where lead_sms.request_id = candidate.request_id;
        continue;
      end if;
    end if;
    return query
      update public.lead_sms s set status = 'sending', attempts = s.attempts + 1, counted_on = coalesce(s.counted_on, today),
        claimed_until = now() + make_interval(secs => p_claim_seconds)
      from public.quote_requests q
      where s.request_id = candidate.request_id and q.id = s.request_id
      returning s.request_id, s.attempts, q.name, q.phone, q.location, to_jsonb(q) ->> 'kind', q.deploy_check;
    claimed := claimed + 1;
    exit when claimed >= p_limit;
  end loop;
end;
$$;

-- Records how a claimed SMS went, fenced by its attempt: sent; back to due with backoff (1, 2, 4 … at
-- most 60 minutes); or failed for good on a refusal or once its request is past the horizon.
create function public.finish_lead_sms(p_id uuid, p_attempt int, p_error text, p_permanent boolean, p_horizon_hours int)
returns text
language sql
security definer
set search_path = public, pg_temp
as $$
  update public.lead_sms set
    status = case when p_error is null then 'sent'
      when p_permanent or received_at < now() - make_interval(hours => p_horizon_hours) then 'failed' else 'due' end,
    last_error = left(p_error, 500),
    sent_at = case when p_error is null then now() end,
    claimed_until = null,
    next_attempt_at = now() + make_interval(mins => least(power(2, least(greatest(attempts - 1, 0), 6)), 60)::int)
  where request_id = p_id and status = 'sending' and attempts = p_attempt
  returning status;
$$;

-- Gives up the SMS that were tried and are still not out once their request is past the horizon (the
-- provider failed for that long); returns them for the error log. One never tried (no SMS secrets were
-- set when it came) stays as it is and is never sent.
create function public.expire_lead_sms(p_horizon_hours int)
returns table (request_id uuid, attempt int, last_error text)
language sql
security definer
set search_path = public, pg_temp
as $$
  update public.lead_sms s set status = 'failed', claimed_until = null
  where s.attempts > 0 and s.received_at <= now() - make_interval(hours => p_horizon_hours)
    and (s.status = 'due' or (s.status = 'sending' and s.claimed_until < now()))
  returning s.request_id, s.attempts, s.last_error;
$$;

-- Marks a deploy check's SMS as asked for (the check's request carries X-Deploy-Check-Sms).
create function public.ask_test_sms(p_id uuid)
returns void
language sql
security definer
set search_path = public, pg_temp
as $$ update public.lead_sms set test_asked = true where request_id = p_id $$;

-- Claims the summary of the oldest day that had requests over its cap and whose summary is not out:
-- once the day is over in Copenhagen (so its count is final), and not before 07:00 the next morning (a
-- count is no reason to wake the firm). A day more than a week old is not summarised any more.
create function public.claim_sms_summary(p_claim_seconds int)
returns table (day date, over_cap int, attempt int)
language sql
security definer
set search_path = public, pg_temp
as $$
  update public.sms_days d set summary_attempts = d.summary_attempts + 1,
    summary_claimed_until = now() + make_interval(secs => p_claim_seconds)
  where d.day = (
    select o.day from public.sms_days o
    where o.over_cap > 0 and o.summary_sent_at is null and o.summary_failed_at is null
      and o.day < public.copenhagen_day(now()) and o.day >= public.copenhagen_day(now()) - 7
      and (o.day < public.copenhagen_day(now()) - 1 or (now() at time zone 'Europe/Copenhagen')::time >= '07:00')
      and (o.summary_claimed_until is null or o.summary_claimed_until < now())
    order by o.day
    limit 1
    for update skip locked)
  returning d.day, d.over_cap, d.summary_attempts;
$$;

-- Records how a claimed summary went, fenced by its attempt: sent; failed for good on a refusal; or
-- released for the next scheduled retry.
create function public.finish_sms_summary(p_day date, p_attempt int, p_error text, p_permanent boolean)
returns text
language sql
security definer
set search_path = public, pg_temp
as $$
  update public.sms_days set
    summary_sent_at = case when p_error is null then now() end,
    summary_failed_at = case when p_error is not null and p_permanent then now() end,
    summary_claimed_until = null
  where day = p_day and summary_attempts = p_attempt and summary_sent_at is null and summary_failed_at is null
  returning case when p_error is null then 'sent' when p_permanent then 'failed' else 'due' end;
$$;

-- Not callable through PostgREST (the baseline's default privileges cover these; said here as well).
revoke execute on function public.queue_lead_sms(), public.claim_lead_sms(uuid[], int, int, int, int),
  public.finish_lead_sms(uuid, int, text, boolean, int), public.expire_lead_sms(int), public.ask_test_sms(uuid), public.claim_sms_summary(int),
  public.finish_sms_summary(date, int, text, boolean) from public, anon, authenticated;

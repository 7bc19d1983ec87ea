-- The customer's receipt: a short e-mail to the address a request gave, sent only once the firm's own
-- e-mail is out, retried like it, and at most a few per address a day (supabase/functions/_shared/
-- receipt-delivery.ts passes the figure). Its state is its own, beside the firm's: a receipt that fails
-- never touches notification_status, so it can neither mark the firm's e-mail failed nor resend it.

-- Rows stored before receipts existed keep receipt_status null: no receipt is ever sent for them.
alter table public.quote_requests
  add column receipt_status text check (receipt_status in ('due', 'sending', 'sent', 'skipped', 'off', 'failed')),
  add column receipt_attempts integer not null default 0,
  -- When this row took one of its address's receipts for the day (kept through retries).
  add column receipt_at timestamptz,
  add column receipt_next_attempt_at timestamptz,
  add column receipt_claimed_until timestamptz,
  add column receipt_error text;
alter table public.quote_requests alter column receipt_status set default 'due';

-- The few rows whose firm's e-mail is out and whose receipt is not decided yet.
create index quote_requests_receipt_due on public.quote_requests (received_at)
  where receipt_status in ('due', 'sending') and notification_status = 'sent';

-- What the receipt says about the firm, and whether it is sent at all: written from site/_data by
-- `npm run retention` (dev/local/receipt-settings.js), which the local stack runs after its migrations.
-- No defaults and no row here: until the site's facts are written, no receipt goes out.
create table public.receipt_settings (
  id boolean primary key default true check (id),
  send boolean not null,
  facts jsonb not null
);
alter table public.receipt_settings enable row level security;
revoke all on table public.receipt_settings from anon, authenticated;

-- Takes up to p_limit receipts that are due (of the rows `p_ids`, or of all rows when null) for one
-- sender: each due one is claimed for sending, or settled as 'off' (receipts turned off or not set up) or 'skipped' (its
-- address had p_per_day receipts in the last 24 hours). Returns the claimed ones with the firm's facts.
create or replace function public.claim_receipts(p_ids uuid[], p_limit int, p_per_day int, p_claim_seconds int)
returns table (request_id uuid, address text, place text, received timestamptz, attempt int, facts jsonb)
language plpgsql
security definer
set search_path = public
as $$
declare
  settings public.receipt_settings;
  configured boolean;
  candidate record;
  taken int;
  claimed int := 0;
begin
  select * into settings from public.receipt_settings s where s.id;
  configured := found;
  for candidate in
    select q.id, q.email, q.receipt_at from public.quote_requests q
    where (p_ids is null or q.id = any(p_ids)) and q.notification_status = 'sent'
      and ((q.receipt_status = 'due' and coalesce(q.receipt_next_attempt_at, '-infinity') <= now())
        or (q.receipt_status = 'sending' and q.receipt_claimed_until < now()))
    order by q.received_at
    for update skip locked
  loop
    if not configured or not settings.send then
      update public.quote_requests set receipt_status = 'off' where id = candidate.id;
      continue;
    end if;
    if candidate.receipt_at is null then
      -- One sender at a time counts an address's receipts, so two at once cannot both take the last one.
      perform pg_advisory_xact_lock(3, hashtext(lower(candidate.email)));
      select count(*) into taken from public.quote_requests r
        where lower(r.email) = lower(candidate.email) and r.received_at > now() - interval '3 days'
          and r.receipt_at > now() - interval '24 hours';
      if taken >= p_per_day then
        update public.quote_requests set receipt_status = 'skipped' where id = candidate.id;
        continue;
      end if;
    end if;
    return query
      update public.quote_requests q set receipt_status = 'sending', receipt_attempts = q.receipt_attempts + 1,
        receipt_at = coalesce(q.receipt_at, now()), receipt_claimed_until = now() + make_interval(secs => p_claim_seconds)
      where q.id = candidate.id
      returning q.id, q.email, q.location, q.received_at, q.receipt_attempts, settings.facts;
    claimed := claimed + 1;
    exit when claimed >= p_limit;
  end loop;
end;
$$;

-- Records how a claimed receipt went, fenced by its attempt number like the firm's e-mail: sent; or back
-- to due with the same backoff (1, 2, 4 … at most 60 minutes); or failed for good when the mail server
-- refused it (5xx) or the firm's e-mail went out more than p_horizon_hours ago.
create or replace function public.finish_receipt(p_id uuid, p_attempt int, p_error text, p_permanent boolean, p_horizon_hours int)
returns text
language sql
security definer
set search_path = public
as $$
  update public.quote_requests set
    receipt_status = case when p_error is null then 'sent'
      when p_permanent or sent_at < now() - make_interval(hours => p_horizon_hours) then 'failed' else 'due' end,
    receipt_error = left(p_error, 500),
    receipt_claimed_until = null,
    receipt_next_attempt_at = now() + make_interval(mins => least(power(2, least(greatest(receipt_attempts - 1, 0), 6)), 60)::int)
  where id = p_id and receipt_status = 'sending' and receipt_attempts = p_attempt
  returning receipt_status;
$$;

revoke all on function public.claim_receipts(uuid[], int, int, int) from public, anon, authenticated;
revoke all on function public.finish_receipt(uuid, int, text, boolean, int) from public, anon, authenticated;

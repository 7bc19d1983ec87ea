-- The database of the quote backend as a firm deploys it first: every table, function and schedule,
-- each defined once. No firm has deployed yet, so a change to the schema is made here (or in a new
-- migration that only adds something new); once a firm has deployed, every change is a new migration
-- that works on the rows that deployment holds (README.md, "Deploy").
--
-- Grouped by concern: the requests and who may read them; the alert gate; partners; photos; storing a
-- request in one round trip; the customer's receipt; retention; erasure; the monthly statements; the
-- scheduled jobs; who may execute the functions.


-- ---------------------------------------------------------------------------------------------------
-- Quote requests: every request is stored before any e-mail is attempted (README, "The quote
-- backend": store first, then notify). The public anon key can neither read nor write these tables:
-- row-level security is on with no policy for anon or authenticated, and their table privileges are
-- revoked as well.

create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  -- What the visitor asked for: a quote (the five fields of the quote form) or a call back (name and
  -- phone, and when to call if they said; docs/product.md#call-back-form). A call-back has no address,
  -- place or message, and so never a receipt (receipt_status null).
  kind text not null default 'quote' check (kind in ('quote', 'callback')),
  call_when text check (char_length(call_when) <= 40),
  -- The five fields of the quote form (docs/product.md#data), validated by the function. The address is
  -- stored in the one form the function makes of it (quote-checks.ts canonicalEmail: NFKC, the domain
  -- in lower-case ASCII), so counting and erasure compare only its mailbox (public.mailbox below).
  name text not null check (char_length(name) between 2 and 100),
  phone text not null check (char_length(phone) between 8 and 20),
  email text check (char_length(email) between 3 and 254),
  location text check (char_length(location) between 2 and 200),
  message text check (char_length(message) between 10 and 1000),
  check (kind = 'callback' or (email is not null and location is not null and message is not null)),
  check (kind = 'callback' or call_when is null),
  source_url text check (char_length(source_url) <= 500),
  partner_id text check (char_length(partner_id) <= 64),
  -- The same key never creates a second row (or a second e-mail).
  idempotency_key text unique check (char_length(idempotency_key) <= 200),
  -- The firm's e-mail: pending -> sending (claimed by one sender) -> sent. A request whose e-mail can
  -- never be delivered (a permanent SMTP refusal, or still failing after the retry horizon) ends in a
  -- terminal `failed` state instead of being retried forever; nothing is deleted because it failed.
  -- `held`: over the cap of e-mails for one address in the hour (submit_quote_request below), stored but
  -- not mailed one by one.
  notification_status text not null default 'pending'
    check (notification_status in ('pending', 'sending', 'sent', 'failed', 'held')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  -- Salted SHA-256 of the client address: enough for rate limits, no address stored.
  client_ip_hash text not null,
  user_agent text check (char_length(user_agent) <= 500),
  -- The content a request's idempotency key was first used for (a SHA-256 of its fields): the same key
  -- with other content is a client error (422), not a silent replay that drops the second request.
  request_hash text check (char_length(request_hash) = 64),
  failed_at timestamptz,
  -- The firm was told about this undelivered request through ALERT_WEBHOOK_URL.
  alerted_at timestamptz,
  -- A request sent by `npm run verify:deploy` carrying the firm's CRON_SECRET (X-Deploy-Check): stored
  -- and mailed like any other, every rule applying, and labelled so the firm can tell it from a customer's.
  deploy_check boolean not null default false,
  -- An alert about undelivered requests counts only once the firm's webhook took it (a 2xx answer):
  -- alerted_at is set then, not when the rows are picked. While one sender is posting the alert, the
  -- rows are reserved for it (alert_claimed_until), so two senders do not post the same alert; a failed
  -- or timed-out post releases them, and the next request or scheduled retry tries again.
  alert_claimed_until timestamptz,
  -- The customer's receipt (below). Its state is its own, beside the firm's: a receipt that fails never
  -- touches notification_status, so it can neither mark the firm's e-mail failed nor resend it. A row
  -- with receipt_status null (one written by hand) never gets a receipt.
  receipt_status text default 'due' check (receipt_status in ('due', 'sending', 'sent', 'skipped', 'off', 'failed')),
  receipt_attempts integer not null default 0,
  -- When this row took one of its address's receipts for the day (kept through retries).
  receipt_at timestamptz,
  receipt_next_attempt_at timestamptz,
  receipt_claimed_until timestamptz,
  receipt_error text
);

comment on table public.quote_requests is 'Quote requests from the site and partner embeds; written only by the send-contact-email function.';

-- One mailbox is one address for every cap and every lookup: the address without its tag (everything
-- from the first '+' of the local part, when something comes before it), in lower case. Otherwise
-- x+1@example.dk … x+5@example.dk would be five addresses to the rate limits and the receipts' daily
-- cap, and erasure asked for x@example.dk would leave x+1@example.dk behind. Counting and lookups only:
-- the row keeps the address as typed, which the firm's reply and the receipt go to.
create function public.mailbox(address text)
returns text
language sql
immutable strict parallel safe
as $$ select lower(regexp_replace(address, '^([^+]+)\+.*(@[^@]*)$', '\1\2')) $$;

-- One phone number is one number for its cap, however it was typed: a Danish number (8 digits, with or
-- without +45 or 0045, spaces, dashes) is its 8 digits; any other its digits, with 00 written as +.
-- Otherwise "+45 23 77 78 41", "0045 23777841" and "23 77 78 41" would be three numbers to the cap.
create function public.phone_number(phone text)
returns text
language sql
immutable strict parallel safe
as $$
  select case
    when regexp_replace(phone, '[^0-9+]', '', 'g') ~ '^(\+45|0045)?[0-9]{8}$' then right(regexp_replace(phone, '[^0-9]', '', 'g'), 8)
    else regexp_replace(regexp_replace(phone, '[^0-9+]', '', 'g'), '^00', '+')
  end
$$;

-- Rate limits count recent rows per client, per mailbox (the receipts' cap too) and per phone number.
create index quote_requests_client_recent on public.quote_requests (client_ip_hash, received_at);
create index quote_requests_email_recent on public.quote_requests (public.mailbox(email), received_at);
create index quote_requests_phone_recent on public.quote_requests (public.phone_number(phone), received_at);
-- The retry job looks only at rows whose e-mail is not out yet.
create index quote_requests_unsent on public.quote_requests (next_attempt_at) where notification_status <> 'sent';
-- Every request also asks for the undelivered requests the firm has not been told about (store.ts,
-- takeUnalerted): a few rows among all, found by this index instead of reading the whole table.
create index quote_requests_unalerted on public.quote_requests (received_at)
  where alerted_at is null and notification_status <> 'sent';
-- The few rows whose firm's e-mail is out and whose receipt is not decided yet.
create index quote_requests_receipt_due on public.quote_requests (received_at)
  where receipt_status in ('due', 'sending') and notification_status = 'sent';

alter table public.quote_requests enable row level security;
revoke all on table public.quote_requests from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- One gate for the firm's alert channel (alerts.ts): every stored request looks for requests the firm
-- has not been told about, so without a gate a stranger who makes requests held (a victim's address from
-- many clients) decides how often the channel fires. The first alert goes at once; while one is being
-- sent, and for the interval after one arrived, the rest wait and go together in the next alert, with
-- their count. One row, shared by every instance of the function and the scheduled retry.

create table public.alert_gate (
  id boolean primary key default true check (id),
  -- When the channel last took an alert (2xx).
  last_sent_at timestamptz,
  -- An alert being sent holds the gate until then (well over the webhook's timeout).
  held_until timestamptz
);
insert into public.alert_gate (id) values (true);
alter table public.alert_gate enable row level security;
revoke all on table public.alert_gate from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- One list of partners (docs/partners.md): a row both lets its origin send quote requests from a
-- browser and credits the requests that name its id. `npm run partners` is the one way to change it.
-- The function compares a row's origin with the browser's Origin header character for character, and a
-- browser writes an origin in lower case without its default port: the check keeps every row in that form.

create table public.partners (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text not null,
  origin text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint partners_origin_as_browsers_send_it check (
    origin ~ '^https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$'
    and origin !~ '^https://.+:443$'
    and origin !~ '^http://.+:80$'
  ),
  constraint partners_name_not_blank check (btrim(name) <> '')
);

comment on table public.partners is
  'Partner sites that embed the quote form: an active row lets its origin send and credits leads naming its id. Changed with npm run partners.';
comment on column public.partners.active is 'false once removed (npm run partners -- remove): the origin may no longer send, and the id is kept for the statements.';

alter table public.partners enable row level security;
revoke all on table public.partners from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- Photos sent with a quote request (docs/quote-photos.md): the bytes the firm's e-mail attaches, kept
-- only until that e-mail is out (mail-delivery.ts deletes them then). A request that ends `failed` keeps
-- its photos until the retention purge; deleting a request (purge, erasure) deletes them with it.

create table public.quote_request_photos (
  request_id uuid not null references public.quote_requests (id) on delete cascade,
  position smallint not null check (position between 1 and 5),
  filename text not null check (char_length(filename) between 1 and 120),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  bytes bytea not null,
  primary key (request_id, position)
);
alter table public.quote_request_photos enable row level security;
revoke all on table public.quote_request_photos from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- A quote request is stored in one round trip to the database (on Supabase every round trip
-- is the visitor's wait). submit_quote_request() does in one call what would otherwise be six
-- statements inside a transaction: take the per-client and per-address locks, answer a retried
-- idempotency key, count the recent requests, and insert, so parallel requests cannot all slip under a
-- limit. PL/pgSQL, not one SQL statement: each statement after the locks sees the rows that the request
-- it waited for committed (a single statement's snapshot would be taken before its locks).

-- The recent requests the rate limits count: $1 client hash, $2 e-mail, $3 phone, $4 window in minutes.
-- Each count is a range scan of its own index, (client_ip_hash, received_at) for the client and its use
-- of the mailbox, (mailbox(email), received_at) for the mailbox from every client, (phone_number(phone),
-- received_at) for the number from every client; a single count(*) filter (...) over several conditions
-- could use none of them and scanned the table (tests/backend/rate-limit-plan.test.js explains this body
-- at 500,000 rows).
create function public.quote_request_recent_counts(client_hash text, address text, phone text, window_minutes int)
returns table (
  by_client int, oldest_by_client timestamptz,
  by_client_email int, oldest_by_client_email timestamptz,
  by_email int, oldest_by_email timestamptz,
  by_phone int
)
language sql stable
as $$
  with recent_client as (
    select public.mailbox(email) as mailbox, received_at from quote_requests
    where client_ip_hash = $1 and received_at > now() - make_interval(mins => $4)
  ), recent_email as (
    select received_at from quote_requests
    where public.mailbox(email) = public.mailbox($2) and received_at > now() - make_interval(mins => $4)
  ), recent_phone as (
    select received_at from quote_requests
    where public.phone_number(phone) = public.phone_number($3) and received_at > now() - make_interval(mins => $4)
  )
  select
    (select count(*)::int from recent_client),
    (select min(received_at) from recent_client),
    (select count(*)::int from recent_client where mailbox = public.mailbox($2)),
    (select min(received_at) from recent_client where mailbox = public.mailbox($2)),
    (select count(*)::int from recent_email),
    (select min(received_at) from recent_email),
    (select count(*)::int from recent_phone)
$$;

-- kind: 'created' (id), 'held' (id; stored, not mailed), 'replayed' (the id first stored under this
-- idempotency key, same content), 'keyReused' (the key was first used for other content), 'limited'
-- (retry_after_seconds: until the oldest request that reached a limit leaves the window) or 'expired'.
--
-- No sequence of requests from other clients refuses a person's own request: over the per-address cap
-- across all clients (p_per_email_total), or the per-number cap (p_per_phone_total: a call-back has no
-- address, and a stranger's requests about one number from many addresses would otherwise each send the
-- firm an SMS and an e-mail to call it), a request is stored with notification_status 'held' and
-- answered as stored ('held'): the firm gets at most that many e-mails and SMS an hour for one address
-- or number, and the held requests in its alert and in `npm run leads -- --undelivered`. The
-- per-client limits refuse ('limited'): they are the client's own.
--
-- A request the function has already answered 503 must not be stored afterwards (a database slow to
-- get to it, a lock held for a while): p_not_after is the time, set by the function a margin before its
-- deadline, after which the insert is not made ('expired'). So a 503 means nothing was stored, whenever
-- the statement runs; the function's and the database's clocks agree within that margin.
--
-- The request's photos (names, types, bytes) are stored with the row in the same statement (one round
-- trip, one transaction): a request is never stored without its photos, nor photos without a request.
-- A replayed request's are not stored again (the first submission's are the request's), nor a held
-- request's: it is never mailed, so nobody would see them, and a stranger could fill the database with
-- them. The bytes come as base64 text: the driver sends bytea as hex text, half again as large, and
-- escaped once more in an array (docs/quote-photos.md "Time and memory").
create function public.submit_quote_request(
  p_name text, p_phone text, p_email text, p_location text, p_message text,
  p_source_url text, p_partner_id text, p_idempotency_key text, p_request_hash text,
  p_client_ip_hash text, p_user_agent text,
  p_per_client int, p_per_email int, p_per_email_total int, p_window_minutes int,
  p_not_after timestamptz,
  p_photo_names text[] default null, p_photo_types text[] default null, p_photos_base64 text[] default null,
  p_kind text default 'quote', p_call_when text default null, p_per_phone_total int default null
)
returns table (kind text, id uuid, retry_after_seconds int)
language plpgsql
as $$
declare
  existing record;
  counts record;
  window_end timestamptz := now();
  wait_seconds double precision := null;
  new_id uuid;
  held boolean;
begin
  -- One submission per client, per mailbox and per phone number at a time. Separate lock spaces
  -- (1: client, 2: mailbox, 3: number), always taken in that order.
  perform pg_advisory_xact_lock(1, hashtext(p_client_ip_hash));
  -- A call-back has no address: the client's limit and its number's cap count it.
  if p_email is not null then
    perform pg_advisory_xact_lock(2, hashtext(public.mailbox(p_email)));
  end if;
  perform pg_advisory_xact_lock(3, hashtext(public.phone_number(p_phone)));

  if p_idempotency_key is not null then
    select q.id, q.request_hash into existing from quote_requests q where q.idempotency_key = p_idempotency_key;
    if found then
      -- A row without a hash (one written by hand) counts as the same content.
      if existing.request_hash is not null and existing.request_hash <> p_request_hash then
        return query select 'keyReused'::text, null::uuid, null::int;
      else
        return query select 'replayed'::text, existing.id, null::int;
      end if;
      return;
    end if;
  end if;

  select * into counts from public.quote_request_recent_counts(p_client_ip_hash, p_email, p_phone, p_window_minutes);
  if counts.by_client >= p_per_client and counts.oldest_by_client is not null then
    wait_seconds := greatest(coalesce(wait_seconds, 0), extract(epoch from counts.oldest_by_client + make_interval(mins => p_window_minutes) - window_end));
  end if;
  if counts.by_client_email >= p_per_email and counts.oldest_by_client_email is not null then
    wait_seconds := greatest(coalesce(wait_seconds, 0), extract(epoch from counts.oldest_by_client_email + make_interval(mins => p_window_minutes) - window_end));
  end if;
  if wait_seconds is not null then
    return query select 'limited'::text, null::uuid, greatest(1, ceil(wait_seconds))::int;
    return;
  end if;

  if p_not_after is not null and clock_timestamp() > p_not_after then
    return query select 'expired'::text, null::uuid, null::int;
    return;
  end if;

  -- Over the address's or the number's cap from all clients together the request is stored but held:
  -- not mailed or texted one by one (the firm's alert and `npm run leads` list it), never refused, since
  -- the person asking may be the address's or number's owner and the requests before may be a
  -- stranger's. Two requests with one key from different clients can still meet here: the unique key
  -- decides.
  held := coalesce(counts.by_email >= p_per_email_total, false) or coalesce(counts.by_phone >= p_per_phone_total, false);
  insert into quote_requests
    (kind, call_when, name, phone, email, location, message, source_url, partner_id, idempotency_key, request_hash,
     client_ip_hash, user_agent, notification_status, receipt_status)
  values (p_kind, p_call_when, p_name, p_phone, p_email, p_location, p_message, p_source_url, p_partner_id, p_idempotency_key,
    p_request_hash, p_client_ip_hash, p_user_agent, case when held then 'held' else 'pending' end,
    case when p_kind = 'callback' then null else 'due' end)
  on conflict (idempotency_key) do nothing
  returning quote_requests.id into new_id;
  if new_id is not null then
    if not held and p_photo_names is not null then
      insert into public.quote_request_photos (request_id, position, filename, content_type, bytes)
      select new_id, photo.position, photo.filename, photo.content_type, decode(photo.base64, 'base64')
      from unnest(p_photo_names, p_photo_types, p_photos_base64) with ordinality as photo(filename, content_type, base64, position);
    end if;
    return query select case when held then 'held' else 'created' end::text, new_id, null::int;
    return;
  end if;
  select q.id, q.request_hash into existing from quote_requests q where q.idempotency_key = p_idempotency_key;
  if existing.request_hash is not null and existing.request_hash <> p_request_hash then
    return query select 'keyReused'::text, null::uuid, null::int;
  else
    return query select 'replayed'::text, existing.id, null::int;
  end if;
end;
$$;


-- ---------------------------------------------------------------------------------------------------
-- The customer's receipt: a short e-mail to the address a request gave, sent only once the firm's own
-- e-mail is out, retried like it, and at most a few per address a day (supabase/functions/_shared/
-- receipt-delivery.ts passes the figure). Its columns are quote_requests' receipt_*.

-- What the receipt says about the firm, and whether it is sent at all: written from the site's facts by
-- public.save_site_facts (20261128000200_site_facts.sql), when the functions read the published site.
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
-- mailbox had p_per_day receipts in the last 24 hours). Returns the claimed ones with the firm's facts.
create function public.claim_receipts(p_ids uuid[], p_limit int, p_per_day int, p_claim_seconds int)
returns table (request_id uuid, address text, place text, received timestamptz, attempt int, facts jsonb)
language plpgsql
security definer
set search_path = public, pg_temp
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
      -- One sender at a time counts a mailbox's receipts, so two at once cannot both take the last one.
      perform pg_advisory_xact_lock(3, hashtext(public.mailbox(candidate.email)));
      select count(*) into taken from public.quote_requests r
        where public.mailbox(r.email) = public.mailbox(candidate.email) and r.received_at > now() - interval '3 days'
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
create function public.finish_receipt(p_id uuid, p_attempt int, p_error text, p_permanent boolean, p_horizon_hours int)
returns text
language sql
security definer
set search_path = public, pg_temp
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


-- ---------------------------------------------------------------------------------------------------
-- Retention, enforced by the database (GDPR art. 5(1)(e)): quote requests are deleted after a configured
-- period; the hashed client address and the user agent, needed only for rate limits and abuse, are
-- cleared much sooner. The periods are one setting, `privacy` in site/_data/business.yaml, which the
-- privacy page promises: public.save_site_facts writes it into public.retention_settings when the
-- functions read the published site (20261128000200_site_facts.sql). The table keeps no defaults and no row of its own, so no third copy of
-- the periods can disagree; until the row is written the purge deletes nothing, and
-- `npm run verify:deploy` says so.

create table public.retention_settings (
  id boolean primary key default true check (id),
  quote_requests interval not null,
  client_data interval not null
);
alter table public.retention_settings enable row level security;
revoke all on table public.retention_settings from anon, authenticated;

-- Deletes what is past its retention; returns how many requests were deleted and how many were cleared.
create function public.purge_expired_quote_data(out deleted_requests integer, out cleared_client_data integer)
language plpgsql
security definer
set search_path = public, pg_temp
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


-- ---------------------------------------------------------------------------------------------------
-- Erasure (GDPR art. 17): everything stored for one e-mail address, every tagged spelling of its mailbox
-- included. The caller passes the address in the form the function stores (scripts/forget-requester.js
-- computes it with the function's own canonicalEmail), so the rows compare with it by mailbox, as the
-- rate limits count them.

create function public.forget_quote_requester(address text)
returns integer
language sql
security definer
set search_path = public, pg_temp
as $$
  with gone as (delete from public.quote_requests where public.mailbox(email) = public.mailbox(address) returning 1)
  select count(*)::integer from gone;
$$;


-- ---------------------------------------------------------------------------------------------------
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
set search_path = public, pg_temp
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
set search_path = public, pg_temp
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
-- marked once it has gone out, so each month's statement is sent once. Statements begin with the month
-- the database is set up: the row inserted here marks the month before as not needed, and is the
-- earliest row. (Not the first month with a stored request: a month without leads gets its statement
-- too, saying so, and the firm's first month is known without reading the requests.)
create table public.lead_statement_mails (
  month date primary key check (extract(day from month) = 1),
  -- false for the month before statements existed: nothing to send for it.
  needed boolean not null default true,
  claimed_until timestamptz,
  sent_at timestamptz
);
insert into public.lead_statement_mails (month, needed)
  values ((public.copenhagen_month(now()) - interval '1 month')::date, false);

-- Claims the oldest month whose statement is due for one sender, for p_claim_seconds: a month after
-- the marked one and before this one (Copenhagen time) that is not sent. Every past month, not only the
-- last: a month in which no retry ran on its first days is sent by the next run that does. Null when
-- none is due, or when the oldest due one is held by another sender (which sends it; the newer ones
-- wait for it, so the firm gets them in order).
create function public.claim_statement_month(p_claim_seconds int)
returns date
language sql
as $$
  insert into public.lead_statement_mails as m (month, claimed_until)
  select due.month::date, now() + make_interval(secs => p_claim_seconds)
  from generate_series(
    (select min(s.month) from public.lead_statement_mails s) + interval '1 month',
    public.copenhagen_month(now()) - interval '1 month',
    interval '1 month') as due(month)
  where not exists (select from public.lead_statement_mails s
    where s.month = due.month::date and (not s.needed or s.sent_at is not null))
  order by due.month
  limit 1
  on conflict (month) do update set claimed_until = excluded.claimed_until
    where m.needed and m.sent_at is null and (m.claimed_until is null or m.claimed_until < now())
  returning m.month
$$;

alter table public.lead_statement_counts enable row level security;
alter table public.lead_statement_mails enable row level security;
revoke all on table public.lead_statement_counts, public.lead_statement_mails from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- The scheduled jobs, on Supabase (pg_cron, pg_net and Vault); where one is missing (the local PGlite
-- stack) nothing is scheduled and the local runner calls the function itself (dev/local/stack.js).
--
-- The retention purge runs every night at 03:17 wherever pg_cron is available.
--
-- The scheduled retry of e-mails not yet sent: every 5 minutes pg_cron has pg_net POST to the function
-- retry-quote-emails. Its URL and the bearer secret it checks (CRON_SECRET) are read from Vault when the
-- job runs, never written into the job's text (cron.job is readable by more than the function).
-- Put them there once with `npm run schedule:retry` (docs/deploy.md); until then the job posts nowhere.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('purge-expired-quote-data', '17 3 * * *', 'select public.purge_expired_quote_data()');
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select from pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
  end if;
  if to_regnamespace('cron') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    raise notice 'retry-quote-emails is not scheduled: it needs pg_cron, pg_net and Vault';
    return;
  end if;
  perform cron.schedule('retry-quote-emails', '*/5 * * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'retry_quote_emails_url'),
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'retry_quote_emails_cron_secret')),
      body := '{}'::jsonb,
      -- The function answers at once and sends in the background: a short wait is enough.
      timeout_milliseconds := 5000)
    where exists (select from vault.decrypted_secrets where name = 'retry_quote_emails_url')
  $job$);
end
$$;


-- ---------------------------------------------------------------------------------------------------
-- Only the function's own database role (and the operator commands, as the owner) calls the functions
-- of schema public: not the public API roles, or PostgREST would expose each one as an RPC anyone with
-- the anon key can call. The product calls none through PostgREST. PostgreSQL lets every role (public)
-- execute a new function, and Supabase grants anon and authenticated whatever postgres creates in
-- public: both are taken back here for what exists, and by default for what a later migration adds.
-- (The default for public is not per schema, so it is revoked for every schema postgres creates in.)
--
-- Every SECURITY DEFINER function above runs with its owner's rights and sets search_path = public,
-- pg_temp: pg_temp last, or a caller's temporary table or function of the same name would be found
-- first and used in its place.
revoke execute on all functions in schema public from public, anon, authenticated;
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke execute on functions from public, anon, authenticated;

-- The database of the quote backend as a firm deploys it first: every table, function and schedule,
-- each defined once. No firm has deployed yet, so a change to the schema is made here (or in a new
-- migration that only adds something new); once a firm has deployed, every change is a new migration
-- that works on the rows that deployment holds (README.md, "Deploy").
--
-- Grouped by concern: the requests and who may read them; partners; photos; the outbox (everything the
-- backend sends); storing a request in one round trip; the customer's receipt; retention; erasure; the
-- monthly statements; the scheduled jobs; who may execute the functions.


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
  -- place or message, and so never a receipt. A booking of a free inspection is a quote's five fields with
  -- a visit (public.bookings, 20261129000000_bookings.sql).
  kind text not null default 'quote' check (kind in ('quote', 'callback', 'booking')),
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
  -- Over the cap of requests about one address or one phone number in the hour (submit_quote_request
  -- below): stored, never sent to the firm one by one; the alert and `npm run leads -- --undelivered` list it.
  held boolean not null default false,
  -- Salted SHA-256 of the client address: enough for rate limits, no address stored.
  client_ip_hash text not null,
  user_agent text check (char_length(user_agent) <= 500),
  -- The content a request's idempotency key was first used for (a SHA-256 of its fields): the same key
  -- with other content is a client error (422), not a silent replay that drops the second request.
  request_hash text check (char_length(request_hash) = 64),
  -- A request sent by `npm run verify:deploy` carrying the firm's CRON_SECRET (X-Deploy-Check): stored
  -- and mailed like any other, every rule applying, and labelled so the firm can tell it from a customer's.
  deploy_check boolean not null default false
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

alter table public.quote_requests enable row level security;
revoke all on table public.quote_requests from anon, authenticated;


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
-- only until that e-mail is out (finish_deliveries below deletes them as it records it sent). A request
-- whose e-mail is given up keeps its photos until the retention purge; deleting a request (purge,
-- erasure) deletes them with it.

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
-- The outbox: everything the backend sends is a delivery, one row here, written in the same transaction
-- as what it delivers, so nothing stored can miss its message (docs/development.md, "The outbox"). One
-- claim and one finish serve every channel; supabase/functions/_shared/outbox.ts is the one worker, and
-- channels.ts gives each channel its policy and its send. A channel is a value: 'mail' (the firm's
-- e-mail about a request), 'receipt' (the customer's), 'sms' (the firm's SMS about a request),
-- 'sms_summary' (a day's requests over the SMS cap), 'statement' (a month's leads) and 'alert' (a
-- request whose e-mail has not reached the firm). What differs per channel is its own rule, in
-- claim_deliveries.
--
-- due -> sending (claimed by one sender until its lease ends; `attempts` is the claim's number, which
-- fences its finish) -> sent; back to due with backoff after a failure; failed once given up (a refusal
-- that will not change, or past the channel's horizon); skipped when the channel's rule sends none
-- (`note` says why, as it holds the last error of a failure).

create table public.deliveries (
  id bigint generated always as identity primary key,
  channel text not null check (channel ~ '^[a-z_]{1,40}$'),
  -- What it delivers: a stored request, or a day or a month (an SMS summary's, a statement's). The next
  -- kind of subject (a booking) is one more column like request_id.
  request_id uuid references public.quote_requests (id) on delete cascade,
  period date,
  check ((request_id is null) <> (period is null)),
  state text not null default 'due' check (state in ('due', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  note text check (char_length(note) <= 500),
  -- When what it delivers came in: the horizon and the caps count from it.
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (request_id, channel),
  unique (period, channel)
);
-- The claims look only at what is not done yet; the caps count a channel's recent deliveries; the
-- alert's interval is read from the last one sent.
create index deliveries_open on public.deliveries (channel, next_attempt_at) where state in ('due', 'sending');
create index deliveries_recent on public.deliveries (channel, created_at);
create index deliveries_sent on public.deliveries (channel, sent_at) where state = 'sent';
alter table public.deliveries enable row level security;
revoke all on table public.deliveries from anon, authenticated;

-- Every stored request gets its deliveries in its own transaction: the firm's e-mail and SMS, and for a
-- quote the customer's receipt (which waits for the e-mail); and the alert, due an hour after the
-- request came (at once when it is held: it gets nothing else), which tells the firm only if the e-mail
-- has not reached it by then. A deploy check gets an SMS only when it asks for one (submit_quote_request).
create function public.queue_deliveries()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  insert into public.deliveries (channel, request_id, created_at, next_attempt_at)
  select wanted.channel, new.id, new.received_at, new.received_at + wanted.delay
  from (values ('mail', interval '0'), ('sms', interval '0'), ('receipt', interval '0'),
    ('alert', case when new.held then interval '0' else interval '1 hour' end)) as wanted(channel, delay)
  where wanted.channel = 'alert'
    or (not new.held and (wanted.channel <> 'sms' or not new.deploy_check) and (wanted.channel <> 'receipt' or new.kind = 'quote'));
  return new;
end;
$$;

create trigger quote_requests_queue_deliveries
  after insert on public.quote_requests
  for each row execute function public.queue_deliveries();

-- Claims for one sender up to p_limit due deliveries of the channels p_policies names, each with its
-- policy (outbox.ts, Policy), of every subject or only of the request p_request. A claimed delivery is
-- 'sending' until its lease ends, with one attempt more. One past its channel's horizon is not sent
-- again: claimed `expired` to be given up with its last error when it was ever tried, skipped when not.
-- Returns what the sends need: the request's fields (store.ts, StoredRequest), and what the channel's
-- rule adds (`context`).
-- Advisory locks, beside submit_quote_request's spaces 1 to 3: 4, a channel sent one claim at a time;
-- 5, a mailbox's receipts; 6, the SMS of a day.
create function public.claim_deliveries(p_policies jsonb, p_request uuid default null, p_limit int default 5)
returns table (id bigint, channel text, request_id uuid, period date, attempt int, expired boolean, note text,
  request jsonb, context jsonb)
language plpgsql
security definer
set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  d public.deliveries;
  q public.quote_requests;
  policy jsonb;
  skip text;
  day date;
  -- Channels sent one claim at a time (a policy with intervalMinutes): open to this sender, or held by another.
  opened text[] := '{}';
  closed text[] := '{}';
  claimed int := 0;
begin
  for d in
    select o.* from public.deliveries o
    where o.channel = any(array(select jsonb_object_keys(p_policies))) and (p_request is null or o.request_id = p_request)
      and o.state in ('due', 'sending') and o.next_attempt_at <= now() and (o.state = 'due' or o.claimed_until < now())
    order by o.next_attempt_at, o.id
    for update skip locked
  loop
    policy := p_policies -> d.channel;
    continue when d.channel = any(closed);
    select * into q from public.quote_requests r where r.id = d.request_id;
    -- One that waits for another delivery of its request goes once that one is sent.
    continue when policy ? 'after' and not exists (select from public.deliveries a
      where a.request_id = d.request_id and a.channel = policy ->> 'after' and a.state = 'sent');
    expired := policy ? 'horizonHours' and d.created_at < now() - make_interval(hours => (policy ->> 'horizonHours')::int);
    if expired and d.attempts = 0 then
      update public.deliveries o set state = 'skipped', note = 'not tried within its horizon' where o.id = d.id;
      continue;
    end if;
    if policy ? 'intervalMinutes' and not d.channel = any(opened) then
      perform pg_advisory_xact_lock(4, hashtext(d.channel));
      if exists (select from public.deliveries s where s.channel = d.channel and s.state = 'sending' and s.claimed_until >= now())
        or exists (select from public.deliveries s where s.channel = d.channel and s.state = 'sent'
          and s.sent_at > now() - make_interval(mins => (policy ->> 'intervalMinutes')::int)) then
        closed := closed || d.channel;
        continue;
      end if;
      opened := opened || d.channel;
    end if;

    -- The channels' own rules: a reason to send none (skip), and what the send needs (context).
    skip := null;
    context := null;
    case d.channel
    when 'receipt' then
      -- As the site's setting says (receipt_settings), and at most the policy's cap a day to one mailbox,
      -- counted on the first claim, one sender at a time per mailbox.
      select s.facts into context from public.receipt_settings s where s.id and s.send;
      if context is null then
        skip := 'receipts off';
      elsif d.attempts = 0 then
        perform pg_advisory_xact_lock(5, hashtext(public.mailbox(q.email)));
        if (select count(*) from public.quote_requests r join public.deliveries t on t.request_id = r.id and t.channel = 'receipt'
            where public.mailbox(r.email) = public.mailbox(q.email) and r.received_at > now() - interval '24 hours' and t.attempts > 0)
            >= (policy ->> 'cap')::int then
          skip := 'over its mailbox''s receipts for the day';
        end if;
      end if;
    when 'sms', 'booking_reminder_sms' then
      -- At most the policy's cap for the requests of a Copenhagen day, counted on the first claim, one
      -- sender at a time; over it none, and that day's one summary is queued for 07:00 the next morning.
      -- A visit's reminder by SMS counts in the cap of its day, and goes only when the firm turned it on
      -- (the site's facts, `inspections.reminderSms`) and the visit is still to come; its text states the firm's facts.
      if d.channel = 'booking_reminder_sms' then
        select s.facts into context from public.receipt_settings s where s.id;
      end if;
      if d.channel = 'booking_reminder_sms' and not coalesce((select (f.facts #>> '{inspections,reminderSms}')::boolean
          from public.site_facts f where f.id), false) then
        skip := 'reminder SMS off';
      elsif d.channel = 'booking_reminder_sms' and not (public.booking_json(d.request_id) ->> 'active')::boolean then
        skip := 'visit cancelled';
      elsif d.attempts = 0 then
        day := public.copenhagen_day(d.created_at);
        perform pg_advisory_xact_lock(6, 0);
        if (select count(*) from public.deliveries t where t.channel in ('sms', 'booking_reminder_sms') and t.attempts > 0
            and t.created_at >= day::timestamp at time zone 'Europe/Copenhagen'
            and t.created_at < (day + 1)::timestamp at time zone 'Europe/Copenhagen') >= (policy ->> 'cap')::int then
          skip := 'capped';
          insert into public.deliveries (channel, period, next_attempt_at)
            values ('sms_summary', day, ((day + 1) + time '07:00') at time zone 'Europe/Copenhagen')
            on conflict do nothing;
        end if;
      end if;
    when 'sms_summary' then
      context := jsonb_build_object('count', (select count(*) from public.deliveries t where t.channel in ('sms', 'booking_reminder_sms')
        and t.note = 'capped'
        and t.created_at >= d.period::timestamp at time zone 'Europe/Copenhagen'
        and t.created_at < (d.period + 1)::timestamp at time zone 'Europe/Copenhagen'));
    when 'statement' then
      context := (select coalesce(jsonb_agg(to_jsonb(s)), '[]') from public.lead_statement(d.period) s);
    when 'booking_confirmation', 'booking_update', 'booking_update_firm', 'booking_reminder' then
      -- A booking's e-mails state the firm's facts (as the receipt's, whatever its switch); a reminder
      -- goes only for a visit still on.
      select s.facts into context from public.receipt_settings s where s.id;
      if context is null then
        skip := 'no site facts';
      elsif d.channel = 'booking_reminder' and not (public.booking_json(d.request_id) ->> 'active')::boolean then
        skip := 'visit cancelled';
      end if;
    when 'alert' then
      -- Only about a request whose e-mail has not reached the firm: held, given up, or not out yet.
      context := jsonb_build_object('mail', case when q.held then 'held'
        else (select m.state from public.deliveries m where m.request_id = d.request_id and m.channel = 'mail') end);
      if context ->> 'mail' = 'sent' then
        skip := 'its e-mail is out';
      end if;
    else
    end case;
    if skip is not null then
      update public.deliveries o set state = 'skipped', note = skip where o.id = d.id;
      continue;
    end if;

    update public.deliveries o set state = 'sending', attempts = o.attempts + 1,
      claimed_until = now() + make_interval(secs => (policy ->> 'leaseSeconds')::int)
    where o.id = d.id;
    id := d.id;
    channel := d.channel;
    request_id := d.request_id;
    period := d.period;
    attempt := d.attempts + 1;
    note := d.note;
    request := case when q.id is not null then jsonb_build_object('id', q.id, 'receivedAt', q.received_at, 'kind', q.kind,
      'when', q.call_when, 'name', q.name, 'phone', q.phone, 'email', q.email, 'location', q.location, 'message', q.message,
      'sourceUrl', q.source_url, 'partnerId', q.partner_id, 'deployCheck', q.deploy_check,
      'photoCount', (select count(*) from public.quote_request_photos p where p.request_id = q.id),
      'visit', case when q.kind = 'booking' then public.booking_json(q.id) end) end;
    return next;
    claimed := claimed + 1;
    exit when claimed >= p_limit;
  end loop;
end;
$$;

-- Records how a claimed batch of one channel went, each delivery fenced by the attempt it was claimed
-- with (a sender whose lease ran out and was taken over records nothing): sent; given up on a refusal
-- that will not change (p_permanent) or past the channel's horizon; otherwise due again after 1, 2,
-- 4 … minutes, at most the policy's maxBackoffMinutes (60). And what follows from it: the firm's e-mail
-- out, its request's photos are no longer kept (docs/quote-photos.md); a delivery given up, its
-- request's alert is due at once; a month's statement out or given up, the next month's is queued.
create function public.finish_deliveries(p_ids bigint[], p_attempts int[], p_error text, p_permanent boolean, p_policy jsonb)
returns table (id bigint, state text)
language plpgsql
security definer
set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  done record;
begin
  for done in
    update public.deliveries o set
      state = case when p_error is null then 'sent'
        when p_permanent or (p_policy ? 'horizonHours' and o.created_at < now() - make_interval(hours => (p_policy ->> 'horizonHours')::int))
          then 'failed'
        else 'due' end,
      note = left(p_error, 500),
      sent_at = case when p_error is null then now() end,
      claimed_until = null,
      -- The exponent is capped before power(), which overflows at 1,024 attempts.
      next_attempt_at = now() + make_interval(mins => least(power(2, least(greatest(o.attempts - 1, 0), 6)),
        coalesce((p_policy ->> 'maxBackoffMinutes')::int, 60))::int)
    from unnest(p_ids, p_attempts) as f(id, attempt)
    where o.id = f.id and o.state = 'sending' and o.attempts = f.attempt
    returning o.id, o.channel, o.request_id, o.period, o.state
  loop
    if done.channel = 'mail' and done.state = 'sent' then
      delete from public.quote_request_photos p where p.request_id = done.request_id;
    elsif done.state = 'failed' and done.request_id is not null then
      update public.deliveries a set next_attempt_at = now() where a.request_id = done.request_id and a.channel = 'alert' and a.state = 'due';
    end if;
    if done.channel = 'statement' and done.state in ('sent', 'failed') then
      insert into public.deliveries (channel, period, next_attempt_at)
        values ('statement', (done.period + interval '1 month')::date,
          (done.period + interval '2 months')::timestamp at time zone 'Europe/Copenhagen')
        on conflict do nothing;
    end if;
    id := done.id;
    state := done.state;
    return next;
  end loop;
end;
$$;


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
-- firm an SMS and an e-mail to call it), a request is stored `held` and answered as stored ('held'):
-- the firm gets at most that many e-mails and SMS an hour for one address or number, and the held
-- requests in its alert and in `npm run leads -- --undelivered`. The per-client limits refuse
-- ('limited'): they are the client's own.
--
-- A deploy check (p_deploy_check: the function checked the firm's secret) is stored labelled, and gets
-- its SMS only when it asks for one (p_test_sms).
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
  p_kind text default 'quote', p_call_when text default null, p_per_phone_total int default null,
  p_deploy_check boolean default false, p_test_sms boolean default false
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
  is_held boolean;
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
  is_held := coalesce(counts.by_email >= p_per_email_total, false) or coalesce(counts.by_phone >= p_per_phone_total, false);
  -- The deliveries are queued with the row (queue_deliveries, the outbox above).
  insert into quote_requests
    (kind, call_when, name, phone, email, location, message, source_url, partner_id, idempotency_key, request_hash,
     client_ip_hash, user_agent, held, deploy_check)
  values (p_kind, p_call_when, p_name, p_phone, p_email, p_location, p_message, p_source_url, p_partner_id, p_idempotency_key,
    p_request_hash, p_client_ip_hash, p_user_agent, is_held, p_deploy_check)
  on conflict (idempotency_key) do nothing
  returning quote_requests.id into new_id;
  if new_id is not null then
    if not is_held and p_photo_names is not null then
      insert into public.quote_request_photos (request_id, position, filename, content_type, bytes)
      select new_id, photo.position, photo.filename, photo.content_type, decode(photo.base64, 'base64')
      from unnest(p_photo_names, p_photo_types, p_photos_base64) with ordinality as photo(filename, content_type, base64, position);
    end if;
    if p_test_sms and not is_held then
      insert into public.deliveries (channel, request_id) values ('sms', new_id);
    end if;
    return query select case when is_held then 'held' else 'created' end::text, new_id, null::int;
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
-- e-mail is out, retried like it, and at most a few per mailbox a day: a delivery of the outbox above
-- (its rule in claim_deliveries; supabase/functions/_shared/channels.ts passes the figure).

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
-- A lead's state, as a history: every move is a row with who and when (and why, for a lost lead); the
-- newest row is the state, none is 'ny'. The firm moves its leads in the inbox (the inbox's migration),
-- and the statement below counts the leads won and lost. The history goes with its request (the
-- retention purge, an erasure). `by_email` is the member's address at the time: the history still says
-- who after that person has left the team.

create table public.lead_events (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.quote_requests (id) on delete cascade,
  at timestamptz not null default now(),
  by_email text not null,
  state text not null check (state in ('ny', 'ringet_op', 'besigtigelse', 'tilbud_sendt', 'vundet', 'tabt')),
  reason text check (char_length(reason) between 1 and 300),
  check (state <> 'tabt' or reason is not null)
);
create index lead_events_of_request on public.lead_events (request_id, id);
alter table public.lead_events enable row level security;
revoke all on table public.lead_events from anon, authenticated;

-- A lead's state now: its newest move, none is 'ny'.
create function public.lead_state(p_request uuid)
returns text
language sql
stable
security definer
set search_path = public, pg_temp
as $$ select coalesce((select e.state from lead_events e where e.request_id = p_request order by e.id desc limit 1), 'ny') $$;


-- ---------------------------------------------------------------------------------------------------
-- Statements of leads per partner per month, counted in Copenhagen time, that outlive the rows: a
-- commission paid on a month can still be checked after the retention purge or an erasure (GDPR art. 17)
-- has deleted the requests. What is kept is counts and days (not times, which could point to a person),
-- no personal data (the privacy page says so).
--
-- A lead is one stored quote request: a replay with the same idempotency key is the same row and counts
-- once; a deploy check (`npm run verify:deploy`) is not a lead; a request held back (over the cap of
-- e-mails for one address in the hour, never e-mailed one by one) is counted apart as `held`, not as a
-- lead. `undelivered` counts the leads whose e-mail has not reached the firm (failed, or not sent yet);
-- `won` and `lost` the leads whose state is Vundet or Tabt now (a deleted lead as it stood when deleted).
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
  won integer not null default 0,
  lost integer not null default 0,
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
  is_lead boolean := not old.held;
  -- Read before the row goes: its deliveries and its history go with it.
  mail text := (select m.state from deliveries m where m.request_id = old.id and m.channel = 'mail');
  outcome text := lead_state(old.id);
begin
  if old.deploy_check then
    return old;
  end if;
  insert into lead_statement_counts as kept (month, partner_id, page, leads, held, undelivered, won, lost, first_day, last_day)
  values (copenhagen_month(old.received_at), coalesce(old.partner_id, ''), lead_page(old.source_url),
    is_lead::int, (not is_lead)::int, (is_lead and mail is distinct from 'sent')::int,
    (is_lead and outcome = 'vundet')::int, (is_lead and outcome = 'tabt')::int,
    case when is_lead then copenhagen_day(old.received_at) end, case when is_lead then copenhagen_day(old.received_at) end)
  on conflict (month, partner_id, page) do update set
    leads = kept.leads + excluded.leads,
    held = kept.held + excluded.held,
    undelivered = kept.undelivered + excluded.undelivered,
    won = kept.won + excluded.won,
    lost = kept.lost + excluded.lost,
    first_day = least(kept.first_day, excluded.first_day),
    last_day = greatest(kept.last_day, excluded.last_day);
  return old;
end;
$$;

-- Every delete counts: the retention purge, forget_quote_requester(), or one by hand; before the row
-- is deleted, while its deliveries and its history are there to say whether its e-mail reached the firm
-- and how it ended.
create trigger quote_requests_keep_lead_count
  before delete on public.quote_requests
  for each row execute function public.keep_lead_count();

-- One month's statement per partner and page: the rows still stored plus the counts kept of deleted ones.
create function public.lead_statement(p_month date)
returns table (partner_id text, partner_name text, page text, leads integer, held integer, undelivered integer,
  won integer, lost integer, first_day text, last_day text)
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  with stored as (
    select coalesce(q.partner_id, '') as partner_id, lead_page(q.source_url) as page,
      count(*) filter (where not q.held) as leads,
      count(*) filter (where q.held) as held,
      count(*) filter (where not q.held and m.state is distinct from 'sent') as undelivered,
      count(*) filter (where not q.held and latest.state = 'vundet') as won,
      count(*) filter (where not q.held and latest.state = 'tabt') as lost,
      min(copenhagen_day(q.received_at)) filter (where not q.held) as first_day,
      max(copenhagen_day(q.received_at)) filter (where not q.held) as last_day
    from quote_requests q left join deliveries m on m.request_id = q.id and m.channel = 'mail'
      cross join lateral (select lead_state(q.id) as state) latest -- each lead's state read once
    where not q.deploy_check
      and q.received_at >= date_trunc('month', p_month)::timestamp at time zone 'Europe/Copenhagen'
      and q.received_at < (date_trunc('month', p_month) + interval '1 month')::timestamp at time zone 'Europe/Copenhagen'
    group by 1, 2
  ), both_kinds as (
    select * from stored
    union all
    select k.partner_id, k.page, k.leads, k.held, k.undelivered, k.won, k.lost, k.first_day, k.last_day
    from lead_statement_counts k where k.month = date_trunc('month', p_month)::date
  )
  select b.partner_id, min(p.name), b.page, sum(b.leads)::integer, sum(b.held)::integer, sum(b.undelivered)::integer,
    sum(b.won)::integer, sum(b.lost)::integer, to_char(min(b.first_day), 'YYYY-MM-DD'), to_char(max(b.last_day), 'YYYY-MM-DD')
  from both_kinds b left join partners p on p.id = b.partner_id
  group by b.partner_id, b.page
  order by b.partner_id, b.page
$$;

-- The monthly statement e-mail is a delivery of the outbox, one per month ('statement', its month as
-- the period), due once the month is over in Copenhagen, so each month's statement is sent once.
-- Statements begin with the month the database is set up, queued here; each one out (or given up)
-- queues the next month's (finish_deliveries), so a month in which no retry ran is sent by the next run
-- that does, and the months go out in order. (Not the first month with a stored request: a month
-- without leads gets its statement too, saying so.)
insert into public.deliveries (channel, period, next_attempt_at)
  values ('statement', public.copenhagen_month(now()),
    (public.copenhagen_month(now()) + interval '1 month')::timestamp at time zone 'Europe/Copenhagen');

alter table public.lead_statement_counts enable row level security;
revoke all on table public.lead_statement_counts from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- The scheduled jobs, on Supabase (pg_cron, pg_net and Vault); where one is missing (the local PGlite
-- stack) nothing is scheduled and the local runner calls the function itself (dev/local/stack.js).
--
-- The retention purge runs every night at 03:17 wherever pg_cron is available.
--
-- The scheduled retry of what the outbox has due (e-mails not yet sent, receipts, SMS, statements,
-- alerts): every 5 minutes pg_cron has pg_net POST to the function retry-quote-emails. Its URL and the
-- bearer secret it checks (CRON_SECRET) are read from Vault when the job runs, never written into the
-- job's text (cron.job is readable by more than the function).
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

-- A quote request is stored in one round trip to the database (on Supabase every round trip
-- is the visitor's wait). submit_quote_request() does in one call what the function did in six
-- statements inside a transaction: take the per-client and per-address locks, answer a retried
-- idempotency key, count the recent requests, and insert, so parallel requests cannot all slip under a
-- limit. PL/pgSQL, not one SQL statement: each statement after the locks sees the rows that the request
-- it waited for committed (a single statement's snapshot would be taken before its locks).

-- The recent requests the rate limits count: $1 client hash, $2 e-mail, $3 window in minutes. Each
-- count is a range scan of its own index, (client_ip_hash, received_at) for the client and its use of
-- the address, (lower(email), received_at) for the address from every client; a single count(*) filter
-- (...) over both conditions could use neither and scanned the table (tests/backend/rate-limit-plan.test.js
-- explains this body at 500,000 rows).
create or replace function public.quote_request_recent_counts(client_hash text, address text, window_minutes int)
returns table (
  by_client int, oldest_by_client timestamptz,
  by_client_email int, oldest_by_client_email timestamptz,
  by_email int, oldest_by_email timestamptz
)
language sql stable
as $$
  with recent_client as (
    select lower(email) as email, received_at from quote_requests
    where client_ip_hash = $1 and received_at > now() - make_interval(mins => $3)
  ), recent_email as (
    select received_at from quote_requests
    where lower(email) = lower($2) and received_at > now() - make_interval(mins => $3)
  )
  select
    (select count(*)::int from recent_client),
    (select min(received_at) from recent_client),
    (select count(*)::int from recent_client where email = lower($2)),
    (select min(received_at) from recent_client where email = lower($2)),
    (select count(*)::int from recent_email),
    (select min(received_at) from recent_email)
$$;

-- kind: 'created' (id), 'replayed' (the id first stored under this idempotency key, same content),
-- 'keyReused' (the key was first used for other content) or 'limited' (retry_after_seconds: until the
-- oldest request that reached a limit leaves the window).
create or replace function public.submit_quote_request(
  p_name text, p_phone text, p_email text, p_location text, p_message text,
  p_source_url text, p_partner_id text, p_idempotency_key text, p_request_hash text,
  p_client_ip_hash text, p_user_agent text,
  p_per_client int, p_per_email int, p_per_email_total int, p_window_minutes int
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
begin
  -- One submission per client and per e-mail address at a time. Separate lock spaces (1: client,
  -- 2: e-mail), always taken in that order.
  perform pg_advisory_xact_lock(1, hashtext(p_client_ip_hash));
  perform pg_advisory_xact_lock(2, hashtext(lower(p_email)));

  if p_idempotency_key is not null then
    select q.id, q.request_hash into existing from quote_requests q where q.idempotency_key = p_idempotency_key;
    if found then
      -- Rows stored before the hash existed count as the same content.
      if existing.request_hash is not null and existing.request_hash <> p_request_hash then
        return query select 'keyReused'::text, null::uuid, null::int;
      else
        return query select 'replayed'::text, existing.id, null::int;
      end if;
      return;
    end if;
  end if;

  select * into counts from public.quote_request_recent_counts(p_client_ip_hash, p_email, p_window_minutes);
  if counts.by_client >= p_per_client and counts.oldest_by_client is not null then
    wait_seconds := greatest(coalesce(wait_seconds, 0), extract(epoch from counts.oldest_by_client + make_interval(mins => p_window_minutes) - window_end));
  end if;
  if counts.by_client_email >= p_per_email and counts.oldest_by_client_email is not null then
    wait_seconds := greatest(coalesce(wait_seconds, 0), extract(epoch from counts.oldest_by_client_email + make_interval(mins => p_window_minutes) - window_end));
  end if;
  if counts.by_email >= p_per_email_total and counts.oldest_by_email is not null then
    wait_seconds := greatest(coalesce(wait_seconds, 0), extract(epoch from counts.oldest_by_email + make_interval(mins => p_window_minutes) - window_end));
  end if;
  if wait_seconds is not null then
    return query select 'limited'::text, null::uuid, greatest(1, ceil(wait_seconds))::int;
    return;
  end if;

  -- Two requests with one key from different clients can still meet here: the unique key decides.
  insert into quote_requests
    (name, phone, email, location, message, source_url, partner_id, idempotency_key, request_hash, client_ip_hash, user_agent)
  values (p_name, p_phone, p_email, p_location, p_message, p_source_url, p_partner_id, p_idempotency_key, p_request_hash,
    p_client_ip_hash, p_user_agent)
  on conflict (idempotency_key) do nothing
  returning quote_requests.id into new_id;
  if new_id is not null then
    return query select 'created'::text, new_id, null::int;
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

-- Only the function's own database role calls these: not the public API roles (PostgREST would expose
-- them as RPC otherwise).
revoke all on function public.quote_request_recent_counts(text, text, int) from public, anon, authenticated;
revoke all on function public.submit_quote_request(text, text, text, text, text, text, text, text, text, text, text, int, int, int, int)
  from public, anon, authenticated;

-- Every request also asks for the undelivered requests the firm has not been told about (store.ts,
-- takeUnalerted): a few rows among all, found by this index instead of reading the whole table.
create index quote_requests_unalerted on public.quote_requests (received_at)
  where alerted_at is null and notification_status <> 'sent';

-- No sequence of requests from other clients refuses a person's own request: the per-address cap across all clients (p_per_email_total) no longer answers 'limited'. A
-- request over it is stored with notification_status 'held' and answered as stored ('held'): the
-- firm gets at most that many e-mails an hour for one address, and the held requests in its alert and
-- in `npm run leads -- --undelivered`. The per-client limits still refuse: they are the client's own.

alter table public.quote_requests drop constraint quote_requests_notification_status_check;
alter table public.quote_requests
  add constraint quote_requests_notification_status_check check (notification_status in ('pending', 'sending', 'sent', 'failed', 'held'));

-- A request the function has already answered 503 must not be stored afterwards (a database slow to
-- get to it, a lock held for a while): p_not_after is the time, set by the function a margin before its
-- deadline, after which the insert is not made ('expired'). So a 503 means nothing was stored, whenever
-- the statement runs; the function's and the database's clocks agree within that margin.
drop function public.submit_quote_request(text, text, text, text, text, text, text, text, text, text, text, int, int, int, int);

-- kind: 'created' (id), 'held' (id; stored, not mailed), 'replayed', 'keyReused', 'limited' or 'expired'.
create or replace function public.submit_quote_request(
  p_name text, p_phone text, p_email text, p_location text, p_message text,
  p_source_url text, p_partner_id text, p_idempotency_key text, p_request_hash text,
  p_client_ip_hash text, p_user_agent text,
  p_per_client int, p_per_email int, p_per_email_total int, p_window_minutes int,
  p_not_after timestamptz
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
  if wait_seconds is not null then
    return query select 'limited'::text, null::uuid, greatest(1, ceil(wait_seconds))::int;
    return;
  end if;

  -- Two requests with one key from different clients can still meet here: the unique key decides.
  if p_not_after is not null and clock_timestamp() > p_not_after then
    return query select 'expired'::text, null::uuid, null::int;
    return;
  end if;

  -- Over the address's cap from all clients together the request is stored but held: not mailed one
  -- by one (the firm's alert and `npm run leads` list it), never refused, since the person asking may
  -- be the address's owner and the requests before may be a stranger's.
  insert into quote_requests
    (name, phone, email, location, message, source_url, partner_id, idempotency_key, request_hash, client_ip_hash, user_agent,
     notification_status)
  values (p_name, p_phone, p_email, p_location, p_message, p_source_url, p_partner_id, p_idempotency_key, p_request_hash,
    p_client_ip_hash, p_user_agent, case when counts.by_email >= p_per_email_total then 'held' else 'pending' end)
  on conflict (idempotency_key) do nothing
  returning quote_requests.id into new_id;
  if new_id is not null then
    return query select case when counts.by_email >= p_per_email_total then 'held' else 'created' end::text, new_id, null::int;
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

revoke all on function public.submit_quote_request(text, text, text, text, text, text, text, text, text, text, text, int, int, int, int, timestamptz)
  from public, anon, authenticated;

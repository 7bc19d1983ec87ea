-- Free inspections the visitor books on /besigtigelse (supabase/functions/send-contact-email/README.md,
-- "Booking a free inspection"). A booking is a lead like any other: a quote_requests row of kind
-- 'booking', stored, e-mailed, texted, alerted, kept and erased as every lead is, with its visit here,
-- written in the same transaction. Only new things are defined here; the baseline names the kind and
-- gives the outbox's claim the bookings' own rules ("The outbox").

-- The visit of a booking. `visit` is the time the firm is taken by it: the visit itself with the drive
-- on either side (buffer_minutes, from the town's distance to the base: booking-slots.ts). Two active
-- visits never overlap, however many visitors press "Book" at once: the exclusion constraint refuses the
-- second insert when the first commits (a range type has a gist operator class of its own, no extension
-- needed). Since each side holds the drive from the base, two visits are at least the drive from one to
-- the base and on to the other apart, never less than the drive between them.
create table public.bookings (
  request_id uuid primary key references public.quote_requests (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  buffer_minutes int not null check (buffer_minutes between 0 and 600),
  visit tstzrange not null,
  -- false once cancelled (by the firm or the customer): the time is free again.
  active boolean not null default true,
  -- The calendar invitation's SEQUENCE: one more at every move or cancellation, so calendars replace it.
  sequence int not null default 0,
  cancelled_by text check (cancelled_by in ('firm', 'customer')),
  check (starts_at < ends_at and lower(visit) <= starts_at and upper(visit) >= ends_at),
  exclude using gist (visit with &&) where (active)
);
create index bookings_upcoming on public.bookings (ends_at) where active;
alter table public.bookings enable row level security;
revoke all on table public.bookings from anon, authenticated;

-- The firm's private calendar feed: the SHA-256 of its secret token, never the token, which only the
-- command that issues it prints (npm run bookings -- feed). One feed at a time: issuing a new one or
-- revoking deletes the old.
create table public.calendar_feeds (
  token_hash text primary key check (char_length(token_hash) = 64),
  created_at timestamptz not null default now()
);
alter table public.calendar_feeds enable row level security;
revoke all on table public.calendar_feeds from anon, authenticated;

-- When the reminder of a visit is due: 17:00 Copenhagen time the day before.
create function public.booking_reminder_at(starts_at timestamptz)
returns timestamptz
language sql stable
as $$
  select (((starts_at at time zone 'Europe/Copenhagen')::date - 1) + time '17:00') at time zone 'Europe/Copenhagen'
$$;

-- A booking's deliveries, queued with it: the customer's confirmation with the invitation, and the
-- reminder the day before (by e-mail, and by SMS when the firm turns it on: its rule in claim_deliveries).
-- A held request gets nothing (as every held lead: the alert lists it). A reminder whose time has passed
-- when the visit is booked is not queued: the confirmation has just said it.
create function public.queue_booking_deliveries()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  remind_at timestamptz := public.booking_reminder_at(new.starts_at);
begin
  if (select q.held from public.quote_requests q where q.id = new.request_id) then
    return new;
  end if;
  insert into public.deliveries (channel, request_id, created_at, next_attempt_at)
  select wanted.channel, new.request_id, wanted.at, wanted.at
  from (values ('booking_confirmation', now()), ('booking_reminder', remind_at), ('booking_reminder_sms', remind_at)) as wanted(channel, at)
  where wanted.channel = 'booking_confirmation' or remind_at > now();
  return new;
end;
$$;

create trigger bookings_queue_deliveries
  after insert on public.bookings
  for each row execute function public.queue_booking_deliveries();

-- Stores a booking in one round trip: submit_quote_request's arguments and rules (its locks, replay,
-- rate limits and insert), then the visit, in one transaction. Answers as submit_quote_request does, or
-- 'bookingLimited' (the client, the phone number or the mailbox already has p_active_limit active
-- visits to come: a rule of the bookings themselves, whatever the general rate limits allow), or
-- 'slotTaken' (the day has its p_per_day visits, or another visit took the time: the exclusion
-- constraint, which also decides between two bookings of one time at once). A retried key is answered
-- before the limits, which its own first booking would otherwise count.
create function public.submit_booking(
  p_name text, p_phone text, p_email text, p_location text, p_message text,
  p_source_url text, p_partner_id text, p_idempotency_key text, p_request_hash text,
  p_client_ip_hash text, p_user_agent text,
  p_per_client int, p_per_email int, p_per_email_total int, p_window_minutes int,
  p_not_after timestamptz,
  p_photo_names text[] default null, p_photo_types text[] default null, p_photos_base64 text[] default null,
  p_kind text default 'booking', p_call_when text default null, p_per_phone_total int default null,
  p_deploy_check boolean default false, p_test_sms boolean default false,
  p_starts_at timestamptz default null, p_ends_at timestamptz default null, p_buffer_minutes int default 0,
  p_per_day int default 1, p_active_limit int default 3
)
returns table (kind text, id uuid, retry_after_seconds int)
language plpgsql
as $$
declare
  stored record;
  day date := (p_starts_at at time zone 'Europe/Copenhagen')::date;
begin
  -- submit_quote_request's locks, in its order (it takes them again, which a holder may), then the day's.
  perform pg_advisory_xact_lock(1, hashtext(p_client_ip_hash));
  perform pg_advisory_xact_lock(2, hashtext(public.mailbox(p_email)));
  perform pg_advisory_xact_lock(3, hashtext(public.phone_number(p_phone)));
  perform pg_advisory_xact_lock(7, hashtext(day::text));
  if not exists (select from public.quote_requests q where q.idempotency_key = p_idempotency_key) then
    -- The visits to come, read once: how many are this client's, this phone number's, this mailbox's.
    if (select greatest(count(*) filter (where q.client_ip_hash = p_client_ip_hash),
          count(*) filter (where public.phone_number(q.phone) = public.phone_number(p_phone)),
          count(*) filter (where public.mailbox(q.email) = public.mailbox(p_email)))
        from public.bookings b join public.quote_requests q on q.id = b.request_id
        where b.active and b.ends_at > now()) >= p_active_limit then
      return query select 'bookingLimited'::text, null::uuid, null::int;
      return;
    end if;
    if (select count(*) from public.bookings b
        where b.active and (b.starts_at at time zone 'Europe/Copenhagen')::date = day) >= p_per_day then
      return query select 'slotTaken'::text, null::uuid, null::int;
      return;
    end if;
  end if;
  begin
    select * into stored from public.submit_quote_request(p_name, p_phone, p_email, p_location, p_message,
      p_source_url, p_partner_id, p_idempotency_key, p_request_hash, p_client_ip_hash, p_user_agent,
      p_per_client, p_per_email, p_per_email_total, p_window_minutes, p_not_after,
      p_photo_names, p_photo_types, p_photos_base64, p_kind, p_call_when, p_per_phone_total, p_deploy_check, p_test_sms);
    if stored.kind in ('created', 'held') then
      insert into public.bookings (request_id, starts_at, ends_at, buffer_minutes, visit)
      values (stored.id, p_starts_at, p_ends_at, p_buffer_minutes,
        tstzrange(p_starts_at - make_interval(mins => p_buffer_minutes), p_ends_at + make_interval(mins => p_buffer_minutes), '[)'));
    end if;
  exception when exclusion_violation then
    -- The request's row goes with the visit: a lost race stores nothing.
    return query select 'slotTaken'::text, null::uuid, null::int;
    return;
  end;
  return query select stored.kind, stored.id, stored.retry_after_seconds;
end;
$$;

-- Moves (p_starts_at) or cancels (p_cancel) an active visit still to come, for the firm's command or the
-- customer's link (p_by): one more SEQUENCE, and the customer's and the firm's e-mails with the updated
-- invitation queued again (one delivery each per booking, re-armed by every change: each says the
-- visit's state when it is sent, the latest SEQUENCE, which is what a calendar keeps). A move keeps the
-- visit's length and drive; the exclusion constraint refuses one onto a taken time (SQLSTATE 23P01).
-- Answers the booking as it is now, or nothing when there is no such visit to change.
create function public.change_booking(p_id uuid, p_starts_at timestamptz, p_cancel boolean, p_by text)
returns setof public.bookings
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  b public.bookings;
begin
  select * into b from public.bookings where request_id = p_id and active and ends_at > now() for update;
  if not found then
    return;
  end if;
  if p_cancel then
    update public.bookings set active = false, sequence = b.sequence + 1, cancelled_by = p_by where request_id = p_id returning * into b;
  else
    update public.bookings set starts_at = p_starts_at, ends_at = p_starts_at + (b.ends_at - b.starts_at), sequence = b.sequence + 1,
      visit = tstzrange(p_starts_at - make_interval(mins => b.buffer_minutes),
        p_starts_at + (b.ends_at - b.starts_at) + make_interval(mins => b.buffer_minutes), '[)')
    where request_id = p_id returning * into b;
    update public.deliveries d set state = 'due', attempts = 0, note = null, claimed_until = null,
      created_at = public.booking_reminder_at(b.starts_at), next_attempt_at = public.booking_reminder_at(b.starts_at)
    where d.request_id = p_id and d.channel in ('booking_reminder', 'booking_reminder_sms');
  end if;
  insert into public.deliveries (channel, request_id)
  select channel, p_id from (values ('booking_update'), ('booking_update_firm')) as wanted(channel)
  on conflict (request_id, channel) do update set state = 'due', attempts = 0, note = null, claimed_until = null,
    sent_at = null, created_at = now(), next_attempt_at = now();
  return next b;
end;
$$;

-- The visit as the sends and the feed need it (store.ts, StoredRequest's `visit`). Volatile, so that it
-- reads the visit as a change_booking() earlier in the same statement left it.
create function public.booking_json(p_id uuid)
returns jsonb
language sql volatile
security definer
set search_path = public, pg_temp
as $$
  select jsonb_build_object('start', b.starts_at, 'end', b.ends_at, 'sequence', b.sequence, 'active', b.active,
    'cancelledBy', b.cancelled_by)
  from public.bookings b where b.request_id = p_id
$$;

revoke execute on function public.submit_booking from public, anon, authenticated;
revoke execute on function public.change_booking(uuid, timestamptz, boolean, text) from public, anon, authenticated;
revoke execute on function public.booking_json(uuid) from public, anon, authenticated;
revoke execute on function public.queue_booking_deliveries() from public, anon, authenticated;

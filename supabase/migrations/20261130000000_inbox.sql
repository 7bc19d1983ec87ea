-- The firm's inbox (supabase/functions/inbox/README.md): the people of the firm who sign in with
-- Supabase Auth, each lead's state with its history and notes, and the devices that get a push for a
-- new lead. Only new things are defined here.
--
-- The rules live here, not in the function: every inbox_* function reads the caller from the verified
-- token's claims (`auth.uid()`, which the inbox function sets with `request.jwt.claims` before it calls
-- them as the `authenticated` role) and refuses anyone who is not on the team, and a medarbejder what
-- only the owner (ejer) may do: export, erase, change the team. The tables are closed to anon and
-- authenticated like every other; only these functions, granted to `authenticated`, open them.
-- Errors carry a code the function turns into a Danish sentence: 42501 'not_member' / 'owner_only',
-- P0002 'no_lead', 22023 with the name of the bad input.


-- ---------------------------------------------------------------------------------------------------
-- The team: a row per person the firm added (`npm run team`, or the owner in the inbox). Their e-mail
-- is Auth's (auth.users), kept in one place; removing the Auth user removes the member.

create table public.team_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null check (role in ('ejer', 'medarbejder')),
  added_at timestamptz not null default now()
);
alter table public.team_members enable row level security;
revoke all on table public.team_members from anon, authenticated;

-- The firm always keeps an owner: the last one can be neither removed nor made a medarbejder, by the
-- inbox, the command or a deleted Auth user alike.
create function public.keep_an_owner()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  if old.role = 'ejer' and (tg_op = 'DELETE' or new.role <> 'ejer')
    and not exists (select from public.team_members m where m.role = 'ejer' and m.user_id <> old.user_id) then
    raise exception 'last_owner' using errcode = '22023';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create trigger team_members_keep_an_owner
  before delete or update of role on public.team_members
  for each row execute function public.keep_an_owner();


-- ---------------------------------------------------------------------------------------------------
-- Internal notes beside a lead's state (its history: the baseline's lead_events). They go with their
-- request (the retention purge, an erasure). `by_email` is the member's address at the time: a note
-- still says who wrote it after that person has left the team.

create table public.lead_notes (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.quote_requests (id) on delete cascade,
  at timestamptz not null default now(),
  by_email text not null,
  text text not null check (char_length(text) between 1 and 2000)
);
create index lead_notes_of_request on public.lead_notes (request_id, id);
alter table public.lead_notes enable row level security;
revoke all on table public.lead_notes from anon, authenticated;


-- ---------------------------------------------------------------------------------------------------
-- The devices that get a Web Push for each new lead: a browser's PushSubscription (its endpoint and
-- keys), one member's; it goes when the member goes, or when the push service says it is gone.

create table public.push_subscriptions (
  endpoint text primary key check (endpoint ~ '^https?://' and char_length(endpoint) <= 1000),
  user_id uuid not null references public.team_members (user_id) on delete cascade,
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{16,30}$'),
  created_at timestamptz not null default now()
);
alter table public.push_subscriptions enable row level security;
revoke all on table public.push_subscriptions from anon, authenticated;


-- Each new lead's push to the team's devices: a delivery of the outbox (the channel `push`,
-- supabase/functions/_shared/channels.ts), queued in the transaction that stores the request, as its
-- e-mail is (the baseline's queue_deliveries); one per lead, sent to every device there is when it goes.
-- None for a held request or a deploy check (no lead), nor while no device of the team allows them.
create function public.queue_push_delivery()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  if not new.held and not new.deploy_check and exists (select from public.push_subscriptions) then
    insert into public.deliveries (channel, request_id, created_at, next_attempt_at) values ('push', new.id, new.received_at, new.received_at);
  end if;
  return new;
end;
$$;

create trigger quote_requests_queue_push
  after insert on public.quote_requests
  for each row execute function public.queue_push_delivery();


-- ---------------------------------------------------------------------------------------------------
-- Who calls: the member of the verified token, or an error. Every inbox_* function starts here.

create function public.inbox_caller(p_owner_only boolean default false)
returns table (user_id uuid, role text, email text)
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  return query select m.user_id, m.role, u.email::text from public.team_members m join auth.users u on u.id = m.user_id
    where m.user_id = auth.uid();
  if not found then
    raise exception 'not_member' using errcode = '42501';
  end if;
  if p_owner_only and not exists (select from public.team_members m where m.user_id = auth.uid() and m.role = 'ejer') then
    raise exception 'owner_only' using errcode = '42501';
  end if;
end;
$$;

-- The town of a free-text place ("Vestergade 3, 4600 Køge" → "Køge"; "Køge" stays).
create function public.lead_town(location text)
returns text
language sql
immutable
as $$ select btrim(coalesce(substring(location from '[0-9]{4}\s+([^,]+)$'), regexp_replace(location, '^.*,\s*', ''))) $$;

-- When a lead last changed: its arrival, its newest move or its newest note.
create function public.lead_updated_at(q public.quote_requests)
returns timestamptz
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select greatest(q.received_at, (select max(e.at) from lead_events e where e.request_id = q.id),
    (select max(n.at) from lead_notes n where n.request_id = q.id))
$$;

-- A lead as the list shows it (the contract's LeadSummary).
create function public.inbox_summary(q public.quote_requests)
returns jsonb
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select jsonb_build_object(
    'id', q.id,
    'created_at', q.received_at,
    'updated_at', public.lead_updated_at(q),
    'kind', q.kind,
    'name', q.name,
    'town', case when q.location is not null then public.lead_town(q.location) end,
    'about', coalesce(left(q.message, 120), 'Vil ringes op'),
    'source', case when q.partner_id is null then jsonb_build_object('type', 'site', 'page', nullif(public.lead_page(q.source_url), ''))
      else jsonb_build_object('type', 'partner', 'partner', coalesce((select p.name from partners p where p.id = q.partner_id), q.partner_id),
        'page', nullif(public.lead_page(q.source_url), '')) end,
    'state', public.lead_state(q.id),
    'held', q.held)
    || case when q.kind = 'booking' then jsonb_build_object('visit', (select jsonb_build_object('start', b.starts_at, 'end', b.ends_at,
      'active', b.active) from bookings b where b.request_id = q.id)) else '{}' end
$$;

-- The caller's own member row.
create function public.inbox_me()
returns jsonb
language sql
stable
security definer
set search_path = public, pg_temp
as $$ select jsonb_build_object('user', jsonb_build_object('id', c.user_id, 'email', c.email), 'role', c.role) from public.inbox_caller() c $$;

-- The leads, newest first, at most 200: the open ones ('open': not won or lost) or all; `p_q` matched
-- against name, e-mail, town and phone (in any spelling), without regard to case; `p_since` only those
-- created or changed after it, in any state: a poll of the open list learns of a lead won or lost since
-- (and the page reads its list again). `now` is what the next poll passes as `p_since`: a few seconds
-- before this transaction began, so a lead stored by a transaction still open meanwhile is not missed
-- (the page replaces a lead it has by its id).
create function public.inbox_leads(p_view text default 'open', p_q text default null, p_since timestamptz default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
declare
  digits text := regexp_replace(coalesce(p_q, ''), '[^0-9]', '', 'g');
  wanted text := lower(btrim(coalesce(p_q, '')));
begin
  perform public.inbox_caller();
  if p_view is null or p_view not in ('open', 'all') then
    raise exception 'view' using errcode = '22023';
  end if;
  return jsonb_build_object('now', now() - interval '5 seconds', 'leads', coalesce((
    -- Chosen by state and time alone; only the leads kept are summed up (each poll, every 3 s).
    select jsonb_agg(public.inbox_summary(newest.request) order by (newest.request).received_at desc, (newest.request).id) from (
      select q as request
      from quote_requests q
      where not q.deploy_check
        and (wanted = '' or strpos(lower(q.name), wanted) > 0 or strpos(lower(coalesce(q.email, '')), wanted) > 0
          or strpos(lower(coalesce(q.location, '')), wanted) > 0
          or (length(digits) >= 3 and strpos(public.phone_number(q.phone), public.phone_number(p_q)) > 0))
        and (p_view = 'all' or p_since is not null or public.lead_state(q.id) not in ('vundet', 'tabt'))
        and (p_since is null or public.lead_updated_at(q) > p_since)
      order by q.received_at desc, q.id
      limit 200
    ) newest), '[]'));
end;
$$;

-- One lead with everything the customer sent, its photos still kept (listed, not their bytes), its
-- history and its notes.
create function public.inbox_lead(p_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
declare
  q quote_requests;
begin
  perform public.inbox_caller();
  select * into q from quote_requests r where r.id = p_id and not r.deploy_check;
  if not found then
    raise exception 'no_lead' using errcode = 'P0002';
  end if;
  return public.inbox_summary(q) || jsonb_build_object(
    'phone', q.phone,
    'email', q.email,
    'address', q.location,
    'postcode', substring(q.location from '\m([0-9]{4})\M'),
    'description', q.message,
    'when', q.call_when,
    'photos', coalesce((select jsonb_agg(jsonb_build_object('index', p.position, 'name', p.filename, 'type', p.content_type,
      'size', octet_length(p.bytes)) order by p.position) from quote_request_photos p where p.request_id = q.id), '[]'),
    'history', coalesce((select jsonb_agg(jsonb_build_object('at', e.at, 'by', e.by_email, 'state', e.state, 'reason', e.reason)
      order by e.id) from lead_events e where e.request_id = q.id), '[]'),
    'notes', coalesce((select jsonb_agg(jsonb_build_object('at', n.at, 'by', n.by_email, 'text', n.text) order by n.id)
      from lead_notes n where n.request_id = q.id), '[]'));
end;
$$;

-- A photo's bytes while it is kept (docs/quote-photos.md); no row once it is gone.
create function public.inbox_photo(p_id uuid, p_index int)
returns table (content_type text, bytes bytea)
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller();
  return query select p.content_type, p.bytes from quote_request_photos p join quote_requests q on q.id = p.request_id
    where p.request_id = p_id and p.position = p_index and not q.deploy_check;
end;
$$;

-- Cancels a booking's visit still to come through change_booking (the customer is told by e-mail with
-- the updated invitation, as when the firm cancels by command); false when there is none to cancel.
create function public.inbox_cancel_visit(p_id uuid)
returns boolean
language sql
security definer
set search_path = public, pg_temp
as $$ select exists (select from public.change_booking(p_id, null, true, 'firm')) $$;

-- Moves a lead to a state (any move; 'tabt' with a reason of 1-300 characters, which also cancels a
-- booking's visit still to come), kept with who and when; answers the lead.
create function public.inbox_move(p_id uuid, p_state text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  caller record;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  select * into caller from public.inbox_caller();
  if not exists (select from quote_requests q where q.id = p_id and not q.deploy_check) then
    raise exception 'no_lead' using errcode = 'P0002';
  end if;
  if p_state is null or p_state not in ('ny', 'ringet_op', 'besigtigelse', 'tilbud_sendt', 'vundet', 'tabt') then
    raise exception 'state' using errcode = '22023';
  end if;
  if (p_state = 'tabt' and reason is null) or char_length(reason) > 300 then
    raise exception 'reason' using errcode = '22023';
  end if;
  insert into lead_events (request_id, by_email, state, reason) values (p_id, caller.email, p_state, case when p_state = 'tabt' then reason end);
  if p_state = 'tabt' then
    perform public.inbox_cancel_visit(p_id);
  end if;
  return public.inbox_lead(p_id);
end;
$$;

-- Cancels a booking's visit without moving the lead; answers the lead.
create function public.inbox_cancel_booking(p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller();
  if not exists (select from quote_requests q where q.id = p_id and not q.deploy_check) then
    raise exception 'no_lead' using errcode = 'P0002';
  end if;
  if not public.inbox_cancel_visit(p_id) then
    raise exception 'no_visit' using errcode = '22023';
  end if;
  return public.inbox_lead(p_id);
end;
$$;

-- Adds an internal note of 1-2000 characters; answers the lead.
create function public.inbox_note(p_id uuid, p_text text)
returns jsonb
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  caller record;
  body text := btrim(coalesce(p_text, ''));
begin
  select * into caller from public.inbox_caller();
  if not exists (select from quote_requests q where q.id = p_id and not q.deploy_check) then
    raise exception 'no_lead' using errcode = 'P0002';
  end if;
  if char_length(body) not between 1 and 2000 then
    raise exception 'text' using errcode = '22023';
  end if;
  insert into lead_notes (request_id, by_email, text) values (p_id, caller.email, body);
  return public.inbox_lead(p_id);
end;
$$;


-- ---------------------------------------------------------------------------------------------------
-- The team, for its owner. Adding needs an Auth user first (the function creates it through Auth's
-- admin API, which only the service role may call); removing a member here lets the function delete
-- their Auth user after.

create function public.team_json()
returns jsonb
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select jsonb_build_object('members', coalesce(jsonb_agg(jsonb_build_object('id', m.user_id, 'email', u.email, 'role', m.role,
    'added_at', m.added_at) order by m.role, u.email), '[]'))
  from team_members m join auth.users u on u.id = m.user_id
$$;

create function public.inbox_team()
returns jsonb
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  return public.team_json();
end;
$$;

-- Adds (or changes the role of) the Auth user p_user.
create function public.inbox_team_add(p_user uuid, p_role text)
returns jsonb
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  if p_role is null or p_role not in ('ejer', 'medarbejder') then
    raise exception 'role' using errcode = '22023';
  end if;
  insert into team_members (user_id, role) values (p_user, p_role) on conflict (user_id) do update set role = excluded.role;
  return public.team_json();
end;
$$;

-- Removes a member (not the last owner: keep_an_owner); answers the team.
create function public.inbox_team_remove(p_user uuid)
returns jsonb
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  delete from team_members where user_id = p_user;
  if not found then
    raise exception 'no_member' using errcode = 'P0002';
  end if;
  return public.team_json();
end;
$$;


-- ---------------------------------------------------------------------------------------------------
-- The caller's devices for Web Push.

create function public.inbox_push_subscribe(p_endpoint text, p_p256dh text, p_auth text)
returns void
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  caller record;
begin
  select * into caller from public.inbox_caller();
  if p_endpoint is null or p_endpoint !~ '^https?://' or char_length(p_endpoint) > 1000 then
    raise exception 'subscription' using errcode = '22023';
  end if;
  if p_p256dh is null or p_p256dh !~ '^[A-Za-z0-9_-]{80,100}$' or p_auth is null or p_auth !~ '^[A-Za-z0-9_-]{16,30}$' then
    raise exception 'subscription' using errcode = '22023';
  end if;
  insert into push_subscriptions (endpoint, user_id, p256dh, auth) values (p_endpoint, caller.user_id, p_p256dh, p_auth)
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth;
end;
$$;

create function public.inbox_push_unsubscribe(p_endpoint text)
returns void
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  caller record;
begin
  select * into caller from public.inbox_caller();
  delete from push_subscriptions where endpoint = p_endpoint and user_id = caller.user_id;
end;
$$;


-- The month's statement, for the owner.
create function public.inbox_statement(p_month date)
returns jsonb
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  return coalesce((select jsonb_agg(to_jsonb(s)) from public.lead_statement(p_month) s), '[]');
end;
$$;


-- ---------------------------------------------------------------------------------------------------
-- A customer's data (GDPR art. 15 and 17), found by e-mail (its mailbox, every spelling: as
-- forget_quote_requester) or by phone number (any spelling: public.phone_number), since a call-back has
-- no e-mail: every column of every request, its photos (name, type, size), what was sent about it, a
-- booking's visit, and the inbox's states and notes about it. The callers pass the address in the form the function stores
-- (storedEmailForm, supabase/functions/_shared/email-address.js). scripts/forget-requester.js and the
-- inbox (for its owner: inbox_customer, inbox_erase) read and erase through these two.

create function public.requester_rows(p_email text, p_phone text)
returns setof jsonb
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select to_jsonb(q) || jsonb_build_object(
    'photos', coalesce((select jsonb_agg(jsonb_build_object('filename', p.filename, 'content_type', p.content_type,
      'size_bytes', octet_length(p.bytes)) order by p.position) from quote_request_photos p where p.request_id = q.id), '[]'),
    'deliveries', coalesce((select jsonb_agg(jsonb_build_object('channel', d.channel, 'state', d.state, 'sent_at', d.sent_at)
      order by d.id) from deliveries d where d.request_id = q.id), '[]'),
    'states', coalesce((select jsonb_agg(jsonb_build_object('at', e.at, 'state', e.state, 'reason', e.reason) order by e.id)
      from lead_events e where e.request_id = q.id), '[]'),
    'notes', coalesce((select jsonb_agg(jsonb_build_object('at', n.at, 'text', n.text) order by n.id)
      from lead_notes n where n.request_id = q.id), '[]'))
    -- A booking's visit: when the firm comes to the customer's address is theirs to know, too.
    || case when q.kind = 'booking' then jsonb_build_object('visit', public.booking_json(q.id)) else '{}' end
  from quote_requests q
  where (p_email is not null and public.mailbox(q.email) = public.mailbox(p_email))
    or (p_phone is not null and public.phone_number(q.phone) = public.phone_number(p_phone))
  order by q.received_at, q.id
$$;

create function public.forget_requester(p_email text, p_phone text)
returns integer
language sql
security definer
set search_path = public, pg_temp
as $$
  with gone as (delete from public.quote_requests q
    where (p_email is not null and public.mailbox(q.email) = public.mailbox(p_email))
      or (p_phone is not null and public.phone_number(q.phone) = public.phone_number(p_phone))
    returning 1)
  select count(*)::integer from gone;
$$;

-- What the owner's access letter needs: the rows, and the firm's facts as the site published them.
create function public.inbox_customer(p_email text, p_phone text)
returns jsonb
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  if p_email is null and p_phone is null then
    raise exception 'customer' using errcode = '22023';
  end if;
  return jsonb_build_object('requests', coalesce((select jsonb_agg(r.request order by r.n)
    from public.requester_rows(p_email, p_phone) with ordinality as r(request, n)), '[]'),
    'facts', (select f.facts from site_facts f where f.id));
end;
$$;

create function public.inbox_erase(p_email text, p_phone text)
returns integer
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  perform public.inbox_caller(true);
  if p_email is null and p_phone is null then
    raise exception 'customer' using errcode = '22023';
  end if;
  return public.forget_requester(p_email, p_phone);
end;
$$;


-- ---------------------------------------------------------------------------------------------------
-- Only the inbox's entry points are callable, and only by `authenticated` (the function's role once it
-- has verified the token); everything else stays the owner's (the baseline's default revokes).
revoke execute on all functions in schema public from public, anon, authenticated;
grant execute on function public.inbox_me(), public.inbox_leads(text, text, timestamptz), public.inbox_lead(uuid),
  public.inbox_photo(uuid, int), public.inbox_move(uuid, text, text), public.inbox_cancel_booking(uuid), public.inbox_note(uuid, text),
  public.inbox_team(), public.inbox_team_add(uuid, text), public.inbox_team_remove(uuid),
  public.inbox_push_subscribe(text, text, text), public.inbox_push_unsubscribe(text),
  public.inbox_statement(date), public.inbox_customer(text, text), public.inbox_erase(text, text)
  to authenticated;

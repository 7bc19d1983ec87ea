-- Quote requests: every request is stored before any e-mail is attempted (README, "The quote
-- backend": store first, then notify). The public anon key can neither read nor write these tables: row-level security is on
-- with no policy for anon or authenticated, and their table privileges are revoked as well.

create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  -- The five fields of the quote form (docs/product.md#data), validated by the function.
  name text not null check (char_length(name) between 2 and 100),
  phone text not null check (char_length(phone) between 8 and 20),
  email text not null check (char_length(email) between 3 and 254),
  location text not null check (char_length(location) between 2 and 200),
  message text not null check (char_length(message) between 10 and 1000),
  source_url text check (char_length(source_url) <= 500),
  partner_id text check (char_length(partner_id) <= 64),
  -- The same key never creates a second row (or a second e-mail).
  idempotency_key text unique check (char_length(idempotency_key) <= 200),
  -- The firm's e-mail: pending -> sending (claimed by one sender) -> sent.
  notification_status text not null default 'pending' check (notification_status in ('pending', 'sending', 'sent')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  -- Salted SHA-256 of the client address: enough for rate limits, no address stored.
  client_ip_hash text not null,
  user_agent text check (char_length(user_agent) <= 500)
);

comment on table public.quote_requests is 'Quote requests from the site and partner embeds; written only by the send-contact-email function.';

-- Rate limits count recent rows per client and per e-mail address.
create index quote_requests_client_recent on public.quote_requests (client_ip_hash, received_at);
create index quote_requests_email_recent on public.quote_requests (lower(email), received_at);
-- The retry job looks only at rows whose e-mail is not out yet.
create index quote_requests_unsent on public.quote_requests (next_attempt_at) where notification_status <> 'sent';

-- Partner sites that embed the quote widget: their origins are allowed for CORS.
create table public.partners (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text not null,
  origin text not null check (origin ~ '^https?://[^/]+$'),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

alter table public.quote_requests enable row level security;
alter table public.partners enable row level security;
revoke all on table public.quote_requests, public.partners from anon, authenticated;

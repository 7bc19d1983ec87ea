-- The content a request's idempotency key was first used for (a SHA-256 of its fields): the same key
-- with other content is a client error (422), not a silent replay that drops the second request.
alter table public.quote_requests add column request_hash text check (char_length(request_hash) = 64);

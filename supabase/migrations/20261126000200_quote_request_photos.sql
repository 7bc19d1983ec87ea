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

-- submit_quote_request with the request's photos, stored with the row in the same statement (one round
-- trip, one transaction): a request is never stored without its photos, nor photos without a request.
-- Photos of a replayed request are not stored again: the first submission's are the request's. The bytes
-- come as base64 text: the driver sends bytea as hex text, half again as large, and escaped once more in
-- an array (docs/quote-photos.md "Time and memory").
create function public.submit_quote_request_with_photos(
  p_name text, p_phone text, p_email text, p_location text, p_message text,
  p_source_url text, p_partner_id text, p_idempotency_key text, p_request_hash text,
  p_client_ip_hash text, p_user_agent text,
  p_per_client int, p_per_email int, p_per_email_total int, p_window_minutes int,
  p_not_after timestamptz,
  p_photo_names text[], p_photo_types text[], p_photos_base64 text[]
)
returns table (kind text, id uuid, retry_after_seconds int)
language plpgsql
as $$
declare
  result record;
begin
  select s.kind, s.id, s.retry_after_seconds into result from public.submit_quote_request(
    p_name, p_phone, p_email, p_location, p_message, p_source_url, p_partner_id, p_idempotency_key,
    p_request_hash, p_client_ip_hash, p_user_agent, p_per_client, p_per_email, p_per_email_total,
    p_window_minutes, p_not_after) s;
  if result.kind in ('created', 'held') then
    insert into public.quote_request_photos (request_id, position, filename, content_type, bytes)
    select result.id, photo.position, photo.filename, photo.content_type, decode(photo.base64, 'base64')
    from unnest(p_photo_names, p_photo_types, p_photos_base64) with ordinality as photo(filename, content_type, base64, position);
  end if;
  return query select result.kind, result.id, result.retry_after_seconds;
end;
$$;

revoke all on function public.submit_quote_request_with_photos(text, text, text, text, text, text, text, text, text, text, text,
  int, int, int, int, timestamptz, text[], text[], text[]) from public, anon, authenticated;

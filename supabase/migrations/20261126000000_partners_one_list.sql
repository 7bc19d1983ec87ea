-- One list of partners (docs/partners.md): a row both lets its origin send quote requests from a
-- browser and credits the requests that name its id. `npm run partners` is the one way to change it.
--
-- The function compares a row's origin with the browser's Origin header character for character, and a
-- browser writes an origin in lower case without its default port. Rows written by hand before this
-- migration are brought to that form, so a row that matched nothing ('https://Byportalen.dk:443')
-- starts working, and the check keeps every new row in it.
update public.partners
set origin = regexp_replace(regexp_replace(lower(origin), '^(https://.+):443$', '\1'), '^(http://.+):80$', '\1')
where origin <> regexp_replace(regexp_replace(lower(origin), '^(https://.+):443$', '\1'), '^(http://.+):80$', '\1');

alter table public.partners
  add constraint partners_origin_as_browsers_send_it check (
    origin ~ '^https?://([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$'
    and origin !~ '^https://.+:443$'
    and origin !~ '^http://.+:80$'
  ),
  add constraint partners_name_not_blank check (btrim(name) <> '');

comment on table public.partners is
  'Partner sites that embed the quote form: an active row lets its origin send and credits leads naming its id. Changed with npm run partners.';
comment on column public.partners.active is 'false once removed (npm run partners -- remove): the origin may no longer send, and the id is kept for the statements.';

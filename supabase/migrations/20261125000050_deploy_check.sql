-- A request sent by `npm run verify:deploy` carrying the firm's CRON_SECRET (X-Deploy-Check): stored and
-- mailed like any other, every rule applying, and labelled so the firm can tell it from a customer's.
alter table public.quote_requests add column deploy_check boolean not null default false;

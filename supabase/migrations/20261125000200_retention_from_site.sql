-- Retention is one setting, `privacy` in site/_data/business.yaml, which the privacy page promises:
-- `npm run retention` writes it into public.retention_settings (the local stack does so after its
-- migrations). The table keeps no defaults of its own, so no third copy of the periods can disagree.
alter table public.retention_settings
  alter column quote_requests drop default,
  alter column client_data drop default;

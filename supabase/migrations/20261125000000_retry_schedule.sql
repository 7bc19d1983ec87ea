-- The scheduled retry of e-mails not yet sent: every 5 minutes pg_cron has pg_net POST to the function
-- retry-quote-emails. Its URL and the bearer secret it checks (CRON_SECRET) are read from Vault when the
-- job runs, never written into the job's text (cron.job is readable by more than the function).
-- Put them there once with `npm run schedule:retry` (docs/deploy.md); until then the job posts nowhere.
-- Supabase has pg_cron, pg_net and Vault; where one is missing (the local PGlite stack) nothing is
-- scheduled and the local runner calls the function itself (dev/local/stack.js).
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select from pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
  end if;
  if to_regnamespace('cron') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    raise notice 'retry-quote-emails is not scheduled: it needs pg_cron, pg_net and Vault';
    return;
  end if;
  perform cron.schedule('retry-quote-emails', '*/5 * * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'retry_quote_emails_url'),
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'retry_quote_emails_cron_secret')),
      body := '{}'::jsonb,
      -- The function answers at once and sends in the background: a short wait is enough.
      timeout_milliseconds := 5000)
    where exists (select from vault.decrypted_secrets where name = 'retry_quote_emails_url')
  $job$);
end
$$;

-- A request whose e-mail can never be delivered (a permanent SMTP refusal, or still failing after the
-- retry horizon) ends in a terminal `failed` state instead of being retried forever; nothing is deleted
-- because it failed. `alerted_at` records that the firm was told about it through ALERT_WEBHOOK_URL.
alter table public.quote_requests drop constraint quote_requests_notification_status_check;
alter table public.quote_requests
  add constraint quote_requests_notification_status_check check (notification_status in ('pending', 'sending', 'sent', 'failed'));
alter table public.quote_requests add column failed_at timestamptz, add column alerted_at timestamptz;

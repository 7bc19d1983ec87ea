-- An alert about undelivered requests counts only once the firm's webhook took it (a 2xx answer):
-- alerted_at is set then, not when the rows are picked. While one sender is posting the alert, the
-- rows are reserved for it (alert_claimed_until), so two senders do not post the same alert; a failed
-- or timed-out post releases them, and the next request or scheduled retry tries again.
alter table public.quote_requests add column alert_claimed_until timestamptz;

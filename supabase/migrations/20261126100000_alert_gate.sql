-- One gate for the firm's alert channel (alerts.ts): every stored request looks for requests the firm
-- has not been told about, so without a gate a stranger who makes requests held (a victim's address from
-- many clients) decides how often the channel fires. The first alert goes at once; while one is being
-- sent, and for the interval after one arrived, the rest wait and go together in the next alert, with
-- their count. One row, shared by every instance of the function and the scheduled retry.
create table public.alert_gate (
  id boolean primary key default true check (id),
  -- When the channel last took an alert (2xx).
  last_sent_at timestamptz,
  -- An alert being sent holds the gate until then (well over the webhook's timeout).
  held_until timestamptz
);
insert into public.alert_gate (id) values (true);
alter table public.alert_gate enable row level security;
revoke all on table public.alert_gate from anon, authenticated;

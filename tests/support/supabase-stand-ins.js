// TEST DOUBLES of two things Supabase provides and Debian does not package: pg_net's net.http_post(),
// which here only records each call in net.recorded_calls, and Vault's secrets (vault.create_secret(),
// vault.update_secret(), the vault.decrypted_secrets view), here kept in plain text. Same names and
// signatures as on Supabase, made by a test before the migrations run; never part of `npm start`.
export const SUPABASE_STAND_INS = `
  create schema net;
  create table net.recorded_calls (id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer);
  create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds integer default 5000)
    returns bigint language sql as $$
      insert into net.recorded_calls (url, body, params, headers, timeout_milliseconds)
      values (url, body, params, headers, timeout_milliseconds) returning id $$;

  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, description text not null default '', secret text not null);
  create view vault.decrypted_secrets as select id, name, description, secret as decrypted_secret from vault.secrets;
  create function vault.create_secret(new_secret text, new_name text default null, new_description text default '')
    returns uuid language sql as $$
      insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id $$;
  create function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null)
    returns void language sql as $$
      update vault.secrets set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
        description = coalesce(new_description, description) where id = secret_id $$;
`;

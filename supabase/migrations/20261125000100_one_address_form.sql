-- One form of an e-mail address, stored, counted, mailed and erased.
--
-- The function stores an address in its canonical form (quote-checks.ts canonicalEmail: NFKC, the
-- domain in lower-case ASCII). canonical_email() is the same for the database: it brings the rows
-- stored before to that form, so that x@ｅｘａｍｐｌｅ.dk and x@example.dk count and are erased as
-- one address, and erasure finds every row whatever spelling it is asked for.
-- tests/backend/canonical-email.test.js proves the two forms agree.

-- RFC 3492 Punycode of one domain label (without the xn-- prefix).
create or replace function public.punycode_label(label text)
returns text
language plpgsql
immutable strict
as $$
declare
  points int[] := array(select ascii(c) from regexp_split_to_table(label, '') as c);
  output text := '';
  n int := 128;
  delta bigint := 0;
  bias int := 72;
  basic int := 0;
  handled int;
  m int;
  q bigint;
  k int;
  t int;
  point int;
begin
  foreach point in array points loop
    if point < 128 then
      output := output || chr(point);
      basic := basic + 1;
    end if;
  end loop;
  handled := basic;
  if basic > 0 then output := output || '-'; end if;
  while handled < cardinality(points) loop
    select min(p) into m from unnest(points) as p where p >= n;
    delta := delta + (m - n)::bigint * (handled + 1);
    n := m;
    foreach point in array points loop
      if point < n then delta := delta + 1; end if;
      if point = n then
        q := delta;
        k := 36;
        loop
          t := case when k <= bias then 1 when k >= bias + 26 then 26 else k - bias end;
          exit when q < t;
          output := output || public.punycode_digit(t + (q - t) % (36 - t));
          q := (q - t) / (36 - t);
          k := k + 36;
        end loop;
        output := output || public.punycode_digit(q);
        -- adapt(delta, handled + 1, first time)
        delta := case when handled = basic then delta / 700 else delta / 2 end;
        delta := delta + delta / (handled + 1);
        k := 0;
        while delta > 455 loop
          delta := delta / 35;
          k := k + 36;
        end loop;
        bias := k + (36 * delta) / (delta + 38);
        delta := 0;
        handled := handled + 1;
      end if;
    end loop;
    delta := delta + 1;
    n := n + 1;
  end loop;
  return output;
end;
$$;

create or replace function public.punycode_digit(d bigint)
returns text
language sql
immutable strict
as $$ select case when d < 26 then chr(97 + d::int) else chr(22 + d::int) end $$;

-- Lower case whatever the database's locale: lower() alone changes only ASCII letters under the C
-- locale (PostgreSQL 15 as tests run it), so the Latin, Greek and Cyrillic capitals are mapped first.
create or replace function public.lower_letters(value text)
returns text
language sql
immutable strict
as $$ select lower(translate(value,
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠƢƤƦƧƩƬƮƯƱƲƳƵƷƸƼǄǇǊǍǏǑǓǕǗǙǛǞǠǢǤǦǨǪǬǮǱǴǶǷǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȜȞȠȢȤȦȨȪȬȮȰȲȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲͶͿΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫϏϘϚϜϞϠϢϤϦϨϪϬϮϷϹϺϽϾϿЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤѦѨѪѬѮѰѲѴѶѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӃӅӇӉӋӍӐӒӔӖӘӚӜӞӠӢӤӦӨӪӬӮӰӲӴӶӸӺӼӾԀԂԄԆԈԊԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮ',
  'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵơƣƥʀƨʃƭʈưʊʋƴƶʒƹƽǆǉǌǎǐǒǔǖǘǚǜǟǡǣǥǧǩǫǭǯǳǵƕƿǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȝȟƞȣȥȧȩȫȭȯȱȳⱥȼƚⱦɂƀʉʌɇɉɋɍɏͱͳͷϳάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋϗϙϛϝϟϡϣϥϧϩϫϭϯϸϲϻͻͼͽѐёђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюяѡѣѥѧѩѫѭѯѱѳѵѷѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӂӄӆӈӊӌӎӑӓӕӗәӛӝӟӡӣӥӧөӫӭӯӱӳӵӷӹӻӽӿԁԃԅԇԉԋԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯ')) $$;

-- The canonical form of an address: NFKC, without invisible characters (rows stored before they were
-- refused), the domain's labels lower case and, where not ASCII, in Punycode.
create or replace function public.canonical_email(address text)
returns text
language plpgsql
immutable strict
as $$
declare
  clean text := btrim(regexp_replace(normalize(address, NFKC),
    '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e0fff]',
    '', 'g'));
  at int := length(clean) - position('@' in reverse(clean)) + 1;
  labels text[];
  label text;
  result text[] := '{}';
begin
  if position('@' in clean) = 0 then return clean; end if;
  labels := string_to_array(public.lower_letters(regexp_replace(substr(clean, at + 1), '[\u3002\uff0e\uff61]', '.', 'g')), '.');
  foreach label in array labels loop
    result := result || case when label ~ '^[\x01-\x7f]*$' then label else 'xn--' || public.punycode_label(label) end;
  end loop;
  return substr(clean, 1, at) || array_to_string(result, '.');
end;
$$;

update public.quote_requests set email = public.canonical_email(email) where email <> public.canonical_email(email);

-- Erasure and access by any spelling of the address, whatever form a row was stored in (a rare
-- statement: comparing canonical forms row by row costs a scan, not an index).
create or replace function public.forget_quote_requester(address text)
returns integer
language sql
security definer
set search_path = public
as $$
  with gone as (delete from public.quote_requests
    where lower(public.canonical_email(email)) = lower(public.canonical_email(address)) returning 1)
  select count(*)::integer from gone;
$$;

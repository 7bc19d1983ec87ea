// The functions' connection pool to Postgres, for a direct connection and a transaction pooler alike
// (Supabase's Supavisor on port 6543, which docs/deploy.md recommends for functions). TLS is what the
// URL's `sslmode` asks for (the postgres driver reads it). Through a transaction pooler, settings given
// at connection start-up do not reach the server connection a transaction runs on, so the statement,
// lock and idle-in-transaction timeouts are set inside each statement's own transaction instead:
// BEGIN, the settings, the statement and COMMIT go out together on one connection, one round trip.
import postgres from "postgres";

type Sql = ReturnType<typeof postgres>;

/**
 * Opens the pool. Prepared statements are off (a transaction pooler and PGlite's socket server both
 * need that) and the pool size is configurable because PGlite's socket server multiplexes one session:
 * the local stack uses one connection (DB_POOL_MAX=1). With `deadlineMs`, the server itself gives up on
 * a statement or a lock wait after that long; the handlers also stop waiting (deadline.ts), which covers
 * what the server cannot: a server that hangs.
 */
export function connect(url: string, max = 4, deadlineMs?: number): Sql {
  const sql = postgres(url, {
    max,
    connect_timeout: deadlineMs ? Math.max(1, Math.ceil(deadlineMs / 1000)) : 5,
    idle_timeout: 30,
    prepare: false,
    onnotice: () => {},
  });
  return deadlineMs ? withTimeouts(sql, deadlineMs) : sql;
}

// biome-ignore lint/suspicious/noExplicitAny: postgres.js queries are PromiseLike with their own then signature
type Query = { then: any };
const isTemplate = (value: unknown): value is TemplateStringsArray => Array.isArray(value) && "raw" in value;

/**
 * `sql` whose every executed statement (a tagged template or `unsafe()` that is awaited) runs in its own
 * transaction with the timeouts set locally. A query only built as part of another (a fragment) is never
 * awaited and stays as it is.
 */
export function withTimeouts(sql: Sql, deadlineMs: number): Sql {
  const ms = String(deadlineMs);
  async function inTransaction<T>(statement: (on: postgres.ReservedSql) => Promise<T>): Promise<T> {
    const on = await sql.reserve();
    try {
      const [begin, settings, result, commit] = await Promise.allSettled([
        on`begin`,
        on`select set_config('statement_timeout', ${ms}, true), set_config('lock_timeout', ${ms}, true),
          set_config('idle_in_transaction_session_timeout', ${String(2 * deadlineMs)}, true)`,
        statement(on),
        on`commit`,
      ]);
      for (const step of [begin, settings, result, commit]) if (step.status === "rejected") throw step.reason;
      return (result as PromiseFulfilledResult<T>).value;
    } finally {
      on.release();
    }
  }
  /** Makes `query` run through inTransaction when it is awaited. */
  const deferred = <Q extends Query>(query: Q, statement: (on: postgres.ReservedSql) => Promise<unknown>): Q => {
    // biome-ignore lint/suspicious/noThenProperty: a query is sent when it is awaited: that is where the transaction goes
    query.then = (...callbacks: unknown[]) => inTransaction(statement).then(...(callbacks as [])) as never;
    return query;
  };
  return new Proxy(sql, {
    apply(target, self, args: unknown[]) {
      const query = Reflect.apply(target, self, args);
      if (!isTemplate(args[0])) return query;
      return deferred(query, (on) => on(args[0] as TemplateStringsArray, ...(args.slice(1) as never[])));
    },
    get(target, name, receiver) {
      if (name !== "unsafe") return Reflect.get(target, name, receiver);
      return (text: string, ...rest: never[]) => deferred(target.unsafe(text, ...rest), (on) => on.unsafe(text, ...rest));
    },
  });
}

import type { Sql, TransactionSql } from 'postgres';

type AnySql = Sql | TransactionSql;
type TransactionBody = (tx: TransactionSql) => unknown;
/**
 * postgres.js's Query, as far as cancelling it goes: `active` while it is the one its connection runs;
 * `canceller` sends the cancel request and says how that went (`cancel()` drops that promise, and with
 * it a failure to connect, which would surface as an unhandled rejection).
 */
type RunningQuery = { active?: boolean; canceller: ((query: RunningQuery) => Promise<void>) | null };

const isQuery = (value: unknown): value is RunningQuery => value instanceof Promise && typeof (value as Partial<RunningQuery>).canceller === 'function';

/** Clients whose server ignores cancel requests: the embedded database's (db/client.ts says so). */
const cancelsIgnored = new WeakSet<object>();

export function ignoresCancelRequests(sql: Sql): void {
  cancelsIgnored.add(sql);
}

function cancelIfRunning(query: RunningQuery | undefined): void {
  const cancel = query?.canceller;
  if (!query?.active || !cancel) return;
  query.canceller = null;
  cancel(query).catch(() => {});
}

/**
 * `sql` as work under a deadline uses it (server/deadline.ts `withDatabaseDeadline`): once `signal` is
 * aborted — the deadline gave up and the request was answered — the work is cancelled rather than left
 * to carry on. The query it has running is cancelled on the server (postgres.js `query.cancel()`: a
 * cancel request on a connection of its own, PostgreSQL's way), every query, fragment or transaction it
 * starts from then on throws the signal's reason instead of reaching the database, and a transaction begun
 * through it rolls back instead of committing (also when its last query finished after the deadline: the
 * client was told it failed).
 * `committing` tells the caller when a transaction has passed its last check and commits, and when that
 * is over: a commit already on its way is let finish, so that the answer says what happened.
 *
 * Only the query running is cancelled: postgres.js's query.cancel() on a query still waiting in a
 * transaction's queue or for a connection being opened leaves the connection with nothing sent and
 * nothing to wake it (3.4.9), which on one connection stops the database for the whole process; such a
 * query is refused before it is sent instead. On PostgreSQL, `statement_timeout` (the same deadline,
 * db/client.ts) is the server's own bound besides. The embedded database ignores cancel requests (PGlite
 * runs statements on this thread, so none could be read while one runs, and its socket server refuses
 * a second connection): none is sent there, and its statements are bounded by db/statement-watchdog.ts.
 */
export function abortable<S extends AnySql>(sql: S, signal: AbortSignal, committing?: (started: boolean) => void, cancels = !cancelsIgnored.has(sql)): S {
  const check = () => {
    if (signal.aborted) throw signal.reason;
  };
  // Weakly held: a query that has finished (or a fragment never run) is nobody's to cancel.
  const started = new Set<WeakRef<RunningQuery>>();
  const tracked = <T>(made: T): T => {
    if (cancels && isQuery(made)) started.add(new WeakRef(made));
    return made;
  };
  if (cancels)
    signal.addEventListener(
      'abort',
      () => {
        for (const query of started) cancelIfRunning(query.deref());
        started.clear();
      },
      { once: true },
    );
  /** `begin([options,] body)` and `savepoint([name,] body)`: the body last. A savepoint commits nothing. */
  const withCancellableBody =
    (method: (...args: unknown[]) => unknown, commits: boolean) =>
    (...args: unknown[]) => {
      check();
      const body = args.pop() as TransactionBody;
      let committed = false;
      const transaction = method(...args, async (tx: TransactionSql) => {
        check();
        const result = await body(abortable(tx, signal, undefined, cancels));
        check();
        // postgres.js sends COMMIT once this returns: from here on the outcome is the commit's.
        if (commits && committing) {
          committed = true;
          committing(true);
        }
        return result;
      }) as Promise<unknown>;
      const over = () => {
        if (committed) committing?.(false);
      };
      void transaction.then(over, over);
      return transaction;
    };
  return new Proxy(sql, {
    apply(target, thisArg, args) {
      check();
      return tracked(Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, args));
    },
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'begin' || property === 'savepoint') return withCancellableBody(method, property === 'begin');
      if (property === 'unsafe' || property === 'file')
        return (...args: unknown[]) => {
          check();
          return tracked(method(...args));
        };
      return value;
    },
  });
}

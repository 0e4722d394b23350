import type { Sql, TransactionSql } from 'postgres';

type AnySql = Sql | TransactionSql;
type TransactionBody = (tx: TransactionSql) => unknown;

/**
 * `sql` as work under a deadline uses it (server/deadline.ts `withDatabaseDeadline`): once `signal` is
 * aborted — the deadline gave up and the request was answered — the work is cancelled rather than left
 * to carry on. Every query, fragment or transaction it starts from then on throws the signal's reason
 * instead of reaching the database, and a transaction begun through it rolls back instead of committing
 * (also when its last query finished after the deadline: the client was told it failed).
 * `committing` tells the caller when a transaction has passed its last check and commits, and when that
 * is over: a commit already on its way is let finish, so that the answer says what happened.
 *
 * What it does not do is cancel a statement already sent. On PostgreSQL, `statement_timeout` (the same
 * deadline, db/client.ts) stops it on the server. On the embedded database PGlite runs each statement to
 * its end in this process (its socket server ignores cancel requests), so what lost the race costs the
 * one connection only the statement in hand: the rest of the work, which used to queue behind every
 * other request's, never runs. postgres.js's query.cancel() is not used: for a query still waiting in a
 * transaction's queue or for a connection being opened, it leaves the connection with nothing sent and
 * nothing to wake it (3.4.9), which on one connection stops the database for the whole process.
 */
export function abortable<S extends AnySql>(sql: S, signal: AbortSignal, committing?: (started: boolean) => void): S {
  const check = () => {
    if (signal.aborted) throw signal.reason;
  };
  /** `begin([options,] body)` and `savepoint([name,] body)`: the body last. A savepoint commits nothing. */
  const withCancellableBody =
    (method: (...args: unknown[]) => unknown, commits: boolean) =>
    (...args: unknown[]) => {
      check();
      const body = args.pop() as TransactionBody;
      let committed = false;
      const transaction = method(...args, async (tx: TransactionSql) => {
        check();
        const result = await body(abortable(tx, signal));
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
      return Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, args);
    },
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'begin' || property === 'savepoint') return withCancellableBody(method, property === 'begin');
      if (property === 'unsafe' || property === 'file')
        return (...args: unknown[]) => {
          check();
          return method(...args);
        };
      return value;
    },
  });
}

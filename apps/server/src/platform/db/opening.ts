import pg from 'pg';

/**
 * A transaction's opening statements (`begin`, `set local …`) sent with its first statement, in one write and
 * one round trip: each round trip to PostgreSQL costs both processes a wake-up, as much CPU as a small query.
 *
 * The first statement goes by the extended protocol, and the opening statements go before it as unnamed
 * statements of the same message sequence (parse, bind, execute each), all answered at its one Sync, as
 * PostgreSQL's JDBC driver opens a transaction. The opening statements return no rows; their completions are
 * the first ones the server sends and are not counted as the statement's.
 */
type Connection = {
  parse(msg: { text: string; name?: string; types?: number[] }): void;
  bind(msg: { statement?: string; values?: unknown[] }): void;
  execute(msg: { portal?: string; rows?: number }): void;
};

type QueryInternals = {
  name?: string;
  text: string;
  callback?: (error: Error | null, result: pg.QueryResult) => void;
  prepare(connection: Connection): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
};

const QueryBase = pg.Query as unknown as new (config: pg.QueryConfig & { queryMode?: 'extended' }) => QueryInternals;

class OpenedQuery extends QueryBase {
  /** Completions still to come from the opening statements. */
  private openingLeft: number;
  private statementName: string | undefined;
  /**
   * While the opening's answers come in, the query shows no name: the client records the active query's
   * name as prepared at every ParseComplete, and the opening's own would mark the statement prepared even
   * if its Parse then failed.
   */
  private nameHidden = false;

  constructor(
    private readonly opening: readonly string[],
    config: pg.QueryConfig,
  ) {
    super({ ...config, queryMode: 'extended' });
    this.openingLeft = opening.length;
    this.statementName = config.name;
  }

  // @ts-expect-error an accessor over the base class's property
  override get name(): string | undefined {
    return this.nameHidden ? undefined : this.statementName;
  }

  override set name(value: string | undefined) {
    this.statementName = value;
  }

  override prepare(connection: Connection): void {
    for (const text of this.opening) {
      connection.parse({ text, name: '', types: [] });
      connection.bind({ statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
    }
    super.prepare(connection);
    this.nameHidden = this.openingLeft > 0;
  }

  override handleCommandComplete(msg: unknown, connection: Connection): void {
    if (this.openingLeft > 0) {
      this.openingLeft -= 1;
      if (this.openingLeft === 0) this.nameHidden = false;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }
}

/**
 * A handle on `client` whose first query also sends `opening` (see above), and the opening while it has not
 * been sent. The handle has `query` only, which is all a transaction uses of its client. A custom submittable
 * (a cursor, a stream) as the first query gets the opening as a query of its own first.
 */
export function openingWithFirstQuery(
  client: pg.PoolClient,
  opening: readonly string[],
): { handle: pg.PoolClient; pending(): readonly string[] | undefined } {
  let pending: readonly string[] | undefined = opening;
  const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const statements = pending;
    if (!statements) return (client.query as (...args: unknown[]) => unknown)(config, values, callback);
    pending = undefined;
    const asConfig: pg.QueryConfig | undefined =
      typeof config === 'string'
        ? { text: config, ...(Array.isArray(values) ? { values } : {}) }
        : config && typeof config === 'object' && !('submit' in config)
          ? ({
              ...(config as pg.QueryConfig),
              ...(Array.isArray(values) ? { values } : {}),
            } as pg.QueryConfig)
          : undefined;
    if (!asConfig || typeof callback === 'function' || typeof values === 'function') {
      // Not a plain statement: the opening first, as a query of its own.
      const opened = client.query(statements.join('; '));
      return opened.then(() => (client.query as (...args: unknown[]) => unknown)(config, values, callback));
    }
    if (!asConfig.name && !asConfig.values?.length) {
      // No values: a simple query, as node-postgres sends it (it may hold several statements), after the
      // opening in the same text; the answer is the statement's own (their own, in an array, for several).
      const simple = client.query({ ...asConfig, text: `${statements.join('; ')}; ${asConfig.text}` }) as Promise<
        pg.QueryResult | pg.QueryResult[]
      >;
      return simple.then((answer) => {
        const own = Array.isArray(answer) ? answer.slice(statements.length) : [answer];
        return own.length === 1 ? own[0] : own;
      });
    }
    return new Promise<pg.QueryResult>((resolve, reject) => {
      const q = new OpenedQuery(statements, asConfig);
      q.callback = (error, result) => (error ? reject(error) : resolve(result));
      client.query(q as unknown as pg.QueryConfig);
    });
  };
  return { handle: { query } as unknown as pg.PoolClient, pending: () => pending };
}

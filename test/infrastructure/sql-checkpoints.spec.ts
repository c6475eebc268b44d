import { PgSqlClient } from '../../src/infrastructure/sql/pg.client';
import { SqlCheckpoints } from '../../src/infrastructure/event-store/sql-checkpoints';
import { GlobalPosition } from '../../src/infrastructure/event-store/event-store.port';
import { createTestDatabase, defaultStoreKind } from '../support/stores';

/**
 * The projections of every process store their checkpoints together, in one statement a second. Two
 * processes storing the same names at once must neither deadlock (each statement locks its rows as
 * it writes them, so both must write them in one order) nor mix: each statement is one transaction,
 * so every checkpoint ends as one of them wrote it.
 */
const onPostgres = defaultStoreKind() === 'postgres' ? describe : describe.skip;

onPostgres('subscriber checkpoints stored together (postgres, two connection pools)', () => {
  const names = Array.from({ length: 20 }, (_, i) => `projection_${String(i).padStart(2, '0')}`);
  let clients: PgSqlClient[];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    drop = database.drop;
    clients = [new PgSqlClient(database.url), new PgSqlClient(database.url)];
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await drop();
  });

  it('two writers of the same names at once, given in opposite orders: no deadlock, no mix', async () => {
    const [one, other] = await Promise.all(clients.map((c) => SqlCheckpoints.create(c, 'es_checkpoints')));
    const at = (writer: number, round: number): GlobalPosition => ({ commit: BigInt(round), prepare: BigInt(writer) });
    for (let round = 1; round <= 30; round++) {
      const forwards = new Map(names.map((n) => [n, at(1, round)]));
      const backwards = new Map([...names].reverse().map((n) => [n, at(2, round)]));
      await Promise.all([one.storeMany(forwards), other.storeMany(backwards)]);
      const stored = await Promise.all(names.map((n) => one.read(n)));
      expect(stored.every((p) => p?.commit === BigInt(round))).toBe(true);
      expect(new Set(stored.map((p) => p?.prepare)).size).toBe(1);
    }
  });

  it('stores null, and a single checkpoint through the same statement', async () => {
    const checkpoints = await SqlCheckpoints.create(clients[0], 'es_checkpoints');
    await checkpoints.storeMany(new Map([[names[0], null]]));
    expect(await checkpoints.read(names[0])).toBeNull();
    await checkpoints.store(names[0], { commit: 7n, prepare: 3n });
    expect(await checkpoints.read(names[0])).toEqual({ commit: 7n, prepare: 3n });
  });
});

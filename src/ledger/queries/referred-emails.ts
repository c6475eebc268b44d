import { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS, TransactionDoc } from '../read-models/ledger-read-models';

/**
 * A referral reward's rows name the friend by id: the friend's email is read from the friend's own
 * record when the rows are read, so it is never copied onto the referrer's rows or stream, and reads
 * as null once the friend is erased.
 */
export async function withReferredEmails(readStore: ReadStore, rows: TransactionDoc[]): Promise<TransactionDoc[]> {
  const ids = [...new Set(rows.map((r) => r.referredCustomerId).filter((id): id is string => !!id))];
  if (ids.length === 0) return rows;
  const friends = await (await readStore.collection<CustomerDoc>(CUSTOMERS)).getMany(ids);
  const emails = new Map(friends.map((f) => [f.id, f.email]));
  return rows.map((r) =>
    r.referredCustomerId ? { ...r, referredCustomerEmail: emails.get(r.referredCustomerId) ?? null } : r,
  );
}

// What our consistency rests on (docs/events.md, ARCHITECTURE §6): a single-document update is
// atomic, also under concurrency. FerretDB 1.x needs the runner's write proxy for that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo } from '@aipay/kit';
import { endpoints, runId } from '../support/endpoints.js';

let connection: Connection;
const collection = () => connection.db!.collection<{ _id: string; n: number }>('counters');

beforeAll(async () => {
  connection = await connectMongo(endpoints().MONGO_URL, `it_store_${runId()}`);
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

describe('single-document updates under concurrency', () => {
  it('200 concurrent $inc on one document add up to 200', async () => {
    await collection().insertOne({ _id: 'inc', n: 0 });
    await Promise.all(Array.from({ length: 200 }, () => collection().updateOne({ _id: 'inc' }, { $inc: { n: 1 } })));
    expect((await collection().findOne({ _id: 'inc' }))?.n).toBe(200);
  });

  it('200 concurrent findOneAndUpdate $inc each see a different value', async () => {
    await collection().insertOne({ _id: 'fam', n: 0 });
    const seen = await Promise.all(
      Array.from({ length: 200 }, async () => (await collection().findOneAndUpdate({ _id: 'fam' }, { $inc: { n: 1 } }, { returnDocument: 'after' }))?.n),
    );
    expect(new Set(seen).size).toBe(200);
  });

  it('a guarded $inc (n < 10) never goes past its guard', async () => {
    await collection().insertOne({ _id: 'guard', n: 0 });
    const results = await Promise.all(Array.from({ length: 100 }, () => collection().updateOne({ _id: 'guard', n: { $lt: 10 } }, { $inc: { n: 1 } })));
    expect(results.reduce((sum, result) => sum + result.modifiedCount, 0)).toBe(10);
    expect((await collection().findOne({ _id: 'guard' }))?.n).toBe(10);
  });
});

// One mongoose connection per service database. No transactions are used anywhere (see docs/consistency.md).
import mongoose, { type Connection } from 'mongoose';
import type { ReadinessCheck } from './health.js';

export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
  });
  await connection.asPromise();
  return connection;
}

export function mongoReadiness(connection: Connection): ReadinessCheck {
  return {
    name: 'mongodb',
    check: async () => {
      if (!connection.db) throw new Error('not connected');
      await connection.db.command({ ping: 1 });
    },
  };
}

/** True for a duplicate-key error (E11000), the signal an idempotency key was already used. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: number }).code === 11000;
}

export type { Connection };

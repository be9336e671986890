// Test-only events and aggregates for the platform's integration tests (nothing of this ships).
import { z } from 'zod';
import { Schema, type Connection, type Model } from 'mongoose';
import { defineEvent } from '@aipay/contracts';
import { outboxFields, type OutboxDocument } from '@aipay/kit';

export function orderPaidEvent(topic: string) {
  return defineEvent({
    type: 'test.order.paid',
    topic,
    version: 1,
    data: z.object({ orderNo: z.string().min(1), amount: z.number().int().positive() }),
    key: (data) => data.orderNo,
  });
}

export interface TestOrder extends OutboxDocument {
  _id: string;
  status: 'pending' | 'paid';
  amount: number;
}

export function testOrderModel(connection: Connection) {
  const schema = new Schema<TestOrder>(
    {
      _id: { type: String, required: true },
      status: { type: String, required: true },
      amount: { type: Number, required: true },
      ...outboxFields,
    },
    { versionKey: false, collection: 'test_orders' },
  );
  return (connection.models.TestOrder ?? connection.model<TestOrder>('TestOrder', schema)) as Model<TestOrder>;
}

interface Applied {
  _id: string;
  applied: number;
  orderNo?: string;
}

/** The effect a consumer applies: one counter document per event id, incremented (not idempotent by itself). */
export function appliedModel(connection: Connection) {
  const schema = new Schema<Applied>({ _id: String, applied: Number, orderNo: String }, { versionKey: false, collection: 'test_applied' });
  return (connection.models.Applied ?? connection.model<Applied>('Applied', schema)) as Model<Applied>;
}

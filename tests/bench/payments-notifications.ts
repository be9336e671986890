// Benchmark: signed Alipay notifications through a listening payments service against the real
// store, each delivered 3 times (out of order, concurrently), as providers do. Measures notifications
// per second and checks the effect happened exactly once per order. Writes a JSON report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  alipayNotification,
  createOrder,
  newUser,
  outboxTypes,
  startHarness,
  storedOrder,
} from '../../services/payments/src/testing/harness.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const COPIES = 3;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const h = await startHarness();
const base = await h.app.listen({ host: '127.0.0.1', port: 0 });
try {
  const orders = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const { token } = await newUser(h);
    orders.push(await createOrder(h, token));
  }
  const deliveries = orders.flatMap((order) => Array.from({ length: COPIES }, () => alipayNotification({ orderNo: order.orderNo, amount: order.payAmount })));
  // Shuffle: copies of one order arrive interleaved with others.
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const body = deliveries[next++]!;
        const t0 = performance.now();
        const response = await fetch(`${base}/v1/pay/notify/alipay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        if ((await response.text()) !== 'success') failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  let paidOnce = 0;
  for (const order of orders) {
    const stored = await storedOrder(h, order.orderNo);
    const events = await outboxTypes(h, order.orderNo);
    if (stored?.status === 'paid' && events.length === 1 && events[0] === 'payment.succeeded') paidOnce += 1;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2));
  const report = {
    benchmark: 'payments: signed provider notifications applied exactly once',
    when: new Date().toISOString(),
    orders: ORDERS,
    copiesPerOrder: COPIES,
    concurrency: CONCURRENCY,
    notifications: deliveries.length,
    seconds: Number(seconds.toFixed(3)),
    notificationsPerSecond: Math.round(deliveries.length / seconds),
    latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: pct(100) },
    refusedAnswers: failures,
    ordersPaidExactlyOnce: paidOnce,
    exactlyOnce: paidOnce === ORDERS && h.eventsStored === ORDERS && failures === 0,
  };
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports', 'bench', 'payments-notifications.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(JSON.stringify(report, null, 2));
  if (!report.exactlyOnce) process.exitCode = 1;
} finally {
  await h.close();
}

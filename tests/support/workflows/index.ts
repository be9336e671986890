// A test-only workflow: fulfils an order by running an activity hosted on a service's task queue.
import { proxyActivities } from '@temporalio/workflow';

interface FulfilmentActivities {
  markFulfilled(orderNo: string): Promise<number>;
}

export async function testFulfilment(orderNo: string, activityQueue: string): Promise<number> {
  const { markFulfilled } = proxyActivities<FulfilmentActivities>({
    taskQueue: activityQueue,
    startToCloseTimeout: '10 seconds',
    retry: { maximumAttempts: 3 },
  });
  return markFulfilled(orderNo);
}

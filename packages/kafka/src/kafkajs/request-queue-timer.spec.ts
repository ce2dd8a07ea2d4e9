import {
  installRequestQueueTimer,
  KafkaJsRequestQueue,
  PENDING_REQUESTS_CHECK_MS,
} from './request-queue-timer';

// kafkajs's own RequestQueue (one connection's queue), driven by fake timers.
interface Queue extends KafkaJsRequestQueue {
  push(request: object): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}
type QueueClass = new (options: object) => Queue;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file kafkajs does not type or export
const RequestQueue = require('kafkajs/src/network/requestQueue') as QueueClass;
const kafkajsSchedule = RequestQueue.prototype.scheduleCheckPendingRequests;

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function queue(maxInFlightRequests: number | null = null): { queue: Queue; sent: number[] } {
  const sent: number[] = [];
  const q = new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'spec',
    broker: '127.0.0.1:9092',
    logger: quiet,
  });
  return { queue: q, sent };
}

function request(q: { queue: Queue; sent: number[] }, correlationId: number): void {
  q.queue.push({
    entry: {
      correlationId,
      apiKey: 3,
      apiName: 'Metadata',
      apiVersion: 0,
      resolve: () => 0,
      reject: () => 0,
    },
    expectResponse: true,
    requestTimeout: 30_000,
    sendRequest: () => q.sent.push(correlationId),
  });
}

describe("kafkajs request queue's pending-request timer", () => {
  beforeAll(() => installRequestQueueTimer());
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("kafkajs's own method keeps a 1 ms timer running on an idle queue (what this replaces)", () => {
    const q = queue();
    const checks = jest.spyOn(q.queue, 'checkPendingRequests');
    q.queue.scheduleCheckPendingRequests = kafkajsSchedule; // this queue only
    q.queue.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(100);
    expect(checks.mock.calls.length).toBeGreaterThanOrEqual(50);
    expect(jest.getTimerCount()).toBe(1);
    q.queue.destroy();
  });

  it('keeps no timer on an idle queue, before or after a response', () => {
    const q = queue();
    q.queue.checkPendingRequests();
    expect(jest.getTimerCount()).toBe(0);
    request(q, 1);
    expect(q.sent).toEqual([1]);
    q.queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sends a request held back by a client-side throttle when the throttle ends', () => {
    const q = queue();
    q.queue.maybeThrottle(500);
    request(q, 1);
    expect(q.sent).toEqual([]);
    jest.advanceTimersByTime(499);
    expect(q.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(q.sent).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('looks at requests held back by the in-flight limit every 10 ms, and at once on a response', () => {
    const q = queue(1);
    request(q, 1);
    request(q, 2);
    expect(q.sent).toEqual([1]);
    jest.advanceTimersByTime(PENDING_REQUESTS_CHECK_MS * 3);
    expect(q.sent).toEqual([1]);
    expect(jest.getTimerCount()).toBe(1);
    q.queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(q.sent).toEqual([1, 2]);
    jest.advanceTimersByTime(PENDING_REQUESTS_CHECK_MS);
    expect(jest.getTimerCount()).toBe(0);
  });
});

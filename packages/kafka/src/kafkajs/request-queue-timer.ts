// kafkajs 2.2.4 keeps a 1 ms timer running on every idle broker connection: its request queue reschedules its check
// for waiting requests after `throttledUntil - Date.now()`, a large negative number when nothing throttles it, which
// Node clamps to 1 ms (about 900 wake-ups a second per connection), and Node 24 reports as a TimeoutNegativeWarning.
// Upstream: tulios/kafkajs#1751 (its fixes, #1755 and #1756, clamp the delay and keep the loop; neither is released).
// This module replaces that one method of kafkajs's RequestQueue: a check is scheduled only while requests wait,
// at the end of a client-side throttle or after kafkajs's own 10 ms when only the in-flight limit holds them back.
// Nothing else needs the timer: a new request while throttled schedules one, and every response or request timeout
// checks the waiting requests at once.

/** The fields of kafkajs's RequestQueue (src/network/requestQueue, untyped) the replacement uses. */
export interface KafkaJsRequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

interface RequestQueueClass {
  prototype: KafkaJsRequestQueue;
}

/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL: how often requests held back by the in-flight limit are looked at. */
export const PENDING_REQUESTS_CHECK_MS = 10;

/** The replacement: no timer while no request waits. */
export function scheduleCheckPendingRequests(this: KafkaJsRequestQueue): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttledFor = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledFor > 0 ? throttledFor : PENDING_REQUESTS_CHECK_MS,
  );
}

let installed = false;

/** Installs the replacement on kafkajs's RequestQueue once per process (every connection shares the class). */
export function installRequestQueueTimer(): void {
  if (installed) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file kafkajs does not type or export
  const RequestQueue = require('kafkajs/src/network/requestQueue') as RequestQueueClass;
  if (typeof RequestQueue.prototype.scheduleCheckPendingRequests !== 'function') {
    throw new Error(
      'kafkajs RequestQueue has no scheduleCheckPendingRequests: review request-queue-timer.ts',
    );
  }
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  installed = true;
}

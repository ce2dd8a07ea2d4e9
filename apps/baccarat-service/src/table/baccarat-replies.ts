import { CancelReply, Rejection } from '@casino/table-kit/core';

/** Answers of a table step to its caller (socket acknowledgement or console response). */
export type BaccaratReply =
  | { ok: true; ref: string; roundId: string; status: 'pending' }
  | CancelReply
  | { ok: true; done: string }
  | Rejection;

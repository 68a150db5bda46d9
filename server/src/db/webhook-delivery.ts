/** A webhook delivery's life as the sender and the repository share it: claimed, POSTed, settled. */

/** A delivery a sender holds: claimed until `leaseEnds`, with what it POSTs. */
export interface ClaimedDelivery {
  delivery_id: number;
  webhook_id: number;
  event_id: string;
  payload: string;
  /** Counting this one. */
  attempts: number;
  lease_token: string;
  url: string;
  secret: string;
}

/** What one POST of a delivery got: a status code (null: no answer), its latency, the first 1 KB of the answer or the error. */
export interface AttemptResult {
  statusCode: number | null;
  latencyMs: number;
  response: string;
}

/** How deliveries are retried and given up (VP_WEBHOOK_BACKOFF, VP_WEBHOOK_PAUSE_DAYS). */
export interface RetryPolicy {
  /** The wait before each retry; after the last, the delivery fails and its endpoint is failing. */
  backoffMs: readonly number[];
  /** An endpoint failing this long is paused at its next failed delivery. */
  pauseAfterMs: number;
}

/** What one POST of a claimed delivery got, and when. */
export interface SettledAttempt {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  now: number;
}

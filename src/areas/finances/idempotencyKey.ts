/**
 * One Idempotency-Key per attempt: the same request sent again (a retry after a timeout or a server error) carries
 * the same key, so the server answers the payment it made instead of making a second; another request (a changed
 * amount or method), or any request after the last one went through, gets a new key.
 */
export class IdempotencyKeys {
  private current: { request: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for this request: the last one again while the request is the same and has not gone through. */
  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    if (this.current?.request !== text) this.current = { request: text, key: this.newKey() };
    return this.current.key;
  }

  /** The last request went through (a payment exists): the next attempt is a new one. */
  used(): void {
    this.current = null;
  }
}

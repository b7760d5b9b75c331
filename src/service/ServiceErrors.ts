import { Data } from "effect"

/**
 * A statement of the service database failed. Its own tag: the checkpoint's `StoreError` is another store with
 * other handling. Handlers treat it as a defect (the reply is 500, the log keeps the cause).
 */
export class ServiceStoreError extends Data.TaggedError("ServiceStoreError")<{
  readonly operation: string
  readonly cause: unknown
  /** The whole explanation, when it is a refusal of ours (a damaged file, a schema from a newer release). */
  readonly reason?: string
}> {
  override get message() {
    return this.reason ?? `service database: ${this.operation} failed: ${String(this.cause)}`
  }
}

/** The service could not start: database, data directory, secret, engine or listening socket. */
export class ServiceStartError extends Data.TaggedError("ServiceStartError")<{
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message() {
    return `cannot start the service: ${this.reason}`
  }
}

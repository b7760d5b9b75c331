import { Data } from "effect"

/** A SQLite statement failed. Handlers treat it as a defect (the reply is 500, the log keeps the cause). */
export class StoreError extends Data.TaggedError("StoreError")<{
  readonly operation: string
  readonly cause: unknown
}> {
  override get message() {
    return `service database: ${this.operation} failed: ${String(this.cause)}`
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

import { Data, Predicate } from "effect"
import { codeAmong, pathCodes } from "../store/FileProblems.js"

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

/**
 * The service could not start: database, data directory, secret, engine or listening socket. `setting`: what the
 * person starting it must fix (the address it listens on, a data directory it cannot use, a damaged or newer
 * database); none: an error of docsweep's own.
 */
export class ServiceStartError extends Data.TaggedError("ServiceStartError")<{
  readonly reason: string
  readonly cause?: unknown
  readonly setting?: "address" | "data"
}> {
  override get message() {
    return `cannot start the service: ${this.reason}`
  }
}

/**
 * Whether the person starting the service must fix `error`: a refusal of ours (a damaged or newer database, another
 * program's file: a `ServiceStoreError` with its reason), the JWT secret's file, or a path the file system refused.
 */
export const isDataProblem = (error: unknown): boolean =>
  (Predicate.isTagged(error, "ServiceStoreError") &&
    Predicate.hasProperty(error, "reason") &&
    error.reason !== undefined) ||
  Predicate.isTagged(error, "SecretUnavailable") ||
  codeAmong(error, pathCodes) !== undefined

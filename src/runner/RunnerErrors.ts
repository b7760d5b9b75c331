import { Data, Duration, Match } from "effect"
import type { ClientError, RetryableError } from "../client/ClientError.js"
import { describeCause } from "../pipeline/FileSets.js"
import type { RunOutcome } from "../store/CheckpointModel.js"

/** 401/403 from the service: the token or the account may not do this. The run stops (exit 4). */
class ServiceRefused extends Data.TaggedError("ServiceRefused")<{ readonly cause: ClientError }> {
  override get message() {
    return `the service refused the request: ${this.cause.message}`
  }
}

/** 400/404/422 and other rejected requests: retrying cannot help. Names the request and the field (exit 2). */
class RequestInvalid extends Data.TaggedError("RequestInvalid")<{ readonly cause: ClientError }> {
  override get message() {
    return this.cause.message
  }
}

/** The service keeps refusing: retries exhausted, or Retry-After beyond the deadline. Resume later (exit 5). */
export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<{
  readonly request: string
  readonly reason: string
}> {
  override get message() {
    return `${this.request}: the service is unavailable (${this.reason}); the checkpoint is saved, run again later`
  }
}

/** The run's deadline passed; work left is pending in the checkpoint for the next invocation (exit 5). */
export class DeadlineReached extends Data.TaggedError("DeadlineReached")<{ readonly deadline: Duration.Duration }> {
  override get message() {
    return `the run's deadline (${Duration.format(this.deadline)}) passed; run again to continue`
  }
}

/** Input the runner cannot work with: `--max-cells` exceeded, no workspace or user id (exit 2). */
export class RunInputInvalid extends Data.TaggedError("RunInputInvalid")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

/** A reply the contract allows but that makes no sense (a run reply for other pairs, a missing table). */
class ServiceMisbehaved extends Data.TaggedError("ServiceMisbehaved")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

/** A local file of a `files:` set cannot be read. */
export class LocalFileError extends Data.TaggedError("LocalFileError")<{
  readonly path: string
  readonly cause: unknown
}> {
  override get message() {
    return `cannot read ${this.path}: ${this.cause instanceof Error ? this.cause.message : String(this.cause)}`
  }

  /** Why, for a line that names the file already ("skipped PATH: reason"). */
  get reason() {
    return `cannot read the file: ${describeCause(this.cause)}`
  }
}

/** Why a run stopped early; each maps to one outcome. */
export type RunStop =
  | ServiceRefused
  | RequestInvalid
  | ServiceUnavailable
  | DeadlineReached
  | RunInputInvalid
  | ServiceMisbehaved
  | LocalFileError

const exhausted = (error: RetryableError) =>
  new ServiceUnavailable({ request: error.request, reason: `retries exhausted: ${error.message}` })

const invalid = (error: ClientError) => new RequestInvalid({ cause: error })

/** Sorts a client error that retries did not cure into the run stop it causes; a new client error must be sorted. */
export const stopFor: (error: ClientError) => RunStop = Match.type<ClientError>().pipe(
  Match.tagsExhaustive({
    Unauthorized: (error) => new ServiceRefused({ cause: error }),
    Forbidden: (error) => new ServiceRefused({ cause: error }),
    NotFound: invalid,
    ValidationFailed: invalid,
    RequestRejected: invalid,
    RateLimited: exhausted,
    ServerError: exhausted,
    Transport: exhausted,
    Unreachable: exhausted,
    UnexpectedReply: (error) => new ServiceMisbehaved({ reason: error.message })
  })
)

/** The outcome a stop records; the CLI maps outcomes to exit codes. A new stop must name its outcome. */
export const outcomeOf: (stop: RunStop) => RunOutcome = Match.type<RunStop>().pipe(
  Match.tagsExhaustive({
    ServiceRefused: () => "refused" as const,
    ServiceUnavailable: () => "service-unavailable" as const,
    DeadlineReached: () => "deadline" as const,
    RequestInvalid: () => "invalid" as const,
    RunInputInvalid: () => "invalid" as const,
    LocalFileError: () => "invalid" as const,
    ServiceMisbehaved: () => "error" as const
  })
)

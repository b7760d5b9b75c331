import { Data, Duration } from "effect"
import { staleAfter } from "./LockOwner.js"

/** Another live process runs this pipeline (the CLI exits 75, EX_TEMPFAIL). */
export class PipelineLocked extends Data.TaggedError("PipelineLocked")<{
  readonly path: string
  readonly pid: number
  readonly hostname: string
  readonly startedAt: string
  readonly heartbeatAt: string
}> {
  override get message(): string {
    return (
      `pipeline is locked by process ${this.pid} on ${this.hostname} since ${this.startedAt} ` +
      `(alive at ${this.heartbeatAt}; a lock not renewed for ${Duration.format(staleAfter)} is taken over): ${this.path}`
    )
  }
}

import { Data } from "effect"

/** Writing a report failed: `path` is the file being written, `cause` what the file system or writer threw. */
export class ExportError extends Data.TaggedError("ExportError")<{
  readonly path: string
  readonly cause: unknown
}> {
  override get message(): string {
    const reason = this.cause instanceof Error ? this.cause.message : String(this.cause)
    return `Could not write report ${this.path}: ${reason}`
  }
}

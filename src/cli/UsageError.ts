import { Data } from "effect"

/**
 * A command line that cannot be used — a misspelt option, a bad value, a missing argument, a run or checkpoint
 * that does not exist — or an output path that cannot be written: exit 2. `message` says the problem and the
 * value given in a line or two; the CLI boundary adds where the help is (`docsweep run --help`).
 */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}

/** A folder or file docsweep must write cannot be written (the output folder, the summary JSON): exit 2. */
export class OutputUnwritable extends Data.TaggedError("OutputUnwritable")<{
  readonly path: string
  readonly reason: string
}> {
  override get message() {
    return `cannot write ${this.path}: ${this.reason}`
  }
}

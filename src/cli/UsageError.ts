import { Data } from "effect"

/** A flag or argument that cannot be used; exit 2. */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}

import { Data } from "effect"

/** One problem in a pipeline file, 1-based line and column. */
export interface Problem {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly message: string
}

export const formatProblem = (p: Problem): string => `${p.file}:${p.line}:${p.column}: ${p.message}`

/** Problems sorted by file (in order of first appearance), line and column, without repeats. */
export const sortProblems = (problems: ReadonlyArray<Problem>): ReadonlyArray<Problem> => {
  const fileOrder = [...new Set(problems.map((p) => p.file))]
  const unique = [...new Map(problems.map((p) => [formatProblem(p), p])).values()]
  return unique.sort(
    (a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line || a.column - b.column
  )
}

/** A pipeline that cannot be run: every problem found, one per line as `FILE:LINE:COL: message`. */
export class PipelineInvalid extends Data.TaggedError("PipelineInvalid")<{
  readonly problems: ReadonlyArray<Problem>
}> {
  override get message(): string {
    return this.problems.map(formatProblem).join("\n")
  }
}

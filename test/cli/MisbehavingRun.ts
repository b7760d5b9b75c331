import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { tempDir } from "./CliHarness.js"

/** The token the runs against misbehaving services send; no output, checkpoint or report may show it. */
export const token = "secret-token-0123456789abcdef"

/**
 * A pipeline of two documents × two columns against `baseUrl` (`run` lines go under `run:`, with a quick `retry`
 * unless they set one), the environment to run it, and where its checkpoint goes.
 */
export const setup = (baseUrl: string, run: ReadonlyArray<string> = []) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    const file = join(dir, "misbehaving.yaml")
    const retry = run.some((line) => line.startsWith("retry:"))
      ? []
      : ["retry: { attempts: 3, base_delay: 50ms, max_delay: 1s }"]
    writeFileSync(
      file,
      [
        "name: misbehaving",
        "documents:",
        "  - ids: [11, 12]",
        "columns:",
        '  - { name: A, query: "What is A?" }',
        '  - { name: B, query: "What is B?" }',
        "run:",
        ...[...retry, ...run].map((line) => `  ${line}`),
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = { DOCSWEEP_BASE_URL: baseUrl, DOCSWEEP_TOKEN: token, DOCSWEEP_USER_ID: "3", DOCSWEEP_ORG_ID: "7" }
    return { dir, file, env, checkpoint: join(dir, "out", "state.sqlite") }
  })

/** A failure hook that fails each pair's first answer only. */
export const failFirstAnswer = () => {
  const answered = new Set<string>()
  return (documentId: number, columnId: number) => {
    const key = `${documentId}:${columnId}`
    if (answered.has(key)) return undefined
    answered.add(key)
    return "first try failed"
  }
}

import { readFile } from "node:fs/promises"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { additionMarker } from "../../src/api/Api.js"
import { apiDescription } from "../../src/api/ApiDescription.js"
import { endpointsOf, operationsOf } from "./Described.js"

/**
 * The endpoints of the reference interface (shared/reference/service-api.md §2 and §4, public-docs spelling of the
 * path parameters) that docsweep implements: every operation there but the ones it marks UNCONFIRMED. Kept here as
 * data; tests never read ../shared.
 */
const referenceEndpoints = [
  "POST /api/auth",
  "GET /api/user/{user_id}/organization/list",
  "GET /api/document/{document_id}",
  "POST /api/document/create",
  "GET /api/organization/{organization_id}/document/list",
  "POST /api/ai/table/create",
  "POST /api/ai/table/{ai_table_id}/update",
  "POST /api/ai/table/{ai_table_id}/column/create",
  "GET /api/ai/table/{ai_table_id}/column/list",
  "POST /api/ai/table/{ai_table_id}/column/{ai_column_id}/run",
  "POST /api/ai/table/{ai_table_id}/run",
  "POST /api/ai/table/{ai_table_id}/cell/create",
  "GET /api/ai/table/{ai_table_id}/cell/list",
  "POST /api/ai/session/create",
  "GET /api/ai/session/{ai_session_id}",
  "GET /api/ai/session/list",
  "POST /api/ai/session/{ai_session_id}/update",
  "DELETE /api/ai/session/{ai_session_id}/delete",
  "POST /api/ai/session/{ai_session_id}/reset",
  "POST /api/ai/session/{ai_session_id}/qa/create",
  "GET /api/ai/session/{ai_session_id}/qa/list"
]

const readmeUrl = new URL("../../README.md", import.meta.url)

/** The README's table of differences: rows like "| `GET /debug/run-counts` | addition: … |". */
const statedDifferences = (readme: string): Array<string> =>
  [...readme.matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)` \| (addition|missing)\b/gm)].map(
    (match) => `${match[2]} ${match[1]}`
  )

describe("the description beside the reference interface", () => {
  it.effect("differs from the reference's endpoints only where the README says so", () =>
    Effect.gen(function* () {
      // With the debug operations: the largest description `serve` publishes.
      const described = endpointsOf(apiDescription({ debugEndpoints: true }))
      const differences = [
        ...described.filter((endpoint) => !referenceEndpoints.includes(endpoint)).map((e) => `addition ${e}`),
        ...referenceEndpoints.filter((endpoint) => !described.includes(endpoint)).map((e) => `missing ${e}`)
      ]
      const readme = yield* Effect.promise(() => readFile(readmeUrl, "utf8"))
      assert.sameMembers(differences, statedDifferences(readme), "the README's table of differences is out of date")
      assert.deepStrictEqual(differences, ["addition GET /debug/run-counts", "addition GET /debug/queue-stats"])
      assert.strictEqual(new Set(described).size, described.length)
    })
  )

  it("marks every addition x-docsweep-addition, and nothing from the reference", () => {
    for (const { method, path, operation } of operationsOf(apiDescription({ debugEndpoints: true }))) {
      const endpoint = `${method} ${path}`
      assert.strictEqual(operation[additionMarker] !== undefined, !referenceEndpoints.includes(endpoint), endpoint)
    }
  })

  it("publishes exactly the reference's endpoints when the debug operations are off", () => {
    assert.sameMembers(endpointsOf(apiDescription({ debugEndpoints: false })), referenceEndpoints)
  })
})

import { assert, describe, it } from "@effect/vitest"
import { requestLabel } from "../../src/client/RequestLabel.js"

describe("requestLabel", () => {
  it("names a request by the contract's method and path, its path parameters filled in", () => {
    assert.strictEqual(requestLabel("auth", "login", undefined), "POST /api/auth")
    assert.strictEqual(
      requestLabel("tables", "runColumn", { ai_table_id: 12, ai_column_id: 7 }),
      "POST /api/ai/table/12/column/7/run"
    )
    assert.strictEqual(
      requestLabel("sessions", "deleteSession", { ai_session_id: 3 }),
      "DELETE /api/ai/session/3/delete"
    )
  })

  it("leaves a parameter it was not given as the contract writes it", () => {
    assert.strictEqual(requestLabel("tables", "listCells", {}), "GET /api/ai/table/:ai_table_id/cell/list")
  })
})

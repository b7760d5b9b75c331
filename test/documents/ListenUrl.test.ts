import { assert, describe, it } from "@effect/vitest"
import { listenUrl } from "../../src/service/documents/ListenUrl.js"

describe("listenUrl", () => {
  it("writes an IPv4 address or a name as it is, an IPv6 address in brackets", () => {
    assert.strictEqual(listenUrl("127.0.0.1", 8790), "http://127.0.0.1:8790")
    assert.strictEqual(listenUrl("localhost", 80), "http://localhost:80")
    assert.strictEqual(listenUrl("::1", 8790), "http://[::1]:8790")
  })
})

import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { asOrg, contract, testService } from "./support.js"

/** Names that the multipart encoding of browsers, curl and fetch escapes: `"` as %22, LF as %0A, CR as %0D. */
const oddNames = ['Offer "final" v2.txt', "two\nlines.txt", "carriage\rreturn.txt", "semi;colon=x, 'quoted'.txt"]

describe("upload file names", () => {
  it.live("a document keeps the file name it was uploaded under, quotes and line breaks included", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const client = yield* service.client(yield* service.token(7, 3))
      const bytes = new TextEncoder().encode(contract)
      for (const filename of oddNames) {
        const stored = yield* client.uploadDocument({ organizationId: asOrg(3), doctype: "txt", filename, bytes })
        assert.strictEqual(stored.filename, filename)
      }
      const listed = yield* client.listDocuments(asOrg(3))
      assert.deepStrictEqual(
        listed.map((document) => document.filename),
        oddNames
      )
    }).pipe(Effect.scoped)
  )
})

import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { findQuote } from "../../src/export/html/Evidence.js"
import { contentHash } from "../../src/store/ContentHash.js"
import { makePageTexts } from "../../src/view/LocalPages.js"
import { makeViewCheckpoint } from "../../src/view/ViewCheckpoint.js"
import { checkpointPath, document, start, tempDir, withStore } from "../store/StoreFixtures.js"

/** Three pages (form feeds) with a running header and footer; clause 4.2 runs from page 1 onto page 2. */
const pages = [
  "Supply Agreement\n\n4.1 The Buyer shall order in writing.\n\n4.2 If the Supplier delivers late, it shall pay liquidated damages of 0.5% of the price of the delayed\n\nSupply Agreement - Page 1 of 3",
  "Supply Agreement\nProducts for each full week of delay.\n\n5. Term\n\nThis Agreement runs for two years.\n\nSupply Agreement - Page 2 of 3",
  "Supply Agreement\n\n6. Notices\n\nNotices are given in writing.\n\nSupply Agreement - Page 3 of 3"
]

describe("docsweep view's page texts", () => {
  it.scoped("are the pages the engine quoted from: a quote across a page break is found across it", () =>
    Effect.gen(function* () {
      const file = join(yield* tempDir, "supply.txt")
      writeFileSync(file, pages.join("\f"))
      const path = yield* checkpointPath
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          yield* store.beginRun(start)
          yield* store.saveDocuments([document(7)])
          yield* store.saveUpload(file, contentHash(Buffer.from(pages.join("\f"))), 7)
        })
      )
      const pageText = yield* makePageTexts(yield* makeViewCheckpoint(path), [file])
      const [first, second] = [yield* pageText(7, 1), yield* pageText(7, 2)]
      assert.isTrue(Option.isNone(yield* pageText(8, 1)), "a document that is not a local file has no pages")
      const text = `${Option.getOrElse(first, () => "")}\n\n${Option.getOrElse(second, () => "")}`
      const quote =
        "4.2 If the Supplier delivers late, it shall pay liquidated damages of 0.5% of the price of the delayed Products for each full week of delay."
      const found = findQuote(text, quote)
      assert.isDefined(found, text)
      assert.include(text.slice(found?.start, found?.end), "delayed\n\n")
      assert.notInclude(text, "Page 1 of 3")
    })
  )
})

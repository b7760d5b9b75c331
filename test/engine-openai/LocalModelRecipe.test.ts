import { readdirSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readCsv } from "../cli/CliChecks.js"
import { allOutput, runCli, tempDir } from "../cli/CliHarness.js"
import { fakeOpenAi, streamed } from "./FakeOpenAi.js"
import { messagesOf } from "./Harness.js"

/**
 * The README's recipe for a local OpenAI-compatible server, run as written: `docsweep run pipelines/example.yaml
 * --engine openai --llm-base-url http://127.0.0.1:PORT/v1 --llm-model local`, with the fake server on 127.0.0.1
 * standing in for llama-server (or vLLM, Ollama …). No key is set, so none is sent.
 */
describe("README recipe: a local OpenAI-compatible server", () => {
  it.scopedLive("docsweep run --engine openai answers every cell and chat from the local server", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([streamed(["From the ", "local model."])])
      const out = yield* tempDir
      const result = yield* runCli(
        [
          "run",
          "pipelines/example.yaml",
          "--engine",
          "openai",
          "--llm-base-url",
          server.baseUrl,
          "--llm-model",
          "local",
          "--output",
          out
        ],
        { timeout: "90 seconds" }
      )
      assert.strictEqual(result.code, 0, allOutput(result))
      // 9 samples × 8 columns, and one summary chat message per sample.
      assert.strictEqual(server.received.length, 81)
      for (const request of server.received) {
        assert.strictEqual(request.url, "/v1/chat/completions")
        assert.strictEqual((request.body as { model: string }).model, "local")
        assert.isUndefined(request.headers.authorization)
      }
      // The passages go along as context, each labelled with its file and page.
      const prompt = messagesOf(server.received[0]?.body)
        .map((message) => message.content)
        .join("\n")
      assert.match(prompt, /\[[\w.-]+\.(?:pdf|docx|txt|md|html), pp?\. \d+/)
      const cells = readdirSync(out).find((name) => name.endsWith("-latest-cells.csv"))
      assert.isDefined(cells)
      const rows = readCsv(join(out, cells ?? ""))
      assert.strictEqual(rows.length, 72)
      for (const row of rows) assert.include(Object.values(row), "From the local model.")
    })
  )
})

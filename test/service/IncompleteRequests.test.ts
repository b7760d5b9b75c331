import * as Fs from "node:fs"
import * as Net from "node:net"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { jsonDepth } from "../../src/service/JsonDepth.js"
import { mintToken, startServe } from "../cli/ServeChild.js"
import { tempDir, testService } from "./support.js"

/** Writes `text` on a raw socket and gives what came back: the reply, or `<none>` if none came within `waitMs`. */
const exchange = (port: number, text: string, waitMs: number) =>
  Effect.promise(
    () =>
      new Promise<string>((resolve) => {
        let got = ""
        const socket = Net.connect(port, "127.0.0.1", () => socket.write(text))
        const done = () => {
          clearTimeout(timer)
          resolve(got === "" ? "<none>" : got)
        }
        const timer = setTimeout(() => {
          socket.destroy()
          done()
        }, waitMs)
        socket.on("data", (chunk: Buffer) => {
          got += chunk.toString()
        })
        socket.on("close", done)
        socket.on("error", done)
      })
  )

const statusOf = (reply: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? Number.NaN)

/** `docsweep serve` in a child whose temporary files go to a directory of its own; its URL, port and a token. */
const serveChild = (extra: ReadonlyArray<string> = []) =>
  Effect.gen(function* () {
    const tmp = yield* tempDir("docsweep-serve-tmp-")
    const secret = ["--secret", "incomplete-requests-secret"]
    const { data, port } = yield* startServe({
      flags: [...secret, "--engine", "latency", ...extra],
      env: { TMPDIR: tmp }
    })
    const token = yield* mintToken(data, { user: 7, org: 3 }, { flags: secret })
    return { port, tmp, token }
  })

const multipartHead = (token: string, boundary: string, length: number | "chunked") =>
  [
    "POST /api/document/create HTTP/1.1",
    "Host: 127.0.0.1",
    `Authorization: Bearer ${token}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    "Connection: close",
    "",
    ""
  ].join("\r\n")

const partialUpload = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="organization_id"\r\n\r\n3\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="doctype"\r\n\r\ntxt\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\n${"contract text ".repeat(2000)}`

describe("serve and incomplete requests", () => {
  it.scopedLive("a multipart body cut short is answered 400 at once; no socket or temporary file is left", () =>
    Effect.gen(function* () {
      const { port, tmp, token } = yield* serveChild()
      const boundary = "docsweepBoundary42"
      const body = partialUpload(boundary)
      const sized = yield* exchange(port, multipartHead(token, boundary, body.length) + body, 5000)
      assert.strictEqual(statusOf(sized), 400, sized)
      assert.include(sized, "ended before its closing boundary")
      assert.include(sized, '"detail"')
      const chunked = `${multipartHead(token, boundary, "chunked")}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
      assert.strictEqual(statusOf(yield* exchange(port, chunked, 5000)), 400)
      // Many at once, some cut off mid-body by the client: every one ends, and the temporary files go with them.
      const many = yield* Effect.forEach(
        Array.from({ length: 16 }, (_, i) => i),
        (i) =>
          i % 2 === 0
            ? exchange(port, multipartHead(token, boundary, body.length) + body, 5000)
            : exchange(port, multipartHead(token, boundary, body.length + 500) + body, 300),
        { concurrency: "unbounded" }
      )
      for (const [i, reply] of many.entries()) if (i % 2 === 0) assert.include([400, 429], statusOf(reply), reply)
      yield* Effect.sleep("500 millis")
      const left = Fs.readdirSync(tmp, { recursive: true }).map(String)
      assert.deepStrictEqual(left, [], `temporary files left in ${tmp}`)
      // A whole upload still works.
      const whole = `${body}\r\n--${boundary}--\r\n`
      const ok = yield* exchange(port, multipartHead(token, boundary, whole.length) + whole, 10_000)
      assert.strictEqual(statusOf(ok), 200, ok)
    })
  )

  it.scopedLive("an upload not sent as multipart/form-data with a boundary answers 422 at once, holding no slot", () =>
    Effect.gen(function* () {
      const service = yield* testService({ maxUploads: 1 })
      const token = Redacted.value(yield* service.token(7, 3))
      const send = (contentType: string | undefined, body: string) =>
        exchange(
          service.port,
          [
            "POST /api/document/create HTTP/1.1",
            "Host: 127.0.0.1",
            `Authorization: Bearer ${token}`,
            ...(contentType === undefined ? [] : [`Content-Type: ${contentType}`]),
            `Content-Length: ${body.length}`,
            "Connection: close",
            "",
            body
          ].join("\r\n"),
          5000
        )
      const cases: ReadonlyArray<readonly [string | undefined, string]> = [
        ["application/json", '{"organization_id": 3, "doctype": "txt"}'],
        ["text/plain", "organization_id=3"],
        ["application/x-www-form-urlencoded", "organization_id=3&doctype=txt"],
        [undefined, ""],
        ["multipart/form-data", "--x\r\n"]
      ]
      // Twice each, with one upload slot: a request left waiting would hold it, and the next would get 429.
      for (const [contentType, body] of [...cases, ...cases]) {
        const reply = yield* send(contentType, body)
        assert.strictEqual(statusOf(reply), 422, `${contentType}: ${reply.slice(0, 300)}`)
        assert.include(reply, '"loc":["body"', `${contentType}`)
      }
    })
  )

  it.scopedLive("--upload-limit-mb counts mebibytes: an upload over it answers 413, one under it 200", () =>
    Effect.gen(function* () {
      const { port, token } = yield* serveChild(["--upload-limit-mb", "1"])
      const boundary = "docsweepBoundary43"
      const upload = (text: string) =>
        `${partialUpload(boundary).replace(/(?:contract text )+$/, text)}\r\n--${boundary}--\r\n`
      const send = (body: string) => exchange(port, multipartHead(token, boundary, body.length) + body, 10_000)
      // A file of 1 MiB + 1 byte is over the limit; one of 1,000,000 bytes (under 1 MiB, over 1 MB) is not.
      const over = yield* send(upload("x".repeat(1024 * 1024 + 1)))
      assert.strictEqual(statusOf(over), 413, over.slice(0, 300))
      const under = yield* send(upload("x".repeat(1_000_000)))
      assert.strictEqual(statusOf(under), 200, under.slice(0, 300))
    })
  )

  it.scopedLive("slow clients are cut off: headers that never finish, and a body that stalls, answer 408", () =>
    Effect.gen(function* () {
      const { port, token } = yield* serveChild(["--headers-timeout-ms", "1000", "--request-timeout-ms", "2000"])
      const started = Date.now()
      const headers = yield* exchange(port, "GET /api/document/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", 8000)
      assert.strictEqual(statusOf(headers), 408, headers)
      const stalled = yield* exchange(
        port,
        `POST /api/ai/table/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        8000
      )
      assert.strictEqual(statusOf(stalled), 408, stalled)
      assert.isBelow(Date.now() - started, 12_000)
    })
  )

  it.scopedLive("deeply nested JSON is answered 400 with the usual error body, never 500", () =>
    Effect.gen(function* () {
      const { port, token } = yield* serveChild()
      for (const body of ["[".repeat(400_000), `${"[".repeat(5000)}${"]".repeat(5000)}`]) {
        const head =
          `POST /api/ai/table/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
        const reply = yield* exchange(port, head + body, 5000)
        assert.strictEqual(statusOf(reply), 400, reply.slice(0, 300))
        assert.include(reply, "nested deeper than 64 levels")
      }
      assert.strictEqual(jsonDepth('{"a": "[[[[", "b": [[1]]}'), 3)
    })
  )
})

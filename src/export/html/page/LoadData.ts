import { type PageData, pageDataFormat, pageIds, versionHeader } from "../PageData.js"

const isPageData = (value: unknown): value is PageData =>
  typeof value === "object" && value !== null && "format" in value && value.format === pageDataFormat

const checked = (value: unknown): PageData => {
  if (!isPageData(value)) throw new Error("this report's data has a format this page does not read")
  return value
}

/** base64 → bytes; atob gives one character per byte. */
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** The data embedded in the file: base64 of gzip, inflated with the browser's own DecompressionStream. */
export const embeddedData = async (): Promise<PageData> => {
  const block = document.getElementById(pageIds.data)
  const text = block?.textContent?.trim() ?? ""
  if (text === "") throw new Error("this report holds no data")
  const stream = new Blob([fromBase64(text)]).stream().pipeThrough(new DecompressionStream("gzip"))
  return checked(JSON.parse(await new Response(stream).text()))
}

/**
 * The version of the embedded data when `docsweep view` serves the page (the live page follows the checkpoint from
 * it), or undefined for a report opened from disk.
 */
export const liveVersion = (): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="${pageIds.live}"]`)?.content || undefined

/** A reply of `docsweep view` with a failed status; its message is the reason the viewer gave, when it gave one. */
export class ReplyError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

const detailOf = (body: unknown): string | undefined =>
  typeof body === "object" && body !== null && "detail" in body && typeof body.detail === "string"
    ? body.detail
    : undefined

/** A request to the serving `docsweep view`, never cached, without credentials; a failed status throws ReplyError. */
const fetchOk = async (path: string): Promise<Response> => {
  const reply = await fetch(path, { cache: "no-store", credentials: "omit" })
  if (reply.ok) return reply
  const detail = detailOf(await reply.json().catch(() => undefined))
  throw new ReplyError(reply.status, detail ?? `${path}: HTTP ${reply.status}`)
}

/** Fetches JSON from the serving `docsweep view`. */
export const fetchJson = async (path: string): Promise<unknown> => (await fetchOk(path)).json()

/** The current data from `docsweep view`, and the checkpoint's change mark it was read at. */
export const fetchData = async (path: string): Promise<{ readonly data: PageData; readonly version: string }> => {
  const reply = await fetchOk(path)
  return { data: checked(await reply.json()), version: reply.headers.get(versionHeader) ?? "" }
}

import { livePaths } from "../PageData.js"
import type { App } from "./App.js"
import { fetchData, fetchJson, ReplyError } from "./LoadData.js"

const versionOf = (reply: unknown): string | undefined =>
  typeof reply === "object" && reply !== null && "version" in reply && typeof reply.version === "string"
    ? reply.version
    : undefined

/** Why the page is not following the checkpoint: the viewer's reason, or that it does not answer at all. */
const problemOf = (error: unknown): string =>
  error instanceof ReplyError ? error.message : "docsweep view is not answering (stopped?)"

/**
 * While `docsweep view` serves the page: asks every second whether the checkpoint changed, and when it did,
 * fetches the data again and redraws. A failed request (the viewer stopped, the checkpoint deleted) is retried,
 * more slowly, and the page says it is not live meanwhile: what it shows may be out of date.
 */
export const followLive = (app: App, initialVersion: string | undefined): void => {
  let version = initialVersion
  const poll = async (): Promise<number> => {
    try {
      const next = versionOf(await fetchJson(livePaths.version))
      if (next !== undefined && next !== version) {
        // The data says which mark it was read at: a viewer that served older data is asked again next time.
        const fresh = await fetchData(livePaths.data)
        app.update(fresh.data)
        version = fresh.version
      }
      app.liveProblem(undefined)
      return 1000
    } catch (error: unknown) {
      app.liveProblem(problemOf(error))
      return 2000
    }
  }
  const loop = () => {
    void poll().then((wait) => setTimeout(loop, wait))
  }
  setTimeout(loop, 1000)
}

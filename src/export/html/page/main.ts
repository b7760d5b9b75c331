/**
 * The HTML report's page. Bundled by `npm run build` (src/build.ts) into `.build/report-page.js`, which the report
 * writer inlines into each report. It reads the data embedded in the file, or, served by `docsweep view`, follows
 * the checkpoint live.
 */
import { pageIds } from "../PageData.js"
import { App } from "./App.js"
import { el, replace } from "./Dom.js"
import { followLive } from "./Live.js"
import { embeddedData, liveVersion } from "./LoadData.js"

const boot = async (root: HTMLElement) => {
  const live = liveVersion()
  const data = await embeddedData()
  const app = new App(root, data, live !== undefined)
  root.dataset.ready = "true"
  if (live !== undefined) followLive(app, live)
}

const root = document.getElementById(pageIds.root)
if (root !== null) {
  boot(root).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    replace(root, el("p", { class: "boot failed", role: "alert" }, `This report could not be opened: ${reason}`))
  })
}

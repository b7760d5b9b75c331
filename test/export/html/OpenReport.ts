import type { Browser, Page } from "playwright-core"

export interface OpenedReport {
  readonly page: Page
  /** What went wrong so far: page errors, console errors, CSP violations, requests beyond `allowed`, dialogs. */
  readonly problems: () => Promise<ReadonlyArray<string>>
  readonly close: () => Promise<void>
}

// Installed before any script of the page: CSP violations are recorded where the test can read them.
const recordViolations = `
  globalThis.__violations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    globalThis.__violations.push(event.violatedDirective + " " + event.blockedURI);
  });
`

/**
 * Opens the report at `url` in a fresh context (1440 × 900) with the network cut off: any request that is not
 * file:// or data: (or under `allowed`, the viewer being tested) is aborted and reported. Waits until the page
 * has drawn its data.
 */
export const openReport = async (browser: Browser, url: string, allowed?: string): Promise<OpenedReport> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const problems: Array<string> = []
  await context.route("**/*", (route) => {
    const target = route.request().url()
    if (target.startsWith("file://") || target.startsWith("data:") || (allowed && target.startsWith(allowed))) {
      return route.continue()
    }
    problems.push(`request to ${target}`)
    return route.abort("internetdisconnected")
  })
  await context.addInitScript({ content: recordViolations })
  const page = await context.newPage()
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`)
  })
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  await page.goto(url)
  await page.waitForSelector("#app[data-ready]", { timeout: 20_000 })
  return {
    page,
    problems: async () => {
      const violations: unknown = await page.evaluate(() => Reflect.get(globalThis, "__violations"))
      return [...problems, ...(Array.isArray(violations) ? violations.map(String) : ["no CSP recorder"])]
    },
    close: () => context.close()
  }
}

/** Waits until the page has applied the search `query` (the app marks it on its root). */
export const searchFor = async (page: Page, query: string): Promise<number> => {
  await page.fill("input.search", query)
  await page.waitForSelector(`#app[data-applied="${query.replaceAll('"', '\\"')}"]`)
  return Number(await page.getAttribute("#app", "data-rows"))
}

/**
 * Chooses a status filter and waits until the page has applied it (the app marks it on its root): the row count
 * alone cannot tell, as two filters may show the same number of rows.
 */
export const filterStatus = async (page: Page, status: string): Promise<number> => {
  await page.selectOption("select.status-filter", status)
  await page.waitForSelector(`#app[data-status="${status}"]`)
  return Number(await page.getAttribute("#app", "data-rows"))
}

/** The texts of the rendered grid cells of one grid column (0 ID, 1 file name, 2 pages, 3… queries), in row order. */
export const columnTexts = async (page: Page, col: number): Promise<ReadonlyArray<string>> => {
  const rows = await page.$$eval(
    `.grid-body [role="row"]`,
    (elements, at) =>
      elements
        .map((row) => ({
          index: Number(row.getAttribute("aria-rowindex")),
          text: row.querySelector(`[data-col="${at}"]`)?.textContent ?? ""
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.text),
    col
  )
  return rows
}

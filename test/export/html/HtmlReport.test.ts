import { readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { writeReports } from "../../../src/export/index.js"
import { scopedBrowser, screenshotDir } from "../../support/browser.js"
import { sampleOptions, tempDir } from "../SampleModel.js"
import { columnTexts, filterStatus, openReport, searchFor } from "./OpenReport.js"
import { documentCount, hostile, reportModel } from "./ReportFixture.js"

/** One browser for the file, and the report written once from the fixture model. */
class Report extends Effect.Service<Report>()("test/export/html/Report", {
  scoped: Effect.gen(function* () {
    const dir = yield* tempDir
    const written = yield* writeReports(reportModel(), sampleOptions(dir, { formats: ["html"] }))
    const file = written.find((path) => path.endsWith("-latest.html")) ?? ""
    const browser = yield* scopedBrowser
    return { browser, url: pathToFileURL(file).href, html: readFileSync(file, "utf8") } as const
  }).pipe(Effect.orDie)
}) {}

const shots = screenshotDir("html-report")

/**
 * Whether `text`, found in the page's detail panel, is drawn left to right: each character's box starts right of the
 * one before (a right-to-left override running on from data before it would reverse them). A string, not a function:
 * tsx's compiled functions call a helper (`__name`) that the page does not have.
 */
const readsLeftToRight = (text: string) => `(() => {
  const text = ${JSON.stringify(text)}
  const walker = document.createTreeWalker(document.querySelector(".detail"), NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const at = node.data.indexOf(text)
    if (at < 0) continue
    const lefts = Array.from(text, (_, i) => {
      const range = document.createRange()
      range.setStart(node, at + i)
      range.setEnd(node, at + i + 1)
      return range.getBoundingClientRect().left
    })
    return lefts.every((left, i) => i === 0 || left > lefts[i - 1])
  }
  return false
})()`

/**
 * Gives the page up to 5 s to draw what the test expects, polled through locators, instead of a fixed sleep that a
 * loaded machine outruns. Unlike `page.waitForFunction` it never fails by itself: the test's assertion on what was
 * drawn does, and its message says what was drawn.
 */
const drawnWhen = async (drawn: () => Promise<boolean>): Promise<void> => {
  const until = Date.now() + 5000
  while (!(await drawn()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
}

type Page = Awaited<ReturnType<typeof openReport>>["page"]

/** Presses on the cell `selector` names, runs `between` with the button down, releases, and reads the detail opened. */
const clickAcross = async (page: Page, selector: string, between: () => Promise<unknown>) => {
  const box = await page.locator(selector).boundingBox()
  if (box === null) throw new Error("the cell is not drawn")
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await between()
  await page.mouse.up()
  const detail = page.locator('[role="dialog"] h2')
  await drawnWhen(() => detail.isVisible())
  return { opened: await detail.isVisible(), title: await detail.textContent() }
}

const opensTheNoticeCell = (result: { readonly opened: boolean; readonly title: string | null }) => {
  assert.isTrue(result.opened, "the click opened the cell's detail")
  assert.strictEqual(result.title, "Notice")
}

/** Opens the report, runs `use`, and checks that nothing went wrong: no error, no request out, no CSP violation. */
const withPage = <A>(use: (page: Page) => Promise<A>) =>
  Effect.gen(function* () {
    const { browser, url } = yield* Report
    return yield* Effect.promise(async () => {
      const opened = await openReport(browser, url)
      try {
        const result = await use(opened.page)
        assert.deepStrictEqual(await opened.problems(), [], "no errors, no requests out, no CSP violations")
        return result
      } finally {
        await opened.close()
      }
    })
  })

describe("the HTML report opened from disk in Chromium", () => {
  layer(Report.Default, { excludeTestServices: true })("report", (it) => {
    it.effect("is one file that names no outside resource and forbids every outside source", () =>
      Effect.gen(function* () {
        const { html } = yield* Report
        assert.notMatch(html, /\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i, "no external src or href")
        const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? ""
        assert.match(policy, /default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:/)
        assert.include(policy, "connect-src 'none'")
        assert.notInclude(policy, "unsafe")
      })
    )

    it.effect("shows a virtualised grid with ARIA roles, sticky header, statuses and the changed mark", () =>
      withPage(async (page) => {
        const grid = page.locator('[role="grid"]')
        const facts = {
          rowCount: await grid.getAttribute("aria-rowcount"),
          headers: await page.locator('[role="columnheader"]').allTextContents(),
          rowsInDom: await page.locator('.grid-body [role="row"]').count(),
          firstIndex: await page.locator('.grid-body [role="row"]').first().getAttribute("aria-rowindex"),
          failed: await page.locator('[role="gridcell"][data-status="f"]').first().textContent(),
          pending: await page.locator('[role="gridcell"][data-status="p"]').first().textContent(),
          changed: await page.locator(".changed-mark").count(),
          shown: await page.locator(".shown").textContent()
        }
        await page.screenshot({ path: join(shots, "grid.png") })
        const before = await page.locator(".grid-header").boundingBox()
        await grid.evaluate((element) => element.scrollBy(0, 5000))
        const firstRow = page.locator('.grid-body [role="row"]').first()
        await drawnWhen(async () => Number(await firstRow.getAttribute("aria-rowindex")) > 80)
        const header = await page.locator(".grid-header").boundingBox()
        const after = await columnTexts(page, 0)
        return { facts, headerMoved: (header?.y ?? 0) - (before?.y ?? -1), after }
      }).pipe(
        Effect.tap(({ after, facts, headerMoved }) => {
          assert.strictEqual(facts.rowCount, String(documentCount + 1))
          assert.deepStrictEqual(facts.headers, [
            "ID",
            "File name",
            "Pages",
            "Governing law",
            "Notice",
            "Parties",
            hostile.column
          ])
          assert.isBelow(facts.rowsInDom, 40, "only the rows in view are in the DOM")
          assert.strictEqual(facts.firstIndex, "2")
          assert.strictEqual(facts.failed, "Failed: HTTP 503: service unavailable")
          assert.strictEqual(facts.pending, "Pending")
          assert.strictEqual(facts.changed, 1, "document 3's governing law changed since run 6")
          assert.strictEqual(facts.shown, `${documentCount} of ${documentCount} documents`)
          assert.isTrue(after.length > 0 && Number(after[0]) > 80, `scrolled rows are drawn: ${after[0]}`)
          assert.strictEqual(headerMoved, 0, "the header stays at the top of the grid")
        })
      )
    )

    it.effect("sorts by a column both ways, and searches answers and file names", () =>
      withPage(async (page) => {
        const notice = page.locator('[role="columnheader"]', { hasText: "Notice" })
        await notice.click()
        const ascending = { sort: await notice.getAttribute("aria-sort"), texts: await columnTexts(page, 4) }
        await notice.click()
        const descending = { sort: await notice.getAttribute("aria-sort"), texts: await columnTexts(page, 4) }
        await notice.click()
        const unsorted = await notice.getAttribute("aria-sort")
        const delaware = await searchFor(page, "delaware")
        const laws = await columnTexts(page, 3)
        const byFile = await searchFor(page, "contract-042")
        const files = await columnTexts(page, 1)
        const none = await searchFor(page, "no such words anywhere")
        await searchFor(page, "")
        return { ascending, descending, unsorted, delaware, laws, byFile, files, none }
      }).pipe(
        Effect.tap((result) => {
          // Document 1's hostile answer is text: it sorts before the numbers, not among them.
          const days = (texts: ReadonlyArray<string>) =>
            texts.map((text) => Number.parseInt(text, 10)).filter((n) => Number.isFinite(n))
          assert.strictEqual(result.ascending.sort, "ascending")
          assert.deepStrictEqual(days(result.ascending.texts).slice(0, 3), [15, 15, 15])
          assert.strictEqual(result.descending.sort, "descending")
          assert.deepStrictEqual(days(result.descending.texts).slice(0, 3), [135, 135, 135])
          assert.strictEqual(result.unsorted, "none")
          assert.strictEqual(result.delaware, 42, "documents 8, 15, … 295 name Delaware")
          assert.isTrue(result.laws.every((text) => text === "Delaware"))
          assert.strictEqual(result.byFile, 1)
          assert.deepStrictEqual(result.files, ["contract-042.pdf"])
          assert.strictEqual(result.none, 0)
        })
      )
    )

    it.effect("filters by status and by column", () =>
      withPage(async (page) => {
        const failedCount = await filterStatus(page, "failed")
        const failedRows = await columnTexts(page, 1)
        const pendingRows = await filterStatus(page, "pending")
        const changedCount = await filterStatus(page, "changed")
        const changedRows = await columnTexts(page, 0)
        const options = await page.locator("select.status-filter option").allTextContents()
        await filterStatus(page, "all")
        await page.click(".columns-filter summary")
        await page.locator(".menu-item", { hasText: "Parties" }).locator("input").uncheck()
        await page.locator(".menu-item", { hasText: "Notice" }).locator("input").uncheck()
        await drawnWhen(async () => (await page.locator('[role="columnheader"]').count()) === 5)
        const headers = await page.locator('[role="columnheader"]').allTextContents()
        await page.screenshot({ path: join(shots, "filters.png") })
        return { failedCount, failedRows, pendingRows, changedCount, changedRows, options, headers }
      }).pipe(
        Effect.tap((result) => {
          assert.strictEqual(result.failedCount, 1)
          assert.deepStrictEqual(result.failedRows, ["contract-002.pdf"])
          assert.strictEqual(result.pendingRows, 1)
          assert.strictEqual(result.changedCount, 1)
          assert.deepStrictEqual(result.changedRows, ["3"])
          assert.deepStrictEqual(result.options, [
            "All statuses",
            "Failed (2)",
            "Pending (2)",
            `Answered (${(documentCount * 4 - 4).toLocaleString("en-US")})`,
            "Changed since run 6 (1)"
          ])
          assert.deepStrictEqual(result.headers, ["ID", "File name", "Pages", "Governing law", hostile.column])
        })
      )
    )

    it.effect("opens a cell's detail: whole answer, evidence, facts and earlier answers with changes marked", () =>
      withPage(async (page) => {
        await page.click('[role="gridcell"][data-row="2"][data-col="3"]')
        const detail = page.locator('[role="dialog"]')
        await detail.waitFor()
        const result = {
          title: await detail.locator("h2").textContent(),
          short: await detail.locator(".short").textContent(),
          full: await detail.locator(".answer-full").textContent(),
          quote: await detail.locator(".quote blockquote").textContent(),
          caption: await detail.locator(".quote figcaption").textContent(),
          facts: await detail.locator(".facts").textContent(),
          history: await detail.locator(".history-item .history-head").allTextContents(),
          added: await detail.locator(".history-item ins").allTextContents(),
          removed: await detail.locator(".history-item del").allTextContents()
        }
        await page.screenshot({ path: join(shots, "detail.png") })
        await detail.locator("button.close").click()
        return { ...result, closed: await detail.isHidden() }
      }).pipe(
        Effect.tap((result) => {
          assert.strictEqual(result.title, "Governing law")
          assert.strictEqual(result.short, "New York")
          assert.include(result.full, "(p. 4)")
          assert.strictEqual(
            result.quote,
            "This Agreement is governed by the laws of New York, without regard to its conflict of laws rules."
          )
          assert.strictEqual(result.caption, "p. 4 · contract-003.pdf")
          assert.include(result.facts, "Attempts1")
          assert.include(result.facts, "contract-003.pdf (id 3, 3 pages)")
          assert.strictEqual(result.history.length, 3)
          assert.match(result.history[0] ?? "", /^Run 7this runansweredchanged/)
          assert.match(result.history[1] ?? "", /^Run 6answeredchanged/)
          assert.match(result.history[2] ?? "", /^Run 5failed/)
          assert.includeMembers(result.added, ["New York"])
          assert.includeMembers(result.removed, ["Delaware"])
          assert.isTrue(result.closed)
        })
      )
    )

    it.effect("keeps a click whose press and release a redraw of the grid falls between (a live update)", () =>
      withPage((page) =>
        // The grid drawn again with the same data, as each update of `docsweep view` draws it: here by an input
        // event from the search box, then two frames for it to be drawn.
        clickAcross(page, '[role="gridcell"][data-row="1"][data-col="4"]', async () => {
          await page.evaluate(`document.querySelector("input.search").dispatchEvent(new Event("input"))`)
          await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`)
        })
      ).pipe(Effect.tap(opensTheNoticeCell))
    )

    it.effect("keeps a click on a cell that a live update draws anew between its press and release", () =>
      withPage((page) =>
        // What a live update does to a cell whose answer changed (KeptRows.keepUnchanged): the element is replaced
        // in place by a new drawing of the same cell.
        clickAcross(page, '[role="gridcell"][data-row="2"][data-col="4"]', () =>
          page.evaluate(`(() => {
            const drawn = document.querySelector('[role="gridcell"][data-row="2"][data-col="4"]')
            drawn.replaceWith(drawn.cloneNode(true))
          })()`)
        )
      ).pipe(Effect.tap(opensTheNoticeCell))
    )

    it.effect("is used with the keyboard: the grid is reached with Tab, arrows move, Enter opens, Escape closes", () =>
      withPage(async (page) => {
        await page.focus("input.search")
        const reached: Array<string> = []
        for (let step = 0; step < 6; step++) {
          await page.keyboard.press("Tab")
          const role = await page.evaluate(() =>
            Reflect.get(globalThis, "document").activeElement?.getAttribute("role")
          )
          reached.push(String(role))
          if (role === "grid") break
        }
        const active = () => page.locator('[role="grid"]').getAttribute("aria-activedescendant")
        const start = await active()
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("ArrowDown")
        await page.keyboard.press("ArrowDown")
        const moved = await active()
        await page.keyboard.press("Enter")
        const title = await page.locator('[role="dialog"] h2').textContent()
        await page.keyboard.press("Escape")
        const back = await page.evaluate(() => Reflect.get(globalThis, "document").activeElement?.getAttribute("role"))
        await page.keyboard.press("Control+End")
        // The last row is drawn once the grid has scrolled to it; the grid then points at its cell.
        await page.waitForSelector(`[role="grid"][aria-activedescendant="cell-${documentCount}-6"]`, { timeout: 5000 })
        const end = await active()
        const lastRow = await page.locator(`[role="row"][aria-rowindex="${documentCount + 1}"]`).count()
        await page.keyboard.press("Control+Home")
        await page.keyboard.press("ArrowUp")
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Enter")
        const sorted = await page.locator('[role="columnheader"][aria-sort="ascending"]').textContent()
        await page.screenshot({ path: join(shots, "keyboard.png") })
        // A narrow window draws only the query columns in view; End scrolls to the last, which is drawn then.
        await page.setViewportSize({ width: 520, height: 700 })
        await page.keyboard.press("ArrowDown")
        await page.keyboard.press("Home")
        const rowCells = page.locator('[role="row"][aria-rowindex="2"] [role="gridcell"]')
        await drawnWhen(async () => (await rowCells.count()) < 7)
        const drawn = await rowCells.count()
        await page.keyboard.press("End")
        await page.waitForSelector('[role="grid"][aria-activedescendant="cell-1-6"]', { timeout: 5000 })
        const lastDrawn = await page.locator("#cell-1-6").textContent()
        return { reached, start, moved, title, back, end, lastRow, sorted, drawn, lastDrawn }
      }).pipe(
        Effect.tap((result) => {
          assert.strictEqual(result.reached.at(-1), "grid", `Tab reaches the grid: ${result.reached.join(" → ")}`)
          assert.strictEqual(result.start, "cell-1-1")
          assert.strictEqual(result.moved, "cell-3-3")
          assert.strictEqual(result.title, "Governing law")
          assert.strictEqual(result.back, "grid", "Escape gives the focus back to the grid")
          assert.strictEqual(result.end, `cell-${documentCount}-6`)
          assert.strictEqual(result.lastRow, 1, "the last row is drawn once reached")
          assert.strictEqual(result.sorted, "File name")
          assert.isBelow(result.drawn, 7, "columns out of view are not drawn")
          assert.strictEqual(result.lastDrawn, hostile.ansi.replaceAll("\u001b", "\\x1b").replace("\u0007", "\\x07"))
        })
      )
    )

    it.effect("shows hostile answers, names and errors as text and runs none of them", () =>
      withPage(async (page) => {
        const cells = await page.locator('[role="row"][aria-rowindex="2"] [role="gridcell"]').allTextContents()
        await page.locator('[role="gridcell"][data-status="f"]').nth(1).hover()
        await page.click('[role="gridcell"][data-row="0"][data-col="5"]')
        const dialog = page.locator('[role="dialog"]')
        const detail = await dialog.locator(".answer-full").textContent()
        const document = await dialog.locator(".field", { hasText: "Document" }).locator("dd").textContent()
        const idReads = await page.evaluate(readsLeftToRight("(id 1,"))
        const detailFits = await dialog.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)
        await page.click('[role="gridcell"][data-row="1"][data-col="4"]')
        const error = await dialog.locator(".error-box").textContent()
        await page.click("#tab-chats")
        const chat = await page.locator(".reply", { hasText: "iframe" }).textContent()
        const chatsFit = await page.locator(".chats").evaluate((tab) => tab.scrollWidth <= tab.clientWidth)
        await page.click("#tab-results")
        await page.screenshot({ path: join(shots, "hostile.png") })
        const state = await page.evaluate(() => {
          const doc = Reflect.get(globalThis, "document")
          return {
            pwned: Reflect.get(globalThis, "__pwned"),
            elements: doc.querySelectorAll("img, iframe, object, embed, a[href], [onerror], [onmouseover]").length,
            scripts: doc.querySelectorAll("script").length,
            title: doc.title
          }
        })
        return { cells, detail, document, idReads, detailFits, error, chat, chatsFit, state }
      }).pipe(
        Effect.tap((result) => {
          // The override in the file name stays inside it: the page's own "(id 1, 1 page)" after it reads as written.
          assert.strictEqual(result.document, `${hostile.filename} (id 1, 1 page)`)
          assert.isTrue(result.idReads, "“(id 1,” is drawn left to right after a file name holding U+202E")
          assert.isTrue(result.detailFits, "an answer of 2,000 characters without a space wraps in the detail")
          assert.isTrue(result.chatsFit, "a file name of 500 characters wraps in the chats tab")
          assert.deepStrictEqual(result.cells, [
            "1",
            hostile.filename,
            "1",
            hostile.script,
            hostile.img,
            hostile.link.split("\n")[0],
            "\\x1b[31mred\\x1b[0m \\x1b]0;retitled\\x07"
          ])
          assert.strictEqual(result.detail, hostile.link)
          assert.strictEqual(result.error, hostile.error)
          assert.include(result.chat, hostile.chat)
          assert.deepStrictEqual(result.state, {
            pwned: undefined,
            elements: 0,
            scripts: 2,
            title: "contracts · run 7"
          })
        })
      )
    )

    it.effect("has a run overview with charts, failures by reason and settings, and a chats tab", () =>
      withPage(async (page) => {
        await page.click("#tab-overview")
        await page.waitForSelector(".overview canvas")
        const overview = {
          charts: await page.locator(".overview canvas").count(),
          drawn: await page
            .locator(".overview canvas")
            .evaluateAll((canvases) => canvases.map((canvas) => canvas.width > 0 && canvas.height > 0)),
          cards: await page.locator(".card").allTextContents(),
          reasons: await page.locator(".overview table.plain").first().locator("tbody tr").allTextContents()
        }
        await page.screenshot({ path: join(shots, "overview.png"), fullPage: true })
        await page.locator(".overview button", { hasText: "Show in grid" }).first().click()
        const fromReason = await page.getAttribute("#app", "data-rows")
        await page.click("#tab-chats")
        const chats = {
          sessions: await page.locator(".session").count(),
          headers: await page.locator(".session header").allTextContents(),
          failed: await page.locator(".reply.s-f").textContent()
        }
        await page.screenshot({ path: join(shots, "chats.png") })
        return { overview, fromReason, chats }
      }).pipe(
        Effect.tap(({ chats, fromReason, overview }) => {
          assert.strictEqual(overview.charts, 3)
          assert.deepStrictEqual(overview.drawn, [true, true, true])
          assert.includeMembers(overview.cards, ["Outcomefailed-cells", "Failed2", "Duration5 min 30 s"])
          assert.strictEqual(overview.reasons.length, 2)
          assert.strictEqual(fromReason, "1")
          assert.strictEqual(chats.sessions, 2)
          assert.include(chats.headers[1] ?? "", "Portfoliomulti-documentcontract-003.pdf, contract-004.pdf")
          assert.include(chats.failed ?? "", "Failed: timeout")
        })
      )
    )
  })
})

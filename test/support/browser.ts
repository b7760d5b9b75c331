import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { type Browser, chromium } from "playwright-core"

/** Debian's chromium package (never a downloaded browser); DOCSWEEP_CHROMIUM points elsewhere. */
const executablePath = process.env.DOCSWEEP_CHROMIUM ?? "/usr/bin/chromium"

const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

/**
 * Headless Chromium. Playwright's `launch` gives every browser a fresh temporary user-data directory (it refuses a
 * `--user-data-dir` argument) and removes it at `close()`. A missing browser fails the test: browser tests never
 * skip.
 */
export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(executablePath))
    throw new Error(
      `no Chromium at ${executablePath}: install Debian's chromium (apt-get install chromium), as .ci/run does`
    )
  return chromium.launch({ executablePath, args })
}

/** `launchBrowser` for the scope: closed when the scope closes. */
export const scopedBrowser = Effect.acquireRelease(Effect.promise(launchBrowser), (browser) =>
  Effect.promise(() => browser.close())
)

const outputDir = fileURLToPath(new URL("../../output/", import.meta.url))

/** `output/screenshots/<name>` (git-ignored), created if missing. */
export const screenshotDir = (name: string): string => {
  const dir = join(outputDir, "screenshots", name)
  mkdirSync(dir, { recursive: true })
  return dir
}

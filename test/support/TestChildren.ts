import { join } from "node:path"
import { type Bundle, buildBundles, buildDir, nodeBundle } from "../../src/build.js"

/**
 * The programs the tests start as child processes (a runner killed with SIGKILL, a lock holder, an intent writer),
 * bundled once per test run by `globalSetup`, as the CLI is at install. Started through tsx instead, each child
 * loads the thousand modules of effect through tsx's loader: about 5 s of CPU per start on a 2-core machine
 * against under 1 s, and the crash tests start dozens.
 */
const children = {
  runChild: "test/runner/support/runChild.ts",
  intentChild: "test/store/IntentChild.ts",
  holdLock: "test/store/support/holdLock.ts"
} as const

export type TestChild = keyof typeof children

const outOf = (name: TestChild) => join("test", `${name}.mjs`)

/** Builds every test child from the sources under test (`test/globalSetup.ts`). */
export const buildTestChildren = () =>
  buildBundles(
    Object.entries(children).map(
      ([name, entry]): Bundle => ({ entry, out: outOf(name as TestChild), options: nodeBundle })
    )
  )

/** The built script of a test child, for `spawn(process.execPath, [childScript(name), ...args])`. */
export const childScript = (name: TestChild) => join(buildDir, outOf(name))

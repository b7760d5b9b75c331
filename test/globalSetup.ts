import { buildAll } from "../src/build.js"
import { buildTestChildren } from "./support/TestChildren.js"

/**
 * The CLI tests run the built bundle, as users do, and the crash tests their child programs bundled the same way:
 * build both from the sources under test first.
 */
export default function setup(): Promise<void> {
  // Each vitest project runs the global setup: the build is made once per vitest run.
  const key = Symbol.for("docsweep/test/build")
  const built: Promise<void> =
    Reflect.get(globalThis, key) ??
    (async () => {
      await buildAll()
      await buildTestChildren()
    })()
  Reflect.set(globalThis, key, built)
  return built
}

import { buildAll } from "../src/build.js"
import { buildTestChildren } from "./support/TestChildren.js"

/**
 * The CLI tests run the built bundle, as users do, and the crash tests their child programs bundled the same way:
 * build both from the sources under test first.
 */
export default async function setup() {
  await buildAll()
  await buildTestChildren()
}

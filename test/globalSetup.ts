import { buildAll } from "../src/build.js"

/** The CLI tests run the built bundle, as users do: build it from the sources under test first. */
export default async function setup() {
  await buildAll()
}

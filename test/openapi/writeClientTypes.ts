import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"

/**
 * `npm run openapi:types`, run at install (`prepare`) and by `npm run typecheck`: writes the client types the
 * generated-client test uses. An install without dev dependencies has no generator and no tests to type: skipped.
 */
const described = await import("./Described.js").catch((error: unknown) => {
  if (error instanceof Error && "code" in error && error.code === "ERR_MODULE_NOT_FOUND") return undefined
  throw error
})
if (described !== undefined) {
  mkdirSync(dirname(described.clientTypesPath), { recursive: true })
  writeFileSync(described.clientTypesPath, await described.generatedClientTypes())
}

import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { clientTypesPath, generatedClientTypes } from "./Described.js"

/** `npm run openapi:types` (run by `npm run typecheck`): writes the client types the generated-client test uses. */
mkdirSync(dirname(clientTypesPath), { recursive: true })
writeFileSync(clientTypesPath, await generatedClientTypes())

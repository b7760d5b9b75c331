import { writeFileSync } from "node:fs"
import { clientTypesPath, generatedClientTypes } from "./Described.js"

/** `npm run openapi:types`: regenerates the client types the generated-client test uses. */
writeFileSync(clientTypesPath, await generatedClientTypes())
console.log(`wrote ${clientTypesPath}`)

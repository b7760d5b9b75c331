import { createHash } from "node:crypto"

/**
 * sha256 of a file's bytes, hex: the checkpoint remembers uploads by path + content, so the runner (deciding what to
 * upload) and `docsweep view` (finding the document a local file became) must hash alike.
 */
export const contentHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

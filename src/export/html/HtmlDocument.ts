import { createHash } from "node:crypto"
import type { PageAssets } from "./PageAssets.js"
import { pageIds } from "./PageData.js"

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The Content-Security-Policy: nothing from outside, ever. The one script and the one style sheet are allowed by
 * their hashes (which work from file:// in Chromium, Firefox and Safari, where a nonce would need a server);
 * the font and any image are data: URLs. `connect` is "'self'" only when `docsweep view` serves the page.
 */
export const contentSecurityPolicy = (assets: PageAssets, connect: "'none'" | "'self'"): string =>
  [
    "default-src 'none'",
    `script-src ${sha256(assets.script)}`,
    `style-src ${sha256(assets.style)}`,
    "img-src data:",
    "font-src data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ")

/** Text that would end its element early, in an asset that is inlined. */
const closesElement = (text: string, element: string) => text.toLowerCase().includes(`</${element}`)

/**
 * The report as one HTML document, in two parts around its data: CSP, style sheet, then the data (base64 of gzip,
 * which holds no `<`, so no answer can close its element) in a `<script type="application/octet-stream">` block (a
 * data block: never run), then the page's script. `live` is the version of the data when `docsweep view` serves
 * the page (the page then polls). The writer streams the data between the parts.
 */
export const htmlParts = (input: {
  readonly title: string
  readonly assets: PageAssets
  readonly live?: string
}): { readonly head: string; readonly tail: string } => {
  const { assets } = input
  if (closesElement(assets.script, "script") || closesElement(assets.style, "style")) {
    throw new Error("the built page holds a closing </script> or </style> and cannot be inlined: rebuild it")
  }
  const policy = contentSecurityPolicy(assets, input.live === undefined ? "'none'" : "'self'")
  const head = [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...(input.live === undefined ? [] : [`<meta name="${pageIds.live}" content="${escapeHtml(input.live)}">`]),
    `<title>${escapeHtml(input.title)}</title>`,
    `<style>${assets.style}</style>`,
    "</head>",
    "<body>",
    `<div id="${pageIds.root}"><p class="boot">Loading the report…</p></div>`,
    "<noscript><p>This report is an interactive page: open it with JavaScript enabled.</p></noscript>",
    `<script type="application/octet-stream" id="${pageIds.data}">`
  ].join("\n")
  const tail = ["</script>", `<script>${assets.script}</script>`, "</body>", "</html>", ""].join("\n")
  return { head, tail }
}

/** The whole document with its data (base64) inside. */
export const htmlDocument = (input: {
  readonly title: string
  readonly data: string
  readonly assets: PageAssets
  readonly live?: string
}): string => {
  if (!/^[A-Za-z0-9+/=]*$/.test(input.data)) throw new Error("the report data is not base64")
  const { head, tail } = htmlParts(input)
  return head + input.data + tail
}

/**
 * The page builds every element here. Data (answers, file names, errors: text from documents and AI output) only
 * ever becomes a Text node or an attribute value through `textContent` / `setAttribute` with fixed names: nothing
 * is parsed as HTML, so `<script>` or `onerror=` in an answer is shown, never run. There is no innerHTML here.
 */

export type Child = Node | string | null | undefined | false

interface Attributes {
  readonly class?: string | undefined
  /** Fixed attribute names only (role, aria-*, data-*, id, type …); never `on…` handlers or `style`. */
  readonly [name: string]: string | number | boolean | undefined
}

const forbidden = /^(on|style$|srcdoc$|href$|src$)/i

/** An element with attributes and children (strings become Text nodes). */
export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: ReadonlyArray<Child>
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (forbidden.test(name)) throw new Error(`refusing attribute ${name}`)
    element.setAttribute(name, value === true ? "" : String(value))
  }
  append(element, ...children)
  return element
}

/** Appends children; strings become Text nodes. */
export const append = (parent: Node, ...children: ReadonlyArray<Child>): void => {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child)
  }
}

/** Replaces an element's children. */
export const replace = (parent: Element, ...children: ReadonlyArray<Child>): void => {
  parent.replaceChildren()
  append(parent, ...children)
}

/**
 * Data shown beside the page's own text in one line: isolated (`<bdi>`), so a right-to-left override in a file name
 * cannot run on into the text after it and reverse "(id 3, 2 pages)" or reorder a list of names.
 */
export const isolated = (text: string): HTMLElement => el("bdi", {}, text)

/** Names, each isolated, separated by ", ". */
export const isolatedList = (names: ReadonlyArray<string>): DocumentFragment => {
  const fragment = document.createDocumentFragment()
  for (const [position, name] of names.entries()) append(fragment, position > 0 && ", ", isolated(name))
  return fragment
}

/** A button that runs `action` on click. */
export const button = (label: Child, action: (event: MouseEvent) => void, attributes: Attributes = {}) => {
  const element = el("button", { type: "button", ...attributes }, label)
  element.addEventListener("click", action)
  return element
}

/** `text` with its `[start, end)` wrapped in `<mark>` (as Text nodes, never HTML); without a range, all plain. */
export const marked = (text: string, range: { readonly start: number; readonly end: number } | undefined) => {
  const fragment = document.createDocumentFragment()
  if (range === undefined) append(fragment, text)
  else {
    const { start, end } = range
    append(fragment, text.slice(0, start), el("mark", {}, text.slice(start, end)), text.slice(end))
  }
  return fragment
}

const numberFormat = new Intl.NumberFormat("en-US")

/** 12,345 */
export const count = (value: number): string => numberFormat.format(value)

/** An ISO instant as local date and time, "2026-11-24 19:46:57". */
export const dateTime = (iso: string | null | undefined): string => {
  if (iso === null || iso === undefined) return "–"
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const pad = (n: number) => String(n).padStart(2, "0")
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

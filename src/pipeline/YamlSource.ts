import type { Document, YAMLError } from "yaml"
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, visit } from "yaml"
import type { Path, Target } from "./IssueProblems.js"
import type { Problem } from "./PipelineInvalid.js"

/** A parsed YAML file: its name as shown in messages, its syntax tree and line table. */
export interface YamlSource {
  readonly file: string
  readonly doc: Document.Parsed
  readonly lineCounter: LineCounter
}

/** Parses YAML text; syntax errors come back as problems with their positions. */
export const parseYaml = (
  file: string,
  text: string
): { readonly source: YamlSource; readonly problems: ReadonlyArray<Problem> } => {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const source = { file, doc, lineCounter }
  const problems = doc.errors.map((e) => ({
    ...position(source, e.pos[0]),
    message: `YAML syntax error: ${syntaxMessage(source, e)}`
  }))
  return { source, problems: [...problems, ...unresolvedAliases(source)] }
}

/** The parser's message in the pipeline's words: which key is repeated, what a second document is. */
const syntaxMessage = (source: YamlSource, error: YAMLError): string => {
  if (error.code === "MULTIPLE_DOCS") {
    return "a second YAML document starts here (`---`): a pipeline file holds one; remove the line or split the file"
  }
  if (error.code === "DUPLICATE_KEY") {
    let key: unknown
    visit(source.doc, {
      Pair: (_, pair) => {
        if (isScalar(pair.key) && pair.key.range?.[0] === error.pos[0]) key = pair.key.value
      }
    })
    if (key !== undefined) return `the key \`${String(key)}\` is given twice in the same mapping; keep one`
  }
  return error.message.split("\n")[0] ?? error.message
}

/**
 * `*name` with no `&name` before it: the parser accepts it, and converting the file then fails with no place. One
 * walk in document order, noting anchors as they come (`Alias.resolve` walks the whole document for each alias).
 */
const unresolvedAliases = (source: YamlSource): ReadonlyArray<Problem> => {
  const found: Array<Problem> = []
  const anchors = new Set<string>()
  visit(source.doc, {
    Node: (_, node) => {
      if (!isAlias(node) && node.anchor !== undefined) anchors.add(node.anchor)
    },
    Alias: (_, alias) => {
      if (anchors.has(alias.source)) return
      found.push({
        ...position(source, startOf(alias) ?? 0),
        message: `YAML syntax error: alias *${alias.source} names no anchor &${alias.source} set before it`
      })
    }
  })
  return found
}

const position = (source: YamlSource, offset: number): Problem => {
  const { line, col } = source.lineCounter.linePos(offset)
  return { file: source.file, line, column: col, message: "" }
}

const resolve = (source: YamlSource, node: unknown): unknown => (isAlias(node) ? node.resolve(source.doc) : node)

const startOf = (node: unknown): number | undefined => (isNode(node) ? node.range?.[0] : undefined)

/** A null value written as nothing (`key:`) has no text of its own; point at its key instead. */
const isBlank = (node: unknown): boolean => isScalar(node) && node.value === null && node.range?.[0] === node.range?.[1]

/**
 * How far `path` reaches into the file (`depth` segments) and where the reached node starts. For `key` the pair's
 * key is the target, for `parent` the mapping that holds the last segment, for `value` the value (or its key when the
 * value is blank).
 */
export const locate = (
  source: YamlSource,
  path: Path,
  target: Target
): { readonly depth: number; readonly complete: boolean; readonly at: Problem } => {
  const steps = target === "parent" ? path.slice(0, -1) : path
  let node: unknown = source.doc.contents
  let key: unknown
  let depth = 0
  for (const segment of steps) {
    const current = resolve(source, node)
    if (isMap(current)) {
      const pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment))
      if (pair === undefined) break
      key = pair.key
      node = pair.value === null || isBlank(pair.value) ? pair.key : pair.value
    } else if (isSeq(current) && typeof segment === "number" && current.items[segment] !== undefined) {
      key = undefined
      node = current.items[segment]
    } else break
    depth++
  }
  const complete = depth === steps.length
  const chosen = complete && target === "key" && key !== undefined ? key : node
  return { depth, complete, at: position(source, startOf(chosen) ?? 0) }
}

/** `token:` anywhere in the file: the service token must never sit in a file that is shared or committed. */
export const tokenProblems = (source: YamlSource): ReadonlyArray<Problem> => {
  const found: Array<Problem> = []
  visit(source.doc, {
    Pair: (_, pair) => {
      if (isScalar(pair.key) && String(pair.key.value).toLowerCase() === "token") {
        found.push({
          ...position(source, startOf(pair.key) ?? 0),
          message:
            "`token` does not belong in a pipeline file: the service token comes only from DOCSWEEP_TOKEN or --token-file"
        })
      }
    }
  })
  return found
}

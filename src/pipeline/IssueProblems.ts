import { ParseResult, SchemaAST } from "effect"
import { didYouMean } from "./DidYouMean.js"
import { DocumentSet, documentSetKinds } from "./DocumentSet.js"
import { isMapping, show } from "./Fields.js"

export type Path = ReadonlyArray<PropertyKey>

/** Where a schema problem points: the key itself (unknown key), its mapping (missing key) or its value. */
export type Target = "key" | "parent" | "value"

export interface SchemaProblem {
  readonly path: Path
  readonly target: Target
  readonly message: string
}

/** `documents[0].ids[2]` */
export const formatPath = (path: Path): string =>
  path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`)).join("")

const quoteKeys = (keys: ReadonlyArray<string>) => keys.map((k) => `\`${k}\``).join(", ")

const isIssueList = (
  u: ParseResult.Composite["issues"]
): u is readonly [ParseResult.ParseIssue, ...Array<ParseResult.ParseIssue>] => Array.isArray(u)

const issuesOf = (issues: ParseResult.Composite["issues"]): ReadonlyArray<ParseResult.ParseIssue> =>
  isIssueList(issues) ? issues : [issues]

const composite = (ast: SchemaAST.AST, actual: unknown, issues: ReadonlyArray<ParseResult.ParseIssue>) => {
  const [first, ...rest] = issues
  return first === undefined ? undefined : new ParseResult.Composite(ast, actual, [first, ...rest])
}

const kindKeys = documentSetKinds.map((k) => k.key)
const allSetKeys: ReadonlyArray<string> = [...new Set(documentSetKinds.flatMap((k) => k.keys))]

const unexpected = (value: unknown, expected: ReadonlyArray<string>) =>
  new ParseResult.Unexpected(value, `is unexpected, expected: ${expected.map((k) => JSON.stringify(k)).join(" | ")}`)

/**
 * A document set that fails is reported by every member of the union; keep only the member its selecting key
 * (`ids`, `range`, `workspace`, `files`) names, or explain which key is missing or doubled.
 */
const pickDocumentSet = (issue: ParseResult.Composite): ParseResult.ParseIssue => {
  const actual = issue.actual
  const oneOf = `one of ${quoteKeys(kindKeys)}`
  if (!isMapping(actual)) {
    return new ParseResult.Type(
      issue.ast,
      actual,
      `expected a document set (a mapping with ${oneOf}), got ${show(actual)}`
    )
  }
  const present = documentSetKinds.filter((k) => Object.hasOwn(actual, k.key))
  const [only, ...others] = present
  if (only !== undefined && others.length === 0) {
    const member = issuesOf(issue.issues).find((i) => "ast" in i && i.ast === only.ast)
    return member === undefined ? issue : prune(member)
  }
  const extra = Object.keys(actual).filter((key) => !allSetKeys.includes(key))
  const problems: Array<ParseResult.ParseIssue> =
    only === undefined
      ? extra.map((key) => new ParseResult.Pointer(key, actual, unexpected(actual[key], allSetKeys)))
      : others.map(
          (k) =>
            new ParseResult.Pointer(
              k.key,
              actual,
              new ParseResult.Type(
                issue.ast,
                actual[k.key],
                `a document set takes only ${oneOf}; this one has \`${only.key}\` too`
              )
            )
        )
  if (only === undefined && extra.length === 0) {
    problems.push(new ParseResult.Type(issue.ast, actual, `expected ${oneOf} in a document set`))
  }
  return composite(issue.ast, actual, problems) ?? issue
}

const kindMessage = (ast: SchemaAST.AST, actual: unknown): string | undefined =>
  SchemaAST.isTypeLiteral(ast)
    ? `expected a mapping, got ${show(actual)}`
    : SchemaAST.isTupleType(ast)
      ? `expected a list, got ${show(actual)}`
      : undefined

/** Rewrites the issue tree: one member per failing document set, plain words for wrong kinds of values. */
const prune = (issue: ParseResult.ParseIssue): ParseResult.ParseIssue => {
  switch (issue._tag) {
    case "Pointer":
      return new ParseResult.Pointer(issue.path, issue.actual, prune(issue.issue))
    case "Refinement":
      return new ParseResult.Refinement(issue.ast, issue.actual, issue.kind, prune(issue.issue))
    case "Transformation":
      return new ParseResult.Transformation(issue.ast, issue.actual, issue.kind, prune(issue.issue))
    case "Composite":
      if (issue.ast === DocumentSet.ast) return pickDocumentSet(issue)
      return composite(issue.ast, issue.actual, issuesOf(issue.issues).map(prune)) ?? issue
    case "Type": {
      const message = issue.message ?? kindMessage(issue.ast, issue.actual)
      return message === undefined ? issue : new ParseResult.Type(issue.ast, issue.actual, message)
    }
    default:
      return issue
  }
}

const expectedKeys = (message: string): ReadonlyArray<string> =>
  [...(message.split("expected: ")[1] ?? "").matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? "")

const toProblem = (issue: ParseResult.ArrayFormatterIssue): SchemaProblem => {
  const path = issue.path
  const key = String(path[path.length - 1] ?? "")
  const parent = path.slice(0, -1)
  const where = parent.length > 0 ? ` in \`${formatPath(parent)}\`` : ""
  switch (issue._tag) {
    case "Unexpected": {
      if (key === "<<") {
        // YAML 1.1's merge key: YAML 1.2, which the pipeline is read as, has none, so the keys it names are missing.
        const message = `\`<<\`${where}: YAML merge keys are not supported; write the keys out, or use an alias for a whole value (\`meta: *common\`)`
        return { path, target: "key", message }
      }
      const known = expectedKeys(issue.message)
      const guess = didYouMean(key, known)
      const hint =
        guess !== undefined
          ? `, did you mean \`${guess}\`?`
          : known.length > 0
            ? `; expected one of ${quoteKeys(known)}`
            : ""
      return { path, target: "key", message: `unknown key \`${key}\`${where}${hint}` }
    }
    case "Missing":
      return { path, target: "parent", message: `missing required key \`${key}\`${where}` }
    default:
      return {
        path,
        target: "value",
        message: path.length > 0 ? `${formatPath(path)}: ${issue.message}` : issue.message
      }
  }
}

/** Every problem in a decoding failure, with its path into the document and plain-words message. */
export const issueProblems = (issue: ParseResult.ParseIssue): ReadonlyArray<SchemaProblem> =>
  ParseResult.ArrayFormatter.formatIssueSync(prune(issue)).map(toProblem)

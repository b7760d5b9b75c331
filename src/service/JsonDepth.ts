import type { HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { BadRequest } from "../api/ApiError.js"

/** Deepest JSON nesting a body may have: decoding deeper structures recurses past the stack. */
const maxJsonDepth = 64

/** How deeply `text` nests arrays and objects (strings skipped), counting only up to `limit` + 1. */
export const jsonDepth = (text: string, limit = maxJsonDepth): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length && deepest <= limit; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c) index++
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth)
    else if (char === 0x5d || char === 0x7d) depth--
  }
  return deepest
}

const tooDeep = new BadRequest({ detail: `the JSON body is nested deeper than ${maxJsonDepth} levels` })

/** JSON bodies are read (and cached by the request) before the API decodes them, to refuse deep nesting as 400. */
export const checkJsonDepth = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-type"] ?? "").includes("json")
    ? request.text.pipe(
        // A body that cannot be read is answered as the API's own read would be (`RequestDefects.bodyDefect`).
        Effect.orDie,
        Effect.flatMap((text) => (jsonDepth(text) > maxJsonDepth ? Effect.fail(tooDeep) : Effect.void))
      )
    : Effect.void

import { Schema } from "effect"
import { field, mapping } from "./DefaultedFields.js"
import { duplicatesOf, Flag, NonEmptyList, NonEmptyText, OneOf, optionalExact, PositiveInt } from "./Fields.js"
import type { Pipeline } from "./PipelineSchema.js"

export const Format = OneOf("xlsx", "csv", "html")

export const OutputSettings = mapping(
  {
    dir: optionalExact(
      NonEmptyText.annotations({
        description: "Report folder, relative to the working directory. Default output/<name>."
      })
    ),
    formats: field(
      NonEmptyList(Format, "formats", "format").pipe(
        Schema.filter(
          duplicatesOf((f: string) => f, "format"),
          { jsonSchema: { uniqueItems: true } }
        )
      ),
      ["xlsx", "csv", "html"],
      "Report files to write: xlsx (Excel), csv, html (one self-contained page)."
    ),
    csv_bom: field(Flag, false, "Start CSV files with a UTF-8 byte order mark (helps Excel on Windows)."),
    allow_formulas: field(Flag, false, "Keep answers starting with = + - @ as they are instead of quoting them."),
    keep: field(PositiveInt, 10, "Reports of this pipeline kept in dir, newest first; older ones are removed."),
    changes: field(Flag, false, "Add a sheet / file listing answers that changed since the previous report.")
  },
  "Where and how reports are written."
)

export type OutputSettings = Pipeline["output"]

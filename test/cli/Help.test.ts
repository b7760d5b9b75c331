import { assert, describe, it } from "@effect/vitest"
import { docsweepCli } from "../../src/cli/Cli.js"

/** What `docsweep WORDS --help` prints, rendered in this process (yargs hands it to the callback, exits nothing). */
const helpOf = (words: ReadonlyArray<string>) =>
  new Promise<string>((resolve, reject) => {
    const args = [...words, "--help"]
    docsweepCli(args)
      .exitProcess(false)
      .parse(args, {}, (error, _argv, output) =>
        error === null || error === undefined ? resolve(output) : reject(error)
      )
  })

const commands = [
  "status",
  "diff",
  "export",
  "config",
  "view",
  "run",
  "validate",
  "merge",
  "serve",
  "docs add",
  "users add",
  "token"
]

describe("help", () => {
  it("each command's help lists what it uses, with examples; docsweep --help ends with the exit codes", async () => {
    const [top, docs, users] = await Promise.all([helpOf([]), helpOf(["docs"]), helpOf(["users"])])
    assert.match(top, /Exit codes:\n(.*\n)*\s+130\s+interrupted.*$/)
    for (const [help, command] of [
      [docs, "docs add <files..>"],
      [users, "users add"]
    ] as const) {
      assert.include(help, `docsweep ${command}`)
      assert.notInclude(help, "<action>")
    }
    const help = new Map(
      await Promise.all(commands.map(async (command) => [command, await helpOf(command.split(" "))] as const))
    )
    for (const [command, text] of help) {
      assert.include(text, "Examples:", command)
      assert.notInclude(text, "--version", command)
      for (const line of text.split("\n").filter((l) => /^\s+--[\w-]+\s/.test(l))) {
        assert.match(line, /^\s+--[\w-]+\s+[^\s[]/, `${command}: every option has a description: ${line}`)
      }
    }
    for (const flag of ["--base-url", "--token-file", "--user-id", "--org-id", "--concurrency"]) {
      for (const command of ["status", "diff", "export", "view"]) {
        assert.notInclude(help.get(command), flag, `${command} --help lists ${flag}`)
      }
      // config shows what a run with them would use.
      assert.include(help.get("config"), flag, `config --help lacks ${flag}`)
    }
    assert.notInclude(help.get("merge"), "[default: []]")
    assert.match(help.get("serve") ?? "", /--fault-delay-ms .*\[default: 3000\]/)
    assert.match(help.get("users add") ?? "", /--password\s+the account's password/)
  })
})

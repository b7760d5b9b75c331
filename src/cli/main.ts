import { hideBin } from "yargs/helpers"
import { docsweepCli } from "./Cli.js"

await docsweepCli(hideBin(process.argv)).parseAsync()

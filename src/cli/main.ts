import { hideBin } from "yargs/helpers"
import { docsweepCli } from "./Cli.js"
import { keepRunningWhenOutputCloses } from "./ClosedOutput.js"

keepRunningWhenOutputCloses()
await docsweepCli(hideBin(process.argv)).parseAsync()

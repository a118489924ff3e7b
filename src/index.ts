import './action/guard/early-start.js'
import { run } from './action/main.js'

await run()

import './action/early-start.js'
import { run } from './action/main.js'

await run()

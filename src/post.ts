import { runPost } from './action/post.js'

await runPost()

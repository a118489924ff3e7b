// Prints one closing line in the plain form CI reads in any language:
// "tests: N passed, N failed, N skipped". Jest's own summary is not in that form.
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const line =
      `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
      `, ${results.numPendingTests + results.numTodoTests} skipped`
    process.stdout.write(`${line}\n`)
  }
}
module.exports = PlainSummaryReporter

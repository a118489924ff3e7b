#!/bin/sh
# Bundles the action (dist/index.js) and the CLI (dist/cli/index.js) with ncc.
# DIST_DIR lets the dist freshness test build elsewhere and compare.
set -e
out="${DIST_DIR:-dist}"
ncc build src/index.ts -o "$out" --source-map --license licenses.txt --quiet
ncc build src/cli/index.ts -o "$out/cli" --quiet
# The file tools' helper, started inside the sandbox (see file-tool-host.ts).
ncc build src/tools/file-tool-worker.ts -o "$out/file-tool-worker" --quiet

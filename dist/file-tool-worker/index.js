import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ // The require scope
/******/ var __nccwpck_require__ = {};
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:readline"
const external_node_readline_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: ./src/tools/base-tool.ts
/** An expected failure whose message is written for the model to act on. */
class ToolError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ToolError';
    }
}

;// CONCATENATED MODULE: ./src/tools/workspace-walk.ts




// O_PATH (Linux, the same value on x86-64 and arm64; Node does not export
// it): an fd that names an inode without opening it for I/O, so a FIFO or a
// device is looked at with fstat before anything could block on it.
const O_PATH = 0o10000000;
const { O_DIRECTORY, O_NOFOLLOW, O_RDONLY, O_NONBLOCK, O_NOCTTY } = external_node_fs_namespaceObject.constants;
/**
 * The path of `name` inside the directory held open as `directory`. On Linux
 * the kernel resolves `/proc/self/fd/N/<name>` from the open directory N
 * itself, never by its name again: this is openat(2), which Node lacks. A
 * directory renamed or swapped for a symbolic link after it was opened
 * cannot redirect the lookup.
 */
function pathIn(directory, name) {
    if (name === '' || name === '.' || name === '..' || name.includes('/')) {
        throw new Error(`Not a single path component: ${JSON.stringify(name)}`);
    }
    return `/proc/self/fd/${directory.fd}/${name}`;
}
/** Raised when a component was swapped for a symbolic link during the walk. */
class PathChangedError extends ToolError {
    constructor(inputPath, component) {
        super(`Path ${JSON.stringify(inputPath)} changed while it was being opened: ${JSON.stringify(component)} is now a symbolic link. Symbolic links are not followed once a path is checked; call the tool again.`);
        this.name = 'PathChangedError';
    }
}
/**
 * Opens the parent directory of `relative` (a path relative to `workdir`
 * without `..`, as resolveWorkspacePath's result yields) one component at a
 * time from the opened workspace, each with O_NOFOLLOW. With `create`,
 * missing directories are made (0755). Returns undefined when a parent is
 * missing and `create` is off. The caller closes the handle.
 */
async function openParent(workdir, relative, options) {
    const parts = relative.split((external_node_path_default()).sep).filter((part) => part !== '');
    const name = parts.pop();
    if (name === undefined) {
        throw new ToolError(`${options.inputPath} is the workspace directory itself; give a file path inside it.`);
    }
    let directory = await (0,promises_namespaceObject.open)(workdir, O_RDONLY | O_DIRECTORY);
    try {
        for (const [index, part] of parts.entries()) {
            const next = await openChildDirectory(directory, part, {
                ...options,
                walked: parts.slice(0, index + 1).join('/'),
            });
            closeInBackground(directory);
            if (next === undefined)
                return undefined;
            directory = next;
        }
    }
    catch (error) {
        await directory.close().catch(() => undefined);
        throw error;
    }
    return { directory, name, relativeParent: parts.join('/') };
}
async function openChildDirectory(directory, part, options) {
    const target = pathIn(directory, part);
    const flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
    try {
        return await (0,promises_namespaceObject.open)(target, flags);
    }
    catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT' && options.create) {
            // mkdir never follows a symbolic link at its last component (EEXIST).
            await (0,promises_namespaceObject.mkdir)(target, { mode: 0o755 }).catch((mkdirError) => {
                if (errorCode(mkdirError) !== 'EEXIST')
                    throw mkdirError;
            });
            return openChildDirectory(directory, part, { ...options, create: false });
        }
        if (code === 'ENOENT')
            return undefined;
        if (code === 'ELOOP' || code === 'ENOTDIR') {
            // Linux says ENOTDIR for a link opened with O_DIRECTORY|O_NOFOLLOW.
            if (await isSymbolicLink(target)) {
                throw new PathChangedError(options.inputPath, options.walked);
            }
            if (!options.create)
                return undefined; // a file: nothing under it
            throw new ToolError(`Cannot create the folders for ${options.inputPath}: part of its directory path is an existing file. Pick another path or remove that file first.`);
        }
        throw error;
    }
}
async function isSymbolicLink(target) {
    const probe = await (0,promises_namespaceObject.open)(target, O_PATH | O_NOFOLLOW).catch(() => undefined);
    if (probe === undefined)
        return false;
    try {
        return (await probe.stat()).isSymbolicLink();
    }
    finally {
        closeInBackground(probe);
    }
}
/**
 * Looks at `name` inside the held directory without following a symbolic
 * link and without opening it for I/O, then opens a regular file for
 * reading through the inode it looked at. FIFOs, sockets and devices are
 * reported as `other` and never opened, so nothing can block on them.
 */
async function openEntry(parent, inputPath) {
    let probe;
    try {
        probe = await (0,promises_namespaceObject.open)(pathIn(parent.directory, parent.name), O_PATH | O_NOFOLLOW);
    }
    catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return { kind: 'missing' };
        throw error;
    }
    try {
        const stats = await probe.stat();
        if (stats.isSymbolicLink())
            throw new PathChangedError(inputPath, inputPath);
        if (stats.isDirectory())
            return { kind: 'directory' };
        if (!stats.isFile())
            return { kind: 'other', what: describeKind(stats) };
        // Reopening the O_PATH fd's own /proc entry opens that very inode (a
        // magic link, so no O_NOFOLLOW here: it must be followed to the inode).
        const flags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
        const handle = await (0,promises_namespaceObject.open)(`/proc/self/fd/${probe.fd}`, flags);
        return {
            kind: 'file',
            handle,
            mode: stats.mode & 0o7777,
            size: stats.size,
        };
    }
    finally {
        closeInBackground(probe);
    }
}
function describeKind(stats) {
    if (stats.isFIFO())
        return 'a FIFO (named pipe)';
    if (stats.isSocket())
        return 'a socket';
    if (stats.isCharacterDevice() || stats.isBlockDevice())
        return 'a device';
    return 'not a regular file';
}
/**
 * Opens what `resolved` (resolveWorkspacePath's result) names, walking from
 * the workspace without following any symbolic link: `missing`, a held
 * regular file, a directory, or something else that is never opened.
 */
async function openExisting(workdir, resolved, inputPath) {
    const relative = external_node_path_default().relative(workdir, resolved);
    if (relative === '')
        return { kind: 'directory' };
    const parent = await openParent(workdir, relative, {
        inputPath,
        create: false,
    });
    if (parent === undefined)
        return { kind: 'missing' };
    try {
        return await openEntry(parent, inputPath);
    }
    finally {
        closeInBackground(parent.directory);
    }
}
/**
 * Closes a handle that was only looked at or read, without waiting for it:
 * each close is a round trip to libuv's thread pool (~10 µs) that a call
 * need not sit through, and nothing was written that a failed close could
 * lose. Handles that wrote are closed and awaited by their writers.
 */
function closeInBackground(handle) {
    handle.close().catch(() => undefined);
}
function errorCode(error) {
    return error.code ?? String(error);
}

;// CONCATENATED MODULE: ./src/tools/atomic-write.ts





const NEW_FILE_MODE = 0o644;
const { O_CREAT, O_EXCL, O_NOFOLLOW: atomic_write_O_NOFOLLOW, O_RDONLY: atomic_write_O_RDONLY, O_DIRECTORY: atomic_write_O_DIRECTORY, O_WRONLY } = external_node_fs_namespaceObject.constants;
/**
 * Replaces `target` with `data` so that a reader or a crash sees either the
 * old file or the new one, never half of it: write a temp file beside it,
 * fsync, rename over. An existing file keeps its permission bits.
 */
async function writeFileAtomic(target, data) {
    const directory = await open(path.dirname(target), atomic_write_O_RDONLY | atomic_write_O_DIRECTORY);
    try {
        await writeFileAtomicIn(directory, path.basename(target), data);
    }
    finally {
        await directory.close();
    }
}
/**
 * writeFileAtomic inside a held directory: the temp file is created with
 * O_EXCL|O_NOFOLLOW and renamed over `name` within that very directory, so
 * a directory swapped for a symbolic link meanwhile cannot move the write.
 * `mode` is the existing file's, if the caller already looked at it.
 */
async function writeFileAtomicIn(directory, name, data, knownMode) {
    const mode = knownMode ?? (await readMode(directory, name)) ?? NEW_FILE_MODE;
    // The name is capped to stay under the 255-byte limit of a file name.
    const random = (0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex');
    const temp = pathIn(directory, `.${name.slice(0, 100)}.${random}.tmp`);
    let handle;
    try {
        // Never follow or reuse something already at the temp name.
        handle = await (0,promises_namespaceObject.open)(temp, O_WRONLY | O_CREAT | O_EXCL | atomic_write_O_NOFOLLOW, mode);
        await handle.writeFile(data);
        // The umask may have narrowed the mode given to open().
        await handle.chmod(mode);
        await handle.sync();
        await handle.close();
        handle = undefined;
        // rename(2) replaces the directory entry, never following a link there.
        await (0,promises_namespaceObject.rename)(temp, pathIn(directory, name));
    }
    catch (error) {
        // The write already failed; a failing close must not hide why.
        await handle?.close().catch(() => undefined);
        await (0,promises_namespaceObject.rm)(temp, { force: true });
        throw error;
    }
    // The rename lives in the directory's entries. Some file systems refuse
    // to fsync a directory; the rename has happened by then, so the write
    // stands and only its durability is left to the kernel.
    await directory.sync().catch(() => undefined);
}
/** The permission bits of a regular file at `name`; undefined otherwise. */
async function readMode(directory, name) {
    let handle;
    try {
        // Look without opening: a FIFO or a device there must not block us.
        handle = await (0,promises_namespaceObject.open)(pathIn(directory, name), O_PATH | atomic_write_O_NOFOLLOW);
    }
    catch (error) {
        if (errorCode(error) === 'ENOENT')
            return undefined;
        throw error;
    }
    try {
        const stats = await handle.stat();
        return stats.isFile() ? stats.mode & 0o7777 : undefined;
    }
    finally {
        await handle.close();
    }
}

;// CONCATENATED MODULE: ./src/util/error-message.ts
/** The message of anything thrown: an Error's message, else its text. */
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}

;// CONCATENATED MODULE: ./src/tools/define-tool.ts


/**
 * Builds a tool from its spec. The call's raw JSON text is parsed in one
 * place, here: text that is not JSON, or JSON that is not an object, is a
 * ToolError naming the tool and quoting `example`; the fields are then
 * checked by the spec's `parse`, and `execute` only ever sees its result.
 */
function defineTool(spec) {
    const definition = {
        name: spec.name,
        description: spec.description,
        inputSchema: spec.inputSchema,
    };
    return {
        name: spec.name,
        definition: () => definition,
        parseArguments: (text) => spec.parse(parseObject(text, spec)),
        pathOf: (args) => spec.pathOf?.(args),
        execute: (args, context) => spec.execute(args, context),
    };
}
function parseObject(text, spec) {
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (error) {
        throw new ToolError(`Arguments are not valid JSON: ${errorMessage(error)}. Send a JSON object such as ${spec.example}.`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        throw new ToolError(`${spec.name} expects a JSON object such as ${spec.example}.`);
    }
    return raw;
}

;// CONCATENATED MODULE: ./src/tools/edit-match.ts
// Past this many matches the exact number no longer helps the model, and
// stopping keeps a highly repetitive file from costing a scan per match.
const MATCH_COUNT_LIMIT = 100;
const NO_MATCH = { count: 0, start: -1, end: -1 };
/** L1: `source` occurs verbatim in the content. */
function matchExact(content, source) {
    if (source === '')
        return NO_MATCH;
    const start = content.indexOf(source);
    if (start === -1)
        return NO_MATCH;
    let count = 1;
    let at = content.indexOf(source, start + 1);
    while (at !== -1 && count < MATCH_COUNT_LIMIT) {
        count++;
        at = content.indexOf(source, at + 1);
    }
    return { count, start, end: start + source.length };
}
// L2 to L4 search `text`: the content with every `\r\n` already read as `\n`
// (normaliseLineEndings), done once by applyEdit rather than once per level.
/** L2: `source` occurs once its `\r\n` are read as `\n`. */
function matchNormalisedEndings(text, source) {
    return matchExact(text, normaliseLineEndings(source));
}
/** L3: as L2, with whitespace around `source` ignored. */
function matchTrimmed(text, source) {
    return matchExact(text, normaliseLineEndings(source).trim());
}
/**
 * L4: the lines of `source` equal whole lines of the text once each side is
 * trimmed (indentation and trailing spaces ignored). The match spans whole
 * lines, from the first line's start to the last line's end.
 */
function matchLineByLine(text, source) {
    const wanted = normaliseLineEndings(source)
        .trim()
        .split('\n')
        .map((line) => line.trim());
    if (wanted[0] === '')
        return NO_MATCH;
    let count = 0;
    let first = NO_MATCH;
    // Only lines that contain the first wanted line are candidates; indexOf
    // finds them natively instead of trimming every line of the file.
    let at = text.indexOf(wanted[0]);
    while (at !== -1 && count < MATCH_COUNT_LIMIT) {
        const lineStart = text.lastIndexOf('\n', at - 1) + 1;
        const end = matchLinesAt(text, lineStart, wanted);
        if (end !== -1) {
            count++;
            if (count === 1)
                first = { count, start: lineStart, end };
        }
        // Each line is a candidate once, however often it holds wanted[0].
        const nextLine = text.indexOf('\n', at);
        at = nextLine === -1 ? -1 : text.indexOf(wanted[0], nextLine + 1);
    }
    return { ...first, count };
}
const LEVELS = [
    ['exact', matchExact],
    ['line endings normalised', matchNormalisedEndings],
    ['trimmed', matchTrimmed],
    ['line by line', matchLineByLine],
];
/**
 * Tries the levels in order; the first level that finds `source` decides,
 * and it must find exactly one place. Only that span changes. `target` gets
 * the file's line endings and, where the level ignored whitespace around
 * `source`, loses it too.
 */
function applyEdit(content, source, target) {
    let text;
    for (const [level, match] of LEVELS) {
        const searched = level === 'exact' ? content : (text ??= normaliseLineEndings(content));
        const found = match(searched, source);
        if (found.count === 0)
            continue;
        if (found.count > 1)
            return { kind: 'ambiguous', level, count: found.count };
        const span = searched === content ? found : toOriginalSpan(content, found);
        const replacement = withLineEndingsOf(content, shapeTarget(level, target));
        const edited = content.slice(0, span.start) + replacement + content.slice(span.end);
        return { kind: 'edited', level, content: edited };
    }
    return { kind: 'not-found' };
}
/** Reads every `\r\n` as `\n`: the `text` that L2 to L4 search. */
function normaliseLineEndings(text) {
    // A global regex replace is about twice as fast as replaceAll in V8.
    return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}
/**
 * L3 matched the trimmed source, so the target is trimmed alike. L4 replaces
 * whole lines, so the target keeps its first line's indentation and drops
 * only surrounding blank lines and trailing whitespace.
 */
function shapeTarget(level, target) {
    if (level === 'trimmed')
        return target.trim();
    if (level === 'line by line')
        return target.replace(/^\s*\n/, '').trimEnd();
    return target;
}
/** The replacement takes the file's style: `\r\n` if it uses any, else `\n`. */
function withLineEndingsOf(content, target) {
    const normalised = normaliseLineEndings(target);
    return content.includes('\r\n')
        ? normalised.replaceAll('\n', '\r\n')
        : normalised;
}
/** End of the block of `wanted` lines starting at `lineStart`, or -1. */
function matchLinesAt(text, lineStart, wanted) {
    let start = lineStart;
    for (let j = 0; j < wanted.length; j++) {
        if (start > text.length)
            return -1;
        const newline = text.indexOf('\n', start);
        const end = newline === -1 ? text.length : newline;
        if (text.slice(start, end).trim() !== wanted[j])
            return -1;
        if (j === wanted.length - 1)
            return end;
        start = end + 1;
    }
    return -1;
}
/**
 * Maps a span of the normalised text back to the original, so the rest of
 * the file keeps its bytes (even with mixed line endings).
 */
function toOriginalSpan(original, match) {
    return {
        count: match.count,
        start: toOriginalOffset(original, match.start),
        end: toOriginalOffset(original, match.end),
    };
}
/** Every `\r` dropped before the offset shifts it by one. */
function toOriginalOffset(original, offset) {
    let removed = 0;
    let pair = original.indexOf('\r\n');
    // This pair's `\n` sits at `pair - removed` in the normalised text.
    while (pair !== -1 && pair - removed < offset) {
        removed++;
        pair = original.indexOf('\r\n', pair + 2);
    }
    return offset + removed;
}

;// CONCATENATED MODULE: ./src/tools/workspace-path.ts



// Kernel pseudo-filesystems: reading /proc/self/environ would hand the
// process's secrets to the model, and /dev holds devices that never end.
// Only reachable when the workspace is `/`, but then they must stay shut.
const OFF_LIMITS_ROOTS = ['/proc', '/sys', '/dev'];
/** The `path` argument of the file tools, as their schemas describe it. */
const PATH_PROPERTY = {
    type: 'string',
    description: 'File path relative to the workspace root.',
};
// A chain of dangling links longer than this is a loop (Linux allows 40).
const MAX_LINK_HOPS = 40;
/**
 * Resolves a model-supplied path against the workspace and returns its real
 * path. Throws a ToolError unless the path, after following every symbolic
 * link, is the workspace or inside it. `workdir` must be a real path.
 */
async function resolveWorkspacePath(workdir, inputPath) {
    const named = `Path ${JSON.stringify(inputPath)}`;
    // An empty path would silently mean the workspace root itself.
    if (inputPath === '') {
        throw new ToolError(`${named} is empty: give a file path inside the workspace, relative to its root.`);
    }
    // The OS cuts a path at NUL, so the checked and the opened path could differ.
    if (inputPath.includes('\0')) {
        throw new ToolError(`${named} contains a NUL byte: paths must stay inside the workspace and be plain text.`);
    }
    // Lexical check first: catches `..`, absolute paths and `/work-evil`.
    const joined = external_node_path_default().resolve(workdir, inputPath);
    if (!isInside(workdir, joined)) {
        throw new ToolError(`${named} is outside the workspace (${workdir}): paths must stay inside the workspace. Use a path relative to its root.`);
    }
    // Then the real path: a symbolic link inside may point anywhere.
    const real = await resolveRealPath(joined, inputPath);
    if (!isInside(workdir, real)) {
        throw new ToolError(`${named} leads through a symbolic link to ${real}, outside the workspace (${workdir}): paths must stay inside the workspace.`);
    }
    const root = OFF_LIMITS_ROOTS.find((off) => isInside(off, real));
    if (root) {
        throw new ToolError(`${named} resolves into ${root}, which is off limits: paths must stay inside the workspace and out of /proc, /sys and /dev.`);
    }
    return real;
}
/**
 * Refuses a resolved path inside a `.git` directory (the workspace's, or a
 * nested repository's): hooks and config there would run code or redirect
 * git behind the reviewer's back.
 */
function assertNotInGitDir(workdir, resolved) {
    const relative = external_node_path_default().relative(workdir, resolved);
    // Lower-cased because macOS and Windows file systems ignore case.
    const parts = relative.toLowerCase().split((external_node_path_default()).sep);
    if (parts.includes('.git')) {
        throw new ToolError(`Path ${JSON.stringify(relative)} is inside .git: writes into .git are not allowed. Change files of the working tree only.`);
    }
}
/** True when `target` is `root` itself or below it (never a sibling prefix). */
function isInside(root, target) {
    const relative = external_node_path_default().relative(root, target);
    return (relative === '' ||
        (relative !== '..' &&
            !relative.startsWith(`..${(external_node_path_default()).sep}`) &&
            !external_node_path_default().isAbsolute(relative)));
}
/**
 * fs.realpath for a path that may not exist yet (write_file creates it):
 * the real path of the nearest existing parent plus the missing rest. A
 * dangling symbolic link is followed to where a write would land.
 */
async function resolveRealPath(target, inputPath, hops = 0) {
    try {
        return await (0,promises_namespaceObject.realpath)(target);
    }
    catch (error) {
        const code = workspace_path_errorCode(error);
        if (code !== 'ENOENT' && code !== 'ENOTDIR') {
            throw unresolvable(inputPath, code);
        }
    }
    // Not a link (EINVAL) or not there at all: go on through the parent.
    const link = await (0,promises_namespaceObject.readlink)(target).catch(() => null);
    if (link !== null) {
        if (hops >= MAX_LINK_HOPS)
            throw unresolvable(inputPath, 'ELOOP');
        const next = external_node_path_default().resolve(external_node_path_default().dirname(target), link);
        return resolveRealPath(next, inputPath, hops + 1);
    }
    const parent = external_node_path_default().dirname(target);
    if (parent === target)
        return target;
    const realParent = await resolveRealPath(parent, inputPath, hops);
    return external_node_path_default().join(realParent, external_node_path_default().basename(target));
}
function workspace_path_errorCode(error) {
    return error.code ?? String(error);
}
function unresolvable(inputPath, code) {
    return new ToolError(`Path ${JSON.stringify(inputPath)} could not be resolved (${code}): paths must stay inside the workspace and lead to a real file.`);
}

;// CONCATENATED MODULE: ./src/tools/edit-file.ts







// A NUL byte in the first 8 KiB marks a binary file, as git decides.
const BINARY_PROBE_BYTES = 8192;
const DESCRIPTION = `Replaces one piece of text in an existing file of the workspace.

- path: relative to the workspace root. The file must exist (create files with write_file). Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- source_text: the text to replace, copied from the file as read_file showed it. It must occur exactly once. If it is not found verbatim, edit_file retries with \\r\\n read as \\n, then with whitespace around source_text ignored, then line by line with indentation ignored (the whole matched lines are replaced).
- target_text: the new text (empty to delete). The file keeps its line endings (\\r\\n stays \\r\\n) and its permissions.
- If source_text is not found: read the file again with read_file and copy the exact text. If it matches several places: include more surrounding lines to make it unique.
- Binary files are refused.`;
/** Checks the fields of an edit_file call. */
function parseEditFileInput(input) {
    const { path, source_text: sourceText, target_text: targetText } = input;
    if (typeof path !== 'string' || path === '') {
        throw new ToolError("edit_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    if (typeof sourceText !== 'string' || sourceText === '') {
        throw new ToolError("edit_file needs 'source_text': the non-empty text to replace, copied from the file. To create a file, use write_file.");
    }
    if (typeof targetText !== 'string') {
        throw new ToolError("edit_file needs 'target_text': a string with the new text (empty to delete source_text).");
    }
    if (sourceText === targetText) {
        throw new ToolError('source_text and target_text are the same, so nothing would change. Put the new text in target_text.');
    }
    return { path, sourceText, targetText };
}
const editFileTool = defineTool({
    name: 'edit_file',
    description: DESCRIPTION,
    inputSchema: {
        type: 'object',
        properties: {
            path: PATH_PROPERTY,
            source_text: {
                type: 'string',
                description: 'The text to replace; must occur exactly once.',
            },
            target_text: {
                type: 'string',
                description: 'The replacement text.',
            },
        },
        required: ['path', 'source_text', 'target_text'],
        additionalProperties: false,
    },
    example: '{"path": "src/a.ts", "source_text": "old line", "target_text": "new line"}',
    parse: parseEditFileInput,
    pathOf: (input) => input.path,
    async execute(input, context) {
        const resolved = await resolveWorkspacePath(context.workdir, input.path);
        assertNotInGitDir(context.workdir, resolved);
        const parent = await openParent(context.workdir, external_node_path_default().relative(context.workdir, resolved), { inputPath: input.path, create: false });
        if (parent === undefined)
            throw notFound(input.path);
        try {
            return await editInParent(parent, input);
        }
        finally {
            await parent.directory.close();
        }
    },
});
/** Reads, edits and atomically replaces the file inside its held directory. */
async function editInParent(parent, input) {
    const { content, mode } = await readTextFile(parent, input.path);
    const outcome = applyEdit(content, input.sourceText, input.targetText);
    if (outcome.kind === 'not-found') {
        throw new ToolError(`source_text was not found in ${input.path}, not even with whitespace and line endings ignored. Read the file again with read_file and copy the exact text to replace.`);
    }
    if (outcome.kind === 'ambiguous') {
        const count = outcome.count >= MATCH_COUNT_LIMIT
            ? `at least ${outcome.count}`
            : `${outcome.count}`;
        throw new ToolError(`source_text matches ${count} places in ${input.path} (${outcome.level} match); edit_file changes exactly one. Include more surrounding lines to make it unique.`);
    }
    await writeFileAtomicIn(parent.directory, parent.name, outcome.content, mode);
    return `成功修改文件: ${input.path}`;
}
function notFound(path) {
    return new ToolError(`File not found: ${path}. edit_file changes existing files only: check the path, or create the file with write_file.`);
}
/** The file as UTF-8 text and its mode; refuses what an edit would corrupt. */
async function readTextFile(parent, path) {
    const found = await openEntry(parent, path);
    if (found.kind === 'missing')
        throw notFound(path);
    if (found.kind !== 'file') {
        throw new ToolError(`${path} is not a regular file; edit_file edits files.`);
    }
    let bytes;
    try {
        bytes = await found.handle.readFile();
    }
    finally {
        await found.handle.close();
    }
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
        throw new ToolError(`${path} looks like a binary file (it contains NUL bytes); edit_file edits text only.`);
    }
    return { content: decodeUtf8(bytes, path), mode: found.mode };
}
/**
 * Strict decoding: a lenient one would turn invalid bytes into U+FFFD and
 * write them back, changing the file outside the edit. The BOM is kept.
 */
function decodeUtf8(bytes, path) {
    try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        throw new ToolError(`${path} is not valid UTF-8 text, so edit_file cannot change it safely. Use write_file to rewrite it, or bash (e.g. sed) to edit it.`);
    }
}

;// CONCATENATED MODULE: ./src/tools/read-file.ts




/** The design's maxReadLen: the most file bytes one call returns. */
const MAX_READ_BYTES = 4096;
// A NUL byte in the first 8 KiB marks a binary file, as git decides. The
// probe is larger than the cap, so it also serves a read from line 1.
const read_file_BINARY_PROBE_BYTES = 8192;
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
const read_file_DESCRIPTION = `Reads a text file in the workspace and returns its content exactly as stored (no line numbers added), so you can copy text from it into edit_file.

- path: relative to the workspace root. Paths outside the workspace, also through symbolic links, are refused.
- Output is capped at ${MAX_READ_BYTES} bytes and cut at a line boundary. A cut output ends with a note such as "[truncated: showed lines 1-87 of a larger file (${MAX_READ_BYTES}-byte cap); call read_file again with offset=88 to read on]": follow it to read the rest.
- offset: the 1-based line number to start at (default 1). limit: the most lines to return. Use them to read a large file in pieces.
- Directories and binary files are refused: list a directory or inspect a binary file with bash.`;
/** Checks the fields of a read_file call. */
function parseReadFileInput(input) {
    const { path, offset, limit } = input;
    if (typeof path !== 'string' || path === '') {
        throw new ToolError("read_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    return {
        path,
        offset: readPositiveInteger('offset', offset) ?? 1,
        limit: readPositiveInteger('limit', limit) ?? Number.POSITIVE_INFINITY,
    };
}
const readFileTool = defineTool({
    name: 'read_file',
    description: read_file_DESCRIPTION,
    inputSchema: {
        type: 'object',
        properties: {
            path: PATH_PROPERTY,
            offset: {
                type: 'integer',
                minimum: 1,
                description: '1-based line number to start reading at.',
            },
            limit: {
                type: 'integer',
                minimum: 1,
                description: 'Most lines to return.',
            },
        },
        required: ['path'],
        additionalProperties: false,
    },
    example: '{"path": "src/index.ts"}',
    parse: parseReadFileInput,
    pathOf: (input) => input.path,
    async execute(input, context) {
        const resolved = await resolveWorkspacePath(context.workdir, input.path);
        const handle = await openReadableFile(context.workdir, resolved, input.path);
        try {
            return await readWindow(handle, input);
        }
        finally {
            closeInBackground(handle);
        }
    },
});
/** The file held open, found without following links; refuses anything else. */
async function openReadableFile(workdir, resolved, path) {
    const found = await openExisting(workdir, resolved, path);
    if (found.kind === 'missing') {
        throw new ToolError(`File not found: ${path}. Check the path (relative to the workspace root), or list the directory with bash (ls).`);
    }
    if (found.kind === 'directory') {
        throw new ToolError(`${path} is a directory, not a file. List it with bash (ls ${path}), then read a file inside it.`);
    }
    // A FIFO or device would block or never end: it was never opened.
    if (found.kind === 'other') {
        throw new ToolError(`${path} is not a regular file; read_file reads files only.`);
    }
    return found.handle;
}
/** Reads the requested lines without ever holding more than a chunk and the window. */
async function readWindow(handle, input) {
    const probe = await readAt(handle, 0, read_file_BINARY_PROBE_BYTES);
    if (probe.includes(0)) {
        throw new ToolError(`${input.path} looks like a binary file (it contains NUL bytes); read_file shows text only. Inspect it with bash (e.g. file, xxd | head).`);
    }
    if (probe.length === 0)
        return `[empty file: ${input.path}]`;
    const start = await findLineStart(handle, input.offset);
    // One byte over the cap tells whether anything was cut (the design's +1).
    // From the first line (the usual call) the probe already holds it.
    const window = start === null
        ? null
        : start === 0
            ? probe.subarray(0, MAX_READ_BYTES + 1)
            : await readAt(handle, start, MAX_READ_BYTES + 1);
    if (window === null || window.length === 0) {
        throw new ToolError(`offset=${input.offset} is past the end of ${input.path}: the file has fewer lines. Call read_file without offset to read from the start.`);
    }
    return formatWindow(window, input);
}
/** Byte position where 1-based line `line` starts; null past the end. */
async function findLineStart(handle, line) {
    if (line === 1)
        return 0;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let newlines = 0;
    let position = 0;
    for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
        if (bytesRead === 0)
            return null;
        const bytes = chunk.subarray(0, bytesRead);
        let at = bytes.indexOf(NEWLINE);
        while (at !== -1) {
            newlines++;
            if (newlines === line - 1)
                return position + at + 1;
            at = bytes.indexOf(NEWLINE, at + 1);
        }
        position += bytesRead;
    }
}
/** Whole lines of the window that fit the cap and the limit, plus a note on what was left. */
function formatWindow(window, input) {
    const reachedEnd = window.length <= MAX_READ_BYTES;
    let end = 0;
    let lines = 0;
    while (lines < input.limit && end < window.length) {
        const newline = window.indexOf(NEWLINE, end);
        const lineEnd = newline === -1 ? (reachedEnd ? window.length : -1) : newline + 1;
        if (lineEnd === -1 || lineEnd > MAX_READ_BYTES)
            break;
        end = lineEnd;
        lines++;
    }
    if (lines === 0)
        return formatLongLine(window, input);
    const text = window.subarray(0, end).toString('utf8');
    if (end === window.length)
        return text;
    const first = input.offset;
    const last = first + lines - 1;
    const note = lines === input.limit
        ? `[showed lines ${first}-${last} (limit=${input.limit}); the file goes on: call read_file again with offset=${last + 1} to read on]`
        : `[truncated: showed lines ${first}-${last} of a larger file (${MAX_READ_BYTES}-byte cap); call read_file again with offset=${last + 1} to read on]`;
    return `${text}${text.endsWith('\n') ? '' : '\n'}${note}`;
}
/** A single line longer than the cap: show its head, cut on a character boundary. */
function formatLongLine(window, input) {
    let cut = MAX_READ_BYTES;
    // UTF-8 continuation bytes are 10xxxxxx; never split a character.
    while (cut > 0 && (window[cut] & 0xc0) === 0x80)
        cut--;
    const line = input.offset;
    const text = window.subarray(0, cut).toString('utf8');
    return `${text}\n[truncated: line ${line} is longer than the ${MAX_READ_BYTES}-byte cap; showed its first ${cut} bytes. See the rest with bash (e.g. sed -n '${line}p' ${input.path} | cut -b ${cut + 1}-${cut + MAX_READ_BYTES}), or call read_file with offset=${line + 1} for the next line]`;
}
async function readAt(handle, position, length) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
}
function readPositiveInteger(name, value) {
    // Models often send null for an optional argument they do not use.
    if (value === undefined || value === null)
        return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        throw new ToolError(`read_file: '${name}' must be a whole number of 1 or more, got ${JSON.stringify(value)}.`);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/tools/write-file.ts






const write_file_DESCRIPTION = `Creates a file in the workspace, or replaces an existing file's whole content.

- path: relative to the workspace root. Missing parent directories are created. Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- content: the complete new content of the file. There is no backup: read_file an existing file first if you need what is in it.
- The write is atomic (readers never see half a file) and an existing file keeps its permissions, so an executable script stays executable.
- To change part of an existing file, prefer edit_file: it sends only the changed text.`;
/** Checks the fields of a write_file call. */
function parseWriteFileInput(input) {
    const { path, content } = input;
    if (typeof path !== 'string' || path === '') {
        throw new ToolError("write_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    if (typeof content !== 'string') {
        throw new ToolError("write_file needs 'content': a string holding the complete file content (it may be empty).");
    }
    return { path, content };
}
const writeFileTool = defineTool({
    name: 'write_file',
    description: write_file_DESCRIPTION,
    inputSchema: {
        type: 'object',
        properties: {
            path: PATH_PROPERTY,
            content: {
                type: 'string',
                description: 'The complete content to write.',
            },
        },
        required: ['path', 'content'],
        additionalProperties: false,
    },
    example: '{"path": "notes.md", "content": "# Notes\\n"}',
    parse: parseWriteFileInput,
    pathOf: (input) => input.path,
    async execute(input, context) {
        const resolved = await resolveWorkspacePath(context.workdir, input.path);
        assertNotInGitDir(context.workdir, resolved);
        await writeInWorkspace(context.workdir, resolved, input);
        const bytes = Buffer.byteLength(input.content, 'utf8');
        return `成功将 ${bytes} 字节写入到文件: ${input.path}`;
    },
});
/**
 * mkdir -p with the design's 0755 (so the model need not create folders
 * first), then the atomic write, all inside directories held open from the
 * workspace down: a directory swapped for a link meanwhile is refused.
 */
async function writeInWorkspace(workdir, resolved, input) {
    const parent = await openParent(workdir, external_node_path_default().relative(workdir, resolved), {
        inputPath: input.path,
        create: true,
    });
    if (parent === undefined)
        throw new Error('unreachable: parents are created');
    try {
        const found = await openEntry(parent, input.path);
        if (found.kind === 'file')
            await found.handle.close();
        if (found.kind === 'directory') {
            throw new ToolError(`${input.path} is a directory; write_file needs a file path, e.g. ${input.path}/new-file.txt.`);
        }
        const mode = found.kind === 'file' ? found.mode : undefined;
        await writeFileAtomicIn(parent.directory, parent.name, input.content, mode);
    }
    finally {
        await parent.directory.close();
    }
}

;// CONCATENATED MODULE: ./src/tools/file-tool-worker.ts




/**
 * The file tools' helper process: started through the same command wrapper
 * as bash (so inside the sandbox, or as the sandbox's user), it runs
 * read_file, write_file and edit_file for the action. One JSON object per
 * line each way: `{id, tool, args, workdir}` in, `{id, output}` or
 * `{id, error}` out. A read that blocks can only block this process.
 */
const TOOLS = new Map([readFileTool, writeFileTool, editFileTool].map((tool) => [tool.name, tool]));
function parseRequest(line) {
    try {
        const value = JSON.parse(line);
        if (typeof value.id === 'number' &&
            typeof value.tool === 'string' &&
            typeof value.args === 'string' &&
            typeof value.workdir === 'string') {
            return value;
        }
    }
    catch {
        // Reported below: the host only sends whole, valid lines.
    }
    return undefined;
}
async function answer(request) {
    const tool = TOOLS.get(request.tool);
    if (!tool)
        return { id: request.id, error: `Unknown file tool '${request.tool}'.` };
    try {
        // The host checked these arguments already; this process parses its copy.
        const output = await tool.execute(tool.parseArguments(request.args), {
            workdir: request.workdir,
            env: {},
            signal: new AbortController().signal, // the host kills us instead
        });
        return { id: request.id, output };
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { id: request.id, error: message || 'The file tool failed.' };
    }
}
function main() {
    const lines = (0,external_node_readline_namespaceObject.createInterface)({ input: process.stdin, crlfDelay: Infinity });
    lines.on('line', (line) => {
        const request = parseRequest(line);
        if (!request) {
            process.stderr.write(`Unreadable request: ${line.slice(0, 200)}\n`);
            process.exit(2);
        }
        void answer(request).then((reply) => {
            process.stdout.write(`${JSON.stringify(reply)}\n`);
        });
    });
    // The host closes stdin when the run ends: nothing is left to do.
    lines.on('close', () => process.exit(0));
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
}
main();


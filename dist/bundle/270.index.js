export const id = 270;
export const ids = [270];
export const modules = {

/***/ 1862:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ii: () => (/* binding */ parseProtectedPaths),
/* harmony export */   hh: () => (/* binding */ splitProtected)
/* harmony export */ });
/* unused harmony export DEFAULT_PROTECTED_PATTERNS */
// Protected paths: changes the action leaves out of its commit, whoever made
// them. `.github/` as a whole (workflows, the composite actions they run,
// dependabot, CODEOWNERS) and the other places of CODEOWNERS are protected
// unless `allow-workflow-changes` is true: a change there runs code with the
// repository's secrets or changes who must review. The input
// `protected-paths` adds more.
//
// Patterns, kept small on purpose. Matched against paths relative to the top
// of the repository, case-sensitive, always anchored at the top:
// - `docs/config.yml` protects that file; `docs` or `docs/` protects the
//   directory and everything below it (a trailing `/` is allowed, not needed);
// - `*` matches within one path segment: `secrets/*.pem`;
// - `**` matches any number of whole segments, none included: `**/*.pem`
//   (any depth), `deploy/**`;
// - a leading `/` is ignored. No `?`, `[...]` or `!`.
// A change that puts a file or symbolic link where a parent directory of a
// protected pattern is (`.github` itself) is protected too.
const DEFAULT_PROTECTED_PATTERNS = [
    '.github/',
    'CODEOWNERS',
    'docs/CODEOWNERS',
];
/** Splits changed paths into the ones to commit and the protected ones. */
function splitProtected(files, patterns, allowWorkflowChanges) {
    const all = allowWorkflowChanges
        ? patterns
        : [...DEFAULT_PROTECTED_PATTERNS, ...patterns];
    const matchers = all.map(compilePattern);
    const split = { allowed: [], leftOut: [] };
    for (const file of files) {
        const isLeftOut = matchers.some((matches) => matches(file));
        (isLeftOut ? split.leftOut : split.allowed).push(file);
    }
    return split;
}
/**
 * Reads the `protected-paths` input: one pattern a line or comma-separated;
 * a line starting with `#` is a comment.
 */
function parseProtectedPaths(input) {
    return input
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
}
function compilePattern(pattern) {
    const normalized = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
    if (normalized === '')
        return () => false;
    const regex = new RegExp(`^${globToRegex(normalized)}$`);
    const literalParents = readLiteralParents(normalized);
    return (path) => listSelfAndAncestors(path).some((candidate) => regex.test(candidate)) ||
        literalParents.includes(path);
}
function globToRegex(glob) {
    let regex = '';
    let index = 0;
    while (index < glob.length) {
        const atSegmentStart = index === 0 || glob[index - 1] === '/';
        const rest = glob.slice(index);
        if (atSegmentStart && rest.startsWith('**/')) {
            regex += '(?:.*/)?';
            index += 3;
        }
        else if (atSegmentStart && rest === '**') {
            regex += '.*';
            index += 2;
        }
        else if (rest.startsWith('*')) {
            regex += '[^/]*';
            index += rest.startsWith('**') ? 2 : 1;
        }
        else {
            regex += glob[index].replace(/[.+?^${}()|[\]\\]/g, '\\$&');
            index += 1;
        }
    }
    return regex;
}
/** `a/b/c` -> `a/b/c`, `a/b`, `a`. */
function listSelfAndAncestors(path) {
    const segments = path.split('/');
    return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}
/** `.github/workflows` -> `.github`: parents named literally in the pattern. */
function readLiteralParents(pattern) {
    const segments = pattern.split('/');
    const parents = [];
    for (let index = 1; index < segments.length; index++) {
        if (segments[index - 1].includes('*'))
            break;
        parents.push(segments.slice(0, index).join('/'));
    }
    return parents;
}


/***/ }),

/***/ 7441:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LX: () => (/* binding */ createGitHubClient)
/* harmony export */ });
/* unused harmony exports GITHUB_REQUEST_TIMEOUT_MS, GITHUB_RETRIES */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6856);



/** A hung API call must not eat the run's time budget. */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
/** Retries of a 5xx or a network error (plugin-retry waits 1 s, 4 s, 9 s). */
const GITHUB_RETRIES = 3;
/** Rate-limit retries; each waits what GitHub's `retry-after` asks. */
const RATE_LIMIT_RETRIES = 2;
/**
 * Builds the Octokit for the action's REST calls, with Octokit's own retry
 * (5xx, network errors) and throttling (rate limits, `retry-after`) plugins.
 * Each request is bounded by the timeout and by what is left of the budget.
 * `@actions/github` parses `GITHUB_EVENT_PATH` when first imported, so it is
 * imported here, on first use, where a bad payload cannot crash the process
 * before `run()` starts.
 */
async function createGitHubClient(token, options) {
    const github = await __webpack_require__.e(/* import() */ 758).then(__webpack_require__.bind(__webpack_require__, 1758));
    const timeLeft = () => {
        const deadline = options.deadline?.();
        return deadline === undefined ? Infinity : deadline - Date.now();
    };
    const timeoutMs = options.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS;
    const retries = options.retries ?? GITHUB_RETRIES;
    // Plugins register their hooks in order and the first is innermost, so
    // this one runs for every attempt, inside the retry and throttling loops.
    const boundEachAttempt = (octokit) => {
        octokit.hook.before('request', (request) => {
            const left = timeLeft();
            if (left <= 0) {
                throw new Error('no time left in the budget for a GitHub request (budget-minutes)');
            }
            const retryCount = Number(request.request?.retryCount ?? 0);
            if (retryCount > 0) {
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Retrying GitHub request ${request.method} ${request.url} (retry ${retryCount} of ${retries})`);
            }
            request.request = {
                ...request.request,
                signal: AbortSignal.timeout(Math.min(timeoutMs, left)),
            };
        });
    };
    return github.getOctokit(token, {
        baseUrl: options.baseUrl,
        retry: {
            retries,
            retryAfterBaseValue: options.retryBaseMs ?? 1000,
        },
        throttle: {
            onRateLimit: (retryAfter, request, _octokit, count) => retryRateLimit('rate limit', retryAfter, request, count, timeLeft()),
            onSecondaryRateLimit: (retryAfter, request, _octokit, count) => retryRateLimit('secondary rate limit', retryAfter, request, count, timeLeft()),
        },
    }, boundEachAttempt, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__/* .throttling */ .A);
}
/** Retries a rate-limited request when the wait fits in the time left. */
function retryRateLimit(what, retryAfterSeconds, request, count, timeLeftMs) {
    const route = `${request.method ?? ''} ${request.url ?? ''}`.trim();
    const fits = retryAfterSeconds * 1000 < timeLeftMs;
    if (count < RATE_LIMIT_RETRIES && fits) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`GitHub ${what} on ${route}: retrying in ${retryAfterSeconds} s (retry ${count + 1} of ${RATE_LIMIT_RETRIES})`);
        return true;
    }
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`GitHub ${what} on ${route}: not retrying (${fits ? 'retries used up' : `the ${retryAfterSeconds} s wait does not fit in the time left`}).`);
    return false;
}


/***/ }),

/***/ 6658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gz: () => (/* binding */ toGitHubRequestError),
/* harmony export */   vK: () => (/* binding */ GitHubRequestError)
/* harmony export */ });
/* unused harmony export scrubTokens */
/* harmony import */ var _json_fields_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1892);
/* harmony import */ var _util_error_message_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6568);


// Token shapes GitHub issues; a message is scrubbed of them before it is shown.
const TOKEN_PATTERN = /\b(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{20,})\b|\b(?:token|bearer)\s+[A-Za-z0-9_.\-]{16,}/gi;
/** A failed GitHub REST call, with a sentence naming what failed. */
class GitHubRequestError extends Error {
    /** HTTP status, when GitHub answered at all. */
    status;
    constructor(message, status) {
        super(message);
        this.name = 'GitHubRequestError';
        this.status = status;
    }
}
/**
 * Turns whatever Octokit threw into a GitHubRequestError:
 * "Could not <what>: GitHub answered HTTP 403 (Resource not accessible)."
 * The original error is not kept as `cause`, so no request detail can leak.
 */
function toGitHubRequestError(what, error) {
    const status = readStatus(error);
    const apiMessage = readApiMessage(error);
    if (status !== undefined && apiMessage !== undefined) {
        return new GitHubRequestError(scrubTokens(`Could not ${what}: GitHub answered HTTP ${status} (${apiMessage}).`), status);
    }
    if (causeNames(error).some((name) => /^(Timeout|Abort)Error$/.test(name))) {
        return new GitHubRequestError(`Could not ${what}: the request timed out.`, undefined);
    }
    const detail = (0,_util_error_message_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .g)(error);
    const code = readCauseCode(error);
    const withCode = code && !detail.includes(code) ? `${detail} (${code})` : detail;
    return new GitHubRequestError(scrubTokens(`Could not ${what}: ${describeDetail(withCode)}.`), undefined);
}
/**
 * "fetch failed" says little: the system error code (ECONNREFUSED, …) sits in
 * the causes.
 */
function readCauseCode(error) {
    let current = error;
    for (let depth = 0; depth < 5 && (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(current); depth++) {
        const code = (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(current, 'code');
        if (code)
            return code;
        const nested = Array.isArray(current.errors) ? current.errors[0] : undefined;
        current = (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(current.cause) ? current.cause : nested;
    }
    return undefined;
}
function describeDetail(detail) {
    return (detail.trim().replace(/\.$/, '') || 'the request failed with no message');
}
/**
 * Names along the `cause` chain; a timeout may come from another realm, so no
 * instanceof.
 */
function causeNames(error) {
    const names = [];
    let current = error;
    for (let depth = 0; depth < 5 && (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(current); depth++) {
        const name = (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(current, 'name');
        if (name)
            names.push(name);
        current = current.cause;
    }
    return names;
}
/**
 * Octokit's RequestError carries `status` and `response`; a network error has
 * no response.
 */
function readStatus(error) {
    if (!(0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(error) || !(0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(error.response))
        return undefined;
    const status = error.status;
    return typeof status === 'number' ? status : undefined;
}
function readApiMessage(error) {
    if (!(0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(error) || !(0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(error.response))
        return undefined;
    const data = error.response.data;
    const message = (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(data, 'message');
    if (message)
        return [message, ...readErrorDetails(data)].join(': ');
    if (typeof data === 'string' && data.trim())
        return data.trim().slice(0, 200);
    return 'no message';
}
/**
 * "Validation Failed" alone says little; GitHub puts the reason in `errors`.
 */
function readErrorDetails(data) {
    if (!(0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .isJsonObject */ .OW)(data) || !Array.isArray(data.errors))
        return [];
    return data.errors.flatMap((item) => {
        const message = (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(item, 'message');
        return message ? [message] : [];
    });
}
/** Replaces anything shaped like a GitHub token with `***`. */
function scrubTokens(text) {
    return text.replace(TOKEN_PATTERN, '***');
}


/***/ }),

/***/ 1892:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ readObject),
/* harmony export */   E3: () => (/* binding */ readString),
/* harmony export */   OW: () => (/* binding */ isJsonObject),
/* harmony export */   kz: () => (/* binding */ readNumber)
/* harmony export */ });
/**
 * Small guards for JSON from GitHub (event payloads, REST answers): read a
 * field of an `unknown` value without trusting its shape.
 */
function isJsonObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The object at `key`, or undefined when it is missing or not an object. */
function readObject(value, key) {
    if (!isJsonObject(value))
        return undefined;
    const field = value[key];
    return isJsonObject(field) ? field : undefined;
}
/** The string at `key`, or undefined when it is missing or not a string. */
function readString(value, key) {
    if (!isJsonObject(value))
        return undefined;
    const field = value[key];
    return typeof field === 'string' ? field : undefined;
}
/** The finite number at `key`, or undefined. */
function readNumber(value, key) {
    if (!isJsonObject(value))
        return undefined;
    const field = value[key];
    return typeof field === 'number' && Number.isFinite(field) ? field : undefined;
}


/***/ }),

/***/ 2897:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ createGitHubWriter)
/* harmony export */ });
/* harmony import */ var _github_request_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6658);
/* harmony import */ var _json_fields_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1892);


/** Binds the writes to one repository. */
function createGitHubWriter(client, repo) {
    const name = `${repo.owner}/${repo.repo}`;
    return {
        async addReaction(commentId, kind, content = 'eyes') {
            await call(`add a reaction to comment ${commentId} in ${name}`, () => kind === 'issue_comment'
                ? client.rest.reactions.createForIssueComment({
                    ...repo,
                    comment_id: commentId,
                    content,
                })
                : client.rest.reactions.createForPullRequestReviewComment({
                    ...repo,
                    comment_id: commentId,
                    content,
                }));
        },
        async postStatusComment(issueNumber, body) {
            const what = `post a comment on #${issueNumber} in ${name}`;
            const data = await call(what, () => client.rest.issues.createComment({
                ...repo,
                issue_number: issueNumber,
                body,
            }));
            return expectField(what, 'id', (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readNumber */ .kz)(data, 'id'));
        },
        async updateStatusComment(commentId, body) {
            await call(`update comment ${commentId} in ${name}`, () => client.rest.issues.updateComment({
                ...repo,
                comment_id: commentId,
                body,
            }));
        },
        async openPullRequest(request) {
            const what = `open a pull request from ${request.head} into ${request.base} in ${name}`;
            const data = await call(what, () => client.rest.pulls.create({ ...repo, ...request }));
            return expectField(what, 'html_url', (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(data, 'html_url'));
        },
        async getDefaultBranch() {
            const what = `read the default branch of ${name}`;
            const data = await call(what, () => client.rest.repos.get({ ...repo }));
            return expectField(what, 'default_branch', (0,_json_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .readString */ .E3)(data, 'default_branch'));
        },
        async removeLabel(issueNumber, label) {
            await call(`remove the label '${label}' from #${issueNumber} in ${name}`, () => client.rest.issues.removeLabel({
                ...repo,
                issue_number: issueNumber,
                name: label,
            }));
        },
    };
}
/** Runs one REST call; its answer is `unknown` until a guard reads it. */
async function call(what, send) {
    try {
        const response = await send();
        return response.data;
    }
    catch (error) {
        throw (0,_github_request_error_js__WEBPACK_IMPORTED_MODULE_0__/* .toGitHubRequestError */ .Gz)(what, error);
    }
}
function expectField(what, field, value) {
    if (value === undefined) {
        throw (0,_github_request_error_js__WEBPACK_IMPORTED_MODULE_0__/* .toGitHubRequestError */ .Gz)(what, new Error(`GitHub's answer has no '${field}'`));
    }
    return value;
}


/***/ }),

/***/ 1729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JE: () => (/* binding */ missingKeyMessage),
/* harmony export */   TL: () => (/* binding */ parseInputs),
/* harmony export */   dz: () => (/* binding */ InputError)
/* harmony export */ });
/* harmony import */ var _engine_context_window_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7874);
/* harmony import */ var _engine_pricing_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7492);
/* harmony import */ var _providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9880);
/* harmony import */ var _providers_reasoning_level_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5417);
/* harmony import */ var _util_error_message_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6568);
/* harmony import */ var _git_protected_paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1862);
/**
 * The action's inputs, read and checked in one place. Every mistake a
 * workflow author can make becomes one sentence naming the input to fix.
 */






/** A mistake in the workflow file: its message is shown as the step's failure. */
class InputError extends Error {
    constructor(message) {
        super(message);
        this.name = 'InputError';
    }
}
/** Reads every input through `getInput` (trimmed text, '' when unset). */
function parseInputs(getInput, env) {
    const read = (name) => getInput(name).trim();
    const provider = chooseProvider(read('provider'), read('api-key'), env);
    const model = read('model') || (0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .providerRow */ .iy)(provider).defaultModel;
    const price = modelPrice(read('pricing'), model);
    const maxCostUsd = read('max-cost')
        ? positiveNumber(read, 'max-cost', 0)
        : undefined;
    if (maxCostUsd !== undefined && !price) {
        throw new InputError(`Input 'max-cost' needs the price of model '${model}', which harness9 does not know: set the input 'pricing' (for example pricing: input=3,output=15).`);
    }
    const apiKey = read('api-key') || env[(0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .providerRow */ .iy)(provider).keyVariable]?.trim() || '';
    const baseUrl = read('base-url') || undefined;
    const fallback = parseFallback(read, env, { provider, apiKey, baseUrl });
    if (fallback && maxCostUsd !== undefined && !fallback.price) {
        throw new InputError(`Input 'max-cost' needs the price of the fallback model '${fallback.model}', which harness9 does not know: ` +
            `the input 'pricing' applies to the primary model only, so pick a fallback-model from the built-in price table or drop max-cost.`);
    }
    return {
        task: read('task'),
        triggerPhrase: read('trigger-phrase') || '/agent',
        labelTrigger: read('label-trigger'),
        assigneeTrigger: read('assignee-trigger').replace(/^@/, ''),
        fixCiAttempts: read('fix-ci-attempts') === '0'
            ? 0
            : positiveInteger(read, 'fix-ci-attempts', 2),
        provider,
        model: read('model') || undefined,
        apiKey,
        baseUrl,
        maxTurns: positiveInteger(read, 'max-turns', 30),
        maxTokens: read('max-tokens')
            ? positiveInteger(read, 'max-tokens', 0)
            : undefined,
        maxCostUsd,
        price,
        fallback,
        contextWindow: read('context-window')
            ? positiveInteger(read, 'context-window', 0)
            : (0,_engine_context_window_js__WEBPACK_IMPORTED_MODULE_0__/* .contextWindowOf */ .D5)(model),
        budgetMinutes: positiveNumber(read, 'budget-minutes', 30),
        toolTimeoutSeconds: positiveNumber(read, 'tool-timeout', 120),
        maxParallelTools: positiveInteger(read, 'max-parallel-tools', 8),
        maxProcesses: positiveInteger(read, 'max-processes', 256),
        maxMemoryMb: positiveInteger(read, 'max-memory-mb', 2048),
        maxFileSizeMb: positiveInteger(read, 'max-file-size-mb', 1024),
        thinking: boolean(read, 'thinking', false),
        reasoning: oneOf(read, 'reasoning', _providers_reasoning_level_js__WEBPACK_IMPORTED_MODULE_3__/* .REASONING_LEVELS */ .Jt, 'off'),
        stream: boolean(read, 'stream', true),
        logLanguage: oneOf(read, 'log-language', ['zh', 'en'], 'zh'),
        instructions: getInput('instructions').trim(),
        commit: boolean(read, 'commit', false),
        pullRequest: boolean(read, 'pull-request', false),
        branchPrefix: read('branch-prefix') || 'harness9/',
        githubToken: read('github-token'),
        allowedBots: list(read('allowed-bots')),
        sandbox: oneOf(read, 'sandbox', ['auto', 'bwrap', 'none'], 'auto'),
        network: boolean(read, 'network', true),
        protectedPaths: (0,_git_protected_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .parseProtectedPaths */ .Ii)(getInput('protected-paths')),
        allowWorkflowChanges: boolean(read, 'allow-workflow-changes', false),
        uploadArtifacts: boolean(read, 'upload-artifacts', true),
        modelIdleTimeoutSeconds: positiveNumber(read, 'model-idle-timeout', 120),
        mode: oneOf(read, 'mode', ['task', 'review'], 'task'),
        reviewFailOn: oneOf(read, 'review-fail-on', ['never', 'critical', 'major', 'minor', 'nit'], 'never'),
        reviewMaxLines: positiveInteger(read, 'review-max-lines', 3000),
        checkRun: boolean(read, 'check-run', false),
        reviewerLogin: read('reviewer-login'),
    };
}
/** The built-in price of `model`, with the `pricing` input's rates on top. */
function modelPrice(pricing, model) {
    try {
        return (0,_engine_pricing_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveModelPrice */ .zv)(model, pricing);
    }
    catch (error) {
        throw new InputError(`Input 'pricing' is not valid: ${(0,_util_error_message_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error)}.`);
    }
}
/**
 * The fallback, when `fallback-model` is set. Its provider defaults to the
 * primary's; on the same provider it shares the primary's key and
 * endpoint unless told otherwise, on another it reads that one's variable.
 */
function parseFallback(read, env, primary) {
    const model = read('fallback-model');
    const named = read('fallback-provider');
    if (!model) {
        if (named || read('fallback-api-key') || read('fallback-base-url')) {
            throw new InputError(`Inputs 'fallback-provider', 'fallback-api-key' and 'fallback-base-url' need 'fallback-model'.`);
        }
        return undefined;
    }
    if (named && !(0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .isProviderName */ .X2)(named)) {
        throw new InputError(`Input 'fallback-provider' must be ${QUOTED_PROVIDER_NAMES}, got '${named}'.`);
    }
    const provider = (0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .isProviderName */ .X2)(named) ? named : primary.provider;
    const same = provider === primary.provider;
    return {
        provider,
        model,
        apiKey: read('fallback-api-key') ||
            (same
                ? primary.apiKey
                : env[(0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .providerRow */ .iy)(provider).keyVariable]?.trim() || ''),
        baseUrl: read('fallback-base-url') || (same ? primary.baseUrl : undefined),
        price: (0,_engine_pricing_js__WEBPACK_IMPORTED_MODULE_1__/* .findModelPrice */ .a)(model),
    };
}
const QUOTED_PROVIDER_NAMES = (0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .listProviders */ .R0)((row) => `'${row.name}'`);
/**
 * The provider input wins; else the one whose key prefix the `api-key`
 * has; else the first whose environment variable is set; else the first.
 */
function chooseProvider(named, apiKey, env) {
    if ((0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .isProviderName */ .X2)(named))
        return named;
    if (named) {
        throw new InputError(`Input 'provider' must be ${QUOTED_PROVIDER_NAMES}, got '${named}'.`);
    }
    const [first] = _providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .PROVIDER_TABLE */ .V$;
    if (apiKey) {
        const owner = _providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .PROVIDER_TABLE */ .V$.find((row) => row.keyPrefix !== undefined && apiKey.startsWith(row.keyPrefix));
        return (owner ?? first).name;
    }
    return (0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .findConfiguredProvider */ .D4)(env) ?? first.name;
}
/** The one sentence for a missing key, naming the input and the secret. */
function missingKeyMessage(provider) {
    const variable = (0,_providers_create_provider_js__WEBPACK_IMPORTED_MODULE_2__/* .providerRow */ .iy)(provider).keyVariable;
    return (`No API key for ${provider}: set the input 'api-key' ` +
        `(for example api-key: \${{ secrets.${variable} }}) ` +
        `or the ${variable} environment variable.`);
}
function positiveInteger(read, name, fallback) {
    const raw = read(name);
    if (raw === '')
        return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) {
        throw new InputError(`Input '${name}' must be a positive integer, got '${raw}'.`);
    }
    return Number(raw);
}
function positiveNumber(read, name, fallback) {
    const raw = read(name);
    if (raw === '')
        return fallback;
    const value = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || !(value > 0)) {
        throw new InputError(`Input '${name}' must be a positive number, got '${raw}'.`);
    }
    return value;
}
// The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
const TRUE_WORDS = ['true', 'True', 'TRUE'];
const FALSE_WORDS = ['false', 'False', 'FALSE'];
function boolean(read, name, fallback) {
    const raw = read(name);
    if (raw === '')
        return fallback;
    if (TRUE_WORDS.includes(raw))
        return true;
    if (FALSE_WORDS.includes(raw))
        return false;
    throw new InputError(`Input '${name}' must be true or false, got '${raw}'.`);
}
function oneOf(read, name, allowed, fallback) {
    const raw = read(name);
    if (raw === '')
        return fallback;
    if (allowed.includes(raw))
        return raw;
    const choices = allowed.map((choice) => `'${choice}'`).join(' or ');
    throw new InputError(`Input '${name}' must be ${choices}, got '${raw}'.`);
}
/** Comma- or newline-separated values. */
function list(raw) {
    return raw
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
}


/***/ }),

/***/ 626:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cj: () => (/* binding */ readPostState),
/* harmony export */   nH: () => (/* binding */ saveReplyState),
/* harmony export */   sE: () => (/* binding */ savePublished)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);

const PUBLISHED = 'harness9-published';
const REPLY = 'harness9-reply';
function saveReplyState(reply) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(REPLY, JSON.stringify(reply));
}
function savePublished() {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(PUBLISHED, 'true');
}
/** The state the main step left (`STATE_*` variables in the post step). */
function readPostState() {
    return {
        published: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(PUBLISHED) === 'true',
        reply: parseReply(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu(REPLY)),
    };
}
function parseReply(raw) {
    if (!raw)
        return undefined;
    try {
        const value = JSON.parse(raw);
        if (typeof value !== 'object' || value === null)
            return undefined;
        const commentId = Reflect.get(value, 'commentId');
        const issueNumber = Reflect.get(value, 'issueNumber');
        const runUrl = Reflect.get(value, 'runUrl');
        if (typeof commentId !== 'number' || typeof issueNumber !== 'number')
            return undefined;
        return {
            commentId,
            issueNumber,
            ...(typeof runUrl === 'string' ? { runUrl } : {}),
        };
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`The main step's saved state is unreadable: ${String(error)}`);
        return undefined;
    }
}


/***/ }),

/***/ 7453:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ readGitHubEnvironment)
/* harmony export */ });
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1729);

function readGitHubEnvironment(env) {
    const workspace = env.GITHUB_WORKSPACE;
    if (!workspace) {
        throw new _inputs_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('GITHUB_WORKSPACE is not set: run the action in a job after actions/checkout.');
    }
    const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com';
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const repository = owner && repo ? { owner, repo } : undefined;
    const runId = env.GITHUB_RUN_ID || '0';
    return {
        workspace,
        eventName: env.GITHUB_EVENT_NAME ?? '',
        eventPath: env.GITHUB_EVENT_PATH ?? '',
        repository,
        serverUrl,
        apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
        runId,
        runAttempt: env.GITHUB_RUN_ATTEMPT || '1',
        runUrl: repository
            ? `${serverUrl}/${repository.owner}/${repository.repo}/actions/runs/${runId}`
            : undefined,
        runnerTemp: env.RUNNER_TEMP,
    };
}


/***/ })

};

//# sourceMappingURL=270.index.js.map
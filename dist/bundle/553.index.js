export const id = 553;
export const ids = [553];
export const modules = {

/***/ 7718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var _github_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7441);
/* harmony import */ var _github_writer_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2897);
/* harmony import */ var _request_github_environment_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7453);
/* harmony import */ var _post_state_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(626);
/* harmony import */ var _util_error_message_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6568);






/** The post step's GitHub calls, retries included, end within this. */
const POST_BUDGET_MS = 60_000;
const REASON = 'The step ended before it could report: it was killed, ran past its timeout or crashed. ' +
    'The agent may have pushed work before it stopped; the step log says how far it got.';
/**
 * The `post:` step (`post-if: always()`). When the main step published its
 * outcome it does nothing; else it ends the "Working on it…" reply and
 * writes a summary, so the thread is never left waiting.
 */
async function runPost() {
    const state = (0,_post_state_js__WEBPACK_IMPORTED_MODULE_4__/* .readPostState */ .cj)();
    if (state.published) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq('The main step published its outcome; nothing to finish.');
        return;
    }
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(REASON);
    const token = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('github-token');
    if (token)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq(token);
    const runUrl = state.reply?.runUrl;
    if (process.env.GITHUB_STEP_SUMMARY) {
        await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z
            .addRaw(renderAbandoned('##', runUrl))
            .write({ overwrite: false });
    }
    if (!state.reply)
        return;
    const github = (0,_request_github_environment_js__WEBPACK_IMPORTED_MODULE_3__/* .readGitHubEnvironment */ .P)(process.env);
    if (!github.repository)
        return;
    const deadline = Date.now() + POST_BUDGET_MS;
    const client = await (0,_github_client_js__WEBPACK_IMPORTED_MODULE_1__/* .createGitHubClient */ .LX)(token, {
        baseUrl: github.apiUrl,
        deadline: () => deadline,
    });
    const replies = (0,_github_writer_js__WEBPACK_IMPORTED_MODULE_2__/* .createGitHubWriter */ .H)(client, github.repository);
    const body = renderAbandoned('###', runUrl);
    try {
        await replies.updateStatusComment(state.reply.commentId, body);
        return;
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`Could not update the status comment, posting a new one: ${(0,_util_error_message_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error)}`);
    }
    try {
        await replies.postStatusComment(state.reply.issueNumber, body);
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`Could not post the outcome on the thread: ${(0,_util_error_message_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error)}`);
    }
}
function renderAbandoned(heading, runUrl) {
    const link = runUrl ? `\n\n[View the run](${runUrl})` : '';
    return `${heading} ❌ Stopped without a report\n\n${REASON}${link}\n`;
}


/***/ }),

/***/ 7977:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PX: () => (/* binding */ limitAhead),
/* harmony export */   _M: () => (/* binding */ handoverPrompt),
/* harmony export */   ae: () => (/* binding */ endsWithHandover),
/* harmony export */   bP: () => (/* binding */ estimateTokens),
/* harmony export */   jG: () => (/* binding */ budgetNoteMessage),
/* harmony export */   wD: () => (/* binding */ renderBudgetNote),
/* harmony export */   yr: () => (/* binding */ HANDOVER_MIN_MS)
/* harmony export */ });
/* unused harmony export spentCost */
/* harmony import */ var _pricing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7492);

/** A rough token count of text: about four bytes a token for code and prose. */
function estimateTokens(bytes) {
    return Math.ceil(bytes / 4);
}
/** USD spent so far; undefined when the model's price is unknown. */
function spentCost(spent, price) {
    if (!price)
        return undefined;
    return spent.costUsd ?? (0,_pricing_js__WEBPACK_IMPORTED_MODULE_0__/* .costOf */ .ho)(spent.usage, price);
}
/**
 * The next call's usage if it is like the last one: the same history plus
 * what was added since, and as many output tokens.
 */
function estimateNextCall(spent) {
    if (!spent.lastCall)
        return undefined;
    const input = spent.lastCall.inputTokens +
        spent.lastCall.outputTokens +
        estimateTokens(spent.addedBytes);
    return {
        // The previous prompt is the cached prefix of the next one.
        inputTokens: input,
        cachedInputTokens: Math.min(input, spent.lastCall.inputTokens),
        outputTokens: spent.lastCall.outputTokens,
    };
}
/**
 * The token or cost limit that the next model call would cross, judged by
 * the last call: stopping before it leaves room for a handover instead of a
 * run cut off mid-way.
 */
function limitAhead(limits, spent) {
    const tokens = spent.usage.inputTokens + spent.usage.outputTokens;
    if (limits.maxTotalTokens !== undefined && tokens >= limits.maxTotalTokens)
        return 'token_limit';
    const cost = spentCost(spent, limits.price);
    if (limits.maxCostUsd !== undefined &&
        cost !== undefined &&
        cost >= limits.maxCostUsd)
        return 'cost_limit';
    const next = estimateNextCall(spent);
    if (!next)
        return undefined;
    if (limits.maxTotalTokens !== undefined &&
        tokens + next.inputTokens + next.outputTokens > limits.maxTotalTokens)
        return 'token_limit';
    if (limits.maxCostUsd !== undefined &&
        limits.price &&
        cost !== undefined &&
        cost + (0,_pricing_js__WEBPACK_IMPORTED_MODULE_0__/* .costOf */ .ho)(next, limits.price) > limits.maxCostUsd)
        return 'cost_limit';
    return undefined;
}
/**
 * The short note sent after the newest message of each request (never kept
 * in the history, so the cached prefix does not change): what is left.
 */
function renderBudgetNote(limits, spent, now) {
    const parts = [`turn ${spent.turns} of ${limits.maxTurns}`];
    if (limits.deadline !== undefined)
        parts.push(`${formatMinutes(limits.deadline - now)} left`);
    if (limits.maxTotalTokens !== undefined) {
        const left = limits.maxTotalTokens - spent.usage.inputTokens - spent.usage.outputTokens;
        parts.push(`${Math.max(0, left).toLocaleString('en-US')} tokens left`);
    }
    const cost = spentCost(spent, limits.price);
    if (limits.maxCostUsd !== undefined && cost !== undefined)
        parts.push(`$${Math.max(0, limits.maxCostUsd - cost).toFixed(2)} left`);
    return `[budget: ${parts.join(', ')}. Finish within it; if you cannot, leave the work in a state someone can continue.]`;
}
function formatMinutes(ms) {
    const seconds = Math.max(0, Math.round(ms / 1000));
    if (seconds < 120)
        return `${seconds} s`;
    return `${Math.floor(seconds / 60)} min`;
}
/** The note as the transient message the engine appends to one request. */
function budgetNoteMessage(text) {
    return { role: 'user', content: text, transient: true };
}
const LIMIT_WORDS = {
    max_turns: 'the turn limit',
    token_limit: 'the token budget',
    cost_limit: 'the cost budget',
    deadline: 'the time budget',
};
/** True for the stops that end with a handover call. */
/**
 * Less time than this left for the handover, and none is asked for: a
 * model rarely answers sooner, and a cut-off handover says less than none.
 */
const HANDOVER_MIN_MS = 5_000;
function endsWithHandover(reason) {
    return reason in LIMIT_WORDS;
}
/** The last request of a run a limit stopped: no tools, a handover asked for. */
function handoverPrompt(reason) {
    return (`The run has reached ${LIMIT_WORDS[reason] ?? 'a limit'} and stops now: no more tool calls. ` +
        'Write a handover for the person who will continue: what you did (files changed, commands run and their results), ' +
        'what is left to do, and exactly how to continue. Be brief and concrete.');
}


/***/ }),

/***/ 7874:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D5: () => (/* binding */ contextWindowOf),
/* harmony export */   NC: () => (/* binding */ replaceWithSummary),
/* harmony export */   RC: () => (/* binding */ summaryCut),
/* harmony export */   Yt: () => (/* binding */ elideToolResults),
/* harmony export */   hq: () => (/* binding */ CONTEXT_TRIM_SHARE),
/* harmony export */   jA: () => (/* binding */ estimateHistoryTokens),
/* harmony export */   uR: () => (/* binding */ SUMMARY_PROMPT)
/* harmony export */ });
/* unused harmony exports DEFAULT_CONTEXT_WINDOW, firstConversationIndex */
/* harmony import */ var _budget_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7977);

/**
 * Context windows (input tokens) of the models people run, by name prefix;
 * longest prefix wins. A model not here gets DEFAULT_CONTEXT_WINDOW: the
 * smallest window in common use, so an unknown model is trimmed early rather
 * than failed with a 400 "maximum context length".
 */
const KNOWN_CONTEXT_WINDOWS = [
    ['gpt-5', 400_000],
    ['gpt-4.1', 1_047_576],
    ['gpt-4o', 128_000],
    ['o3', 200_000],
    ['o4-mini', 200_000],
    ['claude-', 200_000],
    ['deepseek-', 128_000],
    ['grok-4', 256_000],
    ['gemini-', 1_048_576],
    ['mistral-large', 128_000],
];
const DEFAULT_CONTEXT_WINDOW = 128_000;
/** Above this share of the window, the history is trimmed before the call. */
const CONTEXT_TRIM_SHARE = 0.8;
function contextWindowOf(model) {
    let best;
    for (const entry of KNOWN_CONTEXT_WINDOWS) {
        if (model.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? 0))
            best = entry;
    }
    return best?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}
/** Estimated tokens of a whole history, from its size. */
function estimateHistoryTokens(messages) {
    let bytes = 0;
    for (const message of messages)
        bytes += messageBytes(message);
    return (0,_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .estimateTokens */ .bP)(bytes);
}
/**
 * Messages are never changed once in the history (trimming replaces them),
 * so each is measured once: the per-turn check costs a lookup per message,
 * not a pass over every byte of the history.
 */
const measured = new WeakMap();
function messageBytes(message) {
    let bytes = measured.get(message);
    if (bytes === undefined) {
        bytes = Buffer.byteLength(message.content);
        for (const call of message.toolCalls ?? []) {
            bytes += Buffer.byteLength(call.name) + Buffer.byteLength(call.arguments);
        }
        measured.set(message, bytes);
    }
    return bytes;
}
/**
 * Replaces older tool results by short stubs, oldest first, until the
 * history fits `targetTokens`, so the newest turns stay whole as far as they
 * fit; the results of the last turn (not yet seen by the model) always stay.
 * Calls and answers stay, so the model knows what it did and can re-run it.
 */
function elideToolResults(messages, targetTokens) {
    const calls = new Map();
    for (const message of messages) {
        for (const call of message.toolCalls ?? [])
            calls.set(call.id, call);
    }
    const lastCall = messages.findLastIndex((message) => message.role === 'assistant');
    const candidates = messages
        .map((message, index) => ({ message, index }))
        .filter(({ message, index }) => message.toolCallId !== undefined && index < lastCall);
    const out = [...messages];
    let tokens = estimateHistoryTokens(messages);
    let elided = 0;
    let bytesSaved = 0;
    for (const { message, index } of candidates) {
        if (tokens <= targetTokens)
            break;
        if (isStub(message.content))
            continue;
        const stub = stubOf(message, calls.get(message.toolCallId ?? ''));
        const saved = Buffer.byteLength(message.content) - Buffer.byteLength(stub);
        if (saved <= 0)
            continue;
        out[index] = { ...message, content: stub };
        tokens -= (0,_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .estimateTokens */ .bP)(saved);
        bytesSaved += saved;
        elided += 1;
    }
    return { messages: out, elided, bytesSaved };
}
const STUB_START = '[elided to keep the context small: ';
function isStub(content) {
    return content.startsWith(STUB_START);
}
function stubOf(result, call) {
    const what = call
        ? `${call.name} ${truncate(call.arguments, 200)}`
        : 'a tool call';
    const size = Buffer.byteLength(result.content).toLocaleString('en-US');
    return `${STUB_START}the ${result.isError ? 'error' : 'output'} of ${what}, ${size} bytes. Run it again if you need it.]`;
}
function truncate(text, max) {
    return text.length <= max ? text : `${text.slice(0, max)}…`;
}
/**
 * Where the history can be cut for a summary: the start of the newest
 * `keep` messages, moved back to an assistant message so that no tool
 * result loses its call. Undefined when nothing older than the task can go.
 */
function summaryCut(messages, keep) {
    const first = firstConversationIndex(messages);
    let cut = Math.max(first + 1, messages.length - keep);
    while (cut > first && messages[cut]?.role !== 'assistant')
        cut -= 1;
    return cut > first + 1 ? cut : undefined;
}
/** The index of the task: the first user message after the system prompt. */
function firstConversationIndex(messages) {
    const index = messages.findIndex((message) => message.role === 'user');
    return index === -1 ? 0 : index;
}
const SUMMARY_PROMPT = 'The conversation is getting too long for the context window. Summarise everything so far for yourself, to continue the task from the summary alone: ' +
    'the task, what you found (files, facts, commands and their results), what you changed, what is left, and anything you must not forget. ' +
    'Be concrete and complete but brief; no tool calls.';
/**
 * The history with messages between the task and `cut` replaced by the
 * summary, appended to the task's message so that roles still alternate.
 */
function replaceWithSummary(messages, cut, summary) {
    const task = firstConversationIndex(messages);
    const head = messages.slice(0, task);
    const taskMessage = messages[task];
    const summarised = {
        role: 'user',
        content: `${taskMessage.content}\n\n[Summary of the earlier part of this run, written by you when the context grew too long:]\n${summary}`,
    };
    return [...head, summarised, ...messages.slice(cut)];
}


/***/ }),

/***/ 7492:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ findModelPrice),
/* harmony export */   hO: () => (/* binding */ PRICES_TAKEN_ON),
/* harmony export */   ho: () => (/* binding */ costOf),
/* harmony export */   zv: () => (/* binding */ resolveModelPrice)
/* harmony export */ });
/* unused harmony export parsePricing */
/** When the built-in prices were taken from the providers' pricing pages. */
const PRICES_TAKEN_ON = '2026-12-01';
// Standard (not batch, not long-context) rates. Anthropic: 5-minute cache
// writes, the TTL the provider's cache_control uses by default. A model not
// listed here has an unknown price: never guessed from a neighbour.
const PRICE_TABLE = {
    'gpt-5': price(1.25, 0.125, 1.25, 10),
    'gpt-5-mini': price(0.25, 0.025, 0.25, 2),
    'gpt-5-nano': price(0.05, 0.005, 0.05, 0.4),
    'gpt-4.1': price(2, 0.5, 2, 8),
    'gpt-4.1-mini': price(0.4, 0.1, 0.4, 1.6),
    'gpt-4.1-nano': price(0.1, 0.025, 0.1, 0.4),
    'gpt-4o': price(2.5, 1.25, 2.5, 10),
    'gpt-4o-mini': price(0.15, 0.075, 0.15, 0.6),
    o3: price(2, 0.5, 2, 8),
    'o4-mini': price(1.1, 0.275, 1.1, 4.4),
    'claude-opus-5': price(5, 0.5, 6.25, 25),
    'claude-opus-4-8': price(5, 0.5, 6.25, 25),
    'claude-opus-4-7': price(5, 0.5, 6.25, 25),
    'claude-opus-4-6': price(5, 0.5, 6.25, 25),
    'claude-opus-4-5': price(5, 0.5, 6.25, 25),
    'claude-opus-4-1': price(15, 1.5, 18.75, 75),
    'claude-opus-4-0': price(15, 1.5, 18.75, 75),
    'claude-opus-4': price(15, 1.5, 18.75, 75),
    'claude-sonnet-5': price(2, 0.2, 2.5, 10),
    'claude-sonnet-4-6': price(3, 0.3, 3.75, 15),
    'claude-sonnet-4-5': price(3, 0.3, 3.75, 15),
    'claude-sonnet-4-0': price(3, 0.3, 3.75, 15),
    'claude-sonnet-4': price(3, 0.3, 3.75, 15),
    'claude-haiku-4-5': price(1, 0.1, 1.25, 5),
    'claude-3-5-haiku': price(0.8, 0.08, 1, 4),
};
function price(input, cachedInput, cacheWrite, output) {
    return { input, cachedInput, cacheWrite, output };
}
/**
 * The built-in price of a model: its exact name, or a listed name followed
 * by a dated snapshot suffix (`claude-sonnet-4-5-20250929`,
 * `gpt-4.1-2025-04-14`). `gpt-4.1-mini` never falls back to `gpt-4.1`.
 */
function findModelPrice(model) {
    const name = model.trim().toLowerCase();
    if (PRICE_TABLE[name])
        return PRICE_TABLE[name];
    const dated = /^(.*?)-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/.exec(name);
    return dated ? PRICE_TABLE[dated[1]] : undefined;
}
const PRICING_KEYS = {
    input: 'input',
    output: 'output',
    'cache-read': 'cachedInput',
    'cache-write': 'cacheWrite',
};
/**
 * Reads a `pricing` setting: `input=3,output=15,cache-read=0.3,cache-write=3.75`
 * (USD per million tokens). Keys left out come from `base`; without a base,
 * input and output are required and the cache rates default to the input rate.
 * Throws an Error whose message says what to fix.
 */
function parsePricing(text, base) {
    const given = {};
    for (const part of text.split(/[,\n]/)) {
        const item = part.trim();
        if (item === '')
            continue;
        const match = /^([a-z-]+)\s*=\s*(\d*\.?\d+)$/.exec(item);
        const key = match ? PRICING_KEYS[match[1]] : undefined;
        if (!match || !key) {
            throw new Error(`'${item}' is not a price: write key=USD-per-million-tokens with a key of ${Object.keys(PRICING_KEYS).join(', ')}`);
        }
        given[key] = Number(match[2]);
    }
    const input = given.input ?? base?.input;
    const output = given.output ?? base?.output;
    if (input === undefined || output === undefined) {
        throw new Error('both input= and output= are needed for a model without a built-in price');
    }
    return {
        input,
        output,
        cachedInput: given.cachedInput ?? base?.cachedInput ?? input,
        cacheWrite: given.cacheWrite ?? base?.cacheWrite ?? input,
    };
}
/** What the tokens of `usage` cost at `price`, in USD. */
function costOf(usage, price) {
    const cached = usage.cachedInputTokens;
    const written = usage.cacheWriteInputTokens ?? 0;
    const plain = Math.max(0, usage.inputTokens - cached - written);
    return ((plain * price.input +
        cached * price.cachedInput +
        written * price.cacheWrite +
        usage.outputTokens * price.output) /
        1_000_000);
}
/**
 * The price a run uses: the built-in one of `model`, with `pricing` text on
 * top; undefined when neither knows it. Throws when `pricing` is malformed.
 */
function resolveModelPrice(model, pricing) {
    const builtIn = findModelPrice(model);
    return pricing ? parsePricing(pricing, builtIn) : builtIn;
}


/***/ }),

/***/ 6661:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var _action_post_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7718);

await (0,_action_post_js__WEBPACK_IMPORTED_MODULE_0__/* .runPost */ .a)();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 9880:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D4: () => (/* binding */ findConfiguredProvider),
/* harmony export */   F1: () => (/* binding */ detectProvider),
/* harmony export */   Qd: () => (/* binding */ createProvider),
/* harmony export */   R0: () => (/* binding */ listProviders),
/* harmony export */   V$: () => (/* binding */ PROVIDER_TABLE),
/* harmony export */   X2: () => (/* binding */ isProviderName),
/* harmony export */   iy: () => (/* binding */ providerRow)
/* harmony export */ });
/**
 * Every provider, in the order a key in the environment is looked for.
 * Adding one is its adapter file(s) and a row here.
 */
const PROVIDER_TABLE = [
    {
        name: 'openai',
        label: 'OpenAI',
        keyVariable: 'OPENAI_API_KEY',
        baseUrlVariable: 'OPENAI_BASE_URL',
        defaultModel: 'gpt-4.1',
        load: async () => (await Promise.all(/* import() */[__webpack_require__.e(202), __webpack_require__.e(295)]).then(__webpack_require__.bind(__webpack_require__, 6295))).OpenAIProvider,
    },
    {
        name: 'anthropic',
        label: 'Anthropic',
        keyVariable: 'ANTHROPIC_API_KEY',
        baseUrlVariable: 'ANTHROPIC_BASE_URL',
        defaultModel: 'claude-sonnet-4-6',
        keyPrefix: 'sk-ant-',
        load: async () => (await Promise.all(/* import() */[__webpack_require__.e(395), __webpack_require__.e(533)]).then(__webpack_require__.bind(__webpack_require__, 9533))).AnthropicProvider,
    },
];
const PROVIDER_NAMES = PROVIDER_TABLE.map((row) => row.name);
/** Whether `value` (an input, an argument) names a provider of the table. */
function isProviderName(value) {
    return PROVIDER_NAMES.some((name) => name === value);
}
/** The row of `name`; the type guarantees there is one. */
function providerRow(name) {
    const row = PROVIDER_TABLE.find((candidate) => candidate.name === name);
    if (!row)
        throw new Error(`Unknown provider '${name}'`);
    return row;
}
/** One fact of every row as a sentence's list: "a or b", "a, b or c". */
function listProviders(describe) {
    const words = PROVIDER_TABLE.map(describe);
    const last = words.pop() ?? '';
    return words.length === 0 ? last : `${words.join(', ')} or ${last}`;
}
/** The provider for `options.provider`, its adapter loaded from its row. */
async function createProvider(options) {
    const { provider, model, ...shared } = options;
    const row = providerRow(provider);
    const Adapter = await row.load();
    return new Adapter({ ...shared, model: model || row.defaultModel });
}
/**
 * The first provider in the table whose key is set, if any. An empty value
 * counts as unset, as an undefined Actions secret arrives as ''.
 */
function findConfiguredProvider(env) {
    return PROVIDER_TABLE.find((row) => env[row.keyVariable])?.name;
}
/** The first provider whose key is set, else an error naming every key. */
function detectProvider(env) {
    const name = findConfiguredProvider(env);
    if (name)
        return name;
    throw new Error(`No API key found: set ${listProviders((each) => each.keyVariable)}.`);
}


/***/ }),

/***/ 5417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jt: () => (/* binding */ REASONING_LEVELS),
/* harmony export */   NN: () => (/* binding */ anthropicThinking),
/* harmony export */   vG: () => (/* binding */ isReasoningLevel)
/* harmony export */ });
const REASONING_LEVELS = [
    'off',
    'low',
    'medium',
    'high',
];
// Thinking budgets in tokens; the API's minimum is 1024.
// https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
const ANTHROPIC_THINKING_BUDGET = { low: 2048, medium: 8192, high: 24_576 };
/**
 * The `thinking` field for a level, and the `max_tokens` it needs, or
 * undefined when off. No temperature is ever sent, which thinking requires.
 */
function anthropicThinking(level, maxTokens) {
    if (level === 'off')
        return undefined;
    const budget = ANTHROPIC_THINKING_BUDGET[level];
    return {
        thinking: { type: 'enabled', budget_tokens: budget },
        maxTokens: budget + maxTokens,
    };
}
function isReasoningLevel(value) {
    return REASONING_LEVELS.includes(value);
}


/***/ }),

/***/ 6568:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ errorMessage)
/* harmony export */ });
/** The message of anything thrown: an Error's message, else its text. */
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ })

};

//# sourceMappingURL=553.index.js.map
export const id = 496;
export const ids = [496];
export const modules = {

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

/***/ 1985:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  l: () => (/* binding */ buildTaskPlan),
  w: () => (/* binding */ composeRun)
});

// EXTERNAL MODULE: ./src/providers/provider.ts
var provider = __webpack_require__(9545);
;// CONCATENATED MODULE: ./src/providers/fallback-provider.ts

/**
 * The primary provider until its retries are exhausted on a rate limit,
 * an overload, a server error or a spent quota; then the fallback for the
 * rest of the run. It switches once, never after part of a streamed reply
 * was passed on (the engine would see two replies mixed), never on an abort.
 */
class FallbackProvider {
    primary;
    fallback;
    onSwitch;
    active;
    constructor(primary, fallback, onSwitch) {
        this.primary = primary;
        this.fallback = fallback;
        this.onSwitch = onSwitch;
        this.active = primary;
    }
    get name() {
        return this.active.name;
    }
    /** The model answering now: the fallback's once the run switched. */
    get model() {
        return this.active.model;
    }
    get switched() {
        return this.active === this.fallback;
    }
    async generate(messages, tools, options) {
        if (this.switched)
            return this.fallback.generate(messages, tools, options);
        try {
            return await this.primary.generate(messages, tools, options);
        }
        catch (error) {
            if (!this.shouldSwitch(error, options))
                throw error;
            return this.fallback.generate(messages, tools, options);
        }
    }
    async *generateStream(messages, tools, options) {
        if (this.switched) {
            yield* this.fallback.generateStream(messages, tools, options);
            return;
        }
        let yielded = false;
        try {
            for await (const event of this.primary.generateStream(messages, tools, options)) {
                yielded = true;
                yield event;
            }
            return;
        }
        catch (error) {
            if (yielded || !this.shouldSwitch(error, options))
                throw error;
        }
        yield* this.fallback.generateStream(messages, tools, options);
    }
    /** Switches (and says so) when `error` is one the fallback is for. */
    shouldSwitch(error, options) {
        if (options?.signal?.aborted || !isFallbackError(error))
            return false;
        const from = this.primary.model;
        this.active = this.fallback;
        this.onSwitch?.({ from, to: this.fallback.model, reason: error.message });
        return true;
    }
}
/**
 * A failure another provider may not have: rate limits (429), overload
 * (529), server errors (5xx) and spent quotas or credit. Retries of the
 * primary are over by the time it reaches here.
 */
function isFallbackError(error) {
    if (!(error instanceof provider/* ProviderError */.m))
        return false;
    if (error.malformedToolCall !== undefined)
        return false;
    const status = error.status;
    if (status === 429 || status === 529)
        return true;
    if (status !== undefined && status >= 500 && status <= 599)
        return true;
    return /\bquota\b|insufficient_quota|credit balance|billing/i.test(error.message);
}

// EXTERNAL MODULE: ./src/tools/tool-lists.ts + 10 modules
var tool_lists = __webpack_require__(9446);
// EXTERNAL MODULE: ./src/engine/context-window.ts
var context_window = __webpack_require__(7874);
;// CONCATENATED MODULE: ./src/engine/system-prompt.ts
/**
 * The system prompt of a task run: how to work headless, with nobody to
 * ask, with the tools named in `toolNames` (the registered ones). `setting`
 * says where the run happens ('from a terminal'); `paragraphs` are the
 * caller's own, appended in order (the action's CI paragraph).
 */
function buildSystemPrompt(options) {
    const base = `You are harness9, a coding agent running headless ${options.setting} over the directory ${options.workdir}.

Work with the tools: ${joinNames(options.toolNames)}. Paths are relative to the repository root; file tools cannot leave it. Nobody can answer questions during the run: make reasonable decisions, and say what you assumed.

How to work:
- Look before you change: read the relevant files and run the project's own checks when they exist.
- Make the smallest change that does the task well; keep the project's style.
- Verify your change (build, tests, or a quick run) when the project allows it.

When you are done, reply without a tool call. That reply is the result: say briefly what you changed and why, and anything left for a person to check.`;
    const extra = (options.paragraphs ?? [])
        .map((paragraph) => paragraph.trim())
        .filter(Boolean);
    return [base, ...extra].join('\n\n');
}
/** 'a', 'a and b', 'a, b and c'. */
function joinNames(names) {
    if (names.length <= 1)
        return names.join('');
    return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

;// CONCATENATED MODULE: ./src/engine/compose-run.ts




/**
 * One run, as the action and the command both start it: the plan's tools in
 * a registry, the system prompt from their names, the fallback switch told
 * as a notice of the turn under way, and the options both callers share
 * (a budget note on each request, a handover when a limit stops the run,
 * each call priced at the model that answered it).
 */
function composeRun(input) {
    const registry = (0,tool_lists/* registryOf */.Fv)(input.plan.tools({
        bashTimeoutMs: input.toolTimeoutMs,
        wrapCommand: input.wrapCommand,
        fileToolHost: input.fileToolHost,
        containBash: input.containBash,
    }), { warn: input.warn });
    const toolNames = registry.getAvailableTools().map((tool) => tool.name);
    let turn = 0;
    const onEvent = (event) => {
        if (event.type === 'turn-start')
            turn = event.turn;
        input.onEvent(event);
    };
    const fallbackNotes = [];
    const { fallback, redact = (text) => text } = input;
    const provider = fallback
        ? new FallbackProvider(input.provider, fallback.provider, (change) => {
            const text = redact(`Model fallback: ${change.from} failed (${change.reason}); the rest of the run uses ${change.to}.`);
            fallbackNotes.push(text);
            onEvent({ type: 'notice', at: Date.now(), turn, text });
        })
        : input.provider;
    const primaryModel = input.provider.model;
    const options = {
        provider,
        registry,
        messages: [
            { role: 'system', content: input.plan.systemPrompt(toolNames) },
            { role: 'user', content: input.plan.task },
        ],
        workdir: input.workdir,
        env: input.env,
        maxTurns: input.maxTurns,
        toolTimeoutMs: input.toolTimeoutMs,
        maxParallelTools: input.maxParallelTools,
        maxTotalTokens: input.maxTotalTokens,
        price: input.price,
        // The primary's price may be the caller's own; the fallback's is given.
        priceOf: (model) => model === primaryModel ? input.price : fallback?.price,
        maxCostUsd: input.maxCostUsd,
        contextWindow: input.contextWindow ?? (0,context_window/* contextWindowOf */.D5)(primaryModel),
        budgetNote: true,
        handover: { until: input.handoverUntil },
        thinking: input.thinking,
        stream: input.stream,
        deadline: input.deadline,
        signal: input.signal,
        onEvent,
    };
    return { options, toolNames, fallbackNotes };
}
/**
 * A task run's plan: the four built-in tools and the shared prompt, with
 * the caller's own paragraphs (the action's CI paragraph) after it.
 */
function buildTaskPlan(options) {
    return {
        tools: options.tools ?? tool_lists/* builtInTools */.Zv,
        systemPrompt: (toolNames) => buildSystemPrompt({
            workdir: options.workdir,
            setting: options.setting,
            toolNames,
            paragraphs: options.paragraphs,
        }),
        task: options.task,
    };
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

/***/ 2431:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  J: () => (/* binding */ runAgent)
});

// UNUSED EXPORTS: ACT_ON_PLAN_PROMPT

// EXTERNAL MODULE: ./src/providers/provider.ts
var providers_provider = __webpack_require__(9545);
// EXTERNAL MODULE: ./src/schema/index.ts + 2 modules
var schema = __webpack_require__(1753);
// EXTERNAL MODULE: ./src/engine/budget.ts
var budget = __webpack_require__(7977);
;// CONCATENATED MODULE: ./src/engine/call-model.ts

/**
 * One model call, streamed or not; text deltas are reported as they arrive.
 * `tools === null` is the thinking phase: no tools are offered.
 */
async function callModel(messages, tools, options) {
    const { provider, signal, deadline } = options;
    if (!options.stream) {
        return provider.generate(messages, tools, { signal, deadline });
    }
    const events = provider.generateStream(messages, tools, { signal, deadline });
    for await (const event of events) {
        if (event.type === 'text-delta') {
            options.emit({
                type: 'text-delta',
                at: Date.now(),
                turn: options.turn,
                phase: options.phase,
                text: event.text,
            });
        }
        else if (event.type === 'message-end') {
            return { message: event.message, usage: event.usage };
        }
    }
    throw new providers_provider/* ProviderError */.m(`${provider.name} stream ended without a complete message.`, { provider: provider.name });
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/engine/execute-tools.ts

/**
 * Runs the calls of one turn concurrently, at most `maxParallel` at a time,
 * each under its own timeout (counted from its start), and returns their
 * results in the order of the calls. Each call's arguments are parsed once,
 * by the registry; calls whose tool names the same workspace path run one
 * after another, in call order, so two edits of one file cannot race.
 */
async function executeTools(calls, options) {
    const slots = createSlots(options.maxParallel ?? Number.POSITIVE_INFINITY);
    const lastOnPath = new Map();
    const runs = calls.map((call) => {
        const prepared = options.registry.prepare(call);
        const key = pathKey(prepared, options.workdir);
        const before = key ? lastOnPath.get(key) : undefined;
        const run = (before ?? Promise.resolve()).then(() => slots.run(() => runOne(prepared, options)));
        if (key)
            lastOnPath.set(key, run);
        return run;
    });
    return Promise.all(runs);
}
/** A counting semaphore: `run` waits for a free slot, first come first served. */
function createSlots(size) {
    let free = size;
    const waiting = [];
    return {
        async run(work) {
            if (free > 0)
                free--;
            else
                await new Promise((resolve) => waiting.push(resolve));
            try {
                return await work();
            }
            finally {
                // Hand the slot straight to the next waiter, or give it back.
                const next = waiting.shift();
                if (next)
                    next();
                else
                    free++;
            }
        },
    };
}
async function runOne(prepared, options) {
    const { call } = prepared;
    const started = Date.now();
    options.emit({ type: 'tool-start', at: started, turn: options.turn, call });
    const left = options.deadline === undefined ? Infinity : options.deadline - started;
    const result = left <= 0
        ? {
            toolCallId: call.id,
            output: `Tool '${call.name}' was not started: the run's time budget ran out while it waited for other calls.`,
            isError: true,
        }
        : await options.registry.run(prepared, {
            workdir: options.workdir,
            env: options.env,
            signal: options.signal,
            timeoutMs: Math.min(options.timeoutMs, left),
        });
    const ended = Date.now();
    options.emit({
        type: 'tool-end',
        at: ended,
        turn: options.turn,
        call,
        result,
        durationMs: ended - started,
    });
    return result;
}
/** The resolved workspace path the call's tool says it names, if any. */
function pathKey(prepared, workdir) {
    if (prepared.kind !== 'ready' || prepared.path === undefined)
        return undefined;
    return external_node_path_.resolve(workdir, prepared.path);
}

// EXTERNAL MODULE: ./src/engine/context-window.ts
var context_window = __webpack_require__(7874);
// EXTERNAL MODULE: ./src/engine/pricing.ts
var pricing = __webpack_require__(7492);
;// CONCATENATED MODULE: ./src/engine/run-state.ts


/** Adds a message to the history, and tells it. */
function append(state, message, emit) {
    state.messages.push(message);
    emit({ type: 'message', at: Date.now(), message });
}
/** Keeps a note on what was done to the history, and tells it. */
function note(state, emit, turn, text) {
    state.contextNotes.push(text);
    emit({ type: 'notice', at: Date.now(), turn, text });
}
/** The price of the model answering now: the next call's. */
function currentPrice(options) {
    return options.priceOf
        ? options.priceOf(options.provider.model)
        : options.price;
}
/**
 * Adds one call's tokens and cost to the run; the cost is undefined (and
 * the run's from then on) when the model that answered has no price.
 */
function spend(state, options, usage) {
    state.usage = (0,schema/* addUsage */.vk)(state.usage, usage);
    const price = currentPrice(options);
    const cost = price ? (0,pricing/* costOf */.ho)(usage, price) : undefined;
    state.costUsd =
        cost === undefined || state.costUsd === undefined
            ? undefined
            : state.costUsd + cost;
    return cost;
}
/** The run's limits as the budget note and the next call's check see them. */
function limitsOf(state, options) {
    return {
        maxTurns: options.maxTurns,
        maxTotalTokens: options.maxTotalTokens,
        maxCostUsd: options.maxCostUsd,
        // An unknown cost so far stays unknown: no limit judged on part of it.
        price: state.costUsd === undefined ? undefined : currentPrice(options),
        deadline: options.deadline,
    };
}
/** The run's signal, plus the deadline when there is one. */
function modelSignal(options) {
    const signals = [];
    if (options.signal)
        signals.push(options.signal);
    if (options.deadline !== undefined) {
        signals.push(AbortSignal.timeout(Math.max(0, options.deadline - Date.now())));
    }
    // A composite signal stays registered with its sources until collected:
    // one per turn is work (and garbage) for nothing when there is one source.
    return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

;// CONCATENATED MODULE: ./src/engine/fit-context.ts




/**
 * Keeps the next request under CONTEXT_TRIM_SHARE of the window: older tool
 * results become stubs first; if that is not enough, the model summarises
 * the oldest part of the run. The trimmed history replaces the old one, so
 * the next requests share its prefix (and its cache) again.
 */
async function fitContext(state, options, emit, turn) {
    if (options.contextWindow === undefined)
        return;
    const limit = Math.floor(options.contextWindow * context_window/* CONTEXT_TRIM_SHARE */.hq);
    if (nextRequestTokens(state) <= limit)
        return;
    // Trim well below the limit, so that it is not needed again next turn.
    const target = Math.floor(limit * 0.7);
    const elision = (0,context_window/* elideToolResults */.Yt)(state.messages, target);
    if (elision.elided > 0) {
        state.messages = elision.messages;
        state.trimmed = true;
        note(state, emit, turn, `Context: ${elision.elided} older tool results elided (${formatBytes(elision.bytesSaved)}) to stay under ${percent(context_window/* CONTEXT_TRIM_SHARE */.hq)} of the ${options.contextWindow.toLocaleString('en-US')}-token window.`);
    }
    if ((0,context_window/* estimateHistoryTokens */.jA)(state.messages) <= limit)
        return;
    const cut = (0,context_window/* summaryCut */.RC)(state.messages, SUMMARY_KEEP_MESSAGES);
    if (cut === undefined)
        return;
    const { message, usage } = await callModel([
        ...state.messages.slice(0, cut),
        { role: 'user', content: context_window/* SUMMARY_PROMPT */.uR },
    ], null, {
        provider: options.provider,
        stream: false,
        turn,
        phase: 'thinking',
        signal: modelSignal(options),
        deadline: options.deadline,
        emit,
    });
    spend(state, options, usage);
    const before = state.messages.length;
    state.messages = (0,context_window/* replaceWithSummary */.NC)(state.messages, cut, message.content);
    state.trimmed = true;
    note(state, emit, turn, `Context: the oldest ${before - state.messages.length + 1} messages replaced by a summary the model wrote (${formatBytes(Buffer.byteLength(message.content))}).`);
}
/** The newest messages a summary never replaces. */
const SUMMARY_KEEP_MESSAGES = 12;
/**
 * The size of the next request: the last call's plus what was added since,
 * while the history only grew; never less than the history's own size (some
 * servers report no usage).
 */
function nextRequestTokens(state) {
    const bySize = (0,context_window/* estimateHistoryTokens */.jA)(state.messages);
    if (state.lastCall === undefined || state.trimmed)
        return bySize;
    const byLastCall = state.lastCall.inputTokens +
        state.lastCall.outputTokens +
        (0,budget/* estimateTokens */.bP)(state.addedBytes);
    return Math.max(bySize, byLastCall);
}
function formatBytes(bytes) {
    return bytes < 10_240
        ? `${bytes.toLocaleString('en-US')} bytes`
        : `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
}
function percent(share) {
    return `${Math.round(share * 100)}%`;
}

// EXTERNAL MODULE: ./src/util/error-message.ts
var error_message = __webpack_require__(6568);
;// CONCATENATED MODULE: ./src/engine/hand-over.ts





/**
 * The run's last call: no tools, a handover asked for. Its failure is logged
 * and the run keeps its status; the handover is a courtesy, not the work.
 */
async function handOver(state, options, emit, reason) {
    const until = options.handover?.until ?? options.deadline;
    if (options.signal?.aborted)
        return undefined;
    if (until !== undefined && until - Date.now() < budget/* HANDOVER_MIN_MS */.yr) {
        return undefined;
    }
    const started = Date.now();
    emit({ type: 'handover-start', at: started, turn: state.turns, reason });
    append(state, { role: 'user', content: (0,budget/* handoverPrompt */._M)(reason) }, emit);
    try {
        await fitContext(state, options, emit, state.turns);
        const signals = [
            options.signal,
            until === undefined ? undefined : AbortSignal.timeout(until - started),
        ];
        const { message, usage } = await callModel(state.messages, null, {
            provider: options.provider,
            stream: options.stream ?? false,
            turn: state.turns,
            phase: 'thinking',
            signal: AbortSignal.any(signals.filter((signal) => signal !== undefined)),
            deadline: until,
            emit,
        });
        const costUsd = spend(state, options, usage);
        const kept = { role: message.role, content: message.content };
        emit({
            type: 'model-reply',
            at: Date.now(),
            turn: state.turns,
            phase: 'thinking',
            message: kept,
            usage,
            ...(costUsd !== undefined ? { costUsd } : {}),
            durationMs: Date.now() - started,
        });
        append(state, kept, emit);
        return kept.content.trim() === '' ? undefined : kept.content;
    }
    catch (error) {
        emit({
            type: 'handover-failed',
            at: Date.now(),
            turn: state.turns,
            error: (0,error_message/* errorMessage */.g)(error),
        });
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/engine/model-stop.ts
/**
 * Said to the model when its answer was cut by the output token limit; the
 * reply is joined to the part before.
 */
const CONTINUE_PROMPT = 'Your answer was cut off by the output token limit. Continue exactly where it stopped, without repeating anything.';
/** The provider declined to answer: the run ends `refused`, not `failed`. */
class RefusalError extends Error {
    stop;
    constructor(stop) {
        super(stop.explanation
            ? `The provider refused to answer: ${stop.explanation}`
            : `The provider refused to answer (stop reason '${stop.raw}').`);
        this.name = 'RefusalError';
        this.stop = stop;
    }
}
/** The answer was cut by the output limit again after one continuation. */
function cutTwiceError(raw) {
    return new Error(`The answer was cut off by the output token limit twice (stop reason '${raw}'), ` +
        'even after asking the model to continue; raise the output limit or ask for a shorter answer.');
}

;// CONCATENATED MODULE: ./src/engine/run-agent.ts









/**
 * Said to the model after a thinking phase, so that the action phase is a
 * reply to a user turn (some APIs refuse a conversation ending on the
 * assistant's own message).
 */
const ACT_ON_PLAN_PROMPT = 'Now carry out your plan with the tools. When the task is done, reply with your final answer and no tool call.';
/** The tool-calling loop: model, tools, observations, until the model answers or a limit stops it. */
async function runAgent(options) {
    const emit = options.onEvent ?? (() => { });
    const state = {
        messages: [],
        usage: schema/* ZERO_USAGE */.fI,
        turns: 0,
        addedBytes: 0,
        trimmed: false,
        contextNotes: [],
        costUsd: 0,
    };
    emit({
        type: 'engine-start',
        at: Date.now(),
        workdir: options.workdir,
        thinking: options.thinking ?? false,
        stream: options.stream ?? false,
        maxTurns: options.maxTurns,
        toolTimeoutMs: options.toolTimeoutMs,
    });
    for (const message of options.messages)
        append(state, message, emit);
    let stopReason;
    let error;
    try {
        stopReason = await loop(state, options, emit);
    }
    catch (caught) {
        error = caught instanceof Error ? caught : new Error(String(caught));
        stopReason =
            caught instanceof RefusalError
                ? 'refused'
                : (reasonForInterruption(options) ?? 'failed');
    }
    const handover = options.handover && (0,budget/* endsWithHandover */.ae)(stopReason)
        ? await handOver(state, options, emit, stopReason)
        : undefined;
    const costUsd = state.costUsd;
    const explained = stopReason === 'failed' || stopReason === 'refused';
    emit({
        type: 'engine-end',
        at: Date.now(),
        turns: state.turns,
        messageCount: state.messages.length,
        stopReason,
        usage: state.usage,
        ...(error && explained ? { error: error.message } : {}),
    });
    return {
        stopReason,
        turns: state.turns,
        messages: state.messages,
        usage: state.usage,
        finalText: state.answer ?? lastAssistantText(state.messages),
        ...(costUsd !== undefined ? { costUsd } : {}),
        ...(handover ? { handover } : {}),
        contextNotes: state.contextNotes,
        ...(explained ? { error } : {}),
    };
}
async function loop(state, options, emit) {
    // Definitions are built once: they do not change during a run.
    const tools = options.registry.getAvailableTools();
    for (let turn = 1; turn <= options.maxTurns; turn++) {
        const limit = limitReached(state, options);
        if (limit)
            return limit;
        state.turns = turn;
        emit({
            type: 'turn-start',
            at: Date.now(),
            turn,
            messageCount: state.messages.length,
        });
        if (options.thinking) {
            await phase(state, options, emit, turn, null);
            append(state, { role: 'user', content: ACT_ON_PLAN_PROMPT }, emit);
            const afterThinking = limitReached(state, options);
            if (afterThinking)
                return afterThinking;
        }
        const reply = await actionPhase(state, options, emit, turn, tools);
        if (!reply)
            continue;
        const calls = reply.toolCalls ?? [];
        // A server tool that ran long pauses the turn: sent back as it is, the
        // reply goes on. https://docs.anthropic.com/en/api/handling-stop-reasons
        if (calls.length === 0 && reply.stop?.raw === 'pause_turn')
            continue;
        if (calls.length === 0)
            return 'completed';
        const interruption = reasonForInterruption(options);
        if (interruption)
            return interruption;
        const results = await executeTools(calls, {
            registry: options.registry,
            workdir: options.workdir,
            env: options.env,
            signal: options.signal,
            timeoutMs: toolTimeout(options),
            deadline: options.deadline,
            maxParallel: options.maxParallelTools,
            turn,
            emit,
        });
        for (const result of results) {
            append(state, (0,schema/* toObservation */.A8)(result), emit);
            state.addedBytes += Buffer.byteLength(result.output);
        }
        emit({
            type: 'observation',
            at: Date.now(),
            turn,
            added: results.length,
            messageCount: state.messages.length,
        });
    }
    return limitReached(state, options) ?? 'max_turns';
}
/**
 * The action call of a turn, with the two model-side mishaps handled: a call
 * the API rejected as malformed (undefined: the model is told and the next
 * turn retries), and a text answer cut by the output limit (continued once,
 * the parts joined; cut again, the run fails).
 */
async function actionPhase(state, options, emit, turn, tools) {
    let reply;
    try {
        reply = await phase(state, options, emit, turn, tools);
    }
    catch (error) {
        if (!(error instanceof providers_provider/* ProviderError */.m) || !error.malformedToolCall) {
            throw error;
        }
        emit({ type: 'notice', at: Date.now(), turn, text: error.message });
        append(state, { role: 'user', content: error.malformedToolCall }, emit);
        return undefined;
    }
    state.answer = undefined;
    if (reply.stop?.reason !== 'length' || reply.toolCalls?.length)
        return reply;
    emit({
        type: 'notice',
        at: Date.now(),
        turn,
        text: `The answer was cut off by the output token limit (stop reason '${reply.stop.raw}'); asking the model to continue.`,
    });
    append(state, { role: 'user', content: CONTINUE_PROMPT }, emit);
    const rest = await phase(state, options, emit, turn, tools);
    if (rest.stop?.reason === 'length' && !rest.toolCalls?.length) {
        throw cutTwiceError(rest.stop.raw);
    }
    if (!rest.toolCalls?.length)
        state.answer = reply.content + rest.content;
    return rest;
}
/**
 * One model call of a turn; its reply joins the history. `tools === null` is
 * the thinking phase.
 */
async function phase(state, options, emit, turn, tools) {
    const which = tools === null ? 'thinking' : 'action';
    await fitContext(state, options, emit, turn);
    const started = Date.now();
    emit({ type: 'phase-start', at: started, turn, phase: which });
    const { message, usage } = await callModel(requestMessages(state, options), tools, {
        provider: options.provider,
        stream: options.stream ?? false,
        turn,
        phase: which,
        signal: modelSignal(options),
        deadline: options.deadline,
        emit,
    });
    const costUsd = spend(state, options, usage);
    state.lastCall = usage;
    state.addedBytes = 0;
    state.trimmed = false;
    emit({
        type: 'model-reply',
        at: Date.now(),
        turn,
        phase: which,
        message,
        usage,
        ...(costUsd !== undefined ? { costUsd } : {}),
        durationMs: Date.now() - started,
    });
    // A thinking reply is text only: tools were not offered.
    const kept = which === 'thinking'
        ? { role: message.role, content: message.content }
        : message;
    append(state, kept, emit);
    if (message.stop?.reason === 'refusal')
        throw new RefusalError(message.stop);
    return message;
}
/** The history as sent: with the budget note after the newest message. */
function requestMessages(state, options) {
    if (!options.budgetNote)
        return state.messages;
    const note = (0,budget/* renderBudgetNote */.wD)(limitsOf(state, options), state, Date.now());
    return [...state.messages, (0,budget/* budgetNoteMessage */.jG)(note)];
}
/**
 * A stop decided before the next model call: time, tokens, cost or an
 * abort. With a handover to make, a limit the next call would cross counts.
 */
function limitReached(state, options) {
    const interruption = reasonForInterruption(options);
    if (interruption)
        return interruption;
    const spent = options.handover ? state : { ...state, lastCall: undefined };
    return (0,budget/* limitAhead */.PX)(limitsOf(state, options), spent);
}
function reasonForInterruption(options) {
    if (options.signal?.aborted)
        return 'aborted';
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
        return 'deadline';
    }
    return undefined;
}
/** A tool call never runs past the deadline. */
function toolTimeout(options) {
    if (options.deadline === undefined)
        return options.toolTimeoutMs;
    return Math.max(1, Math.min(options.toolTimeoutMs, options.deadline - Date.now()));
}
function lastAssistantText(messages) {
    for (let index = messages.length - 1; index >= 0; index--) {
        const message = messages[index];
        if (message.role === 'assistant' && message.content.trim() !== '') {
            return message.content;
        }
    }
    return '';
}


/***/ }),

/***/ 887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ readBashExit)
/* harmony export */ });
const STATUS_LINE = /\n?(\[(?:exit status (\d+)|killed by signal [A-Z0-9]+|bash failed: [^\n]*|timed out after [^\n]*|aborted[^\n]*)\])\n?$/;
function readBashExit(tool, output) {
    if (tool !== 'bash')
        return undefined;
    const match = STATUS_LINE.exec(output);
    if (!match)
        return undefined;
    return {
        line: match[1],
        code: match[2] === undefined ? undefined : Number(match[2]),
    };
}


/***/ }),

/***/ 7219:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ createDeferredWriter)
/* harmony export */ });
/* unused harmony export LATEST_MS */
/** The longest queued text waits when the run does not wait for the model. */
const LATEST_MS = 100;
function createDeferredWriter(write) {
    let queue = [];
    let timer;
    let idle;
    const flush = () => {
        clearTimeout(timer);
        clearImmediate(idle);
        timer = undefined;
        idle = undefined;
        if (queue.length === 0)
            return;
        const items = queue;
        queue = [];
        const text = items
            .map((item) => (typeof item === 'string' ? item : item()))
            .join('');
        if (text)
            write(text);
    };
    return {
        write(text) {
            queue.push(text);
            timer ??= setTimeout(flush, LATEST_MS);
        },
        flushWhenIdle() {
            if (queue.length > 0)
                idle ??= setImmediate(flush);
        },
        flush,
    };
}


/***/ }),

/***/ 2547:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   hD: () => (/* binding */ isLogLanguage),
/* harmony export */   il: () => (/* binding */ DEFAULT_LOG_LANGUAGE),
/* harmony export */   zB: () => (/* binding */ LOG_LABELS)
/* harmony export */ });
const DEFAULT_LOG_LANGUAGE = 'zh';
/**
 * Header labels. The Chinese set uses the design document's words so that
 * `grep 工具启动` finds every tool start. Keys and values are English in both.
 */
const LOG_LABELS = {
    zh: {
        engineStart: '引擎启动',
        turnStart: 'Turn 开始',
        thinking: '思考阶段',
        action: '行动阶段',
        modelReply: '模型回复',
        toolStart: '工具启动',
        toolDone: '工具完成',
        toolFailed: '工具失败',
        observation: '注入观察',
        loopEnd: '循环结束',
        notice: '引擎提示',
        handover: '交接',
        handoverFailed: '交接失败',
    },
    en: {
        engineStart: 'engine start',
        turnStart: 'turn start',
        thinking: 'thinking',
        action: 'action',
        modelReply: 'model reply',
        toolStart: 'tool start',
        toolDone: 'tool done',
        toolFailed: 'tool failed',
        observation: 'observation',
        loopEnd: 'loop end',
        notice: 'notice',
        handover: 'handover',
        handoverFailed: 'handover failed',
    },
};
/** Narrows a setting read from the outside (an input, a flag) to a language. */
function isLogLanguage(value) {
    return value === 'zh' || value === 'en';
}


/***/ }),

/***/ 5706:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  N: () => (/* binding */ renderEvent)
});

// EXTERNAL MODULE: ./src/log/bash-exit.ts
var bash_exit = __webpack_require__(887);
;// CONCATENATED MODULE: ./src/log/format-output.ts
/** Tool output past this is cut in the log (the design's `maxLogOutputLen`). */
const MAX_LOG_OUTPUT_BYTES = 512;
/** The number of bytes `text` takes in UTF-8, as reported in `bytes=`. */
function utf8ByteLength(text) {
    return Buffer.byteLength(text, 'utf8');
}
/**
 * Keeps at most `maxBytes` UTF-8 bytes of `text`. The cut moves back to the
 * start of a character, so a multi-byte character is dropped, never split.
 */
function truncateUtf8(text, maxBytes) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length <= maxBytes)
        return { text, truncated: false };
    let end = maxBytes;
    // 0b10xxxxxx is a continuation byte: the character at `end` began earlier.
    while (end > 0 && (bytes[end] & 0xc0) === 0x80)
        end -= 1;
    return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}
/**
 * A titled text section (`output:`, `text:`) with each line behind `│`, as
 * lines relative to the block indent. One final newline is not shown as an
 * empty line; empty text renders as `title: (empty)`.
 */
function formatTextSection(title, text) {
    const lines = splitLines(text);
    if (lines.length === 0)
        return [`${title}: (empty)`];
    return [`${title}:`, ...lines.map((line) => (line ? `│ ${line}` : '│'))];
}
function splitLines(text) {
    // A bare `\r` would move the terminal cursor back over the `│` prefix.
    const normalized = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
    return normalized === '' ? [] : normalized.split('\n');
}

// EXTERNAL MODULE: ./src/util/tool-arguments.ts
var tool_arguments = __webpack_require__(909);
;// CONCATENATED MODULE: ./src/log/format-arguments.ts


/** How much of arguments refused for their size or depth the log shows. */
const REFUSED_PREVIEW_CHARS = 200;
/** Arguments whose compact JSON is at most this many bytes stay on one line. */
const ARG_INLINE_THRESHOLD = 80;
/** Pretty-printed JSON sits this much deeper than the `arguments:` line. */
const ARG_BLOCK_INDENT = '  ';
const JSON_INDENT = '  ';
/**
 * The `arguments` lines of a tool-start block, relative to the block indent.
 * Valid JSON is shown compact when short and pretty-printed when long, token
 * for token as the model sent it (no HTML escaping, numbers and key order
 * kept). Anything else is shown raw and marked `(invalid JSON)`.
 */
function formatArguments(raw) {
    if (raw.trim() === '')
        return ['arguments: (empty)'];
    // Indenting them would take memory growing with the square of the depth.
    if ((0,tool_arguments/* checkArgumentLimits */.M1)(raw) !== undefined)
        return formatRefusedArguments(raw);
    if (!isValidJson(raw))
        return formatInvalidArguments(raw);
    const compact = reformatJson(raw, null);
    if (Buffer.byteLength(compact, 'utf8') <= ARG_INLINE_THRESHOLD) {
        return [`arguments: ${compact}`];
    }
    const pretty = reformatJson(raw, JSON_INDENT).split('\n');
    return ['arguments:', ...pretty.map((line) => ARG_BLOCK_INDENT + line)];
}
function formatRefusedArguments(raw) {
    const preview = raw.slice(0, REFUSED_PREVIEW_CHARS).replace(/[\r\n]/g, ' ');
    return [
        `arguments (${raw.length} characters or over ${tool_arguments/* MAX_ARGUMENT_DEPTH */.nG} levels deep, refused; first ${REFUSED_PREVIEW_CHARS}): ${preview}`,
    ];
}
function formatInvalidArguments(raw) {
    const isShort = !/[\r\n]/.test(raw) &&
        Buffer.byteLength(raw, 'utf8') <= ARG_INLINE_THRESHOLD;
    if (isShort)
        return [`arguments (invalid JSON): ${raw}`];
    return formatTextSection('arguments (invalid JSON)', raw);
}
function isValidJson(raw) {
    try {
        JSON.parse(raw);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Re-spaces valid JSON text without parsing it into values, like Go's
 * `json.Compact` (indent `null`) and `json.Indent`: only whitespace between
 * tokens changes. Parsing and re-serialising would reorder integer-like keys,
 * rewrite numbers (`1.0`, big integers) and drop duplicate keys.
 */
function reformatJson(raw, indent) {
    let result = '';
    let depth = 0;
    for (let index = 0; index < raw.length; index += 1) {
        const char = raw[index];
        if (char === '"') {
            const end = findStringEnd(raw, index);
            result += raw.slice(index, end);
            index = end - 1;
        }
        else if (char === '{' || char === '[') {
            const next = raw[skipWhitespace(raw, index + 1)];
            if (next === '}' || next === ']') {
                result += char + next;
                index = skipWhitespace(raw, index + 1);
            }
            else {
                depth += 1;
                result += char + newline(indent, depth);
            }
        }
        else if (char === '}' || char === ']') {
            depth -= 1;
            result += newline(indent, depth) + char;
        }
        else if (char === ',') {
            result += char + newline(indent, depth);
        }
        else if (char === ':') {
            result += indent === null ? ':' : ': ';
        }
        else if (!isJsonWhitespace(char)) {
            result += char;
        }
    }
    return result;
}
function newline(indent, depth) {
    return indent === null ? '' : '\n' + indent.repeat(depth);
}
/** The index just past the closing quote of the string starting at `start`. */
function findStringEnd(raw, start) {
    let index = start + 1;
    while (index < raw.length && raw[index] !== '"') {
        index += raw[index] === '\\' ? 2 : 1;
    }
    return index + 1;
}
function skipWhitespace(raw, start) {
    let index = start;
    while (index < raw.length && isJsonWhitespace(raw[index]))
        index += 1;
    return index;
}
function isJsonWhitespace(char) {
    return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

// EXTERNAL MODULE: ./src/log/labels.ts
var log_labels = __webpack_require__(2547);
;// CONCATENATED MODULE: ./src/log/format-time.ts
/** `YYYY/MM/DD HH:MM:SS` in local time, the stamp that starts every header. */
function formatLogTime(at) {
    // A turn writes several blocks within one second: format it once.
    const second = Math.floor(at / 1000);
    if (second !== last.second)
        last = { second, text: formatSecond(at) };
    return last.text;
}
let last = { second: Number.NaN, text: '' };
function formatSecond(at) {
    const date = new Date(at);
    const day = [
        date.getFullYear(),
        pad(date.getMonth() + 1),
        pad(date.getDate()),
    ].join('/');
    const time = [
        pad(date.getHours()),
        pad(date.getMinutes()),
        pad(date.getSeconds()),
    ].join(':');
    return `${day} ${time}`;
}
function pad(value) {
    return String(value).padStart(2, '0');
}

;// CONCATENATED MODULE: ./src/log/render-block.ts

/** Every line after a header starts with this (the design's `logIndent`). */
const LOG_INDENT = ' '.repeat(8);
/**
 * Renders a block as one string ending in a newline, so a sink writes it in
 * one call and concurrent tool blocks never interleave their lines.
 */
function renderBlock(block) {
    const scope = block.turn === undefined ? '' : `Turn ${block.turn} │ `;
    let header = `${formatLogTime(block.at)} [engine] ${scope}${block.label}`;
    if (block.fields.length > 0)
        header += ` │ ${block.fields.join(' ')}`;
    const body = (block.body ?? []).map((line) => LOG_INDENT + line);
    return [header, ...body].join('\n') + '\n';
}
/**
 * `key=value`. A string value that is empty or holds spaces, quotes, `=`,
 * `│` or control characters is JSON-quoted, so the header stays one line
 * and splits unambiguously.
 */
function formatField(key, value) {
    if (typeof value !== 'string')
        return `${key}=${String(value)}`;
    return `${key}=${needsQuotes(value) ? JSON.stringify(value) : value}`;
}
function needsQuotes(value) {
    return value === '' || /[\s"=│\u0000-\u001f\u007f]/u.test(value);
}

;// CONCATENATED MODULE: ./src/log/render-event.ts





/**
 * Renders one engine event as a block-style log entry ending in a newline.
 * `text-delta` gives its raw text (no header) for live streaming; `message`
 * gives `null`, since the blocks around it already say what it holds.
 */
function renderEvent(event, options = {}) {
    const labels = log_labels/* LOG_LABELS */.zB[options.language ?? log_labels/* DEFAULT_LOG_LANGUAGE */.il];
    switch (event.type) {
        case 'engine-start':
            return renderEngineStart(event, labels);
        case 'turn-start':
            return renderBlock({
                at: event.at,
                turn: event.turn,
                label: labels.turnStart,
                fields: [formatField('messages', event.messageCount)],
            });
        case 'phase-start':
            return renderPhaseStart(event, labels);
        case 'text-delta':
            return event.text;
        case 'model-reply':
            return renderModelReply(event, labels);
        case 'tool-start':
            return renderBlock({
                at: event.at,
                turn: event.turn,
                label: labels.toolStart,
                fields: [
                    formatField('tool', event.call.name),
                    formatField('id', event.call.id),
                ],
                body: formatArguments(event.call.arguments),
            });
        case 'tool-end':
            return renderToolEnd(event, labels);
        case 'observation':
            return renderObservation(event, labels);
        case 'message':
            return null;
        case 'engine-end':
            return renderEngineEnd(event, labels);
        case 'handover-start':
            return renderBlock({
                at: event.at,
                turn: event.turn,
                label: labels.handover,
                fields: [formatField('reason', event.reason)],
            });
        case 'handover-failed':
            return renderBlock({
                at: event.at,
                turn: event.turn,
                label: labels.handoverFailed,
                fields: [],
                body: formatTextSection('error', event.error),
            });
        case 'notice':
            return renderBlock({
                at: event.at,
                turn: event.turn,
                label: labels.notice,
                fields: [],
                body: formatTextSection('text', event.text),
            });
    }
}
function renderEngineStart(event, labels) {
    return renderBlock({
        at: event.at,
        label: labels.engineStart,
        fields: [
            formatField('workdir', event.workdir),
            formatField('thinking', onOff(event.thinking)),
            formatField('stream', onOff(event.stream)),
            formatField('maxTurns', event.maxTurns),
            formatField('toolTimeout', `${event.toolTimeoutMs}ms`),
        ],
    });
}
/** Phase 1 (thinking) calls the model without tools; phase 2 (action) with. */
function renderPhaseStart(event, labels) {
    const isThinking = event.phase === 'thinking';
    return renderBlock({
        at: event.at,
        turn: event.turn,
        label: isThinking ? labels.thinking : labels.action,
        fields: [
            formatField('phase', isThinking ? 1 : 2),
            formatField('tools', onOff(!isThinking)),
        ],
    });
}
function renderModelReply(event, labels) {
    const { content, toolCalls = [], stop } = event.message;
    // An ordinary end says nothing; a cut, a refusal or an unknown stop is
    // named, with the provider's explanation when it gave one.
    const unusual = stop && stop.reason !== 'end' ? stop : undefined;
    return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.modelReply,
        fields: [
            formatField('phase', event.phase),
            formatField('toolCalls', toolCalls.length),
            ...formatUsage(event.usage),
            formatField('duration', `${event.durationMs}ms`),
            ...(unusual ? [formatField('stop', unusual.raw)] : []),
        ],
        body: [
            ...(content.trim() === '' ? [] : formatTextSection('text', content)),
            ...(unusual?.explanation
                ? formatTextSection('explanation', unusual.explanation)
                : []),
        ],
    });
}
function renderToolEnd(event, labels) {
    const { output } = event.result;
    const exit = (0,bash_exit/* readBashExit */.h)(event.call.name, output);
    const isError = event.result.isError || exit !== undefined;
    const shown = truncateKeepingExit(output, exit);
    const bytes = formatField('bytes', utf8ByteLength(output));
    return renderBlock({
        at: event.at,
        turn: event.turn,
        label: isError ? labels.toolFailed : labels.toolDone,
        fields: [
            formatField('tool', event.call.name),
            formatField('id', event.call.id),
            formatField('status', isError ? 'error' : 'ok'),
            ...(exit?.code === undefined ? [] : [formatField('exit', exit.code)]),
            shown.truncated
                ? `${bytes} (truncated to ${MAX_LOG_OUTPUT_BYTES})`
                : bytes,
            formatField('duration', `${event.durationMs}ms`),
        ],
        body: formatTextSection('output', shown.text),
    });
}
/** Cuts the output to the log's limit, the bash status line kept last. */
function truncateKeepingExit(output, exit) {
    const shown = truncateUtf8(output, MAX_LOG_OUTPUT_BYTES);
    if (!shown.truncated || !exit)
        return shown;
    const tail = `\n…\n${exit.line}`;
    const head = truncateUtf8(output, Math.max(0, MAX_LOG_OUTPUT_BYTES - utf8ByteLength(tail)));
    return { text: `${head.text}${tail}`, truncated: true };
}
function renderObservation(event, labels) {
    const before = event.messageCount - event.added;
    return renderBlock({
        at: event.at,
        turn: event.turn,
        label: labels.observation,
        fields: [
            formatField('added', event.added),
            formatField('messages', `${before}→${event.messageCount}`),
        ],
    });
}
function renderEngineEnd(event, labels) {
    return renderBlock({
        at: event.at,
        label: labels.loopEnd,
        fields: [
            formatField('turns', event.turns),
            formatField('messages', event.messageCount),
            formatField('stop', event.stopReason),
            ...formatUsage(event.usage),
        ],
        body: event.error === undefined ? [] : formatTextSection('error', event.error),
    });
}
/** Token fields; the cached count only when a cache was read. */
function formatUsage(usage) {
    const fields = [
        formatField('tokensIn', usage.inputTokens),
        formatField('tokensOut', usage.outputTokens),
    ];
    if (usage.cachedInputTokens > 0) {
        fields.push(formatField('tokensCached', usage.cachedInputTokens));
    }
    // Part of tokensOut, shown apart so a reasoning model's cost is visible.
    if (usage.reasoningTokens) {
        fields.push(formatField('tokensReasoning', usage.reasoningTokens));
    }
    return fields;
}
function onOff(value) {
    return value ? 'on' : 'off';
}


/***/ }),

/***/ 9442:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ openTranscript)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);

/**
 * Appends every message of the run to a JSONL file as it happens, so the
 * transcript survives a crash. `redact` runs on each line before it is
 * written (the action removes secrets: the file may be uploaded).
 */
function openTranscript(path, redact = (line) => line) {
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(path, 'w', 0o600);
    let open = true;
    return {
        onEvent(event) {
            if (!open || event.type !== 'message')
                return;
            const record = { at: new Date(event.at).toISOString(), ...event.message };
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, `${redact(JSON.stringify(record))}\n`);
        },
        close() {
            if (open)
                (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
            open = false;
        },
    };
}


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

/***/ 9545:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ ProviderError)
/* harmony export */ });
/** A failed model call, SDK details mapped to what the engine and the user need. */
class ProviderError extends Error {
    provider;
    status;
    retryable;
    /**
     * Set when the API rejected a tool call the model wrote (Groq's
     * `tool_use_failed`): the model's mistake, not ours. The text is what the
     * model is told on one more turn so it can write the call again.
     */
    malformedToolCall;
    constructor(message, options) {
        super(message, { cause: options.cause });
        this.name = 'ProviderError';
        this.provider = options.provider;
        this.status = options.status;
        this.retryable = options.retryable ?? false;
        this.malformedToolCall = options.malformedToolCall;
    }
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

/***/ 7820:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _l: () => (/* binding */ killMarkedProcesses),
/* harmony export */   mI: () => (/* binding */ createRunMarker)
/* harmony export */ });
/* unused harmony export RUN_MARKER_NAME */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);


/** The variable that marks every process the tools start. */
const RUN_MARKER_NAME = 'HARNESS9_RUN';
/** Rounds of scan-and-kill: a process forking while we kill is caught next. */
const KILL_ROUNDS = 5;
/**
 * A fresh marker for one run: put it in the tools' environment, and
 * `killMarkedProcesses` ends every process that still carries it.
 */
function createRunMarker() {
    return { name: RUN_MARKER_NAME, value: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(12).toString('hex') };
}
/**
 * Kills every process whose start-up environment holds `name=value`: what
 * the tools started and left behind, including processes that left their
 * process group with setsid or were re-parented to init. Without a PID
 * namespace this is how the step's end reaches them; a process that
 * re-executes itself with an emptied environment is not found. Returns how
 * many were killed. Never throws: a process may exit while we look.
 */
async function killMarkedProcesses(marker) {
    const needle = Buffer.from(`${marker.name}=${marker.value}\0`);
    let killed = 0;
    for (let round = 0; round < KILL_ROUNDS; round++) {
        const found = await findMarkedProcesses(needle);
        if (found.length === 0)
            break;
        for (const pid of found) {
            try {
                process.kill(pid, 'SIGKILL');
                killed++;
            }
            catch {
                // gone already, or not ours to kill: nothing more we can do
            }
        }
        // SIGKILL is delivered, not done: wait until they are gone, or the next
        // scan finds them again and the caller's next step races them.
        await waitUntilGone(found);
    }
    return killed;
}
/** How long to wait for killed processes to be gone before scanning again. */
const GONE_TIMEOUT_MS = 2000;
async function waitUntilGone(pids) {
    const deadline = Date.now() + GONE_TIMEOUT_MS;
    while (Date.now() < deadline) {
        const alive = await Promise.all(pids.map(isAlive));
        if (!alive.includes(true))
            return;
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
}
/** False once the process has exited (a zombie has, too). */
async function isAlive(pid) {
    const stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // The state follows the command name, which is in parentheses.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return stat !== '' && state !== 'Z' && state !== 'X';
}
async function findMarkedProcesses(needle) {
    const found = [];
    for (const entry of await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readdir)('/proc').catch(() => [])) {
        if (!/^\d+$/.test(entry))
            continue;
        const pid = Number(entry);
        if (pid === process.pid)
            continue;
        // environ of another user's process is unreadable: not one of ours.
        const environ = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(`/proc/${entry}/environ`).catch(() => null);
        if (environ === null)
            continue;
        // Each variable starts the file or follows a NUL.
        if (environ.subarray(0, needle.length).equals(needle) ||
            environ.includes(Buffer.concat([Buffer.from([0]), needle])))
            found.push(pid);
    }
    return found;
}


/***/ }),

/***/ 4920:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vz: () => (/* binding */ resolveTrustedBinaries),
/* harmony export */   lI: () => (/* binding */ buildTrustedPath),
/* harmony export */   oq: () => (/* binding */ findExecutable),
/* harmony export */   s6: () => (/* binding */ listWritableRoots)
/* harmony export */ });
/* unused harmony export TRUSTED_PROGRAMS */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);



/**
 * The programs the action itself runs outside the sandbox. Each is looked up
 * once, at start-up, in the directories of PATH that the model cannot write,
 * and only the absolute path found is used afterwards: a `git` the model
 * plants in `node_modules/.bin` (which workflows often put on PATH) must never
 * run with the push token.
 */
const TRUSTED_PROGRAMS = [
    'git',
    'bwrap',
    'sudo',
    'sh',
    'apparmor_parser',
    'apt-get',
    'useradd',
    'userdel',
    'setpriv',
    'setfacl',
    'chown',
    'chmod',
    'kill',
    'env',
];
/** Where a system's own programs live when PATH names none of them. */
const SYSTEM_PATH = [
    '/usr/local/sbin',
    '/usr/local/bin',
    '/usr/sbin',
    '/usr/bin',
    '/sbin',
    '/bin',
];
/**
 * PATH without every directory the model could put a program in: relative
 * entries, entries inside a writable root, and directories that a user other
 * than root owns, or that group or others may write (themselves or any parent
 * directory). The system directories follow, for sudo and useradd that live
 * in sbin on most distributions.
 */
function buildTrustedPath(options) {
    const roots = options.writableRoots
        .filter((root) => root !== '' && (0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(root))
        .map((root) => realpathOr(root))
        .filter((root) => root !== '/');
    const kept = [];
    const skipped = [];
    for (const entry of [...options.path.split(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter), ...SYSTEM_PATH]) {
        if (entry === '' || kept.includes(entry))
            continue;
        const why = whyUntrusted(entry, roots);
        if (why === undefined)
            kept.push(entry);
        else if (!SYSTEM_PATH.includes(entry) || why !== 'does not exist')
            skipped.push(`${entry} (${why})`);
    }
    return { path: kept.join(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter), skipped: [...new Set(skipped)] };
}
/** The model-writable roots of the action's own environment. */
function listWritableRoots(env) {
    return [
        env.GITHUB_WORKSPACE,
        env.RUNNER_TEMP,
        env.RUNNER_WORKSPACE,
        env.HOME,
        env.TMPDIR,
        (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)(),
        '/tmp',
        '/var/tmp',
        '/dev/shm',
    ].filter((root) => root !== undefined && root !== '');
}
/** Looks every program of TRUSTED_PROGRAMS up in `trustedPath`. */
function resolveTrustedBinaries(trustedPath) {
    const found = {};
    for (const name of TRUSTED_PROGRAMS) {
        const path = findExecutable(name, trustedPath);
        if (path !== undefined)
            found[name] = path;
    }
    return found;
}
/** The first executable file `name` in the directories of `searchPath`. */
function findExecutable(name, searchPath) {
    const candidates = name.includes('/')
        ? [name]
        : searchPath
            .split(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter)
            .filter((dir) => dir !== '')
            .map((dir) => (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, name));
    return candidates.find((candidate) => {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.accessSync)(candidate, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.X_OK);
            return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(candidate).isFile();
        }
        catch {
            return false; // not here: try the next directory
        }
    });
}
function whyUntrusted(entry, roots) {
    if (!(0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(entry))
        return 'relative';
    let real;
    try {
        real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(entry);
    }
    catch {
        return 'does not exist';
    }
    const root = roots.find((candidate) => real === candidate || real.startsWith(candidate + node_path__WEBPACK_IMPORTED_MODULE_2__.sep));
    if (root !== undefined)
        return `inside ${root}, which the model can write`;
    for (let dir = real;; dir = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(dir)) {
        const info = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(dir);
        if (info.uid !== 0)
            return `${dir} is owned by uid ${info.uid}, not root`;
        if ((info.mode & 0o022) !== 0)
            return `${dir} is writable by its group or by everyone`;
        if (dir === '/')
            return undefined;
    }
}
function realpathOr(path) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(path);
    }
    catch {
        return path; // not there yet: compare by name
    }
}


/***/ }),

/***/ 1753:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fI: () => (/* reexport */ ZERO_USAGE),
  vk: () => (/* reexport */ addUsage),
  A8: () => (/* reexport */ toObservation)
});

;// CONCATENATED MODULE: ./src/schema/message.ts
/** Builds the observation message that carries a tool result back to the model. */
function toObservation(result) {
    return {
        role: 'user',
        content: result.output,
        toolCallId: result.toolCallId,
        isError: result.isError,
    };
}

;// CONCATENATED MODULE: ./src/schema/usage.ts
const ZERO_USAGE = Object.freeze({
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
});
function addUsage(a, b) {
    const written = (a.cacheWriteInputTokens ?? 0) + (b.cacheWriteInputTokens ?? 0);
    return {
        inputTokens: a.inputTokens + b.inputTokens,
        outputTokens: a.outputTokens + b.outputTokens,
        cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
        ...(written > 0 ? { cacheWriteInputTokens: written } : {}),
        ...(a.reasoningTokens || b.reasoningTokens
            ? { reasoningTokens: (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0) }
            : {}),
    };
}

;// CONCATENATED MODULE: ./src/schema/index.ts







/***/ }),

/***/ 365:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ ToolError)
/* harmony export */ });
/** An expected failure whose message is written for the model to act on. */
class ToolError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ToolError';
    }
}


/***/ }),

/***/ 6511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ defineTool)
/* harmony export */ });
/* harmony import */ var _util_error_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6568);
/* harmony import */ var _base_tool_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(365);


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
        throw new _base_tool_js__WEBPACK_IMPORTED_MODULE_0__/* .ToolError */ .v(`Arguments are not valid JSON: ${(0,_util_error_message_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .g)(error)}. Send a JSON object such as ${spec.example}.`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        throw new _base_tool_js__WEBPACK_IMPORTED_MODULE_0__/* .ToolError */ .v(`${spec.name} expects a JSON object such as ${spec.example}.`);
    }
    return raw;
}


/***/ }),

/***/ 3071:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HC: () => (/* binding */ hostFileTool),
/* harmony export */   sI: () => (/* binding */ readFileToolWorkerSource),
/* harmony export */   tl: () => (/* binding */ FileToolHost)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(481);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_readline__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _base_tool_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(365);
/* harmony import */ var _process_group_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7756);
/* harmony import */ var _tool_timeout_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(163);








/** The most stderr of a helper kept to explain why it stopped. */
const STDERR_TAIL_BYTES = 2000;
/**
 * Runs the file tools in one long-lived helper process started through the
 * bash tool's command wrapper, so their I/O happens where the model's
 * commands run: inside the sandbox, without the action's files, /proc or
 * thread pool. A call that times out kills the helper (and fails the calls
 * it was running); the next call starts a new one.
 */
class FileToolHost {
    options;
    child;
    started;
    pending = new Map();
    nextId = 1;
    stderrTail = '';
    launch;
    /** A helper started but not ready yet: an abort kills it too. */
    spawning;
    constructor(options) {
        this.options = options;
    }
    /** Runs `tool` with the call's raw arguments; throws the tool's error. */
    async run(tool, args, context) {
        if (context.signal.aborted) {
            throw new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(`${tool} was stopped (${describeReason(context.signal.reason)}) before it started.`);
        }
        // A call stuck in the helper (a slow or hung read) can only be ended by
        // killing the helper; the calls it was running with it fail too.
        const onAbort = () => {
            this.stop(new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(`${tool} was stopped (${describeReason(context.signal.reason)}); its helper process was killed and a new one starts with the next file call.`));
        };
        context.signal.addEventListener('abort', onAbort, { once: true });
        try {
            const child = await this.start(context);
            // Stopped while it waited for the start: this helper is gone.
            if (context.signal.aborted || this.child !== child) {
                throw new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(`${tool} was stopped (${describeReason(context.signal.reason)}); its helper process was killed and a new one starts with the next file call.`);
            }
            const id = this.nextId++;
            const result = new Promise((resolve, reject) => {
                this.pending.set(id, { resolve, reject });
            });
            const line = JSON.stringify({ id, tool, args, workdir: context.workdir });
            child.stdin?.write(`${line}\n`);
            return await result;
        }
        finally {
            context.signal.removeEventListener('abort', onAbort);
        }
    }
    /** Ends the helper; calls still running fail. */
    async close() {
        const children = [this.child, this.spawning];
        this.stop(new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v('The run ended before this file call finished.'));
        for (const child of children) {
            if (child?.pid !== undefined)
                await (0,_process_group_js__WEBPACK_IMPORTED_MODULE_6__/* .killProcessGroup */ .$)(child.pid);
        }
    }
    start(context) {
        this.started ??= this.startFirstWorking(context).catch((error) => {
            this.started = undefined;
            throw error;
        });
        return this.started;
    }
    /** Tries the fd launch, then the path launch; remembers what worked. */
    async startFirstWorking(context) {
        const launches = this.launch ? [this.launch] : ['fd', 'path'];
        let lastError;
        for (const launch of launches) {
            try {
                const child = await this.spawnHelper(launch, context);
                this.launch = launch;
                return child;
            }
            catch (error) {
                lastError = error;
            }
        }
        throw new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(`Could not start the file tools' helper process: ${lastError?.message ?? 'unknown error'}`);
    }
    spawnHelper(launch, context) {
        const nodePath = this.options.nodePath ?? process.execPath;
        const binary = launch === 'fd' ? (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(nodePath, 'r') : undefined;
        const node = launch === 'fd' ? '/proc/self/fd/3' : nodePath;
        const wrap = this.options.wrapCommand ?? ((argv) => argv);
        const argv = wrap([node, '--input-type=module', '-e', this.options.source]);
        let child;
        try {
            child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(argv[0], argv.slice(1), {
                cwd: context.workdir,
                env: context.env,
                stdio: [
                    'pipe',
                    'pipe',
                    'pipe',
                    ...(binary === undefined ? [] : [binary]),
                ],
                detached: true, // its own process group, killed as one
            });
        }
        finally {
            if (binary !== undefined)
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(binary); // the child has its copy
        }
        this.stderrTail = '';
        // A helper that died mid-write: its exit (below) says why.
        child.stdin?.on('error', () => undefined);
        child.stderr?.on('data', (chunk) => {
            this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
        });
        return new Promise((resolve, reject) => {
            const lines = (0,node_readline__WEBPACK_IMPORTED_MODULE_3__.createInterface)({ input: child.stdout });
            let ready = false;
            lines.on('line', (line) => {
                if (!ready) {
                    ready = line === '{"ready":true}';
                    if (ready) {
                        this.spawning = undefined;
                        this.child = child;
                        resolve(child);
                    }
                    return;
                }
                this.settle(line);
            });
            child.once('error', (error) => reject(error));
            child.once('exit', (code, signal) => {
                const why = `exit ${signal ?? code}${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}`;
                if (!ready)
                    reject(new Error(`it stopped before it was ready (${why})`));
                if (this.child === child) {
                    this.stop(new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(`The file tools' helper process stopped (${why}).`));
                }
            });
            this.spawning = child;
        });
    }
    settle(line) {
        let reply;
        try {
            reply = JSON.parse(line);
        }
        catch {
            return; // stray output from the helper: not an answer
        }
        const pending = this.pending.get(reply.id);
        if (!pending)
            return;
        this.pending.delete(reply.id);
        if (typeof reply.output === 'string')
            pending.resolve(reply.output);
        else
            pending.reject(new _base_tool_js__WEBPACK_IMPORTED_MODULE_5__/* .ToolError */ .v(String(reply.error)));
    }
    /** Kills the helper (if any) and fails every call waiting on it. */
    stop(error) {
        for (const child of [this.child, this.spawning]) {
            if (child?.pid !== undefined)
                void (0,_process_group_js__WEBPACK_IMPORTED_MODULE_6__/* .killProcessGroup */ .$)(child.pid);
            child?.stdin?.destroy();
        }
        this.child = undefined;
        this.spawning = undefined;
        this.started = undefined;
        for (const pending of this.pending.values())
            pending.reject(error);
        this.pending.clear();
    }
}
/**
 * `tool` with its definition, its arguments checked in this process (once,
 * for the registry and the engine's path ordering) and its I/O done by
 * `host`, which hands the helper the call's raw text.
 */
function hostFileTool(tool, host) {
    return {
        name: tool.name,
        definition: () => tool.definition(),
        parseArguments: (text) => ({ text, args: tool.parseArguments(text) }),
        pathOf: (hosted) => tool.pathOf(hosted.args),
        execute: (hosted, context) => host.run(tool.name, hosted.text, context),
    };
}
/**
 * The helper's bundled source beside the running bundle (dist/ for the
 * action, dist/cli/ for the local command); undefined when running from
 * TypeScript sources, where the tools run in-process.
 */
function readFileToolWorkerSource() {
    const here = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname((0,node_url__WEBPACK_IMPORTED_MODULE_4__.fileURLToPath)(import.meta.url));
    const candidates = [
        node_path__WEBPACK_IMPORTED_MODULE_2___default().join(here, 'file-tool-worker', 'index.js'),
        node_path__WEBPACK_IMPORTED_MODULE_2___default().join(here, '..', 'file-tool-worker', 'index.js'),
    ];
    const found = candidates.find((candidate) => (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(candidate));
    return found === undefined ? undefined : (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(found, 'utf8');
}
function describeReason(reason) {
    if (reason instanceof _tool_timeout_js__WEBPACK_IMPORTED_MODULE_7__/* .ToolTimeoutError */ .A)
        return reason.message;
    return 'the run was aborted';
}


/***/ }),

/***/ 7756:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ killProcessGroup)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_1__);


/** How long a process group has between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 200;
/**
 * SIGTERM to the group, then SIGKILL after KILL_GRACE_MS if any member
 * lives; returns once none does (or KILL_GRACE_MS after the SIGKILL).
 */
async function killProcessGroup(pgid) {
    if (!signalProcessGroup(pgid, 'SIGTERM'))
        return;
    if (await waitForGroupExit(pgid, KILL_GRACE_MS))
        return;
    signalProcessGroup(pgid, 'SIGKILL');
    await waitForGroupExit(pgid, KILL_GRACE_MS); // dying takes a moment too
}
async function waitForGroupExit(pgid, ms) {
    const deadline = Date.now() + ms;
    while (hasLiveMember(pgid)) {
        if (Date.now() >= deadline)
            return false;
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_1__.setTimeout)(10);
    }
    return true;
}
/** False when the group is gone (or not ours to signal). */
function signalProcessGroup(pgid, signal) {
    try {
        process.kill(-pgid, signal);
        return true;
    }
    catch {
        return false; // ESRCH: no member left; EPERM: a member we may not signal
    }
}
/**
 * Whether a member of the group still runs. The kernel counts zombies as
 * members, and an init that reaps slowly (containers, CI sandboxes) keeps them
 * for a second or more, so on Linux /proc tells the living from the dead.
 */
function hasLiveMember(pgid) {
    if (!signalProcessGroup(pgid, 0))
        return false;
    if (process.platform !== 'linux')
        return true;
    for (const entry of (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)('/proc')) {
        if (!/^\d+$/.test(entry))
            continue;
        let stat;
        try {
            stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(`/proc/${entry}/stat`, 'utf8');
        }
        catch {
            continue; // exited while we looked
        }
        // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(group) === pgid && state !== 'Z' && state !== 'X')
            return true;
    }
    return false;
}


/***/ }),

/***/ 9446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Zv: () => (/* binding */ builtInTools),
  qJ: () => (/* binding */ readOnlyTools),
  Fv: () => (/* binding */ registryOf)
});

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/tools/base-tool.ts
var base_tool = __webpack_require__(365);
;// CONCATENATED MODULE: ./src/tools/bounded-output.ts
/**
 * A byte stream's first and last bytes, in fixed memory. It keeps the first
 * half of `limitBytes` and a ring buffer of the last half, and only counts
 * what falls in between, so a command that prints a gigabyte costs no more
 * memory than one that prints a line. Head and tail, not just the head: the
 * start shows what ran, the end holds the error, the summary or the failing
 * test.
 */
class BoundedOutput {
    head;
    headLength = 0;
    tail;
    /** Where the next tail byte goes (the oldest one once the ring is full). */
    tailEnd = 0;
    tailLength = 0;
    /** Every byte ever appended, kept or not. */
    totalBytes = 0;
    constructor(limitBytes) {
        const headSize = Math.floor(limitBytes / 2);
        this.head = Buffer.alloc(headSize);
        this.tail = Buffer.alloc(limitBytes - headSize);
    }
    append(chunk) {
        this.totalBytes += chunk.length;
        const toHead = Math.min(chunk.length, this.head.length - this.headLength);
        chunk.copy(this.head, this.headLength, 0, toHead);
        this.headLength += toHead;
        if (toHead < chunk.length)
            this.appendTail(chunk.subarray(toHead));
    }
    /**
     * The kept text, with `notice(cutBytes)` on a line of its own where bytes
     * were dropped. Cuts move to UTF-8 character boundaries, so the text shows
     * no broken characters; the bytes of a split character count as cut.
     */
    toText(notice) {
        const head = this.head.subarray(0, this.headLength);
        const tail = this.tailBytes();
        const kept = head.length + tail.length;
        if (kept === this.totalBytes)
            return Buffer.concat([head, tail]).toString();
        const wholeHead = head.subarray(0, completeUtf8Length(head));
        const wholeTail = tail.subarray(leadingContinuationBytes(tail));
        const cut = this.totalBytes - wholeHead.length - wholeTail.length;
        const before = wholeHead.toString();
        const separator = before === '' || before.endsWith('\n') ? '' : '\n';
        return `${before}${separator}${notice(cut)}\n${wholeTail.toString()}`;
    }
    appendTail(chunk) {
        const size = this.tail.length;
        if (size === 0)
            return;
        if (chunk.length >= size) {
            chunk.copy(this.tail, 0, chunk.length - size);
            this.tailEnd = 0;
            this.tailLength = size;
            return;
        }
        const untilWrap = Math.min(chunk.length, size - this.tailEnd);
        chunk.copy(this.tail, this.tailEnd, 0, untilWrap);
        chunk.copy(this.tail, 0, untilWrap);
        this.tailEnd = (this.tailEnd + chunk.length) % size;
        this.tailLength = Math.min(size, this.tailLength + chunk.length);
    }
    /** The tail in stream order (the ring unrolled). */
    tailBytes() {
        if (this.tailLength < this.tail.length) {
            return this.tail.subarray(0, this.tailLength);
        }
        return Buffer.concat([
            this.tail.subarray(this.tailEnd),
            this.tail.subarray(0, this.tailEnd),
        ]);
    }
}
/** The length of `bytes` without a multi-byte character cut off at its end. */
function completeUtf8Length(bytes) {
    for (let back = 1; back <= Math.min(4, bytes.length); back++) {
        const byte = bytes[bytes.length - back];
        if (byte < 0x80)
            return bytes.length; // ASCII: nothing is open
        if (byte >= 0xc0) {
            const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
            return needed > back ? bytes.length - back : bytes.length;
        }
    }
    return bytes.length; // not UTF-8 anyway; the decoder marks it
}
/** How many bytes at the start of `bytes` continue a character cut off before. */
function leadingContinuationBytes(bytes) {
    let count = 0;
    while (count < Math.min(3, bytes.length) && (bytes[count] & 0xc0) === 0x80) {
        count++;
    }
    return count;
}

// EXTERNAL MODULE: ./src/tools/define-tool.ts
var define_tool = __webpack_require__(6511);
// EXTERNAL MODULE: ./src/tools/process-group.ts
var process_group = __webpack_require__(7756);
// EXTERNAL MODULE: ./src/tools/tool-timeout.ts
var tool_timeout = __webpack_require__(163);
;// CONCATENATED MODULE: ./src/tools/bash.ts






/** The design's bashHardTimeout: the per-call timeout bash states by default. */
const BASH_HARD_TIMEOUT_MS = 30_000;
/** The design's maxOutputLen: the most output bytes the model gets back. */
const MAX_OUTPUT_BYTES = 8000;
/** How long output may still come once bash has exited. */
const DRAIN_MS = 100;
/** How long to wait for bash to be reaped after its group was killed. */
const EXIT_WAIT_MS = 200;
const DESCRIPTION = (limits) => `Runs a shell command with \`bash -c\` in the workspace directory and returns what it printed.

- stdout and stderr are merged into one stream, in the order they were written.
- Output is capped at ${limits.maxBytes} bytes: the beginning and the end are kept and a note says how many bytes were cut in between. For long output, redirect it to a file (\`npm test > test.log 2>&1\`) and read the parts you need with read_file, or filter it (\`| grep -n error\`, \`| tail -50\`).
- The timeout is ${limits.timeout}: then the command and everything it started are killed and you get the output so far. Do not run servers, watchers or anything that waits forever (\`tail -f\`, \`npm run dev\`, \`top\`).
- A non-zero exit is reported, not failed: the output ends with \`[exit status N]\`, so read the error and correct the command.
- No interactive input: stdin is empty, so a prompt reads end-of-file. Use non-interactive flags (\`-y\`, \`--yes\`, \`--no-pager\`).
- Background processes (\`cmd &\`) are killed when the command returns; nothing keeps running between calls.
- Each call is a new shell: \`cd\` and variables do not carry over, so chain steps with \`&&\`.`;
const BASH_EXAMPLE = '{"command": "ls -la"}';
/**
 * The `bash` tool: `bash -c` in its own process group, output merged and
 * capped in fixed memory, the whole group killed when the call's signal
 * fires (its timeout or the run's abort) and when the command returns. A
 * non-zero exit is output, not an error.
 */
function createBashTool(options = {}) {
    const timeoutMs = options.timeoutMs ?? BASH_HARD_TIMEOUT_MS;
    const maxOutputBytes = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
    const wrapCommand = options.wrapCommand ?? ((argv) => argv);
    return (0,define_tool/* defineTool */.u)({
        name: 'bash',
        description: DESCRIPTION({
            timeout: (0,tool_timeout/* formatSeconds */.X)(timeoutMs),
            maxBytes: maxOutputBytes,
        }),
        inputSchema: {
            type: 'object',
            properties: {
                command: {
                    type: 'string',
                    description: 'The command line, e.g. "npm test 2>&1 | tail -50".',
                },
            },
            required: ['command'],
            additionalProperties: false,
        },
        example: BASH_EXAMPLE,
        parse: parseBashInput,
        async execute(input, context) {
            const argv = [
                ...MERGE_STDERR,
                ...wrapCommand(['bash', '-c', input.command]),
            ];
            const run = await runInProcessGroup(argv, context, maxOutputBytes);
            return formatRun(run);
        },
    });
}
const bashTool = createBashTool();
/** Checks the fields of a bash call. */
function parseBashInput(input) {
    const usage = `Send {"command": "<shell command>"}, e.g. ${BASH_EXAMPLE}.`;
    const command = input.command;
    if (command === undefined)
        throw new base_tool/* ToolError */.v(`Missing "command". ${usage}`);
    if (typeof command !== 'string') {
        throw new base_tool/* ToolError */.v(`"command" must be a string, got ${typeof command}. ${usage}`);
    }
    if (command.trim() === '') {
        throw new base_tool/* ToolError */.v(`Error: 命令为空字符串 (the command is empty). ${usage}`);
    }
    return { command };
}
// Node gives each 'pipe' entry of `stdio` its own pipe, and two pipes read by
// one event loop do not keep the order of writes that land between two reads
// (a fast `echo out; echo err >&2` loop comes back reordered). One pipe on
// both fds, as Go's CombinedOutput does, needs a dup2 that Node does not
// offer, so a POSIX sh does it and execs the real argv: bash (or the
// sandbox) runs unchanged under the same pid, with fd 2 = fd 1. The wrapper's
// own errors land in the same stream.
const MERGE_STDERR = ['/bin/sh', '-c', 'exec "$@" 2>&1', 'sh'];
/**
 * Runs `argv` as the leader of a new process group and waits for it. Returns
 * once bash has exited and its output has drained (at most DRAIN_MS more, so
 * a background child holding the pipe cannot hang the agent), or once the
 * group was killed because the call's signal fired. Nothing of the group
 * outlives it.
 */
async function runInProcessGroup(argv, context, maxOutputBytes) {
    if (context.signal.aborted) {
        throw new base_tool/* ToolError */.v('(no output)\n[aborted before the command started]');
    }
    const output = new BoundedOutput(maxOutputBytes);
    const child = spawnGroupLeader(argv, context);
    const exited = new Promise((resolve) => {
        child.once('exit', (code, signal) => resolve({ kind: 'exit', code, signal }));
        child.once('error', (error) => resolve({ kind: 'error', error }));
    });
    const pgid = child.pid;
    if (pgid === undefined)
        throw startError(await exited, context.workdir);
    // 'close' comes once bash has exited and every holder of the pipe closed it.
    const closed = new Promise((resolve) => child.once('close', resolve));
    const append = (chunk) => output.append(chunk);
    child.stdout?.on('data', append);
    child.stderr?.on('data', append); // only if sh fails before its dup2
    const watch = watchForStop(context.signal);
    try {
        const first = await Promise.race([exited, watch.stopped]);
        const stop = isStop(first) ? first : undefined;
        const exit = isStop(first) ? await killAndReap(pgid, exited) : first;
        // A background child (`server &`) inherits the pipe and keeps it open
        // after bash exits: waiting for 'close' would hang the agent for good.
        // So wait briefly for the rest of the output, then kill what is left.
        await waitAtMost(closed, DRAIN_MS);
        await (0,process_group/* killProcessGroup */.$)(pgid);
        return { output, exit, stop };
    }
    finally {
        watch.dispose();
        child.stdout?.destroy();
        child.stderr?.destroy();
    }
}
function spawnGroupLeader(argv, context) {
    try {
        return (0,external_node_child_process_.spawn)(argv[0], argv.slice(1), {
            cwd: context.workdir,
            env: context.env, // exactly this, nothing of the agent's own
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true, // a process group of its own: one kill reaches all
        });
    }
    catch (error) {
        throw startError({ kind: 'error', error: error }, context.workdir);
    }
}
function startError(exit, workdir) {
    const reason = exit.kind === 'error' ? exit.error.message : 'no process id';
    return new base_tool/* ToolError */.v(`Could not start bash in ${workdir}: ${reason}`);
}
function isStop(value) {
    return value.kind === 'stop';
}
/** Resolves when the call's signal fires: bash keeps no timer of its own. */
function watchForStop(signal) {
    let onAbort = () => { };
    const stopped = new Promise((resolve) => {
        onAbort = () => resolve({ kind: 'stop', reason: signal.reason });
        signal.addEventListener('abort', onAbort, { once: true });
    });
    return {
        stopped,
        dispose: () => signal.removeEventListener('abort', onAbort),
    };
}
/** Resolves with the promise's value, or with undefined after `ms`. */
async function waitAtMost(promise, ms) {
    let timer;
    const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
/** Kills the group, then waits a little for bash's exit status. */
async function killAndReap(pgid, exited) {
    await (0,process_group/* killProcessGroup */.$)(pgid);
    return waitAtMost(exited, EXIT_WAIT_MS);
}
/** The text the model reads; a timeout or an abort becomes a ToolError. */
function formatRun(run) {
    const text = run.output.toText((cut) => `[… ${cut} bytes cut; redirect the output to a file and read it with read_file to see everything …]`);
    const body = text === '' ? '(no output)' : text;
    const status = run.stop ? describeStop(run.stop) : describeExit(run.exit);
    const result = status === '' ? body : `${body}${body.endsWith('\n') ? '' : '\n'}${status}`;
    if (run.stop)
        throw new base_tool/* ToolError */.v(result);
    return result;
}
function describeExit(exit) {
    if (exit?.kind === 'error')
        return `[bash failed: ${exit.error.message}]`;
    if (exit?.signal)
        return `[killed by signal ${exit.signal}]`;
    if (exit?.code)
        return `[exit status ${exit.code}]`;
    return '';
}
/** One wording for a timeout, shared with the registry (ToolTimeoutError). */
function describeStop(stop) {
    if (stop.reason instanceof tool_timeout/* ToolTimeoutError */.A) {
        return `[${stop.reason.message}; the process group was killed]`;
    }
    return '[aborted; the process group was killed]';
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/tools/workspace-walk.ts




// O_PATH (Linux, the same value on x86-64 and arm64; Node does not export
// it): an fd that names an inode without opening it for I/O, so a FIFO or a
// device is looked at with fstat before anything could block on it.
const O_PATH = 0o10000000;
const { O_DIRECTORY, O_NOFOLLOW, O_RDONLY, O_NONBLOCK, O_NOCTTY } = external_node_fs_.constants;
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
class PathChangedError extends base_tool/* ToolError */.v {
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
        throw new base_tool/* ToolError */.v(`${options.inputPath} is the workspace directory itself; give a file path inside it.`);
    }
    let directory = await (0,promises_.open)(workdir, O_RDONLY | O_DIRECTORY);
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
        return await (0,promises_.open)(target, flags);
    }
    catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT' && options.create) {
            // mkdir never follows a symbolic link at its last component (EEXIST).
            await (0,promises_.mkdir)(target, { mode: 0o755 }).catch((mkdirError) => {
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
            throw new base_tool/* ToolError */.v(`Cannot create the folders for ${options.inputPath}: part of its directory path is an existing file. Pick another path or remove that file first.`);
        }
        throw error;
    }
}
async function isSymbolicLink(target) {
    const probe = await (0,promises_.open)(target, O_PATH | O_NOFOLLOW).catch(() => undefined);
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
        probe = await (0,promises_.open)(pathIn(parent.directory, parent.name), O_PATH | O_NOFOLLOW);
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
        const handle = await (0,promises_.open)(`/proc/self/fd/${probe.fd}`, flags);
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
const { O_CREAT, O_EXCL, O_NOFOLLOW: atomic_write_O_NOFOLLOW, O_RDONLY: atomic_write_O_RDONLY, O_DIRECTORY: atomic_write_O_DIRECTORY, O_WRONLY } = external_node_fs_.constants;
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
    const random = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const temp = pathIn(directory, `.${name.slice(0, 100)}.${random}.tmp`);
    let handle;
    try {
        // Never follow or reuse something already at the temp name.
        handle = await (0,promises_.open)(temp, O_WRONLY | O_CREAT | O_EXCL | atomic_write_O_NOFOLLOW, mode);
        await handle.writeFile(data);
        // The umask may have narrowed the mode given to open().
        await handle.chmod(mode);
        await handle.sync();
        await handle.close();
        handle = undefined;
        // rename(2) replaces the directory entry, never following a link there.
        await (0,promises_.rename)(temp, pathIn(directory, name));
    }
    catch (error) {
        // The write already failed; a failing close must not hide why.
        await handle?.close().catch(() => undefined);
        await (0,promises_.rm)(temp, { force: true });
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
        handle = await (0,promises_.open)(pathIn(directory, name), O_PATH | atomic_write_O_NOFOLLOW);
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
        throw new base_tool/* ToolError */.v(`${named} is empty: give a file path inside the workspace, relative to its root.`);
    }
    // The OS cuts a path at NUL, so the checked and the opened path could differ.
    if (inputPath.includes('\0')) {
        throw new base_tool/* ToolError */.v(`${named} contains a NUL byte: paths must stay inside the workspace and be plain text.`);
    }
    // Lexical check first: catches `..`, absolute paths and `/work-evil`.
    const joined = external_node_path_default().resolve(workdir, inputPath);
    if (!isInside(workdir, joined)) {
        throw new base_tool/* ToolError */.v(`${named} is outside the workspace (${workdir}): paths must stay inside the workspace. Use a path relative to its root.`);
    }
    // Then the real path: a symbolic link inside may point anywhere.
    const real = await resolveRealPath(joined, inputPath);
    if (!isInside(workdir, real)) {
        throw new base_tool/* ToolError */.v(`${named} leads through a symbolic link to ${real}, outside the workspace (${workdir}): paths must stay inside the workspace.`);
    }
    const root = OFF_LIMITS_ROOTS.find((off) => isInside(off, real));
    if (root) {
        throw new base_tool/* ToolError */.v(`${named} resolves into ${root}, which is off limits: paths must stay inside the workspace and out of /proc, /sys and /dev.`);
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
        throw new base_tool/* ToolError */.v(`Path ${JSON.stringify(relative)} is inside .git: writes into .git are not allowed. Change files of the working tree only.`);
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
        return await (0,promises_.realpath)(target);
    }
    catch (error) {
        const code = workspace_path_errorCode(error);
        if (code !== 'ENOENT' && code !== 'ENOTDIR') {
            throw unresolvable(inputPath, code);
        }
    }
    // Not a link (EINVAL) or not there at all: go on through the parent.
    const link = await (0,promises_.readlink)(target).catch(() => null);
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
    return new base_tool/* ToolError */.v(`Path ${JSON.stringify(inputPath)} could not be resolved (${code}): paths must stay inside the workspace and lead to a real file.`);
}

;// CONCATENATED MODULE: ./src/tools/edit-file.ts







// A NUL byte in the first 8 KiB marks a binary file, as git decides.
const BINARY_PROBE_BYTES = 8192;
const edit_file_DESCRIPTION = `Replaces one piece of text in an existing file of the workspace.

- path: relative to the workspace root. The file must exist (create files with write_file). Paths outside the workspace (also through symbolic links) and paths inside .git are refused.
- source_text: the text to replace, copied from the file as read_file showed it. It must occur exactly once. If it is not found verbatim, edit_file retries with \\r\\n read as \\n, then with whitespace around source_text ignored, then line by line with indentation ignored (the whole matched lines are replaced).
- target_text: the new text (empty to delete). The file keeps its line endings (\\r\\n stays \\r\\n) and its permissions.
- If source_text is not found: read the file again with read_file and copy the exact text. If it matches several places: include more surrounding lines to make it unique.
- Binary files are refused.`;
/** Checks the fields of an edit_file call. */
function parseEditFileInput(input) {
    const { path, source_text: sourceText, target_text: targetText } = input;
    if (typeof path !== 'string' || path === '') {
        throw new base_tool/* ToolError */.v("edit_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    if (typeof sourceText !== 'string' || sourceText === '') {
        throw new base_tool/* ToolError */.v("edit_file needs 'source_text': the non-empty text to replace, copied from the file. To create a file, use write_file.");
    }
    if (typeof targetText !== 'string') {
        throw new base_tool/* ToolError */.v("edit_file needs 'target_text': a string with the new text (empty to delete source_text).");
    }
    if (sourceText === targetText) {
        throw new base_tool/* ToolError */.v('source_text and target_text are the same, so nothing would change. Put the new text in target_text.');
    }
    return { path, sourceText, targetText };
}
const editFileTool = (0,define_tool/* defineTool */.u)({
    name: 'edit_file',
    description: edit_file_DESCRIPTION,
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
        throw new base_tool/* ToolError */.v(`source_text was not found in ${input.path}, not even with whitespace and line endings ignored. Read the file again with read_file and copy the exact text to replace.`);
    }
    if (outcome.kind === 'ambiguous') {
        const count = outcome.count >= MATCH_COUNT_LIMIT
            ? `at least ${outcome.count}`
            : `${outcome.count}`;
        throw new base_tool/* ToolError */.v(`source_text matches ${count} places in ${input.path} (${outcome.level} match); edit_file changes exactly one. Include more surrounding lines to make it unique.`);
    }
    await writeFileAtomicIn(parent.directory, parent.name, outcome.content, mode);
    return `成功修改文件: ${input.path}`;
}
function notFound(path) {
    return new base_tool/* ToolError */.v(`File not found: ${path}. edit_file changes existing files only: check the path, or create the file with write_file.`);
}
/** The file as UTF-8 text and its mode; refuses what an edit would corrupt. */
async function readTextFile(parent, path) {
    const found = await openEntry(parent, path);
    if (found.kind === 'missing')
        throw notFound(path);
    if (found.kind !== 'file') {
        throw new base_tool/* ToolError */.v(`${path} is not a regular file; edit_file edits files.`);
    }
    let bytes;
    try {
        bytes = await found.handle.readFile();
    }
    finally {
        await found.handle.close();
    }
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
        throw new base_tool/* ToolError */.v(`${path} looks like a binary file (it contains NUL bytes); edit_file edits text only.`);
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
        throw new base_tool/* ToolError */.v(`${path} is not valid UTF-8 text, so edit_file cannot change it safely. Use write_file to rewrite it, or bash (e.g. sed) to edit it.`);
    }
}

// EXTERNAL MODULE: ./src/tools/file-tool-host.ts
var file_tool_host = __webpack_require__(3071);
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
        throw new base_tool/* ToolError */.v("read_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    return {
        path,
        offset: readPositiveInteger('offset', offset) ?? 1,
        limit: readPositiveInteger('limit', limit) ?? Number.POSITIVE_INFINITY,
    };
}
const readFileTool = (0,define_tool/* defineTool */.u)({
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
        throw new base_tool/* ToolError */.v(`File not found: ${path}. Check the path (relative to the workspace root), or list the directory with bash (ls).`);
    }
    if (found.kind === 'directory') {
        throw new base_tool/* ToolError */.v(`${path} is a directory, not a file. List it with bash (ls ${path}), then read a file inside it.`);
    }
    // A FIFO or device would block or never end: it was never opened.
    if (found.kind === 'other') {
        throw new base_tool/* ToolError */.v(`${path} is not a regular file; read_file reads files only.`);
    }
    return found.handle;
}
/** Reads the requested lines without ever holding more than a chunk and the window. */
async function readWindow(handle, input) {
    const probe = await readAt(handle, 0, read_file_BINARY_PROBE_BYTES);
    if (probe.includes(0)) {
        throw new base_tool/* ToolError */.v(`${input.path} looks like a binary file (it contains NUL bytes); read_file shows text only. Inspect it with bash (e.g. file, xxd | head).`);
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
        throw new base_tool/* ToolError */.v(`offset=${input.offset} is past the end of ${input.path}: the file has fewer lines. Call read_file without offset to read from the start.`);
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
        throw new base_tool/* ToolError */.v(`read_file: '${name}' must be a whole number of 1 or more, got ${JSON.stringify(value)}.`);
    }
    return value;
}

// EXTERNAL MODULE: ./src/util/tool-arguments.ts
var tool_arguments = __webpack_require__(909);
;// CONCATENATED MODULE: ./src/tools/registry.ts


/**
 * How long a tool may take to settle after its signal fired. A tool that
 * honours the signal reports its own partial output in that time (bash does);
 * one that does not is abandoned so the loop never waits on it.
 */
const ABORT_GRACE_MS = 1000;
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * Holds the tools by name and runs calls. Every outcome of a call — success,
 * unknown tool, bad arguments, a throw, a timeout, an abort — becomes a
 * ToolResult, so nothing a tool does can crash the loop.
 */
class Registry {
    tools = new Map();
    warn;
    constructor(options = {}) {
        this.warn = options.warn ?? ((message) => process.emitWarning(message));
    }
    /** Adds a tool; a tool of the same name is replaced, with a warning. */
    register(tool) {
        if (this.tools.has(tool.name)) {
            this.warn(`Tool '${tool.name}' was registered twice; the later one wins.`);
        }
        this.tools.set(tool.name, tool);
    }
    /** The definitions sent to the model, in registration order. */
    getAvailableTools() {
        return [...this.tools.values()].map((tool) => tool.definition());
    }
    /** Finds the call's tool and parses its arguments; never throws. */
    prepare(call) {
        const tool = this.tools.get(call.name);
        if (!tool) {
            const available = [...this.tools.keys()].join(', ');
            const output = `Unknown tool '${call.name}'. Available tools: ${available}.`;
            return { kind: 'refused', call, output };
        }
        // A huge or absurdly nested call is refused before any tool parses it.
        const tooLarge = (0,tool_arguments/* checkArgumentLimits */.M1)(call.arguments);
        if (tooLarge !== undefined)
            return { kind: 'refused', call, output: tooLarge };
        try {
            const args = tool.parseArguments(call.arguments);
            return { kind: 'ready', call, tool, args, path: tool.pathOf(args) };
        }
        catch (error) {
            return { kind: 'refused', call, output: messageOf(error) };
        }
    }
    /** Runs a prepared call under its timer and the run's signal. */
    async run(prepared, options) {
        if (prepared.kind === 'refused') {
            return failure(prepared.call, prepared.output);
        }
        const { call, tool, args } = prepared;
        const timer = startCallTimer(options.timeoutMs, options.signal);
        const { signal } = timer;
        const context = {
            workdir: options.workdir,
            env: options.env,
            signal,
        };
        try {
            const output = await settleOrGiveUp(tool.execute(args, context), signal);
            return { toolCallId: call.id, output, isError: signal.aborted };
        }
        catch (error) {
            if (error instanceof GaveUpError) {
                return failure(call, describeAbort(call.name, signal));
            }
            return failure(call, messageOf(error));
        }
        finally {
            timer.dispose();
        }
    }
    /** `prepare` then `run`, for a caller with a single call. */
    execute(call, options) {
        return this.run(this.prepare(call), options);
    }
}
/**
 * The call's signal: aborted by its timer (reason: ToolTimeoutError) or by
 * the run's signal (its reason), whichever comes first.
 */
function startCallTimer(timeoutMs, run) {
    const controller = new AbortController();
    const onRunAbort = () => controller.abort(run?.reason);
    if (run?.aborted)
        onRunAbort();
    else
        run?.addEventListener('abort', onRunAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new tool_timeout/* ToolTimeoutError */.A(timeoutMs)), Math.min(timeoutMs, MAX_TIMER_MS));
    return {
        signal: controller.signal,
        dispose: () => {
            clearTimeout(timer);
            run?.removeEventListener('abort', onRunAbort);
        },
    };
}
class GaveUpError extends Error {
}
/** Waits for the tool; once the signal fires, waits at most ABORT_GRACE_MS more. */
function settleOrGiveUp(work, signal) {
    let timer;
    const onAbort = () => {
        timer = setTimeout(() => giveUp(new GaveUpError()), ABORT_GRACE_MS);
    };
    let giveUp = () => { };
    const gaveUp = new Promise((_, reject) => {
        giveUp = reject;
    });
    if (signal.aborted)
        onAbort();
    else
        signal.addEventListener('abort', onAbort, { once: true });
    return Promise.race([work, gaveUp]).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
    });
}
/** The signal keeps the reason of whichever source fired first. */
function describeAbort(name, signal) {
    const reason = signal.reason;
    if (reason instanceof tool_timeout/* ToolTimeoutError */.A) {
        return `Tool '${name}' ${reason.message} and was abandoned.`;
    }
    return `Tool '${name}' was stopped because the run was aborted.`;
}
function failure(call, output) {
    return { toolCallId: call.id, output, isError: true };
}
function messageOf(error) {
    if (error instanceof Error)
        return error.message || error.name;
    return String(error);
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
        throw new base_tool/* ToolError */.v("write_file needs 'path': a non-empty string, the file's path relative to the workspace root.");
    }
    if (typeof content !== 'string') {
        throw new base_tool/* ToolError */.v("write_file needs 'content': a string holding the complete file content (it may be empty).");
    }
    return { path, content };
}
const writeFileTool = (0,define_tool/* defineTool */.u)({
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
            throw new base_tool/* ToolError */.v(`${input.path} is a directory; write_file needs a file path, e.g. ${input.path}/new-file.txt.`);
        }
        const mode = found.kind === 'file' ? found.mode : undefined;
        await writeFileAtomicIn(parent.directory, parent.name, input.content, mode);
    }
    finally {
        await parent.directory.close();
    }
}

;// CONCATENATED MODULE: ./src/tools/tool-lists.ts






/** read_file, write_file, edit_file and bash: the tools of a task run. */
const builtInTools = (setup) => [
    ...[readFileTool, writeFileTool, editFileTool].map((tool) => inHost(tool, setup)),
    tool_lists_bashTool(setup),
];
/**
 * read_file and bash: no tool that writes. bash changes nothing only when
 * `wrapCommand` runs it in a read-only sandbox (review mode does).
 */
const readOnlyTools = (setup) => [
    inHost(readFileTool, setup),
    tool_lists_bashTool(setup),
];
/** A registry holding `tools`, in their order. */
function registryOf(tools, options = {}) {
    const registry = new Registry({ warn: options.warn });
    for (const tool of tools)
        registry.register(tool);
    return registry;
}
function inHost(tool, setup) {
    return setup.fileToolHost ? (0,file_tool_host/* hostFileTool */.HC)(tool, setup.fileToolHost) : tool;
}
function tool_lists_bashTool(setup) {
    const makeBash = (wrapCommand = setup.wrapCommand) => createBashTool({ timeoutMs: setup.bashTimeoutMs, wrapCommand });
    return setup.containBash ? setup.containBash(makeBash) : makeBash();
}


/***/ }),

/***/ 163:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ ToolTimeoutError),
/* harmony export */   X: () => (/* binding */ formatSeconds)
/* harmony export */ });
/**
 * The abort reason of a tool call whose time ran out. Its message is the one
 * phrase the model reads for it, whichever part reports it: bash's partial
 * output, the file tools' helper, or the registry abandoning a deaf tool.
 */
class ToolTimeoutError extends Error {
    timeoutMs;
    constructor(timeoutMs) {
        super(`timed out after ${formatSeconds(timeoutMs)}`);
        this.timeoutMs = timeoutMs;
        this.name = 'ToolTimeoutError';
    }
}
/** `1500` → `"1.5 s"`, as the model reads limits. */
function formatSeconds(ms) {
    return `${Number((ms / 1000).toFixed(1))} s`;
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


/***/ }),

/***/ 909:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M1: () => (/* binding */ checkArgumentLimits),
/* harmony export */   nG: () => (/* binding */ MAX_ARGUMENT_DEPTH)
/* harmony export */ });
/* unused harmony exports MAX_ARGUMENT_BYTES, measureNesting */
/**
 * Limits on a tool call's raw arguments. Every tool takes a flat JSON
 * object, so deeper nesting is a malformed (or hostile) call: left alone it
 * overflows the stack of JSON.stringify and makes indented logs grow with
 * the square of its depth.
 */
const MAX_ARGUMENT_DEPTH = 32;
/** The most bytes of arguments one call may carry (about 250k tokens). */
const MAX_ARGUMENT_BYTES = 1024 * 1024;
/**
 * Why `raw` is not acceptable as a call's arguments (too large or nested
 * too deep), in a sentence for the model; undefined when it is. Linear in
 * the text; brackets inside JSON strings do not count.
 */
function checkArgumentLimits(raw) {
    const bytes = Buffer.byteLength(raw, 'utf8');
    if (bytes > MAX_ARGUMENT_BYTES) {
        return `The call's arguments are ${bytes} bytes, more than the ${MAX_ARGUMENT_BYTES}-byte limit. Send smaller pieces (for example write a large file in several edit_file or bash calls).`;
    }
    const depth = measureNesting(raw);
    if (depth > MAX_ARGUMENT_DEPTH) {
        return `The call's arguments nest ${depth} levels deep; tools take a flat JSON object (at most ${MAX_ARGUMENT_DEPTH} levels). Send the call again with plain arguments.`;
    }
    return undefined;
}
/** The deepest bracket nesting of JSON-like text, ignoring string contents. */
function measureNesting(raw) {
    let depth = 0;
    let deepest = 0;
    let inString = false;
    for (let index = 0; index < raw.length; index++) {
        const char = raw[index];
        if (inString) {
            if (char === '\\')
                index++;
            else if (char === '"')
                inString = false;
        }
        else if (char === '"') {
            inString = true;
        }
        else if (char === '{' || char === '[') {
            depth++;
            if (depth > deepest)
                deepest = depth;
        }
        else if (char === '}' || char === ']') {
            depth = Math.max(0, depth - 1);
        }
    }
    return deepest;
}


/***/ })

};

//# sourceMappingURL=496.index.js.map
export const id = 533;
export const ids = [533];
export const modules = {

/***/ 9533:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AnthropicProvider: () => (/* binding */ AnthropicProvider),
  DEFAULT_ANTHROPIC_MAX_TOKENS: () => (/* binding */ DEFAULT_ANTHROPIC_MAX_TOKENS)
});

// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sdk/client.mjs + 241 modules
var client = __webpack_require__(395);
// EXTERNAL MODULE: ./src/util/tool-arguments.ts
var tool_arguments = __webpack_require__(909);
;// CONCATENATED MODULE: ./src/providers/anthropic-reply-blocks.ts

/**
 * Rebuilds the content blocks of a streamed reply from its raw events, so the
 * assistant turn can be sent back exactly as a non-streamed reply would have
 * returned it: thinking with its signature, redacted thinking, server-tool
 * calls and their results, text with its citations.
 * https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
class AnthropicReplyBlocks {
    open = new Map();
    done = new Map();
    start(index, block) {
        this.open.set(index, {
            block: structuredClone(block),
            json: [],
        });
    }
    delta(index, delta) {
        const entry = this.open.get(index);
        if (!entry)
            return;
        const { block } = entry;
        switch (delta.type) {
            case 'text_delta':
                block.text = `${stringField(block, 'text')}${delta.text}`;
                return;
            case 'input_json_delta':
                entry.json.push(delta.partial_json);
                return;
            case 'thinking_delta':
                block.thinking = `${stringField(block, 'thinking')}${delta.thinking}`;
                return;
            case 'signature_delta':
                block.signature = delta.signature;
                return;
            case 'citations_delta': {
                const citations = Array.isArray(block.citations) ? block.citations : [];
                block.citations = [...citations, delta.citation];
                return;
            }
        }
    }
    /** Closes a block; a tool input that is not whole JSON stays raw text. */
    stop(index) {
        const entry = this.open.get(index);
        if (!entry)
            return;
        this.open.delete(index);
        if (entry.json.length > 0) {
            const raw = entry.json.join('');
            entry.block.input = parseOrRaw(raw);
            if (raw !== '')
                entry.block[RAW_INPUT] = raw;
        }
        this.done.set(index, entry.block);
    }
    /** The closed blocks in index order. */
    blocks() {
        return [...this.done.entries()]
            .sort(([a], [b]) => a - b)
            .map(([, block]) => block);
    }
}
// The input text as the model wrote it, so a call's arguments reach the tool
// byte for byte; stripped before the block is sent back.
const RAW_INPUT = '__rawInput';
/**
 * Our message from a reply's blocks: text joined, `tool_use` blocks as the
 * calls we run, thinking text as reasoning. Server tools (`server_tool_use`,
 * their `*_tool_result`) ran on Anthropic's side: they are never calls of
 * ours, only kept in `providerData` to be sent back with the rest.
 */
function messageFromBlocks(blocks, stop) {
    const text = [];
    const reasoning = [];
    const toolCalls = [];
    for (const block of blocks) {
        if (block.type === 'text')
            text.push(stringField(block, 'text'));
        if (block.type === 'thinking')
            reasoning.push(stringField(block, 'thinking'));
        if (block.type === 'tool_use') {
            const raw = block[RAW_INPUT];
            toolCalls.push({
                id: stringField(block, 'id'),
                name: stringField(block, 'name'),
                arguments: typeof raw === 'string' ? raw : stringifyToolInput(block.input),
            });
        }
    }
    return {
        role: 'assistant',
        content: text.join(''),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
        ...(reasoning.length > 0 ? { reasoning: reasoning.join('\n') } : {}),
        providerData: {
            provider: 'anthropic',
            value: blocks.map((block) => sendableInput(withoutRawInput(block))),
        },
        stop,
    };
}
/**
 * The provider's stop reason in our words; `stop_details.explanation` (sent
 * with a refusal) is kept for the log, the summary and the reply.
 * https://docs.anthropic.com/en/api/handling-stop-reasons
 */
function convertAnthropicStop(stopReason, stopDetails) {
    const explanation = explanationOf(stopDetails);
    const reason = stopReason === 'end_turn' ||
        stopReason === 'tool_use' ||
        stopReason === 'stop_sequence'
        ? 'end'
        : stopReason === 'max_tokens' ||
            stopReason === 'model_context_window_exceeded'
            ? 'length'
            : stopReason === 'refusal'
                ? 'refusal'
                : 'other';
    return {
        reason,
        raw: stopReason,
        ...(explanation ? { explanation } : {}),
    };
}
function explanationOf(details) {
    if (typeof details !== 'object' || details === null)
        return undefined;
    const value = Reflect.get(details, 'explanation');
    return typeof value === 'string' && value !== '' ? value : undefined;
}
/**
 * The input back to text. Input nested deeper than the stack allows cannot
 * be written out; it becomes text that is not JSON, so only that call fails.
 */
function stringifyToolInput(input) {
    try {
        return JSON.stringify(input ?? {});
    }
    catch {
        return '(tool input nested too deeply to be read)';
    }
}
/**
 * A tool_use block whose input the registry refuses (too deep or too large)
 * goes back with `{}`: sent as it came, it would overflow the SDK's
 * JSON.stringify and fail every later request of the run.
 */
function sendableInput(block) {
    if (block.type !== 'tool_use')
        return block;
    let text;
    try {
        text = JSON.stringify(block.input ?? {});
    }
    catch {
        return { ...block, input: {} };
    }
    return (0,tool_arguments/* checkArgumentLimits */.M1)(text) === undefined
        ? block
        : { ...block, input: {} };
}
function withoutRawInput(block) {
    if (!(RAW_INPUT in block))
        return block;
    const copy = { ...block };
    delete copy[RAW_INPUT];
    return copy;
}
function parseOrRaw(raw) {
    if (raw === '')
        return {};
    try {
        const value = JSON.parse(raw);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
            ? value
            : {};
    }
    catch {
        // A cut-off input: the tool gets the raw text and rejects it; the API
        // gets `{}`, as for any input that is not an object.
        return {};
    }
}
function stringField(block, key) {
    const value = block[key];
    return typeof value === 'string' ? value : '';
}

;// CONCATENATED MODULE: ./src/providers/anthropic-convert.ts

// Prompt caching: a breakpoint caches everything before it. One on the system
// prompt, one on the last tool, one on the newest block lets each call of a
// long run re-read the history written by the call before (3 of the 4
// breakpoints allowed).
// https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
const EPHEMERAL = { type: 'ephemeral' };
/**
 * Our history as a Messages API prompt: system prompts move to the top-level
 * `system`, observations become `tool_result` blocks, and consecutive messages
 * of one role merge, because the API requires user and assistant to alternate
 * (so a turn's observations share one user message, in call order).
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
function convertMessagesToAnthropic(messages, options = {}) {
    const system = messages
        .filter((message) => message.role === 'system' && message.content !== '')
        .map((message) => textBlock(message.content));
    const turns = [];
    // The newest block that stays in the history: a transient note (the
    // budget) after it is not part of the prefix the next call re-reads.
    let breakpoint;
    for (const message of messages) {
        if (message.role === 'system')
            continue;
        const content = options.toolBlocksAsText
            ? convertContentAsText(message)
            : convertContent(message);
        // The API rejects empty text blocks and empty messages; skipping them
        // before merging keeps the roles alternating.
        if (content.length === 0)
            continue;
        const last = turns.at(-1);
        if (last?.role === message.role)
            last.content.push(...content);
        else
            turns.push({ role: message.role, content });
        if (!message.transient) {
            const turn = turns.length - 1;
            breakpoint = { turn, block: turns[turn].content.length - 1 };
        }
    }
    return {
        system: system.length > 0 ? withCacheOnLast(system) : undefined,
        messages: turns.map((turn, index) => index === breakpoint?.turn
            ? {
                role: turn.role,
                content: withCacheAt(turn.content, breakpoint.block),
            }
            : turn),
    };
}
function convertContent(message) {
    if (message.toolCallId !== undefined) {
        return [
            {
                type: 'tool_result',
                tool_use_id: message.toolCallId,
                // An empty text content is rejected; no content is allowed.
                ...(message.content === '' ? {} : { content: message.content }),
                is_error: message.isError ?? false,
            },
        ];
    }
    const received = receivedBlocks(message);
    if (received)
        return received;
    const blocks = [];
    if (message.content !== '')
        blocks.push(textBlock(message.content));
    for (const call of message.toolCalls ?? []) {
        blocks.push({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: parseToolInput(call.arguments),
        });
    }
    return blocks;
}
/**
 * An assistant reply goes back exactly as Anthropic sent it: thinking and
 * redacted thinking with their signatures (the API rejects a tool-use turn
 * without them when thinking is on), server-tool calls and their results,
 * citations. Empty text blocks, which the API rejects, are left out.
 */
function receivedBlocks(message) {
    const data = message.providerData;
    if (data?.provider !== 'anthropic' || !Array.isArray(data.value)) {
        return undefined;
    }
    return data.value.filter((block) => !(block.type === 'text' && block.text === ''));
}
/**
 * A request without `tools` may not carry tool_use or tool_result blocks
 * (the API answers 400), yet a thinking-phase call after the first turn has
 * them in its history. Written out as text, they keep their meaning.
 */
function convertContentAsText(message) {
    if (message.toolCallId !== undefined) {
        const status = message.isError ? ' (error)' : '';
        return [
            textBlock(`[tool result ${message.toolCallId}${status}]\n${message.content}`),
        ];
    }
    const calls = (message.toolCalls ?? []).map((call) => textBlock(`[tool call ${call.id}: ${call.name} ${call.arguments}]`));
    return [
        ...(message.content === '' ? [] : [textBlock(message.content)]),
        ...calls,
    ];
}
/**
 * `tool_use.input` must be an object, while our arguments are the raw text
 * the model wrote. Text that is not a JSON object (a cut-off or malformed
 * call, which the tool already answered with an error) is sent as `{}`.
 */
function parseToolInput(raw) {
    // Refused by the registry too; deep nesting would overflow the SDK's
    // JSON.stringify and fail every later request of the run.
    if ((0,tool_arguments/* checkArgumentLimits */.M1)(raw) !== undefined)
        return {};
    try {
        const value = JSON.parse(raw);
        if (isRecord(value))
            return value;
    }
    catch {
        // Not JSON: fall through to the empty input the API accepts.
    }
    return {};
}
/** Tools with the schema split into `properties` and `required`. */
function convertToolsToAnthropic(tools) {
    const converted = tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: {
            type: 'object',
            properties: tool.inputSchema.properties,
            ...(tool.inputSchema.required
                ? { required: tool.inputSchema.required }
                : {}),
        },
    }));
    return withCacheOnLast(converted);
}
/**
 * `input_tokens` counts only the uncached part; our `inputTokens` counts all,
 * so cache reads and writes are added back.
 */
function convertAnthropicUsage(usage) {
    const cacheRead = usage.cache_read_input_tokens ?? 0;
    return {
        inputTokens: (usage.input_tokens ?? 0) +
            cacheRead +
            (usage.cache_creation_input_tokens ?? 0),
        outputTokens: usage.output_tokens ?? 0,
        cachedInputTokens: cacheRead,
        ...(usage.cache_creation_input_tokens
            ? { cacheWriteInputTokens: usage.cache_creation_input_tokens }
            : {}),
    };
}
function textBlock(text) {
    return { type: 'text', text };
}
function withCacheOnLast(items) {
    return withCacheAt(items, items.length - 1);
}
function withCacheAt(items, at) {
    return items.map((item, index) => index === at ? { ...item, cache_control: EPHEMERAL } : item);
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// EXTERNAL MODULE: ./src/providers/api-provider.ts
var api_provider = __webpack_require__(870);
// EXTERNAL MODULE: ./src/providers/create-provider.ts
var create_provider = __webpack_require__(9880);
// EXTERNAL MODULE: ./src/providers/provider-errors.ts
var provider_errors = __webpack_require__(7397);
// EXTERNAL MODULE: ./src/providers/reasoning-level.ts
var reasoning_level = __webpack_require__(5417);
;// CONCATENATED MODULE: ./src/providers/anthropic.ts







const PROVIDER = 'anthropic';
/** `max_tokens` is required by the Messages API; this is our default. */
const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;
// The SDK refuses a non-streamed call whose max_tokens suggests a reply over
// 10 minutes unless a timeout is given; the caller's signal bounds it anyway.
const NON_STREAMED_TIMEOUT_MS = 10 * 60_000;
// Stop reasons that cut a reply at a limit, possibly inside a tool call.
const LIMIT_STOP_REASONS = new Set([
    'max_tokens',
    'model_context_window_exceeded',
]);
/** The Messages API through `@anthropic-ai/sdk`; we retry, the SDK does not. */
class AnthropicProvider extends api_provider/* ApiProvider */.K {
    client;
    maxTokens;
    /** `maxTokens` defaults to 8192; `reasoning` is extended thinking. */
    constructor(options) {
        super((0,create_provider/* providerRow */.iy)(PROVIDER), client/* Anthropic */.N, options);
        this.maxTokens = options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
        // An explicit key and base URL keep the SDK from reading the environment.
        this.client = new client/* Anthropic */.N({
            apiKey: this.apiKey,
            baseURL: this.baseURL,
            maxRetries: 0,
            // Failures reach the caller as ProviderErrors; the SDK's own console
            // output would bypass the log.
            logLevel: 'off',
        });
    }
    async generateOnce(messages, tools, signal) {
        const reply = await this.client.messages.create({ ...this.request(messages, tools), stream: false }, { signal, timeout: NON_STREAMED_TIMEOUT_MS });
        const stop = convertAnthropicStop(reply.stop_reason ?? '', Reflect.get(reply, 'stop_details'));
        const message = messageFromBlocks(reply.content, stop);
        if (LIMIT_STOP_REASONS.has(reply.stop_reason ?? '') && message.toolCalls) {
            throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, reply.stop_reason ?? '');
        }
        return { message, usage: convertAnthropicUsage(reply.usage) };
    }
    /**
     * One streamed attempt over the raw events. The SDK's stream helper is not
     * used: it turns a tool input cut off mid-JSON into `{}` without a word.
     * https://docs.anthropic.com/en/docs/build-with-claude/streaming
     */
    async *streamOnce(messages, tools, signal) {
        const stream = await this.client.messages.create({ ...this.request(messages, tools), stream: true }, { signal });
        const state = {
            blocks: new AnthropicReplyBlocks(),
            usage: {},
            stopReason: '',
            stopDetails: undefined,
            stopped: false,
        };
        for await (const event of (0,provider_errors/* readStream */.bv)(PROVIDER, stream)) {
            const text = readEvent(event, state);
            if (text)
                yield text;
        }
        // Only `message_stop` proves the reply is whole.
        this.endStream(signal, state.stopped);
        const message = messageFromBlocks(state.blocks.blocks(), convertAnthropicStop(state.stopReason, state.stopDetails));
        if (LIMIT_STOP_REASONS.has(state.stopReason) && message.toolCalls) {
            throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, state.stopReason);
        }
        // Calls wait for the end, so a stream cut off and retried never yields
        // a call from the failed attempt.
        for (const toolCall of message.toolCalls ?? []) {
            yield { type: 'tool-call', toolCall };
        }
        yield {
            type: 'message-end',
            message,
            usage: convertAnthropicUsage(state.usage),
        };
    }
    request(messages, tools) {
        const prompt = convertMessagesToAnthropic(messages, {
            toolBlocksAsText: tools === null,
        });
        const thinking = (0,reasoning_level/* anthropicThinking */.NN)(this.reasoning, this.maxTokens);
        return {
            model: this.model,
            max_tokens: thinking?.maxTokens ?? this.maxTokens,
            ...(thinking ? { thinking: thinking.thinking } : {}),
            ...(prompt.system ? { system: prompt.system } : {}),
            messages: prompt.messages,
            // `null` is the thinking phase: no `tools` field at all.
            ...(tools === null ? {} : { tools: convertToolsToAnthropic(tools) }),
        };
    }
}
/**
 * Folds one raw stream event into the state; returns the text event to yield
 * at once, if the event carried text. Every block is rebuilt whole (see
 * AnthropicReplyBlocks); only `tool_use` blocks become our calls.
 */
function readEvent(event, state) {
    switch (event.type) {
        case 'message_start':
            mergeUsage(state.usage, event.message.usage);
            return undefined;
        case 'content_block_start': {
            const block = event.content_block;
            state.blocks.start(event.index, block);
            return block.type === 'text' && block.text
                ? { type: 'text-delta', text: block.text }
                : undefined;
        }
        case 'content_block_delta':
            state.blocks.delta(event.index, event.delta);
            return event.delta.type === 'text_delta'
                ? { type: 'text-delta', text: event.delta.text }
                : undefined;
        case 'content_block_stop':
            state.blocks.stop(event.index);
            return undefined;
        case 'message_delta':
            state.stopReason = event.delta.stop_reason ?? state.stopReason;
            state.stopDetails =
                Reflect.get(event.delta, 'stop_details') ?? state.stopDetails;
            mergeUsage(state.usage, event.usage);
            return undefined;
        case 'message_stop':
            state.stopped = true;
            return undefined;
    }
    return undefined;
}
/**
 * `message_start` carries the input counts, `message_delta` the final
 * (cumulative) output count and sometimes updated input counts; a null means
 * "unchanged".
 */
function mergeUsage(target, update) {
    for (const key of [
        'input_tokens',
        'output_tokens',
        'cache_read_input_tokens',
        'cache_creation_input_tokens',
    ]) {
        const value = update[key];
        if (typeof value === 'number')
            target[key] = value;
    }
}


/***/ }),

/***/ 870:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ ApiProvider)
/* harmony export */ });
/* harmony import */ var _provider_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7397);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7252);


/**
 * What the adapters share: the key and endpoint read from the provider's
 * variables, and the retries around one attempt (backoff, idle timeout, a
 * cut stream restarted, SDK failures classified). An adapter writes only the
 * attempt: its wire conversion and its SDK call.
 */
class ApiProvider {
    name;
    model;
    apiKey;
    /** The endpoint; null lets the SDK use its own default. */
    baseURL;
    reasoning;
    retry;
    constructor(provider, sdkErrors, options) {
        const env = options.env ?? {};
        const apiKey = options.apiKey || env[provider.keyVariable];
        if (!apiKey)
            throw (0,_provider_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .missingKeyError */ .SQ)(provider);
        this.name = provider.name;
        this.model = options.model;
        this.apiKey = apiKey;
        this.baseURL = options.baseURL || env[provider.baseUrlVariable] || null;
        this.reasoning = options.reasoning ?? 'off';
        this.retry = {
            provider: provider.name,
            maxAttempts: (options.maxRetries ?? _retry_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_MAX_ATTEMPTS */ .Gz - 1) + 1,
            baseDelayMs: options.retryBaseDelayMs ?? _retry_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_RETRY_BASE_DELAY_MS */ .ky,
            idleTimeoutMs: options.idleTimeoutMs,
            onRetry: options.onRetry,
            toProviderError: (error) => (0,_provider_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .mapSdkError */ .hf)(provider.name, error, sdkErrors),
        };
    }
    generate(messages, tools, options = {}) {
        return (0,_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .withRetry */ .bD)((signal) => this.generateOnce(messages, tools, signal), this.retryPolicy(options));
    }
    generateStream(messages, tools, options = {}) {
        return (0,_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .withStreamRetry */ .lY)((signal) => this.streamOnce(messages, tools, signal), this.retryPolicy(options));
    }
    /**
     * Ends a streamed attempt whose events ran out: the SDKs end the iteration
     * quietly when the request is aborted or the connection drops, so an
     * attempt is only done when the API said its reply was `complete`;
     * otherwise the stream was cut off and is retried.
     */
    endStream(signal, complete) {
        signal?.throwIfAborted();
        if (!complete)
            throw (0,_provider_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .streamCutOffError */ .Am)(this.name);
    }
    retryPolicy(options) {
        return { ...this.retry, signal: options.signal, deadline: options.deadline };
    }
}


/***/ }),

/***/ 7397:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $q: () => (/* binding */ outputLimitError),
/* harmony export */   Am: () => (/* binding */ streamCutOffError),
/* harmony export */   SQ: () => (/* binding */ missingKeyError),
/* harmony export */   bv: () => (/* binding */ readStream),
/* harmony export */   hf: () => (/* binding */ mapSdkError)
/* harmony export */ });
/* unused harmony exports mapApiError, mapConnectionError, mapUnexpectedError */
/* harmony import */ var _provider_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9545);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7252);


// Error types a stream may report after a 200 that clear up on their own
// (https://docs.anthropic.com/en/api/errors#error-shapes).
const RETRYABLE_ERROR_TYPES = new Set([
    'api_error',
    'overloaded_error',
    'rate_limit_error',
    'server_error',
    'timeout_error',
]);
// An API message longer than this (a proxy's HTML page) is cut in the error.
const MAX_API_MESSAGE_CHARS = 500;
/**
 * An SDK `APIError` as our error: `openai request failed (HTTP 401): Incorrect
 * API key provided`. Without a status it was an error event inside a stream.
 */
function mapApiError(provider, error) {
    const apiMessage = truncate(findString(error.error, 'message') ?? withoutStatus(error.message));
    const malformedToolCall = describeMalformedToolCall(error.error, apiMessage);
    if (malformedToolCall) {
        return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} rejected a tool call the model wrote: ${apiMessage}`, { provider, status: error.status, cause: error, malformedToolCall });
    }
    if (error.status === undefined) {
        const type = findString(error.error, 'type') ?? '';
        return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} stream reported an error: ${apiMessage}`, { provider, retryable: RETRYABLE_ERROR_TYPES.has(type), cause: error });
    }
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} request failed (HTTP ${error.status}): ${apiMessage}`, {
        provider,
        status: error.status,
        retryable: (0,_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isRetryableStatus */ .PS)(error.status),
        cause: error,
    });
}
/**
 * Groq (and servers that copy it) check a call against its schema and answer
 * `code: tool_use_failed` with the model's text in `failed_generation`,
 * in the stream or as a 400. What the model is told, or undefined.
 * https://console.groq.com/docs/tool-use
 */
function describeMalformedToolCall(body, apiMessage) {
    if (findString(body, 'code') !== 'tool_use_failed')
        return undefined;
    const generation = findString(body, 'failed_generation');
    return (`Your last tool call was malformed and did not run: ${apiMessage}` +
        (generation ? `\nWhat you wrote: ${truncate(generation)}` : '') +
        "\nWrite the call again with arguments that match the tool's schema.");
}
/** No response, or the connection dropped mid-response: worth a retry. */
function mapConnectionError(provider, error) {
    // The root cause names the problem ("connect ECONNREFUSED 127.0.0.1:9");
    // the layers above it say "Connection error." and "fetch failed".
    let root = error;
    while (hasCause(root))
        root = root.cause;
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} request failed (connection error): ${messageOf(root)}`, { provider, retryable: true, cause: error });
}
/**
 * A failure outside the SDK's error classes. Reading a response body whose
 * connection dropped throws undici's `TypeError: terminated`, and a stream cut
 * inside an event leaves JSON that does not parse: both are retried.
 */
function mapUnexpectedError(provider, error) {
    if (isDroppedConnection(error))
        return mapConnectionError(provider, error);
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} request failed: ${messageOf(error)}`, {
        provider,
        cause: error,
    });
}
/** A stream that ended before the API said the reply was complete. */
function streamCutOffError(provider, cause) {
    const detail = cause === undefined ? '' : `: ${messageOf(cause)}`;
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} stream was cut off before the reply was complete${detail}`, { provider, retryable: true, cause });
}
/**
 * Re-yields an SDK stream, reporting a connection dropped mid-stream (or an
 * event cut in half) as a cut-off stream, which is retried.
 */
async function* readStream(provider, stream) {
    try {
        yield* stream;
    }
    catch (error) {
        throw isDroppedConnection(error)
            ? streamCutOffError(provider, error)
            : error;
    }
}
/** The output token limit ended the reply inside a tool call's arguments. */
function outputLimitError(provider, stopReason) {
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider} reply hit the output token limit in the middle of a tool ` +
        `call (stop reason '${stopReason}'); raise the limit or ask for ` +
        'smaller steps', { provider });
}
/** The one sentence a user sees when no key is configured. */
function missingKeyError(provider) {
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${provider.label} API key missing: set ${provider.keyVariable}.`, { provider: provider.name });
}
/** A failure of an SDK call (or of reading its stream) as our error. */
function mapSdkError(provider, error, sdk) {
    // Connection and abort errors are APIErrors without a status: test first.
    if (error instanceof sdk.APIConnectionError) {
        return mapConnectionError(provider, error);
    }
    if (error instanceof sdk.APIError)
        return mapApiError(provider, error);
    return mapUnexpectedError(provider, error);
}
// By name, not `instanceof`: undici's errors come from Node's own realm,
// which is not the realm of a test runner's vm context.
function isDroppedConnection(error) {
    if (!(typeof error === 'object' && error !== null))
        return false;
    const { name, message } = error;
    return (name === 'SyntaxError' || (name === 'TypeError' && message === 'terminated'));
}
function hasCause(error) {
    return (typeof error === 'object' &&
        error !== null &&
        Reflect.get(error, 'cause') !== undefined);
}
function messageOf(error) {
    const message = typeof error === 'object' && error !== null
        ? Reflect.get(error, 'message')
        : undefined;
    return typeof message === 'string' ? message : String(error);
}
/**
 * `body.error.key`, else `body.key`: Anthropic nests the error in the body
 * (`{type: 'error', error: {type, message}}`), OpenAI's SDK unwraps it.
 */
function findString(body, key) {
    if (typeof body !== 'object' || body === null)
        return undefined;
    const nested = findString(Reflect.get(body, 'error'), key);
    if (nested !== undefined)
        return nested;
    const value = Reflect.get(body, key);
    return typeof value === 'string' && value !== '' ? value : undefined;
}
// The SDKs prefix the status ("401 Incorrect API key"); ours says it already.
function withoutStatus(message) {
    return message.replace(/^\d{3} /, '');
}
function truncate(text) {
    return text.length > MAX_API_MESSAGE_CHARS
        ? `${text.slice(0, MAX_API_MESSAGE_CHARS)}…`
        : text;
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

/***/ 7252:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gz: () => (/* binding */ DEFAULT_MAX_ATTEMPTS),
/* harmony export */   PS: () => (/* binding */ isRetryableStatus),
/* harmony export */   bD: () => (/* binding */ withRetry),
/* harmony export */   ky: () => (/* binding */ DEFAULT_RETRY_BASE_DELAY_MS),
/* harmony export */   lY: () => (/* binding */ withStreamRetry)
/* harmony export */ });
/* unused harmony exports MAX_RETRY_WAIT_MS, retryAfterMs */
/* harmony import */ var _provider_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9545);

/** Attempts in all, the first one included. */
const DEFAULT_MAX_ATTEMPTS = 4;
/** First backoff wait; it doubles on each retry (0.5 s, 1 s, 2 s). */
const DEFAULT_RETRY_BASE_DELAY_MS = 500;
/** A server that asks for a longer wait than this is not waited for. */
const MAX_RETRY_WAIT_MS = 60_000;
/**
 * HTTP statuses worth another attempt: timeouts, conflicts, rate limits and
 * server errors (Anthropic's 529 "overloaded" included).
 */
function isRetryableStatus(status) {
    return status === 408 || status === 409 || status === 429 || status >= 500;
}
/**
 * Runs `call`, retrying what `waitToRetry` allows. `call` gets the signal
 * of its attempt: the caller's, plus the idle timeout's.
 */
async function withRetry(call, policy) {
    for (let attempt = 1;; attempt++) {
        const idle = startIdleWatch(policy);
        try {
            return await call(idle.signal);
        }
        catch (error) {
            await waitToRetry(idle.failure() ?? error, attempt, policy);
        }
        finally {
            idle.stop();
        }
    }
}
/**
 * The streaming form: a failed attempt restarts the whole request. Events of
 * the failed attempt were already yielded (text is shown live), so a caller
 * may see some text twice; the `message-end` is built from the successful
 * attempt alone, and tool calls are only yielded once a reply is complete.
 */
async function* withStreamRetry(call, policy) {
    for (let attempt = 1;; attempt++) {
        const idle = startIdleWatch(policy);
        try {
            for await (const event of call(idle.signal)) {
                idle.stop(); // the consumer's time (tools, logs) is not the API's
                yield event;
                idle.restart();
            }
            const stalled = idle.failure();
            if (stalled)
                throw stalled;
            return;
        }
        catch (error) {
            await waitToRetry(idle.failure() ?? error, attempt, policy);
        }
        finally {
            idle.stop();
        }
    }
}
/**
 * Aborts an attempt that receives nothing for `idleTimeoutMs`: a server
 * that accepts the connection and then sends nothing would otherwise hold
 * the run until its whole budget is gone.
 */
function startIdleWatch(policy) {
    const ms = policy.idleTimeoutMs;
    if (ms === undefined || !(ms > 0)) {
        return {
            signal: policy.signal,
            failure: () => undefined,
            restart: () => { },
            stop: () => { },
        };
    }
    const controller = new AbortController();
    let failure;
    let timer;
    const restart = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
            failure = new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${policy.provider} sent nothing for ${ms / 1000} s (model-idle-timeout)`, { provider: policy.provider, retryable: true });
            controller.abort(failure);
        }, ms);
    };
    restart();
    return {
        signal: policy.signal
            ? AbortSignal.any([policy.signal, controller.signal])
            : controller.signal,
        failure: () => failure,
        restart,
        stop: () => clearTimeout(timer),
    };
}
/** Sleeps before the next attempt, or throws the error that ends the call. */
async function waitToRetry(error, attempt, policy) {
    if (policy.signal?.aborted)
        throw abortedError(policy, error);
    const failure = error instanceof _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m ? error : policy.toProviderError(error);
    if (!failure.retryable)
        throw failure;
    if (attempt >= policy.maxAttempts) {
        throw attempt > 1
            ? giveUp(failure, `gave up after ${attempt} attempts`)
            : failure;
    }
    const requested = retryAfterMs(failure.cause);
    const delay = requested ?? backoffMs(attempt, policy.baseDelayMs);
    if (delay > MAX_RETRY_WAIT_MS) {
        throw giveUp(failure, `the API asked to wait ${Math.ceil(delay / 1000)} s`);
    }
    if (policy.deadline !== undefined && Date.now() + delay > policy.deadline) {
        throw giveUp(failure, 'no time left to retry before the deadline');
    }
    policy.onRetry?.({
        provider: policy.provider,
        reason: failure.message,
        attempt: attempt + 1,
        maxAttempts: policy.maxAttempts,
        waitMs: Math.round(delay),
    });
    try {
        await sleep(delay, policy.signal);
    }
    catch (abort) {
        throw abortedError(policy, abort);
    }
}
function backoffMs(attempt, baseDelayMs) {
    // Jitter takes off up to a quarter so parallel runs do not retry in step.
    return baseDelayMs * 2 ** (attempt - 1) * (1 - Math.random() * 0.25);
}
function giveUp(failure, why) {
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${failure.message} (${why})`, {
        provider: failure.provider,
        status: failure.status,
        retryable: failure.retryable,
        cause: failure.cause,
    });
}
function abortedError(policy, cause) {
    const reason = policy.signal?.reason;
    // Duck-typed: a DOMException or an Error from another realm says it too.
    const message = typeof reason === 'object' && reason !== null
        ? Reflect.get(reason, 'message')
        : undefined;
    const why = typeof message === 'string' && message ? `: ${message}` : '';
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${policy.provider} request was aborted${why}`, {
        provider: policy.provider,
        cause: reason ?? cause,
    });
}
/**
 * The wait a response asked for, from `retry-after-ms` (OpenAI) or
 * `retry-after` (seconds or an HTTP date, RFC 9110 §10.2.3).
 */
function retryAfterMs(cause, now = Date.now()) {
    if (!hasHeaders(cause))
        return undefined;
    const milliseconds = Number.parseFloat(cause.headers.get('retry-after-ms') ?? '');
    if (Number.isFinite(milliseconds))
        return Math.max(0, milliseconds);
    const raw = cause.headers.get('retry-after');
    if (raw === null)
        return undefined;
    const seconds = Number.parseFloat(raw);
    if (Number.isFinite(seconds))
        return Math.max(0, seconds * 1000);
    const date = Date.parse(raw);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
// Duck-typed: the SDKs' `Headers` may come from another realm than ours.
function hasHeaders(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const headers = Reflect.get(value, 'headers');
    return (typeof headers === 'object' &&
        headers !== null &&
        typeof Reflect.get(headers, 'get') === 'function');
}
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        signal?.throwIfAborted();
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
    });
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

//# sourceMappingURL=533.index.js.map
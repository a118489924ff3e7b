export const id = 818;
export const ids = [818];
export const modules = {

/***/ 8818:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  OpenAIProvider: () => (/* binding */ OpenAIProvider)
});

// EXTERNAL MODULE: ./node_modules/openai/index.mjs + 232 modules
var openai = __webpack_require__(8193);
;// CONCATENATED MODULE: ./src/providers/openai-convert.ts
/**
 * Our history as Chat Completions messages: the system prompt stays in the
 * array, an observation becomes a `tool` message tied to its call id, and
 * tool-call arguments go back as the raw text the model wrote.
 * https://platform.openai.com/docs/guides/function-calling
 */
function convertMessagesToOpenAI(messages) {
    return messages.map(convertMessage);
}
function convertMessage(message) {
    if (message.role === 'system') {
        return { role: 'system', content: message.content };
    }
    if (message.role === 'user') {
        // The API has no error flag for tool results: the text says it.
        return message.toolCallId === undefined
            ? { role: 'user', content: message.content }
            : {
                role: 'tool',
                tool_call_id: message.toolCallId,
                content: message.content,
            };
    }
    const toolCalls = message.toolCalls ?? [];
    if (toolCalls.length === 0) {
        return { role: 'assistant', content: message.content };
    }
    return {
        role: 'assistant',
        // With tool calls and no text, `null` is what the API itself returns.
        content: message.content === '' ? null : message.content,
        tool_calls: toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
        })),
    };
}
function convertToolsToOpenAI(tools) {
    return tools.map((tool) => ({
        type: 'function',
        function: {
            name: tool.name,
            description: tool.description,
            parameters: { ...tool.inputSchema },
        },
    }));
}
/** A non-streamed completion's first choice as our message. */
function convertOpenAIMessage(message) {
    const toolCalls = (message.tool_calls ?? []).flatMap((call) => 
    // Custom (free-text) tools are never offered, so only functions come back.
    call.type === 'function'
        ? [
            {
                id: call.id,
                name: call.function.name,
                arguments: call.function.arguments,
            },
        ]
        : []);
    return {
        role: 'assistant',
        content: message.content ?? '',
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
    };
}
/** `prompt_tokens` already includes the cached part. */
function convertOpenAIUsage(usage) {
    return {
        inputTokens: usage?.prompt_tokens ?? 0,
        outputTokens: usage?.completion_tokens ?? 0,
        cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    };
}

// EXTERNAL MODULE: ./src/providers/provider.ts
var provider = __webpack_require__(9545);
// EXTERNAL MODULE: ./src/providers/provider-errors.ts
var provider_errors = __webpack_require__(7397);
// EXTERNAL MODULE: ./src/providers/retry.ts
var retry = __webpack_require__(7252);
// EXTERNAL MODULE: ./src/providers/tool-call-accumulator.ts
var tool_call_accumulator = __webpack_require__(4444);
;// CONCATENATED MODULE: ./src/providers/openai.ts






const PROVIDER = 'openai';
/** Chat Completions through the `openai` SDK; we retry, the SDK does not. */
class OpenAIProvider {
    name = PROVIDER;
    model;
    client;
    maxAttempts;
    retryBaseDelayMs;
    constructor(options) {
        const env = options.env ?? {};
        const apiKey = options.apiKey || env.OPENAI_API_KEY;
        if (!apiKey)
            throw (0,provider_errors/* missingKeyError */.SQ)(PROVIDER, 'OPENAI_API_KEY');
        this.model = options.model;
        this.maxAttempts = (options.maxRetries ?? retry/* DEFAULT_MAX_ATTEMPTS */.Gz - 1) + 1;
        this.retryBaseDelayMs =
            options.retryBaseDelayMs ?? retry/* DEFAULT_RETRY_BASE_DELAY_MS */.ky;
        // Settings are given explicitly so the SDK does not read the environment.
        this.client = new openai/* default */.Ay({
            apiKey,
            baseURL: options.baseURL || env.OPENAI_BASE_URL || null,
            organization: env.OPENAI_ORG_ID || null,
            project: env.OPENAI_PROJECT_ID || null,
            maxRetries: 0,
        });
    }
    generate(messages, tools, options = {}) {
        return (0,retry/* withRetry */.bD)(async () => {
            const completion = await this.client.chat.completions.create({ ...this.request(messages, tools), stream: false }, { signal: options.signal });
            const choice = completion.choices.at(0);
            if (!choice) {
                throw new provider/* ProviderError */.m(`${PROVIDER} reply contained no choices`, {
                    provider: PROVIDER,
                });
            }
            const message = convertOpenAIMessage(choice.message);
            if (choice.finish_reason === 'length' && message.toolCalls) {
                throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, 'length');
            }
            return { message, usage: convertOpenAIUsage(completion.usage) };
        }, this.retryPolicy(options));
    }
    generateStream(messages, tools, options = {}) {
        return (0,retry/* withStreamRetry */.lY)(() => this.streamOnce(messages, tools, options.signal), this.retryPolicy(options));
    }
    /** One streamed attempt; a stream without a finish reason is cut off. */
    async *streamOnce(messages, tools, signal) {
        const stream = await this.client.chat.completions.create({
            ...this.request(messages, tools),
            stream: true,
            // The usage arrives in one last chunk whose `choices` is empty.
            stream_options: { include_usage: true },
        }, { signal });
        const reply = new tool_call_accumulator/* ToolCallAccumulator */.d();
        let finishReason;
        let usage = convertOpenAIUsage(undefined);
        for await (const chunk of (0,provider_errors/* readStream */.bv)(PROVIDER, stream)) {
            if (chunk.usage)
                usage = convertOpenAIUsage(chunk.usage);
            // The usage chunk has no choices; some compatible servers omit the
            // field there instead of sending [].
            const choice = chunk.choices?.at(0);
            if (!choice)
                continue;
            if (choice.delta.content)
                yield reply.addText(choice.delta.content);
            for (const call of choice.delta.tool_calls ?? []) {
                reply.addToolCallDelta(call.index, {
                    id: call.id,
                    name: call.function?.name,
                    arguments: call.function?.arguments,
                });
            }
            if (choice.finish_reason)
                finishReason = choice.finish_reason;
        }
        // The SDK ends the iteration quietly when the request is aborted or the
        // connection drops; only a finish reason proves the reply is whole.
        signal?.throwIfAborted();
        if (finishReason === undefined)
            throw (0,provider_errors/* streamCutOffError */.Am)(PROVIDER);
        if (finishReason === 'length' && reply.hasToolCalls) {
            throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, finishReason);
        }
        yield* reply.finish(usage);
    }
    request(messages, tools) {
        return {
            model: this.model,
            messages: convertMessagesToOpenAI(messages),
            // `null` is the thinking phase: no `tools` field at all.
            ...(tools === null ? {} : { tools: convertToolsToOpenAI(tools) }),
        };
    }
    retryPolicy(options) {
        return {
            provider: PROVIDER,
            maxAttempts: this.maxAttempts,
            baseDelayMs: this.retryBaseDelayMs,
            signal: options.signal,
            deadline: options.deadline,
            toProviderError,
        };
    }
}
function toProviderError(error) {
    // Connection and abort errors are APIErrors without a status: test first.
    if (error instanceof openai/* default.APIConnectionError */.Ay.APIConnectionError) {
        return (0,provider_errors/* mapConnectionError */.Zu)(PROVIDER, error);
    }
    if (error instanceof openai/* default.APIError */.Ay.APIError)
        return (0,provider_errors/* mapApiError */.LU)(PROVIDER, error);
    return (0,provider_errors/* mapUnexpectedError */.sh)(PROVIDER, error);
}


/***/ }),

/***/ 7397:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $q: () => (/* binding */ outputLimitError),
/* harmony export */   Am: () => (/* binding */ streamCutOffError),
/* harmony export */   LU: () => (/* binding */ mapApiError),
/* harmony export */   SQ: () => (/* binding */ missingKeyError),
/* harmony export */   Zu: () => (/* binding */ mapConnectionError),
/* harmony export */   bv: () => (/* binding */ readStream),
/* harmony export */   sh: () => (/* binding */ mapUnexpectedError)
/* harmony export */ });
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
function missingKeyError(provider, variable) {
    const name = provider === 'openai' ? 'OpenAI' : 'Anthropic';
    return new _provider_js__WEBPACK_IMPORTED_MODULE_0__/* .ProviderError */ .m(`${name} API key missing: set ${variable}.`, {
        provider,
    });
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
/** Runs `call`, retrying what `waitToRetry` allows. */
async function withRetry(call, policy) {
    for (let attempt = 1;; attempt++) {
        try {
            return await call();
        }
        catch (error) {
            await waitToRetry(error, attempt, policy);
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
        try {
            yield* call();
            return;
        }
        catch (error) {
            await waitToRetry(error, attempt, policy);
        }
    }
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

/***/ 4444:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ ToolCallAccumulator)
/* harmony export */ });
/**
 * Assembles one streamed assistant message for both providers. Tool-call
 * pieces are keyed by index (OpenAI `delta.tool_calls[].index`, Anthropic
 * content block index), so interleaved deltas of parallel calls still
 * assemble into whole calls, returned in index order.
 */
class ToolCallAccumulator {
    textParts = [];
    calls = new Map();
    /** Records a text piece and returns it as the event to yield at once. */
    addText(text) {
        this.textParts.push(text);
        return { type: 'text-delta', text };
    }
    addToolCallDelta(index, delta) {
        let call = this.calls.get(index);
        if (!call) {
            call = { id: '', name: '', argumentParts: [] };
            this.calls.set(index, call);
        }
        // Id and name arrive once, in the first piece; some OpenAI-compatible
        // servers repeat them on every chunk, so the first one wins rather than
        // being concatenated.
        if (delta.id && !call.id)
            call.id = delta.id;
        if (delta.name && !call.name)
            call.name = delta.name;
        if (delta.arguments)
            call.argumentParts.push(delta.arguments);
    }
    /**
     * Gives a call that received no argument pieces this text instead
     * (Anthropic streams no `input_json_delta` for an empty input).
     */
    defaultArguments(index, text) {
        const call = this.calls.get(index);
        if (call && call.argumentParts.length === 0)
            call.argumentParts.push(text);
    }
    get hasToolCalls() {
        return this.calls.size > 0;
    }
    /**
     * The whole calls in index order. Arguments stay raw text, even when they
     * do not parse: the tool rejects them and the model reads why.
     */
    toolCalls() {
        return [...this.calls.entries()]
            .sort(([a], [b]) => a - b)
            .map(([index, call]) => ({
            // A server that sends no id still needs one to pair the result with.
            id: call.id || `call_${index}`,
            name: call.name,
            arguments: call.argumentParts.join(''),
        }));
    }
    toMessage() {
        const toolCalls = this.toolCalls();
        return {
            role: 'assistant',
            content: this.textParts.join(''),
            ...(toolCalls.length > 0 ? { toolCalls } : {}),
        };
    }
    /**
     * The end of a complete reply: each tool call, then `message-end`. Calls
     * wait for the end so that a stream cut off and retried never yields a
     * call from the failed attempt.
     */
    *finish(usage) {
        const message = this.toMessage();
        for (const toolCall of message.toolCalls ?? []) {
            yield { type: 'tool-call', toolCall };
        }
        yield { type: 'message-end', message, usage };
    }
}


/***/ })

};

//# sourceMappingURL=818.index.js.map
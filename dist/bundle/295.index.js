export const id = 295;
export const ids = [295];
export const modules = {

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

/***/ 6295:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  OpenAIProvider: () => (/* binding */ OpenAIProvider)
});

// EXTERNAL MODULE: ./node_modules/openai/client.mjs + 225 modules
var client = __webpack_require__(202);
;// CONCATENATED MODULE: ./src/providers/openai-reply-builder.ts
/**
 * Builds the whole assistant message of one streamed OpenAI reply: its text,
 * its tool calls and the fields kept with them. Tool-call pieces are keyed by
 * index (`delta.tool_calls[].index`), so interleaved deltas of parallel calls
 * still assemble into whole calls, returned in index order.
 */
class OpenAIReplyBuilder {
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
        // Like the id, extra fields arrive on one piece; the first value wins.
        for (const [key, value] of Object.entries(delta.extra ?? {})) {
            call.extra ??= {};
            if (!(key in call.extra))
                call.extra[key] = value;
        }
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
            .map(([index, call]) => {
            const args = call.argumentParts.join('');
            return {
                id: toolCallId(call.id, index, call.name, args),
                name: call.name,
                arguments: args,
                ...(call.extra ? { extra: call.extra } : {}),
            };
        });
    }
    /** Whether every call's arguments are a whole JSON value. */
    get callsAreWhole() {
        return this.toolCalls().every((call) => isJson(call.arguments));
    }
    toMessage(fields = {}) {
        const toolCalls = this.toolCalls();
        return {
            role: 'assistant',
            content: this.textParts.join(''),
            ...(toolCalls.length > 0 ? { toolCalls } : {}),
            ...fields,
        };
    }
    /**
     * The end of a complete reply: each tool call, then `message-end`. Calls
     * wait for the end so that a stream cut off and retried never yields a
     * call from the failed attempt.
     */
    *finish(usage, fields = {}) {
        const message = this.toMessage(fields);
        for (const toolCall of message.toolCalls ?? []) {
            yield { type: 'tool-call', toolCall };
        }
        yield { type: 'message-end', message, usage };
    }
}
/**
 * The id a call is sent back with. A server that sends none (or `""`) still
 * needs one to pair the result with: it is made from the call's position and
 * content, so the streamed and the non-streamed path give the same id.
 */
function toolCallId(id, index, name, args) {
    if (id)
        return id;
    let hash = 0x811c9dc5;
    for (const char of `${name}\u0000${args}`) {
        hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    }
    return `call_${index}_${hash.toString(16).padStart(8, '0')}`;
}
function isJson(text) {
    try {
        JSON.parse(text);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/providers/openai-convert.ts

/**
 * Our history as Chat Completions messages: the system prompt stays in the
 * array, an observation becomes a `tool` message tied to its call id, and
 * tool-call arguments go back as the raw text the model wrote.
 * https://platform.openai.com/docs/guides/function-calling
 */
function convertMessagesToOpenAI(messages) {
    return messages.map(convertOnce);
}
// The whole history is sent again every turn; a message (never changed once
// in the history) is converted the first time only, so a turn's work does
// not grow with the history beyond the request body itself.
const converted = new WeakMap();
function convertOnce(message) {
    let param = converted.get(message);
    if (param === undefined) {
        param = convertMessage(message);
        converted.set(message, param);
    }
    return param;
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
    const reasoning = reasoningToSendBack(message);
    if (toolCalls.length === 0) {
        return { role: 'assistant', content: message.content, ...reasoning };
    }
    return {
        role: 'assistant',
        // With tool calls and no text, `null` is what the API itself returns.
        content: message.content === '' ? null : message.content,
        ...reasoning,
        tool_calls: toolCalls.map((call) => ({
            // Extra fields first: they can never overwrite the call itself.
            ...call.extra,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
        })),
    };
}
/**
 * What the server sent on its assistant message that it wants back: the
 * reasoning field exactly as it named it (`reasoning_content` on DeepSeek,
 * xAI, Qwen, Kimi, GLM; `reasoning` on Groq, OpenRouter) and Gemini's
 * `extra_content` (its thought signature). DeepSeek answers 400 "Missing
 * reasoning_content field in the assistant message" without it. A message
 * from another provider sends none.
 */
function reasoningToSendBack(message) {
    const data = message.providerData;
    if (data?.provider !== 'openai' || !isRecord(data.value))
        return {};
    return keptReplyFields(data.value) ?? {};
}
/** The assistant-message fields OpenAI-compatible servers put reasoning in. */
const REASONING_FIELDS = ['reasoning_content', 'reasoning'];
/**
 * The fields of a reply's message to keep for the next turn (see
 * `reasoningToSendBack`), for `providerData`; undefined when none.
 */
function keptReplyFields(source) {
    const found = {};
    for (const field of REASONING_FIELDS) {
        const value = source[field];
        if (typeof value === 'string')
            found[field] = value;
    }
    // https://ai.google.dev/gemini-api/docs/thought-signatures
    if (isRecord(source.extra_content))
        found.extra_content = source.extra_content;
    return Object.keys(found).length > 0 ? found : undefined;
}
/** A reply's fields for our message: reasoning text and what to send back. */
function reasoningMessageFields(fields) {
    if (!fields)
        return {};
    const text = [fields.reasoning_content, fields.reasoning].find((value) => typeof value === 'string');
    return {
        ...(text ? { reasoning: text } : {}),
        providerData: { provider: 'openai', value: fields },
    };
}
/**
 * A finish reason in our words. `content_filter` and a `refusal` text are
 * the provider declining; `length` is the output token limit.
 */
function convertOpenAIStop(finishReason, refusal) {
    if (refusal)
        return { reason: 'refusal', raw: finishReason, explanation: refusal };
    if (finishReason === 'stop' || finishReason === 'tool_calls') {
        return { reason: 'end', raw: finishReason };
    }
    if (finishReason === 'length')
        return { reason: 'length', raw: finishReason };
    if (finishReason === 'content_filter') {
        return {
            reason: 'refusal',
            raw: finishReason,
            explanation: 'The provider filtered the reply (finish_reason content_filter).',
        };
    }
    return { reason: 'other', raw: finishReason };
}
/** Provider fields of a tool call beyond the ones we read (`extra_content`). */
function extraToolCallFields(call) {
    const extra = {};
    for (const [key, value] of Object.entries(call)) {
        if (!KNOWN_TOOL_CALL_FIELDS.has(key) &&
            value !== undefined &&
            value !== null) {
            extra[key] = value;
        }
    }
    return Object.keys(extra).length > 0 ? extra : undefined;
}
const KNOWN_TOOL_CALL_FIELDS = new Set(['id', 'type', 'function', 'index']);
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
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
function convertOpenAIMessage(message, finishReason) {
    const toolCalls = (message.tool_calls ?? []).flatMap((call, index) => {
        // Custom (free-text) tools are never offered, so only functions come
        // back; some servers leave out `type`.
        if (call.type !== 'function' && call.type !== undefined)
            return [];
        const { name, arguments: args } = call.function;
        const extra = extraToolCallFields(call);
        return [
            {
                id: toolCallId(call.id, index, name, args),
                name,
                arguments: args,
                ...(extra ? { extra } : {}),
            },
        ];
    });
    return {
        role: 'assistant',
        content: message.content ?? '',
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
        ...reasoningMessageFields(keptReplyFields(message)),
        stop: convertOpenAIStop(finishReason, message.refusal),
    };
}
/**
 * `prompt_tokens` already includes the cached part. OpenAI counts reasoning
 * inside `completion_tokens`; xAI reports it beside it (its `total_tokens`
 * is prompt + completion + reasoning), and Gemini's OpenAI endpoint only
 * in `total_tokens` (its thinking tokens, with no details): there the
 * difference is reasoning the model was billed for, so it is added.
 */
function convertOpenAIUsage(usage) {
    const input = usage?.prompt_tokens ?? 0;
    const completion = usage?.completion_tokens ?? 0;
    const reported = usage?.completion_tokens_details?.reasoning_tokens ?? 0;
    const hidden = (usage?.total_tokens ?? 0) - input - completion;
    const outside = hidden > 0 && (reported === 0 || hidden === reported);
    const reasoning = outside ? hidden : reported;
    return {
        inputTokens: input,
        outputTokens: outside ? completion + hidden : completion,
        cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
        ...(reasoning > 0 ? { reasoningTokens: reasoning } : {}),
    };
}

// EXTERNAL MODULE: ./src/providers/api-provider.ts
var api_provider = __webpack_require__(870);
// EXTERNAL MODULE: ./src/providers/create-provider.ts
var create_provider = __webpack_require__(9880);
// EXTERNAL MODULE: ./src/providers/provider.ts
var provider = __webpack_require__(9545);
// EXTERNAL MODULE: ./src/providers/provider-errors.ts
var provider_errors = __webpack_require__(7397);
;// CONCATENATED MODULE: ./src/providers/json-body.ts
/**
 * The JSON text of a request whose `messages` grow by a few each turn, the
 * same bytes as `JSON.stringify(request)`: each message is encoded the first
 * time it is sent and its text reused after (a message is never changed once
 * built: openai-convert.ts caches it per history entry), the rest of the
 * request every time. Encoding the whole history each turn was the largest
 * per-turn cost that grew with the run, and the SDK's encoder runs a
 * replacer function over every field of it.
 */
function encodeWithMessagesOnce(request) {
    const head = JSON.stringify({ ...request, messages: PLACE });
    // A JSON string cannot hold an unescaped quote, so this is only ever the
    // key itself, whatever the other fields say.
    const at = head.indexOf(PLACE_JSON);
    const messages = request.messages.map(encodeOnce).join(',');
    return `${head.slice(0, at)}"messages":[${messages}]${head.slice(at + PLACE_JSON.length)}`;
}
const PLACE = '\u0000messages\u0000';
const PLACE_JSON = `"messages":${JSON.stringify(PLACE)}`;
const encoded = new WeakMap();
function encodeOnce(message) {
    let text = encoded.get(message);
    if (text === undefined) {
        text = JSON.stringify(message);
        encoded.set(message, text);
    }
    return text;
}

;// CONCATENATED MODULE: ./src/providers/openai.ts








const PROVIDER = 'openai';
/** Chat Completions through the `openai` SDK; we retry, the SDK does not. */
class OpenAIProvider extends api_provider/* ApiProvider */.K {
    client;
    /** `reasoning` becomes `reasoning_effort`; `maxTokens` is not sent. */
    constructor(options) {
        super((0,create_provider/* providerRow */.iy)(PROVIDER), client/* OpenAI */.z, options);
        const env = options.env ?? {};
        // Settings are given explicitly so the SDK does not read the environment.
        this.client = new client/* OpenAI */.z({
            apiKey: this.apiKey,
            baseURL: this.baseURL,
            organization: env.OPENAI_ORG_ID || null,
            project: env.OPENAI_PROJECT_ID || null,
            maxRetries: 0,
            // Failures reach the caller as ProviderErrors; the SDK's own console
            // output (e.g. a cut-off stream's raw chunk) would bypass the log.
            logLevel: 'off',
        });
    }
    async generateOnce(messages, tools, signal) {
        const request = { ...this.request(messages, tools), stream: false };
        const completion = await this.client.chat.completions.create(request, {
            signal,
            ...encodedBody(request),
        });
        const choice = completion.choices.at(0);
        if (!choice) {
            throw new provider/* ProviderError */.m(`${PROVIDER} reply contained no choices`, {
                provider: PROVIDER,
            });
        }
        const message = convertOpenAIMessage(choice.message, choice.finish_reason ?? '');
        if (choice.finish_reason === 'length' && message.toolCalls) {
            throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, 'length');
        }
        return { message, usage: convertOpenAIUsage(completion.usage) };
    }
    /** One streamed attempt; a stream without a finish reason is cut off. */
    async *streamOnce(messages, tools, signal) {
        const request = {
            ...this.request(messages, tools),
            stream: true,
            // The usage arrives in one last chunk whose `choices` is empty.
            stream_options: { include_usage: true },
        };
        const stream = await this.client.chat.completions.create(request, {
            signal,
            ...encodedBody(request),
        });
        const reply = new OpenAIReplyBuilder();
        const reasoning = {};
        let extraContent;
        let finishReason;
        let refusal = '';
        let usage;
        for await (const chunk of (0,provider_errors/* readStream */.bv)(PROVIDER, stream)) {
            if (chunk.usage)
                usage = convertOpenAIUsage(chunk.usage);
            // The usage chunk has no choices; some compatible servers omit the
            // field there instead of sending [].
            const choice = chunk.choices?.at(0);
            if (!choice)
                continue;
            const delta = choice.delta;
            for (const field of REASONING_FIELDS) {
                const piece = delta[field];
                if (typeof piece === 'string')
                    (reasoning[field] ??= []).push(piece);
            }
            // Gemini's thought signature for the message, if it sends one here.
            if (delta.extra_content)
                extraContent = delta.extra_content;
            if (choice.delta.refusal)
                refusal += choice.delta.refusal;
            if (choice.delta.content)
                yield reply.addText(choice.delta.content);
            for (const [position, call] of (choice.delta.tool_calls ?? []).entries()) {
                // Mistral sends whole calls without `index`: their place in the
                // array is their index.
                reply.addToolCallDelta(call.index ?? position, {
                    id: call.id,
                    name: call.function?.name,
                    arguments: call.function?.arguments,
                    extra: extraToolCallFields(call),
                });
            }
            if (choice.finish_reason)
                finishReason = choice.finish_reason;
        }
        // A finish reason proves the reply is whole. OpenRouter can end with
        // [DONE] and the usage chunk but no finish reason: whole calls and the
        // usage (always the last chunk) show the reply is complete too.
        this.endStream(signal, finishReason !== undefined ||
            (usage !== undefined && reply.callsAreWhole));
        finishReason ??= reply.hasToolCalls ? 'tool_calls' : 'stop';
        if (finishReason === 'length' && reply.hasToolCalls) {
            throw (0,provider_errors/* outputLimitError */.$q)(PROVIDER, finishReason);
        }
        const sentFields = keptReplyFields({
            ...Object.fromEntries(Object.entries(reasoning).map(([field, parts]) => [
                field,
                parts.join(''),
            ])),
            extra_content: extraContent,
        });
        yield* reply.finish(usage ?? convertOpenAIUsage(undefined), {
            ...reasoningMessageFields(sentFields),
            stop: convertOpenAIStop(finishReason, refusal),
        });
    }
    request(messages, tools) {
        // create() takes this object for its types and its stream flag; what
        // goes on the wire is encodedBody(...)'s text of it.
        return {
            model: this.model,
            messages: convertMessagesToOpenAI(messages),
            ...(this.reasoning === 'off' ? {} : { reasoning_effort: this.reasoning }),
            // `null` is the thinking phase: no `tools` field at all.
            ...(tools === null ? {} : { tools: convertToolsToOpenAI(tools) }),
        };
    }
}
/**
 * The request's JSON, encoded here (each message once per run) and passed
 * as the SDK's raw body: a string body with a content type goes out as it
 * is, where the SDK would encode the whole history again every turn.
 */
function encodedBody(request) {
    return {
        body: encodeWithMessagesOnce(request),
        headers: { 'content-type': 'application/json' },
    };
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


/***/ })

};

//# sourceMappingURL=295.index.js.map
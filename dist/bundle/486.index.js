export const id = 486;
export const ids = [486];
export const modules = {

/***/ 486:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7192);


// Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) stop the running
// tools and end the run cleanly: the tools run in their own process groups,
// so dying at once would leave them running. A second signal exits at once.
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const controller = new AbortController();
let stoppedBy;
for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
        if (controller.signal.aborted)
            process.exit(exitStatusOf(signal));
        stoppedBy = signal;
        controller.abort();
        if (signal === 'SIGINT') {
            process.stderr.write('\nharness9: stopping (Ctrl-C again to exit at once)\n');
        }
    });
}
/** What a shell reports for a process ended by `signal`: 128 + its number. */
function exitStatusOf(signal) {
    return 128 + node_os__WEBPACK_IMPORTED_MODULE_0__.constants.signals[signal];
}
const status = await (0,_main_js__WEBPACK_IMPORTED_MODULE_1__/* .main */ .i)({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    signal: controller.signal,
});
// main says 130 for any aborted run; report the signal that aborted it.
process.exitCode =
    status === 130 && stoppedBy ? exitStatusOf(stoppedBy) : status;

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 7192:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  i: () => (/* binding */ main)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/engine/compose-run.ts + 2 modules
var compose_run = __webpack_require__(1985);
// EXTERNAL MODULE: ./src/engine/pricing.ts
var pricing = __webpack_require__(7492);
// EXTERNAL MODULE: ./src/engine/run-agent.ts + 6 modules
var run_agent = __webpack_require__(2431);
// EXTERNAL MODULE: ./src/log/deferred-writer.ts
var deferred_writer = __webpack_require__(7219);
// EXTERNAL MODULE: ./src/log/render-event.ts + 4 modules
var render_event = __webpack_require__(5706);
// EXTERNAL MODULE: ./src/log/transcript.ts
var log_transcript = __webpack_require__(9442);
// EXTERNAL MODULE: ./src/providers/create-provider.ts
var create_provider = __webpack_require__(9880);
;// CONCATENATED MODULE: ./src/cli/cli-env.ts
/**
 * The environment for tools run from a terminal: the user's own, so their
 * toolchains work, minus anything that looks like a credential — the model
 * should not be able to print the key it runs on.
 */
const CREDENTIAL_NAME = /(^|_)(API_?KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS?)$/i;
const CREDENTIAL_NAMES = new Set([
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'NPM_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
]);
function buildCliEnv(env) {
    const child = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined)
            continue;
        if (CREDENTIAL_NAME.test(name) || CREDENTIAL_NAMES.has(name.toUpperCase()))
            continue;
        child[name] = value;
    }
    return child;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/sandbox/leftover-processes.ts
var leftover_processes = __webpack_require__(7820);
// EXTERNAL MODULE: ./src/sandbox/trusted-binaries.ts
var trusted_binaries = __webpack_require__(4920);
;// CONCATENATED MODULE: ./src/cli/cli-sandbox.ts





/** What the model's commands can do when they run as the user. */
const UNSANDBOXED_REACH = "The model's commands run with your own rights: they can read, change " +
    'and delete every file you can, your SSH keys and cloud logins included, ' +
    'and use the network as you.';
/**
 * The local command's sandbox, chosen as the action's is but without
 * touching the machine: no sudo, no package installs, no new users. bwrap
 * is looked up only in PATH directories the model cannot write. Looking it
 * up (a stat per PATH directory) and probing it (a process start, ~10 ms)
 * wait for bash's first call, except with
 * `--sandbox bwrap`, where a sandbox that cannot start stops the run before
 * the model is asked anything.
 */
async function prepareCliSandbox(options) {
    // Marks every process the tools start, so the end of the run can find
    // those that detached from their call.
    const marker = (0,leftover_processes/* createRunMarker */.mI)();
    const plainEnv = { ...options.toolEnv, [marker.name]: marker.value };
    const unsandboxed = (text) => ({
        env: plainEnv,
        notice: { text, unsandboxed: true },
        removePrivateDir: async () => { },
    });
    let known;
    let setUp;
    let started;
    if (options.mode === 'none') {
        known = unsandboxed(`bash runs without a sandbox (--sandbox none). ${UNSANDBOXED_REACH}`);
    }
    else {
        const choose = async () => {
            const bwrapPath = findTrustedBwrap(options);
            if (bwrapPath === undefined) {
                const reason = 'bubblewrap is not installed (bwrap was not found in a directory ' +
                    'of PATH that only root can write); install the bubblewrap package.';
                if (options.mode === 'bwrap')
                    throw new Error(`--sandbox is 'bwrap', but ${reason}`);
                return unsandboxed(unsandboxedNotice(reason));
            }
            return setUpBwrap(options, bwrapPath, plainEnv);
        };
        setUp = () => (started ??= choose());
        if (options.mode === 'bwrap')
            known = await setUp();
    }
    const ready = () => known ? Promise.resolve(known) : setUp();
    let bashRan = false;
    return {
        notice: known?.notice,
        env: plainEnv,
        contain: (makeBash, say) => {
            // The model sees bash's definition at once; the tool that runs the
            // commands is made when the sandbox is ready.
            const shown = makeBash();
            let contained;
            const containedBash = () => (contained ??= ready().then((sandbox) => {
                if (!known)
                    say(sandbox.notice);
                return { bash: makeBash(sandbox.wrapCommand), env: sandbox.env };
            }));
            return {
                name: shown.name,
                definition: () => shown.definition(),
                // Checking a call needs no sandbox: the shown bash parses it once.
                parseArguments: (text) => shown.parseArguments(text),
                pathOf: (args) => shown.pathOf(args),
                execute: async (args, context) => {
                    const { bash, env } = await containedBash();
                    bashRan = true;
                    return bash.execute(args, { ...context, env });
                },
            };
        },
        release: async () => {
            // Only bash starts processes here: without a call there is nothing
            // to look for, and scanning every process costs ~10 ms.
            if (bashRan)
                await (0,leftover_processes/* killMarkedProcesses */._l)(marker);
            const sandbox = known ?? (await started?.catch(() => undefined));
            await sandbox?.removePrivateDir();
        },
    };
}
async function setUpBwrap(options, bwrapPath, plainEnv) {
    // Loaded with bash's first call: a run without commands never needs it.
    const { chooseSandbox, listHiddenPaths } = await __webpack_require__.e(/* import() */ 602).then(__webpack_require__.bind(__webpack_require__, 9602));
    const privateDir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'harness9-home-'));
    const removePrivateDir = () => (0,promises_.rm)(privateDir, { recursive: true, force: true });
    const choice = await chooseSandbox({
        mode: options.mode,
        settingName: '--sandbox',
        workspace: options.workdir,
        privateDir,
        network: true,
        hiddenPaths: listHiddenPaths(options.env),
        bwrapPath,
    }).catch(async (error) => {
        await removePrivateDir();
        throw error;
    });
    if (choice.wrapCommand === undefined) {
        await removePrivateDir();
        return {
            env: plainEnv,
            notice: {
                text: unsandboxedNotice(choice.reason ?? choice.description),
                unsandboxed: true,
            },
            removePrivateDir: async () => { },
        };
    }
    return {
        wrapCommand: choice.wrapCommand,
        // Your home is hidden in the sandbox: a private one lasts the whole run.
        env: { ...plainEnv, HOME: privateDir, TMPDIR: privateDir },
        notice: { text: choice.description, unsandboxed: false },
        removePrivateDir,
    };
}
function unsandboxedNotice(reason) {
    return (`bash runs without a sandbox: ${reason} ${UNSANDBOXED_REACH} ` +
        "Pass '--sandbox bwrap' to stop instead, or '--sandbox none' to run so knowingly.");
}
function findTrustedBwrap(options) {
    const trusted = (0,trusted_binaries/* buildTrustedPath */.lI)({
        path: options.env.PATH ?? '',
        writableRoots: [
            options.workdir,
            options.env.HOME ?? '',
            options.env.TMPDIR ?? '',
            (0,external_node_os_.tmpdir)(),
            '/tmp',
            '/var/tmp',
            '/dev/shm',
        ],
    });
    return (0,trusted_binaries/* findExecutable */.oq)('bwrap', trusted.path);
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/log/labels.ts
var labels = __webpack_require__(2547);
// EXTERNAL MODULE: ./src/providers/reasoning-level.ts
var reasoning_level = __webpack_require__(5417);
// EXTERNAL MODULE: ./src/util/error-message.ts
var error_message = __webpack_require__(6568);
;// CONCATENATED MODULE: ./src/cli/parse-args.ts





/** A mistake on the command line; its message is printed with the usage hint. */
class UsageError extends Error {
    constructor(message) {
        super(message);
        this.name = 'UsageError';
    }
}
const PROVIDER_NAME_LIST = (0,create_provider/* listProviders */.R0)((row) => row.name);
const USAGE = `Usage: harness9 [options] "task"

Runs the harness9 agent over a directory: it reads, edits and runs code with
four tools (read_file, write_file, edit_file, bash) until the task is done.

Options:
  --workdir DIR          directory to work in (default: the current one)
  --provider NAME        ${PROVIDER_NAME_LIST} (default: the one whose key is set)
  --model NAME           model name (default: the provider's default)
  --base-url URL         API endpoint (default: ${create_provider/* PROVIDER_TABLE */.V$.map((row) => row.baseUrlVariable).join(' / ')})
  --max-turns N          most turns before stopping (default 30)
  --timeout MINUTES      total time budget (default: none)
  --tool-timeout SECS    limit for one tool call (default 120)
  --max-cost USD         most USD for the run at the model's price (default: none)
  --pricing PRICES       the model's price per million tokens, e.g.
                         input=3,output=15,cache-read=0.3,cache-write=3.75
  --fallback-model NAME  model of the same provider to continue on when the
                         model's retries run out on 429, 529, 5xx or a quota
                         error (priced by the built-in table)
  --context-window N     the model's context window in tokens; past 80% older
                         tool results are elided, then summarised
                         (default: the model's known window, else 128000)
  --thinking             plan without tools before each action
  --reasoning LEVEL      off, low, medium or high: Anthropic extended thinking,
                         OpenAI reasoning_effort (default off)
  --no-stream            wait for whole replies instead of streaming
  --log-lang zh|en       language of the log labels (default zh)
  --transcript FILE      write every message to FILE as JSON lines
  --sandbox MODE         how the model's commands run: bwrap (in a bubblewrap
                         sandbox: the system read-only, only the workdir and
                         a private temporary home writable, your home
                         hidden), none (as you), or auto (default: bwrap
                         when it can start here, else none with a warning)
  -h, --help             show this help
  -v, --version          show the version

Keys come from ${(0,create_provider/* listProviders */.R0)((row) => row.keyVariable)}. Logs go to stderr, the
final answer to stdout; the exit status is 0 only when the run completed.

Without the sandbox (--sandbox none, or auto where bubblewrap cannot start)
the model's commands run with your own rights: they can read, change and
delete every file you can, your SSH keys and cloud logins included, and use
the network as you. Install bubblewrap (package bubblewrap) to contain them.`;
function parseCliArgs(argv, cwd) {
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({
            args: argv,
            allowPositionals: true,
            allowNegative: true,
            options: {
                workdir: { type: 'string' },
                provider: { type: 'string' },
                model: { type: 'string' },
                'base-url': { type: 'string' },
                'max-turns': { type: 'string' },
                timeout: { type: 'string' },
                'tool-timeout': { type: 'string' },
                'max-cost': { type: 'string' },
                pricing: { type: 'string' },
                'fallback-model': { type: 'string' },
                'context-window': { type: 'string' },
                thinking: { type: 'boolean', default: false },
                reasoning: { type: 'string' },
                stream: { type: 'boolean', default: true },
                'log-lang': { type: 'string' },
                transcript: { type: 'string' },
                sandbox: { type: 'string' },
                help: { type: 'boolean', short: 'h' },
                version: { type: 'boolean', short: 'v' },
            },
        });
    }
    catch (error) {
        throw new UsageError((0,error_message/* errorMessage */.g)(error));
    }
    const { values, positionals } = parsed;
    if (values.help)
        return { kind: 'help' };
    if (values.version)
        return { kind: 'version' };
    const task = positionals.join(' ').trim();
    if (!task)
        throw new UsageError('No task given: pass it as the last argument, in quotes.');
    return {
        kind: 'run',
        options: {
            task,
            workdir: values.workdir ?? cwd,
            provider: providerName(values.provider),
            model: values.model,
            baseUrl: values['base-url'],
            maxTurns: positive('--max-turns', values['max-turns'], 30, true),
            timeoutMinutes: values.timeout === undefined
                ? undefined
                : positive('--timeout', values.timeout, 0, false),
            maxCostUsd: values['max-cost'] === undefined
                ? undefined
                : positive('--max-cost', values['max-cost'], 0, false),
            pricing: values.pricing,
            fallbackModel: values['fallback-model'] || undefined,
            contextWindow: values['context-window'] === undefined
                ? undefined
                : positive('--context-window', values['context-window'], 0, true),
            toolTimeoutSeconds: positive('--tool-timeout', values['tool-timeout'], 120, false),
            thinking: values.thinking,
            reasoning: reasoningLevel(values.reasoning),
            stream: values.stream,
            logLanguage: logLanguage(values['log-lang']),
            transcript: values.transcript,
            sandbox: sandboxMode(values.sandbox),
        },
    };
}
function providerName(raw) {
    if (raw === undefined || (0,create_provider/* isProviderName */.X2)(raw))
        return raw;
    throw new UsageError(`--provider must be ${PROVIDER_NAME_LIST}, got '${raw}'.`);
}
function sandboxMode(raw) {
    if (raw === undefined)
        return 'auto';
    if (raw === 'auto' || raw === 'bwrap' || raw === 'none')
        return raw;
    throw new UsageError(`--sandbox must be auto, bwrap or none, got '${raw}'.`);
}
function reasoningLevel(raw) {
    if (raw === undefined)
        return 'off';
    if ((0,reasoning_level/* isReasoningLevel */.vG)(raw))
        return raw;
    throw new UsageError(`--reasoning must be off, low, medium or high, got '${raw}'.`);
}
function logLanguage(raw) {
    if (raw === undefined)
        return 'zh';
    if ((0,labels/* isLogLanguage */.hD)(raw))
        return raw;
    throw new UsageError(`--log-lang must be zh or en, got '${raw}'.`);
}
function positive(name, raw, fallback, integer) {
    if (raw === undefined)
        return fallback;
    const value = Number(raw);
    const valid = integer
        ? /^\d+$/.test(raw) && value >= 1
        : /^\d*\.?\d+$/.test(raw) && value > 0;
    if (!valid) {
        throw new UsageError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got '${raw}'.`);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/cli/version.ts
/** The package version; a test keeps it equal to package.json's. */
const VERSION = '1.0.0';

;// CONCATENATED MODULE: ./src/cli/main.ts













/** Runs `harness9 …` and returns the exit status: 0 only when the run completed. */
async function main(io) {
    let command;
    try {
        command = parseCliArgs(io.argv, io.cwd);
    }
    catch (error) {
        if (!(error instanceof UsageError))
            throw error;
        io.stderr(`harness9: ${error.message}\nTry 'harness9 --help'.\n`);
        return 2;
    }
    if (command.kind === 'help') {
        io.stdout(`${USAGE}\n`);
        return 0;
    }
    if (command.kind === 'version') {
        io.stdout(`harness9 ${VERSION}\n`);
        return 0;
    }
    try {
        return await runTask(command.options, io);
    }
    catch (error) {
        io.stderr(`harness9: ${(0,error_message/* errorMessage */.g)(error)}\n`);
        return 1;
    }
}
async function runTask(options, io) {
    const workdir = await resolveWorkdir(options.workdir);
    const provider = await (0,create_provider/* createProvider */.Qd)({
        provider: options.provider ?? (0,create_provider/* detectProvider */.F1)(io.env),
        model: options.model,
        baseURL: options.baseUrl,
        reasoning: options.reasoning,
        env: io.env,
    });
    const price = cliPrice(provider.model, options);
    const fallback = options.fallbackModel
        ? await (0,create_provider/* createProvider */.Qd)({
            provider: options.provider ?? (0,create_provider/* detectProvider */.F1)(io.env),
            model: options.fallbackModel,
            baseURL: options.baseUrl,
            reasoning: options.reasoning,
            env: io.env,
        })
        : undefined;
    if (fallback &&
        options.maxCostUsd !== undefined &&
        !(0,pricing/* findModelPrice */.a)(fallback.model)) {
        throw new Error(`--max-cost needs the price of the fallback model '${fallback.model}', which harness9 does not know: --pricing applies to --model only, so pick a --fallback-model from the built-in price table.`);
    }
    const sandbox = await prepareCliSandbox({
        mode: options.sandbox,
        workdir,
        env: io.env,
        toolEnv: buildCliEnv(io.env),
    });
    if (sandbox.notice)
        io.stderr(describeSandbox(sandbox.notice));
    try {
        return await runInTerminal(options, io, {
            provider,
            fallback,
            price,
            workdir,
            sandbox,
        });
    }
    finally {
        // What the tools left running ends with the run, whatever ended it.
        await sandbox.release();
    }
}
async function runInTerminal(options, io, run) {
    const { workdir, sandbox, price } = run;
    const transcript = options.transcript
        ? (0,log_transcript/* openTranscript */.B)(options.transcript)
        : undefined;
    // The log is written while the run waits, never in its way; it is flushed
    // before anything else goes to the terminal.
    const logOutput = (0,deferred_writer/* createDeferredWriter */.P)(io.stderr);
    const log = createTerminalLogger(options, logOutput);
    try {
        const composed = (0,compose_run/* composeRun */.w)({
            ...cliSettings(options, run, io.signal),
            plan: (0,compose_run/* buildTaskPlan */.l)({
                workdir,
                setting: 'from a terminal',
                task: options.task,
            }),
            provider: run.provider,
            price,
            // --pricing is the model's; the fallback has the built-in table's.
            fallback: run.fallback && {
                provider: run.fallback,
                price: (0,pricing/* findModelPrice */.a)(run.fallback.model),
            },
            // Said before the first command when the sandbox was not yet known.
            containBash: (makeBash) => sandbox.contain(makeBash, (notice) => logOutput.write(describeSandbox(notice))),
            warn: (message) => logOutput.write(`warning: ${message}\n`),
            onEvent: (event) => {
                transcript?.onEvent(event);
                log(event);
            },
        });
        const result = await (0,run_agent/* runAgent */.J)(composed.options);
        logOutput.flush();
        // Only a completed run has an answer: text said before a limit or an
        // abort was a step on the way, and it is in the log already.
        if (result.stopReason === 'completed' && result.finalText) {
            io.stdout(`${result.finalText}\n`);
        }
        else if (result.handover) {
            // A limit stopped the run: what the model says is left is the answer.
            io.stdout(`${result.handover}\n`);
        }
        if (result.stopReason !== 'completed') {
            const why = result.error ? `: ${result.error.message}` : '';
            io.stderr(`harness9: the run stopped (${result.stopReason})${why}\n`);
            return result.stopReason === 'aborted' ? 130 : 1;
        }
        return 0;
    }
    finally {
        logOutput.flush();
        transcript?.close();
    }
}
/** The command's options as the run's limits; the workdir and env of the sandbox. */
function cliSettings(options, run, signal) {
    const budget = cliDeadlines(options.timeoutMinutes);
    return {
        workdir: run.workdir,
        env: run.sandbox.env,
        maxTurns: options.maxTurns,
        toolTimeoutMs: options.toolTimeoutSeconds * 1000,
        maxCostUsd: options.maxCostUsd,
        contextWindow: options.contextWindow,
        thinking: options.thinking,
        stream: options.stream,
        deadline: budget.deadline,
        handoverUntil: budget.handoverUntil,
        signal,
    };
}
/** The sandbox line on stderr: a warning when the commands run as the user. */
function describeSandbox(notice) {
    return `${notice.unsandboxed ? 'warning' : 'harness9'}: ${notice.text}\n`;
}
/** The model's price for --max-cost and the cost figure; a clear error when it cannot work. */
function cliPrice(model, options) {
    let price;
    try {
        price = (0,pricing/* resolveModelPrice */.zv)(model, options.pricing);
    }
    catch (error) {
        throw new Error(`--pricing is not valid: ${(0,error_message/* errorMessage */.g)(error)}.`);
    }
    if (options.maxCostUsd !== undefined && !price) {
        throw new Error(`--max-cost needs the price of model '${model}', which harness9 does not know: pass --pricing (for example --pricing input=3,output=15).`);
    }
    return price;
}
/** Most of --timeout for the loop; the rest (up to 30 s) for a handover. */
function cliDeadlines(timeoutMinutes) {
    if (timeoutMinutes === undefined)
        return {};
    const budgetMs = timeoutMinutes * 60_000;
    const end = Date.now() + budgetMs;
    return {
        deadline: end - Math.min(30_000, budgetMs * 0.1),
        handoverUntil: end,
    };
}
async function resolveWorkdir(dir) {
    const info = await (0,promises_.stat)(dir).catch(() => undefined);
    if (!info?.isDirectory())
        throw new Error(`--workdir '${dir}' is not a directory.`);
    return (0,promises_.realpath)(dir);
}
/**
 * Block logs to stderr. When streaming, text arrives live as deltas, so the
 * reply block's copy of the text would say it twice: its header is kept.
 * Blocks are rendered when written (see createDeferredWriter), in order,
 * once the run waits for the model (a phase starts, or text streams in).
 */
function createTerminalLogger(options, output) {
    let midLine = false;
    const queue = (event) => {
        if (event.type === 'message')
            return;
        if (event.type === 'text-delta') {
            output.write(() => {
                midLine = !event.text.endsWith('\n');
                return event.text;
            });
            return;
        }
        const shown = event.type === 'model-reply' && options.stream
            ? { ...event, message: { ...event.message, content: '' } }
            : event;
        output.write(() => {
            const text = (0,render_event/* renderEvent */.N)(shown, { language: options.logLanguage });
            if (!text)
                return '';
            const separated = midLine ? `\n${text}` : text;
            midLine = false;
            return separated;
        });
    };
    return (event) => {
        queue(event);
        // The run now waits for the model: what is queued goes out meanwhile.
        if (event.type === 'phase-start' || event.type === 'text-delta')
            output.flushWhenIdle();
    };
}


/***/ })

};

//# sourceMappingURL=486.index.js.map
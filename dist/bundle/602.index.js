export const id = 602;
export const ids = [602];
export const modules = {

/***/ 9602:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  chooseSandbox: () => (/* binding */ chooseSandbox),
  listHiddenPaths: () => (/* binding */ listHiddenPaths)
});

// UNUSED EXPORTS: findRunnerRoots

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/sandbox/bwrap-args.ts

/**
 * The user and group id the sandbox runs as when the action runs as root:
 * root inside a user namespace keeps its capabilities there, and the first
 * regular user on GitHub's runners is 1001.
 */
const SANDBOX_USER_ID = 1001;
/**
 * The bwrap options (everything between `bwrap` and the command, ending in
 * `--`) that run a command with the system read-only, the workspace and the
 * private directory writable, the hidden paths empty and the host's
 * processes out of sight.
 */
function buildBwrapArgs(layout) {
    const workspace = checkAbsolute(layout.workspace, 'workspace');
    return [
        ...['--ro-bind', '/', '/'],
        ...['--dev', '/dev'], // null, zero, random, tty, own shm; no host device
        ...['--proc', '/proc'], // this PID namespace's processes only
        ...orderMounts(layout).flatMap((mount) => mount.flags),
        ...['--unshare-user', '--uid', String(sandboxId(layout.uid))],
        ...['--gid', String(sandboxId(layout.gid))],
        ...['--unshare-pid', '--unshare-ipc', '--unshare-uts'],
        '--unshare-cgroup-try',
        ...(layout.network ? [] : ['--unshare-net']),
        '--new-session', // no TIOCSTI: the command cannot type into our terminal
        '--die-with-parent',
        ...['--chdir', workspace],
        '--',
    ];
}
/** A `wrapCommand` for the bash tool: `argv` run by `bwrapPath` in `layout`. */
function createBwrapWrapper(bwrapPath, layout) {
    const args = buildBwrapArgs(layout);
    return (argv) => [bwrapPath, ...args, ...argv];
}
/**
 * Mounts from the shallowest path to the deepest, since a later mount covers
 * an earlier one: the workspace under a hidden home stays visible, a hidden
 * directory inside the workspace stays hidden. The host's /tmp is replaced by
 * an empty one so the action's own temporary files are out of reach.
 */
function orderMounts(layout) {
    const hides = layout.hiddenPaths.map(({ path, kind }) => {
        const target = checkAbsolute(path, 'hidden path');
        if (target === '/')
            throw new Error('The sandbox cannot hide the root directory');
        const flags = kind === 'directory'
            ? ['--tmpfs', target]
            : ['--ro-bind', '/dev/null', target];
        return { flags, path: target, writable: false };
    });
    const binds = [layout.privateDir, layout.workspace].map((path) => {
        const target = checkAbsolute(path, 'writable path');
        const bind = layout.readOnlyWorkspace && path === layout.workspace
            ? '--ro-bind'
            : '--bind';
        return { flags: [bind, target, target], path: target, writable: true };
    });
    // Placed like the writable binds: after a hide at the same depth.
    const runtime = (layout.runtimeFiles ?? []).map((path) => {
        const target = checkAbsolute(path, 'runtime file');
        return {
            flags: ['--ro-bind', target, target],
            path: target,
            writable: true,
        };
    });
    const tmp = {
        flags: ['--tmpfs', '/tmp'],
        path: '/tmp',
        writable: false,
    };
    return [tmp, ...hides, ...binds, ...runtime].sort((a, b) => depth(a.path) - depth(b.path) || Number(a.writable) - Number(b.writable));
}
function depth(path) {
    return path.split(external_node_path_.sep).filter((part) => part !== '').length;
}
function sandboxId(id) {
    return id === 0 ? SANDBOX_USER_ID : id;
}
function checkAbsolute(path, what) {
    if (!(0,external_node_path_.isAbsolute)(path)) {
        throw new Error(`The sandbox's ${what} must be an absolute path, got '${path}'`);
    }
    const normalized = (0,external_node_path_.normalize)(path);
    return normalized.length > 1 ? normalized.replace(/\/+$/, '') : normalized;
}

// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: external "node:dns/promises"
var external_node_dns_promises_ = __webpack_require__(1553);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/sandbox/egress-proxy.ts






/** Addresses the proxy never connects to. */
const BLOCKED = new external_node_net_.BlockList();
BLOCKED.addSubnet('127.0.0.0', 8, 'ipv4');
BLOCKED.addSubnet('0.0.0.0', 8, 'ipv4');
BLOCKED.addAddress('::1', 'ipv6');
BLOCKED.addAddress('::', 'ipv6');
BLOCKED.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
BLOCKED.addSubnet('::ffff:0.0.0.0', 104, 'ipv6');
/** The forwarder run inside the sandbox: argv is socket, then the command. */
const FORWARDER = `import { connect, createServer } from 'node:net'
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
const [socketPath, ...argv] = process.argv.slice(2)
const server = createServer((client) => {
  const upstream = connect(socketPath)
  client.pipe(upstream).pipe(client)
  client.on('error', () => upstream.destroy())
  upstream.on('error', () => client.destroy())
})
server.listen(0, '127.0.0.1', () => {
  const url = 'http://127.0.0.1:' + server.address().port
  const local = 'localhost,127.0.0.1,::1'
  const env = { ...process.env }
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'])
    env[name] = env[name.toLowerCase()] = url
  env.NO_PROXY = env.no_proxy = local
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env })
  child.on('error', (error) => {
    console.error(argv[0] + ': ' + error.message)
    process.exit(127)
  })
  child.on('exit', (code, signal) =>
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0)),
  )
})
`;
/** Whether the proxy may connect to `address` (an IP address). */
function isAllowedAddress(address) {
    const family = (0,external_node_net_.isIP)(address);
    if (family === 0)
        return false;
    return !BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
/**
 * Starts the proxy on a socket in `privateDir/.harness9-egress/` and writes
 * the forwarder beside it; `nodePath` is the Node binary to run it with.
 */
async function startEgress(privateDir, nodePath) {
    const dir = (0,external_node_path_.join)(privateDir, '.harness9-egress');
    await (0,promises_.mkdir)(dir, { recursive: true });
    const socketPath = (0,external_node_path_.join)(dir, 'proxy.sock');
    const forwarder = (0,external_node_path_.join)(dir, 'forward.mjs');
    const nodeInside = (0,external_node_path_.join)(dir, 'node');
    await (0,promises_.writeFile)(forwarder, FORWARDER);
    await (0,promises_.writeFile)(nodeInside, ''); // the mount point for the binary
    const server = createProxyServer();
    server.listen(socketPath);
    await (0,external_node_events_.once)(server, 'listening');
    return {
        bwrapArgs: ['--ro-bind', nodePath, nodeInside],
        prefix: [nodeInside, forwarder, socketPath],
        close: async () => {
            server.closeAllConnections();
            await new Promise((resolve) => server.close(resolve));
        },
    };
}
function createProxyServer() {
    const server = (0,external_node_http_.createServer)((request, response) => {
        forwardPlainRequest(request, response).catch(() => {
            if (!response.headersSent)
                response.writeHead(502);
            response.end();
        });
    });
    server.on('connect', (request, client, head) => {
        client.on('error', () => client.destroy());
        openTunnel(request.url ?? '', client, head).catch(() => {
            client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        });
    });
    return server;
}
/** CONNECT host:port, the way HTTPS and most tools go through a proxy. */
async function openTunnel(target, client, head) {
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target);
    if (match === null) {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
    }
    const address = await resolveAllowed(match[1]);
    if (address === undefined) {
        client.end('HTTP/1.1 403 Forbidden\r\n\r\nThe sandbox may not reach the host itself.\n');
        return;
    }
    const upstream = (0,external_node_net_.connect)({ host: address, port: Number(match[2]) });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    await (0,external_node_events_.once)(upstream, 'connect');
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0)
        upstream.write(head);
    upstream.pipe(client).pipe(upstream);
}
/** `GET http://host/path` through the proxy: plain HTTP. */
async function forwardPlainRequest(request, response) {
    const url = new URL(request.url ?? '');
    if (url.protocol !== 'http:')
        throw new Error('not plain http');
    const address = await resolveAllowed(url.hostname.replace(/^\[|\]$/g, ''));
    if (address === undefined) {
        response.writeHead(403).end('The sandbox may not reach the host itself.\n');
        return;
    }
    const upstream = (0,external_node_http_.request)({
        host: address,
        port: url.port || 80,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: request.headers,
    });
    upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
}
/**
 * The first address of `host`, or undefined when any address it resolves
 * to is refused (a name that resolves to loopback among others is refused
 * whole, so a second lookup cannot pick the loopback one).
 */
async function resolveAllowed(host) {
    const addresses = (0,external_node_net_.isIP)(host) !== 0
        ? [host]
        : (await (0,external_node_dns_promises_.lookup)(host, { all: true })).map((entry) => entry.address);
    if (addresses.length === 0 || !addresses.every(isAllowedAddress))
        return undefined;
    return addresses[0];
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/sandbox/host-command.ts

/** How long one set-up command (apt-get included) may take. */
const HOST_COMMAND_TIMEOUT_MS = 5 * 60 * 1000;
/** Runs `argv` without a shell and with a minimal environment; never throws. */
function runHostCommand(argv, access, options = {}) {
    const env = {
        PATH: access.trustedPath,
        LANG: 'C.UTF-8',
        DEBIAN_FRONTEND: 'noninteractive',
    };
    return new Promise((resolve) => {
        const child = (0,external_node_child_process_.execFile)(argv[0], argv.slice(1), {
            env,
            timeout: options.timeoutMs ?? HOST_COMMAND_TIMEOUT_MS,
            killSignal: 'SIGKILL',
            maxBuffer: 16 * 1024 * 1024,
        }, (error, stdout, stderr) => {
            const said = (String(stderr).trim() || String(stdout).trim()).slice(-1000);
            resolve({ ok: error === null, said: said || (error?.message ?? '') });
        });
        child.stdin?.on('error', () => {
            // the command may exit before reading its input; its status says why.
        });
        child.stdin?.end(options.input ?? '');
    });
}
/**
 * `argv` with root's rights: as is when we are root, through passwordless
 * `sudo -n` otherwise; undefined when neither is possible.
 */
function asRoot(argv, access) {
    if (access.uid === 0)
        return [...argv];
    if (access.sudo === undefined)
        return undefined;
    return [access.sudo, '-n', '--', ...argv];
}
/** Whether commands can run as root here without a password. */
async function canRunAsRoot(access) {
    if (access.uid === 0)
        return true;
    if (access.sudo === undefined)
        return false;
    return (await runHostCommand([access.sudo, '-n', 'true'], access)).ok;
}

// EXTERNAL MODULE: ./src/sandbox/trusted-binaries.ts
var trusted_binaries = __webpack_require__(4920);
;// CONCATENATED MODULE: ./src/sandbox/enable-bwrap.ts


/**
 * An AppArmor profile that lets bubblewrap, and nothing else, create user
 * namespaces: Ubuntu 23.10 and later (GitHub's ubuntu-24.04 runners) refuse
 * them to unconfined programs. Narrower than turning the restriction off
 * for the whole machine with the sysctl.
 */
function bwrapAppArmorProfile(bwrapPath) {
    return [
        'abi <abi/4.0>,',
        'include <tunables/global>',
        `profile bwrap ${bwrapPath} flags=(unconfined) {`,
        '  userns,',
        '  include if exists <local/bwrap>',
        '}',
        '',
    ].join('\n');
}
/**
 * With root's rights (passwordless sudo on GitHub's runners): installs
 * bubblewrap when it is missing and, when the kernel refuses its user
 * namespace, loads the profile above; probes again after each step.
 */
async function enableBwrap(options, firstReason) {
    const done = [];
    const say = (line) => {
        done.push(line);
        options.log(line);
    };
    if (!(await canRunAsRoot(options))) {
        return { ok: false, reason: firstReason, done };
    }
    let bwrapPath = options.bwrapPath;
    if (bwrapPath === undefined) {
        const installed = await installBubblewrap(options, say);
        if (typeof installed !== 'string')
            return { ok: false, reason: installed.reason, done };
        bwrapPath = installed;
        const reason = await options.probe(bwrapPath);
        if (reason === undefined)
            return { ok: true, bwrapPath, done };
        firstReason = reason;
    }
    const loaded = await loadProfile(bwrapPath, options, say);
    if (loaded !== undefined)
        return { ok: false, reason: `${firstReason} ${loaded}`, done };
    const reason = await options.probe(bwrapPath);
    if (reason === undefined)
        return { ok: true, bwrapPath, done };
    return {
        ok: false,
        reason: `even with the AppArmor profile loaded: ${reason}`,
        done,
    };
}
/** The installed bwrap's path, or why it could not be installed. */
async function installBubblewrap(options, say) {
    if (options.aptGet === undefined) {
        return {
            reason: 'bubblewrap is not installed and apt-get was not found to install it.',
        };
    }
    const install = asRoot([options.aptGet, 'install', '-y', '--no-install-recommends', 'bubblewrap'], options);
    let result = await runHostCommand(install, options);
    if (!result.ok) {
        // A fresh runner's package lists may be stale: refresh them once.
        await runHostCommand(asRoot([options.aptGet, 'update'], options), options);
        result = await runHostCommand(install, options);
    }
    if (!result.ok)
        return { reason: `installing bubblewrap failed: ${result.said}` };
    const bwrapPath = (0,trusted_binaries/* findExecutable */.oq)('bwrap', options.trustedPath);
    if (bwrapPath === undefined)
        return { reason: 'bubblewrap was installed, but bwrap is not on PATH.' };
    say(`Installed bubblewrap with apt-get (${bwrapPath}).`);
    return bwrapPath;
}
/** Undefined once the profile is loaded, else why it could not be. */
async function loadProfile(bwrapPath, options, say) {
    if (options.apparmorParser === undefined)
        return 'apparmor_parser was not found to allow it a user namespace.';
    const result = await runHostCommand(asRoot([options.apparmorParser, '-r'], options), options, { input: bwrapAppArmorProfile(bwrapPath) });
    if (!result.ok)
        return `Loading an AppArmor profile for ${bwrapPath} failed: ${result.said}`;
    say(`Loaded an AppArmor profile that allows user namespaces for ${bwrapPath} only.`);
    return undefined;
}

;// CONCATENATED MODULE: ./src/sandbox/probe.ts


/** How long bwrap may take to start a sandbox and run `true`. */
const PROBE_TIMEOUT_MS = 5000;
/** The flags the probe uses when the caller gives none. */
const MINIMAL_ARGS = [
    ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'],
    ...['--unshare-user', '--unshare-pid', '--die-with-parent', '--'],
];
const INSTALL_HINT = 'install it in a step before this one with ' +
    "'sudo apt-get install -y bubblewrap'";
const NAMESPACE_HINT = 'If user namespaces are restricted (Ubuntu 23.10 and later, including ' +
    "GitHub's ubuntu-24.04 runners, where AppArmor blocks them), run " +
    "'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0' in a step " +
    'before this one; in a container job, run the job on the runner itself. ' +
    "Or set 'sandbox: none' knowingly.";
/**
 * Checks that bubblewrap exists and can start a sandbox here, by running
 * `true` in one. Never throws: the reason says what failed and what to do.
 */
async function probeBwrap(options = {}) {
    const name = options.bwrapPath ?? 'bwrap';
    const bwrapPath = (0,trusted_binaries/* findExecutable */.oq)(name, options.searchPath ?? process.env.PATH ?? '');
    if (bwrapPath === undefined) {
        return { ok: false, reason: notInstalledReason(name) };
    }
    const args = [...(options.args ?? MINIMAL_ARGS), 'true'];
    const failure = await runProbe(bwrapPath, args, options.timeoutMs ?? PROBE_TIMEOUT_MS);
    return failure === undefined
        ? { ok: true, bwrapPath }
        : { ok: false, reason: failure };
}
/** Why bubblewrap cannot be used when `name` was not found. */
function notInstalledReason(name) {
    return (`bubblewrap is not installed ('${name}' was not found or is not ` +
        `executable); ${INSTALL_HINT}.`);
}
/** Runs the probe; resolves with undefined on success, else the reason. */
function runProbe(bwrapPath, args, timeoutMs) {
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin' };
    return new Promise((resolve) => {
        (0,external_node_child_process_.execFile)(bwrapPath, args, { env, timeout: timeoutMs }, (error, _stdout, stderr) => {
            if (error === null)
                return resolve(undefined);
            if (error.killed) {
                return resolve(`bubblewrap (${bwrapPath}) did not start a sandbox within ` +
                    `${timeoutMs} ms. ${NAMESPACE_HINT}`);
            }
            const said = stderr.trim() || error.message;
            resolve(`bubblewrap (${bwrapPath}) cannot start a sandbox here: ${said}. ` +
                NAMESPACE_HINT);
        });
    });
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/sandbox/separate-user.ts




/**
 * When no user namespace can be had: a throwaway system user without a home,
 * a login shell or sudo rights runs every tool command, so the action's
 * /proc entries (its environment), the runner's files and sudo are out of
 * the model's reach. Throws with the reason when the user cannot be set up.
 */
async function createSeparateUser(options) {
    const { programs } = options;
    const missing = ['useradd', 'userdel', 'setpriv', 'chown', 'env', 'kill'].filter((name) => programs[name] === undefined);
    if (missing.length > 0)
        throw new Error(`${missing.join(', ')} not found in a trusted directory.`);
    const root = (argv) => asRoot(argv, options);
    const name = `harness9-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    await must(root([
        programs.useradd,
        '--system',
        '--no-create-home',
        '--home-dir',
        options.privateDir,
        '--shell',
        '/usr/sbin/nologin',
        '--user-group',
        name,
    ]), options, `creating the user ${name}`);
    const { uid, gid } = readPasswdEntry(name);
    const undo = [];
    const user = {
        name,
        uid,
        gid,
        wrapCommand: (argv) => root([
            programs.setpriv,
            `--reuid=${uid}`,
            `--regid=${gid}`,
            '--clear-groups',
            '--',
            programs.env,
            '-i',
            ...Object.entries(options.childEnv).map(([key, value]) => `${key}=${value}`),
            ...argv,
        ]),
        release: () => release(user, options, undo),
    };
    try {
        for (const dir of [options.workspace, options.privateDir]) {
            await must(root([programs.chown, '-R', '--no-dereference', `${uid}:${gid}`, dir]), options, `giving ${dir} to ${name}`);
            undo.push(() => attempt(root([
                programs.chown,
                '-R',
                '--no-dereference',
                `${options.owner.uid}:${options.owner.gid}`,
                dir,
            ]), options, `giving ${dir} back`));
            for (const ancestor of closedAncestors(dir))
                undo.push(await openForUser(ancestor, user, options));
        }
    }
    catch (error) {
        await user.release();
        throw error;
    }
    return user;
}
/**
 * Lets the user pass through a parent directory others may not enter
 * (GitHub's /home/runner is 0750): an ACL entry for this user alone when
 * setfacl is there, else the search bit for others, restored after.
 */
async function openForUser(dir, user, options) {
    const { programs } = options;
    const root = (argv) => asRoot(argv, options);
    if (programs.setfacl !== undefined) {
        await must(root([programs.setfacl, '-m', `u:${user.name}:x`, dir]), options, `letting ${user.name} through ${dir}`);
        return () => attempt(root([programs.setfacl, '-x', `u:${user.name}`, dir]), options, `removing the ACL entry on ${dir}`);
    }
    const mode = (0,external_node_fs_.statSync)(dir).mode & 0o7777;
    await must(root([programs.chmod, (mode | 0o001).toString(8), dir]), options, `letting others through ${dir}`);
    return () => attempt(root([programs.chmod, mode.toString(8), dir]), options, `restoring the mode of ${dir}`);
}
/** Parents of `path` (not / itself) that others cannot search. */
function closedAncestors(path) {
    const closed = [];
    for (let dir = (0,external_node_path_.dirname)(path); dir !== '/'; dir = (0,external_node_path_.dirname)(dir)) {
        if (((0,external_node_fs_.statSync)(dir).mode & 0o001) === 0)
            closed.push(dir);
    }
    return closed;
}
async function release(user, options, undo) {
    const { programs } = options;
    const root = (argv) => asRoot(argv, options);
    const problems = [];
    // kill -1 as the user reaches every process of the user but itself,
    // including those that left their process group with setsid. Twice: a
    // fork racing the first signal is caught by the second.
    for (let round = 0; round < 2; round++) {
        await runHostCommand(root([
            programs.setpriv,
            `--reuid=${user.uid}`,
            `--regid=${user.gid}`,
            '--clear-groups',
            '--',
            programs.kill,
            '-KILL',
            '-1',
        ]), options);
    }
    for (const step of [...undo].reverse()) {
        const problem = await step();
        if (problem !== undefined)
            problems.push(problem);
    }
    const removed = await attempt(root([programs.userdel, user.name]), options, `deleting the user ${user.name}`);
    if (removed !== undefined)
        problems.push(removed);
    return problems;
}
async function must(argv, access, what) {
    const problem = await attempt(argv, access, what);
    if (problem !== undefined)
        throw new Error(problem);
}
async function attempt(argv, access, what) {
    const result = await runHostCommand(argv, access);
    return result.ok ? undefined : `${what} failed: ${result.said}`;
}
function readPasswdEntry(name) {
    const line = (0,external_node_fs_.readFileSync)('/etc/passwd', 'utf8')
        .split('\n')
        .find((entry) => entry.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid === undefined || gid === undefined)
        throw new Error(`The user ${name} was created but is not in /etc/passwd.`);
    return { uid: Number(uid), gid: Number(gid) };
}

;// CONCATENATED MODULE: ./src/sandbox/choose-sandbox.ts








/**
 * Where the runner keeps its own files (credentials, logs, the job's
 * temporary files) on GitHub-hosted and common self-hosted installs.
 */
const RUNNER_DIRECTORIES = [
    '/home/runner/work/_temp',
    '/home/runner/runners',
    '/home/runner/actions-runner',
    '/opt/actions-runner',
];
/**
 * Sockets a read-only mount does not protect: connecting needs no write, and
 * the Docker daemon's socket (open to the runner user) is root on the host.
 */
const HOST_SOCKETS = ['/run/docker.sock', '/var/run/docker.sock', '/run/user'];
/**
 * The paths to hide from the model: RUNNER_TEMP (event payload, transcript,
 * the runner's command files), the real home, the runner's own directories
 * and host sockets.
 */
function listHiddenPaths(env) {
    const fromEnv = [env.RUNNER_TEMP, env.HOME].filter((path) => path !== undefined && path !== '');
    return [
        ...fromEnv,
        ...findRunnerRoots(env),
        ...RUNNER_DIRECTORIES,
        ...HOST_SOCKETS,
    ];
}
/** Files that mark a self-hosted runner's root directory. */
const RUNNER_ROOT_MARKERS = ['.runner', '.credentials', 'run.sh', 'config.sh'];
/**
 * The runner's root directories above RUNNER_TEMP and RUNNER_WORKSPACE (a
 * self-hosted runner keeps its credentials there, and `_work` beside them
 * holds other repositories' checkouts). The workspace stays visible: its
 * writable bind goes deeper than the hide.
 */
function findRunnerRoots(env) {
    const roots = new Set();
    for (const start of [env.RUNNER_TEMP, env.RUNNER_WORKSPACE]) {
        if (start === undefined || !(0,external_node_path_.isAbsolute)(start))
            continue;
        for (let dir = (0,external_node_path_.dirname)(start); dir !== '/'; dir = (0,external_node_path_.dirname)(dir)) {
            if (RUNNER_ROOT_MARKERS.some((marker) => (0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, marker))))
                roots.add(dir);
        }
    }
    return [...roots];
}
/**
 * Decides how the bash tool runs for the input `sandbox`, probing bubblewrap
 * once with the flags it will use. Throws when `bwrap` (or `network: false`)
 * was asked for and cannot be had.
 */
async function chooseSandbox(options) {
    if (options.mode === 'none') {
        requireNetworkChoiceWithoutSandbox(options.network, "input 'sandbox' is 'none'.");
        return {
            description: "bash runs without a sandbox, as chosen with 'sandbox: none'. " +
                UNSANDBOXED_REACH,
        };
    }
    const layout = resolveLayout(options);
    const isolate = options.network && options.isolateLoopback === true;
    // Isolated, the namespace is cut off as with network: false; the proxy
    // is the way out.
    const args = buildBwrapArgs(isolate ? { ...layout, network: false } : layout);
    const host = options.host;
    const bwrapName = host ? host.binaries.bwrap : options.bwrapPath;
    // With host programs given, only the trusted bwrap counts: no PATH search.
    const probe = host && bwrapName === undefined
        ? { ok: false, reason: notInstalledReason('bwrap') }
        : await probeBwrap({
            bwrapPath: bwrapName,
            args,
            searchPath: options.searchPath,
        });
    let bwrapPath = probe.ok ? probe.bwrapPath : undefined;
    let reason = probe.ok ? '' : probe.reason;
    const done = [];
    if (!probe.ok && host) {
        const enabled = await enableBwrap({
            ...accessOf(host, layout.uid),
            bwrapPath: host.binaries.bwrap,
            aptGet: host.binaries['apt-get'],
            apparmorParser: host.binaries.apparmor_parser,
            probe: async (path) => {
                const again = await probeBwrap({ bwrapPath: path, args });
                return again.ok ? undefined : again.reason;
            },
            log: host.log,
        }, probe.reason);
        done.push(...enabled.done);
        if (enabled.ok)
            bwrapPath = enabled.bwrapPath;
        else
            reason = enabled.reason;
    }
    if (bwrapPath !== undefined) {
        const description = [
            ...done,
            describeSandbox(options.network, isolate, options.readOnlyWorkspace === true),
        ];
        if (!isolate) {
            const path = bwrapPath;
            return {
                wrapCommand: (argv) => [path, ...args, ...argv],
                description: description.join(' '),
            };
        }
        return isolatedChoice(bwrapPath, args, layout.privateDir, description);
    }
    if (options.mode === 'bwrap') {
        const setting = options.settingName ?? "Input 'sandbox'";
        throw new Error(`${setting} is 'bwrap', but ${reason}`);
    }
    requireNetworkChoiceWithoutSandbox(options.network, reason);
    if (host) {
        const separate = await trySeparateUser(layout, host, reason);
        if (separate !== undefined)
            return separate;
    }
    return {
        description: 'bash runs without a sandbox: bubblewrap is not usable here.',
        reason,
        warning: `bash runs without a sandbox: ${reason} ${UNSANDBOXED_REACH} ` +
            "Set 'sandbox: bwrap' to fail the step instead.",
    };
}
/** bwrap with the egress proxy's forwarder in front of every command. */
async function isolatedChoice(bwrapPath, args, privateDir, description) {
    const egress = await startEgress(privateDir, process.execPath);
    const options = args.slice(0, -1); // without the closing '--'
    return {
        wrapCommand: (argv) => [
            bwrapPath,
            ...options,
            ...egress.bwrapArgs,
            '--',
            ...egress.prefix,
            ...argv,
        ],
        description: description.join(' '),
        release: async () => {
            await egress.close();
            return [];
        },
    };
}
function accessOf(host, uid) {
    return { trustedPath: host.trustedPath, uid, sudo: host.binaries.sudo };
}
/**
 * The fallback when no user namespace can be had: tools run as a throwaway
 * user. Undefined (with the reason logged) when it cannot be set up either.
 */
async function trySeparateUser(layout, host, bwrapReason) {
    const access = accessOf(host, layout.uid);
    if (!(await canRunAsRoot(access)))
        return undefined;
    try {
        const user = await createSeparateUser({
            ...access,
            programs: host.binaries,
            workspace: layout.workspace,
            privateDir: layout.privateDir,
            owner: { uid: layout.uid, gid: layout.gid },
            childEnv: host.childEnv,
        });
        host.log(`Created the user ${user.name} (uid ${user.uid}) without sudo rights to run the tools, since bubblewrap cannot be used: ${bwrapReason}`);
        return {
            wrapCommand: user.wrapCommand,
            description: `sandbox: separate user ${user.name}. bash runs as a throwaway user ` +
                'without sudo rights that owns only the workspace and a private ' +
                "temporary directory: the action's processes, the runner's files " +
                'and sudo are out of its reach, but the rest of the system is visible ' +
                'and the network is open.',
            release: user.release,
        };
    }
    catch (error) {
        host.log(`Could not run the tools as a separate user: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
const UNSANDBOXED_REACH = "The model's commands can read every file the runner user can read (its " +
    'home directory, RUNNER_TEMP with the event payload, other checkouts), ' +
    "read other processes' /proc entries (the action's start-up environment " +
    'is scrubbed, but where ptrace is allowed the memory of a process of the ' +
    'same user holds its key and token), reach the network and use whatever that ' +
    "user may, such as sudo on GitHub's runners; a process they detach " +
    '(setsid) runs until the step ends, and longer if it also clears its ' +
    'environment; only their own environment is filtered, so it holds no API ' +
    'key or token.';
function describeSandbox(network, isolate, readOnly) {
    const reach = !network
        ? 'no network'
        : isolate
            ? "HTTP and HTTPS through a proxy that refuses the host's own " +
                'loopback services (no DNS or other protocols)'
            : 'network allowed';
    return (`bash runs in a bubblewrap sandbox: read-only system, ${readOnly ? 'read-only' : 'writable'} workspace ` +
        'and private temporary directory, home and runner directories hidden, ' +
        `its own process namespace, ${reach}.`);
}
/** `network: false` is a promise only the sandbox can keep: never drop it. */
function requireNetworkChoiceWithoutSandbox(network, why) {
    if (network)
        return;
    throw new Error("Input 'network' is false, which needs the bubblewrap sandbox, " +
        `but ${why} ` +
        "Set 'network: true' to run without both.");
}
function resolveLayout(options) {
    const uid = options.uid ?? process.getuid?.() ?? SANDBOX_USER_ID;
    const gid = options.gid ?? process.getgid?.() ?? SANDBOX_USER_ID;
    return {
        workspace: resolveDirectory(options.workspace, 'workspace'),
        privateDir: resolveDirectory(options.privateDir, 'private directory'),
        hiddenPaths: resolveHiddenPaths(options.hiddenPaths),
        network: options.network,
        readOnlyWorkspace: options.readOnlyWorkspace,
        runtimeFiles: [(0,external_node_fs_.realpathSync)(process.execPath)],
        uid,
        gid,
    };
}
function resolveDirectory(path, what) {
    try {
        return (0,external_node_fs_.realpathSync)(path);
    }
    catch (error) {
        throw new Error(`The sandbox's ${what} '${path}' does not exist`, {
            cause: error,
        });
    }
}
/** The existing paths among `paths`, symbolic links resolved, each once. */
function resolveHiddenPaths(paths) {
    const found = new Map();
    for (const path of paths) {
        const real = realpathOrUndefined(path);
        if (real === undefined || real === '/')
            continue;
        const kind = (0,external_node_fs_.statSync)(real).isDirectory() ? 'directory' : 'file';
        found.set(real, { path: real, kind });
    }
    return [...found.values()];
}
function realpathOrUndefined(path) {
    try {
        return (0,external_node_fs_.realpathSync)(path);
    }
    catch {
        return undefined; // nothing there: nothing to hide
    }
}


/***/ })

};

//# sourceMappingURL=602.index.js.map
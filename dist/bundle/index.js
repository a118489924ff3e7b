import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module"; const __h9_externalRequire = __WEBPACK_EXTERNAL_createRequire(import.meta.url);
/******/ var __webpack_modules__ = ({

/***/ 2613:
/***/ ((module) => {

module.exports = __h9_externalRequire("assert");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __h9_externalRequire("child_process");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __h9_externalRequire("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __h9_externalRequire("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __h9_externalRequire("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __h9_externalRequire("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __h9_externalRequire("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __h9_externalRequire("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:dns");

/***/ }),

/***/ 1553:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:dns/promises");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:querystring");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:readline");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:stream");

/***/ }),

/***/ 8500:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:timers/promises");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __h9_externalRequire("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __h9_externalRequire("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __h9_externalRequire("path");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __h9_externalRequire("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __h9_externalRequire("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __h9_externalRequire("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __h9_externalRequire("util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
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
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
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
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ start)
/* harmony export */ });
/**
 * The one entry ncc bundles. Every way dist/ is started (the action's
 * `main:`, the `harness9` command, ...) is a lazily imported chunk of this
 * single build, so the SDKs and the engine are bundled once and shared
 * instead of once per entry. The files that are started are small stubs that
 * scripts/build.sh writes: each imports this bundle and calls `start` with
 * its name. A new entry is one line here and one `write_stub` line there.
 */
const ENTRIES = {
    action: () => Promise.all(/* import() */[__nccwpck_require__.e(754), __nccwpck_require__.e(496), __nccwpck_require__.e(602), __nccwpck_require__.e(270), __nccwpck_require__.e(407)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9407)),
    cli: () => Promise.all(/* import() */[__nccwpck_require__.e(496), __nccwpck_require__.e(486)]).then(__nccwpck_require__.bind(__nccwpck_require__, 486)),
    post: () => Promise.all(/* import() */[__nccwpck_require__.e(754), __nccwpck_require__.e(270), __nccwpck_require__.e(553)]).then(__nccwpck_require__.bind(__nccwpck_require__, 6661)),
};
/** Runs the named entry; resolves once its top-level code has finished. */
async function start(entry) {
    if (!Object.hasOwn(ENTRIES, entry)) {
        throw new Error(`Unknown dist entry '${entry}': expected one of ${Object.keys(ENTRIES).join(', ')}.`);
    }
    await ENTRIES[entry]();
}

var __webpack_exports__start = __webpack_exports__.n;
export { __webpack_exports__start as start };

//# sourceMappingURL=index.js.map
// The sandbox process's own locks, set before any engine loads (main/sandbox/child.ts imports this first).
// The process itself starts under Node's permission model with no code from strings (sandbox.ts: no files
// but Cairn's own to read, none to write, no processes, threads, addons or bindings); Node 20's model has no
// switch for the network, so its ways out are closed here, where every socket, datagram and name lookup
// passes, and frozen so that nothing can put them back.
import dgram from "node:dgram";
import dns from "node:dns";
import fs from "node:fs";
import net from "node:net";

const NO_NETWORK = "the sandbox has no network";
const NOT_HERE = "not allowed in the sandbox";

function refuser(reason: string): () => never {
    return () => {
        throw new Error(reason);
    };
}

/** Replaces each named method of `target` with a refusal that cannot be replaced again. */
function close(target: object, names: string[], reason = NO_NETWORK): void {
    for (const name of names) {
        Object.defineProperty(target, name, {value: refuser(reason), writable: false, configurable: false});
    }
}

/** Every function of a module's object (dns, dns.promises): each asks the network. */
function closeAll(target: object): void {
    close(
        target,
        Object.keys(target).filter((name) => typeof Reflect.get(target, name) === "function"),
    );
}

export function lockDown(): void {
    // TCP, pipes and TLS connect through net.Socket (http, https, fetch and WebSocket too); servers listen
    // through net.Server.
    close(net.Socket.prototype, ["connect"]);
    close(net.Server.prototype, ["listen"]);
    close(dgram.Socket.prototype, ["bind", "send", "connect"]);
    // Resolvers' methods first: closing the modules' functions replaces their classes too.
    for (const resolver of [dns.promises.Resolver, dns.Resolver]) {
        close(
            resolver.prototype,
            Object.getOwnPropertyNames(resolver.prototype).filter((n) => n !== "constructor"),
        );
    }
    closeAll(dns.promises);
    closeAll(dns);
    for (const name of ["fetch", "WebSocket", "EventSource", "XMLHttpRequest"]) {
        Object.defineProperty(globalThis, name, {value: undefined, writable: false, configurable: false});
    }
    // Signals to other processes (Cairn's own included) are refused; the sandbox may end itself.
    const kill = process.kill.bind(process);
    const refuse = refuser(NOT_HERE);
    close(process, ["_kill"], NOT_HERE);
    Object.defineProperty(process, "kill", {
        value: (pid: number, signal?: string | number) =>
            pid === process.pid ? kill(pid, signal) : refuse(),
        writable: false,
        configurable: false,
    });
    // Pyodide reads fs's constants through process.binding, which the permission model refuses whole.
    const constants = {fs: fs.constants};
    Object.defineProperty(process, "binding", {
        value: (name: string) => (name === "constants" ? constants : refuse()),
        writable: false,
        configurable: false,
    });
    if ("getBuiltinModule" in process) close(process, ["getBuiltinModule"], NOT_HERE);
}

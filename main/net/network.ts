// The one way out of this computer: every request a feature sends elsewhere is checked against Offline mode
// here and recorded in the egress log (what for, host, sizes, never the content).
import {AsyncLocalStorage} from "node:async_hooks";
import net from "node:net";
import type {EgressEntry} from "../../shared/contract.js";
import {wordsOf, type CoreWordKey} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";

/** What a request was for, as the egress log and Offline mode's refusal name it. */
export type Purpose = EgressEntry["purpose"];

/** One request as the egress log keeps it. */
export type EgressRecord = {
    at: number;
    purpose: Purpose;
    /** Which provider, search service, MCP server or model file. */
    detail: string;
    host: string;
    bytesSent: number;
    bytesReceived: number;
    /** The HTTP status; null: no answer (refused, unreachable, cut off). */
    status: number | null;
    conversationId: string | null;
};

/** What a caller reports of one request it sent itself (it counts the bytes as they go). */
export type Egress = {
    url: string;
    bytesSent: number;
    bytesReceived: number;
    status: number | null;
    /** The conversation whose tool call sent it, as it was sent (forConversation); absent: read when recorded. */
    owner?: string | null;
};

/** One feature's way out: its requests are refused in Offline mode and recorded. */
export type Outbound = {
    /** Why this request may not be sent (Offline mode, an address off this computer), in words; null: send it. */
    refusal(url: string | URL): Words | null;
    record(egress: Egress): void;
};

/** Refuses nothing and records nothing: for callers outside the app (tests, a bare CLI check). */
export const UNRECORDED: Outbound = {refusal: () => null, record: () => {}};

/** A request Offline mode refused before any connection was made: its English message, and its words. */
export class OfflineError extends Error {
    constructor(readonly words: Words) {
        super(inEnglish(words));
    }
}

export type NetworkOptions = {
    /** Read at each request: the switch in Settings, or --offline for this run. */
    offline: () => boolean;
    record: (entry: EgressRecord) => void;
};

/** Why a conversation may not send this request (an automation run's network budget); null: it may. */
export type ConversationLimit = (conversationId: string, purpose: Purpose, host: string) => Words | null;

/** The conversation whose work is running now (a tool call), for ways out that do not name one themselves. */
const onBehalf = new AsyncLocalStorage<string>();

/**
 * Runs `work` for a conversation: a request it sends through a way out that names no conversation (an MCP
 * server's, shared by every call to it) is that conversation's, logged under it and within its limit.
 */
export function forConversation<T>(conversationId: string, work: () => T): T {
    return onBehalf.run(conversationId, work);
}

/** Runs `work` for no conversation: what outlives the call that began it (an MCP server's connection). */
export function forNoConversation<T>(work: () => T): T {
    return onBehalf.exit(work);
}

export class Network {
    private limit: ConversationLimit = () => null;

    constructor(private readonly options: NetworkOptions) {}

    /** Limits what some conversations may send (automation runs), loopback included; set by their feature. */
    limitWith(limit: ConversationLimit): void {
        this.limit = limit;
    }

    /**
     * The way out for one feature (and one conversation, where a request belongs to one: given, or the one whose
     * tool call sends it, forConversation).
     */
    for(purpose: Purpose, detail: string, given: string | null = null): Outbound {
        return {
            refusal: (url) => {
                const conversationId = given ?? onBehalf.getStore() ?? null;
                return (
                    (conversationId ? this.limit(conversationId, purpose, hostOf(url)) : null) ??
                    this.refusal(purpose, detail, url)
                );
            },
            record: (egress) =>
                this.options.record({
                    at: Date.now(),
                    purpose,
                    detail,
                    host: hostOf(egress.url),
                    bytesSent: egress.bytesSent,
                    bytesReceived: egress.bytesReceived,
                    status: egress.status,
                    conversationId: given ?? egress.owner ?? onBehalf.getStore() ?? null,
                }),
        };
    }

    private refusal(purpose: Purpose, detail: string, url: string | URL): Words | null {
        if (!this.options.offline()) return null;
        if (isLoopback(hostnameOf(url))) return null;
        return wordsOf(OFFLINE_REFUSAL[purpose], {detail, host: hostOf(url)});
    }
}

/** Offline mode's refusal of each kind of request (shared/coreWords.ts): what was not sent, and where. */
const OFFLINE_REFUSAL = {
    provider: "offlineProvider",
    "web search": "offlineWebSearch",
    "web fetch": "offlineWebFetch",
    "model download": "offlineDownload",
    "model search": "offlineModelSearch",
    "MCP server": "offlineMcp",
    "image generation": "offlineImage",
    "update check": "offlineUpdate",
} as const satisfies Record<Purpose, CoreWordKey>;

/** The host and port of a URL as people read it; the text itself when it is no URL. */
export function hostOf(url: string | URL): string {
    try {
        return (typeof url === "string" ? new URL(url) : url).host;
    } catch {
        return String(url);
    }
}

/** The name or address alone (no port, no brackets around IPv6). */
function hostnameOf(url: string | URL): string {
    try {
        return (typeof url === "string" ? new URL(url) : url).hostname.replace(/^\[|\]$/g, "");
    } catch {
        return String(url);
    }
}

/** Whether an address points at this computer (a loopback host); an address that is no URL does not. */
export function onThisComputer(url: string | URL): boolean {
    try {
        return isLoopback(hostnameOf(typeof url === "string" ? new URL(url) : url));
    } catch {
        return false;
    }
}

/** This computer: localhost, 127.0.0.0/8, ::1 (and IPv4-mapped 127.x). Other names are not resolved. */
export function isLoopback(host: string): boolean {
    const name = host.toLowerCase().replace(/\.$/, "");
    if (name === "localhost" || name.endsWith(".localhost")) return true;
    if (net.isIPv4(name)) return name.startsWith("127.");
    if (net.isIPv6(name)) return name === "::1" || /^::ffff:127\./.test(name);
    return false;
}

/**
 * fetch() through a feature's way out: refused in Offline mode (OfflineError, before any connection), then
 * recorded once the answer's body has been read, cancelled or has failed, with the bytes that crossed.
 */
export async function outboundFetch(
    outbound: Outbound,
    url: string | URL,
    init: RequestInit = {},
): Promise<Response> {
    const refused = outbound.refusal(url);
    if (refused) throw new OfflineError(refused);
    const egress: Egress = {
        url: String(url),
        bytesSent: bodySize(init.body),
        bytesReceived: 0,
        status: null,
        owner: onBehalf.getStore() ?? null,
    };
    let response: Response;
    try {
        response = await fetch(url, init);
    } catch (error) {
        outbound.record(egress);
        throw error;
    }
    egress.status = response.status;
    if (!response.body || NULL_BODY.has(response.status)) {
        outbound.record(egress);
        return response;
    }
    let recorded = false;
    const done = () => {
        if (recorded) return;
        recorded = true;
        outbound.record(egress);
    };
    const counted = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
                egress.bytesReceived += chunk.byteLength;
                controller.enqueue(chunk);
            },
            flush: done,
        }),
    );
    const reader = counted.getReader();
    const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
            try {
                const read = await reader.read();
                if (read.done) {
                    done();
                    controller.close();
                } else controller.enqueue(read.value);
            } catch (error) {
                done();
                controller.error(error);
            }
        },
        async cancel(reason) {
            done();
            await reader.cancel(reason);
        },
    });
    return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
    });
}

/** Statuses whose answer may not carry a body (a Response made with one throws). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function bodySize(body: RequestInit["body"]): number {
    if (body == null) return 0;
    if (typeof body === "string") return Buffer.byteLength(body);
    if (body instanceof ArrayBuffer) return body.byteLength;
    if (ArrayBuffer.isView(body)) return body.byteLength;
    if (body instanceof URLSearchParams) return Buffer.byteLength(body.toString());
    return 0;
}

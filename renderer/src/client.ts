import type {AppEvent, CairnApi, ServerFrame} from "../../shared/contract.js";
import type {Result} from "../../shared/result.js";
import {sayError} from "./i18n/index.js";

declare global {
    interface Window {
        cairn?: CairnApi;
        /**
         * Desktop only: a dropped file's path; the quick-ask window's ways to the main window; the window's
         * language, told to the shell for its tray and notifications.
         */
        cairnDesktop?: {
            pathForFile: (file: File) => string;
            openConversation?: (conversationId: string) => void;
            closeQuickAsk?: () => void;
            setLanguage?: (language: string) => void;
        };
    }
}

/**
 * The contract client: Electron's preload API when present, else the headless host's WebSocket. A refusal's
 * message is said in the window's language where the core gave its words.
 */
export function connect(): CairnApi {
    return inWindowLanguage(window.cairn ?? connectWebSocket());
}

function inWindowLanguage(api: CairnApi): CairnApi {
    return {
        ...api,
        invoke: async (name, req) => {
            const res = await api.invoke(name, req);
            return res.ok ? res : {...res, error: {...res.error, message: sayError(res.error)}};
        },
    };
}

function connectWebSocket(): CairnApi {
    const token = new URLSearchParams(location.search).get("token") ?? "";
    const listeners = new Set<(event: AppEvent) => void>();
    const connection = new Set<(connected: boolean) => void>();
    // Whether the socket ever opened, and whether its loss was told: each loss is told once.
    let opened = false;
    let lost = false;
    const pending = new Map<number, (res: Result<unknown>) => void>();
    const queue: string[] = [];
    let nextId = 1;
    let socket: WebSocket;
    let retryMs = 250;

    const open = () => {
        socket = new WebSocket(
            `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?token=${token}`,
        );
        socket.onopen = () => {
            retryMs = 250;
            opened = true;
            for (const frame of queue.splice(0)) socket.send(frame);
            if (lost) {
                lost = false;
                for (const listener of connection) listener(true);
            }
        };
        socket.onmessage = (message) => {
            const frame = JSON.parse(String(message.data)) as ServerFrame;
            if ("event" in frame) {
                for (const listener of listeners) listener(frame.event);
            } else if (frame.id !== null) {
                pending.get(frame.id)?.(frame.res);
                pending.delete(frame.id);
            }
        };
        socket.onclose = () => {
            // Closed by the core's end (a crash, a quit) or the network: said at once, then retried.
            if (opened && !lost) {
                lost = true;
                for (const listener of connection) listener(false);
            }
            for (const resolve of pending.values()) {
                resolve({
                    ok: false,
                    error: {
                        code: "NETWORK",
                        message: "lost the connection to Cairn; retrying",
                        words: {key: "connectionLost"},
                    },
                });
            }
            pending.clear();
            setTimeout(open, retryMs);
            retryMs = Math.min(retryMs * 2, 5000);
        };
    };
    open();

    return {
        invoke: (name, req) =>
            new Promise((resolve) => {
                const id = nextId++;
                pending.set(id, resolve as (res: Result<unknown>) => void);
                const frame = JSON.stringify({id, name, req});
                if (socket.readyState === WebSocket.OPEN) socket.send(frame);
                else queue.push(frame);
            }),
        onEvent: (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        onConnection: (listener) => {
            connection.add(listener);
            return () => connection.delete(listener);
        },
    };
}

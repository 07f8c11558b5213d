import {useEffect, useRef, useState} from "react";
import type {CairnApi, McpApp, ToolCallRecord} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";

import {useTranslation} from "../i18n/index.js";
import {lazyModule} from "../ui/lazyModule.js";
import {appOf} from "../../../shared/toolCalls.js";
import {isSafeExternal} from "./links.js";
import {shownDark} from "../ui/theme.js";

/** The tallest an app's frame grows to in the conversation; a taller page scrolls inside it. */
const MAX_HEIGHT = 600;
const FIRST_HEIGHT = 160;

/**
 * An MCP App in the conversation: the tool's server's page in a sandboxed frame (its own origin and CSP, no
 * network), spoken to over postMessage by the official AppBridge. What it asks for goes through Cairn: a call
 * to its server's tools is approved by the person like any other (mcp.callFromApp), a link opens only as a web
 * address, outside the app.
 */
export function McpAppFrame({call}: {call: ToolCallRecord}) {
    const {t, i18n} = useTranslation();
    const api = useApi();
    const frame = useRef<HTMLIFrameElement>(null);
    const [app, setApp] = useState<McpApp | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const [height, setHeight] = useState(FIRST_HEIGHT);
    const server = appOf(call)?.server ?? "";
    const {id: toolCallId, conversationId} = call;

    useEffect(() => {
        if (!api) return;
        let gone = false;
        void api.invoke("mcp.openApp", {toolCallId: call.id}).then((res) => {
            if (gone) return;
            if (res.ok) setApp(res.value);
            else setProblem(res.error.message);
        });
        return () => {
            gone = true;
        };
    }, [api, call.id]);

    useEffect(() => {
        const target = frame.current?.contentWindow;
        if (!app || !api || !target) return;
        let closed = false;
        const bridge = connect(app, api, {toolCallId, conversationId}, target, {
            locale: i18n.language,
            onHeight: (h) => !closed && setHeight(Math.min(MAX_HEIGHT, Math.max(40, Math.ceil(h)))),
        });
        // The page is loaded only once the bridge listens: its first message is its initialize request.
        bridge.then(
            () => {
                if (!closed && frame.current) frame.current.src = app.frame;
            },
            (error: unknown) => !closed && setProblem(error instanceof Error ? error.message : String(error)),
        );
        return () => {
            closed = true;
            bridge.then(
                (b) => void b.close(),
                () => {},
            );
        };
    }, [app, api, toolCallId, conversationId, i18n.language]);

    if (problem)
        return (
            <p className="app-problem" role="alert">
                {t("trace.appProblem", {server, problem})}
            </p>
        );
    return (
        <div className="mcp-app" data-server={server}>
            {!app && <p className="app-loading">{t("trace.appLoading", {server})}</p>}
            <iframe
                ref={frame}
                title={t("trace.app", {server})}
                sandbox="allow-scripts"
                referrerPolicy="no-referrer"
                style={{height}}
                hidden={!app}
            />
        </div>
    );
}

type Bridge = {close(): Promise<void>};

/** The official AppBridge: a chunk of its own (about 240 KB), loaded with the first app, once for all of them. */
const bridgeModule = lazyModule(() => import("@modelcontextprotocol/ext-apps/app-bridge"));

/**
 * The host's side of the app's protocol (ui/initialize, the tool's input and result, tool calls, links, its
 * size, a message to send in the conversation): the official AppBridge, over postMessage to this frame only.
 */
async function connect(
    app: McpApp,
    api: CairnApi,
    {toolCallId, conversationId}: {toolCallId: string; conversationId: string},
    target: Window,
    options: {locale: string; onHeight: (height: number) => void},
): Promise<Bridge> {
    const {AppBridge, PostMessageTransport} = await bridgeModule.load();
    const bridge = new AppBridge(
        null,
        {name: "Cairn", version: "1"},
        {openLinks: {}, serverTools: {}, logging: {}, message: {text: {}}},
        {
            hostContext: {
                theme: shownDark() ? "dark" : "light",
                displayMode: "inline",
                availableDisplayModes: ["inline"],
                locale: options.locale,
                platform: "desktop",
            },
        },
    );
    bridge.oninitialized = () => {
        void bridge.sendToolInput({arguments: app.input});
        void bridge.sendToolResult(app.result);
    };
    bridge.onsizechange = ({height}) => {
        if (height !== undefined) options.onHeight(height);
    };
    bridge.oncalltool = async ({name, arguments: args}) => {
        const res = await api.invoke("mcp.callFromApp", {toolCallId, name, arguments: args ?? {}});
        if (res.ok) return res.value;
        return {content: [{type: "text", text: res.error.message}], isError: true};
    };
    // A message the app sends (ui/message): the person's own words in the conversation, answered like any.
    bridge.onmessage = async ({content}) => {
        const text = content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
        if (!text.trim()) return {isError: true};
        const res = await api.invoke("chat.send", {conversationId, text});
        return res.ok ? {} : {isError: true};
    };
    bridge.onopenlink = ({url}) => {
        if (!isSafeExternal(url)) return Promise.resolve({isError: true});
        window.open(url, "_blank", "noopener,noreferrer");
        return Promise.resolve({});
    };
    await bridge.connect(new PostMessageTransport(target, target));
    // The window's theme chosen or changed by the system later: the app is told.
    const retheme = () => void bridge.sendHostContextChange({theme: shownDark() ? "dark" : "light"});
    const themes = new MutationObserver(retheme);
    themes.observe(document.documentElement, {attributes: true, attributeFilter: ["data-theme"]});
    const system = window.matchMedia("(prefers-color-scheme: dark)");
    system.addEventListener("change", retheme);
    return {
        close: async () => {
            themes.disconnect();
            system.removeEventListener("change", retheme);
            await bridge.close();
        },
    };
}

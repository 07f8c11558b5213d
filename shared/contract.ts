// The one contract every transport carries, one file per domain in shared/contract/. Each request, result
// and event is a JSON Schema written once with TypeBox; its TypeScript type is derived from it (Static), the
// dispatcher validates requests with it, and the tests check every result and event against it. TypeBox is
// the one runtime library shared/ uses: it has no dependencies and runs in both runtimes.
import type {Static, TSchema} from "@sinclair/typebox";
import type {Result} from "./result.js";
import {settingsCalls} from "./contract/settings.js";
import {conversationsCalls} from "./contract/conversations.js";
import {toolsCalls} from "./contract/tools.js";
import {modelsCalls} from "./contract/models.js";
import {providersCalls} from "./contract/providers.js";
import {documentsCalls} from "./contract/documents.js";
import {mcpCalls} from "./contract/mcp.js";
import {apiCalls} from "./contract/api.js";
import {backupsCalls} from "./contract/backups.js";
import {knowledgeCalls} from "./contract/knowledge.js";
import {attachmentsCalls} from "./contract/attachments.js";
import {desktopCalls} from "./contract/desktop.js";
import {speechCalls} from "./contract/speech.js";
import {skillsCalls} from "./contract/skills.js";
import {automationsCalls} from "./contract/automations.js";
import {todosCalls} from "./contract/todos.js";
import {researchCalls} from "./contract/research.js";
import {artifactsCalls} from "./contract/artifacts.js";
import type {AppEvent} from "./contract/events.js";

export {MessageRole, MessageStatus, SideEffect, ToolChoice, ToolMode, ToolPolicy} from "./contract/base.js";
export * from "./contract/conversations.js";
export * from "./contract/tools.js";
export * from "./contract/providers.js";
export * from "./contract/plans.js";
export * from "./contract/models.js";
export * from "./contract/backups.js";
export * from "./contract/knowledge.js";
export * from "./contract/attachments.js";
export * from "./contract/desktop.js";
export * from "./contract/speech.js";
export * from "./contract/skills.js";
export * from "./contract/automations.js";
export * from "./contract/todos.js";
export * from "./contract/research.js";
export * from "./contract/artifacts.js";
export * from "./contract/settings.js";
export * from "./contract/mcp.js";
export * from "./contract/documents.js";
export * from "./contract/api.js";
export * from "./contract/events.js";

/** Every call the UI can make: its request and its result's value, each one schema (by domain). */
export const calls = {
    ...settingsCalls,
    ...conversationsCalls,
    ...toolsCalls,
    ...modelsCalls,
    ...providersCalls,
    ...documentsCalls,
    ...mcpCalls,
    ...apiCalls,
    ...backupsCalls,
    ...knowledgeCalls,
    ...attachmentsCalls,
    ...desktopCalls,
    ...speechCalls,
    ...skillsCalls,
    ...automationsCalls,
    ...todosCalls,
    ...researchCalls,
    ...artifactsCalls,
};

type CallSchemas = typeof calls;

/** A call with an empty request takes `{}` and nothing else. */
type Request<S extends TSchema> = keyof Static<S> extends never ? Record<string, never> : Static<S>;

export type Calls = {
    [N in keyof CallSchemas]: {
        req: Request<CallSchemas[N]["req"]>;
        res: Result<Static<CallSchemas[N]["res"]>>;
    };
};

export type CallName = keyof Calls;

export type CallReq<N extends CallName> = Calls[N]["req"];

export type CallRes<N extends CallName> = Calls[N]["res"];

/** The API the preload exposes as window.cairn, and every client transport implements. */
export type CairnApi = {
    invoke<N extends CallName>(name: N, req: CallReq<N>): Promise<CallRes<N>>;
    onEvent(listener: (event: AppEvent) => void): () => void;
    /**
     * Transports that can lose the core (the served window's WebSocket): hears false as soon as the connection
     * closes, true once it is back. The desktop app's preload runs in the same app as the core: none.
     */
    onConnection?(listener: (connected: boolean) => void): () => void;
};

/** Frames of the WebSocket transport. */
export type RequestFrame = {id: number; name: string; req: unknown};

export type ServerFrame = {id: number | null; res: Result<unknown>} | {event: AppEvent};

export const MAX_FRAME_BYTES = 1024 * 1024;

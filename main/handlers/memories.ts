import {ok} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {refused} from "./attempt.js";
import type {ConversationStore} from "../store/conversations.js";
import type {MemoryStore} from "../store/memories.js";
import type {SettingsStore} from "../store/settings.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** The Memory page: what Cairn keeps across conversations, each memory changed or removed by the person. */
export function memoryHandlers(deps: {
    memories: MemoryStore;
    settings: SettingsStore;
    conversations: ConversationStore;
}): HandlerSlice<"memories."> {
    const {memories, settings, conversations} = deps;
    const enabled = () => settings.get("memoryEnabled") ?? true;
    const attempt = <T>(work: () => T) => {
        try {
            return ok(work());
        } catch (error) {
            return refused(error);
        }
    };
    return {
        "memories.list": () => ok({enabled: enabled(), memories: memories.list()}),
        "memories.add": (req) => {
            const source = req.sourceMessageId ? conversations.message(req.sourceMessageId) : null;
            if (req.sourceMessageId && !source)
                return failSaying("NOT_FOUND", "messageGone", {id: req.sourceMessageId});
            return attempt(() =>
                memories.add({
                    text: req.text,
                    origin: "user",
                    sourceMessageId: source?.id ?? null,
                    sourceConversationId: source?.conversationId ?? null,
                }),
            );
        },
        "memories.update": (req) => {
            const changed = attempt(() => memories.update(req.id, {text: req.text, enabled: req.enabled}));
            if (changed.ok && !changed.value) return failSaying("NOT_FOUND", "memoryNotFound", {id: req.id});
            return changed.ok ? ok(changed.value!) : changed;
        },
        "memories.delete": (req) =>
            memories.delete(req.id) ? ok(undefined) : failSaying("NOT_FOUND", "memoryNotFound", {id: req.id}),
        "memories.setEnabled": (req) => {
            settings.set("memoryEnabled", req.enabled);
            return ok({enabled: req.enabled});
        },
    };
}

import {fail, ok} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {refused} from "./attempt.js";
import type {EventBus} from "../events.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import type {Assistants} from "../assistants/assistants.js";
import {assistantFile, readAssistantFile} from "../assistants/file.js";

/** Settings → Assistants: saved instructions and settings, their files, the default one. */
export function assistantHandlers(assistants: Assistants, bus: EventBus): HandlerSlice<"assistants."> {
    const changed = <T>(value: T) => {
        bus.emit({type: "assistants.changed"});
        return ok(value);
    };
    return {
        "assistants.list": () => ok(assistants.list()),
        "assistants.save": (req) => {
            if (req.id && !assistants.get(req.id))
                return failSaying("NOT_FOUND", "assistantNotFound", {id: req.id});
            try {
                return changed(assistants.save(req.assistant, req.id ?? null));
            } catch (error) {
                return refused(error);
            }
        },
        "assistants.delete": (req) =>
            assistants.store.delete(req.id)
                ? changed(undefined)
                : failSaying("NOT_FOUND", "assistantNotFound", {id: req.id}),
        "assistants.setDefault": (req) =>
            assistants.store.setDefault(req.id)
                ? changed(assistants.list())
                : failSaying("NOT_FOUND", "assistantNotFound", {id: String(req.id)}),
        "assistants.export": (req) => {
            const found = assistants.store.get(req.id);
            return found
                ? ok(assistantFile(found))
                : failSaying("NOT_FOUND", "assistantNotFound", {id: req.id});
        },
        "assistants.import": (req) => {
            const read = readAssistantFile(req.content);
            if (!read.ok) return fail("VALIDATION", read.error);
            const input = {...read.value, name: assistants.freeName(read.value.name), isDefault: false};
            return changed(assistants.save(input));
        },
    };
}

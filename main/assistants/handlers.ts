import {fail, ok} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import type {Assistants} from "./assistants.js";
import {assistantFile, readAssistantFile} from "./file.js";

/** Settings → Assistants: saved instructions and settings, their files, the default one. */
export function assistantHandlers(assistants: Assistants, bus: EventBus): HandlerSlice<"assistants."> {
    const changed = <T>(value: T) => {
        bus.emit({type: "assistants.changed"});
        return ok(value);
    };
    return {
        "assistants.list": () => ok(assistants.list()),
        "assistants.save": (req) => {
            if (req.id && !assistants.get(req.id)) return fail("NOT_FOUND", `no assistant ${req.id}`);
            try {
                return changed(assistants.save(req.assistant, req.id ?? null));
            } catch (error) {
                return fail("VALIDATION", (error as Error).message);
            }
        },
        "assistants.delete": (req) =>
            assistants.store.delete(req.id)
                ? changed(undefined)
                : fail("NOT_FOUND", `no assistant ${req.id}`),
        "assistants.setDefault": (req) =>
            assistants.store.setDefault(req.id)
                ? changed(assistants.list())
                : fail("NOT_FOUND", `no assistant ${String(req.id)}`),
        "assistants.export": (req) => {
            const found = assistants.store.get(req.id);
            return found ? ok(assistantFile(found)) : fail("NOT_FOUND", `no assistant ${req.id}`);
        },
        "assistants.import": (req) => {
            const read = readAssistantFile(req.content);
            if (!read.ok) return fail("VALIDATION", read.error);
            const input = {...read.value, name: assistants.freeName(read.value.name), isDefault: false};
            return changed(assistants.save(input));
        },
    };
}

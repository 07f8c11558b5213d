import {ok} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {refused} from "./attempt.js";
import type {EventBus} from "../events.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import type {ProjectStore} from "../projects/store.js";

/** Projects in the sidebar: add, rename, change instructions, archive, delete. */
export function projectHandlers(projects: ProjectStore, bus: EventBus): HandlerSlice<"projects."> {
    const changed = <T>(value: T) => {
        bus.emit({type: "projects.changed"});
        return ok(value);
    };
    return {
        "projects.list": () => ok(projects.list()),
        "projects.save": (req) => {
            if (req.id && !projects.get(req.id))
                return failSaying("NOT_FOUND", "projectNotFound", {id: req.id});
            const name = req.name.trim();
            if (!name) return failSaying("VALIDATION", "projectNeedsName");
            try {
                return changed(projects.save(name, req.instructions, req.id ?? null));
            } catch (error) {
                return refused(error);
            }
        },
        "projects.setArchived": (req) => {
            const project = projects.setArchived(req.id, req.archived);
            return project ? changed(project) : failSaying("NOT_FOUND", "projectNotFound", {id: req.id});
        },
        "projects.delete": (req) =>
            projects.delete(req.id)
                ? changed(undefined)
                : failSaying("NOT_FOUND", "projectNotFound", {id: req.id}),
    };
}

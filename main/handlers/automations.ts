import {ok} from "../../shared/result.js";
import type {Automations} from "../automations/automations.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** The Automations page: the list, each one added, changed, paused, removed or run now, and its runs. */
export function automationsHandlers(automations: Automations): HandlerSlice<"automations."> {
    return {
        "automations.list": () => ok(automations.list()),
        "automations.add": (input) => automations.add(input),
        "automations.update": ({id, automation}) => automations.update(id, automation),
        "automations.remove": ({id}) => automations.remove(id),
        "automations.setPaused": ({id, paused}) => automations.setPaused(id, paused),
        "automations.runNow": ({id}) => automations.runNow(id),
        "automations.runs": ({id}) => automations.history(id),
    };
}

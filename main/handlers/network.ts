import {ok} from "../../shared/result.js";
import type {EgressLog} from "../store/egress.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** The egress log: every request sent off this computer (Offline mode itself is a setting). */
export function networkHandlers(egress: EgressLog): HandlerSlice<"network."> {
    return {
        "network.egress": () => ok(egress.list()),
    };
}

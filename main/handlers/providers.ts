import {ok} from "../../shared/result.js";
import type {Providers} from "../llm/providers.js";
import type {EgressLog} from "../store/egress.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** Models served elsewhere (providers.json) and the log of what was sent to them. */
export function providerHandlers(providers: Providers, egress: EgressLog): HandlerSlice<"providers."> {
    return {
        "providers.list": () => ok(providers.info()),
        "providers.egress": () => ok(egress.list()),
        "providers.models": (req) => providers.models(req.name),
        "providers.add": (req) => providers.add(req),
        "providers.remove": (req) => providers.remove(req.name),
        "providers.canStoreKeys": () => ok(providers.canStoreKeys()),
    };
}

import {ok} from "../../shared/result.js";
import type {Providers} from "../llm/providers.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** Models served elsewhere (providers.json). */
export function providerHandlers(providers: Providers): HandlerSlice<"providers."> {
    return {
        "providers.list": () => ok(providers.info()),
        "providers.models": (req) => providers.models(req.name),
        "providers.add": (req) => providers.add(req),
        "providers.remove": (req) => providers.remove(req.name),
        "providers.canStoreKeys": () => ok(providers.canStoreKeys()),
    };
}

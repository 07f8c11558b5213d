import {ok} from "../../shared/result.js";
import type {ApiService} from "../api/service.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** The local API server's switch, key and CORS origins (Settings). */
export function apiHandlers(api: ApiService): HandlerSlice<"api."> {
    return {
        "api.getStatus": () => ok(api.status()),
        "api.setEnabled": async (req) => ok(await api.setEnabled(req.enabled)),
        "api.regenerateKey": () => ok(api.regenerateKey()),
        "api.setCorsOrigins": (req) => ok(api.setCorsOrigins(req.origins)),
    };
}

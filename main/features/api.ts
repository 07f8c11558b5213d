import {ApiTools} from "../api/cairnTools.js";
import type {ApiCore} from "../api/server.js";
import {ApiService} from "../api/service.js";
import {apiHandlers} from "../handlers/api.js";
import type {Feature} from "./feature.js";
import type {Knowledge} from "./knowledge.js";
import type {Library} from "./library.js";
import type {Models} from "./models.js";
import type {Tools} from "./tools.js";

export type Api = Feature<ReturnType<typeof apiHandlers>> & {
    /** The local OpenAI-compatible API server (off unless Settings or --api turns it on). */
    api: ApiService;
    /** Cairn's tools as the local API offers them, through the one runner. */
    apiTools: ApiTools;
};

/** The local OpenAI-compatible API, over the app's own engine, tools, runner and stores. */
export function apiFeature({
    library,
    models,
    knowledge,
    tools,
    chat,
}: {
    library: Library;
    models: Models;
    knowledge: Knowledge;
    tools: Tools;
    chat: ApiCore["chat"];
}): Api {
    const {settings} = library;
    const apiTools = new ApiTools(
        tools.tools,
        tools.runner,
        () => settings.get("webAccessDefault") ?? false,
        {
            maxSteps: () => tools.tools.config.defaults.maxSteps,
            planMaxSteps: () => settings.values().planMaxSteps,
        },
        {chooser: tools.chooser, room: models.engine},
    );
    const {engine, embedder, models: manager, vision} = models;
    const api = new ApiService(
        {
            engine,
            embedder,
            models: manager,
            vision,
            settings,
            tools: tools.tools,
            chooser: tools.chooser,
            apiTools,
            assistants: knowledge.assistants,
            providers: models.providers,
            chat,
            responses: library.apiResponses,
        },
        settings,
    );
    return {api, apiTools, handlers: apiHandlers(api), stop: () => api.stop()};
}

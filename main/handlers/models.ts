import {ok} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import {backendReport} from "../llm/backends.js";
import type {LocalVision} from "../llm/localVision.js";
import type {BackgroundBuild} from "../llm/backgroundBuild.js";
import type {Engine} from "../llm/engine/engine.js";
import type {DraftModels} from "../models/drafts.js";
import type {ModelManager} from "../models/manager.js";
import type {ToolProbes} from "../probe/service.js";
import type {SettingsStore} from "../store/settings.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

type Deps = {
    engine: Engine;
    models: ModelManager;
    drafts: DraftModels;
    settings: SettingsStore;
    bus: EventBus;
    vision: LocalVision;
    probes: ToolProbes;
    engineBuild: BackgroundBuild;
};

/** Loading, listing, inspecting, downloading and removing models. */
export function modelHandlers({
    engine,
    models,
    drafts,
    settings,
    bus,
    vision,
    probes,
    engineBuild,
}: Deps): HandlerSlice<"models."> {
    return {
        "models.load": async (req) => {
            const result = await engine.load(req.path);
            if (result.ok) {
                settings.set("modelPath", result.value.modelPath);
                models.addLoaded("file");
            }
            return result;
        },
        "models.backends": async () =>
            ok(
                await backendReport({
                    forceCpu: engine.settings().forceCpu,
                    engineBuild: engineBuild.status(),
                }),
            ),
        "models.unload": async () => {
            settings.set("modelPath", null);
            return ok(await engine.unload());
        },
        "models.list": () => ok({...models.overview(), vision: vision.pairs()}),
        "models.listRecommended": () => models.recommended(),
        "models.inspect": (req) => models.inspect(req.path),
        "models.add": (req) => models.add(req.path, "file"),
        "models.drafts": (req) => drafts.choice(req.modelPath),
        "models.setDraft": async (req) => {
            const result = await drafts.set(req.modelPath, req.draftPath);
            // The model in use loads again with its new draft (its status says so as it goes), after the load
            // under way if it is still loading.
            if (result.ok) void engine.reload(req.modelPath);
            return result;
        },
        "models.remove": (req) => models.remove(req.id),
        "models.download": (req) => models.downloads.start(req.uri),
        "models.cancelDownload": (req) => ok({cancelled: models.downloads.cancel(req.downloadId)}),
        "models.searchHub": (req) => models.hub.search(req.query, req.limit),
        "models.hubFiles": (req) => models.hub.files(req.repo),
        "models.hubToken": () => ok(models.hubToken.where()),
        "models.setHubToken": (req) => models.hubToken.set(req.token),
        "models.probe": (req) => probes.start(req),
        "models.stopProbe": (req) => ok({cancelled: probes.stop(req.probeId)}),
        "models.toolUse": () => ok(probes.scores()),
        "models.discardPartial": (req) => {
            const discarded = models.downloads.discardPartial(req.fileName);
            if (discarded) bus.emit({type: "models.changed"});
            return ok({discarded});
        },
    };
}

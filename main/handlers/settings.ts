import fs from "node:fs";
import path from "node:path";
import {wordsOf} from "../../shared/coreWords.js";
import {ok, type Words} from "../../shared/result.js";
import type {DocumentService} from "../docs/service.js";
import type {Engine} from "../llm/engine/engine.js";
import type {SettingsStore} from "../store/settings.js";
import {APP_VERSION} from "../version.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {failWith, inEnglish} from "../words.js";
import type {EventBus} from "../events.js";

type Deps = {
    settings: SettingsStore;
    engine: Engine;
    docs: DocumentService;
    dataDir: string;
    warnings: (string | Words)[];
    /** Started with --offline: Offline mode for this run, whatever the switch says. */
    offlineRun?: boolean;
    /** Tells every window when Offline mode is switched (network.offline). */
    bus: EventBus;
};

/** The app's status and its settings. */
export function settingsHandlers({
    settings,
    engine,
    docs,
    dataDir,
    warnings,
    offlineRun = false,
    bus,
}: Deps): HandlerSlice<"app." | "settings."> {
    const values = () => (offlineRun ? {...settings.values(), offlineRun} : settings.values());
    return {
        "app.getStatus": () =>
            ok({
                engine: engine.status(),
                dataDir,
                version: APP_VERSION,
                offline: offlineRun || (settings.get("offline") ?? false),
                warnings: warnings.map((w) => (typeof w === "string" ? w : inEnglish(w))),
                warningWords: warnings.map((w) => (typeof w === "string" ? null : w)),
            }),
        "settings.get": () => ok(values()),
        "settings.set": (req) => {
            if (req.workspaceRoot) {
                const problem = folderProblem(req.workspaceRoot);
                if (problem) return failWith("VALIDATION", problem);
            }
            if (req.workspaceRoot !== undefined)
                settings.set("workspaceRoot", req.workspaceRoot && path.resolve(req.workspaceRoot));
            if (req.webAccessDefault !== undefined) settings.set("webAccessDefault", req.webAccessDefault);
            if (req.offline !== undefined) {
                settings.set("offline", req.offline);
                bus.emit({type: "network.offline", on: offlineRun || req.offline});
            }
            if (req.planMaxSteps !== undefined) settings.set("planMaxSteps", req.planMaxSteps);
            if (req.toolShare !== undefined) settings.set("toolShare", req.toolShare);
            if (req.runCodeSeconds !== undefined) settings.set("runCodeSeconds", req.runCodeSeconds);
            if (req.engine) settings.set("engine", {...settings.get("engine"), ...req.engine});
            if (req.generation)
                settings.set("generation", {...settings.get("generation"), ...req.generation});
            if (req.embeddingModelPath !== undefined) {
                settings.set("embeddingModelPath", req.embeddingModelPath);
                // A new embedding model: the documents' vectors are made again (the job says so).
                if (req.embeddingModelPath && docs.store.documentsToReembed().length > 0)
                    docs.ingest.reembed();
                // Files added while none was chosen waited for one: they are indexed now.
                if (req.embeddingModelPath) docs.ingest.resumePending();
            }
            return ok(values());
        },
    };
}

/** A workspace folder must be an absolute path to a folder that exists; null when it is. */
export function folderProblem(folder: string): Words | null {
    if (!path.isAbsolute(folder)) return wordsOf("folderNotAbsolute", {folder});
    const stat = fs.statSync(folder, {throwIfNoEntry: false});
    if (!stat) return wordsOf("folderNotFound", {folder});
    if (!stat.isDirectory()) return wordsOf("notAFolder", {folder});
    return null;
}

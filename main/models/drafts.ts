// Each model's draft model for speculative decoding: chosen in the Models screen, kept in settings'
// draftModels by the model's file, suggested from the installed models that share its vocabulary.
import path from "node:path";
import type {DraftChoice, InstalledModel} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {inspectModel} from "../llm/inspect.js";
import {pairingProblem} from "../llm/speculation.js";
import type {SettingsStore} from "../store/settings.js";

type Deps = {settings: SettingsStore; installed: () => InstalledModel[]};

export class DraftModels {
    constructor(private readonly deps: Deps) {}

    /** The draft chosen for `modelPath` (null: none) and the installed models that can draft for it. */
    async choice(modelPath: string): Promise<Result<DraftChoice>> {
        const target = await inspectModel(modelPath, {chatFormat: false});
        if (!target.ok) return target;
        const file = path.resolve(modelPath);
        const candidates: DraftChoice["candidates"] = [];
        for (const m of this.deps.installed()) {
            // A draft guesses faster than the model checks only when it is smaller.
            if (m.file === file || m.sizeBytes >= target.value.info.sizeBytes) continue;
            const problem = await pairingProblem({file, fileInfo: target.value.fileInfo}, m.file);
            if (!problem) candidates.push({file: m.file, name: m.name, sizeBytes: m.sizeBytes});
        }
        candidates.sort((a, b) => a.sizeBytes - b.sizeBytes);
        return ok({draftPath: this.chosenFor(file), candidates});
    }

    /** Chooses `draftPath` for `modelPath` (null clears it); a draft of another vocabulary is refused. */
    async set(modelPath: string, draftPath: string | null): Promise<Result<DraftChoice>> {
        const file = path.resolve(modelPath);
        const chosen = {...this.chosen()};
        if (draftPath === null) {
            delete chosen[file];
        } else {
            const draft = path.resolve(draftPath);
            if (draft === file)
                return fail(
                    "VALIDATION",
                    "a model cannot be its own draft: choose a smaller model of its family",
                );
            const target = await inspectModel(file, {chatFormat: false});
            if (!target.ok) return target;
            const problem = await pairingProblem({file, fileInfo: target.value.fileInfo}, draft);
            if (problem) return fail("VALIDATION", problem);
            chosen[file] = draft;
        }
        this.deps.settings.set("draftModels", chosen);
        return this.choice(file);
    }

    /** The draft chosen for the model in `modelPath` (the engine reads it at each load), or null. */
    chosenFor(modelPath: string): string | null {
        return this.chosen()[path.resolve(modelPath)] ?? null;
    }

    private chosen(): Record<string, string> {
        return this.deps.settings.get("draftModels") ?? {};
    }
}

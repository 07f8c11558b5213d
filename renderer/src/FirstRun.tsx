import {ModelFilePicker, RecommendedList} from "./models/ModelWidgets.js";
import type {Models} from "./models/useModels.js";

/** Shown while no model is configured: pick a recommended model (downloaded, then loaded) or a file. */
type Props = {
    models: Models;
    /** Why the last model could not be loaded (a mistyped path): shown beside the file field. */
    problem: string | null;
    onStarted(downloadId: string): void;
};

export function FirstRun({models, problem, onStarted}: Props) {
    return (
        <section className="first-run" aria-label="Choose a model">
            <h1>Welcome to Cairn</h1>
            <p>
                Cairn answers with a language model that runs on this computer. Choose one: each is checked
                against this computer&apos;s memory, then downloaded once and loaded. After that, Cairn works
                without a network.
            </p>
            <RecommendedList models={models} kind="chat" onStarted={onStarted} />
            <h2>Already have a GGUF model file?</h2>
            <ModelFilePicker onLoad={(path) => void models.load(path)} />
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
        </section>
    );
}

import {useEffect, useRef, useState} from "react";
import type {CairnApi, CallRes, McpBundle} from "../../../shared/contract.js";
import {sayError, useTranslation} from "../i18n/index.js";
import {sendInChunks} from "../ui/upload.js";
import {filledIn, SettingFields, type SettingValues} from "./SettingFields.js";

/** Where a bundle from the window is: its bytes being sent, its settings being asked for, installed, refused. */
type Step =
    | {at: "idle"}
    | {at: "sending"; name: string; share: number}
    | {at: "asking"; bundle: McpBundle}
    | {at: "installed"; name: string; version: string}
    | {at: "refused"; message: string};

/** Whether a file the person gave is a bundle (rather than another assistant's settings file). */
export function isBundleFile(file: File): boolean {
    return /\.(mcpb|zip)$/i.test(file.name);
}

/**
 * A bundle (.mcpb) given by a drop or the file picker: sent to the core, read, its settings asked for in a form,
 * installed into mcp.json. `install(file)` starts it; `view` is what the settings show meanwhile.
 */
export function useBundleInstall(api: CairnApi, onStatus: (res: CallRes<"mcp.list">) => void) {
    const [step, setStep] = useState<Step>({at: "idle"});
    const install = async (file: File) => {
        if (step.at === "asking") void api.invoke("mcp.bundleCancel", {bundleId: step.bundle.bundleId});
        setStep({at: "sending", name: file.name, share: 0});
        try {
            const bundle = await sendBundle(api, file, (share) =>
                setStep({at: "sending", name: file.name, share}),
            );
            setStep({at: "asking", bundle});
        } catch (error) {
            setStep({at: "refused", message: error instanceof Error ? error.message : String(error)});
        }
    };
    const view =
        step.at === "idle" ? null : step.at === "asking" ? (
            <BundleForm
                api={api}
                bundle={step.bundle}
                onInstalled={(res) => {
                    onStatus(res);
                    setStep({at: "installed", name: step.bundle.name, version: step.bundle.version});
                }}
                onCancel={() => {
                    void api.invoke("mcp.bundleCancel", {bundleId: step.bundle.bundleId});
                    setStep({at: "idle"});
                }}
            />
        ) : (
            <StepLine step={step} />
        );
    return {install: (file: File) => void install(file), view};
}

/** The step in one line: how much of the file is sent, what was installed, or why it was refused. */
function StepLine({step}: {step: Exclude<Step, {at: "idle" | "asking"}>}) {
    const {t} = useTranslation();
    if (step.at === "refused")
        return (
            <p className="problem" role="alert">
                {step.message}
            </p>
        );
    return (
        <p className="mcp-bundle-step" role="status">
            {step.at === "sending"
                ? t("mcpSettings.bundleReading", {name: step.name, percent: Math.round(step.share * 100)})
                : t("mcpSettings.bundleInstalled", {name: step.name, version: step.version})}
        </p>
    );
}

/** The file sent in chunks and read by the core: its manifest and the settings it asks for. */
async function sendBundle(api: CairnApi, file: File, onSent: (share: number) => void): Promise<McpBundle> {
    const begun = await api.invoke("mcp.bundleBegin", {name: file.name, size: file.size});
    if (!begun.ok) throw new Error(sayError(begun.error));
    const {uploadId} = begun.value;
    try {
        await sendInChunks(
            file,
            (offset, data) => api.invoke("mcp.bundleChunk", {uploadId, offset, data}),
            onSent,
        );
    } catch (error) {
        void api.invoke("mcp.bundleCancel", {bundleId: uploadId});
        throw error;
    }
    const opened = await api.invoke("mcp.bundleOpen", {uploadId});
    if (!opened.ok) throw new Error(sayError(opened.error));
    return opened.value;
}

type FormProps = {
    api: CairnApi;
    bundle: McpBundle;
    onInstalled: (res: CallRes<"mcp.list">) => void;
    onCancel: () => void;
};

/** The bundle's name, what it is, who made it, and its settings to fill in before it is installed. */
function BundleForm({api, bundle, onInstalled, onCancel}: FormProps) {
    const {t} = useTranslation();
    const [values, setValues] = useState<SettingValues>({});
    const [problem, setProblem] = useState<string | null>(null);
    const [busy, setBusy] = useState(false);
    const heading = useRef<HTMLHeadingElement>(null);
    // The form appears where the file was dropped: the person is taken to it.
    useEffect(() => heading.current?.focus(), []);
    const submit = async () => {
        setBusy(true);
        const res = await api.invoke("mcp.bundleInstall", {
            bundleId: bundle.bundleId,
            values: filledIn(values),
        });
        setBusy(false);
        if (res.ok) onInstalled(res);
        else setProblem(sayError(res.error));
    };
    const id = `bundle-${bundle.bundleId}`;
    return (
        <form
            className="mcp-bundle"
            aria-labelledby={id}
            onSubmit={(e) => {
                e.preventDefault();
                void submit();
            }}
        >
            <h3 id={id} ref={heading} tabIndex={-1}>
                {t("mcpSettings.bundleTitle", {name: bundle.name, version: bundle.version})}
            </h3>
            <p>{bundle.description}</p>
            {bundle.author && <p className="hint">{t("mcpSettings.bundleBy", {author: bundle.author})}</p>}
            <p className="hint">
                {bundle.settings.length ? t("mcpSettings.bundleAsks") : t("mcpSettings.bundleAsksNothing")}
            </p>
            <SettingFields settings={bundle.settings} values={values} onChange={setValues} />
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
            <div className="mcp-add">
                <button type="submit" className="primary" disabled={busy}>
                    {t("mcpSettings.bundleInstall")}
                </button>
                <button type="button" onClick={onCancel}>
                    {t("mcpSettings.cancel")}
                </button>
            </div>
        </form>
    );
}

import {useState} from "react";
import type {CairnApi, Project} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {useTranslation} from "../i18n/index.js";

type Props = {
    api: CairnApi;
    /** null: a new project. */
    project: Project | null;
    /** How many conversations it has now (the list's count, kept live). */
    conversationCount: number;
    /** Opens Documents on the project's collection, to add or remove its files. */
    onFiles: (collection: string) => void;
    onClose: () => void;
    onError: (message: string) => void;
};

/** A project's name and instructions; its files; archive or delete it. */
export function ProjectDialog({api, project, conversationCount, onFiles, onClose, onError}: Props) {
    const {t} = useTranslation();
    const [name, setName] = useState(project?.name ?? "");
    const [instructions, setInstructions] = useState(project?.instructions ?? "");
    const [confirming, setConfirming] = useState(false);
    const act = async (call: Promise<{ok: boolean; error?: {message: string}}>) => {
        const res = await call;
        if (!res.ok) return onError(res.error!.message);
        onClose();
    };
    const save = () =>
        act(
            api.invoke("projects.save", {
                ...(project ? {id: project.id} : {}),
                name: name.trim(),
                instructions,
            }),
        );
    const label = project ? t("projectDialog.projectOf", {name: project.name}) : t("projectDialog.new");
    return (
        <Dialog label={label} onClose={onClose}>
            <h2>{label}</h2>
            <form
                className="project-form"
                onSubmit={(e) => {
                    e.preventDefault();
                    void save();
                }}
            >
                <label>
                    {t("projectDialog.name")}
                    <input
                        type="text"
                        data-autofocus
                        required
                        maxLength={100}
                        value={name}
                        onChange={(e) => setName(e.target.value)}
                    />
                </label>
                <label>
                    {t("projectDialog.instructions")}
                    <textarea
                        rows={4}
                        maxLength={20_000}
                        value={instructions}
                        placeholder={t("projectDialog.instructionsHint")}
                        onChange={(e) => setInstructions(e.target.value)}
                    />
                </label>
                {project && (
                    <p className="hint">
                        {t("projectDialog.files", {count: conversationCount, collection: project.collection})}{" "}
                        <button type="button" onClick={() => onFiles(project.collection)}>
                            {t("projectDialog.filesButton")}
                        </button>
                    </p>
                )}
                <div className="choices">
                    <button type="submit" className="primary" disabled={!name.trim()}>
                        {project ? t("projectDialog.save") : t("projectDialog.add")}
                    </button>
                    {project && (
                        <button
                            type="button"
                            onClick={() =>
                                void act(
                                    api.invoke("projects.setArchived", {
                                        id: project.id,
                                        archived: !project.archived,
                                    }),
                                )
                            }
                        >
                            {project.archived ? t("projectDialog.unarchive") : t("projectDialog.archive")}
                        </button>
                    )}
                    {project &&
                        (confirming ? (
                            <button
                                type="button"
                                className="danger"
                                onClick={() => void act(api.invoke("projects.delete", {id: project.id}))}
                            >
                                {t("projectDialog.deleteForGood")}
                            </button>
                        ) : (
                            <button type="button" className="danger" onClick={() => setConfirming(true)}>
                                {t("projectDialog.delete")}
                            </button>
                        ))}
                    <button type="button" onClick={onClose}>
                        {t("projectDialog.cancel")}
                    </button>
                </div>
                {confirming && (
                    <p role="alert" className="hint">
                        {t("projectDialog.deleteExplain")}
                    </p>
                )}
            </form>
        </Dialog>
    );
}

import {createContext, useContext, useEffect, useRef, useState} from "react";
import {Download, Maximize2, X} from "lucide-react";
import type {Artifact, ArtifactKind, CairnApi, PageKind} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";
import {download} from "../ui/download.js";
import {IconButton} from "../ui/IconButton.js";
import {Page} from "../ui/Page.js";
import {useShownDark} from "../ui/theme.js";
import {useCopy} from "./useCopy.js";
import {drawDiagram} from "./diagrams.js";

/** Opens an artifact in the side panel; null where no panel is mounted (then no Preview is offered). */
export const ArtifactContext = createContext<((artifact: Artifact) => void) | null>(null);

export function useArtifacts() {
    return useContext(ArtifactContext);
}

/** The code blocks' languages that are previewed, and the kind each is. */
export const PREVIEWED: Record<string, ArtifactKind> = {html: "html", svg: "svg", mermaid: "mermaid"};

const FILE_TYPES: Record<ArtifactKind, {type: string; extension: string}> = {
    html: {type: "text/html", extension: "html"},
    svg: {type: "image/svg+xml", extension: "svg"},
    mermaid: {type: "text/plain", extension: "mmd"},
};

/**
 * An artifact beside the conversation: its page in a sandboxed frame, with Copy, Download, Full size and Close.
 * Esc closes it; focus goes back to what opened it.
 */
export function ArtifactPanel({artifact, onClose}: {artifact: Artifact; onClose: () => void}) {
    const {t} = useTranslation();
    const {copied, copy} = useCopy();
    const [full, setFull] = useState(false);
    const first = useRef<HTMLButtonElement>(null);
    useEffect(() => {
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        first.current?.focus();
        return () => opener?.focus();
    }, [artifact]);
    const kind = t(`artifact.kind.${artifact.kind}`);
    const {type, extension} = FILE_TYPES[artifact.kind];
    const fileName = artifact.name?.split("/").at(-1) ?? `${artifact.kind}-preview.${extension}`;
    return (
        <aside
            className="artifact-panel"
            aria-label={t("artifact.panel", {kind})}
            data-kind={artifact.kind}
            onKeyDown={(e) => {
                if (e.key === "Escape" && !full) onClose();
            }}
        >
            <header className="artifact-top">
                <h2>{artifact.name ?? kind}</h2>
                <button ref={first} type="button" onClick={() => copy(artifact.source)}>
                    {t(copied ? "code.copied" : "code.copy")}
                </button>
                <button type="button" onClick={() => download(new Blob([artifact.source], {type}), fileName)}>
                    <Download aria-hidden size={14} /> {t("artifact.download")}
                </button>
                <button type="button" onClick={() => setFull(true)}>
                    <Maximize2 aria-hidden size={14} /> {t("artifact.fullSize")}
                </button>
                <IconButton label={t("artifact.close")} onClick={onClose}>
                    <X aria-hidden size={16} />
                </IconButton>
            </header>
            {/* Hidden, not removed, while full size: a frame moved or mounted again loads its page again. */}
            <ArtifactFrame artifact={artifact} hidden={full} />
            {full && (
                <Page
                    title={t("artifact.fullTitle", {name: artifact.name ?? kind})}
                    close={t("artifact.exitFull")}
                    onClose={() => setFull(false)}
                    className="artifact-full"
                >
                    <ArtifactFrame artifact={artifact} />
                </Page>
            )}
        </aside>
    );
}

/** The artifact's page, asked of the core for this frame alone (each address serves it once). */
function ArtifactFrame({artifact, hidden}: {artifact: Artifact; hidden?: boolean}) {
    const {t} = useTranslation();
    const api = useApi();
    const [frame, setFrame] = useState<string | null>(null);
    const [problem, setProblem] = useState<Problem | null>(null);
    // A diagram is drawn again in the window's new theme; a page or a drawing keeps its own colours (and state).
    const dark = useShownDark();
    const theme = artifact.kind === "mermaid" && dark ? "dark" : "light";
    useEffect(() => {
        if (!api) return;
        let gone = false;
        setFrame(null);
        setProblem(null);
        void pageOf(api, artifact, theme).then((page) => {
            if (gone) return;
            if ("frame" in page) setFrame(page.frame);
            else setProblem(page.problem);
        });
        return () => {
            gone = true;
        };
    }, [api, artifact, theme]);
    if (problem) return <ProblemNote problem={problem} />;
    if (!frame) return <p className="artifact-loading">{t("artifact.loading")}</p>;
    return (
        <iframe
            className="artifact-frame"
            data-kind={artifact.kind}
            src={frame}
            title={t("artifact.frame", {kind: t(`artifact.kind.${artifact.kind}`)})}
            sandbox="allow-scripts"
            referrerPolicy="no-referrer"
            hidden={hidden}
        />
    );
}

type Problem = {diagram: string} | {page: string};

/** The frame's address for the artifact; a diagram drawn first by the window's drawing frame (diagrams.ts). */
async function pageOf(
    api: CairnApi,
    artifact: Artifact,
    theme: "light" | "dark",
): Promise<{frame: string} | {problem: Problem}> {
    let page: {kind: PageKind; source: string} = {
        kind: artifact.kind === "mermaid" ? "diagram" : artifact.kind,
        source: artifact.source,
    };
    if (artifact.kind === "mermaid") {
        const drawn = await drawDiagram(api, artifact.source, theme === "dark");
        if ("error" in drawn) return {problem: {diagram: drawn.error}};
        page = {kind: "diagram", source: drawn.svg};
    }
    const res = await api.invoke("artifacts.preview", {...page, theme});
    return res.ok ? res.value : {problem: {page: res.error.message}};
}

/** Why nothing is shown: Mermaid's words for a diagram it could not draw, or why the page was refused. */
function ProblemNote({problem}: {problem: Problem}) {
    const {t} = useTranslation();
    return (
        <p className="artifact-problem" role="alert">
            {"diagram" in problem
                ? t("artifact.notDrawn", {problem: problem.diagram})
                : t("artifact.problem", {problem: problem.page})}
        </p>
    );
}

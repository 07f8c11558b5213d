import {createContext, useContext, useEffect, useRef, useState} from "react";
import type {ArchivedPage, CairnApi, Passage} from "../../../shared/contract.js";
import {isSafeExternal} from "./links.js";
import {Dialog} from "../ui/Dialog.js";
import {useTranslation} from "../i18n/index.js";

/** What the viewer opens: a page from the archive, or a passage of a local document. */
export type SourceTarget = {archiveId: string} | {chunkId: number};

/** Opens a source in the viewer; null where no viewer is mounted (then links open the live page). */
export const SourceViewerContext = createContext<((target: SourceTarget) => void) | null>(null);

export function useSourceViewer() {
    return useContext(SourceViewerContext);
}

type Props = {api: CairnApi; target: SourceTarget; onClose: () => void};

/** A source, readable offline: an archived page with a way to the live one, or a document at its passage. */
export function SourceViewer({api, target, onClose}: Props) {
    const {t} = useTranslation();
    return (
        <Dialog label={t("viewer.label")} onClose={onClose} className="viewer">
            {"archiveId" in target ? (
                <ArchivedPageView api={api} archiveId={target.archiveId} onClose={onClose} />
            ) : (
                <PassageView api={api} chunkId={target.chunkId} onClose={onClose} />
            )}
        </Dialog>
    );
}

function ArchivedPageView({
    api,
    archiveId,
    onClose,
}: {
    api: CairnApi;
    archiveId: string;
    onClose: () => void;
}) {
    const {t, i18n} = useTranslation();
    const [page, setPage] = useState<ArchivedPage | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    useEffect(() => {
        void api.invoke("archive.get", {id: archiveId}).then((res) => {
            if (res.ok) setPage(res.value);
            else setProblem(res.error.message);
        });
    }, [api, archiveId]);
    return (
        <>
            {problem && <p className="problem">{problem}</p>}
            {page && (
                <>
                    <h2>{page.title}</h2>
                    <p className="muted">
                        {t("viewer.read", {
                            url: page.url,
                            when: new Date(page.fetchedAt).toLocaleString(i18n.language),
                        })}
                    </p>
                    <div className="archived">{page.text}</div>
                </>
            )}
            <div className="choices">
                {page && isSafeExternal(page.url) && (
                    <a className="button" href={page.url} target="_blank" rel="noopener noreferrer">
                        {t("viewer.openLive")}
                    </a>
                )}
                <button data-autofocus onClick={onClose}>
                    {t("viewer.close")}
                </button>
            </div>
        </>
    );
}

/** The document's text with the cited passage highlighted and scrolled into view. */
function PassageView({api, chunkId, onClose}: {api: CairnApi; chunkId: number; onClose: () => void}) {
    const {t} = useTranslation();
    const [passage, setPassage] = useState<Passage | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const mark = useRef<HTMLElement>(null);
    useEffect(() => {
        void api.invoke("docs.getPassage", {chunkId}).then((res) => {
            if (res.ok) setPassage(res.value);
            else setProblem(res.error.message);
        });
    }, [api, chunkId]);
    useEffect(() => {
        void mark.current?.scrollIntoView({block: "center"});
    }, [passage]);
    const text = passage?.document.text ?? "";
    const loc = passage?.chunk.location;
    const where = loc
        ? [
              loc.page ? t("viewer.page", {page: loc.page}) : null,
              loc.heading.join(" › ") || null,
              t("viewer.lines", {start: loc.lineStart, end: loc.lineEnd}),
          ]
              .filter(Boolean)
              .join(" · ")
        : "";
    return (
        <>
            {problem && <p className="problem">{problem}</p>}
            {passage && loc && (
                <>
                    <h2>{passage.document.title}</h2>
                    <p className="muted">
                        {passage.document.path} · {where}
                    </p>
                    <div className="archived document-text">
                        {text.slice(0, loc.start)}
                        <mark ref={mark} className="passage">
                            {text.slice(loc.start, loc.end)}
                        </mark>
                        {text.slice(loc.end)}
                    </div>
                </>
            )}
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    {t("viewer.close")}
                </button>
            </div>
        </>
    );
}

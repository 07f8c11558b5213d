import {createContext, useContext, useEffect, useState} from "react";
import type {ArchivedPage, CairnApi} from "../../shared/contract.js";
import {isSafeExternal} from "./citations.js";

/** Opens an archived page in the viewer; null where no viewer is mounted (then links open the live page). */
export const SourceViewerContext = createContext<((archiveId: string) => void) | null>(null);

export function useSourceViewer() {
    return useContext(SourceViewerContext);
}

type Props = {api: CairnApi; archiveId: string; onClose(): void};

/** The archived text of a page the model read, readable offline, with a way to the live page. */
export function SourceViewer({api, archiveId, onClose}: Props) {
    const [page, setPage] = useState<ArchivedPage | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    useEffect(() => {
        void api.invoke("archive.get", {id: archiveId}).then((res) => {
            if (res.ok) setPage(res.value);
            else setProblem(res.error.message);
        });
    }, [api, archiveId]);
    return (
        <div className="backdrop" onKeyDown={(e) => e.key === "Escape" && onClose()}>
            <div className="dialog viewer" role="dialog" aria-modal="true" aria-label="Source">
                {problem && <p className="problem">{problem}</p>}
                {page && (
                    <>
                        <h2>{page.title}</h2>
                        <p className="muted">
                            {page.url} · read {new Date(page.fetchedAt).toLocaleString()}
                        </p>
                        <div className="archived">{page.text}</div>
                    </>
                )}
                <div className="choices">
                    {page && isSafeExternal(page.url) && (
                        <a className="button" href={page.url} target="_blank" rel="noopener noreferrer">
                            Open live page
                        </a>
                    )}
                    <button autoFocus onClick={onClose}>
                        Close
                    </button>
                </div>
            </div>
        </div>
    );
}

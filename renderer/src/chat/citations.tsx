import type {ReactNode} from "react";
import type {Components} from "react-markdown";
import type {Citation} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {isSafeExternal} from "./links.js";
import {useSourceViewer} from "./SourceViewer.js";

const MARKER = /\[(\d{1,3})\](?!\()/g;
const CITE_PREFIX = "#cite-";

/** Turns [n] markers into markdown links that the link renderer below resolves against the answer's sources. */
export function linkMarkers(text: string): string {
    return text.replace(MARKER, (_m, n: string) => `[\\[${n}\\]](${CITE_PREFIX}${n})`);
}

/** Markdown components: links leave the app; citation markers open their source or show as unsupported. */
export function markdownComponents(citations: Citation[]): Components {
    return {
        a: ({href, children}) => {
            if (href?.startsWith(CITE_PREFIX))
                return <CitationLink citations={citations} number={Number(href.slice(CITE_PREFIX.length))} />;
            return (
                <a href={href} target="_blank" rel="noopener noreferrer">
                    {children}
                </a>
            );
        },
    };
}

function CitationLink({citations, number}: {citations: Citation[]; number: number}): ReactNode {
    const {t} = useTranslation();
    const citation = citations.find((c) => c.number === number);
    if (!citation) {
        return (
            <span className="cite unsupported" title={t("sources.none")}>
                [{number}]
            </span>
        );
    }
    return <SourceLink citation={citation}>[{number}]</SourceLink>;
}

export function SourceLink({citation, children}: {citation: Citation; children: ReactNode}) {
    const openArchived = useSourceViewer();
    const title = citation.snippet ? `${citation.title}: ${citation.snippet}` : citation.title;
    const archiveId = citation.location?.archiveId;
    const chunkId = citation.location?.chunkId;
    if (citation.kind === "document" && typeof chunkId === "number" && openArchived) {
        // A document passage opens in the viewer at that passage, highlighted.
        return (
            <a
                className="cite"
                href={`#passage-${chunkId}`}
                title={title}
                onClick={(e) => {
                    e.preventDefault();
                    openArchived({chunkId});
                }}
            >
                {children}
            </a>
        );
    }
    if (citation.kind === "url" && typeof archiveId === "string" && openArchived) {
        // A page the model read opens from the archive, so it still opens offline.
        return (
            <a
                className="cite"
                href={citation.url}
                title={title}
                onClick={(e) => {
                    e.preventDefault();
                    openArchived({archiveId});
                }}
            >
                {children}
            </a>
        );
    }
    if (citation.kind === "url" && isSafeExternal(citation.url)) {
        return (
            <a className="cite" href={citation.url} target="_blank" rel="noopener noreferrer" title={title}>
                {children}
            </a>
        );
    }
    // A tool result opens its step in the trace.
    return (
        <a
            className="cite"
            href={citation.toolCallId ? `#call-${citation.toolCallId}` : undefined}
            title={title}
            onClick={openStep}
        >
            {children}
        </a>
    );
}

function openStep(event: React.MouseEvent<HTMLAnchorElement>) {
    const id = event.currentTarget.getAttribute("href")?.slice(1);
    const step = id ? document.getElementById(id) : null;
    if (!step) return;
    event.preventDefault();
    step.querySelector("details")?.setAttribute("open", "");
    step.scrollIntoView({block: "center"});
}

export function SourcesList({citations}: {citations: Citation[]}) {
    const {t} = useTranslation();
    if (citations.length === 0) return null;
    return (
        <ol className="sources" aria-label={t("sources.list")}>
            {citations.map((c) => (
                <li key={c.number} value={c.number}>
                    <SourceLink citation={c}>{c.title}</SourceLink>
                    {c.url && <span className="url"> {c.url}</span>}
                </li>
            ))}
        </ol>
    );
}

import type {Citation, Source} from "../../shared/contract.js";
import {withSources} from "../llm/stepLoop.js";
import type {CitationStore} from "../store/citations.js";
import type {CallOutcome} from "../tools/runner.js";
import {sourceKey} from "../research/sources.js";

/**
 * One answer's citations: each source a call returned numbered within the answer ([1], [2], …), stored with
 * it, and listed for the model after the call's result so that it can cite them.
 */
export class AnswerCitations {
    private readonly cited: Citation[];

    constructor(
        private readonly store: CitationStore,
        private readonly messageId: string,
    ) {
        // An answer written again in place (a research run resumed) goes on numbering after its sources.
        this.cited = store.forMessage(messageId);
    }

    /** A call's result as the model reads it: its text, then its sources with their numbers. */
    cite(outcome: CallOutcome): string {
        const numbered = outcome.sources.map((source) => this.add(source, outcome.record.id));
        return withSources(outcome.modelText, numbered);
    }

    /** The number of a page a provider's own search cited: a URL cited again keeps its number. */
    numberOf(toolCallId: string, {title, url}: {title: string; url: string}): number {
        return (this.cited.find((c) => c.url === url) ?? this.add({kind: "url", title, url}, toolCallId))
            .number;
    }

    /** The number of a source read (a research run's): the same page, passage or memory keeps its number. */
    numberSource(source: Source, toolCallId: string | null): number {
        const key = sourceKey(source);
        return (this.cited.find((c) => sourceKey(c) === key) ?? this.add(source, toolCallId)).number;
    }

    private add(source: Source, toolCallId: string | null): Citation {
        const citation: Citation = {...source, number: this.cited.length + 1, toolCallId};
        this.cited.push(citation);
        this.store.add(this.messageId, citation);
        return citation;
    }
}

import type {Conversation} from "../../../shared/contract.js";

/** The most conversations a search shows by their titles (their messages follow). */
export const TITLES_SHOWN = 8;

/** Lower case without accents: "Café" is found by "cafe". */
function folded(text: string): string {
    return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/**
 * The conversations whose title holds every word typed (in any order, any case, accents or not), pinned first,
 * then last active first; drafts (nothing sent yet) are not searched. `projectId`: within that project only.
 */
export function titleMatches(conversations: Conversation[], query: string, projectId = ""): Conversation[] {
    const words = folded(query).split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return conversations
        .filter((c) => !c.draft && (!projectId || c.projectId === projectId))
        .filter((c) => {
            const title = folded(c.title);
            return words.every((w) => title.includes(w));
        })
        .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt)
        .slice(0, TITLES_SHOWN);
}

// The images of a conversation as the model that answers reads them: their pixels for one that sees, else
// their size and type (a note in their place).

import type {RemoteEngine} from "../llm/providers.js";
import type {HistoryImage, UserItem} from "../llm/stepTypes.js";
import type {ConversationStore} from "../store/conversations.js";
import {failSaying} from "../words.js";
import {ok, type Result} from "../../shared/result.js";
import {seesImages} from "./history.js";

/** Kept images as a model reads them; their pixels only for one that sees. */
export function imageReader(
    store: ConversationStore,
    remote: RemoteEngine | null,
): (id: string) => HistoryImage | null {
    const sees = seesImages(remote);
    return (id) => {
        const attachment = store.attachments.get(id);
        if (!attachment) return null;
        const {mime, width, height} = attachment;
        const data = sees ? store.attachments.read(id, "full")?.data.toString("base64") : "";
        return data === undefined ? null : {mime, data, width, height};
    };
}

/** A question as the model reads it: its text and its images (see imageReader). */
export function questionItem(
    read: (id: string) => HistoryImage | null,
    text: string,
    attachments: readonly {id: string}[] | undefined,
): UserItem {
    const images = (attachments ?? []).map((a) => read(a.id)).filter((i) => i !== null);
    return images.length > 0 ? {type: "user", text, images} : {type: "user", text};
}

/** The images a question names, each kept (with the name it was attached with). */
export function keptImages(store: ConversationStore, ids: string[]): Result<{id: string; name: string}[]> {
    const kept = ids.map((id) => store.attachments.get(id));
    const gone = ids.filter((_, i) => !kept[i]);
    if (gone.length > 0) return failSaying("NOT_FOUND", "imagesGone", {count: gone.length});
    return ok(kept.map((a) => ({id: a!.id, name: a!.name})));
}

import {useEffect, useState} from "react";
import type {AppEvent, CairnApi, CallName} from "../../../shared/contract.js";

/** A list the core keeps (assistants, projects): read once, and again whenever `changed` is emitted. */
export function useLive<T>(
    api: CairnApi,
    call: Extract<CallName, "assistants.list" | "projects.list">,
    changed: AppEvent["type"],
): T[] {
    const [items, setItems] = useState<T[]>([]);
    useEffect(() => {
        const load = () => void api.invoke(call, {}).then((res) => res.ok && setItems(res.value as T[]));
        load();
        return api.onEvent((e) => {
            if (e.type === changed) load();
        });
    }, [api, call, changed]);
    return items;
}

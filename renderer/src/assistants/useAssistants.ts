import {useEffect, useState} from "react";
import type {Assistant, CairnApi} from "../../../shared/contract.js";

/** The assistants, kept up to date as they change here, in another window or from the CLI. */
export function useAssistants(api: CairnApi): Assistant[] {
    const [assistants, setAssistants] = useState<Assistant[]>([]);
    useEffect(() => {
        const load = () =>
            void api.invoke("assistants.list", {}).then((res) => res.ok && setAssistants(res.value));
        load();
        return api.onEvent((e) => {
            if (e.type === "assistants.changed") load();
        });
    }, [api]);
    return assistants;
}

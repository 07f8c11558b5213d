import {useCallback, useEffect, useState} from "react";
import type {Automation, CairnApi} from "../../../shared/contract.js";

/**
 * The automations, kept up to date by the core's events, and how many runs ended or began to wait since the
 * person last looked (the sidebar's badge).
 */
export function useAutomations(api: CairnApi) {
    const [automations, setAutomations] = useState<Automation[]>([]);
    const [unseen, setUnseen] = useState(0);
    const refresh = useCallback(
        () =>
            void api.invoke("automations.list", {}).then((res) => {
                if (res.ok) setAutomations(res.value);
            }),
        [api],
    );
    useEffect(() => {
        refresh();
        return api.onEvent((e) => {
            if (e.type === "automations.changed") refresh();
            if (e.type !== "automations.run") return;
            refresh();
            if (["done", "failed", "waiting"].includes(e.run.status)) setUnseen((n) => n + 1);
        });
    }, [api, refresh]);
    return {automations, unseen, seen: () => setUnseen(0)};
}

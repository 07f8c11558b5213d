import {useState} from "react";
import type {Assistant, CairnApi} from "../../../shared/contract.js";
import {useLive} from "../ui/useLive.js";

/** The assistants, kept up to date as they change here, in another window or from the CLI. */
export function useAssistants(api: CairnApi): Assistant[] {
    return useLive<Assistant>(api, "assistants.list", "assistants.changed");
}

/**
 * The assistant the next new conversation starts with: the one picked in the sidebar, else the default one.
 * startingAssistant is what creating a conversation asks for (undefined: the default; null: none).
 */
export function useStartWith(assistants: Assistant[]) {
    const [picked, setPicked] = useState<string | undefined>(undefined);
    return {
        startWith: picked ?? assistants.find((a) => a.isDefault)?.id ?? "",
        setPicked,
        startingAssistant: picked === undefined ? undefined : picked || null,
    };
}

import type {Assistant, CairnApi} from "../../../shared/contract.js";
import {useLive} from "../ui/useLive.js";

/** The assistants, kept up to date as they change here, in another window or from the CLI. */
export function useAssistants(api: CairnApi): Assistant[] {
    return useLive<Assistant>(api, "assistants.list", "assistants.changed");
}

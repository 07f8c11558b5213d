import type {AssistantInput} from "./contract.js";

/** What an assistant sets when nothing else is said: a new one in Settings, a file that names only some. */
export const ASSISTANT_DEFAULTS: Omit<AssistantInput, "name"> = {
    icon: "",
    instructions: "",
    toolsOff: [],
    pinnedTools: [],
    collections: [],
    memoryScope: "everywhere",
    provider: null,
    providerModel: null,
    localModel: null,
    generation: null,
    starters: [],
};

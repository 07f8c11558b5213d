import {createContext, useContext} from "react";
import type {CairnApi} from "../../shared/contract.js";
import type {ToolProgress, WritingCall} from "./cairnState.js";

/** The contract client, for components deep in the tree that make a call of their own (undo, preview). */
export const ApiContext = createContext<CairnApi | null>(null);

/** null outside a provider (a component rendered alone, in a test): calls are then not offered. */
export function useApi(): CairnApi | null {
    return useContext(ApiContext);
}

/** How far running tool calls have got, by call id. */
export const ProgressContext = createContext<Record<string, ToolProgress>>({});

/** Calls the model is still writing, by message id. */
export const WritingContext = createContext<Record<string, WritingCall[]>>({});

/** Offline mode is on: what needs the network (downloads, Hugging Face search) is off, saying why. */
export const OfflineModeContext = createContext(false);

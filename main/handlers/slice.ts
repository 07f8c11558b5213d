import type {CallName} from "../../shared/contract.js";
import type {Handlers} from "../contract/dispatcher.js";

/** The handlers of the calls whose names start with one of the prefixes ("models." …): one domain's slice. */
export type HandlerSlice<Prefix extends string> = Pick<Handlers, Extract<CallName, `${Prefix}${string}`>>;

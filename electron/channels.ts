export const CALL_CHANNEL = "cairn:call";
export const EVENT_CHANNEL = "cairn:event";

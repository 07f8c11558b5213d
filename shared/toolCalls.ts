import type {ToolCallRecord} from "./contract.js";

/** Who ran a call the provider ran itself (a cloud model's own web search: `resultData.ranBy`), else null. */
export function ranBy(call: ToolCallRecord): string | null {
    const data = call.resultData as {ranBy?: unknown} | null;
    return typeof data?.ranBy === "string" ? data.ranBy : null;
}

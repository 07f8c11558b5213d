import {causeOf} from "../../shared/format.js";
import {CORE_WORDS, isConnectionCode} from "../../shared/coreWords.js";
/** Why a connection failed, in words ("nothing is listening there"), from fetch's cause. */
export function connectionFailure(error: unknown): string | undefined {
    const cause = causeOf(error);
    // fetch refuses the ports of old services (9, 25, 6000…) before connecting.
    if (cause?.message === "bad port") return "fetch never connects to that port: use another one";
    if (!cause?.code) return undefined;
    return isConnectionCode(cause.code) ? CORE_WORDS.en[`connection_${cause.code}`] : cause.code;
}

import {causeOf} from "../../shared/format.js";
/** Node's network error codes in words a person can act on. */
const CONNECTION_FAILURES: Record<string, string> = {
    ECONNREFUSED: "nothing is listening there",
    ENOTFOUND: "no such host",
    EAI_AGAIN: "the name could not be looked up",
    ECONNRESET: "the connection was cut",
    EHOSTUNREACH: "the host is unreachable",
    ENETUNREACH: "the network is unreachable",
    ETIMEDOUT: "the connection timed out",
    UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
};

/** Why a connection failed, in words ("nothing is listening there"), from fetch's cause. */
export function connectionFailure(error: unknown): string | undefined {
    const cause = causeOf(error);
    // fetch refuses the ports of old services (9, 25, 6000…) before connecting.
    if (cause?.message === "bad port") return "fetch never connects to that port: use another one";
    return cause?.code ? (CONNECTION_FAILURES[cause.code] ?? cause.code) : undefined;
}

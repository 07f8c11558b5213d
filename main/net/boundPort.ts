import type {Server} from "node:net";

/** The port a listening server is bound to (the one the system chose for port 0). */
export function boundPort(server: Pick<Server, "address">): number {
    const address = server.address();
    if (address === null || typeof address === "string")
        throw new Error("the server is not listening on a TCP port");
    return address.port;
}

// Cairn's MCP client under the official conformance suite (`npm run conformance`, tests/integration/
// mcpConformance.test.ts): the suite runs this with its server's URL last. As the app does, it adds the server
// to a new library's mcp.json, starts it, lists its tools and calls each one through the one tool runner as the
// window does (a person waits: a wider sign-in a call needs opens its page), with arguments made from each tool's
// schema. A form a server asks for is answered with its defaults, as a CLI
// run with --elicit defaults answers it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {createCore} from "../../main/core.js";
import {runAllowed} from "../helpers/mcp.js";

const url = process.argv.at(-1)!;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-conformance-"));
// Credentials the scenario's server owner gave (pre-registration), as `cairn mcp add --client-id` writes them.
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as {
    client_id?: string;
    client_secret?: string;
};
// Cairn's client metadata document as the suite knows it (the address the official SDK's own conformance client
// gives): used as the client ID only where the authorization server says it accepts one (auth/basic-cimd).
const oauth = {
    oauth: {
        clientMetadataUrl: "https://conformance-test.local/client-metadata.json",
        ...(context.client_id ? {clientId: context.client_id, clientSecret: context.client_secret} : {}),
    },
};
fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({mcpServers: {suite: {url, ...oauth}}}));
const core = createCore({
    dataDir,
    modelPath: null,
    gpu: false,
    mcpAsks: "defaults",
    command: "conformance",
    openExternal: (page) => void consent(page),
});
let failed = false;
try {
    await core.tools.prepare();
    // A server that asks for a sign-in gets the one the app's Sign in button starts.
    if (core.mcp.status().servers.find((s) => s.name === "suite")?.state === "signin") await signIn();
    const server = core.mcp.status().servers.find((s) => s.name === "suite");
    if (server?.state !== "ready")
        throw new Error(`the server did not start: ${server?.error ?? "no state"}`);
    for (const tool of core.tools
        .offered("agent", {webAccess: true})
        .filter((t) => t.source === "mcp:suite")) {
        const {record, modelText} = await runAllowed(
            core,
            tool.name,
            sampleOf(tool.inputSchema ?? tool.params),
            true,
            "",
            true,
        );
        process.stdout.write(`${tool.name}: ${record.status} ${modelText.slice(0, 200)}\n`);
    }
} catch (error) {
    failed = true;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
    await core.dispose();
    fs.rmSync(dataDir, {recursive: true, force: true});
}
process.exit(failed ? 1 : 0);

/** Signs in as the app does, and waits until the server is ready or has failed. */
async function signIn(): Promise<void> {
    const outcome = await core.mcp.signIn("suite");
    if (!outcome.ok) throw new Error(outcome.message);
    for (let i = 0; i < 200; i++) {
        const state = core.mcp.status().servers.find((s) => s.name === "suite")?.state;
        if (state === "ready" || state === "error") return;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}

/**
 * The person at the browser: the suite's authorization server consents at once and redirects to Cairn's
 * loopback listener, whose page is then opened as a browser would.
 */
async function consent(page: URL): Promise<void> {
    let next: string | null = page.href;
    for (let hops = 0; next && hops < 10; hops++) {
        const res: Response = await fetch(next, {redirect: "manual"});
        const location = res.headers.get("location");
        next = location ? new URL(location, next).href : null;
    }
}

/** A value a schema accepts: its default or first enum value, else a plain one of its type. */
function sampleOf(schema: unknown): unknown {
    if (typeof schema !== "object" || schema === null) return {};
    const s = schema as {
        type?: unknown;
        default?: unknown;
        enum?: unknown[];
        properties?: Record<string, unknown>;
    };
    if (s.default !== undefined) return s.default;
    if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === "number" || type === "integer") return 1;
    if (type === "string") return "test";
    if (type === "boolean") return true;
    if (type === "array") return [];
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
}

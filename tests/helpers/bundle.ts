import assert from "node:assert/strict";
import path from "node:path";
import {packExtension} from "@anthropic-ai/mcpb";
import {ROOT, tempDir} from "./paths.js";

/** The test bundle's folder: a local server that greets with the greeting the user gives as its setting. */
export const BUNDLE_FIXTURE = path.join(ROOT, "tests", "fixtures", "mcp", "bundle");

/** The test bundle packed by the official packer (@anthropic-ai/mcpb) into a new greeter.mcpb. */
export async function packedBundle(): Promise<string> {
    const file = path.join(tempDir(), "greeter.mcpb");
    assert.ok(
        await packExtension({extensionPath: BUNDLE_FIXTURE, outputPath: file, silent: true}),
        "the fixture packs",
    );
    return file;
}

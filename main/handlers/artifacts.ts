import {ARTIFACT_MAX_CHARS, type ArtifactKind} from "../../shared/contract.js";
import {messageOf} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {LIMITS} from "../sandbox/protocol.js";
import {readScratchFile, scratchFolder} from "../sandbox/scratch.js";
import {artifactPage, drawerPage} from "../server/artifactPages.js";
import type {AppFrames} from "../server/appFrames.js";
import type {ToolCallStore} from "../store/toolCalls.js";

type Deps = {frames: AppFrames; toolCalls: ToolCallStore; dataDir: string};

/** A file's kind by its name: the pages, drawings and diagrams a program may write. */
const KINDS: [RegExp, ArtifactKind][] = [
    [/\.html?$/i, "html"],
    [/\.svg$/i, "svg"],
    [/\.(mmd|mermaid)$/i, "mermaid"],
];

/**
 * Artifacts: a page for one frame, made from an answer's block or a program's file, and the page of the frame that
 * draws Mermaid diagrams (main/server/artifactPages.ts); the files run_code wrote, read back from the
 * conversation's folder by the names its result gave, to preview or to save.
 */
export function artifactHandlers(deps: Deps): HandlerSlice<"artifacts."> {
    return {
        "artifacts.preview": ({kind, source, theme}) =>
            ok({frame: deps.frames.offer(artifactPage(kind, source, theme))}),
        "artifacts.drawer": () => {
            try {
                return ok({frame: deps.frames.offer(drawerPage())});
            } catch (error) {
                return fail("UNAVAILABLE", messageOf(error));
            }
        },
        "artifacts.file": ({toolCallId, name}) => {
            const kind = KINDS.find(([pattern]) => pattern.test(name))?.[1];
            if (!kind)
                return fail(
                    "VALIDATION",
                    `${name} is not a page, a drawing or a diagram (.html, .svg, .mmd)`,
                );
            const data = programFile(deps, toolCallId, name, ARTIFACT_MAX_CHARS);
            if (!Buffer.isBuffer(data)) return data;
            if (data.length === 0) return fail("VALIDATION", `${name} is empty: there is nothing to preview`);
            return ok({kind, source: data.toString("utf8"), name});
        },
        "artifacts.download": ({toolCallId, name}) => {
            const data = programFile(deps, toolCallId, name, LIMITS.fileBytes);
            return Buffer.isBuffer(data) ? ok({name, data: data.toString("base64")}) : data;
        },
    };
}

/**
 * A file a call's program wrote, by a name its result gave, read from its conversation's folder without
 * following a link; or why not, as a failed Result.
 */
function programFile(deps: Deps, toolCallId: string, name: string, maxBytes: number): Buffer | Result<never> {
    const call = deps.toolCalls.get(toolCallId);
    if (!call) return fail("NOT_FOUND", `no tool call with id ${toolCallId}`);
    const files = fieldOf(call.resultData, "files");
    if (!Array.isArray(files) || !files.some((f) => fieldOf(f, "name") === name))
        return fail("NOT_FOUND", `${call.tool} wrote no file named ${name}`);
    const data = readScratchFile(scratchFolder(deps.dataDir, call.conversationId), name, maxBytes);
    if (data === null) return fail("NOT_FOUND", `${name} is no longer in this conversation's folder`);
    if (data === "too big")
        return fail(
            "VALIDATION",
            `${name} is too big to open here (over ${maxBytes.toLocaleString("en")} bytes)`,
        );
    return data;
}

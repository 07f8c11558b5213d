import type {CallToolResult, Tool} from "@modelcontextprotocol/sdk/types.js";
import type {Attachment, SideEffect} from "../../shared/contract.js";
import {clip, messageOf} from "../../shared/format.js";
import {grammarParams} from "../llm/grammarSchema.js";
import type {ParamsSchema, ToolContext, ToolDefinition, ToolOutput} from "../tools/defineTool.js";
import type {McpConnection} from "./connection.js";
import {appOnly, appPageOf} from "./apps.js";
import {malformedSummary, type CheckedResult} from "./results.js";

/** Longest tool name as the model sees it: what OpenAI-style function names and chat templates accept. */
const MAX_NAME = 64;

/** The model reads every offered tool's description in each prompt: a longer one is cut. */
const MAX_DESCRIPTION = 1000;

/** `<server>.<tool>`, with anything outside letters, digits, "_" and "-" made "_" in each part. */
export function mcpToolName(server: string, tool: string): string {
    const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_");
    return `${safe(server)}.${safe(tool)}`.slice(0, MAX_NAME);
}

/**
 * MCP's annotations in Cairn's side-effect classes: readOnlyHint → reads only; destructiveHint: false →
 * may change things (write); otherwise destructive, as the specification presumes (exec: always asks).
 * openWorldHint: true → reaches outside this computer, so it needs web access on.
 */
export function sideEffectOf(tool: Pick<Tool, "annotations">): {sideEffect: SideEffect; openWorld: boolean} {
    const a = tool.annotations ?? {};
    const openWorld = a.openWorldHint === true;
    if (a.readOnlyHint === true) return {sideEffect: openWorld ? "network" : "none", openWorld};
    return {sideEffect: a.destructiveHint === false ? "write" : "exec", openWorld};
}

/** One MCP tool as a registry tool: validated against its own schema, called on its server. */
export function mcpToolDefinition(connection: McpConnection, tool: Tool): ToolDefinition {
    const server = connection.config.name;
    const {sideEffect, openWorld} = sideEffectOf(tool);
    const page = appPageOf(tool);
    return {
        name: mcpToolName(server, tool.name),
        description: clip(
            tool.description ?? tool.title ?? tool.annotations?.title ?? `${tool.name} (${server})`,
            MAX_DESCRIPTION,
        ),
        sideEffect,
        openWorld,
        source: `mcp:${server}`,
        timeoutMs: connection.config.callTimeoutMs,
        params: grammarParams(tool.inputSchema) as ParamsSchema,
        inputSchema: tool.inputSchema,
        // A tool for its MCP App only is called by the app, never offered to the model.
        ...(appOnly(tool) ? {offeredWhen: () => false} : {}),
        run: async (args, ctx) => {
            const checked = await connection.callTool(
                tool.name,
                args,
                ctx.signal,
                ctx.progress,
                ctx.interactive !== false,
            );
            const {result} = checked;
            const output = outputOf(
                result,
                ctx.attach
                    ? await keepImages(result, tool.name, ctx.attach)
                    : new Map<number, Attachment | {error: string}>(),
            );
            // A call the app made itself is shown by that app, not by a frame of its own.
            const shown = ctx.askedByApp
                ? withData(output, {askedByApp: ctx.askedByApp})
                : page
                  ? withData(output, {app: {server, page}})
                  : output;
            return checked.total > 0 ? withProblems(shown, server, checked) : shown;
        },
    };
}

/**
 * A result with more for the trace: which server's page shows it (data.app, for the window to frame), or
 * which app asked for it (data.askedByApp).
 */
function withData(output: ToolOutput, more: Record<string, unknown>): ToolOutput {
    const data = typeof output.data === "object" && output.data !== null ? output.data : {};
    return {...output, data: {...data, ...more}};
}

/**
 * A result with items MCP does not allow: the model reads the valid items and one line on the rest (or, when
 * nothing valid is left, that line as the call's error); the trace keeps every problem (data.malformed).
 */
function withProblems(output: ToolOutput, server: string, checked: CheckedResult): ToolOutput {
    const summary = malformedSummary(server, checked);
    const {problems, total, report} = checked;
    const data = {...(output.data as Record<string, unknown> | undefined), malformed: {problems, total}};
    const trace = [
        summary,
        problems.join("\n") + (total > problems.length ? `\n… and ${total - problems.length} more` : ""),
        ...(report ? [`The server's own report:\n${report}`] : []),
    ].join("\n\n");
    const nothingLeft = checked.result.content.length === 0 && checked.result.structuredContent === undefined;
    if (output.error !== undefined) return {...output, error: `${output.error}\n(${summary})`, trace, data};
    if (nothingLeft) return {text: "", error: summary, trace, data};
    return {...output, text: `${output.text}\n(${summary}; those items were left out)`, data};
}

/** What became of each image of a result, by its index in the content: kept, or why not. */
type KeptImages = Map<number, Attachment | {error: string}>;

/**
 * The images of a result kept like attachments (checked, upright, at most 2048 px) and shown with the
 * answer; one that is not an image Cairn can read is left as it came, with why.
 */
async function keepImages(result: CallToolResult, tool: string, attach: NonNullable<ToolContext["attach"]>) {
    const kept: KeptImages = new Map();
    for (const [index, c] of (result.content ?? []).entries()) {
        if (c.type !== "image") continue;
        try {
            const extension = c.mimeType.split("/")[1] ?? "png";
            kept.set(
                index,
                await attach(Buffer.from(c.data, "base64"), `${tool} image ${kept.size + 1}.${extension}`),
            );
        } catch (error) {
            kept.set(index, {error: messageOf(error)});
        }
    }
    return kept;
}

type Content = CallToolResult["content"][number];

/**
 * What the model reads and what the trace keeps: text as it is; images and audio described (a local model
 * cannot see them) and kept for the trace; resource links and embedded resources named, with their text;
 * structured content as JSON. `isError` results are tool errors.
 */
export function outputOf(result: CallToolResult, kept: KeptImages = new Map()): ToolOutput {
    const content = result.content ?? [];
    const parts = content.map((c, index) => {
        const image = kept.get(index);
        return image && "id" in image
            ? `[image: ${image.width}x${image.height}, ${image.mime}; shown to the person]`
            : describe(c);
    });
    const images = [...kept.values()].filter((k): k is Attachment => "id" in k);
    const structured = result.structuredContent;
    if (structured !== undefined && !content.some((c) => c.type === "text"))
        parts.push(JSON.stringify(structured));
    const text = parts.join("\n").trim();
    const media = content
        .filter(
            (c, index): c is Extract<Content, {type: "image" | "audio"}> =>
                (c.type === "image" && !(kept.get(index) && "id" in kept.get(index)!)) || c.type === "audio",
        )
        .map((c) => ({type: c.type, mimeType: c.mimeType, data: c.data}));
    const data = {
        ...(structured !== undefined ? {structured} : {}),
        ...(media.length ? {media} : {}),
        ...(images.length ? {images} : {}),
        ...(content.some((c) => c.type === "resource_link" || c.type === "resource")
            ? {resources: content.filter((c) => c.type === "resource_link" || c.type === "resource")}
            : {}),
    };
    const withData = Object.keys(data).length ? {data} : {};
    if (result.isError) return {text: "", error: text || "the tool reported an error", ...withData};
    return {text: text || "(the tool returned nothing)", ...withData};
}

function describe(c: Content): string {
    switch (c.type) {
        case "text":
            return c.text;
        case "image":
        case "audio":
            return `[${c.type}: ${c.mimeType}, ${sizeOf(c.data)}; shown to the user, not readable by this model]`;
        case "resource_link":
            return `[resource: ${c.name}${c.description ? ` (${c.description})` : ""} ${c.uri}]`;
        case "resource": {
            const r = c.resource;
            return "text" in r && typeof r.text === "string"
                ? `[resource ${r.uri}]\n${r.text}`
                : `[resource ${r.uri}: ${r.mimeType ?? "binary"}, not text]`;
        }
        default:
            return `[${(c as {type: string}).type} content]`;
    }
}

function sizeOf(base64: string): string {
    const bytes = Math.floor((base64.length * 3) / 4);
    return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

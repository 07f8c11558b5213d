import fs from "node:fs";
import {Ajv} from "ajv";
import {isMap, LineCounter, parseDocument} from "yaml";
import type {ToolPolicy} from "../../shared/contract.js";

export type ToolConfig = {
    enabled?: boolean;
    policy?: ToolPolicy;
    timeoutMs?: number;
    aliases?: string[];
    options?: Record<string, unknown>;
};

export type ToolsConfig = {
    defaults: {timeoutMs: number; maxSteps: number; maxParallel: number};
    tools: Record<string, ToolConfig>;
};

export type ConfigProblem = {file: string; line: number | null; message: string};

export const BUILTIN_DEFAULTS: ToolsConfig["defaults"] = {timeoutMs: 15_000, maxSteps: 6, maxParallel: 4};

const schema = {
    type: "object",
    additionalProperties: false,
    properties: {
        defaults: {
            type: "object",
            additionalProperties: false,
            properties: {
                timeoutMs: {type: "integer", minimum: 100, maximum: 600_000},
                maxSteps: {type: "integer", minimum: 0, maximum: 50},
                maxParallel: {type: "integer", minimum: 1, maximum: 16},
            },
        },
        tools: {
            type: "object",
            additionalProperties: {
                type: "object",
                additionalProperties: false,
                properties: {
                    enabled: {type: "boolean"},
                    policy: {enum: ["ask", "allow", "deny"]},
                    timeoutMs: {type: "integer", minimum: 100, maximum: 600_000},
                    aliases: {type: "array", items: {type: "string", pattern: "^[a-z][a-z0-9_]*$"}},
                    options: {type: "object"},
                },
            },
        },
    },
} as const;

const validate = new Ajv({allErrors: true, strict: false}).compile(schema);

/**
 * Reads the default tools file, then the user's override on top of it. A missing file is not an error;
 * a malformed one is reported with its file and line and ignored, so the defaults still work.
 */
export function loadToolsConfig(files: string[]): {config: ToolsConfig; problems: ConfigProblem[]} {
    const config: ToolsConfig = {defaults: {...BUILTIN_DEFAULTS}, tools: {}};
    const problems: ConfigProblem[] = [];
    for (const file of files) {
        let text: string;
        try {
            text = fs.readFileSync(file, "utf8");
        } catch {
            continue;
        }
        const parsed = parseConfig(file, text);
        if ("problems" in parsed) {
            problems.push(...parsed.problems);
            continue;
        }
        Object.assign(config.defaults, parsed.value.defaults);
        for (const [name, entry] of Object.entries(parsed.value.tools ?? {})) {
            config.tools[name] = {...config.tools[name], ...entry};
        }
    }
    return {config, problems};
}

function parseConfig(
    file: string,
    text: string,
): {value: Partial<ToolsConfig>} | {problems: ConfigProblem[]} {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, {lineCounter});
    if (doc.errors.length > 0) {
        return {
            problems: doc.errors.map((e) => ({file, line: e.linePos?.[0]?.line ?? null, message: e.message})),
        };
    }
    const value = doc.toJS() ?? {};
    if (validate(value)) return {value: value as Partial<ToolsConfig>};
    return {
        problems: (validate.errors ?? []).map((e) => {
            const keys = e.instancePath.split("/").filter(Boolean);
            const node = keys.length > 0 && isMap(doc.contents) ? doc.getIn(keys, true) : doc.contents;
            const offset = (node as {range?: [number, number]} | null)?.range?.[0];
            return {
                file,
                line: offset === undefined ? null : lineCounter.linePos(offset).line,
                message: `${e.instancePath || "(top)"} ${e.message}`,
            };
        }),
    };
}

// One skill folder read: its SKILL.md's front matter (YAML between "---" lines: name, description, and the other
// fields, kept as they are) and its body. Agent Skills' format (agentskills.io): the name is 1-64 lowercase
// letters, digits and hyphens; the description at most 1,024 characters.
import fs from "node:fs";
import path from "node:path";
import {parse} from "yaml";
import {formatBytes} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";

/** The most a SKILL.md may hold: its body goes into the context when the skill is used. */
export const SKILL_FILE_BYTES = 256 * 1024;

export type SkillSource = "workspace" | "cairn" | "shared";

export type SkillFile = {
    name: string;
    description: string;
    /** The front matter's other fields (license, compatibility, metadata, allowed-tools…), as written. */
    fields: Record<string, unknown>;
    body: string;
};

/** The folder's SKILL.md read and checked; a string says what is wrong with it. */
export function readSkillFile(folder: string): SkillFile | string {
    const file = path.join(folder, "SKILL.md");
    const stat = fs.lstatSync(file, {throwIfNoEntry: false});
    if (!stat) return "it has no SKILL.md";
    if (!stat.isFile()) return "its SKILL.md is not a plain file (a link or a folder)";
    if (stat.size > SKILL_FILE_BYTES)
        return `its SKILL.md is ${formatBytes(stat.size)}; a skill's SKILL.md may be ${formatBytes(SKILL_FILE_BYTES)} at most`;
    return parseSkill(fs.readFileSync(file, "utf8"));
}

/** SKILL.md's text read: its front matter and body, or what is wrong. */
export function parseSkill(text: string): SkillFile | string {
    const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
    if (!match)
        return "its SKILL.md has no front matter: it must start with a --- line, name: and description:, and ---";
    let front: unknown;
    try {
        front = parse(match[1] ?? "");
    } catch (error) {
        return `its SKILL.md's front matter is not YAML: ${error instanceof Error ? error.message.split("\n")[0] : ""}`;
    }
    const name = fieldOf(front, "name");
    const description = fieldOf(front, "description");
    if (
        typeof name !== "string" ||
        !/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(name) ||
        name.includes("--")
    )
        return "its SKILL.md's name must be 1-64 lowercase letters, digits and single hyphens";
    if (typeof description !== "string" || description.trim() === "")
        return "its SKILL.md has no description: say what the skill does and when to use it";
    if (description.length > 1024) return "its SKILL.md's description is over 1,024 characters";
    const fields: Record<string, unknown> = {};
    for (const key of typeof front === "object" && front !== null ? Object.keys(front) : [])
        if (key !== "name" && key !== "description") fields[key] = fieldOf(front, key);
    return {name, description: description.trim(), fields, body: text.slice(match[0].length).trim()};
}

// Agent Skills found in three places, each skill a folder with a SKILL.md: the workspace's .agents/skills, Cairn's
// data folder's skills/, and the shared ~/.agents/skills that other agents read too. A name found twice is
// used from the first place in that order; the other is listed as hidden by it. Only names and descriptions
// reach the prompt; the use_skill tool reads a skill's body and files when the model asks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {readSkillFile, type SkillFile, type SkillSource} from "./skillFile.js";

export type SkillRoot = {source: SkillSource; folder: string};

/** How a conversation's or an assistant's list of tools switched off names a skill: "skill:<name>". */
export function skillSwitch(name: string): string {
    return `skill:${name}`;
}

/** Where Cairn keeps the skills it added (cairn skills add, Settings → Skills). */
export function cairnSkillsFolder(dataDir: string): string {
    return path.join(dataDir, "skills");
}

/** The three places, first wins: the workspace's, Cairn's, then the one other agents share (~/.agents/skills). */
export function skillRoots(dataDir: string, workspace: string): SkillRoot[] {
    return [
        {source: "workspace", folder: path.join(workspace, ".agents", "skills")},
        {source: "cairn", folder: cairnSkillsFolder(dataDir)},
        {source: "shared", folder: path.join(os.homedir(), ".agents", "skills")},
    ];
}

/** A skill as listed: usable, or with the problem that keeps it out (a bad SKILL.md, a name used before it). */
export type SkillInfo = {
    name: string;
    description: string;
    source: SkillSource;
    folder: string;
    enabled: boolean;
    problem?: string;
};

export type Skill = SkillInfo & SkillFile;

export type SkillOptions = {
    /** The places to look, first wins: they follow Settings (the workspace) as it changes. */
    roots: () => SkillRoot[];
    /** Skill names switched off in Settings. */
    off: () => string[];
};

/** The most of the prompt the list of skills may take, in characters (about 750 tokens). */
export const SKILLS_PROMPT_CHARS = 3_000;
/** The most of one description the list shows; use_skill gives the whole. */
const LISTED_DESCRIPTION_CHARS = 240;

export class SkillLibrary {
    /** Each SKILL.md read, until it changes (its size and time). */
    private readonly cache = new Map<string, {stamp: string; read: SkillFile | string}>();

    constructor(private readonly options: SkillOptions) {}

    /** Every skill folder found, usable or not, in the order of the places. */
    list(): SkillInfo[] {
        return this.scan().map(({body: _body, fields: _fields, ...info}) => info);
    }

    /**
     * A usable skill by name: on in Settings, readable, not hidden, and not switched off where it is asked for
     * (`off`: a conversation's or an assistant's list, where "skill:<name>" switches one off).
     */
    get(name: string, off: readonly string[] = []): Skill | null {
        return this.usable(off).find((s) => s.name === name) ?? null;
    }

    /** The skills the model may use where `off` applies. */
    usable(off: readonly string[] = []): Skill[] {
        return this.scan().filter((s) => s.enabled && !s.problem && !off.includes(skillSwitch(s.name)));
    }

    /** The skills the model may use, as the system prompt lists them: empty when there are none. */
    promptText(off: readonly string[] = [], maxChars = SKILLS_PROMPT_CHARS): string {
        const usable = this.usable(off);
        if (usable.length === 0) return "";
        const head =
            "Skills: instructions for particular tasks, loaded on demand. When a task matches one, call use_skill " +
            "with its name first and follow what it says.";
        const lines: string[] = [];
        let used = head.length;
        for (const skill of usable) {
            const description =
                skill.description.length > LISTED_DESCRIPTION_CHARS
                    ? `${skill.description.slice(0, LISTED_DESCRIPTION_CHARS - 1)}…`
                    : skill.description;
            const line = `- ${skill.name}: ${description}`;
            if (used + line.length + 1 > maxChars) {
                lines.push(
                    `- … and ${usable.length - lines.length} more: use_skill with no name lists them all`,
                );
                break;
            }
            lines.push(line);
            used += line.length + 1;
        }
        return [head, ...lines].join("\n");
    }

    private scan(): Skill[] {
        const off = new Set(this.options.off());
        const seen = new Map<string, Skill>();
        const found: Skill[] = [];
        for (const root of this.options.roots()) {
            for (const folder of skillFolders(root.folder)) {
                const read = this.read(folder);
                const name = typeof read === "string" ? path.basename(folder) : read.name;
                const skill: Skill = {
                    name,
                    description: typeof read === "string" ? "" : read.description,
                    source: root.source,
                    folder,
                    enabled: !off.has(name),
                    fields: typeof read === "string" ? {} : read.fields,
                    body: typeof read === "string" ? "" : read.body,
                    ...(typeof read === "string" ? {problem: read} : {}),
                };
                const first = seen.get(name);
                if (first && !skill.problem)
                    skill.problem = `hidden by the skill of the same name in ${first.folder} (${first.source})`;
                else if (!skill.problem) seen.set(name, skill);
                found.push(skill);
            }
        }
        return found;
    }

    private read(folder: string): SkillFile | string {
        const stat = fs.statSync(path.join(folder, "SKILL.md"), {throwIfNoEntry: false});
        const stamp = stat ? `${stat.size}:${stat.mtimeMs}` : "none";
        const cached = this.cache.get(folder);
        if (cached?.stamp === stamp) return cached.read;
        const read = readSkillFile(folder);
        this.cache.set(folder, {stamp, read});
        return read;
    }
}

/** The skill folders of one place: its folders (not links) that are not hidden, sorted by name. */
function skillFolders(root: string): string[] {
    let entries: fs.Dirent[];
    try {
        entries = fs.readdirSync(root, {withFileTypes: true});
    } catch {
        return [];
    }
    // A skill folder linked in (a checkout of a skills repository) is followed; links inside a skill never are.
    const isFolder = (e: fs.Dirent) =>
        e.isDirectory() ||
        (e.isSymbolicLink() &&
            fs.statSync(path.join(root, e.name), {throwIfNoEntry: false})?.isDirectory() === true);
    return entries
        .filter((e) => !e.name.startsWith(".") && isFolder(e))
        .map((e) => path.join(root, e.name))
        .sort();
}

/** The most of one skill file use_skill reads, and how many of a skill's files it lists. */
export const SKILL_RESOURCE_BYTES = 256 * 1024;
const LISTED_FILES = 200;

/** A skill's files other than SKILL.md (its resources and scripts), as paths from its folder; links left out. */
export function skillFiles(skill: Pick<SkillInfo, "folder">): {name: string; bytes: number}[] {
    const files: {name: string; bytes: number}[] = [];
    const walk = (dir: string, prefix: string) => {
        for (const entry of fs
            .readdirSync(dir, {withFileTypes: true})
            .sort((a, b) => a.name.localeCompare(b.name))) {
            if (files.length >= LISTED_FILES || entry.name.startsWith(".")) continue;
            const name = `${prefix}${entry.name}`;
            if (entry.isDirectory()) walk(path.join(dir, entry.name), `${name}/`);
            else if (entry.isFile() && name !== "SKILL.md")
                files.push({name, bytes: fs.statSync(path.join(dir, entry.name)).size});
        }
    };
    walk(skill.folder, "");
    return files;
}

/**
 * One of a skill's files as text, or why it cannot be read: a path that leaves the skill's folder (by "..",
 * from the root, or through a link) is refused, as are binary and large files.
 */
export function readSkillResource(
    skill: Pick<SkillInfo, "folder" | "name">,
    file: string,
): string | {refused: string} {
    const parts = file.replace(/^\.\//, "").split("/");
    if (path.isAbsolute(file) || parts.some((p) => p === ".." || p === "" || p === "."))
        return {refused: `${file}: not a path inside the skill ${skill.name}`};
    const base = fs.realpathSync(skill.folder);
    let real: string;
    try {
        real = fs.realpathSync(path.join(skill.folder, ...parts));
    } catch {
        return {refused: `${file}: no such file in the skill ${skill.name}`};
    }
    if (!real.startsWith(base + path.sep))
        return {
            refused: `${file}: it leads out of the skill's folder (a link); only the skill's own files are read`,
        };
    const stat = fs.statSync(real);
    if (!stat.isFile()) return {refused: `${file}: not a file`};
    if (stat.size > SKILL_RESOURCE_BYTES) return {refused: `${file}: over ${SKILL_RESOURCE_BYTES / 1024} KB`};
    const data = fs.readFileSync(real);
    if (data.includes(0)) return {refused: `${file}: not a text file`};
    return data.toString("utf8");
}

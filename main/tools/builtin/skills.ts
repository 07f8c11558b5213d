import type {Sandbox} from "../../sandbox/sandbox.js";
import {readScratch, scratchFolder, writeScratch} from "../../sandbox/scratch.js";
import type {SandboxFile} from "../../sandbox/protocol.js";
import {readSkillResource, skillFiles, type Skill, type SkillLibrary} from "../../skills/skills.js";
import {defineTool, type ToolDefinition} from "../defineTool.js";
import {describeRun, timeoutSecondsOf} from "./runCode.js";

/** The tools and skills ("skill:<name>") switched off in a conversation. */
type OffIn = (conversationId: string) => readonly string[];

/**
 * use_skill: a skill's instructions (SKILL.md's body) and the list of its files, or one of its files; with no
 * name, every skill with its whole description. It reads only the skill's own folder.
 */
export function createUseSkill(skills: SkillLibrary, offIn: OffIn): ToolDefinition {
    return defineTool({
        name: "use_skill",
        description:
            "Load a skill's instructions by its name (listed under Skills in the system prompt), or one of its " +
            "files (file: a path the instructions name). With no name: every skill and what it is for.",
        sideEffect: "none",
        offeredWhen: () => skills.usable().length > 0,
        params: {
            type: "object",
            additionalProperties: false,
            properties: {
                name: {type: "string", maxLength: 64},
                file: {type: "string", minLength: 1, maxLength: 500},
            },
        } as const,
        run({name, file}, ctx) {
            const off = offIn(ctx.conversationId);
            if (!name) return {text: catalogue(skills, off)};
            const skill = skills.get(name, off);
            if (!skill) return {text: "", error: unknownSkill(skills, name, off)};
            if (file) {
                const read = readSkillResource(skill, file);
                return typeof read === "string" ? {text: read} : {text: "", error: read.refused};
            }
            return {
                text: instructions(skill),
                data: {skill: skill.name, source: skill.source, folder: skill.folder},
            };
        },
    });
}

/**
 * run_skill_script: runs one of a skill's Python or JavaScript scripts in the sandbox (run_code's), with the
 * skill's files beside it under .skills/<name>/. A script is someone else's code: the person approves each run.
 */
export function createRunSkillScript(
    skills: SkillLibrary,
    sandbox: Sandbox,
    {offIn, chosenSeconds}: {offIn: OffIn; chosenSeconds: () => number | undefined},
): ToolDefinition {
    return defineTool({
        name: "run_skill_script",
        description:
            "Run one of a skill's scripts (a .py or .js file the skill's instructions name) in the code sandbox, " +
            "with arguments. It has no network and none of this computer's files.",
        sideEffect: "exec",
        // Work, as run_code is: agent mode only, each run approved.
        agentOnly: true,
        timeoutMs: 11 * 60_000,
        offeredWhen: () => skills.usable().length > 0,
        params: {
            type: "object",
            additionalProperties: false,
            properties: {
                skill: {type: "string", minLength: 1, maxLength: 64},
                script: {type: "string", minLength: 1, maxLength: 500},
                args: {type: "array", items: {type: "string", maxLength: 10_000}, maxItems: 50},
            },
            required: ["skill", "script"],
        } as const,
        async run({skill: name, script, args = []}, ctx) {
            const off = offIn(ctx.conversationId);
            const skill = skills.get(name, off);
            if (!skill) return {text: "", error: unknownSkill(skills, name, off)};
            const language = script.endsWith(".py") ? "python" : /\.m?js$/.test(script) ? "javascript" : null;
            if (!language)
                return {
                    text: "",
                    error: `${script}: only Python (.py) and JavaScript (.js) scripts run in the sandbox`,
                };
            const source = readSkillResource(skill, script);
            if (typeof source !== "string") return {text: "", error: source.refused};
            const folder = scratchFolder(ctx.dataDir, ctx.conversationId);
            const result = await sandbox.run({
                key: ctx.conversationId || "no-conversation",
                language,
                code: launcher(language, skill.name, script, args, source),
                files: [...readScratch(folder), ...skillFilesFor(skill)],
                timeoutMs: timeoutSecondsOf(ctx.options, chosenSeconds()) * 1000,
                signal: ctx.signal,
            });
            const own = result.files.filter((f) => !f.name.startsWith(".skills/"));
            const {written, refused} = writeScratch(folder, own);
            const text = describeRun(
                {...result, files: own},
                written,
                [...refused, ...result.filesLeftOut],
                [],
            );
            return result.error !== undefined ? {text, error: text, trace: text} : {text};
        },
    });
}

/** The skill's files, as the sandbox sees them: under .skills/<name>/. */
function skillFilesFor(skill: Skill): SandboxFile[] {
    return skillFiles(skill).flatMap(({name}) => {
        const text = readSkillResource(skill, name);
        return typeof text === "string"
            ? [{name: `.skills/${skill.name}/${name}`, data: Buffer.from(text)}]
            : [];
    });
}

/** The program that runs the script as its own main, with its arguments. */
function launcher(
    language: "python" | "javascript",
    skill: string,
    script: string,
    args: string[],
    source: string,
) {
    const file = `.skills/${skill}/${script}`;
    if (language === "python")
        return `import runpy, sys\nsys.argv = ${JSON.stringify([file, ...args])}\nrunpy.run_path(${JSON.stringify(file)}, run_name="__main__")\nNone`;
    return `const args = ${JSON.stringify(args)};\n${source}`;
}

function catalogue(skills: SkillLibrary, off: readonly string[]): string {
    const usable = skills.usable(off);
    if (usable.length === 0) return "No skills are installed or switched on.";
    return usable.map((s) => `${s.name} (${s.source}): ${s.description}`).join("\n\n");
}

function instructions(skill: Skill): string {
    const files = skillFiles(skill);
    const listed =
        files.length > 0
            ? `\n\nFiles of this skill (read one with use_skill and file; run a .py or .js one with run_skill_script):\n${files.map((f) => `- ${f.name}`).join("\n")}`
            : "";
    return `# Skill: ${skill.name}\n\n${skill.body}${listed}`;
}

function unknownSkill(skills: SkillLibrary, name: string, off: readonly string[]): string {
    const known = skills.usable(off).map((s) => s.name);
    return `no skill named ${name}${known.length > 0 ? `; the skills are: ${known.join(", ")}` : "; no skills are installed"}`;
}

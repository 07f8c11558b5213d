// Adding a skill to Cairn's data folder (<data>/skills/<name>) from a folder or a .zip, and removing one. A zip is
// unpacked in a worker with limits (store/unzipWorker.ts); links in a folder are not copied; nothing is kept of
// a skill that is refused.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {unzipInWorker, type ZipLimits} from "../store/unzip.js";
import {readSkillFile} from "./skillFile.js";
import {cairnSkillsFolder, type SkillInfo} from "./skills.js";

export const SKILL_ZIP_LIMITS: ZipLimits = {
    zipBytes: 50 * 1_048_576,
    entryBytes: 20 * 1_048_576,
    totalBytes: 100 * 1_048_576,
    entries: 2_000,
};

/** Adds the skill in `from` (a folder, or a .zip of one); returns its name and folder, or what is wrong. */
export async function addSkill(
    from: string,
    dataDir: string,
): Promise<{name: string; folder: string} | string> {
    const stat = fs.statSync(from, {throwIfNoEntry: false});
    if (!stat) return `${from}: no such file or folder`;
    const root = cairnSkillsFolder(dataDir);
    const staging = path.join(root, `.adding-${crypto.randomBytes(6).toString("hex")}`);
    fs.mkdirSync(staging, {recursive: true});
    try {
        if (stat.isDirectory()) copyWithoutLinks(from, staging);
        else {
            const unzipped = await unzipInWorker(from, staging, SKILL_ZIP_LIMITS, "skill");
            if (!unzipped.ok) return `${path.basename(from)}: ${unzipped.message}`;
        }
        const folder = skillFolderIn(staging);
        if (!folder) return `${path.basename(from)}: no SKILL.md at its top or in its one folder`;
        const skill = readSkillFile(folder);
        if (typeof skill === "string") return `${path.basename(from)}: ${skill}`;
        const target = path.join(root, skill.name);
        fs.rmSync(target, {recursive: true, force: true});
        fs.renameSync(folder, target);
        return {name: skill.name, folder: target};
    } finally {
        fs.rmSync(staging, {recursive: true, force: true});
    }
}

/** Removes a skill Cairn added; true when there was one. */
export function removeSkill(name: string, dataDir: string): boolean {
    if (!/^[a-z0-9-]{1,64}$/.test(name)) return false;
    const folder = path.join(cairnSkillsFolder(dataDir), name);
    if (!fs.existsSync(folder)) return false;
    fs.rmSync(folder, {recursive: true, force: true});
    return true;
}

/** Why a skill cannot be removed: it is one of the user's own folders, or there is none of that name. */
export function whyNotRemoved(name: string, listed: SkillInfo[]): string {
    const elsewhere = listed.find((s) => s.name === name);
    return elsewhere
        ? `the skill ${name} is not Cairn's: it is in ${elsewhere.folder} (${elsewhere.source}); remove that folder yourself, or switch the skill off in Settings`
        : `no skill named ${name} in Cairn's skills folder`;
}

/** The folder holding SKILL.md: the top, else its only folder (a zip of the skill's folder). */
function skillFolderIn(dir: string): string | null {
    if (fs.existsSync(path.join(dir, "SKILL.md"))) return dir;
    const entries = fs.readdirSync(dir, {withFileTypes: true}).filter((e) => !e.name.startsWith("."));
    const only = entries.length === 1 && entries[0]?.isDirectory() ? path.join(dir, entries[0].name) : null;
    return only && fs.existsSync(path.join(only, "SKILL.md")) ? only : null;
}

/** Copies a folder's files and folders; links (which could lead anywhere) are left out. */
function copyWithoutLinks(from: string, to: string): void {
    fs.cpSync(from, to, {
        recursive: true,
        filter: (source) => !fs.lstatSync(source).isSymbolicLink(),
    });
}

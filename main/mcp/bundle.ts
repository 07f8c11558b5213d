// MCP bundles (.mcpb): a zip of a local MCP server with its manifest.json, installed from a file. The archive is
// unpacked in a worker with limits (store/unzipWorker.ts), the manifest checked against the official schema
// (@anthropic-ai/mcpb), the user's settings (user_config) asked for, and the server written into mcp.json as
// any other local server, under the same approvals.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type {vAny} from "@anthropic-ai/mcpb";
import {unzipInWorker, type ZipLimits} from "../store/unzip.js";
import type {BundleSetting} from "../../shared/contract.js";

export type {BundleSetting};

export const BUNDLE_LIMITS: ZipLimits = {
    zipBytes: 200 * 1_048_576,
    entryBytes: 100 * 1_048_576,
    totalBytes: 400 * 1_048_576,
    entries: 20_000,
};
const BUNDLES_DIR = "mcp-bundles";

/** The values given for a bundle's settings, by key (as typed: numbers and booleans are read from text). */
export type SettingValues = Record<string, string>;

export type Installed = {name: string; version: string; entry: Record<string, unknown>; folder: string};

/** Whether a file is a bundle rather than an mcp.json: its name, else the zip's first bytes. */
export function isBundle(file: string): boolean {
    if (file.toLowerCase().endsWith(".mcpb")) return true;
    try {
        const head = Buffer.alloc(4);
        const fd = fs.openSync(file, "r");
        fs.readSync(fd, head, 0, 4, 0);
        fs.closeSync(fd);
        return head.readUInt32LE(0) === 0x04034b50;
    } catch {
        return false;
    }
}

/** What a bundle is before it is installed: its manifest's words and the settings it asks for. */
export type BundleInfo = {
    name: string;
    version: string;
    description: string;
    author: string | null;
    settings: BundleSetting[];
};

/** How a bundle is named in messages (the window's uploads have their own file names), and how a missing
 * setting is asked for (the CLI's --config KEY=…; the window's form field). */
export type BundleWords = {shownAs?: string; ask?: (key: string) => string};

/** A bundle's manifest and settings, read from the file without installing it; or words saying what is wrong. */
export async function readBundle(
    file: string,
    dataDir: string,
    words: BundleWords = {},
): Promise<BundleInfo | string> {
    return withUnpacked(file, dataDir, words, (manifest) => ({
        name: manifest.name,
        version: manifest.version,
        description: manifest.description,
        author: manifest.author.name || null,
        settings: bundleSettings(manifest),
    }));
}

/**
 * Installs a bundle into <data>/mcp-bundles/<name>: unpacked, checked, its settings filled from `values` (and
 * their defaults). Returns the mcp.json entry to add, or words saying what is wrong; nothing is kept then.
 */
export async function installBundle(
    file: string,
    dataDir: string,
    values: SettingValues,
    words: BundleWords = {},
): Promise<Installed | string> {
    return withUnpacked(file, dataDir, words, async (manifest, staging) => {
        const userConfig = settingValues(manifest, values, words.ask ?? ((key) => `--config ${key}=…`));
        if (typeof userConfig === "string") return userConfig;
        const folder = path.join(dataDir, BUNDLES_DIR, manifest.name);
        const {getMcpConfigForManifest} = await mcpb();
        const config = await getMcpConfigForManifest({
            manifest,
            extensionPath: folder,
            systemDirs: systemDirs(),
            userConfig,
            pathSeparator: path.sep,
        });
        if (!config) return `${manifest.name}: its settings could not be applied`;
        fs.rmSync(folder, {recursive: true, force: true});
        fs.renameSync(staging, folder);
        const entry = {
            command: config.command,
            args: config.args ?? [],
            ...(config.env && Object.keys(config.env).length ? {env: config.env} : {}),
            cwd: folder,
            bundle: {name: manifest.name, version: manifest.version},
        };
        return {name: manifest.name, version: manifest.version, entry, folder};
    });
}

/**
 * Unpacks a bundle into a staging folder of <data>/mcp-bundles (in a worker, with limits), checks its manifest
 * and entry point, and gives both to `use`; the staging folder is removed afterwards whatever happened.
 */
async function withUnpacked<T>(
    file: string,
    dataDir: string,
    words: BundleWords,
    use: (manifest: Manifest, staging: string) => T | Promise<T>,
): Promise<T | string> {
    const shown = words.shownAs ?? path.basename(file);
    const staging = path.join(dataDir, BUNDLES_DIR, `.unpacking-${crypto.randomBytes(6).toString("hex")}`);
    fs.mkdirSync(staging, {recursive: true});
    try {
        const unpacked = await unzipInWorker(file, staging, BUNDLE_LIMITS, "bundle");
        if (!unpacked.ok) return `${shown}: ${unpacked.message}`;
        if (!unpacked.names.includes("manifest.json"))
            return `${shown}: the bundle has no manifest.json at its top`;
        const manifest = await readManifest(fs.readFileSync(path.join(staging, "manifest.json"), "utf8"));
        if (typeof manifest === "string") return `${shown}: ${manifest}`;
        const entryPoint = manifest.server.entry_point;
        if (entryPoint && !fs.existsSync(path.join(staging, entryPoint)))
            return `${shown}: its entry point ${entryPoint} is not in the bundle`;
        return await use(manifest, staging);
    } finally {
        fs.rmSync(staging, {recursive: true, force: true});
    }
}

type Manifest = ReturnType<typeof vAny.McpbManifestSchema.parse>;

/**
 * The official bundle library, loaded when a bundle is installed: with its command-line prompts and signing it is
 * about fifty modules, which every start of Cairn and every CLI command loaded before.
 */
const mcpb = () => import("@anthropic-ai/mcpb");

/** The manifest checked against the official schema; a string names the first field that is wrong. */
async function readManifest(text: string): Promise<Manifest | string> {
    let json: unknown;
    try {
        json = JSON.parse(text);
    } catch {
        return "its manifest.json is not JSON";
    }
    const parsed = (await mcpb()).vAny.McpbManifestSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "the manifest";
    return `manifest.json: ${where}: ${issue?.message ?? "is invalid"}`;
}

/** The manifest's settings, as asked for. */
export function bundleSettings(manifest: Manifest): BundleSetting[] {
    return Object.entries(manifest.user_config ?? {}).map(([key, setting]) => ({
        key,
        title: setting.title,
        description: setting.description,
        type: setting.type,
        required: setting.required ?? false,
        sensitive: setting.sensitive ?? false,
        default: setting.default === undefined ? null : [setting.default].flat().join(", "),
    }));
}

/** The values given, typed, and the defaults of the rest; words naming each required one that is missing. */
function settingValues(manifest: Manifest, given: SettingValues, ask: (key: string) => string) {
    const config = manifest.user_config ?? {};
    const unknown = Object.keys(given).filter((key) => !(key in config));
    if (unknown.length)
        return `${manifest.name} has no setting ${unknown.join(", ")} (it has: ${Object.keys(config).join(", ") || "none"})`;
    const values: Record<string, string | number | boolean | string[]> = {};
    const missing: string[] = [];
    for (const [key, setting] of Object.entries(config)) {
        const text = given[key];
        if (text === undefined) {
            if (setting.default !== undefined) values[key] = setting.default;
            else if (setting.required) missing.push(`${ask(key)} (${setting.title}: ${setting.description})`);
            continue;
        }
        if (setting.type === "number") {
            const number = Number(text);
            if (!Number.isFinite(number)) return `${key} is a number, not ${JSON.stringify(text)}`;
            values[key] = number;
        } else if (setting.type === "boolean") values[key] = text === "true";
        else values[key] = text;
    }
    if (missing.length) return `${manifest.name} needs its settings: ${missing.join("; ")}`;
    return values;
}

function systemDirs(): Record<string, string> {
    const home = os.homedir();
    return {
        HOME: home,
        DESKTOP: path.join(home, "Desktop"),
        DOCUMENTS: path.join(home, "Documents"),
        DOWNLOADS: path.join(home, "Downloads"),
    };
}

import os from "node:os";
import path from "node:path";

/** The data directory: an explicit choice, else CAIRN_DATA_DIR, else the OS's per-user data folder. */
export function resolveDataDir(explicit?: string | null, env: NodeJS.ProcessEnv = process.env): string {
    if (explicit) return path.resolve(explicit);
    if (env.CAIRN_DATA_DIR) return path.resolve(env.CAIRN_DATA_DIR);
    return defaultDataDir(process.platform, env);
}

export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
    const home = os.homedir();
    if (platform === "win32") return path.join(env.APPDATA ?? path.join(home, "AppData", "Roaming"), "Cairn");
    if (platform === "darwin") return path.join(home, "Library", "Application Support", "Cairn");
    return path.join(env.XDG_DATA_HOME || path.join(home, ".local", "share"), "cairn");
}

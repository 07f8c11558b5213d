import {randomBytes} from "node:crypto";
import type {SettingsStore} from "../store/settings.js";

/** The local API's key: made once, on first use, and kept in the data directory's settings. */
export function apiKey(settings: SettingsStore): string {
    const existing = settings.get("apiKey");
    if (existing) return existing;
    const key = newApiKey();
    settings.set("apiKey", key);
    return key;
}

export function newApiKey(): string {
    return `cairn-${randomBytes(24).toString("base64url")}`;
}
